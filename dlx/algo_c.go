package dlx

import (
	"math"
	"slices"
	"unsafe"

	"github.com/coverkit/coverkit/core"
	"github.com/coverkit/coverkit/dlx/internal/dance"
)

// algoC is Algorithm X and its extension with colors, Algorithm C (Knuth's
// dlx1 and dlx2; TAOCP 7.2.2.1), on the links: it branches on the active
// primary item with the fewest options (ties to the first in item order),
// covers it, and tries its options in order.
type algoC struct {
	l      *links
	choice []uint32 // the search stack: the option node chosen at each level
	// stopAt stops the choice of item at a length ≤ stopAt: 1 with
	// Options.TakeSingleton (and, without colors, the dead count of
	// dance_dead.go), 0 otherwise.
	stopAt int32
	// snapshot restores the links after a run by copying l.snap
	// (Options.Snapshot) instead of undoing the forced options and the
	// levels left.
	snapshot bool
	pend     pending // the run a stop left in place
}

// newAlgoC returns Algorithm C on l.
func newAlgoC(l *links) *algoC { return &algoC{l: l, choice: make([]uint32, l.levelsC())} }

// clone returns c on a copy of its links.
func (c *algoC) clone(m *core.Meter) (method, error) {
	return cloneOn(c.l, m, func(l *links) method {
		d := newAlgoC(l)
		d.stopAt, d.snapshot = c.stopAt, c.snapshot
		return d
	})
}

func (c *algoC) cloneBytes() uint64 { return c.l.bytes() }

func (c *algoC) run(t *task) outcome {
	if t.resume {
		o := c.finish(t, 0)
		if !o.parked && !c.snapshot {
			c.l.unforceAll(c.pend.forced, len(c.pend.forced), false)
		}
		return o
	}
	r := t.rec
	r.sol = r.sol[:0]
	u, nf := c.l.forceAll(t.forced, false, &r.sol)
	np := 0
	if nf == len(t.forced) {
		var up uint64
		up, np = c.l.forceAll(t.path, false, &r.sol)
		u += up
	}
	if t.path != nil {
		u = 0 // a subproblem of a split: its prefix is the split's
	}
	o := outcome{status: core.StatusExhausted, stats: core.Stats{Nodes: 1, Updates: u}} // a dead end at the root
	if nf == len(t.forced) && np == len(t.path) {
		if o = c.finish(t, u); o.parked {
			// Stopped: the forced options are unforced with the levels.
			c.pend.keep(t.forced, t.path)
			return o
		}
		if c.snapshot {
			return o // undone by the copy
		}
	}
	c.l.unforceAll(t.path, np, false)
	c.l.unforceAll(t.forced, nf, false)
	return o
}

// finish searches from the current state (updates done), or goes on with
// the parked search (t.resume): it reports parked when the search
// stopped with its levels in place; with Options.Snapshot it restores the
// links, forced options included, by the copy.
func (c *algoC) finish(t *task, updates uint64) outcome {
	s := c.search(t, updates)
	o := outcome{status: s.Status, count: count{lo: s.Solutions}, stats: s.Stats}
	if c.snapshot {
		// Options.Snapshot: the levels left and the forced options are
		// undone by a copy.
		copy(c.l.nodes, c.l.snap.nodes)
		copy(c.l.items, c.l.snap.items)
		c.pend.on = false
		return o
	}
	o.parked = c.pend.on
	return o
}

// settle undoes the levels and the forced options a stopped run left.
func (c *algoC) settle() { c.pend.undo(c.l, false, func(level int) { backC(c.l, c.choice[level]) }) }

// backC undoes a level of Algorithm C (algoC, memoC) whose choice was the
// option node x: its option's other items, then its item.
func backC(l *links, x uint32) {
	l.uncoverOthers(x)
	l.uncover(uint32(nd(l.nbase, x).top))
}

// rest is a subproblem a parked search has left: the options from the
// root after the forced ones (a path, see task), and the updates the
// search makes taking the last of them, which the subproblem's own run,
// replaying the path, does not count.
type rest struct {
	path    []int
	updates uint64
}

