package web_test

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"deuce/analysis"
	"deuce/web"
)

// startAnalysing starts a server whose analyses search a small budget at full speed.
func startAnalysing(t *testing.T) *server {
	t.Helper()
	return startWith(t, filepath.Join(t.TempDir(), "deuce.db"), func(m *web.Main) {
		m.Limits.AnalysisIterations, m.Limits.AnalysisShare = 40, 1
	})
}

type analysisReply struct {
	Status   string           `json:"status"`
	Done     int              `json:"done"`
	Total    int              `json:"total"`
	Position int              `json:"position"`
	Error    string           `json:"error"`
	Final    bool             `json:"final"`
	Report   *analysis.Report `json:"report"`
}

// waitFinished waits until the bot-against-bot table id is over.
func (s *server) waitFinished(id string) {
	s.t.Helper()
	deadline := time.Now().Add(30 * time.Second)
	for {
		var tab struct {
			Status string `json:"status"`
		}
		s.call("GET", "/api/tables/"+id, nil, &tab)
		if tab.Status == "finished" {
			return
		}
		if time.Now().After(deadline) {
			s.t.Fatalf("table %s still %s", id, tab.Status)
		}
		time.Sleep(20 * time.Millisecond)
	}
}

// waitAnalysed polls the analysis of id until it is done.
func (s *server) waitAnalysed(id string) *analysis.Report {
	s.t.Helper()
	deadline := time.Now().Add(60 * time.Second)
	for {
		var a analysisReply
		if code := s.call("GET", "/api/tables/"+id+"/analysis", nil, &a); code != http.StatusOK {
			s.t.Fatalf("analysis status %d: %s", code, a.Error)
		}
		switch a.Status {
		case "done":
			return a.Report
		case "queued", "running":
			if a.Done > a.Total {
				s.t.Fatalf("progress %d of %d", a.Done, a.Total)
			}
		default:
			s.t.Fatalf("analysis %+v", a)
		}
		if time.Now().After(deadline) {
			s.t.Fatalf("analysis of %s still %s (%d/%d)", id, a.Status, a.Done, a.Total)
		}
		time.Sleep(20 * time.Millisecond)
	}
}

func TestAnalysis(t *testing.T) {
	s := startAnalysing(t)
	bots := []any{map[string]string{"bot": "heuristic"}, map[string]string{"bot": "random"}}
	pc := s.create(map[string]any{"game": "pencil", "options": map[string]string{"points": "10"}, "seats": bots})
	cc := s.create(map[string]any{"game": "centercourt", "variant": "tiebreak", "seats": bots})
	open := s.create(map[string]any{"game": "pencil", "seats": []any{map[string]string{}, map[string]string{"bot": "random"}}})

	var a analysisReply
	if code := s.call("POST", "/api/tables/nosuch/analysis", map[string]any{}, &a); code != http.StatusNotFound {
		t.Errorf("unknown table: status %d", code)
	}
	if code := s.call("POST", "/api/tables/"+open.ID+"/analysis", map[string]any{}, &a); code != http.StatusConflict || a.Error == "" {
		t.Errorf("unfinished table: status %d %+v, want 409 with a reason", code, a)
	}
	if s.call("GET", "/api/tables/"+open.ID+"/analysis", nil, &a); a.Status != "none" || a.Error == "" {
		t.Errorf("unfinished table's analysis %+v, want none with a reason", a)
	}

	for _, id := range []string{pc.ID, cc.ID} {
		s.waitFinished(id)
		a = analysisReply{}
		if s.call("GET", "/api/tables/"+id+"/analysis", nil, &a); a.Status != "none" || a.Error != "" {
			t.Errorf("before asking: %+v, want none", a)
		}
		if code := s.call("POST", "/api/tables/"+id+"/analysis", map[string]any{}, &a); code != http.StatusAccepted && code != http.StatusOK {
			t.Fatalf("analyse: status %d %+v", code, a)
		}
		r := s.waitAnalysed(id)
		var rec struct {
			Moves []struct {
				Seat int `json:"seat"`
			} `json:"moves"`
		}
		s.call("GET", "/api/tables/"+id+"/record", nil, &rec)
		decisions := 0
		for _, m := range rec.Moves {
			if m.Seat >= 0 {
				decisions++
			}
		}
		if len(r.Decisions) != decisions || len(r.Seats) != 2 || len(r.Curve) == 0 {
			t.Errorf("%s: %d decisions, %d seats, %d curve points; the record has %d decisions", r.Game, len(r.Decisions), len(r.Seats), len(r.Curve), decisions)
		}
		if r.Seats[0].Name != "heuristic bot" {
			t.Errorf("seat 1 is %q", r.Seats[0].Name)
		}
		// Asking again finds the stored report.
		a = analysisReply{}
		if code := s.call("POST", "/api/tables/"+id+"/analysis", map[string]any{}, &a); code != http.StatusOK || a.Status != "done" {
			t.Errorf("second ask: status %d %s", code, a.Status)
		}
	}
	var a2 analysisReply
	s.call("GET", "/api/tables/"+pc.ID+"/analysis", nil, &a2)
	if a2.Report.Method != analysis.MethodSolver {
		t.Errorf("bidding game analysed by %q", a2.Report.Method)
	}
	// The stored analysis outlives the server.
	s.stop()
	s2 := startServer(t, s.path)
	var a3 json.RawMessage
	if code := s2.call("GET", "/api/tables/"+cc.ID+"/analysis", nil, &a3); code != http.StatusOK || len(a3) < 100 {
		t.Errorf("after a restart: status %d %s", code, a3)
	}
}

