package match

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"
	"time"

	"deuce/bot"
	"deuce/clock"
	"deuce/engine"
)

// Errors of the clock.
var (
	// ErrNoClaim is returned by ClaimTime when the opponent still has time (or the table has no
	// correspondence clock).
	ErrNoClaim = errors.New("no time to claim")
)

// ClockView is the clocks as every update shows them.
type ClockView struct {
	// Control is the time control, like "5+3" or "3d".
	Control string     `json:"control"`
	Kind    clock.Kind `json:"kind"`
	// Left is each seat's time in milliseconds when the update was made; a running clock has
	// counted down since (negative: out of time).
	Left []int64 `json:"left"`
	// Running lists the seats whose clocks run.
	Running []int `json:"running,omitempty"`
}

// clockOwing lists the seats whose clocks should run: the seat to move (a bot thinking
// included) and the seats that owe a secret choice not yet made.
func (m *Match) clockOwing() []int {
	if m.over() {
		return nil
	}
	var owing []int
	if to := m.state.ToMove(); to >= 0 {
		owing = append(owing, int(to))
	}
	for _, s := range m.pending() {
		if _, held := m.held[s]; !held && !slices.Contains(owing, int(s)) {
			owing = append(owing, int(s))
		}
	}
	return owing
}

// Owing returns the seats that owe an action now: the seat to move (a bot included) and the
// seats that owe a secret choice not yet made; none once the match is over.
func (m *Match) Owing(ctx context.Context) ([]engine.Seat, error) {
	var out []engine.Seat
	err := m.do(ctx, func() {
		for _, s := range m.clockOwing() {
			out = append(out, engine.Seat(s))
		}
	})
	return out, err
}

// runClock makes the clocks of the seats that owe an action run, saves them, and sets the alarm
// for the first one to run out. The match calls it, under its lock, whenever it changes.
func (m *Match) runClock() {
	k := m.cfg.TableClock
	if k == nil || !k.Timed() || m.clockHeld {
		return
	}
	now := m.cfg.Clock.Now()
	if m.over() {
		k.Stop(now) // no increment for the last move
	} else {
		k.Run(m.clockOwing(), now)
	}
	m.saveClock(now)
	if m.alarm != nil {
		m.alarm()
		m.alarm = nil
	}
	if d, ok := k.Next(now); ok {
		var stop func() bool
		stop = m.cfg.Clock.AfterFunc(d, func() {
			m.exec(func() {
				if m.alarm != nil && &stop == m.alarmID {
					m.onAlarm(m.ctx)
				}
			})
		})
		m.alarm, m.alarmID = stop, &stop
	}
}

// botShare is the share of its time left a bot may spend on one move under a realtime clock.
const botShare = 30

// botTime is how long the bot of seat pauses before it thinks (BotDelay, so that people see the
// table move) and how long it may think (BotBudget), both cut to what its realtime clock allows:
// a thirtieth of the time left plus three quarters of the increment, the pause taking at most a
// quarter of that. The share shrinks with the time left, so a bot does not lose on time however
// short the clock and however many moves the match takes; a player who moves at once faces a
// bot that thinks less as its time runs down, as a person would. pressed reports the budget cut
// so (UnderClock). At a table of bots only the pause is never cut: it bounds what such a table
// costs the server, and the bots may lose on time to each other.
func (m *Match) botTime(seat engine.Seat) (delay, budget time.Duration, pressed bool) {
	delay, budget = m.cfg.BotDelay, m.cfg.BotBudget
	k := m.cfg.TableClock
	if k == nil || k.Control().Kind != clock.Realtime || m.clockHeld {
		return delay, budget, false
	}
	allow := k.Left(int(seat), m.cfg.Clock.Now())/botShare + k.Control().Increment*3/4
	if allow >= delay+budget {
		return delay, budget, false
	}
	if slices.ContainsFunc(m.cfg.Bots, func(b bot.Bot) bool { return b == nil }) { // a person plays
		delay = min(delay, allow/4)
	}
	return delay, max(min(budget, allow-delay), 0), true
}

// underClockKey marks the context of a bot's move whose budget its clock cut.
type underClockKey struct{}

// WithUnderClock marks ctx as a bot's move whose thinking time its realtime clock cut.
func WithUnderClock(ctx context.Context) context.Context {
	return context.WithValue(ctx, underClockKey{}, true)
}

// UnderClock reports whether ctx is a bot's move whose thinking time its realtime clock cut: a
// bot that cannot search in that time had better play a quick move than lose on time. Without
// the mark, a search that fails is tried again after a pause, at its full strength.
func UnderClock(ctx context.Context) bool {
	pressed, _ := ctx.Value(underClockKey{}).(bool)
	return pressed
}

