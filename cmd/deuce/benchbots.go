package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"math/rand/v2"
	"runtime"
	"strings"
	"time"

	"deuce/bot/ismcts"
	"deuce/engine"
	"deuce/games"
	"deuce/games/pencil"
	"deuce/sim"
)

const benchBotsUsage = `[engine|sim|search|solver] [flags]

Measures the engine, the search bots and the bidding game's solver on this
machine, one figure a line, so that anyone can re-measure the README's figures:

  engine  random playouts of every game's default variant through the engine
          contract: actions a second and allocations an action, every action
          checked (Apply) and, as searches play them, unchecked (ApplyListed)
  sim     deuce sim against the engine's own loop: random players' matches a
          second in the engine loop and through sim on one worker, and sim's
          speed-up from one worker to every core, random players and the
          heuristic against random, with the CPU time each run had
  search  the --level bot's search from an early position of every game:
          iterations a second on one worker and on every core (GOMAXPROCS),
          the same trees either way, and the CPU time the run used
  solver  the bidding game solved at --points each, on one worker and on every
          core: time, the CPU time the solve used, the solution's size and the
          memory allocated

With no benchmark named, it runs all four. Figures depend on the load of the
machine: the CPU line of each search says how many cores the run really had.
deuce bench serve measures the browser server (deuce bench serve --help).

Examples:
  deuce bench
  deuce bench search --level expert --time 3s
  deuce bench solver --points 200`

// benchKinds are the benchmarks of benchBots, in the order it runs them.
var benchKinds = []string{"engine", "sim", "search", "solver"}

