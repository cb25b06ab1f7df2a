package dlx

import (
	"fmt"
	"math"
	"sync"
	"sync/atomic"
	"time"

	"github.com/coverkit/coverkit/core"
	"github.com/coverkit/coverkit/resource"
)

// tasksPerWorker is how many more subproblems than workers the parallel
// search aims for, so that uneven subtrees even out.
const tasksPerWorker = 64

// maxSplitDepth bounds the levels the parallel search splits at.
const maxSplitDepth = 12

// split holds the subproblems of a parallel search or of Subtrees: the
// prefixes (for Algorithm C the options chosen from the root, forced ones
// first; for Algorithm M the branches taken at each level) flattened with
// their ends, the solutions found above the split depth (flattened
// likewise), and the search above the split depth. at[t] holds the nodes
// and updates the search above the split had counted on reaching prefix
// t, and solTask[j] the number of prefixes reached before solution j: the
// serial search visits the subtrees and those solutions in that order, so
// these give its counters at any solution of a subtree.
type split struct {
	tasks, tasksEnd []int
	sols, solsEnd   []int
	at              []core.Stats
	solTask         []int
	res             Result
}

// splitDepth searches down to a depth d, the smallest giving at least
// target prefixes, or where more depth gives no more (the tree ends), or
// maxSplitDepth, and returns the split there and d. Each depth tried
// searches from the root again, with the gauge's node total as it was:
// only the last depth's nodes and updates are the search's (the rounds
// before it are overhead), and they spend the node budget once.
func (s *Solver) splitDepth(forced []int, target int) (split, int) {
	var sp split
	last, d := -1, 1
	nodes := s.g.nodes
	for ; d <= maxSplitDepth; d++ {
		sp = split{}
		s.cut = d
		s.onPrefix = func(prefix []int, at core.Stats) {
			sp.tasks = append(sp.tasks, prefix...)
			sp.tasksEnd = append(sp.tasksEnd, len(sp.tasks))
			sp.at = append(sp.at, at)
		}
		s.g.nodes = nodes
		sp.res = s.runTask(forced, nil, 0, func(sol []int) bool {
			sp.sols = append(sp.sols, sol...)
			sp.solsEnd = append(sp.solsEnd, len(sp.sols))
			sp.solTask = append(sp.solTask, len(sp.tasksEnd))
			return true
		})
		n := len(sp.tasksEnd)
		if n >= target || n == 0 || n == last || sp.res.Status != core.StatusExhausted || d == maxSplitDepth {
			break
		}
		last = n
	}
	s.cut, s.onPrefix = -1, nil
	return sp, d
}

// runTask solves one subproblem of a split search under the gauge s.g:
// with task nil, the search from the root (forced options forced); else
// the subtree below task, whose prefix is replayed and not counted. For
// Algorithm C a task is the options chosen from the root, forced ones
// first; for Algorithm M (s.useM) it is the branches taken at each level,
// replayed after forcing forced.
func (s *Solver) runTask(forced, task []int, limit uint64, visit func([]int) bool) Result {
	if s.useM {
		return s.solveForcedM(forced, task, task != nil, limit, visit)
	}
	if task == nil {
		return s.solveForced(forced, false, limit, visit)
	}
	return s.solveForced(task, true, limit, visit)
}

