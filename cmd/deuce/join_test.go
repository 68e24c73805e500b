package main

import (
	"bufio"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"deuce/client"
	"deuce/client/clienttest"
	"deuce/engine"
	"deuce/games"
	"deuce/protocol"
	"deuce/store"
	"deuce/tui"
	"deuce/web"
)

// `deuce join --plain` plays a seat of a real server's table from its seat link against another
// client, to the end, and saves a record that replays to the server's result.
func TestJoinPlain(t *testing.T) {
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	c := clienttest.Start(t).Client
	base := c.Server
	created := pencilTable(ctx, t, c, "8")

	// The other seat bids 1 whenever it may.
	other := make(chan error, 1)
	go func() { other <- playFirst(ctx, c, created.ID, created.Seats[1].Token) }()

	recPath := filepath.Join(t.TempDir(), "joined.json")
	link := base.String() + created.Seats[0].Invite
	// A typo and an out-of-range number first: both are refused and the seat is asked again.
	// The beginning of several moves is answered with them.
	input := "smash\n99\nbid\nbid 99\n" + strings.Repeat("2\n", 200)
	out, _, err := deuce(t, input, "join", "--plain", "--record", recPath, link)
	if err != nil {
		t.Fatalf("join: %v\n%s", err, out)
	}
	if err := <-other; err != nil {
		t.Fatalf("the other seat: %v\n%s", err, out)
	}
	for _, want := range []string{"Your moves:", "There is no move 99", `"bid" could be bid 1, bid 2,`, "Match over", "Match record: " + recPath} {
		if !strings.Contains(out, want) {
			t.Errorf("join output lacks %q:\n%s", want, out)
		}
	}
	// A move the table refuses is quoted as typed, and the seat is asked again under the board
	// already printed, not shown the board again.
	refused := strings.Index(out, `"bid 99" is not a move you can play now: `)
	if refused < 0 {
		t.Errorf("join output lacks the refusal of bid 99:\n%s", out)
	} else if after := out[refused:]; strings.Count(out[:refused], "Your moves:") != 1 || strings.Index(after, "Your moves:") < strings.Index(after, "you: bid") {
		t.Errorf("after the refusal:\n%s", out[:min(len(out), refused+400)])
	}
	rec := readRecordFile(t, recPath)
	st, err := engine.Replay(pencilGame(), rec, nil)
	if err != nil {
		t.Fatal(err)
	}
	table, err := c.Table(ctx, created.ID)
	if err != nil {
		t.Fatal(err)
	}
	names := func(s engine.Seat) string { return []string{"you", "Other"}[s] }
	if table.Result == nil || st.Result().Score != table.Result.Score || !strings.Contains(out, "Match over. "+tui.EndText(st.Result(), "", 0, names)) {
		t.Errorf("the saved record replays to %q, the server says %+v", st.Result().Score, table.Result)
	}
	// The finished table replays from its address too, point by point.
	printed, _, err := deuce(t, "", "replay", "--plain", base.String()+"/r/"+created.ID)
	if err != nil || !strings.Contains(printed, "Round 1 (moves 1-2)") || !strings.Contains(printed, "(Terminal) wins. Ball beyond player 2 (Other)'s field") {
		t.Errorf("replay of the table's address: %v\n%s", err, printed)
	}
	// Typed without its scheme, as login and join take it, the address is http on this machine.
	bare, _, err := deuce(t, "", "replay", "--plain", base.Host+"/r/"+created.ID)
	if err != nil || bare != printed {
		t.Errorf("replay of the address without http://: %v\n%s", err, bare)
	}
	// And it is analysed from its address, as from a file.
	analysed, _, err := deuce(t, "", "analyze", "--quiet", base.String()+"/t/"+created.ID)
	if err != nil || !strings.Contains(analysed, "1. Terminal") || !strings.Contains(analysed, "2. Other") {
		t.Errorf("analyze of the table's address: %v\n%s", err, analysed)
	}
	for _, m := range rec.Moves {
		if m.Seat == 0 && m.Text != "bid 2" {
			t.Errorf("the terminal seat played %q, it chose bid 2 every time", m.Text)
		}
	}
	// Opened again once over, the table writes no second record: replay fetches it.
	again := filepath.Join(t.TempDir(), "again.json")
	out, _, err = deuce(t, "", "join", "--plain", "--record", again, link)
	if err != nil || !strings.Contains(out, "This table ended before you opened it: deuce replay") {
		t.Errorf("join of a finished table: %v\n%s", err, out)
	}
	if _, err := os.Stat(again); !os.IsNotExist(err) {
		t.Errorf("join of a finished table wrote a record (%v)", err)
	}
}

