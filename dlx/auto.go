package dlx

import (
	"context"
	"math/big"
	"slices"
	"sync/atomic"
	"time"

	"github.com/coverkit/coverkit/core"
)

// How MethodAuto and BranchAuto decide.
//
// A sample is a memoized count cut short after autoSampleNodes nodes. Its
// virtual nodes (memoOutcome.virtual: the nodes the plain search visits in
// the part of the tree the sample covered) over the nodes it searched say
// how much work the memo saves: about 1 on Langford pairings, N-Queens and
// pentominoes, where subproblems rarely repeat; tens to millions on
// dominoes, matchings and L-trominoes after 4,096 nodes. A memo node costs
// about two to four plain nodes, so the memo goes on only from a ratio of
// autoMinSaving. Two branching rules are compared by the solutions each
// sample counted per node (the same total is being approached from both
// sides), or by the ratio when neither counted any.
const (
	// autoPlainNodes: a count the plain search finishes within this many
	// nodes is answered by it, as MemoOff would.
	autoPlainNodes = 1 << 12
	// autoTasks: the subtrees an exact cover count without multiplicities
	// is split into, for the sample to be taken in the first ones and
	// their counts kept (more of them cost more to start, each).
	autoTasks = 64
	// autoSampleNodes: the nodes of each memo sample.
	autoSampleNodes = 1 << 12
	// autoMinSaving: the least virtual nodes per node searched for the
	// memo to go on.
	autoMinSaving = 4
)

// sampled is a sample's method (its table) and outcome.
type sampled struct {
	o    memoOutcome
	m    memoMethod
	done bool // the sample finished the count
}

// branch returns the sample's branching rule.
func (x sampled) branch() Branch {
	r, _ := x.m.memo()
	return r.branch
}

// runSample runs mm on the subproblem of forced and path for at most n
// nodes (0: no bound) under ctx.
func (s *Solver) runSample(ctx context.Context, mm memoMethod, forced, path []int, n uint64) sampled {
	s.g.reset(ctx, n)
	defer s.g.end()
	s.run(mm, forced, path, 0, nil)
	_, o := mm.memo()
	return sampled{o: o, m: mm, done: o.status != core.StatusLimit}
}

// saving returns the sample's virtual nodes per node searched.
func (x sampled) saving() float64 {
	return float64(x.o.virtual) / float64(max(x.o.stats.Nodes, 1))
}

// rate returns the solutions the sample counted per node searched.
func (x sampled) rate() float64 {
	f, _ := new(big.Float).SetInt(x.o.count.toBig()).Float64()
	return f / float64(max(x.o.stats.Nodes, 1))
}

// sample runs the memoized count with the given branching for at most n
// nodes on a fresh table.
func (s *Solver) sampleMemo(ctx context.Context, forced []int, n, budget uint64, branch Branch) sampled {
	return s.runSample(ctx, s.newMemo(budget, branch), forced, nil, n)
}

// pickBranch samples both branching rules with at most n nodes each and
// returns the better sample (see above) and the work of the other one.
func (s *Solver) pickBranch(ctx context.Context, forced []int, n, budget uint64) (best sampled, other core.Stats) {
	first := s.sampleMemo(ctx, forced, n, budget, BranchFirst)
	if first.done {
		return first, core.Stats{}
	}
	mrv := s.sampleMemo(ctx, forced, n, budget, BranchMRV)
	if mrv.done {
		return mrv, first.o.stats
	}
	rf, rm := first.rate(), mrv.rate()
	if rf > rm || rf == rm && first.saving() > mrv.saving() {
		return first, mrv.o.stats
	}
	return mrv, first.o.stats
}

