package sudoku

import (
	"bytes"
	"context"
	"errors"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/coverkit/coverkit/core"
	"github.com/coverkit/coverkit/lines"
	"github.com/coverkit/coverkit/models"
	"github.com/coverkit/coverkit/models/batch"
	"github.com/stretchr/testify/require"
)

// knownPuzzles have exactly one solution each.
var knownPuzzles = []struct {
	name, layout, puzzle, solution string
}{
	{"9x9 top1465 #1", "", "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........",
		"468931527751624839392578461134756298289413675675289314846192753513867942927345186"},
	{"9x9 17 givens", "", ".................1.....2.3......3.2...1.4......5....6..3......4.7..8...962...7...",
		"953168742862734951417952836746893125281645397395271468138529674574386219629417583"},
	{"4x4", "", "4.....2..3..1...", "4213312423411432"},
	{"6x6 2x3 boxes", "", "2.6...3....2..5..4....56...1...6....", "246531351642635214412356524163163425"},
	{"8x8 2x4 boxes", "", ".....5823.......7..4.........31.4..567...1.....86......7..2.....",
		"1647358232584176731428658562731448356721217654386483125757218643"},
	{"12x12 3x4 boxes", "", ".8.62...B.C......9..6.4..2C...5....8A.9......2.4....C.......7B...1.4.8.52.4.6...8..3......A...1.13............1.46.8.BA....B7..C......8..39B.C5.",
		"98562743B1CAB17389CA654242CA1B569378A69158B7C2348534CA62179B7B2C9134A8652A456C7189B3C9B832A574161367B4895A2C5C1946283BA734AB751C26896782A39B4C51"},
	{"16x16", "", "6C.GB.E..F8.1...4..D.F....E..2....5..862...D..AC.B..D1...9...6..5EF...1.......8...B.7.9G1...F..D..C.....5.....B.......8......1.3..28..74...E59....EBC............5..9.GAFB..6.C..9...B..6.1.A4.....E.3..D..C2G5.CG9.5.2.3..F7.1.A..36....4...8.9..7.E..F..913B..",
		"6C3GB9E52F8A1D47478DAF3CB1E6G295915FG862437DBEACEBA2D147G9C5863F5EF7261B9DG34C8A23B47C9G1EA8F56D18C9FAD35624E7BGGD6A458E7CFB9123F6281D74CA3E59GB3AEBC2568G49DF7175419EGAFBD263C8D9GC3BF86517A4E2BF1E83A9D76C2G54CG96542D38BF7A1EA2D367B1E45GC8F98475EGCFA2913BD6"},
	{"X", "x", ".9..........2...7.7.8...5..38.4........6..1........6..8...1..............19.2.3..",
		"695187432134265879728349561386451297572693148941872653853914726267538914419726385"},
	{"jigsaw", "jigsaw", ".6..9......2..7.....1.5..2..............1....1..7.394.........4.2....4.76....9.8.",
		"564392718812467359371954826297845163439518672186723945758631294925186437643279581"},
	{"Latin 5x5", "latin", "43.....23....5.5......4.2", "4352114235213545214335412"},
}

func testLayout(t testing.TB, name string) Layout {
	t.Helper()
	switch name {
	case "":
		return Layout{}
	case "x":
		return Layout{Variant: X}
	case "latin":
		return Layout{Variant: Latin}
	case "jigsaw":
		f, err := os.Open(filepath.Join("testdata", "jigsaw9.txt"))
		require.NoError(t, err)
		defer f.Close()
		s, err := ParseRegions(f)
		require.NoError(t, err)
		return Layout{Variant: Jigsaw, Regions: s}
	}
	t.Fatalf("unknown layout %q", name)
	return Layout{}
}

func mustParse(t testing.TB, l Layout, s string) *Puzzle {
	t.Helper()
	p, err := ParseLine(l, s)
	require.NoError(t, err)
	return p
}

func cellsOf(t testing.TB, s string) []uint8 {
	t.Helper()
	out := make([]uint8, len(s))
	for i := range len(s) {
		v, ok := symbolValue(s[i])
		require.True(t, ok, "symbol %q", s[i])
		out[i] = v
	}
	return out
}

// bruteCount counts the solutions of p up to limit by plain backtracking
// over cells with Check: an oracle independent of both solvers, for small
// grids.
func bruteCount(p *Puzzle, limit int) int {
	g := append([]uint8(nil), p.Givens...)
	n := p.Shape.N
	count := 0
	var rec func(i int) bool
	rec = func(i int) bool {
		for i < len(g) && g[i] != 0 {
			i++
		}
		if i == len(g) {
			count++
			return count < limit
		}
		for v := 1; v <= n; v++ {
			g[i] = uint8(v)
			if !hasClash(p.Shape, g) && !rec(i+1) {
				g[i] = 0
				return false
			}
		}
		g[i] = 0
		return true
	}
	rec(0)
	return count
}

// algosFor returns every registered sudoku algorithm that can solve p:
// the tests below run them all, so a new algorithm is tested without a new
// test.
func algosFor(t testing.TB, p *Puzzle) []models.Algorithm {
	t.Helper()
	var out []models.Algorithm
	for _, a := range models.Algorithms("sudoku") {
		if a.Supports(p, nil) == nil {
			out = append(out, a)
		}
	}
	require.GreaterOrEqual(t, len(out), 2, "at least auto and dlx solve every grid")
	return out
}

// solveBoth runs a on p through Run and through a fresh worker
// (Algorithm.Worker), requires that both agree, and returns the result
// with First copied and its solution grid.
func solveBoth(t testing.TB, a models.Algorithm, p *Puzzle, o *core.Options) (core.Result, []uint8) {
	t.Helper()
	res, err := a.Run(context.Background(), p, o)
	require.NoError(t, err, a.Name)
	w := a.Worker()
	for range 2 { // twice: the worker's reused buffers give the same answer
		wres, err := w(context.Background(), p, o)
		require.NoError(t, err, a.Name)
		require.Equal(t, res.Status, wres.Status, a.Name)
		require.Equal(t, res.Solutions, wres.Solutions, a.Name)
		require.Equal(t, res.First, wres.First, a.Name)
	}
	var grid []uint8
	if res.First != nil {
		require.NoError(t, p.Verify(res.First), "%s: the solution verifies", a.Name)
		grid = make([]uint8, len(res.First))
		for i, v := range res.First {
			grid[i] = uint8(v)
		}
	}
	return res, grid
}

