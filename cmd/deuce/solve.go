package main

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"time"

	"deuce/engine"
	"deuce/games/pencil"
)

const solveUsage = `pencil [flags]

Solves the paper-and-pencil bidding game exactly by backward induction: every
position (points of player 1, points of player 2, ball) is a matrix game over the
two bids, solved by linear programming where it has no pure saddle point.
Values are for player 1: +1 a sure win, -1 a sure loss (knockout scoring: +-2
for a ball beyond the field).

Examples:
  deuce solve pencil
  deuce solve pencil --state 30,25,1
  deuce solve pencil --points 20,20 --no-jump --out oshi.csv`

func runSolve(ctx context.Context, args []string, e *env) error {
	fs := newFlags(e, "solve", solveUsage)
	points := fs.String("points", "50,50", fmt.Sprintf("starting `points` of player 1 and player 2 (one number for both), 1 to %d each", pencil.MaxSolvePoints))
	fields := fs.Int("fields", 2, "`fields` per side")
	scoring := fs.String("scoring", "winloss", "`scoring`: winloss or knockout")
	noJump := fs.Bool("no-jump", false, "Oshi-Zumo's rule: the ball moves one field and never jumps the centre")
	state := fs.String("state", "", "show the value and both optimal strategies at `P1,P2,BALL`")
	out := fs.String("out", "", "write every position's value and strategies to this `file` (.json or .csv)")
	asJSON := fs.Bool("json", false, "print --state exactly, as JSON")
	workers := fs.Int("workers", runtime.GOMAXPROCS(0), "parallel `workers`")
	pos, err := parseFlags(fs, args)
	if err != nil {
		return err
	}
	switch {
	case len(pos) == 0 || pos[0] != pencil.Game.Name:
		return usagef("solve knows one game: deuce solve pencil")
	case len(pos) > 1:
		return usagef("solve takes the game's name only, not %q: deuce solve pencil [flags]", pos[1])
	}
	// The solver's own bounds, said before the game's wider ones (a match may start with 1,000).
	for _, f := range strings.FieldsFunc(*points, func(r rune) bool { return r == ',' || r == '/' }) {
		if n, err := strconv.Atoi(strings.TrimSpace(f)); err == nil && (n < 1 || n > pencil.MaxSolvePoints) {
			return usagef("--points %s: the solver takes 1 to %d points a player", *points, pencil.MaxSolvePoints)
		}
	}
	opts := engine.Options{"points": *points, "fields": strconv.Itoa(*fields), "scoring": *scoring, "jump": "yes"}
	if *noJump {
		opts["jump"] = "no"
	}
	resolved, err := pencil.Game.Resolve(opts)
	if err != nil {
		return usageError{err.Error()}
	}
	p, err := pencil.ParamsFromOptions(resolved)
	if err == nil {
		err = p.Validate()
	}
	if err != nil {
		return usageError{err.Error()}
	}
	if *workers < 1 || *workers > 256 {
		return usagef("--workers %d: want 1 to 256", *workers)
	}
	var at [3]int
	if *state != "" {
		if *out != "" {
			return usagef("--state shows one position and --out writes every position: choose one")
		}
		parts := strings.Split(*state, ",")
		if len(parts) != 3 {
			return usagef("--state %q: want P1,P2,BALL like 30,25,1", *state)
		}
		for i, s := range parts {
			if at[i], err = strconv.Atoi(strings.TrimSpace(s)); err != nil {
				return usagef("--state %q: %q is not a whole number", *state, s)
			}
		}
	}
	// Checked before the solve, which may take a minute, rather than after it: the solution is
	// written into a file of its own beside --out, which takes --out's name only once it is
	// whole, so that a solve stopped or failed leaves a file already there as it was.
	var outFile *os.File
	if *out != "" {
		if _, err := solutionFormat(*out); err != nil {
			return err
		}
		if st, err := os.Stat(*out); err == nil && st.IsDir() {
			return usagef("--out %s is a directory: name a file in it, like %s", *out, filepath.Join(*out, "solution.csv"))
		}
		if outFile, err = os.CreateTemp(filepath.Dir(*out), ".deuce-solve-*"); err != nil {
			return fmt.Errorf("--out: %w", err)
		}
		defer func() {
			if outFile != nil {
				outFile.Close()
				os.Remove(outFile.Name())
			}
		}()
	}
	start := time.Now()
	sol, err := pencil.SolveContext(ctx, p, *workers)
	if err != nil {
		if ctx.Err() != nil {
			return interruptedf("interrupted after %v: the solve was stopped before it finished, and nothing was written", time.Since(start).Round(100*time.Millisecond))
		}
		return err
	}
	elapsed := time.Since(start)
	w := e.stdout
	if *state != "" {
		ss, err := sol.At(at[0], at[1], at[2])
		if err != nil {
			return usageError{err.Error()}
		}
		if *asJSON {
			// The form of --out's positions: the bids with positive probability.
			enc := json.NewEncoder(w)
			enc.SetIndent("", "  ")
			return enc.Encode(pencil.PositionSolution{Points1: ss.Points1, Points2: ss.Points2, Ball: ss.Ball, Value: ss.Value,
				Player1: sol.Strategy(at[0], at[1], at[2], 0), Player2: sol.Strategy(at[0], at[1], at[2], 1)})
		}
		fmt.Fprintf(w, "Position: player 1 has %d points, player 2 has %d, ball at %+d (%s).\n", ss.Points1, ss.Points2, ss.Ball, ballSide(ss.Ball))
		fmt.Fprintf(w, "Value for player 1: %+.6f\n", noNegativeZero(ss.Value))
		if ss.Player1 == nil {
			fmt.Fprintln(w, "The match is over here.")
			return nil
		}
		printStrategy(w, "player 1", ss.Player1)
		printStrategy(w, "player 2", ss.Player2)
		return nil
	}
	st := sol.Stats()
	jump := "the ball jumps the centre line"
	if !p.Jump {
		jump = "the ball moves one field (--no-jump)"
	}
	fmt.Fprintf(w, "Tennis (paper and pencil), points %d-%d, %d fields, %s scoring, %s\n", p.Points1, p.Points2, p.Fields, p.Scoring, jump)
	fmt.Fprintf(w, "Value of the opening position for player 1: %+.6f\n", noNegativeZero(sol.Value(p.Points1, p.Points2, 0)))
	// The solver solves one of each pair of mirrored positions; --out writes them all.
	fmt.Fprintf(w, "Solved %d positions, their mirror images following (%d mixed, %d simplex pivots), in %.3f s on %d workers; the solution holds %.1f MiB.\n",
		st.Positions, st.Mixed, st.Pivots, elapsed.Seconds(), *workers, float64(sol.Bytes())/(1<<20))
	if outFile != nil {
		if err := writeSolution(outFile, *out, sol); err != nil {
			return err
		}
		// CreateTemp makes the file the owner's alone; a solution is as readable as any file.
		if err := os.Chmod(outFile.Name(), 0o644); err != nil {
			return fmt.Errorf("--out: %w", err)
		}
		if err := os.Rename(outFile.Name(), *out); err != nil {
			return fmt.Errorf("--out: %w", err)
		}
		outFile = nil
		fmt.Fprintf(w, "Wrote %s\n", *out)
	}
	return nil
}

