package web

import (
	"context"
	"errors"
	"math"
	"path/filepath"
	"sync"
	"testing"
	"time"

	"deuce/engine"
	"deuce/games/pencil"
	"deuce/store"
	"deuce/store/sqlite"
	"deuce/timesource"
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

// TestPacerRestsAsLongAsItWorked: after each piece of work the pacer rests as long as the work
// took times (1-share)/share, by its clock, and the rest does not count as work. The clock is a
// fake one: a rest waits on it until the clock is advanced to the rest's end.
func TestPacerRestsAsLongAsItWorked(t *testing.T) {
	ctx := context.Background()
	for _, tc := range []struct {
		share float64
		times float64 // the rest a unit of work earns
	}{{0.5, 1}, {0.25, 3}, {0.8, 0.25}} {
		clock := timesource.NewFake(time.Date(2026, 5, 1, 12, 0, 0, 0, time.UTC))
		p := newPacer(clock, tc.share)
		var worked, rested time.Duration
		for _, work := range []time.Duration{40 * time.Millisecond, 8 * time.Millisecond, 2 * time.Second} {
			clock.Advance(work) // a decision's search
			worked += work
			want := time.Duration(float64(work) * tc.times)
			done := make(chan struct{})
			go func() { p.rest(ctx); close(done) }()
			if !clock.WaitForWaiters(1, 10*time.Second) {
				t.Fatalf("share %v: no rest after %v of work", tc.share, work)
			}
			clock.Advance(want - time.Millisecond)
			if clock.Waiters() != 1 {
				t.Fatalf("share %v: after %v of work the rest ended before %v", tc.share, work, want)
			}
			clock.Advance(time.Millisecond)
			if clock.Waiters() != 0 {
				t.Fatalf("share %v: after %v of work the rest lasts beyond %v", tc.share, work, want)
			}
			select {
			case <-done:
			case <-time.After(10 * time.Second):
				t.Fatalf("share %v: the rest's clock went off and the rest goes on", tc.share)
			}
			rested += want
		}
		if busy := float64(worked) / float64(worked+rested); math.Abs(busy-tc.share) > 1e-9 {
			t.Errorf("share %v: busy %.3f of the time", tc.share, busy)
		}
	}

	// With the whole core the pacer never rests; a rest ends with the context.
	clock := timesource.NewFake(time.Date(2026, 5, 1, 12, 0, 0, 0, time.UTC))
	p := newPacer(clock, 1)
	clock.Advance(time.Second)
	p.rest(ctx)
	if n := clock.Waiters(); n != 0 {
		t.Errorf("share 1: %d rests", n)
	}
	p = newPacer(clock, 0.5)
	clock.Advance(time.Hour)
	cctx, cancel := context.WithCancel(ctx)
	done := make(chan struct{})
	go func() { p.rest(cctx); close(done) }()
	clock.WaitForWaiters(1, 10*time.Second)
	cancel()
	select {
	case <-done:
	case <-time.After(10 * time.Second):
		t.Fatal("a rest outlived its context")
	}
}

// readingClock is a clock that moves only when it is read (by tick) or rested on (by the rest),
// and records the rests: a decision's work takes one tick, however long the search took.
type readingClock struct {
	mu    sync.Mutex
	now   time.Time
	tick  time.Duration
	rests []time.Duration
}

func (c *readingClock) Now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.now = c.now.Add(c.tick)
	return c.now
}

func (c *readingClock) After(d time.Duration) <-chan time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.rests = append(c.rests, d)
	c.now = c.now.Add(d)
	ch := make(chan time.Time, 1)
	ch <- c.now
	return ch
}

func (c *readingClock) AfterFunc(d time.Duration, f func()) func() bool {
	panic("the analyser waits with After")
}

// TestAnalyserRestsAfterEachDecision runs an analysis of the server's analyser on its
// analysis share of a half core: it rests once after every decision, as long as the decision
// took by its clock.
func TestAnalyserRestsAfterEachDecision(t *testing.T) {
	ctx := context.Background()
	db, err := sqlite.Open(ctx, filepath.Join(t.TempDir(), "deuce.db"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	lim := DefaultLimits()
	lim.AnalysisShare = 0.5
	s := NewServer(Config{Store: db, Limits: lim})
	t.Cleanup(s.Close)

	// A bidding game of 5 points each where both bid 1 every round: 10 decisions.
	st, opts, err := pencil.Game.Start(engine.Options{"points": "5"})
	if err != nil {
		t.Fatal(err)
	}
	rec := engine.NewRecord(pencil.Game, opts, []engine.SeatInfo{{Name: "Ann"}, {Name: "Bob"}})
	for st.ToMove() != engine.Nobody {
		if err := rec.Apply(st, st.Legal(nil)[0]); err != nil {
			t.Fatal(err)
		}
	}
	res := st.Result()
	tab := &store.Table{ID: "paced", Game: rec.Game, Options: rec.Options, Seed: 1, Status: store.Finished, Moves: rec.Moves, Result: &res,
		Seats: []store.Seat{{Name: "Ann", Claimed: true}, {Name: "Bob", Claimed: true}}}
	if err := db.Create(ctx, tab); err != nil {
		t.Fatal(err)
	}

	const tick = 20 * time.Millisecond
	clock := &readingClock{now: time.Date(2026, 5, 1, 12, 0, 0, 0, time.UTC), tick: tick}
	s.analyser.clock = clock
	if err := s.analyser.analyse(ctx, tab.ID); err != nil {
		t.Fatal(err)
	}
	if _, err := db.Analysis(ctx, tab.ID); err != nil {
		t.Fatalf("the report was not stored: %v", err)
	}
	if len(clock.rests) != len(rec.Moves) {
		t.Fatalf("%d rests for %d decisions: %v", len(clock.rests), len(rec.Moves), clock.rests)
	}
	for i, r := range clock.rests {
		if r != tick {
			t.Errorf("rest %d: %v after a decision of %v, with a share of 0.5", i+1, r, tick)
		}
	}
}
