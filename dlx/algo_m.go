package dlx

import (
	"errors"
	"math"
	"unsafe"

	"github.com/coverkit/coverkit/core"
)

// algoM is Knuth's Algorithm M (TAOCP 7.2.2.1; his program dlx3) on the
// links: primary items with multiplicities, each to be covered between lo
// and hi times, with colors on the secondary items as in Algorithm C (the
// steps: dance_m.go). The driver runs it when some primary item has bounds
// other than 1..1 or the options ask for MaxOptions or Minimize; every
// other problem runs Algorithm C (algo_c.go), untouched.
//
// The search branches on the item of least branching degree len + s − b + 1
// (b its bound, s = min(slack, b)), ties to the smaller s, then the longer
// list; on item h it tries h's options in order, each tweaked out of h's
// list once tried, and last (when the slack allows it) the branch that
// chooses no more options for h.
type algoM struct {
	l      *links
	choice []uint32 // the option node chosen at each level, or the item (≤ its header ref) for the branch that chose none
	ftweak []uint32 // the first option node tweaked at each level, 0 if none
	branch []int32  // the branch taken at each level (the split's prefixes)
	// maxOpts is MaxOptions of the search under way, −1 for none.
	maxOpts int
	pend    pending // the run a stop left in place
}

// infty is the branching degree of no item (a solution).
const infty = math.MaxInt32

var errNegativeMax = errors.New("dlx: MaxOptions is negative")

// newAlgoM returns Algorithm M on l.
func newAlgoM(l *links) *algoM {
	n := l.levelsM()
	return &algoM{l: l, choice: make([]uint32, n), ftweak: make([]uint32, n), branch: make([]int32, n), maxOpts: -1}
}

// clone returns a on a copy of its links.
func (a *algoM) clone(m *core.Meter) (method, error) {
	return cloneOn(a.l, m, func(l *links) method {
		b := newAlgoM(l)
		b.maxOpts = a.maxOpts
		return b
	})
}

func (a *algoM) cloneBytes() uint64 { return a.l.bytes() }

func (a *algoM) run(t *task) outcome {
	if t.resume {
		s := a.search(t, 0)
		o := outcome{status: s.Status, count: count{lo: s.Solutions}, stats: s.Stats, parked: a.pend.on}
		if !o.parked {
			a.l.unforceAll(a.pend.forced, len(a.pend.forced), true)
		}
		return o
	}
	l, r := a.l, t.rec
	r.sol = r.sol[:0]
	u, n := l.forceAll(t.forced, true, &r.sol)
	o := outcome{status: core.StatusExhausted, stats: core.Stats{Nodes: 1, Updates: u}} // a dead end at the root
	if n == len(t.forced) {
		if t.path != nil {
			u = 0 // a subproblem of a split: its prefix is the split's
		}
		s := a.search(t, u)
		o = outcome{status: s.Status, count: count{lo: s.Solutions}, stats: s.Stats}
		if a.pend.on {
			// Stopped: the forced options are unforced with the levels.
			a.pend.keep(t.forced, nil)
			o.parked = true
			return o
		}
	}
	l.unforceAll(t.forced, n, true)
	return o
}

// settle undoes the levels and the forced options a stopped run left, as
// search backs up.
func (a *algoM) settle() {
	a.pend.undo(a.l, true, a.back)
}

// back undoes level: the option chosen there (or the branch that chose
// none) and the branches on its item.
func (a *algoM) back(level int) { backM(a.l, a.choice[level], a.ftweak[level]) }

// backM undoes a level of Algorithm M (algoM, memoM) whose choice was x
// (an option node, or the item for the branch that chose none) and whose
// first option node tweaked was first.
func backM(l *links, x, first uint32) { l.leaveM(l.unchooseM(x), first) }

// progress estimates the share of the tree a parked run has searched (see
// resumable): at each level the branch taken (tweaked options, still
// linked forward from the first) over the branches there.
func (a *algoM) progress() float64 {
	if !a.pend.on {
		return 1
	}
	return progressM(a.l, a.choice[:a.pend.level], a.ftweak)
}

// progressM is progress for a stack of Algorithm M (algoM, memoM): the
// option node or item chosen at each level, and the first option node
// tweaked there.
func progressM(l *links, choice, ftweak []uint32) float64 {
	nb, ib, hmax := l.nbase, l.ibase, ref(l.nitems)
	p, w := 0.0, 1.0
	for level, x := range choice {
		hr := x
		if x > hmax {
			hr = uint32(nd(nb, x).top)
		}
		k, d := 0, int(itr(ib, hr).len)
		if y := ftweak[level]; y != 0 {
			// The options tried are tweaked out of the list, still
			// linked forward; x too; last, the branch that chooses none.
			for ; y != x && y != hr; y = nd(nb, y).down {
				k++
			}
			d += k + 2
		} else {
			// Covered at once (a bound of 1): the options in order.
			for y := nd(nb, hr).down; y != x && y != hr; y = nd(nb, y).down {
				k++
			}
		}
		p, w = position(p, w, k, d)
	}
	return p
}

