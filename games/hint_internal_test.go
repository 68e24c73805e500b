package games

import (
	"strings"
	"testing"
)

// TestHintWhy: the explanation states how often the search began with the move advised and
// the share it won, with its margin, and what to make of a move that won more: a close call
// when it was tried almost as often, not sure when it was tried rarely.
func TestHintWhy(t *testing.T) {
	moves := []AdviceMove{{Move: "serve 3", P: 0.44, Win: 0.27}, {Move: "serve 4", P: 0.42, Win: 0.35}, {Move: "serve 1", P: 0.06, Win: 0.18}}
	got := hintWhy(Advice{Best: "serve 3", Moves: moves}, 1000, 440)
	for _, want := range []string{"would choose serve 3", "1000 continuations", "began 44% with it", "won about 27%", "give or take 5 points",
		"Serve 4, tried almost as often (42%), won a larger share of its continuations (35%): a close call, and as fair a choice."} {
		if !strings.Contains(got, want) {
			t.Errorf("%q lacks %q", got, want)
		}
	}
	moves[1].P = 0.1
	got = hintWhy(Advice{Best: "serve 3", Moves: moves}, 1000, 100)
	for _, want := range []string{"give or take 10 points", "Serve 4 won a larger share of its continuations (35%), but was tried too rarely (10% of the search's tries) for that share to be sure."} {
		if !strings.Contains(got, want) {
			t.Errorf("%q lacks %q", got, want)
		}
	}
	moves[1].Win = 0.20
	got = hintWhy(Advice{Best: "serve 3", Moves: moves}, 1000, 100)
	if strings.Contains(got, "larger share") || !strings.HasSuffix(got, "points).") {
		t.Errorf("%q: want no word on another move when none won more", got)
	}
	// More by less than the half percent the text rounds to is not said to be more.
	moves[1].Win = 0.2735
	got = hintWhy(Advice{Best: "serve 3", Moves: moves}, 1000, 100)
	if strings.Contains(got, "won more") {
		t.Errorf("%q: 27%% is said to be more than 27%%", got)
	}
}

// A move that is itself a choice is not chosen twice: "would choose sarissia".
func TestHintOfAChoice(t *testing.T) {
	got := hintWhy(Advice{Best: "choose sarissia", Moves: []AdviceMove{{Move: "choose sarissia", P: 1, Win: 0.6}}}, 100, 100)
	if !strings.HasPrefix(got, "The hard bot would choose sarissia. ") {
		t.Errorf("hint of a choice: %q", got)
	}
}
