// Package games is the catalogue: every game deuce plays, and the bots each one offers.
package games

import (
	"context"
	"fmt"
	"math"
	"math/rand/v2"
	"strings"
	"sync/atomic"
	"time"

	"deuce/bot"
	"deuce/bot/ismcts"
	"deuce/engine"
	"deuce/games/alakaslam"
	"deuce/games/centercourt"
	"deuce/games/lmn"
	"deuce/games/pencil"
	"deuce/games/worldwide"
)

// All lists every game, in the order deuce shows them.
func All() []engine.Game {
	return []engine.Game{centercourt.Game, pencil.Game, alakaslam.Game, lmn.Game, worldwide.Game}
}

// Names lists the games' names.
func Names() []string {
	var names []string
	for _, g := range All() {
		names = append(names, g.Name)
	}
	return names
}

// Lookup finds a game by name (case-insensitive); the error lists the games there are.
func Lookup(name string) (engine.Game, error) {
	for _, g := range All() {
		if strings.EqualFold(g.Name, name) {
			return g, nil
		}
	}
	return engine.Game{}, fmt.Errorf("no game %q; games: %s", name, strings.Join(Names(), ", "))
}

// BotInfo describes a bot level: Summary says how it plays for those who study the bots
// (its search and budgets), Blurb what a player meets, in a player's words.
type BotInfo struct {
	Name    string `json:"name"`
	Summary string `json:"summary"`
	Blurb   string `json:"blurb"`
}

// blurb says what level is like to play against in g, for the lobby's seat choice.
func blurb(g engine.Game, level string) string {
	switch {
	case level == "easy" && g.Heuristic == nil:
		return "thinks briefly before each move: a gentle opponent"
	case level == "expert" && g.Name == pencil.Game.Name:
		return "bids by the solved game's values: close to perfect play"
	}
	return blurbs[level]
}

// blurbs are the levels' blurbs where the game does not change them.
var blurbs = map[string]string{
	"random":      "moves at random: for trying out the rules, not for a game",
	"heuristic":   "plays by rules of thumb, instantly, like a sensible casual player",
	"easy":        "plays by rules of thumb, instantly, like a sensible casual player",
	"medium":      "thinks a moment before each move: a fair first opponent, beatable with care",
	"hard":        "thinks up to a second a move and wins most games against medium",
	"expert":      "the strongest level: thinks up to two seconds a move on every core",
	"equilibrium": "bids the solved game's optimal strategy: nothing beats it on average",
}

// Bots lists the bot levels g offers, weakest first. The summaries of the search levels give
// their budgets.
func Bots(g engine.Game) []BotInfo {
	bots := []BotInfo{{Name: "random", Summary: "plays a uniformly random legal move"}}
	if g.Heuristic != nil {
		bots = append(bots,
			BotInfo{Name: "heuristic", Summary: "plays like a sensible casual player, instantly"},
			BotInfo{Name: "easy", Summary: "the heuristic under its level name: a sensible casual player, instantly"})
	} else {
		bots = append(bots, BotInfo{Name: "easy", Summary: fmt.Sprintf("a small information-set search, %d iterations a move", easySearch.iterations)})
	}
	for _, l := range searchLevels {
		summary := l.summary
		if g.Heuristic == nil {
			summary = strings.TrimSuffix(summary, " guided by the heuristic")
		}
		ahead := ""
		if g.Horizon > 0 {
			ahead = fmt.Sprintf(", playouts %s ahead", plural(g.Horizon, "point"))
		}
		live := fmt.Sprintf("at most %v a move in live play", l.time)
		if l.spend {
			live = fmt.Sprintf("in live play all the time the move allows, up to %v, on every core", l.time)
		}
		iterations, trees := l.iterations, l.trees
		if l.bidding && g.Name == pencil.Game.Name {
			summary = fmt.Sprintf("a search of the round's bids by regret matching over the solved game's values, up to %d points a side (beyond, hard's search with ten times its iterations, in four trees)", exactLimit)
			iterations, trees = biddingIterations, 1
		}
		if l.name == "expert" {
			summary += expertSummary(expertTuned[g.Name])
			if v, ok := expertTuned[g.Name]["iterations"]; ok {
				iterations = int(v)
			}
		}
		bots = append(bots, BotInfo{Name: l.name, Summary: fmt.Sprintf("%s: %d iterations a move (%s%s), %s",
			summary, iterations, plural(trees, "tree"), ahead, live)})
	}
	if g.Name == pencil.Game.Name {
		bots = append(bots, BotInfo{Name: "equilibrium", Summary: "plays the exact optimal mixed strategy of the solved game"})
	}
	for i := range bots {
		bots[i].Blurb = blurb(g, bots[i].Name)
	}
	return bots
}

