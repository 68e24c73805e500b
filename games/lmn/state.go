package lmn

import (
	"deuce/engine"
	"deuce/score"
)

// Hand sizes at the start of a point: the server takes one card more, since the serve is
// played without drawing.
const (
	serverCards   = 6
	receiverCards = 5
)

// Actions. A card number c runs from 1 to DeckSize; each kind of action has its own hundred.
const (
	prepBase   engine.Action = 100  // prep c: move card c from the hand to the preparation area
	takeBase   engine.Action = 200  // take c: move card c from the preparation area to the hand
	serveBase  engine.Action = 300  // serve c: serve with card c
	defendBase engine.Action = 400  // defend c: cover the ball with card c's defence
	aimBase    engine.Action = 500  // aim c: place the shot with card c's shot placement
	passBase   engine.Action = 600  // pass c: (doubles) discard preparation card c, the partner plays
	Hit        engine.Action = 700  // play the cards chosen for the shot
	Done       engine.Action = 701  // end the preparation (setup) or the end-of-turn management
	Concede    engine.Action = 702  // lose the point: the only move of a player who cannot return
	drawBase   engine.Action = 1000 // draw c: card c comes from the reserve pile (chance)
)

// Prep is the action moving card c from the hand to the preparation area.
func Prep(c int) engine.Action { return prepBase + engine.Action(c) }

// Take is the action moving card c from the preparation area back to the hand.
func Take(c int) engine.Action { return takeBase + engine.Action(c) }

// Serve is the action serving card c.
func Serve(c int) engine.Action { return serveBase + engine.Action(c) }

// Defend is the action covering the ball with card c's defence.
func Defend(c int) engine.Action { return defendBase + engine.Action(c) }

// Aim is the action placing the shot with card c.
func Aim(c int) engine.Action { return aimBase + engine.Action(c) }

// Pass is the doubles action discarding preparation card c to let the partner return.
func Pass(c int) engine.Action { return passBase + engine.Action(c) }

// Draw is the chance outcome of card c coming from the reserve pile (dealt or drawn).
func Draw(c int) engine.Action { return drawBase + engine.Action(c) }

type phase uint8

const (
	phaseDeal   phase = iota // chance: the cards of a point are dealt, player by player
	phaseSetup               // players lay out preparation cards, receivers first
	phaseServe               // the server serves one card
	phaseManage              // the player who just played moves cards between hand and preparation
	phaseDraw                // chance: that player draws from his reserve pile
	phaseShot                // the striker returns the ball, card by card, or passes or concedes
	phaseOver                // the match is over
)

// player holds one seat's cards for the point in play. The six sets split the deck.
type player struct {
	hand    cards
	prep    cards // face up: the preparation area
	reserve cards // face down: the reserve pile, drawn in no order
	court   cards // played on the court this point
	out     cards // discarded by passing (doubles)
	// known are hand cards everybody saw go there: taken back from the preparation area.
	known cards
	// short counts the cards the hand has lost for the rest of the rally: one per off-balance
	// return and per pass.
	short int8
}

func (p *player) held() cards { return p.hand | p.prep }

// shot describes the last card play of the rally, for people.
type shot struct {
	seat     int8 // -1 before the first play of the match
	kind     shotKind
	def, aim cards // a pass keeps the discarded card in def
	hand     int8  // the card played from the hand, 0 if none
	zone     Zone  // where the ball went
	draws    int8  // cards the player is owed
}

type shotKind uint8

const (
	kindNone shotKind = iota
	kindServe
	kindRegular     // 1 defence, 1 placement
	kindSpecial     // 1 defence, 2 placements
	kindSafeReturn  // 2 defences, 1 placement, against a special shot
	kindOffReturn   // 1 defence, 1 placement, against a special shot
	kindSafeCounter // 2 defences, 2 placements, against a special shot
	kindOffCounter  // 1 defence, 2 placements, against a special shot
	kindPass        // doubles: a preparation card discarded, the partner plays
	numKinds
)