// `deuce join --plain`, answered as a person would (move 1 every time), plays a whole match
// through a real server against a seat played the way the browser plays it (web/PROTOCOL.md:
// raw JSON, hello with the seat token, then a move answering each update). The record the
// server keeps, the one it serves and the one join saves are the same, and replaying it through
// the engine gives the final views, result and score the players and the server were shown.
func TestJoinCommandAgainstBrowserProtocol(t *testing.T) {
	for _, tt := range []struct {
		game    string
		variant string
		options engine.Options
	}{
		{"centercourt", "tiebreak", nil},              // chance outcomes and hidden hands
		{"pencil", "", engine.Options{"points": "6"}}, // simultaneous secret bids
	} {
		t.Run(tt.game, func(t *testing.T) {
			ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
			defer cancel()
			srv := clienttest.Start(t)
			c := srv.Client
			created, err := c.Create(ctx, protocol.CreateTable{Game: tt.game, Variant: tt.variant, Options: tt.options,
				Seats: []protocol.SeatRequest{{Name: "Terminal"}, {Name: "Browser"}}})
			if err != nil {
				t.Fatal(err)
			}
			type seen struct {
				last map[string]any
				err  error
			}
			browser := make(chan seen, 1)
			go func() {
				last, err := clienttest.Browser(ctx, c.Server, created.ID, created.Seats[1].Token)
				browser <- seen{last, err}
			}()

			recPath := filepath.Join(t.TempDir(), "joined.json")
			out, _, err := deuce(t, strings.Repeat("1\n", 5000), "join", "--plain", "--record", recPath, c.Server.String()+created.Seats[0].Invite)
			if err != nil {
				t.Fatalf("join: %v\n%s", err, out)
			}
			br := <-browser
			if br.err != nil {
				t.Fatalf("the browser seat: %v", br.err)
			}

			// One record: kept in the store, served over HTTP, saved by join. The seed the
			// server drew chance from stays on the server.
			stored, err := srv.Store().Get(ctx, created.ID)
			if err != nil {
				t.Fatal(err)
			}
			if stored.Status != store.Finished || stored.Ended != "" || stored.Result == nil {
				t.Fatalf("the stored table: %s, ended %q, result %v; want finished, played out", stored.Status, stored.Ended, stored.Result)
			}
			kept := stored.Record()
			kept.Seed = 0
			served, err := c.Record(ctx, created.ID)
			if err != nil {
				t.Fatal(err)
			}
			saved := readRecordFile(t, recPath)
			for name, rec := range map[string]*engine.Record{"served": served, "saved by join": saved} {
				if got, want := clienttest.Canonical(t, rec), clienttest.Canonical(t, kept); got != want {
					i := 0
					for i < len(got) && i < len(want) && got[i] == want[i] {
						i++
					}
					t.Errorf("the record %s differs from the stored one at character %d:\n…%s\n…%s", name, i, got[i:min(len(got), i+300)], want[i:min(len(want), i+300)])
				}
			}

			// The record replays, every person's move the first listed, as both chose.
			g, _ := games.Lookup(tt.game)
			terminalMoves, forcedMoves := 0, 0
			st, err := engine.Replay(g, saved, func(i int, s engine.State) {
				if i == len(saved.Moves) || saved.Moves[i].Seat == engine.Chance {
					return
				}
				m := saved.Moves[i]
				if m.Seat == 0 {
					terminalMoves++
					if len(s.Legal(nil)) == 1 {
						forcedMoves++
					}
				}
				if first := s.Legal(nil)[0]; m.Action != first {
					t.Errorf("move %d: seat %d played %s, not the first listed move %s", i+1, m.Seat+1, m.Text, s.ActionString(first))
				}
			})
			if err != nil {
				t.Fatalf("the record does not replay: %v", err)
			}
			if st.ToMove() != engine.Nobody || terminalMoves == 0 {
				t.Fatalf("the replayed match is not over (%v to move) or the terminal never moved (%d moves)", st.ToMove(), terminalMoves)
			}
			// Each move asked for, but those with no choice, played for the seat.
			if asked, forced := strings.Count(out, "your move> "), strings.Count(out, "Your only move, played for you: "); asked != terminalMoves-forcedMoves || forced != forcedMoves {
				t.Errorf("join asked for %d moves and played %d for the seat; the record holds %d of the terminal seat, %d of them its only move", asked, forced, terminalMoves, forcedMoves)
			}

			// The replayed end is what everybody was shown.
			res := clienttest.Canonical(t, st.Result())
			table, err := c.Table(ctx, created.ID)
			if err != nil {
				t.Fatal(err)
			}
			for who, got := range map[string]any{"the store": stored.Result, "the record": saved.Result, "the table summary": table.Result, "the browser's last update": br.last["result"]} {
				if got := clienttest.Canonical(t, got); got != res {
					t.Errorf("%s has the result %s, the replay %s", who, got, res)
				}
			}
			if got, want := clienttest.Canonical(t, br.last["view"]), clienttest.Canonical(t, st.Observe(1)); got != want {
				t.Errorf("the browser's last view differs from the replayed one:\n%s\n%s", got, want)
			}
			names := []string{"you", "Browser"}
			view := tui.BoardWithNames(fmt.Sprint(st.Observe(0)), names, 0)
			said := tui.EndText(st.Result(), "", 0, func(s engine.Seat) string { return names[s] })
			if end := fmt.Sprintf("\n%s\nMatch over. %s\n", view, said); !strings.Contains(out, end) {
				t.Errorf("join did not end on the replayed view and score:%s\njoin printed:\n%s", end, out[max(0, len(out)-2000):])
			}
			var frame struct {
				At     int               `json:"at"`
				Views  []json.RawMessage `json:"views"`
				Result engine.Result     `json:"result"`
			}
			if err := getJSON(ctx, fmt.Sprintf("%s/api/tables/%s/replay?at=%d", c.Server, created.ID, len(saved.Moves)), &frame); err != nil {
				t.Fatal(err)
			}
			if frame.At != len(saved.Moves) || len(frame.Views) != st.NumSeats() || clienttest.Canonical(t, frame.Result) != res {
				t.Fatalf("the server's replay of the end: at %d of %d, %d views, result %+v", frame.At, len(saved.Moves), len(frame.Views), frame.Result)
			}
			for seat, view := range frame.Views {
				if got, want := clienttest.Canonical(t, view), clienttest.Canonical(t, st.Observe(engine.Seat(seat))); got != want {
					t.Errorf("seat %d: the server's replay ends on\n%s\nthe engine's on\n%s", seat+1, got, want)
				}
			}
		})
	}
}

