package frontier

import (
	"math/bits"
)

// table is an open-addressing hash table of states with linear probing:
// slot i holds a state's key plus one (0 marks an empty slot) and then its
// count in width words, least significant first, all in one flat array so
// that a probe touches one cache line. One worker owns it.
type table struct {
	s      []uint64
	width  int    // count words
	stride uint64 // 1 + width
	bits   uint   // log2 of the capacity
	mask   uint64 // capacity − 1
	n      int    // occupied slots
}

// minBits is the log2 of the smallest capacity.
const minBits = 4

// maxLoad is the occupied fraction at which a table grows, in 64ths.
const maxLoad = 45 // 0.70

// tableBytes returns the bytes of a table of 2^bits slots of width count
// words.
func tableBytes(bits uint, width int) uint64 { return 8 * uint64(1+width) << bits }

// bitsFor returns the least log2 capacity that holds n states under
// maxLoad.
func bitsFor(n uint64) uint {
	b := uint(minBits)
	for (uint64(1)<<b)*maxLoad/64 < n {
		b++
	}
	return b
}

// free gives the table's memory back; t must not be used afterwards.
func (t *table) free() {
	if t != nil && t.s != nil {
		freeWords(t.s)
		t.s = nil
	}
}

// limit is the number of states the table holds before it must grow.
func (t *table) limit() int { return int((uint64(1) << t.bits) * maxLoad / 64) }

// home returns the first slot probed for key (murmur3's finalizer: keys
// are radix-11 numbers whose low digits vary together).
func (t *table) home(key uint64) uint64 {
	h := key
	h ^= h >> 33
	h *= 0xff51afd7ed558ccd
	h ^= h >> 33
	h *= 0xc4ceb9fe1a85ec53
	h ^= h >> 33
	return h >> (64 - t.bits)
}

// add adds the count c (at most width words) to key's entry, probing
// from slot i, and makes the entry if there is none; it reports whether
// the entry is new and whether a count overflowed the table's width (its
// counts are then wrong, and the bucket must be made again with wider
// counts).
func (t *table) add(i, key uint64, c []uint64) (fresh, over bool) {
	k1 := key + 1
	s, st := t.s, t.stride
	for ; ; i = (i + 1) & t.mask {
		p := i * st
		switch s[p] {
		case k1:
			if st == 2 {
				s[p+1] += c[0]
				return false, s[p+1] < c[0]
			}
			return false, addWords(s[p+1:p+st], c)
		case 0:
			s[p] = k1
			copy(s[p+1:p+st], c)
			t.n++
			return true, false
		}
	}
}

// grow doubles the table's capacity, keeping its entries.
func (t *table) grow() error {
	old := t.s
	oldEnd := t.stride << t.bits
	s, err := allocWords(int(t.stride << (t.bits + 1)))
	if err != nil {
		return err
	}
	t.s, t.bits, t.mask, t.n = s, t.bits+1, 1<<(t.bits+1)-1, 0
	for p := uint64(0); p < oldEnd; p += t.stride {
		if k := old[p]; k != 0 {
			t.add(t.home(k-1), k-1, old[p+1:p+t.stride])
		}
	}
	freeWords(old)
	return nil
}

// addWords adds c to x (c no wider than x) and reports a carry out of
// the top word of x.
func addWords(x, c []uint64) bool {
	var carry uint64
	for j := range x {
		var cj uint64
		if j < len(c) {
			cj = c[j]
		}
		x[j], carry = bits.Add64(x[j], cj, carry)
	}
	return carry != 0
}

// reset empties the table for width count words and 2^bits slots,
// keeping its memory when it is large enough.
func (t *table) reset(bits uint, width int) error {
	words := int(uint64(1+width) << bits)
	if len(t.s) < words {
		t.free()
		s, err := allocWords(words)
		if err != nil {
			return err
		}
		t.s = s
	} else {
		clear(t.s[:words])
	}
	t.width, t.stride, t.bits, t.mask, t.n = width, uint64(1+width), bits, 1<<bits-1, 0
	return nil
}

// each calls f with every entry of the table.
func (t *table) each(f func(key uint64, c []uint64)) {
	s, st := t.s, t.stride
	end := st << t.bits
	for p := uint64(0); p < end; p += st {
		if k := s[p]; k != 0 {
			f(k-1, s[p+1:p+st])
		}
	}
}
