package tui

import (
	"context"
	"errors"
	"fmt"
	"io"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
	"time"

	"deuce/client"
	"deuce/client/clienttest"
	"deuce/engine"
	"deuce/games"
	"deuce/games/centercourt"
	"deuce/games/pencil"
	"deuce/protocol"
)

// A terminal player (client + the interface, driven by its keys) plays a browser player through
// a real server, to the end; the server's record then replays exactly to what both saw.
func TestJoinPlaysABrowserPlayer(t *testing.T) {
	for _, tt := range []struct {
		game    string
		options engine.Options
		variant string
	}{
		{"pencil", engine.Options{"points": "12"}, ""}, // simultaneous secret bids
		{"centercourt", nil, "tiebreak"},
	} {
		t.Run(tt.game, func(t *testing.T) {
			ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
			defer cancel()
			c := clienttest.Start(t).Client // strict: the protocol package must know every field the server sends
			base := c.Server
			created, err := c.Create(ctx, protocol.CreateTable{Game: tt.game, Variant: tt.variant, Options: tt.options,
				Seats: []protocol.SeatRequest{{Name: "Terminal"}, {Name: "Browser"}}})
			if err != nil {
				t.Fatal(err)
			}
			link, err := client.ParseLink(base.String() + created.Seats[0].Invite)
			if err != nil || link.Seat != 1 || link.Token != created.Seats[0].Token {
				t.Fatalf("the invite %q parses as %+v, %v", created.Seats[0].Invite, link, err)
			}

			type result struct {
				last map[string]any
				err  error
			}
			done := make(chan result, 1)
			go func() {
				last, err := clienttest.Browser(ctx, base, created.ID, created.Seats[1].Token)
				done <- result{last, err}
			}()

			conn, err := c.Join(ctx, link.Table, link.Token)
			if err != nil {
				t.Fatal(err)
			}
			defer conn.Close()
			if conn.Welcome.Seat != 0 || conn.Welcome.Table.Seats[1].Name != "Browser" {
				t.Errorf("welcome: %+v", conn.Welcome)
			}
			table, err := NewOnline(conn, base.Host)
			if err != nil {
				t.Fatal(err)
			}
			table.SetHints(func(ctx context.Context) (string, error) { return c.Hint(ctx, created.ID, created.Seats[0].Token) })
			h := newHarness(t, newModelT(t, table))
			moves := 0
			hinted := false
			for {
				h.settle(func(m *Model) bool { return myTurn(m) || over(m) })
				if h.m.ended {
					break
				}
				checkSize(t, h.m.View(), 80, 24)
				if tt.game == "pencil" && moves == 2 && !hinted {
					// Against a person there is no hint, though the terminal could solve the
					// bidding game itself: the server says why.
					hinted = true
					h.press("h")
					h.settle(func(m *Model) bool { return m.overlay == hintOverlay })
					if got := strings.Join(h.m.overlayText, " "); !strings.Contains(got, "No hint here: hints are offered only at tables against bots") || strings.Contains(got, "bid") {
						t.Errorf("the hint against a person reads %q, want the server's refusal", got)
					}
					h.press("esc")
				}
				// Alternate the ways of choosing: the last move by the arrows, the first by its number.
				if moves%2 == 0 {
					h.press("1", "enter")
				} else {
					for range len(h.m.frame.Legal) - 1 {
						h.press("down")
					}
					h.press("enter")
				}
				moves++
				h.settle(func(m *Model) bool { return m.ended || !m.busy })
				if h.m.statusErr && !h.m.ended {
					t.Fatalf("a move was refused: %s", h.m.status)
				}
			}
			if err := h.m.Err(); err != nil {
				t.Fatalf("the table stopped: %v", err)
			}
			if tt.game == "pencil" && !hinted {
				t.Error("the match ended before the hint was asked")
			}
			br := <-done
			if br.err != nil {
				t.Fatalf("browser: %v", br.err)
			}
			final := h.m.frame
			if !final.Result.Over || moves == 0 {
				t.Fatalf("the match did not end (%d moves): %+v", moves, final.Result)
			}

			rec, err := c.Record(ctx, created.ID)
			if err != nil {
				t.Fatal(err)
			}
			g, _ := games.Lookup(tt.game)
			st, err := engine.Replay(g, rec, nil)
			if err != nil {
				t.Fatalf("the record does not replay: %v", err)
			}
			if got, want := fmt.Sprint(st.Result()), fmt.Sprint(final.Result); got != want {
				t.Errorf("the record replays to %s, the terminal saw %s", got, want)
			}
			for seat, view := range map[engine.Seat]any{0: final.View, 1: br.last["view"]} {
				got, want := clienttest.Canonical(t, st.Observe(seat)), clienttest.Canonical(t, view)
				if string(got) != string(want) {
					t.Errorf("seat %d: the replayed view differs from the last one seen:\n%s\n%s", seat+1, got, want)
				}
			}
			played := 0
			for _, mv := range rec.Moves {
				if mv.Seat == 0 {
					played++
				}
			}
			if played != moves {
				t.Errorf("the record holds %d moves of the terminal player, it played %d", played, moves)
			}
			match, err := ReplayRecord(rec)
			if err != nil {
				t.Fatal(err)
			}
			if !strings.Contains(match.Names[1], "Browser") {
				t.Errorf("replay names: %q", match.Names)
			}
		})
	}
}

