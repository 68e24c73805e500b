package centercourt

import (
	"errors"
	"fmt"
	"math"
	"slices"
	"strings"
	"testing"

	"deuce/engine"
	"deuce/engine/enginetest"
)

// invariant checks what holds after every action: every card is in exactly one place, hands
// hold at most 8 cards, the Volley Value is a card value.
var invariant = enginetest.Invariant(func(s *State) error {
	for w := 1; w <= numValues; w++ {
		n := s.hands[0][w] + s.hands[1][w] + s.draw[w] + s.discard[w] + s.table[w]
		if n != copies {
			return fmt.Errorf("%d cards of value %d in play, want %d", n, w, copies)
		}
		for _, c := range []*counts{&s.hands[0], &s.hands[1], &s.draw, &s.discard, &s.table} {
			if c[w] < 0 {
				return fmt.Errorf("negative count of value %d", w)
			}
		}
	}
	for seat, h := range s.hands {
		if n := h.total(); n > handSize {
			return fmt.Errorf("seat %d holds %d cards", seat, n)
		}
	}
	if s.volley < 0 || s.volley > numValues {
		return fmt.Errorf("volley value %d", s.volley)
	}
	if s.phase == phaseReturn && s.volley == 0 {
		return errors.New("returning with no volley value")
	}
	// What the table shows of a hand is true of it.
	for seat, e := range s.known {
		if !e.active {
			continue
		}
		h := s.hands[seat]
		if e.old < 0 || e.drawn < 0 || int(e.old)+int(e.drawn) != h.total() {
			return fmt.Errorf("seat %d holds %d cards, the evidence %d old and %d drawn", seat, h.total(), e.old, e.drawn)
		}
		for w := 1; w <= numValues; w++ {
			if e.cap[w] < 0 || h[w] > e.cap[w]+e.drawn {
				return fmt.Errorf("seat %d holds %d cards of value %d, the evidence at most %d old and %d drawn", seat, h[w], w, e.cap[w], e.drawn)
			}
		}
	}
	return nil
})

func TestConformance(t *testing.T) {
	// The kit's checks cost far more than play, so the long formats get fewer matches.
	enginetest.RunVariants(t, Game, enginetest.Config{Invariant: invariant, DeepEvery: 10},
		map[string]int{"tiebreak": 30, "set": 6, "best-of-3": 2, "best-of-5": 1})
}

func FuzzRules(f *testing.F) {
	enginetest.Fuzz(f, Game, enginetest.Config{Invariant: invariant, DeepEvery: 25})
}

// policy chooses a decision; chance is always sampled by weight.
type policy = enginetest.Policy[*State]

// randomPolicy moves at random; heuristicPolicy plays Heuristic on what the seat to move knows.
var randomPolicy, heuristicPolicy = enginetest.Policies[*State](Heuristic)

// step applies one action: a chance outcome by weight, a policy's choice otherwise.
var step = enginetest.Step[*State]

func newMatch(t testing.TB, format string) *State {
	t.Helper()
	return enginetest.Start[*State](t, Game, engine.Options{"format": format})
}

func TestRandomMatches(t *testing.T) {
	matches.Matches(t, heuristicPolicy, 5, enginetest.VariantOptions(Game,
		engine.Options{"format": "set", "server-refill": "no"},
		engine.Options{"format": "best-of-3", "server-refill": "no", "first-server": "2"})...)
}

// TestConformanceOptions runs the conformance kit on option sets no variant names.
func TestConformanceOptions(t *testing.T) {
	enginetest.RunOptions(t, Game, enginetest.Config{Invariant: invariant, Matches: 4, DeepEvery: 10},
		engine.Options{"format": "tiebreak", "server-refill": "no", "first-server": "2"},
		engine.Options{"format": "set", "server-refill": "no"})
}

// matches plays checked matches: the invariant, a score that only moves forward, a full deal at
// the start, and the result the score gives.
var matches = enginetest.Player[State, *State]{
	Game:      Game,
	Invariant: invariant,
	Step: func(before, s *State) error {
		if err := enginetest.ScoreForward(before.score, s.score, false); err != nil {
			return err
		}
		if s.phase == phaseServe && !s.second && s.score.PointsPlayed() == 0 {
			if s.hands[0].total() != handSize || s.hands[1].total() != handSize {
				return fmt.Errorf("dealt %d and %d cards", s.hands[0].total(), s.hands[1].total())
			}
		}
		return nil
	},
	End: func(s *State) error {
		res := s.Result()
		if !res.Over || res.Winner != engine.Seat(s.score.Winner()) || res.Returns[res.Winner] != 1 || res.Returns[1-res.Winner] != -1 {
			return fmt.Errorf("result %+v", res)
		}
		return nil
	},
}

// randomStates returns states met in random matches of every format.
func randomStates(t testing.TB, perFormat int) []*State {
	return enginetest.States[*State](t, Game, enginetest.VariantOptions(Game), perFormat, 3)
}

func TestIllegalLeavesStateUnchanged(t *testing.T) {
	enginetest.CheckRefusals(t, randomStates(t, 150), enginetest.Candidates(-2, 130, 1,
		math.MinInt32, -1000, 1<<20, math.MaxInt32))
}

func TestNotationRoundTrip(t *testing.T) {
	enginetest.CheckNotation(t, randomStates(t, 300), func(s *State, a engine.Action) []string {
		if _, w, _ := valueOf(a); a >= returnBase && a < Concede {
			n := cardsToReturn(int(s.volley), w)
			d := fmt.Sprint(w)
			return []string{strings.Repeat(d, n), fmt.Sprintf("%sx%d", d, n), "return " + strings.Repeat(d, n),
				strings.TrimPrefix(s.ActionString(a), "return ")}
		}
		return nil
	})
}

