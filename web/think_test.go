package web

import (
	"context"
	"errors"
	"math/rand/v2"
	"slices"
	"testing"
	"time"

	"deuce/bot"
	"deuce/engine"
	"deuce/games/centercourt"
	"deuce/match"
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
// runs out on its clock while it waits plays the heuristic's move at once.
func TestThinkersTakeTurns(t *testing.T) {
	cc := centercourt.Game
	turns := newThinkers(1)
	first := blockingBot{"hard", make(chan struct{}, 1), make(chan struct{})}
	second := blockingBot{"expert", make(chan struct{}, 1), make(chan struct{})}
	cheap := blockingBot{"heuristic", make(chan struct{}, 1), make(chan struct{})}
	if _, ok := turns.gate(cc, cheap, false, "a").(gatedBot); ok {
		t.Fatal("the heuristic was made to wait for a turn")
	}
	var _ bot.Bot = turns.gate(cc, first, true, "a")

	done := make(chan engine.Action, 2)
	go func() { a, _ := turns.gate(cc, first, true, "a").Choose(context.Background(), nil, 0, nil); done <- a }()
	<-first.started
	go func() { a, _ := turns.gate(cc, second, true, "a").Choose(context.Background(), nil, 0, nil); done <- a }()
	// The cheap bot chooses while both searches hold or wait for the one turn.
	go func() { <-cheap.started; close(cheap.release) }()
	if a, err := turns.gate(cc, cheap, false, "a").Choose(context.Background(), nil, 0, nil); a != 7 || err != nil {
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
	if _, err := turns.gate(cc, third, true, "a").Choose(ctx, nil, 0, nil); !errors.Is(err, context.Canceled) {
		t.Fatalf("a search of an ended table: %v, want its context's error", err)
	}
	st, _, err := cc.Start(nil)
	if err != nil {
		t.Fatal(err)
	}
	late, stop := context.WithTimeout(context.Background(), 0)
	defer stop()
	fourth := blockingBot{"expert", make(chan struct{}, 1), make(chan struct{})}
	// With time to spare on its clock (or none), the search's failure stands: the match has
	// the bot think again, at its strength.
	if _, err := turns.gate(cc, fourth, true, "a").Choose(late, st, st.ToMove(), rand.New(rand.NewPCG(1, 2))); !errors.Is(err, context.DeadlineExceeded) {
		t.Fatalf("a search out of time while it waits, its clock not pressing: %v, want its deadline's error", err)
	}
	// Short of time on its clock, it plays the heuristic's move at once.
	a, err := turns.gate(cc, fourth, true, "a").Choose(match.WithUnderClock(late), st, st.ToMove(), rand.New(rand.NewPCG(1, 2)))
	if err != nil || !slices.Contains(st.Legal(nil), a) {
		t.Fatalf("a search out of time on its clock while it waits: %v, %v; want a legal move of the heuristic's", a, err)
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
	if n := turns.busy(); n != 0 {
		t.Fatalf("%d turns still taken after every search ended", n)
	}
}

// A freed turn goes to the waiting search of the address running the fewest: one address's
// queue of searches does not keep another's waiting behind all of it. A search whose context
// ends while it waits leaves the queue.
func TestThinkersShareByAddress(t *testing.T) {
	turns := newThinkers(1)
	ctx := context.Background()
	if err := turns.acquire(ctx, "flood"); err != nil {
		t.Fatal(err)
	}
	got := make(chan string, 8)
	waitFor := func(owner string, n int) {
		t.Helper()
		for {
			turns.mu.Lock()
			k := 0
			for _, w := range turns.waiting {
				if w.owner == owner {
					k++
				}
			}
			turns.mu.Unlock()
			if k == n {
				return
			}
			time.Sleep(time.Millisecond)
		}
	}
	for i := range 3 {
		go func() {
			if turns.acquire(ctx, "flood") == nil {
				got <- "flood"
			}
		}()
		waitFor("flood", i+1)
	}
	gone, cancel := context.WithCancel(ctx)
	left := make(chan error, 1)
	go func() { left <- turns.acquire(gone, "quitter") }()
	waitFor("quitter", 1)
	cancel()
	if err := <-left; !errors.Is(err, context.Canceled) {
		t.Fatalf("a search whose table ended while it waited: %v", err)
	}
	waitFor("quitter", 0)
	go func() {
		if turns.acquire(ctx, "victim") == nil {
			got <- "victim"
		}
	}()
	waitFor("victim", 1)
	turns.release("flood")
	if first := <-got; first != "victim" {
		t.Fatalf("the freed turn went to %s, before the address running none", first)
	}
	turns.release("victim")
	for range 3 {
		if next := <-got; next != "flood" {
			t.Fatalf("then %s", next)
		}
		turns.release("flood")
	}
	if n := turns.busy(); n != 0 || turns.free != 1 {
		t.Fatalf("after every search: %d turns taken, %d free", n, turns.free)
	}
}

// busy counts the turns taken.
func (t *thinkers) busy() int {
	t.mu.Lock()
	defer t.mu.Unlock()
	n := 0
	for _, k := range t.running {
		n += k
	}
	return n
}
