package tui

import (
	"errors"
	"fmt"
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
// "draws Hit-3 blue" stay two lines. Lines merge only with the two groups before them, so the
// order of events is kept.
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
// counts up by one ("bid 1" to "bid 50") as one line: "1-50. bid 1 to 50".
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
		if j-i >= 4 {
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
