// Package sim plays many matches between bots, on all cores, and reports how they did: win
// rates and ratings, and the balance of the game itself.
//
// A run is a round robin. Every pairing of its players (or the pairings the run names) plays
// Matches matches in every variant of the run. Match i plays configuration c = i mod C, where
// C = variants × pairings, variant c / pairings and pairing c mod pairings, for the k-th time,
// k = i / C counting from 0; the pairing's first player takes seat 0 (and seat 2 in doubles)
// when k is even and the second player when k is odd, so each pairing plays both sides equally.
//
// Match i is seeded by (run seed, i) alone, and results are folded in match order into integer
// counts, so a report never depends on the number of workers, and the tallies of the shards of
// a run (contiguous blocks of match indices) merge into exactly the report one run gives. A run
// keeps a bounded window of matches in flight and fixed-size counts, so its memory stays flat
// however many matches it plays.
package sim

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"runtime"
	"slices"
	"sync"
	"sync/atomic"
	"time"

	"deuce/bot"
	"deuce/engine"
)

// Player is one entrant: a bot under a display name.
type Player struct {
	Name string
	Bot  bot.Bot
}

// Variant is a named set of options a run plays.
type Variant struct {
	Name    string         `json:"name"`
	Options engine.Options `json:"options"`
}

// Shard names one slice of a run: of Count contiguous blocks of match indices, the one
// numbered Index (from 0). The zero Shard is the whole run.
type Shard struct {
	Index int `json:"index"`
	Count int `json:"count"`
}

// Config describes a run.
type Config struct {
	Game engine.Game
	// Options are the options of every match when Variants is empty.
	Options engine.Options
	// Variants are the option sets the run plays, each one in every pairing; breakdowns by
	// variant compare them.
	Variants []Variant
	// Players are the entrants; their names must differ.
	Players []Player
	// Pairs lists the pairings as indices into Players; nil means every pair, in the order
	// (0,1), (0,2), ..., (1,2), ...
	Pairs [][2]int
	// Matches is the number of matches each pairing plays in each variant.
	Matches int
	Seed    uint64
	// Shard, when set, plays one slice of the run.
	Shard Shard
	// Workers defaults to GOMAXPROCS.
	Workers int
	// MaxActions stops a runaway match with an error (default 1,000,000).
	MaxActions int
	// OnMatch, when set, receives the record of every finished match in match order. Records
	// are built only when it is set.
	OnMatch func(i int, rec *engine.Record) error
	// OnResult, when set, receives every match's result in match order, after it is folded in.
	// r.Facts is valid during the call only: its storage is reused for later matches.
	OnResult func(r MatchResult) error
	// Progress, when set, is called in match order after each match, or each handful of
	// matches, is folded in, with the matches of the shard done so far (resumed ones included)
	// and the shard's size.
	Progress func(done, total int)
	// OnAhead, when set, receives, when ctx ends the run, the results of the matches it had
	// finished beyond the last one folded in, in match order: results are folded in match
	// order, so a run stopped while one match is slow holds finished matches it cannot fold yet
	// (up to a window of batches, hundreds of matches in a long run). A later run takes them
	// back as Known instead of playing them again.
	OnAhead func(rs []MatchResult) error
	// Known are results of this run's matches that a run stopped short had finished ahead
	// (OnAhead), by match index: the workers fold them in their turn instead of playing the
	// match again, which would give the same result. They are ignored when OnMatch is set,
	// whose records only playing the match makes.
	Known map[int]MatchResult
}

// MatchResult is what one match contributes to a tally: the facts a results file keeps.
type MatchResult struct {
	// Index is the match's index in the run.
	Index int `json:"i"`
	// Variant and Pair are the indices of the match's variant and pairing.
	Variant int `json:"variant"`
	Pair    int `json:"pair"`
	// Sides are the players (indices into the run's players) of side 0 (seat 0, and seat 2 in
	// doubles) and side 1.
	Sides [2]int `json:"sides"`
	// Winner is the winning side, -1 for a draw.
	Winner int `json:"winner"`
	// Returns are the payoffs of seat 0 and seat 1.
	Returns [2]float64 `json:"returns"`
	// Actions is the match length in actions, chance outcomes included.
	Actions int `json:"actions"`
	// Facts are the game's tennis facts, when it keeps them (engine.Tennis).
	Facts *engine.TennisFacts `json:"facts,omitempty"`
}

