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
