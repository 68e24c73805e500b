package web

import (
	"context"
	"encoding/json"
	"fmt"
	"sync"
	"time"

	"github.com/coder/websocket"

	"deuce/clock"
	"deuce/cluster"
	"deuce/engine"
	"deuce/match"
	"deuce/store"
)

// Several nodes on one PostgreSQL (cluster.Node): each live table runs on the node holding its
// lease, and any node serves any table. A connection to a table another node runs is a
// follower: its messages go to the owner as "act" requests and come back as replies; the owner
// publishes a "progress" message (table, move number, what only its memory knows) after every
// change, and the follower reads the record from the store and rebuilds the seat's view. The
// seats' presence travels both ways: followers tell the owner who is connected through them
// ("here", repeated every heartbeat, forgotten when it stops), and the owner publishes the
// presence its players see ("presence"). Chat needs no owner: the node a line is written
// through checks, stores and shows it to its own connections, and publishes it ("chat") for the
// other nodes to show to theirs. SQLite serves one node: without a cluster.Node none of this
// runs.

// Message kinds between nodes.
const (
	kindAct      = "act"      // follower -> owner: a client message of a seat; answered by a reply
	kindProgress = "progress" // owner -> followers: the match changed
	kindPresence = "presence" // owner -> followers: who is there
	kindHere     = "here"     // follower -> owner: connections per seat through the sender
	kindSync     = "sync"     // follower -> owner: publish progress and presence now
	kindSeats    = "seats"    // any -> owner: the stored seats changed (a seat was claimed)
	kindChat     = "chat"     // any -> all: a chat line written through the sender
)

// A forwarded message is acknowledged by the owner as soon as it arrives (before it is played),
// then answered. A message sent while the table fails over reaches no owner: no acknowledgement
// comes within ackTimeout, and the client is told to try again (codeUnavailable) and is sent
// the view once the new owner runs the table; nothing was played. A message acknowledged is
// waited for up to forwardTimeout: an owner that is only slow (a save retried, a busy database)
// may still play it, and a client told to try again before it does could send a second move on
// the view before it and be refused as stale. The acknowledgement only needs the notifications'
// round trip (milliseconds; under a second at the worst seen on a loaded machine).
const (
	ackTimeout     = 3 * time.Second
	forwardTimeout = 15 * time.Second
)

// codeUnavailable refuses a message no node could take now (a table moving between nodes);
// nothing changed, and sending it again later is right. msgMoving says so.
const (
	codeUnavailable = "unavailable"
	msgMoving       = "the table is moving to another server: try again in a moment"
)

// clusterState is the server's part in a cluster.
type clusterState struct {
	s    *Server
	node *cluster.Node
	// heartbeat is how often followers repeat who is connected; the owner forgets a node
	// silent for three.
	heartbeat time.Duration

	mu sync.Mutex
	// follows holds this node's follower connections per table.
	follows map[string]map[*follower]struct{}
	// remote holds, per table this node runs, the connections per seat through other nodes.
	remote map[string]map[string]*remoteSeats
	// spectators counts this node's spectators of each table.
	spectators map[string]int
}

type follower struct {
	seat engine.Seat
	c    chan cluster.Message
}

type remoteSeats struct {
	counts []int
	heard  time.Time
}

type actBody struct {
	Seat engine.Seat     `json:"seat"`
	Msg  json.RawMessage `json:"msg"`
}

func newClusterState(s *Server, node *cluster.Node) *clusterState {
	if s.accounts != nil {
		// A name's sign-in attempts, and a device cookie's, are counted in the database,
		// whatever node they reach: otherwise N nodes would allow N times the guesses of one.
		// The other limits are per node (deploy/README.md).
		s.accounts.byName.shared, s.accounts.byName.prefix = node.DB(), "signin:"
		s.accounts.byDevice.shared, s.accounts.byDevice.prefix = node.DB(), "device:"
	}
	return &clusterState{s: s, node: node, heartbeat: node.LeaseTime() / 2,
		follows: map[string]map[*follower]struct{}{}, remote: map[string]map[string]*remoteSeats{}, spectators: map[string]int{}}
}

