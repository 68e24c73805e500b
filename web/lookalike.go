package web

import (
	"strings"
	"unicode"

	"golang.org/x/text/unicode/norm"
)

// lookalike returns the account name a seat's name would pass for on screen: compatibility
// forms folded (fullwidth "ｃａｒｏｌ" is "carol"), accents dropped, and the Cyrillic, Greek and
// other letters that look like the ASCII letters and digits of account names (checkName)
// replaced by them, so that "сarol_1" with a Cyrillic с is "carol_1". A guest or a bot seat
// named so would pass for the account in the lobby, the chat and replays.
//
// Written here because golang.org/x/text has no confusable skeleton (Unicode TS #39): its
// norm package folds the compatibility forms, and the table below covers what account names
// can be mistaken for, since they are ASCII letters, digits, '-' and '_' only.
func lookalike(name string) string {
	var b strings.Builder
	for _, r := range norm.NFKD.String(name) {
		if unicode.Is(unicode.Mn, r) {
			continue // a combining accent: "ċarol" is read as "carol"
		}
		if a, ok := confusables[r]; ok {
			r = a
		}
		b.WriteRune(unicode.ToLower(r))
	}
	return b.String()
}

// confusables maps letters of other scripts to the ASCII letter or digit they look like.
var confusables = withCherokeeSmall(map[rune]rune{
	// Cyrillic
	'а': 'a', 'А': 'a', 'В': 'b', 'в': 'b', 'Ь': 'b', 'с': 'c', 'С': 'c', 'ԁ': 'd', 'е': 'e', 'Е': 'e',
	'ё': 'e', 'һ': 'h', 'Н': 'h', 'н': 'h', 'і': 'i', 'І': 'i', 'ӏ': 'l', 'Ӏ': 'l', 'ј': 'j', 'Ј': 'j',
	'К': 'k', 'к': 'k', 'М': 'm', 'м': 'm', 'о': 'o', 'О': 'o', 'р': 'p', 'Р': 'p', 'ԛ': 'q', 'г': 'r',
	'ѕ': 's', 'Ѕ': 's', 'Т': 't', 'т': 't', 'у': 'y', 'У': 'y', 'ѵ': 'v', 'Ѵ': 'v', 'ԝ': 'w', 'Ԝ': 'w',
	'х': 'x', 'Х': 'x', 'ү': 'y', 'Ү': 'y', 'З': '3', 'з': '3', 'б': '6', 'Ӡ': '3',
	// Greek
	'α': 'a', 'Α': 'a', 'Β': 'b', 'β': 'b', 'Ε': 'e', 'ε': 'e', 'Ζ': 'z', 'Η': 'h', 'ι': 'i', 'Ι': 'i',
	'Κ': 'k', 'κ': 'k', 'Μ': 'm', 'Ν': 'n', 'ν': 'v', 'Ο': 'o', 'ο': 'o', 'Ρ': 'p', 'ρ': 'p', 'Τ': 't',
	'τ': 't', 'Υ': 'y', 'υ': 'u', 'Χ': 'x', 'χ': 'x', 'ω': 'w',
	// Cherokee capitals (their small forms are added below) and Lisu, which passed "Ꭲess" and
	// "tꓱss" for tess
	'Ꭺ': 'a', 'Ᏼ': 'b', 'Ꮯ': 'c', 'Ꭰ': 'd', 'Ꭼ': 'e', 'Ꮐ': 'g', 'Ꮋ': 'h', 'Ꭵ': 'i', 'Ꭻ': 'j', 'Ꮶ': 'k',
	'Ꮮ': 'l', 'Ꮇ': 'm', 'Ꮎ': 'o', 'Ꮲ': 'p', 'Ꭱ': 'r', 'Ꮪ': 's', 'Ꭲ': 't', 'Ꮩ': 'v', 'Ꮃ': 'w', 'Ꭹ': 'y',
	'Ꮓ': 'z', 'Ꮢ': 'r',
	'ꓮ': 'a', 'ꓐ': 'b', 'ꓚ': 'c', 'ꓓ': 'd', 'ꓰ': 'e', 'ꓱ': 'e', 'ꓝ': 'f', 'ꓖ': 'g', 'ꓧ': 'h', 'ꓲ': 'i',
	'ꓙ': 'j', 'ꓗ': 'k', 'ꓡ': 'l', 'ꓟ': 'm', 'ꓠ': 'n', 'ꓳ': 'o', 'ꓑ': 'p', 'ꓣ': 'r', 'ꓢ': 's', 'ꓔ': 't',
	'ꓴ': 'u', 'ꓦ': 'v', 'ꓪ': 'w', 'ꓫ': 'x', 'ꓬ': 'y', 'ꓜ': 'z',
	// Armenian, Latin extensions and signs
	'օ': 'o', 'ս': 'u', 'ց': 'g', 'հ': 'h', 'ո': 'n', 'ı': 'i', 'ȷ': 'j', 'ɡ': 'g', 'ǀ': 'l', 'ⅼ': 'l',
	'‐': '-', '‑': '-', '‒': '-', '–': '-', '—': '-', '−': '-', '＿': '_',
})

// withCherokeeSmall adds to m the small form of each Cherokee capital it maps (U+AB70-ABBF for
// U+13A0-13EF), which lookalike's lower-casing turns a capital into.
func withCherokeeSmall(m map[rune]rune) map[rune]rune {
	for r, a := range m {
		if r >= 0x13a0 && r <= 0x13ef {
			m[r-0x13a0+0xab70] = a
		}
	}
	return m
}
