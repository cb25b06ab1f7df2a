package dlx

import (
	"fmt"
	"math"
	"slices"
	"sync"
	"sync/atomic"
	"time"

	"github.com/coverkit/coverkit/core"
	"github.com/coverkit/coverkit/resource"
)

// The driver's workers: the split of a search into the subtrees below its
// top levels (by the method's own branching: any method that hands its
// prefixes at a cut, see task) and the workers that search them, each on
// its own clone of the method.

// tasksPerWorker is how many more subproblems than workers the parallel
// search aims for, so that uneven subtrees even out.
const tasksPerWorker = 64

// maxSplitDepth bounds the levels the parallel search splits at.
const maxSplitDepth = 12

// split holds the subproblems of a parallel search or of Subtrees: the
// prefixes (in the method's encoding, see task.path) flattened with their
// ends, the solutions found above the split depth (flattened likewise),
// and the search above the split depth. at[t] holds the nodes and updates
// the search above the split had counted on reaching prefix t, and
// solTask[j] the number of prefixes reached before solution j: the serial
// search visits the subtrees and those solutions in that order, so these
// give its counters at any solution of a subtree.
type split struct {
	tasks, tasksEnd []int
	sols, solsEnd   []int
	at              []core.Stats
	solTask         []int
	res             Result
}

// first returns the first solution in the search's order, given the first
// solution of the lowest subtree with one (task t, −1 for none): the
// first solution above the split when the search meets it before that
// subtree, else the subtree's.
func (sp *split) first(t int, f []int) []int {
	if len(sp.solsEnd) > 0 && (t < 0 || sp.solTask[0] <= t) {
		return sp.sols[:sp.solsEnd[0]]
	}
	return f
}

// task returns the prefix of subproblem t.
func (sp *split) task(t int) []int {
	b := 0
	if t > 0 {
		b = sp.tasksEnd[t-1]
	}
	return sp.tasks[b:sp.tasksEnd[t]]
}

// splitDepth searches with m down to a depth d, the smallest giving at
// least target prefixes, or where more depth gives no more (the tree
// ends), or maxSplitDepth, and returns the split there and d. Each depth
// tried searches from the root again, with the gauge's node total as it
// was: only the last depth's nodes and updates are the search's (the
// rounds before it are overhead), and they spend the node budget once.
// With a path (a subproblem of m's encoding, nil for the root) the split
// is of the subtree below it, and its prefixes continue the path.
func (s *Solver) splitDepth(m method, forced, path []int, target int) (split, int) {
	var sp split
	last, d := -1, 1
	nodes := s.g.nodes
	onPrefix := func(prefix []int, at core.Stats) {
		sp.tasks = append(sp.tasks, path...)
		sp.tasks = append(sp.tasks, prefix...)
		sp.tasksEnd = append(sp.tasksEnd, len(sp.tasks))
		sp.at = append(sp.at, at)
	}
	visit := func(sol []int) bool {
		sp.sols = append(sp.sols, sol...)
		sp.solsEnd = append(sp.solsEnd, len(sp.sols))
		sp.solTask = append(sp.solTask, len(sp.tasksEnd))
		return true
	}
	for ; d <= maxSplitDepth; d++ {
		sp = split{}
		s.g.nodes = nodes
		o := s.split(m, forced, path, 0, visit, d, onPrefix)
		sp.res = Result{Status: o.status, Solutions: o.count.lo, Stats: o.stats}
		n := len(sp.tasksEnd)
		if n >= target || n == 0 || n == last || o.status != core.StatusExhausted || d == maxSplitDepth {
			break
		}
		last = n
	}
	return sp, d
}

// worker is a clone of a method on a worker goroutine, with its own
// gauge, record and task.
type worker struct {
	runner
	m method
	k int // its place among the workers
}

