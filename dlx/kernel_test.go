package dlx_test

import (
	"context"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/coverkit/coverkit/dlx"
	"github.com/coverkit/coverkit/dlx/internal/dance"
	"github.com/coverkit/coverkit/dlx/internal/gen"
)

// kernelRun is one search with a kernel forced: its solutions in order and
// its result.
func kernelRun(t testing.TB, p *dlx.Problem, k dance.Kernel, opts dlx.Options) ([][]int, dlx.Result) {
	s, err := dlx.NewSolver(p)
	require.NoError(t, err)
	dlx.SetKernel(s, k)
	var sols [][]int
	opts.Visit = func(sol []int) bool { sols = append(sols, slices.Clone(sol)); return true }
	res, err := s.Solve(context.Background(), &opts)
	require.NoError(t, err)
	return sols, res
}

// requireSameKernels runs the search of opts on p with the Go kernel and
// with the assembly one (the Go kernel again where there is none) and
// requires the same solutions in the same order, status, nodes and
// updates.
func requireSameKernels(t testing.TB, p *dlx.Problem, opts dlx.Options, name string) {
	wantSols, want := kernelRun(t, p, dance.Go, opts)
	gotSols, got := kernelRun(t, p, dance.Asm, opts)
	require.Equal(t, wantSols, gotSols, name)
	require.Equal(t, want.Status, got.Status, name)
	require.Equal(t, want.Solutions, got.Solutions, name)
	require.Equal(t, want.Stats.Nodes, got.Stats.Nodes, "nodes, "+name)
	require.Equal(t, want.Stats.Updates, got.Stats.Updates, "updates, "+name)
	for _, sol := range gotSols {
		require.NoError(t, p.Verify(sol), name)
	}
}

// TestKernels compares the two kernels of the hiding loops (package
// dance) on searches that use them (TakeSingleton without colors): known
// problems and random ones, with forced options, limits, node budgets at
// several sizes (the search polls between calls) and the snapshot.
func TestKernels(t *testing.T) {
	r := rand.New(rand.NewPCG(7, 8))
	for _, c := range plainCases(t, r, 200) {
		forced := c.forced
		for _, opts := range []dlx.Options{
			{TakeSingleton: true, Forced: forced},
			{TakeSingleton: true, Forced: forced, Snapshot: true, Limit: 2},
			{TakeSingleton: true, Forced: forced, Limit: 1},
			{TakeSingleton: true, Forced: forced, MaxNodes: 1 + uint64(r.IntN(5))},
			{TakeSingleton: true, Forced: forced, MaxNodes: 50, Snapshot: true},
		} {
			requireSameKernels(t, c.p, opts, c.text)
		}
	}
}

// TestKernelsSudoku compares the kernels on sudoku puzzles, where they run
// most: random givens that leave at least one solution, 20 to 34 of them,
// so that some puzzles have one solution and some many.
func TestKernelsSudoku(t *testing.T) {
	p := parse(t, gen.Sudoku())
	s := solver(t, p)
	r := rand.New(rand.NewPCG(9, 10))
	for trial := range 40 {
		var forced []int
		for _, cell := range r.Perm(81)[:20+r.IntN(15)] {
			k := cell*9 + r.IntN(9)
			res, err := s.Solve(context.Background(), &dlx.Options{Forced: append(forced, k), Limit: 1, TakeSingleton: true})
			require.NoError(t, err)
			if res.Solutions > 0 {
				forced = append(forced, k)
			}
		}
		requireSameKernels(t, p, dlx.Options{TakeSingleton: true, Snapshot: true, Forced: forced, Limit: 2}, "sudoku")
		requireSameKernels(t, p, dlx.Options{TakeSingleton: true, Forced: forced, Limit: 1 + uint64(trial%3), MaxNodes: uint64(trial % 7 * 10)}, "sudoku")
	}
}

// FuzzKernels compares the kernels on random problems without colors made
// from the fuzzer's seed and sizes.
func FuzzKernels(f *testing.F) {
	f.Add(uint64(1), uint8(4), uint8(2), uint8(10), uint8(0))
	f.Add(uint64(2), uint8(7), uint8(0), uint8(16), uint8(3))
	f.Fuzz(func(t *testing.T, seed uint64, np, ns, nopt, limit uint8) {
		r := rand.New(rand.NewPCG(seed, 11))
		text := gen.Random(r, 1+int(np%8), int(ns%5), 1+int(nopt%20))
		p := parse(t, strings.NewReplacer(":A", "", ":B", "").Replace(text))
		requireSameKernels(t, p, dlx.Options{TakeSingleton: true, Limit: uint64(limit % 4), Snapshot: limit%2 == 1}, text)
	})
}
