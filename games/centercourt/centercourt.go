package centercourt

import (
	"fmt"
	"maps"
	"slices"

	"deuce/engine"
	"deuce/score"
)

// Game is Center Court for the deuce engine.
var Game = engine.Game{
	Name:    "centercourt",
	Title:   "Center Court",
	Summary: "Two-player card game of serves and volleys, scored as a real tennis match",
	Rules:   rulesText,
	Options: []engine.OptionSpec{
		{
			Name:    "format",
			Default: "set",
			Values:  []string{"tiebreak", "set", "best-of-3", "best-of-5"},
			Labels:  map[string]string{"tiebreak": "one tiebreak", "set": "one set", "best-of-3": "best of 3 sets", "best-of-5": "best of 5 sets"},
			Help:    "how much tennis to play: one tiebreak to 7, one set (tiebreak at 6-6), best of 3 or best of 5 sets",
		},
		{
			Name:    "server-refill",
			Default: "yes",
			Values:  []string{"yes", "no"},
			Help:    "whether the server also refills to 8 cards after a serve that is in",
		},
		{
			Name:    "first-server",
			Default: "1",
			Values:  []string{"1", "2"},
			Help:    "the seat that serves the first point of the match",
		},
	},
	Variants: []engine.Variant{
		{Name: "set", Summary: "one set, tiebreak at 6-6", Options: engine.Options{"format": "set"}},
		{Name: "tiebreak", Summary: "one tiebreak to 7 by 2: a quick game", Options: engine.Options{"format": "tiebreak"}},
		{Name: "best-of-3", Summary: "best of three sets", Options: engine.Options{"format": "best-of-3"}},
		{Name: "best-of-5", Summary: "best of five sets", Options: engine.Options{"format": "best-of-5"}},
	},
	New:       newGame,
	Heuristic: Heuristic,
	// Search playouts look two points ahead: the hand carries over from point to point, so a
	// move is judged by the point in play and the next.
	Horizon: 2,
}

// formats maps the format option to the tennis score kept.
var formats = map[string]score.Format{
	"tiebreak":  {Kind: score.SingleTiebreak, TiebreakPoints: 7},
	"set":       {Kind: score.BestOfSets, BestOf: 1, Game: score.Advantage, SetRule: score.TiebreakSet},
	"best-of-3": {Kind: score.BestOfSets, BestOf: 3, Game: score.Advantage, SetRule: score.TiebreakSet},
	"best-of-5": {Kind: score.BestOfSets, BestOf: 5, Game: score.Advantage, SetRule: score.TiebreakSet},
}

// newGame starts a match from resolved options; missing options take their defaults.
func newGame(opts engine.Options) (engine.State, error) {
	for _, k := range slices.Sorted(maps.Keys(opts)) {
		if k != "format" && k != "server-refill" && k != "first-server" {
			return nil, fmt.Errorf("unknown option %q", k)
		}
	}
	o := Options{Format: "set", ServerRefill: true}
	if v, ok := opts["format"]; ok {
		o.Format = v
	}
	switch v := opts["server-refill"]; v {
	case "", "yes":
	case "no":
		o.ServerRefill = false
	default:
		return nil, fmt.Errorf("server-refill %q: want yes or no", v)
	}
	switch v := opts["first-server"]; v {
	case "", "1":
	case "2":
		o.FirstServer = 1
	default:
		return nil, fmt.Errorf("first-server %q: want 1 or 2", v)
	}
	return New(o)
}

// Options configures a match, as Game.Options describes.
type Options struct {
	// Format is "tiebreak", "set", "best-of-3" or "best-of-5"; "" means "set".
	Format string
	// ServerRefill makes the server refill to 8 cards after a serve that is in.
	ServerRefill bool
	// FirstServer is the seat (0 or 1) serving the first point.
	FirstServer int
}

// New starts a match, before the deal: the first actions are the chance draws of the deal.
func New(o Options) (*State, error) {
	if o.Format == "" {
		o.Format = "set"
	}
	f, ok := formats[o.Format]
	if !ok {
		return nil, fmt.Errorf("format %q: want tiebreak, set, best-of-3 or best-of-5", o.Format)
	}
	m, err := score.NewMatch(f, o.FirstServer)
	if err != nil {
		return nil, fmt.Errorf("first server %d: %w", o.FirstServer, err)
	}
	s := &State{score: m, serverRefill: o.ServerRefill, phase: phaseDeal}
	for v := 1; v <= numValues; v++ {
		s.draw[v] = copies
	}
	s.server = int8(m.Server())
	s.striker = s.server
	return s, nil
}

const rulesText = `Center Court is a two-player card game that plays a tennis match.

Cards. A deck of 36 cards, six each of the values 1 to 6, and a Service Die with faces 1, 1, 2,
5, 6, 6. The deck is shuffled and each player is dealt 8 cards. Hands carry over from point to
point and from game to game.

Serving. The server plays one card: its value is the serve and becomes the Volley Value. A serve
of 3 or 4 is always in. After a serve of 1, 2, 5 or 6 the server rolls the Service Die; if the
face shows the value served, the serve is a fault (so 1 and 6 fault one time in three, 2 and 5
one time in six). After a fault the server refills his hand to 8 cards and serves again, with any
card, rolled the same way. A second fault is a double fault and the receiver wins the point.

Returning. A serve that is in must be returned, and then each return must be returned in turn.
To return Volley Value v a player plays either one card of value v, or 1 + |v - w| cards of
one other value w: two cards one step away, three cards two steps away, and so on (Volley Value
4 is returned by 4, 3-3, 5-5, 2-2-2, 6-6-6 or 1-1-1-1; 6 by 6, 5-5, 4-4-4, 3-3-3-3, ...). The
value played becomes the new Volley Value. After returning, the player refills his hand to 8
cards. The printed table in the original rules has two misprints (row 4 omits 5-5, row 6 prints
2-2-2 for 4-4-4); the rule above is the one played. A player who cannot return loses the point.

Scoring. Regular tennis: 15, 30, 40, deuce and advantage; sets to 6 games by 2 with a tiebreak
to 7 by 2 at 6-6; servers alternate every game and in tiebreaks serve A, B B, A A, ...

Choices made where the rules are silent:
  - Format (option format): one tiebreak to 7 by 2 as the whole match ("tiebreak", a quick
    game), one set with a tiebreak at 6-6 ("set", the default), best of 3 or best of 5 sets.
    Games are advantage games; every set has a tiebreak at 6-6.
  - Server refill (option server-refill, default yes): the server also refills to 8 cards after
    a serve that is in, before the receiver returns, keeping both hands at the 8 the deal
    implies. With "no" the server draws only after a fault and after his own returns, so an
    ace leaves him a card short.
  - First server (option first-server, default 1): player 1 serves the first point; afterwards
    the tennis score decides who serves.
  - The deal is one card at a time, alternately, starting with player 1.
  - Played cards stay on the table until the point ends, then go to the discard pile. When a
    card must be drawn and the draw pile is empty, the discards are shuffled to form a new draw
    pile; if both are empty (a very long rally), the player draws nothing and keeps a short
    hand until his next refill.
  - A server holding no card at all when a point starts (possible only with server-refill no,
    or after a rally that exhausted both piles) first refills to 8.
  - A player who cannot return has one move, concede, and loses the point; a player who can
    return must return (conceding is not allowed then).
  - Every draw is a chance event whose outcomes are the values still in the draw pile, weighted
    by count: there is no hidden deck order.

Notation: "serve 4"; "return 5-5" (also "5-5", "55", "5x2"; a single card "return 4" or "4");
"concede"; chance outcomes "draw 3" and "die 6".`
