package enginetest

import (
	"bytes"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"testing"

	"deuce/engine"
)

// Record plays one match of p.Game with opts from seed, as Play does, and records it. Its random
// stream is the one the games' golden files were made with: changing it changes every golden
// match.
func (p Player[S, P]) Record(t testing.TB, opts engine.Options, seed uint64, policies ...Policy[P]) *engine.Record {
	t.Helper()
	s, resolved, err := p.Game.Start(opts)
	if err != nil {
		t.Fatal(err)
	}
	rec := engine.NewRecord(p.Game, resolved, nil)
	rec.Seed = seed
	p.play(t, s.(P), rand.New(rand.NewPCG(seed, 1)), seed, rec, policies)
	return rec
}

// Narration tells rec as the spectator hears it, one action a line, then shows the spectator's
// view of the final state, which it also returns.
func Narration(g engine.Game, rec *engine.Record) (string, engine.State, error) {
	var b strings.Builder
	final, err := engine.Replay(g, rec, func(i int, st engine.State) {
		if i < len(rec.Moves) {
			fmt.Fprintf(&b, "%s\n", engine.Narrate(st, rec.Moves[i].Action, engine.Spectator))
		}
	})
	if err != nil {
		return "", nil, err
	}
	fmt.Fprintf(&b, "\n%s", final.Observe(engine.Spectator))
	return b.String(), final, nil
}

// Golden checks a golden match kept in testdata as NAME.json (the record) and NAME.txt (its
// transcript): the match played now is byte for byte the record, the stored record replays to
// the transcript and to the result it records. With update (a test's -update flag) it first
// rewrites both files.
func Golden(t *testing.T, g engine.Game, name string, rec *engine.Record, transcript func(*engine.Record) (string, error), update bool) {
	t.Helper()
	var js bytes.Buffer
	if err := engine.WriteRecord(&js, rec); err != nil {
		t.Fatal(err)
	}
	recPath := filepath.Join("testdata", name+".json")
	txtPath := filepath.Join("testdata", name+".txt")
	if update {
		text, err := transcript(rec)
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(recPath, js.Bytes(), 0o644); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(txtPath, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	wantRec, err := os.ReadFile(recPath)
	if err != nil {
		t.Fatalf("%v (run with -update to create it)", err)
	}
	if !bytes.Equal(js.Bytes(), wantRec) {
		t.Errorf("%s: seed %d plays another match (run with -update if the change is intended)", recPath, rec.Seed)
	}
	stored, err := engine.ReadRecord(bytes.NewReader(wantRec))
	if err != nil {
		t.Fatal(err)
	}
	text, err := transcript(stored)
	if err != nil {
		t.Fatal(err)
	}
	GoldenFile(t, txtPath, text, false)
	final, err := engine.Replay(g, stored, nil)
	if err != nil {
		t.Fatal(err)
	}
	if got := final.Result(); stored.Result == nil || !reflect.DeepEqual(&got, stored.Result) {
		t.Errorf("%s: replayed result %+v, recorded %+v", recPath, got, stored.Result)
	}
}

// GoldenFile compares got with the file at path; with update it first writes got there.
func GoldenFile(t *testing.T, path, got string, update bool) {
	t.Helper()
	if update {
		if err := os.WriteFile(path, []byte(got), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run with -update to create it)", err)
	}
	if got == string(want) {
		return
	}
	g, w := strings.Split(got, "\n"), strings.Split(string(want), "\n")
	n := 0
	for n < len(g) && n < len(w) && g[n] == w[n] {
		n++
	}
	line := func(lines []string) string {
		if n < len(lines) {
			return fmt.Sprintf("%q", lines[n])
		}
		return "the end"
	}
	t.Errorf("%s differs from line %d (run with -update if the change is intended): got %s, want %s", path, n+1, line(g), line(w))
}

// Perft counts the distinct action sequences of length depth from s, chance outcomes included:
// a count that changes only when the rules do.
func Perft[S any, P interface {
	*S
	engine.State
}](s P, depth int) int {
	if depth == 0 || s.ToMove() == engine.Nobody {
		return 1
	}
	n := 0
	for _, a := range s.Legal(nil) {
		c := *s
		if err := P(&c).Apply(a); err != nil {
			panic(fmt.Sprintf("perft: legal action %d refused: %v", a, err))
		}
		n += Perft[S, P](&c, depth-1)
	}
	return n
}

// CheckPerft checks the perft counts of s at depths 1, 2, ... against want.
func CheckPerft[S any, P interface {
	*S
	engine.State
}](t *testing.T, s P, want []int) {
	t.Helper()
	if len(want) == 0 {
		t.Fatal("no perft counts to check")
	}
	var got []int
	for d := 1; d <= len(want); d++ {
		got = append(got, Perft[S, P](s, d))
	}
	if !slices.Equal(got, want) {
		t.Errorf("perft = %v, want %v", got, want)
	}
}