// TestAnalysisPencilBound: the server analyses bidding games up to the equilibrium bot's
// starting points only, and says so.
func TestAnalysisPencilBound(t *testing.T) {
	s := startWith(t, filepath.Join(t.TempDir(), "deuce.db"), func(m *web.Main) {
		m.Limits.EquilibriumPoints, m.Limits.AnalysisShare = 12, 1
	})
	bots := []any{map[string]string{"bot": "heuristic"}, map[string]string{"bot": "random"}}
	big := s.create(map[string]any{"game": "pencil", "options": map[string]string{"points": "13"}, "seats": bots})
	s.waitFinished(big.ID)
	var a analysisReply
	if code := s.call("POST", "/api/tables/"+big.ID+"/analysis", map[string]any{}, &a); code != http.StatusAccepted {
		t.Fatalf("analyse: status %d %+v", code, a)
	}
	deadline := time.Now().Add(20 * time.Second)
	for (a.Status == "queued" || a.Status == "running") && time.Now().Before(deadline) {
		time.Sleep(10 * time.Millisecond)
		s.call("GET", "/api/tables/"+big.ID+"/analysis", nil, &a)
	}
	if a.Status != "failed" || !strings.Contains(a.Error, "13 starting points, at most 12") {
		t.Errorf("analysis of a 13-point game with a bound of 12: %+v, want failed naming the bound", a)
	}
}

