//go:build !purego

#include "textflag.h"

// The layout of dance.go (TestAsmDefines checks these against it).
#define NODESIZE 16
#define NODESHIFT 4
#define UP 0
#define DOWN 4
#define TOP 8
#define NEXT 12
#define PREV 0
#define NEXTITEM 4
#define LEN 8

// Registers of both loops: R8 the node array, R9 the item records, R10 the
// flags, R11 the option node x (where the walk of its option ends), R12
// the walk, R13 the item covered (its header's ref), R14 the node p of its
// list (R14 is free in ABI0 code), AX the node q hidden, CX the change in
// dead items; BX the updates; DX, SI, DI scratch.

// func CoverOthersAsm(nb, ib, ob unsafe.Pointer, x uint32) (u uint64, dead int32)
TEXT ·CoverOthersAsm(SB), NOSPLIT, $0-44
	MOVQ nb+0(FP), R8
	MOVQ ib+8(FP), R9
	MOVQ ob+16(FP), R10
	MOVL x+24(FP), R11
	XORL BX, BX
	XORL CX, CX
	MOVL NEXT(R8)(R11*1), R12 // the walk starts after x

citem:
	CMPL R12, R11
	JEQ  cdone
	MOVL TOP(R8)(R12*1), R13

	// Unlink the item from its ring; dead −= zero(len), flag = 0.
	MOVL PREV(R9)(R13*1), DX
	MOVL NEXTITEM(R9)(R13*1), SI
	MOVL SI, NEXTITEM(R9)(DX*1)
	MOVL DX, PREV(R9)(SI*1)
	INCQ BX
	MOVL LEN(R9)(R13*1), DX
	DECL DX
	SHRL $31, DX
	SUBL DX, CX
	MOVL R13, DX
	SHRL $NODESHIFT, DX
	MOVB $0, (R10)(DX*1)
	MOVL DOWN(R8)(R13*1), R14

crow:
	CMPL R14, R13
	JEQ  cnextitem
	MOVL NEXT(R8)(R14*1), AX
	CMPL AX, R14
	JEQ  cnextrow

chide:
	// Hide node q: unlink it, len−1, dead += zero(len), flag = atMostOne(len).
	MOVL TOP(R8)(AX*1), DI
	MOVL UP(R8)(AX*1), DX
	MOVL DOWN(R8)(AX*1), SI
	MOVL SI, DOWN(R8)(DX*1)
	MOVL DX, UP(R8)(SI*1)
	MOVL NEXT(R8)(AX*1), AX
	MOVL LEN(R9)(DI*1), DX
	DECL DX
	MOVL DX, LEN(R9)(DI*1)
	LEAL -1(DX), SI
	SHRL $31, SI
	ADDL SI, CX
	SUBL $2, DX
	SHRL $31, DX
	SHRL $NODESHIFT, DI
	MOVB DX, (R10)(DI*1)
	INCQ BX
	CMPL AX, R14
	JNE  chide

cnextrow:
	MOVL DOWN(R8)(R14*1), R14
	JMP  crow

cnextitem:
	MOVL NEXT(R8)(R12*1), R12
	JMP  citem

cdone:
	MOVQ BX, u+32(FP)
	MOVL CX, dead+40(FP)
	RET

// func UncoverOthersAsm(nb, ib, ob unsafe.Pointer, x uint32) (dead int32)
TEXT ·UncoverOthersAsm(SB), NOSPLIT, $0-36
	MOVQ nb+0(FP), R8
	MOVQ ib+8(FP), R9
	MOVQ ob+16(FP), R10
	MOVL x+24(FP), R11
	XORL CX, CX
	LEAL -NODESIZE(R11), R12 // the walk goes backwards from x

uitem:
	CMPL R12, R11
	JEQ  udone
	MOVL TOP(R8)(R12*1), R13
	TESTL R13, R13
	JG   ucover
	MOVL DOWN(R8)(R12*1), R12 // the spacer: on to the option's last node
	JMP  uitem

ucover:
	MOVL UP(R8)(R13*1), R14

urow:
	CMPL R14, R13
	JEQ  urelink
	MOVL NEXT(R8)(R14*1), AX
	CMPL AX, R14
	JEQ  unextrow

uunhide:
	// Unhide node q: relink it, dead −= zero(len), len+1, flag = atMostOne(len).
	MOVL TOP(R8)(AX*1), DI
	MOVL UP(R8)(AX*1), DX
	MOVL DOWN(R8)(AX*1), SI
	MOVL AX, DOWN(R8)(DX*1)
	MOVL AX, UP(R8)(SI*1)
	MOVL NEXT(R8)(AX*1), AX
	MOVL LEN(R9)(DI*1), DX
	LEAL -1(DX), SI
	SHRL $31, SI
	SUBL SI, CX
	INCL DX
	MOVL DX, LEN(R9)(DI*1)
	SUBL $2, DX
	SHRL $31, DX
	SHRL $NODESHIFT, DI
	MOVB DX, (R10)(DI*1)
	CMPL AX, R14
	JNE  uunhide

unextrow:
	MOVL UP(R8)(R14*1), R14
	JMP  urow

urelink:
	// Relink the item into its ring; flag = atMostOne(len), dead += zero(len).
	MOVL PREV(R9)(R13*1), DX
	MOVL NEXTITEM(R9)(R13*1), SI
	MOVL R13, NEXTITEM(R9)(DX*1)
	MOVL R13, PREV(R9)(SI*1)
	MOVL LEN(R9)(R13*1), DX
	LEAL -1(DX), SI
	SHRL $31, SI
	ADDL SI, CX
	SUBL $2, DX
	SHRL $31, DX
	MOVL R13, SI
	SHRL $NODESHIFT, SI
	MOVB DX, (R10)(SI*1)
	SUBL $NODESIZE, R12
	JMP  uitem

udone:
	MOVL CX, dead+32(FP)
	RET
