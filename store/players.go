package store

import (
	"context"
	"errors"
	"time"

	"deuce/engine"
	"deuce/rating"
)

// Players is what a store keeps about people besides their tables: accounts and their
// sessions, ratings with their history, table settings (rated, clock), chat and seeks. It is an
// optional ability of a Store, found by type assertion; store/sqlite and store/postgres have it,
// and store/storetest.RunPlayers checks its contract. Its methods are safe for concurrent use.
//
// Names are unique without regard to case: "Ann" and "ann" are one account.
type Players interface {
	// CreateAccount stores a new account and sets a.ID and a.Created; ErrExists when the name
	// is taken.
	CreateAccount(ctx context.Context, a *Account) error
	// AccountByName and AccountByID return an account, or ErrNotFound.
	AccountByName(ctx context.Context, name string) (*Account, error)
	// AccountLike returns the account whose name reads as name, case and '-' against '_'
	// aside ("ann-lee" for ann_lee), the oldest where several do; ErrNotFound for none.
	AccountLike(ctx context.Context, name string) (*Account, error)
	AccountByID(ctx context.Context, id int64) (*Account, error)
	// SetPassword replaces an open account's password hash; ErrNotFound for none, or a
	// closed one.
	SetPassword(ctx context.Context, id int64, hash string) error
	// CloseAccount closes an open account at the time given: its password hash, sessions of
	// every kind (bot tokens and device cookies too) and seeks not yet accepted are deleted,
	// all at once. ErrNotFound when no open account has that ID.
	CloseAccount(ctx context.Context, id int64, at time.Time) error

	// CreateSession stores a session; its token is known only to the client.
	CreateSession(ctx context.Context, s Session) error
	// SessionAccount returns the account of the session with this token hash and kind, unless
	// it has expired at now: ErrNotFound.
	SessionAccount(ctx context.Context, tokenHash string, kind SessionKind, now time.Time) (*Account, error)
	// DeleteSession ends one session (no error when there is none).
	DeleteSession(ctx context.Context, tokenHash string) error
	// DeleteSessions ends every session of an account of the given kind but the one whose hash
	// is keep (empty: all of them).
	DeleteSessions(ctx context.Context, account int64, kind SessionKind, keep string) error
	// Sessions counts an account's live sessions of a kind at now.
	Sessions(ctx context.Context, account int64, kind SessionKind, now time.Time) (int, error)
	// ListSessions returns an account's live sessions of a kind at now, newest first, at most
	// limit of them.
	ListSessions(ctx context.Context, account int64, kind SessionKind, now time.Time, limit int) ([]Session, error)
	// DeleteSessionOf ends the session of an account of the given kind whose hash is
	// tokenHash; ErrNotFound when the account has none such.
	DeleteSessionOf(ctx context.Context, account int64, kind SessionKind, tokenHash string) error

	// SetTableInfo stores what a table adds to its record: whether it is rated, its clock and
	// the account playing each seat. Called once, right after the table is created.
	SetTableInfo(ctx context.Context, info TableInfo) error
	// TableInfo returns it; a table with none stored gets an unrated, untimed TableInfo.
	TableInfo(ctx context.Context, tableID string) (TableInfo, error)
	// SaveClock keeps a table's clock state (JSON) for a restart to resume.
	SaveClock(ctx context.Context, tableID string, clock []byte) error
	// LinkSeat records that account plays seat of a table it did not hold when created (a
	// guest who signed up keeps the tables played in that browser).
	LinkSeat(ctx context.Context, tableID string, seat int, account int64) error
	// PlayerTables returns the tables an account plays or played, newest first, at most limit.
	PlayerTables(ctx context.Context, account int64, limit int) ([]PlayerTable, error)

	// Finish appends the last moves of a table (none when it ended early) with its status,
	// why it ended early (Table.Ended, "" when played out) and its result, as Store.Append and
	// Store.End do, and in the same transaction applies the rating change of a rated table with
	// a result: rate gets the seats' current ratings (rating.New for a seat without one) and
	// returns the new ones; only seats held by an account are written. A table is rated at most
	// once. rate may be nil for an unrated table.
	Finish(ctx context.Context, tableID string, at int, moves []engine.Move, status Status, ended string, result *engine.Result, rate RateFunc) error
	// Ratings returns an account's rating in every game it has played rated, by game name.
	Ratings(ctx context.Context, account int64) ([]GameRating, error)
	// RatingHistory returns an account's ratings in a game after each rated match, oldest first.
	RatingHistory(ctx context.Context, account int64, game string, limit int) ([]RatingPoint, error)
	// Leaderboard returns the best-rated accounts of a game, those whose rating is not
	// provisional first, at most limit.
	Leaderboard(ctx context.Context, game string, limit int) ([]Leader, error)

	// AddChat stores a chat line and sets its ID; a room holds at most MaxChatLines, then
	// AddChat returns ErrFull. Chat returns a room's last limit lines, oldest first.
	AddChat(ctx context.Context, m *ChatMessage) error
	Chat(ctx context.Context, tableID, room string, limit int) ([]ChatMessage, error)

	// CreateSeek stores a seek and sets its Created time; ErrNotFound when its account is not
	// an open one (it closed meanwhile). Seeks lists the seeks nobody has accepted, posted
	// after since, oldest first, at most MaxOpenSeeks; Seek returns one, accepted or not.
	CreateSeek(ctx context.Context, s *Seek) error
	Seeks(ctx context.Context, since time.Time) ([]Seek, error)
	Seek(ctx context.Context, id string) (*Seek, error)
	// AcceptSeek marks a seek taken by the table made for it: ErrConflict when someone took it
	// first, ErrNotFound when it is gone.
	AcceptSeek(ctx context.Context, id, tableID string) error
	// DeleteSeek withdraws an account's seek: ErrNotFound when it has no such open seek.
	DeleteSeek(ctx context.Context, id string, account int64) error
}

