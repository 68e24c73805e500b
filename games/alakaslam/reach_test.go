package alakaslam

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"deuce/engine"
)

// notesText renders the notes the seat to move is shown: "move blue: NOTE; done: NOTE".
func notesText(o *Observation) string {
	var parts []string
	for _, n := range o.Notes {
		parts = append(parts, n.Move+": "+n.Note)
	}
	return strings.Join(parts, "; ")
}

// TestMoveNotes checks the warning on each move after which the player to move can no longer
// hit: the ball out of reach, or no legal hit left, from its own hand and the board.
func TestMoveNotes(t *testing.T) {
	const (
		out  = "the ball out of reach: you lose the point"
		team = "the ball out of reach: your team loses the point"
	)
	tests := []struct {
		name, setup, want string
	}{
		{"within reach", "p1=r0c0 p2=r3c1 ball=r1c1 h1=2b,e2", ""},
		{"a step back leaves no move",
			"p1=r0c0 p2=r3c1 ball=r1c1 h1=2b,e2: move forward; spend e2", "move back: " + out},
		// The player's report: two spaces from the ball after the free move forward, an
		// Enchant-2 spent for one more space, and a step blue to row 2 col 2, a space short.
		{"the report", "p1=r0c0 p2=r3c1 ball=r1c2 h1=2b,e2: move forward; spend e2",
			"move back: " + out + "; move blue: " + out},
		{"every move short", "p1=r0c0 p2=r3c1 ball=r1c2 h1=2b,1r",
			"move forward: " + out + "; move blue: " + out},
		{"one Enchantment to spend", "p1=r0c0 p2=r3c1 ball=r1c2 h1=2b,e1",
			"move forward: " + out + "; move blue: " + out + "; spend Enchant-1: " + out},
		{"two Enchantments to spend", "p1=r0c0 p2=r3c1 ball=r1c2 h1=2b,e1,e2", ""},
		// Enchanted for exactly 2 cards: spending the Enchantment leaves one card.
		{"a card the hit needs", "p2=r3c1 p1=r0c1 ball=r3c2 to=2 req2=2 h2=2r,e1",
			"move forward: " + out + "; move red: " + out + "; spend Enchant-1: no legal hit left: you lose the point"},
		// Toots may redraw her own hand: any card may become an Enchantment.
		{"Toots may redraw", "c1=toots p1=r0c0 p2=r3c1 ball=r1c2 h1=2b,1r", ""},
		{"Toots has redrawn", "c1=toots used1=toots p1=r0c0 p2=r3c1 ball=r1c2 h1=2b,1r",
			"move forward: " + out + "; move blue: " + out},
		// The lone player of Canadian doubles moves two spaces per Enchantment.
		{"canadian", "canadian p2=r3c0 p1=r0c0 p3=r1c2 ball=r3c3 to=2 h2=e1,1r", "move forward: " + out},
		// Doubles: player 1 plans first. The teammate could reach the ball with the free move
		// and its one card, if that card is an Enchantment, unless player 1 takes the free move.
		{"doubles, first to plan", "doubles p1=r0c0 p3=r1c3 p2=r3c1 p4=r2c2 ball=r0c2 h1=1r h3=2b",
			"move forward: " + team + "; move blue: " + team},
		{"doubles, second to plan", "doubles p1=r0c0 p3=r1c3 p2=r3c1 p4=r2c2 ball=r0c2 h1=1r h3=2b: done",
			"move back: " + team + "; move red: " + team + "; done: " + team},
		{"doubles, the teammate at the ball", "doubles p1=r0c0 p3=r0c2 p2=r3c1 p4=r2c2 ball=r0c2 h1=1r h3=2b", ""},
		// The serve is struck before any move; picking ends the movement.
		{"serve", "serve p1=r0c0 p2=r3c2 ball=r0c0 h1=2b", ""},
		{"picking", "p1=r0c1 p2=r3c1 ball=r0c1 h1=2b,e2: pick 2b", ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s := rules.State(t, tt.setup)
			o := s.observe(s.ToMove())
			if got := notesText(o); got != tt.want {
				t.Errorf("notes %q, want %q", got, tt.want)
			}
			legal := s.Legal(nil)
			for _, n := range o.Notes {
				a, err := s.ParseAction(n.Move)
				if err != nil || !slices.Contains(legal, a) {
					t.Errorf("note on %q, not a legal move", n.Move)
				}
			}
			for x := range s.nseats {
				if x != s.cur {
					if n := s.observe(engine.Seat(x)).Notes; n != nil {
						t.Errorf("player %d, not to move, is shown notes %v", x+1, n)
					}
				}
			}
			if n := s.observe(engine.Spectator).Notes; n != nil {
				t.Errorf("the spectator is shown notes %v", n)
			}
		})
	}
}