// searchLevel is a bot level that searches with information-set MCTS (package ismcts), its
// playouts and its progressive bias guided by the game's heuristic where it has one.
//
// The budget is a number of iterations, so that simulations, which set no deadline, are
// reproducible: the same seed gives the same moves. Live play (the match runner, the terminal)
// sets a deadline on each move, and then the time cap bounds the move as well: hard never thinks
// more than a second a move, whatever the game and the machine. The search plays out the
// game's horizon of points (engine.Game.Horizon) where it sets one.
//
// Measured with deuce sim over 1000 matches (README, "Bots"), hard at 1000 iterations beats the
// heuristic in 66% (Worldwide) to 95% (AlakaSLAM) of matches, and spends about 0.1 s a move.
type searchLevel struct {
	name, summary string
	iterations    int
	trees         int
	time          time.Duration
	// spend makes live play search until the move's deadline (or time) on every core,
	// the iteration budget applying only where no deadline is set (ismcts.Options.Spend).
	spend bool
	// bidding makes the level play the bidding game as expert does (see biddingSearch).
	bidding bool
}

var (
	searchLevels = []searchLevel{
		{"medium", "information-set Monte Carlo tree search guided by the heuristic", 60, 1, 250 * time.Millisecond, false, false},
		{"hard", "the same search, about seventeen times longer", 1000, 2, time.Second, false, false},
		{"expert", "the same search with all the time and cores a move allows", expertIterations, 4, 2 * time.Second, true, true},
	}
	// easySearch is the easy level of a game without a heuristic.
	easySearch = searchLevel{"easy", "", 200, 1, 100 * time.Millisecond, false, false}
)

// expertIterations is expert's budget where no deadline applies (simulations): ten times
// hard's, in four trees; twenty times in Center Court and Worldwide (expertSettings). Live, under a move's 2 s
// on two cores, expert searches far more: about 200,000 iterations in Center Court, 80,000 in
// AlakaSLAM and 270,000 in Worldwide (deuce bench search --level expert), so a simulation's
// expert is a weaker player than the one a person meets.
const expertIterations = 10_000

