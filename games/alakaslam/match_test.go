package alakaslam

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

// invariant checks what holds after every action: every card is in exactly one place, no
// count is negative, picks respect the one-Enchantment rule, teammates never share a space,
// players stay on their side, and the score only counts up to the target.
func invariant(st engine.State) error {
	s, ok := st.(*State)
	if !ok {
		return fmt.Errorf("state is %T", st)
	}
	var sum counts
	places := []*counts{&s.deck, &s.discard, &s.table, &s.laurie}
	for x := range s.nseats {
		places = append(places, &s.hands[x])
	}
	for _, c := range places {
		for k := range numKinds {
			if c[k] < 0 {
				return fmt.Errorf("negative count of %s", cardName(k))
			}
		}
		sum.add(c)
	}
	for x := range s.nseats {
		e := 0
		for i, p := range s.picks[x] {
			if i >= int(s.npicks[x]) {
				if p != (pick{}) {
					return fmt.Errorf("player %d: stale pick %d", x+1, i)
				}
				continue
			}
			sum[p.k]++
			if isEnchant(int(p.k)) {
				e++
			}
		}
		if e > 1 {
			return fmt.Errorf("player %d picked %d Enchantments", x+1, e)
		}
		if s.pos[x] != noPos && !onSide(teamOf(x), s.pos[x].r) {
			return fmt.Errorf("player %d stands on row %d, across the net", x+1, s.pos[x].r)
		}
		if s.pos[x] != noPos && (s.pos[x].c < 0 || s.pos[x].c >= s.cols) {
			return fmt.Errorf("player %d stands off the court: %v", x+1, s.pos[x])
		}
		if p := s.partner(x); p >= 0 && s.pos[x] != noPos && s.pos[x] == s.pos[p] {
			return fmt.Errorf("players %d and %d share a space", x+1, p+1)
		}
	}
	if sum != s.total {
		return fmt.Errorf("cards %v, want %v", sum, s.total)
	}
	p := s.score.PointsInGame()
	target := s.score.Format().Points
	if p[0] > target || p[1] > target || (s.phase == phOver) != s.score.Over() {
		return fmt.Errorf("score %v (target %d), phase %d", p, target, s.phase)
	}
	if s.ball != noPos && (s.ball.c < 0 || s.ball.c >= s.cols || s.ball.r < 0 || s.ball.r >= numRows) {
		return fmt.Errorf("ball off the court: %v", s.ball)
	}
	return nil
}

// characterOptions returns option sets that give every character to some seat of each format,
// and Simon a choice of copies in team play.
func characterOptions() []engine.Options {
	var out []engine.Options
	for f, format := range formatNames {
		n := []int{2, 4, 3}[f]
		for i := 0; i*n < numChars; i++ {
			o := engine.Options{"format": format}
			for seat := range n {
				o[fmt.Sprintf("character%d", seat+1)] = charKeys[(i*n+seat)%numChars]
			}
			out = append(out, o)
		}
	}
	return out
}

func TestConformance(t *testing.T) {
	// The kit's checks cost far more than play: few matches, deep checks on one step in 6.
	matches := map[string]int{"singles": 8, "doubles": 3, "canadian": 3}
	for _, v := range Game.Variants {
		cfg := enginetest.Config{Invariant: invariant, Variants: []string{v.Name}, Matches: matches[v.Name], DeepEvery: 6}
		if testing.Short() {
			cfg.Matches = max(2, cfg.Matches/5)
		}
		enginetest.Run(t, Game, cfg)
	}
}

// TestConformanceCharacters runs the kit with every character in every seat of every format,
// and with the other options.
func TestConformanceCharacters(t *testing.T) {
	opts := characterOptions()
	opts = append(opts,
		engine.Options{"format": "singles", "character1": "random", "character2": "random", "first-server": "2", "points": "1"},
		engine.Options{"format": "doubles", "character1": "simon", "character2": "random", "deck": "enchant-3"},
		engine.Options{"format": "canadian", "character2": "josephias", "character1": "simon", "deck": "enchant-3", "first-server": "1"},
	)
	for _, o := range opts {
		t.Run(o.String(), func(t *testing.T) {
			cfg := enginetest.Config{Invariant: invariant, Matches: 1, DeepEvery: 20, Seed: 11}
			for _, v := range enginetest.CheckVariant(Game, o, cfg) {
				t.Error(v)
			}
		})
	}
}

func FuzzRules(f *testing.F) {
	enginetest.Fuzz(f, Game, enginetest.Config{Invariant: invariant, DeepEvery: 25})
}

// policy chooses a decision; chance is always sampled by weight.
type policy func(s *State, rng *rand.Rand) engine.Action

func randomPolicy(s *State, rng *rand.Rand) engine.Action {
	var buf [64]engine.Action
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
		var cbuf [16]engine.ChanceOutcome
		a = engine.SampleChance(rng, s.Chances(cbuf[:0]))
	} else {
		a = p(s, rng)
	}
	if err := s.Apply(a); err != nil {
		t.Fatalf("apply %s: %v", s.ActionString(a), err)
	}
	return a
}

