package sudoku

import (
	"fmt"
	"strings"

	"github.com/coverkit/coverkit/core"
	"github.com/coverkit/coverkit/models"
	"github.com/coverkit/coverkit/models/xcc"
)

// algorithms are the sudoku model's algorithms, in the order listings show
// them.
var algorithms = []models.Algorithm{
	{
		Name:        "auto",
		Kind:        models.Exact,
		Caps:        models.CanFirst | models.CanAll | models.CanCount | models.CanParallel | models.CanParallelList | models.CanBudget,
		Description: "fast where it applies (9x9 with 3x3 boxes, classic or X), dlx elsewhere; the default",
		Limits:      "side ≤ 64",
		Check:       checkPuzzle,
		NewWorker:   func() core.Solver { return new(autoWorker).solve },
	},
	{
		Name:        "dlx",
		Kind:        models.Exact,
		Caps:        models.CanFirst | models.CanAll | models.CanCount | models.CanParallel | models.CanParallelList | models.CanBudget,
		Description: "exact cover on Dancing Links: any box shape, X, jigsaw, Latin; givens forced",
		Limits:      "side ≤ 64",
		Check:       checkPuzzle,
		NewWorker:   func() core.Solver { return newDLXWorker().solve },
	},
	{
		Name: "cells",
		Kind: models.Exact,
		Caps: models.CanFirst | models.CanAll | models.CanCount | models.CanParallel | models.CanParallelList | models.CanBudget |
			models.CanBranch,
		Description: "exact cover on dancing cells (Knuth's SSXCC): any box shape, X, jigsaw, Latin; givens forced; " +
			"--branch ssxcc for SSXCC's tree exactly",
		Limits:    "side ≤ 64",
		Branches:  xcc.CellsBranches,
		Check:     checkCells,
		NewWorker: func() core.Solver { return newCellsWorker().solve },
	},
	{
		Name:        "fast",
		Kind:        models.Exact,
		Caps:        models.CanFirst | models.CanAll | models.CanCount | models.CanBudget,
		Description: "bitset constraint propagation with naked and hidden singles (9x9 classic and X)",
		Limits:      "9x9 with 3x3 boxes, classic or X only",
		Check:       checkFast,
		NewWorker:   func() core.Solver { return newFastWorker().solve },
	},
}

// DefaultAlgorithm is the algorithm a batch or Solve uses when none is
// named.
const DefaultAlgorithm = "auto"

// Algorithm returns the registered sudoku algorithm called name ("" for
// DefaultAlgorithm), or an error listing the known ones.
func Algorithm(name string) (models.Algorithm, error) {
	if name == "" {
		name = DefaultAlgorithm
	}
	a, err := models.LookupAlgorithm("sudoku", name)
	if err != nil {
		var names []string
		for _, a := range models.Algorithms("sudoku") {
			names = append(names, a.Name)
		}
		return a, fmt.Errorf("sudoku: unknown algorithm %q (known: %s)", name, strings.Join(names, ", "))
	}
	return a, nil
}

// CheckLayout reports whether algorithm a can solve puzzles of layout l
// before any is read: a layout that fixes the grid (a box shape, a region
// map, a variant) may rule an algorithm out (fast solves 9x9 grids with 3x3
// boxes only). A layout that leaves the side to each puzzle is checked on
// its 9x9 grid; other sides are checked puzzle by puzzle.
func CheckLayout(a models.Algorithm, l Layout) error {
	n := 9
	switch {
	case l.Variant == Jigsaw && l.Regions != nil:
		n = l.Regions.N
	case l.Variant != Latin && l.BoxRows*l.BoxCols > 0:
		n = l.BoxRows * l.BoxCols
	}
	s, err := l.Shape(n)
	if err != nil {
		return nil // the layout itself is refused puzzle by puzzle
	}
	return a.Supports(&Puzzle{Shape: s, Givens: make([]uint8, s.Cells())}, nil)
}
