// Package bot defines how deuce's computer players choose moves, and the simple ones.
//
// A bot chooses for one seat from what that seat may know: it reads the state only through
// Observe or through a state it has determinized for its seat, never through hidden fields.
package bot

import (
	"context"
	"fmt"
	"math/rand/v2"
	"sync"

	"deuce/engine"
)

// Bot chooses an action for the seat to move.
type Bot interface {
	// Name is the bot's level as people pick it: "random", "heuristic".
	Name() string
	// Choose returns a legal action for seat, which must be s.ToMove(). It must not change s.
	Choose(ctx context.Context, s engine.State, seat engine.Seat, rng *rand.Rand) (engine.Action, error)
}

// Random plays a uniformly random legal action.
type Random struct{}

// Name returns "random".
func (Random) Name() string { return "random" }

// Choose picks uniformly among the legal actions.
func (Random) Choose(_ context.Context, s engine.State, seat engine.Seat, rng *rand.Rand) (engine.Action, error) {
	if err := checkTurn(s, seat); err != nil {
		return 0, err
	}
	buf := legalBufs.Get().(*[]engine.Action)
	legal := s.Legal((*buf)[:0])
	a := legal[rng.IntN(len(legal))]
	*buf = legal
	legalBufs.Put(buf)
	return a, nil
}

// legalBufs are buffers for legal lists, so that choosing allocates nothing.
var legalBufs = sync.Pool{New: func() any { b := make([]engine.Action, 0, 64); return &b }}

// Heuristic plays a game's own heuristic policy on a state determinized for its seat.
type Heuristic struct {
	Policy func(s engine.State, rng *rand.Rand) engine.Action
}

// Name returns "heuristic".
func (Heuristic) Name() string { return "heuristic" }

// Choose determinizes s for seat and asks the game's policy.
func (h Heuristic) Choose(_ context.Context, s engine.State, seat engine.Seat, rng *rand.Rand) (engine.Action, error) {
	d, _ := scratch.Get().(engine.State)
	a, err := h.ChooseInto(&d, s, seat, rng)
	if d != nil {
		scratch.Put(d)
	}
	return a, err
}

// ChooseInto is Choose determinizing into *state, a state the caller keeps for the purpose
// (nil at first) and whose storage each determinization reuses (engine.DeterminizeInto): a
// caller that chooses move after move in one goroutine keeps one and spares the pool. The
// action is the one Choose returns for the same rng stream.
func (h Heuristic) ChooseInto(state *engine.State, s engine.State, seat engine.Seat, rng *rand.Rand) (engine.Action, error) {
	if err := checkTurn(s, seat); err != nil {
		return 0, err
	}
	*state = engine.DeterminizeInto(*state, s, seat, rng)
	return h.Policy(*state, rng), nil
}

// scratch holds determinized states the heuristic has finished with, whose storage the next
// determinization of the same game reuses (engine.DeterminizeInto).
var scratch sync.Pool

func checkTurn(s engine.State, seat engine.Seat) error {
	if to := s.ToMove(); to != seat {
		return fmt.Errorf("bot asked to move for %v, but %v is to move", seat, to)
	}
	return nil
}

// Func makes a Bot of a function, for bots that are one policy.
type Func struct {
	Level string
	F     func(ctx context.Context, s engine.State, seat engine.Seat, rng *rand.Rand) (engine.Action, error)
}

// Name returns f.Level.
func (f Func) Name() string { return f.Level }

// Choose calls f.F after checking that seat is to move.
func (f Func) Choose(ctx context.Context, s engine.State, seat engine.Seat, rng *rand.Rand) (engine.Action, error) {
	if err := checkTurn(s, seat); err != nil {
		return 0, err
	}
	return f.F(ctx, s, seat, rng)
}
