// Package analysis replays a recorded match and judges every decision of every seat: the value
// of the move played against the value of the best move available from that seat's information,
// never from anything the seat could not see.
//
// # Values
//
// A value is an expected return in the game's own units (+1 a win, -1 a loss; the bidding
// game's knockout scoring pays up to 2): of the match for the bidding game, of the points its
// search looks ahead for a card game (below). The loss of a decision is the best value minus the
// value of the move played, for the seat that decided, so it is never negative for an exact
// analysis.
//
// The bidding game (pencil) is analysed exactly. Its solver gives the value of every position
// and an optimal mixed strategy of each player. The value of bid i is its expected return
// against the opponent's optimal strategy, and the best value is the position's value (every bid
// in the support of an optimal strategy earns it, none earns more), so an equilibrium bid loses
// nothing and any other bid loses exactly what an optimal opponent takes from it. The bids of a
// round are simultaneous: the second bidder's decision is judged from the position at the start
// of the round, never from the first bid, which it did not see.
//
// The card games are estimated by information-set Monte Carlo tree search (package
// bot/ismcts), the engine behind the hard bot, from the deciding seat's information set: the
// search reads the state only through engine.Determinize for that seat. It has the hard bot's
// settings, horizon included: where the game sets one (engine.Game.Horizon), a playout stops
// after that many points and returns the points won less the points lost over them, so that a
// card game's value is the deciding side's expected margin over the next points, from -1 (it
// loses them all) to +1 (it wins them all), not the whole match's. Its root statistics give
// each legal move a mean return over the iterations that chose it; the best value is that of the
// most visited move (the search's choice) and the played move's value its own mean. Every
// estimate comes with the budget that produced it and an approximate 95% interval on the loss:
// ±1.96·(R/2)·sqrt(1/n_best + 1/n_played), with n the visits and R the range of the returns (a
// return's standard deviation is at most R/2). The search gives the move played at least an
// eighth of its iterations (ismcts.Options.Focus), so that a poor move, which a search otherwise
// leaves after a few visits, is valued precisely enough to be marked.
//
// The searches are seeded by Options.Seed and the move's index only, never by the record's
// seed (which a server keeps to itself): the same record and options give the same analysis
// from a file or from a server's address, on the server's page as in deuce analyze.
//
// # Marks and accuracy
//
// A decision with one legal move is forced: it loses nothing and is not counted. Every other
// decision is marked by its loss, in units of a ±1 return (where a loss of 0.1 is five
// percentage points of winning chance, since P(win) ≈ (1+value)/2; of winning the next points,
// for a card game's horizon):
//
//	inaccuracy  loss ≥ 0.10   (about 5 points of winning chance)
//	mistake     loss ≥ 0.20   (about 10 points)
//	blunder     loss ≥ 0.40   (about 20 points)
//
// An exact loss is marked by its value. An estimated one is marked by what its interval makes
// sure of, the loss less the interval's half-width: a loss of 0.358 ±0.187 is surely more than
// 0.171, an inaccuracy, but not surely a mistake. A loss
// whose point estimate reaches a mark that its interval does not confirm is first searched
// again, once, with Recheck times the budget and another seed, which narrows the interval about
// sqrt(Recheck) times, and that search alone judges it (the first only chose to search again,
// so the second's interval holds as it stands); a loss still short of a mark once its interval
// is taken off is a close call, flagged Uncertain and not marked, since the search could not
// tell it from noise. A move the search never tried is Uncertain too, its loss unknown (shown
// as the whole range of the returns). A mark then says what the search is sure of at its
// budget, not a guess that another seed would take back (a larger budget may still see more),
// and the analysis costs at most 1+Recheck times its budget a decision. A seat's accuracy is the percentage of its unforced
// decisions that are not marked; its average loss is the mean loss over them.
//
// The bidding game's equilibrium is often a mix of several bids, none better than another:
// each earns the position's value. Its decisions are worded by the whole mix (Decision.Advice:
// "the equilibrium plays 13 bids: 1 and 3–14 (bid 1 most often, 37%)"), never by one bid of
// it called the best.
//
// # Curve
//
// The curve gives, before every decision, the expected return of player 1's side (seats 1 and 3
// in doubles: partners sit at the seats of equal parity) as the analysis sees it from the
// deciding seat's information (over the search's horizon, for a card game), and the final
// return once the match is over.
package analysis

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"math"
	"math/rand/v2"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"sync"

	"deuce/bot/ismcts"
	"deuce/engine"
	"deuce/games"
	"deuce/games/pencil"
)

