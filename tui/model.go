package tui

import (
	"context"
	"errors"
	"fmt"
	"io"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/charmbracelet/bubbles/help"
	"github.com/charmbracelet/bubbles/key"
	"github.com/charmbracelet/bubbles/textinput"
	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/lipgloss"

	"deuce/engine"
)

// Size the interface is laid out for when the terminal has not said (and the least it needs).
const (
	defaultWidth, defaultHeight = 80, 24
	minWidth, minHeight         = 40, 12
)

type overlay int

const (
	noOverlay overlay = iota
	helpOverlay
	rulesOverlay
	hintOverlay
	logOverlay
)

// Model is the interface's state; Update and View are pure but for the commands Update returns.
type Model struct {
	// ctx is the program's lifetime: Bubble Tea commands take no context, so the model carries
	// the one the commands that wait on the table run under.
	ctx   context.Context
	table Table
	info  Info
	board Board
	st    *styles
	keys  keyMap
	help  help.Model
	input textinput.Model

	frame  Frame
	have   bool // a frame has arrived
	cursor int
	number string // digits typed to choose a move (or a point, in a replay)
	// numberFrom is the cursor before the number being typed moved it; refused reports that
	// the last number named no move, so that enter, pressed to play it, plays nothing.
	numberFrom int
	refused    bool
	typing     bool   // the notation input has the keyboard
	chatting   bool   // ... for a chat line (t), not a move
	intro      string // a lesson's introduction, shown once the screen is ready (showIntro)
	// chat is the chat lines come so far, each with the length of the log when it came, so the
	// log pane shows it in its place; at most maxChat.
	chat []chatEntry

	overlay     overlay
	overlayText []string
	scroll      int // of the board, or of the overlay when one is open

	status    string
	statusErr bool
	busy      bool // a move was sent and not yet answered
	sent      int  // the frame's Played when the move in flight was sent
	ended     bool // the table has no more frames
	err       error
	resigning bool        // R was pressed once: a second R resigns
	calling   bool        // C was pressed once: a second C calls the table off
	quitting  bool        // q was pressed once in a match played here: a second q abandons it
	ticking   bool        // a clock tick is scheduled
	curtain   bool        // hot-seat: the frame stays hidden until the person to move is at the keys
	viewer    engine.Seat // hot-seat: the person who saw the screen last
	// forced is the Seq of the frame whose only move is to be played for the person (-1 none);
	// guarded drops the keys that play a move for a moment after it was (Pauses.After), until
	// the unguardMsg of its generation guards comes.
	forced  int
	guarded bool
	guards  int
	pauses  Pauses

	width, height int
	rp            *replay
}

// Pauses are the waits around a move played for the person because it was the only one, as
// the browser's table makes them: Forced before it is played (long enough to read it, and
// a key pressed meanwhile plays it by hand), After after it, while the keys that play a move
// are dropped, so that an enter meant for the move played does not play the next one.
type Pauses struct {
	Forced, After time.Duration
}

// DefaultPauses are the browser's (web/ui/js/table.js: FORCED_PAUSE, AFTER_FORCED).
var DefaultPauses = Pauses{Forced: 900 * time.Millisecond, After: 700 * time.Millisecond}

// forcedMsg comes when the frame of Seq seq was shown Pauses.Forced ago.
type forcedMsg struct{ seq int }

// unguardMsg ends the guard of generation gen after a move played for the person (a later
// forced move's guard is not ended by an earlier one's message).
type unguardMsg struct{ gen int }

// Options configure a Model.
type Options struct {
	// Renderer decides the colours; nil uses lipgloss's default, which follows the terminal.
	Renderer *lipgloss.Renderer
	// Pauses around a move played for the person; zero values take DefaultPauses'.
	Pauses Pauses
}

// New returns the interface of table; ctx bounds the waits on the table.
func New(ctx context.Context, table Table, opts Options) (*Model, error) {
	info := table.Info()
	b, _, err := boardOf(info.Game.Name)
	if err != nil {
		return nil, err
	}
	m := newModel(ctx, info, b, opts, false)
	m.table = table
	_, m.keys.online = table.(Ender)
	if l, ok := table.(*Lesson); ok {
		m.keys.lesson = true
		// What the game is about comes first, on a page of its own (Enter closes it); the log
		// keeps it too.
		m.intro = l.Intro() + "\n\nEach step says, under the board, which move to play and why. The cursor starts on it: Enter plays it. Press Enter to begin."
	}
	return m, nil
}

