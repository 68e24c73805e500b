// Package ismcts is information-set Monte Carlo tree search over the engine contract alone: a
// bot for any deuce game, with hidden cards, chance and simultaneous secret decisions, that never
// reads what its seat may not know.
//
// # One iteration
//
// An iteration samples a full state the searching seat cannot tell from the real one
// (engine.Determinize for that seat: hidden hands are redealt, a pending secret choice of another
// seat is redrawn; with Options.Infer, engine.DeterminizeInferred deals them by what the public
// play has shown of them), then walks it down the tree: chance nodes are sampled by their weights
// (engine.SampleChance) and never stored; a decision with one legal action is played without a
// node; at every other decision the node of the seat to move chooses by UCB1. The first decision
// whose node does not exist yet gets one (one new node per iteration), chooses its action at
// once, and the iteration continues with a playout to the end of the match: uniformly random, or
// Options.Playout (a game's heuristic, which may read the determinized state: that state is the
// searcher's own imagination). The match's returns, one per seat, are backed up along the path:
// each node's edges add the return of the node's own seat, so every seat maximises its own
// return, and each node keeps the whole return vector.
//
// # Tree keying
//
// A node is an information set of the seat to move, not a game state. Its key is a hash of
// (seat, that seat's observations at its own earlier decisions on the path and the actions it
// took there, the key of its current observation: engine.AppendKey, the game's engine.Keyer or
// else the observation's JSON encoding). By the engine contract an observation is exactly what a
// seat may know, and equal keys mean equal information, so the
// key is a function of what the seat to move knows: two paths it cannot tell apart reach the
// same node, and no node's statistics are split by anything its seat does not know. (The
// history makes the key perfect-recall even where a game's observation forgets, and keeps the
// tree acyclic.) With Options.Abstract the current observation is keyed by
// engine.AppendAbstractKey instead, where the game implements engine.Abstracter: what the seat
// knows that bears on the match's future, without what is past and settled (the faces Worldwide's
// d20 showed once played), so that positions differing only there share a node; the history
// still holds the seat's own actions, so nothing it chose is merged away.
//
// A seat's key depends on nothing another seat did in secret: the nodes of a seat
// that bids second in a simultaneous round are shared by every secret bid the first bidder may
// have made, so the search plays simultaneous decisions as simultaneous, without peeking, and
// the searching seat's own choices depend on its observation alone, since everything else it
// sees comes from engine.Determinize for its seat. Nodes of other seats are keyed by their own
// observations in each determinization (their sampled hands included): the multiple-observer
// form of ISMCTS, in one tree. Playouts and the prior read whole determinized states, so the
// imagined opponents play them as if they saw every hand (unless Options.OwnView gives each
// seat its own determinization to choose on); the search does not model what the others infer
// about the searching seat's hand from its play.
//
// Because an action can be legal in some determinizations of a node and not in others, every
// edge counts its availability (the visits to its node in which it was legal), and UCB1 uses
// that count in place of the parent's visits. Untried actions are tried first: the prior's
// choice when it is untried, otherwise one at random. With Options.Prior and Options.Bias set,
// an edge's score also gets a progressive bias: Bias times the fraction of its availabilities in
// which the prior chose it, divided by one more than its visits, so a game's heuristic guides
// the search until the returns outweigh it.
//
// # Simultaneous steps
//
// UCB1 plays a simultaneous step badly: its most visited action is a pure choice, where the
// value lies in a mixed strategy. With Options.Regret the decisions of a simultaneous step
// (engine.Simultaneous) are simultaneous-move MCTS with regret matching instead (Lisý,
// Kovařík, Lanctot and Bošanský, "Convergence of Monte Carlo Tree Search in Simultaneous Move
// Games", 2013): each node of the step samples its action from regret matching on its
// cumulative regrets and accumulates its strategy, weighted by its visit count, into an
// average strategy; at the root the move is drawn from that average strategy, merged over
// the trees, which converges to an equilibrium of a two-player zero-sum game. The seats of a
// step choose in one tree, the later ones keyed by observations that do not show the earlier
// secret choices, and a seat that is not first in its step searches from the step's start
// (StepStarter), so that the choices before its own are the tree's rather than redrawn at
// random. An iteration that adds a node of a step adds the step's other nodes too, so no
// iteration leaves the tree in the middle of a step.
//
// Regrets are estimated from the one outcome an iteration samples, with each action's mean
// return as a baseline and a tenth of the choices uniform, so that every action is tried.
// Where the step is valued exactly (Options.Evaluate just after it, or the match's end), no
// estimate is needed: the step is replayed with every action of each of its nodes (for a step
// of two choices, every pair, weighted by the other node's strategy), the regrets are the
// exact ones, floored at zero (regret matching+), and the nodes sample without exploration.
// The search is then regret matching+ on the matrix game of the step, which converges in a
// few hundred iterations. Options.Fallback names the search to run where Evaluate gives no
// value at the root.
//
// # Budgets and parallel search
//
// Options.Iterations makes a search reproducible: the same state, options and seed give the
// same move, on any machine and under any scheduling. The search runs Options.Trees independent
// trees (root parallelism), tree i seeded from the caller's rng and i, each doing its fixed share
// of the iterations; Options.Workers goroutines share the trees, each claiming any free tree
// for a batch of its iterations (a tree's iterations run in order whoever runs them), and the
// trees' root statistics are merged in tree order: visits are summed per root action and the most visited action is
// played, the lowest action number winning ties. The worker count therefore never changes the
// move. Options.Time caps the thinking time; with an iteration budget as well, the cap applies
// only when the caller's ctx carries a deadline (live play), so that simulations and tests,
// which set none, stay reproducible. A deadline on ctx always ends the search a little before
// it, and the best move so far is played.
//
// Options.Spend makes a level use all it is given in live play: under a deadline it ignores
// the iteration budget, searches one tree per core (or Options.Trees, if more) until the
// deadline or the time cap, and is then not reproducible; without a deadline it is the
// reproducible search above.
//
// Options.Horizon optionally ends playouts after the next few points of tennis (engine.Points),
// scoring the points each side won: for games whose points hardly depend on each other, the
// points ahead say almost all a playout to the end of the match would, for a fraction of its
// cost. The window counts from the position searched, not from where an iteration leaves the
// tree, so that every iteration estimates the same thing.
//
// Options.Leaf optionally values what a playout leaves at the horizon: a game's estimate of the
// lead the state gives a side in the points after it (the cards and resources each side keeps,
// who serves), added to the points counted, so that a point won by spending what the next
// points need counts for less.
//
// Options.SingleObserver optionally keys the other seats' nodes by the searching seat's
// observation (single-observer ISMCTS) instead of their own: see the option. Options.OwnView
// optionally makes every playout and prior choice on a determinization for the seat choosing,
// so that the imagined opponents do not play as if they saw the searching seat's real hand.
//
// Options.Depth optionally ends playouts after that many actions with a return of 0 for every
// seat: an estimate that knows nothing, for games whose matches are too long to play out.
// Every playout ends so after MaxPlayout actions at the most, so that a position from which the
// playout policies can go round for ever (a determinization in which neither side can end a
// point) costs an iteration a bounded time, and a search its budget.
//
// Memory is bounded: a tree holds at most one node per iteration and at most Options.MaxNodes;
// once full, iterations only play out. Node, edge and hash storage is preallocated per tree and
// reused by later searches of the same Bot.
//
// An iteration allocates nothing where the game allows it: the determinization is written over
// the previous iteration's state (engine.DeterminizeInto), actions taken from the game's own
// lists are applied without a second check (engine.ApplyListed), returns are read without a
// Result (engine.AppendReturns), and keys are a few bytes (engine.AppendKey). The trees share
// nothing, so each worker runs at the speed of a lone search.
package ismcts

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"runtime"
	"sync"
	"sync/atomic"
	"time"

	"deuce/bot"
	"deuce/engine"
)

