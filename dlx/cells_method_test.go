package dlx_test

import (
	"context"
	"fmt"
	"math/rand/v2"
	"os"
	"strings"
	"testing"

	"github.com/coverkit/coverkit/core"
	"github.com/coverkit/coverkit/dlx"
	"github.com/coverkit/coverkit/dlx/internal/dance"
	"github.com/coverkit/coverkit/dlx/internal/gen"
	"github.com/stretchr/testify/require"
)

// TestCellsSSXCC checks the branching rule BranchSSXCC through the
// driver: Knuth's SSXCC's solutions, nodes and updates on Langford's
// problem of order 8 (his program's figures; more in cells_test.go), and
// the solutions of the canonical tree in another order.
func TestCellsSSXCC(t *testing.T) {
	p := parse(t, gen.Langford(8))
	s := solver(t, p)
	res, err := s.Count(context.Background(), &dlx.Options{Method: dlx.MethodCells, Branch: dlx.BranchSSXCC})
	require.NoError(t, err)
	require.Equal(t, [3]uint64{300, 2267, 34765}, [3]uint64{res.Solutions, res.Stats.Nodes, res.Stats.Updates})
	res, err = s.Count(context.Background(), &dlx.Options{Method: dlx.MethodCells})
	require.NoError(t, err)
	require.Equal(t, [3]uint64{300, 2259, 31403}, [3]uint64{res.Solutions, res.Stats.Nodes, res.Stats.Updates},
		"the canonical tree")
	first, err := s.Solve(context.Background(), &dlx.Options{Method: dlx.MethodCells, Branch: dlx.BranchSSXCC, Limit: 1})
	require.NoError(t, err)
	require.Equal(t, core.StatusFound, first.Status)
	require.NoError(t, p.Verify(s.First()))
}

// TestCellsRefusals checks what MethodCells and BranchSSXCC refuse:
// multiplicities, MaxOptions and Minimize (Algorithm M's), random samples
// (the memo's), the branching rule first (the memo's), BranchSSXCC on
// several workers or with another method.
func TestCellsRefusals(t *testing.T) {
	ctx := context.Background()
	multi := parse(t, "2|a b\na\na b\nb\na\n")
	_, err := solver(t, multi).Count(ctx, &dlx.Options{Method: dlx.MethodCells})
	require.ErrorIs(t, err, core.ErrUnsupported)
	s := solver(t, parse(t, gen.Knuth7))
	for name, o := range map[string]dlx.Options{
		"max-options":     {Method: dlx.MethodCells, MaxOptions: 3},
		"minimize":        {Method: dlx.MethodCells, Minimize: true},
		"branch first":    {Method: dlx.MethodCells, Branch: dlx.BranchFirst},
		"ssxcc, workers":  {Method: dlx.MethodCells, Branch: dlx.BranchSSXCC, Workers: 2},
		"ssxcc, links":    {Method: dlx.MethodLinks, Branch: dlx.BranchSSXCC},
		"ssxcc, the memo": {Method: dlx.MethodMemo, Branch: dlx.BranchSSXCC},
	} {
		_, err := s.Count(ctx, &o)
		require.Error(t, err, name)
	}
	_, err = s.Sample(ctx, 2, &dlx.Options{Method: dlx.MethodCells})
	require.Error(t, err, "sample")
	res, err := s.Count(ctx, &dlx.Options{Method: dlx.MethodCells, Workers: 2})
	require.NoError(t, err, "the canonical tree on several workers")
	require.EqualValues(t, 1, res.Solutions)
}

