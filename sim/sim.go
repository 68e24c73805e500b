// Package sim plays many matches between bots, on all cores, and reports how they did.
//
// Match i of a run is seeded by (run seed, i) alone, and results are folded in match order, so a
// report never depends on the number of workers.
package sim

import (
	"context"
	"errors"
	"fmt"
	"math"
	"math/rand/v2"
	"runtime"
	"sync"

	"deuce/bot"
	"deuce/engine"
)

// Player is one entrant: a bot under a display name.
type Player struct {
	Name string
	Bot  bot.Bot
}

// Config describes a run.
type Config struct {
	Game    engine.Game
	Options engine.Options
	// Players are the two sides. In match i, side i%2 takes seat 0 (and, in four-seat games,
	// seat 2), so each side plays first equally often.
	Players []Player
	Matches int
	Seed    uint64
	// Workers defaults to the number of CPUs.
	Workers int
	// MaxActions stops a runaway match with an error (default 1,000,000).
	MaxActions int
	// OnMatch, when set, receives every finished match in match order.
	OnMatch func(i int, rec *engine.Record) error
	// Progress, when set, is called in match order after each match is folded in.
	Progress func(done, total int)
}

// Report summarises a run.
type Report struct {
	Game    string         `json:"game"`
	Options engine.Options `json:"options"`
	Seed    uint64         `json:"seed"`
	Matches int            `json:"matches"`
	Players []PlayerStats  `json:"players"`
	Draws   int            `json:"draws"`
	// Actions is the match length in actions, chance outcomes included.
	Actions Mean `json:"actions"`
	// SeatOneWins counts matches won by whoever sat in seat 0.
	SeatOneWins int `json:"seatOneWins"`
}

// PlayerStats is one side's results.
type PlayerStats struct {
	Name   string   `json:"name"`
	Bot    string   `json:"bot"`
	Wins   int      `json:"wins"`
	Losses int      `json:"losses"`
	Draws  int      `json:"draws"`
	Win    Interval `json:"winRate"`
	Return Mean     `json:"meanReturn"`
}

// Interval is a proportion with its 95% Wilson score interval.
type Interval struct {
	P  float64 `json:"p"`
	Lo float64 `json:"lo"`
	Hi float64 `json:"hi"`
}

// Mean is a sample mean with its 95% normal-approximation interval.
type Mean struct {
	Mean float64 `json:"mean"`
	Lo   float64 `json:"lo"`
	Hi   float64 `json:"hi"`
}

// result is what one match contributes to a report.
type result struct {
	i       int
	rec     *engine.Record
	returns [2]float64 // per side
	winner  int        // side, -1 for a draw
	first   int        // side in seat 0
	actions int
	err     error
}

// Run plays the matches of cfg and reports. It stops at the first error, or when ctx ends.
func Run(ctx context.Context, cfg Config) (*Report, error) {
	if len(cfg.Players) != 2 {
		return nil, fmt.Errorf("sim needs two players, got %d", len(cfg.Players))
	}
	if cfg.Matches < 1 {
		return nil, fmt.Errorf("sim needs at least one match, got %d", cfg.Matches)
	}
	opts, err := cfg.Game.Resolve(cfg.Options)
	if err != nil {
		return nil, err
	}
	cfg.Options = opts
	if _, err := cfg.Game.New(opts); err != nil {
		return nil, fmt.Errorf("%s: %w", cfg.Game.Name, err)
	}
	workers := cfg.Workers
	if workers <= 0 {
		workers = runtime.GOMAXPROCS(0)
	}
	workers = min(workers, cfg.Matches)
	if cfg.MaxActions <= 0 {
		cfg.MaxActions = 1_000_000
	}

	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	next := make(chan int)
	results := make(chan result, workers)
	var wg sync.WaitGroup
	for range workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range next {
				r := playOne(ctx, cfg, i)
				select {
				case results <- r:
				case <-ctx.Done():
					return
				}
			}
		}()
	}
	// At most window matches are handed out ahead of the oldest unfolded one, so memory stays
	// flat however long the run and however slow one match.
	window := make(chan struct{}, 4*workers)
	go func() {
		defer close(next)
		for i := range cfg.Matches {
			select {
			case window <- struct{}{}:
			case <-ctx.Done():
				return
			}
			select {
			case next <- i:
			case <-ctx.Done():
				return
			}
		}
	}()
	go func() {
		wg.Wait()
		close(results)
	}()

	acc := newAccumulator(cfg)
	pending := map[int]result{} // results that finished ahead of their turn
	done := 0
	for r := range results {
		pending[r.i] = r
		for {
			r, ok := pending[done]
			if !ok {
				break
			}
			delete(pending, done)
			if r.err != nil {
				return nil, fmt.Errorf("match %d: %w", r.i, r.err)
			}
			if cfg.OnMatch != nil {
				if err := cfg.OnMatch(r.i, r.rec); err != nil {
					return nil, err
				}
			}
			acc.add(r)
			<-window
			done++
			if cfg.Progress != nil {
				cfg.Progress(done, cfg.Matches)
			}
		}
	}
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	if done != cfg.Matches {
		return nil, errors.New("sim stopped early")
	}
	return acc.report(), nil
}

