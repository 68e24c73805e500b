package worldwide

import (
	"fmt"
	"maps"
	"slices"
	"strings"

	"deuce/engine"
)

// Game is Worldwide Tennis for the deuce engine.
var Game = engine.Game{
	Name:    "worldwide",
	Title:   "Worldwide Tennis",
	Summary: "Card game of shots, stars and d20 rolls on four surfaces; a tiebreak or a full match, or solo against the automaton",
	Rules:   rulesText,
	Options: []engine.OptionSpec{
		{Name: "mode", Default: "tiebreak", Values: []string{"tiebreak", "match"},
			Labels: map[string]string{"tiebreak": "a tiebreak", "match": "a full match"},
			Help:   "a tiebreak to 7 by 2, or a full match of two-point games and sets with a tiebreak at 6-6"},
		{Name: "sets", Default: "3", Values: []string{"3", "5"},
			Labels: map[string]string{"3": "best of 3", "5": "best of 5"}, When: map[string][]string{"mode": {"match"}},
			Help: "full match: best of 3 or best of 5 sets"},
		{Name: "surface", Default: "hard", Values: []string{"hard", "clay", "grass", "indoor"},
			Help: "the court, which sets each card's surface malus: how much harder the card is to answer"},
		{Name: "rules", Default: "initiation", Values: []string{"initiation", "basic", "advanced"},
			Labels: map[string]string{"initiation": "initiation match", "basic": "basic rules", "advanced": "advanced rules"},
			Help: "initiation: the match to learn with, where good shots win no stars and topspin and slice do nothing; " +
				"basic: good shots win the stars shown on their cards; " +
				"advanced: you may also pay stars before a roll to make it easier, and topspin and slice take effect (rules 14-16)"},
		{Name: "challenges", Default: "no", Values: []string{"no", "yes", "rally"},
			Labels: map[string]string{"yes": "yes, serves too", "rally": "rally shots only"},
			Help: "each player holds two Challenge tokens to dispute a roll missed by one: a coin toss (the Ball-in token) decides, " +
				"and a lost challenge costs the token and the point; yes: serves and rally shots; rally: rally shots only (optional rule 17)"},
		{Name: "second-serve", Default: "other", Values: []string{"other", "any"},
			Labels: map[string]string{"other": "another serve card", "any": "any serve card"},
			Help:   "after a fault, other: the second serve takes a different serve card; any: any of the five, the one that missed included (rule 8)"},
		{Name: "player-cards", Default: "no", Values: []string{"no", "yes"},
			Help: "each player chooses a player card that changes the starting hand, the stars and some rolls; " +
				"the cards offered are invented examples, as the printed ones are not public (optional rule 18)"},
		{Name: "solo", Default: "no", Values: []string{"no", "yes"},
			Help: "one player against the game itself: an automaton that draws its shots from five piles and rolls for them (rules 19-20)"},
	},
	Variants: []engine.Variant{
		{Name: "tiebreak", Summary: "a tiebreak to 7 on hard court, the initiation match", Options: engine.Options{"mode": "tiebreak", "rules": "initiation", "surface": "hard"}},
		{Name: "basic", Summary: "a tiebreak on hard court, basic rules: stars won from card icons", Options: engine.Options{"mode": "tiebreak", "rules": "basic", "surface": "hard"}},
		{Name: "match", Summary: "a full match, best of 3 sets, advanced rules", Options: engine.Options{"mode": "match", "rules": "advanced"}},
		{Name: "advanced", Summary: "a tiebreak with stars, topspin and slice", Options: engine.Options{"mode": "tiebreak", "rules": "advanced"}},
		{Name: "solo", Summary: "one player against the automaton, a tiebreak, advanced rules", Options: engine.Options{"solo": "yes", "rules": "advanced"}},
		{Name: "clay", Summary: "a tiebreak on clay, advanced rules", Options: engine.Options{"surface": "clay", "rules": "advanced"}},
		{Name: "grass", Summary: "a tiebreak on grass, advanced rules", Options: engine.Options{"surface": "grass", "rules": "advanced"}},
		{Name: "indoor", Summary: "a tiebreak indoors, advanced rules", Options: engine.Options{"surface": "indoor", "rules": "advanced"}},
	},
	New:       newGame,
	Heuristic: Heuristic,
	// Search playouts look one point ahead: the hand carries over, but the point in play decides
	// almost all a move can change.
	Horizon: 1,
}

