package lmn

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

// invariant checks what holds after every action: each player's six card sets split his deck;
// known hand cards are in the hand; preparation cards never overlap; nobody holds more than the
// 6 cards a server is dealt; the shot being chosen is made of held cards; the server is the one
// the score and the turn order name.
func invariant(st engine.State) error {
	s, ok := st.(*State)
	if !ok {
		return fmt.Errorf("state is %T", st)
	}
	for i := range s.n {
		p := &s.p[i]
		sets := []cards{p.hand, p.prep, p.reserve, p.court, p.out}
		var union cards
		total := 0
		for _, m := range sets {
			union |= m
			total += m.count()
		}
		if union != fullDeck || total != DeckSize {
			return fmt.Errorf("seat %d: hand %x prep %x reserve %x court %x out %x do not split the deck", i, p.hand, p.prep, p.reserve, p.court, p.out)
		}
		if p.known&^p.hand != 0 {
			return fmt.Errorf("seat %d: known cards %s not in the hand", i, (p.known &^ p.hand).ids())
		}
		if !disjoint(p.prep) {
			return fmt.Errorf("seat %d: preparation cards %s overlap", i, p.prep.ids())
		}
		if n := p.held().count(); n > serverCards {
			return fmt.Errorf("seat %d holds %d cards", i, n)
		}
	}
	for i := s.n; i < 4; i++ {
		if s.p[i] != (player{}) {
			return fmt.Errorf("seat %d of %d has cards", i, s.n)
		}
	}
	if s.phase == phaseShot && (s.def|s.aim)&^s.p[s.mover].held() != 0 {
		return errors.New("the shot being chosen holds cards the striker does not hold")
	}
	if s.phase == phaseShot && (s.def|s.aim).count() > 0 && ((s.def|s.aim)&s.p[s.mover].hand).count() > 1 {
		return errors.New("two cards from the hand in one shot")
	}
	if s.phase != phaseOver {
		if got, want := side(s.server), s.score.Server(); got != want {
			return fmt.Errorf("seat %d serves but the score says side %d", s.server, want)
		}
		if got, want := int(s.server), (int(s.first)+s.score.PointsPlayed())%int(s.n); got != want {
			return fmt.Errorf("seat %d serves point %d, want seat %d", got, s.score.PointsPlayed()+1, want)
		}
	}
	if (s.phase == phaseShot || s.phase == phaseManage || s.phase == phaseDraw) && (s.ball < 0 || s.ball >= numZones) {
		return fmt.Errorf("ball in zone %d", s.ball)
	}
	return nil
}

func TestConformance(t *testing.T) {
	// The kit's checks cost far more than play, so the long formats get fewer matches.
	matches := map[string]int{"singles": 3, "doubles": 2, "best-of-3": 1, "best-of-5": 1, "doubles-best-of-3": 1}
	for _, v := range Game.Variants {
		cfg := enginetest.Config{Invariant: invariant, Variants: []string{v.Name}, Matches: matches[v.Name], DeepEvery: 15}
		if testing.Short() {
			cfg.Matches = 1
		}
		enginetest.Run(t, Game, cfg)
	}
}

// TestConformanceOptions runs the conformance kit on option sets no variant names.
func TestConformanceOptions(t *testing.T) {
	for _, opts := range []engine.Options{
		{"players": "singles", "first-server": "2"},
		{"players": "doubles", "first-server": "4"},
	} {
		t.Run(opts.String(), func(t *testing.T) {
			cfg := enginetest.Config{Invariant: invariant, Matches: 1, DeepEvery: 15}
			for _, v := range enginetest.CheckVariant(Game, opts, cfg) {
				t.Error(v)
			}
		})
	}
}

func FuzzRules(f *testing.F) {
	// Singles and doubles only: the longer formats repeat the same points, and their seed
	// matches would cost most of the package's test time.
	g := Game
	g.Variants = Game.Variants[:2]
	enginetest.Fuzz(f, g, enginetest.Config{Invariant: invariant, DeepEvery: 50})
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
	t.Helper()
	var a engine.Action
	if s.ToMove() == engine.Chance {
		var cbuf [DeckSize]engine.ChanceOutcome
		a = engine.SampleChance(rng, s.Chances(cbuf[:0]))
	} else {
		a = p(s, rng)
	}
	if err := s.Apply(a); err != nil {
		t.Fatalf("apply %d: %v", a, err)
	}
	return a
}

