package web

import (
	"context"
	"errors"
	"fmt"
	"math"
	"math/rand/v2"
	"net/http"
	"slices"
	"strings"
	"time"

	"deuce/bot/ismcts"
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

// hintReply is a hint: Text for people, Best the move advised, Moves the strategy or the
// search's most visited moves, most likely first.
type hintReply struct {
	Text  string       `json:"text"`
	Best  string       `json:"best"`
	Moves []hintChoice `json:"moves"`
}

type hintChoice struct {
	Move string  `json:"move"`
	P    float64 `json:"p"`
	// Win is the estimated chance of winning after the move (card games).
	Win float64 `json:"win,omitempty"`
}

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
	busy := time.NewTimer(hintWait)
	defer busy.Stop()
	for _, slot := range []chan struct{}{s.hints, s.thinkers} {
		select {
		case slot <- struct{}{}:
			defer func() { <-slot }()
		case <-busy.C:
			writeError(w, http.StatusServiceUnavailable, "the hint service is busy: try again in a moment")
			return
		case <-r.Context().Done():
			return
		}
	}
	var reply hintReply
	if g.Name == pencil.Game.Name {
		reply, err = pencilHint(r.Context(), g, st, seat, s.limits.EquilibriumPoints)
	} else {
		reply, err = searchHint(r.Context(), g, st, seat)
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

// searchHint asks the hard bot's search, which reads st only through engine.Determinize for
// seat, and explains its choice by the share of simulated continuations won with each move.
func searchHint(ctx context.Context, g engine.Game, st engine.State, seat engine.Seat) (hintReply, error) {
	if st.ToMove() != seat {
		return hintReply{}, errNotYourTurn
	}
	b, err := games.NewBot(g, "hard")
	if err != nil {
		return hintReply{}, err
	}
	hard, ok := b.(*ismcts.Bot)
	if !ok {
		return hintReply{}, fmt.Errorf("%s: the hard bot is not a search", g.Name)
	}
	// The hard bot's budget on one core: hints, one at a time, never take more than one core
	// from the live tables.
	o := hard.Options()
	o.Workers = 1
	ctx, cancel := context.WithTimeout(ctx, hintTime)
	defer cancel()
	an, err := ismcts.New(o).Search(ctx, st, seat, newRand())
	if err != nil {
		return hintReply{}, err
	}
	reply := hintReply{Best: st.ActionString(an.Action)}
	if an.Iterations == 0 {
		reply.Text = fmt.Sprintf("Only one move is possible: %s.", reply.Best)
		reply.Moves = []hintChoice{{Move: reply.Best, P: 1}}
		return reply, nil
	}
	moves := slices.Clone(an.Moves)
	slices.SortStableFunc(moves, func(a, b ismcts.MoveStats) int { return b.Visits - a.Visits })
	for _, m := range moves {
		if m.Visits == 0 || len(reply.Moves) == 4 {
			break
		}
		reply.Moves = append(reply.Moves, hintChoice{Move: st.ActionString(m.Action), P: float64(m.Visits) / float64(an.Iterations), Win: winChance(m.Value)})
	}
	reply.Text = hintWhy(reply, an.Iterations, moves[0].Visits)
	return reply, nil
}

// hintWhy explains a card-game hint: the move, the share of the continuations it won, the
// other moves tried most, and how far the shares can be trusted. bestVisits is the number of
// continuations that began with the move advised.
func hintWhy(reply hintReply, iterations, bestVisits int) string {
	var why strings.Builder
	fmt.Fprintf(&why, "The hard bot would play %s. It played out %d continuations from what you can see (the cards you cannot see dealt afresh each time)", reply.Best, iterations)
	fmt.Fprintf(&why, " and won about %.0f%% of those that began with it", 100*reply.Moves[0].Win)
	if len(reply.Moves) > 1 {
		var alts []string
		for _, m := range reply.Moves[1:] {
			alts = append(alts, fmt.Sprintf("%s %.0f%%", m.Move, 100*m.Win))
		}
		fmt.Fprintf(&why, "; with the other moves it tried most: %s", strings.Join(alts, ", "))
	}
	// A share over n continuations is within ±1.96·0.5/√n of its mean (95%, a win counting 1):
	// say so, since a move tried less can show a higher share by chance.
	margin := 100 * 1.96 * 0.5 / math.Sqrt(float64(max(1, bestVisits)))
	higher := slices.ContainsFunc(reply.Moves[1:], func(m hintChoice) bool { return m.Win > reply.Moves[0].Win })
	fmt.Fprintf(&why, ". The share of %s is within about ±%.0f points, the others' less sure", reply.Best, margin)
	if higher {
		why.WriteString(": the bot goes by how often the search tried a move, which is steadier than the shares")
	}
	why.WriteString(".")
	return why.String()
}

// winChance turns an expected return in [-1, 1] into a chance of winning, ignoring draws.
func winChance(v float64) float64 { return min(1, max(0, (1+v)/2)) }

// newRand seeds a search of a hint: advice, which decides nothing of the match.
func newRand() *rand.Rand { return rand.New(rand.NewPCG(newSeed(), newSeed())) }
