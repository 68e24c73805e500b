//go:build !amd64 || purego

package pencil

// axpyKernel is axpy on equally long slices. The conversions keep the compiler from fusing
// the product and the difference (as it may on arm64, say), which would round differently.
func axpyKernel(dst, src []float64, f float64) {
	dst = dst[:len(src)]
	for k, v := range src {
		dst[k] -= float64(f * v)
	}
}

// addSquaresKernel is addSquares on equally long slices.
func addSquaresKernel(norm, row []float64) {
	norm = norm[:len(row)]
	for c, v := range row {
		norm[c] += float64(v * v)
	}
}

// reverseFillKernel is reverseFill on equally long slices.
func reverseFillKernel(dst, src, colMax []float64, rmin float64) float64 {
	n := len(dst)
	src, colMax = src[:n], colMax[:n]
	for k := range dst {
		v := src[n-1-k]
		dst[k] = v
		if v < rmin {
			rmin = v
		}
		if v > colMax[k] {
			colMax[k] = v
		}
	}
	return rmin
}
