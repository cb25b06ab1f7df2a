package dlx

import (
	"context"
	"math/big"
	"time"

	"github.com/coverkit/coverkit/core"
)

// How MemoAuto and BranchAuto decide.
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
	autoPlainNodes = 1 << 15
	// autoSampleNodes: the nodes of each memo sample.
	autoSampleNodes = 1 << 12
	// autoMinSaving: the least virtual nodes per node searched for the
	// memo to go on.
	autoMinSaving = 4
)

// sampled is a sample's outcome and run.
type sampled struct {
	o    memoOutcome
	m    *memoRun
	done bool // the sample finished the count
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
func (s *Solver) sample(ctx context.Context, forced []int, n, budget uint64, branch Branch) sampled {
	o, m := s.countMemo(ctx, forced, n, budget, branch, nil)
	return sampled{o: o, m: m, done: o.status != core.StatusLimit}
}

// pickBranch samples both branching rules with at most n nodes each and
// returns the better sample (see above) and the work of the other one.
func (s *Solver) pickBranch(ctx context.Context, forced []int, n, budget uint64) (best sampled, other core.Stats) {
	first := s.sample(ctx, forced, n, budget, BranchFirst)
	if first.done {
		return first, core.Stats{}
	}
	mrv := s.sample(ctx, forced, n, budget, BranchMRV)
	if mrv.done {
		return mrv, first.o.stats
	}
	rf, rm := first.rate(), mrv.rate()
	if rf > rm || rf == rm && first.saving() > mrv.saving() {
		return first, mrv.o.stats
	}
	return mrv, first.o.stats
}

// solveAuto is solveMemo for MemoAuto: the plain search first, cut short
// after autoPlainNodes nodes; then a memo sample (of each rule, with
// BranchAuto); then, if the sample saves enough, the memo on the sample's
// table (ok), else nothing (not ok: Solve runs the plain search), with the
// work spent deciding in res.Memo.Probe.
func (s *Solver) solveAuto(ctx context.Context, opts *Options, budget uint64, start time.Time) (res Result, ok bool, err error) {
	cut := uint64(autoPlainNodes)
	if opts.MaxNodes != 0 && opts.MaxNodes <= cut {
		return Result{}, false, nil // the plain search answers within its budget either way
	}
	var r Result
	s.g.reset(ctx, cut)
	if s.multi {
		s.ensureM()
		r = s.solveForcedM(opts.Forced, nil, false, 0, nil)
	} else {
		s.stopAt = 0
		if opts.TakeSingleton {
			s.stopAt = 1
		}
		r = s.solveForced(opts.Forced, false, 0, nil)
	}
	s.g.end()
	if r.Status != core.StatusLimit {
		r.Count = core.CountOf(r.Solutions)
		r.Stats.Elapsed = time.Since(start)
		return r, true, nil
	}
	probe := r.Stats
	n := uint64(autoSampleNodes)
	var x sampled
	if opts.Branch == BranchAuto {
		var other core.Stats
		x, other = s.pickBranch(ctx, opts.Forced, n, budget)
		probe = probe.Add(other)
	} else {
		x = s.sample(ctx, opts.Forced, n, budget, opts.Branch)
	}
	if x.done {
		return s.memoResult(x.o, x.m, probe, start), true, nil
	}
	probe = probe.Add(x.o.stats)
	probe.Elapsed = 0
	if st := x.o.status; st == core.StatusTimeout || st == core.StatusCanceled {
		// Stopped while sampling: the sample's partial count is the answer.
		return s.memoResult(x.o, x.m, probe, start), true, nil
	}
	if x.saving() < autoMinSaving {
		st := x.m.stats()
		st.Used = false
		st.Virtual = x.o.virtual
		st.Probe = probe
		return Result{Memo: st}, false, nil
	}
	// Go on with the sample's table: the subproblems it finished are found
	// there at once. Its work is the probe's.
	o, m := s.countMemo(ctx, opts.Forced, opts.MaxNodes, budget, x.m.branch, x.m)
	return s.memoResult(o, m, probe, start), true, nil
}