// getJSON decodes the answer to a GET of url into v.
func getJSON(ctx context.Context, url string, v any) error {
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, url, nil)
	if err != nil {
		return err
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		return err
	}
	defer resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		return fmt.Errorf("GET %s: %s", url, resp.Status)
	}
	return json.NewDecoder(resp.Body).Decode(v)
}

func TestJoinWatchUsage(t *testing.T) {
	for _, tt := range []struct {
		args []string
		want string
	}{
		{[]string{"join"}, "one link"},
		{[]string{"join", "http://127.0.0.1:1/api/x"}, "not a table's address"},
		{[]string{"watch", "ftp://x/t/abc"}, "http or https"},
	} {
		_, _, err := deuce(t, "", tt.args...)
		var u usageError
		if !errors.As(err, &u) || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("deuce %q: %v, want a usage error about %q", tt.args, err, tt.want)
		}
	}
	// A server that is not there is an error a person can act on, not a hang.
	_, _, err := deuce(t, "", "watch", "http://127.0.0.1:1/t/abc")
	if err == nil || !strings.Contains(err.Error(), "127.0.0.1:1") {
		t.Errorf("watching a missing server: %v", err)
	}
	// A table's address is not a seat link: deuce says how to watch or join it, and only
	// suggests watching a table that is there.
	ctx := context.Background()
	c := clienttest.Start(t).Client
	created := pencilTable(ctx, t, c, "5")
	_, _, err = deuce(t, "", "join", c.Server.String()+"/t/"+created.ID)
	var u usageError
	if !errors.As(err, &u) || !strings.Contains(err.Error(), "not a seat link") || !strings.Contains(err.Error(), "deuce watch") {
		t.Errorf("joining by a table's address: %v, want a usage error that suggests watching", err)
	}
	_, _, err = deuce(t, "", "join", c.Server.String()+"/t/nosuchtable00000")
	if err == nil || errors.As(err, &u) || !strings.Contains(err.Error(), "there is no table nosuchtable00000 on "+c.Server.String()) {
		t.Errorf("joining a table that is not there: %v, want it to name the table missing", err)
	}
}

