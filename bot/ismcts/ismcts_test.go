package ismcts_test

import (
	"context"
	"encoding/json"
	"math/rand/v2"
	"reflect"
	"testing"
	"time"

	"deuce/bot"
	"deuce/bot/ismcts"
	"deuce/engine"
	"deuce/games"
	"deuce/games/centercourt"
	"deuce/games/pencil"
	"deuce/sim"
)

// midMatch plays g's variant with random actions (seeded) until at least decisions decisions
// have been made and a seat with two or more legal actions is to move.
func midMatch(t testing.TB, g engine.Game, variant string, decisions int, seed uint64) engine.State {
	t.Helper()
	opts, err := g.Variant(variant)
	if err != nil {
		t.Fatal(err)
	}
	for ; ; seed++ {
		s, _, err := g.Start(opts)
		if err != nil {
			t.Fatal(err)
		}
		rng := rand.New(rand.NewPCG(seed, 99))
		made := 0
		for s.ToMove() != engine.Nobody {
			to := s.ToMove()
			if to >= 0 && made >= decisions && len(s.Legal(nil)) > 1 {
				return s
			}
			var a engine.Action
			if to == engine.Chance {
				a = engine.SampleChance(rng, s.Chances(nil))
			} else {
				legal := s.Legal(nil)
				a = legal[rng.IntN(len(legal))]
				made++
			}
			if err := s.Apply(a); err != nil {
				t.Fatal(err)
			}
		}
	}
}

// shortest names the centre court variant with the shortest matches, and every other game's
// default.
func shortest(g engine.Game) string {
	if g.Name == centercourt.Game.Name {
		return "tiebreak"
	}
	return ""
}

func observation(t *testing.T, s engine.State, seat engine.Seat) string {
	t.Helper()
	b, err := json.Marshal(s.Observe(seat))
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

func search(t *testing.T, b *ismcts.Bot, s engine.State, seed uint64) ismcts.Analysis {
	t.Helper()
	an, err := b.Search(context.Background(), s, s.ToMove(), rand.New(rand.NewPCG(seed, 0)))
	if err != nil {
		t.Fatal(err)
	}
	return an
}

// heuristicOptions are a small search guided by g's heuristic.
func heuristicOptions(g engine.Game, iterations int) ismcts.Options {
	return ismcts.Options{Iterations: iterations, Playout: g.Heuristic, Prior: g.Heuristic, Bias: 0.5, Trees: 2}
}

// TestHiddenInformation checks that a search depends only on what its seat observes: a second
// state, built from the first by determinizing it for the seat to move (so it differs only in
// what that seat cannot see), gets exactly the same search, statistics included.
func TestHiddenInformation(t *testing.T) {
	pendingBid := func(t *testing.T) engine.State {
		s, _, err := pencil.Game.Start(engine.Options{"points": "20"})
		if err != nil {
			t.Fatal(err)
		}
		for _, a := range []engine.Action{3, 2, 7} { // a round, then player 1's secret bid
			if err := s.Apply(a); err != nil {
				t.Fatal(err)
			}
		}
		return s
	}
	tests := []struct {
		name  string
		game  engine.Game
		state func(t *testing.T) engine.State
	}{
		{"centercourt hidden hand", centercourt.Game, func(t *testing.T) engine.State {
			return midMatch(t, centercourt.Game, "tiebreak", 12, 5)
		}},
		{"centercourt serving", centercourt.Game, func(t *testing.T) engine.State {
			return midMatch(t, centercourt.Game, "tiebreak", 0, 8)
		}},
		{"pencil bid pending", pencil.Game, pendingBid},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s1 := tt.state(t)
			seat := s1.ToMove()
			// Redeal until the hidden part differs: what the other seat sees tells.
			var s2 engine.State
			for i := uint64(0); ; i++ {
				s2 = engine.Determinize(s1, seat, rand.New(rand.NewPCG(i, 1)))
				if observation(t, s2, 1-seat) != observation(t, s1, 1-seat) {
					break
				}
				if i == 100 {
					t.Fatal("no determinization hides anything from the seat")
				}
			}
			if got, want := observation(t, s2, seat), observation(t, s1, seat); got != want {
				t.Fatalf("determinized observation differs:\n%s\n%s", got, want)
			}
			for _, o := range []ismcts.Options{
				{Iterations: 300, Trees: 2},
				heuristicOptions(tt.game, 300),
			} {
				b := ismcts.New(o)
				a1, a2 := search(t, b, s1, 7), search(t, b, s2, 7)
				if !reflect.DeepEqual(a1, a2) {
					t.Errorf("searches differ for states the seat cannot tell apart:\n%+v\n%+v", a1, a2)
				}
			}
		})
	}
}

