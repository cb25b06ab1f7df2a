// Package join is the quadrant join of the queens model's counts (Kluev's
// method, see below): half-boards built from a table of quadrant
// placements and paired in a bit-sliced sieve, whose kernel is portable Go
// or, where the CPU has AVX-512 and it measures faster, amd64 assembly
// that gives the same sums. The purego build tag forces the Go kernel.
package join

import (
	"fmt"
	"math/bits"
	"unsafe"

	"github.com/coverkit/coverkit/core"
	"github.com/coverkit/coverkit/models/queens/internal/work"
	"github.com/coverkit/coverkit/resource"
)

// The join counter counts solutions as compatible pairs of half-boards, as
// in Kluev's N-Queens-Count-Sol (after the Deep Green pages; see
// docs/queens-kluev.md), written anew.
//
// Take h = ⌊n/2⌋. The board less its middle row and column (odd n) is cut
// into four h × h quadrants; the columns right of the middle are the east
// half, those left of it the west half. In any solution every row but the
// middle one (odd n) has its queen in the east or in the west, so the
// solutions fall apart by the set E of rows whose queen is east: a row
// split. For one split:
//
//  1. Quadrants. The placements of the north rows of E in the north-east
//     quadrant, and so on, are looked up in one table (jQuad) shared by the
//     four quadrants, which are translates of each other.
//  2. Half-boards. A north-east and a south-east placement on complementary
//     columns and with no diagonal in common make an east half-board.
//  3. Patterns. Of an east half-board only the diagonals that cross the
//     middle line matter to the west: 2h−1 ↙ and 2h−1 ↘ diagonals, one bit
//     each in a 64-bit pattern (so n ≤ 33).
//  4. The sieve counts the pairs of an east and a west pattern with no bit
//     in common (join_sieve.go).
//
// Odd n: the queens of the middle row and the middle column are placed
// first, one pair of squares per symmetry class (weight 8; the centre,
// holding both, weight 1), and the quadrants filled around them.
//
// Symmetry, even n: reversing the rows maps the split E to its reverse, so
// only E ≤ reverse(E) is counted, twice when they differ. The two
// reflections in the long diagonals each move one long-diagonal queen from
// one half to the other and keep the other in its half, so the east
// half-boards with a queen on a long diagonal are dropped and a west
// half-board counts 2 for every long diagonal it occupies. Solutions with
// both long diagonals empty use the east–west mirror instead, which maps E
// to its complement: of E and its complement (whose reverses agree with
// them on the same rows) the one holding the least row where E and its
// reverse agree counts twice, the other not at all. Odd n, centre: the
// splits are taken one per class under reverse and complement.
//
// Stats.Nodes counts the half-boards built (east and west patterns): the
// join's unit of work, far fewer than the backtracking tree's nodes.
// Extra["pairs"] is the number of east–west pairs the sieve decided.

// MaxN is the largest board the join's patterns hold: a pattern of
// crossing diagonals is one uint64. The quadrant index holds less
// (MaxIndexN), and memory far less (Bytes).
const MaxN = 33

// MaxIndexN is the largest board whose quadrant table the join indexes:
// quadrants of up to maxH = 12 rows, with 32-bit offsets (the table of
// n = 26 would hold more than 2^32 placements).
const MaxIndexN = 2*maxH + 1

// Kernel names a kernel of the sieve.
type Kernel int

const (
	// Auto is the assembly kernel where the CPU has AVX-512 and it
	// measures faster than the Go kernel, once per process (never with
	// the purego tag); else the Go kernel.
	Auto Kernel = iota
	// Go is the portable kernel.
	Go
	// Asm is the assembly kernel where the CPU has it, for the blocks it
	// serves (4 and 8 words); else the Go kernel.
	Asm
)

// HaveAsm reports whether this build and this CPU have the assembly
// kernel.
func HaveAsm() bool { return jsHaveAVX512 }

// Options tunes a count for tests; nil means the defaults.
type Options struct {
	// Kernel forces a kernel; Auto (the default) chooses.
	Kernel Kernel
	// Available, if set, replaces resource.Available: the memory the
	// count may use (0: unknown, no check).
	Available func() uint64
	// Piece, if positive, is the most patterns a worker holds at once
	// (tests: the east and west sides cut into many pieces).
	Piece int
}

// Result is what a count found.
type Result struct {
	Solutions core.Count
	// Nodes counts the placements the join makes: the quadrant
	// placements of its table, the placements examined for the tables of
	// each family, and the half-boards built (east and west patterns) —
	// far fewer than the backtracking tree's nodes, the same for any
	// number of workers.
	Nodes uint64
	// Pairs is the number of east–west pairs the sieve decided.
	Pairs uint64
	// Tasks is the number of tasks the count was cut into, Workers the
	// goroutines that took them.
	Tasks, Workers int
	// Placements is the number of quadrant placements in the table,
	// TableBytes the memory of the tables.
	Placements, TableBytes uint64
}

