//go:build !purego

package join

import (
	"sync"
	"time"

	"github.com/coverkit/coverkit/internal/cpu"
)

// jsHaveAVX512 says whether the CPU and the OS support the AVX-512
// instructions of the assembly kernel (AVX512F, VL and VPOPCNTDQ, with the
// ZMM state enabled).
var jsHaveAVX512 = cpu.AVX512

// jsUseAsm8 and jsUseAsm4 say whether the assembly kernel pays for blocks
// of 8 and 4 words. Having the instructions is not enough to be sure it
// does (a legacy-SSE instruction among the AVX-512 ones once made it 10×
// slower than the portable kernel on Intel cores and not on AMD ones), so
// jsChooseKernel times both once per process; Kernel.resolve reads them.
var (
	jsUseAsm8, jsUseAsm4 bool
	jsChoose             sync.Once
)

// jsMatch is the sieve kernel: AVX-512 assembly for blocks of 4 and 8
// words where s says so (Kernel.resolve), else the portable kernel
// (jsMatchGo); both give the same sums. The assembly reads the
// table slots of the streamed patterns from *offs, computed on first use
// (the caller empties it when the streamed set changes).
func jsMatch(s *jSieve, pats []uint64, offs *[]uint16, wts []uint8) uint64 {
	if len(wts) > 0 && (s.words == 8 && s.asm8 || s.words == 4 && s.asm4) {
		if len(*offs) != len(wts)*s.chunks {
			*offs = jsOffsets(*offs, pats[:len(wts)], s.chunks)
		}
		if s.words == 8 {
			return jsMatch8AVX512(s.tab, &(*offs)[0], &wts[0], len(wts), s.chunks)
		}
		return jsMatch4AVX512(s.tab, &(*offs)[0], &wts[0], len(wts), s.chunks)
	}
	return jsMatchGo(s, pats, wts)
}

// jsChooseKernel sets jsUseAsm8 and jsUseAsm4, once: where the CPU has
// AVX-512, each width's assembly kernel is used if it gives the portable
// kernel's sum on a synthetic block and is faster on it (best of five
// runs each, interleaved; about a millisecond in all).
func jsChooseKernel() {
	jsChoose.Do(func() {
		if !jsHaveAVX512 {
			return
		}
		jsUseAsm8 = jsAsmFaster(8)
		jsUseAsm4 = jsAsmFaster(4)
	})
}

// jsAsmFaster times the assembly and the portable kernel on a block of
// the given words.
func jsAsmFaster(words int) bool {
	const chunks, streamed = 8, 256
	x := uint64(0x9e3779b97f4a7c15)
	// sparse returns a pseudo-random pattern of the table's bits with
	// about one bit in 2^k set (an AND of k xorshift64 draws).
	sparse := func(k int) uint64 {
		p := ^uint64(0)
		for range k {
			x ^= x << 13
			x ^= x >> 7
			x ^= x << 17
			p &= x
		}
		return p & (1<<(chunks*jsChunk) - 1)
	}
	s := newJSieve(chunks)
	pats := make([]uint64, 64*words)
	for i := range pats {
		pats[i] = sparse(3)
	}
	s.build(pats)
	tpats := make([]uint64, streamed)
	wts := make([]uint8, streamed)
	for i := range wts {
		tpats[i] = sparse(2)
		wts[i] = uint8(1) << uint(i%3)
	}
	var offs []uint16
	asm := func() uint64 {
		offs = jsOffsets(offs, tpats, chunks) // part of the assembly's cost
		if words == 8 {
			return jsMatch8AVX512(s.tab, &offs[0], &wts[0], len(wts), chunks)
		}
		return jsMatch4AVX512(s.tab, &offs[0], &wts[0], len(wts), chunks)
	}
	if asm() != jsMatchGo(s, tpats, wts) {
		return false
	}
	best := [2]time.Duration{time.Hour, time.Hour}
	for range 5 {
		for k, f := range [2]func() uint64{asm, func() uint64 { return jsMatchGo(s, tpats, wts) }} {
			t := time.Now()
			f()
			best[k] = min(best[k], time.Since(t))
		}
	}
	return best[0] < best[1]
}

// jsMatch8AVX512 is jsMatch8 in AVX-512: n streamed patterns, their table
// slots from offs (chunks each) and weights from wts (1, 2 or 4).
//
//go:noescape
func jsMatch8AVX512(tab *jsTable, offs *uint16, wts *uint8, n, chunks int) uint64

// jsMatch4AVX512 is jsMatch4 in AVX-512 (256-bit registers).
//
//go:noescape
func jsMatch4AVX512(tab *jsTable, offs *uint16, wts *uint8, n, chunks int) uint64
