package web

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"maps"
	"net/http"
	"net/url"
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"
	"unicode/utf8"

	"deuce/engine"
	"deuce/games"
	"deuce/store"
)

// gameInfo describes a game for the lobby.
type gameInfo struct {
	Name     string              `json:"name"`
	Title    string              `json:"title"`
	Summary  string              `json:"summary"`
	Rules    string              `json:"rules"`
	Seats    int                 `json:"seats"`
	Options  []engine.OptionSpec `json:"options"`
	Variants []variantInfo       `json:"variants"`
	Bots     []games.BotInfo     `json:"bots"`
	// Glossary explains moves by their notation, Legend the notation (games/describe.go).
	Glossary map[string]string `json:"glossary,omitempty"`
	Legend   string            `json:"legend,omitempty"`
	// SeatsWhen gives, for an option whose values change the number of seats (Worldwide's
	// solo), the seats each of its values makes, so that a form lays out the right seats.
	SeatsWhen map[string]map[string]int `json:"seatsWhen,omitempty"`
	// RefusedWhen gives, by a number of seats that options of SeatsWhen make, the values of
	// the other options the game refuses with that many (Love Means Nothing's first server 3
	// and 4 in singles), so that a form offers none of them.
	RefusedWhen map[int]map[string][]string `json:"refusedWhen,omitempty"`
}

// seatsWhen is every game's gameInfo.SeatsWhen, worked out once: each listed value of each
// option applied to the default variant, and kept where some value changes the seats.
var seatsWhen = sync.OnceValue(func() map[string]map[string]map[string]int {
	out := map[string]map[string]map[string]int{}
	for _, g := range games.All() {
		base, err := g.Variant("")
		if err != nil {
			continue
		}
		st, _, err := g.Start(base)
		if err != nil {
			continue
		}
		for _, o := range g.Options {
			counts, differs := map[string]int{}, false
			for _, v := range o.Values {
				opts := base.Clone()
				opts[o.Name] = v
				if vs, _, err := g.Start(opts); err == nil {
					counts[v] = vs.NumSeats()
					differs = differs || counts[v] != st.NumSeats()
				}
			}
			if differs {
				if out[g.Name] == nil {
					out[g.Name] = map[string]map[string]int{}
				}
				out[g.Name][o.Name] = counts
			}
		}
	}
	return out
})

// refusedWhen is every game's gameInfo.RefusedWhen, worked out once: for each value of an option
// that changes the seats, the default variant with that value and, one at a time, each listed
// value of each other option, kept where the game refuses it.
var refusedWhen = sync.OnceValue(func() map[string]map[int]map[string][]string {
	out := map[string]map[int]map[string][]string{}
	for _, g := range games.All() {
		base, err := g.Variant("")
		if err != nil {
			continue
		}
		for name, counts := range seatsWhen()[g.Name] {
			for value, seats := range counts {
				opts := base.Clone()
				opts[name] = value
				for _, o := range g.Options {
					if o.Name == name {
						continue
					}
					for _, v := range o.Values {
						try := opts.Clone()
						try[o.Name] = v
						if _, _, err := g.Start(try); err == nil {
							continue
						}
						if out[g.Name] == nil {
							out[g.Name] = map[int]map[string][]string{}
						}
						if out[g.Name][seats] == nil {
							out[g.Name][seats] = map[string][]string{}
						}
						if !slices.Contains(out[g.Name][seats][o.Name], v) {
							out[g.Name][seats][o.Name] = append(out[g.Name][seats][o.Name], v)
						}
					}
				}
			}
		}
		// In the option's own order, whichever value of which option found them first.
		for _, refused := range out[g.Name] {
			for name, values := range refused {
				o, _ := g.Option(name)
				slices.SortFunc(values, func(a, b string) int { return slices.Index(o.Values, a) - slices.Index(o.Values, b) })
			}
		}
	}
	return out
})

type variantInfo struct {
	Name    string         `json:"name"`
	Summary string         `json:"summary"`
	Options engine.Options `json:"options"`
	Seats   int            `json:"seats"`
}

