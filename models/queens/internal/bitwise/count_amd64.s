//go:build !purego

#include "textflag.h"

// The layout of bwAsm (asm.go; TestBwAsmLayout checks it).
#define NODES 0
#define LEAVES 8
#define BUDGET 16
#define CUR 24
#define Y0P 32
#define LASTP 40
#define MASK 48
#define CHECK 56
#define T1 64
#define T3 72
#define V2 80
#define V3 88
#define NW 96
#define NRARE 104
#define Y0 112
#define LAST 120
#define SAVE 128
#define F 192
#define RARE 4288

// The layout of bwAsmFrame: 64 bytes, one line.
#define FL 0
#define FD 8
#define FR 16
#define FA 24
#define FALLOW 32
#define FNEED 40
#define FBIT 48

// DOWN sets l, d, r to the attacks on the line below the one whose frame
// is at off(DI), once the queen bit is placed on it.
#define DOWN(off, bit, l, d, r) \
	MOVQ off+FL(DI), l; \
	ORQ  bit, l; \
	SHLQ $1, l; \
	MOVQ off+FD(DI), d; \
	ORQ  bit, d; \
	MOVQ off+FR(DI), r; \
	ORQ  bit, r; \
	SHRQ $1, r

// FREESQ sets dst to the squares of the line whose frame is at off(DI),
// attacked by R11 | R12 | R13 (R12: the columns taken): those its class
// allows, only the needed column if one is left (none if two are). It
// jumps to ok, or to none for no square; R10 and R11 are clobbered.
#define FREESQ(off, dst, ok, none) \
	ORQ  R12, R11; \
	ORQ  R13, R11; \
	ANDNQ off+FALLOW(DI), R11, dst; \
	MOVQ off+FNEED(DI), R10; \
	TESTQ R10, R10; \
	JZ   ok; \
	ANDNQ R10, R12, R10; \
	JZ   ok; \
	BLSRQ R10, R11; \
	JNZ  none; \
	ANDQ R10, dst; \
	JMP  ok

// BELOW stores the attacks R11, R12, R13 in the frame at off(DI) and
// finds that line's squares as FREESQ does.
#define BELOW(off, dst, ok, none) \
	MOVQ R11, off+FL(DI); \
	MOVQ R12, off+FD(DI); \
	MOVQ R13, off+FR(DI); \
	FREESQ(off, dst, ok, none)

// func bwSearchAsm(s *bwAsm) (done bool)
//
// The search of bwWorker.run with every value in a register: the stack
// part from line y0 to line n−6 (AX, BX, CX, DX: the attacks on the
// current line and its squares left to try; DI: its frame), then lines
// n−5 and n−4 from their frames, line n−3 in registers (AX, BX, CX: its
// attacks, R15: its squares, R14: line n−4's) and the last two lines
// counted without a branch. R8 counts the nodes, R9 the leaves.
//
// It returns false at the top of the stack loop once the nodes reach the
// budget, with the current line's state in its frame, and true when the
// subtree is exhausted. A side-family leaf that the O(1) test cannot
// settle is copied to rare and the budget set to 0: there is at most one
// bottom subtree (five lines, at most 5! leaves) between two looks at the
// budget, so rare never holds more than 120 boards.
TEXT ·searchAsm(SB), NOSPLIT, $0-9
	MOVQ s+0(FP), SI
	MOVQ Y0(SI), DI
	LEAQ F(SI)(DI*1), DI
	MOVQ DI, Y0P(SI)
	MOVQ LAST(SI), DI
	LEAQ F(SI)(DI*1), DI
	MOVQ DI, LASTP(SI)
	MOVQ CUR(SI), DI
	LEAQ F(SI)(DI*1), DI
	MOVQ NODES(SI), R8
	MOVQ LEAVES(SI), R9
	MOVQ FL(DI), AX
	MOVQ FD(DI), BX
	MOVQ FR(DI), CX
	MOVQ FA(DI), DX

loop:
	CMPQ R8, BUDGET(SI)
	JAE  yield
	TESTQ DX, DX
	JZ   pop
	BLSIQ DX, R10
	XORQ R10, DX
	INCQ R8
	MOVQ R10, FBIT(DI)
	MOVQ AX, R11
	ORQ  R10, R11
	SHLQ $1, R11
	MOVQ BX, R12
	ORQ  R10, R12
	MOVQ CX, R13
	ORQ  R10, R13
	SHRQ $1, R13
	CMPQ DI, LASTP(SI)
	JAE  bottom

	// One line down.
	MOVQ AX, FL(DI)
	MOVQ BX, FD(DI)
	MOVQ CX, FR(DI)
	MOVQ DX, FA(DI)
	ADDQ $64, DI
	MOVQ R11, AX
	MOVQ R12, BX
	MOVQ R13, CX
	FREESQ(0, DX, loop, none)

none:
	XORL DX, DX
	JMP  loop

pop:
	CMPQ DI, Y0P(SI)
	JEQ  done
	SUBQ $64, DI
	MOVQ FL(DI), AX
	MOVQ FD(DI), BX
	MOVQ FR(DI), CX
	MOVQ FA(DI), DX
	JMP  loop