// A spectator sees the match without any hand and cannot move; a wrong token is refused.
func TestWatchAndBadToken(t *testing.T) {
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	c := clienttest.Start(t).Client
	base := c.Server
	created, err := c.Create(ctx, protocol.CreateTable{Game: "centercourt", Variant: "tiebreak",
		Seats: []protocol.SeatRequest{{Bot: "random"}, {Bot: "random"}}})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := c.Join(ctx, created.ID, "not-a-token"); err == nil {
		t.Error("a wrong token was welcomed")
	} else {
		var se *protocol.ServerError
		if !errors.As(err, &se) || se.Code != protocol.CodeBadToken {
			t.Errorf("a wrong token: %v, want %s", err, protocol.CodeBadToken)
		}
	}
	conn, err := c.Join(ctx, created.ID, "")
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	table, err := NewOnline(conn, base.Host)
	if err != nil {
		t.Fatal(err)
	}
	h := newHarness(t, newModelT(t, table))
	h.settle(func(m *Model) bool { return m.have })
	if h.m.frame.Seat != engine.Spectator || len(h.m.frame.Legal) != 0 {
		t.Errorf("a spectator's frame: seat %d, %d moves", h.m.frame.Seat, len(h.m.frame.Legal))
	}
	if v, ok := h.m.frame.View.(*centercourt.Observation); !ok || v.Hand != nil || strings.Contains(h.m.View(), "╭─╮") {
		t.Errorf("a spectator is shown a hand:\n%s", h.m.View())
	}
	h.press("enter")
	if !strings.Contains(h.m.View(), "You are watching") && !h.m.frame.Result.Over {
		t.Errorf("a spectator pressing enter:\n%s", h.m.View())
	}
	h.settle(over)
	if err := h.m.Err(); err != nil {
		t.Fatal(err)
	}
	if v := h.m.View(); !strings.Contains(v, "wins") {
		t.Errorf("the end of a watched match:\n%s", v)
	}
	_, err = conn.Next(ctx)
	if !errors.Is(err, io.EOF) && err == nil {
		t.Errorf("after the end: %v", err)
	}
}

func TestParseLink(t *testing.T) {
	for _, tt := range []struct {
		in    string
		table string
		seat  int
		ok    bool
	}{
		{"http://127.0.0.1:8080/t/abc123#seat=2&token=XYZ", "abc123", 2, true},
		{"127.0.0.1:8080/t/abc123", "abc123", 0, true},
		{"https://deuce.example/r/abc123", "abc123", 0, true},
		{"http://h/t/abc123#seat=2", "", 0, false},
		{"http://h/t/abc123#token=x", "", 0, false},
		{"http://h/t/../../etc", "", 0, false},
		{"http://h/api/tables", "", 0, false},
		{"ftp://h/t/abc", "", 0, false},
		{"", "", 0, false},
		{"http://h/t/abc#seat=0&token=x", "", 0, false},
	} {
		l, err := client.ParseLink(tt.in)
		if (err == nil) != tt.ok || err == nil && (l.Table != tt.table || l.Seat != tt.seat) {
			t.Errorf("ParseLink(%q) = %+v, %v", tt.in, l, err)
		}
	}
}