func newModel(ctx context.Context, info Info, b Board, opts Options, replay bool) *Model {
	r := opts.Renderer
	if r == nil {
		r = lipgloss.DefaultRenderer()
	}
	in := textinput.New()
	in.Prompt = "move> "
	in.Placeholder = "a move in the game's notation"
	in.CharLimit = 200
	h := help.New()
	keys := newKeys(replay)
	st := newStyles(r)
	h.Styles.ShortKey, h.Styles.FullKey = st.key, st.key
	h.Styles.ShortDesc, h.Styles.FullDesc = st.dim, st.dim
	pauses := opts.Pauses
	if pauses.Forced <= 0 {
		pauses.Forced = DefaultPauses.Forced
	}
	if pauses.After <= 0 {
		pauses.After = DefaultPauses.After
	}
	return &Model{
		ctx: ctx, info: info, board: b, st: st, keys: keys, help: h, input: in,
		width: defaultWidth, height: defaultHeight, viewer: engine.Nobody, forced: -1, pauses: pauses,
	}
}

// endChat gives the input back to moves once a chat line is sent or dropped.
func (m *Model) endChat() {
	if m.chatting {
		m.chatting = false
		m.input.Prompt, m.input.Placeholder = "move> ", "a move in the game's notation"
	}
}

// abandons reports whether leaving now abandons an unfinished match for good: a match played
// here (not a server's table, which stays open, nor a replay), with a seat of one's own.
func (m *Model) abandons() bool {
	if m.keys.lesson {
		return false // a lesson starts again from its first step
	}
	_, online := m.table.(Ender)
	return !online && m.rp == nil && m.have && m.frame.Seat >= 0 && !m.frame.Result.Over && !m.ended
}

// Err is the error that stopped the table, nil when it ended normally or the person quit.
func (m *Model) Err() error { return m.err }

// Ended reports that the table had no more frames: the match was over when the interface closed.
func (m *Model) Ended() bool { return m.ended }

type (
	frameMsg  struct{ f Frame }
	nextErr   struct{ err error }
	playedMsg struct{ err error }
	tickMsg   struct{}
	hintMsg   struct {
		text string
		ok   bool
	}
)

func (m *Model) next() tea.Cmd {
	if m.table == nil {
		return nil
	}
	t, ctx := m.table, m.ctx
	return func() tea.Msg {
		f, err := t.Next(ctx)
		if err != nil {
			return nextErr{err}
		}
		return frameMsg{f}
	}
}

// Init starts waiting for the first frame.
func (m *Model) Init() tea.Cmd { return m.next() }

// Update answers one message.
func (m *Model) Update(msg tea.Msg) (tea.Model, tea.Cmd) {
	switch msg := msg.(type) {
	case tea.WindowSizeMsg:
		m.width, m.height = msg.Width, msg.Height
		m.help.Width = msg.Width
		// The input scrolls sideways in its row rather than wrapping past the status's rows.
		m.input.Width = max(msg.Width-len("move> ")-2, 10)
		m.showIntro()
		return m, nil
	case frameMsg:
		cmd := m.show(msg.f)
		if m.frame.Clock != nil && !m.ticking {
			m.ticking = true
			return m, tea.Batch(cmd, tick())
		}
		return m, cmd
	case forcedMsg:
		return m, m.playForced(msg.seq)
	case unguardMsg:
		if msg.gen == m.guards {
			m.guarded = false
			// The move played for the person is said until the guard ends; a list of moves
			// waiting since is not about it.
			if strings.HasPrefix(m.status, forcedPlayed) && len(m.frame.Legal) > 0 && m.frame.Seq != m.forced {
				m.setStatus("", false)
			}
		}
		return m, nil
	case tickMsg:
		// Redraw the running clocks each second, while there are any.
		if m.frame.Clock != nil && !m.ended {
			return m, tick()
		}
		m.ticking = false
		return m, nil
	case nextErr:
		var r Refusal
		switch {
		case errors.As(msg.err, &r):
			m.busy = false
			m.setStatus(m.named(r.Error()), true)
			return m, m.next()
		case errors.Is(msg.err, io.EOF):
			m.ended = true
			if LessonOver(m.frame) {
				m.setStatus(m.frame.Lesson+leaveHint, false)
			} else {
				m.setStatus(m.overText()+leaveHint, false)
			}
		case errors.Is(msg.err, context.Canceled):
			return m, tea.Quit
		default:
			m.ended, m.err = true, msg.err
			m.setStatus(sentence(msg.err.Error())+leaveHint, true)
		}
		return m, nil
	case playedMsg:
		if msg.err != nil {
			m.busy = false
			text := msg.err.Error()
			// Text read as no move at all: the list on screen is the answer, not the game's
			// examples, which are of any decision ("concede" offered to a server).
			if i := strings.Index(text, "not a move: "); i >= 0 {
				text = text[:i] + "not a move: choose one from the list, or type it as the list writes it."
			}
			m.setStatus(m.named(text), true)
		}
		return m, nil
	case saidMsg:
		if msg.err != nil {
			m.setStatus(m.named(msg.err.Error()), true)
		}
		return m, nil
	case hintMsg:
		m.setStatus("", false)
		text := msg.text
		if !msg.ok {
			text = "No hint now: a hint is for the player to move, at their turn."
		}
		m.openOverlay(hintOverlay, text)
		return m, nil
	case tea.KeyMsg:
		return m.key(msg)
	}
	return m, nil
}

