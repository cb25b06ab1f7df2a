package join

import (
	"math/bits"
	"slices"
	"sync"

	"github.com/coverkit/coverkit/core"
)

// jhEnt is a quadrant placement moved into a half-board: its key, the
// diagonals it holds among those a north and a south placement of the
// same half can share (half-local diagonals off..2h−2 of each direction,
// at most h − 1 each: ↙ in the low word, ↘ in the high word), and its bits
// of the half-board's pattern of crossing diagonals. A north and a south
// placement on complementary columns are compatible iff their keys share
// no bit.
type jhEnt struct {
	key, pat uint64
	cols     uint32
}

// jHalfTab holds the placements of one quadrant of a family, filtered by
// the family's free columns and forbidden diagonals, grouped like jQuad.
type jHalfTab struct {
	h     int
	ents  []jhEnt
	start []uint32
}

// group returns the placements of the rows r on exactly the columns c.
func (t *jHalfTab) group(r, c uint32) []jhEnt {
	k := int(r)<<t.h | int(c)
	return t.ents[t.start[k]:t.start[k+1]]
}

// rows returns every placement of the rows r, grouped by column set.
func (t *jHalfTab) rows(r uint32) []jhEnt {
	k := int(r) << t.h
	return t.ents[t.start[k]:t.start[k+1<<t.h]]
}

// fill builds the table from the quadrant table q for a quadrant moved
// down by shift rows, on the columns cols, off the diagonals preS, preD;
// east says which half (the crossing diagonals are read differently).
// Every quadrant placement it examines is a node of w's count; it reports
// false if w's meter stopped the count.
func (t *jHalfTab) fill(w *jWorker, sh *jShared, cols uint32, shift uint, preS, preD uint64, east bool) bool {
	return t.fillRows(w, sh, cols, shift, preS, preD, east, nil)
}

// fillRows is fill for the row sets R with need.has(R) only (all if need
// is nil; the others are left empty): the placements of the other row
// sets are neither examined nor counted.
func (t *jHalfTab) fillRows(w *jWorker, sh *jShared, cols uint32, shift uint, preS, preD uint64, east bool, need rowSet) bool {
	q := sh.quad
	h := q.h
	t.h = h
	if len(t.start) != len(q.start) {
		t.start = make([]uint32, len(q.start))
	}
	if cap(t.ents) < len(q.ents) {
		t.ents = make([]jhEnt, 0, len(q.ents))
	}
	t.ents = t.ents[:0]
	lo, mw, wd := sh.lo, uint64(1)<<sh.w-1, sh.w
	km := uint64(1)<<(2*uint(h)-1-sh.off) - 1 // the shared diagonals: off..2h−2
	nodes, bound := w.nodes, w.bound
	for r := 0; r < 1<<uint(h); r++ {
		skip := need != nil && !need.has(uint32(r))
		for c := 0; c < 1<<uint(h); c++ {
			k := r<<uint(h) | c
			t.start[k] = uint32(len(t.ents))
			if skip || uint32(c)&^cols != 0 {
				continue
			}
			for _, e := range q.ents[q.start[k]:q.start[k+1]] {
				if nodes >= bound {
					w.nodes = nodes
					if !w.poll() {
						return false
					}
					bound = w.bound
				}
				nodes++
				s, d := uint64(e.s)<<shift, uint64(e.d)<<shift
				if s&preS|d&preD != 0 {
					continue
				}
				var pat uint64
				if east {
					pat = s&mw | (d>>lo&mw)<<wd
				} else {
					pat = s>>lo&mw | (d&mw)<<wd
				}
				key := s>>sh.off&km | (d>>sh.off&km)<<32
				t.ents = append(t.ents, jhEnt{key: key, pat: pat, cols: e.cols})
			}
		}
	}
	t.start[len(t.start)-1] = uint32(len(t.ents))
	w.nodes = nodes
	return true
}

// jTabs are the four quadrant tables of one family.
type jTabs struct {
	cfg          int // the family they were built for, −1 none
	eastN, eastS jHalfTab
	westN, westS jHalfTab
}

