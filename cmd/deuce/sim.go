package main

import (
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"runtime/debug"
	"slices"
	"strconv"
	"strings"

	"deuce/engine"
	"deuce/games"
	"deuce/sim"
	"deuce/sim/chart"
)

const simUsage = `GAME --bots A,B[,C...] [flags]
       deuce sim merge [--json|--csv] [--plots DIR] [--partial] FILE...
       deuce sim --all-games --plots DIR [flags]

Plays a round robin between bots: every pair of --bots (or the --pairs given)
plays --matches matches in each --variant, swapping seats from one of its
matches to the next, on all cores. It reports win rates with 95% intervals per player and pairing,
Bradley-Terry ratings on the Elo scale with bootstrap intervals, and the
balance of the game: seat 1's advantage, match length, and for games that keep
tennis facts points per game, hold rate, rally length and lead changes, broken
down by variant and by the tags the game reports (surface, character).
In a one-seat game (worldwide --option solo=yes) every bot, one being enough,
plays the game's automaton, which the report counts as a player.

A search level (medium, hard, expert) may carry settings that replace its own,
separated by colons, to try variants without editing code; the player is named
by the spec as written:
  iterations=N        iterations a move, over all trees (1 to 1000000)
  trees=N             independent trees, root statistics merged (1 to 64)
  c=X                 UCB1's exploration constant (0.01 to 10)
  bias=X              weight of the heuristic's choice; 0 for none (0 to 1000)
  horizon=N           points a playout plays before it is scored; 0 to the end (0 to 20)
  determinizations=N  playouts per iteration, each from a fresh deal (1 to 64)
  single=1            opponents' nodes keyed by what the searching seat sees
  own=1               playout and prior choices on a deal for the seat choosing
  lead=X              weight of the fitted lead in the points to come, added at
                      the horizon, in the games that have one; 0 for none (0 to 10)
  infer=1             deal the unseen cards by what the table shows of them (a
                      player who could not return holds none of the cards that
                      return), in the games that infer (Center Court)
  judge=1             value a playout's end at the horizon by the chance of
                      winning the match, not by the points counted
  abstract=1          key the tree by what bears on the match's future (Worldwide:
                      not the faces the dice showed)
  prune=1             leave out of the tree, below its root, the moves a search
                      never needs (taking back a card just picked), in the games
                      that say which (AlakaSLAM)
  oracle=1            search the true state, every hidden card seen: not a fair
                      player, a bound on what guessing the hidden cards is worth

Match i is seeded by (--seed, i), so the report never depends on --workers.
A large run splits into --shard I/N slices (contiguous blocks of matches), each
writing --out FILE; deuce sim merge combines the files into the exact report of
one run. --results FILE streams every match as a JSON line in match order, and
--resume carries an interrupted run on from it. Matches an interrupted run had
finished beyond the last one in FILE (others were still playing) are kept in
FILE.ahead, and --resume takes them rather than playing them again.

CSV columns: ` + "kind,key,value,player_a,player_b,matches,wins_a,wins_b,draws,win_rate,win_lo,win_hi,seat_one_rate,seat_one_lo,seat_one_hi,hold_rate,hold_lo,hold_hi,service_points_won,points_per_match,points_per_game,rally_length,actions,actions_lo,actions_hi,lead_changes,elo,elo_lo,elo_hi" + `
(one row per player, per pairing, for all matches, and per breakdown).

Examples:
  deuce sim centercourt --bots heuristic,random --matches 2000
  deuce sim centercourt --bots random,heuristic --variant all --plots plots/
  deuce sim centercourt --bots random,heuristic --variant set,tiebreak --vary server-refill=yes|no
  deuce sim pencil --bots random,heuristic,equilibrium --matches 500 --csv
  deuce sim worldwide --option solo=yes --bots heuristic,hard
  deuce sim centercourt --variant tiebreak --bots hard,expert:lead=0,expert:horizon=0:trees=8
  deuce sim centercourt --bots heuristic,random --matches 100000 --shard 0/4 --out s0.json
  deuce sim merge s0.json s1.json s2.json s3.json --json`

// simFlags are the flags of deuce sim.
type simFlags struct {
	bots, pairs, variant string
	options, vary        multiFlag
	matches, workers     int
	seed                 uint64
	recordDir            string
	// moot are notes of options given that some variant of the run makes moot.
	moot          []string
	asJSON, asCSV bool
	plots         string
	shard, out    string
	shardCount    int
	results       string
	resume, quiet bool
	allGames      bool
}