// search runs Algorithm M from the current state, with t.rec.sol holding
// the forced options and t.path the branches to replay first, under the
// gauge t.g. It restores the state before returning, unless it stopped
// early: then it leaves its levels in place (pend) and returns at once.
func (a *algoM) search(t *task, updates uint64) searched {
	var (
		l, ch, ft, br   = a.l, a.choice, a.ftweak, a.branch
		nb, ib, sb      = l.nbase, l.ibase, l.sbase()
		g, limit, cut   = t.g, t.limit, t.cut
		path, floor     = t.path, len(t.path)
		hmax            = ref(l.nitems)
		maxOpts, maxPer = a.maxOpts, int64(l.maxPer)
		chosen          = len(t.rec.sol) // options chosen, forced ones included
		start           = updates
		replayed        uint64 // updates spent replaying path, not counted
		level           = a.pend.from(t.resume)
		workBound       = g.begin(updates)
		nodes           = g.nodes // the gauge's running total
		first           = nodes
		scanned, count  uint64      // scanned: items the choice of item scanned, work with the updates
		status          core.Status // why it stopped (exhausted: it did not)
		ok, stopping    bool
		hr, x           uint32 // the item branched on at this level, the option node tried
	)
	if t.resume {
		// Go on where the parked search stopped: its levels are in place.
		for _, x := range ch[:level] {
			if x > hmax {
				chosen++
			}
		}
	}

forward:
	if level >= floor {
		if level == floor && floor > 0 {
			replayed = updates - start
		}
		if updates+scanned >= workBound {
			// (Every node adds at least one unit of work: see gauge.)
			if workBound, status, ok = g.poll(nodes, updates+scanned); !ok {
				goto park
			}
		}
		if level == cut {
			// (Polled above: a split spends most of its time at the cut.)
			a.prefix(t, level, core.Stats{Nodes: nodes - first, Updates: updates - replayed})
			goto backdown
		}
		nodes++
	}
	if itr(ib, 0).next == 0 {
		goto solution
	}
	if maxOpts >= 0 {
		rem := int64(maxOpts - chosen)
		var (
			need        int64
			most, score int32
		)
		var n uint32
		need, most, score, hr, n = chooseBounded(ib, sb)
		scanned += uint64(n)
		switch {
		case score <= 0:
			// First: chooseBounded returns early, with need and most not
			// summed, when some item is dead.
			goto backdown
		case int64(most) > rem || need > rem*maxPer:
			goto backdown
		case rem == 0:
			// need == 0: no option may be added and none is needed, so
			// the only completion deactivates every item left.
			goto solution
		case rem == 1 && need > 0 && !l.oneCovers(hr, need):
			// One option left to choose, and none in the list of hr
			// (which lacks coverage) covers every item that does.
			goto backdown
		}
	} else {
		var score int32
		var n uint32
		score, hr, n = chooseM(ib, sb)
		scanned += uint64(n)
		if score <= 0 {
			goto backdown
		}
	}
	x = nd(nb, hr).down
	{
		var u uint64
		ft[level], u = l.enterM(hr)
		updates += u
	}
	br[level] = 0

advance:
	if stopping {
		goto backup
	}
	{
		u, ok := l.branchM(hr, x)
		if !ok {
			goto backup
		}
		updates += u
	}
	if level < floor && int(br[level]) < path[level] {
		// Replaying a subproblem of a split: pass this branch by.
		if x == hr {
			l.relinkItem(hr)
			stopping = true // not a branch of this tree: give up
			goto backup
		}
		x = nd(nb, x).down
		br[level]++
		goto advance
	}
	ch[level] = x
	if x != hr {
		chosen++
		updates += l.takeOthersM(x)
	}
	level++
	goto forward

solution:
	scanned++ // a node's one unit of work
	if count++; t.keeps() && !a.solution(t, level) || count == limit {
		status = core.StatusFound
		goto park
	}
	goto backdown

backup:
	l.leaveM(hr, ft[level])

backdown:
	if level == 0 {
		g.nodes = nodes
		return searched{Status: status, Solutions: count, Stats: core.Stats{Nodes: nodes - first, Updates: updates - replayed}}
	}
	level--
	if level < floor {
		stopping = true // the subproblem's tree is done
	}
	x = ch[level]
	if hr = l.unchooseM(x); hr == x {
		goto backup // the branch that chose no more options for hr
	}
	chosen--
	x = nd(nb, x).down
	br[level]++
	goto advance

park:
	a.pend.park(level)
	g.nodes = nodes
	return searched{Status: status, Solutions: count, Stats: core.Stats{Nodes: nodes - first, Updates: updates - replayed}}
}

