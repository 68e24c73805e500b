package web_test

import (
	"context"
	"crypto/rand"
	"database/sql"
	"encoding/json"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"

	"deuce/engine"
	"deuce/games"
	"deuce/store"
	"deuce/store/postgres"
	"deuce/store/sqlite"
	"deuce/timesource"
	"deuce/web"
)

// faultServer is a server over st on a fake clock, whose bots pause a (fake) second before
// each move, so that the test decides when moves happen.
type faultServer struct {
	t     *testing.T
	main  *web.Main
	st    store.Store
	clock *timesource.Fake
	url   string
	// read is the store the test reads the tables from (default st): it must work while st
	// is broken.
	read store.Store
	// game is the create request of the bots' table (default a pencil match).
	game map[string]any
}

// sql opens another connection to the SQLite file at path, closed when the test ends.
func (f *faultServer) sql(path string) *sql.DB {
	// The server's writer may hold the file's lock while it retries a failed save: the test's
	// own statements wait for it, as another process's would, instead of failing at once.
	db, err := sql.Open("sqlite", "file:"+path+"?_pragma=busy_timeout(10000)")
	if err != nil {
		f.t.Fatal(err)
	}
	f.t.Cleanup(func() { db.Close() })
	return db
}

func startFault(t *testing.T, st store.Store) *faultServer {
	t.Helper()
	clock := timesource.NewFake(time.Now())
	m := &web.Main{Addr: "127.0.0.1:0", Store: st, BotDelay: time.Second, Clock: clock, Limits: roomyLimits()}
	if err := m.Open(context.Background()); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
		defer cancel()
		m.Close(ctx)
	})
	return &faultServer{t: t, main: m, st: st, read: st, clock: clock, url: m.URL(),
		game: map[string]any{"game": "pencil", "options": map[string]string{"points": "20"}, "seats": []any{map[string]string{"bot": "heuristic"}, map[string]string{"bot": "random"}}}}
}

// botTable creates a pencil table between two bots and returns its ID.
func (f *faultServer) botTable() string {
	f.t.Helper()
	b, _ := json.Marshal(f.game)
	resp, err := http.Post(f.url+"/api/tables", "application/json", strings.NewReader(string(b)))
	if err != nil {
		f.t.Fatal(err)
	}
	defer resp.Body.Close()
	var c created
	if err := json.NewDecoder(resp.Body).Decode(&c); err != nil || resp.StatusCode != http.StatusCreated {
		f.t.Fatalf("create: %d %v %s", resp.StatusCode, err, c.Error)
	}
	return c.ID
}

// step moves the clock a second at a time until done reports true. The real-time deadline
// only keeps a broken server from hanging the test.
func (f *faultServer) step(what string, done func() bool) {
	f.t.Helper()
	deadline := time.Now().Add(2 * time.Minute)
	for !done() {
		if time.Now().After(deadline) {
			f.t.Fatalf("timed out waiting until %s", what)
		}
		f.clock.Advance(time.Second)
		time.Sleep(2 * time.Millisecond)
	}
}

func (f *faultServer) moves(id string) int {
	t, err := f.read.Get(context.Background(), id)
	if err != nil {
		return -1
	}
	return len(t.Moves)
}

// health returns /healthz's status and reason.
func (f *faultServer) health() (int, string) {
	resp, err := http.Get(f.url + "/healthz")
	if err != nil {
		f.t.Fatal(err)
	}
	defer resp.Body.Close()
	var h struct {
		Reason string `json:"reason"`
	}
	_ = json.NewDecoder(resp.Body).Decode(&h)
	return resp.StatusCode, h.Reason
}

// survive plays a bot table, breaks the store with breakIt a few moves in, checks that the
// server reports itself degraded and the table waits, mends it, and checks that the match
// then goes on with every move saved once, exactly as the game replays.
func survive(t *testing.T, f *faultServer, breakIt, mend func()) {
	id := f.botTable()
	f.step("five moves are saved", func() bool { return f.moves(id) >= 5 })
	breakIt()
	f.step("the health check reports the store's fault", func() bool {
		code, reason := f.health()
		return code == http.StatusServiceUnavailable && (strings.Contains(reason, "cannot be saved") || strings.Contains(reason, "cannot be read"))
	})
	at := f.moves(id)
	for range 20 {
		f.clock.Advance(time.Second)
	}
	code, reason := f.health()
	t.Logf("while broken: %d %s", code, reason)
	// Read while it is still broken: once mended, the waiting move may be saved at once.
	n := f.moves(id)
	mend()
	if n != at {
		t.Fatalf("moves went from %d to %d while the store was broken", at, n)
	}
	// The match goes on from where it stood: to its end, or twenty moves further.
	f.step("the match goes on", func() bool {
		tab, err := f.read.Get(context.Background(), id)
		return err == nil && (tab.Status == store.Finished || len(tab.Moves) >= at+20)
	})
	tab, err := f.read.Get(context.Background(), id)
	if err != nil {
		t.Fatal(err)
	}
	g, _ := games.Lookup(tab.Game)
	st, err := engine.Replay(g, tab.Record(), nil)
	if err != nil {
		t.Fatalf("the saved record does not replay: %v", err)
	}
	if res := st.Result(); tab.Status == store.Finished && (!res.Over || tab.Result == nil || res.Winner != tab.Result.Winner) {
		t.Fatalf("replayed result %+v, stored %+v", res, tab.Result)
	}
	if at >= len(tab.Moves) {
		t.Fatalf("the match stopped at %d moves, no move after the fault", len(tab.Moves))
	}
	f.step("the health check is ok again", func() bool { code, _ := f.health(); return code == http.StatusOK })
}

