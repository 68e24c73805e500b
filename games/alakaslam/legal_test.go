package alakaslam

import (
	"fmt"
	"slices"
	"testing"

	"deuce/engine"
)

// TestLegalCheck checks, at every step of seeded matches of every format, character and rule
// option, that the check Apply makes (isLegal) accepts exactly the actions Legal lists, that
// Legal lists them in ascending order, once each, and that hasChoice tells whether it lists two
// or more.
func TestLegalCheck(t *testing.T) {
	sets := append(characterOptions(),
		engine.Options{"format": "doubles", "toots": "moves", "team-move": "one-by-one", "played": "after-hit", "character1": "toots"},
		engine.Options{"format": "canadian", "character2": "toots", "team-move": "one-by-one", "character1": "austin"},
		engine.Options{"format": "singles", "deck": "enchant-3", "character1": "rich", "character2": "austin"},
		engine.Options{"format": "doubles", "deck": "enchant-3", "character1": "austin", "character2": "rich", "character3": "random", "character4": "random"},
		engine.Options{"format": "canadian", "deck": "enchant-3", "character2": "austin", "character1": "laurie"},
		engine.Options{"format": "singles"},
		engine.Options{"format": "doubles"},
		engine.Options{"format": "canadian"},
	)
	seededMatches(t, sets, 0, func(opts engine.Options, seed uint64, n int, s *State) {
		legal := s.Legal(nil)
		if !slices.IsSorted(legal) || len(slices.Compact(slices.Clone(legal))) != len(legal) {
			t.Fatalf("%v seed %d step %d: Legal %v is not ascending", opts, seed, n, legal)
		}
		if (s.phase == phTurn || s.phase == phPick) && s.hasChoice() != (len(legal) >= 2) {
			t.Fatalf("%v seed %d step %d: hasChoice() = %v with %d legal actions", opts, seed, n, s.hasChoice(), len(legal))
		}
		for a := engine.Action(-2); a < actionLimit+2; a++ {
			_, listed := slices.BinarySearch(legal, a)
			if got := s.isLegal(a); got != listed {
				t.Fatalf("%v seed %d step %d (phase %d): isLegal(%s) = %v, listed %v in %s", opts, seed, n, s.phase,
					s.ActionString(a), got, listed, fmt.Sprint(legal))
			}
		}
	})
}
