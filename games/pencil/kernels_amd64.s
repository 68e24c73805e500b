//go:build !purego

#include "textflag.h"

// func axpyKernel(dst, src []float64, f float64)
// dst[k] -= f * src[k] for k < len(src): MULPD then SUBPD, as the Go dst[k] - f*src[k].
TEXT ·axpyKernel(SB), NOSPLIT, $0-56
	MOVQ  dst_base+0(FP), DI
	MOVQ  src_base+24(FP), SI
	MOVQ  src_len+32(FP), CX
	MOVSD f+48(FP), X0
	UNPCKLPD X0, X0
	XORQ  AX, AX
	MOVQ  CX, BX
	SHRQ  $2, BX
	JZ    axpy_pair

axpy_four:
	MOVUPD (SI)(AX*8), X1
	MOVUPD 16(SI)(AX*8), X2
	MULPD  X0, X1
	MULPD  X0, X2
	MOVUPD (DI)(AX*8), X3
	MOVUPD 16(DI)(AX*8), X4
	SUBPD  X1, X3
	SUBPD  X2, X4
	MOVUPD X3, (DI)(AX*8)
	MOVUPD X4, 16(DI)(AX*8)
	ADDQ   $4, AX
	DECQ   BX
	JNZ    axpy_four

axpy_pair:
	MOVQ CX, BX
	SUBQ AX, BX
	CMPQ BX, $2
	JLT  axpy_one
	MOVUPD (SI)(AX*8), X1
	MULPD  X0, X1
	MOVUPD (DI)(AX*8), X3
	SUBPD  X1, X3
	MOVUPD X3, (DI)(AX*8)
	ADDQ   $2, AX
	SUBQ   $2, BX

axpy_one:
	TESTQ BX, BX
	JZ    axpy_done
	MOVSD (SI)(AX*8), X1
	MULSD X0, X1
	MOVSD (DI)(AX*8), X3
	SUBSD X1, X3
	MOVSD X3, (DI)(AX*8)

axpy_done:
	RET

// func addSquaresKernel(norm, row []float64)
// norm[c] += row[c] * row[c] for c < len(row): MULPD then ADDPD.
TEXT ·addSquaresKernel(SB), NOSPLIT, $0-48
	MOVQ norm_base+0(FP), DI
	MOVQ row_base+24(FP), SI
	MOVQ row_len+32(FP), CX
	XORQ AX, AX
	MOVQ CX, BX
	SHRQ $2, BX
	JZ   sq_pair

sq_four:
	MOVUPD (SI)(AX*8), X1
	MOVUPD 16(SI)(AX*8), X2
	MULPD  X1, X1
	MULPD  X2, X2
	MOVUPD (DI)(AX*8), X3
	MOVUPD 16(DI)(AX*8), X4
	ADDPD  X1, X3
	ADDPD  X2, X4
	MOVUPD X3, (DI)(AX*8)
	MOVUPD X4, 16(DI)(AX*8)
	ADDQ   $4, AX
	DECQ   BX
	JNZ    sq_four

sq_pair:
	MOVQ CX, BX
	SUBQ AX, BX
	CMPQ BX, $2
	JLT  sq_one
	MOVUPD (SI)(AX*8), X1
	MULPD  X1, X1
	MOVUPD (DI)(AX*8), X3
	ADDPD  X1, X3
	MOVUPD X3, (DI)(AX*8)
	ADDQ   $2, AX
	SUBQ   $2, BX

sq_one:
	TESTQ BX, BX
	JZ    sq_done
	MOVSD (SI)(AX*8), X1
	MULSD X1, X1
	MOVSD (DI)(AX*8), X3
	ADDSD X1, X3
	MOVSD X3, (DI)(AX*8)

sq_done:
	RET

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
