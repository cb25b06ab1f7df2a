package queens_test

import (
	"bytes"
	"context"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/coverkit/coverkit/core"
	"github.com/coverkit/coverkit/models"
	"github.com/coverkit/coverkit/models/queens"
	"github.com/coverkit/coverkit/resource"
	"github.com/stretchr/testify/require"
)

// a000170 is OEIS A000170, the number of solutions for n = 0, 1, 2, ...
var a000170 = []uint64{1, 1, 0, 0, 2, 10, 4, 40, 92, 352, 724, 2680, 14200, 73712, 365596, 2279184, 14772512}

// a002562 is OEIS A002562, the number of fundamental solutions.
var a002562 = []uint64{1, 1, 0, 0, 1, 2, 1, 6, 12, 46, 92, 341, 1787, 9233, 45752, 285053, 1846955}

// classic are the three searches of the seeds, which count nodes and checks
// exactly the same way.
var classic = []string{"backtrack", "iterative", "permutation"}

// maxN is how far each exact algorithm is checked against OEIS: the fast
// ones further, while keeping the package's tests well under a few seconds.
func maxN(a models.Algorithm) int {
	switch a.Name {
	case "bitwise":
		return 14
	case "permutation", "dlx":
		return 12
	}
	return 11
}

func lookup(t testing.TB, name string) models.Algorithm {
	t.Helper()
	a, err := models.LookupAlgorithm("queens", name)
	require.NoError(t, err)
	return a
}

// counters are the exact algorithms that can count.
func counters() []models.Algorithm {
	var out []models.Algorithm
	for _, a := range models.Algorithms("queens") {
		if a.Kind == models.Exact && a.Caps.Has(models.CanCount) {
			out = append(out, a)
		}
	}
	return out
}

func TestCountsA000170(t *testing.T) {
	for _, a := range counters() {
		for n := 1; n <= maxN(a); n++ {
			t.Run(fmt.Sprintf("%s/n=%d", a.Name, n), func(t *testing.T) {
				res, err := a.Solve(context.Background(), queens.New(n), &core.Options{Mode: core.ModeCount})
				require.NoError(t, err)
				require.Equal(t, core.StatusExhausted, res.Status)
				require.Equal(t, core.CountOf(a000170[n]), res.Solutions)
			})
		}
	}
}

func TestFundamentalA002562(t *testing.T) {
	for _, a := range counters() {
		if !a.Caps.Has(models.CanUnique) {
			continue
		}
		for n := 1; n <= min(maxN(a), 10); n++ {
			t.Run(fmt.Sprintf("%s/n=%d", a.Name, n), func(t *testing.T) {
				res, err := a.Solve(context.Background(), queens.New(n), &core.Options{Mode: core.ModeCount, Unique: true})
				require.NoError(t, err)
				require.Equal(t, core.StatusExhausted, res.Status)
				require.Equal(t, core.CountOf(a000170[n]), res.Solutions)
				require.Equal(t, core.CountOf(a002562[n]), res.Fundamental)
			})
		}
	}
}

// TestWirthTable reproduces Wirth's table 5.2 (seed 000): the first 12
// solutions of program 5.3 for n = 8 with the safety checks made since the
// previous solution, whose mean over all 92 solutions is 161; and the
// survey's totals (seed 002): 15720 checks for backtracking, 5508 for
// permutations with early cutting, over 2057 nodes.
func TestWirthTable(t *testing.T) {
	table := []struct {
		x      string
		checks uint64
	}{
		{"1 5 8 6 3 7 2 4", 876}, {"1 6 8 3 7 4 2 5", 264}, {"1 7 4 6 8 2 5 3", 200},
		{"1 7 5 8 2 4 6 3", 136}, {"2 4 6 8 3 1 7 5", 504}, {"2 5 7 1 3 8 6 4", 400},
		{"2 5 7 4 1 8 6 3", 72}, {"2 6 1 7 4 8 3 5", 280}, {"2 6 8 3 1 4 7 5", 240},
		{"2 7 3 6 8 5 1 4", 264}, {"2 7 5 8 1 4 6 3", 160}, {"2 8 6 1 3 5 7 4", 336},
	}
	for _, tc := range []struct {
		algo         string
		total, since uint64 // all checks; checks up to the 92nd solution
		firstChecks  uint64
	}{
		{"backtrack", 15720, 14852, 876},
		{"iterative", 15720, 14852, 876},
		{"permutation", 5508, 5180, 336},
	} {
		t.Run(tc.algo, func(t *testing.T) {
			a := lookup(t, tc.algo)
			var (
				i   int
				sum uint64
			)
			res, err := a.Solve(context.Background(), queens.New(8), &core.Options{
				Mode: core.ModeAll,
				Visit: func(sol core.Solution, since core.Stats) bool {
					if i < len(table) {
						var b bytes.Buffer
						require.NoError(t, queens.WritePerm(&b, sol))
						require.Equal(t, table[i].x, strings.TrimSpace(b.String()), "solution %d", i+1)
						if tc.algo != "permutation" {
							require.Equal(t, table[i].checks, since.Checks, "checks before solution %d", i+1)
						}
					}
					i++
					sum += since.Checks
					return true
				},
			})
			require.NoError(t, err)
			require.Equal(t, 92, i)
			require.Equal(t, tc.since, sum)
			require.Equal(t, tc.total, res.Stats.Checks)
			require.Equal(t, uint64(2057), res.Stats.Nodes)
			if tc.algo != "permutation" {
				require.Equal(t, uint64(161), sum/92, "Wirth's mean over the 92 solutions")
			}

			first, err := a.Solve(context.Background(), queens.New(8), nil)
			require.NoError(t, err)
			require.Equal(t, core.StatusFound, first.Status)
			require.Equal(t, core.Solution{0, 4, 7, 5, 2, 6, 1, 3}, first.First)
			require.Equal(t, tc.firstChecks, first.Stats.Checks)
			require.Equal(t, uint64(114), first.Stats.Nodes)
		})
	}
}

