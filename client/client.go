// Package client is a Go client of deuce's table protocol (web/PROTOCOL.md): it opens a seat
// link or a table address the browser shows, plays that seat or watches over the websocket, and
// reads tables and match records over HTTP. `deuce join` and `deuce watch` use it.
//
// Guests need nothing but a seat link. A signed-in player is a Client whose Header carries the
// account's session (the session cookie a sign-in answers with, or a bot token as
// "Authorization: Bearer ..."): every request and the websocket handshake send it, and a hello
// with an empty token then takes the seat the account holds. Signing in is one more call that
// fills Header; keeping the session between runs is a file in deuce's data directory.
package client

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/netip"
	"net/url"
	"strconv"
	"strings"
	"syscall"
	"time"

	"github.com/coder/websocket"

	"deuce/engine"
	"deuce/protocol"
)

// Limits of a client.
const (
	// maxServerMessage bounds one server message: an update carries the whole log on a fresh
	// connection, a few hundred bytes a move.
	maxServerMessage = 8 << 20
	// maxBody bounds an HTTP answer (a match record is a few tens of kilobytes).
	maxBody = 16 << 20
	// writeTimeout bounds sending one message.
	writeTimeout = 10 * time.Second
	// joinTimeout bounds opening a table's websocket, from the dial to the server's welcome: a
	// server that takes the connection and says nothing is not waited for for ever.
	joinTimeout = 30 * time.Second
)

// Link is a table address, with the seat a seat link gives.
type Link struct {
	// Server is the server's base address: scheme and host, "http://127.0.0.1:8080".
	Server *url.URL
	// Table is the table's id.
	Table string
	// Seat counts from 1, 0 for a spectator's link; Token is the seat's secret.
	Seat  int
	Token string
}

// ParseLink reads a link the browser shows: a seat link ("http://host/t/ID#seat=1&token=T"),
// a spectator link ("http://host/t/ID") or a replay page ("http://host/r/ID"). Without a
// scheme, the scheme WithScheme gives is assumed.
func ParseLink(s string) (Link, error) {
	s = strings.TrimSpace(s)
	if s == "" {
		return Link{}, errors.New("an empty link: give the table's address, http://HOST/t/ID")
	}
	if strings.HasPrefix(s, "/") {
		// A link as the server's API gives it, relative to the server: say what is missing.
		return Link{}, fmt.Errorf("link %q lacks the server's address: put it in front, as in http://HOST:PORT%s", s, s)
	}
	typed := s
	s = WithScheme(s)
	u, err := url.Parse(s)
	if err != nil {
		// url.Parse says "parse ... invalid character ..." of the address with a scheme added.
		return Link{}, fmt.Errorf("%q is not a link: want a table's address, http://HOST/t/ID, or a seat link", typed)
	}
	if u.Scheme != "http" && u.Scheme != "https" {
		return Link{}, fmt.Errorf("link %q: want an http or https address", s)
	}
	if u.Host == "" {
		return Link{}, fmt.Errorf("link %q has no server: want http://HOST/t/ID", s)
	}
	parts := strings.Split(strings.Trim(u.Path, "/"), "/")
	if len(parts) != 2 || (parts[0] != "t" && parts[0] != "r") || !validID(parts[1]) {
		return Link{}, fmt.Errorf("link %q is not a table's address: want http://HOST/t/ID", s)
	}
	l := Link{Server: &url.URL{Scheme: u.Scheme, Host: u.Host}, Table: parts[1]}
	if u.Fragment != "" {
		q, err := url.ParseQuery(u.Fragment)
		if err != nil {
			return Link{}, fmt.Errorf("link %q: the part after # is not seat=N&token=T", s)
		}
		l.Token = q.Get("token")
		if len(l.Token) > 128 {
			// The server's tokens are short; a longer one is a link pasted wrong.
			return Link{}, fmt.Errorf("link %q: the token after # is %d characters long, too long to be a seat's: copy the link again", s[:min(len(s), 80)]+"…", len(l.Token))
		}
		if seat := q.Get("seat"); seat != "" {
			n, err := strconv.Atoi(seat)
			if err != nil || n < 1 {
				return Link{}, fmt.Errorf("link %q: seat %q is not a seat number", s, seat)
			}
			l.Seat = n
		}
		if (l.Token == "") != (l.Seat == 0) {
			return Link{}, fmt.Errorf("link %q: a seat link has both seat=N and token=T after #", s)
		}
	}
	return l, nil
}