// Run plays the matches of cfg and reports. It stops at the first error, or when ctx ends.
func Run(ctx context.Context, cfg Config) (*Report, error) {
	t, err := NewTally(cfg)
	if err != nil {
		return nil, err
	}
	if err := Play(ctx, cfg, t); err != nil {
		return nil, err
	}
	return t.Report(), nil
}

// runner is a run being played.
type runner struct {
	cfg     Config
	spec    Spec
	options []engine.Options // resolved, per variant
	starts  []engine.State   // a match at its start, per variant: every match is a clone
}

// newRunner checks cfg and resolves its options.
func newRunner(cfg Config) (*runner, error) {
	if cfg.Matches < 1 {
		return nil, fmt.Errorf("sim needs at least one match, got %d", cfg.Matches)
	}
	if cfg.MaxActions <= 0 {
		cfg.MaxActions = 1_000_000
	}
	r := &runner{cfg: cfg}
	sp := &r.spec
	sp.Version = specVersion
	sp.Game = cfg.Game.Name
	sp.Matches = cfg.Matches
	sp.Seed = cfg.Seed
	sp.MaxActions = cfg.MaxActions
	names := map[string]bool{}
	for _, p := range cfg.Players {
		if p.Bot == nil {
			return nil, fmt.Errorf("player %q has no bot", p.Name)
		}
		if names[p.Name] {
			return nil, fmt.Errorf("two players are named %q", p.Name)
		}
		names[p.Name] = true
		sp.Players = append(sp.Players, PlayerSpec{Name: p.Name, Bot: p.Bot.Name()})
	}
	var err error
	r.options, r.starts, sp.Solo, err = resolve(cfg)
	if err != nil {
		return nil, err
	}
	for v, named := range variants(cfg) {
		sp.Variants = append(sp.Variants, Variant{Name: named.Name, Options: r.options[v]})
	}
	switch {
	case sp.Solo:
		// Every bot plays the automaton, which the spec lists as a last player.
		if cfg.Pairs != nil {
			return nil, errors.New("in a one-seat game every bot plays the automaton: pairings do not apply")
		}
		if names[Automaton] {
			return nil, fmt.Errorf("a player of a one-seat game may not be named %q, the automaton's name", Automaton)
		}
		if len(cfg.Players) < 1 {
			return nil, errors.New("sim needs at least one player")
		}
		auto := len(cfg.Players)
		sp.Players = append(sp.Players, PlayerSpec{Name: Automaton, Bot: Automaton})
		for a := range cfg.Players {
			sp.Pairs = append(sp.Pairs, [2]int{a, auto})
		}
	case len(cfg.Players) < 2:
		return nil, fmt.Errorf("sim needs at least two players, got %d", len(cfg.Players))
	case cfg.Pairs != nil:
		sp.Pairs = cfg.Pairs
	default:
		for a := range cfg.Players {
			for b := a + 1; b < len(cfg.Players); b++ {
				sp.Pairs = append(sp.Pairs, [2]int{a, b})
			}
		}
	}
	seen := map[[2]int]bool{}
	for _, p := range sp.Pairs {
		if p[0] < 0 || p[1] < 0 || p[0] >= len(sp.Players) || p[1] >= len(sp.Players) {
			return nil, fmt.Errorf("pairing %d-%d names no player (players 1 to %d)", p[0]+1, p[1]+1, len(sp.Players))
		}
		if p[0] == p[1] {
			return nil, fmt.Errorf("pairing %d-%d pairs a player with itself", p[0]+1, p[1]+1)
		}
		key := [2]int{min(p[0], p[1]), max(p[0], p[1])}
		if seen[key] {
			return nil, fmt.Errorf("pairing %d-%d is listed twice", p[0]+1, p[1]+1)
		}
		seen[key] = true
	}
	if len(sp.Pairs) == 0 {
		return nil, errors.New("sim needs at least one pairing")
	}
	sp.Shard = cfg.Shard
	if sp.Shard.Count == 0 && sp.Shard.Index == 0 {
		sp.Shard.Count = 1
	}
	if err := sp.Shard.check(sp.Total()); err != nil {
		return nil, err
	}
	return r, nil
}