// Thresholds of the marks, in units of a ±1 return (see the package comment).
const (
	InaccuracyLoss = 0.10
	MistakeLoss    = 0.20
	BlunderLoss    = 0.40
)

// Mark classes a decision by its loss.
type Mark string

// The marks, from none to the worst.
const (
	Good       Mark = ""
	Inaccuracy Mark = "inaccuracy"
	Mistake    Mark = "mistake"
	Blunder    Mark = "blunder"
)

// Methods of an analysis.
const (
	MethodSolver = "solver"
	MethodSearch = "search"
)

// Default budget of the search, the hard bot's: iterations per decision and trees. The server
// and deuce analyze both analyse with them unless told otherwise.
const (
	DefaultIterations = 1000
	DefaultTrees      = 2
	// Recheck is the budget, in times the first search's, of the second search of a close
	// call (see the package comment).
	Recheck = 4
	// MaxIterations bounds the budget a caller may ask for.
	MaxIterations = 100000
	// MaxPencilPoints bounds the starting points of a bidding game analysed: the solve grows
	// with the fifth power of the points (DefaultMaxPencilPoints is seconds of one core).
	DefaultMaxPencilPoints = 100
)

// Options configures an analysis. The zero value analyses with the defaults.
type Options struct {
	// Iterations is the search budget per decision of a card game (default DefaultIterations).
	Iterations int
	// Trees is the number of search trees per decision (default DefaultTrees).
	Trees int
	// Seed seeds the searches (default 0, as the server analyses): the same record, options and
	// seed give the same analysis, whatever Workers is. Another seed is another sample of the
	// searches. The record's own seed is never read.
	Seed uint64
	// Workers is the number of decisions analysed at once (default 1).
	Workers int
	// MaxPencilPoints bounds the bidding game's starting points (default
	// DefaultMaxPencilPoints); a larger game is refused rather than solved for minutes.
	MaxPencilPoints int
	// MaxDecisions, when positive, refuses (ErrTooLarge) a match with more decisions.
	MaxDecisions int
	// Progress, when set, is called after each decision with the number done and the total,
	// from one goroutine at a time.
	Progress func(done, total int)
}

func (o Options) withDefaults() Options {
	if o.Iterations <= 0 {
		o.Iterations = DefaultIterations
	}
	if o.Trees <= 0 {
		o.Trees = DefaultTrees
	}
	if o.Workers <= 0 {
		o.Workers = 1
	}
	if o.MaxPencilPoints <= 0 {
		o.MaxPencilPoints = DefaultMaxPencilPoints
	}
	return o
}

// Report is the analysis of one match.
type Report struct {
	// Version is ReportVersion when the report was made: a stored report of an older version
	// judged by older rules.
	Version int    `json:"version"`
	Game    string `json:"game"`
	Title   string `json:"title"`
	// Method is MethodSolver (exact) or MethodSearch (estimated).
	Method string `json:"method"`
	// Budget says what the estimates cost, for people: "1000 iterations a decision, 2 trees".
	Budget string `json:"budget"`
	// Iterations, Trees and Seed are the search's settings (card games): those of Options.
	Iterations int    `json:"iterations,omitempty"`
	Trees      int    `json:"trees,omitempty"`
	Seed       uint64 `json:"seed"`
	// Horizon is the points a card game's search looks ahead (see the package comment); 0
	// where its values are the whole match's.
	Horizon int `json:"horizon,omitempty"`
	// Thresholds are the marks' losses, as in the package constants.
	Thresholds Thresholds    `json:"thresholds"`
	Seats      []SeatSummary `json:"seats"`
	// Decisions lists every decision of a seat, in the order played.
	Decisions []Decision `json:"decisions"`
	// Curve is player 1's side's expected return before each decision and at the end.
	Curve []Point `json:"curve"`
	// Result is the match's final standing.
	Result engine.Result `json:"result"`
}