func TestReproducible(t *testing.T) {
	for _, g := range []engine.Game{centercourt.Game, pencil.Game} {
		t.Run(g.Name, func(t *testing.T) {
			s := midMatch(t, g, shortest(g), 3, 1)
			o := heuristicOptions(g, 400)
			o.Trees, o.Workers = 3, 1
			first := search(t, ismcts.New(o), s, 42)
			if again := search(t, ismcts.New(o), s, 42); !reflect.DeepEqual(again, first) {
				t.Errorf("same seed, different search:\n%+v\n%+v", again, first)
			}
			o.Workers = 2
			if two := search(t, ismcts.New(o), s, 42); !reflect.DeepEqual(two, first) {
				t.Errorf("two workers, different search:\n%+v\n%+v", two, first)
			}
			o.Workers = 3
			if three := search(t, ismcts.New(o), s, 42); !reflect.DeepEqual(three, first) {
				t.Errorf("three workers, different search:\n%+v\n%+v", three, first)
			}
		})
	}
}

// TestWholeMatches plays whole matches of every game in the catalogue, every seat searched,
// with small budgets; the simulator refuses any illegal move.
func TestWholeMatches(t *testing.T) {
	for _, g := range games.All() {
		t.Run(g.Name, func(t *testing.T) {
			t.Parallel()
			// Capped playouts keep a long match quick under the race detector; legality is
			// what is tested here.
			searchers := []ismcts.Options{
				{Name: "random playouts", Iterations: 8, Trees: 2, Depth: 30},
				{Name: "heuristic", Iterations: 8, Playout: g.Heuristic, Prior: g.Heuristic, Bias: 1, Determinizations: 2, Depth: 30},
			}
			rep, err := sim.Run(context.Background(), sim.Config{
				Game: g, Matches: 2, Seed: 3,
				Players: []sim.Player{
					{Name: "a", Bot: ismcts.New(searchers[0])},
					{Name: "b", Bot: ismcts.New(searchers[1])},
				},
			})
			if err != nil {
				t.Fatal(err)
			}
			if rep.Matches != 2 {
				t.Errorf("played %d matches, want 2", rep.Matches)
			}
		})
	}
}

// lastField is the bidding game with the ball on player 1's last field, player 1 to bid with 5
// points against 3.
func lastField(t *testing.T) engine.State {
	t.Helper()
	s, _, err := pencil.Game.Start(engine.Options{"points": "7"})
	if err != nil {
		t.Fatal(err)
	}
	for _, a := range []engine.Action{1, 2, 1, 2} {
		if err := s.Apply(a); err != nil {
			t.Fatal(err)
		}
	}
	if st := s.(*pencil.State); st.Ball() != -2 || st.Points(0) != 5 || st.Points(1) != 3 {
		t.Fatalf("setup: ball %d, points %d-%d", st.Ball(), st.Points(0), st.Points(1))
	}
	return s
}

// TestWinningMove sets up the bidding game with the ball on player 1's last field, player 1 to
// bid with 5 points against 3. The solved game says bid 3 is the only sure win: a tie empties
// player 2 and leaves a lead player 1 converts, a higher bid of player 2 is impossible, and a
// lower one jumps the ball to player 2's side; every other bid loses against some reply.
func TestWinningMove(t *testing.T) {
	s := lastField(t)
	for _, o := range []ismcts.Options{{Iterations: 3000}, heuristicOptions(pencil.Game, 3000), {Iterations: 3000, Regret: true}} {
		an := search(t, ismcts.New(o), s, 1)
		if an.Action != 3 {
			t.Errorf("bid %d, want 3; %+v", an.Action, an.Moves)
		}
		if v := an.Moves[2].Value; v < 0.9 { // playouts may still fumble the win later
			t.Errorf("value of bid 3 is %v, want about 1", v)
		}
	}
}

