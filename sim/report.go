package sim

import (
	"cmp"
	"maps"
	"slices"
	"strings"

	"deuce/engine"
)

// Report summarises a run: how each player and pairing did, ratings, and the balance of the game
// overall and broken down by variant and by the tags the game reports.
type Report struct {
	Game    string         `json:"game"`
	Options engine.Options `json:"options"` // of the first variant
	// Variants lists the run's variants when it played more than one.
	Variants []Variant `json:"variants,omitempty"`
	Seed     uint64    `json:"seed"`
	// Matches counts every match; MatchesPerPairing those of one pairing in one variant.
	Matches           int `json:"matches"`
	MatchesPerPairing int `json:"matchesPerPairing"`
	// RunMatches, in the report of part of a run (MergePartial), is the number of matches of
	// the whole run, of which Matches were played.
	RunMatches int `json:"runMatches,omitempty"`
	// Shard, in the report of one shard of a run, is that shard, its matches From to To-1.
	Shard *ShardReport `json:"shard,omitempty"`
	// Solo marks a one-seat game's run: every bot played the automaton, the last player, from
	// the one seat.
	Solo bool `json:"solo,omitempty"`
	// Players are the entrants, in the order of the run.
	Players []PlayerStats `json:"players"`
	Draws   int           `json:"draws"`
	// Actions is the match length in actions, chance outcomes included.
	Actions Mean `json:"actions"`
	// SeatOneWins counts matches won by whoever sat in seat 0.
	SeatOneWins int `json:"seatOneWins"`
	// Pairings are the pairings' results, in the order of the run.
	Pairings []PairingStats `json:"pairings"`
	// Balance measures the game over every match.
	Balance Balance `json:"balance"`
	// Breakdowns measure it by variant (when the run has several), by each option whose value
	// several variants share, and by each tag.
	Breakdowns []Breakdown `json:"breakdowns,omitempty"`
}

// PlayerStats is one player's results over all its pairings.
type PlayerStats struct {
	Name    string   `json:"name"`
	Bot     string   `json:"bot"`
	Matches int      `json:"matches"`
	Wins    int      `json:"wins"`
	Losses  int      `json:"losses"`
	Draws   int      `json:"draws"`
	Win     Interval `json:"winRate"`
	Return  Mean     `json:"meanReturn"`
	// Rating is the Bradley-Terry rating from every pairing's results.
	Rating Rating `json:"rating"`
	// Hold is the share of its service games the player held, ServePoints of its service
	// points it won; nil when the game reports none.
	Hold        *Interval `json:"holdRate,omitempty"`
	ServePoints *Interval `json:"servicePointsWon,omitempty"`
}

// PairingStats is one pairing's results; index 0 is the pairing's first player.
type PairingStats struct {
	Players [2]string `json:"players"`
	Matches int       `json:"matches"`
	Wins    [2]int    `json:"wins"`
	Draws   int       `json:"draws"`
	// Win is the first player's win rate.
	Win Interval `json:"winRate"`
	// SeatOne is the rate at which whoever sat in seat 0 won.
	SeatOne Interval `json:"seatOneWinRate"`
	Return  [2]Mean  `json:"meanReturn"`
	// Hold and ServePoints are each player's, PointShare the first player's share of the
	// points won; nil when the game reports none.
	Hold        [2]*Interval `json:"holdRate"`
	ServePoints [2]*Interval `json:"servicePointsWon"`
	PointShare  *Interval    `json:"pointShare,omitempty"`
}

// Balance measures a game over a set of matches.
type Balance struct {
	Matches     int `json:"matches"`
	Draws       int `json:"draws"`
	SeatOneWins int `json:"seatOneWins"`
	// SeatOne is the first-player advantage: the rate at which seat 0 won.
	SeatOne Interval `json:"seatOneWinRate"`
	// Actions is the match length in actions; Lengths its distribution.
	Actions Mean  `json:"actions"`
	Lengths []Bin `json:"lengths"`
	// Tennis holds the measures of games that report engine.TennisFacts.
	Tennis *TennisBalance `json:"tennis,omitempty"`
}

// Bin counts the matches of lengths [Lo, Hi).
type Bin struct {
	Lo    int   `json:"lo"`
	Hi    int   `json:"hi"`
	Count int64 `json:"count"`
}