// addSpectator counts a spectator of table id through this node, whether it runs the table or
// not (a table may move between nodes while its spectators stay), or reports false when the
// table has the most spectators a node takes (Limits.SpectatorsPerTable is per node: the owner
// does not know the spectators of the other nodes).
func (cs *clusterState) addSpectator(id string) bool {
	cs.mu.Lock()
	defer cs.mu.Unlock()
	if cs.spectators[id] >= cs.s.limits.SpectatorsPerTable {
		return false
	}
	cs.spectators[id]++
	return true
}

func (cs *clusterState) removeSpectator(id string) {
	cs.mu.Lock()
	defer cs.mu.Unlock()
	if cs.spectators[id]--; cs.spectators[id] <= 0 {
		delete(cs.spectators, id)
	}
}

// publishChat sends a chat line of table id, shown here already, to the other nodes' connections.
// A line is at most chatMaxRunes (300) runes of text, signed with a seat's name (at most 40
// runes) or an account's (at most 20 bytes): even with every character escaped by encoding/json
// (at most six bytes each, as in \u003c) a message is under 2,400 bytes, far below
// cluster.MaxPayload (TestChatLineFitsANotification checks the worst case).
func (cs *clusterState) publishChat(id string, m chatMsg) {
	body, err := json.Marshal(m)
	if err != nil {
		return
	}
	cs.node.Publish(cluster.Message{Kind: kindChat, Table: id, Body: body})
}

// onChat shows a chat line another node published to this node's connections of its table.
func (cs *clusterState) onChat(m cluster.Message) {
	if m.From == cs.node.Holder() {
		return // shown when it was written
	}
	var line chatMsg
	if json.Unmarshal(m.Body, &line) != nil || line.Type != "chat" || line.Room != roomPlayers && line.Room != roomSpectators {
		return
	}
	cs.s.chat.post(m.Table, line)
}

// run works for the cluster until the server closes.
func (cs *clusterState) run(ctx context.Context) {
	var wg sync.WaitGroup
	wg.Add(1)
	go func() { defer wg.Done(); cs.node.Run(ctx, clusterHandler{cs}) }()
	tick := time.NewTicker(cs.heartbeat)
	defer tick.Stop()
	for {
		select {
		case <-ctx.Done():
			wg.Wait()
			return
		case <-tick.C:
			cs.beat()
		}
	}
}

// beat repeats who is connected through this node, and forgets the nodes that stopped saying.
func (cs *clusterState) beat() {
	cs.mu.Lock()
	ids := make([]string, 0, len(cs.follows))
	for id := range cs.follows {
		ids = append(ids, id)
	}
	cs.mu.Unlock()
	for _, id := range ids {
		cs.publishHere(id)
	}
	now := cs.s.clock.Now()
	cs.mu.Lock()
	defer cs.mu.Unlock()
	for id, nodes := range cs.remote {
		for node, r := range nodes {
			if now.Sub(r.heard) > 3*cs.heartbeat {
				delete(nodes, node)
				cs.s.addPresence(id, r.counts, nil)
			}
		}
	}
}

// publishHere tells the owner of table id how many connections each seat has through this node.
func (cs *clusterState) publishHere(id string) {
	cs.mu.Lock()
	var counts []int
	for f := range cs.follows[id] {
		if f.seat < 0 {
			continue
		}
		for len(counts) <= int(f.seat) {
			counts = append(counts, 0)
		}
		counts[f.seat]++
	}
	cs.mu.Unlock()
	body, _ := json.Marshal(counts)
	cs.node.Publish(cluster.Message{Kind: kindHere, Table: id, Body: body})
}

// follow registers a follower connection of seat to table id.
func (cs *clusterState) follow(id string, seat engine.Seat) *follower {
	f := &follower{seat: seat, c: make(chan cluster.Message, 16)}
	cs.mu.Lock()
	if cs.follows[id] == nil {
		cs.follows[id] = map[*follower]struct{}{}
	}
	cs.follows[id][f] = struct{}{}
	cs.mu.Unlock()
	cs.publishHere(id)
	cs.node.Publish(cluster.Message{Kind: kindSync, Table: id})
	return f
}

func (cs *clusterState) unfollow(id string, f *follower) {
	cs.mu.Lock()
	delete(cs.follows[id], f)
	if len(cs.follows[id]) == 0 {
		delete(cs.follows, id)
	}
	cs.mu.Unlock()
	cs.publishHere(id)
}