func tick() tea.Cmd {
	return tea.Tick(time.Second, func(time.Time) tea.Msg { return tickMsg{} })
}

// A chatEntry is a chat line and where in the log it came.
type chatEntry struct {
	at   int
	text string
}

// maxChat bounds the chat lines the log pane keeps.
const maxChat = 200

// saidMsg is the end of sending a chat line.
type saidMsg struct{ err error }

// show takes a new frame.
func (m *Model) show(f Frame) tea.Cmd {
	for _, l := range f.Chat {
		m.chat = append(m.chat, chatEntry{at: len(f.Log), text: "[chat] " + l})
	}
	if len(m.chat) > maxChat {
		m.chat = append(m.chat[:0], m.chat[len(m.chat)-maxChat:]...)
	}
	if len(f.Chat) > 0 && m.have && f.Seq == m.frame.Seq && f.Played == m.frame.Played && len(f.Legal) == len(m.frame.Legal) &&
		f.Notice == m.frame.Notice && f.Result.Over == m.frame.Result.Over && !f.Fresh {
		// Only chat came: the table is as it was, and so is what the status says of it (a
		// refusal's reason stays).
		m.frame.Chat = f.Chat
		return m.next()
	}
	if !m.have || f.Seq != m.frame.Seq || f.Seat != m.frame.Seat {
		m.cursor, m.number, m.scroll, m.refused = 0, "", 0, false
		if f.Suggest != nil {
			if i := slices.IndexFunc(f.Legal, func(c Choice) bool { return c.Action == f.Suggest.Action }); i >= 0 {
				m.cursor = i
			}
		}
		if f.Lesson != "" && !m.statusErr {
			m.setStatus("", false) // the step's words, not the last one's news
		}
	}
	if m.info.Hotseat && f.Seat >= 0 && m.viewer != engine.Nobody && f.Seat != m.viewer && len(f.Legal) > 0 {
		m.curtain = true
		m.overlay = noOverlay
		m.typing = false
	}
	if f.Seat >= 0 && !m.curtain {
		m.viewer = f.Seat
	}
	// A frame the table made before it took the move in flight still offers moves: the person
	// waits for the move to count rather than play twice.
	m.busy = m.busy && f.Seat == m.frame.Seat && f.Played <= m.sent && !f.Result.Over && !f.Fresh
	if len(f.Names) == len(m.info.Names) {
		m.info.Names = f.Names
	}
	if f.Fresh && m.statusErr && m.status != "" {
		m.setStatus("", false) // the connection is open again: what broke it is past
	}
	m.frame, m.have = f, true
	m.showIntro()
	if len(f.Legal) > 0 && !m.guarded {
		m.setStatus("", false)
	}
	if f.Result.Over {
		m.setStatus(m.overText(), false)
	}
	return tea.Batch(m.next(), m.scheduleForced())
}

// quitQuestion is the status that asks before a match played here is abandoned.
const quitQuestion = "Press q again to abandon this match; any other key goes on playing."

// forcedPlayed begins the status of a move played for the person.
const forcedPlayed = "Your only move, played for you: "

// showIntro opens a lesson's introduction once the screen has its size and the first frame is
// in.
func (m *Model) showIntro() {
	if m.intro != "" && m.have && m.width > 0 {
		m.openOverlay(helpOverlay, m.intro)
		m.intro = ""
	}
}