// auto is Count with MethodAuto: the plain search first, cut short after
// autoPlainNodes nodes; then a memo sample (of each rule, with
// BranchAuto); then, if the sample saves enough, the memo on the sample's
// table, else the plain search, with the work spent deciding in
// res.Memo.Probe.
func (s *Solver) auto(ctx context.Context, opts *Options) (Result, error) {
	start := time.Now()
	cut := uint64(autoPlainNodes)
	if opts.MaxNodes != 0 && opts.MaxNodes <= cut {
		return s.enumerate(ctx, opts) // the plain search answers within its budget either way
	}
	plain := s.enumerator(opts)
	s.g.reset(ctx, cut)
	o := s.run(plain, opts.Forced, nil, 0, nil)
	s.g.end()
	if o.status != core.StatusLimit {
		r := Result{Status: o.status, Solutions: o.count.lo, Stats: o.stats, Count: core.CountOf(o.count.lo), Method: MethodLinks}
		r.Stats.Elapsed = time.Since(start)
		return r, nil
	}
	probe := o.stats
	// The budget only now: reading the memory limits costs more than a
	// small count.
	budget, err := memoBudget(opts)
	if err != nil {
		return Result{}, err
	}
	if !s.l.multi {
		return s.autoSplit(ctx, opts, budget, start, probe), nil
	}
	n := uint64(autoSampleNodes)
	var x sampled
	if opts.Branch == BranchAuto {
		var other core.Stats
		x, other = s.pickBranch(ctx, opts.Forced, n, budget)
		probe = probe.Add(other)
	} else {
		x = s.sampleMemo(ctx, opts.Forced, n, budget, opts.Branch)
	}
	if x.done {
		return s.memoResult(x.m, probe, start), nil
	}
	probe = probe.Add(x.o.stats)
	probe.Elapsed = 0
	if st := x.o.status; st == core.StatusTimeout || st == core.StatusCanceled {
		// Stopped while sampling: the sample's partial count is the answer.
		return s.memoResult(x.m, probe, start), nil
	}
	if x.saving() < autoMinSaving {
		mr, _ := x.m.memo()
		st := mr.stats()
		st.Used = false
		st.Virtual = x.o.virtual
		st.Saving = x.saving()
		st.Probe = probe
		res, err := s.enumerate(ctx, opts)
		res.Memo = st
		return res, err
	}
	// The memo from the root (the sample's work is the probe's).
	saving := x.saving()
	res := s.memoCount(ctx, opts, budget, x.branch(), probe, start)
	res.Memo.Saving = saving
	return res, nil
}

// leftOf returns the node budget left of max after used nodes (0: none),
// and false when it is spent.
func leftOf(max, used uint64) (uint64, bool) {
	switch {
	case max == 0:
		return 0, true
	case used >= max:
		return 0, false
	}
	return max - used, true
}

