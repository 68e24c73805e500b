package web

import (
	"errors"
	"net/http"
	"slices"
	"sort"
	"time"

	"deuce/games"
	"deuce/store"
)

// Profiles (/u/NAME) and leaderboards.
const (
	profileTables  = 200 // tables read for a profile's recent matches and results
	profileRecent  = 20  // recent matches shown
	profileHistory = 200 // rating points per game in the chart
	leaderboardLen = 100
)

type ratingInfo struct {
	Game        string  `json:"game"`
	Title       string  `json:"title"`
	Rating      float64 `json:"rating"`
	RD          float64 `json:"rd"`
	Provisional bool    `json:"provisional"`
	Games       int     `json:"games"`
	// History is the rating after each rated match, oldest first.
	History []ratingPoint `json:"history"`
}

type ratingPoint struct {
	Table  string  `json:"table"`
	Rating float64 `json:"rating"`
	RD     float64 `json:"rd"`
	// Provisional: the rating after this match was still provisional (shown "1500?").
	Provisional bool      `json:"provisional"`
	At          time.Time `json:"at"`
}

// recentMatch is one of a player's matches as the profile lists it.
type recentMatch struct {
	Table    string       `json:"table"`
	Game     string       `json:"game"`
	Title    string       `json:"title"`
	Opponent string       `json:"opponent"`
	Status   store.Status `json:"status"`
	// Outcome is "win", "loss" or "draw" once finished, empty before.
	Outcome string `json:"outcome,omitempty"`
	// Ended says how the match ended when not played out: resigned, claimed, time, ...
	Ended string `json:"ended,omitempty"`
	// Score is the result as the game says it, naming seats "player N"; Players names the
	// seats in order, so that a page can write their names instead.
	Score   string   `json:"score,omitempty"`
	Players []string `json:"players"`
	Rated   bool     `json:"rated"`
	// Void: set up as rated, the match did not count, having ended before both players moved.
	Void bool      `json:"void,omitempty"`
	At   time.Time `json:"at"`
	// Seated: the account's own seat is taken (it has been to the table), so an open table
	// waits for the others.
	Seated bool `json:"seated"`
}

// tally counts results.
type tally struct {
	Name   string `json:"name"`
	Title  string `json:"title,omitempty"`
	Wins   int    `json:"wins"`
	Losses int    `json:"losses"`
	Draws  int    `json:"draws"`
}

type profile struct {
	Name    string    `json:"name"`
	Created time.Time `json:"created"`
	// Closed is when the account was closed; its matches are still shown.
	Closed  *time.Time    `json:"closed,omitempty"`
	Ratings []ratingInfo  `json:"ratings"`
	Recent  []recentMatch `json:"recent"`
	// Unfinished are the tables of the last profileTables still open or live (at most
	// profileRecent), however many finished since: the lobby's "Your tables" for an account.
	Unfinished []recentMatch `json:"unfinished"`
	ByGame     []tally       `json:"byGame"`
	ByOpponent []tally       `json:"byOpponent"`
}

