// Package langford is the worked example of docs/design.md: a whole model
// in one small package. A Langford pairing of order n places two copies of
// each of 1..n in a row of 2n so that the two k's have k numbers between
// them (for n = 3: 3 1 2 1 3 2). Pairings exist exactly when n ≡ 0 or 3
// (mod 4); OEIS A014552 counts them up to reversal.
//
// The package registers the model "langford" and one algorithm, "dlx",
// Dancing Links on the exact cover of numbers and positions, so that
// `coverkit langford solve|count|verify|compare N` work with no code in the
// command but one import line.
package langford

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"strconv"

	"github.com/coverkit/coverkit/core"
	"github.com/coverkit/coverkit/dlx"
	"github.com/coverkit/coverkit/models"
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
	switch format {
	case "json":
		b, err := json.Marshal([]int32(sol))
		if err != nil {
			return err
		}
		_, err = w.Write(b)
		return err
	case "", "text":
		var b []byte
		for i, v := range sol {
			if i > 0 {
				b = append(b, ' ')
			}
			b = strconv.AppendInt(b, int64(v), 10)
		}
		_, err := w.Write(append(b, '\n'))
		return err
	}
	return fmt.Errorf("langford: unknown format %q (text, json)", format)
}

// Cover returns the exact cover problem: primary items the numbers 1..N and
// the positions 1..2N; option (k, i) puts the k's at positions i and
// i+k+1.
func (p *Pairing) Cover() (*dlx.Problem, error) {
	if p == nil || p.N < 1 || p.N > MaxN {
		return nil, fmt.Errorf("langford: order %v is out of range (1..%d)", p, MaxN)
	}
	c := dlx.New()
	for k := 1; k <= p.N; k++ {
		if _, err := c.AddPrimary(strconv.Itoa(k)); err != nil {
			return nil, err
		}
	}
	for i := 1; i <= 2*p.N; i++ {
		if _, err := c.AddPrimary("s" + strconv.Itoa(i)); err != nil {
			return nil, err
		}
	}
	for k := 1; k <= p.N; k++ {
		for i := 1; i+k+1 <= 2*p.N; i++ {
			if _, err := c.AddOption(strconv.Itoa(k), "s"+strconv.Itoa(i), "s"+strconv.Itoa(i+k+1)); err != nil {
				return nil, err
			}
		}
	}
	return c, nil
}

var dlxAlgorithm = models.Algorithm{
	Name: "dlx", Kind: models.Exact,
	Caps:        models.CanFirst | models.CanAll | models.CanCount | models.CanParallel,
	Description: "Dancing Links on numbers and positions (Knuth's Algorithm C)",
	Limits:      "N ≤ 4096 (MaxN); counts in 64 bits",
	Solve:       solve,
}

func init() {
	models.Register(models.Model{
		Name:    "langford",
		Summary: "Langford pairings: two of each of 1..N, k numbers between the k's",
		Doc: `Langford pairings of order N: two copies of each of 1..N in a row of 2N, the
two k's with k numbers between them (3 1 2 1 3 2). They exist exactly when
N ≡ 0 or 3 (mod 4); counts include each pairing and its reversal (OEIS
A014552 counts them up to reversal: 1, 1, 26, 150 for N = 3, 4, 7, 8).`,
		Instance: models.Instance{Usage: "N", Args: 1, New: func(req models.Request) (core.Problem, error) {
			n, err := core.ParseSize("N", req.Args[0], MaxN)
			if err != nil {
				return nil, err
			}
			return &Pairing{N: int(n)}, nil
		}},
		Algorithms: []models.Algorithm{dlxAlgorithm},
		Formats:    []string{"text", "json"},
		Without:    []string{"verify"},
		Fields: func(p core.Problem, _ *core.Result) []models.Field {
			return []models.Field{{Key: "n", Value: p.(*Pairing).N}}
		},
		Examples: map[string]string{"solve": "  coverkit langford solve 7", "count": "  coverkit langford count 8",
			"compare": "  coverkit langford compare 11 --repeat 3"},
	})
}

// solve runs Algorithm C on the cover, decoding each solution's options
// into the row of numbers.
func solve(ctx context.Context, mp core.Problem, o *core.Options) (core.Result, error) {
	p, ok := mp.(*Pairing)
	if !ok || p == nil {
		return core.Result{}, fmt.Errorf("langford: %w (got %s)", core.ErrWrongProblem, core.Describe(mp))
	}
	c, err := p.Cover()
	if err != nil {
		return core.Result{}, err
	}
	s, err := dlx.NewSolver(c)
	if err != nil {
		return core.Result{}, err
	}
	o = o.OrDefault()
	row := make(core.Solution, 2*p.N)
	return s.SolveModel(ctx, o, dlx.Options{Workers: o.Workers}, func(opts []int) core.Solution {
		for _, id := range opts {
			k, i := optionAt(p.N, id)
			row[i-1], row[i+k] = int32(k), int32(k)
		}
		return row
	})
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
