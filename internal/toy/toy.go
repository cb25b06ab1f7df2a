// Package toy is a whole coverkit model that no command ships: the
// proof of docs/design.md's "Adding a model". It registers the model
// "toy", the tilings of a 2×N strip by dominoes (there are F(N+1) of them,
// the Fibonacci numbers, OEIS A000045), with the algorithms of the
// exact-cover engine (auto, dlx, memo, cells: columns as items, a
// vertical domino or a pair of horizontal ones as options) and one of its
// own (walk, a plain recursion), a split of its counts (--units) and its
// cover (the cover verb).
//
// A test adds it with one import line (cmd/coverkit/toy_test.go,
// models/toy_test.go); every verb of the command and every generated
// test then cover it with no other edit.
package toy

import (
	"context"
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"
	"time"

	"github.com/coverkit/coverkit/core"
	"github.com/coverkit/coverkit/dlx"
	"github.com/coverkit/coverkit/models"
	"github.com/coverkit/coverkit/models/verify"
	"github.com/coverkit/coverkit/models/xcc"
)

// MaxN bounds the strip's length: 2N−1 options of at most two items.
const MaxN = 1 << 16

// Strip is the problem of the domino tilings of a 2×N strip. A solution
// has one entry a column: 1 for a vertical domino, 2 for the left column
// of two horizontal dominoes and 0 for their right column. It implements
// core.Problem.
type Strip struct{ N int }

// Model returns "toy".
func (s *Strip) Model() string { return "toy" }

// Size returns N.
func (s *Strip) Size() string { return strconv.Itoa(s.N) }

// Verify checks sol independently of every solver: N entries, each
// column covered once.
func (s *Strip) Verify(sol core.Solution) error {
	if s == nil || s.N < 1 || s.N > MaxN {
		return fmt.Errorf("toy: %s is not a strip of 1..%d columns", core.Describe(s), MaxN)
	}
	if len(sol) != s.N {
		return fmt.Errorf("toy: %d entries for %d columns", len(sol), s.N)
	}
	for c := 0; c < len(sol); c++ {
		switch {
		case sol[c] == 1:
		case sol[c] == 2 && c+1 < len(sol) && sol[c+1] == 0:
			c++
		default:
			return fmt.Errorf("toy: column %d: %d is no domino's place", c+1, sol[c])
		}
	}
	return nil
}

// Render writes sol as its entries on one line ("" or "text"), as a JSON
// array ("json") or as a picture of the strip ("svg").
func (s *Strip) Render(w io.Writer, sol core.Solution, format string) error {
	if w == nil {
		return errors.New("toy: nil writer")
	}
	if format == "svg" {
		return renderSVG(w, sol)
	}
	if ok, err := core.WriteRow(w, sol, format); ok {
		return err
	}
	return fmt.Errorf("toy: unknown format %q (text, json, svg)", format)
}

// renderSVG draws the strip, a rectangle a domino.
func renderSVG(w io.Writer, sol core.Solution) error {
	const u = 20 // pixels a cell
	var b strings.Builder
	fmt.Fprintf(&b, `<svg xmlns="http://www.w3.org/2000/svg" width="%d" height="%d">`+"\n", len(sol)*u+2, 2*u+2)
	for c, v := range sol {
		switch v {
		case 1:
			fmt.Fprintf(&b, `<rect x="%d" y="1" width="%d" height="%d" fill="#9ecae1" stroke="#222"/>`+"\n", c*u+1, u, 2*u)
		case 2:
			for r := range 2 {
				fmt.Fprintf(&b, `<rect x="%d" y="%d" width="%d" height="%d" fill="#fdae6b" stroke="#222"/>`+"\n", c*u+1, r*u+1, 2*u, u)
			}
		}
	}
	b.WriteString("</svg>\n")
	_, err := io.WriteString(w, b.String())
	return err
}

