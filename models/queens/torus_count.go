package queens

import (
	"context"
	"time"

	"github.com/coverkit/coverkit/core"
	"github.com/coverkit/coverkit/models/queens/internal/bitwise"
	"github.com/coverkit/coverkit/models/queens/internal/work"
)

// The toroidal counter. Lines are columns and bit r of a mask is row r; the
// two diagonal masks rotate within n bits from one column to the next.
// Two symmetries of the torus reduce the search, exactly:
//
//   - Translation. Shifting every queen down a row (mod n) maps the
//     solutions whose first column has its queen in row 0 one-to-one onto
//     those with row 1, and so on: the count is n times the number of
//     solutions with the queen of column 1 in row 1 (1-based).
//   - Reflection. Mirroring the rows (r → −r mod n) keeps that queen in
//     place and maps the queen of the second column from row x to row n−x
//     (0-based); x ≠ n−x for odd n, and x is neither 0 nor ±1 (it would
//     share a row or a diagonal with the first queen). So the search keeps
//     x in 2..(n−1)/2 and doubles.
//
// Hence A051906(n) = 2n · (the leaves of the reduced tree). No leaf is
// weighed by a class size, so there is no canonical test at the leaves.
// The reduced tree is split into tasks by its first columns, which the
// workers take in turn (as the classic counter does).

// finalProgress reports a finished count's last progress, every task
// done, which the meter's throttled reports may have skipped.
func finalProgress(o *core.Options, st core.Status, tasks uint64) {
	if o.Progress != nil && st == core.StatusExhausted {
		o.Progress(core.Progress{Done: max(1, tasks), Total: max(1, tasks)})
	}
}

// tqTask is one subtree: the column to place next, the rows used and the
// diagonal attacks on that column.
type tqTask struct {
	c       int32
	u, l, r uint64
}

// tqSplitWant returns the fewest tasks a toroidal count splits into (where
// the board has that many subtrees above column n−3): a function of n
// alone, so that the tasks are the same on any number of workers; few for
// small boards, enough for dozens of workers on large ones.
func tqSplitWant(n int) int {
	if n < 18 {
		return 256
	}
	return 4096
}

// tqShared is the state the workers of one toroidal count share; they
// only read it.
type tqShared struct {
	n     int
	mask  uint64
	tasks []tqTask
}

// tqWorker is one goroutine of a toroidal count: its meter, its counters
// and the node count at which to poll next.
type tqWorker struct {
	sh            *tqShared
	m             *core.Meter
	leaves, nodes uint64
	bound         uint64
	st            [BitwiseMaxN]tqFrame // the explicit stack of run, kept from task to task
}

// poll passes the worker's nodes to its meter, sets the next bound and
// reports whether the count may go on.
func (w *tqWorker) poll() bool {
	bound, _, ok := w.m.Poll(w.nodes, w.nodes)
	w.bound = bound
	return ok
}

// visit counts one node of the split and reports whether the count may
// go on.
func (w *tqWorker) visit() bool {
	if w.nodes >= w.bound && !w.poll() {
		return false
	}
	w.nodes++
	return true
}

// torusCount counts the solutions of the n×n torus (gcd(n, 6) = 1, n ≤ 64)
// on workers goroutines, under a meter of ctx and o. Stats.Nodes is the
// same for any number of workers; a node budget stops the count exactly
// above the tasks and within two nodes a worker below.
func torusCount(ctx context.Context, n, workers int, o *core.Options) core.Result {
	start := time.Now()
	m := core.NewMeter(ctx, o)
	sh := &tqShared{n: n, mask: bitwise.Mask(n)}
	w0 := &tqWorker{sh: sh, m: m}
	res := core.Result{}
	// The empty board and the queen fixed in row 0 of column 0.
	ok := w0.poll() && w0.visit() && w0.visit()
	if ok && n == 1 {
		w0.leaves = 1
	} else if ok {
		ok = sh.split(w0)
	}
	ws := []*tqWorker{w0}
	if ok && n > 1 {
		workers = max(1, min(workers, len(sh.tasks)))
		ms := work.Meters(m, workers)
		w0.m = ms[0]
		for i := 1; i < workers; i++ {
			ws = append(ws, &tqWorker{sh: sh, m: ms[i]})
		}
		if workers > 1 {
			for _, w := range ws {
				w.poll() // its fork's first bound; a stop is seen by Run
			}
		}
		work.Run(work.NewQueue(len(sh.tasks)), ws, ms, (*tqWorker).run)
	}
	var leaves, nodes uint64
	for _, w := range ws {
		leaves += w.leaves
		nodes += w.nodes
	}
	if n == 1 {
		res.Solutions = core.CountOf(leaves)
	} else {
		res.Solutions = core.CountOf(leaves).MulUint64(2 * uint64(n))
		res.Method = "torus"
		res.Extra = map[string]any{"workers": len(ws), "tasks": len(sh.tasks)}
	}
	res.Status = m.Status()
	res.Stats = core.Stats{Nodes: nodes, Elapsed: time.Since(start)}
	finalProgress(o, res.Status, uint64(len(sh.tasks)))
	return res
}

