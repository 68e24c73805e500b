package lmn

import (
	"strconv"
	"strings"

	"deuce/engine"
)

// refusal says why an action is not legal now; okay when it is. Legal and Apply share the
// checks, and the words are written only for a refusal, so legal actions never allocate.
type refusal uint8

const (
	okay refusal = iota
	rUnknown
	rOver
	rChance
	rNotChance
	rPhase
	rNotReserve
	rNotHand
	rInPrep
	rNotPrep
	rNotHeld
	rMoved
	rOverlap
	rChosen
	rNoCover
	rOneDefence
	rTwoDefences
	rDefenceFirst
	rNeedDefence
	rTwoFromHand
	rTwoAims
	rAimMismatch
	rNothingLeft
	rIncomplete
	rCanPlay
	rSingles
	rPassedAlready
	rPassChosen
)

// why returns the refusal of a in the current state.
func (s *State) why(a engine.Action) refusal {
	kind, c := split(a)
	if kind < 0 {
		return rUnknown
	}
	if s.phase == phaseOver {
		return rOver
	}
	chance := kind == drawBase
	if s.ToMove() == engine.Chance && !chance {
		return rChance
	}
	if s.ToMove() != engine.Chance && chance {
		return rNotChance
	}
	p := &s.p[s.mover]
	switch s.phase {
	case phaseDeal, phaseDraw:
		if !p.reserve.has(c) {
			return rNotReserve
		}
		return okay
	case phaseSetup, phaseManage:
		switch kind {
		case prepBase:
			switch {
			case p.prep.has(c):
				return rInPrep
			case !p.hand.has(c):
				return rNotHand
			case s.moved.has(c):
				return rMoved
			case s.overlapRefused(c):
				return rOverlap
			}
			return okay
		case takeBase:
			switch {
			case !p.prep.has(c):
				return rNotPrep
			case s.moved.has(c):
				return rMoved
			}
			return okay
		case Done:
			return okay
		}
	case phaseServe:
		if kind == serveBase {
			if !p.held().has(c) {
				return rNotHeld
			}
			return okay
		}
	case phaseShot:
		switch kind {
		case defendBase:
			return s.whyDefend(c)
		case aimBase:
			return s.whyAim(c)
		case passBase:
			switch {
			case s.n != 4:
				return rSingles
			case s.passed:
				return rPassedAlready
			case s.def|s.aim != 0:
				return rPassChosen
			case !p.prep.has(c):
				return rNotPrep
			}
			return okay
		case Hit:
			if s.def == 0 || s.aim == 0 {
				return rIncomplete
			}
			return okay
		case Concede:
			if !s.mustConcede() {
				return rCanPlay
			}
			return okay
		}
	}
	return rPhase
}

// whyDefend checks covering the ball with card c during a shot.
func (s *State) whyDefend(c int) refusal {
	p := &s.p[s.mover]
	switch {
	case !p.held().has(c):
		return rNotHeld
	case (s.def | s.aim).has(c):
		return rChosen
	case s.aim != 0:
		return rDefenceFirst
	case !deck.covers[s.ball].has(c):
		return rNoCover
	case s.def.count() >= s.maxDefence():
		if s.special {
			return rTwoDefences
		}
		return rOneDefence
	case p.hand.has(c) && s.fromHand():
		return rTwoFromHand
	case s.available(s.def|bit(c), s.aim) == 0:
		return rNothingLeft
	}
	return okay
}

// whyAim checks placing the shot with card c during a shot.
func (s *State) whyAim(c int) refusal {
	p := &s.p[s.mover]
	switch {
	case !p.held().has(c):
		return rNotHeld
	case (s.def | s.aim).has(c):
		return rChosen
	case s.def == 0:
		return rNeedDefence
	case s.aim.count() >= 2:
		return rTwoAims
	case s.aim != 0 && deck.Cards[c].Shot != deck.Cards[s.aim.first()].Shot:
		return rAimMismatch
	case p.hand.has(c) && s.fromHand():
		return rTwoFromHand
	}
	return okay
}