// unique is the uniqueness check: up to two solutions.
var unique = &core.Options{Mode: core.ModeAll, Limit: 2}

func TestSolveKnown(t *testing.T) {
	for _, tc := range knownPuzzles {
		t.Run(tc.name, func(t *testing.T) {
			p := mustParse(t, testLayout(t, tc.layout), tc.puzzle)
			want := cellsOf(t, tc.solution)
			require.NoError(t, VerifyGrid(p, want), "the expected solution verifies")
			for _, a := range algosFor(t, p) {
				res, sol := solveBoth(t, a, p, unique)
				require.Equal(t, Solved, VerdictOf(&res), a.Name)
				require.Equal(t, core.StatusExhausted, res.Status)
				require.Equal(t, core.CountOf(1), res.Solutions)
				require.Equal(t, want, sol, a.Name)
				if a.Name == "auto" {
					wantMethod := "dlx"
					if p.Shape.isClassic9() {
						wantMethod = "fast"
					}
					require.Equal(t, wantMethod, res.Method)
				}
			}
			if p.Shape.N <= 6 {
				require.Equal(t, 1, bruteCount(p, 3), "brute force agrees")
			}
		})
	}
}

// twoSolutions makes a puzzle with exactly two solutions: the solved grid
// of the first known puzzle with the four cells of an unavoidable rectangle
// (a b / b a, two rows of one band) emptied.
func twoSolutions(t testing.TB) (*Puzzle, [4]int) {
	t.Helper()
	g := cellsOf(t, knownPuzzles[0].solution)
	for r1 := range 9 {
		for r2 := r1 + 1; r2 < r1/3*3+3; r2++ {
			for c1 := range 9 {
				for c2 := c1 + 1; c2 < 9; c2++ {
					if g[r1*9+c1] == g[r2*9+c2] && g[r1*9+c2] == g[r2*9+c1] {
						cells := [4]int{r1*9 + c1, r1*9 + c2, r2*9 + c1, r2*9 + c2}
						p := &Puzzle{Shape: mustParse(t, Layout{}, knownPuzzles[0].puzzle).Shape, Givens: append([]uint8(nil), g...)}
						for _, i := range cells {
							p.Givens[i] = 0
						}
						return p, cells
					}
				}
			}
		}
	}
	t.Fatal("no unavoidable rectangle in the grid")
	return nil, [4]int{}
}

func TestTwoSolutions(t *testing.T) {
	p, _ := twoSolutions(t)
	require.NoError(t, p.Check())
	for _, a := range algosFor(t, p) {
		t.Run(a.Name, func(t *testing.T) {
			res, _ := solveBoth(t, a, p, unique)
			require.Equal(t, Multiple, VerdictOf(&res))
			require.Equal(t, core.CountOf(2), res.Solutions)
			require.Equal(t, core.StatusFound, res.Status)

			res, _ = solveBoth(t, a, p, &core.Options{Mode: core.ModeCount})
			require.Equal(t, core.CountOf(2), res.Solutions, "counting finds exactly two")
			require.Equal(t, core.StatusExhausted, res.Status)
			require.Nil(t, res.First, "a count has no solution")

			res, _ = solveBoth(t, a, p, nil)
			require.Equal(t, Solved, VerdictOf(&res), "the first solution")
			require.Equal(t, core.StatusFound, res.Status)

			var seen []core.Solution
			res, err := a.Run(context.Background(), p, &core.Options{Mode: core.ModeAll, Visit: func(sol core.Solution, _ core.Stats) bool {
				require.NoError(t, p.Verify(sol))
				seen = append(seen, slices.Clone(sol))
				return true
			}})
			require.NoError(t, err)
			require.Len(t, seen, 2, "every solution visited")
			require.NotEqual(t, seen[0], seen[1])
			require.Equal(t, seen[0], res.First)
			require.Equal(t, core.StatusExhausted, res.Status)

			res, err = a.Run(context.Background(), p, &core.Options{Mode: core.ModeAll, Visit: func(core.Solution, core.Stats) bool { return false }})
			require.NoError(t, err)
			require.Equal(t, core.StatusFound, res.Status, "a visitor stops the search")
			require.Equal(t, core.CountOf(1), res.Solutions)
		})
	}
}

func TestUnsolvable(t *testing.T) {
	// Row 1 lacks only 9, but column 9 already has a 9: no clash among the
	// givens, and no solution.
	s := "12345678." + "........9" + strings.Repeat(".", 63)
	p := mustParse(t, Layout{}, s)
	p4 := mustParse(t, Layout{}, "12.."+"...3"+"...."+"....")
	require.Equal(t, 0, bruteCount(p4, 1))
	// Clashing givens set by hand (Check would refuse them): no solution,
	// not an error.
	clash := &Puzzle{Shape: p.Shape, Givens: cellsOf(t, "1.1"+strings.Repeat(".", 78))}
	for _, q := range []*Puzzle{p, p4, clash} {
		for _, a := range algosFor(t, q) {
			res, _ := solveBoth(t, a, q, unique)
			require.Equal(t, Unsolvable, VerdictOf(&res), a.Name)
			require.Equal(t, core.StatusExhausted, res.Status)
			require.Nil(t, res.First)
		}
	}
}

func TestBudgetAndCancel(t *testing.T) {
	p := mustParse(t, Layout{}, knownPuzzles[0].puzzle) // top1465 #1 needs guesses
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	for _, a := range algosFor(t, p) {
		res, err := a.Run(context.Background(), p, &core.Options{Mode: core.ModeCount, MaxNodes: 2})
		require.NoError(t, err)
		require.Equal(t, core.StatusLimit, res.Status, a.Name)
		require.Equal(t, Timeout, VerdictOf(&res), "a budget that runs out answers nothing")
		res, err = a.Run(ctx, p, unique)
		require.NoError(t, err)
		require.Equal(t, core.StatusCanceled, res.Status, a.Name)
	}
}

