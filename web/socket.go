package web

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"slices"
	"sync"
	"time"

	"github.com/coder/websocket"
	"github.com/coder/websocket/wsjson"
	"golang.org/x/time/rate"

	"deuce/engine"
	"deuce/match"
	"deuce/store"
)

// Limits of one websocket connection.
const (
	maxMessage      = 4 << 10 // bytes a client message may have
	writeTimeout    = 10 * time.Second
	defaultMsgRate  = 10 // messages per second, sustained
	defaultMsgBurst = 30
	maxRefused      = 100 // rate-limited messages before the connection is closed
)

// clientMsg is every message a client sends; Type says which fields count.
type clientMsg struct {
	// Type is "hello" (first message: Token claims a seat, empty to watch), "move", "resign",
	// "claim" (the win, an opponent being away too long), "bot" (hand the seats of players
	// away too long to bots), "cancel" (call off a table still waiting for a player), "name"
	// (name a seat nobody named, rename) or "ping".
	Type  string `json:"type"`
	Token string `json:"token,omitempty"`
	// Seq is the seq of the update the move answers (-1 or absent: any).
	Seq *int `json:"seq,omitempty"`
	// Action is the move's number, or Text its notation; exactly one is given.
	Action *engine.Action `json:"action,omitempty"`
	Text   string         `json:"text,omitempty"`
	// Name is the name a "name" message gives the connection's seat (rename).
	Name string `json:"name,omitempty"`
}

// welcomeMsg answers hello.
type welcomeMsg struct {
	Type  string       `json:"type"` // "welcome"
	Table tableSummary `json:"table"`
	// Seat is the connection's seat, or -3 (engine.Spectator) for a spectator.
	Seat engine.Seat `json:"seat"`
}

// updateMsg is a match.Update whose log holds only the lines the connection has not had.
type updateMsg struct {
	Type string `json:"type"` // "update"
	match.Update
	LogFrom int `json:"logFrom"`
}

// errorMsg explains a refused message; nothing changed.
type errorMsg struct {
	Type  string `json:"type"` // "error"
	Code  string `json:"code"`
	Error string `json:"error"`
}

// Error codes of errorMsg.
const (
	codeBadMessage  = "bad_message"
	codeBadToken    = "bad_token"
	codeIllegal     = "illegal"
	codeNotYourTurn = "not_your_turn"
	codeStale       = "stale"
	codeOver        = "over"
	codeRateLimited = "rate_limited"
	codeServer      = "server_error"
	codeFull        = "full"
	// codeNotAbandoned refuses a claim or bot while nobody has been away long enough.
	codeNotAbandoned = "not_abandoned"
	// codeNotOpen refuses to call off a table every player has joined; codeOpen refuses a
	// resignation while a seat still waits for its player, and a move at a timed table then
	// (its clocks start when every player has come: match.ErrWaiting).
	codeNotOpen = "not_open"
	codeOpen    = "open"
	// codeBadName refuses a name for a seat (rename): already named, malformed, or passing for
	// someone else.
	codeBadName = "bad_name"
	// codeSignedOut closes a connection whose session ended (sessionGuard).
	codeSignedOut = "signed_out"
	// codeRated refuses a bot for an absent player at a rated table.
	codeRated = "rated"
)

// openConn counts a new connection of addr, or reports false when addr has its most.
func (s *Server) openConn(addr string) bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.conns[addr] >= s.limits.ConnsPerAddress {
		return false
	}
	s.conns[addr]++
	return true
}

func (s *Server) closeConn(addr string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.conns[addr]--; s.conns[addr] <= 0 {
		delete(s.conns, addr)
	}
}

