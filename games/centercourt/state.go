package centercourt

import (
	"deuce/engine"
	"deuce/score"
)

const (
	numValues = 6 // card values 1 to 6
	copies    = 6 // cards of each value in the deck
	deckSize  = numValues * copies
	handSize  = 8 // cards dealt, and the size every refill restores
)

// Actions. Decisions are below 100 and chance outcomes from 100 up, so the two never mix.
const (
	serveBase  engine.Action = 0   // serve w is serveBase+w
	returnBase engine.Action = 10  // return with cards of value w is returnBase+w
	Concede    engine.Action = 20  // give up the point: the only move of a player who cannot return
	drawBase   engine.Action = 100 // a card of value w drawn (or dealt) is drawBase+w
	dieBase    engine.Action = 110 // the Service Die showing face f is dieBase+f
)

// Serve is the action serving a card of value w (1 to 6).
func Serve(w int) engine.Action { return serveBase + engine.Action(w) }

// Return is the action returning the volley with cards of value w (1 to 6); the number of
// cards is 1 + |v - w| for Volley Value v.
func Return(w int) engine.Action { return returnBase + engine.Action(w) }

// Draw is the chance outcome drawing (or being dealt) a card of value w (1 to 6).
func Draw(w int) engine.Action { return drawBase + engine.Action(w) }

// Die is the chance outcome of the Service Die showing face f (1, 2, 5 or 6).
func Die(f int) engine.Action { return dieBase + engine.Action(f) }

// dieWeights are the Service Die's faces: 1, 1, 2, 5, 6, 6.
var dieWeights = [numValues + 1]int{0, 2, 1, 0, 0, 1, 2}

// cardsToReturn is the number of cards of value w that return Volley Value v.
func cardsToReturn(v, w int) int {
	if v > w {
		return 1 + v - w
	}
	return 1 + w - v
}

// counts holds a number of cards per value; index 0 is unused.
type counts [numValues + 1]int8

func (c *counts) total() int {
	n := 0
	for _, k := range c[1:] {
		n += int(k)
	}
	return n
}

type phase uint8

const (
	phaseDeal   phase = iota // chance: dealing one card at a time, alternately
	phaseDraw                // chance: drawer refills his hand, then play goes on at next
	phaseServe               // the server serves, first or second serve
	phaseDie                 // chance: the Service Die for the serve on the table
	phaseReturn              // the striker must return the volley or concede
	phaseOver                // the match is over
)

// Point endings.
const (
	endNone        int8 = iota
	endDoubleFault      // the server double-faulted
	endUnreturned       // the loser could not return the volley
)

// play is the last card play of the match: a serve or a return.
type play struct {
	seat   int8
	value  int8
	count  int8 // cards played: 1 for a serve
	serve  bool
	second bool // a second serve
}

// roll is the last roll of the Service Die.
type roll struct {
	seat  int8
	serve int8 // the value served
	face  int8 // 0 before the first roll
	fault bool
}

// pointEnd is how the last point ended.
type pointEnd struct {
	winner int8
	how    int8  // endNone before the first point ends
	volley int8  // the volley value left unreturned
	number int16 // points played in the match when it ended, from 1
}

// State is one match of Center Court. It is plain data: fixed arrays and integers, no
// pointers, so a value copy is a deep copy.
type State struct {
	score   score.Match
	hands   [2]counts
	draw    counts
	discard counts
	table   counts // cards played in the point in play; they go to the discards when it ends

	phase   phase
	next    phase // what phaseDraw continues with
	drawer  int8  // the seat refilling in phaseDraw
	server  int8  // the seat serving the point in play
	striker int8  // the seat to serve or return
	volley  int8  // the Volley Value; 0 while no serve is in
	serve   int8  // the card served, awaiting the die
	second  bool  // the serve in play is a second serve

	serverRefill bool

	reshuffles int16 // times the discards became the draw pile
	lastPlay   play
	lastRoll   roll
	lastPoint  pointEnd

	facts score.Facts // what the match has been like, for engine.TennisFacts

	known [2]evidence // what the public play shows of each hand (infer.go)
}