// TestFocus: a move the search finds poor gets few visits, unless it is the focus, which gets
// at least FocusVisits in each tree, and the best move stays the best.
func TestFocus(t *testing.T) {
	s := lastField(t)
	const poor = 5 // bid 5 spends everything: player 2 bids 0, then pushes the ball back alone
	visits := func(an ismcts.Analysis, a engine.Action) int {
		for _, m := range an.Moves {
			if m.Action == a {
				return m.Visits
			}
		}
		t.Fatalf("no statistics for %v in %+v", a, an.Moves)
		return 0
	}
	plain := search(t, ismcts.New(ismcts.Options{Iterations: 3000, Trees: 2}), s, 1)
	focused := search(t, ismcts.New(ismcts.Options{Iterations: 3000, Trees: 2, Focus: poor, FocusVisits: 400}), s, 1)
	if n := visits(plain, poor); n >= 800 {
		t.Fatalf("bid %d has %d visits without focus: the case does not test focus", poor, n)
	}
	if n := visits(focused, poor); n < 800 {
		t.Errorf("bid %d has %d visits with focus, want at least 800 (400 in each of 2 trees)", poor, n)
	}
	if focused.Action != 3 {
		t.Errorf("with focus the search chose %v, want 3", focused.Action)
	}
}

func TestBudget(t *testing.T) {
	s := midMatch(t, centercourt.Game, "tiebreak", 5, 2)
	for _, trees := range []int{1, 3} {
		an := search(t, ismcts.New(ismcts.Options{Iterations: 500, Trees: trees}), s, 1)
		visits := 0
		for _, m := range an.Moves {
			visits += m.Visits
		}
		if an.Iterations != 500 || visits != 500 {
			t.Errorf("%d trees: %d iterations, %d root visits; want 500", trees, an.Iterations, visits)
		}
		if an.Nodes < 1 || an.Nodes > 500 {
			t.Errorf("%d trees: %d nodes, want 1 to 500", trees, an.Nodes)
		}
	}

	if an := search(t, ismcts.New(ismcts.Options{Iterations: 1, Trees: 4}), s, 1); an.Iterations != 1 {
		t.Errorf("1 iteration in 4 trees: %d iterations", an.Iterations)
	}

	an := search(t, ismcts.New(ismcts.Options{Iterations: 500, MaxNodes: 10}), s, 1)
	if an.Iterations != 500 || an.Nodes != 10 {
		t.Errorf("MaxNodes 10: %d iterations, %d nodes; want 500 and 10", an.Iterations, an.Nodes)
	}

	// The time cap applies only when ctx has a deadline.
	capped := ismcts.New(ismcts.Options{Iterations: 2000, Time: time.Nanosecond, Depth: 20})
	if an := search(t, capped, s, 1); an.Iterations != 2000 {
		t.Errorf("time cap without a deadline: %d iterations, want 2000", an.Iterations)
	}
	ctx, cancel := context.WithTimeout(context.Background(), time.Hour)
	defer cancel()
	an, err := capped.Search(ctx, s, s.ToMove(), rand.New(rand.NewPCG(1, 0)))
	if err != nil || an.Iterations < 1 || an.Iterations >= 2000 {
		t.Errorf("time cap with a deadline: %d iterations (%v), want fewer than 2000", an.Iterations, err)
	}

	// A time budget alone.
	an = search(t, ismcts.New(ismcts.Options{Time: 20 * time.Millisecond}), s, 1)
	if an.Iterations < 1 {
		t.Errorf("time budget: %d iterations", an.Iterations)
	}

	// A deadline already passed.
	past, cancel := context.WithDeadline(context.Background(), time.Now().Add(-time.Second))
	defer cancel()
	if _, err := capped.Search(past, s, s.ToMove(), rand.New(rand.NewPCG(1, 0))); err == nil {
		t.Error("search after the deadline: no error")
	}
}

