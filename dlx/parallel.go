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
// likewise), and the search above the split depth.
type split struct {
	tasks, tasksEnd []int
	sols, solsEnd   []int
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
		s.onPrefix = func(prefix []int) {
			sp.tasks = append(sp.tasks, prefix...)
			sp.tasksEnd = append(sp.tasksEnd, len(sp.tasks))
		}
		s.g.nodes = nodes
		sp.res = s.runTask(forced, nil, 0, func(sol []int) bool {
			sp.sols = append(sp.sols, sol...)
			sp.solsEnd = append(sp.solsEnd, len(sp.sols))
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
	// Every fork shares the meter of work, which fork makes if need be.
	forks := make([]gauge, w)
	for k := range forks {
		forks[k] = work.fork()
	}
	// Clone before any worker starts: workers write s.first.
	clones := make([]*Solver, w)
	for k := range clones {
		c, err := s.clone(s.g.meter())
		if err != nil {
			// Stopped while copying: the search above the split is all
			// that was done.
			res.Status = s.g.status()
			res.Stats.Elapsed = time.Since(start)
			return res, nil
		}
		clones[k] = c
		clones[k].g = forks[k]
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