// autoSplit is solveAuto for exact cover with colors (Algorithm C), past
// the plain search cut short: it splits the tree at its top levels into
// about autoTasks subtrees (as Subtrees does), samples the memo on the
// first ones, keeping their counts, until autoSampleNodes nodes, and
// counts the others with the plain search if the sample saved too little:
// only a sample cut short within a subtree is discarded then (with the
// plain search cut short, into Memo.Probe), so the decision costs little
// where the memo does not pay. If the sample saved enough, the memo counts
// the whole tree from the root with a fresh table (memoCount: its
// counters are then those of --algo memo on any number of workers), the
// work above put in Memo.Probe.
func (s *Solver) autoSplit(ctx context.Context, opts *Options, budget uint64, start time.Time, probe core.Stats) Result {
	plain := s.enumerator(opts)
	s.g.reset(ctx, opts.MaxNodes)
	sp, _ := s.splitDepth(plain, opts.Forced, autoTasks)
	s.g.end()
	total := count{lo: uint64(len(sp.solsEnd))}
	res := Result{Status: sp.res.Status, Stats: core.Stats{Nodes: sp.res.Stats.Nodes, Updates: sp.res.Stats.Updates}}
	var (
		m          memoMethod
		firstTask  = -1   // the first sampled subtree with a solution
		first      []int  // the first solution a plain subtree found
		decided    int    // 0 while sampling, +1 memo, −1 plain
		sn, sv     uint64 // the sample's nodes and virtual nodes
		branch     = opts.Branch
		tasks      = sp.tasksEnd
		b          int
		sampleMemo *MemoStats
		from       = len(sp.tasksEnd) // the first subtree left to the workers
	)
	virtual := res.Stats.Nodes // the tree the count stood for
	add := func(c count, st core.Stats, v uint64) {
		total = total.add(c)
		res.Stats = res.Stats.Add(st)
		virtual = addSat(virtual, v)
	}
	decide := func(nodes, virtual uint64) {
		decided = -1
		if float64(virtual) >= autoMinSaving*float64(max(nodes, 1)) {
			decided = 1
		}
	}
	for j := 0; j < len(tasks) && res.Status == core.StatusExhausted; j++ {
		task := sp.tasks[b:tasks[j]]
		b = tasks[j]
		left, ok := leftOf(opts.MaxNodes, res.Stats.Nodes)
		if !ok {
			res.Status = core.StatusLimit
			break
		}
		if decided == 0 {
			n := uint64(autoSampleNodes) - sn
			if left != 0 {
				n = min(n, left)
			}
			var x sampled
			switch {
			case m == nil && branch == BranchAuto:
				var other core.Stats
				x, other = s.pickTask(ctx, opts.Forced, task, n, budget)
				probe = probe.Add(other)
			case m == nil:
				x = s.runSample(ctx, s.newMemo(budget, branch), opts.Forced, task, n)
			default:
				x = s.runSample(ctx, m, opts.Forced, task, n)
			}
			m, branch = x.m, x.branch()
			if st := x.o.status; st != core.StatusExhausted && st != core.StatusLimit {
				add(x.o.count, x.o.stats, x.o.virtual) // stopped: the partial count is the answer
				res.Status = st
				break
			}
			if x.done {
				add(x.o.count, x.o.stats, x.o.virtual)
				if firstTask < 0 && !x.o.count.isZero() {
					firstTask = j
				}
				sn, sv = sn+x.o.stats.Nodes, addSat(sv, x.o.virtual)
				if sn >= autoSampleNodes {
					decide(sn, sv)
				}
				continue
			}
			// The sample ran out inside this subtree: decide, and count
			// the subtree again as decided (the memo on the sample's
			// table, which keeps what it finished).
			probe = probe.Add(x.o.stats)
			decide(sn+x.o.stats.Nodes, addSat(sv, x.o.virtual))
			sn, sv = sn+x.o.stats.Nodes, addSat(sv, x.o.virtual)
			if left, ok = leftOf(opts.MaxNodes, res.Stats.Nodes); !ok {
				res.Status = core.StatusLimit
				break
			}
		}
		if decided > 0 || opts.Workers > 1 {
			from = j
			break
		}
		if sampleMemo == nil && m != nil {
			mr, _ := m.memo()
			sampleMemo = mr.stats()
		}
		s.g.reset(ctx, left)
		o := s.run(plain, opts.Forced, task, 0, nil)
		s.g.end()
		add(o.count, o.stats, o.stats.Nodes)
		res.Status = o.status
		if first == nil && o.count.lo > 0 {
			first = slices.Clone(s.First())
		}
	}
	if decided > 0 && res.Status == core.StatusExhausted {
		// The memo counts from the root, by its own branching rule all
		// the way (the split branched by the fewest options); what was
		// done above is the probe's.
		probe = probe.Add(res.Stats)
		probe.Elapsed = 0
		res = s.memoCount(ctx, opts, budget, branch, probe, start)
		res.Memo.Saving = float64(sv) / float64(max(sn, 1))
		return res
	}
	if decided < 0 && opts.Workers > 1 && res.Status == core.StatusExhausted {
		// The plain search counts the other subtrees on the workers.
		mr, _ := m.memo()
		sampleMemo = mr.stats()
		left, _ := leftOf(opts.MaxNodes, res.Stats.Nodes)
		c, st, status, f := s.plainTasks(ctx, plain, opts, left, sp, from)
		total = total.add(c)
		res.Stats = res.Stats.Add(st)
		virtual = addSat(virtual, st.Nodes)
		res.Status = status
		if first == nil {
			first = f
		}
	}
	res.setCount(total)
	if decided == 0 && sn > 0 {
		decide(sn, sv) // the whole count was the sample
	}
	// The first solution in search order: above the split, or in the
	// first subtree with one, which a plain search to its first solution
	// finds again if the memo counted it.
	switch {
	case len(sp.solsEnd) > 0:
		first = sp.sols[:sp.solsEnd[0]]
	case firstTask >= 0:
		s.g.reset(ctx, 0)
		if o := s.run(plain, opts.Forced, sp.task(firstTask), 1, nil); o.count.lo > 0 {
			first = slices.Clone(s.First())
			probe = probe.Add(o.stats)
		}
		s.g.end()
	}
	s.rec.nfirst = -1
	if first != nil {
		s.rec.keepFirst(first)
	}
	switch {
	case m == nil:
		res.Memo = &MemoStats{Branch: branch}
	case sampleMemo != nil:
		res.Memo = sampleMemo
	default:
		mr, _ := m.memo()
		res.Memo = mr.stats()
	}
	res.Memo.Used = decided > 0
	res.Memo.Virtual = virtual
	res.Memo.Saving = float64(sv) / float64(max(sn, 1))
	probe.Elapsed = 0
	res.Memo.Probe = probe
	res.Method = MethodLinks
	res.Stats.Elapsed = time.Since(start)
	return res
}