// expertSettings are expert's settings beyond its budget in the games where simulation showed
// them to help (README, "Bots"), written as a bot spec's (NewBotSpec): hard's moves never
// change, and in the other games expert is hard's search with ten times the iterations.
//
// Screened at a tenth of the budgets (expert 2,000 iterations against hard 200, the shortest
// variant, seats swapped), with and without each setting on the same seeds:
//
//   - own=1 (ismcts.Options.OwnView: playouts and prior choose for each player on a deal of
//     the cards it cannot see, so that the imagined opponents do not play knowing expert's
//     real hand): Center Court 66.0% against 57.8% (450 matches, seeds 3 and 4), Love Means
//     Nothing 67.7% against 58.7% (300, seeds 1 and 2). At full budgets, against hard over
//     the first 200 matches of seed 1, Center Court's expert won 60.0% where plain expert won
//     52.5% of the same matches, Love Means Nothing's 73.0% where plain expert won 50.0%. It
//     costs about 60% more time per iteration. Not kept in Worldwide: with the lead it
//     won 65.3% against 58.0% (150, seed 3) screened, but 57.0% of 200 at full budgets where
//     the lead alone won 61.5% of the same matches. In AlakaSLAM (expert 1,000 against hard
//     100) 85.0% against 82.5% over 80: no measurable gain where expert already wins most; at
//     full budgets there it lost ground: expert:own=1 won 66 of the first 148 matches of seed 1
//     against hard (44.6%), where expert won 90 of the same 148 (60.8%), and 74 of 169 with
//     those finished ahead, where expert won 101 (strength/alakaslam-expertown-hard.jsonl).
//     Nor at hard's budget: hard:own=1 won 292 of 600 matches of seed 1 against hard (48.7%,
//     44.7-52.7%).
//   - lead=1 (ismcts.Options.Leaf, the fitted lead of games/lead.go): Worldwide 62.5% against
//     55.5% (400, seeds 1 and 2); at full budgets 61.5% of 200 matches (seed 1) where plain
//     expert won 55.0% of the same 200. In Center Court 59.7% against 61.3% (300; twice the
//     weight 53.0%), in AlakaSLAM 81.0% against 76.3% (58, expert 1,000 against hard 100):
//     not kept there. A larger AlakaSLAM screen (600 matches, seed 1) gave 83.3% against
//     79.3%, but at full budgets expert:lead=1 won 105 of the first 202 matches of seed 1
//     against hard where expert won 120 (strength/alakaslam-expertlead-hard.jsonl).
//   - infer=1 (ismcts.Options.Infer: the unseen cards dealt by what the public play showed of
//     them, engine.Inferrer; Center Court only, where a player who concedes shows what his
//     hand lacks): at full budgets, with own=1, expert won 59.2% of the 1,000 matches of seed
//     1 against hard (56.1-62.2%), where expert with own=1 alone won 53.7% of them.
//   - iterations=20000 (Center Court): with own=1 and infer=1, expert won 60.6% of the 1,000
//     matches of seed 1 against hard (57.5-63.6%), where 10,000 iterations won 59.2% of the same
//     matches (they differ in 288, so the gain of 1.4 points is within the noise); it costs
//     about twice the CPU time a match (10 against 5 s). A Center Court match is cheap enough
//     to simulate at the larger budget, which is still a tenth of what expert searches live.
//   - iterations=20000 (Worldwide): with lead=1, expert won 58.3% of the 1,000 matches of seed
//     1 against hard (55.2-61.3%), where 10,000 iterations won 54.5% (51.4-57.6%; that run's
//     lines were not kept, so the two are not compared match by match); about 9 CPU s a match
//     against 4 on the machine of that run (5.5 on today's, over its first 10 matches). Live,
//     expert searches about 270,000 iterations a move there.
//   - abstract=1 (Worldwide; ismcts.Options.Abstract, engine.Abstracter): the tree keyed by
//     what bears on the match's future, without the faces the d20 showed once their outcome
//     is played, the last point's log and the match's tallies. A roll split every node below
//     it twenty ways, though a shot rolled 14 or 17 against a need of 10 goes on the same way;
//     keyed so, those positions share their statistics. Screened (expert 2,000 iterations
//     against hard 200, the same 800 matches of seed 1): 512 against 498. At full budgets,
//     with lead=1 and 20,000 iterations, expert won 609 of the 1,000 matches of seed 1
//     against hard (60.9%, 57.8-63.9%), where it won 583 without it (58.3%); of the 396
//     matches only one of the two won, it won 211 and lost 185, a gain of 2.6 points within
//     the noise of 1,000 matches (a sign test gives p about 0.2), and no loss: kept
//     (strength/worldwide-expertabs-hard.jsonl). It costs no more: the first 10 matches of
//     each run, replayed on one machine, took 45 CPU s with it and 55 without (other matches,
//     so only a rough sign that a shorter key and a smaller tree are cheaper).
//
// Screened in Worldwide and not kept (expert 2,000 iterations against hard 200, the same 800
// matches of seed 1, where expert with its settings won 498): judge=1 (the match's chance,
// ismcts.Options.Judge) 501, trees=1 490, c=0.4 482; horizon=2 437 of the first 661 where
// expert won 416 (p about 0.2, at twice the cost), and at the same cost (horizon=2 with 1,000
// iterations) 364 of the first 596 where expert won 372; single=1 500; the heuristic's bias at
// 0, 1, 3 and 30 (expert's is 10) 476, 492, 511 and 478, a spread the noise of 800 matches
// (about 14 either way) explains; determinizations=2 489, at twice the cost. Over 1,600 matches
// (seeds 1 and 2, where expert won 995): bias=3 1013, c=1 1010, own=1 994. bias=3, the best of
// these, at full budgets won 140 of the first 262 matches of seed 1 against hard, where expert
// won 159 of the same 262: the tenth-budget screens do not carry over, and it was stopped.
//
// Inference in AlakaSLAM, built and measured, not kept: what its public play shows of a hand
// is almost only the cards a hand is known to hold (a card Josephias takes from the discards, a
// face-up card taken back), since its rules let a player concede with any hand, and those
// events are rare where hard chooses the characters (no Josephias); a search dealing by them,
// hard:infer=1, won 152 of 300 matches of seed 1 against hard (50.7%, 45.0-56.3%), where
// seeing every hidden card (hard:oracle=1) won 194 (64.7%). A softer inference was built and
// measured as well: each deal of a singles opponent's hand weighed by how likely its last hit
// was under it, as the heuristic rates hits (how much better than the hit played was the best
// hit that hand, the cards played and those of today's hand not drawn since, allowed from
// where everyone stood), eight uniform deals an iteration kept one by weight. With weights of
// 0.05 + exp(-gap/20), hard:infer=1 won 285 of 600 matches of seed 1 against hard (47.5%,
// 43.5-51.5%). The evidence is too weak to weigh: at 13,328 decisions of 120 matches of hard
// against hard, the real hand left no gap in 75.0% and a uniform deal in 70.8%, a gap under 4
// in 86.0% against 81.1%, and a hit out of the receiver's reach held but not played in 1.1%
// against 2.1%. The ratios of the two, which are the weights the data supports, stay between
// 0.5 and 1.06 (1.06 for 86% of the deals): a deal weighed by them is all but the uniform
// one, and the sharper weights tried mistook a stronger hand for a weaker one. Not kept; what
// the oracle gains is what AlakaSLAM's play does not show.
//
// Tried in AlakaSLAM at full budgets and stopped: prune=1 (ismcts.Options.Prune, no take back
// below the root) won 67 of the first 140 matches of seed 1 against hard (47.9%), where expert
// won 85 of the same 140 (60.7%), and 72 of 150 with those finished ahead, where expert won 90
// (strength/alakaslam-expertprune-hard.jsonl). Why is not settled; one guess is that without a
// take back a pick that leaves no good hit can only be played out or conceded, so the tree
// blames the pick for what the next one spoils. Nor does merging the orders of a hit's picks:
// the tree keys a seat's nodes by its actions, so a hit of three cards is reached by six paths,
// each with a share of the visits, though its landing depends only on its cards. A prune that
// kept picks in ascending order of kind below the root (take back kept; every set of cards
// still reached, as a test over random matches checked, and the heuristic picks in that order
// already) won 279 of 600 matches of seed 1 for hard against hard (46.5%, 42.5-50.5%): the
// split visits cost nothing measurable, and not kept.
//
// Screened in AlakaSLAM at full budgets and stopped, both behind: trees=1 won 13 of the first 28
// matches of seed 1 against hard where expert (four trees) won 20, trees=8 14 of the first 22
// where expert won 17. iterations=20000, what gained in Center Court, won 144 of the first 259
// matches of seed 1 against hard (55.6%, 49.5-61.5%) where expert won 153 of the same 259
// (59.1%), and 148 of 264 with those finished ahead, where expert won 156, at about 30 CPU s a
// match against 21 (strength/alakaslam-expert20k-hard.jsonl): twice the search does not pay
// here either, as twice Worldwide's did not. Nor does spending it on depth: horizon=2 (playouts
// two points ahead, about twice the CPU time) won 118 of the first 205 (57.6%, 50.7-64.1%)
// where expert won 122 of the same, and 126 of 219 with those finished ahead, where expert won
// 132 (strength/alakaslam-experth2-hard.jsonl). Nor does keying the opponents' nodes by what
// expert sees (single=1, so that their statistics are shared by every deal of their hands
// instead of split by it): it won 109 of the first 201 matches (54.2%) where expert won 119,
// and 116 of 215 with those finished ahead, where expert won 129
// (strength/alakaslam-expertsingle-hard.jsonl). The abstract key that gained in Worldwide has
// nothing to merge here: AlakaSLAM has no dice, and what its draws show a seat bears on its
// future. Two searches that differ play different matches
// from their first differing move on (the dice and deals then fall on other positions), so
// matches of the same seed are only loosely paired, and a few dozen of them tell apart only
// large differences.
var expertSettings = map[string]string{
	centercourt.Game.Name: "own=1:infer=1:iterations=20000",
	lmn.Game.Name:         "own=1",
	worldwide.Game.Name:   "lead=1:iterations=20000:abstract=1",
}

