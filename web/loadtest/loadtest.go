// Package loadtest drives a deuce server with many tables at once, every seat played through its
// own websocket by a random client-side bot, and measures how long the server takes to answer
// each move.
package loadtest

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math/rand/v2"
	"net/http"
	neturl "net/url"
	"slices"
	"strings"
	"sync"
	"time"

	"github.com/coder/websocket"
	"github.com/coder/websocket/wsjson"
)

// Config describes a load run.
type Config struct {
	// URL is the server's base address, like http://127.0.0.1:8080.
	URL string
	// Tables is the number of tables played at once.
	Tables int
	// Game, Variant and Options describe every table (default: a Center Court tiebreak).
	Game    string
	Variant string
	Options map[string]string
	// Think is the mean pause of a client bot before it moves (each pause is drawn uniformly
	// from half to one and a half times it), as a person's would be.
	Think time.Duration
	// Seed makes the bots' choices and pauses reproducible.
	Seed uint64
	// Ramp is how many tables are being set up at once (default 50).
	Ramp int
	// Progress, when set, is called now and then with the tables finished so far, one call at
	// a time.
	Progress func(finished, total int)
	// URLs, when set, are the nodes of a cluster (URL is then ignored): every table is created
	// on one at random and every seat connects to one at random. A seat whose connection
	// drops connects again to another, and catches up from the view it is sent.
	URLs []string
	// Disrupt, when set, is called once, on its own goroutine, when DisruptAfter moves have
	// been answered (a node killed in the middle of a run).
	Disrupt      func()
	DisruptAfter int
	// Opponent, when set, is the bot level playing the last seat of every table on the server;
	// the other seats are played through websockets. (A table then needs one connection, not
	// two, at each end: the most a process may open is the limit of its open files.)
	Opponent string
	// Window, when positive, measures a steady state: every table is created and its seats
	// connected before any move is made, then all play for Window and stop, finished or not.
	// InWindow, when set, is called with true when the window starts and false when it ends.
	Window   time.Duration
	InWindow func(bool)
	// Check, when set, is called with the stored record of every table whose record is read
	// (every table, without a Window), as the server sends it (engine.Record JSON): an error
	// counts as one of the table's errors, and Report.Checked counts the records it passed.
	Check func(id string, record []byte) error
}

// Report is what a run measured.
type Report struct {
	Tables   int           `json:"tables"`
	Finished int           `json:"finished"`
	Moves    int           `json:"moves"`
	Errors   int           `json:"errors"`
	Samples  []string      `json:"errorSamples,omitempty"`
	P50      time.Duration `json:"p50"`
	P90      time.Duration `json:"p90"`
	P99      time.Duration `json:"p99"`
	Max      time.Duration `json:"max"`
	Elapsed  time.Duration `json:"elapsed"`
	// PeakLive is the most tables that were being played at the same moment.
	PeakLive int `json:"peakLive"`
	// Window is the steady window measured (Config.Window), 0 when every table played to its
	// end.
	Window time.Duration `json:"window,omitempty"`
	// Reconnects counts the connections made again after a node dropped them; Retries the
	// moves a node asked to send again (code "unavailable", a table moving between nodes).
	Reconnects int `json:"reconnects"`
	Retries    int `json:"retries"`
	// Lost counts the moves a seat saw answered that its table's stored record lacks.
	Lost int `json:"lost"`
	// Checked counts the records Config.Check passed.
	Checked int `json:"checked,omitempty"`
	// IDs are the tables played.
	IDs []string `json:"ids"`
}

