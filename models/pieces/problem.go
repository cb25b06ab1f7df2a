package pieces

import (
	"errors"
	"fmt"
	"strconv"
	"strings"

	"github.com/coverkit/coverkit/core"
	"github.com/coverkit/coverkit/models"
)

// Task says what a Problem asks.
type Task int

const (
	// Place asks for K mutually non-attacking pieces.
	Place Task = iota
	// Max asks for the most mutually non-attacking pieces that fit (the
	// independence number of the attack graph) and a placement of them.
	Max
	// Dominate asks for the fewest pieces that occupy or attack every
	// square (the domination number) and a placement of them; with
	// Independent, the pieces may not attack each other.
	Dominate
	// Pawns asks for the fewest pawns that let K mutually non-attacking
	// pieces (queens in the classic problem) stand on the board, pawns
	// blocking lines.
	Pawns
)

var taskNames = [...]string{"place", "max", "dominate", "pawns"}

// String returns place, max, dominate or pawns.
func (t Task) String() string {
	if t < 0 || int(t) >= len(taskNames) {
		return "Task(" + strconv.Itoa(int(t)) + ")"
	}
	return taskNames[t]
}

// ParseTask reads a task name: place (or count, solve), max, dominate,
// pawns.
func ParseTask(s string) (Task, error) {
	switch s {
	case "", "place", "count", "solve":
		return Place, nil
	case "max":
		return Max, nil
	case "dominate", "domination":
		return Dominate, nil
	case "pawns":
		return Pawns, nil
	}
	return 0, fmt.Errorf("pieces: unknown task %q (place, max, dominate, pawns)", s)
}

// ErrK is wrapped by errors about the number of pieces.
var ErrK = errors.New("pieces: bad number of pieces")

// Problem is one instance: a board, a piece and a task. It implements
// core.Problem. Build it with New or Config.Problem, which check it.
type Problem struct {
	// Board is the board, with its pawns (for the Pawns task, the pawns
	// are what is searched for, and the board has none).
	Board Board
	// Piece is the piece placed.
	Piece Piece
	// Task is what is asked.
	Task Task
	// K is the number of pieces for Place, and the number of pieces (the
	// m queens) for Pawns; the other tasks ignore it.
	K int
	// Independent asks Dominate for independent domination.
	Independent bool
}

// New checks and returns a problem: the board's sides and pawns, the piece's
// moves on the board's dimension, and K against the board.
func New(b Board, piece Piece, task Task, k int) (*Problem, error) {
	p := &Problem{Board: b, Piece: piece, Task: task, K: k}
	p.Board.Dims = append([]int(nil), b.Dims...)
	p.Board.Pawns = append([]int(nil), b.Pawns...)
	if err := p.check(); err != nil {
		return nil, err
	}
	return p, nil
}

func (p *Problem) check() error {
	if p == nil {
		return fmt.Errorf("pieces: no problem given (nil): %w", core.ErrWrongProblem)
	}
	if err := p.Board.validate(); err != nil {
		return err
	}
	if len(p.Piece.Moves) == 0 {
		return fmt.Errorf("%w: %q has no moves", ErrPiece, p.Piece.Name)
	}
	if _, err := directions(&p.Board, p.Piece); err != nil {
		return err
	}
	free := p.Board.Cells() - len(p.Board.Pawns)
	switch p.Task {
	case Place:
		if p.K < 0 {
			return fmt.Errorf("%w: k = %d must not be negative", ErrK, p.K)
		}
		if p.K > free {
			return fmt.Errorf("%w: k = %d is larger than the %d free squares of the %s board", ErrK, p.K, free, &p.Board)
		}
	case Max, Dominate:
	case Pawns:
		if len(p.Board.Dims) != 2 {
			return fmt.Errorf("%w: the pawns task is for 2-D boards (this one has %d dimensions)", ErrPawn, len(p.Board.Dims))
		}
		if len(p.Board.Pawns) != 0 {
			return fmt.Errorf("%w: the pawns task places the pawns itself (give none)", ErrPawn)
		}
		if p.K < 1 {
			return fmt.Errorf("%w: the pawns task needs at least 1 piece (got %d)", ErrK, p.K)
		}
		if p.K > free {
			return fmt.Errorf("%w: %d pieces do not fit on the %d squares of the %s board", ErrK, p.K, free, &p.Board)
		}
	default:
		return fmt.Errorf("pieces: unknown task %d", int(p.Task))
	}
	return nil
}

// Config names a problem as a command line does.
type Config struct {
	// Piece is a piece name or specification (ParsePiece).
	Piece string
	// Size is the board size (ParseSize): "8", "5x6", "3x3x3".
	Size string
	// Torus makes the board a torus.
	Torus bool
	// Pawns lists pawn squares (ParsePawns): "1,4 5,5".
	Pawns string
	// Task is what is asked.
	Task Task
	// K is the number of pieces (Place) or of queens (Pawns).
	K int
	// Independent asks Dominate for independent domination.
	Independent bool
}