// TestAnalysisDecisionBound: the server analyses matches of at most AnalysisDecisions decisions
// (--analysis-max-decisions): a longer match is refused before any search, with a message
// naming its length and the bound, and a match of exactly the bound is analysed.
func TestAnalysisDecisionBound(t *testing.T) {
	s := startAnalysing(t)
	bots := []any{map[string]string{"bot": "heuristic"}, map[string]string{"bot": "random"}}
	tab := s.create(map[string]any{"game": "pencil", "options": map[string]string{"points": "10"}, "seats": bots})
	s.waitFinished(tab.ID)
	var rec struct {
		Moves []struct {
			Seat int `json:"seat"`
		} `json:"moves"`
	}
	s.call("GET", "/api/tables/"+tab.ID+"/record", nil, &rec)
	decisions := 0
	for _, m := range rec.Moves {
		if m.Seat >= 0 {
			decisions++
		}
	}
	s.stop()

	// One decision over the bound.
	capped := startWith(t, s.path, func(m *web.Main) {
		m.Limits.AnalysisIterations, m.Limits.AnalysisShare, m.Limits.AnalysisDecisions = 40, 1, decisions-1
	})
	var a analysisReply
	if code := capped.call("POST", "/api/tables/"+tab.ID+"/analysis", map[string]any{}, &a); code != http.StatusAccepted {
		t.Fatalf("analyse: status %d %+v", code, a)
	}
	deadline := time.Now().Add(20 * time.Second)
	for (a.Status == "queued" || a.Status == "running") && time.Now().Before(deadline) {
		time.Sleep(10 * time.Millisecond)
		a = analysisReply{}
		capped.call("GET", "/api/tables/"+tab.ID+"/analysis", nil, &a)
	}
	want := fmt.Sprintf("match too large to analyse: %d decisions, at most %d analysed", decisions, decisions-1)
	if a.Status != "failed" || a.Error != want || !a.Final || a.Done != 0 || a.Report != nil {
		t.Errorf("analysis of %d decisions with a bound of %d: %+v, want a final failure with %q and no decision searched", decisions, decisions-1, a, want)
	}
	// Asked again, it is refused at once, not queued to fail again.
	var again struct {
		Error string `json:"error"`
	}
	if code := capped.call("POST", "/api/tables/"+tab.ID+"/analysis", map[string]any{}, &again); code != http.StatusUnprocessableEntity || again.Error != want {
		t.Errorf("asking again: status %d %+v, want 422 saying %q", code, again, want)
	}
	capped.stop()

	// Exactly the bound.
	exact := startWith(t, s.path, func(m *web.Main) {
		m.Limits.AnalysisIterations, m.Limits.AnalysisShare, m.Limits.AnalysisDecisions = 40, 1, decisions
	})
	a = analysisReply{}
	if code := exact.call("POST", "/api/tables/"+tab.ID+"/analysis", map[string]any{}, &a); code != http.StatusAccepted {
		t.Fatalf("analyse with a bound of %d: status %d %+v", decisions, code, a)
	}
	if r := exact.waitAnalysed(tab.ID); len(r.Decisions) != decisions {
		t.Errorf("a match of %d decisions with a bound of as many: %d analysed", decisions, len(r.Decisions))
	}
}

// TestStaleAnalysisIsRedone: a report stored by an earlier version of the analysis (whose marks
// could call a close call a mistake, and one bid of a mixed equilibrium the best) is not shown
// as done: the page is told it is stale and offered the analysis again, which replaces it.
func TestStaleAnalysisIsRedone(t *testing.T) {
	s := startAnalysing(t)
	bots := []any{map[string]string{"bot": "heuristic"}, map[string]string{"bot": "random"}}
	tab := s.create(map[string]any{"game": "pencil", "options": map[string]string{"points": "10"}, "seats": bots})
	s.waitFinished(tab.ID)
	old := `{"game":"pencil","title":"Tennis","method":"solver","budget":"","seats":[],"decisions":[{"move":1,"seat":1,"played":"bid 9","best":"bid 1","loss":0.3,"mark":"mistake"}],"curve":[]}`
	if err := s.db.PutAnalysis(context.Background(), tab.ID, []byte(old)); err != nil {
		t.Fatal(err)
	}
	var a struct {
		Status string          `json:"status"`
		Stale  bool            `json:"stale"`
		Report json.RawMessage `json:"report"`
	}
	if code := s.call("GET", "/api/tables/"+tab.ID+"/analysis", nil, &a); code != http.StatusOK || a.Status != "none" || !a.Stale || a.Report != nil {
		t.Fatalf("a stale report: status %d, %s stale %v with %d bytes of report; want none and stale, no report", code, a.Status, a.Stale, len(a.Report))
	}
	if code := s.call("POST", "/api/tables/"+tab.ID+"/analysis", map[string]any{}, &a); code != http.StatusAccepted {
		t.Fatalf("analyse again: status %d %+v, want 202", code, a)
	}
	r := s.waitAnalysed(tab.ID)
	var version struct {
		Version int `json:"version"`
	}
	data, _ := json.Marshal(r)
	if err := json.Unmarshal(data, &version); err != nil || version.Version < 2 || len(r.Decisions) < 2 {
		t.Errorf("the new analysis: version %d, %d decisions", version.Version, len(r.Decisions))
	}
}
