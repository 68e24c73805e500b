package ismcts_test

import (
	"fmt"
	"math"
	"testing"

	"deuce/bot/ismcts"
	"deuce/engine"
)

// race is a match to four points in which seat 0 makes one choice and chance plays the points:
// "greedy" wins the first point and loses the next four (and the match), "patient" loses the
// first point and wins the next four. Only the match's end shows that patience pays.
type race struct {
	choice int // -1 until seat 0 chooses
	won    [2]int
}

var scripts = [2][]int{
	{0, 1, 1, 1, 1}, // greedy: the side that wins each point
	{1, 0, 0, 0, 0}, // patient
}

const (
	greedy  engine.Action = 0
	patient engine.Action = 1
)

func (r *race) over() bool          { return r.won[0] == 4 || r.won[1] == 4 }
func (r *race) NumSeats() int       { return 2 }
func (r *race) Clone() engine.State { c := *r; return &c }
func (r *race) Observe(engine.Seat) engine.Observation {
	return raceView{Choice: r.choice, Won: r.won}
}

func (r *race) ToMove() engine.Seat {
	switch {
	case r.choice < 0:
		return 0
	case r.over():
		return engine.Nobody
	}
	return engine.Chance
}

func (r *race) Legal(buf []engine.Action) []engine.Action {
	if r.choice < 0 {
		return append(buf[:0], greedy, patient)
	}
	return buf[:0]
}

func (r *race) Chances(buf []engine.ChanceOutcome) []engine.ChanceOutcome {
	return append(buf[:0], engine.ChanceOutcome{Action: 0, Weight: 1})
}

func (r *race) Apply(a engine.Action) error {
	switch r.ToMove() {
	case 0:
		if a != greedy && a != patient {
			return engine.Illegal(a, fmt.Sprint(a), "no such choice")
		}
		r.choice = int(a)
	case engine.Chance:
		r.won[scripts[r.choice][r.won[0]+r.won[1]]]++
	default:
		return engine.Illegal(a, fmt.Sprint(a), "the match is over")
	}
	return nil
}

func (r *race) ActionString(a engine.Action) string { return fmt.Sprint(a) }

func (r *race) ParseAction(s string) (engine.Action, error) {
	return 0, engine.Illegal(0, s, "no notation")
}

func (r *race) Result() engine.Result {
	if !r.over() {
		return engine.Result{Winner: engine.Nobody}
	}
	if r.won[0] == 4 {
		return engine.Result{Over: true, Returns: []float64{1, -1}, Winner: 0}
	}
	return engine.Result{Over: true, Returns: []float64{-1, 1}, Winner: 1}
}

type raceView struct {
	Choice int
	Won    [2]int
}

func (v raceView) String() string { return fmt.Sprint(v.Choice, v.Won) }

// pointRace is a race that reports its points, so a horizon applies to it.
type pointRace struct{ race }

func (r *pointRace) PointsWon() [2]int { return r.won }
func (r *pointRace) Clone() engine.State {
	c := *r
	return &c
}

var _ engine.Points = (*pointRace)(nil)

// TestHorizon checks that a horizon judges a move by the points ahead: one point ahead, winning
// the first point is best; three points ahead, or playing to the end of the match, patience is.
// A game that does not count points is played to the end whatever the horizon.
func TestHorizon(t *testing.T) {
	tests := []struct {
		state   engine.State
		horizon int
		want    engine.Action
		value   float64 // the chosen action's value
	}{
		{&pointRace{race{choice: -1}}, 0, patient, 1},
		{&pointRace{race{choice: -1}}, 1, greedy, 1},
		{&pointRace{race{choice: -1}}, 3, patient, 1.0 / 3},
		{&pointRace{race{choice: -1}}, 9, patient, 1},
		{&race{choice: -1}, 1, patient, 1},
	}
	for _, tt := range tests {
		an := search(t, ismcts.New(ismcts.Options{Iterations: 50, Horizon: tt.horizon}), tt.state, 1)
		if v := an.Moves[tt.want].Value; an.Action != tt.want || math.Abs(v-tt.value) > 1e-9 {
			t.Errorf("%T, horizon %d: chose %d, want %d with value %v; %+v", tt.state, tt.horizon, an.Action, tt.want, tt.value, an.Moves)
		}
	}
}

// TestLeaf checks that Options.Leaf values what a playout leaves at the horizon: one point
// ahead, a leaf that sees the points to come makes patience the better move, each move's
// value being its point won or lost plus the lead the leaf gives side 0 (here the rest of the
// script), over the one point played; the searching seat's value is side 0's.
func TestLeaf(t *testing.T) {
	rest := func(s engine.State) float64 {
		r := s.(*pointRace)
		lead := 0.0
		for _, side := range scripts[r.choice][r.won[0]+r.won[1]:] {
			lead += float64(1 - 2*side)
		}
		return lead
	}
	an := search(t, ismcts.New(ismcts.Options{Iterations: 50, Horizon: 1, Leaf: rest}), &pointRace{race{choice: -1}}, 1)
	if an.Action != patient || an.Moves[patient].Value != -1+4 || an.Moves[greedy].Value != 1-4 {
		t.Errorf("with the leaf: chose %d, want patient (%d) valued 3, greedy -3; %+v", an.Action, patient, an.Moves)
	}
}

// TestJudge checks that Options.Judge replaces the points-and-lead return: asked once per search
// with the root, its valuation of the state at the horizon is each move's value for side 0. Here
// it values a leaf by the points side 0 wins in the whole script, so patience wins 4-1; a judge
// that declines the root leaves the points to count, and greed wins the point ahead.
func TestJudge(t *testing.T) {
	roots := 0
	final := func(root engine.State) func(engine.State) float64 {
		roots++
		if root.(*pointRace).choice != -1 {
			t.Errorf("judge asked of %+v, want the root searched", root)
		}
		return func(s engine.State) float64 {
			r := s.(*pointRace)
			v := 0.0
			for _, side := range scripts[r.choice] {
				v += float64(1 - 2*side)
			}
			return v
		}
	}
	an := search(t, ismcts.New(ismcts.Options{Iterations: 50, Horizon: 1, Judge: final}), &pointRace{race{choice: -1}}, 1)
	if an.Action != patient || an.Moves[patient].Value != 3 || an.Moves[greedy].Value != -3 {
		t.Errorf("with the judge: chose %d, want patient (%d) valued 3, greedy -3; %+v", an.Action, patient, an.Moves)
	}
	if roots != 1 {
		t.Errorf("judge asked of %d roots in one search of one tree, want 1", roots)
	}
	declines := func(engine.State) func(engine.State) float64 { return nil }
	an = search(t, ismcts.New(ismcts.Options{Iterations: 50, Horizon: 1, Judge: declines}), &pointRace{race{choice: -1}}, 1)
	if an.Action != greedy || an.Moves[greedy].Value != 1 {
		t.Errorf("with a judge that declines: chose %d, want greedy (%d) valued 1; %+v", an.Action, greedy, an.Moves)
	}
}
