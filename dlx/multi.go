package dlx

import (
	"errors"
	"math"
	"time"
	"unsafe"

	"github.com/coverkit/coverkit/core"
)

// This file is Knuth's Algorithm M (TAOCP 7.2.2.1; his program dlx3):
// primary items with multiplicities, each to be covered between lo and hi
// times, with colors on the secondary items as in Algorithm C. A Solve
// dispatches here once, before the search, when some primary item has
// bounds other than 1..1 or the options ask for MaxOptions or Minimize;
// every other problem runs Algorithm C in solver.go, untouched.
//
// Each active primary item h keeps its bound (link.bound: how many more
// options may cover it, initially hi) and its slack (hi − lo, fixed). The
// search branches on the item of least branching degree len + s − b + 1
// (s = min(slack, bound)), ties to the smaller s, then the longer list.
// On item h it decrements the bound and tries its options in order; unless
// the bound reaches 0 with no slack (then h is covered, as in Algorithm C),
// each option tried is "tweaked" out of h's list so that later branches
// choose among the options after it, and the last branch (when the slack
// allows it) chooses no more options for h and deactivates it.

// infty is the branching degree of no item (a solution).
const infty = math.MaxInt32

var errNegativeMax = errors.New("dlx: MaxOptions is negative")

// ensureM sizes the per-level arrays of Algorithm M for this solver.
func (s *Solver) ensureM() {
	levels := int(s.nprim) + len(s.optNode) + 1
	if len(s.choice) < levels {
		s.choice = make([]uint32, levels)
	}
	if len(s.ftweak) < levels {
		s.ftweak = make([]uint32, levels)
		s.branch = make([]int32, levels)
	}
	if cap(s.sol) < levels {
		s.sol = make([]int, 0, levels)
		s.first = make([]int, 0, levels)
	}
}

// solveM is Solve for Algorithm M.
func (s *Solver) solveM(opts *Options) (Result, error) {
	if opts.MaxOptions < 0 {
		return Result{}, errNegativeMax
	}
	s.ensureM()
	start := time.Now()
	if !opts.Minimize {
		k := -1
		if opts.MaxOptions > 0 {
			// No solution has more options than there are (and the bound
			// arithmetic stays far from overflow).
			k = min(opts.MaxOptions, len(s.optNode))
		}
		res := s.roundM(opts, k)
		res.Stats.Elapsed = time.Since(start)
		return res, nil
	}
	// Minimize: rounds with MaxOptions = m, m+1, ... from the lower bound
	// m on the whole problem.
	var total Result
	total.Status = core.StatusExhausted
	need, _ := s.need()
	m := len(opts.Forced)
	if s.maxPer > 0 {
		m = max(m, int((need+int64(s.maxPer)-1)/int64(s.maxPer)))
	} else if need > 0 {
		m = len(s.optNode) + 1 // no option can help: no solution
	}
	for k := m; k <= len(s.optNode); k++ {
		if opts.MaxOptions > 0 && k > opts.MaxOptions {
			break
		}
		if opts.MaxNodes > 0 && k > m {
			// Each round has what the rounds before it left of the
			// budget (a parallel round's workers have a meter of their
			// own, so the rounds do not share one).
			if total.Stats.Nodes >= opts.MaxNodes {
				total.Status = core.StatusLimit
				break
			}
			s.g.reset(s.g.ctx, opts.MaxNodes-total.Stats.Nodes)
		}
		r := s.roundM(opts, k)
		total.Stats = total.Stats.Add(r.Stats)
		total.Status, total.Solutions = r.Status, r.Solutions
		if r.Solutions > 0 {
			// Every round before this one was exhausted without a
			// solution: k is the minimum, even if this round stopped early.
			total.MinOptions = k
			break
		}
		if r.Status != core.StatusExhausted {
			break
		}
	}
	total.Stats.Elapsed = time.Since(start)
	return total, nil
}

// roundM runs one search of Algorithm M with at most maxOpts options (−1:
// no bound), serial or parallel.
func (s *Solver) roundM(opts *Options, maxOpts int) Result {
	s.maxOpts = maxOpts
	defer func() { s.maxOpts = -1 }()
	if opts.Workers > 1 {
		s.useM = true
		res, _ := s.solveParallel(opts)
		s.useM = false
		return res
	}
	return s.solveForcedM(opts.Forced, nil, false, opts.Limit, opts.Visit)
}

// need returns the coverage the active primary items still lack (the sum
// of their bound − slack where positive) and the largest lack of one item.
func (s *Solver) need() (sum int64, most int32) {
	ib := s.ibase
	for h := itr(ib, 0).next; h != 0; {
		r := itr(ib, h)
		if d := r.bound - s.slack[h/nodeSize]; d > 0 {
			sum += int64(d)
			most = max(most, d)
		}
		h = r.next
	}
	return sum, most
}

