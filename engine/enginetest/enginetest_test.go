package enginetest_test

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"strconv"
	"strings"
	"testing"

	"deuce/engine"
	"deuce/engine/enginetest"
)

// toy is a small game with chance and a secret: chance deals seat 0 a secret card 1-3, then the
// seats take 1 or 2 stones in turn from a pile of 7; whoever takes the last stone scores the
// secret card's value. Its bug flags break the contract in one way each.
type toy struct {
	secret  int
	pile    int
	turn    engine.Seat
	history []engine.Action
	winner  engine.Seat
	bug     string
}

func newToy(bug string) *toy {
	return &toy{pile: 7, turn: engine.Chance, winner: engine.Nobody, history: make([]engine.Action, 0, 8), bug: bug}
}

func (s *toy) NumSeats() int { return 2 }

func (s *toy) ToMove() engine.Seat {
	if s.pile == 0 && s.bug != "endless" {
		return engine.Nobody
	}
	return s.turn
}

func (s *toy) Legal(buf []engine.Action) []engine.Action {
	buf = buf[:0]
	switch {
	case s.ToMove() == engine.Nobody:
	case s.turn == engine.Chance:
		buf = append(buf, 1, 2, 3)
	case s.bug == "unsorted":
		buf = append(buf, 2, 1)
	case s.pile == 0: // endless: a pass
		buf = append(buf, 1)
	case s.pile == 1:
		buf = append(buf, 1)
	default:
		buf = append(buf, 1, 2)
	}
	return buf
}

func (s *toy) Chances(buf []engine.ChanceOutcome) []engine.ChanceOutcome {
	buf = buf[:0]
	if s.ToMove() == engine.Chance {
		buf = append(buf, engine.ChanceOutcome{Action: 1, Weight: 1}, engine.ChanceOutcome{Action: 2, Weight: 1}, engine.ChanceOutcome{Action: 3, Weight: 1})
	}
	return buf
}

func (s *toy) Apply(a engine.Action) error {
	if !slices.Contains(s.Legal(nil), a) {
		if s.bug == "dirty-illegal" {
			s.history = append(s.history, a)
		}
		return engine.Illegal(a, "", "not now")
	}
	s.history = append(s.history, a)
	if s.turn == engine.Chance {
		s.secret = int(a)
		s.turn = 0
		return nil
	}
	s.pile -= int(min(int(a), s.pile))
	if s.pile == 0 && s.winner == engine.Nobody {
		s.winner = s.turn
	}
	s.turn = 1 - s.turn
	return nil
}

func (s *toy) ActionString(a engine.Action) string {
	if s.turn == engine.Chance {
		return "deal " + strconv.Itoa(int(a))
	}
	return "take " + strconv.Itoa(int(a))
}

func (s *toy) ParseAction(text string) (engine.Action, error) {
	for _, a := range s.Legal(nil) {
		if strings.EqualFold(strings.TrimSpace(text), s.ActionString(a)) {
			return a, nil
		}
	}
	return 0, engine.Illegal(-1, text, "not a legal action")
}

type toyView struct {
	Pile   int             `json:"pile"`
	Takes  []engine.Action `json:"takes"`
	Secret int             `json:"secret,omitempty"`
}

func (v toyView) String() string {
	return fmt.Sprintf("pile %d takes %v secret %d", v.Pile, v.Takes, v.Secret)
}

func (s *toy) Observe(seat engine.Seat) engine.Observation {
	v := toyView{Pile: s.pile, Takes: []engine.Action{}}
	if len(s.history) > 0 {
		v.Takes = slices.Clone(s.history[1:])
	}
	if seat == 0 || s.bug == "leak" {
		v.Secret = s.secret
	}
	return v
}

func (s *toy) Clone() engine.State {
	c := *s
	if s.bug != "shallow-clone" {
		c.history = slices.Clone(s.history)
	}
	return &c
}

func (s *toy) Result() engine.Result {
	if s.ToMove() != engine.Nobody {
		return engine.Result{Winner: engine.Nobody, Score: "playing"}
	}
	r := engine.Result{Over: true, Winner: s.winner, Returns: []float64{-1, -1}, Score: "over"}
	r.Returns[s.winner] = 1
	return r
}

// Determinize resamples the secret for every seat but 0. The history would reveal it, so it is
// rewritten too.
func (s *toy) Determinize(seat engine.Seat, rng *rand.Rand) engine.State {
	c := s.Clone().(*toy)
	if seat != 0 && s.turn != engine.Chance && s.bug != "peek" {
		c.secret = 1 + rng.IntN(3)
		c.history[0] = engine.Action(c.secret)
	}
	return c
}

// Narrate hides the dealt card from everyone but seat 0.
func (s *toy) Narrate(a engine.Action, seat engine.Seat) string {
	if s.turn == engine.Chance && seat != 0 && s.bug != "loose-lips" {
		return "a card is dealt to player 1"
	}
	return s.ActionString(a)
}

func toyGame(bug string) engine.Game {
	return engine.Game{
		Name: "toy", Title: "Toy",
		Variants: []engine.Variant{{Name: "default", Options: engine.Options{}}},
		New:      func(engine.Options) (engine.State, error) { return newToy(bug), nil },
	}
}

func TestRunAcceptsCorrectGame(t *testing.T) {
	enginetest.Run(t, toyGame(""), enginetest.Config{Matches: 50})
}

func TestCheckCatchesBugs(t *testing.T) {
	tests := []struct {
		bug  string
		kind []string // any of these
	}{
		{"leak", []string{"hidden"}},
		{"loose-lips", []string{"hidden"}},
		{"unsorted", []string{"legal"}},
		{"dirty-illegal", []string{"illegal"}},
		{"shallow-clone", []string{"clone", "read-only"}},
		{"peek", []string{"determinize"}},
		{"endless", []string{"termination"}},
	}
	for _, tt := range tests {
		t.Run(tt.bug, func(t *testing.T) {
			vs := enginetest.CheckVariant(toyGame(tt.bug), engine.Options{}, enginetest.Config{Matches: 20, MaxActions: 100})
			if !slices.ContainsFunc(vs, func(v enginetest.Violation) bool { return slices.Contains(tt.kind, v.Kind) }) {
				t.Errorf("violations %v: none of kind %q", vs, tt.kind)
			}
		})
	}
}

func TestRandomMatchIsReproducible(t *testing.T) {
	a, _, err := enginetest.RandomMatch(toyGame(""), nil, 7, 100)
	if err != nil {
		t.Fatal(err)
	}
	b, _, err := enginetest.RandomMatch(toyGame(""), nil, 7, 100)
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(a.Moves, b.Moves) {
		t.Errorf("same seed, different moves:\n%v\n%v", a.Moves, b.Moves)
	}
}

func FuzzToy(f *testing.F) { enginetest.Fuzz(f, toyGame(""), enginetest.Config{}) }

func FuzzToyParse(f *testing.F) { enginetest.FuzzParse(f, toyGame(""), 10, "take 1", "deal 2", "x") }

func FuzzToyApply(f *testing.F) {
	enginetest.FuzzApply(f, toyGame(""), enginetest.Config{}, 10, -1, 0, 1, 2, 3, 1<<30)
}
