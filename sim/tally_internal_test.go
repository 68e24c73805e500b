package sim

import (
	"encoding/json"
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

// TestMergeLengths merges groups that add kept the range of (ranged), groups read from a file
// (not ranged) and empty ones, in every order, and checks every length bucket against the plain
// sum of the groups' matches.
func TestMergeLengths(t *testing.T) {
	group := func(lengths ...int) *Group {
		g := &Group{}
		for _, n := range lengths {
			g.add(&MatchResult{Actions: n, Winner: -1})
		}
		return g
	}
	read := func(g *Group) *Group {
		data, err := json.Marshal(g)
		if err != nil {
			t.Fatal(err)
		}
		var r Group
		if err := json.Unmarshal(data, &r); err != nil {
			t.Fatal(err)
		}
		return &r
	}
	lengths := [][]int{{40, 41, 300}, {5}, {}, {2000, 7}, {100000, 3}, {}}
	parts := []*Group{group(lengths[0]...), group(lengths[1]...), {}, read(group(lengths[3]...)),
		group(lengths[4]...), read(&Group{})}
	for _, order := range [][]int{{0, 1, 2, 3, 4, 5}, {5, 4, 3, 2, 1, 0}, {2, 0, 3, 1, 5, 4}, {3, 0, 1, 2, 4, 5},
		{0, 1, 4}, {4, 2, 1, 0}, {1, 5, 0}} {
		var want Buckets
		matches := int64(0)
		for _, i := range order {
			for _, n := range lengths[i] {
				want[lengthBucket(n)]++
				matches++
			}
		}
		for _, start := range []*Group{{}, read(&Group{})} {
			g := start
			for _, i := range order {
				g.merge(parts[i])
			}
			// Once more, as a batch's group is merged into the run's.
			total := &Group{}
			total.merge(g)
			if total.Lengths != want || total.Matches != matches {
				t.Errorf("order %v: %d matches, lengths %v, want %d, %v", order, total.Matches, nonzero(total.Lengths),
					matches, nonzero(want))
			}
		}
	}
}

func nonzero(b Buckets) map[int]int64 {
	m := map[int]int64{}
	for i, n := range b {
		if n != 0 {
			m[i] = n
		}
	}
	return m
}

// A mean return's interval stays within the returns a match can give: 18 wins and 2 losses
// have a normal interval past +1, stopped at +1.
func TestMeanReturnStaysInRange(t *testing.T) {
	v := Values{}
	v.add(1, 18)
	v.add(-1, 2)
	m := v.mean()
	if m.Mean != 0.8 || m.Hi != 1 || m.Lo >= m.Mean || m.Lo < -1 {
		t.Errorf("18 wins of 20: %+v, want mean 0.8 in an interval ending at +1", m)
	}
	v = Values{}
	v.add(2, 1)
	v.add(-2, 1)
	v.add(0, 1)
	if m := v.mean(); m.Lo < -2 || m.Hi > 2 || m.Lo > -1 {
		t.Errorf("knockout returns: %+v, want an interval within ±2", m)
	}
}
