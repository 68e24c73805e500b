package tui

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	tea "github.com/charmbracelet/bubbletea"

	"deuce/engine"
	"deuce/games"
)

// Every game's first frame at a fixed seed, as a person sees it at 80x24.
func TestGoldenFrames(t *testing.T) {
	for _, game := range []string{"centercourt", "pencil", "lmn", "alakaslam", "worldwide"} {
		t.Run(game, func(t *testing.T) {
			local, _, _ := localMatch(t, game, nil, 7, 0)
			h := newHarness(t, newModelT(t, local))
			h.settle(myTurn)
			frame := h.m.View()
			checkSize(t, frame, 80, 24)
			golden(t, game, frame)
		})
	}
}

// The arrow keys, a number and typed notation each play the move they name.
func TestKeysChooseMoves(t *testing.T) {
	local, _, _ := localMatch(t, "pencil", engine.Options{"points": "10"}, 3, 0)
	h := newHarness(t, newModelT(t, local))
	played := func() []string {
		var out []string
		for _, mv := range local.Moves() {
			if mv.Seat == 0 {
				out = append(out, mv.Text)
			}
		}
		return out
	}
	steps := []struct {
		keys []string
		want string
	}{
		{[]string{"down", "down", "up", "enter"}, "bid 2"},
		{[]string{"3", "enter"}, "bid 3"},
		{[]string{"/", "bid 1", "enter"}, "bid 1"},
	}
	for i, st := range steps {
		h.settle(myTurn)
		h.press(st.keys...)
		h.settle(func(m *Model) bool { return len(played()) == i+1 })
		if got := played()[i]; got != st.want {
			t.Errorf("keys %q played %q, want %q", st.keys, got, st.want)
		}
	}
}

// Digits typed faster than the terminal reports them arrive as one key, and still choose their move.
func TestFastDigits(t *testing.T) {
	local, _, _ := localMatch(t, "pencil", nil, 3, 0)
	h := newHarness(t, newModelT(t, local))
	h.settle(myTurn)
	h.update(tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune("12")})
	h.press("enter")
	h.settle(func(m *Model) bool { return len(local.Moves()) > 0 })
	if got := local.Moves()[0].Text; got != "bid 12" {
		t.Errorf("\"12\" as one key played %q, want bid 12", got)
	}
}

// A typed move that is not legal says why and changes nothing; a number out of range too.
func TestRefusedMoves(t *testing.T) {
	local, _, _ := localMatch(t, "centercourt", nil, 5, 0)
	h := newHarness(t, newModelT(t, local))
	h.settle(myTurn)
	before := len(local.Moves())
	h.press("/", "smash 9", "enter")
	h.settle(func(m *Model) bool { return !m.busy && m.statusErr })
	if n := len(local.Moves()); !strings.Contains(h.m.View(), "smash 9") || n != before {
		t.Errorf("an illegal typed move: %d moves, want %d, and the reason shown:\n%s", n, before, h.m.View())
	}
	// Text that is no move is pointed to the list, not to the game's examples of any decision.
	if v := strings.Join(strings.Fields(h.m.View()), " "); !strings.Contains(v, "not a move: choose one from the list") || strings.Contains(v, "for example") {
		t.Errorf("text that is no move:\n%s", h.m.View())
	}
	h.press("9", "9")
	if !strings.Contains(h.m.View(), "There is no move 9") {
		t.Errorf("a number out of range is not explained:\n%s", h.m.View())
	}
}

// A number out of range puts the cursor back where it was, and the enter typed to play it plays
// nothing: "5" then "1" in the bidding game once moved the cursor to bid 5 and played it.
func TestNumberOutOfRangePlaysNothing(t *testing.T) {
	local, _, _ := localMatch(t, "pencil", nil, 3, 0)
	h := newHarness(t, newModelT(t, local))
	h.settle(myTurn)
	h.press("down", "down") // the cursor on the third move, bid 3
	h.press("5", "1")
	if !strings.Contains(h.m.View(), "There is no move 51: choose 1 to 50") {
		t.Fatalf("51 is not refused:\n%s", h.m.View())
	}
	if h.m.cursor != 2 {
		t.Errorf("after a refused number the cursor is on move %d, want 3 where it was", h.m.cursor+1)
	}
	h.press("enter")
	if n := len(local.Moves()); n != 0 || h.m.busy || !strings.Contains(h.m.View(), "Nothing played") {
		t.Fatalf("enter after a refused number: %d moves played, busy %v, want none and a word why:\n%s", n, h.m.busy, h.m.View())
	}
	// The next enter plays the move under the cursor.
	h.press("enter")
	h.settle(func(m *Model) bool { return len(local.Moves()) > 0 })
	if got := local.Moves()[0].Text; got != "bid 3" {
		t.Errorf("enter then played %q, want bid 3", got)
	}
}