// Memory. The quadrant table and the four tables of a family (one set,
// shared by the workers: the families are counted one after another) are
// the large allocations, computed exactly before anything is allocated. Every
// worker also holds its sieve block and the patterns of one row split, cut
// into pieces of at most jShared.piece patterns when they would exceed its
// share: the east side is then rebuilt once per piece of the west side,
// which costs time, not memory, so the count refuses only when the tables
// themselves do not fit.

// jWorkerBytes is the fixed memory of a worker: its sieve block and table.
const jWorkerBytes = 40 << 10

// jPatBytes is the memory of one pattern held, east and west together,
// with the headroom of slice growth: the patterns, a weight and the
// table slots (up to 13 chunks of two bytes).
const jPatBytes = 2 * (8 + 8 + 1 + 2*13)

// jMinPiece is the fewest patterns a worker holds at once; fewer would
// rebuild the east side too often.
const jMinPiece = 1 << 12

// jMaxPiece is the most patterns a worker holds at once.
const jMaxPiece = 1 << 22

// jFixedBytes returns the bytes of the tables of a count of n × n boards
// on the given workers whose quadrant table holds ents placements.
func jFixedBytes(n, workers int, ents uint64) uint64 {
	h := n / 2
	tabs := 4 * (ents*uint64(unsafe.Sizeof(jhEnt{})) + 4*(uint64(1)<<uint(2*h)+1))
	return jQuadBytes(h, ents) + tabs + uint64(workers)*jWorkerBytes
}

// Bytes returns the bytes the join needs at least to count n × n boards on
// the given workers, beyond the Go runtime: the quadrant tables (exact)
// and each worker's sieve with the least share of patterns (jMinPiece),
// from the number of quadrant placements (Placements), at once; 0 for n
// outside 2..MaxIndexN.
func Bytes(n, workers int) uint64 {
	if n < 2 || n > MaxIndexN {
		return 0
	}
	workers = max(1, workers)
	return jFixedBytes(n, workers, Placements(n/2)) + uint64(workers)*jPatBytes*jMinPiece
}

// maxH is the largest quadrant the join indexes (n ≤ 25): its group index
// alone takes 4·4^h bytes, and the table of h = 13 would hold more than
// 2^32 placements.
const maxH = 12

// placements[h] is the number of placements the table of an h × h
// quadrant holds: the ways to put queens on any set of its rows, one a
// row, in distinct columns and off each other's diagonals (the empty set
// included). jQuadCount computes them (TestPlacements checks the table).
var placements = [maxH + 1]uint64{1, 2, 5, 18, 87, 462, 2635, 16870, 118969, 915442, 7535369, 66807234, 633443407}

// Placements returns the number of placements the quadrant table of h × h
// quadrants holds, for 0 ≤ h ≤ 12 (0 beyond).
func Placements(h int) uint64 {
	if h < 0 || h > maxH {
		return 0
	}
	return placements[h]
}

// jConfig is one family of row splits: the middle queens of an odd board
// (none for even n) and what they leave to the quadrants.
type jConfig struct {
	weight       uint64 // the family's symmetry weight (odd n: 8 or 1)
	kind         int    // jEven, jCenter or jOdd
	rowsN, rowsS uint32 // the free local rows of the north and south quadrants
	colsE, colsW uint32 // the free local columns of the east and west halves
	kE           int    // queens in the east half
	// Half-local diagonals a half may not use: the middle queens', and
	// for even n the long diagonals in the east.
	preSE, preDE, preSW, preDW uint64
}

// The kinds of jConfig.
const (
	jEven   = iota // even n: no middle queens
	jCenter        // odd n, a queen in the centre
	jOdd           // odd n, one queen on the middle row, one on the middle column
)

// jTask is one unit of parallel work: a family and the north rows of E.
type jTask struct {
	cfg int32
	r1  uint32
}

// jShared is the state the workers of one count share.
type jShared struct {
	n, h   int
	off    uint   // the local row of the first south row, in a half
	lo     uint   // the first crossing diagonal, half-local
	w      uint   // crossing diagonals per direction
	chunks int    // sieve chunks of a pattern
	long   uint64 // even n: the pattern bits of the two long diagonals
	full   uint32 // the rows of E's universe (global)
	quad   *jQuad
	tabs   *jTabs // the tables of the family being counted
	cfgs   []jConfig
	tasks  []jTask // grouped by family, in the order of cfgs
	piece  int     // most west patterns a worker holds at once
	asm8   bool    // the sieve's assembly kernel for blocks of 8 words
	asm4   bool    // and of 4
}

