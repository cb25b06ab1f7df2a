package pieces

import (
	"context"
	"errors"
	"fmt"
	"math/bits"
	"slices"
	"strconv"
	"time"

	"github.com/coverkit/coverkit/core"
	"github.com/coverkit/coverkit/dlx"
	"github.com/coverkit/coverkit/models/xcc"
	"github.com/coverkit/coverkit/resource"
)

// engine is the model on the exact-cover engine: the dlx algorithm and
// the memo, on Cover.
var engine = xcc.Engine{
	Solve: solveDLX,
	Description: "Dancing Links (Algorithm C, or M with multiplicities): cliques of the board's cover primary, " +
		"rider line segments and leaper pairs secondary, a counter item for k; domination as covering " +
		"(every square 1..many times) with the fewest options",
	Limits:    "boards of at most 2^14 squares (MaxSearchCells)",
	DLXLimits: "counts in 64 bits",
	MemoNote:  "place and max (the dlx algorithm's cover)",
	Check:     checkEngine,
}

var (
	dlxAlgorithm   = engine.Algorithm(xcc.DLX)
	memoAlgorithm  = engine.Algorithm(xcc.Memo)
	cellsAlgorithm = engine.Algorithm(xcc.Cells)
)

// checkEngine is checkDLX for the engine's algorithms; the memo, which
// does not minimize, also refuses domination, and the cells, which hold
// no multiplicities, everything but placements.
func checkEngine(algo string, p core.Problem, o *core.Options) error {
	if pp, ok := p.(*Problem); ok && pp != nil {
		switch {
		case pp.Task == Dominate && algo == xcc.Memo:
			return fmt.Errorf("pieces: the memo does not minimize (dominate: use dlx or bitboard): %w", core.ErrUnsupported)
		case pp.Task != Place && algo == xcc.Cells:
			return fmt.Errorf("pieces: the cells place pieces (%s covers with multiplicities: use dlx or bitboard): %w",
				pp.Task, core.ErrUnsupported)
		}
		if err := checkDLX(p, o); err != nil {
			return err
		}
		if algo == xcc.Cells {
			return pp.checkCells()
		}
		return nil
	}
	return checkDLX(p, o)
}

// checkCells refuses a placement the cells cannot search: one of fewer
// pieces than the cliques of the board's cover, which counts the pieces
// with a counter item (multiplicities, Algorithm M).
func (p *Problem) checkCells() error {
	m := core.NewMeter(context.Background(), nil)
	g, err := newGraph(m, &p.Board, p.Piece)
	if err != nil {
		return err
	}
	cl, err := g.cliques(m)
	if err != nil {
		return err
	}
	if p.K != len(cl) {
		return fmt.Errorf("pieces: the cells hold no multiplicities: %d pieces on a board covered by %d cliques need a "+
			"counter item (use dlx or bitboard; the cells place as many pieces as cliques): %w", p.K, len(cl), core.ErrUnsupported)
	}
	return nil
}

// Cover is a problem of the pieces model as a generalized exact cover
// instance with multiplicities (docs/formats.md), and the way back from its
// options to cells.
type Cover struct {
	// Problem is the instance. For placements: one primary item per clique
	// of the board's clique cover ("q1", "q2", ...), covered exactly once
	// when k is the number of cliques and at most once otherwise, then a
	// counter item "#" covered exactly k times; one secondary item per
	// segment of a rider's line between pawns or edges ("l<dir>.<n>") and
	// per pair of cells a leap joins across cliques ("p<x>.<y>"); one
	// option per free cell. For domination: one primary item per free
	// cell ("c<x>"), covered between 1 and its number of dominators times,
	// and one option per free cell, the cells it occupies or attacks (with
	// the placement items as secondary ones for independent domination).
	Problem *dlx.Problem
	// Cell gives the cell of each option.
	Cell []int32
	// Cliques is the number of cliques.
	Cliques int
	// Counter is the index of the "#" item, −1 if there is none.
	Counter int
}

// NewCover builds the exact cover instance of p: for the Place task the
// placements of p.K pieces; for Max every placement (the cliques at most
// once each, no counter); for Dominate the covering instance whose
// solutions with the fewest options are the minimum dominating sets. The
// Pawns task has none.
func (p *Problem) NewCover() (*Cover, error) {
	return p.newCover(core.NewMeter(context.Background(), nil))
}

