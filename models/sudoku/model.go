package sudoku

import (
	"context"
	"errors"
	"fmt"
	"io"
	"strings"

	"github.com/coverkit/coverkit/core"
	"github.com/coverkit/coverkit/models"
	"github.com/coverkit/coverkit/models/verify"
)

func init() {
	models.Register(models.Model{
		Name:    "sudoku",
		Summary: "Solve, verify and generate sudoku-family puzzles (any box shape, X, jigsaw, Latin)",
		Doc: `A sudoku-family puzzle in the one-line format: N² symbols, '.' or '0' for an
empty cell, 1–9 then A–Z for givens; the side N comes from the length. A
solution is written the same way (Render: line, grid, pretty, json, svg).
The auto algorithm (the default) solves 9x9 grids with 3x3 boxes, classic
or X, with the bitset solver fast, and every other grid with the exact
cover on Dancing Links (dlx).`,
		Instance: models.Instance{Usage: "PUZZLE", Args: 1, New: newInstance, Samples: []string{
			"...............4", // 4x4, 72 solutions
			".................1.....2.3......3.2...1.4......5....6..3......4.7..8...962...7...", // 17 givens (testdata/sudoku/puzzles.txt)
		}},
		Params:     params,
		Algorithms: algorithms,
		Formats:    Formats,
		Default:    func(core.Problem, *core.Options) string { return DefaultAlgorithm },
		Fields: func(p core.Problem, _ *core.Result) []models.Field {
			pz, _ := p.(*Puzzle)
			if pz == nil || pz.Shape == nil {
				return nil
			}
			return []models.Field{{Key: "variant", Value: pz.Shape.Variant.String()}, {Key: "givens", Value: pz.Count()}}
		},
		// solve answers a batch of puzzles (one a line, or grid blocks)
		// through the one batch loop; verify checks pairs of puzzles and
		// solutions (VerifyBatch) through the one verify loop; count,
		// and the instance of the generated tests, is one puzzle.
		Batch:       newBatch,
		Literal:     literal,
		Verify:      verifyRequest,
		VerifyUsage: "[FILE|-] | PUZZLE SOLUTION",
		Tasks:       tasks, // generate
		Stops:       stops,
		Examples: map[string]string{
			"solve": `  coverkit sudoku solve 4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........`,
			"verify": "  coverkit sudoku verify 4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........ " +
				"468931527751624839392578461134756298289413675675289314846192753513867942927345186\n" +
				"  coverkit sudoku solve testdata/sudoku/top50.txt --format json | coverkit sudoku verify --puzzles testdata/sudoku/top50.txt",
			"count":    `  coverkit sudoku count ..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..`,
			"generate": "  coverkit sudoku generate --count 5 --seed 7\n  coverkit sudoku generate --box 2x3 --givens 14 --format json",
			"compare":  "  coverkit sudoku compare testdata/sudoku/top50.txt --repeat 3\n  coverkit sudoku compare testdata/sudoku/top50.txt --algos fast,dlx --format csv",
		},
	})
}

// LayoutOf reads a layout from its command-line spellings: the variant
// name ("" is classic), the box shape "BxC" ("" infers it from each
// puzzle's side) and, for jigsaw, the region map (nil otherwise).
func LayoutOf(variant, box string, regions io.Reader) (Layout, error) {
	var l Layout
	v, err := ParseVariant(variant)
	if err != nil {
		return l, err
	}
	l.Variant = v
	if box != "" {
		if v == Jigsaw || v == Latin {
			return l, fmt.Errorf("sudoku: a box shape does not apply to the %s variant", v)
		}
		if l.BoxRows, l.BoxCols, err = ParseBox(box); err != nil {
			return l, err
		}
	}
	switch {
	case v == Jigsaw && regions == nil:
		return l, fmt.Errorf("sudoku: the jigsaw variant needs a region map")
	case v != Jigsaw && regions != nil:
		return l, fmt.Errorf("sudoku: a region map needs the jigsaw variant")
	case v == Jigsaw:
		if l.Regions, err = ParseRegions(regions); err != nil {
			return l, err
		}
	}
	return l, nil
}

