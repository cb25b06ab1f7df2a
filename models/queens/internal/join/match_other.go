//go:build !amd64 || purego

package join

// jsHaveAVX512 is false: the portable kernel serves every block.
const jsHaveAVX512 = false

// jsMatch is the sieve kernel: the portable one (see jsMatchGo).
func jsMatch(s *jSieve, pats []uint64, _ *[]uint16, wts []uint8) uint64 {
	return jsMatchGo(s, pats, wts)
}

// jsChooseKernel does nothing here: there is one kernel.
func jsChooseKernel() {}

// jsUseAsm8 and jsUseAsm4 are false: there is no assembly kernel.
const jsUseAsm8, jsUseAsm4 = false, false
