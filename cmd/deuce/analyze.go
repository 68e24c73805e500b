package main

import (
	"context"
	"encoding/json"
	"fmt"

	"deuce/analysis"
)

const analyzeUsage = `[flags] FILE

Analyses a recorded match: for every decision of every seat, the value of the
move played against the best move available from that seat's information.
The bidding game is exact (the solver's values and optimal strategies); the
card games are estimated by the hard bot's search, with its budget and a 95%
interval stated. Moves are marked inaccuracy, mistake or blunder by their loss
once the interval makes sure of it (a close call is searched again with more
budget, and otherwise left unmarked); each player gets an accuracy and an
average loss. FILE may also be a finished table's address on a server
(http://HOST/t/ID or /r/ID). With the default budget and seed the analysis is
the one the server's replay page shows, its moves numbered and its players
named as there.`

func runAnalyze(ctx context.Context, args []string, e *env) error {
	fs := newFlags(e, "analyze", analyzeUsage)
	iterations := fs.Int("iterations", analysis.DefaultIterations, "search iterations per decision (card games)")
	trees := fs.Int("trees", analysis.DefaultTrees, "search trees per decision (card games)")
	seed := fs.Uint64("seed", 0, "seed of the searches: the same seed gives the same analysis (0, the server's)")
	workers := fs.Int("workers", 1, "decisions analysed at once (the result does not depend on it)")
	all := fs.Bool("all", false, "list every decision, not only those that lost something")
	asJSON := fs.Bool("json", false, "write the whole report as JSON")
	quiet := fs.Bool("quiet", false, "show no progress")
	pos, err := parseFlags(fs, args)
	if err != nil {
		return err
	}
	if len(pos) != 1 {
		return usagef("analyze takes one record: a file, or a finished table's address (http://HOST/t/ID)")
	}
	if *iterations < 1 || *iterations > analysis.MaxIterations {
		return usagef("--iterations %d: want 1 to %d", *iterations, analysis.MaxIterations)
	}
	if *trees < 1 || *trees > 64 {
		return usagef("--trees %d: want 1 to 64", *trees)
	}
	if *workers < 1 || *workers > 256 {
		return usagef("--workers %d: want 1 to 256", *workers)
	}
	rec, err := readRecord(ctx, pos[0])
	if err != nil {
		return fmt.Errorf("%s: %w", pos[0], err)
	}
	opts := analysis.Options{Iterations: *iterations, Trees: *trees, Seed: *seed, Workers: *workers}
	if !*quiet {
		p := newProgress(e.stderr, "analysing")
		p.unit = "decisions"
		opts.Progress = p.update
		defer p.finish()
	}
	r, err := analysis.Analyse(ctx, rec, opts)
	if err != nil {
		return fmt.Errorf("%s: %w", pos[0], err)
	}
	if *asJSON {
		enc := json.NewEncoder(e.stdout)
		enc.SetIndent("", "  ")
		return enc.Encode(r)
	}
	return r.WriteText(e.stdout, *all)
}