func runBenchBots(ctx context.Context, args []string, e *env) error {
	fs := newFlags(e, "bench", benchBotsUsage)
	dur := fs.Duration("time", time.Second, "how `long` to measure each figure")
	gameList := fs.String("games", "all", "comma-separated `games` to measure")
	level := fs.String("level", "hard", "the search `level` measured")
	points := fs.Int("points", 50, "`points` each player has in the solved bidding game")
	seed := fs.Uint64("seed", 1, "`seed` of the playouts and searches")
	pos, err := parseFlags(fs, args)
	if err != nil {
		return err
	}
	kinds := benchKinds
	if len(pos) > 0 {
		kinds = pos
	}
	for _, k := range kinds {
		if !contains(benchKinds, k) && k != "serve" {
			return usagef("no benchmark %q; benchmarks: %s, serve", k, strings.Join(benchKinds, ", "))
		}
		if k == "serve" {
			return usagef("deuce bench serve takes its own flags: run it alone")
		}
	}
	if *dur <= 0 || *dur > 10*time.Minute {
		return usagef("--time must be more than 0 and at most 10m")
	}
	if *points < 1 || *points > pencil.MaxSolvePoints {
		return usagef("--points must be from 1 to %d", pencil.MaxSolvePoints)
	}
	var gs []engine.Game
	if *gameList == "all" {
		gs = games.All()
	} else {
		for _, name := range strings.Split(*gameList, ",") {
			g, err := games.Lookup(strings.TrimSpace(name))
			if err != nil {
				return usageError{err.Error()}
			}
			gs = append(gs, g)
		}
	}
	for _, g := range gs {
		if contains(kinds, "search") {
			if _, err := searchOptions(g, *level); err != nil {
				return usageError{err.Error()}
			}
		}
	}
	w := e.stdout
	fmt.Fprintf(w, "deuce bench: %s/%s, GOMAXPROCS %d, %d CPUs, load %s\n", runtime.GOOS, runtime.GOARCH,
		runtime.GOMAXPROCS(0), runtime.NumCPU(), loadAverage())
	for _, k := range kinds {
		var err error
		switch k {
		case "engine":
			err = benchEngine(ctx, w, gs, *dur, *seed)
		case "sim":
			err = benchSim(ctx, w, gs, *dur, *seed)
		case "search":
			err = benchSearch(ctx, w, gs, *level, *dur, *seed)
		case "solver":
			err = benchSolver(ctx, w, *points)
		}
		if err != nil {
			return err
		}
	}
	return nil
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

// benchEngine plays random matches of each game's default variant for dur and prints the
// actions played a second and the allocations an action.
func benchEngine(ctx context.Context, w io.Writer, gs []engine.Game, dur time.Duration, seed uint64) error {
	fmt.Fprintln(w, "\nengine: random playouts of the default variant, one core")
	for _, g := range gs {
		_, start, err := defaultStart(g)
		if err != nil {
			return err
		}
		var line strings.Builder
		for _, checked := range []bool{true, false} {
			c0 := cpuTime()
			actions, matches, allocs, sec, err := playouts(ctx, start, dur/2, seed, checked)
			if err != nil {
				return fmt.Errorf("%s: %w", g.Name, err)
			}
			cpu := (cpuTime() - c0).Seconds()
			how := "Apply"
			if !checked {
				how = "ApplyListed"
			}
			fmt.Fprintf(&line, "  %s %6.2fM actions/s (%.2fM per CPU second) %8.0f matches/s %.4f allocations/action", how,
				float64(actions)/sec/1e6, float64(actions)/max(cpu, 1e-9)/1e6, float64(matches)/sec, float64(allocs)/float64(max(actions, 1)))
		}
		fmt.Fprintf(w, "  %-12s%s\n", g.Name, line.String())
	}
	return ctx.Err()
}

// defaultStart is a match of g's default variant at its start, and its options.
func defaultStart(g engine.Game) (engine.Options, engine.State, error) {
	opts, err := g.Variant("")
	if err != nil {
		return nil, nil, err
	}
	start, _, err := g.Start(opts)
	return opts, start, err
}

// playouts plays random matches from start for dur (sim.Playouts, the engine's own loop), each
// action through Apply or, unchecked, engine.ApplyListed, and returns the actions and matches
// played, the allocations made (one clone a match) and the seconds taken.
func playouts(ctx context.Context, start engine.State, dur time.Duration, seed uint64, checked bool) (actions, matches int, allocs uint64, sec float64, err error) {
	rng := rand.New(rand.NewPCG(seed, 0))
	const chunk = 256 // matches between looks at the clock
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	t0 := time.Now()
	for time.Since(t0) < dur && ctx.Err() == nil {
		n, err := sim.Playouts(start, chunk, rng, checked)
		if err != nil {
			return 0, 0, 0, 0, err
		}
		actions += n
		matches += chunk
	}
	sec = time.Since(t0).Seconds()
	runtime.ReadMemStats(&after)
	return actions, matches, after.Mallocs - before.Mallocs, sec, nil
}

// rate is a measured throughput: matches a second of wall time and of CPU time.
type rate struct{ wall, cpu float64 }

// measure runs f, which returns the matches it played, and returns their rate.
func measure(f func() (int, error)) (rate, error) {
	c0, t0 := cpuTime(), time.Now()
	n, err := f()
	wall, cpu := time.Since(t0).Seconds(), (cpuTime() - c0).Seconds()
	return rate{float64(n) / max(wall, 1e-9), float64(n) / max(cpu, 1e-9)}, err
}

// String writes the rate and how many cores the measure really had (CPU time over wall time).
func (r rate) String() string {
	return fmt.Sprintf("%9.0f matches/s (%.0f a CPU second, CPU %.2fx wall)", r.wall, r.cpu, r.wall/max(r.cpu, 1e-9))
}

// benchSim measures deuce sim against the engine's own loop in each game's default variant:
// random players in the engine loop (sim.Playouts) and through sim on one worker, then the
// random players and heuristic against random on one worker and on every core, each for dur.
func benchSim(ctx context.Context, w io.Writer, gs []engine.Game, dur time.Duration, seed uint64) error {
	cores := runtime.GOMAXPROCS(0)
	fmt.Fprintf(w, "\nsim: random players in the engine loop and through deuce sim; speed-up of %d workers over 1\n", cores)
	for _, g := range gs {
		opts, start, err := defaultStart(g)
		if err != nil {
			return err
		}
		loop, err := measure(func() (int, error) {
			_, matches, _, _, err := playouts(ctx, start, dur, seed, true)
			return matches, err
		})
		if err != nil {
			return fmt.Errorf("%s: %w", g.Name, err)
		}
		fmt.Fprintf(w, "  %-12s %-34s%s\n", g.Name, "engine loop, random", loop)
		for _, pair := range [][2]string{{"random", "random"}, {"heuristic", "random"}} {
			// A first run for a quarter of dur sizes the runs measured, which play to the end:
			// a run cut short would leave out the matches in flight, more of them on more
			// workers.
			n, err := simFor(ctx, g, opts, pair, 1, 0, dur/4, seed)
			if err != nil {
				return fmt.Errorf("%s: %w", g.Name, err)
			}
			n = max(4*n, 64)
			var rates []rate
			for _, workers := range []int{1, cores} {
				r, err := measure(func() (int, error) { return simFor(ctx, g, opts, pair, workers, n, dur, seed) })
				if err != nil {
					return fmt.Errorf("%s: %w", g.Name, err)
				}
				rates = append(rates, r)
				fmt.Fprintf(w, "  %-12s %-34s%s", "", fmt.Sprintf("sim %s,%s %d worker(s)", pair[0], pair[1], workers), r)
				if workers == 1 && pair[0] == "random" {
					// "the engine loop is 0.79x faster" read as slower said backwards.
					if ratio := loop.cpu / max(r.cpu, 1e-9); ratio >= 1 {
						fmt.Fprintf(w, "  the engine loop plays %.2fx as many a CPU second", ratio)
					} else {
						fmt.Fprintf(w, "  sim plays %.2fx as many a CPU second as the engine loop", 1/ratio)
					}
				}
				fmt.Fprintln(w)
			}
			fmt.Fprintf(w, "  %-12s %-34sspeed-up %.2fx from 1 worker to %d\n", "", "sim "+pair[0]+","+pair[1],
				rates[1].wall/max(rates[0].wall, 1e-9), cores)
		}
	}
	return ctx.Err()
}

// simFor plays a sim run of the two bots in g and returns the matches played: matches of them
// to the end, or, with matches 0, as many as dur allows (those folded into the tally when the
// time is up, the ones in flight left out).
func simFor(ctx context.Context, g engine.Game, opts engine.Options, bots [2]string, workers, matches int, dur time.Duration, seed uint64) (int, error) {
	cfg := sim.Config{Game: g, Options: opts, Matches: matches, Seed: seed, Workers: workers}
	if matches == 0 {
		cfg.Matches = 1 << 30
	}
	for i, name := range bots {
		b, err := games.NewBot(g, name)
		if err != nil {
			return 0, err
		}
		cfg.Players = append(cfg.Players, sim.Player{Name: fmt.Sprintf("%s %d", name, i+1), Bot: b})
	}
	t, err := sim.NewTally(cfg)
	if err != nil {
		return 0, err
	}
	defer simGC()()
	run, cancel := ctx, context.CancelFunc(func() {})
	if matches == 0 {
		run, cancel = context.WithTimeout(ctx, dur)
	}
	defer cancel()
	err = sim.Play(run, cfg, t)
	if err != nil && (matches != 0 || !errors.Is(err, context.DeadlineExceeded)) {
		return 0, err
	}
	return t.Next, ctx.Err()
}

// searchOptions are the search options of g's bot of the named level.
func searchOptions(g engine.Game, level string) (ismcts.Options, error) {
	b, err := games.NewBot(g, level)
	if err != nil {
		return ismcts.Options{}, err
	}
	s, ok := b.(*ismcts.Bot)
	if !ok {
		return ismcts.Options{}, fmt.Errorf("%s %s is not a search bot", g.Name, level)
	}
	return s.Options(), nil
}

// benchSearch runs the level's searches from an early position of each game for dur, with
// one tree per core (at least two), on one worker and then on one worker per core.
func benchSearch(ctx context.Context, w io.Writer, gs []engine.Game, level string, dur time.Duration, seed uint64) error {
	cores := runtime.GOMAXPROCS(0)
	trees := max(2, cores)
	fmt.Fprintf(w, "\nsearch: %s's search (its iterations a tree, %d trees), from the first decision after two heuristic moves\n", level, trees)
	for _, g := range gs {
		o, err := searchOptions(g, level)
		if err != nil {
			return err
		}
		s, err := earlyPosition(g, seed)
		if err != nil {
			return err
		}
		o.Iterations = o.Iterations / o.Trees * trees
		o.Trees, o.Time, o.Spend = trees, 0, false
		var rates [2]float64
		var line strings.Builder
		for i, workers := range []int{1, cores} {
			o.Workers = workers
			b := ismcts.New(o)
			rng := rand.New(rand.NewPCG(seed, 1))
			iters := 0
			c0, t0 := cpuTime(), time.Now()
			for time.Since(t0) < dur && ctx.Err() == nil {
				an, err := b.Search(ctx, s, s.ToMove(), rng)
				if err != nil {
					return fmt.Errorf("%s: %w", g.Name, err)
				}
				iters += an.Iterations
			}
			wall, cpu := time.Since(t0), cpuTime()-c0
			rates[i] = float64(iters) / wall.Seconds()
			fmt.Fprintf(&line, "  %d worker(s) %8.0f iterations/s (%.0f per CPU second, CPU %.2fx wall)", workers, rates[i],
				float64(iters)/max(cpu.Seconds(), 1e-9), cpu.Seconds()/wall.Seconds())
		}
		fmt.Fprintf(w, "  %-12s%s  speed-up %.2fx\n", g.Name, line.String(), rates[1]/rates[0])
	}
	return ctx.Err()
}

// earlyPosition is the first decision with more than one legal action after two heuristic (or
// random) decisions of g's default variant.
func earlyPosition(g engine.Game, seed uint64) (engine.State, error) {
	opts, err := g.Variant("")
	if err != nil {
		return nil, err
	}
	s, _, err := g.Start(opts)
	if err != nil {
		return nil, err
	}
	rng := rand.New(rand.NewPCG(seed, 2))
	decisions := 0
	for s.ToMove() != engine.Nobody {
		legal := s.Legal(nil)
		if s.ToMove() != engine.Chance && len(legal) > 1 {
			if decisions == 2 {
				return s, nil
			}
			decisions++
		}
		var a engine.Action
		switch {
		case s.ToMove() == engine.Chance:
			a = engine.SampleChance(rng, s.Chances(nil))
		case g.Heuristic != nil:
			a = g.Heuristic(s, rng)
		default:
			a = legal[rng.IntN(len(legal))]
		}
		if err := s.Apply(a); err != nil {
			return nil, fmt.Errorf("%s: %w", g.Name, err)
		}
	}
	return nil, fmt.Errorf("%s: the match ended before its third decision", g.Name)
}

// benchSolver solves the bidding game at points each on one worker and on every core.
func benchSolver(ctx context.Context, w io.Writer, points int) error {
	fmt.Fprintf(w, "\nsolver: the bidding game, %d-%d, the standard court\n", points, points)
	p := pencil.DefaultParams
	p.Points1, p.Points2 = points, points
	for _, workers := range []int{1, runtime.GOMAXPROCS(0)} {
		if err := ctx.Err(); err != nil {
			return err
		}
		runtime.GC()
		var before, after runtime.MemStats
		runtime.ReadMemStats(&before)
		c0, t0 := cpuTime(), time.Now()
		sol, err := pencil.SolveContext(ctx, p, workers)
		if err != nil {
			return err
		}
		took, cpu := time.Since(t0), cpuTime()-c0
		runtime.ReadMemStats(&after)
		fmt.Fprintf(w, "  %d worker(s)  %8v  CPU %6.1f s  solution %.1f MB  allocated %.1f MB  heap in use after %.1f MB\n", workers,
			took.Round(time.Millisecond), cpu.Seconds(), float64(sol.Bytes())/1e6, float64(after.TotalAlloc-before.TotalAlloc)/1e6,
			float64(after.HeapInuse)/1e6)
	}
	return nil
}