func TestParseActionErrors(t *testing.T) {
	tests := []struct {
		name, setup, text string
	}{
		{"wrong count", "v=4 hand=5", "return 5"},
		{"not held", "v=4 hand=5", "return 5-5"},
		{"mixed cards", "v=4 hand=45", "return 4-5"},
		{"serve while returning", "v=4 hand=4", "serve 4"},
		{"return while serving", "serve hand=4", "return 4"},
		{"two cards served", "serve hand=44", "44"},
		{"chance outcome", "serve hand=4", "draw 4"},
		{"die face 3", "die=6", "die 3"},
		{"value 7", "serve hand=4", "serve 7"},
		{"value 0", "serve hand=4", "serve 0"},
		{"concede while able", "v=4 hand=4", "concede"},
		{"concede with words", "v=4 hand=1", "concede now"},
		{"empty", "serve hand=4", ""},
		{"garbage", "serve hand=4", "\x00\xff"},
		{"huge count", "v=4 hand=5", "5x99999999999999999999"},
		{"zero count", "v=4 hand=5", "5x0"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) { rules.Unparsable(t, tt.setup, tt.text) })
	}
}

func FuzzParseAction(f *testing.F) {
	enginetest.FuzzParse(f, Game, 400, "serve 4", "return 5-5", "5x2", "55", "concede", "draw 3", "die 6", "return", "x", "-", "6x", "x6", "return 5 - 5")
}

func FuzzApply(f *testing.F) {
	enginetest.FuzzApply(f, Game, enginetest.Config{Invariant: invariant}, 400, -1, 0, 4, 14, 20, 103, 111, math.MaxInt32, math.MinInt32)
}

func TestDeterminize(t *testing.T) {
	enginetest.CheckDeterminized(t, randomStates(t, 100), invariant)
}

func TestObserveHidesHands(t *testing.T) {
	enginetest.CheckObservations(t, randomStates(t, 100), func(s *State, seat engine.Seat, ob engine.Observation) error {
		o := ob.(*Observation)
		if seat == engine.Spectator {
			if o.Hand != nil {
				return errors.New("the spectator sees a hand")
			}
			return nil
		}
		if len(o.Hand) != s.hands[seat].total() || o.HandSizes != [2]int{s.hands[0].total(), s.hands[1].total()} {
			return fmt.Errorf("hand %v, sizes %v", o.Hand, o.HandSizes)
		}
		if !slices.IsSorted(o.Hand) {
			return fmt.Errorf("hand %v not sorted", o.Hand)
		}
		return nil
	})
}

func TestHeuristic(t *testing.T) {
	tests := []struct {
		setup string
		want  string
	}{
		{"v=4 hand=4455 opp=-", "return 4"},        // the single matching card
		{"v=4 hand=33555 opp=-", "return 5-5"},     // two cards either way: keep the rarer 3s
		{"v=4 hand=3355 opp=4", "return 3-3"},      // a full tie goes to the lower value
		{"v=4 hand=4 opp=4", "return 4"},           // the only return
		{"v=4 hand=1 opp=4", "concede"},            // no return
		{"v=4 hand=4666 opp=4", "return 6-6-6"},    // the opponent cannot answer a 6
		{"serve hand=1346 opp=123456", "serve 3"},  // everything comes back: no fault risk
		{"serve hand=1256 opp=22", "serve 5"},      // 5 cannot come back, 1 in 6 faults
		{"serve hand=3456 opp=22", "serve 4"},      // 4 cannot come back and never faults
		{"second hand=1256 opp=22", "serve 5"},     // second serve
		{"second hand=1346 opp=123456", "serve 3"}, // second serve, safe
		{"second hand=1346 opp=-", "serve 3"},      // nothing comes back: no risk taken
	}
	for _, tt := range tests {
		t.Run(tt.setup, func(t *testing.T) { rules.Choice(t, tt.setup, Heuristic, tt.want) })
	}
}

func TestNewOptions(t *testing.T) {
	tests := []struct {
		name    string
		opts    engine.Options
		ok      bool
		refill  bool
		server  engine.Seat
		formatS string
	}{
		{"defaults", engine.Options{}, true, true, 0, "set"},
		{"tiebreak", engine.Options{"format": "tiebreak"}, true, true, 0, "tiebreak"},
		{"best-of-5, no refill, player 2", engine.Options{"format": "best-of-5", "server-refill": "no", "first-server": "2"}, true, false, 1, "best-of-5"},
		{"bad format", engine.Options{"format": "best-of-7"}, false, false, 0, ""},
		{"bad refill", engine.Options{"server-refill": "maybe"}, false, false, 0, ""},
		{"bad server", engine.Options{"first-server": "0"}, false, false, 0, ""},
		{"unknown option", engine.Options{"speed": "fast"}, false, false, 0, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s, ok := enginetest.New[*State](t, Game, tt.opts, tt.ok)
			if !ok {
				return
			}
			o := s.observe(engine.Spectator)
			if s.serverRefill != tt.refill || s.score.Server() != int(tt.server) || o.Format != tt.formatS || o.Phase != "dealing" {
				t.Fatalf("got refill %v, server %d, format %s, phase %s", s.serverRefill, s.score.Server(), o.Format, o.Phase)
			}
		})
	}
	enginetest.CheckVariantsStart(t, Game)
}

// What a seat is offered depends on nothing it cannot see, at every decision of random matches
// of every variant.
func TestMovesHideNothing(t *testing.T) {
	enginetest.CheckMovesHideNothing(t, Game, enginetest.VariantOptions(Game), 30)
}
