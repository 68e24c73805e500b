package worldwide

import (
	"errors"
	"flag"
	"fmt"
	"math"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"deuce/engine"
	"deuce/engine/enginetest"
)

// invariant checks what holds after every action: every card in exactly one place, known
// cards in the hand, the deck inside what it was formed from, hands within the limit outside
// the end of a point, stars within their slots, challenges within two.
var invariant = enginetest.Invariant(func(s *State) error {
	if s.phase == phPlayerCard {
		return nil // the decks are formed once the player cards are chosen
	}
	for i := range s.sides {
		sd := &s.sides[i]
		if !s.human(int8(i)) {
			a := &s.auto
			var smash cardSet
			if a.smash != 0 {
				smash.add(int(a.smash))
			}
			if err := partition([]cardSet{a.piles, a.discard, a.played, a.aside, smash}, allShots); err != nil {
				return fmt.Errorf("automaton: %w", err)
			}
			if sd.hand|sd.deck|sd.discard|sd.played != 0 || sd.stars != 0 || sd.challenges != 0 {
				return errors.New("the automaton holds cards, stars or challenges")
			}
			continue
		}
		if err := partition([]cardSet{sd.hand, sd.deck, sd.discard, sd.played, sd.removed}, allShots); err != nil {
			return fmt.Errorf("side %d: %w", i, err)
		}
		if sd.known&^sd.hand != 0 {
			return fmt.Errorf("side %d: known cards %v not in hand", i, (sd.known &^ sd.hand).ids())
		}
		if sd.deck&^sd.origin != 0 {
			return fmt.Errorf("side %d: deck cards %v outside its origin", i, (sd.deck &^ sd.origin).ids())
		}
		switch s.phase {
		case phEndDraw, phEnds, phEndsDraw, phPlan, phTrim:
		default:
			if n := sd.hand.count(); n > int(sd.limit) {
				return fmt.Errorf("side %d holds %d cards, limit %d (phase %s)", i, n, sd.limit, phaseNames[s.phase])
			}
		}
		if sd.stars < 0 || sd.stars > sd.starCap || sd.starCap > maxStars {
			return fmt.Errorf("side %d: %d stars of %d", i, sd.stars, sd.starCap)
		}
		if sd.challenges < 0 || sd.challenges > challenges {
			return fmt.Errorf("side %d: %d challenges", i, sd.challenges)
		}
	}
	if s.phase != phOver && s.score.Over() {
		return errors.New("the score is over but the match goes on")
	}
	return nil
})

// partition checks that parts are disjoint and cover all.
func partition(parts []cardSet, all cardSet) error {
	var seen cardSet
	for _, p := range parts {
		if p&seen != 0 {
			return fmt.Errorf("cards %v in two places", (p & seen).ids())
		}
		seen |= p
	}
	if seen != all {
		return fmt.Errorf("cards %v missing, %v extra", (all &^ seen).ids(), (seen &^ all).ids())
	}
	return nil
}

// conformanceRuns is the number of checked matches per variant, and the kit's deep checks run
// one step in conformanceDeep: the kit's checks cost far more than play, the race detector
// multiplies that cost, and a full match is six times a tiebreak.
func conformanceRuns(opts engine.Options) (matches, deep int) {
	matches, deep = 4, 11
	if opts["mode"] == "match" {
		matches = 1
	}
	if raceEnabled || testing.Short() {
		matches, deep = 1, 19
	}
	return matches, deep
}

func TestConformance(t *testing.T) {
	for _, v := range Game.Variants {
		n, deep := conformanceRuns(v.Options)
		enginetest.Run(t, Game, enginetest.Config{Invariant: invariant, Variants: []string{v.Name}, Matches: n, DeepEvery: deep})
	}
}