func (f *simFlags) register(fs *flag.FlagSet) {
	fs.StringVar(&f.bots, "bots", "", "bot `levels`, comma-separated, at least two (one in a one-seat game), or all (deuce bots GAME lists them)")
	fs.StringVar(&f.pairs, "pairs", "", "play only these `pairings`, like random-heuristic,random-equilibrium (bots by level or by number from 1)")
	fs.IntVar(&f.matches, "matches", 1000, "`number` of matches of each pairing in each variant")
	fs.StringVar(&f.variant, "variant", "", "named `variants` of the game, comma-separated, or all (deuce rules GAME lists them)")
	fs.Var(&f.options, "option", "a game option as `name=value` for every variant (repeatable, or comma-separated)")
	fs.Var(&f.vary, "vary", "play every variant with each value of an option, as `name=v1|v2|...` (repeatable), for a breakdown by option")
	fs.Uint64Var(&f.seed, "seed", 1, "run `seed`")
	fs.IntVar(&f.workers, "workers", 0, "parallel `workers` (default: one per core)")
	fs.StringVar(&f.recordDir, "record", "", "write every match record into this `directory`")
	fs.BoolVar(&f.asJSON, "json", false, "print the report as JSON")
	fs.BoolVar(&f.asCSV, "csv", false, "print the report as CSV")
	fs.StringVar(&f.plots, "plots", "", "draw charts as SVG and PNG into this `directory`")
	fs.StringVar(&f.shard, "shard", "", "play only slice `I/N` of the run (0 <= I < N), for deuce sim merge; auto takes I and N from a Kubernetes Indexed Job or a Slurm array")
	fs.IntVar(&f.shardCount, "shard-count", 0, "with --shard auto under a Kubernetes Indexed Job: the `number` of shards (or DEUCE_SHARD_COUNT; the Job's completions)")
	fs.StringVar(&f.out, "out", "", "write the run's tally to `file` for deuce sim merge")
	fs.StringVar(&f.results, "results", "", "stream every match's result to `file` as JSON lines, in match order")
	fs.BoolVar(&f.resume, "resume", false, "carry on the run in --results, skipping the matches it holds")
	fs.BoolVar(&f.quiet, "quiet", false, "show no progress")
	fs.BoolVar(&f.allGames, "all-games", false, "play every game's bots (those of --bots it has) and write a sample report per game into --plots")
}

func runSim(ctx context.Context, args []string, e *env) error {
	if len(args) > 0 && args[0] == "merge" {
		return runSimMerge(args[1:], e)
	}
	fs := newFlags(e, "sim", simUsage)
	var f simFlags
	f.register(fs)
	pos, err := parseFlags(fs, args)
	if err != nil {
		return err
	}
	if f.asJSON && f.asCSV {
		return usagef("--json and --csv: choose one")
	}
	if f.matches < 1 {
		return usagef("--matches must be at least 1 (got %d)", f.matches)
	}
	if f.workers < 0 || f.workers > 256 {
		return usagef("--workers %d: want 1 to 256, or 0 for one per core", f.workers)
	}
	if f.resume && f.results == "" {
		return usagef("--resume needs --results FILE, the file of the run to carry on")
	}
	shard, err := parseShard(f.shard, f.shardCount, os.Getenv)
	if err != nil {
		return err
	}
	// A scheduler starts every shard with the same command line: {index} in a file name
	// becomes the shard's index, so each writes its own file.
	f.out = shardPath(f.out, shard)
	f.results = shardPath(f.results, shard)
	if f.allGames {
		return runAllGames(ctx, pos, &f, e)
	}
	g, err := oneGame(pos)
	if err != nil {
		return err
	}
	cfg, err := f.config(g, false)
	if err != nil {
		return err
	}
	for _, note := range f.moot {
		fmt.Fprintf(e.stderr, "note: %s\n", note)
	}
	cfg.Shard = shard
	rep, err := f.play(ctx, cfg, e)
	if err != nil {
		return err
	}
	return writeReport(rep, &f, e.stdout, e.stderr)
}

