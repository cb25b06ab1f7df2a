package queens

import (
	"context"
	"math/bits"
	"sync"
	"sync/atomic"
	"time"

	"github.com/coverkit/coverkit/core"
)

// The symmetric counter follows Takaken's scheme (see docs/benchmarks.md),
// written anew. The board is searched line by line (a "row" here; the
// square is symmetric, so rows and columns are interchangeable for counts);
// bit c of a line mask is column c. Every solution falls into exactly one of
// two families, and each family is searched for one representative per
// symmetry class:
//
//   - Corner: a queen in a corner. Rotate it to (0, 0). No such solution is
//     its own rotation (the opposite corner is on the same diagonal), so its
//     class has 8 members, two of which have the queen at (0, 0): the
//     solution and its transpose. The one kept has the queen of line 1 at
//     column k below the line of the queen in column 1, which the search
//     enforces by keeping column 1 free on lines 2..k−1. Weight 8.
//
//   - Side: no corner queen. Let k be the least distance from a corner of
//     any queen on the border, and rotate or reflect so that the queen of
//     line 0 is at column k < n−1−k. Then every other border queen is at
//     least k from every corner: the side columns are free on lines < k and
//     > n−1−k (both must be taken by line n−1−k), and the last line's queen
//     is in columns k..n−1−k. No reflection of such a board has its first
//     queen at column k (the queen it would come from attacks the one at
//     (0, k)), so the representatives all come from one rotation orbit; a
//     leaf is counted only if it is the lexicographically least of its four
//     rotations, with weight 2 (its own 90° rotation), 4 (its own 180°
//     rotation) or 8.
//
// Only a rotation whose first queen is also at column k can be smaller, and
// that is an O(1) test on three lines, so almost every leaf costs nothing
// more than a plain count.

// bwWeights indexes the leaf counters by the weight of a leaf: 1, 2, 4, 8.
const (
	bw1 = iota
	bw2
	bw4
	bw8
)

// bwClass is one family of subtrees that share their constraints: fixed
// first lines, squares excluded line by line, columns that must be taken by
// a line, and how a leaf is counted.
type bwClass struct {
	init  []uint64 // the bits of the first lines, fixed by the class
	check bool     // leaves are compared with their rotations (side family)
	w     int      // the weight index of a leaf when !check
	k     int      // side family: the column of line 0's queen

	// excl[y] are the squares of line y the class forbids. need[y] are the
	// columns that must be taken once line y is placed; the search forbids
	// them on later lines, so a missing one here ends the subtree. need of
	// the last line is always 0.
	excl, need [BitwiseMaxN]uint64
}

// avail returns the free squares of line y, given the attacks l, d, r.
func (c *bwClass) avail(mask uint64, y int, l, d, r uint64) uint64 {
	return bwFree(mask, c.excl[y&(BitwiseMaxN-1)], c.need[y&(BitwiseMaxN-1)], l, d, r)
}

// bwClasses returns the families of subtrees that together count every
// solution of size n ≥ 2 with the given method.
func bwClasses(n int, method string) []*bwClass {
	mask := bwMask(n)
	switch method {
	case BitwisePlain:
		return []*bwClass{{w: bw1}}
	case BitwiseMirror:
		// The first line's queen in the left half, doubled; for odd n the
		// middle column, with the second line's queen in the left half.
		half := uint64(1)<<uint(n/2) - 1
		left := &bwClass{w: bw2}
		left.excl[0] = mask &^ half
		out := []*bwClass{left}
		if n%2 == 1 {
			mid := &bwClass{w: bw2, init: []uint64{1 << uint(n/2)}}
			mid.excl[1] = mask &^ half
			out = append(out, mid)
		}
		return out
	}
	var out []*bwClass
	top := uint64(1) << uint(n-1)
	for k := 2; k <= n-2; k++ {
		c := &bwClass{w: bw8, init: []uint64{1, 1 << uint(k)}}
		for y := 2; y < k; y++ {
			c.excl[y] = 2
		}
		out = append(out, c)
	}
	side := top | 1
	for k := 1; k < n-1-k; k++ {
		c := &bwClass{check: true, k: k, init: []uint64{1 << uint(k)}}
		for y := 1; y < k; y++ {
			c.excl[y] = side
		}
		for y := n - k; y < n; y++ {
			c.excl[y] = side
		}
		c.need[n-1-k] = side
		// The last line's queen in columns k..n-1-k.
		c.excl[n-1] |= mask &^ (bwMask(n-k) &^ bwMask(k))
		out = append(out, c)
	}
	return out
}

