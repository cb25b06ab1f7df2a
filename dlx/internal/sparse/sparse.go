package sparse

import (
	"math"
	"unsafe"
)

// Kern is what the hot steps of a dancing-cells search read and write, in
// one block so that a step takes one pointer: the arrays' bases (see the
// package comment), the active items, the forced stack and the updates.
type Kern struct {
	Set, Loc, On, Item, Clr unsafe.Pointer // &set[0], &loc[0], &on[0], &item[0], &clr[0] (nil without colors)
	Force                   unsafe.Pointer // &force[0]: the stack of items with one option left
	Second                  uint32         // offsets below Second are primary items
	Active                  uint32         // the active items: item[:Active]
	NF                      uint32         // the forced stack's height
	Knuth                   bool           // Knuth's tree (see CoverPlainGo)
	Zero                    bool           // a step left an active primary item without options
	Swaps                   uint32         // the items the last choice made inactive
	APrim                   uint32         // the active primary items
	Upd                     uint64         // the updates so far
	Asm                     bool           // HideBranch may run in assembly (dance.Resolve's choice)
	From                    bool           // the canonical tree's cover takes cur's own item too (see CoverPlainGo)
}

// The offsets of Kern's fields, for the assembly's layout test.
const (
	OffSet    = unsafe.Offsetof(Kern{}.Set)
	OffLoc    = unsafe.Offsetof(Kern{}.Loc)
	OffOn     = unsafe.Offsetof(Kern{}.On)
	OffItem   = unsafe.Offsetof(Kern{}.Item)
	OffForce  = unsafe.Offsetof(Kern{}.Force)
	OffSecond = unsafe.Offsetof(Kern{}.Second)
	OffActive = unsafe.Offsetof(Kern{}.Active)
	OffNF     = unsafe.Offsetof(Kern{}.NF)
	OffKnuth  = unsafe.Offsetof(Kern{}.Knuth)
	OffZero   = unsafe.Offsetof(Kern{}.Zero)
	OffSwaps  = unsafe.Offsetof(Kern{}.Swaps)
	OffAPrim  = unsafe.Offsetof(Kern{}.APrim)
	OffUpd    = unsafe.Offsetof(Kern{}.Upd)
	OffFrom   = unsafe.Offsetof(Kern{}.From)
)

// CoverPlain is CoverPlainAsm if asm, else CoverPlainGo. The choice of
// kernel is dlx's one choice for both engines (dance.Resolve: the
// assembly where the build has it, the Go kernel when a test forces it).
func CoverPlain(asm bool, k *Kern, cur uint32) bool {
	if asm {
		return CoverPlainAsm(k, cur)
	}
	return CoverPlainGo(k, cur)
}

// u32 returns the address of the uint32 at index i of the array at p.
func u32(p unsafe.Pointer, i uint32) *uint32 { return (*uint32)(unsafe.Add(p, uintptr(i)*4)) }

// node is a node of the on array: its item's offset, the next node of its
// option.
type node struct{ itm, nxt uint32 }

// on32 returns the address of node y of the array at p.
func on32(p unsafe.Pointer, y uint32) *node { return (*node)(unsafe.Add(p, uintptr(y)*8)) }

// push puts primary item uu, whose set has shrunk to one option, on top
// of the forced stack (Knuth's tree takes the last met first; the
// canonical tree, the active one with the least offset).
func (k *Kern) push(uu uint32) {
	*u32(k.Force, k.NF) = uu
	k.NF++
}

// rare is the hiding loops' step for an item uu whose set shrinks to ss ≤
// 1 options, with Knuth's tree and with colors: an active primary item
// goes on the forced stack (ss = 1) or leaves the option chosen without a
// solution (ss = 0, Zero). It returns true if the hiding is to stop: at
// once, as SSXCC does (the canonical tree does not count the updates of
// an option it drops: see dlx's cells).
//
//go:noinline
func (k *Kern) rare(uu, ss uint32) bool {
	if uu >= k.Second || *u32(k.Set, uu-2) >= k.Active {
		return false
	}
	if ss == 1 {
		k.push(uu)
		return false
	}
	k.Zero = true
	return true
}

