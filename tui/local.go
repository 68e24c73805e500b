package tui

import (
	"context"
	"fmt"
	"io"
	"math/rand/v2"
	"sync"
	"time"

	"deuce/bot"
	"deuce/engine"
	"deuce/games"
)

// BotMoveTimeout bounds a bot's thinking per move, as the match runner's budget does in the
// browser: a deadline marks live play, and search bots then keep to their time caps.
const BotMoveTimeout = 2 * time.Second

// Local is a match played in this process: people at this terminal, bots in the same process,
// chance sampled from a seeded source so the same seed gives the same match.
type Local struct {
	info    Info
	players []bot.Bot // nil for a person

	mu     sync.Mutex // guards everything below
	state  engine.State
	rec    *engine.Record
	chance *rand.Rand
	botRNG *rand.Rand
	logs   [][]string // per seat, everything it may know, in words
	turn   personTurn
	ended  bool // the final frame has been returned
	last   engine.Seat
}

// NewLocal starts a local match of rec's game from state s (fresh from rec's options), with
// players[i] playing seat i (nil for a person at this terminal). Every move is appended to rec.
func NewLocal(info Info, s engine.State, rec *engine.Record, players []bot.Bot, seed uint64) *Local {
	return &Local{
		info: info, players: players, state: s, rec: rec,
		chance: rand.New(rand.NewPCG(seed, 0)),
		botRNG: rand.New(rand.NewPCG(seed, 1)),
		logs:   make([][]string, s.NumSeats()),
		turn:   newPersonTurn(),
		last:   engine.Nobody,
	}
}

// Info describes the match.
func (l *Local) Info() Info { return l.info }

// Record returns the match's record so far; read it once the interface has stopped.
func (l *Local) Record() *engine.Record {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.rec
}

// Moves returns a copy of the moves played so far.
func (l *Local) Moves() []engine.Move {
	l.mu.Lock()
	defer l.mu.Unlock()
	return append([]engine.Move(nil), l.rec.Moves...)
}

// Next plays chance and the bots until a person must move, and returns that person's frame.
func (l *Local) Next(ctx context.Context) (Frame, error) {
	if err := l.turn.await(ctx, &l.mu); err != nil {
		return Frame{}, err
	}
	l.mu.Lock()
	defer l.mu.Unlock()
	for {
		if err := ctx.Err(); err != nil {
			return Frame{}, err
		}
		to := l.state.ToMove()
		var a engine.Action
		switch {
		case to == engine.Nobody:
			if l.ended {
				return Frame{}, io.EOF
			}
			l.ended = true
			viewer := l.last
			if l.info.Hotseat || viewer == engine.Nobody {
				viewer = engine.Spectator
			}
			return l.frame(viewer), nil
		case to == engine.Chance:
			a = engine.SampleChance(l.chance, l.state.Chances(nil))
		case l.players[to] != nil:
			bctx, cancel := context.WithTimeout(ctx, BotMoveTimeout)
			var err error
			a, err = l.players[to].Choose(bctx, l.state, to, l.botRNG)
			cancel()
			if err != nil {
				return Frame{}, fmt.Errorf("the %s bot: %w", l.players[to].Name(), err)
			}
		default:
			l.turn.waiting = true
			l.last = to
			return l.frame(to), nil
		}
		if err := l.apply(a); err != nil {
			return Frame{}, err
		}
	}
}

// frame is the match as seat sees it; l.mu is held.
func (l *Local) frame(seat engine.Seat) Frame {
	f := Frame{
		Seq: len(l.rec.Moves), Seat: seat, ToMove: l.state.ToMove(), View: l.state.Observe(seat),
		Result: l.state.Result(),
	}
	if sim, ok := l.state.(engine.Simultaneous); ok {
		f.Pending = sim.Pending()
	}
	if seat >= 0 {
		for _, mv := range l.rec.Moves {
			if mv.Seat == seat {
				f.Played++
			}
		}
		f.Log = append([]string(nil), l.logs[seat]...)
		if f.ToMove == seat {
			for _, a := range l.state.Legal(nil) {
				f.Legal = append(f.Legal, Choice{Action: a, Text: l.state.ActionString(a)})
			}
		}
	} else {
		f.Log = l.spectatorLog()
	}
	return f
}

