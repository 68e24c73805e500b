package alakaslam

import (
	"math/rand/v2"
	"reflect"
	"testing"

	"deuce/engine"
)

// TestReuse plays random matches of every format, and in the middle and at the end of each
// checks the storage-reusing forms against the ones that allocate: CopyInto over the last
// match's state is Clone, and TennisFactsInto over the last match's facts (their Shots and Tags
// storage reused, longer or shorter than this match needs) is TennisFacts.
func TestReuse(t *testing.T) {
	for _, format := range []string{"singles", "doubles", "canadian"} {
		t.Run(format, func(t *testing.T) {
			opts, err := Game.Resolve(engine.Options{"format": format, "character1": "random", "character2": "random"})
			if err != nil {
				t.Fatal(err)
			}
			rng := rand.New(rand.NewPCG(7, 0))
			var old engine.State
			var facts engine.TennisFacts
			check := func(s *State) {
				t.Helper()
				old = s.CopyInto(old)
				if old == engine.State(s) || !reflect.DeepEqual(old, s.Clone()) {
					t.Fatalf("CopyInto: %+v, want a copy of %+v", old, s)
				}
				s.TennisFactsInto(&facts)
				if want := s.TennisFacts(); !sameFacts(facts, want) {
					t.Fatalf("TennisFactsInto: %+v, want %+v", facts, want)
				}
			}
			for range 40 {
				es, err := Game.New(opts)
				if err != nil {
					t.Fatal(err)
				}
				s := es.(*State)
				for step := 0; s.ToMove() != engine.Nobody; step++ {
					var a engine.Action
					if s.ToMove() == engine.Chance {
						a = engine.SampleChance(rng, s.Chances(nil))
					} else {
						legal := s.Legal(nil)
						a = legal[rng.IntN(len(legal))]
					}
					if err := s.Apply(a); err != nil {
						t.Fatal(err)
					}
					if step == 100 {
						check(s)
					}
				}
				check(s)
			}
			if len(facts.Shots) == 0 || len(facts.Tags) == 0 {
				t.Errorf("the last match had no shots or no tags: %+v", facts)
			}
		})
	}
}

// sameFacts compares facts, a nil slice equal to an empty one.
func sameFacts(a, b engine.TennisFacts) bool {
	sa, sb, ta, tb := a.Shots, b.Shots, a.Tags, b.Tags
	a.Shots, b.Shots, a.Tags, b.Tags = nil, nil, nil, nil
	return reflect.DeepEqual(a, b) && len(sa) == len(sb) && len(ta) == len(tb) &&
		(len(sa) == 0 || reflect.DeepEqual(sa, sb)) && (len(ta) == 0 || reflect.DeepEqual(ta, tb))
}
