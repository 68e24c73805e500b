package games

import (
	"context"
	"errors"
	"fmt"
	"math"
	"math/rand/v2"
	"slices"
	"strings"

	"deuce/bot/ismcts"
	"deuce/engine"
)

// Advice is a hint for people: Text explains it, Best is the move advised, Moves the strategy
// or the search's most visited moves, most likely first.
type Advice struct {
	Text  string       `json:"text"`
	Best  string       `json:"best"`
	Moves []AdviceMove `json:"moves"`
}

// AdviceMove is one move of an Advice.
type AdviceMove struct {
	Move string  `json:"move"`
	P    float64 `json:"p"`
	// Win is the estimated chance of winning after the move (card games).
	Win float64 `json:"win,omitempty"`
}

// ErrNotYourTurn refuses advice to a seat that is not to move.
var ErrNotYourTurn = errors.New("it is not your turn")

// SearchHint asks the hard bot's search, which reads st only through engine.Determinize for
// seat, and explains its choice by the share of simulated continuations won with each move.
func SearchHint(ctx context.Context, g engine.Game, st engine.State, seat engine.Seat, rng *rand.Rand) (Advice, error) {
	if st.ToMove() != seat {
		return Advice{}, ErrNotYourTurn
	}
	b, err := NewBot(g, "hard")
	if err != nil {
		return Advice{}, err
	}
	hard, ok := b.(*ismcts.Bot)
	if !ok {
		return Advice{}, fmt.Errorf("%s: the hard bot is not a search", g.Name)
	}
	// The hard bot's budget on one core: a hint never takes more than one core from the live
	// tables, and ctx bounds it.
	o := hard.Options()
	o.Workers = 1
	an, err := ismcts.New(o).Search(ctx, st, seat, rng)
	if err != nil {
		return Advice{}, err
	}
	reply := Advice{Best: st.ActionString(an.Action)}
	if an.Iterations == 0 {
		reply.Text = fmt.Sprintf("Only one move is possible: %s.", reply.Best)
		reply.Moves = []AdviceMove{{Move: reply.Best, P: 1}}
		return reply, nil
	}
	moves := slices.Clone(an.Moves)
	slices.SortStableFunc(moves, func(a, b ismcts.MoveStats) int { return b.Visits - a.Visits })
	for _, m := range moves {
		if m.Visits == 0 || len(reply.Moves) == 4 {
			break
		}
		reply.Moves = append(reply.Moves, AdviceMove{Move: st.ActionString(m.Action), P: float64(m.Visits) / float64(an.Iterations), Win: winChance(m.Value)})
	}
	reply.Text = hintWhy(reply, an.Iterations, moves[0].Visits)
	return reply, nil
}

// hintWhy explains a card-game hint: the move, the share of the continuations it won, the
// other moves tried most, and how far the shares can be trusted. bestVisits is the number of
// continuations that began with the move advised.
func hintWhy(reply Advice, iterations, bestVisits int) string {
	var why strings.Builder
	// "would choose serve 3", and "would choose sarissia" where the move itself is a choice.
	fmt.Fprintf(&why, "The hard bot would choose %s. It played out %d continuations from what you can see (the cards you cannot see dealt afresh each time)", strings.TrimPrefix(reply.Best, "choose "), iterations)
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
	higher := slices.ContainsFunc(reply.Moves[1:], func(m AdviceMove) bool { return m.Win > reply.Moves[0].Win })
	fmt.Fprintf(&why, ". The share of %s is within about ±%.0f points, the others' less sure", reply.Best, margin)
	if higher {
		why.WriteString(": the bot goes by how often the search tried a move, which is steadier than the shares")
	}
	why.WriteString(".")
	return why.String()
}

// winChance turns an expected return in [-1, 1] into a chance of winning, ignoring draws.
func winChance(v float64) float64 { return min(1, max(0, (1+v)/2)) }
