package tui

import (
	"slices"
	"testing"

	"deuce/engine"
)

func TestCompletions(t *testing.T) {
	legal := []Choice{{1, "bid 1"}, {10, "bid 10"}, {2, "concede"}, {3, "pick 2r"}, {4, "pick 2r"}, {5, "pick 3b"}, {25, "play #25 lob"}, {31, "play #31 smash"}}
	for _, tc := range []struct {
		typed string
		want  []engine.Action
	}{
		{"conc", []engine.Action{2}},
		{"  CONC ", []engine.Action{2}},
		{"bid 1", nil},                  // a move's whole text is that move
		{"bid", []engine.Action{1, 10}}, // several
		{"pick 2", []engine.Action{3}},  // one text, two actions: the first
		{"pick", []engine.Action{3, 5}},
		{"smash", nil},
		{"", nil},
		{"pick  3", []engine.Action{5}},
		{"bid 1", nil}, // not the beginning of "bid 10": a number is not cut short
		{"play #2", nil},
	} {
		var got []engine.Action
		for _, c := range Completions(tc.typed, legal) {
			got = append(got, c.Action)
		}
		if !slices.Equal(got, tc.want) {
			t.Errorf("Completions(%q) = %v, want %v", tc.typed, got, tc.want)
		}
	}
	if got, want := Ambiguous("bid", Completions("bid", legal)), `"bid" could be bid 1 or bid 10: type more of it`; got != want {
		t.Errorf("Ambiguous = %q, want %q", got, want)
	}
	many := make([]Choice, 9)
	for i := range many {
		many[i] = Choice{engine.Action(i), "bid " + string(rune('0'+i))}
	}
	if got, want := Ambiguous("b", many), `"b" could be bid 0, bid 1, bid 2, bid 3, bid 4, bid 5 or 3 more: type more of it`; got != want {
		t.Errorf("Ambiguous of nine = %q, want %q", got, want)
	}
}

// An end's score is said once: a score that names its winner, by number or already by name (a
// server's, said to its seat), loses that start.
func TestEndTextSaysTheWinnerOnce(t *testing.T) {
	names := map[engine.Seat]string{0: "you", 1: "easy bot"}
	name := func(s engine.Seat) string { return names[s] }
	for _, tc := range []struct {
		score string
		want  string
	}{
		{"player 2 wins: ball beyond player 1's field", "Easy bot wins. Ball beyond your field"},
		{"easy bot wins: ball beyond your field", "Easy bot wins. Ball beyond your field"},
		{"5-7", "Easy bot wins. 5-7"},
	} {
		res := engine.Result{Over: true, Winner: 1, Returns: []float64{-1, 1}, Score: tc.score}
		if got := EndText(res, "", 0, name); got != tc.want {
			t.Errorf("EndText of %q = %q, want %q", tc.score, got, tc.want)
		}
	}
	res := engine.Result{Over: true, Winner: 0, Returns: []float64{1, -1}, Score: "you win: ball at +1"}
	if got := EndText(res, "", 0, name); got != "You win! Ball at +1" {
		t.Errorf("EndText of a won score = %q", got)
	}
	// A name a person chose keeps its case where it begins the sentence, as in the browser.
	names[1] = "ann_b"
	res = engine.Result{Over: true, Winner: 1, Returns: []float64{-1, 1}, Score: "5-7"}
	if got := EndText(res, "resigned", engine.Spectator, name); got != "You resigned. ann_b wins. 5-7" {
		t.Errorf("EndText naming a typed name = %q, want it as typed", got)
	}
}
