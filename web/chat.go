package web

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"math/rand/v2"
	"strings"
	"sync"
	"time"
	"unicode"
	"unicode/utf8"

	"golang.org/x/time/rate"

	"deuce/engine"
	"deuce/store"
)

// Chat: each table has two rooms, its players' and its spectators'. Lines are stored with the
// match; a connection receives its room's last lines on joining and every new one after. A
// player may mute a seat: its lines are no longer sent to that player. A line carries the
// writer's name, and the seat in the players' room: nothing a seat hides.
const (
	chatMaxRunes = 300
	chatHistory  = 50
	chatEvery    = 2 * time.Second // sustained rate of one writer (a seat, an account, an address)
	chatBurst    = 5
	chatBuffer   = 32 // lines queued for a slow connection before it misses some
	// chatLimitsKept is how long a table's writers' rates are kept after its last connection
	// leaves, so that leaving and coming back buys no lines: a rate unused that long is full
	// again anyway.
	chatLimitsKept = chatBurst * chatEvery
	roomPlayers    = "players"
	roomSpectators = "spectators"
)

// chatMsg is a chat line sent to clients.
type chatMsg struct {
	Type string `json:"type"` // "chat"
	// ID is the line's number in the store: a line reaches a connection once, though it may
	// come both from the history the connection is sent on joining and as it is posted.
	ID   int64  `json:"id"`
	Room string `json:"room"`
	Name string `json:"name"`
	// Seat is the writer's seat in the players' room, absent for spectators.
	Seat *int      `json:"seat,omitempty"`
	Text string    `json:"text"`
	At   time.Time `json:"at"`
	// History marks the lines a connection is sent on joining, written before it came: a
	// page tells of new lines only.
	History bool `json:"history,omitempty"`
}

// chatHub routes chat lines between a table's connections.
type chatHub struct {
	mu    sync.Mutex
	conns map[string]map[*chatConn]struct{} // by table
	// limits holds each writer's rate at a table, shared by its connections, so that opening
	// more connections buys no more lines; dropped chatLimitsKept after the table's last
	// connection left (idle says when), so that reconnecting buys none either.
	limits map[string]map[string]*rate.Limiter // by table, then writer
	idle   map[string]time.Time                // by table without connections
	swept  time.Time                           // when idle was last swept (forget)
	now    func() time.Time
}

func newChatHub(now func() time.Time) *chatHub {
	return &chatHub{conns: map[string]map[*chatConn]struct{}{}, limits: map[string]map[string]*rate.Limiter{},
		idle: map[string]time.Time{}, now: now}
}

// forget drops the rates of the tables left long enough ago; the hub is locked. It sweeps at
// most once every chatLimitsKept, not on every join and leave, so that a table's rates go
// between one and two times chatLimitsKept after its last connection.
func (h *chatHub) forget(now time.Time) {
	if now.Sub(h.swept) < chatLimitsKept {
		return
	}
	h.swept = now
	for table, since := range h.idle {
		if now.Sub(since) >= chatLimitsKept {
			delete(h.idle, table)
			delete(h.limits, table)
		}
	}
}

// chatConn is one connection's place in a table's chat.
type chatConn struct {
	table, room, name string
	seat              engine.Seat
	seats             int // the table's seats: a mute names one of them
	// queue holds the lines not yet sent, at most chatBuffer; wake, called when a line is
	// queued, has the connection send them (take). Both are guarded by the hub.
	queue []chatMsg
	wake  func()
	limit *rate.Limiter
	// muted holds the seats whose lines this connection does not receive; guarded by the hub.
	muted map[engine.Seat]bool
	// sent holds the lines of the history sent on joining (at most chatHistory), which the
	// connection does not receive again when they are posted: a line saved as the connection
	// joins is in its history and also posted to it after. Guarded by the hub.
	sent map[int64]bool
}

