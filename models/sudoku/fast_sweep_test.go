package sudoku

import (
	"context"
	"math/rand/v2"
	"strconv"
	"strings"
	"testing"

	"github.com/coverkit/coverkit/core"
	"github.com/coverkit/coverkit/models/sudoku/internal/sweep"
	"github.com/stretchr/testify/require"
)

// fastRun is one solve's outcome, for comparing kernels.
type fastRun struct {
	found, nodes uint64
	status       core.Status
	sol          [81]uint8
}

// fastSolveWith solves g with the sweep kernel (where the CPU has it) or
// with the Go kernel.
func fastSolveWith(sweep bool, f *Fast, g *[81]uint8, limit, maxNodes uint64) fastRun {
	var r fastRun
	f.kernel = "go"
	if sweep {
		f.kernel = ""
	}
	r.found, r.nodes, r.status = f.solveWith(context.Background(), g, limit, maxNodes, &r.sol, false, nil)
	f.kernel = ""
	return r
}

// fastRandomPuzzle returns a puzzle for kernel comparisons: a relabeled
// solution with cells removed (unique or not), random givens (often no
// solution), or a solution with a few cells changed (clashes).
func fastRandomPuzzle(rng *rand.Rand) [81]uint8 {
	base := [81]uint8{8, 1, 2, 7, 5, 3, 6, 4, 9, 9, 4, 3, 6, 8, 2, 1, 7, 5, 6, 7, 5, 4, 9, 1, 2, 8, 3, 1, 5, 4, 2, 3, 7, 8, 9, 6, 3, 6, 9, 8, 4, 5, 7, 2, 1, 2, 8, 7, 1, 6, 9, 5, 3, 4, 5, 2, 1, 9, 7, 4, 3, 6, 8, 4, 3, 8, 5, 2, 6, 9, 1, 7, 7, 9, 6, 3, 1, 8, 4, 5, 2}
	var g [81]uint8
	switch rng.IntN(3) {
	case 0:
		perm := rng.Perm(9)
		for i, v := range base {
			g[i] = uint8(perm[v-1] + 1)
		}
		for _, i := range rng.Perm(81)[:30+rng.IntN(40)] {
			g[i] = 0
		}
	case 1:
		for range 6 + rng.IntN(20) {
			g[rng.IntN(81)] = uint8(1 + rng.IntN(9))
		}
	default:
		g = base
		for _, i := range rng.Perm(81)[:50+rng.IntN(25)] {
			g[i] = 0
		}
		for range 1 + rng.IntN(3) {
			g[rng.IntN(81)] = uint8(1 + rng.IntN(9))
		}
	}
	return g
}

// TestFastSweepStates checks, state by state, that the sweep kernel and the
// Go kernel reach the same fixpoint (candidates and open cells) or both a
// contradiction, and choose the same cell to guess on, on the roots of
// random puzzles and of top1465 with some solution cells placed.
func TestFastSweepStates(t *testing.T) {
	if !sweep.Available() {
		t.Skip("the sweep kernel needs AVX-512 (F, BW) on amd64")
	}
	rng := rand.New(rand.NewPCG(24, 1))
	check := func(name string, s *fastState) {
		t.Helper()
		a := *s
		b := sweep.State{Cand: s.cand, Unsolved: s.unsolved, Changed: s.changed}
		ok := a.propagate()
		r := sweep.Step(&b)
		if !ok {
			require.Equal(t, sweep.Contradiction, r, name)
			return
		}
		require.NotEqual(t, sweep.Contradiction, r, name)
		require.Equal(t, a.cand, b.Cand, name)
		require.Equal(t, a.unsolved, b.Unsolved, name)
		pb, pp, open := a.pick()
		switch {
		case !open:
			require.Equal(t, sweep.Solved, r, name)
		case r == sweep.NoPair:
			// No cell has two candidates: pick decides, and a cell with
			// more must be what it chose.
			var n int
			for d := range uint(9) {
				n += int(a.cand[9*pb+d] >> pp & 1)
			}
			require.Greater(t, n, 2, name)
		default:
			require.Equal(t, int(27*pb+pp), r, name)
		}
	}
	for n := range 3000 {
		g := fastRandomPuzzle(rng)
		var s fastState
		if s.init(&g, false) {
			check("random "+strconv.Itoa(n)+" "+fastString(&g), &s)
		}
	}
	if p := dataFile("top1465.txt"); p != "" {
		var f Fast
		for i, g := range fastLoad(t, "top1465.txt") {
			var sol [81]uint8
			found, _, _ := f.Solve(context.Background(), &g, 1, &sol)
			require.Equal(t, uint64(1), found)
			for range 3 {
				h := g
				for _, c := range rng.Perm(81)[:rng.IntN(30)] {
					h[c] = sol[c]
				}
				var s fastState
				require.True(t, s.init(&h, false))
				check("top1465 "+strconv.Itoa(i+1), &s)
			}
		}
	}
}

