package alakaslam

import (
	"flag"
	"testing"

	"deuce/engine"
	"deuce/engine/enginetest"
)

var update = flag.Bool("update", false, "rewrite the golden files in testdata")

// goldenMatches are the recorded matches: a heuristic side against a random one, in every format.
var goldenMatches = []struct {
	name string
	opts engine.Options
	seed uint64
}{
	{"singles", engine.Options{"format": "singles", "character1": "austin", "character2": "laurie"}, 3},
	{"doubles", engine.Options{"format": "doubles", "character1": "rich", "character2": "toots", "character3": "simon", "character4": "wendolyn"}, 4},
	{"canadian", engine.Options{"format": "canadian", "character1": "josephias", "character2": "sarissia", "character3": "laurie"}, 5},
}

// TestGolden plays the recorded matches again, team 0 with the heuristic and team 1 at random,
// and compares them with testdata (refreshed with -update): the same seed plays the same
// match, whose record replays to the transcript (every action as the spectator is told, then
// the final view) and to its result.
func TestGolden(t *testing.T) {
	transcript := func(rec *engine.Record) (string, error) {
		text, _, err := enginetest.Narration(Game, rec)
		return text, err
	}
	for _, g := range goldenMatches {
		t.Run(g.name, func(t *testing.T) {
			rec := matches.Record(t, g.opts, g.seed, heuristicPolicy, randomPolicy)
			enginetest.Golden(t, Game, g.name, rec, transcript, *update)
		})
	}
}

// TestPerft pins the game tree from fixed positions.
func TestPerft(t *testing.T) {
	tests := []struct {
		setup string
		want  []int // depth 1, 2, ...
	}{
		{"c1=austin c2=rich p1=r0c1 p2=r3c0 ball=r0c1 h1=2r,2b,1r,e2 h2=3b,e1", []int{11, 64, 346, 1710, 10548, 75541}},
		{"serve c1=laurie c2=toots p1=r0c0 p2=r3c2 ball=r0c0 h1=2b,1r,0b,e1", []int{6, 39, 246, 1752, 7876, 56675}},
		{"doubles p1=r0c1 p3=r1c3 p2=r3c1 p4=r2c2 ball=r1c2 h1=1r,e2 h3=2b,0r h2=1b h4=e2", []int{5, 13, 39, 69, 191, 975, 7816}},
		{"canadian p2=r3c1 p1=r0c0 p3=r1c2 ball=r3c3 to=2 h2=e1,1r,2b h1=3r h3=1b", []int{5, 14, 56, 293, 2176, 21093}},
	}
	for _, tt := range tests {
		t.Run(tt.setup, func(t *testing.T) {
			s := rules.State(t, tt.setup)
			enginetest.CheckPerft(t, s, tt.want)
		})
	}
}
