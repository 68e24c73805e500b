package worldwide

import (
	"bytes"
	"flag"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"deuce/engine"
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

// goldenRecord plays a golden match and returns its record.
func goldenRecord(t *testing.T, opts engine.Options, seed uint64) *engine.Record {
	t.Helper()
	s, resolved, err := Game.Start(opts)
	if err != nil {
		t.Fatal(err)
	}
	rec := engine.NewRecord(Game, resolved, nil)
	rec.Seed = seed
	rng := rand.New(rand.NewPCG(seed, 1))
	for s.ToMove() != engine.Nobody {
		var a engine.Action
		switch to := s.ToMove(); to {
		case engine.Chance:
			a = engine.SampleChance(rng, s.Chances(nil))
		case 0:
			a = Heuristic(engine.Determinize(s, to, rng), rng)
		default:
			legal := s.Legal(nil)
			a = legal[rng.IntN(len(legal))]
		}
		if err := rec.Apply(s, a); err != nil {
			t.Fatal(err)
		}
	}
	return rec
}

// transcript replays rec and tells it as the spectator heard it, point by point, with the
// spectator's view at the end.
func transcript(t *testing.T, rec *engine.Record) string {
	t.Helper()
	var b strings.Builder
	final, err := engine.Replay(Game, rec, func(i int, st engine.State) {
		if i < len(rec.Moves) {
			fmt.Fprintf(&b, "%s\n", engine.Narrate(st, rec.Moves[i].Action, engine.Spectator))
		}
	})
	if err != nil {
		t.Fatal(err)
	}
	fmt.Fprintf(&b, "\n%s", final.Observe(engine.Spectator))
	res := final.Result()
	fmt.Fprintf(&b, "Result: %s, returns %v\n", res.Score, res.Returns)
	return b.String()
}

// TestGolden replays the records in testdata, compares their transcripts, and checks that the
// same seed still plays the same match (refresh with -update after a deliberate change of the
// rules, the notation, the narration or the heuristic).
func TestGolden(t *testing.T) {
	for _, g := range goldenMatches {
		t.Run(g.name, func(t *testing.T) {
			rec := goldenRecord(t, g.opts, g.seed)
			recPath := filepath.Join("testdata", g.name+".json")
			txtPath := filepath.Join("testdata", g.name+".txt")
			if *update {
				var buf bytes.Buffer
				if err := engine.WriteRecord(&buf, rec); err != nil {
					t.Fatal(err)
				}
				if err := os.WriteFile(recPath, buf.Bytes(), 0o644); err != nil {
					t.Fatal(err)
				}
				if err := os.WriteFile(txtPath, []byte(transcript(t, rec)), 0o644); err != nil {
					t.Fatal(err)
				}
			}
			f, err := os.Open(recPath)
			if err != nil {
				t.Fatal(err)
			}
			defer f.Close()
			stored, err := engine.ReadRecord(f)
			if err != nil {
				t.Fatal(err)
			}
			want, err := os.ReadFile(txtPath)
			if err != nil {
				t.Fatal(err)
			}
			if got := transcript(t, stored); got != string(want) {
				t.Errorf("the record %s replays to another transcript than %s (run with -update to refresh)", recPath, txtPath)
			}
			if len(stored.Moves) != len(rec.Moves) {
				t.Fatalf("seed %d now plays %d moves, the record has %d", g.seed, len(rec.Moves), len(stored.Moves))
			}
			for i, m := range stored.Moves {
				if rec.Moves[i] != m {
					t.Fatalf("seed %d: move %d is now %+v, the record has %+v", g.seed, i+1, rec.Moves[i], m)
				}
			}
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
			var got []int
			for d := 1; d <= len(tt.want); d++ {
				got = append(got, perft(s, d))
			}
			if !slices.Equal(got, tt.want) {
				t.Fatalf("perft from %s: got %v, want %v", phaseNames[s.phase], got, tt.want)
			}
		})
	}
}

// perft counts the action sequences of length d from s.
func perft(s *State, d int) int {
	if d == 0 || s.ToMove() == engine.Nobody {
		return 1
	}
	n := 0
	for _, a := range s.Legal(nil) {
		c := *s
		if err := c.Apply(a); err != nil {
			panic(err)
		}
		n += perft(&c, d-1)
	}
	return n
}
