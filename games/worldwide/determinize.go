package worldwide

import (
	"math/rand/v2"

	"deuce/engine"
)

// Determinize returns a state seat cannot tell from s: every hand seat cannot see is dealt
// again from the cards that hand and its deck hold together, keeping the cards everyone knows
// to be in it and drawing the deck only from the cards it was last formed from. A spectator
// (or any other seat) sees no hand. The automaton's piles are public. s is not changed.
func (s *State) Determinize(seat engine.Seat, rng *rand.Rand) engine.State {
	c := new(State)
	s.determinize(c, seat, rng)
	return c
}

// determinize writes Determinize's result over c, which must not be s.
func (s *State) determinize(c *State, seat engine.Seat, rng *rand.Rand) {
	*c = *s
	if s.phase == phPlayerCard {
		return // no deck is formed yet: nothing is hidden
	}
	for i := range c.sides {
		if !s.human(int8(i)) || engine.Seat(i) == seat {
			continue
		}
		sd := &c.sides[i]
		// The hand and deck together are every card not shown elsewhere: this depends on
		// public information only.
		pool := allShots &^ (sd.removed | sd.discard | sd.played)
		cand := pool & sd.origin &^ sd.known
		sd.deck = sample(cand, sd.deck.count(), rng)
		sd.hand = pool &^ sd.deck
	}
}

// sample returns n cards of set chosen uniformly at random, drawn in ascending order of
// number.
func sample(set cardSet, n int, rng *rand.Rand) cardSet {
	var out cardSet
	left := set.count()
	for x := set; x != 0 && n > 0; x &= x - 1 {
		if rng.IntN(left) < n {
			out.add(x.nth(0))
			n--
		}
		left--
	}
	return out
}
