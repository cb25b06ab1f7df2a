package pieces

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"strings"

	"github.com/coverkit/coverkit/core"
	"github.com/coverkit/coverkit/dlx"
	"github.com/coverkit/coverkit/models"
)

func init() {
	models.Register(models.Model{
		Name:    "pieces",
		Summary: "Non-attacking chess and fairy pieces: placements, independence and domination numbers, queens with pawns",
		Doc: `Place K pieces on a board so that none attacks another. PIECE is queen,
rook, bishop, knight, king, amazon, chancellor, archbishop or nightrider,
or moves in the notation leap(a,b,...) and ride(a,b,...) joined by '+'
("leap(1,2)+ride(1,1)" is the archbishop; docs/formats.md). SIZE is 8
(8×8), RxC, or 3x3x3 and more sides for a d-dimensional board; --torus
wraps every line around; --pawns "r,c ..." puts pawns (2-D boards) that
stop riders and hold no piece.

--task max: the most pieces that fit (the independence number), with a
placement; count gives the number of maximum placements. --task dominate:
the fewest pieces that occupy or attack every square (the domination
number), --independent for pieces that do not attack each other; count
gives the number of minimum dominating sets. --task pawns: the fewest pawns
that let K pieces (queens: 9 on 8×8 need 1) stand; K is required.

Solutions are boards: '.' empty, 'P' a pawn, the piece's letter (Q R B N K
A C H S, X for a custom piece); a d-dimensional board as 2-D layers after
"# layer i,j" lines. Formats: board, coords (1-based r,c list), svg, json.`,
		Instance: models.Instance{Usage: "PIECE SIZE [K]", Args: 2, Optional: 1, New: newInstance},
		Params: []models.Param{
			{Name: "task", Usage: "place (K pieces), max (the most), dominate (the fewest dominating), pawns (the fewest pawns for K)",
				Default: "place", Values: []string{"place", "max", "dominate", "pawns"}, Verbs: []string{"solve", "count", "compare", "verify", "cover"},
				Samples: []string{"place", "max", "dominate"}},
			{Name: "torus", Usage: "a toroidal board: every line wraps around", Switch: true, Verbs: []string{"solve", "count", "compare", "verify", "cover"},
				Samples: []string{"true"}},
			{Name: "pawns", Usage: `pawns on 1-based squares "r,c r,c ..." (2-D boards): they stop riders and hold no piece`,
				Verbs: []string{"solve", "count", "compare", "verify", "cover"}, Samples: []string{"2,2", "1,3 3,1"}},
			{Name: "independent", Usage: "with --task dominate: the pieces may not attack each other", Switch: true,
				Verbs: []string{"solve", "count", "compare", "verify", "cover", "dominate"}, Samples: []string{"true"}},
			{Name: "queens", Usage: "the number of queens M that the fewest pawns must let stand on N×N", Verbs: []string{"pawns"},
				Samples: []string{"5", "6"}},
		},
		Tasks: []models.Task{
			{Verb: "max", Short: "The independence number: the most pieces that fit, with a placement (--count: how many maximum placements)",
				Usage: "PIECE SIZE", Args: 2, Params: map[string]string{"task": "max"}},
			{Verb: "dominate", Short: "The domination number: the fewest pieces that occupy or attack every square (--count: how many minimum sets)",
				Usage: "PIECE SIZE", Args: 2, Params: map[string]string{"task": "dominate"}},
			{Verb: "pawns", Short: "The fewest pawns that let M queens stand on an N×N board (--queens M), with a placement",
				Usage: "N", Args: 1, Prefix: []string{"queen"}, Params: map[string]string{"task": "pawns"}},
		},
		Algorithms:  []models.Algorithm{bitboardAlgorithm, dlxAlgorithm, memoAlgorithm},
		Formats:     Formats,
		Default:     func(core.Problem, *core.Options) string { return "bitboard" },
		Fields:      func(p core.Problem, res *core.Result) []models.Field { return p.(*Problem).Fields(res) },
		CountText:   countText,
		Headline:    headline,
		NoSolution:  noSolution,
		Verify:      verifyRequest,
		VerifyUsage: "PIECE SIZE [K] [FILE|-]",
		VerifyArgs:  2,
		Cover:       writeCover,
		Examples: map[string]string{
			"count": `  coverkit pieces count king 8 16
  coverkit pieces count queen 3x3x3 4
  coverkit pieces count queen 8 --task dominate
  coverkit pieces count queen 13 13 --torus --unique`,
			"solve": `  coverkit pieces solve knight 8 --task max --format board
  coverkit pieces solve queen 8 9 --task pawns
  coverkit pieces solve queen 8 9 --pawns "2,3" --all
  coverkit pieces solve "leap(1,2)+ride(1,1)" 6 6 --format svg`,
			"verify":  `  coverkit pieces solve queen 8 --task dominate --all | coverkit pieces verify queen 8 --task dominate`,
			"cover":   `  coverkit pieces cover bishop 8 14 | coverkit dlx --count`,
			"compare": `  coverkit pieces compare king 8 16 --repeat 3`,
		},
	})
}