// scheduleForced schedules the frame's only move to be played for the person, when it asks
// for one move only and none is in flight or scheduled, the screen being theirs. A lesson's
// step waits for the person, who reads why first.
func (m *Model) scheduleForced() tea.Cmd {
	f := m.frame
	if m.rp != nil || !m.have || f.Seat < 0 || len(f.Legal) != 1 || f.Result.Over || m.busy || m.curtain || m.forced == f.Seq || f.Lesson != "" {
		return nil
	}
	m.forced = f.Seq
	seq := f.Seq
	m.setStatus("Your only move: "+f.Legal[0].Text+". Playing it for you…", false)
	return tea.Tick(m.pauses.Forced, func(time.Time) tea.Msg { return forcedMsg{seq} })
}

// playForced plays the only move of the frame of Seq seq, unless the person played it already
// or the table moved on, and drops the keys that play a move for a moment. A move being typed
// is dropped, since the only move is played; a chat line being typed stays as it is, for the
// person to send (it never becomes a move).
func (m *Model) playForced(seq int) tea.Cmd {
	f := m.frame
	if f.Seq != seq || len(f.Legal) != 1 || f.Result.Over || m.busy || m.curtain || m.ended {
		return nil
	}
	if !m.chatting {
		m.typing = false
		m.input.Blur()
	}
	m.number, m.refused = "", false
	cmd := m.play(Move{Action: f.Legal[0].Action})
	m.setStatus(forcedPlayed+f.Legal[0].Text+".", false)
	m.guarded = true
	m.guards++
	gen := m.guards
	return tea.Batch(cmd, tea.Tick(m.pauses.After, func(time.Time) tea.Msg { return unguardMsg{gen} }))
}

func (m *Model) setStatus(s string, isErr bool) { m.status, m.statusErr = s, isErr }

// overText says how the match ended.
func (m *Model) overText() string {
	you := m.frame.Seat
	if m.info.Hotseat {
		you = engine.Spectator
	}
	res := m.frame.Result
	res.Score = m.scoreText()
	return endText(res, m.frame.Ended, you, m.name)
}

// EndText says how a match ended, in sentences, to you (a seat, or engine.Spectator), naming
// seats by name: the line prompt's end line for a match ended without a result.
func EndText(res engine.Result, ended string, you engine.Seat, name func(engine.Seat) string) string {
	return endText(res, ended, you, name)
}

// endText says how a match ended, in sentences, to you (a seat, or engine.Spectator): its
// result, with why it ended before it was played out (ended: "resigned", ...) and who did.
func endText(res engine.Result, ended string, you engine.Seat, name func(engine.Seat) string) string {
	if ended == "cancelled" {
		return "The table was called off before every player came."
	}
	// An abandoned table (expired, ...) is over without a result: no returns, no winner.
	if !res.Over || ended != "" && len(res.Returns) == 0 {
		if ended != "" {
			return fmt.Sprintf("The match was abandoned (%s). Score: %s", ended, res.Score)
		}
		return "The match was not finished."
	}
	why := ""
	if loser := loserOf(res); ended != "" && loser >= 0 {
		who := capitalName(name(loser))
		if loser == you {
			who = "You"
		}
		switch ended {
		case "resigned":
			why = who + " resigned. "
		case "claimed":
			why = who + " left the table, and the win was claimed. "
		case "time":
			why = who + " ran out of time. "
		default:
			why = fmt.Sprintf("The match ended (%s). ", ended)
		}
	}
	score := namedScore(res, you, name)
	switch {
	case len(res.Returns) == 1 && res.Returns[0] > 0:
		return why + "You win! " + score
	case len(res.Returns) == 1:
		return why + "You lose. " + score
	case res.Winner == engine.Nobody:
		return why + "A draw. " + score
	case res.Winner == you:
		return why + "You win! " + score
	}
	return fmt.Sprintf("%s%s wins. %s", why, capitalName(name(res.Winner)), score)
}

// winnerSaid is the start of a score that names its winner, as the bidding game's does ("player
// 1 wins: ball beyond player 2's field"): endText has said who won already.
var winnerSaid = regexp.MustCompile(`^[Pp]layer \d+ wins: `)

