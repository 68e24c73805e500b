// Package cluster lets several deuce nodes share one PostgreSQL database: each live table is run
// by one node at a time, the holder of its lease (see store/postgres), and the nodes talk to one
// another through PostgreSQL LISTEN/NOTIFY, with no other infrastructure.
//
// A Node renews the leases it holds every third of the lease time, tells its Handler at once of
// a lease it lost, and adopts the tables nobody holds (their node stopped, or died and let the
// lease expire): that is both how a new node shares the work and how a dead node's tables fail
// over. Messages are small JSON notifications on one channel per schema, which every node
// receives:
//
//   - Payloads must stay under 8000 bytes (PostgreSQL's limit): a message names a table and a
//     move number, and a node that needs the match reads it from the store.
//   - Notifications from one session arrive in the order they were sent; Publish sends from one
//     goroutine, so a node's messages keep their order. Messages of different nodes interleave.
//   - A notification sent while a node's listening connection is down is lost to it: after
//     reconnecting the node calls Handler.Resync, whose job is to read the store again.
//   - Publish never blocks a match: when its queue is full the message is dropped and counted.
package cluster

import (
	"context"
	"crypto/rand"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"maps"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"deuce/engine"
	"deuce/store"
	"deuce/store/postgres"
)

// MaxPayload is the largest message PostgreSQL delivers (its limit is 8000 bytes).
const MaxPayload = 7999

// DefaultLeaseTime is how long a lease lasts unless renewed: the longest a table waits for
// another node after its node died.
const DefaultLeaseTime = 6 * time.Second

// Message is one notification between nodes. Kind says what it is; the cluster package itself
// only reads "reply", the answer to a Request, and "ack", its acknowledgement.
type Message struct {
	Kind  string `json:"k"`
	Table string `json:"t,omitempty"`
	// From is the sending node; To, when set, the only node the message is for.
	From string `json:"f"`
	To   string `json:"to,omitempty"`
	// ID pairs a request with its reply.
	ID uint64 `json:"id,omitempty"`
	// Seq is a move number, Epoch a lease epoch, when the kind has them.
	Seq   int             `json:"n,omitempty"`
	Epoch int64           `json:"e,omitempty"`
	Body  json.RawMessage `json:"b,omitempty"`
}

// Handler is what a node's server does for the cluster. Its methods are called from the
// node's goroutines and must not block long.
type Handler interface {
	// Adopt runs table id under the lease the node has just taken at epoch. An error releases
	// the lease.
	Adopt(ctx context.Context, id string, epoch int64) error
	// Lost stops table id at once: the node no longer holds its lease.
	Lost(id string)
	// Message receives every message but replies and acknowledgements, from every node, this
	// one included.
	Message(m Message)
	// Resync is called after the listening connection came back: messages may have been lost.
	Resync()
}

// Config configures a Node.
type Config struct {
	DB *postgres.DB
	// Name identifies the node; every node of a cluster needs its own.
	Name string
	// LeaseTime is how long a lease lasts without renewal (default DefaultLeaseTime).
	LeaseTime time.Duration
	// Adopt is the most orphaned tables taken in one look (default 64), so that nodes share
	// a dead node's tables.
	Adopt int
	Log   *slog.Logger
}

// Node is one deuce server of a cluster.
type Node struct {
	cfg Config
	// holder is the name leases are taken in: the node's name and a random suffix of this
	// process, so that a node restarted under the same name is a new holder.
	holder  string
	channel string
	queue   chan Message
	ready   chan struct{}

	mu      sync.Mutex
	held    map[string]int64 // table -> epoch
	waiting map[uint64]chan Message
	nextID  uint64

	// Dropped counts messages dropped because the queue was full; Acquired, LostLeases and
	// Released count the lease changes.
	Dropped, Acquired, LostLeases, Released atomic.Int64
	// OnChange, when set, is called with "acquired", "lost" or "released" on every lease change.
	OnChange func(kind string)
}

