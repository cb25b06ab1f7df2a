//go:build !purego

#include "textflag.h"

// The sweep kernel: the Go kernel's propagation fixpoint by whole-grid
// rounds (see sweep.go). Every vector instruction is EVEX or VEX encoded.
//
// Registers, for the whole call:
//	Z0-Z2, Z3-Z5  the state X (rows 0, 1, 2 of every band: lane 9·b+d
//	              holds digit d+1's columns) and the next state Y; the
//	              rounds alternate between the two sets
//	Z6-Z18        temporaries
//	Z19           F: any bit set in a lane is a contradiction
//	Z20 = 7, Z21 = 0x201, Z22 = 0xffff (−1), Z23 = 0x0db, Z30 = 0x049,
//	Z31 = 0x1ff   (in every word)
//	Z24, Z25      the band permutations (next band + 2, + 1)
//	Z26-Z29       the digit rotations (by 8, 4, 2, 1)
//	K7            lanes whose permutation filter left nothing
//
// The offsets of State, Tables and Search (TestAsmLayout):
#define CAND 0
#define UNSOLVED 108
#define CHANGED 120
#define ROT 0
#define BAND 256
#define SHIFT 384
#define TRI 448
#define KEY 576
#define CELLINFO 768
#define STATES 0
#define CELLS 15744
#define DIGITS 16072
#define LEVEL 16400
#define NODES 16408
#define BOUND 16416
#define RESUME 16424
#define OUT 16432
#define GIVENS 16560

// CELL computes, for the row register X, how many digits each cell may
// hold: F |= cells holding none; two or more (in D, saved at T9(SP)) and
// three or more (Z14, saved at T9+192(SP)), for pick; and then D, the
// cells determined:
// naked singles, hidden singles in columns (Z11) and the rows with one
// place left. The counts run over the nine digits of each band by windows
// of 1, 2, 4 and 8 digits (offsets 1, 2, 4, then 8 from X itself).
#define CELL(X, D, T9) \
	VPERMW X, Z29, Z7; \
	VPORD Z7, X, Z8; \
	VPANDD Z7, X, D; \
	VPERMW Z8, Z28, Z7; \
	VPERMW D, Z28, Z10; \
	VPANDD Z7, D, Z13; \
	VPTERNLOGD $0xF8, Z10, Z8, Z13; \
	VPANDD Z7, Z8, Z12; \
	VPORD Z7, Z8, Z8; \
	VPTERNLOGD $0xFE, Z12, Z10, D; \
	VPERMW Z8, Z27, Z7; \
	VPERMW D, Z27, Z10; \
	VPERMW Z13, Z27, Z14; \
	VPANDD Z7, D, Z12; \
	VPTERNLOGD $0xFE, Z12, Z13, Z14; \
	VPTERNLOGD $0xF8, Z10, Z8, Z14; \
	VPANDD Z7, Z8, Z12; \
	VPTERNLOGD $0xFE, Z12, Z10, D; \
	VPORD Z7, Z8, Z8; \
	VPERMW X, Z26, Z7; \
	VPTERNLOGD $0xF8, Z7, D, Z14; \
	VPTERNLOGD $0xF8, Z7, Z8, D; \
	VPORD Z7, Z8, Z8; \
	VPTERNLOGD $0xF6, Z31, Z8, Z19; \
	VMOVDQU64 D, T9(SP); \
	VMOVDQU64 Z14, (T9+192)(SP); \
	VPTERNLOGD $0x8C, Z11, X, D; \
	VPADDW Z22, X, Z7; \
	VPTESTNMW Z7, X, K2; \
	VMOVDQU16 X, K2, D

// ROWD starts Y from X: a row with a determined cell keeps that cell only;
// two determined cells in a row are a contradiction.
#define ROWD(X, D, Y) \
	VPTESTMW D, D, K3; \
	VPBLENDMW D, X, K3, Y; \
	VPADDW Z22, D, Z7; \
	VPTERNLOGD $0xF8, Z7, D, Z19

// SPREAD sets S to the boxes (all three columns of each) where D has a
// cell: ((D | D>>1 | D>>2) & 0x49) * 7.
#define SPREAD(D, S) \
	VPSRLW $1, D, S; \
	VPSRLW $2, D, Z12; \
	VPTERNLOGD $0xFE, D, Z12, S; \
	VPANDD Z30, S, S; \
	VPMULLW Z20, S, S

