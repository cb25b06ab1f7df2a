//go:build !purego

#include "textflag.h"

// The layout of Kern (TestAsmDefines checks these against sparse.go).
#define KSET 0
#define KLOC 8
#define KON 16
#define KITEM 24
#define KFORCE 40
#define KSECOND 48
#define KACTIVE 52
#define KNF 56
#define KKNUTH 60
#define KZERO 61
#define KSWAPS 64
#define KAPRIM 68
#define KUPD 72
#define KFROM 81

// The frame: 0(SP) the end of the set walked, 4(SP) the active items,
// 8(SP) the first secondary offset, 12(SP) the option chosen; for the
// canonical tree, 16(SP) the walk of the option chosen (q).
//
// Registers: R8 set, R9 loc, R10 on, R11 the updates, R13 the walk of the
// option chosen (q; for the canonical tree, the forced stack's top), R14
// the walk of an item's set (rr), SI the option hidden (tt), DI its walk
// (nn), AX the item of nn (uu), BX its new size (ss), R15 the next node of
// nn; CX, DX, R12 scratch. (R14 and R15 are free in ABI0 code.)

// DROP removes node nn (DI) from the set of its item uu (AX), whose new
// size is ss (BX): it swaps nn with the set's last node and shortens the
// set (CX the last node's place, DX the last node, R12 nn's place), counts
// the update, moves nn to the next node (R15), and compares it with the
// option hidden (SI).
#define DROP \
	LEAL (AX)(BX*1), CX; \
	MOVL (R8)(CX*4), DX; \
	MOVL (R9)(DI*4), R12; \
	MOVL BX, -4(R8)(AX*4); \
	MOVL DI, (R8)(CX*4); \
	MOVL DX, (R8)(R12*4); \
	MOVL CX, (R9)(DI*4); \
	MOVL R12, (R9)(DX*4); \
	INCQ R11; \
	MOVL R15, DI; \
	CMPL DI, SI

// NEXTOPT(loop, done) takes the next node tt (SI) of the set walked (R14,
// up to 0(SP)) and the node after it in its option, nn (DI): it goes to
// done at the set's end, and back to loop for an option of one node.
#define NEXTOPT(loop, done) \
	CMPL R14, 0(SP); \
	JAE  done; \
	MOVL (R8)(R14*4), SI; \
	INCL R14; \
	MOVL 4(R10)(SI*8), DI; \
	CMPL DI, SI; \
	JEQ  loop

// LOADPUSH(second) reads node nn (DI): its item uu (AX), the next node
// (R15) and uu's new size ss (BX); it writes uu on the forced stack's top
// (R13, pushed if PUSHED advances it), and leaves uu − second in DX
// (negative for a primary item).
#define LOADPUSH(second) \
	MOVL (R10)(DI*8), AX; \
	MOVL 4(R10)(DI*8), R15; \
	MOVL -4(R8)(AX*4), BX; \
	DECL BX; \
	MOVL AX, (R13); \
	MOVL AX, DX; \
	SUBL second, DX

// PUSHED advances the forced stack's top (R13) past the item LOADPUSH
// wrote if it is primary (DX < 0) and ss − 2 < 0, without a branch.
#define PUSHED \
	LEAL -2(BX), CX; \
	ANDL DX, CX; \
	SHRL $31, CX; \
	LEAQ (R13)(CX*4), R13

// WALKSET(q) starts the walk of the set of x, the item of node q: R14
// (rr) at its first node, 0(SP) its end.
#define WALKSET(q) \
	MOVL (R10)(q*8), AX; \
	MOVL -4(R8)(AX*4), BX; \
	ADDL AX, BX; \
	MOVL BX, 0(SP); \
	MOVL AX, R14

// BASES loads k (DX) and the bases of its arrays: set (R8), loc (R9) and
// on (R10).
#define BASES \
	MOVQ k+0(FP), DX; \
	MOVQ KSET(DX), R8; \
	MOVQ KLOC(DX), R9; \
	MOVQ KON(DX), R10

