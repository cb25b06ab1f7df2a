package pieces

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"slices"
	"strconv"
	"strings"

	"github.com/coverkit/coverkit/core"
	"github.com/coverkit/coverkit/dlx"
	"github.com/coverkit/coverkit/lines"
	"github.com/coverkit/coverkit/models"
	"github.com/coverkit/coverkit/models/verify"
	"github.com/coverkit/coverkit/models/xcc"
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
		Instance: models.Instance{Usage: "PIECE SIZE [K]", Args: 2, Optional: 1, SizeArg: 1, New: newInstance, Samples: []string{"queen 6 4", "king 5 4"}},
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
		Algorithms:  []models.Algorithm{bitboardAlgorithm, dlxAlgorithm, memoAlgorithm, cellsAlgorithm},
		Decompose:   decompose,
		Formats:     Formats,
		Blocks:      []string{"text", "board", "svg"},
		Default:     func(core.Problem, *core.Options) string { return "bitboard" },
		Fields:      func(p core.Problem, res *core.Result) []models.Field { return p.(*Problem).Fields(res) },
		CountText:   countText,
		Headline:    headline,
		NoSolution:  noSolution,
		Verify:      verifyRequest,
		VerifyUsage: "PIECE SIZE [K] [FILE|-]",
		VerifyArgs:  2,
		VerifyInput: func(args []string) int {
			// PIECE SIZE [K] [FILE|-]: K is a number.
			if len(args) > 2 {
				if _, err := core.ParseCount("K", args[2], MaxCells); err == nil {
					return 3
				}
			}
			return 2
		},
		Cover: writeCover,
		Stops: stops,
		Examples: map[string]string{
			"count": `  coverkit pieces count king 8 16
  coverkit pieces count queen 3x3x3 4
  coverkit pieces count queen 8 --task dominate
  coverkit pieces count queen 13 13 --torus --unique`,
			"solve": `  coverkit pieces solve knight 8 --task max --format board
  coverkit pieces solve queen 8 9 --task pawns
  coverkit pieces solve queen 8 9 --pawns "2,3" --all
  coverkit pieces solve "leap(1,2)+ride(1,1)" 6 6 --format svg`,
			"verify":   `  coverkit pieces solve queen 8 --task dominate --all | coverkit pieces verify queen 8 --task dominate`,
			"cover":    `  coverkit pieces cover bishop 8 14 | coverkit dlx --count`,
			"compare":  `  coverkit pieces compare king 8 16 --repeat 3`,
			"max":      "  coverkit pieces max knight 8 --format board\n  coverkit pieces max queen 8 --count",
			"dominate": "  coverkit pieces dominate queen 8\n  coverkit pieces dominate king 8 --count",
			"pawns":    "  coverkit pieces pawns 8 --queens 9",
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
func writeCover(ctx context.Context, p core.Problem, w io.Writer) error {
	pp := p.(*Problem)
	m := core.NewMeter(ctx, nil)
	cov, err := pp.newCover(m)
	if errors.Is(err, errStopped) {
		return xcc.BuildStopped(m)
	}
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

// verifyRequest checks the solutions read from r against the problem of
// the request's arguments (see VerifyStream).
func verifyRequest(ctx context.Context, req models.Request, r io.Reader) (*models.VerifyReport, error) {
	p, err := instance(req, true)
	if err != nil {
		return nil, err
	}
	return p.verifyStream(ctx, r)
}

// VerifyStream reads solutions from r and checks each with Verify,
// through the one verify loop (verify.Each): boards in the board
// format (the cells in order, '#' comment lines and blank lines skipped, a
// new solution every Cells() squares, so the layers of a board of more
// dimensions follow each other; a blank line ends a 2-D board), or JSON records of solve --format json
// (the solution's "pieces" and "pawns" coordinates under "solution"). A
// line that cannot be read is reported on its line and the reading goes
// on with the next board.
func (p *Problem) VerifyStream(r io.Reader) (*models.VerifyReport, error) {
	return p.verifyStream(context.Background(), r)
}

func (p *Problem) verifyStream(ctx context.Context, r io.Reader) (*models.VerifyReport, error) {
	if r == nil {
		return nil, errors.New("pieces: nil reader")
	}
	if err := p.check(); err != nil {
		return nil, err
	}
	n := p.Board.Cells()
	layers, _, cols := p.layers()
	lr := lines.NewReader(r, 4<<20)
	sol := make(core.Solution, 0, n)
	start := 0
	next := func() (verify.Reading, error) {
		for {
			t, line, err := lr.Next()
			switch {
			case err == io.EOF && len(sol) != 0:
				read := len(sol)
				sol = sol[:0]
				return verify.Reading{Line: start, Unreadable: fmt.Errorf("pieces: the last board stops after %d of its %d squares", read, n)}, nil
			case err == io.EOF:
				return verify.Reading{}, io.EOF
			case errors.Is(err, lines.ErrTooLong) && lr.Skip():
				sol = sol[:0]
				return verify.Reading{Line: line, Unreadable: fmt.Errorf("pieces: line too long (more than %d bytes)", lr.Max())}, nil
			case err != nil:
				return verify.Reading{}, lines.Wrap("pieces", err)
			}
			s := bytes.TrimSpace(t)
			if len(s) == 0 && len(sol) != 0 && layers == 1 {
				// A blank line ends a 2-D board (the layers of a board of
				// more dimensions are separated by blank lines).
				read := len(sol)
				sol = sol[:0]
				return verify.Reading{Line: start, Unreadable: fmt.Errorf("pieces: the board stops after %d of its %d squares", read, n)}, nil
			}
			if len(s) == 0 || s[0] == '#' {
				continue
			}
			if s[0] == '{' && len(sol) == 0 {
				rec := verify.Record{Line: line, JSON: s}
				return p.jsonSolution(&rec), nil
			}
			if len(sol) == 0 && (s[0] >= '0' && s[0] <= '9' || bytes.HasPrefix(s, []byte("pawns"))) {
				// The coords format: a line of the pieces' squares, then
				// a line "pawns ..." when the board has pawns.
				if s[0] == 'p' {
					if got := string(bytes.Join(bytes.Fields(s[len("pawns"):]), []byte(" "))); got != p.pawnCoords() {
						return verify.Reading{Line: line, Unreadable: fmt.Errorf("pieces: pawns %s, the board's are %q", got, p.pawnCoords())}, nil
					}
					continue
				}
				return p.coordsSolution(line, s), nil
			}
			t = bytes.TrimRight(t, " \t")
			if len(sol) == 0 {
				start = line
			}
			if len(t) != cols {
				sol = sol[:0]
				return verify.Reading{Line: line, Unreadable: fmt.Errorf("pieces: %d squares, the board has %d columns", len(t), cols)}, nil
			}
			for i, ch := range t {
				switch {
				case ch == '.':
					sol = append(sol, 0)
				case ch == 'P':
					sol = append(sol, 2)
				case ch >= 'A' && ch <= 'Z' || ch >= 'a' && ch <= 'z':
					sol = append(sol, 1)
				default:
					sol = sol[:0]
					return verify.Reading{Line: line, Unreadable: fmt.Errorf("pieces: column %d: %q is not a square ('.', 'P' or a piece letter)", i+1, ch)}, nil
				}
			}
			if len(sol) == n {
				out := slices.Clone(sol)
				sol = sol[:0]
				return verify.Reading{Line: start, Solution: out}, nil
			}
		}
	}
	return verify.Each(ctx, p, verify.ReaderFunc(next))
}

// coordsSolution reads a line of the coords format: the pieces' 1-based
// squares ("1,2 3,4"), on the board with its pawns.
func (p *Problem) coordsSolution(line int, s []byte) verify.Reading {
	sol := p.pawnBoard()
	for _, f := range bytes.Fields(s) {
		var c []int
		for _, x := range bytes.Split(f, []byte(",")) {
			v, err := strconv.Atoi(string(x))
			if err != nil {
				return verify.Reading{Line: line, Unreadable: fmt.Errorf("pieces: %q is no square r,c", f)}
			}
			c = append(c, v-1)
		}
		x := p.Board.Cell(c)
		if x < 0 {
			return verify.Reading{Line: line, Unreadable: fmt.Errorf("pieces: square %s is off the %s board", f, &p.Board)}
		}
		if sol[x] == 1 {
			return verify.Reading{Line: line, Checked: true, Invalid: fmt.Errorf("pieces: two pieces on %s", f)}
		}
		sol[x] = 1
	}
	return verify.Reading{Line: line, Solution: sol}
}

// pawnCoords are the board's pawns as the coords format writes them.
func (p *Problem) pawnCoords() string {
	_, pawns := p.Placement(p.pawnBoard())
	out := make([]string, len(pawns))
	for i, c := range pawns {
		out[i] = joinInts(c, ",")
	}
	return strings.Join(out, " ")
}

// jsonSolution reads a JSON record of solve --format json: the solution's
// pieces and pawns (1-based coordinates) under "solution".
func (p *Problem) jsonSolution(rec *verify.Record) verify.Reading {
	var v struct {
		Pieces [][]int `json:"pieces"`
		Pawns  [][]int `json:"pawns"`
	}
	ok, err := rec.Field("solution", &v)
	switch {
	case err != nil:
		return verify.Reading{Line: rec.Line, Unreadable: fmt.Errorf("pieces: %v", err)}
	case !ok:
		return verify.Reading{Line: rec.Line, Skip: true}
	}
	sol := make(core.Solution, p.Board.Cells())
	for _, set := range []struct {
		cells [][]int
		v     int32
	}{{v.Pieces, 1}, {v.Pawns, 2}} {
		for _, c := range set.cells {
			c0 := make([]int, len(c))
			for i, x := range c {
				c0[i] = x - 1
			}
			x := p.Board.Cell(c0)
			if x < 0 {
				return verify.Reading{Line: rec.Line, Unreadable: fmt.Errorf("pieces: square %v is off the %s board", c, &p.Board)}
			}
			sol[x] = set.v
		}
	}
	return verify.Reading{Line: rec.Line, Solution: sol}
}

// headline says what a max, dominate or pawns solution proves, or what is
// known when the search stopped early; a placement of K pieces needs none.
// It is a '#' comment of the board format, so verify reads past it.
func headline(p core.Problem, res *core.Result) string {
	pp := p.(*Problem)
	a := pp.Answer(res)
	board := pp.Size()
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
