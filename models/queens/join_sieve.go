package queens

import "math/bits"

// The sieve of the join counter (see join.go): it counts, for every west
// pattern b, the east patterns a with a & b == 0, weighted by b's weight.
//
// East patterns are taken in blocks of jsBlock. A block is transposed into
// one jsGroup (a bit per pattern of the block) per pattern bit: the
// patterns that do not have that bit. The pattern bits are cut into chunks
// of jsChunk; for every chunk and every value v of its bits the block keeps
// the AND of the groups of v's bits: the patterns compatible with v on
// that chunk. A west pattern then costs one lookup per chunk, jsWords ANDs
// each and jsWords popcounts, whatever the size of the block: about 64
// word operations for 512 pairs, with no branch. A block's table
// (chunks × 32 groups of 64 bytes, 14 KiB at n = 18) stays in the first
// level cache while every west pattern of the row split goes through it.

const (
	jsChunk     = 5                       // pattern bits looked up at once
	jsVals      = 1 << jsChunk            // values of a chunk
	jsWords     = 8                       // words of a group
	jsBlock     = 64 * jsWords            // east patterns of a block
	jsTabLen    = 16 * jsVals             // table slots: up to 16 chunks (80 bits)
)

// jsGroup is a bit per pattern of a block.
type jsGroup [jsWords]uint64

// jsTable is a block in transposed, chunked form: tab[c*jsVals+v] holds
// the patterns of the block that share no bit with the value v of chunk c.
type jsTable [jsTabLen]jsGroup

// jSieve is one worker's block of east patterns and its table.
type jSieve struct {
	chunks int // chunks of a pattern
	n      int // patterns in the block
	pat    [jsBlock]uint64
	cols   [64]jsGroup // cols[k]: the patterns with bit k
	tab    jsTable
}

// jsChunksOf returns the chunks of a pattern of the given bits.
func jsChunksOf(patBits int) int { return max(1, (patBits+jsChunk-1)/jsChunk) }

// build transposes the block and fills its table.
func (s *jSieve) build() {
	clear(s.cols[:])
	for i, p := range s.pat[:s.n] {
		w, b := i>>6&(jsWords-1), uint64(1)<<uint(i&63)
		for ; p != 0; p &= p - 1 {
			s.cols[bits.TrailingZeros64(p)][w] |= b
		}
	}
	var valid jsGroup
	for w := range valid {
		left := s.n - 64*w
		switch {
		case left >= 64:
			valid[w] = ^uint64(0)
		case left > 0:
			valid[w] = uint64(1)<<uint(left) - 1
		}
	}
	for c := 0; c < s.chunks; c++ {
		base := c * jsVals
		s.tab[base&(jsTabLen-1)] = valid
		for v := 1; v < jsVals; v++ {
			k := (c*jsChunk + bits.TrailingZeros(uint(v))) & 63
			prev := &s.tab[(base+v&(v-1))&(jsTabLen-1)]
			col := &s.cols[k]
			dst := &s.tab[(base+v)&(jsTabLen-1)]
			for w := range dst {
				dst[w] = prev[w] &^ col[w]
			}
		}
	}
}

// jsOffsets appends to offs the table slots of pattern b: one per chunk.
func jsOffsets(offs []uint16, b uint64, chunks int) []uint16 {
	for c := range chunks {
		offs = append(offs, uint16(c*jsVals)|uint16(b>>uint(c*jsChunk)&(jsVals-1)))
	}
	return offs
}

// jsMatchGo is the portable kernel: the sum over the west patterns i of
// wts[i] times the patterns of the block compatible with pattern i, whose
// table slots are offs[i*chunks:(i+1)*chunks].
func jsMatchGo(tab *jsTable, offs []uint16, wts []uint8, chunks int) uint64 {
	var total uint64
	for i, wt := range wts {
		o := offs[i*chunks : (i+1)*chunks]
		g := &tab[o[0]&(jsTabLen-1)]
		a0, a1, a2, a3, a4, a5, a6, a7 := g[0], g[1], g[2], g[3], g[4], g[5], g[6], g[7]
		for _, x := range o[1:] {
			g := &tab[x&(jsTabLen-1)]
			a0 &= g[0]
			a1 &= g[1]
			a2 &= g[2]
			a3 &= g[3]
			a4 &= g[4]
			a5 &= g[5]
			a6 &= g[6]
			a7 &= g[7]
		}
		c := bits.OnesCount64(a0) + bits.OnesCount64(a1) + bits.OnesCount64(a2) + bits.OnesCount64(a3) +
			bits.OnesCount64(a4) + bits.OnesCount64(a5) + bits.OnesCount64(a6) + bits.OnesCount64(a7)
		total += uint64(c) * uint64(wt)
	}
	return total
}