// validID accepts the ids the server makes (letters and digits), which keeps a link from
// smuggling a path into the requests built from it.
func validID(id string) bool {
	if id == "" || len(id) > 64 {
		return false
	}
	for _, r := range id {
		if !('a' <= r && r <= 'z' || 'A' <= r && r <= 'Z' || '0' <= r && r <= '9' || r == '-' || r == '_') {
			return false
		}
	}
	return true
}

// String returns the link as the browser shows it.
func (l Link) String() string {
	s := l.Server.String() + "/t/" + l.Table
	if l.Token != "" {
		s += fmt.Sprintf("#seat=%d&token=%s", l.Seat, l.Token)
	}
	return s
}

// Client talks to one deuce server.
type Client struct {
	// Server is the server's base address.
	Server *url.URL
	// HTTP makes the requests; nil means http.DefaultClient.
	HTTP *http.Client
	// Header is added to every request and websocket handshake. A signed-in session travels
	// here (a cookie) once the server has accounts; guests need none.
	Header http.Header
	// Strict refuses server messages with fields this package does not know: tests set it to
	// catch drift between the protocol package and the server.
	Strict bool
	// JoinTimeout bounds opening a table's websocket, to the server's welcome (0: 30 s).
	JoinTimeout time.Duration
}

// New returns a client of the server at base ("http://127.0.0.1:8080").
func New(base *url.URL) *Client { return &Client{Server: base} }

func (c *Client) httpClient() *http.Client {
	if c.HTTP != nil {
		return c.HTTP
	}
	return http.DefaultClient
}

func (c *Client) url(path string) string { return c.Server.String() + path }

// call makes one HTTP request with a JSON body (nil for none) and decodes the JSON answer.
func (c *Client) call(ctx context.Context, method, path string, body, out any) error {
	_, err := c.callHeader(ctx, method, path, body, out, nil)
	return err
}

// callHeader is call that also sends the cookies given (after c.Header's) and returns the
// answer's headers.
func (c *Client) callHeader(ctx context.Context, method, path string, body, out any, cookies []*http.Cookie) (http.Header, error) {
	var r io.Reader
	if body != nil {
		b, err := json.Marshal(body)
		if err != nil {
			return nil, err
		}
		r = strings.NewReader(string(b))
	}
	req, err := http.NewRequestWithContext(ctx, method, c.url(path), r)
	if err != nil {
		return nil, err
	}
	for k, vs := range c.Header {
		req.Header[k] = vs
	}
	for _, ck := range cookies {
		req.AddCookie(ck)
	}
	if body != nil {
		req.Header.Set("Content-Type", "application/json")
	}
	resp, err := c.httpClient().Do(req)
	if err != nil {
		return nil, reachError(c.Server, err)
	}
	defer resp.Body.Close()
	data, err := io.ReadAll(io.LimitReader(resp.Body, maxBody))
	if err != nil {
		return nil, fmt.Errorf("%s %s: %w", method, path, err)
	}
	if resp.StatusCode >= 300 {
		var e protocol.APIError
		if json.Unmarshal(data, &e) == nil && e.Error != "" {
			return nil, httpError(resp, e.Error)
		}
		return nil, httpError(resp, http.StatusText(resp.StatusCode))
	}
	if out == nil {
		return resp.Header, nil
	}
	if err := json.Unmarshal(data, out); err != nil {
		return nil, fmt.Errorf("%s %s: the answer is not what a deuce server sends: %w", method, path, err)
	}
	return resp.Header, nil
}

// HTTPError is a refusal from the server's HTTP API.
type HTTPError struct {
	Status  int
	Message string
	// RetryAfter is how long the server asks to wait (its Retry-After), or zero.
	RetryAfter time.Duration
}