// String formats the report for people.
func (r *Report) String() string {
	var b strings.Builder
	if r.Window > 0 {
		fmt.Fprintf(&b, "%d tables live at once, played for %v once all were set up: %d finished, %d moves (%.0f moves/s)\n",
			r.PeakLive, r.Window, r.Finished, r.Moves, float64(r.Moves)/r.Elapsed.Seconds())
	} else {
		fmt.Fprintf(&b, "%d tables (%d at once at the peak), %d finished, %d moves in %v (%.0f moves/s)\n",
			r.Tables, r.PeakLive, r.Finished, r.Moves, r.Elapsed.Round(time.Millisecond), float64(r.Moves)/r.Elapsed.Seconds())
	}
	ms := func(d time.Duration) string { return fmt.Sprintf("%.2f ms", float64(d)/float64(time.Millisecond)) }
	fmt.Fprintf(&b, "move-to-update latency: p50 %s, p90 %s, p99 %s, max %s\n", ms(r.P50), ms(r.P90), ms(r.P99), ms(r.Max))
	if r.Reconnects > 0 || r.Retries > 0 {
		fmt.Fprintf(&b, "reconnects: %d, moves sent again: %d\n", r.Reconnects, r.Retries)
	}
	fmt.Fprintf(&b, "errors: %d, lost moves: %d", r.Errors, r.Lost)
	for _, s := range r.Samples {
		fmt.Fprintf(&b, "\n  %s", s)
	}
	return b.String()
}

// Run plays cfg.Tables tables to the end and reports.
func Run(ctx context.Context, cfg Config) (*Report, error) {
	if cfg.Tables < 1 {
		return nil, errors.New("loadtest: at least one table")
	}
	if cfg.Game == "" {
		cfg.Game, cfg.Variant = "centercourt", "tiebreak"
	}
	if cfg.Ramp <= 0 {
		cfg.Ramp = 50
	}
	if len(cfg.URLs) == 0 {
		cfg.URLs = []string{cfg.URL}
	}
	run := &runner{cfg: cfg}
	start := time.Now()
	var wg sync.WaitGroup
	ramp := make(chan struct{}, cfg.Ramp)
	run.start = make(chan struct{})
	var setUp sync.WaitGroup
	setUp.Add(cfg.Tables)
	run.setUp = setUp.Done
	play := ctx
	go func() {
		setUp.Wait()
		close(run.start)
	}()
	if cfg.Window > 0 {
		var cancel context.CancelFunc
		play, cancel = context.WithCancel(ctx)
		defer cancel()
		go func() {
			select {
			case <-run.start:
			case <-ctx.Done():
				return
			}
			run.mu.Lock()
			start = time.Now() // the window starts once every table is set up
			run.mu.Unlock()
			if cfg.InWindow != nil {
				cfg.InWindow(true)
			}
			select {
			case <-time.After(cfg.Window):
			case <-ctx.Done():
			}
			if cfg.InWindow != nil {
				cfg.InWindow(false)
			}
			cancel()
		}()
	}
	run.play = play
	for i := range cfg.Tables {
		select {
		case ramp <- struct{}{}:
		case <-ctx.Done():
			wg.Wait()
			return nil, ctx.Err()
		}
		wg.Add(1)
		go func() {
			defer wg.Done()
			run.table(ctx, i, func() { <-ramp })
		}()
	}
	wg.Wait()
	rep := run.report()
	run.mu.Lock()
	rep.Elapsed = time.Since(start)
	run.mu.Unlock()
	rep.Window = cfg.Window
	return rep, ctx.Err()
}

type runner struct {
	cfg        Config
	progressMu sync.Mutex // one Progress call at a time
	mu         sync.Mutex
	latencies  []time.Duration
	errors     int
	samples    []string
	finished   int
	live       int
	peakLive   int

	reconnects, retries, lost int
	checked                   int
	ids                       []string
	disrupted                 bool
	// setUp counts a table set up (or failed); start is closed once every table is. With a
	// Window, play ends when it has passed.
	setUp func()
	start chan struct{}
	play  context.Context
}

// do sends req to a node at random (its URL's host is replaced), and to another when the one
// chosen does not answer (killed): a request that was never answered changed nothing.
func (r *runner) do(req *http.Request) (*http.Response, error) {
	body, _ := io.ReadAll(req.Body)
	var err error
	for range 3 * len(r.cfg.URLs) {
		u, perr := neturl.Parse(r.url())
		if perr != nil {
			return nil, perr
		}
		req.URL.Scheme, req.URL.Host, req.Host = u.Scheme, u.Host, u.Host
		req.Body = io.NopCloser(bytes.NewReader(body))
		var resp *http.Response
		if resp, err = http.DefaultClient.Do(req); err == nil {
			return resp, nil
		}
		if req.Context().Err() != nil {
			break
		}
	}
	return nil, err
}