// Problem parses the configuration and returns the checked problem.
func (c Config) Problem() (*Problem, error) {
	piece, err := ParsePiece(c.Piece)
	if err != nil {
		return nil, err
	}
	dims, err := ParseSize(c.Size)
	if err != nil {
		return nil, err
	}
	pawns, err := ParsePawns(c.Pawns, dims)
	if err != nil {
		return nil, err
	}
	p, err := New(Board{Dims: dims, Torus: c.Torus, Pawns: pawns}, piece, c.Task, c.K)
	if err != nil {
		return nil, err
	}
	p.Independent = c.Independent
	return p, nil
}

// Model returns "pieces".
func (p *Problem) Model() string { return "pieces" }

// Size returns the board size, such as "8x8" or "3x3x3" ("" for a nil
// problem).
func (p *Problem) Size() string {
	if p == nil {
		return ""
	}
	s := p.Board.String()
	if p.Board.Torus {
		s += " torus" // as queens says it: every parameter of the board is in its size
	}
	switch n := len(p.Board.Pawns); {
	case n > 4:
		s += " with " + strconv.Itoa(n) + " pawns"
	case n > 0:
		_, pawns := p.Placement(p.pawnBoard())
		s += " pawns"
		for _, c := range pawns {
			s += " " + strings.Trim(strings.Join(strings.Fields(fmt.Sprint(c)), ","), "[]")
		}
	}
	return s
}

// symbol returns the letter that stands for the piece in text and SVG.
func (p *Problem) symbol() byte {
	switch p.Piece.Name {
	case "queen", "queens":
		return 'Q'
	case "rook", "rooks":
		return 'R'
	case "bishop", "bishops":
		return 'B'
	case "knight", "knights":
		return 'N'
	case "king", "kings":
		return 'K'
	case "amazon", "amazons":
		return 'A'
	case "chancellor", "chancellors":
		return 'C'
	case "archbishop", "archbishops":
		return 'H'
	case "nightrider", "nightriders":
		return 'S'
	}
	return 'X'
}

// Answer is what a search found out about a problem beyond its solutions:
// the optimum of the Max, Dominate and Pawns tasks, whether it is proved,
// and one optimal placement. Problem.Answer reads it from a Result.
type Answer struct {
	// Task is the problem's task.
	Task Task
	// Proved is set when the optimum is proved: the searches for anything
	// better were exhausted. When it is not, Max, Domination and MinPawns
	// are 0 and Best and Bound say what is known. For Place it is set.
	Proved bool
	// Max is the independence number (Max, when proved).
	Max int
	// Domination is the domination number (Dominate, when proved).
	Domination int
	// MinPawns is the least number of pawns (Pawns, when proved).
	MinPawns int
	// Best is the best value found when the optimum is not proved (the
	// most pieces placed, the fewest dominating pieces or pawns found),
	// −1 if none.
	Best int
	// Bound is the proved bound on the other side when the optimum is not
	// proved (an upper bound for Max, a lower bound for Dominate and
	// Pawns), −1 if none.
	Bound int
	// Pieces are the 1-based coordinates of the pieces of one optimal
	// placement (the queens of the Pawns task), nil if none was found.
	Pieces [][]int
	// Pawns are the 1-based coordinates of the pawns the Pawns task
	// placed.
	Pawns [][]int
	// Reason says why there is no solution when that is proved without
	// finding one, or "".
	Reason string
}

// Result.Extra keys of the answer.
const (
	keyTask      = "task"
	keyPlacement = "placement"
	keyQueens    = "queens"
	keyPawns     = "pawns"
	keyReason    = "reason"
)

// optimumKey returns the JSON key of the task's optimum: max, domination,
// min_pawns ("" for Place).
func (t Task) optimumKey() string {
	switch t {
	case Max:
		return "max"
	case Dominate:
		return "domination"
	case Pawns:
		return "min_pawns"
	}
	return ""
}

