package pencil

import (
	"context"
	"errors"
	"testing"
)

// resetCache empties the solution cache and restores its bound when the test ends.
func resetCache(t *testing.T) {
	t.Helper()
	clear := func() {
		solutions.Lock()
		solutions.m, solutions.bytes, solutions.limit = map[Params]*cachedSolution{}, 0, DefaultCacheBytes
		solutions.Unlock()
	}
	clear()
	t.Cleanup(clear)
}

func small(points int) Params {
	p := DefaultParams
	p.Points1, p.Points2 = points, points
	return p
}

func TestSolveContextStopsWhenCancelled(t *testing.T) {
	resetCache(t)
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := SolveContext(ctx, small(30), 1); !errors.Is(err, context.Canceled) {
		t.Fatalf("SolveContext on a cancelled context = %v; want context.Canceled", err)
	}
	if _, err := SolvedContext(ctx, small(30)); !errors.Is(err, context.Canceled) {
		t.Fatalf("SolvedContext on a cancelled context = %v; want context.Canceled", err)
	}
	// A cancelled solve is not remembered: the next caller solves.
	if n := len(solutions.m); n != 0 || CacheBytes() != 0 {
		t.Fatalf("cache holds %d entries, %d bytes after a cancelled solve", n, CacheBytes())
	}
	sol, err := SolvedContext(context.Background(), small(30))
	if err != nil || sol.Params() != small(30) {
		t.Fatalf("SolvedContext after a cancelled one = %v, %v", sol, err)
	}
}

func TestCacheIsBoundedByBytes(t *testing.T) {
	resetCache(t)
	a, err := Solved(small(20))
	if err != nil {
		t.Fatal(err)
	}
	if CacheBytes() != a.Bytes() {
		t.Fatalf("CacheBytes = %d, want the one solution's %d", CacheBytes(), a.Bytes())
	}
	// Room for one solution of this size: solving another drops the least recently used.
	SetCacheBytes(a.Bytes() + a.Bytes()/2)
	b, err := Solved(small(19))
	if err != nil {
		t.Fatal(err)
	}
	if _, ok := solutions.m[small(20)]; ok {
		t.Error("the least recently used solution was kept over the bound")
	}
	if got := CacheBytes(); got != b.Bytes() {
		t.Errorf("CacheBytes = %d, want %d", got, b.Bytes())
	}
	// A solution larger than the whole bound is returned but not kept.
	SetCacheBytes(1)
	if CacheBytes() != 0 {
		t.Errorf("CacheBytes = %d after shrinking the bound to 1", CacheBytes())
	}
	c, err := Solved(small(10))
	if err != nil || c == nil {
		t.Fatalf("Solved over the bound = %v, %v", c, err)
	}
	if CacheBytes() != 0 || len(solutions.m) != 0 {
		t.Errorf("cache holds %d bytes in %d entries; want nothing", CacheBytes(), len(solutions.m))
	}
}

func TestEquilibriumPolicyContextGivesUp(t *testing.T) {
	resetCache(t)
	s, err := newGame(nil)
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := EquilibriumPolicyContext(ctx, s, 0, nil); !errors.Is(err, context.Canceled) {
		t.Fatalf("EquilibriumPolicyContext = %v; want context.Canceled", err)
	}
}

// cancelAfter is a context that reports itself cancelled from its (n+1)-th Err call on: a
// cancellation in the middle of a solve, at a point that does not depend on timing.
type cancelAfter struct {
	context.Context
	n, calls int
}

func (c *cancelAfter) Err() error {
	if c.calls++; c.calls > c.n {
		return context.Canceled
	}
	return nil
}

func TestSolveContextStopsMidSolve(t *testing.T) {
	for _, workers := range []int{1, 2} {
		ctx := &cancelAfter{Context: context.Background(), n: 30}
		sol, err := SolveContext(ctx, small(40), workers)
		if !errors.Is(err, context.Canceled) || sol != nil {
			t.Fatalf("%d workers: SolveContext cancelled after 30 diagonals = %v, %v; want context.Canceled", workers, sol, err)
		}
		if ctx.calls != 31 {
			t.Errorf("%d workers: the solve looked at its context %d times; want 31 (it stops at the first look that finds it done)", workers, ctx.calls)
		}
	}
}