// TestCellsStops checks the stops of the dancing cells: a node budget
// stops one worker after exactly that many nodes (status limit), an ended
// context stops the search (timeout, canceled), a visit that returns
// false stops it (found); the same Solver then counts as before.
func TestCellsStops(t *testing.T) {
	p := parse(t, gen.Queens(9, true))
	s := solver(t, p)
	full, err := s.Count(context.Background(), &dlx.Options{Method: dlx.MethodCells})
	require.NoError(t, err)
	for _, budget := range []uint64{1, 7, 1000, full.Stats.Nodes - 1} {
		res, err := s.Count(context.Background(), &dlx.Options{Method: dlx.MethodCells, MaxNodes: budget, Workers: 1})
		require.NoError(t, err)
		require.Equal(t, core.StatusLimit, res.Status, "budget %d", budget)
		require.Equal(t, budget, res.Stats.Nodes, "budget %d", budget)
		par, err := s.Count(context.Background(), &dlx.Options{Method: dlx.MethodCells, MaxNodes: budget, Workers: 3})
		require.NoError(t, err)
		require.LessOrEqual(t, par.Stats.Nodes, budget, "budget %d on 3 workers", budget)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	res, err := s.Count(ctx, &dlx.Options{Method: dlx.MethodCells, MaxNodes: 10})
	require.NoError(t, err)
	require.Equal(t, core.StatusCanceled, res.Status)
	n := 0
	res, err = s.Solve(context.Background(), &dlx.Options{Method: dlx.MethodCells, Visit: func([]int) bool { n++; return n < 3 }})
	require.NoError(t, err)
	require.Equal(t, core.StatusFound, res.Status)
	require.EqualValues(t, 3, res.Solutions)
	again, err := s.Count(context.Background(), &dlx.Options{Method: dlx.MethodCells})
	require.NoError(t, err)
	require.Equal(t, full.Solutions, again.Solutions)
	require.Equal(t, [2]uint64{full.Stats.Nodes, full.Stats.Updates}, [2]uint64{again.Stats.Nodes, again.Stats.Updates})
}

// ExampleSolver_Count_cells counts the solutions of Langford's problem of
// order 7 with the dancing cells, in the canonical tree and in Knuth's
// SSXCC's (whose nodes and updates are his program's).
func ExampleSolver_Count_cells() {
	p, _ := dlx.Parse(strings.NewReader(gen.Langford(7)))
	s, _ := dlx.NewSolver(p)
	for _, b := range []dlx.Branch{dlx.BranchMRV, dlx.BranchSSXCC} {
		res, _ := s.Count(context.Background(), &dlx.Options{Method: dlx.MethodCells, Branch: b})
		fmt.Println(b, res.Solutions, "solutions,", res.Stats.Nodes, "nodes,", res.Stats.Updates, "updates")
	}
	// Output:
	// mrv 52 solutions, 465 nodes, 6811 updates
	// ssxcc 52 solutions, 466 nodes, 7734 updates
}

// TestCellsKernels checks that the two kernels of package sparse (Go and
// assembly) make the same searches: the same solutions in the same order,
// status, nodes and updates, with either tree, with limits and node
// budgets, on random instances without colors (with forced options), on
// Langford pairs and queens, and on sudoku puzzles with their givens.
func TestCellsKernels(t *testing.T) {
	type run struct {
		seq, set            uint64
		status              core.Status
		sols, nodes, update uint64
	}
	search := func(t *testing.T, p *dlx.Problem, kernel dance.Kernel, o dlx.Options) run {
		s := solver(t, p)
		require.NoError(t, dlx.SetCellsKernel(s, kernel))
		var r run
		o.Method = dlx.MethodCells
		o.Visit = func(sol []int) bool {
			for _, k := range sol {
				r.seq = r.seq*1000003 + uint64(k)
			}
			r.set++
			return true
		}
		res, err := s.Solve(context.Background(), &o)
		require.NoError(t, err)
		r.status, r.sols, r.nodes, r.update = res.Status, res.Solutions, res.Stats.Nodes, res.Stats.Updates
		return r
	}
	check := func(t *testing.T, p *dlx.Problem, forced []int, msg string) {
		for _, b := range []dlx.Branch{dlx.BranchMRV, dlx.BranchSSXCC} {
			for _, o := range []dlx.Options{{}, {Limit: 3}, {MaxNodes: 5}, {MaxNodes: 40}} {
				o.Forced, o.Branch = forced, b
				require.Equal(t, search(t, p, dance.Go, o), search(t, p, dance.Asm, o), "%s, %v, %+v", msg, b, o)
			}
		}
	}
	r := rand.New(rand.NewPCG(34, 35))
	for trial := range 150 {
		p, forced := randomKind(t, r, "plain")
		check(t, p, forced, fmt.Sprintf("trial %d, forced %v", trial, forced))
	}
	for name, text := range map[string]string{"langford-8": gen.Langford(8), "queens-8": gen.Queens(8, true)} {
		check(t, parse(t, text), nil, name)
	}
	s := parse(t, gen.Sudoku())
	top50, err := os.ReadFile("../testdata/sudoku/top50.txt")
	require.NoError(t, err)
	for i, line := range strings.Split(strings.TrimSpace(string(top50)), "\n")[1:13] {
		var forced []int
		for c, ch := range line {
			if ch >= '1' && ch <= '9' {
				forced = append(forced, c*9+int(ch-'1'))
			}
		}
		for _, b := range []dlx.Branch{dlx.BranchMRV, dlx.BranchSSXCC} {
			o := dlx.Options{Forced: forced, Limit: 2, Branch: b}
			require.Equal(t, search(t, s, dance.Go, o), search(t, s, dance.Asm, o), "puzzle %d, %v", i, b)
		}
	}
}

// TestCellsSplit checks what a split counted by the cells says of itself
// (Subtrees.Alternate("cells"): the split made anew by the cells' tree;
// its counters are checked with the links' in counters_test.go): its
// algorithm and name, a split of the cells counted by the cells only, and
// multiplicities refused.
func TestCellsSplit(t *testing.T) {
	ctx := context.Background()
	sub, err := dlx.NewSubtrees(ctx, parse(t, gen.Langford(8)), nil, 7, "dlx")
	require.NoError(t, err)
	c, err := sub.Alternate("cells")
	require.NoError(t, err)
	cs := c.(*dlx.Subtrees)
	require.Equal(t, "cells", cs.Algorithm())
	require.Contains(t, cs.Name(), "cells/1/d=")
	_, err = cs.Alternate("memo")
	require.ErrorIs(t, err, core.ErrUnsupported, "a split of the cells is counted by the cells")
	sub, err = dlx.NewSubtrees(ctx, parse(t, gen.Pieces('K', 6, 5)), nil, 3, "dlx")
	require.NoError(t, err)
	_, err = sub.Alternate("cells")
	require.ErrorIs(t, err, core.ErrUnsupported, "multiplicities")
}