// MatchSeed returns the seeds of match i of a run: one for chance, one per seat for its bot.
func matchRNG(seed uint64, i int, stream uint64) *rand.Rand {
	return rand.New(rand.NewPCG(seed^0x9e3779b97f4a7c15*(stream+1), uint64(i)))
}

// SideOf returns the side (0 or 1) seat belongs to in match i.
func SideOf(seat engine.Seat, i int) int {
	return (int(seat) + i) % 2
}

func playOne(ctx context.Context, cfg Config, i int) result {
	r := result{i: i, winner: -1, first: SideOf(0, i)}
	s, err := cfg.Game.New(cfg.Options)
	if err != nil {
		r.err = err
		return r
	}
	n := s.NumSeats()
	seats := make([]engine.SeatInfo, n)
	rngs := make([]*rand.Rand, n)
	for seat := range n {
		p := cfg.Players[SideOf(engine.Seat(seat), i)]
		seats[seat] = engine.SeatInfo{Name: p.Name, Bot: p.Bot.Name()}
		rngs[seat] = matchRNG(cfg.Seed, i, uint64(seat)+1)
	}
	rec := engine.NewRecord(cfg.Game, cfg.Options, seats)
	rec.Seed = cfg.Seed
	chance := matchRNG(cfg.Seed, i, 0)
	var cbuf []engine.ChanceOutcome
	for to := s.ToMove(); to != engine.Nobody; to = s.ToMove() {
		if r.actions >= cfg.MaxActions {
			r.err = fmt.Errorf("not over after %d actions", r.actions)
			return r
		}
		var a engine.Action
		if to == engine.Chance {
			cbuf = s.Chances(cbuf)
			a = engine.SampleChance(chance, cbuf)
		} else {
			if err := ctx.Err(); err != nil {
				r.err = err
				return r
			}
			p := cfg.Players[SideOf(to, i)]
			a, err = p.Bot.Choose(ctx, s, to, rngs[to])
			if err != nil {
				r.err = fmt.Errorf("%s (%s) in %v: %w", p.Name, p.Bot.Name(), to, err)
				return r
			}
		}
		if err := rec.Apply(s, a); err != nil {
			r.err = fmt.Errorf("%v played %d: %w", to, a, err)
			return r
		}
		r.actions++
	}
	res := s.Result()
	for seat, v := range res.Returns {
		if seat < 2 {
			r.returns[SideOf(engine.Seat(seat), i)] = v
		}
	}
	if res.Winner != engine.Nobody {
		r.winner = SideOf(res.Winner, i)
	}
	if cfg.OnMatch != nil {
		r.rec = rec
	}
	return r
}

type accumulator struct {
	cfg         Config
	wins        [2]int
	draws       int
	seatOneWins int
	ret         [2]moments
	actions     moments
}

// moments accumulates a sample's count, sum and sum of squares.
type moments struct {
	n       int
	sum, sq float64
}

func (m *moments) add(x float64) {
	m.n++
	m.sum += x
	m.sq += x * x
}

func (m moments) mean() Mean {
	if m.n == 0 {
		return Mean{}
	}
	mu := m.sum / float64(m.n)
	if m.n < 2 {
		return Mean{Mean: mu, Lo: mu, Hi: mu}
	}
	v := (m.sq - float64(m.n)*mu*mu) / float64(m.n-1)
	h := 1.96 * math.Sqrt(math.Max(v, 0)/float64(m.n))
	return Mean{Mean: mu, Lo: mu - h, Hi: mu + h}
}

func newAccumulator(cfg Config) *accumulator { return &accumulator{cfg: cfg} }

func (a *accumulator) add(r result) {
	if r.winner < 0 {
		a.draws++
	} else {
		a.wins[r.winner]++
		if r.winner == r.first {
			a.seatOneWins++
		}
	}
	for side := range 2 {
		a.ret[side].add(r.returns[side])
	}
	a.actions.add(float64(r.actions))
}

func (a *accumulator) report() *Report {
	n := a.actions.n
	rep := &Report{
		Game: a.cfg.Game.Name, Options: a.cfg.Options, Seed: a.cfg.Seed, Matches: n,
		Draws: a.draws, Actions: a.actions.mean(), SeatOneWins: a.seatOneWins,
	}
	for side, p := range a.cfg.Players {
		rep.Players = append(rep.Players, PlayerStats{
			Name: p.Name, Bot: p.Bot.Name(),
			Wins: a.wins[side], Losses: a.wins[1-side], Draws: a.draws,
			Win:    Wilson(a.wins[side], n),
			Return: a.ret[side].mean(),
		})
	}
	return rep
}

// Wilson returns the proportion k/n with its 95% Wilson score interval.
func Wilson(k, n int) Interval {
	if n == 0 {
		return Interval{}
	}
	const z = 1.959963984540054
	p := float64(k) / float64(n)
	nn := float64(n)
	den := 1 + z*z/nn
	centre := (p + z*z/(2*nn)) / den
	half := z * math.Sqrt(p*(1-p)/nn+z*z/(4*nn*nn)) / den
	return Interval{P: p, Lo: math.Max(0, centre-half), Hi: math.Min(1, centre+half)}
}