// join adds a connection of seat to its table's room. writer names who writes from it, for
// the rate limit: a spectator's account or address (a player is its seat).
func (h *chatHub) join(t *store.Table, seat engine.Seat, name, writer string, wake func()) *chatConn {
	room := roomSpectators
	if seat >= 0 {
		room, name, writer = roomPlayers, t.Seats[seat].Name, fmt.Sprintf("seat %d", seat)
	}
	c := &chatConn{table: t.ID, room: room, name: name, seat: seat, seats: len(t.Seats), wake: wake, muted: map[engine.Seat]bool{}}
	h.mu.Lock()
	defer h.mu.Unlock()
	h.forget(h.now())
	delete(h.idle, t.ID)
	if h.conns[t.ID] == nil {
		h.conns[t.ID] = map[*chatConn]struct{}{}
	}
	if h.limits[t.ID] == nil {
		h.limits[t.ID] = map[string]*rate.Limiter{}
	}
	h.conns[t.ID][c] = struct{}{}
	if c.limit = h.limits[t.ID][writer]; c.limit == nil {
		c.limit = rate.NewLimiter(rate.Every(chatEvery), chatBurst)
		h.limits[t.ID][writer] = c.limit
	}
	return c
}

func (h *chatHub) leave(c *chatConn) {
	h.mu.Lock()
	defer h.mu.Unlock()
	delete(h.conns[c.table], c)
	now := h.now()
	if len(h.conns[c.table]) == 0 {
		delete(h.conns, c.table)
		h.idle[c.table] = now
	}
	h.forget(now)
}

// post sends a line of table to every connection of its room that has not muted the writer's
// seat.
func (h *chatHub) post(table string, m chatMsg) {
	h.mu.Lock()
	defer h.mu.Unlock()
	for c := range h.conns[table] {
		if c.room != m.Room || m.Seat != nil && c.muted[engine.Seat(*m.Seat)] || c.sent[m.ID] {
			continue
		}
		// A connection too slow to read its chat misses lines rather than stalling others.
		if len(c.queue) < chatBuffer {
			c.queue = append(c.queue, m)
			c.wake()
		}
	}
}

// take returns the lines queued for c and empties its queue.
func (h *chatHub) take(c *chatConn) []chatMsg {
	h.mu.Lock()
	defer h.mu.Unlock()
	q := c.queue
	c.queue = nil
	return q
}

func (h *chatHub) mute(c *chatConn, seat engine.Seat, on bool) {
	h.mu.Lock()
	defer h.mu.Unlock()
	if on {
		c.muted[seat] = true
	} else {
		delete(c.muted, seat)
	}
}

// caughtUp records the history sent to c: those lines, if queued or posted later, are not
// sent again.
func (h *chatHub) caughtUp(c *chatConn, history []chatMsg) {
	h.mu.Lock()
	defer h.mu.Unlock()
	c.sent = make(map[int64]bool, len(history))
	for _, m := range history {
		c.sent[m.ID] = true
	}
	q := c.queue[:0]
	for _, m := range c.queue {
		if !c.sent[m.ID] {
			q = append(q, m)
		}
	}
	c.queue = q
}

// chatHistory returns the last lines of a connection's room, which the connection, joined
// before, will not receive again as they are posted.
func (s *Server) chatHistory(ctx context.Context, c *chatConn) []chatMsg {
	lines := s.readChat(ctx, c)
	s.chat.caughtUp(c, lines)
	return lines
}

