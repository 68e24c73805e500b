package tui

import (
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/charmbracelet/lipgloss"
	"github.com/charmbracelet/x/ansi"

	"deuce/engine"
	"deuce/games"
)

// View draws the interface: a title line, the board, the moves beside the log, a status line
// and the keys. It fits the terminal's size, 80x24 and up.
func (m *Model) View() string {
	w, h := m.width, m.height
	if w < minWidth || h < minHeight {
		return fmt.Sprintf("deuce needs a terminal of at least %dx%d; this one is %dx%d.", minWidth, minHeight, w, h)
	}
	right := m.titleRight()
	left := pad(m.titleLeft(), max(w-len([]rune(right)), 0))
	lines := []string{m.st.title.Render(pad(left+right, w))}
	if m.curtain {
		body := []string{"", "", fmt.Sprintf("  Pass the device to %s, then press Enter.", m.name(m.frame.Seat)),
			"", m.st.dim.Render("  (The screen stays blank until then, so no one sees another's hand.)")}
		if m.quitting {
			body = append(body, "", "  Press q again to abandon this match; any other key goes on.")
		}
		lines = append(lines, fit(body, w, h-2)...)
		lines = append(lines, pad(m.st.dim.Render("enter show my hand · q quit"), w))
		return strings.Join(lines, "\n")
	}
	status := m.statusLines(w)
	body := h - 2 - len(status)
	if m.overlay != noOverlay {
		text := m.overlayText[min(m.scroll, len(m.overlayText)):]
		lines = append(lines, fit(indent(append([]string(nil), text...), " "), w, body)...)
		if len(text) > body {
			lines[len(lines)-1] = pad(m.st.dim.Render(" ↓ more: ↓ or pgdn"), w)
		}
	} else {
		bh := m.boardHeight()
		lines = append(lines, m.boardLines(w, bh)...)
		lines = append(lines, m.bottomLines(w, body-bh)...)
	}
	for _, l := range status {
		lines = append(lines, pad(l, w))
	}
	m.keys.watching = m.have && m.frame.Seat == engine.Spectator && m.rp == nil
	m.keys.over = m.have && (m.frame.Result.Over || m.ended) && m.rp == nil
	if m.overlay != noOverlay {
		// The keys of the page shown, not of the table under it.
		lines = append(lines, pad(m.st.dim.Render("↑↓ scroll • esc, enter or q: back to the table"), w))
		return strings.Join(lines, "\n")
	}
	lines = append(lines, pad(m.help.ShortHelpView(m.keys.ShortHelp()), w))
	return strings.Join(lines, "\n")
}

// boardHeight is the rows the board gets: what it needs, leaving the moves and log panes at
// least six rows (their header included) and at most half the screen.
func (m *Model) boardHeight() int {
	body := m.height - 3
	need := len(m.drawBoard(m.width, false))
	if need > body-6 {
		need = len(m.drawBoard(m.width, true))
	}
	return max(body-max(6, min(13, body/2)), min(need, body-6))
}

// drawBoard is the whole board, before it is cut to its pane; compact draws the cards one line
// high.
func (m *Model) drawBoard(w int, compact bool) []string {
	if !m.have {
		return []string{"", "  Waiting for the table…"}
	}
	d := &drawing{st: m.st, names: m.info.Names, width: w - 1, compact: compact}
	if m.rp != nil {
		d.names = m.rp.names
	}
	lines := m.board.Draw(d, m.frame.View)
	if m.rp != nil {
		lines = append(lines, m.rp.hands(d)...)
	} else {
		// The games' own text says "player 2" ("To move: player 2", "won by player 1"): the
		// board speaks of the names it shows everywhere else.
		for i, l := range lines {
			lines[i] = withNamesAligned(l, m.info.Names, m.frame.Seat)
		}
	}
	return indent(lines, " ")
}

// pageSize is the rows an overlay shows at once.
func (m *Model) pageSize() int { return m.height - 2 - len(m.statusLines(m.width)) }

