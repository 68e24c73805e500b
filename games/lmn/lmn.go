package lmn

import (
	"fmt"
	"maps"
	"slices"
	"strconv"

	"deuce/engine"
	"deuce/score"
)

// Game is Love Means Nothing for the deuce engine.
var Game = engine.Game{
	Name:    "lmn",
	Title:   "Love Means Nothing",
	Summary: "Tennis card game of defence and shot placement for 2 or 4 players: a point is a game",
	Rules:   rulesText,
	Options: []engine.OptionSpec{
		{
			Name:    "format",
			Default: "set",
			Values:  []string{"set", "best-of-3", "best-of-5"},
			Labels:  map[string]string{"set": "one set", "best-of-3": "best of 3 sets", "best-of-5": "best of 5 sets"},
			Help:    "one set, best of three or best of five sets; sets to 6 games by 2, a point is a game",
		},
		{
			Name:    "players",
			Default: "singles",
			Values:  []string{"singles", "doubles"},
			Help:    "singles (2 seats) or doubles (4 seats, teams of seats 1 and 3 against 2 and 4)",
		},
		{
			Name:    "first-server",
			Default: "1",
			Values:  []string{"1", "2", "3", "4"},
			Help:    "the seat that serves the first point (3 and 4 in doubles only)",
		},
		{
			Name:    "overlap",
			Default: OverlapNever,
			Values:  []string{OverlapNever, OverlapAfterSetup},
			Labels:  map[string]string{OverlapNever: "never", OverlapAfterSetup: "after the set-up"},
			Help: "never: preparation cards may not overlap, at the set-up and after every turn; after-setup: only " +
				"those laid out at the set-up may not, cards moved there at the end of a turn may",
		},
	},
	Variants: []engine.Variant{
		{Name: "singles", Summary: "one set of singles", Options: engine.Options{"players": "singles", "format": "set"}},
		{Name: "doubles", Summary: "one set of doubles, four players in two teams", Options: engine.Options{"players": "doubles", "format": "set"}},
		{Name: "best-of-3", Summary: "singles, best of three sets", Options: engine.Options{"players": "singles", "format": "best-of-3"}},
		{Name: "best-of-5", Summary: "singles, best of five sets", Options: engine.Options{"players": "singles", "format": "best-of-5"}},
		{Name: "doubles-best-of-3", Summary: "doubles, best of three sets", Options: engine.Options{"players": "doubles", "format": "best-of-3"}},
	},
	New:       newGame,
	Heuristic: Heuristic,
	// Search playouts look one point ahead: the decks are dealt afresh every point, so a move
	// changes nothing beyond the point in play.
	Horizon: 1,
}

// bestOf maps the format option to the number of sets.
var bestOf = map[string]int{"set": 1, "best-of-3": 3, "best-of-5": 5}

// Options configures a match, as Game.Options describes.
type Options struct {
	// Format is "set", "best-of-3" or "best-of-5"; "" means "set".
	Format string
	// Doubles makes a match of four seats in two teams.
	Doubles bool
	// FirstServer is the seat (0 to 1, or 0 to 3 in doubles) serving the first point.
	FirstServer int
	// Overlap is OverlapNever or OverlapAfterSetup; "" means OverlapNever.
	Overlap string
}

// Values of the overlap option: when the defence areas of preparation cards may overlap.
const (
	// OverlapNever forbids overlaps at the set-up and at the end of every turn (the default).
	OverlapNever = "never"
	// OverlapAfterSetup forbids overlaps only among the cards laid out at the set-up, the one
	// place the text states the rule.
	OverlapAfterSetup = "after-setup"
)

// newGame starts a match from resolved options; missing options take their defaults.
func newGame(opts engine.Options) (engine.State, error) {
	for _, k := range slices.Sorted(maps.Keys(opts)) {
		if k != "format" && k != "players" && k != "first-server" && k != "overlap" {
			return nil, fmt.Errorf("unknown option %q", k)
		}
	}
	o := Options{Format: opts["format"], Overlap: opts["overlap"]}
	switch v := opts["players"]; v {
	case "", "singles":
	case "doubles":
		o.Doubles = true
	default:
		return nil, fmt.Errorf("players %q: want singles or doubles", v)
	}
	if v := opts["first-server"]; v != "" {
		n, err := strconv.Atoi(v)
		if err != nil {
			return nil, fmt.Errorf("first-server %q: want a seat number", v)
		}
		o.FirstServer = n - 1
	}
	return New(o)
}

// New starts a match, before the first deal: the first actions are the chance draws of the deal.
func New(o Options) (*State, error) {
	if o.Format == "" {
		o.Format = "set"
	}
	sets, ok := bestOf[o.Format]
	if !ok {
		return nil, fmt.Errorf("format %q: want set, best-of-3 or best-of-5", o.Format)
	}
	var overlapAfterSetup bool
	switch o.Overlap {
	case "", OverlapNever:
	case OverlapAfterSetup:
		overlapAfterSetup = true
	default:
		return nil, fmt.Errorf("overlap %q: want %s or %s", o.Overlap, OverlapAfterSetup, OverlapNever)
	}
	n := 2
	if o.Doubles {
		n = 4
	}
	if o.FirstServer < 0 || o.FirstServer >= n {
		return nil, fmt.Errorf("first server %d: a match of %d players has seats 1 to %d", o.FirstServer+1, n, n)
	}
	m, err := score.NewMatch(score.Format{Kind: score.BestOfSets, BestOf: sets, Game: score.OnePoint, SetRule: score.AdvantageSet}, o.FirstServer%2)
	if err != nil {
		return nil, err
	}
	s := &State{score: m, n: int8(n), first: int8(o.FirstServer), overlapOK: overlapAfterSetup, last: shot{seat: -1}}
	s.startPoint()
	return s, nil
}