// ReportVersion is the version of the rules a Report is made by. Version 2 marks an estimated
// loss by what its interval makes sure of, after a second search of a close call, words the
// bidding game's mixed equilibria whole (Decision.Advice), and numbers the decisions as the
// replay does (Decision.Number); reports without a version were made before.
const ReportVersion = 2

// Thresholds are the losses from which a decision is marked.
type Thresholds struct {
	Inaccuracy float64 `json:"inaccuracy"`
	Mistake    float64 `json:"mistake"`
	Blunder    float64 `json:"blunder"`
}

// Decision is one seat's decision and its judgement.
type Decision struct {
	// Move is the index of the move in the record; Number the move's number for people, as the
	// replay numbers it: among the players' moves, from 1, chance's deals and draws not counted.
	Move   int         `json:"move"`
	Number int         `json:"number"`
	Seat   engine.Seat `json:"seat"`
	// Played is the move in the game's notation; Best the best move found (for the bidding
	// game, the most likely bid of the optimal strategy, which is no better than the mix's
	// other bids).
	Played string `json:"played"`
	Best   string `json:"best"`
	// Advice says what the analysis would have played, for people: "best return 2-2-2-2", or
	// for the bidding game the equilibrium's whole mix, "the equilibrium plays 13 bids: 1 and
	// 3–14 (bid 1 most often, 37%)".
	Advice string `json:"advice"`
	// PlayedValue and BestValue are the seat's expected returns; Loss their difference.
	PlayedValue float64 `json:"playedValue"`
	BestValue   float64 `json:"bestValue"`
	Loss        float64 `json:"loss"`
	// Interval is the half-width of the approximate 95% interval on Loss; 0 when exact.
	Interval float64 `json:"interval"`
	Mark     Mark    `json:"mark,omitempty"`
	// Uncertain reports a close call: an estimated loss that its point estimate would mark but
	// its interval leaves unmarked (see the package comment), or a move never tried. A loss
	// marked lower than its point estimate would be is not flagged: its mark is sure.
	Uncertain bool `json:"uncertain,omitempty"`
	// Rechecked reports a decision searched a second time, with Recheck times the budget, its
	// loss being a close call after the first search; the second search's estimate is shown.
	Rechecked bool `json:"rechecked,omitempty"`
	// Forced reports that the move was the only legal one.
	Forced bool `json:"forced,omitempty"`
	// Strategy is the optimal mixed strategy (bidding game) or the search's visits per move
	// (card games), most likely first, at most MaxChoices of them.
	Strategy []Choice `json:"strategy,omitempty"`
	// Iterations is the search's budget spent on the decision (card games), both searches'
	// when it was rechecked.
	Iterations int `json:"iterations,omitempty"`
}

// Choice is one move of a strategy with its probability (or share of the search's visits) and,
// where known, its value for the seat.
type Choice struct {
	Move  string  `json:"move"`
	P     float64 `json:"p"`
	Value float64 `json:"value"`
}

// Point is one point of the curve: Value is player 1's side's expected return before the move
// at index Move (len(moves) for the end of the match).
type Point struct {
	Move  int     `json:"move"`
	Value float64 `json:"value"`
}

// SeatSummary sums up one seat's play.
type SeatSummary struct {
	Seat engine.Seat `json:"seat"`
	Name string      `json:"name"`
	// Decisions counts the unforced decisions; Forced the others.
	Decisions int `json:"decisions"`
	Forced    int `json:"forced"`
	// AverageLoss is the mean loss over the unforced decisions.
	AverageLoss float64 `json:"averageLoss"`
	// Accuracy is the percentage of unforced decisions not marked.
	Accuracy float64 `json:"accuracy"`
	// Marks counts the marked decisions by mark.
	Marks map[Mark]int `json:"marks"`
}

