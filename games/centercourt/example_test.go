package centercourt_test

import (
	"fmt"

	"deuce/engine"
	"deuce/games/centercourt"
)

// A first point: a fault, a second serve, a rally and a volley that cannot be returned.
func Example() {
	s, err := centercourt.New(centercourt.Options{Format: "tiebreak", ServerRefill: true})
	if err != nil {
		panic(err)
	}
	// The deal, one card at a time: player 1 is dealt 1 3 4 5 5 6 6 6, player 2 1 2 2 2 3 4 4 5.
	for _, w := range []int{6, 4, 6, 4, 5, 2, 5, 2, 3, 2, 1, 1, 4, 3, 6, 5} {
		if err := s.Apply(centercourt.Draw(w)); err != nil {
			panic(err)
		}
	}
	for _, text := range []string{
		"serve 6", "die 6", "draw 3", // a fault, and a card drawn before the second serve
		"serve 4", "draw 2", // a second serve of 4 is always in; the server refills
		"return 4", "draw 1", // the matching card
		"return 5-5", "draw 1", "draw 1", // two 5s return a 4
		"return 5", "draw 3",
		"return 6-6", "draw 4", "draw 4", // two 6s return a 5
		"concede", // player 2 holds 1 1 2 2 2 3 3 4: nothing returns a 6
	} {
		a, err := s.ParseAction(text)
		if err != nil {
			panic(err)
		}
		fmt.Println(engine.Narrate(s, a, engine.Spectator))
		if err := s.Apply(a); err != nil {
			panic(err)
		}
	}
	fmt.Print(s.Observe(0))
	// Output:
	// player 1 serves 6
	// player 1 rolls the Service Die: 6, fault
	// player 1 draws a card
	// player 1 plays a second serve: 4
	// player 1 draws a card
	// player 2 returns 4
	// player 2 draws a card
	// player 1 returns 5-5
	// player 1 draws a card
	// player 1 draws a card
	// player 2 returns 5
	// player 2 draws a card
	// player 1 returns 6-6
	// player 1 draws a card
	// player 1 draws a card
	// player 2 cannot return 6 and loses the point
	// Score: 1-0 (tiebreak, player 2 serving)
	// To move: player 2, serving
	// Your hand: 1 1 1 2 3 3 4 4 (opponent: 8 cards)
	// Draw pile: 12 cards; discards (value×cards): 4×2 5×3 6×3; in play: none
	// Last play: you returned 6-6
	// Last roll: 6 on a serve of 6, fault
	// Last point (1): won by you, Volley Value 6 not returned
}