// build fills the tables for family ci (nothing if they hold it), each
// placement examined a node: one table after another on w (the only
// worker) with one worker, else on four goroutines, each with a fork of
// w's meter, whose nodes it returns. It reports false if the meter
// stopped the count.
func (tb *jTabs) build(sh *jShared, ci int, w *jWorker, workers int) (forked uint64, ok bool) {
	if tb.cfg == ci {
		return 0, true
	}
	c := &sh.cfgs[ci]
	tb.cfg = -1
	fills := [4]func(w *jWorker) bool{
		func(w *jWorker) bool { return tb.eastN.fill(w, sh, c.colsE, 0, c.preSE, c.preDE, true) },
		func(w *jWorker) bool { return tb.eastS.fill(w, sh, c.colsE, sh.off, c.preSE, c.preDE, true) },
		func(w *jWorker) bool { return tb.westN.fill(w, sh, c.colsW, 0, c.preSW, c.preDW, false) },
		func(w *jWorker) bool { return tb.westS.fill(w, sh, c.colsW, sh.off, c.preSW, c.preDW, false) },
	}
	if workers <= 1 {
		for _, f := range fills {
			if !f(w) {
				return 0, false
			}
		}
		tb.cfg = ci
		return 0, true
	}
	var fws [4]*jWorker
	var wg sync.WaitGroup
	for i, f := range fills {
		fws[i] = &jWorker{m: w.m.Fork()}
		fws[i].poll() // a stop is seen by the fill
		wg.Go(func() { f(fws[i]) })
	}
	wg.Wait()
	for _, fw := range fws {
		forked += fw.nodes
	}
	if w.m.Stopped() {
		return forked, false
	}
	tb.cfg = ci
	return forked, true
}

// jWorker is one goroutine of a count, with its own buffers, counters
// and meter.
type jWorker struct {
	sh    *jShared
	tabs  *jTabs // the tables of the family being counted
	m     *core.Meter
	sv    *jSieve
	total core.Count
	nodes uint64 // half-boards built
	pairs uint64 // east–west pairs decided
	// The counts at which to poll the meter next, and whether it stopped
	// the count.
	bound, workBound uint64
	stopped          bool

	east, west []uint64 // the patterns of the current split (a piece of them)
	wts, ones  []uint8  // west weights; all ones
	offs       []uint16 // the table slots of the streamed patterns
}

// poll passes the worker's nodes and pairs to its meter, sets the next
// bounds and reports whether the count may go on.
func (w *jWorker) poll() bool {
	bound, workBound, ok := w.m.Poll(w.nodes, w.pairs)
	w.bound, w.workBound, w.stopped = bound, workBound, !ok
	return ok
}

// visit counts one node outside the half-boards (the boards of n = 1) and
// reports whether the count may go on.
func (w *jWorker) visit() bool {
	if w.nodes >= w.bound && !w.poll() {
		return false
	}
	w.nodes++
	return true
}

// run counts task i of the current family; it reports false if the count
// was stopped (the sum is then that of the splits finished, a lower
// bound).
func (w *jWorker) run(i int) bool {
	sh := w.sh
	t := sh.tasks[i]
	c := &sh.cfgs[t.cfg]
	kS := c.kE - bits.OnesCount32(t.r1)
	var sum uint64
	for r2 := c.rowsS; ; r2 = (r2 - 1) & c.rowsS {
		if bits.OnesCount32(r2) == kS {
			sum += w.split(c, t.r1, r2)
			if w.stopped {
				break
			}
		}
		if r2 == 0 {
			break
		}
	}
	w.total = w.total.Add(core.CountOf(sum).MulUint64(c.weight))
	return !w.stopped
}

// split counts the solutions of the row split (r1 north, r2 south in the
// east) of family c, weighted by its symmetry but not by the family's.
func (w *jWorker) split(c *jConfig, r1, r2 uint32) uint64 {
	sh := w.sh
	var eWeight uint64 = 1
	wtab := [4]uint8{1, 1, 1, 1}
	switch c.kind {
	case jEven:
		e := r1 | r2<<uint(sh.h)
		re := bits.Reverse32(e) >> uint(32-sh.n)
		if e > re {
			return 0
		}
		if e < re {
			eWeight = 2
		}
		var sec uint8 = 1
		if eq := ^(e ^ re) & sh.full; eq != 0 {
			sec = 0
			if e&(eq&-eq) != 0 {
				sec = 2
			}
		}
		wtab = [4]uint8{sec, 2, 4, 0}
	case jCenter:
		e := r1 | r2<<uint(sh.h+1)
		re := bits.Reverse32(e) >> uint(32-sh.n)
		ce := sh.full &^ e
		rce := sh.full &^ re
		if e > re || e > ce || e > rce {
			return 0
		}
		eWeight = 4
		if e == re || e == rce {
			eWeight = 2
		}
	}
	tb := w.tabs
	eastN := tb.eastN.rows(r1)
	westN := tb.westN.rows(c.rowsN &^ r1)
	westS := c.rowsS &^ r2
	var sum uint64
	// Both sides in pieces of at most sh.piece patterns (past one column
	// group); in practice one piece each. The west side is built again for
	// every piece of the east side, but its half-boards are counted once.
	for ei := 0; ei < len(eastN); {
		first := ei == 0
		ei = w.half(&w.east, nil, eastN, ei, &tb.eastS, r2, c.colsE, wtab, false, true)
		for wi := 0; wi < len(westN) && !w.stopped; {
			wi = w.half(&w.west, &w.wts, westN, wi, &tb.westS, westS, c.colsW, wtab, c.kind == jEven, first)
			if !w.stopped {
				sum += w.match(c.kind == jEven)
			}
		}
		if w.stopped {
			break
		}
	}
	return sum * eWeight
}

