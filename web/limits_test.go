package web_test

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"net"
	"net/http"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/coder/websocket"

	"deuce/timesource"
	"deuce/web"
)

// answer is one HTTP answer: status, headers and the error message of its JSON body.
type answer struct {
	status int
	header http.Header
	Error  string `json:"error"`
	body   []byte
}

// raw sends a request with the given content type and headers.
func (s *server) raw(method, path, contentType, body string, header map[string]string) answer {
	s.t.Helper()
	req, _ := http.NewRequest(method, s.url+path, strings.NewReader(body))
	if contentType != "" {
		req.Header.Set("Content-Type", contentType)
	}
	for k, v := range header {
		req.Header.Set(k, v)
	}
	client := http.DefaultClient
	if s.client != nil {
		client = s.client
	}
	resp, err := client.Do(req)
	if err != nil {
		s.t.Fatal(err)
	}
	defer resp.Body.Close()
	a := answer{status: resp.StatusCode, header: resp.Header}
	a.body, _ = io.ReadAll(resp.Body)
	_ = json.Unmarshal(a.body, &a)
	return a
}

// fromAddress returns a client whose connections come from the loopback address ip.
func fromAddress(ip string) *http.Client {
	d := &net.Dialer{LocalAddr: &net.TCPAddr{IP: net.ParseIP(ip)}}
	return &http.Client{Transport: &http.Transport{DialContext: d.DialContext}}
}

func (s *server) post(path string, body any) answer {
	s.t.Helper()
	b, _ := json.Marshal(body)
	return s.raw("POST", path, "application/json", string(b), nil)
}

var pencilVsBot = map[string]any{"game": "pencil", "options": map[string]string{"points": "12"}, "seats": []any{map[string]string{"name": "Ann"}, map[string]string{"bot": "heuristic"}}}

func TestCreateRateLimitAnswers429UntilTheBucketRefills(t *testing.T) {
	clock := timesource.NewFake(time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC))
	s := startWith(t, filepath.Join(t.TempDir(), "deuce.db"), func(m *web.Main) {
		m.Clock = clock
		m.Limits.CreatesPerMinute, m.Limits.CreateBurst = 2, 3
	})
	for i := range 3 {
		if a := s.post("/api/tables", pencilVsBot); a.status != http.StatusCreated {
			t.Fatalf("create %d: %d %s", i+1, a.status, a.Error)
		}
	}
	a := s.post("/api/tables", pencilVsBot)
	if a.status != http.StatusTooManyRequests || a.header.Get("Retry-After") != "30" || !strings.Contains(a.Error, "try again in 30 seconds") {
		t.Fatalf("fourth create: %d Retry-After %q %q; want 429, 30 s", a.status, a.header.Get("Retry-After"), a.Error)
	}
	clock.Advance(29 * time.Second)
	if a := s.post("/api/tables", pencilVsBot); a.status != http.StatusTooManyRequests || a.header.Get("Retry-After") != "1" {
		t.Fatalf("after 29 s: %d Retry-After %q; want 429, 1 s", a.status, a.header.Get("Retry-After"))
	}
	clock.Advance(time.Second)
	if a := s.post("/api/tables", pencilVsBot); a.status != http.StatusCreated {
		t.Fatalf("after 30 s: %d %s; want 201", a.status, a.Error)
	}
	// Refused creates made nothing.
	var list []map[string]any
	s.call("GET", "/api/tables", nil, &list)
	if len(list) != 4 {
		t.Errorf("%d tables stored, want 4", len(list))
	}
}

// Requests refused as bad use none of the tables one may create, and have a limit of their own,
// ten times as fast with three times the burst.
func TestRefusedCreatesAreLimitedApart(t *testing.T) {
	clock := timesource.NewFake(time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC))
	s := startWith(t, filepath.Join(t.TempDir(), "deuce.db"), func(m *web.Main) {
		m.Clock = clock
		m.Limits.CreatesPerMinute, m.Limits.CreateBurst = 2, 3
	})
	bad := map[string]any{"game": "pencil", "seats": []any{map[string]string{"name": "Ann"}}}
	for i := range 8 {
		if a := s.post("/api/tables", bad); a.status != http.StatusBadRequest {
			t.Fatalf("bad request %d: %d %s, want 400", i+1, a.status, a.Error)
		}
	}
	if a := s.post("/api/tables", pencilVsBot); a.status != http.StatusCreated {
		t.Fatalf("a good request after 8 bad ones: %d %s, want 201", a.status, a.Error)
	}
	// 9 requests of the 9 (3 x 3) the burst allows are spent: the next is refused, bad or not.
	if a := s.post("/api/tables", bad); a.status != http.StatusTooManyRequests || !strings.Contains(a.Error, "too many requests for new tables") {
		t.Fatalf("the tenth request: %d %q, want 429", a.status, a.Error)
	}
	// Refusals are counted for the monitoring, by limit.
	if got := s.metric(`deuce_rate_limited_total{limit="create_tries"}`); got != 1 {
		t.Errorf("deuce_rate_limited_total{limit=\"create_tries\"} = %v, want 1", got)
	}
}

