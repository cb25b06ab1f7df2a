package queens_test

import (
	"context"
	"testing"

	"github.com/coverkit/coverkit/core"
	"github.com/coverkit/coverkit/models/queens"
	"github.com/stretchr/testify/require"
)

func TestSymmetries(t *testing.T) {
	sol := core.Solution{0, 4, 7, 5, 2, 6, 1, 3}
	seen := map[string]bool{}
	for _, s := range queens.Symmetries {
		img := s.Apply(sol)
		require.NoError(t, queens.Verify(8, img), s.String())
		seen[string(fmtSol(img))] = true
		require.Equal(t, queens.Canonical(sol), queens.Canonical(img), "one class: %s", s)
	}
	require.Len(t, seen, 8)
	require.Equal(t, 8, queens.ClassSize(sol))
	require.True(t, queens.IsCanonical(sol))
	require.Equal(t, sol, queens.Canonical(queens.Rotate90.Apply(sol)))
	require.Equal(t, core.Solution{1, 3, 0, 2}, queens.Rotate90.Apply(core.Solution{1, 3, 0, 2}))
	require.Equal(t, 2, queens.ClassSize(core.Solution{1, 3, 0, 2}))
	require.Equal(t, 1, queens.ClassSize(core.Solution{0}))
	require.Equal(t, "rotate-90", queens.Rotate90.String())
}

func fmtSol(s core.Solution) []byte {
	b := make([]byte, len(s))
	for i, r := range s {
		b[i] = byte('0' + r)
	}
	return b
}

// TestClassSizes checks Burnside: the classes' sizes add up to all
// solutions (n = 8: 11 classes of 8 and one of 4).
func TestClassSizes(t *testing.T) {
	for n := 4; n <= 9; n++ {
		total := 0
		res, err := lookup(t, "backtrack").Solve(context.Background(), queens.New(n), &core.Options{
			Mode: core.ModeAll, Unique: true,
			Visit: func(sol core.Solution, _ core.Stats) bool {
				require.True(t, queens.IsCanonical(sol))
				total += queens.ClassSize(sol)
				return true
			},
		})
		require.NoError(t, err)
		require.Equal(t, int(a000170[n]), total, "n=%d", n)
		require.Equal(t, core.CountOf(a002562[n]), res.Fundamental)
	}
}

func TestUniqueListing(t *testing.T) {
	for _, name := range classic {
		t.Run(name, func(t *testing.T) {
			var got []core.Solution
			var checks uint64
			res, err := lookup(t, name).Solve(context.Background(), queens.New(8), &core.Options{
				Mode: core.ModeAll, Unique: true,
				Visit: func(sol core.Solution, since core.Stats) bool {
					got = append(got, append(core.Solution(nil), sol...))
					checks += since.Checks
					return true
				},
			})
			require.NoError(t, err)
			require.Len(t, got, 12)
			require.Equal(t, core.CountOf(92), res.Solutions)
			require.Equal(t, core.CountOf(12), res.Fundamental)
			require.Equal(t, got[0], res.First)
			require.LessOrEqual(t, checks, res.Stats.Checks)

			res, err = lookup(t, name).Solve(context.Background(), queens.New(8), &core.Options{
				Mode: core.ModeAll, Unique: true, Limit: 3,
			})
			require.NoError(t, err)
			require.Equal(t, core.StatusFound, res.Status)
			require.Equal(t, core.CountOf(3), res.Fundamental)
		})
	}
}
