// Package knight is the knight's tour model: a knight visits every square of
// a rectangular board exactly once; a closed tour ends a knight's move from
// its start.
//
// A Problem is a board (Rows×Cols), a 1-based start square (default 1,1, the
// top left corner) and whether the tour must be closed. It implements
// core.Problem: Verify checks a tour independently of every solver, and
// Render prints it as the source text does — the board as a matrix of move
// numbers — or as JSON or SVG. A solution is the squares in visiting order,
// each the 0-based index r*Cols+c (4 bytes a square).
//
// Theory answers first where it can: Schwenk's theorem for closed tours, the
// classification of Cull and De Curtins and of Conrad et al. for open ones,
// the colour of the start square on boards with an odd number of squares, and
// the outer lines of 4×n boards. Where theory is silent, a search decides.
//
// The model's descriptor, registered from init under the name "knight"
// (models.Lookup), lists its algorithms:
//
//   - backtrack: the source text's backtracking — the eight moves in the
//     fixed order of MoveTable, undo on dead ends. It finds, enumerates and
//     counts tours on small boards and is hopeless from 8×8 on.
//   - search: exhaustive search with pruning (dead ends, forced ends,
//     connectivity) and Warnsdorff's move order; counts in parallel.
//   - warnsdorff: Warnsdorff's rule with Roth's tie-break and seeded random
//     restarts, closing tours by Pósa rotations; linear time per attempt.
//   - divide: the divide-and-conquer construction Construct, linear time and
//     memory, for boards of hundreds of millions of squares.
//   - auto: theory, then the fastest method for the board, kind and start.
//
// Counting conventions follow OEIS: open tours are directed paths (A165134:
// 1,728 on 5×5), closed tours undirected cycles (A001230: 9,862 on 6×6).
package knight