// Resigning takes two presses of R; the match then ends, lost, for everyone at the table.
func TestResignOnline(t *testing.T) {
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	c := clienttest.Start(t).Client
	created, err := c.Create(ctx, protocol.CreateTable{Game: "pencil", Seats: []protocol.SeatRequest{{Name: "Ann"}, {Name: "Bob"}}})
	if err != nil {
		t.Fatal(err)
	}
	bob, err := c.Join(ctx, created.ID, created.Seats[1].Token)
	if err != nil {
		t.Fatal(err)
	}
	defer bob.Close()
	// Bob's first update says his connection follows the match: a table that ends between a
	// connection's welcome and its subscription is shown to it as loaded before the end.
	if _, err := bob.Next(ctx); err != nil {
		t.Fatal(err)
	}
	h := joinScreen(ctx, t, c, created.ID, created.Seats[0].Token)
	h.settle(myTurn)
	h.press("R")
	if !strings.Contains(h.m.View(), "Press R again") {
		t.Fatalf("one R:\n%s", h.m.View())
	}
	h.press("x")
	h.press("R", "R")
	h.settle(over)
	f := h.m.frame
	if !f.Result.Over || f.Result.Winner != 1 || f.Ended != "resigned" {
		t.Errorf("after resigning: %+v, ended %q", f.Result, f.Ended)
	}
	if v := strings.Join(strings.Fields(h.m.View()), " "); !strings.Contains(v, "You resigned. Bob wins.") {
		t.Errorf("the end does not say who resigned and who won:\n%s", h.m.View())
	}
	var last protocol.Update
	for {
		u, err := bob.Next(ctx)
		if err != nil {
			if !errors.Is(err, io.EOF) {
				t.Errorf("Bob's connection: %v", err)
			}
			break
		}
		last = u
	}
	if !last.Result.Over || last.Ended != "resigned" {
		t.Errorf("Bob's last update: %+v, ended %q", last.Result, last.Ended)
	}
}

// localHint is the hint of a local bidding game brought to the position of view by its rounds.
func localHint(t *testing.T, opts engine.Options, view *pencil.Observation) string {
	t.Helper()
	g, _ := games.Lookup("pencil")
	s, _, err := g.Start(opts)
	if err != nil {
		t.Fatal(err)
	}
	for _, r := range view.Rounds {
		for _, seat := range []int{0, 1} {
			a, err := s.ParseAction(fmt.Sprintf("bid %d", r.Bids[seat]))
			if err != nil || s.Apply(a) != nil {
				t.Fatalf("round %+v: %v", r, err)
			}
		}
	}
	hint, _ := games.Hint(g, s, 0)
	return hint
}

// Every game plays to its end online against the server's bots: every game's view decodes from
// the wire and draws within 80x24.
func TestJoinEveryGame(t *testing.T) {
	c := clienttest.Start(t).Client
	for _, g := range games.All() {
		t.Run(g.Name, func(t *testing.T) {
			ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
			defer cancel()
			s, _, err := g.Start(nil)
			if err != nil {
				t.Fatal(err)
			}
			seats := []protocol.SeatRequest{{Name: "Terminal"}}
			for range s.NumSeats() - 1 {
				seats = append(seats, protocol.SeatRequest{Bot: "random"})
			}
			created, err := c.Create(ctx, protocol.CreateTable{Game: g.Name, Seats: seats})
			if err != nil {
				t.Fatal(err)
			}
			h := joinScreen(ctx, t, c, created.ID, created.Seats[0].Token)
			h.playRandomly(rand.New(rand.NewPCG(3, 0)))
			if err := h.m.Err(); err != nil || !h.m.frame.Result.Over {
				t.Fatalf("the match did not end: %v", err)
			}
		})
	}
}

// joinScreen joins a table's seat (or watches, with token "") with the interface.
func joinScreen(ctx context.Context, t *testing.T, c *client.Client, table, token string) *harness {
	t.Helper()
	conn, err := c.Join(ctx, table, token)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { conn.Close() })
	online, err := NewOnline(conn, c.Server.Host)
	if err != nil {
		t.Fatal(err)
	}
	return newHarness(t, newModelT(t, online))
}

