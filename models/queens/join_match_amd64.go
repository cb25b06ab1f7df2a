package queens

// jsHaveAVX512 says whether the CPU and the OS support the AVX-512
// instructions of the assembly kernel (AVX512F, VL and VPOPCNTDQ, with the
// ZMM state enabled).
var jsHaveAVX512 = jsCPUHasAVX512()

// jsUseAsm selects the assembly kernel where it is supported; tests turn
// it off to check the portable kernel against it.
var jsUseAsm = jsHaveAVX512

// jsMatch is the sieve kernel: AVX-512 assembly for blocks of 4 and 8
// words where the CPU has it, else the portable kernel (jsMatchGo); both
// give the same sums.
func jsMatch(s *jSieve, offs []uint16, wts []uint8) uint64 {
	if jsUseAsm && len(wts) > 0 && len(offs) >= len(wts)*s.chunks {
		switch s.words {
		case 8:
			return jsMatch8AVX512(&s.tab, &offs[0], &wts[0], len(wts), s.chunks)
		case 4:
			return jsMatch4AVX512(&s.tab, &offs[0], &wts[0], len(wts), s.chunks)
		}
	}
	return jsMatchGo(s, offs, wts)
}

// jsCPUHasAVX512 reads CPUID and XGETBV.
func jsCPUHasAVX512() bool {
	maxID, _, _, _ := jsCPUID(0, 0)
	if maxID < 7 {
		return false
	}
	_, _, ecx1, _ := jsCPUID(1, 0)
	if ecx1&(1<<27) == 0 { // OSXSAVE
		return false
	}
	if xcr0 := jsXGETBV(); xcr0&0xe6 != 0xe6 { // SSE, AVX, opmask, ZMM state
		return false
	}
	_, ebx7, ecx7, _ := jsCPUID(7, 0)
	const avx512f, avx512vl, vpopcntdq = 1 << 16, 1 << 31, 1 << 14
	return ebx7&avx512f != 0 && ebx7&avx512vl != 0 && ecx7&vpopcntdq != 0
}

// jsCPUID executes CPUID with the given leaf and subleaf.
//
//go:noescape
func jsCPUID(eax, ecx uint32) (a, b, c, d uint32)

// jsXGETBV returns XCR0.
//
//go:noescape
func jsXGETBV() uint64

// jsMatch8AVX512 is jsMatch8 in AVX-512: n streamed patterns, their table
// slots from offs (chunks each) and weights from wts (1, 2 or 4).
//
//go:noescape
func jsMatch8AVX512(tab *jsTable, offs *uint16, wts *uint8, n, chunks int) uint64

// jsMatch4AVX512 is jsMatch4 in AVX-512 (256-bit registers).
//
//go:noescape
func jsMatch4AVX512(tab *jsTable, offs *uint16, wts *uint8, n, chunks int) uint64

// jsSetAsm turns the assembly kernel on or off (where supported) and
// returns the previous setting: for tests.
func jsSetAsm(on bool) bool {
	prev := jsUseAsm
	jsUseAsm = on && jsHaveAVX512
	return prev
}
