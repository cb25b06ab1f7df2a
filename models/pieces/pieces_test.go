package pieces

import (
	"context"
	"errors"
	"fmt"
	"testing"

	"github.com/coverkit/coverkit/core"
	"github.com/coverkit/coverkit/models"
	"github.com/coverkit/coverkit/resource"
	"github.com/stretchr/testify/require"
)

// mustProblem builds a problem or fails the test.
func mustProblem(t testing.TB, c Config) *Problem {
	t.Helper()
	p, err := c.Problem()
	require.NoError(t, err)
	return p
}

// solveT runs a registered algorithm and checks that every solution it
// reports verifies.
func solveT(t testing.TB, alg string, p *Problem, o core.Options) core.Result {
	t.Helper()
	a, err := models.LookupAlgorithm("pieces", alg)
	require.NoError(t, err)
	visit := o.Visit
	o.Visit = func(sol core.Solution, since core.Stats) bool {
		require.NoError(t, p.Verify(sol), "%s %v", alg, p.Size())
		if visit != nil {
			return visit(sol, since)
		}
		return true
	}
	res, err := a.Run(context.Background(), p, &o)
	require.NoError(t, err)
	if res.First != nil {
		require.NoError(t, p.Verify(res.First))
	}
	return res
}

// algorithmsFor lists the registered algorithms that support p with o.
func algorithmsFor(p *Problem, o *core.Options) []string {
	var out []string
	for _, a := range models.Algorithms("pieces") {
		if a.Supports(p, o) == nil {
			out = append(out, a.Name)
		}
	}
	return out
}

func TestPlaceKnownCounts(t *testing.T) {
	tests := []struct {
		name   string
		c      Config
		want   uint64
		source string
	}{
		{"32 knights", Config{Piece: "knight", Size: "8", K: 32}, 2, "seed 002 (32 knights on 8x8), one per colour"},
		{"14 bishops", Config{Piece: "bishop", Size: "8", K: 14}, 256, "seed 002; OEIS A002465? no: 2^(n) for 2n-2 bishops (Yaglom & Yaglom)"},
		{"16 kings", Config{Piece: "king", Size: "8", K: 16}, 281571, "seed 002; OEIS A018807 (n^2 kings on 2n x 2n)"},
		{"8 rooks", Config{Piece: "rook", Size: "8", K: 8}, 40320, "seed 002; 8!"},
		{"8 queens", Config{Piece: "queens", Size: "8", K: 8}, 92, "OEIS A000170"},
		{"12 queens", Config{Piece: "queen", Size: "10", K: 10}, 724, "OEIS A000170"},
		{"4 queens on the cube", Config{Piece: "queen", Size: "3x3x3", K: 4}, 16, "seed 002 (4 queens on 3x3x3); count cross-checked by brute force below"},
		{"torus 5", Config{Piece: "queen", Size: "5", K: 5, Torus: true}, 10, "OEIS A051906"},
		{"torus 7", Config{Piece: "queen", Size: "7", K: 7, Torus: true}, 28, "OEIS A051906"},
		{"torus 11", Config{Piece: "queen", Size: "11", K: 11, Torus: true}, 88, "OEIS A051906"},
		{"torus 6 (Polya: none)", Config{Piece: "queen", Size: "6", K: 6, Torus: true}, 0, "Pólya: none when 2 or 3 divides n"},
		{"9 queens on 8x9", Config{Piece: "queen", Size: "8x9", K: 9}, 0, "9 queens need 9 rows"},
		{"9 queens and a pawn", Config{Piece: "queen", Size: "8", K: 9, Pawns: "2,3"}, 2, "seed 002 (nine queens and one pawn); regression"},
		{"k = 0", Config{Piece: "amazon", Size: "3", K: 0}, 1, "the empty placement"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			p := mustProblem(t, tc.c)
			o := core.Options{Mode: core.ModeCount}
			for _, alg := range algorithmsFor(p, &o) {
				res := solveT(t, alg, p, o)
				require.Equal(t, core.StatusExhausted, res.Status, alg)
				require.Equal(t, core.CountOf(tc.want), res.Solutions, "%s (%s)", alg, tc.source)
			}
		})
	}
}

