package worldwide

import (
	"math/bits"

	"deuce/engine"
)

// LeadFeatureCount is the length of the vector LeadFeatures writes.
const LeadFeatureCount = 1 + 2*sideFeatures

// sideFeatures is the number of features of one side: its stars, its cards in hand, in its
// deck and still to draw at the end of the point, its Winners in hand, and its hand's cards of
// each colour.
const sideFeatures = 5 + 3

// LeadFeatures writes to dst, LeadFeatureCount long, the features of s, a state between two
// points, from which a fitted linear model predicts side 0's lead in the points to come: the
// server's sign (+1 when side 0 serves next, -1 otherwise), then that sign times the server's
// side features, then that sign times the receiver's. Every feature changes sign when the
// sides swap, so a model without an intercept values both alike. It reads both hands: a search
// asks it of its own determinizations only, never of the real state.
func LeadFeatures(st engine.State, dst []float64) {
	clear(dst)
	s, ok := st.(*State)
	if !ok {
		return
	}
	srv := s.score.Server()
	sign := 1.0
	if srv == 1 {
		sign = -1
	}
	dst[0] = sign
	s.sideFeatures(dst[1:1+sideFeatures], srv, sign)
	s.sideFeatures(dst[1+sideFeatures:], 1-srv, sign)
}

// sideFeatures writes sign times the features of side i to dst.
func (s *State) sideFeatures(dst []float64, i int, sign float64) {
	sd := &s.sides[i]
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
	for k := range dst {
		dst[k] *= sign
	}
}
