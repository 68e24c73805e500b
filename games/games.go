// Package games is the catalogue: every game deuce plays, and the bots each one offers.
package games

import (
	"context"
	"fmt"
	"math/rand/v2"
	"strings"

	"deuce/bot"
	"deuce/engine"
	"deuce/games/alakaslam"
	"deuce/games/centercourt"
	"deuce/games/lmn"
	"deuce/games/pencil"
	"deuce/games/worldwide"
)

// All lists every game, in the order deuce shows them.
func All() []engine.Game {
	return []engine.Game{centercourt.Game, pencil.Game, alakaslam.Game, lmn.Game, worldwide.Game}
}

// Names lists the games' names.
func Names() []string {
	var names []string
	for _, g := range All() {
		names = append(names, g.Name)
	}
	return names
}

// Lookup finds a game by name (case-insensitive); the error lists the games there are.
func Lookup(name string) (engine.Game, error) {
	for _, g := range All() {
		if strings.EqualFold(g.Name, name) {
			return g, nil
		}
	}
	return engine.Game{}, fmt.Errorf("no game %q; games: %s", name, strings.Join(Names(), ", "))
}

// BotInfo describes a bot level.
type BotInfo struct {
	Name    string `json:"name"`
	Summary string `json:"summary"`
}

// Bots lists the bot levels g offers, weakest first.
func Bots(g engine.Game) []BotInfo {
	bots := []BotInfo{{"random", "plays a uniformly random legal move"}}
	if g.Heuristic != nil {
		bots = append(bots, BotInfo{"heuristic", "plays like a sensible casual player, instantly"})
	}
	if g.Name == pencil.Game.Name {
		bots = append(bots, BotInfo{"equilibrium", "plays the exact optimal mixed strategy of the solved game"})
	}
	return bots
}

// BotNames lists the names of g's bot levels.
func BotNames(g engine.Game) []string {
	var names []string
	for _, b := range Bots(g) {
		names = append(names, b.Name)
	}
	return names
}

// NewBot returns g's bot of the named level; the error lists the levels there are.
func NewBot(g engine.Game, name string) (bot.Bot, error) {
	switch strings.ToLower(name) {
	case "random":
		return bot.Random{}, nil
	case "heuristic":
		if g.Heuristic != nil {
			return bot.Heuristic{Policy: g.Heuristic}, nil
		}
	case "equilibrium":
		if g.Name == pencil.Game.Name {
			return bot.Func{Level: "equilibrium", F: func(_ context.Context, s engine.State, seat engine.Seat, rng *rand.Rand) (engine.Action, error) {
				return pencil.EquilibriumPolicy(s, seat, rng)
			}}, nil
		}
	}
	return nil, fmt.Errorf("%s has no bot %q; bots: %s", g.Name, name, strings.Join(BotNames(g), ", "))
}

// Hint returns advice for seat in s where the game offers it: in the bidding game, the optimal
// mixed strategy of the solved game and the position's value.
func Hint(g engine.Game, s engine.State, seat engine.Seat) (string, bool) {
	st, ok := s.(*pencil.State)
	if !ok || g.Name != pencil.Game.Name {
		return "", false
	}
	bids, probs, err := pencil.EquilibriumStrategy(st, seat)
	if err != nil {
		return "No hint: " + err.Error(), true
	}
	sol, err := pencil.Solved(st.Params())
	if err != nil {
		return "No hint: " + err.Error(), true
	}
	value := sol.Value(st.Points(0), st.Points(1), st.Ball())
	if seat == 1 {
		value = -value
	}
	var b strings.Builder
	fmt.Fprintf(&b, "Optimal play here (value for you %+.3f):", value)
	for i, a := range bids {
		fmt.Fprintf(&b, " bid %d (%.1f%%)", a, 100*probs[i])
		if i < len(bids)-1 {
			b.WriteString(",")
		}
	}
	return b.String(), true
}
