package lmn

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
// Setup words: doubles (four seats); hN=CARDS, pN=CARDS, kN=CARDS (seat N's hand, preparation
// area and known hand cards), rN=CARDS (seat N's reserve pile; the cards of his deck placed
// nowhere go to the reserve pile, or to the court when rN is given); CARDS are numbers joined by
// "," or "-" for none. The situation: ball=ZONE (seat "to" returns a ball in ZONE), with special
// (it is a special shot), passed, def=CARDS and aim=CARDS (the shot chosen so far); serve (seat
// "to" serves); setup (seat "to" lays out preparation cards first); manage=N (seat "to" ends his
// turn and is owed N cards); new (a fresh match, seat 1 serving first). to=N is the seat to act
// (default 0); server=N the server (default: the other side for ball and manage, "to" for serve,
// the seat that makes "to" lay out first for setup); won=AB... are points won by sides 0 (A)
// and 1 (B) before.
//
// Actions, separated by ";", are in notation, or "#N" for the raw action number N.
//
// Expectations: "ok" (every action applied) or "illegal" (the last one failed, changing
// nothing), then KEY=VALUE checks of the final state (see describe).
var rulesCases = []string{
	// The deal: the server takes 6 cards, the receiver 5, then the receiver lays out first.
	"new: draw 1; draw 2; draw 3; draw 4; draw 5; draw 6 -> ok phase=deal tomove=chance h0=1,2,3,4,5,6 r0=18 left=5",
	"new: draw 1; draw 2; draw 3; draw 4; draw 5; draw 6; draw 1; draw 2; draw 3; draw 4; draw 5 -> ok phase=setup tomove=1 h1=1,2,3,4,5 r1=19",
	"new: draw 1; draw 1 -> illegal",
	"new: draw 25 -> illegal",
	"new: prep 1 -> illegal",
	"new: legal=draw1,draw2,draw3,draw4,draw5,draw6,draw7,draw8,draw9,draw10,draw11,draw12,draw13,draw14,draw15,draw16,draw17,draw18,draw19,draw20,draw21,draw22,draw23,draw24",

	// Preparation cards: any number, no two covering a common zone; receiver, then server.
	"setup h0=1,3,10,11,12: prep 1; prep 3; prep 10 -> ok p0=1,3,10 h0=11,12 moved=1,3,10",
	"setup h0=1,3,10,11,12: prep 1; prep 3; done -> ok phase=setup tomove=1 p0=1,3 moved=-",
	"setup h0=1,13,10,11,12: prep 1; prep 13 -> illegal",
	"setup h0=1,13,10,11,12: prep 13; prep 3 -> illegal",
	"setup h0=15,16 h1=1: prep 15; prep 16 -> illegal",
	"setup h0=1,13,10,11,12: prep 1; legal=prep10,prep11,prep12,done",
	"setup h0=1,13,10,11,12: prep 1; take 1 -> illegal",
	"setup h0=1,13,10,11,12: prep 2 -> illegal",
	"setup h0=1,13,10,11,12: serve 1 -> illegal",
	"setup h0=1: done; done -> ok phase=serve tomove=1",
	"setup h0=1 h1=2: done; prep 2; done -> ok phase=serve tomove=1 p1=2",
	"setup h0=1,2,3,4,5,6: legal=prep1,prep2,prep3,prep4,prep5,prep6,done",

	// The serve: one card from the hand or the preparation area, no draw, the turn then ends.
	"serve h0=7,1,2 p0=3: serve 7 -> ok phase=manage owed=0 ball=FR special=no court0=7 h0=1,2 last=serve",
	"serve h0=7,1,2 p0=3: serve 7; done -> ok phase=shot tomove=1 ball=FR h0=1,2 r0=20",
	"serve h0=7 p0=3: serve 3 -> ok ball=BL p0=- court0=3",
	"serve h0=7 p0=3: serve 8 -> illegal",
	"serve h0=7 p0=3: defend 7 -> illegal",
	"serve h0=7 p0=3: legal=serve3,serve7",
	"serve h0=7,1,2 p0=3: serve 7; prep 1 -> ok p0=1,3 h0=2",

	// A regular shot: one defence, one placement; two played, two drawn.
	"ball=BL h0=1,5 p0=3: defend 1; aim 3; hit -> ok phase=manage owed=2 ball=BL special=no last=regular-shot h0=5 p0=- court0=1,3",
	"ball=BL h0=1,5 p0=3: defend 1; aim 3; hit; done -> ok phase=draw tomove=chance left=2",
	"ball=BL h0=1,5 p0=3: defend 1; aim 3; hit; done; draw 7; draw 9 -> ok phase=shot tomove=1 h0=5,7,9 r0=19",
	"ball=BL h0=5 p0=1,3: defend 1; aim 5; hit -> ok owed=2 ball=BL last=regular-shot h0=- p0=3",
	"ball=BL h0=1 p0=3: defend 1; aim 3 -> ok hit=hit_regular_shot_to_BL,_draw_2",
	"ball=BL h0=1,5 p0=3: legal=defend1",
	"ball=BL h0=1,5 p0=3: defend 1; legal=aim3",
	"ball=BL h0=1,5 p0=3: defend 1; aim 3; legal=hit",

	// A special shot: one defence, two placements to the same zone; three played, three drawn.
	"ball=FR h0=11,2 p0=1,4: defend 11; aim 1; aim 4; hit -> ok owed=3 ball=BR special=yes last=special-shot h0=2 p0=-",
	"ball=FR h0=4 p0=11,1: defend 11; aim 1; aim 4; hit -> ok owed=3 ball=BR special=yes last=special-shot",
	"ball=FR h0=11 p0=1,4: defend 11; aim 1 -> ok hit=hit_regular_shot_to_BR,_draw_2 legal=aim4,hit",
	"ball=FR h0=11 p0=1,4: defend 11; aim 1; aim 4 -> ok hit=hit_special_shot_to_BR,_draw_3",
	"ball=FR h0=11,2 p0=1,4: defend 11; aim 1; aim 4; hit; done; draw 5; draw 6; draw 7 -> ok phase=shot tomove=1 h0=2,5,6,7",

	// Against a special shot: a safe return (two defences, one placement: three played, three
	// drawn) or an off-balance return (one defence, one placement: two played, one drawn, and
	// the hand stays a card smaller).
	"ball=BL special h0=13 p0=1,10: defend 1; defend 13; aim 10; hit -> ok owed=3 last=safe-return special=no ball=FR short0=0",
	"ball=BL special h0=13 p0=1,10: defend 1; defend 13; aim 10 -> ok hit=hit_safe_return_to_FR,_draw_3",
	"ball=BL special h0=13 p0=1,10: defend 1; aim 10; hit -> ok owed=1 last=off-balance-return short0=1 ball=FR",
	"ball=BL special h0=13 p0=1,10: defend 1; aim 10 -> ok hit=hit_off-balance_return_to_FR,_draw_1",
	"ball=BL special h0=13 p0=1,10: defend 1; aim 10; hit; done; draw 5 -> ok phase=shot tomove=1 h0=5,13 p0=-",
	"ball=BL special h0=13 p0=1,10: defend 13; aim 10; hit -> ok owed=1 last=off-balance-return h0=- p0=1",
	"ball=BL special h0=13 p0=1,10: defend 13; defend 1 -> ok def=1,13",
	"ball=BL special h0=13 p0=1,10: legal=defend1,defend13",
	"ball=BL special h0=13 p0=1,10: defend 1; legal=defend13,aim10,aim13",

	// Counter-attacks: a special shot against a special shot. Safe: four played, four drawn.
	// Off balance: three played, two drawn.
	"ball=BL special h0=13 p0=1,7,10: defend 1; defend 13; aim 7; aim 10; hit -> ok owed=4 last=safe-counter-attack special=yes ball=FR",
	"ball=BL special h0=13 p0=1,7,10: defend 1; defend 13; aim 7; aim 10 -> ok hit=hit_safe_counter-attack_to_FR,_draw_4",
	"ball=BL special h0=13 p0=1,7,10: defend 1; aim 7; aim 10; hit -> ok owed=2 last=off-balance-counter-attack short0=1 special=yes",
	"ball=BL special h0=13 p0=1,7,10: defend 1; aim 7; aim 10 -> ok hit=hit_off-balance_counter-attack_to_FR,_draw_2",
	"ball=BL special h0=10 p0=1,7: defend 1; aim 7; aim 10; hit -> ok owed=2 last=off-balance-counter-attack h0=-",
	"ball=BL special h0=13 p0=1,7,10 r0=5,6,8: defend 1; aim 7; aim 10; hit; done; draw 5; draw 6 -> ok phase=shot tomove=1 h0=5,6,13 r0=8",

	// One card per turn from the hand; the others come from the preparation area.
	"ball=BL h0=1,3 p0=10: defend 1; aim 3 -> illegal",
	"ball=BL h0=3 p0=1,10: aim 3 -> illegal",
	"ball=BL special h0=13,2 p0=10: defend 13; defend 2 -> illegal",
	"ball=BL h0=1,3 p0=10: defend 1; legal=aim10",
	"ball=BL h0=1,5 p0=-: defend 1 -> illegal",
	"ball=FR h0=11,4 p0=1: defend 11; aim 1; aim 4 -> illegal",

	// Defence before placement, covering the ball, as many as the incoming shot allows.
	"ball=BL h0=3 p0=10: defend 3 -> illegal",
	"ball=BL h0=13 p0=1,10: defend 1; defend 13 -> illegal",
	"ball=BL special h0=13 p0=1,10: defend 1; aim 10; defend 13 -> illegal",
	"ball=BL h0=1 p0=10: aim 10 -> illegal",
	"ball=BL h0=1 p0=10: defend 2 -> illegal",
	"ball=BL h0=1 p0=10: defend 1; defend 1 -> illegal",
	"ball=BL h0=1 p0=10: defend 1; aim 1 -> illegal",
	"ball=BL h0=1 p0=10: hit -> illegal",
	"ball=BL h0=1 p0=10: defend 1; hit -> illegal",
	"ball=BL h0=1 p0=10: done -> illegal",

	// Special shots need the same placement, and at most two.
	"ball=FR h0=11 p0=1,10: defend 11; aim 1; aim 10 -> illegal",
	"ball=FR h0=11 p0=1,4,17: defend 11; aim 1; aim 4; aim 17 -> illegal",
	"ball=FR h0=11 p0=1,4,17: defend 11; aim 1; aim 4; legal=hit",

	// Losing the point: no cover, or no card left to place a shot.
	"ball=BL h0=3 p0=10: legal=concede",
	"ball=BL h0=3 p0=10: concede -> ok point=1 how=cover points=0-1 phase=deal server=0 h0=- p0=- r0=24 r1=24",
	"ball=BL h0=- p0=1: legal=concede",
	"ball=BL h0=- p0=1: concede -> ok point=1 how=place",
	"ball=BL h0=1,5 p0=-: legal=concede",
	"ball=BL h0=- p0=-: concede -> ok point=1",
	"ball=BL h0=1 p0=10: concede -> illegal",
	"ball=BL to=1 h1=3: concede -> ok point=0 points=1-0",
	"won=AAAAA ball=BL to=1 h1=3: concede -> ok phase=over points=6-0 tomove=nobody",
	"won=AAAAABBBBB ball=BL to=1 h1=3: concede -> ok phase=deal points=6-5",
	"won=AAAAABBBBBA ball=BL to=1 h1=3: concede -> ok phase=over points=7-5",
	"won=AAAAA ball=BL to=1 h1=3: concede; draw 1 -> illegal",

	// The end of a turn: cards move between hand and preparation area, each once, then the draw.
	"manage=2 h0=1,13 p0=3: prep 1 -> ok p0=1,3 h0=13",
	"manage=2 h0=1,13 p0=3: prep 13 -> illegal",
	"manage=2 h0=1,13 p0=3: take 3; prep 13 -> ok p0=13 h0=1,3 known0=3",
	"manage=2 h0=1,13 p0=3: take 3; prep 3 -> illegal",
	"manage=2 h0=1,13 p0=3: prep 1; take 1 -> illegal",
	"manage=2 h0=1,13 p0=3: take 3; prep 13; prep 1 -> illegal",
	"manage=2 h0=1,13 p0=3: legal=prep1,take3,done",
	"manage=2 h0=1 p0=3 r0=5,6: done; draw 5; draw 6 -> ok phase=shot tomove=1 h0=1,5,6 p0=3",
	"manage=2 h0=1 p0=3 r0=5: done; draw 5 -> ok phase=shot tomove=1 h0=1,5 r0=-",
	"manage=2 h0=1 p0=3 r0=-: done -> ok phase=shot tomove=1 h0=1",
	"manage=2 h0=1 p0=3 r0=5,6: done; draw 7 -> illegal",
	"manage=2 h0=1 p0=3 r0=5,6: done; legal=draw5,draw6",
	"manage=0 h0=1 p0=3: done -> ok phase=shot tomove=1",
	"ball=BL h0=1 p0=10: defend 1; aim 10; hit -> ok phase=draw left=2 h0=- p0=-",
	"manage=2 h0=1 p0=3: legal=prep1,take3,done",
	"manage=2 h0=1 p0=3: take 3; done; draw 5; draw 6 -> ok h0=1,3,5,6 known0=3",
	"manage=2 h0=1 p0=3: #101 -> ok p0=1,3",

	// Doubles: the turn order A B C D; the pass.
	"doubles ball=BL h0=1 p0=10: defend 1; aim 10; hit; draw 5; draw 6 -> ok tomove=1",
	"doubles ball=BL to=3 h3=1,2 p3=10: defend 1; aim 10; hit; done; draw 5; draw 6 -> ok tomove=0",
	"doubles ball=BL h0=3 p0=10 h2=1 p2=11: pass 10 -> ok phase=shot tomove=2 out0=10 short0=1 p0=- passed=yes last=pass",
	"doubles ball=BL h0=3 p0=10 h2=1 p2=11: pass 10; defend 1; aim 11; hit -> ok owed=2 last=regular-shot",
	"doubles ball=BL h0=3 p0=10 h2=1 p2=11: pass 10; defend 1; aim 11; hit; draw 5; draw 6 -> ok tomove=3 h2=5,6",
	"doubles ball=BL h0=3 p0=10 h2=1 p2=11: pass 10; pass 11 -> illegal",
	"doubles ball=BL h0=3 p0=10 h2=3 p2=11: pass 10; legal=concede",
	"doubles ball=BL h0=1 p0=10: defend 1; pass 10 -> illegal",
	"doubles ball=BL h0=1 p0=10: pass 1 -> illegal",
	"doubles ball=BL h0=3 p0=-: legal=concede",
	"doubles ball=BL h0=3 p0=10: legal=pass10",
	"doubles ball=BL h0=3 p0=10: concede -> illegal",
	"doubles ball=BL h0=1 p0=10: legal=defend1,pass10",
	"doubles ball=BL h0=3 p0=-: concede -> ok point=1 phase=deal",
	"doubles ball=BL special h0=13 p0=1,10 h2=3 p2=7: pass 10 -> ok tomove=2 special=yes p0=1",
	"ball=BL h0=1 p0=10: pass 10 -> illegal",
	"doubles setup server=3 h0=1 h2=2 h1=3 h3=4: done -> ok tomove=2",
	"doubles setup server=3 h0=1 h2=2 h1=3 h3=4: done; done -> ok tomove=1",
	"doubles setup server=3 h0=1 h2=2 h1=3 h3=4: done; done; done; done -> ok phase=serve tomove=3",
	"doubles serve to=3 h3=7 p3=1: serve 7; done -> ok phase=shot tomove=0 ball=FR",
	"doubles ball=BL to=1 h1=3: concede -> ok point=0 phase=deal server=3",

	// Junk.
	"ball=BL h0=1 p0=10: #-1 -> illegal",
	"ball=BL h0=1 p0=10: #2147483647 -> illegal",
	"ball=BL h0=1 p0=10: #-2147483648 -> illegal",
	"ball=BL h0=1 p0=10: #0 -> illegal",
	"ball=BL h0=1 p0=10: #400 -> illegal",
	"ball=BL h0=1 p0=10: #425 -> illegal",
	"ball=BL h0=1 p0=10: #1001 -> illegal",
	"ball=BL h0=1 p0=10: defend 0 -> illegal",
	"ball=BL h0=1 p0=10: defend x -> illegal",
	"ball=BL h0=1 p0=10: lob 3 -> illegal",
	"ball=BL h0=1 p0=10: defend 1 BL from prep -> illegal",
	"ball=BL h0=1 p0=10: defend 1 BL from hand -> ok def=1",
	"ball=BL h0=1 p0=10: DEFEND 1 -> ok def=1",
}

