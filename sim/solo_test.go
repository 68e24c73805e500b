package sim_test

import (
	"context"
	"slices"
	"strings"
	"testing"

	"deuce/bot"
	"deuce/engine"
	"deuce/games/worldwide"
	"deuce/sim"
)

// TestSoloAgainstTheAutomaton plays Worldwide's solo game, where one seat plays the rulebook's
// automaton: every bot plays the automaton from the one seat, the automaton wins what a bot
// loses (no match is a draw), and the report counts it as a player.
func TestSoloAgainstTheAutomaton(t *testing.T) {
	cfg := sim.Config{Game: worldwide.Game, Options: engine.Options{"solo": "yes"}, Matches: 30, Seed: 3, Workers: 2,
		Players: []sim.Player{{Name: "h", Bot: bot.Heuristic{Policy: worldwide.Heuristic}}, {Name: "r", Bot: bot.Random{}}}}
	var results []sim.MatchResult
	cfg.OnResult = func(m sim.MatchResult) error { results = append(results, m); return nil }
	tally, err := sim.NewTally(cfg)
	if err != nil {
		t.Fatal(err)
	}
	sp := tally.Spec
	if !sp.Solo || len(sp.Players) != 3 || sp.Players[2].Name != sim.Automaton || len(sp.Pairs) != 2 ||
		sp.Pairs[0] != [2]int{0, 2} || sp.Pairs[1] != [2]int{1, 2} {
		t.Fatalf("spec: solo %v, players %v, pairs %v; want solo, h, r and the automaton, each bot against it",
			sp.Solo, sp.Players, sp.Pairs)
	}
	if err := sim.Play(context.Background(), cfg, tally); err != nil {
		t.Fatal(err)
	}
	if len(results) != 60 {
		t.Fatalf("%d results, want 60", len(results))
	}
	losses := [2]int{}
	for _, m := range results {
		if m.Sides[0] != m.Pair || m.Sides[1] != 2 {
			t.Fatalf("match %d: sides %v, want the bot of pairing %d in the one seat and the automaton", m.Index, m.Sides, m.Pair)
		}
		switch {
		case m.Returns[0] > 0 && m.Winner == 0, m.Returns[0] < 0 && m.Winner == 1:
		default:
			t.Fatalf("match %d: the seat's return %v, winner %d", m.Index, m.Returns[0], m.Winner)
		}
		if m.Returns[1] != -m.Returns[0] {
			t.Fatalf("match %d: the automaton's return %v, the seat's %v", m.Index, m.Returns[1], m.Returns[0])
		}
		if m.Winner == 1 {
			losses[m.Pair]++
		}
	}
	rep := tally.Report()
	if !rep.Solo || rep.Draws != 0 || len(rep.Players) != 3 {
		t.Fatalf("report: solo %v, %d draws, %d players; want solo, no draw, 3 players", rep.Solo, rep.Draws, len(rep.Players))
	}
	auto := rep.Players[2]
	if auto.Name != sim.Automaton || auto.Wins != losses[0]+losses[1] || auto.Losses != 60-auto.Wins {
		t.Errorf("the automaton's row %+v, want %d wins", auto, losses[0]+losses[1])
	}
	for i, p := range rep.Players[:2] {
		if p.Losses != losses[i] || p.Wins != 30-losses[i] || p.Draws != 0 {
			t.Errorf("%s: %d-%d-%d, want %d-%d-0", p.Name, p.Wins, p.Losses, p.Draws, 30-losses[i], losses[i])
		}
	}
	if losses[1] == 0 {
		t.Errorf("random never lost to the automaton in 30 matches")
	}
	var text strings.Builder
	if err := rep.WriteText(&text); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(text.String(), "every bot plays the automaton") || !strings.Contains(text.String(), "h vs automaton") {
		t.Errorf("text report:\n%s", text.String())
	}
}