// MaxChoices bounds the moves a decision's Strategy lists, so that a long match's report stays
// small.
const MaxChoices = 8

// ErrTooLarge is returned for a match whose analysis would cost more than the options allow.
var ErrTooLarge = errors.New("match too large to analyse")

// Analyse replays rec and judges every decision. It returns engine.ErrBadRecord (wrapped) for a
// record that does not replay, ErrTooLarge for a game beyond the options' bounds, and ctx's
// error when cancelled.
func Analyse(ctx context.Context, rec *engine.Record, opts Options) (*Report, error) {
	opts = opts.withDefaults()
	if opts.Iterations > MaxIterations {
		return nil, fmt.Errorf("iterations %d: at most %d", opts.Iterations, MaxIterations)
	}
	g, err := games.Lookup(rec.Game)
	if err != nil {
		return nil, fmt.Errorf("%w: %w", engine.ErrBadRecord, err)
	}
	// Replay once, keeping the state before every decision (a clone: the analysis reads each
	// of them later, possibly in parallel).
	var steps []step
	var roundStart engine.State
	final, err := engine.Replay(g, rec, func(i int, s engine.State) {
		if i >= len(rec.Moves) {
			return
		}
		to := s.ToMove()
		if to < 0 {
			return
		}
		if p, ok := s.(*pencil.State); ok && to == 0 {
			roundStart = p.Clone()
		}
		steps = append(steps, step{move: i, number: len(steps) + 1, state: s.Clone(), roundStart: roundStart})
	})
	if err != nil {
		return nil, err
	}
	if opts.MaxDecisions > 0 && len(steps) > opts.MaxDecisions {
		return nil, fmt.Errorf("%w: %d decisions, at most %d analysed", ErrTooLarge, len(steps), opts.MaxDecisions)
	}
	r := &Report{
		Version: ReportVersion, Game: g.Name, Title: g.Title,
		Thresholds: Thresholds{InaccuracyLoss, MistakeLoss, BlunderLoss},
		Result:     final.Result(),
		Decisions:  make([]Decision, len(steps)),
	}
	var judge func(st step, a engine.Action, seed uint64) (Decision, error)
	if g.Name == pencil.Game.Name {
		p := final.(*pencil.State).Params()
		if max(p.Points1, p.Points2) > opts.MaxPencilPoints {
			return nil, fmt.Errorf("%w: %d starting points, at most %d analysed", ErrTooLarge, max(p.Points1, p.Points2), opts.MaxPencilPoints)
		}
		sol, err := pencil.SolvedContext(ctx, p)
		if err != nil {
			return nil, fmt.Errorf("solve %v: %w", g.Name, err)
		}
		r.Method, r.Budget = MethodSolver, "the solved game's values and optimal strategies"
		judge = func(st step, a engine.Action, _ uint64) (Decision, error) { return judgeBid(sol, st, a) }
	} else {
		searcher, err := newSearcher(g, opts)
		if err != nil {
			return nil, err
		}
		r.Method = MethodSearch
		r.Iterations, r.Trees, r.Seed, r.Horizon = opts.Iterations, opts.Trees, opts.Seed, searcher.opts.Horizon
		r.Budget = fmt.Sprintf("information-set search from the seat's information, the hard bot's settings, %d iterations a decision in %s, seed %d; a close call searched again with %d", opts.Iterations, plural(opts.Trees, "tree"), opts.Seed, Recheck*opts.Iterations)
		if r.Horizon > 0 {
			r.Budget += fmt.Sprintf("; each move valued by the margin of points won over the next %s", plural(r.Horizon, "point"))
		}
		r.Budget += "; intervals are approximate 95%"
		judge = func(st step, a engine.Action, seed uint64) (Decision, error) {
			return searcher.judge(ctx, st, a, seed)
		}
	}

	if err := runAll(ctx, steps, rec, opts, judge, r.Decisions); err != nil {
		return nil, err
	}
	r.Seats = summarise(rec, final.NumSeats(), r.Decisions)
	r.Curve = curve(r.Decisions, len(rec.Moves), r.Result)
	return r, nil
}

