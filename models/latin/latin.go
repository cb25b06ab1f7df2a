package latin

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"runtime"
	"strconv"

	"github.com/coverkit/coverkit/dlx"
	"github.com/coverkit/coverkit/models"
	"github.com/coverkit/coverkit/models/sudoku"
)

// MaxOrder is the largest order accepted (the sudoku family's largest side).
const MaxOrder = sudoku.MaxSide

// Square is the problem of Latin squares of order N, all of them or only
// the reduced ones. It implements models.Problem.
//
// A solution is encoded as N² symbols 1..N, row-major: sol[r·N+c] is the
// symbol in row r, column c (0-based).
type Square struct {
	// N is the order: N rows, N columns, N symbols.
	N int
	// Reduced restricts the problem to reduced squares: the first row and
	// the first column hold 1..N in order.
	Reduced bool
}

// New returns the Latin square problem of order n, refusing n outside
// 1..MaxOrder.
func New(n int, reduced bool) (*Square, error) {
	if n < 1 || n > MaxOrder {
		return nil, fmt.Errorf("latin: order %d is out of range (1..%d)", n, MaxOrder)
	}
	return &Square{N: n, Reduced: reduced}, nil
}

// Model returns "latin".
func (s *Square) Model() string { return "latin" }

// Size returns N, with " reduced" for reduced squares.
func (s *Square) Size() string {
	if s.Reduced {
		return strconv.Itoa(s.N) + " reduced"
	}
	return strconv.Itoa(s.N)
}

// Verify checks sol independently of any solver: N² symbols 1..N, each row
// and each column a permutation, and for reduced squares the first row and
// column in order.
func (s *Square) Verify(sol models.Solution) error {
	n := s.N
	if len(sol) != n*n {
		return fmt.Errorf("latin: %d cells for order %d (want %d)", len(sol), n, n*n)
	}
	rows := make([]bool, n*n) // rows[r*n+v-1]: symbol v seen in row r
	cols := make([]bool, n*n)
	for i, v := range sol {
		r, c := i/n, i%n
		if v < 1 || int(v) > n {
			return fmt.Errorf("latin: row %d, column %d: symbol %d is out of range (1..%d)", r+1, c+1, v, n)
		}
		if rows[r*n+int(v)-1] {
			return fmt.Errorf("latin: row %d holds %d twice", r+1, v)
		}
		if cols[c*n+int(v)-1] {
			return fmt.Errorf("latin: column %d holds %d twice", c+1, v)
		}
		rows[r*n+int(v)-1], cols[c*n+int(v)-1] = true, true
		if s.Reduced && (r == 0 || c == 0) && int(v) != r+c+1 {
			return fmt.Errorf("latin: row %d, column %d holds %d, but a reduced square has %d there", r+1, c+1, v, r+c+1)
		}
	}
	return nil
}

// Render writes sol as N lines of space-separated symbols ("", "text" or
// "grid"), or as a JSON array of N rows ("json").
func (s *Square) Render(w io.Writer, sol models.Solution, format string) error {
	n := s.N
	if len(sol) != n*n {
		return fmt.Errorf("latin: %d cells for order %d (want %d)", len(sol), n, n*n)
	}
	switch format {
	case "", "text", "grid":
	case "json":
		rows := make([][]int32, n)
		for r := range n {
			rows[r] = sol[r*n : (r+1)*n]
		}
		b, err := json.Marshal(rows)
		if err != nil {
			return err
		}
		_, err = w.Write(b)
		return err
	default:
		return fmt.Errorf("latin: unknown format %q (text, json)", format)
	}
	var b []byte
	for i, v := range sol {
		if i%n != 0 {
			b = append(b, ' ')
		}
		b = strconv.AppendInt(b, int64(v), 10)
		if i%n == n-1 {
			b = append(b, '\n')
		}
	}
	_, err := w.Write(b)
	return err
}

