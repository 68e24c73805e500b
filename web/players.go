package web

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"strings"
	"time"

	"deuce/clock"
	"deuce/engine"
	"deuce/games"
	"deuce/match"
	"deuce/rating"
	"deuce/store"
)

// playerRoutes adds the routes of accounts, profiles, seeks and leaderboards.
func (s *Server) playerRoutes(mux *http.ServeMux) {
	mux.HandleFunc("GET /api/account", s.apiAccount)
	mux.HandleFunc("POST /api/account/signup", s.apiSignUp)
	mux.HandleFunc("POST /api/account/signin", s.apiSignIn)
	mux.HandleFunc("POST /api/account/signout", s.apiSignOut)
	mux.HandleFunc("POST /api/account/signout-everywhere", s.apiSignOutEverywhere)
	mux.HandleFunc("POST /api/account/password", s.apiChangePassword)
	mux.HandleFunc("POST /api/account/close", s.apiCloseAccount)
	mux.HandleFunc("POST /api/account/bot-tokens", s.apiBotToken)
	mux.HandleFunc("DELETE /api/account/bot-tokens", s.apiRevokeBotTokens)
	mux.HandleFunc("GET /api/account/bot-tokens", s.apiListBotTokens)
	mux.HandleFunc("DELETE /api/account/bot-tokens/{id}", s.apiRevokeBotToken)
	mux.HandleFunc("GET /api/users/{name}", s.apiUser)
	mux.HandleFunc("GET /api/leaderboard/{game}", s.apiLeaderboard)
	mux.HandleFunc("GET /api/seeks", s.apiSeeks)
	mux.HandleFunc("POST /api/seeks", s.apiPostSeek)
	mux.HandleFunc("POST /api/seeks/quick", s.apiQuickPair)
	mux.HandleFunc("GET /api/seeks/{id}", s.apiSeek)
	mux.HandleFunc("POST /api/seeks/{id}/accept", s.apiAcceptSeek)
	mux.HandleFunc("DELETE /api/seeks/{id}", s.apiDeleteSeek)
	mux.HandleFunc("POST /api/tables/{id}/claim-time", s.apiClaimTime)
	mux.HandleFunc("GET /u/{name}", s.profilePage)
	mux.HandleFunc("GET /leaderboard", uiPage("leaderboard.html"))
}

// profilePage serves a player's profile page, or 404 with the page that says so for a name no
// account has.
func (s *Server) profilePage(w http.ResponseWriter, r *http.Request) {
	if s.accounts == nil {
		notFound(w, noPlayer)
		return
	}
	_, err := s.accounts.p.AccountByName(r.Context(), r.PathValue("name"))
	switch {
	case errors.Is(err, store.ErrNotFound):
		notFound(w, noPlayer)
	case err != nil:
		s.log.Error("load account", "err", err)
		http.Error(w, "The profile could not be loaded: try again in a moment.", http.StatusServiceUnavailable)
	default:
		uiPage("profile.html")(w, r)
	}
}

// uiPage serves one of the embedded pages.
func uiPage(name string) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Cache-Control", "no-cache")
		http.ServeFileFS(w, r, ui, "ui/"+name)
	}
}

// now is the server's time: the system clock, or the fake one of tests.
func (s *Server) now() time.Time { return s.clock.Now() }

// botAnchors are the fixed ratings of the bot levels: a bot's rating never moves, so beating
// or losing to it places a person on one scale. hard at 1700 means a person rated 1700 wins
// half their matches against hard. expert wins 58-73% of its matches against hard (README's
// strength table), 56-173 rating points: 1800 is about the middle.
var botAnchors = map[string]float64{
	"random": 700, "heuristic": 1200, "easy": 1200, "medium": 1450, "hard": 1700, "expert": 1800, "equilibrium": 2000,
}

// anchorRD is the deviation of an anchored bot rating: well known, so a match against a bot
// moves a person's rating about as much as one against a settled player.
const anchorRD = 60

// botRating returns the anchored rating of a bot level.
func botRating(level string) rating.Rating {
	r, ok := botAnchors[level]
	if !ok {
		r = rating.DefaultRating
	}
	return rating.Rating{Rating: r, RD: anchorRD, Volatility: rating.DefaultVolatility}
}

// tableOptions is what a create request adds to a table for accounts: the clock, whether it
// is rated, and the seat the signed-in creator takes.
type tableOptions struct {
	Rated bool   `json:"rated,omitempty"`
	Clock string `json:"clock,omitempty"`
}