// step is the state before one decision of a seat.
type step struct {
	// move is the decision's index in the record, number its number among the players' moves.
	move, number int
	state        engine.State
	// roundStart is, in the bidding game, the state before the round's first bid.
	roundStart engine.State
}

// runAll judges every step on opts.Workers goroutines; decision i is seeded by (Seed, i) only.
func runAll(ctx context.Context, steps []step, rec *engine.Record, opts Options, judge func(step, engine.Action, uint64) (Decision, error), out []Decision) error {
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	var (
		mu    sync.Mutex
		done  int
		first error
		next  int
		wg    sync.WaitGroup
	)
	workers := min(opts.Workers, runtime.GOMAXPROCS(0), max(1, len(steps)))
	for range workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for {
				mu.Lock()
				i := next
				next++
				mu.Unlock()
				if i >= len(steps) || ctx.Err() != nil {
					return
				}
				st := steps[i]
				d, err := judge(st, rec.Moves[st.move].Action, mix(opts.Seed, uint64(st.move)))
				d.Number = st.number
				mu.Lock()
				if err != nil {
					if first == nil {
						first = fmt.Errorf("move %d: %w", st.move+1, err)
					}
					cancel()
				} else {
					out[i] = d
					done++
					if opts.Progress != nil {
						opts.Progress(done, len(steps))
					}
				}
				mu.Unlock()
			}
		}()
	}
	wg.Wait()
	if first != nil {
		return first
	}
	return ctx.Err()
}

// judgeBid judges bid a of the seat to move in st exactly, from the round's public position.
func judgeBid(sol *pencil.Solution, st step, a engine.Action) (Decision, error) {
	s := st.state.(*pencil.State)
	seat := s.ToMove()
	d := Decision{Move: st.move, Seat: seat, Played: s.ActionString(a)}
	start, ok := st.roundStart.(*pencil.State)
	if !ok {
		return d, errors.New("bidding game: no round start")
	}
	bids, probs, err := pencil.EquilibriumStrategy(start, seat)
	if err != nil {
		return d, err
	}
	other, oprobs, err := pencil.EquilibriumStrategy(start, 1-seat)
	if err != nil {
		return d, err
	}
	sign := 1.0
	if seat == 1 {
		sign = -1
	}
	d.BestValue = sign * sol.Value(start.Points(0), start.Points(1), start.Ball())
	legal := s.Legal(nil)
	d.Forced = len(legal) == 1
	// outcome is seat's return once the round's bids are x (seat's) and y.
	outcome := func(x, y engine.Action) (float64, error) {
		next := start.Clone()
		first, second := x, y
		if seat == 1 {
			first, second = y, x
		}
		if err := next.Apply(first); err != nil {
			return 0, err
		}
		if err := next.Apply(second); err != nil {
			return 0, err
		}
		return sign * positionValue(sol, next.(*pencil.State)), nil
	}
	// value is seat's expected return from bidding x against the opponent's optimal strategy.
	// Where the round is decided (its value is a sure win or a sure loss for seat), the
	// opponent's optimal strategy is any bid at all, since every bid loses or every bid wins:
	// the solver's choice among them (the lowest, say) would call a bid that lets a won match
	// slip a perfect one. A decided round is judged against the opponent's worst reply instead:
	// a sure win is kept only by a bid that wins whatever the reply.
	decided := math.Abs(math.Abs(d.BestValue)-1) < 1e-9
	value := func(x engine.Action) (float64, error) {
		if decided {
			ys := opponentBids(start, seat, x)
			if len(ys) == 0 {
				return 0, errors.New("the opponent has no bid")
			}
			worst := math.Inf(1)
			for _, y := range ys {
				v, err := outcome(x, y)
				if err != nil {
					return 0, err
				}
				worst = min(worst, v)
			}
			return worst, nil
		}
		v := 0.0
		for k, y := range other {
			o, err := outcome(x, y)
			if err != nil {
				return 0, err
			}
			v += oprobs[k] * o
		}
		return v, nil
	}
	if d.PlayedValue, err = value(a); err != nil {
		return d, fmt.Errorf("bid %d: %w", a, err)
	}
	d.Loss = d.BestValue - d.PlayedValue
	bestP := -1.0
	for i, b := range bids {
		v, err := value(b)
		if err != nil {
			return d, fmt.Errorf("bid %d: %w", b, err)
		}
		d.Strategy = append(d.Strategy, Choice{Move: s.ActionString(b), P: probs[i], Value: v})
		if probs[i] > bestP {
			bestP, d.Best = probs[i], s.ActionString(b)
		}
	}
	d.Advice = mixAdvice(bids, d.Best, bestP)
	d.Strategy = topChoices(d.Strategy)
	if !d.Forced {
		d.Mark = markOf(d.Loss)
	}
	return d, nil
}