// TestFastSweepAgrees solves with both kernels, first solution, uniqueness
// and a full count, with node budgets cut at several points: the same
// solutions, counts, nodes and statuses.
func TestFastSweepAgrees(t *testing.T) {
	if !sweep.Available() {
		t.Skip("the sweep kernel needs AVX-512 (F, BW) on amd64")
	}
	var puzzles [][81]uint8
	rng := rand.New(rand.NewPCG(24, 2))
	for range 400 {
		puzzles = append(puzzles, fastRandomPuzzle(rng))
	}
	for _, set := range []struct {
		name  string
		every int
	}{{"top1465.txt", 5}, {multiSet, 25}} {
		if dataFile("17clue.txt") == "" {
			break
		}
		ps := fastLoad(t, set.name)
		for i := 0; i < len(ps); i += set.every {
			puzzles = append(puzzles, ps[i])
		}
	}
	var f Fast
	for i := range puzzles {
		g := &puzzles[i]
		for _, limit := range []uint64{1, 2, 0} {
			budget := uint64(20000)
			if limit == 0 {
				budget = 2000 // counting every solution of a loose puzzle
			}
			full := fastSolveWith(false, &f, g, limit, budget)
			require.Equal(t, full, fastSolveWith(true, &f, g, limit, budget), "puzzle %s limit %d", fastString(g), limit)
			if limit != 2 || full.nodes < 4 {
				continue
			}
			for _, budget := range []uint64{1, full.nodes / 3, full.nodes - 1} {
				require.Equal(t, fastSolveWith(false, &f, g, limit, budget), fastSolveWith(true, &f, g, limit, budget),
					"puzzle %s budget %d", fastString(g), budget)
			}
		}
	}
}

// FuzzFastKernels compares, on fuzzed 9×9 puzzles, the sweep kernel with
// its Go twin (same counts, nodes, statuses and first solution, under a node
// budget) and with the exact cover on the DLX engine (same number of
// solutions up to 3, and the same solution when it is unique).
func FuzzFastKernels(f *testing.F) {
	f.Add(knownPuzzles[0].puzzle, uint64(0))
	f.Add(strings.Repeat(".", 81), uint64(1))
	f.Add(".................1.....2.3......3.2...1.4......5....6..3......4.7..8...96....7...", uint64(2))
	f.Add("11...............................................................................", uint64(3))
	dlxSolve, err := Algorithm("dlx")
	require.NoError(f, err)
	shape, err := NewShape(9, 3, 3, Classic)
	require.NoError(f, err)
	f.Fuzz(func(t *testing.T, text string, seed uint64) {
		var g [81]uint8
		for i := range min(len(text), 81) {
			if c := text[i]; c >= '1' && c <= '9' {
				g[i] = c - '0'
			}
		}
		if seed%2 == 1 { // fill some cells from a random stream too
			rng := rand.New(rand.NewPCG(seed, 24))
			for range rng.IntN(20) {
				g[rng.IntN(81)] = uint8(rng.IntN(10))
			}
		}
		var fast Fast
		const budget = 50000
		goRun := fastSolveWith(false, &fast, &g, 3, budget)
		require.Equal(t, goRun, fastSolveWith(true, &fast, &g, 3, budget), "puzzle %s", fastString(&g))
		if goRun.status == core.StatusLimit {
			return // too hard for a fuzz step
		}
		p := &Puzzle{Shape: shape, Givens: g[:]}
		res, err := dlxSolve.Solve(context.Background(), p, &core.Options{Mode: core.ModeAll, Limit: 3, MaxNodes: 1 << 22})
		require.NoError(t, err)
		if res.Status == core.StatusLimit {
			return
		}
		n, _ := res.Solutions.Uint64()
		require.Equal(t, goRun.found, n, "puzzle %s", fastString(&g))
		if n == 1 {
			for i, v := range res.First {
				require.Equal(t, uint8(v), goRun.sol[i], "puzzle %s cell %d", fastString(&g), i)
			}
		}
	})
}
