package dlx

import "unsafe"

// The dancing steps of Algorithm M (multiplicities; see multi.go), which
// its search (multi.go) and its memoized count (memo_multi.go) both take.
//
// Each active primary item h keeps its bound (link.bound: how many more
// options may cover it, initially hi) and its slack (hi − lo, fixed). On
// item h the search decrements the bound and tries its options in order;
// unless the bound reaches 0 with no slack (then h is covered, as in
// Algorithm C), each option tried is "tweaked" out of h's list so that
// later branches choose among the options after it, and the last branch
// (when the slack allows it) chooses no more options for h and deactivates
// it.

// slackOf returns the slack of the item with header ref hr, from the slack
// array at sb.
func slackOf(sb unsafe.Pointer, hr uint32) int32 {
	return *(*int32)(unsafe.Add(sb, uintptr(hr/nodeSize*4)))
}

// sbase returns the slack array's base, for slackOf.
func (l *links) sbase() unsafe.Pointer { return unsafe.Pointer(unsafe.SliceData(l.slack)) }

// enterM starts the branches on item hr: it takes one from its bound,
// covering the item when no option may take it any more, and returns the
// first node of its list, which leaveM untweaks from (0 when the bound
// was 1 with no slack: the item is then covered, as in Algorithm C, and
// its options are not tweaked), and the updates.
func (l *links) enterM(hr uint32) (first uint32, u uint64) {
	r := itr(l.ibase, hr)
	if r.bound > 1 || slackOf(l.sbase(), hr) != 0 {
		r.bound--
		if r.bound == 0 {
			u = l.cover(hr)
		}
		return nd(l.nbase, hr).down, u
	}
	r.bound = 0
	return 0, l.cover(hr)
}

// branchM prepares the branch of item hr at node x (x = hr: the branch
// that chooses no more options for hr), and reports false when no branch
// is left: x is tweaked out of hr's list, or, for the last branch, hr
// leaves its ring. It returns the updates.
func (l *links) branchM(hr, x uint32) (u uint64, ok bool) {
	r := itr(l.ibase, hr)
	b := r.bound
	switch sl := slackOf(l.sbase(), hr); {
	case b == 0 && sl == 0:
		return 0, x != hr
	case r.len <= b-sl:
		return 0, false
	case x != hr:
		return l.tweak(x, b != 0), true
	case b != 0:
		l.unlinkItem(hr)
	}
	return 0, true
}

// leaveM undoes enterM(hr) and the branches since, whose first node was
// first.
func (l *links) leaveM(hr, first uint32) {
	r := itr(l.ibase, hr)
	if r.bound == 0 && slackOf(l.sbase(), hr) == 0 {
		l.uncover(hr)
	} else {
		l.untweak(hr, first, r.bound != 0)
	}
	r.bound++
}

// unchooseM undoes the choice x of a level (an option node, whose others
// it untakes, or the item itself, for the branch that chose no more
// options for it, which it puts back in its ring) and returns the level's
// item: x itself for that last branch.
func (l *links) unchooseM(x uint32) (hr uint32) {
	if x <= ref(l.nitems) {
		l.relinkItem(x)
		return x
	}
	l.untakeOthersM(x)
	return uint32(nd(l.nbase, x).top)
}

// takeOthersM counts option node x's option on the items after x's own
// (takeM), as the search does when it chooses x; it returns the updates.
func (l *links) takeOthersM(x uint32) uint64 {
	var u uint64
	for p := range l.others(x) {
		u += l.takeM(p)
	}
	return u
}

// untakeOthersM undoes takeOthersM(x), in reverse order.
func (l *links) untakeOthersM(x uint32) {
	for p := range l.othersBack(x) {
		l.untakeM(p)
	}
}

// takeM counts node p's option on p's item: a primary item's bound goes
// down (the item is covered when it reaches 0), a secondary item is
// committed.
func (l *links) takeM(p uint32) uint64 {
	np := nd(l.nbase, p)
	j := uint32(np.top)
	if j > ref(l.nprim) {
		return l.commit(p)
	}
	r := itr(l.ibase, j)
	if r.bound--; r.bound == 0 {
		return l.cover(j)
	}
	return 0
}

// untakeM undoes takeM(p).
func (l *links) untakeM(p uint32) {
	np := nd(l.nbase, p)
	j := uint32(np.top)
	if j > ref(l.nprim) {
		l.uncommit(p)
		return
	}
	r := itr(l.ibase, j)
	if r.bound == 0 {
		l.uncover(j)
	}
	r.bound++
}

// unlinkNode removes option node x from its item's list (unless its color
// marks it as kept by a purified item), returning the updates.
func (l *links) unlinkNode(x uint32) uint64 {
	nx := nd(l.nbase, x)
	if nx.color < 0 {
		return 0
	}
	nd(l.nbase, nx.up).down = nx.down
	nd(l.nbase, nx.down).up = nx.up
	itr(l.ibase, uint32(nx.top)).len--
	return 1
}

// relinkNode undoes unlinkNode(x).
func (l *links) relinkNode(x uint32) {
	nx := nd(l.nbase, x)
	if nx.color < 0 {
		return
	}
	nd(l.nbase, nx.up).down = x
	nd(l.nbase, nx.down).up = x
	itr(l.ibase, uint32(nx.top)).len++
}

// tweak removes option node x, the first of its item's list, from that
// list, and with block first hides the rest of its option (Knuth's tweak;
// without block, his tweak' for an item already covered). It returns the
// updates: one per node removed.
func (l *links) tweak(x uint32, block bool) uint64 {
	var u uint64
	if block {
		u = l.hide(x)
	}
	return u + l.unlinkNode(x)
}

// untweak undoes the tweaks of the item with header hr since its list
// began at node a: the removed nodes still link forward to each other, so
// walking from a to the current first node restores them (Knuth's
// untweak). Without unblock (the item was covered first) it then uncovers
// the item.
func (l *links) untweak(hr, a uint32, unblock bool) {
	nb := l.nbase
	h := nd(nb, hr)
	z := h.down
	h.down = a
	var k int32
	qq := hr
	for r := a; r != z; r = nd(nb, r).down {
		nd(nb, r).up = qq
		k++
		if unblock {
			l.unhide(r)
		}
		qq = r
	}
	nd(nb, z).up = qq
	itr(l.ibase, hr).len += k
	if !unblock {
		l.uncover(hr)
	}
}

// forceM chooses option k up front for Algorithm M: it takes the option
// out of every list (so the search cannot choose it again), then counts it
// on each of its items (takeM).
func (l *links) forceM(k int) uint64 {
	x := l.optNode[k]
	return l.tweak(x, true) + l.takeM(x) + l.takeOthersM(x)
}

// unforceM undoes forceM(k), in the reverse order.
func (l *links) unforceM(k int) {
	x := l.optNode[k]
	l.untakeOthersM(x)
	l.untakeM(x)
	l.relinkNode(x)
	l.unhide(x)
}
