package centercourt

import (
	"math/rand/v2"

	"deuce/engine"
	"deuce/score"
)

// Determinize returns a state seat cannot tell from s: the cards seat has not seen (the draw
// pile and the other hand) are dealt again at random, the other hand keeping its size. For a
// spectator (or any other seat) both hands are dealt again. The match facts are left out: no
// observation shows them and no decision depends on them. So is what the public play has shown
// of the hands (infer.go): a determinization that deals as if nothing were known keeps nothing
// beyond the observation; DeterminizeInferred keeps it. s is not changed.
func (s *State) Determinize(seat engine.Seat, rng *rand.Rand) engine.State {
	c := new(State)
	s.determinize(c, seat, rng)
	return c
}

// determinize writes Determinize's result over c, which must not be s.
func (s *State) determinize(c *State, seat engine.Seat, rng *rand.Rand) {
	*c = *s
	c.facts = score.Facts{}
	c.known = [2]evidence{}
	unseen := s.unseen(seat)
	switch seat {
	case 0, 1:
		other := 1 - seat
		c.hands[other] = deal(&unseen, s.hands[other].total(), rng)
	default:
		c.hands[0] = deal(&unseen, s.hands[0].total(), rng)
		c.hands[1] = deal(&unseen, s.hands[1].total(), rng)
	}
	c.draw = unseen
}

// unseen returns the cards seat cannot see: whatever is in no place it can see (the spectator
// sees no hand). Computing them from the visible places makes a deal depend on seat's
// observation only.
func (s *State) unseen(seat engine.Seat) counts {
	var u counts
	for w := 1; w <= numValues; w++ {
		u[w] = copies - s.discard[w] - s.table[w]
		if seat == 0 || seat == 1 {
			u[w] -= s.hands[seat][w]
		}
	}
	return u
}

// deal takes n cards at random from pool, one at a time in ascending order of value, and
// returns them.
func deal(pool *counts, n int, rng *rand.Rand) counts {
	var h counts
	total := pool.total()
	for range n {
		r := rng.IntN(total)
		for w := 1; w <= numValues; w++ {
			if r < int(pool[w]) {
				pool[w]--
				h[w]++
				break
			}
			r -= int(pool[w])
		}
		total--
	}
	return h
}
