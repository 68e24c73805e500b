package score

import (
	"math"
	"testing"
)

// TestWinChanceWhenFull checks that a question asked once the process's store of chances is
// full still costs one pass over the scores below it: a first-to-60 match has about 3,600
// scores, and without a memory of its own the question would visit some 10^35 paths.
func TestWinChanceWhenFull(t *testing.T) {
	was := chanceCount.Load()
	chanceCount.Store(maxChances)
	defer chanceCount.Store(was)
	m, err := NewMatch(Format{Kind: FirstToPoints, Points: 60}, 0)
	if err != nil {
		t.Fatal(err)
	}
	if got := m.WinChance(); math.Abs(got-0.5) > 1e-12 {
		t.Errorf("first to 60 at the start: %v, want 0.5", got)
	}
	for range 59 {
		m.PointWon(0)
	}
	for range 58 {
		m.PointWon(1)
	}
	if got := m.WinChance(); math.Abs(got-0.75) > 1e-12 {
		t.Errorf("first to 60 at 59-58: %v, want 0.75", got)
	}
}
