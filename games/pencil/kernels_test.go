package pencil

import (
	"math"
	"math/rand/v2"
	"testing"
)

// TestKernels compares the kernels (assembly on amd64, in each variant the machine runs) with
// plain loops, bit for bit, on every length up to 37 and both alignments, with repeated values
// and zeros of both signs among the entries.
func TestKernels(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	entry := func() float64 {
		switch rng.IntN(8) {
		case 0:
			return 0
		case 1:
			return math.Copysign(0, -1)
		case 2:
			return 1
		}
		return rng.NormFloat64() * math.Exp(rng.NormFloat64()*3)
	}
	vec := func(n int) []float64 {
		v := make([]float64, n)
		for i := range v {
			v[i] = entry()
		}
		return v
	}
	// Bit-exact equality, except that a zero may carry either sign (see reverseFill).
	same := func(x, y float64) bool {
		return math.Float64bits(x) == math.Float64bits(y) || x == 0 && y == 0
	}
	for _, variant := range kernelVariants(t) {
		t.Run(variant, func(t *testing.T) {
			selectKernels(variant)
			testKernels(t, rng, entry, vec, same)
		})
	}
}

func testKernels(t *testing.T, rng *rand.Rand, entry func() float64, vec func(int) []float64, same func(x, y float64) bool) {
	for n := range 38 {
		for off := range 2 {
			for range 20 {
				src, dst := vec(n + off)[off:], vec(n + off + 3)[off:]
				f := entry()

				got, want := append([]float64(nil), dst...), append([]float64(nil), dst...)
				axpy(got, src, f)
				for k, v := range src {
					want[k] -= float64(f * v) // the product rounded, never fused
				}
				for k := range want {
					if math.Float64bits(got[k]) != math.Float64bits(want[k]) {
						t.Fatalf("axpy n=%d off=%d: entry %d is %v, want %v", n, off, k, got[k], want[k])
					}
				}

				got, want = append([]float64(nil), dst...), append([]float64(nil), dst...)
				addSquares(got, src)
				for k, v := range src {
					want[k] += float64(v * v)
				}
				for k := range want {
					if math.Float64bits(got[k]) != math.Float64bits(want[k]) {
						t.Fatalf("addSquares n=%d off=%d: entry %d is %v, want %v", n, off, k, got[k], want[k])
					}
				}

				rmin := entry()
				if rng.IntN(4) == 0 {
					rmin = math.Inf(1)
				}
				colMax := vec(n + off)[off:]
				gotRow, gotMax := make([]float64, n), append([]float64(nil), colMax...)
				gotMin := reverseFill(gotRow, src, gotMax, rmin)
				wantMin, wantMax := rmin, append([]float64(nil), colMax...)
				for k := range n {
					v := src[n-1-k]
					if math.Float64bits(gotRow[k]) != math.Float64bits(v) {
						t.Fatalf("reverseFill n=%d off=%d: entry %d is %v, want %v", n, off, k, gotRow[k], v)
					}
					wantMin = min(wantMin, v)
					wantMax[k] = max(wantMax[k], v)
				}
				if !same(gotMin, wantMin) {
					t.Fatalf("reverseFill n=%d off=%d: minimum %v, want %v", n, off, gotMin, wantMin)
				}
				for k := range n {
					if !same(gotMax[k], wantMax[k]) {
						t.Fatalf("reverseFill n=%d off=%d: column maximum %d is %v, want %v", n, off, k, gotMax[k], wantMax[k])
					}
				}
			}
		}
	}
}

// BenchmarkKernels times each kernel on rows of 128 entries (a tableau row at 200-200 is
// about that long), in each variant the machine runs.
func BenchmarkKernels(b *testing.B) {
	const n = 128
	rng := rand.New(rand.NewPCG(5, 6))
	src, dst, colMax := make([]float64, n), make([]float64, n), make([]float64, n)
	for i := range src {
		src[i], dst[i], colMax[i] = rng.Float64(), rng.Float64(), rng.Float64()
	}
	for _, variant := range kernelVariants(b) {
		selectKernels(variant)
		b.Run(variant+"/axpy", func(b *testing.B) {
			for b.Loop() {
				axpy(dst, src, 1e-9)
			}
		})
		b.Run(variant+"/addSquares", func(b *testing.B) {
			for b.Loop() {
				addSquares(dst, src)
			}
		})
		b.Run(variant+"/reverseFill", func(b *testing.B) {
			for b.Loop() {
				reverseFill(dst, src, colMax, 2)
			}
		})
	}
}
