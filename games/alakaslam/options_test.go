package alakaslam

import (
	"maps"
	"slices"
	"strings"
	"testing"

	"deuce/engine"
	"deuce/engine/enginetest"
)

// withOpts returns base with the extra options set.
func withOpts(base engine.Options, extra ...string) engine.Options {
	o := maps.Clone(base)
	for i := 0; i+1 < len(extra); i += 2 {
		o[extra[i]] = extra[i+1]
	}
	return o
}

// TestTootsTeamServe: "on your turn you may force any player to discard their entire hand".
// Before her team's serve Toots, serving or supporting, may use her ability under toots=turn;
// under toots=moves she may not (she may before a singles serve under both).
func TestTootsTeamServe(t *testing.T) {
	hands := []string{"2b 1r 1b 2r 0r 0b 3r 3b", "1r 1b 2r 2b 0r 0b 3r 3b", "1b 1r 2r 2b 0r 0b 3r 3b", "1r 1b 2r 2b 0r 0b 3r 3b"}
	for _, c := range []struct {
		name, toots string
		seat        string // the character option naming Toots
		before      string // moves before Toots decides
	}{
		{"server", "turn", "character1", ""},
		{"support", "turn", "character3", "pick 2b; hit"},
		{"server", "moves", "character1", ""},
		{"support", "moves", "character3", "pick 2b; hit"},
	} {
		t.Run(c.name+" toots="+c.toots, func(t *testing.T) {
			chars := engine.Options{"format": "doubles", "first-server": "1", "character1": "rich", "character2": "laurie",
				"character3": "austin", "character4": "wendolyn", "toots": c.toots}
			s := begin(t, withOpts(chars, c.seat, "toots"), "corner red", hands...)
			if c.before != "" {
				play(t, s, c.before)
			}
			if s.phase != phPick || s.ability[s.cur] != Toots {
				t.Fatalf("phase %d, player %d: want Toots to play her cards", s.phase, s.cur+1)
			}
			if c.toots == TootsMoves {
				refused(t, s, "toots player 2", "toots=moves")
				return
			}
			me := s.cur
			play(t, s, "toots player 2; *")
			if s.phase != phPick || s.cur != me || s.used[me]&usedToots == 0 || s.hands[1].total() != 8 {
				t.Fatalf("phase %d, player %d, player 2 holds %d: want player 2's hand redrawn and Toots back to her play",
					s.phase, s.cur+1, s.hands[1].total())
			}
			play(t, s, "pick 2b")
			refused(t, s, "toots player 4", "Toots's ability is used once per point")
		})
	}
	t.Run("singles serve", func(t *testing.T) {
		for _, toots := range []string{TootsTurn, TootsMoves} {
			s := begin(t, engine.Options{"character1": "toots", "character2": "laurie", "first-server": "1", "toots": toots}, "corner red",
				hands[0], hands[1])
			if !legal(s, "toots player 2") {
				t.Errorf("toots=%s: Toots may not use her ability before a singles serve", toots)
			}
		}
	})
}

// TestTootsAfterMovedHit: after her hit Toots may use her ability under toots=turn even when she
// moved before it; under toots=moves her turn goes straight to the draw.
func TestTootsAfterMovedHit(t *testing.T) {
	for _, toots := range []string{TootsTurn, TootsMoves} {
		t.Run(toots, func(t *testing.T) {
			s := begin(t, engine.Options{"character1": "toots", "character2": "laurie", "first-server": "1", "toots": toots}, "corner red",
				"2b 2b 1r 1b 2r 0r 0b 3b", "e2 1r 1b 2r 2b 0r 0b 3r")
			// Toots serves from (0,0) to (2,1) and keeps her ability; player 2 runs from (3,2)
			// to the ball and sends it to (1,0).
			play(t, s, "pick 2b; hit; done; *; spend e2; move forward; move red; pick 1r; hit; *")
			if s.cur != 0 || s.phase != phTurn || s.ball != at(1, 0) {
				t.Fatalf("phase %d, player %d, ball %v: want Toots to play a ball on (1,0)", s.phase, s.cur+1, s.ball)
			}
			play(t, s, "move forward; pick 2b; hit")
			if toots == TootsMoves {
				if s.phase != phDraw {
					t.Fatalf("phase %d after her hit, want her draw", s.phase)
				}
				return
			}
			if s.phase != phAfter || s.cur != 0 || legal(s, "move back") || !legal(s, "toots player 2") || !legal(s, "done") {
				t.Fatalf("phase %d, legal %v: want Toots's ability and done, no move", s.phase, s.Legal(nil))
			}
			refused(t, s, "move back", "may not move now")
			if o := s.observe(1); !o.Players[0].MovedBefore {
				t.Fatal("the observation does not show that Toots moved before her hit")
			}
			play(t, s, "toots player 2; *")
			if s.used[0]&usedToots == 0 || s.phase != phAfter {
				t.Fatalf("phase %d: want the ability used and Toots back after her hit", s.phase)
			}
			play(t, s, "done")
			if s.phase != phDraw {
				t.Fatalf("phase %d, want her draw", s.phase)
			}
		})
	}
}

