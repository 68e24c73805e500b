package centercourt

import (
	"fmt"
	"strconv"
	"strings"
	"testing"

	"deuce/engine/enginetest"
)

// A rules case is one line, "setup: actions -> verdict expectations", read by
// enginetest.Cases (see there for the grammar; a line it cannot read fails).
//
// Setup words: hand=DIGITS (seat 1's cards, seat 0 in code), opp=DIGITS (the other seat's),
// draw=DIGITS, discard=DIGITS, table=DIGITS ("-" for none; cards placed nowhere go to the draw
// pile, or to the discards when draw is given, or to the table when both are); v=N (seat 0 must
// return Volley Value N served by seat 1); serve (seat 0 must serve, the default); second (a
// second serve); die=N (seat 0 served N and the die is rolled); refill=no (server-refill no).
//
// Expectation keys: phase, tomove, v, hand, opp, drawer, draw, discard, table, reshuffles, point
// (winner of the last point), how (df or unret), points (the game's points as "a-b"), legal
// (notation joined by ",", "_" for a space), and the match facts: won (points won, "a-b"),
// served (service points won of served, "a/b-c/d"), shots (points by shots struck, counts
// joined by ",").
var rulesCases = []string{
	// The return rule, including the rows the printed table gets wrong.
	"v=4 hand=112355: return 5-5 -> ok v=5 hand=1123 table=55 phase=draw drawer=0",
	"v=4 hand=55: return 55 -> ok v=5",
	"v=4 hand=55: 5x2 -> ok v=5",
	"v=4 hand=55: 5-5 -> ok v=5",
	"v=4 hand=5: return 5 -> illegal",
	"v=4 hand=55: return 5 -> illegal",
	"v=4 hand=555: return 5-5-5 -> illegal",
	"v=4 hand=5: #15 -> illegal",
	"v=6 hand=444: return 4-4-4 -> ok v=4 hand=-",
	"v=6 hand=222: return 2-2-2 -> illegal",
	"v=6 hand=22222: return 2-2-2-2-2 -> ok v=2",
	// Two 3s return a 4 (1 + the difference of 1), so a hand with them has no reason to concede.
	"v=4 hand=12335: -> ok legal=return_3-3",
	"v=4 hand=123356: -> ok legal=return_3-3",
	"v=4 hand=1235: -> ok legal=concede",
	"v=4 hand=33: -> ok legal=return_3-3",
	// Every return of a 4 the rule allows, in two hands of eight: two 5s (the printed table's
	// row for 4 leaves 5-5 out), never three.
	"v=4 hand=11112223: -> ok legal=return_1-1-1-1,return_2-2-2",
	"v=4 hand=33455666: -> ok legal=return_3-3,return_4,return_5-5,return_6-6-6",
	"v=6 hand=22244455: -> ok legal=return_4-4-4,return_5-5",
	"v=1 hand=123456: -> ok legal=return_1",
	"v=1 hand=666666: -> ok legal=return_6-6-6-6-6-6",
	"v=1 hand=66666: -> ok legal=concede",
	// Conceding.
	"v=4 hand=1236 opp=1234566 table=44: concede -> ok point=1 how=unret points=0-1 phase=serve tomove=1 table=- discard=44",
	"v=4 hand=33: concede -> illegal",
	"v=4 hand=4: concede -> illegal",
	"v=2 hand=-: concede -> ok point=1",
	// Serving: 3 and 4 are always in; the server refills unless server-refill is no.
	"serve hand=34: serve 3 -> ok v=3 phase=draw drawer=0 hand=4",
	"serve hand=34: serve 3; draw 1; draw 1; draw 1; draw 1; draw 1; draw 1; draw 2 -> ok phase=return tomove=1 v=3 hand=11111124",
	"serve refill=no hand=34: serve 4 -> ok v=4 phase=return tomove=1 hand=3",
	"serve hand=34: serve 5 -> illegal",
	"serve hand=5: 5 -> ok phase=die table=5",
	"serve hand=5: return 5 -> illegal",
	"serve hand=5: concede -> illegal",
	"serve hand=5: draw 5 -> illegal",
	"serve hand=5: #105 -> illegal",
	// The Service Die: a face equal to the serve is a fault, and the server draws.
	"die=1 hand=2345666: die 1 -> ok phase=draw drawer=0 v=0 table=1",
	"die=1 hand=2345666: die 1; draw 3 -> ok phase=second tomove=0 hand=23345666",
	"die=2 hand=1345666: die 2 -> ok phase=draw drawer=0 table=2",
	"die=5 hand=1234666: die 5 -> ok phase=draw drawer=0 table=5",
	"die=6 hand=1234566: die 6 -> ok phase=draw drawer=0 table=6",
	"die=1 refill=no: die 2 -> ok phase=return tomove=1 v=1",
	"die=1 refill=no: die 5 -> ok phase=return v=1",
	"die=1 refill=no: die 6 -> ok phase=return v=1",
	"die=2 refill=no: die 1 -> ok phase=return v=2",
	"die=2 refill=no: die 6 -> ok phase=return v=2",
	"die=5 refill=no: die 6 -> ok phase=return v=5",
	"die=6 refill=no: die 1 -> ok phase=return v=6",
	"die=6 refill=no: die 5 -> ok phase=return v=6",
	"die=6: die 3 -> illegal",
	"die=6: die 4 -> illegal",
	"die=6: serve 6 -> illegal",
	"die=6: #116 -> ok phase=draw",
	"die=6: -> ok legal=die_1,die_2,die_5,die_6",
	// A double fault gives the point to the receiver.
	"second die=6 hand=1234566: die 6 -> ok point=1 how=df points=0-1 phase=serve tomove=0 discard=6 table=-",
	"second die=1 hand=1234566: die 1 -> ok point=1 how=df",
	"second die=2 hand=1234566: die 2 -> ok point=1 how=df",
	"second die=5 hand=1234566: die 5 -> ok point=1 how=df",
	"second die=6 hand=1234566: die 1 -> ok phase=draw v=6 points=0-0",
	// The match facts: a double fault is a point without a shot, an unreturned serve has one.
	"second die=6 hand=1234566: die 6 -> ok won=0-1 served=0/1-0/0 shots=1",
	"serve hand=34 opp=12: serve 3; draw 5; draw 5; draw 5; draw 5; draw 5; draw 6; draw 6; concede -> ok point=0 won=1-0 served=1/1-0/0 shots=0,1",
	"serve hand=34 opp=33111222: serve 3; draw 2; draw 1; draw 1; draw 5; draw 5; draw 6; draw 6; return 3; draw 4; concede -> ok point=1 won=0-1 served=0/1-0/0 shots=0,0,1",
	// A server without a card refills before serving.
	"second die=6 hand=-: die 6 -> ok point=1 phase=draw drawer=0",
	// Refill after a return; the other player returns next.
	"v=4 hand=4412345 opp=1234: return 4; draw 6; draw 6 -> ok phase=return tomove=1 v=4 hand=12344566",
	// An empty draw pile: the discards become the draw pile.
	"v=4 hand=4 draw=- discard=33: -> ok legal=return_4",
	"v=4 hand=4 draw=- discard=33: return 4 -> ok phase=draw legal=draw_3 reshuffles=0",
	"v=4 hand=4 draw=- discard=33: return 4; draw 3 -> ok phase=draw draw=3 discard=- reshuffles=1 hand=3",
	"v=4 hand=4 draw=- discard=33: return 4; draw 3; draw 3 -> ok phase=return tomove=1 hand=33 draw=- discard=-",
	"v=4 hand=4 draw=- discard=33: return 4; draw 4 -> illegal",
	// Both piles empty: nothing is drawn.
	"v=4 hand=44 draw=- discard=-: return 4 -> ok phase=return tomove=1 hand=4",
	// Junk.
	"v=4 hand=4: #-1 -> illegal",
	"v=4 hand=4: #2147483647 -> illegal",
	"v=4 hand=4: #-2147483648 -> illegal",
	"v=4 hand=4: #0 -> illegal",
	"v=4 hand=4: #10 -> illegal",
	"v=4 hand=4: return 7 -> illegal",
	"v=4 hand=4: return 4-5 -> illegal",
	"v=4 hand=4: lob -> illegal",
}

