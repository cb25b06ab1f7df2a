package join

import (
	"math/bits"
	"unsafe"
)

// The sieve of the join counter (see join.go): it counts the pairs of a
// pattern s of one set and t of another with s & t == 0, each pair
// weighted by t's weight.
//
// The patterns of the first set are taken in blocks of up to jsBlock. A
// block is transposed into one group per pattern bit (a bit per pattern of
// the block: the patterns that have that bit). The pattern bits are cut
// into chunks of jsChunk; for every chunk and every value v of its bits the
// table keeps the patterns of the block that share no bit with v. A
// pattern t of the other set then costs one lookup per chunk — words ANDs
// each — and words popcounts, with no branch, for up to 64·words pairs. A
// block's table (chunks × 32 groups of up to 64 bytes, 14 KiB at n = 18)
// stays in the first-level cache while the other set streams through it.
// A block of fewer patterns uses fewer words (1, 2, 4 or 8).

const (
	jsChunk   = 5                 // pattern bits looked up at once
	jsVals    = 1 << jsChunk      // values of a chunk
	jsWords   = 8                 // most words of a group
	jsBlock   = 64 * jsWords      // most patterns of a block
	jsSlots   = 16 * jsVals       // table slots: up to 16 chunks (80 bits)
	jsTabLen  = jsSlots * jsWords // table words
	jsMaskLen = jsTabLen - 1      // index mask of the table
	jsColsLen = 64 * jsWords      // transposed words
	jsColMask = jsColsLen - 1     // index mask of the transposed words
)

// jsTable is a block in transposed, chunked form: with w words a group,
// tab[(c·jsVals+v)·w : +w] holds the patterns of the block that share no
// bit with the value v of chunk c.
type jsTable [jsTabLen]uint64

// jSieve is one worker's sieve block.
type jSieve struct {
	tab    *jsTable // 64-byte aligned: see newJSieve
	cols   [jsColsLen]uint64
	chunks int // chunks of a pattern
	words  int // words of a group in the current block
	// Whether blocks of 8 and of 4 words go to the assembly kernel.
	asm8, asm4 bool
}

// newJSieve returns a sieve block for patterns of the given chunks. Its
// table starts on a 64-byte boundary, so that each group of 8 words lies in
// one cache line: the allocator aligns a large object only to 8 bytes
// here, and an AVX-512 load split across two lines made the kernel 3×
// slower than the portable one on an Intel Xeon.
func newJSieve(chunks int) *jSieve {
	const line = 64
	buf := make([]uint64, jsTabLen+line/8-1)
	off := 0
	for uintptr(unsafe.Pointer(&buf[off]))%line != 0 {
		off++
	}
	return &jSieve{tab: (*jsTable)(buf[off : off+jsTabLen]), chunks: chunks}
}

// jsChunksOf returns the chunks of a pattern of the given bits.
func jsChunksOf(patBits int) int { return max(1, (patBits+jsChunk-1)/jsChunk) }

// jsWordsFor returns the words of a group for a block of n patterns: a
// power of two.
func jsWordsFor(n int) int {
	switch {
	case n <= 64:
		return 1
	case n <= 128:
		return 2
	case n <= 256:
		return 4
	}
	return 8
}

// build transposes the block pats (at most jsBlock) and fills its table.
func (s *jSieve) build(pats []uint64) {
	wd := jsWordsFor(len(pats))
	s.words = wd
	cols := s.cols[:64*wd]
	var m [64]uint64
	for w := range wd {
		lo := min(64*w, len(pats))
		hi := min(lo+64, len(pats))
		if lo == hi { // past the block: no pattern
			for k := range 64 {
				cols[(k*wd+w)&jsColMask] = 0
			}
			continue
		}
		clear(m[copy(m[:], pats[lo:hi]):])
		jsTranspose(&m)
		for k, c := range m {
			cols[(k*wd+w)&jsColMask] = c
		}
	}
	var valid [jsWords]uint64
	for w := range wd {
		left := len(pats) - 64*w
		switch {
		case left >= 64:
			valid[w] = ^uint64(0)
		case left > 0:
			valid[w] = uint64(1)<<uint(left) - 1
		}
	}
	tab := s.tab
	for c := 0; c < s.chunks; c++ {
		base := c * jsVals * wd
		copy(tab[base&jsMaskLen:], valid[:wd])
		for v := 1; v < jsVals; v++ {
			k := (c*jsChunk + bits.TrailingZeros(uint(v))) & 63
			prev := base + (v&(v-1))*wd
			dst := base + v*wd
			col := k * wd
			for w := range wd {
				tab[(dst+w)&jsMaskLen] = tab[(prev+w)&jsMaskLen] &^ cols[(col+w)&jsColMask]
			}
		}
	}
}

