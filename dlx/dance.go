package dlx

// colorOf returns the color of the option node n, 0 for none: in a
// problem without colors the field holds the ref of the option's next node
// instead (see node).
func (l *links) colorOf(n *node) int32 {
	if !l.colored {
		return 0
	}
	return n.color
}

// unlinkItem removes the item with header hr from its ring.
func (l *links) unlinkItem(hr uint32) {
	ib := l.ibase
	r := itr(ib, hr)
	itr(ib, r.prev).next = r.next
	itr(ib, r.next).prev = r.prev
}

// relinkItem undoes unlinkItem(hr).
func (l *links) relinkItem(hr uint32) {
	ib := l.ibase
	r := itr(ib, hr)
	itr(ib, r.prev).next = hr
	itr(ib, r.next).prev = hr
}

// active reports whether the item with header hr is still in its ring (not
// covered).
func (l *links) active(hr uint32) bool { return itr(l.ibase, itr(l.ibase, hr).prev).next == hr }

// cover removes the item with header hr from its ring and hides every
// option in its list, returning the number of updates (one for the item,
// one per node unlinked). Without colors it is coverPlain.
func (l *links) cover(hr uint32) uint64 {
	if !l.colored {
		return l.coverPlain(hr)
	}
	nb := l.nbase
	l.unlinkItem(hr)
	u := uint64(1)
	for p := nd(nb, hr).down; p != hr; p = nd(nb, p).down {
		u += l.hide(p)
	}
	return u
}

// uncover undoes cover(hr).
func (l *links) uncover(hr uint32) {
	if !l.colored {
		l.uncoverPlain(hr)
		return
	}
	nb := l.nbase
	for p := nd(nb, hr).up; p != hr; p = nd(nb, p).up {
		l.unhide(p)
	}
	l.relinkItem(hr)
}

// coverPlain is cover for problems without colors, where no node is ever
// marked −1.
func (l *links) coverPlain(hr uint32) uint64 {
	nb, ib := l.nbase, l.ibase
	l.unlinkItem(hr)
	u := uint64(1)
	for p := nd(nb, hr).down; p != hr; p = nd(nb, p).down {
		for q := next(nb, p); q != p; {
			nq := nd(nb, q)
			x := nq.top
			up, dn := nq.up, nq.down
			nd(nb, up).down = dn
			nd(nb, dn).up = up
			itr(ib, uint32(x)).len--
			u++
			q = uint32(nq.color)
		}
	}
	return u
}

// uncoverPlain undoes coverPlain(hr).
func (l *links) uncoverPlain(hr uint32) {
	nb, ib := l.nbase, l.ibase
	for p := nd(nb, hr).up; p != hr; p = nd(nb, p).up {
		for q := next(nb, p); q != p; {
			nq := nd(nb, q)
			x := nq.top
			nd(nb, nq.up).down = q
			nd(nb, nq.down).up = q
			itr(ib, uint32(x)).len++
			q = uint32(nq.color)
		}
	}
	l.relinkItem(hr)
}

// coverOthersColored covers, in order, the items of option node x's
// option after x's own on a problem with colors: a primary item or an
// uncolored secondary one is covered, a colored one purified. It returns
// the updates.
func (l *links) coverOthersColored(x uint32) uint64 {
	nb := l.nbase
	var updates uint64
	for p := x + nodeSize; p != x; {
		np := nd(nb, p)
		j := np.top
		if j <= 0 {
			p = np.up
			continue
		}
		switch c := np.color; {
		case c == 0:
			updates += l.cover(uint32(j))
		case c > 0:
			updates += l.purify(p)
		}
		p += nodeSize
	}
	return updates
}

// uncoverOthersColored undoes coverOthersColored(x), in reverse order.
func (l *links) uncoverOthersColored(x uint32) {
	nb := l.nbase
	for p := x - nodeSize; p != x; {
		np := nd(nb, p)
		j := np.top
		if j <= 0 {
			p = np.down
			continue
		}
		switch c := np.color; {
		case c == 0:
			l.uncover(uint32(j))
		case c > 0:
			l.unpurify(p)
		}
		p -= nodeSize
	}
}

// coverOthersPlain covers, in order, the items of option node x's option
// after x's own (problems without colors): one call per option instead of
// one per item, since every call makes search spill its variables.
func (l *links) coverOthersPlain(x uint32) uint64 {
	nb, ib := l.nbase, l.ibase
	var u uint64
	for r := next(nb, x); r != x; r = next(nb, r) {
		hr := uint32(nd(nb, r).top)
		// coverPlain(hr), inlined (unlinkItem is inlined by the compiler;
		// the loops below are not, so they are written out).
		l.unlinkItem(hr)
		u++
		for p := nd(nb, hr).down; p != hr; p = nd(nb, p).down {
			for q := next(nb, p); q != p; {
				nq := nd(nb, q)
				x := nq.top
				up, dn := nq.up, nq.down
				nd(nb, up).down = dn
				nd(nb, dn).up = up
				itr(ib, uint32(x)).len--
				u++
				q = uint32(nq.color)
			}
		}
	}
	return u
}

