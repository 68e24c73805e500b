//go:build linux || darwin || freebsd || netbsd || openbsd || dragonfly

package main

import (
	"bytes"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"reflect"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"
	"unicode/utf8"

	"github.com/charmbracelet/x/ansi"
	"github.com/charmbracelet/x/term"
	"github.com/creack/pty"
)

// Keys as a terminal sends them.
const (
	keyDown  = "\x1b[B"
	keyRight = "\x1b[C"
	keyLeft  = "\x1b[D"
	keyEnter = "\r"
	keyEsc   = "\x1b"
)

// waitTimeout bounds each wait for the screen or the command: long enough for a loaded machine
// running the race detector, short enough that a hang fails the test rather than the run.
const waitTimeout = 20 * time.Second

// terminal is a pseudo-terminal with the deuce command running in it, and a small emulator
// that keeps the screen as a person would see it: the text at each row and column, the
// alternate screen, whether the cursor shows. It answers the queries a real terminal answers
// (the cursor position, the background colour). The test's side keeps the terminal device
// open, as a person's terminal outlives the program in it, so its modes can be read after the
// command exits.
type terminal struct {
	t    *testing.T
	ptmx *os.File // the terminal's side
	tty  *os.File // the command's side
	cmd  *exec.Cmd
	// initial is the terminal's modes before the command started.
	initial *term.State

	exited  chan struct{} // closed when the command has exited
	waitErr error         // the command's exit, once exited is closed
	drained chan struct{} // closed when the reader has read the last byte
	// closeTTY closes the test's side of the command's terminal, once the command has exited.
	closeTTY sync.Once

	mu      sync.Mutex
	changed chan struct{} // a value after each read the screen took in
	raw     []byte        // every byte the command wrote
	pending []byte        // the start of a sequence or character cut by a read
	parser  *ansi.Parser
	rows    int
	cols    int
	cells   [][]string // the screen shown; "" is the right half of a wide character
	saved   [][]string // the normal screen while the alternate one is shown
	row     int
	col     int
	savedAt [2]int // the cursor on the normal screen while the alternate one is shown
	alt     bool   // the alternate screen is shown
	hidden  bool   // the cursor is hidden
}

// startTerminal runs deuce with args in a new 80x24 pseudo-terminal, with a colour terminal's
// environment (TERM=xterm-256color) changed by env ("NAME=value"; "NAME=" unsets NAME). It skips
// the test only when this system cannot open a pseudo-terminal.
func startTerminal(t *testing.T, env []string, args ...string) *terminal {
	t.Helper()
	ptmx, tty, err := pty.Open()
	if err != nil {
		t.Skipf("this system cannot open a pseudo-terminal: %v", err)
	}
	tm := &terminal{
		t: t, ptmx: ptmx, tty: tty,
		exited: make(chan struct{}), drained: make(chan struct{}), changed: make(chan struct{}, 1),
		parser: ansi.NewParser(),
	}
	tm.resizeScreen(24, 80)
	if err := pty.Setsize(ptmx, &pty.Winsize{Rows: 24, Cols: 80}); err != nil {
		t.Fatalf("set the terminal's size: %v", err)
	}
	if tm.initial, err = term.GetState(tty.Fd()); err != nil {
		t.Fatalf("read the terminal's modes: %v", err)
	}
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	tm.cmd = exec.Command(exe, args...)
	tm.cmd.Env = terminalEnv(t, env)
	tm.cmd.Stdin, tm.cmd.Stdout, tm.cmd.Stderr = tty, tty, tty
	// A session of its own with this terminal as its controlling terminal, as a shell starts a
	// program: it then gets SIGWINCH when the terminal is resized.
	tm.cmd.SysProcAttr = &syscall.SysProcAttr{Setsid: true, Setctty: true}
	if err := tm.cmd.Start(); err != nil {
		ptmx.Close()
		tty.Close()
		t.Fatalf("start deuce %s: %v", strings.Join(args, " "), err)
	}
	go tm.read()
	go func() {
		tm.waitErr = tm.cmd.Wait()
		close(tm.exited)
	}()
	t.Cleanup(tm.close)
	return tm
}

