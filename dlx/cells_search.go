package dlx

import (
	"math"
	"slices"
	"unsafe"

	"github.com/coverkit/coverkit/core"
)

// The dancing-cells search. Its hot steps (cover, hide) read the arrays
// through base pointers held in one block, cellsKern: every index they use
// is an offset or a node that the arrays were built to hold, and the
// bounds checks of the slices cost about a fifth of the time.

// u32 returns the address of the uint32 at index i of the array at p.
func u32(p unsafe.Pointer, i uint32) *uint32 { return (*uint32)(unsafe.Add(p, uintptr(i)*4)) }

// cellsOn32 is cellsOn as the hot steps read it.
type cellsOn32 struct{ itm, nxt uint32 }

// on32 returns the address of node y of the array at p.
func on32(p unsafe.Pointer, y uint32) *cellsOn32 {
	return (*cellsOn32)(unsafe.Add(p, uintptr(y)*8))
}

// cellsKern is what the hot steps of a search read and write, in one
// block so that a step takes one pointer: the arrays' bases, the active
// items, the forced stack and the updates.
type cellsKern struct {
	set, loc, on, item, clr unsafe.Pointer // &set[0], &loc[0], &on[0], &item[0], &clr[0] (nil without colors)
	force                   unsafe.Pointer // &force[0]: the stack of items with one option left
	second                  uint32         // offsets below second are primary items
	active                  uint32         // the active items: item[:active]
	nf                      uint32         // the forced stack's height
	knuth                   bool           // Knuth's tree: push forced items on top, give up at once
	zero                    bool           // a hide left an active primary item without options
	swaps                   uint32         // the items the last cover made inactive
	upd                     uint64         // the updates so far
}

// push puts primary item uu, whose set has shrunk to one option, on the
// forced stack: on top with Knuth's tree (the last met is taken first);
// with the canonical tree where it keeps the stack in decreasing order of
// offsets, so that the top is the first in input order.
func (k *cellsKern) push(uu uint32) {
	n := k.nf
	k.nf++
	if !k.knuth {
		for n > 0 && *u32(k.force, n-1) < uu {
			*u32(k.force, n) = *u32(k.force, n-1)
			n--
		}
	}
	*u32(k.force, n) = uu
}

// rare is the hiding loops' step for an item uu whose set shrinks to ss ≤
// 1 options: an active primary item goes on the forced stack (ss = 1) or
// leaves the option tried without a solution (ss = 0, zero). It returns
// true if the hiding is to stop at once (Knuth's tree); the canonical tree
// finishes the item it is hiding, so that its updates do not depend on
// the order of the sets.
//
//go:noinline
func (k *cellsKern) rare(uu, ss uint32) bool {
	if uu >= k.second || *u32(k.set, uu-2) >= k.active {
		return false
	}
	if ss == 1 {
		k.push(uu)
		return false
	}
	k.zero = true
	return k.knuth
}

// hideItem removes the options of item x's set but the one whose node
// there is q (the option chosen: see the forced moves of search) from the
// other active items' sets in a problem without colors (SSXCC's hide(x, 0, 1)), looking at the
// sets that shrink to one option or none (rare); it returns false if it
// left an active primary item without options. Without colors every node
// of an option in an active set is in an active item or in one of the
// option's items just made inactive, so no node needs a test.
func hideItem(k *cellsKern, x, q uint32) bool {
	set, loc, on := k.set, k.loc, k.on
	sizes := unsafe.Add(set, -4) // sizes[x] is set[x−1], x's size
	upd := k.upd
	for rr, end := x, x+*u32(sizes, x); rr < end; rr++ {
		tt := *u32(set, rr)
		if tt == q {
			continue
		}
		for nn := on32(on, tt).nxt; nn != tt; nn = on32(on, nn).nxt {
			uu := on32(on, nn).itm
			ss := *u32(sizes, uu) - 1
			if int32(ss) <= 1 && k.rare(uu, ss) {
				k.upd = upd
				return false
			}
			// Swap nn with the last node of uu's set, and shorten it.
			last := uu + ss
			nnp := *u32(set, last)
			vv := *u32(loc, nn)
			*u32(sizes, uu) = ss
			*u32(set, last) = nn
			*u32(set, vv) = nnp
			*u32(loc, nn) = last
			*u32(loc, nnp) = vv
			upd++
		}
	}
	k.upd = upd
	return !k.zero
}

