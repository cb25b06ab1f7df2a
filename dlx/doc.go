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
// search over Workers goroutines. It stops through a core.Meter, polled
// by work done (updates, and the items the choice of item scans), about
// once a millisecond whatever a node costs. The Result carries a core.Status — exhausted, found, limit,
// timeout or canceled: only exhausted with zero solutions proves that none
// exists — and the Stats: nodes, updates (link removals, Knuth's measure,
// so updates per second compare with dlx1) and elapsed time.
//
// The search picks the active primary item with the fewest remaining
// options (ties to the first in item order), covers it, and tries its
// options in order.
//
// # Counting and sampling: Count, Sample and the methods
//
// Count counts the solutions without visiting them, by the method
// Options.Method names: MethodLinks (the search above, every solution
// visited), MethodMemo (a memo of the count of each remaining subproblem,
// Knuth's Algorithm 7.2.2.1Z: on dominoes, matchings and L-trominoes,
// counts past 2^100 in milliseconds; Options.Branch, Options.MemoBytes)
// or MethodAuto, the default, which races the candidates — the search,
// the memo by each branching rule — on copies of the arrays in slices of
// work that go on where they stopped, projects from each one's progress
// the work it still needs, and lets the leader finish, alone (on several
// workers once it is clear): its counters are its own, and the same on
// every run. Result.Method says which answered. Sample(ctx, n, opts)
// draws n solutions uniformly at random from the memo's counts. Counts
// are exact at any size: Result.Count, and Result.Big past 2^128 − 1.
//
// The engine is a driver with methods (see the package's method.go): the
// Solver owns the options, the stop, the workers and the split into
// subproblems, and each method — Algorithms C and M, the memoized counts,
// the sample — has its own search loop over one shared set of dancing
// steps.
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
// first one with a single option left (and, without colors, counts the
// items left without options as it covers, so that the tree stays Knuth's),
// about doubles the rate on such puzzles. See the 4×4 sudoku example.
//
// A Solver is not safe for concurrent use; Clone makes one per goroutine.
// Options.Workers 0 is the default of coverkit's one worker rule: one
// goroutine for Solve, which lists solutions, and runtime.GOMAXPROCS(0)
// for Count and Sample. With Options.Workers > 1, Solve clones the solver itself and splits the
// tree at its top levels into many more independent subproblems than
// workers; counts, nodes and updates are exactly those of one worker
// (each node is counted once, by the worker whose subtree holds it; the
// replay of a subtree's prefix is not counted); a listing with a Limit
// (the first solution, the first K) passes its solutions on in the serial
// order and reports the serial search's counters up to the last one, so
// that it too is the same on any number of workers. Options.Progress
// reports the subproblems done.
//
// # Dancing cells
//
// Options.Method MethodCells searches with dancing cells instead of links
// (Knuth's program SSXCC, TAOCP pre-fascicle 7A): each item owns a
// stretch of one array holding its active options, an option leaves a
// set by a swap with the set's last active option, and backing up
// restores the sizes a branching level saved instead of undoing every
// removal. An item with one option left goes on a stack of forced moves.
// The tree is Algorithm C's with its dead ends cut (an option that leaves
// an item without options is dropped, not entered): its nodes and the
// options so dropped add up to the links' nodes, its solutions come in the
// links' order, and its counters are the same on any number of workers.
// Nodes and updates are counted as SSXCC counts them: a level entered is a
// node; an update is an item made inactive or an option removed from a
// set. Options.Branch BranchSSXCC gives SSXCC's tree exactly — its forced
// moves in the order the search met them, an item's options in the order
// its set holds them — whose nodes and updates equal his program's; that
// order depends on the subtrees searched before, so it runs on one
// worker. Forced options make the problem that remains, as if it were the
// input. Multiplicities, MaxOptions and Minimize are refused.
//
// # Multiplicities: Algorithm M
//
// A primary item may be given bounds: AddPrimaryBounds(name, lo, hi) (or
// SetBounds) asks for it to be covered between lo and hi times, and the
// text format reads Knuth's dlx3 syntax on the item line: "lo:hi|NAME",
// "n|NAME" (exactly n times), "NAME" (exactly once). A solution is then a
// set of options (each at most once) covering every primary item within its
// bounds; secondary items and colors mean what they mean in Algorithm C.
// Such problems run Knuth's Algorithm M (TAOCP 7.2.2.1, his program dlx3):
// it branches on the item of least branching degree len + s − b + 1 (b the
// number of options the item may still take, s the smaller of b and its
// slack hi − lo; ties to the smaller s, then the longer list), and tweaks
// each option tried out of the item's list so that each solution is found
// once. Its trees, node and update counts equal dlx3's. A problem with no
// bounds other than 1..1 runs Algorithm C exactly as before: the choice is
// made once per Solve.
//
// Multiplicities express "k pieces" (an item "k|#" in every option),
// "at most one" (0:1) and covering problems: a domination problem makes
// every square an item "1:N|square", each option a piece with the squares
// it sees. Options.MaxOptions bounds the number of options in a solution
// and prunes the search with a lower bound (the coverage still lacking
// over the most primary items of one option; with one option left, some
// option of the chosen item must cover every item still lacking), branching
// on items that still lack coverage; Options.Minimize raises that bound
// from a lower bound until a solution appears, and Result.MinOptions
// reports it — the domination number — with Solutions the number of
// minimum solutions. On queen domination of 8×8 this counts the 4,860
// minimum sets from 94,401 nodes, where dlx3 with Knuth's "5|#" item
// visits 3,074,576.
//
// All the rest holds for Algorithm M too: statuses, Limit, MaxNodes,
// Visit, Forced, Workers (the tree is split into paths of branches that
// each worker replays, so counts, nodes and updates equal the serial
// search's), exact counts. TakeSingleton applies to Algorithm C only.
//
// The package imports only the standard library and coverkit's small
// packages core (Status, Stats, Meter), lines and resource, so any Go
// program can use it for its own puzzles.
package dlx