// reconnectingScreen is joinScreen with the table joined again whenever its connection breaks,
// promptly.
func reconnectingScreen(ctx context.Context, t *testing.T, c *client.Client, table, token string) *harness {
	t.Helper()
	conn, err := c.Join(ctx, table, token)
	if err != nil {
		t.Fatal(err)
	}
	online, err := NewOnline(conn, c.Server.Host)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { online.Close() })
	online.Reconnect(func(ctx context.Context) (*client.Conn, error) { return c.Join(ctx, table, token) })
	online.retry = 10 * time.Millisecond
	return newHarness(t, newModelT(t, online))
}

// At a table against bots, h asks the server for the hard bot's advice, or the bidding game's
// optimal strategy (the one a local table of the position gives); at a table with another person
// the server refuses, and the screen says why.
func TestOnlineHint(t *testing.T) {
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	c := clienttest.Start(t).Client
	pencilStart := localHint(t, nil, &pencil.Observation{})
	if !strings.Contains(pencilStart, "bid") {
		t.Fatalf("the bidding game's hint at the start %q names no bid", pencilStart)
	}
	for _, tt := range []struct {
		game, variant string
		seats         []protocol.SeatRequest
		want          string
	}{
		{"centercourt", "tiebreak", []protocol.SeatRequest{{Name: "Ann"}, {Bot: "heuristic"}}, "The hard bot would choose"},
		{"centercourt", "tiebreak", []protocol.SeatRequest{{Name: "Ann"}, {Name: "Bob"}}, "No hint here: hints are offered only at tables against bots"},
		{"pencil", "", []protocol.SeatRequest{{Name: "Ann"}, {Bot: "heuristic"}}, pencilStart},
		{"pencil", "", []protocol.SeatRequest{{Name: "Ann"}, {Name: "Bob"}}, "No hint here: hints are offered only at tables against bots"},
	} {
		created, err := c.Create(ctx, protocol.CreateTable{Game: tt.game, Variant: tt.variant, Seats: tt.seats})
		if err != nil {
			t.Fatal(err)
		}
		conn, err := c.Join(ctx, created.ID, created.Seats[0].Token)
		if err != nil {
			t.Fatal(err)
		}
		online, err := NewOnline(conn, c.Server.Host)
		if err != nil {
			t.Fatal(err)
		}
		id, token := created.ID, created.Seats[0].Token
		online.SetHints(func(ctx context.Context) (string, error) { return c.Hint(ctx, id, token) })
		h := newHarness(t, newModelT(t, online))
		h.settle(myTurn)
		h.press("h")
		h.settle(func(m *Model) bool { return m.overlay == hintOverlay })
		squash := func(s string) string { return strings.Join(strings.Fields(s), "") }
		if got := strings.Join(h.m.overlayText, " "); !strings.Contains(squash(got), squash(tt.want)) {
			t.Errorf("%s, seats %v: the hint reads %q, want %q", tt.game, tt.seats, got, tt.want)
		}
		conn.Close()
	}
}

// A server restart in the middle of a match loses nothing: the terminal joins its seat again
// and plays on to the end, and the record replays.
func TestReconnectAfterRestart(t *testing.T) {
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	srv := clienttest.Start(t)
	c := srv.Client
	created, err := c.Create(ctx, protocol.CreateTable{Game: "centercourt", Variant: "tiebreak",
		Seats: []protocol.SeatRequest{{Name: "Terminal"}, {Bot: "heuristic"}}})
	if err != nil {
		t.Fatal(err)
	}
	h := reconnectingScreen(ctx, t, c, created.ID, created.Seats[0].Token)
	h.settle(myTurn)
	h.press("enter")
	h.settle(func(m *Model) bool { return !m.busy })
	before := h.m.frame.Seq

	srv.Restart()
	h.settle(func(m *Model) bool { return strings.Contains(m.status, "reconnecting") })
	h.settle(func(m *Model) bool { return m.frame.Fresh })
	if h.m.frame.Seq < before {
		t.Errorf("after the restart the table is at move %d, before it was at %d", h.m.frame.Seq, before)
	}
	h.playRandomly(rand.New(rand.NewPCG(8, 0)))
	if err := h.m.Err(); err != nil || !h.m.frame.Result.Over {
		t.Fatalf("after the restart the match did not end: %v", err)
	}
	rec, err := c.Record(ctx, created.ID)
	if err != nil {
		t.Fatal(err)
	}
	g, _ := games.Lookup("centercourt")
	st, err := engine.Replay(g, rec, nil)
	if err != nil || st.Result().Score != h.m.frame.Result.Score {
		t.Errorf("the record replays to %v (%v), the terminal saw %q", st.Result(), err, h.m.frame.Result.Score)
	}
}