// answerFields returns the answer as ordered record fields: the task; the
// optimum (max, domination or min_pawns), or when it is not proved
// <key>_at_least and <key>_at_most; the placement (pawns and queens for
// the Pawns task); the reason.
func (p *Problem) answerFields(a *Answer) []models.Field {
	key := p.Task.optimumKey()
	if key == "" {
		return nil
	}
	f := []models.Field{{Key: keyTask, Value: p.Task.String()}}
	if p.Task == Dominate && p.Independent {
		f = append(f, models.Field{Key: "independent", Value: true})
	}
	if a.Proved {
		v := map[Task]int{Max: a.Max, Dominate: a.Domination, Pawns: a.MinPawns}[p.Task]
		f = append(f, models.Field{Key: key, Value: v})
	} else {
		atLeast, atMost := a.Bound, a.Best
		if p.Task == Max {
			atLeast, atMost = a.Best, a.Bound
		}
		if atLeast >= 0 {
			f = append(f, models.Field{Key: key + "_at_least", Value: atLeast})
		}
		if atMost >= 0 {
			f = append(f, models.Field{Key: key + "_at_most", Value: atMost})
		}
	}
	if a.Pieces != nil {
		if p.Task == Pawns {
			f = append(f, models.Field{Key: keyPawns, Value: nonNil(a.Pawns)}, models.Field{Key: keyQueens, Value: a.Pieces})
		} else {
			f = append(f, models.Field{Key: keyPlacement, Value: a.Pieces})
		}
	}
	if a.Reason != "" {
		f = append(f, models.Field{Key: keyReason, Value: a.Reason})
	}
	return f
}

// Answer returns the facts a pieces algorithm left in res.Extra: the
// optimum of the task, proved or bounded, and one optimal placement.
func (p *Problem) Answer(res *core.Result) Answer {
	if p == nil {
		return Answer{Best: -1, Bound: -1}
	}
	a := Answer{Task: p.Task, Best: -1, Bound: -1, Proved: p.Task == Place}
	if res == nil || res.Extra == nil {
		return a
	}
	x := res.Extra
	geti := func(k string) (int, bool) {
		v, ok := x[k].(int)
		return v, ok
	}
	key := p.Task.optimumKey()
	if key != "" {
		if v, ok := geti(key); ok {
			a.Proved = true
			switch p.Task {
			case Max:
				a.Max = v
			case Dominate:
				a.Domination = v
			case Pawns:
				a.MinPawns = v
			}
		}
		lo, okLo := geti(key + "_at_least")
		hi, okHi := geti(key + "_at_most")
		if p.Task == Max {
			lo, hi, okLo, okHi = hi, lo, okHi, okLo
		}
		if okLo {
			a.Bound = lo
		}
		if okHi {
			a.Best = hi
		}
	}
	a.Pieces, _ = x[keyPlacement].([][]int)
	if p.Task == Pawns {
		a.Pieces, _ = x[keyQueens].([][]int)
		a.Pawns, _ = x[keyPawns].([][]int)
	}
	a.Reason, _ = x[keyReason].(string)
	return a
}

// setAnswer stores the answer in res.Extra (as answerFields).
func (p *Problem) setAnswer(res *core.Result, a *Answer) {
	fs := p.answerFields(a)
	if len(fs) == 0 {
		return
	}
	if res.Extra == nil {
		res.Extra = map[string]any{}
	}
	for _, f := range fs {
		res.Extra[f.Key] = f.Value
	}
}

// Placement returns the 1-based coordinates of the pieces and of the pawns
// of sol.
func (p *Problem) Placement(sol core.Solution) (pieces, pawns [][]int) {
	if p == nil || len(sol) != p.Board.Cells() {
		return nil, nil
	}
	for x, v := range sol {
		switch v {
		case 1:
			pieces = append(pieces, p.coords1(x))
		case 2:
			pawns = append(pawns, p.coords1(x))
		}
	}
	return pieces, pawns
}

func (p *Problem) coords1(x int) []int {
	c := p.Board.Coords(x, nil)
	for i := range c {
		c[i]++
	}
	return c
}

// Fields returns the problem's own facts for a result record, in the order
// of docs/cli.md: piece, torus, k, the board's pawns; then, for Max,
// Dominate and Pawns, the answer (Problem.answerFields).
func (p *Problem) Fields(res *core.Result) []models.Field {
	if p == nil {
		return nil
	}
	f := []models.Field{{Key: "piece", Value: p.Piece.Name}}
	if p.Board.Torus {
		f = append(f, models.Field{Key: "torus", Value: true})
	}
	if p.Task == Place || p.Task == Pawns {
		f = append(f, models.Field{Key: "k", Value: p.K})
	}
	if len(p.Board.Pawns) > 0 {
		_, pawns := p.Placement(p.pawnBoard())
		f = append(f, models.Field{Key: "pawns", Value: pawns})
	}
	a := p.Answer(res)
	return append(f, p.answerFields(&a)...)
}

func nonNil(x [][]int) [][]int {
	if x == nil {
		return [][]int{}
	}
	return x
}

// pawnBoard returns a solution with the board's pawns and no pieces.
func (p *Problem) pawnBoard() core.Solution {
	sol := make(core.Solution, p.Board.Cells())
	for _, x := range p.Board.Pawns {
		sol[x] = 2
	}
	return sol
}
