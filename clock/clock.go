// Package clock keeps a table's clocks: realtime (minutes plus an increment, like 5+3) or
// correspondence (days per move). It is pure: it never reads the wall clock, every method takes
// the current time, so the match runner passes in a monotonic reading and tests a fake one.
//
// A seat's clock runs while the seat owes an action: its turn, a secret choice of a
// simultaneous step, or a bot thinking. Several clocks may run at once (both bids of the bidding
// game). A clock stops, and earns its increment, when its seat no longer owes anything.
//
// Saved gives what to persist; Restore resumes it at a later instant with exactly the time each
// seat had when it was saved: time the server was down is neither given nor taken.
package clock

import (
	"errors"
	"fmt"
	"strconv"
	"strings"
	"time"
)

// Kind is the sort of time control.
type Kind string

// The kinds of time control.
const (
	// None is untimed play: nobody can run out of time.
	None Kind = ""
	// Realtime gives each seat a bank of time for the whole match plus an increment after each
	// turn; the seat whose bank runs out loses at once.
	Realtime Kind = "realtime"
	// Correspondence gives each turn a number of days; a seat that overstays it may be claimed
	// a loss by its opponent, who may also wait.
	Correspondence Kind = "correspondence"
)

// Control is a time control.
type Control struct {
	Kind Kind `json:"kind,omitempty"`
	// Base is each seat's bank at the start (realtime).
	Base time.Duration `json:"base,omitempty"`
	// Increment is added to a seat's bank after each of its turns (realtime).
	Increment time.Duration `json:"increment,omitempty"`
	// PerMove is the time for each turn (correspondence).
	PerMove time.Duration `json:"perMove,omitempty"`
}

// Limits of a control, so that no table holds a clock for years.
const (
	MaxBase      = 3 * time.Hour
	MaxIncrement = 3 * time.Minute
	MaxDays      = 14
)

// ErrBadControl is returned for a control that cannot be parsed or is out of bounds.
var ErrBadControl = errors.New("bad time control")

// Parse reads a control: "" or "none", "M+S" for realtime (minutes plus seconds of increment,
// like "5+3" or "1+1"), "Nd" for correspondence (N days a move).
func Parse(s string) (Control, error) {
	s = strings.TrimSpace(strings.ToLower(s))
	bad := func(why string) (Control, error) {
		return Control{}, fmt.Errorf("%w %q: %s", ErrBadControl, s, why)
	}
	switch {
	case s == "" || s == "none":
		return Control{}, nil
	case strings.HasSuffix(s, "d"):
		days, err := strconv.Atoi(strings.TrimSuffix(s, "d"))
		if err != nil || days < 1 || days > MaxDays {
			return bad(fmt.Sprintf("correspondence is 1d to %dd a move", MaxDays))
		}
		return Control{Kind: Correspondence, PerMove: time.Duration(days) * 24 * time.Hour}, nil
	}
	m, inc, ok := strings.Cut(s, "+")
	if !ok {
		return bad(`want "5+3" (minutes + seconds), "3d" (days a move) or "none"`)
	}
	minutes, err1 := strconv.Atoi(m)
	seconds, err2 := strconv.Atoi(inc)
	c := Control{Kind: Realtime, Base: time.Duration(minutes) * time.Minute, Increment: time.Duration(seconds) * time.Second}
	if err1 != nil || err2 != nil || minutes < 1 || seconds < 0 || c.Base > MaxBase || c.Increment > MaxIncrement {
		return bad(fmt.Sprintf("realtime is 1 to %d minutes plus 0 to %d seconds", int(MaxBase.Minutes()), int(MaxIncrement.Seconds())))
	}
	return c, nil
}

// String formats c the way Parse reads it.
func (c Control) String() string {
	switch c.Kind {
	case Realtime:
		return fmt.Sprintf("%d+%d", int(c.Base/time.Minute), int(c.Increment/time.Second))
	case Correspondence:
		return fmt.Sprintf("%dd", int(c.PerMove/(24*time.Hour)))
	}
	return "none"
}

// Clock is the clocks of one table. The zero value is not usable: call New or Restore.
type Clock struct {
	control Control
	// left is each seat's time at the moment its clock last started or stopped.
	left []time.Duration
	// since is when each running clock started; the zero time for a stopped one.
	since []time.Time
	// flagged is the first seat whose time ran out, -1 while none has.
	flagged int
}

