package web

import (
	"context"
	"errors"
	"fmt"
	"hash/fnv"
	"math/rand/v2"
	"net/http"
	"slices"
	"time"

	"deuce/engine"
	"deuce/games"
	"deuce/games/pencil"
)

// Hints: a seat playing against bots only may ask what the best play is. The bidding game
// answers with its solved optimal strategy (as `deuce play`'s hint does); the card games with
// what the hard bot would play and why, from the seat's information only. Tables with another
// person never get hints, so a hint can never help one person against another.
const (
	// hintWait is how long a hint waits for the one hint slot before it is refused.
	hintWait = 3 * time.Second
	// hintTime caps the search of one hint.
	hintTime = 2 * time.Second
)

// hintRequest is the body of POST /api/tables/{id}/hint.
type hintRequest struct {
	Token string `json:"token"`
}

// hintReply is a hint (games.Advice): Text for people, Best the move advised, Moves the
// strategy or the search's most visited moves, most likely first.
type hintReply = games.Advice

type hintChoice = games.AdviceMove

func (s *Server) apiHint(w http.ResponseWriter, r *http.Request) {
	var req hintRequest
	if err := decodeBody(r, &req); err != nil {
		badBody(w, err)
		return
	}
	t, seat, ok := s.playerAt(w, r, req.Token, "hints are for the players of a table: open it with your seat link")
	if !ok {
		return
	}
	if !t.Status.Unfinished() {
		writeError(w, http.StatusConflict, "the match is over")
		return
	}
	if s.accounts != nil {
		// A hint would help a player's rating: rated tables get none, even against bots.
		info, err := s.accounts.p.TableInfo(r.Context(), t.ID)
		if err != nil {
			s.log.Error("hint table info", "table", t.ID, "err", err)
			writeError(w, http.StatusInternalServerError, "could not load the table")
			return
		}
		if info.Rated {
			writeError(w, http.StatusForbidden, "hints are never offered at rated tables")
			return
		}
	}
	for i, other := range t.Seats {
		if engine.Seat(i) != seat && other.Bot == "" {
			writeError(w, http.StatusForbidden, "hints are offered only at tables against bots, never against people")
			return
		}
	}
	if !s.hintRate.allow(w, clientAddr(r)) {
		return
	}
	g := s.gameOf(t)
	st, err := engine.Replay(g, t.Record(), nil)
	if err != nil {
		s.log.Error("hint replay", "table", t.ID, "err", err)
		writeError(w, http.StatusInternalServerError, "the record does not replay")
		return
	}
	// One hint at a time, and in a turn among the bots' searches (think.go): hints and bots
	// together never search on more cores than the server allows.
	wait, stop := context.WithTimeout(r.Context(), hintWait)
	defer stop()
	turn := false
	select {
	case s.hints <- struct{}{}:
		defer func() { <-s.hints }()
		// The turn is shared out by address as the bots' are (thinkers).
		addr := clientAddr(r)
		if s.thinkers.acquire(wait, addr) == nil {
			turn = true
			defer s.thinkers.release(addr)
		}
	case <-wait.Done():
	}
	if !turn {
		if r.Context().Err() == nil {
			writeError(w, http.StatusServiceUnavailable, "the hint service is busy: try again in a moment")
		}
		return
	}
	var reply hintReply
	if g.Name == pencil.Game.Name {
		reply, err = pencilHint(r.Context(), g, st, seat, s.limits.EquilibriumPoints)
	} else {
		reply, err = searchHint(r.Context(), g, st, seat, hintSeed(t.ID, len(t.Moves), seat))
	}
	if errors.Is(err, errNotYourTurn) {
		writeError(w, http.StatusConflict, err.Error())
		return
	}
	if errors.Is(err, errHintTooLarge) {
		writeError(w, http.StatusForbidden, err.Error())
		return
	}
	if r.Context().Err() != nil {
		return // the player left: nobody to answer
	}
	if err != nil {
		s.log.Error("hint", "table", t.ID, "err", err)
		writeError(w, http.StatusInternalServerError, "no hint could be found")
		return
	}
	writeJSON(w, http.StatusOK, reply)
}

var errNotYourTurn = errors.New("it is not your turn: a hint is for your own move")

// errHintTooLarge refuses a bidding-game hint whose solve would cost more than the
// equilibrium bot's (Limits.EquilibriumPoints): the solve grows with the fifth power of the
// points and the solver serves one game at a time, the live tables' equilibrium bots included.
var errHintTooLarge = errors.New("too many starting points for a hint")

// pencilHint is the solved game's optimal strategy, from public information only. It solves
// games of at most maxPoints starting points a player, and stops solving when ctx ends.
func pencilHint(ctx context.Context, g engine.Game, st engine.State, seat engine.Seat, maxPoints int) (hintReply, error) {
	if st.ToMove() == engine.Nobody {
		return hintReply{}, errNotYourTurn
	}
	if p, ok := st.(engine.Simultaneous); ok && !slices.Contains(p.Pending(), seat) {
		return hintReply{}, errNotYourTurn
	}
	ps, ok := st.(*pencil.State)
	if !ok {
		return hintReply{}, fmt.Errorf("hint: %T is not a %s match", st, pencil.Game.Name)
	}
	if most := max(ps.Params().Points1, ps.Params().Points2); most > maxPoints {
		return hintReply{}, fmt.Errorf("%w: hints at the bidding game are offered up to %d starting points a player, this table has %d", errHintTooLarge, maxPoints, most)
	}
	// Solve under ctx first (the solution is cached): EquilibriumStrategy and games.Hint
	// then find it solved.
	if _, err := pencil.SolvedContext(ctx, ps.Params()); err != nil {
		return hintReply{}, err
	}
	bids, probs, err := pencil.EquilibriumStrategy(st, seat)
	if err != nil {
		return hintReply{}, err
	}
	text, _ := games.Hint(g, st, seat)
	reply := hintReply{Text: text}
	for i, b := range bids {
		reply.Moves = append(reply.Moves, hintChoice{Move: st.ActionString(b), P: probs[i]})
	}
	slices.SortStableFunc(reply.Moves, func(a, b hintChoice) int {
		switch {
		case a.P > b.P:
			return -1
		case a.P < b.P:
			return 1
		}
		return 0
	})
	reply.Best = reply.Moves[0].Move
	return reply, nil
}

// searchHint is the hard bot's advice (games.SearchHint), on one core, its search seeded by
// seed.
func searchHint(ctx context.Context, g engine.Game, st engine.State, seat engine.Seat, seed uint64) (hintReply, error) {
	ctx, cancel := context.WithTimeout(ctx, hintTime)
	defer cancel()
	reply, err := games.SearchHint(ctx, g, st, seat, rand.New(rand.NewPCG(seed, seed^0x9e3779b97f4a7c15)))
	if errors.Is(err, games.ErrNotYourTurn) {
		err = errNotYourTurn
	}
	return reply, err
}

// hintSeed seeds the search of a hint by the position (the table, its number of moves and the
// seat), so that asking again gives the same advice rather than another sample of a close call
// (one press recommended one move, the next another). The seed picks deals of what the seat
// cannot see from what it sees, so it tells nothing of the hidden cards, and the advice decides
// nothing of the match.
func hintSeed(table string, moves int, seat engine.Seat) uint64 {
	h := fnv.New64a()
	fmt.Fprintf(h, "%s/%d/%d", table, moves, seat)
	return h.Sum64()
}
