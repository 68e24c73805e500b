package pencil

import (
	"encoding/binary"

	"deuce/engine"
)

var _ engine.Keyer = (*State)(nil)

// AppendKey appends a byte string that identifies Observe(seat) to buf: the settings, the bids
// of the completed rounds (from which the points, the ball and the result follow), the seats
// awaited and the observer's own pending bid.
func (s *State) AppendKey(buf []byte, seat engine.Seat) []byte {
	if seat != 0 && seat != 1 {
		seat = engine.Spectator
	}
	p := s.params
	jump := byte(0)
	if p.Jump {
		jump = 1
	}
	buf = append(buf, byte(seat+3), byte(p.Fields), byte(p.Scoring), jump, byte(s.toMove+3))
	buf = binary.AppendUvarint(buf, uint64(p.Points1))
	buf = binary.AppendUvarint(buf, uint64(p.Points2))
	buf = binary.AppendUvarint(buf, uint64(len(s.rounds)))
	for _, r := range s.rounds {
		buf = binary.AppendUvarint(buf, uint64(r[0]))
		buf = binary.AppendUvarint(buf, uint64(r[1]))
	}
	if seat == 0 && s.toMove == 1 {
		buf = binary.AppendUvarint(buf, uint64(s.pending))
	}
	return buf
}
