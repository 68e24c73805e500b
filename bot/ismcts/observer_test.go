package ismcts

import (
	"math/rand/v2"
	"testing"

	"deuce/engine"
	"deuce/games/centercourt"
)

// TestSingleObserver checks that Options.SingleObserver shares the opponent's nodes among the
// hands the searching seat imagines for it. From the first serve of a Center Court tiebreak
// (the receiver's eight cards unseen, and no refill after the serve, whose card the server
// would see), the multiple-observer tree holds a node of the receiver per imagined hand, none
// visited often; the single-observer tree one per position the server can see, the busiest of
// them visited many times more.
func TestSingleObserver(t *testing.T) {
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
	seat := s.ToMove()
	// The most visits of a receiver's node, and the server's nodes.
	count := func(single bool) (most, own int) {
		o := Options{Iterations: 2000, Playout: centercourt.Heuristic, Prior: centercourt.Heuristic, Bias: 10, SingleObserver: single}.withDefaults()
		tr := &tree{}
		tr.reset(&o, s, s, seat, 7, o.Iterations)
		for range o.Iterations {
			if err := tr.iterate(); err != nil {
				t.Fatal(err)
			}
		}
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
