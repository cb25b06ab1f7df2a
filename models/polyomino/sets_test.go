package polyomino_test

import (
	"bytes"
	"context"
	"strings"
	"testing"

	"github.com/coverkit/coverkit/core"
	"github.com/coverkit/coverkit/models"
	"github.com/coverkit/coverkit/models/polyomino"
	"github.com/stretchr/testify/require"
)

func TestParsePieces(t *testing.T) {
	for _, tc := range []struct {
		spec  string
		names []string
		lo    []int
		hi    []int
	}{
		{"domino", []string{"domino"}, []int{0}, []int{polyomino.Unlimited}},
		{"trominoes", []string{"I3", "L3"}, []int{1, 1}, []int{1, 1}},
		{"tetrominoes*2", []string{"I4", "L4", "O4", "S4", "T4"}, []int{2, 2, 2, 2, 2}, []int{2, 2, 2, 2, 2}},
		{"L3, monomino*0..2", []string{"L3", "monomino"}, []int{0, 0}, []int{polyomino.Unlimited, 2}},
		{"T=###/.#./.#.*2,##", []string{"T", "p1"}, []int{2, 0}, []int{2, polyomino.Unlimited}},
		// One free shape given twice is one piece, its counts added
		// (issue 32): the name is the first's.
		{"domino,##", []string{"domino"}, []int{0}, []int{polyomino.Unlimited}},
		{"domino,domino", []string{"domino"}, []int{0}, []int{polyomino.Unlimited}},
		{"L3*2,#./##*3", []string{"L3"}, []int{5}, []int{5}},
		{"I3*1..2,###*0..4,L3", []string{"I3", "L3"}, []int{1, 0}, []int{6, polyomino.Unlimited}},
		{"trominoes,#/##", []string{"I3", "L3"}, []int{1, 1}, []int{1, polyomino.Unlimited}},
	} {
		t.Run(tc.spec, func(t *testing.T) {
			ps, err := polyomino.ParsePieces(tc.spec)
			require.NoError(t, err)
			require.Len(t, ps, len(tc.names))
			for i, p := range ps {
				require.Equal(t, tc.names[i], p.Name)
				require.Equal(t, tc.lo[i], p.Lo, p.Name)
				require.Equal(t, tc.hi[i], p.Hi, p.Name)
			}
		})
	}
	for _, bad := range []string{"", "domino,", "hexominoes", "domino*0", "domino*x", "domino*3..2", "domino*0..0",
		"a=##,a=###", "domino*65536,##*1", "a b=##", "#.#", "domino*99999999"} {
		_, err := polyomino.ParsePieces(bad)
		require.Error(t, err, bad)
		require.True(t, strings.HasPrefix(err.Error(), "polyomino: "), err.Error())
	}
}

// TestOneShapeOnePiece: a piece set is a set of free shapes (issue 32:
// "domino,##" counted each domino tiling of 8×8 once for every way to
// share its 32 dominoes between two pieces, 2^32 times over). Given
// twice, a shape counts as given once with both counts; the library's New
// refuses two pieces of one shape.
func TestOneShapeOnePiece(t *testing.T) {
	for _, tc := range []struct{ board, spec, want string }{
		{"4x4", "domino,##", "36"},       // OEIS A004003(2)
		{"8x8", "domino,##", "12988816"}, // OEIS A004003(4)
		{"2x4", "domino*2,#/#*2", "5"},   // four dominoes: the 5 tilings of 2×4
		{"2x4", "domino*1,#/#*2", "0"},   // three dominoes cannot cover 8 cells
	} {
		res := countWith(t, newSet(t, tc.board, tc.spec), "auto")
		require.Equal(t, tc.want, res.Solutions.String(), "%s by %s", tc.board, tc.spec)
	}
	b, err := polyomino.Rect(2, 2)
	require.NoError(t, err)
	d, err := polyomino.ParsePiece("D", "##")
	require.NoError(t, err)
	e, err := polyomino.ParsePiece("E", "#/#")
	require.NoError(t, err)
	_, err = polyomino.New(b, []polyomino.Piece{d, e})
	require.ErrorContains(t, err, "have the same shape")
}

// newSet builds the tiling of board by the piece set spec.
func newSet(t testing.TB, board, spec string) *polyomino.Tiling {
	t.Helper()
	ps, err := polyomino.ParsePieces(spec)
	require.NoError(t, err)
	tl := tiling(t, board, ps)
	tl.Set = spec
	return tl
}