// `deuce join --rematches 1` plays a match, offers a rematch, which the other seat accepts by
// asking for it too (either may be first), and plays it: two matches, two records, the seats
// moved round.
func TestJoinRematch(t *testing.T) {
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	c := clienttest.Start(t).Client
	created := pencilTable(ctx, t, c, "5")
	// The other seat plays the match, asks for the rematch and plays it.
	other := make(chan error, 1)
	next := make(chan string, 1)
	go func() {
		token := created.Seats[1].Token
		if err := playFirst(ctx, c, created.ID, token); err != nil {
			other <- err
			return
		}
		id, err := c.Rematch(ctx, created.ID, token)
		if err != nil {
			other <- err
			return
		}
		next <- id
		other <- playFirst(ctx, c, id, token)
	}()
	dir := t.TempDir()
	t.Setenv("DEUCE_DATA", dir)
	out, _, err := deuce(t, strings.Repeat("1\n", 400), "join", "--plain", "--rematches", "1", c.Server.String()+created.Seats[0].Invite)
	if err != nil {
		t.Fatalf("join: %v\n%s", err, out)
	}
	if err := <-other; err != nil {
		t.Fatalf("the other seat: %v\n%s", err, out)
	}
	id := <-next
	if got := strings.Count(out, "Match over"); got != 2 || !strings.Contains(out, "Rematch: "+c.Server.String()+"/t/"+id) {
		t.Errorf("join played %d matches, want 2 with the rematch %s:\n%s", got, id, out)
	}
	if got := strings.Count(out, "Match record: "); got != 2 {
		t.Errorf("%d records saved, want 2:\n%s", got, out)
	}
	re, err := c.Table(ctx, id)
	if err != nil {
		t.Fatal(err)
	}
	if re.Status != "finished" || re.Seats[0].Name != "Other" || re.Seats[1].Name != "Terminal" {
		t.Errorf("the rematch: %s, seats %+v; want finished, Other then Terminal", re.Status, re.Seats)
	}
	if _, _, err := deuce(t, "", "join", "--rematches", "-1", c.Server.String()+created.Seats[0].Invite); err == nil {
		t.Error("join --rematches -1 was accepted")
	}
}

func pencilGame() engine.Game {
	g, _ := games.Lookup("pencil")
	return g
}

// pencilTable creates a bidding-game table of points a player for two people, "Terminal" and
// "Other", on c's server.
func pencilTable(ctx context.Context, t *testing.T, c *client.Client, points string) protocol.Created {
	t.Helper()
	created, err := c.Create(ctx, protocol.CreateTable{Game: "pencil", Options: engine.Options{"points": points},
		Seats: []protocol.SeatRequest{{Name: "Terminal"}, {Name: "Other"}}})
	if err != nil {
		t.Fatal(err)
	}
	return created
}

