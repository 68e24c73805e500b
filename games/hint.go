package games

import (
	"context"
	"errors"
	"fmt"
	"math"
	"math/rand/v2"
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"

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

// hintWhy explains a card-game hint: the move, how often the search tried it and the share of
// the continuations it won, and how far that share can be trusted; and, where another move won
// a larger share, why the bot still goes by the tries. bestVisits is the number of
// continuations that began with the move advised.
//
// The bot plays the move its search tried most, not the one with the best share: the search
// tries a move more as it looks better, and a share over a few continuations can be high by
// chance. A move it tried almost as often (three quarters as often or more) and that won more
// is a close call, and the text says
// that it is as fair a choice, since a person asking for a hint wants a good move, not the
// bot's tie-break.
func hintWhy(reply Advice, iterations, bestVisits int) string {
	var why strings.Builder
	best := reply.Moves[0]
	// "would choose serve 3", and "would choose sarissia" where the move itself is a choice.
	fmt.Fprintf(&why, "The hard bot would choose %s. Of %d continuations played out from what you can see (the cards you cannot see dealt afresh each time), it began %.0f%% with it and won about %.0f%% of those",
		strings.TrimPrefix(reply.Best, "choose "), iterations, 100*best.P, 100*best.Win)
	// A share over n continuations is within ±1.96·0.5/√n of its mean (95%, a win counting 1).
	margin := 100 * 1.96 * 0.5 / math.Sqrt(float64(max(1, bestVisits)))
	fmt.Fprintf(&why, " (give or take %.0f points).", margin)
	// The move with the best share among the others, if it beats the move advised.
	var rival *AdviceMove
	for i := range reply.Moves[1:] {
		m := &reply.Moves[1+i]
		// More as the text shows it, to the whole percent: "won about 64%... won more (64%)"
		// read as a slip.
		if math.Round(100*m.Win) > math.Round(100*best.Win) && (rival == nil || m.Win > rival.Win) {
			rival = m
		}
	}
	switch {
	case rival == nil:
	case rival.P >= 0.75*best.P:
		fmt.Fprintf(&why, " %s, tried almost as often (%.0f%%), won a larger share of its continuations (%.0f%%): a close call, and as fair a choice.", capitalizeFirst(rival.Move), 100*rival.P, 100*rival.Win)
	default:
		fmt.Fprintf(&why, " %s won a larger share of its continuations (%.0f%%), but was tried too rarely (%.0f%% of the search's tries) for that share to be sure.", capitalizeFirst(rival.Move), 100*rival.Win, 100*rival.P)
	}
	return why.String()
}

// capitalizeFirst upper-cases the first letter of a move's text that begins a sentence.
func capitalizeFirst(s string) string {
	if s == "" {
		return s
	}
	r, n := utf8.DecodeRuneInString(s)
	return string(unicode.ToUpper(r)) + s[n:]
}

// winChance turns an expected return in [-1, 1] into a chance of winning, ignoring draws.
func winChance(v float64) float64 { return min(1, max(0, (1+v)/2)) }