// TestMoveNotesHideTheTeammate checks that a player's notes do not depend on what its teammate
// holds, only on how many cards.
func TestMoveNotesHideTheTeammate(t *testing.T) {
	const setup = "doubles p1=r0c0 p3=r1c3 p2=r3c1 p4=r2c2 ball=r0c2 h1=1r,1b "
	var want string
	for i, h3 := range []string{"h3=2b", "h3=e2", "h3=0r"} {
		s := rules.State(t, setup+h3)
		got := notesText(s.observe(0))
		if i == 0 {
			want = got
			if got == "" {
				t.Fatal("no notes: the test shows nothing")
			}
			continue
		}
		if got != want {
			t.Errorf("%s: notes %q, want %q as with another card of the same count", h3, got, want)
		}
	}
}

// reachable reports, by trying every sequence of moves and Enchantments spent, whether the lone
// player to move in s can still stand on the ball with a legal hit.
func reachable(s *State, seen map[string]bool) bool {
	var buf [64]engine.Action
	for _, a := range s.Legal(buf[:0]) {
		switch {
		case a < straightBase+numKinds || a == actLaurie:
			return true
		case a >= moveBase && a < moveBase+numDirs || a >= spendBase && a < spendBase+numKinds:
			c := *s
			c.apply(a)
			key := fmt.Sprint(c.pos[c.cur], c.free, c.earned[c.cur], c.hands[c.cur])
			if seen[key] {
				continue
			}
			seen[key] = true
			if reachable(&c, seen) {
				return true
			}
		}
	}
	return false
}

// teamReachable reports, by trying every way the team to move can finish its movement (Toots's
// ability left out), whether it ends with a player at the ball who has a legal hit. It reads
// every hand: it checks the notes, which must not.
func teamReachable(s *State, seen map[string]bool) bool {
	if s.phase != phTeamMove {
		return s.phase == phPick && s.cur == s.hitter && s.canPlay(s.hitter)
	}
	for _, a := range s.Legal(nil) {
		if a >= tootsBase && a < tootsBase+maxSeats {
			continue
		}
		c := *s
		c.apply(a)
		key := fmt.Sprint(c.phase, c.cur, c.stage, c.pos, c.plan, c.free, c.earned, c.hands)
		if seen[key] {
			continue
		}
		seen[key] = true
		if teamReachable(&c, seen) {
			return true
		}
	}
	return false
}

// TestMoveNotesMatchSearch checks the notes of lone players in seeded matches against a search
// of every way to the ball: a move is noted exactly when no way to hit is left after it. In
// team play, where the teammate's hand is hidden, a noted move must leave the team no way to
// hit. Every note of every format names a legal move.
func TestMoveNotesMatchSearch(t *testing.T) {
	sets := append(characterOptions(), engine.Options{"format": "doubles", "team-move": "one-by-one"})
	checked, noted, teamNoted := 0, 0, 0
	seededMatches(t, sets, 3000, func(opts engine.Options, seed uint64, n int, s *State) {
		if to := s.ToMove(); to >= 0 {
			legal := s.Legal(nil)
			for _, note := range s.observe(to).Notes {
				if a, err := s.ParseAction(note.Move); err != nil || !slices.Contains(legal, a) {
					t.Fatalf("%v seed %d step %d: note on %q, not a legal move", opts, seed, n, note.Move)
				}
			}
			redraw := s.ability[s.cur] == Toots && s.used[s.cur]&usedToots == 0
			if p := s.partner(s.cur); p >= 0 && s.ability[p] == Toots && s.used[p]&usedToots == 0 {
				redraw = true
			}
			if s.phase == phTeamMove && !redraw {
				for _, a := range legal {
					if s.moveNote(a) == "" {
						continue
					}
					c := *s
					c.apply(a)
					if teamReachable(&c, map[string]bool{}) {
						t.Fatalf("%v seed %d step %d: %s noted %q, but the team can still hit\n%s", opts, seed, n,
							s.ActionString(a), s.moveNote(a), s.observe(to))
					}
					teamNoted++
				}
			}
			if s.phase == phTurn && !s.serving && !redraw {
				for _, a := range legal {
					if a < moveBase || a >= spendBase+numKinds {
						continue
					}
					c := *s
					c.apply(a)
					can := reachable(&c, map[string]bool{})
					if note := s.moveNote(a); (note == "") != can {
						t.Fatalf("%v seed %d step %d: %s noted %q, but a hit is left: %v\n%s", opts, seed, n,
							s.ActionString(a), note, can, s.observe(to))
					}
					checked++
					if !can {
						noted++
					}
				}
			}
		}
	})
	t.Logf("%d moves of lone players checked, %d noted; %d noted in team play", checked, noted, teamNoted)
	if checked == 0 || noted == 0 || teamNoted == 0 {
		t.Errorf("%d moves checked, %d noted, %d in team play: the matches show too little", checked, noted, teamNoted)
	}
}