// workers returns w workers on clones of m, each with a fork of work's
// gauge (all forks share its meter, which fork makes if need be), or nil
// if the meter stopped the copying.
func (s *Solver) workers(m method, work *gauge, w int) []*worker {
	s.settle()
	forks := make([]gauge, w)
	for k := range forks {
		forks[k] = work.fork()
	}
	ws := make([]*worker, w)
	for k := range ws {
		c, err := m.clone(s.g.meter())
		if err != nil {
			return nil
		}
		ws[k] = &worker{runner: runner{g: forks[k], rec: newRecord(s.l.levelsM())}, m: c, k: k}
	}
	return ws
}

// checkWorkers asks the resource policy for w clones of m.
func (s *Solver) checkWorkers(m method, w int) error {
	return resource.Check(fmt.Sprintf("dlx: %d workers' copies of a solver of %d nodes", w, len(s.l.nodes)),
		resource.Bytes(uint64(w), m.cloneBytes()))
}

// each runs job(w, t) for subproblems t = 0, 1, … n−1 on the workers, each
// taking the next one left, until a job returns false or the worker's
// meter stops, and returns when all are done. A worker then gives back the
// part of its grant of the node budget it did not use.
func each(ws []*worker, n int, job func(w *worker, t int) bool) {
	var (
		next atomic.Int64
		wg   sync.WaitGroup
	)
	for _, w := range ws {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for {
				t := int(next.Add(1) - 1)
				if t >= n || w.g.m.Stopped() || !job(w, t) {
					break
				}
			}
			w.g.release()
		}()
	}
	wg.Wait()
}

// parallel splits the search of m at its top levels into independent
// subproblems and solves them on opts.Workers clones of m, each with a
// fork of one meter: a stop, a Halt (the solution limit reached) or the
// node budget spent stops them all. The split runs on the search's own
// meter; with a node budget the workers then share a meter of what the
// split left of it (a meter's grants not used are lost, so the split's
// would be: the split spends the budget exactly, the workers within it).
func (s *Solver) parallel(m method, opts *Options) (Result, error) {
	start := time.Now()
	w := opts.Workers
	if err := s.checkWorkers(m, w); err != nil {
		return Result{}, err
	}
	sp, _ := s.splitDepth(m, opts.Forced, nil, w*tasksPerWorker)
	res := sp.res
	s.rec.nfirst = -1
	// The workers' gauge: s.g's, or with a budget one whose meter holds
	// what the split left of it, which its forks draw in small grants.
	work := &s.g
	var left gauge
	if s.g.budget && res.Status == core.StatusExhausted {
		if res.Stats.Nodes >= s.g.max {
			// The budget is spent, and the subtrees not searched.
			res.Status = core.StatusLimit
		} else {
			left.reset(s.g.ctx, s.g.max-res.Stats.Nodes)
			work = &left
		}
	}

	var (
		mu       sync.Mutex
		found    uint64 // solutions reported (with a limit or visitor)
		stopped  bool
		limitHit bool
	)
	limit := opts.Limit
	if limit == 0 {
		limit = math.MaxUint64
	}
	// report passes a solution to the visitor under the lock and tells
	// whether the search goes on.
	report := func(sol []int) bool {
		mu.Lock()
		defer mu.Unlock()
		if stopped {
			return false
		}
		found++
		if !s.rec.found(sol, opts.Visit) || found >= limit {
			stopped, limitHit = true, true
			work.halt(core.StatusFound)
			return false
		}
		return true
	}
	if opts.Limit > 0 && res.Status == core.StatusExhausted {
		return s.listOrdered(m, opts, sp, res, work, start)
	}
	// Solutions above the split depth come first.
	begin := 0
	for _, end := range sp.solsEnd {
		if !report(sp.sols[begin:end]) {
			break
		}
		begin = end
	}
	res.Solutions = found
	if res.Status != core.StatusExhausted || stopped {
		if limitHit {
			res.Status = core.StatusFound
		}
		res.Stats.Elapsed = time.Since(start)
		return res, nil
	}

	visit := report
	if opts.Visit == nil && opts.Limit == 0 {
		visit = nil // plain counting: no lock per solution
	}
	sum, complete, firstTask, first, ok := s.searchTasks(m, opts, &sp, work, visit)
	if visit == nil {
		// A count: its first solution in the search's order.
		s.rec.nfirst = -1
		if f := sp.first(firstTask, first); f != nil {
			s.rec.keepFirst(f)
		}
	}
	if !ok {
		// Stopped while copying: the search above the split is all that
		// was done.
		res.Status = s.g.status()
		res.Stats.Elapsed = time.Since(start)
		return res, nil
	}
	res.Solutions += sum.Solutions
	res.Stats.Nodes += sum.Stats.Nodes
	res.Stats.Updates += sum.Stats.Updates
	switch {
	case limitHit:
		res.Status = core.StatusFound
		res.Solutions = found
	case complete == len(sp.tasksEnd):
		// Every subtree was searched to its end, whatever came after.
		res.Status = core.StatusExhausted
	default:
		res.Status = work.status() // a halt, or a worker found the budget spent
	}
	if visit != nil && !limitHit {
		res.Solutions = found
	}
	res.Stats.Elapsed = time.Since(start)
	return res, nil
}

