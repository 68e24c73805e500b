package ismcts_test

import (
	"context"
	"math"
	"math/rand/v2"
	"testing"

	"deuce/bot/ismcts"
	"deuce/engine"
	"deuce/games/pencil"
)

// solvedValues is an Options.Evaluate from a solved bidding game: the exact value of a
// position at the start of a round.
func solvedValues(sol *pencil.Solution) func(engine.State, []float64) bool {
	return func(s engine.State, ret []float64) bool {
		st := s.(*pencil.State)
		if st.ToMove() != 0 {
			return false
		}
		v := sol.Value(st.Points(0), st.Points(1), st.Ball())
		ret[0], ret[1] = v, -v
		return true
	}
}

// TestRegretSolvesRound checks the search of a round's simultaneous bids with exact values
// after it: its average strategy, for player 1 and for player 2 after player 1's secret bid,
// is the solved game's optimal strategy to within 0.02 a bid, and player 2's strategy does not
// depend on the secret bid (the search starts from the round's start, player 1's bid one of
// the tree's choices rather than the redrawn one).
func TestRegretSolvesRound(t *testing.T) {
	p := pencil.DefaultParams
	p.Points1, p.Points2 = 20, 20
	sol, err := pencil.Solve(p)
	if err != nil {
		t.Fatal(err)
	}
	s, err := pencil.New(p)
	if err != nil {
		t.Fatal(err)
	}
	eq, err := sol.At(20, 20, 0)
	if err != nil {
		t.Fatal(err)
	}
	opts := ismcts.Options{Iterations: 1000, Regret: true, Evaluate: solvedValues(sol)}
	strategy := func(s engine.State, seat engine.Seat) []float64 {
		an, err := ismcts.New(opts).Search(context.Background(), s, seat, rand.New(rand.NewPCG(1, 2)))
		if err != nil {
			t.Fatal(err)
		}
		x := make([]float64, 21)
		for _, m := range an.Moves {
			x[m.Action] = m.Strategy
		}
		if x[an.Action] == 0 {
			t.Errorf("player %d bid %d, which its strategy never plays: %v", seat+1, an.Action, x)
		}
		return x
	}
	near := func(who string, got, want []float64) {
		t.Helper()
		for bid := range want {
			if math.Abs(got[bid]-want[bid]) > 0.02 {
				t.Errorf("%s: bid %d has probability %.4f, the optimal strategy %.4f\n got %v\nwant %v", who, bid, got[bid], want[bid], got, want)
				return
			}
		}
	}
	near("player 1", strategy(s, 0), eq.Player1)
	var first []float64
	for _, secret := range []engine.Action{1, 7, 20} {
		c := s.Clone()
		if err := c.Apply(secret); err != nil {
			t.Fatal(err)
		}
		x := strategy(c, 1)
		near("player 2", x, eq.Player2)
		if first == nil {
			first = x
		}
		for bid := range x {
			if x[bid] != first[bid] {
				t.Fatalf("player 2's strategy after secret bid %d differs from the one after bid 1 at bid %d: %v against %v", secret, bid, x, first)
			}
		}
	}
}

// TestFallback checks that a search whose evaluation gives no value at the root is its
// Fallback's search: the same move and statistics from the same seed.
func TestFallback(t *testing.T) {
	s, _, err := pencil.Game.Start(engine.Options{"points": "8"})
	if err != nil {
		t.Fatal(err)
	}
	plain := ismcts.Options{Iterations: 500, Trees: 2}
	none := func(engine.State, []float64) bool { return false }
	got := search(t, ismcts.New(ismcts.Options{Iterations: 300, Regret: true, Evaluate: none, Fallback: &plain}), s, 0)
	want := search(t, ismcts.New(plain), s, 0)
	if got.Action != want.Action || got.Iterations != 500 || len(got.Moves) != len(want.Moves) {
		t.Fatalf("with a fallback: %+v; the fallback alone: %+v", got, want)
	}
	for i := range got.Moves {
		if got.Moves[i] != want.Moves[i] {
			t.Fatalf("with a fallback: %+v; the fallback alone: %+v", got.Moves, want.Moves)
		}
	}
}
