//go:build !purego

#include "textflag.h"

// func prefetch3(a, b, c *uint64)
TEXT ·prefetch3(SB), NOSPLIT|NOFRAME, $0-24
	MOVD a+0(FP), R0
	PRFM (R0), PLDL1KEEP
	MOVD b+8(FP), R0
	PRFM (R0), PLDL1KEEP
	MOVD c+16(FP), R0
	PRFM (R0), PLDL1KEEP
	RET