// solveParallel splits the search at its top levels into independent
// subproblems and solves them on opts.Workers clones of s, each with a
// fork of one meter: a stop, a Halt (the solution limit reached) or the
// node budget spent stops them all. The split runs on the search's own
// meter; with a node budget the workers then share a meter of what the
// split left of it (a meter's grants not used are lost, so the split's
// would be: the split spends the budget exactly, the workers within it).
func (s *Solver) solveParallel(opts *Options) (Result, error) {
	start := time.Now()
	w := opts.Workers
	if err := resource.Check(fmt.Sprintf("dlx: %d workers' copies of a solver of %d nodes", w, len(s.nodes)),
		resource.Bytes(uint64(w), s.cloneBytes())); err != nil {
		return Result{}, err
	}
	s.stopAt = 0
	if opts.TakeSingleton {
		s.stopAt = 1
	}
	sp, _ := s.splitDepth(opts.Forced, w*tasksPerWorker)
	res := sp.res
	s.nfirst = -1
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
		mu        sync.Mutex
		firstTask int    // the task whose first solution s.first holds
		found     uint64 // solutions reported (with a limit or visitor)
		stopped   bool
		limitHit  bool
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
		if s.nfirst < 0 {
			s.first = append(s.first[:0], sol...)
			s.nfirst = len(sol)
		}
		if opts.Visit != nil && !opts.Visit(sol) || found >= limit {
			stopped, limitHit = true, true
			work.halt(core.StatusFound)
			return false
		}
		return true
	}
	if opts.Limit > 0 && res.Status == core.StatusExhausted {
		return s.listOrdered(opts, sp, res, work, start)
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

	var (
		next     atomic.Int64
		wg       sync.WaitGroup
		total    = make([]Result, w)
		finished atomic.Int64
		complete atomic.Int64 // tasks searched to the end
	)
	if opts.Progress != nil {
		opts.Progress(0, len(sp.tasksEnd))
	}
	visit := report
	if opts.Visit == nil && opts.Limit == 0 {
		visit = nil // plain counting: no lock per solution
	}
	// Clone before any worker starts: workers write s.first.
	clones := s.workerClones(work, w)
	if clones == nil {
		// Stopped while copying: the search above the split is all that
		// was done.
		res.Status = s.g.status()
		res.Stats.Elapsed = time.Since(start)
		return res, nil
	}
	for k, c := range clones {
		wg.Add(1)
		go func() {
			defer wg.Done()
			var r Result
			for {
				t := int(next.Add(1) - 1)
				if t >= len(sp.tasksEnd) || c.g.m.Stopped() {
					break
				}
				b := 0
				if t > 0 {
					b = sp.tasksEnd[t-1]
				}
				tr := c.runTask(opts.Forced, sp.tasks[b:sp.tasksEnd[t]], 0, visit)
				if opts.Progress != nil {
					opts.Progress(int(finished.Add(1)), len(sp.tasksEnd))
				}
				r.Solutions += tr.Solutions
				r.Stats = r.Stats.Add(tr.Stats)
				if tr.Status != core.StatusExhausted {
					break
				}
				complete.Add(1)
				if c.nfirst >= 0 && visit == nil {
					// The first solution in search order (the lowest
					// task's), whichever worker finds its task first, so
					// that First does not depend on the workers' timing.
					mu.Lock()
					if s.nfirst < 0 || t < firstTask {
						s.first = append(s.first[:0], c.First()...)
						s.nfirst = len(s.first)
						firstTask = t
					}
					mu.Unlock()
				}
			}
			// What this worker was granted and did not use goes back to
			// the others.
			c.g.release()
			total[k] = r
		}()
	}
	wg.Wait()
	for _, r := range total {
		res.Solutions += r.Solutions
		res.Stats.Nodes += r.Stats.Nodes
		res.Stats.Updates += r.Stats.Updates
	}
	switch {
	case limitHit:
		res.Status = core.StatusFound
		res.Solutions = found
	case int(complete.Load()) == len(sp.tasksEnd):
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

// listOrdered is solveParallel for a listing with a limit (the first
// solution, or the first K): the workers search the subtrees as before,
// each keeping up to Limit solutions of its subtree, and the solutions
// are passed on in the serial search's order (those above the split
// depth among them), so that the listing, First and the counters are
// those of the serial search: the nodes and updates above the split up to
// the subtree where the listing ended (sp.at), those of the subtrees
// before it, and those of that subtree up to its last solution passed on
// (from its own run when it stopped there, else from a run of it to that
// solution). The work of the subtrees after it is not counted. A search
// stopped otherwise (a timeout, the node budget) reports all the work
// done, as an unordered search does.
func (s *Solver) listOrdered(opts *Options, sp split, res Result, work *gauge, start time.Time) (Result, error) {
	w, limit, ntask := opts.Workers, opts.Limit, len(sp.tasksEnd)
	task := func(t int) []int {
		b := 0
		if t > 0 {
			b = sp.tasksEnd[t-1]
		}
		return sp.tasks[b:sp.tasksEnd[t]]
	}
	type taskOut struct {
		sols, ends []int
		res        Result
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
		if s.nfirst < 0 {
			s.first = append(s.first[:0], sol...)
			s.nfirst = len(sol)
		}
		return (opts.Visit == nil || opts.Visit(sol)) && found < limit
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
			if o.res.Status != core.StatusExhausted {
				broken = true
				return
			}
			sum = sum.Add(o.res.Stats)
			o.sols, o.ends = nil, nil
			emit++
		}
	}
	mu.Lock()
	advance() // the solutions above the split before the first subtree
	mu.Unlock()
	if stopTask == -2 && ntask > 0 {
		s.runOrdered(opts, w, ntask, task, work, &bound, func(t int, sols, ends []int, tr Result) {
			mu.Lock()
			outs[t] = taskOut{sols: sols, ends: ends, res: tr, done: true}
			advance()
			mu.Unlock()
		}, &res)
	}
	mu.Lock()
	advance() // the solutions above the split after the last subtree
	mu.Unlock()
	res.Solutions = found
	switch {
	case stopTask >= 0:
		part, ok := outs[stopTask].res.Stats, outs[stopTask].res.Status == core.StatusFound && outs[stopTask].res.Solutions == stopAt
		if !ok {
			part, ok = s.rerun(opts.Forced, task(stopTask), stopAt)
		}
		if ok {
			at := sp.at[stopTask]
			res.Stats.Nodes, res.Stats.Updates = at.Nodes+sum.Nodes+part.Nodes, at.Updates+sum.Updates+part.Updates
		}
		res.Status = core.StatusFound
	case stopTask == -1:
		if st, ok := s.rerun(opts.Forced, nil, found); ok {
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

// runOrdered runs the subtrees of listOrdered on w clones of s, each
// subtree to at most Limit solutions, and hands each one's solutions and
// result to done as it ends; no subtree after bound (the first that
// reached Limit: the listing ends there or before) is started. The work
// of every subtree run, the ones after the listing's end included, is
// added to res.Stats (what a search stopped short reports).
func (s *Solver) runOrdered(opts *Options, w, ntask int, task func(int) []int, work *gauge, bound *atomic.Int64, done func(t int, sols, ends []int, tr Result), res *Result) {
	var (
		next     atomic.Int64
		finished atomic.Int64
		wg       sync.WaitGroup
		total    = make([]core.Stats, w)
	)
	if opts.Progress != nil {
		opts.Progress(0, ntask)
	}
	clones := s.workerClones(work, w)
	if clones == nil {
		return // stopped while copying: the status is the meter's
	}
	for k, c := range clones {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for {
				t := int(next.Add(1) - 1)
				if t >= ntask || int64(t) > bound.Load() || c.g.m.Stopped() {
					break
				}
				var sols, ends []int
				tr := c.runTask(opts.Forced, task(t), opts.Limit, func(sol []int) bool {
					sols = append(sols, sol...)
					ends = append(ends, len(sols))
					return true
				})
				total[k] = total[k].Add(tr.Stats)
				if opts.Progress != nil {
					opts.Progress(int(finished.Add(1)), ntask)
				}
				done(t, sols, ends, tr)
				if tr.Status == core.StatusFound {
					for b := bound.Load(); int64(t) < b && !bound.CompareAndSwap(b, int64(t)); b = bound.Load() {
					}
					continue
				}
				if tr.Status != core.StatusExhausted {
					break
				}
			}
			c.g.release()
		}()
	}
	wg.Wait()
	for _, st := range total {
		res.Stats.Nodes += st.Nodes
		res.Stats.Updates += st.Updates
	}
}

// rerun searches, on a fresh gauge of s's context, the subtree below task
// (nil: the whole search, forced options forced) to its limit-th
// solution, and returns its counters and whether it reached that
// solution: the counters of the serial search there.
func (s *Solver) rerun(forced, task []int, limit uint64) (core.Stats, bool) {
	c, err := s.clone(nil)
	if err != nil {
		return core.Stats{}, false
	}
	c.g.reset(s.g.ctx, 0)
	r := c.runTask(forced, task, limit, nil)
	return r.Stats, r.Status == core.StatusFound && r.Solutions == limit
}

// workerClones returns w clones of s for the workers of a parallel
// search, each with a fork of work's gauge (all forks share its meter,
// which fork makes if need be), or nil if the meter stopped the copying.
func (s *Solver) workerClones(work *gauge, w int) []*Solver {
	forks := make([]gauge, w)
	for k := range forks {
		forks[k] = work.fork()
	}
	clones := make([]*Solver, w)
	for k := range clones {
		c, err := s.clone(s.g.meter())
		if err != nil {
			return nil
		}
		clones[k] = c
		clones[k].g = forks[k]
	}
	return clones
}