// newInstance reads PIECE SIZE [K] and the model's parameters.
func newInstance(req models.Request) (core.Problem, error) {
	return instance(req, false)
}

// instance builds the problem of a request; for verify, K is optional and
// a place task without it checks any number of pieces.
func instance(req models.Request, verify bool) (*Problem, error) {
	if len(req.Args) < 2 {
		return nil, fmt.Errorf("pieces: want PIECE SIZE [K]")
	}
	task, err := ParseTask(req.Param("task"))
	if err != nil {
		return nil, err
	}
	c := Config{Piece: req.Args[0], Size: req.Args[1], Torus: req.Switch("torus"), Pawns: req.Param("pawns"),
		Task: task, Independent: req.Switch("independent")}
	if req.Switch("independent") && task != Dominate {
		return nil, fmt.Errorf("pieces: --independent is for --task dominate")
	}
	if q := req.Param("queens"); q != "" && len(req.Args) == 2 {
		req.Args = append(req.Args[:2:2], q) // pawns N --queens M: M queens
	}
	switch {
	case len(req.Args) > 2:
		if task == Max || task == Dominate {
			return nil, fmt.Errorf("pieces: --task %s takes no K (got %q)", task, req.Args[2])
		}
		k, err := core.ParseCount("K", req.Args[2], MaxCells)
		if err != nil {
			return nil, fmt.Errorf("pieces: %w", err)
		}
		c.K = int(k)
	case task == Place && verify:
		c.Task = Max // any number of mutually non-attacking pieces
	case task == Place || task == Pawns:
		return nil, fmt.Errorf("pieces: --task %s needs K, the number of pieces (PIECE SIZE K)", task)
	}
	return c.Problem()
}

// writeCover writes the instance for the cover verb: a comment line, then
// the exact cover problem (NewCover) in the dlx text format with Knuth's
// dlx3 multiplicities.
func writeCover(p core.Problem, w io.Writer) error {
	pp := p.(*Problem)
	cov, err := pp.NewCover()
	if err != nil {
		return err
	}
	what := fmt.Sprintf("%d %s", pp.K, plural(pp.Piece.Name))
	switch pp.Task {
	case Max:
		what = "any number of " + plural(pp.Piece.Name) + " (the independence number is the most options)"
	case Dominate:
		what = plural(pp.Piece.Name) + " dominating every square (the domination number is the fewest options)"
	}
	board := pp.Size()
	if pp.Board.Torus {
		board += " torus"
	}
	if _, err := fmt.Fprintf(w, "| pieces: %s on %s; option k puts a piece on the k-th free square, row-major\n", what, board); err != nil {
		return err
	}
	return dlx.Write(w, cov.Problem)
}

// countText is the text answer of a count.
func countText(p core.Problem, res *core.Result, count string) string {
	pp := p.(*Problem)
	a := pp.Answer(res)
	board := pp.Size()
	if pp.Board.Torus {
		board += " torus"
	}
	switch pp.Task {
	case Max:
		if a.Proved {
			return fmt.Sprintf("%s maximum placements of %d %s on %s", count, a.Max, plural(pp.Piece.Name), board)
		}
	case Dominate:
		if a.Proved {
			kind := "minimum dominating sets"
			if pp.Independent {
				kind = "minimum independent dominating sets"
			}
			return fmt.Sprintf("%s %s of %d %s on %s", count, kind, a.Domination, plural(pp.Piece.Name), board)
		}
	case Pawns:
		if a.Proved {
			pawns := "pawns"
			if a.MinPawns == 1 {
				pawns = "pawn"
			}
			return fmt.Sprintf("%s placements of %d %s with %d %s on %s", count, pp.K, plural(pp.Piece.Name), a.MinPawns, pawns, board)
		}
	case Place:
		return fmt.Sprintf("%s placements of %d %s on %s", count, pp.K, plural(pp.Piece.Name), board)
	}
	if a.Reason != "" {
		return fmt.Sprintf("%s placements: %s", count, a.Reason)
	}
	return fmt.Sprintf("%s placements (%s: the optimum is not proved)", count, pp.Task)
}

