package dlx

import (
	"context"
	"sync"
	"sync/atomic"
	"time"

	"github.com/coverkit/coverkit/core"
)

// Memoized counts on several workers (Algorithm C). The top of the search
// is cut, by the memo's own branching rule, into the subtrees below the
// options chosen at the first d levels (d the least giving Workers ×
// tasksPerWorker of them); the workers count them on clones of the
// Solver, all with one table (sharedTable), each subtree's count stored
// under its key as the sequential search would store it; then the search
// from the root runs on that table, finding every subtree there, and adds
// the counts up. So each subproblem is searched once, by whichever worker
// reserves it first, and the nodes and updates are those of the search on
// one worker, whatever the number of workers, as long as the table holds
// every subproblem: the entry of a subtree is not counted by the worker
// (the search from the root counts it), and a worker that meets a
// subproblem another worker is still searching searches it too, its
// nodes and updates counted apart (MemoStats.Overhead), as is the cut.
// With several workers a full table stops taking entries (no eviction).

// memoPrefixes forces the options in forced, lists the prefixes (the
// options chosen from the root, forced ones first) of the subtrees at the
// least depth giving at least target of them (or maxSplitDepth, or where
// the tree ends), flattened with their ends, counts the solutions above
// that depth, undoes everything, and returns the work done.
func (s *Solver) memoPrefixes(forced []int, branch Branch, target int) (tasks, ends []int, shallow uint64, work core.Stats) {
	n := 0
	for _, k := range forced {
		if !s.fits(k) {
			break
		}
		work.Updates += s.force(k)
		n++
	}
	if n == len(forced) {
		last := -1
		for d := 1; d <= maxSplitDepth; d++ {
			tasks, ends, shallow = tasks[:0], ends[:0], 0
			prefix := append([]int(nil), forced...)
			var walk func(depth int)
			walk = func(depth int) {
				work.Nodes++
				ib, nb := s.ibase, s.nbase
				if itr(ib, 0).next == 0 {
					shallow++
					return
				}
				if depth == d {
					tasks = append(tasks, prefix...)
					ends = append(ends, len(tasks))
					return
				}
				var best int32
				var hr uint32
				if branch == BranchFirst {
					best, hr, _ = chooseFirst(ib)
				} else {
					best, hr, _ = choose(ib, 0)
				}
				if best == 0 {
					return
				}
				work.Updates += s.commitItem(hr)
				for x := nd(nb, hr).down; x != hr; x = nd(nb, x).down {
					work.Updates += s.commitOthers(x)
					prefix = append(prefix, s.option(x))
					walk(depth + 1)
					prefix = prefix[:len(prefix)-1]
					s.uncommitOthers(x)
				}
				s.uncommitItem(hr)
			}
			walk(0)
			if len(ends) >= target || len(ends) == 0 || len(ends) == last {
				break
			}
			last = len(ends)
		}
	} else {
		work.Nodes = 1
	}
	for n--; n >= 0; n-- {
		s.unforce(forced[n])
	}
	return tasks, ends, shallow, work
}

// memoParallel is the memoized count of Algorithm C on opts.Workers
// goroutines, with the given branching rule and table budget; probe is
// work spent before (MemoAuto's), reported with the result.
func (s *Solver) memoParallel(ctx context.Context, opts *Options, budget uint64, branch Branch, probe core.Stats, start time.Time) Result {
	w := opts.Workers
	s.settle()
	s.ensureLevels()
	s.g.reset(ctx, opts.MaxNodes)
	defer s.g.end()
	shared := newSharedTable(s.layout().words, budget)
	tasks, ends, _, cut := s.memoPrefixes(opts.Forced, branch, w*tasksPerWorker)
	over := cut
	if opts.Progress != nil {
		opts.Progress(0, len(ends))
	}
	forks := make([]gauge, w)
	for k := range forks {
		forks[k] = s.g.fork()
	}
	type sum struct {
		stats, over core.Stats
		hits, miss  uint64
	}
	var (
		next     atomic.Int64
		finished atomic.Int64
		wg       sync.WaitGroup
		sums     = make([]sum, w)
		stopped  atomic.Bool
	)
	for k := range w {
		c, err := s.clone(s.g.meter())
		if err != nil {
			stopped.Store(true)
			break
		}
		c.g = forks[k]
		m := c.newMemoRun(budget, branch)
		m.t, m.shared, m.rootFree = nil, shared, true
		wg.Add(1)
		go func() {
			defer wg.Done()
			var r sum
			for {
				t := int(next.Add(1) - 1)
				if t >= len(ends) || c.g.m != nil && c.g.m.Stopped() {
					break
				}
				b := 0
				if t > 0 {
					b = ends[t-1]
				}
				o, _ := c.countMemoTask(tasks[b:ends[t]], true, budget, branch, m)
				r.stats, r.over = r.stats.Add(o.stats), r.over.Add(o.over)
				if opts.Progress != nil {
					opts.Progress(int(finished.Add(1)), len(ends))
				}
				if o.status != core.StatusExhausted {
					stopped.Store(true)
					break
				}
			}
			r.hits, r.miss = m.hits, m.misses
			sums[k] = r
		}()
	}
	wg.Wait()
	res := Result{Stats: core.Stats{}}
	var hits, misses uint64
	for _, r := range sums {
		res.Stats = res.Stats.Add(r.stats)
		over = over.Add(r.over)
		hits, misses = hits+r.hits, misses+r.miss
	}
	// The search from the root, on the workers' table: it finds every
	// subtree there (unless the workers stopped).
	m := s.newMemoRun(budget, branch)
	m.t, m.shared = nil, shared
	m.hits, m.misses = hits, misses
	var o memoOutcome
	if stopped.Load() {
		o = memoOutcome{status: s.g.status()}
		if o.status == core.StatusExhausted {
			o.status = core.StatusCanceled // stopped while copying the solvers
		}
	} else {
		o, _ = s.countMemoTask(opts.Forced, false, budget, branch, m)
	}
	res.Status = o.status
	res.Stats = res.Stats.Add(o.stats)
	over = over.Add(o.over)
	res.setCount(o.count)
	res.Memo = m.stats()
	res.Memo.Virtual = o.virtual
	probe.Elapsed, over.Elapsed = 0, 0
	res.Memo.Probe, res.Memo.Overhead = probe, over
	res.Stats.Elapsed = time.Since(start)
	s.nfirst = -1
	return res
}
