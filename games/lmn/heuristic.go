package lmn

import (
	"math/rand/v2"

	"deuce/engine"
)

// Heuristic is a cheap, casual policy for the seat to move in s, a state already determinized
// for that seat (it reads the other hands as sampled).
//
// It lays out and keeps a preparation area that, with the hand, lets it cover as many zones as
// possible under the one-card-from-the-hand rule (two covers of a zone, for a safe return, and
// two cards aimed at one zone, for a special shot, count too), moving cards towards that layout
// one at a time. Serving and returning, it weighs every complete shot it can make: a shot the
// sampled opponent cannot return wins at once; otherwise it aims where the opponent holds few
// covers, likes special shots, dislikes being off balance, and keeps a good layout for the cards
// left. It passes (doubles) or concedes only when it cannot return. At a chance node it returns
// the first outcome.
func Heuristic(st engine.State, rng *rand.Rand) engine.Action {
	s, ok := st.(*State)
	if !ok {
		var buf [64]engine.Action
		legal := st.Legal(buf[:0])
		if len(legal) == 0 {
			return Concede
		}
		return legal[rng.IntN(len(legal))]
	}
	switch s.phase {
	case phaseSetup, phaseManage:
		return s.heuristicLayout()
	case phaseServe:
		return s.heuristicServe()
	case phaseShot:
		return s.heuristicShot()
	}
	var buf [32]engine.Action
	if legal := s.Legal(buf[:0]); len(legal) > 0 {
		return legal[0]
	}
	return Concede
}

// layoutScore rates a preparation area prep with the hand hand: the zones the player can
// return from, then those he can return safely from a special shot, then whether he can play
// a special shot; a little for every card kept in the hand, where the opponent cannot see it.
func layoutScore(prep, hand cards) int {
	total := (prep | hand).count()
	sc := 0
	for z := range Zone(numZones) {
		cover := deck.covers[z]
		pc, hc := prep&cover != 0, hand&cover != 0
		if (pc && total >= 2) || (hc && prep != 0) {
			sc += 10
		}
		if pc && hc && prep.count() >= 2 {
			sc += 3
		}
	}
	for z := range Zone(numZones) {
		aims := deck.aims[z]
		if (prep&aims).count() >= 2 || (prep&aims != 0 && hand&aims != 0) {
			sc += 2
			break
		}
	}
	return sc + hand.count()
}

// heuristicLayout moves one card towards the best layout the cards allow this turn, or ends.
func (s *State) heuristicLayout() engine.Action {
	p := &s.p[s.mover]
	held := p.held()
	stayPrep, stayHand := p.prep&s.moved, p.hand&s.moved
	best, bestScore, bestMoves := p.prep, -1, 0
	for sub := held; ; sub = (sub - 1) & held {
		if sub&stayPrep == stayPrep && sub&stayHand == 0 && disjoint(sub) {
			sc := layoutScore(sub, held&^sub)
			moves := (sub ^ p.prep).count()
			if sc > bestScore || (sc == bestScore && moves < bestMoves) {
				best, bestScore, bestMoves = sub, sc, moves
			}
		}
		if sub == 0 {
			break
		}
	}
	if out := p.prep &^ best; out != 0 {
		return Take(out.first())
	}
	if in := best &^ p.prep; in != 0 {
		return Prep(in.first())
	}
	return Done
}

// disjoint reports whether no two cards of m cover a common zone.
func disjoint(m cards) bool {
	var seen zones
	for ; m != 0; m &= m - 1 {
		d := deck.Cards[m.first()].Defence
		if seen&d != 0 {
			return false
		}
		seen |= d
	}
	return true
}

// receiverOf returns the seat that will return a ball sent by the mover.
func (s *State) receiverOf() *player { return &s.p[s.after(s.mover)] }

// threat rates sending the ball to zone z, special or not, against receiver r: a ball r cannot
// return wins the point; otherwise fewer covers are better, and a special shot r cannot
// return safely puts him off balance.
func (s *State) threat(z Zone, special bool) int {
	r := s.receiverOf()
	if !canReturn(r, z) && !s.partnerCanReturn(z) {
		return 1000
	}
	cover := r.held() & deck.covers[z]
	v := -8 * cover.count()
	if special {
		v += 6
		if !(r.hand&cover != 0 && r.prep&cover != 0 && r.prep.count() >= 2) {
			v += 10
		}
	}
	return v
}

// partnerCanReturn reports whether, in doubles, the receiver can pass a ball in z to a partner
// who can return it.
func (s *State) partnerCanReturn(z Zone) bool {
	if s.n != 4 {
		return false
	}
	r := s.after(s.mover)
	return s.p[r].prep != 0 && canReturn(&s.p[s.partner(r)], z)
}

func (s *State) heuristicServe() engine.Action {
	p := &s.p[s.mover]
	best, bestScore := 0, 0
	for m := p.held(); m != 0; m &= m - 1 {
		c := m.first()
		sc := 4*s.threat(deck.Cards[c].Shot, false) + layoutScore(p.prep&^bit(c), p.hand&^bit(c))
		if best == 0 || sc > bestScore {
			best, bestScore = c, sc
		}
	}
	return Serve(best)
}

func (s *State) heuristicShot() engine.Action {
	p := &s.p[s.mover]
	held := p.held()
	cover := held & deck.covers[s.ball]
	var bestDef, bestAim cards
	bestScore := 0
	for d := cover; d != 0; d = (d - 1) & cover {
		if d&s.def != s.def || (s.aim != 0 && d != s.def) || d.count() > s.maxDefence() || (d&p.hand).count() > 1 {
			continue
		}
		rest := held &^ d
		for a := rest; a != 0; a = (a - 1) & rest {
			if a&s.aim != s.aim || a.count() > 2 || ((d|a)&p.hand).count() > 1 {
				continue
			}
			z := deck.Cards[a.first()].Shot
			if a.count() == 2 && deck.Cards[a.nth(1)].Shot != z {
				continue
			}
			special := a.count() == 2
			sc := 4 * s.threat(z, special)
			if s.special && d.count() == 1 {
				sc -= 40 // off balance: a card short for the rest of the rally
			}
			sc += layoutScore(p.prep&^(d|a), p.hand&^(d|a))
			if bestDef == 0 || sc > bestScore {
				bestDef, bestAim, bestScore = d, a, sc
			}
		}
	}
	switch {
	case bestDef == 0:
		if s.canPass() {
			// Give up the preparation card whose loss leaves the best layout.
			best, bestScore := 0, 0
			for m := p.prep; m != 0; m &= m - 1 {
				c := m.first()
				if sc := layoutScore(p.prep&^bit(c), p.hand); best == 0 || sc > bestScore {
					best, bestScore = c, sc
				}
			}
			return Pass(best)
		}
		return Concede
	case bestDef != s.def:
		return Defend((bestDef &^ s.def).first())
	case bestAim != s.aim:
		return Aim((bestAim &^ s.aim).first())
	}
	return Hit
}
