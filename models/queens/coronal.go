package queens

import (
	"context"
	"fmt"
	"sync"
	"time"

	"github.com/coverkit/coverkit/core"
	"github.com/coverkit/coverkit/models"
	"github.com/coverkit/coverkit/models/queens/internal/coronal"
	"github.com/coverkit/coverkit/models/queens/internal/join"
	"github.com/coverkit/coverkit/resource"
)

// CoronalName is the name (and version) of the coronal decomposition. It
// changes whenever the list of subproblems or their order changes.
const CoronalName = coronal.Name

// CoronalMinN is the smallest board the coronal decomposition splits: below
// it the whole board is one subproblem.
const CoronalMinN = coronal.MinN

// Coronal is the coronal decomposition of the N-Queens count used by the
// Q27 project (Preußer and Engelhardt, 2016) and NQueensFAF: every solution
// has exactly one queen on each of the eight border lines (rows and columns
// 0, 1, n−2, n−1), and a subproblem fixes those queens, one representative
// per symmetry class, weighted by the size of its class (8, 4 or 2); its
// count is found by a bitwise search of the rows left. It implements
// core.Decomposition (Name, Instance, Len, Run); the listing and the
// kernels are in models/queens/internal/coronal.
type Coronal struct {
	c *coronal.Coronal
	n int
}

// NewCoronal returns the coronal decomposition of the n-queens count, for
// 1 ≤ n ≤ BitwiseMaxN.
func NewCoronal(n int) (*Coronal, error) {
	c, err := coronal.New(n, nil)
	if err != nil {
		return nil, err
	}
	return &Coronal{c: c, n: n}, nil
}

// errNoCoronal is the error of a Coronal not made by NewCoronal.
var errNoCoronal = fmt.Errorf("queens: coronal: not made by NewCoronal: %w", core.ErrWrongProblem)

// Name returns CoronalName.
func (c *Coronal) Name() string { return CoronalName }

// Instance returns the canonical instance, the ordinary board of size n:
// see CanonicalInstance.
func (c *Coronal) Instance() string {
	if c == nil {
		return ""
	}
	return CanonicalInstance(&Board{N: c.n})
}

// Algorithm names the algorithm whose count solves the same subproblems
// with the same kernels, so that the units add up to it, nodes included:
// "coronal".
func (c *Coronal) Algorithm() string { return "coronal" }

// Len returns the number of subproblems: it lists them all (about 1 s per
// 15 million at n = 18 on one core), stopping through a meter of ctx.
func (c *Coronal) Len(ctx context.Context) (uint64, error) {
	if c == nil || c.c == nil {
		return 0, errNoCoronal
	}
	return c.c.Len(ctx)
}

// Run solves subproblems first, first+stride, … in order; see
// core.Decomposition. A SubResult's Class is the weight (2, 4 or 8), 0
// for a board below CoronalMinN.
func (c *Coronal) Run(ctx context.Context, first, stride uint64, done func(j uint64, r core.SubResult) bool) (core.Status, error) {
	if c == nil || c.c == nil {
		return core.StatusExhausted, errNoCoronal
	}
	if done == nil {
		return core.StatusExhausted, fmt.Errorf("queens: coronal: no function to take the results: %w", core.ErrUnsupported)
	}
	return c.c.Run(ctx, first, stride, done)
}

// CoronalMRVMaxN is the largest board whose coronal subproblems are
// finished most constrained row first (the diagonal sets fit one word);
// above, up to BitwiseMaxN, row by row.
const CoronalMRVMaxN = coronal.MRVMaxN

var coronalAlgorithm = models.Algorithm{
	Name: "coronal",
	Kind: models.Exact,
	Caps: models.CanCount | models.CanParallel,
	Description: "the coronal decomposition's count (Q27 project): one queen fixed on each border line, one " +
		"pre-placement per symmetry class, the rows left most constrained first; its units add up to it",
	Limits: "count only; the ordinary board (no --torus, --given); no fundamental count (--unique) and no --max-nodes " +
		"(use --timeout); n ≤ 64 (BitwiseMaxN): n < 8 (CoronalMinN) is one subproblem counted by bitwise, " +
		"8 ≤ n ≤ 32 (CoronalMRVMaxN) most constrained row first, above row by row",
	Solve: solveCoronal,
	Check: func(p core.Problem, o *core.Options) error {
		if b, ok := p.(*Board); ok && b != nil {
			return coronalCheck(b, o.OrDefault())
		}
		return nil
	},
}

// coronalCheck refuses what the coronal algorithm cannot count.
func coronalCheck(b *Board, o *core.Options) error {
	if err := plainOnly("coronal", b); err != nil {
		return err
	}
	switch {
	case o.Mode != core.ModeCount:
		return fmt.Errorf("queens: coronal: counts only (mode %d): %w", o.Mode, core.ErrUnsupported)
	case o.Unique:
		return fmt.Errorf("queens: coronal: no fundamental count (use bitwise): %w", core.ErrUnsupported)
	case o.Method != "":
		return fmt.Errorf("queens: coronal: unknown method %q: %w", o.Method, core.ErrUnsupported)
	case o.MaxNodes > 0:
		return fmt.Errorf("queens: coronal: no node budget (its kernels meter the inner nodes of the search, "+
			"not the nodes it reports; use a timeout): %w", core.ErrUnsupported)
	case b.N > BitwiseMaxN:
		return fmt.Errorf("queens: coronal: n = %d does not fit its 64-bit row masks (n ≤ %d): %w",
			b.N, BitwiseMaxN, resource.ErrTooLarge)
	}
	return nil
}

