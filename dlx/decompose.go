package dlx

import (
	"context"
	"errors"
	"fmt"
	"strconv"
	"strings"

	"github.com/coverkit/coverkit/core"
	"github.com/coverkit/coverkit/resource"
)

// SubtreesPerUnit is how many subtrees per work unit NewSubtrees aims for:
// enough that strided units even out the uneven subtrees.
const SubtreesPerUnit = 20

// Subtrees is the decomposition of an exact-cover count into the subtrees
// below the first d levels of the search, in the order the search meets
// them: for Algorithm C, below the options chosen at those levels (the
// choice of item: the fewest options, the first such item on a tie, as
// Solve makes it); for a problem with multiplicities (Algorithm M), below
// the branches taken at those levels, so that a subtree keeps the bounds
// and the tweaks the search has there and every solution lies in exactly
// one subtree. Colors are kept as the search keeps them. d is the smallest
// depth giving at least SubtreesPerUnit×K subtrees for K units, or the
// deepest the split goes (12 levels, or where the tree ends): surplus
// units are empty.
//
// The last subproblem is the search above depth d: its count is the
// solutions found there (often none) and its Stats the work the search
// does there, so that the counters summed over all subproblems are exactly
// those of the unsplit search (each unit repeats the split when it is
// built; that work is not counted again). Name carries the algorithm and
// d, so units of different depths never merge.
type Subtrees struct {
	s        *Solver
	plain    method          // the method that made the split: Algorithm C or M, or the cells
	ctx      context.Context // the split's: a split of the cells (WithAlgorithm) is made under it too
	target   int             // the subtrees aimed for
	forced   []int
	depth    int
	tasks    []int
	tasksEnd []int
	shallow  core.Count // the count of the solutions above the split depth
	shallowF core.Count // and their classes (Weighted)
	sols     []int      // those solutions' options, one after another
	solsEnd  []int      // where each ends in sols
	stats    core.Stats
	prefix   string // the model's name in Name
	alg      string // "mrv" or "m"
	name     string
	instance string
	memo     bool                                         // count each subtree with the memo (WithAlgorithm("memo"))
	label    string                                       // the weighing's label (Weighted)
	budget   uint64                                       // the memo's table budget
	weigh    func(options []int) (weight, classes uint64) // a solution's weight and classes (Weighted); nil: 1 and 0
}

// NewSubtrees splits the count of p (with the options forced, 0-based)
// for units work units. prefix names the model in Name, such as "dlx" or
// "polyomino". Building the solver and splitting (a search of the top
// levels) stop when ctx ends, with a *StopError (core.ErrorStatus reads its status).
func NewSubtrees(ctx context.Context, p *Problem, forced []int, units uint64, prefix string) (*Subtrees, error) {
	if ctx == nil {
		ctx = context.Background()
	}
	s, err := NewSolverContext(ctx, p)
	if err != nil {
		return nil, err
	}
	if err := s.l.checkForced(forced); err != nil {
		return nil, err
	}
	target := uint64(SubtreesPerUnit) * max(units, 1)
	if target > 1<<24 {
		target = 1 << 24
	}
	plain := s.enumerator(&defaultOptions)
	s.g.reset(ctx, 0)
	sp, d := s.splitDepth(plain, forced, nil, int(target))
	if sp.res.Status != core.StatusExhausted {
		err := stoppedError(s.g.meter(), "splitting")
		s.g.end()
		return nil, err
	}
	s.g.end()
	t := &Subtrees{s: s, plain: plain, ctx: ctx, target: int(target), forced: append([]int(nil), forced...), depth: d,
		tasks: sp.tasks, tasksEnd: sp.tasksEnd, shallow: core.CountOf(uint64(len(sp.solsEnd))), sols: sp.sols,
		solsEnd: sp.solsEnd, stats: core.Stats{Nodes: sp.res.Stats.Nodes, Updates: sp.res.Stats.Updates}, prefix: prefix, alg: "mrv"}
	if s.l.multi {
		t.alg = "m"
	}
	t.name = prefix + "-" + t.alg + "/2/d=" + strconv.Itoa(d)
	var b strings.Builder
	b.WriteString(prefix + " " + DigestVersion + ":" + p.Digest() + " forced=")
	for i, k := range t.forced {
		if i > 0 {
			b.WriteByte(',')
		}
		b.WriteString(strconv.Itoa(k))
	}
	t.instance = b.String()
	return t, nil
}

// Instance returns the canonical instance: the model's prefix, the
// problem's Digest and the forced options (0-based), such as "dlx
// dlx-problem/1:9f…2c forced=".
func (t *Subtrees) Instance() string {
	if t == nil {
		return ""
	}
	return t.instance
}

// Name returns the decomposition's name, with its algorithm ("mrv" for
// Algorithm C, "m" for Algorithm M), version and depth.
func (t *Subtrees) Name() string {
	if t == nil {
		return ""
	}
	return t.name
}

