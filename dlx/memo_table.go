package dlx

import (
	"math/big"
	"math/bits"
	"slices"
)

// The memo table of a memoized count: the exact key of each subproblem met
// (a fixed number of 64-bit words, see memo.go) and its count of solutions.
//
// Entries live in one flat array, each the key words followed by the count
// (two words, low first) and the nodes of the subproblem's plain search
// tree (see memoRun.virtual); they never move, so a level of the search keeps
// the index of the entry it has reserved. The slots are an open-addressing
// index over the entries: a slot holds the top 32 bits of the entry's hash
// and 1 + its index (0: empty). A slot is chosen by the top bits of the
// hash and probed linearly; a key matches only when every word is equal, so
// the hash only picks the slot and two subproblems never share a count.
//
// Counts below 2^126 are stored as they are. The top two bits of the high
// word mark the others: 10 a count held in big (its index in the low word),
// 11 an entry reserved by a search still computing its count (a "pending"
// entry, which a lookup treats as absent).
type memoTable struct {
	words   int      // key words per entry
	stride  int      // words + 3
	slots   []uint64 // fingerprint<<32 | entry+1, 0 when empty
	shift   uint     // 64 − log2(len(slots))
	data    []uint64 // the entries
	n       int      // entries in use
	budget  uint64   // bytes the table may take (slots, entries, big counts)
	full    bool     // the budget stopped an insertion: evict before the next
	filled  bool     // the budget was reached at least once
	evicted uint64   // entries evicted
	bigs    []*big.Int
	bigB    uint64 // bytes of the big counts
}

const (
	markMask   = uint64(3) << 62
	markBig    = uint64(2) << 62
	markPend   = uint64(3) << 62
	minSlotLog = 10
	// maxLoad is the load (out of 8) at which the slots double.
	maxLoad = 5
)

// newMemoTable returns an empty table for keys of words words that may
// grow to about budget bytes.
func newMemoTable(words int, budget uint64) *memoTable {
	t := &memoTable{words: words, stride: words + 3, budget: budget}
	t.slots = make([]uint64, 1<<minSlotLog)
	t.shift = 64 - minSlotLog
	return t
}

// bytes returns the memory the table holds.
func (t *memoTable) bytes() uint64 {
	return uint64(cap(t.slots))*8 + uint64(cap(t.data))*8 + t.bigB
}

// find returns the entry holding key (whose hash is h), or −1 and the slot
// where it would go.
func (t *memoTable) find(h uint64, key []uint64) (entry int, slot uint64) {
	fp := h >> 32
	mask := uint64(len(t.slots) - 1)
	i := h >> t.shift
	w := t.words
	for {
		s := t.slots[i]
		if s == 0 {
			return -1, i
		}
		if s>>32 == fp {
			e := int(uint32(s)) - 1
			o := e * t.stride
			d := t.data[o : o+w : o+w]
			same := true
			for k, v := range key[:w] {
				if d[k] != v {
					same = false
					break
				}
			}
			if same {
				return e, i
			}
		}
		i = (i + 1) & mask
	}
}

// value returns the count of entry e, the nodes of its plain search tree,
// and whether they are known (the entry is not pending).
func (t *memoTable) value(e int) (c count, v uint64, ok bool) {
	o := e*t.stride + t.words
	hi := t.data[o+1]
	switch hi & markMask {
	case markPend:
		return count{}, 0, false
	case markBig:
		return count{big: t.bigs[t.data[o]]}, t.data[o+2], true
	}
	return count{lo: t.data[o], hi: hi}, t.data[o+2], true
}

// reserve adds key (hash h) as a pending entry at slot, as find returned
// it, and returns the entry's index, or −1 when the budget allows no more
// entries (full is then set: evict makes room).
func (t *memoTable) reserve(h uint64, key []uint64, slot uint64) int {
	if t.full {
		return -1
	}
	if (t.n+1)*8 > len(t.slots)*maxLoad {
		if !t.growSlots() {
			t.full, t.filled = true, true
			return -1
		}
		// The slot moved: find it again (the key is absent).
		_, slot = t.find(h, key)
	}
	if len(t.data)+t.stride > cap(t.data) && !t.growData() {
		t.full, t.filled = true, true
		return -1
	}
	e := t.n
	t.n++
	t.data = append(t.data, key[:t.words]...)
	t.data = append(t.data, 0, markPend, 0)
	t.slots[slot] = h>>32<<32 | uint64(e+1)
	return e
}

// set stores the count of the pending entry e and the nodes of its plain
// search tree.
func (t *memoTable) set(e int, c count, v uint64) {
	o := e*t.stride + t.words
	t.data[o+2] = v
	if c.big == nil && c.hi < 1<<62 {
		t.data[o], t.data[o+1] = c.lo, c.hi
		return
	}
	b := c.toBig()
	t.data[o], t.data[o+1] = uint64(len(t.bigs)), markBig
	t.bigs = append(t.bigs, b)
	t.bigB += uint64(len(b.Bits()))*8 + 48
}

