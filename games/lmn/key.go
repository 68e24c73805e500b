package lmn

import (
	"encoding/binary"

	"deuce/engine"
)

var _ engine.Keyer = (*State)(nil)

// AppendKey appends a byte string that identifies Observe(seat) to buf: the fields Observe
// shows, in its order, card sets as bit masks, without building the observation.
func (s *State) AppendKey(buf []byte, seat engine.Seat) []byte {
	if seat < 0 || int(seat) >= int(s.n) {
		seat = engine.Spectator
	}
	buf = append(buf, byte(seat+3), byte(s.n))
	buf = s.score.AppendKey(buf)
	buf = binary.AppendUvarint(buf, uint64(s.score.PointsPlayed()))
	mover := s.mover
	if s.phase == phaseOver {
		mover = -1
	}
	draws := 0
	switch s.phase {
	case phaseDeal, phaseDraw:
		draws = int(s.left)
	case phaseManage:
		draws = s.draws()
	}
	next := int8(-1)
	if s.phase == phaseManage || s.phase == phaseDraw {
		next = s.next
	}
	buf = append(buf, byte(s.score.Format().BestOf), byte(s.server), byte(s.ToMove()+3), byte(s.phase),
		byte(mover), byte(draws), byte(next), keyFlag(s.passed))
	buf = appendCards(buf, s.def)
	buf = appendCards(buf, s.aim)
	buf = appendCards(buf, s.moved)
	buf = binary.AppendUvarint(buf, uint64(s.shots))
	if s.ball >= 0 && s.phase != phaseOver {
		striker := s.mover
		if next >= 0 {
			striker = next
		}
		buf = append(buf, 1, byte(s.ball), byte(striker), keyFlag(s.special))
	} else {
		buf = append(buf, 0)
	}
	for i := range s.n {
		p := &s.p[i]
		buf = append(buf, byte(p.hand.count()), byte(p.reserve.count()), byte(p.short))
		buf = appendCards(buf, p.known)
		buf = appendCards(buf, p.prep)
		buf = appendCards(buf, p.court)
		buf = appendCards(buf, p.out)
		if engine.Seat(i) == seat {
			buf = appendCards(buf, p.hand)
		}
	}
	if l := s.last; l.kind != kindNone {
		buf = append(buf, byte(l.kind), byte(l.seat), byte(l.hand), byte(l.zone), byte(l.draws))
		buf = appendCards(buf, l.def)
		buf = appendCards(buf, l.aim)
	} else {
		buf = append(buf, 0)
	}
	if e := s.lastPoint; e.number > 0 {
		buf = binary.AppendUvarint(buf, uint64(e.number))
		buf = append(buf, byte(e.loser), byte(e.zone), keyFlag(e.placed), keyFlag(e.special))
	} else {
		buf = append(buf, 0)
	}
	return buf
}

func appendCards(buf []byte, m cards) []byte { return binary.LittleEndian.AppendUint32(buf, uint32(m)) }

func keyFlag(v bool) byte {
	if v {
		return 1
	}
	return 0
}
