package sim

import (
	"encoding/csv"
	"fmt"
	"io"
	"strconv"
	"strings"
	"text/tabwriter"
)

// matchCount is "1 match" or "N matches".
func matchCount(n int) string {
	if n == 1 {
		return "1 match"
	}
	return fmt.Sprintf("%d matches", n)
}

// WriteText prints the report as tables for people.
func (r *Report) WriteText(w io.Writer) error {
	fmt.Fprintf(w, "%s, %s, seed %d", r.Game, matchCount(r.Matches), r.Seed)
	if len(r.Variants) > 0 {
		var names []string
		for _, v := range r.Variants {
			names = append(names, variantName(v))
		}
		fmt.Fprintf(w, ", variants %s", strings.Join(names, ", "))
	} else if len(r.Options) > 0 {
		fmt.Fprintf(w, ", %v", r.Options)
	}
	fmt.Fprintln(w)
	if sh := r.Shard; sh != nil {
		fmt.Fprintf(w, "shard %d/%d of a run: its matches %d to %d of %d (deuce sim merge combines the shards' --out files into the run's report)\n",
			sh.Index, sh.Count, sh.From, sh.To-1, sh.RunMatches)
	}
	if r.RunMatches > 0 {
		fmt.Fprintf(w, "part of a run: %d of its %d matches, those the files hold\n", r.Matches, r.RunMatches)
	}
	if r.Solo {
		fmt.Fprintf(w, "one seat: every bot plays the automaton, %s each per variant\n", matchCount(r.MatchesPerPairing))
	} else if len(r.Pairings) > 1 {
		fmt.Fprintf(w, "%d pairings, %s each per variant, seats swapped from match to match\n", len(r.Pairings), matchCount(r.MatchesPerPairing))
	}
	fmt.Fprintln(w)

	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', tabwriter.AlignRight)
	fmt.Fprintln(tw, "player\tbot\twins\tlosses\tdraws\twin rate\t95% interval\tmean return\t95% interval\trating\t95% interval\t")
	for _, p := range r.Players {
		fmt.Fprintf(tw, "%s\t%s\t%d\t%d\t%d\t%s\t%s\t%+.3f\t%+.3f - %+.3f\t%+.0f\t%+.0f - %+.0f\t\n",
			p.Name, p.Bot, p.Wins, p.Losses, p.Draws, pct(p.Win.P), interval(p.Win),
			p.Return.Mean, p.Return.Lo, p.Return.Hi, p.Rating.Elo, p.Rating.Lo, p.Rating.Hi)
	}
	if err := tw.Flush(); err != nil {
		return err
	}
	fmt.Fprintln(w, "(ratings: Bradley-Terry on the Elo scale, mean 0; intervals by bootstrap over matches)")
	if r.MatchesPerPairing > 0 && r.MatchesPerPairing < 2 {
		// One match a pairing resamples to itself: every interval is a point.
		fmt.Fprintln(w, "(with 1 match a pairing the bootstrap has nothing to resample, and the rating intervals are points: play more matches for a real measure)")
	}
	for _, p := range r.Players {
		if p.Wins+p.Draws == 0 || p.Losses+p.Draws == 0 {
			// A clean sweep has no finite estimate: every resample is the same sweep.
			fmt.Fprintln(w, "(a player who won or lost every match is rated only as far as the fit's weak prior allows, and its intervals cannot widen: play more matches, or a closer opponent, for a real measure)")
			break
		}
	}

	if len(r.Pairings) > 1 || r.Balance.Tennis != nil {
		fmt.Fprintln(w)
		tw = tabwriter.NewWriter(w, 0, 0, 2, ' ', tabwriter.AlignRight)
		fmt.Fprintln(tw, "pairing\tmatches\twins\tdraws\tfirst's win rate\t95% interval\tseat 1 won\thold rates\t")
		for _, p := range r.Pairings {
			fmt.Fprintf(tw, "%s vs %s\t%d\t%d-%d\t%d\t%s\t%s\t%s\t%s / %s\t\n",
				p.Players[0], p.Players[1], p.Matches, p.Wins[0], p.Wins[1], p.Draws,
				pct(p.Win.P), interval(p.Win), pct(p.SeatOne.P), optPct(p.Hold[0]), optPct(p.Hold[1]))
		}
		if err := tw.Flush(); err != nil {
			return err
		}
	}

	fmt.Fprintln(w)
	b := r.Balance
	fmt.Fprintf(w, "match length: %.1f actions (95%% interval %.1f - %.1f)\n", b.Actions.Mean, b.Actions.Lo, b.Actions.Hi)
	fmt.Fprintf(w, "seat 1 won %s of matches (95%% interval %s)\n", pct(b.SeatOne.P), interval(b.SeatOne))
	if tb := b.Tennis; tb != nil {
		fmt.Fprintf(w, "points per match: %.1f (95%% interval %.1f - %.1f)\n", tb.Points.Mean, tb.Points.Lo, tb.Points.Hi)
		if tb.PointsPerGame > 0 {
			fmt.Fprintf(w, "points per game: %.2f\n", tb.PointsPerGame)
		}
		if tb.Hold != nil {
			fmt.Fprintf(w, "server held %s of service games (95%% interval %s; seat 1 serving %s, seat 2 serving %s)\n",
				pct(tb.Hold.P), interval(*tb.Hold), optPct(tb.SeatHold[0]), optPct(tb.SeatHold[1]))
		}
		if tb.ServePoints != nil {
			fmt.Fprintf(w, "server won %s of points (95%% interval %s)\n", pct(tb.ServePoints.P), interval(*tb.ServePoints))
		}
		if tb.Rally != nil {
			fmt.Fprintf(w, "rally length: %.2f shots per point (95%% interval %.2f - %.2f)\n", tb.Rally.Mean, tb.Rally.Lo, tb.Rally.Hi)
		}
		fmt.Fprintf(w, "lead changes: %.2f per match (95%% interval %.2f - %.2f)\n", tb.LeadChanges.Mean, tb.LeadChanges.Lo, tb.LeadChanges.Hi)
	}

	for i := 0; i < len(r.Breakdowns); {
		key := r.Breakdowns[i].Key
		j := i
		for j < len(r.Breakdowns) && r.Breakdowns[j].Key == key {
			j++
		}
		if err := writeBreakdowns(w, r.Breakdowns[i:j]); err != nil {
			return err
		}
		i = j
	}
	return nil
}

