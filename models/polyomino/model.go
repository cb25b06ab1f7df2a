package polyomino

import (
	"context"
	"fmt"
	"io"
	"slices"
	"strings"

	"github.com/coverkit/coverkit/core"
	"github.com/coverkit/coverkit/dlx"
	"github.com/coverkit/coverkit/models"
	"github.com/coverkit/coverkit/models/xcc"
)

func init() {
	sets := make([]string, 0, len(Sets))
	for name := range Sets {
		sets = append(sets, name)
	}
	slices.Sort(sets)
	models.Register(models.Model{
		Name:    "polyomino",
		Summary: "Polyomino tilings on Dancing Links: count, solve, print the exact cover",
		Doc: `Tile a board with a set of pieces in any rotation or reflection: by default
the twelve pentominoes (F I L N P T U V W X Y Z), each used exactly once.

--board is RxC (rows × columns, such as 6x10) or a drawing with rows
separated by '/', '.' a cell and '#' a hole
("......../......../......../...##.../...##.../......../......../........"
is the 8×8 square without its centre). --pieces is a piece set: terms
separated by commas, each a set (pentominoes, tetrominoes, trominoes: each
piece once), a piece (monomino, domino, I3, L3, I4 L4 O4 S4 T4, F I L N P T
U V W X Y Z: any number of times) or a drawing such as ##/#. ('#' a cell,
'.' a gap, '/' between rows; NAME=DRAWING names it), each optionally
followed by *K (exactly K times) or *L..H (between L and H times):
"domino" counts domino tilings, "L3" L-tromino tilings,
"pentominoes,monomino*4" the pentominoes with four monominoes. One shape
given twice (in any rotation or reflection) is one piece, its counts
added: "domino,##" is "domino".

With every piece used once, a count gives the tilings and the tilings up to
the board's symmetries (4 for a rectangle, 8 for a square) from one search
in which one piece is restricted to a representative of each orbit of its
placements, exact even for symmetric tilings; --method full runs the full
search instead (the total only, a cross-check). With pieces that may
repeat, a count counts every tiling, with the memo where subproblems repeat
(dominoes: 12988816 tilings of 8x8 in milliseconds), and --sample K draws
K tilings uniformly at random.`,
		Instance: models.Instance{Usage: "", New: newInstance, Samples: []string{"--board 4x5", "--board 3x4"}},
		Params: []models.Param{
			{Name: "board", Usage: "the board: RxC, or rows of '.' (cell) and '#' (hole) separated by '/'", Default: "6x10",
				Verbs: []string{"solve", "count", "compare", "cover", "verify"}, Samples: []string{"3x20", "4x5"}},
			{Name: "pieces", Usage: "the piece set: " + strings.Join(sets, ", ") + ", pieces (domino, L3, ...) or drawings " +
				"(##/#.), comma-separated, each with *K or *L..H for a count (a piece alone: any number of times)", Default: "pentominoes",
				Verbs: []string{"solve", "count", "compare", "cover", "verify"}, Samples: append(sets, "domino", "L3", "pentominoes,monomino*4")},
		},
		Algorithms:  engine.Algorithms(),
		Default:     xcc.Default,
		Decompose:   decompose,
		Formats:     []string{"text", "json", "svg"},
		Blocks:      []string{"text", "svg"},
		Verify:      verifyTilings,
		SolutionKey: "tiling",
		Fields: func(p core.Problem, _ *core.Result) []models.Field {
			t := p.(*Tiling)
			return []models.Field{{Key: "board", Value: t.Size()}, {Key: "pieces", Value: t.Set}, {Key: "symmetries", Value: t.Symmetries()}}
		},
		CountText: func(p core.Problem, res *core.Result, count string) string {
			t := p.(*Tiling)
			s := fmt.Sprintf("%s tilings of %s by %s", count, t.Size(), t.setPhrase())
			if !res.Fundamental.IsZero() {
				s += fmt.Sprintf(", %s up to its %d symmetries", res.Fundamental, t.Symmetries())
			}
			return s
		},
		NoSolution: func(p core.Problem, _ *core.Result) string {
			t := p.(*Tiling)
			return fmt.Sprintf("no solution: %s do not tile %s", t.setPhrase(), t.Size())
		},
		Cover: func(ctx context.Context, p core.Problem, w io.Writer) error {
			t := p.(*Tiling)
			names := make([]string, len(t.Pieces))
			for i, pc := range t.Pieces {
				names[i] = pc.Name
			}
			if _, err := fmt.Fprintf(w, "| the %s (%s) on the %s board: %d placements\n",
				t.Set, strings.Join(names, " "), t.Size(), t.Placements()); err != nil {
				return err
			}
			c, _, err := t.CoverContext(ctx, nil)
			if err != nil {
				return err
			}
			return dlx.Write(w, c)
		},
		Stops: stops,
		Examples: map[string]string{
			"count": `  coverkit polyomino count --board 3x20
  coverkit polyomino count --board 8x8 --pieces tetrominoes --format json`,
			"solve":   `  coverkit polyomino solve --board 3x20 --all`,
			"verify":  `  coverkit polyomino solve --board 3x20 --all | coverkit polyomino verify --board 3x20`,
			"cover":   `  coverkit polyomino cover --board 3x20 | coverkit dlx --count`,
			"compare": `  coverkit polyomino compare --board 3x20 --repeat 3`,
		},
	})
}

// setPhrase names the piece set in sentences: "the pentominoes" for a
// built-in set, "pieces domino" otherwise.
func (t *Tiling) setPhrase() string {
	if _, ok := Sets[t.Set]; ok {
		return "the " + t.Set
	}
	return "pieces " + t.Set
}

// newInstance reads --board and --pieces.
func newInstance(req models.Request) (core.Problem, error) {
	set := strings.TrimSpace(req.Param("pieces"))
	pieces, err := ParsePieces(set)
	if err != nil {
		return nil, err
	}
	b, err := ParseBoard(req.Param("board"))
	if err != nil {
		return nil, err
	}
	t, err := NewContext(req.Ctx(), b, pieces)
	if err != nil {
		return nil, err
	}
	t.Set = set
	return t, nil
}
