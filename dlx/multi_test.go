package dlx_test

import (
	"context"
	"fmt"
	"math"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/coverkit/coverkit/core"
	"github.com/coverkit/coverkit/dlx"
	"github.com/coverkit/coverkit/dlx/internal/gen"
	"github.com/stretchr/testify/require"
)

func TestKnuthDlx3Example(t *testing.T) {
	p := parse(t, gen.Knuth3)
	require.True(t, p.HasBounds())
	lo, hi := p.Bounds(2)
	require.Equal(t, []int{2, 3}, []int{lo, hi})
	for _, w := range []int{1, 2} {
		sols, res := all(t, p, dlx.Options{Workers: w})
		require.Equal(t, [][]int{{1, 3, 4}}, sols)
		require.Equal(t, core.StatusExhausted, res.Status)
		require.Positive(t, res.Stats.Updates)
	}
}

// placements counts the sets of k squares of an n×n board no two of which
// attack each other, by plain backtracking over the squares: independent of
// dlx.
func placements(piece byte, n, k int) uint64 {
	attack := func(a, b int) bool {
		dr, dc := a/n-b/n, a%n-b%n
		switch piece {
		case 'K':
			return max(dr, -dr) <= 1 && max(dc, -dc) <= 1
		case 'R':
			return dr == 0 || dc == 0
		}
		return dr == 0 || dc == 0 || dr == dc || dr == -dc
	}
	var placed []int
	var rec func(from int) uint64
	rec = func(from int) uint64 {
		if len(placed) == k {
			return 1
		}
		var total uint64
	next:
		for sq := from; sq < n*n; sq++ {
			for _, q := range placed {
				if attack(q, sq) {
					continue next
				}
			}
			placed = append(placed, sq)
			total += rec(sq + 1)
			placed = placed[:len(placed)-1]
		}
		return total
	}
	return rec(0)
}

func TestPiecesKnownCounts(t *testing.T) {
	for _, tc := range []struct {
		piece   byte
		n, k    int
		want    uint64
		source  string
		compute bool // count by brute force too (placements); want 0: unknown
	}{
		// 92 eight-queens solutions (OEIS A000170); 3,192 placements of 7
		// non-attacking queens on 8×8 (Kraitchik's table of k queens on
		// 8×8, recounted here by brute force); 1,288 of 2 (64·63/2 pairs
		// less the 728 attacking ones); 8! rook placements. 16 kings on
		// 8×8 (281,571) are a benchmark, too slow for a test in this
		// formulation (as in dlx3).
		{'Q', 8, 8, 92, "OEIS A000170", false},
		{'Q', 8, 7, 3192, "Kraitchik", true},
		{'Q', 8, 2, 1288, "64*63/2 - 728", true},
		{'Q', 6, 4, 0, "brute force", true},
		{'Q', 5, 3, 0, "brute force", true},
		{'R', 8, 8, 40320, "8!", false},
		{'R', 5, 3, 600, "C(5,3)^2 3!", true},
		{'K', 4, 4, 79, "brute force", true},
		{'K', 5, 9, 0, "brute force", true},
		{'K', 6, 6, 0, "brute force", true},
	} {
		t.Run(fmt.Sprintf("%c%d-k%d", tc.piece, tc.n, tc.k), func(t *testing.T) {
			if tc.compute {
				got := placements(tc.piece, tc.n, tc.k)
				if tc.want != 0 {
					require.Equal(t, tc.want, got, "brute force against %s", tc.source)
				}
				tc.want = got
			}
			p := parse(t, gen.Pieces(tc.piece, tc.n, tc.k))
			for _, w := range []int{1, 2} {
				res, err := solver(t, p).Solve(context.Background(), &dlx.Options{Workers: w})
				require.NoError(t, err)
				require.Equal(t, core.StatusExhausted, res.Status)
				require.Equal(t, tc.want, res.Solutions, "%s, workers %d", tc.source, w)
			}
		})
	}
}

