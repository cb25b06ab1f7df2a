package queens_test

import (
	"context"
	"errors"
	"fmt"
	"io"
	"strings"
	"testing"

	"github.com/coverkit/coverkit/core"
	"github.com/coverkit/coverkit/models"
	"github.com/coverkit/coverkit/models/queens"
	"github.com/stretchr/testify/require"
)

// a051906 is OEIS A051906, the number of ways to place n non-attacking
// queens on the n×n torus, for n = 0, 1, 2, ... (a(0) = 1, the empty
// board, by convention here). Source: https://oeis.org/A051906 (Rivin,
// Vardi and Zimmermann, Amer. Math. Monthly 101 (1994), to n = 23;
// Engelhardt beyond).
var a051906 = []uint64{1, 1, 0, 0, 0, 10, 0, 28, 0, 0, 0, 88, 0, 4524, 0, 0, 0, 140692, 0, 820496, 0, 0, 0, 128850048}

// torusBrute counts toroidal solutions by the definition, with no pruning
// tricks shared with the library: every permutation built column by column,
// each new queen compared with every earlier one.
func torusBrute(n int) uint64 {
	sol := make([]int, n)
	var rec func(c int) uint64
	rec = func(c int) uint64 {
		if c == n {
			return 1
		}
		var cnt uint64
	next:
		for r := range n {
			for c2 := range c {
				r2 := sol[c2]
				if r2 == r || (r+c)%n == (r2+c2)%n || ((r-c)%n+n)%n == ((r2-c2)%n+n)%n {
					continue next
				}
			}
			sol[c] = r
			cnt += rec(c + 1)
		}
		return cnt
	}
	return rec(0)
}

func gcd(a, b int) int {
	for b != 0 {
		a, b = b, a%b
	}
	return a
}

func TestTorusCountsA051906(t *testing.T) {
	for _, tc := range []struct {
		algo string
		maxN int
	}{{"bitwise", 17}, {"dlx", 13}} {
		a := lookup(t, tc.algo)
		for n := 1; n <= tc.maxN; n++ {
			t.Run(fmt.Sprintf("%s/n=%d", tc.algo, n), func(t *testing.T) {
				res, err := a.Solve(context.Background(), queens.NewTorus(n), &core.Options{Mode: core.ModeCount})
				require.NoError(t, err)
				require.Equal(t, core.StatusExhausted, res.Status)
				require.Equal(t, core.CountOf(a051906[n]), res.Solutions)
			})
		}
	}
}

// TestTorusSymmetryExact checks the reduced counter (translations and the
// mirror, times 2n) against the plain search of every solution, with one
// and two workers, and the plain search against the brute-force count.
func TestTorusSymmetryExact(t *testing.T) {
	a := lookup(t, "bitwise")
	for _, n := range []int{5, 7, 11, 13} {
		t.Run(fmt.Sprintf("n=%d", n), func(t *testing.T) {
			var plain uint64
			res, err := a.Solve(context.Background(), queens.NewTorus(n), &core.Options{
				Mode: core.ModeAll,
				Visit: func(sol core.Solution, _ core.Stats) bool {
					require.NoError(t, queens.VerifyTorus(n, sol))
					plain++
					return true
				},
			})
			require.NoError(t, err)
			require.Equal(t, core.StatusExhausted, res.Status)
			if n <= 11 {
				require.Equal(t, torusBrute(n), plain)
			}
			for _, w := range []int{1, 2} {
				cnt, err := a.Solve(context.Background(), queens.NewTorus(n), &core.Options{Mode: core.ModeCount, Workers: w})
				require.NoError(t, err)
				require.Equal(t, core.CountOf(plain), cnt.Solutions, "workers=%d", w)
			}
		})
	}
}

