package queens

import (
	"context"
	"sync"
	"sync/atomic"
	"time"

	"github.com/coverkit/coverkit/core"
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

// tqTask is one subtree: the column to place next, the rows used and the
// diagonal attacks on that column.
type tqTask struct {
	c       int32
	u, l, r uint64
}

// tqShared is the state the workers of one toroidal count share.
type tqShared struct {
	ctx      context.Context
	n        int
	mask     uint64
	tasks    []tqTask
	next     atomic.Int64
	done     atomic.Uint64
	nodes    atomic.Uint64
	stop     atomic.Bool
	status   atomic.Int32
	maxNodes uint64
	interval uint64
	progress func(core.Progress)
}

func (sh *tqShared) halt(st core.Status) {
	if sh.status.CompareAndSwap(-1, int32(st)) {
		sh.stop.Store(true)
	}
}

// torusCount counts the solutions of the n×n torus (gcd(n, 6) = 1, n ≤ 64)
// on workers goroutines.
func torusCount(ctx context.Context, n, workers int, o *core.Options) core.Result {
	start := time.Now()
	res := core.Result{Status: core.StatusExhausted}
	if n == 1 {
		res.Solutions = core.CountOf(1)
		res.Stats = core.Stats{Nodes: 2, Elapsed: time.Since(start)}
		return res
	}
	sh := &tqShared{ctx: ctx, n: n, mask: bwMask(n), maxNodes: o.MaxNodes, progress: o.Progress}
	sh.status.Store(-1)
	// The empty board and the queen fixed in row 0 of column 0.
	genNodes := 2 + sh.split(max(256, 64*workers))
	workers = max(1, min(workers, len(sh.tasks)))
	sh.interval = bwPollEvery
	if sh.maxNodes > 0 {
		sh.interval = max(1, min(bwPollEvery, sh.maxNodes/uint64(4*workers)))
		if genNodes >= sh.maxNodes {
			sh.halt(core.StatusLimit)
		}
	}
	sh.nodes.Store(genNodes)
	leaves := make([]uint64, workers)
	nodes := make([]uint64, workers)
	var wg sync.WaitGroup
	for i := range workers {
		wg.Go(func() { leaves[i], nodes[i] = sh.work() })
	}
	wg.Wait()
	var total core.Count
	all := genNodes
	for i := range workers {
		total = total.AddUint64(leaves[i])
		all += nodes[i]
	}
	res.Solutions = total.MulUint64(2 * uint64(n))
	if sh.stop.Load() {
		res.Status = core.Status(sh.status.Load())
	}
	res.Stats = core.Stats{Nodes: all, Elapsed: time.Since(start)}
	res.Method = "torus"
	res.Extra = map[string]any{"workers": workers, "tasks": len(sh.tasks)}
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
// shallowest depth that gives at least want tasks (at most column n−3),
// and returns the nodes it visited.
func (sh *tqShared) split(want int) uint64 {
	n := sh.n
	l0, r0 := sh.rot(0, 0, 1)
	for depth := 2; ; depth++ {
		depth = min(depth, n-3)
		sh.tasks = sh.tasks[:0]
		var nodes uint64
		for x := 2; x <= (n-1)/2; x++ {
			bit := uint64(1) << uint(x)
			if (l0|r0)&bit != 0 {
				continue
			}
			nodes++
			l, r := sh.rot(l0, r0, bit)
			nodes += sh.splitFrom(2, depth, 1|bit, l, r)
		}
		if len(sh.tasks) >= want || depth >= n-3 {
			return nodes
		}
	}
}

func (sh *tqShared) splitFrom(c, depth int, u, l, r uint64) uint64 {
	if c >= depth {
		sh.tasks = append(sh.tasks, tqTask{c: int32(c), u: u, l: l, r: r})
		return 0
	}
	var nodes uint64
	for a := sh.mask &^ (u | l | r); a != 0; a &= a - 1 {
		bit := a & -a
		nodes++
		nl, nr := sh.rot(l, r, bit)
		nodes += sh.splitFrom(c+1, depth, u|bit, nl, nr)
	}
	return nodes
}

// work takes tasks until none are left or the count stops, and returns the
// leaves and nodes it met.
func (sh *tqShared) work() (leaves, nodes uint64) {
	total := uint64(len(sh.tasks))
	var flushed uint64
	pollAt := sh.interval
	for !sh.stop.Load() {
		i := sh.next.Add(1) - 1
		if i >= int64(len(sh.tasks)) {
			break
		}
		lv, nd, ok := sh.run(&sh.tasks[i], nodes, &pollAt, &flushed)
		leaves += lv
		nodes = nd
		if !ok {
			break
		}
		done := sh.done.Add(1)
		if sh.progress != nil {
			sh.progress(core.Progress{Done: done, Total: total})
		}
	}
	return leaves, nodes
}

// poll flushes the worker's nodes and reports whether the count must stop.
func (sh *tqShared) poll(nodes uint64, pollAt, flushed *uint64) bool {
	all := sh.nodes.Add(nodes - *flushed)
	*flushed = nodes
	*pollAt = nodes + sh.interval
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

// tqFrame is one column of the explicit stack: the masks on entering it
// and the rows still to try.
type tqFrame struct {
	u, l, r, a uint64
}

// run searches the subtree of t and returns its leaves, the worker's node
// count after it, and false if the count was stopped. The hot loop: an
// explicit stack down to column n−3, the last two columns in straight-line
// code (on the torus the last column has one free row, which needs only
// its two diagonals tested).
func (sh *tqShared) run(t *tqTask, nodes uint64, pollAt, flushed *uint64) (leaves, outNodes uint64, ok bool) {
	n := sh.n
	mask := sh.mask
	top := uint(n - 1)
	c0 := int(t.c)
	lastStack := n - 3 // the last column the stack places
	var st [BitwiseMaxN]tqFrame
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
			if nodes >= *pollAt && sh.poll(nodes, pollAt, flushed) {
				return leaves, nodes, false
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
	return leaves, nodes, true
}