// TestAllAgree checks that every algorithm that can enumerate lists the
// same solutions in total, each of them valid (the property test: every
// reported solution verifies), with no duplicates.
func TestAllAgree(t *testing.T) {
	for n := 1; n <= 9; n++ {
		for _, a := range models.Algorithms("queens") {
			if a.Kind != models.Exact || !a.Caps.Has(models.CanAll) {
				continue
			}
			t.Run(fmt.Sprintf("%s/n=%d", a.Name, n), func(t *testing.T) {
				seen := map[string]bool{}
				res, err := a.Solve(context.Background(), queens.New(n), &core.Options{
					Mode: core.ModeAll,
					Visit: func(sol core.Solution, _ core.Stats) bool {
						require.NoError(t, queens.Verify(n, sol))
						k := fmt.Sprint(sol)
						require.False(t, seen[k], "duplicate %v", sol)
						seen[k] = true
						return true
					},
				})
				require.NoError(t, err)
				require.Equal(t, core.StatusExhausted, res.Status)
				require.Len(t, seen, int(a000170[n]))
			})
		}
	}
}

// TestFirstSolutions checks that the first solution of every algorithm that
// can find one verifies (sizes chosen where backtracking is quick: n = 22
// takes 1.7 million nodes, n = 21 only 8563), that n = 32 runs within a
// node budget, and that the classic searches find the lexicographically
// first solution.
func TestFirstSolutions(t *testing.T) {
	for _, a := range models.Algorithms("queens") {
		if !a.Caps.Has(models.CanFirst) {
			continue
		}
		for _, n := range []int{1, 4, 5, 8, 13, 21, 23, 25} {
			t.Run(fmt.Sprintf("%s/n=%d", a.Name, n), func(t *testing.T) {
				ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
				defer cancel()
				res, err := a.Solve(ctx, queens.New(n), nil)
				require.NoError(t, err)
				require.Equal(t, core.StatusFound, res.Status)
				require.NoError(t, queens.Verify(n, res.First))
			})
		}
	}
	for _, name := range classic {
		res, err := lookup(t, name).Solve(context.Background(), queens.New(32), &core.Options{Mode: core.ModeCount, MaxNodes: 20000})
		require.NoError(t, err)
		require.Equal(t, core.StatusLimit, res.Status)
		require.Equal(t, uint64(20000), res.Stats.Nodes)
	}
	first := map[int]core.Solution{
		4: {1, 3, 0, 2},
		5: {0, 2, 4, 1, 3},
		6: {1, 3, 5, 0, 2, 4},
	}
	for _, name := range classic {
		for n, want := range first {
			res, err := lookup(t, name).Solve(context.Background(), queens.New(n), nil)
			require.NoError(t, err)
			require.Equal(t, want, res.First, "%s n=%d", name, n)
		}
	}
}

