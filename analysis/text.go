package analysis

import (
	"fmt"
	"io"
	"math"
	"slices"
	"strings"

	"deuce/engine"
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
	scale := "expected return; 0.1 is about 5 points of winning chance"
	if r.Horizon > 0 {
		scale = fmt.Sprintf("expected margin over the next %s, from -1 to +1; 0.1 is about 5 points of the chance of winning each", plural(r.Horizon, "point"))
	}
	fmt.Fprintf(&b, "Marks: inaccuracy from a loss of %.2f, mistake %.2f, blunder %.2f (%s)",
		r.Thresholds.Inaccuracy, r.Thresholds.Mistake, r.Thresholds.Blunder, scale)
	if r.Method == MethodSearch {
		b.WriteString(", reached by the loss less its interval; a loss short of it is a close call, within the search's noise, and not marked")
	}
	b.WriteString("\n\n")
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
		b.WriteString(d.Line(r.name(d.Seat)))
		b.WriteString("\n")
	}
	fmt.Fprintf(&b, "\nResult: %s\n", r.resultText())
	_, err := io.WriteString(w, b.String())
	return err
}

// name is the name of seat's player in the report, "player N" where the record has none.
// resultText is the match's result for people: its score and who won it ("4-7, Bob wins").
func (r *Report) resultText() string {
	res := r.Result
	if !res.Over {
		return "not finished"
	}
	draw := len(res.Returns) > 1 && !slices.ContainsFunc(res.Returns, func(x float64) bool { return x != 0 })
	switch {
	case strings.Contains(res.Score, "wins"):
		return res.Score // the game says it already (Worldwide's automaton)
	case res.Winner >= 0 && len(r.Seats) > 2:
		return fmt.Sprintf("%s, %s's side wins", res.Score, r.name(res.Winner))
	case res.Winner >= 0:
		return fmt.Sprintf("%s, %s wins", res.Score, r.name(res.Winner))
	case draw:
		return res.Score + ", a draw"
	}
	return res.Score
}

func (r *Report) name(seat engine.Seat) string {
	for _, s := range r.Seats {
		if s.Seat == seat && s.Name != "" {
			return s.Name
		}
	}
	return fmt.Sprintf("player %d", int(seat)+1)
}

// Line words decision d of the player named name for people, as the replay page lists it:
// "Move 11 · Ann: return 5 — inaccuracy, loss 0.358 ±0.187; best return 2-2-2-2".
func (d Decision) Line(name string) string {
	var b strings.Builder
	fmt.Fprintf(&b, "Move %d · %s: %s", d.Number, name, d.Played)
	if d.Forced {
		b.WriteString(" (forced)")
		return b.String()
	}
	b.WriteString(" — ")
	switch {
	case d.Mark != Good:
		b.WriteString(string(d.Mark) + ", ")
	case d.Uncertain:
		b.WriteString("close call, ")
	}
	fmt.Fprintf(&b, "loss %.3f", shown(d.Loss))
	if d.Interval > 0 {
		fmt.Fprintf(&b, " ±%.3f", d.Interval)
	}
	if d.Uncertain && d.Mark == Good {
		b.WriteString(" within the search's noise")
	}
	if d.Rechecked {
		b.WriteString(" (searched twice)")
	}
	advice := d.Advice
	if advice == "" { // a report of an older analysis
		advice = "best " + d.Best
	}
	b.WriteString("; " + advice)
	return b.String()
}
