package sim

import (
	"bytes"
	"os"
	"path/filepath"
	"testing"
	"time"
)

// TestResultsReachTheFile checks that a result waits in the buffer for at most FlushEvery: a
// run killed outright then loses the matches of its last second, not those of a full buffer.
func TestResultsReachTheFile(t *testing.T) {
	path := filepath.Join(t.TempDir(), "run.jsonl")
	r, err := CreateResults(path, Spec{Version: specVersion, Game: "fake", Matches: 10, Shard: Shard{Count: 1}})
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	clock := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
	r.now, r.flushed = func() time.Time { return clock }, clock
	lines := func() int {
		b, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		return bytes.Count(b, []byte("\n"))
	}
	if err := r.Write(MatchResult{Index: 0, Winner: -1}); err != nil {
		t.Fatal(err)
	}
	if n := lines(); n != 0 {
		t.Fatalf("%d lines in the file at once, want them buffered", n)
	}
	clock = clock.Add(FlushEvery - time.Millisecond)
	if err := r.Write(MatchResult{Index: 1, Winner: -1}); err != nil {
		t.Fatal(err)
	}
	if n := lines(); n != 0 {
		t.Fatalf("%d lines in the file before FlushEvery, want them buffered", n)
	}
	clock = clock.Add(time.Millisecond)
	if err := r.Write(MatchResult{Index: 2, Winner: -1}); err != nil {
		t.Fatal(err)
	}
	if n := lines(); n != 4 {
		t.Fatalf("%d lines in the file after FlushEvery, want the spec and 3 results", n)
	}
}