// newCover is NewCover checking m as it builds: it returns errStopped if m
// stopped it.
func (p *Problem) newCover(m *core.Meter) (*Cover, error) {
	if err := p.check(); err != nil {
		return nil, err
	}
	if p.Task == Pawns {
		return nil, fmt.Errorf("pieces: the pawns task has no exact cover instance: %w", core.ErrUnsupported)
	}
	g, err := newGraph(m, &p.Board, p.Piece)
	if err != nil {
		return nil, err
	}
	cl, err := g.cliques(m)
	if err != nil {
		return nil, err
	}
	xp := dlx.New()
	cov := &Cover{Problem: xp, Cliques: len(cl), Counter: -1}
	var cells []int // Dominate: the primary item of each cell
	if p.Task == Dominate {
		cells = make([]int, g.n)
		for x := range g.n {
			if g.pawn[x] {
				continue
			}
			hi := g.degree(x) + 1
			cells[x], err = xp.AddPrimaryBounds("c"+strconv.Itoa(x+1), 1, hi)
			if err != nil {
				return nil, err // unreachable: hi ≤ cells
			}
		}
	}
	items, err := p.placementItems(g, cl, xp, p.Task != Dominate)
	if err != nil {
		return nil, err
	}
	if p.Task == Place && p.K != len(cl) {
		cov.Counter, err = xp.AddPrimaryBounds("#", p.K, max(p.K, 1))
		if err != nil {
			return nil, err
		}
	}
	opt := make([]int, 0, 16)
	bound, ok := m.Check(0)
	if !ok {
		return nil, errStopped
	}
	for x := range g.n {
		if uint64(x) >= bound {
			if bound, ok = m.Check(uint64(x)); !ok {
				return nil, errStopped
			}
		}
		if g.pawn[x] || p.Task == Place && p.K == 0 { // no piece: no option
			continue
		}
		opt = opt[:0]
		if p.Task == Dominate {
			for wi, word := range g.row(x) {
				for ; word != 0; word &= word - 1 {
					opt = append(opt, cells[wi<<6|bits.TrailingZeros64(word)])
				}
			}
			if p.Independent {
				opt = append(opt, items[x]...)
			}
		} else {
			opt = append(opt, items[x]...)
			if cov.Counter >= 0 {
				opt = append(opt, cov.Counter)
			}
		}
		if _, err := xp.AddOptionIndex(opt, nil); err != nil {
			return nil, err // unreachable: the items of a cell are distinct
		}
		cov.Cell = append(cov.Cell, int32(x))
	}
	return cov, nil
}

// placementItems adds the items that keep pieces from attacking each
// other: the cliques (primary for a placement: exactly once when k is
// their number, else at most once; secondary for independent domination),
// the segments of the riders' lines and the pairs of cells a leap joins
// across cliques. It returns the items of each cell.
func (p *Problem) placementItems(g *graph, cl [][]int32, xp *dlx.Problem, primary bool) ([][]int, error) {
	b := &p.Board
	n := g.n
	items := make([][]int, n)
	cliqueOf := make([]int32, n)
	for j, c := range cl {
		var it int
		var err error
		name := "q" + strconv.Itoa(j+1)
		switch {
		case !primary:
			it, err = xp.AddSecondary(name)
		case p.Task == Place && p.K == len(cl):
			it, err = xp.AddPrimary(name)
		default:
			it, err = xp.AddPrimaryBounds(name, 0, 1)
		}
		if err != nil {
			return nil, err // unreachable: names are distinct
		}
		for _, x := range c {
			cliqueOf[x] = int32(j)
			items[x] = append(items[x], it)
		}
	}
	st := stepper{b: b, torus: b.Torus}
	c := make([]int, len(b.Dims))
	seen := map[[2]int]bool{}
	for di, d := range g.dirs {
		if !canonicalDir(d.v) {
			continue
		}
		if d.ride {
			for si, seg := range g.segments(d.v) {
				if !slices.ContainsFunc(seg, func(y int32) bool { return cliqueOf[y] != cliqueOf[seg[0]] }) {
					continue // one cell, or inside a clique already
				}
				it, err := xp.AddSecondary("l" + strconv.Itoa(di+1) + "." + strconv.Itoa(si+1))
				if err != nil {
					return nil, err // unreachable: names are distinct
				}
				for _, y := range seg {
					items[y] = append(items[y], it)
				}
			}
			continue
		}
		for x := range n {
			if g.pawn[x] {
				continue
			}
			b.Coords(x, c)
			y := st.next(c, d.v)
			if y < 0 || y == x || g.pawn[y] || cliqueOf[x] == cliqueOf[y] {
				continue
			}
			key := [2]int{min(x, y), max(x, y)}
			if seen[key] {
				continue
			}
			seen[key] = true
			it, err := xp.AddSecondary("p" + strconv.Itoa(key[0]+1) + "." + strconv.Itoa(key[1]+1))
			if err != nil {
				return nil, err // unreachable: names are distinct
			}
			items[x] = append(items[x], it)
			items[y] = append(items[y], it)
		}
	}
	return items, nil
}

