package alakaslam

import "deuce/engine"

// LeadSideFeatureCount is the number of features LeadSideFeatures writes: a team's cards of
// each kind in hand.
const LeadSideFeatureCount = numKinds

// LeadSideFeatures writes to dst, LeadSideFeatureCount long, the features of team side in s, a
// state between two points, from which a fitted model predicts the points to come (package
// games). It reads every hand whatever seat asks: a search asks it of its own
// determinizations only, never of the real state.
func LeadSideFeatures(st engine.State, side int, dst []float64) {
	clear(dst)
	s, ok := st.(*State)
	if !ok {
		return
	}
	for i := range s.teamSize[side] {
		h := &s.hands[s.team[side][i]]
		for k := range numKinds {
			dst[k] += float64(h[k])
		}
	}
}