func (m *Model) titleLeft() string {
	t := " deuce · "
	if m.rp != nil {
		t = " deuce replay · "
	}
	t += m.info.Game.Title
	if o := games.BriefOptions(m.info.Game, m.info.Options, len(m.info.Names)); o != "" {
		// "Tennis (paper and pencil) (standard)" read as a slip: a title ending in its own
		// brackets takes the options after a comma.
		if strings.HasSuffix(m.info.Game.Title, ")") {
			t = strings.TrimSuffix(t, ")") + ", " + o + ")"
		} else {
			t += " (" + o + ")"
		}
	}
	if m.info.Where != "" {
		t += " · " + m.info.Where
	}
	return t
}

// Score is the latest frame's score as the title shows it, with the table's names: what a
// command prints once the interface has closed.
func (m *Model) Score() string { return m.scoreText() }

// scoreText is the frame's score, with the names the table shows for "player N".
func (m *Model) scoreText() string {
	if m.rp != nil {
		return m.frame.Result.Score
	}
	return WithNames(m.frame.Result.Score, m.info.Names, m.frame.Seat)
}

// titleRight is the score and the clocks, at the title's right end.
func (m *Model) titleRight() string {
	t := ""
	if m.have && m.frame.Result.Score != "" {
		t += " " + m.scoreText() + " "
	}
	if c := m.frame.Clock; c != nil && m.have {
		t += "· " + ClocksText(c, m.name, time.Now(), false) + " "
	}
	return t
}

// ClocksText shows each seat's time at now, named by name: "you 4:57 dora 5:00", or with
// marked, "you 4:57 (running), dora 5:00" (the line prompt's, which is read rather than
// watched).
func ClocksText(c *Clock, name func(engine.Seat) string, now time.Time, marked bool) string {
	var parts []string
	for i := range c.Left {
		seat := engine.Seat(i)
		part := fmt.Sprintf("%s %s", name(seat), clockText(c.LeftAt(seat, now)))
		if marked && slices.Contains(c.Running, seat) {
			part += " (running)"
		}
		parts = append(parts, part)
	}
	if marked {
		return strings.Join(parts, ", ")
	}
	return strings.Join(parts, " ")
}

// clockText shows a time left as a chess clock does: 4:05, 0:09, or days and hours.
func clockText(d time.Duration) string {
	if d <= 0 {
		return "0:00"
	}
	if d >= 24*time.Hour {
		return fmt.Sprintf("%dd%dh", int(d.Hours())/24, int(d.Hours())%24)
	}
	if d >= time.Hour {
		return fmt.Sprintf("%d:%02d:%02d", int(d.Hours()), int(d.Minutes())%60, int(d.Seconds())%60)
	}
	return fmt.Sprintf("%d:%02d", int(d.Minutes()), int(d.Seconds())%60)
}

func (m *Model) boardLines(w, h int) []string {
	lines := m.drawBoard(w, false)
	if len(lines) > h {
		lines = m.drawBoard(w, true)
	}
	m.scroll = max(0, min(m.scroll, len(lines)-h))
	lines = lines[m.scroll:]
	out := fit(lines, w, h)
	if len(lines) > h {
		out[h-1] = pad(m.st.dim.Render(" ↓ more: pgdn"), w)
	}
	if m.scroll > 0 {
		out[0] = pad(m.st.dim.Render(" ↑ more: pgup"), w)
	}
	return out
}

// bottomLines draws the moves (or, in a replay, where the replay stands) beside the log.
func (m *Model) bottomLines(w, h int) []string {
	// The moves pane is as wide as the longest move needs, within a quarter and three fifths.
	left := 24
	for _, c := range m.frame.Legal {
		left = max(left, len([]rune(c.Text))+7)
	}
	left = max(w/4, min(left, w*3/5))
	right := w - left - 1
	var moves []string
	var title string
	if m.rp != nil {
		title, moves = m.rp.panel(m)
	} else {
		title, moves = m.movesPane(h - 1)
	}
	logTitle := "Log"
	var log []string
	for _, l := range m.logLines() {
		log = append(log, wrap(l, right)...)
	}
	if len(log) > h-1 {
		log = log[len(log)-(h-1):]
	}
	rule := func(title string, width int) string {
		title = trimTo(title, max(width-5, 1))
		return m.st.dim.Render("── ") + m.st.bold.Render(title) + " " + m.st.dim.Render(strings.Repeat("─", max(width-4-len([]rune(title)), 0)))
	}
	out := []string{rule(title, left) + m.st.dim.Render("┬") + rule(logTitle, right)}
	ml := fit(moves, left, h-1)
	ll := fit(log, right, h-1)
	for i := range h - 1 {
		out = append(out, ml[i]+m.st.dim.Render("│")+ll[i])
	}
	return out
}