// expertSummary describes what settings add to expert's search.
func expertSummary(set settings) string {
	text := ""
	if set["own"] == 1 {
		text += ", imagining each player's choices on its own guess at the cards it cannot see"
	}
	if set["infer"] == 1 {
		text += ", dealing the cards it cannot see by what the table has shown of them"
	}
	if set["judge"] == 1 {
		text += ", weighing each point by how much it matters to the match"
	}
	if set["lead"] > 0 {
		text += ", valuing what a point leaves to the next (cards, stars, serve) by a fitted model"
	}
	if set["abstract"] == 1 {
		text += ", its tree keyed by what bears on the match's future (not the faces the dice showed)"
	}
	return text
}

// expertTuned are expertSettings parsed, by game name.
var expertTuned = func() map[string]settings {
	tuned := map[string]settings{}
	for _, g := range All() {
		if text := expertSettings[g.Name]; text != "" {
			set, err := parseSettings(g, text)
			if err != nil {
				panic(fmt.Sprintf("expert's settings in %s: %v", g.Name, err))
			}
			tuned[g.Name] = set
		}
	}
	return tuned
}()

// Search parameters, tuned by simulation against the heuristic: in Center Court tiebreaks at
// 1000 iterations a progressive bias of 3 to 30 won 75-82% of matches, no bias 65-69%; the
// exploration constant mattered less (0.4 was worse, 0.5 to 1.4 about equal).
const (
	searchExploration = 0.7
	searchBias        = 10
)