// pickTask samples both branching rules on the subtree below task with at
// most n nodes each, and returns the better sample (fewer nodes if both
// finished, else the one that finished, else by pickBranch's rule) and
// the other's work.
func (s *Solver) pickTask(ctx context.Context, forced, task []int, n, budget uint64) (best sampled, other core.Stats) {
	run := func(b Branch) sampled { return s.runSample(ctx, s.newMemo(budget, b), forced, task, n) }
	first, mrv := run(BranchFirst), run(BranchMRV)
	switch {
	case first.done && mrv.done:
		if first.o.stats.Nodes < mrv.o.stats.Nodes {
			return first, mrv.o.stats
		}
		return mrv, first.o.stats
	case first.done:
		return first, mrv.o.stats
	case mrv.done:
		return mrv, first.o.stats
	}
	rf, rm := first.rate(), mrv.rate()
	if rf > rm || rf == rm && first.saving() > mrv.saving() {
		return first, mrv.o.stats
	}
	return mrv, first.o.stats
}

// plainTasks counts the subtrees of sp from the from-th on with plain on
// opts.Workers workers, each with a fork of a meter with the node budget
// maxNodes (0: none), and returns their count, work and status, and the
// first solution of the lowest subtree with one.
func (s *Solver) plainTasks(ctx context.Context, plain method, opts *Options, maxNodes uint64, sp split, from int) (count, core.Stats, core.Status, []int) {
	s.g.reset(ctx, maxNodes)
	defer s.g.end()
	type sum struct {
		n         uint64
		stats     core.Stats
		firstTask int
		first     []int
	}
	ws := s.workers(plain, &s.g, opts.Workers)
	sums := make([]sum, len(ws))
	var complete atomic.Int64
	for k := range sums {
		sums[k].firstTask = -1
	}
	each(ws, len(sp.tasksEnd)-from, func(wk *worker, t int) bool {
		t += from
		o := wk.run(wk.m, opts.Forced, sp.task(t), 0, nil)
		r := &sums[wk.k]
		r.n += o.count.lo
		r.stats = r.stats.Add(o.stats)
		if o.status != core.StatusExhausted {
			return false
		}
		complete.Add(1)
		if o.count.lo > 0 && (r.firstTask < 0 || t < r.firstTask) {
			r.firstTask, r.first = t, slices.Clone(wk.rec.First())
		}
		return true
	})
	var total count
	var stats core.Stats
	var first []int
	firstTask := -1
	for _, r := range sums {
		total = total.add(count{lo: r.n})
		stats.Nodes += r.stats.Nodes
		stats.Updates += r.stats.Updates
		if r.firstTask >= 0 && (firstTask < 0 || r.firstTask < firstTask) {
			firstTask, first = r.firstTask, r.first
		}
	}
	status := core.StatusExhausted
	if int(complete.Load()) != len(sp.tasksEnd)-from {
		if status = s.g.status(); status == core.StatusExhausted {
			status = core.StatusCanceled
		}
	}
	return total, stats, status, first
}
