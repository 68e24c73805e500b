// Package match runs one live match: it owns the state, validates and applies the seats'
// actions, samples chance from a secret seed, lets bot seats move, persists every action before
// anyone hears of it, and sends each subscriber only what its seat may see.
//
// A match has no goroutine of its own. Everything that changes it (a seat's action, a bot's
// choice, a clock running out, a save retried) runs under one lock, on the goroutine of whoever
// brought the change: a person's move on its connection's, a bot's on the goroutine that thought
// it, a clock's or a retry's on a timer's. A match waiting for a person therefore costs its
// state and a timer for its running clock, and nothing else; a server holds thousands.
package match

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"math/rand/v2"
	"slices"
	"sync"
	"time"

	"deuce/bot"
	"deuce/clock"
	"deuce/engine"
	"deuce/timesource"
)

// Persister stores the moves of a match. Append is called with the index of the first new move
// (the number already stored) before any subscriber is told of them, and the match's result
// after them: its standing (Over false, Returns nil, the score so far), which is public by the
// engine contract (engine/enginetest checks it), or the final result once Over.
type Persister interface {
	Append(ctx context.Context, at int, moves []engine.Move, result *engine.Result) error
}

// Config describes a match to run.
type Config struct {
	Game engine.Game
	// Record holds the game, resolved options, seats and the moves played so far (a resumed
	// match replays them).
	Record *engine.Record
	// Bots has one entry per seat: the bot that plays it, or nil for a person (nil: all people).
	Bots []bot.Bot
	// Seed is secret: chance at move index i is sampled from (Seed, i), so a restarted server
	// continues exactly as it would have.
	Seed uint64
	// BotDelay is a pause before each bot move so people can follow (0 in tests and simulations).
	BotDelay time.Duration
	// BotBudget bounds a bot's thinking time per move (default 2s).
	BotBudget time.Duration
	Persist   Persister
	// Clock times the bots' pauses and the retries of failed saves (default the system clock).
	Clock timesource.Clock
	// OnFault, when set, hears of a bot that failed to choose (it will think again); failed
	// saves are the persister's to report.
	OnFault func(error)
	// TableClock is the table's clock (nil: untimed), run on Clock's time (whose system
	// readings carry the monotonic clock, so a change of the wall clock gives or takes nobody
	// time); SaveClock persists it after every change.
	TableClock *clock.Clock
	SaveClock  func(ctx context.Context, c clock.Saved) error
	// ClockHeld keeps the table's clock stopped until StartClock: a table waiting for a player
	// to take a seat runs nobody's time, whoever is to move. At a timed table no person moves
	// meanwhile either (ErrWaiting), or the first to move could think as long as they liked; a
	// bot's move, which takes no time of anyone's, is played as usual.
	ClockHeld bool
	// SaveEnd persists the end of a match lost on time (why is EndedOnTime; the result is nil
	// for no winner); by default the result is appended through Persist with no move.
	SaveEnd func(ctx context.Context, why string, at int, result *engine.Result) error
	// OnProgress, when set, is called under the match's lock after every change is sent to
	// the subscribers (see Progress); it must not block.
	OnProgress func(Progress)
}

// Retries of a move the match made itself (chance, a bot, a held secret choice) whose save
// failed: after retryFirst, doubling up to retryMost, until the store takes it.
const (
	retryFirst = 250 * time.Millisecond
	retryMost  = 8 * time.Second
)

// Update is what one subscriber is sent after every change: its seat's view of the match.
type Update struct {
	// Seq is the number of moves played; updates only move forward.
	Seq int `json:"seq"`
	// Seat is the subscriber's seat, or engine.Spectator.
	Seat engine.Seat `json:"seat"`
	// ToMove is the seat to act (engine.Nobody when over).
	ToMove engine.Seat `json:"toMove"`
	// Pending lists seats that owe a secret choice now (simultaneous decisions).
	Pending []engine.Seat `json:"pending,omitempty"`
	// View is the seat's observation.
	View engine.Observation `json:"view"`
	// Legal lists the seat's moves when it may act now.
	Legal []Choice `json:"legal,omitempty"`
	// Log is the match so far in words, as the seat may know it.
	Log []string `json:"log"`
	// Result is the standing; Result.Over once the match has ended.
	Result engine.Result `json:"result"`
	// Played counts the moves this seat has made, a secret choice held for its turn included,
	// so a client knows when its own move has been taken.
	Played int `json:"played"`
	// Clock is the table's clocks, absent when untimed.
	Clock *ClockView `json:"clock,omitempty"`
	// Ended says why a match ended before it was played out (see End): "resigned",
	// "claimed", "expired", ...; empty otherwise.
	Ended string `json:"ended,omitempty"`
}

