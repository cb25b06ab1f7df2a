package dlx

import (
	"unsafe"

	"github.com/coverkit/coverkit/core"
)

// Memoized counts with multiplicities (Algorithm M).
//
// Algorithm M branches on an item h by trying its options one by one,
// "tweaking" each option tried out of every list so that later branches on
// h choose only among the options after it; the last branch, when the
// slack allows, takes no more options for h and deactivates it. While h
// is in the middle of that, the remaining subproblem depends on which of
// h's options are tweaked away, which the items' state does not say. So
// the memo keeps counts only at item boundaries: once the search has
// branched on h it branches on h again at the next level, until h is done
// (its bound reached, which covers it, or the branch that deactivates it).
// At a node where no item is partly done, every option still in the lists
// is exactly an option whose primary items are all active and whose
// secondary items are compatible, so the subproblem is fixed by each
// active primary item's bound (how many more options it may take; with
// its slack, which never changes, that also says how many it still needs)
// and the secondary items' states: that is the key. The other nodes are
// searched without lookups, their counts flowing into the boundary node
// above them. Options forced up front are taken out of every list (they
// cannot be chosen twice) while their items may stay active, so a table
// holds the counts of one set of forced options only.

// memoM is the memoized count of Algorithm M (see above); like memoC it
// counts only and never parks. It runs on one worker, from the root: the
// driver gives it no subproblems of a split.
type memoM struct {
	l      *links
	choice []uint32
	ftweak []uint32
	memoBase
}

// newMemoM returns the memoized count of Algorithm M on l.
func newMemoM(l *links, budget uint64, branch Branch) *memoM {
	return onMemoM(l, memoBase{budget: budget, branch: branch})
}

// onMemoM returns the memoized count of Algorithm M on l with the
// settings of b.
func onMemoM(l *links, b memoBase) *memoM {
	n := l.levelsM()
	return &memoM{l: l, choice: make([]uint32, n), ftweak: make([]uint32, n), memoBase: b}
}

// clone returns mm on a copy of its links, with a table of its own.
func (mm *memoM) clone(m *core.Meter) (method, error) {
	return cloneOn(mm.l, m, func(l *links) method { return onMemoM(l, mm.settings()) })
}

func (mm *memoM) cloneBytes() uint64 { return mm.l.bytes() }

// settle undoes the levels and the forced options a parked run left.
func (mm *memoM) settle() {
	mm.pend.undo(mm.l, true, func(level int) { backM(mm.l, mm.choice[level], mm.ftweak[level]) })
}

// progress estimates the share of the count a parked run has done (see
// resumable).
func (mm *memoM) progress() float64 {
	if !mm.pend.on {
		return 1
	}
	return progressM(mm.l, mm.choice[:mm.pend.level], mm.ftweak)
}

func (mm *memoM) run(t *task) outcome {
	l := mm.l
	if mm.m == nil {
		mm.m = newMemoRun(l, len(mm.choice), mm.budget, mm.branch)
	}
	m := mm.m
	m.branch = mm.branch
	forced, n := t.forced, 0
	var o memoOutcome
	switch {
	case t.resume:
		forced, n = mm.pend.forced, len(mm.pend.forced)
		o = mm.search(t.g, m, 0, true)
	default:
		var u uint64
		if u, n = l.forceAll(forced, true, nil); n == len(forced) {
			o = mm.search(t.g, m, u, false)
		} else {
			o = memoOutcome{status: core.StatusExhausted, stats: core.Stats{Nodes: 1, Updates: u}} // a dead end at the root
		}
		if o.parked {
			mm.pend.keep(forced, nil)
		}
	}
	if !o.parked {
		l.unforceAll(forced, n, true)
	}
	return mm.finish(o, mm.settle)
}

// primaryKeyM sets m.key's primary part from the bounds of the active
// primary items and returns its hash.
func (lk *links) primaryKeyM(m *memoRun) uint64 {
	l := lk.memo
	clear(m.key[:l.pwords])
	ib := lk.ibase
	for r := itr(ib, 0).next; r != 0; {
		lr := itr(ib, r)
		i := r / nodeSize
		m.key[l.pword[i]] |= uint64(lr.bound) << l.pshift[i]
		r = lr.next
	}
	var h uint64
	for _, w := range m.key[:l.pwords] {
		h = mix(h, w)
	}
	return h
}

