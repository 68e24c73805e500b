package ismcts_test

import (
	"context"
	"fmt"
	"math/rand/v2"
	"runtime"
	"testing"
	"time"

	"deuce/bot/ismcts"
	"deuce/games"
)

// BenchmarkIterations measures iterations per second of a search set up as the catalogue's
// levels are (heuristic playouts and prior, the game's horizon) from a state two decisions into
// a match of each game's default variant, on one core and on all of them (one tree per core).
func BenchmarkIterations(b *testing.B) {
	const iterations = 2000
	for _, g := range games.All() {
		s := midMatch(b, g, "", 2, 1)
		for _, cores := range []int{1, runtime.GOMAXPROCS(0)} {
			b.Run(fmt.Sprintf("%s/cores=%d", g.Name, cores), func(b *testing.B) {
				bot := ismcts.New(ismcts.Options{
					Iterations: iterations * cores, Trees: cores, Workers: cores,
					Playout: g.Heuristic, Prior: g.Heuristic, Bias: 10, Horizon: g.Horizon,
				})
				rng := rand.New(rand.NewPCG(1, 2))
				ctx := context.Background()
				b.ReportAllocs()
				total := 0
				for b.Loop() {
					an, err := bot.Search(ctx, s, s.ToMove(), rng)
					if err != nil {
						b.Fatal(err)
					}
					total += an.Iterations
				}
				b.ReportMetric(float64(total)/b.Elapsed().Seconds(), "iters/s")
			})
		}
	}
}

// BenchmarkHardMove measures one move of the catalogue's hard bot: with its iteration budget
// (as in simulations) and in live play, under a deadline that lets its time cap apply.
func BenchmarkHardMove(b *testing.B) {
	for _, g := range games.All() {
		s := midMatch(b, g, "", 2, 1)
		hard, err := games.NewBot(g, "hard")
		if err != nil {
			b.Fatal(err)
		}
		for _, live := range []bool{false, true} {
			name := g.Name + "/iterations"
			if live {
				name = g.Name + "/live"
			}
			b.Run(name, func(b *testing.B) {
				rng := rand.New(rand.NewPCG(1, 2))
				for b.Loop() {
					ctx, cancel := context.Background(), context.CancelFunc(func() {})
					if live {
						ctx, cancel = context.WithTimeout(ctx, 10*time.Second)
					}
					_, err := hard.Choose(ctx, s, s.ToMove(), rng)
					cancel()
					if err != nil {
						b.Fatal(err)
					}
				}
			})
		}
	}
}
