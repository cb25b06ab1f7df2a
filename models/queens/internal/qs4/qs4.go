// Package qs4 is the N-Queens min-conflicts solver of coverkit's queens
// model, in the style of Sosic and Gu's QS4 (1991): a permutation board, so
// only diagonals can clash; a greedy initialization that leaves only a few
// queens in conflict; swaps between queens under attack and random
// partners; about 4.6 bytes a queen, so that a billion queens fit in under
// 5 GiB. The same n and seed give the same solution on every machine: the
// random generator (package internal/wyrand) is written out in the module.
//
// The search stops through a core.Meter, one step a node: the meter's node
// budget is the step budget.
package qs4

import (
	"context"
	"errors"
	"fmt"
	"math"
	"math/bits"
	"time"

	"github.com/coverkit/coverkit/core"
	"github.com/coverkit/coverkit/internal/wyrand"
	"github.com/coverkit/coverkit/resource"
)

// DefaultSeed is the seed Solve uses when Options.Seed is 0, so that runs
// without a seed are reproducible.
const DefaultSeed uint64 = 1

// MaxN is the largest board Solve accepts: rows are stored as int32.
const MaxN = math.MaxInt32

// Options tunes Solve. A nil *Options means the defaults: DefaultSeed and
// coverkit's memory policy.
type Options struct {
	// Seed selects the random stream; 0 means DefaultSeed. The same n and
	// seed give the same solution on every machine.
	Seed uint64
	// MaxBytes, if positive, is the memory the search may use: a board that
	// needs more (Bytes) is refused with an error wrapping
	// resource.ErrTooLarge that says how much it needs. 0 means coverkit's
	// memory policy (resource.Check: MemAvailable, the cgroup's limit and
	// RLIMIT_AS).
	MaxBytes uint64
}

// Result is the outcome of Solve.
type Result struct {
	// Status is StatusFound with a verified solution; StatusExhausted with
	// no solution for n = 2 and 3, where none exists; otherwise why the
	// meter stopped the search (limit, timeout, canceled).
	Status core.Status
	// Solution is the solution, sol[c] = the 0-based row of the queen in
	// column c, or nil unless Status is StatusFound.
	Solution []int32
	// Seed is the seed used (DefaultSeed if none was given).
	Seed uint64
	// Steps counts the candidates examined: by the greedy initialization,
	// words of 64 rows scanned for a good row, then (for the last few
	// percent of the columns) single rows tried; by the repair, swaps
	// tried. Every step costs O(1). The meter counts steps as nodes.
	Steps uint64
	// Swaps counts the repair swaps made (each removes a collision).
	Swaps uint64
	// Restarts counts fresh initializations after the first (only small
	// boards ever need one).
	Restarts int
	// InitialConflicts is the number of collisions the last initialization
	// left for repair: on a diagonal holding k > 1 queens, k−1 collisions.
	InitialConflicts uint64
	// Verified reports that Solution passed the O(n) check for rows and
	// both diagonals, independent of the search's counters.
	Verified bool
	// Bytes is the memory the search holds: the permutation and the
	// diagonal counters (Bytes).
	Bytes uint64
	// Search and Verify are the wall times of the search and of the final
	// check.
	Search, Verify time.Duration
}

// Bytes returns the memory Solve needs for n queens: 4 bytes a queen for
// the int32 permutation, one bit for each of the 2(2n−1) diagonals, and one
// bit a row for the final check — about 4.6 bytes a queen — plus at most
// 256 KiB of hints for the repair (diagonals.hint). (Diagonals holding more
// than one queen, tens of thousands at most, are counted in a small map on
// top.)
func Bytes(n int) uint64 {
	if n <= 0 {
		return 0
	}
	un := uint64(n)
	return 4*un + 2*8*diagonalWords(un) + 8*words(un) + 2*4*uint64(hintLen(n))
}

// words returns the 64-bit words of a bitset of n bits.
func words(n uint64) uint64 { return (n + 63) / 64 }

// diagonalWords returns the words of the bitset of one diagonal family of
// an n×n board: 2n−1 bits and one word more, so that the initialization
// can read 64 bits from any diagonal on (window64).
func diagonalWords(n uint64) uint64 { return words(2*n-1) + 1 }

