package alakaslam

import "deuce/engine"

// LeadFeatureCount is the length of the vector LeadFeatures writes.
const LeadFeatureCount = 1 + 2*teamFeatures

// teamFeatures is the number of features of one team: its cards of each kind in hand.
const teamFeatures = numKinds

// LeadFeatures writes to dst, LeadFeatureCount long, the features of s, a state between two
// points, from which a fitted linear model predicts team 0's lead in the points to come: the
// serving team's sign (+1 when team 0 serves next, -1 otherwise), then that sign times the
// serving team's cards of each kind, then that sign times the receivers'. Every feature
// changes sign when the teams swap, so a model without an intercept values both alike. It
// reads every hand: a search asks it of its own determinizations only, never of the real
// state.
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
	s.teamFeatures(dst[1:1+teamFeatures], srv, sign)
	s.teamFeatures(dst[1+teamFeatures:], 1-srv, sign)
}

// teamFeatures writes sign times the cards of each kind that team holds to dst.
func (s *State) teamFeatures(dst []float64, team int, sign float64) {
	for i := range s.teamSize[team] {
		h := &s.hands[s.team[team][i]]
		for k := range numKinds {
			dst[k] += sign * float64(h[k])
		}
	}
}
