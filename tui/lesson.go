package tui

import (
	"context"
	"fmt"
	"io"
	"strings"
	"sync"

	"deuce/engine"
	"deuce/tutorial"
)

// Lesson is a game's tutorial (package tutorial) as a table, the terminal's /learn page: the
// learner plays seat 1 of a fixed deal, every frame says what its step asks for and why
// (Frame.Lesson), only that move goes on, and any other is refused with the step's lesson. The
// other seats' moves and chance are the tutorial's record, played between the steps.
type Lesson struct {
	t    *tutorial.Tutorial
	info Info

	mu sync.Mutex // guards everything below
	// step is the learner's next decision; cur its frame, once Next has made it.
	step  int
	cur   *tutorial.Frame
	turn  personTurn // a step's frame is out until its move is played
	ended bool       // the final frame has been returned
}

// NewLesson makes t's table.
func NewLesson(t *tutorial.Tutorial) *Lesson {
	names := []string{"you"}
	for _, s := range t.Seats()[1:] {
		names = append(names, s.Name)
	}
	return &Lesson{t: t, turn: newPersonTurn(),
		info: Info{Game: t.Game(), Options: t.Options(), Names: names, Where: "lesson"}}
}

// Info describes the lesson's match.
func (l *Lesson) Info() Info { return l.info }

// Intro says what the game is about, before the first step.
func (l *Lesson) Intro() string { return l.t.Intro() }

// Next returns the frame of the learner's next step, once the last one's move is played, and
// the final position after the last step; then io.EOF.
func (l *Lesson) Next(ctx context.Context) (Frame, error) {
	if err := l.turn.await(ctx, &l.mu); err != nil {
		return Frame{}, err
	}
	l.mu.Lock()
	defer l.mu.Unlock()
	if l.ended {
		return Frame{}, io.EOF
	}
	f, err := l.t.Frame(l.step)
	if err != nil {
		return Frame{}, err
	}
	l.cur = &f
	u := f.Update
	out := Frame{Seq: u.Seq, Seat: 0, ToMove: u.ToMove, Pending: u.Pending, View: u.View, Result: u.Result, Played: l.step,
		Log: append([]string{"Lesson: " + l.t.Intro()}, u.Log...)}
	for _, c := range u.Legal {
		out.Legal = append(out.Legal, Choice{Action: c.Action, Text: c.Text})
	}
	if f.Done {
		l.ended = true
		out.Lesson = fmt.Sprintf("The lesson is over: you have played the %s tutorial's %d steps. Play a match: deuce play %s.",
			l.t.Game().Title, f.Steps, l.t.Game().Name)
		if u.Result.Over {
			name := func(s engine.Seat) string { return l.info.Names[s] }
			end := endText(u.Result, "", 0, name)
			if !strings.HasSuffix(end, ".") && !strings.HasSuffix(end, "!") {
				end += "."
			}
			out.Lesson = end + " " + out.Lesson
		}
		return out, nil
	}
	out.Lesson = fmt.Sprintf("Step %d of %d. %s", f.Step+1, f.Steps, f.Lesson)
	out.Suggest = &Choice{Action: f.Expect.Action, Text: f.Expect.Text}
	l.turn.waiting = true
	return out, nil
}

// Play plays the learner's move at the step of seq: the step's move goes on; another, legal or
// not, is refused with what the step asks for.
func (l *Lesson) Play(_ context.Context, seq int, m Move) error {
	l.mu.Lock()
	defer l.mu.Unlock()
	if !l.turn.waiting || l.cur == nil || seq != l.cur.Update.Seq {
		return refusal{reason: "that move answers a position that has changed"}
	}
	a, known := m.Action, m.Text == ""
	for _, c := range l.cur.Update.Legal {
		if m.Text != "" && strings.EqualFold(strings.Join(strings.Fields(m.Text), " "), c.Text) {
			a, known = c.Action, true
		}
	}
	want := l.cur.Expect
	switch {
	case !known:
		return refusal{reason: fmt.Sprintf("%q is not a move here. This step asks for «%s».", m.Text, want.Text)}
	case a != want.Action:
		return refusal{reason: fmt.Sprintf("Not this time: this step asks for «%s». %s", want.Text, l.cur.Lesson)}
	}
	l.step++
	l.turn.played()
	return nil
}

// LessonOver reports whether f is a lesson's final frame: the lesson's end, whether or not its
// match is over, says so (Frame.Lesson).
func LessonOver(f Frame) bool { return f.Lesson != "" && f.ToMove == engine.Nobody }
