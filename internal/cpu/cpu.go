// Package cpu says which instructions coverkit's assembly kernels may use
// on this machine: the one CPU-feature table of the module, read once at
// start from golang.org/x/sys/cpu (CPUID, and XGETBV for the register
// state the operating system saves). With the purego build tag, or on any
// architecture but amd64, every feature reads false and the Go kernels
// serve every count.
//
// golang.org/x/sys/cpu honours GODEBUG, so a feature can be turned off for
// a run without a rebuild (GODEBUG=cpu.avx512f=off keeps every AVX-512
// kernel out; cpu.bmi2=off the coronal search's assembly), which is how
// the Go kernels are timed on a machine that has the instructions.
package cpu

// The features the kernels ask for. Each is the whole set of instructions
// a kernel uses, so a kernel reads one of them.
var (
	// BMI1 is BMI1 (ANDN, BLSI, BLSR, TZCNT) and POPCNT: the queens
	// bitwise counter's assembly.
	BMI1 = hasBMI1()
	// BMI2 is BMI1 and BMI2 (SHLX, SHRX) and POPCNT: the queens coronal
	// search's assembly.
	BMI2 = BMI1 && hasBMI2()
	// AVX512 is AVX512F, AVX512VL and VPOPCNTDQ with the ZMM state enabled
	// by the operating system: the queens join sieve's assembly.
	AVX512 = hasAVX512()
	// AVX512BW is AVX512F and AVX512BW with the ZMM state enabled by the
	// operating system: the sudoku sweep kernel.
	AVX512BW = hasAVX512BW()
)