// Cover returns the strip as an exact cover, built under ctx: an item a
// column; option 2c a vertical domino in column c, option 2c+1 two
// horizontal ones in columns c and c+1.
func (s *Strip) Cover(ctx context.Context) (*dlx.Problem, error) {
	if s == nil || s.N < 1 || s.N > MaxN {
		return nil, fmt.Errorf("toy: %s is out of range (1..%d columns)", core.Describe(s), MaxN)
	}
	p := dlx.NewWithContext(ctx)
	for c := range s.N {
		if _, err := p.AddPrimary("c" + strconv.Itoa(c)); err != nil {
			return nil, err
		}
	}
	if err := p.Grow(2*s.N, 3*s.N); err != nil {
		return nil, err
	}
	for c := range s.N {
		if _, err := p.AddOptionIndex([]int{c}, nil); err != nil {
			return nil, err
		}
		if c+1 < s.N {
			if _, err := p.AddOptionIndex([]int{c, c + 1}, nil); err != nil {
				return nil, err
			}
		}
	}
	return p, nil
}

// engine is the model on the exact-cover engine.
var engine = xcc.Engine{
	Build:       build,
	Description: "Dancing Links on the strip's columns",
	Limits:      "N ≤ 65536 (MaxN)",
}

// walk is the model's own algorithm: a recursion over the columns.
var walk = models.Algorithm{
	Name:        "walk",
	Kind:        models.Exact,
	Caps:        models.CanFirst | models.CanAll | models.CanCount | models.CanBudget,
	Description: "a recursion over the columns, a vertical domino first",
	Limits:      "N ≤ 65536 (MaxN); a count visits every tiling",
	Solve:       solveWalk,
}

func init() {
	models.Register(models.Model{
		Name:     "toy",
		Summary:  "domino tilings of a 2×N strip (a model no command ships: the proof that a model is one package)",
		Doc:      "The tilings of a 2×N strip by dominoes: F(N+1) of them (OEIS A000045).",
		Instance: models.Instance{Usage: "N", Args: 1, New: newStrip, Samples: []string{"6", "9"}},
		// auto, dlx, memo, cells; then the model's own.
		Algorithms: append(engine.Algorithms(), walk),
		Default:    xcc.Default,
		Decompose:  engine.Decompose("toy"),
		Cover:      engine.WriteCover,
		Formats:    []string{"text", "json", "svg"},
		Blocks:     []string{"svg"},
		Verify:     verifyStrips,
		// verify checks the tilings of the strip N names.
		VerifyUsage: "N [FILE|-]",
		VerifyArgs:  1,
		Fields: func(p core.Problem, _ *core.Result) []models.Field {
			return []models.Field{{Key: "n", Value: p.(*Strip).N}}
		},
		Stops: stops,
		Examples: map[string]string{
			"solve":   "  coverkit toy solve 5",
			"count":   "  coverkit toy count 20",
			"verify":  "  coverkit toy solve 6 --all | coverkit toy verify 6",
			"compare": "  coverkit toy compare 12",
			"cover":   "  coverkit toy cover 7 | coverkit dlx --count",
		},
	})
}

// newStrip reads N.
func newStrip(req models.Request) (core.Problem, error) {
	n, err := core.ParseSize("N", req.Args[0], MaxN)
	if err != nil {
		return nil, err
	}
	return &Strip{N: int(n)}, nil
}

// strip returns p as a strip, or the error of a problem of another model.
func strip(p core.Problem) (*Strip, error) {
	s, ok := p.(*Strip)
	if !ok || s == nil || s.N < 1 || s.N > MaxN {
		return nil, fmt.Errorf("toy: %w (got %s)", core.ErrWrongProblem, core.Describe(p))
	}
	return s, nil
}

