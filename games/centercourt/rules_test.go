package centercourt

import (
	"errors"
	"fmt"
	"strconv"
	"strings"
	"testing"

	"deuce/engine"
)

// A rules case is one line: "setup: actions -> expectations".
//
// Setup words: hand=DIGITS (seat 1's cards, seat 0 in code), opp=DIGITS (the other seat's),
// draw=DIGITS, discard=DIGITS, table=DIGITS ("-" for none; cards placed nowhere go to the draw
// pile, or to the discards when draw is given, or to the table when both are); v=N (seat 0 must
// return Volley Value N served by seat 1); serve (seat 0 must serve); second (a second serve);
// die=N (seat 0 served N and the die is rolled); refill=no (server-refill no).
//
// Actions, separated by ";", are in notation, or "#N" for the raw action number N.
//
// Expectations: "ok" (every action applied) or "illegal" (the last one failed, changing
// nothing), then KEY=VALUE checks of the final state: phase, tomove, v, hand, opp, drawer,
// draw, discard, table, reshuffles, point (winner of the last point), how (df or unret),
// points (the game's points as "a-b"), legal (notation joined by ",", "_" for a space), and the
// match facts: won (points won, "a-b"), served (service points won of served, "a/b-c/d"),
// shots (points by shots struck, counts joined by ",").
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
	"v=4 hand=12335: legal=concede",
	"v=4 hand=123356: legal=concede",
	"v=4 hand=33: legal=return_3-3",
	"v=4 hand=1111222334555666: legal=return_1-1-1-1,return_2-2-2,return_3-3,return_5-5-5,return_6-6-6",
	"v=1 hand=123456: legal=return_1",
	"v=1 hand=666666: legal=return_6-6-6-6-6-6",
	"v=1 hand=66666: legal=concede",
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
	"die=6: legal=die_1,die_2,die_5,die_6",
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
	"v=4 hand=4 draw=- discard=33: legal=return_4",
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

func TestRules(t *testing.T) {
	for _, line := range rulesCases {
		t.Run(line, func(t *testing.T) {
			runCase(t, line)
		})
	}
}

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
				t.Run(line, func(t *testing.T) { runCase(t, line) })
			}
		}
	}
}

func runCase(t *testing.T, line string) {
	t.Helper()
	left, expect, ok := strings.Cut(line, "->")
	if !ok {
		left, expect = line, ""
	}
	setupText, actions, _ := strings.Cut(left, ":")
	s := setup(t, setupText)
	want := strings.Fields(expect)
	verdict := ""
	if len(want) > 0 && (want[0] == "ok" || want[0] == "illegal") {
		verdict, want = want[0], want[1:]
	}
	var err error
	for a := range strings.SplitSeq(actions, ";") {
		a = strings.TrimSpace(a)
		if a == "" {
			continue
		}
		before := *s
		err = applyText(s, a)
		if err != nil {
			if !errors.Is(err, engine.ErrIllegal) {
				t.Fatalf("%s: error %v does not match engine.ErrIllegal", a, err)
			}
			if *s != before {
				t.Fatalf("%s: refused (%v) but the state changed", a, err)
			}
			break
		}
	}
	switch {
	case verdict == "ok" && err != nil:
		t.Fatalf("got error %v, want ok", err)
	case verdict == "illegal" && err == nil:
		t.Fatalf("got ok, want illegal")
	}
	for _, kv := range want {
		k, v, _ := strings.Cut(kv, "=")
		if got := describe(s, k); got != v {
			t.Errorf("%s = %s, want %s", k, got, v)
		}
	}
}

// applyText applies a notation or "#N" action.
func applyText(s *State, text string) error {
	if n, ok := strings.CutPrefix(text, "#"); ok {
		a, err := strconv.ParseInt(n, 10, 32)
		if err != nil {
			panic(err)
		}
		return s.Apply(engine.Action(a))
	}
	a, err := s.ParseAction(text)
	if err != nil {
		return err
	}
	return s.Apply(a)
}