var kindNames = [numKinds]string{"", "serve", "regular shot", "special shot", "safe return",
	"off-balance return", "safe counter-attack", "off-balance counter-attack", "pass"}

// classify names the shot made of nDef defences and nAim placements against an incoming shot.
func classify(incomingSpecial bool, nDef, nAim int) shotKind {
	switch {
	case !incomingSpecial && nAim == 1:
		return kindRegular
	case !incomingSpecial:
		return kindSpecial
	case nDef == 2 && nAim == 1:
		return kindSafeReturn
	case nAim == 1:
		return kindOffReturn
	case nDef == 2:
		return kindSafeCounter
	}
	return kindOffCounter
}

// pointEnd is how the last point ended.
type pointEnd struct {
	number int16 // points played in the match when it ended, from 1; 0 before the first
	loser  int8  // the seat that could not return
	zone   Zone  // where the ball was
	// placed reports that the loser could cover the ball but had no card left to place a
	// shot with (under the one-card-from-the-hand rule).
	placed  bool
	special bool // the unreturned shot was special
}

// State is one match of Love Means Nothing. It is plain data, so a value copy is a deep copy.
type State struct {
	score score.Match
	n     int8 // seats: 2 (singles) or 4 (doubles)
	first int8 // the seat serving the first point
	// overlapOK lets preparation cards overlap when moved there at the end of a turn (option
	// overlap=after-setup); the cards laid out at the set-up never overlap.
	overlapOK bool
	p         [4]player

	phase  phase
	server int8
	// mover is the seat to decide (setup, serve, manage, shot), or the seat drawing or being
	// dealt cards at a chance node.
	mover int8
	step  int8 // deal and setup: the index of mover in the order of the phase
	left  int8 // deal and draw: cards mover still takes
	owed  int8 // manage: cards mover draws when done
	next  int8 // manage and draw: the seat that returns the ball afterwards

	ball    Zone // where the ball is: the zone the striker must cover; -1 before the serve
	special bool // the ball comes from a special shot
	passed  bool // the ball has been passed this shot (doubles)
	def     cards
	aim     cards
	moved   cards // manage and setup: cards already moved this turn
	shots   int16 // card plays in the rally, the serve included

	last      shot
	lastPoint pointEnd
	facts     score.Facts // what the match has been like, for engine.TennisFacts
}

var (
	_ engine.State        = (*State)(nil)
	_ engine.Determinizer = (*State)(nil)
	_ engine.Narrator     = (*State)(nil)
)

// NumSeats returns 2 in singles and 4 in doubles.
func (s *State) NumSeats() int { return int(s.n) }

// ToMove returns the seat to act, Chance while cards are dealt or drawn, or Nobody.
func (s *State) ToMove() engine.Seat {
	switch s.phase {
	case phaseDeal, phaseDraw:
		return engine.Chance
	case phaseOver:
		return engine.Nobody
	}
	return engine.Seat(s.mover)
}

// side returns the team of seat: 0 for seats 0 and 2, 1 for seats 1 and 3.
func side(seat int8) int { return int(seat) % 2 }

// partner returns seat's partner in doubles.
func (s *State) partner(seat int8) int8 { return (seat + 2) % 4 }

// after returns the seat that plays after seat in the turn order.
func (s *State) after(seat int8) int8 { return (seat + 1) % s.n }

// setupSeat returns the seat laying out preparation cards at index i of the setup: the
// receiving side first, the server last. Doubles: receiver, receiver's partner, server's
// partner, server.
func (s *State) setupSeat(i int8) int8 {
	if s.n == 2 {
		if i == 0 {
			return s.after(s.server)
		}
		return s.server
	}
	return (s.server + [4]int8{1, 3, 2, 0}[i]) % 4
}

// dealSeat returns the seat dealt cards at index i of the deal: the server first, then the
// turn order.
func (s *State) dealSeat(i int8) int8 { return (s.server + i) % s.n }

