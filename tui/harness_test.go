package tui

import (
	"context"
	"flag"
	"io"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/lipgloss"
	"github.com/charmbracelet/x/ansi"
	"github.com/muesli/termenv"

	"deuce/bot"
	"deuce/engine"
	"deuce/games"
)

var update = flag.Bool("update", false, "rewrite the golden frames in testdata")

// plain is a renderer without colours, so frames compare as text.
func plain() *lipgloss.Renderer {
	r := lipgloss.NewRenderer(io.Discard)
	r.SetColorProfile(termenv.Ascii)
	return r
}

// harness drives a Model as Bubble Tea would: it runs the commands Update returns and feeds their
// messages back, so a test presses keys and reads frames like a person.
type harness struct {
	t    *testing.T
	m    *Model
	msgs chan tea.Msg
	quit bool
}

func newHarness(t *testing.T, m *Model) *harness {
	t.Helper()
	h := &harness{t: t, m: m, msgs: make(chan tea.Msg, 64)}
	h.update(tea.WindowSizeMsg{Width: 80, Height: 24})
	h.run(m.Init())
	return h
}

func (h *harness) run(cmd tea.Cmd) {
	if cmd == nil {
		return
	}
	go func() {
		if msg := cmd(); msg != nil {
			h.msgs <- msg
		}
	}()
}

func (h *harness) update(msg tea.Msg) {
	switch msg := msg.(type) {
	case tea.BatchMsg:
		for _, c := range msg {
			h.run(c)
		}
		return
	case tea.QuitMsg:
		h.quit = true
		return
	}
	_, cmd := h.m.Update(msg)
	h.run(cmd)
}

// press sends keys: a name Bubble Tea gives a key ("enter", "down", "esc") or text typed.
func (h *harness) press(keys ...string) {
	for _, k := range keys {
		var msg tea.KeyMsg
		switch k {
		case "enter":
			msg = tea.KeyMsg{Type: tea.KeyEnter}
		case "esc":
			msg = tea.KeyMsg{Type: tea.KeyEsc}
		case "up":
			msg = tea.KeyMsg{Type: tea.KeyUp}
		case "down":
			msg = tea.KeyMsg{Type: tea.KeyDown}
		case "left":
			msg = tea.KeyMsg{Type: tea.KeyLeft}
		case "right":
			msg = tea.KeyMsg{Type: tea.KeyRight}
		case "pgdown":
			msg = tea.KeyMsg{Type: tea.KeyPgDown}
		case "backspace":
			msg = tea.KeyMsg{Type: tea.KeyBackspace}
		default:
			for _, r := range k {
				h.update(tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune{r}})
			}
			continue
		}
		h.update(msg)
	}
}

// settle feeds messages until ready holds. The deadline only guards against a hung test.
func (h *harness) settle(ready func(m *Model) bool) {
	h.t.Helper()
	deadline := time.After(60 * time.Second)
	for !ready(h.m) {
		select {
		case msg := <-h.msgs:
			h.update(msg)
		case <-deadline:
			h.t.Fatalf("the interface never got there; it shows:\n%s", h.m.View())
		}
	}
}

// myTurn holds when the frame asks for a move and none is in flight.
func myTurn(m *Model) bool { return m.have && len(m.frame.Legal) > 0 && !m.busy && !m.curtain }

func over(m *Model) bool { return m.ended }

// golden compares got with testdata/name, or rewrites it with -update.
func golden(t *testing.T, name, got string) {
	t.Helper()
	path := filepath.Join("testdata", name+".golden")
	if *update {
		if err := os.MkdirAll("testdata", 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, []byte(got), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run go test ./tui -update to write it)", err)
	}
	if got != string(want) {
		t.Errorf("frame %s differs from the golden one:\n--- got\n%s\n--- want\n%s", name, got, want)
	}
}

// checkSize fails unless frame is exactly h lines of at most w columns.
func checkSize(t *testing.T, frame string, w, h int) {
	t.Helper()
	lines := strings.Split(frame, "\n")
	if len(lines) != h {
		t.Errorf("the frame has %d lines, want %d:\n%s", len(lines), h, frame)
	}
	for i, l := range lines {
		if n := ansi.StringWidth(l); n > w {
			t.Errorf("line %d is %d columns wide, more than %d: %q", i+1, n, w, l)
		}
	}
}

// localMatch starts a local match of game with options: people at the seats in people, the
// heuristic (or random) bot elsewhere.
func localMatch(t *testing.T, game string, opts engine.Options, seed uint64, people ...engine.Seat) (*Local, *engine.Record, engine.State) {
	t.Helper()
	g, err := games.Lookup(game)
	if err != nil {
		t.Fatal(err)
	}
	s, resolved, err := g.Start(opts)
	if err != nil {
		t.Fatal(err)
	}
	n := s.NumSeats()
	seats := make([]engine.SeatInfo, n)
	players := make([]bot.Bot, n)
	info := Info{Game: g, Options: resolved, Hotseat: len(people) > 1}
	for i := range n {
		seats[i].Name = "bot"
		isPerson := false
		for _, p := range people {
			isPerson = isPerson || p == engine.Seat(i)
		}
		if isPerson {
			seats[i].Name = "you"
			if info.Hotseat {
				seats[i].Name = "player " + string(rune('1'+i))
			}
		} else {
			level := "heuristic"
			if g.Heuristic == nil {
				level = "random"
			}
			b, err := games.NewBot(g, level)
			if err != nil {
				t.Fatal(err)
			}
			players[i] = b
			seats[i] = engine.SeatInfo{Name: b.Name() + " bot", Bot: b.Name()}
		}
		info.Names = append(info.Names, seats[i].Name)
	}
	rec := engine.NewRecord(g, resolved, seats)
	rec.Seed = seed
	return NewLocal(info, s, rec, players, seed), rec, s
}

func newModelT(t *testing.T, table Table) *Model {
	t.Helper()
	m, err := New(context.Background(), table, Options{Renderer: plain()})
	if err != nil {
		t.Fatal(err)
	}
	return m
}

// playRandomly plays the seat to the match's end, each move a random one of the list chosen with
// the arrows, checking the screen's size as it goes; it returns the moves played.
func (h *harness) playRandomly(rng *rand.Rand) int {
	h.t.Helper()
	turns := 0
	for {
		h.settle(func(m *Model) bool { return myTurn(m) || over(m) })
		if h.m.ended {
			checkSize(h.t, h.m.View(), 80, 24)
			return turns
		}
		if turns%5 == 0 {
			checkSize(h.t, h.m.View(), 80, 24)
		}
		for range rng.IntN(len(h.m.frame.Legal)) {
			h.press("down")
		}
		h.press("enter")
		turns++
		h.settle(func(m *Model) bool { return m.ended || !m.busy })
		if h.m.statusErr && !h.m.ended {
			h.t.Fatalf("a move was refused: %s", h.m.status)
		}
	}
}