// bwTask is one subtree of a parallel count: the class, the line to place
// next, the attacks on it and the bits of the lines above.
type bwTask struct {
	class   int32
	y       int32
	l, d, r uint64
	rows    [bwMaxSplit]uint64
}

// bwMaxSplit is the deepest line at which the counter splits into tasks.
const bwMaxSplit = 10

// bwShared is the state the workers of one count share.
type bwShared struct {
	ctx      context.Context
	n        int
	mask     uint64
	classes  []*bwClass
	tasks    []bwTask
	next     atomic.Int64  // the next task to take
	done     atomic.Uint64 // tasks finished
	nodes    atomic.Uint64 // nodes reported at polls, for MaxNodes
	stop     atomic.Bool
	status   atomic.Int32 // the first reason to stop; valid once stop is set
	maxNodes uint64
	interval uint64 // nodes between polls
	progress func(core.Progress)
}

// halt stops every worker; the first reason given wins.
func (sh *bwShared) halt(st core.Status) {
	if sh.status.CompareAndSwap(-1, int32(st)) {
		sh.stop.Store(true)
	}
}

// bwWorker is one goroutine of a count, with its own stack and counters.
type bwWorker struct {
	sh      *bwShared
	rows    [BitwiseMaxN]uint64 // rows[y]: the bit of the queen on line y
	cnt     [4]uint64           // leaves by weight index
	nodes   uint64
	flushed uint64 // nodes already added to sh.nodes
	pollAt  uint64
	asm     *bwAsm // the assembly kernel's state, made at its first task
}

// runWorkers runs every worker's work and waits for them all: on the
// calling goroutine when there is one worker.
func runWorkers[W interface{ work() }](ws []W) {
	if len(ws) == 1 {
		ws[0].work()
		return
	}
	var wg sync.WaitGroup
	for _, w := range ws {
		wg.Go(w.work)
	}
	wg.Wait()
}

// bwCount counts the solutions of size n with the given method on workers
// goroutines.
func bwCount(ctx context.Context, n int, method string, workers int, o *core.Options) core.Result {
	start := time.Now()
	res := core.Result{Status: core.StatusExhausted}
	if n == 1 {
		res.Solutions = core.CountOf(1)
		if o.Unique {
			res.Fundamental = core.CountOf(1)
		}
		res.Stats = core.Stats{Nodes: 2, Elapsed: time.Since(start)}
		if o.Progress != nil {
			o.Progress(core.Progress{Done: 1, Total: 1})
		}
		return res
	}
	sh := &bwShared{
		ctx:      ctx,
		n:        n,
		mask:     bwMask(n),
		classes:  bwClasses(n, method),
		maxNodes: o.MaxNodes,
		progress: o.Progress,
	}
	sh.status.Store(-1)
	genNodes := sh.split(max(256, 64*workers))
	workers = max(1, min(workers, len(sh.tasks)))
	sh.interval = bwPollEvery
	if sh.maxNodes > 0 {
		sh.interval = max(1, min(bwPollEvery, sh.maxNodes/uint64(4*workers)))
		if genNodes >= sh.maxNodes {
			sh.halt(core.StatusLimit)
		}
	}
	sh.nodes.Store(genNodes)

	ws := make([]*bwWorker, workers)
	for i := range ws {
		ws[i] = &bwWorker{sh: sh}
	}
	runWorkers(ws)

	var cnt [4]uint64
	nodes := genNodes
	for _, w := range ws {
		for i := range cnt {
			cnt[i] += w.cnt[i]
		}
		nodes += w.nodes
	}
	total := core.CountOf(cnt[bw1]).
		Add(core.CountOf(cnt[bw2]).MulUint64(2)).
		Add(core.CountOf(cnt[bw4]).MulUint64(4)).
		Add(core.CountOf(cnt[bw8]).MulUint64(8))
	res.Solutions = total
	if o.Unique {
		res.Fundamental = core.CountOf(cnt[bw2]).AddUint64(cnt[bw4]).AddUint64(cnt[bw8])
	}
	if sh.stop.Load() {
		res.Status = core.Status(sh.status.Load())
	}
	res.Stats = core.Stats{Nodes: nodes, Elapsed: time.Since(start)}
	res.Method = method
	res.Extra = map[string]any{"workers": workers, "tasks": len(sh.tasks)}
	return res
}

