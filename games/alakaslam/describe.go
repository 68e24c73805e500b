package alakaslam

import "strings"

// abilities are the characters' abilities in a sentence each, in the order of charKeys, as the
// rules text states them (see doc.go), for the buttons and lists that offer a character.
var abilities = [numChars]string{
	"Hit-2s may go straight, with no sideways step.",
	"Once per point, instead of hitting from her hand, draws 3, plays 1, discards the rest, and ignores any Enchantment on her.",
	"After his Enchant-2 the opponent may not use an Enchantment in the return (it may still discard Enchantments to move).",
	"Once per point, on her turn, makes any player (herself too) discard the whole hand and draw as many cards.",
	"Instead of his draw, may take 1 card of his choice from the discards.",
	"Before each serve copies the ability of another character in play; with a teammate his hand is one card smaller.",
	"Starts each point with 2 extra cards.",
	"In every draw phase must discard 1 card and then draws 1 more than usual.",
}

// Character describes a character for people: its full name and its ability. key is the
// option value ("austin") or the full name, case-insensitive; ok is false for anything else.
func Character(key string) (name, ability string, ok bool) {
	c, ok := CharacterIndex(strings.TrimSpace(key))
	if !ok {
		return "", "", false
	}
	return charNames[c], abilities[c], true
}

// DescribeAction explains a move in words for the buttons that offer it, where its notation
// says too little: "choose austin" gets the character's name and ability. It returns "" when
// the notation says enough.
func DescribeAction(text string) string {
	if key, ok := strings.CutPrefix(text, "choose "); ok {
		if name, ability, ok := Character(key); ok {
			return name + ": " + ability
		}
	}
	return ""
}