func (s *Server) apiGames(w http.ResponseWriter, _ *http.Request) {
	var out []gameInfo
	for _, g := range games.All() {
		info := gameInfo{Name: g.Name, Title: g.Title, Summary: g.Summary, Rules: g.Rules, Options: g.Options, Bots: games.Bots(g),
			Glossary: games.Glossary(g), Legend: games.Legend(g), SeatsWhen: seatsWhen()[g.Name],
			RefusedWhen: refusedWhen()[g.Name]}
		for _, v := range g.Variants {
			vi := variantInfo{Name: v.Name, Summary: v.Summary, Options: v.Options}
			if st, _, err := g.Start(v.Options); err == nil {
				vi.Seats = st.NumSeats()
			}
			info.Variants = append(info.Variants, vi)
		}
		if st, _, err := g.Start(nil); err == nil {
			info.Seats = st.NumSeats()
		}
		out = append(out, info)
	}
	writeJSON(w, http.StatusOK, out)
}

// createRequest is the body of POST /api/tables.
type createRequest struct {
	Game    string         `json:"game"`
	Variant string         `json:"variant"`
	Options engine.Options `json:"options"`
	Seats   []seatRequest  `json:"seats"`
	tableOptions
}

type seatRequest struct {
	// Bot is a bot level, or empty for a person.
	Bot  string `json:"bot"`
	Name string `json:"name"`
	// Me takes the seat as the signed-in account.
	Me bool `json:"me,omitempty"`
}

// createResponse gives the creator every seat's invite link.
type createResponse struct {
	ID      string       `json:"id"`
	Seats   []seatInvite `json:"seats"`
	Watch   string       `json:"watch"`
	Summary tableSummary `json:"table"`
}

type seatInvite struct {
	Seat   int    `json:"seat"`
	Name   string `json:"name"`
	Bot    string `json:"bot,omitempty"`
	Token  string `json:"token,omitempty"`
	Invite string `json:"invite,omitempty"`
}

func (s *Server) apiCreateTable(w http.ResponseWriter, r *http.Request) {
	addr := clientAddr(r)
	if !s.createTries.allow(w, addr) {
		return
	}
	var req createRequest
	if err := decodeBody(r, &req); err != nil {
		badBody(w, err)
		return
	}
	t, tokens, err := s.newTable(req)
	if err != nil {
		writeError(w, http.StatusBadRequest, err.Error())
		return
	}
	info, err := s.settle(r, t, tokens, seatsAsMe(req.Seats), req.tableOptions)
	if err == nil {
		err = numberAlike(t)
	}
	if err != nil {
		writeError(w, http.StatusBadRequest, err.Error())
		return
	}
	// Only a table that would be made counts against the tables one may make.
	if !s.creates.allow(w, addr) || !s.accountCreates.allowAccount(w, s.accountOf(r)) {
		return
	}
	release, ok := s.reserveOrRefuse(w, addr, botOnly(t.Seats))
	if !ok {
		return
	}
	defer release()
	if err := s.createTable(r.Context(), t, info); err != nil {
		s.log.Error("create table", "err", err)
		writeError(w, http.StatusInternalServerError, "could not save the table")
		return
	}
	if _, err := s.start(t, addr); err != nil {
		s.log.Error("start table", "table", t.ID, "err", err)
		writeError(w, http.StatusInternalServerError, "could not start the table")
		return
	}
	s.log.Info("table created", "table", t.ID, "game", t.Game, "options", t.Options.String())
	writeJSON(w, http.StatusCreated, s.invites(t, tokens))
}

