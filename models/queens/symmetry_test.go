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
	rep := must(queens.Canonical(sol))
	for _, s := range queens.Symmetries {
		img := must(s.Apply(sol))
		require.NoError(t, queens.Verify(8, img), s.String())
		seen[string(fmtSol(img))] = true
		require.Equal(t, rep, must(queens.Canonical(img)), "one class: %s", s)
	}
	require.Len(t, seen, 8)
	require.Equal(t, 8, must(queens.ClassSize(sol)))
	require.True(t, must(queens.IsCanonical(sol)))
	require.Equal(t, sol, must(queens.Canonical(must(queens.Rotate90.Apply(sol)))))
	require.Equal(t, core.Solution{1, 3, 0, 2}, must(queens.Rotate90.Apply(core.Solution{1, 3, 0, 2})))
	require.Equal(t, 2, must(queens.ClassSize(core.Solution{1, 3, 0, 2})))
	require.Equal(t, 1, must(queens.ClassSize(core.Solution{0})))
	require.Equal(t, "rotate-90", queens.Rotate90.String())
}

// must returns v, and panics (failing the test) on an error.
func must[T any](v T, err error) T {
	if err != nil {
		panic(err)
	}
	return v
}

// TestSymmetryBadData checks that the symmetry functions refuse what is no
// permutation (issue 22: they indexed out of range) and that ReadGiven
// refuses a nil reader.
func TestSymmetryBadData(t *testing.T) {
	for _, sol := range []core.Solution{{5, 5, -3}, {9}, {-1}, {0, 0}, {1, 2, 3}, {2147483647}} {
		_, err := queens.Canonical(sol)
		require.Error(t, err, "%v", sol)
		_, err = queens.IsCanonical(sol)
		require.Error(t, err, "%v", sol)
		_, err = queens.ClassSize(sol)
		require.Error(t, err, "%v", sol)
		for _, s := range queens.Symmetries {
			_, err = s.Apply(sol)
			require.Error(t, err, "%s %v", s, sol)
		}
	}
	_, err := queens.Symmetry(0).Apply(core.Solution{1, 2, 3})
	require.ErrorContains(t, err, "column 3: row 4 is off the 3×3 board")
	_, err = queens.Canonical(core.Solution{5, 5, -3})
	require.ErrorContains(t, err, "off the 3×3 board")
	_, err = queens.Symmetry(8).Apply(core.Solution{0})
	require.ErrorContains(t, err, "not a symmetry")
	_, err = queens.ReadGiven(nil, 8)
	require.ErrorIs(t, err, queens.ErrGiven)
	_, err = queens.VerifyStream(nil)
	require.Error(t, err)
	require.Error(t, queens.WritePerm(nil, core.Solution{0}))
	require.Error(t, queens.WriteBoard(nil, core.Solution{0}))
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
				require.True(t, must(queens.IsCanonical(sol)))
				total += must(queens.ClassSize(sol))
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
			require.Equal(t, core.CountOf(12), res.Solutions, "a listing counts what it listed")
			require.Equal(t, core.CountOf(12), res.Fundamental)
			require.Equal(t, got[0], res.First)
			require.LessOrEqual(t, checks, res.Stats.Checks)

			res, err = lookup(t, name).Solve(context.Background(), queens.New(8), &core.Options{
				Mode: core.ModeAll, Unique: true, Limit: 3,
			})
			require.NoError(t, err)
			require.Equal(t, core.StatusFound, res.Status)
			require.Equal(t, core.CountOf(3), res.Fundamental)
			require.Equal(t, core.CountOf(3), res.Solutions, "a listing counts what it listed")
		})
	}
}
