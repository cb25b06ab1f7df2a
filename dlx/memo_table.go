package dlx

import (
	"math/big"
	"math/bits"

	"github.com/coverkit/coverkit/resource"
)

// The memo table of a memoized count: the exact key of each subproblem met
// (a fixed number of 64-bit words, see memo.go) and its count of solutions.
//
// Entries live in blocks of 2^bshift entries each (about 4 MiB; the first
// block grows by doubling while the table is small), each entry the key
// words followed by the count (two words, low first) and the nodes of the
// subproblem's plain search tree (see memoRun.virtual); they never move
// while the table grows, so a level of the search keeps the index of the
// entry it has reserved, and growing copies nothing. The slots are an
// open-addressing index over the entries: a slot holds the top 32 bits of
// the entry's hash and 1 + its index (0: empty). A slot is chosen by the
// top bits of the hash and probed linearly; a key matches only when every
// word is equal, so the hash only picks the slot and two subproblems never
// share a count.
//
// Counts below 2^126 are stored as they are. The top two bits of the high
// word mark the others: 10 a count held in big (its index in the low word),
// 11 an entry reserved by a search still computing its count (a "pending"
// entry, which a lookup treats as absent).
//
// Every step of growth (a block, the doubled slots) asks the resource
// policy first (resource.Grow) and stays within the table's budget,
// counting what the step holds while it is taken (the old slots beside the
// new ones) and what an eviction will need; a step refused makes the table
// full, and the search evicts and goes on, its count exact. Rehashing the
// slots and evicting are long on a large table: they look at live (the
// search's meter) as they go and give up when the search is stopped, so
// that a stop is not kept waiting by the table.
type memoTable struct {
	words   int        // key words per entry
	stride  int        // words + 3
	slots   []uint64   // fingerprint<<32 | entry+1, 0 when empty
	shift   uint       // 64 − log2(len(slots))
	blocks  [][]uint64 // the entries, 2^bshift a block
	bshift  uint
	bmask   int
	capN    int    // entries the blocks hold (each block holds exactly its entries)
	n       int    // entries in use
	budget  uint64 // bytes the table may take (slots, entries, big counts)
	full    bool   // the budget stopped an insertion: evict before the next
	filled  bool   // the budget was reached at least once
	broken  bool   // a stop cut an eviction short: the table answers nothing more
	evicted uint64 // entries evicted
	bigs    []*big.Int
	bigB    uint64 // bytes of the big counts
	// live, if set, reports whether the search may go on (see gauge.live);
	// long steps look at it every pollSlots slots or entries.
	live func() bool
}

const (
	markMask   = uint64(3) << 62
	markBig    = uint64(2) << 62
	markPend   = uint64(3) << 62
	minSlotLog = 10
	// maxLoad is the load (out of 8) at which the slots double.
	maxLoad = 5
	// blockBytes is about the size of a block of entries.
	blockBytes = 4 << 20
	// pollSlots is how many slots or entries a long step of the table
	// handles between two looks at live.
	pollSlots = 1 << 12
	// tomb marks a slot whose entry an eviction drops.
	tomb = 1<<32 - 1
)

// newMemoTable returns an empty table for keys of words words that may
// grow to about budget bytes.
func newMemoTable(words int, budget uint64) *memoTable {
	t := &memoTable{words: words, stride: words + 3, budget: budget}
	t.slots = make([]uint64, 1<<minSlotLog)
	t.shift = 64 - minSlotLog
	t.bshift = 6
	for (2<<t.bshift)*t.stride*8 <= blockBytes {
		t.bshift++
	}
	t.bmask = 1<<t.bshift - 1
	return t
}

// watch makes the run's table look at g's meter in its long steps (a
// search's gauge; a table shared by workers has none).
func (m *memoRun) watch(g *gauge) {
	if m.t != nil {
		m.t.live = g.live
	}
}

