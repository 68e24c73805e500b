//go:build !purego

package pencil

// Implemented in kernels_amd64.s; the slices are equally long (see kernels.go). With AVX the
// kernels take four entries an instruction, else two (SSE2, which every amd64 has); the
// operations on each entry are the same, so are the results.

// useAVX selects the kernels' AVX loops; tests turn it off to check the SSE2 ones.
var useAVX = cpuAVX()

func cpuAVX() bool

//go:noescape
func axpyKernel(dst, src []float64, f float64)

//go:noescape
func addSquaresKernel(norm, row []float64)

//go:noescape
func reverseFillKernel(dst, src, colMax []float64, rmin float64) float64
