package sim

import (
	"math"
	"strconv"
	"testing"
)

// TestLengthBuckets checks that the buckets tile the lengths: every length falls in the bucket
// whose range holds it, ranges follow one another without gap, and none is wider than 1/16 of
// its lower bound.
func TestLengthBuckets(t *testing.T) {
	next := 0
	for b := range lengthBuckets {
		lo, hi := bucketRange(b)
		if lo != next || hi <= lo {
			t.Fatalf("bucket %d is [%d, %d), want it to start at %d", b, lo, hi, next)
		}
		if lo >= exactLengths && (hi-lo)*subBuckets > lo {
			t.Errorf("bucket %d [%d, %d) is wider than 1/%d of %d", b, lo, hi, subBuckets, lo)
		}
		for _, x := range []int{lo, (lo + hi) / 2, hi - 1} {
			if got := lengthBucket(x); got != b {
				t.Fatalf("lengthBucket(%d) = %d, want %d", x, got, b)
			}
		}
		next = hi
		if next < 0 || next > 1<<40 {
			break
		}
	}
}

// TestValueKey checks that the small integers' keys are strconv's.
func TestValueKey(t *testing.T) {
	for _, x := range []float64{-9, -8, -2, -1, math.Copysign(0, -1), 0, 0.5, 1, 2, 8, 9, 1e300, math.Inf(1)} {
		if got, want := valueKey(x), strconv.FormatFloat(x, 'g', -1, 64); got != want {
			t.Errorf("valueKey(%v) = %q, want %q", x, got, want)
		}
	}
}