func TestWrongProblems(t *testing.T) {
	p4 := mustParse(t, Layout{}, knownPuzzles[2].puzzle)
	for _, a := range models.Algorithms("sudoku") {
		t.Run(a.Name, func(t *testing.T) {
			for _, p := range []core.Problem{nil, (*Puzzle)(nil), &Puzzle{}, &Puzzle{Shape: p4.Shape}, &Puzzle{Shape: p4.Shape, Givens: make([]uint8, 15)},
				&Puzzle{Shape: p4.Shape, Givens: append(make([]uint8, 15), 9)}} {
				require.NotPanics(t, func() {
					_, err := a.Solve(context.Background(), p, nil)
					require.Error(t, err)
					_, err = a.Worker()(context.Background(), p, nil)
					require.Error(t, err)
					_, err = a.Run(context.Background(), p, nil)
					require.Error(t, err)
				})
			}
		})
	}
	fast, err := Algorithm("fast")
	require.NoError(t, err)
	_, err = fast.Run(context.Background(), p4, nil)
	require.ErrorIs(t, err, core.ErrUnsupported)
	require.ErrorContains(t, err, "fast solves 9x9 grids with 3x3 boxes (classic or X) only, not 4x4")
	_, err = Algorithm("magic")
	require.ErrorContains(t, err, `unknown algorithm "magic" (known: auto, dlx, cells, fast)`)
	require.NotPanics(t, func() {
		require.Error(t, (&Puzzle{}).Verify(nil))
		require.Error(t, (*Puzzle)(nil).Verify(nil))
		require.Error(t, (&Puzzle{}).Render(io.Discard, nil, ""))
		require.Error(t, VerifyGrid(nil, nil))
		require.Error(t, VerifyGrid(&Puzzle{Shape: p4.Shape}, make([]uint8, 16)))
		require.Equal(t, "no shape", (&Puzzle{}).Size())
	})
}

func TestParseLineErrors(t *testing.T) {
	valid := knownPuzzles[0].puzzle
	for _, tc := range []struct {
		name, layout, in, err string
	}{
		{"wrong length", "", valid[:80], "80 cells is not a square grid (a 8x8 grid has 64, a 9x9 grid 81)"},
		{"too long", "", valid + ".", "82 cells is not a square grid"},
		{"empty", "", "   ", "empty puzzle"},
		{"bad symbol", "", "*" + valid[1:], `position 1 (row 1, column 1): bad symbol '*' (use . or 0 for an empty cell, 1–9 for givens)`},
		{"letter in 9x9", "", "x" + valid[1:], `symbol 'x' is out of range for a 9x9 grid (1–9)`},
		{"inner space", "", valid[:40] + " " + valid[41:], `position 41 (row 5, column 5): bad symbol ' '`},
		{"non-ASCII", "", "é" + valid[2:], "bad symbol 'é'"},
		{"non-ASCII, 81 characters", "", valid[:10] + "é" + valid[11:], `position 11 (row 2, column 2): bad symbol 'é'`},
		{"symbol out of range", "", "A" + valid[1:], `position 1 (row 1, column 1): symbol 'A' is out of range for a 9x9 grid (1–9)`},
		{"4x4 out of range", "", "5" + strings.Repeat(".", 15), "out of range for a 4x4 grid (1–4)"},
		{"row clash", "", "1.1" + strings.Repeat(".", 78), "row 1 holds 1 twice (row 1, column 1 and row 1, column 3)"},
		{"column clash", "", "7" + strings.Repeat(".", 8) + "7" + strings.Repeat(".", 71), "column 1 holds 7 twice (row 1, column 1 and row 2, column 1)"},
		{"box clash", "", "3" + strings.Repeat(".", 9) + "3" + strings.Repeat(".", 70), "box 1 holds 3 twice (row 1, column 1 and row 2, column 2)"},
		{"diagonal clash", "x", "5" + strings.Repeat(".", 39) + "5" + strings.Repeat(".", 40), "the main diagonal holds 5 twice (row 1, column 1 and row 5, column 5)"},
		{"anti-diagonal clash", "x", strings.Repeat(".", 8) + "4" + strings.Repeat(".", 31) + "4" + strings.Repeat(".", 40), "the anti-diagonal holds 4 twice"},
		{"prime side", "", strings.Repeat(".", 25), "side 5 has no box shape"},
		{"beyond 35", "", strings.Repeat(".", 36*36), "too large for the one-line format"},
		{"jigsaw size", "jigsaw", strings.Repeat(".", 16), "the region map is 9x9"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := ParseLine(testLayout(t, tc.layout), tc.in)
			require.ErrorContains(t, err, tc.err)
			require.True(t, strings.HasPrefix(err.Error(), "sudoku: "), err.Error())
			var se *lines.Error
			require.True(t, errors.As(err, &se))
		})
	}
	t.Run("box flag", func(t *testing.T) {
		_, err := ParseLine(Layout{BoxRows: 2, BoxCols: 3}, valid)
		require.ErrorContains(t, err, "2x3 boxes need a 6x6 grid (36 cells)")
		p, err := ParseLine(Layout{BoxRows: 3, BoxCols: 2}, knownPuzzles[3].puzzle)
		require.NoError(t, err, "3x2 boxes fit 6x6 too")
		require.Equal(t, "6x6 (3x2 boxes)", p.Shape.String())
	})
	t.Run("stripped", func(t *testing.T) {
		p, err := ParseLine(Layout{}, "\ufeff  "+strings.ReplaceAll(valid, ".", "0")+" \r")
		require.NoError(t, err)
		require.Equal(t, mustParse(t, Layout{}, valid).Givens, p.Givens)
		p2, err := ParseLine(Layout{}, strings.ToLower(knownPuzzles[6].puzzle))
		require.NoError(t, err, "lower-case letters are accepted")
		require.Equal(t, mustParse(t, Layout{}, knownPuzzles[6].puzzle).Givens, p2.Givens)
	})
}

func TestShapes(t *testing.T) {
	for _, tc := range []struct {
		n, r, c int
		want    string
	}{{4, 2, 2, "4x4"}, {6, 2, 3, "6x6 (2x3 boxes)"}, {8, 2, 4, "8x8 (2x4 boxes)"}, {9, 3, 3, "9x9"}, {12, 3, 4, "12x12 (3x4 boxes)"},
		{16, 4, 4, "16x16"}, {25, 5, 5, "25x25"}, {64, 8, 8, "64x64"}, {35, 5, 7, "35x35 (5x7 boxes)"}} {
		s, err := NewShape(tc.n, 0, 0, Classic)
		require.NoError(t, err)
		require.Equal(t, tc.r, s.BoxRows)
		require.Equal(t, tc.c, s.BoxCols)
		require.Equal(t, tc.want, s.String())
	}
	_, err := NewShape(65, 0, 0, Classic)
	require.ErrorContains(t, err, "out of range")
	_, err = NewShape(6, 2, 2, Classic)
	require.ErrorContains(t, err, "does not fit")
	s, err := NewShape(7, 0, 0, Latin)
	require.NoError(t, err)
	require.Equal(t, "7x7 latin", s.String())
	_, err = NewJigsaw([]uint8{0, 0, 0, 1})
	require.ErrorContains(t, err, "region 1 has 3 cells")
	_, err = NewJigsaw([]uint8{0, 0, 1, 2})
	require.ErrorContains(t, err, "region 3 is out of range")
	_, err = ParseVariant("diagonal")
	require.ErrorContains(t, err, "unknown variant")
}

