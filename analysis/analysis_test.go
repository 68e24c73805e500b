package analysis

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"math/rand/v2"
	"reflect"
	"strings"
	"testing"

	"deuce/bot/ismcts"
	"deuce/engine"
	"deuce/games/alakaslam"
	"deuce/games/centercourt"
	"deuce/games/lmn"
	"deuce/games/pencil"
	"deuce/games/worldwide"
)

// bidRecord records a bidding-game match with the given options and bids, player 1's first in
// each round.
func bidRecord(t *testing.T, opts engine.Options, bids ...int) *engine.Record {
	t.Helper()
	s, resolved, err := pencil.Game.Start(opts)
	if err != nil {
		t.Fatal(err)
	}
	rec := engine.NewRecord(pencil.Game, resolved, []engine.SeatInfo{{Name: "Ann"}, {Name: "Bob"}})
	for _, b := range bids {
		if err := rec.Apply(s, engine.Action(b)); err != nil {
			t.Fatalf("bid %d: %v", b, err)
		}
	}
	return rec
}

// TestPencilHandComputed checks a loss worked out by hand. With 2 points each and one field a
// side, from the centre line: equal bids of 1 lead to (1, 1) and then a tie on the centre line,
// a draw (0). A bid of 2 against 1 pushes the ball to +1 and leaves player 1 at 0 points, so
// player 2 bids 1 against 0 and the ball jumps to -1: player 1 loses (-1); 1 against 2 mirrors it
// (+1). Player 1's matrix is [[0, +1], [-1, 0]]: bidding 1 is the equilibrium (value 0), and
// bidding 2 against it returns -1, a loss of exactly 1. Player 2 bidding 2 against player 1's 1
// likewise returns -1 for player 2.
func TestPencilHandComputed(t *testing.T) {
	opts := engine.Options{"points": "2", "fields": "1"}
	tests := []handCase{
		{"player 1 bids 2", []int{2, 1}, 0, 1, 0, Blunder, "bid 1"},
		{"player 2 bids 2", []int{1, 2}, 1, 1, 0, Blunder, "bid 1"},
		{"player 1 bids 1", []int{1, 1}, 0, 0, 0, Good, "bid 1"},
	}
	for _, tc := range tests {
		run(t, opts, tc)
	}
	// In the standard game (50 each, two fields), by symmetry the opening is worth 0. Player 2
	// bidding all 50 points wins the round against any bid of player 1's optimal strategy (all
	// are at most 9) and pushes the ball to -1, but is then out of points: player 1 pushes the
	// ball back over the net and beyond player 2's field, a sure loss (-1). The loss is
	// 0 - (-1) = 1, and the optimal strategy's likeliest bid is 9.
	run(t, nil, handCase{"player 2 bids all", []int{3, 50}, 1, 1, 0, Blunder, "bid 9"})
}

type handCase struct {
	name        string
	bids        []int
	seat        int
	loss, value float64
	mark        Mark
	best        string
}

func run(t *testing.T, opts engine.Options, tc handCase) {
	t.Helper()
	{
		t.Run(tc.name, func(t *testing.T) {
			r, err := Analyse(context.Background(), bidRecord(t, opts, tc.bids...), Options{})
			if err != nil {
				t.Fatal(err)
			}
			if r.Method != MethodSolver {
				t.Errorf("method %q, want %q", r.Method, MethodSolver)
			}
			d := r.Decisions[tc.seat]
			if d.Seat != engine.Seat(tc.seat) || math.Abs(d.Loss-tc.loss) > 1e-9 || math.Abs(d.BestValue-tc.value) > 1e-9 || d.Mark != tc.mark || d.Best != tc.best {
				t.Errorf("decision %+v, want seat %d loss %v best value %v mark %q best %s", d, tc.seat, tc.loss, tc.value, tc.mark, tc.best)
			}
		})
	}
}

