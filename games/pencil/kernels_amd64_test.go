//go:build !purego

package pencil

import "testing"

// kernelVariants returns the names of the kernels' variants this machine runs (SSE2, and AVX
// if it has it), for selectKernels, and restores the machine's choice when t ends.
func kernelVariants(t testing.TB) []string {
	saved := useAVX
	t.Cleanup(func() { useAVX = saved })
	names := []string{"sse2"}
	if saved {
		names = append(names, "avx")
	}
	return names
}

// selectKernels makes the kernels run the named variant.
func selectKernels(name string) { useAVX = name == "avx" }