// MaxPlayout is the most actions a playout plays, chance outcomes included: some fifty times the
// longest whole match of the five games, so that it only ends playouts that would not end.
const MaxPlayout = 1 << 16

// Policy chooses an action for the seat to move in s, a full (determinized) state whose every
// field it may read. A game's Heuristic is one.
type Policy func(s engine.State, rng *rand.Rand) engine.Action

// Defaults for the zero fields of Options.
const (
	DefaultIterations  = 1000
	DefaultExploration = 0.7
	DefaultMaxNodes    = 1 << 18
)

// Options configures a search. The zero value is a working search: 1000 iterations, random
// playouts, one tree.
type Options struct {
	// Name is the bot's level as people pick it (default "ismcts").
	Name string
	// Iterations is the total number of iterations over all trees; 0 with Time set means no
	// limit but the time. With neither set the search runs DefaultIterations.
	Iterations int
	// Time caps the thinking time per move. With Iterations also set it applies only when ctx
	// has a deadline (live play); with Iterations 0 it always applies.
	Time time.Duration
	// Exploration is UCB1's constant c, in units of the game's returns (±1 for a win or a loss):
	// an edge scores mean + c·sqrt(ln(availability)/visits). Default DefaultExploration.
	Exploration float64
	// Playout chooses the actions of playouts; nil plays uniformly at random.
	Playout Policy
	// Prior, with Bias > 0, is the policy whose choices bias the selection (progressive bias);
	// it also picks which untried action a node tries first.
	Prior Policy
	// Bias is the weight of the prior's choice in an edge's score, in units of returns.
	Bias float64
	// Determinizations is the number of playouts per iteration (default 1). Each playout after
	// the first starts from a fresh determinization, for the searching seat, of the state where
	// the iteration left the tree, and the returns are averaged: less noise per iteration for
	// proportionally more time.
	Determinizations int
	// Depth, when positive, ends a playout after that many actions (chance outcomes included)
	// with a return of 0 for every seat. Whatever it is, a playout ends so after MaxPlayout
	// actions.
	Depth int
	// Horizon, when positive and the game's states implement engine.Points, ends a playout once
	// that many points have been played since the position searched; each seat's return is then
	// its side's points won minus the other side's, over the points played (a playout in which
	// the match ends first returns the match's result). Game.Horizon gives a game's value.
	Horizon int
	// Leaf, with Horizon, values what a playout leaves behind at the horizon: it returns side
	// 0's expected lead in the points to come from s, the point boundary where the playout
	// stopped (seat i plays for side i%2), in points. Each seat's return is then its side's
	// points won minus the other's over the points played plus its side's share of that lead,
	// divided by the points played: the hands, resources and serve a point leaves to the next
	// ones count, not only who won it. Nil counts the points alone.
	Leaf func(s engine.State) float64
	// Judge, with Horizon, replaces the points-and-lead return: called once per search with the
	// position searched, it returns the function that values the state a playout leaves at the
	// horizon (or at the match's end) for side 0, in units of the point in play at the root (+1
	// for winning it and nothing more, -1 for losing it); seat i's return is that value for side
	// i%2. A game uses it to weigh the point in play by how much it matters to the match against
	// what it costs the points after it. Judge may return nil for a root it cannot value, and
	// the search then counts points (and Leaf) as without it.
	Judge func(root engine.State) func(s engine.State) float64
	// SingleObserver keys the other seats' nodes by what the searching seat observes, not by
	// their own observations in each determinization (single-observer ISMCTS: Cowling, Powley
	// and Whitehouse, "Information Set Monte Carlo Tree Search", 2012). An opponent's node is
	// then shared by every hand the searching seat imagines it holds: it gathers the visits
	// that the multiple-observer tree splits over as many nodes as imagined hands (each, at
	// the search's budgets, seen by so few iterations that the opponent plays its prior
	// there), at the price of a choice that depends on its hand only through which actions
	// are legal and what the prior picks. Secret choices of a simultaneous step keep the
	// multiple-observer keys.
	SingleObserver bool
	// OwnView makes the playout policy and the prior choose for each seat on a determinization
	// of the state for that seat (engine.Determinize: what it cannot see redealt), not on the
	// iteration's state. Without it every seat in a playout, and the prior at the opponents'
	// nodes, reads every hand of the iteration's determinization, which holds the searching
	// seat's real hand: the imagined opponents play as if they could see it, so the search
	// guards against an opponent who knows its cards and spends nothing on what a real
	// opponent cannot know. It costs a determinization per playout decision.
	OwnView bool
	// Oracle searches the true state at every iteration instead of a determinization: the
	// search sees every card its seat may not (chance still deals what nobody knows yet). It
	// is for study only, never offered to play: an oracle's win rate against a level bounds
	// what any search of that budget could gain by guessing the hidden cards better.
	Oracle bool
	// Infer deals what the searching seat cannot see by what the public play shows of it
	// (engine.DeterminizeInferred: a player who could not return holds none of the cards that
	// return), where the game implements engine.Inferrer, instead of uniformly. It applies to
	// every determinization the search makes, OwnView's included.
	Infer bool
	// Abstract keys the tree's nodes by what the seat to move knows that bears on the match's
	// future (engine.AppendAbstractKey: Worldwide leaves out the faces the dice showed once
	// their outcome is played), where the game implements engine.Abstracter, instead of all it
	// knows: positions that differ only in a die's face, and lead to the same futures, share
	// their statistics.
	Abstract bool
	// Prune leaves out of the tree, below its root, the actions the game says a search never
	// needs (engine.Pruner: taking back a card just picked), where the game implements it. The
	// root keeps every legal action, so that the bot may still undo a choice of its own made
	// on an earlier search; playouts play whatever their policy chooses.
	Prune bool
	// Trees is the number of independent trees whose root statistics are merged (default 1).
	Trees int
	// Workers is the number of goroutines searching the trees (default: Trees, at most
	// GOMAXPROCS). It changes the speed, never the move.
	Workers int
	// MaxNodes bounds the nodes of one tree (default DefaultMaxNodes).
	MaxNodes int
	// Regret plays the decisions of simultaneous steps (engine.Simultaneous: secret bids) as
	// simultaneous-move MCTS with regret matching, the move drawn from the average strategy
	// (see "Simultaneous steps"): it converges to an equilibrium strategy in two-player
	// zero-sum games, where UCB1's most visited move does not. No level of a card game uses
	// it; the bidding game's expert does.
	Regret bool
	// Evaluate, when set, is asked at every decision the descent reaches after the root
	// (never in the middle of a simultaneous step searched with Regret) for each seat's return
	// from s, written to ret; when it reports true the iteration ends there, with no playout.
	// An exact evaluation (a solved game's values) makes the search a solver of the steps
	// above it.
	Evaluate func(s engine.State, ret []float64) bool
	// Fallback, with Evaluate, is the search to run instead where Evaluate gives no value
	// at the start of the root's step (it is asked there first): another budget and another
	// way of choosing for where the evaluation is missing. Its Name is this search's.
	Fallback *Options
	// Spend makes live play use the whole budget: when ctx has a deadline, Iterations is
	// ignored and the search runs until the deadline (or the Time cap), on at least one tree
	// per core (GOMAXPROCS) with a worker for each. Without a deadline (simulations, tests) the
	// search is the reproducible one Iterations and Trees describe.
	Spend bool
	// Focus and FocusVisits, with FocusVisits > 0, make each tree choose Focus at the root
	// whenever it has had fewer than FocusVisits visits there, before the usual choice: the
	// search then knows Focus's value within a known precision, however poor the move. It is
	// for judging a move (analysis), never for play: those visits are taken from the others.
	Focus       engine.Action
	FocusVisits int
}