// TestPencilEquilibriumLossless plays the standard game with the equilibrium strategy for
// player 1 and random bids for player 2: every bid of player 1 loses 0 within 1e-9, every
// loss of player 2 is at least 0 and is exactly the value minus the bid's expected return
// against player 1's strategy, recomputed here from the solution.
func TestPencilEquilibriumLossless(t *testing.T) {
	s, resolved, err := pencil.Game.Start(nil)
	if err != nil {
		t.Fatal(err)
	}
	rec := engine.NewRecord(pencil.Game, resolved, nil)
	rng := rand.New(rand.NewPCG(7, 7))
	for s.ToMove() != engine.Nobody {
		var a engine.Action
		if s.ToMove() == 0 {
			a, err = pencil.EquilibriumPolicy(s, 0, rng)
			if err != nil {
				t.Fatal(err)
			}
		} else {
			legal := s.Legal(nil)
			a = legal[rng.IntN(len(legal))]
		}
		if err := rec.Apply(s, a); err != nil {
			t.Fatal(err)
		}
	}
	r, err := Analyse(context.Background(), rec, Options{})
	if err != nil {
		t.Fatal(err)
	}
	if got, want := len(r.Decisions), len(rec.Moves); got != want {
		t.Fatalf("%d decisions, want %d", got, want)
	}
	marked := 0
	for _, d := range r.Decisions {
		switch d.Seat {
		case 0:
			if math.Abs(d.Loss) > 1e-9 {
				t.Errorf("move %d: equilibrium bid %s loses %g", d.Move+1, d.Played, d.Loss)
			}
		case 1:
			if d.Loss < -1e-9 {
				t.Errorf("move %d: bid %s has negative loss %g", d.Move+1, d.Played, d.Loss)
			}
			if d.Mark != Good {
				marked++
			}
		}
		for _, c := range d.Strategy {
			if math.Abs(c.Value-d.BestValue) > 1e-9 {
				t.Errorf("move %d: equilibrium bid %s is worth %g, the position %g", d.Move+1, c.Move, c.Value, d.BestValue)
			}
		}
	}
	if got := r.Seats[1].Marks[Inaccuracy] + r.Seats[1].Marks[Mistake] + r.Seats[1].Marks[Blunder]; got != marked {
		t.Errorf("player 2's summary counts %d marks, the decisions %d", got, marked)
	}
	if r.Seats[0].Accuracy != 100 || r.Seats[0].AverageLoss > 1e-9 {
		t.Errorf("player 1 summary %+v, want accuracy 100 and no loss", r.Seats[0])
	}
	if last := r.Curve[len(r.Curve)-1]; last.Move != len(rec.Moves) || last.Value != rec.Result.Returns[0] {
		t.Errorf("curve ends at %+v, want the result %v", last, rec.Result.Returns[0])
	}
}

func TestPencilTooLarge(t *testing.T) {
	rec := bidRecord(t, engine.Options{"points": "150"}, 1, 1)
	if _, err := Analyse(context.Background(), rec, Options{}); !errors.Is(err, ErrTooLarge) {
		t.Errorf("error %v, want ErrTooLarge", err)
	}
}

func TestBadRecord(t *testing.T) {
	rec := bidRecord(t, nil, 3, 4)
	rec.Moves[1].Action = 99
	rec.Moves[1].Text = ""
	if _, err := Analyse(context.Background(), rec, Options{}); !errors.Is(err, engine.ErrBadRecord) {
		t.Errorf("error %v, want ErrBadRecord", err)
	}
	rec.Game = "chess"
	if _, err := Analyse(context.Background(), rec, Options{}); !errors.Is(err, engine.ErrBadRecord) {
		t.Errorf("error %v, want ErrBadRecord", err)
	}
}

// cardRecord plays a Center Court tiebreak between the game's heuristic for both seats.
func cardRecord(t *testing.T, seed uint64) *engine.Record {
	t.Helper()
	return heuristicRecord(t, centercourt.Game, engine.Options{"format": "tiebreak"}, seed, 0)
}

