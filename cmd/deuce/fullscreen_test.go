//go:build linux || darwin || freebsd || netbsd || openbsd || dragonfly

package main

import (
	"bytes"
	"context"
	"fmt"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"deuce/client/clienttest"
	"deuce/tui"
)

// The full-screen interface driven through a real pseudo-terminal, keys typed as a person types
// them; the screen is read back through a small terminal emulator (pty_test.go).

const (
	pencilTitle = "deuce · Tennis (paper and pencil, standard"
	playKeys    = "↑↓ choose • enter play • / type • ? help • r rules • h hint • q quit"
	yourTurn    = "Your move: choose with ↑↓ and Enter, a number, or / to type it."
)

// firstFrame waits for the whole first frame of a pencil match at 80x24.
func firstFrame(tm *terminal) []string {
	tm.t.Helper()
	return tm.waitFor("the first frame", func(rows []string) bool {
		return len(rows) == 24 && strings.Contains(rows[0], "round 1") && strings.Contains(rows[23], "q quit") && onScreen(rows, "5. bid 5")
	})
}

// leftCleanly checks that the command exited with status 0 and gave the terminal back as it
// found it: the normal screen, the cursor shown, the modes (echo, line editing) restored. It
// returns the normal screen's rows.
func leftCleanly(t *testing.T, tm *terminal) []string {
	t.Helper()
	if code := tm.waitExit(); code != 0 {
		t.Errorf("exit status %d, want 0:\n%s", code, tm.dump())
	}
	if !sameModes(tm.modes(), tm.initial) {
		t.Error("the terminal's modes (echo, line editing) were not restored")
	}
	tm.finish()
	if alt, hidden := tm.state(); alt || hidden {
		t.Errorf("after the exit the alternate screen is shown: %v; the cursor is hidden: %v", alt, hidden)
	}
	raw := tm.output()
	if enter, leave := bytes.LastIndex(raw, []byte("\x1b[?1049h")), bytes.LastIndex(raw, []byte("\x1b[?1049l")); enter < 0 || leave < enter {
		t.Errorf("the alternate screen was entered at byte %d and left at byte %d", enter, leave)
	}
	return tm.screen()
}

// playToTheEnd presses Enter, playing the move under the cursor, round after round until the
// match is over; rows is the screen at the player's turn.
func playToTheEnd(tm *terminal, rows []string) []string {
	tm.t.Helper()
	for i := 0; !onScreen(rows, "Match over"); i++ {
		if i == 12 {
			tm.t.Fatalf("no end after 12 rounds:\n%s", tm.dump())
		}
		title := rows[0]
		tm.send(keyEnter)
		rows = tm.waitFor("the next round or the end", func(rows []string) bool {
			return rows[0] != title && (onScreen(rows, "Match over") || rows[22] == yourTurn && onScreen(rows, "▸ 1."))
		})
	}
	return rows
}