// tiebreakTable creates a Center Court tiebreak of two people, named a and b, with firstServer
// ("1", "2", or "" for the die) serving first.
func tiebreakTable(ctx context.Context, t *testing.T, c *client.Client, firstServer, a, b string) protocol.Created {
	t.Helper()
	var opts engine.Options
	if firstServer != "" {
		opts = engine.Options{"first-server": firstServer}
	}
	created, err := c.Create(ctx, protocol.CreateTable{Game: "centercourt", Variant: "tiebreak", Options: opts, Seats: []protocol.SeatRequest{{Name: a}, {Name: b}}})
	if err != nil {
		t.Fatal(err)
	}
	return created
}

// Watching or joining a table the server does not have says so, not what the websocket
// handshake saw.
func TestWatchUnknownTable(t *testing.T) {
	c := clienttest.Start(t).Client
	for _, cmd := range []string{"watch", "join"} {
		link := c.Server.String() + "/t/nosuchtable"
		if cmd == "join" {
			link += "#seat=1&token=x"
		}
		_, _, err := deuce(t, "", cmd, "--plain", "--no-record", link)
		if err == nil || !strings.Contains(err.Error(), "there is no table nosuchtable") || strings.Contains(err.Error(), "handshake") {
			t.Errorf("%s %s: %v, want it to say there is no such table", cmd, link, err)
		}
	}
}

// A table called off before the other player came ends without a result: `join` and `watch`
// say so and exit cleanly, asking for no record and no rematch (the server has neither).
func TestJoinCalledOffTable(t *testing.T) {
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	c := clienttest.Start(t).Client
	created, err := c.Create(ctx, protocol.CreateTable{Game: "pencil", Seats: []protocol.SeatRequest{{Name: "Ann"}, {Name: "Bob"}}})
	if err != nil {
		t.Fatal(err)
	}
	ann := seated(ctx, t, c, created.ID, created.Seats[0].Token)
	if err := ann.End(ctx, protocol.TypeCancel); err != nil {
		t.Fatal(err)
	}
	for {
		if _, err := ann.Next(ctx); err != nil {
			break // the server closes the connection after the final update
		}
	}
	for _, args := range [][]string{
		{"watch", "--plain", c.Server.String() + "/t/" + created.ID},
		{"join", "--plain", "--rematches", "1", c.Server.String() + created.Seats[1].Invite},
	} {
		out, _, err := deuce(t, "", args...)
		if err != nil || !strings.Contains(out, "called off") || strings.Contains(out, "Match record") {
			t.Errorf("%s of a table called off: %v\n%s", args[0], err, out)
		}
	}
}

// At `deuce join --plain` a seat types commands while it waits, not only at a move prompt: at a
// table still waiting for its other player, claim and resign are refused with the server's
// reasons, the notice names the typed command, and cancel typed twice calls the table off.
func TestJoinPlainCommands(t *testing.T) {
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	c := clienttest.Start(t).Client
	created := pencilTable(ctx, t, c, "8")
	input := "claim\nresign\nresign\ncancel\nhelp\ncancel\ncancel\n"
	out, _, err := deuce(t, input, "join", "--plain", c.Server.String()+created.Seats[0].Invite)
	if err != nil {
		t.Fatalf("join: %v\n%s", err, out)
	}
	for _, want := range []string{
		"type cancel twice to call the table off",  // the notice, in the prompt's words
		"before you may claim the win",             // claim refused: nobody is away
		"Type resign again to resign this match",   // resign asks again
		"call the table off instead",               // and the server refuses it while a seat waits
		"Type cancel again to call this table off", // cancel asks again: help in between cancels it
		"cancel   call off a table still waiting",  // the help
		"called off", // the end
	} {
		if !strings.Contains(out, want) {
			t.Errorf("join output lacks %q:\n%s", want, out)
		}
	}
	if strings.Count(out, "Type cancel again") != 2 {
		t.Errorf("cancel, help, cancel, cancel: want the confirmation asked twice:\n%s", out)
	}
	table, err := c.Table(ctx, created.ID)
	if err != nil {
		t.Fatal(err)
	}
	if table.Status != "abandoned" || table.Result != nil {
		t.Errorf("the table after cancel: %s, result %v; want abandoned without a result", table.Status, table.Result)
	}
}