// heuristicRecord plays g with its heuristic for every seat, for at most maxMoves moves (0: to
// the end).
func heuristicRecord(t *testing.T, g engine.Game, opts engine.Options, seed uint64, maxMoves int) *engine.Record {
	t.Helper()
	s, resolved, err := g.Start(opts)
	if err != nil {
		t.Fatal(err)
	}
	seats := make([]engine.SeatInfo, s.NumSeats())
	for i := range seats {
		seats[i] = engine.SeatInfo{Name: fmt.Sprintf("seat %d", i+1)}
	}
	seats[0].Name = "Ann"
	rec := engine.NewRecord(g, resolved, seats)
	rng := rand.New(rand.NewPCG(seed, 1))
	for s.ToMove() != engine.Nobody && (maxMoves == 0 || len(rec.Moves) < maxMoves) {
		var a engine.Action
		if s.ToMove() == engine.Chance {
			a = engine.SampleChance(rng, s.Chances(nil))
		} else {
			a = g.Heuristic(engine.Determinize(s, s.ToMove(), rng), rng)
		}
		if err := rec.Apply(s, a); err != nil {
			t.Fatal(err)
		}
	}
	return rec
}

// TestSearchReadsOnlyTheSeatsInformation swaps the other seats' unseen cards (a
// determinization for the deciding seat: another deal of everything it cannot see) and checks
// that the decision's analysis is the same, in every card game.
func TestSearchReadsOnlyTheSeatsInformation(t *testing.T) {
	tests := []struct {
		game engine.Game
		opts engine.Options
	}{
		{centercourt.Game, engine.Options{"format": "tiebreak"}},
		{lmn.Game, engine.Options{"players": "singles"}},
		{alakaslam.Game, engine.Options{"format": "singles"}},
		{worldwide.Game, engine.Options{"mode": "tiebreak"}},
	}
	for _, tc := range tests {
		t.Run(tc.game.Name, func(t *testing.T) {
			rec := heuristicRecord(t, tc.game, tc.opts, 3, 400)
			sr, err := newSearcher(tc.game, Options{Iterations: 100, Trees: 1}.withDefaults())
			if err != nil {
				t.Fatal(err)
			}
			rng := rand.New(rand.NewPCG(11, 11))
			checked := 0
			_, err = engine.Replay(tc.game, rec, func(i int, s engine.State) {
				if i >= len(rec.Moves) || s.ToMove() < 0 || checked >= 3 || len(s.Legal(nil)) < 2 {
					return
				}
				seat := s.ToMove()
				swapped := engine.Determinize(s, seat, rng)
				if mustJSON(t, swapped.Observe(seat)) != mustJSON(t, s.Observe(seat)) {
					t.Fatalf("move %d: the swap changed what %v sees", i+1, seat)
				}
				differs := false
				for o := range s.NumSeats() {
					differs = differs || mustJSON(t, swapped.Observe(engine.Seat(o))) != mustJSON(t, s.Observe(engine.Seat(o)))
				}
				if !differs {
					return // nothing hidden to swap here
				}
				a := rec.Moves[i].Action
				want, err := sr.judge(context.Background(), step{move: i, state: s.Clone()}, a, 5)
				if err != nil {
					t.Fatal(err)
				}
				got, err := sr.judge(context.Background(), step{move: i, state: swapped}, a, 5)
				if err != nil {
					t.Fatal(err)
				}
				if wantIt := map[bool]int{false: 100, true: (1 + Recheck) * 100}[want.Rechecked]; want.Iterations != wantIt {
					t.Errorf("move %d: the search ran %d iterations, want %d", i+1, want.Iterations, wantIt)
				}
				if !reflect.DeepEqual(got, want) {
					t.Errorf("move %d: analysis changed when the unseen cards were swapped:\nreal    %+v\nswapped %+v", i+1, want, got)
				}
				checked++
			})
			if err != nil {
				t.Fatal(err)
			}
			if checked == 0 {
				t.Fatal("no decision with hidden cards was checked")
			}
			t.Logf("%d decisions checked", checked)
		})
	}
}

