package knight

import (
	"context"
	"fmt"
	"math"
	"math/bits"

	"github.com/coverkit/coverkit/core"
	"github.com/coverkit/coverkit/resource"
)

// DivideBytesPerSquare is the peak memory of Construct per square of the
// board: the returned int32 visiting order and nothing else of the board's
// size. Stream needs none.
const DivideBytesPerSquare = 4

// Construct returns a knight's tour of the rows×cols board by divide and
// conquer, in time and memory linear in the number of squares, as square
// indices r*cols+c (0-based) in visiting order starting at square 0. If
// closed is true the last square is a knight's move from the first.
//
// Closed tours are built for every board that has one (by Schwenk's
// theorem, with m ≤ n, every board except when m and n are both odd, when
// m is 1, 2 or 4, or when m = 3 and n is 4, 6 or 8). Open tours (closed false) are built for every board that has an
// open tour from a corner: boards with a closed tour (the closed tour is
// returned), odd×odd boards with both sides at least 5, 3×n for n = 4 and
// n ≥ 7, 4×n for n ≥ 5, and 1×1. Other sizes give an error wrapping core.ErrUnsupported;
// boards of more than 2^31−1 squares one wrapping resource.ErrTooLarge.
//
// The board is cut into blocks of 3 to 10 rows and columns whose tours
// (found once by a search program and stored as tables) are joined, in the
// manner of Parberry's divide and conquer, by exchanging two edges between
// neighbouring blocks (or, on boards with 3 or 4 rows, by putting a block's
// path in place of an edge of the block before it). The joins are never stored: the tour is walked block
// by block, each block's table giving the next square until a join sends
// the walk into a neighbouring block. Peak memory is DivideBytesPerSquare
// bytes per square, the returned slice itself, plus a few bytes per row and
// column.
func Construct(rows, cols int, closed bool) ([]int32, error) {
	return construct(core.NewMeter(context.Background(), nil), rows, cols, closed)
}

// constructChunk is how many squares construct writes between checks of
// its meter.
const constructChunk = 1 << 20

// construct is Construct stopping through m: it returns a nil tour and no
// error when m stopped it.
func construct(m *core.Meter, rows, cols int, closed bool) ([]int32, error) {
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
	if err := checkMemory(fmt.Sprintf("a tour of a %dx%d board at %d bytes a square", rows, cols, DivideBytesPerSquare), uint64(rows)*uint64(cols)*DivideBytesPerSquare); err != nil {
		return nil, err
	}
	out := make([]int32, rows*cols)
	divHugePages(out)
	w := b.walker()
	bound, ok := uint64(firstCheck), true
	for done := 0; done < len(out); {
		if uint64(done) >= bound {
			if bound, ok = m.Check(uint64(done)); !ok {
				return nil, nil
			}
		}
		next := min(len(out), done+constructChunk)
		w.fill(out[done:next])
		done = next
	}
	if err := w.finish(); err != nil {
		return nil, err
	}
	return out, nil
}

// Stream produces the tour that Construct returns without holding it: it
// calls fn with consecutive pieces of the visiting order (the slice is
// reused between calls, at most 65,536 squares at a time) and stops at the
// first error fn returns, which it returns. Its memory does not grow with
// the board beyond a few bytes per row and column, so a tour can be written
// out at the speed of the disk for boards whose tour would not fit in
// memory (up to 2^31−1 squares).
func Stream(rows, cols int, closed bool, fn func(squares []int32) error) error {
	if err := divCheck(rows, cols); err != nil {
		return err
	}
	b, err := divPlan(rows, cols, closed)
	if err != nil {
		return err
	}
	if b == nil {
		return fn([]int32{0})
	}
	buf := make([]int32, min(1<<16, rows*cols))
	w := b.walker()
	for left := rows * cols; left > 0; {
		piece := buf[:min(left, len(buf))]
		w.fill(piece)
		left -= len(piece)
		if left == 0 {
			if err := w.finish(); err != nil {
				return err
			}
		}
		if err := fn(piece); err != nil {
			return err
		}
	}
	return nil
}

// divCheck refuses non-positive sides and boards whose squares cannot be
// indexed by int32.
func divCheck(rows, cols int) error {
	if rows <= 0 || cols <= 0 {
		return fmt.Errorf("knight: board %dx%d: sides must be positive: %w", rows, cols, core.ErrUnsupported)
	}
	hi, n := bits.Mul64(uint64(rows), uint64(cols))
	if hi != 0 || n > math.MaxInt32 {
		need := float64(rows) * float64(cols) * DivideBytesPerSquare
		return fmt.Errorf("knight: a %dx%d board has more than 2^31-1 squares (it would need %.1f GiB at %d bytes per square): %w",
			rows, cols, need/(1<<30), DivideBytesPerSquare, resource.ErrTooLarge)
	}
	return nil
}

// divBlock is a base tour of a small h×w block: the cells r*w+c in visiting
// order, a cycle if closed and otherwise a path.
type divBlock struct {
	h, w   int
	closed bool
	cells  []uint8
}

// divLocal is a base block as placed on a board, in the board's
// orientation (the block's table transposed or not). Its h×w cells are
// numbered r*w+c; its tour's positions 0 … m-1 in order. For each position
// it holds the cell there and the cell's offset on the board from the
// block's first square, and for each position the nearest position ahead
// and behind whose cell can be the end of a join, so that the walk copies
// runs of squares between joins.
type divLocal struct {
	h, w         int
	closed       bool
	ord          []int32 // the board offset of the cell at each position
	cell         []int16 // the cell at each position
	pos          []int16 // the position of each cell
	join         []bool  // by cell: can be the end of a join
	stopF, stopB []int16 // by position: the next join cell at or after it, at or before it
	first, last  int16   // a path's ends; -1 for a cycle
}