// Automaton names the automaton of a one-seat game in a run's players and reports.
const Automaton = "automaton"

// variants returns the variants of cfg: its Options alone when it lists none.
func variants(cfg Config) []Variant {
	if len(cfg.Variants) == 0 {
		return []Variant{{Options: cfg.Options}}
	}
	return cfg.Variants
}

// resolve resolves the options of cfg's variants and builds a match at the start of each. It
// reports whether the game has one seat (solo, against an automaton) in every variant, and
// refuses a run that mixes one-seat and two-seat variants, whose bots could not be paired the
// same way.
func resolve(cfg Config) (options []engine.Options, starts []engine.State, solo bool, err error) {
	for i, v := range variants(cfg) {
		opts, err := cfg.Game.Resolve(v.Options)
		if err != nil {
			return nil, nil, false, err
		}
		start, err := cfg.Game.New(opts)
		if err != nil {
			return nil, nil, false, fmt.Errorf("%s: %w", cfg.Game.Name, err)
		}
		one := start.NumSeats() == 1
		if i > 0 && one != solo {
			return nil, nil, false, errors.New("a run cannot mix one-seat variants (against the automaton) with two-seat ones: run them apart")
		}
		solo = one
		options, starts = append(options, opts), append(starts, start)
	}
	return options, starts, solo, nil
}

// Solo reports whether the run cfg describes is of a one-seat game, where every bot plays the
// game's automaton (one bot is then enough), and refuses a run that mixes one-seat and
// two-seat variants.
func Solo(cfg Config) (bool, error) {
	_, _, solo, err := resolve(cfg)
	return solo, err
}

func (s Shard) check(total int) error {
	if s.Count < 1 || s.Index < 0 || s.Index >= s.Count {
		return fmt.Errorf("shard %d/%d: want I/N with 0 <= I < N", s.Index, s.Count)
	}
	if s.Count > total {
		return fmt.Errorf("shard %d/%d: the run has only %d matches", s.Index, s.Count, total)
	}
	return nil
}