// TestCardAnalysis analyses a whole Center Court tiebreak: every decision is judged, the result
// does not depend on the worker count, progress reaches the total, and the summaries count
// what the decisions say.
func TestCardAnalysis(t *testing.T) {
	if testing.Short() {
		t.Skip("searches every decision of a match")
	}
	rec := cardRecord(t, 4)
	var last, total int
	// A budget at which some losses are sure and some are not, so that both rules of the marks
	// are checked.
	const budget = 1000
	opts := Options{Iterations: budget, Trees: 1, Seed: 9, Progress: func(d, n int) { last, total = d, n }}
	r1, err := Analyse(context.Background(), rec, opts)
	if err != nil {
		t.Fatal(err)
	}
	if last != total || total != len(r1.Decisions) {
		t.Errorf("progress ended at %d of %d, %d decisions", last, total, len(r1.Decisions))
	}
	opts.Workers, opts.Progress = 2, nil
	r2, err := Analyse(context.Background(), rec, opts)
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(r1, r2) {
		t.Errorf("analysis depends on the worker count:\n1 worker  %+v\n2 workers %+v", r1, r2)
	}
	if r1.Method != MethodSearch || r1.Budget == "" {
		t.Errorf("method %q budget %q", r1.Method, r1.Budget)
	}
	decisions := 0
	for _, m := range rec.Moves {
		if m.Seat >= 0 {
			decisions++
		}
	}
	if len(r1.Decisions) != decisions {
		t.Errorf("%d decisions judged, the record has %d", len(r1.Decisions), decisions)
	}
	var unforced [2]int
	uncertain, marked, rechecked := 0, 0, 0
	for _, d := range r1.Decisions {
		// A loss is marked by what its interval makes sure of, after a second search of a close
		// call.
		want, unsure := verdict(d.Loss, d.Interval)
		spent := budget
		if d.Rechecked {
			spent += Recheck * budget
			rechecked++
		}
		if d.Uncertain {
			uncertain++
		}
		if d.Loss < 0 || (!d.Forced && d.Iterations != spent) || d.Mark != want || d.Uncertain != unsure {
			t.Errorf("decision %+v", d)
		}
		if d.Mark != Good {
			marked++
		}
		if !d.Forced {
			unforced[d.Seat]++
		}
	}
	if uncertain == 0 || marked == 0 || rechecked == 0 {
		t.Errorf("%d uncertain, %d marked and %d rechecked decisions: the case does not check every rule", uncertain, marked, rechecked)
	}
	for i, s := range r1.Seats {
		if s.Decisions != unforced[i] || s.Accuracy < 0 || s.Accuracy > 100 {
			t.Errorf("seat %d summary %+v, want %d decisions", i, s, unforced[i])
		}
	}
	if r1.Seats[0].Name != "Ann" {
		t.Errorf("seat name %q", r1.Seats[0].Name)
	}
}

func TestCancel(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := Analyse(ctx, cardRecord(t, 5), Options{Iterations: 50}); !errors.Is(err, context.Canceled) {
		t.Errorf("error %v, want context.Canceled", err)
	}
}

func TestMarks(t *testing.T) {
	tests := []struct {
		loss float64
		want Mark
	}{
		{0, Good}, {0.099, Good}, {0.1, Inaccuracy}, {0.199, Inaccuracy}, {0.2, Mistake}, {0.4, Blunder}, {2, Blunder},
	}
	for _, tc := range tests {
		t.Run(fmt.Sprint(tc.loss), func(t *testing.T) {
			if got := markOf(tc.loss); got != tc.want {
				t.Errorf("markOf(%v) = %q, want %q", tc.loss, got, tc.want)
			}
		})
	}
}

