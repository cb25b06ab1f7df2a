package pieces

import (
	"fmt"
	"math/bits"

	"github.com/coverkit/coverkit/core"
	"github.com/coverkit/coverkit/resource"
)

// MaxSearchCells bounds the boards the searches accept: they keep one
// bitset of attacked cells per cell, cells²/8 bytes (32 MiB here).
const MaxSearchCells = 1 << 14

// direction is one displacement vector of a piece on a board.
type direction struct {
	v    []int
	ride bool
}

// directions expands the piece's moves on the board's dimension. A move
// with more components than the board has dimensions is an error.
func directions(b *Board, p Piece) ([]direction, error) {
	d := len(b.Dims)
	var out []direction
	for _, m := range p.Moves {
		if !m.All && len(m.Step) > d {
			return nil, fmt.Errorf("%w: %s needs %d dimensions (the board has %d)", ErrPiece, m, len(m.Step), d)
		}
		for _, v := range m.vectors(d) {
			out = append(out, direction{v: v, ride: m.Ride})
		}
	}
	if len(out) == 0 {
		return nil, fmt.Errorf("%w: %q has no moves", ErrPiece, p.Name)
	}
	return out, nil
}

// stepper moves along a direction on a board: next returns the cell one
// step from x (with coordinates c, updated in place), or −1 off the board.
type stepper struct {
	b     *Board
	torus bool
}

func (s stepper) next(c, v []int) int {
	x := 0
	for i, d := range s.b.Dims {
		y := c[i] + v[i]
		if s.torus {
			y %= d
			if y < 0 {
				y += d
			}
		} else if y < 0 || y >= d {
			return -1
		}
		c[i] = y
		x = x*d + y
	}
	return x
}

// graph is the attack relation of a piece on a board, as bitsets: closed[x]
// (w words) holds x and every cell x attacks, for x not a pawn. Pawn cells
// are in no set: nothing stands there and nothing needs to be dominated.
type graph struct {
	b      *Board
	n, w   int
	closed []uint64 // n·w words
	free   []uint64 // w words: the cells that are not pawns
	pawn   []bool
	dirs   []direction
}

// newGraph computes the attack relation, made symmetric (u and v attack
// each other if either attacks the other). It checks m as it goes and
// returns errStopped if m stopped it.
func newGraph(m *core.Meter, b *Board, p Piece) (*graph, error) {
	n := b.Cells()
	if n > MaxSearchCells {
		return nil, fmt.Errorf("pieces: %s has %d cells; the searches hold at most %d (an attack set per cell): %w",
			b, n, MaxSearchCells, resource.ErrTooLarge)
	}
	dirs, err := directions(b, p)
	if err != nil {
		return nil, err
	}
	w := (n + 63) / 64
	if err := resource.Check(fmt.Sprintf("pieces: the attack sets of the %s board", b), resource.Bytes(uint64(n)*uint64(w), 8)); err != nil {
		return nil, err
	}
	g := &graph{b: b, n: n, w: w, closed: make([]uint64, n*w), free: make([]uint64, w), pawn: make([]bool, n), dirs: dirs}
	for _, x := range b.Pawns {
		g.pawn[x] = true
	}
	for x := range n {
		if !g.pawn[x] {
			g.free[x>>6] |= 1 << (x & 63)
		}
	}
	// Blocks of cells of about buildCheck steps, the meter checked between
	// them (and not in the loops that fill them). A ride is as many steps
	// as it can take: 127 for a queen's line on 128x128, where counting it
	// as one made blocks of 8,192 cells, half a second between checks.
	cost := 0
	for _, d := range dirs {
		cost += steps(b, d)
	}
	block := max(1, buildCheck/cost)
	start := make([]int, len(b.Dims))
	c := make([]int, len(b.Dims))
	for x0 := 0; x0 < n; x0 += block {
		if x0 > 0 {
			if _, ok := m.Check(uint64(x0) * uint64(cost)); !ok {
				return nil, errStopped
			}
		}
		g.fill(x0, min(n, x0+block), start, c)
	}
	return g, nil
}

// steps bounds the steps a direction takes from a cell: 1 for a leap; for
// a ride, the longest line along it (the largest d/|v| of its dimensions
// on a board; on a torus, the lcm of d/gcd(v, d) until it comes back),
// at most the board's cells.
func steps(b *Board, d direction) int {
	if !d.ride {
		return 1
	}
	n, most := b.Cells(), 1
	for i, v := range d.v {
		dim := b.Dims[i]
		switch {
		case v == 0:
			continue
		case !b.Torus:
			most = max(most, dim/max(v, -v))
			continue
		}
		period := dim / gcd(((v%dim)+dim)%dim, dim)
		most = min(n, most/gcd(most, period)*period)
	}
	return most
}

// gcd is the greatest common divisor of a ≥ 0 and b > 0.
func gcd(a, b int) int {
	for a != 0 {
		a, b = b%a, a
	}
	return b
}

// buildCheck is about how much work (steps followed) the builds do between
// checks of their meter.
const buildCheck = 1 << 16

