package lmn_test

import (
	"fmt"

	"deuce/engine"
	"deuce/games/lmn"
)

// A first point: the preparation cards, a serve, a regular shot, a special shot returned off
// balance, and a ball that cannot be covered.
func Example() {
	s, err := lmn.New(lmn.Options{})
	if err != nil {
		panic(err)
	}
	// The deal: player 1 serves with cards 1 to 6, player 2 receives with 7, 10, 13, 19 and 24.
	for _, c := range []int{1, 2, 3, 4, 5, 6, 7, 10, 13, 19, 24} {
		if err := s.Apply(lmn.Draw(c)); err != nil {
			panic(err)
		}
	}
	for _, text := range []string{
		"prep 7", "prep 13", "prep 24", "done", // the receiver lays out first
		"prep 1", "prep 4", "prep 6", "done", // 1 and 4 both aim at BR: a special shot is ready
		"serve 2", "done", // to FC, from the hand; no draw after the serve
		"defend 10", "aim 13", "hit", "done", "draw 8", "draw 11",
		"defend 5", "aim 1", "aim 4", "hit", "done", "draw 7", "draw 8", "draw 9",
		"defend 24", "aim 19", "hit", "prep 11", "done", "draw 12", // one cover only: off balance
		"view",    // what player 2 sees now
		"concede", // nothing covers BL
	} {
		if text == "view" {
			fmt.Print(s.Observe(1))
			continue
		}
		a, err := s.ParseAction(text)
		if err != nil {
			panic(err)
		}
		fmt.Println(engine.Narrate(s, a, 1))
		if err := s.Apply(a); err != nil {
			panic(err)
		}
	}
	fmt.Println(s.Result().Score)
	// Output:
	// you lay out 7 FL>FR as a preparation card
	// you lay out 13 BL+BC>BR as a preparation card
	// you lay out 24 BR+FR>BC as a preparation card
	// you are ready
	// player 1 lays out 1 BL>BR as a preparation card
	// player 1 lays out 4 BC>BR as a preparation card
	// player 1 lays out 6 BR>FC as a preparation card
	// player 1 is ready
	// player 1 serves 2 BL>FC from the hand to FC
	// player 1 ends the turn
	// you cover FC with 10 FC>FR from the hand
	// you aim at BR with 13 BL+BC>BR from the preparation area
	// you play a regular shot to BR, draw 2
	// you end the turn and will draw 2
	// you draw 8 FL>BC
	// you draw 11 FR>FL
	// player 1 covers BR with 5 BR>BL from the hand
	// player 1 aims at BR with 1 BL>BR from the preparation area
	// player 1 aims at BR with 4 BC>BR from the preparation area
	// player 1 plays a special shot to BR, draw 3
	// player 1 ends the turn and will draw 3
	// player 1 draws a card
	// player 1 draws a card
	// player 1 draws a card
	// you cover BR with 24 BR+FR>BC from the preparation area
	// you aim at BL with 19 FC+FR>BL from the hand
	// you play an off-balance return to BL, draw 1
	// you lay out 11 FR>FL as a preparation card
	// you end the turn and will draw 1
	// you draw 12 FR>BC
	// Love Means Nothing, singles, set. Score 0-0
	//   * player 1  0
	//     you       0
	//
	//   player 1: 4 in hand, 15 in reserve
	//     preparation: [6 BR>FC]
	//     played:      [1 BL>BR] [2 BL>FC] [4 BC>BR] [5 BR>BL]
	//           +------------+------------+------------+
	//      back | BR 6       | BC         | BL (o)     |
	//     front | FR         | FC         | FL         |
	//           +============+============+============+ net
	//     front | FL 7       | FC         | FR 11      |
	//      back | BL         | BC         | BR         |
	//           +------------+------------+------------+
	//   you: 2 in hand, 16 in reserve, hand 1 smaller this rally
	//     preparation: [7 FL>FR] [11 FR>FL]
	//     hand:        [8 FL>BC] [12 FR>BC]
	//     played:      [10 FC>FR] [13 BL+BC>BR] [19 FC+FR>BL] [24 BR+FR>BC]
	//
	// Last: you played an off-balance return to BL (defence 24, placement 19).
	// To move: player 1, returning the ball in BL.
	// One card per turn from the hand, the others from the preparation area.
	// player 1 cannot cover BL and loses the point
	// 0-1
}
