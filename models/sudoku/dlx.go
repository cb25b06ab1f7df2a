package sudoku

import (
	"context"
	"errors"
	"fmt"
	"strconv"

	"github.com/coverkit/coverkit/core"
	"github.com/coverkit/coverkit/dlx"
)

// ExactCover returns the exact-cover formulation of shape s: option
// cell·N + (v−1) puts symbol v in cell (row-major); its items are the cell
// ("p<r>,<c>"), the symbol in the row ("r<r>#<v>"), in the column
// ("c<c>#<v>"), in the region ("b<g>#<v>", not for Latin squares) and, for
// X, on the main ("d#<v>") and anti- ("a#<v>") diagonals it lies on. Every
// item is primary: each cell gets one symbol and each unit holds each
// symbol once. All numbers in names are 1-based.
//
// A puzzle's givens are the options Option(cell, v) forced before the
// search.
func ExactCover(s *Shape) (*dlx.Problem, error) {
	return exactCover(core.NewMeter(context.Background(), nil), s)
}

// errStopped is the error of a build that its meter stopped: the search
// reports the meter's status instead.
var errStopped = errors.New("sudoku: stopped")

// exactCover is ExactCover checking m as it builds (a 64×64 grid takes a
// tenth of a second): it returns errStopped if m stopped it.
func exactCover(m *core.Meter, s *Shape) (*dlx.Problem, error) {
	if s == nil {
		return nil, fmt.Errorf("sudoku: nil shape")
	}
	n := s.N
	if n < 1 || n > MaxSide {
		return nil, fmt.Errorf("sudoku: side %d is too large (at most %d)", n, MaxSide)
	}
	p := dlx.New()
	cell := make([]int, n*n)
	for i := range cell {
		k, err := p.AddPrimary("p" + strconv.Itoa(i/n+1) + "," + strconv.Itoa(i%n+1))
		if err != nil {
			return nil, err
		}
		cell[i] = k
	}
	// units adds the items "<prefix><u>#<v>" for units u and symbols v and
	// returns each unit's first item; a unit's symbols follow it in order.
	units := func(prefix string, count int) ([]int, error) {
		first := make([]int, count)
		for u := range count {
			name := prefix
			if count > 1 {
				name += strconv.Itoa(u + 1)
			}
			for v := 1; v <= n; v++ {
				k, err := p.AddPrimary(name + "#" + strconv.Itoa(v))
				if err != nil {
					return nil, err
				}
				if v == 1 {
					first[u] = k
				}
			}
		}
		return first, nil
	}
	row, err := units("r", n)
	if err != nil {
		return nil, err
	}
	col, err := units("c", n)
	if err != nil {
		return nil, err
	}
	var box, diag, anti []int
	if s.Region != nil {
		if box, err = units("b", n); err != nil {
			return nil, err
		}
	}
	if s.Variant == X {
		if diag, err = units("d", 1); err != nil {
			return nil, err
		}
		if anti, err = units("a", 1); err != nil {
			return nil, err
		}
	}
	items := make([]int, 0, 6)
	bound, ok := m.Check(0)
	if !ok {
		return nil, errStopped
	}
	for i := range n * n {
		if work := uint64(i * n); work >= bound {
			if bound, ok = m.Check(work); !ok {
				return nil, errStopped
			}
		}
		r, c := i/n, i%n
		for v := range n {
			items = append(items[:0], cell[i], row[r]+v, col[c]+v)
			if box != nil {
				items = append(items, box[s.Region[i]]+v)
			}
			if diag != nil && r == c {
				items = append(items, diag[0]+v)
			}
			if anti != nil && r+c == n-1 {
				items = append(items, anti[0]+v)
			}
			if _, err := p.AddOptionIndex(items, nil); err != nil {
				return nil, err
			}
		}
	}
	return p, nil
}

// Option returns the exact-cover option (see ExactCover) that puts symbol v
// (1..N) in cell i (row-major) of a side-n grid.
func Option(n, i int, v uint8) int { return i*n + int(v) - 1 }

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
