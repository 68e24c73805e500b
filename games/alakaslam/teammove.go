package alakaslam

// The movement of a team of two. The text: "Both teammates move simultaneously", with "1 free
// movement to give to either player" and the teammates talking it over. Under option
// team-move=together (the default) the team plans its movement openly, one teammate after the
// other (the lower number first, "done" ending each), and the plan takes effect for both at
// once when the second is done: until then the court shows the plan and the places the players
// stood on stay where they were. Since the two move at the same time, a teammate may step onto
// or through the space the other stands on or is going to; the two may only not end the
// movement on the same space, where neither the player at the ball nor the Support the text
// speaks of could be told apart. So a teammate ends its plan on the other's space only when the
// other plans after it and is known to be able to move off (the free move is left, or it has
// earned a move: not by an Enchantment it may hold, since a teammate sees only how many cards
// the other holds); a teammate on the other's space must step off before it is done, steps onto
// it only with a move left to step off again (or the other one still to come and known to be
// able to leave), and uses Toots's ability only once off it. Under team-move=one-by-one the
// teammates move one after the other on the court itself and never share a space, even in
// passing.

// where is where seat stands for the movement in progress: its planned space while its team
// plans a movement together, else its space on the court.
func (s *State) where(seat int8) pos {
	if s.planning && teamOf(seat) == s.striking {
		return s.plan[seat]
	}
	return s.pos[seat]
}

// beginPlan starts the striking team's movement: planned together under team-move=together
// when the team has two players, else played on the court directly.
func (s *State) beginPlan() {
	t := s.striking
	s.planning = s.together && s.teamSize[t] == 2
	if s.planning {
		for _, seat := range s.team[t][:s.teamSize[t]] {
			s.plan[seat] = s.pos[seat]
		}
	}
}

// applyPlan ends the movement: the planned spaces become the players' spaces, both at once.
func (s *State) applyPlan() {
	if !s.planning {
		return
	}
	t := s.striking
	for _, seat := range s.team[t][:s.teamSize[t]] {
		s.pos[seat] = s.plan[seat]
	}
	s.planning = false
}

// sharing reports whether seat stands on its teammate's space in the movement being planned.
func (s *State) sharing(seat int8) bool {
	p := s.partner(seat)
	return s.planning && p >= 0 && s.where(seat) == s.where(p)
}

// mateToCome reports whether seat's teammate plans its movement after seat in the phase in play
// and may still move in it.
func (s *State) mateToCome(seat int8) bool {
	p := s.partner(seat)
	if p < 0 || s.memberIndex(p) <= s.stage {
		return false
	}
	switch s.phase {
	case phTeamMove:
		return true
	case phAfter:
		return !s.before[p]
	}
	return false
}

// mateCanLeave reports whether seat's teammate, planning after it, is known to be able to move
// a space: a move earned, or the free move left (free). Its hand does not count: the teammates
// see only how many cards the other holds, so an Enchantment it could discard to move is not
// the player's to count on; offering the player a move by it would tell the player what the
// teammate holds.
func (s *State) mateCanLeave(mate int8, free bool) bool {
	return free || s.earned[mate] > 0
}

// stepOnMate reports whether seat, planning, may step onto its teammate's space: it has a move
// left after the step to leave it again, or the teammate plans after it and is known to be able
// to leave then.
func (s *State) stepOnMate(seat int8) bool {
	free := s.free && s.earned[seat] > 0 // the free move left after the step
	left := s.earned[seat] > 1 || free || s.hands[seat].enchants() > 0
	return left || (s.mateToCome(seat) && s.mateCanLeave(s.partner(seat), free))
}

// mayFinish reports whether seat may end its movement ("done"): always, except on its
// teammate's space in a planned movement, unless the teammate plans after it and is known to
// be able to move off.
func (s *State) mayFinish(seat int8) bool {
	if !s.sharing(seat) {
		return true
	}
	return s.mateToCome(seat) && s.mateCanLeave(s.partner(seat), s.free)
}
