package frontier

import "math/bits"

// expander makes the successors of states at one square of the sweep: it
// chooses the moves from the square to later squares that give it its
// degree, joins paths, forbids cycles and tour paths short of the whole
// board, counts the tours the moves complete, drops the square, prunes
// frontiers that cannot be completed and inserts the canonical successor.
type expander struct {
	b      board
	g      *step
	closed bool
	from   int // sweep index of the tour's fixed end, or -1

	out *table

	// The count of the state being expanded: src[at : at+width].
	src   []uint64
	at    uint64
	width int

	// batch holds successors whose slots are being fetched: insert
	// touches the home slot of each before adding any, so that the cache
	// misses of a batch overlap.
	batch [batchLen]pending
	nb    int
	sink  uint64

	grow func(*table) error // doubles a full table, under the memory policy
	err  error              // the table could not grow: the count stops

	done  []uint64 // tours completed (little-endian words)
	over  bool     // a count overflowed the table's width
	moves uint64   // successors inserted
}

// batchLen is the number of inserts whose cache misses overlap.
const batchLen = 32

// pending is a successor waiting in a batch: its key and where its count
// is in the source table.
type pending struct {
	key, at uint64
}

// expand inserts the successors of the state key, whose count is at
// x.src[x.at:], into out (through the batch: flush after the last).
func (x *expander) expand(key uint64) {
	W := x.b.w
	g := x.g
	var s state
	ends := s.load(key, W)
	if s.full&1 != 0 {
		// The square's moves were all chosen: the frontier moves on by a
		// cell, its labels in the same order, and no square of it loses a
		// neighbour it could still use (the square was full), so only the
		// new last cell can starve.
		next := (key-uint64(ends)*pow[W])/radix + uint64(ends)*pow[W]
		if g.crit&(1<<(W-1)) != 0 && x.dead(&s, ends) {
			return
		}
		x.push(next)
		return
	}
	for _, mv := range g.subs[s.end&1] {
		if x.closed && mv.end || !x.closed && !x.endAllowed(mv.end, ends) {
			continue
		}
		e := s
		ok := true
		for j := range mv.n {
			switch x.link(&e, int(mv.to[j])) {
			case linkBad:
				ok = false
			case linkDone:
				x.complete(&e)
				ok = false
			}
			if !ok {
				break
			}
		}
		if !ok {
			continue
		}
		n := ends
		if mv.end {
			n++
			if e.tail&1 != 0 {
				// Both ends of this path end the tour.
				e.full |= 1
				x.complete(&e)
				continue
			}
			e.tail |= 1 << e.part[0] // its path now leads to a tour end
		}
		if x.dead(&e, n) {
			continue
		}
		x.push(e.key(W, n))
	}
}

// endAllowed reports whether the square may end an open tour (end) or
// must not (a fixed start must), given the ends used before it.
func (x *expander) endAllowed(end bool, ends int) bool {
	v := x.g.v
	if x.from < 0 {
		return !end || ends < 2
	}
	if v == x.from {
		return end
	}
	if !end {
		return true
	}
	others := ends
	if v > x.from {
		others--
	}
	return others == 0
}

// Outcomes of link.
const (
	linkOK   = iota
	linkBad  // a cycle or a tour path short of the board, or a square with three moves
	linkDone // the move completes a tour: check that it covers the board
)

// link chooses the move between cell 0 (the square being processed) and
// cell j of the extended window.
func (x *expander) link(s *state, j int) int {
	bj := uint32(1) << j
	switch s.kind(0)<<2 | s.kind(j) {
	case kindEmpty<<2 + kindEmpty: // a new path
		s.end |= 1 | bj
		s.part[0], s.part[j] = int8(j), 0
	case kindEmpty<<2 | kindLabel: // the square extends j's path
		q := s.part[j]
		s.part[0], s.part[q] = q, 0
		s.end = s.end&^bj | 1
		s.full |= bj
	case kindEmpty<<2 | kindTail:
		s.end = s.end&^bj | 1
		s.tail = s.tail&^bj | 1
		s.full |= bj
	case kindLabel<<2 + kindEmpty: // j extends the square's path
		p := s.part[0]
		s.part[j], s.part[p] = p, int8(j)
		s.end = s.end&^1 | bj
		s.full |= 1
	case kindTail<<2 + kindEmpty:
		s.end = s.end&^1 | bj
		s.tail = s.tail&^1 | bj
		s.full |= 1
	case kindLabel<<2 | kindLabel:
		p := s.part[0]
		s.end &^= 1 | bj
		s.full |= 1 | bj
		if int(p) == j {
			// The two ends of one path: a cycle.
			if !x.closed {
				return linkBad
			}
			return linkDone
		}
		q := s.part[j]
		s.part[p], s.part[q] = q, p // two paths join
	case kindLabel<<2 | kindTail: // a path joins a tour end's
		s.tail |= 1 << s.part[0]
		s.end &^= 1 | bj
		s.tail &^= bj
		s.full |= 1 | bj
	case kindTail<<2 | kindLabel:
		s.tail |= 1 << s.part[j]
		s.end &^= 1 | bj
		s.tail &^= 1
		s.full |= 1 | bj
	case kindTail<<2 | kindTail: // the two tour ends meet
		s.end &^= 1 | bj
		s.tail &^= 1 | bj
		s.full |= 1 | bj
		return linkDone
	default: // j is full
		return linkBad
	}
	return linkOK
}