// annScreen creates a bidding-game table of Ann and Bob, with clock ("" for none), and opens
// Ann's seat in the interface; the context ends with the test, a minute at most.
func annScreen(t *testing.T, clock string) (context.Context, *client.Client, protocol.Created, *harness) {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	t.Cleanup(cancel)
	c := clienttest.Start(t).Client
	created, err := c.Create(ctx, protocol.CreateTable{Game: "pencil", Clock: clock, Seats: []protocol.SeatRequest{{Name: "Ann"}, {Name: "Bob"}}})
	if err != nil {
		t.Fatal(err)
	}
	return ctx, c, created, joinScreen(ctx, t, c, created.ID, created.Seats[0].Token)
}

// TestCancelOnline calls off, from the terminal, a table the other player never joined: C ends
// it without a result and the screen says so.
func TestCancelOnline(t *testing.T) {
	_, _, _, h := annScreen(t, "")
	h.settle(myTurn)
	h.press("C")
	if !strings.Contains(h.m.View(), "Press C again") {
		t.Fatalf("one C:\n%s", h.m.View())
	}
	h.press("x")
	h.press("C", "C")
	h.settle(over)
	if f := h.m.frame; f.Result.Winner != engine.Nobody || len(f.Result.Returns) != 0 || f.Ended != "cancelled" {
		t.Errorf("after calling the table off: %+v, ended %q", f.Result, f.Ended)
	}
	if v := strings.Join(strings.Fields(h.m.View()), " "); !strings.Contains(v, "The table was called off before every player came.") {
		t.Errorf("the end does not say the table was called off:\n%s", h.m.View())
	}
}

// A spectator whose connection broke is told so, and no longer once it is open again: a
// watcher is offered no moves, which used to be what cleared the status.
func TestWatcherReconnects(t *testing.T) {
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	srv := clienttest.Start(t)
	c := srv.Client
	created, err := c.Create(ctx, protocol.CreateTable{Game: "pencil", Seats: []protocol.SeatRequest{{Name: "Ann"}, {Name: "Bob"}}})
	if err != nil {
		t.Fatal(err)
	}
	h := reconnectingScreen(ctx, t, c, created.ID, "")
	h.settle(func(m *Model) bool { return m.have })
	srv.Restart()
	h.settle(func(m *Model) bool { return strings.Contains(m.status, "reconnecting") })
	h.settle(func(m *Model) bool { return m.frame.Fresh })
	if strings.Contains(h.m.View(), "reconnecting") {
		t.Errorf("the watcher still says it is reconnecting:\n%s", h.m.View())
	}
}

// Once every player has come, C says at once that the table can no longer be called off,
// rather than ask first and be refused.
func TestCancelTooLate(t *testing.T) {
	ctx, c, created, h := annScreen(t, "")
	bob, err := c.Join(ctx, created.ID, created.Seats[1].Token)
	if err != nil {
		t.Fatal(err)
	}
	defer bob.Close()
	h.settle(func(m *Model) bool { return myTurn(m) && !m.frame.Open })
	h.press("C")
	if v := strings.Join(strings.Fields(h.m.View()), " "); !strings.Contains(v, "can no longer be called off") || strings.Contains(v, "Press C again") {
		t.Errorf("C at a table every player has come to:\n%s", h.m.View())
	}
}

