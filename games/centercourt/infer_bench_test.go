package centercourt

import (
	"math/rand/v2"
	"testing"

	"deuce/engine"
)

// BenchmarkDeterminizeInferred deals, from positions of heuristic matches in which the seat to
// move's opponent has evidence, as the search that infers does at every iteration.
func BenchmarkDeterminizeInferred(b *testing.B) {
	var states []*State
	var seats []engine.Seat
	for seed := uint64(0); len(states) < 2000; seed++ {
		s := newMatch(b, "set")
		rng := rand.New(rand.NewPCG(seed, 19))
		for s.ToMove() != engine.Nobody {
			if seat := s.ToMove(); (seat == 0 || seat == 1) && s.known[1-seat].active {
				states = append(states, new(*s))
				seats = append(seats, seat)
			}
			step(b, s, rng, heuristicPolicy)
		}
	}
	rng := rand.New(rand.NewPCG(1, 1))
	var d engine.State
	b.ResetTimer()
	for i := range b.N {
		d = states[i%len(states)].DeterminizeInferred(d, seats[i%len(states)], rng)
	}
}
