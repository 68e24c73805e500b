package web

import (
	"context"
	"math/rand/v2"

	"deuce/bot"
	"deuce/engine"
)

// A search bot thinks until its move's deadline on as many cores as it is given (expert takes
// them all for up to 2 s a move), so the bots of every live table together could ask for far
// more than the machine has. thinkers bounds the searches running at once, server-wide
// (Limits.Thinkers, one per core by default); a search waiting for its turn waits under its
// table's context, and its wait counts on its clock as its thinking would.
type thinkers chan struct{}

// cheapBots are the levels that choose at once, with no search: they never wait for a turn.
var cheapBots = map[string]bool{"random": true, "easy": true, "heuristic": true}

// gate returns b, made to take a turn among the server's thinkers when it searches (searches:
// the level's answer, which easy's depends on the game).
func (t thinkers) gate(b bot.Bot, search bool) bot.Bot {
	if !search {
		return b
	}
	return gatedBot{Bot: b, turns: t}
}

// gatedBot is a search bot that thinks only in its turn.
type gatedBot struct {
	bot.Bot
	turns thinkers
}

func (g gatedBot) Choose(ctx context.Context, s engine.State, seat engine.Seat, rng *rand.Rand) (engine.Action, error) {
	select {
	case g.turns <- struct{}{}:
	case <-ctx.Done():
		return 0, ctx.Err()
	}
	defer func() { <-g.turns }()
	return g.Bot.Choose(ctx, s, seat, rng)
}