// func CoverPlainAsm(k *Kern, cur uint32) bool
TEXT ·CoverPlainAsm(SB), NOSPLIT, $24-17
	BASES
	MOVQ KITEM(DX), R12
	MOVL KSECOND(DX), AX
	MOVL AX, 8(SP)
	MOVL KACTIVE(DX), R14 // p, the active items
	MOVL R14, R15         // as they were
	MOVL cur+8(FP), CX
	MOVL CX, 12(SP)
	MOVL 4(R10)(CX*8), R13 // q: the walk starts after cur
	XORL R11, R11          // −(the primary items made inactive)
	CMPB KFROM(DX), $0
	JEQ  swaploop
	MOVL CX, R13           // (From: at cur)
	JMP  swapitem

swaploop:
	// Make the option's other items inactive: swap each with the last
	// active item.
	CMPL R13, CX
	JEQ  swapdone

swapitem:
	MOVL (R10)(R13*8), AX  // x
	MOVL -8(R8)(AX*4), BX  // its position
	CMPL BX, R14
	JAE  swapnext
	DECL R14
	MOVL (R12)(R14*4), SI  // the last active item
	MOVL AX, (R12)(R14*4)
	MOVL SI, (R12)(BX*4)
	MOVL BX, -8(R8)(SI*4)
	MOVL R14, -8(R8)(AX*4)
	CMPL AX, 8(SP)
	SBBL $0, R11           // a primary item: one fewer active

swapnext:
	MOVL 4(R10)(R13*8), R13
	JMP  swaploop

swapdone:
	ADDL R11, KAPRIM(DX)
	MOVL R15, AX
	SUBL R14, AX
	MOVL AX, KSWAPS(DX)
	MOVQ KUPD(DX), R11
	ADDQ AX, R11
	MOVL R14, KACTIVE(DX)
	MOVL R14, 4(SP)
	MOVB $0, KZERO(DX)
	MOVL 4(R10)(CX*8), R13 // q: the walk starts after cur again
	CMPB KKNUTH(DX), $0
	JEQ  canon

itemloop:
	// Hide the options of item x, the item of node q.
	CMPL R13, 12(SP)
	JEQ  ok
	WALKSET(R13)

rrloop:
	CMPL R14, 0(SP)
	JAE  itemdone
	MOVL (R8)(R14*4), SI   // tt
	INCL R14
	CMPL SI, R13
	JEQ  rrloop            // the option chosen itself
	MOVL 4(R10)(SI*8), DI  // nn
	CMPL DI, SI
	JEQ  rrloop

inner:
	// Remove node nn from its item's set: swap it with the set's last
	// node, and shorten the set.
	MOVL (R10)(DI*8), AX   // uu
	MOVL 4(R10)(DI*8), R15 // the next node
	MOVL -4(R8)(AX*4), BX
	DECL BX                // ss, the new size
	LEAL -2(BX), CX        // ss − 2 < 0 and uu − second < 0: rare
	MOVL AX, DX
	SUBL 8(SP), DX
	ANDL DX, CX
	JS   rare

back:
	DROP
	JNE  inner
	JMP  rrloop

itemdone:
	MOVQ k+0(FP), DX
	CMPB KZERO(DX), $0
	JNE  fail
	MOVL 4(R10)(R13*8), R13
	JMP  itemloop

ok:
	MOVQ k+0(FP), DX
	MOVQ R11, KUPD(DX)
	MOVB $1, ret+16(FP)
	RET

fail:
	MOVQ k+0(FP), DX
	MOVQ R11, KUPD(DX)
	MOVB $0, ret+16(FP)
	RET

rare:
	// A primary item uu whose set shrinks to ss ≤ 1: if it is active, it
	// goes on the forced stack (ss = 1) or leaves the option without a
	// solution (ss = 0).
	MOVL -8(R8)(AX*4), CX
	CMPL CX, 4(SP)
	JAE  back              // inactive
	MOVQ k+0(FP), DX
	TESTL BX, BX
	JZ   rzero
	MOVQ KFORCE(DX), CX
	MOVL KNF(DX), R12
	INCL KNF(DX)
	MOVL AX, (CX)(R12*4)   // on top
	JMP  back

