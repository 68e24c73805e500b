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
	if _, _, err := deuce(t, "", "learn", "squash"); err == nil || !strings.Contains(err.Error(), "centercourt") {
		t.Errorf("deuce learn squash: %v", err)
	}
}