// opponentBids lists the bids the opponent of seat may make in the round that starts at start,
// seat bidding x.
func opponentBids(start *pencil.State, seat engine.Seat, x engine.Action) []engine.Action {
	if seat == 1 {
		return start.Legal(nil)
	}
	next := start.Clone()
	if next.Apply(x) != nil {
		return nil
	}
	return next.Legal(nil)
}

// mixAdvice words an equilibrium strategy, its bids ascending and likeliest the most likely
// one's notation with its probability p: every bid of the mix earns the position's value, so
// none is called the best.
func mixAdvice(bids []engine.Action, likeliest string, p float64) string {
	if len(bids) == 1 {
		return "the equilibrium bids " + strconv.Itoa(int(bids[0]))
	}
	// Runs of consecutive bids, as "3–14".
	var runs []string
	for i := 0; i < len(bids); {
		j := i
		for j+1 < len(bids) && bids[j+1] == bids[j]+1 {
			j++
		}
		switch {
		case j == i:
			runs = append(runs, strconv.Itoa(int(bids[i])))
		case j == i+1:
			runs = append(runs, strconv.Itoa(int(bids[i])), strconv.Itoa(int(bids[j])))
		default:
			runs = append(runs, fmt.Sprintf("%d–%d", bids[i], bids[j]))
		}
		i = j + 1
	}
	list := runs[0]
	if len(runs) > 1 {
		list = strings.Join(runs[:len(runs)-1], ", ") + " and " + runs[len(runs)-1]
	}
	return fmt.Sprintf("the equilibrium plays %d bids: %s (%s most often, %.0f%%)", len(bids), list, likeliest, 100*p)
}

// positionValue is player 1's return in s: the result once the match is over, the solved value
// otherwise.
func positionValue(sol *pencil.Solution, s *pencil.State) float64 {
	if res := s.Result(); res.Over {
		return res.Returns[0]
	}
	return sol.Value(s.Points(0), s.Points(1), s.Ball())
}

// markOf marks a loss.
func markOf(loss float64) Mark {
	switch {
	case loss >= BlunderLoss:
		return Blunder
	case loss >= MistakeLoss:
		return Mistake
	case loss >= InaccuracyLoss:
		return Inaccuracy
	}
	return Good
}

// unforced returns each move's visits at the root without those the focus gave the move played
// (at most forced of them): what the search chose to spend there.
func unforced(moves []ismcts.MoveStats, played engine.Action, forced int) []int {
	visits := make([]int, len(moves))
	for i, m := range moves {
		visits[i] = m.Visits
		if m.Action == played {
			visits[i] -= min(m.Visits, forced)
		}
	}
	return visits
}

// preferred is the search's best move: the most visited by visits, ties going to the move
// the search chose; nil for no moves.
func preferred(moves []ismcts.MoveStats, visits []int, chosen engine.Action) *ismcts.MoveStats {
	var best *ismcts.MoveStats
	most := -1
	for i := range moves {
		if visits[i] > most || visits[i] == most && moves[i].Action == chosen {
			best, most = &moves[i], visits[i]
		}
	}
	return best
}

