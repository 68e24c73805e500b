package alakaslam

import (
	"errors"
	"fmt"
	"math"
	"math/rand/v2"
	"testing"

	"deuce/engine"
	"deuce/engine/enginetest"
)

// invariant checks what holds after every action: every card is in exactly one place, no
// count is negative, picks respect the one-Enchantment rule, teammates never share a space,
// players stay on their side, and the score only counts up to the target.
var invariant = enginetest.Invariant(func(s *State) error {
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
})

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
	enginetest.RunVariants(t, Game, enginetest.Config{Invariant: invariant, DeepEvery: 6},
		map[string]int{"singles": 8, "doubles": 3, "canadian": 3})
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
	enginetest.RunOptions(t, Game, enginetest.Config{Invariant: invariant, Matches: 1, DeepEvery: 20, Seed: 11}, opts...)
}

func FuzzRules(f *testing.F) {
	enginetest.Fuzz(f, Game, enginetest.Config{Invariant: invariant, DeepEvery: 25})
}

// randomPolicy moves at random; heuristicPolicy plays Heuristic on what the seat to move knows.
var randomPolicy, heuristicPolicy = enginetest.Policies[*State](Heuristic)

// step applies one action: a chance outcome by weight, a policy's choice otherwise.
var step = enginetest.Step[*State]

func newMatch(t testing.TB, opts engine.Options) *State {
	t.Helper()
	return enginetest.Start[*State](t, Game, opts)
}

// seededMatches plays four matches of each option set, seeded by the set's index and the
// match's, the heuristic playing the even ones and random moves the odd ones, and calls visit on
// every state, the last included; maxSteps > 0 stops a match after that many steps.
func seededMatches(t *testing.T, sets []engine.Options, maxSteps int, visit func(opts engine.Options, seed uint64, n int, s *State)) {
	t.Helper()
	for i, opts := range sets {
		for seed := range uint64(4) {
			s := newMatch(t, opts)
			rng := rand.New(rand.NewPCG(seed, uint64(i)))
			policy := heuristicPolicy
			if seed%2 == 1 {
				policy = randomPolicy
			}
			for n := 0; maxSteps <= 0 || n < maxSteps; n++ {
				visit(opts, seed, n, s)
				if s.ToMove() == engine.Nobody {
					break
				}
				step(t, s, rng, policy)
			}
		}
	}
}

func TestRandomMatches(t *testing.T) {
	// Three matches of each variant, one with each character in each seat.
	matches.Matches(t, heuristicPolicy, 3, enginetest.VariantOptions(Game,
		engine.Options{"format": "doubles", "toots": "moves", "team-move": "one-by-one", "played": "after-hit"},
		engine.Options{"format": "canadian", "character2": "josephias", "played": "after-hit", "team-move": "one-by-one"})...)
	matches.Matches(t, heuristicPolicy, 1, characterOptions()...)
}

// matches plays checked matches, a team's players with one policy: the invariant, a score that
// only moves forward one point at a time, and the result.
var matches = enginetest.Player[State, *State]{
	Game:      Game,
	Invariant: invariant,
	Side:      func(_ *State, seat engine.Seat) int { return int(teamOf(int8(seat))) },
	Step: func(before, s *State) error {
		b, a := before.score.PointsInGame(), s.score.PointsInGame()
		if a[0] < b[0] || a[1] < b[1] || a[0]+a[1] > b[0]+b[1]+1 {
			return fmt.Errorf("score went from %v to %v", b, a)
		}
		return nil
	},
	End: func(s *State) error {
		res := s.Result()
		if !res.Over || len(res.Returns) != int(s.nseats) || teamOf(int8(res.Winner)) != int8(s.score.Winner()) {
			return fmt.Errorf("result %+v", res)
		}
		return nil
	},
}

// randomStates returns states met in random matches of every variant and of some characters.
func randomStates(t testing.TB, per int) []*State {
	return enginetest.States[*State](t, Game, enginetest.VariantOptions(Game,
		engine.Options{"format": "singles", "character1": "austin", "character2": "laurie"},
		engine.Options{"format": "doubles", "character1": "toots", "character2": "laurie", "character3": "austin", "character4": "rich"},
		engine.Options{"format": "canadian", "character1": "laurie", "character2": "rich", "character3": "josephias"},
		engine.Options{"format": "doubles", "character1": "toots", "character2": "josephias", "character3": "austin", "character4": "rich",
			"toots": "moves", "team-move": "one-by-one", "played": "after-hit"}), per, 3)
}

func TestIllegalLeavesStateUnchanged(t *testing.T) {
	enginetest.CheckRefusals(t, randomStates(t, 120), enginetest.Candidates(-2, actionLimit+5, 1,
		math.MinInt32, -1000, 1<<20, math.MaxInt32))
}

func TestNotationRoundTrip(t *testing.T) {
	enginetest.CheckNotation(t, randomStates(t, 150), nil)
}

func TestParseShortForms(t *testing.T) {
	s := rules.State(t, "c1=austin p1=r0c1 p2=r3c1 ball=r0c1 h1=2r,2b,1r,e2")
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
	enginetest.CheckDeterminized(t, randomStates(t, 80), invariant)
}

func TestObserveHidesHands(t *testing.T) {
	enginetest.CheckObservations(t, randomStates(t, 80), func(s *State, seat engine.Seat, ob engine.Observation) error {
		o := ob.(*Observation)
		if seat == engine.Spectator {
			if o.Hand != nil || o.Picked != nil || o.Drawn != nil {
				return errors.New("the spectator sees a hand")
			}
			return nil
		}
		if len(o.Hand) != s.hands[seat].total() {
			return fmt.Errorf("hand %v", o.Hand)
		}
		for _, p := range o.Players {
			if s.facedown() && p.Seat != int(seat) && len(p.PickedCards) > 0 {
				return fmt.Errorf("sees player %d's facedown cards", p.Seat+1)
			}
		}
		return nil
	})
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
			if s, ok := enginetest.New[*State](t, Game, tt.opts, tt.ok); ok && s.NumSeats() != tt.seats {
				t.Fatalf("%d seats, want %d", s.NumSeats(), tt.seats)
			}
		})
	}
	enginetest.CheckVariantsStart(t, Game)
}

// What a seat is offered depends on nothing it cannot see, at every decision of random matches
// of every variant.
func TestMovesHideNothing(t *testing.T) {
	enginetest.CheckMovesHideNothing(t, Game, enginetest.VariantOptions(Game), 100)
}
