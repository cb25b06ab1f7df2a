package polyomino_test

import (
	"bytes"
	"context"
	"flag"
	"os"
	"path/filepath"
	"testing"

	"github.com/coverkit/coverkit/core"
	"github.com/coverkit/coverkit/dlx"
	"github.com/coverkit/coverkit/models"
	"github.com/coverkit/coverkit/models/polyomino"
	"github.com/stretchr/testify/require"
)

var update = flag.Bool("update", false, "rewrite testdata/dlx/pentomino-*.dlx")

func tiling(t testing.TB, board string, pieces []polyomino.Piece) *polyomino.Tiling {
	t.Helper()
	b, err := polyomino.ParseBoard(board)
	require.NoError(t, err)
	tl, err := polyomino.New(b, pieces)
	require.NoError(t, err)
	return tl
}

func count(t testing.TB, tl *polyomino.Tiling, unique bool, workers int) core.Result {
	t.Helper()
	alg, err := models.LookupAlgorithm("polyomino", "dlx")
	require.NoError(t, err)
	res, err := alg.Solve(context.Background(), tl, &core.Options{Mode: core.ModeCount, Unique: unique, Workers: workers})
	require.NoError(t, err)
	require.Equal(t, core.StatusExhausted, res.Status)
	return res
}

// Known counts: pentomino rectangles (Haselgrove 1960; 6x10: 2,339 up to
// symmetry, 9,356 in all), and the 8x8 square without its central 2x2
// (Scott 1958: 65 up to symmetry).
func TestPentominoCounts(t *testing.T) {
	for _, tc := range []struct {
		board       string
		total, fund uint64
		full        bool // also count without symmetry reduction
	}{
		{"3x20", 8, 2, true},
		{"6x10", 9356, 2339, false},
		{"8x8 hole", 520, 65, false},
	} {
		t.Run(tc.board, func(t *testing.T) {
			board := tc.board
			if board == "8x8 hole" {
				board = "......../......../......../...##.../...##.../......../......../........"
			}
			tl := tiling(t, board, polyomino.Pentominoes)
			res := count(t, tl, true, 2)
			require.Equal(t, core.CountOf(tc.total), res.Solutions)
			require.Equal(t, core.CountOf(tc.fund), res.Fundamental)
			if tc.full {
				require.Equal(t, core.CountOf(tc.total), count(t, tl, false, 1).Solutions)
				require.Equal(t, core.CountOf(tc.total), count(t, tl, false, 2).Solutions)
			}
		})
	}
}

// TestSplitReduced checks the split of a count (the model's Decompose)
// against the unsplit dlx count: with every piece used once the units
// split the reduced search, so their counts, classes and work add up to
// the count's (3x20: 8 tilings, 2 classes; the 8x8 square without its
// centre: 520, 65); with
// pieces that may repeat (dominoes on 4x4: 36, OEIS A004003) the full
// search's.
func TestSplitReduced(t *testing.T) {
	ctx := context.Background()
	m, err := models.Lookup("polyomino")
	require.NoError(t, err)
	for _, tc := range []struct {
		name, board, pieces, decomposition string
		total                              uint64
	}{
		{"3x20", "3x20", "pentominoes", "polyomino-reduced-mrv/2/", 8},
		{"8x8 hole", "......../......../......../...##.../...##.../......../......../........", "pentominoes", "polyomino-reduced-mrv/2/", 520},
		{"dominoes 4x4", "4x4", "domino", "polyomino-mrv/2/", 36},
	} {
		t.Run(tc.name, func(t *testing.T) {
			pieces, err := polyomino.ParsePieces(tc.pieces)
			require.NoError(t, err)
			tl := tiling(t, tc.board, pieces)
			whole := count(t, tl, false, 1)
			require.Equal(t, core.CountOf(tc.total), whole.Solutions)
			for _, k := range []uint64{1, 3, 16} {
				var sum, fund core.Count
				var st core.Stats
				for i := range k {
					dec, err := m.Decompose(ctx, tl, k)
					require.NoError(t, err)
					require.Contains(t, dec.Name(), tc.decomposition)
					fc, ok := dec.(core.FundamentalCounter)
					require.Equal(t, !whole.Fundamental.IsZero(), ok && fc.Fundamental(), "the split counts classes where the count does")
					_, err = dec.Run(ctx, i, k, func(_ uint64, r core.SubResult) bool {
						sum, fund = sum.Add(r.Count), fund.Add(r.Fundamental)
						st = st.Add(r.Stats)
						return true
					})
					require.NoError(t, err)
				}
				require.Equal(t, whole.Solutions, sum, "K=%d", k)
				require.Equal(t, whole.Fundamental, fund, "classes, K=%d", k)
				require.Equal(t, whole.Stats.Nodes, st.Nodes, "nodes, K=%d", k)
				require.Equal(t, whole.Stats.Updates, st.Updates, "updates, K=%d", k)
			}
		})
	}
}