// focusShare: the move played gets at least 1/focusShare of a decision's iterations. A search
// spends little on a move it finds poor, so without them a poor move's value would rest on a
// few visits and its loss be too uncertain to mark; with an eighth of 1000 iterations, a loss
// is sure from about 0.2 (the interval of the package comment).
const focusShare = 8

// searcher estimates card-game decisions with the hard bot's search.
type searcher struct {
	game engine.Game
	opts ismcts.Options
	// span is the range of a match's returns (2 for ±1).
	span float64
}

func newSearcher(g engine.Game, opts Options) (*searcher, error) {
	b, err := games.NewBot(g, "hard")
	if err != nil {
		return nil, err
	}
	hard, ok := b.(*ismcts.Bot)
	if !ok {
		return nil, fmt.Errorf("%s: the hard bot is not a search (%T)", g.Name, b)
	}
	o := hard.Options()
	o.Name = "analysis"
	o.Iterations, o.Trees, o.Workers = opts.Iterations, opts.Trees, 1
	o.Time = 0 // a fixed budget: the same analysis on any machine
	return &searcher{game: g, opts: o, span: 2}, nil
}

// judge estimates decision a of the seat to move in st. A close call after the first search
// is searched once more, with Recheck times the budget and its own seed, and judged by that
// search alone.
func (sr *searcher) judge(ctx context.Context, st step, a engine.Action, seed uint64) (Decision, error) {
	s := st.state
	d := Decision{Move: st.move, Seat: s.ToMove(), Played: s.ActionString(a)}
	if len(s.Legal(nil)) == 1 {
		d.Forced, d.Best, d.Advice = true, d.Played, "the only legal move"
		return d, nil
	}
	d, err := sr.estimate(ctx, d, s, a, sr.opts.Iterations, seed)
	if err != nil || !inDoubt(d) {
		return d, err
	}
	spent := d.Iterations
	d, err = sr.estimate(ctx, Decision{Move: d.Move, Seat: d.Seat, Played: d.Played}, s, a, Recheck*sr.opts.Iterations, mix(seed, Recheck))
	d.Rechecked, d.Iterations = true, d.Iterations+spent
	return d, err
}

// inDoubt reports whether d's mark is in doubt after a search, so that it is searched again: its
// point estimate reaches a mark its interval does not make sure of, whether that leaves it
// unmarked (a close call, Uncertain) or marked lower (a mistake's loss that is surely only an
// inaccuracy's).
func inDoubt(d Decision) bool {
	return d.Uncertain || markOf(d.Loss) != d.Mark
}

// estimate fills d with one search of iterations from seed.
func (sr *searcher) estimate(ctx context.Context, d Decision, s engine.State, a engine.Action, iterations int, seed uint64) (Decision, error) {
	rng := rand.New(rand.NewPCG(seed, seed^0x9e3779b97f4a7c15))
	// A fresh bot per decision: its pooled trees are reused only within one search. The move
	// played gets a share of the visits whatever the search thinks of it (focusShare).
	o := sr.opts
	o.Iterations = iterations
	o.Focus, o.FocusVisits = a, max(1, o.Iterations/(focusShare*max(1, o.Trees)))
	an, err := ismcts.New(o).Search(ctx, s, d.Seat, rng)
	if err != nil {
		return d, err
	}
	d.Iterations = an.Iterations
	// The search's own preference: its visits without those the focus gave the move played.
	visits := unforced(an.Moves, a, o.FocusVisits*max(1, min(o.Trees, o.Iterations)))
	var played *ismcts.MoveStats
	total := 0
	for _, v := range visits {
		total += v
	}
	for i := range an.Moves {
		m := &an.Moves[i]
		if m.Action == a {
			played = m
		}
		if visits[i] > 0 && total > 0 {
			d.Strategy = append(d.Strategy, Choice{Move: s.ActionString(m.Action), P: float64(visits[i]) / float64(total), Value: m.Value})
		}
	}
	best := preferred(an.Moves, visits, an.Action)
	if best == nil || played == nil {
		return d, fmt.Errorf("search of %v returned no statistics for %s", d.Seat, d.Played)
	}
	d.Strategy = topChoices(d.Strategy)
	d.Best, d.BestValue, d.PlayedValue = s.ActionString(best.Action), best.Value, played.Value
	d.Advice = "best " + d.Best
	if played.Visits == 0 {
		// Never tried: the search thought it not worth one iteration. Its value is unknown; the
		// loss is bounded by the whole range.
		d.PlayedValue = best.Value - sr.span
		d.Loss, d.Interval = sr.span, sr.span
		d.Uncertain = true
		return d, nil
	}
	d.Loss = max(0, best.Value-played.Value)
	if best.Action != a {
		d.Interval = 1.96 * sr.span / 2 * math.Sqrt(1/float64(best.Visits)+1/float64(played.Visits))
	}
	d.Mark, d.Uncertain = verdict(d.Loss, d.Interval)
	return d, nil
}

