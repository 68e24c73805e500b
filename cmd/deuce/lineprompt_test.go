package main

import (
	"bytes"
	"context"
	"fmt"
	"strings"
	"testing"

	"deuce/engine"
	"deuce/games/pencil"
	"deuce/protocol"
	"deuce/tui"
)

// fakeTable records what the line prompt sends; its frames are given to the prompt directly.
type fakeTable struct {
	played []tui.Move
	seqs   []int
	ends   []string
	// refuse, when set, is what Play answers instead of taking the move.
	refuse error
}

func (f *fakeTable) Info() tui.Info {
	return tui.Info{Game: pencil.Game, Names: []string{"you", "Bob"}}
}
func (f *fakeTable) Next(ctx context.Context) (tui.Frame, error) {
	<-ctx.Done()
	return tui.Frame{}, ctx.Err()
}
func (f *fakeTable) Play(_ context.Context, seq int, m tui.Move) error {
	if f.refuse != nil {
		return f.refuse
	}
	f.played, f.seqs = append(f.played, m), append(f.seqs, seq)
	return nil
}
func (f *fakeTable) End(_ context.Context, kind string) error {
	f.ends = append(f.ends, kind)
	return nil
}

// promptAt is a line prompt for seat 1 of a fake table, its input a terminal's or a pipe's,
// shown frame f.
func promptAt(t *testing.T, terminal bool, f tui.Frame) (*linePrompt, *fakeTable, *bytes.Buffer) {
	t.Helper()
	table := &fakeTable{}
	var out bytes.Buffer
	in := &lineInput{terminal: terminal, lines: make(chan typedLine)}
	in.shown.Store(-1)
	p := &linePrompt{ctx: context.Background(), w: &out, t: table, in: in, info: table.Info(), waited: -1, sent: -1}
	p.frame(f)
	return p, table, &out
}

func legalBids(n int) []tui.Choice {
	var out []tui.Choice
	for i := range n {
		out = append(out, tui.Choice{Action: engine.Action(i + 1), Text: "bid " + string(rune('1'+i))})
	}
	return out
}

// At a terminal a move is taken only in answer to the list on the screen: typed while the seat
// waits it is refused, not kept for a position the person has not seen; typed against a list a
// newer one has replaced, it is refused too. Commands are taken at any time.
func TestLinePromptTerminalMoves(t *testing.T) {
	waiting := tui.Frame{Seq: 3, Seat: 0, ToMove: 1, Played: 1}
	p, table, out := promptAt(t, true, waiting)
	if err := p.line(typedLine{"2", -1}); err != nil {
		t.Fatal(err)
	}
	if p.in.held != nil || len(table.played) != 0 || !strings.Contains(out.String(), "it is not your move") {
		t.Fatalf("a move typed while waiting: held %v, played %v:\n%s", p.in.held, table.played, out)
	}
	if p.input() == nil {
		t.Fatal("after a move refused while waiting, the prompt reads no more lines")
	}
	for _, cmd := range []string{"claim", "bot"} {
		if err := p.line(typedLine{cmd, -1}); err != nil {
			t.Fatal(err)
		}
		p.ending = false // answered
	}
	if strings.Join(table.ends, ",") != "claim,bot" {
		t.Errorf("claim and bot typed while waiting sent %v", table.ends)
	}

	asked := tui.Frame{Seq: 5, Seat: 0, ToMove: 0, Played: 1, Legal: legalBids(3)}
	p, table, out = promptAt(t, true, asked)
	if !p.asking || p.in.shown.Load() != 5 {
		t.Fatalf("the list of seq 5 is not asking (asking %v, shown %d):\n%s", p.asking, p.in.shown.Load(), out)
	}
	if err := p.line(typedLine{"2", 4}); err != nil { // typed while the list of seq 4 was shown
		t.Fatal(err)
	}
	if len(table.played) != 0 || !strings.Contains(out.String(), "came before the table moved on") {
		t.Fatalf("a move typed against an older list was played: %v\n%s", table.played, out)
	}
	if err := p.line(typedLine{"2", 5}); err != nil {
		t.Fatal(err)
	}
	if len(table.played) != 1 || table.played[0].Action != 2 || table.seqs[0] != 5 {
		t.Fatalf("move 2 of the list of seq 5 played %v at %v", table.played, table.seqs)
	}
	// Until the table answers the move, no line is read: a piped quit after a last move waits
	// for the match's end.
	if p.input() != nil {
		t.Error("lines are read while a move waits for the table's answer")
	}
	p.frame(tui.Frame{Seq: 6, Seat: 0, ToMove: 1, Played: 2})
	if p.input() == nil {
		t.Error("no line is read once the move was taken")
	}
}

// staleRefusal is the server's refusal of a move answering a view the seat no longer has.
type staleRefusal struct{ se *protocol.ServerError }

func (r staleRefusal) Error() string { return r.se.Message }
func (r staleRefusal) Refused() bool { return true }
func (r staleRefusal) Unwrap() error { return r.se }

