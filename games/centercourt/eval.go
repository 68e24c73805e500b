package centercourt

import "deuce/engine"

// LeadFeatureCount is the length of the vector LeadFeatures writes.
const LeadFeatureCount = 1 + 2*handFeatures

// handFeatures is the number of features of one hand: its cards of each value 1 to 6 and the
// values it holds at least one of. (Its size is the sum of the first six.)
const handFeatures = numValues + 1

// LeadFeatures writes to dst, LeadFeatureCount long, the features of s, a state between two
// points (or any state: only the hands and the next server are read), from which a fitted
// linear model predicts side 0's lead in the points to come: the server's sign (+1 when seat 0
// serves the next point, -1 otherwise), then that sign times the server's hand features, then
// that sign times the receiver's. Every feature changes sign when the seats swap, so a model
// without an intercept values both sides alike. It reads both hands: a search asks it of its
// own determinizations only, never of the real state.
func LeadFeatures(st engine.State, dst []float64) {
	clear(dst)
	s, ok := st.(*State)
	if !ok {
		return
	}
	srv := int(s.score.Server())
	sign := 1.0
	if srv == 1 {
		sign = -1
	}
	dst[0] = sign
	hand(dst[1:1+handFeatures], &s.hands[srv], sign)
	hand(dst[1+handFeatures:], &s.hands[1-srv], sign)
}

// hand writes sign times the features of h to dst.
func hand(dst []float64, h *counts, sign float64) {
	held := 0
	for w := 1; w <= numValues; w++ {
		dst[w-1] = sign * float64(h[w])
		if h[w] > 0 {
			held++
		}
	}
	dst[numValues] = sign * float64(held)
}