// hideItem removes the options of item x's set but the one whose node
// there is q (the option chosen) from the other active items' sets in a
// problem without colors (SSXCC's hide(x, 0, 1)), and returns false, at
// once, if it left an active primary item without options. Without
// colors every node of an option in an active set is in an active item
// or in one of the option's items just made inactive, so no node needs a
// test. With Knuth's tree it pushes on the forced stack the active
// primary items whose sets shrink to one option (rare); with the
// canonical tree, every primary item whose set shrinks to at most one
// option, active or not, by a store and an addition (see CoverPlainGo),
// and moves q to the front of x's set first (x is inactive, and the
// canonical tree does not depend on the order of the sets), so that the
// walk of the set needs no test for it: that test's branch, taken once a
// set at a place no predictor learns, cost about 5% of Langford's and
// the sudoku sets' time.
func hideItem(k *Kern, x, q uint32) bool {
	set, loc, on, second, knuth := k.Set, k.Loc, k.On, k.Second, k.Knuth
	sizes := unsafe.Add(set, -4) // sizes[x] is set[x−1], x's size
	upd := k.Upd
	fp := unsafe.Add(k.Force, uintptr(k.NF)*4)
	rr, end := x, x+*u32(sizes, x)
	if p := *u32(loc, q); !knuth && p < end {
		// The canonical tree: the option chosen goes first in x's set, and
		// the walk starts after it, with no test of each node for it.
		// (Where it is past the set's end, the option hidden before, the
		// walk takes the whole set.)
		t := *u32(set, x)
		*u32(set, x), *u32(set, p) = q, t
		*u32(loc, q), *u32(loc, t) = x, p
		rr++
	}
walk:
	for ; rr < end; rr++ {
		tt := *u32(set, rr)
		if knuth && tt == q {
			continue
		}
		for nn := on32(on, tt).nxt; nn != tt; nn = on32(on, nn).nxt {
			uu := on32(on, nn).itm
			ss := *u32(sizes, uu) - 1
			if knuth {
				if int32(ss) <= 1 && k.rare(uu, ss) {
					k.Upd = upd
					return false
				}
			} else {
				// uu is primary if d < 0. Left without options and
				// active, it ends the hiding; with at most one option
				// it is pushed, by a store and an addition.
				d := int32(uu - second)
				if int32(ss-1)&d < 0 && *u32(set, uu-2) < k.Active {
					k.Zero = true
					break walk
				}
				*(*uint32)(fp) = uu
				fp = unsafe.Add(fp, uintptr(uint32(int32(ss-2)&d)>>31)*4)
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
	if !knuth {
		k.NF = uint32((uintptr(fp) - uintptr(k.Force)) / 4)
	}
	k.Upd = upd
	return !k.Zero
}

// CoverPlainGo chooses the option of node cur in a problem without
// colors: it makes the option's other items inactive (Swaps of them) and
// removes the options they rule out from the other active items' sets
// (SSXCC's hide of each, passing over the option itself wherever it is
// still in a set). It returns false, at once, if an active primary item
// is left without options. It pushes on the forced stack the primary
// items whose sets shrink to one option: with Knuth's tree the active
// ones, in the order met (he takes the last first); with the canonical
// tree, without a branch, every one whose set shrinks to at most one
// option, active or not, in no order (the search takes the active one
// with the least offset and one option). Sizes only shrink between the
// search's restores, so there each primary item is pushed at most twice
// (at one option, at none), and the stack holds at most twice the primary
// items.
//
// With k.From (the canonical tree only: prepare's forced options), cur's
// own item is made inactive first and its set hidden too, but for the
// option itself, as if the option's first node were a spacer.
func CoverPlainGo(k *Kern, cur uint32) bool {
	on := k.On
	deactivate(k, cur)
	if k.From && !hideItem(k, on32(on, cur).itm, cur) {
		return false
	}
	for q := on32(on, cur).nxt; q != cur; q = on32(on, q).nxt {
		if !hideItem(k, on32(on, q).itm, q) {
			return false
		}
	}
	return true
}

// deactivate makes the other items of the option of node cur inactive
// (Swaps of them: those still active), swapping each with the last active
// item, and counts an update for each.
func deactivate(k *Kern, cur uint32) {
	set, item, on := k.Set, k.Item, k.On
	p := k.Active
	q := on32(on, cur).nxt
	if k.From {
		q = cur
	}
	for first := k.From; first || q != cur; q, first = on32(on, q).nxt, false {
		x := on32(on, q).itm
		if pp := *u32(set, x-2); pp < p {
			p--
			cc := *u32(item, p)
			*u32(item, p) = x
			*u32(item, pp) = cc
			*u32(set, cc-2) = pp
			*u32(set, x-2) = p
			if x < k.Second {
				k.APrim--
			}
		}
	}
	k.Swaps = k.Active - p
	k.Upd += uint64(k.Swaps)
	k.Active = p
	k.Zero = false
}

// CoverColored is CoverPlainGo in a problem with colors (clr: each node's
// color, 0 for none): a secondary item of cur purified above is left
// alone, one purified now keeps the options of cur's color, and nodes in
// items inactive before cur are skipped.
func CoverColored(k *Kern, cur uint32) bool {
	set, on, loc, clr, second := k.Set, k.On, k.Loc, k.Clr, k.Second
	sizes := unsafe.Add(set, -4)
	oactive := k.Active
	deactivate(k, cur)
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
				k.Upd++
			}
		}
		if k.Zero {
			return false
		}
	}
	return true
}

