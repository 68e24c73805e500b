package bot_test

import (
	"context"
	"math/rand/v2"
	"testing"

	"deuce/bot"
	"deuce/engine"
	"deuce/games"
)

// TestHeuristicChooseInto plays a match of every game with a heuristic, checking at every
// decision that ChooseInto, reusing one state throughout, picks what Choose picks for the same
// random stream, and that both refuse a seat that is not to move.
func TestHeuristicChooseInto(t *testing.T) {
	ctx := context.Background()
	for _, g := range games.All() {
		if g.Heuristic == nil {
			continue
		}
		h := bot.Heuristic{Policy: g.Heuristic}
		s, _, err := g.Start(nil)
		if err != nil {
			t.Fatal(err)
		}
		rng := rand.New(rand.NewPCG(1, 1))
		var state engine.State
		decisions := 0
		for n := 0; s.ToMove() != engine.Nobody; n++ {
			seat := s.ToMove()
			var a engine.Action
			if seat == engine.Chance {
				a = engine.SampleChance(rng, s.Chances(nil))
			} else {
				want, err := h.Choose(ctx, s, seat, rand.New(rand.NewPCG(uint64(n), 2)))
				if err != nil {
					t.Fatal(err)
				}
				got, err := h.ChooseInto(&state, s, seat, rand.New(rand.NewPCG(uint64(n), 2)))
				if err != nil || got != want {
					t.Fatalf("%s, action %d: ChooseInto %d (%v), Choose %d", g.Name, n, got, err, want)
				}
				if _, err := h.ChooseInto(&state, s, seat+1, rng); err == nil {
					t.Fatalf("%s: ChooseInto for %v when %v is to move", g.Name, seat+1, seat)
				}
				if _, err := h.Choose(ctx, s, seat+1, rng); err == nil {
					t.Fatalf("%s: Choose for %v when %v is to move", g.Name, seat+1, seat)
				}
				a, decisions = want, decisions+1
			}
			if err := s.Apply(a); err != nil {
				t.Fatalf("%s: %v", g.Name, err)
			}
		}
		if decisions == 0 {
			t.Errorf("%s: no decision", g.Name)
		}
	}
}
