package web

import (
	"errors"
	"testing"
)

// TestAnalysisQueueIsBounded fills the queue of an analyser whose worker never runs.
func TestAnalysisQueueIsBounded(t *testing.T) {
	lim := DefaultLimits()
	lim.AnalysisQueue = 2
	a := newAnalyser(nil, lim)
	a.start.Do(func() {}) // no worker: the queue only fills
	for i, id := range []string{"a", "b"} {
		j, err := a.enqueue(id)
		if err != nil || j.Status != "queued" || j.Position != i+1 {
			t.Fatalf("enqueue %s: %+v, %v", id, j, err)
		}
	}
	if j, err := a.enqueue("a"); err != nil || j.Position != 1 {
		t.Errorf("asking again for a queued match: %+v, %v; want its place", j, err)
	}
	if _, err := a.enqueue("c"); !errors.Is(err, errQueueFull) {
		t.Errorf("third match: %v, want errQueueFull", err)
	}
	if j, ok := a.job("b"); !ok || j.Position != 2 {
		t.Errorf("job b: %+v %v", j, ok)
	}
}
