// Package protocol holds the messages of deuce's table protocol (web/PROTOCOL.md), as every Go
// client reads and writes them: the websocket messages of GET /ws/tables/{id} and the answers
// of the HTTP API a client needs. It uses the standard library and the engine only.
//
// A game's observation travels as raw JSON: the client that knows the game decodes it into the
// game's Observation type.
package protocol

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"time"

	"deuce/engine"
)

// Message types, the "type" field of every websocket message.
const (
	TypeHello   = "hello"
	TypeMove    = "move"
	TypePing    = "ping"
	TypeWelcome = "welcome"
	TypeUpdate  = "update"
	TypeError   = "error"
	// TypePresence tells who has the table open; TypeResign, TypeClaim, TypeBot and TypeCancel
	// are a seat's ends of a table: resigning, claiming the win from a player away too long,
	// handing the seats of players away too long to bots, or calling off a table still waiting
	// for a player (Presence.Open).
	TypePresence = "presence"
	TypeResign   = "resign"
	TypeClaim    = "claim"
	TypeBot      = "bot"
	TypeCancel   = "cancel"
	// TypeName names a seat nobody named (its name is the default "player N"), once.
	TypeName = "name"
	// TypeChat is a line of the table's chat, sent (Say) or received (ChatLine).
	TypeChat = "chat"
)

// Error codes of an error message.
const (
	CodeBadMessage  = "bad_message"
	CodeBadToken    = "bad_token"
	CodeIllegal     = "illegal"
	CodeNotYourTurn = "not_your_turn"
	CodeStale       = "stale"
	CodeOver        = "over"
	CodeRateLimited = "rate_limited"
	CodeServer      = "server_error"
	CodeFull        = "full"
	// CodeNotAbandoned refuses a claim or bot while nobody has been away long enough.
	CodeNotAbandoned = "not_abandoned"
	// CodeNotOpen refuses to call off a table every player has joined.
	CodeNotOpen = "not_open"
	// CodeOpen refuses a resignation while a seat still waits for its player, and a move at a
	// timed table then (its clocks start when every player has come).
	CodeOpen = "open"
	// CodeBadName refuses a name message: the seat is named already, or the name is malformed
	// or passes for someone else.
	CodeBadName = "bad_name"
)

// MaxMessage is the largest message, in bytes, a server accepts from a client.
const MaxMessage = 4 << 10

// Hello is a client's first message: Token claims a seat, "" watches.
type Hello struct {
	Type  string `json:"type"` // "hello"
	Token string `json:"token"`
}

// NewHello returns the hello of a seat's token, or of a spectator for "".
func NewHello(token string) Hello { return Hello{Type: TypeHello, Token: token} }

// Move plays a move: Action (from an update's Legal) or Text (the game's notation), exactly one.
type Move struct {
	Type string `json:"type"` // "move"
	// Seq is the seq of the update the move answers; nil plays against whatever is current.
	Seq    *int           `json:"seq,omitempty"`
	Action *engine.Action `json:"action,omitempty"`
	Text   string         `json:"text,omitempty"`
}

// ActionMove returns the move of action a answering the update seq.
func ActionMove(seq int, a engine.Action) Move {
	return Move{Type: TypeMove, Seq: &seq, Action: &a}
}

// TextMove returns the move written text answering the update seq.
func TextMove(seq int, text string) Move {
	return Move{Type: TypeMove, Seq: &seq, Text: text}
}

// Lifecycle is a seat's resign, claim, bot or cancel message; it carries no other field.
type Lifecycle struct {
	Type string `json:"type"`
}

// Name names the connection's seat (TypeName): a seat its table's creator left unnamed takes
// the name of the person who plays it, once.
type Name struct {
	Type string `json:"type"` // "name"
	Name string `json:"name"`
}

// Say writes a line in the chat of the connection's room (TypeChat): the players' for a seat,
// the spectators' for a watcher.
type Say struct {
	Type string `json:"type"` // "chat"
	Text string `json:"text"`
}

// ChatLine is one line of a table's chat room (web/PROTOCOL.md, "Chat"): the room's last lines
// after the welcome, then every new one.
type ChatLine struct {
	Type string `json:"type"` // "chat"
	// ID is the line's number on the server, which a connection receives once.
	ID int64 `json:"id"`
	// Room is "players" or "spectators".
	Room string `json:"room"`
	// Name is the writer's: a seat's name in the players' room.
	Name string `json:"name"`
	// Seat is the writer's seat in the players' room.
	Seat *engine.Seat `json:"seat,omitempty"`
	Text string       `json:"text"`
	At   time.Time    `json:"at"`
	// History marks the lines sent on joining, written before the connection came.
	History bool `json:"history,omitempty"`
}