func TestTableCaps(t *testing.T) {
	s := startWith(t, filepath.Join(t.TempDir(), "deuce.db"), func(m *web.Main) {
		m.Limits.TablesPerAddress, m.Limits.LiveTables, m.Limits.BotTables = 2, 3, 1
		m.BotDelay = time.Hour // bot-only tables stay unfinished
	})
	botsOnly := map[string]any{"game": "pencil", "seats": []any{map[string]string{"bot": "random"}, map[string]string{"bot": "random"}}}
	if a := s.post("/api/tables", botsOnly); a.status != http.StatusCreated {
		t.Fatalf("bot table: %d %s", a.status, a.Error)
	}
	if a := s.post("/api/tables", botsOnly); a.status != http.StatusServiceUnavailable || a.header.Get("Retry-After") == "" || !strings.Contains(a.Error, "between bots only") {
		t.Fatalf("second bot table: %d %q", a.status, a.Error)
	}
	if a := s.post("/api/tables", pencilVsBot); a.status != http.StatusCreated {
		t.Fatalf("table 2: %d %s", a.status, a.Error)
	}
	if a := s.post("/api/tables", pencilVsBot); a.status != http.StatusTooManyRequests || !strings.Contains(a.Error, "2 unfinished tables") || !strings.Contains(a.Error, "finish, resign or call off one first") || !strings.Contains(a.Error, "ends by itself after") || strings.Contains(a.Error, "m0s") {
		t.Fatalf("table 3 from one address: %d %q; want 429 naming the cap", a.status, a.Error)
	}
	// From another address (127.0.0.2, also the loopback) the server-wide cap answers.
	other := *s
	other.client = fromAddress("127.0.0.2")
	if a := other.post("/api/tables", pencilVsBot); a.status != http.StatusCreated {
		t.Fatalf("table 3 from another address: %d %s", a.status, a.Error)
	}
	if a := other.post("/api/tables", pencilVsBot); a.status != http.StatusServiceUnavailable || !strings.Contains(a.Error, "the server is full") || a.header.Get("Retry-After") != "60" {
		t.Fatalf("table 4: %d %q; want 503 full", a.status, a.Error)
	}
}

func TestEquilibriumBotIsBoundedByPoints(t *testing.T) {
	s := startWith(t, filepath.Join(t.TempDir(), "deuce.db"), func(m *web.Main) { m.Limits.EquilibriumPoints = 40 })
	for _, points := range []string{"1000", "41", "40,41"} {
		body := map[string]any{"game": "pencil", "options": map[string]string{"points": points, "fields": "5"}, "seats": []any{map[string]string{"bot": "equilibrium"}, map[string]string{"name": "x"}}}
		a := s.post("/api/tables", body)
		if a.status != http.StatusBadRequest || !strings.Contains(a.Error, "at most 40 points") || !strings.Contains(a.Error, "--equilibrium-max-points") {
			t.Errorf("points %s: %d %q; want 400 naming the limit", points, a.status, a.Error)
		}
	}
	var list []map[string]any
	s.call("GET", "/api/tables", nil, &list)
	if len(list) != 0 {
		t.Fatalf("refused tables were stored: %v", list)
	}
	// Within the limit the bot plays.
	c := s.create(map[string]any{"game": "pencil", "options": map[string]string{"points": "40"}, "seats": []any{map[string]string{"name": "x"}, map[string]string{"bot": "equilibrium"}}})
	cl := s.connect(c.ID, c.Seats[0].Token)
	u := cl.untilUpdate()
	cl.send(map[string]any{"type": "move", "seq": u.Seq, "action": u.Legal[0].Action})
	for u.Seq < 2 {
		u = cl.untilUpdate()
	}
}

