package games

import (
	"regexp"
	"strconv"
	"strings"

	"deuce/engine"
	"deuce/games/alakaslam"
	"deuce/games/centercourt"
	"deuce/games/lmn"
)

// DescribeMove explains a move of g in words where its notation says too little for a newcomer:
// an AlakaSLAM character's ability ("choose austin"), a Love Means Nothing card ("BL+BC>BR":
// defends back left and back centre, aims at back right). It returns "" when the notation is
// plain enough.
func DescribeMove(g engine.Game, text string) string {
	switch g.Name {
	case alakaslam.Game.Name:
		return alakaslam.DescribeAction(text)
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