// A seat resigns at the line prompt by typing resign twice while the other player is to move,
// not only in answer to a list of moves: the match ends at once, the other side winning, and its
// record is saved.
func TestJoinPlainResign(t *testing.T) {
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	c := clienttest.Start(t).Client
	// Center Court with the other seat serving first: this seat waits from the start.
	created := tiebreakTable(ctx, t, c, "2", "Terminal", "Other")
	seated(ctx, t, c, created.ID, created.Seats[1].Token)
	recPath := filepath.Join(t.TempDir(), "resigned.json")
	out, _, err := deuce(t, "resign\nresign\n", "join", "--plain", "--record", recPath, c.Server.String()+created.Seats[0].Invite)
	if err != nil {
		t.Fatalf("join: %v\n%s", err, out)
	}
	if !strings.Contains(out, "Type resign again") || !strings.Contains(out, "Match record: "+recPath) || strings.Contains(out, "Your moves:") {
		t.Errorf("join output (want the resignation before any move was asked for):\n%s", out)
	}
	table, err := c.Table(ctx, created.ID)
	if err != nil {
		t.Fatal(err)
	}
	if table.Result == nil || table.Ended != "resigned" || table.Result.Winner != 1 {
		t.Errorf("the table after resign: ended %q, result %+v; want resigned, won by seat 2", table.Ended, table.Result)
	}
}

// A server nobody answers at is said so, not with the websocket dial's chain of errors; and
// Ctrl-C (the context ending) leaves a watched table as q does, without an error.
func TestWatchUnreachableAndInterrupted(t *testing.T) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	free := ln.Addr().String()
	ln.Close() // nothing listens there now
	_, _, err = deuce(t, "", "watch", "--plain", "http://"+free+"/t/abc")
	if err == nil || !strings.Contains(err.Error(), "cannot reach http://"+free) || strings.Contains(err.Error(), "WebSocket") {
		t.Errorf("watch of a server not running: %v", err)
	}

	c := clienttest.Start(t).Client
	created := pencilTable(context.Background(), t, c, "8")
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	stdin, _ := io.Pipe() // input that never ends, as a terminal's
	outR, outW := io.Pipe()
	done := make(chan error, 1)
	t.Setenv("DEUCE_DATA", t.TempDir())
	go func() {
		done <- run(ctx, []string{"watch", "--plain", c.Server.String() + "/t/" + created.ID}, stdin, outW, io.Discard)
		outW.Close()
	}()
	sc := bufio.NewScanner(outR)
	for sc.Scan() && !strings.Contains(sc.Text(), "Tennis (paper and pencil)") {
	}
	cancel()
	go io.Copy(io.Discard, outR)
	if err := <-done; err != nil {
		t.Errorf("watch interrupted: %v, want a clean exit", err)
	}
}

// seated joins a seat of table with token and reads its first update, so that the seat is
// taken; the connection closes with the test.
func seated(ctx context.Context, t *testing.T, c *client.Client, table, token string) *client.Conn {
	t.Helper()
	conn, err := c.Join(ctx, table, token)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { conn.Close() })
	if _, err := conn.Next(ctx); err != nil {
		t.Fatal(err)
	}
	return conn
}

// A piped move the server refuses as one message too many is sent again after a moment, not
// dropped for the next line: on a server taking 2 messages a second, every piped bid plays,
// and the match ends.
func TestJoinPlainRateLimited(t *testing.T) {
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	c := clienttest.Start(t, func(m *web.Main) { m.MessageRate, m.MessageBurst = 2, 1 }).Client
	created := pencilTable(ctx, t, c, "6")
	other := make(chan error, 1)
	go func() { other <- playFirst(ctx, c, created.ID, created.Seats[1].Token) }()
	out, _, err := deuce(t, strings.Repeat("1\n", 30), "join", "--plain", "--no-record", c.Server.String()+created.Seats[0].Invite)
	if err != nil {
		t.Fatalf("join: %v\n%s", err, out)
	}
	if err := <-other; err != nil {
		t.Fatalf("the other seat: %v\n%s", err, out)
	}
	if !strings.Contains(out, "Match over") || strings.Contains(out, "slow down") {
		t.Errorf("the match did not end, or a move was refused as too fast and dropped:\n%s", out)
	}
	if !strings.Contains(out, `Too many messages at once: sending "1" again in a moment.`) {
		t.Errorf("no move was sent too fast: the test checks nothing\n%s", out)
	}
}

