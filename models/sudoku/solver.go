package sudoku

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/coverkit/coverkit/core"
	"github.com/coverkit/coverkit/dlx"
	"github.com/coverkit/coverkit/models/xcc"
)

// The registered algorithms (registry.go) are built from the workers below:
// each is one goroutine's reusable solver (models.Algorithm.NewWorker). A
// worker keeps its exact-cover matrices, its Fast solver and its solution
// buffer from one puzzle to the next, so a batch allocates nothing per
// puzzle. The Result.First a worker returns is its own buffer, valid until
// its next call.

// puzzleOf returns p as a *Puzzle with a shape and N² cells. Its symbols
// are checked by
// checkRange: Fast needs no check to be safe (it reads a symbol above 9 as
// no solution), so it runs the check only when it found none. Givens that clash are not an error: they leave no solution (status
// exhausted), as both searches report.
func puzzleOf(p core.Problem, o *core.Options) (*Puzzle, error) {
	pz, ok := p.(*Puzzle)
	if !ok || pz == nil {
		return nil, fmt.Errorf("sudoku: %w: got %s", core.ErrWrongProblem, core.Describe(p))
	}
	s := pz.Shape
	if s == nil {
		return nil, fmt.Errorf("sudoku: %w: puzzle has no shape", core.ErrWrongProblem)
	}
	if s.N < 1 || s.N > MaxSide {
		return nil, fmt.Errorf("sudoku: side %d is out of range (1..%d)", s.N, MaxSide)
	}
	if len(pz.Givens) != s.Cells() {
		return nil, fmt.Errorf("sudoku: %d cells for a %dx%d grid (want %d)", len(pz.Givens), s.N, s.N, s.Cells())
	}
	return pz, nil
}

// checkRange refuses a symbol above N.
func checkRange(pz *Puzzle) error {
	n := pz.Shape.N
	for i, v := range pz.Givens {
		if int(v) > n {
			return fmt.Errorf("sudoku: %s: symbol %d is out of range (1..%d)", cellName(n, i), v, n)
		}
	}
	return nil
}

// checkFast refuses the grids Fast does not handle.
func checkFast(p core.Problem, _ *core.Options) error {
	pz, ok := p.(*Puzzle)
	if !ok || pz == nil || pz.Shape == nil {
		return fmt.Errorf("sudoku: %w: got %s", core.ErrWrongProblem, core.Describe(p))
	}
	if !pz.Shape.isClassic9() {
		return core.Wrap(core.ErrUnsupported, "sudoku: fast solves 9x9 grids with 3x3 boxes (classic or X) only, not %s", pz.Shape)
	}
	return nil
}

// checkPuzzle refuses what is not a sudoku puzzle.
func checkPuzzle(p core.Problem, _ *core.Options) error {
	if pz, ok := p.(*Puzzle); !ok || pz == nil || pz.Shape == nil {
		return fmt.Errorf("sudoku: %w: got %s", core.ErrWrongProblem, core.Describe(p))
	}
	return nil
}

// checkCells is the cells algorithm's check: a puzzle, and the cells'
// branching rules (xcc.CheckCells).
func checkCells(p core.Problem, o *core.Options) error {
	if err := checkPuzzle(p, o); err != nil {
		return err
	}
	return xcc.CheckCells(o)
}

// limitOf returns the dlx/Fast limit of a request: 1 for the first
// solution, Options.Limit when listing, 0 (all) when counting.
func limitOf(o *core.Options) uint64 {
	switch o.Mode {
	case core.ModeFirst:
		return 1
	case core.ModeAll:
		return o.Limit
	}
	return 0
}

// maxShapes bounds the exact-cover matrices a dlxWorker keeps.
const maxShapes = 8

// dlxWorker is the exact-cover formulation on the dlx engine: one matrix
// per shape, built on first use and reused with the givens as forced
// options.
type dlxWorker struct {
	method dlx.Method  // the engine's method: the links, or the cells
	shapes []*dlxShape // most recently used first, at most maxShapes
	grid   core.Solution
	visit  func([]int) bool // calls o.Visit with the decoded grid
	o      *core.Options    // the request being visited
	shape  *Shape
}

func newDLXWorker() *dlxWorker { return newEngineWorker(dlx.MethodLinks) }

// newCellsWorker is newDLXWorker on the dancing cells.
func newCellsWorker() *dlxWorker { return newEngineWorker(dlx.MethodCells) }

// newEngineWorker returns a worker of the exact-cover formulation with the
// engine's method m.
func newEngineWorker(m dlx.Method) *dlxWorker {
	w := &dlxWorker{method: m}
	w.visit = func(opts []int) bool {
		return w.o.Visit(w.decode(w.shape, opts), core.Stats{})
	}
	return w
}

// decode writes the options of a solution into the grid.
func (w *dlxWorker) decode(s *Shape, opts []int) core.Solution {
	n := s.N
	if cap(w.grid) < s.Cells() {
		w.grid = make(core.Solution, s.Cells())
	}
	w.grid = w.grid[:s.Cells()]
	for _, k := range opts {
		w.grid[k/n] = int32(k%n + 1)
	}
	return w.grid
}

