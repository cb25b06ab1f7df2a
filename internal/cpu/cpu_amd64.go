//go:build !purego

package cpu

import "golang.org/x/sys/cpu"

// hasBMI1 reports BMI1 and POPCNT.
func hasBMI1() bool { return cpu.X86.HasBMI1 && cpu.X86.HasPOPCNT }

// hasBMI2 reports BMI2.
func hasBMI2() bool { return cpu.X86.HasBMI2 }

// hasAVX512 reports AVX512F, AVX512VL and VPOPCNTDQ; x/sys/cpu reports an
// AVX-512 feature only where the operating system saves the ZMM state.
func hasAVX512() bool {
	return cpu.X86.HasAVX512F && cpu.X86.HasAVX512VL && cpu.X86.HasAVX512VPOPCNTDQ
}

// hasAVX512BW reports AVX512F and AVX512BW (with the ZMM state, as above).
func hasAVX512BW() bool { return cpu.X86.HasAVX512F && cpu.X86.HasAVX512BW }