// numberAlike tells apart the seats of t whose names are one or look alike (one person playing
// several seats, passing the device round, names them all alike): each but an account's gets its
// seat's number ("ann 2", "ann 4"), so that the log, the chat and the results can tell them
// apart and none speaks for another. It refuses names that still read alike ("ann 2" beside
// two "ann" of which the second is seat 2).
func numberAlike(t *store.Table) error {
	groups := map[string][]int{}
	for i, seat := range t.Seats {
		like := lookalike(seat.Name)
		groups[like] = append(groups[like], i)
	}
	for _, seats := range groups {
		if len(seats) < 2 {
			continue
		}
		for _, i := range seats {
			if t.Seats[i].Account != "" {
				continue
			}
			named := fmt.Sprintf("%s %d", t.Seats[i].Name, i+1)
			// The number must not make a name the checks at creation refuse.
			why := ""
			switch {
			case utf8.RuneCountInString(named) > 40:
				why = "is over 40 characters"
			case defaultName.MatchString(strings.ToLower(lookalike(named))):
				why = "reads as a seat nobody named"
			case spectatorLike(named):
				why = "reads as a guest watching the table"
			}
			if why != "" {
				return fmt.Errorf("seats %d and %d are both named %q, and numbered to tell them apart, %q %s: give each seat a name of its own", seats[0]+1, seats[1]+1, t.Seats[i].Name, named, why)
			}
			t.Seats[i].Name = named
		}
	}
	for i := range t.Seats {
		for j := range i {
			if lookalike(t.Seats[i].Name) == lookalike(t.Seats[j].Name) {
				return fmt.Errorf("seats %d and %d are both named %q, or alike: give each seat a name of its own", j+1, i+1, t.Seats[i].Name)
			}
		}
	}
	return nil
}

// reserveOrRefuse is reserve that answers the refusal itself.
func (s *Server) reserveOrRefuse(w http.ResponseWriter, addr string, bots bool) (release func(), ok bool) {
	release, status, msg := s.reserve(addr, bots)
	switch status {
	case 0:
		return release, true
	case http.StatusServiceUnavailable:
		serverFull(w, msg)
	default:
		w.Header().Set("Retry-After", "60")
		writeError(w, status, msg)
	}
	return nil, false
}

// reserve holds a place for a new table of addr while it is created, or says why there is
// none: the status to answer (429 for the address's own cap, 503 when the server is full) and
// a message. release gives the place back once the table runs (or failed to start).
func (s *Server) reserve(addr string, bots bool) (release func(), status int, msg string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	total, mine, botTables := s.reserved, 0, s.reservedBots
	for _, lt := range s.live {
		total++
		if addr != "" && lt.owner == addr {
			mine++
		}
		if lt.botOnly {
			botTables++
		}
	}
	mine += s.reservedBy[addr]
	switch {
	case total >= s.limits.LiveTables:
		return nil, http.StatusServiceUnavailable, fmt.Sprintf("the server is full (%d tables are being played): try again in a minute", total)
	case mine >= s.limits.TablesPerAddress:
		return nil, http.StatusTooManyRequests, fmt.Sprintf("you already have %d unfinished tables, the most one address may have: finish, resign or call off one first (Your tables, in the lobby), or wait: a table nobody plays or watches ends by itself after %s", mine, spokenDuration(s.limits.ExpireAfter))
	case bots && botTables >= s.limits.BotTables:
		return nil, http.StatusServiceUnavailable, fmt.Sprintf("the server already plays %d tables between bots only, the most it takes: try again in a minute, or take a seat yourself", botTables)
	}
	s.reserved++
	s.reservedBy[addr]++
	if bots {
		s.reservedBots++
	}
	return func() {
		s.mu.Lock()
		defer s.mu.Unlock()
		s.reserved--
		if s.reservedBy[addr]--; s.reservedBy[addr] <= 0 {
			delete(s.reservedBy, addr)
		}
		if bots {
			s.reservedBots--
		}
	}, 0, ""
}

// checkBotCost refuses a bot whose work at these options would exceed the server's limits: the
// pencil equilibrium bot solves the whole game on its first move, and the solve grows with
// about the fifth power of the points.
func (s *Server) checkBotCost(g engine.Game, opts engine.Options, level string) error {
	most, err := games.SolvePoints(g, opts, level)
	if err != nil {
		return err
	}
	if most > s.limits.EquilibriumPoints {
		return fmt.Errorf("the equilibrium bot plays games of at most %d points a player on this server (limit --equilibrium-max-points), and this one starts with %d: lower the points or choose another bot",
			s.limits.EquilibriumPoints, most)
	}
	return nil
}