// Choice is one legal move with its notation.
type Choice struct {
	Action engine.Action `json:"action"`
	Text   string        `json:"text"`
}

// Errors a submitted action can meet, besides engine.ErrIllegal.
var (
	ErrNotYourTurn = errors.New("not your turn")
	ErrOver        = errors.New("the match is over")
	ErrStale       = errors.New("the match has moved on since that view")
	ErrClosed      = errors.New("the match is closed")
	// ErrWaiting refuses a person's move at a timed match whose clock is held (Config.ClockHeld):
	// the clocks start when every player has come, and a move made before would be thought over
	// on nobody's time.
	ErrWaiting = errors.New("the clocks start when every player has taken a seat: nobody moves before")
)

// Match is a running match. Its methods are safe for concurrent use.
type Match struct {
	cfg   Config
	state engine.State
	n     int
	// logs[seat] (and logs[n] for spectators) is the match in words as that seat knows it.
	logs [][]string
	seq  int

	// op serialises everything that reads or changes the match (see do); mu guards subs.
	op   sync.Mutex
	mu   sync.Mutex
	subs map[*Subscription]struct{}
	// ctx is the match's run (Start), under which its bots think and its retries wait;
	// stopped is set, done closed and onStop called once the match stops.
	ctx     context.Context
	stopped bool
	done    chan struct{}
	onStop  func(error)
	unhook  func() bool
	runErr  error
	// held keeps secret choices submitted before their seat's turn in a simultaneous step.
	held map[engine.Seat]engine.Action
	// thinking is true while a bot goroutine works on the current position.
	thinking bool
	// seen holds each person seat's observation as last encoded, and changed the move number at
	// which it last changed: a move answering any update since then answers the current view.
	seen    []string
	changed []int
	// pendingSince holds, for a seat that owes a secret choice, the move at which its
	// simultaneous step began (-1 otherwise): what it learns during the step (that another
	// seat has chosen) does not make its view stale.
	pendingSince []int
	// played counts each seat's moves, held secret choices included.
	played []int
	// ended and endResult are set when the match was ended before its end (see End).
	ended     string
	endResult *engine.Result
	// stalled holds a move the match made itself whose save failed, retried after a pause of
	// retryWait; nothing else is played meanwhile.
	stalled   *engine.Action
	retryWait time.Duration
	retrying  bool
	// alarm stops the timer set for when the first running clock may run out; clockErr is the
	// last failed save.
	alarm    func() bool
	alarmID  *func() bool
	clockErr error
	// clockHeld is Config.ClockHeld until StartClock.
	clockHeld bool
}

// Subscription receives updates for one seat.
type Subscription struct {
	Seat engine.Seat
	// C receives the latest update; an update not yet read is replaced by a newer one, so a slow
	// reader never blocks the match and always sees the newest view. It is nil for a
	// subscription made with Watch.
	C chan Update
	// notify and ended replace C for Watch.
	notify func(Update)
	ended  func()
	m      *Match
	once   sync.Once
}