// jsTranspose transposes the 64×64 bit matrix m in place: bit k of m[i]
// becomes bit i of m[k]. Six rounds swap ever smaller blocks (Hacker's
// Delight, § 7–3): 384 word operations where setting bit by bit costs one
// dependent read-modify-write per set bit.
func jsTranspose(m *[64]uint64) {
	for k := range 32 {
		jsSwap(m, k, 32, 0x00000000ffffffff)
	}
	for b := 0; b < 64; b += 32 {
		for k := b; k < b+16; k++ {
			jsSwap(m, k, 16, 0x0000ffff0000ffff)
		}
	}
	for b := 0; b < 64; b += 16 {
		for k := b; k < b+8; k++ {
			jsSwap(m, k, 8, 0x00ff00ff00ff00ff)
		}
	}
	for b := 0; b < 64; b += 8 {
		for k := b; k < b+4; k++ {
			jsSwap(m, k, 4, 0x0f0f0f0f0f0f0f0f)
		}
	}
	for b := 0; b < 64; b += 4 {
		jsSwap(m, b, 2, 0x3333333333333333)
		jsSwap(m, b+1, 2, 0x3333333333333333)
	}
	for k := 0; k < 64; k += 2 {
		jsSwap(m, k, 1, 0x5555555555555555)
	}
}

// jsSwap swaps the bits of m[k] at the positions p+j with those of m[k+j]
// at the positions p, for the positions p in mask.
func jsSwap(m *[64]uint64, k, j int, mask uint64) {
	k &= 63
	l := (k + j) & 63
	t := (m[k]>>uint(j&63) ^ m[l]) & mask
	m[k] ^= t << uint(j&63)
	m[l] ^= t
}

// jsOffsets returns offs[:0] with the table slots of the patterns pats
// appended, one per chunk of each: what the assembly kernel reads.
func jsOffsets(offs []uint16, pats []uint64, chunks int) []uint16 {
	offs = offs[:0]
	for _, t := range pats {
		for c := range chunks {
			offs = append(offs, uint16(c*jsVals)|uint16(t>>uint(c*jsChunk)&(jsVals-1)))
		}
	}
	return offs
}

// jsMatchGo is the portable kernel: the sum over the streamed patterns
// pats[i] of wts[i] times the patterns of the block compatible with it. The
// table slot of chunk c of a pattern is c·jsVals plus the chunk's value,
// computed from the pattern as it is streamed.
func jsMatchGo(s *jSieve, pats []uint64, wts []uint8) uint64 {
	pats = pats[:len(wts)]
	switch s.words {
	case 1:
		return jsMatch1(s.tab, pats, wts, s.chunks)
	case 2:
		return jsMatch2(s.tab, pats, wts, s.chunks)
	case 4:
		return jsMatch4(s.tab, pats, wts, s.chunks)
	}
	return jsMatch8(s.tab, pats, wts, s.chunks)
}