// split enumerates the first lines of every class down to the shallowest
// depth that gives at least want tasks (or line n−2), and returns the nodes
// it visited: the empty board and each distinct placement above the tasks.
func (sh *bwShared) split(want int) uint64 {
	n := sh.n
	var nodes uint64
	for depth := 1; ; depth++ {
		depth = min(depth, bwMaxSplit, n-2)
		sh.tasks = sh.tasks[:0]
		nodes = 1
		var prev []uint64
		for ci, c := range sh.classes {
			// The fixed lines are placements too, counted once where
			// classes share them (the corner family's first queen).
			shared := 0
			for shared < len(prev) && shared < len(c.init) && prev[shared] == c.init[shared] {
				shared++
			}
			nodes += uint64(len(c.init) - shared)
			prev = c.init
			var t bwTask
			t.class = int32(ci)
			var l, d, r uint64
			for y, bit := range c.init {
				t.rows[y] = bit
				l, d, r = (l|bit)<<1, d|bit, (r|bit)>>1
			}
			nodes += sh.splitFrom(c, &t, len(c.init), max(depth, len(c.init)), l, d, r)
		}
		if len(sh.tasks) >= want || depth >= min(bwMaxSplit, n-2) {
			return nodes
		}
	}
}

// splitFrom places lines y..depth−1 of class c in every allowed way and adds
// a task for each placement. It returns the nodes it visited.
func (sh *bwShared) splitFrom(c *bwClass, t *bwTask, y, depth int, l, d, r uint64) uint64 {
	if y >= depth {
		t.y, t.l, t.d, t.r = int32(y), l, d, r
		sh.tasks = append(sh.tasks, *t)
		return 0
	}
	var nodes uint64
	for a := c.avail(sh.mask, y, l, d, r); a != 0; a &= a - 1 {
		bit := a & -a
		t.rows[y] = bit
		nodes++
		nodes += sh.splitFrom(c, t, y+1, depth, (l|bit)<<1, d|bit, (r|bit)>>1)
	}
	return nodes
}

// work takes tasks until none are left or the count stops.
func (w *bwWorker) work() {
	sh := w.sh
	total := uint64(len(sh.tasks))
	w.pollAt = sh.interval
	for !sh.stop.Load() {
		i := sh.next.Add(1) - 1
		if i >= int64(len(sh.tasks)) {
			return
		}
		t := &sh.tasks[i]
		if !w.run(sh.classes[t.class], t) {
			return
		}
		done := sh.done.Add(1)
		if sh.progress != nil {
			sh.progress(core.Progress{Done: done, Total: total})
		}
	}
}