rzero:
	MOVB $1, KZERO(DX)
	JMP  fail              // give up at once

canon:
	// The canonical tree's hiding (CoverPlainGo's hideItem): every primary
	// item whose set shrinks to ss ≤ 1 goes on the forced stack without a
	// branch; an active one left without options (ss = 0) gives up at
	// once.
	MOVL R13, 16(SP)
	MOVQ KFORCE(DX), CX
	MOVL KNF(DX), R13
	LEAQ (CX)(R13*4), R13  // the stack's top
	CMPB KFROM(DX), $0
	JEQ  citemloop
	MOVL 12(SP), AX        // (From: at cur)
	MOVL AX, 16(SP)
	JMP  citem

citemloop:
	MOVL 16(SP), AX
	CMPL AX, 12(SP)
	JEQ  cok

citem:
	MOVL 16(SP), AX
	WALKSET(AX)
	// The option chosen (node q) goes first in x's set, and the walk
	// starts after it: no test of each node for it. (Where q is past the
	// set's end, the option hidden before, the walk takes the whole set.)
	MOVL 16(SP), SI        // q
	MOVL (R9)(SI*4), CX    // its place
	CMPL CX, BX
	JAE  crrloop
	MOVL (R8)(AX*4), DX    // the first node
	MOVL SI, (R8)(AX*4)
	MOVL DX, (R8)(CX*4)
	MOVL AX, (R9)(SI*4)
	MOVL CX, (R9)(DX*4)
	INCL R14

crrloop:
	NEXTOPT(crrloop, citemdone)

cinner:
	LOADPUSH(8(SP))
	LEAL -1(BX), CX
	ANDL DX, CX
	JS   czero             // ss − 1 < 0 and uu − second < 0
	PUSHED

cback:
	DROP
	JNE  cinner
	JMP  crrloop

citemdone:
	MOVL 16(SP), AX
	MOVL 4(R10)(AX*8), AX
	MOVL AX, 16(SP)
	JMP  citemloop

czero:
	// A primary item left without options: if it is active, give up.
	MOVL -8(R8)(AX*4), CX
	CMPL CX, 4(SP)
	JAE  cback             // inactive
	MOVQ k+0(FP), DX
	MOVB $1, KZERO(DX)
	JMP  cnf

cok:
	MOVQ k+0(FP), DX
	MOVQ KFORCE(DX), CX
	SUBQ CX, R13
	SHRQ $2, R13
	MOVL R13, KNF(DX)
	JMP  ok

cnf:
	// The stack's height, then fail.
	MOVQ KFORCE(DX), CX
	SUBQ CX, R13
	SHRQ $2, R13
	MOVL R13, KNF(DX)
	JMP  fail

// func hideBranchPlain(k *Kern, x uint32, top *int32) uint32
//
// HideBranch in a problem without colors: the frame holds 0(SP) the end
// of x's set, 8(SP) the top as given, 16(SP) the first secondary offset.
// Registers as in CoverPlainAsm; R13 the top.
TEXT ·hideBranchPlain(SB), NOSPLIT, $24-28
	BASES
	MOVQ KUPD(DX), R11
	MOVL KSECOND(DX), CX
	MOVL CX, 16(SP)
	MOVQ top+16(FP), R13
	MOVQ R13, 8(SP)
	MOVL x+8(FP), AX
	MOVL -4(R8)(AX*4), BX
	ADDL AX, BX
	MOVL BX, 0(SP)
	MOVL AX, R14

hrrloop:
	NEXTOPT(hrrloop, hdone)

hinner:
	LOADPUSH(16(SP))
	PUSHED
	DROP
	JNE  hinner
	JMP  hrrloop

hdone:
	MOVQ k+0(FP), DX
	MOVQ R11, KUPD(DX)
	SUBQ 8(SP), R13
	SHRQ $2, R13
	MOVL R13, ret+24(FP)
	RET