func newMatch(t testing.TB, opts engine.Options) *State {
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
	// Three matches of each variant, one with each character in each seat.
	type run struct {
		opts  engine.Options
		seeds uint64
	}
	var runs []run
	for _, v := range Game.Variants {
		runs = append(runs, run{v.Options, 3})
	}
	for _, o := range characterOptions() {
		runs = append(runs, run{o, 1})
	}
	for _, r := range runs {
		for _, pol := range policies {
			t.Run(r.opts.String()+"/"+pol.name, func(t *testing.T) {
				for seed := range r.seeds {
					playChecked(t, r.opts, seed, pol.p)
				}
			})
		}
	}
}

// playChecked plays one match, the seats of team 0 with p[0] and team 1 with p[1], checking
// the invariant and that the score only moves forward.
func playChecked(t *testing.T, opts engine.Options, seed uint64, p [2]policy) *State {
	t.Helper()
	s := newMatch(t, opts)
	rng := rand.New(rand.NewPCG(seed, 7))
	for n := 0; s.ToMove() != engine.Nobody; n++ {
		if n == 200_000 {
			t.Fatalf("seed %d: not over after %d actions", seed, n)
		}
		before := s.score.PointsInGame()
		pol := p[0]
		if to := s.ToMove(); to >= 0 && teamOf(int8(to)) == 1 {
			pol = p[1]
		}
		step(t, s, rng, pol)
		if err := invariant(s); err != nil {
			t.Fatalf("seed %d action %d: %v", seed, n, err)
		}
		after := s.score.PointsInGame()
		if after[0] < before[0] || after[1] < before[1] || after[0]+after[1] > before[0]+before[1]+1 {
			t.Fatalf("seed %d: score went from %v to %v", seed, before, after)
		}
	}
	res := s.Result()
	if !res.Over || len(res.Returns) != int(s.nseats) || teamOf(int8(res.Winner)) != int8(s.score.Winner()) {
		t.Fatalf("seed %d: result %+v", seed, res)
	}
	return s
}

