package main

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"deuce/analysis"
	"deuce/client/clienttest"
	"deuce/engine"
	"deuce/games/pencil"
	"deuce/protocol"
	"deuce/web"
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
	for _, want := range []string{"1. Ann", "2. Bob", "Move 1 · Ann: bid 2 — blunder, loss 1.000; the equilibrium bids 1"} {
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

// TestAnalyzeAgreesWithServer: deuce analyze of a finished table's address gives the analysis
// the server's replay page shows, budget for budget: the same decisions, losses, marks and
// accuracies, its moves numbered as the replay numbers them (the players' moves, chance's
// deals not counted) and its players named as at the table. (They once differed: the server
// searched one tree seeded by the table's seed, which its record does not give out, and deuce
// analyze two trees from seed 1.)
func TestAnalyzeAgreesWithServer(t *testing.T) {
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	const iterations = 100
	srv := clienttest.Start(t, func(m *web.Main) {
		m.Limits.AnalysisIterations, m.Limits.AnalysisShare = iterations, 1
	})
	c := srv.Client
	created, err := c.Create(ctx, protocol.CreateTable{Game: "centercourt", Variant: "tiebreak",
		Seats: []protocol.SeatRequest{{Bot: "heuristic"}, {Bot: "random"}}})
	if err != nil {
		t.Fatal(err)
	}
	id := created.ID
	for {
		tab, err := c.Table(ctx, id)
		if err != nil {
			t.Fatal(err)
		}
		if tab.Status == "finished" {
			break
		}
		if ctx.Err() != nil {
			t.Fatalf("table %s still %s", id, tab.Status)
		}
		time.Sleep(20 * time.Millisecond)
	}
	var reply struct {
		Status string          `json:"status"`
		Error  string          `json:"error"`
		Report json.RawMessage `json:"report"`
	}
	call := func(method string) {
		t.Helper()
		req, err := http.NewRequestWithContext(ctx, method, c.Server.String()+"/api/tables/"+id+"/analysis", bytes.NewReader([]byte("{}")))
		if err != nil {
			t.Fatal(err)
		}
		req.Header.Set("Content-Type", "application/json")
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		defer resp.Body.Close()
		if err := json.NewDecoder(resp.Body).Decode(&reply); err != nil {
			t.Fatalf("%s analysis: status %d: %v", method, resp.StatusCode, err)
		}
	}
	for call(http.MethodPost); reply.Status != "done"; call(http.MethodGet) {
		if reply.Status != "queued" && reply.Status != "running" || ctx.Err() != nil {
			t.Fatalf("the server's analysis: %s %s", reply.Status, reply.Error)
		}
		time.Sleep(20 * time.Millisecond)
	}
	var shown analysis.Report
	if err := json.Unmarshal(reply.Report, &shown); err != nil {
		t.Fatal(err)
	}

	link := c.Server.String() + "/r/" + id
	out, _, err := deuce(t, "", "analyze", "--json", "--quiet", "--iterations", fmt.Sprint(iterations), link)
	if err != nil {
		t.Fatal(err)
	}
	var cli analysis.Report
	if err := json.Unmarshal([]byte(out), &cli); err != nil {
		t.Fatal(err)
	}
	if got, want := clienttest.Canonical(t, cli), clienttest.Canonical(t, shown); got != want {
		t.Errorf("deuce analyze and the server disagree:\ncli    %s\nserver %s", got, want)
	}
	if !strings.Contains(shown.Budget, fmt.Sprintf("%d iterations", iterations)) {
		t.Errorf("the budget %q does not say its iterations", shown.Budget)
	}

	// The text numbers and names the moves as the replay page does.
	rec, err := c.Record(ctx, id)
	if err != nil {
		t.Fatal(err)
	}
	text, _, err := deuce(t, "", "analyze", "--all", "--quiet", "--iterations", fmt.Sprint(iterations), link)
	if err != nil {
		t.Fatal(err)
	}
	played, number := 0, map[int]int{} // the replay's number of each move of a player
	var missing []string
	for i, m := range rec.Moves {
		if m.Seat < 0 {
			continue
		}
		played++
		number[i] = played
		if want := fmt.Sprintf("Move %d · %s: %s", played, rec.Seats[m.Seat].Name, m.Text); !strings.Contains(text, want) {
			missing = append(missing, want)
		}
	}
	if len(missing) > 0 {
		t.Errorf("the text lacks %d of %d moves as the replay numbers and names them, %q the first:\n%s", len(missing), played, missing[0], text)
	}
	if played == len(rec.Moves) || rec.Seats[0].Name == "" {
		t.Fatalf("a record without chance moves or names (%d of %d moves played, seat 1 %q): the case checks nothing", played, len(rec.Moves), rec.Seats[0].Name)
	}
	for _, d := range shown.Decisions {
		if d.Mark == analysis.Good {
			continue
		}
		if want := fmt.Sprintf("Move %d · %s: %s — %s, loss %.3f", number[d.Move], rec.Seats[d.Seat].Name, d.Played, d.Mark, d.Loss); !strings.Contains(text, want) {
			t.Errorf("the text lacks the server's mark %q", want)
		}
	}
}
