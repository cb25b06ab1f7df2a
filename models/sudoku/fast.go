package sudoku

import (
	"context"
	"math/bits"

	"github.com/coverkit/coverkit/models"
)

// The fast solver keeps, for every digit d and every band b (three rows),
// a 27-bit mask of the cells of the band where d may still go: bit 9·r+c is
// row 3·b+r, column c. Cells already solved keep the bit of their digit, so
// each row of every digit-band mask always holds at least one bit in a
// consistent state. Work is driven by a 27-bit set of digit-bands whose mask
// changed; updating one digit-band applies, in a few table look-ups:
//
//   - the band's row–box interactions: a digit occupies one mini-row (three
//     cells of a row inside a box) per row and per box, so the mini-rows it
//     can use form a permutation of the 3×3 (row, box) grid. The mini-rows
//     on no permutation that fits the candidates are cleared. This covers
//     pointing and claiming (locked candidates) inside the band, and hidden
//     singles in boxes, which become rows with one bit;
//   - hidden singles in rows: a row with a single bit in a cell not yet
//     solved places the digit there, clearing the cell for the other digits
//     and the column in the other two bands.
//
// When no digit-band changes, cells with one candidate (naked singles) are
// found with bit-sliced counters over the nine digits of a band, and placed.
// When nothing is left to deduce, the solver guesses on a cell with two
// candidates (or the fewest) and backtracks on a fixed stack of states.

// fastState is one node of the search: 31 words, copied on each guess.
type fastState struct {
	cand     [27]uint32 // cand[3·d+b]: cells of band b where digit d+1 may go
	unsolved [3]uint32  // cells of each band not yet placed
	changed  uint32     // digit-bands (bit 3·d+b) whose mask changed since their last update
}

// fastMaxDepth bounds the guess stack: every guess places at least one cell.
const fastMaxDepth = 82

// fastPollMask sets how often the search polls its context (every 4096
// nodes).
const fastPollMask = 1<<12 - 1

// Fast is a reusable bitset solver for classic 9×9 sudoku (constraint
// propagation with naked and hidden singles, then guessing). The zero value
// is ready to use; a Fast allocates nothing per puzzle. It is not safe for
// concurrent use: give each goroutine its own.
//
// The solver is specialized for 9×9: candidates are 27-bit masks per digit
// and band (three rows), updated with table look-ups for the row–box
// interactions inside a band, hidden singles in rows and boxes, and naked
// singles; it guesses on a cell with two candidates when it can. See
// docs/benchmarks.md for its rates on the standard puzzle collections.
type Fast struct {
	stack [fastMaxDepth]fastState

	limit uint64
	found uint64
	nodes uint64
	sol   *[81]uint8
	done  <-chan struct{}
	ctx   context.Context
	stop  models.Status // status that ended the search early, or StatusExhausted
}

// Solve searches the 9×9 puzzle givens (81 cells, row-major, 0 for empty,
// 1..9 for a given) for up to limit solutions (0: count them all). It
// returns how many it found, writing the first into sol; the search nodes
// (guesses) made; and the status (exhausted, found at the limit, or timeout
// or canceled when ctx ends).
//
// Nodes counts every branch tried at a guess, so a puzzle solved by
// propagation alone takes 0 nodes. Givens that clash (two equal digits in a
// row, column or box), and values above 9, make the puzzle unsolvable: Solve
// returns 0 solutions with status exhausted. sol is left untouched when no
// solution is found; it may be nil when only the count is wanted.
func (f *Fast) Solve(ctx context.Context, givens *[81]uint8, limit uint64, sol *[81]uint8) (found, nodes uint64, status models.Status) {
	f.limit, f.found, f.nodes, f.sol = limit, 0, 0, sol
	f.ctx, f.done, f.stop = ctx, ctx.Done(), models.StatusExhausted
	if f.done != nil {
		select {
		case <-f.done:
			f.stop, _ = models.ContextStatus(ctx)
			f.ctx, f.done, f.sol = nil, nil, nil
			return 0, 0, f.stop
		default:
		}
	}
	if f.stack[0].init(givens) {
		f.search(0)
	}
	f.ctx, f.done, f.sol = nil, nil, nil // keep no references between calls
	return f.found, f.nodes, f.stop
}

// init loads the givens into s, reporting false when they clash or hold a
// value above 9.
func (s *fastState) init(givens *[81]uint8) bool {
	for i := range s.cand {
		s.cand[i] = fastBand27
	}
	s.unsolved = [3]uint32{fastBand27, fastBand27, fastBand27}
	s.changed = 0
	for cell, v := range givens {
		if v == 0 {
			continue
		}
		if v > 9 {
			return false
		}
		b, p := uint(cell)/27, uint(cell)%27
		d := uint(v) - 1
		if s.cand[3*d+b]&(1<<p) == 0 {
			return false // a peer already holds v
		}
		s.place(d, b, p)
	}
	return true
}

