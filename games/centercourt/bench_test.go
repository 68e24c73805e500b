package centercourt

import (
	"math/rand/v2"
	"testing"

	"deuce/engine"
)

// benchState is a state from a fixed random match with a player to move, several points in.
func benchState(b *testing.B) *State {
	b.Helper()
	s := newMatch(b, "set")
	rng := rand.New(rand.NewPCG(42, 42))
	for n := 0; n < 300 || s.phase != phaseReturn; n++ {
		step(b, s, rng, randomPolicy)
	}
	return s
}

func BenchmarkLegal(b *testing.B) {
	s := benchState(b)
	buf := make([]engine.Action, 0, 16)
	b.ReportAllocs()
	for b.Loop() {
		buf = s.Legal(buf)
	}
}

func BenchmarkApply(b *testing.B) {
	base := benchState(b)
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
	s := benchState(b)
	b.ReportAllocs()
	for b.Loop() {
		sink = s.Clone()
	}
}

func BenchmarkObserve(b *testing.B) {
	s := benchState(b)
	b.ReportAllocs()
	for b.Loop() {
		sink = s.Observe(0)
	}
}

func BenchmarkDeterminize(b *testing.B) {
	s := benchState(b)
	rng := rand.New(rand.NewPCG(1, 2))
	b.ReportAllocs()
	for b.Loop() {
		sink = s.Determinize(0, rng)
	}
}

// BenchmarkMatch plays whole random matches, chance sampled by weight.
func BenchmarkMatch(b *testing.B) {
	for _, v := range Game.Variants {
		b.Run(v.Name, func(b *testing.B) {
			benchMatches(b, v.Name, func(s *State, rng *rand.Rand, buf []engine.Action) engine.Action {
				legal := s.Legal(buf)
				return legal[rng.IntN(len(legal))]
			})
		})
	}
	b.Run("set/heuristic", func(b *testing.B) {
		benchMatches(b, "set", func(s *State, rng *rand.Rand, _ []engine.Action) engine.Action {
			return Heuristic(s, rng) // full information: the playout policy of a search
		})
	})
}

func benchMatches(b *testing.B, format string, choose func(*State, *rand.Rand, []engine.Action) engine.Action) {
	start := newMatch(b, format)
	rng := rand.New(rand.NewPCG(7, 7))
	buf := make([]engine.Action, 0, 16)
	cbuf := make([]engine.ChanceOutcome, 0, 16)
	matches, actions := 0, 0
	b.ReportAllocs()
	for b.Loop() {
		s := *start
		for s.phase != phaseOver {
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