// namedScore is res's score as endText says it: the players named as name names them, and
// without the winner it has said already.
func namedScore(res engine.Result, you engine.Seat, name func(engine.Seat) string) string {
	score := res.Score
	if res.Winner != engine.Nobody {
		score = winnerSaid.ReplaceAllString(score, "")
	}
	names := make([]string, len(res.Returns))
	for i := range names {
		names[i] = name(engine.Seat(i))
	}
	score = WithNames(score, names, you)
	if res.Winner != engine.Nobody {
		// A score named already (a server's, said to its seat): "easy bot wins: ", "you win: ".
		for _, said := range []string{name(res.Winner) + " wins: ", "you win: "} {
			if len(score) > len(said) && strings.EqualFold(score[:len(said)], said) {
				score = score[len(said):]
				break
			}
		}
	}
	if score != res.Score && score != "" {
		score = capital(score)
	}
	return score
}

// loserOf is the first seat of the side that lost, or engine.Nobody.
func loserOf(res engine.Result) engine.Seat {
	for i, r := range res.Returns {
		if r < 0 {
			return engine.Seat(i)
		}
	}
	return engine.Nobody
}

// named says "player N" in text as the board does: the seat's name, "you" for the viewer's
// own ("you are to serve", not "player 1 is to serve").
func (m *Model) named(text string) string {
	names := make([]string, len(m.info.Names))
	for i := range names {
		names[i] = m.info.Names[i]
		if engine.Seat(i) == m.frame.Seat {
			names[i] = "you"
		}
	}
	return WithNames(text, names, m.frame.Seat)
}

func (m *Model) name(seat engine.Seat) string {
	if seat >= 0 && int(seat) < len(m.info.Names) {
		return m.info.Names[seat]
	}
	return engine.PlayerName(seat, engine.Spectator)
}

// defaultName matches the names nobody chose, which a sentence may capitalise: "you", a seat no
// one named ("player 2", or a replay's "player 2 (Bob)") and a bot's ("easy bot", "heuristic
// bot 2").
var defaultName = regexp.MustCompile(`^(you|player \d+( \(.*\))?|.* bot( \d+)?)$`)

// capitalName begins a sentence with a seat's name: a name a person chose keeps its case
// ("ann_b wins"), as in the browser; the others are capitalised ("Easy bot wins").
func capitalName(s string) string {
	if defaultName.MatchString(s) {
		return capital(s)
	}
	return s
}

func capital(s string) string {
	if s == "" {
		return s
	}
	return strings.ToUpper(s[:1]) + s[1:]
}

// reflow joins the lines of text's paragraphs, broken for a wider page, so that the overlay
// wraps them to the terminal's width without a stub every other line. A line indented deeper
// than the line that began its block continues it ("  - item" then "    more"); a line at the
// same indent (a list's next item, a table's next row) or after a blank line starts anew.
func reflow(text string) string {
	lines := strings.Split(text, "\n")
	var out []string
	start := 0 // the indent of the line that began the block now being joined
	for i, l := range lines {
		trimmed := strings.TrimLeft(l, " ")
		indent := len(l) - len(trimmed)
		joins := i > 0 && trimmed != "" && strings.TrimSpace(lines[i-1]) != "" && !listItem.MatchString(trimmed) &&
			(indent == 0 && start == 0 || indent > start)
		if !joins {
			out = append(out, l)
			start = indent
			continue
		}
		out[len(out)-1] += " " + strings.TrimSpace(l)
	}
	return strings.Join(out, "\n")
}

var listItem = regexp.MustCompile(`^([-*•]|\d+[.)]) `)

func (m *Model) openOverlay(o overlay, text string) {
	m.overlay, m.scroll = o, 0
	m.overlayText = nil
	for _, para := range strings.Split(text, "\n") {
		m.overlayText = append(m.overlayText, wrap(para, m.width-2)...)
	}
}

