package web

import (
	"errors"
	"net/http"
	"strconv"

	"deuce/match"
	"deuce/tutorial"
)

// The tutorials' HTTP face: the lessons themselves are package tutorial's, which the terminal
// (deuce learn) teaches too.

// tutorialInfo lists a tutorial in the lobby.
type tutorialInfo struct {
	Game  string `json:"game"`
	Title string `json:"title"`
	Steps int    `json:"steps"`
}

// tutorialFrame is one step: what the learner sees, as a table update shows it, with the move
// to make and why.
type tutorialFrame struct {
	Game  string `json:"game"`
	Title string `json:"title"`
	Intro string `json:"intro"`
	Step  int    `json:"step"`
	Steps int    `json:"steps"`
	// Done is set on the frame after the last step.
	Done   bool         `json:"done"`
	Seats  []seatPublic `json:"seats"`
	Update match.Update `json:"update"`
	// Expect is the move to play and Lesson why, on every frame but the last.
	Expect *match.Choice `json:"expect,omitempty"`
	Lesson string        `json:"lesson,omitempty"`
}

func (s *Server) apiTutorials(w http.ResponseWriter, _ *http.Request) {
	out := []tutorialInfo{}
	for _, game := range tutorial.Games() {
		t, err := tutorial.For(game)
		if err != nil {
			s.log.Error("tutorial", "game", game, "err", err)
			continue
		}
		out = append(out, tutorialInfo{Game: game, Title: t.Game().Title, Steps: t.Steps()})
	}
	writeJSON(w, http.StatusOK, out)
}

// apiTutorial returns step ?step=N (from 0) of a game's tutorial; N equal to the number of
// steps gives the final position.
func (s *Server) apiTutorial(w http.ResponseWriter, r *http.Request) {
	game := r.PathValue("game")
	t, err := tutorial.For(game)
	if errors.Is(err, tutorial.ErrNoTutorial) {
		writeError(w, http.StatusNotFound, "no tutorial for that game")
		return
	}
	if err != nil {
		s.log.Error("tutorial", "game", game, "err", err)
		writeError(w, http.StatusInternalServerError, "the tutorial could not be prepared")
		return
	}
	step := 0
	if q := r.URL.Query().Get("step"); q != "" {
		n, err := strconv.Atoi(q)
		if err != nil || n < 0 || n > t.Steps() {
			writeError(w, http.StatusBadRequest, "step must be a number from 0 to "+strconv.Itoa(t.Steps()))
			return
		}
		step = n
	}
	f, err := t.Frame(step)
	if err != nil {
		s.log.Error("tutorial", "game", game, "err", err)
		writeError(w, http.StatusInternalServerError, "the tutorial does not replay")
		return
	}
	out := tutorialFrame{Game: game, Title: t.Game().Title, Intro: t.Intro(), Step: f.Step, Steps: f.Steps, Done: f.Done,
		Update: f.Update, Expect: f.Expect, Lesson: f.Lesson}
	for _, si := range t.Seats() {
		out.Seats = append(out.Seats, seatPublic{Name: si.Name, Bot: si.Bot, Claimed: true})
	}
	writeJSON(w, http.StatusOK, out)
}
