//go:build !purego

#include "textflag.h"

// MULADD is the loop of axpyKernel and addSquaresKernel: for k < CX, DI[k] += SI[k] * (M1 in
// SIMD lanes, MS in the scalar ones), in aligned pairs where it can (ADDPD reads DI from memory,
// which must be 16-byte aligned: one entry first if it is not), eight entries a round. M1..M4
// are the multipliers of X1..X4: a register holding the factor, or X1..X4 themselves to square.
// With AVX (useAVX) sixteen entries a round go first, in Y1..Y4 multiplied by Y1M..Y4M, and
// VZEROUPPER precedes the SSE2 instructions of the rest. The arguments after Y4M are labels.
#define MULADD(M1, M2, M3, M4, MS, Y1M, Y2M, Y3M, Y4M, aligned, sixteen, avxdone, sse, eight, rest, pair, one, done) \
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
	CMPB ·useAVX(SB), $1; \
	JNE  sse; \
	MOVQ CX, BX; \
	SUBQ AX, BX; \
	SHRQ $4, BX; \
	JZ   avxdone; \
sixteen: \
	VMOVUPD (SI)(AX*8), Y1; \
	VMOVUPD 32(SI)(AX*8), Y2; \
	VMOVUPD 64(SI)(AX*8), Y3; \
	VMOVUPD 96(SI)(AX*8), Y4; \
	VMULPD  Y1M, Y1, Y1; \
	VMULPD  Y2M, Y2, Y2; \
	VMULPD  Y3M, Y3, Y3; \
	VMULPD  Y4M, Y4, Y4; \
	VADDPD  (DI)(AX*8), Y1, Y1; \
	VADDPD  32(DI)(AX*8), Y2, Y2; \
	VADDPD  64(DI)(AX*8), Y3, Y3; \
	VADDPD  96(DI)(AX*8), Y4, Y4; \
	VMOVUPD Y1, (DI)(AX*8); \
	VMOVUPD Y2, 32(DI)(AX*8); \
	VMOVUPD Y3, 64(DI)(AX*8); \
	VMOVUPD Y4, 96(DI)(AX*8); \
	ADDQ    $16, AX; \
	DECQ    BX; \
	JNZ     sixteen; \
avxdone: \
	VZEROUPPER; \
sse: \
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
	CMPB  ·useAVX(SB), $1
	JNE   axpy_start
	VINSERTF128 $1, X0, Y0, Y0 // -f in all four lanes; X0 keeps it in two

axpy_start:
	MULADD(X0, X8, X0, X8, X0, Y0, Y0, Y0, Y0, axpy_aligned, axpy_sixteen, axpy_avxdone, axpy_sse2, axpy_eight, axpy_rest, axpy_pair, axpy_one, axpy_done)

// func addSquaresKernel(norm, row []float64)
// norm[c] += row[c] * row[c] for c < len(row): MULPD then ADDPD.
TEXT ·addSquaresKernel(SB), NOSPLIT, $0-48
	MOVQ norm_base+0(FP), DI
	MOVQ row_base+24(FP), SI
	MOVQ row_len+32(FP), CX
	MULADD(X1, X2, X3, X4, X1, Y1, Y2, Y3, Y4, sq_aligned, sq_sixteen, sq_avxdone, sq_sse, sq_eight, sq_rest, sq_pair, sq_one, sq_done)

// func reverseFillKernel(dst, src, colMax []float64, rmin float64) float64
// dst[k] = src[n-1-k], colMax[k] = max(colMax[k], dst[k]), returns min(rmin, dst...), n = len(dst).
TEXT ·reverseFillKernel(SB), NOSPLIT, $0-88
	MOVQ  dst_base+0(FP), DI
	MOVQ  dst_len+8(FP), CX
	MOVQ  src_base+24(FP), SI
	MOVQ  colMax_base+48(FP), DX
	MOVSD rmin+72(FP), X0
	UNPCKLPD X0, X0
	LEAQ  -16(SI)(CX*8), R8 // &src[n-2-k], the pair that lands in dst[k:k+2]
	XORQ  AX, AX
	CMPB  ·useAVX(SB), $1
	JNE   rf_sse
	MOVQ  CX, BX
	SHRQ  $2, BX
	JZ    rf_sse
	VINSERTF128 $1, X0, Y0, Y0

rf_quad:
	VMOVUPD     -16(R8), Y1       // src[n-4-k : n-k]
	VPERM2F128  $1, Y1, Y1, Y1    // the halves exchanged
	VSHUFPD     $5, Y1, Y1, Y1    // and each half's pair: src[n-1-k], ..., src[n-4-k]
	VMOVUPD     Y1, (DI)(AX*8)
	VMINPD      Y1, Y0, Y0
	VMAXPD      (DX)(AX*8), Y1, Y2
	VMOVUPD     Y2, (DX)(AX*8)
	ADDQ        $4, AX
	SUBQ        $32, R8
	DECQ        BX
	JNZ         rf_quad
	VEXTRACTF128 $1, Y0, X1
	VMINPD      X1, X0, X0
	VZEROUPPER

rf_sse:
	MOVQ  CX, BX
	SUBQ  AX, BX
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

// func cpuAVX() bool
// Whether the processor has AVX and the system saves its registers: CPUID leaf 1 (ECX bits 27,
// OSXSAVE, and 28, AVX), then XGETBV (XCR0 bits 1 and 2, the SSE and AVX states).
TEXT ·cpuAVX(SB), NOSPLIT, $0-1
	MOVL  $1, AX
	XORL  CX, CX
	CPUID
	ANDL  $0x18000000, CX
	CMPL  CX, $0x18000000
	JNE   no_avx
	XORL  CX, CX
	BYTE  $0x0f; BYTE $0x01; BYTE $0xd0 // XGETBV
	ANDL  $6, AX
	CMPL  AX, $6
	JNE   no_avx
	MOVB  $1, ret+0(FP)
	RET

no_avx:
	MOVB  $0, ret+0(FP)
	RET
