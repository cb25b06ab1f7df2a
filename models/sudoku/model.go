package sudoku

import (
	"context"
	"fmt"
	"io"
	"path/filepath"
	"strings"

	"github.com/coverkit/coverkit/core"
	"github.com/coverkit/coverkit/models"
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
		Instance:   models.Instance{Usage: "PUZZLE", Args: 1, New: newInstance},
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
		// Verify reads pairs of puzzles and solutions (VerifyBatch); the
		// verify verb is the model's own task, which also checks one pair
		// given as arguments.
		Verify: verifyRequest,
		Tasks:  tasks, // solve and verify replace the generic verbs
		Batch: func(req models.Request) (models.Batch, error) {
			l, format, err := callLayout(req)
			if err != nil {
				return nil, err
			}
			rc, name, err := req.OpenArg(0)
			if err != nil {
				return nil, err
			}
			defer rc.Close()
			if name == "-" {
				name = "stdin"
			}
			return NewBatch(filepath.Base(name), rc, l, format)
		},
		Examples: map[string]string{
			"solve":    `  coverkit sudoku solve 4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........`,
			"verify":   `  coverkit sudoku verify --batch pairs.txt`,
			"count":    `  coverkit sudoku count ..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..`,
			"generate": "  coverkit sudoku generate --count 5 --seed 7\n  coverkit sudoku generate --box 2x3 --givens 14 --format json",
			"compare":  "  coverkit sudoku compare testdata/sudoku/puzzles.txt --repeat 3\n  coverkit sudoku compare 17clue.txt --algos fast,dlx --format csv",
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
		rc, err := req.Open(name)
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

// verifyRequest checks a file of puzzle-solution pairs (see VerifyBatch)
// through the one verify loop (models.VerifyEach).
func verifyRequest(ctx context.Context, req models.Request, r io.Reader) (*models.VerifyReport, error) {
	l, err := RequestLayout(req)
	if err != nil {
		return nil, err
	}
	c, err := newChecker(r, VerifyOptions{Layout: l})
	if err != nil {
		return nil, err
	}
	return models.VerifyEach(ctx, nil, c)
}
