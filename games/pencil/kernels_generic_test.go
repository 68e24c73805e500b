//go:build !amd64 || purego

package pencil

import "testing"

// kernelVariants returns the one variant of the Go kernels.
func kernelVariants(testing.TB) []string { return []string{"go"} }

// selectKernels has nothing to select.
func selectKernels(string) {}