// rules runs Center Court's rules cases.
var rules = enginetest.Cases[State, *State]{Setup: setupWords, Describe: describe, Invariant: invariant}

func TestRules(t *testing.T) { rules.Run(t, rulesCases) }

// TestReturnCounts checks the count rule for every pair of Volley Value and card value: the
// exact number of cards returns, one fewer does not.
func TestReturnCounts(t *testing.T) {
	for v := 1; v <= numValues; v++ {
		for w := 1; w <= numValues; w++ {
			n := cardsToReturn(v, w)
			cards := strings.Repeat(strconv.Itoa(w), n)
			short := strings.Repeat(strconv.Itoa(w), n-1)
			if short == "" {
				short = "-"
			}
			ret := "return " + strings.Join(strings.Split(cards, ""), "-")
			for _, line := range []string{
				fmt.Sprintf("v=%d hand=%s: %s -> ok v=%d", v, cards, ret, w),
				fmt.Sprintf("v=%d hand=%s: %s -> illegal", v, short, ret),
				fmt.Sprintf("v=%d hand=%s: #%d -> illegal", v, short, Return(w)),
			} {
				t.Run(line, func(t *testing.T) { rules.Case(t, line) })
			}
		}
	}
}

// setupWords builds the state a rules case describes.
func setupWords(w *enginetest.Words) *State {
	first := 0
	if w.Has("v") {
		first = 1
	}
	refill := w.Get("refill", "yes")
	if refill != "yes" && refill != "no" {
		w.Errorf("refill=%s: want yes or no", refill)
	}
	st, err := New(Options{Format: "set", ServerRefill: refill != "no", FirstServer: first})
	if err != nil {
		w.Errorf("%v", err)
		return nil
	}
	s := *st
	s.draw = counts{}
	var used counts
	place := func(key string, c *counts) bool {
		v, ok := w.Value(key)
		if !ok {
			return false
		}
		*c = cardsOf(w, v)
		for v := range used {
			used[v] += c[v]
		}
		return true
	}
	place("hand", &s.hands[0])
	place("opp", &s.hands[1])
	place("table", &s.table)
	hasDraw := place("draw", &s.draw)
	hasDiscard := place("discard", &s.discard)
	die := w.Int("die", 0)
	served := w.Has("die")
	if served {
		if die < 1 || die > numValues {
			w.Errorf("die=%d: want a value 1 to %d", die, numValues)
			return nil
		}
		s.table[die]++
		used[die]++
	}
	var rest counts
	for v := 1; v <= numValues; v++ {
		rest[v] = copies - used[v]
		if rest[v] < 0 {
			w.Errorf("more than %d cards of %d", copies, v)
			return nil
		}
	}
	switch {
	case !hasDraw:
		s.draw = rest
	case !hasDiscard:
		s.discard = rest
	default:
		for v := range rest {
			s.table[v] += rest[v]
		}
	}
	s.second = w.Flag("second")
	volley := w.Int("v", 0)
	switch {
	case w.Has("v"):
		if volley < 1 || volley > numValues {
			w.Errorf("v=%d: want a value 1 to %d", volley, numValues)
			return nil
		}
		s.phase, s.server, s.striker, s.volley = phaseReturn, 1, 0, int8(volley)
	case served:
		s.phase, s.server, s.striker, s.serve = phaseDie, 0, 0, int8(die)
	default:
		w.Flag("serve") // the default situation, named for the reader
		s.phase, s.server, s.striker = phaseServe, 0, 0
	}
	return &s
}

