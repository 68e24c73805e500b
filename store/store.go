// Package store keeps the matches played on the server, live and finished, so that a restarted
// server carries on where it stopped.
//
// A Table is one match: its game and options, who sits where, the secret chance seed and every
// move so far. The Store interface is what the server needs from a database; store/sqlite is the
// embedded default and store/postgres the one for larger deployments. Both pass the conformance
// suite in store/storetest.
//
// Moves are only ever appended. Append names the index the new moves start at, which must be
// the number of moves already stored: a writer working from a stale copy gets ErrConflict
// instead of losing or duplicating moves.
package store

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"time"

	"deuce/engine"
)

// Errors returned by every Store, to be tested with errors.Is.
var (
	// ErrNotFound is returned for a table ID the store does not hold.
	ErrNotFound = errors.New("table not found")
	// ErrExists is returned when creating a table whose ID is taken.
	ErrExists = errors.New("table already exists")
	// ErrConflict is returned by Append when the moves do not start right after the stored ones.
	ErrConflict = errors.New("table changed concurrently")
)

// Status is where a table stands.
type Status string

// The statuses of a table.
const (
	// Open tables wait for some person seat to be claimed.
	Open Status = "open"
	// Live tables are being played.
	Live Status = "live"
	// Finished tables have a final result.
	Finished Status = "finished"
	// Abandoned tables were given up before the match ended.
	Abandoned Status = "abandoned"
)

// Valid reports whether s is one of the four statuses.
func (s Status) Valid() bool {
	switch s {
	case Open, Live, Finished, Abandoned:
		return true
	}
	return false
}

// Unfinished reports whether a table with status s may still be played: Open or Live.
func (s Status) Unfinished() bool { return s == Open || s == Live }

// Why a table ended other than by being played out (Table.Ended); empty for a match played to
// its end or a table not ended.
const (
	// EndResigned: a player resigned; the table is Finished, the resigner's side lost.
	EndResigned = "resigned"
	// EndClaimed: a player was disconnected too long and the others claimed the win; the
	// table is Finished, the absent player's side lost.
	EndClaimed = "claimed"
	// EndExpired: nobody joined or touched the table for too long; the table is Abandoned.
	EndExpired = "expired"
	// EndTimeLimit: a table of bots only reached its time limit; the table is Abandoned.
	EndTimeLimit = "time limit"
	// EndTime: a player ran out of time (or overstayed a correspondence turn and the
	// opponent claimed it); the table is Finished, that player's side lost.
	EndTime = "time"
	// EndUnplayable: the server can no longer play the table (a bot or option it refuses);
	// the table is Abandoned.
	EndUnplayable = "unplayable"
	// EndCancelled: a player called the table off while it still waited for another to take
	// a seat; the table is Abandoned.
	EndCancelled = "cancelled"
)

// ValidEnd reports whether reason is one of the reasons above or empty.
func ValidEnd(reason string) bool {
	switch reason {
	case "", EndResigned, EndClaimed, EndExpired, EndTimeLimit, EndUnplayable, EndTime, EndCancelled:
		return true
	}
	return false
}

// Table is one match played on the server.
type Table struct {
	// ID is chosen by the caller: URL-safe and random enough not to be enumerable.
	ID      string
	Game    string
	Options engine.Options
	Seats   []Seat
	// Seed is the secret the driver samples chance outcomes from. It never leaves the server.
	Seed   uint64
	Status Status
	// Moves are the record's moves so far. Get always returns a non-nil slice.
	Moves []engine.Move
	// Result is the final result of a finished table, and a live table's standing (Over false,
	// no Returns, the score so far) as its last Append saved it; nil before any.
	Result *engine.Result
	// Ended says why a table ended other than by being played out (EndResigned...).
	Ended string
	// Created and Updated are set by the store, in UTC with millisecond precision. Updated
	// is the last change: a move, a seat claimed, the end.
	Created, Updated time.Time
}

// Seat is one participant of a table.
type Seat struct {
	Name string `json:"name"`
	// Bot is the bot level playing the seat, empty for a person.
	Bot string `json:"bot,omitempty"`
	// TokenHash is the hex SHA-256 of the seat's secret token, empty for bots. Only the hash is
	// stored, so a leaked database does not let anyone play another person's seat.
	TokenHash string `json:"tokenHash,omitempty"`
	// Claimed reports that a person has taken the seat.
	Claimed bool `json:"claimed"`
	// Account is the name of the account holding the seat, for a seat held by an account
	// instead of a token (TokenHash is then empty).
	Account string `json:"account,omitempty"`
}