func TestSpectatorAndConnectionCaps(t *testing.T) {
	clock := timesource.NewFake(time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC))
	s := startWith(t, filepath.Join(t.TempDir(), "deuce.db"), func(m *web.Main) {
		m.Clock = clock
		m.Limits.SpectatorsPerTable = 2
		m.Limits.ConnectsPerMinute, m.Limits.ConnectBurst = 1, 4
	})
	c := s.create(pencilVsBot)
	// Each spectator counts once it has its first update.
	for range 2 {
		s.connect(c.ID, "").untilUpdate()
	}
	third := s.connect(c.ID, "")
	if m := third.untilError(); m.Code != "full" || !strings.Contains(m.Error, "2 spectators") {
		t.Fatalf("third spectator: %+v; want full", m)
	}
	// The fourth connection within the burst is refused before the upgrade, with Retry-After.
	s.connect(c.ID, c.Seats[0].Token).untilUpdate()
	_, resp, err := websocket.Dial(context.Background(), strings.Replace(s.url, "http", "ws", 1)+"/ws/tables/"+c.ID, nil)
	if err == nil || resp == nil || resp.StatusCode != http.StatusTooManyRequests || resp.Header.Get("Retry-After") != "60" {
		t.Fatalf("fifth connection: %v %v; want 429 with Retry-After 60", err, resp)
	}
}

func TestSecurityHeadersAndStateChangingRequests(t *testing.T) {
	s := startServer(t, filepath.Join(t.TempDir(), "deuce.db"))
	for _, path := range []string{"/", "/static/js/table.js", "/api/games", "/healthz", "/nowhere"} {
		a := s.raw("GET", path, "", "", nil)
		csp := a.header.Get("Content-Security-Policy")
		if !strings.Contains(csp, "frame-ancestors 'none'") || !strings.Contains(csp, "script-src 'self';") || strings.Contains(csp, "unsafe-eval") {
			t.Errorf("%s: Content-Security-Policy %q", path, csp)
		}
		if a.header.Get("X-Content-Type-Options") != "nosniff" || a.header.Get("Referrer-Policy") != "no-referrer" {
			t.Errorf("%s: headers %v", path, a.header)
		}
	}
	body, _ := json.Marshal(pencilVsBot)
	for _, tt := range []struct {
		name, contentType string
		header            map[string]string
		status            int
	}{
		{"text/plain", "text/plain", nil, http.StatusUnsupportedMediaType},
		{"form", "application/x-www-form-urlencoded", nil, http.StatusUnsupportedMediaType},
		{"no content type", "", nil, http.StatusUnsupportedMediaType},
		{"another site", "application/json", map[string]string{"Origin": "https://evil.example"}, http.StatusForbidden},
		{"same host other port", "application/json", map[string]string{"Origin": "http://127.0.0.1:1"}, http.StatusForbidden},
		{"null origin", "application/json", map[string]string{"Origin": "null"}, http.StatusForbidden},
	} {
		if a := s.raw("POST", "/api/tables", tt.contentType, string(body), tt.header); a.status != tt.status || a.Error == "" {
			t.Errorf("%s: %d %q; want %d", tt.name, a.status, a.Error, tt.status)
		}
	}
	// A method no route takes is named as the wrong thing, whatever its body.
	for _, method := range []string{"PATCH", "PUT"} {
		if a := s.raw(method, "/api/account", "text/plain", "x", nil); a.status != http.StatusMethodNotAllowed || !strings.Contains(a.Error, method+" is not a method this path takes") || a.header.Get("Allow") == "" {
			t.Errorf("%s: %d %q, Allow %q; want 405", method, a.status, a.Error, a.header.Get("Allow"))
		}
	}
	var list []map[string]any
	s.call("GET", "/api/tables", nil, &list)
	if len(list) != 0 {
		t.Fatalf("refused requests created tables: %v", list)
	}
	same := s.raw("POST", "/api/tables", "application/json; charset=utf-8", string(body), map[string]string{"Origin": s.url})
	if same.status != http.StatusCreated {
		t.Errorf("same origin: %d %s", same.status, same.Error)
	}
	big := s.raw("POST", "/api/tables", "application/json", `{"game":"`+strings.Repeat("x", 20<<10)+`"}`, nil)
	if big.status != http.StatusRequestEntityTooLarge || !strings.Contains(big.Error, "16384 bytes") {
		t.Errorf("large body: %d %q", big.status, big.Error)
	}
	two := s.raw("POST", "/api/tables", "application/json", string(body)+string(body), nil)
	if two.status != http.StatusBadRequest {
		t.Errorf("two objects: %d %q", two.status, two.Error)
	}
	// A websocket opened from a page of another site is refused before any upgrade, in JSON.
	c := s.create(pencilVsBot)
	ws := strings.Replace(s.url, "http", "ws", 1) + "/ws/tables/" + c.ID
	_, resp, err := websocket.Dial(context.Background(), ws, &websocket.DialOptions{HTTPHeader: http.Header{"Origin": {"https://evil.example"}}})
	if err == nil || resp == nil || resp.StatusCode != http.StatusForbidden || !strings.HasPrefix(resp.Header.Get("Content-Type"), "application/json") {
		t.Errorf("a cross-site websocket: %v %v", err, resp)
	}
	conn, _, err := websocket.Dial(context.Background(), ws, &websocket.DialOptions{HTTPHeader: http.Header{"Origin": {s.url}}})
	if err != nil {
		t.Fatalf("a same-site websocket: %v", err)
	}
	conn.CloseNow()
}

