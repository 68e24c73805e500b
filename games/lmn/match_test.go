package lmn

import (
	"errors"
	"fmt"
	"math"
	"math/rand/v2"
	"strings"
	"testing"

	"deuce/engine"
	"deuce/engine/enginetest"
)

// invariant checks what holds after every action: each player's six card sets split his deck;
// known hand cards are in the hand; preparation cards never overlap (under overlap=after-setup,
// only those of the set-up); nobody holds more than the
// 6 cards a server is dealt; the shot being chosen is made of held cards; the server is the one
// the score and the turn order name.
var invariant = enginetest.Invariant(func(s *State) error {
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
		// Under overlap=after-setup only the set-up's lay-out, whole until the serve, may not overlap.
		if (!s.overlapOK || s.phase == phaseSetup || s.phase == phaseServe) && !disjoint(p.prep) {
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
})

func TestConformance(t *testing.T) {
	// The kit's checks cost far more than play, so the long formats get fewer matches.
	enginetest.RunVariants(t, Game, enginetest.Config{Invariant: invariant, DeepEvery: 15},
		map[string]int{"singles": 3, "doubles": 2, "best-of-3": 1, "best-of-5": 1, "doubles-best-of-3": 1})
}

// TestConformanceOptions runs the conformance kit on option sets no variant names.
func TestConformanceOptions(t *testing.T) {
	enginetest.RunOptions(t, Game, enginetest.Config{Invariant: invariant, Matches: 1, DeepEvery: 15},
		engine.Options{"players": "singles", "first-server": "2"},
		engine.Options{"players": "doubles", "first-server": "4", "overlap": OverlapAfterSetup})
}

func FuzzRules(f *testing.F) {
	// Singles and doubles only: the longer formats repeat the same points, and their seed
	// matches would cost most of the package's test time.
	g := Game
	g.Variants = Game.Variants[:2]
	enginetest.Fuzz(f, g, enginetest.Config{Invariant: invariant, DeepEvery: 50})
}

// policy chooses a decision; chance is always sampled by weight.
type policy = enginetest.Policy[*State]

// randomPolicy moves at random; heuristicPolicy plays Heuristic on what the seat to move knows.
var randomPolicy, heuristicPolicy = enginetest.Policies[*State](Heuristic)

// step applies one action: a chance outcome by weight, a policy's choice otherwise.
var step = enginetest.Step[*State]

func newMatch(t testing.TB, variant string) *State {
	t.Helper()
	opts, err := Game.Variant(variant)
	if err != nil {
		t.Fatal(err)
	}
	return enginetest.Start[*State](t, Game, opts)
}

func TestRandomMatches(t *testing.T) {
	matches.Matches(t, heuristicPolicy, 3, enginetest.VariantOptions(Game, engine.Options{"overlap": OverlapAfterSetup})...)
}

// matches plays checked matches, a side's seats with one policy: the invariant, a score that
// only moves forward, the deal the rules give at the start of every point, and the result.
var matches = enginetest.Player[State, *State]{
	Game:      Game,
	Invariant: invariant,
	Side:      func(_ *State, seat engine.Seat) int { return side(int8(seat)) },
	Step: func(before, s *State) error {
		if err := enginetest.ScoreForward(before.score, s.score, false); err != nil {
			return err
		}
		if s.phase == phaseSetup && s.step == 0 && len(s.moved.list()) == 0 {
			for i := range s.n {
				want := receiverCards
				if i == s.server {
					want = serverCards
				}
				if got := s.p[i].hand.count(); got != want || s.p[i].prep != 0 {
					return fmt.Errorf("seat %d dealt %d cards, want %d", i, got, want)
				}
			}
		}
		return nil
	},
	End: func(s *State) error {
		res := s.Result()
		w := s.score.Winner()
		if !res.Over || res.Winner != engine.Seat(w) || len(res.Returns) != int(s.n) {
			return fmt.Errorf("result %+v", res)
		}
		for seat, r := range res.Returns {
			if want := map[bool]float64{true: 1, false: -1}[seat%2 == w]; r != want {
				return fmt.Errorf("seat %d returns %v, want %v", seat, r, want)
			}
		}
		return nil
	},
}

// randomStates returns states met in random matches of every variant, played by the heuristic
// and random moves in turn.
func randomStates(t testing.TB, perVariant int) []*State {
	return enginetest.States(t, Game, enginetest.VariantOptions(Game), perVariant, 3, heuristicPolicy, randomPolicy)
}

func TestIllegalLeavesStateUnchanged(t *testing.T) {
	enginetest.CheckRefusals(t, randomStates(t, 40), enginetest.Candidates(-2, 1030, 1,
		math.MinInt32, -1000, 1<<20, math.MaxInt32))
}

func TestNotationRoundTrip(t *testing.T) {
	enginetest.CheckNotation(t, randomStates(t, 200), func(s *State, a engine.Action) []string {
		short := strings.Fields(s.ActionString(a))[0]
		if _, c := split(a); c > 0 {
			short += fmt.Sprintf(" %d", c)
		}
		return []string{short, strings.ToUpper(short)}
	})
}

func FuzzParseAction(f *testing.F) {
	enginetest.FuzzParse(f, Game, 600, "prep 13", "take 4", "serve 7 to FR from hand", "defend 13", "aim 7", "hit", "done", "done, draw 2",
		"pass 3", "concede", "draw 13", "defend", "aim 99", "hit regular shot to BL, draw 2", "x", "")
}

func FuzzApply(f *testing.F) {
	enginetest.FuzzApply(f, Game, enginetest.Config{Invariant: invariant}, 600, -1, 0, 105, 213, 307, 413, 507, 603, 700, 701, 702, 1013, math.MaxInt32, math.MinInt32)
}

func TestDeterminize(t *testing.T) {
	enginetest.CheckDeterminized(t, randomStates(t, 50), invariant)
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
	enginetest.CheckObservations(t, randomStates(t, 80), func(s *State, seat engine.Seat, ob engine.Observation) error {
		o := ob.(*Observation)
		for j, p := range o.Players {
			if (j == int(seat)) != (p.Hand != nil) {
				return fmt.Errorf("sees hand of seat %d: %v", j, p.Hand != nil)
			}
			if p.HandSize != s.p[j].hand.count() {
				return fmt.Errorf("hand size %d, want %d", p.HandSize, s.p[j].hand.count())
			}
			if j == int(seat) && len(p.Hand) != s.p[j].hand.count() {
				return fmt.Errorf("hand %v", p.Hand)
			}
		}
		return nil
	})
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
			s, ok := enginetest.New[*State](t, Game, tt.opts, tt.ok)
			if !ok {
				return
			}
			o := s.observe(engine.Spectator)
			if s.NumSeats() != tt.seats || s.server != tt.server || o.Format != tt.formatS || o.Phase != "dealing" {
				t.Fatalf("got %d seats, server %d, format %s, phase %s", s.NumSeats(), s.server, o.Format, o.Phase)
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