func (m *Model) key(msg tea.KeyMsg) (tea.Model, tea.Cmd) {
	if msg.String() == "ctrl+c" {
		return m, tea.Quit
	}
	if m.curtain {
		if msg.Type == tea.KeyEnter {
			m.curtain = false
			m.viewer = m.frame.Seat
			return m, tea.Batch(tea.ClearScreen, m.scheduleForced())
		}
		quitting := m.quitting
		m.quitting = false
		if key.Matches(msg, m.keys.Quit) && (quitting || !m.abandons()) {
			return m, tea.Quit
		}
		// q asks first here as at the table: leaving abandons the match.
		m.quitting = key.Matches(msg, m.keys.Quit)
		return m, nil
	}
	if m.typing {
		return m.typed(msg)
	}
	if m.overlay == noOverlay && m.rp == nil && msg.Type == tea.KeyRunes && len(msg.Runes) > 1 && (msg.Runes[0] == '/' || msg.Runes[0] == ':') {
		// "/" and what follows it in one read (typed fast, or pasted): the rest is the
		// start of the move typed, not keys of their own (a space in it would play the move
		// under the cursor).
		if len(m.frame.Legal) == 0 {
			m.setStatus(m.waitingText(), false)
			return m, nil
		}
		m.endChat()
		m.typing = true
		m.input.SetValue(strings.TrimLeft(string(msg.Runes[1:]), " "))
		m.input.CursorEnd()
		return m, m.input.Focus()
	}
	if msg.Type == tea.KeyRunes && len(msg.Runes) > 1 && !msg.Paste && !msg.Alt && !isDigits(msg) {
		// Keys read together (typed fast, or over a slow link: "qq") are each a key; a
		// number's digits stay one number.
		var cmds []tea.Cmd
		for _, r := range msg.Runes {
			_, cmd := m.key(tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune{r}})
			cmds = append(cmds, cmd)
		}
		return m, tea.Batch(cmds...)
	}
	if m.overlay != noOverlay {
		switch {
		case key.Matches(msg, m.keys.Back), key.Matches(msg, m.keys.Quit), msg.Type == tea.KeyEnter, key.Matches(msg, m.keys.Help) && m.overlay == helpOverlay,
			key.Matches(msg, m.keys.Rules) && m.overlay == rulesOverlay, key.Matches(msg, m.keys.Log) && m.overlay == logOverlay:
			m.overlay, m.scroll = noOverlay, 0
		case key.Matches(msg, m.keys.Up):
			m.scroll--
		case key.Matches(msg, m.keys.Down):
			m.scroll++
		case key.Matches(msg, m.keys.PageUp):
			m.scroll -= m.pageSize()
		case key.Matches(msg, m.keys.PageDown):
			m.scroll += m.pageSize()
		}
		m.scroll = max(0, min(m.scroll, len(m.overlayText)-m.pageSize()))
		return m, nil
	}
	quitting := m.quitting
	m.quitting = false
	if quitting && !key.Matches(msg, m.keys.Quit) && m.status == quitQuestion {
		m.setStatus("", false) // the question is taken back
	}
	switch {
	case key.Matches(msg, m.keys.Quit) && m.abandons() && !quitting && msg.String() != "ctrl+c":
		// Leaving a match played here ends it for good, unlike leaving a server's table, which
		// the seat link joins again: q asks first.
		m.quitting = true
		m.setStatus(quitQuestion, true)
		return m, nil
	case key.Matches(msg, m.keys.Quit):
		return m, tea.Quit
	case key.Matches(msg, m.keys.Help):
		m.openOverlay(helpOverlay, m.helpText())
		return m, nil
	case key.Matches(msg, m.keys.Rules):
		m.openOverlay(rulesOverlay, m.info.Game.Title+"\n\n"+reflow(m.info.Game.Rules))
		return m, nil
	case key.Matches(msg, m.keys.Log):
		text := strings.Join(m.logLines(), "\n")
		if text == "" {
			text = "Nothing has happened yet."
		}
		m.openOverlay(logOverlay, text)
		m.scroll = max(0, len(m.overlayText)-m.pageSize())
		return m, nil
	case key.Matches(msg, m.keys.Say) && m.rp == nil:
		if _, ok := m.table.(Sayer); !ok {
			m.setStatus("This table has no chat.", true)
			return m, nil
		}
		m.typing, m.chatting = true, true
		m.input.Prompt, m.input.Placeholder = "say> ", "a line for the table's chat; Enter sends it, Esc drops it"
		m.input.SetValue("")
		return m, m.input.Focus()
	case key.Matches(msg, m.keys.PageUp):
		m.scroll = max(0, m.scroll-m.boardHeight()+1)
		return m, nil
	case key.Matches(msg, m.keys.PageDown):
		m.scroll += m.boardHeight() - 1
		return m, nil
	}
	if m.rp != nil {
		return m.replayKey(msg)
	}
	legal := m.frame.Legal
	if e, ok := m.table.(Ender); ok && m.frame.Seat >= 0 && !m.frame.Result.Over && !m.ended {
		resigning, calling := m.resigning, m.calling
		m.resigning, m.calling = false, false
		kind := ""
		switch {
		case key.Matches(msg, m.keys.Resign) && resigning:
			kind = "resign"
		case key.Matches(msg, m.keys.Resign):
			m.resigning = true
			m.setStatus("Press R again to resign this match; any other key goes on playing.", true)
			return m, nil
		case key.Matches(msg, m.keys.Claim):
			kind = "claim"
		case key.Matches(msg, m.keys.Bot):
			kind = "bot"
		case key.Matches(msg, m.keys.Cancel) && calling:
			kind = "cancel"
		case key.Matches(msg, m.keys.Cancel) && !m.frame.Open:
			// Asked first, it would only be refused: every player has come.
			m.setStatus("Every player has taken a seat, so the table can no longer be called off: resign instead (R).", true)
			return m, nil
		case key.Matches(msg, m.keys.Cancel):
			m.calling = true
			m.setStatus("Press C again to call this table off; any other key goes on waiting.", true)
			return m, nil
		}
		if kind != "" {
			ctx := m.ctx
			m.setStatus("", false)
			return m, func() tea.Msg { return playedMsg{e.End(ctx, kind)} }
		}
	}
	switch {
	case key.Matches(msg, m.keys.Hint) && m.keys.lesson:
		m.setStatus("A lesson has no hints: each step says, under the board, what to play and why.", false)
		return m, nil
	case key.Matches(msg, m.keys.Hint):
		h, ok := m.table.(Hinter)
		if !ok || len(legal) == 0 {
			return m, func() tea.Msg { return hintMsg{} }
		}
		ctx, seat := m.ctx, m.frame.Seat
		m.setStatus("Thinking of a hint…", false)
		return m, func() tea.Msg { t, ok := h.Hint(ctx, seat); return hintMsg{t, ok} }
	case key.Matches(msg, m.keys.Up):
		if m.cursor > 0 {
			m.cursor--
		}
		m.number = ""
	case key.Matches(msg, m.keys.Down):
		if m.cursor < len(legal)-1 {
			m.cursor++
		}
		m.number = ""
	case isDigits(msg) && len(legal) == 0:
		// No move to number: say why (the match is over, or whom the table waits for).
		m.number = ""
		m.setStatus(m.waitingText(), false)
		return m, nil
	case isDigits(msg):
		if m.number == "" {
			m.numberFrom = m.cursor
		}
		m.number = strings.TrimLeft(m.number+msg.String(), "0")
		if n, _ := strconv.Atoi(m.number); n >= 1 && n <= len(legal) {
			m.cursor = n - 1
			m.setStatus("", false)
		} else if m.number != "" {
			// The number's first digits moved the cursor: it goes back, and the enter meant
			// for the number plays nothing.
			m.setStatus(fmt.Sprintf("There is no move %s: choose 1 to %d.", m.number, len(legal)), true)
			m.cursor = min(m.numberFrom, max(len(legal)-1, 0))
			m.number = ""
			m.refused = true
			return m, nil
		}
	case m.editNumber(msg):
	case key.Matches(msg, m.keys.Type):
		if len(legal) == 0 {
			m.setStatus(m.waitingText(), false)
			return m, nil
		}
		m.endChat()
		m.typing = true
		m.input.SetValue("")
		return m, m.input.Focus()
	case m.guarded && key.Matches(msg, m.keys.Play):
		// Meant for the move just played for the person: dropped (Pauses).
		return m, nil
	case key.Matches(msg, m.keys.Play):
		if len(legal) == 0 || m.busy {
			switch {
			case m.frame.Seat == engine.Spectator && !m.frame.Result.Over:
				m.setStatus("You are watching: spectators do not move. "+m.waitingText(), false)
			case !m.busy:
				m.setStatus(m.waitingText(), false)
			}
			return m, nil
		}
		if m.refused {
			m.refused = false
			m.setStatus("Nothing played: that number names no move. Choose one and press enter again.", true)
			return m, nil
		}
		m.number = ""
		return m, m.play(Move{Action: legal[m.cursor].Action})
	}
	m.refused = false
	return m, nil
}