// Legal appends the legal actions in ascending order to buf[:0].
func (s *State) Legal(buf []engine.Action) []engine.Action {
	buf = buf[:0]
	switch s.phase {
	case phaseDeal, phaseDraw:
		for m := s.p[s.mover].reserve; m != 0; m &= m - 1 {
			buf = append(buf, Draw(m.first()))
		}
	case phaseSetup, phaseManage:
		p := &s.p[s.mover]
		for m := p.hand &^ s.moved; m != 0; m &= m - 1 {
			if c := m.first(); !s.overlapRefused(c) {
				buf = append(buf, Prep(c))
			}
		}
		for m := p.prep &^ s.moved; m != 0; m &= m - 1 {
			buf = append(buf, Take(m.first()))
		}
		buf = append(buf, Done)
	case phaseServe:
		for m := s.p[s.mover].held(); m != 0; m &= m - 1 {
			buf = append(buf, Serve(m.first()))
		}
	case phaseShot:
		p := &s.p[s.mover]
		free := p.held() &^ (s.def | s.aim)
		for m := free & deck.covers[s.ball]; m != 0; m &= m - 1 {
			if c := m.first(); s.whyDefend(c) == okay {
				buf = append(buf, Defend(c))
			}
		}
		for m := free; m != 0; m &= m - 1 {
			if c := m.first(); s.whyAim(c) == okay {
				buf = append(buf, Aim(c))
			}
		}
		if s.canPass() {
			for m := p.prep; m != 0; m &= m - 1 {
				buf = append(buf, Pass(m.first()))
			}
		}
		if s.def != 0 && s.aim != 0 {
			buf = append(buf, Hit)
		}
		if s.mustConcede() {
			buf = append(buf, Concede)
		}
	}
	return buf
}

// Chances appends the outcomes of the chance node: every card of the reserve pile, one each.
func (s *State) Chances(buf []engine.ChanceOutcome) []engine.ChanceOutcome {
	buf = buf[:0]
	if s.phase != phaseDeal && s.phase != phaseDraw {
		return buf
	}
	for m := s.p[s.mover].reserve; m != 0; m &= m - 1 {
		buf = append(buf, engine.ChanceOutcome{Action: Draw(m.first()), Weight: 1})
	}
	return buf
}

// overlapRefused reports whether card c may not join the mover's preparation area because its
// defence shares a zone with a card there: always at the set-up, at the end of a turn only
// under option overlap=never.
func (s *State) overlapRefused(c int) bool {
	return (s.phase == phaseSetup || !s.overlapOK) && deck.overlaps[c]&s.p[s.mover].prep != 0
}

// maxDefence is the number of defence cards the striker may play: two against a special shot
// (a safe return), one otherwise.
func (s *State) maxDefence() int {
	if s.special {
		return 2
	}
	return 1
}

// fromHand reports whether the shot being chosen already uses a card from the hand.
func (s *State) fromHand() bool { return (s.def|s.aim)&s.p[s.mover].hand != 0 }

// available returns the cards the striker may still add to the shot: unchosen preparation
// cards, and unchosen hand cards while no hand card is chosen.
func (s *State) available(def, aim cards) cards {
	p := &s.p[s.mover]
	chosen := def | aim
	out := p.prep &^ chosen
	if chosen&p.hand == 0 {
		out |= p.hand &^ chosen
	}
	return out
}

// canReturn reports whether p can return a ball in zone z: a card covering it, and another card
// for the placement, with at most one of the two from the hand.
func canReturn(p *player, z Zone) bool {
	cover := deck.covers[z]
	return (p.prep&cover != 0 && p.held().count() >= 2) || (p.hand&cover != 0 && p.prep != 0)
}

// canPass reports whether the striker may pass: doubles, nothing chosen, the ball not passed
// yet this shot, and a preparation card to discard.
func (s *State) canPass() bool {
	return s.n == 4 && !s.passed && s.def == 0 && s.aim == 0 && s.p[s.mover].prep != 0
}