func jsMatch8(tab *jsTable, pats []uint64, wts []uint8, chunks int) uint64 {
	const wd = 8
	var total uint64
	for i, wt := range wts {
		x := pats[i]
		b := int(x&(jsVals-1)) * wd
		a0, a1, a2, a3 := tab[b&jsMaskLen], tab[(b+1)&jsMaskLen], tab[(b+2)&jsMaskLen], tab[(b+3)&jsMaskLen]
		a4, a5, a6, a7 := tab[(b+4)&jsMaskLen], tab[(b+5)&jsMaskLen], tab[(b+6)&jsMaskLen], tab[(b+7)&jsMaskLen]
		for c := jsVals * wd; c < chunks*jsVals*wd; c += jsVals * wd {
			x >>= jsChunk
			b := c + int(x&(jsVals-1))*wd
			a0 &= tab[b&jsMaskLen]
			a1 &= tab[(b+1)&jsMaskLen]
			a2 &= tab[(b+2)&jsMaskLen]
			a3 &= tab[(b+3)&jsMaskLen]
			a4 &= tab[(b+4)&jsMaskLen]
			a5 &= tab[(b+5)&jsMaskLen]
			a6 &= tab[(b+6)&jsMaskLen]
			a7 &= tab[(b+7)&jsMaskLen]
		}
		c := bits.OnesCount64(a0) + bits.OnesCount64(a1) + bits.OnesCount64(a2) + bits.OnesCount64(a3) +
			bits.OnesCount64(a4) + bits.OnesCount64(a5) + bits.OnesCount64(a6) + bits.OnesCount64(a7)
		total += uint64(c) * uint64(wt)
	}
	return total
}

func jsMatch4(tab *jsTable, pats []uint64, wts []uint8, chunks int) uint64 {
	const wd = 4
	var total uint64
	for i, wt := range wts {
		x := pats[i]
		b := int(x&(jsVals-1)) * wd
		a0, a1, a2, a3 := tab[b&jsMaskLen], tab[(b+1)&jsMaskLen], tab[(b+2)&jsMaskLen], tab[(b+3)&jsMaskLen]
		for c := jsVals * wd; c < chunks*jsVals*wd; c += jsVals * wd {
			x >>= jsChunk
			b := c + int(x&(jsVals-1))*wd
			a0 &= tab[b&jsMaskLen]
			a1 &= tab[(b+1)&jsMaskLen]
			a2 &= tab[(b+2)&jsMaskLen]
			a3 &= tab[(b+3)&jsMaskLen]
		}
		c := bits.OnesCount64(a0) + bits.OnesCount64(a1) + bits.OnesCount64(a2) + bits.OnesCount64(a3)
		total += uint64(c) * uint64(wt)
	}
	return total
}

func jsMatch2(tab *jsTable, pats []uint64, wts []uint8, chunks int) uint64 {
	const wd = 2
	var total uint64
	for i, wt := range wts {
		x := pats[i]
		b := int(x&(jsVals-1)) * wd
		a0, a1 := tab[b&jsMaskLen], tab[(b+1)&jsMaskLen]
		for c := jsVals * wd; c < chunks*jsVals*wd; c += jsVals * wd {
			x >>= jsChunk
			b := c + int(x&(jsVals-1))*wd
			a0 &= tab[b&jsMaskLen]
			a1 &= tab[(b+1)&jsMaskLen]
		}
		total += uint64(bits.OnesCount64(a0)+bits.OnesCount64(a1)) * uint64(wt)
	}
	return total
}

func jsMatch1(tab *jsTable, pats []uint64, wts []uint8, chunks int) uint64 {
	var total uint64
	for i, wt := range wts {
		x := pats[i]
		a0 := tab[int(x&(jsVals-1))&jsMaskLen]
		for c := jsVals; c < chunks*jsVals; c += jsVals {
			x >>= jsChunk
			a0 &= tab[(c+int(x&(jsVals-1)))&jsMaskLen]
		}
		total += uint64(bits.OnesCount64(a0)) * uint64(wt)
	}
	return total
}

// jsDirect counts the compatible pairs of s and t one by one, each
// weighted by t's weight: for sets too small for a block.
func jsDirect(s, t []uint64, wts []uint8) uint64 {
	var total uint64
	for _, a := range s {
		for i, b := range t {
			// 1 if a&b == 0, without a branch.
			z := (a&b - 1) >> 63 & ^((a & b) >> 63)
			total += z * uint64(wts[i])
		}
	}
	return total
}
