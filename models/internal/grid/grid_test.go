package grid_test

import (
	"context"
	"testing"

	"github.com/coverkit/coverkit/core"
	"github.com/coverkit/coverkit/dlx"
	"github.com/coverkit/coverkit/models/internal/grid"
	"github.com/stretchr/testify/require"
)

// box2x2 is the region map of a 4×4 sudoku: 2×2 boxes.
var box2x2 = []uint8{0, 0, 1, 1, 0, 0, 1, 1, 2, 2, 3, 3, 2, 2, 3, 3}

// TestCover counts the solutions of small covers against known counts:
// Latin squares of orders 1–5 (OEIS A002860), reduced ones (OEIS
// A000315) and 4×4 sudoku grids (288).
func TestCover(t *testing.T) {
	for _, tc := range []struct {
		name    string
		n       int
		units   grid.Units
		reduced bool
		want    uint64
	}{
		{"latin-1", 1, grid.Units{}, false, 1},
		{"latin-3", 3, grid.Units{}, false, 12},
		{"latin-4", 4, grid.Units{}, false, 576},
		{"latin-5", 5, grid.Units{}, false, 161280},
		{"reduced-4", 4, grid.Units{}, true, 4},
		{"reduced-5", 5, grid.Units{}, true, 56},
		{"sudoku-4x4", 4, grid.Units{Region: box2x2}, false, 288},
	} {
		t.Run(tc.name, func(t *testing.T) {
			p, err := grid.Cover(nil, tc.n, tc.units)
			require.NoError(t, err)
			require.Equal(t, tc.n*tc.n*tc.n, p.NumOptions())
			s, err := dlx.NewSolver(p)
			require.NoError(t, err)
			var forced []int
			if tc.reduced {
				forced = grid.Reduced(tc.n)
				require.Len(t, forced, 2*tc.n-1)
			}
			res, err := s.Solve(context.Background(), &dlx.Options{Forced: forced})
			require.NoError(t, err)
			require.Equal(t, tc.want, res.Solutions)
		})
	}
}

// TestCoverRefuses checks the sides and region maps Cover refuses.
func TestCoverRefuses(t *testing.T) {
	for _, tc := range []struct {
		name  string
		n     int
		units grid.Units
	}{
		{"zero", 0, grid.Units{}},
		{"negative", -3, grid.Units{}},
		{"too large", grid.MaxSide + 1, grid.Units{}},
		{"short region map", 4, grid.Units{Region: box2x2[:15]}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := grid.Cover(nil, tc.n, tc.units)
			require.Error(t, err)
			require.Contains(t, err.Error(), "grid: ")
		})
	}
}

// TestCoverStops checks that a build under a stopped meter returns
// ErrStopped.
func TestCoverStops(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	_, err := grid.Cover(core.NewMeter(ctx, nil), 8, grid.Units{})
	require.ErrorIs(t, err, grid.ErrStopped)
}