func TestNoSolution(t *testing.T) {
	for _, a := range models.Algorithms("queens") {
		if a.Kind != models.Exact && a.Kind != models.Constructive {
			continue
		}
		for _, n := range []int{2, 3} {
			t.Run(fmt.Sprintf("%s/n=%d", a.Name, n), func(t *testing.T) {
				var opts *core.Options // the first solution
				if !a.Caps.Has(models.CanFirst) {
					opts = &core.Options{Mode: core.ModeCount} // a counter only (join)
				}
				res, err := a.Solve(context.Background(), queens.New(n), opts)
				require.NoError(t, err)
				require.Equal(t, core.StatusExhausted, res.Status)
				require.True(t, res.Solutions.IsZero())
				require.Nil(t, res.First)
			})
		}
	}
}

func TestStopping(t *testing.T) {
	for _, name := range classic {
		a := lookup(t, name)
		t.Run(name+"/limit", func(t *testing.T) {
			var got int
			res, err := a.Solve(context.Background(), queens.New(8), &core.Options{
				Mode: core.ModeAll, Limit: 5,
				Visit: func(core.Solution, core.Stats) bool { got++; return true },
			})
			require.NoError(t, err)
			require.Equal(t, core.StatusFound, res.Status)
			require.Equal(t, 5, got)
			require.Equal(t, core.CountOf(5), res.Solutions)
		})
		t.Run(name+"/visit-false", func(t *testing.T) {
			res, err := a.Solve(context.Background(), queens.New(8), &core.Options{
				Mode:  core.ModeAll,
				Visit: func(core.Solution, core.Stats) bool { return false },
			})
			require.NoError(t, err)
			require.Equal(t, core.StatusFound, res.Status)
			require.Equal(t, core.CountOf(1), res.Solutions)
		})
		t.Run(name+"/max-nodes", func(t *testing.T) {
			for _, m := range []uint64{1, 2, 100, 2056, 2057, 2058} {
				res, err := a.Solve(context.Background(), queens.New(8), &core.Options{Mode: core.ModeCount, MaxNodes: m})
				require.NoError(t, err)
				if m >= 2057 {
					require.Equal(t, core.StatusExhausted, res.Status, "max %d", m)
					require.Equal(t, core.CountOf(92), res.Solutions)
				} else {
					require.Equal(t, core.StatusLimit, res.Status, "max %d", m)
					require.Equal(t, m, res.Stats.Nodes, "exactly the budget is spent")
				}
			}
		})
		t.Run(name+"/timeout", func(t *testing.T) {
			ctx, cancel := context.WithTimeout(context.Background(), 20*time.Millisecond)
			defer cancel()
			res, err := a.Solve(ctx, queens.New(30), &core.Options{Mode: core.ModeCount})
			require.NoError(t, err)
			require.Equal(t, core.StatusTimeout, res.Status)
		})
		t.Run(name+"/canceled", func(t *testing.T) {
			ctx, cancel := context.WithCancel(context.Background())
			cancel()
			res, err := a.Solve(ctx, queens.New(30), &core.Options{Mode: core.ModeCount})
			require.NoError(t, err)
			require.Equal(t, core.StatusCanceled, res.Status)
		})
		t.Run(name+"/progress", func(t *testing.T) {
			var calls int
			_, err := a.Solve(context.Background(), queens.New(10), &core.Options{
				Mode:     core.ModeCount,
				Progress: func(p core.Progress) { calls++; require.Equal(t, uint64(10), p.Total) },
			})
			require.NoError(t, err)
			require.Positive(t, calls)
		})
	}
}

func TestBadProblems(t *testing.T) {
	for _, a := range models.Algorithms("queens") {
		if a.Kind != models.Exact && a.Kind != models.Constructive {
			continue
		}
		t.Run(a.Name, func(t *testing.T) {
			_, err := a.Solve(context.Background(), queens.New(0), nil)
			require.Error(t, err)
			_, err = a.Solve(context.Background(), queens.New(-3), nil)
			require.Error(t, err)
		})
	}
	_, err := lookup(t, "backtrack").Solve(context.Background(), queens.New(queens.MaxSearchN+1), nil)
	require.ErrorIs(t, err, resource.ErrTooLarge)
}

// TestSearchesDoNotAllocatePerNode checks that the hot loops allocate
// nothing: a search of 166926 nodes allocates as much as one of 8394
// (sizes whose arrays fall in the same allocation classes).
func TestSearchesDoNotAllocatePerNode(t *testing.T) {
	for _, name := range classic {
		t.Run(name, func(t *testing.T) {
			a := lookup(t, name)
			allocs := func(n int) float64 {
				return testing.AllocsPerRun(3, func() {
					_, err := a.Solve(context.Background(), queens.New(n), &core.Options{Mode: core.ModeCount})
					require.NoError(t, err)
				})
			}
			require.Equal(t, allocs(9), allocs(11))
			require.LessOrEqual(t, allocs(11), 12.0)
		})
	}
}