// terminalEnv is the test's environment less whatever decides colours, then a colour
// terminal's (TERM=xterm-256color) changed by env, and this test binary run as deuce.
func terminalEnv(t *testing.T, env []string) []string {
	set := map[string]string{"TERM": "xterm-256color"}
	for _, kv := range env {
		name, value, _ := strings.Cut(kv, "=")
		set[name] = value
	}
	var out []string
	for _, kv := range os.Environ() {
		name, _, _ := strings.Cut(kv, "=")
		switch name {
		// CI too: the terminal library takes a set CI to mean no terminal, so no colour.
		case "TERM", "COLORTERM", "NO_COLOR", "CLICOLOR", "CLICOLOR_FORCE", "COLORFGBG", "TERM_PROGRAM", "TMUX", "GOOGLE_CLOUD_SHELL", "DEUCE_DATA", "CI":
			continue
		}
		if _, ok := set[name]; !ok {
			out = append(out, kv)
		}
	}
	for name, value := range set {
		if value != "" {
			out = append(out, name+"="+value)
		}
	}
	return append(out, "DEUCE_TEST_AS_COMMAND=1", "DEUCE_DATA="+t.TempDir())
}

// close ends the command if it still runs and lets go of the terminal.
func (tm *terminal) close() {
	select {
	case <-tm.exited:
	default:
		tm.cmd.Process.Kill()
		<-tm.exited
	}
	tm.closeTTY.Do(func() { tm.tty.Close() })
	select {
	case <-tm.drained:
	case <-time.After(waitTimeout):
		tm.t.Errorf("the terminal was still being read %v after the command exited", waitTimeout)
	}
	tm.ptmx.Close()
}

// read takes in everything the command writes until the terminal is closed.
func (tm *terminal) read() {
	defer close(tm.drained)
	buf := make([]byte, 32<<10)
	for {
		n, err := tm.ptmx.Read(buf)
		if n > 0 {
			tm.mu.Lock()
			tm.raw = append(tm.raw, buf[:n]...)
			reply := tm.take(buf[:n])
			tm.mu.Unlock()
			if len(reply) > 0 {
				tm.ptmx.Write(reply)
			}
			select {
			case tm.changed <- struct{}{}:
			default:
			}
		}
		if err != nil {
			return // EIO once the command and the test have both closed their side
		}
	}
}

// send types keys, as one write: one key press.
func (tm *terminal) send(keys string) {
	tm.t.Helper()
	if _, err := tm.ptmx.Write([]byte(keys)); err != nil {
		tm.t.Fatalf("type %q: %v", keys, err)
	}
}

// resize changes the terminal's size; the command hears of it by SIGWINCH.
func (tm *terminal) resize(rows, cols int) {
	tm.t.Helper()
	tm.mu.Lock()
	tm.resizeScreen(rows, cols)
	tm.mu.Unlock()
	if err := pty.Setsize(tm.ptmx, &pty.Winsize{Rows: uint16(rows), Cols: uint16(cols)}); err != nil {
		tm.t.Fatalf("resize the terminal to %dx%d: %v", cols, rows, err)
	}
}

// waitFor waits until ok holds of the screen's rows, and returns them. It fails the test when
// the command exits first or waitTimeout passes.
func (tm *terminal) waitFor(what string, ok func(rows []string) bool) []string {
	tm.t.Helper()
	timeout := time.NewTimer(waitTimeout)
	defer timeout.Stop()
	for {
		rows := tm.screen()
		if ok(rows) {
			return rows
		}
		select {
		case <-tm.changed:
		case <-tm.exited:
			// Judge the screen with the last bytes in.
			tm.finish()
			if rows := tm.screen(); ok(rows) {
				return rows
			}
			tm.t.Fatalf("deuce exited (%v) before the screen showed %s:\n%s", tm.waitErr, what, tm.dump())
		case <-timeout.C:
			tm.t.Fatalf("after %v the screen does not show %s:\n%s", waitTimeout, what, tm.dump())
		}
	}
}

// waitText waits until every text is on the screen.
func (tm *terminal) waitText(texts ...string) []string {
	tm.t.Helper()
	return tm.waitFor(fmt.Sprintf("%q", texts), func(rows []string) bool {
		for _, text := range texts {
			if !onScreen(rows, text) {
				return false
			}
		}
		return true
	})
}

// waitExit waits for the command to exit and returns its exit code.
func (tm *terminal) waitExit() int {
	tm.t.Helper()
	select {
	case <-tm.exited:
	case <-time.After(waitTimeout):
		tm.t.Fatalf("deuce has not exited after %v:\n%s", waitTimeout, tm.dump())
	}
	var exit *exec.ExitError
	if tm.waitErr != nil && !errors.As(tm.waitErr, &exit) {
		tm.t.Fatalf("wait for deuce: %v", tm.waitErr)
	}
	return tm.cmd.ProcessState.ExitCode()
}

// finish waits until everything the exited command wrote is on the screen: the test closes
// its side of the terminal, and the reader then reads to the end.
func (tm *terminal) finish() {
	tm.t.Helper()
	<-tm.exited
	tm.closeTTY.Do(func() { tm.tty.Close() })
	select {
	case <-tm.drained:
	case <-time.After(waitTimeout):
		tm.t.Fatalf("the terminal was still being read %v after deuce exited", waitTimeout)
	}
}