// HideBranch removes the options of the branching item x from the other
// active items' sets (SSXCC's hide(x, 0, 0)). With forced (the canonical
// tree) it also appends to it the primary items whose sets shrink to one
// option or none, which the search looks at below each option of x.
//
// In a problem without colors, with k.Asm, it runs in assembly, whose
// pushes take no branch: it writes every item met at the top of forced,
// which rises where the item is pushed, so forced must have room for one
// entry past its pushes (the search's stacks hold twice the primary
// items and more: an item's set shrinks to one option once and to none
// once between the restores).
func HideBranch(k *Kern, x uint32, forced *[]int32) {
	if haveAsm && k.Asm && k.Clr == nil && forced != nil {
		n := len(*forced)
		f := (*forced)[:n+1] // (the room past the top: checked)
		*forced = f[:n+int(hideBranchPlain(k, x, &f[n]))]
		return
	}
	set, loc, on, active, second := k.Set, k.Loc, k.On, k.Active, k.Second
	sizes := unsafe.Add(set, -4)
	upd := k.Upd
	for rr, end := x, x+*u32(sizes, x); rr < end; rr++ {
		tt := *u32(set, rr)
		for nn := on32(on, tt).nxt; nn != tt; nn = on32(on, nn).nxt {
			uu := on32(on, nn).itm
			if *u32(set, uu-2) >= active {
				continue // purified (colors)
			}
			ss := *u32(sizes, uu) - 1
			if ss <= 1 && uu < second && forced != nil {
				*forced = append(*forced, int32(uu))
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
	k.Upd = upd
}

// SwapOut makes item x inactive, swapping it with the last active item.
func SwapOut(k *Kern, x uint32) {
	set, item := k.Set, k.Item
	k.Active--
	a := k.Active
	pp := *u32(set, x-2)
	cc := *u32(item, a)
	*u32(item, a) = x
	*u32(item, pp) = cc
	*u32(set, cc-2) = pp
	*u32(set, x-2) = a
	if x < k.Second {
		k.APrim--
	}
	k.Upd++
}

// Choose scans the active items for the primary one with the fewest
// options (more than one), the first in input order on ties, and pushes
// those with at most one option on the forced stack, in the order of the
// scan: it returns that item and its size (math.MaxUint32 if there is
// none). (SSXCC's choice of item.)
func Choose(k *Kern) (best, size uint32) {
	set, item, fp, second := k.Set, k.Item, k.Force, k.Second
	sizes := unsafe.Add(set, -4)
	size = math.MaxUint32
	nf := k.NF
	for p := uint32(0); p < k.Active; p++ {
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
	k.NF = nf
	return best, size
}

// Least returns the active primary item with the fewest options, the
// first in input order on ties, and that number (math.MaxUint32 if no
// primary item is active): Choose where no active primary item has fewer
// than two options, so that there is nothing to push. Its scan takes no
// branch but the loop's: each item's size and offset make one key, whose
// least is kept by a conditional move (secondary items: no key).
func Least(k *Kern) (best, size uint32) {
	set, item, second := k.Set, k.Item, k.Second
	sizes := unsafe.Add(set, -4)
	least := uint64(math.MaxUint64)
	for p := uint32(0); p < k.Active; p++ {
		x := *u32(item, p)
		key := uint64(*u32(sizes, x))<<32 | uint64(x)
		key |= uint64(int64(int32(second-1-x)) >> 63) // all ones if secondary
		least = min(least, key)
	}
	if least == math.MaxUint64 {
		return 0, math.MaxUint32
	}
	return uint32(least), uint32(least >> 32)
}

// First returns the first active primary item, in input order, with the
// fewest options and that number (math.MaxUint32 if no primary item is
// active) and the items it looked at. It walks prim, the primary items in
// input order, and stops at the first active one with at most two
// options, or once it has seen every active one: at a node where no
// active primary item has fewer than two options (every one with one
// option is on the forced stack, or taken), that is the choice of Choose,
// found without a scan of the whole list. It pays where most primary
// items are active (see Scan).
func First(k *Kern, prim []int32) (best, size, scanned uint32) {
	set, active, left := k.Set, k.Active, k.APrim
	// The least key (size, offset) so far, as in Least: the walk's only
	// branches are the loop's and its two ways out.
	least := uint64(math.MaxUint64)
	i := 0
	for ; i < len(prim) && left > 0 && least>>32 > 2; i++ {
		x := uint32(prim[i])
		on := uint32(int32(*u32(set, x-2)-active) >> 31) // all ones if active
		left -= on & 1
		key := uint64(*u32(set, x-1))<<32 | uint64(x)
		least = min(least, key|uint64(int64(int32(^on))))
	}
	if least == math.MaxUint64 {
		return 0, math.MaxUint32, uint32(i)
	}
	return uint32(least), uint32(least >> 32), uint32(i)
}

// Scan is the choice of item at a node where no active primary item has
// fewer than two options: First where most primary items are active (half
// or more of prim), whose walk in input order then stops early, or where
// prim is no longer than the active items (secondary ones included: the
// queens' diagonals), which Least would walk; else the scan of the
// active items (Least).
func Scan(k *Kern, prim []int32) (best, size, scanned uint32) {
	if 2*k.APrim >= uint32(len(prim)) || uint32(len(prim)) <= k.Active {
		return First(k, prim)
	}
	best, size = Least(k)
	return best, size, k.Active
}