func mustJSON(t *testing.T, v any) string {
	t.Helper()
	b, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// TestFocusedVisitsDoNotChooseTheBest: the visits the focus gives the move played are not the
// search's preference. A played move that the forced visits alone make the most visited is
// still judged against the move the search preferred.
func TestFocusedVisitsDoNotChooseTheBest(t *testing.T) {
	moves := []ismcts.MoveStats{{Action: 1, Visits: 300}, {Action: 2, Visits: 250}, {Action: 3, Visits: 400}}
	visits := unforced(moves, 3, 124)
	if want := []int{300, 250, 276}; !reflect.DeepEqual(visits, want) {
		t.Fatalf("unforced visits %v, want %v", visits, want)
	}
	if best := preferred(moves, visits, 3); best == nil || best.Action != 1 {
		t.Errorf("best %+v, want action 1: the played move's lead is only its forced visits", best)
	}
	// Played move with fewer visits than forced: none of them were the search's.
	if v := unforced(moves, 2, 1000); v[1] != 0 {
		t.Errorf("unforced visits of a move visited only by the focus: %d, want 0", v[1])
	}
	// Ties go to the search's own choice.
	tied := []ismcts.MoveStats{{Action: 1, Visits: 100}, {Action: 2, Visits: 100}}
	if best := preferred(tied, unforced(tied, 9, 0), 2); best.Action != 2 {
		t.Errorf("tie went to %v, want the search's choice 2", best.Action)
	}
}

// TestMarksAreBeyondTheNoise: an estimated loss is marked by what its interval makes sure of,
// the loss less the interval's half-width, never by a point estimate the interval does not
// confirm; a loss the point estimate would mark and the interval does not is a close call,
// flagged Uncertain and left unmarked. (A Center Court match once marked one move "mistake,
// loss 0.358 ±0.187, best return 2-2-2-2" and the same choice two moves later "mistake, loss
// 0.309 ±0.187, best return 5".)
func TestMarksAreBeyondTheNoise(t *testing.T) {
	if testing.Short() {
		t.Skip("searches every decision of a match")
	}
	r, err := Analyse(context.Background(), cardRecord(t, 4), Options{Iterations: 1000, Trees: 1, Seed: 9})
	if err != nil {
		t.Fatal(err)
	}
	threshold := map[Mark]float64{Inaccuracy: InaccuracyLoss, Mistake: MistakeLoss, Blunder: BlunderLoss}
	marked, closeCalls := 0, 0
	for _, d := range r.Decisions {
		sure := d.Loss - d.Interval
		switch {
		case d.Mark != Good:
			marked++
			if sure < threshold[d.Mark] || markOf(sure) != d.Mark {
				t.Errorf("move %d: %s marked %s with loss %.3f ±%.3f: the interval reaches below the mark", d.Move+1, d.Played, d.Mark, d.Loss, d.Interval)
			}
		case markOf(d.Loss) != Good:
			closeCalls++
			if !d.Uncertain {
				t.Errorf("move %d: %s, loss %.3f ±%.3f, neither marked nor a close call", d.Move+1, d.Played, d.Loss, d.Interval)
			}
		}
	}
	if marked == 0 || closeCalls == 0 {
		t.Errorf("%d marked and %d close calls: the case does not check both", marked, closeCalls)
	}
}

// TestPencilMixedEquilibriumWording: where the equilibrium mixes several bids, no one of them
// is called the best. From 43-31 with the ball in player 1's field (player 1 bid 7 and player
// 2 bid 19 in the first round) player 2's equilibrium plays 13 bids, 1 (36.83%) and 3 to 14
// (deuce solve pencil --state 43,31,-1): a bid of 18 loses what the equilibrium of player 1
// takes from it, and a bid of the support loses nothing.
func TestPencilMixedEquilibriumWording(t *testing.T) {
	const advice = "the equilibrium plays 13 bids: 1 and 3–14 (bid 1 most often, 37%)"
	tests := []struct {
		name string
		bid  int
		mark Mark
	}{
		{"outside the support", 18, Mistake},
		{"the likeliest bid", 1, Good},
		{"another bid of the support", 9, Good},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			rec := bidRecord(t, nil, 7, 19, 5, tc.bid)
			r, err := Analyse(context.Background(), rec, Options{})
			if err != nil {
				t.Fatal(err)
			}
			d := r.Decisions[3]
			if d.Mark != tc.mark || tc.mark == Good && math.Abs(d.Loss) > 1e-9 {
				t.Errorf("bid %d: mark %q loss %v, want mark %q", tc.bid, d.Mark, d.Loss, tc.mark)
			}
			var b strings.Builder
			if err := r.WriteText(&b, true); err != nil {
				t.Fatal(err)
			}
			out := b.String()
			if !strings.Contains(out, advice) || strings.Contains(out, "best bid") {
				t.Errorf("the text says %q of a mixed equilibrium, or calls a bid best:\n%s", advice, out)
			}
		})
	}
	if math.Abs(mustAnalyse(t, bidRecord(t, nil, 7, 19, 5, 18)).Decisions[3].Loss-0.315) > 5e-4 {
		t.Error("bid 18 does not lose 0.315")
	}
}

