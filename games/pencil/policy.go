package pencil

import (
	"errors"
	"fmt"
	"math/rand/v2"
	"sync"

	"deuce/engine"
)

// solutions caches one Solution per Params, so that every equilibrium bot of a game shares one
// solve; concurrent first callers wait for the same solve.
var solutions struct {
	sync.Mutex
	m map[Params]*cachedSolution
}

type cachedSolution struct {
	once sync.Once
	sol  *Solution
	err  error
}

// Solved returns the solution of p, solving it on first use and caching it for the life of the
// process. It is safe for concurrent use. The first call takes the solve's time: a tenth of a
// second for 50-50, seconds for 100-100, half a minute of CPU for 200-200 (see
// MaxSolvePoints).
func Solved(p Params) (*Solution, error) {
	solutions.Lock()
	if solutions.m == nil {
		solutions.m = map[Params]*cachedSolution{}
	}
	c, ok := solutions.m[p]
	if !ok {
		c = &cachedSolution{}
		solutions.m[p] = c
	}
	solutions.Unlock()
	c.once.Do(func() { c.sol, c.err = Solve(p) })
	return c.sol, c.err
}

// EquilibriumStrategy returns an optimal mixed strategy of seat in the position of s: the bids
// it plays with positive probability, ascending, and their probabilities. It reads only public
// information (the points after the last complete round and the ball), never a pending secret
// bid, and solves the game of s's settings on first use (see Solved).
func EquilibriumStrategy(s engine.State, seat engine.Seat) ([]engine.Action, []float64, error) {
	st, ok := s.(*State)
	if !ok {
		return nil, nil, fmt.Errorf("equilibrium strategy: %T is not a %s match", s, Game.Name)
	}
	if st.toMove == engine.Nobody {
		return nil, nil, errors.New("equilibrium strategy: the match is over")
	}
	if seat != 0 && seat != 1 {
		return nil, nil, fmt.Errorf("equilibrium strategy: %v does not bid", seat)
	}
	sol, err := Solved(st.params)
	if err != nil {
		return nil, nil, fmt.Errorf("equilibrium strategy: %w", err)
	}
	strat := sol.Strategy(st.points[0], st.points[1], st.ball, int(seat))
	if strat == nil {
		return nil, nil, fmt.Errorf("equilibrium strategy: no strategy at (%d, %d, %s)", st.points[0], st.points[1], position(st.ball))
	}
	bids := make([]engine.Action, len(strat))
	probs := make([]float64, len(strat))
	for i, bp := range strat {
		bids[i], probs[i] = engine.Action(bp.Bid), bp.P
	}
	return bids, probs, nil
}

// EquilibriumPolicy samples seat's bid from its optimal strategy in s with rng (one draw).
// Against any opponent it earns at least the game's value in expectation. seat must be the
// seat to move.
func EquilibriumPolicy(s engine.State, seat engine.Seat, rng *rand.Rand) (engine.Action, error) {
	if to := s.ToMove(); to != seat {
		return 0, fmt.Errorf("equilibrium policy: %v asked to bid, but %v is to move", seat, to)
	}
	bids, probs, err := EquilibriumStrategy(s, seat)
	if err != nil {
		return 0, err
	}
	r := rng.Float64()
	for i, p := range probs {
		if r < p {
			return bids[i], nil
		}
		r -= p
	}
	return bids[len(bids)-1], nil // rounding left r just above the last probability
}
