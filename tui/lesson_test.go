package tui

import (
	"context"
	"errors"
	"fmt"
	"io"
	"strings"
	"testing"

	"deuce/tutorial"
)

// A lesson takes only its step's move: another legal move is refused with what the step asks
// for, and changes nothing; the step's move goes on, through to the final frame, then io.EOF.
func TestLessonTable(t *testing.T) {
	tu, err := tutorial.For("pencil")
	if err != nil {
		t.Fatal(err)
	}
	l := NewLesson(tu)
	ctx := context.Background()
	for step := range tu.Steps() {
		f, err := l.Next(ctx)
		if err != nil {
			t.Fatal(err)
		}
		want, _ := tu.Frame(step)
		if f.Played != step || !strings.HasPrefix(f.Lesson, "Step ") || !strings.Contains(f.Lesson, want.Lesson) || LessonOver(f) {
			t.Fatalf("step %d: played %d, lesson %q", step, f.Played, f.Lesson)
		}
		var other Choice
		for _, c := range f.Legal {
			if c.Action != want.Expect.Action {
				other = c
			}
		}
		err = l.Play(ctx, f.Seq, Move{Action: other.Action})
		var r Refusal
		if !errors.As(err, &r) || !strings.Contains(err.Error(), "this step asks for «"+want.Expect.Text+"»") {
			t.Fatalf("step %d: %s, not the step's move: %v", step, other.Text, err)
		}
		if err := l.Play(ctx, f.Seq, Move{Text: "BID  99"}); err == nil || !strings.Contains(err.Error(), "not a move here") {
			t.Fatalf("step %d: a bid not offered: %v", step, err)
		}
		// Typed as a person types it.
		if err := l.Play(ctx, f.Seq, Move{Text: strings.ToUpper(want.Expect.Text)}); err != nil {
			t.Fatalf("step %d: the step's move %q refused: %v", step, want.Expect.Text, err)
		}
	}
	f, err := l.Next(ctx)
	if err != nil || !LessonOver(f) || !strings.Contains(f.Lesson, "The lesson is over") || len(f.Legal) != 0 {
		t.Fatalf("the end: %v, %q, %d moves", err, f.Lesson, len(f.Legal))
	}
	if _, err := l.Next(ctx); !errors.Is(err, io.EOF) {
		t.Errorf("after the end: %v, want io.EOF", err)
	}
}

// On the full screen, a lesson's step is the status, and its end stays there.
func TestLessonOnScreen(t *testing.T) {
	tu, err := tutorial.For("centercourt")
	if err != nil {
		t.Fatal(err)
	}
	h := newHarness(t, newModelT(t, NewLesson(tu)))
	h.settle(myTurn)
	// What the game is about comes first, on a page of its own.
	if v := h.m.View(); !strings.Contains(v, "Center Court plays tennis") || !strings.Contains(v, "Press Enter to begin") {
		t.Fatalf("the introduction is not shown:\n%s", v)
	}
	h.press("enter")
	v := h.m.View()
	if !strings.Contains(v, "Step 1 of") || !strings.Contains(v, "Serve: play") || strings.Contains(v, "h hint") {
		t.Fatalf("the first step is not shown, or hints are offered:\n%s", v)
	}
	// The cursor starts on the step's move.
	first, _ := tu.Frame(0)
	if got := h.m.frame.Legal[h.m.cursor].Text; got != first.Expect.Text {
		t.Errorf("the cursor is on %q, want the step's move %q", got, first.Expect.Text)
	}
	for range 100 {
		h.settle(func(m *Model) bool { return myTurn(m) || m.ended })
		if h.m.ended {
			break
		}
		// A step with one move waits for the person too, its words on the screen: Enter
		// plays the move the cursor starts on.
		f, _ := tu.Frame(h.m.frame.Played)
		if v := h.m.View(); !strings.Contains(v, fmt.Sprintf("Step %d of", f.Step+1)) {
			t.Fatalf("step %d is not shown:\n%s", f.Step+1, v)
		}
		before := h.m.frame.Seq
		h.press("enter")
		h.settle(func(m *Model) bool { return m.frame.Seq != before || m.ended })
	}
	if h.m.frame.Played != tu.Steps() {
		t.Errorf("the lesson ended after %d of its %d steps", h.m.frame.Played, tu.Steps())
	}
	if !h.m.ended || !strings.Contains(h.m.View(), "The lesson is over") {
		t.Errorf("the lesson's end is not said:\n%s", h.m.View())
	}
}