func newMatch(t testing.TB, variant string) *State {
	t.Helper()
	opts, err := Game.Variant(variant)
	if err != nil {
		t.Fatal(err)
	}
	return newMatchOpts(t, opts)
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
	for _, v := range Game.Variants {
		for _, pol := range policies {
			t.Run(v.Name+"/"+pol.name, func(t *testing.T) {
				for seed := range uint64(3) {
					playChecked(t, v.Options, seed, pol.p)
				}
			})
		}
	}
}

// playChecked plays one match, checking the invariants, that the score only moves forward and
// that every point starts with the deal the rules give.
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
		if mover >= 0 {
			pol = p[side(int8(mover))]
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
		if after.GamesCompleted() < before.GamesCompleted() || after.SetsWon()[0] < before.SetsWon()[0] || after.SetsWon()[1] < before.SetsWon()[1] {
			t.Fatalf("seed %d: score went back from %v to %v", seed, before, after)
		}
		if s.phase == phaseSetup && s.step == 0 && len(s.moved.list()) == 0 {
			for i := range s.n {
				want := receiverCards
				if i == s.server {
					want = serverCards
				}
				if got := s.p[i].hand.count(); got != want || s.p[i].prep != 0 {
					t.Fatalf("seed %d: seat %d dealt %d cards, want %d", seed, i, got, want)
				}
			}
		}
	}
	res := s.Result()
	w := s.score.Winner()
	if !res.Over || res.Winner != engine.Seat(w) || len(res.Returns) != int(s.n) {
		t.Fatalf("seed %d: result %+v", seed, res)
	}
	for seat, r := range res.Returns {
		if want := map[bool]float64{true: 1, false: -1}[seat%2 == w]; r != want {
			t.Fatalf("seed %d: seat %d returns %v, want %v", seed, seat, r, want)
		}
	}
}

// randomStates returns states met in random matches of every variant.
func randomStates(t testing.TB, perVariant int) []*State {
	var out []*State
	for i, v := range Game.Variants {
		s := newMatch(t, v.Name)
		rng := rand.New(rand.NewPCG(uint64(i), 3))
		for n := 0; s.ToMove() != engine.Nobody && len(out) < (i+1)*perVariant; n++ {
			if n%3 == 0 {
				out = append(out, s.Clone().(*State))
			}
			pol := randomPolicy
			if n%2 == 0 {
				pol = heuristicPolicy
			}
			step(t, s, rng, pol)
		}
		out = append(out, s.Clone().(*State))
	}
	return out
}