// live reports whether the search of the gauge may go on: its meter was
// not stopped (a halt, its context, the node budget). Before the first
// poll there is no meter, and nothing has stopped it.
func (g *gauge) live() bool { return g.m == nil || g.m.Live() }

// bytes returns the memory the table holds.
func (t *memoTable) bytes() uint64 {
	return uint64(cap(t.slots))*8 + uint64(t.capN*t.stride)*8 + t.bigB
}

// evictBytes is what evicting from a table of n entries allocates: a bit
// and a rank (four bytes) a 64 entries.
func evictBytes(n int) uint64 { return uint64(n)/8 + uint64(n)/16 + 16 }

// entry returns the words of entry e.
func (t *memoTable) entry(e int) []uint64 {
	b := t.blocks[e>>t.bshift]
	o := (e & t.bmask) * t.stride
	return b[o : o+t.stride : o+t.stride]
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
			b := t.blocks[e>>t.bshift]
			o := (e & t.bmask) * t.stride
			d := b[o : o+w : o+w]
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
	d := t.entry(e)[t.words:]
	hi := d[1]
	switch hi & markMask {
	case markPend:
		return count{}, 0, false
	case markBig:
		return count{big: t.bigs[d[0]]}, d[2], true
	}
	return count{lo: d[0], hi: hi}, d[2], true
}

// evict makes room in a full table: it drops about half of the entries
// whose count is known, those whose subproblems were cheapest to search
// (the fewest virtual nodes, the older on ties: a subproblem met again is
// searched again, and the search costs what it cost the first time),
// keeps the pending ones and the others in their order, and renumbers
// ents (the entries the search's levels have reserved, −1 for none; all
// pending, so kept) to their new indexes. It finds the cut by a radix
// select over the entries and drops the others from the slots where they
// are, so that it allocates a bit and a rank a 64 entries (evictBytes),
// never a copy of the entries or of the slots.
//
// It returns false when it made no room: no entry could go, or the search
// was stopped, before anything changed (the table is as it was) or while
// entries moved (the table is then broken: it finds nothing and stores
// nothing more, which keeps every count exact).
func (t *memoTable) evict(ents []int64) bool {
	if t.broken || !t.goOn() {
		return false
	}
	n := t.n
	cut, atCut, ok := t.cut()
	if !ok {
		return false
	}
	keep := make([]uint64, (n+63)/64)
	for e := range n {
		if e&(pollSlots-1) == pollSlots-1 && !t.goOn() {
			return false
		}
		d := t.entry(e)[t.words:]
		if d[1]&markMask != markPend {
			v := d[2]
			if v < cut || v == cut && atCut > 0 {
				if v == cut {
					atCut--
				}
				continue
			}
		}
		keep[e>>6] |= 1 << (e & 63)
	}
	rank := make([]uint32, len(keep)) // the entries kept before each word's first
	kept := 0
	for i, w := range keep {
		rank[i] = uint32(kept)
		kept += bits.OnesCount64(w)
	}
	if kept == n {
		return false
	}
	newIdx := func(e int) int {
		return int(rank[e>>6]) + bits.OnesCount64(keep[e>>6]&(1<<(e&63)-1))
	}
	for l, x := range ents {
		if x >= 0 {
			ents[l] = int64(newIdx(int(x)))
		}
	}
	// From here on the table changes: a stop breaks it.
	for i, s := range t.slots {
		if i&(pollSlots-1) == pollSlots-1 && !t.goOn() {
			t.breakOff()
			return false
		}
		if s == 0 {
			continue
		}
		if e := int(uint32(s)) - 1; keep[e>>6]&(1<<(e&63)) != 0 {
			t.slots[i] = s>>32<<32 | uint64(newIdx(e)+1)
		} else {
			t.slots[i] = s>>32<<32 | tomb
		}
	}
	for i := range t.slots {
		if i&(pollSlots-1) == pollSlots-1 && !t.goOn() {
			t.breakOff()
			return false
		}
		for uint32(t.slots[i]) == tomb {
			t.deleteAt(uint64(i))
		}
	}
	for e := range n {
		if e&(pollSlots-1) == pollSlots-1 && !t.goOn() {
			t.breakOff()
			return false
		}
		if keep[e>>6]&(1<<(e&63)) != 0 {
			if ne := newIdx(e); ne != e {
				copy(t.entry(ne), t.entry(e))
			}
		}
	}
	t.evicted += uint64(n - kept)
	t.n = kept
	// Keep the big counts of the kept entries only.
	if len(t.bigs) > 0 {
		bigs := t.bigs[:0:0]
		t.bigB = 0
		for e := range kept {
			d := t.entry(e)[t.words:]
			if d[1]&markMask == markBig {
				b := t.bigs[d[0]]
				d[0] = uint64(len(bigs))
				bigs = append(bigs, b)
				t.bigB += uint64(len(b.Bits()))*8 + 48
			}
		}
		t.bigs = bigs
	}
	t.full = false
	return true
}