// poll flushes the node count and reports whether the count must stop.
func (w *bwWorker) poll() bool {
	sh := w.sh
	all := sh.nodes.Add(w.nodes - w.flushed)
	w.flushed = w.nodes
	w.pollAt = w.nodes + sh.interval
	if sh.stop.Load() {
		return true
	}
	if st, done := core.ContextStatus(sh.ctx); done {
		sh.halt(st)
		return true
	}
	if sh.maxNodes > 0 && all >= sh.maxNodes {
		sh.halt(core.StatusLimit)
		return true
	}
	return false
}

// bwFree returns the free squares of a line given its excluded squares, the
// columns that must be taken by it, and the attacks l, d, r.
func bwFree(mask, excl, need, l, d, r uint64) uint64 {
	a := mask &^ (l | d | r | excl)
	if m := need &^ d; m != 0 {
		if m&(m-1) != 0 {
			return 0 // two needed columns left for one line
		}
		a &= m
	}
	return a
}

// run searches the subtree of task t to the end and reports whether it
// finished (false: the count was stopped). This is the hot loop: an
// explicit stack of frames, kept on the goroutine stack with the current
// line's frame in registers, down to line n−6; the last five lines placed
// in nested loops with no stack, the last four by last4 (which also serves
// the tasks that start at line n−4).
func (w *bwWorker) run(c *bwClass, t *bwTask) bool {
	n := w.sh.n
	y0 := int(t.y)
	copy(w.rows[:y0], t.rows[:y0])
	if y0 > n-4 {
		w.tail(c, y0, t.l, t.d, t.r)
		return true
	}
	if bwUseAsm && y0 <= n-6 {
		return w.runAsm(c, t)
	}
	const m64 = BitwiseMaxN - 1
	all := w.sh.mask
	b := bwLast{
		mask: all,
		m5:   all &^ c.excl[(n-5)&m64], nd5: c.need[(n-5)&m64],
		m4: all &^ c.excl[(n-4)&m64], nd4: c.need[(n-4)&m64],
		m3: all &^ c.excl[(n-3)&m64], m2: all &^ c.excl[(n-2)&m64], m1: all &^ c.excl[(n-1)&m64],
	}
	check := c.check
	if y0 == n-4 {
		nodes, leaves := w.last4(c, &b, check, t.l, t.d, t.r)
		w.nodes += nodes
		w.cnt[c.w] += leaves
		return true
	}
	mask := b.mask
	last := max(y0, n-6) // the last line the stack places
	nodes := w.nodes
	pollAt := w.pollAt
	var leaves uint64
	var st [BitwiseMaxN]bwFrame
	// From line lean to the last the stack places, no square is excluded
	// and no column needed.
	lean := last + 1
	for lean > y0 && c.excl[(lean-1)&m64]|c.need[(lean-1)&m64] == 0 {
		lean--
	}
	// Every line's queen is recorded in rows (the side family's leaves are
	// checked against their rotations; for the corner family the stores
	// cost less than a branch).
	rows := &w.rows

	// The frame of the current line is kept in l, d, r, a; st holds the
	// frames of the lines above it.
	l, d, r := t.l, t.d, t.r
	a := c.avail(mask, y0, l, d, r)
	y := y0
	for {
		if a == 0 {
			if y == y0 {
				break
			}
			y--
			f := &st[y&m64]
			l, d, r, a = f.l, f.d, f.r, f.a
			continue
		}
		bit := a & -a
		a ^= bit
		nodes++
		nl, nd, nr := (l|bit)<<1, d|bit, (r|bit)>>1
		rows[y&m64] = bit
		if y < last {
			st[y&m64] = bwFrame{l: l, d: d, r: r, a: a}
			y++
			l, d, r = nl, nd, nr
			if y >= lean {
				a = mask &^ (l | d | r)
			} else {
				a = bwFree(mask, c.excl[y&m64], c.need[y&m64], l, d, r)
			}
			if nodes >= pollAt {
				w.nodes = nodes
				if w.poll() {
					w.cnt[c.w] += leaves
					return false
				}
				pollAt = w.pollAt
			}
			continue
		}
		if y == n-6 {
			// Lines n−5..n−1: line n−5, then the same four lines as
			// below (the usual case; the stack stops at line n−5 only
			// for tasks that start there).
			for a5 := bwFree(b.m5, 0, b.nd5, nl, nd, nr); a5 != 0; a5 &= a5 - 1 {
				b5 := a5 & -a5
				nodes++
				rows[(n-5)&m64] = b5
				nd4, lv := w.last4(c, &b, check, (nl|b5)<<1, nd|b5, (nr|b5)>>1)
				nodes += nd4
				leaves += lv
			}
			continue
		}
		// Lines n−4..n−1.
		nd4, lv := w.last4(c, &b, check, nl, nd, nr)
		nodes += nd4
		leaves += lv
	}
	w.nodes = nodes
	w.cnt[c.w] += leaves
	return true
}

