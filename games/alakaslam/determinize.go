package alakaslam

import (
	"math/rand/v2"

	"deuce/engine"
)

// Determinize returns a state seat cannot tell from s: every card seat has not seen (the draw
// pile, the other hands, cards others placed facedown, the cards Laurie drew when seat is not
// her) is dealt again at random, each place keeping its size. Facedown cards are dealt first,
// with at most one Enchantment per play (none under Rich's lock) and no Hit-2 sent straight. A
// spectator (or any seat outside the match) sees no hand. The match facts are left out: no
// observation shows them and no decision depends on them. s is not changed.
func (s *State) Determinize(seat engine.Seat, rng *rand.Rand) engine.State {
	c := new(State)
	s.determinize(c, seat, rng)
	return c
}

// determinize writes Determinize's result over c, which must not be s.
func (s *State) determinize(c *State, seat engine.Seat, rng *rand.Rand) {
	*c = *s
	c.facts = facts{}
	if seat < 0 || seat >= engine.Seat(s.nseats) {
		seat = engine.Spectator
	}
	// The unseen cards are whatever is in no place seat can see; computing them from the
	// visible places makes the result depend on seat's observation only.
	pool := s.total
	for k := range numKinds {
		pool[k] -= s.discard[k] + s.table[k]
	}
	hidePicks := s.facedown()
	if seat != engine.Spectator {
		own := &s.hands[seat]
		for k := range numKinds {
			pool[k] -= own[k]
		}
		if s.lSeat == int8(seat) {
			for k := range numKinds {
				pool[k] -= s.laurie[k]
			}
		}
	}
	for x := range s.nseats {
		if !hidePicks || engine.Seat(x) == seat {
			for _, p := range s.picks[x][:s.npicks[x]] {
				pool[p.k]--
			}
		}
	}
	d := newDealer(pool)
	for x := range s.nseats {
		if engine.Seat(x) == seat {
			continue
		}
		if hidePicks && s.npicks[x] > 0 {
			enchOK := !s.lock[x] || s.viaL[x]
			for i := range s.npicks[x] {
				k := d.one(rng, enchOK)
				if isEnchant(k) {
					enchOK = false
				}
				c.picks[x][i] = pick{k: int8(k)}
			}
		}
		c.hands[x] = d.deal(s.hands[x].total(), rng)
	}
	if s.lSeat >= 0 && engine.Seat(s.lSeat) != seat {
		c.laurie = d.deal(s.laurie.total(), rng)
	}
	c.deck = d.pool
}

// dealer deals cards at random from a pool, keeping its totals.
type dealer struct {
	pool        counts
	total, hits int // cards in the pool, Hit cards among them
}

func newDealer(pool counts) dealer {
	d := dealer{pool: pool}
	for k, n := range pool {
		d.total += int(n)
		if isHit(k) {
			d.hits += int(n)
		}
	}
	return d
}

// deal takes n cards at random from the pool, one at a time in ascending order of kind.
func (d *dealer) deal(n int, rng *rand.Rand) counts {
	var h counts
	for range n {
		h[d.one(rng, true)]++
	}
	return h
}

// one takes one card at random from the pool: a Hit card unless enchantOK (or unless the pool
// holds nothing else).
func (d *dealer) one(rng *rand.Rand, enchantOK bool) int {
	limit, total := numKinds, d.total
	if !enchantOK && d.hits > 0 {
		limit, total = numHitKinds, d.hits
	}
	r := rng.IntN(total)
	for k := range limit {
		if n := int(d.pool[k]); r < n {
			d.pool[k]--
			d.total--
			if k < numHitKinds {
				d.hits--
			}
			return k
		}
		r -= int(d.pool[k])
	}
	panic("alakaslam: dealing from an empty pool")
}