// writeBreakdowns prints the breakdowns of one key as a table.
func writeBreakdowns(w io.Writer, bs []Breakdown) error {
	fmt.Fprintf(w, "\nby %s:\n", bs[0].Key)
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', tabwriter.AlignRight)
	side := bs[0].Side
	head := bs[0].Key + "\tmatches\t"
	if side {
		head += "played\twin rate\t95% interval\t"
	}
	fmt.Fprintln(tw, head+"seat 1 won\thold rate\tserver won\tpoints/game\trally\tactions\tlead changes\t")
	for _, b := range bs {
		fmt.Fprintf(tw, "%s\t%d\t", b.Value, b.Balance.Matches)
		if side {
			win := Interval{}
			if b.Win != nil {
				win = *b.Win
			}
			fmt.Fprintf(tw, "%d\t%s\t%s\t", b.Appearances, pct(win.P), interval(win))
		}
		hold, serve, ppg, rally, leads := "-", "-", "-", "-", "-"
		if tb := b.Balance.Tennis; tb != nil {
			hold, serve = optPct(tb.Hold), optPct(tb.ServePoints)
			if tb.PointsPerGame > 0 {
				ppg = fmt.Sprintf("%.2f", tb.PointsPerGame)
			}
			if tb.Rally != nil {
				rally = fmt.Sprintf("%.2f", tb.Rally.Mean)
			}
			leads = fmt.Sprintf("%.2f", tb.LeadChanges.Mean)
		}
		fmt.Fprintf(tw, "%s\t%s\t%s\t%s\t%s\t%.1f\t%s\t\n", pct(b.Balance.SeatOne.P), hold, serve, ppg, rally, b.Balance.Actions.Mean, leads)
	}
	return tw.Flush()
}

func variantName(v Variant) string {
	if v.Name != "" {
		return v.Name
	}
	return v.Options.String()
}

func pct(p float64) string { return fmt.Sprintf("%.1f%%", 100*p) }

func interval(i Interval) string { return fmt.Sprintf("%.1f%% - %.1f%%", 100*i.Lo, 100*i.Hi) }

func optPct(i *Interval) string {
	if i == nil {
		return "-"
	}
	return pct(i.P)
}

