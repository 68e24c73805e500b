package web

import (
	"context"
	"errors"
	"fmt"
	"math"
	"net/http"
	"strings"
	"time"

	"deuce/clock"
	"deuce/engine"
	"deuce/games"
	"deuce/rating"
	"deuce/store"
)

// Seeks: a signed-in player offers a game; another accepts it, or the quick-pair button
// matches two compatible offers.
const (
	// seekLife is how long a seek stays in the lobby.
	seekLife = 30 * time.Minute
	// maxSeeks is the most open seeks an account may have.
	maxSeeks = 3
)

// seekRequest is the body of POST /api/seeks and /api/seeks/quick.
type seekRequest struct {
	Game      string `json:"game"`
	Variant   string `json:"variant"`
	Clock     string `json:"clock"`
	Rated     bool   `json:"rated"`
	MinRating int    `json:"minRating"`
	MaxRating int    `json:"maxRating"`
}

// seekInfo is a seek as the lobby shows it.
type seekInfo struct {
	ID          string    `json:"id"`
	Name        string    `json:"name"`
	Rating      int       `json:"rating"`
	Provisional bool      `json:"provisional"`
	Game        string    `json:"game"`
	Title       string    `json:"title"`
	Variant     string    `json:"variant"`
	Clock       string    `json:"clock"`
	Rated       bool      `json:"rated"`
	MinRating   int       `json:"minRating,omitempty"`
	MaxRating   int       `json:"maxRating,omitempty"`
	Created     time.Time `json:"created"`
	Mine        bool      `json:"mine"`
	// Table is the table made when the seek was accepted.
	Table string `json:"table,omitempty"`
}

func infoOf(sk *store.Seek, me *store.Account) seekInfo {
	return seekInfo{
		ID: sk.ID, Name: sk.Name, Rating: sk.Rating, Provisional: sk.Provisional, Game: sk.Game, Title: gameTitle(sk.Game), Variant: sk.Variant,
		Clock: sk.Clock, Rated: sk.Rated, MinRating: sk.MinRating, MaxRating: sk.MaxRating, Created: sk.Created,
		Mine: me != nil && me.ID == sk.Account, Table: sk.TableID,
	}
}

// check validates a seek request and returns the seek it describes for account a.
func (s *Server) check(ctx context.Context, req seekRequest, a *store.Account) (*store.Seek, error) {
	g, err := games.Lookup(req.Game)
	if err != nil {
		return nil, err
	}
	opts, err := g.Variant(req.Variant)
	if err != nil {
		return nil, err
	}
	st, _, err := g.Start(opts)
	if err != nil {
		return nil, err
	}
	if st.NumSeats() != 2 {
		return nil, fmt.Errorf("seeks are for two-player games: %s %s has %s", g.Title, req.Variant, plural(st.NumSeats(), "seat"))
	}
	c, err := clock.Parse(req.Clock)
	if err != nil {
		return nil, err
	}
	if req.MinRating < 0 || req.MaxRating < 0 || req.MaxRating > 4000 || req.MinRating > 4000 ||
		req.MaxRating != 0 && req.MinRating > req.MaxRating {
		return nil, errors.New("the rating range is from 0 to 4000, lowest first")
	}
	r, err := s.ratingIn(ctx, a.ID, g.Name)
	if err != nil {
		return nil, err
	}
	return &store.Seek{
		ID: newID(10), Account: a.ID, Name: a.Name, Game: g.Name, Variant: variantName(g, req.Variant), Clock: c.String(),
		Rated: req.Rated, MinRating: req.MinRating, MaxRating: req.MaxRating, Rating: int(math.Round(r.Rating)), Provisional: r.Provisional(),
	}, nil
}

// variantName is the name of g's variant as g spells it ("" for a game without variants; the
// first variant, which "" stands for, otherwise), so that seeks for one variant, however
// their requests spelled it, pair and show alike.
func variantName(g engine.Game, name string) string {
	for i, v := range g.Variants {
		if name == "" && i == 0 || strings.EqualFold(v.Name, name) {
			return v.Name
		}
	}
	return name
}

