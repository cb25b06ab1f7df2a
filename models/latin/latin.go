package latin

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math/big"
	"strconv"
	"strings"

	"github.com/coverkit/coverkit/core"
	"github.com/coverkit/coverkit/dlx"
	"github.com/coverkit/coverkit/models/internal/grid"
	"github.com/coverkit/coverkit/models/xcc"
	"github.com/coverkit/coverkit/resource"
)

// MaxOrder is the largest order accepted (the largest side of a grid, the
// sudoku family's too).
const MaxOrder = grid.MaxSide

// Square is the problem of Latin squares of order N, all of them or only
// the reduced ones. It implements core.Problem.
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

// check refuses a nil square or an order outside 1..MaxOrder.
func (s *Square) check() error {
	if s == nil {
		return fmt.Errorf("latin: nil square: %w", core.ErrWrongProblem)
	}
	if s.N < 1 || s.N > MaxOrder {
		return fmt.Errorf("latin: order %d is out of range (1..%d)", s.N, MaxOrder)
	}
	return nil
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
func (s *Square) Verify(sol core.Solution) error {
	if err := s.check(); err != nil {
		return err
	}
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
func (s *Square) Render(w io.Writer, sol core.Solution, format string) error {
	if w == nil {
		return errors.New("latin: nil writer")
	}
	if err := s.check(); err != nil {
		return err
	}
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
	case "svg":
		return s.renderSVG(w, sol)
	default:
		return fmt.Errorf("latin: unknown format %q (text, json, svg)", format)
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

// Methods of counting, selected by core.Options.Method.
const (
	// MethodReduced ("" too) counts reduced squares by exact cover and, for
	// all squares, multiplies by N!·(N−1)!.
	MethodReduced = "reduced"
	// MethodDirect enumerates every square by exact cover.
	MethodDirect = "direct"
)

// FromReduced returns N!·(N−1)!·r, the number of Latin squares of order n
// when r of them are reduced, and whether it fits in a core.Count (128
// bits). When it does not (order 20 with more than 1149 reduced squares,
// any r > 0 beyond order 21), the Count is meaningless: use FromReducedBig.
// An order outside 1..MaxOrder has no count: it returns 0, false.
func FromReduced(r uint64, n int) (core.Count, bool) {
	if n < 1 || n > MaxOrder {
		return core.Count{}, false
	}
	c := core.CountOf(r)
	for _, top := range []int{n, n - 1} {
		for k := 2; k <= top; k++ {
			var fits bool
			if c, fits = c.MulChecked(uint64(k)); !fits {
				return c, false
			}
		}
	}
	return c, true
}

// FromReducedBig returns N!·(N−1)!·r exactly, or nil for an order outside
// 1..MaxOrder.
func FromReducedBig(r uint64, n int) *big.Int {
	if n < 1 || n > MaxOrder {
		return nil
	}
	f := new(big.Int).MulRange(1, int64(max(n, 1)))
	g := new(big.Int).MulRange(1, int64(max(n-1, 1)))
	f.Mul(f, g)
	return f.Mul(f, new(big.Int).SetUint64(r))
}

// engine is the model on the exact-cover engine: its search (solve), run
// by each of the engine's methods.
var engine = xcc.Engine{
	Solve:       solve,
	Description: "exact cover on Dancing Links; counts via reduced squares × N!(N−1)! or directly",
	Limits:      "order ≤ 64; a count beyond 128 bits is refused",
	DLXLimits:   "the reduced squares counted in 64 bits",
	Methods:     []string{MethodReduced, MethodDirect},
}

// Solve searches Latin squares of p (a *Square) as o says: the first,
// all of them (up to o.Limit, through o.Visit) or their count. For a count
// of all squares, o.Method "reduced" (the default) counts reduced squares
// and multiplies by N!·(N−1)! (Result.Extra "reduced_squares" holds the reduced
// count); "direct" enumerates every square. o.Workers > 1 splits the search.
func Solve(ctx context.Context, p core.Problem, o *core.Options) (core.Result, error) {
	return solve(ctx, p, o, dlx.MethodLinks)
}

// solve is Solve with the engine's method m.
func solve(ctx context.Context, p core.Problem, o *core.Options, m dlx.Method) (core.Result, error) {
	sq, ok := p.(*Square)
	if !ok || sq == nil {
		return core.Result{}, fmt.Errorf("latin: %w: got %s", core.ErrWrongProblem, core.Describe(p))
	}
	if sq.N < 1 || sq.N > MaxOrder {
		return core.Result{}, fmt.Errorf("latin: order %d is out of range (1..%d)", sq.N, MaxOrder)
	}
	o = o.OrDefault()
	method := o.Method
	switch method {
	case "", MethodReduced:
		method = MethodReduced
	case MethodDirect:
	default:
		return core.Result{}, fmt.Errorf("latin: %w: unknown method %q (reduced, direct)", core.ErrUnsupported, o.Method)
	}
	n := sq.N
	ec, err := cover(ctx, n)
	if err != nil {
		return xcc.Stopped(err)
	}
	viaReduced := o.Mode == core.ModeCount && !sq.Reduced && method == MethodReduced
	if _, fits := FromReduced(1, n); viaReduced && !fits {
		// Every order has a reduced square, so the count cannot fit.
		return core.Result{}, fmt.Errorf("latin: order %d: the count of all squares is at least %d!·%d! = %s, more than a 128-bit count holds (count the reduced squares instead): %w",
			n, n, n-1, FromReducedBig(1, n), resource.ErrTooLarge)
	}
	var forced []int
	if sq.Reduced || viaReduced {
		forced = grid.Reduced(n)
	}
	grid := make(core.Solution, n*n)
	out, err := xcc.Run(ctx, &xcc.Cover{Problem: ec, Forced: forced, Decode: func(opts []int) core.Solution {
		for _, k := range opts {
			grid[k/n] = int32(k%n + 1)
		}
		return grid
	}}, o, m)
	if err != nil {
		return core.Result{}, fmt.Errorf("latin: %w", err)
	}
	out.Method = method
	if viaReduced {
		reduced, _ := out.Solutions.Uint64() // dlx counts in 64 bits
		if out.Extra == nil {
			out.Extra = map[string]any{}
		}
		out.Extra["reduced_squares"] = reduced
		all, ok := FromReduced(reduced, n)
		if !ok {
			exact, stopped := FromReducedBig(reduced, n).String(), ""
			if out.Status.Partial() {
				exact, stopped = "at least "+exact, fmt.Sprintf(" (the search stopped early: %s)", out.Status)
			}
			return core.Result{}, fmt.Errorf("latin: order %d: %d reduced squares × %d!·%d! = %s squares%s, more than a 128-bit count holds (count the reduced squares instead): %w",
				n, reduced, n, n-1, exact, stopped, resource.ErrTooLarge)
		}
		out.Solutions = all
	}
	return out, nil
}

// cover returns the exact cover of the Latin squares of order n (package
// models/internal/grid: option i·n + (v−1) puts symbol v in cell i,
// row-major), built under ctx's stop: a stopped build is an error that
// core.ErrorStatus reads. The reduced squares are its solutions with
// grid.Reduced(n) forced. Solve and the split count (decompose) both
// build it here.
func cover(ctx context.Context, n int) (*dlx.Problem, error) {
	m := core.NewMeter(ctx, nil)
	ec, err := grid.Cover(m, n, grid.Units{})
	if errors.Is(err, grid.ErrStopped) {
		return nil, xcc.BuildStopped(m)
	}
	if err != nil {
		return nil, fmt.Errorf("latin: %w", err)
	}
	return ec, nil
}

// svgPalette colors the symbols of a square's picture, one a symbol, the
// colors again after the last.
var svgPalette = []string{"#8dd3c7", "#fdb462", "#bebada", "#fb8072", "#80b1d3", "#b3de69", "#fccde5", "#ffffb3", "#d9d9d9", "#bc80bd"}

// renderSVG draws sol as a grid of cells, each filled with its symbol's
// color and holding the symbol.
func (s *Square) renderSVG(w io.Writer, sol core.Solution) error {
	n := s.N
	const u = 24 // pixels a cell
	var sb strings.Builder
	fmt.Fprintf(&sb, `<svg xmlns="http://www.w3.org/2000/svg" width="%d" height="%d" viewBox="-1 -1 %d %d" font-family="sans-serif" font-size="12" text-anchor="middle">`+"\n",
		n*u+2, n*u+2, n*u+2, n*u+2)
	for i, v := range sol {
		x, y := i%n*u, i/n*u
		fmt.Fprintf(&sb, `<rect x="%d" y="%d" width="%d" height="%d" fill="%s" stroke="#222"/>`+"\n", x, y, u, u,
			svgPalette[int(max(v-1, 0))%len(svgPalette)])
		fmt.Fprintf(&sb, `<text x="%d" y="%d">%d</text>`+"\n", x+u/2, y+u/2+4, v)
	}
	sb.WriteString("</svg>\n")
	_, err := io.WriteString(w, sb.String())
	return err
}
