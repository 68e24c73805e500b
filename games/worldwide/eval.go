package worldwide

import (
	"math/bits"

	"deuce/engine"
)

// LeadSideFeatureCount is the number of features LeadSideFeatures writes: a side's stars, its
// cards in hand, in its deck and still to draw at the end of the point, its Winners in hand,
// and its hand's cards of each colour.
const LeadSideFeatureCount = 5 + 3

// LeadSideFeatures writes to dst, LeadSideFeatureCount long, the features of side in s, a state
// between two points, from which a fitted model predicts the points to come (package games).
// It reads the hand whatever seat asks: a search asks it of its own determinizations only,
// never of the real state.
func LeadSideFeatures(st engine.State, side int, dst []float64) {
	clear(dst)
	s, ok := st.(*State)
	if !ok {
		return
	}
	sd := &s.sides[side]
	dst[0] = float64(sd.stars)
	dst[1] = float64(sd.hand.count())
	dst[2] = float64(sd.deck.count())
	dst[3] = float64(sd.drawsDue)
	for h := sd.hand; h != 0; h &= h - 1 {
		c := &data.cards[bits.TrailingZeros64(uint64(h))]
		if c.kind == kWinner {
			dst[4]++
		}
		dst[5+int(c.color)]++
	}
}