// url picks a node at random.
func (r *runner) url() string {
	return r.cfg.URLs[rand.IntN(len(r.cfg.URLs))]
}

// answered notes one more move answered, and disrupts the run when it is time.
func (r *runner) answered(d time.Duration) {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.latencies = append(r.latencies, d)
	if r.cfg.Disrupt != nil && !r.disrupted && len(r.latencies) >= r.cfg.DisruptAfter {
		r.disrupted = true
		go r.cfg.Disrupt()
	}
}

func (r *runner) fail(format string, args ...any) {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.errors++
	if len(r.samples) < 5 {
		r.samples = append(r.samples, fmt.Sprintf(format, args...))
	}
}

func (r *runner) report() *Report {
	r.mu.Lock()
	defer r.mu.Unlock()
	lat := slices.Clone(r.latencies)
	slices.Sort(lat)
	q := func(p float64) time.Duration {
		if len(lat) == 0 {
			return 0
		}
		return lat[min(len(lat)-1, int(p*float64(len(lat))))]
	}
	rep := &Report{Tables: r.cfg.Tables, Finished: r.finished, Moves: len(lat), Errors: r.errors, Samples: r.samples,
		P50: q(0.50), P90: q(0.90), P99: q(0.99), PeakLive: r.peakLive,
		Reconnects: r.reconnects, Retries: r.retries, Lost: r.lost, Checked: r.checked, IDs: slices.Clone(r.ids)}
	if len(lat) > 0 {
		rep.Max = lat[len(lat)-1]
	}
	return rep
}

// table creates one table and plays every seat through its own websocket until the end.
// ready is called once every seat is connected.
func (r *runner) table(ctx context.Context, i int, ready func()) {
	readyOnce := sync.OnceFunc(ready)
	defer readyOnce()
	setUp := sync.OnceFunc(r.setUp)
	defer setUp()
	seats, id, err := r.create(ctx)
	if err != nil {
		r.fail("table %d: create: %v", i, err)
		return
	}
	r.mu.Lock()
	r.ids = append(r.ids, id)
	r.mu.Unlock()
	conns := make([]*websocket.Conn, len(seats))
	for s, token := range seats {
		c, err := r.dialAny(ctx, id, token)
		if err != nil {
			r.fail("table %d seat %d: connect: %v", i, s+1, err)
			for _, c := range conns[:s] {
				c.CloseNow()
			}
			return
		}
		conns[s] = c
	}
	readyOnce()
	r.mu.Lock()
	r.live++
	r.peakLive = max(r.peakLive, r.live)
	r.mu.Unlock()
	setUp()
	play := ctx
	if r.cfg.Window > 0 {
		// Every table is set up before any plays, then all play for the window.
		select {
		case <-r.start:
		case <-ctx.Done():
		}
		play = r.play
	}
	// A seat that gives up (its error counted) stops the others, which would wait for its
	// moves until their reads time out, and then again after every reconnection.
	play, stop := context.WithCancel(play)
	defer stop()
	var wg sync.WaitGroup
	over := make([]bool, len(seats))
	acked := make([]int, len(seats))
	for s, c := range conns {
		wg.Add(1)
		go func() {
			defer wg.Done()
			p := &player{r: r, c: c, id: id, token: seats[s], rng: rand.New(rand.NewPCG(r.cfg.Seed, uint64(i)<<8|uint64(s))), who: fmt.Sprintf("table %d seat %d", i, s+1)}
			defer func() { p.c.CloseNow() }()
			over[s] = p.play(play)
			acked[s] = p.acked
			if !over[s] {
				stop()
			}
		}()
	}
	wg.Wait()
	// The record of a table still being played is not public: only a finished one is checked
	// (a steady window stops most tables before their end).
	if !slices.Contains(over, false) || r.cfg.Window == 0 {
		if err := r.checkRecord(ctx, id, acked); err != nil {
			r.fail("table %d: %v", i, err)
		}
	}
	r.mu.Lock()
	r.live--
	if !slices.Contains(over, false) {
		r.finished++
	}
	done := r.finished
	r.mu.Unlock()
	if r.cfg.Progress != nil {
		// The tables end on goroutines of their own; their callers need not lock.
		r.progressMu.Lock()
		r.cfg.Progress(done, r.cfg.Tables)
		r.progressMu.Unlock()
	}
}