// verdict marks an estimated loss with the half-width of its interval by what the interval
// makes sure of, the loss less that half-width; unsure reports a close call, a loss its point
// estimate would mark and that is left unmarked.
func verdict(loss, interval float64) (m Mark, unsure bool) {
	m = markOf(loss - interval)
	return m, m == Good && markOf(loss) != Good
}

func plural(n int, noun string) string {
	if n == 1 {
		return "1 " + noun
	}
	return fmt.Sprintf("%d %ss", n, noun)
}

// topChoices sorts c most likely first (stably) and keeps at most MaxChoices.
func topChoices(c []Choice) []Choice {
	slices.SortStableFunc(c, func(a, b Choice) int { return cmp.Compare(b.P, a.P) })
	return c[:min(len(c), MaxChoices)]
}

// summarise sums up each seat's decisions.
func summarise(rec *engine.Record, seats int, ds []Decision) []SeatSummary {
	out := make([]SeatSummary, seats)
	for i := range out {
		out[i] = SeatSummary{Seat: engine.Seat(i), Name: fmt.Sprintf("player %d", i+1), Marks: map[Mark]int{}}
		if i < len(rec.Seats) && rec.Seats[i].Name != "" {
			out[i].Name = rec.Seats[i].Name
		}
	}
	for _, d := range ds {
		s := &out[d.Seat]
		if d.Forced {
			s.Forced++
			continue
		}
		s.Decisions++
		s.AverageLoss += d.Loss
		if d.Mark != Good {
			s.Marks[d.Mark]++
		}
	}
	for i := range out {
		s := &out[i]
		s.Accuracy = 100
		if s.Decisions > 0 {
			marked := s.Marks[Inaccuracy] + s.Marks[Mistake] + s.Marks[Blunder]
			s.AverageLoss /= float64(s.Decisions)
			s.Accuracy = 100 * float64(s.Decisions-marked) / float64(s.Decisions)
		}
	}
	return out
}

// curve is player 1's side's expected return before each decision, from the decider's view,
// and the final return.
func curve(ds []Decision, moves int, res engine.Result) []Point {
	var pts []Point
	for _, d := range ds {
		if d.Forced && d.Iterations == 0 && d.Strategy == nil {
			continue // a forced move the search did not value
		}
		v := d.BestValue
		if d.Seat%2 == 1 {
			v = -v
		}
		pts = append(pts, Point{Move: d.Move, Value: v})
	}
	if res.Over && len(res.Returns) > 0 {
		pts = append(pts, Point{Move: moves, Value: res.Returns[0]})
	}
	return pts
}

// mix is splitmix64 of the pair: decision seeds independent of the order they are analysed in.
func mix(a, b uint64) uint64 {
	z := a + 0x9e3779b97f4a7c15*(b+1)
	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9
	z = (z ^ (z >> 27)) * 0x94d049bb133111eb
	return z ^ (z >> 31)
}