// TestConformanceOptions runs the conformance kit on option sets no variant names: both modes
// and rule sets, with and without challenges and player cards, on all four surfaces, two
// players and solo.
func TestConformanceOptions(t *testing.T) {
	var sets []engine.Options
	surfaces := []string{"hard", "clay", "grass", "indoor"}
	i := 0
	for _, rules := range []string{"basic", "advanced"} {
		for _, extras := range [][2]string{{"no", "no"}, {"yes", "no"}, {"no", "yes"}, {"yes", "yes"}} {
			for _, solo := range []string{"no", "yes"} {
				sets = append(sets, engine.Options{"rules": rules, "challenges": extras[0], "player-cards": extras[1],
					"solo": solo, "surface": surfaces[i%4]})
				i++
			}
		}
	}
	// The full match: the "match" variant has two players, advanced rules, no extras.
	sets = append(sets, engine.Options{"mode": "match", "rules": "basic", "challenges": "yes", "player-cards": "yes",
		"solo": "yes", "surface": "clay"})
	if !raceEnabled {
		sets = append(sets, engine.Options{"mode": "match", "sets": "5", "rules": "advanced", "challenges": "yes",
			"player-cards": "yes", "surface": "indoor"})
	}
	for _, opts := range sets {
		t.Run(opts.String(), func(t *testing.T) {
			t.Parallel()
			n, deep := conformanceRuns(opts)
			cfg := enginetest.Config{Invariant: invariant, Matches: max(1, n/2), DeepEvery: deep}
			for _, v := range enginetest.CheckVariant(Game, opts, cfg) {
				t.Error(v)
			}
		})
	}
}

// FuzzRules plays one fully checked match per input. Its seed corpus (a whole match of every
// variant) runs in the normal build; under the race detector it is left to the fuzzer.
func FuzzRules(f *testing.F) {
	if raceEnabled && flag.Lookup("test.fuzz").Value.String() == "" {
		f.Skip("the seed corpus is checked without the race detector")
	}
	enginetest.Fuzz(f, Game, enginetest.Config{Invariant: invariant, DeepEvery: 29})
}

// randomPolicy moves at random; heuristicPolicy plays Heuristic on what the seat to move knows.
var randomPolicy, heuristicPolicy = enginetest.Policies[*State](Heuristic)

// step applies one action: a chance outcome by weight, a policy's choice otherwise.
var step = enginetest.Step[*State]

func newMatch(t testing.TB, opts engine.Options) *State {
	t.Helper()
	return enginetest.Start[*State](t, Game, opts)
}

// TestRandomMatches plays whole matches with random and heuristic players, checking the
// invariant, that the score only moves forward, one point at a time, and the result.
func TestRandomMatches(t *testing.T) {
	matches.Matches(t, heuristicPolicy, 3, enginetest.VariantOptions(Game,
		engine.Options{"challenges": "yes", "player-cards": "yes", "rules": "advanced"},
		engine.Options{"solo": "yes", "challenges": "yes", "player-cards": "yes", "surface": "clay"},
		engine.Options{"solo": "yes", "mode": "match"},
		engine.Options{"mode": "match", "sets": "5", "challenges": "yes"},
		engine.Options{"rules": "basic", "challenges": "rally", "second-serve": "any", "surface": "grass"})...)
}

// matches plays checked matches: the invariant, a score that only moves forward (the choice of
// the first server aside), the result, and the match facts against the score.
var matches = enginetest.Player[State, *State]{
	Game:      Game,
	Invariant: invariant,
	Step: func(before, s *State) error {
		if s.phase == phPosition {
			// The prompt offers the choices Legal does, no other.
			task, legal := s.task(), s.Legal(nil)
			if strings.Contains(task, "rush") != slices.Contains(legal, actNet) || strings.Contains(task, "recentre") != slices.Contains(legal, actRecentre) {
				return fmt.Errorf("the prompt %q offers other choices than %v", task, legal)
			}
		}
		return enginetest.ScoreForward(before.score, s.score, true)
	},
	End: func(s *State) error {
		res := s.Result()
		w := s.score.Winner()
		switch {
		case !res.Over:
			return fmt.Errorf("result %+v", res)
		case s.cfg.solo && (len(res.Returns) != 1 || res.Returns[0] != map[bool]float64{true: 1, false: -1}[w == 0]):
			return fmt.Errorf("solo result %+v for winner %d", res, w)
		case !s.cfg.solo && (res.Winner != engine.Seat(w) || res.Returns[w] != 1 || res.Returns[1-w] != -1):
			return fmt.Errorf("result %+v", res)
		}
		f := s.TennisFacts()
		if f.Points != s.score.PointsPlayed() || f.PointsWon[0]+f.PointsWon[1] != f.Points ||
			f.ServicePoints[0]+f.ServicePoints[1] != f.Points {
			return fmt.Errorf("facts %+v for %d points", f, s.score.PointsPlayed())
		}
		sum := 0
		for _, n := range f.Shots {
			sum += n
		}
		if sum != f.Points {
			return fmt.Errorf("%d rallies counted for %d points", sum, f.Points)
		}
		held, played := s.ServiceGames()
		for i := range 2 {
			if held[i] > played[i] || (!s.cfg.match && played[i] != 0) {
				return fmt.Errorf("service games held %v of %v", held, played)
			}
		}
		return nil
	},
}

