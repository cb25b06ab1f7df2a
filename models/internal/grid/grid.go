// Package grid is the exact cover of a Latin square, the one cover that
// models/latin counts and that models/sudoku extends with its regions
// (boxes, jigsaw pieces) and an X grid's diagonals, so that neither model
// imports the other.
package grid

import (
	"context"
	"errors"
	"fmt"
	"strconv"

	"github.com/coverkit/coverkit/core"
	"github.com/coverkit/coverkit/dlx"
)

// MaxSide is the largest side of a grid: 64 symbols.
const MaxSide = 64

// ErrStopped is the error of a build that its meter stopped: the search
// reports the meter's status instead.
var ErrStopped = errors.New("grid: stopped")

// Units are the units a grid adds to a Latin square's rows and columns:
// Region holds the region 0..N−1 of every cell, row-major (nil: none),
// and X adds both main diagonals.
type Units struct {
	Region []uint8
	X      bool
}

// Cover returns the exact cover of a side-n grid with the units u: option
// cell·N + (v−1) puts symbol v in cell (row-major; see Option); its items
// are the cell ("p<r>,<c>"), the symbol in the row ("r<r>#<v>"), in the
// column ("c<c>#<v>"), in the region ("b<g>#<v>", with u.Region) and,
// with u.X, on the main ("d#<v>") and anti- ("a#<v>") diagonals it lies
// on. Every item is primary: each cell gets one symbol and each unit
// holds each symbol once. All numbers in names are 1-based. It checks m
// as it builds (nil: no meter; a 64×64 grid takes a tenth of a second)
// and returns ErrStopped if m stopped it.
func Cover(m *core.Meter, n int, u Units) (*dlx.Problem, error) {
	if n < 1 || n > MaxSide {
		return nil, fmt.Errorf("grid: side %d is out of range (1..%d)", n, MaxSide)
	}
	if u.Region != nil && len(u.Region) != n*n {
		return nil, fmt.Errorf("grid: %d regions for %d cells", len(u.Region), n*n)
	}
	if m == nil {
		m = core.NewMeter(context.Background(), nil)
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
	// units adds the items "<prefix><j>#<v>" for units j and symbols v and
	// returns each unit's first item; a unit's symbols follow it in order.
	units := func(prefix string, count int) ([]int, error) {
		first := make([]int, count)
		for j := range count {
			name := prefix
			if count > 1 {
				name += strconv.Itoa(j + 1)
			}
			for v := 1; v <= n; v++ {
				k, err := p.AddPrimary(name + "#" + strconv.Itoa(v))
				if err != nil {
					return nil, err
				}
				if v == 1 {
					first[j] = k
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
	if u.Region != nil {
		if box, err = units("b", n); err != nil {
			return nil, err
		}
	}
	if u.X {
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
		return nil, ErrStopped
	}
	for i := range n * n {
		if work := uint64(i * n); work >= bound {
			if bound, ok = m.Check(work); !ok {
				return nil, ErrStopped
			}
		}
		r, c := i/n, i%n
		for v := range n {
			items = append(items[:0], cell[i], row[r]+v, col[c]+v)
			if box != nil {
				items = append(items, box[u.Region[i]]+v)
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

// Option returns the option of Cover that puts symbol v (1..N) in cell i
// (row-major) of a side-n grid.
func Option(n, i int, v uint8) int { return i*n + int(v) - 1 }

// Reduced returns the options of Cover that make a side-n Latin square
// reduced: its first row and its first column hold 1..N in order.
func Reduced(n int) []int {
	forced := make([]int, 0, max(2*n-1, 0))
	for c := range n {
		forced = append(forced, Option(n, c, uint8(c+1)))
	}
	for r := 1; r < n; r++ {
		forced = append(forced, Option(n, r*n, uint8(r+1)))
	}
	return forced
}
