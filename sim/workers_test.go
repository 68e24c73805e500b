package sim_test

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"math/rand/v2"
	"reflect"
	"slices"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"deuce/bot"
	"deuce/engine"
	"deuce/games/alakaslam"
	"deuce/games/pencil"
	"deuce/games/worldwide"
	"deuce/sim"
)

// TestSameResultsWhateverTheWorkers plays a run long enough for workers to take batches of
// many matches, in games that report tennis facts (and tags, in all but the bidding game), with
// random players (whose moves the workers draw themselves) and the heuristic, on one worker and
// on three: the report, every match's result line and, in a run that records them, every match
// record must be the same byte for byte; and the report must be the same whether the run folds
// each match in for a callback or, with none, each batch whole. The bidding game and AlakaSLAM
// start each match in the storage of the worker's last (copier) and write their facts over the
// last ones' (factsWriter), so a match that inherited anything from the one before would show.
func TestSameResultsWhateverTheWorkers(t *testing.T) {
	for _, c := range []struct {
		game     engine.Game
		variants []sim.Variant
		tags     bool
	}{
		{worldwide.Game, []sim.Variant{
			{Name: "tiebreak", Options: engine.Options{"mode": "tiebreak"}},
			{Name: "clay", Options: engine.Options{"surface": "clay", "rules": "advanced"}},
		}, true},
		{alakaslam.Game, []sim.Variant{
			{Name: "singles", Options: engine.Options{"character1": "random", "character2": "random"}},
			{Name: "doubles", Options: engine.Options{"format": "doubles", "character1": "random"}},
		}, true},
		{pencil.Game, []sim.Variant{
			{Name: "default"},
			{Name: "knockout", Options: engine.Options{"points": "12", "scoring": "knockout"}},
		}, false},
	} {
		t.Run(c.game.Name, func(t *testing.T) { testSameResults(t, c.game, c.variants, c.tags) })
	}
}

func testSameResults(t *testing.T, game engine.Game, variants []sim.Variant, tags bool) {
	const (
		noCallback = iota
		onResult   // OnResult set
		onMatch    // OnResult and OnMatch set
	)
	run := func(workers int, callbacks int) (report, results, records []byte) {
		t.Helper()
		cfg := sim.Config{
			Game:     game,
			Variants: variants,
			Players: []sim.Player{{Name: "r1", Bot: bot.Random{}}, {Name: "h", Bot: bot.Heuristic{Policy: game.Heuristic}},
				{Name: "r2", Bot: bot.Random{}}},
			Matches: 40,
			Seed:    11,
			Workers: workers,
		}
		var res, recs bytes.Buffer
		if callbacks != noCallback {
			cfg.OnResult = func(r sim.MatchResult) error {
				if r.Facts == nil || tags && len(r.Facts.Tags) == 0 {
					t.Errorf("match %d: no tennis facts or tags", r.Index)
				}
				return json.NewEncoder(&res).Encode(r)
			}
		}
		if callbacks == onMatch {
			cfg.OnMatch = func(i int, rec *engine.Record) error {
				return json.NewEncoder(&recs).Encode(rec)
			}
		}
		rep, err := sim.Run(context.Background(), cfg)
		if err != nil {
			t.Fatal(err)
		}
		return reportJSON(t, rep), res.Bytes(), recs.Bytes()
	}
	rep1, res1, _ := run(1, onResult)
	rep3, res3, _ := run(3, onResult)
	if !bytes.Equal(rep1, rep3) {
		t.Errorf("reports differ:\none worker:\n%s\nthree:\n%s", rep1, rep3)
	}
	if !bytes.Equal(res1, res3) {
		t.Errorf("results differ:\none worker:\n%s\nthree:\n%s", res1, res3)
	}
	repRec, resRec, rec1 := run(1, onMatch)
	_, _, rec3 := run(3, onMatch)
	if !bytes.Equal(repRec, rep1) || !bytes.Equal(resRec, res1) {
		t.Error("recording the matches changed the results")
	}
	if !bytes.Equal(rec1, rec3) || bytes.Count(rec1, []byte("\n")) != 240 {
		t.Error("match records differ")
	}
	if n := bytes.Count(res1, []byte("\n")); n != 240 {
		t.Errorf("%d result lines, want 240", n)
	}
	for _, workers := range []int{1, 3} {
		if rep, _, _ := run(workers, noCallback); !bytes.Equal(rep, rep1) {
			t.Errorf("%d workers, no callback: report\n%s\nwith one:\n%s", workers, rep, rep1)
		}
	}
}