// randomStates returns states met in random matches of every variant and some option sets,
// played by the heuristic and random moves in turn.
func randomStates(t testing.TB, perMatch int) []*State {
	return enginetest.States(t, Game, enginetest.VariantOptions(Game,
		engine.Options{"challenges": "yes", "player-cards": "yes", "rules": "advanced"},
		engine.Options{"solo": "yes", "challenges": "yes", "player-cards": "yes"},
		engine.Options{"rules": "basic", "challenges": "yes", "second-serve": "any"}), perMatch, 5, heuristicPolicy, randomPolicy)
}

func TestIllegalLeavesStateUnchanged(t *testing.T) {
	enginetest.CheckRefusals(t, randomStates(t, 60), enginetest.Candidates(-2, 570, 3,
		math.MinInt32, -1000, -1, 0, 66, 99, 100, 161, 200, 261, 299, 304, 319, 324, 333, 344, 349,
		351, 353, 363, 372, 399, 400, 461, 500, 521, 530, 537, 542, 552, 562, 1<<20, math.MaxInt32))
}

func TestNotationRoundTrip(t *testing.T) {
	enginetest.CheckNotation(t, randomStates(t, 80), func(s *State, a engine.Action) []string {
		var forms []string
		if n := int(a); n >= 1 && n <= numShots && s.phase == phShot {
			forms = append(forms, fmt.Sprintf("play %d", n), fmt.Sprintf("#%d", n), fmt.Sprintf("play #%d", n))
		}
		if n := int(a); n >= firstServ && n <= numCards {
			forms = append(forms, fmt.Sprintf("serve %d", data.cards[n].diff), fmt.Sprintf("#%d", n))
		}
		if a >= actTarget && a < actTarget+4 {
			forms = append(forms, "to "+strings.ToLower(zoneCodes[a-actTarget]))
		}
		return forms
	})
}

func TestParseActionErrors(t *testing.T) {
	tests := []struct {
		name, setup, text string
	}{
		{"card not held", "pos=FH hand=1", "play #3"},
		{"wrong zone", "pos=FH hand=1,13", "play #13"},
		{"wrong name", "pos=FH hand=1", "play #1 Smash"},
		{"serve in a rally", "pos=FH hand=1", "serve 4"},
		{"no such serve", "serve", "serve 5"},
		{"shot while serving", "serve", "play #1"},
		{"chance outcome", "pos=FH hand=1", "d20 4"},
		{"d20 21", "pos=FH last=25 hand=1: play #1", "d20 21"},
		{"stars 4", "advanced stars=5 pos=FH last=25 hand=1: play #1", "stars 4"},
		{"zone", "pos=N last=1 hand=25: play #25", "to the moon"},
		{"empty", "pos=FH hand=1", ""},
		{"garbage", "pos=FH hand=1", "\x00\xff"},
		{"huge number", "pos=FH hand=1", "play #99999999999999999999"},
		{"negative", "pos=FH hand=1", "play -1"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) { rules.Unparsable(t, tt.setup, tt.text) })
	}
}

func FuzzParseAction(f *testing.F) {
	enginetest.FuzzParse(f, Game, 300, "play #25", "serve 10", "serve #63 difficulty 10", "to bh", "rush the net", "stars 2",
		"discard #3", "d20 14", "d6 5", "toss 1", "ball in", "#12", "play 12 forehand crosscourt", "receive forehand", "x")
}

func FuzzApply(f *testing.F) {
	enginetest.FuzzApply(f, Game, enginetest.Config{Invariant: invariant}, 300, -1, 0, 25, 63, 101, 320, 361, 364, 425, 514, 533, 540, 561, math.MaxInt32, math.MinInt32)
}