// New returns a node; Run makes it work.
func New(ctx context.Context, cfg Config) (*Node, error) {
	if cfg.DB == nil || cfg.Name == "" {
		return nil, errors.New("cluster: a node needs a database and a name")
	}
	if cfg.LeaseTime <= 0 {
		cfg.LeaseTime = DefaultLeaseTime
	}
	if cfg.Adopt <= 0 {
		cfg.Adopt = 64
	}
	if cfg.Log == nil {
		cfg.Log = slog.New(slog.DiscardHandler)
	}
	schema, err := cfg.DB.Schema(ctx)
	if err != nil {
		return nil, err
	}
	return &Node{
		cfg: cfg, holder: cfg.Name + "/" + strings.ToLower(rand.Text()[:8]), channel: "deuce_" + schema, queue: make(chan Message, 8192), ready: make(chan struct{}),
		held: map[string]int64{}, waiting: map[uint64]chan Message{},
	}, nil
}

// Name is the node's name.
func (n *Node) Name() string { return n.cfg.Name }

// Holder is the name the node's leases are held in.
func (n *Node) Holder() string { return n.holder }

// DB is the database the node shares.
func (n *Node) DB() *postgres.DB { return n.cfg.DB }

// LeaseTime is how long a lease lasts without renewal.
func (n *Node) LeaseTime() time.Duration { return n.cfg.LeaseTime }

// Ready is closed once the node listens for messages.
func (n *Node) Ready() <-chan struct{} { return n.ready }

// Run keeps the leases, adopts orphaned tables and delivers messages to h until ctx ends.
func (n *Node) Run(ctx context.Context, h Handler) {
	var wg sync.WaitGroup
	wg.Add(2)
	go func() { defer wg.Done(); n.listen(ctx, h) }()
	go func() { defer wg.Done(); n.publish(ctx) }()
	select {
	case <-n.ready:
	case <-ctx.Done():
	}
	tick := time.NewTicker(n.cfg.LeaseTime / 3)
	defer tick.Stop()
	for {
		n.keep(ctx, h)
		select {
		case <-ctx.Done():
			wg.Wait()
			return
		case <-tick.C:
		}
	}
}

// keep renews the leases, reports the lost ones and adopts orphans.
func (n *Node) keep(ctx context.Context, h Handler) {
	n.mu.Lock()
	mine := maps.Clone(n.held)
	n.mu.Unlock()
	held, err := n.cfg.DB.Renew(ctx, n.holder, mine, n.cfg.LeaseTime)
	if err != nil {
		if ctx.Err() == nil {
			n.cfg.Log.Warn("renew leases", "err", err)
		}
		return
	}
	var lost []string
	n.mu.Lock()
	for id, epoch := range mine {
		if held[id] != epoch && n.held[id] == epoch {
			lost = append(lost, id)
			delete(n.held, id)
		}
	}
	n.mu.Unlock()
	for _, id := range lost {
		n.cfg.Log.Warn("lease lost", "table", id)
		n.changed("lost")
		h.Lost(id)
	}
	ids, err := n.cfg.DB.Orphans(ctx, n.cfg.Adopt)
	if err != nil {
		if ctx.Err() == nil {
			n.cfg.Log.Warn("look for unleased tables", "err", err)
		}
		return
	}
	for _, id := range ids {
		epoch, ok, err := n.Acquire(ctx, id)
		if err != nil || !ok {
			continue
		}
		if err := h.Adopt(ctx, id, epoch); err != nil {
			n.cfg.Log.Warn("adopt table", "table", id, "err", err)
			n.Release(context.WithoutCancel(ctx), id, epoch)
			continue
		}
		n.cfg.Log.Info("adopted table", "table", id, "epoch", epoch)
	}
}

func (n *Node) changed(kind string) {
	switch kind {
	case "acquired":
		n.Acquired.Add(1)
	case "lost":
		n.LostLeases.Add(1)
	case "released":
		n.Released.Add(1)
	}
	if n.OnChange != nil {
		n.OnChange(kind)
	}
}

