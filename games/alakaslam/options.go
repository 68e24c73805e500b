package alakaslam

import (
	"fmt"

	"deuce/engine"
)

// The rule options: readings of the text where it leaves a choice that changes play (the
// arguments are in doc.go and Game.Rules).
const (
	// TootsTurn (the default) lets Meddlemagus Toots use her ability at any of her decisions in
	// her team's turn before she picks cards, the serve of a team included, and after her hit.
	TootsTurn = "turn"
	// TootsMoves lets her use it only at her movement decisions: before a singles serve but not
	// before a team's, and after her hit only when she did not move before it.
	TootsMoves = "moves"

	// TeamTogether (the default) plans the two teammates' movement openly and applies it to
	// both at once: a teammate may pass through or end on the space the other leaves.
	TeamTogether = "together"
	// TeamOneByOne moves the teammates one after the other on the court, never sharing a space.
	TeamOneByOne = "one-by-one"

	// PlayedNextShot (the default) leaves a shot's cards on the table until the next shot or the
	// end of the point: Josephias cannot take back a card he has just played.
	PlayedNextShot = "next-shot"
	// PlayedAfterHit puts a shot's cards in the discards once the shot is resolved, before the
	// draw phase: Josephias may take back a card he has just played.
	PlayedAfterHit = "after-hit"
)

// ruleOptions are the option specs of the rule options.
func ruleOptions() []engine.OptionSpec {
	return []engine.OptionSpec{
		{Name: "toots", Default: TootsTurn, Values: []string{TootsTurn, TootsMoves},
			Labels: map[string]string{TootsTurn: "any of her decisions", TootsMoves: "only when she may move"},
			Help: "Meddlemagus Toots's ability (\"on your turn\"): at any of her decisions before she picks and after her hit (turn), " +
				"or only when she may move (moves: not before a team serve, not after her hit if she moved before)"},
		{Name: "team-move", Default: TeamTogether, Values: []string{TeamTogether, TeamOneByOne},
			When: map[string][]string{"format": {"doubles", "canadian"}},
			Help: "teammates move simultaneously: planned in turn and applied together, passing through each other's space (together), " +
				"or one after the other, never sharing a space (one-by-one)"},
		{Name: "played", Default: PlayedNextShot, Values: []string{PlayedNextShot, PlayedAfterHit},
			Labels: map[string]string{PlayedNextShot: "at the next shot", PlayedAfterHit: "after the hit"},
			Help: "when a shot's cards go to the discards: at the next shot or the end of the point (next-shot), " +
				"or once the shot is resolved, so Josephias may take back a card he has just played (after-hit)"},
	}
}

// setRuleOption reads rule option k into o (New checks the value); it reports false for an
// option that is not one.
func setRuleOption(o *Options, k, v string) bool {
	var dst *string
	switch k {
	case "toots":
		dst = &o.Toots
	case "team-move":
		dst = &o.TeamMove
	case "played":
		dst = &o.Played
	default:
		return false
	}
	*dst = v
	return true
}

// checkRuleOptions validates the rule options of o; "" is the default of each.
func checkRuleOptions(o Options) error {
	for _, r := range []struct {
		name, v string
		values  [2]string
	}{
		{"toots", o.Toots, [2]string{TootsTurn, TootsMoves}},
		{"team-move", o.TeamMove, [2]string{TeamTogether, TeamOneByOne}},
		{"played", o.Played, [2]string{PlayedNextShot, PlayedAfterHit}},
	} {
		if r.v != "" && r.v != r.values[0] && r.v != r.values[1] {
			return fmt.Errorf("%s %q: want %s or %s", r.name, r.v, r.values[0], r.values[1])
		}
	}
	return nil
}

// applyRuleOptions sets the rule options of o, checked, on a new match.
func (s *State) applyRuleOptions(o Options) {
	s.tootsTurn = o.Toots != TootsMoves
	s.together = o.TeamMove != TeamOneByOne
	s.discardAtOnce = o.Played == PlayedAfterHit
}