// check returns nil if a is legal now, or an engine.ErrIllegal error saying why not.
func (s *State) check(a engine.Action) error {
	r := s.why(a)
	if r == okay {
		return nil
	}
	_, c := split(a)
	bad := func(format string, args ...any) error {
		return engine.Illegal(a, s.ActionString(a), format, args...)
	}
	p := &s.p[s.mover]
	switch r {
	case rUnknown:
		return engine.Illegal(a, "", "no Love Means Nothing action has number %d", a)
	case rOver:
		return bad("the match is over")
	case rChance:
		return bad("no player is to move: %s", s.chanceWhat())
	case rNotChance:
		return bad("a card comes from a reserve pile only at a deal or a draw; %s is to %s", seatName(s.mover), s.decisionWhat())
	case rPhase:
		return bad("%s is to %s", seatName(s.mover), s.decisionWhat())
	case rNotReserve:
		return bad("card %d is not in %s reserve pile", c, possessive(s.mover))
	case rNotHand:
		return bad("card %d is not in your hand", c)
	case rInPrep:
		return bad("card %d is already in your preparation area", c)
	case rNotPrep:
		return bad("card %d is not in your preparation area", c)
	case rNotHeld:
		return bad("card %d is neither in your hand nor in your preparation area", c)
	case rMoved:
		return bad("card %d has already moved this turn: a card moves once per turn", c)
	case rOverlap:
		o := (deck.overlaps[c] & p.prep).first()
		when := "laid out at the set-up"
		if s.phase != phaseSetup {
			when = "under option overlap=never"
		}
		return bad("the defence areas of preparation cards %s may not overlap: %s and %s share %s",
			when, label(c), label(o), deck.Cards[c].Defence&deck.Cards[o].Defence)
	case rChosen:
		return bad("card %d is already part of this shot", c)
	case rNoCover:
		return bad("card %d defends %s, but the ball is in %s", c, deck.Cards[c].Defence, s.ball)
	case rOneDefence:
		return bad("a regular shot is returned with one defence card; two are played only against a special shot")
	case rTwoDefences:
		return bad("at most two defence cards: two make a safe return of the special shot")
	case rDefenceFirst:
		return bad("choose the defence before the shot placement")
	case rNeedDefence:
		return bad("first cover the ball in %s with a defence card", s.ball)
	case rTwoFromHand:
		return bad("card %d already comes from your hand: only one card per turn may, the others come from the preparation area",
			((s.def | s.aim) & p.hand).first())
	case rTwoAims:
		return bad("a special shot is two placement cards; there is no third")
	case rAimMismatch:
		first := s.aim.first()
		return bad("a special shot needs two cards with the same placement: card %d aims at %s, card %d at %s",
			first, deck.Cards[first].Shot, c, deck.Cards[c].Shot)
	case rNothingLeft:
		return bad("after defending with card %d you would have no card left to place the shot with (one card per turn from the hand)", c)
	case rIncomplete:
		if s.def == 0 {
			return bad("choose a defence card covering %s first", s.ball)
		}
		return bad("choose a card to place the shot first")
	case rCanPlay:
		if s.canPass() {
			return bad("you can pass to your partner, so you may not concede")
		}
		return bad("you can return the ball, so you must: only a player who cannot return concedes")
	case rSingles:
		return bad("only doubles players may pass")
	case rPassedAlready:
		return bad("the ball has been passed to you already: a pass hands it on once")
	case rPassChosen:
		return bad("you have started your return: a pass is instead of a return")
	}
	return bad("not legal now")
}

// chanceWhat says what the chance node in play decides.
func (s *State) chanceWhat() string {
	switch s.phase {
	case phaseDeal:
		return seatName(s.mover) + " is being dealt a card"
	case phaseDraw:
		return seatName(s.mover) + " is drawing a card"
	}
	return "no card is being drawn"
}

// decisionWhat says what the seat to move must do.
func (s *State) decisionWhat() string {
	switch s.phase {
	case phaseSetup:
		return "lay out preparation cards (prep N, done)"
	case phaseServe:
		return "serve (serve N)"
	case phaseManage:
		return "end the turn (prep N, take N, done)"
	case phaseShot:
		return "return the ball in " + s.ball.String() + " (defend N, aim N, hit, pass N, concede)"
	}
	return "wait"
}

func seatName(seat int8) string { return engine.PlayerName(engine.Seat(seat), engine.Spectator) }

func possessive(seat int8) string { return seatName(seat) + "'s" }

