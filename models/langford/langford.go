// Package langford is the worked example of docs/design.md: a whole model
// in one small package. A Langford pairing of order n places two copies of
// each of 1..n in a row of 2n so that the two k's have k numbers between
// them (for n = 3: 3 1 2 1 3 2). Pairings exist exactly when n ≡ 0 or 3
// (mod 4); OEIS A014552 counts them up to reversal.
//
// The package registers the model "langford" with the algorithms of
// Dancing Links on the exact cover of numbers and positions ("auto", the
// default, "dlx", "memo" and "cells"), so that `coverkit langford
// solve|count|verify|compare N` work with no code in the command but one
// import line (in models/all).
package langford

import (
	"context"
	"errors"
	"fmt"
	"io"
	"slices"
	"strconv"
	"strings"

	"github.com/coverkit/coverkit/core"
	"github.com/coverkit/coverkit/dlx"
	"github.com/coverkit/coverkit/models"
	"github.com/coverkit/coverkit/models/verify"
	"github.com/coverkit/coverkit/models/xcc"
)

// MaxN bounds the order: 2n positions and n(2n−1) options stay small.
const MaxN = 1 << 12

// Pairing is the problem of Langford pairings of order N. A solution is the
// row of 2N numbers, each 1..N. It implements core.Problem.
type Pairing struct{ N int }

// Model returns "langford".
func (p *Pairing) Model() string { return "langford" }

// Size returns N.
func (p *Pairing) Size() string { return strconv.Itoa(p.N) }

// Verify checks sol independently of any solver: 2N numbers in 1..N, each
// twice, with k numbers between the two k's.
func (p *Pairing) Verify(sol core.Solution) error {
	if p == nil || p.N < 1 {
		return fmt.Errorf("langford: %s is not a pairing of order 1 or more", core.Describe(p))
	}
	if len(sol) != 2*p.N {
		return fmt.Errorf("langford: %d numbers for order %d (want %d)", len(sol), p.N, 2*p.N)
	}
	first := make([]int, p.N+1) // 1-based position of the first k, 0 none yet
	seen := make([]int, p.N+1)
	for i, v := range sol {
		k := int(v)
		if k < 1 || k > p.N {
			return fmt.Errorf("langford: position %d: %d is not in 1..%d", i+1, k, p.N)
		}
		seen[k]++
		switch seen[k] {
		case 1:
			first[k] = i + 1
		case 2:
			if gap := i - first[k]; gap != k {
				return fmt.Errorf("langford: the two %d's at positions %d and %d have %d numbers between them", k, first[k], i+1, gap)
			}
		default:
			return fmt.Errorf("langford: position %d: a third %d", i+1, k)
		}
	}
	return nil
}

// Render writes sol as its numbers on one line ("" or "text"), or as a
// JSON array ("json").
func (p *Pairing) Render(w io.Writer, sol core.Solution, format string) error {
	if w == nil {
		return errors.New("langford: nil writer")
	}
	if format == "svg" {
		return renderSVG(w, sol)
	}
	if ok, err := core.WriteRow(w, sol, format); ok {
		return err
	}
	return fmt.Errorf("langford: unknown format %q (text, json, svg)", format)
}

// renderSVG draws a pairing as its row of 2N numbers, each pair of k's
// joined by an arc over the k numbers between them.
func renderSVG(w io.Writer, sol core.Solution) error {
	const u = 24 // pixels a position
	pos := map[int32]int{}
	var arcs, cells strings.Builder
	height := u + 8
	for i, v := range sol {
		fmt.Fprintf(&cells, `<rect x="%d" y="%d" width="%d" height="%d" fill="#fff" stroke="#222"/><text x="%d" y="%d">%d</text>`+"\n",
			i*u, 0, u, u, i*u+u/2, u/2+4, v)
		if j, ok := pos[v]; ok {
			x0, x1 := j*u+u/2, i*u+u/2
			h := (x1 - x0) / 3
			height = max(height, u+h+8)
			fmt.Fprintf(&arcs, `<path d="M%d %dQ%d %d %d %d" fill="none" stroke="#1f77b4"/>`+"\n", x0, u, (x0+x1)/2, u+2*h, x1, u)
		} else {
			pos[v] = i
		}
	}
	_, err := fmt.Fprintf(w, `<svg xmlns="http://www.w3.org/2000/svg" width="%d" height="%d" viewBox="-1 -1 %d %d" font-family="sans-serif" font-size="12" text-anchor="middle">`+"\n%s%s</svg>\n",
		len(sol)*u+2, height, len(sol)*u+2, height, arcs.String(), cells.String())
	return err
}

