package apitest

import (
	"bytes"
	"context"
	"io"
	"math"
	"testing"

	"github.com/coverkit/coverkit/core"
	"github.com/coverkit/coverkit/models/batch"
	"github.com/coverkit/coverkit/models/exactcover"
	"github.com/coverkit/coverkit/models/knight"
	"github.com/coverkit/coverkit/models/latin"
	"github.com/coverkit/coverkit/models/pieces"
	"github.com/coverkit/coverkit/models/polyomino"
	"github.com/coverkit/coverkit/models/queens"
	"github.com/coverkit/coverkit/models/sudoku"
	"github.com/stretchr/testify/require"
)

// TestIssue22Cases are the calls issue 22 lists as panicking or hanging,
// each with what it does now: an error, or a documented answer. dlx's
// (Parse(nil), SolveModel with a nil decode, the zero Problem) are in
// dlx.TestHostileCalls.
func TestIssue22Cases(t *testing.T) {
	var w bytes.Buffer
	for _, tc := range []struct {
		name string
		call func() error // nil error where the answer is not an error
	}{
		{"knight.WriteJSON on a 0x0 board", func() error { return knight.WriteJSON(&w, knight.New(0, 0), core.Solution{5}, "") }},
		{"knight.WriteJSON with a square off the board", func() error { return knight.WriteJSON(&w, knight.New(3, 3), core.Solution{-1}, "") }},
		{"knight.WriteJSON on a -1x-1 board", func() error { return knight.WriteJSON(&w, knight.New(-1, -1), core.Solution{0}, "") }},
		{"knight.WriteSVG of MaxInt32x3", func() error { return knight.WriteSVG(&w, math.MaxInt32, 3, false, core.Solution{0}) }},
		{"knight.WriteSVG of 4096x4096", func() error { return knight.WriteSVG(io.Discard, 4096, 4096, false, nil) }},
		{"knight.ReadTour(nil)", func() error { _, err := knight.ReadTour(nil); return err }},
		{"exactcover.Read(nil)", func() error { _, err := exactcover.Read(nil, "x"); return err }},
		{"sudoku.ParseRegions(nil)", func() error { _, err := sudoku.ParseRegions(nil); return err }},
		{"sudoku.SolveBatch(nil reader)", func() error {
			_, err := sudoku.SolveBatch(context.Background(), nil, sudoku.BatchOptions{}, func(*batch.Answer) error { return nil })
			return err
		}},
		{"sudoku.SolveBatch(nil emit)", func() error {
			_, err := sudoku.SolveBatch(context.Background(), bytes.NewReader(nil), sudoku.BatchOptions{}, nil)
			return err
		}},
		{"sudoku.VerifyBatch(nil reader)", func() error {
			_, err := sudoku.VerifyBatch(context.Background(), nil, sudoku.VerifyOptions{}, func(*sudoku.Check) error { return nil })
			return err
		}},
		{"sudoku.VerifyBatch(nil emit)", func() error {
			_, err := sudoku.VerifyBatch(context.Background(), bytes.NewReader(nil), sudoku.VerifyOptions{}, nil)
			return err
		}},
		{"queens.Canonical([]int{5,5,-3})", func() error { _, err := queens.Canonical(core.Solution{5, 5, -3}); return err }},
		{"queens.IsCanonical([]int{9})", func() error { _, err := queens.IsCanonical(core.Solution{9}); return err }},
		{"queens.Symmetry(0).Apply([]int{1,2,3})", func() error { _, err := queens.Symmetry(0).Apply(core.Solution{1, 2, 3}); return err }},
		{"queens.ReadGiven(nil, 8)", func() error { _, err := queens.ReadGiven(nil, 8); return err }},
		{"Tiling.Cover of a changed board", func() error {
			b, err := polyomino.Rect(2, 3)
			require.NoError(t, err)
			pc, err := polyomino.ParsePiece("L", "#./##")
			require.NoError(t, err)
			tl, err := polyomino.New(b, []polyomino.Piece{pc})
			require.NoError(t, err)
			tl.Board.Rows = -1
			_, _, err = tl.Cover([]bool{})
			return err
		}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			require.Error(t, tc.call())
		})
	}

	// Answers that are not errors.
	b, err := polyomino.Rect(2, 3)
	require.NoError(t, err)
	pc, err := polyomino.ParsePiece("L", "#./##")
	require.NoError(t, err)
	tl, err := polyomino.New(b, []polyomino.Piece{pc})
	require.NoError(t, err)
	p, ids, err := tl.Cover([]bool{})
	require.NoError(t, err, "Tiling.Cover([]bool{}): a short only leaves the placements out")
	require.Zero(t, p.NumOptions())
	require.Empty(t, ids)

	require.Equal(t, []int{0}, (&pieces.Board{Dims: []int{0}}).Coords(3, nil), "a side below 1 gives the coordinate 0")
	require.Equal(t, "0 0 0\n", string(sudoku.AppendGrid(nil, 0, []uint8{0, 0, 0})), "n < 1: one line")

	c, ok := latin.FromReduced(3, math.MaxInt32)
	require.False(t, ok, "an order beyond MaxOrder has no count")
	require.True(t, c.IsZero())
	_, ok = latin.FromReduced(3, -5)
	require.False(t, ok, "latin.FromReduced(3, -5) returned (3, true)")
	require.Nil(t, latin.FromReducedBig(3, math.MaxInt32))
	r, cols := sudoku.DefaultBox(math.MaxInt)
	require.Equal(t, [2]int{1, math.MaxInt}, [2]int{r, cols}, "sudoku.DefaultBox(MaxInt) answers at once")
}
