package web

import (
	"context"
	"encoding/json"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"deuce/cluster"
	"deuce/engine"
	"deuce/store"
	"deuce/store/sqlite"
)

// TestChatLineFitsANotification: the longest chat line a client may write, every character
// one JSON escapes, signed with the longest name, travels between nodes in one notification.
func TestChatLineFitsANotification(t *testing.T) {
	seat := 1
	line := chatMsg{Type: "chat", Room: roomSpectators, Name: strings.Repeat("<", 40), Seat: &seat,
		Text: strings.Repeat("\u2028", chatMaxRunes), At: time.Date(2026, 5, 1, 18, 0, 0, 123456789, time.FixedZone("", 14*3600))}
	body, err := json.Marshal(line)
	if err != nil {
		t.Fatal(err)
	}
	m, err := json.Marshal(cluster.Message{Kind: kindChat, Table: strings.Repeat("x", 64), From: strings.Repeat("n", 80), Body: body})
	if err != nil {
		t.Fatal(err)
	}
	if len(m) > 2400 || len(m) > cluster.MaxPayload {
		t.Fatalf("the longest chat line takes %d bytes between nodes, want at most 2400", len(m))
	}
}

// TestMoveToAStoppedRunIsUnavailable: a move that reaches a table's run after the run stopped
// before the match's end (its lease lost to another node, or the server closing) was not
// played and is to be sent again, so the client is told the table is moving, not that the
// match is over; a move after the match's real end is told it is over.
func TestMoveToAStoppedRunIsUnavailable(t *testing.T) {
	ctx := context.Background()
	db, err := sqlite.Open(ctx, filepath.Join(t.TempDir(), "deuce.db"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	s := NewServer(Config{Store: db})
	t.Cleanup(s.Close)
	start := func(id string, points string) *liveTable {
		t.Helper()
		tb := &store.Table{ID: id, Game: "pencil", Options: engine.Options{"points": points}, Seed: 1, Status: store.Live, Moves: []engine.Move{},
			Seats: []store.Seat{{Name: "Ann", Claimed: true}, {Name: "Bob", Claimed: true}}}
		if err := db.Create(ctx, tb); err != nil {
			t.Fatal(err)
		}
		lt, err := s.run(tb, "", 0)
		if err != nil {
			t.Fatal(err)
		}
		return lt
	}
	bid := []byte(`{"type":"move","text":"bid 1","seq":-1}`)

	lt := start("moving", "5")
	s.leaseLost(lt.id, lt.epoch)
	<-lt.m.Done()
	if e := s.handle(ctx, lt, 0, bid); e == nil || e.Code != codeUnavailable {
		t.Errorf("a move to a run stopped by a lost lease: %+v, want code %s", e, codeUnavailable)
	}

	// One point each: both bid 1, and the match is over.
	lt = start("ended", "1")
	for seat := range engine.Seat(2) {
		if e := s.handle(ctx, lt, seat, bid); e != nil {
			t.Fatalf("seat %d bids 1: %+v", seat, e)
		}
	}
	<-lt.m.Done()
	if e := s.handle(ctx, lt, 0, bid); e == nil || e.Code != codeOver {
		t.Errorf("a move after the end: %+v, want code %s", e, codeOver)
	}
}
