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

// primaryKeyM sets m.key's primary part from the bounds of the active
// primary items and returns its hash.
func (s *Solver) primaryKeyM(m *memoRun) uint64 {
	l := s.memo
	clear(m.key[:l.pwords])
	ib := s.ibase
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

// searchMemoM runs the memoized count of Algorithm M from the current
// state; see searchMemo and the comment above. It restores the state
// before returning.
func (s *Solver) searchMemoM(m *memoRun, updates uint64) memoOutcome {
	var (
		nb       = s.nbase
		ib       = s.ibase
		sb       = unsafe.Pointer(&s.slack[0])
		ch       = s.choice
		ft       = s.ftweak
		t        = m.t
		acc      = m.acc
		ent      = m.ent
		second   = s.nitems > s.nprim
		first    = m.branch == BranchFirst
		hmax     = ref(s.nitems)
		pmax     = ref(s.nprim)
		level    int
		nodes    = s.g.nodes // the gauge's running total
		node0    = nodes
		scanned  uint64 // items scanned (choice of item, key) and one a node: work, with the updates
		status   = core.StatusExhausted
		stopping bool
		hr, x    uint32
		val      count
		vv       uint64 // the virtual nodes of the node returning val
		vacc     = m.vacc
	)
	if len(m.acc) < len(ch)+1 {
		m.acc = make([]count, len(ch)+1)
		m.vacc = make([]uint64, len(ch)+1)
		m.ent = make([]int64, len(ch)+1)
		acc, vacc, ent = m.acc, m.vacc, m.ent
	}
	workBound, ok := s.g.begin(nodes, updates)
	if !ok {
		status, stopping = s.g.status(), true
	}

forward:
	if stopping {
		val, vv = count{}, 0
		goto ret
	}
	if updates+scanned >= workBound {
		// (Every node adds at least one unit of work: see gauge.)
		if workBound, ok = s.g.next(nodes, updates+scanned); !ok {
			status, stopping = s.g.status(), true
			val, vv = count{}, 0
			goto ret
		}
	}
	nodes++
	scanned++
	if itr(ib, 0).next == 0 {
		val, vv = count{lo: 1}, 1
		goto ret
	}
	ent[level] = -1
	if p := level - 1; p >= 0 && ch[p] > hmax && s.active(uint32(nd(nb, ch[p]).top)) {
		// The item of the level above is partly done: go on with it.
		hr = uint32(nd(nb, ch[p]).top)
	} else {
		h := s.primaryKeyM(m)
		if second {
			h ^= s.secondaryKey(m)
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
	ft[level] = x
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
	ch[level] = x
	if x != hr {
		for p := x + nodeSize; p != x; {
			np := nd(nb, p)
			j := uint32(np.top)
			if np.top <= 0 {
				p = np.up
				continue
			}
			switch c := s.colorOf(np); {
			case j <= pmax:
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
	val, vv = acc[level], addSat(vacc[level], 1)
	if e := ent[level]; e >= 0 && !stopping {
		m.store(e, val, vv)
	}

ret:
	if level == 0 {
		s.g.nodes = nodes
		return memoOutcome{status: status, count: val, stats: core.Stats{Nodes: nodes - node0, Updates: updates}, virtual: vv}
	}
	level--
	acc[level] = acc[level].add(val)
	vacc[level] = addSat(vacc[level], vv)
	x = ch[level]
	if x <= hmax {
		// The branch that chose no more options for hr.
		hr = x
		s.relinkItem(hr)
		goto backup
	}
	hr = uint32(nd(nb, x).top)
	for p := x - nodeSize; p != x; {
		np := nd(nb, p)
		j := uint32(np.top)
		if np.top <= 0 {
			p = np.down
			continue
		}
		switch c := s.colorOf(np); {
		case j <= pmax:
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
	goto advance
}