func (o Options) withDefaults() Options {
	if o.Name == "" {
		o.Name = "ismcts"
	}
	if o.Iterations <= 0 {
		o.Iterations = 0
		if o.Time <= 0 {
			o.Iterations = DefaultIterations
		}
	}
	if o.Exploration <= 0 {
		o.Exploration = DefaultExploration
	}
	if o.Determinizations < 1 {
		o.Determinizations = 1
	}
	if o.Trees < 1 {
		o.Trees = 1
	}
	if o.Iterations > 0 {
		o.Trees = min(o.Trees, o.Iterations) // every tree does at least one iteration
	}
	if o.Workers < 1 {
		o.Workers = min(o.Trees, runtime.GOMAXPROCS(0))
	}
	o.Workers = min(o.Workers, o.Trees)
	if o.MaxNodes < 1 {
		o.MaxNodes = DefaultMaxNodes
	}
	if o.Prior == nil {
		o.Bias = 0
	}
	return o
}

// Bot is an ISMCTS player. It is safe for concurrent use: each search has its own trees.
type Bot struct {
	opts     Options
	sets     sync.Pool // *treeSet, the trees of a finished search, reused by the next
	fallback *Bot      // Options.Fallback's search, if set
}

// treeSet is the trees of one search. They are pooled together, so that a search reuses the
// storage of all its trees or of none: trees taken one at a time from a pool (which keeps
// one item per core apart from the rest) would often be part reused, part new, and a new tree
// grows its storage during the search, work the others do not do, while their workers wait.
type treeSet struct{ trees []*tree }