// Ping keeps a connection alive; the server does not answer it.
type Ping struct {
	Type string `json:"type"` // "ping"
}

// Welcome answers hello.
type Welcome struct {
	Type  string `json:"type"` // "welcome"
	Table Table  `json:"table"`
	// Seat is the connection's seat from 0, or engine.Spectator.
	Seat engine.Seat `json:"seat"`
}

// Update is the table as the connection's seat sees it, sent at once and after every change.
type Update struct {
	Type string `json:"type"` // "update"
	// Seq counts the moves played; updates only move forward.
	Seq  int         `json:"seq"`
	Seat engine.Seat `json:"seat"`
	// ToMove is the seat to act, engine.Chance, or engine.Nobody once the match is over.
	ToMove engine.Seat `json:"toMove"`
	// Pending lists the seats that owe a secret choice now.
	Pending []engine.Seat `json:"pending,omitempty"`
	// View is the game's observation for the seat, as JSON.
	View json.RawMessage `json:"view"`
	// Legal lists the seat's moves when it may act now.
	Legal []Choice `json:"legal,omitempty"`
	// Log holds the match's lines in words from index LogFrom on.
	Log     []string      `json:"log"`
	LogFrom int           `json:"logFrom"`
	Result  engine.Result `json:"result"`
	// Played counts the moves this seat has made.
	Played int `json:"played"`
	// Ended says why a match ended before it was played out ("resigned", "claimed",
	// "expired", ...); empty otherwise.
	Ended string `json:"ended,omitempty"`
	// Clock is the table's clocks, on a table that has them.
	Clock *Clock `json:"clock,omitempty"`
}

// Clock is the clocks as an update shows them.
type Clock struct {
	// Control is the time control, like "5+3" or "3d"; Kind "realtime" or "correspondence".
	Control string `json:"control"`
	Kind    string `json:"kind"`
	// Left is each seat's time in milliseconds when the update was made; a running clock has
	// counted down since (negative: out of time).
	Left []int64 `json:"left"`
	// Running lists the seats whose clocks run.
	Running []int `json:"running,omitempty"`
}

// Presence tells every connection of a table who is there; sent after the welcome and whenever
// it changes.
type Presence struct {
	Type  string         `json:"type"` // "presence"
	Seats []SeatPresence `json:"seats"`
	// AbandonAfter is the seconds a person must be away before the others may act.
	AbandonAfter float64 `json:"abandonAfter"`
	// Open: a person seat still waits for its player; whoever is seated may call the table
	// off (TypeCancel).
	Open bool `json:"open,omitempty"`
}

// SeatPresence is one seat in a presence message.
type SeatPresence struct {
	// Name is the seat's name now: a seat created without one ("player 2") takes the name of
	// the signed-in account that first opens its link.
	Name string `json:"name"`
	// Person seats are played by people; the rest by bots.
	Person bool `json:"person"`
	// Connected reports that the seat's person has the table open now.
	Connected bool `json:"connected"`
	// Away is the seconds since the seat's person left, at least 1 from the moment they leave
	// (0 when connected or never there).
	Away float64 `json:"away,omitempty"`
	// Abandoned: away longer than AbandonAfter; the others may claim the win or hand the seat
	// to a bot.
	Abandoned bool `json:"abandoned,omitempty"`
}

// Choice is one legal move with its notation.
type Choice struct {
	Action engine.Action `json:"action"`
	Text   string        `json:"text"`
}

// Error explains a refused message; nothing changed. It is also the error a client returns for it.
type Error struct {
	Type  string `json:"type"` // "error"
	Code  string `json:"code"`
	Error string `json:"error"`
}

// Err returns e as an error value.
func (e Error) Err() error { return &ServerError{Code: e.Code, Message: e.Error} }

// ServerError is an error message received from the server.
type ServerError struct {
	Code    string
	Message string
}

func (e *ServerError) Error() string { return e.Message }