// searchTasks searches the subtrees of sp with clones of m on
// opts.Workers workers of the gauge work, passing their solutions to visit
// (nil: a count); it returns their counts and counters summed, how many
// subtrees were searched to their end, and for a count the lowest subtree
// with a solution and its first solution (whichever worker finds it, so
// that First does not depend on the workers' timing), or false when the
// meter stopped the copying of the method.
func (s *Solver) searchTasks(m method, opts *Options, sp *split, work *gauge, visit func([]int) bool) (sum Result, complete, firstTask int, first []int, ok bool) {
	ntask := len(sp.tasksEnd)
	var (
		mu       sync.Mutex
		finished atomic.Int64
		done     atomic.Int64 // subtrees searched to the end
		total    = make([]Result, opts.Workers)
	)
	firstTask = -1
	if opts.Progress != nil {
		opts.Progress(0, ntask)
	}
	ws := s.workers(m, work, opts.Workers)
	if ws == nil {
		return Result{}, 0, -1, nil, false
	}
	each(ws, ntask, func(wk *worker, t int) bool {
		o := wk.run(wk.m, opts.Forced, sp.task(t), 0, visit)
		if opts.Progress != nil {
			opts.Progress(int(finished.Add(1)), ntask)
		}
		r := &total[wk.k]
		r.Solutions += o.count.lo
		r.Stats = r.Stats.Add(o.stats)
		if o.status != core.StatusExhausted {
			return false
		}
		done.Add(1)
		if f := wk.rec.First(); f != nil && visit == nil {
			mu.Lock()
			if firstTask < 0 || t < firstTask {
				firstTask, first = t, slices.Clone(f)
			}
			mu.Unlock()
		}
		return true
	})
	for _, r := range total {
		sum.Solutions += r.Solutions
		sum.Stats.Nodes += r.Stats.Nodes
		sum.Stats.Updates += r.Stats.Updates
	}
	return sum, int(done.Load()), firstTask, first, true
}

