package queens_test

import (
	"context"
	"errors"
	"testing"

	"github.com/coverkit/coverkit/core"
	"github.com/coverkit/coverkit/models"
	"github.com/coverkit/coverkit/models/queens"
	"github.com/coverkit/coverkit/resource"
	"github.com/stretchr/testify/require"
)

func TestMinConflicts(t *testing.T) {
	alg, err := models.LookupAlgorithm("queens", "minconflicts")
	require.NoError(t, err)
	require.Equal(t, models.LocalSearch, alg.Kind)
	require.True(t, alg.Caps.Has(models.CanFirst))

	for _, n := range []int{1, 4, 5, 8, 50, 1000, 123457} {
		b := queens.New(n)
		res, err := alg.Solve(context.Background(), b, &core.Options{Seed: 7})
		require.NoError(t, err)
		require.Equal(t, core.StatusFound, res.Status, "n=%d", n)
		require.NoError(t, b.Verify(res.First))
		require.Equal(t, core.CountOf(1), res.Solutions)
		require.ElementsMatch(t, []string{"seed", "steps", "initial_conflicts", "verified", "solve_seconds", "bytes_per_queen"},
			keys(res.Extra))
		require.Equal(t, true, res.Extra["verified"])
		require.Equal(t, uint64(7), res.Extra["seed"])
	}
	for _, n := range []int{2, 3} {
		res, err := alg.Solve(context.Background(), queens.New(n), nil)
		require.NoError(t, err)
		require.Equal(t, core.StatusExhausted, res.Status)
		require.True(t, res.Solutions.IsZero())
	}
	res, err := alg.Solve(context.Background(), queens.New(100000), &core.Options{MaxNodes: 10})
	require.NoError(t, err)
	require.Equal(t, core.StatusLimit, res.Status)

	_, err = alg.Solve(context.Background(), queens.New(8), &core.Options{Mode: core.ModeCount})
	require.True(t, errors.Is(err, core.ErrUnsupported))

	// Far beyond any machine's memory: refused, naming what it needs.
	if huge := int64(1) << 40; int64(int(huge)) == huge { // 64-bit int
		_, err = alg.Solve(context.Background(), queens.New(int(huge)), nil)
		require.True(t, errors.Is(err, resource.ErrTooLarge))
		require.ErrorContains(t, err, "TiB")
	}
}

func keys(m map[string]any) []string {
	var out []string
	for k := range m {
		out = append(out, k)
	}
	return out
}