// complete counts the tour a move just closed if it covers the board:
// every square after the processed one is in the frontier, with both of
// its moves chosen (and a fixed start, for open tours, already passed).
func (x *expander) complete(s *state) {
	g := x.g
	if !g.whole || x.from > g.v || s.full>>1&g.on != g.on {
		return
	}
	x.done = addInto(x.done, x.src[x.at:x.at+uint64(x.width)])
}

// dead reports whether a square of the frontier after v (cells 1..W of s)
// can no longer get the moves it needs: two (one for an end of an open
// tour) among its neighbours still to be processed that are not full. For
// open tours the squares that can only be ends must be at most the ends
// left.
func (x *expander) dead(s *state, ends int) bool {
	g := x.g
	full, end := s.full>>1, s.end>>1
	if x.from > g.v && full>>(x.from-g.v-1)&1 != 0 {
		return true // a fixed start must end the tour
	}
	forced := 0
	for m := g.crit &^ full; m != 0; m &= m - 1 {
		i := bits.TrailingZeros32(m)
		can := int(end>>i&1) + bits.OnesCount32(g.near[i]&^full) + int(g.far[i])
		switch {
		case x.closed:
			if can < 2 {
				return true
			}
		case can == 0:
			return true
		case can == 1 && x.from != g.v+1+i:
			forced++
		}
	}
	if !x.balanced(full, end, ends) {
		return true
	}
	if x.closed || forced == 0 {
		return false
	}
	if x.from < 0 {
		return forced+ends > 2
	}
	others := ends
	if g.v >= x.from {
		others--
	}
	return forced+others > 1
}

// balanced reports whether the squares no move has reached yet (the
// empty cells of the frontier and the squares past it) can be covered by
// the paths still to be drawn. The knight's graph is bipartite: a path
// joining two ends of the frontier alternates colours, so its inner
// squares hold one dark square more than light ones if both ends are
// light, one less if both are dark, as many if they differ. Summed over
// the paths, twice the light less the dark squares to cover, less the dark
// ends plus the light ends, is zero (D = 0); each path that ends the open
// tour instead (at most the tour ends not yet used) moves D by one.
func (x *expander) balanced(full, end uint32, ends int) bool {
	g := x.g
	empty := g.on &^ full &^ end
	d := 2*(bits.OnesCount32(empty&g.white)-bits.OnesCount32(empty&^g.white)+g.rest) -
		bits.OnesCount32(end&^g.white) + bits.OnesCount32(end&g.white)
	if x.closed {
		return d == 0
	}
	t := 2 - ends
	return d <= t && -d <= t && (d-t)%2 == 0
}

// push adds the successor key, of the count being expanded, to the batch.
func (x *expander) push(key uint64) {
	x.batch[x.nb] = pending{key, x.at}
	x.nb++
	if x.nb == batchLen {
		x.flush()
	}
}

// flush inserts the batch: first it reads the home slot of every key, so
// that their cache misses overlap, then it adds each count.
func (x *expander) flush() {
	t := x.out
	if t.n+x.nb > t.limit() && x.err == nil {
		if x.err = x.grow(t); x.err != nil {
			x.nb = 0
			return
		}
	}
	var home [batchLen]uint64
	var sink uint64
	for i := range x.nb {
		h := t.home(x.batch[i].key)
		home[i] = h
		sink += t.s[h*t.stride]
	}
	x.sink += sink
	w := uint64(x.width)
	for i := range x.nb {
		b := &x.batch[i]
		c := x.src[b.at : b.at+w]
		_, over := t.add(home[i], b.key, c)
		x.over = x.over || over
	}
	x.moves += uint64(x.nb)
	x.nb = 0
}
