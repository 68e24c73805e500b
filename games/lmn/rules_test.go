package lmn

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
// Expectation keys: see describe.
var rulesCases = []string{
	// The deal: the server takes 6 cards, the receiver 5, then the receiver lays out first.
	"new: draw 1; draw 2; draw 3; draw 4; draw 5; draw 6 -> ok phase=deal tomove=chance h0=1,2,3,4,5,6 r0=18 left=5",
	"new: draw 1; draw 2; draw 3; draw 4; draw 5; draw 6; draw 1; draw 2; draw 3; draw 4; draw 5 -> ok phase=setup tomove=1 h1=1,2,3,4,5 r1=19",
	"new: draw 1; draw 1 -> illegal",
	"new: draw 25 -> illegal",
	"new: prep 1 -> illegal",
	"new: -> ok legal=draw1,draw2,draw3,draw4,draw5,draw6,draw7,draw8,draw9,draw10,draw11,draw12,draw13,draw14,draw15,draw16,draw17,draw18,draw19,draw20,draw21,draw22,draw23,draw24",

	// Preparation cards: any number, no two covering a common zone; receiver, then server.
	"setup h0=1,3,10,11,12: prep 1; prep 3; prep 10 -> ok p0=1,3,10 h0=11,12 moved=1,3,10",
	"setup h0=1,3,10,11,12: prep 1; prep 3; done -> ok phase=setup tomove=1 p0=1,3 moved=-",
	"setup h0=1,13,10,11,12: prep 1; prep 13 -> illegal",
	"setup h0=1,13,10,11,12: prep 13; prep 3 -> illegal",
	"setup h0=15,16 h1=1: prep 15; prep 16 -> illegal",
	"setup h0=1,13,10,11,12: prep 1 -> ok legal=prep10,prep11,prep12,done",
	"setup h0=1,13,10,11,12: prep 1; take 1 -> illegal",
	"setup h0=1,13,10,11,12: prep 2 -> illegal",
	"setup h0=1,13,10,11,12: serve 1 -> illegal",
	"setup h0=1: done; done -> ok phase=serve tomove=1",
	"setup h0=1 h1=2: done; prep 2; done -> ok phase=serve tomove=1 p1=2",
	"setup h0=1,2,3,4,5,6: -> ok legal=prep1,prep2,prep3,prep4,prep5,prep6,done",

	// The serve: one card from the hand or the preparation area, no draw, the turn then ends.
	"serve h0=7,1,2 p0=3: serve 7 -> ok phase=manage owed=0 ball=FR special=no court0=7 h0=1,2 last=serve",
	"serve h0=7,1,2 p0=3: serve 7; done -> ok phase=shot tomove=1 ball=FR h0=1,2 r0=20",
	"serve h0=7 p0=3: serve 3 -> ok ball=BL p0=- court0=3",
	"serve h0=7 p0=3: serve 8 -> illegal",
	"serve h0=7 p0=3: defend 7 -> illegal",
	"serve h0=7 p0=3: -> ok legal=serve3,serve7",
	"serve h0=7,1,2 p0=3: serve 7; prep 1 -> ok p0=1,3 h0=2",

	// A regular shot: one defence, one placement; two played, two drawn.
	"ball=BL h0=1,5 p0=3: defend 1; aim 3; hit -> ok phase=manage owed=2 ball=BL special=no last=regular-shot h0=5 p0=- court0=1,3",
	"ball=BL h0=1,5 p0=3: defend 1; aim 3; hit; done -> ok phase=draw tomove=chance left=2",
	"ball=BL h0=1,5 p0=3: defend 1; aim 3; hit; done; draw 7; draw 9 -> ok phase=shot tomove=1 h0=5,7,9 r0=19",
	"ball=BL h0=5 p0=1,3: defend 1; aim 5; hit -> ok owed=2 ball=BL last=regular-shot h0=- p0=3",
	"ball=BL h0=1 p0=3: defend 1; aim 3 -> ok hit=hit_regular_shot_to_BL,_draw_2",
	"ball=BL h0=1,5 p0=3: -> ok legal=defend1",
	"ball=BL h0=1,5 p0=3: defend 1 -> ok legal=aim3",
	"ball=BL h0=1,5 p0=3: defend 1; aim 3 -> ok legal=hit",

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
	"ball=BL special h0=13 p0=1,10: -> ok legal=defend1,defend13",
	"ball=BL special h0=13 p0=1,10: defend 1 -> ok legal=defend13,aim10,aim13",

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
	"ball=BL h0=1,3 p0=10: defend 1 -> ok legal=aim10",
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
	"ball=FR h0=11 p0=1,4,17: defend 11; aim 1; aim 4 -> ok legal=hit",

	// Losing the point: no cover, or no card left to place a shot.
	"ball=BL h0=3 p0=10: -> ok legal=concede",
	"ball=BL h0=3 p0=10: concede -> ok point=1 how=cover points=0-1 phase=deal server=0 h0=- p0=- r0=24 r1=24",
	"ball=BL h0=- p0=1: -> ok legal=concede",
	"ball=BL h0=- p0=1: concede -> ok point=1 how=place",
	"ball=BL h0=1,5 p0=-: -> ok legal=concede",
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
	"manage=2 h0=1,13 p0=3: -> ok legal=prep1,take3,done",
	"manage=2 h0=1 p0=3 r0=5,6: done; draw 5; draw 6 -> ok phase=shot tomove=1 h0=1,5,6 p0=3",
	"manage=2 h0=1 p0=3 r0=5: done; draw 5 -> ok phase=shot tomove=1 h0=1,5 r0=-",
	"manage=2 h0=1 p0=3 r0=-: done -> ok phase=shot tomove=1 h0=1",
	"manage=2 h0=1 p0=3 r0=5,6: done; draw 7 -> illegal",
	"manage=2 h0=1 p0=3 r0=5,6: done -> ok legal=draw5,draw6",
	"manage=0 h0=1 p0=3: done -> ok phase=shot tomove=1",
	"ball=BL h0=1 p0=10: defend 1; aim 10; hit -> ok phase=draw left=2 h0=- p0=-",
	"manage=2 h0=1 p0=3: -> ok legal=prep1,take3,done",
	"manage=2 h0=1 p0=3: take 3; done; draw 5; draw 6 -> ok h0=1,3,5,6 known0=3",
	"manage=2 h0=1 p0=3: #101 -> ok p0=1,3",

	// Doubles: the turn order A B C D; the pass.
	"doubles ball=BL h0=1 p0=10: defend 1; aim 10; hit; draw 5; draw 6 -> ok tomove=1",
	"doubles ball=BL to=3 h3=1,2 p3=10: defend 1; aim 10; hit; done; draw 5; draw 6 -> ok tomove=0",
	"doubles ball=BL h0=3 p0=10 h2=1 p2=11: pass 10 -> ok phase=shot tomove=2 out0=10 short0=1 p0=- passed=yes last=pass",
	"doubles ball=BL h0=3 p0=10 h2=1 p2=11: pass 10; defend 1; aim 11; hit -> ok owed=2 last=regular-shot",
	"doubles ball=BL h0=3 p0=10 h2=1 p2=11: pass 10; defend 1; aim 11; hit; draw 5; draw 6 -> ok tomove=3 h2=5,6",
	"doubles ball=BL h0=3 p0=10 h2=1 p2=11: pass 10; pass 11 -> illegal",
	"doubles ball=BL h0=3 p0=10 h2=3 p2=11: pass 10 -> ok legal=concede",
	"doubles ball=BL h0=1 p0=10: defend 1; pass 10 -> illegal",
	"doubles ball=BL h0=1 p0=10: pass 1 -> illegal",
	"doubles ball=BL h0=3 p0=-: -> ok legal=concede",
	"doubles ball=BL h0=3 p0=10: -> ok legal=pass10",
	"doubles ball=BL h0=3 p0=10: concede -> illegal",
	"doubles ball=BL h0=1 p0=10: -> ok legal=defend1,pass10",
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

// rules runs Love Means Nothing's rules cases.
var rules = enginetest.Cases[State, *State]{Setup: setupWords, Describe: describe, Invariant: invariant}

func TestRules(t *testing.T) { rules.Run(t, rulesCases) }

// setupWords builds the state a rules case describes.
func setupWords(w *enginetest.Words) *State {
	doubles := w.Flag("doubles")
	to := int8(w.Int("to", 0))
	n := int8(2)
	if doubles {
		n = 4
	}
	after := func(seat int8) int8 { return (seat + 1) % n }
	// The server each situation implies, unless given.
	server := after(to)
	switch {
	case w.Flag("serve"):
		server = to
	case w.Flag("setup"):
		server = (to + n - 1) % n
		if n == 2 {
			server = 1 - to
		}
	case w.Flag("new"):
		server = 0
	}
	server = int8(w.Int("server", int(server)))
	if to < 0 || to >= n || server < 0 || server >= n {
		w.Errorf("to=%d server=%d: want seats 0 to %d", to, server, n-1)
		return nil
	}
	won := w.Get("won", "")
	// The first server is whoever makes server serve after the points already won.
	first := (int(server) - len(won)%int(n) + int(n)) % int(n)
	st, err := New(Options{Doubles: doubles, FirstServer: first})
	if err != nil {
		w.Errorf("%v", err)
		return nil
	}
	s := *st
	for _, r := range won {
		side := strings.IndexRune("AB", r)
		if side < 0 {
			w.Errorf("won=%s: want the letters A and B", won)
			return nil
		}
		s.score.PointWon(side)
	}
	s.startPoint()
	if w.Flag("new") {
		return &s
	}
	for i := range n {
		p := &s.p[i]
		*p = player{}
		key := strconv.Itoa(int(i))
		p.hand = cardsOf(w, w.Get("h"+key, "-"))
		p.prep = cardsOf(w, w.Get("p"+key, "-"))
		p.known = cardsOf(w, w.Get("k"+key, "-"))
		if p.hand&p.prep != 0 {
			w.Errorf("seat %d holds cards twice", i)
		}
		rest := fullDeck &^ (p.hand | p.prep)
		if r, ok := w.Value("r" + key); ok {
			p.reserve = cardsOf(w, r)
			if p.reserve&^rest != 0 {
				w.Errorf("seat %d: reserve holds cards placed elsewhere", i)
			}
			p.court = rest &^ p.reserve
		} else {
			p.reserve = rest
		}
	}
	s.server = server
	s.mover = to
	s.def = cardsOf(w, w.Get("def", "-"))
	s.aim = cardsOf(w, w.Get("aim", "-"))
	s.special = w.Flag("special")
	s.passed = w.Flag("passed")
	s.moved = cardsOf(w, w.Get("moved", "-"))
	switch {
	case w.Has("ball"):
		z, ok := ParseZone(w.Get("ball", ""))
		if !ok {
			w.Errorf("zone %q", w.Get("ball", ""))
			return nil
		}
		s.phase, s.ball, s.shots = phaseShot, z, 2
	case w.Flag("serve"):
		s.phase = phaseServe
	case w.Flag("setup"):
		s.phase, s.step = phaseSetup, 0
		if s.setupSeat(0) != to {
			w.Errorf("seat %d does not lay out first", to)
			return nil
		}
	case w.Has("manage"):
		s.phase, s.owed, s.next, s.ball, s.shots = phaseManage, int8(w.Int("manage", 0)), after(to), BL, 2
	default:
		w.Errorf("no situation (ball, serve, setup, manage or new)")
		return nil
	}
	return &s
}

func cardsOf(w *enginetest.Words, text string) cards {
	var m cards
	if text == "" || text == "-" {
		return m
	}
	for f := range strings.SplitSeq(text, ",") {
		c, err := strconv.Atoi(f)
		if err != nil || c < 1 || c > DeckSize {
			w.Errorf("cards %q: want numbers 1 to %d", text, DeckSize)
			return 0
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
func describe(s *State, key string) (string, bool) {
	seat := -1
	if n := len(key); n > 0 && key[n-1] >= '0' && key[n-1] <= '3' {
		seat = int(key[n-1] - '0')
		key = key[:n-1]
	}
	if seat >= 0 {
		p := &s.p[seat]
		switch key {
		case "h":
			return idsOf(p.hand), true
		case "p":
			return idsOf(p.prep), true
		case "k", "known":
			return idsOf(p.known), true
		case "court":
			return idsOf(p.court), true
		case "out":
			return idsOf(p.out), true
		case "r":
			if p.reserve == 0 {
				return "-", true
			}
			if p.reserve.count() <= 4 {
				return idsOf(p.reserve), true
			}
			return strconv.Itoa(p.reserve.count()), true
		case "short":
			return strconv.Itoa(int(p.short)), true
		}
		return "", false
	}
	switch key {
	case "phase":
		return [...]string{"deal", "setup", "serve", "manage", "draw", "shot", "over"}[s.phase], true
	case "tomove":
		if to := s.ToMove(); to >= 0 {
			return strconv.Itoa(int(to)), true
		}
		return s.ToMove().String(), true
	case "ball":
		return s.ball.String(), true
	case "special":
		return yesNo(s.special), true
	case "passed":
		return yesNo(s.passed), true
	case "owed":
		return strconv.Itoa(int(s.owed)), true
	case "left":
		return strconv.Itoa(int(s.left)), true
	case "def":
		return idsOf(s.def), true
	case "aim":
		return idsOf(s.aim), true
	case "moved":
		return idsOf(s.moved), true
	case "server":
		return strconv.Itoa(int(s.server)), true
	case "point":
		return strconv.Itoa(1 - side(s.lastPoint.loser)), true
	case "how":
		if s.lastPoint.placed {
			return "place", true
		}
		return "cover", true
	case "points":
		g := s.score.Sets()[len(s.score.Sets())-1].Games
		return fmt.Sprintf("%d-%d", g[0], g[1]), true
	case "last":
		return strings.ReplaceAll(kindNames[s.last.kind], " ", "-"), true
	case "hit":
		return strings.ReplaceAll(s.ActionString(Hit), " ", "_"), true
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
		return strings.Join(texts, ","), true
	}
	return "", false
}