// modes returns the terminal device's modes (echo, line editing and the rest).
func (tm *terminal) modes() *term.State {
	tm.t.Helper()
	st, err := term.GetState(tm.tty.Fd())
	if err != nil {
		tm.t.Fatalf("read the terminal's modes: %v", err)
	}
	return st
}

// sameModes reports that two readings of the terminal's modes are the same.
func sameModes(a, b *term.State) bool { return reflect.DeepEqual(a, b) }

// output returns every byte the command wrote.
func (tm *terminal) output() []byte {
	tm.mu.Lock()
	defer tm.mu.Unlock()
	return bytes.Clone(tm.raw)
}

// screen returns the rows of the screen shown, without trailing spaces.
func (tm *terminal) screen() []string {
	tm.mu.Lock()
	defer tm.mu.Unlock()
	rows := make([]string, len(tm.cells))
	for i, r := range tm.cells {
		rows[i] = strings.TrimRight(strings.Join(r, ""), " ")
	}
	return rows
}

// wrapped returns the screen's rows one after the other, whole: a line that wrapped reads on.
func (tm *terminal) wrapped() string {
	tm.mu.Lock()
	defer tm.mu.Unlock()
	var b strings.Builder
	for _, r := range tm.cells {
		b.WriteString(strings.Join(r, ""))
	}
	return b.String()
}

// state reports whether the alternate screen is shown and whether the cursor is hidden.
func (tm *terminal) state() (alt, hidden bool) {
	tm.mu.Lock()
	defer tm.mu.Unlock()
	return tm.alt, tm.hidden
}

func (tm *terminal) dump() string {
	var b strings.Builder
	for i, r := range tm.screen() {
		fmt.Fprintf(&b, "%2d|%s\n", i, r)
	}
	raw := tm.output()
	fmt.Fprintf(&b, "last bytes written: %q", raw[max(0, len(raw)-600):])
	return b.String()
}

func onScreen(rows []string, text string) bool {
	for _, r := range rows {
		if strings.Contains(r, text) {
			return true
		}
	}
	return false
}

// The emulator. It follows what a Bubble Tea program writes: text, CR and LF, cursor moves,
// erasing, the alternate screen and the cursor's visibility; colours and other modes are
// passed over (the tests read them from the raw bytes).

func blankRow(cols int) []string {
	r := make([]string, cols)
	for i := range r {
		r[i] = " "
	}
	return r
}

func resized(cells [][]string, rows, cols int) [][]string {
	out := make([][]string, rows)
	for i := range out {
		out[i] = blankRow(cols)
		if i < len(cells) {
			copy(out[i], cells[i])
		}
	}
	return out
}

// resizeScreen keeps what fits, as a terminal without reflow does.
func (tm *terminal) resizeScreen(rows, cols int) {
	tm.rows, tm.cols = rows, cols
	tm.cells = resized(tm.cells, rows, cols)
	if tm.saved != nil {
		tm.saved = resized(tm.saved, rows, cols)
	}
	tm.row, tm.col = min(tm.row, rows-1), min(tm.col, cols-1)
}

// take draws p and returns what the terminal answers.
func (tm *terminal) take(p []byte) []byte {
	data := append(tm.pending, p...)
	tm.pending = nil
	var reply []byte
	for len(data) > 0 {
		if utf8.RuneStart(data[0]) && data[0] >= utf8.RuneSelf && !utf8.FullRune(data) {
			break // a character cut by the read
		}
		seq, width, n, state := ansi.DecodeSequence(data, ansi.NormalState, tm.parser)
		if state != ansi.NormalState {
			break // a sequence cut by the read
		}
		data = data[n:]
		switch {
		case width > 0:
			tm.print(string(seq), width)
		case len(seq) == 1:
			tm.control(seq[0])
		case ansi.HasCsiPrefix(seq):
			reply = append(reply, tm.csi()...)
		case ansi.HasOscPrefix(seq):
			// The background colour query: answer as a dark terminal does.
			if tm.parser.Command() == 11 && bytes.Contains(seq, []byte(";?")) {
				reply = append(reply, "\x1b]11;rgb:0000/0000/0000\x1b\\"...)
			}
		}
	}
	tm.pending = bytes.Clone(data)
	return reply
}

func (tm *terminal) print(g string, width int) {
	if tm.col+width > tm.cols {
		tm.col = 0
		tm.lineFeed()
	}
	tm.cells[tm.row][tm.col] = g
	for i := 1; i < width; i++ {
		tm.cells[tm.row][tm.col+i] = ""
	}
	tm.col += width // may stand just past the last column: the next character wraps
}

