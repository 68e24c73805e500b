package lmn

import (
	"strings"
	"testing"

	"deuce/engine"
)

// The worked examples of the rules text (shared/rules/love-means-nothing.txt), each replayed
// through the engine from a scripted deal: the table of rallying shots with the cards played
// and drawn, the setup and the serve, the doubles pass of player C, and the set to six games
// by two. The text has no example the engine contradicts.

// scripted starts a match and deals it: hands[i] are the cards of the i-th seat dealt, the
// server first, then the turn order (the server takes 6 cards, every other seat 5).
func scripted(t *testing.T, o Options, hands ...[]int) *State {
	t.Helper()
	s, err := New(o)
	if err != nil {
		t.Fatal(err)
	}
	deal(t, s, hands...)
	return s
}

// deal plays the chance actions of a deal.
func deal(t *testing.T, s *State, hands ...[]int) {
	t.Helper()
	for _, h := range hands {
		for _, c := range h {
			if err := s.Apply(Draw(c)); err != nil {
				t.Fatalf("deal card %d: %v", c, err)
			}
		}
	}
	if s.phase != phaseSetup {
		t.Fatalf("after the deal the phase is %d, want the setup", s.phase)
	}
}

// play applies moves in notation, separated by ";"; any refusal fails the test.
func play(t *testing.T, s *State, moves string) {
	t.Helper()
	for m := range strings.SplitSeq(moves, ";") {
		m = strings.TrimSpace(m)
		a, err := s.ParseAction(m)
		if err != nil {
			t.Fatalf("%q: %v", m, err)
		}
		if err := s.Apply(a); err != nil {
			t.Fatalf("%q: %v", m, err)
		}
	}
}

// drawAll plays the draws in progress, the lowest card of the reserve pile each time, and
// returns how many cards were drawn.
func drawAll(t *testing.T, s *State) int {
	t.Helper()
	n := 0
	for s.phase == phaseDraw {
		if err := s.Apply(Draw(s.p[s.mover].reserve.first())); err != nil {
			t.Fatal(err)
		}
		n++
	}
	return n
}

// TestExampleShotTable replays the table of rallying shots: for each shot, how many cards are
// played and how many drawn, and that an off-balance player's hand stays a card smaller.
//
// Player 1 serves card 11 (FR>FL) to FL. Player 2 covers FL with 8 from his hand and places the
// shot with preparation card 1 (regular) or with preparation cards 1 and 4, both to BR (special).
// Against that special shot player 1 holds 5 (BR) in his hand and 15 (BC+BR), 7 and 10 (both to
// FR) as preparation cards.
func TestExampleShotTable(t *testing.T) {
	cases := []struct {
		name           string
		second         string // player 2's shot after the serve
		first          string // player 1's answer to a special shot; "" for none
		kind           shotKind
		played, drawn  int
		heldAfter      int // the striker's cards (hand and preparation area) after his draw
		short          int8
		special        bool // the shot is special
		allPreparation bool // every card played came from the preparation area
	}{
		{name: "regular shot", second: "defend 8; aim 1; hit", kind: kindRegular, played: 2, drawn: 2, heldAfter: 5},
		{name: "special shot", second: "defend 8; aim 1; aim 4; hit", kind: kindSpecial, played: 3, drawn: 3, heldAfter: 5, special: true},
		{name: "safe return", second: "defend 8; aim 1; aim 4; hit", first: "defend 5; defend 15; aim 7; hit",
			kind: kindSafeReturn, played: 3, drawn: 3, heldAfter: 5},
		{name: "off-balance return", second: "defend 8; aim 1; aim 4; hit", first: "defend 5; aim 7; hit",
			kind: kindOffReturn, played: 2, drawn: 1, heldAfter: 4, short: 1},
		{name: "safe counter-attack", second: "defend 8; aim 1; aim 4; hit", first: "defend 5; defend 15; aim 7; aim 10; hit",
			kind: kindSafeCounter, played: 4, drawn: 4, heldAfter: 5, special: true},
		{name: "off-balance counter-attack", second: "defend 8; aim 1; aim 4; hit", first: "defend 15; aim 7; aim 10; hit",
			kind: kindOffCounter, played: 3, drawn: 2, heldAfter: 4, short: 1, special: true, allPreparation: true},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			s := scripted(t, Options{}, []int{11, 5, 15, 7, 10, 2}, []int{8, 1, 4, 20, 24})
			if h0, h1 := s.p[0].hand.count(), s.p[1].hand.count(); h0 != 6 || h1 != 5 {
				t.Fatalf("dealt %d and %d cards, want 6 to the server and 5 to the receiver", h0, h1)
			}
			// The receiver lays out first, then the server.
			if s.mover != 1 {
				t.Fatalf("player %d lays out first, want the receiver, player 2", s.mover+1)
			}
			play(t, s, "prep 1; prep 4; done; prep 15; prep 7; prep 10; done; serve 11; done")
			if s.phase != phaseShot || s.mover != 1 || s.ball != FL || s.p[0].held().count() != 5 {
				t.Fatalf("after the serve: phase %d, player %d to return a ball in %s, the server holds %d: want no draw after the serve",
					s.phase, s.mover+1, s.ball, s.p[0].held().count())
			}
			striker := int8(1)
			play(t, s, c.second)
			if c.first != "" {
				play(t, s, "done")
				drawAll(t, s)
				striker = 0
				play(t, s, c.first)
			}
			p := &s.p[striker]
			if s.last.kind != c.kind {
				t.Fatalf("the shot is a %s, want a %s", kindNames[s.last.kind], kindNames[c.kind])
			}
			if got := s.last.def.count() + s.last.aim.count(); got != c.played {
				t.Errorf("%d cards played, want %d", got, c.played)
			}
			if c.allPreparation && s.last.hand != 0 {
				t.Errorf("card %d came from the hand, want all from the preparation area", s.last.hand)
			}
			if s.special != c.special {
				t.Errorf("special %v, want %v", s.special, c.special)
			}
			play(t, s, "done")
			if got := drawAll(t, s); got != c.drawn {
				t.Errorf("%d cards drawn, want %d", got, c.drawn)
			}
			if got := p.held().count(); got != c.heldAfter || p.short != c.short {
				t.Errorf("the striker holds %d cards, %d short, want %d and %d", got, p.short, c.heldAfter, c.short)
			}
		})
	}
}