// Play plays the matches of t's shard that t has not folded in yet, and folds them into t. cfg
// must describe the run t tallies. It stops at the first error, or when ctx ends; t then holds
// every match folded in so far, so a later Play can go on from there.
//
// Workers take the matches in batches of consecutive indices (up to a thousand when the run
// is long enough, one when it is short) and hand back a batch's results together, or those done
// so far every flushAfter, so that fast games do not spend their time passing single matches
// between goroutines and slow ones still report each match soon after it ends. Unless OnResult
// or OnMatch must see each match, a worker also folds what it hands back into a tally of its
// own, which Play adds to t in match order: the counts are integers, so the sum is exactly the
// match-by-match one, and adding in order takes a few percent of a run's CPU time at most.
func Play(ctx context.Context, cfg Config, t *Tally) error {
	r, err := newRunner(cfg)
	if err != nil {
		return err
	}
	if err := r.spec.same(t.Spec); err != nil {
		return err
	}
	from, to := t.Spec.Range()
	first := t.Next
	if first == to {
		return nil
	}
	workers := cfg.Workers
	if workers <= 0 {
		workers = runtime.GOMAXPROCS(0)
	}
	workers = min(workers, to-first)
	known := cfg.Known
	if cfg.OnMatch != nil {
		known = nil
	}
	for i, res := range known {
		if _, _, _, err := t.Spec.fits(i, res); err != nil {
			return fmt.Errorf("a result kept from a stopped run: %w", err)
		}
	}
	// Without a callback that must see every match, a worker folds its chunk into a tally of
	// its own and the run adds that tally whole: counts are integers, so the sum is the same,
	// and the one part of a run that cannot run in parallel stays small.
	whole := cfg.OnResult == nil && cfg.OnMatch == nil && cfg.OnAhead == nil
	size := batchSize(to-first, workers, whole)

	parent := ctx
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	// Workers claim batches by their first match, in order; at most cap(window) batches are
	// claimed ahead of the oldest unfolded one, so memory stays flat however long the run and
	// however slow one match.
	var claimed atomic.Int64
	claimed.Store(int64(first))
	window := make(chan struct{}, 4*workers)
	results := make(chan *chunk, 4*workers)
	// Chunks folded in come back for reuse, so that a run allocates none once under way.
	free := make(chan *chunk, 2*workers)
	newChunk := func(lo int) *chunk {
		var c *chunk
		select {
		case c = <-free:
			c.matches = c.matches[:0]
		default:
			c = &chunk{}
			if whole {
				c.tally = newTally(t.Spec)
			} else {
				c.matches = make([]played, 0, size)
			}
		}
		c.lo, c.n, c.whole = lo, 0, whole
		if whole {
			c.tally.reset(lo)
		}
		return c
	}
	// When every core has a worker, the collector, woken by a chunk, waits for a core until a
	// worker blocks, that is, until the window runs out and every worker stops and must be
	// woken again (in a fast game, several percent of a run): so a worker that hands over a
	// chunk yields its core to the collector, which folds it at once.
	yield := workers >= runtime.GOMAXPROCS(0)
	// send hands c over, and reports false when the run has ended. It hands it over even
	// then, since the collector takes every chunk until the workers are done: a chunk of
	// finished matches is never dropped, and OnAhead sees them all.
	send := func(c *chunk) bool {
		results <- c
		if yield {
			runtime.Gosched()
		}
		return ctx.Err() == nil
	}
	var wg sync.WaitGroup
	for range workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			w := r.newWorker()
			var clock flushClock // the worker's, so that its stride carries over
			for {
				if ctx.Err() != nil {
					return
				}
				select {
				case window <- struct{}{}:
				case <-ctx.Done():
					return
				}
				lo := int(claimed.Add(int64(size))) - size
				if lo >= to {
					<-window // no batch to take the place for
					return
				}
				hi := min(lo+size, to)
				c := newChunk(lo)
				clock.start()
				for i := lo; i < hi; i++ {
					p := &c.one
					if !c.whole {
						p = c.next()
					}
					if res, ok := known[i]; ok {
						*p = played{res: res}
					} else {
						w.play(ctx, i, p)
					}
					c.n++
					if c.whole && (p.err != nil || c.tally.Add(p.res) != nil) {
						// Hand over the matches folded so far, then this one alone, to be
						// folded one at a time, where the error shows; the run stops there.
						// The match is copied out first: once c is handed over, another worker
						// may be playing in it.
						failed := &chunk{lo: i, n: 1, matches: []played{*p}}
						failed.matches[0].res.Facts = nil // they live in c, and are not read
						if c.n--; c.n > 0 && !send(c) {
							return
						}
						send(failed)
						return
					}
					if i+1 < hi && !clock.due() {
						continue
					}
					if !send(c) {
						return
					}
					if i+1 < hi {
						c = newChunk(i + 1)
						clock.start()
					}
				}
			}
		}()
	}
	go func() {
		wg.Wait()
		close(results)
	}()

	// The collector takes every chunk until the workers are done, even after the run has
	// stopped (the first error cancels it), so that no worker is left blocked on a send and
	// OnAhead sees every finished match.
	pending := map[int]*chunk{} // chunks that finished ahead of their turn, by first match
	var stopped error
	for c := range results {
		pending[c.lo] = c
		for stopped == nil {
			c, ok := pending[t.Next]
			if !ok {
				break
			}
			delete(pending, t.Next)
			if c.whole {
				t.merge(c.tally)
				t.Next += c.n
				if cfg.Progress != nil {
					cfg.Progress(t.Next-from, to-from)
				}
			} else {
				for k := range c.matches {
					if err := fold(cfg, t, &c.matches[k]); err != nil {
						// A chunk's matches are played in order: those after a failure were
						// cut short by the same stop, or come after the error that stops
						// the run.
						stopped = err
						cancel()
						break
					}
					if cfg.Progress != nil {
						cfg.Progress(t.Next-from, to-from)
					}
				}
				if stopped != nil {
					break
				}
			}
			if (t.Next-first)%size == 0 || t.Next == to {
				<-window // a whole batch is folded in: chunks never straddle two
			}
			select {
			case free <- c:
			default:
			}
		}
	}
	if perr := parent.Err(); perr != nil {
		if cfg.OnAhead != nil {
			if aerr := cfg.OnAhead(ahead(pending, cfg.Known, t.Next)); aerr != nil {
				return fmt.Errorf("%w; keeping the matches finished ahead: %w", perr, aerr)
			}
		}
		if stopped == nil || errors.Is(stopped, perr) {
			return perr
		}
	}
	if stopped != nil {
		return stopped // the error that stopped the run, not the stop it caused
	}
	if t.Next != to {
		return errors.New("sim stopped early")
	}
	return nil
}