// Cover returns the exact cover problem: primary items the numbers 1..N and
// the positions 1..2N; option (k, i) puts the k's at positions i and
// i+k+1.
func (p *Pairing) Cover() (*dlx.Problem, error) { return p.CoverContext(context.Background()) }

// CoverContext is Cover that stops when ctx ends (the error then wraps
// dlx.ErrStopped and ctx's error). It asks the memory policy for the
// whole problem before it adds an option (resource.ErrTooLarge: about 12
// bytes an option, 3N²/2 options).
func (p *Pairing) CoverContext(ctx context.Context) (*dlx.Problem, error) {
	if p == nil || p.N < 1 || p.N > MaxN {
		return nil, fmt.Errorf("langford: %s is out of range (order 1..%d)", core.Describe(p), MaxN)
	}
	n := p.N
	c := dlx.NewWithContext(ctx)
	for k := 1; k <= n; k++ {
		if _, err := c.AddPrimary(strconv.Itoa(k)); err != nil {
			return nil, err
		}
	}
	for i := 1; i <= 2*n; i++ {
		if _, err := c.AddPrimary("s" + strconv.Itoa(i)); err != nil {
			return nil, err
		}
	}
	// Σ_k (2n − k − 1) options of 3 items each.
	options := n*(2*n-1) - n*(n+1)/2
	if err := c.Grow(options, 3*options); err != nil {
		return nil, fmt.Errorf("langford: order %d: %w", n, err)
	}
	opt := make([]int, 3)
	for k := 1; k <= n; k++ {
		for i := 1; i+k+1 <= 2*n; i++ {
			// Items: number k is item k−1, position i is item n+i−1.
			opt[0], opt[1], opt[2] = k-1, n+i-1, n+i+k
			if _, err := c.AddOptionIndex(opt, nil); err != nil {
				return nil, err
			}
		}
	}
	return c, nil
}

// engine is the model on the exact-cover engine: its cover, and the way
// back from a solution's options to the row of numbers.
var engine = xcc.Engine{
	Build:       build,
	Solve:       solve,
	Description: "Dancing Links on numbers and positions (Knuth's Algorithm C)",
	Limits:      "N ≤ 4096 (MaxN)",
	Caps:        models.CanUnique, // up to reversal
}

func init() {
	models.Register(models.Model{
		Name:       "langford",
		Summary:    "Langford pairings: two of each of 1..N, k numbers between the k's",
		Doc:        doc,
		Instance:   models.Instance{Usage: "N", Args: 1, New: newPairing, Samples: []string{"7", "8"}},
		Algorithms: engine.Algorithms(),
		Default:    xcc.Default,
		Decompose:  engine.Decompose("langford"),
		Cover:      engine.WriteCover,
		Formats:    []string{"text", "json", "svg"},
		Blocks:     []string{"svg"},
		Verify:     verifyPairings,
		Fields:     fields,
		Stops:      stops,
		Examples:   examples,
	})
}

// doc is the model's long help.
const doc = `Langford pairings of order N: two copies of each of 1..N in a row of 2N, the
two k's with k numbers between them (3 1 2 1 3 2). They exist exactly when
N ≡ 0 or 3 (mod 4); counts include each pairing and its reversal (OEIS
A014552 counts them up to reversal: 1, 1, 26, 150 for N = 3, 4, 7, 8),
and --unique counts the classes too (no pairing is its own reversal: the
two 1s would have to straddle the middle). --units splits a count into
the subtrees of its search.`

// examples are the help's examples, by verb.
var examples = map[string]string{
	"solve":   "  coverkit langford solve 7",
	"count":   "  coverkit langford count 8\n  coverkit langford count 8 --unique",
	"verify":  "  coverkit langford solve 8 --all | coverkit langford verify",
	"cover":   "  coverkit langford cover 7 | coverkit dlx --count",
	"compare": "  coverkit langford compare 8 --repeat 3",
}

// newPairing reads the order N.
func newPairing(req models.Request) (core.Problem, error) {
	n, err := core.ParseSize("N", req.Args[0], MaxN)
	if err != nil {
		return nil, err
	}
	return &Pairing{N: int(n)}, nil
}

// fields are the model's facts of a record: the order n.
func fields(p core.Problem, _ *core.Result) []models.Field {
	return []models.Field{{Key: "n", Value: p.(*Pairing).N}}
}

