// Package sudoku is the sudoku family on Dancing Links: grids of side
// N = B·C with B×C boxes (4×4, 6×6, 8×8, 9×9, 12×12, 16×16, 25×25, ... up
// to 64×64), the X variant (both main diagonals), jigsaw (irregular regions)
// and Latin squares (rows and columns only), with a fast bitset path for
// 9×9.
//
// The pieces:
//
//   - Shape and Layout describe a grid; Parser reads puzzles in the
//     one-line format (N² symbols, '.' or '0' empty, 1–9 then A–Z) and the
//     grid format (N lines of numbers, for any side), rejecting wrong
//     lengths, bad symbols and clashing givens with errors that name the
//     position. Reader splits a file into puzzles, skipping '#' comments and
//     blank lines.
//   - Puzzle implements models.Problem; VerifyGrid checks a solution
//     independently of every solver.
//   - ExactCover is the formulation: option cell·N + (v−1) puts symbol v in
//     a cell and covers the cell and the symbol in its row, column, region
//     (and diagonals for X). Solver builds it once per shape and reuses one
//     dlx.Solver for every puzzle, the givens forced, allocating nothing per
//     puzzle; it can also run Fast (9×9 classic and X).
//   - SolveBatch answers a whole file, in input order, with any number of
//     workers, giving each puzzle a Verdict: solved, multiple, unsolvable,
//     invalid or timeout.
//   - Generate makes puzzles with a unique solution, deterministically from
//     a seed.
//
// The algorithms are registered as sudoku/dlx and sudoku/fast.
package sudoku
