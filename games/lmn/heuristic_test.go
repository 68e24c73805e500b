package lmn

import (
	"math/rand/v2"
	"slices"
	"strconv"
	"testing"

	"deuce/engine"
)

func TestHeuristic(t *testing.T) {
	tests := []struct {
		setup string
		want  string // the notation's verb and card, as describe's legal writes them
	}{
		// A ball the opponent cannot cover wins: player 2 covers only FC and FR.
		{"ball=BL h0=1 p0=3,10 h1=10,12 p1=9", "defend1"},
		{"ball=BL h0=1 p0=3,10 h1=10,12 p1=9 def=1", "aim3"},
		{"ball=BL h0=1 p0=3,10 h1=10,12 p1=9 def=1 aim=3", "hit"},
		// Against a special shot, a safe return rather than being off balance.
		{"ball=BL special h0=13 p0=1,10,11 h1=10,19,20 p1=9", "defend1"},
		{"ball=BL special h0=13 p0=1,10,11 h1=10,19,20 p1=9 def=1", "defend13"},
		// Nothing covers the ball: concede in singles, pass in doubles.
		{"ball=BL h0=3 p0=10", "concede"},
		{"doubles ball=BL h0=3 p0=10", "pass10"},
		// Serving: to the zone the receiver cannot cover.
		{"serve h0=1,2,3,4,5,6 h1=7,8,9,10,11", "serve1"},
		// Laying out: cards covering new zones go to the preparation area, not overlapping ones.
		{"setup h0=1,3,5,7,13", "prep7"},
		{"setup h0=13,14", "prep14"}, // a tie: either one, the other kept in hand
		{"manage=2 h0=1,13 p0=3", "prep1"},
		{"manage=2 h0=13 p0=1 moved=1", "done"},
	}
	for _, tt := range tests {
		t.Run(tt.setup, func(t *testing.T) {
			s := rules.State(t, tt.setup)
			a := Heuristic(s, rand.New(rand.NewPCG(1, 1)))
			kind, c := split(a)
			got := verbs[kind]
			if c > 0 {
				got += strconv.Itoa(c)
			}
			if got != tt.want {
				t.Errorf("got %s (%s), want %s", got, s.ActionString(a), tt.want)
			}
			if !slices.Contains(s.Legal(nil), a) {
				t.Errorf("%s is not legal", s.ActionString(a))
			}
		})
	}
}

// TestHeuristicBeatsRandom plays the heuristic against random moves, each side serving first
// in turn.
func TestHeuristicBeatsRandom(t *testing.T) {
	for _, variant := range []string{"singles", "doubles"} {
		t.Run(variant, func(t *testing.T) {
			const n = 40
			wins := 0
			for i := range n {
				s := newMatch(t, variant)
				rng := rand.New(rand.NewPCG(uint64(i), 77))
				hero := i % 2
				for s.ToMove() != engine.Nobody {
					pol := randomPolicy
					if to := s.ToMove(); to >= 0 && side(int8(to)) == hero {
						pol = heuristicPolicy
					}
					step(t, s, rng, pol)
				}
				if s.score.Winner() == hero {
					wins++
				}
			}
			if wins < n*8/10 {
				t.Errorf("the heuristic won %d of %d matches against random moves", wins, n)
			}
		})
	}
}