// verbs are the notation's words for each kind of action.
var verbs = map[engine.Action]string{
	prepBase: "prep", takeBase: "take", serveBase: "serve", defendBase: "defend", aimBase: "aim",
	passBase: "pass", drawBase: "draw", Hit: "hit", Done: "done", Concede: "concede",
}

// source says where card c is for the mover: "hand" or "prep".
func (s *State) source(c int) string {
	if s.p[s.mover].hand.has(c) {
		return "hand"
	}
	return "prep"
}

// ActionString renders a: "draw 13", "prep 13 BL+BC>BR", "take 13 BL+BC>BR", "serve 7 to FR
// from hand", "defend 13 BL+BC from prep", "aim 7 to FR from hand", "pass 13 BL+BC>BR", "hit
// special shot to FR, draw 3", "done, draw 2", "concede". The words after the verb and card
// number describe the move in the current state; ParseAction accepts them or leaves them out.
func (s *State) ActionString(a engine.Action) string {
	kind, c := split(a)
	if kind < 0 {
		return "action " + strconv.Itoa(int(a))
	}
	verb := verbs[kind]
	held := s.phase != phaseOver && s.p[s.mover].held().has(c)
	switch kind {
	case drawBase:
		return "draw " + strconv.Itoa(c)
	case prepBase, takeBase, passBase:
		return verb + " " + label(c)
	case serveBase, aimBase:
		t := verb + " " + strconv.Itoa(c) + " to " + deck.Cards[c].Shot.String()
		if held {
			t += " from " + s.source(c)
		}
		return t
	case defendBase:
		t := verb + " " + strconv.Itoa(c) + " " + deck.Cards[c].Defence.String()
		if held {
			t += " from " + s.source(c)
		}
		return t
	case Hit:
		if s.phase != phaseShot || s.def == 0 || s.aim == 0 {
			return verb
		}
		kind := classify(s.special, s.def.count(), s.aim.count())
		owed := s.def.count() + s.aim.count()
		if kind == kindOffReturn || kind == kindOffCounter {
			owed--
		}
		return verb + " " + kindNames[kind] + " to " + deck.Cards[s.aim.first()].Shot.String() + ", draw " + strconv.Itoa(owed)
	case Done:
		if n := s.draws(); s.phase == phaseManage && n > 0 {
			return verb + ", draw " + strconv.Itoa(n)
		}
	}
	return verb
}

// ParseAction reads the notation of ActionString, case-insensitive: the verb, the card number
// where there is one, and optionally the rest exactly as ActionString writes it ("defend 13"
// or "defend 13 BL+BC from hand"). Text naming no legal action returns an engine.ErrIllegal
// error.
func (s *State) ParseAction(text string) (engine.Action, error) {
	fields := strings.Fields(strings.ToLower(text))
	if len(fields) == 0 {
		return 0, engine.Illegal(0, text, "no move given: write, for example, defend 13, aim 7, hit, prep 4, take 4, done, serve 7")
	}
	word := strings.TrimRight(fields[0], ",")
	var kind engine.Action = -1
	for k, v := range verbs {
		if v == word {
			kind = k
		}
	}
	if kind < 0 {
		return 0, engine.Illegal(0, text, "%q is not a move: the moves are prep, take, serve, defend, aim, hit, pass, done, concede (and draw for a card drawn)", fields[0])
	}
	a, rest := kind, fields[1:]
	if kind != Hit && kind != Done && kind != Concede {
		if len(rest) == 0 {
			return 0, engine.Illegal(0, text, "%s needs a card number, as in \"%s 13\"", word, word)
		}
		c, err := strconv.Atoi(rest[0])
		if err != nil || c < 1 || c > DeckSize {
			return 0, engine.Illegal(0, text, "card %q: want a card number from 1 to %d", rest[0], DeckSize)
		}
		a, rest = kind+engine.Action(c), rest[1:]
	}
	if len(rest) > 0 {
		// The description must be the one ActionString gives, so that nothing is misread.
		want := strings.Fields(strings.ToLower(s.ActionString(a)))
		if strings.Join(fields, " ") != strings.Join(want, " ") {
			return 0, engine.Illegal(a, text, "did you mean %q?", s.ActionString(a))
		}
	}
	if err := s.check(a); err != nil {
		return 0, err
	}
	return a, nil
}