// Record returns the engine record of the table: what replays the match.
func (t *Table) Record() *engine.Record {
	seats := make([]engine.SeatInfo, len(t.Seats))
	for i, s := range t.Seats {
		seats[i] = engine.SeatInfo{Name: s.Name, Bot: s.Bot}
	}
	moves := make([]engine.Move, len(t.Moves))
	copy(moves, t.Moves)
	return &engine.Record{
		Version: engine.RecordVersion,
		Game:    t.Game,
		Options: t.Options.Clone(),
		Seats:   seats,
		Seed:    t.Seed,
		Moves:   moves,
		Result:  cloneResult(t.Result),
		Ended:   t.Ended,
	}
}

func cloneResult(r *engine.Result) *engine.Result {
	if r == nil {
		return nil
	}
	c := *r
	c.Returns = slices.Clone(r.Returns)
	return &c
}

// Summary describes a table for listings: everything but the seed, the token hashes and the
// moves themselves.
type Summary struct {
	ID      string
	Game    string
	Options engine.Options
	// Seats have an empty TokenHash.
	Seats  []Seat
	Status Status
	// Moves is the number of moves played.
	Moves            int
	Result           *engine.Result
	Ended            string
	Created, Updated time.Time
}

// Page sizes of List.
const (
	DefaultLimit = 50
	MaxLimit     = 500
)

// Filter selects the tables List returns, newest (latest Created) first; tables created in the
// same millisecond come in descending order of ID.
type Filter struct {
	// Status keeps only tables with this status; empty keeps all.
	Status Status
	// Limit is the most tables returned: DefaultLimit when 0 or less, at most MaxLimit.
	Limit int
	// Before, when not zero, keeps only tables created before it, or created at the same time
	// with an ID before BeforeID. Next sets both to continue after a page.
	Before   time.Time
	BeforeID string
	// UpdatedSince, when not zero, keeps only tables updated at or after it.
	UpdatedSince time.Time
	// Ended keeps only the tables that have ended (Finished or Abandoned); it may not be
	// combined with Status.
	Ended bool
	// IDs, when not empty, keeps only the tables with these IDs (at most MaxIDs): a lobby
	// asking after the tables it holds seats at, however long ago they were played.
	IDs []string
}

// MaxIDs is the most IDs a Filter may name.
const MaxIDs = 50

// PageSize returns the number of tables a List with f returns at most.
func (f Filter) PageSize() int {
	switch {
	case f.Limit <= 0:
		return DefaultLimit
	case f.Limit > MaxLimit:
		return MaxLimit
	}
	return f.Limit
}

// Next returns the filter of the page that follows a page ending with last.
func (f Filter) Next(last Summary) Filter {
	f.Before, f.BeforeID = last.Created, last.ID
	return f
}

// Store keeps tables. Its methods are safe for concurrent use.
type Store interface {
	// Create stores a new table, with its moves if it has any, and sets t.Created and t.Updated.
	// It returns ErrExists if the ID is taken.
	Create(ctx context.Context, t *Table) error
	// Get returns the table with the given ID, or ErrNotFound.
	Get(ctx context.Context, id string) (*Table, error)
	// Move returns move i (counted from 0) of the table with the given ID, reading that one
	// move only; ErrNotFound when the table is unknown or has no move i yet.
	Move(ctx context.Context, id string, i int) (engine.Move, error)
	// Append adds moves at index at, which must be the number of moves stored (ErrConflict
	// otherwise), and sets the status and result, all in one transaction: either everything is
	// written or nothing. A live table stays live when status is open: its seats were all
	// claimed meanwhile, which the writer had not heard of yet. It returns ErrNotFound for an
	// unknown ID.
	Append(ctx context.Context, id string, at int, moves []engine.Move, status Status, result *engine.Result) error
	// UpdateSeats replaces the seats and sets the status. It returns ErrNotFound for an unknown
	// ID.
	UpdateSeats(ctx context.Context, id string, seats []Seat, status Status) error
	// End ends an unfinished table without a move: it sets the status (Finished or
	// Abandoned), why (Table.Ended) and the result, if at is the number of moves stored and the
	// table is still open or live; ErrConflict otherwise, ErrNotFound for an unknown ID.
	End(ctx context.Context, id string, at int, status Status, ended string, result *engine.Result) error
	// List returns the summaries of the tables f selects, newest first.
	List(ctx context.Context, f Filter) ([]Summary, error)
	// Unfinished returns the IDs of the open and live tables, oldest first, for resuming them
	// after a restart.
	Unfinished(ctx context.Context) ([]string, error)
	// Analyses keeps the analyses of finished tables.
	Analyses
	// Close releases the store's resources.
	Close() error
}

// CheckEnd reports what is wrong with the arguments of End.
func CheckEnd(status Status, ended string) error {
	if status != Finished && status != Abandoned {
		return fmt.Errorf("a table ends finished or abandoned, not %q", status)
	}
	if !ValidEnd(ended) {
		return fmt.Errorf("invalid end %q", ended)
	}
	return nil
}

// Now returns the current time as stores keep it: UTC, truncated to the millisecond.
func Now() time.Time { return time.Now().UTC().Truncate(time.Millisecond) }
