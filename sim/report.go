package sim

import (
	"fmt"
	"io"
	"text/tabwriter"
)

// WriteText prints the report as a table for people.
func (r *Report) WriteText(w io.Writer) error {
	fmt.Fprintf(w, "%s, %d matches, seed %d", r.Game, r.Matches, r.Seed)
	if len(r.Options) > 0 {
		fmt.Fprintf(w, ", %v", r.Options)
	}
	fmt.Fprintln(w)
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', tabwriter.AlignRight)
	fmt.Fprintln(tw, "player\tbot\twins\tlosses\tdraws\twin rate\t95% interval\tmean return\t95% interval\t")
	for _, p := range r.Players {
		fmt.Fprintf(tw, "%s\t%s\t%d\t%d\t%d\t%.1f%%\t%.1f%% - %.1f%%\t%+.3f\t%+.3f - %+.3f\t\n",
			p.Name, p.Bot, p.Wins, p.Losses, p.Draws, 100*p.Win.P, 100*p.Win.Lo, 100*p.Win.Hi,
			p.Return.Mean, p.Return.Lo, p.Return.Hi)
	}
	if err := tw.Flush(); err != nil {
		return err
	}
	seat := Wilson(r.SeatOneWins, r.Matches)
	fmt.Fprintf(w, "match length: %.1f actions (95%% interval %.1f - %.1f)\n", r.Actions.Mean, r.Actions.Lo, r.Actions.Hi)
	_, err := fmt.Fprintf(w, "seat 1 won %.1f%% of matches (95%% interval %.1f%% - %.1f%%)\n", 100*seat.P, 100*seat.Lo, 100*seat.Hi)
	return err
}
