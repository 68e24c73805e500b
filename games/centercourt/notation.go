package centercourt

import (
	"strconv"
	"strings"

	"deuce/engine"
)

// valueOf splits a into its kind (the base of its range) and value; ok is false for numbers
// that name no action.
func valueOf(a engine.Action) (base engine.Action, w int, ok bool) {
	if a == Concede {
		return Concede, 0, true
	}
	for _, b := range [...]engine.Action{serveBase, returnBase, drawBase, dieBase} {
		if a > b && a <= b+numValues {
			return b, int(a - b), true
		}
	}
	return 0, 0, false
}

// check returns nil if a is legal now, or an engine.ErrIllegal error saying why not.
func (s *State) check(a engine.Action) error {
	base, w, ok := valueOf(a)
	if !ok {
		return engine.Illegal(a, "", "no Center Court action has number %d", a)
	}
	// The error is built only on failure, so that legal actions apply without allocating.
	bad := func(format string, args ...any) error { return engine.Illegal(a, s.ActionString(a), format, args...) }
	if s.phase == phaseOver {
		return bad("the match is over")
	}
	chance := base == drawBase || base == dieBase
	if s.ToMove() == engine.Chance && !chance {
		return bad("no player is to move: %s", s.chanceWhat())
	}
	if s.ToMove() != engine.Chance && chance {
		return bad("%s is a chance outcome, but %s is to %s", s.ActionString(a), player(s.striker), s.decisionWhat())
	}
	switch s.phase {
	case phaseDeal, phaseDraw:
		if base != drawBase {
			return bad("%s", s.chanceWhat())
		}
		if s.pile()[w] == 0 {
			return bad("no %d is left to draw", w)
		}
	case phaseDie:
		if base != dieBase {
			return bad("%s", s.chanceWhat())
		}
		if dieWeights[w] == 0 {
			return bad("the Service Die has faces 1, 1, 2, 5, 6, 6: no %d", w)
		}
	case phaseServe:
		if base != serveBase {
			return bad("%s is to %s", player(s.striker), s.decisionWhat())
		}
		if s.hands[s.striker][w] == 0 {
			return bad("you hold no %d to serve", w)
		}
	case phaseReturn:
		v := int(s.volley)
		if base == Concede {
			if canReturn(&s.hands[s.striker], v) {
				return bad("you can return the Volley Value %d, so you must: only a player who cannot return concedes", v)
			}
			return nil
		}
		if base != returnBase {
			return bad("%s is to %s", player(s.striker), s.decisionWhat())
		}
		need, have := cardsToReturn(v, w), int(s.hands[s.striker][w])
		if have < need {
			return bad("the Volley Value is %d: returning with %ds needs %d %s, you hold %d", v, w, need, plural(need, "card"), have)
		}
	}
	return nil
}

func plural(n int, word string) string {
	if n == 1 {
		return word
	}
	return word + "s"
}

// chanceWhat says what the chance node in play decides.
func (s *State) chanceWhat() string {
	switch s.phase {
	case phaseDeal:
		return "the cards are being dealt (draw 1 to draw 6)"
	case phaseDraw:
		return player(s.drawer) + " is drawing a card (draw 1 to draw 6)"
	case phaseDie:
		return "the Service Die is being rolled (die 1, die 2, die 5 or die 6)"
	}
	return "no chance event is pending"
}

// decisionWhat says what the seat to move must do.
func (s *State) decisionWhat() string {
	switch s.phase {
	case phaseServe:
		if s.second {
			return "serve a second serve"
		}
		return "serve"
	case phaseReturn:
		return "return the Volley Value " + strconv.Itoa(int(s.volley))
	}
	return "wait"
}

// ActionString renders a: "serve 4", "return 5-5", "concede", "draw 3", "die 6". A return is
// written with all its cards when a volley is in play, as "return w" otherwise.
func (s *State) ActionString(a engine.Action) string {
	base, w, ok := valueOf(a)
	if !ok {
		return "action " + strconv.Itoa(int(a))
	}
	d := strconv.Itoa(w)
	switch base {
	case serveBase:
		return "serve " + d
	case returnBase:
		n := 1
		if s.phase == phaseReturn && s.volley > 0 {
			n = cardsToReturn(int(s.volley), w)
		}
		return "return " + strings.Repeat(d+"-", n-1) + d
	case Concede:
		return "concede"
	case drawBase:
		return "draw " + d
	}
	return "die " + d
}

// ParseAction reads the notation of ActionString, case-insensitive. A return may also be
// written "5-5", "55", "5 5" or "5x2", with or without "return", and a serve as a bare "4"
// when a serve is due. Text naming no legal action returns an engine.ErrIllegal error.
func (s *State) ParseAction(text string) (engine.Action, error) {
	t := strings.ToLower(strings.TrimSpace(text))
	word, rest, _ := strings.Cut(t, " ")
	rest = strings.TrimSpace(rest)
	var a engine.Action
	switch word {
	case "concede":
		if rest != "" {
			return 0, engine.Illegal(0, text, "write just \"concede\"")
		}
		a = Concede
	case "serve", "draw", "die":
		w, err := strconv.Atoi(rest)
		if err != nil || w < 1 || w > numValues {
			return 0, engine.Illegal(0, text, "write %s and a value from 1 to 6, as in \"%s 4\"", word, word)
		}
		switch word {
		case "serve":
			a = Serve(w)
		case "draw":
			a = Draw(w)
		default:
			a = Die(w)
		}
	default:
		cards := t
		if word == "return" {
			cards = rest
		}
		w, n, ok := parseCards(cards)
		if !ok {
			return 0, engine.Illegal(0, text, "not a move: write, for example, serve 4, return 5-5 or concede")
		}
		switch {
		case word != "return" && s.phase == phaseServe:
			if n != 1 {
				return 0, engine.Illegal(0, text, "a serve is one card")
			}
			a = Serve(w)
		case s.phase == phaseReturn:
			if need := cardsToReturn(int(s.volley), w); n != need {
				return 0, engine.Illegal(Return(w), text, "the Volley Value is %d: returning with %ds takes %d %s, not %d",
					s.volley, w, need, plural(need, "card"), n)
			}
			a = Return(w)
		default:
			a = Return(w)
		}
	}
	if err := s.check(a); err != nil {
		return 0, err
	}
	return a, nil
}

// parseCards reads cards of one value: "5", "5-5", "55", "5 5", "5,5" or "5x2".
func parseCards(t string) (w, n int, ok bool) {
	if v, k, found := strings.Cut(t, "x"); found {
		v, k = strings.TrimSpace(v), strings.TrimSpace(k)
		if len(v) != 1 || v[0] < '1' || v[0] > '6' {
			return 0, 0, false
		}
		c, err := strconv.Atoi(k)
		if err != nil || c < 1 || c > copies {
			return 0, 0, false
		}
		return int(v[0] - '0'), c, true
	}
	for i := 0; i < len(t); i++ {
		switch c := t[i]; {
		case c == '-' || c == ' ' || c == ',':
		case c >= '1' && c <= '6' && (w == 0 || int(c-'0') == w):
			w = int(c - '0')
			n++
		default:
			return 0, 0, false
		}
	}
	return w, n, w != 0
}

// player names a seat as people do: "player 1".
func player(seat int8) string { return engine.PlayerName(engine.Seat(seat), engine.Spectator) }
