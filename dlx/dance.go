package dlx

import "unsafe"

// The dancing steps below run billions of times per search. They reach the
// node and item arrays through nd and it, which index without bounds
// checks: every ref and item number they use comes from the arrays
// NewSolver built, whose links always stay inside them.

// nd returns the node at ref r of the node array at base.
func nd(base unsafe.Pointer, r uint32) *node {
	return (*node)(unsafe.Add(base, uintptr(r)))
}

// itr returns the record of the item whose header has ref r in the item
// array at base: records are as large as nodes, so item h's record sits at
// byte offset ref(h) of the item array too.
func itr(base unsafe.Pointer, r uint32) *link {
	return (*link)(unsafe.Add(base, uintptr(r)))
}

// colorOf returns the color of the option node n, 0 for none: in a
// problem without colors the field holds the ref of the option's next node
// instead (see node).
func (s *Solver) colorOf(n *node) int32 {
	if !s.colored {
		return 0
	}
	return n.color
}

// unlinkItem removes the item with header hr from its ring.
func (s *Solver) unlinkItem(hr uint32) {
	ib := s.ibase
	l := itr(ib, hr)
	itr(ib, l.prev).next = l.next
	itr(ib, l.next).prev = l.prev
}

// relinkItem undoes unlinkItem(hr).
func (s *Solver) relinkItem(hr uint32) {
	ib := s.ibase
	l := itr(ib, hr)
	itr(ib, l.prev).next = hr
	itr(ib, l.next).prev = hr
}

// active reports whether the item with header hr is still in its ring (not
// covered).
func (s *Solver) active(hr uint32) bool { return itr(s.ibase, itr(s.ibase, hr).prev).next == hr }

// cover removes the item with header hr from its ring and hides every
// option in its list, returning the number of updates (one for the item,
// one per node unlinked). Without colors it is coverPlain.
func (s *Solver) cover(hr uint32) uint64 {
	if !s.colored {
		return s.coverPlain(hr)
	}
	nb, ib := s.nbase, s.ibase
	s.unlinkItem(hr)
	u := uint64(1)
	for p := nd(nb, hr).down; p != hr; p = nd(nb, p).down {
		// hide(p), inlined.
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
	}
	return u
}

// uncover undoes cover(hr).
func (s *Solver) uncover(hr uint32) {
	if !s.colored {
		s.uncoverPlain(hr)
		return
	}
	nb, ib := s.nbase, s.ibase
	for p := nd(nb, hr).up; p != hr; p = nd(nb, p).up {
		// unhide(p), inlined.
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
	s.relinkItem(hr)
}

// coverPlain is cover for problems without colors, where no node is ever
// marked −1.
func (s *Solver) coverPlain(hr uint32) uint64 {
	nb, ib := s.nbase, s.ibase
	s.unlinkItem(hr)
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
func (s *Solver) uncoverPlain(hr uint32) {
	nb, ib := s.nbase, s.ibase
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
	s.relinkItem(hr)
}

// coverOthersColored covers, in order, the items of option node x's
// option after x's own on a problem with colors: a primary item or an
// uncolored secondary one is covered, a colored one purified. It returns
// the updates.
func (s *Solver) coverOthersColored(x uint32) uint64 {
	nb := s.nbase
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
			updates += s.cover(uint32(j))
		case c > 0:
			updates += s.purify(p)
		}
		p += nodeSize
	}
	return updates
}

// uncoverOthersColored undoes coverOthersColored(x), in reverse order.
func (s *Solver) uncoverOthersColored(x uint32) {
	nb := s.nbase
	for p := x - nodeSize; p != x; {
		np := nd(nb, p)
		j := np.top
		if j <= 0 {
			p = np.down
			continue
		}
		switch c := np.color; {
		case c == 0:
			s.uncover(uint32(j))
		case c > 0:
			s.unpurify(p)
		}
		p -= nodeSize
	}
}

