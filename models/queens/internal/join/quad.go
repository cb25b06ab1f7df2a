package join

import (
	"math/bits"
	"slices"
)

// Quadrant placements of the join counter (see join.go).
//
// Every quadrant of the board is an h × h square (the middle row and column
// of an odd board left out), and all four are translates of each other, so
// one table serves them all: for each set R of the quadrant's local rows
// (bit i: local row i), every way to put one queen on each row of R in
// distinct local columns with no two on a diagonal. A placement is stored
// with its column set and its two diagonal sets in local coordinates: the
// ↙ diagonal i+j (bit 0..2h−2) and the ↘ diagonal i−j+h−1.

// jqEnt is one placement of queens in a quadrant.
type jqEnt struct {
	s, d uint32 // local diagonals i+j and i−j+h−1
	cols uint32 // local columns
}

// jQuad is the table of the placements of every row set of an h × h
// quadrant, grouped by row set and then by column set:
// ents[start[R<<h|c] : start[R<<h|c+1]] are the placements of the rows R on
// the columns c.
type jQuad struct {
	h     int
	ents  []jqEnt
	start []uint32
}

// jQuadCount returns the number of placements the table of an h × h
// quadrant holds (every row set), without storing them: what Placements
// holds for h ≤ 12.
func jQuadCount(h int) uint64 {
	q := jqWalker{h: h}
	var total uint64
	for r := uint32(0); r < 1<<uint(h); r++ {
		total += q.walk(r, 0, 0, 0)
	}
	return total
}

// jQuadBytes returns the bytes the table of an h × h quadrant takes, given
// its number of placements.
func jQuadBytes(h int, ents uint64) uint64 {
	return ents*12 + 4*(uint64(1)<<uint(2*h)+1)
}

// jqWalker enumerates the placements of an h × h quadrant, calling emit
// (if not nil) on each and, with a worker, visiting each as a node of its
// count.
type jqWalker struct {
	h       int
	emit    func(jqEnt)
	w       *jWorker
	stopped bool
}

// walk places the rows of r (lowest first) given the columns and
// diagonals already taken and returns the number of placements; it ends
// early, with q.stopped set, when the worker's meter stops the count.
func (q *jqWalker) walk(r, cols, s, d uint32) uint64 {
	if r == 0 {
		if q.w != nil && !q.w.visit() {
			q.stopped = true
			return 0
		}
		if q.emit != nil {
			q.emit(jqEnt{s: s, d: d, cols: cols})
		}
		return 1
	}
	h := q.h
	i := bits.TrailingZeros32(r)
	r &= r - 1
	var n uint64
	for free := (uint32(1)<<uint(h) - 1) &^ cols; free != 0 && !q.stopped; free &= free - 1 {
		j := bits.TrailingZeros32(free)
		sb, db := uint32(1)<<uint(i+j), uint32(1)<<uint(i-j+h-1)
		if s&sb != 0 || d&db != 0 {
			continue
		}
		n += q.walk(r, cols|1<<uint(j), s|sb, d|db)
	}
	return n
}

// newJQuad builds the table of an h × h quadrant holding ents placements
// (Placements), each placement a node of w's count; false if w's meter
// stopped the count.
func newJQuad(w *jWorker, h int, ents uint64) (*jQuad, bool) {
	return newJQuadRows(w, h, ents, nil)
}

// newJQuadRows builds the table of an h × h quadrant for the row sets R
// with need.has(R) (every row set if need is nil; the others are left
// empty), room made for ents placements, each placement built a node of
// w's count; false if w's meter stopped the count.
func newJQuadRows(w *jWorker, h int, ents uint64, need rowSet) (*jQuad, bool) {
	q := &jQuad{
		h:     h,
		ents:  make([]jqEnt, 0, ents),
		start: make([]uint32, 1<<uint(2*h)+1),
	}
	var tmp []jqEnt
	walker := jqWalker{h: h, w: w, emit: func(e jqEnt) { tmp = append(tmp, e) }}
	cnt := make([]uint32, 1<<uint(h))
	for r := uint32(0); r < 1<<uint(h); r++ {
		tmp = tmp[:0]
		if need == nil || need.has(r) {
			walker.walk(r, 0, 0, 0)
		}
		if walker.stopped {
			return nil, false
		}
		// Counting sort by column set.
		clear(cnt)
		for _, e := range tmp {
			cnt[e.cols]++
		}
		at := uint32(len(q.ents))
		for c := range cnt {
			q.start[int(r)<<uint(h)|c] = at
			at, cnt[c] = at+cnt[c], at
		}
		q.ents = slices.Grow(q.ents, int(at)-len(q.ents))[:at]
		for _, e := range tmp {
			q.ents[cnt[e.cols]] = e
			cnt[e.cols]++
		}
	}
	q.start[len(q.start)-1] = uint32(len(q.ents))
	return q, true
}

// rowSet is a set of row sets of a quadrant (bit R: the row set R).
type rowSet []uint64

// newRowSet returns an empty set of the row sets of h rows.
func newRowSet(h int) rowSet { return make(rowSet, (1<<uint(h)+63)/64) }

func (s rowSet) add(r uint32)      { s[r/64] |= 1 << (r % 64) }
func (s rowSet) has(r uint32) bool { return s[r/64]&(1<<(r%64)) != 0 }

// union adds every row set of t to s.
func (s rowSet) union(t rowSet) {
	for i := range s {
		s[i] |= t[i]
	}
}

// jQuadColumns returns, for every column set c of an h × h quadrant, the
// number of the quadrant table's placements on exactly the columns c
// (every row set), without storing them.
func jQuadColumns(h int) []uint64 {
	hist := make([]uint64, 1<<uint(h))
	q := jqWalker{h: h, emit: func(e jqEnt) { hist[e.cols]++ }}
	for r := uint32(0); r < 1<<uint(h); r++ {
		q.walk(r, 0, 0, 0)
	}
	return hist
}