// New prepares a match from its record: it replays the moves so far and builds every seat's log.
func New(cfg Config) (*Match, error) {
	if cfg.Persist == nil {
		return nil, errors.New("match: no persister")
	}
	if cfg.BotBudget <= 0 {
		cfg.BotBudget = 2 * time.Second
	}
	if cfg.Clock == nil {
		cfg.Clock = timesource.System{}
	}
	m := &Match{cfg: cfg, ctx: context.Background(), subs: map[*Subscription]struct{}{}, done: make(chan struct{}), held: map[engine.Seat]engine.Action{}, clockHeld: cfg.ClockHeld}
	var logs [][]string
	var played []int
	s, err := engine.Replay(cfg.Game, cfg.Record, func(i int, s engine.State) {
		if logs == nil {
			logs, played = make([][]string, s.NumSeats()+1), make([]int, s.NumSeats())
		}
		if i < len(cfg.Record.Moves) {
			m.narrate(logs, s, cfg.Record.Moves[i].Action)
			if seat := cfg.Record.Moves[i].Seat; seat >= 0 {
				played[seat]++
			}
		}
	})
	if err != nil {
		return nil, err
	}
	m.state, m.n, m.logs, m.seq, m.played = s, s.NumSeats(), logs, len(cfg.Record.Moves), played
	if m.cfg.Bots == nil {
		m.cfg.Bots = make([]bot.Bot, m.n)
	}
	if len(m.cfg.Bots) != m.n {
		return nil, fmt.Errorf("match: %d bot entries for %d seats", len(cfg.Bots), m.n)
	}
	m.seen, m.changed, m.pendingSince = make([]string, m.n), make([]int, m.n), make([]int, m.n)
	for i := range m.pendingSince {
		m.pendingSince[i] = -1
	}
	m.track()
	if r := cfg.Record.Result; r != nil && r.Over && s.ToMove() != engine.Nobody {
		m.ended, m.endResult = cfg.Record.Ended, r // ended before it was played out
		if m.ended == "" {
			m.ended = "ended"
		}
	}
	return m, nil
}

// track notes which person seats' views the last move changed.
func (m *Match) track() {
	pending := m.pending()
	for seat := range m.n {
		if m.cfg.Bots[seat] != nil {
			continue
		}
		switch owes := slices.Contains(pending, engine.Seat(seat)); {
		case !owes:
			m.pendingSince[seat] = -1
		case m.pendingSince[seat] < 0:
			m.pendingSince[seat] = m.seq
		}
		b, err := json.Marshal(m.state.Observe(engine.Seat(seat)))
		if err != nil || string(b) != m.seen[seat] {
			m.seen[seat], m.changed[seat] = string(b), m.seq
		}
	}
}

// narrate appends the description of a (about to be applied to s) to every log.
func (m *Match) narrate(logs [][]string, s engine.State, a engine.Action) {
	for seat := range logs {
		viewer := engine.Seat(seat)
		if seat == len(logs)-1 {
			viewer = engine.Spectator
		}
		logs[seat] = append(logs[seat], engine.Narrate(s, a, viewer))
	}
}

// Run plays the match until ctx ends or the match is over and every bot has finished. It
// returns nil when the match ended normally. It is Start, waiting.
func (m *Match) Run(ctx context.Context) error {
	stopped := make(chan error, 1)
	m.Start(ctx, func(err error) { stopped <- err })
	return <-stopped
}

// Start starts the match and returns: it plays what it can (chance, bots), then waits for its
// seats with no goroutine. onStop is called once, on no lock, when the match stops: with nil
// when it ended normally (over, and every bot finished), ctx's error when ctx ended first (the
// clocks are saved as they stand, for a restart to resume them), or why it failed.
func (m *Match) Start(ctx context.Context, onStop func(error)) {
	m.op.Lock()
	m.ctx, m.onStop = ctx, onStop
	m.unhook = context.AfterFunc(ctx, func() {
		m.op.Lock()
		if !m.stopped {
			m.saveClock(m.cfg.Clock.Now())
		}
		stop := m.stop(ctx.Err())
		m.op.Unlock()
		stop()
	})
	m.op.Unlock()
	m.exec(func() {
		if !m.checkFlag(m.ctx) {
			m.advance(m.ctx)
		}
	})
}

// Done is closed when the match has stopped.
func (m *Match) Done() <-chan struct{} { return m.done }

// do runs f on the match, alone, and then stops the match if f ended it. It returns ErrClosed
// when the match has stopped.
func (m *Match) do(ctx context.Context, f func()) error {
	if err := ctx.Err(); err != nil {
		return err
	}
	m.op.Lock()
	if m.stopped {
		m.op.Unlock()
		return ErrClosed
	}
	f()
	var stop func()
	switch {
	case m.runErr != nil:
		stop = m.stop(m.runErr)
	case m.over() && !m.thinking && !m.retrying:
		stop = m.stop(nil)
	default:
		stop = func() {}
	}
	m.op.Unlock()
	stop()
	return nil
}

// exec is do for the match's own work (a timer, a bot): a stopped match ignores it.
func (m *Match) exec(f func()) { _ = m.do(context.Background(), f) }