// Tuning of the initialization (see initialize). The word scan places all
// but the last n/poolShare columns, reading at most maxScan words for a
// column, with the memory of the column ahead columns on prefetched; the
// pool phase tries maxTries rows for a column, the first half from the next
// window rows of the pool. At poolShare = 32 the word scan still needs
// about 13 words a column at the end of its share (96–97% of the columns),
// and it would need 186 in the last 2%, where good rows are rare.
const (
	maxScan   = 1024
	ahead     = 32
	poolShare = 32
	maxTries  = 128
	window    = 256
)

// tailQueens is the number of queens left to random placement and repair.
func tailQueens(n int) int {
	switch {
	case n < 16:
		return n / 2
	case n < 1000:
		return 8
	}
	return 64
}

// errStop ends a search early; the meter's Status says why.
var errStop = errors.New("qs4: stopped")

// Solve solves the n-queens problem by min-conflicts local search (see the
// package comment): a greedy initialization places almost every queen on
// free diagonals, in a random row among those left, found 64 rows at a
// time with bitset operations; the last few queens go to random rows; then
// swaps between a queen under attack and a random partner that reduce the
// number of collisions repair the board. Small boards that get stuck
// restart.
//
// Every step is counted by m (a node and a unit of work): m stops the
// search at its node budget exactly, or when its context ends, and it
// receives the progress (Done: queens placed, Total: n, Remaining: the
// collisions left). Every solution is checked in O(n) before it is
// returned (rows and both diagonals, with the search's bitsets cleared).
//
// n = 1 is trivial; n = 2 and 3 have no solution, reported as
// StatusExhausted with a nil Solution. n ≤ 0 is an error, and so is a board
// beyond MaxN or the memory allowed (wrapping resource.ErrTooLarge).
func Solve(m *core.Meter, n int, opts *Options) (Result, error) {
	var o Options
	if opts != nil {
		o = *opts
	}
	if o.Seed == 0 {
		o.Seed = DefaultSeed
	}
	res := Result{Seed: o.Seed, Bytes: Bytes(n)}
	switch {
	case n <= 0:
		return res, fmt.Errorf("qs4: %d queens: the board size must be positive", n)
	case n > MaxN:
		return res, fmt.Errorf("%w: qs4: %d queens: at most %d (rows are int32), and %s would be needed",
			resource.ErrTooLarge, n, MaxN, resource.FormatBytes(Bytes(n)))
	case res.Bytes > math.MaxInt/2:
		// A 32-bit address space: the arrays' byte sizes would overflow.
		return res, fmt.Errorf("%w: qs4: %d queens need %s of memory, more than this platform can address",
			resource.ErrTooLarge, n, resource.FormatBytes(res.Bytes))
	case o.MaxBytes > 0 && res.Bytes > o.MaxBytes:
		return res, fmt.Errorf("%w: qs4: %d queens need %s of memory (%.1f bytes a queen), only %s available",
			resource.ErrTooLarge, n, resource.FormatBytes(res.Bytes), float64(res.Bytes)/float64(n), resource.FormatBytes(o.MaxBytes))
	case o.MaxBytes == 0:
		if err := resource.Check(fmt.Sprintf("qs4: %d queens", n), res.Bytes); err != nil {
			return res, err
		}
	}
	if n == 2 || n == 3 {
		res.Status = core.StatusExhausted
		return res, nil
	}
	if m == nil {
		m = core.NewMeter(context.Background(), nil)
	}
	start := time.Now()
	s := newSearch(m, n, o.Seed)
	err := s.poll()
	if err == nil {
		err = s.solve()
	}
	res.Steps, res.Swaps, res.Restarts = s.steps, s.swaps, s.restarts
	res.InitialConflicts = s.initial
	res.Search = time.Since(start)
	if err != nil {
		res.Status = m.Status()
		return res, nil
	}
	vstart := time.Now()
	if err := verifyPerm(s.p, s.rows, s.sums.bits, s.difs.bits); err != nil {
		// Unreachable unless the search has a bug: never report an
		// unverified board.
		return res, fmt.Errorf("qs4: internal error: the search's board fails verification: %w", err)
	}
	res.Verify = time.Since(vstart)
	res.Status, res.Solution, res.Verified = core.StatusFound, s.p, true
	return res, nil
}