// last4 places lines n−4..n−1 given the attacks on line n−4 and returns
// the nodes and, unless check, the leaves (with check, each leaf is
// compared with its rotations and counted by checkBelow).
func (w *bwWorker) last4(c *bwClass, b *bwLast, check bool, l, d, r uint64) (nodes, leaves uint64) {
	for a4 := bwFree(b.m4, 0, b.nd4, l, d, r); a4 != 0; a4 &= a4 - 1 {
		b4 := a4 & -a4
		nodes++
		l4, d4, r4 := (l|b4)<<1, d|b4, (r|b4)>>1
		for a3 := b.m3 &^ (l4 | d4 | r4); a3 != 0; a3 &= a3 - 1 {
			b3 := a3 & -a3
			nodes++
			l3, d3, r3 := (l4|b3)<<1, d4|b3, (r4|b3)>>1
			nd2, lv := bwLast2(b, l3, d3, r3)
			nodes += nd2
			if !check {
				leaves += lv
			} else if lv != 0 {
				w.checkBelow(c, b, b4, b3, l3, d3, r3)
			}
		}
	}
	return nodes, leaves
}

// bwLast holds what the last five lines of a class need: the line mask,
// the squares lines n−5..n−1 may take (m5..m1: the line mask without the
// class's excluded squares, folded in once so that the nested loops carry
// one value a line instead of two) and the columns needed by lines n−5 and
// n−4.
type bwLast struct {
	mask, m5, nd5, m4, nd4, m3, m2, m1 uint64
}

// bwLast2 places the last two lines, given the attacks l, d, r on line
// n−2, and returns the nodes (queens placed) and the leaves, without a
// branch. Two columns are left, lo and hi; a leaf puts one of them on line
// n−2 and the other on line n−1, which must not be next to it (the queen
// on line n−2 attacks both neighbours below) and must be free of the
// attacks shifted one line on.
func bwLast2(b *bwLast, l, d, r uint64) (nodes, leaves uint64) {
	rem := b.mask &^ d // the two columns left
	free2 := b.m2 &^ (l | r | d)
	free1 := b.m1 &^ (l<<1 | r>>1 | d)
	lo := rem & -rem
	hi := rem ^ lo
	// lo on line n−2 and hi on line n−1, or the other way round; neither
	// when the two columns are next to each other.
	leaves = (bwBit(free2&lo)&bwBit(free1&hi) + bwBit(free2&hi)&bwBit(free1&lo)) * bwBit(hi^lo<<1)
	return uint64(bits.OnesCount64(free2)) + leaves, leaves
}

// bwBit returns 1 if x is not zero, else 0.
func bwBit(x uint64) uint64 {
	if x != 0 {
		return 1
	}
	return 0
}