func plural(n int, noun string) string {
	if n == 1 {
		return "1 " + noun
	}
	return fmt.Sprintf("%d %ss", n, noun)
}

func (l searchLevel) bot(g engine.Game) bot.Bot {
	return ismcts.New(l.options(g, nil))
}

// options returns the level's search options in g, with the settings of a bot spec (see
// NewBotSpec) applied, where set.
func (l searchLevel) options(g engine.Game, set settings) ismcts.Options {
	o := ismcts.Options{
		Name: l.name, Iterations: l.iterations, Trees: l.trees, Time: l.time,
		Exploration: searchExploration, Playout: g.Heuristic, Prior: g.Heuristic, Bias: searchBias,
		Horizon: g.Horizon, Spend: l.spend,
	}
	if l.name == "expert" {
		expertTuned[g.Name].apply(&o, g)
	}
	set.apply(&o, g)
	if l.bidding && g.Name == pencil.Game.Name {
		o = biddingSearch(o)
	}
	return o
}

// biddingSearch is expert's search in the bidding game. It is a hybrid of search and the
// solver, not search alone:
//
//   - The bids are simultaneous-move MCTS with regret matching (ismcts.Options.Regret): each
//     bid is sampled by regret matching, the searching seat's tree holds the opponent's bid
//     of the same round (player 2 searches from the start of the round), and the move is
//     drawn from the average strategy, which converges to an equilibrium; UCB1's most visited
//     bid does not, and loses to the equilibrium (hard: 0.119 a match).
//   - Where the match's settings have at most exactLimit points a side (the solver solves
//     them in a few tenths of a second at most, once per process), the positions after the round
//     searched are valued exactly by the solved game's values (exactValues) instead of
//     heuristic playouts, and every iteration updates the regrets of the round's whole matrix
//     of bids (ismcts.Options.Evaluate): the search is then regret matching+ on a matrix game
//     of exact payoffs, the better judgement where search is shallow, and converges to the
//     equilibrium of the round.
//   - In larger games expert is the pure search it is in the card games (ismcts.Options.
//     Fallback: UCB1, heuristic playouts, its 10,000 iterations in four trees): there
//     regret matching on sampled regrets, with heuristic playouts to the end of the match,
//     was far weaker at this budget (at 50-50, exploitable by 0.15 a decision, against 0.003
//     for the hybrid).
//
// Measured at 50-50 (README, "Bots"): over 2,000 matches against equilibrium expert lost
// 0.027 a match (95% interval -0.071 to +0.017; seed 2: won 0.024, 4,000 pooled: -0.002,
// -0.033 to +0.030), in 5.8 minutes of one core; computed exactly against the solver
// (expert_pencil_test.go), its strategy loses about 0.005 a match to the equilibrium's.
func biddingSearch(o ismcts.Options) ismcts.Options {
	plain := o
	o.Fallback = &plain
	o.Iterations, o.Trees = biddingIterations, 1
	o.Regret = true
	o.Evaluate = (&exactValues{}).evaluate
	return o
}