// isDigits reports a key of digits only: one digit, or several typed faster than the terminal
// reports them one by one (or pasted).
func isDigits(msg tea.KeyMsg) bool {
	if msg.Type != tea.KeyRunes || msg.Alt || len(msg.Runes) == 0 {
		return false
	}
	for _, r := range msg.Runes {
		if r < '0' || r > '9' {
			return false
		}
	}
	return true
}

// editNumber answers backspace and esc while a number is typed, and reports whether it did.
func (m *Model) editNumber(msg tea.KeyMsg) bool {
	switch {
	case msg.Type == tea.KeyBackspace:
		if m.number != "" {
			m.number = m.number[:len(m.number)-1]
		}
	case key.Matches(msg, m.keys.Back):
		m.number = ""
		m.setStatus("", false)
	default:
		return false
	}
	return true
}

// typed answers a key while the notation input has the keyboard.
func (m *Model) typed(msg tea.KeyMsg) (tea.Model, tea.Cmd) {
	switch msg.Type {
	case tea.KeyEsc:
		m.typing = false
		m.endChat()
		m.input.Blur()
		return m, nil
	case tea.KeyEnter:
		text := strings.TrimSpace(m.input.Value())
		m.typing = false
		m.input.Blur()
		if m.chatting {
			m.endChat()
			sayer, ok := m.table.(Sayer)
			if text == "" || !ok {
				return m, nil
			}
			ctx := m.ctx
			return m, func() tea.Msg { return saidMsg{sayer.Say(ctx, text)} }
		}
		if text == "" || len(m.frame.Legal) == 0 || m.busy {
			return m, nil
		}
		switch found := Completions(text, m.frame.Legal); {
		case len(found) == 1:
			return m, m.play(Move{Action: found[0].Action})
		case len(found) > 1:
			m.setStatus(Ambiguous(text, found), true)
			return m, nil
		}
		return m, m.play(Move{Text: text})
	}
	var cmd tea.Cmd
	m.input, cmd = m.input.Update(msg)
	return m, cmd
}