// `deuce join --name` names a seat its creator left unnamed, as the browser's "Name my seat"
// does: a name the server refuses (another seat's) is an error that quotes its reason and
// changes nothing; a good one is the seat's name from then on, for every player.
func TestJoinName(t *testing.T) {
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	c := clienttest.Start(t).Client
	created, err := c.Create(ctx, protocol.CreateTable{Game: "pencil", Seats: []protocol.SeatRequest{{Name: "Ann"}, {}}})
	if err != nil {
		t.Fatal(err)
	}
	link := c.Server.String() + created.Seats[1].Invite
	seatName := func() string {
		table, err := c.Table(ctx, created.ID)
		if err != nil {
			t.Fatal(err)
		}
		return table.Seats[1].Name
	}
	unnamed := seatName()
	out, _, err := deuce(t, "", "join", "--plain", "--name", "ann", link)
	if err == nil || !strings.Contains(err.Error(), `--name "ann"`) || !strings.Contains(err.Error(), "another seat") {
		t.Fatalf("join --name as another seat's name: %v\n%s", err, out)
	}
	if got := seatName(); got != unnamed {
		t.Fatalf("the refused name changed the seat to %q (was %q)", got, unnamed)
	}
	// Spaces around a name are the server's to trim: the name taken is "Bea".
	out, _, err = deuce(t, "cancel\ncancel\n", "join", "--plain", "--name", " Bea ", link)
	if err != nil || !strings.Contains(out, "called off") {
		t.Fatalf("join --name ' Bea ': %v\n%s", err, out)
	}
	if got := seatName(); got != "Bea" {
		t.Errorf("the seat is called %q after join --name Bea", got)
	}
	// Signed in, a seat joined takes the account's name: --name is refused before the seat
	// is joined, which would name it for good.
	other, err := c.Create(ctx, protocol.CreateTable{Game: "pencil", Seats: []protocol.SeatRequest{{Name: "Ann"}, {}}})
	if err != nil {
		t.Fatal(err)
	}
	data := t.TempDir()
	t.Setenv("DEUCE_DATA", data)
	if err := saveSession(c.Server, "a-session"); err != nil {
		t.Fatal(err)
	}
	out, err = deuceIn(ctx, t, data, "", "join", "--plain", "--name", "Cy", c.Server.String()+other.Seats[1].Invite)
	if err == nil || !strings.Contains(err.Error(), "you are signed in") {
		t.Errorf("join --name signed in: %v\n%s", err, out)
	}
	if table, err := c.Table(ctx, other.ID); err != nil || table.Seats[1].Claimed {
		t.Errorf("join --name signed in joined the seat: %v, %+v", err, table.Seats[1])
	}
}