// newTree returns an empty tree allocated with the small state each of its iterations writes,
// and padding either side, so that two trees, which two workers run at once, never write to
// the same cache line (false sharing would slow both): its random source, its per-seat
// scratch and, in sizes the allocator aligns to cache lines, its buffers. The tree's storage
// is otherwise allocated as its searches need it (tree.reset).
func newTree() *tree {
	p := &paddedTree{}
	t := &p.tree
	t.pcg = &p.pcg
	t.rng = rand.New(t.pcg)
	t.hist, t.ret, t.rbuf, t.ebuf = p.hist[:0], p.ret[:0], p.rbuf[:0], p.ebuf[:0]
	t.buf = make([]engine.Action, 0, 64)
	t.cbuf = make([]engine.ChanceOutcome, 0, 16)
	t.path = make([]step, 0, 32)
	t.idx = make([]int32, 0, 64)
	t.untried = make([]int32, 0, 64)
	t.keyBuf = make([]byte, 0, 64)
	t.pbuf = make([]float64, 0, 64)
	t.vbuf = make([]float64, 0, 64)
	return t
}

// paddedTree is a tree and the state newTree gives it, on cache lines of their own.
type paddedTree struct {
	_    [cacheLine]byte
	tree tree
	pcg  rand.PCG
	hist [maxSeats]uint64
	ret  [maxSeats]float64
	rbuf [maxSeats]float64
	ebuf [maxSeats]float64
	_    [cacheLine]byte
}

