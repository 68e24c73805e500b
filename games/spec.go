package games

import (
	"fmt"
	"math"
	"strconv"
	"strings"

	"deuce/bot"
	"deuce/bot/ismcts"
	"deuce/engine"
)

// A bot spec is a search level with settings that replace the level's own, for designers
// trying variants of a bot in simulations without editing code: "expert:horizon=0:trees=8"
// is expert playing its playouts to the end of the match in eight trees. Settings are
// separated by colons, so that a spec fits in a comma-separated list of bots. Every key and
// value is checked (specKeys); the bot's name is the spec as written, so that a report tells
// the variants apart.
//
// Specs are for simulations and the terminal only: a server offers its levels by name alone
// (NewBot), since a spec can make a bot spend far more than any level does.

// specKey is one setting a bot spec may change, with its range.
type specKey struct {
	name, help string
	min, max   float64
	integer    bool
}

// specKeys are the settings of a bot spec, in the order errors list them.
var specKeys = []specKey{
	{"iterations", "iterations a move, over all trees", 1, 1_000_000, true},
	{"trees", "independent trees, their root statistics merged", 1, 64, true},
	{"c", "UCB1's exploration constant", 0.01, 10, false},
	{"bias", "weight of the heuristic's choice (progressive bias); 0 for none", 0, 1000, false},
	{"horizon", "points a playout plays before it is scored; 0 plays to the end of the match", 0, 20, true},
	{"determinizations", "playouts per iteration, each from a fresh deal of the unseen cards", 1, 64, true},
	{"single", "1 keys the opponents' nodes by what the searching seat sees (single-observer), 0 by their own view", 0, 1, true},
	{"own", "1 makes every playout and prior choice on a deal of the unseen cards for the seat choosing, 0 on the iteration's deal", 0, 1, true},
	{"lead", "weight of the fitted lead in the points to come, added at the horizon; 0 for none", 0, 10, false},
	{"judge", "1 values a playout's end (at the horizon, which must be set) by the chance of winning the match, the next points won at the rate the fitted lead (at weight lead, 1 unless set) gives and the rest coin tosses, in units of the point in play; 0 counts points", 0, 1, true},
	{"infer", "1 deals the unseen cards by what the public play shows of them (a player who could not return holds none of the cards that return), 0 uniformly", 0, 1, true},
	{"abstract", "1 keys the tree by what bears on the match's future (Worldwide: not the faces the dice showed), 0 by all the seat knows", 0, 1, true},
	{"prune", "1 leaves out of the tree, below its root, the moves a search never needs (taking back a card just picked), in the games that say which (AlakaSLAM); 0 keeps every legal move", 0, 1, true},
	{"oracle", "1 searches the true state, every hidden card seen (a bound for study, not a fair player)", 0, 1, true},
}

// SpecSettings names the settings a bot spec may carry, in the order errors list them.
func SpecSettings() []string {
	names := make([]string, len(specKeys))
	for i, k := range specKeys {
		names[i] = k.name
	}
	return names
}

// settings are the values a bot spec sets, by key; the others keep the level's.
type settings map[string]float64

// apply sets the options the settings name.
func (set settings) apply(o *ismcts.Options, g engine.Game) {
	for k, v := range set {
		switch k {
		case "iterations":
			o.Iterations = int(v)
		case "trees":
			o.Trees = int(v)
		case "c":
			o.Exploration = v
		case "bias":
			o.Bias = v
		case "horizon":
			o.Horizon = int(v)
		case "determinizations":
			o.Determinizations = int(v)
		case "single":
			o.SingleObserver = v == 1
		case "own":
			o.OwnView = v == 1
		case "oracle":
			o.Oracle = v == 1
		case "infer":
			o.Infer = v == 1
		case "prune":
			o.Prune = v == 1
		case "abstract":
			o.Abstract = v == 1
		case "lead":
			o.Leaf = nil
			if m := leadModels[g.Name]; m != nil && v > 0 {
				o.Leaf = m.weighted(v)
			}
		case "judge":
			o.Judge = nil
			if m := leadModels[g.Name]; m != nil && v == 1 {
				w, ok := set["lead"]
				if !ok {
					w = 1
				}
				o.Judge = m.judge(w)
			}
		}
	}
}

