package pencil

import (
	"fmt"
	"strings"

	"deuce/engine"
)

// Observation is what a seat may know: everything about the completed rounds (bids are
// revealed when a round is complete) and, for player 1 alone, his own bid while player 2 has
// still to bid.
type Observation struct {
	// Seat is the observing seat, or -3 for a spectator.
	Seat int `json:"seat"`
	// Fields, Scoring ("winloss" or "knockout"), Jump and Start are the match's settings.
	Fields  int    `json:"fields"`
	Scoring string `json:"scoring"`
	Jump    bool   `json:"jump"`
	Start   [2]int `json:"start"`
	// Points are the points left after the last completed round.
	Points [2]int `json:"points"`
	// Ball is the position, -(F+1)..F+1, negative on player 1's side.
	Ball int `json:"ball"`
	// Court draws the ball on the court: " |   |   |o|   |   | ".
	Court string `json:"court"`
	// Rounds are the completed rounds in order.
	Rounds []Round `json:"rounds"`
	// Awaiting lists the seats whose bids the round still waits for; empty once over.
	Awaiting []int `json:"awaiting"`
	// YourBid is the observing seat's own bid while the round waits for the other's.
	YourBid *int `json:"yourBid,omitempty"`
	// Result is the outcome once the match is over, nil before.
	Result *engine.Result `json:"result,omitempty"`
}

// Round is one completed round: the bids and the points and ball after it.
type Round struct {
	Bids   [2]int `json:"bids"`
	Points [2]int `json:"points"`
	Ball   int    `json:"ball"`
}

// Observe returns what seat may know. Any seat but 0 and 1 gets the spectator's view.
func (s *State) Observe(seat engine.Seat) engine.Observation {
	if seat != 0 && seat != 1 {
		seat = engine.Spectator
	}
	o := &Observation{
		Seat:     int(seat),
		Fields:   s.params.Fields,
		Scoring:  s.params.Scoring.String(),
		Jump:     s.params.Jump,
		Start:    [2]int{s.params.Points1, s.params.Points2},
		Points:   s.points,
		Ball:     s.ball,
		Court:    court(s.ball, s.params.Fields),
		Rounds:   s.history(),
		Awaiting: []int{},
	}
	for _, p := range s.Pending() {
		o.Awaiting = append(o.Awaiting, int(p))
	}
	if seat == 0 && s.toMove == 1 {
		bid := s.pending
		o.YourBid = &bid
	}
	if s.toMove == engine.Nobody {
		r := s.Result()
		o.Result = &r
	}
	return o
}

// history replays the completed rounds from the start.
func (s *State) history() []Round {
	out := make([]Round, len(s.rounds))
	pts, ball := [2]int{s.params.Points1, s.params.Points2}, 0
	for i, z := range s.rounds {
		z1, z2 := int(z[0]), int(z[1])
		pts[0] -= z1
		pts[1] -= z2
		ball = push(ball, z1, z2, s.params.Jump)
		out[i] = Round{Bids: [2]int{z1, z2}, Points: pts, Ball: ball}
	}
	return out
}

// court draws the strip: one slot beyond each end, the fields three characters wide and the
// centre line as one slot between two bars. With two fields a side and the ball on player 1's
// first field: " |   | o | |   |   | ".
func court(ball, fields int) string {
	var b strings.Builder
	slot := func(p int, empty string, full string) {
		if p == ball {
			b.WriteString(full)
		} else {
			b.WriteString(empty)
		}
	}
	slot(-fields-1, " ", "o")
	b.WriteByte('|')
	for p := -fields; p <= fields; p++ {
		if p == 0 {
			slot(0, " ", "o")
		} else {
			slot(p, "   ", " o ")
		}
		b.WriteByte('|')
	}
	slot(fields+1, " ", "o")
	return b.String()
}

// String renders the observation for a terminal.
func (o *Observation) String() string {
	var b strings.Builder
	jump := "the ball jumps the centre line"
	if !o.Jump {
		jump = "no jump over the centre line"
	}
	fmt.Fprintf(&b, "Tennis (paper and pencil): %d points vs %d, %d fields a side, %s scoring, %s\n",
		o.Start[0], o.Start[1], o.Fields, o.Scoring, jump)
	fmt.Fprintf(&b, "player 1 %s player 2    ball %s\n", o.Court, where(o.Ball, o.Fields))
	fmt.Fprintf(&b, "points left: player 1 %d, player 2 %d\n", o.Points[0], o.Points[1])
	if len(o.Rounds) > 0 {
		b.WriteString("round  bid 1  bid 2  points 1  points 2  ball\n")
		for i, r := range o.Rounds {
			fmt.Fprintf(&b, "%5d  %5d  %5d  %8d  %8d  %4s\n", i+1, r.Bids[0], r.Bids[1], r.Points[0], r.Points[1], ballColumn(r.Ball, o.Fields))
		}
	}
	switch {
	case o.Result != nil:
		b.WriteString(o.Result.Score)
	case len(o.Awaiting) == 2:
		fmt.Fprintf(&b, "round %d: waiting for both bids", len(o.Rounds)+1)
	case len(o.Awaiting) == 1:
		fmt.Fprintf(&b, "round %d: player 1 has bid; waiting for player 2", len(o.Rounds)+1)
		if o.YourBid != nil {
			fmt.Fprintf(&b, " (your bid: %d)", *o.YourBid)
		}
	}
	b.WriteByte('\n')
	return b.String()
}

// ballColumn is the ball's place in a table of rounds: the field, or "out" beyond the last.
func ballColumn(p, fields int) string {
	if p < -fields || p > fields {
		return "out"
	}
	return position(p)
}