// CELLD clears from Y the cells determined for another digit of the band:
// the OR of D over the other eight digits (rotations by 1 and 2, then 2,
// then 4: offsets 1 to 8).
#define CELLD(D, Y) \
	VPERMW D, Z29, Z7; \
	VPERMW D, Z28, Z8; \
	VPORD Z8, Z7, Z7; \
	VPERMW Z7, Z28, Z8; \
	VPORD Z8, Z7, Z7; \
	VPERMW Z7, Z27, Z8; \
	VPTERNLOGD $0x10, Z8, Z7, Y

// SRAW sets S to the boxes where row Y has a place (bits 0, 3, 6 of
// Y | Y>>1 | Y>>2), repeated 9 bits up: S * 0x201.
#define SRAW(Y, S) \
	VPSRLW $1, Y, S; \
	VPSRLW $2, Y, Z12; \
	VPTERNLOGD $0xFE, Y, Z12, S; \
	VPMULLW Z21, S, S

// ROUND computes the next state Y0-Y2 from X0-X2, and sets Z10 to the
// lanes that changed.
#define ROUND(X0, X1, X2, Y0, Y1, Y2) \
	VMOVDQA64 X0, Z6; \
	VPTERNLOGD $0xFE, X2, X1, Z6; \
	VMOVDQA64 X0, Z7; \
	VPTERNLOGD $0xE8, X2, X1, Z7; \
	VPERMW Z6, Z25, Z8; \
	VPERMW Z6, Z24, Z9; \
	VPERMW Z7, Z25, Z10; \
	VPERMW Z7, Z24, Z11; \
	VPTERNLOGD $0xFE, Z11, Z10, Z7; \
	VMOVDQA64 Z6, Z10; \
	VPTERNLOGD $0xE8, Z9, Z8, Z10; \
	VMOVDQA64 Z6, Z11; \
	VPTERNLOGD $0xFE, Z9, Z8, Z11; \
	VPTERNLOGD $0xF6, Z31, Z11, Z19; \
	VPTERNLOGD $0x10, Z10, Z7, Z11; \
	VPSRLW $1, Z8, Z7; \
	VPSLLW $2, Z8, Z10; \
	VPTERNLOGD $0xE4, Z23, Z10, Z7; \
	VPSRLW $2, Z9, Z10; \
	VPSLLW $1, Z9, Z12; \
	VPTERNLOGD $0xE4, Z30, Z12, Z10; \
	VPANDD Z10, Z7, Z7; \
	VPSRLW $2, Z8, Z10; \
	VPSLLW $1, Z8, Z12; \
	VPTERNLOGD $0xE4, Z30, Z12, Z10; \
	VPSRLW $1, Z9, Z12; \
	VPSLLW $2, Z9, Z13; \
	VPTERNLOGD $0xE4, Z23, Z13, Z12; \
	VPANDD Z12, Z10, Z10; \
	VPTERNLOGD $0xE0, Z10, Z7, Z6; \
	CELL(X0, Z15, 0); \
	CELL(X1, Z16, 64); \
	CELL(X2, Z17, 128); \
	ROWD(X0, Z15, Y0); \
	ROWD(X1, Z16, Y1); \
	ROWD(X2, Z17, Y2); \
	SPREAD(Z15, Z7); \
	SPREAD(Z16, Z8); \
	SPREAD(Z17, Z9); \
	VMOVDQA64 Z15, Z10; \
	VPTERNLOGD $0xFE, Z17, Z16, Z10; \
	VPERMW Z10, Z25, Z12; \
	VPERMW Z10, Z24, Z13; \
	VPORD Z12, Z13, Z10; \
	VPORD Z8, Z9, Z12; \
	VPTERNLOGD $0x10, Z10, Z12, Y0; \
	VPORD Z7, Z9, Z12; \
	VPTERNLOGD $0x10, Z10, Z12, Y1; \
	VPORD Z7, Z8, Z12; \
	VPTERNLOGD $0x10, Z10, Z12, Y2; \
	CELLD(Z15, Y0); \
	CELLD(Z16, Y1); \
	CELLD(Z17, Y2); \
	SRAW(Y0, Z7); \
	SRAW(Y1, Z8); \
	SRAW(Y2, Z9); \
	VPSRLW $3, Z7, Z10; \
	VPSRLW $3, Z8, Z12; \
	VPSRLW $3, Z9, Z13; \
	VPSRLW $6, Z7, Z14; \
	VPSRLW $6, Z8, Z15; \
	VPSRLW $6, Z9, Z16; \
	VPANDD Z30, Z7, Z7; \
	VPANDD Z30, Z8, Z8; \
	VPANDD Z30, Z9, Z9; \
	VPANDD Z16, Z12, Z17; \
	VPANDD Z13, Z15, Z18; \
	VPTERNLOGD $0xE0, Z18, Z17, Z7; \
	VPANDD Z14, Z13, Z17; \
	VPANDD Z10, Z16, Z18; \
	VPTERNLOGD $0xE0, Z18, Z17, Z8; \
	VPANDD Z15, Z10, Z17; \
	VPANDD Z12, Z14, Z18; \
	VPTERNLOGD $0xE0, Z18, Z17, Z9; \
	VPMINUW Z8, Z7, Z17; \
	VPMINUW Z9, Z17, Z17; \
	VPTESTNMW Z17, Z17, K4; \
	KORD K4, K7, K7; \
	VPMULLW Z20, Z7, Z7; \
	VPTERNLOGD $0x80, Z6, Z7, Y0; \
	VPMULLW Z20, Z8, Z8; \
	VPTERNLOGD $0x80, Z6, Z8, Y1; \
	VPMULLW Z20, Z9, Z9; \
	VPTERNLOGD $0x80, Z6, Z9, Y2; \
	VPXORD X0, Y0, Z10; \
	VPTERNLOGD $0xF6, X1, Y1, Z10; \
	VPTERNLOGD $0xF6, X2, Y2, Z10; \
	VPTESTMW Z19, Z19, K6; \
	KORD K6, K7, K7

