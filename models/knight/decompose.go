package knight

import (
	"context"
	"errors"
	"fmt"

	"github.com/coverkit/coverkit/core"
)

// SubtreesPerUnit is how many subproblems per work unit the knight
// decomposition aims for.
const SubtreesPerUnit = 20

// decompose is the model's split of a count (Model.Decompose): the
// prefixes of p's tours.
func decompose(_ context.Context, p core.Problem, units uint64) (core.Decomposition, error) {
	kp, ok := p.(*Problem)
	if !ok || kp == nil {
		return nil, fmt.Errorf("knight: %w (got %T)", core.ErrWrongProblem, p)
	}
	return NewPrefixes(kp, units)
}

// Prefixes is the decomposition of a knight's-tour count into the paths
// that begin with given prefixes: the exact count's own work list (for
// closed tours, the pairs of neighbours of a square of fewest neighbours;
// with any start, one square per symmetry class, weighted by its class),
// each prefix extended by the moves the pruned search makes from it, level
// by level, until there are at least SubtreesPerUnit×K of them or 4 more
// levels. Each is counted by the pruned search of algorithm "search"; the
// nodes the search visits above the last level are added to the first
// subproblem below them (or the last one before them), so that the nodes
// of the subproblems add up to those of the count unsplit.
type Prefixes struct {
	p     *Problem
	g     *graph
	ts    []task
	extra int // levels added to the work list: part of the name
}

// NewPrefixes splits p's count for units work units.
func NewPrefixes(p *Problem, units uint64) (*Prefixes, error) {
	if p == nil {
		return nil, fmt.Errorf("knight: nil problem: %w", core.ErrWrongProblem)
	}
	if err := p.Check(); err != nil {
		return nil, err
	}
	if err := checkSearchSize(p.Rows, p.Cols); err != nil {
		return nil, err
	}
	if p.Squares() < 2 {
		return nil, fmt.Errorf("knight: %w: a split count needs at least 2 squares", core.ErrUnsupported)
	}
	m := core.NewMeter(context.Background(), nil)
	g, _ := newGraph(m, p.Rows, p.Cols)
	want := SubtreesPerUnit * max(units, 1)
	if want > 1<<24 {
		want = 1 << 24
	}
	ts, _ := firstTasks(m, g, p, p.AnyStart)
	ts, _, err := newEngine(g, m).split(ts, int(want))
	if err != nil {
		return nil, err
	}
	extra := 0
	if len(ts) > 0 {
		extra = len(ts[0].prefix)
	}
	return &Prefixes{p: p, g: g, ts: ts, extra: extra}, nil
}

// Name returns "knight-prefixes/2/KIND/len=L": KIND is closed, open-any
// (open tours from every square) or open-from=S (from square S, 0-based),
// L the length of the prefixes.
func (d *Prefixes) Name() string {
	if d.p == nil {
		return "knight-prefixes/2/none" // a zero Prefixes: no subproblems
	}
	kind := "open-any"
	switch {
	case d.p.Closed:
		kind = "closed"
	case !d.p.AnyStart:
		kind = fmt.Sprintf("open-from=%d", d.p.Start())
	}
	return fmt.Sprintf("knight-prefixes/2/%s/len=%d", kind, d.extra)
}

// Algorithm names the search that counts the subproblems.
func (d *Prefixes) Algorithm() string { return "search" }

// Instance returns the canonical instance: "knight RxC closed", "knight
// RxC open from=R,C" (1-based) or "knight RxC open any".
func (d *Prefixes) Instance() string {
	if d.p == nil {
		return "knight none" // a zero Prefixes
	}
	s := fmt.Sprintf("knight %dx%d ", d.p.Rows, d.p.Cols)
	switch {
	case d.p.Closed:
		return s + "closed"
	case d.p.AnyStart:
		return s + "open any"
	}
	r, c := d.p.start()
	return s + fmt.Sprintf("open from=%d,%d", r+1, c+1)
}

// Len returns the number of prefixes.
func (d *Prefixes) Len(context.Context) (uint64, error) { return uint64(len(d.ts)), nil }

// Run counts the prefixes first, first+stride, … in order; see
// core.Decomposition. Class is the prefix's weight (its symmetry class's
// size, 1 to 8) for open tours from any square, whose prefixes are
// weighted, and 0 otherwise.
func (d *Prefixes) Run(ctx context.Context, first, stride uint64, done func(j uint64, r core.SubResult) bool) (core.Status, error) {
	if done == nil {
		return core.StatusExhausted, errors.New("knight: Prefixes.Run: nil done")
	}
	if stride == 0 {
		stride = 1
	}
	if d.g == nil || first >= uint64(len(d.ts)) {
		return core.StatusExhausted, nil // nothing to run (a zero Prefixes has no subproblems)
	}
	meter := core.NewMeter(ctx, nil)
	e := newEngine(d.g, meter)
	m := uint64(len(d.ts))
	for j := first; j < m && !e.stopped; j += stride {
		t := &d.ts[j]
		before := e.nodes
		found := e.runTask(t)
		if e.stopped {
			break
		}
		class := 0
		if d.p.AnyStart && !d.p.Closed {
			class = int(t.weight)
		}
		if !done(j, core.SubResult{Count: core.CountOf(found).MulUint64(t.weight), Class: class,
			Stats: core.Stats{Nodes: t.pre + e.nodes - before}}) {
			break
		}
		if j+stride < j {
			break
		}
	}
	if e.stopped {
		return meter.Status(), nil
	}
	return core.StatusExhausted, nil
}