// settle applies a create request's account options to a new table: the "me" seats are held
// by the signed-in account (not by a token), and a rated table is checked to be one. It
// returns what to store with the table.
func (s *Server) settle(r *http.Request, t *store.Table, tokens []string, me []bool, opts tableOptions) (*store.TableInfo, error) {
	if _, err := clock.Parse(opts.Clock); err != nil {
		return nil, err
	}
	info := &store.TableInfo{TableID: t.ID, Rated: opts.Rated, Clock: opts.Clock, Accounts: make([]int64, len(t.Seats))}
	var a *store.Account
	for i, m := range me {
		if !m {
			continue
		}
		if a != nil {
			return nil, errors.New("take one seat as yourself: the others are for bots or people you invite")
		}
		if a = s.accountOf(r); a == nil {
			return nil, errors.New("sign in to take a seat as yourself")
		}
		if t.Seats[i].Bot != "" {
			return nil, fmt.Errorf("seat %d is a bot's", i+1)
		}
		t.Seats[i].Name, t.Seats[i].Account, t.Seats[i].TokenHash = a.Name, a.Name, ""
		tokens[i] = ""
		info.Accounts[i] = a.ID
	}
	if err := s.checkGuestNames(r, t); err != nil {
		return nil, err
	}
	if opts.Rated {
		if err := checkRated(t, info.Accounts); err != nil {
			return nil, err
		}
	}
	if !opts.Rated && opts.Clock == "" && a == nil {
		return nil, nil
	}
	return info, nil
}

// checkGuestNames refuses a seat's name that passes for someone it is not: a person's seat
// named like a bot ("hard bot"), and, where there are accounts, a seat not held by an account
// named like one, in any case or in look-alike letters (lookalike: "сarol_1" with a Cyrillic
// с), unless it is a person's seat and that account is the one creating the table (a player
// handing out link seats under their own name). A bot never carries a registered player's
// name. A guest or a bot must not pass for a registered player in the lobby, the chat or a
// replay.
func (s *Server) checkGuestNames(r *http.Request, t *store.Table) error {
	for i, seat := range t.Seats {
		if seat.Bot == "" && seat.Account == "" && botLike(seat.Name) {
			return fmt.Errorf("seat %d: %q is how a bot is named: choose another name", i+1, seat.Name)
		}
	}
	if s.accounts == nil {
		return nil
	}
	var creator *store.Account
	for i, seat := range t.Seats {
		if seat.Account != "" || seat.Name == "" {
			continue
		}
		a, err := s.registeredLike(r.Context(), seat.Name)
		switch {
		case errors.Is(err, store.ErrNotFound):
			continue
		case err != nil:
			return fmt.Errorf("seat %d: the name could not be checked now: try again", i+1)
		}
		if seat.Bot != "" {
			return fmt.Errorf("seat %d: %q is a registered player's name, which a bot may not carry: choose another name", i+1, seat.Name)
		}
		if creator == nil {
			creator = s.accountOf(r)
		}
		if creator == nil || creator.ID != a.ID {
			if !strings.EqualFold(a.Name, seat.Name) {
				return fmt.Errorf("seat %d: %q looks like %q, a registered player's name: choose another name", i+1, seat.Name, a.Name)
			}
			return fmt.Errorf("seat %d: %q is a registered player's name, and a seat's link plays for whoever opens it: leave the name blank to invite them by the link, choose another name, or (if it is you) sign in and take the seat as yourself", i+1, seat.Name)
		}
	}
	return nil
}

// registeredLike is the account named name, or like it in look-alike letters ("сarol_1" with a
// Cyrillic с for carol_1); store.ErrNotFound when there is none.
func (s *Server) registeredLike(ctx context.Context, name string) (*store.Account, error) {
	a, err := s.accounts.p.AccountLike(ctx, name)
	like := lookalike(name)
	if errors.Is(err, store.ErrNotFound) && like != strings.ToLower(name) && checkName(like) == nil {
		a, err = s.accounts.p.AccountLike(ctx, like)
	}
	return a, err
}

// botLike reports whether a person's name reads as a bot seat's: a bot level followed by "bot"
// ("hard bot", the name a bot seat gets), in any case or look-alike letters. A level alone
// ("Random") is a name like any other.
func botLike(name string) bool { return botLevelOf(name) != "" }

