package sudoku

import (
	"context"
	"math/bits"
	"time"

	"github.com/coverkit/coverkit/core"
	"github.com/coverkit/coverkit/models/sudoku/internal/sweep"
)

// The fast solver keeps, for every band b (three rows) and digit d, a 27-bit
// mask of the cells of the band where d may still go: bit 9·r+c is row
// 3·b+r, column c. A solved cell keeps the bit of its digit, so in a
// consistent state each row of every digit-band mask holds at least one
// bit. Work is driven by a 27-bit set of digit-bands whose mask changed;
// updating one digit-band applies, in a few table look-ups:
//
//   - the band's row–box interactions: a digit occupies one mini-row (three
//     cells of a row inside a box) per row and per box, so the mini-rows it
//     uses form a permutation of the 3×3 (row, box) grid of the band. The
//     mini-rows on no permutation that fits the candidates are cleared.
//     This covers locked candidates (pointing and claiming) inside the band,
//     and turns hidden singles in boxes into rows with one bit;
//   - hidden singles in rows: a row with a single bit in a cell not yet
//     solved places the digit there, clearing the cell for the other digits
//     and the column in the other two bands, in one batch for all the rows
//     of the digit-band.
//
// When no digit-band changes, cells with one candidate (naked singles) are
// found with bit-sliced counters over the nine digits of a band. Then the
// same permutation argument runs on the columns: in each stack (three
// columns of boxes) a digit uses one mini-column per column and per box,
// which gives locked candidates between boxes and columns and the hidden
// singles in columns. When nothing is left to deduce, the solver guesses on
// a cell with two candidates (the one with most open peers) and backtracks
// on a fixed stack of states.

// fastState is one node of the search: 128 bytes, copied on each guess.
type fastState struct {
	cand     [27]uint32 // cand[9·b+d]: cells of band b where digit d+1 may go
	unsolved [3]uint32  // cells of each band not yet placed
	changed  uint32     // digit-bands (bit 9·b+d) whose mask changed since their last update
	diag     bool       // X-sudoku: both main diagonals hold every digit once
}

// fastMaxDepth bounds the guess stack: every guess places at least one cell.
const fastMaxDepth = sweep.MaxDepth

// fastPollNodes is the most nodes a search runs between two polls of its
// core.Meter: a node costs 0.2 to 1 µs, so about a millisecond of work.
// (The meter's own interval grows over a batch of short searches, each
// polling once at its start.)
const fastPollNodes = 1 << 12