// New returns stopped clocks for n seats with their full time.
func New(c Control, n int) *Clock {
	k := &Clock{control: c, left: make([]time.Duration, n), since: make([]time.Time, n), flagged: -1}
	for i := range k.left {
		k.left[i] = k.full()
	}
	return k
}

// full is a seat's time at the start, or at the start of each turn in correspondence.
func (k *Clock) full() time.Duration {
	if k.control.Kind == Correspondence {
		return k.control.PerMove
	}
	return k.control.Base
}

// Control returns the time control.
func (k *Clock) Control() Control { return k.control }

// Timed reports whether the clocks count at all.
func (k *Clock) Timed() bool { return k.control.Kind != None }

// Left returns seat's time at now: negative once it has run out.
func (k *Clock) Left(seat int, now time.Time) time.Duration {
	if !k.since[seat].IsZero() {
		return k.left[seat] - now.Sub(k.since[seat])
	}
	return k.left[seat]
}

// Running reports whether seat's clock runs.
func (k *Clock) Running(seat int) bool { return !k.since[seat].IsZero() }

// Run makes exactly the seats in owing run from now: a running clock that stays running keeps
// counting; one that stops is charged its time and earns the increment (in correspondence the
// next turn starts with PerMove again); one that starts begins at now. Untimed clocks ignore it.
func (k *Clock) Run(owing []int, now time.Time) {
	if !k.Timed() {
		return
	}
	run := make([]bool, len(k.left))
	for _, s := range owing {
		if s >= 0 && s < len(run) {
			run[s] = true
		}
	}
	for seat := range k.left {
		switch on := k.Running(seat); {
		case on && !run[seat]:
			k.left[seat] = k.Left(seat, now)
			k.since[seat] = time.Time{}
			if k.left[seat] <= 0 && k.flagged < 0 {
				k.flagged = seat
			}
			if k.control.Kind == Correspondence {
				k.left[seat] = k.control.PerMove
			} else {
				k.left[seat] += k.control.Increment
			}
		case !on && run[seat]:
			k.since[seat] = now
		}
	}
}

// Expired returns the first running seat whose time has run out at now, if any.
func (k *Clock) Expired(now time.Time) (int, bool) {
	if !k.Timed() {
		return -1, false
	}
	if k.flagged >= 0 {
		return k.flagged, true
	}
	for seat := range k.left {
		if k.Running(seat) && k.Left(seat, now) <= 0 {
			return seat, true
		}
	}
	return -1, false
}

// Next returns how long from now until the first running clock runs out, and false when no
// clock runs.
func (k *Clock) Next(now time.Time) (time.Duration, bool) {
	if !k.Timed() {
		return 0, false
	}
	first, ok := time.Duration(0), false
	for seat := range k.left {
		if k.Running(seat) {
			if d := k.Left(seat, now); !ok || d < first {
				first, ok = d, true
			}
		}
	}
	return max(first, 0), ok
}

// Stop stops every clock at now, charging the running ones, without increments: the match is
// over or the server is shutting down.
func (k *Clock) Stop(now time.Time) {
	for seat := range k.left {
		if k.Running(seat) {
			k.left[seat] = k.Left(seat, now)
			k.since[seat] = time.Time{}
		}
	}
}

// Saved is the persisted form of a clock, and what clients are shown.
type Saved struct {
	Control Control `json:"control"`
	// Left is each seat's time in milliseconds at the moment of saving.
	Left []int64 `json:"left"`
	// Running lists the seats whose clocks were running.
	Running []int `json:"running,omitempty"`
}

// Save returns the clock's state at now.
func (k *Clock) Save(now time.Time) Saved {
	s := Saved{Control: k.control, Left: make([]int64, len(k.left))}
	for seat := range k.left {
		s.Left[seat] = k.Left(seat, now).Milliseconds()
		if k.Running(seat) {
			s.Running = append(s.Running, seat)
		}
	}
	return s
}

// Restore resumes a saved clock at now: each seat has exactly the time it had when saved, and
// the clocks that were running run again from now.
func Restore(s Saved, now time.Time) (*Clock, error) {
	k := New(s.Control, len(s.Left))
	for seat, ms := range s.Left {
		k.left[seat] = time.Duration(ms) * time.Millisecond
	}
	for _, seat := range s.Running {
		if seat < 0 || seat >= len(k.left) {
			return nil, fmt.Errorf("restore clock: running seat %d of %d", seat, len(k.left))
		}
		k.since[seat] = now
	}
	return k, nil
}
