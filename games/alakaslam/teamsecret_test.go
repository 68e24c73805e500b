package alakaslam

import (
	"math/rand/v2"
	"slices"
	"testing"

	"deuce/engine"
	"deuce/engine/enginetest"
)

// A team planning its movement together decides on what both teammates know: the moves a
// player is offered never depend on its teammate's hidden hand. They did: stepping onto the
// teammate's space, and ending the plan there, were offered only when the teammate held an
// Enchantment to move off with, which told the player whether it held one. Random doubles and
// Canadian matches, checked at every planned movement: the hands the player cannot see dealt
// again leave its moves as they are.
func TestTeamMovesHideTheTeammatesHand(t *testing.T) {
	planned := 0
	for _, opts := range []engine.Options{
		{"format": "doubles", "character1": "toots", "character2": "laurie", "character3": "austin", "character4": "rich"},
		{"format": "doubles", "character1": "simon", "character2": "wendolyn", "character3": "josephias", "character4": "sarissia"},
		{"format": "canadian", "character1": "laurie", "character2": "rich", "character3": "josephias"},
	} {
		for seed := range uint64(200) {
			s, _, err := Game.Start(opts)
			if err != nil {
				t.Fatal(err)
			}
			rng := rand.New(rand.NewPCG(seed, 7))
			for n := 0; s.ToMove() != engine.Nobody && n < 3000; n++ {
				st := s.(*State)
				if to := s.ToMove(); to >= 0 && st.planning {
					planned++
					want := s.Legal(nil)
					for k := range 4 {
						d := engine.Determinize(s, to, rand.New(rand.NewPCG(seed, uint64(k))))
						if got := d.Legal(nil); !slices.Equal(got, want) {
							t.Fatalf("%v seed %d move %d: seat %d is offered %v, or %v with the hands it cannot see dealt again",
								opts["format"], seed, n, to, texts(s, want), texts(d, got))
						}
					}
				}
				enginetest.Step(t, s, rng, enginetest.RandomPolicy[engine.State])
			}
		}
	}
	if planned < 300 {
		t.Fatalf("only %d planned movements checked", planned)
	}
}

func texts(s engine.State, as []engine.Action) []string {
	var out []string
	for _, a := range as {
		out = append(out, s.ActionString(a))
	}
	return out
}