// chooseM returns the branching degree and header ref of the active primary
// item Knuth's dlx3 branches on: the least degree len + s − b + 1 (s the
// smaller of the slack and the bound b), ties to the smaller s, then to the
// longer list, then to the first; infty if no item is active. A degree ≤ 0
// (too few options left for the item's lower bound) is returned at once.
// n is the number of items it looked at (work, for the meter).
//
//go:noinline
func chooseM(ib, sb unsafe.Pointer) (score int32, hr, n uint32) {
	score = infty
	var bestS, bestL int32
	for h := itr(ib, 0).next; h != 0; {
		r := itr(ib, h)
		b, l := r.bound, r.len
		n++
		s := min(slackOf(sb, h), b)
		t := l + s - b + 1
		if t <= 0 {
			return t, h, n
		}
		if t < score || t == score && (s < bestS || s == bestS && l > bestL) {
			score, hr, bestS, bestL = t, h, s, l
		}
		h = r.next
	}
	return score, hr, n
}

// chooseBounded is chooseM for a search with MaxOptions: in the same pass
// it sums the coverage the active items still lack (need, and the largest
// lack of one item, most), and it branches on an item that lacks coverage
// when there is one (by Knuth's rule among those items), since branching on
// a satisfied item brings the lower bound no closer; it returns early only
// when some degree is ≤ 0. n is the number of items it looked at.
//
//go:noinline
func chooseBounded(ib, sb unsafe.Pointer) (need int64, most, score int32, hr, n uint32) {
	score = infty
	var bestS, bestL int32
	needy := false
	for h := itr(ib, 0).next; h != 0; {
		r := itr(ib, h)
		b, l := r.bound, r.len
		n++
		sl := slackOf(sb, h)
		s := min(sl, b)
		t := l + s - b + 1
		if t <= 0 {
			return 0, 0, t, h, n
		}
		if d := b - sl; d > 0 {
			need += int64(d)
			most = max(most, d)
			if !needy {
				needy, score = true, infty
			}
		} else if needy {
			h = r.next
			continue
		}
		if t < score || t == score && (s < bestS || s == bestS && l > bestL) {
			score, hr, bestS, bestL = t, h, s, l
		}
		h = r.next
	}
	return need, most, score, hr, n
}

// oneCovers reports whether some option in the list of the item with
// header hr has need items that still lack coverage (the test for the last
// option of a search with MaxOptions, where every lack is 1).
func (l *links) oneCovers(hr uint32, need int64) bool {
	nb, ib := l.nbase, l.ibase
	pmax := ref(l.nprim)
	for x := nd(nb, hr).down; x != hr; x = nd(nb, x).down {
		var n int64
		for q := x; ; {
			nq := nd(nb, q)
			if nq.top <= 0 {
				if q = nq.up; q == x {
					break
				}
				continue
			}
			if j := uint32(nq.top); j <= pmax && itr(ib, j).bound > l.slack[j/nodeSize] {
				n++
			}
			if q += nodeSize; q == x {
				break
			}
		}
		if n == need {
			return true
		}
	}
	return false
}

// need returns the coverage the active primary items still lack (the sum
// of their bound − slack where positive) and the largest lack of one item.
func (l *links) need() (sum int64, most int32) {
	ib := l.ibase
	for h := itr(ib, 0).next; h != 0; {
		r := itr(ib, h)
		if d := r.bound - l.slack[h/nodeSize]; d > 0 {
			sum += int64(d)
			most = max(most, d)
		}
		h = r.next
	}
	return sum, most
}

// solution passes the solution at the given level (the forced options,
// then the options chosen at the levels below, the null branches left out)
// to the record.
func (a *algoM) solution(t *task, level int) bool {
	r := t.rec
	base := len(r.sol)
	hmax := ref(a.l.nitems)
	for _, x := range a.choice[:level] {
		if x > hmax {
			r.sol = append(r.sol, a.l.option(x))
		}
	}
	ok := r.found(r.sol, t.visit)
	r.sol = r.sol[:base]
	return ok
}

// prefix hands the branches taken so far, and the counters so far, to
// t.onPrefix (the split).
func (a *algoM) prefix(t *task, level int, at core.Stats) {
	r := t.rec
	base := len(r.sol)
	for _, b := range a.branch[:level] {
		r.sol = append(r.sol, int(b))
	}
	t.onPrefix(r.sol[base:], at)
	r.sol = r.sol[:base]
}
