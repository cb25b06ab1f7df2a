package sudoku

import (
	"io"
	"strings"
	"time"

	"github.com/coverkit/coverkit/models"
)

const ms = time.Millisecond

// stops are the model's long runs, a phase each, for the stop-latency
// test of the command (models.Model.Stops).
var stops = []models.Stop{
	{Phase: "build", Args: []string{"sudoku", "solve", "--input", "grid", "$sudoku-64"}, From: 20 * ms, To: 100 * ms,
		Inputs: map[string]models.StopInput{"sudoku-64": {Write: emptyGrid64}}},
	// Many copies of 2,000 puzzles: a batch that takes seconds to read and
	// solve.
	{Phase: "parse", Args: []string{"sudoku", "solve", "$sudoku-batch"}, From: 200 * ms, To: 600 * ms,
		Inputs: map[string]models.StopInput{"sudoku-batch": {Args: []string{"sudoku", "generate", "--count", "2000", "--seed", "1"}, Repeat: 150}}},
	{Phase: "search", Args: []string{"sudoku", "count", strings.Repeat(".", 81)}, From: 100 * ms, To: 300 * ms},
	{Phase: "write", None: "a batch writes each answer as it is found: the parse case stops it while it writes"},
}

// emptyGrid64 writes an empty 64x64 grid (--input grid): a cover of
// 64^3 options to build.
func emptyGrid64(w io.Writer) error {
	row := strings.TrimSuffix(strings.Repeat("0 ", 64), " ") + "\n"
	_, err := io.WriteString(w, strings.Repeat(row, 64))
	return err
}
