package queens

import (
	"context"
	"fmt"
	"math/bits"
	"sync/atomic"
	"time"
	"unsafe"

	"github.com/coverkit/coverkit/core"
	"github.com/coverkit/coverkit/models"
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

// JoinMaxN is the largest board the join accepts: a pattern of crossing
// diagonals is one uint64. Memory refuses far earlier (see JoinBytes).
const JoinMaxN = 33

// JoinMinN is the least n from which the join counts faster than bitwise
// on one worker (measured in docs/benchmarks.md). Below it, and for
// fundamental counts (Options.Unique), bitwise is the counter to use.
const JoinMinN = 13

// JoinFaster reports whether the join counts n × n boards faster than
// bitwise.
func JoinFaster(n int) bool { return n >= JoinMinN && n <= JoinMaxN }

var joinAlgorithm = models.Algorithm{
	Name: "join",
	Kind: models.Exact,
	Caps: models.CanCount | models.CanParallel,
	Description: "quadrant join (Kluev): counts pairs of compatible half-boards per row split " +
		"in a bit-sliced sieve",
	Limits: "count only; the ordinary board (no --torus, --given); n ≤ 33 (JoinMaxN), " +
		"and its tables grow about 8× every two n (JoinBytes: 645 MiB at n = 20 on 2 workers)",
	Solve: solveJoin,
	Check: func(p core.Problem, _ *core.Options) error {
		if b, ok := p.(*Board); ok && b != nil {
			return plainOnly("join", b)
		}
		return nil
	},
}

// solveJoin is the registry entry point of the join algorithm: ModeCount
// only, on Options.Workers goroutines.
func solveJoin(ctx context.Context, p core.Problem, opts *core.Options) (core.Result, error) {
	o := opts.OrDefault()
	b, workers, err := input(p, o, "join") // refuses a torus and givens
	if err != nil {
		return core.Result{}, err
	}
	n := b.N
	switch {
	case o.Mode != core.ModeCount:
		return core.Result{}, fmt.Errorf("queens: join: counts only (mode %d): %w", o.Mode, core.ErrUnsupported)
	case o.Unique:
		return core.Result{}, fmt.Errorf("queens: join: no fundamental count (use bitwise): %w", core.ErrUnsupported)
	case o.Method != "":
		return core.Result{}, fmt.Errorf("queens: join: unknown method %q: %w", o.Method, core.ErrUnsupported)
	}
	if n > JoinMaxN {
		return core.Result{}, fmt.Errorf("queens: join: n = %d does not fit its 64-bit patterns (n ≤ %d): %w",
			n, JoinMaxN, resource.ErrTooLarge)
	}
	jsChooseKernel()
	return joinCount(ctx, n, workers, o)
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

// JoinBytes returns the bytes the join needs at least to count n × n
// boards on the given workers, beyond the Go runtime: the quadrant tables
// (exact) and each worker's sieve with the least share of patterns
// (jMinPiece). It enumerates the quadrants' placements to size the tables,
// which is cheap next to the count; 0 for n outside 2..JoinMaxN.
func JoinBytes(n, workers int) uint64 {
	if n < 2 || n > JoinMaxN || n/2 > jMaxH {
		return 0
	}
	workers = max(1, workers)
	return jFixedBytes(n, workers, jQuadCount(n/2)) + uint64(workers)*jPatBytes*jMinPiece
}

// jMaxH is the largest quadrant the join indexes (n ≤ 25): its group index
// alone takes 4·4^h bytes.
const jMaxH = 12

// jAvailable is the one place the join asks how much memory it may use
// (0: unknown, no check); tests replace it.
var jAvailable = resource.Available

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
	ctx      context.Context
	n, h     int
	off      uint   // the local row of the first south row, in a half
	lo       uint   // the first crossing diagonal, half-local
	w        uint   // crossing diagonals per direction
	chunks   int    // sieve chunks of a pattern
	long     uint64 // even n: the pattern bits of the two long diagonals
	full     uint32 // the rows of E's universe (global)
	quad     *jQuad
	tabs     *jTabs // the tables of the family being counted
	cfgs     []jConfig
	tasks    []jTask // grouped by family, in the order of cfgs
	piece    int     // most west patterns a worker holds at once
	next     atomic.Int64
	end      int64 // the end of the current family's tasks
	done     atomic.Uint64
	nodes    atomic.Uint64
	stop     atomic.Bool
	status   atomic.Int32
	maxNodes uint64
	progress func(core.Progress)
}

func (sh *jShared) halt(st core.Status) {
	if sh.status.CompareAndSwap(-1, int32(st)) {
		sh.stop.Store(true)
	}
}

// joinCount counts the solutions of size n ≥ 1 on workers goroutines.
func joinCount(ctx context.Context, n, workers int, o *core.Options) (core.Result, error) {
	start := time.Now()
	res := core.Result{Status: core.StatusExhausted}
	if n == 1 {
		res.Solutions = core.CountOf(1)
		res.Stats = core.Stats{Nodes: 2, Elapsed: time.Since(start)}
		if o.Progress != nil {
			o.Progress(core.Progress{Done: 1, Total: 1})
		}
		return res, nil
	}
	h := n / 2
	if h > jMaxH {
		need := jQuadBytes(h, 0)
		return res, fmt.Errorf("queens: join: n = %d needs more than %d bytes (%d GiB) for its quadrant index: %w",
			n, need, need>>30, resource.ErrTooLarge)
	}
	ents := jQuadCount(h)
	fixed := jFixedBytes(n, workers, ents)
	need := fixed + uint64(workers)*jPatBytes*jMinPiece
	avail := jAvailable()
	if avail > 0 && need > avail {
		return res, fmt.Errorf("queens: join: n = %d on %d workers needs about %s of memory (%d bytes), more than the %s available: %w",
			n, workers, resource.FormatBytes(need), need, resource.FormatBytes(avail), resource.ErrTooLarge)
	}
	if ents >= 1<<32 {
		return res, fmt.Errorf("queens: join: n = %d: %d quadrant placements overflow the index: %w", n, ents, resource.ErrTooLarge)
	}
	if st, done := core.ContextStatus(ctx); done {
		res.Status = st
		res.Stats.Elapsed = time.Since(start)
		return res, nil
	}
	sh := newJShared(ctx, n, ents)
	sh.maxNodes, sh.progress = o.MaxNodes, o.Progress
	// The patterns a worker may hold: its share of what is left.
	sh.piece = jMaxPiece
	if avail > 0 {
		share := (avail - fixed) / uint64(workers) / jPatBytes
		sh.piece = int(max(jMinPiece, min(jMaxPiece, share)))
	}
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
	workers = max(1, min(workers, len(sh.tasks)))
	ws := make([]*jWorker, workers)
	for i := range ws {
		ws[i] = &jWorker{sh: sh, sv: newJSieve(sh.chunks)}
	}
	// The families one after another (one for even n), each family's
	// tasks taken by every worker from one set of tables.
	sh.tabs = &jTabs{cfg: -1}
	for lo := 0; lo < len(sh.tasks) && !sh.stop.Load(); {
		ci := sh.tasks[lo].cfg
		hi := lo
		for hi < len(sh.tasks) && sh.tasks[hi].cfg == ci {
			hi++
		}
		sh.tabs.build(sh, int(ci), workers)
		sh.next.Store(int64(lo))
		sh.end = int64(hi)
		runWorkers(ws)
		lo = hi
	}
	var nodes, pairs uint64
	for _, w := range ws {
		res.Solutions = res.Solutions.Add(w.total)
		nodes += w.nodes
		pairs += w.pairs
	}
	if sh.stop.Load() {
		res.Status = core.Status(sh.status.Load())
	}
	res.Stats = core.Stats{Nodes: nodes, Elapsed: time.Since(start)}
	res.Extra = map[string]any{"workers": workers, "tasks": len(sh.tasks), "pairs": pairs,
		"quadrant_placements": ents, "table_bytes": fixed}
	return res, nil
}

// newJShared returns the shared state of a count of n × n boards (n ≥ 2)
// whose quadrant table holds ents placements, with its quadrant table but
// no family yet.
func newJShared(ctx context.Context, n int, ents uint64) *jShared {
	h := n / 2
	sh := &jShared{ctx: ctx, n: n, h: h, piece: jMaxPiece}
	sh.status.Store(-1)
	sh.lo = uint(n - h)
	sh.w = uint(2*h - 1)
	sh.off = uint(h + n%2)
	sh.chunks = jsChunksOf(int(2 * sh.w))
	sh.quad = newJQuad(h, ents)
	return sh
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