// Help, rules, log and hint open over the board and close with esc.
func TestHelpRulesHint(t *testing.T) {
	local, _, _ := localMatch(t, "pencil", engine.Options{"points": "10"}, 3, 0)
	h := newHarness(t, newModelT(t, local))
	h.settle(myTurn)
	for _, tt := range []struct {
		key, want string
	}{
		{"?", "type the move itself"},
		{"r", "Tennis (paper and pencil)"},
		{"l", "Nothing has happened yet"},
	} {
		h.press(tt.key)
		if v := h.m.View(); !strings.Contains(v, tt.want) || h.m.overlay == noOverlay {
			t.Errorf("key %s: the screen lacks %q:\n%s", tt.key, tt.want, v)
		}
		checkSize(t, h.m.View(), 80, 24)
		h.press("esc")
		if h.m.overlay != noOverlay {
			t.Errorf("esc did not close the overlay of %s", tt.key)
		}
	}
	h.press("h")
	h.settle(func(m *Model) bool { return m.overlay == hintOverlay })
	if v := h.m.View(); !strings.Contains(v, "bid") {
		t.Errorf("the pencil hint names no bid:\n%s", v)
	}

	// Center Court's hint is the hard bot's search, against bots; never against a person.
	local, _, _ = localMatch(t, "centercourt", nil, 5, 0)
	h = newHarness(t, newModelT(t, local))
	h.settle(myTurn)
	h.press("h")
	h.settle(func(m *Model) bool { return m.overlay == hintOverlay })
	if v := strings.Join(strings.Fields(h.m.View()), " "); !strings.Contains(v, "The hard bot would choose") {
		t.Errorf("centercourt's hint against a bot:\n%s", h.m.View())
	}
	// The hint's page says how to leave it, and enter does, back to the moves.
	if v := h.m.View(); !strings.Contains(v, "esc, enter or q: back to the table") || strings.Contains(v, "enter play") {
		t.Errorf("the hint's page shows the table's keys, not its own:\n%s", v)
	}
	h.press("enter")
	if h.m.overlay != noOverlay || h.m.busy {
		t.Errorf("enter on the hint's page: overlay %v, busy %v", h.m.overlay, h.m.busy)
	}
	local, _, _ = localMatch(t, "centercourt", nil, 5, 0, 1)
	h = newHarness(t, newModelT(t, local))
	h.settle(myTurn) // the first person's turn comes without a curtain
	h.press("h")
	h.settle(func(m *Model) bool { return m.overlay == hintOverlay })
	if v := strings.Join(strings.Fields(h.m.View()), " "); !strings.Contains(v, "never against another person") {
		t.Errorf("centercourt's hint between two people:\n%s", h.m.View())
	}
}

// The interface fits whatever size the terminal has, and says when it is too small.
func TestResize(t *testing.T) {
	local, _, _ := localMatch(t, "worldwide", nil, 2, 0)
	h := newHarness(t, newModelT(t, local))
	h.settle(myTurn)
	for _, size := range [][2]int{{80, 24}, {120, 40}, {100, 30}, {80, 24}} {
		h.update(tea.WindowSizeMsg{Width: size[0], Height: size[1]})
		checkSize(t, h.m.View(), size[0], size[1])
	}
	h.update(tea.WindowSizeMsg{Width: 120, Height: 40})
	if v := h.m.View(); strings.Contains(v, "more: pgdn") {
		t.Errorf("at 120x40 the board should fit whole:\n%s", v)
	}
	h.update(tea.WindowSizeMsg{Width: 30, Height: 10})
	if v := h.m.View(); !strings.Contains(v, "at least 40x12") {
		t.Errorf("a tiny terminal: %q", v)
	}
}

