package engine

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
)

// RecordVersion is the format version written into every record.
const RecordVersion = 1

// Record is a whole match: the game, its resolved options, who sat where, and every action in
// order, chance outcomes included. Replaying a record reproduces the match exactly without any
// random-number generator, so records are what deuce stores, tests against and shows.
type Record struct {
	Version int        `json:"version"`
	Game    string     `json:"game"`
	Options Options    `json:"options"`
	Seats   []SeatInfo `json:"seats"`
	// Seed is the seed the driver sampled chance with; kept for reference, never needed to replay.
	Seed   uint64  `json:"seed,omitempty"`
	Moves  []Move  `json:"moves"`
	Result *Result `json:"result,omitempty"`
	// Ended says why the match ended before its moves played it out ("resigned", "claimed",
	// "time", or why it was abandoned), empty when they did. Result is then the match's
	// result, which replaying the moves does not give (FinalResult).
	Ended string `json:"ended,omitempty"`
}

// FinalResult is the match's result given played, the result of replaying its moves: a match
// that ended before its moves played it out (Ended, a resignation) has Result's, recorded at
// its end.
func (r *Record) FinalResult(played Result) Result {
	if !played.Over && r.Ended != "" && r.Result != nil && r.Result.Over {
		return *r.Result
	}
	return played
}

// SeatInfo says who played a seat.
type SeatInfo struct {
	Name string `json:"name"`
	// Bot names the bot that played the seat, empty for a person.
	Bot string `json:"bot,omitempty"`
}

// Move is one applied action.
type Move struct {
	Seat   Seat   `json:"seat"`
	Action Action `json:"action"`
	// Text is the action in the game's notation, for people reading the file; replay checks it.
	Text string `json:"text"`
}

// NewRecord starts an empty record of a match of g with resolved options.
func NewRecord(g Game, opts Options, seats []SeatInfo) *Record {
	return &Record{Version: RecordVersion, Game: g.Name, Options: opts.Clone(), Seats: seats, Moves: []Move{}}
}

// Apply applies a to s and, if it was legal, appends it to the record. When the match ends the
// result is filled in.
func (r *Record) Apply(s State, a Action) error {
	seat, text := s.ToMove(), s.ActionString(a)
	if err := s.Apply(a); err != nil {
		return err
	}
	r.Moves = append(r.Moves, Move{Seat: seat, Action: a, Text: text})
	if s.ToMove() == Nobody {
		res := s.Result()
		r.Result = &res
	}
	return nil
}

// ErrBadRecord matches every error about a record that does not replay.
var ErrBadRecord = errors.New("bad record")

// Replay rebuilds the match of rec. When visit is not nil it is called before every move with
// the move's index and the state it applies to (the state must not be kept or changed), and once
// more at the end with index len(rec.Moves).
func Replay(g Game, rec *Record, visit func(i int, s State)) (State, error) {
	if rec.Game != g.Name {
		return nil, fmt.Errorf("%w: record of %q replayed as %q", ErrBadRecord, rec.Game, g.Name)
	}
	s, _, err := g.Start(rec.Options)
	if err != nil {
		return nil, fmt.Errorf("%w: %w", ErrBadRecord, err)
	}
	if len(rec.Seats) != 0 && len(rec.Seats) != s.NumSeats() {
		return nil, fmt.Errorf("%w: %d seats recorded, the match has %d", ErrBadRecord, len(rec.Seats), s.NumSeats())
	}
	for i, m := range rec.Moves {
		if visit != nil {
			visit(i, s)
		}
		if m.Seat != s.ToMove() {
			return nil, fmt.Errorf("%w: move %d is by %v but %v is to move", ErrBadRecord, i+1, m.Seat, s.ToMove())
		}
		if text := s.ActionString(m.Action); m.Text != "" && text != m.Text {
			return nil, fmt.Errorf("%w: move %d is written %q, but its action number %d is %q in the game", ErrBadRecord, i+1, m.Text, m.Action, text)
		}
		if err := s.Apply(m.Action); err != nil {
			return nil, fmt.Errorf("%w: move %d (%s): %w", ErrBadRecord, i+1, m.Text, err)
		}
	}
	if visit != nil {
		visit(len(rec.Moves), s)
	}
	return s, nil
}

// WriteRecord encodes rec as indented JSON.
func WriteRecord(w io.Writer, rec *Record) error {
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	return enc.Encode(rec)
}

// ReadRecord decodes a record and checks its version.
func ReadRecord(r io.Reader) (*Record, error) {
	var rec Record
	dec := json.NewDecoder(r)
	dec.DisallowUnknownFields()
	if err := dec.Decode(&rec); err != nil {
		return nil, fmt.Errorf("%w: %w", ErrBadRecord, err)
	}
	if rec.Version != RecordVersion {
		return nil, fmt.Errorf("%w: version %d, this deuce reads version %d", ErrBadRecord, rec.Version, RecordVersion)
	}
	if rec.Game == "" {
		return nil, fmt.Errorf("%w: no game named", ErrBadRecord)
	}
	return &rec, nil
}