// PACK sets LO and HI to the dwords (lanes 0-15 and 16-31) R0 | R1<<9 |
// R2<<18 of the row registers R0-R2 (Y-named aliases Y0L.. are their low
// halves).
#define PACK(R0, R1, R2, R0L, R1L, R2L, LO, HI) \
	VPMOVZXWD R0L, LO; \
	VEXTRACTI64X4 $1, R0, Y12; \
	VPMOVZXWD Y12, HI; \
	VPMOVZXWD R1L, Z13; \
	VEXTRACTI64X4 $1, R1, Y12; \
	VPMOVZXWD Y12, Z14; \
	VPSLLD $9, Z13, Z13; \
	VPSLLD $9, Z14, Z14; \
	VPMOVZXWD R2L, Z15; \
	VEXTRACTI64X4 $1, R2, Y12; \
	VPMOVZXWD Y12, Z16; \
	VPSLLD $18, Z15, Z15; \
	VPSLLD $18, Z16, Z16; \
	VPTERNLOGD $0xFE, Z15, Z13, LO; \
	VPTERNLOGD $0xFE, Z16, Z14, HI

// UNPACK sets R to row SHIFT/9 of the dwords LO and HI, one word a lane.
#define UNPACK(SHIFT, R, RL) \
	VPSRLD $SHIFT, Z6, Z8; \
	VPSRLD $SHIFT, Z7, Z9; \
	VPMOVDW Z8, RL; \
	VPMOVDW Z9, Y10; \
	VINSERTI64X4 $1, Y10, R, R; \
	VPANDD Z31, R, R

// SUM9 sets S to the sum of W over the nine lanes of its group (W is
// kept).
#define SUM9(W, S) \
	VPERMW W, Z29, Z12; \
	VPADDW Z12, W, S; \
	VPERMW S, Z28, Z12; \
	VPADDW Z12, S, S; \
	VPERMW S, Z27, Z12; \
	VPADDW Z12, S, S; \
	VPERMW W, Z26, Z12; \
	VPADDW Z12, S, S

// SUM3 sets S to the sum of W over the three lanes of its group of three
// (the columns of a box; W is kept).
#define SUM3(W, S) \
	VPERMW W, Z30, Z12; \
	VPADDW Z12, W, S; \
	VPERMW W, Z31, Z12; \
	VPADDW Z12, S, S

// WEIGHT sets W to the weight of each cell (lane 9·b+c of row register r):
// 2 for a cell with two candidates or more, 3 for one with exactly two,
// 0 for a placed one, from the masks T (two or more) and H (three or
// more); KP gets the cells with exactly two.
#define WEIGHT(T, H, W, KP) \
	VPSRLVW Z20, T, Z6; \
	VPSRLVW Z20, H, Z7; \
	VPANDD Z21, Z6, W; \
	VPTERNLOGD $0x20, Z21, Z7, Z6; \
	VPADDW W, W, W; \
	VPADDW Z6, W, W; \
	VPTESTMW Z6, Z6, K1, KP

// SCORE sets C to the pick key of each cell of row register r: its score
// (the weights of its 20 peers: row + column + box − its mini-row − its
// mini-column − itself; Z9 holds column + box − mini-column) times 128
// plus 127 − (27·b + 9·r + c), or 0 where the cell has not exactly two
// candidates (KP).
#define SCORE(W, KP, KEYOFF, C) \
	SUM9(W, Z13); \
	SUM3(W, Z14); \
	VPSUBW Z14, Z13, Z13; \
	VPSUBW W, Z13, Z13; \
	VPADDW Z9, Z13, Z13; \
	VPSLLW $7, Z13, Z13; \
	VPADDW.Z (KEY+KEYOFF)(SI), Z13, KP, C

