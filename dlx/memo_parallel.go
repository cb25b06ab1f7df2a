package dlx

import (
	"context"
	"math"
	"sync/atomic"
	"time"

	"github.com/coverkit/coverkit/core"
)

// The driver's count with the memo (MethodMemo): a fresh table, one run
// from the root on one worker, or on several for Algorithm C.
//
// On several workers the top of the search is cut, by the memo's own
// branching rule, into the subtrees below the options chosen at the first
// d levels (d the least giving Workers × tasksPerWorker of them: the
// driver's split, made by Algorithm C branching as the memo does); the
// workers count them on clones, all with one table (sharedTable), each
// subtree's count stored under its key as the sequential search would
// store it; then the search from the root runs on that table, finding
// every subtree there, and adds the counts up. So each subproblem is
// searched once, by whichever worker reserves it first, and the nodes and
// updates are those of the search on one worker, whatever the number of
// workers, as long as the table holds every subproblem: the entry of a
// subtree is not counted by the worker (the search from the root counts
// it), and a worker that meets a subproblem another worker is still
// searching searches it too, its nodes and updates counted apart
// (MemoStats.Overhead), as is the cut. With several workers a full table
// stops taking entries (no eviction).

// memoMethod is memoC or memoM.
type memoMethod interface {
	method
	// memo returns the run's table and arrays and its last outcome.
	memo() (*memoRun, memoOutcome)
}

// newMemo returns the memoized count of s's problem with a fresh table.
func (s *Solver) newMemo(budget uint64, branch Branch) memoMethod {
	if s.l.multi {
		return newMemoM(s.l, budget, branch)
	}
	return newMemoC(s.l, budget, branch)
}

// countMemo is Count with MethodMemo.
func (s *Solver) countMemo(ctx context.Context, opts *Options) (Result, error) {
	start := time.Now()
	budget, err := memoBudget(opts)
	if err != nil {
		return Result{}, err
	}
	branch := opts.Branch
	var probe core.Stats
	if branch == BranchAuto && opts.MaxNodes == 0 {
		// A race of the two rules (auto.go): the winner's count, or on
		// several workers the leader's from the root.
		r, done, other, err := s.raceMemo(ctx, opts, budget, opts.Workers > 1)
		if err != nil {
			return Result{}, err
		}
		if done || r.status != core.StatusLimit {
			res := s.memoResult(r.m.(memoMethod), other, start)
			res.Stats = r.stats
			res.Stats.Elapsed = time.Since(start)
			return res, nil
		}
		probe, branch = other.Add(r.stats), r.branch()
	} else if branch == BranchAuto {
		branch = BranchMRV // a node budget: the count by the rule of the enumeration
	}
	return s.memoCount(ctx, opts, budget, branch, probe, start), nil
}

// memoCount is the memoized count from the root with a fresh table, on
// opts.Workers goroutines for Algorithm C, on one otherwise; probe is work
// spent before, reported with the result. Its nodes and updates depend
// only on the instance and the branching rule while the table holds every
// subproblem.
func (s *Solver) memoCount(ctx context.Context, opts *Options, budget uint64, branch Branch, probe core.Stats, start time.Time) Result {
	if opts.Workers > 1 && !s.l.multi {
		return s.memoParallel(ctx, opts, budget, branch, probe, start)
	}
	mm := s.newMemo(budget, branch)
	s.g.reset(ctx, opts.MaxNodes)
	defer s.g.end()
	s.run(mm, opts.Forced, nil, 0, nil)
	return s.memoResult(mm, probe, start)
}

// memoResult turns the last run of mm into a Result, with probe the work
// spent deciding before it.
func (s *Solver) memoResult(mm memoMethod, probe core.Stats, start time.Time) Result {
	m, o := mm.memo()
	res := Result{Status: o.status, Stats: o.stats, Method: MethodMemo}
	res.setCount(o.count)
	res.Memo = m.stats()
	res.Memo.Virtual = o.virtual
	probe.Elapsed = 0
	res.Memo.Probe = probe
	res.Stats.Elapsed = time.Since(start)
	s.rec.nfirst = -1
	return res
}

// memoParallel is the memoized count of Algorithm C on opts.Workers
// goroutines, with the given branching rule and table budget; probe is
// work spent before (MethodAuto's), reported with the result.
func (s *Solver) memoParallel(ctx context.Context, opts *Options, budget uint64, branch Branch, probe core.Stats, start time.Time) Result {
	w := opts.Workers
	s.g.reset(ctx, opts.MaxNodes)
	defer s.g.end()
	shared := newSharedTable(s.l.layout().words, budget)
	// The split: Algorithm C branching as the memo does (the first item
	// with BranchFirst: a dead item further on is met below the cut).
	cutter := newAlgoC(s.l)
	if branch == BranchFirst {
		cutter.stopAt = math.MaxInt32
	}
	sp, _ := s.splitDepth(cutter, opts.Forced, nil, w*tasksPerWorker)
	over := core.Stats{Nodes: sp.res.Stats.Nodes, Updates: sp.res.Stats.Updates}
	ntask := len(sp.tasksEnd)
	if opts.Progress != nil {
		opts.Progress(0, ntask)
	}
	var (
		finished atomic.Int64
		stopped  atomic.Bool
		ws       []*worker
	)
	if sp.res.Status != core.StatusExhausted {
		stopped.Store(true)
	} else if err := s.checkWorkers(cutter, w); err != nil {
		stopped.Store(true)
	} else if ws = s.workers(newMemoC(s.l, budget, branch), &s.g, w); ws == nil {
		stopped.Store(true)
	}
	var stats core.Stats
	var hits, misses uint64
	if ws != nil {
		sums := make([]struct{ stats, over core.Stats }, w)
		for _, wk := range ws {
			m := wk.m.(*memoC)
			m.table()
			m.m.t, m.m.shared, m.m.rootFree = nil, shared, true
		}
		each(ws, ntask, func(wk *worker, t int) bool {
			wk.run(wk.m, opts.Forced, sp.task(t), 0, nil)
			_, o := wk.m.(*memoC).memo()
			r := &sums[wk.k]
			r.stats, r.over = r.stats.Add(o.stats), r.over.Add(o.over)
			done := finished.Add(1)
			if opts.Progress != nil {
				opts.Progress(int(done), ntask)
			}
			if o.status != core.StatusExhausted {
				stopped.Store(true)
				return false
			}
			return true
		})
		for k, r := range sums {
			stats, over = stats.Add(r.stats), over.Add(r.over)
			m, _ := ws[k].m.(*memoC).memo()
			hits, misses = hits+m.hits, misses+m.misses
		}
		if int(finished.Load()) < ntask {
			stopped.Store(true)
		}
	}
	// The search from the root, on the workers' table: it finds every
	// subtree there (unless the workers stopped).
	root := newMemoC(s.l, budget, branch)
	m := root.table()
	m.t, m.shared = nil, shared
	m.hits, m.misses = hits, misses
	if stopped.Load() {
		st := s.g.status()
		if st == core.StatusExhausted {
			st = core.StatusCanceled // stopped while copying the solvers
		}
		root.last = memoOutcome{status: st}
	} else {
		s.run(root, opts.Forced, nil, 0, nil)
	}
	res := s.memoResult(root, probe, start)
	res.Stats = res.Stats.Add(stats)
	over = over.Add(root.last.over)
	over.Elapsed = 0
	res.Memo.Overhead = over
	res.Stats.Elapsed = time.Since(start)
	return res
}