func (r *runner) create(ctx context.Context) ([]string, string, error) {
	body := map[string]any{"game": r.cfg.Game, "variant": r.cfg.Variant, "options": r.cfg.Options}
	// Ask the server how many seats the game has by creating with two and reading its error
	// only when that fails; every game deuce has today has two seats in its default variant.
	var created struct {
		ID    string `json:"id"`
		Seats []struct {
			Token string `json:"token"`
		} `json:"seats"`
		Error string `json:"error"`
	}
	for _, n := range []int{2, 4, 3} {
		seats := make([]map[string]string, n)
		for i := range seats {
			seats[i] = map[string]string{"name": fmt.Sprintf("load %d", i+1)}
		}
		if r.cfg.Opponent != "" {
			seats[n-1] = map[string]string{"name": "opponent", "bot": r.cfg.Opponent}
		}
		body["seats"] = seats
		b, _ := json.Marshal(body)
		req, err := http.NewRequestWithContext(ctx, "POST", r.cfg.URLs[0]+"/api/tables", bytes.NewReader(b))
		if err != nil {
			return nil, "", err
		}
		req.Header.Set("Content-Type", "application/json")
		resp, err := r.do(req)
		if err != nil {
			return nil, "", err
		}
		err = json.NewDecoder(resp.Body).Decode(&created)
		resp.Body.Close()
		if err != nil {
			return nil, "", err
		}
		if resp.StatusCode == http.StatusCreated {
			var tokens []string
			for _, s := range created.Seats {
				if s.Token != "" { // a bot's seat has none
					tokens = append(tokens, s.Token)
				}
			}
			return tokens, created.ID, nil
		}
		if !strings.Contains(created.Error, "seats") {
			return nil, "", errors.New(created.Error)
		}
	}
	return nil, "", errors.New(created.Error)
}

func (r *runner) dial(ctx context.Context, url, id, token string) (*websocket.Conn, error) {
	dctx, cancel := context.WithTimeout(ctx, 30*time.Second)
	defer cancel()
	c, _, err := websocket.Dial(dctx, strings.Replace(url, "http", "ws", 1)+"/ws/tables/"+id, nil)
	if err != nil {
		return nil, err
	}
	c.SetReadLimit(1 << 22)
	if err := wsjson.Write(dctx, c, map[string]string{"type": "hello", "token": token}); err != nil {
		c.CloseNow()
		return nil, err
	}
	return c, nil
}

// dialAny connects to a node at random, and to another when that one does not answer.
func (r *runner) dialAny(ctx context.Context, id, token string) (*websocket.Conn, error) {
	var err error
	for range 3 * len(r.cfg.URLs) {
		var c *websocket.Conn
		if c, err = r.dial(ctx, r.url(), id, token); err == nil || ctx.Err() != nil {
			return c, err
		}
	}
	return nil, err
}

// message is the part of a server message a client bot reads.
type message struct {
	Type   string `json:"type"`
	Seq    int    `json:"seq"`
	Played int    `json:"played"`
	Legal  []struct {
		Action int `json:"action"`
	} `json:"legal"`
	Result struct {
		Over bool `json:"over"`
	} `json:"result"`
	Code  string `json:"code"`
	Error string `json:"error"`
}

// player plays one seat.
type player struct {
	r         *runner
	c         *websocket.Conn
	id, token string
	rng       *rand.Rand
	who       string
	// acked is the most moves of the seat an update has shown: moves the server answered.
	acked int
}

