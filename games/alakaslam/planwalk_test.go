package alakaslam

import (
	"math/rand/v2"
	"testing"

	"deuce/engine"
)

// refPlans lists every legal set of cards extending cur in the order the heuristic rates them,
// written the plainest way, as the reference of hitOptions, neutralWalk and canAnswer.
func refPlans(h counts, lo, hi int, enchOK, austin bool, cur plan) []plan {
	var out []plan
	var walk func(p plan, from, enchants int)
	walk = func(p plan, from, enchants int) {
		if p.n >= lo {
			out = append(out, p)
		}
		if p.n >= hi {
			return
		}
		for k := from; k < numKinds; k++ {
			if h[k] == 0 || isEnchant(k) && (!enchOK || enchants > 0) {
				continue
			}
			h[k]--
			for _, straight := range []bool{false, true} {
				if straight && !(austin && isHit(k) && value(k) == 2) {
					continue
				}
				q := p
				q.cards[q.n] = pick{k: int8(k), straight: straight}
				q.n++
				e := enchants
				if isEnchant(k) {
					e++
				}
				walk(q, k, e)
			}
			h[k]++
		}
	}
	e := 0
	for _, p := range cur.cards[:cur.n] {
		if isEnchant(int(p.k)) {
			e++
		}
	}
	walk(cur, 0, e)
	return out
}

// TestPlanWalk checks the heuristic's enumeration of hits against refPlans on random hands,
// bounds and partial hits: the options (one per effect, first found first, each with its
// cheapest set), the most neutral set (pruned as it goes) and whether a ball can be answered.
func TestPlanWalk(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 1))
	for i := range 20000 {
		var h counts
		for k := range numKinds {
			if rng.IntN(2) == 0 {
				h[k] = int8(rng.IntN(4))
			}
		}
		s := &State{format: Singles, nseats: 2, cols: 3, teamSize: [2]int8{1, 1}, team: [2][2]int8{{0, -1}, {1, -1}}}
		s.hands[0] = h
		if rng.IntN(3) == 0 {
			s.ability[0] = Austin
		}
		s.lock[0] = rng.IntN(4) == 0
		if rng.IntN(2) == 0 {
			s.req[0] = int8(1 + rng.IntN(3))
		}
		// Pick a few cards first, as Legal allows.
		for range rng.IntN(3) {
			var opts []int
			for k := range numKinds {
				if s.canPick(0, k) {
					opts = append(opts, k)
				}
			}
			if len(opts) == 0 {
				break
			}
			k := opts[rng.IntN(len(opts))]
			s.hands[0][k]--
			s.picks[0][s.npicks[0]] = pick{k: int8(k), straight: s.ability[0] == Austin && isHit(k) && value(k) == 2 && rng.IntN(2) == 0}
			s.npicks[0]++
		}
		var cur plan
		cur.n = int(s.npicks[0])
		copy(cur.cards[:], s.picks[0][:cur.n])
		lo, hi, enchOK := s.limits(0)
		ref := refPlans(s.hands[0], int(lo), int(hi), enchOK, s.ability[0] == Austin, cur)

		// Options: first found first, the cheapest set of each effect (the first of equals), for
		// the first 64 effects; every set after that as it comes.
		var want []option
		for _, p := range ref {
			e := effectOf(p)
			j := 0
			for j < min(len(want), 64) && (want[j].e.dr != e.dr || want[j].e.dc != e.dc || want[j].e.ench != e.ench) {
				j++
			}
			switch {
			case j >= 64 || j == len(want):
				want = append(want, option{p.pack(), e})
			case e.cost < want[j].e.cost:
				want[j] = option{p.pack(), e}
			}
		}
		var set optionSet
		s.hitOptions(0, cur, &set)
		got := append(set.opts[:set.n:set.n], set.extra...)
		if len(got) != len(want) {
			t.Fatalf("case %d: %d options, want %d", i, len(got), len(want))
		}
		ce := effectOf(cur)
		for j := range want {
			if o := (option{cur.join(got[j].plan()).pack(), ce.plus(got[j].e)}); o != want[j] {
				t.Fatalf("case %d: option %d is %+v, want %+v", i, j, o, want[j])
			}
		}

		// The most neutral set: the first that moves the ball least, then costs least.
		var best plan
		found, bestMove, bestCost := false, 0, 0
		for _, p := range ref {
			e := effectOf(p)
			move := int(abs8(e.dr)) + int(abs8(e.dc))
			if !found || move < bestMove || move == bestMove && int(e.cost) < bestCost {
				best, bestMove, bestCost, found = p, move, int(e.cost), true
			}
		}
		if p, _, ok := s.neutralPlan(0, cur); ok != found || p != best {
			t.Fatalf("case %d: neutral %+v %v, want %+v %v", i, p, ok, best, found)
		}

		// An answer from every space of the court, bound to 1 to 3 cards.
		if cur.n == 0 {
			for ench := 1; ench <= 3; ench++ {
				for r := range int8(numRows) {
					for c := range int8(3) {
						b := pos{r, c}
						want := false
						for _, p := range refPlans(s.hands[0], ench, ench, !s.lock[0], s.ability[0] == Austin, plan{}) {
							s.striking = 0
							if _, how := s.landingFrom(b, p.cards[:p.n]); how == howNone {
								want = true
							}
						}
						if got := s.canAnswer(0, b, ench); got != want {
							t.Fatalf("case %d: canAnswer from %v with %d cards = %v, want %v", i, b, ench, got, want)
						}
					}
				}
			}
		}
	}
}

// TestSampleHand checks that sampleHand deals the hand determinize deals and leaves the random
// stream where determinize does, for every seat and player of seeded matches.
func TestSampleHand(t *testing.T) {
	for i, opts := range characterOptions() {
		heuristicDecisions(t, opts, uint64(i), func(s *State) {
			for seat := range s.nseats {
				for x := range s.nseats {
					if x == seat {
						continue
					}
					r1 := rand.New(rand.NewPCG(uint64(i), uint64(x)))
					r2 := rand.New(rand.NewPCG(uint64(i), uint64(x)))
					var d State
					s.determinize(&d, engine.Seat(seat), r1)
					h := s.sampleHand(engine.Seat(seat), x, r2)
					if h != d.hands[x] || r1.Uint64() != r2.Uint64() {
						t.Fatalf("%v: player %d's hand for player %d: %v, determinize deals %v (or the random streams differ)", opts, x+1, seat+1, h, d.hands[x])
					}
				}
			}
		})
	}
}