func TestParseRegions(t *testing.T) {
	for _, tc := range []struct{ name, in, err string }{
		{"numbers", "1 1 2 2\n1 1 2 2\n3 3 4 4\n3 3 4 4\n", ""},
		{"letters CRLF BOM", "\ufeff# map\r\nAABB\r\nAABB\r\n\r\nCCDD\r\nCCDD\r\n", ""},
		{"ragged", "AABB\nAAB\n", "line 2: 3 labels, but the first row (line 1) has 4"},
		{"too many regions", "ABCDE\nFAAAA\nAAAAA\nAAAAA\nAAAAA\n", "makes 6 regions, a 5x5 grid has 5"},
		{"stray label", "AAJB\nAABB\nCCDD\nCCDD\n", `line 1, column 3: label "J" makes 5 regions, a 4x4 grid has 4 ("J" has 1 cells, the fewest)`},
		{"uneven", "AAAA\nABBB\nCCDD\nCCDD\n", "region 1 has 5 cells"},
		{"rows", "AB\nAB\nAB\n", "more than 2 rows"},
		{"empty", "# nothing\n", "empty"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s, err := ParseRegions(strings.NewReader(tc.in))
			if tc.err != "" {
				require.ErrorContains(t, err, tc.err)
				return
			}
			require.NoError(t, err)
			require.Equal(t, Jigsaw, s.Variant)
			require.Equal(t, 4, s.N)
			require.Equal(t, []uint8{0, 0, 1, 1, 0, 0, 1, 1, 2, 2, 3, 3, 2, 2, 3, 3}, s.Region)
		})
	}
}

func TestVerifyGrid(t *testing.T) {
	tc := knownPuzzles[0]
	p := mustParse(t, Layout{}, tc.puzzle)
	good := cellsOf(t, tc.solution)
	require.NoError(t, VerifyGrid(p, good))
	sol := make(core.Solution, 81)
	for i, v := range good {
		sol[i] = int32(v)
	}
	require.NoError(t, p.Verify(sol))

	swap := append([]uint8(nil), good...)
	swap[1], swap[2] = swap[2], swap[1] // breaks columns (and a given)
	require.Error(t, VerifyGrid(p, swap))
	given := append([]uint8(nil), good...)
	given[0] = good[1]
	require.ErrorContains(t, VerifyGrid(p, given), "row 1, column 1 holds 6 but the puzzle gives 4")
	empty := append([]uint8(nil), good...)
	empty[80] = 0
	require.ErrorContains(t, VerifyGrid(p, empty), "row 9, column 9 is empty")
	require.ErrorContains(t, VerifyGrid(p, good[:80]), "80 cells")
	bad := append(core.Solution(nil), sol...)
	bad[5] = 10
	require.ErrorContains(t, p.Verify(bad), "out of range")

	// A Latin square that is not a sudoku: rows and columns fine, boxes not.
	cyclic := make([]uint8, 81)
	for r := range 9 {
		for c := range 9 {
			cyclic[r*9+c] = uint8((r+c)%9 + 1)
		}
	}
	empty9 := &Puzzle{Shape: p.Shape, Givens: make([]uint8, 81)}
	require.ErrorContains(t, VerifyGrid(empty9, cyclic), "box 1 holds")
	latin, err := NewShape(9, 0, 0, Latin)
	require.NoError(t, err)
	require.NoError(t, VerifyGrid(&Puzzle{Shape: latin, Givens: make([]uint8, 81)}, cyclic))
}

func TestRender(t *testing.T) {
	p := mustParse(t, Layout{}, knownPuzzles[2].puzzle)
	sol := core.Solution{4, 2, 1, 3, 3, 1, 2, 4, 2, 3, 4, 1, 1, 4, 3, 2}
	var b strings.Builder
	require.NoError(t, p.Render(&b, sol, ""))
	require.Equal(t, "4213312423411432\n", b.String())
	b.Reset()
	require.NoError(t, p.Render(&b, sol, "grid"))
	require.Equal(t, "4 2 1 3\n3 1 2 4\n2 3 4 1\n1 4 3 2\n", b.String())
	b.Reset()
	require.NoError(t, p.Render(&b, sol, "pretty"))
	require.Equal(t, "4 2 | 1 3\n3 1 | 2 4\n---------\n2 3 | 4 1\n1 4 | 3 2\n", b.String())
	b.Reset()
	require.NoError(t, p.Render(&b, sol, "json"))
	require.Equal(t, "\"4213312423411432\"\n", b.String())
	b.Reset()
	require.NoError(t, p.Render(&b, sol, "svg"))
	svg := b.String()
	require.True(t, strings.HasPrefix(svg, "<svg "), svg)
	require.True(t, strings.HasSuffix(svg, "</svg>\n"))
	require.Equal(t, 4, strings.Count(svg, `fill="#000">`), "the four givens in black")
	require.Equal(t, 12, strings.Count(svg, `fill="#1f4e9c">`), "the solved cells in blue")
	require.Equal(t, 4+4+1, strings.Count(svg, `stroke-width="3"/>`), "box borders: four cell sides each way, and the frame")
	b.Reset()
	require.NoError(t, p.Render(&b, nil, ""), "no solution: the puzzle itself")
	require.Equal(t, "4.....2..3..1...\n", b.String())
	require.ErrorContains(t, p.Render(&b, sol, "png"), "unknown format")
	require.Error(t, p.Render(&b, sol[:3], ""))
	require.Error(t, p.Render(&b, core.Solution{-1, 2, 1, 3, 3, 1, 2, 4, 2, 3, 4, 1, 1, 4, 3, 2}, "svg"))
	big, err := NewShape(36, 0, 0, Classic)
	require.NoError(t, err)
	pb := &Puzzle{Shape: big, Givens: make([]uint8, big.Cells())}
	b.Reset()
	require.NoError(t, pb.Render(&b, nil, "json"))
	require.True(t, strings.HasPrefix(b.String(), "[[0,0,"), "beyond 35 symbols, rows of numbers")
	require.Equal(t, "sudoku", p.Model())
	require.Equal(t, "4x4", p.Size())
}

