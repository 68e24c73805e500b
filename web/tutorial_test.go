package web_test

import (
	"fmt"
	"net/http"
	"path/filepath"
	"testing"

	"deuce/games"
)

// TestTutorials walks every game's tutorial through the API: each step's move is one of the
// legal moves of its position, the position after it is the next step's, and the last frame
// is done.
func TestTutorials(t *testing.T) {
	s := startServer(t, filepath.Join(t.TempDir(), "deuce.db"))
	var list []struct {
		Game  string `json:"game"`
		Steps int    `json:"steps"`
	}
	s.call("GET", "/api/tutorials", nil, &list)
	if len(list) != len(games.All()) {
		t.Fatalf("%d tutorials, want one per game (%d)", len(list), len(games.All()))
	}
	// In the lobby's order of the games.
	for i, g := range games.Names() {
		if list[i].Game != g {
			t.Errorf("tutorial %d is %s's, want %s's: the lobby's order", i+1, list[i].Game, g)
		}
	}
	type frame struct {
		Step   int    `json:"step"`
		Steps  int    `json:"steps"`
		Done   bool   `json:"done"`
		Lesson string `json:"lesson"`
		Expect *struct {
			Action int    `json:"action"`
			Text   string `json:"text"`
		} `json:"expect"`
		Update struct {
			Seq    int `json:"seq"`
			ToMove int `json:"toMove"`
			Legal  []struct {
				Action int    `json:"action"`
				Text   string `json:"text"`
			} `json:"legal"`
		} `json:"update"`
		Error string `json:"error"`
	}
	for _, tu := range list {
		t.Run(tu.Game, func(t *testing.T) {
			if tu.Steps < 3 {
				t.Errorf("%d steps", tu.Steps)
			}
			seq := -1
			lessons := map[string]bool{}
			defer func() {
				// The bidding game's steps are all bids: each says where its round stands, so
				// no two read alike.
				if tu.Game == "pencil" && len(lessons) != tu.Steps {
					t.Errorf("%d different lessons in %d steps: %v", len(lessons), tu.Steps, lessons)
				}
			}()
			for step := 0; step <= tu.Steps; step++ {
				var f frame
				if code := s.call("GET", fmt.Sprintf("/api/tutorials/%s?step=%d", tu.Game, step), nil, &f); code != http.StatusOK {
					t.Fatalf("step %d: status %d %s", step, code, f.Error)
				}
				if f.Update.Seq <= seq {
					t.Errorf("step %d: the match did not move on (%d moves, before %d)", step, f.Update.Seq, seq)
				}
				seq = f.Update.Seq
				if step == tu.Steps {
					if !f.Done || f.Expect != nil || len(f.Update.Legal) != 0 {
						t.Errorf("last frame %+v, want done with nothing to play", f)
					}
					continue
				}
				if f.Done || f.Expect == nil || f.Lesson == "" || f.Update.ToMove != 0 {
					t.Fatalf("step %d: %+v", step, f)
				}
				lessons[f.Lesson] = true
				legal := false
				for _, c := range f.Update.Legal {
					legal = legal || c == *f.Expect
				}
				if !legal {
					t.Errorf("step %d: the move %+v is not among the legal %+v", step, *f.Expect, f.Update.Legal)
				}
			}
		})
	}
	var e struct {
		Error string `json:"error"`
	}
	if code := s.call("GET", "/api/tutorials/chess", nil, &e); code != http.StatusNotFound {
		t.Errorf("unknown game: status %d", code)
	}
	if code := s.call("GET", "/api/tutorials/pencil?step=999", nil, &e); code != http.StatusBadRequest || e.Error == "" {
		t.Errorf("step out of range: status %d %q", code, e.Error)
	}
}