// half builds into *out the patterns of the half-boards joining the north
// placements pn[from:] with the south placements of the rows rs, group by
// group, until sh.piece patterns are held, and returns where it stopped.
// With weights, a pattern gets the weight wtab[long diagonals it holds]
// and is dropped if that is 0. The join loop has no branch per pair: every
// pair is written and the length advances only past compatible ones.
//
// With count, every half-board built is a node of the worker's count,
// counted as it is built: the loop never goes past the meter's bound, and
// when the meter stops the count, half returns with w.stopped set.
func (w *jWorker) half(out *[]uint64, wts *[]uint8, pn []jhEnt, from int, south *jHalfTab, rs, cols uint32, wtab [4]uint8, weights, count bool) int {
	sh := w.sh
	pats := (*out)[:0]
	nodes, bound := w.nodes, w.bound
	i := from
	for i < len(pn) && len(pats) < sh.piece {
		pc := pn[i].cols
		j := i + 1
		for j < len(pn) && pn[j].cols == pc {
			j++
		}
		qs := south.group(rs, cols&^pc)
		if len(qs) > 0 {
			k := len(pats)
			if need := k + (j-i)*len(qs); need > cap(pats) {
				pats = slices.Grow(pats, need-k)
			}
			pats = pats[:k+(j-i)*len(qs)]
			if !count || nodes+uint64((j-i)*len(qs)) <= bound {
				// The group cannot reach the meter's bound.
				k0 := k
				for _, p := range pn[i:j] {
					buf := pats[k : k+len(qs)]
					m := 0
					for _, q := range qs {
						buf[m] = p.pat | q.pat
						// Keys < 2^63: the difference is negative only for 0.
						m += int((p.key&q.key - 1) >> 63)
					}
					k += m
				}
				if count {
					nodes += uint64(k - k0)
				}
			} else {
				// Pair by pair up to the bound, polling there.
				for _, p := range pn[i:j] {
					for _, q := range qs {
						if nodes >= bound {
							w.nodes = nodes
							if !w.poll() {
								*out = pats[:k]
								return i
							}
							bound = w.bound
						}
						pats[k] = p.pat | q.pat
						m := int((p.key&q.key - 1) >> 63)
						k += m
						nodes += uint64(m)
					}
				}
			}
			pats = pats[:k]
		}
		i = j
	}
	w.nodes = nodes
	if weights {
		// Weigh, and drop the weight-0 patterns (kept in order).
		ws := slices.Grow((*wts)[:0], len(pats))[:len(pats)]
		long, k := sh.long, 0
		for _, pat := range pats {
			wt := wtab[bits.OnesCount64(pat&long)&3]
			pats[k] = pat
			ws[k] = wt
			k += int((uint64(wt) + 255) >> 8)
		}
		pats, ws = pats[:k], ws[:k]
		*wts = ws
	}
	*out = pats
	return i
}

// match counts the compatible pairs of the east and west patterns held,
// weighted by the west weights if weighted (else weight 1). The pairs are
// the meter's work, polled after each sieve block; when the meter stops
// the count, match returns the pairs counted so far with w.stopped set.
func (w *jWorker) match(weighted bool) uint64 {
	s, t := w.east, w.west
	if len(s) == 0 || len(t) == 0 {
		return 0
	}
	var wts []uint8
	if weighted {
		wts = w.wts
	} else {
		// Unweighted: the smaller set goes into the sieve.
		if len(s) > len(t) {
			s, t = t, s
		}
		for len(w.ones) < len(t) {
			w.ones = append(w.ones, 1)
		}
		wts = w.ones[:len(t)]
	}
	if len(t) < jDirectMax || len(s) < jDirectMax {
		w.pairs += uint64(len(s)) * uint64(len(t))
		return jsDirect(s, t, wts)
	}
	sv := w.sv
	w.offs = w.offs[:0] // a new streamed set
	var sum uint64
	for len(s) > 0 {
		k := min(len(s), jsBlock)
		sv.build(s[:k])
		sum += jsMatch(sv, t, &w.offs, wts)
		s = s[k:]
		if w.pairs += uint64(k) * uint64(len(t)); w.pairs >= w.workBound && !w.poll() {
			break
		}
	}
	return sum
}

// jDirectMax is the fewest patterns on both sides worth a sieve block;
// below it, every pair is tested in turn.
const jDirectMax = 16
