package dlx

import (
	"encoding/binary"
	"math/bits"
	"unsafe"

	"github.com/coverkit/coverkit/dlx/internal/dance"
)

// The plain dancing steps of a search that counts its dead items: the
// active primary items left without options (problems without colors,
// Options.TakeSingleton). With that count a node where an item has died
// meets its dead end at once, without scanning the items, and otherwise the
// first item with one option is the exact choice of Knuth's MRV rule, so
// the choice can stop there: Knuth's tree at about the cost of a choice
// that stops at the first singleton. Each step is the plain one of
// dance.go (coverPlain, uncoverPlain, coverOthersPlain,
// uncoverOthersPlain) returning also the change in dead items: the first
// two here, the other two, which take most of the time, in package
// dlx/internal/dance (Go and amd64 kernels; Solver.kernel picks one).
//
// Hiding never touches the list of an inactive item, whose length stays as
// it was when it was covered; so an item whose length reaches 0 or leaves
// it, or that is covered or uncovered with length 0, is all there is to
// watch. The count takes no branch: zero is 1 exactly when length l is
// 0, and only a primary item's length can be 0, for the search adds
// secondaryBias to every secondary item's length while it runs
// (biasSecondary; lengths stay below 2^31).

// The steps also keep a flag byte per item (Solver.one, byte h for item
// h): 1 if the item is active with at most one option left, else 0,
// written without a branch. With no dead item the choice is the first
// primary item flagged, which firstOne finds by reading the flags 8 at a
// time in the ring's order (the order of the item numbers) instead of
// following the ring from record to record.

// flag returns the flag of the item with header ref h.
func flag(ob unsafe.Pointer, h uint32) *uint8 { return (*uint8)(unsafe.Add(ob, h/nodeSize)) }

// atMostOne returns 1 if 0 ≤ l ≤ 1, else 0.
func atMostOne(l int32) uint8 { return uint8((uint32(l) - 2) >> 31) }

// firstOne returns the number of the first item flagged among the flags
// at ob (items 0 to 8·words−1, the last word masked by last), or 0 if there
// is none, and how many words it read. It reads two words a step, through
// fixed-size arrays (no bounds checks: the flags array holds 8·words
// bytes at least).
func firstOne(ob unsafe.Pointer, words int, last uint64) (h, n uint32) {
	i := 0
	for ; i+2 < words; i += 2 {
		a := binary.LittleEndian.Uint64((*[8]byte)(unsafe.Add(ob, 8*i))[:])
		b := binary.LittleEndian.Uint64((*[8]byte)(unsafe.Add(ob, 8*i+8))[:])
		if a|b != 0 {
			if a != 0 {
				return uint32(8*i + bits.TrailingZeros64(a)/8), uint32(i + 2)
			}
			return uint32(8*i + 8 + bits.TrailingZeros64(b)/8), uint32(i + 2)
		}
	}
	for ; i < words; i++ {
		w := binary.LittleEndian.Uint64((*[8]byte)(unsafe.Add(ob, 8*i))[:])
		if i == words-1 {
			w &= last
		}
		if w != 0 {
			return uint32(8*i + bits.TrailingZeros64(w)/8), uint32(i + 1)
		}
	}
	return 0, uint32(words)
}

// zero returns 1 if l is 0, else 0 (l ≥ 0). The search biases the
// lengths of the secondary items by secondaryBias while it runs, so that
// only a primary item's length reaches 0.
func zero(l int32) int32 { return int32((uint32(l) - 1) >> 31) }

// secondaryBias is added to the length of every secondary item while a
// search with the dead count runs (biasSecondary): far above any length,
// far below the overflow of an int32.
const secondaryBias = 1 << 30

// coverPlainD is coverPlain(hr), returning also the change in dead items.
func (l *links) coverPlainD(hr uint32) (u uint64, dead int32) {
	nb, ib, ob := l.nbase, l.ibase, l.obase
	l.unlinkItem(hr)
	u = 1
	dead = -zero(itr(ib, hr).len)
	*flag(ob, hr) = 0
	for p := nd(nb, hr).down; p != hr; p = nd(nb, p).down {
		for q := next(nb, p); q != p; {
			nq := nd(nb, q)
			x := nq.top
			up, dn := nq.up, nq.down
			nd(nb, up).down = dn
			nd(nb, dn).up = up
			r := itr(ib, uint32(x))
			n := r.len - 1
			r.len = n
			dead += zero(n)
			*flag(ob, uint32(x)) = atMostOne(n)
			u++
			q = uint32(nq.color)
		}
	}
	return u, dead
}

