//go:build !purego

#include "textflag.h"

// The layout of crAsm (asm.go; TestAsmLayout checks it).
#define LEAVES 0
#define NODES 8
#define SEEN 16
#define BUDGET 24
#define CUR 32
#define FRESH 40
#define NM1 48
#define AVAIL 56
#define SUM 64
#define DIF 72
#define FREE 80
#define F 128

// The layout of crAsmFrame: 64 bytes, one branching row.
#define FAVAIL 0
#define FSUM 8
#define FDIF 16
#define FFREE 24
#define FBF 32
#define FBY 40

// func coronalSearchAsm(s *crAsm) (done bool)
//
// coronalSolver.search with an explicit stack: a frame per row branched
// on (the columns and diagonals held above it, the rows left after it,
// its squares left to try, the row). enter takes the state of a new node
// in AX (the columns free), BX (sum diagonals), CX (difference diagonals) and DX
// (the rows left), scans the rows left for the one with the fewest free
// squares (R13 squares, R14 row, R15 the squares), and pushes it; loop
// tries the next square of the top frame. A node whose rows left are two
// counts the last row's squares directly, as search does. f[0] is a
// sentinel with no squares, so the search is done when it is on top.
//
// It returns false at the top of loop once the inner nodes seen reach
// the budget, with the whole state in the frames, and true when done.
TEXT ·searchAsm(SB), NOSPLIT, $0-9
	MOVQ s+0(FP), SI
	MOVQ CUR(SI), DI
	LEAQ F(SI)(DI*1), DI
	CMPQ FRESH(SI), $0
	JEQ  loop
	MOVQ $0, FRESH(SI)
	MOVQ AVAIL(SI), AX
	MOVQ SUM(SI), BX
	MOVQ DIF(SI), CX
	MOVQ FREE(SI), DX

enter:
	MOVQ DX, R8
	XORL R12, R12
	MOVL $65, R13

scan:
	TZCNTQ R8, R9
	SHRXQ R9, BX, R10
	MOVQ NM1(SI), R11
	SUBQ R9, R11
	SHRXQ R11, CX, R11
	ORQ  R11, R10
	ANDNQ AX, R10, R10
	ORQ  R10, R12
	POPCNTQ R10, R11
	CMPQ R11, R13 // fewer squares than the best row so far: this row
	CMOVQCS R11, R13
	CMOVQCS R9, R14
	CMOVQCS R10, R15
	BLSRQ R8, R8
	JNZ  scan
	BLSRQ DX, R8
	JNZ  inner
	ADDQ R13, LEAVES(SI) // one row: each square is a leaf
	ADDQ R13, NODES(SI)
	JMP  loop

inner:
	// Nothing below if a row has no square (then the fewest squares,
	// R13, is 0) or a column no row left can take: one branch for both.
	ANDNQ AX, R12, R8
	TESTQ R13, R13
	CMOVQEQ SI, R8
	TESTQ R8, R8
	JNZ  loop
	INCQ SEEN(SI)
	BTRQ R14, DX
	BLSRQ DX, R8
	JZ   two
	ADDQ $64, DI
	MOVQ AX, FAVAIL(DI)
	MOVQ BX, FSUM(DI)
	MOVQ CX, FDIF(DI)
	MOVQ DX, FFREE(DI)
	MOVQ R15, FBF(DI)
	MOVQ R14, FBY(DI)

loop:
	MOVQ SEEN(SI), R8
	CMPQ R8, BUDGET(SI)
	JAE  yield
	MOVQ FBF(DI), R15
	TESTQ R15, R15
	JZ   pop
	BLSIQ R15, R9
	XORQ R9, R15
	MOVQ R15, FBF(DI)
	INCQ NODES(SI)
	MOVQ FBY(DI), R14
	MOVQ FAVAIL(DI), AX
	XORQ R9, AX
	SHLXQ R14, R9, R10
	MOVQ FSUM(DI), BX
	ORQ  R10, BX
	MOVQ NM1(SI), R11
	SUBQ R14, R11
	SHLXQ R11, R9, R10
	MOVQ FDIF(DI), CX
	ORQ  R10, CX
	MOVQ FFREE(DI), DX
	JMP  enter

pop:
	LEAQ F(SI), R8
	CMPQ DI, R8
	JEQ  done
	SUBQ $64, DI
	JMP  loop

two:
	// One row left after row R14, in DX: a queen at column x on row
	// R14 attacks x and x ± the distance there.
	TZCNTQ DX, R9
	SHRXQ R9, BX, R12
	MOVQ NM1(SI), R11
	SUBQ R9, R11
	SHRXQ R11, CX, R11
	ORQ  R11, R12
	ANDNQ AX, R12, R12 // R12: the last row's squares
	MOVQ R9, R10
	SUBQ R14, R10
	MOVQ R14, R11
	SUBQ R9, R11
	CMOVQLT R10, R11 // R11: the distance

twoloop:
	BLSIQ R15, R9
	XORQ R9, R15
	SHLXQ R11, R9, R10
	ORQ  R9, R10
	SHRXQ R11, R9, R8
	ORQ  R8, R10
	ANDNQ R12, R10, R10
	POPCNTQ R10, R10
	ADDQ R10, LEAVES(SI)
	INCQ R10
	ADDQ R10, NODES(SI)
	TESTQ R15, R15
	JNZ  twoloop
	JMP  loop

yield:
	LEAQ F(SI), R8
	SUBQ R8, DI
	MOVQ DI, CUR(SI)
	MOVB $0, done+8(FP)
	RET

done:
	MOVB $1, done+8(FP)
	RET
