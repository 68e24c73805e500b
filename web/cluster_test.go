package web_test

import (
	"context"
	"fmt"
	"log/slog"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/coder/websocket"
	"github.com/jackc/pgx/v5"

	"deuce/cluster"
	"deuce/engine"
	"deuce/games"
	"deuce/store"
	"deuce/store/postgres"
	"deuce/store/postgres/pgtest"
	"deuce/web"
	"deuce/web/loadtest"
)

// node is one server of a test cluster.
type node struct {
	main *web.Main
	db   *postgres.DB
	dead bool
}

// startNodes starts n nodes sharing the database at dbURL, each with its own pool, with short
// leases so that failover is quick, after setup (if any) has changed what it needs.
func startNodes(t *testing.T, dbURL string, n int, setup ...func(m *web.Main)) []*node {
	t.Helper()
	ctx := context.Background()
	var nodes []*node
	for i := range n {
		db, err := postgres.Open(ctx, dbURL)
		if err != nil {
			t.Fatal(err)
		}
		cn, err := cluster.New(ctx, cluster.Config{DB: db, Name: fmt.Sprintf("node%d", i+1), LeaseTime: 1500 * time.Millisecond})
		if err != nil {
			t.Fatal(err)
		}
		m := &web.Main{Addr: "127.0.0.1:0", Store: db, MessageRate: 100_000, MessageBurst: 100, Limits: roomyLimits(), Cluster: cn, Log: slog.New(slog.NewTextHandler(os.Stderr, &slog.HandlerOptions{Level: slog.LevelWarn}))}
		for _, f := range setup {
			f(m)
		}
		if err := m.Open(ctx); err != nil {
			t.Fatal(err)
		}
		nodes = append(nodes, &node{main: m, db: db})
	}
	t.Cleanup(func() {
		for _, nd := range nodes {
			if !nd.dead {
				ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
				nd.main.Close(ctx)
				cancel()
			}
			nd.db.Close()
		}
	})
	return nodes
}

// leases returns the node holding each leased table.
func leases(t *testing.T, dbURL string) map[string]string {
	t.Helper()
	ctx := context.Background()
	conn, err := pgx.Connect(ctx, dbURL)
	if err != nil {
		t.Error(err)
		return nil
	}
	defer conn.Close(ctx)
	rows, _ := conn.Query(ctx, `SELECT table_id, node FROM table_leases WHERE expires >= now()`)
	held := map[string]string{}
	var id, node string
	if _, err := pgx.ForEachRow(rows, []any{&id, &node}, func() error { held[id], _, _ = strings.Cut(node, "/"); return nil }); err != nil {
		t.Error(err)
	}
	return held
}

// checkReplays checks that every table is finished and its stored record replays exactly to
// its stored result.
func checkReplays(t *testing.T, st store.Store, ids []string) {
	t.Helper()
	for _, id := range ids {
		tb, err := st.Get(context.Background(), id)
		if err != nil {
			t.Fatal(err)
		}
		if tb.Status != store.Finished || tb.Result == nil {
			t.Errorf("table %s is %s (%s), want finished with a result", id, tb.Status, tb.Ended)
			continue
		}
		g, err := games.Lookup(tb.Game)
		if err != nil {
			t.Fatal(err)
		}
		s, err := engine.Replay(g, tb.Record(), nil)
		if err != nil {
			t.Errorf("table %s: the record does not replay: %v", id, err)
			continue
		}
		if got := s.Result(); !got.Over || got.Winner != tb.Result.Winner {
			t.Errorf("table %s: replay ends %+v, the stored result is %+v", id, got, *tb.Result)
		}
	}
}

// Two nodes started on one database with unfinished tables in it share them: each table is
// run by one node only, and plays to its end without a conflicting write.
func TestNodesShareTheTablesTheyFind(t *testing.T) {
	dbURL := pgtest.Schema(t)
	ctx := context.Background()
	db, err := postgres.Open(ctx, dbURL)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	var ids []string
	for i := range 6 {
		id := fmt.Sprintf("bots%d", i)
		tb := &store.Table{ID: id, Game: "centercourt", Options: engine.Options{"format": "tiebreak"}, Seed: uint64(i),
			Seats: []store.Seat{{Name: "a", Bot: "random"}, {Name: "b", Bot: "random"}}, Status: store.Live, Moves: []engine.Move{}}
		if err := db.Create(ctx, tb); err != nil {
			t.Fatal(err)
		}
		ids = append(ids, id)
	}
	startNodes(t, dbURL, 2)
	deadline := time.Now().Add(time.Minute)
	for {
		unfinished, err := db.Unfinished(ctx)
		if err != nil {
			t.Fatal(err)
		}
		if len(unfinished) == 0 {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("tables %v still unfinished after a minute", unfinished)
		}
		time.Sleep(50 * time.Millisecond)
	}
	checkReplays(t, db, ids)
}