// parseShard reads --shard I/N; "" is the whole run, and "auto" reads the shard from the
// environment a cluster scheduler gives each task (see autoShard).
func parseShard(s string, count int, getenv func(string) string) (sim.Shard, error) {
	if s == "" {
		return sim.Shard{}, nil
	}
	if s == "auto" {
		return autoShard(count, getenv)
	}
	is, ns, ok := strings.Cut(s, "/")
	i, err1 := strconv.Atoi(strings.TrimSpace(is))
	n, err2 := strconv.Atoi(strings.TrimSpace(ns))
	if !ok || err1 != nil || err2 != nil {
		return sim.Shard{}, usagef("--shard %q: want I/N, like 0/4 for the first of four slices", s)
	}
	switch {
	case n < 1:
		return sim.Shard{}, usagef("--shard %s: N, the number of slices, is at least 1, like 0/4 for the first of four", s)
	case i < 0 || i >= n:
		return sim.Shard{}, usagef("--shard %s: I must be 0 to N-1 (0/%d to %d/%d)", s, n, n-1, n)
	}
	return sim.Shard{Index: i, Count: n}, nil
}

// autoShard reads the shard of this task from the variables a cluster scheduler sets: a
// Kubernetes Indexed Job's JOB_COMPLETION_INDEX, with the count from --shard-count or
// DEUCE_SHARD_COUNT (Kubernetes does not pass the Job's completions to its pods), or a Slurm
// array's SLURM_ARRAY_TASK_ID and SLURM_ARRAY_TASK_COUNT, counted from SLURM_ARRAY_TASK_MIN so
// that an array 1-8 is shards 0/8 to 7/8. Slurm arrays with a step (0-15:2) are refused: their
// task IDs do not number the shards.
func autoShard(count int, getenv func(string) string) (sim.Shard, error) {
	num := func(name string) (int, bool, error) {
		v := strings.TrimSpace(getenv(name))
		if v == "" {
			return 0, false, nil
		}
		n, err := strconv.Atoi(v)
		if err != nil {
			return 0, true, usagef("--shard auto: %s=%q is not a whole number", name, v)
		}
		return n, true, nil
	}
	var index, n int
	if i, ok, err := num("JOB_COMPLETION_INDEX"); err != nil {
		return sim.Shard{}, err
	} else if ok {
		index, n = i, count
		if n == 0 {
			c, ok, err := num("DEUCE_SHARD_COUNT")
			if err != nil {
				return sim.Shard{}, err
			}
			if !ok {
				return sim.Shard{}, usagef("--shard auto under a Kubernetes Indexed Job needs the number of shards: --shard-count N or DEUCE_SHARD_COUNT=N (the Job's completions)")
			}
			n = c
		}
	} else if id, ok, err := num("SLURM_ARRAY_TASK_ID"); err != nil {
		return sim.Shard{}, err
	} else if ok {
		c, ok, err := num("SLURM_ARRAY_TASK_COUNT")
		if err != nil {
			return sim.Shard{}, err
		}
		if !ok {
			return sim.Shard{}, usagef("--shard auto: SLURM_ARRAY_TASK_ID is set but SLURM_ARRAY_TASK_COUNT is not")
		}
		low, _, err := num("SLURM_ARRAY_TASK_MIN")
		if err != nil {
			return sim.Shard{}, err
		}
		if step, ok, _ := num("SLURM_ARRAY_TASK_STEP"); ok && step != 1 {
			return sim.Shard{}, usagef("--shard auto: a Slurm array with step %d does not number its shards 0 to N-1; use --array=0-%d", step, c-1)
		}
		index, n = id-low, c
		if count != 0 && count != n {
			return sim.Shard{}, usagef("--shard-count %d disagrees with SLURM_ARRAY_TASK_COUNT=%d", count, n)
		}
	} else {
		return sim.Shard{}, usagef("--shard auto: no scheduler found (JOB_COMPLETION_INDEX for a Kubernetes Indexed Job, SLURM_ARRAY_TASK_ID for a Slurm array); use --shard I/N")
	}
	if n < 1 || index < 0 || index >= n {
		return sim.Shard{}, usagef("--shard auto: shard %d of %d is outside 0 to %d", index, n, max(n, 1)-1)
	}
	return sim.Shard{Index: index, Count: n}, nil
}

