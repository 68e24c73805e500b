package web

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
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
	helloTimeout    = 10 * time.Second
	writeTimeout    = 10 * time.Second
	defaultMsgRate  = 10 // messages per second, sustained
	defaultMsgBurst = 30
	maxRefused      = 100 // rate-limited messages before the connection is closed
)

// clientMsg is every message a client sends; Type says which fields count.
type clientMsg struct {
	// Type is "hello" (first message: Token claims a seat, empty to watch), "move", "resign",
	// "claim" (the win, an opponent being away too long), "bot" (hand the seats of players
	// away too long to bots) or "ping".
	Type  string `json:"type"`
	Token string `json:"token,omitempty"`
	// Seq is the seq of the update the move answers (-1 or absent: any).
	Seq *int `json:"seq,omitempty"`
	// Action is the move's number, or Text its notation; exactly one is given.
	Action *engine.Action `json:"action,omitempty"`
	Text   string         `json:"text,omitempty"`
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
	t, ok := s.loadTable(w, r)
	if !ok {
		return
	}
	acct := s.accountOf(r)
	if !s.openConn(addr) {
		w.Header().Set("Retry-After", "60")
		writeError(w, http.StatusTooManyRequests, fmt.Sprintf("your address has %d connections open, the most it may: close some tables first", s.limits.ConnsPerAddress))
		return
	}
	defer s.closeConn(addr)
	// The server's read and write timeouts are for plain requests: a websocket lives as long
	// as its table, with its own deadlines on every message.
	rc := http.NewResponseController(w)
	_ = rc.SetReadDeadline(time.Time{})
	_ = rc.SetWriteDeadline(time.Time{})
	c, err := websocket.Accept(w, r, nil)
	if err != nil {
		return // Accept has answered the request
	}
	defer c.CloseNow()
	c.SetReadLimit(maxMessage)
	// The connection lives until the client leaves or the server shuts down.
	ctx, cancel := context.WithCancel(r.Context())
	defer cancel()
	stop := context.AfterFunc(s.ctx, cancel)
	defer stop()

	seat, err := s.hello(ctx, c, t, acct)
	if err != nil {
		if errors.Is(err, errBadToken) {
			s.send(ctx, c, errorMsg{Type: "error", Code: codeBadToken, Error: err.Error()})
			c.Close(websocket.StatusPolicyViolation, "bad seat token")
		} else {
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
		defer s.removeSpectator(t.ID, lt)
	}
	if err := s.send(ctx, c, welcomeMsg{Type: "welcome", Table: summarize(summaryOf(t)), Seat: seat}); err != nil {
		return
	}
	if lt == nil && s.cl != nil && t.Status.Unfinished() {
		s.serveFollower(ctx, cancel, c, t, seat, s.chat.join(t, seat, spectatorName(acct), spectatorWriter(acct, addr))) // another node runs it
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
	chat := s.chat.join(t, seat, spectatorName(acct), spectatorWriter(acct, clientAddr(r)))
	defer s.chat.leave(chat)
	for _, m := range s.chatHistory(ctx, chat) {
		if err := s.send(ctx, c, m); err != nil {
			return
		}
	}
	sub, err := lt.m.Subscribe(ctx, seat)
	if err != nil {
		c.Close(websocket.StatusTryAgainLater, "the table is closing")
		return
	}
	defer sub.Close()
	changed, unwatch := s.watch(lt, seat)
	defer unwatch()

	go s.readMoves(ctx, cancel, c, lt, seat, chat)
	sent := 0
	for {
		select {
		case <-ctx.Done():
			c.Close(websocket.StatusGoingAway, "server shutting down")
			return
		case m := <-chat.C:
			if err := s.send(ctx, c, m); err != nil {
				return
			}
		case <-changed:
			s.mu.Lock()
			p := s.presence(lt)
			s.mu.Unlock()
			if err := s.send(ctx, c, p); err != nil {
				return
			}
		case u, ok := <-sub.C:
			if !ok {
				switch {
				case lt.moved.Load():
					c.Close(websocket.StatusTryAgainLater, "the table moved to another server: reconnect")
				case ctx.Err() == nil:
					c.Close(websocket.StatusNormalClosure, "the match is over")
				}
				return
			}
			if err := s.sendUpdate(ctx, c, u, &sent); err != nil {
				return
			}
		}
	}
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

// hello reads the first message and returns the seat it claims; claiming marks the seat taken.
func (s *Server) hello(ctx context.Context, c *websocket.Conn, t *store.Table, acct *store.Account) (engine.Seat, error) {
	hctx, cancel := context.WithTimeout(ctx, helloTimeout)
	defer cancel()
	_, data, err := c.Read(hctx)
	if err != nil {
		return 0, errors.New("no hello")
	}
	msg, err := decodeClientMsg(data)
	if err != nil || msg.Type != "hello" {
		return 0, errors.New("no hello")
	}
	seat, err := seatOf(t.Seats, msg.Token)
	if err == nil && msg.Token == "" {
		seat = accountSeat(t, acct) // a seat held by the signed-in account
	}
	if err != nil || seat < 0 || t.Seats[seat].Claimed {
		return seat, err
	}
	if err := s.claim(ctx, t.ID, seat); err != nil {
		s.log.Error("claim seat", "table", t.ID, "seat", seat, "err", err)
	} else {
		t.Seats[seat].Claimed = true // the welcome shows the seat taken
	}
	return seat, nil
}

// claim marks a person seat taken; the table stops being open once every person seat is.
func (s *Server) claim(ctx context.Context, id string, seat engine.Seat) error {
	return s.lockSeats(ctx, id, func() error { return s.claimLocked(ctx, id, seat) })
}

func (s *Server) claimLocked(ctx context.Context, id string, seat engine.Seat) error {
	t, err := s.store.Get(ctx, id)
	if err != nil {
		return err
	}
	t.Seats[seat].Claimed = true
	open := false
	for _, st := range t.Seats {
		if st.Bot == "" && !st.Claimed {
			open = true
		}
	}
	if t.Status == store.Open && !open {
		t.Status = store.Live
	}
	s.mu.Lock()
	if lt := s.live[id]; lt != nil {
		lt.open = open
	}
	s.mu.Unlock()
	return s.store.UpdateSeats(ctx, id, t.Seats, t.Status)
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

// readMoves reads the client's messages until it leaves, playing its moves.
func (s *Server) readMoves(ctx context.Context, cancel context.CancelFunc, c *websocket.Conn, lt *liveTable, seat engine.Seat, chat *chatConn) {
	s.readMessages(ctx, cancel, c, func(data []byte) *errorMsg {
		if isChat(data) {
			return s.handleChat(ctx, chat, data)
		}
		return s.handle(ctx, lt, seat, data)
	})
}

// readMessages reads the client's messages until it leaves, and answers each with handle.
func (s *Server) readMessages(ctx context.Context, cancel context.CancelFunc, c *websocket.Conn, handle func([]byte) *errorMsg) {
	defer cancel()
	limiter := rate.NewLimiter(s.msgRate, s.msgBurst)
	refused := 0
	for {
		_, data, err := c.Read(ctx)
		if err != nil {
			var ce websocket.CloseError
			if errors.As(err, &ce) || ctx.Err() != nil {
				return
			}
			// Oversized or broken frames end the connection; say why first when possible.
			s.send(ctx, c, errorMsg{Type: "error", Code: codeBadMessage, Error: fmt.Sprintf("message refused: %v", err)})
			c.Close(websocket.StatusMessageTooBig, "message too big or malformed")
			return
		}
		if !limiter.Allow() {
			refused++
			if refused > maxRefused {
				c.Close(websocket.StatusPolicyViolation, "too many messages")
				return
			}
			s.send(ctx, c, errorMsg{Type: "error", Code: codeRateLimited, Error: "too many messages: slow down"})
			continue
		}
		if e := handle(data); e != nil {
			s.send(ctx, c, *e)
		}
	}
}

// decodeClientMsg decodes one client message: a single JSON object of known fields.
func decodeClientMsg(data []byte) (clientMsg, error) {
	var msg clientMsg
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&msg); err != nil {
		return clientMsg{}, err
	}
	if _, err := dec.Token(); !errors.Is(err, io.EOF) {
		return clientMsg{}, errors.New("one JSON object expected, more follows it")
	}
	return msg, nil
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
	case "move", "resign", "claim", "bot":
	default:
		return bad(codeBadMessage, "unknown message type %q: want move, resign, claim, bot or ping", msg.Type)
	}
	if seat < 0 {
		return bad(codeNotYourTurn, "spectators cannot play")
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
		seq = *msg.Seq
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
	case (errors.Is(err, match.ErrStale) || errors.Is(err, match.ErrNotYourTurn)) && s.movedOn(ctx, lt.id, seat, seq):
		return nil // sent again on a view the seat has moved on: the first move stands (cluster.go)
	case errors.Is(err, engine.ErrIllegal):
		return bad(codeIllegal, "%v", err)
	case errors.Is(err, match.ErrNotYourTurn):
		return bad(codeNotYourTurn, "%v", err)
	case errors.Is(err, match.ErrStale):
		return bad(codeStale, "%v", err)
	case errors.Is(err, match.ErrOver), errors.Is(err, match.ErrClosed):
		return bad(codeOver, "the match is over")
	case ctx.Err() != nil:
		return nil
	case errors.Is(err, store.ErrLeaseLost):
		return bad(codeUnavailable, "the table is moving to another server: try again in a moment")
	}
	s.log.Error("move", "table", lt.id, "seat", seat, "err", err)
	return bad(codeServer, "the move could not be saved; try again")
}

// lifecycle plays a resign, claim or bot message of seat.
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
		err = s.endTable(ctx, lt, store.EndResigned, seat)
	case "claim":
		err = s.claimWin(ctx, lt, seat)
	case "bot":
		err = s.handToBots(ctx, lt, seat)
	}
	switch {
	case err == nil:
		s.log.Info("table "+kind, "table", lt.id, "seat", seat)
		return nil
	case errors.Is(err, errNoAbandoned):
		return &errorMsg{Type: "error", Code: codeNotAbandoned, Error: err.Error()}
	case errors.Is(err, match.ErrOver), errors.Is(err, match.ErrClosed):
		return &errorMsg{Type: "error", Code: codeOver, Error: "the match is over"}
	case ctx.Err() != nil:
		return nil
	case errors.Is(err, store.ErrLeaseLost):
		return &errorMsg{Type: "error", Code: codeUnavailable, Error: "the table is moving to another server: try again in a moment"}
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