// Three nodes, tables whose seats connect to different nodes, the node running the most
// tables killed in the middle: every table finishes on the others, no move lost or written
// twice, every record replays.
func TestClusterSurvivesAKilledNode(t *testing.T) {
	dbURL := pgtest.Schema(t)
	nodes := startNodes(t, dbURL, 3)
	var urls []string
	for _, nd := range nodes {
		urls = append(urls, nd.main.URL())
	}
	var killed string
	moved := map[string]bool{}
	const acquired = `deuce_lease_changes_total{change="acquired"}`
	var acquisitions float64 // by every node: the killed one's read before it died
	kill := func() {
		count := map[string]int{}
		held := leases(t, dbURL)
		for _, n := range held {
			count[n]++
		}
		victim := 0
		for i := range nodes {
			if count[fmt.Sprintf("node%d", i+1)] > count[fmt.Sprintf("node%d", victim+1)] {
				victim = i
			}
		}
		killed = fmt.Sprintf("node%d", victim+1)
		for id, n := range held {
			if n == killed {
				moved[id] = true
			}
		}
		n, err := metricAt(nodes[victim].main.URL(), acquired)
		if err != nil {
			t.Error(err)
		}
		acquisitions += n
		nodes[victim].dead = true
		nodes[victim].main.Kill()
	}
	rep, err := loadtest.Run(context.Background(), loadtest.Config{
		URLs: urls, Tables: 8, Think: 2 * time.Millisecond, Seed: 7,
		Disrupt: kill, DisruptAfter: 200,
	})
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("killed %s running %d tables\n%v", killed, len(moved), rep)
	if rep.Errors != 0 || rep.Lost != 0 || rep.Finished != 8 {
		t.Fatalf("errors %d, lost moves %d, %d finished; want 0, 0, 8:\n%v", rep.Errors, rep.Lost, rep.Finished, rep)
	}
	if killed == "" || len(moved) == 0 {
		t.Fatalf("no node was killed while running a table (killed %q, %d tables)", killed, len(moved))
	}
	// Every table's lease was acquired when it started, and those of the killed node's tables
	// once more by the nodes that took them over.
	for _, nd := range nodes {
		if !nd.dead {
			n, err := metricAt(nd.main.URL(), acquired)
			if err != nil {
				t.Fatal(err)
			}
			acquisitions += n
		}
	}
	if want := float64(8 + len(moved)); acquisitions < want {
		t.Errorf("%s: %v on all nodes, want at least %v (8 tables started, %d taken over)", acquired, acquisitions, want, len(moved))
	}
	checkReplays(t, nodes[0].db, rep.IDs)
}

// Secret choices (the bidding of pencil) made through nodes that do not run the table: each
// player's bid is held by the owner, and the views its node rebuilds say so.
func TestSecretChoicesAcrossNodes(t *testing.T) {
	nodes := startNodes(t, pgtest.Schema(t), 2)
	rep, err := loadtest.Run(context.Background(), loadtest.Config{
		URLs: []string{nodes[0].main.URL(), nodes[1].main.URL()}, Tables: 4, Game: "pencil", Variant: "standard", Think: time.Millisecond, Seed: 3,
	})
	if err != nil {
		t.Fatal(err)
	}
	if rep.Errors != 0 || rep.Lost != 0 || rep.Finished != 4 {
		t.Fatalf("errors %d, lost moves %d, %d finished; want 0, 0, 4:\n%v", rep.Errors, rep.Lost, rep.Finished, rep)
	}
	checkReplays(t, nodes[0].db, rep.IDs)
}