func (s *Server) readChat(ctx context.Context, c *chatConn) []chatMsg {
	if s.accounts == nil {
		return nil
	}
	lines, err := s.accounts.p.Chat(ctx, c.table, c.room, chatHistory)
	if err != nil {
		s.log.Error("chat history", "table", c.table, "err", err)
		return nil
	}
	out := make([]chatMsg, 0, len(lines))
	// A line is credited to the seat of its name. A seat that took a name after writing (a
	// guest naming its "player 2", an account claiming it) wrote under its default name, which
	// no other seat may carry: those lines are its own, shown under its name now, so that a
	// mute hides them too.
	seats, names := map[string]int{}, []string{}
	if t, err := s.store.Get(ctx, c.table); err == nil {
		for i, seat := range t.Seats {
			names = append(names, seat.Name)
			if _, taken := seats[defaultSeatName(i)]; !taken && seat.Name != defaultSeatName(i) {
				seats[defaultSeatName(i)] = i
			}
		}
		for i, seat := range t.Seats {
			seats[seat.Name] = i
		}
	}
	for _, l := range lines {
		m := chatMsg{Type: "chat", ID: l.ID, Room: l.Room, Name: l.Name, Text: l.Text, At: l.At, History: true}
		if seat, ok := seats[l.Name]; ok && l.Room == roomPlayers {
			m.Seat, m.Name = &seat, names[seat]
		}
		out = append(out, m)
	}
	return out
}

// nameOf is the name c signs its lines with: rename may change it from another goroutine.
func (h *chatHub) nameOf(c *chatConn) string {
	h.mu.Lock()
	defer h.mu.Unlock()
	return c.name
}

// rename gives the connections of seat at table its new name, for the lines they write next.
func (h *chatHub) rename(table string, seat engine.Seat, name string) {
	h.mu.Lock()
	defer h.mu.Unlock()
	for c := range h.conns[table] {
		if c.room == roomPlayers && c.seat == seat {
			c.name = name
		}
	}
}

// chatClientMsg is a chat or mute message from a client.
type chatClientMsg struct {
	Type string `json:"type"` // "chat" or "mute"
	Text string `json:"text,omitempty"`
	// Seat and Muted: mute (true) or unmute (false) a seat.
	Seat  *engine.Seat `json:"seat,omitempty"`
	Muted bool         `json:"muted,omitempty"`
}

// handleChat plays a chat or mute message and returns the error to send back, if any.
func (s *Server) handleChat(ctx context.Context, c *chatConn, data []byte) *errorMsg {
	msg, err := decodeStrict[chatClientMsg](data)
	if err != nil {
		return &errorMsg{Type: "error", Code: codeBadMessage, Error: "not a valid chat message: " + err.Error()}
	}
	if msg.Type == "mute" {
		if c.seat < 0 {
			return &errorMsg{Type: "error", Code: codeBadMessage, Error: "spectators' lines name no seat, so a spectator has no seat to mute"}
		}
		// Only the table's seats: a mute of any number would let a connection grow its set
		// without end.
		if msg.Seat == nil || *msg.Seat < 0 || int(*msg.Seat) >= c.seats || *msg.Seat == c.seat {
			return &errorMsg{Type: "error", Code: codeBadMessage, Error: "mute names another seat of this table"}
		}
		s.chat.mute(c, *msg.Seat, msg.Muted)
		return nil
	}
	text := strings.TrimSpace(msg.Text)
	switch {
	case msg.Type != "chat":
		return &errorMsg{Type: "error", Code: codeBadMessage, Error: "not a valid chat message"}
	case s.accounts == nil:
		return &errorMsg{Type: "error", Code: codeBadMessage, Error: "this server keeps no chat"}
	case text == "":
		return &errorMsg{Type: "error", Code: codeBadMessage, Error: "an empty chat line"}
	case !utf8.ValidString(text) || utf8.RuneCountInString(text) > chatMaxRunes:
		return &errorMsg{Type: "error", Code: codeBadMessage, Error: "a chat line has at most 300 characters"}
	case strings.IndexFunc(text, unicode.IsControl) >= 0 || strings.IndexFunc(text, lineBreak) >= 0:
		return &errorMsg{Type: "error", Code: codeBadMessage, Error: "a chat line is one line of text"}
	case strings.IndexFunc(text, redirects) >= 0:
		return &errorMsg{Type: "error", Code: codeBadMessage, Error: "a chat line may not hold the marks that change the direction of writing"}
	case !shows(text):
		return &errorMsg{Type: "error", Code: codeBadMessage, Error: "a chat line shows nothing: it needs a letter, digit, mark or symbol that is drawn"}
	case stackedMarks(text) > maxMarks:
		return &errorMsg{Type: "error", Code: codeBadMessage, Error: fmt.Sprintf("a chat line may put at most %d accents on one letter", maxMarks)}
	case !c.limit.AllowN(s.now(), 1):
		return &errorMsg{Type: "error", Code: codeRateLimited, Error: "you are chatting too fast: wait a moment"}
	}
	name := s.chat.nameOf(c)
	line := &store.ChatMessage{TableID: c.table, Room: c.room, Name: name, Text: text, At: store.Now()}
	if err := s.accounts.p.AddChat(ctx, line); errors.Is(err, store.ErrFull) {
		return &errorMsg{Type: "error", Code: codeBadMessage, Error: "this table's chat is full"}
	} else if err != nil {
		s.log.Error("chat", "table", c.table, "err", err)
		return &errorMsg{Type: "error", Code: codeServer, Error: "the line could not be saved; try again"}
	}
	m := chatMsg{Type: "chat", ID: line.ID, Room: c.room, Name: name, Text: text, At: line.At}
	if c.seat >= 0 {
		seat := int(c.seat)
		m.Seat = &seat
	}
	s.chat.post(c.table, m)
	if s.cl != nil {
		s.cl.publishChat(c.table, m)
	}
	return nil
}