// search runs propagation and guessing on f.stack[depth]. It reports true
// when the search must stop (limit reached or context done).
func (f *Fast) search(depth int) bool {
	s := &f.stack[depth]
	for {
		if !s.propagate() {
			return false
		}
		b, p, ok := s.pick()
		if !ok {
			return f.solution(s)
		}
		bit := uint32(1) << p
		var digits uint32 // candidate digits of the cell
		for d := uint(0); d < 9; d++ {
			if s.cand[3*d+b]&bit != 0 {
				digits |= 1 << d
			}
		}
		for digits&(digits-1) != 0 {
			d := uint(bits.TrailingZeros32(digits))
			digits &= digits - 1
			if f.tick() {
				return true
			}
			next := &f.stack[depth+1]
			*next = *s
			next.place(d, b, p)
			if f.search(depth + 1) {
				return true
			}
		}
		if digits == 0 {
			return false
		}
		// The last candidate needs no copy: place it here and go on.
		if f.tick() {
			return true
		}
		s.place(uint(bits.TrailingZeros32(digits)), b, p)
	}
}

// tick counts a node and polls the context every few thousand nodes. It
// reports true when the search must stop.
func (f *Fast) tick() bool {
	f.nodes++
	if f.nodes&fastPollMask != 0 || f.done == nil {
		return false
	}
	select {
	case <-f.done:
		f.stop, _ = models.ContextStatus(f.ctx)
		return true
	default:
		return false
	}
}

// solution records the solved state s. It reports true when the limit is
// reached.
func (f *Fast) solution(s *fastState) bool {
	f.found++
	if f.found == 1 && f.sol != nil {
		for i := uint(0); i < 27; i++ {
			m := s.cand[i]
			base, v := 27*(i%3), uint8(i/3+1)
			for m != 0 {
				f.sol[base+uint(bits.TrailingZeros32(m))] = v
				m &= m - 1
			}
		}
	}
	if f.found == f.limit {
		f.stop = models.StatusFound
		return true
	}
	return false
}

// place puts digit d+1 in cell p of band b: the cell leaves the unsolved
// set and the other digits' masks, and d leaves the cell's row, box and
// column. Every mask that changes is marked for an update.
func (s *fastState) place(d, b, p uint) {
	b %= 3
	i := 3*(d%9) + b
	peers := fastPeers[p%27]
	old := s.cand[i]
	s.cand[i] = old &^ peers
	s.changed |= fastNonzero(old&peers) << i
	s.solved(i, uint32(1)<<(p%32))
}

// solved propagates new placements of digit-band i (the cells of band i%3
// in cells, at most one per row, already alone in their rows and boxes in
// the mask of i): the cells leave the unsolved set and the other digits'
// masks, and their columns leave the digit's other two bands.
func (s *fastState) solved(i uint, cells uint32) {
	b := i % 3
	s.unsolved[b] &^= cells
	cols := (cells | cells>>9 | cells>>18) & 0x1ff
	cols |= cols<<9 | cols<<18
	for _, j := range fastOtherBands[i%27] {
		old := s.cand[j]
		s.cand[j] = old &^ cols
		s.changed |= fastNonzero(old&cols) << j
	}
	for j := b; j < 27; j += 3 {
		if j == i {
			continue
		}
		old := s.cand[j]
		s.cand[j] = old &^ cells
		s.changed |= fastNonzero(old&cells) << j
	}
}

// fastNonzero returns 1 when x (27 bits) is not zero, else 0, without a branch.
func fastNonzero(x uint32) uint32 { return (x | -x) >> 31 }

// propagate applies the band updates and naked singles until nothing
// changes. It reports false on a contradiction.
func (s *fastState) propagate() bool {
	for {
		for s.changed != 0 {
			i := uint(bits.TrailingZeros32(s.changed))
			s.changed &= s.changed - 1
			if !s.update(i % 27) {
				return false
			}
		}
		placed := false
		for b := uint(0); b < 3; b++ {
			u := s.unsolved[b]
			if u == 0 {
				continue
			}
			var or1, or2 uint32
			for d := b; d < 27; d += 3 {
				x := s.cand[d]
				or2 |= or1 & x
				or1 |= x
			}
			if u&^or1 != 0 {
				return false // a cell without candidates
			}
			for ns := u &^ or2; ns != 0; ns &= ns - 1 {
				p := uint(bits.TrailingZeros32(ns))
				bit := uint32(1) << p
				d := uint(0)
				for d < 9 && s.cand[3*d+b]&bit == 0 {
					d++
				}
				if d == 9 {
					return false // its only candidate went with an earlier single
				}
				s.place(d, b, p)
				placed = true
			}
		}
		if placed {
			continue
		}
		if !s.columns(&placed) {
			return false
		}
		if !placed {
			return true
		}
	}
}