// uncoverOthersPlain undoes coverOthersPlain(x).
func (l *links) uncoverOthersPlain(x uint32) {
	nb, ib := l.nbase, l.ibase
	for r := x - nodeSize; r != x; {
		nr := nd(nb, r)
		hr := uint32(nr.top)
		if nr.top <= 0 {
			r = nr.down
			continue
		}
		// uncoverPlain(hr), inlined.
		for p := nd(nb, hr).up; p != hr; p = nd(nb, p).up {
			for q := next(nb, p); q != p; {
				nq := nd(nb, q)
				x := nq.top
				nd(nb, nq.up).down = q
				nd(nb, nq.down).up = q
				itr(ib, uint32(x)).len++
				q = uint32(nq.color)
			}
		}
		l.relinkItem(hr)
		r -= nodeSize
	}
}

// hide unlinks the nodes of p's option, except p, from their item lists.
func (l *links) hide(p uint32) uint64 {
	nb, ib := l.nbase, l.ibase
	var u uint64
	for q := p + nodeSize; q != p; {
		nq := nd(nb, q)
		x := nq.top
		if x <= 0 {
			q = nq.up
			continue
		}
		if nq.color >= 0 {
			up, dn := nq.up, nq.down
			nd(nb, up).down = dn
			nd(nb, dn).up = up
			itr(ib, uint32(x)).len--
			u++
		}
		q += nodeSize
	}
	return u
}

// unhide undoes hide(p).
func (l *links) unhide(p uint32) {
	nb, ib := l.nbase, l.ibase
	for q := p - nodeSize; q != p; {
		nq := nd(nb, q)
		x := nq.top
		if x <= 0 {
			q = nq.down
			continue
		}
		if nq.color >= 0 {
			nd(nb, nq.up).down = q
			nd(nb, nq.down).up = q
			itr(ib, uint32(x)).len++
		}
		q -= nodeSize
	}
}

// purify keeps, in the list of p's item, only the options that give it p's
// color (marking their nodes −1), hiding the others.
func (l *links) purify(p uint32) uint64 {
	nb := l.nbase
	c, hr := nd(nb, p).color, uint32(nd(nb, p).top)
	nd(nb, hr).color = c
	var u uint64
	for q := nd(nb, hr).down; q != hr; q = nd(nb, q).down {
		if nq := nd(nb, q); nq.color == c {
			nq.color = -1
		} else {
			u += l.hide(q)
		}
	}
	return u
}

// unpurify undoes purify(p).
func (l *links) unpurify(p uint32) {
	nb := l.nbase
	c, hr := nd(nb, p).color, uint32(nd(nb, p).top)
	nd(nb, hr).color = 0
	for q := nd(nb, hr).up; q != hr; q = nd(nb, q).up {
		if nq := nd(nb, q); nq.color < 0 {
			nq.color = c
		} else {
			l.unhide(q)
		}
	}
}

// commit takes node p's item into account once its option is chosen.
func (l *links) commit(p uint32) uint64 {
	np := nd(l.nbase, p)
	switch c := l.colorOf(np); {
	case c == 0:
		return l.cover(uint32(np.top))
	case c > 0:
		return l.purify(p)
	}
	return 0
}

// uncommit undoes commit(p).
func (l *links) uncommit(p uint32) {
	np := nd(l.nbase, p)
	switch c := l.colorOf(np); {
	case c == 0:
		l.uncover(uint32(np.top))
	case c > 0:
		l.unpurify(p)
	}
}

// fits reports whether option k can still be chosen: each of its items
// active, each primary one with room for it (Algorithm M: a positive bound,
// and the option still in its list), each colored secondary one
// unpurified or purified with its color.
func (l *links) fits(k int) bool {
	nb, ib := l.nbase, l.ibase
	x := l.optNode[k]
	for q := x; ; {
		nq := nd(nb, q)
		hr := uint32(nq.top)
		if !l.active(hr) {
			return false
		}
		if hr <= ref(l.nprim) {
			if itr(ib, hr).bound <= 0 || nd(nb, nq.up).down != q {
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

// coverOthers covers, in order, the items of option node x's option after
// x's own, or purifies them (colored secondary items): the step by which
// a search takes x's option once it has covered x's item.
func (l *links) coverOthers(x uint32) uint64 {
	if !l.colored {
		return l.coverOthersPlain(x)
	}
	return l.coverOthersColored(x)
}

// uncoverOthers undoes coverOthers(x).
func (l *links) uncoverOthers(x uint32) {
	if !l.colored {
		l.uncoverOthersPlain(x)
		return
	}
	l.uncoverOthersColored(x)
}

// force chooses option k up front, exactly as the search would: it covers
// the option's first primary item, then the others after it.
func (l *links) force(k int) uint64 {
	x := l.optNode[k]
	return l.cover(uint32(nd(l.nbase, x).top)) + l.coverOthers(x)
}

// unforce undoes force(k).
func (l *links) unforce(k int) {
	x := l.optNode[k]
	l.uncoverOthers(x)
	l.uncover(uint32(nd(l.nbase, x).top))
}
