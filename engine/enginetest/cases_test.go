package enginetest_test

import (
	"errors"
	"fmt"
	"strconv"
	"strings"
	"testing"

	"deuce/engine"
	"deuce/engine/enginetest"
)

// pile is a small comparable game for the rules-case harness: the seats take 1 or 2 stones in
// turn from a pile; whoever takes the last stone wins. Its bug flags break Apply in one way each.
type pile struct {
	stones int8
	turn   engine.Seat
	bug    string // "dirty": a refused take still moves the turn; "plain": refusals are plain errors
}

type pileView string

func (v pileView) String() string { return string(v) }

func (s *pile) NumSeats() int { return 2 }

func (s *pile) ToMove() engine.Seat {
	if s.stones <= 0 {
		return engine.Nobody
	}
	return s.turn
}

func (s *pile) Legal(buf []engine.Action) []engine.Action {
	buf = buf[:0]
	for a := engine.Action(1); a <= 2 && int8(a) <= s.stones; a++ {
		buf = append(buf, a)
	}
	return buf
}

func (s *pile) Chances(buf []engine.ChanceOutcome) []engine.ChanceOutcome { return buf[:0] }

func (s *pile) Apply(a engine.Action) error {
	if a < 1 || a > 2 || int8(a) > s.stones {
		if s.bug == "dirty" {
			s.turn = 1 - s.turn
		}
		if s.bug == "plain" {
			return errors.New("no")
		}
		return engine.Illegal(a, s.ActionString(a), "only %d stones left", s.stones)
	}
	s.stones -= int8(a)
	if s.stones > 0 {
		s.turn = 1 - s.turn
	}
	return nil
}

func (s *pile) ActionString(a engine.Action) string { return fmt.Sprintf("take %d", a) }

func (s *pile) ParseAction(text string) (engine.Action, error) {
	n, err := strconv.Atoi(strings.TrimPrefix(strings.ToLower(strings.TrimSpace(text)), "take "))
	if err != nil || n < 1 || n > 2 {
		return 0, engine.Illegal(0, text, "not a take")
	}
	return engine.Action(n), nil
}

func (s *pile) Observe(engine.Seat) engine.Observation { return pileView(strconv.Itoa(int(s.stones))) }

func (s *pile) Clone() engine.State { c := *s; return &c }

func (s *pile) Result() engine.Result {
	if s.stones > 0 {
		return engine.Result{Winner: engine.Nobody}
	}
	r := engine.Result{Over: true, Winner: s.turn, Returns: []float64{-1, -1}}
	r.Returns[s.turn] = 1
	return r
}

// pileCases reads the setup words stones=N (default 7), to=N (default 0), half (halves the
// stones) and bug=NAME.
func pileCases(invariant func(engine.State) error) enginetest.Cases[pile, *pile] {
	return enginetest.Cases[pile, *pile]{
		Setup: func(w *enginetest.Words) *pile {
			s := &pile{stones: int8(w.Int("stones", 7)), turn: engine.Seat(w.Int("to", 0)), bug: w.Get("bug", "")}
			if w.Flag("half") {
				s.stones /= 2
			}
			if s.stones < 0 {
				w.Errorf("stones=%d: negative", s.stones)
				return nil
			}
			return s
		},
		Describe: func(s *pile, key string) (string, bool) {
			switch key {
			case "stones":
				return strconv.Itoa(int(s.stones)), true
			case "tomove":
				if s.ToMove() == engine.Nobody {
					return "nobody", true
				}
				return strconv.Itoa(int(s.ToMove())), true
			}
			return "", false
		},
		Invariant: invariant,
	}
}

func TestCasesAcceptGoodLines(t *testing.T) {
	pileCases(nil).Run(t, []string{
		"stones=5: take 2 -> ok stones=3 tomove=1",
		"stones=5: -> ok stones=5",
		"stones=5: 2; #1 -> ok stones=2",
		"stones=3 to=1: take 1; stones=2; tomove=0; take 2 -> ok stones=0 tomove=nobody",
		"stones=1: take 2 -> illegal reason=only_1_stones",
		"stones=1: take 1; take 1 -> illegal",
		"stones=4: ~; take 1 -> ok stones=3",
		"stones=4: #-1 -> illegal stones=4",
		"stones=6 half: -> ok stones=3",
	})
}

