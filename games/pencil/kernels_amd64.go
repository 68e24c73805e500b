//go:build !purego

package pencil

// Implemented in kernels_amd64.s; the slices are equally long (see kernels.go).

//go:noescape
func axpyKernel(dst, src []float64, f float64)

//go:noescape
func addSquaresKernel(norm, row []float64)

//go:noescape
func reverseFillKernel(dst, src, colMax []float64, rmin float64) float64