// Algorithm names the algorithm that solves the subtrees: "dlx", "memo"
// or "cells".
func (t *Subtrees) Algorithm() string {
	switch {
	case t.memo:
		return "memo"
	case t.alg == "cells":
		return "cells"
	}
	return "dlx"
}

// WithAlgorithm returns the decomposition with its subtrees counted by the
// named algorithm: "dlx" (the plain search) or "memo" (each subtree with
// the memo, branching by the fewest options, on a fresh table of
// DefaultMemoBytes, so that a subtree's work is its own whatever was
// counted before it; exact cover with colors only, not multiplicities),
// with the same subproblems and Name; or "cells": the split made anew by
// the dancing cells (MethodCells, whose tree is the links' with its dead
// ends cut, so that its levels are not the links'), under the context the
// split was made under, named PREFIX-cells/1/d=D (with the weighing's
// label after PREFIX, if Weighted), its subtrees counted by the cells
// (exact cover with colors only).
func (t *Subtrees) WithAlgorithm(name string) (*Subtrees, error) {
	switch {
	case t == nil || t.s == nil:
		return nil, errors.New("dlx: a Subtrees not made by NewSubtrees")
	case t.alg == "cells" && name == "cells":
		c := *t
		return &c, nil
	case t.alg == "cells":
		return nil, core.Wrap(core.ErrUnsupported, "dlx: the split %s is the cells' and is counted by cells, not %q", t.name, name)
	case name == "cells":
		return t.onCells()
	case name == "dlx":
		c := *t
		c.memo = false
		return &c, nil
	case name == "memo" && t.weigh != nil:
		return nil, core.Wrap(core.ErrUnsupported, "dlx: the split %s weighs each solution it finds, so its subtrees are counted by dlx, not memo", t.name)
	case name == "memo" && t.s.l.multi:
		return nil, core.Wrap(core.ErrUnsupported, "dlx: split counts with multiplicities are counted by dlx, not memo")
	case name == "memo":
		c := *t
		c.memo, c.budget = true, DefaultMemoBytes()
		return &c, nil
	}
	return nil, core.Wrap(core.ErrUnsupported, "dlx: subtrees are counted by dlx, memo or cells, not %q", name)
}

// onCells is WithAlgorithm("cells"): the split made by the cells.
func (t *Subtrees) onCells() (*Subtrees, error) {
	s := t.s
	if s.l.multi {
		return nil, errCellsBounds
	}
	if s.cl == nil {
		cl, err := newCells(core.NewMeter(t.ctx, nil), s.l)
		if err != nil {
			return nil, err
		}
		s.cl = cl
	}
	s.cl.tree = cellsCanonical
	s.g.reset(t.ctx, 0)
	sp, d := s.splitDepth(s.cl, t.forced, nil, t.target)
	if sp.res.Status != core.StatusExhausted {
		err := stoppedError(s.g.meter(), "splitting")
		s.g.end()
		return nil, err
	}
	s.g.end()
	c := &Subtrees{s: s, plain: s.cl, ctx: t.ctx, target: t.target, forced: t.forced, depth: d, tasks: sp.tasks,
		tasksEnd: sp.tasksEnd, shallow: core.CountOf(uint64(len(sp.solsEnd))), sols: sp.sols, solsEnd: sp.solsEnd,
		stats: core.Stats{Nodes: sp.res.Stats.Nodes, Updates: sp.res.Stats.Updates}, prefix: t.prefix, alg: "cells"}
	c.name = t.prefix + "-cells/1/d=" + strconv.Itoa(d)
	c.instance = t.instance
	if t.weigh != nil {
		c.instance = strings.TrimSuffix(t.instance, " weight="+t.label)
		return c.Weighted(t.label, t.weigh)
	}
	return c, nil
}

// Weighted returns the decomposition with each solution counted as the
// weight that weigh gives it (from its options, 0-based, in the order the
// search chose them) instead of 1, and as classes solutions up to
// symmetry (SubResult.Fundamental): the counts of a search that stands for
// more than it visits, such as a tiling search with one piece restricted
// to representatives of its orbits under the board's symmetries, where a
// tiling counts for its orbit and as one class when it is the canonical
// one of those the search meets (models/polyomino). label names the
// weighing in Name ("polyomino-reduced-mrv/2/d=3" for label "reduced")
// and in Instance, so that units of different weighings never merge. The
// subproblems are the same; their work (nodes, updates) is that of the
// plain search, which visits every solution to weigh it. A weighted
// decomposition is counted by dlx only: WithAlgorithm("memo") refuses it.
func (t *Subtrees) Weighted(label string, weigh func(options []int) (weight, classes uint64)) (*Subtrees, error) {
	switch {
	case t == nil || t.s == nil:
		return nil, errNilSubtrees
	case weigh == nil || label == "" || strings.ContainsAny(label, "/ "):
		return nil, fmt.Errorf("dlx: Weighted needs a weighing and a label without '/' or spaces (got %q)", label)
	case t.memo:
		return nil, core.Wrap(core.ErrUnsupported, "dlx: a split counted with the memo cannot be weighted")
	case t.weigh != nil:
		return nil, fmt.Errorf("dlx: %s is weighted already", t.name)
	}
	c := *t
	c.weigh, c.label = weigh, label
	c.name = t.prefix + "-" + label + "-" + t.alg + "/2/d=" + strconv.Itoa(t.depth)
	if t.alg == "cells" {
		c.name = t.prefix + "-" + label + "-cells/1/d=" + strconv.Itoa(t.depth)
	}
	c.instance = t.instance + " weight=" + label
	c.shallow = core.Count{}
	b := 0
	for _, end := range t.solsEnd {
		w, k := weigh(t.sols[b:end])
		c.shallow, c.shallowF = c.shallow.AddUint64(w), c.shallowF.AddUint64(k)
		b = end
	}
	return &c, nil
}