func TestQueenDomination(t *testing.T) {
	ctx := context.Background()
	// 8×8: domination number 5 and 4,860 minimum dominating sets (Knuth,
	// TAOCP 7.2.2.1; OEIS A075458 gives the domination numbers).
	p := parse(t, gen.Domination('Q', 8, 0))
	s := solver(t, p)
	n := 0
	res, err := s.Solve(ctx, &dlx.Options{Minimize: true, Limit: 1, Visit: func(sol []int) bool {
		require.NoError(t, p.Verify(sol))
		n = len(sol)
		return true
	}})
	require.NoError(t, err)
	require.Equal(t, 5, res.MinOptions)
	require.Equal(t, 5, n)
	require.Equal(t, core.StatusFound, res.Status)

	for _, w := range []int{1, 2} {
		res, err = s.Solve(ctx, &dlx.Options{MaxOptions: 5, Workers: w})
		require.NoError(t, err)
		require.Equal(t, core.StatusExhausted, res.Status)
		require.EqualValues(t, 4860, res.Solutions, "workers %d", w)
	}
	res, err = s.Solve(ctx, &dlx.Options{Minimize: true, Workers: 2})
	require.NoError(t, err)
	require.Equal(t, core.StatusExhausted, res.Status)
	require.Equal(t, 5, res.MinOptions)
	require.EqualValues(t, 4860, res.Solutions, "minimum sets, parallel")
	res, err = s.Solve(ctx, &dlx.Options{Minimize: true, MaxOptions: 4})
	require.NoError(t, err)
	require.Equal(t, core.StatusExhausted, res.Status)
	require.Zero(t, res.MinOptions, "none with at most 4")
	res, err = s.Solve(ctx, &dlx.Options{Minimize: true, MaxNodes: 1000})
	require.NoError(t, err)
	require.Equal(t, core.StatusLimit, res.Status)
	require.Zero(t, res.MinOptions)
	require.LessOrEqual(t, res.Stats.Nodes, uint64(1000))
	res, err = s.Solve(ctx, &dlx.Options{MaxOptions: 4})
	require.NoError(t, err)
	require.Equal(t, core.StatusExhausted, res.Status)
	require.Zero(t, res.Solutions)

	// Knuth's formulation, with a "k|#" item in every option, counts the
	// same sets (6×6: 3 queens; 8×8 is a benchmark).
	six, err := solver(t, parse(t, gen.Domination('Q', 6, 0))).Solve(ctx, &dlx.Options{MaxOptions: 3})
	require.NoError(t, err)
	require.Positive(t, six.Solutions)
	res, err = solver(t, parse(t, gen.Domination('Q', 6, 3))).Solve(ctx, nil)
	require.NoError(t, err)
	require.Equal(t, six.Solutions, res.Solutions)

	// OEIS A075458: queen domination numbers 1, 1, 1, 2, 3, 3, 4, 5, 5.
	for n, want := range []int{1, 1, 1, 2, 3, 3, 4, 5, 5} {
		if testing.Short() && n >= 8 {
			break
		}
		res, err := solver(t, parse(t, gen.Domination('Q', n+1, 0))).Solve(ctx, &dlx.Options{Minimize: true, Limit: 1})
		require.NoError(t, err)
		require.Equal(t, want, res.MinOptions, "n = %d", n+1)
	}
}

// TestMultiplicitiesAgainstBruteForce checks Algorithm M on random small
// instances with random bounds against a count over all subsets of options,
// with every solution verified and none repeated.
func TestMultiplicitiesAgainstBruteForce(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	for trial := range 300 {
		text := gen.Random(r, 2+r.IntN(4), r.IntN(4), 4+r.IntN(10))
		p := parse(t, text)
		for i := range p.NumItems() {
			if !p.IsSecondary(i) {
				lo := r.IntN(3)
				require.NoError(t, p.SetBounds(i, lo, max(1, lo+r.IntN(3))))
			}
		}
		want := bruteForce(p)
		sols, res := all(t, p, dlx.Options{})
		var b strings.Builder
		require.NoError(t, dlx.Write(&b, p))
		require.Equal(t, want, res.Solutions, "trial %d:\n%s", trial, b.String())
		for i := 1; i < len(sols); i++ {
			for j := range i {
				require.NotEqual(t, sols[j], sols[i], "a solution twice, trial %d", trial)
			}
		}
		par, err := solver(t, p).Solve(context.Background(), &dlx.Options{Workers: 2})
		require.NoError(t, err)
		require.Equal(t, want, par.Solutions, "parallel, trial %d", trial)
		require.Equal(t, res.Stats.Nodes, par.Stats.Nodes, "parallel nodes, trial %d", trial)
		// MaxOptions keeps exactly the solutions of at most k options, and
		// Minimize finds the smallest size.
		k := 1 + r.IntN(4)
		var small uint64
		smallest := 0
		for _, sol := range sols {
			if len(sol) <= k {
				small++
			}
			if smallest == 0 || len(sol) < smallest {
				smallest = len(sol)
			}
		}
		capped, resK := all(t, p, dlx.Options{MaxOptions: k, Workers: 1 + trial%2})
		require.Equal(t, small, resK.Solutions, "MaxOptions %d, trial %d", k, trial)
		for _, sol := range capped {
			require.LessOrEqual(t, len(sol), k)
		}
		_, resMin := all(t, p, dlx.Options{Minimize: true})
		if want > 0 && smallest > 0 {
			require.Equal(t, smallest, resMin.MinOptions, "Minimize, trial %d", trial)
		}
		require.Equal(t, res.Stats.Updates, par.Stats.Updates, "parallel updates, trial %d", trial)
	}
}