// newTable validates a create request and builds the table with fresh seat tokens.
func (s *Server) newTable(req createRequest) (*store.Table, []string, error) {
	g, err := games.Lookup(req.Game)
	if err != nil {
		return nil, nil, err
	}
	opts, err := g.Variant(req.Variant)
	if err != nil {
		return nil, nil, err
	}
	for k, v := range req.Options {
		opts[k] = v
	}
	st, resolved, err := g.Start(opts)
	if err != nil {
		return nil, nil, err
	}
	n := st.NumSeats()
	if len(req.Seats) != n {
		return nil, nil, fmt.Errorf("%s with these options has %d seats, the request describes %d", g.Title, n, len(req.Seats))
	}
	t := &store.Table{ID: newID(10), Game: g.Name, Options: resolved, Seed: s.newSeed(), Status: store.Open, Moves: []engine.Move{}}
	tokens := make([]string, n)
	people := 0
	for i, sr := range req.Seats {
		name := strings.TrimSpace(sr.Name)
		if problem := seatNameProblem(name); problem != "" {
			return nil, nil, fmt.Errorf("seat %d: %s", i+1, problem)
		}
		if like := strings.ToLower(lookalike(name)); defaultName.MatchString(like) && like != defaultSeatName(i) {
			// Seat 1 called "player 2" would be taken for seat 2 in every log line.
			return nil, nil, fmt.Errorf("seat %d: %q is how seat %s reads when nobody names it: choose a name of its own", i+1, name, strings.TrimPrefix(like, "player "))
		}
		if spectatorLike(name) {
			return nil, nil, fmt.Errorf("seat %d: %q is how a guest watching a table signs the chat: choose another name", i+1, name)
		}
		seat := store.Seat{Name: name}
		if sr.Bot != "" {
			b, err := games.NewBot(g, sr.Bot)
			if err != nil {
				return nil, nil, fmt.Errorf("seat %d: %w", i+1, err)
			}
			if err := s.checkBotCost(g, resolved, b.Name()); err != nil {
				return nil, nil, fmt.Errorf("seat %d: %w", i+1, err)
			}
			seat.Bot = b.Name()
			if seat.Name == "" {
				seat.Name = b.Name() + " bot"
			} else if level := botLevelOf(seat.Name); level != "" && level != strings.ToLower(b.Name()) {
				// A random bot called "hard bot" would pass for a stronger one.
				return nil, nil, fmt.Errorf("seat %d: a %s bot may not be named %q, another level's name", i+1, b.Name(), seat.Name)
			}
		} else {
			people++
			tokens[i] = newID(20)
			seat.TokenHash = hashToken(tokens[i])
			if seat.Name == "" {
				seat.Name = defaultSeatName(i)
			}
		}
		t.Seats = append(t.Seats, seat)
	}
	// Bots of one level at one table (doubles against bots) are told apart by their seats,
	// "easy bot 2" and "easy bot 4", as all seats named alike are, by numberAlike once the table
	// is settled.
	if people == 0 {
		t.Status = store.Live
	}
	return t, tokens, nil
}

func (s *Server) invites(t *store.Table, tokens []string) createResponse {
	resp := createResponse{ID: t.ID, Watch: "/t/" + t.ID, Summary: summarize(summaryOf(t))}
	for i, seat := range t.Seats {
		inv := seatInvite{Seat: i, Name: seat.Name, Bot: seat.Bot}
		if tokens[i] != "" {
			inv.Token = tokens[i]
			// The token travels in the fragment, which browsers never send to a server or a log.
			inv.Invite = fmt.Sprintf("/t/%s#seat=%d&token=%s", t.ID, i+1, tokens[i])
		}
		resp.Seats = append(resp.Seats, inv)
	}
	return resp
}

// tableSummary is a table as the lobby lists it.
type tableSummary struct {
	ID      string         `json:"id"`
	Game    string         `json:"game"`
	Title   string         `json:"title"`
	Options engine.Options `json:"options"`
	Seats   []seatPublic   `json:"seats"`
	Status  store.Status   `json:"status"`
	Moves   int            `json:"moves"`
	Result  *engine.Result `json:"result,omitempty"`
	// Ended says why the table ended other than by being played out: resigned, claimed,
	// expired, time limit, unplayable or cancelled.
	Ended   string    `json:"ended,omitempty"`
	Created time.Time `json:"created"`
	Updated time.Time `json:"updated"`
}

type seatPublic struct {
	Name    string `json:"name"`
	Bot     string `json:"bot,omitempty"`
	Claimed bool   `json:"claimed"`
}