// setup builds the state a rules case describes.
func setup(t *testing.T, text string) *State {
	t.Helper()
	words := map[string]string{}
	for _, f := range strings.Fields(text) {
		k, v, _ := strings.Cut(f, "=")
		words[k] = v
	}
	first := 0
	if _, ok := words["v"]; ok {
		first = 1
	}
	st, err := New(Options{Format: "set", ServerRefill: words["refill"] != "no", FirstServer: first})
	if err != nil {
		t.Fatal(err)
	}
	s := *st
	s.draw = counts{}
	var used counts
	place := func(key string, c *counts) bool {
		v, ok := words[key]
		if !ok {
			return false
		}
		*c = cardsOf(t, v)
		for w := range used {
			used[w] += c[w]
		}
		return true
	}
	place("hand", &s.hands[0])
	place("opp", &s.hands[1])
	place("table", &s.table)
	hasDraw := place("draw", &s.draw)
	hasDiscard := place("discard", &s.discard)
	_, served := words["die"]
	if d, ok := words["die"]; ok {
		s.table[atoi(t, d)]++
		used[atoi(t, d)]++
	}
	var rest counts
	for w := 1; w <= numValues; w++ {
		rest[w] = copies - used[w]
		if rest[w] < 0 {
			t.Fatalf("setup %q: more than %d cards of %d", text, copies, w)
		}
	}
	switch {
	case !hasDraw:
		s.draw = rest
	case !hasDiscard:
		s.discard = rest
	default:
		for w := range rest {
			s.table[w] += rest[w]
		}
	}
	_, s.second = words["second"]
	switch {
	case words["v"] != "":
		s.phase, s.server, s.striker, s.volley = phaseReturn, 1, 0, int8(atoi(t, words["v"]))
	case served:
		s.phase, s.server, s.striker, s.serve = phaseDie, 0, 0, int8(atoi(t, words["die"]))
	default:
		s.phase, s.server, s.striker = phaseServe, 0, 0
	}
	return &s
}

func atoi(t *testing.T, s string) int {
	t.Helper()
	n, err := strconv.Atoi(s)
	if err != nil {
		t.Fatal(err)
	}
	return n
}

func cardsOf(t *testing.T, digits string) counts {
	t.Helper()
	var c counts
	if digits == "-" {
		return c
	}
	for _, r := range digits {
		if r < '1' || r > '6' {
			t.Fatalf("cards %q: want digits 1 to 6", digits)
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
func describe(s *State, key string) string {
	switch key {
	case "phase":
		if s.phase == phaseServe && s.second {
			return "second"
		}
		return [...]string{"deal", "draw", "serve", "die", "return", "over"}[s.phase]
	case "tomove":
		if to := s.ToMove(); to >= 0 {
			return strconv.Itoa(int(to))
		}
		return s.ToMove().String()
	case "v":
		return strconv.Itoa(int(s.volley))
	case "hand":
		return digitsOf(s.hands[0])
	case "opp":
		return digitsOf(s.hands[1])
	case "drawer":
		return strconv.Itoa(int(s.drawer))
	case "draw":
		return digitsOf(s.draw)
	case "discard":
		return digitsOf(s.discard)
	case "table":
		return digitsOf(s.table)
	case "reshuffles":
		return strconv.Itoa(int(s.reshuffles))
	case "point":
		return strconv.Itoa(int(s.lastPoint.winner))
	case "how":
		return [...]string{"none", "df", "unret"}[s.lastPoint.how]
	case "points":
		p := s.score.PointsInGame()
		return fmt.Sprintf("%d-%d", p[0], p[1])
	case "won":
		f := s.TennisFacts()
		return fmt.Sprintf("%d-%d", f.PointsWon[0], f.PointsWon[1])
	case "served":
		f := s.TennisFacts()
		return fmt.Sprintf("%d/%d-%d/%d", f.ServicePointsWon[0], f.ServicePoints[0], f.ServicePointsWon[1], f.ServicePoints[1])
	case "shots":
		var counts []string
		for _, n := range s.TennisFacts().Shots {
			counts = append(counts, strconv.Itoa(n))
		}
		return strings.Join(counts, ",")
	case "legal":
		var texts []string
		for _, a := range s.Legal(nil) {
			texts = append(texts, strings.ReplaceAll(s.ActionString(a), " ", "_"))
		}
		return strings.Join(texts, ",")
	}
	return "unknown key " + key
}