func (w *dlxWorker) solve(ctx context.Context, p core.Problem, o *core.Options) (core.Result, error) {
	pz, err := puzzleOf(p, o)
	if err != nil {
		return core.Result{}, err
	}
	if err := checkRange(pz); err != nil {
		return core.Result{}, err
	}
	o = o.OrDefault()
	d, st, err := w.dlxFor(ctx, pz.Shape)
	if err != nil {
		return core.Result{}, err
	}
	if d == nil {
		return core.Result{Status: st}, nil // stopped while the matrix was built
	}
	n := pz.Shape.N
	d.forced = d.forced[:0]
	for i, v := range pz.Givens {
		if v != 0 {
			d.forced = append(d.forced, Option(n, i, v))
		}
	}
	// A sudoku search is short: one worker unless asked.
	d.opts = dlx.Options{Limit: limitOf(o), MaxNodes: o.MaxNodes, Forced: d.forced, Workers: max(o.Workers, 1), Method: w.method}
	if w.method == dlx.MethodLinks {
		d.opts.TakeSingleton, d.opts.Snapshot = true, n <= 9
	} else if o.Branch == "ssxcc" {
		d.opts.Branch, d.opts.Workers = dlx.BranchSSXCC, 1 // (its check refuses more workers, asked for)
	}
	if o.Mode != core.ModeCount && o.Visit != nil {
		w.o, w.shape = o, pz.Shape
		d.opts.Visit = w.visit
	}
	res, err := d.solver.Solve(ctx, &d.opts)
	w.o, w.shape, d.opts.Visit = nil, nil, nil
	if err != nil {
		return core.Result{}, fmt.Errorf("sudoku: %w", err)
	}
	out := core.Result{Status: res.Status, Solutions: core.CountOf(res.Solutions), Stats: res.Stats}
	if res.Solutions > 0 && o.Mode != core.ModeCount {
		if f := d.solver.First(); f != nil {
			out.First = w.decode(pz.Shape, f)
		}
	}
	return out, nil
}

// dlxFor returns the exact-cover solver for shape sh, building it on first
// use. The build checks a meter of ctx: when it stops the build, dlxFor
// returns no solver and the meter's status. A shape already built costs no
// allocation (a batch allocates nothing per puzzle).
func (w *dlxWorker) dlxFor(ctx context.Context, sh *Shape) (*dlxShape, core.Status, error) {
	for i, d := range w.shapes {
		if d.shape == sh || d.shape.sameAs(sh) {
			if i > 0 {
				copy(w.shapes[1:i+1], w.shapes[:i])
				w.shapes[0] = d
			}
			return d, core.StatusExhausted, nil
		}
	}
	m := core.NewMeter(ctx, nil)
	d, err := newDLXShape(m, sh)
	if errors.Is(err, errStopped) {
		return nil, m.Status(), nil
	}
	if err != nil {
		return nil, core.StatusExhausted, err
	}
	if len(w.shapes) == maxShapes {
		w.shapes = w.shapes[:maxShapes-1]
	}
	w.shapes = append([]*dlxShape{d}, w.shapes...)
	return d, core.StatusExhausted, nil
}

// fastWorker is the Fast solver (9×9 classic and X) with its buffers.
type fastWorker struct {
	fast    Fast
	in      [81]uint8
	grid    core.Solution // the first solution
	visited core.Solution // the solution being visited
	o       *core.Options
	visit   func(*[81]uint8) bool
}

func newFastWorker() *fastWorker {
	w := &fastWorker{grid: make(core.Solution, 81)}
	w.visit = func(g *[81]uint8) bool {
		if w.visited == nil {
			w.visited = make(core.Solution, 81)
		}
		for i, v := range g {
			w.visited[i] = int32(v)
		}
		return w.o.Visit(w.visited, core.Stats{})
	}
	return w
}

func (w *fastWorker) solve(ctx context.Context, p core.Problem, o *core.Options) (core.Result, error) {
	pz, err := puzzleOf(p, o)
	if err != nil {
		return core.Result{}, err
	}
	if err := checkFast(pz, o); err != nil {
		return core.Result{}, err
	}
	return w.run(ctx, pz, o.OrDefault())
}

// run solves pz, a 9×9 grid with 3×3 boxes.
func (w *fastWorker) run(ctx context.Context, pz *Puzzle, o *core.Options) (core.Result, error) {
	copy(w.in[:], pz.Givens)
	var visit func(*[81]uint8) bool
	if o.Mode != core.ModeCount && o.Visit != nil {
		w.o, visit = o, w.visit
	}
	w.fast.first = w.grid
	found, nodes, status := w.fast.solveWith(ctx, &w.in, limitOf(o), o.MaxNodes, nil, pz.Shape.Variant == X, visit)
	elapsed := time.Since(w.fast.start) // from the search's first poll: one clock reading fewer
	w.o, w.fast.first = nil, nil
	if found == 0 {
		if err := checkRange(pz); err != nil {
			return core.Result{}, err
		}
	}
	res := core.Result{Status: status, Solutions: core.CountOf(found), Stats: core.Stats{Nodes: nodes, Elapsed: elapsed}}
	if found > 0 && o.Mode != core.ModeCount {
		res.First = w.grid
	}
	return res, nil
}

// autoWorker runs Fast where it applies (9×9 with 3×3 boxes, classic or X)
// and the exact cover elsewhere; Result.Method names the one that ran.
type autoWorker struct {
	fast *fastWorker
	dlx  *dlxWorker
}

func (w *autoWorker) solve(ctx context.Context, p core.Problem, o *core.Options) (core.Result, error) {
	pz, err := puzzleOf(p, o)
	if err != nil {
		return core.Result{}, err
	}
	if pz.Shape.isClassic9() {
		if w.fast == nil {
			w.fast = newFastWorker()
		}
		res, err := w.fast.run(ctx, pz, o.OrDefault())
		res.Method = "fast"
		return res, err
	}
	if w.dlx == nil {
		w.dlx = newDLXWorker()
	}
	res, err := w.dlx.solve(ctx, pz, o)
	res.Method = "dlx"
	return res, err
}