// shardPath puts the shard's index into a file name holding {index}.
func shardPath(name string, s sim.Shard) string {
	return strings.ReplaceAll(name, "{index}", strconv.Itoa(s.Index))
}

// config builds the run of g the flags describe. In lenient mode (every game at once), bot
// levels the game lacks are left out.
func (f *simFlags) config(g engine.Game, lenient bool) (sim.Config, error) {
	cfg := sim.Config{Game: g, Matches: f.matches, Seed: f.seed, Workers: f.workers}
	levels := games.BotNames(g)
	var names []string
	for _, n := range strings.Split(f.bots, ",") {
		n = strings.ToLower(strings.TrimSpace(n))
		switch {
		case n == "":
		case n == "all":
			// Easy is the heuristic under another name where the game has one: a pairing of
			// the two would only be a bot against itself.
			for _, l := range levels {
				if l != "easy" || g.Heuristic == nil {
					names = append(names, l)
				}
			}
		case lenient && !slices.Contains(levels, n):
		default:
			names = append(names, n)
		}
	}
	variants, err := f.variants(g)
	if err != nil {
		return cfg, err
	}
	cfg.Variants = variants
	// A one-seat game (Worldwide's solo) sets each bot against its automaton: one is enough.
	least := 2
	if solo, err := sim.Solo(cfg); err != nil {
		return cfg, usageError{err.Error()}
	} else if solo {
		least = 1
	}
	if len(names) < least {
		if lenient {
			return cfg, fmt.Errorf("%s offers fewer than two of the bots %s", g.Name, f.bots)
		}
		if least == 1 {
			return cfg, usagef("--bots takes one bot level or more, like --bots heuristic; %s has: %s", g.Name, strings.Join(levels, ", "))
		}
		return cfg, usagef("--bots takes two bot levels or more, like --bots heuristic,random; %s has: %s", g.Name, strings.Join(levels, ", "))
	}
	// Players are named by their bots' levels, numbered where two play the same one.
	count := map[string]int{}
	for _, n := range names {
		b, err := games.NewBotSpec(g, n)
		if err != nil {
			return cfg, usageError{err.Error()}
		}
		for _, v := range cfg.Variants {
			if err := games.CheckBot(g, v.Options, strings.SplitN(n, ":", 2)[0]); err != nil {
				return cfg, usagef("--bots %s: %v", n, err)
			}
		}
		count[b.Name()]++
		cfg.Players = append(cfg.Players, sim.Player{Name: b.Name(), Bot: b})
	}
	seen := map[string]int{}
	for i, p := range cfg.Players {
		if count[p.Name] > 1 {
			seen[p.Name]++
			cfg.Players[i].Name = fmt.Sprintf("%s #%d", p.Name, seen[p.Name])
		}
	}
	if f.pairs != "" {
		pairs, err := parsePairs(f.pairs, cfg.Players)
		if err != nil {
			return cfg, err
		}
		cfg.Players, cfg.Pairs = playing(cfg.Players, pairs)
	}
	return cfg, nil
}