// lineBreak reports the line and paragraph separators, which break a line as a newline does.
func lineBreak(r rune) bool { return unicode.In(r, unicode.Zl, unicode.Zp) }

// redirects reports the marks, embeddings, overrides and isolates of writing direction, which
// make a line show other than it reads ("gnp.exe" after a right-to-left override shows as
// "exe.png"). The other format characters stay: the zero-width joiner makes many emoji, and
// the joiners are part of writing in several scripts.
func redirects(r rune) bool {
	switch {
	case r == '؜', r == '‎', r == '‏', r >= '‪' && r <= '‮', r >= '⁦' && r <= '⁩':
		return true
	}
	return false
}

// isChat reports whether a client message is for the chat (its type is chat or mute).
func isChat(data []byte) bool {
	var probe struct {
		Type string `json:"type"`
	}
	return json.Unmarshal(data, &probe) == nil && (probe.Type == "chat" || probe.Type == "mute")
}

// spectatorName is how a spectator signs chat lines: the account name, or "guest" and a
// number drawn for the connection ("guest 0417"), so that guests watching together can tell
// one another apart. The number is random, never derived from the address, which it would give
// away; an account name has no space, so none reads like it.
func spectatorName(a *store.Account) string {
	if a == nil {
		return fmt.Sprintf("guest %04d", rand.IntN(10000))
	}
	return a.Name
}

// spectatorWriter is who a spectator is for the chat's rate limit: the account, or the address.
func spectatorWriter(a *store.Account, addr string) string {
	if a == nil {
		return "address " + addr
	}
	return "account " + a.Name
}

// shows reports whether text shows anything: a letter, digit, punctuation or symbol that is not
// drawn blank (invisible). A line of zero-width spaces or Braille blanks would be an empty line
// under a name.
func shows(text string) bool {
	return strings.IndexFunc(text, func(r rune) bool {
		return !invisible(r) && (unicode.IsLetter(r) || unicode.IsNumber(r) || unicode.IsPunct(r) || unicode.IsSymbol(r))
	}) >= 0
}

// maxMarks is the most combining marks a chat line may put on one character: enough for any
// script's accents and an emoji's variation selector, not for a stack drawn over the lines
// around it.
const maxMarks = 4

// stackedMarks returns the longest run of combining marks in text. A format character (a
// zero-width joiner) between marks does not end the run: the marks after it still stack on the
// same letter.
func stackedMarks(text string) int {
	longest, run := 0, 0
	for _, r := range text {
		switch {
		case unicode.In(r, unicode.Mn, unicode.Me):
			run++
			longest = max(longest, run)
		case unicode.Is(unicode.Cf, r):
		default:
			run = 0
		}
	}
	return longest
}
