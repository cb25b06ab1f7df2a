package dlx

import (
	"math"
	"slices"
	"unsafe"

	"github.com/coverkit/coverkit/core"
)

// The dancing-cells search. The hot steps read the arrays through base
// pointers (at, onAt): every index they use is an offset or a node that
// the arrays were built to hold, and the bounds checks of the slices cost
// about a fifth of the time.

// at returns the address of the int32 at index i of the array at p.
func at(p unsafe.Pointer, i int32) *int32 { return (*int32)(unsafe.Add(p, uintptr(i)<<2)) }

// onAt returns the address of node y of the array at p.
func onAt(p unsafe.Pointer, y int32) *cellsOn { return (*cellsOn)(unsafe.Add(p, uintptr(y)<<3)) }

// u32 and on32 are at and onAt for an index held as a uint32: the hot
// loops use them, and its zero extension is free.
func u32(p unsafe.Pointer, i uint32) *uint32 { return (*uint32)(unsafe.Add(p, uintptr(i)*4)) }

type cellsOn32 struct{ itm, nxt uint32 }

func on32(p unsafe.Pointer, y uint32) *cellsOn32 { return (*cellsOn32)(unsafe.Add(p, uintptr(y)*8)) }

// ati and oni are at and onAt for an index held as an int, which the
// hot loops use: it scales in the addressing mode with no extension.
func ati(p unsafe.Pointer, i int) *int32   { return (*int32)(unsafe.Add(p, i*4)) }
func oni(p unsafe.Pointer, y int) *cellsOn { return (*cellsOn)(unsafe.Add(p, y*8)) }

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
// c.sol holding the forced options, under the gauge c.g: Knuth's SSXCC
// (Algorithm 7.2.2.1C on sparse sets), breaking ties as tree says. It
// counts the solutions, passes each to visit (which may stop the search),
// and stops after limit solutions (0: none).
//
// The stacks cannot overflow: a level covers a primary item, so there are
// at most nprim levels; below a branching level each primary item goes on
// the forced stack at most once (when its set shrinks from two options to
// one) or once by the scan that finds it with one option, which happens
// only where the stack is empty.
func (c *cells) search(tree cellTree, limit uint64, visit func([]int) bool) cellsOutcome {
	var (
		setp, itemp = c.setp, c.itemp
		fp          = unsafe.Pointer(unsafe.SliceData(c.force))
		knuth       = tree == cellsKnuth
		active      = c.active
		second      = c.second
		level       int
		nodes       = c.g.nodes
		first       = nodes
		updates     uint64
		work        uint64 // items scanned and nodes, with the updates: the meter's work
		count       uint64
		deadEnds    uint64
		status      = core.StatusExhausted
		best        int32 // the item of this level
		curChoice   int32 // the place in best's set of the option tried
		curNode     int32 // the option tried
		saveptr     int32 // the saved sizes in use
		nf          int32 // the forced stack's height
		branching   bool  // this level saved the sizes: best had options to choose from
		ok          bool
		u           uint64
	)
	c.nfst = -1
	// An active primary item without options leaves no search (SSXCC's
	// "bad item"): a dead end at the root.
	for k := range active {
		if x := *at(itemp, k); x < second && *at(setp, x-1) == 0 {
			return cellsOutcome{Status: status, DeadEnds: 1}
		}
	}
	workBound, ok := c.g.begin(nodes, 0)
	if !ok {
		status = c.g.status()
		goto done
	}

forward:
	if updates+work >= workBound {
		// (Every node adds at least one unit of work: see gauge.)
		if workBound, ok = c.g.next(nodes, updates+work); !ok {
			status = c.g.status()
			goto done
		}
	}
	nodes++
	work++
	// A forced move: with Knuth's tree the last one met that is still
	// active, with the canonical tree the first in input order.
	if nf > 0 {
		if knuth {
			for nf > 0 {
				nf--
				if best = *at(fp, nf); *at(setp, best-2) < active {
					goto force
				}
			}
		} else if best, nf = firstForced(setp, fp, nf, active); best != 0 {
			goto force
		}
	}
	{
		// The item with the fewest options, the first in input order on
		// ties; items with at most one option go on the forced stack.
		var t int32
		best, t, nf = chooseCells(setp, itemp, fp, nf, active, second)
		work += uint64(active)
		if nf > 0 {
			if knuth {
				nf--
				best = *at(fp, nf)
			} else {
				best, nf = firstForced(setp, fp, nf, active)
			}
			goto force
		}
		if t == math.MaxInt32 {
			count++
			if !c.solution(level, visit) || count == limit {
				status = core.StatusFound
				goto done
			}
			goto backup
		}
	}
	// Branch on best: hide its options, save the sizes of the items left
	// active, and try its options (in input order with the canonical
	// tree).
	active = swapOutCells(setp, itemp, best, active)
	updates++
	if knuth {
		updates += c.hideAll(best, active)
	} else {
		c.bstart[level] = int32(len(c.bforce))
		u, c.bforce = c.hidePush(best, active, c.bforce)
		updates += u
		c.sortSet(best)
	}
	curChoice = best
	if n := int(saveptr + active); n > len(c.save) {
		c.save = slices.Grow(c.save, n-len(c.save))
		c.save = c.save[:cap(c.save)]
	}
	saveSizes(setp, itemp, c.save[saveptr:saveptr+active])
	saveptr += active
	c.saved[level+1] = saveptr
	branching = true
	goto advance

force:
	active = swapOutCells(setp, itemp, best, active)
	updates++
	updates += c.hideAll(best, active)
	curChoice = best
	c.saved[level+1] = saveptr
	branching = false

advance:
	curNode = *at(setp, curChoice)
	c.choice[level] = curNode
	if !knuth && branching {
		nf = int32(copy(c.force, c.bforce[c.bstart[level]:]))
	}
	if c.clr == nil {
		active, nf, u, ok = c.coverPlain(curNode, active, nf, knuth)
	} else {
		active, nf, u, ok = c.coverColored(curNode, active, nf, knuth)
	}
	updates += u
	if !ok {
		nf = 0
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
	curNode = c.choice[level]
	best = onAt(c.onp, curNode).itm
	curChoice = *at(c.locp, curNode)
	branching = *at(setp, best-1) > 1

abort:
	if curChoice+1 >= best+*at(setp, best-1) {
		if !knuth && branching {
			c.bforce = c.bforce[:c.bstart[level]]
		}
		goto backup
	}
	saveptr = c.saved[level+1]
	active = saveptr - c.saved[level]
	restoreSizes(setp, c.save[saveptr-active:saveptr])
	curChoice++
	goto advance

done:
	c.bforce = c.bforce[:0]
	c.g.nodes = nodes
	return cellsOutcome{Status: status, Solutions: count, DeadEnds: deadEnds,
		Stats: core.Stats{Nodes: nodes - first, Updates: updates}}
}

// swapOutCells makes item x inactive, swapping it with the last active
// item, and returns the new number of active items.
func swapOutCells(setp, itemp unsafe.Pointer, x, active int32) int32 {
	active--
	pp := *at(setp, x-2)
	cc := *at(itemp, active)
	*at(itemp, active) = x
	*at(itemp, pp) = cc
	*at(setp, cc-2) = pp
	*at(setp, x-2) = active
	return active
}

// chooseCells scans the active items for the primary one with the fewest
// options, the first in input order on ties, and pushes those with at
// most one option on the forced stack (at fp, of height nf): it returns
// that item and its size (math.MaxInt32 if there is none) and the new
// height.
func chooseCells(setp, itemp, fp unsafe.Pointer, nf, active, second int32) (best, t, nfOut int32) {
	t = math.MaxInt32
	for k := int32(0); k < active; k++ {
		x := *at(itemp, k)
		if x >= second {
			continue
		}
		s := *at(setp, x-1)
		if s <= 1 {
			*at(fp, nf) = x
			nf++
		} else if s < t || s == t && x < best {
			best, t = x, s
		}
	}
	return best, t, nf
}

// firstForced returns the first item in input order (the least offset) of
// the forced stack (at fp, of height nf) that is still active, dropping
// those that are not, and the new height; 0 if none is active.
func firstForced(setp, fp unsafe.Pointer, nf, active int32) (best, nfOut int32) {
	w := int32(0)
	for k := int32(0); k < nf; k++ {
		x := *at(fp, k)
		if *at(setp, x-2) < active {
			*at(fp, w) = x
			w++
			if best == 0 || x < best {
				best = x
			}
		}
	}
	return best, w
}

// saveSizes saves the sizes of the first len(save) active items.
func saveSizes(setp, itemp unsafe.Pointer, save []cellsSave) {
	for k := range save {
		x := *at(itemp, int32(k))
		save[k] = cellsSave{x, *at(setp, x-1)}
	}
}

// restoreSizes restores the sizes saveSizes saved.
func restoreSizes(setp unsafe.Pointer, save []cellsSave) {
	for _, e := range save {
		*at(setp, e.x-1) = e.size
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

// remove takes node nn out of item uu's set, whose size becomes ss: it
// swaps nn with the set's last active node. (SSXCC's update.)
func remove(setp, locp unsafe.Pointer, uu, ss, nn int32) {
	nnp := *at(setp, uu+ss)
	vv := *at(locp, nn)
	*at(setp, uu-1) = ss
	*at(setp, uu+ss) = nn
	*at(setp, vv) = nnp
	*at(locp, nn) = uu + ss
	*at(locp, nnp) = vv
}

// hideAll removes the options of item x's set from the other active
// items' sets, without looking at what it leaves (SSXCC's hide(x, 0, 0)),
// and returns the updates. The active items are the first active of the
// list; in a problem with colors, the others are left alone.
func (c *cells) hideAll(x, active int32) uint64 {
	setp, onp, locp := c.setp, c.onp, c.locp
	var upd uint64
	for rr, end := x, x+*at(setp, x-1); rr < end; rr++ {
		tt := *at(setp, rr)
		for nn := onAt(onp, tt).nxt; nn != tt; nn = onAt(onp, nn).nxt {
			uu := onAt(onp, nn).itm
			if *at(setp, uu-2) >= active {
				continue // purified (colors)
			}
			remove(setp, locp, uu, *at(setp, uu-1)-1, nn)
			upd++
		}
	}
	return upd
}

// hidePush is hideAll for the canonical tree's branching item: it also
// pushes on forced the primary items whose sets shrink to one option.
func (c *cells) hidePush(x, active int32, forced []int32) (uint64, []int32) {
	setp, onp, locp, second := c.setp, c.onp, c.locp, c.second
	var upd uint64
	for rr, end := x, x+*at(setp, x-1); rr < end; rr++ {
		tt := *at(setp, rr)
		for nn := onAt(onp, tt).nxt; nn != tt; nn = onAt(onp, nn).nxt {
			uu := onAt(onp, nn).itm
			if *at(setp, uu-2) >= active {
				continue // purified (colors)
			}
			ss := *at(setp, uu-1) - 1
			if ss == 1 && uu < second {
				forced = append(forced, uu)
			}
			remove(setp, locp, uu, ss, nn)
			upd++
		}
	}
	return upd, forced
}

// cellsRare is what the hiding loops read only when a set shrinks to one
// option or none, kept behind one pointer so that the loops hold no
// register for it.
type cellsRare struct {
	second int            // offsets below second are primary items
	active int            // the active items
	fp     unsafe.Pointer // the forced stack
	nf     int32          // its height
	knuth  bool           // give up at the first item without options
	zero   bool           // an active primary item was left without options
}

// coverPlain chooses option node cur in a problem without colors: it makes
// the option's other items inactive and hides the options they rule out,
// pushing on the forced stack the primary items still active whose sets
// shrink to one option. It returns the new number of active items, the
// stack's height, the updates, and false if an active primary item is
// left without options: Knuth's tree gives up at once, the canonical tree
// once the item it is hiding is done. Without colors every node of an
// option in an active set is in an active item or in cur's, so no node
// needs the test of coverColored.
func (c *cells) coverPlain(cur, active, nf int32, knuth bool) (int32, int32, uint64, bool) {
	setp, itemp, onp, locp := c.setp, c.itemp, c.onp, c.locp
	var upd uint64
	for q := onAt(onp, cur).nxt; q != cur; q = onAt(onp, q).nxt {
		if x := onAt(onp, q).itm; *at(setp, x-2) < active {
			active = swapOutCells(setp, itemp, x, active)
			upd++
		}
	}
	r := cellsRare{second: int(c.second), active: int(active), fp: unsafe.Pointer(unsafe.SliceData(c.force)), nf: nf, knuth: knuth}
	for q := onAt(onp, cur).nxt; q != cur; q = onAt(onp, q).nxt {
		u, ok := hidePlain(setp, locp, onp, uint32(onAt(onp, q).itm), &r)
		upd += uint64(u)
		if !ok {
			return active, r.nf, upd, false
		}
	}
	return active, r.nf, upd, true
}

// hidePlain hides the options of item x's set in a problem without
// colors (SSXCC's hide(x, 0, 1)) and returns the updates and false if it
// left an active primary item without options (see coverPlain).
func hidePlain(setp, locp, onp unsafe.Pointer, x uint32, r *cellsRare) (int, bool) {
	upd := 0
	sizep := unsafe.Add(setp, -4) // sizep[x] is set[x−1], x's size
	for rr, end := x, x+*u32(sizep, x); rr < end; rr++ {
		tt := *u32(setp, rr)
		for nn := on32(onp, tt).nxt; nn != tt; {
			uu := on32(onp, nn).itm
			ss := *u32(sizep, uu) - 1
			if int32(ss) <= 1 && r.rare(setp, uu, ss) {
				return upd, false
			}
			// Swap nn with the last node of uu's set, and shorten it.
			nnp := *u32(setp, uu+ss)
			vv := *u32(locp, nn)
			*u32(sizep, uu) = ss
			*u32(setp, uu+ss) = nn
			*u32(setp, vv) = nnp
			*u32(locp, nn) = uu + ss
			*u32(locp, nnp) = vv
			upd++
			nn = on32(onp, nn).nxt
		}
	}
	return upd, !r.zero
}

// rare looks at item uu, whose set shrinks to ss ≤ 1 options: a primary
// item still active goes on the forced stack (ss = 1) or leaves no
// solution (ss = 0); it returns true if the hiding is to stop at once
// (Knuth's tree).
func (r *cellsRare) rare(setp unsafe.Pointer, uu, ss uint32) bool {
	if int(uu) >= r.second || int(*u32(setp, uu-2)) >= r.active {
		return false
	}
	if ss == 0 {
		r.zero = true
		return r.knuth
	}
	*at(r.fp, r.nf) = int32(uu)
	r.nf++
	return false
}

// coverColored is coverPlain in a problem with colors: a secondary item of
// cur already purified above is left alone, one purified now keeps the
// options of cur's color, and nodes in inactive items are skipped.
func (c *cells) coverColored(cur, active, nf int32, knuth bool) (int32, int32, uint64, bool) {
	setp, itemp, onp, locp, clrp, fp, second := c.setp, c.itemp, c.onp, c.locp, c.clrp, unsafe.Pointer(unsafe.SliceData(c.force)), c.second
	var upd uint64
	oactive := active
	for q := onAt(onp, cur).nxt; q != cur; q = onAt(onp, q).nxt {
		if x := onAt(onp, q).itm; *at(setp, x-2) < active {
			active = swapOutCells(setp, itemp, x, active)
			upd++
		}
	}
	for q := onAt(onp, cur).nxt; q != cur; q = onAt(onp, q).nxt {
		x := onAt(onp, q).itm
		var col int32
		if x >= second {
			if *at(setp, x-2) >= oactive {
				continue // purified at a level above
			}
			col = *at(clrp, q)
		}
		zero := false
		for rr, end := x, x+*at(setp, x-1); rr < end; rr++ {
			tt := *at(setp, rr)
			if col != 0 && *at(clrp, tt) == col {
				continue
			}
			for nn := onAt(onp, tt).nxt; nn != tt; nn = onAt(onp, nn).nxt {
				uu := onAt(onp, nn).itm
				if *at(setp, uu-2) >= oactive {
					continue
				}
				ss := *at(setp, uu-1) - 1
				if ss <= 1 && uu < second && *at(setp, uu-2) < active {
					if ss == 0 {
						if knuth {
							return active, nf, upd, false
						}
						zero = true
					} else {
						*at(fp, nf) = uu
						nf++
					}
				}
				remove(setp, locp, uu, ss, nn)
				upd++
			}
		}
		if zero {
			return active, nf, upd, false
		}
	}
	return active, nf, upd, true
}

// solution records the solution at the given level in c.sol (after the
// forced options), keeps the first one, and passes it to visit.
func (c *cells) solution(level int, visit func([]int) bool) bool {
	base := len(c.sol)
	for _, y := range c.choice[:level] {
		c.sol = append(c.sol, c.option(y))
	}
	sol := c.sol
	c.sol = c.sol[:base]
	if c.nfst < 0 {
		c.frst = append(c.frst[:0], sol...)
		c.nfst = len(sol)
	}
	if visit != nil {
		return visit(sol)
	}
	return true
}