// TennisBalance holds the measures that come from engine.TennisFacts. A measure the game has no
// counts for is left out.
type TennisBalance struct {
	Matches int `json:"matches"`
	// Points is points per match (rounds, in a game without points).
	Points Mean `json:"pointsPerMatch"`
	// PointsPerGame is the points of the matches with games over their games.
	PointsPerGame float64 `json:"pointsPerGame,omitempty"`
	// Hold is the server advantage: the share of service games the server won; SeatHold splits
	// it by the side serving (seat 1's side, seat 2's side).
	Hold     *Interval    `json:"holdRate,omitempty"`
	SeatHold [2]*Interval `json:"holdRateBySeat"`
	// ServePoints is the share of points the server won.
	ServePoints *Interval `json:"servicePointsWon,omitempty"`
	// Rally is the rally length in shots per point; Rallies[k] counts the points of k shots,
	// the last entry those of len(Rallies)-1 shots or more when it is the 64th.
	Rally   *Mean   `json:"rallyLength,omitempty"`
	Rallies []int64 `json:"rallies,omitempty"`
	// LeadChanges is the number of times the lead changed sides per match.
	LeadChanges Mean `json:"leadChanges"`
}

// Breakdown measures the matches of one variant or one tag.
type Breakdown struct {
	// Key is "variant", "option NAME" or a tag's key ("surface", "character"), Value the
	// variant, the option's value or the tag.
	Key   string `json:"key"`
	Value string `json:"value"`
	// Side reports a tag of one side; then Appearances counts the sides that had it and Wins,
	// Draws and Win their results.
	Side        bool      `json:"side,omitempty"`
	Appearances int       `json:"appearances,omitempty"`
	Wins        int       `json:"wins,omitempty"`
	Draws       int       `json:"draws,omitempty"`
	Win         *Interval `json:"winRate,omitempty"`
	Balance     Balance   `json:"balance"`
}

// Report summarises the tally. It depends on the counts alone, so equal tallies give equal
// reports, byte for byte once encoded.
func (t *Tally) Report() *Report {
	sp := t.Spec
	all := &t.All
	r := &Report{
		Game: sp.Game, Options: sp.Variants[0].Options, Seed: sp.Seed,
		Matches: int(all.Matches), MatchesPerPairing: sp.Matches, Solo: sp.Solo,
		Draws: int(all.Draws), Actions: all.Actions.mean(), SeatOneWins: int(all.SeatOneWins),
		Balance: all.balance(),
	}
	if len(sp.Variants) > 1 {
		r.Variants = sp.Variants
	}
	if t.partial {
		r.RunMatches = sp.Total()
	}
	if sp.Shard.Count > 1 && !t.partial {
		from, to := sp.Range()
		r.Shard = &ShardReport{Shard: sp.Shard, From: from, To: to, RunMatches: sp.Total()}
	}

	type playerSums struct {
		matches, wins, losses, draws         int64
		returns                              Values
		serviceGames, holds, served, served1 int64
	}
	sums := make([]playerSums, len(sp.Players))
	for i := range sums {
		sums[i].returns = Values{}
	}
	var results []pairResult
	for i, p := range t.Pairs {
		who := sp.Pairs[i]
		ps := PairingStats{
			Players: [2]string{sp.Players[who[0]].Name, sp.Players[who[1]].Name},
			Matches: int(p.Matches), Wins: [2]int{int(p.Wins[0]), int(p.Wins[1])}, Draws: int(p.Draws),
			Win:     Wilson(int(p.Wins[0]), int(p.Matches)),
			SeatOne: Wilson(int(p.SeatOneWins), int(p.Matches)),
		}
		for k := range 2 {
			ps.Return[k] = p.Returns[k].mean()
			ps.Hold[k] = wilson64(p.Holds[k], p.ServiceGames[k])
			ps.ServePoints[k] = wilson64(p.ServeWon[k], p.ServePoints[k])
			s := &sums[who[k]]
			s.matches += p.Matches
			s.wins += p.Wins[k]
			s.losses += p.Wins[1-k]
			s.draws += p.Draws
			for v, n := range p.Returns[k] {
				s.returns[v] += n
			}
			s.serviceGames += p.ServiceGames[k]
			s.holds += p.Holds[k]
			s.served += p.ServePoints[k]
			s.served1 += p.ServeWon[k]
		}
		ps.PointShare = wilson64(p.PointsWon[0], p.PointsWon[0]+p.PointsWon[1])
		r.Pairings = append(r.Pairings, ps)
		results = append(results, pairResult{a: who[0], b: who[1], winA: p.Wins[0], winB: p.Wins[1], d: p.Draws})
	}
	rates := ratings(len(sp.Players), results, sp.Seed)
	for i, pl := range sp.Players {
		s := sums[i]
		r.Players = append(r.Players, PlayerStats{
			Name: pl.Name, Bot: pl.Bot, Matches: int(s.matches),
			Wins: int(s.wins), Losses: int(s.losses), Draws: int(s.draws),
			Win:    Wilson(int(s.wins), int(s.matches)),
			Return: s.returns.mean(), Rating: rates[i],
			Hold: wilson64(s.holds, s.serviceGames), ServePoints: wilson64(s.served1, s.served),
		})
	}

	if len(sp.Variants) > 1 {
		for i, v := range sp.Variants {
			name := v.Name
			if name == "" {
				name = v.Options.String()
			}
			r.Breakdowns = append(r.Breakdowns, Breakdown{Key: "variant", Value: name, Balance: t.Variants[i].balance()})
		}
	}
	r.Breakdowns = append(r.Breakdowns, t.optionBreakdowns()...)
	tags := make([]*TagTally, 0, len(t.Tags))
	for _, tt := range t.Tags {
		tags = append(tags, tt)
	}
	slices.SortFunc(tags, func(a, b *TagTally) int {
		return cmp.Or(cmp.Compare(a.Key, b.Key), cmp.Compare(a.Value, b.Value))
	})
	for _, tt := range tags {
		b := Breakdown{Key: tt.Key, Value: tt.Value, Side: tt.Side, Balance: tt.Group.balance()}
		if tt.Side {
			b.Appearances, b.Wins, b.Draws = int(tt.Appearances), int(tt.Wins), int(tt.Draws)
			b.Win = wilson64(tt.Wins, tt.Appearances)
		}
		r.Breakdowns = append(r.Breakdowns, b)
	}
	return r
}

