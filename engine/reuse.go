package engine

import "math/rand/v2"

// DeterminizerInto is implemented by games whose determinizations can reuse the storage of a
// state the caller has finished with, so that a search or a bot that determinizes at every
// step allocates nothing.
type DeterminizerInto interface {
	// DeterminizeInto is Determinize (or Clone, for a game that hides nothing) written over
	// dst and returned. A dst that is nil, the receiver itself, or a state of another game is
	// left alone, and a new state returned. The result is exactly the state Determinize would
	// return for the same rng stream.
	DeterminizeInto(dst State, seat Seat, rng *rand.Rand) State
}

// DeterminizeInto is Determinize reusing dst where s's game allows it; dst must be a state the
// caller no longer needs (nil for none).
func DeterminizeInto(dst, s State, seat Seat, rng *rand.Rand) State {
	if d, ok := s.(DeterminizerInto); ok {
		return d.DeterminizeInto(dst, seat, rng)
	}
	return Determinize(s, seat, rng)
}

// Returner is implemented by states that can report a finished match's returns without
// building the whole Result (its score text and its slice), for searches that finish millions
// of playouts.
type Returner interface {
	// AppendReturns appends Result().Returns to buf[:0] and returns it: nothing before the
	// end of the match.
	AppendReturns(buf []float64) []float64
}

// AppendReturns appends s's returns to buf[:0]: s's own AppendReturns, or Result's.
func AppendReturns(buf []float64, s State) []float64 {
	if r, ok := s.(Returner); ok {
		return r.AppendReturns(buf)
	}
	return append(buf[:0], s.Result().Returns...)
}

// Lister is implemented by games that can play an action their own legal list (or chance
// outcomes) just gave without checking it again. Apply checks every action, as it must for
// anything a client sends; a search or a simulation that takes the action from the list it was
// given pays for that check at every step for nothing.
type Lister interface {
	// ApplyListed plays a, which Legal (or Chances) of the receiver in its current state
	// listed, exactly as Apply would. For any other action its effect is undefined: the state
	// may break. Use Apply for anything that does not come from the list.
	ApplyListed(a Action)
}

// ApplyListed plays a, taken from s's own legal list or chance outcomes: s's ApplyListed, or
// Apply.
func ApplyListed(s State, a Action) error {
	if l, ok := s.(Lister); ok {
		l.ApplyListed(a)
		return nil
	}
	return s.Apply(a)
}

// Inferrer is implemented by games whose public play shows something of the cards a seat
// cannot see: a player who could not return a ball did not hold the cards that return it.
// Determinize deals what is unseen uniformly, as a seat that remembers nothing would; an
// inferred determinization deals it by what every seat has seen played, so that a search can
// use what the table shows. Both are fair: neither reads a card the seat may not know.
type Inferrer interface {
	// DeterminizeInferred is DeterminizeInto, with the unseen cards dealt among the deals the
	// public play allows, each as likely as under a uniform deal conditioned on that play (the
	// game's docs say where its deal only comes near that). The result depends only on seat's
	// observation, the public play and rng; dst is reused as DeterminizeInto reuses it.
	DeterminizeInferred(dst State, seat Seat, rng *rand.Rand) State
}

// Pruner is implemented by games whose legal actions include some a search never needs below
// its root: an action that only undoes an earlier choice of the same player (AlakaSLAM's take
// back) leads to a position the search reaches more directly by choosing otherwise in the
// first place, and its edges would take a share of the visits for nothing.
type Pruner interface {
	// Prune returns legal without the actions a search may skip in the receiver's state,
	// reusing legal's array. It keeps at least one action of a list that has one, and reads
	// nothing the player to move cannot see.
	Prune(legal []Action) []Action
}

// DeterminizeInferred is s's inferred determinization for seat (Inferrer), reusing dst, or
// DeterminizeInto where the game infers nothing.
func DeterminizeInferred(dst, s State, seat Seat, rng *rand.Rand) State {
	if d, ok := s.(Inferrer); ok {
		return d.DeterminizeInferred(dst, seat, rng)
	}
	return DeterminizeInto(dst, s, seat, rng)
}
