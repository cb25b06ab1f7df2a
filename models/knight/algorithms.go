package knight

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/coverkit/coverkit/core"
	"github.com/coverkit/coverkit/models"
)

// algorithms are the knight model's algorithms, in the order listings show
// them.
var algorithms = []models.Algorithm{
	{
		Name: "auto", Kind: models.Exact,
		Caps:        models.CanFirst | models.CanCount | models.CanParallel | models.CanBudget,
		Description: "theory first, then the fastest method for the board, kind and start; counts by frontier or search",
		Limits:      "at most 2^31 − 1 squares; a search needs 320 bytes a square (SearchBytesPerSquare), a tour 12",
		Solve:       solver(solveAuto, true),
	},
	{
		Name: "backtrack", Kind: models.Exact,
		Caps:        models.CanFirst | models.CanAll | models.CanCount | models.CanBudget,
		Description: "the classic: the 8 moves in a fixed table order, undo on dead ends (hopeless from n = 8 on; use --timeout)",
		Limits:      "at most 2^31 − 1 squares, 12 bytes a square; exponential time from 8x8 on",
		Solve:       solver(backtrack, true),
	},
	{
		Name: "divide", Kind: models.Constructive,
		Caps:        models.CanFirst,
		Description: "divide and conquer (Parberry; Lin and Wei): linear time and memory, for huge boards",
		Limits:      "one tour (no count); at most 2^31 − 1 squares, 4 bytes a square (DivideBytesPerSquare)",
		Solve:       solver(solveDivide, false),
	},
	frontierAlgorithm,
	{
		Name: "search", Kind: models.Exact,
		Caps:        models.CanFirst | models.CanAll | models.CanCount | models.CanParallel | models.CanBudget,
		Description: "pruned exact search: dead-end and forced-end rules, connectivity, fewest-onward-moves order; parallel count",
		Limits:      "at most 2^31 − 1 squares, 320 bytes a square (SearchBytesPerSquare)",
		Solve: solver(func(ctx context.Context, p *Problem, o *core.Options) (core.Result, error) {
			return exact(ctx, p, o, p.AnyStart && o.Mode != core.ModeFirst)
		}, true),
	},
	{
		Name: "warnsdorff", Kind: models.Heuristic,
		Caps:        models.CanFirst | models.CanSeed | models.CanBudget,
		Description: "Warnsdorff's rule with Roth's tie-break and seeded random restarts; Pósa rotations close tours",
		Limits:      "one tour, no proof of absence; 12 bytes a square (BytesPerSquare)",
		Solve:       solver(solveWarnsdorff, false),
	},
}

// solver adapts a knight algorithm to core.Solver: it checks the problem
// type and size, answers at once where theory proves there is no tour
// (except in count mode, where the count is the proof), and refuses modes
// the algorithm cannot do when canAll is false.
func solver(f func(context.Context, *Problem, *core.Options) (core.Result, error), canAll bool) core.Solver {
	return func(ctx context.Context, mp core.Problem, o *core.Options) (core.Result, error) {
		p, ok := mp.(*Problem)
		if !ok {
			return core.Result{}, fmt.Errorf("knight: got %s: %w", core.Describe(mp), core.ErrWrongProblem)
		}
		if p == nil {
			return core.Result{}, fmt.Errorf("knight: nil problem: %w", core.ErrWrongProblem)
		}
		o = o.OrDefault()
		if err := p.Check(); err != nil {
			return core.Result{}, err
		}
		if !canAll && o.Mode != core.ModeFirst {
			return core.Result{}, fmt.Errorf("knight: this algorithm finds one tour; it cannot enumerate or count them: %w", core.ErrUnsupported)
		}
		if o.Mode == core.ModeFirst {
			if v, why := p.Theory(); v == None {
				return noTour(why), nil
			}
		}
		return f(ctx, p, o)
	}
}

// noTour is the result for a proved absence of tours, with the reason.
func noTour(why string) core.Result {
	return core.Result{Status: core.StatusExhausted, Reason: why}
}

// solveDivide wires Construct in as an algorithm. A closed tour (asked for,
// or returned for an open request on a board that has one) is turned to
// begin at the start square. Construct's open tours run from the corner 1,1;
// they also serve a start at the image of either end under the board's
// symmetries (reflected, and reversed if need be). Any other open start
// falls back to warnsdorff, and Result.Method says so.
func solveDivide(ctx context.Context, p *Problem, o *core.Options) (core.Result, error) {
	t0 := time.Now()
	m := core.NewMeter(ctx, nil)
	tour, err := construct(m, p.Rows, p.Cols, p.Closed)
	if err != nil {
		if !p.Closed && errors.Is(err, core.ErrUnsupported) {
			return fallback(ctx, p, o, t0, "divide cannot build this board: "+err.Error())
		}
		return core.Result{}, err
	}
	sol := core.Solution(tour)
	fits := tour != nil && fitStart(m, p, sol)
	if m.Stopped() {
		return core.Result{Status: m.Status(), Stats: core.Stats{Elapsed: time.Since(t0)}, Method: "divide"}, nil
	}
	if !fits {
		return fallback(ctx, p, o, t0, fmt.Sprintf("divide's open tour cannot be moved to start at %d,%d", p.StartRow, p.StartCol))
	}
	res := core.Result{Status: core.StatusFound, Solutions: core.CountOf(1), First: sol,
		Stats: core.Stats{Elapsed: time.Since(t0)}, Method: "divide"}
	if o.Visit != nil {
		o.Visit(sol, res.Stats)
	}
	return res, nil
}