// TestExampleOffBalanceRestOfRally follows an off-balance return with a regular shot: "the
// player hand remains reduced for the rest of the rally" (two played, two drawn: still four).
func TestExampleOffBalanceRestOfRally(t *testing.T) {
	s := scripted(t, Options{}, []int{11, 5, 15, 7, 10, 2}, []int{8, 1, 4, 20, 24})
	play(t, s, "prep 1; prep 4; done; prep 15; prep 7; prep 10; done; serve 11; done")
	play(t, s, "defend 8; aim 1; aim 4; hit; prep 20; done")
	drawAll(t, s)
	play(t, s, "defend 5; aim 7; hit; done") // off balance: 2 played, 1 drawn
	drawAll(t, s)
	if got := s.p[0].held().count(); got != 4 {
		t.Fatalf("player 1 holds %d cards after the off-balance return, want 4", got)
	}
	// Player 2 covers FR with 24 (BR+FR) from the hand and places the shot to FC with
	// preparation card 20.
	if s.mover != 1 || s.ball != FR {
		t.Fatalf("player %d to play a ball in %s, want player 2 in FR", s.mover+1, s.ball)
	}
	play(t, s, "defend 24; aim 20; hit; done") // a regular shot to FC
	drawAll(t, s)
	// Player 1 covers FC with 10 from the preparation area and places with 15: regular.
	play(t, s, "defend 10; aim 15; hit; done")
	drawAll(t, s)
	if got := s.p[0].held().count(); got != 4 || s.p[0].short != 1 {
		t.Fatalf("player 1 holds %d cards (%d short) after a regular shot, want still 4 (1 short)", got, s.p[0].short)
	}
}

