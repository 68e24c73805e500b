package alakaslam

import "deuce/engine"

var _ engine.Pruner = (*State)(nil)

// Prune leaves "take back" out of a search's tree (engine.Pruner): picking a card and taking it
// back reaches what picking another card at once reaches, and since the count of cards taken
// back is part of what a seat sees, the tree would hold the two as different positions and
// spend visits on both.
func (s *State) Prune(legal []engine.Action) []engine.Action {
	if len(legal) < 2 {
		return legal
	}
	out := legal[:0]
	for _, a := range legal {
		if a != actUnpick {
			out = append(out, a)
		}
	}
	return out
}
