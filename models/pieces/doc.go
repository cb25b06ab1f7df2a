// Package pieces is the model of non-attacking chess pieces, the related
// problems of the N-Queens survey (seed 002, "Probleme înrudite"): place k
// pieces of one kind — queens, rooks, bishops, knights, kings, fairy
// leapers and riders — on a board so that no two attack each other; find
// the most that fit (the independence number), the fewest that occupy or
// attack every square (the domination number), and the fewest pawns that
// let m queens stand on an n×n board when pawns block lines.
//
// # Boards
//
// A Board is a box of any number of dimensions (rows × columns, or a cube
// 3×3×3, a tesseract 3×3×3×3, ...), optionally toroidal (lines wrap around
// every side), with optional pawns on some squares of a 2-D board. Cells
// are numbered row-major from 0, the last coordinate fastest; coordinates
// are printed 1-based. ParseSize reads "8" (8×8), "5x6" and "3x3x3".
//
// # Pieces
//
// A Piece is a set of moves, each a leap (one jump, over anything) or a
// ride (repeated steps along a line, stopped by a pawn or the edge, or, on
// a torus, by coming back to its start). A move is written leap(a,b,...)
// or ride(a,b,...): every permutation of the components over the board's
// axes with every choice of signs. ParsePiece reads a name (queen rook
// bishop knight king amazon chancellor archbishop nightrider) or a sum of
// names and moves, such as "leap(1,2)+ride(1,1)" (the archbishop).
// docs/formats.md describes the notation.
//
// # Tasks
//
// A Problem carries the board, the piece and a Task: Place (k mutually
// non-attacking pieces), Max (the independence number), Dominate (the
// domination number, optionally independent), Pawns (the fewest pawns for m
// queens). The algorithms registered for model "pieces" solve every task
// through core.Options: ModeFirst gives one placement (for Max and
// Dominate, one optimal placement, with the optimum proved), ModeCount the
// number of placements (of optimal ones for Max and Dominate), ModeAll
// lists them. The optimum and the other facts of a task are in the Answer
// that Problem.Answer returns for a Result.
//
// A solution (core.Solution) gives one entry per cell in row-major
// order: 0 empty, 1 a piece, 2 a pawn.
package pieces