// TestPolya checks Pólya's theorem for n = 1..40 (a solution exists iff
// gcd(n, 6) = 1), against a brute-force search where it is quick.
func TestPolya(t *testing.T) {
	for n := 1; n <= 40; n++ {
		t.Run(fmt.Sprintf("n=%d", n), func(t *testing.T) {
			exists, why := queens.Polya(n)
			require.Equal(t, gcd(n, 6) == 1, exists)
			require.Contains(t, why, "Pólya")
			if n <= 10 {
				require.Equal(t, exists, torusBrute(n) > 0)
			}
			// bitwise finds the lexicographically first solution, which
			// takes 0.14 s at n = 25 and 6 s at n = 29: it runs to 25
			// only where a solution exists.
			for _, name := range []string{"bitwise", "construct", "dlx"} {
				if name == "bitwise" && exists && n > 25 {
					continue
				}
				res, err := lookup(t, name).Solve(context.Background(), queens.NewTorus(n), nil)
				require.NoError(t, err, name)
				if exists {
					require.Equal(t, core.StatusFound, res.Status, name)
					require.NoError(t, queens.VerifyTorus(n, res.First), name)
					require.Empty(t, res.Why())
				} else {
					require.Equal(t, core.StatusExhausted, res.Status, name)
					require.True(t, res.Solutions.IsZero())
					require.Equal(t, why, res.Why(), name)
				}
			}
		})
	}
}

// TestConstructTorus verifies the modular construction for every n with
// gcd(n, 6) = 1 up to 2000 and for n = 1,000,001, and that it returns nil
// for the others.
func TestConstructTorus(t *testing.T) {
	for n := 1; n <= 2000; n++ {
		sol, err := queens.ConstructTorus(n)
		require.NoError(t, err)
		if gcd(n, 6) != 1 {
			require.Nil(t, sol, "n=%d", n)
			continue
		}
		require.NoError(t, queens.VerifyTorus(n, sol), "n=%d", n)
		require.NoError(t, queens.Verify(n, sol), "n=%d: a toroidal solution solves the ordinary board too", n)
	}
	const big = 1_000_001
	sol, err := queens.ConstructTorus(big)
	require.NoError(t, err)
	require.NoError(t, queens.NewTorus(big).Verify(sol))
	res, err := lookup(t, "construct").Solve(context.Background(), queens.NewTorus(big), nil)
	require.NoError(t, err)
	require.Equal(t, core.StatusFound, res.Status)
	require.Equal(t, queens.MethodModular, res.Method)
	_, err = queens.ConstructTorus(0)
	require.Error(t, err)
}

// TestVerifyTorus checks the toroidal verifier independently of the
// solvers: of the ordinary solutions (backtrack), exactly A051906(n) pass
// it, and its errors name the wrapped diagonal.
func TestVerifyTorus(t *testing.T) {
	for _, n := range []int{5, 6, 7, 8, 11} {
		t.Run(fmt.Sprintf("n=%d", n), func(t *testing.T) {
			var ok uint64
			_, err := lookup(t, "backtrack").Solve(context.Background(), queens.New(n), &core.Options{
				Mode: core.ModeAll,
				Visit: func(sol core.Solution, _ core.Stats) bool {
					if queens.VerifyTorus(n, sol) == nil {
						ok++
					}
					return true
				},
			})
			require.NoError(t, err)
			require.Equal(t, a051906[n], ok)
		})
	}
	for _, tc := range []struct {
		name string
		n    int
		sol  core.Solution
		want string
	}{
		{"wrapped sum", 8, core.Solution{0, 4, 7, 5, 2, 6, 1, 3}, "toroidal diagonal"},
		{"row", 5, core.Solution{0, 0, 1, 2, 3}, "already has a queen"},
		{"off", 5, core.Solution{0, 2, 4, 1, 5}, "off the board"},
		{"length", 5, core.Solution{0, 2}, "2 entries"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			err := queens.VerifyTorus(tc.n, tc.sol)
			require.ErrorContains(t, err, tc.want)
			require.Error(t, queens.NewTorus(tc.n).Verify(tc.sol))
		})
	}
	require.NoError(t, queens.NewTorus(5).Verify(core.Solution{0, 2, 4, 1, 3}))
}

func TestTorusBoard(t *testing.T) {
	require.Equal(t, "17 torus", queens.NewTorus(17).Size())
	require.Equal(t, "17", queens.New(17).Size())
	require.Equal(t, "queens", queens.NewTorus(17).Model())
}