// TestHandWhy checks the reason given on each card the player to hit may not pick now.
func TestHandWhy(t *testing.T) {
	tests := []struct {
		name, setup string
		want        map[string]string // card name -> reason; cards left out may be picked
	}{
		{"away from the ball", "p1=r0c0 p2=r3c1 ball=r0c1 h1=2b,1r",
			map[string]string{"Hit-1 red": "move to the ball first: you must stand on it to hit", "Hit-2 blue": "move to the ball first: you must stand on it to hit"}},
		{"out of reach", "p1=r0c0 p2=r3c1 ball=r1c2 h1=2b free=0",
			map[string]string{"Hit-2 blue": "the ball is out of your reach: you cannot hit it this turn"}},
		{"no legal hit", "p2=r3c0 p1=r0c1 ball=r3c1 to=2 req2=3 h2=2r,1b",
			map[string]string{"Hit-1 blue": "your cards make no legal hit, even from the ball's space", "Hit-2 red": "your cards make no legal hit, even from the ball's space"}},
		{"on the ball", "p1=r0c1 p2=r3c1 ball=r0c1 h1=2b,1r", map[string]string{}},
		{"Rich's lock", "p2=r3c1 p1=r0c1 ball=r3c1 to=2 req2=2 lock2 h2=2r,1b,e1",
			map[string]string{"Enchant-1": "Mægister Rich's Enchant-2: you may not use an Enchantment in this return"}},
		{"one Enchantment", "p2=r3c1 p1=r0c1 ball=r3c1 to=2 req2=3 h2=2r,1b,e1,e2: pick e1",
			map[string]string{"Enchant-2": "only one Enchantment per hit"}},
		{"too few Hit cards", "p2=r3c1 p1=r0c1 ball=r3c1 to=2 req2=3 h2=2r,e1,e2",
			map[string]string{
				"Hit-2 red": "you would have too few cards left to make the 3 cards your hit must use",
				"Enchant-1": "you would have too few Hit cards left to make the 3 cards your hit must use",
				"Enchant-2": "you would have too few Hit cards left to make the 3 cards your hit must use",
			}},
		{"the hit is full", "p1=r0c1 p2=r3c1 ball=r0c1 h1=1r,1r,1r,1b: 1r; 1r; 1r", map[string]string{"Hit-1 blue": "a hit uses at most 3 cards"}},
		// In a team's movement the hand waits for the hit: nothing is greyed for a reason.
		{"team move", "doubles p1=r0c1 p3=r1c3 p2=r3c1 p4=r2c2 ball=r0c1 h1=2b h3=1b", map[string]string{}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s := rules.State(t, tt.setup)
			got := map[string]string{}
			for _, c := range s.observe(s.ToMove()).Hand {
				if c.Why != "" {
					got[c.Name] = c.Why
				}
			}
			if fmt.Sprint(got) != fmt.Sprint(tt.want) {
				t.Errorf("reasons %v, want %v", got, tt.want)
			}
			for _, c := range s.observe(s.ToMove()).Hand {
				if c.Why == "" {
					continue
				}
				a, _ := s.parse("pick " + strings.ToLower(c.Name))
				if err := s.check(a); err == nil || !strings.Contains(err.Error(), c.Why) {
					t.Errorf("%s: reason %q, but picking it is refused with %v", c.Name, c.Why, err)
				}
			}
		})
	}
}

// TestStatusOffTheBall checks that what the lone player to move is doing says it must first
// move onto the ball's space.
func TestStatusOffTheBall(t *testing.T) {
	tests := []struct{ setup, want string }{
		{"p1=r0c0 p2=r3c1 ball=r0c1 h1=2b", "move onto the ball's space, then hit"},
		{"p1=r0c1 p2=r3c1 ball=r0c1 h1=2b", "move and hit"},
		{"serve p1=r0c0 p2=r3c2 ball=r0c0 h1=2b", "serve"},
	}
	for _, tt := range tests {
		s := rules.State(t, tt.setup)
		for _, seat := range []engine.Seat{0, 1, engine.Spectator} {
			if got := s.observe(seat).Doing; got != tt.want {
				t.Errorf("%s: %v is told %q, want %q", tt.setup, seat, got, tt.want)
			}
		}
	}
}

