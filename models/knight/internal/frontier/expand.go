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

// degree returns the moves chosen at a cell of code x.
func degree(x byte) int {
	switch x {
	case cellEmpty:
		return 0
	case cellFull:
		return 2
	}
	return 1
}

// expand inserts the successors of the state key, whose count is at
// x.src[x.at:], into out (through the batch: flush after the last).
func (x *expander) expand(key uint64) {
	W := x.b.w
	var d window
	decode(key, &d)
	ends := int(d[W])
	d[W] = cellEmpty
	g := x.g
	if d[0] == cellFull {
		// The square's moves were all chosen: the frontier moves on by a
		// cell, its labels in the same order, and no square of it loses a
		// neighbour it could still use (the square was full), so only the
		// new last cell can starve.
		next := (key-uint64(ends)*pow[W])/radix + uint64(ends)*pow[W]
		if g.crit&(1<<(W-1)) != 0 {
			var full uint32
			for i := 1; i < W; i++ {
				if d[i] == cellFull {
					full |= 1 << (i - 1)
				}
			}
			if x.dead(&d, full, ends) {
				return
			}
		}
		x.push(next)
		return
	}
	for _, mv := range g.subs[degree(d[0])] {
		if x.closed && mv.end || !x.closed && !x.endAllowed(mv.end, ends) {
			continue
		}
		e := d
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
			if a := e[0]; a == cellTail {
				// Both ends of this path end the tour.
				e[0] = cellFull
				x.complete(&e)
				continue
			} else {
				for i := 1; i <= W; i++ {
					if e[i] == a {
						e[i] = cellTail
						break
					}
				}
			}
		}
		x.emit(&e, n)
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
// cell j of the extended window e.
func (x *expander) link(e *window, j int) int {
	a, b := e[0], e[j]
	W := x.b.w
	switch {
	case b == cellFull:
		return linkBad
	case a == cellEmpty && b == cellEmpty:
		e[0], e[j] = tmpLabel, tmpLabel
	case a == cellEmpty:
		e[0], e[j] = b, cellFull
	case b == cellEmpty:
		e[0], e[j] = cellFull, a
	case a == cellTail && b == cellTail:
		e[0], e[j] = cellFull, cellFull
		return linkDone
	case a == b:
		// The two ends of one path: a cycle.
		if !x.closed {
			return linkBad
		}
		e[0], e[j] = cellFull, cellFull
		return linkDone
	case a == cellTail || b == cellTail:
		// A path joins the tour's end: its other end becomes a tail.
		l := a
		if a == cellTail {
			l = b
		}
		e[0], e[j] = cellFull, cellFull
		for i := 1; i <= W; i++ {
			if e[i] == l {
				e[i] = cellTail
				break
			}
		}
	default:
		// Two paths join: b's other end takes a's label.
		e[0], e[j] = cellFull, cellFull
		for i := 1; i <= W; i++ {
			if e[i] == b {
				e[i] = a
				break
			}
		}
	}
	return linkOK
}

// complete counts the tour a move just closed if it covers the board:
// every square after the processed one is in the frontier, with both of
// its moves chosen (and a fixed start, for open tours, already passed).
func (x *expander) complete(e *window) {
	g := x.g
	if !g.whole || x.from > g.v {
		return
	}
	for i := range x.b.w {
		if g.on&(1<<i) != 0 && e[i+1] != cellFull {
			return
		}
	}
	x.done = addInto(x.done, x.src[x.at:x.at+uint64(x.width)])
}

// emit drops cell 0 of e, relabels the frontier canonically (labels in
// order of first appearance), prunes it if some square can no longer get
// its moves, and adds the count to the successor's (through the batch).
func (x *expander) emit(e *window, ends int) {
	W := x.b.w
	// lab maps a cell's code to its canonical code, with bit 4 set: the
	// codes below the labels map to themselves, a label to the next
	// canonical label the first time it is met. The loop has no branch
	// on the codes, which are as good as random.
	lab := labInit
	next := uint8(cellLabel | 0x10)
	key := uint64(ends) * pow[W]
	var full uint32
	for i := range W {
		y := e[i+1]
		t := lab[y]
		nw := b2u(t == 0)
		t |= nw * next
		lab[y] = t
		next += nw
		c := t & 0xf
		full |= uint32(b2u(c == cellFull)) << i
		key += uint64(c) * pow[i]
	}
	if x.dead(e, full, ends) {
		return
	}
	x.push(key)
}

// labInit is emit's starting map: the codes below the labels map to
// themselves (bit 4 marks an entry as set), labels are unset.
var labInit = [tmpLabel + 1]uint8{cellEmpty | 0x10, cellFull | 0x10, cellTail | 0x10}

// b2u returns 1 for true and 0 for false.
func b2u(b bool) uint8 {
	if b {
		return 1
	}
	return 0
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

// dead reports whether a square of the frontier after v can no longer get
// the moves it needs: two (one for an end of an open tour) among its
// neighbours still to be processed that are not full. For open tours the
// squares that can only be ends must be at most the ends left.
func (x *expander) dead(e *window, full uint32, ends int) bool {
	g := x.g
	forced := 0
	for m := g.crit; m != 0; m &= m - 1 {
		i := bits.TrailingZeros32(m)
		y := e[i+1]
		if y == cellFull {
			if x.from == g.v+1+i {
				return true // a fixed start must end the tour
			}
			continue
		}
		have := 0
		if y != cellEmpty {
			have = 1
		}
		can := have + popcount(g.near[i]&^full) + int(g.far[i])
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

// dec4 holds the four cell codes of every four-digit group of a key, one a
// byte: a key is read four digits a division.
var dec4 = func() (t [radix * radix * radix * radix]uint32) {
	for n := range t {
		k := n
		for i := range 4 {
			t[n] |= uint32(k%radix) << (8 * i)
			k /= radix
		}
	}
	return t
}()

// decode writes the digits of key, least significant first, to d: the W
// cell codes, then the ends used.
func decode(key uint64, d *window) {
	const g = radix * radix * radix * radix
	for i := 0; i < maxWindow+1; i += 4 {
		q := key / g
		c := dec4[key-q*g]
		d[i], d[i+1], d[i+2], d[i+3] = byte(c), byte(c>>8), byte(c>>16), byte(c>>24)
		key = q
	}
}