// coverPlain chooses option node cur in a problem without colors: it makes
// the option's other items inactive (k.swaps of them) and hides the
// options they rule out (hideItem). It returns false if an active primary
// item is left without options.
func coverPlain(k *cellsKern, cur uint32) bool {
	set, item, on := k.set, k.item, k.on
	p := k.active
	for q := on32(on, cur).nxt; q != cur; q = on32(on, q).nxt {
		x := on32(on, q).itm
		if pp := *u32(set, x-2); pp < p {
			p--
			cc := *u32(item, p)
			*u32(item, p) = x
			*u32(item, pp) = cc
			*u32(set, cc-2) = pp
			*u32(set, x-2) = p
		}
	}
	k.swaps = k.active - p
	k.upd += uint64(k.swaps)
	k.active = p
	k.zero = false
	for q := on32(on, cur).nxt; q != cur; q = on32(on, q).nxt {
		if !hideItem(k, on32(on, q).itm, q) {
			return false
		}
	}
	return true
}

// coverColored is coverPlain in a problem with colors: a secondary item of
// cur purified above is left alone, one purified now keeps the options of
// cur's color, and nodes in items inactive before cur are skipped.
func coverColored(k *cellsKern, cur uint32) bool {
	set, item, on, loc, clr, second := k.set, k.item, k.on, k.loc, k.clr, k.second
	sizes := unsafe.Add(set, -4)
	oactive, p := k.active, k.active
	for q := on32(on, cur).nxt; q != cur; q = on32(on, q).nxt {
		x := on32(on, q).itm
		if pp := *u32(set, x-2); pp < p {
			p--
			cc := *u32(item, p)
			*u32(item, p) = x
			*u32(item, pp) = cc
			*u32(set, cc-2) = pp
			*u32(set, x-2) = p
		}
	}
	k.swaps = oactive - p
	k.upd += uint64(k.swaps)
	k.active = p
	k.zero = false
	for q := on32(on, cur).nxt; q != cur; q = on32(on, q).nxt {
		x := on32(on, q).itm
		var col uint32
		if x >= second {
			if *u32(set, x-2) >= oactive {
				continue // purified at a level above
			}
			col = *u32(clr, q)
		}
		for rr, end := x, x+*u32(sizes, x); rr < end; rr++ {
			tt := *u32(set, rr)
			if tt == q || col != 0 && *u32(clr, tt) == col {
				continue
			}
			for nn := on32(on, tt).nxt; nn != tt; nn = on32(on, nn).nxt {
				uu := on32(on, nn).itm
				if *u32(set, uu-2) >= oactive {
					continue
				}
				ss := *u32(sizes, uu) - 1
				if int32(ss) <= 1 && k.rare(uu, ss) {
					return false
				}
				last := uu + ss
				nnp := *u32(set, last)
				vv := *u32(loc, nn)
				*u32(sizes, uu) = ss
				*u32(set, last) = nn
				*u32(set, vv) = nnp
				*u32(loc, nn) = last
				*u32(loc, nnp) = vv
				k.upd++
			}
		}
		if k.zero {
			return false
		}
	}
	return true
}

// hideBranch hides the options of the branching item x (SSXCC's hide(x,
// 0, 0)): it removes them from the other active items' sets. With forced
// (the canonical tree) it also appends to it the primary items whose sets
// shrink to one option, which the search looks at below each option of x,
// keeping those after forced's first from entries in decreasing order of
// offsets.
func hideBranch(k *cellsKern, x uint32, forced *[]int32, from int) {
	set, loc, on, active, second := k.set, k.loc, k.on, k.active, k.second
	sizes := unsafe.Add(set, -4)
	upd := k.upd
	for rr, end := x, x+*u32(sizes, x); rr < end; rr++ {
		tt := *u32(set, rr)
		for nn := on32(on, tt).nxt; nn != tt; nn = on32(on, nn).nxt {
			uu := on32(on, nn).itm
			if *u32(set, uu-2) >= active {
				continue // purified (colors)
			}
			ss := *u32(sizes, uu) - 1
			if ss == 1 && uu < second && forced != nil {
				f := append(*forced, 0)
				n := len(f) - 1
				for n > from && uint32(f[n-1]) < uu {
					f[n] = f[n-1]
					n--
				}
				f[n] = int32(uu)
				*forced = f
			}
			last := uu + ss
			nnp := *u32(set, last)
			vv := *u32(loc, nn)
			*u32(sizes, uu) = ss
			*u32(set, last) = nn
			*u32(set, vv) = nnp
			*u32(loc, nn) = last
			*u32(loc, nnp) = vv
			upd++
		}
	}
	k.upd = upd
}