// checkBelow finds the side-family leaves below lines n−4 and n−3 (their
// queens b4, b3; l, d, r the attacks on line n−2) and checks each against
// its rotations: the branch-free count (bwLast2) said there are some.
func (w *bwWorker) checkBelow(c *bwClass, b *bwLast, b4, b3, l, d, r uint64) {
	for a2 := b.m2 &^ (l | d | r); a2 != 0; a2 &= a2 - 1 {
		b2 := a2 & -a2
		if a1 := b.m1 &^ ((l|b2)<<1 | d | b2 | (r|b2)>>1); a1 != 0 {
			w.checkLast(c, b4, b3, b2, a1)
		}
	}
}

// checkLast records the last four lines of a side-family leaf in w.rows
// and counts it.
func (w *bwWorker) checkLast(c *bwClass, b4, b3, b2, b1 uint64) {
	n := w.sh.n
	const m64 = BitwiseMaxN - 1
	w.rows[(n-4)&m64] = b4
	w.rows[(n-3)&m64] = b3
	w.rows[(n-2)&m64] = b2
	w.rows[(n-1)&m64] = b1
	w.checkLeaf(c)
}

// tail places lines y..n−1 recursively: the subtrees of tasks that start
// within three lines of the end (small boards only).
func (w *bwWorker) tail(c *bwClass, y int, l, d, r uint64) {
	n, mask := w.sh.n, w.sh.mask
	for a := c.avail(mask, y, l, d, r); a != 0; a &= a - 1 {
		bit := a & -a
		w.nodes++
		w.rows[y] = bit
		switch {
		case y < n-1:
			w.tail(c, y+1, (l|bit)<<1, d|bit, (r|bit)>>1)
		case c.check:
			w.checkLeaf(c)
		default:
			w.cnt[c.w]++
		}
	}
}

// checkLeaf counts a side-family leaf (w.rows holds the board): weight 8
// unless a rotation also has its first queen at column k, which the O(1)
// tests below detect; then checkRotations decides.
func (w *bwWorker) checkLeaf(c *bwClass) {
	n, k := w.sh.n, c.k
	rows := &w.rows
	// 90°: line 0 of the rotation comes from column 0, whose queen must
	// be on line n−1−k. 180°: from line n−1, whose queen must be at
	// column n−1−k. 270°: from column n−1, whose queen must be on line k.
	if rows[(n-1-k)&(BitwiseMaxN-1)] != 1 &&
		rows[(n-1)&(BitwiseMaxN-1)] != 1<<uint(n-1-k) &&
		rows[k&(BitwiseMaxN-1)] != 1<<uint(n-1) {
		w.cnt[bw8]++
		return
	}
	w.checkRotations(k)
}

// checkRotations compares the board in w.rows with its three rotations,
// lexicographically by line, and counts it if it is the least: weight 2 if
// it is its own 90° rotation, 4 if its own 180° rotation, else 8.
func (w *bwWorker) checkRotations(k int) {
	n := w.sh.n
	m := n - 1
	var pos, inv [BitwiseMaxN]int
	for y := range n {
		x := bits.TrailingZeros64(w.rows[y])
		pos[y], inv[x] = x, y
	}
	// cmp compares the rotation img with pos: -1 if img is smaller (the
	// board is not the representative), 0 if equal, +1 if larger.
	cmp := func(img func(i int) int) int {
		for i := range n {
			if v := img(i); v != pos[i] {
				if v < pos[i] {
					return -1
				}
				return 1
			}
		}
		return 0
	}
	eq90, eq180 := false, false
	if inv[0] == m-k {
		switch cmp(func(i int) int { return m - inv[i] }) {
		case -1:
			return
		case 0:
			eq90 = true
		}
	}
	if eq90 {
		w.cnt[bw2]++
		return
	}
	if pos[m] == m-k {
		switch cmp(func(i int) int { return m - pos[m-i] }) {
		case -1:
			return
		case 0:
			eq180 = true
		}
	}
	if inv[m] == k {
		if cmp(func(i int) int { return inv[m-i] }) < 0 {
			return
		}
	}
	if eq180 {
		w.cnt[bw4]++
		return
	}
	w.cnt[bw8]++
}