// Two people at one terminal: between seats the screen hides the board until Enter.
func TestHotseatCurtain(t *testing.T) {
	local, _, _ := localMatch(t, "pencil", engine.Options{"points": "10"}, 1, 0, 1)
	h := newHarness(t, newModelT(t, local))
	h.settle(myTurn)
	if h.m.frame.Seat != 0 || h.m.curtain {
		t.Fatalf("the first frame is seat %d's (curtain %v), want seat 1's at once", h.m.frame.Seat+1, h.m.curtain)
	}
	h.press("5", "enter")
	h.settle(func(m *Model) bool { return m.curtain })
	v := h.m.View()
	checkSize(t, v, 80, 24)
	golden(t, "hotseat-curtain", v)
	if strings.Contains(v, "bid") || strings.Contains(v, "points left") {
		t.Errorf("the curtain shows the table:\n%s", v)
	}
	h.press("x")
	if !h.m.curtain {
		t.Error("a key other than Enter lifted the curtain")
	}
	// q asks first behind the curtain too; another key takes the question back.
	_, cmd := h.m.Update(tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune{'q'}})
	if cmd != nil || !strings.Contains(h.m.View(), "Press q again to abandon this match") {
		t.Errorf("one q behind the curtain left, or said nothing:\n%s", h.m.View())
	}
	h.press("x")
	if strings.Contains(h.m.View(), "Press q again") {
		t.Error("another key did not take the question back")
	}
	h.press("enter")
	if h.m.curtain || h.m.frame.Seat != 1 {
		t.Errorf("Enter did not show player 2's view")
	}
	h.press("enter")
	h.settle(func(m *Model) bool { return len(local.Moves()) >= 2 && m.curtain })
}

// A whole match against a bot, then its replay: stepping, points, jumps, every hand shown.
func TestPlayToTheEndAndReplay(t *testing.T) {
	local, rec, st := localMatch(t, "centercourt", engine.Options{"format": "tiebreak"}, 11, 0)
	h := newHarness(t, newModelT(t, local))
	for !h.m.ended {
		h.settle(func(m *Model) bool { return myTurn(m) || over(m) })
		if h.m.ended {
			break
		}
		h.press("enter")
		h.settle(func(m *Model) bool { return m.busy == false })
	}
	if !st.Result().Over || !strings.Contains(h.m.View(), st.Result().Score) {
		t.Fatalf("the match did not end with its score shown:\n%s", h.m.View())
	}

	match, err := ReplayRecord(rec)
	if err != nil {
		t.Fatal(err)
	}
	if got, want := match.Results[len(match.Results)-1], st.Result(); fmt.Sprint(got) != fmt.Sprint(want) {
		t.Errorf("the replay ends %v, the match ended %v", got, want)
	}
	if len(match.Points) < 7 {
		t.Errorf("a tiebreak of %d points", len(match.Points))
	}
	m, err := NewReplay(context.Background(), match, Options{Renderer: plain()})
	if err != nil {
		t.Fatal(err)
	}
	r := newHarness(t, m)
	r.press("right", "right", "right")
	if m.rp.at != 3 {
		t.Errorf("three steps right: at move %d", m.rp.at)
	}
	r.press("left")
	if m.rp.at != 2 {
		t.Errorf("a step left: at move %d", m.rp.at)
	}
	r.press("]")
	if m.rp.at != match.Points[1] {
		t.Errorf("next point: at move %d, want %d", m.rp.at, match.Points[1])
	}
	r.press("3", "enter")
	if m.rp.at != match.Points[2] {
		t.Errorf("point 3: at move %d, want %d", m.rp.at, match.Points[2])
	}
	r.press("[")
	if m.rp.at != match.Points[1] {
		t.Errorf("previous point from the start of point 3: at move %d, want %d", m.rp.at, match.Points[1])
	}
	r.press("9", "9", "9", "enter")
	if !strings.Contains(m.View(), "There is no point 999") {
		t.Errorf("a point past the end:\n%s", m.View())
	}
	r.press("3", "enter", "right", "right")
	v := m.View()
	checkSize(t, v, 80, 24)
	golden(t, "replay", v)
	// Every hand: both players' cards.
	if !strings.Contains(v, "player 1 (you): │") || !strings.Contains(v, "player 2 (heuristic bot): │") {
		t.Errorf("the replay does not show both hands:\n%s", v)
	}

	var plain bytes.Buffer
	if err := match.WritePlain(&plain); err != nil {
		t.Fatal(err)
	}
	out := plain.String()
	if strings.Count(out, "\nPoint ") != len(match.Points) || !strings.Contains(out, "score: ") || !strings.Contains(out, st.Result().Score) {
		t.Errorf("the printed replay is not point by point with the score:\n%s", out)
	}
	if strings.Contains(out, "chance: draw") {
		t.Errorf("the printed replay names cards dealt without their player:\n%s", out)
	}
	// A bot under its level's name is not named twice ("heuristic bot (heuristic bot)").
	if !strings.Contains(out, "\nplayer 2: heuristic bot\n") {
		t.Errorf("the printed replay's players:\n%.300s", out)
	}
}

