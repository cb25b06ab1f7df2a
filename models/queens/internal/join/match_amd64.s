//go:build !purego

#include "textflag.h"

// func jsMatch8AVX512(tab *jsTable, offs *uint16, wts *uint8, n, chunks int) uint64
//
// For each streamed pattern: AND the 64-byte groups of its slots, count
// the bits, shift the counts by log2 of its weight and add them up; the
// eight lanes are summed once at the end.
//
// Every vector instruction here must be VEX or EVEX encoded: one legacy
// SSE instruction (MOVQ AX, X2 in place of VMOVQ) while the upper halves of
// the registers are in use costs a state transition on Intel cores, and
// made this kernel 10× slower than the portable one on a Xeon (AMD cores
// do not pay it).
TEXT ·jsMatch8AVX512(SB), NOSPLIT, $0-48
	MOVQ tab+0(FP), SI
	MOVQ offs+8(FP), DI
	MOVQ wts+16(FP), R8
	MOVQ n+24(FP), CX
	MOVQ chunks+32(FP), R9
	VPXORQ Z3, Z3, Z3
	TESTQ CX, CX
	JZ done8
loop8:
	MOVWQZX (DI), AX
	SHLQ $6, AX
	VMOVDQU64 (SI)(AX*1), Z0
	ADDQ $2, DI
	MOVQ R9, DX
	DECQ DX
	JZ pop8
chunk8:
	MOVWQZX (DI), AX
	SHLQ $6, AX
	VPANDQ (SI)(AX*1), Z0, Z0
	ADDQ $2, DI
	DECQ DX
	JNZ chunk8
pop8:
	VPOPCNTQ Z0, Z1
	MOVBQZX (R8), AX
	TZCNTQ AX, AX
	VMOVQ AX, X2
	VPSLLQ X2, Z1, Z1
	VPADDQ Z1, Z3, Z3
	INCQ R8
	DECQ CX
	JNZ loop8
done8:
	VEXTRACTI64X4 $1, Z3, Y4
	VPADDQ Y4, Y3, Y3
	VEXTRACTI128 $1, Y3, X4
	VPADDQ X4, X3, X3
	VPSHUFD $0x4e, X3, X4
	VPADDQ X4, X3, X3
	VMOVQ X3, AX
	VZEROUPPER
	MOVQ AX, ret+40(FP)
	RET

// func jsMatch4AVX512(tab *jsTable, offs *uint16, wts *uint8, n, chunks int) uint64
TEXT ·jsMatch4AVX512(SB), NOSPLIT, $0-48
	MOVQ tab+0(FP), SI
	MOVQ offs+8(FP), DI
	MOVQ wts+16(FP), R8
	MOVQ n+24(FP), CX
	MOVQ chunks+32(FP), R9
	VPXORQ Y3, Y3, Y3
	TESTQ CX, CX
	JZ done4
loop4:
	MOVWQZX (DI), AX
	SHLQ $5, AX
	VMOVDQU64 (SI)(AX*1), Y0
	ADDQ $2, DI
	MOVQ R9, DX
	DECQ DX
	JZ pop4
chunk4:
	MOVWQZX (DI), AX
	SHLQ $5, AX
	VPANDQ (SI)(AX*1), Y0, Y0
	ADDQ $2, DI
	DECQ DX
	JNZ chunk4
pop4:
	VPOPCNTQ Y0, Y1
	MOVBQZX (R8), AX
	TZCNTQ AX, AX
	VMOVQ AX, X2
	VPSLLQ X2, Y1, Y1
	VPADDQ Y1, Y3, Y3
	INCQ R8
	DECQ CX
	JNZ loop4
done4:
	VEXTRACTI128 $1, Y3, X4
	VPADDQ X4, X3, X3
	VPSHUFD $0x4e, X3, X4
	VPADDQ X4, X3, X3
	VMOVQ X3, AX
	VZEROUPPER
	MOVQ AX, ret+40(FP)
	RET
