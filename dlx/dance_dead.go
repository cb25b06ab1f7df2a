package dlx

// The plain dancing steps of a search that counts its dead items: the
// active primary items left without options (problems without colors,
// Options.TakeSingleton). With that count a node where an item has died
// meets its dead end at once, without scanning the items, and otherwise the
// first item with one option is the exact choice of Knuth's MRV rule, so
// the choice can stop there: Knuth's tree at about the cost of a choice
// that stops at the first singleton. Each step is the plain one of
// dance.go (coverPlain, uncoverPlain, coverOthersPlain,
// uncoverOthersPlain) returning also the change in dead items.
//
// Hiding never touches the list of an inactive item, whose length stays as
// it was when it was covered; so an item whose length reaches 0 or leaves
// it, or that is covered or uncovered with length 0, is all there is to
// watch. The count takes no branch: zeroPrim is 1 exactly when length l is
// 0 and the item with header x is primary (x < pend, the ref after the
// last primary header; refs and lengths stay below 2^31).

// zeroPrim returns 1 if l is 0 and x < pend, else 0.
func zeroPrim(l int32, x, pend uint32) int32 {
	return int32(((uint32(l) - 1) & (x - pend)) >> 31)
}

// coverPlainD is coverPlain(hr), returning also the change in dead items.
func (s *Solver) coverPlainD(hr uint32) (u uint64, dead int32) {
	nb, ib := s.nbase, s.ibase
	pend := ref(s.nprim + 1)
	s.unlinkItem(hr)
	u = 1
	dead = -zeroPrim(itr(ib, hr).len, hr, pend)
	for p := nd(nb, hr).down; p != hr; p = nd(nb, p).down {
		for q := p + nodeSize; q != p; {
			nq := nd(nb, q)
			x := nq.top
			if x <= 0 {
				q = nq.up
				continue
			}
			up, dn := nq.up, nq.down
			nd(nb, up).down = dn
			nd(nb, dn).up = up
			r := itr(ib, uint32(x))
			l := r.len - 1
			r.len = l
			dead += zeroPrim(l, uint32(x), pend)
			u++
			q += nodeSize
		}
	}
	return u, dead
}

// uncoverPlainD undoes coverPlainD(hr), returning the change in dead items.
func (s *Solver) uncoverPlainD(hr uint32) (dead int32) {
	nb, ib := s.nbase, s.ibase
	pend := ref(s.nprim + 1)
	for p := nd(nb, hr).up; p != hr; p = nd(nb, p).up {
		for q := p - nodeSize; q != p; {
			nq := nd(nb, q)
			x := nq.top
			if x <= 0 {
				q = nq.down
				continue
			}
			nd(nb, nq.up).down = q
			nd(nb, nq.down).up = q
			r := itr(ib, uint32(x))
			l := r.len
			dead -= zeroPrim(l, uint32(x), pend)
			r.len = l + 1
			q -= nodeSize
		}
	}
	s.relinkItem(hr)
	return dead + zeroPrim(itr(ib, hr).len, hr, pend)
}

// coverOthersPlainD is coverOthersPlain(x), returning also the change in
// dead items.
func (s *Solver) coverOthersPlainD(x uint32) (u uint64, dead int32) {
	nb, ib := s.nbase, s.ibase
	pend := ref(s.nprim + 1)
	for r := x + nodeSize; r != x; {
		nr := nd(nb, r)
		hr := uint32(nr.top)
		if nr.top <= 0 {
			r = nr.up
			continue
		}
		// coverPlainD(hr), inlined (unlinkItem is inlined by the compiler;
		// the loops below are not, so they are written out).
		s.unlinkItem(hr)
		u++
		dead -= zeroPrim(itr(ib, hr).len, hr, pend)
		for p := nd(nb, hr).down; p != hr; p = nd(nb, p).down {
			for q := p + nodeSize; q != p; {
				nq := nd(nb, q)
				x := nq.top
				if x <= 0 {
					q = nq.up
					continue
				}
				up, dn := nq.up, nq.down
				nd(nb, up).down = dn
				nd(nb, dn).up = up
				rx := itr(ib, uint32(x))
				l := rx.len - 1
				rx.len = l
				dead += zeroPrim(l, uint32(x), pend)
				u++
				q += nodeSize
			}
		}
		r += nodeSize
	}
	return u, dead
}

// uncoverOthersPlainD undoes coverOthersPlainD(x), returning the change in
// dead items.
func (s *Solver) uncoverOthersPlainD(x uint32) (dead int32) {
	nb, ib := s.nbase, s.ibase
	pend := ref(s.nprim + 1)
	for r := x - nodeSize; r != x; {
		nr := nd(nb, r)
		hr := uint32(nr.top)
		if nr.top <= 0 {
			r = nr.down
			continue
		}
		// uncoverPlainD(hr), inlined.
		for p := nd(nb, hr).up; p != hr; p = nd(nb, p).up {
			for q := p - nodeSize; q != p; {
				nq := nd(nb, q)
				x := nq.top
				if x <= 0 {
					q = nq.down
					continue
				}
				nd(nb, nq.up).down = q
				nd(nb, nq.down).up = q
				rx := itr(ib, uint32(x))
				l := rx.len
				dead -= zeroPrim(l, uint32(x), pend)
				rx.len = l + 1
				q -= nodeSize
			}
		}
		s.relinkItem(hr)
		dead += zeroPrim(itr(ib, hr).len, hr, pend)
		r -= nodeSize
	}
	return dead
}
