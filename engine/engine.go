// Package engine is the contract every deuce game implements.
//
// One match of a game, including its whole tennis score, is one State. A driver (the
// simulator, the live match runner, a bot's search) asks the state who must act, lists the
// legal actions, and applies one. Randomness never lives inside a game: shuffles, draws and dice
// are chance nodes whose weighted outcomes the game lists and the driver samples with its own
// seeded source, so the same seed always gives the same match and a recorded list of actions
// replays it exactly.
//
// The package uses the standard library only.
package engine

import (
	"errors"
	"fmt"
	"math/rand/v2"
)

// Seat names a participant: 0 to NumSeats()-1, or one of the special values below.
type Seat int

const (
	// Chance is the seat to move at a chance node: the driver samples one of Chances.
	Chance Seat = -1
	// Nobody is the seat to move once the match is over.
	Nobody Seat = -2
	// Spectator observes only public information.
	Spectator Seat = -3
)

// String returns "seat N" (counting from 1, as people do) or the special seat's name.
func (s Seat) String() string {
	switch s {
	case Chance:
		return "chance"
	case Nobody:
		return "nobody"
	case Spectator:
		return "spectator"
	}
	return fmt.Sprintf("seat %d", int(s)+1)
}

// Action is one atomic decision (or one chance outcome), a small integer that only its game
// interprets. Games break composite decisions into steps (pick this card, then confirm), so that
// legal lists stay short and every step is easy to show.
type Action int32

// ChanceOutcome is one outcome of a chance node and its relative weight. Weights are positive
// integers (a deck holding three 5s gives the outcome "5" weight 3), so probabilities are exact.
type ChanceOutcome struct {
	Action Action
	Weight int
}

// ErrIllegal matches, with errors.Is, every error returned for an action that may not be played.
var ErrIllegal = errors.New("illegal action")

// IllegalError explains why an action was refused, in words a player can act on.
type IllegalError struct {
	Action Action
	Text   string // the action in the game's notation, when it has one
	Reason string
}

func (e *IllegalError) Error() string {
	if e.Text != "" {
		return fmt.Sprintf("illegal action %s: %s", e.Text, e.Reason)
	}
	return fmt.Sprintf("illegal action %d: %s", e.Action, e.Reason)
}

// Is reports that every IllegalError is an ErrIllegal.
func (e *IllegalError) Is(target error) bool { return target == ErrIllegal }

// Illegal returns an IllegalError for a with a formatted reason.
func Illegal(a Action, text, format string, args ...any) error {
	return &IllegalError{Action: a, Text: text, Reason: fmt.Sprintf(format, args...)}
}

// State is one match of one game in progress.
//
// Callers may assume:
//   - ToMove returns a seat in [0, NumSeats()), Chance, or Nobody once the match is over.
//   - Legal lists, in strictly ascending order, every action the seat to move may take; at a
//     chance node it lists the outcomes of Chances in the same order. It is empty only when the
//     match is over. The buffer is reused when large enough.
//   - Apply of a listed action succeeds. Apply of anything else returns an error matching
//     ErrIllegal and leaves the state exactly as it was.
//   - Clone returns a deep copy: applying actions to one never changes the other.
//   - Reading methods (everything but Apply) never write to the state, so clones may be read and
//     searched by many goroutines at once.
//
// Implementations must not:
//   - own a random source or read the clock;
//   - panic on any input a client can send (an action number, a notation string, a seat);
//   - show a seat, through Observe, anything another seat holds in secret.
type State interface {
	// NumSeats is the number of seats in the match, fixed at creation.
	NumSeats() int
	// ToMove is the seat that must act, Chance, or Nobody when the match is over.
	ToMove() Seat
	// Legal appends the legal actions in ascending order to buf[:0] and returns it.
	Legal(buf []Action) []Action
	// Chances appends the weighted outcomes of the current chance node to buf[:0], in ascending
	// order of action. It returns buf[:0] when ToMove is not Chance.
	Chances(buf []ChanceOutcome) []ChanceOutcome
	// Apply plays a for the seat to move (or, at a chance node, applies the outcome).
	Apply(a Action) error
	// ActionString renders a in the game's text notation, in the current state.
	ActionString(a Action) string
	// ParseAction reads the game's notation (case-insensitive, surrounding space ignored) in the
	// current state. It returns an ErrIllegal error for text that names no legal action.
	ParseAction(s string) (Action, error)
	// Observe returns exactly what seat may know; Spectator gets the public information only.
	Observe(seat Seat) Observation
	// Clone returns an independent deep copy.
	Clone() State
	// Result reports the returns and score; Returns is nil until the match is over.
	Result() Result
}

