package web

import (
	"encoding/json"
	"strings"
	"testing"
	"time"

	"deuce/cluster"
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