// TestEveryAlgorithmHandlesOrRefuses makes sure no registered queens
// algorithm silently solves the ordinary board when asked for the torus or
// for given queens: each either answers correctly or refuses with
// core.ErrUnsupported. An algorithm added later is checked too.
func TestEveryAlgorithmHandlesOrRefuses(t *testing.T) {
	given := []queens.Square{{Row: 0, Col: 0}}
	for _, a := range models.Algorithms("queens") {
		for _, bc := range []struct {
			name  string
			board *queens.Board
			count uint64
		}{
			{"torus", queens.NewTorus(7), a051906[7]},
			{"given", &queens.Board{N: 8, Given: given}, 4},
			{"torus+given", &queens.Board{N: 7, Torus: true, Given: given}, a051906[7] / 7},
		} {
			t.Run(a.Name+"/"+bc.name, func(t *testing.T) {
				mode := core.ModeFirst
				if a.Caps.Has(models.CanCount) {
					mode = core.ModeCount
				}
				res, err := a.Solve(context.Background(), bc.board, &core.Options{Mode: mode})
				if err != nil {
					require.True(t, errors.Is(err, core.ErrUnsupported), "%v", err)
					return
				}
				if mode == core.ModeCount {
					require.Equal(t, core.StatusExhausted, res.Status)
					require.Equal(t, core.CountOf(bc.count), res.Solutions)
				}
				if res.First != nil {
					require.NoError(t, bc.board.Verify(res.First))
				}
				if mode == core.ModeFirst {
					require.Equal(t, core.StatusFound, res.Status)
					require.NoError(t, bc.board.Verify(res.First))
				}
			})
		}
	}
	_, err := queens.Unique(context.Background(), lookup(t, "dlx").Solve, queens.NewTorus(7), &core.Options{Mode: core.ModeCount})
	require.ErrorIs(t, err, core.ErrUnsupported)
}

// TestTorusStops checks the statuses of a stopped toroidal count: a node
// budget gives limit, a canceled context canceled, never exhausted.
func TestTorusStops(t *testing.T) {
	a := lookup(t, "bitwise")
	res, err := a.Solve(context.Background(), queens.NewTorus(19), &core.Options{Mode: core.ModeCount, MaxNodes: 100000})
	require.NoError(t, err)
	require.Equal(t, core.StatusLimit, res.Status)
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	res, err = a.Solve(ctx, queens.NewTorus(19), &core.Options{Mode: core.ModeCount})
	require.NoError(t, err)
	require.Equal(t, core.StatusCanceled, res.Status)
	res, err = a.Solve(ctx, queens.NewTorus(29), &core.Options{Mode: core.ModeAll})
	require.NoError(t, err)
	require.Equal(t, core.StatusCanceled, res.Status)
}

// TestVerifyStreamTorus checks the streaming verifier with the torus's
// rules against VerifyTorus: the 28 toroidal solutions of n = 7 pass, an
// ordinary solution that is not toroidal fails with the wrapped diagonal
// named, and the ordinary rules still accept it.
func TestVerifyStreamTorus(t *testing.T) {
	var all strings.Builder
	res, err := lookup(t, "bitwise").Solve(context.Background(), queens.NewTorus(7), &core.Options{
		Mode: core.ModeAll,
		Visit: func(sol core.Solution, _ core.Stats) bool {
			require.NoError(t, queens.WritePerm(&all, sol))
			return true
		},
	})
	require.NoError(t, err)
	require.Equal(t, core.CountOf(28), res.Solutions)
	rep, err := queens.VerifyStreamTorus(strings.NewReader(all.String()))
	require.NoError(t, err)
	require.Equal(t, uint64(28), rep.Valid)
	require.Equal(t, uint64(28), rep.Distinct)
	for _, tc := range []struct {
		name   string
		verify func(io.Reader) (queens.StreamReport, error)
		valid  bool
	}{{"torus", queens.VerifyStreamTorus, false}, {"ordinary", queens.VerifyStream, true}} {
		t.Run(tc.name, func(t *testing.T) {
			rep, err := tc.verify(strings.NewReader("1 5 8 6 3 7 2 4\n"))
			require.NoError(t, err)
			require.Equal(t, tc.valid, rep.AllValid())
			if !tc.valid {
				require.Contains(t, rep.FirstBad.Msg, "toroidal diagonal")
			}
		})
	}
}
