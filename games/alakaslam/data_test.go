package alakaslam

import (
	"errors"
	"strings"
	"testing"
)

func TestParseDeck(t *testing.T) {
	const header = "kind,value,color,count,status\n"
	good := []struct {
		name, csv string
		size      int
		card      string
		count     int
	}{
		{"standard", standardCSV, 52, "Hit-2 red", 6},
		{"enchant-3", enchant3CSV, 52, "Enchant-3", 2},
		{"comments and spaces", "# a note\n" + header + "Hit, 1, red, 5\n Enchant,2,none,3,x\n", 8, "Enchant-2", 3},
		{"colour in any case", header + "hit,3,BLUE,4\n", 4, "Hit-3 blue", 4},
		{"empty colour for an Enchantment", header + "Hit,0,red,1\nEnchant,1,,2\n", 3, "Enchant-1", 2},
	}
	for _, tt := range good {
		t.Run(tt.name, func(t *testing.T) {
			d, err := ParseDeck(strings.NewReader(tt.csv), tt.name)
			if err != nil {
				t.Fatal(err)
			}
			if d.Size() != tt.size || d.Count(tt.card) != tt.count {
				t.Fatalf("size %d, %s x%d; want %d, x%d", d.Size(), tt.card, d.Count(tt.card), tt.size, tt.count)
			}
		})
	}
	bad := []struct{ name, csv string }{
		{"empty", ""},
		{"no header", "Hit,1,red,5\n"},
		{"few fields", header + "Hit,1,red\n"},
		{"bad kind", header + "Lob,1,red,5\n"},
		{"bad value", header + "Hit,x,red,5\n"},
		{"Hit value 4", header + "Hit,4,red,5\n"},
		{"Hit value -1", header + "Hit,-1,red,5\n"},
		{"bad colour", header + "Hit,1,green,5\n"},
		{"coloured Enchantment", header + "Hit,1,red,5\nEnchant,1,red,5\n"},
		{"Enchant-0", header + "Hit,1,red,5\nEnchant,0,none,5\n"},
		{"Enchant-4", header + "Hit,1,red,5\nEnchant,4,none,5\n"},
		{"bad count", header + "Hit,1,red,many\n"},
		{"negative count", header + "Hit,1,red,-2\n"},
		{"huge count", header + "Hit,1,red,61\n"},
		{"listed twice", header + "Hit,1,red,5\nhit,1,Red,2\n"},
		{"no Hit card", header + "Enchant,1,none,5\nHit,2,blue,0\n"},
		{"quote", header + "Hit,1,\"red,5\n"},
		{"too many cards", header + "Hit,0,red,60\nHit,0,blue,60\nHit,1,red,60\n"},
	}
	for _, tt := range bad {
		t.Run(tt.name, func(t *testing.T) {
			if _, err := ParseDeck(strings.NewReader(tt.csv), tt.name); !errors.Is(err, ErrDeckData) {
				t.Fatalf("got %v, want an ErrDeckData error", err)
			}
		})
	}
}

func TestNewSmallDeck(t *testing.T) {
	d, err := ParseDeck(strings.NewReader("kind,value,color,count\nHit,1,red,10\n"), "tiny")
	if err != nil {
		t.Fatal(err)
	}
	if _, err := New(Options{Deck: d, FirstServer: -1}); err == nil {
		t.Fatal("a 10-card deck started a match")
	}
}