func (m *Model) play(mv Move) tea.Cmd {
	m.busy, m.sent = true, m.frame.Played
	m.setStatus("", false)
	t, ctx, seq := m.table, m.ctx, m.frame.Seq
	return func() tea.Msg { return playedMsg{t.Play(ctx, seq, mv)} }
}

// waitingText says whom the table waits for.
func (m *Model) waitingText() string {
	f := m.frame
	switch {
	case !m.have:
		return "Waiting for the table…"
	case LessonOver(f):
		return f.Lesson + leaveHint
	case m.ended:
		return m.overText() + leaveHint
	case f.Result.Over:
		return m.overText()
	case f.ToMove == engine.Chance:
		return "Waiting for the cards and dice…"
	case f.Open && f.Clock != nil && f.Seat >= 0 && len(f.Legal) == 0 && (f.ToMove == f.Seat || slices.Contains(f.Pending, f.Seat)):
		// The seat owes a move and is offered none: a timed table waiting for a player, whose
		// clocks start together (web/PROTOCOL.md, "Table lifecycle").
		return "You move first once every player has come: the clocks start together."
	}
	var who []string
	for _, s := range f.Pending {
		if s != f.Seat {
			who = append(who, m.name(s))
		}
	}
	if len(who) == 0 {
		who = append(who, m.name(f.ToMove))
	}
	return "Waiting for " + strings.Join(who, " and ") + "…"
}

func (m *Model) helpText() string {
	var b strings.Builder
	if m.rp != nil {
		b.WriteString("Step through the match with the arrow keys, a point at a time with [ and ], or type a point's number and press Enter to go to it. Every hand is shown.\n\n")
	} else {
		b.WriteString("Choose a move with the arrow keys and press Enter (or space), or type its number and press Enter, or press / and type the move itself as the list writes it (its beginning is enough when no other move begins so: \"conc\" for \"concede\").\n\n")
	}
	for _, col := range m.keys.FullHelp() {
		for _, k := range col {
			fmt.Fprintf(&b, "  %-10s %s\n", k.Help().Key, k.Help().Desc)
		}
	}
	b.WriteString("\nThe rules: press r here, or run deuce rules " + m.info.Game.Name + ".")
	return b.String()
}

// logLines is the log as shown: runs of alike lines compacted.
func (m *Model) logLines() []string {
	if m.rp != nil {
		return Compact(m.rp.lines[:m.rp.at])
	}
	lines := make([]string, len(m.frame.Log))
	for i, l := range m.frame.Log {
		lines[i] = WithNames(l, m.info.Names, m.frame.Seat)
	}
	// Chat lines in their places, each run of the log between them compacted on its own.
	var out []string
	from := 0
	for _, c := range m.chat {
		at := min(max(c.at, from), len(lines))
		out = append(append(out, Compact(lines[from:at])...), c.text)
		from = at
	}
	return append(out, Compact(lines[from:])...)
}
