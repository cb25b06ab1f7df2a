package queens

import (
	"context"
	"fmt"

	"github.com/coverkit/coverkit/core"
	"github.com/coverkit/coverkit/models"
	"github.com/coverkit/coverkit/models/queens/internal/qs4"
)

var minconflictsAlgorithm = models.Algorithm{
	Name: "minconflicts",
	Kind: models.LocalSearch,
	Caps: models.CanFirst | models.CanUnique | models.CanSeed | models.CanBudget,
	Description: "min-conflicts local search (Sosic–Gu QS4 style): greedy permutation, " +
		"swaps of attacked queens; 10^6 queens in 0.04 s, 10^9 in 2 minutes and 4.3 GiB",
	Limits: "one solution, no proof of absence; the ordinary board (no --torus, --given); " +
		"about 4.5 bytes a queen, checked against the memory available",
	Solve: withUnique(solveMinConflicts),
}

// solveMinConflicts runs the QS4 solver (internal/qs4) on a Board. It refuses a board that
// does not fit in the memory available (resource.ErrTooLarge, naming the
// memory needed), maps Options.MaxNodes to the step budget, and reports
// the seed, steps, initial conflicts, verification, solve time and bytes a
// queen in Result.Extra.
func solveMinConflicts(ctx context.Context, p core.Problem, opts *core.Options) (core.Result, error) {
	o := opts.OrDefault()
	b, _, err := input(p, o, "minconflicts")
	if err != nil {
		return core.Result{}, err
	}
	switch {
	case o.Mode != core.ModeFirst:
		return core.Result{}, fmt.Errorf("%w: queens minconflicts finds one solution; it cannot list or count them", core.ErrUnsupported)
	case o.Unique:
		return core.Result{}, fmt.Errorf("%w: queens minconflicts has no symmetry classes", core.ErrUnsupported)
	case o.Method != "":
		return core.Result{}, fmt.Errorf("%w: queens minconflicts has no method %q", core.ErrUnsupported, o.Method)
	}
	// The meter counts the steps as nodes: MaxNodes is the step budget.
	lr, err := qs4.Solve(core.NewMeter(ctx, o), b.N, &qs4.Options{Seed: o.Seed}) // MaxBytes 0: resource.Check
	if err != nil {
		return core.Result{}, fmt.Errorf("queens: minconflicts: %w", err)
	}
	res := core.Result{
		Status: lr.Status,
		Stats:  core.Stats{Steps: lr.Steps, Elapsed: lr.Search + lr.Verify},
		Extra: map[string]any{
			"seed":              lr.Seed,
			"steps":             lr.Steps,
			"initial_conflicts": lr.InitialConflicts,
			"verified":          lr.Verified,
			"solve_seconds":     (lr.Search + lr.Verify).Seconds(),
			"bytes_per_queen":   float64(lr.Bytes) / float64(b.N),
		},
	}
	if lr.Status == core.StatusExhausted && lr.Solution == nil {
		res.Reason = fmt.Sprintf("%d queens cannot be placed on a %d×%d board without attacking each other", b.N, b.N, b.N)
	}
	if lr.Status == core.StatusFound {
		res.Solutions = core.CountOf(1)
		res.First = lr.Solution
		if o.Visit != nil {
			o.Visit(res.First, res.Stats)
		}
	}
	return res, nil
}
