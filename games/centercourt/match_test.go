package centercourt

import (
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"deuce/engine"
	"deuce/engine/enginetest"
)

// invariant checks what holds after every action: every card is in exactly one place, hands
// hold at most 8 cards, the Volley Value is a card value.
func invariant(st engine.State) error {
	s, ok := st.(*State)
	if !ok {
		return fmt.Errorf("state is %T", st)
	}
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
	return nil
}

func TestConformance(t *testing.T) {
	// The kit's checks cost far more than play, so the long formats get fewer matches.
	matches := map[string]int{"tiebreak": 30, "set": 6, "best-of-3": 2, "best-of-5": 1}
	for _, v := range Game.Variants {
		cfg := enginetest.Config{Invariant: invariant, Variants: []string{v.Name}, Matches: matches[v.Name], DeepEvery: 10}
		if testing.Short() {
			cfg.Matches = max(1, cfg.Matches/4)
		}
		enginetest.Run(t, Game, cfg)
	}
}

func FuzzRules(f *testing.F) {
	enginetest.Fuzz(f, Game, enginetest.Config{Invariant: invariant, DeepEvery: 25})
}

// policy chooses a decision; chance is always sampled by weight.
type policy func(s *State, rng *rand.Rand) engine.Action

func randomPolicy(s *State, rng *rand.Rand) engine.Action {
	var buf [16]engine.Action
	legal := s.Legal(buf[:0])
	return legal[rng.IntN(len(legal))]
}

func heuristicPolicy(s *State, rng *rand.Rand) engine.Action {
	return Heuristic(s.Determinize(s.ToMove(), rng), rng)
}

// step applies one sampled action.
func step(t testing.TB, s *State, rng *rand.Rand, p policy) engine.Action {
	var a engine.Action
	if s.ToMove() == engine.Chance {
		var cbuf [8]engine.ChanceOutcome
		a = engine.SampleChance(rng, s.Chances(cbuf[:0]))
	} else {
		a = p(s, rng)
	}
	if err := s.Apply(a); err != nil {
		t.Fatalf("apply %d: %v", a, err)
	}
	return a
}

func newMatch(t testing.TB, format string) *State {
	t.Helper()
	return newMatchOpts(t, engine.Options{"format": format})
}

func newMatchOpts(t testing.TB, opts engine.Options) *State {
	t.Helper()
	st, _, err := Game.Start(opts)
	if err != nil {
		t.Fatal(err)
	}
	return st.(*State)
}

func TestRandomMatches(t *testing.T) {
	policies := []struct {
		name string
		p    [2]policy
	}{
		{"random", [2]policy{randomPolicy, randomPolicy}},
		{"heuristic-vs-random", [2]policy{heuristicPolicy, randomPolicy}},
		{"heuristic", [2]policy{heuristicPolicy, heuristicPolicy}},
	}
	var options []engine.Options
	for _, v := range Game.Variants {
		options = append(options, v.Options)
	}
	options = append(options,
		engine.Options{"format": "set", "server-refill": "no"},
		engine.Options{"format": "best-of-3", "server-refill": "no", "first-server": "2"})
	for _, opts := range options {
		for _, pol := range policies {
			t.Run(opts.String()+"/"+pol.name, func(t *testing.T) {
				for seed := range uint64(5) {
					playChecked(t, opts, seed, pol.p)
				}
			})
		}
	}
}

// TestConformanceOptions runs the conformance kit on option sets no variant names.
func TestConformanceOptions(t *testing.T) {
	for _, opts := range []engine.Options{
		{"format": "tiebreak", "server-refill": "no", "first-server": "2"},
		{"format": "set", "server-refill": "no"},
	} {
		t.Run(opts.String(), func(t *testing.T) {
			cfg := enginetest.Config{Invariant: invariant, Matches: 4, DeepEvery: 10}
			for _, v := range enginetest.CheckVariant(Game, opts, cfg) {
				t.Error(v)
			}
		})
	}
}

