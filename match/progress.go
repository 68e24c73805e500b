package match

import (
	"fmt"
	"maps"
	"slices"

	"deuce/engine"
)

// Progress is what a server that does not run the match needs, besides the stored record, to
// show every seat its view: what is only in the running match's memory.
type Progress struct {
	// Seq is the number of moves played (and stored).
	Seq int `json:"n"`
	// Played counts each seat's moves, secret choices held for their turn included.
	Played []int `json:"p"`
	// Held lists the seats whose secret choice is in but not yet applied.
	Held []engine.Seat `json:"h,omitempty"`
	// Ended says why the match ended early, as Update.Ended.
	Ended string `json:"x,omitempty"`
	// Waiting: a timed match's clock is held for a player to come, and persons move only
	// once it runs (ErrWaiting).
	Waiting bool `json:"w,omitempty"`
}

func (m *Match) progress() Progress {
	held := slices.Sorted(maps.Keys(m.held))
	return Progress{Seq: m.seq, Played: slices.Clone(m.played), Held: held, Ended: m.ended, Waiting: m.waiting()}
}

// Follow applies p to u, a seat's view rebuilt from the stored record of the same number of
// moves (View): its count of moves, and no choice to make for a seat whose secret choice is in
// or while the match waits for a player to start its clocks.
func Follow(u Update, p Progress) Update {
	if p.Seq != u.Seq || u.Seat < 0 || int(u.Seat) >= len(p.Played) {
		return u
	}
	u.Played = p.Played[u.Seat]
	if p.Waiting {
		u.Legal = nil
	}
	if slices.Contains(p.Held, u.Seat) {
		u.Pending = slices.DeleteFunc(slices.Clone(u.Pending), func(x engine.Seat) bool { return x == u.Seat })
		u.Legal = nil
	}
	return u
}

// Replica is a match rebuilt from its stored record by a server that does not run it, to show
// its seats their views: Catch applies the moves stored since, View shows a seat. Its methods
// are not safe for concurrent use; nothing runs it.
type Replica struct{ m *Match }

// NewReplica rebuilds the match of rec.
func NewReplica(g engine.Game, rec *engine.Record) (*Replica, error) {
	m, err := New(Config{Game: g, Record: rec, Persist: noPersist{}})
	if err != nil {
		return nil, err
	}
	return &Replica{m: m}, nil
}

// Seq is the number of moves applied.
func (r *Replica) Seq() int { return r.m.seq }

// Catch applies the moves of the record beyond those applied: moves is the whole record so far
// (a stored record only grows).
func (r *Replica) Catch(moves []engine.Move) error {
	m := r.m
	for _, mv := range moves[min(m.seq, len(moves)):] {
		next := m.state.Clone()
		if err := next.Apply(mv.Action); err != nil {
			return fmt.Errorf("replica: move %d: %w", m.seq+1, err)
		}
		m.narrate(m.logs, m.state, mv.Action)
		m.state = next
		m.seq++
		if mv.Seat >= 0 && int(mv.Seat) < m.n {
			m.played[mv.Seat]++
		}
		m.track()
	}
	return nil
}

// View returns seat's view now.
func (r *Replica) View(seat engine.Seat) Update { return r.m.update(seat) }
