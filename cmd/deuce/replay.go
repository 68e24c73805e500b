package main

import (
	"context"
	"fmt"
	"os"

	"deuce/engine"
	"deuce/games"
)

const replayUsage = `FILE

Prints a recorded match move by move, every hand revealed, with the score
whenever it changes. Records come from deuce play, deuce sim --record and
deuce serve.`

func runReplay(_ context.Context, args []string, e *env) error {
	fs := newFlags(e, "replay", replayUsage)
	pos, err := parseFlags(fs, args)
	if err != nil {
		return err
	}
	if len(pos) != 1 {
		return usagef("replay takes one record file")
	}
	f, err := os.Open(pos[0])
	if err != nil {
		return err
	}
	defer f.Close()
	rec, err := engine.ReadRecord(f)
	if err != nil {
		return fmt.Errorf("%s: %w", pos[0], err)
	}
	g, err := games.Lookup(rec.Game)
	if err != nil {
		return fmt.Errorf("%s: %w", pos[0], err)
	}
	w := e.stdout
	fmt.Fprintf(w, "%s, %v\n", g.Title, rec.Options)
	for i, si := range rec.Seats {
		who := si.Name
		if si.Bot != "" {
			who += " (" + si.Bot + " bot)"
		}
		fmt.Fprintf(w, "player %d: %s\n", i+1, who)
	}
	score := ""
	final, err := engine.Replay(g, rec, func(i int, s engine.State) {
		if sc := s.Result().Score; sc != score {
			if i > 0 {
				fmt.Fprintf(w, "      score: %s\n", sc)
			}
			score = sc
		}
		if i < len(rec.Moves) {
			m := rec.Moves[i]
			who := m.Seat.String()
			if m.Seat >= 0 {
				who = fmt.Sprintf("player %d", m.Seat+1)
			}
			fmt.Fprintf(w, "%4d. %-9s %s\n", i+1, who, m.Text)
		}
	})
	if err != nil {
		return fmt.Errorf("%s: %w", pos[0], err)
	}
	res := final.Result()
	switch {
	case !res.Over:
		fmt.Fprintf(w, "The match was not finished. Score: %s\n", res.Score)
	case res.Winner == engine.Nobody:
		fmt.Fprintf(w, "A draw. %s\n", res.Score)
	default:
		fmt.Fprintf(w, "Player %d wins. %s\n", res.Winner+1, res.Score)
	}
	return nil
}