// cut returns the virtual nodes at which evict cuts, the median of the
// known entries', and how many entries at the cut go (the older ones), as
// sorting them would: by a radix select, a byte at a time from the
// highest where they differ. ok is false when no entry is known or the
// search was stopped.
func (t *memoTable) cut() (cut uint64, atCut int, ok bool) {
	lo, hi, known := ^uint64(0), uint64(0), 0
	for e := range t.n {
		if e&(pollSlots-1) == pollSlots-1 && !t.goOn() {
			return 0, 0, false
		}
		if d := t.entry(e)[t.words:]; d[1]&markMask != markPend {
			lo, hi, known = min(lo, d[2]), max(hi, d[2]), known+1
		}
	}
	if known == 0 {
		return 0, 0, false
	}
	k := known / 2                         // the rank of the cut among the known entries
	top := 64 - bits.LeadingZeros64(lo^hi) // every known value has lo's bits from top up
	cut = lo &^ (1<<top - 1)
	for shift := (top+7)/8*8 - 8; shift >= 0; shift -= 8 {
		var hist [256]int
		high := ^uint64(0) << (shift + 8)
		for e := range t.n {
			if e&(pollSlots-1) == pollSlots-1 && !t.goOn() {
				return 0, 0, false
			}
			if d := t.entry(e)[t.words:]; d[1]&markMask != markPend && d[2]&high == cut {
				hist[d[2]>>shift&255]++
			}
		}
		for b, c := range hist {
			if k < c {
				cut |= uint64(b) << shift
				break
			}
			k -= c
		}
	}
	return cut, k, true
}

// deleteAt empties slot i and moves back the slots after it in its run
// that could no longer be found past the hole (Knuth's Algorithm R for
// linear probing).
func (t *memoTable) deleteAt(i uint64) {
	mask := uint64(len(t.slots) - 1)
	for j := i; ; {
		j = (j + 1) & mask
		s := t.slots[j]
		if s == 0 {
			break
		}
		k := (s >> 32) >> (t.shift - 32) // its home slot
		if i <= j && i < k && k <= j || i > j && (i < k || k <= j) {
			continue // its home is after the hole: it stays
		}
		t.slots[i] = s
		i = j
	}
	t.slots[i] = 0
}

// goOn reports whether the search the table serves may go on.
func (t *memoTable) goOn() bool { return t.live == nil || t.live() }

// breakOff leaves the table answering nothing, after a stop cut an
// eviction short: one empty slot, full, so that find finds nothing and
// reserve reserves nothing; set writes into blocks nobody reads.
func (t *memoTable) breakOff() {
	t.slots, t.shift = []uint64{0}, 64
	t.full, t.broken = true, true
}

// growStep is the outcome of a step of the table's growth.
type growStep uint8

const (
	stepTaken   growStep = iota
	stepRefused          // the budget or the resource policy allows no more
	stepStopped          // the search was stopped while the step was taken
)

