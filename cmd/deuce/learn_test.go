package main

import (
	"strings"
	"testing"

	"deuce/tutorial"
)

// deuce learn lists the lessons; deuce learn GAME teaches one at the line prompt: a move the
// step does not ask for is refused with its lesson, the steps' moves go through to the end.
func TestLearn(t *testing.T) {
	out, _, err := deuce(t, "", "learn")
	if err != nil {
		t.Fatal(err)
	}
	for _, game := range tutorial.Games() {
		if !strings.Contains(out, game) {
			t.Errorf("deuce learn does not list %s:\n%s", game, out)
		}
	}
	tu, err := tutorial.For("pencil")
	if err != nil {
		t.Fatal(err)
	}
	first, _ := tu.Frame(0)
	wrong := first.Update.Legal[0].Text
	if wrong == first.Expect.Text {
		wrong = first.Update.Legal[1].Text
	}
	input := []string{"?", "hint", wrong}
	for step := range tu.Steps() {
		f, _ := tu.Frame(step)
		input = append(input, f.Expect.Text)
	}
	out, _, err = deuce(t, strings.Join(input, "\n")+"\n", "learn", "pencil", "--plain")
	if err != nil {
		t.Fatal(err)
	}
	if strings.Contains(out, "resign") || strings.Contains(out, "seat link") {
		t.Errorf("a lesson's help offers a server table's commands:\n%s", out)
	}
	for _, want := range []string{"Lesson: Tennis on paper", "Step 1 of", "Not this time: this step asks for «" + first.Expect.Text + "»", "The lesson is over",
		"leave the lesson (deuce learn pencil starts it again)", "A lesson has no hints"} {
		if !strings.Contains(out, want) {
			t.Errorf("deuce learn pencil says no %q:\n%s", want, out)
		}
	}
	// Center Court's lesson has steps of one move (its return rule): each waits to be played,
	// as in the browser, so that the step list typed in order plays the lesson to its end.
	cc, err := tutorial.For("centercourt")
	if err != nil {
		t.Fatal(err)
	}
	input, single := nil, 0
	for step := range cc.Steps() {
		f, _ := cc.Frame(step)
		input = append(input, f.Expect.Text)
		if len(f.Update.Legal) == 1 {
			single++
		}
	}
	if single == 0 {
		t.Fatal("Center Court's lesson has no step of one move: the check below checks nothing")
	}
	out, _, err = deuce(t, strings.Join(input, "\n")+"\n", "learn", "centercourt", "--plain")
	if err != nil {
		t.Fatal(err)
	}
	if strings.Contains(out, "played for you") || strings.Contains(out, "Not this time") || !strings.Contains(out, "The lesson is over") {
		t.Errorf("deuce learn centercourt played a step for the learner, or refused a step's move:\n%s", out)
	}
	if _, _, err := deuce(t, "", "learn", "squash"); err == nil || !strings.Contains(err.Error(), "centercourt") {
		t.Errorf("deuce learn squash: %v", err)
	}
}
