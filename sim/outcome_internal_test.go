package sim

import (
	"math/rand/v2"
	"slices"
	"testing"

	"deuce/engine"
	"deuce/games"
)

// TestOutcomeIsResult checks, in random matches of every variant of every game, that the
// returns and winner a run records are those of the match's Result, whether the game reports
// its returns alone (engine.Returner) or not.
func TestOutcomeIsResult(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 5))
	var buf []float64
	var p playout
	for _, g := range games.All() {
		winners := map[engine.Seat]int{}
		for _, v := range g.Variants {
			start, _, err := g.Start(v.Options)
			if err != nil {
				t.Fatal(err)
			}
			for range 30 {
				s := start.Clone()
				if _, err := p.play(s, rng, true); err != nil {
					t.Fatal(err)
				}
				res := s.Result()
				var winner engine.Seat
				buf, winner = outcome(s, buf)
				if winner != res.Winner || !slices.Equal(buf, res.Returns) {
					t.Fatalf("%s %s: outcome %v, winner %v; Result %v, winner %v", g.Name, v.Name, buf, winner, res.Returns, res.Winner)
				}
				winners[winner]++
			}
		}
		if winners[0] == 0 {
			t.Errorf("%s: seat 0 never won: %v", g.Name, winners)
		}
	}
}
