//go:build !purego

package cpu

// cpuID executes CPUID with the given leaf and subleaf.
//
//go:noescape
func cpuID(eax, ecx uint32) (a, b, c, d uint32)

// xgetbv returns XCR0.
//
//go:noescape
func xgetbv() uint64

// hasBMI1 reads CPUID: BMI1 and POPCNT.
func hasBMI1() bool {
	maxID, _, _, _ := cpuID(0, 0)
	if maxID < 7 {
		return false
	}
	_, _, ecx1, _ := cpuID(1, 0)
	_, ebx7, _, _ := cpuID(7, 0)
	const popcnt, bmi1 = 1 << 23, 1 << 3
	return ecx1&popcnt != 0 && ebx7&bmi1 != 0
}

// hasBMI2 reads CPUID leaf 7: BMI2.
func hasBMI2() bool {
	maxID, _, _, _ := cpuID(0, 0)
	if maxID < 7 {
		return false
	}
	_, ebx7, _, _ := cpuID(7, 0)
	const bmi2 = 1 << 8
	return ebx7&bmi2 != 0
}

// hasAVX512 reads CPUID and XGETBV.
func hasAVX512() bool {
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
	_, ebx7, ecx7, _ := cpuID(7, 0)
	const avx512f, avx512vl, vpopcntdq = 1 << 16, 1 << 31, 1 << 14
	return ebx7&avx512f != 0 && ebx7&avx512vl != 0 && ecx7&vpopcntdq != 0
}
