package knight

import "github.com/coverkit/coverkit/core"

// MoveTable is the source text's ordered table of knight moves, the 2×8
// matrix D of increments: move k goes from (r, c) to (r+MoveTable[k][0],
// c+MoveTable[k][1]), rows counted downwards and columns rightwards. The
// order is the classic one (Wirth's): counterclockwise from two rows down and
// one column right. Backtracking tries the moves in this order, and the
// other algorithms use it to break their last ties.
var MoveTable = [8][2]int{
	{2, 1}, {1, 2}, {-1, 2}, {-2, 1}, {-2, -1}, {-1, -2}, {1, -2}, {2, -1},
}

// graph is the knight's graph of a board small enough to tabulate: for each
// square its neighbours in MoveTable order.
type graph struct {
	rows, cols int
	n          int
	nb         []int32 // n*8 neighbours, the first nc[s] of each row used
	nc         []uint8
}

// firstCheck is the work (squares) after which the build loops first
// check their meter: a small board is built without one (a search checks
// the meter when it starts anyway), a large one within a millisecond.
const firstCheck = 1 << 16

// newGraph tabulates the rows×cols board's graph, checking m as it goes
// (a huge board takes seconds); it reports false if m stopped it.
func newGraph(m *core.Meter, rows, cols int) (*graph, bool) {
	n := rows * cols
	g := &graph{rows: rows, cols: cols, n: n, nb: make([]int32, n*8), nc: make([]uint8, n)}
	// Blocks of rows of about firstCheck squares, the meter checked
	// between them (and not in the loops that fill them).
	block := max(1, firstCheck/max(cols, 1))
	for r := 0; r < rows; r += block {
		if r > 0 {
			if _, ok := m.Check(uint64(r) * uint64(cols)); !ok {
				return nil, false
			}
		}
		g.fill(r, min(rows, r+block))
	}
	return g, true
}

// fill tabulates the neighbours of the squares of rows r0..r1-1.
func (g *graph) fill(r0, r1 int) {
	rows, cols := g.rows, g.cols
	for r := r0; r < r1; r++ {
		for c := range cols {
			s := r*cols + c
			k := 0
			for _, d := range MoveTable {
				rr, cc := r+d[0], c+d[1]
				if rr >= 0 && rr < rows && cc >= 0 && cc < cols {
					g.nb[s*8+k] = int32(rr*cols + cc)
					k++
				}
			}
			g.nc[s] = uint8(k)
		}
	}
}

// neighbours returns the neighbours of s.
func (g *graph) neighbours(s int32) []int32 {
	return g.nb[int(s)*8 : int(s)*8+int(g.nc[s])]
}

// adjacent reports whether a and b are a knight's move apart.
func (g *graph) adjacent(a, b int32) bool {
	return isKnightMove(int(a)/g.cols, int(a)%g.cols, int(b)/g.cols, int(b)%g.cols)
}

// symmetries returns the board's symmetries as maps of square indices: the
// identity first, then the reflections and rotations that map a rows×cols
// board onto itself (4 for a rectangle, 8 for a square). It reports false
// if m stopped it.
func symmetries(m *core.Meter, rows, cols int) ([][]int32, bool) {
	n := rows * cols
	type tf func(r, c int) (int, int)
	fs := []tf{
		func(r, c int) (int, int) { return r, c },
		func(r, c int) (int, int) { return rows - 1 - r, c },
		func(r, c int) (int, int) { return r, cols - 1 - c },
		func(r, c int) (int, int) { return rows - 1 - r, cols - 1 - c },
	}
	if rows == cols {
		fs = append(fs,
			func(r, c int) (int, int) { return c, r },
			func(r, c int) (int, int) { return cols - 1 - c, rows - 1 - r },
			func(r, c int) (int, int) { return c, rows - 1 - r },
			func(r, c int) (int, int) { return cols - 1 - c, r },
		)
	}
	out := make([][]int32, len(fs))
	bound, ok := uint64(firstCheck), true
	work := uint64(0)
	for i, f := range fs {
		sym := make([]int32, n)
		for r := range rows {
			if work >= bound {
				if bound, ok = m.Check(work); !ok {
					return nil, false
				}
			}
			for c := range cols {
				rr, cc := f(r, c)
				sym[r*cols+c] = int32(rr*cols + cc)
			}
			work += uint64(cols)
		}
		out[i] = sym
	}
	return out, true
}

// symmetryOf returns the image of square s under the i-th symmetry of
// symmetries, computed without tables (for huge boards).
func symmetryOf(rows, cols, i int, s int32) int32 {
	r, c := int(s)/cols, int(s)%cols
	switch i {
	case 1:
		r = rows - 1 - r
	case 2:
		c = cols - 1 - c
	case 3:
		r, c = rows-1-r, cols-1-c
	case 4:
		r, c = c, r
	case 5:
		r, c = cols-1-c, rows-1-r
	case 6:
		r, c = c, rows-1-r
	case 7:
		r, c = cols-1-c, r
	}
	return int32(r*cols + c)
}

// symmetryCount returns how many symmetries a rows×cols board has.
func symmetryCount(rows, cols int) int {
	if rows == cols {
		return 8
	}
	return 4
}