// Hands of player 1 in canadian: with three Enchantments to move, or two.
const (
	threeE = "e1 e1 e2 1r 1b 2r 2b 0r"
	twoE   = "e1 e1 1r 1b 2r 2b 0r 0b"
)

// canadian begins a Canadian doubles match that player 2 serves with Hit-2 blue from (3,0) to
// (1,1), the space of player 3 (Toots); player 1 stands on (0,3) and holds hand; player 3 holds
// an Enchant-1 when mateE1.
func canadian(t *testing.T, teamMove, hand string, mateE1 bool) *State {
	t.Helper()
	mate := "1r 1b 2r 2b 0r 0b 3r 3b"
	if mateE1 {
		mate = "e1 1b 2r 2b 0r 0b 3r 3b"
	}
	s := begin(t, engine.Options{"format": "canadian", "first-server": "2", "character1": "rich", "character2": "laurie",
		"character3": "toots", "team-move": teamMove}, "corner red",
		hand, "2b 1r 1b 2r 0r 0b 3r 3b", mate)
	play(t, s, "pick 2b; hit; done; *")
	if s.phase != phTeamMove || s.cur != 0 || s.ball != at(1, 1) || s.pos[2] != at(1, 1) || s.pos[0] != at(0, 3) {
		t.Fatalf("phase %d, player %d, ball %v, players %v: want player 1 to move first, the ball on player 3's space",
			s.phase, s.cur+1, s.ball, s.pos)
	}
	return s
}

// TestTeamMoveThrough: moving together a teammate may pass through the other's space; one by
// one it may neither pass through nor end there.
func TestTeamMoveThrough(t *testing.T) {
	t.Run(TeamOneByOne, func(t *testing.T) {
		// Neither through player 3's space nor onto it, by either path to it.
		for _, path := range []string{"move red; move forward", "move forward; move red"} {
			s := canadian(t, TeamOneByOne, threeE, true)
			play(t, s, "spend e1; spend e1; spend e2; "+path)
			refused(t, s, "move red", "your teammate stands there")
		}
	})
	t.Run(TeamTogether, func(t *testing.T) {
		s := canadian(t, TeamTogether, threeE, false)
		// (0,3) to (0,2), (1,2), through player 3's (1,1), to (0,1).
		play(t, s, "spend e1; spend e1; spend e2; move red; move forward; move red")
		if s.pos[0] != at(0, 3) || s.where(0) != at(1, 1) || !s.planning {
			t.Fatalf("player 1 on %v, planned %v: want the court unchanged until the team is done, the plan on (1,1)", s.pos[0], s.where(0))
		}
		if o := s.observe(engine.Spectator); !o.Planning || *o.Players[0].At != (Cell{1, 1}) || *o.Players[2].At != (Cell{1, 1}) {
			t.Fatalf("the observation shows planning %v, player 1 on %v, player 3 on %v: want the plan, both on (1,1)",
				o.Planning, o.Players[0].At, o.Players[2].At)
		}
		play(t, s, "move back; done")
		// Player 3 has no move left (the free move is spent), Toots's ability only.
		if s.cur != 2 || s.phase != phTeamMove || legal(s, "move back") {
			t.Fatalf("phase %d, player %d, legal %v: want player 3 with no move", s.phase, s.cur+1, s.Legal(nil))
		}
		play(t, s, "done")
		if s.planning || s.pos[0] != at(0, 1) || s.pos[2] != at(1, 1) {
			t.Fatalf("planning %v, players on %v: want player 1 on (0,1), player 3 on (1,1)", s.planning, s.pos)
		}
		if s.phase != phPick || s.hitter != 2 {
			t.Fatalf("phase %d, hitter %d: want player 3 at the ball to hit", s.phase, s.hitter+1)
		}
	})
}