// toFollowers hands m to every follower of its table; one that has not read the last ones
// misses it, and catches up from the store with the next.
func (cs *clusterState) toFollowers(m cluster.Message) {
	cs.mu.Lock()
	defer cs.mu.Unlock()
	for f := range cs.follows[m.Table] {
		select {
		case f.c <- m:
		default:
		}
	}
}

// onHere applies a node's count of connections per seat to a table this node runs.
func (cs *clusterState) onHere(m cluster.Message) {
	var counts []int
	if json.Unmarshal(m.Body, &counts) != nil {
		return
	}
	cs.mu.Lock()
	defer cs.mu.Unlock()
	if cs.s.table(m.Table) == nil {
		return
	}
	nodes := cs.remote[m.Table]
	if nodes == nil {
		nodes = map[string]*remoteSeats{}
		cs.remote[m.Table] = nodes
	}
	old := nodes[m.From]
	if old == nil {
		old = &remoteSeats{}
		nodes[m.From] = old
	}
	cs.s.addPresence(m.Table, old.counts, counts)
	old.counts, old.heard = counts, cs.s.clock.Now()
}

// addPresence replaces the connections per seat from counts to next at the live table id.
func (s *Server) addPresence(id string, from, to []int) {
	s.mu.Lock()
	defer s.mu.Unlock()
	lt := s.live[id]
	if lt == nil {
		return
	}
	at := func(c []int, i int) int {
		if i < len(c) {
			return c[i]
		}
		return 0
	}
	changed := false
	for i := range lt.present {
		d := at(to, i) - at(from, i)
		if d == 0 {
			continue
		}
		was := lt.present[i]
		lt.present[i] = max(0, was+d)
		switch {
		case was == 0 && lt.present[i] > 0:
			lt.goneSince[i], lt.announced[i] = time.Time{}, false
		case was > 0 && lt.present[i] == 0:
			lt.goneSince[i] = s.clock.Now()
		}
		changed = true
	}
	if changed {
		lt.lastActive = s.clock.Now()
		s.notify(lt)
	}
}

// stopped is called when lt's match has stopped: its lease goes back at once, unless it was
// lost or the server dies (Main.Kill).
func (cs *clusterState) stopped(lt *liveTable) {
	cs.mu.Lock()
	delete(cs.remote, lt.id)
	cs.mu.Unlock()
	if lt.moved.Load() || cs.s.dying.Load() {
		return
	}
	ctx, cancel := context.WithTimeout(context.Background(), saveTimeout)
	defer cancel()
	cs.node.Release(ctx, lt.id, lt.epoch)
}

// lockSeats runs f, a change of table id's stored seats (read, changed, written back), alone:
// on this node, and in a cluster on every node (a lock in the database), so that two seats
// claimed at once through two nodes are both kept.
func (s *Server) lockSeats(ctx context.Context, id string, f func() error) error {
	s.claimMu.Lock()
	defer s.claimMu.Unlock()
	if s.cl == nil {
		return f()
	}
	return s.cl.node.DB().Locked(ctx, "seats:"+id, f)
}

// movedOn reports whether seat has already made the move answering the view seq of table id:
// a second move sent on that view is then not a mistake to refuse but a move sent again after
// its first try's answer was lost (the client was told "unavailable" while the owner was slow to
// acknowledge, or its node died with the answer), and the first move stands. Refused, it would
// leave a client that trusted "try again" with an error and no new view; ignored, the client
// gets the view after its first move like any other. Only read on a refusal.
func (s *Server) movedOn(ctx context.Context, id string, seat engine.Seat, seq int) bool {
	if seq < 0 {
		return false
	}
	m, err := s.store.Move(ctx, id, seq)
	return err == nil && m.Seat == seat
}

type viaKey struct{}

// via says where the message being handled came in: "local", or "forwarded" by another node.
func via(ctx context.Context) string {
	if v, ok := ctx.Value(viaKey{}).(string); ok {
		return v
	}
	return "local"
}

// anyPresent reports whether some seat of lt has a connection, here or through another node;
// s.mu is held.
func anyPresent(lt *liveTable) bool {
	for _, n := range lt.present {
		if n > 0 {
			return true
		}
	}
	return false
}

