package cluster_test

import (
	"context"
	"encoding/json"
	"errors"
	"sync/atomic"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"

	"deuce/cluster"
	"deuce/engine"
	"deuce/store"
	"deuce/store/postgres"
	"deuce/store/postgres/pgtest"
)

// recorder is a Handler that reports what the node asks of it.
type recorder struct {
	node *cluster.Node
	// once refuses every adoption after the first.
	once     bool
	took     atomic.Bool
	adopted  chan int64
	lost     chan string
	messages chan cluster.Message
}

func newRecorder() *recorder {
	return &recorder{adopted: make(chan int64, 10), lost: make(chan string, 10), messages: make(chan cluster.Message, 10)}
}

func (r *recorder) Adopt(_ context.Context, _ string, epoch int64) error {
	if r.once && r.took.Swap(true) {
		return errors.New("full")
	}
	r.adopted <- epoch
	return nil
}
func (r *recorder) Lost(id string) { r.lost <- id }
func (r *recorder) Resync()        {}
func (r *recorder) Message(m cluster.Message) {
	switch m.Kind {
	case "ping":
		r.node.Reply(m, json.RawMessage(`"pong"`))
		return
	case "slow":
		// Taken at once, answered after the requester's time for an acknowledgement.
		r.node.Ack(m)
		time.AfterFunc(3*time.Second, func() { r.node.Reply(m, json.RawMessage(`"done"`)) })
		return
	case "nobody":
		return
	}
	r.messages <- m
}

func wait[T any](t *testing.T, c <-chan T, what string) T {
	t.Helper()
	select {
	case v := <-c:
		return v
	case <-time.After(20 * time.Second):
		t.Fatalf("no %s", what)
		panic("unreachable")
	}
}

// start starts a node; once, it adopts one table only.
func start(t *testing.T, ctx context.Context, db *postgres.DB, name string, once bool) (*cluster.Node, *recorder) {
	t.Helper()
	n, err := cluster.New(ctx, cluster.Config{DB: db, Name: name, LeaseTime: 600 * time.Millisecond})
	if err != nil {
		t.Fatal(err)
	}
	r := newRecorder()
	r.node, r.once = n, once
	go n.Run(ctx, r)
	wait(t, n.Ready(), name+" listening")
	return n, r
}

// A node adopts a table nobody holds; when its lease is taken over it is told it lost it; nodes
// hear each other's messages and answer requests.
func TestNodesAdoptLoseAndTalk(t *testing.T) {
	dbURL := pgtest.Schema(t)
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	db, err := postgres.Open(ctx, dbURL)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	if err := db.Create(ctx, &store.Table{ID: "t1", Game: "pencil", Seats: []store.Seat{{Name: "a"}, {Name: "b"}}, Status: store.Live, Moves: []engine.Move{}}); err != nil {
		t.Fatal(err)
	}
	a, ra := start(t, ctx, db, "a", true)
	if epoch := wait(t, ra.adopted, "adoption by a"); epoch != 1 || a.Held() != 1 {
		t.Fatalf("a adopted at epoch %d holding %d leases, want epoch 1 and one lease", epoch, a.Held())
	}
	if err := a.Append(ctx, "t1", 1, 0, []engine.Move{{Seat: 0, Action: 1, Text: "1"}}, store.Live, nil); err != nil {
		t.Fatalf("the holder appends: %v", err)
	}

	b, rb := start(t, ctx, db, "b", false)
	// a stops renewing (paused): its lease expires and b takes the table (a takes no more).
	conn, err := pgx.Connect(ctx, dbURL)
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close(ctx)
	if _, err := conn.Exec(ctx, `UPDATE table_leases SET expires = now() - interval '1 second'`); err != nil {
		t.Fatal(err)
	}
	// (a may take the lease first and give it back: an epoch each time.)
	if epoch := wait(t, rb.adopted, "adoption by b"); epoch < 2 {
		t.Fatalf("b adopted at epoch %d, want a later one than a's 1", epoch)
	}
	if id := wait(t, ra.lost, "a losing its lease"); id != "t1" {
		t.Fatalf("a lost %q, want t1", id)
	}
	if err := a.Append(ctx, "t1", 1, 1, []engine.Move{{Seat: 1, Action: 1, Text: "1"}}, store.Live, nil); err == nil {
		t.Fatal("the old holder appended a move")
	}

	b.Publish(cluster.Message{Kind: "hello", Table: "t1", Seq: 7})
	if m := wait(t, ra.messages, "b's message at a"); m.Kind != "hello" || m.Seq != 7 || m.From != b.Holder() {
		t.Errorf("a heard %+v", m)
	}
	rctx, rcancel := context.WithTimeout(ctx, 20*time.Second)
	defer rcancel()
	reply, err := a.Request(rctx, cluster.Message{Kind: "ping", Table: "t1"}, 0)
	if err != nil || string(reply.Body) != `"pong"` {
		t.Errorf("request: %s, %v; want pong", reply.Body, err)
	}
	// A request taken (acknowledged at once) is waited for past the acknowledgement's time; one
	// nobody takes fails with ErrNoTaker when that time is up, long before ctx ends.
	reply, err = a.Request(rctx, cluster.Message{Kind: "slow", Table: "t1"}, 2*time.Second)
	if err != nil || string(reply.Body) != `"done"` {
		t.Errorf("request taken: %s, %v; want done", reply.Body, err)
	}
	if _, err := a.Request(rctx, cluster.Message{Kind: "nobody", Table: "t1"}, 50*time.Millisecond); !errors.Is(err, cluster.ErrNoTaker) || rctx.Err() != nil {
		t.Errorf("request nobody takes: %v, want ErrNoTaker", err)
	}
}