// CONSTS loads the constants of the rounds (see the register list above).
#define CONSTS \
	MOVL $0x1ff, AX; \
	VPBROADCASTW AX, Z31; \
	MOVL $0x49, AX; \
	VPBROADCASTW AX, Z30; \
	MOVL $0xdb, AX; \
	VPBROADCASTW AX, Z23; \
	MOVL $0xffff, AX; \
	VPBROADCASTW AX, Z22; \
	MOVL $0x201, AX; \
	VPBROADCASTW AX, Z21; \
	MOVL $7, AX; \
	VPBROADCASTW AX, Z20; \
	VMOVDQU64 (ROT+0)(SI), Z29; \
	VMOVDQU64 (ROT+64)(SI), Z28; \
	VMOVDQU64 (ROT+128)(SI), Z27; \
	VMOVDQU64 (ROT+192)(SI), Z26; \
	VMOVDQU64 (BAND+0)(SI), Z25; \
	VMOVDQU64 (BAND+64)(SI), Z24

// LOADBAND loads the 27 digit-band masks at ADDR (a State's Cand) into
// the row registers Z0-Z2; lanes 27-31 get all nine columns. It sets K1 to
// the 11 dwords of the second half.
#define LOADBAND(ADDR) \
	MOVL $0x7ffffff, AX; \
	VPBROADCASTD AX, Z7; \
	MOVL $0x7ff, AX; \
	KMOVW AX, K1; \
	VMOVDQU32 (ADDR), Z6; \
	VMOVDQU32 64(ADDR), K1, Z7; \
	VPMOVDW Z6, Y0; \
	VPMOVDW Z7, Y10; \
	VINSERTI64X4 $1, Y10, Z0, Z0; \
	VPANDD Z31, Z0, Z0; \
	UNPACK(9, Z1, Y1); \
	UNPACK(18, Z2, Y2)

// STOREBAND writes the row registers Z0-Z2 as 27 digit-band masks at ADDR
// (K1 as LOADBAND sets it).
#define STOREBAND(ADDR) \
	PACK(Z0, Z1, Z2, Y0, Y1, Y2, Z6, Z7); \
	VMOVDQU32 Z6, (ADDR); \
	VMOVDQU32 Z7, K1, 64(ADDR)

// UNSOLVEDTO writes unsolved[0..2] (the cells with two candidates or more,
// from the last round's counts in the frame) at ADDR.
#define UNSOLVEDTO(ADDR) \
	VMOVDQU64 0(SP), Z0; \
	VMOVDQU64 64(SP), Z1; \
	VMOVDQU64 128(SP), Z2; \
	PACK(Z0, Z1, Z2, Y0, Y1, Y2, Z6, Z7); \
	VMOVD X6, AX; \
	MOVL AX, (ADDR); \
	VEXTRACTI32X4 $2, Z6, X8; \
	VPEXTRD $1, X8, AX; \
	MOVL AX, 4(ADDR); \
	VPEXTRD $2, X7, AX; \
	MOVL AX, 8(ADDR)

// PICKSCORE sets AX to the largest pick key over the cells with exactly two
// candidates (score·128 + 127 − (27·b+p)), or 0 when there is none, from
// the last round's counts in the frame. It overwrites Z0-Z17, Z20, Z21,
// Z30, Z31 and K1-K4 (K1: the 27 lanes).
#define PICKSCORE \
	MOVL $0x7ffffff, AX; \
	KMOVD AX, K1; \
	VMOVDQU64 0(SP), Z0; \
	VMOVDQU64 64(SP), Z1; \
	VMOVDQU64 128(SP), Z2; \
	VMOVDQU64 192(SP), Z3; \
	VMOVDQU64 256(SP), Z4; \
	VMOVDQU64 320(SP), Z5; \
	VMOVDQU64 SHIFT(SI), Z20; \
	MOVL $1, AX; \
	VPBROADCASTW AX, Z21; \
	VMOVDQU64 (TRI+0)(SI), Z30; \
	VMOVDQU64 (TRI+64)(SI), Z31; \
	WEIGHT(Z0, Z3, Z15, K2); \
	WEIGHT(Z1, Z4, Z16, K3); \
	WEIGHT(Z2, Z5, Z17, K4); \
	VPADDW Z16, Z15, Z8; \
	VPADDW Z17, Z8, Z8; \
	VPERMW Z8, Z25, Z12; \
	VPADDW Z12, Z8, Z9; \
	VPERMW Z8, Z24, Z12; \
	VPADDW Z12, Z9, Z9; \
	SUM3(Z8, Z13); \
	VPADDW Z13, Z9, Z9; \
	VPSUBW Z8, Z9, Z9; \
	SCORE(Z15, K2, 0, Z0); \
	SCORE(Z16, K3, 64, Z1); \
	SCORE(Z17, K4, 128, Z2); \
	VPMAXUW Z1, Z0, Z0; \
	VPMAXUW Z2, Z0, Z0; \
	VEXTRACTI64X4 $1, Z0, Y1; \
	VPMAXUW Y1, Y0, Y0; \
	VEXTRACTI128 $1, Y0, X1; \
	VPMAXUW X1, X0, X0; \
	VPCMPEQW X1, X1, X1; \
	VPXOR X1, X0, X0; \
	VPHMINPOSUW X0, X0; \
	VMOVD X0, AX; \
	NOTL AX; \
	ANDL $0xffff, AX