// TestNarrateDecline checks the reason told of a player declining to hit: everyone hears it
// when it shows on the board (the distance and the moves left beyond what the hand could buy,
// too few cards for an Enchantment); only the player when it lies in its hand.
func TestNarrateDecline(t *testing.T) {
	tests := []struct {
		name, setup    string
		player, others string
	}{
		{"far from the ball", "p1=r0c0 p2=r3c1 ball=r1c2 h1=2b free=0",
			"you decline to hit (cannot reach the ball); point to player 2 (not returned), 0-1",
			"player 1 declines to hit (cannot reach the ball); point to player 2 (not returned), 0-1"},
		{"no Enchantment in hand", "p1=r0c0 p2=r3c1 ball=r1c2 h1=2b,1r,0r free=0",
			"you decline to hit (cannot reach the ball); point to player 2 (not returned), 0-1",
			"player 1 declines to hit; point to player 2 (not returned), 0-1"},
		{"within reach", "p1=r0c0 p2=r3c1 ball=r1c2 h1=2b,e1,e2",
			"you decline to hit; point to player 2 (not returned), 0-1",
			"player 1 declines to hit; point to player 2 (not returned), 0-1"},
		{"an Enchantment for 3", "p2=r3c1 p1=r0c1 ball=r3c1 to=2 req2=3 h2=2r,1b",
			"you decline to hit (fewer cards than the 3 the Enchantment demands); point to player 1 (not returned), 1-0",
			"player 2 declines to hit (fewer cards than the 3 the Enchantment demands); point to player 1 (not returned), 1-0"},
		{"Rich's lock", "p2=r3c1 p1=r0c1 ball=r3c1 to=2 req2=2 lock2 h2=2r,e1",
			"you decline to hit (no legal hit); point to player 1 (not returned), 1-0",
			"player 2 declines to hit; point to player 1 (not returned), 1-0"},
		{"no card", "serve p1=r0c0 p2=r3c2 ball=r0c0 h1=-",
			"you do not serve (no card to hit with); point to player 2 (no serve), 0-1",
			"player 1 does not serve (no card to hit with); point to player 2 (no serve), 0-1"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s := rules.State(t, tt.setup)
			who := s.ToMove()
			if got := s.Narrate(actConcede, who); got != tt.player {
				t.Errorf("the player is told %q, want %q", got, tt.player)
			}
			if got := s.Narrate(actConcede, engine.Spectator); got != tt.others {
				t.Errorf("the others are told %q, want %q", got, tt.others)
			}
		})
	}
}

// TestNarrateMoveNote checks that the log tells the player, and only the player, that its move
// leaves the ball out of reach.
func TestNarrateMoveNote(t *testing.T) {
	s := rules.State(t, "p1=r0c0 p2=r3c1 ball=r1c2 h1=2b,e2: move forward; spend e2")
	a, err := s.ParseAction("move blue")
	if err != nil {
		t.Fatal(err)
	}
	if got, want := s.Narrate(a, 0), "you move blue to row 2 col 2 (the ball out of reach: you lose the point)"; got != want {
		t.Errorf("player 1 is told %q, want %q", got, want)
	}
	if got, want := s.Narrate(a, 1), "player 1 moves blue to row 2 col 2"; got != want {
		t.Errorf("player 2 is told %q, want %q", got, want)
	}
}

// playToCall plays a match's set-up, keeping every hand and drawing the first card each time,
// until player 1 is to call red or blue.
func playToCall(t *testing.T, opts engine.Options) *State {
	t.Helper()
	s := newMatch(t, opts)
	for s.phase != phCall {
		var a engine.Action
		switch {
		case s.ToMove() == engine.Chance:
			a = s.Chances(nil)[0].Action
		case s.phase == phMulligan:
			a = actKeep
		default:
			t.Fatalf("phase %s before the call", phaseNames[s.phase])
		}
		if err := s.Apply(a); err != nil {
			t.Fatal(err)
		}
	}
	return s
}