// solveForcedM forces the options in forced, replays path (the branches of
// a parallel task) and searches below it, then undoes everything. With
// replay (a task of a larger search), neither forcing nor replaying the
// path is counted: the Result holds the subtree's own nodes and updates.
func (s *Solver) solveForcedM(forced []int, path []int, replay bool, limit uint64, visit func([]int) bool) Result {
	s.settle()
	s.ensureM()
	s.nfirst = -1
	s.sol = s.sol[:0]
	var res Result
	n := 0
	for _, k := range forced {
		if !s.fitsM(k) {
			break
		}
		res.Stats.Updates += s.forceM1(k)
		s.sol = append(s.sol, k)
		n++
	}
	if n == len(forced) {
		s.path = s.path[:0]
		for _, b := range path {
			s.path = append(s.path, int32(b))
		}
		if replay {
			res.Stats.Updates = 0
		}
		res = s.searchM(limit, visit, res.Stats.Updates)
		if s.pend.on {
			// Stopped: the forced options are unforced with the levels.
			s.pend.forced = append(s.pend.forced, forced...)
			return res
		}
	} else {
		res.Stats.Nodes = 1 // the root, a dead end
	}
	for n--; n >= 0; n-- {
		s.unforceM1(forced[n])
	}
	return res
}

// unwindM undoes levels level−1 … 0 of Algorithm M, as searchM backs up.
func (s *Solver) unwindM(level int) {
	nb, ib := s.nbase, s.ibase
	hmax := ref(s.nitems)
	for level > 0 {
		level--
		x := s.choice[level]
		var hr uint32
		if x <= hmax {
			// The branch that chose no more options for hr.
			hr = x
			s.relinkItem(hr)
		} else {
			hr = uint32(nd(nb, x).top)
			for p := x - nodeSize; p != x; {
				np := nd(nb, p)
				j := uint32(np.top)
				if np.top <= 0 {
					p = np.down
					continue
				}
				switch c := s.colorOf(np); {
				case j <= ref(s.nprim):
					r := itr(ib, j)
					if r.bound == 0 {
						s.uncover(j)
					}
					r.bound++
				case c == 0:
					s.uncover(j)
				case c > 0:
					s.unpurify(p)
				}
				p -= nodeSize
			}
		}
		r := itr(ib, hr)
		if r.bound == 0 && s.slack[hr/nodeSize] == 0 {
			s.uncover(hr)
		} else {
			s.untweak(hr, s.ftweak[level], r.bound != 0)
		}
		r.bound++
	}
}

// slackOf returns the slack of the item with header ref hr, from the slack
// array at sb.
func slackOf(sb unsafe.Pointer, hr uint32) int32 {
	return *(*int32)(unsafe.Add(sb, uintptr(hr/nodeSize*4)))
}

