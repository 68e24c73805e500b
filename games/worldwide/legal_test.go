package worldwide

import (
	"fmt"
	"math"
	"math/rand/v2"
	"slices"
	"testing"

	"deuce/engine"
	"deuce/engine/enginetest"
)

// everyState calls check on every state of whole matches of every variant and some option
// sets, played by the heuristic and random moves in turn.
func everyState(t *testing.T, matches int, check func(*State) error) {
	sets := enginetest.VariantOptions(Game,
		engine.Options{"challenges": "yes", "player-cards": "yes", "rules": "advanced"},
		engine.Options{"solo": "yes", "challenges": "yes", "player-cards": "yes"},
		engine.Options{"rules": "basic", "challenges": "rally", "second-serve": "any"},
		engine.Options{"mode": "match", "challenges": "yes", "player-cards": "yes", "rules": "advanced"},
		engine.Options{"solo": "yes", "mode": "match"})
	policies := []enginetest.Policy[*State]{heuristicPolicy, randomPolicy}
	phases := map[phase]bool{}
	for i, opts := range sets {
		for m := range matches {
			s := newMatch(t, opts)
			rng := rand.New(rand.NewPCG(uint64(i), uint64(m)))
			for n := 0; ; n++ {
				phases[s.phase] = true
				if err := check(s); err != nil {
					t.Fatalf("%v, match %d, action %d, phase %s: %v", opts, m, n, phaseNames[s.phase], err)
				}
				if s.ToMove() == engine.Nobody {
					break
				}
				step(t, s, rng, policies[(n+m)%2])
			}
		}
	}
	for p := range phOver + 1 {
		if !phases[p] {
			t.Errorf("phase %s never met", phaseNames[p])
		}
	}
}

// TestLegalityCheck checks that Apply's check, which tests an action phase by phase, accepts
// exactly the actions Legal lists, and that the indexed playable sets are the cards blockIn
// accepts one by one.
func TestLegalityCheck(t *testing.T) {
	extra := []engine.Action{math.MinInt32, math.MinInt32 + 400, -1000, 1 << 20, math.MaxInt32}
	everyState(t, 4, func(s *State) error {
		legal := s.Legal(nil)
		for a := engine.Action(-3); a < 620; a++ {
			if got, want := s.isLegal(a), slices.Contains(legal, a); got != want {
				return fmt.Errorf("action %d: isLegal %v, listed %v (legal %v)", a, got, want, legal)
			}
		}
		for _, a := range extra {
			if s.isLegal(a) {
				return fmt.Errorf("action %d accepted", a)
			}
		}
		for side := range int8(2) {
			x := s.ctxOf(side)
			var want cardSet
			for c := 1; c <= numShots; c++ {
				if s.blockIn(x, c) == playOK {
					want.add(c)
				}
			}
			if got := s.playableIn(x, allShots); got != want {
				return fmt.Errorf("side %d in %+v: playable %v, blockIn accepts %v", side, x, got.ids(), want.ids())
			}
		}
		return nil
	})
}

// TestChancesListLegal checks that the chance outcomes are the legal list, each of weight 1,
// and that decisions have none.
func TestChancesListLegal(t *testing.T) {
	everyState(t, 2, func(s *State) error {
		legal, chances := s.Legal(nil), s.Chances(nil)
		if !s.phase.isChance() {
			if len(chances) != 0 {
				return fmt.Errorf("chances %v at a decision", chances)
			}
			return nil
		}
		if len(chances) != len(legal) {
			return fmt.Errorf("chances %v, legal %v", chances, legal)
		}
		for i, o := range chances {
			if o.Action != legal[i] || o.Weight != 1 {
				return fmt.Errorf("chances %v, legal %v", chances, legal)
			}
		}
		return nil
	})
}