func summarize(sum store.Summary) tableSummary {
	ts := tableSummary{ID: sum.ID, Game: sum.Game, Title: sum.Game, Options: sum.Options, Status: sum.Status, Moves: sum.Moves, Result: sum.Result, Ended: sum.Ended, Created: sum.Created, Updated: sum.Updated}
	if g, err := games.Lookup(sum.Game); err == nil {
		ts.Title = g.Title
	}
	for _, seat := range sum.Seats {
		ts.Seats = append(ts.Seats, seatPublic{Name: seat.Name, Bot: seat.Bot, Claimed: seat.Claimed || seat.Bot != ""})
	}
	return ts
}

// summaryOf summarises a whole table as the store's List would.
func summaryOf(t *store.Table) store.Summary {
	return store.Summary{ID: t.ID, Game: t.Game, Options: t.Options, Seats: t.Seats, Status: t.Status, Moves: len(t.Moves), Result: t.Result, Ended: t.Ended, Created: t.Created, Updated: t.Updated}
}

func (s *Server) apiListTables(w http.ResponseWriter, r *http.Request) {
	f, err := listFilter(r.URL.Query(), s.clock.Now().Add(-s.limits.ActiveWithin))
	if err != nil {
		writeError(w, http.StatusBadRequest, err.Error())
		return
	}
	list, err := s.store.List(r.Context(), f)
	if err != nil {
		s.log.Error("list tables", "err", err)
		writeError(w, http.StatusInternalServerError, "could not list the tables")
		return
	}
	out := make([]tableSummary, 0, len(list))
	for _, sum := range list {
		out = append(out, summarize(sum))
	}
	writeJSON(w, http.StatusOK, out)
}

// listFilter reads the query of GET /api/tables: status is open, live (the tables with a change
// since activeSince: "Live now"), finished, abandoned, or ended (finished and abandoned: the
// history); empty lists every table. ids, a comma-separated list of at most store.MaxIDs table
// IDs, keeps only those tables, whatever their age: a live table nobody has moved at for a while
// is still one a browser holding its seat wants to resume.
func listFilter(q url.Values, activeSince time.Time) (store.Filter, error) {
	// Unknown parameters first, then repeated ones, each in order, so that a request gets the
	// same answer every time.
	for _, k := range slices.Sorted(maps.Keys(q)) {
		if k != "status" && k != "ids" {
			return store.Filter{}, fmt.Errorf("unknown parameter %s: the parameters are status and ids", quoteShort(k))
		}
	}
	for _, k := range []string{"ids", "status"} {
		if len(q[k]) > 1 {
			return store.Filter{}, fmt.Errorf("give %s once", k)
		}
	}
	f := store.Filter{Limit: 100}
	if q.Has("ids") {
		// At most one more than allowed is split off: a list of thousands costs no more.
		ids := strings.SplitN(q.Get("ids"), ",", store.MaxIDs+1)
		if len(ids) > store.MaxIDs {
			return store.Filter{}, fmt.Errorf("ids names more than %d tables: at most %d", store.MaxIDs, store.MaxIDs)
		}
		for _, id := range ids {
			if !validTableID(id) {
				return store.Filter{}, fmt.Errorf("ids: %s is not a table id", quoteShort(id))
			}
		}
		f.IDs = ids
	}
	switch st := store.Status(q.Get("status")); st {
	case "", store.Open, store.Finished, store.Abandoned:
		f.Status = st
	case store.Live:
		f.Status = st
		if len(f.IDs) == 0 {
			f.UpdatedSince = activeSince
		}
	case "ended":
		f.Ended = true
	default:
		return store.Filter{}, fmt.Errorf("status %s: want open, live, finished, abandoned or ended", quoteShort(string(st)))
	}
	return f, nil
}

// validTableID reports whether id has the shape of a table ID: letters, digits, '-' and '_',
// 1 to 64 of them (newID's and rematchID's, and the tests' own).
func validTableID(id string) bool {
	if id == "" || len(id) > 64 {
		return false
	}
	for _, c := range id {
		if !(c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '-' || c == '_') {
			return false
		}
	}
	return true
}

// quoteShort quotes at most the first 24 bytes of s, for an error that names what a client
// sent without echoing all of it.
func quoteShort(s string) string {
	if len(s) > 24 {
		return strconv.Quote(s[:24]) + "..."
	}
	return strconv.Quote(s)
}