func TestRules(t *testing.T) {
	for _, line := range rulesCases {
		t.Run(line, func(t *testing.T) {
			runCase(t, line)
		})
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
	if err := invariant(s); err != nil {
		t.Fatalf("setup: %v", err)
	}
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
		if k, v, ok := strings.Cut(a, "="); ok && !strings.HasPrefix(a, "#") {
			// A check in the middle of the actions.
			if got := describe(s, k); got != v {
				t.Errorf("%s = %s, want %s", k, got, v)
			}
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
		if err := invariant(s); err != nil {
			t.Fatalf("after %s: %v", a, err)
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
	_, doubles := words["doubles"]
	to := int8(atoi(t, words["to"], 0))
	n := int8(2)
	if doubles {
		n = 4
	}
	after := func(seat int8) int8 { return (seat + 1) % n }
	// The server each situation implies, unless given.
	server := after(to)
	switch {
	case has(words, "serve"):
		server = to
	case has(words, "setup"):
		server = (to + n - 1) % n
		if n == 2 {
			server = 1 - to
		}
	case has(words, "new"):
		server = 0
	}
	if v, ok := words["server"]; ok {
		server = int8(atoi(t, v, 0))
	}
	won := words["won"]
	// The first server is whoever makes server serve after the points already won.
	first := (int(server) - len(won)%int(n) + int(n)) % int(n)
	st, err := New(Options{Doubles: doubles, FirstServer: first})
	if err != nil {
		t.Fatal(err)
	}
	s := *st
	for _, r := range won {
		s.score.PointWon(strings.IndexRune("AB", r))
	}
	s.startPoint()
	if has(words, "new") {
		return &s
	}
	for i := range n {
		p := &s.p[i]
		*p = player{}
		key := strconv.Itoa(int(i))
		p.hand = cardsOf(t, words["h"+key])
		p.prep = cardsOf(t, words["p"+key])
		p.known = cardsOf(t, words["k"+key])
		if p.hand&p.prep != 0 {
			t.Fatalf("setup %q: seat %d holds cards twice", text, i)
		}
		rest := fullDeck &^ (p.hand | p.prep)
		if r, ok := words["r"+key]; ok {
			p.reserve = cardsOf(t, r)
			if p.reserve&^rest != 0 {
				t.Fatalf("setup %q: seat %d: reserve holds cards placed elsewhere", text, i)
			}
			p.court = rest &^ p.reserve
		} else {
			p.reserve = rest
		}
	}
	s.server = server
	s.mover = to
	s.def = cardsOf(t, words["def"])
	s.aim = cardsOf(t, words["aim"])
	_, s.special = words["special"]
	_, s.passed = words["passed"]
	s.moved = cardsOf(t, words["moved"])
	switch {
	case has(words, "ball"):
		z, ok := ParseZone(words["ball"])
		if !ok {
			t.Fatalf("setup %q: zone %q", text, words["ball"])
		}
		s.phase, s.ball, s.shots = phaseShot, z, 2
	case has(words, "serve"):
		s.phase = phaseServe
	case has(words, "setup"):
		s.phase, s.step = phaseSetup, 0
		if s.setupSeat(0) != to {
			t.Fatalf("setup %q: seat %d does not lay out first", text, to)
		}
	case has(words, "manage"):
		s.phase, s.owed, s.next, s.ball, s.shots = phaseManage, int8(atoi(t, words["manage"], 0)), after(to), BL, 2
	default:
		t.Fatalf("setup %q: no situation (ball, serve, setup, manage or new)", text)
	}
	return &s
}

func has(words map[string]string, k string) bool {
	_, ok := words[k]
	return ok
}

func atoi(t *testing.T, s string, def int) int {
	t.Helper()
	if s == "" {
		return def
	}
	n, err := strconv.Atoi(s)
	if err != nil {
		t.Fatal(err)
	}
	return n
}

func cardsOf(t *testing.T, text string) cards {
	t.Helper()
	var m cards
	if text == "" || text == "-" {
		return m
	}
	for f := range strings.SplitSeq(text, ",") {
		c, err := strconv.Atoi(f)
		if err != nil || c < 1 || c > DeckSize {
			t.Fatalf("cards %q: want numbers 1 to %d", text, DeckSize)
		}
		m |= bit(c)
	}
	return m
}

func idsOf(m cards) string {
	if m == 0 {
		return "-"
	}
	return strings.ReplaceAll(m.ids(), " ", "")
}

func yesNo(b bool) string {
	if b {
		return "yes"
	}
	return "no"
}

// describe renders one property of s for the expectations of a rules case: phase, tomove,
// ball, special, passed, owed, left, def, aim, moved, server, point (the side that won the last
// point), how (cover or place), points (games of the set "a-b"), last (the kind of the last play,
// with "-" for spaces), hit (the notation of Hit now, "_" for spaces), legal (verb and card of
// each legal action), and per seat N: hN, pN, kN/knownN, courtN, outN (cards), rN (reserve size,
// or "-" when empty), shortN.
func describe(s *State, key string) string {
	seat := -1
	if n := len(key); n > 0 && key[n-1] >= '0' && key[n-1] <= '3' {
		seat = int(key[n-1] - '0')
		key = key[:n-1]
	}
	if seat >= 0 {
		p := &s.p[seat]
		switch key {
		case "h":
			return idsOf(p.hand)
		case "p":
			return idsOf(p.prep)
		case "k", "known":
			return idsOf(p.known)
		case "court":
			return idsOf(p.court)
		case "out":
			return idsOf(p.out)
		case "r":
			if p.reserve == 0 {
				return "-"
			}
			if p.reserve.count() <= 4 {
				return idsOf(p.reserve)
			}
			return strconv.Itoa(p.reserve.count())
		case "short":
			return strconv.Itoa(int(p.short))
		}
		return "unknown key " + key
	}
	switch key {
	case "phase":
		return [...]string{"deal", "setup", "serve", "manage", "draw", "shot", "over"}[s.phase]
	case "tomove":
		if to := s.ToMove(); to >= 0 {
			return strconv.Itoa(int(to))
		}
		return s.ToMove().String()
	case "ball":
		return s.ball.String()
	case "special":
		return yesNo(s.special)
	case "passed":
		return yesNo(s.passed)
	case "owed":
		return strconv.Itoa(int(s.owed))
	case "left":
		return strconv.Itoa(int(s.left))
	case "def":
		return idsOf(s.def)
	case "aim":
		return idsOf(s.aim)
	case "moved":
		return idsOf(s.moved)
	case "server":
		return strconv.Itoa(int(s.server))
	case "point":
		return strconv.Itoa(1 - side(s.lastPoint.loser))
	case "how":
		if s.lastPoint.placed {
			return "place"
		}
		return "cover"
	case "points":
		g := s.score.Sets()[len(s.score.Sets())-1].Games
		return fmt.Sprintf("%d-%d", g[0], g[1])
	case "last":
		return strings.ReplaceAll(kindNames[s.last.kind], " ", "-")
	case "hit":
		return strings.ReplaceAll(s.ActionString(Hit), " ", "_")
	case "legal":
		var texts []string
		for _, a := range s.Legal(nil) {
			kind, c := split(a)
			t := verbs[kind]
			if c > 0 {
				t += strconv.Itoa(c)
			}
			texts = append(texts, t)
		}
		return strings.Join(texts, ",")
	}
	return "unknown key " + key
}
