package sudoku

import (
	"fmt"

	"github.com/coverkit/coverkit/core"
	"github.com/coverkit/coverkit/dlx"
	"github.com/coverkit/coverkit/models/internal/grid"
)

// ExactCover returns the exact-cover formulation of shape s: the cover of
// a Latin square of side N (package models/internal/grid: option
// cell·N + (v−1) puts symbol v in cell, row-major; items the cell
// "p<r>,<c>", the symbol in the row "r<r>#<v>" and in the column
// "c<c>#<v>") with the region items ("b<g>#<v>", not for Latin squares)
// and, for X, the main ("d#<v>") and anti- ("a#<v>") diagonal items. Every
// item is primary: each cell gets one symbol and each unit holds each
// symbol once. All numbers in names are 1-based.
//
// A puzzle's givens are the options Option(cell, v) forced before the
// search.
func ExactCover(s *Shape) (*dlx.Problem, error) {
	return exactCover(nil, s)
}

// errStopped is the error of a build that its meter stopped: the search
// reports the meter's status instead.
var errStopped = grid.ErrStopped

// exactCover is ExactCover checking m (nil: none) as it builds (a 64×64
// grid takes a tenth of a second): it returns errStopped if m stopped it.
func exactCover(m *core.Meter, s *Shape) (*dlx.Problem, error) {
	if s == nil {
		return nil, fmt.Errorf("sudoku: nil shape")
	}
	if s.N < 1 || s.N > MaxSide {
		return nil, fmt.Errorf("sudoku: side %d is too large (at most %d)", s.N, MaxSide)
	}
	return grid.Cover(m, s.N, grid.Units{Region: s.Region, X: s.Variant == X})
}

// Option returns the exact-cover option (see ExactCover) that puts symbol v
// (1..N) in cell i (row-major) of a side-n grid.
func Option(n, i int, v uint8) int { return grid.Option(n, i, v) }

// dlxShape is the exact-cover solver of one shape, reused for every puzzle
// of that shape: the givens become forced options.
type dlxShape struct {
	shape  *Shape
	solver *dlx.Solver
	forced []int
	opts   dlx.Options
}

// newDLXShape builds the exact-cover solver of shape s (a 64×64 grid has
// about 1.3 million nodes, 21 MiB), checking m as it builds; it returns
// errStopped if m stopped it.
func newDLXShape(m *core.Meter, s *Shape) (*dlxShape, error) {
	p, err := exactCover(m, s)
	if err != nil {
		return nil, err
	}
	sv, err := dlx.NewSolver(p)
	if err != nil {
		return nil, fmt.Errorf("sudoku: %s grid: %w", s, err)
	}
	return &dlxShape{shape: s, solver: sv, forced: make([]int, 0, s.Cells())}, nil
}