// TestExampleDoublesPass replays the doubles example: "on player C's turn he passes, hence
// player A returns the ball, then turn order continues with player B, C, etc."; the pass
// discards one preparation card and leaves C's hand smaller for the rest of the rally.
func TestExampleDoublesPass(t *testing.T) {
	// A (seat 1) serves 11 to FL; B covers with 8 and places with 1 to BR; C passes, discarding
	// preparation card 3; A covers BR with 5 and places with 7 to FR; B returns; then C plays.
	s := scripted(t, Options{Doubles: true},
		[]int{11, 5, 7, 2, 9, 12}, // A, the server
		[]int{8, 1, 24, 20, 16},   // B
		[]int{3, 13, 14, 17, 18},  // C
		[]int{19, 21, 22, 23, 6})  // D
	// Setup order: B (receiver), D, C, then A.
	play(t, s, "prep 1; done; done; prep 3; done; prep 7; done")
	play(t, s, "serve 11; done")
	if s.mover != 1 {
		t.Fatalf("player %d returns the serve, want B (player 2)", s.mover+1)
	}
	play(t, s, "defend 8; aim 1; hit; prep 20; done")
	drawAll(t, s)
	if s.mover != 2 || s.ball != BR {
		t.Fatalf("player %d to play a ball in %s, want C (player 3) in BR", s.mover+1, s.ball)
	}
	before := s.p[2].held().count()
	play(t, s, "pass 3")
	if s.mover != 0 {
		t.Fatalf("after C's pass player %d returns, want A (player 1)", s.mover+1)
	}
	if !s.p[2].out.has(3) || s.p[2].held().count() != before-1 || s.p[2].short != 1 {
		t.Fatalf("C discarded %s, holds %d (was %d), %d short: want card 3 discarded and one card fewer for the rally",
			s.p[2].out.ids(), s.p[2].held().count(), before, s.p[2].short)
	}
	play(t, s, "defend 5; aim 7; hit; done")
	drawAll(t, s)
	if s.mover != 1 || s.ball != FR {
		t.Fatalf("after A's return player %d is to play a ball in %s, want B (player 2) in FR", s.mover+1, s.ball)
	}
	play(t, s, "defend 24; aim 20; hit; done")
	drawAll(t, s)
	if s.mover != 2 {
		t.Fatalf("after B player %d plays, want C (player 3)", s.mover+1)
	}
}

// playPoint plays one scripted point that side winner wins. The server serves 11 (FR>FL) to FL.
// When the server wins, the receiver holds 1 to 5 (BL, BC, BR) and cannot cover FL. When the
// receiver wins, he covers with 8 and places with 3 to BL, which none of the server's 7, 8, 9,
// 10 and 12 (FL, FC, FR) covers.
func playPoint(t *testing.T, s *State, winner int) {
	t.Helper()
	server := s.server
	if side(server) == winner {
		deal(t, s, []int{11, 7, 8, 9, 10, 12}, []int{1, 2, 3, 4, 5})
		play(t, s, "done; done; serve 11; done")
		if legal := s.Legal(nil); len(legal) != 1 || legal[0] != Concede {
			t.Fatalf("the receiver can play %v, want only concede", legal)
		}
		play(t, s, "concede")
	} else {
		deal(t, s, []int{11, 7, 8, 9, 10, 12}, []int{8, 3, 4, 5, 6})
		play(t, s, "prep 3; done; done; serve 11; done; defend 8; aim 3; hit; done")
		drawAll(t, s)
		play(t, s, "concede")
	}
	if s.phase != phaseOver && s.server == server {
		t.Fatalf("player %d serves again, want the players to take turns serving", server+1)
	}
}

// TestExampleSet replays "The first player to score six games, with an advantage of two or
// more, wins the set": a point is a game; 6-4 wins the set, 6-5 does not, 7-5 does.
func TestExampleSet(t *testing.T) {
	t.Run("6-4", func(t *testing.T) {
		s, err := New(Options{})
		if err != nil {
			t.Fatal(err)
		}
		for _, w := range []int{0, 1, 0, 1, 0, 1, 0, 1, 0, 0} {
			playPoint(t, s, w)
		}
		if !s.score.Over() || s.score.Winner() != 0 || s.score.Sets()[0].Games != [2]int{6, 4} {
			t.Fatalf("score %s, over %v: want player 1 to win the set 6-4", s.score, s.score.Over())
		}
	})
	t.Run("7-5", func(t *testing.T) {
		s, err := New(Options{})
		if err != nil {
			t.Fatal(err)
		}
		for range 5 {
			playPoint(t, s, 0)
			playPoint(t, s, 1)
		}
		playPoint(t, s, 1)
		if s.score.Over() || s.score.GamesInSet() != [2]int{5, 6} {
			t.Fatalf("at 5-6 the score is %s, over %v: want the set to go on", s.score, s.score.Over())
		}
		playPoint(t, s, 1)
		if !s.score.Over() || s.score.Winner() != 1 {
			t.Fatalf("score %s, over %v: want player 2 to win the set 7-5", s.score, s.score.Over())
		}
		if r := s.Result(); !r.Over || r.Winner != engine.Seat(1) || r.Returns[1] != 1 {
			t.Fatalf("result %+v: want player 2 the winner", r)
		}
	})
}