func TestReader(t *testing.T) {
	in := "\ufeff# header\r\n\r\n" + knownPuzzles[2].puzzle + "\r\n  # indented comment\n" + knownPuzzles[0].puzzle + "\n"
	rd := NewReader(strings.NewReader(in), LineFormat)
	var lines []int
	for {
		rec, err := rd.Next(nil)
		if err != nil {
			require.Equal(t, "EOF", err.Error())
			break
		}
		lines = append(lines, rec.Line)
	}
	require.Equal(t, []int{3, 5}, lines)

	grid := "# two 4x4 grids\n4 0 0 0\n0 0 . 2\n0 0 3 0\n0 1 0 0\n\n\n1 2 0 0\r\n0 0 0 3\r\n0 0 0 0\r\n0 0 0 0\r\n"
	rd = NewReader(strings.NewReader(grid), GridFormat)
	pr := NewParser(Layout{})
	var p Puzzle
	rec, err := rd.Next(nil)
	require.NoError(t, err)
	require.Equal(t, 2, rec.Line)
	require.NoError(t, pr.Parse(GridFormat, rec, &p))
	require.Equal(t, cellsOf(t, "4.......0.3..1..")[:4], p.Givens[:4])
	require.Equal(t, uint8(2), p.Givens[7])
	rec, err = rd.Next(nil)
	require.NoError(t, err)
	require.Equal(t, 8, rec.Line)
	require.NoError(t, pr.Parse(GridFormat, rec, &p))
	_, err = rd.Next(nil)
	require.Error(t, err)

	for _, tc := range []struct{ name, in, err string }{
		{"short row", "1 2 0 0\n0 0 3\n0 0 0 0\n0 0 0 0\n", "line 2: row 2 has 3 numbers, want 4"},
		{"rows", "1 2 0 0\n0 0 0 0\n", "grid of 2 rows, but its first row has 4 numbers"},
		{"symbol", "1 2 0 0\n0 x 0 0\n0 0 0 0\n0 0 0 0\n", `row 2, column 2: "x" is not a symbol`},
		{"range", "1 2 0 0\n0 5 0 0\n0 0 0 0\n0 0 0 0\n", `"5" is not a symbol of a 4x4 grid`},
		{"clash", "1 2 0 0\n0 1 0 0\n0 0 0 0\n0 0 0 0\n", "box 1 holds 1 twice"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			rd := NewReader(strings.NewReader(tc.in), GridFormat)
			rec, err := rd.Next(nil)
			require.NoError(t, err)
			require.ErrorContains(t, NewParser(Layout{}).Parse(GridFormat, rec, &p), tc.err)
		})
	}
}

// TestReaderEndlessBlock: a grid block of more rows than any grid has is
// one invalid record, its rows not kept past the largest side (a block of
// endless rows, `yes "0 0 0 0" | sudoku solve - --input grid`, ran out of
// memory), and the block after it is read.
func TestReaderEndlessBlock(t *testing.T) {
	const rows = 100_000
	in := strings.Repeat("0 0 0 0\n", rows) + "\n4 0 0 0\n0 0 2 0\n0 3 0 0\n1 0 0 0\n"
	rd := NewReader(strings.NewReader(in), GridFormat)
	rec, err := rd.Next(nil)
	require.ErrorContains(t, err, "line 1: grid block has more than 64 rows")
	require.Equal(t, 1, rec.Line)
	require.Equal(t, err, rec.Err, "one invalid record: the batch goes on")
	require.LessOrEqual(t, bytes.Count(rec.Text, []byte{'\n'}), MaxSide, "the rows past the largest side are not kept")
	rec, err = rd.Next(nil)
	require.NoError(t, err)
	require.Equal(t, rows+2, rec.Line)
	var p Puzzle
	require.NoError(t, NewParser(Layout{}).Parse(GridFormat, rec, &p))
	_, err = rd.Next(nil)
	require.ErrorIs(t, err, io.EOF)
}

func TestGridFormat64(t *testing.T) {
	// A 64x64 grid in the grid format: the pattern solution of 8x8 boxes
	// with every 5th cell emptied.
	const n = 64
	want := make([]uint8, n*n)
	var b strings.Builder
	for r := range n {
		for c := range n {
			v := (8*(r%8)+r/8+c)%n + 1
			want[r*n+c] = uint8(v)
			if c > 0 {
				b.WriteByte(' ')
			}
			if (r*n+c)%5 == 0 {
				v = 0
			}
			b.WriteString(strconv.Itoa(v))
		}
		b.WriteByte('\n')
	}
	answers := 0
	_, err := SolveBatch(context.Background(), strings.NewReader(b.String()), BatchOptions{Format: GridFormat, Limit: 2}, func(a *batch.Answer) error {
		require.NoError(t, a.Err)
		require.Equal(t, Solved, a.Verdict)
		require.Equal(t, n, a.Problem.(*Puzzle).Shape.N)
		require.Equal(t, want, cellsOfSolution(a.Result.First))
		answers++
		return nil
	})
	require.NoError(t, err)
	require.Equal(t, 1, answers)
}