// ahead returns the finished matches of the chunks left unfolded and the known ones not
// folded (those of batches no worker took), from match next on, in match order.
func ahead(pending map[int]*chunk, known map[int]MatchResult, next int) []MatchResult {
	var rs []MatchResult
	seen := map[int]bool{}
	for _, c := range pending {
		for k := range c.matches {
			if p := &c.matches[k]; p.err == nil && p.res.Index >= next {
				rs = append(rs, p.res)
				seen[p.res.Index] = true
			}
		}
	}
	for i, r := range known {
		if i >= next && !seen[i] {
			rs = append(rs, r)
		}
	}
	slices.SortFunc(rs, func(a, b MatchResult) int { return cmp.Compare(a.Index, b.Index) })
	return rs
}

// flushAfter is how long a worker keeps the results of its batch before it hands over those it
// has, so that slow matches report as they finish.
const flushAfter = 20 * time.Millisecond

// flushClock tells a worker when flushAfter has passed since it started a chunk. Reading the
// clock after every match would cost a few percent of a fast game's matches (the bidding game
// plays one in a microsecond), so it reads it after every stride matches, a stride that
// doubles, up to maxStride, while the matches between two readings take less than a
// sixty-fourth of flushAfter, and falls back to one when they take more than a sixteenth.
type flushClock struct {
	since, last  time.Time
	stride, left int
}

const maxStride = 64

// start starts the clock of a new chunk.
func (c *flushClock) start() {
	c.since = time.Now()
	c.last = c.since
	c.stride = max(c.stride, 1)
	c.left = c.stride
}

// due reports, after a match, whether the chunk's results are due.
func (c *flushClock) due() bool {
	if c.left--; c.left > 0 {
		return false
	}
	now := time.Now()
	switch d := now.Sub(c.last); {
	case d < flushAfter/64:
		c.stride = min(2*c.stride, maxStride)
	case d > flushAfter/16:
		c.stride = 1
	}
	c.last, c.left = now, c.stride
	return now.Sub(c.since) >= flushAfter
}

// batchSize is the number of consecutive matches a worker plays at a time: about a sixteenth
// of each worker's share, from 1 to 256, or to 1,024 in a run whose batches are folded whole,
// which keep no storage per match: in the bidding game, whose matches take a microsecond,
// handing over a batch of 256 and adding its counts cost a few percent of its time.
func batchSize(matches, workers int, whole bool) int {
	most := 256
	if whole {
		most = 1024
	}
	return max(1, min(most, matches/(16*workers)))
}

// chunk is finished matches of one batch, handed over together: all of the batch, or those
// done by the time a flush was due, n matches from match lo. When whole, tally holds them all
// folded in, from a tally that started empty at match lo, and one is the storage each match is
// played in; otherwise matches holds each match.
type chunk struct {
	lo, n   int
	matches []played
	tally   *Tally
	whole   bool
	one     played
}

// next lengthens c.matches by one and returns the new last match: the storage of the chunk's
// earlier use, whose facts' slices play reuses, where it has some.
func (c *chunk) next() *played {
	if n := len(c.matches); n < cap(c.matches) {
		c.matches = c.matches[:n+1]
	} else {
		c.matches = append(c.matches, played{})
	}
	return &c.matches[len(c.matches)-1]
}

// fold folds one finished match into t and tells cfg's callbacks.
func fold(cfg Config, t *Tally, p *played) error {
	if p.err != nil {
		return fmt.Errorf("match %d: %w", p.res.Index, p.err)
	}
	if cfg.OnMatch != nil {
		if err := cfg.OnMatch(p.res.Index, p.rec); err != nil {
			return err
		}
	}
	if err := t.Add(p.res); err != nil {
		return err
	}
	if cfg.OnResult != nil {
		if err := cfg.OnResult(p.res); err != nil {
			return err
		}
	}
	return nil
}

