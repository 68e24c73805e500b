package analysis

import (
	"fmt"
	"io"
	"math"
	"strings"
)

// shown rounds x for a three-decimal display, without a "-0.000" for a rounding error.
func shown(x float64) float64 {
	if math.Abs(x) < 5e-4 {
		return 0
	}
	return x
}

// WriteText writes the report for people: the method and its budget, a summary per seat, and
// the decisions, the marked ones flagged (all of them with all set, otherwise only the
// unforced ones that lost anything).
func (r *Report) WriteText(w io.Writer, all bool) error {
	var b strings.Builder
	fmt.Fprintf(&b, "%s analysis (%s): %s\n", r.Title, r.Method, r.Budget)
	fmt.Fprintf(&b, "Marks: inaccuracy from a loss of %.2f, mistake %.2f, blunder %.2f (expected return; 0.1 is about 5 points of winning chance)\n\n",
		r.Thresholds.Inaccuracy, r.Thresholds.Mistake, r.Thresholds.Blunder)
	fmt.Fprintf(&b, "%-20s %9s %8s %9s %11s %8s %8s\n", "player", "decisions", "accuracy", "avg loss", "inaccuracies", "mistakes", "blunders")
	for _, s := range r.Seats {
		// A player with no decision of their own (an unfinished match, a forced game) has no
		// accuracy to show, not 100%.
		accuracy := "-"
		if s.Decisions > 0 {
			accuracy = fmt.Sprintf("%.1f%%", s.Accuracy)
		}
		fmt.Fprintf(&b, "%-20s %9d %8s %9.3f %11d %8d %8d\n", fmt.Sprintf("%d. %s", int(s.Seat)+1, s.Name), s.Decisions, accuracy, shown(s.AverageLoss),
			s.Marks[Inaccuracy], s.Marks[Mistake], s.Marks[Blunder])
	}
	b.WriteString("\n")
	for _, d := range r.Decisions {
		if !all && (d.Forced || d.Loss < 0.005 && d.Mark == Good) {
			continue
		}
		fmt.Fprintf(&b, "%4d. player %d %-14s", d.Move+1, int(d.Seat)+1, d.Played)
		if d.Forced {
			b.WriteString(" (forced)\n")
			continue
		}
		fmt.Fprintf(&b, " best %-14s loss %.3f", d.Best, shown(d.Loss))
		if d.Interval > 0 {
			fmt.Fprintf(&b, " ±%.3f", d.Interval)
		}
		if d.Mark != Good {
			b.WriteString("  " + strings.ToUpper(string(d.Mark)))
		} else if d.Uncertain && markOf(d.Loss) != Good {
			// A loss the search is not sure of is not marked: say so where it would be.
			b.WriteString("  (uncertain: not marked)")
		}
		b.WriteString("\n")
	}
	res := "not finished"
	if r.Result.Over {
		res = r.Result.Score
	}
	fmt.Fprintf(&b, "\nResult: %s\n", res)
	_, err := io.WriteString(w, b.String())
	return err
}
