package knight

import (
	"fmt"
	"math"
	"math/bits"

	"github.com/coverkit/coverkit/models"
)

// DivideBytesPerSquare is the peak memory of Construct per square of the
// board: one int32 of links while the tour is assembled and the returned
// int32 visiting order.
const DivideBytesPerSquare = 8

// Construct returns a knight's tour of the rows×cols board by divide and
// conquer, in time and memory linear in the number of squares, as square
// indices r*cols+c (0-based) in visiting order starting at square 0. If
// closed is true the last square is a knight's move from the first.
//
// Closed tours are built for every board that has one (Schwenk's theorem:
// with m ≤ n, all but m and n both odd, m = 1, 2 or 4, and m = 3 with n = 4,
// 6 or 8). Open tours (closed false) are built for every board that has an
// open tour from a corner: boards with a closed tour (the closed tour is
// returned), odd×odd boards from 5×5 up, 3×n for n = 4 and n ≥ 7, 4×n for
// n ≥ 5, and 1×1. Other sizes give an error wrapping models.ErrUnsupported;
// boards of more than 2^31−1 squares one wrapping models.ErrTooLarge.
//
// The board is cut into blocks of 3 to 10 rows and columns whose tours
// (found once by a search program and stored as tables) are placed side by
// side and joined, in the manner of Parberry's divide and conquer, by
// exchanging two edges between neighbouring blocks. Peak memory is
// DivideBytesPerSquare bytes per square, the returned slice included.
func Construct(rows, cols int, closed bool) ([]int32, error) {
	if err := divCheck(rows, cols); err != nil {
		return nil, err
	}
	b, err := divPlan(rows, cols, closed)
	if err != nil {
		return nil, err
	}
	if b == nil {
		return []int32{0}, nil
	}
	return b.build()
}

// divCheck refuses non-positive sides and boards whose squares cannot be
// indexed by int32.
func divCheck(rows, cols int) error {
	if rows <= 0 || cols <= 0 {
		return fmt.Errorf("knight: board %dx%d: sides must be positive: %w", rows, cols, models.ErrUnsupported)
	}
	hi, n := bits.Mul64(uint64(rows), uint64(cols))
	if hi != 0 || n > math.MaxInt32 {
		need := float64(rows) * float64(cols) * DivideBytesPerSquare
		return fmt.Errorf("knight: a %dx%d board has more than 2^31-1 squares (it would need %.1f GiB at %d bytes per square): %w",
			rows, cols, need/(1<<30), DivideBytesPerSquare, models.ErrTooLarge)
	}
	return nil
}

// divNone is the neighbour recorded for the free side of a path's end.
const divNone int32 = -1

// divPlacement puts a base block on the board: cell (r, c) of the block goes
// to the square base + r*sr + c*sc. After placing it, the block is joined to
// the blocks placed before it by join (if any) on the squares j.
type divPlacement struct {
	blk    *divBlock
	base   int32
	sr, sc int32
	join   int // divJoinNone, divJoinSwap or divJoinInsert
	j      [4]int32
}

const (
	divJoinNone = iota
	// divJoinSwap removes the edges j0-j1 (placed before) and j2-j3 (this
	// block) and adds j0-j2 and j1-j3.
	divJoinSwap
	// divJoinInsert removes the edge j0-j1 (placed before) and puts this
	// block's path, from its end j2 to its end j3, in its place.
	divJoinInsert
)

// divBuilder is the plan of a construction: the board, and a generator of
// the block placements in an order in which every join connects two
// different pieces, so that the last join leaves one cycle or one path.
type divBuilder struct {
	rows, cols int
	closed     bool
	from       int32 // the tour neighbour of square 0 the walk comes from, or divNone
	gen        func(put func(p *divPlacement))
}