// botLevelOf is the bot level a name reads as (botLike), or "".
func botLevelOf(name string) string {
	like := strings.Join(strings.Fields(lookalike(name)), " ")
	// A seat's number after it, as bots of one level at one table are told apart ("easy bot 2").
	like = strings.TrimRight(strings.TrimRight(like, "0123456789"), " ")
	level := strings.TrimSpace(strings.TrimSuffix(like, "bot"))
	if level == like || !botLevels[level] {
		return ""
	}
	return level
}

// botLevels are the names of every game's bots.
var botLevels = func() map[string]bool {
	m := map[string]bool{}
	for _, g := range games.All() {
		for _, b := range games.BotNames(g) {
			m[strings.ToLower(b)] = true
		}
	}
	return m
}()

// checkRated reports why a table cannot be rated: a rated match is between two seats, each an
// account or a bot.
func checkRated(t *store.Table, accounts []int64) error {
	if len(t.Seats) != 2 {
		return errors.New("a rated table has two seats")
	}
	for i, seat := range t.Seats {
		if seat.Bot == "" && accounts[i] == 0 {
			return fmt.Errorf(`a rated table is between signed-in players and bots: seat %d is neither (take your own seat with {"me": true}, a bot's with {"bot": "LEVEL"})`, i+1)
		}
	}
	if t.Seats[0].Bot != "" && t.Seats[1].Bot != "" {
		return errors.New("a rated table has a person in it")
	}
	return nil
}

// clockOf returns the clock of a table being started: a fresh one, or the saved one resumed.
func (s *Server) clockOf(ctx context.Context, t *store.Table) (*clock.Clock, error) {
	if s.accounts == nil {
		return nil, nil
	}
	info, err := s.accounts.p.TableInfo(ctx, t.ID)
	if err != nil || info.Clock == "" {
		return nil, err
	}
	c, err := clock.Parse(info.Clock)
	if err != nil {
		return nil, err
	}
	if info.ClockState == nil {
		return clock.New(c, len(t.Seats)), nil
	}
	var saved clock.Saved
	if err := json.Unmarshal(info.ClockState, &saved); err != nil {
		return nil, fmt.Errorf("decode clock: %w", err)
	}
	return clock.Restore(saved, s.now())
}

// clockSaver returns the function a match saves its clock with. Under a lease (epoch > 0) the
// save is fenced like a move: a node that lost the table cannot overwrite the clocks of the
// node that runs it now, and learns that it lost it.
func (s *Server) clockSaver(id string, epoch int64) func(ctx context.Context, c clock.Saved) error {
	if s.accounts == nil {
		return nil
	}
	return func(ctx context.Context, c clock.Saved) error {
		b, err := json.Marshal(savedClock{Saved: c, At: s.now()})
		if err != nil {
			return err
		}
		if epoch == 0 {
			return s.accounts.p.SaveClock(ctx, id, b)
		}
		err = s.cl.node.SaveClock(ctx, id, epoch, b)
		if errors.Is(err, store.ErrLeaseLost) {
			s.leaseLost(id, epoch)
		}
		return err
	}
}

// savedClock is a table's clock as stored: clock.Saved, which a restart resumes, and when it
// was saved, from which a node that does not run the table counts down the running clocks.
type savedClock struct {
	clock.Saved
	At time.Time `json:"at,omitzero"`
}

// followedClock returns the clocks of table id, which another node runs, at now: as last
// saved, the running ones counted down since (nil for an untimed table).
func (s *Server) followedClock(ctx context.Context, id string, seats int) (*match.ClockView, error) {
	if s.accounts == nil {
		return nil, nil
	}
	info, err := s.accounts.p.TableInfo(ctx, id)
	if err != nil || info.Clock == "" {
		return nil, err
	}
	c, err := clock.Parse(info.Clock)
	if err != nil {
		return nil, err
	}
	saved := savedClock{Saved: clock.New(c, seats).Save(s.now())}
	if info.ClockState != nil {
		if err := json.Unmarshal(info.ClockState, &saved); err != nil {
			return nil, fmt.Errorf("decode clock: %w", err)
		}
	}
	v := &match.ClockView{Control: saved.Control.String(), Kind: saved.Control.Kind, Left: saved.Left, Running: saved.Running}
	if !saved.At.IsZero() {
		for _, seat := range saved.Running {
			if seat >= 0 && seat < len(v.Left) {
				v.Left[seat] -= s.now().Sub(saved.At).Milliseconds()
			}
		}
	}
	return v, nil
}