// noSolution explains a proved absence of solutions.
func noSolution(p core.Problem, res *core.Result) string {
	pp := p.(*Problem)
	if a := pp.Answer(res); a.Reason != "" {
		return "no solution: " + a.Reason
	}
	return fmt.Sprintf("no solution: %d %s cannot be placed on %s without attacking each other (proved by exhaustive search)", pp.K, plural(pp.Piece.Name), pp.Size())
}

// plural returns a piece name in the plural ("queens"), a specification as
// it is.
func plural(name string) string {
	if definitions[name] != "" {
		return name + "s"
	}
	return name
}

// verifyRequest checks the boards read from r: PIECE SIZE [K] and the
// parameters name the instance (without K, any number of mutually
// non-attacking pieces).
func verifyRequest(_ context.Context, req models.Request, r io.Reader) (*models.VerifyReport, error) {
	p, err := instance(req, true)
	if err != nil {
		return nil, err
	}
	return p.VerifyStream(r)
}

// VerifyStream reads solutions in the board format from r — the cells in
// order, '#' comment lines and blank lines skipped, a new solution every
// Cells() squares — and checks each with Verify. A malformed line is an
// error naming it.
func (p *Problem) VerifyStream(r io.Reader) (*models.VerifyReport, error) {
	if r == nil {
		return nil, errors.New("pieces: nil reader")
	}
	if err := p.check(); err != nil {
		return nil, err
	}
	n := p.Board.Cells()
	_, _, cols := p.layers()
	rep := &models.VerifyReport{}
	seen := map[string]bool{}
	sol := make(core.Solution, 0, n)
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 64<<10), 4<<20)
	line, start := 0, 0
	for sc.Scan() {
		line++
		t := strings.TrimRight(sc.Text(), " \t\r")
		if line == 1 {
			t = strings.TrimPrefix(t, "\ufeff")
		}
		if s := strings.TrimSpace(t); s == "" || strings.HasPrefix(s, "#") {
			continue
		}
		if len(t) != cols {
			return nil, fmt.Errorf("pieces: line %d: %d squares, the board has %d columns", line, len(t), cols)
		}
		if len(sol) == 0 {
			start = line
		}
		for i := 0; i < len(t); i++ {
			switch ch := t[i]; {
			case ch == '.':
				sol = append(sol, 0)
			case ch == 'P':
				sol = append(sol, 2)
			case ch >= 'A' && ch <= 'Z' || ch >= 'a' && ch <= 'z':
				sol = append(sol, 1)
			default:
				return nil, fmt.Errorf("pieces: line %d, column %d: %q is not a square ('.', 'P' or a piece letter)", line, i+1, ch)
			}
		}
		if len(sol) < n {
			continue
		}
		rep.Solutions++
		if err := p.Verify(sol); err != nil {
			rep.Invalid++
			if rep.FirstBad == nil {
				rep.FirstBad = &models.Bad{Line: start, Reason: err.Error()}
			}
		} else {
			rep.Valid++
			key := string(fmt.Append(nil, sol))
			if !seen[key] {
				seen[key] = true
				rep.Distinct++
			}
		}
		sol = sol[:0]
	}
	if err := sc.Err(); err != nil {
		return nil, fmt.Errorf("pieces: line %d: %w", line+1, err)
	}
	if len(sol) != 0 {
		return nil, fmt.Errorf("pieces: line %d: the last board stops after %d of its %d squares", line, len(sol), n)
	}
	return rep, nil
}

// headline says what a max, dominate or pawns solution proves, or what is
// known when the search stopped early; a placement of K pieces needs none.
// It is a '#' comment of the board format, so verify reads past it.
func headline(p core.Problem, res *core.Result) string {
	pp := p.(*Problem)
	a := pp.Answer(res)
	board := pp.Size()
	if pp.Board.Torus {
		board += " torus"
	}
	switch {
	case pp.Task == Place:
		return ""
	case !a.Proved:
		return fmt.Sprintf("# best found: %d (not proved optimal: the search stopped early)", a.Best)
	case pp.Task == Max:
		return fmt.Sprintf("# independence number of %s on %s: %d", plural(pp.Piece.Name), board, a.Max)
	case pp.Task == Dominate:
		what := "domination number"
		if pp.Independent {
			what = "independent domination number"
		}
		return fmt.Sprintf("# %s of %s on %s: %d", what, plural(pp.Piece.Name), board, a.Domination)
	}
	return fmt.Sprintf("# fewest pawns letting %d %s stand on %s: %d", pp.K, plural(pp.Piece.Name), board, a.MinPawns)
}
