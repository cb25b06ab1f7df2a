package queens

import (
	"context"
	"fmt"
	"io"
	"math"
	"strconv"

	"github.com/coverkit/coverkit/core"
	"github.com/coverkit/coverkit/models"
	"github.com/coverkit/coverkit/models/verify"
	"github.com/coverkit/coverkit/resource"
)

// MaxN bounds N as read from a command line; the algorithms refuse the
// sizes they cannot hold, naming the memory they would need.
const MaxN = min(1<<50, math.MaxInt)

// MaxBoardN bounds the board and svg formats, which write N² cells a
// solution.
const MaxBoardN = 10_000

func init() {
	models.Register(models.Model{
		Name:    "queens",
		Summary: "N-Queens: solve, count, compare algorithms, verify solutions",
		Doc: `Place N queens on an N×N board so that none attacks another. N may be
written 8, 1000000, 1e6 or 1_000_000.

Solutions are written as Wirth's vector: for column i = 1..N, the 1-based
row of the queen in column i. Formats: perm (one solution a line), board
(N lines of Q and ., a blank line between solutions), svg (a picture of
the board), json (one record a line with the solution as an array).

--torus makes the board toroidal (diagonals wrap around): Pólya's theorem
answers at once that there is no solution when N is divisible by 2 or 3.
--given "r,c r,c ..." (1-based row,column pairs) or --given-file FILE
places queens in advance: solve completes them or proves that no
completion exists (N-Queens completion, NP-complete); givens that attack
each other have no solution, with the pair named.`,
		Instance: models.Instance{Usage: "N", Args: 1, New: newInstance, Samples: []string{"8", "11", "13"}},
		Params: []models.Param{
			{Name: "torus", Usage: "a toroidal board: diagonals wrap around (Pólya: solutions exist iff gcd(N, 6) = 1)", Switch: true,
				Verbs: []string{"solve", "count", "compare", "cover", "verify"}, Samples: []string{"true"}},
			{Name: "given", Usage: `queens placed in advance, 1-based "row,col row,col ..."; solve completes them`,
				Samples: []string{"1,1", "1,1 5,2", "1,1 2,2"}},
			{Name: "given-file", Usage: "read the given queens from FILE (- for stdin), same syntax, # comments",
				Samples: []string{"testdata/queens/given-8.txt"}},
		},
		Formats: []string{"perm", "board", "svg", "json"},
		Blocks:  []string{"board", "svg"},
		Algorithms: []models.Algorithm{backtrackAlgorithm, bitwiseAlgorithm, constructAlgorithm, coronalAlgorithm, dlxAlgorithm,
			memoAlgorithm, cellsAlgorithm, iterativeAlgorithm, joinAlgorithm, minconflictsAlgorithm, permutationAlgorithm},
		Decompose:  decompose,
		Default:    defaultAlgorithm,
		Fields:     fields,
		CountText:  countText,
		NoSolution: noSolution,
		Verify:     verifyRequest,
		Cover:      writeCover,
		Stops:      stops,
		Examples: map[string]string{
			"solve": `  coverkit queens solve 8
  coverkit queens solve 8 --all --unique --format board
  coverkit queens solve 1e6 --algo construct --out million.txt`,
			"count": `  coverkit queens count 12
  coverkit queens count 14 --unique --format json`,
			"verify": `  coverkit queens solve 8 --all | coverkit queens verify`,
			"cover":  `  coverkit queens cover 8 | coverkit dlx --count`,
			"compare": `  coverkit queens compare 10 --repeat 3
  coverkit queens compare --sizes 8..12 --algos backtrack,bitwise`,
		},
	})
}

// newInstance reads N, --torus and the givens (--given, --given-file) from
// a command line (model_torus.go).
func newInstance(req models.Request) (core.Problem, error) {
	n, err := core.ParseSize("N", req.Args[0], MaxN)
	if err != nil {
		return nil, err
	}
	return newBoard(req, int(n))
}

// The sizes at which the defaults change (defaultAlgorithm; measured in
// docs/benchmarks.md, "Defaults").
const (
	// BacktrackFirstMaxN is the largest n whose first solution `queens
	// solve` finds by Wirth's backtracking, the textbook solution: up to
	// it the search visits at most 41,300 nodes (n = 18), well under
	// 10 ms; n = 20 takes 199,636 and n = 22 1,737,189.
	BacktrackFirstMaxN = 19
	// DLXFirstMaxN is the largest n whose first solution `queens solve`
	// finds by Dancing Links (the organ-pipe order of Cover): from n = 20
	// to 43 at most 24,159 nodes (n = 36), where backtracking needs
	// millions; above, its first solution is erratic (n = 46 takes more
	// than two million nodes), and construct answers at once.
	DLXFirstMaxN = 43
)