// played is one finished match, or why it could not finish. The facts live here, in the
// chunk's slice, where res points at them, so that a match's facts cost no allocation of their
// own.
type played struct {
	res   MatchResult
	facts engine.TennisFacts
	rec   *engine.Record
	err   error
}

// matchSeeds are the seeds of one stream of match i: 0 for chance, 1 + seat for the bot in
// that seat.
func matchSeeds(seed uint64, i int, stream uint64) (uint64, uint64) {
	return seed ^ 0x9e3779b97f4a7c15*(stream+1), uint64(i)
}

// worker is one goroutine's reusable storage: its random sources, reseeded for every match, its
// buffers of chance outcomes and legal actions, and the state of its last match, whose storage
// the next reuses where the game allows (copier). Workers share nothing they write: the
// struct is padded to whole cache lines either side and holds its random sources itself, and
// its buffers start at sizes the allocator aligns to cache lines, so that no two workers write
// to the same line (false sharing would slow every action of both).
type worker struct {
	_       cacheLinePad
	r       *runner
	pcgs    []*rand.PCG // stream 0 is chance, 1 + seat each seat's bot
	rngs    []*rand.Rand
	pcg     [workerStreams]rand.PCG // storage of the first streams
	cbuf    []engine.ChanceOutcome
	buf     []engine.Action
	returns []float64
	states  []engine.State // by seat, for the heuristic's determinizations
	match   engine.State   // the last match played
	_       cacheLinePad
}

// cacheLinePad keeps what a worker writes off the cache lines of its neighbours in memory.
type cacheLinePad [128]byte

// workerStreams is the number of random streams a worker holds itself: chance and four seats.
const workerStreams = 5

// copier is implemented by states that can copy themselves over another state of their game,
// reusing its storage (as ismcts.Copier): a worker then starts each match in the storage of
// its last, and a run allocates no state per match.
type copier interface {
	CopyInto(dst engine.State) engine.State
}

// factsWriter is implemented by games whose tennis facts can be written over a TennisFacts,
// reusing its Shots and Tags storage, exactly as TennisFacts returns them.
type factsWriter interface {
	TennisFactsInto(f *engine.TennisFacts)
}

// outcome appends the returns of a finished match to buf[:0] and names its winner, as Result
// does. A game that reports its returns alone (engine.Returner) is spared building its score
// text: its winner is the first seat paid more than nothing (the winner in a two-seat zero-sum
// game, the first seat of the winning team, the one seat of a solo game that won), Nobody when
// none is, as the engine's Result contract pays them.
func outcome(s engine.State, buf []float64) ([]float64, engine.Seat) {
	if r, ok := s.(engine.Returner); ok {
		buf = r.AppendReturns(buf)
		for seat, x := range buf {
			if x > 0 {
				return buf, engine.Seat(seat)
			}
		}
		return buf, engine.Nobody
	}
	res := s.Result()
	return append(buf[:0], res.Returns...), res.Winner
}

func (r *runner) newWorker() *worker {
	// 1 KB each, a size class the allocator aligns to cache lines.
	return &worker{r: r, buf: make([]engine.Action, 0, 256), cbuf: make([]engine.ChanceOutcome, 0, 64),
		returns: make([]float64, 0, 8)}
}

// start returns match v's starting state in the worker's match storage.
func (w *worker) start(v int) engine.State {
	s := w.r.starts[v]
	if c, ok := s.(copier); ok && w.match != nil {
		w.match = c.CopyInto(w.match)
	} else {
		w.match = s.Clone()
	}
	return w.match
}

// rng returns the random source of stream of match i, reseeded.
func (w *worker) rng(i int, stream int) *rand.Rand {
	for len(w.pcgs) <= stream {
		pcg := &rand.PCG{}
		if k := len(w.pcgs); k < len(w.pcg) {
			pcg = &w.pcg[k]
		}
		w.pcgs, w.rngs = append(w.pcgs, pcg), append(w.rngs, rand.New(pcg))
	}
	w.pcgs[stream].Seed(matchSeeds(w.r.cfg.Seed, i, uint64(stream)))
	return w.rngs[stream]
}

// ctxEvery is how many actions a match plays between looks at its context.
const ctxEvery = 64

