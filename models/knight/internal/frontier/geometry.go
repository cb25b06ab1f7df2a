package frontier

import "math/bits"

// MaxRows is the widest board the kernel sweeps: the frontier of an
// R-row board holds 2R+1 cells, and a state packs 2R+1 cells of radix
// values, and the number of tour ends used, into 64 bits (11^17·3 < 2^61).
const MaxRows = 8

// maxWindow is the most cells a frontier holds, 2·MaxRows+1.
const maxWindow = 2*MaxRows + 1

// Cell codes of a frontier state: what the moves chosen so far make of a
// square not yet processed.
const (
	cellEmpty = 0 // no move chosen at the square yet
	cellFull  = 1 // both of its moves chosen
	cellTail  = 2 // one move chosen; its path's other end ends the open tour
	cellLabel = 3 // one move chosen; the ends of a path share a label, from 3
	// radix is the number of cell codes: the labels of at most MaxRows
	// paths (a window of 2R+1 cells holds at most R pairs of ends).
	radix = cellLabel + MaxRows
)

// pow holds radix^i: a state's key is Σ code_i·radix^i + ends·radix^W.
var pow = func() (p [maxWindow + 2]uint64) {
	p[0] = 1
	for i := 1; i < len(p); i++ {
		p[i] = p[i-1] * radix
	}
	return p
}()

// board is the geometry of a sweep: R rows (R ≤ MaxRows) and C columns,
// squares numbered in sweep order v = c·R + r.
type board struct {
	rows, cols int
	n          int // squares
	w          int // frontier cells, 2R+1
}

func newBoard(rows, cols int) board {
	return board{rows: rows, cols: cols, n: rows * cols, w: 2*rows + 1}
}

// later lists the neighbours of square v that come after v in sweep order,
// as offsets from v: (c+1, r−2), (c+1, r+2), (c+2, r−1), (c+2, r+1).
func (b board) later(v int) (off [4]int, n int) {
	r, c := v%b.rows, v/b.rows
	R := b.rows
	if c+1 < b.cols && r >= 2 {
		off[n] = R - 2
		n++
	}
	if c+1 < b.cols && r+2 < R {
		off[n] = R + 2
		n++
	}
	if c+2 < b.cols && r >= 1 {
		off[n] = 2*R - 1
		n++
	}
	if c+2 < b.cols && r+1 < R {
		off[n] = 2*R + 1
		n++
	}
	return off, n
}

// step is what a transition at square v needs to know of the board: the
// cells of v's later neighbours in the extended window (v at cell 0, the
// frontier after v at cells 1..W), and for each cell of the frontier after
// v (cell i is square v+1+i) the cells of that frontier it can still be
// joined to and the number of its neighbours beyond it.
type step struct {
	v    int
	fwd  [4]uint8
	nfwd int
	// subs lists, for each degree of the square (0, 1), the sets of its
	// later neighbours that can be its remaining moves.
	subs  [2][]moves
	near  [maxWindow]uint32 // frontier cell i → mask of frontier cells adjacent to it
	far   [maxWindow]uint8  // frontier cell i → its neighbours past the frontier
	on    uint32            // frontier cells on the board
	crit  uint32            // frontier cells that may starve: fewer than two neighbours past the frontier
	whole bool              // the frontier after v holds every square after v
	// white is the frontier cells of light squares (row+column even);
	// rest is the light squares past the frontier less the dark ones.
	white uint32
	rest  int
}

// moves is a set of moves from the processed square: the extended-window
// cells of the squares it goes to, and whether the square then ends an
// open tour (it has one move in all).
type moves struct {
	to  [2]uint8
	n   uint8
	end bool
}

func (b board) step(v int, closed bool) step {
	s := step{v: v}
	off, n := b.later(v)
	for i := range n {
		s.fwd[i] = uint8(off[i])
	}
	s.nfwd = n
	for i := range b.w {
		u := v + 1 + i
		if u >= b.n {
			break
		}
		s.on |= 1 << i
		if (u%b.rows+u/b.rows)%2 == 0 {
			s.white |= 1 << i
		}
		o, k := b.later(u)
		for j := range k {
			if i+o[j] < b.w {
				s.near[i] |= 1 << (i + o[j])
				s.near[i+o[j]] |= 1 << i
			} else {
				s.far[i]++
			}
		}
	}
	for i := range b.w {
		if s.on&(1<<i) != 0 && s.far[i] < 2 {
			s.crit |= 1 << i
		}
	}
	s.whole = v+b.w >= b.n-1
	for u := v + 1 + b.w; u < b.n; u++ {
		s.rest += 1 - 2*((u%b.rows+u/b.rows)%2)
	}
	for deg := range 2 {
		for sub := range 1 << n {
			k := bits.OnesCount(uint(sub))
			fin := deg + k
			if fin == 0 || fin > 2 || closed && fin != 2 {
				continue
			}
			m := moves{end: fin == 1}
			for j := range n {
				if sub&(1<<j) != 0 {
					m.to[m.n] = uint8(off[j])
					m.n++
				}
			}
			s.subs[deg] = append(s.subs[deg], m)
		}
	}
	return s
}