// Fast is a reusable bitset solver for classic 9×9 sudoku (constraint
// propagation with naked and hidden singles, then guessing). The zero value
// is ready to use; a Fast allocates nothing per puzzle. It is not safe for
// concurrent use: give each goroutine its own.
//
// The solver is specialized for 9×9: candidates are 27-bit masks per band
// (three rows) and digit, updated with table look-ups. Besides naked and
// hidden singles in rows, columns and boxes, it applies locked candidates
// (box–line interactions) in both directions; it guesses on a cell with
// two candidates when there is one. On amd64 CPUs with AVX-512 (F and BW)
// classic grids are searched by the sweep kernel (package internal/sweep),
// which deduces the same by whole-grid rounds in vector registers and
// makes the same tree; X-sudoku, other CPUs and the purego build tag use
// the Go kernel. See docs/benchmarks.md for its rates on the standard puzzle
// collections.
type Fast struct {
	stack [fastMaxDepth]fastState

	limit uint64
	found uint64
	nodes uint64
	sol   *[81]uint8
	stop  core.Status // status that ended the search early, or StatusExhausted

	// The search stops through a core.Meter (docs/design.md, "Stopping"),
	// polled at the start and when the nodes reach bound. A search without
	// a node budget reuses the meter of the last one under the same
	// context (cache, cacheDone: its Done channel), so that a batch
	// allocates nothing per puzzle.
	meter     *core.Meter
	start     time.Time // when the search started: the clock reading of its first poll
	bound     uint64
	maxNodes  uint64 // the node budget (MaxNodes), 0 for none
	cache     *core.Meter
	cacheDone <-chan struct{}

	// visit, if set, receives every solution found (in grid, valid during
	// the call); returning false stops the search with status found.
	visit func(grid *[81]uint8) bool
	grid  [81]uint8
	first []int32 // if not nil (81 cells), receives the first solution too

	sweep bool          // search with the sweep kernel (searchSweep), not the Go one
	sw    *sweep.Search // its stack, made on first use
	// kernel forces a kernel for tests: "go" keeps the Go kernel on every
	// CPU; "" takes the sweep kernel where the CPU has it (fastKernel).
	kernel string
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
// returns 0 solutions with status exhausted, and so does a nil givens. sol
// is left untouched when no solution is found; it may be nil when only the
// count is wanted. A nil ctx never ends.
func (f *Fast) Solve(ctx context.Context, givens *[81]uint8, limit uint64, sol *[81]uint8) (found, nodes uint64, status core.Status) {
	return f.solve(ctx, givens, limit, sol, false)
}

// SolveX is Solve for X-sudoku (diagonal sudoku): both main diagonals also
// hold every digit once. Givens that clash on a diagonal make the puzzle
// unsolvable (0 solutions, exhausted). Hidden singles on the diagonals are
// found with the column checks; everything else is as in Solve.
func (f *Fast) SolveX(ctx context.Context, givens *[81]uint8, limit uint64, sol *[81]uint8) (found, nodes uint64, status core.Status) {
	return f.solve(ctx, givens, limit, sol, true)
}

func (f *Fast) solve(ctx context.Context, givens *[81]uint8, limit uint64, sol *[81]uint8, diag bool) (found, nodes uint64, status core.Status) {
	if givens == nil {
		return 0, 0, core.StatusExhausted // no puzzle: refused like clashing givens
	}
	if ctx == nil {
		ctx = context.Background()
	}
	f.limit, f.found, f.nodes, f.sol, f.stop = limit, 0, 0, sol, core.StatusExhausted
	f.sweep = fastKernel(f.kernel, diag) == "sweep"
	switch {
	case f.maxNodes > 0:
		f.meter = core.NewMeter(ctx, &core.Options{MaxNodes: f.maxNodes})
	case f.cache != nil && f.cacheDone == ctx.Done() && !f.cache.Stopped():
		f.meter = f.cache
	default:
		f.meter = core.NewMeter(ctx, nil)
		f.cache, f.cacheDone = f.meter, ctx.Done()
	}
	bound, _, ok := f.meter.Poll(0, 0)
	f.bound = min(bound, fastPollNodes)
	if f.start = f.meter.Polled(); !ok {
		f.start = time.Now()
		f.stop = f.meter.Status()
	} else if f.sweep {
		f.searchSweep(givens)
	} else if f.stack[0].init(givens, diag) {
		f.search(0)
	}
	f.meter, f.sol = nil, nil
	return f.found, f.nodes, f.stop
}

// solveWith is solve with a node budget (0: none) and a visitor of every
// solution (nil: none), for the registry's entries.
func (f *Fast) solveWith(ctx context.Context, givens *[81]uint8, limit, maxNodes uint64, sol *[81]uint8, diag bool, visit func(*[81]uint8) bool) (found, nodes uint64, status core.Status) {
	f.maxNodes, f.visit = maxNodes, visit
	found, nodes, status = f.solve(ctx, givens, limit, sol, diag)
	f.maxNodes, f.visit = 0, nil
	return found, nodes, status
}

// init loads the givens into s, reporting false when they clash or hold a
// value above 9. It sets the masks in one pass: each digit-band loses the
// cells of other givens and the peers of its own givens.
func (s *fastState) init(givens *[81]uint8, diag bool) bool {
	s.diag = diag
	var given [27]uint32 // given[9·b+d]: the givens of digit d+1 in band b
	var occupied [3]uint32
	for b := range 3 {
		for p, v := range (*[27]uint8)(givens[27*b : 27*b+27]) {
			if v == 0 {
				continue
			}
			if v > 9 {
				return false
			}
			given[9*b+int(v)-1] |= 1 << p
			occupied[b] |= 1 << p
		}
	}
	for d := range 9 {
		var peers, cols [3]uint32
		for b := range 3 {
			g := given[9*b+d]
			cols[b] = fastFoldRows(g) * 0x40201
			for ; g != 0; g &= g - 1 {
				peers[b] |= fastPeers[bits.TrailingZeros32(g)]
			}
		}
		for b := range 3 {
			g := given[9*b+d]
			elim := peers[b] | cols[(b+1)%3] | cols[(b+2)%3]
			if g&elim != 0 {
				return false // two equal givens see each other
			}
			s.cand[9*b+d] = fastBand27 &^ (occupied[b] &^ g) &^ elim
		}
	}
	s.unsolved = [3]uint32{fastBand27 &^ occupied[0], fastBand27 &^ occupied[1], fastBand27 &^ occupied[2]}
	s.changed = fastBand27
	if diag {
		for d := range uint(9) {
			for k := range fastDiag {
				n := 0
				for b := range uint(3) {
					n += bits.OnesCount32(given[9*b+d] & fastDiag[k][b])
				}
				if n > 1 {
					return false // two equal givens on a diagonal
				}
			}
			for b := range uint(3) {
				if g := given[9*b+d]; g != 0 {
					s.diagonals(9*b+d, g, 0)
				}
			}
		}
	}
	return true
}

// diagonals clears, in X-sudoku, the diagonals through the new placements
// cells of digit-band i (at most one per diagonal) from the digit's masks.
// It returns changed with the digit-bands whose masks changed added.
func (s *fastState) diagonals(i uint, cells, changed uint32) uint32 {
	b, d := i/9, i%9
	for k := range fastDiag {
		if cells&fastDiag[k][b] == 0 {
			continue
		}
		for j := range uint(3) {
			m := fastDiag[k][j]
			if j == b {
				m &^= cells
			}
			x := s.cand[9*j+d]
			y := x & m
			s.cand[9*j+d] = x ^ y
			changed |= fastNonzero(y) << (9*j + d)
		}
	}
	return changed
}

// search runs propagation and guessing on f.stack[depth]. It reports true
// when the search must stop (limit reached or context done).
func (f *Fast) search(depth int) bool {
	s := &f.stack[depth%fastMaxDepth]
	for {
		b, p, ok, solved := f.propagate(s)
		if !ok {
			return false
		}
		if solved {
			return f.solution(s)
		}
		bit := uint32(1) << p
		band := (*[9]uint32)(s.cand[9*b : 9*b+9])
		var digits uint32 // candidate digits of the cell
		for d, m := range band {
			digits |= (m & bit) >> p << d
		}
		for digits&(digits-1) != 0 {
			d := uint(bits.TrailingZeros32(digits))
			digits &= digits - 1
			if f.tick() {
				return true
			}
			next := &f.stack[(depth+1)%fastMaxDepth]
			*next = *s
			next.changed = next.place(9*b+d, p, 0)
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
		s.changed = s.place(9*b+uint(bits.TrailingZeros32(digits)), p, 0)
	}
}

// propagate brings s to the fixpoint of the deductions (fastState.propagate)
// and chooses the cell to guess on (fastState.pick); ok false is a
// contradiction, solved says that every cell is placed.
func (f *Fast) propagate(s *fastState) (b, p uint, ok, solved bool) {
	if !s.propagate() {
		return 0, 0, false, false
	}
	b, p, ok = s.pick()
	return b, p, true, !ok
}

// tick counts a node, polling the meter when the nodes reach the bound. It
// reports true when the search must stop: the node budget is spent (status
// limit; nodes stays at the budget) or the context ended.
func (f *Fast) tick() bool {
	if f.nodes == f.bound {
		bound, _, ok := f.meter.Poll(f.nodes, f.nodes)
		if !ok {
			f.stop = f.meter.Status()
			return true
		}
		f.bound = min(bound, f.nodes+fastPollNodes)
	}
	f.nodes++
	return false
}

// solution records the solved state s. It reports true when the limit is
// reached.
func (f *Fast) solution(s *fastState) bool {
	f.found++
	if f.found == 1 && f.sol != nil {
		s.write(f.sol)
	}
	if f.found == 1 && f.first != nil {
		s.writeInt32((*[81]int32)(f.first))
	}
	if f.visit != nil {
		s.write(&f.grid)
		if !f.visit(&f.grid) {
			f.stop = core.StatusFound
			return true
		}
	}
	if f.found == f.limit {
		f.stop = core.StatusFound
		return true
	}
	return false
}

// writeInt32 is write into a core.Solution's cells. In a solved state a
// digit holds one cell of each row, so the cell of each (row, digit) is
// found at once, the 81 of them independent of each other (a loop over the
// bits of each mask waits for each bit's removal).
func (s *fastState) writeInt32(grid *[81]int32) {
	for b := range 3 {
		cells := (*[27]int32)(grid[27*b : 27*b+27])
		for d, m := range (*[9]uint32)(s.cand[9*b : 9*b+9]) {
			v := int32(d + 1)
			if c := bits.TrailingZeros32(m); c < 9 {
				cells[c] = v
			}
			if c := bits.TrailingZeros32(m >> 9); c < 9 {
				cells[9+c] = v
			}
			if c := bits.TrailingZeros32(m >> 18); c < 9 {
				cells[18+c] = v
			}
		}
	}
}

// write writes the solved state s into grid (row-major digits).
func (s *fastState) write(grid *[81]uint8) {
	for b := range 3 {
		cells := (*[27]uint8)(grid[27*b : 27*b+27])
		for d, m := range (*[9]uint32)(s.cand[9*b : 9*b+9]) {
			for ; m != 0; m &= m - 1 {
				cells[bits.TrailingZeros32(m)] = uint8(d + 1)
			}
		}
	}
}

// place puts digit i%9+1 in cell p of band i/9: the digit leaves the cell's
// row, box and column, and the cell leaves the unsolved set and the other
// digits' masks. It returns changed with the digit-bands whose masks
// changed added.
func (s *fastState) place(i, p uint, changed uint32) uint32 {
	peers := fastPeers[p]
	old := s.cand[i]
	s.cand[i] = old &^ peers
	changed |= fastNonzero(old&peers) << i
	return s.solved(i, uint32(1)<<p, changed)
}

// solved propagates new placements of digit-band i: cells holds at most one
// cell per row, each already alone in its row and box in the mask of i. The
// cells leave the unsolved set and the other digits' masks, and their
// columns leave the digit's other two bands. It returns changed with the
// digit-bands whose masks changed added.
func (s *fastState) solved(i uint, cells, changed uint32) uint32 {
	b, d := i/9, i%9
	s.unsolved[b] &^= cells

	cols := (cells | cells>>9 | cells>>18) & 0x1ff * 0x40201
	j := fastNextBand[i]
	x := s.cand[j]
	y := x & cols
	s.cand[j] = x ^ y
	changed |= fastNonzero(y) << j
	j = fastNextBand[j]
	x = s.cand[j]
	y = x & cols
	s.cand[j] = x ^ y
	changed |= fastNonzero(y) << j

	// Clear the cells from all nine digits of the band, then give digit d
	// its mask back: cheaper than skipping it.
	band := (*[9]uint32)(s.cand[9*b : 9*b+9])
	own := band[d]
	y0 := band[0] & cells
	y1 := band[1] & cells
	y2 := band[2] & cells
	y3 := band[3] & cells
	y4 := band[4] & cells
	y5 := band[5] & cells
	y6 := band[6] & cells
	y7 := band[7] & cells
	y8 := band[8] & cells
	band[0] ^= y0
	band[1] ^= y1
	band[2] ^= y2
	band[3] ^= y3
	band[4] ^= y4
	band[5] ^= y5
	band[6] ^= y6
	band[7] ^= y7
	band[8] ^= y8
	band[d] = own
	marks := fastNonzero(y0) | fastNonzero(y1)<<1 | fastNonzero(y2)<<2 |
		fastNonzero(y3)<<3 | fastNonzero(y4)<<4 | fastNonzero(y5)<<5 |
		fastNonzero(y6)<<6 | fastNonzero(y7)<<7 | fastNonzero(y8)<<8
	marks &^= 1 << d
	changed |= marks << (9 * b)
	if s.diag {
		changed = s.diagonals(i, cells, changed)
	}
	return changed
}

// fastNonzero returns 1 when x (at most 27 bits) is not zero, else 0,
// without a branch.
func fastNonzero(x uint32) uint32 { return (x + fastBand27) >> 27 }

// propagate applies the band updates, naked singles and column checks until
// nothing changes. It reports false on a contradiction.
func (s *fastState) propagate() bool {
	changed := s.changed
	s.changed = 0
	// touched collects the digit-bands updated since the last naked-single
	// and column passes: only their bands and digits need those passes.
	var touched uint32
	for {
		touched |= changed
		for changed != 0 {
			// The update of digit-band i, inlined: the row–box interactions
			// (mini-rows on no permutation of the band's shape go) and the
			// hidden singles in rows, placed in one batch.
			i := uint(bits.TrailingZeros32(changed))
			changed &= changed - 1
			m := s.cand[i]
			shape := uint(fastBoxes[m&0x1ff]) | uint(fastBoxes[m>>9&0x1ff])<<3 | uint(fastBoxes[m>>18&0x1ff])<<6
			keep := fastKeep[shape&0x1ff]
			if keep == 0 {
				return false
			}
			m &= keep
			s.cand[i] = m
			singles := uint32(fastSingle[m&0x1ff]) | uint32(fastSingle[m>>9&0x1ff])<<9 | uint32(fastSingle[m>>18&0x1ff])<<18
			if singles &= s.unsolved[i/9]; singles != 0 {
				changed = s.solved(i, singles, changed)
				touched |= changed
			}
		}
		for b := uint(0); b < 3; b++ {
			u := s.unsolved[b]
			if u == 0 || touched>>(9*b)&0x1ff == 0 {
				continue
			}
			band := (*[9]uint32)(s.cand[9*b : 9*b+9])
			var or1, or2 uint32
			for _, x := range band {
				or2 |= or1 & x
				or1 |= x
			}
			if u&^or1 != 0 {
				return false // a cell without candidates
			}
			for ns := u &^ or2; ns != 0; ns &= ns - 1 {
				p := uint(bits.TrailingZeros32(ns))
				// The cell's digit, without a loop: at most one digit has it.
				var d, n uint32
				for k, x := range band {
					on := x >> p & 1
					d |= on * uint32(k)
					n |= on
				}
				if n == 0 {
					return false // its only candidate went with an earlier single
				}
				changed = s.place(9*b+uint(d), p, changed)
			}
		}
		if changed != 0 {
			continue
		}
		digits := (touched | touched>>9 | touched>>18) & 0x1ff
		touched = 0
		var ok bool
		if changed, ok = s.columns(digits, changed); !ok {
			return false
		}
		if changed == 0 {
			return true
		}
	}
}

// columns applies, digit by digit, the column–box interactions of each
// stack (three columns of boxes) and the hidden singles in columns, for
// the digits in the 9-bit set digits. A digit
// occupies one mini-column (three cells of a column inside a box) per
// column and per box of a stack, so, as for rows in a band, the mini-columns
// it can use form a permutation of the 3×3 (band, column) grid of the
// stack, and those on no permutation are cleared. It returns changed with
// the digit-bands whose masks changed added, and false on a contradiction.
func (s *fastState) columns(digits, changed uint32) (uint32, bool) {
	for ; digits != 0; digits &= digits - 1 {
		d := uint(bits.TrailingZeros32(digits))
		x0, x1, x2 := s.cand[d], s.cand[9+d], s.cand[18+d]
		f := fastFoldRows(x0) | fastFoldRows(x1)<<9 | fastFoldRows(x2)<<18
		k0 := fastStackKeep[fastStackShape(f)]
		k1 := fastStackKeep[fastStackShape(f>>3)]
		k2 := fastStackKeep[fastStackShape(f>>6)]
		if k0 == 0 || k1 == 0 || k2 == 0 {
			return changed, false
		}
		g := k0 | k1<<3 | k2<<6 // columns kept in each band
		y0 := x0 & (g & 0x1ff * 0x40201)
		y1 := x1 & (g >> 9 & 0x1ff * 0x40201)
		y2 := x2 & (g >> 18 * 0x40201)
		s.cand[d], s.cand[9+d], s.cand[18+d] = y0, y1, y2
		changed |= fastNonzero(x0^y0)<<d | fastNonzero(x1^y1)<<(9+d) | fastNonzero(x2^y2)<<(18+d)
		// After the permutation check every column is in one band at least;
		// a column in one band only, on one row there, is a hidden single.
		g0, g1, g2 := g&0x1ff, g>>9&0x1ff, g>>18
		multi := g0&g1 | g0&g2 | g1&g2
		for b, y := range [3]uint32{y0, y1, y2} {
			if only := fastOneRow(y) &^ multi; only != 0 {
				cells := y & (only * 0x40201) & s.unsolved[b]
				for ; cells != 0; cells &= cells - 1 {
					changed = s.place(9*uint(b)+d, uint(bits.TrailingZeros32(cells)), changed)
				}
			}
		}
		if s.diag {
			var ok bool
			if changed, ok = s.diagonalSingles(d, changed); !ok {
				return changed, false
			}
		}
	}
	return changed, true
}

// diagonalSingles checks, in X-sudoku, that digit d+1 still has a place on
// each diagonal, and places it where it has only one. It returns changed
// with the digit-bands whose masks changed added, and false on a
// contradiction.
func (s *fastState) diagonalSingles(d uint, changed uint32) (uint32, bool) {
	for k := range fastDiag {
		var on [3]uint32
		n := 0
		for b := range uint(3) {
			on[b] = s.cand[9*b+d] & fastDiag[k][b]
			n += bits.OnesCount32(on[b])
		}
		if n == 0 {
			return changed, false
		}
		if n > 1 {
			continue
		}
		for b := range uint(3) {
			if cell := on[b] & s.unsolved[b]; cell != 0 {
				changed = s.place(9*b+d, uint(bits.TrailingZeros32(cell)), changed)
			}
		}
	}
	return changed, true
}

// fastFoldRows returns the columns where band mask x has bits.
func fastFoldRows(x uint32) uint32 { return (x | x>>9 | x>>18) & 0x1ff }

// fastOneRow returns the columns where band mask x has exactly one bit.
func fastOneRow(x uint32) uint32 {
	a, b, c := x&0x1ff, x>>9&0x1ff, x>>18&0x1ff
	return (a | b | c) &^ (a&b | a&c | b&c)
}

// fastStackShape extracts from f (bit 9·b+c: band b has the digit in column
// c) the 3×3 grid of the first stack: bit 3·b+j for column j.
func fastStackShape(f uint32) uint32 {
	return f&7 | f>>6&0x38 | f>>12&0x1c0
}

// pick chooses the cell to guess on. It reports false when every cell is
// solved. Among the cells with two candidates it takes the first (in band
// and bit order) with the highest score: twice its unsolved peers plus its
// peers with two candidates, over its 20 peers, so that a guess reaches as
// many open cells as possible (on top1465 this needs 40% fewer guesses
// than the first such cell). Without such cells it takes the first cell
// with the fewest candidates. (Before issue 24 a column cell open in both
// other bands counted once; counting both saves 2% of the nodes on
// top1465 and 4% on the hardest sets.)
func (s *fastState) pick() (b, p uint, ok bool) {
	var pairs [3]uint32
	solved := true
	for bb := uint(0); bb < 3; bb++ {
		u := s.unsolved[bb]
		if u == 0 {
			continue
		}
		var or1, or2, or3 uint32
		for _, x := range (*[9]uint32)(s.cand[9*bb : 9*bb+9]) {
			or3 |= or2 & x
			or2 |= or1 & x
			or1 |= x
		}
		pairs[bb] = u & or2 &^ or3
		solved = false
	}
	if solved {
		return 0, 0, false
	}
	best := -1
	for bb := uint(0); bb < 3; bb++ {
		b1, b2 := (bb+1)%3, (bb+2)%3
		for m := pairs[bb]; m != 0; m &= m - 1 {
			pp := uint(bits.TrailingZeros32(m))
			peers, col := fastPeers[pp], fastCols[pp]
			score := 2*(bits.OnesCount32(s.unsolved[bb]&peers)+bits.OnesCount32(s.unsolved[b1]&col)+bits.OnesCount32(s.unsolved[b2]&col)) +
				bits.OnesCount32(pairs[bb]&peers) + bits.OnesCount32(pairs[b1]&col) + bits.OnesCount32(pairs[b2]&col)
			if score > best {
				best, b, p = score, bb, pp
			}
		}
	}
	if best >= 0 {
		return b, p, true
	}
	// The first open cell with the fewest candidates: count the
	// candidates of every cell of a band at once, in four bit planes.
	var counts [3][4]uint32
	for bb := range counts {
		c := &counts[bb]
		for _, x := range (*[9]uint32)(s.cand[9*bb : 9*bb+9]) {
			k0 := c[0] & x
			c[0] ^= x
			k1 := c[1] & k0
			c[1] ^= k0
			k2 := c[2] & k1
			c[2] ^= k1
			c[3] |= k2
		}
	}
	for n := uint32(2); n <= 9; n++ {
		for bb := uint(0); bb < 3; bb++ {
			c := &counts[bb]
			m := s.unsolved[bb]
			for j := range c {
				if n>>j&1 != 0 {
					m &= c[j]
				} else {
					m &^= c[j]
				}
			}
			if m != 0 {
				return bb, uint(bits.TrailingZeros32(m)), true
			}
		}
	}
	return 0, 0, true
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
	// fastStackKeep maps the (band, column) grid of a stack (bit 3·b+j:
	// band b has the digit in column j of the stack) to the cells of that
	// grid that lie on some permutation within it, spread back to bit
	// 9·b+j; 0 when none does.
	fastStackKeep [512]uint32
	// fastPeers[p] is the row, box and column of cell p inside its band,
	// without p.
	fastPeers [27]uint32
	// fastCols[p] is the column of cell p in a band.
	fastCols [27]uint32
	// fastDiag[k][b] is the part in band b of the main diagonal (k = 0) and
	// of the anti-diagonal (k = 1).
	fastDiag [2][3]uint32
	// fastNextBand[i] is the digit-band of digit i%9 in the next band.
	fastNextBand [27]uint
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
		for _, pm := range perms {
			var minirows, minicols uint32
			ok := true
			for r, k := range pm {
				if shape>>(3*r+k)&1 == 0 {
					ok = false
					break
				}
				minirows |= 7 << (9*r + 3*k)
				minicols |= 1 << (9*r + k)
			}
			if ok {
				fastKeep[shape] |= minirows
				fastStackKeep[shape] |= minicols
			}
		}
	}
	for r := range 9 {
		fastDiag[0][r/3] |= 1 << (r%3*9 + r)
		fastDiag[1][r/3] |= 1 << (r%3*9 + 8 - r)
	}
	for i := range 27 {
		fastNextBand[i] = uint((i + 9) % 27)
	}
	for p := range 27 {
		r, c := p/9, p%9
		row := uint32(0x1ff) << (9 * r)
		box := uint32(0x7|0x7<<9|0x7<<18) << (3 * (c / 3))
		col := uint32(1|1<<9|1<<18) << c
		fastPeers[p] = (row | box | col) &^ (1 << p)
		fastCols[p] = col
	}
}