// stop marks the match stopped and closes its subscriptions; the returned function tells
// onStop, with no lock held. m.op is held.
func (m *Match) stop(err error) func() {
	if m.stopped {
		return func() {}
	}
	m.stopped = true
	if m.alarm != nil {
		m.alarm()
		m.alarm = nil
	}
	m.closeSubs()
	close(m.done)
	if m.unhook != nil {
		m.unhook()
	}
	onStop := m.onStop
	return func() {
		if onStop != nil {
			onStop(err)
		}
	}
}

// Submit plays action a for seat. seq, when not negative, is the Seq of the update the player
// answered; if the seat's view has changed since, the player acted on an old view and the move
// is refused with ErrStale.
func (m *Match) Submit(ctx context.Context, seat engine.Seat, seq int, a engine.Action) error {
	var err error
	if derr := m.do(ctx, func() { err = m.submit(ctx, seat, seq, a) }); derr != nil {
		return derr
	}
	return err
}

// SubmitText is Submit with the move in the game's notation.
func (m *Match) SubmitText(ctx context.Context, seat engine.Seat, seq int, text string) error {
	var err error
	derr := m.do(ctx, func() {
		var s engine.State
		if s, err = m.turnOf(seat); err != nil {
			return
		}
		var a engine.Action
		if a, err = s.ParseAction(text); err != nil {
			return
		}
		err = m.submit(ctx, seat, seq, a)
	})
	if derr != nil {
		return derr
	}
	return err
}

// turnOf returns the state in which seat makes its next choice: the match itself, or, for a
// secret choice due later in the current simultaneous step, a copy advanced to that seat's turn
// by placeholder choices (a seat's options never depend on choices it cannot see).
func (m *Match) turnOf(seat engine.Seat) (engine.State, error) {
	to := m.state.ToMove()
	switch {
	case m.over():
		return nil, ErrOver
	case seat < 0 || int(seat) >= m.n || m.cfg.Bots[seat] != nil:
		return nil, fmt.Errorf("%w: %v is not a person's seat", ErrNotYourTurn, seat)
	case m.waiting():
		return nil, ErrWaiting
	case to == seat:
		return m.state, nil
	case !slices.Contains(m.pending(), seat):
		return nil, fmt.Errorf("%w: %v is to move", ErrNotYourTurn, to)
	}
	if _, ok := m.held[seat]; ok {
		return nil, fmt.Errorf("%w: your secret choice is already in", ErrNotYourTurn)
	}
	ahead := engine.Determinize(m.state, seat, rand.New(rand.NewPCG(0, 0)))
	for ahead.ToMove() != seat {
		if ahead.ToMove() < 0 || ahead.Apply(ahead.Legal(nil)[0]) != nil {
			return nil, fmt.Errorf("%w: %v is to move", ErrNotYourTurn, to)
		}
	}
	return ahead, nil
}

func (m *Match) submit(ctx context.Context, seat engine.Seat, seq int, a engine.Action) error {
	if m.checkFlag(ctx) {
		return fmt.Errorf("%w: out of time", ErrOver)
	}
	turn, err := m.turnOf(seat)
	if err != nil {
		return err
	}
	since := m.changed[seat]
	if m.pendingSince[seat] >= 0 {
		since = m.pendingSince[seat]
	}
	if seq >= 0 && (seq > m.seq || seq < since) {
		return fmt.Errorf("%w (you answered move %d, your view changed at move %d)", ErrStale, seq, since)
	}
	if turn != m.state {
		// A secret choice made ahead of its turn is checked where its turn will come and held.
		if err := turn.Clone().Apply(a); err != nil {
			return err
		}
		m.held[seat] = a
		m.played[seat]++
		m.broadcast()
		return nil
	}
	if err := m.apply(ctx, a); err != nil {
		return err
	}
	m.advance(ctx)
	return nil
}

// pending lists the seats owing a secret choice now.
func (m *Match) pending() []engine.Seat {
	if sim, ok := m.state.(engine.Simultaneous); ok {
		return sim.Pending()
	}
	return nil
}

