package dlx

import (
	"context"
	"errors"
	"math"
	"sync"
	"sync/atomic"
	"time"

	"github.com/coverkit/coverkit/core"
)

// tasksPerWorker is how many more subproblems than workers the parallel
// search aims for, so that uneven subtrees even out.
const tasksPerWorker = 64

// maxSplitDepth bounds the levels the parallel search splits at.
const maxSplitDepth = 12

var errLimitReached = errors.New("dlx: solution limit reached")

// split finds the subproblems of a parallel search: it searches down to a
// depth d, the smallest giving at least target prefixes (or maxSplitDepth),
// and returns the prefixes (each the options chosen from the root, forced
// ones first) flattened with their ends, the solutions found above depth d
// (flattened likewise), and the work done at levels above d.
type split struct {
	tasks, tasksEnd []int
	sols, solsEnd   []int
	res             Result
}

func (s *Solver) split(ctx context.Context, forced []int, maxNodes uint64, target int) split {
	var sp split
	last := -1
	for d := 1; d <= maxSplitDepth; d++ {
		sp = split{}
		s.cut = d
		s.onPrefix = func(prefix []int) {
			sp.tasks = append(sp.tasks, prefix...)
			sp.tasksEnd = append(sp.tasksEnd, len(sp.tasks))
		}
		sp.res = s.runTask(ctx, forced, nil, 0, maxNodes, func(sol []int) bool {
			sp.sols = append(sp.sols, sol...)
			sp.solsEnd = append(sp.solsEnd, len(sp.sols))
			return true
		})
		n := len(sp.tasksEnd)
		if n >= target || n == 0 || n == last || sp.res.Status != core.StatusExhausted {
			break
		}
		last = n
	}
	s.cut, s.onPrefix = -1, nil
	return sp
}

// runTask solves one subproblem of a parallel search. For Algorithm C a
// task is the options chosen from the root, forced ones first; for
// Algorithm M (s.useM) it is the branches taken at each level, replayed
// after forcing forced.
func (s *Solver) runTask(ctx context.Context, forced, task []int, limit, maxNodes uint64, visit func([]int) bool) Result {
	if s.useM {
		return s.solveForcedM(ctx, forced, task, task != nil, limit, maxNodes, visit)
	}
	if task == nil {
		return s.solveForced(ctx, forced, false, limit, maxNodes, visit)
	}
	return s.solveForced(ctx, task, true, limit, maxNodes, visit)
}

// solveParallel splits the search at its top levels into independent
// subproblems (each a list of forced options) and solves them on
// opts.Workers clones of s.
func (s *Solver) solveParallel(parent context.Context, opts *Options) (Result, error) {
	start := time.Now()
	w := opts.Workers
	s.stopAt = 0
	if opts.TakeSingleton {
		s.stopAt = 1
	}
	sp := s.split(parent, opts.Forced, opts.MaxNodes, w*tasksPerWorker)
	res := sp.res
	s.nfirst = -1

	var (
		mu        sync.Mutex
		firstTask int    // the task whose first solution s.first holds
		found     uint64 // solutions reported (with a limit or visitor)
		stopped   bool
		limitHit  bool
	)
	ctx, cancel := context.WithCancelCause(parent)
	defer cancel(nil)
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
			cancel(errLimitReached)
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
		res.Solutions = found
		if limitHit {
			res.Status = core.StatusFound
		}
		res.Stats.Elapsed = time.Since(start)
		return res, nil
	}

	var (
		next      atomic.Int64
		used      atomic.Uint64 // nodes spent, against opts.MaxNodes
		budgetOut atomic.Bool
		wg        sync.WaitGroup
		total     = make([]Result, w)
	)
	used.Store(res.Stats.Nodes)
	var finished atomic.Int64
	if opts.Progress != nil {
		opts.Progress(0, len(sp.tasksEnd))
	}
	visit := report
	if opts.Visit == nil && opts.Limit == 0 {
		visit = nil // plain counting: no lock per solution
	}
	// Clone before any worker starts: workers write s.first.
	clones := make([]*Solver, w)
	for k := range clones {
		clones[k] = s.Clone()
	}
	for k, c := range clones {
		wg.Add(1)
		go func() {
			defer wg.Done()
			var r Result
			for {
				t := int(next.Add(1) - 1)
				if t >= len(sp.tasksEnd) || ctx.Err() != nil {
					break
				}
				var budget uint64
				if opts.MaxNodes != 0 {
					u := used.Load()
					if u >= opts.MaxNodes {
						budgetOut.Store(true)
						break
					}
					budget = opts.MaxNodes - u
				}
				b := 0
				if t > 0 {
					b = sp.tasksEnd[t-1]
				}
				tr := c.runTask(ctx, opts.Forced, sp.tasks[b:sp.tasksEnd[t]], 0, budget, visit)
				used.Add(tr.Stats.Nodes)
				if opts.Progress != nil {
					opts.Progress(int(finished.Add(1)), len(sp.tasksEnd))
				}
				r.Solutions += tr.Solutions
				r.Stats = r.Stats.Add(tr.Stats)
				if tr.Status == core.StatusLimit {
					budgetOut.Store(true)
					break
				}
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
	case parent.Err() != nil:
		res.Status, _ = core.ContextStatus(parent)
	case budgetOut.Load():
		res.Status = core.StatusLimit
	default:
		res.Status = core.StatusExhausted
	}
	if visit != nil && !limitHit {
		res.Solutions = found
	}
	res.Stats.Elapsed = time.Since(start)
	return res, nil
}