func mustAnalyse(t *testing.T, rec *engine.Record) *Report {
	t.Helper()
	r, err := Analyse(context.Background(), rec, Options{Iterations: 50, Trees: 1})
	if err != nil {
		t.Fatal(err)
	}
	return r
}

// TestTextNumbersAndNamesAsTheReplay: the text numbers a decision as the replay page does,
// among the players' moves (the deals and draws of chance not counted), and names its player
// as the record does.
func TestTextNumbersAndNamesAsTheReplay(t *testing.T) {
	rec := heuristicRecord(t, centercourt.Game, engine.Options{"format": "tiebreak"}, 2, 60)
	r := mustAnalyse(t, rec)
	var b strings.Builder
	if err := r.WriteText(&b, true); err != nil {
		t.Fatal(err)
	}
	out := b.String()
	played := 0
	want := map[string]bool{}
	for _, m := range rec.Moves {
		if m.Seat < 0 {
			continue
		}
		played++
		want[fmt.Sprintf("Move %d · %s: %s", played, rec.Seats[m.Seat].Name, m.Text)] = true
	}
	if played == len(rec.Moves) {
		t.Fatal("no chance move in the record: the case checks nothing")
	}
	missing := 0
	for line := range want {
		if !strings.Contains(out, line) {
			missing++
		}
	}
	if missing > 0 {
		t.Errorf("the text lacks %d of %d moves as the replay numbers and names them:\n%s", missing, len(want), out)
	}
	if strings.Contains(out, "player 1") {
		t.Errorf("the text names a player by seat:\n%s", out)
	}
}

func TestVerdict(t *testing.T) {
	tests := []struct {
		loss, interval float64
		want           Mark
		unsure         bool
	}{
		{0, 0, Good, false},
		{0.05, 0.13, Good, false},         // no mark either way
		{0.309, 0.187, Inaccuracy, false}, // surely more than 0.122, not surely 0.2
		{0.358, 0.187, Inaccuracy, false},
		{0.15, 0.094, Good, true}, // a close call
		{0.101, 0.001, Inaccuracy, false},
		{0.55, 0.188, Mistake, false},
		{0.7, 0.188, Blunder, false},
		{0.4, 0, Blunder, false}, // exact
	}
	for _, tc := range tests {
		t.Run(fmt.Sprintf("%v±%v", tc.loss, tc.interval), func(t *testing.T) {
			if got, unsure := verdict(tc.loss, tc.interval); got != tc.want || unsure != tc.unsure {
				t.Errorf("verdict(%v, %v) = %q, %v; want %q, %v", tc.loss, tc.interval, got, unsure, tc.want, tc.unsure)
			}
		})
	}
}