func TestDeterminize(t *testing.T) {
	enginetest.CheckDeterminized(t, randomStates(t, 40), invariant)
}

func TestObserveHidesHands(t *testing.T) {
	enginetest.CheckObservations(t, randomStates(t, 40), func(s *State, seat engine.Seat, _ engine.Observation) error {
		o := s.observe(seat)
		if seat == engine.Spectator {
			if o.Hand != nil || o.Odds != nil {
				return errors.New("the spectator sees a hand or odds")
			}
			return nil
		}
		if len(o.Hand) != s.sides[seat].hand.count() {
			return fmt.Errorf("hand %v", o.Hand)
		}
		if o.Odds != nil && s.ToMove() != seat {
			return errors.New("odds shown to a seat not to move")
		}
		return nil
	})
}

// TestShotOdds checks the odds against the d20 by brute force: the share of faces that
// validate the action once applied.
func TestShotOdds(t *testing.T) {
	for _, line := range []string{
		"pos=FH last=25 hand=1,3",
		"advanced stars=3 pos=FH last=25 hand=1: play #1",
		"advanced serve stars=2: serve 13",
		"advanced serve stars=2: serve 13; slice",
		"serve",
		"pos=N last=1 hand=25,36 validated=6",
		"pc=2 pos=N last=1 hand=25: play #25",
	} {
		t.Run(line, func(t *testing.T) {
			s := rules.State(t, line)
			odds := 0
			for _, a := range s.Legal(nil) {
				need, p, ok := s.ShotOdds(a)
				if !ok {
					continue
				}
				odds++
				c := *s
				if err := c.Apply(a); err != nil {
					t.Fatal(err)
				}
				// Reach the roll: no more stars or effects.
				for c.phase == phServeSpin || c.phase == phServeStars || c.phase == phStars {
					if err := c.Apply(c.Legal(nil)[0]); err != nil {
						t.Fatal(err)
					}
				}
				if c.phase != phServeRoll && c.phase != phShotRoll {
					if need != 0 || p != 1 {
						t.Errorf("%s: no roll follows, odds %d %.2f", s.ActionString(a), need, p)
					}
					continue
				}
				if int(c.need) != need {
					t.Errorf("%s: ShotOdds needs %d, the roll needs %d", s.ActionString(a), need, c.need)
				}
				good := 0
				for f := 1; f <= 20; f++ {
					if f >= int(c.need) {
						good++
					}
				}
				if got := float64(good) / 20; math.Abs(got-p) > 1e-9 {
					t.Errorf("%s: chance %.2f, the d20 gives %.2f", s.ActionString(a), p, got)
				}
			}
			if odds == 0 {
				t.Error("no legal action has odds: the case checks nothing")
			}
			if _, _, ok := s.ShotOdds(actConcede); ok {
				t.Error("odds for concede")
			}
		})
	}
}

func TestHeuristic(t *testing.T) {
	tests := []struct {
		setup string
		want  string
	}{
		{"pos=FH ball=BH hand=13,2,36", "discard #2 Baseline defence (FH)"},           // keep the card that plays, never the Winner
		{"pos=FH ball=BH hand=1,2", "concede"},                                        // nothing would play after the move
		{"pos=FH ball=BH hand=13", "concede"},                                         // no card left to play after paying
		{"pos=FH validated=22 last=1 hand=1,36", "play #36 Forehand winner"},          // a sure Winner
		{"pos=FH validated=0 last=1 hand=1,36", "play #1 Baseline defence (FH)"},      // a hopeless Winner is kept
		{"pos=V ball=N last=44 hand=60,48", "play #60 Smash"},                         // the only answer
		{"challenges pos=FH last=25 hand=1: play #1; d20 3", "challenge"},             // always challenge
		{"pos=N last=1 hand=25 opp=13 opppos=BH: play #25", "to forehand"},            // the opponent cannot answer there
		{"serve stars=0 opp=1,13,35", "serve #64 difficulty 13"},                      // a strong first serve
		{"serve second faulted=64 stars=0 opp=1,13,35", "serve #61 difficulty 4"},     // a safe second serve
		{"points=0,1,0,1,0 pos=FH hand=13 opp=- stars=4: concede", "recovery"},        // a short hand recovers
		{"advanced stars=3 pos=FH last=25 validated=10 hand=36: play #36", "stars 3"}, // stars for a Winner
	}
	for _, tt := range tests {
		t.Run(tt.setup, func(t *testing.T) { rules.Choice(t, tt.setup, Heuristic, tt.want) })
	}
}