// Acquire takes the lease of table id if nobody holds it, and returns its epoch.
func (n *Node) Acquire(ctx context.Context, id string) (int64, bool, error) {
	epoch, ok, err := n.cfg.DB.Acquire(ctx, id, n.holder, n.cfg.LeaseTime)
	if err != nil || !ok {
		return 0, false, err
	}
	n.mu.Lock()
	n.held[id] = epoch
	n.mu.Unlock()
	n.changed("acquired")
	return epoch, true, nil
}

// Release gives the lease of table id up (its match finished, or the node stops).
func (n *Node) Release(ctx context.Context, id string, epoch int64) {
	n.mu.Lock()
	if n.held[id] != epoch {
		n.mu.Unlock()
		return
	}
	delete(n.held, id)
	n.mu.Unlock()
	if err := n.cfg.DB.Release(ctx, id, epoch); err != nil {
		n.cfg.Log.Warn("release lease", "table", id, "err", err)
		return
	}
	n.changed("released")
}

// Append writes moves of table id under the lease held at epoch (postgres.DB.AppendFenced).
func (n *Node) Append(ctx context.Context, id string, epoch int64, at int, moves []engine.Move, status store.Status, result *engine.Result) error {
	return n.cfg.DB.AppendFenced(ctx, id, n.holder, epoch, at, moves, status, result)
}

// End ends table id under the lease held at epoch (postgres.DB.EndFenced).
func (n *Node) End(ctx context.Context, id string, epoch int64, at int, status store.Status, ended string, result *engine.Result) error {
	return n.cfg.DB.EndFenced(ctx, id, n.holder, epoch, at, status, ended, result)
}

// Finish ends table id with its ratings under the lease held at epoch (postgres.DB.FinishFenced).
func (n *Node) Finish(ctx context.Context, id string, epoch int64, at int, moves []engine.Move, status store.Status, ended string, result *engine.Result, rate store.RateFunc) error {
	return n.cfg.DB.FinishFenced(ctx, id, n.holder, epoch, at, moves, status, ended, result, rate)
}

// SaveClock saves the clocks of table id under the lease held at epoch
// (postgres.DB.SaveClockFenced).
func (n *Node) SaveClock(ctx context.Context, id string, epoch int64, clock []byte) error {
	return n.cfg.DB.SaveClockFenced(ctx, id, n.holder, epoch, clock)
}

// CheckLease returns store.ErrLeaseLost unless the node holds the lease of table id at epoch
// (postgres.DB.CheckLease).
func (n *Node) CheckLease(ctx context.Context, id string, epoch int64) error {
	return n.cfg.DB.CheckLease(ctx, id, n.holder, epoch)
}

// Holds reports whether the node holds the lease of table id at epoch, as far as it knows.
func (n *Node) Holds(id string, epoch int64) bool {
	n.mu.Lock()
	defer n.mu.Unlock()
	return n.held[id] == epoch
}

// Held is the number of leases the node holds.
func (n *Node) Held() int {
	n.mu.Lock()
	defer n.mu.Unlock()
	return len(n.held)
}

// Publish queues m for every node; it never blocks.
func (n *Node) Publish(m Message) {
	m.From = n.holder
	select {
	case n.queue <- m:
	default:
		n.Dropped.Add(1)
	}
}

// ErrNoTaker is Request's error when no node acknowledged the request in time: no node has
// taken it, and it may be sent again.
var ErrNoTaker = errors.New("cluster: no node took the request")