func printStrategy(w interface{ Write([]byte) (int, error) }, who string, probs []float64) {
	var parts []string
	for bid, p := range probs {
		if p > 0 {
			parts = append(parts, fmt.Sprintf("%d (%.2f%%)", bid, 100*p))
		}
	}
	fmt.Fprintf(w, "Optimal bids of %s: %s\n", who, strings.Join(parts, ", "))
}

// solutionFormat is the format --out's file name asks for: ".json" or ".csv".
func solutionFormat(path string) (string, error) {
	switch ext := strings.ToLower(filepath.Ext(path)); ext {
	case ".json", ".csv":
		return ext, nil
	}
	return "", usagef("--out %s: the file must end in .json or .csv", path)
}

// writeSolution writes sol to f, the file at path, in the format its name asks for, and closes
// it.
func writeSolution(f *os.File, path string, sol *pencil.Solution) error {
	format, err := solutionFormat(path)
	if err != nil {
		f.Close()
		return err
	}
	if format == ".json" {
		err = sol.WriteJSON(f)
	} else {
		err = sol.WriteCSV(f)
	}
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		return fmt.Errorf("write %s: %w", path, err)
	}
	return nil
}

// noNegativeZero prints a value that rounds to zero as +0.000000, not -0.000000: a fair
// position's value is 0, whatever the sign of its rounding error.
func noNegativeZero(v float64) float64 {
	if v > -5e-7 && v < 5e-7 {
		return 0
	}
	return v
}

// ballSide says where a ball position lies: negative on player 1's side, positive on player 2's.
func ballSide(ball int) string {
	switch {
	case ball < 0:
		return fmt.Sprintf("%d into player 1's side", -ball)
	case ball > 0:
		return fmt.Sprintf("%d into player 2's side", ball)
	}
	return "on the centre line"
}