// TestNarrateFirstServe checks that the call says what it is for and the card revealed says who
// serves first.
func TestNarrateFirstServe(t *testing.T) {
	singles := engine.Options{"format": "singles", "character1": "austin", "character2": "laurie"}
	doubles := engine.Options{"format": "doubles", "character1": "austin", "character2": "laurie", "character3": "rich", "character4": "toots"}
	tests := []struct {
		name   string
		opts   engine.Options
		reveal string
		seat   engine.Seat
		want   string
	}{
		{"right call", singles, "reveal 3r", 0, "the top card is revealed: Hit-3 red, so you serve first"},
		{"right call, seen by player 2", singles, "reveal 3r", 1, "the top card is revealed: Hit-3 red, so player 1 serves first"},
		{"wrong call", singles, "reveal 3b", 0, "the top card is revealed: Hit-3 blue, so player 2 serves first"},
		{"wrong call, seen by player 2", singles, "reveal 3b", 1, "the top card is revealed: Hit-3 blue, so you serve first"},
		{"an Enchantment", singles, "reveal e1", 0, "the top card is revealed: Enchant-1, an Enchantment: reveal again"},
		{"doubles", doubles, "reveal 3b", 0, "the top card is revealed: Hit-3 blue, so players 2 and 4 serve first"},
		{"doubles, the winning team", doubles, "reveal 3b", 3, "the top card is revealed: Hit-3 blue, so your team serves first"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s := playToCall(t, tt.opts)
			if got, want := s.Narrate(actCallRed, 0), "you call red for the first serve"; got != want {
				t.Errorf("the call: %q, want %q", got, want)
			}
			if err := s.Apply(actCallRed); err != nil {
				t.Fatal(err)
			}
			a, err := s.ParseAction(tt.reveal)
			if err != nil {
				t.Fatal(err)
			}
			if got := s.Narrate(a, tt.seat); got != tt.want {
				t.Errorf("got %q, want %q", got, tt.want)
			}
		})
	}
	t.Run("no Hit card left", func(t *testing.T) {
		s := playToCall(t, singles)
		if err := s.Apply(actCallRed); err != nil {
			t.Fatal(err)
		}
		for k := range numHitKinds {
			s.hands[1][k] += s.deck[k] + s.discard[k]
			s.deck[k], s.discard[k] = 0, 0
		}
		a, err := s.ParseAction("reveal e2")
		if err != nil {
			t.Fatal(err)
		}
		want := "the top card is revealed: Enchant-2, an Enchantment, and no Hit card is left to reveal, so player 1 serves first"
		if got := s.Narrate(a, 1); got != want {
			t.Errorf("got %q, want %q", got, want)
		}
	})
}

// TestSetUpPrompts checks that the set-up decisions say what they are for: the mulligan what it
// does, the call what it decides.
func TestSetUpPrompts(t *testing.T) {
	s := newMatch(t, engine.Options{"format": "singles", "character1": "austin", "character2": "laurie"})
	for s.phase != phMulligan {
		if err := s.Apply(s.Chances(nil)[0].Action); err != nil {
			t.Fatal(err)
		}
	}
	if got, want := s.observe(0).Doing, "keep the hand or mulligan (discard it and draw one card fewer)"; got != want {
		t.Errorf("mulligan: %q, want %q", got, want)
	}
	s = playToCall(t, engine.Options{"format": "singles", "character1": "austin", "character2": "laurie"})
	if got, want := s.observe(0).Doing, "call red or blue for the first serve: the caller's side serves first if the top card is that colour"; got != want {
		t.Errorf("call: %q, want %q", got, want)
	}
}

// TestObservationInWords checks that the terminal view writes cards and abilities in words, and
// shows the player to move its notes and the cards it may not pick.
func TestObservationInWords(t *testing.T) {
	s := rules.State(t, "c1=toots p1=r0c0 p2=r3c1 ball=r1c1 h1=2b,e2 h2=1r deck=3b,3b,3b,3b,3b,3b,3b,3b: toots player 2; draw 3b; move forward; spend e2")
	s.table[hitKind(2, blue)] = 2
	s.table[enchantKind(1)] = 1
	s.total.add(&s.table)
	view := s.observe(0).String()
	for _, want := range []string{
		"(used Meddlemagus Toots's ability)",
		"on the table Hit-2 blue (2), Enchant-1\n",
		"Not playable now: Hit-2 blue (move to the ball first: you must stand on it to hit)\n",
		"Careful: move back (the ball out of reach: you lose the point)\n",
	} {
		if !strings.Contains(view, want) {
			t.Errorf("view lacks %q:\n%s", want, view)
		}
	}
	if other := s.observe(1).String(); strings.Contains(other, "Careful") || strings.Contains(other, "Not playable") {
		t.Errorf("player 2 is shown player 1's notes:\n%s", other)
	}
}