func (s *Server) loadTable(w http.ResponseWriter, r *http.Request) (*store.Table, bool) {
	t, err := s.store.Get(r.Context(), r.PathValue("id"))
	switch {
	case errors.Is(err, store.ErrNotFound):
		writeError(w, http.StatusNotFound, "no such table")
		return nil, false
	case err != nil:
		s.log.Error("load table", "table", r.PathValue("id"), "err", err)
		writeError(w, http.StatusInternalServerError, "could not load the table")
		return nil, false
	}
	return t, true
}

func (s *Server) apiTable(w http.ResponseWriter, r *http.Request) {
	t, ok := s.loadTable(w, r)
	if !ok {
		return
	}
	sum := summarize(summaryOf(t))
	next, by := "", ""
	if t.Status == store.Finished {
		if nt, err := s.store.Get(r.Context(), rematchID(t.ID)); err == nil {
			next = nt.ID
			if nt.Status == store.Open {
				by = offeredBy(nt)
			}
		}
	}
	var info store.TableInfo
	if s.accounts != nil {
		var err error
		if info, err = s.accounts.p.TableInfo(r.Context(), t.ID); err != nil {
			s.fail(w, "read the table's settings", err)
			return
		}
	}
	writeJSON(w, http.StatusOK, struct {
		tableSummary
		Rematch   string `json:"rematch,omitempty"`
		RematchBy string `json:"rematchBy,omitempty"`
		Rated     bool   `json:"rated,omitempty"`
		Void      bool   `json:"void,omitempty"`
		Clock     string `json:"clock,omitempty"`
	}{sum, next, by, info.Rated, info.Void, info.Clock})
}

// offeredBy names the person who offered rematch nt while others have not joined it yet: the
// one person seat taken.
func offeredBy(nt *store.Table) string {
	name := ""
	for _, seat := range nt.Seats {
		if seat.Bot == "" && seat.Claimed {
			if name != "" {
				return ""
			}
			name = seat.Name
		}
	}
	return name
}

// apiRecord returns the whole record, every hand revealed, once the match is over.
func (s *Server) apiRecord(w http.ResponseWriter, r *http.Request) {
	t, ok := s.loadTable(w, r)
	if !ok {
		return
	}
	if t.Status != store.Finished {
		writeError(w, http.StatusForbidden, "the record is shown once the match is over")
		return
	}
	rec := t.Record()
	rec.Seed = 0 // the seed decided nothing a replay needs; keep it out of sight
	writeJSON(w, http.StatusOK, rec)
}

// replayFrame is a finished match at one move, every seat's view shown.
type replayFrame struct {
	Game string `json:"game"`
	// At is the number of moves applied; Moves the match's total.
	At    int `json:"at"`
	Moves int `json:"moves"`
	// Next is the move applied after this frame, nil at the end.
	Next *engine.Move `json:"next,omitempty"`
	// Views holds every seat's observation, Spectator the public one.
	Views     []engine.Observation `json:"views"`
	Spectator engine.Observation   `json:"spectator"`
	// Log is every move so far in the game's notation, hands revealed.
	Log    []string      `json:"log"`
	Result engine.Result `json:"result"`
	// Ended, in the last frame, says why the match ended before its moves played it out
	// ("resigned", "claimed", "time"); Result is then the match's, the loser's side -1.
	Ended string       `json:"ended,omitempty"`
	Seats []seatPublic `json:"seats"`
}

