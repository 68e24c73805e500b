package centercourt

import (
	"math/rand/v2"

	"deuce/engine"
)

// Heuristic is a cheap, casual policy for the seat to move in s, a state already determinized
// for that seat (it reads the other hand as sampled).
//
// Serving, it weighs each card it holds by the chance the serve is in (3 and 4 always, 2 and 5
// five times in six, 1 and 6 four times in six), counting a serve the sampled opponent cannot
// return as twice as good, and a first-serve fault as a point still partly alive; ties go to
// the value it holds most of, keeping rarer values. Returning, it prefers a return the sampled
// opponent cannot answer, then the fewest cards (a single matching card first), then the value
// it holds most of. It concedes only when no return exists. At a chance node it returns the
// first outcome.
func Heuristic(st engine.State, rng *rand.Rand) engine.Action {
	s, ok := st.(*State)
	if !ok {
		var buf [16]engine.Action
		if legal := st.Legal(buf[:0]); len(legal) > 0 {
			return legal[rng.IntN(len(legal))]
		}
		return Concede
	}
	switch s.phase {
	case phaseServe:
		return s.heuristicServe()
	case phaseReturn:
		return s.heuristicReturn()
	}
	var buf [16]engine.Action
	if legal := s.Legal(buf[:0]); len(legal) > 0 {
		return legal[0]
	}
	return Concede
}

// serveIn are the chances, in sixths, that a serve of each value is in.
var serveIn = [numValues + 1]int{0, 4, 5, 6, 6, 5, 4}

func (s *State) heuristicServe() engine.Action {
	h := &s.hands[s.striker]
	opp := &s.hands[1-s.striker]
	best, bestScore, bestHeld := 0, -1, int8(0)
	for w := 1; w <= numValues; w++ {
		if h[w] == 0 {
			continue
		}
		// Scores are in sixths of a point-value, doubled: unreturnable 12, returnable 6, a first
		// serve fault 4 (the second serve is still to come).
		in := 6
		if !canReturn(opp, w) {
			in = 12
		}
		fault := 0
		if !s.second {
			fault = 4
		}
		sc := serveIn[w]*in + (6-serveIn[w])*fault
		if sc > bestScore || (sc == bestScore && h[w] > bestHeld) {
			best, bestScore, bestHeld = w, sc, h[w]
		}
	}
	return Serve(best)
}

func (s *State) heuristicReturn() engine.Action {
	h := &s.hands[s.striker]
	opp := &s.hands[1-s.striker]
	v := int(s.volley)
	best := 0
	var bestKill bool
	var bestN int
	for w := 1; w <= numValues; w++ {
		n := cardsToReturn(v, w)
		if int(h[w]) < n {
			continue
		}
		kill := !canReturn(opp, w)
		better := best == 0 ||
			(kill && !bestKill) ||
			(kill == bestKill && (n < bestN || (n == bestN && h[w] > h[best])))
		if better {
			best, bestKill, bestN = w, kill, n
		}
	}
	if best == 0 {
		return Concede
	}
	return Return(best)
}
