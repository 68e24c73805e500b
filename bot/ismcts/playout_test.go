package ismcts_test

import (
	"fmt"
	"math"
	"testing"

	"deuce/bot/ismcts"
	"deuce/engine"
)

// spin is a match in which seat 0 either stops, losing half a match, or spins: chance then
// turns a wheel for ever and the match never ends. A search must still end, judging the
// spin's endless playouts as knowing nothing (0).
type spin struct {
	choice engine.Action // -1 until seat 0 chooses
	turns  int
}

const (
	stop    engine.Action = 0
	spinAct engine.Action = 1
)

func (s *spin) NumSeats() int       { return 2 }
func (s *spin) Clone() engine.State { c := *s; return &c }
func (s *spin) Observe(engine.Seat) engine.Observation {
	return raceView{Choice: int(s.choice), Won: [2]int{s.turns, 0}}
}

func (s *spin) ToMove() engine.Seat {
	switch s.choice {
	case -1:
		return 0
	case stop:
		return engine.Nobody
	}
	return engine.Chance
}

func (s *spin) Legal(buf []engine.Action) []engine.Action {
	if s.choice < 0 {
		return append(buf[:0], stop, spinAct)
	}
	return buf[:0]
}

func (s *spin) Chances(buf []engine.ChanceOutcome) []engine.ChanceOutcome {
	return append(buf[:0], engine.ChanceOutcome{Action: 0, Weight: 1}, engine.ChanceOutcome{Action: 1, Weight: 1})
}

func (s *spin) Apply(a engine.Action) error {
	switch s.ToMove() {
	case 0:
		if a != stop && a != spinAct {
			return engine.Illegal(a, fmt.Sprint(a), "no such choice")
		}
		s.choice = a
	case engine.Chance:
		s.turns++
	default:
		return engine.Illegal(a, fmt.Sprint(a), "the match is over")
	}
	return nil
}

func (s *spin) ActionString(a engine.Action) string { return fmt.Sprint(a) }

func (s *spin) ParseAction(text string) (engine.Action, error) {
	return 0, engine.Illegal(0, text, "no notation")
}

func (s *spin) Result() engine.Result {
	if s.choice != stop {
		return engine.Result{Winner: engine.Nobody}
	}
	return engine.Result{Over: true, Returns: []float64{-0.5, 0.5}, Winner: 1}
}

// TestPlayoutsEnd checks that a playout that would never end stops after MaxPlayout actions
// with a return of 0, so that the search ends, and that a smaller Depth stops it sooner.
func TestPlayoutsEnd(t *testing.T) {
	for _, depth := range []int{0, 100} {
		an := search(t, ismcts.New(ismcts.Options{Iterations: 20, Depth: depth}), &spin{choice: -1}, 1)
		if an.Action != spinAct || an.Moves[spinAct].Value != 0 || math.Abs(an.Moves[stop].Value+0.5) > 1e-9 {
			t.Errorf("depth %d: chose %d, want to spin (value 0) rather than stop (-0.5): %+v", depth, an.Action, an.Moves)
		}
	}
}