// TestTeamMoveFollow: moving together, a teammate may end on the space the other leaves, and
// the other must then leave it; the step onto it is refused when the other could not be known
// to (one by one the step is refused: TestTeamMoveThrough). Known means by what the team sees:
// a move earned or the free move, never an Enchantment the other may hold, which a teammate
// does not see (TestTeamMovesHideTheTeammatesHand).
func TestTeamMoveFollow(t *testing.T) {
	t.Run("mate can leave", func(t *testing.T) {
		s := canadian(t, TeamTogether, threeE, false)
		// Player 1 goes to (1,1), the ball, with the moves its Enchantments earned: the free
		// move is left for player 3, so player 1 may end there.
		play(t, s, "spend e1; spend e1; spend e2; move forward; move red; move red; done")
		if s.cur != 2 || s.phase != phTeamMove {
			t.Fatalf("phase %d, player %d: want player 3 to move off the shared space", s.phase, s.cur+1)
		}
		refused(t, s, "done", "may not end the movement on one space")
		refused(t, s, "toots player 1", "step off your teammate's space first")
		play(t, s, "move back")
		if !legal(s, "toots player 1") {
			t.Fatal("off the shared space Toots may not use her ability")
		}
		play(t, s, "done")
		if s.pos[0] != at(1, 1) || s.pos[2] != at(0, 1) || s.hitter != 0 {
			t.Fatalf("players on %v, hitter %d: want player 1 on the ball (1,1) and hitting, player 3 on (0,1)", s.pos, s.hitter+1)
		}
	})
	t.Run("mate could leave only by its hand", func(t *testing.T) {
		// The free move spent on the last step, player 3 could leave only by discarding the
		// Enchant-1 it holds, which player 1 does not see: player 1 may not end there.
		s := canadian(t, TeamTogether, threeE, true)
		play(t, s, "spend e1; spend e1; move forward; move red; move red")
		refused(t, s, "done", "may not end the movement on one space")
		if legal(s, "done") {
			t.Fatal("done is offered on the teammate's space")
		}
	})
	t.Run("mate cannot leave", func(t *testing.T) {
		s := canadian(t, TeamTogether, twoE, false)
		play(t, s, "spend e1; spend e1; move forward; move red")
		refused(t, s, "move red", "no move left to step off it")
	})
}

// TestPlayedCards: under played=next-shot the cards of the shot stay on the table and
// Josephias cannot take them back in his draw; under played=after-hit they are in the
// discards by then and he may.
func TestPlayedCards(t *testing.T) {
	for _, played := range []string{PlayedNextShot, PlayedAfterHit} {
		t.Run(played, func(t *testing.T) {
			s := begin(t, engine.Options{"character1": "josephias", "character2": "laurie", "first-server": "1", "played": played},
				"corner red", "3b 1r 1b 2r 2b 0r 0b 3r", "1r 1b 2r 2b 0r 0b 3r 1r")
			play(t, s, "pick 3b; hit; done")
			if played == PlayedNextShot {
				if s.phase != phDraw || s.table[hitKind(3, blue)] != 1 {
					t.Fatalf("phase %d, table %v: want Hit-3 blue on the table and the usual draw", s.phase, s.table)
				}
				return
			}
			if s.phase != phDrawChoice || s.table.total() != 0 {
				t.Fatalf("phase %d, table %v: want the table empty and Josephias to choose his draw", s.phase, s.table)
			}
			play(t, s, "take 3b")
			if s.hands[0][hitKind(3, blue)] != 1 || s.discard.total() != 0 {
				t.Fatalf("Josephias holds %d Hit-3 blue, discards %v: want his card back", s.hands[0][hitKind(3, blue)], s.discard)
			}
		})
	}
}