// Table is a table as the lobby lists it (GET /api/tables/{id}, a welcome's table).
type Table struct {
	ID      string         `json:"id"`
	Game    string         `json:"game"`
	Title   string         `json:"title"`
	Options engine.Options `json:"options"`
	Seats   []Seat         `json:"seats"`
	// Status is "open", "live", "finished" or "abandoned".
	Status string         `json:"status"`
	Moves  int            `json:"moves"`
	Result *engine.Result `json:"result,omitempty"`
	// Ended says why the table ended other than by being played out.
	Ended   string    `json:"ended,omitempty"`
	Created time.Time `json:"created"`
	Updated time.Time `json:"updated"`
	// Rematch is the id of the table's rematch, once there is one (GET /api/tables/{id} only).
	Rematch string `json:"rematch,omitempty"`
	// Rated marks a rated table (GET /api/tables/{id} only).
	Rated bool `json:"rated,omitempty"`
	// Void marks a table set up as rated whose match ended before every player moved: it
	// counted against its loser only (GET /api/tables/{id} only).
	Void bool `json:"void,omitempty"`
}

// Seat is a seat of a table as everybody sees it.
type Seat struct {
	Name    string `json:"name"`
	Bot     string `json:"bot,omitempty"`
	Claimed bool   `json:"claimed"`
}

// CreateTable is the body of POST /api/tables.
type CreateTable struct {
	Game    string         `json:"game"`
	Variant string         `json:"variant,omitempty"`
	Options engine.Options `json:"options,omitempty"`
	Seats   []SeatRequest  `json:"seats"`
	// Clock is the table's time control, "M+S" (web/PROTOCOL.md, "Clocks"); "" for none.
	Clock string `json:"clock,omitempty"`
}

// SeatRequest describes one seat of a new table: a bot level, or a person with a name.
type SeatRequest struct {
	Bot  string `json:"bot,omitempty"`
	Name string `json:"name,omitempty"`
}

// Created answers POST /api/tables.
type Created struct {
	ID    string       `json:"id"`
	Seats []SeatInvite `json:"seats"`
	// Watch is the spectator link, a path.
	Watch string `json:"watch"`
	Table Table  `json:"table"`
}

// SeatInvite is one seat of a created table; a person's seat has its token and invite link.
type SeatInvite struct {
	Seat   int    `json:"seat"`
	Name   string `json:"name"`
	Bot    string `json:"bot,omitempty"`
	Token  string `json:"token,omitempty"`
	Invite string `json:"invite,omitempty"`
}

// APIError is the body of an HTTP error answer.
type APIError struct {
	Error string `json:"error"`
}

// Envelope reads the type of a server message before its body.
type Envelope struct {
	Type string `json:"type"`
}

// ServerMessage is one decoded server message: exactly one field is set.
type ServerMessage struct {
	Welcome  *Welcome
	Update   *Update
	Error    *Error
	Presence *Presence
	Chat     *ChatLine
}

// ErrUnknownType is returned for a message of a type this package does not know: a client
// skips it, to keep working against a newer server.
var ErrUnknownType = errors.New("unknown message type")

// DecodeServer decodes one message a server sent. Unknown fields are ignored, so a client keeps
// working against a newer server; strict (for tests) refuses them, to catch drift between this
// package and the server.
func DecodeServer(data []byte, strict bool) (ServerMessage, error) {
	var env Envelope
	if err := json.Unmarshal(data, &env); err != nil {
		return ServerMessage{}, fmt.Errorf("decode server message: %w", err)
	}
	var m ServerMessage
	var v any
	switch env.Type {
	case TypeWelcome:
		m.Welcome = new(Welcome)
		v = m.Welcome
	case TypeUpdate:
		m.Update = new(Update)
		v = m.Update
	case TypeError:
		m.Error = new(Error)
		v = m.Error
	case TypePresence:
		m.Presence = new(Presence)
		v = m.Presence
	case TypeChat:
		m.Chat = new(ChatLine)
		v = m.Chat
	default:
		return ServerMessage{}, fmt.Errorf("decode server message: %w %q", ErrUnknownType, env.Type)
	}
	if err := decode(data, v, strict); err != nil {
		return ServerMessage{}, fmt.Errorf("decode %s message: %w", env.Type, err)
	}
	return m, nil
}

func decode(data []byte, v any, strict bool) error {
	if !strict {
		return json.Unmarshal(data, v)
	}
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	return dec.Decode(v)
}