// variants resolves --variant and --option into the run's variants.
func (f *simFlags) variants(g engine.Game) ([]sim.Variant, error) {
	var names []string
	fromAll := map[string]bool{} // the names "all" brought in
	for _, n := range strings.Split(f.variant, ",") {
		switch n = strings.TrimSpace(n); {
		case strings.EqualFold(n, "all"):
			for _, v := range g.VariantNames() {
				names, fromAll[strings.ToLower(v)] = append(names, v), true
			}
		case n != "" || len(names) == 0:
			names = append(names, n)
		}
	}
	if len(names) > 1 && names[0] == "" {
		names = names[1:]
	}
	var out []sim.Variant
	var solo []bool // out's one-seat variants that "all" brought in
	for _, name := range names {
		of := optionFlags{variant: name, options: f.options, override: true}
		opts, err := of.resolve(g)
		if err != nil {
			return nil, err
		}
		f.moot = append(f.moot, of.moot...)
		one := false
		if s, err := g.New(opts); err == nil {
			one = s.NumSeats() == 1 && fromAll[strings.ToLower(name)]
		}
		if i := slices.IndexFunc(g.Variants, func(x engine.Variant) bool { return strings.EqualFold(x.Name, name) }); i >= 0 {
			name = g.Variants[i].Name
		}
		if slices.ContainsFunc(out, func(v sim.Variant) bool { return v.Name == name }) {
			return nil, usagef("--variant names %s twice", name)
		}
		out, solo = append(out, sim.Variant{Name: name, Options: opts}), append(solo, one)
	}
	// "all" leaves out a one-seat variant (Worldwide's solo, against the automaton) when the
	// run has two-seat ones: its bots could not be paired the same way. Named, it plays alone.
	if slices.Contains(solo, false) {
		kept := out[:0]
		for i, v := range out {
			if !solo[i] {
				kept = append(kept, v)
			}
		}
		out = kept
	}
	for _, spec := range f.vary {
		name, list, ok := strings.Cut(spec, "=")
		name = strings.ToLower(strings.TrimSpace(name))
		values := strings.Split(list, "|")
		if !ok || name == "" || len(values) < 2 {
			return nil, usagef("--vary %q: want name=v1|v2|..., two values or more", spec)
		}
		var crossed []sim.Variant
		for _, v := range out {
			// A variant is its options: varying one it sets would name matches "tiebreak
			// format=set" that are no tiebreaks.
			if i := slices.IndexFunc(g.Variants, func(x engine.Variant) bool { return x.Name == v.Name }); i >= 0 {
				if set, ok := g.Variants[i].Options[name]; ok {
					return nil, usagef("--vary %s: variant %s sets %s=%s itself; vary it over variants that leave it open, or compare variants with --variant", name, v.Name, name, set)
				}
			}
			for _, x := range values {
				opts := v.Options.Clone()
				opts[name] = strings.TrimSpace(x)
				resolved, err := g.Resolve(opts)
				if err != nil {
					return nil, usageError{err.Error()}
				}
				if _, err := g.New(resolved); err != nil {
					return nil, usagef("%s: %v", g.Name, err)
				}
				label := strings.TrimSpace(v.Name + " " + name + "=" + resolved[name])
				crossed = append(crossed, sim.Variant{Name: label, Options: resolved})
			}
		}
		out = crossed
	}
	return out, nil
}

// playing keeps the players some pairing names, in their order, and renumbers the pairings:
// a bot of --bots that --pairs leaves out would only add an empty row and a rating with no match
// behind it to the report.
func playing(players []sim.Player, pairs [][2]int) ([]sim.Player, [][2]int) {
	index := make([]int, len(players))
	for i := range index {
		index[i] = -1
	}
	for _, p := range pairs {
		index[p[0]], index[p[1]] = 0, 0
	}
	var kept []sim.Player
	for i, p := range players {
		if index[i] == 0 {
			index[i] = len(kept)
			kept = append(kept, p)
		}
	}
	renumbered := make([][2]int, len(pairs))
	for k, p := range pairs {
		renumbered[k] = [2]int{index[p[0]], index[p[1]]}
	}
	return kept, renumbered
}

// parsePairs reads --pairs: A-B pairs, each player named by label, bot level or number.
func parsePairs(s string, players []sim.Player) ([][2]int, error) {
	find := func(name string) int {
		name = strings.TrimSpace(name)
		if n, err := strconv.Atoi(name); err == nil && n >= 1 && n <= len(players) {
			return n - 1
		}
		found := -1
		for i, p := range players {
			if strings.EqualFold(p.Name, name) || strings.EqualFold(p.Bot.Name(), name) {
				if found >= 0 {
					return -2 // ambiguous: two players play this level
				}
				found = i
			}
		}
		return found
	}
	var pairs [][2]int
	for _, part := range strings.Split(s, ",") {
		var pair [2]int
		ok := false
		// Bot names may hold a dash: try every split.
		for i := range len(part) {
			if part[i] != '-' {
				continue
			}
			a, b := find(part[:i]), find(part[i+1:])
			if a >= 0 && b >= 0 {
				pair, ok = [2]int{a, b}, true
				break
			}
		}
		if !ok {
			return nil, usagef("--pairs %q: want A-B pairs of the --bots, by level or by number from 1 (1-2,1-3)", part)
		}
		if pair[0] == pair[1] {
			return nil, usagef("--pairs %q pairs a bot with itself", part)
		}
		pairs = append(pairs, pair)
	}
	return pairs, nil
}