// TestRuleOptionSpecs: each rule option is described for the lobby and the rules, resolves, and
// a bad value is refused naming the values that work.
func TestRuleOptionSpecs(t *testing.T) {
	for _, c := range []struct{ name, def, other string }{
		{"toots", TootsTurn, TootsMoves},
		{"team-move", TeamTogether, TeamOneByOne},
		{"played", PlayedNextShot, PlayedAfterHit},
	} {
		spec, ok := Game.Option(c.name)
		if !ok || spec.Default != c.def || !slices.Equal(spec.Values, []string{c.def, c.other}) || spec.Help == "" {
			t.Errorf("option %s: %+v, %v", c.name, spec, ok)
			continue
		}
		for _, v := range spec.Values {
			if _, resolved, err := Game.Start(engine.Options{c.name: v}); err != nil || resolved[c.name] != v {
				t.Errorf("%s=%s: %v (resolved %v)", c.name, v, err, resolved)
			}
		}
		if _, _, err := Game.Start(engine.Options{c.name: "maybe"}); err == nil || !strings.Contains(err.Error(), c.other) {
			t.Errorf("%s=maybe: %v, want an error naming the values", c.name, err)
		}
		if _, err := newGame(engine.Options{c.name: "maybe"}); err == nil || !strings.Contains(err.Error(), c.name) {
			t.Errorf("newGame %s=maybe: %v", c.name, err)
		}
	}
	o := Options{FirstServer: -1, Characters: [maxSeats]int{Austin, Laurie}}
	if _, err := New(Options{FirstServer: -1, Characters: o.Characters, TeamMove: "sideways"}); err == nil {
		t.Error("New took team-move sideways")
	}
	s, err := New(o)
	if err != nil {
		t.Fatal(err)
	}
	if !s.tootsTurn || !s.together || s.discardAtOnce {
		t.Errorf("empty rule options: toots=turn %v, together %v, after-hit %v: want the defaults", s.tootsTurn, s.together, s.discardAtOnce)
	}
}

// TestConformanceRuleOptions runs the conformance kit with each rule option at its other
// value, over option sets that give every character to a seat of every format.
func TestConformanceRuleOptions(t *testing.T) {
	for _, extra := range [][]string{
		{"toots", TootsMoves},
		{"team-move", TeamOneByOne},
		{"played", PlayedAfterHit},
		{"toots", TootsMoves, "team-move", TeamOneByOne, "played", PlayedAfterHit},
	} {
		for _, base := range characterOptions() {
			o := withOpts(base, extra...)
			t.Run(o.String(), func(t *testing.T) {
				cfg := enginetest.Config{Invariant: invariant, Matches: 1, DeepEvery: 25, Seed: 21}
				for _, v := range enginetest.CheckVariant(Game, o, cfg) {
					t.Error(v)
				}
			})
		}
	}
}

// TestTeamMoveAfterHit: the move after the hit is planned together too. After player 1's team
// serve (Hit-2 blue, then the Support's Hit-0 blue, to (2,2)), player 1 goes from (0,0) to
// player 3's (1,2) with three moves earned and player 3 leaves it for (0,2) with the free move;
// one by one the last step is refused.
func TestTeamMoveAfterHit(t *testing.T) {
	for _, teamMove := range []string{TeamTogether, TeamOneByOne} {
		t.Run(teamMove, func(t *testing.T) {
			other := "1r 1b 2r 2b 0r 0b 3r 3b"
			s := begin(t, engine.Options{"format": "doubles", "first-server": "1", "character1": "rich", "character2": "laurie",
				"character3": "austin", "character4": "wendolyn", "team-move": teamMove}, "corner red",
				"2b e2 e2 e2 1b 2r 0r 3r", other, "0b e2 1r 1b 2r 2b 0r 3b", other)
			play(t, s, "pick 2b; hit; pick 0b; hit")
			if s.ball != at(2, 2) || s.phase != phAfter || s.cur != 0 || s.planning != (teamMove == TeamTogether) {
				t.Fatalf("ball %v, phase %d, player %d, planning %v: want player 1 to move after the serve to (2,2)",
					s.ball, s.phase, s.cur+1, s.planning)
			}
			// Three moves earned: the free move is left for player 3 to leave the space by.
			play(t, s, "spend e2; spend e2; spend e2; move forward; move blue")
			if teamMove == TeamOneByOne {
				refused(t, s, "move blue", "your teammate stands there")
				return
			}
			play(t, s, "move blue; done")
			if s.cur != 2 || s.phase != phAfter {
				t.Fatalf("phase %d, player %d: want player 3 to move off the shared space", s.phase, s.cur+1)
			}
			refused(t, s, "done", "may not end the movement on one space")
			play(t, s, "move back; done")
			if s.planning || s.pos[0] != at(1, 2) || s.pos[2] != at(0, 2) || s.phase != phDraw {
				t.Fatalf("planning %v, players %v, phase %d: want player 1 on (1,2), player 3 on (0,2), then the draw",
					s.planning, s.pos, s.phase)
			}
		})
	}
}