const (
	cacheLine = 128 // two of the usual 64 bytes: neighbouring lines are often fetched in pairs
	maxSeats  = 8   // seats of the per-seat scratch held in paddedTree; more are allocated
)

var _ bot.Bot = (*Bot)(nil)

// New returns a bot searching with opts (zero fields take their defaults).
func New(opts Options) *Bot {
	b := &Bot{opts: opts.withDefaults()}
	if f := b.opts.Fallback; f != nil && b.opts.Evaluate != nil {
		fo := *f
		fo.Name = b.opts.Name
		b.fallback = New(fo)
		b.opts.Fallback = nil
	}
	return b
}

// Name returns the bot's level.
func (b *Bot) Name() string { return b.opts.Name }

// Options returns the bot's options, defaults filled in.
func (b *Bot) Options() Options { return b.opts }

// Choose searches s for seat and returns the most visited root action (with Options.Regret at
// a simultaneous step, a draw from the average strategy).
func (b *Bot) Choose(ctx context.Context, s engine.State, seat engine.Seat, rng *rand.Rand) (engine.Action, error) {
	an, err := b.Search(ctx, s, seat, rng)
	return an.Action, err
}

// Analysis is the result of one search.
type Analysis struct {
	// Action is the move chosen.
	Action engine.Action
	// Iterations counts the iterations run, over all trees.
	Iterations int
	// Nodes counts the nodes created, over all trees.
	Nodes int
	// Moves lists the root's legal actions in ascending order with their merged statistics.
	Moves []MoveStats
}

// MoveStats are one root action's statistics, summed over the trees.
type MoveStats struct {
	Action engine.Action
	// Visits counts the iterations that chose the action at the root.
	Visits int
	// Value is the searching seat's mean return after the action (0 when unvisited).
	Value float64
	// Strategy is the action's probability in the average strategy the move was drawn from,
	// at a root chosen by regret matching (Options.Regret); 0 otherwise.
	Strategy float64
}

// StepStarter is implemented by states of games with simultaneous steps (engine.Simultaneous)
// that can undo the secret choices made so far in the current step. StepStart returns a copy
// of the state at the start of the step; it reads nothing secret, so a search may call it on
// the real state.
type StepStarter interface {
	StepStart() engine.State
}

// Copier is implemented by states that can copy themselves over another state of their game,
// reusing its storage: CopyInto returns a copy of the state, dst's storage reused where it is
// one of the same game's states. The replays of regret steps use it instead of Clone.
type Copier interface {
	CopyInto(dst engine.State) engine.State
}