// ANYOPEN sets K2 to the lanes with an open cell (from the frame's
// counts, K1 the 27 lanes); KORTESTD K2, K2 then says whether there is one.
#define ANYOPEN \
	VMOVDQU64 0(SP), Z0; \
	VPORD 64(SP), Z0, Z0; \
	VPORD 128(SP), Z0, Z0; \
	VPTESTMW Z0, Z0, K1, K2

// func sweepAVX512(s *State, t *Tables) int
//
// It returns -1 on a contradiction, 81 when every cell is placed, 82 when
// no cell has exactly two candidates, else the cell pick chooses (27·b+p).
TEXT ·sweepAVX512(SB), NOSPLIT, $384-24
	MOVQ s+0(FP), DI
	MOVQ t+8(FP), SI
	CONSTS
	VPXORD Z19, Z19, Z19
	KXORD K7, K7, K7
	LOADBAND(DI)

loop:
	ROUND(Z0, Z1, Z2, Z3, Z4, Z5)
	KORTESTD K7, K7
	JNE fail
	VPTESTMW Z10, Z10, K5
	KORTESTD K5, K5
	JEQ done
	ROUND(Z3, Z4, Z5, Z0, Z1, Z2)
	KORTESTD K7, K7
	JNE fail
	VPTESTMW Z10, Z10, K5
	KORTESTD K5, K5
	JNE loop

done:
	// Y = X: the state is in Z0-Z2 either way.
	STOREBAND(DI)
	LEAQ UNSOLVED(DI), R9
	UNSOLVEDTO(R9)
	MOVL $0, CHANGED(DI)
	PICKSCORE
	TESTL AX, AX
	JEQ nopair
	ANDL $127, AX
	MOVL $127, BX
	SUBL AX, BX
	VZEROUPPER
	MOVQ BX, ret+16(FP)
	RET

nopair:
	// No cell with exactly two candidates: 81 if none is open, else 82.
	ANYOPEN
	KORTESTD K2, K2
	MOVQ $81, BX
	MOVQ $82, CX
	CMOVQNE CX, BX
	VZEROUPPER
	MOVQ BX, ret+16(FP)
	RET

fail:
	VZEROUPPER
	MOVQ $-1, ret+16(FP)
	RET

