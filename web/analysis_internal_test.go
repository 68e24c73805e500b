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
		j, err := a.enqueue(id, "10.0.0."+id)
		if err != nil || j.Status != "queued" || j.Position != i+1 {
			t.Fatalf("enqueue %s: %+v, %v", id, j, err)
		}
	}
	if j, err := a.enqueue("a", "10.0.0.9"); err != nil || j.Position != 1 {
		t.Errorf("asking again for a queued match: %+v, %v; want its place", j, err)
	}
	if _, err := a.enqueue("c", "10.0.0.c"); !errors.Is(err, errQueueFull) {
		t.Errorf("third match: %v, want errQueueFull", err)
	}
	if j, ok := a.job("b"); !ok || j.Position != 2 {
		t.Errorf("job b: %+v %v", j, ok)
	}
}

// TestAnalysesPerAddress: one address cannot take the whole queue; a failed analysis no longer
// counts against it, and asking again for a match already queued is no new analysis.
func TestAnalysesPerAddress(t *testing.T) {
	lim := DefaultLimits()
	lim.AnalysisQueue, lim.AnalysesPerAddress = 8, 2
	a := newAnalyser(nil, lim)
	a.start.Do(func() {})
	const mallory, ann = "192.0.2.1", "198.51.100.7"
	for _, id := range []string{"a", "b"} {
		if _, err := a.enqueue(id, mallory); err != nil {
			t.Fatalf("enqueue %s: %v", id, err)
		}
	}
	if _, err := a.enqueue("c", mallory); !errors.Is(err, errTooManyAnalyses) {
		t.Errorf("third analysis of one address: %v, want errTooManyAnalyses", err)
	}
	if j, err := a.enqueue("a", mallory); err != nil || j.Position != 1 {
		t.Errorf("asking again for a queued match: %+v, %v; want its place", j, err)
	}
	if _, err := a.enqueue("c", ann); err != nil {
		t.Errorf("another address: %v", err)
	}
	a.mu.Lock()
	a.jobs["a"].Status = "failed"
	a.waiting = a.waiting[1:]
	a.mu.Unlock()
	if _, err := a.enqueue("d", mallory); err != nil {
		t.Errorf("after a failure: %v, want the analysis queued", err)
	}
}
