package polyomino

import (
	"context"
	"fmt"
	"math/big"
	"slices"

	"github.com/coverkit/coverkit/core"
	"github.com/coverkit/coverkit/dlx"
	"github.com/coverkit/coverkit/models"
	"github.com/coverkit/coverkit/models/xcc"
)

// engine is the model on the exact-cover engine: its search (solveDLX),
// run by each of the engine's methods.
var engine = xcc.Engine{
	Solve: solveDLX,
	Description: "Dancing Links on pieces and cells; up to symmetry by restricting one piece " +
		"to orbit representatives, exact with symmetric tilings (pieces used once each)",
	AutoNote:    "with every piece used once, the count up to symmetry on the cells (dlx where they cannot be built)",
	Limits:      "boards of at most 2^16 cells (MaxCells)",
	DLXLimits:   "the placements are checked against the memory available",
	MemoNote:    "every tiling, no symmetry reduction",
	Caps:        models.CanUnique,
	Methods:     []string{MethodReduced, MethodFull},
	MemoMethods: []string{MethodFull},
	Check:       checkMethod,
}

// checkMethod refuses, for auto and dlx, a method (Options.Method) outside
// a count: a listing searches the full cover, or with Unique the reduced
// one, whatever it says.
func checkMethod(algo string, _ core.Problem, o *core.Options) error {
	if o = o.OrDefault(); algo != xcc.Memo && o.Method != "" && (o.Mode != core.ModeCount || o.Sample > 0) {
		return core.Wrap(core.ErrUnsupported, "polyomino: --method %s applies to a count (a listing searches the full cover, "+
			"with --unique the reduced one)", o.Method)
	}
	return nil
}

// Methods of the dlx algorithm for a count (Options.Method).
const (
	// MethodReduced ("" too) restricts one piece to orbit representatives:
	// the count of tilings and of classes from one search |G| times smaller.
	MethodReduced = "reduced"
	// MethodFull searches every placement: the total only, a cross-check.
	MethodFull = "full"
)

// restriction picks the piece whose placements fall into the fewest orbits
// under the board's symmetries, and marks one representative placement per
// orbit (the lowest-numbered) in keep.
func (t *Tiling) restriction() (piece int, keep []bool) {
	keep = make([]bool, len(t.places))
	best := -1
	bestOrbits := 0
	orbits := make([]int, len(t.Pieces))
	for k := range t.places {
		rep := k
		for _, m := range t.symPlace {
			rep = min(rep, int(m[k]))
		}
		if rep == k {
			orbits[t.places[k].piece]++
		}
	}
	for i, n := range orbits {
		if n > 0 && (best < 0 || n < bestOrbits) {
			best, bestOrbits = i, n
		}
	}
	if best < 0 {
		best = 0
	}
	for k, pl := range t.places {
		if pl.piece != best {
			keep[k] = true
			continue
		}
		rep := k
		for _, m := range t.symPlace {
			rep = min(rep, int(m[k]))
		}
		keep[k] = rep == k
	}
	return best, keep
}