// playChecked plays one match, checking the invariants and that the score only moves forward.
func playChecked(t *testing.T, opts engine.Options, seed uint64, p [2]policy) {
	t.Helper()
	s := newMatchOpts(t, opts)
	rng := rand.New(rand.NewPCG(seed, 7))
	const maxActions = 200_000
	for n := 0; s.ToMove() != engine.Nobody; n++ {
		if n == maxActions {
			t.Fatalf("seed %d: not over after %d actions", seed, n)
		}
		before := s.score
		mover := s.ToMove()
		pol := p[0]
		if mover == 1 {
			pol = p[1]
		}
		step(t, s, rng, pol)
		if err := invariant(s); err != nil {
			t.Fatalf("seed %d action %d: %v", seed, n, err)
		}
		after := s.score
		switch d := after.PointsPlayed() - before.PointsPlayed(); {
		case d == 0 && after != before:
			t.Fatalf("seed %d: the score changed without a point played", seed)
		case d < 0 || d > 1:
			t.Fatalf("seed %d: points played went from %d to %d", seed, before.PointsPlayed(), after.PointsPlayed())
		}
		for side := range 2 {
			if after.SetsWon()[side] < before.SetsWon()[side] || after.GamesCompleted() < before.GamesCompleted() {
				t.Fatalf("seed %d: score went back from %v to %v", seed, before, after)
			}
		}
		if s.phase == phaseServe && !s.second && s.score.PointsPlayed() == 0 {
			if s.hands[0].total() != handSize || s.hands[1].total() != handSize {
				t.Fatalf("seed %d: dealt %d and %d cards", seed, s.hands[0].total(), s.hands[1].total())
			}
		}
	}
	res := s.Result()
	if !res.Over || res.Winner != engine.Seat(s.score.Winner()) || res.Returns[res.Winner] != 1 || res.Returns[1-res.Winner] != -1 {
		t.Fatalf("seed %d: result %+v", seed, res)
	}
}

// randomStates returns states met in random matches of every format.
func randomStates(t testing.TB, perFormat int) []*State {
	var out []*State
	for i, v := range Game.Variants {
		s := newMatch(t, v.Name)
		rng := rand.New(rand.NewPCG(uint64(i), 3))
		for n := 0; s.ToMove() != engine.Nobody && len(out) < (i+1)*perFormat; n++ {
			if n%3 == 0 {
				out = append(out, s.Clone().(*State))
			}
			step(t, s, rng, randomPolicy)
		}
		out = append(out, s.Clone().(*State))
	}
	return out
}

func observations(s *State) string {
	var b strings.Builder
	for _, seat := range []engine.Seat{0, 1, engine.Spectator} {
		j, err := json.Marshal(s.Observe(seat))
		if err != nil {
			panic(err)
		}
		b.Write(j)
	}
	return b.String()
}

func TestIllegalLeavesStateUnchanged(t *testing.T) {
	edges := []engine.Action{math.MinInt32, -1000, -1, 0, 7, 9, 10, 17, 19, 20, 21, 99, 100, 107, 110, 113, 114, 117, 1 << 20, math.MaxInt32}
	for i, s := range randomStates(t, 150) {
		legal := s.Legal(nil)
		var cands []engine.Action
		cands = append(cands, edges...)
		for a := engine.Action(-2); a < 130; a++ {
			cands = append(cands, a)
		}
		for _, a := range cands {
			if slices.Contains(legal, a) {
				continue
			}
			before := *s
			err := s.Apply(a)
			if !errors.Is(err, engine.ErrIllegal) {
				t.Fatalf("state %d: Apply(%d) = %v, want ErrIllegal", i, a, err)
			}
			// State is plain comparable data, so == sees any change, hidden or not.
			if *s != before {
				t.Fatalf("state %d: refused Apply(%d) changed the state", i, a)
			}
			if err.Error() == "" {
				t.Fatalf("state %d: Apply(%d): empty reason", i, a)
			}
		}
	}
}

func TestNotationRoundTrip(t *testing.T) {
	for i, s := range randomStates(t, 300) {
		for _, a := range s.Legal(nil) {
			text := s.ActionString(a)
			forms := []string{text, strings.ToUpper(text), "  " + text + " "}
			if _, w, _ := valueOf(a); a >= returnBase && a < Concede {
				n := cardsToReturn(int(s.volley), w)
				d := fmt.Sprint(w)
				forms = append(forms, strings.Repeat(d, n), fmt.Sprintf("%sx%d", d, n), "return "+strings.Repeat(d, n), strings.TrimPrefix(text, "return "))
			}
			for _, f := range forms {
				got, err := s.ParseAction(f)
				if err != nil || got != a {
					t.Errorf("state %d: ParseAction(%q) = %d, %v; want %d (%s)", i, f, got, err, a, text)
				}
			}
		}
	}
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
		t.Run(tt.name, func(t *testing.T) {
			s := setup(t, tt.setup)
			before := *s
			a, err := s.ParseAction(tt.text)
			if !errors.Is(err, engine.ErrIllegal) {
				t.Fatalf("ParseAction(%q) = %d, %v; want an ErrIllegal error", tt.text, a, err)
			}
			if *s != before {
				t.Fatal("ParseAction changed the state")
			}
		})
	}
}