// publishPresence tells followers who is at lt; s.mu is held.
func (s *Server) publishPresence(lt *liveTable) {
	if s.cl == nil {
		return
	}
	body, _ := json.Marshal(s.presence(lt))
	s.cl.node.Publish(cluster.Message{Kind: kindPresence, Table: lt.id, Epoch: lt.epoch, Body: body})
}

// publishProgress tells followers that lt changed.
func (s *Server) publishProgress(lt *liveTable, p match.Progress) {
	body, _ := json.Marshal(p)
	s.cl.node.Publish(cluster.Message{Kind: kindProgress, Table: lt.id, Seq: p.Seq, Epoch: lt.epoch, Body: body})
}

// clusterHandler is the server as the cluster.Node sees it.
type clusterHandler struct{ cs *clusterState }

func (h clusterHandler) Adopt(ctx context.Context, id string, epoch int64) error {
	s := h.cs.s
	s.mu.Lock()
	full := len(s.live)+s.reserved >= s.limits.LiveTables
	s.mu.Unlock()
	if full {
		return fmt.Errorf("this node runs %d tables, the most it may: another node will take it", s.limits.LiveTables)
	}
	if old := s.table(id); old != nil {
		// This node still runs the table under a lease that expired (it could not renew in
		// time): that run is fenced off, and the table is reloaded under the new lease.
		s.leaseLost(id, old.epoch)
		select {
		case <-old.m.Done():
		case <-ctx.Done():
			return ctx.Err()
		}
	}
	// Under the seats' lock: a change of seats by the node that ran the table before is
	// either in the store now or refused (handToBots).
	var t *store.Table
	err := s.lockSeats(ctx, id, func() (err error) {
		t, err = s.store.Get(ctx, id)
		return err
	})
	if err != nil {
		return err
	}
	if !t.Status.Unfinished() {
		return fmt.Errorf("table %s is %s", id, t.Status)
	}
	if _, err := s.run(t, "", epoch); err != nil {
		// As on a restart: a table no node can play must not go round the nodes for ever.
		s.log.Error("adopt table: ending it as unplayable", "table", id, "err", err)
		if err := s.cl.node.End(ctx, id, epoch, len(t.Moves), store.Abandoned, store.EndUnplayable, nil); err != nil {
			s.log.Error("end unplayable table", "table", id, "err", err)
		}
		return err
	}
	return nil
}

func (h clusterHandler) Lost(id string) {
	if lt := h.cs.s.table(id); lt != nil {
		h.cs.s.leaseLost(id, lt.epoch)
	}
}

// leaseLost stops the run of table id under the lease epoch, which this node no longer holds:
// its connections are told to reconnect.
func (s *Server) leaseLost(id string, epoch int64) {
	if lt := s.table(id); lt != nil && lt.epoch == epoch {
		lt.moved.Store(true)
		lt.cancel()
	}
}

func (h clusterHandler) Resync() {
	h.cs.mu.Lock()
	ids := make([]string, 0, len(h.cs.follows))
	for id := range h.cs.follows {
		ids = append(ids, id)
	}
	h.cs.mu.Unlock()
	for _, id := range ids {
		h.cs.toFollowers(cluster.Message{Kind: kindSync, Table: id})
		h.cs.node.Publish(cluster.Message{Kind: kindSync, Table: id})
	}
}

func (h clusterHandler) Message(m cluster.Message) {
	cs, s := h.cs, h.cs.s
	switch m.Kind {
	case kindProgress, kindPresence:
		cs.toFollowers(m)
		return
	case kindHere:
		cs.onHere(m)
		return
	case kindChat:
		cs.onChat(m)
		return
	}
	lt := s.table(m.Table)
	if lt == nil || lt.moved.Load() || s.dying.Load() {
		// Another node runs it, or none does for now (this one was killed, in a test, and
		// answers nothing, as a dead process would not): the request times out.
		return
	}
	switch m.Kind {
	case kindSync:
		if p := lt.progress.Load(); p != nil {
			s.publishProgress(lt, *p)
		}
		s.mu.Lock()
		s.publishPresence(lt)
		s.mu.Unlock()
	case kindSeats:
		go s.refreshOpen(lt)
	case kindAct:
		var b actBody
		if json.Unmarshal(m.Body, &b) != nil {
			return
		}
		cs.node.Ack(m)
		go func() {
			e := s.handle(context.WithValue(s.ctx, viaKey{}, "forwarded"), lt, b.Seat, b.Msg)
			reply, _ := json.Marshal(e)
			cs.node.Reply(m, reply)
		}()
	}
}