func httpError(resp *http.Response, msg string) *HTTPError {
	e := &HTTPError{Status: resp.StatusCode, Message: msg}
	if n, err := strconv.Atoi(resp.Header.Get("Retry-After")); err == nil && n > 0 {
		e.RetryAfter = time.Duration(n) * time.Second
	}
	return e
}

func (e *HTTPError) Error() string {
	return fmt.Sprintf("the server refused: %s (%d)", e.Message, e.Status)
}

// Hint asks the server what the seat token holds (or, with "", the seat c's account holds)
// should play at its turn: the server's advice for people, at a casual table against bots
// only. A refusal (a rated table, people at the table, not the seat's turn) is an *HTTPError
// whose Message says why.
func (c *Client) Hint(ctx context.Context, table, token string) (string, error) {
	var h struct {
		Text string `json:"text"`
	}
	if err := c.call(ctx, http.MethodPost, "/api/tables/"+url.PathEscape(table)+"/hint", map[string]string{"token": token}, &h); err != nil {
		return "", err
	}
	return h.Text, nil
}

// Table returns a table's summary.
func (c *Client) Table(ctx context.Context, id string) (protocol.Table, error) {
	var t protocol.Table
	err := c.call(ctx, http.MethodGet, "/api/tables/"+url.PathEscape(id), nil, &t)
	return t, err
}

// Create opens a new table.
func (c *Client) Create(ctx context.Context, req protocol.CreateTable) (protocol.Created, error) {
	var out protocol.Created
	err := c.call(ctx, http.MethodPost, "/api/tables", req, &out)
	return out, err
}

// Rematch offers (or, when one is offered, finds) the rematch of a finished table as the
// player of token, or, with an empty token, of the signed-in account, and returns its id. The
// same token, or account, plays a seat of the rematch.
func (c *Client) Rematch(ctx context.Context, table, token string) (string, error) {
	var out struct {
		ID string `json:"id"`
	}
	err := c.call(ctx, http.MethodPost, "/api/tables/"+url.PathEscape(table)+"/rematch", map[string]string{"token": token}, &out)
	return out.ID, err
}

// Record returns a finished match's record, every hand revealed.
func (c *Client) Record(ctx context.Context, id string) (*engine.Record, error) {
	var rec engine.Record
	if err := c.call(ctx, http.MethodGet, "/api/tables/"+url.PathEscape(id)+"/record", nil, &rec); err != nil {
		return nil, err
	}
	return &rec, nil
}

// Join opens the table's websocket and says hello with token: a seat's token plays that seat,
// "" watches. It returns once the server has welcomed the connection.
func (c *Client) Join(ctx context.Context, table, token string) (*Conn, error) {
	ws := *c.Server
	switch ws.Scheme {
	case "https":
		ws.Scheme = "wss"
	default:
		ws.Scheme = "ws"
	}
	ws.Path = "/ws/tables/" + table
	ws.RawPath = ""
	// The handshake's context ends with it (as websocket.Dial's own timeout does): the
	// connection lives on.
	outer := ctx
	ctx, cancel := context.WithTimeout(ctx, c.joinTimeout())
	defer cancel()
	conn, err := c.join(ctx, ws.String(), table, token)
	if err != nil && ctx.Err() != nil && outer.Err() == nil {
		return nil, fmt.Errorf("the server at %s took the connection but did not open the table within %v: try again later", c.Server.Host, c.joinTimeout())
	}
	return conn, err
}

// joinTimeout is JoinTimeout, or joinTimeout when it is not set.
func (c *Client) joinTimeout() time.Duration {
	if c.JoinTimeout > 0 {
		return c.JoinTimeout
	}
	return joinTimeout
}

