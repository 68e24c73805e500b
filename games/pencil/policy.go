package pencil

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"sync"

	"deuce/engine"
)

// DefaultCacheBytes is the memory solved games may hold before the least recently used are
// dropped (SetCacheBytes changes it): enough for every setting of up to 100 points a player.
const DefaultCacheBytes = 256 << 20

// solutions caches solved games, bounded by the bytes they hold: when a new solution would
// take more than the limit, the least recently used ones are dropped (and solved again if
// asked for). Concurrent first callers of one setting wait for a single solve.
var solutions = struct {
	sync.Mutex
	m     map[Params]*cachedSolution
	bytes int // held by the finished solutions in m
	limit int
	clock uint64 // counts uses, for least-recently-used order
}{m: map[Params]*cachedSolution{}, limit: DefaultCacheBytes}

type cachedSolution struct {
	done chan struct{} // closed once sol or err is set
	sol  *Solution
	err  error
	used uint64
}

// solveSlot lets one cached solve run at a time, on one core: however many tables ask, the
// solver never takes more than one core of the machine.
var solveSlot = make(chan struct{}, 1)

// SetCacheBytes bounds the memory of the cached solutions (at least one byte; a solution larger
// than the bound is returned but not kept) and drops what no longer fits.
func SetCacheBytes(limit int) {
	solutions.Lock()
	defer solutions.Unlock()
	solutions.limit = max(limit, 1)
	evict(nil)
}

// CacheBytes returns the memory the cached solutions hold.
func CacheBytes() int {
	solutions.Lock()
	defer solutions.Unlock()
	return solutions.bytes
}

// evict drops least recently used finished solutions, other than keep, until the cache fits its
// limit. solutions must be locked.
func evict(keep *cachedSolution) {
	for solutions.bytes > solutions.limit {
		var oldest *cachedSolution
		var key Params
		for p, c := range solutions.m {
			if c == keep || c.sol == nil {
				continue
			}
			if oldest == nil || c.used < oldest.used {
				oldest, key = c, p
			}
		}
		if oldest == nil {
			return
		}
		delete(solutions.m, key)
		solutions.bytes -= oldest.sol.Bytes()
	}
}

// Solved returns the solution of p from the cache, solving it on first use (see
// SolvedContext).
func Solved(p Params) (*Solution, error) { return SolvedContext(context.Background(), p) }

// SolvedContext returns the solution of p, solving it if the cache does not hold it. It is
// safe for concurrent use. A solve takes a few hundredths of a second for 50-50, under a
// second for 100-100 and a quarter of a minute for 200-200 (see MaxSolvePoints); solves run
// one at a time on one core, and a caller whose ctx ends stops waiting (and stops its solve)
// with ctx's error, which is not cached.
func SolvedContext(ctx context.Context, p Params) (*Solution, error) {
	for {
		solutions.Lock()
		solutions.clock++
		c, ok := solutions.m[p]
		if ok {
			c.used = solutions.clock
			solutions.Unlock()
			select {
			case <-c.done:
			case <-ctx.Done():
				return nil, ctx.Err()
			}
			if c.err != nil && isCanceled(c.err) && ctx.Err() == nil {
				continue // its solver gave up; solve it here
			}
			return c.sol, c.err
		}
		c = &cachedSolution{done: make(chan struct{}), used: solutions.clock}
		solutions.m[p] = c
		solutions.Unlock()
		c.sol, c.err = solveOne(ctx, p)
		solutions.Lock()
		switch {
		case c.err != nil:
			delete(solutions.m, p)
		case c.sol.Bytes() > solutions.limit:
			delete(solutions.m, p)
		default:
			solutions.bytes += c.sol.Bytes()
			evict(c)
		}
		solutions.Unlock()
		close(c.done)
		return c.sol, c.err
	}
}

// solveOne solves p in the solve slot.
func solveOne(ctx context.Context, p Params) (*Solution, error) {
	select {
	case solveSlot <- struct{}{}:
	case <-ctx.Done():
		return nil, fmt.Errorf("solve %d-%d: waiting for the solver: %w", p.Points1, p.Points2, ctx.Err())
	}
	defer func() { <-solveSlot }()
	return SolveContext(ctx, p, 1)
}

func isCanceled(err error) bool {
	return errors.Is(err, context.Canceled) || errors.Is(err, context.DeadlineExceeded)
}

// EquilibriumStrategy returns an optimal mixed strategy of seat in the position of s: the bids
// it plays with positive probability, ascending, and their probabilities. It reads only public
// information (the points after the last complete round and the ball), never a pending secret
// bid, and solves the game of s's settings on first use (see Solved).
func EquilibriumStrategy(s engine.State, seat engine.Seat) ([]engine.Action, []float64, error) {
	return equilibriumStrategy(context.Background(), s, seat)
}

func equilibriumStrategy(ctx context.Context, s engine.State, seat engine.Seat) ([]engine.Action, []float64, error) {
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
	sol, err := SolvedContext(ctx, st.params)
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
	return EquilibriumPolicyContext(context.Background(), s, seat, rng)
}

// EquilibriumPolicyContext is EquilibriumPolicy that gives up when ctx ends before the game is
// solved.
func EquilibriumPolicyContext(ctx context.Context, s engine.State, seat engine.Seat, rng *rand.Rand) (engine.Action, error) {
	if to := s.ToMove(); to != seat {
		return 0, fmt.Errorf("equilibrium policy: %v asked to bid, but %v is to move", seat, to)
	}
	bids, probs, err := equilibriumStrategy(ctx, s, seat)
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