// mustConcede reports whether the striker cannot return the ball nor pass it.
func (s *State) mustConcede() bool {
	return s.def == 0 && s.aim == 0 && !s.canPass() && !canReturn(&s.p[s.mover], s.ball)
}

// Apply plays a; an illegal a returns an error matching engine.ErrIllegal and changes nothing.
func (s *State) Apply(a engine.Action) error {
	if err := s.check(a); err != nil {
		return err
	}
	s.apply(a)
	return nil
}

// apply plays a legal action.
func (s *State) apply(a engine.Action) {
	kind, c := split(a)
	p := &s.p[s.mover]
	switch kind {
	case drawBase:
		p.reserve &^= bit(c)
		p.hand |= bit(c)
		s.left--
		if s.phase == phaseDeal {
			s.dealt()
		} else if s.left == 0 || p.reserve == 0 {
			s.beginShot(s.next)
		}
	case prepBase:
		p.hand &^= bit(c)
		p.known &^= bit(c)
		p.prep |= bit(c)
		s.moved |= bit(c)
	case takeBase:
		p.prep &^= bit(c)
		p.hand |= bit(c)
		p.known |= bit(c)
		s.moved |= bit(c)
	case Done:
		if s.phase == phaseSetup {
			s.step++
			s.moved = 0
			if s.step < s.n {
				s.mover = s.setupSeat(s.step)
			} else {
				s.phase = phaseServe
				s.mover = s.server
			}
			return
		}
		s.endManage()
	case serveBase:
		fromHand := p.hand.has(c)
		p.hand &^= bit(c)
		p.prep &^= bit(c)
		p.known &^= bit(c)
		p.court |= bit(c)
		s.ball = deck.Cards[c].Shot
		s.special = false
		s.shots = 1
		s.last = shot{seat: s.mover, kind: kindServe, aim: bit(c), zone: s.ball}
		if fromHand {
			s.last.hand = int8(c)
		}
		s.beginManage(0)
	case defendBase:
		s.def |= bit(c)
	case aimBase:
		s.aim |= bit(c)
	case passBase:
		p.prep &^= bit(c)
		p.out |= bit(c)
		p.short++
		s.passed = true
		s.last = shot{seat: s.mover, kind: kindPass, def: bit(c), zone: s.ball}
		s.mover = s.partner(s.mover)
	case Hit:
		played := s.def | s.aim
		nDef, nAim := s.def.count(), s.aim.count()
		kind := classify(s.special, nDef, nAim)
		owed := nDef + nAim
		if kind == kindOffReturn || kind == kindOffCounter {
			owed--
			p.short++
		}
		s.last = shot{seat: s.mover, kind: kind, def: s.def, aim: s.aim, hand: int8((played & p.hand).first()),
			zone: deck.Cards[s.aim.first()].Shot, draws: int8(owed)}
		p.hand &^= played
		p.prep &^= played
		p.known &^= played
		p.court |= played
		s.ball = s.last.zone
		s.special = nAim == 2
		s.shots++
		s.def, s.aim = 0, 0
		s.beginManage(int8(owed))
	case Concede:
		s.pointLost()
	}
}

// split returns the kind of a (its base, or the action itself for Hit, Done and Concede) and
// its card; the kind is -1 for numbers that name no action.
func split(a engine.Action) (kind engine.Action, c int) {
	switch a {
	case Hit, Done, Concede:
		return a, 0
	}
	for _, b := range [...]engine.Action{prepBase, takeBase, serveBase, defendBase, aimBase, passBase, drawBase} {
		if a > b && a <= b+DeckSize {
			return b, int(a - b)
		}
	}
	return -1, 0
}

// dealt moves the deal on after a card: to the next seat once the mover has his cards, to the
// setup once everybody has.
func (s *State) dealt() {
	if s.left > 0 {
		return
	}
	s.step++
	if s.step < s.n {
		s.mover = s.dealSeat(s.step)
		s.left = receiverCards
		return
	}
	s.phase = phaseSetup
	s.step = 0
	s.moved = 0
	s.mover = s.setupSeat(0)
}