// listOrdered is parallel for a listing with a limit (the first solution,
// or the first K): the workers search the subtrees as before, each
// keeping up to Limit solutions of its subtree, and the solutions are
// passed on in the serial search's order (those above the split depth
// among them), so that the listing, First and the counters are those of
// the serial search: the nodes and updates above the split up to the
// subtree where the listing ended (sp.at), those of the subtrees before
// it, and those of that subtree up to its last solution passed on (from
// its own run when it stopped there, else from a run of it to that
// solution). The work of the subtrees after it is not counted. A search
// stopped otherwise (a timeout, the node budget) reports all the work
// done, as an unordered search does.
func (s *Solver) listOrdered(m method, opts *Options, sp split, res Result, work *gauge, start time.Time) (Result, error) {
	limit, ntask := opts.Limit, len(sp.tasksEnd)
	type taskOut struct {
		sols, ends []int
		res        outcome
		done       bool
	}
	outs := make([]taskOut, ntask)
	var (
		mu       sync.Mutex
		emit     int        // the next subtree to pass on
		nextSol  int        // the next solution above the split to pass on
		found    uint64     // solutions passed on
		stopTask = -2       // where the listing ended: a subtree, −1 a solution above the split, −2 not (yet)
		stopAt   uint64     // solutions of that subtree passed on
		broken   bool       // a subtree stopped short: nothing after it is in order
		sum      core.Stats // the subtrees passed on in full
		bound    atomic.Int64
	)
	bound.Store(int64(ntask))
	give := func(sol []int) bool {
		found++
		return s.rec.found(sol, opts.Visit) && found < limit
	}
	// advance passes on, under mu, what has come in order.
	advance := func() {
		for stopTask == -2 && !broken {
			for nextSol < len(sp.solsEnd) && sp.solTask[nextSol] <= emit {
				b := 0
				if nextSol > 0 {
					b = sp.solsEnd[nextSol-1]
				}
				j := nextSol
				nextSol++
				if !give(sp.sols[b:sp.solsEnd[j]]) {
					stopTask = -1
					work.halt(core.StatusFound)
					return
				}
			}
			if emit == ntask || !outs[emit].done {
				return
			}
			o := &outs[emit]
			b := 0
			for i, e := range o.ends {
				if !give(o.sols[b:e]) {
					stopTask, stopAt = emit, uint64(i+1)
					work.halt(core.StatusFound)
					return
				}
				b = e
			}
			if o.res.status != core.StatusExhausted {
				broken = true
				return
			}
			sum = sum.Add(o.res.stats)
			o.sols, o.ends = nil, nil
			emit++
		}
	}
	mu.Lock()
	advance() // the solutions above the split before the first subtree
	mu.Unlock()
	if stopTask == -2 && ntask > 0 {
		res.Stats = res.Stats.Add(s.runOrdered(m, opts, sp, work, &bound, func(t int, sols, ends []int, o outcome) {
			mu.Lock()
			outs[t] = taskOut{sols: sols, ends: ends, res: o, done: true}
			advance()
			mu.Unlock()
		}))
	}
	mu.Lock()
	advance() // the solutions above the split after the last subtree
	mu.Unlock()
	res.Solutions = found
	switch {
	case stopTask >= 0:
		part, ok := outs[stopTask].res.stats, outs[stopTask].res.status == core.StatusFound && outs[stopTask].res.count.lo == stopAt
		if !ok {
			part, ok = s.rerun(m, opts.Forced, sp.task(stopTask), stopAt)
		}
		if ok {
			at := sp.at[stopTask]
			res.Stats.Nodes, res.Stats.Updates = at.Nodes+sum.Nodes+part.Nodes, at.Updates+sum.Updates+part.Updates
		}
		res.Status = core.StatusFound
	case stopTask == -1:
		if st, ok := s.rerun(m, opts.Forced, nil, found); ok {
			res.Stats.Nodes, res.Stats.Updates = st.Nodes, st.Updates
		}
		res.Status = core.StatusFound
	case !broken && emit == ntask:
		res.Stats.Nodes, res.Stats.Updates = sp.res.Stats.Nodes+sum.Nodes, sp.res.Stats.Updates+sum.Updates
		res.Status = core.StatusExhausted
	default:
		res.Status = work.status() // a stop, or a worker found the budget spent
	}
	res.Stats.Elapsed = time.Since(start)
	return res, nil
}

// runOrdered runs the subtrees of listOrdered on the workers, each
// subtree to at most Limit solutions, and hands each one's solutions and
// outcome to done as it ends; no subtree after bound (the first that
// reached Limit: the listing ends there or before) is started. It returns
// the work of every subtree run, the ones after the listing's end
// included (what a search stopped short reports).
func (s *Solver) runOrdered(m method, opts *Options, sp split, work *gauge, bound *atomic.Int64, done func(t int, sols, ends []int, o outcome)) core.Stats {
	ntask := len(sp.tasksEnd)
	var finished atomic.Int64
	if opts.Progress != nil {
		opts.Progress(0, ntask)
	}
	ws := s.workers(m, work, opts.Workers)
	if ws == nil {
		return core.Stats{} // stopped while copying: the status is the meter's
	}
	total := make([]core.Stats, len(ws))
	each(ws, ntask, func(wk *worker, t int) bool {
		if int64(t) > bound.Load() {
			return false
		}
		var sols, ends []int
		o := wk.run(wk.m, opts.Forced, sp.task(t), opts.Limit, func(sol []int) bool {
			sols = append(sols, sol...)
			ends = append(ends, len(sols))
			return true
		})
		total[wk.k] = total[wk.k].Add(o.stats)
		if opts.Progress != nil {
			opts.Progress(int(finished.Add(1)), ntask)
		}
		done(t, sols, ends, o)
		if o.status == core.StatusFound {
			for b := bound.Load(); int64(t) < b && !bound.CompareAndSwap(b, int64(t)); b = bound.Load() {
			}
			return true
		}
		return o.status == core.StatusExhausted
	})
	var sum core.Stats
	for _, st := range total {
		sum.Nodes += st.Nodes
		sum.Updates += st.Updates
	}
	return sum
}