// swapOut makes item x inactive, swapping it with the last active item.
func swapOut(k *cellsKern, x uint32) {
	set, item := k.set, k.item
	k.active--
	a := k.active
	pp := *u32(set, x-2)
	cc := *u32(item, a)
	*u32(item, a) = x
	*u32(item, pp) = cc
	*u32(set, cc-2) = pp
	*u32(set, x-2) = a
	k.upd++
}

// chooseCells scans the active items for the primary one with the fewest
// options (more than one), the first in input order on ties, and pushes
// those with at most one option on the forced stack, in the order of the
// scan: it returns that item and its size (math.MaxUint32 if there is
// none). (SSXCC's choice of item.)
func chooseCells(k *cellsKern) (best, size uint32) {
	set, item, fp, second := k.set, k.item, k.force, k.second
	sizes := unsafe.Add(set, -4)
	size = math.MaxUint32
	nf := k.nf
	for p := uint32(0); p < k.active; p++ {
		x := *u32(item, p)
		if x >= second {
			continue
		}
		s := *u32(sizes, x)
		if s <= 1 {
			*u32(fp, nf) = x
			nf++
		} else if s < size || s == size && x < best {
			best, size = x, s
		}
	}
	k.nf = nf
	return best, size
}

// cellsOutcome is what a dancing-cells search reports.
type cellsOutcome struct {
	Status    core.Status
	Solutions uint64
	Stats     core.Stats
	// DeadEnds counts the options abandoned because they left an item
	// without options: with the canonical tree, the links engine's nodes
	// are Nodes + DeadEnds.
	DeadEnds uint64
}

// search runs the dancing-cells search from the state prepare left, with
// t.rec.sol holding the options forced and replayed, under the gauge t.g:
// Knuth's SSXCC (Algorithm 7.2.2.1C on sparse sets), breaking ties as
// c.tree says. It counts the solutions, passes each to t.rec and t.visit
// (which may stop the search), stops after t.limit solutions (0: none),
// and at level t.cut (−1: none) hands the options chosen to t.onPrefix
// instead of going deeper.
//
// The stacks cannot overflow: a level covers a primary item, so there are
// at most nprim levels; below a branching level each primary item goes on
// the forced stack at most once (when its set shrinks from two options to
// one) or once by the scan that finds it with one option, which happens
// only where the stack is empty.
func (c *cells) search(t *task) cellsOutcome {
	k := &c.k
	*k = cellsKern{set: c.setp, loc: c.locp, on: c.onp, item: c.itemp, clr: c.clrp,
		force: unsafe.Pointer(unsafe.SliceData(c.force)), second: uint32(c.second), active: uint32(c.active),
		knuth: c.tree == cellsKnuth}
	cover := coverPlain
	if c.clr != nil {
		cover = coverColored
	}
	var (
		set       = c.set
		g         = t.g
		level     int
		nodes     = g.nodes
		first     = nodes
		work      uint64 // items scanned and nodes, with the updates: the meter's work
		count     uint64
		deadEnds  uint64
		status    = core.StatusExhausted
		best      uint32 // the item of this level
		curChoice uint32 // the place in best's set of the option tried
		curNode   uint32 // the option tried
		saveptr   int32  // the saved sizes in use
		branching bool   // this level saved the sizes: best had options to choose from
		ok        bool
	)
	// An active primary item without options leaves no search (SSXCC's
	// "bad item"): a dead end at the root.
	for _, x := range c.item[:c.active] {
		if x < c.second && set[x-1] == 0 {
			return cellsOutcome{Status: status, DeadEnds: 1}
		}
	}
	workBound, ok := g.begin(nodes, 0)
	if !ok {
		status = g.status()
		goto done
	}

forward:
	if k.upd+work >= workBound {
		// (Every node adds at least one unit of work: see gauge.)
		if workBound, ok = g.next(nodes, k.upd+work); !ok {
			status = g.status()
			goto done
		}
	}
	if level == t.cut {
		// (Polled above: a split spends most of its time at the cut.)
		c.prefix(t, level, core.Stats{Nodes: nodes - first, Updates: k.upd})
		goto backup
	}
	nodes++
	work++
	// A forced move: the top of the stack (with Knuth's tree the last one
	// met, with the canonical tree the first in input order) that is
	// still active.
	for k.nf > 0 {
		k.nf--
		if best = *u32(k.force, k.nf); *u32(k.set, best-2) < k.active {
			goto force
		}
	}
	{
		// The item with the fewest options; items with at most one option
		// go on the forced stack (only at the root with the canonical
		// tree, which keeps the stack sorted).
		var size uint32
		best, size = chooseCells(k)
		work += uint64(k.active)
		if k.nf > 0 {
			if !k.knuth {
				slices.Sort(c.force[:k.nf])
				slices.Reverse(c.force[:k.nf])
			}
			k.nf--
			best = *u32(k.force, k.nf)
			goto force
		}
		if size == math.MaxUint32 {
			count++
			if !c.solution(t, level) || count == t.limit {
				status = core.StatusFound
				goto done
			}
			goto backup
		}
	}
	// Branch on best: hide its options, save the sizes of the items left
	// active, and try its options (in input order with the canonical
	// tree).
	swapOut(k, best)
	c.bstart[level] = int32(len(c.bforce))
	if k.knuth {
		hideBranch(k, best, nil, 0)
	} else {
		hideBranch(k, best, &c.bforce, int(c.bstart[level]))
	}
	if !k.knuth {
		c.sortSet(int32(best))
	}
	curChoice = best
	if n := int(saveptr) + int(k.active); n > len(c.save) {
		c.save = slices.Grow(c.save, n-len(c.save))
		c.save = c.save[:cap(c.save)]
	}
	saveSizes(k, c.save[saveptr:saveptr+int32(k.active)])
	saveptr += int32(k.active)
	c.saved[level+1] = saveptr
	branching = true
	goto advance

force:
	// A forced move: best's one option. Knuth hides it from its other
	// items first; the canonical tree only counts those updates (the items
	// go inactive at once, and their order does not matter to it), and the
	// hiding below passes over it.
	swapOut(k, best)
	if k.knuth {
		hideBranch(k, best, nil, 0)
	}
	curChoice = best
	c.saved[level+1] = saveptr
	branching = false

advance:
	curNode = uint32(set[curChoice])
	c.choice[level] = int32(curNode)
	if branching && !k.knuth {
		k.nf = uint32(copy(c.force, c.bforce[c.bstart[level]:]))
	}
	ok = cover(k, curNode)
	if !branching && !k.knuth {
		k.upd += uint64(k.swaps) // the forced option's hide (see force)
	}
	if !ok {
		k.nf = 0
		deadEnds++
		goto abort
	}
	level++
	goto forward

backup:
	if level == 0 {
		goto done
	}
	level--
	curNode = uint32(c.choice[level])
	best = on32(k.on, curNode).itm
	curChoice = *u32(k.loc, curNode)
	branching = set[best-1] > 1

abort:
	if curChoice+1 >= best+uint32(set[best-1]) {
		if branching {
			c.bforce = c.bforce[:c.bstart[level]]
		}
		goto backup
	}
	saveptr = c.saved[level+1]
	k.active = uint32(saveptr - c.saved[level])
	restoreSizes(k, c.save[saveptr-int32(k.active):saveptr])
	curChoice++
	goto advance

done:
	c.bforce = c.bforce[:0]
	g.nodes = nodes
	return cellsOutcome{Status: status, Solutions: count, DeadEnds: deadEnds,
		Stats: core.Stats{Nodes: nodes - first, Updates: k.upd}}
}