// At a timed table still waiting for its other player the terminal offers no move and says why;
// once the other player comes the clocks start and the moves are offered.
func TestTimedTableWaitsOnline(t *testing.T) {
	ctx, c, created, h := annScreen(t, "5+3")
	h.settle(func(m *Model) bool { return m.have })
	if v := strings.Join(strings.Fields(h.m.View()), " "); len(h.m.frame.Legal) != 0 || !strings.Contains(v, "the clocks and the first move wait too") {
		t.Fatalf("a timed table waiting for Bob offers %d moves:\n%s", len(h.m.frame.Legal), h.m.View())
	}
	if got := h.m.waitingText(); got != "You move first once every player has come: the clocks start together." {
		t.Errorf("the waiting text at a timed table waiting for Bob: %q", got)
	}
	bob, err := c.Join(ctx, created.ID, created.Seats[1].Token)
	if err != nil {
		t.Fatal(err)
	}
	defer bob.Close()
	h.settle(myTurn)
}

// The full-screen table shows the players' chat in the log pane, in its place, and t writes a
// line in it.
func TestChatOnline(t *testing.T) {
	ctx, c, created, h := annScreen(t, "")
	h.settle(myTurn)
	bob, err := c.Join(ctx, created.ID, created.Seats[1].Token)
	if err != nil {
		t.Fatal(err)
	}
	defer bob.Close()
	if err := bob.Say(ctx, "good luck"); err != nil {
		t.Fatal(err)
	}
	h.settle(func(m *Model) bool {
		return strings.Contains(strings.Join(m.logLines(), "\n"), "[chat] Bob: good luck")
	})
	// A line that comes while the status says something keeps it: only chat came.
	h.press("9", "9", "enter")
	refused := h.m.status
	if !h.m.statusErr || refused == "" {
		t.Fatalf("move 99 refused with status %q", refused)
	}
	if err := bob.Say(ctx, "take your time"); err != nil {
		t.Fatal(err)
	}
	h.settle(func(m *Model) bool {
		return strings.Contains(strings.Join(m.logLines(), "\n"), "[chat] Bob: take your time")
	})
	if h.m.status != refused {
		t.Errorf("a chat line wiped the status %q: now %q", refused, h.m.status)
	}
	if v := h.m.View(); !strings.Contains(v, "[chat] Bob: good luck") {
		t.Errorf("the log pane lacks Bob's line:\n%s", v)
	}
	h.press("t")
	if v := h.m.View(); !strings.Contains(v, "say>") {
		t.Fatalf("t opens no chat input:\n%s", v)
	}
	h.press("thanks", "enter")
	h.settle(func(m *Model) bool { return strings.Contains(strings.Join(m.logLines(), "\n"), "[chat] you: thanks") })
	for {
		if _, err := bob.Next(ctx); err != nil {
			t.Fatal(err)
		}
		if lines := bob.TakeChat(); len(lines) > 0 && lines[len(lines)-1].Text == "thanks" && lines[len(lines)-1].Name == "Ann" {
			break
		}
	}
	// The input is the moves' again.
	if h.m.chatting || h.m.input.Prompt != "move> " {
		t.Errorf("after the line: chatting %v, prompt %q", h.m.chatting, h.m.input.Prompt)
	}
}

// A connection opened again is sent the room's last chat lines: those shown already are not
// shown twice, and a new line, even one written in the same millisecond, is.
func TestChatHistoryShownOnce(t *testing.T) {
	var o Online
	at := time.Date(2026, 5, 1, 18, 0, 0, 0, time.UTC)
	line := func(name, text string, at time.Time) protocol.ChatLine {
		return protocol.ChatLine{Type: protocol.TypeChat, Room: "players", Name: name, Text: text, At: at}
	}
	first := []protocol.ChatLine{line("Ann", "hi", at), line("Bob", "good luck", at.Add(time.Second)), line("Ann", "thanks", at.Add(time.Second))}
	for _, l := range first {
		if !o.unseen(l) {
			t.Fatalf("%+v new, reported seen", l)
		}
	}
	again := append(slices.Clone(first), line("Bob", "your serve", at.Add(time.Second)), line("Ann", "ok", at.Add(2*time.Second)))
	var shown []string
	for _, l := range again {
		if o.unseen(l) {
			shown = append(shown, l.Text)
		}
	}
	if !slices.Equal(shown, []string{"your serve", "ok"}) {
		t.Errorf("after a reconnection the history shows %q, want only the new lines", shown)
	}
}
