//go:build !purego

package sweep

// available is read once from CPUID.
var available = hasAVX512BW()

// Available says whether Run and Step may be called: the CPU and the
// operating system support AVX512F and AVX512BW.
func Available() bool { return available }

// Run runs the search x from where x.Resume says until its next event,
// which it returns.
func Run(x *Search) int { return searchAVX512(x, tab) }

// Step brings s to its fixpoint and returns Contradiction (s is then left
// as it was), or the Go pick's answer: the cell 27·b+p to guess on, Solved
// or NoPair. On success s.Unsolved holds the cells with two candidates or
// more and s.Changed is 0.
func Step(s *State) int { return sweepAVX512(s, tab) }

//go:noescape
func sweepAVX512(s *State, t *Tables) int

//go:noescape
func searchAVX512(x *Search, t *Tables) int

// hasAVX512BW reads CPUID and XGETBV.
func hasAVX512BW() bool {
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
