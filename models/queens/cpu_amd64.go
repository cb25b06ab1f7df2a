package queens

// cpuID executes CPUID with the given leaf and subleaf.
//
//go:noescape
func cpuID(eax, ecx uint32) (a, b, c, d uint32)

// xgetbv returns XCR0.
//
//go:noescape
func xgetbv() uint64