// TestAlgorithmMMatchesC runs Algorithm M (forced by MaxOptions) on exact
// cover problems, where it must find exactly Algorithm C's solutions.
func TestAlgorithmMMatchesC(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 6))
	for trial := range 200 {
		p := parse(t, gen.Random(r, 2+r.IntN(5), r.IntN(4), 4+r.IntN(11)))
		c, resC := all(t, p, dlx.Options{})
		m, resM := all(t, p, dlx.Options{MaxOptions: p.NumOptions()})
		slices.SortFunc(c, slices.Compare)
		slices.SortFunc(m, slices.Compare)
		require.Equal(t, c, m, "trial %d", trial)
		require.Equal(t, resC.Solutions, resM.Solutions)
	}
	for _, text := range []string{gen.Langford(7), gen.Queens(8, false), gen.KnuthXCC} {
		p := parse(t, text)
		resC, err := solver(t, p).Solve(context.Background(), nil)
		require.NoError(t, err)
		resM, err := solver(t, p).Solve(context.Background(), &dlx.Options{MaxOptions: p.NumOptions()})
		require.NoError(t, err)
		require.Equal(t, resC.Solutions, resM.Solutions)
		// On these, every bound is 1 and M's search is C's: the same tree,
		// the same updates. (A secondary item without a color is covered,
		// not purified: in a problem without colors the nodes' color field
		// holds links, which M must not take for colors.)
		require.Equal(t, resC.Stats.Nodes, resM.Stats.Nodes)
		require.Equal(t, resC.Stats.Updates, resM.Stats.Updates)
	}
}

func TestMultiSample(t *testing.T) {
	f, err := os.Open(filepath.Join("testdata", "rooks-4x4-3.dlx"))
	require.NoError(t, err)
	defer f.Close()
	p, err := dlx.Parse(f)
	require.NoError(t, err)
	_, res := all(t, p, dlx.Options{})
	require.EqualValues(t, 96, res.Solutions) // C(4,3)² · 3!
}