// movesPane lists the legal moves around the cursor, or says what the table waits for.
func (m *Model) movesPane(h int) (string, []string) {
	f := m.frame
	if !m.have || len(f.Legal) == 0 || m.ended {
		title := "Moves"
		text := m.waitingText()
		switch {
		case LessonOver(f):
			title, text = "Lesson over", "Press q to leave."
		case f.Result.Over || m.ended:
			title = "Match over"
		}
		return title, []string{" " + text}
	}
	title := fmt.Sprintf("Your moves (%d)", len(f.Legal))
	if m.info.Hotseat {
		title = fmt.Sprintf("%s: %d moves", capitalName(m.name(f.Seat)), len(f.Legal))
	}
	first := max(0, min(m.cursor-h/2, len(f.Legal)-h))
	var out []string
	for i := first; i < len(f.Legal) && len(out) < h; i++ {
		line := fmt.Sprintf(" %2d. %s", i+1, f.Legal[i].Text)
		if i == m.cursor {
			line = m.st.cursor.Render(fmt.Sprintf("▸%2d. %s", i+1, f.Legal[i].Text))
		}
		out = append(out, line)
	}
	return title, out
}

// leaveHint ends the status once a match is over; the keys line below says "q quit" too, so it
// gives way first when the status is wider than the screen.
const leaveHint = " Press q to leave."

// statusRows is the most rows the status takes: a longer one is cut.
const statusRows = 2

// statusLines is the status wrapped to the screen's width, in one row or, where it needs them,
// up to statusRows (a Worldwide shot's odds, an AlakaSLAM move's note), so that it is read
// whole rather than cut at the edge; the board gives up the rows.
func (m *Model) statusLines(w int) []string {
	text := m.statusLine(w)
	if ansi.StringWidth(text) <= w || m.height < 16 {
		return []string{text}
	}
	rows := statusRows
	if m.frame.Lesson != "" {
		rows = lessonRows // a lesson's step is the point of its screen
	}
	lines := strings.Split(ansi.Wrap(text, max(w-1, 10), ""), "\n")
	return lines[:min(len(lines), rows)]
}

// lessonRows is the most rows a lesson's status takes (Lesson): its step's explanation.
const lessonRows = 5

func (m *Model) statusLine(w int) string {
	status := m.status
	if lipgloss.Width(status) > w {
		status = strings.TrimSuffix(status, leaveHint)
	}
	switch {
	case m.typing:
		return m.input.View()
	case m.number != "":
		if m.rp != nil {
			return fmt.Sprintf("point %s: Enter goes there, Esc cancels", m.number)
		}
		return fmt.Sprintf("move %s: %s — Enter plays it", m.number, m.frame.Legal[m.cursor].Text)
	case status != "" && m.statusErr:
		return m.st.err.Render(status)
	case status != "":
		return m.st.ok.Render(status)
	case m.busy:
		return "Your move is sent; waiting for the table…"
	case m.frame.Notice != "":
		return m.st.err.Render(m.frame.Notice)
	case m.rp != nil:
		return ""
	case m.have && m.frame.Lesson != "" && (len(m.frame.Legal) > 0 || LessonOver(m.frame)):
		return m.st.ok.Render(m.frame.Lesson)
	case m.have && len(m.frame.Legal) > 0:
		// A move whose notation says too little (an AlakaSLAM character, a Love Means Nothing
		// card) is explained while the cursor is on it.
		if m.cursor < len(m.frame.Legal) {
			if text := m.frame.Legal[m.cursor].Text; games.DescribeMove(m.info.Game, text) != "" {
				return fmt.Sprintf("%s: %s", text, games.DescribeMove(m.info.Game, text))
			}
		}
		if m.info.Hotseat {
			return fmt.Sprintf("%s to move: choose with ↑↓ and Enter.", capitalName(m.name(m.frame.Seat)))
		}
		return "Your move: choose with ↑↓ and Enter, a number, or / to type it."
	}
	if m.have && m.frame.Seat == engine.Spectator && m.rp == nil {
		return "Watching. " + m.waitingText()
	}
	return m.waitingText()
}