// spectatorLog is the log of the first person seat, the whole match once it is over.
func (l *Local) spectatorLog() []string {
	for seat, p := range l.players {
		if p == nil {
			return append([]string(nil), l.logs[seat]...)
		}
	}
	return append([]string(nil), l.logs[0]...)
}

// apply narrates a to every seat and plays it; l.mu is held.
func (l *Local) apply(a engine.Action) error {
	var lines []string
	for seat := range l.logs {
		lines = append(lines, engine.Narrate(l.state, a, engine.Seat(seat)))
	}
	if err := l.rec.Apply(l.state, a); err != nil {
		return err
	}
	for seat, line := range lines {
		l.logs[seat] = append(l.logs[seat], line)
	}
	return nil
}

// Play plays the move of the person the last frame asked.
func (l *Local) Play(_ context.Context, seq int, m Move) error {
	l.mu.Lock()
	defer l.mu.Unlock()
	if !l.turn.waiting || seq != len(l.rec.Moves) {
		return refusal{reason: "that move answers a position that has changed"}
	}
	a := m.Action
	if m.Text != "" {
		var err error
		if a, err = l.state.ParseAction(m.Text); err != nil {
			return refusal{reason: Reason(err)}
		}
	}
	if err := l.apply(a); err != nil {
		return refusal{reason: Reason(err)}
	}
	l.turn.played()
	return nil
}

// HintTime bounds the search of a card game's hint at the terminal.
const HintTime = 2 * time.Second

// Hint returns Advise's advice for seat at its turn, searched on a copy of the match so that
// the table's lock is not held while it thinks.
func (l *Local) Hint(ctx context.Context, seat engine.Seat) (string, bool) {
	l.mu.Lock()
	if !l.turn.waiting || l.state.ToMove() != seat {
		l.mu.Unlock()
		return "", false
	}
	st := l.state.Clone()
	l.mu.Unlock()
	return Advise(ctx, l.info.Game, st, seat, func(other engine.Seat) bool { return l.players[other] == nil }), true
}

// Advise is the hint for seat to move in st: the bidding game's solved strategy, or in the card
// games what the hard bot would play and why (games.SearchHint, from seat's information only,
// on one core for at most HintTime). As on a server, a card game with another person at the
// table (person reports the seats of people) gets none, so that a hint never helps one person
// against another. st is not changed.
func Advise(ctx context.Context, g engine.Game, st engine.State, seat engine.Seat, person func(engine.Seat) bool) string {
	if text, ok := games.Hint(g, st, seat); ok {
		return text
	}
	for i := range st.NumSeats() {
		if other := engine.Seat(i); other != seat && person(other) {
			return "No hint here: hints are offered only against bots, never against another person."
		}
	}
	ctx, cancel := context.WithTimeout(ctx, HintTime)
	defer cancel()
	advice, err := games.SearchHint(ctx, g, st, seat, rand.New(rand.NewPCG(rand.Uint64(), rand.Uint64())))
	if err != nil {
		return "No hint: " + err.Error()
	}
	return advice.Text
}

// refusal is a refused move.
type refusal struct {
	reason string
	// cause is the server's refusal (a *protocol.ServerError, with its code) where there is one.
	cause error
}

func (r refusal) Error() string { return r.reason }
func (refusal) Refused() bool   { return true }
func (r refusal) Unwrap() error { return r.cause }

// personTurn hands the turn between a table's Next and a person's Play: waiting is set while a
// frame asking the person to move is out, and played wakes the Next that waits for that move.
// The table's lock guards waiting.
type personTurn struct {
	waiting bool
	moved   chan struct{}
}

func newPersonTurn() personTurn { return personTurn{moved: make(chan struct{}, 1)} }

// await is the start of Next: it waits, while a frame asking for a move is out, until the move
// is played or ctx ends. mu is the table's lock, not held on entry or return.
func (t *personTurn) await(ctx context.Context, mu *sync.Mutex) error {
	mu.Lock()
	waiting := t.waiting
	if !waiting {
		// The move was played before this call began: its wake-up is spent here.
		select {
		case <-t.moved:
		default:
		}
	}
	mu.Unlock()
	if !waiting {
		return nil
	}
	select {
	case <-t.moved:
		return nil
	case <-ctx.Done():
		return ctx.Err()
	}
}

// played marks the move played and wakes the Next waiting for it; the table's lock is held.
func (t *personTurn) played() {
	t.waiting = false
	select {
	case t.moved <- struct{}{}:
	default: // a wake-up is pending already
	}
}
