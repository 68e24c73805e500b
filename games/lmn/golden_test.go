package lmn

import (
	"bufio"
	"flag"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"deuce/engine"
	"deuce/engine/enginetest"
)

var update = flag.Bool("update", false, "rewrite the golden files in testdata")

// goldenPoints is the number of points each golden transcript covers.
const goldenPoints = 3

// transcript plays the first goldenPoints points of a seeded match of variant, the heuristic
// for side 0 and the random policy for side 1, and writes every action as "seat: notation",
// with seat 0's view at the start of every rally and the spectator's at the end.
func transcript(t *testing.T, variant string) string {
	s := newMatch(t, variant)
	rng := rand.New(rand.NewPCG(2010, 8))
	var b strings.Builder
	for s.score.PointsPlayed() < goldenPoints && s.ToMove() != engine.Nobody {
		if s.phase == phaseServe {
			fmt.Fprintf(&b, "\n%s\n", indent(s.Observe(0).String()))
		}
		mover := s.ToMove()
		a := step(t, s.Clone().(*State), rng, map[int]policy{0: heuristicPolicy, 1: randomPolicy}[side(int8(max(mover, 0)))])
		fmt.Fprintf(&b, "%s: %s\n", mover, s.ActionString(a))
		if err := s.Apply(a); err != nil {
			t.Fatal(err)
		}
	}
	fmt.Fprintf(&b, "\n%s\n", indent(s.Observe(engine.Spectator).String()))
	return b.String()
}

// indent marks observation lines so that a replay skips them.
func indent(text string) string {
	return "| " + strings.ReplaceAll(strings.TrimRight(text, "\n"), "\n", "\n| ")
}

// TestGolden compares the transcripts with testdata (refresh with -update): a change in the
// rules, the notation, the views or the heuristic shows up here first.
func TestGolden(t *testing.T) {
	for _, variant := range []string{"singles", "doubles"} {
		t.Run(variant, func(t *testing.T) {
			enginetest.GoldenFile(t, filepath.Join("testdata", variant+".txt"), transcript(t, variant), *update)
		})
	}
}

// TestGoldenReplays replays the golden transcripts from their notation alone: every move by the
// seat to move, parsed and applied, ending with the spectator's view the file shows.
func TestGoldenReplays(t *testing.T) {
	for _, variant := range []string{"singles", "doubles"} {
		t.Run(variant, func(t *testing.T) {
			f, err := os.Open(filepath.Join("testdata", variant+".txt"))
			if err != nil {
				t.Fatal(err)
			}
			defer f.Close()
			s := newMatch(t, variant)
			var view []string
			sc := bufio.NewScanner(f)
			for n := 1; sc.Scan(); n++ {
				line := sc.Text()
				if v, ok := strings.CutPrefix(line, "| "); ok || line == "|" {
					view = append(view, v)
					continue
				}
				if line == "" {
					view = view[:0]
					continue
				}
				who, text, ok := strings.Cut(line, ": ")
				if !ok {
					t.Fatalf("line %d: %q", n, line)
				}
				if got := s.ToMove().String(); got != who {
					t.Fatalf("line %d: %s to move, the file says %s", n, got, who)
				}
				a, err := s.ParseAction(text)
				if err != nil {
					t.Fatalf("line %d: %v", n, err)
				}
				if err := s.Apply(a); err != nil {
					t.Fatalf("line %d: %v", n, err)
				}
			}
			if err := sc.Err(); err != nil {
				t.Fatal(err)
			}
			if got, want := strings.TrimRight(s.Observe(engine.Spectator).String(), "\n"), strings.Join(view, "\n"); got != want {
				t.Errorf("final view:\n%s\nwant:\n%s", got, want)
			}
			if got := s.score.PointsPlayed(); got != goldenPoints {
				t.Errorf("%d points played, want %d", got, goldenPoints)
			}
		})
	}
}

// fixedDeal is a singles match after a fixed deal: seat 0 serves with cards 1 to 6, seat 1
// receives with cards 7, 10, 13, 19 and 24.
func fixedDeal(t testing.TB, variant string) *State {
	s := newMatch(t, variant)
	deal := []int{1, 2, 3, 4, 5, 6, 7, 10, 13, 19, 24, 8, 11, 14, 20, 23, 9, 12, 15, 18, 22}
	for i := 0; s.phase == phaseDeal; i++ {
		if err := s.Apply(Draw(deal[i])); err != nil {
			t.Fatal(err)
		}
	}
	return s
}

// rallyStart is fixedDeal after a fixed setup and serve: the receiver lays out 7, 13 and 24,
// the server 1, 3 and 5 and serves 2 to FC from the hand; the receiver is to return.
func rallyStart(t testing.TB) *State {
	s := fixedDeal(t, "singles")
	for _, text := range []string{"prep 7", "prep 13", "prep 24", "done", "prep 1", "prep 3", "prep 5", "done", "serve 2", "done"} {
		if err := enginetest.ApplyText(s, text); err != nil {
			t.Fatal(err)
		}
	}
	return s
}

// TestPerft pins the game tree from fixed positions: the counts change only when the rules do.
func TestPerft(t *testing.T) {
	tests := []struct {
		name  string
		start func(testing.TB) *State
		want  []int // depth 1, 2, ...
	}{
		{"singles deal", func(t testing.TB) *State { return fixedDeal(t, "singles") }, []int{6, 28, 117, 490, 2046, 8164, 32840}},
		{"doubles deal", func(t testing.TB) *State { return fixedDeal(t, "doubles") }, []int{6, 27, 103, 387, 1529, 6076, 24349}},
		{"singles rally", rallyStart, []int{2, 6, 6, 22, 160, 2416, 9492}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s := tt.start(t)
			enginetest.CheckPerft(t, s, tt.want)
		})
	}
}
