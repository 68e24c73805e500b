package alakaslam

import (
	"math/rand/v2"
	"strings"
	"testing"

	"deuce/engine"
)

// TestTeachSeesOnlyItsView checks that what a lesson says of a move reads nothing the player
// does not see: at every decision of seeded singles matches, Teach says the same of each legal
// move on a deal of what the player cannot see. And it has something to say of most moves of a
// hit: where the cards picked send the ball.
func TestTeachSeesOnlyItsView(t *testing.T) {
	said, picks := 0, 0
	seededMatches(t, []engine.Options{{"format": "singles"}}, 0, func(_ engine.Options, seed uint64, n int, s *State) {
		seat := s.ToMove()
		if seat < 0 {
			return
		}
		d := s.Determinize(seat, rand.New(rand.NewPCG(seed, uint64(n)))).(*State)
		for _, a := range s.Legal(nil) {
			got := Teach(s, a)
			if other := Teach(d, a); got != other {
				t.Fatalf("seed %d step %d, %s: %q, but on a deal of the hidden cards %q", seed, n, s.ActionString(a), got, other)
			}
			if got != "" {
				said++
			}
			if a < straightBase+numKinds && (s.phase == phTurn || s.phase == phPick) {
				picks++
				if !strings.Contains(got, "your cards send the ball") && !strings.Contains(got, "your serve would") {
					t.Fatalf("seed %d step %d: of %s Teach says %q, not where the ball goes", seed, n, s.ActionString(a), got)
				}
			}
		}
	})
	if said < 200 || picks < 50 {
		t.Fatalf("Teach said something of %d moves, %d of them picks: the matches do not test it", said, picks)
	}
}