// rerun searches with a clone of m, on a fresh gauge of s's context, the
// subtree below task (nil: the whole search, forced options forced) to
// its limit-th solution, and returns its counters and whether it reached
// that solution: the counters of the serial search there.
func (s *Solver) rerun(m method, forced, task []int, limit uint64) (core.Stats, bool) {
	s.settle()
	c, err := m.clone(nil)
	if err != nil {
		return core.Stats{}, false
	}
	r := runner{rec: newRecord(s.l.levelsM())}
	r.g.reset(s.g.ctx, 0)
	o := r.run(c, forced, task, limit, nil)
	return o.stats, o.status == core.StatusFound && o.count.lo == limit
}

// goOn finishes on opts.Workers workers the count that c (Algorithm C on
// s's arrays) parked: the subproblems it has left (remainder), each split
// below its path as parallel splits the root, their subtrees searched by
// the workers; raced holds the count and counters of the part searched
// before, to which theirs are added, so that the Result is that of one
// search.
func (s *Solver) goOn(c *algoC, opts *Options, raced Result) Result {
	raceFirst := slices.Clone(s.rec.First())
	rests := c.remainder()
	w := opts.Workers
	res := raced
	var (
		all      split // the subtrees of every rest, and the solutions above them, in the search's order
		per      = max(w*tasksPerWorker/len(rests), 1)
		complete = true
	)
	for _, r := range rests {
		sp, _ := s.splitDepth(c, opts.Forced, r.path, per)
		res.Stats = res.Stats.Add(sp.res.Stats)
		res.Stats.Updates += r.updates
		res.Solutions += uint64(len(sp.solsEnd))
		if sp.res.Status != core.StatusExhausted {
			res.Status, complete = sp.res.Status, false
			break
		}
		offset := len(all.tasksEnd)
		for j := range sp.solsEnd {
			b := 0
			if j > 0 {
				b = sp.solsEnd[j-1]
			}
			all.sols = append(all.sols, sp.sols[b:sp.solsEnd[j]]...)
			all.solsEnd = append(all.solsEnd, len(all.sols))
			all.solTask = append(all.solTask, offset+sp.solTask[j])
		}
		for t := range sp.tasksEnd {
			all.tasks = append(all.tasks, sp.task(t)...)
			all.tasksEnd = append(all.tasksEnd, len(all.tasks))
		}
	}
	firstTask, first := -1, []int(nil)
	if ntask := len(all.tasksEnd); complete && ntask > 0 {
		sum, done, ft, f, ok := s.searchTasks(c, opts, &all, &s.g, nil)
		firstTask, first = ft, f
		res.Solutions += sum.Solutions
		res.Stats.Nodes += sum.Stats.Nodes
		res.Stats.Updates += sum.Stats.Updates
		if !ok || done != ntask {
			if res.Status = s.g.status(); res.Status == core.StatusExhausted {
				res.Status = core.StatusCanceled // stopped while copying
			}
		}
	}
	// The first solution in the search's order: the race's, if it found
	// one, else the first after where it stopped.
	s.rec.nfirst = -1
	if raceFirst == nil {
		raceFirst = all.first(firstTask, first)
	}
	if raceFirst != nil {
		s.rec.keepFirst(raceFirst)
	}
	return res
}