func TestUniqueCounts(t *testing.T) {
	tests := []struct {
		name        string
		c           Config
		total, fund uint64
		source      string
	}{
		{"8 queens", Config{Piece: "queen", Size: "8", K: 8}, 92, 12, "OEIS A000170, A002562"},
		{"8 rooks", Config{Piece: "rook", Size: "8", K: 8}, 40320, 5282, "OEIS A000903"},
		{"6 queens", Config{Piece: "queen", Size: "6", K: 6}, 4, 1, "OEIS A000170, A002562"},
		{"queen domination 5", Config{Piece: "queen", Size: "5", Task: Dominate}, 186, 37, "OEIS A002564, A002563"},
		{"queen domination 8", Config{Piece: "queen", Size: "8", Task: Dominate}, 4860, 638, "OEIS A002564, A002563"},
		{"queen domination 9", Config{Piece: "queen", Size: "9", Task: Dominate}, 114, 21, "OEIS A002564, A002563"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			p := mustProblem(t, tc.c)
			res := solveT(t, "bitboard", p, core.Options{Mode: core.ModeCount, Unique: true})
			require.Equal(t, core.CountOf(tc.total), res.Solutions, tc.source)
			if tc.fund > 0 {
				require.Equal(t, core.CountOf(tc.fund), res.Fundamental, tc.source)
			}
			// ModeAll with Unique visits one placement per class.
			var classes uint64
			all := solveT(t, "bitboard", p, core.Options{Mode: core.ModeAll, Unique: true,
				Visit: func(core.Solution, core.Stats) bool { classes++; return true }})
			require.Equal(t, res.Fundamental, core.CountOf(classes))
			require.Equal(t, res.Fundamental, all.Fundamental)
		})
	}
}

func TestMax(t *testing.T) {
	tests := []struct {
		name     string
		c        Config
		max      int
		maxCount uint64
		source   string
	}{
		{"knights", Config{Piece: "knight", Size: "8"}, 32, 2, "seed 002; one colour each"},
		{"bishops", Config{Piece: "bishop", Size: "8"}, 14, 256, "seed 002"},
		{"kings", Config{Piece: "king", Size: "8"}, 16, 281571, "seed 002; OEIS A018807"},
		{"rooks", Config{Piece: "rook", Size: "8"}, 8, 40320, "seed 002"},
		{"queens", Config{Piece: "queen", Size: "8"}, 8, 92, "OEIS A000170"},
		{"queens on the cube", Config{Piece: "queen", Size: "3x3x3"}, 4, 16, "seed 002: 4 queens on 3x3x3"},
		{"queens with a pawn", Config{Piece: "queen", Size: "8", Pawns: "2,3"}, 9, 2, "seed 002: nine queens and a pawn"},
		{"queens on 4x4x4", Config{Piece: "queen", Size: "4x4x4"}, 7, 0, "OEIS A068940"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			c := tc.c
			c.Task = Max
			p := mustProblem(t, c)
			for _, alg := range algorithmsFor(p, &core.Options{}) {
				first := solveT(t, alg, p, core.Options{})
				require.Equal(t, core.StatusFound, first.Status)
				a := p.Answer(&first)
				require.True(t, a.Proved, alg)
				require.Equal(t, tc.max, a.Max, "%s: %s", alg, tc.source)
				require.Len(t, a.Pieces, tc.max, alg)
				if tc.maxCount == 0 {
					continue // not known from a source
				}
				count := solveT(t, alg, p, core.Options{Mode: core.ModeCount})
				require.Equal(t, core.StatusExhausted, count.Status, alg)
				require.Equal(t, core.CountOf(tc.maxCount), count.Solutions, "%s: %s", alg, tc.source)
			}
		})
	}
}