bottom:
	// Line n−6 keeps its state in its frame; R11, R12, R13 are the
	// attacks on line n−5.
	MOVQ AX, FL(DI)
	MOVQ BX, FD(DI)
	MOVQ CX, FR(DI)
	MOVQ DX, FA(DI)
	BELOW(64, DX, loop5, end5)

loop5:
	TESTQ DX, DX
	JZ   end5
	BLSIQ DX, R10
	XORQ R10, DX
	INCQ R8
	MOVQ DX, 64+FA(DI)
	MOVQ R10, 64+FBIT(DI)
	DOWN(64, R10, R11, R12, R13)
	BELOW(128, R14, loop4, end4)

loop4:
	TESTQ R14, R14
	JZ   end4
	BLSIQ R14, R10
	XORQ R10, R14
	INCQ R8
	MOVQ R10, 128+FBIT(DI)
	DOWN(128, R10, AX, BX, CX)
	MOVQ AX, R15
	ORQ  BX, R15
	ORQ  CX, R15
	ANDNQ 192+FALLOW(DI), R15, R15

loop3:
	TESTQ R15, R15
	JZ   loop4
	BLSIQ R15, R10
	XORQ R10, R15
	INCQ R8
	MOVQ R10, 192+FBIT(DI)
	MOVQ BX, R11
	ORQ  R10, R11 // R11: the columns taken
	MOVQ AX, R12
	ORQ  R10, R12
	SHLQ $1, R12
	MOVQ CX, R13
	ORQ  R10, R13
	SHRQ $1, R13
	ANDNQ MASK(SI), R11, DX // DX: the two columns left
	MOVQ R12, R10
	ORQ  R13, R10
	ORQ  R11, R10
	ANDNQ 256+FALLOW(DI), R10, R10 // R10: line n−2's squares
	SHLQ $1, R12
	SHRQ $1, R13
	ORQ  R13, R12
	ORQ  R11, R12
	ANDNQ 320+FALLOW(DI), R12, R12 // R12: line n−1's squares
	POPCNTQ R10, R11
	ADDQ R11, R8

	// A leaf puts one column on line n−2 and the other on line n−1: seen
	// from line n−2, line n−1's squares are the other columns (exchanged
	// when there is one), and the two must not be next to each other.
	POPCNTQ R12, R11
	MOVQ R12, R13
	XORQ DX, R13
	CMPQ R11, $1
	CMOVQEQ R13, R12
	ANDQ R10, R12  // R12: line n−2's squares that end a leaf
	POPCNTQ R12, R10
	MOVL $0, R11
	MOVQ DX, R13
	SHRQ $1, R13
	ANDQ DX, R13
	CMOVQNE R11, R10
	ADDQ R10, R8
	ADDQ R10, R9
	TESTQ R10, CHECK(SI)
	JNZ  check
	JMP  loop3

check:
	// Side family: each leaf is tested against its rotations.
	SUBQ R10, R9

leaf:
	BLSIQ R12, R10
	XORQ R10, R12
	MOVQ DX, R11
	XORQ R10, R11
	MOVQ R10, 256+FBIT(DI)
	MOVQ R11, 320+FBIT(DI)
	MOVQ T1(SI), R13
	CMPQ F(SI)(R13*1), $1
	JEQ  rare
	CMPQ R11, V2(SI)
	JEQ  rare
	MOVQ T3(SI), R13
	MOVQ F(SI)(R13*1), R13
	CMPQ R13, V3(SI)
	JEQ  rare
	INCQ R9

nextleaf:
	TESTQ R12, R12
	JNZ  leaf
	JMP  loop3

rare:
	MOVQ R12, SAVE(SI)
	MOVQ DX, SAVE+8(SI)
	MOVQ NRARE(SI), R10
	SHLQ $9, R10
	LEAQ RARE(SI)(R10*1), R10
	LEAQ F+FBIT(SI), R11
	MOVQ NW(SI), R12

copy:
	MOVQ (R11), R13
	MOVQ R13, (R10)
	ADDQ $64, R11
	ADDQ $8, R10
	DECQ R12
	JNZ  copy
	INCQ NRARE(SI)
	MOVQ $0, BUDGET(SI)
	MOVQ SAVE(SI), R12
	MOVQ SAVE+8(SI), DX
	JMP  nextleaf

end4:
	MOVQ 64+FA(DI), DX
	JMP  loop5

end5:
	MOVQ FL(DI), AX
	MOVQ FD(DI), BX
	MOVQ FR(DI), CX
	MOVQ FA(DI), DX
	JMP  loop

yield:
	MOVQ AX, FL(DI)
	MOVQ BX, FD(DI)
	MOVQ CX, FR(DI)
	MOVQ DX, FA(DI)
	SUBQ SI, DI
	SUBQ $F, DI
	MOVQ DI, CUR(SI)
	MOVQ R8, NODES(SI)
	MOVQ R9, LEAVES(SI)
	MOVB $0, done+8(FP)
	RET

done:
	MOVQ R8, NODES(SI)
	MOVQ R9, LEAVES(SI)
	MOVB $1, done+8(FP)
	RET
