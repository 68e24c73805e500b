package tui

import (
	"errors"
	"fmt"
	"regexp"
	"slices"
	"strconv"
	"strings"

	"deuce/engine"
)

// Reason returns the part of an illegal-move error a player needs, as a sentence.
func Reason(err error) string {
	var ie *engine.IllegalError
	if errors.As(err, &ie) {
		r := ie.Reason
		if ie.Text != "" {
			r = fmt.Sprintf("%q: %s", ie.Text, ie.Reason)
		}
		return sentence(r)
	}
	return sentence(err.Error())
}

func sentence(s string) string {
	if s == "" {
		return s
	}
	s = strings.ToUpper(s[:1]) + s[1:]
	if !strings.HasSuffix(s, ".") {
		s += "."
	}
	return s
}

// Compact shortens a run of log lines that differ only in their last word, like a deal
// alternating between two players: "you are dealt a 3" and "you are dealt a 5" become "you are
// dealt a 3, 5", and eight "player 2 is dealt a card" become "player 2 is dealt a card (x8)".
// Different last words merge only when they are numbers ("3", "6-6"): "draws Hit-3 red" and
// "draws Hit-3 blue" stay two lines. A line merges with the group before it, or with the one
// before that when the group between is the same event to another subject (a deal alternating
// between the players), so the order of events is kept.
func Compact(lines []string) []string {
	type group struct {
		prefix string
		words  []string
	}
	var groups []group
	for _, line := range lines {
		i := strings.LastIndexByte(line, ' ')
		if i < 0 {
			groups = append(groups, group{prefix: line})
			continue
		}
		prefix, word := line[:i], line[i+1:]
		merged := false
		for j := len(groups) - 1; j >= max(0, len(groups)-2); j-- {
			// Across the group in between only where it is the other half of an interleaving,
			// the same event to another subject ("... is dealt a" / "... are dealt a"): a
			// draw must not merge with the draw after the serve between them.
			if j < len(groups)-1 && tail(groups[j+1].prefix) != tail(prefix) {
				break
			}
			if groups[j].prefix == prefix && len(groups[j].words) > 0 && mergeable(groups[j].words, word) {
				groups[j].words = append(groups[j].words, word)
				merged = true
				break
			}
		}
		if !merged {
			groups = append(groups, group{prefix: prefix, words: []string{word}})
		}
	}
	out := make([]string, 0, len(groups))
	for _, g := range groups {
		switch {
		case len(g.words) == 0:
			out = append(out, g.prefix)
		case len(g.words) > 1 && !slices.ContainsFunc(g.words, func(w string) bool { return w != g.words[0] }):
			out = append(out, fmt.Sprintf("%s %s (x%d)", g.prefix, g.words[0], len(g.words)))
		default:
			out = append(out, g.prefix+" "+strings.Join(g.words, ", "))
		}
	}
	return out
}

// tail is the last two words of a line's prefix: what happened, without who it happened to.
func tail(prefix string) string {
	f := strings.Fields(prefix)
	return strings.Join(f[max(0, len(f)-2):], " ")
}

// mergeable reports that word may join a group of words: numbers join numbers, and a word joins
// a run of itself.
func mergeable(words []string, word string) bool {
	number := func(w string) bool {
		return w != "" && strings.Trim(w, "0123456789-") == ""
	}
	if number(word) {
		return !slices.ContainsFunc(words, func(w string) bool { return !number(w) })
	}
	return !slices.ContainsFunc(words, func(w string) bool { return w != word })
}

// MoveList numbers the moves from 1, writing a run of moves that differ only in a number that
// counts up by one ("bid 1" to "bid 50") as one line: "1-50. bid 1 to 50". Only a run whose
// numbers are its moves' own is merged: "1-4. serve 3 to 6" would read as if typing 3 served
// the 3, where it plays the third move, the 5, so such a run is listed move by move.
func MoveList(texts []string) []string {
	split := func(t string) (string, int, bool) {
		i := strings.LastIndexByte(t, ' ')
		if i < 0 {
			return "", 0, false
		}
		n, err := strconv.Atoi(t[i+1:])
		return t[:i], n, err == nil
	}
	var out []string
	for i := 0; i < len(texts); {
		prefix, first, ok := split(texts[i])
		j := i + 1
		for ok && j < len(texts) {
			p, n, ok2 := split(texts[j])
			if !ok2 || p != prefix || n != first+(j-i) {
				break
			}
			j++
		}
		if j-i >= 4 && first == i+1 {
			out = append(out, fmt.Sprintf("  %d-%d. %s %d to %d", i+1, j, prefix, first, first+(j-i)-1))
		} else {
			for k := i; k < j; k++ {
				out = append(out, fmt.Sprintf("  %2d. %s", k+1, texts[k]))
			}
		}
		i = j
	}
	return out
}

