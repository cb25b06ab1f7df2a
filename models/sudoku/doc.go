// Package sudoku is the sudoku family on Dancing Links: grids of side
// N = B·C with B×C boxes (4×4, 6×6, 8×8, 9×9, 12×12, 16×16, 25×25, ... up
// to 64×64), the X variant (both main diagonals), jigsaw (irregular regions)
// and Latin squares (rows and columns only), with a fast bitset path for
// 9×9.
//
// The short way in is Solve: a puzzle string in, its solution and a
// verdict out:
//
//	sol, verdict, err := sudoku.Solve(ctx, "53..7....6..195....98....6.8...6...3...", nil)
//
// The pieces:
//
//   - Shape and Layout describe a grid (LayoutOf reads them from their
//     command-line spellings); Parser reads puzzles in the one-line format
//     (N² symbols, '.' or '0' empty, 1–9 then A–Z) and the grid format (N
//     lines of numbers, for any side), rejecting wrong lengths, bad symbols
//     and clashing givens with errors that name the position. Reader splits
//     a file into puzzles, skipping '#' comments and blank lines; a line
//     longer than MaxLine is an error of its own record only.
//   - Puzzle implements core.Problem: Verify and VerifyGrid check a
//     solution independently of every solver; Render writes it as a line,
//     a grid, a pretty grid, JSON or an SVG picture.
//   - The algorithms are the registry's entries sudoku/auto (the default:
//     fast where it applies, dlx elsewhere), sudoku/dlx (the exact cover,
//     ExactCover, on the dlx engine: every shape and variant) and
//     sudoku/fast (Fast, 9×9 classic and X; an AVX-512 assembly kernel
//     where the CPU has it, with a Go twin). Loosen makes puzzles with two
//     solutions or more from puzzles with one. Each has a per-goroutine
//     worker (models.Algorithm.NewWorker) that keeps its exact-cover
//     matrices and buffers from one puzzle to the next, allocating nothing
//     per puzzle.
//   - SolveBatch answers a whole file with a registered algorithm, in input
//     order, with any number of workers, giving each puzzle a Verdict
//     (solved, multiple, unsolvable, invalid or timeout, derived from the
//     core.Status and the number of solutions) and reporting progress: a
//     call of the one batch front end (batch.Solve) that `coverkit sudoku
//     solve` runs, whose answers report.BatchWriter writes as the command
//     does.
//   - VerifyBatch checks a file of solutions (puzzle-solution pairs, or the
//     JSON records of a solved batch against its puzzle file) without any
//     solver, going on past malformed records.
//   - Generate makes puzzles with a unique solution, deterministically from
//     a seed.
//
// The model registers its descriptor as "sudoku" (models.Lookup).
package sudoku
