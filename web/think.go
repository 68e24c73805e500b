package web

import (
	"context"
	"errors"
	"math/rand/v2"

	"deuce/bot"
	"deuce/engine"
	"deuce/games"
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
// the level's answer, which easy's depends on the game), and to play the game's quick bot (the
// heuristic, or random where there is none) when its search cannot be had in its time.
func (t thinkers) gate(g engine.Game, b bot.Bot, search bool) bot.Bot {
	if !search {
		return b
	}
	level := "random"
	if g.Heuristic != nil {
		level = "heuristic"
	}
	quick, err := games.NewBot(g, level)
	if err != nil {
		quick = nil // no fallback: the match thinks again after a pause
	}
	return gatedBot{Bot: b, turns: t, quick: quick}
}

// gatedBot is a search bot that thinks only in its turn.
type gatedBot struct {
	bot.Bot
	turns thinkers
	quick bot.Bot
}

func (g gatedBot) Choose(ctx context.Context, s engine.State, seat engine.Seat, rng *rand.Rand) (engine.Action, error) {
	select {
	case g.turns <- struct{}{}:
	case <-ctx.Done():
		return g.instead(ctx, s, seat, rng, ctx.Err())
	}
	a, err := g.Bot.Choose(ctx, s, seat, rng)
	<-g.turns
	if err != nil {
		return g.instead(ctx, s, seat, rng, err)
	}
	return a, nil
}

// instead plays the quick bot's move when the search ran out of its time before it had a move
// (its turn among the thinkers did not come, or its clock left it too little to search): a bot
// short of time moves rather than thinking again after a pause while its clock runs. A table
// that ends (ctx cancelled) plays nothing.
func (g gatedBot) instead(ctx context.Context, s engine.State, seat engine.Seat, rng *rand.Rand, err error) (engine.Action, error) {
	if g.quick == nil || errors.Is(ctx.Err(), context.Canceled) {
		return 0, err
	}
	return g.quick.Choose(context.WithoutCancel(ctx), s, seat, rng)
}