// secondPerson agrees a verb with "you": "player 1 bids" names the viewer as "you bid".
var secondPerson = map[string]string{
	"wins": "win", "loses": "lose", "serves": "serve", "bids": "bid", "draws": "draw", "is": "are",
	"has": "have", "plays": "play", "returns": "return", "concedes": "concede", "rolls": "roll",
	"lays": "lay", "chooses": "choose", "moves": "move", "hits": "hit", "leads": "lead",
	"takes": "take", "calls": "call", "passes": "pass", "was": "were",
}

// playerRef matches a team ("players 1 and 3") or one player ("player 2", "player 2's") with
// the word after it.
var playerRef = regexp.MustCompile(`\b[Pp]layers (\d+) and (\d+)\b|\b([Pp])layer (\d+)('s)?( (\w+))?`)

// WithNames rewrites the games' "player N" in text with seat N's name from names, so that the
// log names the players as the scoreboard does ("heuristic bot bid 1", "Ann & Bob"); the
// viewer's seat, named "you", agrees its verb ("you bid"). A number with no name stays as it
// is, and a line that began with a capital still does.
func WithNames(text string, names []string, viewer engine.Seat) string {
	name := func(n string) string {
		i, err := strconv.Atoi(n)
		if err != nil || i < 1 || i > len(names) || names[i-1] == "" {
			return ""
		}
		return names[i-1]
	}
	out := playerRef.ReplaceAllStringFunc(text, func(m string) string {
		g := playerRef.FindStringSubmatch(m)
		if g[1] != "" {
			a, b := name(g[1]), name(g[2])
			if a == "" || b == "" {
				return m
			}
			return a + " & " + b
		}
		who := name(g[4])
		if who == "" {
			return m
		}
		poss, rest, verb := g[5], g[6], g[7]
		if seat, _ := strconv.Atoi(g[4]); engine.Seat(seat-1) == viewer && who == "you" {
			if poss != "" {
				return "your" + rest
			}
			if verb == "to" { // "player 1 to move", said to player 1
				return "your turn to"
			}
			if v, ok := secondPerson[verb]; ok {
				return "you " + v
			}
			return "you" + rest
		}
		return who + poss + rest
	})
	if out != "" && text != "" && text[0] >= 'A' && text[0] <= 'Z' {
		out = strings.ToUpper(out[:1]) + out[1:]
	}
	return out
}

// BoardWithNames is WithNames for a board drawn as text, line by line, keeping its columns
// where their headings are: the line prompt's view of a table.
func BoardWithNames(text string, names []string, viewer engine.Seat) string {
	lines := strings.Split(text, "\n")
	for i, l := range lines {
		lines[i] = withNamesAligned(l, names, viewer)
	}
	return strings.Join(lines, "\n")
}

// columnRef is a player named in a table's column: "player N" and the run of spaces that pads
// it to the column's width.
var columnRef = regexp.MustCompile(`\b[Pp]layer (\d+)(  +)`)

// withNamesAligned is WithNames for a line of a board, whose columns the games pad for "player
// N": a name in a padded column takes its padding's room (or gives it), keeping at least one
// space, so that the columns after it stay where their headings are.
func withNamesAligned(line string, names []string, viewer engine.Seat) string {
	line = columnRef.ReplaceAllStringFunc(line, func(m string) string {
		g := columnRef.FindStringSubmatch(m)
		n, _ := strconv.Atoi(g[1])
		if n < 1 || n > len(names) || names[n-1] == "" {
			return m
		}
		who := names[n-1]
		pad := len([]rune(m)) - len([]rune(who))
		return who + strings.Repeat(" ", max(pad, 1))
	})
	return WithNames(line, names, viewer)
}