// columns places the hidden singles in columns. It reports false on a
// contradiction (a column without a place for a digit).
func (s *fastState) columns(placed *bool) bool {
	for d := uint(0); d < 27; d += 3 {
		x0, x1, x2 := s.cand[d], s.cand[d+1], s.cand[d+2]
		a0, o0 := fastFold(x0)
		a1, o1 := fastFold(x1)
		a2, o2 := fastFold(x2)
		if a0|a1|a2 != 0x1ff {
			return false
		}
		multi := a0&a1 | a0&a2 | a1&a2
		for b, c := range [3]uint32{o0 &^ multi, o1 &^ multi, o2 &^ multi} {
			cells := s.cand[d+uint(b)] & (c * 0x40201) & s.unsolved[b]
			for ; cells != 0; cells &= cells - 1 {
				s.place(d/3, uint(b), uint(bits.TrailingZeros32(cells)))
				*placed = true
			}
		}
	}
	return true
}

// fastFold returns the columns where band mask x has bits, and those where it
// has exactly one.
func fastFold(x uint32) (any, one uint32) {
	a, b, c := x&0x1ff, x>>9&0x1ff, x>>18&0x1ff
	any = a | b | c
	return any, any &^ (a&b | a&c | b&c)
}

// update applies the row–box interactions and the hidden singles of
// digit-band i. It reports false on a contradiction.
func (s *fastState) update(i uint) bool {
	m := s.cand[i]
	shape := uint(fastBoxes[m&0x1ff]) | uint(fastBoxes[m>>9&0x1ff])<<3 | uint(fastBoxes[m>>18&0x1ff])<<6
	keep := fastKeep[shape]
	if keep == 0 {
		return false
	}
	m &= keep
	s.cand[i] = m
	singles := uint32(fastSingle[m&0x1ff]) | uint32(fastSingle[m>>9&0x1ff])<<9 | uint32(fastSingle[m>>18&0x1ff])<<18
	if singles &= s.unsolved[i%3]; singles != 0 {
		s.solved(i, singles)
	}
	return true
}

// pick chooses the cell to guess on: the first with two candidates, else
// one with the fewest. It reports false when every cell is solved.
func (s *fastState) pick() (b, p uint, ok bool) {
	best := 10
	for bb := uint(0); bb < 3; bb++ {
		u := s.unsolved[bb]
		if u == 0 {
			continue
		}
		var or1, or2, or3 uint32
		for d := bb; d < 27; d += 3 {
			x := s.cand[d]
			or3 |= or2 & x
			or2 |= or1 & x
			or1 |= x
		}
		if pairs := u & or2 &^ or3; pairs != 0 {
			return bb, uint(bits.TrailingZeros32(pairs)), true
		}
		for m := u; m != 0; m &= m - 1 {
			pp := uint(bits.TrailingZeros32(m))
			n := 0
			for d := bb; d < 27; d += 3 {
				n += int(s.cand[d] >> pp & 1)
			}
			if n < best {
				best, b, p = n, bb, pp
			}
		}
	}
	return b, p, best < 10
}

const fastBand27 = 1<<27 - 1

var (
	// fastBoxes maps a row (9 bits) to the boxes (3 bits) where it has bits.
	fastBoxes [512]uint8
	// fastSingle maps a row (9 bits) to itself when it has one bit, else 0.
	fastSingle [512]uint16
	// fastKeep maps the (row, box) shape of a digit-band (bit 3·r+k: row r
	// has candidates in box k) to the 27-bit mask of the mini-rows that lie
	// on some permutation within the shape; 0 when none does.
	fastKeep [512]uint32
	// fastPeers[p] is the row, box and column of cell p inside its band,
	// without p.
	fastPeers [27]uint32
	// fastCols[p] is the column of cell p in a band.
	fastCols [27]uint32
	// fastOtherBands[i] lists the digit-bands of digit i/3 other than i.
	fastOtherBands [27][2]uint
)

func init() {
	for x := range 512 {
		for k := range 3 {
			if x>>(3*k)&7 != 0 {
				fastBoxes[x] |= 1 << k
			}
		}
		if bits.OnesCount(uint(x)) == 1 {
			fastSingle[x] = uint16(x)
		}
	}
	perms := [6][3]int{{0, 1, 2}, {0, 2, 1}, {1, 0, 2}, {1, 2, 0}, {2, 0, 1}, {2, 1, 0}}
	for shape := range 512 {
		var keep uint32
		for _, pm := range perms {
			var m uint32
			ok := true
			for r, k := range pm {
				if shape>>(3*r+k)&1 == 0 {
					ok = false
					break
				}
				m |= 7 << (9*r + 3*k)
			}
			if ok {
				keep |= m
			}
		}
		fastKeep[shape] = keep
	}
	for i := range 27 {
		d, b := i/3*3, i%3
		fastOtherBands[i] = [2]uint{uint(d + (b+1)%3), uint(d + (b+2)%3)}
	}
	for p := range 27 {
		r, c := p/9, p%9
		row := uint32(0x1ff) << (9 * r)
		box := uint32(0x7|0x7<<9|0x7<<18) << (3 * (c / 3))
		col := uint32(1|1<<9|1<<18) << c
		fastCols[p] = col
		fastPeers[p] = (row | box | col) &^ (1 << p)
	}
}