// errBroken is the failure of the flaky bot.
var errBroken = errors.New("broken")

// TestStopsAtTheFirstFailure plays runs in which a bot fails in some matches (a draw from the
// match's own random stream decides which), on one worker and on three, folding each batch
// whole and, with a callback, each match: every run must stop with the error of the first
// failing match, its tally holding exactly the matches before it.
func TestStopsAtTheFirstFailure(t *testing.T) {
	flaky := bot.Func{Level: "flaky", F: func(_ context.Context, s engine.State, _ engine.Seat, rng *rand.Rand) (engine.Action, error) {
		if rng.IntN(300) == 0 {
			return 0, errBroken
		}
		legal := s.Legal(nil)
		return legal[rng.IntN(len(legal))], nil
	}}
	type outcome struct {
		next   int
		err    string
		report string
	}
	run := func(workers int, callback bool) outcome {
		t.Helper()
		cfg := sim.Config{Game: duel, Players: []sim.Player{{Name: "r", Bot: bot.Random{}}, {Name: "f", Bot: flaky}},
			Matches: 3000, Seed: 5, Workers: workers}
		if callback {
			cfg.OnResult = func(sim.MatchResult) error { return nil }
		}
		tally, err := sim.NewTally(cfg)
		if err != nil {
			t.Fatal(err)
		}
		err = sim.Play(context.Background(), cfg, tally)
		if !errors.Is(err, errBroken) {
			t.Fatalf("%d workers: %v, want the bot's failure", workers, err)
		}
		return outcome{tally.Next, err.Error(), string(reportJSON(t, tally.Report()))}
	}
	want := run(1, true)
	if want.next < 10 || want.next > 2000 || !strings.HasPrefix(want.err, fmt.Sprintf("match %d: ", want.next)) {
		t.Fatalf("stopped at match %d with %q: want a failure in the first 2000 matches, named", want.next, want.err)
	}
	for _, workers := range []int{1, 3} {
		for _, callback := range []bool{false, true} {
			if got := run(workers, callback); got != want {
				t.Errorf("%d workers, callback %v: stopped at %d with %q, want %d with %q (or the reports differ)",
					workers, callback, got.next, got.err, want.next, want.err)
			}
		}
	}
}

