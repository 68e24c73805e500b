package sim_test

import (
	"context"
	"fmt"
	"math/rand/v2"
	"runtime"
	"syscall"
	"testing"
	"time"

	"deuce/bot"
	"deuce/engine"
	"deuce/games"
	"deuce/sim"
)

// cpuTime is the CPU time the process has used, user and system, every thread counted.
func cpuTime(b *testing.B) time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		b.Skipf("no CPU time on this system: %v", err)
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

// reportRate reports matches a second of wall time and of CPU time: on a loaded machine the
// second is the one to compare.
func reportRate(b *testing.B, matches int, cpu time.Duration) {
	b.ReportMetric(float64(matches)/b.Elapsed().Seconds(), "matches/s")
	b.ReportMetric(float64(matches)/max(cpu.Seconds(), 1e-9), "matches/cpu-s")
}

// BenchmarkRun measures the throughput of simulation of every game, random players and the
// heuristic against random, in matches per second, on one core and on all of them, beside the
// engine's own loop (BenchmarkEngineLoop). Only play is timed; BenchmarkReport times the report.
//
//	go test ./sim -run '^$' -bench 'Run|EngineLoop'
func BenchmarkRun(b *testing.B) {
	for _, g := range games.All() {
		for _, pair := range []string{"random", "heuristic"} {
			for _, workers := range []int{1, runtime.GOMAXPROCS(0)} {
				b.Run(fmt.Sprintf("%s/%s/workers=%d", g.Name, pair, workers), func(b *testing.B) {
					const matches = 2048
					first := bot.Bot(bot.Random{})
					if pair == "heuristic" {
						if g.Heuristic == nil {
							b.Skipf("%s has no heuristic", g.Name)
						}
						first = bot.Heuristic{Policy: g.Heuristic}
					}
					cfg := sim.Config{Game: g, Matches: matches, Workers: workers,
						Players: []sim.Player{{Name: "a", Bot: first}, {Name: "b", Bot: bot.Random{}}}}
					b.ReportAllocs()
					runs := 0
					c0 := cpuTime(b)
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
					reportRate(b, runs*matches, cpuTime(b)-c0)
				})
			}
		}
	}
}

// BenchmarkEngineLoop plays random matches of every game through the engine contract alone
// (sim.Playouts, every action checked), the bound of BenchmarkRun's one-worker figure.
func BenchmarkEngineLoop(b *testing.B) {
	for _, g := range games.All() {
		b.Run(g.Name, func(b *testing.B) {
			start := startOf(b, g)
			rng := rand.New(rand.NewPCG(1, 0))
			const matches = 64
			runs := 0
			b.ReportAllocs()
			c0 := cpuTime(b)
			for b.Loop() {
				if _, err := sim.Playouts(start, matches, rng, true); err != nil {
					b.Fatal(err)
				}
				runs++
			}
			reportRate(b, runs*matches, cpuTime(b)-c0)
		})
	}
}

// startOf is a match of g's default variant at its start.
func startOf(b *testing.B, g engine.Game) engine.State {
	opts, err := g.Resolve(nil)
	if err != nil {
		b.Fatal(err)
	}
	s, err := g.New(opts)
	if err != nil {
		b.Fatal(err)
	}
	return s
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