func TestPlayFullScreen(t *testing.T) {
	tm := startTerminal(t, nil, "play", "pencil", "--option", "points=5", "--seed", "3", "--no-record")
	rows := firstFrame(tm)
	if !strings.Contains(rows[0], pencilTitle) || !strings.Contains(rows[0], "round 1: ball at 0, points 5-5") {
		t.Errorf("title line %q lacks the game or the score", rows[0])
	}
	for _, want := range []string{"Your moves (5)", "▸ 1. bid 1", "  2. bid 2", "Log", "5 points left"} {
		if !onScreen(rows, want) {
			t.Errorf("the first frame lacks %q:\n%s", want, tm.dump())
		}
	}
	if rows[22] != yourTurn || rows[23] != playKeys {
		t.Errorf("status and keys lines:\n%q\n%q\nwant\n%q\n%q", rows[22], rows[23], yourTurn, playKeys)
	}
	if alt, hidden := tm.state(); !alt || !hidden {
		t.Errorf("full screen: alternate screen %v, cursor hidden %v; want both", alt, hidden)
	}
	if sameModes(tm.modes(), tm.initial) {
		t.Error("the terminal is still in line mode while the interface runs")
	}

	tm.send(keyDown)
	tm.waitFor("the cursor on move 2", func(rows []string) bool {
		return onScreen(rows, "▸ 2. bid 2") && onScreen(rows, "  1. bid 1")
	})

	tm.send("?")
	tm.waitFor("the help", func(rows []string) bool {
		return onScreen(rows, "Choose a move with the arrow keys") && onScreen(rows, "esc        back") && !onScreen(rows, "Your moves")
	})
	tm.send(keyEsc)
	tm.waitFor("the board again, the cursor kept", func(rows []string) bool {
		return onScreen(rows, "▸ 2. bid 2") && !onScreen(rows, "Choose a move")
	})

	tm.send("h")
	tm.waitText("Optimal play here", "bid 1 (100.0%)")
	tm.send(keyEsc)
	tm.waitFor("the board after the hint", func(rows []string) bool {
		return onScreen(rows, "Your moves (5)") && !onScreen(rows, "Optimal play")
	})

	// A larger terminal: the frame is laid out again to its size.
	tm.resize(40, 120)
	rows = tm.waitFor("the frame at 120x40", func(rows []string) bool {
		return len(rows) == 40 && strings.Contains(rows[39], "q quit") && strings.Contains(rows[0], "round 1") && onScreen(rows, "▸ 2. bid 2")
	})
	if strings.Contains(rows[23], "q quit") || !strings.Contains(rows[0], "points=5") {
		t.Errorf("the frame was not laid out for 120x40:\n%s", tm.dump())
	}
	// Too small a terminal says so, and the frame comes back at 80x24.
	tm.resize(10, 30)
	tm.waitText("deuce needs a")
	tm.resize(24, 80)
	tm.waitFor("the frame at 80x24 again", func(rows []string) bool {
		return len(rows) == 24 && rows[23] == playKeys && strings.Contains(rows[0], "round 1") && onScreen(rows, "▸ 2. bid 2")
	})

	// A move by its number, then Enter.
	tm.send("3")
	tm.waitText("move 3: bid 3 — Enter plays it")
	tm.send(keyEnter)
	rows = tm.waitFor("round 2", func(rows []string) bool {
		return strings.Contains(rows[0], "round 2:") && onScreen(rows, "round 1: you bid 3") && rows[22] == yourTurn
	})

	playToTheEnd(tm, rows)
	// The status line says how it ended (its "Press q to leave." is cut at 80 columns).
	rows = tm.waitFor("the result", func(rows []string) bool {
		status := rows[22]
		return onScreen(rows, "Match over") && (strings.Contains(status, "wins. ") || strings.Contains(status, "You win! ") || strings.Contains(status, "A draw. "))
	})
	title := rows[0]

	tm.send("q")
	leftCleanly(t, tm)
	// Back on the normal screen, the match's end in one line; its score is the title's.
	const end = "Tennis (paper and pencil), fields=2 jump=yes points=5 scoring=winloss: "
	var score string
	if _, rest, ok := strings.Cut(tm.wrapped(), end); ok {
		score, _, _ = strings.Cut(rest, "  ")
	}
	if score == "" || !strings.HasSuffix(title, " "+score) {
		t.Errorf("after the exit the screen lacks %q and the title's score (%q):\n%s", end, title, tm.dump())
	}
}

func TestFullScreenColours(t *testing.T) {
	for _, tc := range []struct {
		name   string
		env    []string
		colour string // how a foreground colour starts, or "" for a terminal without colours
	}{
		{"256 colours", nil, "\x1b[38;5;"},
		{"true colour", []string{"COLORTERM=truecolor"}, "\x1b[38;2;"},
		{"NO_COLOR", []string{"NO_COLOR=1"}, ""},
		{"no colour terminal", []string{"TERM=vt100"}, ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			tm := startTerminal(t, tc.env, "play", "pencil", "--option", "points=5", "--seed", "3", "--no-record")
			rows := firstFrame(tm)
			for _, want := range []string{"Your moves (5)", "▸ 1. bid 1", playKeys} {
				if !onScreen(rows, want) {
					t.Errorf("the frame lacks %q:\n%s", want, tm.dump())
				}
			}
			// q asks first: the match played here would be lost.
			tm.send("q")
			tm.waitText("Press q again to abandon this match")
			tm.send("q")
			if rows := leftCleanly(t, tm); !onScreen(rows, "Match abandoned") {
				t.Errorf("no word of the abandoned match:\n%s", tm.dump())
			}
			raw := tm.output()
			sgr := sgrs(raw)
			if tc.colour == "" {
				if len(sgr) > 0 || bytes.Contains(raw, []byte("\x1b[38;")) {
					t.Errorf("%d colour or attribute sequences (SGR) on a terminal without colours: %q", len(sgr), sgr[:min(len(sgr), 5)])
				}
				return
			}
			if !bytes.Contains(raw, []byte(tc.colour)) {
				t.Errorf("no colour %q in the output; its SGR sequences: %q", tc.colour, sgr)
			}
			if tc.colour != "\x1b[38;2;" && bytes.Contains(raw, []byte("\x1b[38;2;")) {
				t.Error("true colour on a terminal that did not claim it")
			}
		})
	}
}