func (c *Client) join(ctx context.Context, u, table, token string) (*Conn, error) {
	conn, resp, err := websocket.Dial(ctx, u, &websocket.DialOptions{HTTPClient: c.HTTP, HTTPHeader: c.Header.Clone()})
	if err != nil {
		// The server's refusal of the upgrade says why in its JSON body (no such table, too
		// many connections, a wrong token); the dial error only knows it was not a 101.
		if resp != nil && resp.StatusCode >= 300 {
			msg := http.StatusText(resp.StatusCode)
			var e protocol.APIError
			if resp.Body != nil {
				if data, rerr := io.ReadAll(io.LimitReader(resp.Body, maxBody)); rerr == nil && json.Unmarshal(data, &e) == nil && e.Error != "" {
					msg = e.Error
				}
			}
			if resp.StatusCode == http.StatusNotFound && e.Error == "" {
				msg = "no such table " + table + " on this server"
			}
			return nil, httpError(resp, msg)
		}
		return nil, reachError(c.Server, err)
	}
	conn.SetReadLimit(maxServerMessage)
	cn := &Conn{ws: conn, strict: c.Strict}
	if err := cn.send(ctx, protocol.NewHello(token)); err != nil {
		conn.CloseNow()
		return nil, fmt.Errorf("say hello: %w", err)
	}
	m, err := cn.read(ctx)
	if err != nil {
		conn.CloseNow()
		return nil, err
	}
	if m.Welcome == nil {
		conn.CloseNow()
		if m.Error != nil {
			return nil, m.Error.Err()
		}
		return nil, errors.New("the server did not welcome the connection")
	}
	cn.Welcome = *m.Welcome
	return cn, nil
}

// Conn is one websocket connection to a table. Next is called by one goroutine; Move may be
// called at the same time by another.
type Conn struct {
	ws       *websocket.Conn
	strict   bool
	Welcome  protocol.Welcome
	log      []string
	last     *protocol.Update
	presence protocol.Presence
	// chat holds the chat lines read since TakeChat last took them, at most maxChatKept.
	chat []protocol.ChatLine
}

// maxChatKept bounds the chat lines a connection keeps for TakeChat: a client that never takes
// them keeps the latest.
const maxChatKept = 200

// Next waits for the next update, a change of who is at the table or a chat line (TakeChat),
// and returns the latest update with the whole log so far (LogFrom 0). A refused move arrives as a
// *protocol.ServerError (the connection stays open); io.EOF means the server closed the
// connection normally, after the match's end. Messages of types this package does not know are
// skipped.
func (c *Conn) Next(ctx context.Context) (protocol.Update, error) {
	for {
		m, err := c.read(ctx)
		switch {
		case errors.Is(err, protocol.ErrUnknownType) && !c.strict:
			continue
		case err != nil:
			return protocol.Update{}, err
		case m.Error != nil:
			return protocol.Update{}, m.Error.Err()
		case m.Presence != nil:
			c.presence = *m.Presence
			if c.last != nil {
				return *c.last, nil
			}
			continue
		case m.Chat != nil:
			// A chat line: kept for TakeChat, and the latest update given again so that the
			// caller looks.
			c.chat = append(c.chat, *m.Chat)
			if len(c.chat) > maxChatKept {
				c.chat = append(c.chat[:0], c.chat[len(c.chat)-maxChatKept:]...)
			}
			if c.last != nil {
				return *c.last, nil
			}
			continue
		case m.Update == nil:
			return protocol.Update{}, errors.New("the server sent a second welcome")
		}
		return c.update(*m.Update)
	}
}

// TakeChat returns the chat lines read since the last call, oldest first. Call it from the
// goroutine that calls Next.
func (c *Conn) TakeChat() []protocol.ChatLine {
	lines := c.chat
	c.chat = nil
	return lines
}

// Say writes a line in the connection's chat room; a refusal (rate_limited, bad_message) comes
// back through Next.
func (c *Conn) Say(ctx context.Context, text string) error {
	return c.send(ctx, protocol.Say{Type: protocol.TypeChat, Text: text})
}

// Presence returns who was at the table at the last presence message.
func (c *Conn) Presence() protocol.Presence { return c.presence }

func (c *Conn) update(u protocol.Update) (protocol.Update, error) {
	if u.LogFrom < 0 || u.LogFrom > len(c.log) {
		return protocol.Update{}, fmt.Errorf("the server sent log lines from %d, this connection has %d", u.LogFrom, len(c.log))
	}
	c.log = append(c.log[:u.LogFrom:u.LogFrom], u.Log...)
	u.Log, u.LogFrom = c.log, 0
	c.last = &u
	return u, nil
}