var (
	_ engine.State        = (*State)(nil)
	_ engine.Determinizer = (*State)(nil)
	_ engine.Narrator     = (*State)(nil)
)

// NumSeats returns 2.
func (s *State) NumSeats() int { return 2 }

// ToMove returns the seat to act, Chance while a card is drawn or the die rolled, or Nobody.
func (s *State) ToMove() engine.Seat {
	switch s.phase {
	case phaseDeal, phaseDraw, phaseDie:
		return engine.Chance
	case phaseServe, phaseReturn:
		return engine.Seat(s.striker)
	}
	return engine.Nobody
}

// pile returns the cards a draw comes from: the draw pile, or the discards that will be
// shuffled into it when it is empty.
func (s *State) pile() *counts {
	if s.draw.total() > 0 {
		return &s.draw
	}
	return &s.discard
}

// Legal appends the legal actions in ascending order to buf[:0].
func (s *State) Legal(buf []engine.Action) []engine.Action {
	buf = buf[:0]
	switch s.phase {
	case phaseDeal, phaseDraw:
		p := s.pile()
		for w := 1; w <= numValues; w++ {
			if p[w] > 0 {
				buf = append(buf, Draw(w))
			}
		}
	case phaseDie:
		for f := 1; f <= numValues; f++ {
			if dieWeights[f] > 0 {
				buf = append(buf, Die(f))
			}
		}
	case phaseServe:
		h := &s.hands[s.striker]
		for w := 1; w <= numValues; w++ {
			if h[w] > 0 {
				buf = append(buf, Serve(w))
			}
		}
	case phaseReturn:
		h := &s.hands[s.striker]
		for w := 1; w <= numValues; w++ {
			if int(h[w]) >= cardsToReturn(int(s.volley), w) {
				buf = append(buf, Return(w))
			}
		}
		if len(buf) == 0 {
			buf = append(buf, Concede)
		}
	}
	return buf
}

// Chances appends the outcomes of the chance node: card values weighted by the cards left,
// or die faces weighted by how many faces show them.
func (s *State) Chances(buf []engine.ChanceOutcome) []engine.ChanceOutcome {
	buf = buf[:0]
	switch s.phase {
	case phaseDeal, phaseDraw:
		p := s.pile()
		for w := 1; w <= numValues; w++ {
			if p[w] > 0 {
				buf = append(buf, engine.ChanceOutcome{Action: Draw(w), Weight: int(p[w])})
			}
		}
	case phaseDie:
		for f := 1; f <= numValues; f++ {
			if dieWeights[f] > 0 {
				buf = append(buf, engine.ChanceOutcome{Action: Die(f), Weight: dieWeights[f]})
			}
		}
	}
	return buf
}

// canReturn reports whether hand h can return Volley Value v.
func canReturn(h *counts, v int) bool {
	for w := 1; w <= numValues; w++ {
		if int(h[w]) >= cardsToReturn(v, w) {
			return true
		}
	}
	return false
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
	switch s.phase {
	case phaseDeal:
		w := int(a - drawBase)
		seat := s.dealTarget()
		s.draw[w]--
		s.hands[seat][w]++
		if s.hands[0].total() == handSize && s.hands[1].total() == handSize {
			s.startPoint()
		}
	case phaseDraw:
		w := int(a - drawBase)
		if s.draw.total() == 0 {
			// The discards are shuffled into a new draw pile.
			s.draw, s.discard = s.discard, counts{}
			s.reshuffles++
		}
		s.draw[w]--
		s.hands[s.drawer][w]++
		s.known[s.drawer].drew()
		s.settleDraw()
	case phaseServe:
		w := int(a - serveBase)
		s.hands[s.striker][w]--
		s.table[w]++
		s.known[s.striker].played(w, 1)
		s.lastPlay = play{seat: s.striker, value: int8(w), count: 1, serve: true, second: s.second}
		if dieWeights[w] == 0 {
			s.serveIn(w)
			return
		}
		s.serve = int8(w)
		s.phase = phaseDie
	case phaseDie:
		f := int8(a - dieBase)
		fault := f == s.serve
		s.lastRoll = roll{seat: s.server, serve: s.serve, face: f, fault: fault}
		switch {
		case !fault:
			s.serveIn(int(s.serve))
		case s.second:
			s.pointTo(1-s.server, endDoubleFault)
		default:
			// A fault: the server draws before the second serve.
			s.serve = 0
			s.second = true
			s.refill(s.server, phaseServe)
		}
	case phaseReturn:
		if a == Concede {
			s.known[s.striker].conceded(s.hands[s.striker].total(), int(s.volley))
			s.pointTo(1-s.striker, endUnreturned)
			return
		}
		w := int(a - returnBase)
		n := cardsToReturn(int(s.volley), w)
		s.hands[s.striker][w] -= int8(n)
		s.table[w] += int8(n)
		s.known[s.striker].played(w, n)
		s.lastPlay = play{seat: s.striker, value: int8(w), count: int8(n)}
		s.facts.Rally++
		s.volley = int8(w)
		returner := s.striker
		s.striker = 1 - returner
		s.refill(returner, phaseReturn)
	}
}

