package alakaslam

import (
	_ "embed"
	"encoding/csv"
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"
)

// Card kinds. A Hit card has a value 0 to 3 and a colour; an Enchant card has a value 1 to 3
// and no colour. Kinds are small integers so that a hand is a fixed array of counts.
const (
	numHitKinds = 8                          // Hit-0 to Hit-3, red and blue
	numKinds    = numHitKinds + 3            // and Enchant-1 to Enchant-3
	enchantBase = numHitKinds - 1            // Enchant-v is kind enchantBase+v
	red, blue   = 0, 1                       // colours of Hit cards, and the sides of the court
	maxHitValue = 3                          // the highest Hit value
	maxEnchant  = numKinds - 1 - enchantBase // the highest Enchant value
)

// hitKind is the kind of a Hit card of value v and colour c.
func hitKind(v, c int) int { return 2*v + c }

// enchantKind is the kind of an Enchant-v card.
func enchantKind(v int) int { return enchantBase + v }

func isHit(k int) bool     { return k >= 0 && k < numHitKinds }
func isEnchant(k int) bool { return k >= numHitKinds && k < numKinds }

// value is a card's number: a Hit card's distance, an Enchant card's count.
func value(k int) int {
	if isHit(k) {
		return k / 2
	}
	return k - enchantBase
}

// color is a Hit card's colour.
func color(k int) int { return k % 2 }

var colorNames = [2]string{"red", "blue"}

// cardName writes a kind as people read it: "Hit-2 red", "Enchant-1".
func cardName(k int) string {
	if isHit(k) {
		return "Hit-" + strconv.Itoa(value(k)) + " " + colorNames[color(k)]
	}
	if isEnchant(k) {
		return "Enchant-" + strconv.Itoa(value(k))
	}
	return "card " + strconv.Itoa(k)
}

// cardShort writes a kind in short notation: "2r", "0b", "e2".
func cardShort(k int) string {
	if isHit(k) {
		return strconv.Itoa(value(k)) + colorNames[color(k)][:1]
	}
	return "e" + strconv.Itoa(value(k))
}

// counts holds a number of cards per kind.
type counts [numKinds]int8

func (c *counts) total() int {
	// Written out for the eleven kinds (checked below): the engine asks for totals at almost
	// every step.
	return int(c[0]) + int(c[1]) + int(c[2]) + int(c[3]) + int(c[4]) + int(c[5]) + int(c[6]) + int(c[7]) +
		int(c[8]) + int(c[9]) + int(c[10])
}

var _ = [1]int{}[numKinds-11] // total's sum is written for eleven kinds

func (c *counts) add(o *counts) {
	for k := range c {
		c[k] += o[k]
	}
}

func (c *counts) enchants() int {
	n := 0
	for k := numHitKinds; k < numKinds; k++ {
		n += int(c[k])
	}
	return n
}

// Deck is the composition of a deck: how many cards of each kind it holds.
type Deck struct {
	counts counts
	// Name labels the deck in observations and rules ("reconstructed", "enchant-3").
	Name string
}

// Count returns the number of cards of the kind named (as in "Hit-2 red" or "Enchant-1").
func (d Deck) Count(card string) int {
	for k := range numKinds {
		if strings.EqualFold(cardName(k), card) {
			return int(d.counts[k])
		}
	}
	return 0
}

// Size returns the number of cards in the deck.
func (d Deck) Size() int { return d.counts.total() }

//go:embed alakaslam-deck.csv
var standardCSV string

//go:embed alakaslam-enchant3.csv
var enchant3CSV string

// ErrDeckData matches every error about malformed deck data.
var ErrDeckData = errors.New("malformed AlakaSLAM deck data")