// play plays match i into p.
func (w *worker) play(ctx context.Context, i int, p *played) {
	r := w.r
	v, pair, sides := r.spec.Seating(i)
	shots, tags := p.facts.Shots[:0], p.facts.Tags[:0] // storage a reused chunk kept
	*p = played{res: MatchResult{Index: i, Variant: v, Pair: pair, Sides: sides, Winner: -1}}
	fail := func(err error) { p.err = err }
	if err := ctx.Err(); err != nil {
		fail(err)
		return
	}
	s := w.start(v)
	n := s.NumSeats()
	if r.cfg.OnMatch != nil {
		seats := make([]engine.SeatInfo, n)
		for seat := range n {
			pl := r.cfg.Players[sides[seat%2]]
			seats[seat] = engine.SeatInfo{Name: pl.Name, Bot: pl.Bot.Name()}
		}
		p.rec = engine.NewRecord(r.cfg.Game, r.options[v], seats)
		p.rec.Seed = r.cfg.Seed
	}
	for seat := range n {
		w.rng(i, seat+1)
	}
	rngs := w.rngs[1 : n+1]
	for len(w.states) < n {
		w.states = append(w.states, nil)
	}
	chance := w.rng(i, 0)
	var err error
	actions := 0
	asked := false // a bot was given the context, and may have cut a move short
	for to := s.ToMove(); to != engine.Nobody; to = s.ToMove() {
		if actions >= r.cfg.MaxActions {
			fail(fmt.Errorf("not over after %d actions", actions))
			return
		}
		var a engine.Action
		listed := false
		if to == engine.Chance {
			w.cbuf = s.Chances(w.cbuf)
			a = engine.SampleChance(chance, w.cbuf)
		} else {
			if actions%ctxEvery == 0 {
				if err := ctx.Err(); err != nil {
					fail(err)
					return
				}
			}
			pl := r.cfg.Players[sides[int(to)%2]]
			if _, ok := pl.Bot.(bot.Random); ok {
				// bot.Random's own choice, from the worker's buffer.
				w.buf = s.Legal(w.buf)
				a = w.buf[rngs[to].IntN(len(w.buf))]
				listed = true
			} else {
				if h, ok := pl.Bot.(bot.Heuristic); ok {
					// The heuristic determinizes into the worker's state for the seat.
					a, err = h.ChooseInto(&w.states[to], s, to, rngs[to])
				} else {
					a, err = pl.Bot.Choose(ctx, s, to, rngs[to])
					asked = true
				}
				if err != nil {
					fail(fmt.Errorf("%s (%s) in %v: %w", pl.Name, pl.Bot.Name(), to, err))
					return
				}
			}
		}
		switch {
		case p.rec != nil:
			err = p.rec.Apply(s, a)
		case to == engine.Chance || listed:
			err = engine.ApplyListed(s, a) // an action the game listed: no need to check it
		default:
			err = s.Apply(a)
		}
		if err != nil {
			fail(fmt.Errorf("%v played %d: %w", to, a, err))
			return
		}
		actions++
	}
	if asked && ctx.Err() != nil {
		// A search bot asked to stop plays the best move it has found so far, which a whole
		// run might not play: a match the stop reached is not a result. (Random and the
		// heuristic, which the worker asks itself, never see the context: their matches,
		// some a microsecond long, are spared the look.)
		fail(ctx.Err())
		return
	}
	var winner engine.Seat
	w.returns, winner = outcome(s, w.returns)
	for seat, x := range w.returns {
		if seat < 2 {
			p.res.Returns[seat] = x
		}
	}
	switch {
	case winner >= 0:
		p.res.Winner = int(winner) % 2
	case r.spec.Solo && p.res.Returns[0] < 0:
		// What the one seat loses the automaton, side 1, wins.
		p.res.Winner = 1
	}
	if r.spec.Solo {
		p.res.Returns[1] = -p.res.Returns[0]
	}
	p.res.Actions = actions
	if fw, ok := s.(factsWriter); ok {
		p.facts.Shots, p.facts.Tags = shots, tags
		fw.TennisFactsInto(&p.facts)
		p.res.Facts = &p.facts
	} else if t, ok := s.(engine.Tennis); ok {
		p.facts = t.TennisFacts()
		p.res.Facts = &p.facts
	}
}
