package dlx

import (
	"context"
	"slices"

	"github.com/coverkit/coverkit/core"
)

// SolveModel runs s for a coverkit model's registry entry: it maps o's mode
// (first, all, count), solution limit and node budget onto base, decodes each
// solution's option indices into the model's encoding with decode, passes it
// to o.Visit, and returns a core.Result carrying the first solution. base
// holds the engine settings the model chooses (Forced, Workers,
// TakeSingleton, Progress); SolveModel sets its Limit, MaxNodes and Visit,
// and passes the subproblems a parallel search has done on to o.Progress
// when base has no Progress of its own.
// decode may reuse one buffer: SolveModel copies what it keeps.
func (s *Solver) SolveModel(ctx context.Context, o *core.Options, base Options, decode func(options []int) core.Solution) (core.Result, error) {
	o = o.OrDefault()
	if base.Progress == nil && o.Progress != nil {
		base.Progress = func(done, total int) { o.Progress(core.Progress{Done: uint64(done), Total: uint64(total)}) }
	}
	base.MaxNodes = o.MaxNodes
	base.Limit, base.Visit = 0, nil
	switch o.Mode {
	case core.ModeFirst:
		base.Limit = 1
	case core.ModeAll:
		base.Limit = o.Limit
	}
	var first core.Solution
	if o.Mode != core.ModeCount {
		base.Visit = func(options []int) bool {
			sol := decode(options)
			if first == nil {
				first = slices.Clone(sol)
			}
			if o.Visit != nil {
				return o.Visit(sol, core.Stats{})
			}
			return true
		}
	}
	res, err := s.Solve(ctx, &base)
	if err != nil {
		return core.Result{}, err
	}
	if first == nil && res.Solutions > 0 {
		if f := s.First(); f != nil {
			first = slices.Clone(decode(f))
		}
	}
	return core.Result{Status: res.Status, Solutions: core.CountOf(res.Solutions), First: first, Stats: res.Stats}, nil
}
