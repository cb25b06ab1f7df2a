package dlx_test

import (
	"context"
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/coverkit/coverkit/core"
	"github.com/coverkit/coverkit/dlx"
	"github.com/coverkit/coverkit/dlx/internal/gen"
	"github.com/stretchr/testify/require"
	"gonum.org/v1/gonum/stat/distuv"
)

// chiSquare draws draws solutions of p with Solver.Sample and returns the
// chi-square statistic of their frequencies against the uniform
// distribution over every solution (listed by the plain search), with its
// degrees of freedom.
func chiSquare(t *testing.T, p *dlx.Problem, draws uint64, opts dlx.Options) (stat float64, df int) {
	t.Helper()
	index := map[string]int{}
	sols, _ := all(t, p, dlx.Options{})
	for _, sol := range sols {
		index[fmt.Sprint(sol)] = len(index)
	}
	require.NotEmpty(t, index)
	seen := make([]float64, len(index))
	opts.Visit = func(sol []int) bool {
		require.NoError(t, p.Verify(sol))
		i, ok := index[fmt.Sprint(slices.Sorted(slices.Values(sol)))]
		require.True(t, ok, "a solution the plain search does not list")
		seen[i]++
		return true
	}
	res, err := solver(t, p).Sample(context.Background(), draws, &opts)
	require.NoError(t, err)
	require.Equal(t, core.StatusFound, res.Status)
	require.Equal(t, draws, res.Solutions)
	require.EqualValues(t, len(index), res.Count.Lo)
	want := float64(draws) / float64(len(index))
	for _, n := range seen {
		stat += (n - want) * (n - want) / want
	}
	return stat, len(index) - 1
}

// TestSampleUniform draws solutions of small instances whose solutions can
// all be listed and checks their frequencies with a chi-square test at
// the 0.1% level (fixed seeds, so the test is deterministic): the domino
// tilings of 4×4 (36, OEIS A004003) and 3×6 (41), with each branching
// rule, and a colored instance.
func TestSampleUniform(t *testing.T) {
	colored := randomMemoInstance(rand.New(rand.NewPCG(7, 7)), 8, 4, 40, false)
	for _, tc := range []struct {
		name   string
		p      *dlx.Problem
		branch dlx.Branch
	}{
		{"dominoes 4x4, first", parse(t, gen.Dominoes(4, 4)), dlx.BranchFirst},
		{"dominoes 4x4, mrv", parse(t, gen.Dominoes(4, 4)), dlx.BranchMRV},
		{"dominoes 3x6, auto", parse(t, gen.Dominoes(3, 6)), dlx.BranchAuto},
		{"colored, mrv", colored, dlx.BranchMRV},
		{"colored, first", colored, dlx.BranchFirst},
	} {
		t.Run(tc.name, func(t *testing.T) {
			sols, _ := all(t, tc.p, dlx.Options{})
			n := len(sols)
			if n < 2 {
				t.Skipf("%d solutions", n)
			}
			per := 200 // draws per solution: the expected count of each
			if n > 100 {
				per = 40
			}
			stat, df := chiSquare(t, tc.p, uint64(per*n), dlx.Options{Branch: tc.branch, Seed: 25})
			crit := distuv.ChiSquared{K: float64(df)}.Quantile(0.999)
			require.Less(t, stat, crit, "chi-square %.1f with %d degrees of freedom", stat, df)
			t.Logf("%d solutions: chi-square %.1f, %d degrees of freedom, critical %.1f", n, stat, df, crit)
		})
	}
}

// TestSampleSeeds checks that a seed gives the same draws and another seed
// others, that forced options stay in every draw, and the refusals.
func TestSampleSeeds(t *testing.T) {
	p := parse(t, gen.Dominoes(6, 6))
	draw := func(opts dlx.Options) [][]int {
		var out [][]int
		opts.Visit = func(sol []int) bool {
			out = append(out, slices.Clone(sol))
			return true
		}
		_, err := solver(t, p).Sample(context.Background(), 5, &opts)
		require.NoError(t, err)
		return out
	}
	a, b, c := draw(dlx.Options{Seed: 1}), draw(dlx.Options{Seed: 1}), draw(dlx.Options{Seed: 2})
	require.Equal(t, a, b)
	require.NotEqual(t, a, c)
	for _, sol := range draw(dlx.Options{Seed: 3, Forced: []int{0}}) {
		require.Equal(t, 0, sol[0])
		require.NoError(t, p.Verify(sol))
	}
	_, err := solver(t, parse(t, gen.Knuth3)).Sample(context.Background(), 1, nil)
	require.Error(t, err)
	// No solution: nothing drawn, status exhausted.
	res, err := solver(t, parse(t, gen.Dominoes(3, 3))).Sample(context.Background(), 3, nil)
	require.NoError(t, err)
	require.Equal(t, core.StatusExhausted, res.Status)
	require.Zero(t, res.Solutions)
}