// TestSlowHeadersAreCut checks that a client that never finishes its headers is disconnected.
func TestSlowHeadersAreCut(t *testing.T) {
	s := startWith(t, filepath.Join(t.TempDir(), "deuce.db"), func(m *web.Main) { m.Limits.ReadHeaderTimeout = 100 * time.Millisecond })
	conn, err := net.Dial("tcp", strings.TrimPrefix(s.url, "http://"))
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	if _, err := conn.Write([]byte("GET / HTTP/1.1\r\nHost: x\r\n")); err != nil {
		t.Fatal(err)
	}
	// The deadline only keeps a broken server from hanging the test.
	_ = conn.SetReadDeadline(time.Now().Add(30 * time.Second))
	var buf bytes.Buffer
	_, err = io.Copy(&buf, conn)
	if ne, ok := err.(net.Error); ok && ne.Timeout() {
		t.Fatal("the server kept a connection with unfinished headers open")
	}
}

func jsonUnmarshal(b []byte, v any) error { return json.Unmarshal(b, v) }

// at returns p as the same browser (its cookies, its bot token) connecting from the loopback
// address ip.
func (p *person) at(ip string) *person {
	return &person{s: p.s, bearer: p.bearer, http: &http.Client{Jar: p.http.Jar, Transport: fromAddress(ip).Transport}}
}

// Each of the tests of the limits per account plays a signed-in person who changes address at
// every request: they are still held to their account's rate (of new tables, seeks or
// connections), with the same 429, Retry-After and message as the limits per address, while
// the addresses they used stay open to others.

// accountLimited starts a server whose accounts may create 3 tables, then 2 a minute; post 2
// seeks, then 1 a minute; open 2 connections, then 1 a minute.
func accountLimited(t *testing.T) *accountServer {
	return startAccountsWith(t, web.Limits{
		AccountCreatesPerMinute: 2, AccountCreateBurst: 3,
		AccountSeeksPerMinute: 1, AccountSeekBurst: 2,
		AccountConnectsPerMinute: 1, AccountConnectBurst: 2,
	})
}

// refused makes a request that must answer 429 with Retry-After retry and the message msg.
func (p *person) refused(method, path string, body any, retry, msg string) {
	p.s.t.Helper()
	var answer struct {
		Error string `json:"error"`
	}
	resp := p.do(method, path, body, &answer)
	if resp.StatusCode != http.StatusTooManyRequests || resp.Header.Get("Retry-After") != retry || answer.Error != msg {
		p.s.t.Errorf("%s %s: %d Retry-After %q %q; want 429, %s s, %q", method, path, resp.StatusCode, resp.Header.Get("Retry-After"), answer.Error, retry, msg)
	}
}

var (
	personVsBot = map[string]any{"game": "pencil", "options": map[string]string{"points": "12"}, "seats": []any{map[string]string{"name": "x"}, map[string]string{"bot": "heuristic"}}}
	tiebreak    = map[string]any{"game": "centercourt", "variant": "tiebreak", "clock": "5+3"}
)

