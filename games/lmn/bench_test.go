package lmn

import (
	"math/rand/v2"
	"testing"

	"deuce/engine"
)

// benchState is a state from a fixed match with a player to return the ball, a few points in.
func benchState(b *testing.B, variant string) *State {
	b.Helper()
	s := newMatch(b, variant)
	rng := rand.New(rand.NewPCG(42, 42))
	for s.score.PointsPlayed() < 3 || s.phase != phaseShot || s.shots < 3 {
		step(b, s, rng, heuristicPolicy)
	}
	return s
}

func BenchmarkLegal(b *testing.B) {
	s := benchState(b, "singles")
	buf := make([]engine.Action, 0, 64)
	b.ReportAllocs()
	for b.Loop() {
		buf = s.Legal(buf)
	}
}

func BenchmarkApply(b *testing.B) {
	base := benchState(b, "singles")
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
var (
	sink       any
	actionSink engine.Action
)

func BenchmarkClone(b *testing.B) {
	s := benchState(b, "singles")
	b.ReportAllocs()
	for b.Loop() {
		sink = s.Clone()
	}
}

func BenchmarkObserve(b *testing.B) {
	s := benchState(b, "singles")
	b.ReportAllocs()
	for b.Loop() {
		sink = s.Observe(0)
	}
}

func BenchmarkDeterminize(b *testing.B) {
	s := benchState(b, "doubles")
	rng := rand.New(rand.NewPCG(1, 2))
	b.ReportAllocs()
	for b.Loop() {
		sink = s.Determinize(0, rng)
	}
}

func BenchmarkHeuristic(b *testing.B) {
	s := benchState(b, "singles")
	rng := rand.New(rand.NewPCG(1, 2))
	b.ReportAllocs()
	for b.Loop() {
		actionSink = Heuristic(s, rng)
	}
}

// BenchmarkMatch plays whole matches, chance sampled by weight.
func BenchmarkMatch(b *testing.B) {
	random := func(s *State, rng *rand.Rand, buf []engine.Action) engine.Action {
		legal := s.Legal(buf)
		return legal[rng.IntN(len(legal))]
	}
	for _, v := range Game.Variants {
		b.Run(v.Name, func(b *testing.B) { benchMatches(b, v.Name, random) })
	}
	for _, v := range []string{"singles", "doubles"} {
		b.Run(v+"/heuristic", func(b *testing.B) {
			benchMatches(b, v, func(s *State, rng *rand.Rand, _ []engine.Action) engine.Action {
				return Heuristic(s, rng) // full information: the playout policy of a search
			})
		})
	}
}

func benchMatches(b *testing.B, variant string, choose func(*State, *rand.Rand, []engine.Action) engine.Action) {
	start := newMatch(b, variant)
	rng := rand.New(rand.NewPCG(7, 7))
	buf := make([]engine.Action, 0, 64)
	cbuf := make([]engine.ChanceOutcome, 0, DeckSize)
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