// TestCasesRefuseUnreadableLines plants lines the harness cannot read: each must fail as
// unreadable, never pass as a case that checks nothing.
func TestCasesRefuseUnreadableLines(t *testing.T) {
	for _, line := range []string{
		"stones=5: take 1",                          // no expectation at all
		"stones=5: legal=take_1,take_2",             // a check written where an action goes
		"stones=5: take 1 ->",                       // an empty expectation
		"stones=5: take 1 -> stones=4",              // no verdict
		"stones=5: take 1 -> fine stones=4",         // an unknown verdict
		"stones=5: take 1 -> ok stones",             // an expectation that is not KEY=VALUE
		"stones=5: take 1 -> ok colour=red",         // an unknown expectation key
		"stones=5: take 1; colour=red -> ok",        // an unknown check key
		"stones=5: take 1 -> ok reason=stones",      // a reason for an action that applies
		"stones=5 colour=red: take 1 -> ok",         // an unknown setup word
		"stones=5 stones=4: take 1 -> ok",           // a setup word given twice
		"stones=five: take 1 -> ok",                 // a setup value the game cannot read
		"stones: take 1 -> ok",                      // a setup word without its value
		"stones=6 half=1: take 1 -> ok",             // a value given to a flag
		"stones=-1: -> ok",                          // a setup the game refuses
		"=5: take 1 -> ok",                          // a setup word without a key
		"stones=5 take 1 -> ok",                     // no ":" after the setup
		"stones=5: take 1;; take 1 -> ok stones=3",  // an empty action
		"stones=5: take 1; -> ok stones=4",          // a trailing separator
		"stones=5: take 1 -> illegal colour=red",    // an unknown key after a failing verdict
		"stones=1: take 2; take 1 -> ok colour=red", // an unknown key after a refusal
	} {
		t.Run(line, func(t *testing.T) {
			err := pileCases(nil).Check(line)
			if !errors.Is(err, enginetest.ErrUnreadable) {
				t.Errorf("Check = %v, want an ErrUnreadable error", err)
			}
		})
	}
}

// TestCasesCatchFailures plants readable cases that do not hold, and games that break the
// contract a case checks.
func TestCasesCatchFailures(t *testing.T) {
	stonesLeft := func(st engine.State) error {
		if s := st.(*pile); s.stones == 2 {
			return errors.New("two stones left")
		}
		return nil
	}
	tests := []struct {
		line      string
		invariant func(engine.State) error
	}{
		{"stones=5: take 1 -> ok stones=3", nil},                   // a wrong value
		{"stones=5: take 1; stones=3; take 1 -> ok stones=3", nil}, // a wrong value mid-way
		{"stones=1: take 2 -> ok", nil},                            // refused, want ok
		{"stones=5: take 2 -> illegal", nil},                       // applied, want illegal
		{"stones=1: take 2; take 1 -> illegal", nil},               // an action after a refusal
		{"stones=1: take 2; stones=1 -> illegal", nil},             // a check after a refusal
		{"stones=1: take 2 -> illegal reason=pile", nil},           // the refusal says otherwise
		{"stones=1 bug=dirty: take 2 -> illegal", nil},             // a refusal changes the state
		{"stones=1 bug=plain: take 2 -> illegal", nil},             // a refusal is not ErrIllegal
		{"stones=4: take 2 -> ok stones=2", stonesLeft},            // the invariant breaks
		{"stones=2: -> ok stones=2", stonesLeft},                   // the setup breaks it
		{"stones=5: take 1 -> ok stones=3 tomove=0", nil},          // two wrong values
		{"stones=5: xyzzy -> ok", nil},                             // notation the game refuses
		{"stones=0: take 1 -> illegal stones=0 tomove=0", nil},     // refused, then a wrong value
	}
	for _, tt := range tests {
		t.Run(tt.line, func(t *testing.T) {
			err := pileCases(tt.invariant).Check(tt.line)
			if !errors.Is(err, enginetest.ErrFailed) || errors.Is(err, enginetest.ErrUnreadable) {
				t.Errorf("Check = %v, want an ErrFailed error", err)
			}
		})
	}
}

func TestCasesState(t *testing.T) {
	c := pileCases(nil)
	if s := c.State(t, "stones=5 to=1: take 1; take 2"); s.stones != 2 || s.turn != 1 {
		t.Errorf("State = %+v, want 2 stones, seat 1 to move", *s)
	}
	if s := c.State(t, "stones=3"); s.stones != 3 {
		t.Errorf("State = %+v, want 3 stones", *s)
	}
}

func TestPerftCountsPaths(t *testing.T) {
	// From 3 stones: take 1 or 2; then 2 ways or 1; a match that ends counts once.
	enginetest.CheckPerft(t, &pile{stones: 3}, []int{2, 3, 3})
}

func TestPlayerPlaysToTheEnd(t *testing.T) {
	g := engine.Game{Name: "pile", Title: "Pile", New: func(engine.Options) (engine.State, error) { return &pile{stones: 9}, nil }}
	var steps int
	p := enginetest.Player[pile, *pile]{
		Game: g,
		Step: func(before, s *pile) error {
			steps++
			if s.stones >= before.stones {
				return errors.New("no stone taken")
			}
			return nil
		},
	}
	s := p.Play(t, nil, 1, enginetest.RandomPolicy[*pile])
	if s.stones != 0 || steps == 0 || steps > 9 {
		t.Errorf("played %d steps to %d stones", steps, s.stones)
	}
	a, b := p.Record(t, nil, 5, enginetest.RandomPolicy[*pile]), p.Record(t, nil, 5, enginetest.RandomPolicy[*pile])
	if fmt.Sprint(a.Moves) != fmt.Sprint(b.Moves) || a.Result == nil {
		t.Errorf("the same seed recorded %v and %v", a.Moves, b.Moves)
	}
	states := enginetest.States[*pile](t, g, []engine.Options{nil, nil}, 2, 2)
	if len(states) < 4 {
		t.Errorf("%d states", len(states))
	}
}
