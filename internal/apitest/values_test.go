package apitest

import (
	"context"
	"io"
	"reflect"
	"strings"

	"github.com/coverkit/coverkit/core"
	"github.com/coverkit/coverkit/dlx"
	"github.com/coverkit/coverkit/models"
	_ "github.com/coverkit/coverkit/models/all"
	"github.com/coverkit/coverkit/models/exactcover"
	"github.com/coverkit/coverkit/models/knight"
	"github.com/coverkit/coverkit/models/langford"
	"github.com/coverkit/coverkit/models/latin"
	"github.com/coverkit/coverkit/models/pieces"
	"github.com/coverkit/coverkit/models/polyomino"
	"github.com/coverkit/coverkit/models/queens"
	"github.com/coverkit/coverkit/models/sudoku"
)

// valid holds plausible values of the module's types, by type, each made
// fresh for every call: the base the harness varies one argument from, and
// for an interface parameter, every implementation registered here (the
// problems of every model for a core.Problem, so that all but one are
// mismatched).
var valid = map[reflect.Type][]func() any{}

// must drops the error of a constructor given valid input.
func must[T any](v T, err error) T {
	if err != nil {
		panic(err)
	}
	return v
}

func register[T any](fs ...func() T) {
	t := reflect.TypeFor[T]()
	for _, f := range fs {
		valid[t] = append(valid[t], func() any { return f() })
	}
}

const sudokuLine = "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........"

func init() {
	register(func() core.Solution { return core.Solution{0, 1, 2, 3, 4} })
	register(func() *core.Options { return &core.Options{Mode: core.ModeCount} },
		func() *core.Options { return nil },
		func() *core.Options { return &core.Options{Mode: core.ModeAll, Limit: 2, MaxNodes: 100} })
	register(func() core.Count { return core.CountOf(3) })
	register(func() *core.Meter { return core.NewMeter(context.Background(), nil) })

	register(func() *knight.Problem { return knight.New(5, 5) },
		func() *knight.Problem { return &knight.Problem{Rows: 3, Cols: 4, Closed: true} })
	register(func() *pieces.Board { return &pieces.Board{Dims: []int{4, 4}} })
	register(func() pieces.Board { return pieces.Board{Dims: []int{4, 4}} })
	register(func() pieces.Piece { return must(pieces.ParsePiece("queen")) })
	register(func() *pieces.Problem {
		return must(pieces.New(pieces.Board{Dims: []int{4, 4}}, must(pieces.ParsePiece("queen")), pieces.Place, 4))
	})
	register(func() polyomino.Board { return must(polyomino.Rect(2, 3)) })
	register(func() *polyomino.Tiling {
		b := must(polyomino.Rect(2, 3))
		return must(polyomino.New(b, []polyomino.Piece{must(polyomino.ParsePiece("L", "#./##"))}))
	})
	register(func() *latin.Square { return must(latin.New(4, true)) })
	register(func() *sudoku.Shape { return must(sudoku.NewShape(4, 2, 2, sudoku.Classic)) })
	register(func() *sudoku.Puzzle { return must(sudoku.ParseLine(sudoku.Layout{}, sudokuLine)) })
	register(func() sudoku.Layout { return sudoku.Layout{} })
	register(func() *queens.Board { return queens.New(6) })
	register(func() *langford.Pairing { return &langford.Pairing{N: 4} })
	register(func() *exactcover.Instance {
		return must(exactcover.Read(strings.NewReader("a b c\na b\nc\n"), "x"))
	})
	register(func() *dlx.Problem { return must(dlx.Parse(strings.NewReader("a b c\na b\nc\nb c\n"))) })
	register(func() *dlx.Solver {
		return must(dlx.NewSolver(must(dlx.Parse(strings.NewReader("a b c\na b\nc\nb c\n")))))
	})
	// Every model's descriptor and algorithm, so that each one's hooks and
	// solvers meet every model's problems.
	for _, m := range models.Models() {
		register(func() *models.Model { return m })
		for _, a := range m.Algorithms {
			register(func() models.Algorithm { return a })
		}
	}
	// Readers of what the parsers read: every parser gets every one, so
	// all but its own are mismatched.
	register(func() io.Reader { return strings.NewReader("5x5\n1,1 2,3 3,5\n") },
		func() io.Reader { return strings.NewReader(sudokuLine + "\n") },
		func() io.Reader { return strings.NewReader("a b c\na b\nc\n") },
		func() io.Reader { return strings.NewReader("aabbc\naabbc\nddeec\n") },
		func() io.Reader { return strings.NewReader("1 5 8 6 3 7 2 4\n") })
}