// apiReplay returns the frame of a finished match after ?at=N moves (default 0).
func (s *Server) apiReplay(w http.ResponseWriter, r *http.Request) {
	t, ok := s.loadTable(w, r)
	if !ok {
		return
	}
	if t.Status != store.Finished {
		writeError(w, http.StatusForbidden, "the replay opens once the match is over")
		return
	}
	at := 0
	if q := r.URL.Query().Get("at"); q != "" {
		n, err := strconv.Atoi(q)
		if err != nil || n < 0 || n > len(t.Moves) {
			writeError(w, http.StatusBadRequest, fmt.Sprintf("at must be a move number from 0 to %d", len(t.Moves)))
			return
		}
		at = n
	}
	rec := t.Record()
	rec.Moves = rec.Moves[:at]
	st, err := engine.Replay(s.gameOf(t), rec, nil)
	if err != nil {
		s.log.Error("replay", "table", t.ID, "err", err)
		writeError(w, http.StatusInternalServerError, "the record does not replay")
		return
	}
	f := replayFrame{Game: t.Game, At: at, Moves: len(t.Moves), Spectator: st.Observe(engine.Spectator), Result: st.Result(), Log: []string{}}
	if at < len(t.Moves) {
		next := t.Moves[at]
		f.Next = &next
	} else {
		f.Result, f.Ended = rec.FinalResult(f.Result), rec.Ended
	}
	for i := range st.NumSeats() {
		f.Views = append(f.Views, st.Observe(engine.Seat(i)))
	}
	for _, m := range rec.Moves {
		who := "chance"
		if m.Seat >= 0 {
			who = t.Seats[m.Seat].Name
		}
		f.Log = append(f.Log, who+": "+m.Text)
	}
	for _, seat := range t.Seats {
		f.Seats = append(f.Seats, seatPublic{Name: seat.Name, Bot: seat.Bot, Claimed: true})
	}
	writeJSON(w, http.StatusOK, f)
}

// apiRematch offers a rematch of a finished table: a new table with the same game, options,
// clock and rated setting, the same seat tokens (so every person follows with the link they
// have) and the same accounts, seats moved round one place. The player who asks, by a seat token
// or, without one, as the signed-in account holding a seat, has taken their seat by asking; the
// others join it or not. That is the whole agreement, rated or not: joining is accepting (the
// table's clock runs once everyone has joined), and an offer nobody answers expires like any
// open table, without a loser. Asking twice, by either player, gives the same rematch.
func (s *Server) apiRematch(w http.ResponseWriter, r *http.Request) {
	var req struct {
		Token string `json:"token"`
	}
	if !s.rematches.allow(w, clientAddr(r)) {
		return
	}
	if err := decodeBody(r, &req); err != nil {
		badBody(w, err)
		return
	}
	t, asker, ok := s.playerAt(w, r, req.Token, "only a player of this table can ask for a rematch: open it with your seat link, or sign in as the account that played it")
	if !ok {
		return
	}
	if t.Status != store.Finished {
		writeError(w, http.StatusConflict, "the match is not over yet")
		return
	}
	nt, info, err := s.rematchOf(r.Context(), t, asker)
	var closed closedError
	if errors.As(err, &closed) {
		writeError(w, http.StatusConflict, err.Error())
		return
	} else if err != nil {
		s.fail(w, "read the table's settings", err)
		return
	}
	// A rated rematch between people is a rated pairing as a seek is, and counts against the
	// address's seeks (--seek-rate): rematches alone would let two accounts play, and trade
	// rating, a dozen times as often. Only a rematch made now counts: accepting or reopening
	// one already made does not.
	if info != nil && info.Rated && seatedAccounts(info.Accounts) > 1 {
		if _, err := s.store.Get(r.Context(), nt.ID); errors.Is(err, store.ErrNotFound) && !s.seeks.allow(w, clientAddr(r)) {
			return
		}
	}
	release, ok := s.reserveOrRefuse(w, clientAddr(r), botOnly(nt.Seats))
	if !ok {
		return
	}
	defer release()
	err = s.createTable(r.Context(), nt, info)
	switch {
	case errors.Is(err, store.ErrExists):
		writeJSON(w, http.StatusOK, map[string]string{"id": nt.ID})
		return
	case err != nil:
		s.log.Error("create rematch", "err", err)
		writeError(w, http.StatusInternalServerError, "could not save the rematch")
		return
	}
	if _, err := s.start(nt, clientAddr(r)); err != nil {
		s.log.Error("start rematch", "table", nt.ID, "err", err)
		writeError(w, http.StatusInternalServerError, "could not start the rematch")
		return
	}
	writeJSON(w, http.StatusCreated, map[string]string{"id": nt.ID})
}

// seatedAccounts counts the accounts that hold seats.
func seatedAccounts(accounts []int64) int {
	n := 0
	for _, id := range accounts {
		if id != 0 {
			n++
		}
	}
	return n
}