// refreshOpen reads whether lt still waits for a person after a seat was claimed elsewhere,
// and the seats' names (a seat may take the name of the account that claimed it).
func (s *Server) refreshOpen(lt *liveTable) {
	t, err := s.store.Get(s.ctx, lt.id)
	if err != nil {
		return
	}
	s.mu.Lock()
	renamed := false
	for i, st := range t.Seats {
		// A name only ever moves away from the default (claimLocked): a read from before the
		// rename must not put the default back.
		if i < len(lt.names) && lt.names[i] == defaultSeatName(i) && st.Name != lt.names[i] {
			lt.names[i], renamed = st.Name, true
		}
	}
	if renamed {
		s.notify(lt)
	}
	s.mu.Unlock()
	open := false
	for _, st := range t.Seats {
		if st.Bot == "" && !st.Claimed {
			open = true
		}
	}
	if open {
		return // a read from before a later claim must not reopen the table
	}
	s.mu.Lock()
	if lt.open {
		lt.open = false
		s.notify(lt)
	}
	s.mu.Unlock()
	s.startClock(s.ctx, lt)
}

// forward sends a client message of seat at table id to the node running it and returns its
// answer.
func (s *Server) forward(ctx context.Context, id string, seat engine.Seat, data []byte) *errorMsg {
	var probe struct {
		Type string `json:"type"`
	}
	if err := json.Unmarshal(data, &probe); err != nil {
		return &errorMsg{Type: "error", Code: codeBadMessage, Error: fmt.Sprintf("not a valid message: %v", err)}
	}
	if probe.Type == "ping" {
		return nil
	}
	body, _ := json.Marshal(actBody{Seat: seat, Msg: data})
	if len(body) > cluster.MaxPayload-512 {
		return &errorMsg{Type: "error", Code: codeBadMessage, Error: "message too long"}
	}
	fctx, cancel := context.WithTimeout(ctx, forwardTimeout)
	defer cancel()
	r, err := s.cl.node.Request(fctx, cluster.Message{Kind: kindAct, Table: id, Body: body}, ackTimeout)
	if err != nil {
		if ctx.Err() != nil {
			return nil
		}
		return &errorMsg{Type: "error", Code: codeUnavailable, Error: msgMoving}
	}
	var e *errorMsg
	if json.Unmarshal(r.Body, &e) != nil {
		return &errorMsg{Type: "error", Code: codeServer, Error: "unreadable answer from the server running the table"}
	}
	return e
}

// followedView is seat's view of the stored table cur: from the replica *rep, built on first
// use and caught up with the moves stored since, while the table is live; the stored view once
// it has ended.
func (s *Server) followedView(cur *store.Table, seat engine.Seat, rep **match.Replica) (match.Update, error) {
	if !cur.Status.Unfinished() {
		return s.storedView(cur, seat)
	}
	var err error
	if *rep == nil {
		*rep, err = match.NewReplica(s.gameOf(cur), cur.Record())
	} else {
		err = (*rep).Catch(cur.Moves)
	}
	if err != nil {
		*rep = nil
		return match.Update{}, err
	}
	return (*rep).View(seat), nil
}