// fill sets the attacks of the cells x0..x1-1; start and c are scratch
// coordinates.
func (g *graph) fill(x0, x1 int, start, c []int) {
	b := g.b
	st := stepper{b: b, torus: b.Torus}
	for x := x0; x < x1; x++ {
		if g.pawn[x] {
			continue
		}
		g.set(x, x)
		b.Coords(x, start)
		for _, dir := range g.dirs {
			copy(c, start)
			for {
				y := st.next(c, dir.v)
				if y < 0 || y == x || g.pawn[y] {
					break
				}
				g.set(x, y)
				g.set(y, x)
				if !dir.ride {
					break
				}
			}
		}
	}
}

func (g *graph) set(x, y int) { g.closed[x*g.w+y>>6] |= 1 << (y & 63) }

// row returns closed[x].
func (g *graph) row(x int) []uint64 { return g.closed[x*g.w : (x+1)*g.w] }

// degree returns the number of cells x attacks.
func (g *graph) degree(x int) int {
	d := 0
	for _, v := range g.row(x) {
		d += bits.OnesCount64(v)
	}
	return d - 1
}

// cliques partitions the free cells into cliques (sets of mutually
// attacking cells), as few as it can: the segments of one rider's line
// direction (rows, for queens), or a greedy cover, whichever has fewer.
// At most one piece stands in a clique, so the number of cliques meeting a
// set bounds the pieces the set can hold. It returns errStopped if m
// stopped it.
func (g *graph) cliques(m *core.Meter) ([][]int32, error) {
	best, err := g.greedyCliques(m)
	if err != nil {
		return nil, err
	}
	for _, d := range g.dirs {
		if d.ride && canonicalDir(d.v) {
			if s := g.segments(d.v); len(s) < len(best) {
				best = s
			}
		}
	}
	return best, nil
}

// segments partitions the free cells into the segments of the lines of
// direction v, between edges and pawns (on a torus, whole cycles when no
// pawn cuts them).
func (g *graph) segments(v []int) [][]int32 {
	b := g.b
	st := stepper{b: b, torus: b.Torus}
	neg := make([]int, len(v))
	for i, x := range v {
		neg[i] = -x
	}
	c := make([]int, len(b.Dims))
	done := make([]bool, g.n)
	var out [][]int32
	for x := range g.n {
		if g.pawn[x] || done[x] {
			continue
		}
		start := x
		b.Coords(x, c)
		for {
			y := st.next(c, neg)
			if y < 0 || g.pawn[y] || y == x {
				break
			}
			start = y
		}
		var seg []int32
		b.Coords(start, c)
		for y := start; ; {
			done[y] = true
			seg = append(seg, int32(y))
			y = st.next(c, v)
			if y < 0 || g.pawn[y] || y == start {
				break
			}
		}
		out = append(out, seg)
	}
	return out
}

// greedyCliques partitions the free cells into cliques greedily: the uncovered cell with the fewest uncovered
// neighbors starts a clique, grown by the candidate that keeps the most
// candidates (ties: the fewest uncovered neighbors, then the lowest cell).
func (g *graph) greedyCliques(m *core.Meter) ([][]int32, error) {
	n, w := g.n, g.w
	bound, ok := m.Check(0)
	if !ok {
		return nil, errStopped
	}
	work := uint64(0)
	unc := make([]uint64, w)
	copy(unc, g.free)
	udeg := make([]int, n) // uncovered neighbors
	for x := range n {
		if !g.pawn[x] {
			udeg[x] = andCount(g.row(x), unc) - 1
		}
	}
	var out [][]int32
	cand := make([]uint64, w)
	for {
		if len(out)&63 == 63 && work >= bound {
			if bound, ok = m.Check(work); !ok {
				return nil, errStopped
			}
		}
		best := -1
		for i, word := range unc {
			for word != 0 {
				x := i<<6 | bits.TrailingZeros64(word)
				word &= word - 1
				if best < 0 || udeg[x] < udeg[best] {
					best = x
				}
			}
		}
		if best < 0 {
			return out, nil
		}
		cl := []int32{int32(best)}
		r := g.row(best)
		for j := range w {
			cand[j] = r[j] & unc[j]
		}
		cand[best>>6] &^= 1 << (best & 63)
		for {
			pick, pickKeep := -1, -1
			for i, word := range cand {
				for word != 0 {
					y := i<<6 | bits.TrailingZeros64(word)
					word &= word - 1
					keep := 0
					if w <= 8 { // beyond 512 cells the lowest candidate does
						keep = andCount(g.row(y), cand)
					}
					if keep > pickKeep || keep == pickKeep && udeg[y] < udeg[pick] {
						pick, pickKeep = y, keep
					}
				}
			}
			if pick < 0 {
				break
			}
			cl = append(cl, int32(pick))
			r := g.row(pick)
			for j := range w {
				cand[j] &= r[j]
			}
			cand[pick>>6] &^= 1 << (pick & 63)
		}
		work += uint64(w) * uint64(len(cl)+1)
		for _, x := range cl {
			unc[x>>6] &^= 1 << (x & 63)
		}
		for _, x := range cl {
			r := g.row(int(x))
			for i := range w {
				word := r[i] & unc[i]
				for word != 0 {
					udeg[i<<6|bits.TrailingZeros64(word)]--
					word &= word - 1
				}
			}
		}
		out = append(out, cl)
	}
}

// andCount returns the number of bits set in both a and b.
func andCount(a, b []uint64) int {
	c := 0
	for i := range a {
		c += bits.OnesCount64(a[i] & b[i])
	}
	return c
}