// func searchAVX512(x *Search, t *Tables) int
//
// Run: the Go kernel's search (models/sudoku, Fast.search) with this
// kernel's propagation and pick, on an explicit stack of levels
// (x.states[l]: the fixpoint at level l, x.Cells[l] the cell guessed there,
// x.digits[l] its digits still to try, lowest first; the last one is tried
// in place, at the same level). It runs until an event (Event*), which it
// returns, x.Resume saying where to go on. Resume 0 starts from the 81
// givens at x.Givens (no search when one is above 9).
TEXT ·searchAVX512(SB), NOSPLIT, $384-24
	MOVQ x+0(FP), DI
	MOVQ t+8(FP), SI
	CONSTS
	MOVQ LEVEL(DI), R8
	MOVQ RESUME(DI), AX
	CMPQ AX, $1
	JEQ next
	CMPQ AX, $2
	JEQ backtrack
	CMPQ AX, $3
	JEQ picked

	// Start: the digit-band masks of the 81 givens at x.givens (a byte
	// each), with byte compares: cand[9·b+d] = the cells of band b that are
	// empty or hold d+1. That is all init does that the rounds do not do
	// themselves (clashing givens are a contradiction of the first
	// propagation, before any node, as init's false). A value above 9
	// leaves no solution, as in init.
	MOVQ GIVENS(DI), R9
	VMOVDQU8 (R9), Z10
	MOVL $0x1ffff, AX
	KMOVQ AX, K1
	VMOVDQU8.Z 64(R9), K1, Z11
	MOVL $9, AX
	VPBROADCASTB AX, Z12
	VPCMPUB $6, Z12, Z10, K2
	VPCMPUB $6, Z12, Z11, K3
	KORTESTQ K2, K3
	JNE backtrack
	VPTESTMB Z10, Z10, K2
	VPTESTMB Z11, Z11, K3
	KMOVQ K2, AX
	KMOVQ K3, DX
	MOVQ $0x7ffffff, R13
	MOVQ AX, R10
	NOTQ R10
	ANDQ R13, R10
	MOVQ AX, R11
	SHRQ $27, R11
	NOTQ R11
	ANDQ R13, R11
	MOVQ AX, R12
	SHRQ $54, R12
	MOVQ DX, CX
	SHLQ $10, CX
	ORQ CX, R12
	NOTQ R12
	ANDQ R13, R12
	MOVL $1, AX
	VPBROADCASTB AX, Z13
	VPCMPEQB Z13, Z10, K2
	VPCMPEQB Z13, Z11, K3
	KMOVQ K2, AX
	KMOVQ K3, DX
	MOVQ AX, CX
	ANDQ R13, CX
	ORL R10, CX
	MOVL CX, (OUT+4*0)(DI)
	MOVQ AX, CX
	SHRQ $27, CX
	ANDQ R13, CX
	ORL R11, CX
	MOVL CX, (OUT+4*9)(DI)
	SHRQ $54, AX
	SHLQ $10, DX
	ORQ DX, AX
	ANDQ R13, AX
	ORL R12, AX
	MOVL AX, (OUT+4*18)(DI)
	MOVL $2, AX
	VPBROADCASTB AX, Z13
	VPCMPEQB Z13, Z10, K2
	VPCMPEQB Z13, Z11, K3
	KMOVQ K2, AX
	KMOVQ K3, DX
	MOVQ AX, CX
	ANDQ R13, CX
	ORL R10, CX
	MOVL CX, (OUT+4*1)(DI)
	MOVQ AX, CX
	SHRQ $27, CX
	ANDQ R13, CX
	ORL R11, CX
	MOVL CX, (OUT+4*10)(DI)
	SHRQ $54, AX
	SHLQ $10, DX
	ORQ DX, AX
	ANDQ R13, AX
	ORL R12, AX
	MOVL AX, (OUT+4*19)(DI)
	MOVL $3, AX
	VPBROADCASTB AX, Z13
	VPCMPEQB Z13, Z10, K2
	VPCMPEQB Z13, Z11, K3
	KMOVQ K2, AX
	KMOVQ K3, DX
	MOVQ AX, CX
	ANDQ R13, CX
	ORL R10, CX
	MOVL CX, (OUT+4*2)(DI)
	MOVQ AX, CX
	SHRQ $27, CX
	ANDQ R13, CX
	ORL R11, CX
	MOVL CX, (OUT+4*11)(DI)
	SHRQ $54, AX
	SHLQ $10, DX
	ORQ DX, AX
	ANDQ R13, AX
	ORL R12, AX
	MOVL AX, (OUT+4*20)(DI)
	MOVL $4, AX
	VPBROADCASTB AX, Z13
	VPCMPEQB Z13, Z10, K2
	VPCMPEQB Z13, Z11, K3
	KMOVQ K2, AX
	KMOVQ K3, DX
	MOVQ AX, CX
	ANDQ R13, CX
	ORL R10, CX
	MOVL CX, (OUT+4*3)(DI)
	MOVQ AX, CX
	SHRQ $27, CX
	ANDQ R13, CX
	ORL R11, CX
	MOVL CX, (OUT+4*12)(DI)
	SHRQ $54, AX
	SHLQ $10, DX
	ORQ DX, AX
	ANDQ R13, AX
	ORL R12, AX
	MOVL AX, (OUT+4*21)(DI)
	MOVL $5, AX
	VPBROADCASTB AX, Z13
	VPCMPEQB Z13, Z10, K2
	VPCMPEQB Z13, Z11, K3
	KMOVQ K2, AX
	KMOVQ K3, DX
	MOVQ AX, CX
	ANDQ R13, CX
	ORL R10, CX
	MOVL CX, (OUT+4*4)(DI)
	MOVQ AX, CX
	SHRQ $27, CX
	ANDQ R13, CX
	ORL R11, CX
	MOVL CX, (OUT+4*13)(DI)
	SHRQ $54, AX
	SHLQ $10, DX
	ORQ DX, AX
	ANDQ R13, AX
	ORL R12, AX
	MOVL AX, (OUT+4*22)(DI)
	MOVL $6, AX
	VPBROADCASTB AX, Z13
	VPCMPEQB Z13, Z10, K2
	VPCMPEQB Z13, Z11, K3
	KMOVQ K2, AX
	KMOVQ K3, DX
	MOVQ AX, CX
	ANDQ R13, CX
	ORL R10, CX
	MOVL CX, (OUT+4*5)(DI)
	MOVQ AX, CX
	SHRQ $27, CX
	ANDQ R13, CX
	ORL R11, CX
	MOVL CX, (OUT+4*14)(DI)
	SHRQ $54, AX
	SHLQ $10, DX
	ORQ DX, AX
	ANDQ R13, AX
	ORL R12, AX
	MOVL AX, (OUT+4*23)(DI)
	MOVL $7, AX
	VPBROADCASTB AX, Z13
	VPCMPEQB Z13, Z10, K2
	VPCMPEQB Z13, Z11, K3
	KMOVQ K2, AX
	KMOVQ K3, DX
	MOVQ AX, CX
	ANDQ R13, CX
	ORL R10, CX
	MOVL CX, (OUT+4*6)(DI)
	MOVQ AX, CX
	SHRQ $27, CX
	ANDQ R13, CX
	ORL R11, CX
	MOVL CX, (OUT+4*15)(DI)
	SHRQ $54, AX
	SHLQ $10, DX
	ORQ DX, AX
	ANDQ R13, AX
	ORL R12, AX
	MOVL AX, (OUT+4*24)(DI)
	MOVL $8, AX
	VPBROADCASTB AX, Z13
	VPCMPEQB Z13, Z10, K2
	VPCMPEQB Z13, Z11, K3
	KMOVQ K2, AX
	KMOVQ K3, DX
	MOVQ AX, CX
	ANDQ R13, CX
	ORL R10, CX
	MOVL CX, (OUT+4*7)(DI)
	MOVQ AX, CX
	SHRQ $27, CX
	ANDQ R13, CX
	ORL R11, CX
	MOVL CX, (OUT+4*16)(DI)
	SHRQ $54, AX
	SHLQ $10, DX
	ORQ DX, AX
	ANDQ R13, AX
	ORL R12, AX
	MOVL AX, (OUT+4*25)(DI)
	MOVL $9, AX
	VPBROADCASTB AX, Z13
	VPCMPEQB Z13, Z10, K2
	VPCMPEQB Z13, Z11, K3
	KMOVQ K2, AX
	KMOVQ K3, DX
	MOVQ AX, CX
	ANDQ R13, CX
	ORL R10, CX
	MOVL CX, (OUT+4*8)(DI)
	MOVQ AX, CX
	SHRQ $27, CX
	ANDQ R13, CX
	ORL R11, CX
	MOVL CX, (OUT+4*17)(DI)
	SHRQ $54, AX
	SHLQ $10, DX
	ORQ DX, AX
	ANDQ R13, AX
	ORL R12, AX
	MOVL AX, (OUT+4*26)(DI)
	LEAQ OUT(DI), R9
	LOADBAND(R9)

