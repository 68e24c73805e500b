package pencil

import (
	"fmt"
	"math/rand/v2"
	"runtime"
	"testing"

	"deuce/engine"
)

func BenchmarkLegal(b *testing.B) {
	s, _ := New(DefaultParams)
	buf := make([]engine.Action, 0, 64)
	b.ReportAllocs()
	for b.Loop() {
		buf = s.Legal(buf)
	}
}

func BenchmarkApply(b *testing.B) {
	base, _ := New(DefaultParams)
	s := new(State)
	*s = *base
	b.ReportAllocs()
	for b.Loop() {
		if s.toMove == engine.Nobody {
			*s = *base // shares base's history array, which keeps length 0
		}
		if err := s.Apply(1); err != nil {
			b.Fatal(err)
		}
	}
}

// midMatch is a standard match after 20 random rounds, with player 1's bid pending.
func midMatch(b *testing.B) *State {
	s, _ := New(DefaultParams)
	rng := rand.New(rand.NewPCG(1, 1))
	for s.Rounds() < 20 && s.ToMove() != engine.Nobody {
		legal := s.Legal(nil)
		s.Apply(legal[rng.IntN(min(len(legal), 4))])
	}
	if s.ToMove() == 0 {
		s.Apply(1)
	}
	return s
}

func BenchmarkClone(b *testing.B) {
	s := midMatch(b)
	b.ReportAllocs()
	for b.Loop() {
		_ = s.Clone()
	}
}

func BenchmarkObserve(b *testing.B) {
	s := midMatch(b)
	b.ReportAllocs()
	for b.Loop() {
		_ = s.Observe(1)
	}
}

func BenchmarkRandomMatch(b *testing.B) {
	rng := rand.New(rand.NewPCG(1, 2))
	base, _ := New(DefaultParams)
	s := new(State)
	buf := make([]engine.Action, 0, 64)
	actions := 0
	b.ReportAllocs()
	for b.Loop() {
		*s = *base
		for s.toMove != engine.Nobody {
			buf = s.Legal(buf)
			s.Apply(buf[rng.IntN(len(buf))])
			actions++
		}
	}
	sec := b.Elapsed().Seconds()
	b.ReportMetric(float64(b.N)/sec, "matches/s")
	b.ReportMetric(float64(actions)/sec, "actions/s")
}

func BenchmarkHeuristicMatch(b *testing.B) {
	rng := rand.New(rand.NewPCG(1, 2))
	base, _ := New(DefaultParams)
	s := new(State)
	b.ReportAllocs()
	for b.Loop() {
		*s = *base
		for s.toMove != engine.Nobody {
			s.Apply(Heuristic(s, rng))
		}
	}
	b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "matches/s")
}

// BenchmarkSolve solves whole games: run it with -benchtime 1x. It reports the solution's
// size and the bytes allocated during the solve.
func BenchmarkSolve(b *testing.B) {
	for _, bc := range []struct {
		points, workers int
	}{{50, 1}, {50, 0}, {100, 1}, {100, 0}, {150, 1}, {200, 1}, {200, 0}} {
		workers := bc.workers
		name := fmt.Sprintf("%d-%d/workers=%d", bc.points, bc.points, workers)
		if workers == 0 {
			workers = runtime.GOMAXPROCS(0)
			name = fmt.Sprintf("%d-%d/workers=GOMAXPROCS", bc.points, bc.points)
		}
		b.Run(name, func(b *testing.B) {
			p := DefaultParams
			p.Points1, p.Points2 = bc.points, bc.points
			var before, after runtime.MemStats
			runtime.ReadMemStats(&before)
			var s *Solution
			for b.Loop() {
				var err error
				if s, err = SolveWorkers(p, workers); err != nil {
					b.Fatal(err)
				}
			}
			runtime.ReadMemStats(&after)
			st := s.Stats()
			b.ReportMetric(float64(s.Bytes())/1e6, "MB-solution")
			b.ReportMetric(float64(after.TotalAlloc-before.TotalAlloc)/float64(b.N)/1e6, "MB-alloc/op")
			b.ReportMetric(float64(st.Mixed), "mixed-positions")
		})
	}
}

// BenchmarkEquilibriumStrategy is the cost of one move of the equilibrium bot (or one hint)
// once the game is solved: reading a position's strategy from the stored solution.
func BenchmarkEquilibriumStrategy(b *testing.B) {
	s, err := New(Params{Points1: 100, Points2: 100, Fields: 2, Scoring: WinLoss, Jump: true})
	if err != nil {
		b.Fatal(err)
	}
	for _, r := range [][2]engine.Action{{9, 8}, {8, 9}, {9, 8}} {
		s.Apply(r[0])
		s.Apply(r[1])
	}
	sol, err := Solved(s.params)
	if err != nil {
		b.Fatal(err)
	}
	if x := sol.Strategy(74, 75, 1, 0); len(x) < 10 {
		b.Fatalf("(74, 75, +1) is not a mixed position with a large support: %v", x)
	}
	rng := rand.New(rand.NewPCG(1, 2))
	b.ReportAllocs()
	for b.Loop() {
		if _, err := EquilibriumPolicy(s, 0, rng); err != nil {
			b.Fatal(err)
		}
	}
}