// remainder turns the parked search into the subproblems it has left, in
// the order it meets them: the node it stopped at, then, level by level
// up from the deepest, the options after the one it tried there. It
// leaves the links as the run found them (the levels and the forced
// options undone): the subproblems, searched with their updates added,
// finish the search with the counters of one never stopped.
func (c *algoC) remainder() []rest {
	l := c.l
	level := c.pend.level
	c.pend.on = false
	var prefix []int
	for _, x := range c.choice[:level] {
		prefix = append(prefix, l.option(x))
	}
	rests := []rest{{path: prefix}}
	for i := level - 1; i >= 0; i-- {
		x := c.choice[i]
		hr := uint32(nd(l.nbase, x).top)
		l.uncoverOthers(x)
		for y := nd(l.nbase, x).down; y != hr; y = nd(l.nbase, y).down {
			u := l.coverOthers(y)
			rests = append(rests, rest{path: append(slices.Clip(prefix[:i]), l.option(y)), updates: u})
			l.uncoverOthers(y)
		}
		l.uncover(hr)
	}
	l.unforceAll(c.pend.forced, len(c.pend.forced), false)
	return rests
}

// progress estimates the share of the tree a parked run has searched (see
// resumable).
func (c *algoC) progress() float64 {
	if !c.pend.on {
		return 1
	}
	return progressC(c.l, c.choice[:c.pend.level])
}

// progressC is progress for a stack of Algorithm C (algoC, memoC): the
// option node chosen at each level. A covered item's list stays as it was
// when it was chosen, so its length is the level's degree.
func progressC(l *links, choice []uint32) float64 {
	nb, ib := l.nbase, l.ibase
	p, w := 0.0, 1.0
	for _, x := range choice {
		hr := uint32(nd(nb, x).top)
		k := 0
		for y := nd(nb, hr).down; y != x; y = nd(nb, y).down {
			k++
		}
		p, w = position(p, w, k, int(itr(ib, hr).len))
	}
	return p
}

// takeSnapshot makes the copy of the links that Options.Snapshot restores,
// if there is none yet.
func (c *algoC) takeSnapshot() {
	if c.l.snap.nodes == nil {
		c.l.snap.nodes = append([]node(nil), c.l.nodes...)
		c.l.snap.items = append([]link(nil), c.l.items...)
	}
}

// The kinds of search loop: without colors, the same counting its dead
// items and flags (TakeSingleton, dance_dead.go), with colors.
const (
	modePlain = iota
	modeTrack
	modeColored
)

// searched is what search returns: the outcome without the fields that
// only the driver reads, so that search compiles to the same code as
// before they were added (a larger return value changed its register
// allocation).
type searched struct {
	Status    core.Status
	Solutions uint64
	Stats     core.Stats
}