// newDivLocal places blk's table on a board whose square (r, c) is
// r*sr + c*sc, transposed if flip. The cells that can be ends of joins are
// set by seal.
func newDivLocal(blk *divBlock, flip bool, sr, sc int32) *divLocal {
	h, w := blk.h, blk.w
	if flip {
		h, w = w, h
	}
	m := len(blk.cells)
	l := &divLocal{h: h, w: w, closed: blk.closed, ord: make([]int32, m), cell: make([]int16, m),
		pos: make([]int16, m), join: make([]bool, m), first: -1, last: -1}
	for i, t := range blk.cells {
		r, c := int(t)/blk.w, int(t)%blk.w
		if flip {
			r, c = c, r
		}
		x := int16(r*w + c)
		l.cell[i], l.pos[x] = x, int16(i)
		l.ord[i] = int32(r)*sr + int32(c)*sc
	}
	if !blk.closed {
		l.first, l.last = l.cell[0], l.cell[m-1]
	}
	l.seal()
	return l
}

// seal marks cells as possible ends of joins.
func (l *divLocal) seal(cells ...int16) {
	for _, x := range cells {
		l.join[x] = true
	}
	m := len(l.cell)
	l.stopF, l.stopB = make([]int16, m), make([]int16, m)
	next := int16(m - 1)
	for p := m - 1; p >= 0; p-- {
		if l.join[l.cell[p]] {
			next = int16(p)
		}
		l.stopF[p] = next
	}
	prev := int16(0)
	for p := range m {
		if l.join[l.cell[p]] {
			prev = int16(p)
		}
		l.stopB[p] = prev
	}
}

// step returns the cell after position p going forward (fwd) or back, or
// -1 past a path's end.
func (l *divLocal) step(p int, fwd bool) int16 {
	m := len(l.cell)
	switch {
	case fwd && p+1 < m:
		return l.cell[p+1]
	case !fwd && p > 0:
		return l.cell[p-1]
	case !l.closed:
		return -1
	case fwd:
		return l.cell[0]
	}
	return l.cell[m-1]
}

// at returns the cell (r, c).
func (l *divLocal) at(r, c int) int16 { return int16(r*l.w + c) }

// divJoin is one end of a join seen from one block: the edge x-y of the
// block's tour (y = -1: x is an end of the block's path and the tour leaves
// it there) is replaced by the move from x to cell qx of block q, whose own
// replaced edge is qx-qy (qy = -1: qx is an end of q's path).
type divJoin struct {
	x, y, qx, qy int16
	q            int32
}

// divInst is one block of a construction: its placed table, the board
// square of its cell 0, and its joins.
type divInst struct {
	id    int32
	loc   *divLocal
	base  int32
	nj    int
	joins [8]divJoin
}

// add records a join of the edge x-y (seen from this block) to block q.
func (in *divInst) add(x, y int16, q int32, qx, qy int16) {
	in.joins[in.nj] = divJoin{x: x, y: y, q: q, qx: qx, qy: qy}
	in.nj++
}

// divBuilder is the plan of a construction: the board and, for each of its
// blocks by number, the block and its joins. Block 0 holds square 0 as its
// cell 0, where the tour starts (at the first end if it is a path). Taking
// the joins as edge exchanges, the blocks and joins form a tree, so the
// result is one cycle (closed) or one path (open).
type divBuilder struct {
	rows, cols int
	closed     bool
	inst       func(id int32, in *divInst)
}

// divWalker walks a construction's tour.
type divWalker struct {
	b   *divBuilder
	in  divInst
	x   int16
	fwd bool
}

func (b *divBuilder) walker() *divWalker {
	w := &divWalker{b: b, fwd: true}
	b.inst(0, &w.in)
	return w
}

// fill writes the next len(out) squares of the tour.
func (w *divWalker) fill(out []int32) {
	in := &w.in
	x, fwd := w.x, w.fwd
	l, base := in.loc, in.base
	for o := 0; o < len(out); {
		// Copy the run from x to the next join cell (or the block's end).
		p := int(l.pos[x])
		var q int // the position of the last square written
		if fwd {
			n := min(int(l.stopF[p])-p+1, len(out)-o)
			dst := out[o : o+n]
			for k, v := range l.ord[p : p+n] {
				dst[k] = base + v
			}
			o += n
			q = p + n - 1
		} else {
			n := min(p-int(l.stopB[p])+1, len(out)-o)
			dst := out[o : o+n]
			src := l.ord[p-n+1 : p+1]
			for k := range dst {
				dst[k] = base + src[n-1-k]
			}
			o += n
			q = p - n + 1
		}
		x = l.cell[q]
		y := l.step(q, fwd)
		if l.join[x] {
			if k := in.find(x, y); k >= 0 {
				j := in.joins[k]
				w.b.inst(j.q, in)
				l, base = in.loc, in.base
				x = j.qx
				if j.qy < 0 {
					fwd = x == l.first
				} else {
					fwd = l.step(int(l.pos[x]), true) != j.qy
				}
				continue
			}
		}
		x = y
	}
	w.x, w.fwd = x, fwd
}

// find returns the index of the join replacing the edge x-y, or -1.
func (in *divInst) find(x, y int16) int {
	for k := range in.nj {
		if in.joins[k].x == x && in.joins[k].y == y {
			return k
		}
	}
	return -1
}

// finish checks, once every square has been written, that the walk is back
// at the start of a closed tour or off the end of an open one.
func (w *divWalker) finish() error {
	if w.b.closed && w.in.id == 0 && w.x == 0 || !w.b.closed && w.x == -1 {
		return nil
	}
	return fmt.Errorf("knight: divide and conquer on %dx%d: internal error: the joined blocks are not one tour", w.b.rows, w.b.cols)
}