// Options configures a match, as Game.Options describes.
type Options struct {
	Match   bool   // full-match mode; false for the tiebreak mode
	Sets    int    // full match: best of 3 or 5 (0 means 3)
	Surface string // "hard", "clay", "grass" or "indoor" ("" means hard)
	// Advanced selects the advanced rules (rules 15-16); Basic the basic rules after the
	// initiation match, where validated cards give their stars (rule 9's example); neither, the
	// initiation match (rule 14). Advanced includes what Basic gives.
	Advanced bool
	Basic    bool
	// Challenges is optional rule 17; RallyChallengesOnly keeps challenges to rally shots, where
	// the text lets a serve be challenged too.
	Challenges          bool
	RallyChallengesOnly bool
	// SecondServeAny lets the second serve use the card of the first (rule 8 read as a fresh
	// choice); by default it is another card.
	SecondServeAny bool
	PlayerCards    bool // optional rule 18
	Solo           bool // one player against the automaton
}

// New starts a match. Its first actions are the choice of player cards (when in play), the
// draws of the starting hands and the toss.
func New(o Options) (*State, error) {
	cfg := config{match: o.Match, bestOf: 3, challenges: o.Challenges, rallyOnly: o.RallyChallengesOnly,
		secondAny: o.SecondServeAny, playerCards: o.PlayerCards, solo: o.Solo, surface: hard}
	cfg.advanced = o.Advanced
	cfg.starGains = o.Advanced || o.Basic
	switch o.Sets {
	case 0, 3:
	case 5:
		cfg.bestOf = 5
	default:
		return nil, fmt.Errorf("sets %d: want 3 or 5", o.Sets)
	}
	if o.Surface != "" {
		i := indexOf(surfaceNames[:], o.Surface)
		if i < 0 {
			return nil, fmt.Errorf("surface %q: want hard, clay, grass or indoor", o.Surface)
		}
		cfg.surface = int8(i)
	}
	return newState(cfg), nil
}

// optionValues maps each option's values (the surface aside, which New checks) to what they
// set in Options; nil sets nothing.
var optionValues = map[string]map[string]func(*Options){
	"mode": {"tiebreak": nil, "match": func(o *Options) { o.Match = true }},
	"sets": {"3": func(o *Options) { o.Sets = 3 }, "5": func(o *Options) { o.Sets = 5 }},
	"rules": {"initiation": nil, "basic": func(o *Options) { o.Basic = true },
		"advanced": func(o *Options) { o.Advanced = true }},
	"challenges": {"no": nil, "yes": func(o *Options) { o.Challenges = true },
		"rally": func(o *Options) { o.Challenges, o.RallyChallengesOnly = true, true }},
	"second-serve": {"other": nil, "any": func(o *Options) { o.SecondServeAny = true }},
	"player-cards": {"no": nil, "yes": func(o *Options) { o.PlayerCards = true }},
	"solo":         {"no": nil, "yes": func(o *Options) { o.Solo = true }},
}

// newGame starts a match from resolved options; missing options take their defaults.
func newGame(opts engine.Options) (engine.State, error) {
	var o Options
	for _, k := range slices.Sorted(maps.Keys(opts)) {
		v := opts[k]
		if k == "surface" {
			o.Surface = v
			continue
		}
		values, ok := optionValues[k]
		if !ok {
			return nil, fmt.Errorf("unknown option %q", k)
		}
		set, ok := values[v]
		if !ok {
			want := slices.Sorted(maps.Keys(values))
			return nil, fmt.Errorf("option %s=%q: want %s or %s", k, v, strings.Join(want[:len(want)-1], ", "),
				want[len(want)-1])
		}
		if set != nil {
			set(&o)
		}
	}
	return New(o)
}
