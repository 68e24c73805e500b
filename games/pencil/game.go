package pencil

import (
	"fmt"
	"maps"
	"slices"
	"strconv"
	"strings"

	"deuce/engine"
)

// Game is Tennis, the paper-and-pencil bidding game, for the deuce engine.
var Game = engine.Game{
	Name:    "pencil",
	Title:   "Tennis (paper and pencil)",
	Summary: "Two players secretly bid points to push a ball over the net and out of the other's court",
	Rules:   rulesText,
	Options: []engine.OptionSpec{
		{
			Name:    "points",
			Default: "50",
			Help:    "starting points: one number for both players (50), or two for player 1 and player 2 (50,40 or 50/40); 1 to 1000 each",
		},
		{
			Name:    "fields",
			Default: "2",
			Values:  []string{"1", "2", "3", "4", "5"},
			Help:    "fields on each side of the centre line",
		},
		{
			Name:    "scoring",
			Default: "winloss",
			Values:  []string{"winloss", "knockout"},
			Labels:  map[string]string{"winloss": "win or lose", "knockout": "knockout"},
			Help:    "win or lose (winloss): +1 for the winner, -1 for the loser; knockout: 2 for a ball pushed beyond the field, 1 for a win when both are out of points",
		},
		{
			Name:    "jump",
			Default: "yes",
			Values:  []string{"yes", "no"},
			Help:    "yes: a ball pushed from the bidder's own side jumps to the opponent's first field; no (Oshi-Zumo): it moves one field",
		},
	},
	Variants: []engine.Variant{
		{Name: "standard", Summary: "50 points each, two fields a side, win or lose", Options: engine.Options{}},
		{Name: "knockout", Summary: "two points for a ball pushed beyond the field, one otherwise", Options: engine.Options{"scoring": "knockout"}},
		{Name: "oshi-zumo", Summary: "the ball moves one field at a time and never jumps the centre line", Options: engine.Options{"jump": "no"}},
	},
	New:       newGame,
	Heuristic: Heuristic,
}

// Limits of the options.
const (
	MaxPoints = 1000
	MaxFields = 5
)

// Scoring is how a finished match pays.
type Scoring int

const (
	// WinLoss pays +1 to the winner and -1 to the loser, 0 each for a draw.
	WinLoss Scoring = iota
	// Knockout pays 2 for a ball pushed beyond the loser's field and 1 for a win when both
	// players are out of points ("two win points if the ball is moved beyond the field,
	// otherwise only one").
	Knockout
)

// String returns the option value: "winloss" or "knockout".
func (c Scoring) String() string {
	if c == Knockout {
		return "knockout"
	}
	return "winloss"
}

// Params are the settings of a match: starting points, fields per side, scoring and the jump
// rule. They are also the key of a solved game.
type Params struct {
	Points1, Points2 int
	Fields           int
	Scoring          Scoring
	Jump             bool
}

// DefaultParams are the standard game's settings.
var DefaultParams = Params{Points1: 50, Points2: 50, Fields: 2, Scoring: WinLoss, Jump: true}

// Validate reports settings outside the game's limits.
func (p Params) Validate() error {
	if p.Points1 < 1 || p.Points1 > MaxPoints || p.Points2 < 1 || p.Points2 > MaxPoints {
		return fmt.Errorf("points %d and %d: each must be from 1 to %d", p.Points1, p.Points2, MaxPoints)
	}
	if p.Fields < 1 || p.Fields > MaxFields {
		return fmt.Errorf("fields %d: want 1 to %d", p.Fields, MaxFields)
	}
	if p.Scoring != WinLoss && p.Scoring != Knockout {
		return fmt.Errorf("scoring %d: want winloss or knockout", int(p.Scoring))
	}
	return nil
}

// ParamsFromOptions reads match options (as in Game.Options; missing ones take their
// defaults).
func ParamsFromOptions(opts engine.Options) (Params, error) {
	p := DefaultParams
	for _, k := range slices.Sorted(maps.Keys(opts)) { // in order, so an error is always the same
		v := opts[k]
		v = strings.TrimSpace(v)
		switch strings.ToLower(k) {
		case "points":
			a, b, err := parsePoints(v)
			if err != nil {
				return Params{}, err
			}
			p.Points1, p.Points2 = a, b
		case "fields":
			n, err := strconv.Atoi(v)
			if err != nil || n < 1 || n > MaxFields {
				return Params{}, fmt.Errorf("fields %q: want a whole number from 1 to %d", v, MaxFields)
			}
			p.Fields = n
		case "scoring":
			switch strings.ToLower(v) {
			case "winloss":
				p.Scoring = WinLoss
			case "knockout":
				p.Scoring = Knockout
			default:
				return Params{}, fmt.Errorf("scoring %q: want winloss or knockout", v)
			}
		case "jump":
			switch strings.ToLower(v) {
			case "yes":
				p.Jump = true
			case "no":
				p.Jump = false
			default:
				return Params{}, fmt.Errorf("jump %q: want yes or no", v)
			}
		default:
			return Params{}, fmt.Errorf("unknown option %q; options: points, fields, scoring, jump", k)
		}
	}
	return p, p.Validate()
}

