package match_test

import (
	"context"
	"runtime"
	"testing"

	"deuce/engine"
	"deuce/games/centercourt"
	"deuce/match"
)

// Matches waiting for their people hold no goroutine, their subscribers included: a server
// keeps thousands. Their moves still play, and stopping them tells every one.
func TestWaitingMatchesHoldNoGoroutine(t *testing.T) {
	g := centercourt.Game
	opts, _ := g.Variant("tiebreak")
	_, opts, _ = g.Start(opts)
	const n = 50
	before := runtime.NumGoroutine()
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	stopped := make(chan error, n)
	var ms []*match.Match
	var views []chan match.Update
	for range n {
		p := &memory{}
		m, err := match.New(match.Config{Game: g, Record: p.record(g, opts, 2), Seed: 9, Persist: p})
		if err != nil {
			t.Fatal(err)
		}
		m.Start(ctx, func(err error) { stopped <- err })
		c := make(chan match.Update, 100)
		if _, err := m.Watch(ctx, 0, func(u match.Update) { c <- u }, func() { close(c) }); err != nil {
			t.Fatal(err)
		}
		ms, views = append(ms, m), append(views, c)
	}
	if got := runtime.NumGoroutine() - before; got > 0 {
		t.Errorf("%d matches waiting for a person hold %d goroutines, want none", n, got)
	}
	moved := 0
	for i, m := range ms {
		u := <-views[i]
		if u.ToMove != 0 {
			continue // the other seat serves first here
		}
		if err := m.Submit(ctx, 0, u.Seq, u.Legal[0].Action); err != nil {
			t.Fatalf("match %d: %v", i, err)
		}
		if u := <-views[i]; u.Played != 1 {
			t.Fatalf("match %d: after a move the seat has played %d", i, u.Played)
		}
		moved++
	}
	if moved == 0 {
		t.Fatal("no match let seat 0 move first: the test checks nothing of play")
	}
	cancel()
	for range n {
		if err := <-stopped; err != context.Canceled {
			t.Errorf("a stopped match says %v, want %v", err, context.Canceled)
		}
	}
	for i, c := range views {
		for range c { // closed once the match stopped
		}
		if _, err := ms[i].Subscribe(context.Background(), engine.Spectator); err != match.ErrClosed {
			t.Errorf("subscribe to a stopped match: %v, want %v", err, match.ErrClosed)
		}
	}
}
