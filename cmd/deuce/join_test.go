package main

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"deuce/client/clienttest"
	"deuce/engine"
	"deuce/games"
	"deuce/protocol"
)

// `deuce join --plain` plays a seat of a real server's table from its seat link against another
// client, to the end, and saves a record that replays to the server's result.
func TestJoinPlain(t *testing.T) {
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	c := clienttest.Start(t).Client
	base := c.Server
	created, err := c.Create(ctx, protocol.CreateTable{Game: "pencil", Options: engine.Options{"points": "8"},
		Seats: []protocol.SeatRequest{{Name: "Terminal"}, {Name: "Other"}}})
	if err != nil {
		t.Fatal(err)
	}

	// The other seat bids 1 whenever it may.
	other := make(chan error, 1)
	go func() { other <- playFirst(ctx, c, created.ID, created.Seats[1].Token) }()

	recPath := filepath.Join(t.TempDir(), "joined.json")
	link := base.String() + created.Seats[0].Invite
	// A typo and an out-of-range number first: both are refused and the seat is asked again.
	input := "smash\n99\n" + strings.Repeat("2\n", 200)
	out, _, err := deuce(t, input, "join", "--plain", "--record", recPath, link)
	if err != nil {
		t.Fatalf("join: %v\n%s", err, out)
	}
	if err := <-other; err != nil {
		t.Fatalf("the other seat: %v", err)
	}
	for _, want := range []string{"Your moves:", "There is no move 99", "Match over", "Match record: " + recPath} {
		if !strings.Contains(out, want) {
			t.Errorf("join output lacks %q:\n%s", want, out)
		}
	}
	f, err := os.Open(recPath)
	if err != nil {
		t.Fatal(err)
	}
	rec, err := engine.ReadRecord(f)
	f.Close()
	if err != nil {
		t.Fatal(err)
	}
	st, err := engine.Replay(pencilGame(), rec, nil)
	if err != nil {
		t.Fatal(err)
	}
	table, err := c.Table(ctx, created.ID)
	if err != nil {
		t.Fatal(err)
	}
	if table.Result == nil || st.Result().Score != table.Result.Score || !strings.Contains(out, table.Result.Score) {
		t.Errorf("the saved record replays to %q, the server says %+v", st.Result().Score, table.Result)
	}
	// The finished table replays from its address too, point by point.
	printed, _, err := deuce(t, "", "replay", "--plain", base.String()+"/r/"+created.ID)
	if err != nil || !strings.Contains(printed, "Point 1") || !strings.Contains(printed, table.Result.Score) {
		t.Errorf("replay of the table's address: %v\n%s", err, printed)
	}
	for _, m := range rec.Moves {
		if m.Seat == 0 && m.Text != "bid 2" {
			t.Errorf("the terminal seat played %q, it chose bid 2 every time", m.Text)
		}
	}
}

func TestJoinWatchUsage(t *testing.T) {
	for _, tt := range []struct {
		args []string
		want string
	}{
		{[]string{"join"}, "one link"},
		{[]string{"join", "http://127.0.0.1:1/t/abc"}, "not a seat link"},
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
}

// `deuce join --rematches 1` plays a match, offers a rematch, which the other seat accepts by
// asking for it too (either may be first), and plays it: two matches, two records, the seats
// moved round.
func TestJoinRematch(t *testing.T) {
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	c := clienttest.Start(t).Client
	created, err := c.Create(ctx, protocol.CreateTable{Game: "pencil", Options: engine.Options{"points": "5"},
		Seats: []protocol.SeatRequest{{Name: "Terminal"}, {Name: "Other"}}})
	if err != nil {
		t.Fatal(err)
	}
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
		t.Fatalf("the other seat: %v", err)
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