// CSVColumns are the columns of WriteCSV, one row per player, per pairing, for all matches and
// per breakdown. kind is "player", "pairing", "all" or "breakdown"; key and value name a
// breakdown ("variant", "surface", ...); player_a and player_b name a player (with wins_b its
// losses) or a pairing's two players; win_rate, hold_rate and service_points_won are player_a's
// in a pairing row, and a side's in the breakdown of a tag of one side (a character);
// seat_one_rate is the rate at which seat 1 won; elo is a player's rating. Rates are fractions;
// a cell is empty where the row or the game has nothing to say.
var CSVColumns = []string{
	"kind", "key", "value", "player_a", "player_b",
	"matches", "wins_a", "wins_b", "draws", "win_rate", "win_lo", "win_hi",
	"seat_one_rate", "seat_one_lo", "seat_one_hi",
	"hold_rate", "hold_lo", "hold_hi", "service_points_won",
	"points_per_match", "points_per_game", "rally_length",
	"actions", "actions_lo", "actions_hi", "lead_changes",
	"elo", "elo_lo", "elo_hi",
}

// WriteCSV writes the report as CSV with a header row of CSVColumns.
func (r *Report) WriteCSV(w io.Writer) error {
	cw := csv.NewWriter(w)
	if err := cw.Write(CSVColumns); err != nil {
		return err
	}
	f := func(x float64) string { return strconv.FormatFloat(x, 'f', -1, 64) }
	n := func(x int) string { return strconv.Itoa(x) }
	row := func(kind, key, value, a, b string) map[string]string {
		return map[string]string{"kind": kind, "key": key, "value": value, "player_a": a, "player_b": b}
	}
	// rate fills the columns of a rate and its interval: prefix_rate, prefix_lo, prefix_hi.
	rate := func(m map[string]string, prefix string, i *Interval) {
		if i != nil {
			m[prefix+"_rate"], m[prefix+"_lo"], m[prefix+"_hi"] = f(i.P), f(i.Lo), f(i.Hi)
		}
	}
	balance := func(m map[string]string, b Balance) {
		m["matches"], m["draws"] = n(b.Matches), n(b.Draws)
		rate(m, "seat_one", &b.SeatOne)
		m["actions"], m["actions_lo"], m["actions_hi"] = f(b.Actions.Mean), f(b.Actions.Lo), f(b.Actions.Hi)
		if tb := b.Tennis; tb != nil {
			rate(m, "hold", tb.Hold)
			if tb.ServePoints != nil {
				m["service_points_won"] = f(tb.ServePoints.P)
			}
			m["points_per_match"] = f(tb.Points.Mean)
			if tb.PointsPerGame > 0 {
				m["points_per_game"] = f(tb.PointsPerGame)
			}
			if tb.Rally != nil {
				m["rally_length"] = f(tb.Rally.Mean)
			}
			m["lead_changes"] = f(tb.LeadChanges.Mean)
		}
	}
	var rows []map[string]string
	for _, p := range r.Players {
		m := row("player", "", "", p.Name, "")
		m["matches"], m["wins_a"], m["wins_b"], m["draws"] = n(p.Matches), n(p.Wins), n(p.Losses), n(p.Draws)
		rate(m, "win", &p.Win)
		rate(m, "hold", p.Hold)
		if p.ServePoints != nil {
			m["service_points_won"] = f(p.ServePoints.P)
		}
		m["elo"], m["elo_lo"], m["elo_hi"] = f(p.Rating.Elo), f(p.Rating.Lo), f(p.Rating.Hi)
		rows = append(rows, m)
	}
	for _, p := range r.Pairings {
		m := row("pairing", "", "", p.Players[0], p.Players[1])
		m["matches"], m["wins_a"], m["wins_b"], m["draws"] = n(p.Matches), n(p.Wins[0]), n(p.Wins[1]), n(p.Draws)
		rate(m, "win", &p.Win)
		rate(m, "seat_one", &p.SeatOne)
		rate(m, "hold", p.Hold[0])
		if p.ServePoints[0] != nil {
			m["service_points_won"] = f(p.ServePoints[0].P)
		}
		rows = append(rows, m)
	}
	m := row("all", "", "", "", "")
	balance(m, r.Balance)
	rows = append(rows, m)
	for _, b := range r.Breakdowns {
		m := row("breakdown", b.Key, b.Value, "", "")
		balance(m, b.Balance)
		if b.Side {
			m["wins_a"], m["wins_b"] = n(b.Wins), n(b.Appearances-b.Wins-b.Draws)
			m["draws"] = n(b.Draws)
			rate(m, "win", b.Win)
		}
		rows = append(rows, m)
	}
	for _, m := range rows {
		rec := make([]string, len(CSVColumns))
		for i, c := range CSVColumns {
			rec[i] = m[c]
		}
		if err := cw.Write(rec); err != nil {
			return err
		}
	}
	cw.Flush()
	return cw.Error()
}
