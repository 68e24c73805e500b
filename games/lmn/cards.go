package lmn

import (
	_ "embed"
	"encoding/csv"
	"errors"
	"fmt"
	"io"
	"math/bits"
	"strconv"
	"strings"
)

// DeckSize is the number of cards in every player's deck.
const DeckSize = 24

// Zone is one of the six zones of a half-court, always read from the view of the player whose
// half it is: back row BL BC BR, front row (at the net) FL FC FR.
type Zone int8

// The zones of a half-court.
const (
	BL Zone = iota
	BC
	BR
	FL
	FC
	FR
	numZones = 6
)

var zoneNames = [numZones]string{"BL", "BC", "BR", "FL", "FC", "FR"}

// String returns the zone's name, "BL" to "FR".
func (z Zone) String() string {
	if z < 0 || z >= numZones {
		return "Zone(" + strconv.Itoa(int(z)) + ")"
	}
	return zoneNames[z]
}

// ParseZone reads a zone name, case-insensitive.
func ParseZone(s string) (Zone, bool) {
	for z, name := range zoneNames {
		if strings.EqualFold(strings.TrimSpace(s), name) {
			return Zone(z), true
		}
	}
	return 0, false
}

// zones is a set of zones, bit z for zone z.
type zones uint8

func (m zones) has(z Zone) bool { return m&(1<<z) != 0 }

// String joins the zones with "+": "BL+BC".
func (m zones) String() string {
	var parts []string
	for z := range Zone(numZones) {
		if m.has(z) {
			parts = append(parts, z.String())
		}
	}
	return strings.Join(parts, "+")
}

// Card is one card: the zones its defence half covers and the zone its shot half aims at.
type Card struct {
	Defence zones
	Shot    Zone
}

// Deck is one player's deck; card i (1 to DeckSize) is Cards[i], index 0 is unused. Every player
// holds a deck with the same cards.
type Deck struct {
	Cards [DeckSize + 1]Card
	// covers[z] are the cards whose defence covers zone z; aims[z] those whose shot goes to z;
	// overlaps[c] those whose defence shares a zone with card c's (c included).
	covers   [numZones]cards
	aims     [numZones]cards
	overlaps [DeckSize + 1]cards
}

//go:embed deck.csv
var deckCSV string

// deck is the deck every player holds, read from the embedded deck.csv.
var deck = mustDeck()

func mustDeck() *Deck {
	d, err := ParseDeck(strings.NewReader(deckCSV))
	if err != nil {
		// The file is part of the build: a malformed one is a bug, caught by the first test.
		panic("lmn: embedded deck.csv: " + err.Error())
	}
	return d
}

// ParseDeck reads a deck in the format of deck.csv: lines starting with "#" are comments; a
// header names the columns card, defense_zones and shot_placement (others are ignored); then
// one row per card, numbered 1 to 24 in any order, each number once. A defence lists one or
// more distinct zones joined by "+".
func ParseDeck(r io.Reader) (*Deck, error) {
	cr := csv.NewReader(r)
	cr.Comment = '#'
	cr.FieldsPerRecord = -1
	cr.TrimLeadingSpace = true
	header, err := cr.Read()
	if errors.Is(err, io.EOF) {
		return nil, errors.New("deck: no header line")
	}
	if err != nil {
		return nil, fmt.Errorf("deck: %w", err)
	}
	col := map[string]int{}
	for i, name := range header {
		col[strings.ToLower(strings.TrimSpace(name))] = i
	}
	for _, name := range []string{"card", "defense_zones", "shot_placement"} {
		if _, ok := col[name]; !ok {
			return nil, fmt.Errorf("deck: header %q has no column %q", strings.Join(header, ","), name)
		}
	}
	d := &Deck{}
	var seen cards
	for {
		row, err := cr.Read()
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			return nil, fmt.Errorf("deck: %w", err)
		}
		line, _ := cr.FieldPos(0)
		field := func(name string) (string, error) {
			i := col[name]
			if i >= len(row) {
				return "", fmt.Errorf("deck line %d: no %s", line, name)
			}
			return strings.TrimSpace(row[i]), nil
		}
		id, err := field("card")
		if err != nil {
			return nil, err
		}
		c, err := strconv.Atoi(id)
		if err != nil || c < 1 || c > DeckSize {
			return nil, fmt.Errorf("deck line %d: card %q: want a number from 1 to %d", line, id, DeckSize)
		}
		if seen.has(c) {
			return nil, fmt.Errorf("deck line %d: card %d appears twice", line, c)
		}
		seen |= bit(c)
		def, err := field("defense_zones")
		if err != nil {
			return nil, err
		}
		var m zones
		for part := range strings.SplitSeq(def, "+") {
			z, ok := ParseZone(part)
			if !ok {
				return nil, fmt.Errorf("deck line %d: card %d: defence %q: %q is not one of %s", line, c, def, part, strings.Join(zoneNames[:], ", "))
			}
			if m.has(z) {
				return nil, fmt.Errorf("deck line %d: card %d: defence %q names %s twice", line, c, def, z)
			}
			m |= 1 << z
		}
		shot, err := field("shot_placement")
		if err != nil {
			return nil, err
		}
		z, ok := ParseZone(shot)
		if !ok {
			return nil, fmt.Errorf("deck line %d: card %d: shot placement %q is not one of %s", line, c, shot, strings.Join(zoneNames[:], ", "))
		}
		d.Cards[c] = Card{Defence: m, Shot: z}
	}
	if missing := fullDeck &^ seen; missing != 0 {
		return nil, fmt.Errorf("deck: %d cards, want %d: missing %s", seen.count(), DeckSize, missing.ids())
	}
	for c := 1; c <= DeckSize; c++ {
		card := d.Cards[c]
		d.aims[card.Shot] |= bit(c)
		for z := range Zone(numZones) {
			if card.Defence.has(z) {
				d.covers[z] |= bit(c)
			}
		}
	}
	for c := 1; c <= DeckSize; c++ {
		for o := 1; o <= DeckSize; o++ {
			if d.Cards[c].Defence&d.Cards[o].Defence != 0 {
				d.overlaps[c] |= bit(o)
			}
		}
	}
	return d, nil
}

// cards is a set of cards of one deck, bit c for card c (1 to DeckSize).
type cards uint32

// fullDeck holds every card of a deck.
const fullDeck cards = (1<<(DeckSize+1) - 1) &^ 1

func bit(c int) cards { return 1 << c }

func (m cards) has(c int) bool { return c >= 1 && c <= DeckSize && m&(1<<c) != 0 }

func (m cards) count() int { return bits.OnesCount32(uint32(m)) }

// first returns the lowest card in m, 0 if m is empty.
func (m cards) first() int {
	if m == 0 {
		return 0
	}
	return bits.TrailingZeros32(uint32(m))
}

// nth returns the card of rank i (from 0) in ascending order.
func (m cards) nth(i int) int {
	for ; i > 0; i-- {
		m &= m - 1
	}
	return m.first()
}

// list returns the cards in ascending order.
func (m cards) list() []int {
	out := make([]int, 0, m.count())
	for ; m != 0; m &= m - 1 {
		out = append(out, m.first())
	}
	return out
}

// ids writes the cards as "3, 7, 12".
func (m cards) ids() string {
	var parts []string
	for _, c := range m.list() {
		parts = append(parts, strconv.Itoa(c))
	}
	return strings.Join(parts, ", ")
}

// label writes card c as people read it: "13 BL+BC>BR", its defence, then where it aims.
func label(c int) string {
	card := deck.Cards[c]
	return strconv.Itoa(c) + " " + card.Defence.String() + ">" + card.Shot.String()
}