// ParseDeck reads a deck from CSV: lines starting with "#" are comments; a header
// "kind,value,color,count,status" comes first; then one line per kind: "Hit,2,red,6,..." or
// "Enchant,1,none,6,...". Kinds left out have no cards. Each kind may appear once; counts are 0
// to 60 and the deck must hold at least one Hit card.
func ParseDeck(r io.Reader, name string) (Deck, error) {
	bad := func(line int, format string, args ...any) error {
		return fmt.Errorf("%w: %s line %d: %s", ErrDeckData, name, line, fmt.Sprintf(format, args...))
	}
	cr := csv.NewReader(r)
	cr.Comment = '#'
	cr.FieldsPerRecord = -1
	cr.TrimLeadingSpace = true
	d := Deck{Name: name}
	var seen [numKinds]bool
	header := false
	for {
		rec, err := cr.Read()
		if err == io.EOF {
			break
		}
		line, _ := cr.FieldPos(0)
		if err != nil {
			return Deck{}, fmt.Errorf("%w: %s: %w", ErrDeckData, name, err)
		}
		if len(rec) < 4 {
			return Deck{}, bad(line, "want kind,value,color,count[,status], got %d fields", len(rec))
		}
		if !header {
			if !strings.EqualFold(rec[0], "kind") || !strings.EqualFold(rec[3], "count") {
				return Deck{}, bad(line, "want the header kind,value,color,count,status")
			}
			header = true
			continue
		}
		v, err := strconv.Atoi(strings.TrimSpace(rec[1]))
		if err != nil {
			return Deck{}, bad(line, "value %q is not a number", rec[1])
		}
		col := strings.ToLower(strings.TrimSpace(rec[2]))
		var k int
		switch strings.ToLower(strings.TrimSpace(rec[0])) {
		case "hit":
			if v < 0 || v > maxHitValue {
				return Deck{}, bad(line, "Hit value %d: want 0 to %d", v, maxHitValue)
			}
			switch col {
			case "red":
				k = hitKind(v, red)
			case "blue":
				k = hitKind(v, blue)
			default:
				return Deck{}, bad(line, "Hit colour %q: want red or blue", rec[2])
			}
		case "enchant":
			if v < 1 || v > maxEnchant {
				return Deck{}, bad(line, "Enchant value %d: want 1 to %d", v, maxEnchant)
			}
			if col != "none" && col != "" {
				return Deck{}, bad(line, "Enchant cards have no colour (got %q): write none", rec[2])
			}
			k = enchantKind(v)
		default:
			return Deck{}, bad(line, "kind %q: want Hit or Enchant", rec[0])
		}
		n, err := strconv.Atoi(strings.TrimSpace(rec[3]))
		if err != nil || n < 0 || n > 60 {
			return Deck{}, bad(line, "count %q: want a number from 0 to 60", rec[3])
		}
		if seen[k] {
			return Deck{}, bad(line, "%s listed twice", cardName(k))
		}
		seen[k] = true
		d.counts[k] = int8(n)
	}
	if !header {
		return Deck{}, fmt.Errorf("%w: %s: no header line", ErrDeckData, name)
	}
	hits := 0
	for k := range numHitKinds {
		hits += int(d.counts[k])
	}
	if hits == 0 {
		return Deck{}, fmt.Errorf("%w: %s: the deck holds no Hit card", ErrDeckData, name)
	}
	if d.counts.total() > 120 {
		return Deck{}, fmt.Errorf("%w: %s: %d cards, at most 120", ErrDeckData, name, d.counts.total())
	}
	return d, nil
}

// decks are the embedded decks by option value, loaded once.
var decks = func() map[string]Deck {
	m := map[string]Deck{}
	for _, d := range []struct{ name, csv string }{{"standard", standardCSV}, {"enchant-3", enchant3CSV}} {
		deck, err := ParseDeck(strings.NewReader(d.csv), d.name)
		if err != nil {
			panic(err) // the embedded data is part of the program
		}
		m[d.name] = deck
	}
	return m
}()

// StandardDeck returns the reconstructed 52-card deck.
func StandardDeck() Deck { return decks["standard"] }