// play plays cfg with the flags' results file, records, progress and tally file.
func (f *simFlags) play(ctx context.Context, cfg sim.Config, e *env) (*sim.Report, error) {
	defer simGC()()
	t, err := sim.NewTally(cfg)
	if err != nil {
		return nil, usageError{err.Error()}
	}
	if f.recordDir != "" {
		if err := os.MkdirAll(f.recordDir, 0o755); err != nil {
			return nil, fmt.Errorf("record directory: %w", err)
		}
		dir, name, seed := f.recordDir, cfg.Game.Name, cfg.Seed
		// Another run's records of the same names would be overwritten in part, leaving a
		// directory of two runs mixed; a resumed run writes its own again, and the other
		// shards of a run write other matches' names.
		if !f.resume {
			from, to := t.Spec.Range()
			var old []string
			found, _ := filepath.Glob(filepath.Join(dir, fmt.Sprintf("%s-%d-[0-9]*.json", name, seed)))
			for _, path := range found {
				base := strings.TrimSuffix(filepath.Base(path), ".json")
				i, err := strconv.Atoi(base[strings.LastIndex(base, "-")+1:])
				if err == nil && i >= from && i < to {
					old = append(old, path)
				}
			}
			if len(old) > 0 {
				return nil, usagef("--record %s already holds %d records of %s with seed %d that this run would overwrite (such as %s): record into another directory, or remove them",
					dir, len(old), name, seed, filepath.Base(old[0]))
			}
		}
		cfg.OnMatch = func(i int, rec *engine.Record) error {
			return writeRecordFile(filepath.Join(dir, fmt.Sprintf("%s-%d-%06d.json", name, seed, i)), rec)
		}
	}
	aheadPath, kept := "", 0
	var res *sim.Results
	if f.results != "" {
		aheadPath = sim.AheadPath(f.results)
		if f.resume {
			// A scheduler runs the same command, --resume and all, the first time too; a person
			// who mistyped the file is told.
			if _, err := os.Stat(f.results); errors.Is(err, os.ErrNotExist) {
				fmt.Fprintf(e.stderr, "note: no %s yet: the run starts there from its first match\n", f.results)
			}
			res, err = sim.ResumeResults(f.results, t)
			if err == nil {
				if cfg.Known, err = sim.ReadAhead(aheadPath, t); err != nil {
					err = fmt.Errorf("%w (it only saves playing those matches again: remove it to play them)", err)
				}
			}
		} else if res, err = sim.CreateResults(f.results, t.Spec); err == nil {
			// A new run: matches kept ahead by an earlier run in this place are not its own.
			err = sim.WriteAhead(aheadPath, t.Spec, nil)
		}
		if err != nil {
			if res != nil {
				res.Close()
			}
			return nil, err
		}
		defer res.Close() // on the paths that return early; closed and checked below
		cfg.OnResult = res.Write
		cfg.OnAhead = func(rs []sim.MatchResult) error {
			kept = len(rs)
			return sim.WriteAhead(aheadPath, t.Spec, rs)
		}
	}
	if !f.quiet {
		p := newProgress(e.stderr, cfg.Game.Name)
		if cfg.OnMatch == nil {
			p.taken = len(cfg.Known)
		}
		cfg.Progress = p.update
		defer p.finish()
	}
	from, to := t.Spec.Range()
	if t.Next > from || len(cfg.Known) > 0 {
		fmt.Fprintf(e.stderr, "resuming: %d of %d matches are already in %s", t.Next-from, to-from, f.results)
		if len(cfg.Known) > 0 && cfg.OnMatch == nil {
			fmt.Fprintf(e.stderr, ", %d more in %s", len(cfg.Known), aheadPath)
		} else if len(cfg.Known) > 0 {
			fmt.Fprintf(e.stderr, "; the %d in %s are played again for their records", len(cfg.Known), aheadPath)
		}
		fmt.Fprintln(e.stderr)
	}
	if err := sim.Play(ctx, cfg, t); err != nil {
		if ctx.Err() == nil {
			return nil, err
		}
		if f.results == "" {
			return nil, interruptedf("interrupted after %d of %d matches, which were not kept: --results FILE keeps each match as it ends, and --resume carries a stopped run on", t.Next-from, to-from)
		}
		fmt.Fprintf(e.stderr, "\nstopped after %d of %d matches", t.Next-from, to-from)
		if kept > 0 {
			fmt.Fprintf(e.stderr, " (and %d finished ahead of them, kept in %s)", kept, aheadPath)
		}
		fmt.Fprintln(e.stderr, "; carry on with the same command and --resume")
		return nil, errInterrupted
	}
	if res != nil {
		// Every match kept ahead is in the results file now, once it is written out.
		if err := res.Close(); err != nil {
			return nil, fmt.Errorf("results file %s: %w", f.results, err)
		}
		if err := sim.WriteAhead(aheadPath, t.Spec, nil); err != nil {
			return nil, err
		}
	}
	if f.out != "" {
		if err := writeTallyFile(f.out, t); err != nil {
			return nil, err
		}
	}
	return t.Report(), nil
}