// dealTarget is the seat dealt the next card: one card at a time, alternately, seat 0 first.
func (s *State) dealTarget() int {
	if s.hands[1].total() < s.hands[0].total() {
		return 1
	}
	return 0
}

// serveIn puts serve w in play: the receiver must return it, once the server has refilled if
// the match says so.
func (s *State) serveIn(w int) {
	s.facts.Rally++
	s.volley = int8(w)
	s.serve = 0
	s.striker = 1 - s.server
	if s.serverRefill {
		s.refill(s.server, phaseReturn)
		return
	}
	s.phase = phaseReturn
}

// refill makes seat draw up to handSize cards, then play continues at next.
func (s *State) refill(seat int8, next phase) {
	s.drawer = seat
	s.next = next
	s.phase = phaseDraw
	s.settleDraw()
}

// settleDraw ends a refill once the hand is full or nothing is left to draw.
func (s *State) settleDraw() {
	if s.hands[s.drawer].total() >= handSize || s.draw.total()+s.discard.total() == 0 {
		s.phase = s.next
	}
}

// pointTo gives the point in play to winner and starts the next one, or ends the match.
func (s *State) pointTo(winner int8, how int8) {
	s.lastPoint = pointEnd{winner: winner, how: how, volley: s.volley, number: int16(s.score.PointsPlayed() + 1)}
	for w := 1; w <= numValues; w++ {
		s.discard[w] += s.table[w]
	}
	s.table = counts{}
	s.volley, s.serve, s.second = 0, 0, false
	server, games, tiebreak := s.score.Server(), s.score.GamesCompleted(), s.score.InTiebreak()
	s.score.PointWon(int(winner))
	s.facts.Point(int(winner), server, !tiebreak && s.score.GamesCompleted() > games, &s.score)
	if s.score.Over() {
		s.phase = phaseOver
		return
	}
	s.startPoint()
}

// startPoint hands the serve to the server the score names. A server without a single card
// refills first.
func (s *State) startPoint() {
	s.server = int8(s.score.Server())
	s.striker = s.server
	if s.hands[s.server].total() == 0 {
		s.refill(s.server, phaseServe)
		return
	}
	s.phase = phaseServe
}

// Clone returns an independent copy.
func (s *State) Clone() engine.State {
	c := *s
	return &c
}

// PointsWon returns the points each side has won so far (engine.Points).
func (s *State) PointsWon() [2]int { return s.score.PointsWon() }

var _ engine.Points = (*State)(nil)

// Result reports the returns and the tennis score.
func (s *State) Result() engine.Result {
	r := engine.Result{Winner: engine.Nobody, Score: s.score.String()}
	if s.score.Over() {
		w := s.score.Winner()
		r.Over = true
		r.Winner = engine.Seat(w)
		r.Returns = make([]float64, 2)
		r.Returns[w], r.Returns[1-w] = 1, -1
	}
	return r
}

// Score returns the tennis score.
func (s *State) Score() score.Match { return s.score }
