package queens

import (
	"context"
	"fmt"
	"strconv"

	"github.com/coverkit/coverkit/core"
	"github.com/coverkit/coverkit/dlx"
	"github.com/coverkit/coverkit/models"
	"github.com/coverkit/coverkit/models/xcc"
	"github.com/coverkit/coverkit/resource"
)

// CoverMaxN is the largest board the dlx algorithm and Cover accept: the
// matrix has N² options of four items, 16 bytes a node, so N = 4096 takes
// about 1.3 GiB.
const CoverMaxN = 4096

// engine is the model on the exact-cover engine: the dlx algorithm (with
// fundamental counts through Unique) and the memo, on Cover.
var engine = xcc.Engine{
	Solve: solveDLX,
	Description: "Dancing Links (Knuth's Algorithm C): rows and columns primary, " +
		"diagonals secondary; reports Knuth's updates",
	Limits:    "n ≤ 4096 (CoverMaxN)",
	DLXLimits: "memory grows as n² (the cover's options), checked against the memory available",
	MemoNote:  "on the dlx algorithm's cover (few subproblems repeat: slower than dlx)",
	Caps:      models.CanUnique,
}

var (
	dlxAlgorithm   = withUniqueAlgorithm(engine.Algorithm(xcc.DLX))
	memoAlgorithm  = engine.Algorithm(xcc.Memo)
	cellsAlgorithm = withUniqueAlgorithm(engine.Algorithm(xcc.Cells))
)

// withUniqueAlgorithm returns a with its Solve wrapped by withUnique.
func withUniqueAlgorithm(a models.Algorithm) models.Algorithm {
	a.Solve = withUnique(a.Solve)
	return a
}

// Cover returns N-Queens as a generalized exact cover problem. Primary
// items: the rows r1..rN and the columns c1..cN, in Knuth's "organ-pipe"
// order (the middle rows and columns first, which makes the search tree
// much smaller); secondary items: the 2N−1 diagonals a1..a(2N−1) (row +
// column constant) and the 2N−1 anti-diagonals b1..b(2N−1) (row − column
// constant). Option r·N + c (0-based) puts a queen in row r+1, column c+1:
// "r<r+1> c<c+1> a<r+c+1> b<r−c+N>".
func Cover(n int) (*dlx.Problem, error) { return cover(context.Background(), n, false) }

// cover builds Cover(n), or TorusCover(n) if torus: the same rows and
// columns, the same options, and the diagonals of the board (2n−1 of each
// direction, secondary) or of the torus (n of each, primary). The build
// stops when ctx ends (dlx.NewWithContext): an error wrapping
// dlx.ErrStopped, which xcc.Stopped reads as a search stopped before its
// first node.
func cover(ctx context.Context, n int, torus bool) (*dlx.Problem, error) {
	if n <= 0 {
		return nil, fmt.Errorf("queens: board size must be positive, got %d", n)
	}
	if n > CoverMaxN {
		nodes := float64(n) * float64(n) * 5
		return nil, fmt.Errorf("queens: dlx: n = %d needs %.1f GiB of nodes (n ≤ %d): %w",
			n, nodes*16/(1<<30), CoverMaxN, resource.ErrTooLarge)
	}
	p := dlx.NewWithContext(ctx)
	order := organPipe(n) // by distance from the middle, the lower first (given_dlx.go)
	rows := make([]int, n)
	cols := make([]int, n)
	for _, i := range order {
		rows[i], _ = p.AddPrimary("r" + strconv.Itoa(i+1))
		cols[i], _ = p.AddPrimary("c" + strconv.Itoa(i+1))
	}
	diagonals, add, sumName, diffName := 2*n-1, p.AddSecondary, "a", "b"
	if torus {
		diagonals, add, sumName, diffName = n, p.AddPrimary, "s", "d"
	}
	sums := make([]int, diagonals)
	diffs := make([]int, diagonals)
	for d := range diagonals {
		sums[d], _ = add(sumName + strconv.Itoa(d+1))
	}
	for d := range diagonals {
		diffs[d], _ = add(diffName + strconv.Itoa(d+1))
	}
	opt := make([]int, 4)
	for r := range n {
		for c := range n {
			sum, diff := r+c, r-c+n-1
			if torus {
				sum, diff = sum%n, (diff+1)%n
			}
			opt[0], opt[1], opt[2], opt[3] = rows[r], cols[c], sums[sum], diffs[diff]
			if _, err := p.AddOptionIndex(opt, nil); err != nil {
				return nil, err // stopped (the items are distinct)
			}
		}
	}
	return p, nil
}

// decodeCover turns the chosen options of Cover(n) into the board encoding
// (sol[c] = row of the queen in column c).
func decodeCover(n int, options []int, sol core.Solution) {
	for _, k := range options {
		sol[k%n] = int32(k / n)
	}
}

// solveDLX is the registered "dlx", "memo" and "cells" algorithms: the Cover matrix
// solved by package dlx with the method m. Stats.Updates counts Knuth's
// link removals; Stats.Checks stays 0.
func solveDLX(ctx context.Context, p core.Problem, opts *core.Options, m dlx.Method) (core.Result, error) {
	o := opts.OrDefault()
	b, workers, err := inputAny(p, o, "dlx")
	if err != nil {
		return core.Result{}, err
	}
	if o.Method != "" {
		return core.Result{}, fmt.Errorf("queens: dlx has no methods (got %q): %w", o.Method, core.ErrUnsupported)
	}
	if o.Unique {
		return core.Result{}, fmt.Errorf("queens: dlx does not reduce by symmetry (use bitwise for fundamental counts): %w", core.ErrUnsupported)
	}
	if res, none, err := settled(b); err != nil || none { // given.go
		return res, err
	}
	cover, err := coverOf(ctx, b) // given_dlx.go: Cover or TorusCover
	if err != nil {
		return xcc.Stopped(err)
	}
	forced := forcedOf(b)
	sol := make(core.Solution, b.N)
	return xcc.Run(ctx, &xcc.Cover{Problem: cover, Forced: forced, Workers: workers, Decode: func(options []int) core.Solution {
		decodeCover(b.N, options, sol)
		return sol
	}}, o, m)
}