func FuzzParseAction(f *testing.F) {
	enginetest.FuzzParse(f, Game, 400, "serve 4", "return 5-5", "5x2", "55", "concede", "draw 3", "die 6", "return", "x", "-", "6x", "x6", "return 5 - 5")
}

func FuzzApply(f *testing.F) {
	enginetest.FuzzApply(f, Game, enginetest.Config{Invariant: invariant}, 400, -1, 0, 4, 14, 20, 103, 111, math.MaxInt32, math.MinInt32)
}

func TestDeterminize(t *testing.T) {
	for i, s := range randomStates(t, 100) {
		for _, seat := range []engine.Seat{0, 1, engine.Spectator, 7} {
			obsSeat := seat
			if seat == 7 {
				obsSeat = engine.Spectator
			}
			orig, obs := *s, observations(s)
			// Another state with the same observation for seat: the hidden cards dealt again.
			twin := s.Determinize(seat, rand.New(rand.NewPCG(uint64(i), 99))).(*State)
			d1 := s.Determinize(seat, rand.New(rand.NewPCG(5, 5))).(*State)
			d2 := twin.Determinize(seat, rand.New(rand.NewPCG(5, 5))).(*State)
			if *s != orig || observations(s) != obs {
				t.Fatalf("state %d: Determinize changed the state", i)
			}
			if *d1 != *d2 {
				t.Fatalf("state %d seat %v: equal observations determinized differently", i, seat)
			}
			for _, st := range []*State{twin, d1} {
				if got, want := jsonOf(st.Observe(obsSeat)), jsonOf(s.Observe(obsSeat)); got != want {
					t.Fatalf("state %d seat %v: observation changed:\n got %s\nwant %s", i, seat, got, want)
				}
				if got, want := jsonOf(st.Observe(engine.Spectator)), jsonOf(s.Observe(engine.Spectator)); got != want {
					t.Fatalf("state %d seat %v: public observation changed", i, seat)
				}
				if err := invariant(st); err != nil {
					t.Fatalf("state %d seat %v: %v", i, seat, err)
				}
			}
		}
	}
}

func jsonOf(v any) string {
	b, err := json.Marshal(v)
	if err != nil {
		panic(err)
	}
	return string(b)
}

func TestObserveHidesHands(t *testing.T) {
	for i, s := range randomStates(t, 100) {
		spec := s.Observe(engine.Spectator).(*Observation)
		if spec.Hand != nil {
			t.Fatalf("state %d: spectator sees a hand", i)
		}
		for _, seat := range []engine.Seat{-1, -2, 2, 1 << 30} {
			if got := jsonOf(s.Observe(seat)); got != jsonOf(spec) {
				t.Fatalf("state %d: Observe(%d) is not the spectator's view", i, seat)
			}
		}
		for seat := range engine.Seat(2) {
			o := s.Observe(seat).(*Observation)
			if len(o.Hand) != s.hands[seat].total() || o.HandSizes != [2]int{s.hands[0].total(), s.hands[1].total()} {
				t.Fatalf("state %d seat %d: hand %v, sizes %v", i, seat, o.Hand, o.HandSizes)
			}
			if !slices.IsSorted(o.Hand) {
				t.Fatalf("state %d seat %d: hand %v not sorted", i, seat, o.Hand)
			}
			if o.String() == "" {
				t.Fatal("empty text")
			}
		}
	}
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
		t.Run(tt.setup, func(t *testing.T) {
			s := setup(t, tt.setup)
			a := Heuristic(s, rand.New(rand.NewPCG(1, 1)))
			if got := s.ActionString(a); got != tt.want {
				t.Errorf("got %s, want %s", got, tt.want)
			}
			if !slices.Contains(s.Legal(nil), a) {
				t.Errorf("%s is not legal", s.ActionString(a))
			}
		})
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
			st, err := Game.New(tt.opts)
			if (err == nil) != tt.ok {
				t.Fatalf("New(%v) error %v, want ok %v", tt.opts, err, tt.ok)
			}
			if !tt.ok {
				return
			}
			s := st.(*State)
			o := s.observe(engine.Spectator)
			if s.serverRefill != tt.refill || s.score.Server() != int(tt.server) || o.Format != tt.formatS || o.Phase != "dealing" {
				t.Fatalf("got refill %v, server %d, format %s, phase %s", s.serverRefill, s.score.Server(), o.Format, o.Phase)
			}
		})
	}
	for _, v := range Game.Variants {
		if _, _, err := Game.Start(v.Options); err != nil {
			t.Errorf("variant %s: %v", v.Name, err)
		}
	}
}
