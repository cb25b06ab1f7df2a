package frontier

import "math/bits"

// A state is read from its key into masks of the extended window's cells
// (the square being processed at 0, the frontier after it at 1..W): the
// full cells (both moves chosen), the ends (one move chosen), and among
// the ends the tails (whose path leads to an end of the open tour); every
// other end is labelled, and part holds the cell of its path's other end.
//
// A key is the radix-11 number of the cell codes, cell 0 least
// significant, then the number of tour ends used. Its labels are
// canonical: the paths are numbered in the order of their first ends, so
// that one frontier has one key.
type state struct {
	full, end, tail uint32
	part            [maxWindow + 2]int8
}

// Kinds of a cell, from the masks.
const (
	kindEmpty = iota
	kindLabel
	kindTail
	kindFull
)

func (s *state) kind(i int) int {
	return int(s.end>>i&1) + int(s.tail>>i&1) + 3*int(s.full>>i&1)
}

// group is the number of digits read at a time, and groupSize radix^group.
const (
	group     = 4
	groupSize = radix * radix * radix * radix
	groups    = (maxWindow + 1 + group - 1) / group
)

// digits4 and masks4 hold, for every group of four digits, the four codes
// (a byte each) and the masks of their full cells (bits 0-3), ends (bits
// 4-7) and tails (bits 8-11).
var digits4, masks4 = func() (d *[groupSize]uint32, m *[groupSize]uint16) {
	d, m = new([groupSize]uint32), new([groupSize]uint16)
	for n := range groupSize {
		k := n
		for i := range group {
			c := k % radix
			k /= radix
			d[n] |= uint32(c) << (8 * i)
			switch {
			case c == cellFull:
				m[n] |= 1 << i
			case c == cellTail:
				m[n] |= 1<<(4+i) | 1<<(8+i)
			case c >= cellLabel:
				m[n] |= 1 << (4 + i)
			}
		}
	}
	return d, m
}()

// masksOf returns the full and end masks of the first w cells of key.
func masksOf(key uint64, w int) (full, end uint32) {
	for k := range groups {
		q := key / groupSize
		m := uint32(masks4[key-q*groupSize])
		full |= (m & 0xf) << (group * k)
		end |= (m >> 4 & 0xf) << (group * k)
		key = q
	}
	keep := uint32(1)<<w - 1
	return full & keep, end & keep
}

// load reads key into s (a zero state) for a window of w cells, and
// returns the number of tour ends used.
func (s *state) load(key uint64, w int) int {
	var d [group * groups]byte
	for k := range groups {
		q := key / groupSize
		r := key - q*groupSize
		c, m := digits4[r], uint32(masks4[r])
		d[group*k], d[group*k+1], d[group*k+2], d[group*k+3] = byte(c), byte(c>>8), byte(c>>16), byte(c>>24)
		s.full |= (m & 0xf) << (group * k)
		s.end |= (m >> 4 & 0xf) << (group * k)
		s.tail |= (m >> 8 & 0xf) << (group * k)
		key = q
	}
	keep := uint32(1)<<w - 1
	s.full &= keep
	s.end &= keep
	s.tail &= keep
	// Pair the labelled ends: the second cell of a label meets the first.
	var first [radix]int8
	for m := s.end &^ s.tail; m != 0; m &= m - 1 {
		i := bits.TrailingZeros32(m)
		c := d[i]
		if f := first[c]; f != 0 {
			s.part[i], s.part[f-1] = f-1, int8(i)
		} else {
			first[c] = int8(i + 1)
		}
	}
	return int(d[w])
}

// sums holds, for each byte of a mask, the sums of radix^i over its bits:
// a key's full cells add sums[k][byte k of the mask].
var sums = func() (t [3][256]uint64) {
	for k := range 3 {
		for b := range 256 {
			for i := range 8 {
				if b&(1<<i) != 0 && 8*k+i < len(pow) {
					t[k][b] += pow[8*k+i]
				}
			}
		}
	}
	return t
}()

// sum returns Σ radix^i over the cells of m.
func sum(m uint32) uint64 {
	return sums[0][m&0xff] + sums[1][m>>8&0xff] + sums[2][m>>16&0xff]
}

// key returns the canonical key of the frontier at cells 1..w of s (the
// processed square dropped) with ends tour ends used.
func (s *state) key(w, ends int) uint64 {
	k := uint64(ends)*pow[w] + sum(s.full>>1) + 2*sum(s.tail>>1)
	label := uint64(cellLabel)
	for m := (s.end &^ s.tail) >> 1; m != 0; label++ {
		a := bits.TrailingZeros32(m)
		b := int(s.part[a+1]) - 1
		k += label * (pow[a] + pow[b])
		m &^= 1<<a | 1<<b
	}
	return k
}