// Piped input that ends while the seat waits, at a table still waiting for its other player,
// leaves the table at once: nothing more will be typed, and that player may never come. The
// seat is told whom it waits for.
func TestJoinInputEndsAtAnOpenTable(t *testing.T) {
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	c := clienttest.Start(t).Client
	// Ann serves first and never comes: the joined seat waits from the start.
	created := tiebreakTable(ctx, t, c, "1", "Ann", "Bea")
	type joined struct {
		out string
		err error
	}
	done := make(chan joined, 1)
	go func() {
		out, _, err := deuce(t, "", "join", "--plain", c.Server.String()+created.Seats[1].Invite)
		done <- joined{out, err}
	}()
	select {
	case j := <-done:
		if j.err != nil || !strings.Contains(j.out, "Waiting for Ann…") || !strings.Contains(j.out, "Left the table") {
			t.Errorf("join with no input at an open table: %v\n%s", j.err, j.out)
		}
	case <-time.After(30 * time.Second):
		t.Fatal("join with no input at a table waiting for Ann did not leave it")
	}
	// A watcher has nothing to type: it watches on, and sees Ann call off a table Bea never
	// came to.
	other := tiebreakTable(ctx, t, c, "", "Ann", "Bea")
	t.Setenv("DEUCE_DATA", t.TempDir())
	pr, pw := io.Pipe()
	go func() {
		pw.CloseWithError(run(ctx, []string{"watch", "--plain", c.Server.String() + "/t/" + other.ID}, strings.NewReader(""), pw, io.Discard))
	}()
	var out strings.Builder
	lines := bufio.NewScanner(pr)
	for lines.Scan() && !strings.Contains(lines.Text(), "Bea is dealt") { // the watcher has the table
		out.WriteString(lines.Text() + "\n")
	}
	ann := seated(ctx, t, c, other.ID, other.Seats[0].Token)
	if err := ann.End(ctx, protocol.TypeCancel); err != nil {
		t.Fatal(err)
	}
	for lines.Scan() {
		out.WriteString(lines.Text() + "\n")
	}
	if err := lines.Err(); err != nil || !strings.Contains(out.String(), "called off") {
		t.Errorf("watch with no input at an open table left before its end: %v\n%s", err, out.String())
	}
}

// The players' chat reaches a seat played at the line prompt, as [chat] lines, and `say` writes
// in it: a browser player's line (here another client's) is read, and the prompt's reaches it.
func TestJoinPlainChat(t *testing.T) {
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	c := clienttest.Start(t).Client
	created := tiebreakTable(ctx, t, c, "1", "Ann", "Bea")
	ann := seated(ctx, t, c, created.ID, created.Seats[0].Token)
	// Ann's line is kept: her own connection reads it back.
	if err := ann.Say(ctx, "good luck, Bea"); err != nil {
		t.Fatal(err)
	}
	for len(ann.TakeChat()) == 0 {
		if _, err := ann.Next(ctx); err != nil {
			t.Fatal(err)
		}
	}
	out, _, err := deuce(t, "say\nsay thanks, you too\nresign\nresign\n", "join", "--plain", "--no-record", c.Server.String()+created.Seats[1].Invite)
	if err != nil {
		t.Fatalf("join: %v\n%s", err, out)
	}
	for _, want := range []string{"[chat] Ann: good luck, Bea", "Type say and the line", "[chat] you: thanks, you too"} {
		if !strings.Contains(out, want) {
			t.Errorf("join output lacks %q:\n%s", want, out)
		}
	}
	var got []protocol.ChatLine
	for len(got) == 0 {
		if _, err := ann.Next(ctx); err != nil {
			break // the match ended with Bea's resignation; the lines came before
		}
		got = append(got, ann.TakeChat()...)
	}
	got = append(got, ann.TakeChat()...)
	if len(got) == 0 || got[0].Name != "Bea" || got[0].Text != "thanks, you too" || got[0].Room != "players" {
		t.Errorf("Ann read %+v, want Bea's line in the players' room", got)
	}
}

// At a timed table the line prompt prints the clocks under the board, the running one marked.
func TestJoinPlainClocks(t *testing.T) {
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	c := clienttest.Start(t).Client
	created, err := c.Create(ctx, protocol.CreateTable{Game: "pencil", Clock: "5+3", Seats: []protocol.SeatRequest{{Name: "Ann"}, {Bot: "random"}}})
	if err != nil {
		t.Fatal(err)
	}
	out, _, err := deuce(t, "resign\nresign\n", "join", "--plain", "--no-record", c.Server.String()+created.Seats[0].Invite)
	if err != nil || !regexp.MustCompile(`Clocks: you \d+:\d\d \(running\), random bot \d+:\d\d`).MatchString(out) {
		t.Errorf("join --plain at a timed table: %v\n%s", err, out)
	}
}