// Methods of counting, selected by models.Options.Method.
const (
	// MethodReduced ("" too) counts reduced squares by exact cover and, for
	// all squares, multiplies by N!·(N−1)!.
	MethodReduced = "reduced"
	// MethodDirect enumerates every square by exact cover.
	MethodDirect = "direct"
)

// FromReduced returns N!·(N−1)!·r: the number of Latin squares of order n
// when r of them are reduced.
func FromReduced(r uint64, n int) models.Count {
	c := models.CountOf(r)
	for k := 2; k <= n; k++ {
		c = c.MulUint64(uint64(k))
	}
	for k := 2; k < n; k++ {
		c = c.MulUint64(uint64(k))
	}
	return c
}

func init() {
	models.Register(models.Algorithm{
		Model:       "latin",
		Name:        "dlx",
		Kind:        models.Exact,
		Caps:        models.CanFirst | models.CanAll | models.CanCount | models.CanParallel,
		Description: "exact cover on Dancing Links; counts via reduced squares × N!(N−1)! or directly",
		Methods:     []string{MethodReduced, MethodDirect},
		Solve:       Solve,
	})
}

// Solve searches Latin squares of p (a *Square) as o says: the first,
// all of them (up to o.Limit, through o.Visit) or their count. For a count
// of all squares, o.Method "reduced" (the default) counts reduced squares
// and multiplies by N!·(N−1)! (Result.Extra "reduced" holds the reduced
// count); "direct" enumerates every square. o.Workers > 1 splits the search.
func Solve(ctx context.Context, p models.Problem, o *models.Options) (models.Result, error) {
	sq, ok := p.(*Square)
	if !ok {
		return models.Result{}, fmt.Errorf("latin: %w: %T", models.ErrWrongProblem, p)
	}
	if sq.N < 1 || sq.N > MaxOrder {
		return models.Result{}, fmt.Errorf("latin: order %d is out of range (1..%d)", sq.N, MaxOrder)
	}
	o = o.OrDefault()
	method := o.Method
	switch method {
	case "", MethodReduced:
		method = MethodReduced
	case MethodDirect:
	default:
		return models.Result{}, fmt.Errorf("latin: %w: unknown method %q (reduced, direct)", models.ErrUnsupported, o.Method)
	}
	n := sq.N
	shape, err := sudoku.NewShape(n, 0, 0, sudoku.Latin)
	if err != nil {
		return models.Result{}, fmt.Errorf("latin: %w", err)
	}
	ec, err := sudoku.ExactCover(shape)
	if err != nil {
		return models.Result{}, fmt.Errorf("latin: %w", err)
	}
	sv, err := dlx.NewSolver(ec)
	if err != nil {
		return models.Result{}, fmt.Errorf("latin: order %d: %w", n, err)
	}
	viaReduced := o.Mode == models.ModeCount && !sq.Reduced && method == MethodReduced
	var forced []int
	if sq.Reduced || viaReduced {
		for c := range n {
			forced = append(forced, sudoku.Option(n, c, uint8(c+1)))
		}
		for r := 1; r < n; r++ {
			forced = append(forced, sudoku.Option(n, r*n, uint8(r+1)))
		}
	}
	do := dlx.Options{Forced: forced, Workers: o.Workers}
	if o.Workers == 0 {
		// models.Options: 0 means one worker per CPU; only counts split.
		do.Workers = 1
		if o.Mode == models.ModeCount {
			do.Workers = runtime.NumCPU()
		}
	}
	grid := make(models.Solution, n*n)
	out, err := sv.SolveModel(ctx, o, do, func(opts []int) models.Solution {
		for _, k := range opts {
			grid[k/n] = int32(k%n + 1)
		}
		return grid
	})
	if err != nil {
		return models.Result{}, fmt.Errorf("latin: %w", err)
	}
	out.Method = method
	if viaReduced {
		reduced, _ := out.Solutions.Uint64() // dlx counts in 64 bits
		out.Extra = map[string]any{"reduced_squares": reduced}
		out.Solutions = FromReduced(reduced, n)
	}
	return out, nil
}
