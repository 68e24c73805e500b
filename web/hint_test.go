package web_test

import (
	"fmt"
	"net/http"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"deuce/web"
)

type hintReply struct {
	Text  string `json:"text"`
	Best  string `json:"best"`
	Moves []struct {
		Move string  `json:"move"`
		P    float64 `json:"p"`
		Win  float64 `json:"win"`
	} `json:"moves"`
	Error string `json:"error"`
}

// hint asks for a hint until the seat is to move (bots and chance may move first).
func (s *server) hint(id, token string) (int, hintReply) {
	s.t.Helper()
	deadline := time.Now().Add(20 * time.Second)
	for {
		var h hintReply
		code := s.call("POST", "/api/tables/"+id+"/hint", map[string]string{"token": token}, &h)
		if code != http.StatusConflict || time.Now().After(deadline) {
			return code, h
		}
		time.Sleep(20 * time.Millisecond)
	}
}

func TestHints(t *testing.T) {
	s := startServer(t, filepath.Join(t.TempDir(), "deuce.db"))
	person := map[string]string{"name": "Ann"}
	pc := s.create(map[string]any{"game": "pencil", "options": map[string]string{"points": "10"}, "seats": []any{person, map[string]string{"bot": "random"}}})
	code, h := s.hint(pc.ID, pc.Seats[0].Token)
	total := 0.0
	for _, m := range h.Moves {
		total += m.P
	}
	if code != http.StatusOK || !strings.Contains(h.Text, "Optimal play") || h.Best == "" || total < 0.999 || total > 1.001 {
		t.Errorf("bidding-game hint: status %d %+v (probabilities sum to %v)", code, h, total)
	}

	cc := s.create(map[string]any{"game": "centercourt", "variant": "tiebreak", "seats": []any{person, map[string]string{"bot": "heuristic"}}})
	code, h = s.hint(cc.ID, cc.Seats[0].Token)
	if code != http.StatusOK || !strings.Contains(h.Text, "hard bot would choose "+h.Best) || len(h.Moves) == 0 || h.Moves[0].Move != h.Best {
		t.Errorf("card-game hint: status %d %+v", code, h)
	}
	for _, m := range h.Moves {
		if m.P <= 0 || m.P > 1 || m.Win < 0 || m.Win > 1 {
			t.Errorf("hint move %+v", m)
		}
	}
	// Asked again at the same position, the advice is the same, not another sample of it.
	if code, again := s.hint(cc.ID, cc.Seats[0].Token); code != http.StatusOK || again.Best != h.Best || fmt.Sprint(again.Moves) != fmt.Sprint(h.Moves) {
		t.Errorf("the same hint asked again: %+v, first %+v", again, h)
	}

	people := s.create(map[string]any{"game": "pencil", "seats": []any{person, map[string]string{"name": "Bob"}}})
	refused := []struct {
		name, id, token string
		want            int
	}{
		{"against a person", people.ID, people.Seats[0].Token, http.StatusForbidden},
		{"no token", pc.ID, "", http.StatusForbidden},
		{"wrong token", pc.ID, "not-a-token", http.StatusForbidden},
		{"unknown table", "nosuch", pc.Seats[0].Token, http.StatusNotFound},
	}
	for _, tc := range refused {
		t.Run(tc.name, func(t *testing.T) {
			var h hintReply
			if code := s.call("POST", "/api/tables/"+tc.id+"/hint", map[string]string{"token": tc.token}, &h); code != tc.want || h.Error == "" {
				t.Errorf("status %d %+v, want %d with a reason", code, h, tc.want)
			}
		})
	}
}

// TestHintLimits: a bidding-game hint is refused beyond the equilibrium bot's starting points
// (its solve grows with the fifth power of the points and holds the one solver), and one address
// may ask for only so many hints a minute.
func TestHintLimits(t *testing.T) {
	s := startWith(t, filepath.Join(t.TempDir(), "deuce.db"), func(m *web.Main) {
		m.Limits.EquilibriumPoints, m.Limits.HintsPerMinute, m.Limits.HintBurst = 12, 1, 2
	})
	person, bot := map[string]string{"name": "Ann"}, map[string]string{"bot": "random"}
	big := s.create(map[string]any{"game": "pencil", "options": map[string]string{"points": "13"}, "seats": []any{person, bot}})
	var h hintReply
	if code := s.call("POST", "/api/tables/"+big.ID+"/hint", map[string]string{"token": big.Seats[0].Token}, &h); code != http.StatusForbidden || !strings.Contains(h.Error, "up to 12 starting points") {
		t.Errorf("hint at 13 points with a bound of 12: status %d %+v, want 403 naming the bound", code, h)
	}
	small := s.create(map[string]any{"game": "pencil", "options": map[string]string{"points": "12"}, "seats": []any{person, bot}})
	h = hintReply{}
	if code := s.call("POST", "/api/tables/"+small.ID+"/hint", map[string]string{"token": small.Seats[0].Token}, &h); code != http.StatusOK || h.Best == "" {
		t.Errorf("hint at 12 points: status %d %+v", code, h)
	}
	h = hintReply{}
	if code := s.call("POST", "/api/tables/"+small.ID+"/hint", map[string]string{"token": small.Seats[0].Token}, &h); code != http.StatusTooManyRequests || !strings.Contains(h.Error, "too many hints") {
		t.Errorf("third hint of a burst of 2: status %d %+v, want 429", code, h)
	}
}

// TestHintAccounts: a signed-in player gets hints at a casual table against a bot, never at a
// rated one, and nobody else gets them at hers.
func TestHintAccounts(t *testing.T) {
	s := startAccounts(t)
	ann, stranger := s.signUp("ann"), s.person()
	seats := []map[string]any{{"me": true}, {"bot": "random"}}
	var rated, casual created
	ann.must(http.StatusCreated, "POST", "/api/tables", map[string]any{"game": "pencil", "rated": true, "seats": seats}, &rated)
	ann.must(http.StatusCreated, "POST", "/api/tables", map[string]any{"game": "pencil", "seats": seats}, &casual)
	var h hintReply
	ann.must(http.StatusForbidden, "POST", "/api/tables/"+rated.ID+"/hint", map[string]string{}, &h)
	if !strings.Contains(h.Error, "rated") {
		t.Errorf("hint at a rated table refused with %q, want the reason", h.Error)
	}
	h = hintReply{}
	ann.must(http.StatusOK, "POST", "/api/tables/"+casual.ID+"/hint", map[string]string{}, &h)
	if h.Best == "" {
		t.Errorf("hint at a casual table: %+v", h)
	}
	stranger.must(http.StatusForbidden, "POST", "/api/tables/"+casual.ID+"/hint", map[string]string{}, nil)
}
