// Package dlx solves generalized exact cover problems with Dancing Links:
// Knuth's Algorithm X, and its extension with colors, Algorithm C ("XCC"),
// on flat int32 arrays laid out as in Knuth's programs dlx1 and dlx2.
//
// # The problem
//
// A Problem has items and options. Each option is a set of items. A
// solution is a set of options that covers every primary item exactly once
// and every secondary item at most once — or, when the options give a
// secondary item a color, by any number of options that all give it the same
// color. N-Queens is the classic example: rows and columns are primary
// (one queen each), the diagonals secondary (at most one queen each).
//
// Build a Problem in Go:
//
//	p := dlx.New()
//	a, _ := p.AddPrimary("a")
//	b, _ := p.AddPrimary("b")
//	x, _ := p.AddSecondary("x")
//	p.AddOption("a", "x:red")           // by name, "name:color" for colors
//	p.AddOptionIndex([]int{a, b}, nil)  // by index, no name lookups
//
// or read it with Parse from the text format of Knuth's dlx1 and dlx2
// (described in docs/formats.md), and write it back with Write:
//
//	| a comment
//	a b c d e f g
//	c e
//	a d g
//	...
//
// # Solving
//
// NewSolver builds the node arrays once. Solve then searches as its
// Options say: count every solution (nil Options), stop after Limit
// solutions (1: the first; 2: is it unique?), pass each solution to Visit
// (which can stop the search), stop after MaxNodes nodes, or split the
// search over Workers goroutines. It polls its context every few thousand
// nodes. The Result carries a models.Status — exhausted, found, limit,
// timeout or canceled: only exhausted with zero solutions proves that none
// exists — and the Stats: nodes, updates (link removals, Knuth's measure,
// so updates per second compare with dlx1) and elapsed time.
//
// The search picks the active primary item with the fewest remaining
// options (ties to the first in item order), covers it, and tries its
// options in order.
//
// # Reusing a solver: puzzles with givens
//
// A Solver restores its arrays after every search, and a serial Solve
// allocates nothing, so one Solver built for a fixed matrix can solve many
// instances. Options.Forced lists options chosen before the search starts —
// the givens of a puzzle. For sudoku the matrix of 324 items and 729 options
// is built once; each puzzle is a Solve with its givens forced and Limit 2,
// and Solver.First returns the chosen options of the first solution found.
// Clashing givens are not an error: the search answers that there is no
// solution. Options.TakeSingleton, which stops the choice of item at the
// first one with a single option left, about doubles the rate on such
// puzzles. See the 4×4 sudoku example.
//
// A Solver is not safe for concurrent use; Clone makes one per goroutine.
// With Options.Workers > 1, Solve clones the solver itself and splits the
// tree at its top levels into many more independent subproblems than
// workers; counts are exact and the same as with one worker, and
// Options.Progress reports the subproblems done.
//
// The package imports only the standard library and coverkit's leaf
// package models (for Status and Stats), so any Go program can use it for
// its own puzzles.
package dlx