// coverOthersPlain covers, in order, the items of option node x's option
// after x's own (problems without colors): one call per option instead of
// one per item, since every call makes search spill its variables.
func (s *Solver) coverOthersPlain(x uint32) uint64 {
	nb, ib := s.nbase, s.ibase
	var u uint64
	for r := next(nb, x); r != x; r = next(nb, r) {
		hr := uint32(nd(nb, r).top)
		// coverPlain(hr), inlined (unlinkItem is inlined by the compiler;
		// the loops below are not, so they are written out).
		s.unlinkItem(hr)
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
func (s *Solver) uncoverOthersPlain(x uint32) {
	nb, ib := s.nbase, s.ibase
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
		s.relinkItem(hr)
		r -= nodeSize
	}
}

// hide unlinks the nodes of p's option, except p, from their item lists.
func (s *Solver) hide(p uint32) uint64 {
	nb, ib := s.nbase, s.ibase
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
func (s *Solver) unhide(p uint32) {
	nb, ib := s.nbase, s.ibase
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
func (s *Solver) purify(p uint32) uint64 {
	nb := s.nbase
	c, hr := nd(nb, p).color, uint32(nd(nb, p).top)
	nd(nb, hr).color = c
	var u uint64
	for q := nd(nb, hr).down; q != hr; q = nd(nb, q).down {
		if nq := nd(nb, q); nq.color == c {
			nq.color = -1
		} else {
			u += s.hide(q)
		}
	}
	return u
}

// unpurify undoes purify(p).
func (s *Solver) unpurify(p uint32) {
	nb := s.nbase
	c, hr := nd(nb, p).color, uint32(nd(nb, p).top)
	nd(nb, hr).color = 0
	for q := nd(nb, hr).up; q != hr; q = nd(nb, q).up {
		if nq := nd(nb, q); nq.color < 0 {
			nq.color = c
		} else {
			s.unhide(q)
		}
	}
}

// commit takes node p's item into account once its option is chosen.
func (s *Solver) commit(p uint32) uint64 {
	np := nd(s.nbase, p)
	switch c := s.colorOf(np); {
	case c == 0:
		return s.cover(uint32(np.top))
	case c > 0:
		return s.purify(p)
	}
	return 0
}

// uncommit undoes commit(p).
func (s *Solver) uncommit(p uint32) {
	np := nd(s.nbase, p)
	switch c := s.colorOf(np); {
	case c == 0:
		s.uncover(uint32(np.top))
	case c > 0:
		s.unpurify(p)
	}
}

// fits reports whether option k can still be chosen: none of its items is
// covered, and each colored one is unpurified or purified with its color.
func (s *Solver) fits(k int) bool {
	nb := s.nbase
	x := s.optNode[k]
	for q := x; ; {
		nq := nd(nb, q)
		hr := uint32(nq.top)
		if !s.active(hr) {
			return false
		}
		if hc := nd(nb, hr).color; hc != 0 && nq.color >= 0 && nq.color != hc {
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

// force chooses option k up front, exactly as the search would: it covers
// the option's first primary item, then commits the others after it.
func (s *Solver) force(k int) uint64 {
	nb := s.nbase
	x := s.optNode[k]
	if !s.colored {
		return s.coverPlain(uint32(nd(nb, x).top)) + s.coverOthersPlain(x)
	}
	u := s.cover(uint32(nd(nb, x).top))
	for p := x + nodeSize; p != x; {
		if np := nd(nb, p); np.top <= 0 {
			p = np.up
			continue
		}
		u += s.commit(p)
		p += nodeSize
	}
	return u
}

// unforce undoes force(k).
func (s *Solver) unforce(k int) {
	nb := s.nbase
	x := s.optNode[k]
	if !s.colored {
		s.uncoverOthersPlain(x)
		s.uncoverPlain(uint32(nd(nb, x).top))
		return
	}
	for p := x - nodeSize; p != x; {
		if np := nd(nb, p); np.top <= 0 {
			p = np.down
			continue
		}
		s.uncommit(p)
		p -= nodeSize
	}
	s.uncover(uint32(nd(nb, x).top))
}