func TestNewOptions(t *testing.T) {
	tests := []struct {
		name  string
		opts  engine.Options
		ok    bool
		seats int
		phase phase
	}{
		{"defaults", engine.Options{}, true, 2, phDeal},
		{"match of 5 on clay", engine.Options{"mode": "match", "sets": "5", "surface": "clay"}, true, 2, phDeal},
		{"solo", engine.Options{"solo": "yes"}, true, 1, phDeal},
		{"player cards", engine.Options{"player-cards": "yes"}, true, 2, phPlayerCard},
		{"bad mode", engine.Options{"mode": "set"}, false, 0, 0},
		{"bad sets", engine.Options{"sets": "7"}, false, 0, 0},
		{"bad surface", engine.Options{"surface": "carpet"}, false, 0, 0},
		{"bad rules", engine.Options{"rules": "expert"}, false, 0, 0},
		{"bad yes", engine.Options{"solo": "maybe"}, false, 0, 0},
		{"unknown option", engine.Options{"speed": "fast"}, false, 0, 0},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s, ok := enginetest.New[*State](t, Game, tt.opts, tt.ok)
			if ok && (s.NumSeats() != tt.seats || s.phase != tt.phase) {
				t.Fatalf("got %d seats, phase %s", s.NumSeats(), phaseNames[s.phase])
			}
		})
	}
	enginetest.CheckVariantsStart(t, Game)
	if _, err := New(Options{Sets: 4}); err == nil {
		t.Error("New with 4 sets: no error")
	}
	if _, err := New(Options{Surface: "sand"}); err == nil {
		t.Error("New on sand: no error")
	}
}

// TestStartingHands checks the set-up: the starting-hand cards plus drawn cards up to the
// limit, the stars, and a player card's hand, stars and removed cards.
func TestStartingHands(t *testing.T) {
	s := newMatch(t, engine.Options{"player-cards": "yes", "challenges": "yes"})
	rng := rand.New(rand.NewPCG(1, 1))
	if err := s.Apply(actPlayer + 1); err != nil {
		t.Fatal(err)
	}
	if err := s.Apply(actPlayer + 1); err == nil {
		t.Fatal("both players chose the same player card")
	}
	if err := s.Apply(actPlayer + 0); err != nil {
		t.Fatal(err)
	}
	for s.phase != phServeCard {
		step(t, s, rng, randomPolicy)
	}
	for i, want := range []struct{ hand, stars, slots, chal int }{{11, 4, 5, 2}, {13, 3, 5, 2}} {
		sd := &s.sides[i]
		if got := (struct{ hand, stars, slots, chal int }{sd.hand.count(), int(sd.stars), int(sd.starCap), int(sd.challenges)}); got != want {
			t.Errorf("side %d: got %+v, want %+v", i, got, want)
		}
		if sd.hand&data.startHand != data.startHand&^sd.removed {
			t.Errorf("side %d: starting-hand cards missing", i)
		}
		if (sd.hand|sd.deck)&sd.removed != 0 {
			t.Errorf("side %d: removed cards still in play", i)
		}
	}
}

func TestTennisFacts(t *testing.T) {
	s := rules.State(t, "match points=0,0,1,1,1 pos=FH hand=13 opp=-: concede")
	f := s.TennisFacts()
	if f.PointsWon != [2]int{0, 1} || f.Games != 3 || f.ServicePoints[0]+f.ServicePoints[1] != 1 {
		t.Errorf("facts %+v", f)
	}
	if len(f.Tags) == 0 || f.Tags[0] != (engine.Tag{Key: "surface", Value: "hard", Side: engine.BothSides}) {
		t.Errorf("tags %+v", f.Tags)
	}
}

// What a seat is offered depends on nothing it cannot see, at every decision of random matches
// of every variant.
func TestMovesHideNothing(t *testing.T) {
	enginetest.CheckMovesHideNothing(t, Game, enginetest.VariantOptions(Game), 30)
}