func TestBatch(t *testing.T) {
	two, _ := twoSolutions(t)
	lines := []string{
		"# a batch with every verdict",
		knownPuzzles[0].puzzle,
		string(AppendLine(nil, two.Givens)),
		"",
		"12345678." + "........9" + strings.Repeat(".", 63),
		knownPuzzles[0].puzzle[:80],
		knownPuzzles[2].puzzle,
		"1.1" + strings.Repeat(".", 78),
		knownPuzzles[6].puzzle,
	}
	in := strings.Join(lines, "\r\n") + "\r\n"
	type got struct {
		line    int
		verdict Verdict
		found   uint64
	}
	for _, a := range models.Algorithms("sudoku") {
		want := []got{{2, Solved, 1}, {3, Multiple, 2}, {5, Unsolvable, 0}, {6, Invalid, 0}, {7, Solved, 1}, {8, Invalid, 0}, {9, Solved, 1}}
		if a.Name == "fast" {
			// 4x4 and 16x16: fast refuses the grids, the batch goes on.
			want[4], want[6] = got{7, Invalid, 0}, got{9, Invalid, 0}
		}
		for _, workers := range []int{1, 3} {
			t.Run(a.Name+"/workers="+strconv.Itoa(workers), func(t *testing.T) {
				var out []got
				sum, err := SolveBatch(context.Background(), strings.NewReader(in), BatchOptions{Algorithm: a.Name, Limit: 2, Workers: workers}, func(ans *batch.Answer) error {
					found, _ := ans.Result.Solutions.Uint64()
					out = append(out, got{ans.Line, ans.Verdict, found})
					if ans.Verdict == Invalid {
						require.Error(t, ans.Err)
						require.Empty(t, ans.Algorithm)
					} else {
						require.NotEmpty(t, ans.Algorithm)
					}
					if sol := ans.Result.First; sol != nil {
						p := mustParse(t, Layout{}, lines[ans.Line-1])
						require.NoError(t, VerifyGrid(p, cellsOfSolution(sol)), "the solution verifies")
					}
					return nil
				})
				require.NoError(t, err)
				require.Equal(t, want, out)
				require.Equal(t, 7, sum.Records)
				searched := 0
				for _, c := range sum.ByAlgorithm {
					searched += c.Records
					if a.Name != "auto" {
						require.Equal(t, a.Name, c.Algorithm)
					}
				}
				require.Equal(t, sum.Records-sum.ByVerdict[Invalid], searched, "every valid puzzle searched by one algorithm")
			})
		}
	}
}

func TestBatchOrderManyWorkers(t *testing.T) {
	// Many chunks: answers stay in input order whatever the workers do.
	var b strings.Builder
	const n = 1000
	for i := range n {
		b.WriteString(knownPuzzles[i%3].puzzle)
		b.WriteByte('\n')
	}
	next := 1
	sum, err := SolveBatch(context.Background(), strings.NewReader(b.String()), BatchOptions{Limit: 1, Workers: 4}, func(a *batch.Answer) error {
		require.Equal(t, next, a.Line)
		require.Equal(t, Solved, a.Verdict)
		next++
		return nil
	})
	require.NoError(t, err)
	require.Equal(t, n, sum.Records)

	// An emit error stops the batch and is returned.
	stop := errors.New("stop")
	k := 0
	_, err = SolveBatch(context.Background(), strings.NewReader(b.String()), BatchOptions{Limit: 1, Workers: 2}, func(a *batch.Answer) error {
		k++
		if k == 100 {
			return stop
		}
		return nil
	})
	require.ErrorIs(t, err, stop)
	require.Equal(t, 100, k)
}

// TestBatchCanceled stops batches: a context ended before the start
// reads nothing; one ended after 100 answers stops the reading there (the
// puzzles read and not solved are answered timeout, at most the chunks in
// flight), and the summary says the rest was not read.
func TestBatchCanceled(t *testing.T) {
	var b strings.Builder
	for range 3000 {
		b.WriteString(knownPuzzles[0].puzzle + "\n")
	}
	b.WriteString("bad\n")
	for _, workers := range []int{1, 2} {
		ctx, cancel := context.WithCancel(context.Background())
		cancel()
		count := 0
		sum, err := SolveBatch(ctx, strings.NewReader(b.String()), BatchOptions{Limit: 2, Workers: workers}, func(a *batch.Answer) error {
			count++
			return nil
		})
		require.NoError(t, err)
		require.Zero(t, count, "nothing read")
		require.True(t, sum.Unread)

		ctx, cancel = context.WithCancel(context.Background())
		count = 0
		sum, err = SolveBatch(ctx, strings.NewReader(b.String()), BatchOptions{Limit: 2, Workers: workers}, func(a *batch.Answer) error {
			count++
			if count == 100 {
				cancel()
			}
			return nil
		})
		require.NoError(t, err)
		require.True(t, sum.Unread)
		require.LessOrEqual(t, count, 100+4*workers*models.BatchChunk+models.BatchChunk, "workers %d: the reading stops", workers)
		require.Equal(t, count, sum.Records)
	}
}

func TestBatchLongLine(t *testing.T) {
	long := strings.Repeat(".", 70_000)
	for _, tc := range []struct {
		name, in string
		format   Format
		want     []Verdict
		lines    []int
	}{
		{"between two puzzles", knownPuzzles[0].puzzle + "\n" + long + "\n" + knownPuzzles[1].puzzle + "\n", LineFormat,
			[]Verdict{Solved, Invalid, Solved}, []int{1, 2, 3}},
		{"last, no newline", knownPuzzles[0].puzzle + "\n" + long, LineFormat, []Verdict{Solved, Invalid}, []int{1, 2}},
		{"in a grid block", "4 0 0 0\n0 0 2 0\n0 3 0 0\n1 0 0 0\n\n" + long + "\n1 0\n\n4 0 0 0\n0 0 2 0\n0 3 0 0\n1 0 0 0\n", GridFormat,
			[]Verdict{Solved, Invalid, Solved}, []int{1, 6, 9}},
	} {
		for _, workers := range []int{1, 2} {
			t.Run(tc.name+"/workers="+strconv.Itoa(workers), func(t *testing.T) {
				var verdicts []Verdict
				var at []int
				sum, err := SolveBatch(context.Background(), strings.NewReader(tc.in), BatchOptions{Format: tc.format, Limit: 2, Workers: workers}, func(a *batch.Answer) error {
					verdicts = append(verdicts, a.Verdict)
					at = append(at, a.Line)
					if a.Verdict == Invalid {
						require.ErrorContains(t, a.Err, "line too long (more than 65536 bytes)")
						require.ErrorIs(t, a.Err, lines.ErrTooLong)
					}
					return nil
				})
				require.NoError(t, err)
				require.Equal(t, tc.want, verdicts, "the lines before and after are answered")
				require.Equal(t, tc.lines, at)
				require.Equal(t, 1, sum.ByVerdict[Invalid])
			})
		}
	}
}

func TestBatchProgress(t *testing.T) {
	in := strings.Repeat(knownPuzzles[0].puzzle+"\n", 200)
	var calls []uint64
	sum, err := SolveBatch(context.Background(), strings.NewReader(in), BatchOptions{Limit: 1, Progress: func(done uint64) { calls = append(calls, done) }},
		func(*batch.Answer) error { return nil })
	require.NoError(t, err)
	require.Equal(t, 200, sum.Records)
	require.NotEmpty(t, calls)
	require.True(t, slices.IsSorted(calls))
	require.Equal(t, uint64(200), calls[len(calls)-1], "the last call counts every puzzle")
}