func TestSQLiteLockedMidMatch(t *testing.T) {
	path := filepath.Join(t.TempDir(), "deuce.db")
	db, err := sqlite.OpenWith(context.Background(), path, sqlite.Options{BusyTimeout: 20 * time.Millisecond})
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	f := startFault(t, db)
	// Another process takes the write lock and holds it.
	other := f.sql(path)
	var conn *sql.Conn
	survive(t, f, func() {
		if conn, err = other.Conn(context.Background()); err != nil {
			t.Fatal(err)
		}
		if _, err := conn.ExecContext(context.Background(), "BEGIN EXCLUSIVE"); err != nil {
			t.Fatal(err)
		}
	}, func() {
		if _, err := conn.ExecContext(context.Background(), "ROLLBACK"); err != nil {
			t.Fatal(err)
		}
		conn.Close()
	})
}

func TestSQLiteFullMidMatch(t *testing.T) {
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), "deuce.db")
	// The file may not grow past 256 KiB: once other tables take the room, the server's moves
	// fail as on a full disk, until those tables' moves are deleted and their pages reused.
	db, err := sqlite.OpenWith(ctx, path, sqlite.Options{MaxBytes: 256 << 10})
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	f := startFault(t, db)
	f.game = map[string]any{"game": "centercourt", "variant": "set", "seats": []any{map[string]string{"bot": "heuristic"}, map[string]string{"bot": "heuristic"}}}
	big := make([]engine.Move, 64)
	for i := range big {
		big[i] = engine.Move{Seat: 0, Action: 1, Text: strings.Repeat("x", 200)}
	}
	survive(t, f, func() {
		for n, i := len(big), 0; n > 0; i++ {
			hog := &store.Table{ID: fmt.Sprintf("hog%04d", i), Game: "pencil", Status: store.Finished, Moves: big[:n]}
			if err := db.Create(ctx, hog); err != nil {
				n /= 2
			}
		}
	}, func() {
		if _, err := f.sql(path).Exec(`DELETE FROM moves WHERE table_id LIKE 'hog%'`); err != nil {
			t.Fatal(err)
		}
	})
}

// proxy forwards TCP connections to a server; down closes the listener and every connection,
// as a stopped database server would, and up listens again on the same port.
type proxy struct {
	t      *testing.T
	target string
	addr   string
	mu     sync.Mutex
	ln     net.Listener
	conns  map[net.Conn]struct{}
}

func newProxy(t *testing.T, target string) *proxy {
	p := &proxy{t: t, target: target, conns: map[net.Conn]struct{}{}}
	p.listen("127.0.0.1:0")
	p.addr = p.ln.Addr().String()
	t.Cleanup(p.down)
	return p
}

func (p *proxy) listen(addr string) {
	ln, err := net.Listen("tcp", addr)
	if err != nil {
		p.t.Fatal(err)
	}
	p.mu.Lock()
	p.ln = ln
	p.mu.Unlock()
	go func() {
		for {
			c, err := ln.Accept()
			if err != nil {
				return
			}
			s, err := net.Dial("tcp", p.target)
			if err != nil {
				c.Close()
				continue
			}
			p.mu.Lock()
			p.conns[c], p.conns[s] = struct{}{}, struct{}{}
			p.mu.Unlock()
			go func() { io.Copy(s, c); s.Close() }()
			go func() { io.Copy(c, s); c.Close() }()
		}
	}()
}

func (p *proxy) down() {
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.ln != nil {
		p.ln.Close()
		p.ln = nil
	}
	for c := range p.conns {
		c.Close()
		delete(p.conns, c)
	}
}

func (p *proxy) up() { p.listen(p.addr) }

func TestPostgresStoppedAndStartedMidMatch(t *testing.T) {
	dbURL := os.Getenv("DEUCE_POSTGRES_URL")
	if dbURL == "" {
		t.Skip("DEUCE_POSTGRES_URL is not set: set it to a PostgreSQL database URL (postgres://user@127.0.0.1:5432/db?sslmode=disable) to run the postgres tests")
	}
	ctx := context.Background()
	u, err := url.Parse(dbURL)
	if err != nil || u.Host == "" {
		t.Fatalf("DEUCE_POSTGRES_URL must be a postgres:// URL for this test: %v", err)
	}
	// A schema of its own, dropped at the end.
	conn, err := pgx.Connect(ctx, dbURL)
	if err != nil {
		t.Fatal(err)
	}
	schema := "deuce_fault_" + strings.ToLower(rand.Text()[:10])
	if _, err := conn.Exec(ctx, "CREATE SCHEMA "+schema); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		conn.Exec(context.Background(), "DROP SCHEMA "+schema+" CASCADE")
		conn.Close(context.Background())
	})
	p := newProxy(t, u.Host)
	u.Host = p.addr
	q := u.Query()
	q.Set("search_path", schema)
	u.RawQuery = q.Encode()
	db, err := postgres.Open(ctx, u.String())
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	q.Set("search_path", schema)
	direct, _ := url.Parse(dbURL)
	direct.RawQuery = q.Encode()
	read, err := postgres.Open(ctx, direct.String())
	if err != nil {
		t.Fatal(err)
	}
	defer read.Close()
	f := startFault(t, db)
	f.read = read
	survive(t, f, p.down, p.up)
}
