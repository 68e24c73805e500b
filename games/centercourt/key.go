package centercourt

import (
	"encoding/binary"

	"deuce/engine"
)

var _ engine.Keyer = (*State)(nil)

// AppendKey appends a byte string that identifies Observe(seat) to buf: the fields Observe
// shows, in its order, as small integers, without building the observation.
func (s *State) AppendKey(buf []byte, seat engine.Seat) []byte {
	if seat != 0 && seat != 1 {
		seat = engine.Spectator
	}
	buf = append(buf, byte(seat+3))
	buf = s.score.AppendKey(buf)
	buf = binary.AppendUvarint(buf, uint64(s.score.PointsPlayed()))
	f := s.score.Format()
	buf = append(buf, byte(f.Kind), byte(f.BestOf), keyFlag(s.serverRefill),
		byte(s.server), byte(s.ToMove()+3), byte(s.phase), keyFlag(s.second))
	switch s.phase {
	case phaseDraw:
		buf = append(buf, byte(s.drawer), byte(s.next), byte(s.striker))
	case phaseServe, phaseReturn:
		buf = append(buf, byte(s.striker))
	}
	buf = append(buf, byte(s.volley), byte(s.serve), byte(s.hands[0].total()), byte(s.hands[1].total()),
		byte(s.draw.total()))
	buf = binary.AppendUvarint(buf, uint64(s.reshuffles))
	for w := 1; w <= numValues; w++ {
		buf = append(buf, byte(s.discard[w]), byte(s.table[w]))
	}
	if seat != engine.Spectator {
		for w := 1; w <= numValues; w++ {
			buf = append(buf, byte(s.hands[seat][w]))
		}
	}
	if p := s.lastPlay; p.count > 0 {
		buf = append(buf, 1, byte(p.seat), keyFlag(p.serve), keyFlag(p.second), byte(p.value), byte(p.count))
	} else {
		buf = append(buf, 0)
	}
	if r := s.lastRoll; r.face > 0 {
		buf = append(buf, 1, byte(r.seat), byte(r.serve), byte(r.face), keyFlag(r.fault))
	} else {
		buf = append(buf, 0)
	}
	if p := s.lastPoint; p.how != endNone {
		buf = append(buf, 1, byte(p.winner), keyFlag(p.how == endDoubleFault), byte(p.volley))
		buf = binary.AppendUvarint(buf, uint64(p.number))
	} else {
		buf = append(buf, 0)
	}
	return buf
}

func keyFlag(v bool) byte {
	if v {
		return 1
	}
	return 0
}
