package worldwide

import (
	"flag"
	"fmt"
	"math/rand/v2"
	"testing"

	"deuce/engine"
	"deuce/engine/enginetest"
)

var update = flag.Bool("update", false, "rewrite the golden files in testdata")

// goldenMatches are the seeded matches kept in testdata: the heuristic in seat 1 against the
// random player (or alone against the automaton).
var goldenMatches = []struct {
	name string
	opts engine.Options
	seed uint64
}{
	{"tiebreak", engine.Options{}, 2020},
	{"advanced-clay-extras", engine.Options{"rules": "advanced", "surface": "clay", "challenges": "yes", "player-cards": "yes"}, 2021},
	{"solo", engine.Options{"solo": "yes", "rules": "advanced"}, 2022},
	{"match-grass", engine.Options{"mode": "match", "rules": "advanced", "surface": "grass"}, 2023},
}

// transcript tells rec as the spectator heard it, with the spectator's view and the result at
// the end.
func transcript(rec *engine.Record) (string, error) {
	text, final, err := enginetest.Narration(Game, rec)
	if err != nil {
		return "", err
	}
	res := final.Result()
	return text + fmt.Sprintf("Result: %s, returns %v\n", res.Score, res.Returns), nil
}

// TestGolden plays the golden matches again and compares them with testdata (refresh with
// -update after a deliberate change of the rules, the notation, the narration or the
// heuristic): the same seed plays the same match, whose record replays to the transcript.
func TestGolden(t *testing.T) {
	for _, g := range goldenMatches {
		t.Run(g.name, func(t *testing.T) {
			rec := matches.Record(t, g.opts, g.seed, heuristicPolicy, randomPolicy)
			enginetest.Golden(t, Game, g.name, rec, transcript, *update)
		})
	}
}

// TestPerft pins the game tree: the number of distinct action sequences (chance outcomes
// included) of each length from fixed positions after the deal. From a serve of the tiebreak,
// depth 3 is 314: each serve card's 20 faces, then 4 other serves after a fault, stay or rush
// after a serve in, 5 serves for the next point after an ACE.
func TestPerft(t *testing.T) {
	tests := []struct {
		name  string
		opts  engine.Options
		seed  uint64
		steps int // random actions before counting
		want  []int
	}{
		{"tiebreak serve", engine.Options{}, 1, 13, []int{5, 100, 314, 4588, 18232}},
		{"advanced serve", engine.Options{"rules": "advanced"}, 1, 13, []int{5, 15, 45, 900, 2732}},
		{"solo rally", engine.Options{"solo": "yes", "rules": "advanced"}, 3, 30, []int{20, 86, 2598, 15859}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s := newMatch(t, tt.opts)
			rng := rand.New(rand.NewPCG(tt.seed, 5))
			for range tt.steps {
				step(t, s, rng, randomPolicy)
			}
			enginetest.CheckPerft(t, s, tt.want)
		})
	}
}