// Fundamental reports whether the subproblems count the solutions up to
// symmetry too (a Weighted decomposition): see core.FundamentalCounter.
func (t *Subtrees) Fundamental() bool { return t != nil && t.weigh != nil }

// Alternate returns the decomposition with its subtrees counted by the
// algorithm algo, as WithAlgorithm does, for "dlx", "memo" and "cells",
// and nil for any other algorithm (no error: the caller refuses it); see
// units.Alternate.
func (t *Subtrees) Alternate(algo string) (core.Decomposition, error) {
	if algo != "dlx" && algo != "memo" && algo != "cells" {
		return nil, nil
	}
	c, err := t.WithAlgorithm(algo)
	if err != nil {
		return nil, err
	}
	return c, nil
}

// Depth returns d, the levels above the subtrees.
func (t *Subtrees) Depth() int {
	if t == nil {
		return 0
	}
	return t.depth
}

// Len returns the number of subproblems: the subtrees, and one more, the
// last, for the search above them.
func (t *Subtrees) Len(context.Context) (uint64, error) {
	if t == nil || t.s == nil {
		return 0, errNilSubtrees
	}
	return uint64(len(t.tasksEnd)) + 1, nil
}

var errNilSubtrees = errors.New("dlx: nil Subtrees (use NewSubtrees)")

// Run counts subtrees first, first+stride, … in order; see
// core.Decomposition. Class is 0.
func (t *Subtrees) Run(ctx context.Context, first, stride uint64, done func(j uint64, r core.SubResult) bool) (core.Status, error) {
	if t == nil || t.s == nil {
		return core.StatusExhausted, errNilSubtrees
	}
	if done == nil {
		return core.StatusExhausted, errors.New("dlx: Subtrees.Run needs a done function")
	}
	if stride == 0 {
		stride = 1
	}
	if ctx == nil {
		ctx = context.Background()
	}
	m, _ := t.Len(ctx)
	nt := uint64(len(t.tasksEnd))
	t.s.g.reset(ctx, 0)
	defer t.s.g.end()
	for j := first; j < m; j += stride {
		var r core.SubResult
		if j == nt { // the search above the subtrees
			r = core.SubResult{Count: t.shallow, Fundamental: t.shallowF, Stats: t.stats}
		} else {
			b := 0
			if j > 0 {
				b = t.tasksEnd[j-1]
			}
			var (
				tr   Result
				fund core.Count
			)
			task := t.tasks[b:t.tasksEnd[j]]
			if t.memo {
				// A fresh table each subtree, so that its work is its own.
				o := t.s.run(newMemoC(t.s.l, t.budget, BranchMRV), t.forced, task, 0, nil)
				tr = Result{Status: o.status, Stats: o.stats}
				tr.setCount(o.count)
				if tr.Big != nil {
					return core.StatusExhausted, fmt.Errorf("dlx: subtree %d counts %s, past 2^128 − 1: %w", j, tr.Big, resource.ErrTooLarge)
				}
			} else if t.weigh != nil {
				var sum core.Count
				o := t.s.run(t.plain, t.forced, task, 0, func(options []int) bool {
					w, k := t.weigh(options)
					sum, fund = sum.AddUint64(w), fund.AddUint64(k)
					return true
				})
				tr = Result{Status: o.status, Stats: o.stats, Count: sum}
			} else {
				o := t.s.run(t.plain, t.forced, task, 0, nil)
				tr = Result{Status: o.status, Stats: o.stats, Count: core.CountOf(o.count.lo)}
			}
			if tr.Status != core.StatusExhausted {
				return tr.Status, nil
			}
			r = core.SubResult{Count: tr.Count, Fundamental: fund,
				Stats: core.Stats{Nodes: tr.Stats.Nodes, Updates: tr.Stats.Updates}}
		}
		if !done(j, r) || j+stride < j {
			break
		}
	}
	return core.StatusExhausted, nil
}
