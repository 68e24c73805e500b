package worldwide_test

import (
	"fmt"

	"deuce/engine"
	"deuce/games/worldwide"
)

// A first point of a tiebreak on hard court with the initiation rules: a fault, a second serve,
// an attack that needs no roll, a rush to the net, a
// move that costs a card and a defence that misses.
func Example() {
	s, err := worldwide.New(worldwide.Options{})
	if err != nil {
		panic(err)
	}
	// Each hand holds the six starting-hand cards (#1, #13, #35, #36, #37, #48); six more are
	// drawn, player 1's first.
	for _, n := range []int{2, 25, 29, 14, 3, 26, 4, 16, 27, 30, 38, 49} {
		if err := s.Apply(worldwide.Draw(n)); err != nil {
			panic(err)
		}
	}
	for _, text := range []string{
		"toss 1",
		"serve 13", "d20 8", // a fault
		"serve 4", "d20 12", "stay", // the second serve, to the receiver's forehand
		"play #1", "stay", // blue against blue: no roll
		"play #25", "to backhand", "rush the net", // orange against blue: no roll
		"discard #38",       // forehand to backhand: the move costs a card
		"play #16", "d20 3", // blue against orange: 1 + the attack's malus 4 is needed
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
	// the toss: player 1 serves first
	// player 1 chooses a serve: #64 difficulty 13
	// player 1 rolls the d20 for the serve: 8, needing 13: fault
	// player 1 chooses a second serve: #61 difficulty 4
	// player 1 rolls the d20 for the serve: 12, needing 4: in, to the forehand zone
	// player 1 stays in the centre zone
	// player 2 plays #1 Baseline defence (FH), validated without a roll: blue answering blue
	// player 2 stays in the forehand zone
	// player 1 plays #25 Forehand attack, validated without a roll: orange answering blue
	// player 1 sends the ball to player 2's backhand zone
	// player 1 rushes the net
	// player 2 discards #38 Forehand passing shot to move to the backhand zone
	// player 2 plays #16 Baseline defence (BH)
	// player 2 rolls the d20 for #16 Baseline defence (BH): 3, needing 5: fault, point to player 1
	// Worldwide Tennis: tiebreak to 7, hard court, initiation rules
	// Score 1-0 (you serving)
	//                     BH  N   FH  NET  stars  hand deck disc
	//   you               .   .   .   P   4/5      11   48    0
	//   player 2          P   .   .   .   4/5       9   48    1
	// Last point (1): won by you (fault)
	//    1. you            #64 Serve 13                   d20  8 vs 13 fault
	//    2. you            #61 Serve 4                    d20 12 vs  4 good -> forehand
	//    3. player 2       #1  Baseline defence (FH)      no roll -> centre (blue answering blue)
	//    4. you            #25 Forehand attack            no roll -> backhand (orange answering blue)
	//    5. player 2       #16 Baseline defence (BH)      d20  3 vs  5 fault
	// Your hand (11 of 12), Winner now needs 22:
	//   card                           colour difficulty malus  from  to    icons
	//   #1  Baseline defence (FH)      blue            0     0  FH    N     +1 card
	//   #2  Baseline defence (FH)      blue            0     0  N/FH  N     +1 card
	//   #3  Baseline defence (FH)      blue            1     0  FH    FH    +1 card
	//   #13 Baseline defence (BH)      blue            0     0  BH    N     +1 card
	//   #14 Baseline defence (BH)      blue            0     0  BH/N  N     +1 card
	//   #26 Forehand attack            orange          5     4  N/FH  BH    +1 card
	//   #29 Backhand attack            orange          4     4  BH/N  BH/FH +1 card
	//   #35 Baseline defence (centre)  blue            0     0  N     BH/FH +1 card
	//   #36 Forehand winner            red            22     0  N/FH  point
	//   #37 Backhand winner            red            22     0  BH/N  point
	//   #48 Volley                     red             2     3  NET   BH/FH +1 card
	//   (BH backhand, N centre, FH forehand, NET net; +1 card: drawn after the point;
	//    a roll must reach the difficulty plus the malus of the card answered)
	// Now: player 1 draws the cards the point's icons give
}
