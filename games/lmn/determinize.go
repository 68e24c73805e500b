package lmn

import (
	"math/rand/v2"

	"deuce/engine"
)

// Determinize returns a state seat cannot tell from s: every other player's hand is dealt again
// from the cards he could hold (his deck less what is on the table, keeping the hand cards
// everybody saw him take back, and a hand card chosen for the shot being made), the rest of his deck becoming his reserve pile. A spectator (or
// any seat not in the match) has every hand dealt again. s is not changed.
func (s *State) Determinize(seat engine.Seat, rng *rand.Rand) engine.State {
	c := new(State)
	s.determinize(c, seat, rng)
	return c
}

// determinize writes Determinize's result over c, which must not be s.
func (s *State) determinize(c *State, seat engine.Seat, rng *rand.Rand) {
	*c = *s
	for i := range s.n {
		if engine.Seat(i) == seat {
			continue
		}
		p := &c.p[i]
		// What the player could hold is computed from what seat sees, so the result depends on
		// seat's observation only.
		// Hand cards in sight stay: those taken back from the preparation area, and one
		// chosen for the shot being made.
		seen := p.known
		if s.phase == phaseShot && i == s.mover {
			seen |= (s.def | s.aim) &^ p.prep
		}
		pool := fullDeck &^ (p.prep | p.court | p.out | seen)
		n := p.hand.count() - seen.count()
		hand := seen
		for range n {
			card := pool.nth(rng.IntN(pool.count()))
			pool &^= bit(card)
			hand |= bit(card)
		}
		p.hand, p.reserve = hand, pool
	}
}