// defaultAlgorithm picks the algorithm of a request that names none, by
// mode and size (a torus or givens have their own defaults,
// DefaultAlgorithm):
//
//   - the first solution: backtrack up to BacktrackFirstMaxN (its textbook
//     solution), dlx up to DLXFirstMaxN, construct above;
//   - every solution: backtrack, in Wirth's order;
//   - a count: the quadrant join from JoinMinN to JoinMaxN where its
//     tables fit the memory (JoinBytes on the count's workers, resolved
//     by Model.Pick; checked by resource.Check before any work), not with --unique (it has no
//     fundamental count); else bitwise where it can (N ≤ 64); else
//     backtrack.
func defaultAlgorithm(p core.Problem, o *core.Options) string {
	b, _ := p.(*Board)
	if b != nil && (b.Torus || len(b.Given) > 0) {
		return DefaultAlgorithm(b, o.OrDefault().Mode)
	}
	o = o.OrDefault()
	switch {
	case b == nil || o.Mode == core.ModeAll:
		return "backtrack"
	case o.Mode == core.ModeFirst:
		switch {
		case b.N <= BacktrackFirstMaxN:
			return "backtrack"
		case b.N <= DLXFirstMaxN:
			return "dlx"
		}
		return "construct"
	case !o.Unique && joinFits(b.N, o.Workers):
		return "join"
	case b.N <= BitwiseMaxN:
		return "bitwise"
	}
	return "backtrack"
}

// joinFits reports whether the join counts n × n boards faster than
// bitwise and its tables fit the memory on the count's w workers (as
// Model.Pick gives them: resolved, 1 or more).
func joinFits(n, w int) bool {
	return JoinFaster(n) && resource.Check("queens: join", JoinBytes(n, max(w, 1))) == nil
}

// verifyRequest checks the solutions read from r (any of solve's text
// formats); see VerifyStream.
func verifyRequest(ctx context.Context, req models.Request, r io.Reader) (*models.VerifyReport, error) {
	if r == nil {
		return nil, errNoInput
	}
	v := newStreamVerifier(r, req.Switch("torus"))
	rep, err := verify.Each(ctx, nil, v) // the one verify loop
	if err != nil {
		return nil, err
	}
	rep.Fields = []models.Field{{Key: "lines", Value: v.rep.Lines}}
	return rep, nil
}

// plural writes "1 solution" or "92 solutions" for a formatted count.
func plural(count, noun string) string {
	if count == "1" {
		return count + " " + noun
	}
	return count + " " + noun + "s"
}

// writeJSON writes sol as a JSON array of 1-based rows, streaming.
func writeJSON(w io.Writer, sol core.Solution) error {
	buf := renderBuffer(len(sol))
	buf = append(buf, '[')
	for i, r := range sol {
		if i > 0 {
			buf = append(buf, ',')
		}
		buf = strconv.AppendInt(buf, int64(r)+1, 10)
		if len(buf) > 60<<10 {
			if _, err := w.Write(buf); err != nil {
				return err
			}
			buf = buf[:0]
		}
	}
	buf = append(buf, ']')
	_, err := w.Write(buf)
	return err
}

// writeSVG draws sol as a board with its queens.
func writeSVG(w io.Writer, sol core.Solution) error {
	n := len(sol)
	if n > MaxBoardN {
		return fmt.Errorf("queens: an svg board of N = %d is too large (at most %d)", n, MaxBoardN)
	}
	const cell = 24
	side := n * cell
	b := fmt.Appendf(nil, `<svg xmlns="http://www.w3.org/2000/svg" width="%d" height="%d" viewBox="0 0 %d %d">`+"\n", side, side, side, side)
	b = fmt.Appendf(b, `<rect width="%d" height="%d" fill="#f0d9b5"/>`+"\n", side, side)
	for r := range n {
		for c := range n {
			if (r+c)%2 == 1 {
				b = fmt.Appendf(b, `<rect x="%d" y="%d" width="%d" height="%d" fill="#b58863"/>`+"\n", c*cell, r*cell, cell, cell)
			}
		}
		if len(b) > 60<<10 {
			if _, err := w.Write(b); err != nil {
				return err
			}
			b = b[:0]
		}
	}
	for c, r := range sol {
		b = fmt.Appendf(b, `<circle cx="%d" cy="%d" r="%d" fill="#222"/>`+"\n", c*cell+cell/2, int(r)*cell+cell/2, cell*3/8)
	}
	b = append(b, "</svg>\n"...)
	_, err := w.Write(b)
	return err
}

// Count counts the solutions of n queens as `coverkit queens count n` does:
// with the model's default counter (the quadrant join from JoinMinN on
// where its tables fit the memory, else bitwise; bitwise with o.Unique).
// A nil o counts on GOMAXPROCS workers.
func Count(ctx context.Context, n int, o *core.Options) (core.Result, error) {
	opts := core.Options{}
	if o != nil {
		opts = *o
	}
	opts.Mode = core.ModeCount
	p := New(n)
	m, err := models.Lookup("queens")
	if err != nil {
		return core.Result{}, err
	}
	alg, err := m.Pick("", p, &opts) // the model's choice, as the command makes it
	if err != nil {
		return core.Result{}, err
	}
	return alg.Run(ctx, p, &opts)
}