propagate:
	VPXORD Z19, Z19, Z19
	KXORD K7, K7, K7
sloop:
	ROUND(Z0, Z1, Z2, Z3, Z4, Z5)
	KORTESTD K7, K7
	JNE backtrack
	VPTESTMW Z10, Z10, K5
	KORTESTD K5, K5
	JEQ fixpoint
	ROUND(Z3, Z4, Z5, Z0, Z1, Z2)
	KORTESTD K7, K7
	JNE backtrack
	VPTESTMW Z10, Z10, K5
	KORTESTD K5, K5
	JNE sloop

fixpoint:
	// Keep the fixpoint as level R8's state, then pick.
	IMUL3Q $192, R8, R9
	LEAQ STATES(DI)(R9*1), R9
	VMOVDQU64 Z0, 0(R9)
	VMOVDQU64 Z1, 64(R9)
	VMOVDQU64 Z2, 128(R9)
	PICKSCORE
	TESTL AX, AX
	JEQ spare
	ANDL $127, AX
	MOVL $127, BX
	SUBL AX, BX
	MOVL BX, CELLS(DI)(R8*4)
	MOVL $0x1ff, AX
	VPBROADCASTW AX, Z31
	MOVL $0x49, AX
	VPBROADCASTW AX, Z30
	MOVL $0x201, AX
	VPBROADCASTW AX, Z21
	MOVL $7, AX
	VPBROADCASTW AX, Z20
	JMP cell

