//go:build !purego

#include "textflag.h"

// MULADD is the loop of axpyKernel and addSquaresKernel: for k < CX, DI[k] += SI[k] * (M1 in
// SIMD lanes, MS in the scalar ones), in aligned pairs where it can (ADDPD reads DI from memory,
// which must be 16-byte aligned: one entry first if it is not), eight entries a round. M1..M4
// are the multipliers of X1..X4: a register holding the factor, or X1..X4 themselves to square.
// The arguments after MS are the labels.
#define MULADD(M1, M2, M3, M4, MS, aligned, eight, rest, pair, one, done) \
	XORQ  AX, AX; \
	TESTQ CX, CX; \
	JZ    done; \
	TESTQ $15, DI; \
	JZ    aligned; \
	MOVSD (SI), X1; \
	MULSD MS, X1; \
	ADDSD (DI), X1; \
	MOVSD X1, (DI); \
	INCQ  AX; \
aligned: \
	MOVQ CX, BX; \
	SUBQ AX, BX; \
	SHRQ $3, BX; \
	JZ   rest; \
eight: \
	MOVUPD (SI)(AX*8), X1; \
	MOVUPD 16(SI)(AX*8), X2; \
	MOVUPD 32(SI)(AX*8), X3; \
	MOVUPD 48(SI)(AX*8), X4; \
	MULPD  M1, X1; \
	MULPD  M2, X2; \
	MULPD  M3, X3; \
	MULPD  M4, X4; \
	ADDPD  (DI)(AX*8), X1; \
	ADDPD  16(DI)(AX*8), X2; \
	ADDPD  32(DI)(AX*8), X3; \
	ADDPD  48(DI)(AX*8), X4; \
	MOVUPD X1, (DI)(AX*8); \
	MOVUPD X2, 16(DI)(AX*8); \
	MOVUPD X3, 32(DI)(AX*8); \
	MOVUPD X4, 48(DI)(AX*8); \
	ADDQ   $8, AX; \
	DECQ   BX; \
	JNZ    eight; \
rest: \
	MOVQ CX, BX; \
	SUBQ AX, BX; \
	SHRQ $1, BX; \
	JZ   one; \
pair: \
	MOVUPD (SI)(AX*8), X1; \
	MULPD  M1, X1; \
	ADDPD  (DI)(AX*8), X1; \
	MOVUPD X1, (DI)(AX*8); \
	ADDQ   $2, AX; \
	DECQ   BX; \
	JNZ    pair; \
one: \
	CMPQ AX, CX; \
	JGE  done; \
	MOVSD (SI)(AX*8), X1; \
	MULSD MS, X1; \
	ADDSD (DI)(AX*8), X1; \
	MOVSD X1, (DI)(AX*8); \
done: \
	RET

// func axpyKernel(dst, src []float64, f float64)
// dst[k] -= f * src[k] for k < len(src), as dst[k] + (-f)*src[k]: the same product and sum,
// rounded alike (negation is exact), MULPD then ADDPD.
TEXT ·axpyKernel(SB), NOSPLIT, $0-56
	MOVQ  dst_base+0(FP), DI
	MOVQ  src_base+24(FP), SI
	MOVQ  src_len+32(FP), CX
	MOVSD f+48(FP), X0
	MOVQ  $0x8000000000000000, AX
	MOVQ  AX, X1
	XORPD X1, X0 // -f, the sign bit flipped (0 - f would give +0 for f = +0)
	UNPCKLPD X0, X0
	MOVAPD X0, X8
	MULADD(X0, X8, X0, X8, X0, axpy_aligned, axpy_eight, axpy_rest, axpy_pair, axpy_one, axpy_done)

// func addSquaresKernel(norm, row []float64)
// norm[c] += row[c] * row[c] for c < len(row): MULPD then ADDPD.
TEXT ·addSquaresKernel(SB), NOSPLIT, $0-48
	MOVQ norm_base+0(FP), DI
	MOVQ row_base+24(FP), SI
	MOVQ row_len+32(FP), CX
	MULADD(X1, X2, X3, X4, X1, sq_aligned, sq_eight, sq_rest, sq_pair, sq_one, sq_done)

// func reverseFillKernel(dst, src, colMax []float64, rmin float64) float64
// dst[k] = src[n-1-k], colMax[k] = max(colMax[k], dst[k]), returns min(rmin, dst...), n = len(dst).
TEXT ·reverseFillKernel(SB), NOSPLIT, $0-88
	MOVQ  dst_base+0(FP), DI
	MOVQ  dst_len+8(FP), CX
	MOVQ  src_base+24(FP), SI
	MOVQ  colMax_base+48(FP), DX
	MOVSD rmin+72(FP), X0
	UNPCKLPD X0, X0
	LEAQ  -16(SI)(CX*8), R8 // &src[n-2], the pair that lands in dst[0:2]
	XORQ  AX, AX
	MOVQ  CX, BX
	SHRQ  $1, BX
	JZ    rf_one

rf_pair:
	MOVUPD (R8), X1
	SHUFPD $1, X1, X1
	MOVUPD X1, (DI)(AX*8)
	MINPD  X1, X0
	MOVUPD (DX)(AX*8), X2
	MAXPD  X1, X2
	MOVUPD X2, (DX)(AX*8)
	ADDQ   $2, AX
	SUBQ   $16, R8
	DECQ   BX
	JNZ    rf_pair

rf_one:
	CMPQ AX, CX
	JGE  rf_done
	MOVSD 8(R8), X1 // src[0]
	MOVSD X1, (DI)(AX*8)
	MINSD X1, X0
	MOVSD (DX)(AX*8), X2
	MAXSD X1, X2
	MOVSD X2, (DX)(AX*8)

rf_done:
	MOVAPD   X0, X1
	UNPCKHPD X1, X1
	MINSD    X1, X0
	MOVSD    X0, ret+80(FP)
	RET