// evict makes room in a full table: it drops about half of the entries
// whose count is known, those whose subproblems were cheapest to search
// (the fewest virtual nodes, the older on ties: a subproblem met again is
// searched again, and the search costs what it cost the first time), keeps
// the pending ones and the others in their order, and returns the new
// index of each old entry (−1 when dropped), for the search to renumber
// the entries it has reserved.
func (t *memoTable) evict() []int32 {
	vs := make([]uint64, 0, t.n)
	for e := range t.n {
		o := e*t.stride + t.words
		if t.data[o+1]&markMask != markPend {
			vs = append(vs, t.data[o+2])
		}
	}
	slices.Sort(vs)
	var cut uint64 // drop the entries below cut, and the older half of those at cut
	atCut := 0     // entries at cut still to drop
	if len(vs) > 0 {
		cut = vs[len(vs)/2]
		for _, v := range vs[:len(vs)/2] {
			if v == cut {
				atCut++
			}
		}
	}
	newIdx := make([]int32, t.n)
	n := 0
	for e := range t.n {
		o := e * t.stride
		if d := t.data[o+t.words+1]; d&markMask != markPend {
			v := t.data[o+t.words+2]
			if v < cut || v == cut && atCut > 0 {
				if v == cut {
					atCut--
				}
				newIdx[e] = -1
				continue
			}
		}
		newIdx[e] = int32(n)
		if n != e {
			copy(t.data[n*t.stride:(n+1)*t.stride], t.data[o:o+t.stride])
		}
		n++
	}
	t.evicted += uint64(t.n - n)
	t.n = n
	t.data = t.data[:n*t.stride]
	// Keep the big counts of the kept entries only.
	if len(t.bigs) > 0 {
		bigs := t.bigs[:0:0]
		t.bigB = 0
		for e := range n {
			o := e*t.stride + t.words
			if t.data[o+1]&markMask == markBig {
				b := t.bigs[t.data[o]]
				t.data[o] = uint64(len(bigs))
				bigs = append(bigs, b)
				t.bigB += uint64(len(b.Bits()))*8 + 48
			}
		}
		t.bigs = bigs
	}
	// Put the kept entries' slots back, each by its fingerprint.
	var kept []uint64
	for _, s := range t.slots {
		if s != 0 {
			if e := newIdx[uint32(s)-1]; e >= 0 {
				kept = append(kept, s>>32<<32|uint64(e+1))
			}
		}
	}
	clear(t.slots)
	mask := uint64(len(t.slots) - 1)
	for _, s := range kept {
		i := (s >> 32) >> (t.shift - 32)
		for t.slots[i] != 0 {
			i = (i + 1) & mask
		}
		t.slots[i] = s
	}
	t.full = false
	return newIdx
}

// growSlots doubles the slots if the budget allows it.
func (t *memoTable) growSlots() bool {
	n := len(t.slots) * 2
	if uint64(n) > 1<<32 || t.bytes()+uint64(n)*8 > t.budget {
		return false
	}
	slots := make([]uint64, n)
	shift := t.shift - 1
	mask := uint64(n - 1)
	for _, s := range t.slots {
		if s == 0 {
			continue
		}
		// The fingerprint is the top 32 bits of the hash, and the slot is
		// chosen by its top bits: at most 32 of them.
		i := (s >> 32) >> (shift - 32)
		for slots[i] != 0 {
			i = (i + 1) & mask
		}
		slots[i] = s
	}
	t.slots, t.shift = slots, shift
	return true
}

// growData makes room for more entries (doubling, or what the budget
// leaves), returning false when not one more fits.
func (t *memoTable) growData() bool {
	want := max(2*cap(t.data), 64*t.stride)
	used := t.bytes() - uint64(cap(t.data))*8
	if used >= t.budget {
		return false
	}
	if room := (t.budget - used) / 8; uint64(want) > room {
		want = int(room)
	}
	want -= want % t.stride
	if want < len(t.data)+t.stride || uint64(len(t.slots)) > 1<<32 {
		return false
	}
	d := make([]uint64, len(t.data), want)
	copy(d, t.data)
	t.data = d
	return true
}

// count is an exact count of solutions: 128 bits (lo, hi), or big when it
// has grown beyond them.
type count struct {
	lo, hi uint64
	big    *big.Int
}

// add returns c + d, switching to big on a carry out of 128 bits.
func (c count) add(d count) count {
	if c.big == nil && d.big == nil {
		lo, carry := bits.Add64(c.lo, d.lo, 0)
		hi, carry := bits.Add64(c.hi, d.hi, carry)
		if carry == 0 {
			return count{lo: lo, hi: hi}
		}
	}
	return count{big: new(big.Int).Add(c.toBig(), d.toBig())}
}

// toBig returns c as a big.Int (a new one unless c is big already).
func (c count) toBig() *big.Int {
	if c.big != nil {
		return c.big
	}
	b := new(big.Int).SetUint64(c.hi)
	b.Lsh(b, 64)
	return b.Or(b, new(big.Int).SetUint64(c.lo))
}

// isZero reports whether c is 0.
func (c count) isZero() bool {
	return c.big == nil && c.lo == 0 && c.hi == 0 || c.big != nil && c.big.Sign() == 0
}