// search runs Algorithm C from the current state, with t.rec.sol holding
// the forced options, under the gauge t.g, from updates done. It restores
// the state before returning, unless it stopped early: then it leaves its
// levels in place (pend) and returns at once.
func (c *algoC) search(t *task, updates uint64) searched {
	var (
		l, ch         = c.l, c.choice
		nb, ib        = l.nbase, l.ibase
		g, limit, cut = t.g, t.limit, t.cut
		level         = c.pend.from(t.resume)
		workBound     = g.begin(updates)
		nodes         = g.nodes // the gauge's running total
		first         = nodes
		scanned       uint64 // items the choice of item scanned: work, with the updates
		count         uint64
		status        core.Status // why it stopped (exhausted: it did not)
		ok            bool
		hr, x         uint32 // the header of the item chosen at this level, the option node tried
		dead          int32  // without colors: active primary items left without options
		alts          int    // the levels whose option tried is not their item's last
	)
	if t.resume {
		// Go on where the parked search stopped: its levels are in place.
		for _, x := range ch[:level] {
			if nd(nb, x).down != uint32(nd(nb, x).top) {
				alts++
			}
		}
	}
	// With TakeSingleton on a problem without colors the search counts its
	// dead items (dance_dead.go): a node where one is left meets its dead
	// end at once, and the choice stops at the first item with one option,
	// which is then Knuth's exact choice.
	mode := modePlain
	switch {
	case l.colored:
		mode = modeColored
	case c.stopAt == 1:
		mode = modeTrack
		dead = l.startDead()
	}

enter:
	if updates+scanned >= workBound {
		// (Every node adds at least one unit of work: see gauge.)
		if workBound, status, ok = g.poll(nodes, updates+scanned); !ok {
			goto park
		}
	}
	if level == cut {
		// (Polled above: a split spends most of its time at the cut.)
		t.prefix(c, level, core.Stats{Nodes: nodes - first, Updates: updates})
		goto backup
	}
	nodes++
	if itr(ib, 0).next == 0 {
		count++
		scanned++ // a node's one unit of work
		if t.keeps() && !t.solution(c, level) || count == limit {
			status = core.StatusFound
			goto park
		}
		goto backup
	}
	// Choose the active primary item with the fewest options, the first
	// such item on ties: with the flags, the first item flagged, if any.
	if mode == modeTrack {
		if dead > 0 {
			scanned++ // a node's one unit of work
			goto backup
		}
		h, n := firstOne(l.obase, l.oneWords, l.oneLast)
		scanned += uint64(n)
		if h != 0 {
			hr = ref(int32(h))
			goto chosen
		}
	}
	{
		var best int32
		var n uint32
		stop := c.stopAt
		if mode == modeTrack {
			// No active primary item is left with fewer than 2 options
			// (none flagged, none dead): the first with 2 is Knuth's
			// choice, and the scan stops there.
			stop = 2
		}
		best, hr, n = choose(ib, stop)
		scanned += uint64(n)
		if best == 0 {
			goto backup
		}
	}
chosen:
	switch {
	case mode == modePlain:
		updates += l.coverPlain(hr)
	case mode == modeTrack:
		u, d := l.coverPlainD(hr)
		updates += u
		dead += d
	default:
		updates += l.cover(hr)
	}
	x = nd(nb, hr).down

try:
	if x == hr {
		switch {
		case mode == modePlain:
			l.uncoverPlain(hr)
		case mode == modeTrack:
			dead += l.uncoverPlainD(hr)
		default:
			l.uncover(hr)
		}
		goto backup
	}
	ch[level] = x
	if nd(nb, x).down != hr {
		alts++
	}
	if mode == modePlain {
		updates += l.coverOthersPlain(x)
	} else if mode == modeTrack {
		var u uint64
		var d int32
		if l.kernel == dance.Asm {
			u, d = dance.CoverOthersAsm(nb, ib, l.obase, x)
		} else {
			u, d = dance.CoverOthersGo(nb, ib, l.obase, x)
		}
		updates += u
		dead += d
	} else {
		updates += l.coverOthersColored(x)
	}
	level++
	goto enter

backup:
	if level == 0 {
		if mode == modeTrack {
			l.endDead()
		}
		g.nodes = nodes
		return searched{Status: status, Solutions: count, Stats: core.Stats{Nodes: nodes - first, Updates: updates}}
	}
	if alts == 0 && c.snapshot {
		// No level has an option left to try: the search is over, and
		// the copy of Options.Snapshot undoes its levels.
		goto park
	}
	level--
	x = ch[level]
	hr = uint32(nd(nb, x).top)
	if nd(nb, x).down != hr {
		alts--
	}
	if mode == modePlain {
		l.uncoverOthersPlain(x)
	} else if mode == modeTrack {
		if l.kernel == dance.Asm {
			dead += dance.UncoverOthersAsm(nb, ib, l.obase, x)
		} else {
			dead += dance.UncoverOthersGo(nb, ib, l.obase, x)
		}
	} else {
		l.uncoverOthersColored(x)
	}
	x = nd(nb, x).down
	goto try

park:
	if mode == modeTrack {
		l.endDead()
	}
	c.pend.park(level)
	g.nodes = nodes
	return searched{Status: status, Solutions: count, Stats: core.Stats{Nodes: nodes - first, Updates: updates}}
}

// choose returns the length and header ref of the active primary item with
// the fewest options, the first such item on ties, stopping at the first
// with at most stopAt options, and the number of items it looked at (work,
// for the meter: a problem of a million items scans them all at each
// node); the ring at ib must not be empty. It is a
// function of its own, not inlined, so that its loop keeps best and the
// item in registers: in search, with its many live variables, they went to
// the stack, one store and load per item.
//
//go:noinline
func choose(ib unsafe.Pointer, stopAt int32) (best int32, hr, n uint32) {
	best = math.MaxInt32
	for h := itr(ib, 0).next; h != 0; {
		r := itr(ib, h)
		l := r.len
		n++
		if l <= stopAt {
			// No item before h was this short, or the loop would have
			// stopped there: h is the choice.
			return l, h, n
		}
		if l < best {
			best, hr = l, h
		}
		h = r.next
	}
	return best, hr, n
}

// chosen appends the options chosen at the levels below level to r.sol
// and returns its length before.
func (c *algoC) chosen(r *record, level int) int {
	base := len(r.sol)
	for _, x := range c.choice[:level] {
		r.sol = append(r.sol, c.l.option(x))
	}
	return base
}
