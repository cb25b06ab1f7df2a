package queens

import (
	"context"
	"fmt"

	"github.com/coverkit/coverkit/local"
	"github.com/coverkit/coverkit/models"
)

func init() {
	models.Register(models.Algorithm{
		Model: "queens",
		Name:  "minconflicts",
		Kind:  models.LocalSearch,
		Caps:  models.CanFirst | models.CanUnique,
		Description: "min-conflicts local search (Sosic–Gu QS4 style): greedy permutation, " +
			"swaps of attacked queens; 10^6 queens in 0.04 s, 10^9 in 2 minutes and 4.3 GiB",
		Solve: withUnique(solveMinConflicts),
	})
}

// solveMinConflicts runs local.Queens on a Board. It refuses a board that
// does not fit in the memory available (models.ErrTooLarge, naming the
// memory needed), maps Options.MaxNodes to the step budget, and reports
// the seed, steps, initial conflicts, verification, solve time and bytes a
// queen in Result.Extra.
func solveMinConflicts(ctx context.Context, p models.Problem, opts *models.Options) (models.Result, error) {
	o := opts.OrDefault()
	b, _, err := input(p, o, "minconflicts")
	if err != nil {
		return models.Result{}, err
	}
	switch {
	case o.Mode != models.ModeFirst:
		return models.Result{}, fmt.Errorf("%w: queens minconflicts finds one solution; it cannot list or count them", models.ErrUnsupported)
	case o.Unique:
		return models.Result{}, fmt.Errorf("%w: queens minconflicts has no symmetry classes", models.ErrUnsupported)
	case o.Method != "":
		return models.Result{}, fmt.Errorf("%w: queens minconflicts has no method %q", models.ErrUnsupported, o.Method)
	}
	lo := &local.QueensOptions{Seed: o.Seed, MaxSteps: o.MaxNodes} // MaxBytes 0: resource.Check
	if o.Progress != nil {
		lo.Progress = func(q local.QueensProgress) {
			o.Progress(models.Progress{Done: uint64(q.Placed), Total: uint64(q.N), Remaining: q.Conflicts})
		}
	}
	lr, err := local.Queens(ctx, b.N, lo)
	if err != nil {
		return models.Result{}, fmt.Errorf("queens: minconflicts: %w", err)
	}
	res := models.Result{
		Status: lr.Status,
		Stats:  models.Stats{Steps: lr.Steps, Elapsed: lr.Search + lr.Verify},
		Extra: map[string]any{
			"seed":              lr.Seed,
			"steps":             lr.Steps,
			"initial_conflicts": lr.InitialConflicts,
			"verified":          lr.Verified,
			"solve_seconds":     (lr.Search + lr.Verify).Seconds(),
			"bytes_per_queen":   float64(lr.Bytes) / float64(b.N),
		},
	}
	if lr.Status == models.StatusExhausted && lr.Solution == nil {
		res.Reason = fmt.Sprintf("%d queens cannot be placed on a %d×%d board without attacking each other", b.N, b.N, b.N)
	}
	if lr.Status == models.StatusFound {
		res.Solutions = models.CountOf(1)
		res.First = lr.Solution
		if o.Visit != nil {
			o.Visit(res.First, res.Stats)
		}
	}
	return res, nil
}