// Search runs one search of s for seat, which must be s.ToMove(). It reads s only through
// engine.Determinize for seat (engine.DeterminizeInferred with Options.Infer, which adds
// nothing but what the public play showed), Legal and ToMove, and does not change it. A single legal action
// is returned at once, with no iterations. The search ends early, with the best move so far,
// when ctx is cancelled or its deadline nears; an error is returned only when ctx ended before
// any iteration ran, or when the game breaks its contract.
func (b *Bot) Search(ctx context.Context, s engine.State, seat engine.Seat, rng *rand.Rand) (Analysis, error) {
	if to := s.ToMove(); to != seat {
		return Analysis{}, fmt.Errorf("bot asked to move for %v, but %v is to move", seat, to)
	}
	if err := ctx.Err(); err != nil {
		return Analysis{}, err
	}
	legal := s.Legal(nil)
	if len(legal) == 1 {
		return Analysis{Action: legal[0], Moves: []MoveStats{{Action: legal[0]}}}, nil
	}
	start := engine.State(s)
	if ss, ok := s.(StepStarter); ok && b.opts.Regret && simultaneous(s) {
		if st := ss.StepStart(); st.ToMove() != seat {
			start = st
		}
	}
	if b.fallback != nil && !b.opts.Evaluate(start, make([]float64, s.NumSeats())) {
		return b.fallback.Search(ctx, s, seat, rng)
	}
	now := time.Now()
	stopAt, timed := b.stopTime(ctx, now)
	seed := rng.Uint64()

	o := b.opts
	if _, live := ctx.Deadline(); live && o.Spend {
		o.Iterations = 0
		o.Trees = max(o.Trees, runtime.GOMAXPROCS(0))
		o.Workers = runtime.GOMAXPROCS(0)
		stopAt, timed = b.spendTime(ctx, now)
	}
	set, _ := b.sets.Get().(*treeSet)
	if set == nil {
		set = &treeSet{}
	}
	for len(set.trees) < o.Trees {
		set.trees = append(set.trees, newTree())
	}
	trees := set.trees[:o.Trees]
	for i, t := range trees {
		quota := 0
		if o.Iterations > 0 {
			quota = o.Iterations / o.Trees
			if i < o.Iterations%o.Trees {
				quota++
			}
		}
		t.reset(&o, s, start, seat, treeSeed(seed, i), quota)
	}
	defer func() {
		for _, t := range trees {
			t.root = nil
		}
		b.sets.Put(set)
	}()

	// The caller's goroutine is worker 0: one goroutine fewer to start and to wake.
	c := &crew{trees: trees, workers: o.Workers, started: make([]atomic.Bool, o.Workers), timed: timed, stopAt: stopAt}
	var wg sync.WaitGroup
	for w := 1; w < o.Workers; w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			c.work(ctx, w)
		}()
	}
	c.work(ctx, 0)
	wg.Wait()

	an := Analysis{Moves: make([]MoveStats, len(legal))}
	sums := make([]float64, len(legal))
	strats := make([]float64, len(legal))
	regret := false
	for _, t := range trees {
		if t.err != nil {
			return Analysis{}, t.err
		}
		an.Iterations += t.done
		an.Nodes += len(t.nodes)
		regret = t.rootStats(legal, an.Moves, sums, strats) || regret
	}
	best := -1
	for i := range an.Moves {
		m := &an.Moves[i]
		m.Action = legal[i]
		if m.Visits > 0 {
			m.Value = sums[i] / float64(m.Visits)
		}
		if best < 0 || m.Visits > an.Moves[best].Visits {
			best = i
		}
	}
	if an.Iterations == 0 {
		if err := ctx.Err(); err != nil {
			return Analysis{}, err
		}
		return Analysis{}, errors.New("ismcts: no time to search")
	}
	an.Action = an.Moves[best].Action
	if regret {
		an.Action = legal[drawAverage(strats, an.Moves, mix(seed, 0))]
	}
	return an, nil
}