func TestAccountCreateLimitFollowsTheAccount(t *testing.T) {
	s := accountLimited(t)
	ann, bob := s.signUp("ann"), s.signUp("bob")
	for _, ip := range []string{"127.0.0.2", "127.0.0.3", "127.0.0.4"} {
		ann.at(ip).must(http.StatusCreated, "POST", "/api/tables", personVsBot, nil)
	}
	tooMany := "too many new tables from your account: at most 2 a minute (bursts of 3); try again in 30 seconds"
	ann.at("127.0.0.5").refused("POST", "/api/tables", personVsBot, "30", tooMany)
	// Accepting a seek and quick pairing make tables too.
	var sk struct {
		ID string `json:"id"`
	}
	bob.must(http.StatusCreated, "POST", "/api/seeks", tiebreak, &sk)
	ann.at("127.0.0.6").refused("POST", "/api/seeks/"+sk.ID+"/accept", map[string]any{}, "30", tooMany)
	ann.at("127.0.0.7").refused("POST", "/api/seeks/quick", tiebreak, "30", tooMany)
	// The account is limited, not the addresses, nor the other accounts.
	s.person().at("127.0.0.5").must(http.StatusCreated, "POST", "/api/tables", personVsBot, nil)
	bob.at("127.0.0.5").must(http.StatusCreated, "POST", "/api/tables", personVsBot, nil)
	s.time.Advance(30 * time.Second)
	ann.at("127.0.0.8").must(http.StatusCreated, "POST", "/api/seeks/"+sk.ID+"/accept", map[string]any{}, nil)
	ann.at("127.0.0.9").refused("POST", "/api/tables", personVsBot, "30", tooMany)
}

func TestAccountSeekLimitFollowsTheAccount(t *testing.T) {
	s := accountLimited(t)
	cat := s.signUp("cat")
	for _, ip := range []string{"127.0.0.2", "127.0.0.3"} {
		var sk struct {
			ID string `json:"id"`
		}
		cat.at(ip).must(http.StatusCreated, "POST", "/api/seeks", tiebreak, &sk)
		cat.at(ip).must(http.StatusOK, "DELETE", "/api/seeks/"+sk.ID, map[string]any{}, nil)
	}
	tooMany := "too many seeks from your account: at most 1 a minute (bursts of 2); try again in 60 seconds"
	cat.at("127.0.0.4").refused("POST", "/api/seeks", tiebreak, "60", tooMany)
	cat.at("127.0.0.5").refused("POST", "/api/seeks/quick", tiebreak, "60", tooMany)
	s.signUp("dan").at("127.0.0.4").must(http.StatusCreated, "POST", "/api/seeks", tiebreak, nil)
	s.time.Advance(time.Minute)
	cat.at("127.0.0.6").must(http.StatusCreated, "POST", "/api/seeks", tiebreak, nil)
}

// A seek the server cannot read (an unknown game, a bad clock) is refused for what it is and
// does not use up the seeks the account may post; such requests have a limit of their own, three
// times the burst and ten times the rate.
func TestRefusedSeeksKeepTheSeekLimit(t *testing.T) {
	s := accountLimited(t)
	eve := s.signUp("eve")
	bad := map[string]any{"game": "centercourt", "variant": "tiebreak", "clock": "5+x"}
	eve.must(http.StatusBadRequest, "POST", "/api/seeks", bad, nil)
	eve.must(http.StatusBadRequest, "POST", "/api/seeks/quick", map[string]any{"game": "chess"}, nil)
	eve.must(http.StatusBadRequest, "POST", "/api/seeks", bad, nil)
	// Three refused seeks left the burst of 2 whole.
	var sk struct {
		ID string `json:"id"`
	}
	eve.must(http.StatusCreated, "POST", "/api/seeks", tiebreak, &sk)
	eve.must(http.StatusOK, "DELETE", "/api/seeks/"+sk.ID, map[string]any{}, nil)
	eve.must(http.StatusCreated, "POST", "/api/seeks", tiebreak, nil)
	eve.refused("POST", "/api/seeks", tiebreak, "60", "too many seeks from your account: at most 1 a minute (bursts of 2); try again in 60 seconds")
	// That was the sixth request, the tries' burst.
	eve.refused("POST", "/api/seeks", bad, "6", "too many requests for seeks from your account: at most 10 a minute (bursts of 6); try again in 6 seconds")
}