// matchClock is the clock part of a match's configuration.
func (s *Server) matchClock(ctx context.Context, t *store.Table, epoch int64, cfg *match.Config) error {
	k, err := s.clockOf(ctx, t)
	if err != nil {
		return fmt.Errorf("clock of table %s: %w", t.ID, err)
	}
	cfg.TableClock, cfg.SaveClock, cfg.SaveEnd = k, s.clockSaver(t.ID, epoch), s.saveEnd(t.ID, epoch)
	return nil
}

// startClock runs the clock of lt, held while it waited for a person to take a seat: nobody's
// time runs before every player has come, so a seek's author who is late, or the player offered
// a rematch, loses no time to the wait.
func (s *Server) startClock(ctx context.Context, lt *liveTable) {
	if err := lt.m.StartClock(context.WithoutCancel(ctx)); err != nil && !errors.Is(err, match.ErrClosed) {
		s.log.Warn("start clock", "table", lt.id, "err", err)
	}
}

// finish saves a table's last moves with its result and, in the same transaction, the rating
// change of a rated table. A resignation or an abandonment is a result like any other: the
// seat that gave up has the lower return, and loses.
// Under a lease (epoch > 0) the write is fenced: a node that lost the table writes nothing.
func (s *Server) finish(ctx context.Context, id string, epoch int64, at int, moves []engine.Move, status store.Status, why string, result *engine.Result) error {
	t, err := s.store.Get(ctx, id)
	if err != nil {
		return err
	}
	var rate store.RateFunc
	if result != nil {
		rate = rateFunc(t, moves, result)
	}
	if epoch != 0 {
		return s.cl.node.Finish(ctx, id, epoch, at, moves, status, why, result, rate)
	}
	return s.accounts.p.Finish(ctx, id, at, moves, status, why, result, rate)
}

// saveEnd returns how a table's early end (resignation, a claim, time) is saved: Finished with
// its result, Abandoned without one, rated in the same transaction where the table is rated.
func (s *Server) saveEnd(id string, epoch int64) func(ctx context.Context, why string, at int, result *engine.Result) error {
	return func(ctx context.Context, why string, at int, result *engine.Result) error {
		status := store.Abandoned
		if result != nil {
			status = store.Finished
		}
		ctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), saveTimeout)
		defer cancel()
		var err error
		switch {
		case s.accounts != nil:
			err = s.finish(ctx, id, epoch, at, nil, status, why, result)
		case epoch != 0:
			err = s.cl.node.End(ctx, id, epoch, at, status, why, result)
		default:
			err = s.store.End(ctx, id, at, status, why, result)
		}
		if err != nil {
			s.metrics.storeErrors.WithLabelValues("end").Inc()
		}
		return err
	}
}

// rateFunc returns the Glicko-2 update of a two-seat table's result, moves being those played
// since t was saved; a bot seat plays at its anchored rating and is never changed. A match that
// ends before every person at it has moved (a resignation at once, a first move never played in
// time, a claim against a player who never came back to move) counts against its loser only,
// the winner's rating standing (store.RateFunc's zero Rating; the table is saved void): counted
// for both, two accounts could trade rating points by resigning at once; counted for neither, a
// player could resign every deal that looked bad, before moving, at no cost. (A move each, then
// a resignation, counts for both, as it does elsewhere: the limits on seeks and tables bound how
// often.)
func rateFunc(t *store.Table, moves []engine.Move, result *engine.Result) store.RateFunc {
	return func(cur []rating.Rating) ([]rating.Rating, error) {
		if len(cur) != 2 || len(result.Returns) != 2 {
			return cur, nil
		}
		moved := make([]bool, len(t.Seats))
		for _, list := range [][]engine.Move{t.Moves, moves} {
			for _, m := range list {
				if m.Seat >= 0 && int(m.Seat) < len(moved) {
					moved[m.Seat] = true
				}
			}
		}
		early := false // ended before every person moved
		for i, seat := range t.Seats {
			early = early || seat.Bot == "" && !moved[i]
		}
		if early && result.Returns[0] == result.Returns[1] {
			return nil, store.ErrUnrated // no loser to count it against
		}
		for i, seat := range t.Seats {
			if seat.Bot != "" {
				cur[i] = botRating(seat.Bot)
			}
		}
		next := make([]rating.Rating, 2)
		for i := range 2 {
			score := 0.5
			switch ri, rj := result.Returns[i], result.Returns[1-i]; {
			case ri > rj:
				score = 1
			case ri < rj:
				score = 0
			}
			var err error
			if t.Seats[i].Bot != "" {
				next[i] = cur[i]
				continue
			}
			if early && score > 0 {
				next[i] = rating.Rating{} // the winner's rating stands
				continue
			}
			if next[i], err = rating.Update(cur[i], []rating.Result{{Opponent: cur[1-i], Score: score}}, 0); err != nil {
				return nil, err
			}
		}
		return next, nil
	}
}