// uncoverPlainD undoes coverPlainD(hr), returning the change in dead items.
func (l *links) uncoverPlainD(hr uint32) (dead int32) {
	nb, ib, ob := l.nbase, l.ibase, l.obase
	for p := nd(nb, hr).up; p != hr; p = nd(nb, p).up {
		for q := next(nb, p); q != p; {
			nq := nd(nb, q)
			x := nq.top
			nd(nb, nq.up).down = q
			nd(nb, nq.down).up = q
			r := itr(ib, uint32(x))
			n := r.len
			dead -= zero(n)
			r.len = n + 1
			*flag(ob, uint32(x)) = atMostOne(n + 1)
			q = uint32(nq.color)
		}
	}
	l.relinkItem(hr)
	*flag(ob, hr) = atMostOne(itr(ib, hr).len)
	return dead + zero(itr(ib, hr).len)
}

// coverOthersD is coverOthersPlain(x), returning also the change in dead
// items: the kernel of package dance.
func (l *links) coverOthersD(x uint32) (u uint64, dead int32) {
	if l.kernel == dance.Asm {
		return dance.CoverOthersAsm(l.nbase, l.ibase, l.obase, x)
	}
	return dance.CoverOthersGo(l.nbase, l.ibase, l.obase, x)
}

// uncoverOthersD undoes coverOthersD(x), returning the change in dead
// items.
func (l *links) uncoverOthersD(x uint32) (dead int32) {
	if l.kernel == dance.Asm {
		return dance.UncoverOthersAsm(l.nbase, l.ibase, l.obase, x)
	}
	return dance.UncoverOthersGo(l.nbase, l.ibase, l.obase, x)
}

// startDead prepares the dead count for a search from the current state:
// it biases the secondary items' lengths (see zero), sets the flags (1 for
// each active primary item with at most one option) and returns the
// number of active primary items without options. endDead undoes the
// bias.
func (l *links) startDead() int32 {
	l.biasSecondary(secondaryBias)
	ib := l.ibase
	clear(l.one)
	var n int32
	for h := itr(ib, 0).next; h != 0; {
		r := itr(ib, h)
		if r.len == 0 {
			n++
		}
		l.one[h/nodeSize] = atMostOne(r.len)
		h = r.next
	}
	return n
}

// deadCount returns the number of active primary items without options:
// the dead count of a search whose bias and flags hold (one going on
// after a stop).
func (l *links) deadCount() int32 {
	ib := l.ibase
	var n int32
	for h := itr(ib, 0).next; h != 0; h = itr(ib, h).next {
		n += zero(itr(ib, h).len)
	}
	return n
}

// endDead undoes the bias of startDead.
func (l *links) endDead() { l.biasSecondary(-secondaryBias) }

// biasSecondary adds b to the length of every secondary item, active or
// not (see zero).
func (l *links) biasSecondary(b int32) {
	ib := l.ibase
	for h := l.nprim + 1; h <= l.nitems; h++ {
		itr(ib, ref(h)).len += b
	}
}

// coverDead is cover(hr) returning also the change in dead items: the
// dead count's step without colors, cover with colors (where no dead item
// is counted: 0). uncoverDead, coverOthersDead and uncoverOthersDead are
// the same for the others: the memoized count takes these.
func (l *links) coverDead(hr uint32) (uint64, int32) {
	if l.colored {
		return l.cover(hr), 0
	}
	return l.coverPlainD(hr)
}

// uncoverDead undoes coverDead(hr).
func (l *links) uncoverDead(hr uint32) (dead int32) {
	if !l.colored {
		return l.uncoverPlainD(hr)
	}
	l.uncover(hr)
	return dead
}

// coverOthersDead is coverOthers(x) returning also the change in dead
// items (see coverDead).
func (l *links) coverOthersDead(x uint32) (uint64, int32) {
	if l.colored {
		return l.coverOthersColored(x), 0
	}
	return l.coverOthersD(x)
}

// uncoverOthersDead undoes coverOthersDead(x).
func (l *links) uncoverOthersDead(x uint32) int32 {
	if l.colored {
		l.uncoverOthersColored(x)
		return 0
	}
	return l.uncoverOthersD(x)
}