// build places the blocks into one array of XOR-linked neighbours (each
// square holds the XOR of its two tour neighbours, divNone standing for the
// missing one at a path's ends), performs the joins, and walks the result
// into the visiting order. The links and the order are the only arrays of
// the board's size.
func (b *divBuilder) build() ([]int32, error) {
	n := b.rows * b.cols
	adj := make([]int32, n)
	cache := map[divKey]*divDeltas{}
	b.gen(func(p *divPlacement) {
		k := divKey{p.blk, p.sr, p.sc}
		d := cache[k]
		if d == nil {
			d = p.blk.deltas(p.sr, p.sc)
			cache[k] = d
		}
		d.place(adj, p.base, p.sr, p.sc)
		if !p.blk.closed {
			first, last := p.base+d.first, p.base+d.last
			adj[first] = (first + d.firstNext) ^ divNone
			adj[last] = (last + d.lastPrev) ^ divNone
		}
		switch p.join {
		case divJoinSwap:
			divSwap(adj, p.j[0], p.j[1], p.j[2], p.j[3])
		case divJoinInsert:
			divInsert(adj, p.j[0], p.j[1], p.j[2], p.j[3])
		}
	})
	// Walk: the next square is the XOR of the links with the previous one.
	out := make([]int32, n)
	prev, cur := b.from, int32(0)
	for i := range out {
		out[i] = cur
		prev, cur = cur, adj[cur]^prev
	}
	want := divNone
	if b.closed {
		want = 0
	}
	if cur != want {
		return nil, fmt.Errorf("knight: divide and conquer on %dx%d: internal error: the joined blocks are not one tour", b.rows, b.cols)
	}
	return out, nil
}

// divSwap removes the edges a1-a2 and b1-b2, which lie on two different
// pieces (cycles or paths), and adds a1-b1 and a2-b2, making one piece.
func divSwap(adj []int32, a1, a2, b1, b2 int32) {
	adj[a1] ^= a2 ^ b1
	adj[a2] ^= a1 ^ b2
	adj[b1] ^= b2 ^ a1
	adj[b2] ^= b1 ^ a2
}

// divInsert removes the edge u-v of one piece and puts the path s..t (a
// separate piece) in its place: u-s ... t-v.
func divInsert(adj []int32, u, v, s, t int32) {
	adj[u] ^= v ^ s
	adj[v] ^= u ^ t
	adj[s] ^= divNone ^ u
	adj[t] ^= divNone ^ v
}

type divKey struct {
	blk    *divBlock
	sr, sc int32
}

// divDeltas is a block's tour in board terms for one placement orientation:
// for the cell (r, c) at index r*w+c, the offsets of its two neighbours from
// its own square.
type divDeltas struct {
	h, w                int
	d                   []int32 // 2 per cell
	first, last         int32   // offsets of a path's ends from the block's base
	firstNext, lastPrev int32   // offsets of their neighbours from the ends
}

func (blk *divBlock) deltas(sr, sc int32) *divDeltas {
	h, w := blk.h, blk.w
	d := &divDeltas{h: h, w: w, d: make([]int32, 2*h*w)}
	off := func(cell uint8) int32 {
		r, c := int32(cell)/int32(w), int32(cell)%int32(w)
		return r*sr + c*sc
	}
	m := len(blk.cells)
	for i, cell := range blk.cells {
		p := blk.cells[(i+m-1)%m]
		q := blk.cells[(i+1)%m]
		o := off(cell)
		d.d[2*int(cell)] = off(p) - o
		d.d[2*int(cell)+1] = off(q) - o
	}
	if !blk.closed {
		d.first, d.last = off(blk.cells[0]), off(blk.cells[m-1])
		d.firstNext = off(blk.cells[1]) - d.first
		d.lastPrev = off(blk.cells[m-2]) - d.last
	}
	return d
}

// place writes the block's links with its cell (0, 0) on square base.
func (d *divDeltas) place(adj []int32, base, sr, sc int32) {
	k := 0
	for r := range d.h {
		g := base + int32(r)*sr
		for range d.w {
			adj[g] = (g + d.d[k]) ^ (g + d.d[k+1])
			k += 2
			g += sc
		}
	}
}

// divMoves are the eight knight moves.
var divMoves = [8][2]int{{2, 1}, {1, 2}, {-1, 2}, {-2, 1}, {-2, -1}, {-1, -2}, {1, -2}, {2, -1}}

// divBlock is a base tour of a small h×w block: the cells r*w+c in visiting
// order, a cycle if closed and otherwise a path.
type divBlock struct {
	h, w   int
	closed bool
	cells  []uint8
}