spare:
	// No cell with two candidates: a solution, or pick's fallback (Go).
	ANYOPEN
	KORTESTD K2, K2
	JNE fallback
	VMOVDQU64 0(R9), Z0
	VMOVDQU64 64(R9), Z1
	VMOVDQU64 128(R9), Z2
	MOVL $0x7ff, AX
	KMOVW AX, K1
	LEAQ OUT(DI), R10
	STOREBAND(R10)
	MOVQ $2, RESUME(DI)
	MOVQ R8, LEVEL(DI)
	VZEROUPPER
	MOVQ $1, ret+16(FP)
	RET

fallback:
	LEAQ (OUT+UNSOLVED)(DI), R10
	UNSOLVEDTO(R10)
	VMOVDQU64 0(R9), Z0
	VMOVDQU64 64(R9), Z1
	VMOVDQU64 128(R9), Z2
	MOVL $0x7ff, AX
	KMOVW AX, K1
	LEAQ OUT(DI), R10
	STOREBAND(R10)
	MOVQ $3, RESUME(DI)
	MOVQ R8, LEVEL(DI)
	VZEROUPPER
	MOVQ $2, ret+16(FP)
	RET

picked:
	IMUL3Q $192, R8, R9
	LEAQ STATES(DI)(R9*1), R9

cell:
	// The digits of cell CELLS[R8] (27·b + 9·r + c) in level R8's state
	// (R9): bit c of lanes 9·b..9·b+8 of row register r.
	MOVL CELLS(DI)(R8*4), BX
	MOVL CELLINFO(SI)(BX*4), BX
	MOVL BX, CX
	SHRL $8, CX
	ANDL $3, CX
	SHLL $6, CX
	VMOVDQU64 (R9)(CX*1), Z6
	MOVL BX, AX
	SHRL $16, AX
	VPBROADCASTW AX, Z7
	VPTESTMW Z7, Z6, K2
	KMOVD K2, AX
	MOVL BX, CX
	ANDL $31, CX
	SHRL CX, AX
	ANDL $0x1ff, AX
	MOVL AX, DIGITS(DI)(R8*4)

next:
	// The next digit of level R8's cell, counted as a node.
	MOVQ NODES(DI), CX
	CMPQ CX, BOUND(DI)
	JEQ poll
	INCQ CX
	MOVQ CX, NODES(DI)
	MOVL DIGITS(DI)(R8*4), AX
	BSFL AX, DX
	LEAL -1(AX), CX
	ANDL CX, AX
	MOVL AX, DIGITS(DI)(R8*4)
	IMUL3Q $192, R8, R9
	LEAQ STATES(DI)(R9*1), R9
	VMOVDQU64 0(R9), Z0
	VMOVDQU64 64(R9), Z1
	VMOVDQU64 128(R9), Z2
	// Clear the cell from the other digits: bit c of lanes 9·b+e, e != d,
	// of row register r (K2, K3, K4 select the lanes in Z0, Z1, Z2).
	MOVL CELLS(DI)(R8*4), BX
	MOVL CELLINFO(SI)(BX*4), BX
	MOVL BX, CX
	ANDL $31, CX
	MOVL $0x1ff, R10
	SHLL CX, R10
	ADDL DX, CX
	MOVL $1, R11
	SHLL CX, R11
	XORL R11, R10
	MOVL BX, CX
	SHRL $8, CX
	ANDL $3, CX
	XORL R11, R11
	XORL R12, R12
	XORL R13, R13
	CMPL CX, $1
	CMOVLLT R10, R11
	CMOVLEQ R10, R12
	CMOVLGT R10, R13
	KMOVD R11, K2
	KMOVD R12, K3
	KMOVD R13, K4
	MOVL BX, CX
	SHRL $16, CX
	VPBROADCASTW CX, Z7
	VPANDND Z0, Z7, Z6
	VMOVDQU16 Z6, K2, Z0
	VPANDND Z1, Z7, Z6
	VMOVDQU16 Z6, K3, Z1
	VPANDND Z2, Z7, Z6
	VMOVDQU16 Z6, K4, Z2
	TESTL AX, AX
	JEQ propagate
	INCQ R8
	JMP propagate

backtrack:
	DECQ R8
	JGE next
	MOVQ $0, RESUME(DI)
	MOVQ $0, LEVEL(DI)
	VZEROUPPER
	MOVQ $0, ret+16(FP)
	RET

poll:
	MOVQ $1, RESUME(DI)
	MOVQ R8, LEVEL(DI)
	VZEROUPPER
	MOVQ $3, ret+16(FP)
	RET
