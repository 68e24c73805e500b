package alakaslam

import (
	"encoding/binary"

	"deuce/engine"
)

var _ engine.Keyer = (*State)(nil)

// AppendKey appends a byte string that identifies Observe(seat) to buf: the fields Observe
// shows, in its order, as small integers and card counts, without building the observation.
// Fields Observe derives (a player's team, the text of what the seat to move is doing, the notes
// on its moves and the reasons on the cards it may not pick) are written as what they derive
// from, where that is shown too: the phase, the spaces, the moves left, the Enchantments on the
// players, the hand sizes and the seat's own hand.
func (s *State) AppendKey(buf []byte, seat engine.Seat) []byte {
	if seat < 0 || seat >= engine.Seat(s.nseats) {
		seat = engine.Spectator
	}
	buf = append(buf, byte(seat+3), byte(s.format), byte(s.cols), byte(len(s.deckName)))
	buf = append(buf, s.deckName...)
	buf = binary.AppendUvarint(buf, uint64(s.score.Format().Points))
	buf = s.score.AppendKey(buf)
	buf = append(buf, byte(s.phase), byte(s.ToMove()+3), byte(s.stage), byte(s.server), keyFlag(s.serving),
		byte(s.serveCol), byte(s.striking), byte(s.hitter), byte(s.support), byte(s.ball.r), byte(s.ball.c),
		keyFlag(s.free), keyFlag(s.planning), byte(s.discarded), keyFlag(s.needCall), byte(s.called), byte(s.revealed),
		byte(s.nextServe[0]), byte(s.nextServe[1]), byte(s.nextReceive[0]), byte(s.nextReceive[1]))
	if s.phase == phDiscardDown {
		buf = append(buf, byte(s.handTarget(s.cur)))
	}
	buf = append(buf, byte(s.deck.total()))
	buf = appendCounts(buf, &s.discard)
	buf = appendCounts(buf, &s.table)
	buf = binary.AppendUvarint(buf, uint64(s.reshuffles))
	if s.phase == phDraw || s.phase == phLaurieDraw {
		buf = append(buf, byte(s.cur), byte(s.left))
		if s.phase == phDraw {
			buf = append(buf, byte(s.cont))
			if s.cont == contReturn {
				buf = append(buf, byte(s.retCur), byte(s.retPhase))
			}
		}
	}
	for _, e := range s.ench {
		if e.seat >= 0 {
			buf = append(buf, byte(e.seat), byte(e.value), keyFlag(e.lock))
		}
	}
	buf = append(buf, 0xff)
	for x := range s.nseats {
		mode := byte(0)
		switch s.charOpt[x] {
		case charChoose:
			mode = 1
		case charRandom:
			mode = 2
		}
		at := s.where(x)
		buf = append(buf, mode, byte(at.r), byte(at.c), byte(s.hands[x].total()), byte(s.npicks[x]), byte(s.undone[x]),
			byte(s.req[x]), keyFlag(s.lock[x]), byte(s.earned[x]), keyFlag(s.moved[x]), keyFlag(s.before[x]), byte(s.chars[x]),
			byte(s.ability[x]), s.used[x]&7)
		if s.chars[x] >= 0 {
			buf = append(buf, byte(s.handTarget(x)))
		}
		if s.npicks[x] > 0 && s.seesPicks(x, seat) {
			buf = appendPicks(buf, s.picks[x][:s.npicks[x]])
		}
		laurie := 0
		if s.lSeat == x {
			laurie = s.laurie.total()
		}
		buf = append(buf, byte(laurie))
	}
	if seat != engine.Spectator {
		buf = appendCounts(buf, &s.hands[seat])
		drawn := &counts{}
		if s.lSeat == int8(seat) {
			drawn = &s.laurie
		}
		buf = appendCounts(buf, drawn)
	}
	if s.phase == phPick && s.cur == s.hitter && s.npicks[s.cur] > 0 && s.seesPicks(s.cur, seat) {
		to, how := s.landing(s.picks[s.cur][:s.npicks[s.cur]])
		buf = append(buf, 1, byte(to.r), byte(to.c), byte(how))
	} else {
		buf = append(buf, 0)
	}
	if sh := &s.lastShot; sh.number > 0 {
		buf = binary.AppendUvarint(buf, uint64(sh.number))
		buf = append(buf, byte(sh.team), keyFlag(sh.serve), byte(sh.from.r), byte(sh.from.c), byte(sh.mid.r),
			byte(sh.mid.c), byte(sh.to.r), byte(sh.to.c), byte(sh.how))
		for i, x := range sh.seats {
			if x >= 0 {
				buf = append(buf, byte(x), keyFlag(sh.laurie[i]))
				buf = appendPicks(buf, sh.cards[i][:sh.n[i]])
			}
		}
	}
	buf = append(buf, 0xff)
	if lp := s.lastPoint; lp.how != howNone {
		buf = append(buf, byte(lp.winner), byte(lp.how))
		buf = binary.AppendUvarint(buf, uint64(lp.number))
	}
	return buf
}

func appendCounts(buf []byte, c *counts) []byte {
	for _, n := range c {
		buf = append(buf, byte(n))
	}
	return buf
}

// appendPicks writes the cards of a hit, led by their number.
func appendPicks(buf []byte, p []pick) []byte {
	buf = append(buf, byte(len(p)))
	for _, x := range p {
		buf = append(buf, byte(x.k), keyFlag(x.straight))
	}
	return buf
}

func keyFlag(v bool) byte {
	if v {
		return 1
	}
	return 0
}