// canonicalDir reports whether v is the representative of {v, −v}: its
// first non-zero component is positive.
func canonicalDir(v []int) bool {
	for _, x := range v {
		if x != 0 {
			return x > 0
		}
	}
	return false
}

// checkDLX refuses what the dlx algorithm cannot answer.
func checkDLX(p core.Problem, o *core.Options) error {
	pp, ok := p.(*Problem)
	if !ok {
		return fmt.Errorf("pieces: dlx: %w (got %T)", core.ErrWrongProblem, p)
	}
	if err := pp.check(); err != nil {
		return err
	}
	if pp.Task == Pawns {
		return fmt.Errorf("pieces: dlx does not search pawn sets (use bitboard): %w", core.ErrUnsupported)
	}
	if n := pp.Board.Cells(); n > MaxSearchCells {
		return fmt.Errorf("pieces: dlx: %s has %d cells, at most %d: %w", &pp.Board, n, MaxSearchCells, resource.ErrTooLarge)
	}
	return nil
}

// solveDLX is the registered "dlx" algorithm: the Cover instance solved by
// package dlx — Algorithm C when k is the number of cliques, else Algorithm
// M. Max tries k from the number of cliques down until a placement exists,
// then answers the request at that k; Dominate asks the engine for the
// solutions with the fewest options.
func solveDLX(ctx context.Context, p core.Problem, opts *core.Options, method dlx.Method) (core.Result, error) {
	o := opts.OrDefault()
	if err := checkMode("dlx", o); err != nil {
		return core.Result{}, err
	}
	if err := checkDLX(p, o); err != nil {
		return core.Result{}, err
	}
	if o.Unique {
		return core.Result{}, fmt.Errorf("pieces: dlx does not reduce by symmetry (use bitboard): %w", core.ErrUnsupported)
	}
	pp := p.(*Problem)
	if err := pp.check(); err != nil {
		return core.Result{}, err
	}
	start := time.Now()
	m := core.NewMeter(ctx, nil)
	stopped := func(work core.Stats) (core.Result, error) {
		res := core.Result{Status: m.Status(), Stats: work}
		res.Stats.Elapsed = time.Since(start)
		pp.setAnswer(&res, &Answer{Task: pp.Task, Best: -1, Bound: -1})
		return res, nil
	}
	cov, err := pp.newCover(m)
	if errors.Is(err, errStopped) {
		return stopped(core.Stats{})
	}
	if err != nil {
		return core.Result{}, err
	}
	workers := o.Workers
	sol := pp.pawnBoard()
	decode := func(options []int) core.Solution {
		clear(sol)
		for _, x := range pp.Board.Pawns {
			sol[x] = 2
		}
		for _, k := range options {
			sol[cov.Cell[k]] = 1
		}
		return sol
	}
	ans := &Answer{Task: pp.Task, Best: -1, Bound: -1}
	var work core.Stats
	switch pp.Task {
	case Place:
		if pp.K == 0 { // the counter cannot ask for 0; the empty placement
			return emptyPlacement(pp, o, start), nil
		}
	case Max:
		// Down from the cliques (at most one piece each) to the first k
		// with a placement, each k its own placement cover (exact cover,
		// Algorithm C, when k is the number of cliques).
		k := cov.Cliques
		for ; k > 0; k-- {
			q := *pp
			q.Task, q.K = Place, k
			if cov, err = q.newCover(m); errors.Is(err, errStopped) {
				return stopped(work)
			} else if err != nil {
				return core.Result{}, err
			}
			s, err := dlx.NewSolver(cov.Problem)
			if err != nil {
				return core.Result{}, err
			}
			r, err := s.Solve(ctx, &dlx.Options{Limit: 1, MaxNodes: budgetLeft(o.MaxNodes, work.Nodes)})
			if err != nil {
				return core.Result{}, err
			}
			work = work.Add(r.Stats)
			if r.Status == core.StatusFound {
				break
			}
			if r.Status != core.StatusExhausted {
				ans.Bound = k
				res := core.Result{Status: r.Status, Stats: work}
				res.Stats.Elapsed = time.Since(start)
				pp.setAnswer(&res, ans)
				return res, nil
			}
		}
		if k == 0 {
			return emptyPlacement(pp, o, start), nil // only an empty board has no piece
		}
		ans.Proved, ans.Max = true, k
	case Dominate:
		s, err := dlx.NewSolver(cov.Problem)
		if err != nil {
			return core.Result{}, err
		}
		do := &dlx.Options{Minimize: true, MaxNodes: o.MaxNodes, Workers: workers}
		var first core.Solution
		var visited uint64
		if o.Mode != core.ModeCount {
			do.Visit = func(options []int) bool {
				sol := decode(options)
				if first == nil {
					first = slices.Clone(sol)
				}
				visited++
				if o.Visit != nil && !o.Visit(sol, core.Stats{}) {
					return false
				}
				return o.Mode == core.ModeAll && (o.Limit == 0 || visited < o.Limit)
			}
		}
		r, err := s.Solve(ctx, do)
		if err != nil {
			return core.Result{}, err
		}
		res := core.Result{Status: r.Status, Solutions: core.CountOf(r.Solutions), First: first, Stats: r.Stats}
		if first == nil && r.Solutions > 0 {
			if f := s.First(); f != nil {
				res.First = slices.Clone(decode(f))
			}
		}
		if o.Mode == core.ModeFirst && res.First != nil {
			res.Status, res.Solutions = core.StatusFound, core.CountOf(1)
		}
		// The rounds go up from a lower bound, so the first that finds a
		// set proves the minimum, even if its count stopped early.
		// MinOptions is 0 both for the empty set (a board of pawns) and
		// when no round found one: the solutions tell them apart.
		if r.Solutions > 0 || r.MinOptions > 0 {
			ans.Proved, ans.Domination = true, r.MinOptions
		}
		if res.First != nil {
			ans.Pieces, _ = pp.Placement(res.First)
		}
		res.Stats.Elapsed = time.Since(start)
		pp.setAnswer(&res, ans)
		return res, nil
	}
	oo := *o
	oo.MaxNodes = budgetLeft(o.MaxNodes, work.Nodes)
	if o.MaxNodes > 0 && oo.MaxNodes == 0 {
		oo.MaxNodes = 1
	}
	res, err := xcc.Run(ctx, &xcc.Cover{Problem: cov.Problem, Workers: workers, Decode: decode}, &oo, method)
	if err != nil {
		return core.Result{}, err
	}
	res.Stats = res.Stats.Add(work)
	res.Stats.Elapsed = time.Since(start)
	if res.First != nil && pp.Task == Max {
		ans.Pieces, _ = pp.Placement(res.First)
	}
	pp.setAnswer(&res, ans)
	return res, nil
}

// budgetLeft returns what is left of a node budget (0: none was set).
func budgetLeft(budget, used uint64) uint64 {
	if budget == 0 {
		return 0
	}
	if used >= budget {
		return 1
	}
	return budget - used
}

// emptyPlacement is the one placement of no pieces.
func emptyPlacement(p *Problem, o *core.Options, start time.Time) core.Result {
	sol := p.pawnBoard()
	res := core.Result{Status: core.StatusExhausted, Solutions: core.CountOf(1), First: sol, Stats: core.Stats{Nodes: 1}}
	if o.Mode != core.ModeCount {
		if o.Visit != nil {
			o.Visit(sol, core.Stats{})
		}
		if o.Mode == core.ModeFirst {
			res.Status = core.StatusFound
		}
	}
	if p.Task == Max {
		p.setAnswer(&res, &Answer{Task: Max, Proved: true, Pieces: [][]int{}, Best: -1, Bound: -1})
	}
	res.Stats.Elapsed = time.Since(start)
	return res
}