// diagonals counts the queens on each diagonal of one direction: a bit
// says whether a diagonal is occupied, and extra holds k−1 for the few
// diagonals with k > 1 queens. Collisions are the sum of the extras. hint
// spares the map most lookups: hint[d&hintMask] counts the crowded
// diagonals that fall there, so a zero says d is not crowded (every try
// of the repair asks that of eight diagonals).
type diagonals struct {
	bits  []uint64
	extra map[int]uint32
	hint  []uint32
}

// hintMask sizes diagonals.hint: 32 Ki counters, 128 KiB a family, enough
// to keep the tens of thousands of crowded diagonals that a billion queens
// start with mostly apart.
const hintMask = 1<<15 - 1

// hintLen returns the length of diagonals.hint for an n×n board: a power
// of two, at most hintMask+1.
func hintLen(n int) int { return min(hintMask+1, 1<<min(bits.Len64(2*uint64(n)), 20)) }

func newDiagonals(n int) diagonals {
	return diagonals{
		bits:  makeHuge[uint64](int(diagonalWords(uint64(n)))),
		extra: make(map[int]uint32),
		hint:  make([]uint32, hintLen(n)),
	}
}

// free reports whether diagonal d holds no queen.
func (g *diagonals) free(d int) bool { return g.bits[d>>6]&(1<<(d&63)) == 0 }

// add puts a queen on diagonal d and returns the collisions it adds (0 or 1).
func (g *diagonals) add(d int) int {
	if g.free(d) {
		g.bits[d>>6] |= 1 << (d & 63)
		return 0
	}
	if g.extra[d]++; g.extra[d] == 1 {
		g.hint[d&(len(g.hint)-1)]++
	}
	return 1
}

// remove takes a queen off diagonal d and returns the collisions it
// removes (0 or 1).
func (g *diagonals) remove(d int) int {
	if g.crowded(d) {
		if k := g.extra[d]; k == 1 {
			delete(g.extra, d)
			g.hint[d&(len(g.hint)-1)]--
		} else {
			g.extra[d] = k - 1
		}
		return 1
	}
	g.bits[d>>6] &^= 1 << (d & 63)
	return 0
}

// crowded reports whether diagonal d holds more than one queen.
func (g *diagonals) crowded(d int) bool {
	if g.hint[d&(len(g.hint)-1)] == 0 {
		return false
	}
	_, ok := g.extra[d]
	return ok
}

// reset empties every diagonal.
func (g *diagonals) reset() {
	clear(g.bits)
	clear(g.extra)
	clear(g.hint)
}

// search is the state of one Solve run.
type search struct {
	n    int
	p    []int32   // p[c] = row of the queen in column c
	sums diagonals // anti-diagonals c+r
	difs diagonals // diagonals c-r+n-1
	rows []uint64  // a bit for each row, for the final check
	r    wyrand.Rand

	steps, swaps uint64
	restarts     int
	coll         uint64 // current collisions
	initial      uint64 // collisions after the last initialization
	placed       int    // queens placed so far by the initialization
	suspects     []int  // columns that may be under attack

	m        *core.Meter
	nextPoll uint64 // the step count at which to poll m next
}

func newSearch(m *core.Meter, n int, seed uint64) *search {
	return &search{
		n:    n,
		p:    makeHuge[int32](n),
		sums: newDiagonals(n),
		difs: newDiagonals(n),
		rows: makeHuge[uint64](int(words(uint64(n)))),
		r:    wyrand.New(seed),
		m:    m,
	}
}

// poll runs when the steps reach s.nextPoll, before the next step is
// taken: it passes the steps and the progress to the meter and returns
// errStop when the meter stops the search (its budget spent: exactly that
// many steps were taken).
func (s *search) poll() error {
	next, _, ok := s.m.Poll(s.steps, s.steps)
	if !ok {
		return errStop
	}
	s.nextPoll = next
	s.m.Progress(core.Progress{Done: uint64(s.placed), Total: uint64(s.n), Remaining: s.coll})
	return nil
}

// solve initializes and repairs until the board is solved, restarting when
// a small board gets stuck. It returns errStop when the meter stops it.
func (s *search) solve() error {
	for {
		if err := s.initialize(); err != nil {
			return err
		}
		if err := s.repair(); err != errRestart {
			return err
		}
		s.restarts++
	}
}

// errRestart asks solve for a fresh initialization.
var errRestart = errors.New("local: restart")