func (c *Conn) read(ctx context.Context) (protocol.ServerMessage, error) {
	_, data, err := c.ws.Read(ctx)
	if err != nil {
		if websocket.CloseStatus(err) == websocket.StatusNormalClosure {
			return protocol.ServerMessage{}, io.EOF
		}
		var ce websocket.CloseError
		if errors.As(err, &ce) {
			return protocol.ServerMessage{}, fmt.Errorf("the server closed the connection: %s", ce.Reason)
		}
		return protocol.ServerMessage{}, err
	}
	return protocol.DecodeServer(data, c.strict)
}

// Move sends a move; a refusal comes back through Next.
func (c *Conn) Move(ctx context.Context, m protocol.Move) error {
	m.Type = protocol.TypeMove
	return c.send(ctx, m)
}

// KeepAlive pings the server every interval until ctx ends or a ping fails, as the browser
// does, so that no proxy between closes a quiet connection.
func (c *Conn) KeepAlive(ctx context.Context, every time.Duration) error {
	t := time.NewTicker(every)
	defer t.Stop()
	for {
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-t.C:
			if err := c.Ping(ctx); err != nil {
				return err
			}
		}
	}
}

// Ping sends one ping; the server does not answer it. Ending ctx does not break the
// connection: a ping cut off half-written would.
func (c *Conn) Ping(ctx context.Context) error {
	if err := ctx.Err(); err != nil {
		return err
	}
	return c.send(context.WithoutCancel(ctx), protocol.Ping{Type: protocol.TypePing})
}

// End sends a seat's resign, claim, bot or cancel message (protocol.TypeResign, ...); a
// refusal comes back through Next.
func (c *Conn) End(ctx context.Context, kind string) error {
	switch kind {
	case protocol.TypeResign, protocol.TypeClaim, protocol.TypeBot, protocol.TypeCancel:
		return c.send(ctx, protocol.Lifecycle{Type: kind})
	}
	return fmt.Errorf("%q is not resign, claim, bot or cancel", kind)
}

// Name names the connection's seat, which its table's creator left unnamed ("player 2"); the
// server takes a name once, and a refusal (protocol.CodeBadName) comes back through Next.
func (c *Conn) Name(ctx context.Context, name string) error {
	return c.send(ctx, protocol.Name{Type: protocol.TypeName, Name: name})
}

// send writes one message. The websocket closes the connection when ctx ends during a write.
func (c *Conn) send(ctx context.Context, v any) error {
	data, err := json.Marshal(v)
	if err != nil {
		return err
	}
	wctx, cancel := context.WithTimeout(ctx, writeTimeout)
	defer cancel()
	return c.ws.Write(wctx, websocket.MessageText, data)
}

// Close closes the connection.
func (c *Conn) Close() error { return c.ws.Close(websocket.StatusNormalClosure, "bye") }

// Unreachable is the error of a request to a server nothing answers at: the address is wrong,
// or the server is not running. It says so in words a person can act on; Unwrap gives the
// network's error.
type Unreachable struct {
	Server string
	Err    error
}

func (u *Unreachable) Error() string {
	return "cannot reach " + u.Server + ": nothing is listening there (is the server running, and is the address right?)"
}

func (u *Unreachable) Unwrap() error { return u.Err }

// reachError is err, a request's failure to reach server: Unreachable when the connection was
// refused, else err with the server named.
func reachError(server *url.URL, err error) error {
	if errors.Is(err, syscall.ECONNREFUSED) {
		return &Unreachable{Server: server.String(), Err: err}
	}
	return fmt.Errorf("connect to %s: %w", server, err)
}

// WithScheme returns addr with a scheme: its own, or http for this machine (localhost, a
// loopback address) and https for any other, so that a seat's token or a password typed
// without a scheme never crosses a network in clear text.
func WithScheme(addr string) string {
	if strings.Contains(addr, "://") {
		return addr
	}
	host, _, _ := strings.Cut(addr, "/")
	if h, _, err := net.SplitHostPort(host); err == nil {
		host = h
	}
	host = strings.Trim(host, "[]")
	if ip, err := netip.ParseAddr(host); err == nil && ip.IsLoopback() || strings.EqualFold(host, "localhost") {
		return "http://" + addr
	}
	return "https://" + addr
}
