package web

import (
	"testing"
	"time"

	"deuce/store"
)

// A line saved as a connection joins the chat is in the history the connection is sent, and is
// posted to it too, before or after the history is read: it must reach the connection once.
func TestChatLineOnce(t *testing.T) {
	h := newChatHub(time.Now)
	table := &store.Table{ID: "t1", Seats: []store.Seat{{Name: "ann"}, {Name: "bob"}}}
	c := h.join(table, 0, "", "", func() {})
	line := func(id int64, text string) chatMsg {
		return chatMsg{Type: "chat", ID: id, Room: roomPlayers, Name: "bob", Text: text}
	}
	h.post("t1", line(7, "posted before the history was read"))
	h.caughtUp(c, []chatMsg{line(7, "posted before the history was read"), line(8, "posted after")})
	h.post("t1", line(8, "posted after"))
	h.post("t1", line(9, "new"))
	got := h.take(c)
	if len(got) != 1 || got[0].ID != 9 {
		t.Fatalf("after the history, the connection was sent %+v; want only line 9", got)
	}
}

// A table's writers' rates outlive its last connection by chatLimitsKept, then go: leaving and
// coming back spends the same rate, and the hub keeps nothing of a table long left.
func TestChatRatesKeptThenForgotten(t *testing.T) {
	now := time.Date(2026, 5, 1, 18, 0, 0, 0, time.UTC)
	h := newChatHub(func() time.Time { return now })
	table := &store.Table{ID: "t1", Seats: []store.Seat{{Name: "ann"}, {Name: "bob"}}}
	c := h.join(table, -1, "guest 0001", "address a", func() {})
	h.leave(c)
	now = now.Add(chatLimitsKept - time.Second)
	again := h.join(table, -1, "guest 0002", "address a", func() {})
	if again.limit != c.limit {
		t.Error("a writer back within the kept time has a fresh rate")
	}
	h.leave(again)
	now = now.Add(chatLimitsKept)
	other := &store.Table{ID: "t2", Seats: table.Seats}
	h.leave(h.join(other, -1, "guest 0003", "address b", func() {}))
	if _, kept := h.limits["t1"]; kept {
		t.Error("the rates of a table left long ago are kept")
	}
	if back := h.join(table, -1, "guest 0004", "address a", func() {}); back.limit == c.limit {
		t.Error("a writer back long after has the old rate")
	}
}