// parsePoints reads "50" (both players) or "50,40" (player 1, player 2); "/", ":" and ";"
// also separate, since engine.ParseOptions splits option lists at commas.
func parsePoints(v string) (int, int, error) {
	bad := fmt.Errorf("points %q: want a whole number from 1 to %d, or two of them for player 1 and player 2 (50,40 or 50/40)", v, MaxPoints)
	parts := strings.FieldsFunc(v, func(r rune) bool { return r == ',' || r == '/' || r == ':' || r == ';' })
	if len(parts) < 1 || len(parts) > 2 || strings.Count(v, ",")+strings.Count(v, "/")+strings.Count(v, ":")+strings.Count(v, ";") != len(parts)-1 {
		return 0, 0, bad
	}
	var n [2]int
	for i, s := range parts {
		x, err := strconv.Atoi(strings.TrimSpace(s))
		if err != nil || x < 1 || x > MaxPoints {
			return 0, 0, bad
		}
		n[i] = x
	}
	if len(parts) == 1 {
		n[1] = n[0]
	}
	return n[0], n[1], nil
}

func newGame(opts engine.Options) (engine.State, error) {
	p, err := ParamsFromOptions(opts)
	if err != nil {
		return nil, err
	}
	return New(p)
}

const rulesText = `Tennis is a paper-and-pencil bidding game for two players (M. Mala, Das große Buch der Block-
und Bleistiftspiele, 1998).

The court. A strip of fields with a centre line in the middle: player 1 owns the fields -2 and
-1, player 2 the fields 1 and 2 (with the fields option, F fields a side: -F..-1 and 1..F);
0 is the centre line and -3 and +3 (in general -(F+1) and F+1) mean "beyond the field". The
ball starts on the centre line.

Bidding. Each player starts with 50 points. Every round both players secretly write down a bid,
a whole number of their remaining points: at least 1 while they have points left, and 0 only
when they have none. Both bids are then revealed and each player loses what he bid.

The ball. The higher bid pushes the ball away from the bidder. If player 1 bid more, the ball
moves towards player 2: if it was on player 1's side it jumps over the centre line to player
2's first field (+1), otherwise it moves one field on (+1). If player 2 bid more, the same
happens towards player 1. Equal bids leave the ball where it is.

The end. The match ends as soon as the ball is pushed beyond a player's field, or when both
players are out of points. The player on whose side the ball then lies loses. If both players
are out of points with the ball on the centre line, the match is a draw.

Choices made where the text is silent or damaged:
  - The source lost its comparison signs; the example tables fix them: the higher bid pushes
    the ball away from the bidder.
  - The source's second example overspends player 1's points (his bids add up to 51 of 50):
    its last bid is refused. By then both players are out of points and the match is over,
    won by player 1 with the ball on player 2's second field.
  - A player who is out of points while the other still has some must bid 0 every round, so
    each round pushes the ball towards him.
  - Ball on the centre line when both are out of points: a draw.
  - Starting points (option points, default 50): one number for both players or two for
    player 1 and player 2, like "50,40" (or "50/40", handy on a command line), 1 to 1000 each.
  - Fields a side (option fields, 1 to 5, default 2).
  - Scoring (option scoring): "winloss" (default) pays +1 and -1, 0 each for a draw;
    "knockout" follows the text's scoring for repeated play: the winner scores 2 when the ball
    is pushed beyond the loser's field and 1 when both ran out of points (the loser scores the
    opposite), 0 each for a draw.
  - Jump (option jump, default yes): with "no", the Oshi-Zumo rule, the ball always moves one
    field, even from the bidder's own side, so it crosses the centre line one step at a time.

Variants: standard (the defaults), knockout (scoring=knockout), oshi-zumo (jump=no).

Playing on deuce. The bids of a round are secret and simultaneous: player 1 bids first, then
player 2, and nobody (player 2, spectators) sees player 1's bid before the round is complete.
Notation: "bid 7", or just "7".`