// Observation is what one seat may know of a match. It encodes to JSON for front ends and has a
// text form for the terminal. Two observations are the same information exactly when their JSON
// encodings are equal.
type Observation interface {
	fmt.Stringer
}

// Result is the standing of a match, final once ToMove is Nobody.
type Result struct {
	// Over reports that the match has ended.
	Over bool `json:"over"`
	// Returns holds each seat's payoff once the match is over (zero-sum games: +1 winner, -1
	// loser, 0 each for a draw), nil before.
	Returns []float64 `json:"returns,omitempty"`
	// Winner is the winning seat (in team games, the first seat of the winning team), or Nobody
	// for a draw or an unfinished match.
	Winner Seat `json:"winner"`
	// Score is the score for people, in tennis notation where the game keeps one.
	Score string `json:"score"`
}

// Determinizer is implemented by games with hidden information.
type Determinizer interface {
	// Determinize returns a full state that seat cannot tell apart from the receiver, with every
	// hidden detail sampled from what seat has seen. The result must depend only on seat's
	// observation and rng: two states with equal observations give equal results for equal rng
	// streams. The receiver is not changed.
	Determinize(seat Seat, rng *rand.Rand) State
}

// Determinize returns a state consistent with seat's view of s: s's own Determinize when the
// game hides anything, a clone otherwise.
func Determinize(s State, seat Seat, rng *rand.Rand) State {
	if d, ok := s.(Determinizer); ok {
		return d.Determinize(seat, rng)
	}
	return s.Clone()
}

// Simultaneous is implemented by games in which several seats sometimes decide at the same
// time. Such decisions are played as consecutive hidden decisions: ToMove names one seat after
// another, and no seat observes a choice that is still secret. Pending lets a live runner accept
// the secret choices in any order.
type Simultaneous interface {
	// Pending lists the seats that still owe a secret choice in the current simultaneous step,
	// ToMove first; it is empty when the current decision is not simultaneous.
	Pending() []Seat
}

// SampleChance picks one outcome of a chance node, with probability proportional to weight. It
// panics if outcomes is empty or holds a weight below 1: games never list those.
func SampleChance(rng *rand.Rand, outcomes []ChanceOutcome) Action {
	total := 0
	for _, o := range outcomes {
		if o.Weight < 1 {
			panic(fmt.Sprintf("engine: chance outcome %d has weight %d", o.Action, o.Weight))
		}
		total += o.Weight
	}
	if total == 0 {
		panic("engine: chance node with no outcomes")
	}
	r := rng.IntN(total)
	if total == len(outcomes) {
		return outcomes[r].Action // every weight is 1: the r-th outcome, as the walk below finds
	}
	for _, o := range outcomes {
		if r < o.Weight {
			return o.Action
		}
		r -= o.Weight
	}
	panic("unreachable")
}

// Narrator is implemented by games that hide anything about an action from some seat (a card
// drawn into another hand, a secret bid). A log of the match shown to a seat is written with
// Narrate, so it never tells more than the seat's observation will.
type Narrator interface {
	// Narrate describes action a, about to be applied to the receiver, as seat may learn of it,
	// in words: "you draw a 5", "player 2 draws a card". It must give the same text for two
	// actions after which seat's observations are equal.
	Narrate(a Action, seat Seat) string
}

// Narrate describes a, about to be applied to s, for seat: the game's own Narrate when it has
// one, otherwise the mover's name and the action's notation.
func Narrate(s State, a Action, seat Seat) string {
	if n, ok := s.(Narrator); ok {
		return n.Narrate(a, seat)
	}
	if to := s.ToMove(); to != Chance {
		return fmt.Sprintf("%v: %s", PlayerName(to, seat), s.ActionString(a))
	}
	return s.ActionString(a)
}

// PlayerName names who for viewer: "you", or "player N".
func PlayerName(who, viewer Seat) string {
	if who == viewer {
		return "you"
	}
	if who < 0 {
		return who.String()
	}
	return fmt.Sprintf("player %d", int(who)+1)
}
