package score_test

import (
	"fmt"

	"deuce/score"
)

func Example() {
	m, err := score.NewMatch(score.Format{BestOf: 3}, 0)
	if err != nil {
		fmt.Println(err)
		return
	}
	// Side 0 serves and wins the first three points, then side 1 draws level and breaks.
	for _, side := range []int{0, 0, 0, 1, 1, 1, 0, 1, 1, 1} {
		m.PointWon(side)
		fmt.Printf("%-10s server %d\n", m, m.Server())
	}
	fmt.Println("change ends:", m.ChangeEnds())
	// Output:
	// 0-0, 15-0  server 0
	// 0-0, 30-0  server 0
	// 0-0, 40-0  server 0
	// 0-0, 40-15 server 0
	// 0-0, 40-30 server 0
	// 0-0, Deuce server 0
	// 0-0, Ad-40 server 0
	// 0-0, Deuce server 0
	// 0-0, 40-Ad server 0
	// 0-1, 0-0   server 1
	// change ends: true
}

func ExampleMatch_DecidingPoint() {
	// Worldwide Tennis: two points win a game; at 40-40 the receiver chooses the side.
	m, err := score.NewMatch(score.Format{Game: score.TwoPoint}, 1)
	if err != nil {
		fmt.Println(err)
		return
	}
	m.PointWon(0)
	m.PointWon(1)
	fmt.Println(m, m.DecidingPoint(), "receiver", m.Receiver())
	m.PointWon(0)
	fmt.Println(m)
	// Output:
	// 0-0, 40-40 true receiver 0
	// 1-0, 0-0
}