// ratingIn returns an account's rating in a game, rating.New before its first rated match.
func (s *Server) ratingIn(ctx context.Context, account int64, game string) (rating.Rating, error) {
	list, err := s.accounts.p.Ratings(ctx, account)
	if err != nil {
		return rating.Rating{}, err
	}
	for _, gr := range list {
		if gr.Game == game {
			return gr.Rating, nil
		}
	}
	return rating.New(), nil
}

// openSeeks returns the seeks still in the lobby.
func (s *Server) openSeeks(ctx context.Context) ([]store.Seek, error) {
	return s.accounts.p.Seeks(ctx, s.now().Add(-seekLife))
}

func (s *Server) apiSeeks(w http.ResponseWriter, r *http.Request) {
	if s.accounts == nil {
		writeJSON(w, http.StatusOK, []seekInfo{})
		return
	}
	me := s.accountOf(r)
	list, err := s.openSeeks(r.Context())
	if err != nil {
		s.fail(w, "list the seeks", err)
		return
	}
	out := make([]seekInfo, 0, len(list))
	for i := range list {
		out = append(out, infoOf(&list[i], me))
	}
	writeJSON(w, http.StatusOK, out)
}

func (s *Server) apiSeek(w http.ResponseWriter, r *http.Request) {
	a := s.signedIn(w, r)
	if a == nil {
		return
	}
	sk, err := s.accounts.p.Seek(r.Context(), r.PathValue("id"))
	if err != nil || sk.Account != a.ID {
		writeError(w, http.StatusNotFound, "no such seek of yours")
		return
	}
	info := infoOf(sk, a)
	if info.Table != "" && !s.tableReady(r.Context(), info.Table) {
		// accept takes the seek before it makes the table, so that two people accepting at
		// once cannot both get one: until the table runs, the seek reads as still waiting,
		// and the seeker is not sent to a table that cannot take a connection yet.
		info.Table = ""
	}
	writeJSON(w, http.StatusOK, info)
}

// tableReady reports whether a connection to the table can be served: it runs on this node,
// it is over, or (in a cluster) it is stored and another node runs or will run it.
func (s *Server) tableReady(ctx context.Context, id string) bool {
	if s.table(id) != nil {
		return true
	}
	t, err := s.store.Get(ctx, id)
	return err == nil && (s.cl != nil || !t.Status.Unfinished())
}

// postSeek stores a new seek of a, within the per-account limit.
func (s *Server) postSeek(ctx context.Context, sk *store.Seek) (int, error) {
	list, err := s.openSeeks(ctx)
	if err != nil {
		return http.StatusInternalServerError, err
	}
	// A full list would hide the newest seeks, this account's among them: the lobby holds no
	// more until some are taken, withdrawn or expire.
	if len(list) >= store.MaxOpenSeeks {
		return http.StatusServiceUnavailable, fmt.Errorf("the lobby holds %d open seeks, the most it shows: accept one, or try again in a few minutes", len(list))
	}
	n := 0
	for _, o := range list {
		if o.Account != sk.Account {
			continue
		}
		n++
		if o.Game == sk.Game && o.Variant == sk.Variant && o.Clock == sk.Clock && o.Rated == sk.Rated &&
			o.MinRating == sk.MinRating && o.MaxRating == sk.MaxRating {
			return http.StatusConflict, fmt.Errorf("you already have this seek open (%s): wait for a taker, or withdraw it", o.ID)
		}
	}
	if n >= maxSeeks {
		return http.StatusTooManyRequests, fmt.Errorf("you have %d open seeks: withdraw one first", n)
	}
	if err := s.accounts.p.CreateSeek(ctx, sk); errors.Is(err, store.ErrNotFound) {
		return http.StatusForbidden, errors.New("this account was closed")
	} else if err != nil {
		return http.StatusInternalServerError, err
	}
	return http.StatusCreated, nil
}