// Count counts the solutions of the n × n board (1 ≤ n ≤ MaxIndexN) on
// workers goroutines, each with a meter of its own forked from m: a stop
// by m (its context, its node budget) ends the count, and m.Status says
// why; the result then holds what was counted so far, a lower bound. The
// memory is checked first, from Placements, before any work: a count that
// does not fit is refused with an error wrapping resource.ErrTooLarge.
// Building the tables checks m too, so a stop ends it; a node budget stops
// the count exactly (half-boards are counted as they are built).
func Count(m *core.Meter, n, workers int, o *Options) (Result, error) {
	if o == nil {
		o = &Options{}
	}
	var res Result
	switch {
	case n < 1 || n > MaxN:
		return res, fmt.Errorf("queens: join: n = %d out of range 1..%d: %w", n, MaxN, resource.ErrTooLarge)
	case n > MaxIndexN:
		return res, fmt.Errorf("queens: join: n = %d: the quadrant table of %d×%d quadrants would hold more than 2^32 placements (the join indexes n ≤ %d): %w",
			n, n/2, n/2, MaxIndexN, resource.ErrTooLarge)
	}
	workers = max(1, workers)
	res.Workers = 1
	w0 := &jWorker{m: m}
	if !w0.poll() {
		return res, nil
	}
	if n == 1 {
		// The empty board, then the one queen.
		if empty := w0.visit(); empty && w0.visit() {
			res.Solutions = core.CountOf(1)
		}
		res.Nodes = w0.nodes
		return res, nil
	}
	h := n / 2
	ents := Placements(h)
	fixed := jFixedBytes(n, workers, ents)
	need := fixed + uint64(workers)*jPatBytes*jMinPiece
	var avail uint64
	if o.Available != nil {
		if avail = o.Available(); avail > 0 && need > avail {
			return res, fmt.Errorf("queens: join: n = %d on %d workers needs about %s of memory (%d bytes), more than the %s available: %w",
				n, workers, resource.FormatBytes(need), need, resource.FormatBytes(avail), resource.ErrTooLarge)
		}
	} else {
		if err := resource.Check(fmt.Sprintf("queens: join: n = %d on %d workers", n, workers), need); err != nil {
			return res, err
		}
		avail = resource.Available()
	}
	res.Placements, res.TableBytes = ents, fixed
	sh, ok := newJShared(w0, n, ents)
	if !ok {
		res.Nodes = w0.nodes
		return res, nil
	}
	sh.asm8, sh.asm4 = o.Kernel.resolve()
	// The patterns a worker may hold: its share of what is left.
	sh.piece = jMaxPiece
	if avail > fixed {
		share := (avail - fixed) / uint64(workers) / jPatBytes
		sh.piece = int(max(jMinPiece, min(jMaxPiece, share)))
	}
	if o.Piece > 0 {
		sh.piece = o.Piece
	}
	sh.listTasks()
	workers = max(1, min(workers, len(sh.tasks)))
	sh.tabs = &jTabs{cfg: -1}
	ms := work.Meters(m, workers)
	ws := make([]*jWorker, workers)
	for i := range ws {
		if ms[i] == m {
			ws[i] = w0 // one worker: its count goes on from the quadrant table's
		} else {
			ws[i] = &jWorker{m: ms[i]}
			ws[i].poll() // its first bounds; a stop is seen by Run
		}
		ws[i].sh, ws[i].sv = sh, newJSieve(sh.chunks)
		ws[i].tabs = sh.tabs
		ws[i].sv.asm8, ws[i].sv.asm4 = sh.asm8, sh.asm4
	}
	if ws[0] != w0 {
		res.Nodes = w0.nodes
	}
	// The families one after another (one for even n), each family's
	// tasks taken by every worker from one set of tables, built on w0's
	// meter.
	q := work.NewQueue(len(sh.tasks))
	for lo := 0; lo < len(sh.tasks) && !m.Stopped(); {
		ci := sh.tasks[lo].cfg
		hi := lo
		for hi < len(sh.tasks) && sh.tasks[hi].cfg == ci {
			hi++
		}
		forked, ok := sh.tabs.build(sh, int(ci), w0, workers)
		res.Nodes += forked
		if !ok {
			break
		}
		q.Span(lo, hi)
		work.Run(q, ws, ms, (*jWorker).run)
		lo = hi
	}
	for _, w := range ws {
		res.Solutions = res.Solutions.Add(w.total)
		res.Nodes += w.nodes
		res.Pairs += w.pairs
	}
	res.Tasks, res.Workers = len(sh.tasks), workers
	return res, nil
}

