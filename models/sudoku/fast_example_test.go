package sudoku_test

import (
	"context"
	"fmt"

	"github.com/coverkit/coverkit/models/sudoku"
)

// Solve a 9×9 puzzle and check that its solution is unique by asking for up
// to two solutions.
func ExampleFast_Solve() {
	const puzzle = "800000000003600000070090200050007000000045700000100030001000068008500010090000400"
	var givens [81]uint8
	for i, c := range puzzle {
		givens[i] = uint8(c - '0')
	}
	var f sudoku.Fast // reusable, allocation-free; one per goroutine
	var sol [81]uint8
	found, _, status := f.Solve(context.Background(), &givens, 2, &sol)
	fmt.Println(found, status)
	for r := range 9 {
		fmt.Println(sol[9*r : 9*r+9])
	}
	// Output:
	// 1 exhausted
	// [8 1 2 7 5 3 6 4 9]
	// [9 4 3 6 8 2 1 7 5]
	// [6 7 5 4 9 1 2 8 3]
	// [1 5 4 2 3 7 8 9 6]
	// [3 6 9 8 4 5 7 2 1]
	// [2 8 7 1 6 9 5 3 4]
	// [5 2 1 9 7 4 3 6 8]
	// [4 3 8 5 2 6 9 1 7]
	// [7 9 6 3 1 8 4 5 2]
}

// Count the X-sudoku solutions of a puzzle: both diagonals hold every digit.
func ExampleFast_SolveX() {
	var givens [81]uint8 // an empty grid: stop at 3 solutions
	var f sudoku.Fast
	found, _, status := f.SolveX(context.Background(), &givens, 3, nil)
	fmt.Println(found, status)
	// Output:
	// 3 found
}
