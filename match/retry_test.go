package match_test

import (
	"context"
	"errors"
	"maps"
	"slices"
	"sync"
	"testing"
	"time"

	"deuce/bot"
	"deuce/engine"
	"deuce/games/pencil"
	"deuce/match"
	"deuce/timesource"
)

// flaky is a store that is down for some saves: every save of a move index in down fails the
// first fails times it is tried.
type flaky struct {
	memory
	down     map[int]int // move index -> failures left
	attempts map[int]int
}

func (p *flaky) Append(ctx context.Context, at int, moves []engine.Move, result *engine.Result) error {
	p.mu.Lock()
	p.attempts[at]++
	if p.down[at] > 0 {
		p.down[at]--
		p.mu.Unlock()
		return errors.New("connection refused")
	}
	p.mu.Unlock()
	return p.memory.Append(ctx, at, moves, result)
}

// runBots plays a pencil match between two bots to its end over persister p, moving the fake
// clock whenever the match waits on it, and returns the moves saved.
func runBots(t *testing.T, p match.Persister, mem *memory, clock *timesource.Fake) []engine.Move {
	t.Helper()
	g := pencil.Game
	_, opts, err := g.Start(engine.Options{"points": "20"})
	if err != nil {
		t.Fatal(err)
	}
	rec := engine.NewRecord(g, opts, make([]engine.SeatInfo, 2))
	h := bot.Heuristic{Policy: g.Heuristic}
	m, err := match.New(match.Config{Game: g, Record: rec, Bots: []bot.Bot{h, bot.Random{}}, Seed: 42, Persist: p, Clock: clock})
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	errc := make(chan error, 1)
	go func() { errc <- m.Run(ctx) }()
	deadline := time.After(60 * time.Second) // only keeps a broken match from hanging the test
	for {
		select {
		case err := <-errc:
			if err != nil {
				t.Fatalf("Run: %v", err)
			}
			mem.mu.Lock()
			defer mem.mu.Unlock()
			return slices.Clone(mem.moves)
		case <-deadline:
			t.Fatal("the match did not end")
		default:
			if clock.WaitForWaiters(1, time.Millisecond) {
				clock.Advance(8 * time.Second)
			}
		}
	}
}

func TestFailedSavesOfAutomaticMovesAreRetried(t *testing.T) {
	start := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
	ref := &memory{}
	want := runBots(t, ref, ref, timesource.NewFake(start))

	if len(want) < 6 {
		t.Fatalf("the reference match has %d moves; the test needs 6", len(want))
	}
	// Saves fail at the start, in the middle, twice in a row and at the last move, which
	// carries the result.
	down := map[int]int{0: 2, 2: 5, 3: 1, len(want) - 1: 7}
	p := &flaky{down: maps.Clone(down), attempts: map[int]int{}}
	got := runBots(t, p, &p.memory, timesource.NewFake(start))
	if !slices.Equal(got, want) {
		t.Fatalf("with failing saves the match played\n%v\nwant\n%v", got, want)
	}
	for at, fails := range down {
		if p.attempts[at] != fails+1 {
			t.Errorf("move %d tried %d times, want %d (%d failures, then saved)", at, p.attempts[at], fails+1, fails)
		}
	}
	if p.result == nil || !p.result.Over {
		t.Errorf("result %+v; want the match over", p.result)
	}
}

// TestStalledMatchKeepsItsPlace checks that while a save fails the match neither ends nor
// shows the unsaved move: a subscriber gets the last saved view, and the match goes on once
// the store is back.
func TestStalledMatchKeepsItsPlace(t *testing.T) {
	clock := timesource.NewFake(time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC))
	g := pencil.Game
	_, opts, _ := g.Start(nil)
	// The person's first save fails once; the bot's answer (move 1) fails while down is set.
	var mu sync.Mutex
	down, personFailed := true, false
	p := &gate{memory: &memory{}, down: func(at int) bool {
		mu.Lock()
		defer mu.Unlock()
		if at == 0 && !personFailed {
			personFailed = true
			return true
		}
		return at == 1 && down
	}}
	rec := engine.NewRecord(g, opts, make([]engine.SeatInfo, 2))
	m, err := match.New(match.Config{Game: g, Record: rec, Bots: []bot.Bot{nil, bot.Random{}}, Seed: 1, Persist: p, Clock: clock})
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	defer func() { cancel(); <-m.Done() }()
	go m.Run(ctx)
	sub, err := m.Subscribe(ctx, 0)
	if err != nil {
		t.Fatal(err)
	}
	u := next(t, sub)
	// Seat 0 bids; the save fails: the person is told, nothing changes.
	if err := m.Submit(ctx, 0, u.Seq, u.Legal[0].Action); err == nil {
		t.Fatal("a move the store refused was accepted")
	}
	if err := m.Submit(ctx, 0, u.Seq, u.Legal[0].Action); err != nil {
		t.Fatal(err)
	}
	// The bot's answer cannot be saved while the store is down.
	if !clock.WaitForWaiters(1, 10*time.Second) {
		t.Fatal("the match did not wait to retry")
	}
	for range 5 {
		clock.Advance(8 * time.Second)
		clock.WaitForWaiters(1, 10*time.Second)
	}
	late, err := m.Subscribe(ctx, 1)
	if err != nil {
		t.Fatalf("subscribing while the store is down: %v", err)
	}
	if lu := next(t, late); lu.Seq != 1 || lu.Result.Over {
		t.Fatalf("view while stalled: seq %d over %v; want the saved move 1, not over", lu.Seq, lu.Result.Over)
	}
	mu.Lock()
	down = false
	mu.Unlock()
	clock.Advance(8 * time.Second)
	for u = next(t, sub); u.Seq < 2; u = next(t, sub) {
	}
	if len(u.Legal) == 0 {
		t.Fatalf("after the store came back: %+v; want seat 0 to bid again", u)
	}
	if n := len(p.memory.moves); n != 2 {
		t.Errorf("%d moves saved, want 2", n)
	}
}

// gate fails the saves down reports true for.
type gate struct {
	*memory
	down func(at int) bool
}

func (g *gate) Append(ctx context.Context, at int, moves []engine.Move, result *engine.Result) error {
	if g.down(at) {
		return errors.New("connection refused")
	}
	return g.memory.Append(ctx, at, moves, result)
}