// resolve returns whether the sieve uses the assembly kernel for blocks
// of 8 and of 4 words: the one choice of kernel, which tests also go
// through to force one.
func (k Kernel) resolve() (asm8, asm4 bool) {
	switch k {
	case Go:
		return false, false
	case Asm:
		return jsHaveAVX512, jsHaveAVX512
	}
	jsChooseKernel()
	return jsUseAsm8, jsUseAsm4
}

// newJShared returns the shared state of a count of n × n boards (n ≥ 2)
// whose quadrant table holds ents placements, with its quadrant table but
// no family yet, each placement of the table a node of w's count; false
// if w's meter stopped the count while it built the table.
func newJShared(w *jWorker, n int, ents uint64) (*jShared, bool) {
	sh := jGeometry(n)
	var ok bool
	sh.quad, ok = newJQuad(w, sh.h, ents)
	return sh, ok
}

// jGeometry returns the shared state of a count of n × n boards (n ≥ 2)
// without its tables: the halves' sizes and the patterns' layout.
func jGeometry(n int) *jShared {
	h := n / 2
	sh := &jShared{n: n, h: h, piece: jMaxPiece}
	sh.lo = uint(n - h)
	sh.w = uint(2*h - 1)
	sh.off = uint(h + n%2)
	sh.chunks = jsChunksOf(int(2 * sh.w))
	return sh
}

// listTasks fills sh.cfgs and sh.tasks: the families, and the tasks of
// each family (its north row sets) one family after another.
func (sh *jShared) listTasks() {
	sh.configs()
	for ci, c := range sh.cfgs {
		for r1 := c.rowsN; ; r1 = (r1 - 1) & c.rowsN {
			k := bits.OnesCount32(r1)
			if k <= c.kE && c.kE-k <= bits.OnesCount32(c.rowsS) {
				sh.tasks = append(sh.tasks, jTask{cfg: int32(ci), r1: r1})
			}
			if r1 == 0 {
				break
			}
		}
	}
}

// placeMiddle puts the middle row's queen at (m, a) and the middle
// column's at (b, m) into c (odd n): the diagonals they take, the row and
// column they use, the queens left for the east half.
func (sh *jShared) placeMiddle(c *jConfig, a, b int) {
	n, m := sh.n, sh.h
	for _, q := range [][2]int{{m, a}, {b, m}} {
		s, d := uint(q[0]+q[1]), uint(q[0]-q[1]+n-1)
		if s >= sh.lo {
			c.preSE |= 1 << (s - sh.lo)
		}
		c.preDE |= 1 << d
		c.preSW |= 1 << s
		if d >= sh.lo {
			c.preDW |= 1 << (d - sh.lo)
		}
	}
	switch {
	case a > m:
		c.colsE &^= 1 << uint(a-m-1)
	case a < m:
		c.colsW &^= 1 << uint(a)
	}
	switch {
	case b < m:
		c.rowsN &^= 1 << uint(b)
	case b > m:
		c.rowsS &^= 1 << uint(b-m-1)
	}
	c.kE = bits.OnesCount32(c.colsE)
}

// configs fills sh.cfgs: one family for even n; for odd n the centre and
// one pair of middle queens per symmetry class.
func (sh *jShared) configs() {
	n, h := sh.n, sh.h
	all := uint32(1)<<uint(h) - 1
	if n%2 == 0 {
		sh.full = uint32(1)<<uint(n) - 1
		sh.long = 1<<(h-1) | 1<<(sh.w+uint(h)-1)
		sh.cfgs = []jConfig{{
			weight: 1, kind: jEven, rowsN: all, rowsS: all, colsE: all, colsW: all, kE: h,
			preSE: 1 << uint(h-1), preDE: 1 << uint(n-1),
		}}
		return
	}
	m := h
	sh.full = (uint32(1)<<uint(n) - 1) &^ (1 << uint(m))
	for a := 0; a < n; a++ {
		for b := 0; b < n; b++ {
			da, db := a-m, b-m
			center := da == 0 && db == 0
			if !center && (da == 0 || db == 0 || da == db || da == -db) {
				continue
			}
			if !center && !jCanonical(da, db) {
				continue
			}
			c := jConfig{weight: 8, kind: jOdd, rowsN: all, rowsS: all, colsE: all, colsW: all}
			if center {
				c.weight, c.kind = 1, jCenter
			}
			sh.placeMiddle(&c, a, b)
			sh.cfgs = append(sh.cfgs, c)
		}
	}
}

// jCanonical reports whether (da, db), the offsets from the middle of the
// middle row's and the middle column's queens, is the least of its eight
// images under the symmetries of the square.
func jCanonical(da, db int) bool {
	for _, sa := range []int{1, -1} {
		for _, sb := range []int{1, -1} {
			for _, img := range [][2]int{{sa * da, sb * db}, {sb * db, sa * da}} {
				if img[0] < da || img[0] == da && img[1] < db {
					return false
				}
			}
		}
	}
	return true
}