// beginManage starts the mover's end of turn; owed cards are drawn when it is done, then the
// next seat in the turn order returns the ball. A player without a card has nothing to manage.
func (s *State) beginManage(owed int8) {
	s.owed = owed
	s.next = s.after(s.mover)
	s.moved = 0
	s.phase = phaseManage
	if s.p[s.mover].held() == 0 {
		s.endManage()
	}
}

// draws is the number of cards the mover will draw at the end of the management: those owed,
// as far as the reserve pile has them.
func (s *State) draws() int { return min(int(s.owed), s.p[s.mover].reserve.count()) }

// endManage ends the management: the draw, if any card is owed and the reserve pile has one,
// then the next shot.
func (s *State) endManage() {
	s.moved = 0
	if s.owed > 0 && s.p[s.mover].reserve != 0 {
		s.phase = phaseDraw
		s.left = s.owed
		return
	}
	s.beginShot(s.next)
}

func (s *State) beginShot(seat int8) {
	s.phase = phaseShot
	s.mover = seat
	s.def, s.aim = 0, 0
	s.passed = false
	s.owed, s.left = 0, 0
}

// pointLost gives the point in play to the side of the seat that did not strike, and starts
// the next point or ends the match.
func (s *State) pointLost() {
	p := &s.p[s.mover]
	s.lastPoint = pointEnd{
		number:  int16(s.score.PointsPlayed() + 1),
		loser:   s.mover,
		zone:    s.ball,
		placed:  p.held()&deck.covers[s.ball] != 0,
		special: s.special,
	}
	games, tiebreak := s.score.GamesCompleted(), s.score.InTiebreak()
	s.score.PointWon(1 - side(s.mover))
	s.facts.Rally = s.shots
	s.facts.Point(1-int(side(s.mover)), int(side(s.server)), !tiebreak && s.score.GamesCompleted() > games, &s.score)
	if s.score.Over() {
		s.phase = phaseOver
		return
	}
	s.startPoint()
}

// startPoint gathers every player's cards into his reserve pile for a fresh deal: the server
// named by the score, or in doubles the next player of the turn order A, B, C, D.
func (s *State) startPoint() {
	s.server = int8((int(s.first) + s.score.PointsPlayed()) % int(s.n))
	for i := range s.p {
		s.p[i] = player{}
		if i < int(s.n) {
			s.p[i].reserve = fullDeck
		}
	}
	s.phase = phaseDeal
	s.step = 0
	s.mover = s.server
	s.left = serverCards
	s.owed, s.next = 0, 0
	s.ball = -1
	s.special, s.passed = false, false
	s.def, s.aim, s.moved = 0, 0, 0
	s.shots = 0
}

// Clone returns an independent copy.
func (s *State) Clone() engine.State {
	c := *s
	return &c
}

// PointsWon returns the points each side has won so far (engine.Points).
func (s *State) PointsWon() [2]int { return s.score.PointsWon() }

// SettingUp reports whether the players are still laying out their preparation areas before
// the first serve, where "done" ends a player's set-up (later it ends a turn).
func (s *State) SettingUp() bool { return s.phase == phaseSetup }

var _ engine.Points = (*State)(nil)

// Result reports the returns and the tennis score. In doubles every seat of the winning team
// gets +1, and Winner is the team's first seat.
func (s *State) Result() engine.Result {
	r := engine.Result{Winner: engine.Nobody, Score: s.score.String()}
	if s.score.Over() {
		w := s.score.Winner()
		r.Over = true
		r.Winner = engine.Seat(w)
		r.Returns = make([]float64, s.n)
		for seat := range r.Returns {
			r.Returns[seat] = -1
			if seat%2 == w {
				r.Returns[seat] = 1
			}
		}
	}
	return r
}

// Score returns the tennis score.
func (s *State) Score() score.Match { return s.score }
