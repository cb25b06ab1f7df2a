// Package polyomino is the polyomino tiling model: cover a board — a
// rectangle, or any shape of cells — with a set of pieces, each used
// exactly once, in any rotation or reflection. The classic instance is
// Dudeney's and Golomb's: the twelve pentominoes tile the 6×10 rectangle
// in 9,356 ways, 2,339 up to the rectangle's symmetries.
//
// A Tiling is an exact cover problem solved by package dlx: one primary
// item per piece and per board cell, one option per placement of a piece.
// Counting up to symmetry restricts one piece to a representative of each
// orbit of its placements under the board's symmetry group and weights each
// tiling found by its stabilizer (see Tiling.Count), so both counts come
// from a search about |G| times smaller than the full one, exactly, even
// when some tilings or placements are symmetric.
//
// A solution (core.Solution) gives, for each board cell in row-major
// order, the index of the piece covering it, or −1 for a cell outside the
// board.
package polyomino