// TestKeepsMatchesFinishedAhead stops a run while one match is stuck, with the other worker
// far ahead of it: the matches it finished beyond the stuck one cannot be folded yet, and must
// come back through OnAhead, in order, each the result a whole run gives it; the match the
// stop reached, whose last move was cut short (the bot plays another move once stopped, as a
// search does), must not. A run resumed with them as Known must not play them again, and
// must report what an uninterrupted run reports; stopped again before it folds them, it must
// hand them all back.
func TestKeepsMatchesFinishedAhead(t *testing.T) {
	const matches, stuckAt, aheadBy = 640, 21, 80 // the gate bot plays once a match
	var calls atomic.Int64
	var stop context.CancelFunc
	gate := bot.Func{Level: "gate", F: func(ctx context.Context, s engine.State, _ engine.Seat, rng *rand.Rand) (engine.Action, error) {
		legal := s.Legal(nil)
		a := legal[rng.IntN(len(legal))]
		if stop == nil {
			calls.Add(1)
			return a, nil
		}
		switch n := calls.Add(1); {
		case n == stuckAt:
			select { // stuck until the run stops
			case <-ctx.Done():
			case <-time.After(time.Minute): // so that the test fails rather than hangs
				t.Errorf("the other worker never finished %d matches ahead of the stuck one", aheadBy)
				stop()
			}
			return 0, ctx.Err()
		case n == stuckAt+aheadBy:
			stop()
		}
		if ctx.Err() != nil {
			a = legal[(slices.Index(legal, a)+1)%len(legal)] // a search cut short
		}
		return a, nil
	}}
	base := sim.Config{Game: duel, Players: []sim.Player{{Name: "r", Bot: bot.Random{}}, {Name: "g", Bot: gate}},
		Matches: matches, Seed: 3, Workers: 2}

	// The whole run, every result kept.
	whole := base
	all := map[int]sim.MatchResult{}
	whole.OnResult = func(r sim.MatchResult) error { all[r.Index] = keep(t, r); return nil }
	wantTally, _ := sim.NewTally(whole)
	if err := sim.Play(context.Background(), whole, wantTally); err != nil {
		t.Fatal(err)
	}

	// The run stopped while a match is stuck.
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	stop = cancel
	calls.Store(0)
	first := base
	var folded []sim.MatchResult
	var ahead []sim.MatchResult
	first.OnResult = func(r sim.MatchResult) error { folded = append(folded, keep(t, r)); return nil }
	first.OnAhead = func(rs []sim.MatchResult) error { ahead = append(ahead, rs...); return nil }
	tally, _ := sim.NewTally(first)
	if err := sim.Play(ctx, first, tally); !errors.Is(err, context.Canceled) {
		t.Fatalf("stopped run: %v, want context.Canceled", err)
	}
	if len(ahead) < 50 {
		t.Fatalf("%d matches kept ahead of match %d, want the other worker's (50 or more)", len(ahead), tally.Next)
	}
	for k, r := range ahead {
		if r.Index <= tally.Next || (k > 0 && r.Index <= ahead[k-1].Index) {
			t.Fatalf("ahead[%d] is match %d: want matches after %d, in order", k, r.Index, tally.Next)
		}
		if w := all[r.Index]; !reflect.DeepEqual(r, w) {
			t.Fatalf("match %d kept ahead as %+v, the whole run gave %+v", r.Index, r, w)
		}
	}

	// Resumed: the folded matches first, as a results file gives them, the rest with Known.
	stop = nil
	calls.Store(0)
	again := base
	again.Known = map[int]sim.MatchResult{}
	for _, r := range ahead {
		again.Known[r.Index] = r
	}
	resumed, _ := sim.NewTally(again)
	for _, r := range folded {
		if err := resumed.Add(r); err != nil {
			t.Fatal(err)
		}
	}
	// Stopped before it folds anything, it hands back every match it was given.
	stopped, cancelNow := context.WithCancel(context.Background())
	cancelNow()
	twice := again
	var back []sim.MatchResult
	twice.OnAhead = func(rs []sim.MatchResult) error { back = rs; return nil }
	if err := sim.Play(stopped, twice, resumed); !errors.Is(err, context.Canceled) {
		t.Fatalf("a resumed run stopped at once: %v, want context.Canceled", err)
	}
	if !reflect.DeepEqual(back, ahead) {
		t.Fatalf("a resumed run stopped at once handed back %d matches, want the %d it was given", len(back), len(ahead))
	}
	if err := sim.Play(context.Background(), again, resumed); err != nil {
		t.Fatal(err)
	}
	if played, want := int(calls.Load()), matches-len(folded)-len(ahead); played != want {
		t.Errorf("the resumed run played %d matches, want %d: the %d kept ahead must not be played again", played, want, len(ahead))
	}
	if got, want := reportJSON(t, resumed.Report()), reportJSON(t, wantTally.Report()); !bytes.Equal(got, want) {
		t.Errorf("resumed run:\n%s\nuninterrupted:\n%s", got, want)
	}

	// A kept result that is not this run's match is refused before anything is played.
	bad := base
	r := ahead[0]
	r.Sides = [2]int{r.Sides[1], r.Sides[0]}
	bad.Known = map[int]sim.MatchResult{r.Index: r}
	fresh, _ := sim.NewTally(bad)
	if err := sim.Play(context.Background(), bad, fresh); !errors.Is(err, sim.ErrMismatch) || fresh.Next != 0 {
		t.Errorf("a kept result with the sides swapped: %v after %d matches, want ErrMismatch before any", err, fresh.Next)
	}
}

// keep copies r through its JSON line, as a results file keeps it: OnResult's facts live in
// storage the run reuses.
func keep(t *testing.T, r sim.MatchResult) sim.MatchResult {
	t.Helper()
	b, err := json.Marshal(r)
	if err != nil {
		t.Fatal(err)
	}
	var c sim.MatchResult
	if err := json.Unmarshal(b, &c); err != nil {
		t.Fatal(err)
	}
	return c
}