// initialize places the queens column by column, in two phases, each
// giving a column a random row that is still unused and whose two
// diagonals are free, if one turns up soon.
//
// While unused rows are plentiful (all but the last n/poolShare columns),
// it looks for one 64 rows at a time: rows 64k … 64k+63 hold a good row
// for column c where the word ^used[k] &^ sums[c+64k …] &^ difs[64k−c+n−1 …]
// has a bit set, since a queen's diagonals move with its row (both diagonal
// families are indexed so that they grow with the row). The scan starts at
// a random word and walks on, for at most maxScan words, and takes a random
// set bit of the first nonzero word. The first word nearly always has one,
// and the next column's loads do not wait on this one's outcome, so the
// cache misses of successive columns overlap.
//
// Then the unused rows are gathered into p[c:] and shuffled, and each
// column tries rows drawn at random from the pool: first from its next
// window rows (in cache), then from all of it, maxTries in all.
//
// Columns where no good row turns up, and the last tailQueens(n), take a
// random unused row and are repaired.
func (s *search) initialize() error {
	n := s.n
	s.sums.reset()
	s.difs.reset()
	s.coll, s.placed = 0, 0
	s.suspects = s.suspects[:0]
	greedy := n - tailQueens(n)
	c, err := s.placeByWords(min(n-n/poolShare, greedy))
	if err != nil {
		return err
	}
	s.gatherPool(c)
	if c, err = s.placeFromPool(c, greedy); err != nil {
		return err
	}
	for ; c < n; c++ {
		s.placeRandom(c)
	}
	s.placed = n
	s.initial = s.coll
	return nil
}

// placeByWords places the queens of columns 0 … end−1 (see initialize),
// marking their rows in s.rows, and returns end.
func (s *search) placeByWords(end int) (int, error) {
	n, p := s.n, s.p
	used, sums, difs := s.rows, s.sums.bits, s.difs.bits
	clear(used)
	nw := int(words(uint64(n)))
	if n&63 != 0 {
		used[nw-1] = ^uint64(0) << (n & 63) // rows past n: never free
	}
	off := n - 1
	budget := min(maxScan, nw)
	// The generator and the step count live in locals in the loops of the
	// initialization, the hottest of the search: kept in registers rather
	// than in *s, they take no store and reload per try.
	r, steps, nextPoll := s.r, s.steps, s.nextPoll
	// Column c's random number is drawn ahead, at column c−ahead, and the
	// first words its scan will read are prefetched then: on boards whose
	// bitsets outgrow the cache each column would otherwise wait for its
	// own memory, one after another (at 10^8, 60 ns a column with the
	// prefetch, 127 ns without; at 3·10^7, 17 against 80).
	var xs [ahead]uint64
	for i := range min(ahead, end) {
		xs[i] = r.Next()
	}
	for c := range end {
		x := xs[c%ahead]
		if f := c + ahead; f < end {
			y := r.Next()
			xs[c%ahead] = y
			kf := int(mulHi(y, uint64(nw)))
			prefetch3(&used[kf], &sums[(f+kf<<6)>>6], &difs[(kf<<6-f+off)>>6])
		}
		k := int(mulHi(x, uint64(nw)))
		placed := false
		for range budget {
			base := k << 6
			if steps >= nextPoll {
				s.r, s.steps, s.placed = r, steps, c
				if err := s.poll(); err != nil {
					return c, err
				}
				nextPoll = s.nextPoll
			}
			steps++
			good := ^used[k] &^ window64(sums, c+base) &^ window64(difs, base-c+off)
			if good != 0 {
				rot := int(x & 63)
				row := base + (bits.TrailingZeros64(bits.RotateLeft64(good, -rot))+rot)&63
				p[c] = int32(row)
				used[row>>6] |= 1 << (row & 63)
				sd, dd := c+row, row-c+off
				sums[sd>>6] |= 1 << (sd & 63)
				difs[dd>>6] |= 1 << (dd & 63)
				placed = true
				break
			}
			if k++; k == nw {
				k = 0
			}
		}
		if !placed {
			// Rare: take the first unused row from a random one on.
			for used[k] == ^uint64(0) {
				if k++; k == nw {
					k = 0
				}
			}
			row := k<<6 + bits.TrailingZeros64(^used[k])
			used[row>>6] |= 1 << (row & 63)
			p[c] = int32(row)
			s.suspects = append(s.suspects, c)
			s.coll += uint64(s.sums.add(c+row) + s.difs.add(row-c+off))
		}
	}
	s.r, s.steps = r, steps
	return end, nil
}