// serveFollower serves a connection of seat to table t, which another node runs; chat is its
// place in the table's chat, which this node serves itself.
func (s *Server) serveFollower(ctx context.Context, cancel context.CancelFunc, c *websocket.Conn, t *store.Table, seat engine.Seat, guard *sessionGuard, name, writer string) {
	// Chat lines for this connection queue in the hub, which wakes the loop below.
	chatLines := make(chan struct{}, 1)
	chat := s.chat.join(t, seat, name, writer, func() {
		select {
		case chatLines <- struct{}{}:
		default: // a wake is pending: it takes every line queued
		}
	})
	defer s.chat.leave(chat)
	f := s.cl.follow(t.ID, seat)
	defer s.cl.unfollow(t.ID, f)
	if seat >= 0 {
		// The owner learns of a seat claimed here.
		s.cl.node.Publish(cluster.Message{Kind: kindSeats, Table: t.ID})
	}
	for _, m := range s.chatHistory(ctx, chat) {
		if err := s.send(ctx, c, m); err != nil {
			return
		}
	}
	go s.readMessages(ctx, cancel, c, func(data []byte) *errorMsg {
		if !guard.live(ctx, false) {
			s.signedOut(ctx, c)
			cancel()
			return nil
		}
		if isChat(data) {
			return s.handleChat(ctx, chat, data)
		}
		return s.forward(ctx, t.ID, seat, data)
	})
	var (
		prog  *match.Progress
		epoch int64
		last  *match.Update // the view last rebuilt, before the progress is applied
		rep   *match.Replica
		sent  int
		open  bool // the store had the table open (waiting for a player) at the last rebuild
	)
	show := func(reload bool) (over bool, err error) {
		if reload || last == nil {
			cur, err := s.store.Get(ctx, t.ID)
			if err != nil {
				return false, err
			}
			u, err := s.followedView(cur, seat, &rep)
			if err != nil {
				return false, err
			}
			if last != nil && u.Seq < last.Seq {
				return false, nil // never backwards
			}
			last, over, open = &u, !cur.Status.Unfinished(), cur.Status == store.Open
		}
		u := *last
		if prog != nil {
			u = match.Follow(u, *prog)
		}
		if !over {
			// The clocks are the running match's; it saves them on every change.
			if u.Clock, err = s.followedClock(ctx, t.ID, len(t.Seats)); err != nil {
				return false, err
			}
			if prog == nil && open && u.Clock != nil && u.Clock.Kind != clock.None {
				// Before the running match's first progress: a timed table still open holds
				// its moves as well as its clocks (match.ErrWaiting).
				u.Legal = nil
			}
		}
		return over, s.sendUpdate(ctx, c, u, &sent)
	}
	poll := time.NewTicker(s.cl.node.LeaseTime())
	defer poll.Stop()
	dirty, reload := true, true
	for {
		// Checked before anything is sent: a connection that only listens stops too.
		if !guard.live(ctx, false) {
			s.signedOut(ctx, c)
			return
		}
		if dirty {
			over, err := show(reload)
			if err != nil {
				if ctx.Err() == nil {
					s.log.Error("follow table", "table", t.ID, "err", err)
					c.Close(websocket.StatusTryAgainLater, "the table cannot be shown now: reconnect")
				}
				return
			}
			if over {
				c.Close(websocket.StatusNormalClosure, "the match is over")
				return
			}
		}
		dirty, reload = false, false
		select {
		case <-ctx.Done():
			c.Close(websocket.StatusGoingAway, "server shutting down")
			return
		case <-poll.C:
			// A safety net for lost notifications: the store decides.
			dirty, reload = true, true
		case <-chatLines:
			for _, m := range s.chat.take(chat) {
				if err := s.send(ctx, c, m); err != nil {
					return
				}
			}
		case m := <-f.c:
			switch m.Kind {
			case kindPresence:
				if err := s.send(ctx, c, json.RawMessage(m.Body)); err != nil {
					return
				}
			case kindProgress:
				var p match.Progress
				if json.Unmarshal(m.Body, &p) != nil || m.Epoch < epoch || m.Epoch == epoch && prog != nil && p.Seq < prog.Seq {
					continue // unreadable, from an older owner, or an older change
				}
				epoch, prog = m.Epoch, &p
				dirty, reload = true, last == nil || p.Seq != last.Seq || p.Ended != ""
			default: // kindSync: notifications may have been lost
				dirty, reload = true, true
			}
		}
	}
}

// Kill stops the server the way a killed process stops, for failover tests: connections drop,
// matches stop where they are, and the leases are not given back (they expire). The store is
// left open for the caller to close.
func (m *Main) Kill() {
	m.srv.dying.Store(true)
	m.httpSrv.Close()
	if m.metricsSrv != nil {
		m.metricsSrv.Close()
	}
	m.srv.Close()
}