// balance measures the group's matches.
func (g *Group) balance() Balance {
	b := Balance{
		Matches: int(g.Matches), Draws: int(g.Draws), SeatOneWins: int(g.SeatOneWins),
		SeatOne: Wilson(int(g.SeatOneWins), int(g.Matches)),
		Actions: g.Actions.mean(),
		Lengths: []Bin{},
	}
	for i, n := range g.Lengths {
		if n > 0 {
			lo, hi := bucketRange(i)
			b.Lengths = append(b.Lengths, Bin{Lo: lo, Hi: hi, Count: n})
		}
	}
	if g.Tennis == 0 {
		return b
	}
	tb := &TennisBalance{
		Matches:     int(g.Tennis),
		Points:      g.Points.mean(),
		Hold:        wilson64(g.Holds[0]+g.Holds[1], g.ServiceGames[0]+g.ServiceGames[1]),
		ServePoints: wilson64(g.ServeWon[0]+g.ServeWon[1], g.ServePoints[0]+g.ServePoints[1]),
		LeadChanges: g.LeadChanges.mean(),
	}
	if g.Games > 0 {
		tb.PointsPerGame = float64(g.GamePoints) / float64(g.Games)
	}
	for side := range 2 {
		tb.SeatHold[side] = wilson64(g.Holds[side], g.ServiceGames[side])
	}
	if g.Shots.N > 0 {
		m := g.Shots.mean()
		tb.Rally = &m
		n := len(g.Rallies)
		for n > 0 && g.Rallies[n-1] == 0 {
			n--
		}
		tb.Rallies = slices.Clone(g.Rallies[:n])
	}
	b.Tennis = tb
	return b
}

// optionBreakdowns groups the variants by the value of each option that takes several values
// in the run, when some value is shared by several variants (otherwise the variant breakdown
// says it all): with --vary, or variants crossed with options.
func (t *Tally) optionBreakdowns() []Breakdown {
	vs := t.Spec.Variants
	if len(vs) < 2 {
		return nil
	}
	names := map[string]bool{}
	for _, v := range vs {
		for k := range v.Options {
			names[k] = true
		}
	}
	// A game that tags its matches by an option's value (Worldwide's surface, its rules) has
	// that breakdown already, in the tags'.
	tagged := map[string]bool{}
	for tag := range t.Tags {
		if key, _, ok := strings.Cut(tag, "="); ok {
			tagged[key] = true
		}
	}
	var out []Breakdown
	for _, name := range slices.Sorted(maps.Keys(names)) {
		if tagged[name] {
			continue
		}
		var values []string
		groups := map[string]*Group{}
		shared := false
		for i, v := range vs {
			x := v.Options[name]
			g := groups[x]
			if g == nil {
				g = &Group{}
				groups[x] = g
				values = append(values, x)
			} else {
				shared = true
			}
			g.merge(&t.Variants[i])
		}
		if len(values) < 2 || !shared {
			continue
		}
		for _, x := range values {
			out = append(out, Breakdown{Key: "option " + name, Value: x, Balance: groups[x].balance()})
		}
	}
	return out
}

// ShardReport says which part of a run a shard's report covers.
type ShardReport struct {
	Shard
	From, To   int // its matches, From to To-1 of the run's
	RunMatches int
}