// gatherPool writes the rows unused by columns 0 … c−1, marked in s.rows,
// into p[c:] in a random order (Fisher–Yates).
func (s *search) gatherPool(c int) {
	pool := s.p[c:]
	i := 0
	for k, w := range s.rows {
		for free := ^w; free != 0; free &= free - 1 {
			pool[i] = int32(k<<6 + bits.TrailingZeros64(free))
			i++
		}
		if i == len(pool) {
			break
		}
	}
	for i := len(pool) - 1; i > 0; i-- {
		j := int(s.r.Below(uint64(i + 1)))
		pool[i], pool[j] = pool[j], pool[i]
	}
}

// placeFromPool places the queens of columns c … end−1 from the pool of
// unused rows p[c:] (see initialize) and returns end.
func (s *search) placeFromPool(c, end int) (int, error) {
	n, p := s.n, s.p
	sums, difs := s.sums.bits, s.difs.bits
	off := n - 1
	r, steps, nextPoll := s.r, s.steps, s.nextPoll
	for ; c < end; c++ {
		placed := false
		w := uint64(min(window, n-c))
		for t := range maxTries {
			if t == maxTries/2 {
				w = uint64(n - c) // the window is poor here: try all rows left
			}
			j := c + int(r.Below(w))
			row := int(p[j])
			if steps >= nextPoll {
				s.r, s.steps, s.placed = r, steps, c
				if err := s.poll(); err != nil {
					return c, err
				}
				nextPoll = s.nextPoll
			}
			steps++
			sd, dd := c+row, row-c+off
			if (sums[sd>>6]>>(sd&63)|difs[dd>>6]>>(dd&63))&1 == 0 {
				p[j], p[c] = p[c], int32(row)
				sums[sd>>6] |= 1 << (sd & 63)
				difs[dd>>6] |= 1 << (dd & 63)
				placed = true
				break
			}
		}
		if !placed {
			s.r = r
			s.placeRandom(c)
			r = s.r
		}
	}
	s.r, s.steps = r, steps
	return end, nil
}

// window64 returns the 64 bits of b from bit i on: bit k of the result is
// bit i+k of b. b must hold a word past the one bit i is in.
func window64(b []uint64, i int) uint64 {
	w, sh := i>>6, uint(i&63)
	return b[w]>>sh | b[w+1]<<(64-sh) // a shift by 64 gives 0 in Go
}

// mulHi returns the high word of x·n: a number in [0, n) for random x.
func mulHi(x, n uint64) uint64 {
	hi, _ := bits.Mul64(x, n)
	return hi
}

// placeRandom puts the queen of column c in a random row of the pool
// p[c:] and counts its collisions.
func (s *search) placeRandom(c int) {
	p := s.p
	j := c + int(s.r.Below(uint64(s.n-c)))
	row := int(p[j])
	p[j], p[c] = p[c], int32(row)
	s.suspects = append(s.suspects, c)
	s.coll += uint64(s.sums.add(c+row) + s.difs.add(row-c+s.n-1))
}

// attacked reports whether the queen in column c shares a diagonal.
func (s *search) attacked(c int) bool {
	row := int(s.p[c])
	return s.sums.crowded(c+row) || s.difs.crowded(row-c+s.n-1)
}

// repair removes the collisions by swaps. It keeps a list of columns that
// may be under attack (at first the randomly placed ones, then every swap
// partner left under attack), picks one at random, and tries random
// partners until a swap reduces the collisions. A board where a long run of
// tries finds no improving swap is stuck in a local minimum: restart.
func (s *search) repair() error {
	if s.coll == 0 {
		return nil
	}
	n := s.n
	suspects := s.suspects
	defer func() { s.suspects = suspects[:0] }()
	stall := uint64(256 + 8*n)
	var fails uint64
	for s.coll > 0 {
		if len(suspects) == 0 {
			// A diagonal held three or more queens and lost the one on the
			// list: find the others by a scan (rare).
			for c := range n {
				if s.attacked(c) {
					suspects = append(suspects, c)
				}
			}
		}
		k := int(s.r.Below(uint64(len(suspects))))
		i := suspects[k]
		if !s.attacked(i) {
			suspects[k] = suspects[len(suspects)-1]
			suspects = suspects[:len(suspects)-1]
			continue
		}
		for {
			j := int(s.r.Below(uint64(n)))
			if s.steps >= s.nextPoll {
				if err := s.poll(); err != nil {
					return err
				}
			}
			s.steps++
			if j != i && s.trySwap(i, j) {
				s.swaps++
				fails = 0
				if s.attacked(j) {
					suspects = append(suspects, j)
				}
				break
			}
			if fails++; fails > stall {
				return errRestart
			}
		}
	}
	return nil
}