const rulesText = `Love Means Nothing (Ariel Seoane, rules v0.8) is a tennis card game for two players, or four
in doubles. A point is a game.

Cards. Every player has his own deck of 24 cards. A card shows two halves of a court: the
defence half covers one or two of the six zones of a half-court (back row BL BC BR, front row FL
FC FR, always read from the view of the player in that half), and the shot half places the ball
on one zone of the opponent's half. A card is used for one half or the other, never both. The
24 cards of the deck are RECONSTRUCTED (the rules do not list them): a mirror-symmetric deck of
12 one-zone and 12 two-zone defences, each zone covered 6 times and aimed at 4 times. They are
read from a data file that the owner of the physical game can replace. The card "13 BL+BC>BR"
defends BL and BC and aims at BR.

A point. Each player shuffles his deck: the server takes 6 cards, every other player 5; the rest
of each deck is that player's reserve pile. Then the receiver, and after him the server, lay out
as many cards of their hands as they wish face up as preparation cards, as long as no two
preparation cards cover a common zone. The server serves one card, from his hand or his
preparation area: the ball goes to its shot zone. He draws nothing after the serve.

Returning. The ball must be covered: the striker plays a card whose defence covers the zone of
the ball, and a card whose placement sends it back. Two cards with the same placement make a
special shot. A special shot is returned safely with two defence cards covering the ball;
returned with one, the striker is off balance and draws one card less than he played, so his
hand stays smaller for the rest of the rally. The possible shots:
  regular shot                 1 defence, 1 placement: 2 played, 2 drawn
  special shot                 1 defence, 2 placements: 3 played, 3 drawn
  safe return of a special     2 defences, 1 placement: 3 played, 3 drawn
  off-balance return           1 defence, 1 placement: 2 played, only 1 drawn
  safe counter-attack          2 defences, 2 placements: 4 played, 4 drawn
  off-balance counter-attack   1 defence, 2 placements: 3 played, only 2 drawn
Only one card per turn may come from the hand; the others come from the preparation area. To end
his turn the player first moves cards between his hand and his preparation area (both ways, no
two preparation cards overlapping unless option overlap=after-setup), then draws from his
reserve pile into his hand.

Losing a point. A player who cannot cover the ball, or has no card left to place a shot with,
loses the point: the one move he has is "concede".

Scoring. A point is a game. Sets go to 6 games by 2 (no tiebreak). The match is one set, best of
three or best of five (option format). Players serve in turn.

Doubles (option players=doubles, four seats). Seats 1 and 3 (A and C) play seats 2 and 4 (B and
D); the turn order is A, B, C, D: A plays to B in front of him, B diagonally to C, C in front to
D, D diagonally to A. Every player has his own deck. The rules are the same, with one addition:
instead of returning, a player may pass, discarding one of his preparation cards (his hand stays
a card smaller for the rest of the rally); his partner returns the ball, and the turn order
continues from the partner (C passes, A returns, then B plays).

Choices made where the rules are silent:
  - Between points every player gathers all his cards (hand, preparation area, cards played and
    discarded) and shuffles his whole deck for the next point, which starts with a fresh deal:
    the setup describes the start of every point, as its 6 and 5 cards for server and receiver
    imply. Within a rally a reserve pile is never reshuffled: a player draws what is left, and
    one who runs out of cards loses the point when he cannot play.
  - Overlapping preparation cards (option overlap). The text forbids overlapping defence areas
    where it introduces the preparation cards, at the setup; at the end of a turn it says only
    "moving cards from the preparation area onto your hand and vice versa". By default
    (overlap=never) preparation cards never overlap: the condition is part of what the text
    calls preparation cards ("These are their preparation cards"), and a condition that bound
    the first lay-out only could be undone at the end of the very first turn, so it would do
    nothing. Option overlap=after-setup plays the literal reading: a card moved to the
    preparation area at the end of a turn may share zones with the cards there (a safe return
    can then come wholly from the preparation area).
  - After the serve the server may move cards between hand and preparation area like after any
    turn; he draws nothing.
  - Against a regular shot exactly one defence card is played; the defence cards come before the
    placement cards; cards played stay on the court until the point ends.
  - A card moves at most once per end of turn (hand to preparation area or back). A player left
    holding no card has nothing to manage: his draw follows at once.
  - A player who can return or pass may not concede.
  - Doubles: the server takes 6 cards, the three others 5; the receiving team lays out its
    preparation cards first (receiver, his partner), then the server's partner, then the server.
    The serve goes to the next player in the turn order and passes round A, B, C, D, A, ... point
    by point. A passed ball cannot be passed back. A pass is not a turn: no cards are drawn.
  - Everybody sees preparation cards, cards played and discarded, the size of every hand and
    reserve pile, and which hand cards were taken back from a preparation area; hands and reserve
    piles are otherwise secret. Every draw is a chance event over the cards left in the reserve
    pile: there is no hidden deck order.
  - Option first-server (default 1) names the seat serving the first point.

Notation: "prep 13" (hand to preparation area), "take 13" (back to the hand), "done", "serve 7",
"defend 13", "aim 7", "hit", "pass 13", "concede"; chance outcomes "draw 13". The words after the
card number in the move lists ("defend 13 BL+BC from hand") may be typed or left out.`