// solveDLX is the registered "dlx" algorithm for tilings.
//
// Without Unique it searches the full cover. With Unique it restricts one
// piece P to a representative r of each orbit of its placements. A tiling T
// with P at r stands for its whole orbit, which the restricted search meets
// |Stab(r)|/|Stab(T)| times, so T adds |G|/|Stab(r)| tilings and
// |Stab(T)|/|Stab(r)| classes; both sums are exact (kept as multiples of
// 1/|G|). ModeAll with Unique visits one tiling per class: the least, in
// row-major piece order, of its images under Stab(r).
//
// A set whose pieces may repeat has no piece to restrict: its counts and
// listings run the full search (with the engine's method m), and Unique
// is refused. So does a sample (Options.Sample) and a count with the memo.
func solveDLX(ctx context.Context, p core.Problem, opts *core.Options, m dlx.Method) (core.Result, error) {
	o := opts.OrDefault()
	t, ok := p.(*Tiling)
	if !ok {
		return core.Result{}, fmt.Errorf("polyomino: dlx: %w (got %s)", core.ErrWrongProblem, core.Describe(p))
	}
	if err := t.check(); err != nil {
		return core.Result{}, err
	}
	if o.Unique && t.repeats() {
		return core.Result{}, core.Wrap(core.ErrUnsupported,
			"polyomino: tilings up to symmetry (--unique) need every piece used exactly once (%s may repeat)", t.Set)
	}
	if o.Mode == core.ModeCount && !o.Unique && o.Method != MethodFull && !t.repeats() && m != dlx.MethodMemo {
		// The reduced search counts the classes too, about |G| times
		// faster: a count is always made that way unless asked not to.
		reduced := *o
		reduced.Unique = true
		o = &reduced
	}
	if !o.Unique {
		res, err := t.solveFull(ctx, o, m)
		if err == nil && o.Mode == core.ModeCount && o.Method != "" {
			res.Method = o.Method // the count's method, named as latin's
		}
		return res, err
	}
	var keep []bool
	restricted := -1
	if o.Unique {
		restricted, keep = t.restriction()
	}
	cover, ids, err := t.CoverContext(ctx, keep)
	if err != nil {
		return xcc.Stopped(err)
	}
	s, err := dlx.NewSolverContext(ctx, cover)
	if err != nil {
		return xcc.Stopped(err)
	}
	eo, err := xcc.EngineOptions(o, m)
	if err != nil {
		return core.Result{}, err
	}
	// A weighted search visits every solution: the links, or for auto the
	// cells wherever they can run, as auto counts (the pentomino boards:
	// about 0.7 of the links' time, docs/benchmarks.md, issue 34).
	switch m {
	case dlx.MethodCells:
	case dlx.MethodAuto:
		eo.Method = dlx.MethodLinks
		if pay, err := s.CellsPay(ctx, nil); err == nil && pay {
			eo.Method = dlx.MethodCells
		}
	default:
		eo.Method = dlx.MethodLinks
	}
	do := &eo
	if o.Mode == core.ModeFirst {
		do.Limit = 1
	}
	if o.Mode == core.ModeAll && !o.Unique {
		do.Limit = o.Limit
	}
	g := uint64(len(t.syms))
	var (
		first      core.Solution
		total      core.Count // with Unique: Σ |G|/|Stab(r)| over the tilings found
		fundNum    core.Count // with Unique: |G| times the classes
		visited    uint64
		sol        = make(core.Solution, t.Board.Rows*t.Board.Cols)
		image      = make(core.Solution, len(sol))
		places     = make([]int32, 0, len(t.Pieces))
		inT        = make([]bool, len(t.places))
		needVisit  = o.Mode != core.ModeCount || o.Unique
		restrictAt int32
	)
	if needVisit {
		do.Visit = func(options []int) bool {
			places = places[:0]
			for _, k := range options {
				places = append(places, ids[k])
			}
			t.decode(places, sol)
			canonical := true
			if o.Unique {
				for _, k := range places {
					inT[k] = true
					if t.places[k].piece == restricted {
						restrictAt = k
					}
				}
				var stabT, stabR uint64
				canonical = t.canonical(sol, restrictAt, image)
				for _, m := range t.symPlace {
					if m[restrictAt] == restrictAt {
						stabR++
					}
					fixed := true
					for _, k := range places {
						if !inT[m[k]] {
							fixed = false
							break
						}
					}
					if fixed {
						stabT++
					}
				}
				for _, k := range places {
					inT[k] = false
				}
				total = total.AddUint64(g / stabR)
				fundNum = fundNum.AddUint64(g * stabT / stabR)
			}
			if !canonical || o.Mode == core.ModeCount {
				return true
			}
			if first == nil {
				first = slices.Clone(sol)
			}
			visited++
			if o.Visit != nil && !o.Visit(sol, core.Stats{}) {

				return false
			}
			if o.Mode == core.ModeFirst || o.Unique && o.Limit != 0 && visited >= o.Limit {

				return false
			}
			return true
		}
	}
	r, err := s.Solve(ctx, do)
	if err != nil {
		return core.Result{}, err
	}
	res := core.Result{
		Status:    r.Status,
		Solutions: core.CountOf(r.Solutions),
		First:     first,
		Stats:     r.Stats,
		Extra: map[string]any{
			"placements": len(t.places),
			"symmetries": len(t.syms),
		},
	}
	if o.Unique {
		res.Extra["restricted_piece"] = t.Pieces[restricted].Name
		res.Solutions = total
		res.Fundamental = divCount(fundNum, g)
		if o.Mode == core.ModeAll {
			res.Solutions = core.CountOf(visited)
			res.Fundamental = core.CountOf(visited)
		}
	}
	if o.Mode == core.ModeFirst && first != nil {
		res.Status = core.StatusFound
		res.Solutions = core.CountOf(1)
	}
	if o.Mode == core.ModeCount && opts.OrDefault().Method != "" {
		res.Method = MethodReduced
	}
	return res, nil
}

// solveFull searches every placement through xcc.Run with the engine's
// method m: a listing, a count or a random sample.
func (t *Tiling) solveFull(ctx context.Context, o *core.Options, m dlx.Method) (core.Result, error) {
	cover, ids, err := t.CoverContext(ctx, nil)
	if err != nil {
		return xcc.Stopped(err)
	}
	sol := make(core.Solution, t.Board.Rows*t.Board.Cols)
	places := make([]int32, 0, len(t.Pieces))
	res, err := xcc.Run(ctx, &xcc.Cover{Problem: cover, Decode: func(options []int) core.Solution {
		places = places[:0]
		for _, k := range options {
			places = append(places, ids[k])
		}
		t.decode(places, sol)
		return sol
	}}, o, m)
	if err != nil {
		return core.Result{}, err
	}
	if res.Extra == nil {
		res.Extra = map[string]any{}
	}
	res.Extra["placements"] = len(t.places)
	res.Extra["symmetries"] = len(t.syms)
	return res, nil
}

// divCount returns c / d for a c known to be a multiple of d (d ≤ 8).
func divCount(c core.Count, d uint64) core.Count {
	b := c.Big()
	b.Quo(b, new(big.Int).SetUint64(d))
	var out core.Count
	lo := b.Uint64()
	hi := b.Rsh(b, 64).Uint64()
	out.Lo, out.Hi = lo, hi
	return out
}

// canonical reports whether the tiling sol, with the restricted piece at
// placement r, is the least of its images under the symmetries that fix r
// (lessOrEqual): the one tiling of its class that the reduced search
// counts as the class. image is scratch.
func (t *Tiling) canonical(sol core.Solution, r int32, image core.Solution) bool {
	for gi, m := range t.symPlace {
		if m[r] == r && !t.lessOrEqual(sol, gi, image) {
			return false
		}
	}
	return true
}

// lessOrEqual reports whether sol ≤ its image under symmetry gi, comparing
// the piece indexes cell by cell in row-major order; image is scratch.
func (t *Tiling) lessOrEqual(sol core.Solution, gi int, image core.Solution) bool {
	b := t.Board
	g := t.syms[gi]
	for x, v := range sol {
		r2, c2 := g.apply(x/b.Cols, x%b.Cols, b.Rows, b.Cols)
		image[r2*b.Cols+c2] = v
	}
	for x := range sol {
		if sol[x] != image[x] {
			return sol[x] < image[x]
		}
	}
	return true
}
