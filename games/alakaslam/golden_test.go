package alakaslam

import (
	"bytes"
	"flag"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"deuce/engine"
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

// playRecord plays a match, team 0 with the heuristic and team 1 at random, and records it
// with a transcript: every action as the spectator is told, then the final view.
func playRecord(t *testing.T, opts engine.Options, seed uint64) (*engine.Record, string) {
	t.Helper()
	st, resolved, err := Game.Start(opts)
	if err != nil {
		t.Fatal(err)
	}
	s := st.(*State)
	rec := engine.NewRecord(Game, resolved, nil)
	rec.Seed = seed
	rng := rand.New(rand.NewPCG(seed, 1))
	var log strings.Builder
	for s.ToMove() != engine.Nobody {
		var a engine.Action
		switch to := s.ToMove(); {
		case to == engine.Chance:
			a = engine.SampleChance(rng, s.Chances(nil))
		case teamOf(int8(to)) == 0:
			a = heuristicPolicy(s, rng)
		default:
			a = randomPolicy(s, rng)
		}
		fmt.Fprintf(&log, "%s\n", engine.Narrate(s, a, engine.Spectator))
		if err := rec.Apply(s, a); err != nil {
			t.Fatal(err)
		}
	}
	log.WriteString("\n" + s.Observe(engine.Spectator).String())
	return rec, log.String()
}

// TestGolden plays the recorded matches again and compares them with testdata (refreshed with
// -update), then replays each record to the same end.
func TestGolden(t *testing.T) {
	for _, g := range goldenMatches {
		t.Run(g.name, func(t *testing.T) {
			rec, transcript := playRecord(t, g.opts, g.seed)
			var js bytes.Buffer
			if err := engine.WriteRecord(&js, rec); err != nil {
				t.Fatal(err)
			}
			recPath := filepath.Join("testdata", g.name+".json")
			txtPath := filepath.Join("testdata", g.name+".txt")
			if *update {
				if err := os.WriteFile(recPath, js.Bytes(), 0o644); err != nil {
					t.Fatal(err)
				}
				if err := os.WriteFile(txtPath, []byte(transcript), 0o644); err != nil {
					t.Fatal(err)
				}
			}
			wantRec, err := os.ReadFile(recPath)
			if err != nil {
				t.Fatalf("%v (run with -update to create it)", err)
			}
			wantTxt, err := os.ReadFile(txtPath)
			if err != nil {
				t.Fatal(err)
			}
			if !bytes.Equal(js.Bytes(), wantRec) {
				t.Errorf("%s: the match played differently (run with -update if the change is intended)", recPath)
			}
			if transcript != string(wantTxt) {
				t.Errorf("%s: the transcript differs (run with -update if the change is intended)", txtPath)
			}
			saved, err := engine.ReadRecord(bytes.NewReader(wantRec))
			if err != nil {
				t.Fatal(err)
			}
			final, err := engine.Replay(Game, saved, nil)
			if err != nil {
				t.Fatal(err)
			}
			if got := final.Result(); !reflect.DeepEqual(&got, saved.Result) {
				t.Errorf("replayed result %+v, recorded %+v", got, saved.Result)
			}
		})
	}
}

// perft counts the distinct action sequences (chance outcomes included) of depth d from s.
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
			s := setup(t, tt.setup)
			for d, want := range tt.want {
				if got := perft(s, d+1); got != want {
					t.Errorf("perft(%d) = %d, want %d", d+1, got, want)
				}
			}
		})
	}
}
