package main

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"deuce/engine"
	"deuce/games"
	"deuce/sim"
)

const simUsage = `GAME --bots A,B [flags]

Plays many matches between two bots, swapping seats every match, on all cores,
and reports win rates with 95% confidence intervals and the mean match length.
Match i is seeded by (--seed, i), so the report never depends on --workers.

Example:
  deuce sim centercourt --bots heuristic,random --matches 2000`

func runSim(ctx context.Context, args []string, e *env) error {
	fs := newFlags(e, "sim", simUsage)
	botsFlag := fs.String("bots", "", "two bot `levels`, comma-separated (deuce bots GAME lists them)")
	matches := fs.Int("matches", 1000, "`number` of matches")
	seed := fs.Uint64("seed", 1, "run `seed`")
	workers := fs.Int("workers", 0, "parallel `workers` (default: one per core)")
	recordDir := fs.String("record", "", "write every match record into this `directory`")
	asJSON := fs.Bool("json", false, "print the report as JSON")
	var of optionFlags
	of.register(fs)
	pos, err := parseFlags(fs, args)
	if err != nil {
		return err
	}
	g, err := oneGame(pos)
	if err != nil {
		return err
	}
	opts, err := of.resolve(g)
	if err != nil {
		return err
	}
	names := strings.Split(*botsFlag, ",")
	if *botsFlag == "" || len(names) != 2 {
		return usagef("--bots takes two bot levels, like --bots heuristic,random; %s has: %s", g.Name, strings.Join(games.BotNames(g), ", "))
	}
	if *matches < 1 {
		return usagef("--matches must be at least 1 (got %d)", *matches)
	}
	if *workers < 0 {
		return usagef("--workers must not be negative (got %d)", *workers)
	}
	cfg := sim.Config{Game: g, Options: opts, Matches: *matches, Seed: *seed, Workers: *workers}
	for i, name := range names {
		b, err := games.NewBot(g, strings.TrimSpace(name))
		if err != nil {
			return usageError{err.Error()}
		}
		label := b.Name()
		if names[0] == names[1] {
			label = fmt.Sprintf("%s #%d", label, i+1)
		}
		cfg.Players = append(cfg.Players, sim.Player{Name: label, Bot: b})
	}
	if *recordDir != "" {
		if err := os.MkdirAll(*recordDir, 0o755); err != nil {
			return fmt.Errorf("record directory: %w", err)
		}
		dir := *recordDir
		cfg.OnMatch = func(i int, rec *engine.Record) error {
			return writeRecordFile(filepath.Join(dir, fmt.Sprintf("%s-%d-%06d.json", g.Name, *seed, i)), rec)
		}
	}
	rep, err := sim.Run(ctx, cfg)
	if err != nil {
		return err
	}
	if *asJSON {
		enc := json.NewEncoder(e.stdout)
		enc.SetIndent("", "  ")
		return enc.Encode(rep)
	}
	return rep.WriteText(e.stdout)
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