func TestAccountConnectLimitFollowsTheAccount(t *testing.T) {
	s := accountLimited(t)
	dan := s.signUp("dan")
	var tok struct {
		Token string `json:"token"`
	}
	dan.must(http.StatusCreated, "POST", "/api/account/bot-tokens", map[string]any{}, &tok)
	prog := s.person()
	prog.bearer = tok.Token
	var c created
	s.person().at("127.0.0.9").must(http.StatusCreated, "POST", "/api/tables", personVsBot, &c)
	dial := func(p *person, ip string) {
		t.Helper()
		h := http.Header{}
		if p.bearer != "" {
			h.Set("Authorization", "Bearer "+p.bearer)
		}
		ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		defer cancel()
		conn, _, err := websocket.Dial(ctx, strings.Replace(s.url, "http", "ws", 1)+"/ws/tables/"+c.ID, &websocket.DialOptions{HTTPClient: p.at(ip).http, HTTPHeader: h})
		if err != nil {
			t.Fatalf("connection from %s: %v", ip, err)
		}
		conn.CloseNow()
	}
	// The browser and the account's bot token count alike.
	dial(dan, "127.0.0.2")
	dial(prog, "127.0.0.3")
	tooMany := "too many connections from your account: at most 1 a minute (bursts of 2); try again in 60 seconds"
	dan.at("127.0.0.4").refused("GET", "/ws/tables/"+c.ID, nil, "60", tooMany)
	prog.at("127.0.0.5").refused("GET", "/ws/tables/"+c.ID, nil, "60", tooMany)
	dial(s.person(), "127.0.0.4")
	s.time.Advance(time.Minute)
	dial(dan, "127.0.0.6")
}

// A body that does not decode is refused with what is wrong in the words of JSON, never the Go
// types the server decodes into, and creates nothing.
func TestBadBodiesAreExplained(t *testing.T) {
	s := startServer(t, filepath.Join(t.TempDir(), "deuce.db"))
	for _, c := range []struct{ body, want string }{
		{`[]`, "bad request body: want a JSON object, not an array"},
		{`"pencil"`, "bad request body: want a JSON object, not a string"},
		{`{"game": "pencil", "seats": 5}`, `bad request body: field "seats" must be an array, not a number`},
		{`{"game": 7}`, `bad request body: field "game" must be a string, not a number`},
		{`{"game": "pencil", "seats": [{"name": 5}]}`, `bad request body: field "seats.name" must be a string, not a number`},
		{`{"game": "pencil", "seats": [{"me": "yes"}]}`, `bad request body: field "seats.me" must be a boolean, not a string`},
		{`{"game": "pencil", "cheat": 1}`, `bad request body: unknown field "cheat"`},
		{`{"game": `, "bad request body: the JSON ends too soon"},
		{`{"game" "pencil"}`, "bad request body: not valid JSON at byte 9: invalid character"},
		{``, "bad request body: the body is empty"},
		{`{} {}`, "bad request body: one JSON object expected, more follows it"},
		{`{"game": "pencil", "seats": [{"name": "a\tb"}, {"bot": "random"}]}`, "seat 1: a name holds printable characters only"},
		{`{"game": "pencil", "seats": [{"name": "` + strings.Repeat("é", 41) + `"}, {"bot": "random"}]}`, "seat 1: a name is at most 40 characters"},
	} {
		a := s.raw("POST", "/api/tables", "application/json", c.body, nil)
		if a.status != http.StatusBadRequest || !strings.HasPrefix(a.Error, c.want) || strings.Contains(a.Error, "Go ") || strings.Contains(a.Error, "web.") {
			t.Errorf("body %s: %d %q, want 400 %q", c.body, a.status, a.Error, c.want)
		}
	}
	var list []map[string]any
	s.call("GET", "/api/tables", nil, &list)
	if len(list) != 0 {
		t.Errorf("%d tables made by bad bodies", len(list))
	}
}

// A method a path does not take is refused in JSON, like every API error, with Allow.
func TestWrongMethodIsJSON(t *testing.T) {
	s := startServer(t, filepath.Join(t.TempDir(), "deuce.db"))
	a := s.raw("PUT", "/api/tables", "application/json", "{}", nil)
	if a.status != http.StatusMethodNotAllowed || a.Error != "PUT is not a method this path takes: it takes GET, HEAD, POST" ||
		a.header.Get("Allow") == "" || a.header.Get("X-Content-Type-Options") != "nosniff" || !strings.HasPrefix(a.header.Get("Content-Type"), "application/json") {
		t.Errorf("PUT /api/tables: %d %q, headers %v", a.status, a.Error, a.header)
	}
	// Pages keep the mux's answer.
	if a := s.raw("DELETE", "/", "application/json", "{}", nil); a.status != http.StatusMethodNotAllowed {
		t.Errorf("DELETE /: %d", a.status)
	}
}