// build returns the cover of p and the way back from options to columns.
func build(ctx context.Context, p core.Problem, _ *core.Options) (*xcc.Cover, error) {
	s, err := strip(p)
	if err != nil {
		return nil, err
	}
	c, err := s.Cover(ctx)
	if err != nil {
		return nil, err
	}
	sol := make(core.Solution, s.N)
	return &xcc.Cover{Problem: c, Decode: func(opts []int) core.Solution {
		for _, id := range opts {
			if c := id / 2; id%2 == 0 {
				sol[c] = 1
			} else {
				sol[c], sol[c+1] = 2, 0
			}
		}
		return sol
	}}, nil
}

// solveWalk lists or counts the tilings by recursion, a node a domino
// placed, under a meter of ctx and o.
func solveWalk(ctx context.Context, p core.Problem, o *core.Options) (core.Result, error) {
	s, err := strip(p)
	if err != nil {
		return core.Result{}, err
	}
	o = o.OrDefault()
	start := time.Now()
	m := core.NewMeter(ctx, o)
	sol := make(core.Solution, s.N)
	var res core.Result
	var nodes, since uint64
	bound, _, ok := m.Poll(0, 0)
	stopped := false
	var walk func(c int) bool
	walk = func(c int) bool {
		if c == s.N {
			res.Solutions = res.Solutions.AddUint64(1)
			if res.First == nil {
				res.First = append(core.Solution(nil), sol...)
			}
			if o.Visit != nil && !o.Visit(sol, core.Stats{Nodes: nodes - since}) {
				stopped = true
			}
			since = nodes
			if o.Mode == core.ModeFirst || o.Limit > 0 && res.Solutions == core.CountOf(o.Limit) {
				stopped = true
			}
			return !stopped
		}
		for w := 1; w <= 2 && c+w <= s.N; w++ {
			if nodes >= bound {
				if bound, _, ok = m.Poll(nodes, nodes); !ok {
					return false
				}
			}
			nodes++
			if w == 1 {
				sol[c] = 1
			} else {
				sol[c], sol[c+1] = 2, 0
			}
			if !walk(c + w) {
				return false
			}
		}
		return true
	}
	if ok {
		walk(0)
	}
	res.Stats = core.Stats{Nodes: nodes, Elapsed: time.Since(start)}
	switch {
	case !ok:
		res.Status = m.Status()
	case stopped:
		res.Status = core.StatusFound
	default:
		res.Status = core.StatusExhausted
	}
	return res, nil
}

// verifyStrips checks the tilings of r, one a line as solve writes them
// (or its JSON records, the tiling under "solution"), against the strip
// the request's argument names, through the one verify loop.
func verifyStrips(ctx context.Context, req models.Request, r io.Reader) (*models.VerifyReport, error) {
	if len(req.Args) < 1 {
		return nil, errors.New("toy: verify needs the strip's N")
	}
	p, err := newStrip(req)
	if err != nil {
		return nil, err
	}
	return verify.Each(ctx, p, verify.TextSolutions(r, verify.TextOptions{OneLine: true,
		Decode: func(rec *verify.Record) (core.Problem, core.Solution, error) {
			var sol []int32
			var err error
			if rec.Text() {
				sol, err = verify.Ints(rec.Lines[0])
			} else if ok, ferr := rec.Field("solution", &sol); !ok && ferr == nil {
				return nil, nil, verify.ErrNoSolution
			} else {
				err = ferr
			}
			if err != nil {
				return nil, nil, fmt.Errorf("toy: %v", err)
			}
			return nil, sol, nil // checked against the request's strip
		}}))
}

// stops are the toy model's long runs (models.Model.Stops): it builds,
// reads and writes next to nothing, and its search is long at 90 by
// Dancing Links, which visits each of the F(91) tilings.
var stops = []models.Stop{
	{Phase: "build", None: "a strip is its length N"},
	{Phase: "parse", None: "an instance is a number, no input"},
	{Phase: "search", Args: []string{"toy", "count", "90", "--algo", "dlx"}, From: 100 * time.Millisecond, To: 300 * time.Millisecond},
	{Phase: "write", None: "a solution is one row of N numbers"},
}
