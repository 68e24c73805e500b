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
