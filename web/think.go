package web

import (
	"context"
	"errors"
	"math/rand/v2"
	"sync"

	"deuce/bot"
	"deuce/engine"
	"deuce/games"
	"deuce/match"
)

// A search bot thinks until its move's deadline on as many cores as it is given (expert takes
// them all for up to 2 s a move), so the bots of every live table together could ask for far
// more than the machine has. thinkers bounds the searches running at once, server-wide
// (Limits.Thinkers, one per core by default); a search waiting for its turn waits under its
// table's context, and its wait counts on its clock as its thinking would.
//
// Turns are shared out by the address that created each table: a freed turn goes to the
// waiting search whose address runs the fewest searches, the longest-waiting first among
// equals. One address's ten tables against expert, played at once, would otherwise hold every
// turn, and every other table's bots would wait behind them. A plain semaphore (a buffered
// channel) has no such share, and no library offers one keyed by a caller's address, so it is
// written here.
type thinkers struct {
	mu      sync.Mutex
	free    int
	running map[string]int // searches running, by address
	waiting []*thinkWaiter // in the order they came
}

type thinkWaiter struct {
	owner string
	ready chan struct{} // closed when the turn is given
}

func newThinkers(n int) *thinkers {
	return &thinkers{free: n, running: map[string]int{}}
}

// acquire waits for a turn for a search of a table owner created, until ctx ends.
func (t *thinkers) acquire(ctx context.Context, owner string) error {
	t.mu.Lock()
	if t.free > 0 && len(t.waiting) == 0 {
		t.free--
		t.running[owner]++
		t.mu.Unlock()
		return nil
	}
	w := &thinkWaiter{owner: owner, ready: make(chan struct{})}
	t.waiting = append(t.waiting, w)
	t.mu.Unlock()
	select {
	case <-w.ready:
		return nil
	case <-ctx.Done():
	}
	t.mu.Lock()
	defer t.mu.Unlock()
	select {
	case <-w.ready:
		// The turn came as the context ended: it is taken, and given back at once.
		t.releaseLocked(owner)
	default:
		t.waiting = removeWaiter(t.waiting, w)
	}
	return ctx.Err()
}

// release gives back owner's turn, to the waiting search whose address runs the fewest.
func (t *thinkers) release(owner string) {
	t.mu.Lock()
	defer t.mu.Unlock()
	t.releaseLocked(owner)
}

// releaseLocked chooses the next search before it takes owner's turn off the count, so that
// owner's next search yields to an equal of another address: one that runs none goes before
// the address that just finished its only search.
func (t *thinkers) releaseLocked(owner string) {
	if len(t.waiting) > 0 {
		next := 0
		for i, w := range t.waiting {
			if t.running[w.owner] < t.running[t.waiting[next].owner] {
				next = i
			}
		}
		w := t.waiting[next]
		t.waiting = append(t.waiting[:next], t.waiting[next+1:]...)
		t.running[w.owner]++
		close(w.ready)
	} else {
		t.free++
	}
	if t.running[owner]--; t.running[owner] <= 0 {
		delete(t.running, owner)
	}
}

func removeWaiter(list []*thinkWaiter, w *thinkWaiter) []*thinkWaiter {
	for i, x := range list {
		if x == w {
			return append(list[:i], list[i+1:]...)
		}
	}
	return list
}

// cheapBots are the levels that choose at once, with no search: they never wait for a turn.
var cheapBots = map[string]bool{"random": true, "easy": true, "heuristic": true}

// gate returns b, made to take a turn among the server's thinkers when it searches (searches:
// the level's answer, which easy's depends on the game) as a bot of a table owner created, and
// to play the game's quick bot (the heuristic, or random where there is none) when its search
// cannot be had in its time.
func (t *thinkers) gate(g engine.Game, b bot.Bot, search bool, owner string) bot.Bot {
	if !search {
		return b
	}
	level := "random"
	if g.Heuristic != nil {
		level = "heuristic"
	}
	quick, err := games.NewBot(g, level)
	if err != nil {
		quick = nil // no fallback: the match thinks again after a pause
	}
	return gatedBot{Bot: b, turns: t, quick: quick, owner: owner}
}

// gatedBot is a search bot that thinks only in its turn.
type gatedBot struct {
	bot.Bot
	turns *thinkers
	quick bot.Bot
	owner string
}

func (g gatedBot) Choose(ctx context.Context, s engine.State, seat engine.Seat, rng *rand.Rand) (engine.Action, error) {
	if err := g.turns.acquire(ctx, g.owner); err != nil {
		return g.instead(ctx, s, seat, rng, err)
	}
	a, err := func() (engine.Action, error) {
		defer g.turns.release(g.owner) // given back even if the search panics
		return g.Bot.Choose(ctx, s, seat, rng)
	}()
	if err != nil {
		return g.instead(ctx, s, seat, rng, err)
	}
	return a, nil
}

// instead plays the quick bot's move when the search ran out of its time before it had a move
// (its turn among the thinkers did not come, or its clock left it too little to search) and
// that time was cut by its realtime clock (match.UnderClock): a bot short of time moves rather
// than thinking again after a pause while its clock runs. With time to spare the error stands,
// and the match has the bot think again after a pause, at its full strength: a player who kept
// the thinkers busy must not get the heuristic's moves for the expert's rating. A table that
// ends (ctx cancelled) plays nothing.
func (g gatedBot) instead(ctx context.Context, s engine.State, seat engine.Seat, rng *rand.Rand, err error) (engine.Action, error) {
	if g.quick == nil || errors.Is(ctx.Err(), context.Canceled) || !match.UnderClock(ctx) {
		return 0, err
	}
	return g.quick.Choose(context.WithoutCancel(ctx), s, seat, rng)
}