// reserve adds key (hash h) as a pending entry at slot, as find returned
// it, and returns the entry's index, or −1 when the budget allows no more
// entries (full is then set: evict makes room) or the search was stopped
// while the table grew.
func (t *memoTable) reserve(h uint64, key []uint64, slot uint64) int {
	if t.full {
		return -1
	}
	if (t.n+1)*8 > len(t.slots)*maxLoad {
		switch t.growSlots() {
		case stepRefused:
			t.full, t.filled = true, true
			return -1
		case stepStopped:
			return -1
		}
		// The slot moved: find it again (the key is absent).
		_, slot = t.find(h, key)
	}
	if t.n == t.capN && !t.growData() {
		t.full, t.filled = true, true
		return -1
	}
	e := t.n
	t.n++
	d := t.entry(e)
	copy(d, key[:t.words])
	d[t.words], d[t.words+1], d[t.words+2] = 0, markPend, 0
	t.slots[slot] = h>>32<<32 | uint64(e+1)
	return e
}

// set stores the count of the pending entry e and the nodes of its plain
// search tree.
func (t *memoTable) set(e int, c count, v uint64) {
	d := t.entry(e)[t.words:]
	d[2] = v
	if c.big == nil && c.hi < 1<<62 {
		d[0], d[1] = c.lo, c.hi
		return
	}
	b := c.toBig()
	d[0], d[1] = uint64(len(t.bigs)), markBig
	t.bigs = append(t.bigs, b)
	t.bigB += uint64(len(b.Bits()))*8 + 48
}

// ask checks a step of growth of step bytes, taken while the table holds
// held bytes, for a table of entries entries: against the budget, with
// room left for an eviction, and against the resource policy.
func (t *memoTable) ask(held, step uint64, entries int) bool {
	if held+step+evictBytes(entries) > t.budget {
		return false
	}
	return resource.Grow("dlx: the memo table", held, step) == nil
}

// growSlots doubles the slots if the budget and the resource policy allow
// it; it gives up, leaving the table as it was, when the search is
// stopped while it rehashes.
func (t *memoTable) growSlots() growStep {
	n := len(t.slots) * 2
	if uint64(n) > 1<<32 || !t.ask(t.bytes(), uint64(n)*8, t.capN) {
		return stepRefused
	}
	slots := make([]uint64, n)
	shift := t.shift - 1
	mask := uint64(n - 1)
	for j, s := range t.slots {
		if j&(pollSlots-1) == pollSlots-1 && t.live != nil && !t.live() {
			return stepStopped
		}
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
	return stepTaken
}

// growData makes room for more entries, returning false when not one more
// fits: while the table is small its first block doubles (copying what it
// holds) up to the size of a block; then a block is added, or the part of
// one that the budget leaves, after which the table grows no more.
func (t *memoTable) growData() bool {
	full := 1 << t.bshift
	used := t.bytes()
	words := func(entries int) uint64 { return uint64(entries*t.stride) * 8 }
	var want int
	switch {
	case len(t.blocks) == 0 || len(t.blocks) == 1 && t.capN < full:
		// The copy is at most a block: the budget counts the table
		// after it.
		want = min(max(2*t.capN, 64), full)
		for want > t.capN && !t.ask(used-words(t.capN), words(want), want) {
			want = t.capN + (want-t.capN)/2
		}
		if want <= t.capN {
			return false
		}
		b := make([]uint64, want*t.stride)
		if len(t.blocks) == 0 {
			t.blocks = append(t.blocks, b)
		} else {
			copy(b, t.blocks[0])
			t.blocks[0] = b
		}
	case t.capN == len(t.blocks)*full && uint64(len(t.blocks)) < 1<<32>>t.bshift:
		want = full
		for want >= full/16 && !t.ask(used, words(want), t.capN+want) {
			want /= 2
		}
		if want < full/16 {
			return false
		}
		t.blocks = append(t.blocks, make([]uint64, want*t.stride))
		want += t.capN
	default:
		return false // the last block was cut to the budget
	}
	t.capN = want
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