// The view a person sees online is the game's own observation, decoded from the wire.
func TestBoardsDecodeTheirObservations(t *testing.T) {
	for _, game := range []string{"centercourt", "pencil", "lmn", "alakaslam", "worldwide"} {
		_, _, s := localMatch(t, game, nil, 1, 0)
		b, _, err := boardOf(game)
		if err != nil {
			t.Fatal(err)
		}
		want, _ := json.Marshal(s.Observe(0))
		v, err := b.Decode(want)
		if err != nil {
			t.Fatalf("%s: %v", game, err)
		}
		got, _ := json.Marshal(v)
		if !bytes.Equal(got, want) {
			t.Errorf("%s: decoding changes the view:\n%s\n%s", game, got, want)
		}
		if _, err := b.Decode([]byte(`{"seat": "x"}`)); err == nil {
			t.Errorf("%s: a malformed view decoded", game)
		}
	}
}

func TestCompactLog(t *testing.T) {
	tests := []struct {
		in, want []string
	}{
		{
			[]string{"you are dealt a 3", "player 2 is dealt a card", "you are dealt a 5", "player 2 is dealt a card"},
			[]string{"you are dealt a 3, 5", "player 2 is dealt a card (x2)"},
		},
		{
			[]string{"you return 1", "you draw a 4", "player 2 returns 2-2", "player 2 draws a card", "player 2 draws a card"},
			[]string{"you return 1", "you draw a 4", "player 2 returns 2-2", "player 2 draws a card (x2)"},
		},
		{[]string{"over"}, []string{"over"}},
		{nil, []string{}},
		{
			[]string{"player 1 draws Hit-3 red", "player 1 draws Hit-3 blue", "player 1 draws Hit-3 blue"},
			[]string{"player 1 draws Hit-3 red", "player 1 draws Hit-3 blue (x2)"},
		},
		{[]string{"player 2 returns 5-5", "player 2 returns 6-6-6"}, []string{"player 2 returns 5-5, 6-6-6"}},
		// Events in between keep the order: the 6 was drawn after the second serve, and the
		// bid of 3 made in the next round.
		{
			[]string{"you draw a 4", "you play a second serve: 4", "you draw a 6"},
			[]string{"you draw a 4", "you play a second serve: 4", "you draw a 6"},
		},
		{
			[]string{"you: bid 5", "round 1: you bid 5, heuristic bot bid 3; ball at -1", "you: bid 3"},
			[]string{"you: bid 5", "round 1: you bid 5, heuristic bot bid 3; ball at -1", "you: bid 3"},
		},
	}
	for _, tt := range tests {
		if got := Compact(tt.in); !slices.Equal(got, tt.want) {
			t.Errorf("Compact(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
}

func TestMoveList(t *testing.T) {
	bids := make([]string, 50)
	for i := range bids {
		bids[i] = fmt.Sprintf("bid %d", i+1)
	}
	tests := []struct {
		in, want []string
	}{
		{bids, []string{"  1-50. bid 1 to 50"}},
		{[]string{"serve 1", "serve 3", "serve 5"}, []string{"   1. serve 1", "   2. serve 3", "   3. serve 5"}},
		{[]string{"concede", "return 2", "return 3", "return 4", "return 5", "return 6-6"}, []string{"   1. concede", "  2-5. return 2 to 5", "   6. return 6-6"}},
		// Numbers that are not the moves' own: "1-4. serve 3 to 6" made typing 3 serve the 5.
		{[]string{"serve 3", "serve 4", "serve 5", "serve 6"}, []string{"   1. serve 3", "   2. serve 4", "   3. serve 5", "   4. serve 6"}},
	}
	for _, tt := range tests {
		if got := MoveList(tt.in); !slices.Equal(got, tt.want) {
			t.Errorf("MoveList(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
}

func TestThirdPerson(t *testing.T) {
	for in, want := range map[string]string{
		"you are dealt a 5":  "player 2 is dealt a 5",
		"you draw Hit-2 red": "player 2 draws Hit-2 red",
		"player 1 serves":    "player 1 serves",
	} {
		if got := thirdPerson(in, "player 2"); got != want {
			t.Errorf("thirdPerson(%q) = %q, want %q", in, got, want)
		}
	}
}

func TestClock(t *testing.T) {
	at := time.Date(2026, 1, 1, 12, 0, 0, 0, time.UTC)
	c := &Clock{Left: []time.Duration{65 * time.Second, 3 * time.Minute}, Running: []engine.Seat{0}, At: at}
	now := at.Add(10 * time.Second)
	for _, tt := range []struct {
		seat engine.Seat
		want string
	}{{0, "0:55"}, {1, "3:00"}} {
		if got := clockText(c.LeftAt(tt.seat, now)); got != tt.want {
			t.Errorf("seat %d: %s, want %s", tt.seat+1, got, tt.want)
		}
	}
	for d, want := range map[time.Duration]string{-time.Second: "0:00", 9 * time.Second: "0:09", 2*time.Hour + 5*time.Minute: "2:05:00", 50 * time.Hour: "2d2h"} {
		if got := clockText(d); got != want {
			t.Errorf("clockText(%v) = %s, want %s", d, got, want)
		}
	}
}

// Words from a server never carry escape sequences to the terminal.
func TestCleanServerText(t *testing.T) {
	if got := clean("Ann\x1b]0;pwned\x07\u009b2J\x9b"); got != "Ann?]0;pwned??2J?" {
		t.Errorf("clean = %q", got)
	}
	got, err := cleanJSON([]byte(`{"phase":"serving\u001b[2J","hand":[1,2],"n":{"s":"\u009b"}}`))
	if err != nil || bytes.ContainsFunc(got, func(r rune) bool { return r == 0x1b || r == 0x9b }) || bytes.Contains(got, []byte(`\u001b`)) || bytes.Contains(got, []byte(`\u009b`)) {
		t.Errorf("cleanJSON = %s, %v", got, err)
	}
	if same, _ := cleanJSON([]byte(`{"a":"plain é"}`)); string(same) != `{"a":"plain é"}` {
		t.Errorf("a clean view changed: %s", same)
	}
}

// Every game and variant plays to its end through the interface, drawn at every turn: the boards
// draw every phase of every game, and the moves panel stays within the screen.
func TestEveryGameToTheEnd(t *testing.T) {
	if testing.Short() {
		t.Skip("plays a whole match of every variant")
	}
	for _, g := range games.All() {
		for _, v := range g.Variants {
			t.Run(g.Name+"/"+v.Name, func(t *testing.T) {
				people := []engine.Seat{0}
				local, _, st := localMatch(t, g.Name, v.Options, 5, people...)
				h := newHarness(t, newModelT(t, local))
				turns := h.playRandomly(rand.New(rand.NewPCG(5, 0)))
				if !st.Result().Over || h.m.Err() != nil {
					t.Fatalf("after %d turns: over %v, %v", turns, st.Result().Over, h.m.Err())
				}
				t.Logf("%d turns, %s", turns, st.Result().Score)
				// A number typed after the end names no move to refuse: the end is said.
				h.press("5")
				if v := h.m.View(); strings.Contains(v, "There is no move") {
					t.Errorf("a number typed after the end:\n%s", v)
				}
			})
		}
	}
}

// A record of a match that ended before its moves played it out (a resignation) replays to its
// result and says why, in the stepping replay and the printed one.
func TestReplayResigned(t *testing.T) {
	g, _ := games.Lookup("centercourt")
	s, opts, err := g.Start(nil)
	if err != nil {
		t.Fatal(err)
	}
	rec := engine.NewRecord(g, opts, []engine.SeatInfo{{Name: "Ann"}, {Name: "Bob", Bot: "heuristic"}})
	rng := rand.New(rand.NewPCG(5, 5))
	for range 40 { // some way into the first game, far from its end
		var a engine.Action
		if s.ToMove() == engine.Chance {
			a = engine.SampleChance(rng, s.Chances(nil))
		} else {
			legal := s.Legal(nil)
			a = legal[rng.IntN(len(legal))]
		}
		if err := rec.Apply(s, a); err != nil {
			t.Fatal(err)
		}
	}
	rec.Ended = "resigned"
	rec.Result = &engine.Result{Over: true, Returns: []float64{-1, 1}, Winner: 1, Score: "1-0"}
	match, err := ReplayRecord(rec)
	if err != nil {
		t.Fatal(err)
	}
	if got := match.Results[len(match.Results)-2]; got.Over {
		t.Fatalf("the match was over before its last move: %+v", got)
	}
	if got := match.Results[len(match.Results)-1]; !got.Over || got.Winner != 1 {
		t.Errorf("the replay ends %+v, want the resignation's result", got)
	}
	var printed bytes.Buffer
	if err := match.WritePlain(&printed); err != nil {
		t.Fatal(err)
	}
	const want = "Player 1 (Ann) resigned. Player 2 (Bob) wins. 1-0"
	if out := printed.String(); !strings.HasSuffix(out, "\n"+want+"\n") {
		t.Errorf("the printed replay ends\n%s\nwant %q", out[max(0, len(out)-200):], want)
	}
	m, err := NewReplay(context.Background(), match, Options{Renderer: plain()})
	if err != nil {
		t.Fatal(err)
	}
	r := newHarness(t, m)
	r.press("end")
	if v := m.View(); !strings.Contains(strings.Join(strings.Fields(v), " "), "resigned") {
		t.Errorf("the replay's last frame does not say the match was resigned:\n%s", v)
	}
}

// A match played here asks before q abandons it (a server's table, which stays open, does not),
// and its help lists no key of a server's table.
func TestLocalQuitAsksFirst(t *testing.T) {
	local, _, _ := localMatch(t, "pencil", engine.Options{"points": "10"}, 3, 0)
	h := newHarness(t, newModelT(t, local))
	h.settle(myTurn)
	// quits reports whether key makes the interface quit.
	quits := func(k tea.KeyMsg) bool {
		_, cmd := h.m.Update(k)
		if cmd == nil {
			return false
		}
		_, ok := cmd().(tea.QuitMsg)
		return ok
	}
	q := tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune{'q'}}
	if quits(q) || !strings.Contains(h.m.View(), "Press q again to abandon this match") {
		t.Fatalf("one q left the match, or said nothing:\n%s", h.m.View())
	}
	if quits(tea.KeyMsg{Type: tea.KeyDown}) {
		t.Fatal("q, then another key, left the match")
	}
	if strings.Contains(h.m.View(), "Press q again") {
		t.Errorf("another key took the question back but it is still asked:\n%s", h.m.View())
	}
	if quits(q) {
		t.Fatal("q, another key, then q left the match")
	}
	if !quits(q) {
		t.Fatal("q twice did not leave the match")
	}
	if !quits(tea.KeyMsg{Type: tea.KeyCtrlC}) {
		t.Fatal("ctrl+c did not leave at once")
	}

	local, _, _ = localMatch(t, "pencil", engine.Options{"points": "10"}, 3, 0)
	h = newHarness(t, newModelT(t, local))
	h.settle(myTurn)
	h.press("?")
	if v := h.m.View(); strings.Contains(v, "resign") || strings.Contains(v, "call off") {
		t.Errorf("the help of a match played here lists a server table's keys:\n%s", v)
	}
}

// A refusal says "player N" as the board does: "you" for the viewer, the seat's name else.
func TestRefusalNamesPlayers(t *testing.T) {
	local, _, _ := localMatch(t, "centercourt", engine.Options{"format": "tiebreak"}, 11, 0)
	m := newModelT(t, local)
	m.frame.Seat = 0
	if got, want := m.named("player 1 is to serve"), "you are to serve"; got != want {
		t.Errorf("named = %q, want %q", got, want)
	}
	if got := m.named("player 2 is to return"); got == "player 2 is to return" || strings.Contains(got, "you") {
		t.Errorf("named for the other seat = %q, want its name", got)
	}
}

// The rules overlay joins a paragraph's lines before wrapping them, and a list item's
// continuation to its item, keeping items, table rows and paragraphs apart.
func TestReflow(t *testing.T) {
	in := "Cards. A deck of 36 cards, and a Service Die with faces 1, 1, 2,\n5, 6, 6. The deck is shuffled.\n\nOptions:\n  - Format: one tiebreak (\"tiebreak\", a quick\n    game), one set.\n  - Refill: the server refills.\n  regular shot   1 defence\n  special shot   2 defences\nlast"
	want := "Cards. A deck of 36 cards, and a Service Die with faces 1, 1, 2, 5, 6, 6. The deck is shuffled.\n\nOptions:\n  - Format: one tiebreak (\"tiebreak\", a quick game), one set.\n  - Refill: the server refills.\n  regular shot   1 defence\n  special shot   2 defences\nlast"
	if got := reflow(in); got != want {
		t.Errorf("reflow:\n%s\nwant:\n%s", got, want)
	}
}

// The beginning of one move's text plays it; the beginning of several says which they are and
// plays nothing.
func TestTypedBeginning(t *testing.T) {
	local, _, _ := localMatch(t, "alakaslam", nil, 1, 0)
	h := newHarness(t, newModelT(t, local))
	h.settle(myTurn)
	h.press("/", "choose s", "enter")
	h.settle(func(m *Model) bool { return !m.busy && m.statusErr })
	if view := h.m.View(); !strings.Contains(view, `"choose s" could be choose simon or choose sarissia`) || len(local.Moves()) != 0 {
		t.Errorf("a beginning of two moves: %d moves played, want 0, and both named:\n%s", len(local.Moves()), view)
	}
	h.press("/", "Choose  WEN", "enter")
	h.settle(func(m *Model) bool { return len(local.Moves()) > 0 })
	if got := local.Moves()[0].Text; got != "choose wendolyn" {
		t.Errorf("\"Choose  WEN\" played %q, want choose wendolyn", got)
	}
}

// A frame with one move plays it for the person after a pause, saying so; an enter pressed
// right after it (meant for it) plays nothing, and once the guard is over enter plays again.
func TestForcedMovePlayedForYou(t *testing.T) {
	local, _, _ := localMatch(t, "centercourt", engine.Options{"format": "tiebreak"}, 9, 0)
	m, err := New(context.Background(), local, Options{Renderer: plain(), Pauses: Pauses{Forced: time.Millisecond, After: time.Hour}})
	if err != nil {
		t.Fatal(err)
	}
	h := newHarness(t, m)
	untilOnlyMove(t, h)
	only, before := m.frame.Legal[0].Text, len(local.Moves())
	// Not pressed: played for the person.
	h.settle(func(m *Model) bool { return len(local.Moves()) > before && m.guarded })
	if got := local.Moves()[before].Text; got != only {
		t.Fatalf("played %q for the person, want the only move %q", got, only)
	}
	if !strings.Contains(m.View(), "Your only move, played for you: "+only) {
		t.Errorf("the move played for the person is not said:\n%s", m.View())
	}
	h.settle(func(m *Model) bool { return myTurn(m) || m.ended })
	if m.ended {
		return
	}
	after := len(local.Moves())
	h.press("enter")
	if len(local.Moves()) != after || m.busy {
		t.Fatalf("an enter right after a move played for the person played %d moves", len(local.Moves())-after)
	}
	h.update(unguardMsg{m.guards - 1}) // an earlier guard's end leaves this one on
	h.press("enter")
	if len(local.Moves()) != after || m.busy {
		t.Fatal("an earlier guard's end ended the guard of the move just played for the person")
	}
	h.update(unguardMsg{m.guards})
	// The guard over, the list waiting is not about the move played for the person.
	if m.frame.Seq != m.forced && strings.Contains(m.View(), "played for you") {
		t.Errorf("the move played for the person is still said over a new list:\n%s", m.View())
	}
	h.press("enter")
	if !m.busy && len(local.Moves()) == after {
		t.Fatal("enter after the guard plays nothing")
	}
	h.settle(func(m *Model) bool { return len(local.Moves()) > after })
}

// "/" and a move read together (typed fast, or pasted) open the move input with the move in
// it; the space inside it does not play the move under the cursor.
func TestSlashAndMoveInOneRead(t *testing.T) {
	local, _, _ := localMatch(t, "pencil", nil, 3, 0)
	h := newHarness(t, newModelT(t, local))
	h.settle(myTurn)
	h.update(tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune("/bid")})
	h.update(tea.KeyMsg{Type: tea.KeySpace, Runes: []rune(" ")})
	h.update(tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune("5")})
	if n := len(local.Moves()); n != 0 || !h.m.typing {
		t.Fatalf("\"/bid 5\" read in pieces: %d moves played, typing %v; want none, the input open", n, h.m.typing)
	}
	h.press("enter")
	h.settle(func(m *Model) bool { return len(local.Moves()) > 0 })
	if got := local.Moves()[0].Text; got != "bid 5" {
		t.Errorf("\"/bid 5\" played %q, want bid 5", got)
	}
}

// sayingLocal is a local table with a chat, recording the lines said (on the goroutine of a
// command, read by the test's).
type sayingLocal struct {
	*Local
	mu   sync.Mutex
	said []string
}

func (s *sayingLocal) Say(_ context.Context, text string) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.said = append(s.said, text)
	return nil
}

func (s *sayingLocal) lines() []string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return slices.Clone(s.said)
}

// movesOf counts the moves of seat in moves.
func movesOf(moves []engine.Move, seat engine.Seat) int {
	n := 0
	for _, m := range moves {
		if m.Seat == seat {
			n++
		}
	}
	return n
}

// A move played for the person while a chat line is being typed leaves the line as it is: it
// is still a chat line, sent by enter, never tried as a move.
func TestForcedMoveKeepsTheChatLine(t *testing.T) {
	local, _, _ := localMatch(t, "centercourt", engine.Options{"format": "tiebreak"}, 9, 0)
	table := &sayingLocal{Local: local}
	m, err := New(context.Background(), table, Options{Renderer: plain(), Pauses: Pauses{Forced: time.Hour, After: time.Millisecond}})
	if err != nil {
		t.Fatal(err)
	}
	h := newHarness(t, m)
	untilOnlyMove(t, h)
	only, before := m.frame.Legal[0].Text, len(local.Moves())
	h.press("t", "well played")
	h.update(forcedMsg{m.frame.Seq})
	h.settle(func(m *Model) bool { return len(local.Moves()) > before })
	if got := local.Moves()[before].Text; got != only {
		t.Fatalf("played %q for the person, want the only move %q", got, only)
	}
	if !m.typing || !m.chatting || m.input.Prompt != "say> " || m.input.Value() != "well played" {
		t.Fatalf("after the move played for the person: typing %v, chatting %v, input %q%q; want the chat line kept",
			m.typing, m.chatting, m.input.Prompt, m.input.Value())
	}
	// The bots and chance play on meanwhile: the person's moves are counted, which only
	// the person plays (no move is played for it again, the pause being an hour).
	mine := movesOf(local.Moves(), 0)
	h.press("enter")
	h.settle(func(m *Model) bool { return len(table.lines()) > 0 })
	if said := table.lines(); said[0] != "well played" || movesOf(local.Moves(), 0) != mine {
		t.Errorf("enter said %q and played %d moves; want the chat line said and no move", said, movesOf(local.Moves(), 0)-mine)
	}
}

// Keys read together ("qq" typed fast, or over a slow link) are each a key: the first q asks,
// the second leaves; "jj" moves the cursor two moves down. A number's digits stay one number.
func TestKeysReadTogether(t *testing.T) {
	local, _, _ := localMatch(t, "centercourt", engine.Options{"format": "tiebreak"}, 9, 0)
	h := newHarness(t, newModelT(t, local))
	h.settle(func(m *Model) bool { return myTurn(m) && len(m.frame.Legal) >= 3 || m.ended })
	if h.m.ended {
		t.Skip("no position with three moves")
	}
	h.update(tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune("jj")})
	if h.m.cursor != 2 {
		t.Errorf("jj left the cursor on move %d, want 3", h.m.cursor+1)
	}
	h.update(tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune("qq")})
	h.settle(func(m *Model) bool { return h.quit })
}

// untilOnlyMove plays the person's first move at each turn until a frame offers one move only.
func untilOnlyMove(t *testing.T, h *harness) {
	t.Helper()
	for range 500 {
		h.settle(func(m *Model) bool { return myTurn(m) || m.ended })
		if h.m.ended {
			t.Fatal("the match ended with no move that was the only one")
		}
		if len(h.m.frame.Legal) == 1 {
			return
		}
		h.press("enter")
		h.settle(func(m *Model) bool { return !m.busy })
	}
	t.Fatal("no move was the only one in 500 moves")
}