// saveSizes saves the sizes of the first len(save) active items.
func saveSizes(k *cellsKern, save []cellsSave) {
	set, item := k.set, k.item
	for p := range save {
		x := *u32(item, uint32(p))
		save[p] = cellsSave{int32(x), int32(*u32(set, x-1))}
	}
}

// restoreSizes restores the sizes saveSizes saved.
func restoreSizes(k *cellsKern, save []cellsSave) {
	set := k.set
	for _, e := range save {
		*u32(set, uint32(e.x)-1) = uint32(e.size)
	}
}

// sortSet puts item x's active options in input order (node order).
func (c *cells) sortSet(x int32) {
	s := c.set[x : x+c.set[x-1]]
	slices.Sort(s)
	for i, y := range s {
		c.loc[y] = x + int32(i)
	}
}

// chosen appends the options chosen at the levels below level to r.sol
// and returns its length before.
func (c *cells) chosen(r *record, level int) int {
	base := len(r.sol)
	for _, y := range c.choice[:level] {
		r.sol = append(r.sol, c.option(y))
	}
	return base
}

// solution passes the solution at the given level (the options forced
// and replayed, then those chosen) to the record and t.visit.
func (c *cells) solution(t *task, level int) bool {
	r := t.rec
	base := c.chosen(r, level)
	ok := r.found(r.sol, t.visit)
	r.sol = r.sol[:base]
	return ok
}

// prefix hands the options chosen so far, and the counters so far, to
// t.onPrefix (the split).
func (c *cells) prefix(t *task, level int, at core.Stats) {
	r := t.rec
	base := c.chosen(r, level)
	t.onPrefix(r.sol[base:], at)
	r.sol = r.sol[:base]
}