// NewBotSpec returns the bot a spec names: a level's name (as NewBot takes it), or a search
// level followed by settings, "expert:horizon=0:trees=8". Unknown keys, malformed values and
// values out of range are errors that say what is accepted.
func NewBotSpec(g engine.Game, spec string) (bot.Bot, error) {
	spec = strings.ToLower(strings.TrimSpace(spec))
	level, rest, ok := strings.Cut(spec, ":")
	if !ok {
		return NewBot(g, spec)
	}
	var l *searchLevel
	for i := range searchLevels {
		if searchLevels[i].name == level {
			l = &searchLevels[i]
		}
	}
	if l == nil {
		return nil, fmt.Errorf("bot %q: only the search levels (medium, hard, expert) take settings", spec)
	}
	set, err := parseSettings(g, rest)
	if err != nil {
		return nil, fmt.Errorf("bot %q: %w", spec, err)
	}
	o := l.options(g, set)
	if o.Judge != nil && o.Horizon == 0 {
		return nil, fmt.Errorf("bot %q: judge=1 values where a playout stops, and horizon=0 plays to the match's end: give a horizon of 1 or more", spec)
	}
	o.Name = spec
	return ismcts.New(o), nil
}

// parseSettings reads key=value settings separated by colons.
func parseSettings(g engine.Game, text string) (settings, error) {
	set := settings{}
	for _, part := range strings.Split(text, ":") {
		key, val, ok := strings.Cut(part, "=")
		if !ok || key == "" || val == "" {
			return nil, fmt.Errorf("setting %q: want key=value; keys: %s", part, keyNames())
		}
		i := -1
		for j, k := range specKeys {
			if k.name == key {
				i = j
			}
		}
		if i < 0 {
			return nil, fmt.Errorf("no setting %q; settings: %s", key, keyNames())
		}
		k := specKeys[i]
		if _, twice := set[key]; twice {
			return nil, fmt.Errorf("setting %s given twice", key)
		}
		v, err := strconv.ParseFloat(val, 64)
		if err != nil || math.IsNaN(v) || math.IsInf(v, 0) || (k.integer && v != math.Trunc(v)) {
			kind := "a number"
			if k.integer {
				kind = "a whole number"
			}
			return nil, fmt.Errorf("%s=%s: want %s from %s to %s (%s)", key, val, kind, num(k.min), num(k.max), k.help)
		}
		if v < k.min || v > k.max {
			return nil, fmt.Errorf("%s=%s is out of range: %s to %s (%s)", key, val, num(k.min), num(k.max), k.help)
		}
		if key == "lead" && v > 0 && leadModels[g.Name] == nil {
			return nil, fmt.Errorf("lead=%s: %s has no fitted lead (games with one: %s)", val, g.Name, strings.Join(leadGames(), ", "))
		}
		if key == "judge" && v == 1 && leadModels[g.Name] == nil {
			return nil, fmt.Errorf("judge=1: %s has no fitted lead to judge by (games with one: %s)", g.Name, strings.Join(leadGames(), ", "))
		}
		if key == "infer" && v == 1 && !infers(g) {
			return nil, fmt.Errorf("infer=1: %s deals what a seat cannot see by nothing but what it sees (games that infer: %s)", g.Name, strings.Join(inferGames(), ", "))
		}
		set[key] = v
	}
	return set, nil
}

// infers reports whether g's states deal by what the public play shows (engine.Inferrer).
func infers(g engine.Game) bool {
	s, _, err := g.Start(nil)
	if err != nil {
		return false
	}
	_, ok := s.(engine.Inferrer)
	return ok
}

// inferGames names the games that infer.
func inferGames() []string {
	var names []string
	for _, g := range All() {
		if infers(g) {
			names = append(names, g.Name)
		}
	}
	return names
}

// num writes a bound as people read it: 1000000, 0.01.
func num(v float64) string { return strconv.FormatFloat(v, 'f', -1, 64) }

func keyNames() string {
	names := make([]string, len(specKeys))
	for i, k := range specKeys {
		names[i] = k.name
	}
	return strings.Join(names, ", ")
}