// TestMultiModes runs Algorithm M through every status and option that
// Algorithm C has, and checks that the solver is restored after each.
func TestMultiModes(t *testing.T) {
	p := parse(t, gen.Pieces('Q', 8, 6))
	const want = 22708 // 6 non-attacking queens on 8×8 (Kraitchik)
	s := solver(t, p)
	ctx := context.Background()

	res, err := s.Solve(ctx, &dlx.Options{Limit: 1})
	require.NoError(t, err)
	require.Equal(t, core.StatusFound, res.Status)
	require.EqualValues(t, 1, res.Solutions)
	require.NoError(t, p.Verify(s.First()))
	require.Len(t, s.First(), 6)

	seen := 0
	res, err = s.Solve(ctx, &dlx.Options{Visit: func([]int) bool { seen++; return seen < 3 }})
	require.NoError(t, err)
	require.Equal(t, core.StatusFound, res.Status)
	require.Equal(t, 3, seen)

	res, err = s.Solve(ctx, &dlx.Options{MaxNodes: 50})
	require.NoError(t, err)
	require.Equal(t, core.StatusLimit, res.Status)
	require.EqualValues(t, 50, res.Stats.Nodes)

	canceled, cancel := context.WithCancel(ctx)
	cancel()
	res, err = solver(t, parse(t, gen.Pieces('K', 8, 16))).Solve(canceled, nil)
	require.NoError(t, err)
	require.Equal(t, core.StatusCanceled, res.Status)

	_, err = s.Solve(ctx, &dlx.Options{MaxOptions: -1})
	require.Error(t, err)
	res, err = s.Solve(ctx, &dlx.Options{MaxOptions: math.MaxInt})
	require.NoError(t, err)
	require.EqualValues(t, want, res.Solutions, "an absurd MaxOptions is no bound")

	res, err = s.Solve(ctx, nil)
	require.NoError(t, err)
	require.Equal(t, core.StatusExhausted, res.Status)
	require.EqualValues(t, want, res.Solutions)
	serial := res

	for _, w := range []int{2, 3} {
		res, err = s.Solve(ctx, &dlx.Options{Workers: w})
		require.NoError(t, err)
		require.Equal(t, core.StatusExhausted, res.Status)
		require.EqualValues(t, want, res.Solutions)
		require.Equal(t, serial.Stats.Nodes, res.Stats.Nodes)
		require.Equal(t, serial.Stats.Updates, res.Stats.Updates)
		res, err = s.Solve(ctx, &dlx.Options{Workers: w, Limit: 7})
		require.NoError(t, err)
		require.Equal(t, core.StatusFound, res.Status)
		require.EqualValues(t, 7, res.Solutions)
		res, err = s.Solve(ctx, &dlx.Options{Workers: w, MaxNodes: 100})
		require.NoError(t, err)
		require.Equal(t, core.StatusLimit, res.Status)
	}

	// Forced queens: the count is that of the solutions holding them.
	sols, _ := all(t, p, dlx.Options{})
	holding := func(forced []int) (n uint64) {
		for _, sol := range sols {
			ok := true
			for _, k := range forced {
				ok = ok && slices.Contains(sol, k)
			}
			if ok && len(forced) == len(slices.Compact(slices.Sorted(slices.Values(forced)))) {
				n++
			}
		}
		return n
	}
	for _, tc := range []struct {
		name   string
		forced []int
	}{
		{"none", nil},
		{"one", []int{16}},
		{"two", []int{16, 33}},
		{"attacking", []int{0, 1}},
		{"twice", []int{5, 5}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var n uint64
			res, err := s.Solve(ctx, &dlx.Options{Forced: tc.forced, Visit: func(sol []int) bool {
				if p.Verify(sol) == nil && slices.Equal(tc.forced, sol[:len(tc.forced)]) {
					n++ // (require in Visit would stop the search unrestored)
				}
				return true
			}})
			require.NoError(t, err)
			require.Equal(t, core.StatusExhausted, res.Status)
			require.Equal(t, holding(tc.forced), res.Solutions)
			require.Equal(t, n, res.Solutions)
			par, err := s.Solve(ctx, &dlx.Options{Forced: tc.forced, Workers: 2})
			require.NoError(t, err)
			require.Equal(t, res.Solutions, par.Solutions, "parallel")
		})
	}

	res, err = s.Solve(ctx, nil)
	require.NoError(t, err)
	require.Equal(t, serial.Solutions, res.Solutions, "restored")
	require.Equal(t, serial.Stats.Nodes, res.Stats.Nodes, "restored")
	require.Equal(t, serial.Stats.Updates, res.Stats.Updates, "restored")
}

func TestMultiReusedSolveAllocatesNothing(t *testing.T) {
	p := parse(t, gen.Domination('Q', 5, 0))
	s := solver(t, p)
	ctx := context.Background()
	var n int
	opts := []*dlx.Options{
		{Limit: 2, Forced: []int{0}, MaxOptions: 3},
		{MaxOptions: 3, Visit: func(sol []int) bool { n += len(sol); return true }},
		{Minimize: true, Limit: 1},
	}
	for _, o := range opts {
		_, err := s.Solve(ctx, o)
		require.NoError(t, err)
	}
	allocs := testing.AllocsPerRun(5, func() {
		for _, o := range opts {
			s.Solve(ctx, o)
		}
	})
	require.Zero(t, allocs)
}