func cardsOf(w *enginetest.Words, digits string) counts {
	var c counts
	if digits == "-" {
		return c
	}
	for _, r := range digits {
		if r < '1' || r > '6' {
			w.Errorf("cards %q: want digits 1 to 6", digits)
			return counts{}
		}
		c[r-'0']++
	}
	return c
}

func digitsOf(c counts) string {
	var b strings.Builder
	for w := 1; w <= numValues; w++ {
		for range c[w] {
			b.WriteByte(byte('0' + w))
		}
	}
	if b.Len() == 0 {
		return "-"
	}
	return b.String()
}

// describe renders one property of s for the expectations of a rules case.
func describe(s *State, key string) (string, bool) {
	switch key {
	case "phase":
		if s.phase == phaseServe && s.second {
			return "second", true
		}
		return [...]string{"deal", "draw", "serve", "die", "return", "over"}[s.phase], true
	case "tomove":
		if to := s.ToMove(); to >= 0 {
			return strconv.Itoa(int(to)), true
		}
		return s.ToMove().String(), true
	case "v":
		return strconv.Itoa(int(s.volley)), true
	case "hand":
		return digitsOf(s.hands[0]), true
	case "opp":
		return digitsOf(s.hands[1]), true
	case "drawer":
		return strconv.Itoa(int(s.drawer)), true
	case "draw":
		return digitsOf(s.draw), true
	case "discard":
		return digitsOf(s.discard), true
	case "table":
		return digitsOf(s.table), true
	case "reshuffles":
		return strconv.Itoa(int(s.reshuffles)), true
	case "point":
		return strconv.Itoa(int(s.lastPoint.winner)), true
	case "how":
		return [...]string{"none", "df", "unret"}[s.lastPoint.how], true
	case "points":
		p := s.score.PointsInGame()
		return fmt.Sprintf("%d-%d", p[0], p[1]), true
	case "won":
		f := s.TennisFacts()
		return fmt.Sprintf("%d-%d", f.PointsWon[0], f.PointsWon[1]), true
	case "served":
		f := s.TennisFacts()
		return fmt.Sprintf("%d/%d-%d/%d", f.ServicePointsWon[0], f.ServicePoints[0], f.ServicePointsWon[1], f.ServicePoints[1]), true
	case "shots":
		var counts []string
		for _, n := range s.TennisFacts().Shots {
			counts = append(counts, strconv.Itoa(n))
		}
		return strings.Join(counts, ","), true
	case "legal":
		var texts []string
		for _, a := range s.Legal(nil) {
			texts = append(texts, strings.ReplaceAll(s.ActionString(a), " ", "_"))
		}
		return strings.Join(texts, ","), true
	}
	return "", false
}