// apply validates a on a clone, persists it, then applies it to the match. The chance moves
// that follow a (a deal after a trick...) are sampled at once and saved with it, in one write:
// they are decided by the seed and their index alone, so the match plays exactly as if each
// were saved on its own.
func (m *Match) apply(ctx context.Context, a engine.Action) error {
	next := m.state.Clone()
	var (
		moves  []engine.Move
		before []engine.State // the state each move was made in, for the logs
	)
	for {
		seat, text := next.ToMove(), next.ActionString(a)
		prev := m.state // next is its clone, and m.state is left as it is
		if len(moves) > 0 {
			prev = next.Clone()
		}
		if err := next.Apply(a); err != nil {
			if len(moves) == 0 {
				return err
			}
			return fmt.Errorf("%w: chance move %d", err, m.seq+len(moves)+1) // a bug
		}
		moves, before = append(moves, engine.Move{Seat: seat, Action: a, Text: text}), append(before, prev)
		if next.ToMove() != engine.Chance {
			break
		}
		rng := rand.New(rand.NewPCG(m.cfg.Seed, uint64(m.seq+len(moves))))
		a = engine.SampleChance(rng, next.Chances(nil))
	}
	// The standing while the match goes on (Over false, no returns: the engine contract), the
	// final result once over.
	res := next.Result()
	result := &res
	if err := m.cfg.Persist.Append(ctx, m.seq, moves, result); err != nil {
		return fmt.Errorf("save move %d: %w", m.seq+1, err)
	}
	for i, mv := range moves {
		m.narrate(m.logs, before[i], mv.Action)
		if seat := mv.Seat; seat >= 0 {
			// The seat's own choice ends its part in a simultaneous step: if it owes another
			// one now, that is a new step.
			m.pendingSince[seat] = -1
			if _, held := m.held[seat]; !held {
				m.played[seat]++
			}
		}
	}
	m.state = next
	m.seq += len(moves)
	m.track()
	m.retryWait = 0
	return nil
}

// advance plays chance, held secret choices and bots until a person must act, then broadcasts.
// Nothing unsaved is ever shown: a move whose save fails is kept and retried (see stall) until
// the store takes it, and the match waits for it.
func (m *Match) advance(ctx context.Context) {
	for m.stalled == nil && m.ended == "" {
		to := m.state.ToMove()
		switch {
		case to == engine.Nobody:
			m.broadcast()
			return
		case to == engine.Chance:
			rng := rand.New(rand.NewPCG(m.cfg.Seed, uint64(m.seq)))
			a := engine.SampleChance(rng, m.state.Chances(nil))
			if err := m.apply(ctx, a); err != nil {
				m.stall(a, err)
				return
			}
		case m.heldFor(to):
			// Applied while still held, so that it is not counted twice in played. (A seat
			// handed to a bot keeps the secret choice its person made.)
			if err := m.apply(ctx, m.held[to]); err != nil {
				m.stall(m.held[to], err)
				return
			}
			delete(m.held, to)
		case m.cfg.Bots[to] != nil:
			m.broadcast()
			m.startBot(ctx, to)
			return
		default:
			m.broadcast()
			return
		}
	}
}

// stall keeps a, a move of chance, a bot or a held choice whose save failed with err, and
// retries it after a pause: an illegal move (a bug) stops the match instead.
func (m *Match) stall(a engine.Action, err error) {
	if errors.Is(err, engine.ErrIllegal) {
		m.runErr = err
		return
	}
	m.stalled = &a
	ctx := m.ctx // the retry is the match's own work, whoever's change it was
	m.later(func() {
		if m.stalled == nil || m.ended != "" {
			return
		}
		a, to := *m.stalled, m.state.ToMove()
		m.stalled = nil
		if err := m.apply(ctx, a); err != nil {
			m.stall(a, err)
			return
		}
		delete(m.held, to)
		m.advance(ctx)
	})
}

// later runs f on the match (under its lock) after the next pause of the backoff: retryFirst, then
// doubling up to retryMost until a retry succeeds. The match does not end meanwhile.
func (m *Match) later(f func()) {
	if m.retryWait == 0 {
		m.retryWait = retryFirst
	} else {
		m.retryWait = min(2*m.retryWait, retryMost)
	}
	m.retrying = true
	m.cfg.Clock.AfterFunc(m.retryWait, func() {
		m.exec(func() { m.retrying = false; f() })
	})
}

