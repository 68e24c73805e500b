package sim_test

import (
	"context"
	"fmt"
	"runtime"
	"testing"

	"deuce/bot"
	"deuce/games"
	"deuce/sim"
)

// BenchmarkRun measures the throughput of random-bot simulation of every game, in matches per
// second, on one core and on all of them. Only play is timed; BenchmarkReport times the report.
//
//	go test ./sim -run '^$' -bench Run
func BenchmarkRun(b *testing.B) {
	for _, g := range games.All() {
		for _, workers := range []int{1, runtime.GOMAXPROCS(0)} {
			b.Run(fmt.Sprintf("%s/workers=%d", g.Name, workers), func(b *testing.B) {
				const matches = 512
				cfg := sim.Config{Game: g, Matches: matches, Workers: workers,
					Players: []sim.Player{{Name: "a", Bot: bot.Random{}}, {Name: "b", Bot: bot.Random{}}}}
				b.ReportAllocs()
				runs := 0
				for b.Loop() {
					cfg.Seed = uint64(runs)
					t, err := sim.NewTally(cfg)
					if err != nil {
						b.Fatal(err)
					}
					if err := sim.Play(context.Background(), cfg, t); err != nil {
						b.Fatal(err)
					}
					runs++
				}
				b.ReportMetric(float64(runs*matches)/b.Elapsed().Seconds(), "matches/s")
			})
		}
	}
}

// BenchmarkReport times the report of a four-player round robin, ratings and their bootstrap
// included.
func BenchmarkReport(b *testing.B) {
	var players []sim.Player
	for _, k := range []int{1, 2, 4, 8} {
		players = append(players, sim.Player{Name: strength(k).Name(), Bot: strength(k)})
	}
	cfg := sim.Config{Game: duel, Players: players, Matches: 500, Seed: 1}
	t, err := sim.NewTally(cfg)
	if err != nil {
		b.Fatal(err)
	}
	if err := sim.Play(context.Background(), cfg, t); err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	for b.Loop() {
		t.Report()
	}
}
