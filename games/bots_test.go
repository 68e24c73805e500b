package games_test

import (
	"context"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
	"time"

	"deuce/bot/ismcts"
	"deuce/engine"
	"deuce/games"
	"deuce/games/pencil"
)

// TestBots checks that every listed level of every game makes a bot under the same name (a
// stored match restarts its bots by name), and that the search levels are budgeted by
// iterations, with the time caps live play relies on.
func TestBots(t *testing.T) {
	for _, g := range games.All() {
		names := games.BotNames(g)
		for _, want := range []string{"random", "easy", "medium", "hard"} {
			if !slices.Contains(names, want) {
				t.Errorf("%s bots %v lack %s", g.Name, names, want)
			}
		}
		if g.Heuristic != nil && !slices.Contains(names, "heuristic") {
			t.Errorf("%s bots %v lack heuristic", g.Name, names)
		}
		for _, info := range games.Bots(g) {
			// Every level has words for players, free of the search's vocabulary.
			if info.Blurb == "" || strings.Contains(info.Blurb, "iteration") || strings.Contains(info.Blurb, "Monte Carlo") {
				t.Errorf("%s %s: blurb %q, want a player's words", g.Name, info.Name, info.Blurb)
			}
			b, err := games.NewBot(g, strings.ToUpper(info.Name))
			if err != nil {
				t.Errorf("%s %s: %v", g.Name, info.Name, err)
				continue
			}
			if b.Name() != info.Name {
				t.Errorf("%s %s: bot named %q", g.Name, info.Name, b.Name())
			}
			if s, ok := b.(*ismcts.Bot); ok {
				o := s.Options()
				limit := time.Second
				if o.Spend {
					limit = 2 * time.Second // the match runner's default budget a move
				}
				if o.Iterations < 1 || o.Time <= 0 || o.Time > limit {
					t.Errorf("%s %s: %d iterations, time cap %v; want an iteration budget and a cap of at most %v", g.Name, info.Name, o.Iterations, o.Time, limit)
				}
				if !strings.Contains(info.Summary, "iterations") {
					t.Errorf("%s %s: summary %q does not give the budget", g.Name, info.Name, info.Summary)
				}
				if o.Horizon != g.Horizon {
					t.Errorf("%s %s: horizon %d, want the game's %d", g.Name, info.Name, o.Horizon, g.Horizon)
				}
			}
		}
		if _, err := games.NewBot(g, "genius"); err == nil || !strings.Contains(err.Error(), "hard") {
			t.Errorf("%s genius: error %v, want one listing the levels", g.Name, err)
		}
	}
}

// TestHorizons checks that a game that asks search bots to look a few points ahead counts its
// points (engine.Points), without which the horizon would be ignored, and counts them right: a
// point at a time, as many as its tennis facts count.
func TestHorizons(t *testing.T) {
	for _, g := range games.All() {
		if g.Horizon <= 0 {
			continue
		}
		opts, _ := g.Variant("")
		s, _, err := g.Start(opts)
		if err != nil {
			t.Fatal(err)
		}
		rng := rand.New(rand.NewPCG(1, 2))
		prev := [2]int{}
		for s.ToMove() != engine.Nobody {
			p, ok := s.(engine.Points)
			if !ok {
				t.Fatalf("%s has horizon %d but its state %T does not count points", g.Name, g.Horizon, s)
			}
			w := p.PointsWon()
			if d := w[0] + w[1] - prev[0] - prev[1]; d < 0 || d > 1 || w[0] < prev[0] || w[1] < prev[1] {
				t.Fatalf("%s: points won went from %v to %v in one action", g.Name, prev, w)
			}
			prev = w
			var a engine.Action
			if s.ToMove() == engine.Chance {
				a = engine.SampleChance(rng, s.Chances(nil))
			} else {
				a = g.Heuristic(s, rng)
			}
			if err := s.Apply(a); err != nil {
				t.Fatalf("%s: %v", g.Name, err)
			}
		}
		w := s.(engine.Points).PointsWon()
		if w[0]+w[1] == 0 {
			t.Errorf("%s: a whole match and no point counted", g.Name)
		}
		if tn, ok := s.(engine.Tennis); ok {
			if f := tn.TennisFacts(); f.PointsWon != w {
				t.Errorf("%s: PointsWon %v, tennis facts %v", g.Name, w, f.PointsWon)
			}
		}
	}
}

// TestSearchLevelsReproducible plays a move of each search level twice with the same seed.
func TestSearchLevelsReproducible(t *testing.T) {
	s, _, err := pencil.Game.Start(map[string]string{"points": "12"})
	if err != nil {
		t.Fatal(err)
	}
	for _, level := range []string{"medium", "hard", "expert"} {
		b, err := games.NewBot(pencil.Game, level)
		if err != nil {
			t.Fatal(err)
		}
		var moves [2]int32
		for i := range moves {
			a, err := b.Choose(context.Background(), s, 0, rand.New(rand.NewPCG(5, 5)))
			if err != nil {
				t.Fatal(err)
			}
			moves[i] = int32(a)
		}
		if moves[0] != moves[1] {
			t.Errorf("%s: bids %d and %d with the same seed", level, moves[0], moves[1])
		}
	}
}
