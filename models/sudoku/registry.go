package sudoku

import (
	"context"
	"fmt"
	"time"

	"github.com/coverkit/coverkit/dlx"
	"github.com/coverkit/coverkit/models"
	"github.com/coverkit/coverkit/resource"
)

func init() {
	models.Register(models.Algorithm{
		Model:       "sudoku",
		Name:        "dlx",
		Kind:        models.Exact,
		Caps:        models.CanFirst | models.CanAll | models.CanCount | models.CanParallel,
		Description: "exact cover on Dancing Links: any box shape, X, jigsaw, Latin; givens forced",
		Solve:       solveDLX,
	})
	models.Register(models.Algorithm{
		Model:       "sudoku",
		Name:        "fast",
		Kind:        models.Exact,
		Caps:        models.CanFirst | models.CanCount,
		Description: "bitset constraint propagation with naked and hidden singles (9x9 classic and X)",
		Solve:       solveFast,
	})
}

// puzzleOf checks the problem (a valid *Puzzle) and the worker count
// (resource.Workers) of a registry entry.
func puzzleOf(p models.Problem, o *models.Options) (*Puzzle, error) {
	pz, ok := p.(*Puzzle)
	if !ok {
		return nil, fmt.Errorf("sudoku: %w: got %s", models.ErrWrongProblem, models.Describe(p))
	}
	if _, err := resource.Workers(o.OrDefault().Workers); err != nil {
		return nil, fmt.Errorf("sudoku: %w", err)
	}
	if err := pz.Check(); err != nil {
		return nil, err
	}
	return pz, nil
}

// solveDLX is the registry entry of the exact-cover formulation: ModeFirst,
// ModeAll (up to Limit, through Visit) and ModeCount, in parallel with
// Workers > 1.
func solveDLX(ctx context.Context, p models.Problem, o *models.Options) (models.Result, error) {
	pz, err := puzzleOf(p, o)
	if err != nil {
		return models.Result{}, err
	}
	o = o.OrDefault()
	ec, err := ExactCover(pz.Shape)
	if err != nil {
		return models.Result{}, err
	}
	sv, err := dlx.NewSolver(ec)
	if err != nil {
		return models.Result{}, fmt.Errorf("sudoku: %s grid: %w", pz.Shape, err)
	}
	n := pz.Shape.N
	var forced []int
	for i, v := range pz.Givens {
		if v != 0 {
			forced = append(forced, Option(n, i, v))
		}
	}
	do := dlx.Options{Forced: forced, Workers: o.Workers, TakeSingleton: true}
	if o.Workers == 0 {
		do.Workers = 1 // a sudoku search is short: one worker unless asked
	}
	grid := make(models.Solution, n*n)
	res, err := sv.SolveModel(ctx, o, do, func(opts []int) models.Solution {
		for _, k := range opts {
			grid[k/n] = int32(k%n + 1)
		}
		return grid
	})
	if err != nil {
		return models.Result{}, fmt.Errorf("sudoku: %w", err)
	}
	return res, nil
}

// solveFast is the registry entry of the Fast solver: ModeFirst and
// ModeCount on 9×9 grids with 3×3 boxes, classic or X.
func solveFast(ctx context.Context, p models.Problem, o *models.Options) (models.Result, error) {
	pz, err := puzzleOf(p, o)
	if err != nil {
		return models.Result{}, err
	}
	o = o.OrDefault()
	if !pz.Shape.isClassic9() {
		return models.Result{}, fmt.Errorf("sudoku: %w: the fast solver handles 9x9 grids with 3x3 boxes (classic or X) only, not %s", models.ErrUnsupported, pz.Shape)
	}
	var limit uint64
	switch o.Mode {
	case models.ModeFirst:
		limit = 1
	case models.ModeAll:
		return models.Result{}, fmt.Errorf("sudoku: %w: the fast solver finds the first solution or counts them; use dlx to enumerate", models.ErrUnsupported)
	}
	var in, out [81]uint8
	copy(in[:], pz.Givens)
	start := time.Now()
	var f Fast
	solve := f.Solve
	if pz.Shape.Variant == X {
		solve = f.SolveX
	}
	found, nodes, status := solve(ctx, &in, limit, &out)
	res := models.Result{Status: status, Solutions: models.CountOf(found), Stats: models.Stats{Nodes: nodes, Elapsed: time.Since(start)}}
	if found > 0 {
		res.First = make(models.Solution, 81)
		for i, v := range out {
			res.First[i] = int32(v)
		}
		if o.Mode == models.ModeFirst && o.Visit != nil {
			o.Visit(res.First, res.Stats)
		}
	}
	return res, nil
}