// seekOf reads the seek a signed-in request describes, within the account's rate of seeks,
// or answers why not and returns nil. Only a seek that reads right counts against that rate, so
// that a mistyped form does not use up the seeks a person may post; every request counts against
// the account's tries, ten times as many.
func (s *Server) seekOf(w http.ResponseWriter, r *http.Request) (*store.Account, *store.Seek) {
	a := s.signedIn(w, r)
	if a == nil || !s.accountSeekTries.allowAccount(w, a) {
		return nil, nil
	}
	var req seekRequest
	if err := decodeBody(r, &req); err != nil {
		badBody(w, err)
		return nil, nil
	}
	sk, err := s.check(r.Context(), req, a)
	if err != nil {
		writeError(w, http.StatusBadRequest, err.Error())
		return nil, nil
	}
	if !s.accountSeeks.allowAccount(w, a) {
		return nil, nil
	}
	return a, sk
}

func (s *Server) apiPostSeek(w http.ResponseWriter, r *http.Request) {
	a, sk := s.seekOf(w, r)
	// Only a seek that goes into the lobby counts against its address.
	if sk == nil || !s.seeks.allow(w, clientAddr(r)) {
		return
	}
	if status, err := s.postSeek(r.Context(), sk); err != nil {
		s.seekError(w, status, err)
		return
	}
	writeJSON(w, http.StatusCreated, infoOf(sk, a))
}

func (s *Server) seekError(w http.ResponseWriter, status int, err error) {
	if status == http.StatusServiceUnavailable || status == http.StatusTooManyRequests {
		w.Header().Set("Retry-After", "60")
		writeError(w, status, err.Error())
		return
	}
	if status >= 500 {
		s.log.Error("seek", "err", err)
		writeError(w, status, "could not save the seek")
		return
	}
	writeError(w, status, err.Error())
}

// fits reports whether account a, rated r, may accept seek sk.
func fits(sk *store.Seek, a *store.Account, r rating.Rating) error {
	switch v := int(math.Round(r.Rating)); {
	case sk.Account == a.ID:
		return errors.New("this is your own seek")
	case sk.MinRating > 0 && v < sk.MinRating, sk.MaxRating > 0 && v > sk.MaxRating:
		return fmt.Errorf("%s seeks players rated %d to %d; you are %d", sk.Name, sk.MinRating, sk.MaxRating, v)
	}
	return nil
}

// accept makes the table of seek sk between its author and a, and marks the seek taken. The
// author sits first.
func (s *Server) accept(ctx context.Context, sk *store.Seek, a *store.Account, addr string) (string, int, error) {
	r, err := s.ratingIn(ctx, a.ID, sk.Game)
	if err != nil {
		return "", http.StatusInternalServerError, err
	}
	if err := fits(sk, a, r); err != nil {
		return "", http.StatusForbidden, err
	}
	g, err := games.Lookup(sk.Game)
	if err != nil {
		return "", http.StatusGone, err
	}
	opts, err := g.Variant(sk.Variant)
	if err != nil {
		return "", http.StatusGone, err
	}
	_, resolved, err := g.Start(opts)
	if err != nil {
		return "", http.StatusGone, err
	}
	t := &store.Table{
		ID: newID(10), Game: g.Name, Options: resolved, Seed: s.newSeed(), Status: store.Open, Moves: []engine.Move{},
		Seats: []store.Seat{{Name: sk.Name, Account: sk.Name}, {Name: a.Name, Account: a.Name}},
	}
	// A seek's table counts against the same caps as any other new table.
	release, status, msg := s.reserve(addr, false)
	if status != 0 {
		return "", status, errors.New(msg)
	}
	defer release()
	// Taken first, so that two people accepting at once cannot both get a table.
	if err := s.accounts.p.AcceptSeek(ctx, sk.ID, t.ID); err != nil {
		if errors.Is(err, store.ErrConflict) || errors.Is(err, store.ErrNotFound) {
			return "", http.StatusConflict, errors.New("someone else took this seek first")
		}
		return "", http.StatusInternalServerError, err
	}
	info := &store.TableInfo{TableID: t.ID, Rated: sk.Rated, Clock: sk.Clock, Accounts: []int64{sk.Account, a.ID}}
	if err := s.createTable(ctx, t, info); err != nil {
		return "", http.StatusInternalServerError, err
	}
	if _, err := s.start(t, addr); err != nil {
		return "", http.StatusInternalServerError, err
	}
	s.log.Info("seek accepted", "seek", sk.ID, "table", t.ID, "game", t.Game)
	return t.ID, http.StatusCreated, nil
}