// Queen domination numbers n = 1..12 (OEIS A075458) and the numbers of
// minimum dominating sets (OEIS A002564) and of minimum independent
// dominating sets with the independent domination numbers (OEIS A002568,
// A075324).
func TestQueenDomination(t *testing.T) {
	gamma := []int{1, 1, 1, 2, 3, 3, 4, 5, 5, 5, 5, 6}                 // A075458
	sets := []uint64{1, 4, 1, 12, 186, 4, 86, 4860, 114, 8, 2, 8}      // A002564
	indep := []int{1, 1, 1, 3, 3, 4, 4, 5, 5, 5, 5, 7}                 // A075324
	indepSets := []uint64{1, 4, 1, 16, 16, 120, 8, 728, 92, 8, 2, 840} // A002568
	maxN := 12
	if testing.Short() {
		maxN = 9
	}
	for n := 1; n <= maxN; n++ {
		t.Run(fmt.Sprint(n), func(t *testing.T) {
			for _, independent := range []bool{false, true} {
				p := mustProblem(t, Config{Piece: "queen", Size: fmt.Sprint(n), Task: Dominate, Independent: independent})
				for _, alg := range algorithmsFor(p, &core.Options{}) {
					if alg == "dlx" && n > 7 {
						continue // seconds to minutes: see docs/benchmarks.md
					}
					first := solveT(t, alg, p, core.Options{})
					a := p.Answer(&first)
					require.True(t, a.Proved, alg)
					wantG, wantSets := gamma[n-1], sets[n-1]
					if independent {
						wantG, wantSets = indep[n-1], indepSets[n-1]
					}
					require.Equal(t, wantG, a.Domination, "%s independent %v", alg, independent)
					require.Len(t, a.Pieces, wantG, alg)
					count := solveT(t, alg, p, core.Options{Mode: core.ModeCount})
					require.Equal(t, core.StatusExhausted, count.Status, alg)
					require.Equal(t, core.CountOf(wantSets), count.Solutions, "%s independent %v", alg, independent)
				}
			}
		})
	}
}

func TestOtherDomination(t *testing.T) {
	tests := []struct {
		piece string
		n     int
		want  int
		src   string
	}{
		{"king", 8, 9, "OEIS A075561: ceil(n/3)^2"},
		{"knight", 8, 12, "OEIS A006075"},
		{"rook", 8, 8, "n rooks (one per row or column)"},
		{"bishop", 8, 8, "Yaglom & Yaglom: n bishops"},
		{"knight", 6, 8, "OEIS A006075"},
	}
	for _, tc := range tests {
		t.Run(fmt.Sprint(tc.piece, tc.n), func(t *testing.T) {
			p := mustProblem(t, Config{Piece: tc.piece, Size: fmt.Sprint(tc.n), Task: Dominate})
			res := solveT(t, "bitboard", p, core.Options{})
			a := p.Answer(&res)
			require.True(t, a.Proved)
			require.Equal(t, tc.want, a.Domination, tc.src)
		})
	}
}

func TestPawns(t *testing.T) {
	p := mustProblem(t, Config{Piece: "queen", Size: "8", Task: Pawns, K: 9})
	res := solveT(t, "bitboard", p, core.Options{})
	a := p.Answer(&res)
	require.True(t, a.Proved, "seed 002: nine queens and one pawn on 8x8")
	require.Equal(t, 1, a.MinPawns)
	require.Len(t, a.Pawns, 1)
	require.Len(t, a.Pieces, 9)
	// 8 queens need no pawn.
	p = mustProblem(t, Config{Piece: "queen", Size: "8", Task: Pawns, K: 8})
	res = solveT(t, "bitboard", p, core.Options{})
	a = p.Answer(&res)
	require.True(t, a.Proved)
	require.Equal(t, 0, a.MinPawns)
	// Knights are leapers: pawns never help them.
	p = mustProblem(t, Config{Piece: "knight", Size: "3", Task: Pawns, K: 6})
	res = solveT(t, "bitboard", p, core.Options{})
	a = p.Answer(&res)
	require.Equal(t, core.StatusExhausted, res.Status)
	require.True(t, res.Solutions.IsZero())
	require.False(t, a.Proved)
	require.NotEmpty(t, a.Reason)
}