// saveClock persists the clocks as they stand at now.
func (m *Match) saveClock(now time.Time) {
	if m.cfg.SaveClock == nil || m.cfg.TableClock == nil || !m.cfg.TableClock.Timed() {
		return
	}
	// A clock save must not be cut short by a shutdown: it is what the restart resumes from.
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	if err := m.cfg.SaveClock(ctx, m.cfg.TableClock.Save(now)); err != nil {
		// The next save catches up; a restart before it resumes from the previous move.
		m.clockErr = err
	}
}

// clockView returns the clocks at now, or nil for an untimed match.
func (m *Match) clockView() *ClockView {
	k := m.cfg.TableClock
	if k == nil || !k.Timed() {
		return nil
	}
	s := k.Save(m.cfg.Clock.Now())
	return &ClockView{Control: s.Control.String(), Kind: s.Control.Kind, Left: s.Left, Running: s.Running}
}

// checkFlag ends a realtime match whose running clock has run out, and reports whether it did.
// A correspondence match waits for the opponent's claim instead.
func (m *Match) checkFlag(ctx context.Context) bool {
	k := m.cfg.TableClock
	if m.over() || k == nil || k.Control().Kind != clock.Realtime {
		return false
	}
	now := m.cfg.Clock.Now()
	seat, ok := k.Expired(now)
	if !ok {
		return false
	}
	m.endOnTime(ctx, engine.Seat(seat))
	return true
}

// onAlarm runs when the first running clock may have run out.
func (m *Match) onAlarm(ctx context.Context) {
	m.alarm, m.alarmID = nil, nil
	if !m.checkFlag(ctx) {
		// Correspondence: the opponent may now claim; everyone sees the clock at zero.
		m.broadcast()
	}
}

// endOnTime ends the match: seat ran out of time and its side loses. The end is saved like a
// last move, through the Persister.
func (m *Match) endOnTime(ctx context.Context, seat engine.Seat) {
	save := func(ctx context.Context, at int, result *engine.Result) error {
		if result != nil && m.cfg.Record != nil && int(seat) < len(m.cfg.Record.Seats) {
			if name := m.cfg.Record.Seats[seat].Name; name != "" {
				result.Score = strings.TrimPrefix(result.Score+", "+name+" lost on time", ", ")
			}
		}
		if m.cfg.SaveEnd != nil {
			return m.cfg.SaveEnd(ctx, EndedOnTime, at, result)
		}
		return m.cfg.Persist.Append(ctx, at, nil, result)
	}
	if err := m.endNow(ctx, EndedOnTime, seat, save); err != nil && !errors.Is(err, ErrOver) {
		m.runErr = fmt.Errorf("save the end of the match: %w", err)
	}
}

// EndedOnTime is Update.Ended of a match lost on time (store.EndTime on the server).
const EndedOnTime = "time"

// over reports whether the match has ended, by its rules or otherwise.
func (m *Match) over() bool { return m.ended != "" || m.state.ToMove() == engine.Nobody }

// ClaimTime lets seat claim the win of a correspondence match whose opponent has overstayed
// its turn. It returns ErrNoClaim when no opponent is out of time.
func (m *Match) ClaimTime(ctx context.Context, seat engine.Seat) error {
	var err error
	derr := m.do(ctx, func() {
		k := m.cfg.TableClock
		switch {
		case m.over():
			err = ErrOver
			return
		case k == nil || k.Control().Kind != clock.Correspondence:
			err = fmt.Errorf("%w: the table has no correspondence clock", ErrNoClaim)
			return
		}
		late, ok := k.Expired(m.cfg.Clock.Now())
		if !ok || engine.Seat(late) == seat {
			err = fmt.Errorf("%w: your opponent still has time", ErrNoClaim)
			return
		}
		m.endOnTime(ctx, engine.Seat(late))
	})
	if derr != nil {
		return derr
	}
	return err
}

// waiting reports whether persons wait for StartClock to move: a timed clock is held.
func (m *Match) waiting() bool {
	return m.clockHeld && m.cfg.TableClock != nil && m.cfg.TableClock.Timed()
}

// StartClock runs a clock held by Config.ClockHeld from now on; it does nothing to a clock
// already running.
func (m *Match) StartClock(ctx context.Context) error {
	return m.do(ctx, func() {
		if m.clockHeld {
			m.clockHeld = false
			m.broadcast()
		}
	})
}

// ViewClock returns the clocks now, nil for an untimed match.
func (m *Match) ViewClock(ctx context.Context) *ClockView {
	var v *ClockView
	if err := m.do(ctx, func() { v = m.clockView() }); err != nil {
		return nil
	}
	return v
}