// MaxOpenSeeks is the most seeks Seeks lists; the server accepts no more open ones.
const MaxOpenSeeks = 500

// MaxChatLines is the most lines a table's chat room keeps.
const MaxChatLines = 1000

// ErrFull is returned by AddChat for a room that holds MaxChatLines.
var ErrFull = errors.New("the chat room is full")

// Account is a person (or a person's program) with a name and a password.
type Account struct {
	ID   int64
	Name string
	// PasswordHash is the PHC-format argon2id hash of the password; the password itself is
	// never stored.
	PasswordHash string
	Created      time.Time
	// Closed is when the account was closed (CloseAccount), zero while it is open. A closed
	// account keeps its name, so that nobody else appears under it in its matches, and its
	// matches, but signs in no more and is on no leaderboard.
	Closed time.Time
}

// SessionKind tells a browser's session from a program's bot token and a device cookie.
type SessionKind string

// The kinds of session. A device cookie signs nobody in: it marks a browser that signed in to
// the account before, whose sign-in attempts are then counted apart from everyone else's, so
// that a stranger who spends the name's attempts does not lock its owner out.
const (
	WebSession   SessionKind = "web"
	BotToken     SessionKind = "bot"
	DeviceCookie SessionKind = "device"
)

// Session is a signed-in browser or a bot token. Only the hash of its secret is stored.
type Session struct {
	TokenHash string
	Account   int64
	Kind      SessionKind
	Created   time.Time
	Expires   time.Time
}

// TableInfo is what accounts add to a table.
type TableInfo struct {
	TableID string `json:"-"`
	// Rated tables change their players' ratings.
	Rated bool `json:"rated"`
	// Void marks a table set up as rated whose match did not count, or counted for some seats
	// only (its RateFunc returned ErrUnrated, or left a seat's rating as it was); Rated is then
	// false.
	Void bool `json:"void,omitempty"`
	// Clock is the time control as clock.Parse reads it ("" for none).
	Clock string `json:"clock,omitempty"`
	// ClockState is the clock as last saved (JSON), nil before the first save.
	ClockState []byte `json:"-"`
	// Accounts holds the account of each seat, 0 for a guest or a bot.
	Accounts []int64 `json:"-"`
}

// PlayerTable is a table an account plays, with its seat.
type PlayerTable struct {
	Summary
	Seat  int
	Rated bool
	// Void: set up as rated, the match did not count (TableInfo.Void).
	Void bool
}

// RateFunc computes the new ratings of a table's seats from their current ones. It returns
// ErrUnrated for a match that is not to count after all: the table is then saved as void (not
// rated) and no rating changes. A seat whose new rating is the zero Rating keeps its rating, and
// the match does not enter its history; the table is then saved as void too, the other seats'
// ratings changing (a match ended before every player moved counts against its losers only).
type RateFunc func(current []rating.Rating) ([]rating.Rating, error)

// ErrUnrated is a RateFunc's answer for a rated table whose match does not count: the table's
// info is then Void.
var ErrUnrated = errors.New("the match is not rated")

// GameRating is an account's rating in one game.
type GameRating struct {
	Game string
	rating.Rating
	// Games counts the rated matches played.
	Games   int
	Updated time.Time
}

// RatingPoint is a rating after one rated match.
type RatingPoint struct {
	TableID string
	rating.Rating
	At time.Time
}

// Leader is one line of a leaderboard.
type Leader struct {
	Name string
	GameRating
}

// ChatMessage is one line of a table's chat.
type ChatMessage struct {
	ID      int64
	TableID string
	// Room is "players" or "spectators".
	Room string
	// Name is the writer's name as the table shows it.
	Name string
	Text string
	At   time.Time
}

// Seek is a signed-in player's offer to play.
type Seek struct {
	ID      string
	Account int64
	Name    string
	Game    string
	Variant string
	// Clock is the time control as clock.Parse reads it.
	Clock string
	Rated bool
	// MinRating and MaxRating bound the opponent's rating (0: no bound).
	MinRating, MaxRating int
	// Rating is the seeker's rating in the game when the seek was posted; Provisional says
	// whether it was provisional then.
	Rating      int
	Provisional bool
	Created     time.Time
	// TableID is the table made when the seek was accepted, empty while it is open.
	TableID string
}
