package alakaslam_test

import (
	"fmt"

	"deuce/engine"
	"deuce/games/alakaslam"
)

// A first point of singles: the deal, the serve from a corner, a return that must cross the
// net, and a shot that lands beyond the receiver's reach.
func Example() {
	s, err := alakaslam.New(alakaslam.Options{
		Format:      alakaslam.Singles,
		Characters:  [4]int{alakaslam.Austin, alakaslam.Rich},
		FirstServer: 0,
	})
	if err != nil {
		panic(err)
	}
	// The deal: player 1 draws 8 cards, then player 2.
	for _, card := range []string{"2b", "2r", "1b", "1r", "3b", "0r", "e2", "e1", "2r", "1b", "1r", "1r", "3r", "0b", "e1", "2b"} {
		a, err := s.ParseAction("draw " + card)
		if err != nil {
			panic(err)
		}
		if err := s.Apply(a); err != nil {
			panic(err)
		}
	}
	for _, text := range []string{
		"keep", "keep", "corner red",
		"pick 2b", "hit", // two rows forward, one toward blue: across the net, another column
		"move blue", "done", "draw 0b", "draw 3r",
		"move forward", "spend e1", "move red", "pick 2b", "hit", // player 2 reaches the ball with an Enchantment
		"draw 1b", "draw 2r",
		"move blue", "pick 2r straight", "pick 0r", "pick 1r", "hit", // Austin's Hit-2 goes straight
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
	// player 1 keeps the hand
	// player 2 keeps the hand
	// player 1 serves from the red corner
	// player 1 picks a card
	// player 1 hits; Hit-2 blue from player 1: the ball lands on row 3 col 2
	// player 1 moves blue to row 1 col 2
	// player 1 ends the move
	// player 1 draws a card
	// player 1 draws a card
	// player 2 moves forward to row 3 col 3
	// player 2 discards Enchant-1 to move 1 more space
	// player 2 moves red to row 3 col 2
	// player 2 picks a card
	// player 2 hits; Hit-2 blue from player 2: the ball lands on row 1 col 3
	// player 2 draws a card
	// player 2 draws a card
	// player 1 moves blue to row 1 col 3
	// player 1 picks a card
	// player 1 picks a card
	// player 1 picks a card
	// player 1 hits; Hit-2 red (straight), Hit-0 red, Hit-1 red from player 1: the ball lands on row 4 col 1
	// AlakaSLAM singles, first to 3. Score 0-0 (you 0, player 2 0)
	//     <red                blue>
	//     +-------+-------+-------+
	//   4 |   o   |       |       |
	//     +-------+-------+-------+
	//   3 |       |   2   |       |
	// net =========================
	//   2 |       |       |       |
	//     +-------+-------+-------+
	//   1 |       |       |  1*   |
	//     +-------+-------+-------+
	//   P1 (you)  Æthermancer Austin: 6 cards
	//   P2        Mægister Rich: 8 cards
	// Your hand: Hit-0 blue, Hit-1 blue, Hit-3 red, Hit-3 blue, Enchant-1, Enchant-2
	// Deck 32, discards 3, on the table Hit-0 red, Hit-1 red, Hit-2 red
	// Last shot: you Hit-2 red (straight), Hit-0 red, Hit-1 red; row 1 col 3 -> row 4 col 1, in
	// Waiting: player 1 is drawing
}