// A search stopped early never claims an optimum.
func TestStoppedEarly(t *testing.T) {
	for _, c := range []Config{
		{Piece: "queen", Size: "12", Task: Dominate},
		{Piece: "king", Size: "10", Task: Max},
		{Piece: "queen", Size: "8", Task: Pawns, K: 11},
		{Piece: "king", Size: "10", K: 25},
	} {
		p := mustProblem(t, c)
		a, _ := models.LookupAlgorithm("pieces", "bitboard")
		res, err := a.Run(context.Background(), p, &core.Options{Mode: core.ModeCount, MaxNodes: 100})
		require.NoError(t, err)
		require.Equal(t, core.StatusLimit, res.Status, "%+v", c)
		ans := p.Answer(&res)
		require.False(t, ans.Proved && c.Task != Place, "%+v", c)
		ctx, cancel := context.WithCancel(context.Background())
		cancel()
		res, err = a.Run(ctx, p, &core.Options{Mode: core.ModeCount})
		require.NoError(t, err)
		require.Equal(t, core.StatusCanceled, res.Status)
	}
}

// subsets calls f with every k-subset of 0..n−1 (increasing).
func subsets(n, k int, f func([]int)) {
	s := make([]int, 0, k)
	var rec func(i int)
	rec = func(i int) {
		if len(s) == k {
			f(s)
			return
		}
		for j := i; j <= n-(k-len(s)); j++ {
			s = append(s, j)
			rec(j + 1)
			s = s[:len(s)-1]
		}
	}
	rec(0)
}

// binomial returns C(n, k), saturating at 1<<40.
func binomial(n, k int) int64 {
	c := int64(1)
	for i := range k {
		c = c * int64(n-i) / int64(i+1)
		if c > 1<<40 {
			return 1 << 40
		}
	}
	return c
}

// brute counts the k-placements that Verify accepts.
func brute(p *Problem, k int) uint64 {
	var count uint64
	sol := p.pawnBoard()
	subsets(p.Board.Cells(), k, func(s []int) {
		for _, x := range s {
			if sol[x] == 2 {
				return
			}
		}
		for _, x := range s {
			sol[x] = 1
		}
		if p.Verify(sol) == nil {
			count++
		}
		for _, x := range s {
			sol[x] = 0
		}
	})
	return count
}

// Property: on small boards of every kind, the counts agree with brute
// force over Verify, and every placement reported verifies.
func TestAgainstBruteForce(t *testing.T) {
	for _, c := range []Config{
		{Piece: "queen", Size: "3x3x3"},
		{Piece: "nightrider", Size: "5"},
		{Piece: "amazon", Size: "4x5", Torus: true},
		{Piece: "chancellor", Size: "4"},
		{Piece: "archbishop", Size: "5x4"},
		{Piece: "queen", Size: "5", Pawns: "2,2 3,4"},
		{Piece: "king", Size: "2x2x2x2"},
		{Piece: "rook", Size: "2x3x3", Torus: true},
		{Piece: "bishop", Size: "4", Torus: true},
		{Piece: "leap(2,2)+ride(3,1)", Size: "5"},
		{Piece: "knight", Size: "2x2x3"},
	} {
		t.Run(c.Piece+" "+c.Size, func(t *testing.T) {
			mp := mustProblem(t, Config{Piece: c.Piece, Size: c.Size, Torus: c.Torus, Pawns: c.Pawns, Task: Max})
			res := solveT(t, "bitboard", mp, core.Options{})
			alpha := mp.Answer(&res).Max
			for k := 0; k <= alpha+1; k++ {
				if binomial(mp.Board.Cells(), k) > 30000 {
					continue // brute force too slow for a test
				}
				c.K = k
				p := mustProblem(t, c)
				want := brute(p, k)
				o := core.Options{Mode: core.ModeCount}
				for _, alg := range algorithmsFor(p, &o) {
					got := solveT(t, alg, p, o)
					require.Equal(t, core.CountOf(want), got.Solutions, "%s k=%d", alg, k)
					if a, _ := models.LookupAlgorithm("pieces", alg); !a.Caps.Has(models.CanAll) {
						continue // memo: counts and samples only
					}
					var visited uint64
					solveT(t, alg, p, core.Options{Mode: core.ModeAll, Visit: func(core.Solution, core.Stats) bool { visited++; return true }})
					require.Equal(t, want, visited, "%s k=%d all", alg, k)
				}
				if k == alpha+1 {
					require.Zero(t, want, "the independence number %d is the most", alpha)
				}
			}
		})
	}
}

