package tui

import (
	"strings"

	"github.com/charmbracelet/lipgloss"
	"github.com/charmbracelet/x/ansi"
)

// styles are the interface's colours. They come from a lipgloss renderer, which finds what the
// terminal can show: on a terminal without colours every style renders as plain text.
type styles struct {
	title, dim, bold, err, ok, cursor, key lipgloss.Style
	red, blue, orange, green               lipgloss.Style
	card, back                             lipgloss.Style
}

func newStyles(r *lipgloss.Renderer) *styles {
	c := func(light, dark string) lipgloss.Style {
		return r.NewStyle().Foreground(lipgloss.AdaptiveColor{Light: light, Dark: dark})
	}
	return &styles{
		title:  r.NewStyle().Bold(true).Reverse(true),
		dim:    c("245", "243"),
		bold:   r.NewStyle().Bold(true),
		err:    c("160", "203").Bold(true),
		ok:     c("28", "114"),
		cursor: r.NewStyle().Reverse(true),
		key:    c("25", "111").Bold(true),
		red:    c("160", "203"),
		blue:   c("25", "111"),
		orange: c("166", "215"),
		green:  c("28", "114"),
		card:   r.NewStyle(),
		back:   c("245", "243"),
	}
}

// colour returns the style of a card colour name ("red", "blue", "orange"), plain otherwise.
func (st *styles) colour(name string) lipgloss.Style {
	switch name {
	case "red":
		return st.red
	case "blue":
		return st.blue
	case "orange":
		return st.orange
	case "green":
		return st.green
	}
	return st.card
}

// cards draws labels as a row of cards, three lines high, wrapping to more rows at width.
// style colours each card.
func cards(labels []string, width int, style func(i int) lipgloss.Style) []string {
	var out []string
	var top, mid, bot strings.Builder
	used := 0
	flush := func() {
		if used > 0 {
			out = append(out, top.String(), mid.String(), bot.String())
		}
		top.Reset()
		mid.Reset()
		bot.Reset()
		used = 0
	}
	for i, l := range labels {
		w := ansi.StringWidth(l) + 2
		if used > 0 && used+w > width {
			flush()
		}
		s := style(i)
		top.WriteString(s.Render("╭" + strings.Repeat("─", w-2) + "╮"))
		mid.WriteString(s.Render("│" + l + "│"))
		bot.WriteString(s.Render("╰" + strings.Repeat("─", w-2) + "╯"))
		used += w
	}
	flush()
	return out
}

// fit cuts or pads every line to exactly width columns, and the list to exactly height lines.
func fit(lines []string, width, height int) []string {
	out := make([]string, height)
	for i := range out {
		l := ""
		if i < len(lines) {
			l = lines[i]
		}
		out[i] = pad(l, width)
	}
	return out
}

// pad cuts or pads one line to exactly width columns.
func pad(l string, width int) string {
	if ansi.StringWidth(l) > width {
		return ansi.Truncate(l, width, "…")
	}
	return l + strings.Repeat(" ", width-ansi.StringWidth(l))
}

// Wrap breaks text into lines of at most width columns (at least 10), at spaces where it can.
func Wrap(text string, width int) []string { return wrap(text, width) }

// wrap breaks text into lines of at most width columns.
func wrap(text string, width int) []string {
	if width < 10 {
		width = 10
	}
	return strings.Split(ansi.Wrap(text, width, ""), "\n")
}