// solveCoronal is the registry entry point of the coronal algorithm:
// ModeCount only, the ordinary board. It solves every subproblem of the
// coronal decomposition (NewCoronal), in order, on Options.Workers
// goroutines (worker w takes subproblems w, w+W, …) under a meter of ctx,
// and adds up their counts and nodes: Stats.Nodes is the sum of the
// subproblems' nodes, the same for any number of workers and equal to the
// sum over the units of any split of the count (plus, after a stop, the
// nodes of the subproblems it abandoned).
func solveCoronal(ctx context.Context, p core.Problem, opts *core.Options) (core.Result, error) {
	o := opts.OrDefault()
	b, workers, err := input(p, o, "coronal") // refuses a torus and givens
	if err != nil {
		return core.Result{}, err
	}
	if err := coronalCheck(b, o); err != nil {
		return core.Result{}, err
	}
	c, err := coronal.New(b.N, nil)
	if err != nil {
		return core.Result{}, err
	}
	start := time.Now()
	m := core.NewMeter(ctx, o)
	r := c.Count(m, workers)
	res := core.Result{
		Status:    m.Status(),
		Solutions: r.Solutions,
		Stats:     core.Stats{Nodes: r.Nodes, Elapsed: time.Since(start)},
		Extra:     map[string]any{"workers": r.Workers, "subproblems": r.Subproblems},
	}
	finalProgress(o, res.Status, r.Subproblems)
	return res, nil
}

// decompose is the model's split of a count (Model.Decompose), chosen by
// the instance and K alone: the join's decomposition of the ordinary
// board from JoinMinN to JoinSplitMaxN, the coronal decomposition of the
// ordinary board otherwise, the prefix decomposition (split_prefix.go) of
// a torus or a board with given queens.
func decompose(ctx context.Context, p core.Problem, units uint64) (core.Decomposition, error) {
	b, ok := p.(*Board)
	if !ok || b == nil {
		return nil, fmt.Errorf("queens: coronal: %w (got %T)", core.ErrWrongProblem, p)
	}
	switch {
	case b.Torus || len(b.Given) > 0:
		return NewPrefix(ctx, b, units)
	case b.N >= JoinMinN && b.N <= JoinSplitMaxN:
		return NewJoinSplit(b.N, units)
	}
	return NewCoronal(b.N)
}

// JoinSplitMaxN is the largest board whose split count runs the join's
// units: its tables take about 0.8 GiB a unit (n = 20 and 21), those of
// n = 22 and 23 6.8 GiB, more than a cluster node can be assumed to give
// each unit; above, the coronal units.
const JoinSplitMaxN = 21

// JoinSplit is the join's decomposition of a count (JoinSplitName): its
// subproblems are the join's tasks, laid out so that each of K units
// counts consecutive ones and builds only the tables they read; see
// models/queens/internal/join. It implements core.Decomposition.
type JoinSplit struct {
	s *join.Split
	n int
}

// JoinSplitName is the name (and version) of the join's decomposition.
const JoinSplitName = join.SplitName

// joinSplits is the last join decomposition made, whose tables the next
// one of the same n and K shares (the workers of a unit each take one):
// the tables are built once a process.
var joinSplits struct {
	mu   sync.Mutex
	n, k int
	s    *join.Split
}

// NewJoinSplit returns the join's decomposition of the count of n × n
// boards (2 ≤ n ≤ JoinMaxN) for units work units. The decompositions of
// the same n and units made in one process share their tables, each built
// once while a unit needs it.
func NewJoinSplit(n int, units uint64) (*JoinSplit, error) {
	if units == 0 || units > 1<<40 {
		return nil, fmt.Errorf("queens: join split: %d units", units)
	}
	k := int(units)
	joinSplits.mu.Lock()
	defer joinSplits.mu.Unlock()
	if joinSplits.s != nil && joinSplits.n == n && joinSplits.k == k {
		return &JoinSplit{s: joinSplits.s.Another(), n: n}, nil
	}
	s, err := join.NewSplit(n, k, nil)
	if err != nil {
		return nil, err
	}
	joinSplits.n, joinSplits.k, joinSplits.s = n, k, s
	return &JoinSplit{s: s.Another(), n: n}, nil
}

// Name returns JoinSplitName.
func (j *JoinSplit) Name() string { return JoinSplitName }

// Instance returns the canonical instance, the ordinary board of size n.
func (j *JoinSplit) Instance() string {
	if j == nil {
		return ""
	}
	return CanonicalInstance(&Board{N: j.n})
}

// Algorithm names the algorithm that counts the subproblems: "join".
func (j *JoinSplit) Algorithm() string { return "join" }

// Alternate returns the coronal decomposition of the same count for algo
// "coronal" (so that `--algo coronal --units K` splits every n the same
// way), nil for any other algorithm; see units.Alternate.
func (j *JoinSplit) Alternate(algo string) (core.Decomposition, error) {
	if j == nil || algo != "coronal" {
		return nil, nil
	}
	return NewCoronal(j.n)
}

// Len returns the number of subproblems, the join's tasks.
func (j *JoinSplit) Len(ctx context.Context) (uint64, error) {
	if j == nil || j.s == nil {
		return 0, fmt.Errorf("queens: join split: not made by NewJoinSplit: %w", core.ErrWrongProblem)
	}
	return j.s.Len(ctx)
}

// Run counts subproblems first, first+stride, … in order; see
// core.Decomposition. The counts carry their symmetry weights (Class 0).
func (j *JoinSplit) Run(ctx context.Context, first, stride uint64, done func(j uint64, r core.SubResult) bool) (core.Status, error) {
	if j == nil || j.s == nil {
		return core.StatusExhausted, fmt.Errorf("queens: join split: not made by NewJoinSplit: %w", core.ErrWrongProblem)
	}
	return j.s.Run(ctx, first, stride, done)
}
