// Package latin is the Latin square model: N×N grids of N symbols in which
// every row and every column holds each symbol once. Squares are counted
// and enumerated as exact covers on the dlx engine (the Latin variant of
// the sudoku formulation: cells, row–symbol and column–symbol items).
//
// A Latin square is reduced when its first row and first column hold
// 1..N in order. Every Latin square is obtained from exactly one reduced
// square by permuting its columns (N! ways) and then all rows but the first
// ((N−1)! ways), so L(N) = N!·(N−1)!·R(N); the count method "reduced"
// uses this identity, "direct" enumerates every square (OEIS A002860 and
// A000315).
package latin
