package pencil

import (
	"fmt"
	"strconv"
	"strings"
	"testing"

	"deuce/engine"
	"deuce/engine/enginetest"
)

// rulesCases are rounds played from set positions, read by enginetest.Cases ("setup: actions
// -> verdict expectations", a line it cannot read fails).
//
// Setup words: the match options points, fields, scoring and jump (as --option takes them,
// "50/40" for unequal points), then left=A,B (the points the players have left) and ball=N (the
// ball's position, negative on player 1's side).
//
// Expectation keys: left, ball (signed: "+1"), returns ("-" while the match goes on, else the
// two returns joined by ","), tomove, legal (the bids, joined by ",").
var rulesCases = []string{
	// Higher bid pushes away from its bidder.
	"left=10,10 ball=0: bid 5; bid 3 -> ok left=5,7 ball=+1 returns=-",
	// Player 2 pushes.
	"left=10,10 ball=0: bid 3; bid 5 -> ok left=7,5 ball=-1 returns=-",
	// One field on.
	"left=10,10 ball=1: bid 5; bid 3 -> ok left=5,7 ball=+2 returns=-",
	// Jump from the last field.
	"left=10,10 ball=-2: bid 5; bid 3 -> ok left=5,7 ball=+1 returns=-",
	// Jump from the first field.
	"left=10,10 ball=-1: bid 4; bid 2 -> ok left=6,8 ball=+1 returns=-",
	// Player 2 jumps.
	"left=10,10 ball=2: bid 1; bid 2 -> ok left=9,8 ball=-1 returns=-",
	// No jump (oshi-zumo).
	"jump=no left=10,10 ball=-2: bid 5; bid 3 -> ok left=5,7 ball=-1 returns=-",
	// No jump toward player 1.
	"jump=no left=10,10 ball=1: bid 1; bid 2 -> ok left=9,8 ball=0 returns=-",
	// Equal bids leave the ball.
	"left=10,10 ball=1: bid 4; bid 4 -> ok left=6,6 ball=+1 returns=-",
	// Equal bids on the centre line.
	"left=10,10 ball=0: bid 7; bid 7 -> ok left=3,3 ball=0 returns=-",
	// Beyond player 2's field.
	"left=10,10 ball=2: bid 5; bid 3 -> ok left=5,7 ball=+3 returns=1,-1",
	// Beyond player 1's field.
	"left=10,10 ball=-2: bid 3; bid 5 -> ok left=7,5 ball=-3 returns=-1,1",
	// One field a side.
	"fields=1 left=10,10 ball=1: bid 5; bid 3 -> ok left=5,7 ball=+2 returns=1,-1",
	// Five fields a side.
	"fields=5 left=10,10 ball=5: bid 2; bid 1 -> ok left=8,9 ball=+6 returns=1,-1",
	// Both out of points.
	"left=5,5 ball=1: bid 5; bid 5 -> ok left=0,0 ball=+1 returns=1,-1",
	// Both out of points on player 1's side.
	"left=5,5 ball=-1: bid 5; bid 5 -> ok left=0,0 ball=-1 returns=-1,1",
	// Draw on the centre line.
	"left=5,5 ball=0: bid 5; bid 5 -> ok left=0,0 ball=0 returns=0,0",
	// Knockout: beyond the field pays 2.
	"scoring=knockout left=10,10 ball=2: bid 5; bid 3 -> ok left=5,7 ball=+3 returns=2,-2",
	// Knockout: out of points pays 1.
	"scoring=knockout left=5,5 ball=-2: bid 5; bid 5 -> ok left=0,0 ball=-2 returns=-1,1",
	// Knockout: draw.
	"scoring=knockout left=5,5 ball=0: bid 5; bid 5 -> ok left=0,0 ball=0 returns=0,0",
	// Out of points bids 0 and is pushed.
	"left=5,0 ball=0: bid 2; bid 0 -> ok left=3,0 ball=+1 returns=-",
	// Out of points, pushed out.
	"left=5,0 ball=2: bid 1; bid 0 -> ok left=4,0 ball=+3 returns=1,-1",
	// The other out of points.
	"left=0,4 ball=-1: bid 0; bid 1 -> ok left=0,3 ball=-2 returns=-",
	// Last points, match over.
	"left=1,0 ball=1: bid 1; bid 0 -> ok left=0,0 ball=+2 returns=1,-1",
	// Unequal points.
	"points=50/40 left=50,40 ball=0: bid 1; bid 2 -> ok left=49,38 ball=-1 returns=-",
	// Unequal points with a colon.
	"points=7/3 left=7,3 ball=0: bid 4; bid 3 -> ok left=3,0 ball=+1 returns=-",
	// A bid out of range is refused and changes nothing.
	"left=10,10 ball=0: bid 0 -> illegal left=10,10",
	"left=10,10 ball=0: bid 11 -> illegal",
	"left=10,10 ball=0: bid 3; bid 11 -> illegal tomove=1",
	"left=3,0 ball=0: bid 1; bid 1 -> illegal",
	"left=3,0 ball=0: bid 1 -> ok tomove=1 legal=0",
	"left=2,2 ball=0: -> ok tomove=0 legal=1,2",
}

// rules runs the bidding game's rules cases.
var rules = enginetest.Cases[State, *State]{Setup: setupWords, Describe: describe, Invariant: invariant}

func TestRules(t *testing.T) { rules.Run(t, rulesCases) }

// setupWords builds the position a rules case describes.
func setupWords(w *enginetest.Words) *State {
	opts := engine.Options{}
	for _, k := range []string{"points", "fields", "scoring", "jump"} {
		if v, ok := w.Value(k); ok {
			opts[k] = v
		}
	}
	st, _, err := Game.Start(opts)
	if err != nil {
		w.Errorf("%v", err)
		return nil
	}
	s := st.(*State)
	if v, ok := w.Value("left"); ok {
		if _, err := fmt.Sscanf(v, "%d,%d", &s.points[0], &s.points[1]); err != nil || fmt.Sprintf("%d,%d", s.points[0], s.points[1]) != v {
			w.Errorf("left=%s: want A,B", v)
			return nil
		}
		// The points spent so far are not recorded as rounds: the start is what is left.
		s.params.Points1, s.params.Points2 = s.points[0], s.points[1]
	}
	s.ball = w.Int("ball", 0)
	if s.ball < -s.params.Fields || s.ball > s.params.Fields {
		w.Errorf("ball=%d: off the field", s.ball)
		return nil
	}
	if s.over() {
		w.Errorf("the match is over before it starts")
		return nil
	}
	return s
}

// describe renders one property of s for the expectations of a rules case.
func describe(s *State, key string) (string, bool) {
	switch key {
	case "left":
		return fmt.Sprintf("%d,%d", s.points[0], s.points[1]), true
	case "ball":
		return position(s.ball), true
	case "returns":
		r := s.Result()
		if !r.Over {
			return "-", true
		}
		return fmt.Sprintf("%g,%g", r.Returns[0], r.Returns[1]), true
	case "tomove":
		if to := s.ToMove(); to >= 0 {
			return strconv.Itoa(int(to)), true
		}
		return "nobody", true
	case "legal":
		var bids []string
		for _, a := range s.Legal(nil) {
			bids = append(bids, strconv.Itoa(int(a)))
		}
		return strings.Join(bids, ","), true
	}
	return "", false
}