// play answers every update of one seat until the match ends; it reports whether it saw the end.
func (p *player) play(ctx context.Context) bool {
	r := p.r
	var sent time.Time // when the move awaiting its update was sent; zero when none is
	sentPlayed, retries := 0, 0
	var last message // the latest update
	for {
		var m message
		rctx, cancel := context.WithTimeout(ctx, 2*time.Minute)
		err := wsjson.Read(rctx, p.c, &m)
		cancel()
		if err != nil {
			if ctx.Err() == nil && len(r.cfg.URLs) > 1 && p.reconnect(ctx) {
				// The fresh view decides; a move in flight is in it or was never saved.
				sent, last = time.Time{}, message{}
				continue
			}
			if ctx.Err() == nil {
				r.fail("%s: read: %v", p.who, err)
			}
			return false
		}
		switch m.Type {
		case "error":
			sent = time.Time{}
			if m.Code == "unavailable" {
				// The table is moving between nodes: the next view says whether the move
				// was taken.
				r.mu.Lock()
				r.retries++
				r.mu.Unlock()
				continue
			}
			r.fail("%s: %s: %s", p.who, m.Code, m.Error)
			// The server sends nothing new after a refusal: choose again from the latest view,
			// or, when it offered no move, wait for the next (the error is counted either way).
			if retries++; retries > 3 {
				return false
			}
			if len(last.Legal) == 0 {
				continue
			}
			m = last
		case "update":
			retries = 0
			last = m
			p.acked = max(p.acked, m.Played)
		default:
			continue
		}
		if !sent.IsZero() && m.Type == "update" {
			// Only the update that shows our move counts.
			if m.Played <= sentPlayed && !m.Result.Over {
				continue
			}
			r.answered(time.Since(sent))
			sent = time.Time{}
		}
		if m.Result.Over {
			return true
		}
		if len(m.Legal) == 0 || !sent.IsZero() {
			continue
		}
		if r.cfg.Think > 0 {
			pause := time.Duration((0.5 + p.rng.Float64()) * float64(r.cfg.Think))
			select {
			case <-time.After(pause):
			case <-ctx.Done():
				return false
			}
		}
		a := m.Legal[p.rng.IntN(len(m.Legal))].Action
		wctx, cancel := context.WithTimeout(ctx, 30*time.Second)
		sent, sentPlayed = time.Now(), m.Played
		err = wsjson.Write(wctx, p.c, map[string]any{"type": "move", "seq": m.Seq, "action": a})
		cancel()
		if err != nil && ctx.Err() == nil && len(r.cfg.URLs) <= 1 {
			r.fail("%s: send: %v", p.who, err)
			return false
		}
	}
}

// reconnect connects the seat again, to any node, for up to half a minute.
func (p *player) reconnect(ctx context.Context) bool {
	p.c.CloseNow()
	for range 60 {
		c, err := p.r.dial(ctx, p.r.url(), p.id, p.token)
		if err == nil {
			p.c = c
			p.r.mu.Lock()
			p.r.reconnects++
			p.r.mu.Unlock()
			return true
		}
		select {
		case <-ctx.Done():
			return false
		case <-time.After(500 * time.Millisecond):
		}
	}
	return false
}

// checkRecord counts the moves acked[seat] the seats saw answered that the stored record of
// table id lacks, and checks the record with Config.Check.
func (r *runner) checkRecord(ctx context.Context, id string, acked []int) error {
	var body []byte
	var err error
	// Any node answers; one may have been killed.
	for _, url := range r.cfg.URLs {
		if body, err = get(ctx, url+"/api/tables/"+id+"/record"); err == nil {
			break
		}
	}
	if err != nil {
		return fmt.Errorf("record: %w", err)
	}
	var rec struct {
		Moves []struct {
			Seat int `json:"seat"`
		} `json:"moves"`
	}
	if err := json.Unmarshal(body, &rec); err != nil {
		return fmt.Errorf("record: %w", err)
	}
	stored := make([]int, len(acked))
	for _, m := range rec.Moves {
		if m.Seat >= 0 && m.Seat < len(stored) {
			stored[m.Seat]++
		}
	}
	lost := 0
	for s := range acked {
		lost += max(0, acked[s]-stored[s])
	}
	r.mu.Lock()
	r.lost += lost
	r.mu.Unlock()
	if r.cfg.Check != nil {
		if err := r.cfg.Check(id, body); err != nil {
			return fmt.Errorf("record: %w", err)
		}
		r.mu.Lock()
		r.checked++
		r.mu.Unlock()
	}
	return nil
}

// get returns the body of a GET of url, which must answer 200.
func get(ctx context.Context, url string) ([]byte, error) {
	req, err := http.NewRequestWithContext(ctx, "GET", url, nil)
	if err != nil {
		return nil, err
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		return nil, err
	}
	defer resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		return nil, fmt.Errorf("status %d", resp.StatusCode)
	}
	return io.ReadAll(resp.Body)
}
