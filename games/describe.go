package games

import (
	"regexp"
	"strconv"
	"strings"

	"deuce/engine"
	"deuce/games/alakaslam"
	"deuce/games/centercourt"
	"deuce/games/lmn"
	"deuce/games/worldwide"
)

// DescribeMove explains a move of g in words where its notation says too little for a newcomer:
// an AlakaSLAM character's ability ("choose austin"), a Love Means Nothing card ("BL+BC>BR":
// defends back left and back centre, aims at back right), a Worldwide move between points
// ("recovery": draw a card). It returns "" when the notation is
// plain enough.
func DescribeMove(g engine.Game, text string) string {
	switch g.Name {
	case alakaslam.Game.Name:
		return alakaslam.DescribeAction(text)
	case worldwide.Game.Name:
		return worldwide.DescribeAction(text)
	case lmn.Game.Name:
		if m := lmnCard.FindStringSubmatch(text); m != nil {
			return LMNCard(m[1], m[2])
		}
	}
	return ""
}

// Legend explains the notation a game's moves and views use, in one line, or "" when it has
// nothing to explain.
func Legend(g engine.Game) string {
	switch g.Name {
	case lmn.Game.Name:
		return "Cards read DEFENCE>SHOT: BL+BC>BR defends back left and back centre and aims at back right. " +
			"B and F are the back and front rows, L, C and R left, centre and right, each from its own player's view."
	case centercourt.Game.Name:
		return "Cards counted as VALUE×NUMBER: 3×2 is two 3s."
	case worldwide.Game.Name:
		return worldwide.Legend()
	}
	return ""
}

// lmnCard finds a Love Means Nothing card's notation: defence zones joined by "+", then ">"
// and the shot's zone.
var lmnCard = regexp.MustCompile(`\b((?:[BF][LCR]\+)*[BF][LCR])>([BF][LCR])\b`)

var lmnZones = map[byte]string{'B': "back", 'F': "front", 'L': "left", 'C': "centre", 'R': "right"}

// LMNCard explains a Love Means Nothing card: defence "BL+BC", shot "BR".
func LMNCard(defence, shot string) string {
	var zones []string
	for _, z := range strings.Split(defence, "+") {
		zones = append(zones, zoneName(z))
	}
	return "defends " + strings.Join(zones, " and ") + ", aims at " + zoneName(shot)
}

func zoneName(z string) string {
	if len(z) != 2 {
		return z
	}
	return lmnZones[z[0]] + " " + lmnZones[z[1]]
}

// Glossary lists the moves of g whose explanation does not depend on the position, by their
// notation: what a browser shows on their buttons.
func Glossary(g engine.Game) map[string]string {
	if g.Name != alakaslam.Game.Name {
		return nil
	}
	out := map[string]string{}
	for _, key := range alakaslam.CharacterKeys() {
		out["choose "+key] = alakaslam.DescribeAction("choose " + key)
	}
	return out
}

// ShownOptions drops from opts the options numbered for a seat beyond seats ("character3" and
// "character4" in a singles match): what a header shows, as the browser's does. With seats 0
// (not known) it keeps every option.
func ShownOptions(opts engine.Options, seats int) engine.Options {
	if seats <= 0 {
		return opts
	}
	out := engine.Options{}
	for k, v := range opts {
		name := strings.TrimRightFunc(k, func(r rune) bool { return r >= '0' && r <= '9' })
		if n, err := strconv.Atoi(k[len(name):]); err == nil && name != "" && n > seats {
			continue
		}
		out[k] = v
	}
	return out
}

// BriefOptions says a table's settings briefly, as a header can: the variant nearest its
// options (the one they differ from least, among those with seats seats; the more specific on a
// tie, then the first), then only the options that differ from it ("tiebreak, surface=grass").
// Without a variant that fits the seats, it is every option shown (ShownOptions).
func BriefOptions(g engine.Game, opts engine.Options, seats int) string {
	// An option the others make moot (Worldwide's sets in a tiebreak) is not said.
	shown := ShownOptions(opts, seats).Clone()
	for k := range shown {
		if spec, ok := g.Option(k); ok && !spec.Matters(opts) {
			delete(shown, k)
		}
	}
	defaults := engine.Options{}
	for _, o := range g.Options {
		defaults[o.Name] = o.Default
	}
	var (
		name string
		rest engine.Options
		set  int
	)
	for _, v := range g.Variants {
		if seats > 0 {
			resolved, err := g.Resolve(v.Options)
			if err != nil {
				continue
			}
			if s, err := g.New(resolved); err != nil || s.NumSeats() != seats {
				continue
			}
		}
		differ := engine.Options{}
		for k, x := range shown {
			want, ok := v.Options[k]
			if !ok {
				want = defaults[k]
			}
			if want != x {
				differ[k] = x
			}
		}
		if rest == nil || len(differ) < len(rest) || len(differ) == len(rest) && len(v.Options) > set {
			name, rest, set = v.Name, differ, len(v.Options)
		}
	}
	switch {
	case rest == nil:
		return shown.String()
	case len(rest) == 0:
		return name
	}
	return name + ", " + rest.String()
}
