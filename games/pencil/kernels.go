package pencil

// The solver's innermost loops: the simplex's row updates and steepest-edge norms, the LU
// factorisation's row updates, and the copy of a position's matrix with its row minima and
// column maxima. On amd64 they run in assembly (kernels_amd64.s), four entries an instruction
// with AVX and two with SSE2 (which every amd64 has), because the Go compiler does not
// vectorise loops and no library that a game may import (the standard library) offers these;
// elsewhere, or with -tags purego, in the Go of kernels_generic.go. All round every entry the
// same way (a product, then a sum or difference, never fused), so the solution does not depend
// on which runs (TestKernels).

// axpy sets dst[k] -= f * src[k] for every k < len(src) <= len(dst).
func axpy(dst, src []float64, f float64) {
	axpyKernel(dst[:len(src)], src, f)
}

// addSquares adds the square of each entry of row to norm (len(row) <= len(norm)).
func addSquares(norm, row []float64) {
	addSquaresKernel(norm[:len(row)], row)
}

// reverseFill sets dst[k] = src[len(dst)-1-k], raises colMax[k] to dst[k] where that is larger
// (src and colMax at least as long as dst), and returns the least of rmin and the entries. A
// zero may come out as either sign: the row minima and column maxima are only compared.
func reverseFill(dst, src, colMax []float64, rmin float64) float64 {
	n := len(dst)
	return reverseFillKernel(dst, src[:n], colMax[:n], rmin)
}