// biddingIterations is expert's budget in the bidding game where no deadline applies, in one
// tree. Where the round is valued exactly an iteration updates the regrets of the whole matrix
// of bids, tens of times the cost of a card-game iteration, and regret matching+ converges
// within a tree, so one tree does better than several of a share each: at 1,000 iterations
// expert's strategy at 50-50 is exploitable by about 0.003 a decision (0.007 at 250 in each of
// four trees), about 20 ms a move on one core.
const biddingIterations = 1000

// exactLimit is the most points a side may start with for expert to use the solved game's
// values in the bidding game. The solve happens at expert's first move in a setting, once per
// process (pencil.Solved caches it), and cannot be cancelled: at 60-60 it takes a few tenths
// of a second of one core (50-50, the default, a tenth to a quarter), well inside a live
// move's 2 s, and a server's tables cannot make expert spend more than that on a setting
// whatever their points. Larger games are searched without the solver.
const exactLimit = 60

// exactValues values bidding-game positions by the solved game (pencil.Solved).
type exactValues struct {
	sol atomic.Pointer[pencil.Solution] // the last solution used, to spare the cache's lock
}

// evaluate writes the solved value of s for each seat to ret, at the start of a round of a
// game of at most exactLimit points a side that the solver solves; it reports false
// elsewhere (in the middle of a round, or a game too large), where the search plays on.
func (e *exactValues) evaluate(s engine.State, ret []float64) bool {
	st, ok := s.(*pencil.State)
	if !ok || st.ToMove() != 0 {
		return false
	}
	p := st.Params()
	sol := e.sol.Load()
	if sol == nil || sol.Params() != p {
		if p.Points1 > exactLimit || p.Points2 > exactLimit {
			return false
		}
		var err error
		if sol, err = pencil.Solved(p); err != nil {
			return false
		}
		e.sol.Store(sol)
	}
	v := sol.Value(st.Points(0), st.Points(1), st.Ball())
	ret[0], ret[1] = v, -v
	return true
}