// Request publishes m to the nodes and waits for the reply the node running m.Table sends
// with Reply, until ctx ends. With ackWithin > 0 the node taking the request must say so first
// (Ack) within ackWithin, or Request returns ErrNoTaker: a request that reached no node fails
// fast, while one a slow node has taken is waited for until ctx ends.
func (n *Node) Request(ctx context.Context, m Message, ackWithin time.Duration) (Message, error) {
	c := make(chan Message, 2)
	n.mu.Lock()
	n.nextID++
	m.ID = n.nextID
	n.waiting[m.ID] = c
	n.mu.Unlock()
	defer func() {
		n.mu.Lock()
		delete(n.waiting, m.ID)
		n.mu.Unlock()
	}()
	n.Publish(m)
	if ackWithin > 0 {
		t := time.NewTimer(ackWithin)
		defer t.Stop()
		select {
		case r := <-c:
			if r.Kind == "reply" {
				return r, nil
			}
		case <-t.C:
			return Message{}, ErrNoTaker
		case <-ctx.Done():
			return Message{}, ctx.Err()
		}
	}
	for {
		select {
		case r := <-c:
			if r.Kind == "reply" {
				return r, nil
			}
		case <-ctx.Done():
			return Message{}, ctx.Err()
		}
	}
}

// Ack tells the sender of request req that this node has taken it: its Reply follows.
func (n *Node) Ack(req Message) {
	n.Publish(Message{Kind: "ack", To: req.From, ID: req.ID, Table: req.Table})
}

// Reply answers request req with body.
func (n *Node) Reply(req Message, body json.RawMessage) {
	n.Publish(Message{Kind: "reply", To: req.From, ID: req.ID, Table: req.Table, Body: body})
}

// publish sends the queued messages, many in one statement when they pile up.
func (n *Node) publish(ctx context.Context) {
	for {
		var batch []string
		select {
		case <-ctx.Done():
			return
		case m := <-n.queue:
			batch = n.encode(batch, m)
		}
	more:
		for len(batch) < 256 {
			select {
			case m := <-n.queue:
				batch = n.encode(batch, m)
			default:
				break more
			}
		}
		if len(batch) == 0 {
			continue
		}
		for {
			err := n.cfg.DB.NotifyAll(ctx, n.channel, batch)
			if err == nil || ctx.Err() != nil {
				break
			}
			n.cfg.Log.Warn("publish", "err", err)
			select {
			case <-ctx.Done():
				return
			case <-time.After(200 * time.Millisecond):
			}
		}
	}
}

func (n *Node) encode(batch []string, m Message) []string {
	b, err := json.Marshal(m)
	if err != nil || len(b) > MaxPayload {
		n.Dropped.Add(1)
		n.cfg.Log.Error("message too large to publish", "kind", m.Kind, "table", m.Table, "bytes", len(b))
		return batch
	}
	return append(batch, string(b))
}

// listen delivers messages, reconnecting with a growing pause when the connection fails.
func (n *Node) listen(ctx context.Context, h Handler) {
	pause := 100 * time.Millisecond
	first := true
	for ctx.Err() == nil {
		err := n.cfg.DB.Listen(ctx, n.channel, func() {
			if first {
				close(n.ready)
				first = false
			} else {
				h.Resync()
			}
			pause = 100 * time.Millisecond
		}, func(payload string) { n.deliver(h, payload) })
		if ctx.Err() != nil {
			return
		}
		n.cfg.Log.Warn("listening connection lost; reconnecting", "err", err, "pause", pause)
		select {
		case <-ctx.Done():
			return
		case <-time.After(pause):
		}
		pause = min(2*pause, 5*time.Second)
	}
}

func (n *Node) deliver(h Handler, payload string) {
	var m Message
	if err := json.Unmarshal([]byte(payload), &m); err != nil {
		n.cfg.Log.Warn("unreadable message", "err", err)
		return
	}
	if m.To != "" && m.To != n.holder {
		return
	}
	if m.Kind == "reply" || m.Kind == "ack" {
		n.mu.Lock()
		c := n.waiting[m.ID]
		n.mu.Unlock()
		if c != nil {
			select {
			case c <- m:
			default: // a second reply to the same request
			}
		}
		return
	}
	h.Message(m)
}

// String names the node and its channel, for logs.
func (n *Node) String() string { return fmt.Sprintf("node %s on %s", n.cfg.Name, n.channel) }
