package alakaslam

import (
	"math/rand/v2"
	"testing"

	"deuce/engine"
)

// benchState is a state from a fixed random match of a variant with a player to hit, some way in.
func benchState(b *testing.B, variant string) *State {
	b.Helper()
	opts, err := Game.Variant(variant)
	if err != nil {
		b.Fatal(err)
	}
	s := newMatch(b, opts)
	rng := rand.New(rand.NewPCG(42, 42))
	for n := 0; n < 40 || s.phase != phTurn && s.phase != phPick; n++ {
		if s.ToMove() == engine.Nobody {
			b.Fatal("match over before the bench state")
		}
		step(b, s, rng, randomPolicy)
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
var sink any

func BenchmarkClone(b *testing.B) {
	s := benchState(b, "doubles")
	b.ReportAllocs()
	for b.Loop() {
		sink = s.Clone()
	}
}

func BenchmarkObserve(b *testing.B) {
	s := benchState(b, "doubles")
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
	benchHeuristic(b, func(b *testing.B, variant string) []*State { return []*State{benchState(b, variant)} })
}

// benchHeuristic measures Heuristic in each variant at the positions given, in turn.
func benchHeuristic(b *testing.B, positions func(b *testing.B, variant string) []*State) {
	for _, v := range Game.Variants {
		b.Run(v.Name, func(b *testing.B) {
			states := positions(b, v.Name)
			rng := rand.New(rand.NewPCG(1, 2))
			b.ReportAllocs()
			i := 0
			for b.Loop() {
				sink = Heuristic(states[i%len(states)], rng)
				i++
			}
		})
	}
}

// hitPositions are the decisions of heuristic matches of a variant where the player at the
// ball, or the support, picks cards: the positions where the heuristic plans a hit, from a
// playout's point of view (every hand as sampled).
func hitPositions(b *testing.B, variant string) []*State {
	b.Helper()
	opts, err := Game.Variant(variant)
	if err != nil {
		b.Fatal(err)
	}
	var out []*State
	for seed := range uint64(20) {
		s := newMatch(b, opts)
		rng := rand.New(rand.NewPCG(seed, 8))
		for s.ToMove() != engine.Nobody {
			if s.phase == phPick || s.phase == phTurn && s.where(s.cur) == s.ball {
				c := *s
				out = append(out, &c)
			}
			step(b, s, rng, heuristicPolicy)
		}
	}
	return out
}

// BenchmarkHeuristicHit measures the heuristic where it costs most: planning hits, at the
// positions of hitPositions in turn.
func BenchmarkHeuristicHit(b *testing.B) {
	benchHeuristic(b, hitPositions)
}

// BenchmarkMatch plays whole matches, chance sampled by weight.
func BenchmarkMatch(b *testing.B) {
	for _, v := range Game.Variants {
		b.Run(v.Name+"/random", func(b *testing.B) {
			benchMatches(b, v.Options, func(s *State, rng *rand.Rand, buf []engine.Action) engine.Action {
				legal := s.Legal(buf)
				return legal[rng.IntN(len(legal))]
			})
		})
		b.Run(v.Name+"/heuristic", func(b *testing.B) {
			benchMatches(b, v.Options, func(s *State, rng *rand.Rand, _ []engine.Action) engine.Action {
				return Heuristic(s, rng) // full information: the playout policy of a search
			})
		})
	}
}

func benchMatches(b *testing.B, opts engine.Options, choose func(*State, *rand.Rand, []engine.Action) engine.Action) {
	start := newMatch(b, opts)
	rng := rand.New(rand.NewPCG(7, 7))
	buf := make([]engine.Action, 0, 64)
	cbuf := make([]engine.ChanceOutcome, 0, 16)
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