func (m *Match) heldFor(seat engine.Seat) bool {
	_, ok := m.held[seat]
	return ok
}

// startBot lets the bot of seat think on its own goroutine about a copy of the state, and posts
// its choice back to the match. The bot works under the match's run, whoever's change woke it.
func (m *Match) startBot(_ context.Context, seat engine.Seat) {
	if m.thinking {
		return
	}
	ctx := m.ctx
	m.thinking = true
	s, seq, b := m.state.Clone(), m.seq, m.cfg.Bots[seat]
	rng := rand.New(rand.NewPCG(m.cfg.Seed^0xb07, uint64(seq)))
	delay, budget, pressed := m.botTime(seat)
	go func() {
		if delay > 0 {
			select {
			case <-m.cfg.Clock.After(delay):
			case <-ctx.Done():
				return
			}
		}
		bctx, cancel := context.WithTimeout(ctx, budget)
		if pressed {
			bctx = WithUnderClock(bctx)
		}
		a, err := b.Choose(bctx, s, seat, rng)
		cancel()
		post := func() {
			m.thinking = false
			if m.seq != seq || m.checkFlag(ctx) || m.over() {
				return
			}
			if err != nil {
				// The bot found no move (its search failed or ran out of time): it thinks
				// again after a pause.
				if m.cfg.OnFault != nil {
					m.cfg.OnFault(fmt.Errorf("bot %s in %v: %w", b.Name(), seat, err))
				}
				m.later(func() { m.advance(ctx) })
				return
			}
			if err := m.apply(ctx, a); err != nil {
				m.stall(a, err)
				return
			}
			m.advance(ctx)
		}
		m.exec(post)
	}()
}

// End stops the match before it is played out, for the reason why (a word the server records:
// "resigned", "claimed", "expired"...). When loser is a seat, its side loses: in every game
// deuce plays the two sides alternate round the table, so the seats of loser's parity lose
// and the others win. With engine.Nobody nobody wins and there is no result (an abandoned
// table). save persists the end, given the number of moves played (no move can come between)
// and the result; only once it has succeeded are the subscribers told, and Run returns.
func (m *Match) End(ctx context.Context, why string, loser engine.Seat, save func(ctx context.Context, at int, result *engine.Result) error) error {
	var err error
	derr := m.do(ctx, func() { err = m.endNow(ctx, why, loser, save) })
	if derr != nil {
		return derr
	}
	return err
}

// endNow is End, under the match's lock.
func (m *Match) endNow(ctx context.Context, why string, loser engine.Seat, save func(ctx context.Context, at int, result *engine.Result) error) error {
	if m.state.ToMove() == engine.Nobody || m.ended != "" {
		return ErrOver
	}
	res := m.state.Result()
	res.Over, res.Returns, res.Winner = true, nil, engine.Nobody
	var saved *engine.Result
	if loser >= 0 && int(loser) < m.n {
		res.Returns = make([]float64, m.n)
		for seat := range m.n {
			if seat%2 == int(loser)%2 {
				res.Returns[seat] = -1
			} else {
				res.Returns[seat] = 1
				if res.Winner == engine.Nobody {
					res.Winner = engine.Seat(seat)
				}
			}
		}
		saved = &res
	}
	if err := save(ctx, m.seq, saved); err != nil {
		return err
	}
	m.ended, m.endResult = why, &res
	m.broadcast()
	return nil
}

// SetBot hands seat to b from now on (a person who left), and lets it play if it is to move.
func (m *Match) SetBot(ctx context.Context, seat engine.Seat, b bot.Bot) error {
	return m.do(ctx, func() {
		if seat < 0 || int(seat) >= m.n || m.ended != "" {
			return
		}
		m.cfg.Bots[seat] = b
		m.advance(ctx)
	})
}

// Subscribe returns a subscription for seat (engine.Spectator for the public view) that
// receives the current view at once and every later one.
func (m *Match) Subscribe(ctx context.Context, seat engine.Seat) (*Subscription, error) {
	if seat != engine.Spectator && (seat < 0 || int(seat) >= m.n) {
		return nil, fmt.Errorf("no %v in a match of %d seats", seat, m.n)
	}
	return m.subscribe(ctx, &Subscription{Seat: seat, C: make(chan Update, 1), m: m})
}