func observations(s *State) string {
	var b strings.Builder
	for seat := range engine.Seat(s.n) {
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
	edges := []engine.Action{math.MinInt32, -1000, -1, 0, 1, 24, 25, 99, 100, 125, 199, 300, 325, 424, 425, 524, 600, 625, 699,
		703, 704, 999, 1000, 1025, 1 << 20, math.MaxInt32}
	for i, s := range randomStates(t, 40) {
		legal := s.Legal(nil)
		cands := slices.Clone(edges)
		for a := engine.Action(-2); a < 1030; a++ {
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
	for i, s := range randomStates(t, 200) {
		for _, a := range s.Legal(nil) {
			text := s.ActionString(a)
			fields := strings.Fields(text)
			short := fields[0]
			if _, c := split(a); c > 0 {
				short += fmt.Sprintf(" %d", c)
			}
			for _, f := range []string{text, strings.ToUpper(text), "  " + text + " ", short, strings.ToUpper(short)} {
				got, err := s.ParseAction(f)
				if err != nil || got != a {
					t.Errorf("state %d: ParseAction(%q) = %d, %v; want %d (%s)", i, f, got, err, a, text)
				}
			}
		}
	}
}

func FuzzParseAction(f *testing.F) {
	enginetest.FuzzParse(f, Game, 600, "prep 13", "take 4", "serve 7 to FR from hand", "defend 13", "aim 7", "hit", "done", "done, draw 2",
		"pass 3", "concede", "draw 13", "defend", "aim 99", "hit regular shot to BL, draw 2", "x", "")
}

func FuzzApply(f *testing.F) {
	enginetest.FuzzApply(f, Game, enginetest.Config{Invariant: invariant}, 600, -1, 0, 105, 213, 307, 413, 507, 603, 700, 701, 702, 1013, math.MaxInt32, math.MinInt32)
}

func TestDeterminize(t *testing.T) {
	for i, s := range randomStates(t, 50) {
		seats := []engine.Seat{engine.Spectator, 7}
		for seat := range engine.Seat(s.n) {
			seats = append(seats, seat)
		}
		for _, seat := range seats {
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
				if got, want := st.Legal(nil), s.Legal(nil); obsSeat == s.ToMove() && !slices.Equal(got, want) {
					t.Fatalf("state %d seat %v: legal moves changed: got %v, want %v", i, seat, got, want)
				}
			}
		}
	}
}

// TestDeterminizeSamples checks that determinization deals hidden hands from every card an
// opponent could hold, and never from cards he cannot.
func TestDeterminizeSamples(t *testing.T) {
	s := newMatch(t, "singles")
	rng := rand.New(rand.NewPCG(1, 2))
	for s.phase != phaseShot || s.shots < 3 {
		step(t, s, rng, heuristicPolicy)
	}
	opp := &s.p[1-s.mover]
	could := fullDeck &^ (opp.prep | opp.court | opp.out)
	var seen cards
	for range 400 {
		d := s.Determinize(engine.Seat(s.mover), rng).(*State)
		h := d.p[1-s.mover].hand
		if h&^could != 0 {
			t.Fatalf("dealt %s, which the opponent cannot hold", (h &^ could).ids())
		}
		if h&opp.known != opp.known {
			t.Fatalf("known cards %s dropped", opp.known.ids())
		}
		seen |= h
		if d.p[s.mover] != s.p[s.mover] {
			t.Fatal("own cards changed")
		}
	}
	if seen != could && opp.hand.count() > opp.known.count() {
		t.Errorf("in 400 samples the hand never held %s", (could &^ seen).ids())
	}
}

func TestObserveHidesHands(t *testing.T) {
	for i, s := range randomStates(t, 80) {
		spec := s.observe(engine.Spectator)
		for _, p := range spec.Players {
			if p.Hand != nil {
				t.Fatalf("state %d: spectator sees a hand", i)
			}
		}
		for _, seat := range []engine.Seat{-1, -2, engine.Seat(s.n), 1 << 30} {
			if got := jsonOf(s.Observe(seat)); got != jsonOf(spec) {
				t.Fatalf("state %d: Observe(%d) is not the spectator's view", i, seat)
			}
		}
		for seat := range engine.Seat(s.n) {
			o := s.observe(seat)
			for j, p := range o.Players {
				if (j == int(seat)) != (p.Hand != nil) {
					t.Fatalf("state %d seat %d: sees hand of seat %d: %v", i, seat, j, p.Hand != nil)
				}
				if p.HandSize != s.p[j].hand.count() {
					t.Fatalf("state %d: hand size %d, want %d", i, p.HandSize, s.p[j].hand.count())
				}
			}
			if len(o.Players[seat].Hand) != s.p[seat].hand.count() {
				t.Fatalf("state %d seat %d: hand %v", i, seat, o.Players[seat].Hand)
			}
			if o.String() == "" {
				t.Fatal("empty text")
			}
		}
	}
}

func TestNewOptions(t *testing.T) {
	tests := []struct {
		name    string
		opts    engine.Options
		ok      bool
		seats   int
		server  int8
		formatS string
	}{
		{"defaults", engine.Options{}, true, 2, 0, "set"},
		{"doubles", engine.Options{"players": "doubles"}, true, 4, 0, "set"},
		{"best-of-5, player 2", engine.Options{"format": "best-of-5", "first-server": "2"}, true, 2, 1, "best-of-5"},
		{"doubles, player 4", engine.Options{"players": "doubles", "first-server": "4"}, true, 4, 3, "set"},
		{"singles, player 3", engine.Options{"first-server": "3"}, false, 0, 0, ""},
		{"bad format", engine.Options{"format": "best-of-7"}, false, 0, 0, ""},
		{"bad players", engine.Options{"players": "triples"}, false, 0, 0, ""},
		{"bad server", engine.Options{"first-server": "x"}, false, 0, 0, ""},
		{"server 0", engine.Options{"first-server": "0"}, false, 0, 0, ""},
		{"unknown option", engine.Options{"speed": "fast"}, false, 0, 0, ""},
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
			if s.NumSeats() != tt.seats || s.server != tt.server || o.Format != tt.formatS || o.Phase != "dealing" {
				t.Fatalf("got %d seats, server %d, format %s, phase %s", s.NumSeats(), s.server, o.Format, o.Phase)
			}
		})
	}
	for _, v := range Game.Variants {
		if _, _, err := Game.Start(v.Options); err != nil {
			t.Errorf("variant %s: %v", v.Name, err)
		}
	}
}