func (tm *terminal) lineFeed() {
	if tm.row < tm.rows-1 {
		tm.row++
		return
	}
	tm.cells = append(tm.cells[1:], blankRow(tm.cols))
}

func (tm *terminal) control(c byte) {
	switch c {
	case '\r':
		tm.col = 0
	case '\n':
		tm.lineFeed()
	case '\b':
		tm.col = max(0, min(tm.col, tm.cols-1)-1)
	case '\t':
		tm.col = min(tm.cols-1, (tm.col/8+1)*8)
	}
}

func (tm *terminal) csi() []byte {
	cmd := ansi.Cmd(tm.parser.Command())
	param := func(i, def int) int {
		v, _, _ := tm.parser.Params().Param(i, def)
		if v == 0 {
			v = def
		}
		return v
	}
	if cmd.Prefix() == '?' {
		on := cmd.Final() == 'h'
		if cmd.Final() != 'h' && cmd.Final() != 'l' {
			return nil
		}
		tm.parser.Params().ForEach(0, func(_, mode int, _ bool) {
			switch mode {
			case 25:
				tm.hidden = !on
			case 1049, 1047, 47:
				tm.altScreen(on)
			}
		})
		return nil
	}
	if cmd.Prefix() != 0 || cmd.Intermediate() != 0 {
		return nil
	}
	col := min(tm.col, tm.cols-1)
	switch cmd.Final() {
	case 'H', 'f':
		tm.row = min(max(param(0, 1)-1, 0), tm.rows-1)
		tm.col = min(max(param(1, 1)-1, 0), tm.cols-1)
	case 'A':
		tm.row = max(tm.row-param(0, 1), 0)
		tm.col = col
	case 'B':
		tm.row = min(tm.row+param(0, 1), tm.rows-1)
		tm.col = col
	case 'C':
		tm.col = min(col+param(0, 1), tm.cols-1)
	case 'D':
		tm.col = max(col-param(0, 1), 0)
	case 'G':
		tm.col = min(max(param(0, 1)-1, 0), tm.cols-1)
	case 'd':
		tm.row = min(max(param(0, 1)-1, 0), tm.rows-1)
	case 'K':
		line := tm.cells[tm.row]
		switch v, _, _ := tm.parser.Params().Param(0, 0); v {
		case 0:
			copy(line[col:], blankRow(tm.cols-col))
		case 1:
			copy(line[:col+1], blankRow(col+1))
		case 2:
			copy(line, blankRow(tm.cols))
		}
	case 'J':
		switch v, _, _ := tm.parser.Params().Param(0, 0); v {
		case 0:
			copy(tm.cells[tm.row][col:], blankRow(tm.cols-col))
			for r := tm.row + 1; r < tm.rows; r++ {
				tm.cells[r] = blankRow(tm.cols)
			}
		case 1:
			for r := range tm.row {
				tm.cells[r] = blankRow(tm.cols)
			}
			copy(tm.cells[tm.row][:col+1], blankRow(col+1))
		case 2, 3:
			for r := range tm.rows {
				tm.cells[r] = blankRow(tm.cols)
			}
		}
	case 'n':
		if v, _, _ := tm.parser.Params().Param(0, 0); v == 6 {
			return fmt.Appendf(nil, "\x1b[%d;%dR", tm.row+1, col+1)
		}
	}
	return nil
}

// altScreen shows the alternate screen, cleared, or the normal screen again with its cursor.
func (tm *terminal) altScreen(on bool) {
	if on == tm.alt {
		return
	}
	tm.alt = on
	if on {
		tm.saved, tm.savedAt = tm.cells, [2]int{tm.row, tm.col}
		tm.cells = resized(nil, tm.rows, tm.cols)
		return
	}
	tm.cells, tm.saved = tm.saved, nil
	tm.row, tm.col = min(tm.savedAt[0], tm.rows-1), min(tm.savedAt[1], tm.cols-1)
}

// sgrs returns the SGR sequences (colours and text attributes) in raw, each as its parameters.
func sgrs(raw []byte) []string {
	var out []string
	p := ansi.NewParser()
	for len(raw) > 0 {
		seq, _, n, _ := ansi.DecodeSequence(raw, ansi.NormalState, p)
		raw = raw[n:]
		if ansi.HasCsiPrefix(seq) && ansi.Cmd(p.Command()).Final() == 'm' && ansi.Cmd(p.Command()).Prefix() == 0 {
			out = append(out, string(seq[2:len(seq)-1]))
		}
	}
	return out
}