func (s *Server) apiUser(w http.ResponseWriter, r *http.Request) {
	if s.accounts == nil {
		writeError(w, http.StatusNotFound, "this server keeps no accounts")
		return
	}
	ctx := r.Context()
	a, err := s.accounts.p.AccountByName(ctx, r.PathValue("name"))
	if errors.Is(err, store.ErrNotFound) {
		writeError(w, http.StatusNotFound, "no player has this name")
		return
	}
	if err != nil {
		s.fail(w, "load the profile", err)
		return
	}
	p := profile{Name: a.Name, Created: a.Created, Ratings: []ratingInfo{}, Recent: []recentMatch{}, Unfinished: []recentMatch{}, ByGame: []tally{}, ByOpponent: []tally{}}
	if !a.Closed.IsZero() {
		p.Closed = &a.Closed
	}
	ratings, err := s.accounts.p.Ratings(ctx, a.ID)
	if err != nil {
		s.fail(w, "load the profile", err)
		return
	}
	for _, gr := range ratings {
		ri := ratingInfo{Game: gr.Game, Title: gameTitle(gr.Game), Rating: gr.Rating.Rating, RD: gr.RD, Provisional: gr.Provisional(), Games: gr.Games, History: []ratingPoint{}}
		hist, err := s.accounts.p.RatingHistory(ctx, a.ID, gr.Game, profileHistory)
		if err != nil {
			s.fail(w, "load the profile", err)
			return
		}
		for _, h := range hist {
			ri.History = append(ri.History, ratingPoint{Table: h.TableID, Rating: h.Rating.Rating, RD: h.RD, Provisional: h.Provisional(), At: h.At})
		}
		p.Ratings = append(p.Ratings, ri)
	}
	tables, err := s.accounts.p.PlayerTables(ctx, a.ID, profileTables)
	if err != nil {
		s.fail(w, "load the profile", err)
		return
	}
	// The store lists the tables by when the account joined them, the order "Your tables"
	// keeps (rows that do not move as their matches go on); a recent match shows when it last
	// changed (ended, for most), so that is the order of Recent: a rematch offered before another
	// match and played after it comes first.
	byGame, byOpp := map[string]*tally{}, map[string]*tally{}
	for _, pt := range tables {
		m := recentMatch{Table: pt.ID, Game: pt.Game, Title: gameTitle(pt.Game), Status: pt.Status, Rated: pt.Rated, Void: pt.Void, At: pt.Updated, Ended: pt.Ended}
		if pt.Seat >= 0 && pt.Seat < len(pt.Seats) {
			m.Seated = pt.Seats[pt.Seat].Claimed
		}
		for i, seat := range pt.Seats {
			if i != pt.Seat && m.Opponent == "" {
				m.Opponent = seat.Name
			}
			m.Players = append(m.Players, seat.Name)
		}
		if pt.Result != nil && pt.Result.Over && pt.Seat < len(pt.Result.Returns) {
			m.Score = pt.Result.Score
			m.Outcome = outcome(pt.Result.Returns, pt.Seat)
			// A void match (rated, ended before every player moved) counted against its loser
			// only: Recent lists it, marked so, and the tallies count it as the ratings did, a
			// loss for the loser and nothing for the winner.
			if !pt.Void || m.Outcome == "loss" {
				count(byGame, pt.Game, m.Outcome)
				count(byOpp, m.Opponent, m.Outcome)
			}
		}
		p.Recent = append(p.Recent, m)
		if (pt.Status == store.Open || pt.Status == store.Live) && len(p.Unfinished) < profileRecent {
			p.Unfinished = append(p.Unfinished, m)
		}
	}
	slices.SortStableFunc(p.Recent, func(a, b recentMatch) int { return b.At.Compare(a.At) })
	p.Recent = p.Recent[:min(len(p.Recent), profileRecent)]
	p.ByGame, p.ByOpponent = sorted(byGame), sorted(byOpp)
	for i := range p.ByGame {
		p.ByGame[i].Title = gameTitle(p.ByGame[i].Name)
	}
	writeJSON(w, http.StatusOK, p)
}

// outcome is seat's result: a loss when another seat has a better return, a win when another
// has a worse one (a doubles partner shares the win), a draw when all are equal.
func outcome(returns []float64, seat int) string {
	better, worse := false, false
	for i, r := range returns {
		better = better || i != seat && r > returns[seat]
		worse = worse || i != seat && r < returns[seat]
	}
	switch {
	case better:
		return "loss"
	case worse:
		return "win"
	}
	return "draw"
}

func count(m map[string]*tally, key, outcome string) {
	t := m[key]
	if t == nil {
		t = &tally{Name: key}
		m[key] = t
	}
	switch outcome {
	case "win":
		t.Wins++
	case "loss":
		t.Losses++
	default:
		t.Draws++
	}
}

// sorted lists tallies, most matches first.
func sorted(m map[string]*tally) []tally {
	out := make([]tally, 0, len(m))
	for _, t := range m {
		out = append(out, *t)
	}
	sort.Slice(out, func(i, j int) bool {
		ni, nj := out[i].Wins+out[i].Losses+out[i].Draws, out[j].Wins+out[j].Losses+out[j].Draws
		if ni != nj {
			return ni > nj
		}
		return out[i].Name < out[j].Name
	})
	return out
}

type leader struct {
	Rank        int     `json:"rank"`
	Name        string  `json:"name"`
	Rating      float64 `json:"rating"`
	RD          float64 `json:"rd"`
	Provisional bool    `json:"provisional"`
	Games       int     `json:"games"`
}

func (s *Server) apiLeaderboard(w http.ResponseWriter, r *http.Request) {
	g, err := games.Lookup(r.PathValue("game"))
	if err != nil {
		writeError(w, http.StatusNotFound, err.Error())
		return
	}
	out := []leader{}
	if s.accounts != nil {
		list, err := s.accounts.p.Leaderboard(r.Context(), g.Name, leaderboardLen)
		if err != nil {
			s.fail(w, "load the leaderboard", err)
			return
		}
		for i, l := range list {
			out = append(out, leader{Rank: i + 1, Name: l.Name, Rating: l.Rating.Rating, RD: l.RD, Provisional: l.Provisional(), Games: l.Games})
		}
	}
	// The game's bots with their fixed ratings, strongest first: the scale's landmarks.
	bots := []botAnchor{}
	for _, b := range games.Bots(g) {
		if r, ok := botAnchors[b.Name]; ok && b.Name != "heuristic" {
			bots = append(bots, botAnchor{Name: b.Name, Rating: r})
		}
	}
	slices.Reverse(bots)
	writeJSON(w, http.StatusOK, map[string]any{"game": g.Name, "title": g.Title, "leaders": out, "bots": bots})
}

// botAnchor is a bot level's fixed rating, as the leaderboard lists it.
type botAnchor struct {
	Name   string  `json:"name"`
	Rating float64 `json:"rating"`
}
