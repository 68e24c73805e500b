package centercourt

import "deuce/engine"

// LeadSideFeatureCount is the number of features LeadSideFeatures writes: a hand's cards of
// each value 1 to 6 and the values it holds at least one of. (Its size is the sum of the first
// six.)
const LeadSideFeatureCount = numValues + 1

// LeadSideFeatures writes to dst, LeadSideFeatureCount long, the features of side's hand in s,
// a state between two points, from which a fitted model predicts the points to come (package
// games). It reads the hand whatever seat asks: a search asks it of its own determinizations
// only, never of the real state.
func LeadSideFeatures(st engine.State, side int, dst []float64) {
	clear(dst)
	s, ok := st.(*State)
	if !ok {
		return
	}
	h := &s.hands[side]
	for w := 1; w <= numValues; w++ {
		dst[w-1] = float64(h[w])
		if h[w] > 0 {
			dst[numValues]++
		}
	}
}
