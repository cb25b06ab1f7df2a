package sudoku_test

import (
	"context"
	"fmt"
	"strings"

	"github.com/coverkit/coverkit/models/sudoku"
)

// Solve one puzzle with the exact-cover formulation, checking uniqueness.
func ExampleSolver() {
	p, err := sudoku.ParseLine(sudoku.Layout{}, "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........")
	if err != nil {
		fmt.Println(err)
		return
	}
	sol := make([]uint8, p.Shape.Cells())
	out, _ := sudoku.NewSolver(sudoku.DLX, 0).Solve(context.Background(), p, 2, sol)
	fmt.Println(out.Verdict(), sudoku.VerifyGrid(p, sol) == nil)
	fmt.Println(string(sudoku.AppendLine(nil, sol)))
	// Output:
	// solved true
	// 468931527751624839392578461134756298289413675675289314846192753513867942927345186
}

// Answer a batch in input order; invalid lines get the verdict invalid.
func ExampleSolveBatch() {
	in := "# a 6x6 puzzle, a bad line, a 4x4 puzzle\n" +
		"2.6...3....2..5..4....56...1...6....\n" +
		"1.1.............\n" +
		"4.....2..3..1...\n"
	sudoku.SolveBatch(context.Background(), strings.NewReader(in), sudoku.BatchOptions{Limit: 2, Workers: 2}, func(a *sudoku.Answer) error {
		if a.Err != nil {
			fmt.Println(a.Line, a.Verdict, a.Err)
			return nil
		}
		fmt.Println(a.Line, a.Verdict, string(sudoku.AppendLine(nil, a.Solution)))
		return nil
	})
	// Output:
	// 2 solved 246531351642635214412356524163163425
	// 3 invalid sudoku: line 3: row 1 holds 1 twice (row 1, column 1 and row 1, column 3)
	// 4 solved 4213312423411432
}

// Generate a puzzle with a unique solution; the same seed gives the same
// puzzle.
func ExampleGenerate() {
	s, _ := sudoku.NewShape(4, 0, 0, sudoku.Classic)
	p, sol, err := sudoku.Generate(context.Background(), sudoku.GenerateOptions{Shape: s, Seed: 1})
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(string(sudoku.AppendLine(nil, p.Givens)), p.Count())
	fmt.Println(string(sudoku.AppendLine(nil, sol)), sudoku.VerifyGrid(p, sol) == nil)
	// Output:
	// 4.....2..3..1... 4
	// 4213312423411432 true
}