// addSpectator counts a spectator of table id, live here as lt (nil when it is not), or
// reports false when the table has its most. In a cluster every node counts its own, whichever
// node runs the table (clusterState.addSpectator).
func (s *Server) addSpectator(id string, lt *liveTable) bool {
	if s.cl != nil {
		return s.cl.addSpectator(id)
	}
	if lt == nil {
		return true // not live: one final view, then the connection closes
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	if lt.spectators >= s.limits.SpectatorsPerTable {
		return false
	}
	lt.spectators++
	return true
}

func (s *Server) removeSpectator(id string, lt *liveTable) {
	if s.cl != nil {
		s.cl.removeSpectator(id)
		return
	}
	if lt == nil {
		return
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	lt.spectators--
}

func (s *Server) serveSocket(w http.ResponseWriter, r *http.Request) {
	addr := clientAddr(r)
	if !s.connects.allow(w, addr) {
		return
	}
	// A page of another site must not ride a player's cookie into a seat: refused here in
	// JSON, as websocket.Accept would refuse it in plain text.
	if !sameOrigin(r) {
		writeError(w, http.StatusForbidden, "this connection came from a page of another site: open deuce itself to play")
		return
	}
	t, ok := s.loadTable(w, r)
	if !ok {
		return
	}
	acct := s.accountOf(r)
	if !s.accountConnects.allowAccount(w, acct) {
		return
	}
	guard := &sessionGuard{s: s, acct: acct}
	if acct != nil {
		guard.sess, _ = sessionOf(r)
	}
	if !s.openConn(addr) {
		w.Header().Set("Retry-After", "60")
		writeError(w, http.StatusTooManyRequests, fmt.Sprintf("your address has %d connections open, the most it may: close some tables first", s.limits.ConnsPerAddress))
		return
	}
	// The server's read and write timeouts are for plain requests: a websocket lives as long
	// as its table, with its own deadlines on every message.
	rc := http.NewResponseController(w)
	_ = rc.SetReadDeadline(time.Time{})
	_ = rc.SetWriteDeadline(time.Time{})
	sb := &smallBuffers{ResponseWriter: w}
	c, err := websocket.Accept(sb, r, nil)
	if err != nil {
		s.closeConn(addr)
		return // Accept has answered the request
	}
	s.serveConn(c, sb, t, guard, addr, spectatorWriter(acct, addr))
}

// serveConn serves one websocket connection of table t until it closes; a live table's
// connection is handed to a goroutine of its own (see socket), and the request's goroutine
// ends, with its stack and the request.
func (s *Server) serveConn(c *websocket.Conn, sb *smallBuffers, t *store.Table, guard *sessionGuard, addr, writer string) {
	acct := guard.acct
	// undo ends the connection, in reverse order, when it closes.
	var undo []func()
	handed := false
	defer func() {
		if !handed {
			runReversed(undo)
		}
	}()
	undo = append(undo, func() { s.closeConn(addr) }, func() { c.CloseNow() })
	c.SetReadLimit(maxMessage)
	// The connection lives until the client leaves or the server shuts down: a live table's
	// connection is told the server is going (see socket); another is cut off.
	ctx, cancel := context.WithCancel(context.WithoutCancel(s.ctx))
	shutdown := context.AfterFunc(s.ctx, cancel)
	undo = append(undo, cancel, func() { shutdown() })

	seat, err := s.hello(ctx, c, t, guard)
	if err != nil {
		switch {
		case errors.Is(err, errSignedOut):
			s.signedOut(ctx, c)
		case errors.Is(err, errBadToken):
			s.send(ctx, c, errorMsg{Type: "error", Code: codeBadToken, Error: err.Error()})
			c.Close(websocket.StatusPolicyViolation, "bad seat token")
		case errors.Is(err, errNoClaim):
			s.send(ctx, c, errorMsg{Type: "error", Code: codeUnavailable, Error: err.Error()})
			c.Close(websocket.StatusTryAgainLater, "seat not taken")
		case errors.As(err, new(*helloError)):
			// Said before the close, whose reason a client may not show.
			s.send(ctx, c, errorMsg{Type: "error", Code: codeBadMessage, Error: err.Error()})
			c.Close(websocket.StatusPolicyViolation, "first message must be hello")
		default:
			c.Close(websocket.StatusPolicyViolation, "first message must be hello")
		}
		return
	}
	lt := s.table(t.ID)
	// A spectator is counted before the welcome, so that a client welcomed is one counted.
	if seat == engine.Spectator {
		if !s.addSpectator(t.ID, lt) {
			s.send(ctx, c, errorMsg{Type: "error", Code: codeFull, Error: fmt.Sprintf("this table has %d spectators, the most it takes: try again later", s.limits.SpectatorsPerTable)})
			c.Close(websocket.StatusTryAgainLater, "too many spectators")
			return
		}
		undo = append(undo, func() { s.removeSpectator(t.ID, lt) })
	}
	if err := s.send(ctx, c, welcomeMsg{Type: "welcome", Table: summarize(summaryOf(t)), Seat: seat}); err != nil {
		return
	}
	if lt == nil && s.cl != nil && t.Status.Unfinished() {
		s.serveFollower(ctx, cancel, c, t, seat, guard, spectatorName(acct), spectatorWriter(acct, addr)) // another node runs it
		return
	}
	if lt == nil {
		// Finished (or not runnable): one final view, then the connection closes.
		u, err := s.storedView(t, seat)
		if err != nil {
			s.send(ctx, c, errorMsg{Type: "error", Code: codeServer, Error: "this table cannot be shown"})
			return
		}
		s.send(ctx, c, updateMsg{Type: "update", Update: u})
		c.Close(websocket.StatusNormalClosure, "the match is over")
		return
	}
	if !shutdown() {
		return // the server is shutting down
	}
	k := &socket{s: s, c: c, ctx: ctx, lt: lt, busy: true, conn: sb.conn, br: sb.br, guard: guard,
		rd: reader{limiter: rate.NewLimiter(s.msgRate, s.msgBurst)}}
	k.chat = s.chat.join(t, seat, spectatorName(acct), writer, k.wakeChat)
	undo = append(undo, func() { s.chat.leave(k.chat) })
	for _, m := range s.chatHistory(ctx, k.chat) {
		if err := s.send(ctx, c, m); err != nil {
			return
		}
	}
	sub, err := lt.m.Watch(ctx, seat, k.offer, k.ended)
	if err != nil {
		c.Close(websocket.StatusTryAgainLater, "the table is closing")
		return
	}
	undo = append(undo, sub.Close, s.watch(lt, seat, k.wakePresence))
	stop := context.AfterFunc(s.ctx, func() { k.closeWith(websocket.StatusGoingAway, "server shutting down") })
	undo = append(undo, func() { stop() })
	// Everything the sender may read (finish) is set before it starts.
	handed = true
	k.undo = undo
	k.handle = func(data []byte) *errorMsg {
		if !guard.live(ctx, false) {
			k.signedOut()
			return nil
		}
		if isChat(data) {
			return s.handleChat(ctx, k.chat, data)
		}
		return s.handle(ctx, lt, seat, data)
	}
	if k.conn != nil {
		k.poller, k.fd = pollable(k.conn)
	}
	k.release()
	k.readMu.Lock()
	buffered := k.br.Buffered() > 0
	k.readMu.Unlock()
	if buffered || !k.await() {
		go k.read()
	}
}

// await has the process's poller start a reader once the client sends something, and
// reports whether it will: a connection waiting for its player holds no goroutine.
func (k *socket) await() bool {
	return k.poller != nil && k.poller.wait(k.conn, k, k.read) == nil
}

// read reads and answers the client's messages while there are any, then waits for the next
// with the poller (or, without one, reads on until the connection ends).
func (k *socket) read() {
	for {
		// With the poller a read starts only once there is something to read, and the buffer
		// under the websocket is looked at after it: a close, which reads the client's answer
		// itself, waits meanwhile. Without, the read waits for the client, and a close runs
		// alongside it (the websocket allows that).
		polled := k.poller != nil
		if polled {
			k.readMu.Lock()
		}
		data, ok := k.s.next(k.ctx, k.c, &k.rd)
		more := ok && polled && k.br.Buffered() > 0
		if polled {
			k.readMu.Unlock()
		}
		if !ok {
			k.finish()
			return
		}
		if data != nil {
			if e := k.handle(data); e != nil {
				k.s.send(k.ctx, k.c, *e)
			}
		}
		if polled && !more && k.await() {
			return
		}
	}
}

// finish ends the connection, once, whoever finds it over.
func (k *socket) finish() {
	k.finished.Do(func() {
		if k.poller != nil {
			k.poller.forget(k.fd, k)
		}
		runReversed(k.undo)
	})
}

// runReversed calls fs, last first.
func runReversed(fs []func()) {
	for i := len(fs) - 1; i >= 0; i-- {
		fs[i]()
	}
}

// socket is a live table's connection. A live table costs the server little while nobody
// acts: no goroutine waits on its match or on its connections. The match, the chat and the
// presence of the table only note what a connection has to send and wake it; one goroutine
// then writes it all and ends. On Linux the process's poller (poller_linux.go) starts a
// goroutine to read a connection once its client has sent something, which reads while there
// is something to read and ends; elsewhere each connection keeps one goroutine reading it.
type socket struct {
	s   *Server
	c   *websocket.Conn
	ctx context.Context
	lt  *liveTable

	chat  *chatConn
	sent  int           // log lines the connection has had, for the sender only
	guard *sessionGuard // the session the connection acts for, checked as it reads and sends

	// The reading side: the connection and its read buffer under the websocket, what reading
	// keeps between messages, and the wait on the poller (see read).
	conn     net.Conn
	br       *bufio.Reader
	rd       reader
	handle   func([]byte) *errorMsg
	poller   *poller
	fd       int32
	undo     []func()
	finished sync.Once
	readMu   sync.Mutex

	mu sync.Mutex
	// busy is set while a sender runs (or the connection is being set up, or gone).
	busy bool
	// What is to be sent: the latest update, whether the presence and chat lines are, and a
	// close, last.
	update    *match.Update
	presence  bool
	chatLines bool
	closing   bool
	closeCode websocket.StatusCode
	closeWhy  string
}

// offer notes u, replacing an update not yet sent.
func (k *socket) offer(u match.Update) { k.wake(func() { k.update = &u }) }

// ended closes the connection once its match has stopped, after the last update.
func (k *socket) ended() {
	switch {
	case k.lt.moved.Load():
		k.closeWith(websocket.StatusTryAgainLater, "the table moved to another server: reconnect")
	case k.s.ctx.Err() != nil:
		k.closeWith(websocket.StatusGoingAway, "server shutting down")
	default:
		k.closeWith(websocket.StatusNormalClosure, "the match is over")
	}
}

func (k *socket) closeWith(code websocket.StatusCode, why string) {
	k.wake(func() {
		if !k.closing {
			k.closing, k.closeCode, k.closeWhy = true, code, why
		}
	})
}

// signedOut tells the client its session has ended, then closes the connection: a client
// that reconnects comes back as what its cookie is now. Nothing else is sent after it.
func (k *socket) signedOut() {
	k.s.send(k.ctx, k.c, signedOutMsg)
	k.wake(func() {
		k.update, k.presence, k.chatLines = nil, false, false
		if !k.closing {
			k.closing, k.closeCode, k.closeWhy = true, websocket.StatusPolicyViolation, "signed out"
		}
	})
}

func (k *socket) wakePresence() { k.wake(func() { k.presence = true }) }

func (k *socket) wakeChat() { k.wake(func() { k.chatLines = true }) }

// release starts sending once the connection is set up.
func (k *socket) release() { k.wake(func() { k.busy = false }) }

// wake notes what note notes, with k.mu held, then starts a sender if there is something to
// send and none runs.
func (k *socket) wake(note func()) {
	k.mu.Lock()
	note()
	start := !k.busy && (k.update != nil || k.presence || k.chatLines || k.closing)
	if start {
		k.busy = true
	}
	k.mu.Unlock()
	if start {
		go k.send()
	}
}

// send writes what there is to send until nothing is left.
func (k *socket) send() {
	s, c, ctx := k.s, k.c, k.ctx
	for {
		k.mu.Lock()
		u, presence, chat, closing := k.update, k.presence, k.chatLines, k.closing
		k.update, k.presence, k.chatLines = nil, false, false
		if u == nil && !presence && !chat && !closing {
			k.busy = false
			k.mu.Unlock()
			return
		}
		k.mu.Unlock()
		if (u != nil || presence || chat) && !k.guard.live(ctx, false) {
			// A connection that only listens is stopped too: nothing more goes to it.
			k.signedOut()
			continue
		}
		err := error(nil)
		if chat {
			for _, m := range s.chat.take(k.chat) {
				if err = s.send(ctx, c, m); err != nil {
					break
				}
			}
		}
		if presence && err == nil {
			s.mu.Lock()
			p := s.presence(k.lt)
			s.mu.Unlock()
			err = s.send(ctx, c, p)
		}
		if u != nil && err == nil {
			err = s.sendUpdate(ctx, c, *u, &k.sent)
		}
		if err != nil {
			c.CloseNow() // busy stays set
			k.finish()
			return
		}
		if closing {
			switch {
			case k.poller == nil:
				c.Close(k.closeCode, k.closeWhy)
			case lockWithin(&k.readMu, closeWait): // see read
				c.Close(k.closeCode, k.closeWhy)
				k.readMu.Unlock()
			default:
				// A read has waited all this time in the middle of a message (a client that
				// sent a ping or half a frame): no handshake, the connection just ends.
				c.CloseNow()
			}
			k.finish()
			return
		}
	}
}

// closeWait bounds how long a close waits for a read in progress to finish.
const closeWait = 5 * time.Second

// lockWithin locks mu if it can within d, and reports whether it did. A read holds the lock
// only while a message is arriving, so the wait is short unless the client stalls mid-message.
func lockWithin(mu *sync.Mutex, d time.Duration) bool {
	for end := time.Now().Add(d); ; time.Sleep(20 * time.Millisecond) {
		if mu.TryLock() {
			return true
		}
		if time.Now().After(end) {
			return false
		}
	}
}

// smallBuffers hands the websocket library, when it takes the connection over, read and write
// buffers sized for deuce's messages (a client's are under maxMessage, and a larger update is
// written straight through) instead of the HTTP server's 4 KiB each, which every open
// connection would keep for its life.
type smallBuffers struct {
	http.ResponseWriter
	// conn and br are the connection and its read buffer once taken over.
	conn net.Conn
	br   *bufio.Reader
}

const (
	socketReadBuffer  = 512
	socketWriteBuffer = 1 << 10
)

func (w *smallBuffers) Hijack() (net.Conn, *bufio.ReadWriter, error) {
	conn, brw, err := http.NewResponseController(w.ResponseWriter).Hijack()
	if err != nil {
		return nil, nil, err
	}
	if err := brw.Writer.Flush(); err != nil {
		conn.Close()
		return nil, nil, err
	}
	// What the client sent after its request may already be in the server's buffer: it is
	// moved to the new one, where the library looks for it.
	n := brw.Reader.Buffered()
	b, _ := brw.Reader.Peek(n)
	br := bufio.NewReaderSize(io.MultiReader(bytes.NewReader(bytes.Clone(b)), conn), max(socketReadBuffer, n))
	if _, err := br.Peek(n); err != nil {
		conn.Close()
		return nil, nil, err
	}
	w.conn, w.br = conn, br
	return conn, bufio.NewReadWriter(br, bufio.NewWriterSize(conn, socketWriteBuffer)), nil
}

// sendUpdate sends u with the log lines after the *sent the connection has had, and counts
// them.
func (s *Server) sendUpdate(ctx context.Context, c *websocket.Conn, u match.Update, sent *int) error {
	msg := updateMsg{Type: "update", Update: u, LogFrom: *sent}
	if *sent <= len(u.Log) {
		msg.Log = u.Log[*sent:]
	} else {
		msg.LogFrom, msg.Log = 0, u.Log
	}
	if err := s.send(ctx, c, msg); err != nil {
		return err
	}
	*sent = len(u.Log)
	return nil
}

// errNoClaim says a seat could not be marked taken (the store failed).
var errNoClaim = errors.New("your seat could not be taken just now: try again in a moment")

// errSignedOut refuses the hello of a connection whose session ended after it opened.
var errSignedOut = errors.New("signed out")

// signedOut tells a connection outside a live table's (see socket.signedOut) that its session
// has ended, and closes it.
func (s *Server) signedOut(ctx context.Context, c *websocket.Conn) {
	s.send(ctx, c, signedOutMsg)
	c.Close(websocket.StatusPolicyViolation, "signed out")
}

// hello reads the first message and returns the seat it claims; claiming marks the seat taken.
func (s *Server) hello(ctx context.Context, c *websocket.Conn, t *store.Table, guard *sessionGuard) (engine.Seat, error) {
	acct := guard.acct
	// The timer closes the connection itself, with a close frame that says why: a read whose
	// context ends drops the connection without one, and the client would not know.
	wait := s.limits.HelloTimeout
	timer := time.AfterFunc(wait, func() {
		c.Close(websocket.StatusPolicyViolation, fmt.Sprintf("no hello within %v: send {\"type\":\"hello\"} first", wait))
	})
	_, data, err := c.Read(ctx)
	if !timer.Stop() || err != nil {
		// The timer fired: the connection is closing, whatever the read returned. A hello read in
		// time stops it, so that claiming the seat below is not cut short.
		return 0, errors.New("no hello")
	}
	msg, err := decodeClientMsg(data)
	switch {
	case err != nil:
		return 0, &helloError{fmt.Sprintf("the first message is not a valid hello: %v", err)}
	case msg.Type != "hello":
		return 0, &helloError{fmt.Sprintf("the first message must be a hello, not %q: send {\"type\":\"hello\"} first", msg.Type)}
	}
	// The hello may come up to HelloTimeout after the connection opened, and it may claim a
	// seat for the account: the session is checked again.
	if !guard.live(ctx, true) {
		return 0, errSignedOut
	}
	seat, err := seatAt(t, msg.Token, acct)
	if err != nil || seat < 0 || t.Seats[seat].Claimed || !t.Status.Unfinished() {
		return seat, err // an ended table's seats are shown as they were
	}
	name, err := s.claim(ctx, t.ID, seat, acct)
	if err != nil {
		// Seated without the seat stored as taken, the table would go on waiting for this
		// player (and could be called off at any time): the player tries again instead.
		s.log.Error("claim seat", "table", t.ID, "seat", seat, "err", err)
		return seat, errNoClaim
	}
	t.Seats[seat].Claimed = true // the welcome shows the seat taken
	t.Seats[seat].Name = name
	return seat, nil
}

// helloError is a first message that is not a hello, and says what is wrong with it.
type helloError struct{ why string }

func (e *helloError) Error() string { return e.why }

// seatAt is the seat a connection plays at t: its token's, or, without one, the seat its
// account holds; a token that no longer plays (its seat became an account's, see claimLocked)
// still finds the seat of that account. engine.Spectator for none.
func seatAt(t *store.Table, token string, acct *store.Account) (engine.Seat, error) {
	if token == "" {
		return accountSeat(t, acct), nil
	}
	seat, err := seatOf(t.Seats, token)
	if errors.Is(err, errBadToken) {
		if own := accountSeat(t, acct); own >= 0 {
			return own, nil
		}
	}
	return seat, err
}

// claim marks a person seat taken; the table stops being open once every person seat is.
//
// A signed-in account that first takes, by its link, a seat given no name ("player 2",
// defaultSeatName) takes it as its own: under its name, held by the account (its link plays no
// more, so nobody else holding the link, its creator included, plays or chats under that name),
// and listed on its profile. Any seat an account takes as its own is listed there. It returns
// the seat's name.
func (s *Server) claim(ctx context.Context, id string, seat engine.Seat, acct *store.Account) (string, error) {
	var name string
	var link bool
	err := s.lockSeats(ctx, id, func() error {
		var err error
		name, link, err = s.claimLocked(ctx, id, seat, acct)
		return err
	})
	if err == nil && link && s.accounts != nil {
		// Listed on the account's profile; the table plays on if the listing fails.
		if err := s.accounts.p.LinkSeat(ctx, id, int(seat), acct.ID); err != nil {
			s.log.Error("link seat", "table", id, "seat", seat, "err", err)
		}
	}
	return name, err
}

// defaultSeatName is the name a person seat gets when its creator gives none.
func defaultSeatName(seat int) string { return fmt.Sprintf("player %d", seat+1) }

func (s *Server) claimLocked(ctx context.Context, id string, seat engine.Seat, acct *store.Account) (name string, link bool, err error) {
	t, err := s.store.Get(ctx, id)
	if err != nil {
		return "", false, err
	}
	if !t.Status.Unfinished() {
		return t.Seats[seat].Name, false, nil // ended meanwhile (called off): nothing to take
	}
	st := &t.Seats[seat]
	first := !st.Claimed // a guest may have taken it meanwhile: then it stays theirs
	st.Claimed = true
	renamed := false
	if acct != nil && first && st.Account == "" && st.Name == defaultSeatName(int(seat)) && !nameAtTable(t, acct.Name) {
		st.Name, st.Account, st.TokenHash, renamed = acct.Name, acct.Name, "", true
	}
	link = acct != nil && st.Account == acct.Name
	open := false
	for _, st := range t.Seats {
		if st.Bot == "" && !st.Claimed {
			open = true
		}
	}
	if t.Status == store.Open && !open {
		t.Status = store.Live
	}
	if err := s.store.UpdateSeats(ctx, id, t.Seats, t.Status); err != nil {
		return "", false, err
	}
	if renamed {
		s.seatNamed(id, seat, st.Name)
	}
	s.mu.Lock()
	lt := s.live[id]
	if lt != nil && !open && lt.open {
		lt.open = false // seats are only ever taken: a table stops waiting once, for good
		s.notify(lt)    // presence says so: nobody may call it off now
	}
	s.mu.Unlock()
	if lt != nil && !open {
		s.startClock(ctx, lt)
	}
	return st.Name, link, nil
}

// nameAtTable reports whether a seat of t carries name, or a name that looks like it.
func nameAtTable(t *store.Table, name string) bool {
	return slices.ContainsFunc(t.Seats, func(st store.Seat) bool { return lookalike(st.Name) == lookalike(name) })
}

// storedView is seat's view of table t as stored: the final one of an ended table.
func (s *Server) storedView(t *store.Table, seat engine.Seat) (match.Update, error) {
	u, err := match.View(s.gameOf(t), t.Record(), seat)
	if err != nil {
		return u, err
	}
	if t.Ended != "" {
		u.Ended, u.ToMove, u.Pending, u.Legal = t.Ended, engine.Nobody, nil, nil
		u.Result.Over, u.Result.Returns, u.Result.Winner = true, nil, engine.Nobody
		if t.Result != nil {
			u.Result = *t.Result
		}
	}
	return u, nil
}

// reader is what reading a connection keeps between messages: its rate.
type reader struct {
	limiter *rate.Limiter
	refused int
}

// readMessages reads the client's messages until it leaves, and answers each with handle.
func (s *Server) readMessages(ctx context.Context, cancel context.CancelFunc, c *websocket.Conn, handle func([]byte) *errorMsg) {
	defer cancel()
	rd := reader{limiter: rate.NewLimiter(s.msgRate, s.msgBurst)}
	for {
		data, ok := s.next(ctx, c, &rd)
		if !ok {
			return
		}
		if data == nil {
			continue
		}
		// The message is handled on a goroutine of its own, which may go deep (a move is saved
		// in the store) and then ends, so that the stack this goroutine keeps while it waits for
		// the next message stays small.
		done := make(chan struct{})
		go func() {
			defer close(done)
			if e := handle(data); e != nil {
				s.send(ctx, c, *e)
			}
		}()
		<-done
	}
}

// next reads the client's next message: ok is false once the connection is over, and data nil
// for a message refused by the rate limit (the client has been told).
func (s *Server) next(ctx context.Context, c *websocket.Conn, rd *reader) (data []byte, ok bool) {
	_, data, err := c.Read(ctx)
	if err != nil {
		var ce websocket.CloseError
		if errors.As(err, &ce) || ctx.Err() != nil {
			return nil, false
		}
		// Oversized or broken frames end the connection; say why first when possible.
		s.send(ctx, c, errorMsg{Type: "error", Code: codeBadMessage, Error: fmt.Sprintf("message refused: %v", err)})
		c.Close(websocket.StatusMessageTooBig, "message too big or malformed")
		return nil, false
	}
	if !rd.limiter.Allow() {
		rd.refused++
		if rd.refused > maxRefused {
			c.Close(websocket.StatusPolicyViolation, "too many messages")
			return nil, false
		}
		s.send(ctx, c, errorMsg{Type: "error", Code: codeRateLimited, Error: "too many messages: slow down"})
		return nil, true
	}
	return data, true
}

// decodeClientMsg decodes one client message: a single JSON object of known fields.
func decodeClientMsg(data []byte) (clientMsg, error) { return decodeStrict[clientMsg](data) }

// decodeStrict decodes a single JSON object of T's fields, with nothing after it.
func decodeStrict[T any](data []byte) (T, error) {
	var msg, zero T
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&msg); err != nil {
		if errors.Is(err, io.EOF) {
			err = errEmptyBody
		}
		return zero, errors.New(jsonProblem(err))
	}
	if _, err := dec.Token(); !errors.Is(err, io.EOF) {
		return zero, errors.New("one JSON object expected, more follows it")
	}
	return msg, nil
}

// endedRefusal answers a message lt's match refused as over (match.ErrOver) or closed
// (match.ErrClosed). A run closed before the match's end (its lease lost, another node running
// the table now, or the server closing) played nothing, and the table, served again, takes the
// message: the client is told to try again (codeUnavailable), not that the match is over.
func (s *Server) endedRefusal(lt *liveTable, err error) *errorMsg {
	if errors.Is(err, match.ErrClosed) && (lt.moved.Load() || s.ctx.Err() != nil) {
		return &errorMsg{Type: "error", Code: codeUnavailable, Error: msgMoving}
	}
	return &errorMsg{Type: "error", Code: codeOver, Error: "the match is over"}
}

// handle plays one client message and returns the error to send back, if any.
func (s *Server) handle(ctx context.Context, lt *liveTable, seat engine.Seat, data []byte) *errorMsg {
	bad := func(code, format string, args ...any) *errorMsg {
		return &errorMsg{Type: "error", Code: code, Error: fmt.Sprintf(format, args...)}
	}
	msg, err := decodeClientMsg(data)
	if err != nil {
		return bad(codeBadMessage, "not a valid message: %v", err)
	}
	switch msg.Type {
	case "ping":
		return nil
	case "move", "resign", "claim", "bot", "cancel", "name":
	default:
		if msg.Type == "hello" {
			return bad(codeBadMessage, "this connection has said hello already: a hello comes once, first")
		}
		return bad(codeBadMessage, "unknown message type %q: want move, resign, claim, bot, cancel, name, chat, mute or ping", msg.Type)
	}
	if seat < 0 {
		return bad(codeNotYourTurn, "spectators cannot play")
	}
	if msg.Type == "name" {
		if msg.Action != nil || msg.Text != "" || msg.Seq != nil || msg.Token != "" {
			return bad(codeBadMessage, "name takes no other field than name")
		}
		return s.rename(ctx, lt, seat, msg.Name)
	}
	if msg.Name != "" {
		return bad(codeBadMessage, "only a name message gives a name")
	}
	if msg.Type != "move" {
		if msg.Action != nil || msg.Text != "" || msg.Seq != nil || msg.Token != "" {
			return bad(codeBadMessage, "%s takes no other field", msg.Type)
		}
		return s.lifecycle(ctx, lt, seat, msg.Type)
	}
	if (msg.Action == nil) == (msg.Text == "") {
		return bad(codeBadMessage, "a move gives either action or text")
	}
	seq := -1
	if msg.Seq != nil {
		if seq = *msg.Seq; seq < -1 {
			return bad(codeBadMessage, "seq %d names no update: send the seq of the update the move answers, or -1 for any", seq)
		}
	}
	start := time.Now()
	if msg.Action != nil {
		err = lt.m.Submit(ctx, seat, seq, *msg.Action)
	} else {
		err = lt.m.SubmitText(ctx, seat, seq, msg.Text)
	}
	switch {
	case err == nil:
		s.metrics.moved(via(ctx), time.Since(start))
		return nil
	case (errors.Is(err, match.ErrStale) || errors.Is(err, match.ErrNotYourTurn) || errors.Is(err, match.ErrOver)) && s.movedOn(ctx, lt.id, seat, seq):
		// Sent again on a view the seat has moved on: the first move stands (cluster.go). The
		// match's last move too, sent again after a failover, finds the match over.
		return nil
	case errors.Is(err, engine.ErrIllegal):
		return bad(codeIllegal, "%v", err)
	case errors.Is(err, match.ErrNotYourTurn):
		return bad(codeNotYourTurn, "%v", err)
	case errors.Is(err, match.ErrStale):
		return bad(codeStale, "%v", err)
	case errors.Is(err, match.ErrWaiting):
		return bad(codeOpen, "%v", err)
	case errors.Is(err, match.ErrOver), errors.Is(err, match.ErrClosed):
		return s.endedRefusal(lt, err)
	case ctx.Err() != nil:
		return nil
	case errors.Is(err, store.ErrLeaseLost):
		return bad(codeUnavailable, msgMoving)
	}
	s.log.Error("move", "table", lt.id, "seat", seat, "err", err)
	return bad(codeServer, "the move could not be saved; try again")
}

// lifecycle plays a resign, claim, bot or cancel message of seat.
func (s *Server) lifecycle(ctx context.Context, lt *liveTable, seat engine.Seat, kind string) *errorMsg {
	s.mu.Lock()
	person := int(seat) < len(lt.person) && lt.person[seat]
	s.mu.Unlock()
	if !person {
		return &errorMsg{Type: "error", Code: codeNotYourTurn, Error: "a bot plays this seat now"}
	}
	var err error
	switch kind {
	case "resign":
		err = s.resign(ctx, lt, seat)
	case "claim":
		err = s.claimWin(ctx, lt, seat)
	case "bot":
		err = s.handToBots(ctx, lt, seat)
	case "cancel":
		err = s.cancelOpen(ctx, lt)
	}
	switch {
	case err == nil:
		s.log.Info("table "+kind, "table", lt.id, "seat", seat)
		return nil
	case errors.Is(err, errNoAbandoned):
		return &errorMsg{Type: "error", Code: codeNotAbandoned, Error: err.Error()}
	case errors.Is(err, errRatedBot):
		return &errorMsg{Type: "error", Code: codeRated, Error: err.Error()}
	case errors.Is(err, errNotOpen):
		return &errorMsg{Type: "error", Code: codeNotOpen, Error: err.Error()}
	case errors.Is(err, errOpen):
		return &errorMsg{Type: "error", Code: codeOpen, Error: err.Error()}
	case errors.Is(err, match.ErrOver), errors.Is(err, match.ErrClosed):
		return s.endedRefusal(lt, err)
	case ctx.Err() != nil:
		return nil
	case errors.Is(err, store.ErrLeaseLost):
		return &errorMsg{Type: "error", Code: codeUnavailable, Error: msgMoving}
	}
	s.log.Error(kind, "table", lt.id, "seat", seat, "err", err)
	return &errorMsg{Type: "error", Code: codeServer, Error: "that could not be saved; try again"}
}

// send writes one message with a deadline.
func (s *Server) send(ctx context.Context, c *websocket.Conn, v any) error {
	wctx, cancel := context.WithTimeout(ctx, writeTimeout)
	defer cancel()
	return wsjson.Write(wctx, c, v)
}