// A player connected through another node is present for the node running the table: the
// opponent may not claim the win, and sees them leave.
func TestPresenceAcrossNodes(t *testing.T) {
	nodes := startNodes(t, pgtest.Schema(t), 2)
	owner := &server{t: t, main: nodes[0].main, url: nodes[0].main.URL()}
	other := &server{t: t, main: nodes[1].main, url: nodes[1].main.URL()}
	c := owner.create(twoPeople)
	ann, bob := owner.connect(c.ID, c.Seats[0].Token), other.connect(c.ID, c.Seats[1].Token)
	bob.untilUpdate()
	ann.untilPresence(func(m message) bool { return len(m.Seats) == 2 && m.Seats[1].Connected })
	bob.untilPresence(func(m message) bool { return len(m.Seats) == 2 && m.Seats[0].Connected && m.Seats[1].Connected })
	// Bob seen connected first: a presence read before he came must not pass for his leaving.
	ann.untilPresence(func(m message) bool { return m.Seats[1].Connected })
	bob.conn.Close(websocket.StatusNormalClosure, "gone")
	ann.untilPresence(func(m message) bool { return !m.Seats[1].Connected })
}

// A node whose leases expired under it (paused, or cut off from the database longer than the
// lease time) stops the runs it no longer holds, and the tables are taken again under a new
// epoch: the players reconnect and finish, nothing lost or written twice.
func TestExpiredLeasesAreTakenAgain(t *testing.T) {
	dbURL := pgtest.Schema(t)
	nodes := startNodes(t, dbURL, 2)
	expire := func() {
		conn, err := pgx.Connect(context.Background(), dbURL)
		if err != nil {
			t.Error(err)
			return
		}
		defer conn.Close(context.Background())
		if _, err := conn.Exec(context.Background(), `UPDATE table_leases SET expires = now() - interval '1 second'`); err != nil {
			t.Error(err)
		}
	}
	rep, err := loadtest.Run(context.Background(), loadtest.Config{
		URLs: []string{nodes[0].main.URL(), nodes[1].main.URL()}, Tables: 4, Think: 2 * time.Millisecond, Seed: 5,
		Disrupt: expire, DisruptAfter: 100,
	})
	if err != nil {
		t.Fatal(err)
	}
	if rep.Errors != 0 || rep.Lost != 0 || rep.Finished != 4 {
		t.Fatalf("errors %d, lost moves %d, %d finished; want 0, 0, 4:\n%v", rep.Errors, rep.Lost, rep.Finished, rep)
	}
	checkReplays(t, nodes[0].db, rep.IDs)
}

// A table is called off from a node that does not run it, and a seat taken at one node closes
// the table to calling off at the other: each node reads the seats from the store, under the
// seats' lock, and the presence everywhere says whether the table is open.
func TestCancelAcrossNodes(t *testing.T) {
	nodes := startNodes(t, pgtest.Schema(t), 2)
	owner := &server{t: t, main: nodes[0].main, url: nodes[0].main.URL()}
	other := &server{t: t, main: nodes[1].main, url: nodes[1].main.URL()}

	// Bob takes his seat at the other node: Ann, at the owner, may no longer call it off.
	c := owner.create(twoPeople)
	ann := owner.connect(c.ID, c.Seats[0].Token)
	ann.untilUpdate()
	ann.untilPresence(func(m message) bool { return m.Open })
	bob := other.connect(c.ID, c.Seats[1].Token)
	bob.untilUpdate()
	ann.untilPresence(func(m message) bool { return !m.Open })
	ann.send(map[string]any{"type": "cancel"})
	if m := ann.untilError(); m.Code != "not_open" {
		t.Fatalf("calling off a table joined at another node: %+v", m)
	}

	// Carol, alone at a table run by the owner, calls it off from the other node.
	c2 := owner.create(twoPeople)
	carol := other.connect(c2.ID, c2.Seats[0].Token)
	carol.untilUpdate()
	carol.untilPresence(func(m message) bool { return m.Open })
	carol.send(map[string]any{"type": "cancel"})
	if m := carol.untilEnd(); m.Ended != store.EndCancelled {
		t.Errorf("called off from the other node: ended %q", m.Ended)
	}
	if ti := owner.info(c2.ID); ti.Status != "abandoned" || ti.Ended != store.EndCancelled {
		t.Errorf("table called off from the other node: %+v", ti)
	}
}
