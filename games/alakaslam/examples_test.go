package alakaslam

import (
	"errors"
	"strings"
	"testing"

	"deuce/engine"
)

// The worked examples of the rules text (shared/rules/alakaslam.txt), each replayed through the
// engine from a scripted deal: the Enchantment Example, the Aiming Example (and a ball leaving
// the court in flight), the mulligan, the serve positions of doubles and Canadian doubles, the
// Support's cards moving the ball on from where the first player's left it, the Canadian
// single player's two spaces per Enchantment, and what follows a point. The text has no example
// the engine contradicts.

// begin starts a match with opts and plays its set-up: hands[i] are the cards seat i draws
// ("2r 3b e1 ..."), everybody keeps, and the server serves from corner ("corner red" or
// "corner blue").
func begin(t *testing.T, opts engine.Options, corner string, hands ...string) *State {
	t.Helper()
	st, _, err := Game.Start(opts)
	if err != nil {
		t.Fatal(err)
	}
	s := st.(*State)
	for _, h := range hands {
		for _, c := range strings.Fields(h) {
			act(t, s, "draw "+c)
		}
	}
	for s.phase == phMulligan {
		act(t, s, "keep")
	}
	act(t, s, corner)
	return s
}

// act applies one move in notation; a refusal fails the test.
func act(t *testing.T, s *State, move string) {
	t.Helper()
	a, err := s.ParseAction(move)
	if err != nil {
		t.Fatalf("%q: %v", move, err)
	}
	if err := s.Apply(a); err != nil {
		t.Fatalf("%q: %v", move, err)
	}
}

// play applies moves separated by ";". "*" plays the chance outcomes in progress (the lowest
// card each time) until a player is to decide.
func play(t *testing.T, s *State, moves string) {
	t.Helper()
	for m := range strings.SplitSeq(moves, ";") {
		m = strings.TrimSpace(m)
		if m != "*" {
			act(t, s, m)
			continue
		}
		for s.ToMove() == engine.Chance {
			if err := s.Apply(s.Legal(nil)[0]); err != nil {
				t.Fatal(err)
			}
		}
	}
}

// refused applies move and wants it refused with a message containing why, the state unchanged.
func refused(t *testing.T, s *State, move, why string) {
	t.Helper()
	before := *s
	a, err := s.ParseAction(move)
	if err == nil {
		err = s.Apply(a)
	}
	if !errors.Is(err, engine.ErrIllegal) || !strings.Contains(err.Error(), why) {
		t.Fatalf("%q: %v, want refused (%s)", move, err, why)
	}
	if *s != before {
		t.Fatalf("the refused %q changed the state", move)
	}
}

// legal reports whether move is among the legal actions.
func legal(s *State, move string) bool {
	for _, a := range s.Legal(nil) {
		if strings.EqualFold(s.ActionString(a), move) {
			return true
		}
	}
	return false
}

func at(r, c int8) pos { return pos{r, c} }

// TestExampleEnchantment replays the Enchantment Example: "Witch Wendolyn plays Enchant-2 on the
// ball. To return it, Æthermancer Austin plays a Hit-3 Blue and an Enchant-1." The return uses
// exactly two cards, the Enchantment counted among them; one or three are refused, and Austin's
// Enchant-1 binds Wendolyn's next hit to one card.
func TestExampleEnchantment(t *testing.T) {
	s := begin(t, engine.Options{"character1": "wendolyn", "character2": "austin", "first-server": "1"}, "corner red",
		"3b e2 0r 1r 1b 2r 2b 0b", "3b e1 1r 1b 2r 2b 0r 0b")
	// Wendolyn serves from (0,0) with Hit-3 blue and Enchant-2: the ball lands on (3,1).
	play(t, s, "pick 3b; pick e2; hit; done; discard 0r; *")
	if s.ball != at(3, 1) || s.req[1] != 2 {
		t.Fatalf("ball %v, Austin must use %d cards: want (3,1) and 2", s.ball, s.req[1])
	}
	play(t, s, "move red") // Austin steps from (3,2) onto the ball
	play(t, s, "pick 3b")
	refused(t, s, "hit", "exactly 2")
	play(t, s, "pick 1r")
	refused(t, s, "pick 1b", "exactly 2")
	play(t, s, "take back; pick e1; hit")
	if s.ball != at(0, 2) || s.lastShot.how != howNone {
		t.Fatalf("Austin's Hit-3 blue lands on %v (%s), want (0,2), in", s.ball, howNames[s.lastShot.how])
	}
	if s.req[0] != 1 || s.req[1] != 0 {
		t.Fatalf("Wendolyn must use %d cards, Austin %d: want 1 and 0", s.req[0], s.req[1])
	}
}

