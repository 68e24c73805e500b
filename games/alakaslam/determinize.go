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
	s.redeal(c, seat, -1, rng)
}

// sampleHand returns the hand of player x in a determinization of s for seat, drawing from rng
// the same numbers as determinize: the deal stops at x's hand, and what the rest of the deal
// would draw is drawn without dealing it. x's facedown cards, if any, are not dealt.
func (s *State) sampleHand(seat engine.Seat, x int8, rng *rand.Rand) counts {
	return s.redeal(nil, seat, x, rng)
}

// redeal deals again the cards seat has not seen into c, each place keeping its size, and
// returns the hand dealt to only. With c nil nothing is written: the deal goes as far as only's
// hand, and the rest only draws its numbers from rng, where nothing after depends on the cards.
func (s *State) redeal(c *State, seat engine.Seat, only int8, rng *rand.Rand) counts {
	if seat < 0 || seat >= engine.Seat(s.nseats) {
		seat = engine.Spectator
	}
	// The unseen cards are whatever is in no place seat can see; computing them from the
	// visible places makes the result depend on seat's observation only.
	pool := s.total
	for k := range numKinds {
		pool[k] -= s.discard[k] + s.table[k]
	}
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
		if s.seesPicks(x, seat) {
			for _, p := range s.picks[x][:s.npicks[x]] {
				pool[p.k]--
			}
		}
	}
	// Dealing the picks seat cannot see (seesPicks) depends on the Hit cards left: the deal is
	// real up to the last player with picks dealt, and at least up to only.
	real := only
	for x := range s.nseats {
		if s.npicks[x] > 0 && !s.seesPicks(x, seat) {
			real = max(real, x)
		}
	}
	var hand counts
	d := newDealer(pool)
	for x := range s.nseats {
		if engine.Seat(x) == seat {
			continue
		}
		if s.npicks[x] > 0 && !s.seesPicks(x, seat) {
			enchOK := !s.lock[x] || s.viaL[x]
			for i := range s.npicks[x] {
				k := d.one(rng, enchOK)
				if isEnchant(k) {
					enchOK = false
				}
				if c != nil {
					c.picks[x][i] = pick{k: int8(k)}
				}
			}
		}
		n := s.hands[x].total()
		switch {
		case c != nil:
			c.hands[x] = d.deal(n, rng)
		case x <= real:
			if h := d.deal(n, rng); x == only {
				hand = h
			}
		default:
			d.skip(n, rng)
		}
	}
	if s.lSeat >= 0 && engine.Seat(s.lSeat) != seat {
		if c != nil {
			c.laurie = d.deal(s.laurie.total(), rng)
		} else {
			d.skip(s.laurie.total(), rng)
		}
	}
	if c != nil {
		c.deck = d.pool
	}
	return hand
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

// skip draws from rng what dealing n cards would, without dealing them: afterwards only the
// pool's total is right.
func (d *dealer) skip(n int, rng *rand.Rand) {
	for range n {
		rng.IntN(d.total)
		d.total--
	}
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