// randomStates returns states met in random matches of every variant.
func randomStates(t testing.TB, per int) []*State {
	var out []*State
	opts := []engine.Options{}
	for _, v := range Game.Variants {
		opts = append(opts, v.Options)
	}
	opts = append(opts, engine.Options{"format": "singles", "character1": "austin", "character2": "laurie"},
		engine.Options{"format": "doubles", "character1": "toots", "character2": "laurie", "character3": "austin", "character4": "rich"},
		engine.Options{"format": "canadian", "character1": "laurie", "character2": "rich", "character3": "josephias"})
	for i, o := range opts {
		s := newMatch(t, o)
		rng := rand.New(rand.NewPCG(uint64(i), 3))
		for n := 0; s.ToMove() != engine.Nobody && n < per*3; n++ {
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
	for seat := range engine.Seat(s.nseats) {
		b.WriteString(jsonOf(s.Observe(seat)))
	}
	b.WriteString(jsonOf(s.Observe(engine.Spectator)))
	return b.String()
}

func jsonOf(v any) string {
	b, err := json.Marshal(v)
	if err != nil {
		panic(err)
	}
	return string(b)
}

func TestIllegalLeavesStateUnchanged(t *testing.T) {
	edges := []engine.Action{math.MinInt32, -1000, -1, actionLimit, actionLimit + 1, 1 << 20, math.MaxInt32}
	for i, s := range randomStates(t, 120) {
		legal := s.Legal(nil)
		cands := slices.Clone(edges)
		for a := engine.Action(-2); a < actionLimit+5; a++ {
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
	for i, s := range randomStates(t, 150) {
		for _, a := range s.Legal(nil) {
			text := s.ActionString(a)
			forms := []string{text, strings.ToUpper(text), "  " + text + " "}
			for _, f := range forms {
				got, err := s.ParseAction(f)
				if err != nil || got != a {
					t.Errorf("state %d: ParseAction(%q) = %d, %v; want %d", i, f, got, err, a)
				}
			}
		}
	}
}

func TestParseShortForms(t *testing.T) {
	s := setup(t, "c1=austin p1=r0c1 p2=r3c1 ball=r0c1 h1=2r,2b,1r,e2")
	for text, want := range map[string]string{
		"2r":                  "pick Hit-2 red",
		"pick 2b":             "pick Hit-2 blue",
		"PICK hit-2 RED":      "pick Hit-2 red",
		"2r straight":         "pick Hit-2 red straight",
		"pick h2b straight":   "pick Hit-2 blue straight",
		"pick enchant 2":      "pick Enchant-2",
		"e2":                  "pick Enchant-2",
		"spend e2":            "spend Enchant-2",
		"move  forward":       "move forward",
		"concede":             "concede",
		"1 red":               "pick Hit-1 red",
		"pick Hit 1 red":      "pick Hit-1 red",
		"pick hit1r":          "pick Hit-1 red",
		"pick hit-1 red":      "pick Hit-1 red",
		"pick Hit-2 red  ":    "pick Hit-2 red",
		"pick 2r   straight ": "pick Hit-2 red straight",
	} {
		a, err := s.ParseAction(text)
		if err != nil || s.ActionString(a) != want {
			t.Errorf("ParseAction(%q) = %q, %v; want %q", text, s.ActionString(a), err, want)
		}
	}
	for _, text := range []string{"", "\x00\xff", "pick 4r", "pick 2g", "pick e4", "pick 3r", "take back", "hit", "move up",
		"toots player 9", "enchant 0", "choose merlin", "2r sideways", "move", "pick", "draw 2r", "9"} {
		if a, err := s.ParseAction(text); !errors.Is(err, engine.ErrIllegal) {
			t.Errorf("ParseAction(%q) = %d, %v; want an ErrIllegal error", text, a, err)
		}
	}
}

func FuzzParseAction(f *testing.F) {
	enginetest.FuzzParse(f, Game, 600, "pick 2r", "2r straight", "move forward", "hit", "concede", "draw Hit-2 red", "e2", "toots player 2", "choose laurie", "take back")
}

func FuzzApply(f *testing.F) {
	enginetest.FuzzApply(f, Game, enginetest.Config{Invariant: invariant}, 600, -1, 0, 4, 31, 44, 100, 203, math.MaxInt32, math.MinInt32)
}

func TestDeterminize(t *testing.T) {
	for i, s := range randomStates(t, 80) {
		for _, seat := range []engine.Seat{0, 1, 2, 3, engine.Spectator, 7} {
			obsSeat := seat
			if seat >= engine.Seat(s.nseats) {
				obsSeat = engine.Spectator
			}
			orig, obs := *s, observations(s)
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
				if obsSeat == s.ToMove() && !slices.Equal(st.Legal(nil), s.Legal(nil)) {
					t.Fatalf("state %d seat %v: legal actions changed", i, seat)
				}
			}
		}
	}
}

func TestObserveHidesHands(t *testing.T) {
	for i, s := range randomStates(t, 80) {
		spec := s.Observe(engine.Spectator).(*Observation)
		if spec.Hand != nil || spec.Picked != nil || spec.Drawn != nil {
			t.Fatalf("state %d: spectator sees a hand", i)
		}
		for _, seat := range []engine.Seat{-1, -2, engine.Seat(s.nseats), 1 << 30} {
			if got := jsonOf(s.Observe(seat)); got != jsonOf(spec) {
				t.Fatalf("state %d: Observe(%d) is not the spectator's view", i, seat)
			}
		}
		for seat := range engine.Seat(s.nseats) {
			o := s.Observe(seat).(*Observation)
			if len(o.Hand) != s.hands[seat].total() {
				t.Fatalf("state %d seat %d: hand %v", i, seat, o.Hand)
			}
			for _, p := range o.Players {
				if s.facedown() && p.Seat != int(seat) && len(p.PickedCards) > 0 {
					t.Fatalf("state %d seat %d sees player %d's facedown cards", i, seat, p.Seat+1)
				}
			}
			if o.String() == "" {
				t.Fatal("empty text")
			}
		}
	}
}

func TestNewOptions(t *testing.T) {
	tests := []struct {
		name  string
		opts  engine.Options
		ok    bool
		seats int
	}{
		{"defaults", engine.Options{}, true, 2},
		{"doubles", engine.Options{"format": "doubles"}, true, 4},
		{"canadian", engine.Options{"format": "canadian"}, true, 3},
		{"fixed characters", engine.Options{"character1": "laurie", "character2": "rich"}, true, 2},
		{"full names", engine.Options{"character1": "Kismetician Laurie"}, true, 2},
		{"same character twice", engine.Options{"character1": "laurie", "character2": "laurie"}, false, 0},
		{"same character, unused seat", engine.Options{"character1": "laurie", "character3": "laurie"}, true, 2},
		{"bad character", engine.Options{"character1": "merlin"}, false, 0},
		{"bad format", engine.Options{"format": "triples"}, false, 0},
		{"bad points", engine.Options{"points": "0"}, false, 0},
		{"bad first server", engine.Options{"first-server": "3"}, false, 0},
		{"bad deck", engine.Options{"deck": "tarot"}, false, 0},
		{"unknown option", engine.Options{"speed": "fast"}, false, 0},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			st, err := Game.New(tt.opts)
			if (err == nil) != tt.ok {
				t.Fatalf("New(%v) error %v, want ok %v", tt.opts, err, tt.ok)
			}
			if tt.ok && st.NumSeats() != tt.seats {
				t.Fatalf("%d seats, want %d", st.NumSeats(), tt.seats)
			}
		})
	}
	for _, v := range Game.Variants {
		if _, _, err := Game.Start(v.Options); err != nil {
			t.Errorf("variant %s: %v", v.Name, err)
		}
	}
}