// TestExampleAiming replays the Aiming Example: Hit-0 red, Hit-2 blue and Hit-1 red move the
// ball one space toward red, back toward blue, then toward red: overall one space toward red
// and three forward. Then the ball leaves the court in flight and lands in, and a ball that
// lands beyond the court is out.
func TestExampleAiming(t *testing.T) {
	hands := []string{"0r 2b 1r 1b 3r 3b e1 e2", "1r 1r 1b 1b 2r 2b 0r 0b"}
	opts := engine.Options{"character1": "rich", "character2": "laurie", "first-server": "1"}
	t.Run("aiming example", func(t *testing.T) {
		s := begin(t, opts, "corner blue", hands...)
		play(t, s, "pick 0r; pick 2b; pick 1r; hit")
		if s.lastShot.from != at(0, 2) || s.ball != at(3, 1) {
			t.Fatalf("from %v to %v, want from (0,2) one column toward red and three rows forward: (3,1)", s.lastShot.from, s.ball)
		}
	})
	t.Run("off the court in flight", func(t *testing.T) {
		s := begin(t, opts, "corner red", hands...)
		play(t, s, "pick 0r; pick 2b; pick 1b; hit") // column -1 in flight, then 0, then 1
		if s.ball != at(3, 1) || s.lastShot.how != howNone {
			t.Fatalf("the ball lands on %v (%s), want (3,1), in", s.ball, howNames[s.lastShot.how])
		}
	})
	t.Run("out of bounds", func(t *testing.T) {
		s := begin(t, opts, "corner red", hands...)
		play(t, s, "pick 3r; hit")
		if s.lastPoint.how != howOut || s.score.PointsInGame() != [2]int{0, 1} {
			t.Fatalf("point %s, score %v: want out, a point to player 2", howNames[s.lastPoint.how], s.score.PointsInGame())
		}
	})
}

// TestExampleMulligan: "discard your entire hand and draw a new hand with 1 fewer card than you
// discarded. You may do this as many times as you like".
func TestExampleMulligan(t *testing.T) {
	st, _, err := Game.Start(engine.Options{"character1": "rich", "character2": "laurie", "first-server": "1"})
	if err != nil {
		t.Fatal(err)
	}
	s := st.(*State)
	play(t, s, "*")
	for _, want := range []int{7, 6, 5} {
		if s.phase != phMulligan || s.cur != 0 {
			t.Fatalf("phase %d, player %d: want player 1 to decide on a mulligan", s.phase, s.cur+1)
		}
		play(t, s, "mulligan; *")
		if got := s.hands[0].total(); got != want {
			t.Fatalf("after a mulligan player 1 holds %d cards, want %d", got, want)
		}
	}
}

// TestExampleServePositions: the server serves from the back corner it chooses and the receiver
// starts diagonally opposite; in doubles "the server's teammate starts from a position 1 space
// forward and 2 spaces to the opposite horizontal side from the server. The opposing team
// mirrors the serving team"; in Canadian doubles the single player's opponent in the back
// corner is diagonally opposite and its teammate placed likewise.
func TestExampleServePositions(t *testing.T) {
	doubles := "1r 1b 2r 2b 0r 0b 3r 3b" // four players may hold it: four of each kind
	cases := []struct {
		name   string
		opts   engine.Options
		corner string
		want   []pos // by seat
	}{
		{"singles red", engine.Options{"first-server": "1"}, "corner red", []pos{at(0, 0), at(3, 2)}},
		{"singles blue", engine.Options{"first-server": "2"}, "corner blue", []pos{at(0, 0), at(3, 2)}},
		{"doubles red", engine.Options{"format": "doubles", "first-server": "1"}, "corner red", []pos{at(0, 0), at(3, 3), at(1, 2), at(2, 1)}},
		{"doubles blue", engine.Options{"format": "doubles", "first-server": "1"}, "corner blue", []pos{at(0, 3), at(3, 0), at(1, 1), at(2, 2)}},
		{"canadian single server", engine.Options{"format": "canadian", "first-server": "2"}, "corner red", []pos{at(0, 3), at(3, 0), at(1, 1)}},
		{"canadian team server", engine.Options{"format": "canadian", "first-server": "1"}, "corner red", []pos{at(0, 0), at(3, 3), at(1, 2)}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			opts := engine.Options{"character1": "rich", "character2": "laurie", "character3": "austin", "character4": "toots"}
			for k, v := range c.opts {
				opts[k] = v
			}
			hands := make([]string, len(c.want))
			for i := range hands {
				hands[i] = doubles
			}
			s := begin(t, opts, c.corner, hands...)
			for seat, want := range c.want {
				if s.pos[seat] != want {
					t.Errorf("player %d starts on %v, want %v", seat+1, s.pos[seat], want)
				}
			}
		})
	}
}

