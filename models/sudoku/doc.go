// Package sudoku is the sudoku family on Dancing Links: grids of any box
// shape, the X and jigsaw variants, and a fast bitset path for 9×9.
package sudoku