// Property: domination by brute force on small boards.
func TestDominationAgainstBruteForce(t *testing.T) {
	for _, c := range []Config{
		{Piece: "queen", Size: "3x3x3"},
		{Piece: "knight", Size: "4x5"},
		{Piece: "king", Size: "5", Torus: true},
		{Piece: "nightrider", Size: "4"},
		{Piece: "queen", Size: "5", Pawns: "3,3"},
		{Piece: "bishop", Size: "4", Independent: true},
	} {
		t.Run(c.Piece+" "+c.Size, func(t *testing.T) {
			c.Task = Dominate
			p := mustProblem(t, c)
			res := solveT(t, "bitboard", p, core.Options{Mode: core.ModeCount})
			a := p.Answer(&res)
			require.True(t, a.Proved)
			sol := p.pawnBoard()
			var want uint64
			for k := 0; want == 0; k++ {
				subsets(p.Board.Cells(), k, func(s []int) {
					for _, x := range s {
						if sol[x] == 2 {
							return
						}
					}
					for _, x := range s {
						sol[x] = 1
					}
					if p.Verify(sol) == nil {
						want++
					}
					for _, x := range s {
						sol[x] = 0
					}
				})
				if want > 0 {
					require.Equal(t, k, a.Domination)
				}
			}
			require.Equal(t, core.CountOf(want), res.Solutions)
		})
	}
}

func TestBadInput(t *testing.T) {
	tests := []struct {
		name string
		c    Config
		want error
	}{
		{"unknown piece", Config{Piece: "dragon", Size: "8", K: 1}, ErrPiece},
		{"empty piece", Config{Piece: "", Size: "8", K: 1}, ErrPiece},
		{"bad move", Config{Piece: "leap(1,x)", Size: "8", K: 1}, ErrPiece},
		{"null move", Config{Piece: "ride(0,0)", Size: "8", K: 1}, ErrPiece},
		{"move of 3 dims on 2", Config{Piece: "leap(1,1,1)", Size: "8", K: 1}, ErrPiece},
		{"zero side", Config{Piece: "queen", Size: "0", K: 1}, ErrSize},
		{"negative side", Config{Piece: "queen", Size: "-3", K: 1}, ErrSize},
		{"zero in 3-D", Config{Piece: "queen", Size: "3x0x3", K: 1}, ErrSize},
		{"not a number", Config{Piece: "queen", Size: "8xx", K: 1}, ErrSize},
		{"beyond memory", Config{Piece: "queen", Size: "100000x100000", K: 1}, resource.ErrTooLarge},
		{"too many dimensions", Config{Piece: "queen", Size: "2x2x2x2x2x2x2x2x2", K: 1}, ErrSize},
		{"k larger than the board", Config{Piece: "king", Size: "8", K: 65}, ErrK},
		{"k larger with pawns", Config{Piece: "king", Size: "2", K: 4, Pawns: "1,1"}, ErrK},
		{"negative k", Config{Piece: "king", Size: "8", K: -1}, ErrK},
		{"pawn off the board", Config{Piece: "queen", Size: "8", K: 8, Pawns: "9,1"}, ErrPawn},
		{"pawn twice", Config{Piece: "queen", Size: "8", K: 8, Pawns: "2,2 2,2"}, ErrPawn},
		{"pawn on 3-D", Config{Piece: "queen", Size: "3x3x3", K: 4, Pawns: "1,1"}, ErrPawn},
		{"pawn malformed", Config{Piece: "queen", Size: "8", K: 8, Pawns: "2;x"}, ErrPawn},
		{"pawns task on 3-D", Config{Piece: "queen", Size: "3x3x3", K: 5, Task: Pawns}, ErrPawn},
		{"pawns task with pawns", Config{Piece: "queen", Size: "8", K: 9, Task: Pawns, Pawns: "1,1"}, ErrPawn},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			_, err := tc.c.Problem()
			require.Error(t, err)
			require.True(t, errors.Is(err, tc.want), "%v", err)
		})
	}
	// The searches refuse boards they cannot hold, before allocating.
	p := mustProblem(t, Config{Piece: "rook", Size: "200", K: 1})
	for _, alg := range []string{"bitboard", "dlx"} {
		a, _ := models.LookupAlgorithm("pieces", alg)
		_, err := a.Run(context.Background(), p, nil)
		require.ErrorIs(t, err, resource.ErrTooLarge, alg)
	}
	// Another model's problem.
	a, _ := models.LookupAlgorithm("pieces", "bitboard")
	_, err := a.Solve(context.Background(), nil, nil)
	require.ErrorIs(t, err, core.ErrWrongProblem)
}