// TestExampleSupport: "The Support's Hit cards move the ball from where their teammate's Hit
// cards placed it", and the Support "can see how many cards are used but not what they will be".
func TestExampleSupport(t *testing.T) {
	s := begin(t, engine.Options{"format": "doubles", "first-server": "1", "character1": "rich", "character2": "laurie",
		"character3": "austin", "character4": "sarissia"}, "corner red",
		"2b 1r 1b 2r 0r 0b 3r 3b", "1r 1r 1b 1b 2r 2b 0r 0b", "1b 1r 2r 2b 0r 0b 3r 3b", "1r 1r 1b 1b 2r 2b 0r 0b 3r 3b")
	play(t, s, "pick 2b; hit")
	if s.cur != 2 {
		t.Fatalf("player %d plays next, want the Support, player 3", s.cur+1)
	}
	o := s.observe(2)
	if v := o.Players[0]; v.Picked != 1 || v.PickedCards != nil {
		t.Fatalf("the Support sees %d cards, %v: want the count only", v.Picked, v.PickedCards)
	}
	play(t, s, "pick 1b; hit")
	if s.lastShot.mid != at(2, 1) || s.ball != at(3, 2) {
		t.Fatalf("the first cards leave the ball on %v, the Support's on %v: want (2,1), then (3,2)", s.lastShot.mid, s.ball)
	}
}

// TestExampleCanadianEnchantmentMoves: "Instead of using an Enchantment card to move 1 extra
// space, the Singles player may use an Enchantment card to move 2 extra spaces."
func TestExampleCanadianEnchantmentMoves(t *testing.T) {
	// Player 2 serves from (3,0) with Hit-3 blue to (0,1).
	start := func(hand1 string) *State {
		return begin(t, engine.Options{"format": "canadian", "first-server": "2", "character1": "rich", "character2": "laurie",
			"character3": "austin"}, "corner red", hand1, "3b e1 1r 1b 2r 2b 0r 0b", "1r 1r 1b 1b 2r 2b 0r 0b")
	}
	// Player 2 then moves: the free space and two for an Enchant-1.
	s := start("1r 1r 1b 1b 2r 2b 0r 0b")
	play(t, s, "pick 3b; hit; spend e1")
	if s.earned[1] != 2 {
		t.Fatalf("an Enchantment earns the single player %d spaces, want 2", s.earned[1])
	}
	play(t, s, "move forward; move blue; move blue")
	if s.pos[1] != at(2, 2) || legal(s, "move blue") {
		t.Fatalf("player 2 on %v after three spaces (can go on: %v), want (2,2) and no move left", s.pos[1], legal(s, "move blue"))
	}
	// A player of the team earns one space per Enchantment.
	s = start("e1 1r 1b 1b 2r 2b 0r 0b")
	play(t, s, "pick 3b; hit; done; *; spend e1")
	if s.earned[0] != 1 {
		t.Fatalf("an Enchantment earns a team player %d spaces, want 1", s.earned[0])
	}
}

// TestExamplePointScored: "The player who lost the point may discard up to 3 cards, and both
// players then draw or discard until they have 8 cards in hand", and "the player who lost the
// point serves the ball".
func TestExamplePointScored(t *testing.T) {
	s := begin(t, engine.Options{"character1": "rich", "character2": "laurie", "first-server": "1"}, "corner red",
		"3r 1r 1b 1b 2r 2b 0r 0b", "1r 1r 1b 1b 2r 2b 0r 0b")
	play(t, s, "pick 3r; hit") // out: the point goes to player 2
	if s.phase != phLoserDiscard || s.cur != 0 {
		t.Fatalf("phase %d, player %d: want player 1, who lost the point, to discard", s.phase, s.cur+1)
	}
	play(t, s, "discard 1r; discard 1b; discard 1b")
	if s.hands[0].total() != 4 {
		t.Fatalf("player 1 holds %d cards after discarding 3 of 7, want 4", s.hands[0].total())
	}
	play(t, s, "*")
	for seat := range 2 {
		if got := s.hands[seat].total(); got != handSize {
			t.Errorf("player %d holds %d cards, want 8", seat+1, got)
		}
	}
	play(t, s, "keep; keep")
	if s.phase != phCorner || s.cur != 0 {
		t.Fatalf("phase %d, player %d: want player 1, who lost the point, to serve", s.phase, s.cur+1)
	}
	// Three discards at most.
	s2 := begin(t, engine.Options{"character1": "rich", "character2": "laurie", "first-server": "1"}, "corner red",
		"3r 1r 1b 1b 2r 2b 0r 0b", "1r 1r 1b 1b 2r 2b 0r 0b")
	play(t, s2, "pick 3r; hit; discard 1r; discard 1b")
	if s2.phase != phLoserDiscard {
		t.Fatalf("phase %d after two discards, want the discard to go on", s2.phase)
	}
	play(t, s2, "discard 1b")
	if s2.phase == phLoserDiscard {
		t.Fatal("a fourth discard is offered")
	}
}