func TestBatchUnknownAlgorithm(t *testing.T) {
	_, err := SolveBatch(context.Background(), strings.NewReader(knownPuzzles[0].puzzle), BatchOptions{Algorithm: "magic"}, func(*batch.Answer) error { return nil })
	require.ErrorContains(t, err, "unknown algorithm")
	_, err = SolveBatch(context.Background(), strings.NewReader(knownPuzzles[0].puzzle), BatchOptions{Algorithm: "fast", Layout: Layout{BoxRows: 2, BoxCols: 3}}, func(*batch.Answer) error { return nil })
	require.ErrorIs(t, err, core.ErrUnsupported, "refused before reading")
}

func TestRegistry(t *testing.T) {
	var names []string
	for _, a := range models.Algorithms("sudoku") {
		names = append(names, a.Name)
		require.NotNil(t, a.NewWorker, "%s: a worker for batches", a.Name)
		require.Equal(t, models.Exact, a.Kind)
		require.True(t, a.Caps.Has(models.CanFirst|models.CanAll|models.CanCount), a.Name)
	}
	require.Equal(t, []string{"auto", "dlx", "cells", "fast"}, names)
	def, err := Algorithm("")
	require.NoError(t, err)
	require.Equal(t, "auto", def.Name)
}

func TestWorkerAllocs(t *testing.T) {
	if testing.Short() {
		t.Skip("allocation counts in -short mode are not needed")
	}
	p := mustParse(t, Layout{}, knownPuzzles[1].puzzle)
	p6 := mustParse(t, Layout{}, knownPuzzles[3].puzzle)
	for _, a := range models.Algorithms("sudoku") {
		w := a.Worker()
		o := &core.Options{Mode: core.ModeAll, Limit: 2, Workers: 1} // as a batch runs them
		puzzles := []*Puzzle{p, p6}
		if a.Name == "fast" {
			puzzles = puzzles[:1]
		}
		for _, q := range puzzles {
			_, err := w(context.Background(), q, o)
			require.NoError(t, err)
		}
		allocs := testing.AllocsPerRun(20, func() {
			for _, q := range puzzles {
				_, _ = w(context.Background(), q, o)
			}
		})
		require.Zero(t, allocs, "%s: a worker allocates nothing per puzzle, whatever the grid", a.Name)
	}
}

func TestGenerate(t *testing.T) {
	for _, tc := range []struct {
		name   string
		layout Layout
		n      int
		givens int
	}{
		{"9x9", Layout{}, 9, 0},
		{"9x9 with 30 givens", Layout{}, 9, 30},
		{"6x6", Layout{}, 6, 0},
		{"X", Layout{Variant: X}, 9, 0},
		{"jigsaw", testLayout(t, "jigsaw"), 9, 0},
		{"Latin 5", Layout{Variant: Latin}, 5, 0},
		{"16x16", Layout{}, 16, 120},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s, err := tc.layout.Shape(tc.n)
			require.NoError(t, err)
			o := GenerateOptions{Shape: s, Givens: tc.givens, Seed: 42}
			p, sol, err := Generate(context.Background(), o)
			require.NoError(t, err)
			require.NoError(t, p.Check())
			require.NoError(t, VerifyGrid(p, sol))
			if tc.givens > 0 {
				require.Equal(t, tc.givens, p.Count())
			}
			dlx, err := Algorithm("dlx")
			require.NoError(t, err)
			res, got := solveBoth(t, dlx, p, unique)
			require.Equal(t, Solved, VerdictOf(&res), "unique")
			require.Equal(t, sol, got)
			p2, _, err := Generate(context.Background(), o)
			require.NoError(t, err)
			require.Equal(t, p.Givens, p2.Givens, "deterministic per seed")
			o.Seed = 43
			o.Algorithm = "dlx"
			p3, _, err := Generate(context.Background(), o)
			require.NoError(t, err)
			require.NotEqual(t, p.Givens, p3.Givens, "another seed, another puzzle")
		})
	}
	s, _ := NewShape(9, 0, 0, Classic)
	_, _, err := Generate(context.Background(), GenerateOptions{Shape: s, Givens: 12, Seed: 1, Attempts: 2})
	require.ErrorIs(t, err, ErrGivens)
}

// TestSharedAgree checks that dlx and fast agree, solution for solution, on
// all of top1465 and every 10th puzzle of 17clue, and that every solution
// verifies and is unique.
func TestSharedAgree(t *testing.T) {
	for _, tc := range []struct {
		file  string
		every int
	}{{"top1465.txt", 1}, {"17clue.txt", 10}} {
		t.Run(tc.file, func(t *testing.T) {
			f, err := os.Open(fastSharedFile(t, tc.file))
			require.NoError(t, err)
			defer f.Close()
			rd := NewReader(f, LineFormat)
			pr := NewParser(Layout{})
			algs := models.Algorithms("sudoku")
			workers := make([]core.Solver, len(algs))
			for i, a := range algs {
				workers[i] = a.Worker()
			}
			var p Puzzle
			k, checked := 0, 0
			start := time.Now()
			for {
				rec, err := rd.Next(nil)
				if err != nil {
					break
				}
				k++
				if (k-1)%tc.every != 0 {
					continue
				}
				require.NoError(t, pr.Parse(LineFormat, rec, &p), "line %d", rec.Line)
				var first core.Solution
				for i, w := range workers {
					res, err := w(context.Background(), &p, unique)
					require.NoError(t, err)
					require.Equal(t, Solved, VerdictOf(&res), "%s, line %d", algs[i].Name, rec.Line)
					if first == nil {
						require.NoError(t, p.Verify(res.First), "line %d", rec.Line)
						first = slices.Clone(res.First)
					}
					require.Equal(t, first, res.First, "%s, line %d", algs[i].Name, rec.Line)
				}
				checked++
			}
			require.Greater(t, checked, 1000)
			t.Logf("%d puzzles agree in %v", checked, time.Since(start).Round(time.Millisecond))
		})
	}
}