func TestReplayFullScreen(t *testing.T) {
	recPath := filepath.Join(t.TempDir(), "match.json")
	if out, _, err := deuce(t, strings.Repeat("1\n", 50), "play", "pencil", "--vs", "random", "--option", "points=5", "--seed", "4", "--plain", "--record", recPath); err != nil {
		t.Fatalf("record a match: %v\n%s", err, out)
	}
	rec := readRecordFile(t, recPath)
	n := len(rec.Moves)
	at := func(i int) string { return fmt.Sprintf("move %d of %d", i, n) }

	tm := startTerminal(t, nil, "replay", recPath)
	rows := tm.waitFor("the replay's first frame", func(rows []string) bool {
		return strings.Contains(rows[0], "deuce replay · Tennis (paper and pencil") && onScreen(rows, at(0)) && strings.Contains(rows[23], "q quit")
	})
	if !strings.Contains(rows[23], "←/→ step") || !onScreen(rows, "round 1 of") {
		t.Errorf("the replay's frame lacks its keys or the point:\n%s", tm.dump())
	}
	tm.send(keyRight)
	tm.waitText(at(1))
	tm.send(keyRight)
	tm.waitText(at(2), "round 2 of")
	tm.send(keyLeft)
	tm.waitText(at(1), "round 1 of")
	tm.send("]")
	tm.waitText(at(2), "round 2 of")
	tm.send("G")
	rows = tm.waitText(at(n))
	if !strings.Contains(rows[0], rec.Result.Score) {
		t.Errorf("at the end the title %q lacks the score %q", rows[0], rec.Result.Score)
	}
	tm.send("q")
	leftCleanly(t, tm)
}

// `deuce join` plays a seat of a real server's table full screen, against another client.
func TestJoinFullScreen(t *testing.T) {
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	c := clienttest.Start(t).Client
	created := pencilTable(ctx, t, c, "5")
	other := make(chan error, 1)
	go func() { other <- playFirst(ctx, c, created.ID, created.Seats[1].Token) }()

	tm := startTerminal(t, nil, "join", "--no-record", c.Server.String()+created.Seats[0].Invite)
	rows := firstFrame(tm)
	if !strings.Contains(rows[0], pencilTitle) || rows[22] != yourTurn || rows[23] != playKeys || !onScreen(rows, "Your moves (5)") {
		t.Errorf("the first frame:\n%s", tm.dump())
	}
	tm.send(keyDown)
	tm.waitText("▸ 2. bid 2")
	tm.send(keyEnter)
	rows = tm.waitFor("round 2", func(rows []string) bool {
		return strings.Contains(rows[0], "round 2:") && onScreen(rows, "you bid 2") && rows[22] == yourTurn
	})
	playToTheEnd(tm, rows)
	// The table has no more to send: the status line says to leave.
	rows = tm.waitFor("the end of the table", func(rows []string) bool { return strings.Contains(rows[22], "Press q") })
	title := rows[0]
	tm.send("q")
	if rows := leftCleanly(t, tm); onScreen(rows, "Left the table") {
		t.Errorf("the match ended, yet deuce says the table was left:\n%s", tm.dump())
	}
	if err := <-other; err != nil {
		t.Fatalf("the other seat: %v", err)
	}
	table, err := c.Table(ctx, created.ID)
	if err != nil {
		t.Fatal(err)
	}
	// The title names the players as the table does: "you" for this seat, the other by name.
	names := []string{"you"}
	for _, seat := range table.Seats[1:] {
		names = append(names, seat.Name)
	}
	if table.Result == nil || !strings.HasSuffix(title, " "+tui.WithNames(table.Result.Score, names, 0)) {
		t.Errorf("the last title %q, the server's result %+v", title, table.Result)
	}
}