func TestSolutionsVerify(t *testing.T) {
	tl := tiling(t, "3x20", polyomino.Pentominoes)
	alg, _ := models.LookupAlgorithm("polyomino", "dlx")
	for _, unique := range []bool{false, true} {
		var sols []core.Solution
		res, err := alg.Solve(context.Background(), tl, &core.Options{Mode: core.ModeAll, Unique: unique, Visit: func(sol core.Solution, _ core.Stats) bool {
			require.NoError(t, tl.Verify(sol))
			sols = append(sols, append(core.Solution(nil), sol...))
			return true
		}})
		require.NoError(t, err)
		want := 8
		if unique {
			want = 2
		}
		require.Len(t, sols, want)
		require.EqualValues(t, want, res.Solutions.Lo)
	}
	res, err := alg.Solve(context.Background(), tl, nil)
	require.NoError(t, err)
	require.Equal(t, core.StatusFound, res.Status)
	require.NoError(t, tl.Verify(res.First))
	var b bytes.Buffer
	require.NoError(t, tl.Render(&b, res.First, ""))
	require.Len(t, bytes.Split(bytes.TrimSpace(b.Bytes()), []byte("\n")), 3)

	bad := append(core.Solution(nil), res.First...)
	bad[0], bad[59] = bad[59], bad[0]
	require.Error(t, tl.Verify(bad))
	require.Error(t, tl.Verify(bad[:5]))
}

func TestTetrominoesNeverTile(t *testing.T) {
	for _, board := range []string{"4x5", "2x10"} {
		res := count(t, tiling(t, board, polyomino.Tetrominoes), true, 1)
		require.True(t, res.Solutions.IsZero(), board)
	}
}

func TestBadInput(t *testing.T) {
	for _, s := range []string{"0x10", "6x", "axb", "", "..x/..", "100000x100000"} {
		_, err := polyomino.ParseBoard(s)
		require.Error(t, err, s)
	}
	_, err := polyomino.ParsePiece("Q", "#.#")
	require.ErrorContains(t, err, "not connected")
	_, err = polyomino.ParsePiece("Q", "...")
	require.Error(t, err)
}

// TestTestdata keeps testdata/dlx/pentomino-*.dlx equal to the generated
// covers; -update rewrites them.
func TestTestdata(t *testing.T) {
	for _, board := range []string{"3x20", "6x10"} {
		cover, _, err := tiling(t, board, polyomino.Pentominoes).Cover(nil)
		require.NoError(t, err)
		var b bytes.Buffer
		b.WriteString("| The twelve pentominoes on the " + board + " rectangle: pieces and cells primary\n")
		require.NoError(t, dlx.Write(&b, cover))
		path := filepath.Join("..", "..", "testdata", "dlx", "pentomino-"+board+".dlx")
		if *update {
			require.NoError(t, os.WriteFile(path, b.Bytes(), 0o644))
		}
		got, err := os.ReadFile(path)
		require.NoError(t, err)
		require.Equal(t, b.String(), string(got), "stale: go test ./models/polyomino -run TestTestdata -update")
	}
}

func BenchmarkCount6x10(b *testing.B) {
	tl := tiling(b, "6x10", polyomino.Pentominoes)
	alg, _ := models.LookupAlgorithm("polyomino", "dlx")
	for _, tc := range []struct {
		name   string
		unique bool
	}{{"full", false}, {"unique", true}} {
		b.Run(tc.name, func(b *testing.B) {
			for b.Loop() {
				alg.Solve(context.Background(), tl, &core.Options{Mode: core.ModeCount, Unique: tc.unique, Workers: 1})
			}
		})
	}
}

// TestAutoReducedCells checks that auto's count up to symmetry takes the
// dancing cells (dlx.Solver.CellsPay: wherever they can run; on the
// pentominoes about 0.7 of the links' time, docs/benchmarks.md, issue
// 34): the counts of dlx, and the work of the cells.
func TestAutoReducedCells(t *testing.T) {
	tl := tiling(t, "3x20", polyomino.Pentominoes)
	auto, links, cells := countWith(t, tl, "auto"), countWith(t, tl, "dlx"), countWith(t, tl, "cells")
	require.Equal(t, links.Solutions, auto.Solutions)
	require.Equal(t, links.Fundamental, auto.Fundamental)
	require.Equal(t, core.CountOf(8), auto.Solutions)
	require.Equal(t, cells.Stats.Nodes, auto.Stats.Nodes)
	require.Less(t, auto.Stats.Nodes, links.Stats.Nodes)
}