func TestForcedAndWrongSeat(t *testing.T) {
	s, _, err := pencil.Game.Start(engine.Options{"points": "3,1"})
	if err != nil {
		t.Fatal(err)
	}
	b := ismcts.New(ismcts.Options{Iterations: 100})
	rng := rand.New(rand.NewPCG(1, 0))
	if _, err := b.Choose(context.Background(), s, 1, rng); err == nil {
		t.Error("choosing for the seat not to move: no error")
	}
	for _, a := range []engine.Action{1} {
		if err := s.Apply(a); err != nil {
			t.Fatal(err)
		}
	}
	an := search(t, b, s, 1) // player 2 has one point: one legal bid
	if an.Action != 1 || an.Iterations != 0 {
		t.Errorf("forced bid: %+v, want bid 1 with no search", an)
	}
}

var _ bot.Bot = ismcts.New(ismcts.Options{})

// TestSpendWithoutDeadline checks that a search spending its whole budget is, without a
// deadline, the reproducible search of its iterations: the same analysis as without Spend.
func TestSpendWithoutDeadline(t *testing.T) {
	s := midMatch(t, games.All()[0], "", 2, 1)
	var got [2]ismcts.Analysis
	for i, spend := range []bool{false, true} {
		b := ismcts.New(ismcts.Options{Iterations: 300, Trees: 3, Spend: spend})
		an, err := b.Search(context.Background(), s, s.ToMove(), rand.New(rand.NewPCG(3, 4)))
		if err != nil {
			t.Fatal(err)
		}
		got[i] = an
	}
	if !reflect.DeepEqual(got[0], got[1]) {
		t.Errorf("with Spend and no deadline: %+v; without Spend: %+v", got[1], got[0])
	}
}

// TestRegretReproducible checks that a search with regret matching at the simultaneous bids
// plays the same bid from the same seed on one worker and on two.
func TestRegretReproducible(t *testing.T) {
	s, _, err := pencil.Game.Start(engine.Options{"points": "6"})
	if err != nil {
		t.Fatal(err)
	}
	var moves [2]engine.Action
	for i := range moves {
		b := ismcts.New(ismcts.Options{Iterations: 2000, Trees: 2, Workers: i + 1, Regret: true})
		moves[i] = search(t, b, s, 0).Action
	}
	if moves[0] != moves[1] {
		t.Errorf("bids %d on one worker and %d on two, with the same seed", moves[0], moves[1])
	}
}

// TestReproducibleWithExpertOptions checks that the search options beyond hard's (a
// fitted leaf value, single-observer keys, own views) keep a search reproducible whatever the
// workers.
func TestReproducibleWithExpertOptions(t *testing.T) {
	g := centercourt.Game
	b, err := games.NewBotSpec(g, "expert:iterations=600:trees=3:single=1:lead=1:own=1")
	if err != nil {
		t.Fatal(err)
	}
	o := b.(*ismcts.Bot).Options()
	if o.Leaf == nil || !o.SingleObserver || !o.OwnView {
		t.Fatalf("spec not applied: %+v", o)
	}
	s := midMatch(t, g, "tiebreak", 3, 1)
	o.Workers = 1
	first := search(t, ismcts.New(o), s, 42)
	for _, w := range []int{2, 3} {
		o.Workers = w
		if again := search(t, ismcts.New(o), s, 42); !reflect.DeepEqual(again, first) {
			t.Errorf("%d workers, different search:\n%+v\n%+v", w, again, first)
		}
	}
}

// TestOracleSeesHiddenCards checks Options.Oracle, the study bound: where a fair search of two
// states its seat cannot tell apart is the same, the oracle's differs, since it searches the
// true state's hidden cards.
func TestOracleSeesHiddenCards(t *testing.T) {
	s1 := midMatch(t, centercourt.Game, "tiebreak", 12, 5)
	seat := s1.ToMove()
	o := heuristicOptions(centercourt.Game, 300)
	o.Oracle = true
	oracle := ismcts.New(o)
	for i := uint64(0); i < 20; i++ {
		s2 := engine.Determinize(s1, seat, rand.New(rand.NewPCG(i, 1)))
		if observation(t, s2, 1-seat) == observation(t, s1, 1-seat) {
			continue // the same hidden cards
		}
		if !reflect.DeepEqual(search(t, oracle, s1, 7), search(t, oracle, s2, 7)) {
			return
		}
	}
	t.Error("the oracle searched 20 deals of the hidden cards the same as the true one")
}
