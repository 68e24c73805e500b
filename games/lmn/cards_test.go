package lmn

import (
	"strings"
	"testing"
)

// TestDeck checks the embedded deck against what the rules and the reconstruction state: 24
// cards, one or two zones of defence each, 12 of each kind, every zone covered 6 times and
// aimed at 4 times, and each card's mirror image in the deck.
func TestDeck(t *testing.T) {
	var sizes [3]int
	for c := 1; c <= DeckSize; c++ {
		n := 0
		for z := range Zone(numZones) {
			if deck.Cards[c].Defence.has(z) {
				n++
			}
		}
		if n < 1 || n > 2 {
			t.Errorf("card %d covers %d zones", c, n)
			continue
		}
		sizes[n]++
	}
	if sizes[1] != 12 || sizes[2] != 12 {
		t.Errorf("%d one-zone and %d two-zone defences, want 12 and 12", sizes[1], sizes[2])
	}
	for z := range Zone(numZones) {
		if got := deck.covers[z].count(); got != 6 {
			t.Errorf("zone %s covered %d times, want 6", z, got)
		}
		if got := deck.aims[z].count(); got != 4 {
			t.Errorf("zone %s aimed at %d times, want 4", z, got)
		}
	}
	mirror := func(z Zone) Zone { return z - z%3 + 2 - z%3 }
	for c := 1; c <= DeckSize; c++ {
		card := deck.Cards[c]
		var want Card
		want.Shot = mirror(card.Shot)
		for z := range Zone(numZones) {
			if card.Defence.has(z) {
				want.Defence |= 1 << mirror(z)
			}
		}
		found := false
		for o := 1; o <= DeckSize; o++ {
			found = found || deck.Cards[o] == want
		}
		if !found {
			t.Errorf("card %s has no mirror image", label(c))
		}
	}
	if got := label(13); got != "13 BL+BC>BR" {
		t.Errorf("label(13) = %q", got)
	}
}

func TestParseDeck(t *testing.T) {
	rows := func(edit func(i int, row string) string) string {
		var b strings.Builder
		b.WriteString("# a comment\ncard,defense_zones,shot_placement\n")
		for i, line := range strings.Split(strings.TrimSpace(validRows), "\n") {
			if r := edit(i, line); r != "" {
				b.WriteString(r + "\n")
			}
		}
		return b.String()
	}
	same := func(_ int, row string) string { return row }
	tests := []struct {
		name, text string
		ok         bool
	}{
		{"valid", rows(same), true},
		{"embedded", deckCSV, true},
		{"extra column and spaces", strings.Replace(rows(same), "shot_placement", "shot_placement,note", 1), true},
		{"lower case zones", strings.ToLower(rows(same)), true},
		{"empty", "", false},
		{"comments only", "# nothing\n", false},
		{"no card column", "id,defense_zones,shot_placement\n1,BL,BR\n", false},
		{"no shot column", "card,defense_zones\n1,BL\n", false},
		{"missing card", rows(func(i int, r string) string { return map[bool]string{true: "", false: r}[i == 5] }), false},
		{"duplicate card", rows(func(i int, r string) string {
			if i == 5 {
				return "1,BL,BR"
			}
			return r
		}), false},
		{"card 25", rows(func(i int, r string) string { return map[bool]string{true: "25,BL,BR", false: r}[i == 23] }), false},
		{"card 0", rows(func(i int, r string) string { return map[bool]string{true: "0,BL,BR", false: r}[i == 23] }), false},
		{"card not a number", rows(func(i int, r string) string { return map[bool]string{true: "x,BL,BR", false: r}[i == 23] }), false},
		{"unknown zone", rows(func(i int, r string) string { return map[bool]string{true: "24,BX,BC", false: r}[i == 23] }), false},
		{"empty defence", rows(func(i int, r string) string { return map[bool]string{true: "24,,BC", false: r}[i == 23] }), false},
		{"zone twice", rows(func(i int, r string) string { return map[bool]string{true: "24,BR+BR,BC", false: r}[i == 23] }), false},
		{"two shots", rows(func(i int, r string) string { return map[bool]string{true: "24,BR+FR,BC+FC", false: r}[i == 23] }), false},
		{"short row", rows(func(i int, r string) string { return map[bool]string{true: "24,BR+FR", false: r}[i == 23] }), false},
		{"bad quoting", rows(func(i int, r string) string { return map[bool]string{true: `24,"BR,BC`, false: r}[i == 23] }), false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			d, err := ParseDeck(strings.NewReader(tt.text))
			if (err == nil) != tt.ok {
				t.Fatalf("ParseDeck: %v, want ok %v", err, tt.ok)
			}
			if err != nil {
				if err.Error() == "" || !strings.HasPrefix(err.Error(), "deck") {
					t.Errorf("error %q does not say it is about the deck", err)
				}
				return
			}
			if d.Cards != deck.Cards {
				t.Errorf("parsed cards differ from the embedded deck")
			}
		})
	}
}

// validRows is the embedded deck without its comments and header.
var validRows = func() string {
	var rows []string
	for _, line := range strings.Split(deckCSV, "\n") {
		if line == "" || strings.HasPrefix(line, "#") || strings.HasPrefix(line, "card,") {
			continue
		}
		rows = append(rows, line)
	}
	return strings.Join(rows, "\n")
}()