// At a terminal, a bid typed while another player's secret bid came in (a frame that moves Seq
// on and offers the same moves, the seat's own choice still due) goes to the table as an answer
// to the list it was typed against, and the table judges it; the server's refusal of it as stale
// reads as the prompt's own. A line typed against a list with other moves, against one two
// lists back, or before a move of the seat's own, is refused at once.
func TestLinePromptSecretChoice(t *testing.T) {
	asked := tui.Frame{Seq: 5, Seat: 0, ToMove: 0, Pending: []engine.Seat{0, 1}, Played: 1, Legal: legalBids(3)}
	theirBid := tui.Frame{Seq: 6, Seat: 0, ToMove: 0, Pending: []engine.Seat{0}, Played: 1, Legal: legalBids(3)}
	p, table, out := promptAt(t, true, asked)
	p.frame(theirBid)
	if err := p.line(typedLine{"2", 5}); err != nil {
		t.Fatal(err)
	}
	if len(table.played) != 1 || table.played[0].Action != 2 || table.seqs[0] != 5 {
		t.Fatalf("a bid typed as the other's came in: played %v at %v, want action 2 answering seq 5:\n%s", table.played, table.seqs, out)
	}
	if strings.Contains(out.String(), "came before") {
		t.Errorf("the bid was refused:\n%s", out)
	}
	p.typed = "2"
	stale := staleRefusal{&protocol.ServerError{Code: protocol.CodeStale, Message: "the match has moved on since that view (you answered move 5, your view changed at move 6)"}}
	if got, want := p.refusalText(stale), `"2" came before the table moved on: choose again from the list above.`; got != want {
		t.Errorf("the server's stale refusal reads %q, want %q", got, want)
	}

	for _, c := range []struct {
		name   string
		frames []tui.Frame
	}{
		{"other moves", []tui.Frame{{Seq: 6, Seat: 0, ToMove: 0, Played: 1, Legal: legalBids(2)}}},
		{"two lists back", []tui.Frame{theirBid, {Seq: 7, Seat: 0, ToMove: 0, Played: 1, Legal: legalBids(3)}}},
		{"a move of its own between", []tui.Frame{{Seq: 6, Seat: 0, ToMove: 0, Played: 2, Legal: legalBids(3)}}},
	} {
		p, table, out := promptAt(t, true, asked)
		for _, f := range c.frames {
			p.frame(f)
		}
		if err := p.line(typedLine{"2", 5}); err != nil {
			t.Fatal(err)
		}
		if len(table.played) != 0 || !strings.Contains(out.String(), "came before the table moved on") {
			t.Errorf("%s: a line typed against seq 5 played %v:\n%s", c.name, table.played, out)
		}
	}
}

// A move refused because the table's connection is being opened again stops the reading of
// lines (piped moves would all be spent on the same refusal); a match's end is printed once,
// however many frames come after it.
func TestLinePromptReconnectAndEnd(t *testing.T) {
	asked := tui.Frame{Seq: 5, Seat: 0, ToMove: 0, Played: 1, Legal: legalBids(3)}
	p, table, _ := promptAt(t, false, asked)
	table.refuse = fmt.Errorf("refused: %w", tui.ErrReconnecting)
	if err := p.line(typedLine{"2", 5}); err != nil {
		t.Fatal(err)
	}
	if p.input() != nil {
		t.Error("lines are read while the connection is being opened again")
	}
	over := tui.Frame{Seq: 9, Seat: 0, ToMove: engine.Nobody, Played: 3, Result: engine.Result{Over: true, Returns: []float64{1, -1}, Winner: 0, Score: "won"}}
	p, _, out := promptAt(t, false, over)
	later := over
	later.Notice = "Bob left 1s ago."
	p.frame(later)
	if n := strings.Count(out.String(), "Match over"); n != 1 {
		t.Errorf("the end printed %d times:\n%s", n, out)
	}
}

// A pipe writes its moves ahead: one read while the seat waits is held, with nothing after it
// read, and played when a list asks; piped commands are taken at once when nothing is held.
func TestLinePromptPipedMoves(t *testing.T) {
	p, table, _ := promptAt(t, false, tui.Frame{Seq: 3, Seat: 0, ToMove: 1, Played: 1})
	if err := p.line(typedLine{"2", -1}); err != nil {
		t.Fatal(err)
	}
	if p.in.held == nil || p.in.held.text != "2" || p.input() != nil {
		t.Fatalf("a piped move read early: held %v, reading on %v", p.in.held, p.input() != nil)
	}
	p.frame(tui.Frame{Seq: 4, Seat: 0, ToMove: 0, Played: 1, Legal: legalBids(3)})
	if !p.asking {
		t.Fatal("the list does not ask")
	}
	line := *p.in.held
	p.in.held = nil
	if err := p.line(line); err != nil {
		t.Fatal(err)
	}
	if len(table.played) != 1 || table.played[0].Action != 2 || table.seqs[0] != 4 {
		t.Errorf("the held move played %v at %v, want bid 2 at seq 4", table.played, table.seqs)
	}

	// An end sent is answered by a refusal, the match's end or a changed notice; until then
	// the end of the input does not leave the table.
	p, table, _ = promptAt(t, false, tui.Frame{Seq: 3, Seat: 0, ToMove: 1, Played: 1, Notice: "Bob left 5m0s ago."})
	p.line(typedLine{"bot", -1})
	if !p.ending || p.input() != nil || len(table.ends) != 1 {
		t.Fatalf("bot sent: ending %v, ends %v", p.ending, table.ends)
	}
}