func writeTallyFile(path string, t *sim.Tally) error {
	out, err := os.Create(path)
	if err != nil {
		return err
	}
	if err := sim.WriteTally(out, t); err != nil {
		out.Close()
		return fmt.Errorf("write %s: %w", path, err)
	}
	return out.Close()
}

// otherCharts lists the charts (.svg, .png) in dir that are not among drawn.
func otherCharts(dir string, drawn []string) []string {
	mine := map[string]bool{}
	for _, f := range drawn {
		mine[filepath.Clean(f)] = true
	}
	var left []string
	for _, ext := range []string{"*.svg", "*.png"} {
		found, _ := filepath.Glob(filepath.Join(dir, ext))
		for _, f := range found {
			if !mine[filepath.Clean(f)] {
				left = append(left, f)
			}
		}
	}
	return left
}

// writeReport prints rep as the flags ask and draws its charts.
func writeReport(rep *sim.Report, f *simFlags, stdout, stderr io.Writer) error {
	if f.plots != "" {
		files, err := chart.Write(f.plots, rep)
		if err != nil {
			return fmt.Errorf("plots: %w", err)
		}
		fmt.Fprintf(stderr, "%d charts in %s\n", len(files), f.plots)
		if left := otherCharts(f.plots, files); len(left) > 0 {
			fmt.Fprintf(stderr, "note: %s also holds %d charts this run did not draw (such as %s), left by an earlier run: draw into an empty directory to keep runs apart\n",
				f.plots, len(left), filepath.Base(left[0]))
		}
	}
	switch {
	case f.asJSON:
		enc := json.NewEncoder(stdout)
		enc.SetIndent("", "  ")
		return enc.Encode(rep)
	case f.asCSV:
		return rep.WriteCSV(stdout)
	}
	return rep.WriteText(stdout)
}

// expandPatterns replaces each argument holding a glob pattern by the files it matches.
func expandPatterns(args []string) ([]string, error) {
	var files []string
	for _, a := range args {
		if !strings.ContainsAny(a, "*?[") {
			files = append(files, a)
			continue
		}
		m, err := filepath.Glob(a)
		if err != nil {
			return nil, usagef("%q: %v", a, err)
		}
		if len(m) == 0 {
			return nil, usagef("%q matches no file", a)
		}
		files = append(files, m...)
	}
	return files, nil
}

const mergeUsage = `[--json|--csv] [--plots DIR] [--out FILE] [--partial] FILE...

Combines the --out tallies (or --results files) of every shard of one run into
the report one unsharded run gives, byte for byte. A FILE holding * or ? is a
pattern (quote it: 'results/shard-*.json'), for images and schedulers with no shell.
With --partial it reports the matches the files hold so far, of a run still
under way or stopped short (--results files, shards missing), saying so.`

func runSimMerge(args []string, e *env) error {
	fs := newFlags(e, "sim merge", mergeUsage)
	var f simFlags
	fs.BoolVar(&f.asJSON, "json", false, "print the report as JSON")
	fs.BoolVar(&f.asCSV, "csv", false, "print the report as CSV")
	fs.StringVar(&f.plots, "plots", "", "draw charts as SVG and PNG into this `directory`")
	fs.StringVar(&f.out, "out", "", "write the merged tally to `file`")
	partial := fs.Bool("partial", false, "report the matches the files hold, the run unfinished")
	files, err := parseFlags(fs, args)
	if err != nil {
		return err
	}
	if f.asJSON && f.asCSV {
		return usagef("--json and --csv: choose one")
	}
	if *partial && f.out != "" {
		return usagef("--partial and --out: the tally of part of a run cannot be merged again; finish the run (--resume)")
	}
	files, err = expandPatterns(files)
	if err != nil {
		return err
	}
	if len(files) == 0 {
		return usagef("merge needs the files of the shards: deuce sim merge FILE...")
	}
	var tallies []*sim.Tally
	for _, path := range files {
		t, err := readTallyFile(path)
		if err != nil {
			return err
		}
		tallies = append(tallies, t)
	}
	merge := sim.Merge
	if *partial {
		merge = sim.MergePartial
	}
	t, err := merge(tallies...)
	if err != nil {
		if errors.Is(err, sim.ErrMismatch) {
			return usagef("merge: %v", err)
		}
		return fmt.Errorf("merge: %w", err)
	}
	if f.out != "" {
		if err := writeTallyFile(f.out, t); err != nil {
			return err
		}
	}
	return writeReport(t.Report(), &f, e.stdout, e.stderr)
}

