package tutorial_test

import (
	"errors"
	"strings"
	"testing"

	"deuce/games"
	"deuce/tutorial"
)

// Every game has a tutorial whose every step asks for a legal move, explained, and whose last
// frame asks for none.
func TestEveryGameHasALesson(t *testing.T) {
	if got, want := len(tutorial.Games()), len(games.All()); got != want {
		t.Fatalf("%d tutorials, want one per game (%d)", got, want)
	}
	for _, name := range tutorial.Games() {
		tu, err := tutorial.For(name)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		// The bot is named as a table against it names it, in the browser and the terminal.
		if tu.Steps() == 0 || tu.Intro() == "" || tu.Seats()[0].Name != "You" || tu.Seats()[1].Name != "easy bot" {
			t.Errorf("%s: %d steps, intro %q, seats %v", name, tu.Steps(), tu.Intro(), tu.Seats())
		}
		for step := range tu.Steps() + 1 {
			f, err := tu.Frame(step)
			if err != nil {
				t.Fatalf("%s step %d: %v", name, step, err)
			}
			if f.Done != (step == tu.Steps()) {
				t.Errorf("%s step %d: done %v", name, step, f.Done)
			}
			if f.Done {
				if f.Expect != nil || len(f.Update.Legal) != 0 {
					t.Errorf("%s: the last frame asks for %v among %d moves", name, f.Expect, len(f.Update.Legal))
				}
				continue
			}
			if f.Expect == nil {
				t.Fatalf("%s step %d: no move asked for", name, step)
			}
			legal := false
			for _, c := range f.Update.Legal {
				legal = legal || c.Action == f.Expect.Action && c.Text == f.Expect.Text
			}
			if !legal || !strings.Contains(f.Lesson, "«") {
				t.Errorf("%s step %d: expects %v, legal %v, lesson %q", name, step, f.Expect, legal, f.Lesson)
			}
		}
	}
}

// TestAlakaSLAMSaysWhy: AlakaSLAM's lesson says why as well as what: every hit says where its
// cards send the ball, and the point's loss says why it is lost.
func TestAlakaSLAMSaysWhy(t *testing.T) {
	tu, err := tutorial.For("alakaslam")
	if err != nil {
		t.Fatal(err)
	}
	hits, concedes := 0, 0
	for step := range tu.Steps() {
		f, _ := tu.Frame(step)
		switch f.Expect.Text {
		case "hit":
			hits++
			if !strings.Contains(f.Lesson, "your cards send the ball") {
				t.Errorf("step %d: %q says not where the ball goes", step, f.Lesson)
			}
		case "concede":
			concedes++
			if !strings.Contains(f.Lesson, "away") && !strings.Contains(f.Lesson, "no legal hit") && !strings.Contains(f.Lesson, "lands out") {
				t.Errorf("step %d: %q says not why the point is lost", step, f.Lesson)
			}
		}
	}
	if hits == 0 {
		t.Fatalf("the lesson has %d hits: the check checks nothing", hits)
	}
	_ = concedes // the lesson ends on a point won; a deal where the learner concedes is checked in TestAlakaSLAMConcedeSaysWhy
}

// Love Means Nothing's lesson reads each card it plays in words (its notation, «BL+FL>BC», is
// what a newcomer cannot read yet), and tells the set-up's "done" from a turn's; Center Court's
// single-card returns say which shot they answer, so that two in a row read apart.
func TestLessonsReadTheirCards(t *testing.T) {
	tu, err := tutorial.For("lmn")
	if err != nil {
		t.Fatal(err)
	}
	words := map[string]string{"prep": "defends", "defend": "its defence covers", "aim": "its shot goes to", "serve": "its shot goes to"}
	seen := map[string]int{}
	for step := range tu.Steps() {
		f, _ := tu.Frame(step)
		verb, _, _ := strings.Cut(f.Expect.Text, " ")
		if want, ok := words[verb]; ok {
			seen[verb]++
			if !strings.Contains(f.Lesson, want) || strings.ContainsAny(strings.SplitN(f.Lesson, "»", 2)[1], "+>") {
				t.Errorf("step %d: %q reads not its card in words (%q)", step, f.Lesson, want)
			}
		}
		if f.Expect.Text == "done" {
			seen["done"]++
			if step == 2 != strings.Contains(f.Lesson, "set-up") {
				t.Errorf("step %d: %q", step, f.Lesson)
			}
		}
	}
	if len(seen) != len(words)+1 {
		t.Fatalf("the lesson plays %v: the check misses some", seen)
	}
	tu, err = tutorial.For("centercourt")
	if err != nil {
		t.Fatal(err)
	}
	said := map[string]int{}
	for step := range tu.Steps() {
		f, _ := tu.Frame(step)
		said[f.Lesson]++
		if said[f.Lesson] > 1 {
			t.Errorf("step %d says what an earlier step said: %q", step, f.Lesson)
		}
	}
}

// Every lesson ends as a point is won, its last frame showing that point's end (not the next
// one begun, which left Worldwide's mid-rally), and Worldwide's starts at 0-0, the learner
// serving.
func TestLessonsEndWithAPoint(t *testing.T) {
	for _, game := range tutorial.Games() {
		tu, err := tutorial.For(game)
		if err != nil {
			t.Fatal(err)
		}
		last, _ := tu.Frame(tu.Steps())
		before, _ := tu.Frame(tu.Steps() - 1)
		if last.Update.Result.Score == before.Update.Result.Score && !last.Update.Result.Over {
			t.Errorf("%s: the lesson ends at %q, the score of its last step: mid-point", game, last.Update.Result.Score)
		}
		if n := len(last.Update.Log); n > 0 && game == "worldwide" && strings.Contains(last.Update.Log[n-1], "serve") {
			t.Errorf("%s: the lesson's last frame has the next point begun: %q", game, last.Update.Log[n-1])
		}
	}
	tu, _ := tutorial.For("worldwide")
	// Its serves say why: the first may risk a hard card, the second (after a fault) plays safe.
	second, _ := tu.Frame(1)
	if first, _ := tu.Frame(0); !strings.Contains(first.Lesson, "first serve may risk") || !strings.Contains(second.Lesson, "this is your second serve") {
		t.Errorf("Worldwide's serves: %q, then %q; want the first's risk and the second serve told", first.Lesson, second.Lesson)
	}
	first, _ := tu.Frame(0)
	if first.Update.Result.Score != "0-0" || !strings.HasPrefix(first.Expect.Text, "serve") {
		t.Errorf("Worldwide's lesson starts at %q with %q; want 0-0, the learner serving", first.Update.Result.Score, first.Expect.Text)
	}
}

func TestNoLesson(t *testing.T) {
	if _, err := tutorial.For("chess"); !errors.Is(err, tutorial.ErrNoTutorial) || !strings.Contains(err.Error(), "centercourt") {
		t.Errorf("For(chess): %v, want an error naming the tutorials", err)
	}
	tu, err := tutorial.For("pencil")
	if err != nil {
		t.Fatal(err)
	}
	for _, step := range []int{-1, tu.Steps() + 1} {
		if _, err := tu.Frame(step); err == nil {
			t.Errorf("Frame(%d) of %d steps: no error", step, tu.Steps())
		}
	}
}