func FuzzParseLine(f *testing.F) {
	for _, tc := range knownPuzzles {
		f.Add(tc.puzzle, uint8(0))
	}
	f.Add("\ufeff 1.1"+strings.Repeat(".", 78)+"\r", uint8(1))
	f.Add(strings.Repeat("Z", 35*35), uint8(2))
	f.Add("", uint8(3))
	f.Fuzz(func(t *testing.T, s string, v uint8) {
		l := Layout{Variant: Variant(v % 4)}
		if l.Variant == Jigsaw {
			l.Variant = X
		}
		pr := NewParser(l)
		var p Puzzle
		err := pr.ParseLine(1, []byte(s), &p)
		if err != nil {
			require.True(t, strings.HasPrefix(err.Error(), "sudoku: line 1: "), err.Error())
			return
		}
		require.NoError(t, p.Check(), "a parsed puzzle passes Check")
		require.Equal(t, p.Shape.Cells(), len(p.Givens))
		// The puzzle survives a round trip through the line format.
		back, err := ParseLine(l, string(AppendLine(nil, p.Givens)))
		require.NoError(t, err)
		require.Equal(t, p.Givens, back.Givens)
	})
}

func FuzzParseGrid(f *testing.F) {
	f.Add("4 0 0 0\n0 0 . 2\n0 3 0 0\n0 1 0 0\n")
	f.Add("1 2\n2 1\n")
	f.Add("1 1 0 0\n0 0 0 0\n0 0 0 0\n0 0 0 0\n")
	f.Add("999 0\n0 0\n")
	f.Fuzz(func(t *testing.T, s string) {
		rd := NewReader(strings.NewReader(s), GridFormat)
		pr := NewParser(Layout{Variant: Latin})
		var p Puzzle
		for range 8 {
			rec, err := rd.Next(nil)
			if err != nil {
				return
			}
			if err := pr.Parse(GridFormat, rec, &p); err != nil {
				require.True(t, strings.HasPrefix(err.Error(), "sudoku: line "), err.Error())
				continue
			}
			require.NoError(t, p.Check())
		}
	})
}

func FuzzParseRegions(f *testing.F) {
	f.Add("AABB\nAABB\nCCDD\nCCDD\n")
	f.Add("1 1 2 2\n1 1 2 2\n3 3 4 4\n3 3 4 4\n")
	f.Add("AB\nBA\n")
	f.Fuzz(func(t *testing.T, s string) {
		sh, err := ParseRegions(strings.NewReader(s))
		if err != nil {
			require.True(t, strings.HasPrefix(err.Error(), "sudoku: "), err.Error())
			return
		}
		require.Equal(t, sh.N*sh.N, len(sh.Region))
		_, err = NewJigsaw(sh.Region)
		require.NoError(t, err)
	})
}

func TestModelDescriptor(t *testing.T) {
	m, err := models.Lookup("sudoku")
	require.NoError(t, err)
	regions, err := os.ReadFile(filepath.Join("testdata", "jigsaw9.txt"))
	require.NoError(t, err)
	open := func(string) (io.ReadCloser, error) { return io.NopCloser(strings.NewReader(string(regions))), nil }
	for _, tc := range knownPuzzles {
		t.Run(tc.name, func(t *testing.T) {
			params := map[string]string{"variant": "classic"}
			if tc.layout != "" {
				params["variant"] = tc.layout
			}
			if tc.layout == "jigsaw" {
				params["regions"] = "jigsaw9.txt"
			}
			p, err := m.Instance.New(models.Request{Args: []string{tc.puzzle}, Params: params, Open: open})
			require.NoError(t, err)
			a, err := m.Pick("", p, nil)
			require.NoError(t, err)
			require.Equal(t, "auto", a.Name)
			res, err := a.Run(context.Background(), p, unique)
			require.NoError(t, err)
			require.Equal(t, Solved, VerdictOf(&res))
			require.NoError(t, p.Verify(res.First))
			var b strings.Builder
			require.NoError(t, p.Render(&b, res.First, ""))
			require.Equal(t, tc.solution+"\n", b.String())
			require.Equal(t, "variant", m.Fields(p, &res)[0].Key)
		})
	}
	_, err = m.Instance.New(models.Request{Args: []string{"1.1"}, Params: map[string]string{}})
	require.ErrorContains(t, err, "not a square grid")
	_, err = m.Instance.New(models.Request{Args: []string{knownPuzzles[0].puzzle}, Params: map[string]string{"box": "2by3"}})
	require.ErrorContains(t, err, `box "2by3"`)

	pairs := knownPuzzles[2].puzzle + " " + knownPuzzles[2].solution + "\n" + knownPuzzles[2].puzzle + " " + "4213312423411423\n"
	rep, err := m.Verify(context.Background(), models.Request{Params: map[string]string{}}, strings.NewReader(pairs))
	require.NoError(t, err)
	require.Equal(t, uint64(2), rep.Solutions)
	require.Equal(t, uint64(1), rep.Invalid)
	require.Equal(t, 2, rep.FirstBad.Line)
}

func TestLayoutOf(t *testing.T) {
	for _, tc := range []struct {
		name, variant, box, regions, err string
		want                             Layout
	}{
		{"classic", "", "", "", "", Layout{}},
		{"box", "classic", "2x3", "", "", Layout{BoxRows: 2, BoxCols: 3}},
		{"box ×", "x", "3×2", "", "", Layout{Variant: X, BoxRows: 3, BoxCols: 2}},
		{"bad box", "", "2by3", "", `box "2by3"`, Layout{}},
		{"box too large", "", "9x9", "", "at most 64", Layout{}},
		{"box on latin", "latin", "2x2", "", "does not apply", Layout{}},
		{"jigsaw without map", "jigsaw", "", "", "needs a region map", Layout{}},
		{"map without jigsaw", "", "", "AB\nBA\n", "needs the jigsaw variant", Layout{}},
		{"bad variant", "hex", "", "", "unknown variant", Layout{}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var r io.Reader
			if tc.regions != "" {
				r = strings.NewReader(tc.regions)
			}
			l, err := LayoutOf(tc.variant, tc.box, r)
			if tc.err != "" {
				require.ErrorContains(t, err, tc.err)
				return
			}
			require.NoError(t, err)
			require.Equal(t, tc.want, l)
		})
	}
}

// cellsOfSolution returns a batch answer's first solution as cells.
func cellsOfSolution(sol core.Solution) []uint8 {
	cells := make([]uint8, len(sol))
	for i, v := range sol {
		cells[i] = uint8(v)
	}
	return cells
}
