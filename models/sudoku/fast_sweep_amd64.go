//go:build !purego

package sudoku

// fastHaveSweep says whether the CPU and the operating system support the
// sweep kernel's instructions: AVX512F and AVX512BW, with the opmask and
// ZMM state enabled.
var fastHaveSweep = fastCPUHasAVX512BW()

// fastSweepAVX512 is the sweep kernel (fast_sweep_amd64.s): it brings s to
// its fixpoint and returns fastSweepContradiction (s is then left as it
// was), or pick's answer: the cell 27·b+p to guess on, fastSweepSolved or
// fastSweepNoPair. On success s.unsolved holds the cells with two
// candidates or more and s.changed is 0.
//
//go:noescape
func fastSweepAVX512(s *fastState, t *fastSweepTables) int

// fastKernel chooses the kernel of a search, from CPUID: "sweep" for
// classic grids where the CPU has it, else "go"; force "go" (tests) keeps
// the Go kernel everywhere.
func fastKernel(force string, diag bool) string {
	if fastHaveSweep && !diag && force != "go" {
		return "sweep"
	}
	return "go"
}

// fastSweep propagates s with the sweep kernel and picks the cell to guess
// on.
func fastSweep(s *fastState) int { return fastSweepAVX512(s, fastSweepTab) }

// fastSearchAVX512 is the search of the sweep kernel (fast_sweep_amd64.s):
// it runs until an event (fastEvent*), x.resume saying where the next call
// goes on.
//
//go:noescape
func fastSearchAVX512(x *fastSweepSearch, t *fastSweepTables) int

// fastSearch runs the sweep kernel's search to its next event.
func fastSearch(x *fastSweepSearch) int { return fastSearchAVX512(x, fastSweepTab) }

// fastCPUHasAVX512BW reads CPUID and XGETBV.
func fastCPUHasAVX512BW() bool {
	maxID, _, _, _ := cpuID(0, 0)
	if maxID < 7 {
		return false
	}
	_, _, ecx1, _ := cpuID(1, 0)
	if ecx1&(1<<27) == 0 { // OSXSAVE
		return false
	}
	if xcr0 := xgetbv(); xcr0&0xe6 != 0xe6 { // SSE, AVX, opmask, ZMM state
		return false
	}
	_, ebx7, _, _ := cpuID(7, 0)
	const avx512f, avx512bw = 1 << 16, 1 << 30
	return ebx7&avx512f != 0 && ebx7&avx512bw != 0
}

// cpuID executes CPUID with the given leaf and subleaf.
//
//go:noescape
func cpuID(eax, ecx uint32) (a, b, c, d uint32)

// xgetbv returns XCR0.
//
//go:noescape
func xgetbv() uint64