func (s *Server) apiAcceptSeek(w http.ResponseWriter, r *http.Request) {
	a := s.signedIn(w, r)
	if a == nil || !s.creates.allow(w, clientAddr(r)) || !s.accountCreates.allowAccount(w, a) {
		return
	}
	sk, err := s.accounts.p.Seek(r.Context(), r.PathValue("id"))
	if err != nil || sk.TableID != "" || sk.Created.Before(s.now().Add(-seekLife)) {
		writeError(w, http.StatusNotFound, "this seek is no longer open")
		return
	}
	id, status, err := s.accept(r.Context(), sk, a, clientAddr(r))
	if err != nil {
		s.seekError(w, status, err)
		return
	}
	writeJSON(w, status, map[string]string{"table": id})
}

func (s *Server) apiDeleteSeek(w http.ResponseWriter, r *http.Request) {
	a := s.signedIn(w, r)
	if a == nil {
		return
	}
	if err := s.accounts.p.DeleteSeek(r.Context(), r.PathValue("id"), a.ID); err != nil {
		if errors.Is(err, store.ErrNotFound) {
			writeError(w, http.StatusNotFound, "no such open seek of yours")
			return
		}
		s.seekError(w, http.StatusInternalServerError, err)
		return
	}
	writeJSON(w, http.StatusOK, map[string]bool{"ok": true})
}

// apiQuickPair accepts the oldest compatible seek (same game, variant, clock and rating mode,
// each player within the other's range), or posts the request as a seek when there is none.
// The answer has "table" when paired, "seek" when waiting.
func (s *Server) apiQuickPair(w http.ResponseWriter, r *http.Request) {
	a, mine := s.seekOf(w, r)
	if mine == nil || !s.creates.allow(w, clientAddr(r)) || !s.accountCreates.allowAccount(w, a) {
		return
	}
	list, err := s.openSeeks(r.Context())
	if err != nil {
		s.seekError(w, http.StatusInternalServerError, err)
		return
	}
	for i := range list {
		sk := &list[i]
		if sk.Game != mine.Game || sk.Variant != mine.Variant || sk.Clock != mine.Clock || sk.Rated != mine.Rated || sk.Account == a.ID {
			continue
		}
		// Their rating must fit my range too.
		if mine.MinRating > 0 && sk.Rating < mine.MinRating || mine.MaxRating > 0 && sk.Rating > mine.MaxRating {
			continue
		}
		id, status, err := s.accept(r.Context(), sk, a, clientAddr(r))
		if status == http.StatusForbidden || status == http.StatusConflict {
			continue
		}
		if err != nil {
			s.seekError(w, status, err)
			return
		}
		writeJSON(w, http.StatusCreated, map[string]string{"table": id})
		return
	}
	if !s.seeks.allow(w, clientAddr(r)) {
		return
	}
	if status, err := s.postSeek(r.Context(), mine); err != nil {
		s.seekError(w, status, err)
		return
	}
	writeJSON(w, http.StatusAccepted, map[string]any{"seek": infoOf(mine, a)})
}