// countWith counts tl's tilings with the named algorithm.
func countWith(t testing.TB, tl *polyomino.Tiling, alg string) core.Result {
	t.Helper()
	a, err := models.LookupAlgorithm("polyomino", alg)
	require.NoError(t, err)
	res, err := a.Run(context.Background(), tl, &core.Options{Mode: core.ModeCount, Workers: 1})
	require.NoError(t, err)
	require.Equal(t, core.StatusExhausted, res.Status)
	return res
}

// TestRepeatedPieceCounts counts tilings by pieces that repeat, with
// every algorithm that can: dominoes on squares (OEIS A004003) and on 2×n
// strips (Fibonacci numbers, OEIS A000045), L-trominoes (2×3: 2; 9×12:
// 467,966,840, found by two independent programs), and bounded copies.
func TestRepeatedPieceCounts(t *testing.T) {
	for _, tc := range []struct {
		board, spec string
		want        string
		dlx         bool // small enough for the plain search
	}{
		{"4x4", "domino", "36", true},
		{"2x10", "domino", "89", true},
		{"8x8", "domino", "12988816", false},
		{"2x3", "L3", "2", true},
		{"9x12", "L3", "467966840", false},
		// O4 at either end of 2x4 leaves a 2x2 (two ways), in the middle
		// two vertical dominoes: 5.
		{"2x4", "O4,domino*2", "5", true},
		{"2x4", "O4*0..1,domino*2..4", "10", true}, // and the 5 domino tilings
		{"3x3", "domino", "0", true},
	} {
		t.Run(tc.board+" "+tc.spec, func(t *testing.T) {
			tl := newSet(t, tc.board, tc.spec)
			for _, alg := range []string{"auto", "memo", "dlx"} {
				if alg == "dlx" && !tc.dlx {
					continue
				}
				res := countWith(t, tl, alg)
				require.Equal(t, tc.want, res.Solutions.String(), alg)
				require.True(t, res.Fundamental.IsZero(), "no symmetry reduction with repeated pieces")
			}
		})
	}
}

// TestRepeatedPieceSolutions lists every tiling of small boards by pieces
// that repeat and checks each with Verify, the copies told apart, and the
// renderings.
func TestRepeatedPieceSolutions(t *testing.T) {
	for _, tc := range []struct {
		board, spec string
		n           int
	}{{"4x4", "domino", 36}, {"2x4", "O4*0..1,domino*2..4", 10}, {"3x4", "L3", 4}} {
		tl := newSet(t, tc.board, tc.spec)
		alg, _ := models.LookupAlgorithm("polyomino", "dlx")
		var sols []core.Solution
		_, err := alg.Run(context.Background(), tl, &core.Options{Mode: core.ModeAll, Visit: func(sol core.Solution, _ core.Stats) bool {
			require.NoError(t, tl.Verify(sol), "%s %s", tc.board, tc.spec)
			sols = append(sols, append(core.Solution(nil), sol...))
			return true
		}})
		require.NoError(t, err)
		require.Len(t, sols, tc.n, "%s %s", tc.board, tc.spec)
		for _, format := range []string{"text", "json", "svg"} {
			var b bytes.Buffer
			require.NoError(t, tl.Render(&b, sols[0], format))
			require.NotEmpty(t, b.String())
		}
	}
	// Two dominoes side by side are told apart only by their copies: one
	// value for both is not a tiling by dominoes.
	tl := newSet(t, "2x2", "domino")
	require.NoError(t, tl.Verify(core.Solution{0, 0, 1, 1}))
	require.Error(t, tl.Verify(core.Solution{0, 0, 0, 0}))
	bounded := newSet(t, "2x2", "domino*1")
	require.Error(t, bounded.Verify(core.Solution{0, 0, 1, 1}), "two dominoes where one is allowed")
}

// TestRepeatedPieceSample draws random tilings: each verifies, and
// --unique is refused for a set whose pieces repeat.
func TestRepeatedPieceSample(t *testing.T) {
	tl := newSet(t, "8x8", "domino")
	for _, alg := range []string{"auto", "memo"} {
		a, _ := models.LookupAlgorithm("polyomino", alg)
		n := 0
		res, err := a.Run(context.Background(), tl, &core.Options{Mode: core.ModeAll, Sample: 3, Seed: 9, Visit: func(sol core.Solution, _ core.Stats) bool {
			require.NoError(t, tl.Verify(sol))
			n++
			return true
		}})
		require.NoError(t, err)
		require.Equal(t, 3, n)
		require.Equal(t, core.StatusFound, res.Status)
	}
	a, _ := models.LookupAlgorithm("polyomino", "dlx")
	_, err := a.Run(context.Background(), tl, &core.Options{Mode: core.ModeCount, Unique: true})
	require.ErrorIs(t, err, core.ErrUnsupported)
}
