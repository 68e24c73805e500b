package worldwide

import (
	"math/rand/v2"
	"testing"

	"deuce/engine"
)

// benchState is a state from a fixed random match with a player to choose a shot.
func benchState(b *testing.B, opts engine.Options) *State {
	b.Helper()
	s := newMatch(b, opts)
	rng := rand.New(rand.NewPCG(42, 42))
	for n := 0; n < 60 || s.phase != phShot || s.playable().count() < 2; n++ {
		if s.ToMove() == engine.Nobody {
			s = newMatch(b, opts)
		}
		step(b, s, rng, randomPolicy)
	}
	return s
}

func BenchmarkLegal(b *testing.B) {
	s := benchState(b, engine.Options{"rules": "advanced"})
	buf := make([]engine.Action, 0, numShots+4)
	b.ReportAllocs()
	for b.Loop() {
		buf = s.Legal(buf)
	}
}

func BenchmarkApply(b *testing.B) {
	base := benchState(b, engine.Options{"rules": "advanced"})
	a := base.Legal(nil)[0]
	var s State
	b.ReportAllocs()
	for b.Loop() {
		s = *base
		if err := s.Apply(a); err != nil {
			b.Fatal(err)
		}
	}
}

// sink keeps results alive, so the compiler cannot drop the work.
var sink any

func BenchmarkClone(b *testing.B) {
	s := benchState(b, engine.Options{"rules": "advanced"})
	b.ReportAllocs()
	for b.Loop() {
		sink = s.Clone()
	}
}

func BenchmarkObserve(b *testing.B) {
	s := benchState(b, engine.Options{"rules": "advanced"})
	seat := engine.Seat(s.actor)
	b.ReportAllocs()
	for b.Loop() {
		sink = s.Observe(seat)
	}
}

func BenchmarkDeterminize(b *testing.B) {
	s := benchState(b, engine.Options{"rules": "advanced"})
	rng := rand.New(rand.NewPCG(1, 2))
	b.ReportAllocs()
	for b.Loop() {
		sink = s.Determinize(0, rng)
	}
}

func BenchmarkHeuristic(b *testing.B) {
	s := benchState(b, engine.Options{"rules": "advanced"})
	rng := rand.New(rand.NewPCG(1, 2))
	b.ReportAllocs()
	for b.Loop() {
		sink = Heuristic(s, rng)
	}
}

// BenchmarkMatch plays whole matches, chance sampled by weight: random players in every
// variant, and the heuristic with full information (the playout policy of a search).
func BenchmarkMatch(b *testing.B) {
	random := func(s *State, rng *rand.Rand, buf []engine.Action) engine.Action {
		legal := s.Legal(buf)
		return legal[rng.IntN(len(legal))]
	}
	for _, v := range Game.Variants {
		b.Run(v.Name, func(b *testing.B) { benchMatches(b, v.Options, random) })
	}
	heuristic := func(s *State, rng *rand.Rand, _ []engine.Action) engine.Action { return Heuristic(s, rng) }
	b.Run("tiebreak/heuristic", func(b *testing.B) { benchMatches(b, engine.Options{}, heuristic) })
	b.Run("solo/heuristic", func(b *testing.B) { benchMatches(b, engine.Options{"solo": "yes", "rules": "advanced"}, heuristic) })
}

func benchMatches(b *testing.B, opts engine.Options, choose func(*State, *rand.Rand, []engine.Action) engine.Action) {
	start := newMatch(b, opts)
	rng := rand.New(rand.NewPCG(7, 7))
	buf := make([]engine.Action, 0, numShots+4)
	cbuf := make([]engine.ChanceOutcome, 0, numShots+4)
	matches, actions := 0, 0
	b.ReportAllocs()
	for b.Loop() {
		s := *start
		for s.phase != phOver {
			var a engine.Action
			if s.ToMove() == engine.Chance {
				a = engine.SampleChance(rng, s.Chances(cbuf))
			} else {
				a = choose(&s, rng, buf)
			}
			if err := s.Apply(a); err != nil {
				b.Fatal(err)
			}
			actions++
		}
		matches++
	}
	sec := b.Elapsed().Seconds()
	b.ReportMetric(float64(matches)/sec, "matches/s")
	b.ReportMetric(float64(actions)/sec, "actions/s")
}