// BotNames lists the names of g's bot levels.
func BotNames(g engine.Game) []string {
	var names []string
	for _, b := range Bots(g) {
		names = append(names, b.Name)
	}
	return names
}

// NewBot returns g's bot of the named level; the error lists the levels there are.
func NewBot(g engine.Game, name string) (bot.Bot, error) {
	level := strings.ToLower(name)
	switch level {
	case "random":
		return bot.Random{}, nil
	case "heuristic":
		if g.Heuristic != nil {
			return bot.Heuristic{Policy: g.Heuristic}, nil
		}
	case "easy":
		if g.Heuristic == nil {
			return easySearch.bot(g), nil
		}
		h := bot.Heuristic{Policy: g.Heuristic}
		return bot.Func{Level: "easy", F: h.Choose}, nil
	case "medium", "hard", "expert":
		for _, l := range searchLevels {
			if l.name == level {
				return l.bot(g), nil
			}
		}
	case "equilibrium":
		if g.Name == pencil.Game.Name {
			return bot.Func{Level: "equilibrium", F: func(ctx context.Context, s engine.State, seat engine.Seat, rng *rand.Rand) (engine.Action, error) {
				return pencil.EquilibriumPolicyContext(ctx, s, seat, rng)
			}}, nil
		}
	}
	return nil, fmt.Errorf("%s has no bot %q; bots: %s", g.Name, name, strings.Join(BotNames(g), ", "))
}

// SolvePoints is what the bot level must solve before its first move in the game opts set up:
// the bidding game's equilibrium bot solves the whole game, whose cost grows with about the
// fifth power of the larger starting points, which it returns; 0 for every other bot and game.
func SolvePoints(g engine.Game, opts engine.Options, level string) (int, error) {
	if g.Name != pencil.Game.Name || !strings.EqualFold(level, "equilibrium") {
		return 0, nil
	}
	p, err := pencil.ParamsFromOptions(opts)
	if err != nil {
		return 0, err
	}
	return max(p.Points1, p.Points2), nil
}

// CheckBot refuses, before the match starts, a bot the solver cannot serve (SolvePoints above
// pencil.MaxSolvePoints). Other bots play every game they are offered.
func CheckBot(g engine.Game, opts engine.Options, level string) error {
	most, err := SolvePoints(g, opts, level)
	if err != nil {
		return err
	}
	if most > pencil.MaxSolvePoints {
		return fmt.Errorf("the equilibrium bot solves games of at most %d points a player, and this one starts with %d: lower the points or choose another bot", pencil.MaxSolvePoints, most)
	}
	return nil
}

// Hint returns advice for seat in s where the game offers it: in the bidding game, the optimal
// mixed strategy of the solved game and the position's value.
func Hint(g engine.Game, s engine.State, seat engine.Seat) (string, bool) {
	st, ok := s.(*pencil.State)
	if !ok || g.Name != pencil.Game.Name {
		return "", false
	}
	bids, probs, err := pencil.EquilibriumStrategy(st, seat)
	if err != nil {
		return "No hint: " + err.Error(), true
	}
	sol, err := pencil.Solved(st.Params())
	if err != nil {
		return "No hint: " + err.Error(), true
	}
	value := sol.Value(st.Points(0), st.Points(1), st.Ball())
	if seat == 1 {
		value = -value
	}
	if math.Abs(value) < 5e-4 {
		value = 0 // no "-0.000" for a rounding error
	}
	var b strings.Builder
	fmt.Fprintf(&b, "Optimal play here (value for you %+.3f):", value)
	for i, a := range bids {
		fmt.Fprintf(&b, " bid %d (%.1f%%)", a, 100*probs[i])
		if i < len(bids)-1 {
			b.WriteString(",")
		}
	}
	return b.String(), true
}
