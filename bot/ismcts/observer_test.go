package ismcts

import (
	"math/rand/v2"
	"testing"

	"deuce/engine"
	"deuce/games/centercourt"
)

// firstServe returns a Center Court tiebreak at its first serve, with no refill after a serve.
func firstServe(t *testing.T) engine.State {
	t.Helper()
	s, _, err := centercourt.Game.Start(engine.Options{"format": "tiebreak", "server-refill": "no"})
	if err != nil {
		t.Fatal(err)
	}
	rng := rand.New(rand.NewPCG(1, 2))
	for s.ToMove() == engine.Chance {
		if err := s.Apply(engine.SampleChance(rng, s.Chances(nil))); err != nil {
			t.Fatal(err)
		}
	}
	return s
}

// grow runs a tree of o's iterations for seat from s (seeded 7) and returns it.
func grow(t *testing.T, opts Options, s engine.State, seat engine.Seat) *tree {
	t.Helper()
	o := opts.withDefaults()
	tr := &tree{}
	tr.reset(&o, s, s, seat, 7, o.Iterations)
	for range o.Iterations {
		if err := tr.iterate(); err != nil {
			t.Fatal(err)
		}
	}
	return tr
}

// TestSingleObserver checks that Options.SingleObserver shares the opponent's nodes among the
// hands the searching seat imagines for it. From the first serve of a Center Court tiebreak
// (the receiver's eight cards unseen, and no refill after the serve, whose card the server
// would see), the multiple-observer tree holds a node of the receiver per imagined hand, none
// visited often; the single-observer tree one per position the server can see, the busiest of
// them visited many times more.
func TestSingleObserver(t *testing.T) {
	s := firstServe(t)
	seat := s.ToMove()
	// The most visits of a receiver's node, and the server's nodes.
	count := func(single bool) (most, own int) {
		tr := grow(t, Options{Iterations: 2000, Playout: centercourt.Heuristic, Prior: centercourt.Heuristic, Bias: 10, SingleObserver: single}, s, seat)
		for _, n := range tr.nodes {
			if engine.Seat(n.seat) == seat {
				own++
			} else {
				most = max(most, int(n.visits))
			}
		}
		return most, own
	}
	mostMO, ownMO := count(false)
	mostSO, ownSO := count(true)
	t.Logf("receiver's busiest node: %d visits single-observer, %d multiple-observer", mostSO, mostMO)
	if mostSO < 5*mostMO {
		t.Errorf("receiver's busiest node: %d visits single-observer, %d multiple-observer; want the nodes shared", mostSO, mostMO)
	}
	if ownSO == 0 || ownMO == 0 {
		t.Errorf("server's nodes: %d single-observer, %d multiple-observer", ownSO, ownMO)
	}
}

// TestOwnView checks that Options.OwnView hides the searching seat's real hand from the
// opponents' choices in the search: at the receiver's first return of a Center Court
// tiebreak (no refill after the serve), the server's seven cards that the policy sees are
// always the server's real ones without it, and often others with it.
func TestOwnView(t *testing.T) {
	s := firstServe(t)
	seat := s.ToMove()
	real := s.Observe(seat).(*centercourt.Observation).Hand
	// seen counts the policy's choices for the receiver at its first return, and those in
	// which the server's cards it was shown are not all of the server's real hand.
	count := func(own bool) (seen, other int) {
		policy := func(st engine.State, r *rand.Rand) engine.Action {
			if st.ToMove() != seat {
				if o := st.Observe(seat).(*centercourt.Observation); o.PointsPlayed == 0 && o.Phase == "returning" && sum(o.Table[:]) == 1 {
					seen++
					if !within(o.Hand, real) {
						other++
					}
				}
			}
			return centercourt.Heuristic(st, r)
		}
		grow(t, Options{Iterations: 1000, Playout: policy, Prior: policy, Bias: 10, OwnView: own}, s, seat)
		return seen, other
	}
	seenReal, otherReal := count(false)
	seenOwn, otherOwn := count(true)
	t.Logf("receiver's choices shown other server's cards: %d of %d, with own views %d of %d", otherReal, seenReal, otherOwn, seenOwn)
	if seen, other := seenReal, otherReal; seen == 0 || other != 0 {
		t.Errorf("without own views: %d of %d receiver's choices saw other server's cards, want 0", other, seen)
	}
	if seen, other := seenOwn, otherOwn; seen == 0 || 2*other < seen {
		t.Errorf("with own views: %d of %d receiver's choices saw other server's cards, want most", other, seen)
	}
}

func sum(xs []int) int {
	n := 0
	for _, x := range xs {
		n += x
	}
	return n
}

// within reports whether the cards of sub (ascending values) are among those of all.
func within(sub, all []int) bool {
	i := 0
	for _, c := range sub {
		for i < len(all) && all[i] < c {
			i++
		}
		if i == len(all) || all[i] != c {
			return false
		}
		i++
	}
	return true
}