// TestSoloRefuses checks the runs a one-seat game cannot play, and that one bot is enough.
func TestSoloRefuses(t *testing.T) {
	solo := engine.Options{"solo": "yes"}
	h := sim.Player{Name: "h", Bot: bot.Random{}}
	for _, c := range []struct {
		name string
		cfg  sim.Config
		want string // "" for a run that starts
	}{
		{"one bot", sim.Config{Options: solo, Players: []sim.Player{h}}, ""},
		{"pairings", sim.Config{Options: solo, Players: []sim.Player{h, {Name: "r", Bot: bot.Random{}}}, Pairs: [][2]int{{0, 1}}}, "pairings do not apply"},
		{"a player named automaton", sim.Config{Options: solo, Players: []sim.Player{{Name: "automaton", Bot: bot.Random{}}}}, "automaton's name"},
		{"mixed variants", sim.Config{Players: []sim.Player{h, {Name: "r", Bot: bot.Random{}}},
			Variants: []sim.Variant{{Name: "solo", Options: solo}, {Name: "duel"}}}, "cannot mix"},
		{"one bot in a two-seat game", sim.Config{Players: []sim.Player{h}}, "at least two players"},
	} {
		c.cfg.Game, c.cfg.Matches = worldwide.Game, 2
		_, err := sim.NewTally(c.cfg)
		switch {
		case c.want == "" && err != nil:
			t.Errorf("%s: %v", c.name, err)
		case c.want != "" && (err == nil || !strings.Contains(err.Error(), c.want)):
			t.Errorf("%s: error %v, want one saying %q", c.name, err, c.want)
		}
	}
}

// TestMergePartial reports the first matches of a run stopped short: the same players' and
// pairings' figures as a run of just those matches (match i is the same match in both), said
// to be part of the run; Merge still refuses it.
func TestMergePartial(t *testing.T) {
	ctx := context.Background()
	cfg := sim.Config{Game: worldwide.Game, Matches: 6, Seed: 5, Workers: 1,
		Players: []sim.Player{{Name: "h", Bot: bot.Heuristic{Policy: worldwide.Heuristic}}, {Name: "r", Bot: bot.Random{}}}}
	var results []sim.MatchResult
	cfg.OnResult = func(m sim.MatchResult) error {
		if m.Facts != nil { // valid during the call only
			f := *m.Facts
			f.Shots, f.Tags = slices.Clone(f.Shots), slices.Clone(f.Tags)
			m.Facts = &f
		}
		results = append(results, m)
		return nil
	}
	short, err := sim.Run(ctx, cfg)
	if err != nil {
		t.Fatal(err)
	}
	cfg.Matches, cfg.OnResult = 20, nil
	long, err := sim.NewTally(cfg)
	if err != nil {
		t.Fatal(err)
	}
	for _, m := range results {
		if err := long.Add(m); err != nil {
			t.Fatal(err)
		}
	}
	if _, err := sim.Merge(long); err == nil {
		t.Error("Merge took a run stopped short")
	}
	merged, err := sim.MergePartial(long)
	if err != nil {
		t.Fatal(err)
	}
	got := merged.Report()
	if got.Matches != 6 || got.RunMatches != 20 {
		t.Errorf("partial report of %d of %d matches, want 6 of 20", got.Matches, got.RunMatches)
	}
	// Apart from the length of the run it is part of, it is the report of a run of its matches.
	var text strings.Builder
	if err := got.WriteText(&text); err != nil || !strings.Contains(text.String(), "part of a run: 6 of its 20 matches") {
		t.Errorf("the text does not say it is part of a run (%v):\n%s", err, text.String())
	}
	got.RunMatches, got.MatchesPerPairing = 0, short.MatchesPerPairing
	if g, w := reportJSON(t, got), reportJSON(t, short); string(g) != string(w) {
		t.Errorf("partial report:\n%s\nwant that of a run of its matches:\n%s", g, w)
	}
	if whole, err := sim.Merge(mustFinish(t, cfg)); err != nil || whole.Report().RunMatches != 0 {
		t.Errorf("a finished run: %v, or its report says it is partial", err)
	}
}

// mustFinish plays cfg to the end and returns its tally.
func mustFinish(t *testing.T, cfg sim.Config) *sim.Tally {
	t.Helper()
	tally, err := sim.NewTally(cfg)
	if err != nil {
		t.Fatal(err)
	}
	if err := sim.Play(context.Background(), cfg, tally); err != nil {
		t.Fatal(err)
	}
	return tally
}
