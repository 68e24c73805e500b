package match

import (
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
}

func (m *Match) progress() Progress {
	held := slices.Sorted(maps.Keys(m.held))
	return Progress{Seq: m.seq, Played: slices.Clone(m.played), Held: held, Ended: m.ended}
}

// Follow applies p to u, a seat's view rebuilt from the stored record of the same number of
// moves (View): its count of moves, and no choice to make for a seat whose secret choice is in.
func Follow(u Update, p Progress) Update {
	if p.Seq != u.Seq || u.Seat < 0 || int(u.Seat) >= len(p.Played) {
		return u
	}
	u.Played = p.Played[u.Seat]
	if slices.Contains(p.Held, u.Seat) {
		u.Pending = slices.DeleteFunc(slices.Clone(u.Pending), func(x engine.Seat) bool { return x == u.Seat })
		u.Legal = nil
	}
	return u
}
