package bitwise

import (
	"math/bits"

	"github.com/coverkit/coverkit/core"
	"github.com/coverkit/coverkit/models/queens/internal/work"
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

// The weight indexes of the leaf counters (worker.cnt): the leaves of
// weight 1, 2, 4 and 8.
const (
	w1 = iota
	w2
	w4
	w8
)

// class is one family of subtrees that share their constraints: fixed
// first lines, squares excluded line by line, columns that must be taken by
// a line, and how a leaf is counted.
type class struct {
	init  []uint64 // the bits of the first lines, fixed by the class
	check bool     // leaves are compared with their rotations (side family)
	w     int      // the weight index of a leaf when !check
	k     int      // side family: the column of line 0's queen

	// excl[y] are the squares of line y the class forbids. need[y] are the
	// columns that must be taken once line y is placed; the search forbids
	// them on later lines, so a missing one here ends the subtree. need of
	// the last three lines is always 0.
	excl, need [MaxN]uint64
}

// avail returns the free squares of line y, given the attacks l, d, r.
func (c *class) avail(mask uint64, y int, l, d, r uint64) uint64 {
	return free(mask, c.excl[y&(MaxN-1)], c.need[y&(MaxN-1)], l, d, r)
}

// classes returns the families of subtrees that together count every
// solution of size n ≥ 2 with the given method.
func classes(n int, method string) []*class {
	mask := Mask(n)
	switch method {
	case Plain:
		return []*class{{w: w1}}
	case Mirror:
		// The first line's queen in the left half, doubled; for odd n the
		// middle column, with the second line's queen in the left half.
		half := uint64(1)<<uint(n/2) - 1
		left := &class{w: w2}
		left.excl[0] = mask &^ half
		out := []*class{left}
		if n%2 == 1 {
			mid := &class{w: w2, init: []uint64{1 << uint(n/2)}}
			mid.excl[1] = mask &^ half
			out = append(out, mid)
		}
		return out
	}
	var out []*class
	top := uint64(1) << uint(n-1)
	for k := 2; k <= n-2; k++ {
		c := &class{w: w8, init: []uint64{1, 1 << uint(k)}}
		for y := 2; y < k; y++ {
			c.excl[y] = 2
		}
		out = append(out, c)
	}
	side := top | 1
	for k := 1; k < n-1-k; k++ {
		c := &class{check: true, k: k, init: []uint64{1 << uint(k)}}
		for y := 1; y < k; y++ {
			c.excl[y] = side
		}
		for y := n - k; y < n; y++ {
			c.excl[y] = side
		}
		// The side columns must be taken by line n−1−k. This only
		// prunes (the excluded squares below enforce it at the leaves),
		// and the kernels prune with need down to line n−4 only, so it
		// is not set on lines n−3 and n−2: every path through the tree
		// then visits the same nodes, wherever the tasks start.
		if n-1-k < n-3 {
			c.need[n-1-k] = side
		}
		// The last line's queen in columns k..n-1-k.
		c.excl[n-1] |= mask &^ (Mask(n-k) &^ Mask(k))
		out = append(out, c)
	}
	return out
}

// task is one subtree of a parallel count: the class, the line to place
// next, the attacks on it and the bits of the lines above.
type task struct {
	class   int32
	y       int32
	l, d, r uint64
	rows    [maxSplit]uint64
}

// maxSplit is the deepest line at which the counter splits into tasks.
const maxSplit = 10

// splitWant returns the fewest tasks a count of n × n boards splits into,
// where the board has that many subtrees above line maxSplit: a function
// of n alone, so that the tasks are the same on any number of workers.
// Small boards take few tasks (each task costs a few hundred nanoseconds
// to set up), large ones enough to keep dozens of workers busy to the end.
func splitWant(n int) int {
	if n < 18 {
		return 256
	}
	return 4096
}

// counter is the state the workers of one count share; they only read it.
type counter struct {
	n       int
	mask    uint64
	classes []*class
	tasks   []task
	kernel  Kernel // Go or Asm
	step    uint64 // if positive, the most nodes between two polls (tests)
	depth   int    // if positive, the line the tasks start at (tests)
}

// worker is one goroutine of a count, with its own stack, counters and
// meter.
type worker struct {
	c     *counter
	m     *core.Meter
	rows  [MaxN]uint64 // rows[y]: the bit of the queen on line y
	cnt   [4]uint64    // leaves by weight index
	nodes uint64       // the nodes this worker counted (the first one: the split's too)
	bound uint64       // the node count at which to poll m next
	asm   *asmState    // the assembly kernel's state, made at its first task
	st    [MaxN]Frame  // the Go kernel's stack, kept from task to task
}

// Result is what a count found. With the symmetry method, Fundamental is
// the number of symmetry classes (A002562); else it is 0.
type Result struct {
	Solutions, Fundamental core.Count
	// Nodes counts the placements the search made (consistent partial
	// placements visited, the empty board included): with symmetry, the
	// reduced tree. It is the same for any number of workers.
	Nodes uint64
	// Tasks is the number of subtrees the count was cut into, Workers the
	// goroutines that took them.
	Tasks, Workers int
}

// Options tunes a count for tests and benchmarks; nil means the defaults.
type Options struct {
	// Kernel forces a kernel; Auto (the default) takes the assembly where
	// the CPU has it.
	Kernel Kernel
	// Step, if positive, is the most nodes a worker visits between two
	// polls of its meter (tests: the assembly kernel returns to Go and
	// resumes at many points of a task).
	Step uint64
	// depth, if positive, is the line the tasks start at (tests: the
	// nodes do not depend on it).
	depth int
}

// Count counts the solutions of the n × n board (1 ≤ n ≤ MaxN) with the
// given method (Symmetry, Mirror or Plain) on workers goroutines, each with
// a meter of its own forked from m: a stop by m (its context, its node
// budget) ends the count, and m.Status says why; the result then holds
// what was counted so far, a lower bound. The nodes above the tasks are
// counted one by one, so a node budget that ends there is exact; below,
// a worker sees its budget after each subtree of the last five lines, so
// the count stops within the budget plus at most MaxSlack nodes a worker.
func Count(m *core.Meter, n int, method string, workers int, o *Options) Result {
	if o == nil {
		o = &Options{}
	}
	c := &counter{n: n, mask: Mask(n), classes: classes(n, method), kernel: o.Kernel.resolve(), step: o.Step, depth: o.depth}
	w0 := &worker{c: c, m: m}
	res := Result{Workers: 1}
	if !w0.poll() {
		return res
	}
	if n == 1 {
		// The empty board, then the one queen.
		if empty := w0.visit(); empty && w0.visit() {
			res.Solutions = core.CountOf(1)
			if method == Symmetry {
				res.Fundamental = core.CountOf(1)
			}
		}
		res.Nodes = w0.nodes
		return res
	}
	if !c.split(w0) {
		res.Nodes = w0.nodes
		return res
	}
	workers = max(1, min(workers, len(c.tasks)))
	ms := work.Meters(m, workers)
	ws := make([]*worker, workers)
	ws[0] = w0
	w0.m = ms[0]
	for i := 1; i < workers; i++ {
		ws[i] = &worker{c: c, m: ms[i]}
		ws[i].poll() // its first bound; a stop is seen by Run
	}
	if workers > 1 {
		w0.poll() // the fork's first bound
	}
	work.Run(work.NewQueue(len(c.tasks)), ws, ms, func(w *worker, i int) bool {
		t := &c.tasks[i]
		return w.run(c.classes[t.class], t)
	})

	var cnt [4]uint64
	for _, w := range ws {
		for i := range cnt {
			cnt[i] += w.cnt[i]
		}
		res.Nodes += w.nodes
	}
	res.Solutions = core.CountOf(cnt[w1]).
		Add(core.CountOf(cnt[w2]).MulUint64(2)).
		Add(core.CountOf(cnt[w4]).MulUint64(4)).
		Add(core.CountOf(cnt[w8]).MulUint64(8))
	if method == Symmetry {
		res.Fundamental = core.CountOf(cnt[w2]).AddUint64(cnt[w4]).AddUint64(cnt[w8])
	}
	res.Tasks, res.Workers = len(c.tasks), workers
	return res
}

// MaxSlack is the most nodes a worker of Count visits past its budget: one
// subtree of the last five lines (5 + 5·4 + 5·4·3 + 5·4·3·2 + 5! = 325)
// and the queen above it.
const MaxSlack = 326

// poll passes the worker's nodes to its meter, sets the next bound and
// reports whether the count may go on.
func (w *worker) poll() bool {
	bound, _, ok := w.m.Poll(w.nodes, w.nodes)
	if w.c.step > 0 {
		bound = min(bound, w.nodes+w.c.step)
	}
	w.bound = bound
	return ok
}

// visit counts one node of the split and reports whether the count may
// go on (false: the meter stopped it before this node).
func (w *worker) visit() bool {
	if w.nodes >= w.bound && !w.poll() {
		return false
	}
	w.nodes++
	return true
}

// split enumerates the first lines of every class down to the shallowest
// depth that gives at least splitWant(n) tasks (or line n−2), visiting each
// distinct placement above the tasks, and the empty board, as a node of
// w's count. It reports false if the meter stopped the count.
func (c *counter) split(w *worker) bool {
	depth := c.splitDepth()
	if !w.visit() { // the empty board
		return false
	}
	var prev []uint64
	for ci, cl := range c.classes {
		// The fixed lines are placements too, counted once where
		// classes share them (the corner family's first queen).
		shared := 0
		for shared < len(prev) && shared < len(cl.init) && prev[shared] == cl.init[shared] {
			shared++
		}
		for range len(cl.init) - shared {
			if !w.visit() {
				return false
			}
		}
		prev = cl.init
		var t task
		t.class = int32(ci)
		var l, d, r uint64
		for y, bit := range cl.init {
			t.rows[y] = bit
			l, d, r = (l|bit)<<1, d|bit, (r|bit)>>1
		}
		if !c.splitFrom(w, cl, &t, len(cl.init), max(depth, len(cl.init)), l, d, r) {
			return false
		}
	}
	return true
}

// splitDepth returns the line the tasks start at: the shallowest that gives
// at least splitWant(n) tasks, at most maxSplit and n−2.
func (c *counter) splitDepth() int {
	limit := min(maxSplit, c.n-2)
	if c.depth > 0 {
		return min(c.depth, limit)
	}
	for depth := 1; ; depth++ {
		depth = min(depth, limit)
		tasks := 0
		for _, cl := range c.classes {
			var l, d, r uint64
			for _, bit := range cl.init {
				l, d, r = (l|bit)<<1, d|bit, (r|bit)>>1
			}
			tasks += c.tasksBelow(cl, len(cl.init), max(depth, len(cl.init)), l, d, r)
		}
		if tasks >= splitWant(c.n) || depth >= limit {
			return depth
		}
	}
}

// tasksBelow returns the number of tasks of class cl at the given depth
// below a placement of lines 0..y−1.
func (c *counter) tasksBelow(cl *class, y, depth int, l, d, r uint64) int {
	if y >= depth {
		return 1
	}
	tasks := 0
	for a := cl.avail(c.mask, y, l, d, r); a != 0; a &= a - 1 {
		bit := a & -a
		tasks += c.tasksBelow(cl, y+1, depth, (l|bit)<<1, d|bit, (r|bit)>>1)
	}
	return tasks
}

// splitFrom places lines y..depth−1 of class cl in every allowed way,
// visiting each placement as a node of w's count, and adds a task for each
// placement of them all. It reports false if the meter stopped the count.
func (c *counter) splitFrom(w *worker, cl *class, t *task, y, depth int, l, d, r uint64) bool {
	if y >= depth {
		t.y, t.l, t.d, t.r = int32(y), l, d, r
		c.tasks = append(c.tasks, *t)
		return true
	}
	for a := cl.avail(c.mask, y, l, d, r); a != 0; a &= a - 1 {
		bit := a & -a
		t.rows[y] = bit
		if !w.visit() || !c.splitFrom(w, cl, t, y+1, depth, (l|bit)<<1, d|bit, (r|bit)>>1) {
			return false
		}
	}
	return true
}

// free returns the free squares of a line given its excluded squares, the
// columns that must be taken by it, and the attacks l, d, r.
func free(mask, excl, need, l, d, r uint64) uint64 {
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
func (w *worker) run(c *class, t *task) bool {
	n := w.c.n
	y0 := int(t.y)
	copy(w.rows[:y0], t.rows[:y0])
	if y0 > n-4 {
		w.tail(c, y0, t.l, t.d, t.r)
		return true
	}
	if w.c.kernel == Asm && y0 <= n-6 {
		return w.runAsm(c, t)
	}
	const m64 = MaxN - 1
	all := w.c.mask
	b := bottom{
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
	bound := w.bound
	var leaves uint64
	st := &w.st
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
			l, d, r, a = f.L, f.D, f.R, f.A
			continue
		}
		bit := a & -a
		a ^= bit
		nodes++
		nl, nd, nr := (l|bit)<<1, d|bit, (r|bit)>>1
		rows[y&m64] = bit
		if y < last {
			st[y&m64] = Frame{L: l, D: d, R: r, A: a}
			y++
			l, d, r = nl, nd, nr
			if y >= lean {
				a = mask &^ (l | d | r)
			} else {
				a = free(mask, c.excl[y&m64], c.need[y&m64], l, d, r)
			}
			if nodes >= bound {
				w.nodes = nodes
				if !w.poll() {
					w.cnt[c.w] += leaves
					return false
				}
				bound = w.bound
			}
			continue
		}
		if y == n-6 {
			// Lines n−5..n−1: line n−5, then the same four lines as
			// below (the usual case; the stack stops at line n−5 only
			// for tasks that start there).
			for a5 := free(b.m5, 0, b.nd5, nl, nd, nr); a5 != 0; a5 &= a5 - 1 {
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
func (w *worker) last4(c *class, b *bottom, check bool, l, d, r uint64) (nodes, leaves uint64) {
	for a4 := free(b.m4, 0, b.nd4, l, d, r); a4 != 0; a4 &= a4 - 1 {
		b4 := a4 & -a4
		nodes++
		l4, d4, r4 := (l|b4)<<1, d|b4, (r|b4)>>1
		for a3 := b.m3 &^ (l4 | d4 | r4); a3 != 0; a3 &= a3 - 1 {
			b3 := a3 & -a3
			nodes++
			l3, d3, r3 := (l4|b3)<<1, d4|b3, (r4|b3)>>1
			nd2, lv := last2(b, l3, d3, r3)
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

// bottom holds what the last five lines of a class need: the line mask,
// the squares lines n−5..n−1 may take (m5..m1: the line mask without the
// class's excluded squares, folded in once so that the nested loops carry
// one value a line instead of two) and the columns needed by lines n−5 and
// n−4.
type bottom struct {
	mask, m5, nd5, m4, nd4, m3, m2, m1 uint64
}

// last2 places the last two lines, given the attacks l, d, r on line
// n−2, and returns the nodes (queens placed) and the leaves, without a
// branch. Two columns are left, lo and hi; a leaf puts one of them on line
// n−2 and the other on line n−1, which must not be next to it (the queen
// on line n−2 attacks both neighbours below) and must be free of the
// attacks shifted one line on.
func last2(b *bottom, l, d, r uint64) (nodes, leaves uint64) {
	rem := b.mask &^ d // the two columns left
	free2 := b.m2 &^ (l | r | d)
	free1 := b.m1 &^ (l<<1 | r>>1 | d)
	lo := rem & -rem
	hi := rem ^ lo
	// lo on line n−2 and hi on line n−1, or the other way round; neither
	// when the two columns are next to each other.
	leaves = (bit01(free2&lo)&bit01(free1&hi) + bit01(free2&hi)&bit01(free1&lo)) * bit01(hi^lo<<1)
	return uint64(bits.OnesCount64(free2)) + leaves, leaves
}

// bit01 returns 1 if x is not zero, else 0.
func bit01(x uint64) uint64 {
	if x != 0 {
		return 1
	}
	return 0
}

// checkBelow finds the side-family leaves below lines n−4 and n−3 (their
// queens b4, b3; l, d, r the attacks on line n−2) and checks each against
// its rotations: the branch-free count (last2) said there are some.
func (w *worker) checkBelow(c *class, b *bottom, b4, b3, l, d, r uint64) {
	for a2 := b.m2 &^ (l | d | r); a2 != 0; a2 &= a2 - 1 {
		b2 := a2 & -a2
		if a1 := b.m1 &^ ((l|b2)<<1 | d | b2 | (r|b2)>>1); a1 != 0 {
			w.checkLast(c, b4, b3, b2, a1)
		}
	}
}

// checkLast records the last four lines of a side-family leaf in w.rows
// and counts it.
func (w *worker) checkLast(c *class, b4, b3, b2, b1 uint64) {
	n := w.c.n
	const m64 = MaxN - 1
	w.rows[(n-4)&m64] = b4
	w.rows[(n-3)&m64] = b3
	w.rows[(n-2)&m64] = b2
	w.rows[(n-1)&m64] = b1
	w.checkLeaf(c)
}

// tail places lines y..n−1 recursively: the subtrees of tasks that start
// within three lines of the end (small boards only).
func (w *worker) tail(c *class, y int, l, d, r uint64) {
	n, mask := w.c.n, w.c.mask
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
func (w *worker) checkLeaf(c *class) {
	n, k := w.c.n, c.k
	rows := &w.rows
	// 90°: line 0 of the rotation comes from column 0, whose queen must
	// be on line n−1−k. 180°: from line n−1, whose queen must be at
	// column n−1−k. 270°: from column n−1, whose queen must be on line k.
	if rows[(n-1-k)&(MaxN-1)] != 1 &&
		rows[(n-1)&(MaxN-1)] != 1<<uint(n-1-k) &&
		rows[k&(MaxN-1)] != 1<<uint(n-1) {
		w.cnt[w8]++
		return
	}
	w.checkRotations(k)
}

// checkRotations compares the board in w.rows with its three rotations,
// lexicographically by line, and counts it if it is the least: weight 2 if
// it is its own 90° rotation, 4 if its own 180° rotation, else 8.
func (w *worker) checkRotations(k int) {
	n := w.c.n
	m := n - 1
	var pos, inv [MaxN]int
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
		w.cnt[w2]++
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
		w.cnt[w4]++
		return
	}
	w.cnt[w8]++
}