// fitStart makes tour (from Construct, starting at square 0) begin at p's
// start, in place: a cycle is rotated; an open path is mapped by a board
// symmetry taking one of its ends to the start (and reversed if that end
// is the last). It reports false if neither works, or if m stopped it.
func fitStart(m *core.Meter, p *Problem, tour core.Solution) bool {
	n := len(tour)
	start := p.Start()
	if n == 0 || tour[0] == start {
		return n > 0
	}
	g := &graph{rows: p.Rows, cols: p.Cols, n: n}
	if n > 2 && g.adjacent(tour[0], tour[n-1]) {
		return rotateInPlace(m, tour, start)
	}
	for i := range symmetryCount(p.Rows, p.Cols) {
		atFirst := symmetryOf(p.Rows, p.Cols, i, tour[0]) == start
		atLast := symmetryOf(p.Rows, p.Cols, i, tour[n-1]) == start
		if !atFirst && !atLast {
			continue
		}
		bound, ok := uint64(firstCheck), true
		for j, s := range tour {
			if uint64(j) >= bound {
				if bound, ok = m.Check(uint64(j)); !ok {
					return false
				}
			}
			tour[j] = symmetryOf(p.Rows, p.Cols, i, s)
		}
		if !atFirst {
			return reverse(m, tour)
		}
		return true
	}
	return false
}

// fallback finds an open tour by warnsdorff for a start divide cannot
// serve, then by exhaustive search if the heuristic gives up.
func fallback(ctx context.Context, p *Problem, o *core.Options, t0 time.Time, why string) (core.Result, error) {
	res, err := solveWarnsdorff(ctx, p, o)
	if err != nil {
		return res, err
	}
	if res.Extra == nil {
		res.Extra = map[string]any{}
	}
	res.Method = "warnsdorff"
	res.Extra["fallback"] = why
	res.Stats.Elapsed = time.Since(t0)
	return res, nil
}

// autoDivideMin is the board size from which auto tries divide before
// warnsdorff for open tours (both are linear; divide has the smaller
// constant on large boards and never fails where it applies).
const autoDivideMin = 1 << 16

// autoSearchMax is the largest board auto hands to the exact search when the
// faster methods did not produce a tour.
const autoSearchMax = 1 << 12

// frontierMinSquares is the size from which counts go to the frontier
// algorithm (on boards whose shorter side it spans): below it the pruned
// search finishes first (6x6 closed: 0.03 s against 0.1 s; 5x6 open
// about even; see docs/benchmarks.md, issue 35).
const frontierMinSquares = 40

// countsByFrontier reports whether a count of p goes to the frontier
// algorithm: a board it spans, of frontierMinSquares or more.
func countsByFrontier(mp core.Problem) bool {
	p, ok := mp.(*Problem)
	return ok && p != nil && min(p.Rows, p.Cols) <= FrontierMaxSide && p.Squares() >= frontierMinSquares
}

// solveAuto: theory (in solver), then for closed tours divide, warnsdorff
// with Pósa rotations, and the exact search; for open tours divide on large
// boards, warnsdorff, and the exact search, which settles the small boards
// theory leaves open (some start squares of 3×n and 4×n boards). Counts go
// to the frontier algorithm where it spans the board and is the faster,
// else to the exact search. Result.Method names the method that answered.
func solveAuto(ctx context.Context, p *Problem, o *core.Options) (core.Result, error) {
	if o.Mode == core.ModeCount && countsByFrontier(p) {
		res, err := solveFrontier(ctx, p, o)
		res.Method = "frontier"
		return res, err
	}
	if o.Mode != core.ModeFirst {
		res, err := exact(ctx, p, o, p.AnyStart && o.Mode != core.ModeFirst)
		if o.Mode == core.ModeCount {
			res.Method = "search"
		}
		return res, err
	}
	t0 := time.Now()
	n := p.Squares()
	var notes []string
	tried := false
	m := core.NewMeter(ctx, nil)
	tryDivide := func() (core.Result, bool) {
		tried = true
		tour, err := construct(m, p.Rows, p.Cols, p.Closed)
		if err != nil {
			notes = append(notes, "divide: "+err.Error())
			return core.Result{}, false
		}
		sol := core.Solution(tour)
		if fits := tour != nil && fitStart(m, p, sol); m.Stopped() {
			return core.Result{Status: m.Status()}, true
		} else if !fits {
			notes = append(notes, "divide: its open tour cannot be moved to this start")
			return core.Result{}, false
		}
		return core.Result{Status: core.StatusFound, Solutions: core.CountOf(1), First: sol}, true
	}
	done := func(res core.Result, method string) (core.Result, error) {
		res.Method = method
		res.Stats.Elapsed = time.Since(t0)
		if o.Visit != nil && res.First != nil {
			o.Visit(res.First, res.Stats)
		}
		return res, nil
	}
	if p.Closed || n >= autoDivideMin {
		if res, ok := tryDivide(); ok {
			return done(res, "divide")
		}
	}
	if n > 1 {
		wo := *o
		wo.Visit = nil
		if n <= autoSearchMax && wo.MaxNodes == 0 {
			wo.MaxNodes = uint64(200 * n) // 200 passes (milliseconds), then the exact search decides
		}
		res, err := solveWarnsdorff(ctx, p, &wo)
		if err != nil {
			return res, err
		}
		if res.First != nil || res.Status.Partial() && res.Status != core.StatusLimit {
			return done(res, "warnsdorff")
		}
	}
	if !tried {
		if res, ok := tryDivide(); ok {
			return done(res, "divide")
		}
	}
	if n > autoSearchMax {
		res := core.Result{Status: core.StatusLimit, Extra: map[string]any{"notes": notes}}
		return done(res, "")
	}
	so := *o
	so.Visit = nil
	res, err := exact(ctx, p, &so, false)
	if err != nil {
		return res, err
	}
	return done(res, "search")
}