// ParseBox reads a box shape "BxC" (also "B×C"): B rows and C columns,
// B·C at most MaxSide.
func ParseBox(s string) (rows, cols int, err error) {
	a, b, ok := strings.Cut(strings.ReplaceAll(strings.ToLower(s), "×", "x"), "x")
	if ok {
		// The one parser of sizes (core.ParseSize): 3, 1_0, 1e1.
		var r, c int64
		r, err = core.ParseSize("rows", a, MaxSide)
		if err == nil {
			c, err = core.ParseSize("columns", b, MaxSide)
		}
		rows, cols = int(r), int(c)
	}
	if !ok || err != nil || rows < 1 || cols < 1 || rows*cols > MaxSide {
		return 0, 0, fmt.Errorf("sudoku: box %q: want BxC with B·C at most %d, e.g. 2x3", s, MaxSide)
	}
	return rows, cols, nil
}

// RequestLayout reads the layout of a request's parameters: variant, box
// and regions (a region map file opened with req.Open).
func RequestLayout(req models.Request) (Layout, error) {
	var regions io.Reader
	if name := req.Param("regions"); name != "" {
		if req.Open == nil {
			return Layout{}, fmt.Errorf("sudoku: cannot open the region map %s here", name)
		}
		rc, err := req.OpenFile(name)
		if err != nil {
			return Layout{}, err
		}
		defer rc.Close()
		regions = rc
	}
	return LayoutOf(req.Param("variant"), req.Param("box"), regions)
}

// newInstance reads a puzzle given on a command line.
func newInstance(req models.Request) (core.Problem, error) {
	l, err := RequestLayout(req)
	if err != nil {
		return nil, err
	}
	if len(req.Args) == 0 {
		return nil, fmt.Errorf("sudoku: no puzzle given")
	}
	return ParseLine(l, req.Args[0])
}

// verifyRequest checks the puzzle-solution pairs of r (or of --batch
// FILE), or the JSON answers of solve with --puzzles FILE, the file that
// was solved (see VerifyBatch), through the one verify loop
// (verify.Each). For one pair it says what the pair is.
func verifyRequest(ctx context.Context, req models.Request, r io.Reader) (*models.VerifyReport, error) {
	l, format, err := callLayout(req)
	if err != nil {
		return nil, err
	}
	o := VerifyOptions{Layout: l, PuzzleFormat: format}
	for _, f := range []struct {
		name string
		dst  *io.Reader
	}{{"batch", &r}, {"puzzles", &o.Puzzles}} {
		name := req.Param(f.name)
		if name == "" {
			continue
		}
		if f.name == "batch" && len(req.Args) > 0 {
			return nil, errors.New("sudoku: --batch FILE takes no other input")
		}
		if req.Open == nil {
			return nil, fmt.Errorf("sudoku: cannot open %s here", name)
		}
		rc, err := req.OpenFile(name)
		if err != nil {
			return nil, err
		}
		defer rc.Close()
		*f.dst = rc
	}
	c, err := newChecker(r, o)
	if err != nil {
		return nil, err
	}
	rep, err := verify.Each(ctx, nil, c)
	if errors.Is(err, ErrNeedPuzzles) {
		return nil, fmt.Errorf("%w: give the solved puzzle file with --puzzles", err)
	}
	if err != nil || rep.Solutions != 1 || rep.Skipped != 0 {
		return rep, err
	}
	if rep.FirstBad != nil {
		rep.Summary = "invalid solution: " + rep.FirstBad.Reason
	} else {
		rep.Summary = "valid: the solution solves the " + c.lastShape + " puzzle"
	}
	return rep, nil
}

// literal reads a puzzle written on the command line instead of a file
// name (solve), or a puzzle and its solution (verify).
func literal(args []string) (string, bool) {
	for _, a := range args {
		if !looksLikePuzzle(a) {
			return "", false
		}
	}
	switch len(args) {
	case 1, 2:
		return strings.Join(args, " ") + "\n", true
	}
	return "", false
}

// looksLikePuzzle reports whether s is made only of puzzle symbols and is
// long enough to be a 4x4 puzzle or larger.
func looksLikePuzzle(s string) bool {
	if len(s) < 16 {
		return false
	}
	for i := 0; i < len(s); i++ {
		b := s[i]
		if !(b == '.' || b >= '0' && b <= '9' || b >= 'A' && b <= 'Z' || b >= 'a' && b <= 'z') {
			return false
		}
	}
	return true
}
