package main

import (
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"deuce/analysis"
	"deuce/engine"
	"deuce/games/pencil"
)

func TestAnalyze(t *testing.T) {
	s, opts, err := pencil.Game.Start(engine.Options{"points": "2", "fields": "1"})
	if err != nil {
		t.Fatal(err)
	}
	rec := engine.NewRecord(pencil.Game, opts, []engine.SeatInfo{{Name: "Ann"}, {Name: "Bob"}})
	for _, b := range []engine.Action{2, 1, 0, 1} { // Ann bids 2 of 2: a loss of 1 (see package analysis)
		if err := rec.Apply(s, b); err != nil {
			t.Fatal(err)
		}
	}
	path := filepath.Join(t.TempDir(), "m.json")
	data, err := json.Marshal(rec)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, data, 0o600); err != nil {
		t.Fatal(err)
	}
	out, _, err := deuce(t, "", "analyze", "--quiet", path)
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"1. Ann", "2. Bob", "player 1 bid 2", "best bid 1", "loss 1.000", "BLUNDER"} {
		if !strings.Contains(out, want) {
			t.Errorf("output lacks %q:\n%s", want, out)
		}
	}
	out, _, err = deuce(t, "", "analyze", "--json", "--quiet", path)
	if err != nil {
		t.Fatal(err)
	}
	var r analysis.Report
	if err := json.Unmarshal([]byte(out), &r); err != nil {
		t.Fatal(err)
	}
	if r.Decisions[0].Mark != analysis.Blunder || r.Seats[0].Accuracy != 0 {
		t.Errorf("report %+v", r)
	}

	_, _, err = deuce(t, "", "analyze", "--iterations", "0", path)
	var u usageError
	if !errors.As(err, &u) {
		t.Errorf("--iterations 0: error %v, want a usage error", err)
	}
	if _, _, err := deuce(t, "", "analyze", filepath.Join(t.TempDir(), "none.json")); err == nil {
		t.Error("a missing file was analysed")
	}

	// A match with no decision yet gives no player an accuracy: not 100% of nothing.
	rec.Moves = nil
	data, _ = json.Marshal(rec)
	if err := os.WriteFile(path, data, 0o600); err != nil {
		t.Fatal(err)
	}
	out, _, err = deuce(t, "", "analyze", "--quiet", path)
	if err != nil {
		t.Fatal(err)
	}
	if strings.Contains(out, "100.0%") || !strings.Contains(out, "1. Ann                       0        -") {
		t.Errorf("an empty match's analysis:\n%s", out)
	}
}