// apiClaimTime lets a player of a correspondence table claim the win when the opponent has
// overstayed a turn.
func (s *Server) apiClaimTime(w http.ResponseWriter, r *http.Request) {
	var req struct {
		Token string `json:"token"`
	}
	if err := decodeBody(r, &req); err != nil {
		badBody(w, err)
		return
	}
	t, seat, ok := s.playerAt(w, r, req.Token, "only a player of this table can claim the time")
	if !ok {
		return
	}
	lt := s.table(t.ID)
	if lt == nil {
		writeError(w, http.StatusConflict, "the match is over")
		return
	}
	err := lt.m.ClaimTime(r.Context(), seat)
	switch {
	case errors.Is(err, match.ErrNoClaim):
		writeError(w, http.StatusConflict, err.Error())
	case errors.Is(err, match.ErrOver), errors.Is(err, match.ErrClosed):
		e, status := s.endedRefusal(lt, err), http.StatusConflict
		if e.Code == codeUnavailable {
			status = http.StatusServiceUnavailable
		}
		writeError(w, status, e.Error)
	case err != nil:
		s.log.Error("claim time", "table", t.ID, "err", err)
		writeError(w, http.StatusInternalServerError, "could not claim the time")
	default:
		writeJSON(w, http.StatusOK, map[string]bool{"ok": true})
	}
}

// seatFor returns the seat a request plays at a table: by its seat token, or, without one, the
// seat its account holds; engine.Spectator for neither.
// playerAt loads r's table and the seat token (or, without one, the signed-in account) holds
// there; it answers 403 with refusal, and reports false, when that is no player's seat.
func (s *Server) playerAt(w http.ResponseWriter, r *http.Request, token, refusal string) (*store.Table, engine.Seat, bool) {
	t, ok := s.loadTable(w, r)
	if !ok {
		return nil, 0, false
	}
	seat, err := s.seatFor(r, t, token)
	if err != nil || seat < 0 {
		writeError(w, http.StatusForbidden, refusal)
		return nil, 0, false
	}
	return t, seat, true
}

func (s *Server) seatFor(r *http.Request, t *store.Table, token string) (engine.Seat, error) {
	return seatAt(t, token, s.accountOf(r))
}

// accountSeat returns the seat account a holds at t, or engine.Spectator.
func accountSeat(t *store.Table, a *store.Account) engine.Seat {
	if a == nil {
		return engine.Spectator
	}
	for i, seat := range t.Seats {
		if seat.Account != "" && seat.Account == a.Name {
			return engine.Seat(i)
		}
	}
	return engine.Spectator
}

// gameTitle returns a game's title, its name when unknown.
func gameTitle(name string) string {
	if g, err := games.Lookup(name); err == nil {
		return g.Title
	}
	return name
}

// seatsAsMe lists which seats of a create request the creator takes as their account.
func seatsAsMe(seats []seatRequest) []bool {
	me := make([]bool, len(seats))
	for i, sr := range seats {
		me[i] = sr.Me
	}
	return me
}

// createTable stores a new table with what accounts add to it (info, nil for nothing).
func (s *Server) createTable(ctx context.Context, t *store.Table, info *store.TableInfo) error {
	if err := s.store.Create(ctx, t); err != nil {
		return err
	}
	if info == nil {
		return nil
	}
	if s.accounts == nil {
		return errors.New("this server keeps no accounts")
	}
	return s.accounts.p.SetTableInfo(ctx, *info)
}

// isCorrespondence reports whether a table's clock gives days per move.
func isCorrespondence(k *clock.Clock) bool {
	return k != nil && k.Control().Kind == clock.Correspondence
}

// fail logs an unexpected error and answers 500: "could not " and what.
func (s *Server) fail(w http.ResponseWriter, what string, err error) {
	s.log.Error("could not "+what, "err", err)
	writeError(w, http.StatusInternalServerError, "could not "+what)
}
