package sudoku

import (
	"context"
	"fmt"
	"time"

	"github.com/coverkit/coverkit/models"
)

// Algo selects the search behind a Solver.
type Algo uint8

const (
	// Auto uses Fast where it supports the grid (9×9 with 3×3 boxes,
	// classic or X) and DLX elsewhere.
	Auto Algo = iota
	// DLX is the exact-cover formulation on the generic dlx engine, for
	// every shape and variant.
	DLX
	// FastAlgo is the specialized bitset solver (9×9 classic and X only).
	FastAlgo
)

var algoNames = [...]string{"auto", "dlx", "fast"}

// String returns the algorithm's name: auto, dlx or fast.
func (a Algo) String() string {
	if int(a) < len(algoNames) {
		return algoNames[a]
	}
	return fmt.Sprintf("Algo(%d)", int(a))
}

// ParseAlgo reads an algorithm name: "" or "auto", "dlx", "fast".
func ParseAlgo(s string) (Algo, error) {
	switch s {
	case "", "auto":
		return Auto, nil
	case "dlx":
		return DLX, nil
	case "fast":
		return FastAlgo, nil
	}
	return 0, fmt.Errorf("sudoku: unknown algorithm %q (dlx, fast)", s)
}

// Supports reports whether algorithm a can solve puzzles of shape s: Fast
// handles 9×9 grids with 3×3 boxes, classic or X; DLX and Auto handle every shape.
func (a Algo) Supports(s *Shape) bool { return a != FastAlgo || s.isClassic9() }

// Outcome is the result of one puzzle's search.
type Outcome struct {
	// Found is the number of solutions found (all of them when Status is
	// StatusExhausted).
	Found uint64
	// Status says why the search stopped: exhausted, found (the limit was
	// reached), or timeout/canceled/limit.
	Status models.Status
	// Stats is the work done: search nodes (and DLX link updates), elapsed.
	Stats models.Stats
	// Algo is the algorithm that ran (DLX or FastAlgo, never Auto).
	Algo Algo
}

// Verdict returns the outcome's verdict (see VerdictOf).
func (o Outcome) Verdict() Verdict { return VerdictOf(o.Found, o.Status) }

// Solver solves puzzles one after another, building the exact-cover matrix
// once per shape and reusing it (and the Fast solver) for every puzzle of
// that shape, so a batch allocates nothing per puzzle. A Solver is not safe
// for concurrent use: give each goroutine its own.
type Solver struct {
	algo     Algo
	maxNodes uint64
	shapes   []*dlxShape // most recently used first, at most maxShapes
	fast     *Fast
	fastIn   [81]uint8
	fastOut  [81]uint8
}

// maxShapes bounds the exact-cover matrices a Solver keeps.
const maxShapes = 8

// NewSolver returns a Solver using algorithm a. maxNodes, if not 0, is a
// node budget per puzzle for the DLX search (status limit when it runs
// out).
func NewSolver(a Algo, maxNodes uint64) *Solver {
	return &Solver{algo: a, maxNodes: maxNodes}
}

// Algo returns the algorithm s uses for puzzles of shape sh.
func (s *Solver) Algo(sh *Shape) Algo {
	if s.algo == DLX || (s.algo == Auto && !sh.isClassic9()) {
		return DLX
	}
	return FastAlgo
}

// Solve searches p for up to limit solutions (0: all of them) and writes
// the first into sol (N² symbols, row-major; sol must have room for them).
// p's givens must have passed Puzzle.Check (Parser does it). It fails only
// when the algorithm does not support the shape or the shape is too large.
func (s *Solver) Solve(ctx context.Context, p *Puzzle, limit uint64, sol []uint8) (Outcome, error) {
	sh := p.Shape
	if len(sol) < sh.Cells() {
		return Outcome{}, fmt.Errorf("sudoku: solution buffer of %d cells for a %s grid", len(sol), sh)
	}
	a := s.Algo(sh)
	if a == FastAlgo {
		if !sh.isClassic9() {
			return Outcome{}, fmt.Errorf("sudoku: %w: the fast solver handles 9x9 grids with 3x3 boxes (classic or X) only, not %s (use --algo dlx)", models.ErrUnsupported, sh)
		}
		return s.solveFast(ctx, p, limit, sol), nil
	}
	d, err := s.dlxFor(sh)
	if err != nil {
		return Outcome{}, err
	}
	out, err := d.solve(ctx, p.Givens, limit, s.maxNodes, sol)
	out.Algo = DLX
	return out, err
}

func (s *Solver) solveFast(ctx context.Context, p *Puzzle, limit uint64, sol []uint8) Outcome {
	if s.fast == nil {
		s.fast = new(Fast)
	}
	copy(s.fastIn[:], p.Givens)
	start := time.Now()
	solve := s.fast.Solve
	if p.Shape.Variant == X {
		solve = s.fast.SolveX
	}
	found, nodes, status := solve(ctx, &s.fastIn, limit, &s.fastOut)
	if found > 0 {
		copy(sol, s.fastOut[:])
	}
	return Outcome{Found: found, Status: status, Stats: models.Stats{Nodes: nodes, Elapsed: time.Since(start)}, Algo: FastAlgo}
}

// dlxFor returns the exact-cover solver for shape sh, building it on first
// use.
func (s *Solver) dlxFor(sh *Shape) (*dlxShape, error) {
	for i, d := range s.shapes {
		if d.shape == sh || d.shape.sameAs(sh) {
			if i > 0 {
				copy(s.shapes[1:i+1], s.shapes[:i])
				s.shapes[0] = d
			}
			return d, nil
		}
	}
	d, err := newDLXShape(sh)
	if err != nil {
		return nil, err
	}
	if len(s.shapes) == maxShapes {
		s.shapes = s.shapes[:maxShapes-1]
	}
	s.shapes = append([]*dlxShape{d}, s.shapes...)
	return d, nil
}