// chooseFirstM returns the first active primary item, or an item that can
// no longer reach its lower bound (degree ≤ 0) if there is one.
//
//go:noinline
func chooseFirstM(ib, sb unsafe.Pointer) (score int32, hr, n uint32) {
	first := itr(ib, 0).next
	for h := first; h != 0; {
		r := itr(ib, h)
		n++
		if t := r.len + min(slackOf(sb, h), r.bound) - r.bound + 1; t <= 0 {
			return t, h, n
		}
		h = r.next
	}
	return 1, first, n
}

// search runs the memoized count of Algorithm M from the current state
// under the gauge g, from updates done, or goes on with the parked search
// (resume); see memoC.search and the comment above. It restores the state
// before returning, unless it stopped: then it leaves its levels in place.
func (mm *memoM) search(g *gauge, m *memoRun, updates uint64, resume bool) memoOutcome {
	m.watch(g)
	var (
		l, ch, ft        = mm.l, mm.choice, mm.ftweak
		nb, ib, sb, hmax = l.nbase, l.ibase, l.sbase(), ref(l.nitems)
		t                = m.t
		acc, vacc, ent   = m.acc, m.vacc, m.ent
		second, first    = l.nitems > l.nprim, m.branch == BranchFirst
		hr, x            uint32
		val, vv          = count{}, uint64(0) // the count of the node returning and its virtual nodes
		level, workBound = mm.pend.from(resume), g.begin(updates)
		nodes, node0     = g.nodes, g.nodes // the gauge's running total, and where this search began
		scanned          uint64             // items scanned (choice of item, key) and one a node: work, with the updates
		status, ok       = core.StatusExhausted, true
	)

forward:
	if updates+scanned >= workBound {
		// (Every node adds at least one unit of work: see gauge.)
		if workBound, status, ok = g.poll(nodes, updates+scanned); !ok {
			goto park
		}
	}
	nodes++
	scanned++
	if itr(ib, 0).next == 0 {
		val, vv = count{lo: 1}, 1
		goto ret
	}
	ent[level] = -1
	if p := level - 1; p >= 0 && ch[p] > hmax && l.active(uint32(nd(nb, ch[p]).top)) {
		// The item of the level above is partly done: go on with it.
		hr = uint32(nd(nb, ch[p]).top)
	} else {
		h := l.primaryKeyM(m)
		if second {
			sh, n := l.secondaryKey(m, 0)
			h, scanned = h^sh, scanned+n
		}
		e, slot := t.find(h, m.key)
		if e >= 0 {
			if v, n, ok := t.value(e); ok {
				m.hits++
				val, vv = v, n
				goto ret
			}
		} else {
			ent[level] = m.reserve(h, m.key, slot, level)
		}
		m.misses++
		var score int32
		var n uint32
		if first {
			score, hr, n = chooseFirstM(ib, sb)
		} else {
			score, hr, n = chooseM(ib, sb)
		}
		scanned += uint64(n)
		if score <= 0 {
			val, vv = count{}, 1
			if e := ent[level]; e >= 0 {
				m.store(e, val, vv)
			}
			goto ret
		}
	}
	acc[level], vacc[level] = count{}, 0
	x = nd(nb, hr).down
	{
		var u uint64
		ft[level], u = l.enterM(hr)
		updates += u
	}

advance:
	{
		u, ok := l.branchM(hr, x)
		if !ok {
			goto backup
		}
		updates += u
	}
	ch[level] = x
	if x != hr {
		updates += l.takeOthersM(x)
	}
	level++
	goto forward

backup:
	l.leaveM(hr, ft[level])
	val, vv = acc[level], addSat(vacc[level], 1)
	if e := ent[level]; e >= 0 {
		m.store(e, val, vv)
	}

ret:
	if level == 0 {
		g.nodes = nodes
		return memoOutcome{status: status, count: val, stats: core.Stats{Nodes: nodes - node0, Updates: updates}, virtual: vv}
	}
	level--
	acc[level] = acc[level].add(val)
	vacc[level] = addSat(vacc[level], vv)
	x = ch[level]
	if hr = l.unchooseM(x); hr == x {
		goto backup // the branch that chose no more options for hr
	}
	x = nd(nb, x).down
	goto advance

park:
	g.nodes = nodes
	return mm.park(level, status, core.Stats{Nodes: nodes - node0, Updates: updates}, core.Stats{})
}
