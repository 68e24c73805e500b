package sim_test

import (
	"context"
	"fmt"
	"math/rand/v2"
	"strconv"

	"deuce/bot"
	"deuce/engine"
)

// duel is a game whose outcome the players' strengths set: each seat names a strength from 1
// to 8, then a chance node gives the match to a seat with probability proportional to its
// strength (Bradley-Terry's model, exactly). It reports one point per match, served by seat 0,
// its surface (option) as a tag of the match and each side's strength as its "character".
var duel = engine.Game{
	Name: "duel",
	Options: []engine.OptionSpec{
		{Name: "surface", Default: "grass", Values: []string{"grass", "clay"}},
	},
	Variants: []engine.Variant{
		{Name: "grass", Options: engine.Options{}},
		{Name: "clay", Options: engine.Options{"surface": "clay"}},
	},
	New: func(opts engine.Options) (engine.State, error) {
		return &duelState{surface: opts["surface"], winner: -1}, nil
	},
}

type duelState struct {
	surface  string
	strength [2]int
	moved    int // seats that have named a strength
	winner   int // -1 until chance decides
}

var _ engine.Tennis = (*duelState)(nil)

func (s *duelState) NumSeats() int { return 2 }

func (s *duelState) ToMove() engine.Seat {
	switch {
	case s.winner >= 0:
		return engine.Nobody
	case s.moved < 2:
		return engine.Seat(s.moved)
	}
	return engine.Chance
}

func (s *duelState) Legal(buf []engine.Action) []engine.Action {
	buf = buf[:0]
	switch s.ToMove() {
	case 0, 1:
		for a := engine.Action(1); a <= 8; a++ {
			buf = append(buf, a)
		}
	case engine.Chance:
		buf = append(buf, 100, 101)
	}
	return buf
}

func (s *duelState) Chances(buf []engine.ChanceOutcome) []engine.ChanceOutcome {
	buf = buf[:0]
	if s.ToMove() == engine.Chance {
		buf = append(buf, engine.ChanceOutcome{Action: 100, Weight: s.strength[0]}, engine.ChanceOutcome{Action: 101, Weight: s.strength[1]})
	}
	return buf
}

func (s *duelState) Apply(a engine.Action) error {
	switch s.ToMove() {
	case 0, 1:
		if a < 1 || a > 8 {
			return engine.Illegal(a, "", "strengths are 1 to 8")
		}
		s.strength[s.moved] = int(a)
		s.moved++
	case engine.Chance:
		if a != 100 && a != 101 {
			return engine.Illegal(a, "", "not an outcome")
		}
		s.winner = int(a - 100)
	default:
		return engine.Illegal(a, "", "over")
	}
	return nil
}

func (s *duelState) ActionString(a engine.Action) string { return strconv.Itoa(int(a)) }

func (s *duelState) ParseAction(t string) (engine.Action, error) {
	n, err := strconv.Atoi(t)
	if err != nil {
		return 0, engine.Illegal(0, t, "a number")
	}
	return engine.Action(n), nil
}

func (s *duelState) Observe(engine.Seat) engine.Observation { return duelView(fmt.Sprint(*s)) }

func (s *duelState) Clone() engine.State {
	c := *s
	return &c
}

func (s *duelState) Result() engine.Result {
	if s.winner < 0 {
		return engine.Result{Winner: engine.Nobody}
	}
	r := engine.Result{Over: true, Winner: engine.Seat(s.winner), Returns: []float64{-1, -1}}
	r.Returns[s.winner] = 1
	return r
}

func (s *duelState) TennisFacts() engine.TennisFacts {
	f := engine.TennisFacts{Points: 1, ServicePoints: [2]int{1, 0}, Shots: []int{0, 1}}
	if s.winner >= 0 {
		f.PointsWon[s.winner] = 1
		if s.winner == 0 {
			f.ServicePointsWon[0] = 1
		}
	}
	f.Tags = []engine.Tag{
		{Key: "surface", Value: s.surface, Side: engine.BothSides},
		{Key: "character", Value: "s" + strconv.Itoa(s.strength[0]), Side: 0},
		{Key: "character", Value: "s" + strconv.Itoa(s.strength[1]), Side: 1},
	}
	return f
}

type duelView string

func (v duelView) String() string { return string(v) }

// strength is a duel bot that always names the same strength.
func strength(k int) bot.Bot {
	return bot.Func{Level: "s" + strconv.Itoa(k), F: func(context.Context, engine.State, engine.Seat, *rand.Rand) (engine.Action, error) {
		return engine.Action(k), nil
	}}
}