// trySwap swaps the rows of columns i and j if that reduces the collisions,
// and reports whether it did. It first works out the change without
// touching the counters (most tries are refused), then moves the queens.
func (s *search) trySwap(i, j int) bool {
	off := s.n - 1
	a, b := int(s.p[i]), int(s.p[j])
	sums, difs := &s.sums, &s.difs
	// The queens leave sums i+a, j+b and difs a−i, b−j and arrive on sums
	// i+b, j+a and difs b−i, a−j: since i ≠ j and a ≠ b, no diagonal is
	// both left and entered.
	d := sums.entering(i+b, j+a) + difs.entering(b-i+off, a-j+off) -
		sums.leaving(i+a, j+b) - difs.leaving(a-i+off, b-j+off)
	if d >= 0 {
		return false
	}
	sums.remove(i + a)
	sums.remove(j + b)
	difs.remove(a - i + off)
	difs.remove(b - j + off)
	sums.add(i + b)
	sums.add(j + a)
	difs.add(b - i + off)
	difs.add(a - j + off)
	s.p[i], s.p[j] = int32(b), int32(a)
	s.coll -= uint64(-d)
	return true
}

// leaving returns the collisions that taking one queen off diagonal x and
// one off y would remove (x may equal y), without taking them off.
func (g *diagonals) leaving(x, y int) int {
	if x == y { // k ≥ 2 queens there: k−1 collisions before, k−3 or 0 after
		if g.extra[x] >= 2 {
			return 2
		}
		return 1
	}
	return b2i(g.crowded(x)) + b2i(g.crowded(y))
}

// entering returns the collisions that putting one queen on diagonal x and
// one on y would add (x may equal y), without putting them there.
func (g *diagonals) entering(x, y int) int {
	if x == y {
		return 1 + b2i(!g.free(x))
	}
	return b2i(!g.free(x)) + b2i(!g.free(y))
}

// b2i returns 1 for true and 0 for false.
func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}

// verifyPerm checks that sol places len(sol) non-attacking queens, in O(n)
// time, independently of the search: it clears rows (n bits), sums and difs
// (2n−1 bits each) and uses them as bitsets for the rows, the
// anti-diagonals and the diagonals.
func verifyPerm(sol []int32, rows, sums, difs []uint64) error {
	n := len(sol)
	if uint64(len(rows)) < words(uint64(n)) || uint64(len(sums)) < words(2*uint64(n)-1) || uint64(len(difs)) < words(2*uint64(n)-1) {
		return fmt.Errorf("verification bitsets too small for %d queens", n)
	}
	clear(rows)
	clear(sums)
	clear(difs)
	for c, r32 := range sol {
		// Prefetch the words of the queen ahead columns on (see
		// placeByWords): at 10^8 this halves the time of the check.
		if f := c + ahead; f < n {
			if rf := int(sol[f]); rf >= 0 && rf < n {
				prefetch3(&rows[rf>>6], &sums[(f+rf)>>6], &difs[(f-rf+n-1)>>6])
			}
		}
		r := int(r32)
		if r < 0 || r >= n {
			return fmt.Errorf("column %d: row %d is off the board", c+1, r+1)
		}
		sd, dd := c+r, c-r+n-1
		if rows[r>>6]&(1<<(r&63)) != 0 {
			return fmt.Errorf("column %d: row %d already has a queen", c+1, r+1)
		}
		if sums[sd>>6]&(1<<(sd&63)) != 0 || difs[dd>>6]&(1<<(dd&63)) != 0 {
			return fmt.Errorf("column %d: the queen in row %d is attacked on a diagonal", c+1, r+1)
		}
		rows[r>>6] |= 1 << (r & 63)
		sums[sd>>6] |= 1 << (sd & 63)
		difs[dd>>6] |= 1 << (dd & 63)
	}
	return nil
}