// searchM runs Algorithm M from the current state, with s.sol holding the
// forced options and s.path the branches to replay first, under the gauge
// s.g. It restores the state before returning, unless it stopped early:
// then it parks (see pending) and returns at once.
func (s *Solver) searchM(limit uint64, visit func([]int) bool, updates uint64) Result {
	var (
		nb       = s.nbase
		ib       = s.ibase
		sb       = unsafe.Pointer(&s.slack[0])
		ch       = s.choice
		ft       = s.ftweak
		br       = s.branch
		path     = s.path
		floor    = len(path)
		base     = len(s.sol)
		cut      = s.cut
		hmax     = ref(s.nitems)
		maxOpts  = s.maxOpts
		maxPer   = int64(s.maxPer)
		chosen   = len(s.sol) // options chosen, forced ones included
		start    = updates
		replayed uint64 // updates spent replaying path, not counted
		level    int
		nodes    = s.g.nodes // the gauge's running total
		first    = nodes
		scanned  uint64 // items the choice of item scanned: work, with the updates
		count    uint64
		status   = core.StatusExhausted
		stopping bool
		hr, x    uint32 // the item branched on at this level, the option node tried
	)
	workBound, ok := s.g.begin(nodes, updates)
	if !ok {
		status, stopping = s.g.status(), true
		goto backdown
	}

forward:
	if level >= floor {
		if level == floor && floor > 0 {
			replayed = updates - start
		}
		if updates+scanned >= workBound {
			// (Every node adds at least one unit of work: see gauge.)
			if workBound, ok = s.g.next(nodes, updates+scanned); !ok {
				status = s.g.status()
				goto park
			}
		}
		if level == cut {
			// (Polled above: a split spends most of its time at the cut.)
			s.prefixM(level, core.Stats{Nodes: nodes - first, Updates: updates - replayed})
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
		case rem == 1 && need > 0 && !s.oneCovers(hr, need):
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
	ft[level], br[level] = x, 0
	if r := itr(ib, hr); r.bound > 1 || slackOf(sb, hr) != 0 {
		r.bound--
		if r.bound == 0 {
			updates += s.cover(hr)
		}
	} else {
		r.bound = 0
		ft[level] = 0
		updates += s.cover(hr)
	}

advance:
	if stopping {
		goto backup
	}
	{
		r := itr(ib, hr)
		b := r.bound
		if sl := slackOf(sb, hr); b == 0 && sl == 0 {
			if x == hr {
				goto backup
			}
		} else if r.len <= b-sl {
			goto backup
		} else if x != hr {
			updates += s.tweak(x, b != 0)
		} else if b != 0 {
			s.unlinkItem(hr)
		}
	}
	if level < floor && br[level] < path[level] {
		// Replaying a parallel task: pass this branch by.
		if x == hr {
			s.relinkItem(hr)
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
		for p := x + nodeSize; p != x; {
			np := nd(nb, p)
			j := uint32(np.top)
			if np.top <= 0 {
				p = np.up
				continue
			}
			switch c := s.colorOf(np); {
			case j <= ref(s.nprim):
				if r := itr(ib, j); r.bound == 1 {
					r.bound = 0
					updates += s.cover(j)
				} else {
					r.bound--
				}
			case c == 0:
				updates += s.cover(j)
			case c > 0:
				updates += s.purify(p)
			}
			p += nodeSize
		}
	}
	level++
	goto forward

solution:
	count++
	scanned++ // a node's one unit of work
	if !s.solutionM(level, visit) || count == limit {
		status = core.StatusFound
		goto park
	}
	goto backdown

backup:
	{
		r := itr(ib, hr)
		if r.bound == 0 && slackOf(sb, hr) == 0 {
			s.uncover(hr)
		} else {
			s.untweak(hr, ft[level], r.bound != 0)
		}
		r.bound++
	}

backdown:
	if level == 0 {
		s.sol = s.sol[:base]
		s.g.nodes = nodes
		return Result{Status: status, Solutions: count, Stats: core.Stats{Nodes: nodes - first, Updates: updates - replayed}}
	}
	level--
	if level < floor {
		stopping = true // the task's subtree is done
	}
	x = ch[level]
	if x <= hmax {
		// The branch that chose no more options for hr.
		hr = x
		s.relinkItem(hr)
		goto backup
	}
	hr = uint32(nd(nb, x).top)
	chosen--
	for p := x - nodeSize; p != x; {
		np := nd(nb, p)
		j := uint32(np.top)
		if np.top <= 0 {
			p = np.down
			continue
		}
		switch c := s.colorOf(np); {
		case j <= ref(s.nprim):
			r := itr(ib, j)
			if r.bound == 0 {
				s.uncover(j)
			}
			r.bound++
		case c == 0:
			s.uncover(j)
		case c > 0:
			s.unpurify(p)
		}
		p -= nodeSize
	}
	x = nd(nb, x).down
	br[level]++
	goto advance

park:
	s.park(level, true)
	s.sol = s.sol[:base]
	s.g.nodes = nodes
	return Result{Status: status, Solutions: count, Stats: core.Stats{Nodes: nodes - first, Updates: updates - replayed}}
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
func (s *Solver) oneCovers(hr uint32, need int64) bool {
	nb, ib := s.nbase, s.ibase
	pmax := ref(s.nprim)
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
			if j := uint32(nq.top); j <= pmax && itr(ib, j).bound > s.slack[j/nodeSize] {
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

// tweak removes option node x, the first of its item's list, from that
// list, and with block also hides the rest of its option (Knuth's tweak;
// without block, his tweak' for an item already covered). It returns the
// updates: one per node removed.
func (s *Solver) tweak(x uint32, block bool) uint64 {
	nb, ib := s.nbase, s.ibase
	var u uint64
	q := x
	if block {
		q = x + nodeSize
	}
	for {
		nq := nd(nb, q)
		if nq.top <= 0 {
			q = nq.up
			continue
		}
		if nq.color >= 0 {
			up, dn := nq.up, nq.down
			nd(nb, up).down = dn
			nd(nb, dn).up = up
			itr(ib, uint32(nq.top)).len--
			u++
		}
		if q == x {
			return u
		}
		q += nodeSize
	}
}

// untweak undoes the tweaks of the item with header hr since its list
// began at node a: the removed nodes still link forward to each other, so
// walking from a to the current first node restores them (Knuth's
// untweak). Without unblock (the item was covered first) it then uncovers
// the item.
func (s *Solver) untweak(hr, a uint32, unblock bool) {
	nb, ib := s.nbase, s.ibase
	h := nd(nb, hr)
	z := h.down
	h.down = a
	var k int32
	qq := hr
	for r := a; r != z; r = nd(nb, r).down {
		nd(nb, r).up = qq
		k++
		if unblock {
			for q := r + nodeSize; q != r; {
				nq := nd(nb, q)
				if nq.top <= 0 {
					q = nq.up
					continue
				}
				if nq.color >= 0 {
					nd(nb, nq.up).down = q
					nd(nb, nq.down).up = q
					itr(ib, uint32(nq.top)).len++
				}
				q += nodeSize
			}
		}
		qq = r
	}
	nd(nb, z).up = qq
	itr(ib, hr).len += k
	if !unblock {
		s.uncover(hr)
	}
}

// fitsM reports whether option k can still be forced: each primary item
// active with a positive bound and the option still in its list, each
// secondary one active and compatible with its color.
func (s *Solver) fitsM(k int) bool {
	nb := s.nbase
	x := s.optNode[k]
	for q := x; ; {
		nq := nd(nb, q)
		hr := uint32(nq.top)
		if !s.active(hr) {
			return false
		}
		if hr <= ref(s.nprim) {
			if itr(s.ibase, hr).bound <= 0 || nd(nb, nq.up).down != q {
				return false
			}
		} else if hc := nd(nb, hr).color; hc != 0 && nq.color >= 0 && nq.color != hc {
			return false
		}
		if q += nodeSize; nd(nb, q).top <= 0 {
			q = nd(nb, q).up
		}
		if q == x {
			return true
		}
	}
}

// forceM1 chooses option k up front for Algorithm M: it takes the option out
// of every list (so the search cannot choose it again), then counts it on
// each primary item (covering those whose bound runs out) and commits its
// secondary items.
func (s *Solver) forceM1(k int) uint64 {
	nb := s.nbase
	x := s.optNode[k]
	u := s.tweak(x, true) + s.takeM(x)
	for p := x + nodeSize; p != x; {
		if np := nd(nb, p); np.top <= 0 {
			p = np.up
			continue
		}
		u += s.takeM(p)
		p += nodeSize
	}
	return u
}

// takeM counts node p's option on p's item: a primary item's bound goes
// down (the item is covered when it reaches 0), a secondary item is
// committed.
func (s *Solver) takeM(p uint32) uint64 {
	np := nd(s.nbase, p)
	j := uint32(np.top)
	if j > ref(s.nprim) {
		return s.commit(p)
	}
	r := itr(s.ibase, j)
	if r.bound--; r.bound == 0 {
		return s.cover(j)
	}
	return 0
}

// untakeM undoes takeM(p).
func (s *Solver) untakeM(p uint32) {
	np := nd(s.nbase, p)
	j := uint32(np.top)
	if j > ref(s.nprim) {
		s.uncommit(p)
		return
	}
	r := itr(s.ibase, j)
	if r.bound == 0 {
		s.uncover(j)
	}
	r.bound++
}

// unforceM1 undoes forceM1(k), in the reverse order.
func (s *Solver) unforceM1(k int) {
	nb, ib := s.nbase, s.ibase
	x := s.optNode[k]
	for p := x - nodeSize; p != x; {
		if np := nd(nb, p); np.top <= 0 {
			p = np.down
			continue
		}
		s.untakeM(p)
		p -= nodeSize
	}
	s.untakeM(x)
	// Put the option's nodes back, in the reverse order of tweak(x, true):
	// x, then its predecessors, wrapping round.
	relink := func(q uint32) {
		nq := nd(nb, q)
		if nq.color >= 0 {
			nd(nb, nq.up).down = q
			nd(nb, nq.down).up = q
			itr(ib, uint32(nq.top)).len++
		}
	}
	relink(x)
	for q := x - nodeSize; q != x; {
		if nq := nd(nb, q); nq.top <= 0 {
			q = nq.down
			continue
		}
		relink(q)
		q -= nodeSize
	}
}

// solutionM records the options chosen at levels below level (the null
// branches left out) after the forced ones, keeps the first solution, and
// passes it to visit.
func (s *Solver) solutionM(level int, visit func([]int) bool) bool {
	base := len(s.sol)
	hmax := ref(s.nitems)
	for _, x := range s.choice[:level] {
		if x > hmax {
			s.sol = append(s.sol, s.option(x))
		}
	}
	sol := s.sol
	s.sol = s.sol[:base]
	if s.nfirst < 0 {
		s.first = append(s.first[:0], sol...)
		s.nfirst = len(sol)
	}
	if visit != nil {
		return visit(sol)
	}
	return true
}

// prefixM hands the branches taken so far, and the counters so far, to
// onPrefix (parallel splitting).
func (s *Solver) prefixM(level int, at core.Stats) {
	base := len(s.sol)
	for _, b := range s.branch[:level] {
		s.sol = append(s.sol, int(b))
	}
	s.onPrefix(s.sol[base:], at)
	s.sol = s.sol[:base]
}