// closedError refuses a rematch with a player whose account has closed.
type closedError struct{ name string }

func (e closedError) Error() string {
	return e.name + " closed their account: there is no rematch to offer"
}

// rematchOf returns the rematch of finished table t that the player at seat asker asks for,
// and what accounts add to it (nil for nothing): t's clock and rated setting, its accounts
// moved round with their seats. Seats move round one place, so the other player serves (or
// bids) first; the asker's seat is taken.
func (s *Server) rematchOf(ctx context.Context, t *store.Table, asker engine.Seat) (*store.Table, *store.TableInfo, error) {
	n := len(t.Seats)
	nt := &store.Table{ID: rematchID(t.ID), Game: t.Game, Options: t.Options, Seed: s.newSeed(), Status: store.Live, Moves: []engine.Move{}}
	for i := range n {
		seat := t.Seats[(i+n-1)%n]
		seat.Claimed = (i+n-1)%n == int(asker)
		if seat.Bot == "" && !seat.Claimed {
			nt.Status = store.Open
		}
		nt.Seats = append(nt.Seats, seat)
	}
	if s.accounts == nil {
		return nt, nil, nil
	}
	old, err := s.accounts.p.TableInfo(ctx, t.ID)
	if err != nil {
		return nil, nil, err
	}
	// A rematch is rated as the match was set up, though that one ended too soon to count.
	info := &store.TableInfo{TableID: nt.ID, Rated: old.Rated || old.Void, Clock: old.Clock, Accounts: make([]int64, n)}
	held := false
	if len(old.Accounts) == n {
		for i := range n {
			info.Accounts[i] = old.Accounts[(i+n-1)%n]
			held = held || info.Accounts[i] != 0
		}
	}
	// A player who closed the account can come to no table: the rematch would wait for ever.
	for _, id := range info.Accounts {
		if id == 0 {
			continue
		}
		a, err := s.accounts.p.AccountByID(ctx, id)
		if err != nil {
			return nil, nil, err
		}
		if !a.Closed.IsZero() {
			return nil, nil, closedError{a.Name}
		}
	}
	if !info.Rated && info.Clock == "" && !held {
		return nt, nil, nil
	}
	return nt, info, nil
}

// decodeBody decodes a JSON body (the guard has capped its size); unknown fields and anything
// after the value are refused.
func decodeBody(r *http.Request, v any) error {
	dec := json.NewDecoder(r.Body)
	dec.DisallowUnknownFields()
	if err := dec.Decode(v); err != nil {
		if mbe := (*http.MaxBytesError)(nil); errors.As(err, &mbe) {
			return err
		}
		if errors.Is(err, io.EOF) {
			err = errEmptyBody
		}
		return fmt.Errorf("bad request body: %s", jsonProblem(err))
	}
	if _, err := dec.Token(); !errors.Is(err, io.EOF) {
		return errors.New("bad request body: one JSON object expected, more follows it")
	}
	return nil
}

// badBody answers a body decodeBody refused: 413 when it was too large, 400 otherwise.
func badBody(w http.ResponseWriter, err error) {
	if mbe := (*http.MaxBytesError)(nil); errors.As(err, &mbe) {
		writeError(w, http.StatusRequestEntityTooLarge, fmt.Sprintf("the request body is larger than the %d bytes this server takes", mbe.Limit))
		return
	}
	writeError(w, http.StatusBadRequest, err.Error())
}

func writeJSON(w http.ResponseWriter, status int, v any) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	_ = json.NewEncoder(w).Encode(v)
}

func writeError(w http.ResponseWriter, status int, msg string) {
	writeJSON(w, status, map[string]string{"error": msg})
}

// spokenDuration says d as a person would: "30 minutes", "1 hour", "90 seconds".
func spokenDuration(d time.Duration) string {
	unit := func(n int64, name string) string {
		if n == 1 {
			return "1 " + name
		}
		return fmt.Sprintf("%d %ss", n, name)
	}
	switch {
	case d >= time.Hour && d%time.Hour == 0:
		return unit(int64(d/time.Hour), "hour")
	case d >= time.Minute && d%time.Minute == 0:
		return unit(int64(d/time.Minute), "minute")
	default:
		return unit(int64(d.Round(time.Second)/time.Second), "second")
	}
}
