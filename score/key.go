package score

import "encoding/binary"

// AppendKey appends to b a byte string that identifies the match's View, and returns the
// extended buffer: two matches of the same format have equal keys exactly when their Views are
// equal. Games use it to key what a seat knows (engine.Keyer) without building the View.
func (m Match) AppendKey(b []byte) []byte {
	over := m.winner != 0
	b = append(b, byte(m.winner), boolByte(m.ChangeEnds()), boolByte(m.InTiebreak()))
	if m.format.Kind == BestOfSets {
		b = append(b, byte(m.set))
		for _, s := range m.sets[:m.set+1] {
			b = binary.AppendUvarint(b, uint64(s.Games[0]))
			b = binary.AppendUvarint(b, uint64(s.Games[1]))
			b = append(b, boolByte(s.Tiebreak))
			b = binary.AppendUvarint(b, uint64(s.TiebreakPoints[0]))
			b = binary.AppendUvarint(b, uint64(s.TiebreakPoints[1]))
		}
		b = append(b, byte(m.setsWon[0]), byte(m.setsWon[1]))
	}
	if !over || m.format.Kind != BestOfSets {
		p := m.PointsInGame()
		b = binary.AppendUvarint(b, uint64(p[0]))
		b = binary.AppendUvarint(b, uint64(p[1]))
	}
	if !over {
		b = append(b, byte(m.Server()))
	}
	return b
}

func boolByte(v bool) byte {
	if v {
		return 1
	}
	return 0
}
