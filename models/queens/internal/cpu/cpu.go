// Package cpu says which instructions the queens model's assembly kernels
// may use on this machine, read once from CPUID (and XGETBV for the state
// the operating system saves). With the purego build tag, or on any
// architecture but amd64, every feature reads false and the Go kernels
// serve every count.
package cpu

// The features the kernels ask for.
var (
	// BMI1 is BMI1 (ANDN, BLSI, BLSR, TZCNT) and POPCNT: the bitwise
	// counter's assembly.
	BMI1 = hasBMI1()
	// BMI2 is BMI1 and BMI2 (SHLX, SHRX) and POPCNT: the coronal search's
	// assembly.
	BMI2 = BMI1 && hasBMI2()
	// AVX512 is AVX512F, AVX512VL and VPOPCNTDQ with the ZMM state enabled
	// by the operating system: the join sieve's assembly.
	AVX512 = hasAVX512()
)