// Watch is Subscribe for a subscriber that is told instead of reading a channel, so that it
// needs no goroutine waiting on one: notify is called with the current view at once and with
// every later one, and ended once when the match stops (not after Close). Both are called by
// the match while it changes: they must not block, nor call the match.
func (m *Match) Watch(ctx context.Context, seat engine.Seat, notify func(Update), ended func()) (*Subscription, error) {
	if seat != engine.Spectator && (seat < 0 || int(seat) >= m.n) {
		return nil, fmt.Errorf("no %v in a match of %d seats", seat, m.n)
	}
	return m.subscribe(ctx, &Subscription{Seat: seat, notify: notify, ended: ended, m: m})
}

func (m *Match) subscribe(ctx context.Context, sub *Subscription) (*Subscription, error) {
	seat := sub.Seat
	err := m.do(ctx, func() {
		m.mu.Lock()
		m.subs[sub] = struct{}{}
		m.mu.Unlock()
		sub.offer(m.update(seat))
	})
	if err != nil {
		return nil, err
	}
	return sub, nil
}

// Close stops the subscription; C is closed.
func (s *Subscription) Close() {
	s.m.mu.Lock()
	defer s.m.mu.Unlock()
	if _, ok := s.m.subs[s]; ok {
		delete(s.m.subs, s)
		s.once.Do(func() {
			if s.C != nil {
				close(s.C)
			}
		})
	}
}

// offer replaces any unread update with u. The match calls it under its lock.
func (s *Subscription) offer(u Update) {
	if s.notify != nil {
		s.notify(u)
		return
	}
	select {
	case <-s.C:
	default:
	}
	s.C <- u
}

func (m *Match) closeSubs() {
	m.mu.Lock()
	defer m.mu.Unlock()
	for s := range m.subs {
		delete(m.subs, s)
		s.once.Do(func() {
			if s.C != nil {
				close(s.C)
			}
			if s.ended != nil {
				s.ended()
			}
		})
	}
}

// broadcast sends every subscriber its own view.
func (m *Match) broadcast() {
	m.runClock()
	m.mu.Lock()
	defer m.mu.Unlock()
	views := map[engine.Seat]Update{}
	for s := range m.subs {
		u, ok := views[s.Seat]
		if !ok {
			u = m.update(s.Seat)
			views[s.Seat] = u
		}
		s.offer(u)
	}
	if m.cfg.OnProgress != nil {
		m.cfg.OnProgress(m.progress())
	}
}

// update builds seat's view.
func (m *Match) update(seat engine.Seat) Update {
	logIndex := m.n
	if seat >= 0 && int(seat) < m.n {
		logIndex = int(seat)
	}
	u := Update{
		Seq: m.seq, Seat: seat, ToMove: m.state.ToMove(), Pending: m.pending(),
		View: m.state.Observe(seat), Result: m.state.Result(),
		// Logs only grow, and entries are never rewritten: a capped slice is safe to share.
		Log: slices.Clip(m.logs[logIndex]),
	}
	if seat >= 0 && int(seat) < m.n {
		u.Played = m.played[seat]
	}
	u.Clock = m.clockView()
	if m.ended != "" {
		u.Ended, u.Result, u.ToMove, u.Pending = m.ended, *m.endResult, engine.Nobody, nil
		return u
	}
	if _, held := m.held[seat]; held {
		u.Pending = slices.DeleteFunc(slices.Clone(u.Pending), func(x engine.Seat) bool { return x == seat })
	}
	canAct := seat == u.ToMove || slices.Contains(u.Pending, seat)
	if canAct {
		if s, err := m.turnOf(seat); err == nil {
			for _, a := range s.Legal(nil) {
				u.Legal = append(u.Legal, Choice{Action: a, Text: s.ActionString(a)})
			}
		}
	}
	return u
}

// View returns seat's view of a recorded match without running it: the final view of a finished
// match, or the current one of a stopped match.
func View(g engine.Game, rec *engine.Record, seat engine.Seat) (Update, error) {
	m, err := New(Config{Game: g, Record: rec, Persist: noPersist{}})
	if err != nil {
		return Update{}, err
	}
	return m.update(seat), nil
}

type noPersist struct{}

func (noPersist) Append(context.Context, int, []engine.Move, *engine.Result) error {
	return errors.New("a viewed match cannot be played")
}
