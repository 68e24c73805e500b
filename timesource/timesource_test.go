package timesource

import (
	"testing"
	"time"
)

func TestFakeFiresInOrderOnlyWhenAdvanced(t *testing.T) {
	start := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
	f := NewFake(start)
	late, early := f.After(2*time.Second), f.After(time.Second)
	if f.Waiters() != 2 {
		t.Fatalf("Waiters = %d, want 2", f.Waiters())
	}
	f.Advance(999 * time.Millisecond)
	select {
	case <-early:
		t.Fatal("fired before its time")
	default:
	}
	f.Advance(time.Millisecond)
	if got := <-early; !got.Equal(start.Add(time.Second)) {
		t.Errorf("early fired at %v", got)
	}
	select {
	case <-late:
		t.Fatal("late fired early")
	default:
	}
	f.Advance(time.Hour)
	<-late
	if !f.Now().Equal(start.Add(time.Hour + time.Second)) {
		t.Errorf("Now = %v", f.Now())
	}
	if f.Waiters() != 0 {
		t.Errorf("Waiters = %d after all fired", f.Waiters())
	}
	if c := f.After(0); len(c) != 1 {
		t.Error("After(0) did not fire at once")
	}
}

func TestWaitForWaiters(t *testing.T) {
	f := NewFake(time.Time{})
	go f.After(time.Second)
	if !f.WaitForWaiters(1, 10*time.Second) {
		t.Fatal("no waiter seen")
	}
	if f.WaitForWaiters(2, 10*time.Millisecond) {
		t.Fatal("two waiters seen, one made")
	}
}
