package engine

import "encoding/json"

// Keyer is implemented by states that can identify an observation without building it. A search
// bot keys its tree by what the seat to move knows; Observe and its JSON encoding say exactly
// that, but cost an allocation per field, thousands of times a move. AppendKey says it in a few
// bytes.
type Keyer interface {
	// AppendKey appends to buf a byte string that identifies Observe(seat) and returns the
	// extended buffer: two observations of the same match are equal exactly when their keys
	// are. Any seat that Observe treats as a spectator gets the spectator's key. AppendKey is a
	// reading method, and allocates nothing beyond growing buf.
	AppendKey(buf []byte, seat Seat) []byte
}

// AppendKey appends the key of seat's observation of s to buf: the game's own AppendKey when it
// has one, otherwise the JSON encoding of Observe (its text form if it does not encode).
func AppendKey(buf []byte, s State, seat Seat) []byte {
	if k, ok := s.(Keyer); ok {
		return k.AppendKey(buf, seat)
	}
	o := s.Observe(seat)
	b, err := json.Marshal(o)
	if err != nil {
		return append(buf, o.String()...)
	}
	return append(buf, b...)
}

// Abstracter is implemented by states that can say what a seat knows that bears on the match's
// future, a coarser key than AppendKey's: a search that keys its nodes by it lets positions
// that differ only in what is past and settled (the face a die showed, once its outcome is
// played) share their statistics. Equal AppendKey keys give equal abstract keys; states with
// equal abstract keys for the seat to move offer it the same moves.
type Abstracter interface {
	// AppendAbstractKey appends the abstract key of seat's observation to buf, as AppendKey
	// appends its key.
	AppendAbstractKey(buf []byte, seat Seat) []byte
}

// AppendAbstractKey appends the abstract key of seat's observation of s to buf: the game's own
// (Abstracter), or its key (AppendKey) where it has none.
func AppendAbstractKey(buf []byte, s State, seat Seat) []byte {
	if k, ok := s.(Abstracter); ok {
		return k.AppendAbstractKey(buf, seat)
	}
	return AppendKey(buf, s, seat)
}
