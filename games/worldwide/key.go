package worldwide

import (
	"encoding/binary"

	"deuce/engine"
)

var _ engine.Keyer = (*State)(nil)

// AppendKey appends a byte string that identifies Observe(seat) to buf: the fields Observe
// shows, as small integers and card sets, without building the observation. What Observe
// derives (card descriptions, the prompt, the odds of the seat to move, the serve cards) is a
// function of what is written here: the options, the positions, the cards answered and
// validated, the effects, the automaton's penalty and the observer's hand.
func (s *State) AppendKey(buf []byte, seat engine.Seat) []byte {
	return s.appendKey(buf, seat, false)
}

var _ engine.Abstracter = (*State)(nil)

// AppendAbstractKey is AppendKey without what is past and settled (engine.Abstracter): the
// faces the d20 showed and what they needed in the point's log (a roll's outcome is played:
// the point goes on or ends, the Winner's difficulty follows from the validated total), the
// last point's log and how it ended, and the match's tallies of points and games won and
// served, which only describe the match. Nothing left out decides a move or a roll to come.
func (s *State) AppendAbstractKey(buf []byte, seat engine.Seat) []byte {
	return s.appendKey(buf, seat, true)
}

// appendKey writes AppendKey's key, or AppendAbstractKey's where abstract is set.
func (s *State) appendKey(buf []byte, seat engine.Seat, abstract bool) []byte {
	if seat < 0 || int(seat) >= s.NumSeats() {
		seat = engine.Spectator
	}
	c := &s.cfg
	buf = append(buf, byte(seat+3), keyFlag(c.solo), keyFlag(c.match), byte(c.bestOf), byte(c.surface),
		keyFlag(c.advanced), keyFlag(c.starGains), keyFlag(c.challenges), keyFlag(c.rallyOnly), keyFlag(c.secondAny),
		keyFlag(c.playerCards))
	buf = s.score.AppendKey(buf)
	buf = binary.AppendUvarint(buf, uint64(s.score.PointsPlayed()))
	actor := s.actor
	if s.phase == phOver {
		actor = -1
	}
	buf = append(buf, byte(s.server), byte(s.ToMove()+3), byte(actor), byte(s.phase), byte(s.serveDir),
		keyFlag(s.second), byte(s.faulted), byte(s.lastBy), byte(s.d6), byte(s.bet), byte(s.need), keyFlag(s.ends))
	switch s.phase {
	case phMove:
		buf = append(buf, byte(s.dest), keyFlag(s.sides[s.actor].retreat))
	case phPosDiscard:
		buf = append(buf, byte(s.posMove))
	case phAutoDraw:
		buf = append(buf, byte(s.auto.pile))
	case phTrim:
		buf = append(buf, byte(s.sides[s.actor].limit))
	}
	side, z := s.ballAt()
	buf = append(buf, byte(side))
	if side >= 0 {
		buf = append(buf, byte(z))
	}
	buf = append(buf, byte(s.last))
	if s.card != 0 && s.phase != phOver {
		buf = append(buf, byte(s.card))
		if s.phase == phServeStars || s.phase == phServeRoll || s.phase == phAutoSpin {
			buf = append(buf, byte(s.spin))
		}
	} else {
		buf = append(buf, 0)
	}
	for i := range s.sides {
		sd := &s.sides[i]
		played := sd.played
		if c.solo && i == 1 {
			played = s.auto.played
		}
		buf = append(buf, byte(sd.pos), byte(sd.stars), byte(sd.starCap), byte(sd.challenges),
			byte(sd.hand.count()), byte(sd.limit), byte(sd.deck.count()), byte(sd.reshuffles),
			keyFlag(c.advanced && sd.topspin), keyFlag(s.sliceOn(int8(i))), keyFlag(sd.noRush), keyFlag(sd.nszl),
			byte(sd.pcard))
		buf = binary.AppendVarint(buf, int64(sd.validated))
		buf = appendSets(buf, sd.discard, played, sd.known, sd.removed)
		if sd.reshuffles > 0 {
			buf = appendSets(buf, sd.origin)
		}
	}
	if seat >= 0 {
		buf = appendSets(buf, s.sides[seat].hand)
	}
	// The abstract key shows the point's log without the faces the d20 showed and what they
	// needed, and nothing of the last point or the match's tallies (AppendAbstractKey).
	buf = appendShots(buf, s.rally[:s.nRally], abstract)
	if !abstract {
		buf = appendShots(buf, s.lastRally[:s.nLast], false)
		if p := s.lastPoint; p.how != howNone {
			buf = append(buf, byte(p.winner), byte(p.how))
			buf = binary.AppendUvarint(buf, uint64(p.number))
		} else {
			buf = append(buf, 0)
		}
	}
	if c.solo {
		buf = append(buf, byte(s.auto.smash), byte(s.auto.penalty))
		buf = appendSets(buf, s.auto.discard)
		for p := range numPiles {
			buf = append(buf, byte((s.auto.piles & data.piles[p]).count()))
		}
	}
	if !abstract {
		for i := range 2 {
			for _, v := range [...]int16{s.gamesHeld[i], s.gamesServed[i], s.pointsWon[i], s.pointsServed[i]} {
				buf = binary.AppendUvarint(buf, uint64(v))
			}
		}
	}
	return buf
}

func appendSets(buf []byte, sets ...cardSet) []byte {
	for _, c := range sets {
		buf = binary.LittleEndian.AppendUint64(buf, uint64(c))
	}
	return buf
}

// appendShots writes a rally's log, led by its length: every field of an entry, or, faceless,
// all but the d20's face and what it needed.
func appendShots(buf []byte, log []shot, faceless bool) []byte {
	buf = append(buf, byte(len(log)))
	for _, e := range log {
		if faceless {
			e.set(fNeed, 0)
			e.set(fRoll, 0)
		}
		buf = binary.LittleEndian.AppendUint64(buf, uint64(e))
	}
	return buf
}

func keyFlag(v bool) byte {
	if v {
		return 1
	}
	return 0
}