// build returns the cover of p, built under ctx, and the way back from a
// solution's options to the row of numbers.
func build(ctx context.Context, mp core.Problem, _ *core.Options) (*xcc.Cover, error) {
	p, ok := mp.(*Pairing)
	if !ok || p == nil {
		return nil, fmt.Errorf("langford: %w (got %s)", core.ErrWrongProblem, core.Describe(mp))
	}
	c, err := p.CoverContext(ctx)
	if err != nil {
		return nil, err
	}
	row := make(core.Solution, 2*p.N)
	return &xcc.Cover{Problem: c, Decode: func(opts []int) core.Solution {
		for _, id := range opts {
			k, i := optionAt(p.N, id)
			row[i-1], row[i+k] = int32(k), int32(k)
		}
		return row
	}}, nil
}

// solve is the model's search with the engine's method m: one run of its
// cover, or with Unique the classes under reversal (solveUnique).
func solve(ctx context.Context, p core.Problem, o *core.Options, m dlx.Method) (core.Result, error) {
	if o != nil && o.Unique {
		return solveUnique(ctx, p, o, m)
	}
	c, err := build(ctx, p, o)
	if err != nil {
		return xcc.Stopped(err)
	}
	return xcc.Run(ctx, c, o, m)
}

// solveUnique answers a request with Unique, the symmetry being reversal:
// no pairing is its own reversal (the two 1s, one number apart, cannot
// straddle the middle of the row), so a count has exactly half as many
// classes as pairings, and a listing keeps the pairing of each class that
// is less, read left to right, than its reversal (a first solution too).
func solveUnique(ctx context.Context, mp core.Problem, opts *core.Options, m dlx.Method) (core.Result, error) {
	o := *opts
	o.Unique = false
	if o.Mode == core.ModeCount {
		res, err := solve(ctx, mp, &o, m)
		if err == nil && res.Status == core.StatusExhausted {
			c := res.Solutions // an even count: its half, by a shift of the 128 bits
			res.Fundamental = core.Count{Hi: c.Hi >> 1, Lo: c.Lo>>1 | c.Hi<<63}
		}
		return res, err
	}
	var listed uint64
	var first core.Solution
	stopped := false
	o.Mode, o.Limit = core.ModeAll, 0
	o.Visit = func(sol core.Solution, since core.Stats) bool {
		if !canonical(sol) {
			return true
		}
		listed++
		if first == nil {
			first = slices.Clone(sol)
		}
		if opts.Mode == core.ModeFirst || opts.Visit != nil && !opts.Visit(sol, since) || opts.Limit > 0 && listed >= opts.Limit {
			stopped = true
			return false
		}
		return true
	}
	res, err := solve(ctx, mp, &o, m)
	if err != nil {
		return res, err
	}
	res.First, res.Solutions, res.Fundamental = first, core.CountOf(listed), core.CountOf(listed)
	if stopped {
		res.Status = core.StatusFound
	}
	return res, nil
}

// canonical reports whether a pairing is the less of itself and its
// reversal, read left to right.
func canonical(sol core.Solution) bool {
	for i, j := 0, len(sol)-1; i < j; i, j = i+1, j-1 {
		if sol[i] != sol[j] {
			return sol[i] < sol[j]
		}
	}
	return true
}

// optionAt returns the number k and first position i of option id, in the
// order Cover adds them.
func optionAt(n, id int) (k, i int) {
	for k = 1; k <= n; k++ {
		if per := 2*n - k - 1; id < per {
			return k, id + 1
		} else {
			id -= per
		}
	}
	return 0, 0
}

// verifyPairings checks the pairings of r, one a line as solve writes them
// (or its JSON records, the pairing under "solution"), each of the order
// its length says, through the one verify loop (verify.Each).
func verifyPairings(ctx context.Context, _ models.Request, r io.Reader) (*models.VerifyReport, error) {
	return verify.Each(ctx, nil, verify.TextSolutions(r, verify.TextOptions{OneLine: true,
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
			switch {
			case err != nil:
				return nil, nil, fmt.Errorf("langford: %v", err)
			case len(sol) == 0 || len(sol)%2 != 0 || len(sol) > 2*MaxN:
				return nil, nil, fmt.Errorf("langford: %d numbers: a pairing of order N has 2N (N up to %d)", len(sol), MaxN)
			}
			return &Pairing{N: len(sol) / 2}, sol, nil
		}}))
}