// TestRecheck: a decision whose first search leaves its mark in doubt is searched once more,
// with Recheck times the budget and its own seed, and judged by that search alone; every other
// decision is judged by its first search.
func TestRecheck(t *testing.T) {
	if testing.Short() {
		t.Skip("searches every decision of a match twice")
	}
	rec := cardRecord(t, 4)
	opts := Options{Iterations: 300, Trees: 1, Seed: 3}
	r, err := Analyse(context.Background(), rec, opts)
	if err != nil {
		t.Fatal(err)
	}
	sr, err := newSearcher(centercourt.Game, opts.withDefaults())
	if err != nil {
		t.Fatal(err)
	}
	g := centercourt.Game
	states := map[int]engine.State{}
	if _, err := engine.Replay(g, rec, func(i int, s engine.State) { states[i] = s.Clone() }); err != nil {
		t.Fatal(err)
	}
	rechecked := 0
	for _, d := range r.Decisions {
		if d.Forced {
			continue
		}
		s, a, seed := states[d.Move], rec.Moves[d.Move].Action, mix(opts.Seed, uint64(d.Move))
		base := Decision{Move: d.Move, Seat: d.Seat, Played: d.Played}
		first, err := sr.estimate(context.Background(), base, s, a, opts.Iterations, seed)
		if err != nil {
			t.Fatal(err)
		}
		if got := inDoubt(first); got != d.Rechecked {
			t.Errorf("move %d: first search %.3f ±%.3f (%q), rechecked %v", d.Number, first.Loss, first.Interval, first.Mark, d.Rechecked)
			continue
		}
		want := first
		if d.Rechecked {
			rechecked++
			if want, err = sr.estimate(context.Background(), base, s, a, Recheck*opts.Iterations, mix(seed, Recheck)); err != nil {
				t.Fatal(err)
			}
			want.Rechecked, want.Iterations = true, want.Iterations+first.Iterations
		}
		want.Number = d.Number
		if !reflect.DeepEqual(d, want) {
			t.Errorf("move %d:\ngot  %+v\nwant %+v", d.Number, d, want)
		}
	}
	if rechecked == 0 {
		t.Error("no decision was searched twice: the case checks nothing")
	}
}

// The text's last line names who won, not a bare score.
func TestTextNamesTheWinner(t *testing.T) {
	r := &Report{Seats: []SeatSummary{{Seat: 0, Name: "Ann"}, {Seat: 1, Name: "Bob"}}}
	for _, tc := range []struct {
		res  engine.Result
		want string
	}{
		{engine.Result{Over: true, Winner: 1, Returns: []float64{-1, 1}, Score: "4-7"}, "4-7, Bob wins"},
		{engine.Result{Over: true, Winner: engine.Nobody, Returns: []float64{0, 0}, Score: "5-5"}, "5-5, a draw"},
		{engine.Result{Over: true, Winner: engine.Nobody, Returns: []float64{-1}, Score: "2-7 (the automaton wins)"}, "2-7 (the automaton wins)"},
		{engine.Result{Winner: engine.Nobody}, "not finished"},
	} {
		r.Result = tc.res
		if got := r.resultText(); got != tc.want {
			t.Errorf("%+v: %q, want %q", tc.res, got, tc.want)
		}
	}
}

// TestPencilDecidedRound: a won match let slip is a blunder, though the equilibrium of the
// player who has lost (any bid loses, so the solver's is the lowest it finds) would not beat it.
// Player 1 bids 7 and 8 against 20 and 19: 35 points against 11, the ball in player 1's last
// field (deuce solve pencil --state 35,11,-2: a sure win, by bidding 11). Bids of 11 and 12
// keep the win whatever player 2 bids; 9 loses to 10 or 11, and the ball goes out, and 35
// leaves nothing for the next rounds: each a loss of 2, from a sure win to a sure loss.
func TestPencilDecidedRound(t *testing.T) {
	for _, tc := range []struct {
		bid  int
		loss float64
		mark Mark
	}{{9, 2, Blunder}, {11, 0, Good}, {12, 0, Good}, {35, 2, Blunder}} {
		r, err := Analyse(context.Background(), bidRecord(t, nil, 7, 20, 8, 19, tc.bid, 10), Options{})
		if err != nil {
			t.Fatal(err)
		}
		d := r.Decisions[4]
		if d.Seat != 0 || math.Abs(d.BestValue-1) > 1e-9 || math.Abs(d.Loss-tc.loss) > 1e-9 || d.Mark != tc.mark {
			t.Errorf("bid %d at 35-11, the ball in player 1's last field: seat %d, best value %v, loss %v, mark %q; want a sure win, loss %v, %q",
				tc.bid, d.Seat, d.BestValue, d.Loss, d.Mark, tc.loss, tc.mark)
		}
	}
}