// drawAverage normalises the average strategy weights into moves' Strategy and draws an
// action's index from it with a uniform number made from r.
func drawAverage(weights []float64, moves []MoveStats, r uint64) int {
	total := 0.0
	for _, w := range weights {
		total += w
	}
	if total <= 0 {
		return 0
	}
	for i, w := range weights {
		moves[i].Strategy = w / total
	}
	u := float64(r>>11) / (1 << 53)
	for i, m := range moves {
		if u < m.Strategy {
			return i
		}
		u -= m.Strategy
	}
	last := len(moves) - 1
	for moves[last].Strategy == 0 {
		last--
	}
	return last
}

// stopTime returns when the search must stop, if a clock applies at all.
func (b *Bot) stopTime(ctx context.Context, start time.Time) (time.Time, bool) {
	return stopTime(ctx, start, b.opts.Time, b.opts.Iterations)
}

// stopTime returns when a search with the time cap and the iteration budget given must stop.
func stopTime(ctx context.Context, start time.Time, limit time.Duration, iterations int) (time.Time, bool) {
	var stop time.Time
	timed := false
	if d, ok := ctx.Deadline(); ok {
		// Leave a twentieth of the time left (at most 50ms) to merge and reply.
		stop = d.Add(-min(50*time.Millisecond, d.Sub(start)/20))
		timed = true
	}
	if limit > 0 && (timed || iterations == 0) {
		if capAt := start.Add(limit); !timed || capAt.Before(stop) {
			stop = capAt
		}
		timed = true
	}
	return stop, timed
}

// spendTime returns when a search that spends the whole budget must stop: as stopTime, the
// iteration budget set aside.
func (b *Bot) spendTime(ctx context.Context, start time.Time) (time.Time, bool) {
	return stopTime(ctx, start, b.opts.Time, 0)
}

// batch is the number of iterations a worker runs on one tree before it looks at the clock
// and turns to the next free tree.
const batch = 16

// crew is the workers of one search and the trees they share.
type crew struct {
	trees   []*tree
	workers int
	// started marks the workers that have begun. A worker other than the caller's goroutine
	// begins once a core has woken up for it, which can take a good part of a short search:
	// meanwhile the others run its trees too.
	started []atomic.Bool
	timed   bool
	stopAt  time.Time
}

// work is worker w of the crew: it runs batches of the trees until every tree has done its
// quota or the time is up. It runs its own trees first (w, w+workers, ...), and the trees of the
// workers that have not begun, a batch of each in turn, so that a tree stays in the caches of
// one core; once none of them is left to run (or free) it takes batches of any free tree,
// keeping to the one it ran last while it can, so that a worker the system holds back does not
// hold the others up, and it stops when every unfinished tree is another's. It never waits for
// a tree. A worker claims a tree for each batch, so a tree's iterations run one after another
// whichever worker runs them, and the search stays reproducible.
func (c *crew) work(ctx context.Context, w int) {
	c.started[w].Store(true)
	n := len(c.trees)
	last := w
	for {
		ran := false
		for k := range n {
			i := (w + k) % n
			if owner := i % c.workers; owner != w && c.started[owner].Load() {
				continue
			}
			if runBatch(c.trees[i]) {
				ran, last = true, i
			}
		}
		if c.over(ctx) {
			return
		}
		if !ran {
			break
		}
	}
	for {
		ran := false
		for k := range n {
			i := (last + k) % n
			if runBatch(c.trees[i]) {
				ran, last = true, i
				break
			}
		}
		if !ran || c.over(ctx) {
			return
		}
	}
}

// over reports whether the search must stop now.
func (c *crew) over(ctx context.Context) bool {
	return ctx.Err() != nil || c.timed && !time.Now().Before(c.stopAt)
}

// runBatch runs a batch of t's iterations if t is free and has some left to run, and reports
// whether it did.
func runBatch(t *tree) bool {
	if !t.claim.CompareAndSwap(false, true) {
		return false
	}
	defer t.claim.Store(false)
	if t.err != nil || t.quota > 0 && t.done >= t.quota {
		return false
	}
	n := batch
	if t.quota > 0 {
		n = min(n, t.quota-t.done)
	}
	for range n {
		if err := t.iterate(); err != nil {
			t.err = err
			break
		}
		t.done++
	}
	return true
}

// treeSeed derives tree i's seed from the search's seed (splitmix64 of the pair).
func treeSeed(seed uint64, i int) uint64 {
	return mix(seed, uint64(i)+1)
}
