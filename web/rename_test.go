package web_test

import (
	"net/http"
	"strings"
	"testing"
)

// TestGuestNamesItsSeat: a guest who opens the link of a seat its creator left unnamed names it
// once, and everyone sees the name; a name that passes for someone else, a malformed one, a
// second name, a spectator's or a named seat's is refused and changes nothing.
func TestGuestNamesItsSeat(t *testing.T) {
	s, _ := lifecycleServer(t)
	c := s.create(map[string]any{"game": "pencil", "seats": []any{map[string]string{"name": "Ann"}, map[string]string{}}})
	ann := s.connect(c.ID, c.Seats[0].Token)
	ann.untilUpdate()
	guest := s.connect(c.ID, c.Seats[1].Token)
	guest.untilUpdate()
	watcher := s.connect(c.ID, "")
	watcher.untilUpdate()

	for _, tt := range []struct{ name, code, says string }{
		{"", "bad_name", "1 to 40 characters"},
		{strings.Repeat("x", 41), "bad_name", "at most 40"},
		{"Bo\tb", "bad_name", "printable"},
		{"Player 7", "bad_name", "nobody named"},
		{"hard bot", "bad_name", "how a bot is named"},
		{"guest 0417", "bad_name", "how a guest watching"},
		{"ANN", "bad_name", "another seat"},
	} {
		guest.send(map[string]any{"type": "name", "name": tt.name})
		if m := guest.untilError(); m.Code != tt.code || !strings.Contains(m.Error, tt.says) {
			t.Errorf("name %q: %+v, want %s saying %q", tt.name, m, tt.code, tt.says)
		}
	}
	guest.send(map[string]any{"type": "name", "name": "Bob", "seq": 0})
	if m := guest.untilError(); m.Code != "bad_message" {
		t.Errorf("a name with a seq: %+v", m)
	}
	guest.send(map[string]any{"type": "resign", "name": "Bob"})
	if m := guest.untilError(); m.Code != "bad_message" {
		t.Errorf("a resignation with a name: %+v", m)
	}
	watcher.send(map[string]any{"type": "name", "name": "Eve"})
	if m := watcher.untilError(); m.Code != "not_your_turn" {
		t.Errorf("a spectator naming a seat: %+v", m)
	}
	ann.send(map[string]any{"type": "name", "name": "Annie"})
	if m := ann.untilError(); m.Code != "bad_name" || !strings.Contains(m.Error, "already") {
		t.Errorf("a seat its creator named: %+v", m)
	}
	if ti := s.info(c.ID); ti.Seats[0].Name != "Ann" || ti.Seats[1].Name != "player 2" {
		t.Fatalf("seats after the refusals: %+v", ti.Seats)
	}

	guest.send(map[string]any{"type": "name", "name": "  Bob  "})
	for _, cl := range []*client{ann, watcher} {
		cl.untilPresence(func(m message) bool { return len(m.Seats) == 2 && m.Seats[1].Name == "Bob" })
	}
	if ti := s.info(c.ID); ti.Seats[1].Name != "Bob" {
		t.Fatalf("seats after the name: %+v", ti.Seats)
	}
	guest.send(map[string]any{"type": "name", "name": "Robert"})
	if m := guest.untilError(); m.Code != "bad_name" || !strings.Contains(m.Error, `named "Bob" already`) {
		t.Errorf("a second name: %+v", m)
	}
}

// TestGuestCannotNameItsSeatAsAnAccount: where there are accounts, a guest may not name its seat
// like a registered player, in look-alike letters either ("саrol_1" with Cyrillic а and с).
func TestGuestCannotNameItsSeatAsAnAccount(t *testing.T) {
	s := startAccounts(t)
	s.signUp("carol_1")
	guest := s.person()
	var c created
	guest.must(http.StatusCreated, "POST", "/api/tables", map[string]any{"game": "pencil", "seats": []map[string]string{{"name": "Ann"}, {"name": ""}}}, &c)
	g := guest.dial(c.ID, c.Seats[1].Token)
	g.until(isType("update"))
	for _, name := range []string{"Carol_1", "саrol_1"} {
		g.send(map[string]any{"type": "name", "name": name})
		if m := g.until(isType("error")); m.Code != "bad_name" {
			t.Errorf("name %q: %+v", name, m)
		}
	}
	g.send(map[string]any{"type": "name", "name": "Dora"})
	g.until(func(m pmsg) bool { return m.Type == "presence" && len(m.Seats) == 2 && m.Seats[1].Name == "Dora" })
}

// TestChatFollowsARenamedSeat: a guest that names its seat after writing signs its next lines
// with the name, and its earlier lines, read again from the history, are its seat's under that
// name, so that a mute of the seat hides them too.
func TestChatFollowsARenamedSeat(t *testing.T) {
	s := startAccounts(t)
	guest := s.person()
	var c created
	guest.must(http.StatusCreated, "POST", "/api/tables", map[string]any{"game": "pencil", "seats": []map[string]string{{"name": "Ann"}, {"name": ""}}}, &c)
	ann := guest.dial(c.ID, c.Seats[0].Token)
	ann.until(isType("update"))
	g := guest.dial(c.ID, c.Seats[1].Token)
	g.until(isType("update"))
	g.send(map[string]any{"type": "chat", "text": "hi"})
	if m := ann.until(isType("chat")); m.Text != "hi" || m.Name != "player 2" || m.Seat != 1 {
		t.Fatalf("the line before the name: %+v", m)
	}
	g.send(map[string]any{"type": "name", "name": "Dora"})
	ann.until(func(m pmsg) bool { return m.Type == "presence" && len(m.Seats) == 2 && m.Seats[1].Name == "Dora" })
	g.send(map[string]any{"type": "chat", "text": "again"})
	if m := ann.until(isType("chat")); m.Text != "again" || m.Name != "Dora" || m.Seat != 1 {
		t.Errorf("the line after the name: %+v, want it signed Dora, seat 2", m)
	}
	late := guest.dial(c.ID, c.Seats[0].Token)
	for _, want := range []string{"hi", "again"} {
		if m := late.until(isType("chat")); m.Text != want || m.Name != "Dora" || m.Seat != 1 {
			t.Errorf("the history's line %q: %+v, want it Dora's, seat 2", want, m)
		}
	}
}

// A guest's seat that takes the account's name at sign-up signs its open connection's next
// chat lines with it, as a seat named by its name message does.
func TestChatFollowsASeatKeptAtSignUp(t *testing.T) {
	s := startAccounts(t)
	guest := s.person()
	var c created
	guest.must(http.StatusCreated, "POST", "/api/tables", map[string]any{"game": "pencil", "seats": []map[string]string{{}, {"bot": "random"}}}, &c)
	w := guest.dial(c.ID, c.Seats[0].Token)
	w.until(isType("update"))
	guest.must(http.StatusCreated, "POST", "/api/account/signup", map[string]any{"name": "ann", "password": "correct horse",
		"seats": []map[string]string{{"table": c.ID, "token": c.Seats[0].Token}}}, nil)
	w.until(func(m pmsg) bool { return m.Type == "presence" && len(m.Seats) == 2 && m.Seats[0].Name == "ann" })
	w.send(map[string]any{"type": "chat", "text": "hello"})
	if m := w.until(isType("chat")); m.Text != "hello" || m.Name != "ann" {
		t.Errorf("the line after sign-up: %+v, want it signed ann", m)
	}
}
