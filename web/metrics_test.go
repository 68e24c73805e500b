package web_test

import (
	"fmt"
	"io"
	"net/http"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"deuce/web"
)

// metric reads one sample of the server's /metrics, like `deuce_moves_total{via="local"}`.
func (s *server) metric(name string) float64 {
	s.t.Helper()
	v, err := metricAt(s.url, name)
	if err != nil {
		s.t.Fatal(err)
	}
	return v
}

// metricAt reads one sample of the /metrics of the server at url.
func metricAt(url, name string) (float64, error) {
	resp, err := http.Get(url + "/metrics")
	if err != nil {
		return 0, err
	}
	defer resp.Body.Close()
	body, err := io.ReadAll(resp.Body)
	if err != nil {
		return 0, err
	}
	m := regexp.MustCompile(`(?m)^` + regexp.QuoteMeta(name) + ` (\S+)$`).FindSubmatch(body)
	if m == nil {
		return 0, fmt.Errorf("no %s in /metrics:\n%s", name, body)
	}
	return strconv.ParseFloat(string(m[1]), 64)
}

func TestMetricsCountMovesAndConnections(t *testing.T) {
	s := startServer(t, filepath.Join(t.TempDir(), "deuce.db"))
	c := s.create(twoPeople)
	ann := s.connect(c.ID, c.Seats[0].Token)
	u := ann.untilUpdate()
	if got := s.metric("deuce_live_tables"); got != 1 {
		t.Errorf("live tables %v, want 1", got)
	}
	if got := s.metric("deuce_websocket_connections"); got != 1 {
		t.Errorf("websocket connections %v, want 1", got)
	}
	ann.send(map[string]any{"type": "move", "seq": u.Seq, "action": u.Legal[0].Action})
	ann.untilUpdate()
	// The update goes out before the move's handler counts it; a socket's messages are handled
	// in order, so once a later message is answered the move is counted.
	ann.send(map[string]any{"type": "nope"})
	if e := ann.untilError(); e.Code != "bad_message" {
		t.Fatalf("an unknown message: %+v", e)
	}
	if got := s.metric(`deuce_moves_total{via="local"}`); got != 1 {
		t.Errorf("moves %v, want 1", got)
	}
	if got := s.metric(`deuce_move_update_seconds_count{via="local"}`); got != 1 {
		t.Errorf("latencies observed %v, want 1", got)
	}
	if got := s.metric(`deuce_store_errors_total{op="append"}`); got != 0 {
		t.Errorf("store errors %v, want 0", got)
	}
}

func TestReadyzAndHealthz(t *testing.T) {
	s := startServer(t, filepath.Join(t.TempDir(), "deuce.db"))
	for _, path := range []string{"/healthz", "/readyz"} {
		if code := s.call("GET", path, nil, nil); code != http.StatusOK {
			t.Errorf("%s: %d, want 200", path, code)
		}
	}
	// A store that no longer answers: the node takes no tables.
	s.db.Close()
	if code := s.call("GET", "/readyz", nil, nil); code != http.StatusServiceUnavailable {
		t.Errorf("readyz with the store closed: %d, want 503", code)
	}
}

// With a metrics address of its own, /metrics is served there and not at the address the public
// reaches; switched off, it is served nowhere.
func TestMetricsApart(t *testing.T) {
	apart := startWith(t, filepath.Join(t.TempDir(), "deuce.db"), func(m *web.Main) { m.Metrics = "127.0.0.1:0" })
	at := apart.main.MetricsURL()
	if at == apart.url+"/metrics" || !strings.HasSuffix(at, "/metrics") {
		t.Fatalf("metrics at %q, want a listener of their own beside %s", at, apart.url)
	}
	if got, err := metricAt(strings.TrimSuffix(at, "/metrics"), "deuce_live_tables"); err != nil || got != 0 {
		t.Errorf("deuce_live_tables at the metrics address: %v, %v; want 0", got, err)
	}
	if code := statusOf(t, apart.url+"/metrics"); code != http.StatusNotFound {
		t.Errorf("/metrics at the public address: %d, want 404", code)
	}
	// The metrics listener serves nothing else.
	if code := statusOf(t, strings.TrimSuffix(at, "/metrics")+"/api/games"); code != http.StatusNotFound {
		t.Errorf("/api/games at the metrics address: %d, want 404", code)
	}

	off := startWith(t, filepath.Join(t.TempDir(), "deuce.db"), func(m *web.Main) { m.Metrics = web.MetricsOff })
	if got := off.main.MetricsURL(); got != "" {
		t.Errorf("metrics off served at %q", got)
	}
	if code := statusOf(t, off.url+"/metrics"); code != http.StatusNotFound {
		t.Errorf("/metrics with metrics off: %d, want 404", code)
	}
	if code := statusOf(t, off.url+"/api/games"); code != http.StatusOK {
		t.Errorf("/api/games with metrics off: %d, want 200", code)
	}
}

// statusOf is the status of a GET of url.
func statusOf(t *testing.T, url string) int {
	t.Helper()
	resp, err := http.Get(url)
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	return resp.StatusCode
}
