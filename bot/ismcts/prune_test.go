package ismcts

import (
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"deuce/engine"
	"deuce/games/alakaslam"
)

// pickPosition plays AlakaSLAM singles with random moves until a seat is to pick a hit's first
// card (so that it has no card to take back yet, and the cards it picks next do), and returns
// it with the action "take back", found on the way.
func pickPosition(t *testing.T) (engine.State, engine.Action) {
	t.Helper()
	back := engine.Action(-1)
	for seed := uint64(1); seed < 200; seed++ {
		s, _, err := alakaslam.Game.Start(engine.Options{"character1": "random", "character2": "random"})
		if err != nil {
			t.Fatal(err)
		}
		rng := rand.New(rand.NewPCG(seed, 3))
		for steps := 0; s.ToMove() != engine.Nobody && steps < 2000; steps++ {
			if s.ToMove() == engine.Chance {
				if err := s.Apply(engine.SampleChance(rng, s.Chances(nil))); err != nil {
					t.Fatal(err)
				}
				continue
			}
			legal := s.Legal(nil)
			picks, undo := 0, false
			for _, a := range legal {
				switch text := s.ActionString(a); {
				case strings.HasPrefix(text, "pick "):
					picks++
				case text == "take back":
					back, undo = a, true
				}
			}
			if back >= 0 && steps > 20 && picks >= 3 && !undo {
				return s, back
			}
			if err := s.Apply(legal[rng.IntN(len(legal))]); err != nil {
				t.Fatal(err)
			}
		}
	}
	t.Fatal("no position to pick a first card")
	return nil, 0
}

// TestPrune checks that Options.Prune keeps "take back" out of the tree below its root: from a
// seat about to pick a hit, a search without it gives the take back edges and visits in the
// nodes of the picks to come, one with it none, and both search the same root moves; from the
// same seat with a card picked, the root keeps its take back, so a bot may still undo a pick.
func TestPrune(t *testing.T) {
	s, back := pickPosition(t)
	seat := s.ToMove()
	count := func(prune bool) (edges, visits int, root []engine.Action) {
		tr := grow(t, Options{Iterations: 2000, Playout: alakaslam.Heuristic, Prior: alakaslam.Heuristic, Bias: 10, Prune: prune}, s, seat)
		for ni, n := range tr.nodes {
			for _, e := range tr.edges[n.first : n.first+n.count] {
				if ni == 0 {
					root = append(root, e.action)
				}
				if e.action == back {
					edges++
					visits += int(e.visits)
				}
			}
		}
		return edges, visits, root
	}
	edges, visits, root := count(false)
	pEdges, pVisits, pRoot := count(true)
	t.Logf("take back: %d edges, %d visits unpruned; %d, %d pruned", edges, visits, pEdges, pVisits)
	if edges == 0 || visits == 0 {
		t.Fatalf("the unpruned tree has no take back (%d edges, %d visits): the position does not test pruning", edges, visits)
	}
	if pEdges != 0 || pVisits != 0 {
		t.Errorf("the pruned tree has %d take back edges with %d visits, want none", pEdges, pVisits)
	}
	if len(root) == 0 || !slices.Equal(root, pRoot) {
		t.Errorf("root moves %v unpruned, %v pruned: want the same", root, pRoot)
	}

	// One card picked: take back is a root move, and stays one.
	for _, a := range s.Legal(nil) {
		if strings.HasPrefix(s.ActionString(a), "pick ") {
			if err := s.Apply(a); err != nil {
				t.Fatal(err)
			}
			break
		}
	}
	if s.ToMove() != seat || !slices.Contains(s.Legal(nil), back) {
		t.Fatalf("after a pick: %v to move, legal %v; want %v with take back", s.ToMove(), s.Legal(nil), seat)
	}
	_, _, pRoot = count(true)
	if !slices.Contains(pRoot, back) {
		t.Errorf("with a card picked the pruned root's moves are %v: want take back kept", pRoot)
	}
}