// rot returns the masks of the next column after a queen at bit in this
// one: l (sum diagonals) rotates down a row, r (difference diagonals) up.
func (sh *tqShared) rot(l, r, bit uint64) (uint64, uint64) {
	top := uint(sh.n - 1)
	x, y := l|bit, r|bit
	return x>>1 | (x&1)<<top, (y<<1)&sh.mask | y>>top
}

// split places column 1 (rows 2..(n−1)/2) and the next columns down to the
// shallowest depth that gives at least tqSplitWant(n) tasks (at most column
// n−3), visiting each placement as a node of w's count. It reports false
// if the meter stopped the count.
func (sh *tqShared) split(w *tqWorker) bool {
	n := sh.n
	depth := 2
	for ; depth < n-3; depth++ {
		if sh.column1(nil, depth) >= tqSplitWant(n) {
			break
		}
	}
	depth = min(depth, n-3)
	return sh.column1(w, depth) >= 0
}

// column1 places column 1 and the columns after it down to depth and
// returns the tasks there; with w it visits every placement as a node of
// w's count and adds the tasks, and returns −1 if the meter stopped it.
func (sh *tqShared) column1(w *tqWorker, depth int) int {
	n := sh.n
	l0, r0 := sh.rot(0, 0, 1)
	tasks := 0
	for x := 2; x <= (n-1)/2; x++ {
		bit := uint64(1) << uint(x)
		if (l0|r0)&bit != 0 {
			continue
		}
		if w != nil && !w.visit() {
			return -1
		}
		l, r := sh.rot(l0, r0, bit)
		k := sh.splitFrom(w, 2, depth, 1|bit, l, r)
		if k < 0 {
			return -1
		}
		tasks += k
	}
	return tasks
}

// splitFrom places columns c..depth−1 in every way and returns the tasks
// below (see column1).
func (sh *tqShared) splitFrom(w *tqWorker, c, depth int, u, l, r uint64) int {
	if c >= depth {
		if w != nil {
			sh.tasks = append(sh.tasks, tqTask{c: int32(c), u: u, l: l, r: r})
		}
		return 1
	}
	tasks := 0
	for a := sh.mask &^ (u | l | r); a != 0; a &= a - 1 {
		bit := a & -a
		if w != nil && !w.visit() {
			return -1
		}
		nl, nr := sh.rot(l, r, bit)
		k := sh.splitFrom(w, c+1, depth, u|bit, nl, nr)
		if k < 0 {
			return -1
		}
		tasks += k
	}
	return tasks
}

// tqFrame is one column of the explicit stack: the masks on entering it
// and the rows still to try.
type tqFrame struct {
	u, l, r, a uint64
}

// run searches the subtree of task i, adding its leaves and nodes to the
// worker's, and reports false if the count was stopped. The hot loop: an
// explicit stack down to column n−3, the last two columns in straight-line
// code (on the torus the last column has one free row, which needs only
// its two diagonals tested).
func (w *tqWorker) run(i int) bool {
	sh := w.sh
	t := &sh.tasks[i]
	nodes, leaves, bound := w.nodes, w.leaves, w.bound
	n := sh.n
	mask := sh.mask
	top := uint(n - 1)
	c0 := int(t.c)
	lastStack := n - 3 // the last column the stack places
	st := &w.st
	u, l, r := t.u, t.l, t.r
	a := mask &^ (u | l | r)
	c := c0
	for {
		if a == 0 {
			if c == c0 {
				break
			}
			c--
			f := &st[c&(BitwiseMaxN-1)]
			u, l, r, a = f.u, f.l, f.r, f.a
			continue
		}
		bit := a & -a
		a ^= bit
		nodes++
		x, y := l|bit, r|bit
		nl, nr := x>>1|(x&1)<<top, (y<<1)&mask|y>>top
		nu := u | bit
		if c < lastStack {
			st[c&(BitwiseMaxN-1)] = tqFrame{u: u, l: l, r: r, a: a}
			c++
			u, l, r = nu, nl, nr
			a = mask &^ (u | l | r)
			if nodes >= bound {
				w.nodes = nodes
				if !w.poll() {
					w.leaves = leaves
					return false
				}
				bound = w.bound
			}
			continue
		}
		// Columns n−2 and n−1.
		for a2 := mask &^ (nu | nl | nr); a2 != 0; a2 &= a2 - 1 {
			b2 := a2 & -a2
			nodes++
			x2, y2 := nl|b2, nr|b2
			l1, r1 := x2>>1|(x2&1)<<top, (y2<<1)&mask|y2>>top
			if mask&^(nu|b2|l1|r1) != 0 {
				nodes++
				leaves++
			}
		}
	}
	w.nodes, w.leaves = nodes, leaves
	return true
}
