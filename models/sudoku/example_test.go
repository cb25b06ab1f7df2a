package sudoku_test

import (
	"context"
	"fmt"
	"os"
	"strings"

	"github.com/coverkit/coverkit/core"
	"github.com/coverkit/coverkit/models"
	"github.com/coverkit/coverkit/models/batch"
	"github.com/coverkit/coverkit/models/sudoku"
	"github.com/coverkit/coverkit/report"
)

// Solve one puzzle: a string in, its solution and the verdict out (with
// the default uniqueness check, "solved" means the solution is unique).
func ExampleSolve() {
	sol, verdict, err := sudoku.Solve(context.Background(),
		"53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79", nil)
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(verdict)
	fmt.Println(sol)
	_, verdict, err = sudoku.Solve(context.Background(), "1.1"+strings.Repeat(".", 78), nil)
	fmt.Println(verdict, err)
	// Output:
	// solved
	// 534678912672195348198342567859761423426853791713924856961537284287419635345286179
	// invalid sudoku: row 1 holds 1 twice (row 1, column 1 and row 1, column 3)
}

// Run a registered algorithm on a parsed puzzle through the registry, and
// check its solution independently.
func Example_registry() {
	p, err := sudoku.ParseLine(sudoku.Layout{}, "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........")
	if err != nil {
		fmt.Println(err)
		return
	}
	for _, a := range models.Algorithms("sudoku") {
		res, err := a.Run(context.Background(), p, &core.Options{Mode: core.ModeAll, Limit: 2})
		if err != nil {
			fmt.Println(err)
			return
		}
		fmt.Println(a.Name, sudoku.VerdictOf(&res), res.Status, p.Verify(res.First) == nil)
	}
	// Output:
	// auto solved exhausted true
	// dlx solved exhausted true
	// cells solved exhausted true
	// fast solved exhausted true
}

// Answer a batch in input order, as `coverkit sudoku solve` does; invalid
// lines get the verdict invalid. The one batch writer writes the
// command's answers (text here; json and csv write its records).
func ExampleSolveBatch() {
	in := "# a 6x6 puzzle, a bad line, a 4x4 puzzle\n" +
		"2.6...3....2..5..4....56...1...6....\n" +
		"1.1.............\n" +
		"4.....2..3..1...\n"
	o := sudoku.BatchOptions{Workers: 2}
	w := &report.BatchWriter{W: os.Stdout, Format: "text", Batch: o.Batch(), Model: "sudoku"}
	sum, err := sudoku.SolveBatch(context.Background(), strings.NewReader(in), o, w.Write)
	fmt.Println(sum.Records, "answers,", sum.ByVerdict[batch.Invalid], "invalid:", err)
	// Output:
	// 246531351642635214412356524163163425
	// line 3: invalid: row 1 holds 1 twice (row 1, column 1 and row 1, column 3)
	// 4213312423411432
	// 3 answers, 1 invalid: <nil>
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

// Draw a puzzle and its solution as SVG (Render's formats: line, grid,
// pretty, json, svg).
func ExamplePuzzle_Render() {
	p, _ := sudoku.ParseLine(sudoku.Layout{}, "4.....2..3..1...")
	res, _ := models.LookupAlgorithm("sudoku", "auto")
	r, _ := res.Run(context.Background(), p, nil)
	p.Render(os.Stdout, r.First, "pretty")
	p.Render(os.Stdout, r.First, "json")
	var svg strings.Builder
	p.Render(&svg, r.First, "svg")
	fmt.Println(strings.HasPrefix(svg.String(), "<svg"), strings.Count(svg.String(), "<text"))
	// Output:
	// 4 2 | 1 3
	// 3 1 | 2 4
	// ---------
	// 2 3 | 4 1
	// 1 4 | 3 2
	// "4213312423411432"
	// true 16
}

// Check a batch of puzzle-solution pairs without any solver; a line that
// cannot be checked is reported and the batch goes on.
func ExampleVerifyBatch() {
	in := "4.....2..3..1... 4213312423411432\n" +
		"4.....2..3..1... 4213312423411423\n" +
		"4.....2..3..1...\n"
	sum, err := sudoku.VerifyBatch(context.Background(), strings.NewReader(in), sudoku.VerifyOptions{}, func(c *sudoku.Check) error {
		fmt.Println(c.Line, c.Err == nil, c.Malformed)
		return nil
	})
	fmt.Println(sum.Checked, sum.Invalid, sum.Malformed, err)
	// Output:
	// 1 true false
	// 2 false false
	// 3 false true
	// 2 1 1 <nil>
}
