package web

import (
	"context"
	"errors"
	"math/rand/v2"
	"slices"
	"testing"

	"deuce/bot"
	"deuce/engine"
	"deuce/games/centercourt"
)

// blockingBot is a search bot that thinks until released, telling when it starts.
type blockingBot struct {
	name    string
	started chan struct{}
	release chan struct{}
}

func (b blockingBot) Name() string { return b.name }

func (b blockingBot) Choose(ctx context.Context, _ engine.State, _ engine.Seat, _ *rand.Rand) (engine.Action, error) {
	b.started <- struct{}{}
	<-b.release
	return 7, nil
}

// With one thinker, a second search waits until the first is done; a cheap bot never waits;
// a search whose table ends while it waits gives up with its context's error; one whose time
// runs out while it waits plays the heuristic's move at once.
func TestThinkersTakeTurns(t *testing.T) {
	cc := centercourt.Game
	turns := make(thinkers, 1)
	first := blockingBot{"hard", make(chan struct{}, 1), make(chan struct{})}
	second := blockingBot{"expert", make(chan struct{}, 1), make(chan struct{})}
	cheap := blockingBot{"heuristic", make(chan struct{}, 1), make(chan struct{})}
	if _, ok := turns.gate(cc, cheap, false).(gatedBot); ok {
		t.Fatal("the heuristic was made to wait for a turn")
	}
	var _ bot.Bot = turns.gate(cc, first, true)

	done := make(chan engine.Action, 2)
	go func() { a, _ := turns.gate(cc, first, true).Choose(context.Background(), nil, 0, nil); done <- a }()
	<-first.started
	go func() { a, _ := turns.gate(cc, second, true).Choose(context.Background(), nil, 0, nil); done <- a }()
	// The cheap bot chooses while both searches hold or wait for the one turn.
	go func() { <-cheap.started; close(cheap.release) }()
	if a, err := turns.gate(cc, cheap, false).Choose(context.Background(), nil, 0, nil); a != 7 || err != nil {
		t.Fatalf("the heuristic: %v %v", a, err)
	}
	select {
	case <-second.started:
		t.Fatal("a second search started while the only turn was taken")
	default:
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	third := blockingBot{"medium", make(chan struct{}, 1), make(chan struct{})}
	if _, err := turns.gate(cc, third, true).Choose(ctx, nil, 0, nil); !errors.Is(err, context.Canceled) {
		t.Fatalf("a search of an ended table: %v, want its context's error", err)
	}
	st, _, err := cc.Start(nil)
	if err != nil {
		t.Fatal(err)
	}
	late, stop := context.WithTimeout(context.Background(), 0)
	defer stop()
	fourth := blockingBot{"expert", make(chan struct{}, 1), make(chan struct{})}
	a, err := turns.gate(cc, fourth, true).Choose(late, st, st.ToMove(), rand.New(rand.NewPCG(1, 2)))
	if err != nil || !slices.Contains(st.Legal(nil), a) {
		t.Fatalf("a search out of time while it waits: %v, %v; want a legal move of the heuristic's", a, err)
	}
	select {
	case <-fourth.started:
		t.Fatal("a search out of time started")
	default:
	}
	close(first.release)
	<-second.started
	close(second.release)
	for range 2 {
		if a := <-done; a != 7 {
			t.Fatalf("a search chose %v", a)
		}
	}
	if len(turns) != 0 {
		t.Fatalf("%d turns still taken after every search ended", len(turns))
	}
}