func TestVerifyRejects(t *testing.T) {
	p := mustProblem(t, Config{Piece: "queen", Size: "4", K: 2, Pawns: "1,2"})
	sol := p.pawnBoard()
	require.Error(t, p.Verify(sol[:3]), "short")
	sol[0], sol[8] = 1, 1 // a1 and c1 are on one file... rows 1 and 3, column 1
	require.ErrorContains(t, p.Verify(sol), "attacks")
	sol = p.pawnBoard()
	sol[0], sol[2] = 1, 1 // 1,1 and 1,3 with the pawn on 1,2 between them
	require.NoError(t, p.Verify(sol))
	sol[1] = 0
	require.ErrorContains(t, p.Verify(sol), "pawn is missing")
	sol = p.pawnBoard()
	sol[0], sol[2], sol[5] = 1, 1, 3
	require.ErrorContains(t, p.Verify(sol), "entry 3")
	d := mustProblem(t, Config{Piece: "queen", Size: "4", Task: Dominate})
	sol = d.pawnBoard()
	sol[0] = 1
	require.ErrorContains(t, d.Verify(sol), "neither occupied nor attacked")
}

// The n+k queens problem (Chatham et al., "Independence and Domination
// Separation in Chessboard Graphs"): placements of n+k queens with k pawns,
// in all (OEIS A103330 for k = 1) and up to symmetry (A103331, A129552,
// A129554).
func TestPawnCounts(t *testing.T) {
	tests := []struct {
		n, k        int
		total, fund uint64
		src         string
	}{
		{6, 1, 16, 2, "OEIS A103330, A103331"},
		{7, 1, 20, 3, "OEIS A103330, A103331"},
		{8, 1, 128, 16, "OEIS A103330, A103331"},
		{7, 2, 0, 1, "OEIS A129552"},
		{8, 2, 0, 6, "OEIS A129552"},
		{8, 3, 0, 1, "OEIS A129554"},
	}
	for _, tc := range tests {
		t.Run(fmt.Sprintf("%d+%d", tc.n, tc.k), func(t *testing.T) {
			if testing.Short() && tc.k == 3 {
				t.Skip("seconds")
			}
			p := mustProblem(t, Config{Piece: "queen", Size: fmt.Sprint(tc.n), Task: Pawns, K: tc.n + tc.k})
			if tc.total > 0 {
				res := solveT(t, "bitboard", p, core.Options{Mode: core.ModeCount, Unique: true})
				require.Equal(t, core.StatusExhausted, res.Status)
				require.Equal(t, core.CountOf(tc.total), res.Solutions, tc.src)
				require.Equal(t, core.CountOf(tc.fund), res.Fundamental, tc.src)
			}
			var classes uint64
			res := solveT(t, "bitboard", p, core.Options{Mode: core.ModeAll, Unique: true,
				Visit: func(core.Solution, core.Stats) bool { classes++; return true }})
			require.Equal(t, core.StatusExhausted, res.Status)
			require.Equal(t, tc.fund, classes, tc.src)
			a := p.Answer(&res)
			require.True(t, a.Proved)
			require.Equal(t, tc.k, a.MinPawns, "%d queens on %dx%d need %d pawns", tc.n+tc.k, tc.n, tc.n, tc.k)
		})
	}
}