func readTallyFile(path string) (*sim.Tally, error) {
	in, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer in.Close()
	t, err := sim.ReadTally(in)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	return t, nil
}

// runAllGames plays every game in the catalogue and writes a report per game into
// --plots/GAME: report.txt, report.json, report.csv and the charts.
func runAllGames(ctx context.Context, pos []string, f *simFlags, e *env) error {
	if len(pos) > 0 {
		return usagef("--all-games plays every game: name none (got %s)", strings.Join(pos, " "))
	}
	if f.plots == "" {
		return usagef("--all-games needs --plots DIR, the directory to write the reports into")
	}
	if f.results != "" || f.out != "" || f.shard != "" || f.recordDir != "" {
		return usagef("--all-games writes its own files: drop --results, --out, --shard and --record")
	}
	if f.asJSON || f.asCSV {
		return usagef("--all-games writes each game's report.txt, report.json and report.csv into --plots: drop --json and --csv")
	}
	if f.bots == "" {
		f.bots = "all"
	}
	root := f.plots
	for _, g := range games.All() {
		cfg, err := f.config(g, true)
		if err != nil {
			fmt.Fprintf(e.stderr, "%s: skipped: %v\n", g.Name, err)
			continue
		}
		rep, err := f.play(ctx, cfg, e)
		if err != nil {
			return fmt.Errorf("%s: %w", g.Name, err)
		}
		dir := filepath.Join(root, g.Name)
		files, err := chart.Write(dir, rep)
		if err != nil {
			return fmt.Errorf("%s plots: %w", g.Name, err)
		}
		for _, out := range []struct {
			name  string
			write func(io.Writer) error
		}{
			{"report.txt", rep.WriteText},
			{"report.csv", rep.WriteCSV},
			{"report.json", func(w io.Writer) error {
				enc := json.NewEncoder(w)
				enc.SetIndent("", "  ")
				return enc.Encode(rep)
			}},
		} {
			if err := writeFile(filepath.Join(dir, out.name), out.write); err != nil {
				return err
			}
		}
		fmt.Fprintf(e.stdout, "%s: %d matches, report and %d charts in %s\n", g.Name, rep.Matches, len(files), dir)
	}
	return nil
}

func writeFile(path string, write func(io.Writer) error) error {
	out, err := os.Create(path)
	if err != nil {
		return err
	}
	if err := write(out); err != nil {
		out.Close()
		return fmt.Errorf("write %s: %w", path, err)
	}
	return out.Close()
}

func writeRecordFile(path string, rec *engine.Record) error {
	f, err := os.Create(path)
	if err != nil {
		return err
	}
	if err := engine.WriteRecord(f, rec); err != nil {
		f.Close()
		return fmt.Errorf("write %s: %w", path, err)
	}
	return f.Close()
}

// simGCPercent is the garbage collector's target during a simulation (GOGC). A run's live heap
// is small and flat (a bounded window of matches, fixed-size counts), so at the default of 100
// the collector runs every few megabytes of finished matches: at 400 it runs a quarter as often,
// which takes about a fifth off the CPU time of fast random matches, for some tens of megabytes.
const simGCPercent = 400

// simGC sets the collector's target for a simulation, unless the GOGC variable sets it, and
// returns the function that restores it.
func simGC() (restore func()) {
	if os.Getenv("GOGC") != "" {
		return func() {}
	}
	old := debug.SetGCPercent(simGCPercent)
	return func() { debug.SetGCPercent(old) }
}
