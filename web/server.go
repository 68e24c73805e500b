// Package web serves deuce in the browser: a lobby, live tables over websockets, and replays.
//
// The server is authoritative: every live table is a match.Match owning its state; each
// websocket connection is told only what its seat may see, and a seat is claimed with the
// unguessable token of its invite link. PROTOCOL.md beside this file documents the messages.
//
// A live table costs little while nobody acts, so that one node holds ten thousand: its match
// has no goroutine (see package match), nor, on Linux, its connections (a poller starts a
// reader when a client sends something), each connection has 1.5 KiB of buffers, and what a
// connection has to send wakes a sender that ends once it has sent it (see socket).
package web

import (
	"context"
	"crypto/rand"
	"crypto/sha256"
	"crypto/subtle"
	"crypto/tls"
	"encoding/base32"
	"encoding/binary"
	"encoding/hex"
	"errors"
	"fmt"
	"log"
	"log/slog"
	"net"
	"net/http"
	"net/netip"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"golang.org/x/time/rate"

	"deuce/bot"
	"deuce/cluster"
	"deuce/engine"
	"deuce/games"
	"deuce/games/pencil"
	"deuce/match"
	"deuce/store"
	"deuce/timesource"
)

// Server holds the live tables and serves HTTP.
type Server struct {
	store store.Store
	log   *slog.Logger
	seeds func() uint64 // Config.Seeds
	// botDelay paces bot moves so people can follow them.
	botDelay time.Duration
	// msgRate and msgBurst limit each connection's messages.
	msgRate  rate.Limit
	msgBurst int
	limits   Limits
	thinkers *thinkers // the bot searches running at once (think.go)
	clock    timesource.Clock
	// Per-address token buckets.
	creates, connects, rematches *buckets
	// createTries bounds the requests to create a table, refused ones included, at ten times
	// the rate of creates (three times its burst): a refused request costs the name checks,
	// not a table, and must not use up the tables a person may create.
	createTries *buckets
	// Per-account token buckets, for the signed-in, on top of the per-address ones.
	accountCreates, accountSeeks, accountConnects *buckets
	// seeks bounds the seeks posted from an address, over all its accounts.
	seeks *buckets
	// accountSeekTries bounds an account's seek requests, refused ones included, as
	// createTries does the requests for tables; accountSeeks counts only seeks that read right.
	accountSeekTries *buckets

	// ctx bounds every live match; cancel stops them all.
	ctx    context.Context
	cancel context.CancelFunc
	wg     sync.WaitGroup

	mu   sync.Mutex // guards live, conns and the mutable fields of each liveTable
	live map[string]*liveTable
	// conns counts the open websocket connections of each address.
	conns map[string]int
	// failing holds the error of each table whose last save failed.
	failing map[string]error
	// reserved counts tables being created (reservedBy per address, reservedBots bot-only).
	reserved, reservedBots int
	reservedBy             map[string]int

	// claimMu serialises seat changes, so two people joining at once never lose a claim.
	claimMu sync.Mutex
	// sweepMu serialises sweeps.
	sweepMu sync.Mutex

	// accounts, chat and session cookies: see players.go.
	accounts      *accounts
	chat          *chatHub
	secureCookies bool
	analyser      *analyser     // background match analysis (analysis.go)
	hints         chan struct{} // the one hint searched at a time (hint.go)
	hintRate      *buckets      // the hints each address may ask for (hint.go)
	// cl is the server's part in a cluster of nodes (cluster.go), nil on a single node.
	cl      *clusterState
	metrics *metrics // what /metrics shows (metrics.go)
	// metricsApart keeps /metrics out of Handler (Config.MetricsApart).
	metricsApart bool
	// trusted are the reverse proxies whose X-Forwarded-For names the client (proxy.go).
	trusted []netip.Prefix
	// dying is set by Main.Kill: leases are left to expire, as a dead process leaves them.
	dying atomic.Bool
}

// liveTable is a running match and the table it plays.
type liveTable struct {
	id   string
	game engine.Game
	m    *match.Match
	// open is true while a person seat is unclaimed; guarded by Server.mu.
	open bool
	// owner is the address that created the table ("" for a table resumed after a restart).
	owner string
	// botOnly tables have no person seat.
	botOnly bool
	// correspondence tables are played over days: their players are away most of the time, so
	// absence neither expires the table nor lets anyone claim it (the clock's claim does).
	correspondence bool
	// spectators counts the spectators connected; guarded by Server.mu.
	spectators int
	// cancel stops the match and any work its bots do.
	cancel context.CancelFunc
	// created is when the table was created (bot-only tables end BotTableTime after it).
	created time.Time

	// Presence, guarded by Server.mu. person[i] reports a seat played by a person; present[i]
	// counts its open connections; goneSince[i] is when its person left (zero while there, or
	// for a seat never claimed); announced[i] that its abandonment has been announced.
	person     []bool
	names      []string // the seats' names, which presence carries: a seat taken by an account may be renamed
	present    []int
	goneSince  []time.Time
	announced  []bool
	lastActive time.Time
	// lastMove is when the last move was saved (or the table started).
	lastMove time.Time
	// watchers are the connections to signal when presence changes.
	watchers map[*watcher]struct{}

	// In a cluster: epoch is the lease the match runs under, moved is set once the lease is
	// lost, progress is the match's last Progress.
	epoch    int64
	moved    atomic.Bool
	progress atomic.Pointer[match.Progress]
}

// Config configures a Server.
type Config struct {
	Store store.Store
	Log   *slog.Logger
	// BotDelay is a pause before each bot move (default 0).
	BotDelay time.Duration
	// MessageRate and MessageBurst limit the messages of one connection (default 10 a second,
	// bursts of 30).
	MessageRate  float64
	MessageBurst int
	// Limits bound what clients may do; zero fields take DefaultLimits.
	Limits Limits
	// Clock tells the time of the limits, the table lifecycle and the background analysis's
	// rests (default the system clock).
	Clock timesource.Clock
	// SecureCookies marks session cookies Secure even when the server itself is not served
	// over TLS (behind a proxy that is).
	SecureCookies bool
	// Cluster, when set, makes the server a node of a cluster on the PostgreSQL store it
	// shares with the others (cluster.go).
	Cluster *cluster.Node
	// TrustedProxies are the networks of the reverse proxies in front of the server: limits
	// count a request of theirs per the client they forward it for (proxy.go).
	TrustedProxies []netip.Prefix
	// MetricsApart keeps /metrics out of Handler: it is served by MetricsHandler on a
	// listener of its own (Main.Metrics), or not at all.
	MetricsApart bool
	// Seeds, when set, gives new tables their secret seeds in place of the system's random
	// source, for tests whose bots must deal and play the same every run. Never on a public
	// server: a seed known in advance gives every deal away.
	Seeds func() uint64
}

// NewServer returns a server over cfg.Store. Call Resume to restart unfinished tables, and
// Close to stop every live match.
func NewServer(cfg Config) *Server {
	log := cfg.Log
	if log == nil {
		log = slog.New(slog.DiscardHandler)
	}
	if cfg.MessageRate <= 0 {
		cfg.MessageRate = defaultMsgRate
	}
	if cfg.MessageBurst <= 0 {
		cfg.MessageBurst = defaultMsgBurst
	}
	if cfg.Clock == nil {
		cfg.Clock = timesource.System{}
	}
	lim := cfg.Limits.withDefaults()
	pencil.SetCacheBytes(lim.SolveCacheBytes)
	ctx, cancel := context.WithCancel(context.Background())
	now := cfg.Clock.Now
	s := &Server{
		store: cfg.Store, log: log, botDelay: cfg.BotDelay, seeds: cfg.Seeds,
		msgRate: rate.Limit(cfg.MessageRate), msgBurst: cfg.MessageBurst,
		limits: lim, clock: cfg.Clock, thinkers: newThinkers(lim.Thinkers),
		creates:          newBuckets("new tables", lim.CreatesPerMinute, lim.CreateBurst, now),
		createTries:      newBuckets("requests for new tables", 10*lim.CreatesPerMinute, 3*lim.CreateBurst, now),
		connects:         newBuckets("connections", lim.ConnectsPerMinute, lim.ConnectBurst, now),
		rematches:        newBuckets("rematches", lim.RematchesPerMinute, lim.RematchBurst, now),
		hintRate:         newBuckets("hints", lim.HintsPerMinute, lim.HintBurst, now),
		accountCreates:   newAccountBuckets("new tables", lim.AccountCreatesPerMinute, lim.AccountCreateBurst, now),
		accountSeeks:     newAccountBuckets("seeks", lim.AccountSeeksPerMinute, lim.AccountSeekBurst, now),
		seeks:            newBuckets("seeks", lim.SeeksPerMinute, lim.SeekBurst, now),
		accountSeekTries: newAccountBuckets("requests for seeks", 10*lim.AccountSeeksPerMinute, 3*lim.AccountSeekBurst, now),
		accountConnects:  newAccountBuckets("connections", lim.AccountConnectsPerMinute, lim.AccountConnectBurst, now),
		ctx:              ctx, cancel: cancel,
		live:  map[string]*liveTable{},
		conns: map[string]int{}, reservedBy: map[string]int{}, failing: map[string]error{},
		accounts: newAccounts(cfg.Store, now), chat: newChatHub(now), secureCookies: cfg.SecureCookies,
		metricsApart: cfg.MetricsApart,
	}
	s.wg.Add(1)
	go s.janitor()
	s.metrics = newMetrics(s)
	limits := map[string]*buckets{
		"creates": s.creates, "create_tries": s.createTries, "connects": s.connects, "rematches": s.rematches,
		"hints": s.hintRate, "account_creates": s.accountCreates, "account_seeks": s.accountSeeks, "seeks": s.seeks, "account_seek_tries": s.accountSeekTries,
		"account_connects": s.accountConnects,
	}
	if s.accounts != nil {
		limits["signin_addr"], limits["signin_name"], limits["signin_device"] = s.accounts.byAddr, s.accounts.byName, s.accounts.byDevice
	}
	for name, b := range limits {
		b.refused = s.metrics.limited.WithLabelValues(name)
	}
	s.trusted = cfg.TrustedProxies
	if cfg.Cluster != nil {
		s.cl = newClusterState(s, cfg.Cluster)
		s.metrics.clustered(s.cl)
		s.wg.Add(1)
		go func() { defer s.wg.Done(); s.cl.run(ctx) }()
	}
	s.analyser = newAnalyser(s, lim)
	s.hints = make(chan struct{}, 1)
	return s
}

// Resume restarts every unfinished table in the store, exactly where it stopped.
func (s *Server) Resume(ctx context.Context) error {
	if s.cl != nil {
		return nil // in a cluster, the node adopts the tables nobody runs
	}
	ids, err := s.store.Unfinished(ctx)
	if err != nil {
		return fmt.Errorf("list unfinished tables: %w", err)
	}
	for _, id := range ids {
		t, err := s.store.Get(ctx, id)
		if err != nil {
			return fmt.Errorf("load table %s: %w", id, err)
		}
		if _, err := s.start(t, ""); err != nil {
			// One broken table must not keep the others down, nor fail again at every restart.
			s.log.Error("resume table: ending it as unplayable", "table", id, "err", err)
			if err := s.store.End(ctx, id, len(t.Moves), store.Abandoned, store.EndUnplayable, nil); err != nil {
				s.log.Error("end unplayable table", "table", id, "err", err)
			}
			continue
		}
		s.log.Info("resumed table", "table", id, "game", t.Game, "moves", len(t.Moves))
	}
	return nil
}

// Close stops every live match and waits for them.
func (s *Server) Close() {
	s.cancel()
	s.wg.Wait()
}

// start runs a table's match; owner is the address that created it. In a cluster it first
// takes the table's lease, and returns a nil table if another node has it.
func (s *Server) start(t *store.Table, owner string) (*liveTable, error) {
	var epoch int64
	if s.cl != nil {
		e, ok, err := s.cl.node.Acquire(s.ctx, t.ID)
		if err != nil {
			return nil, err
		}
		if !ok {
			// Another node found the new table before this one took it: it runs it.
			return nil, nil
		}
		epoch = e
	}
	lt, err := s.run(t, owner, epoch)
	if err != nil && s.cl != nil {
		s.cl.node.Release(s.ctx, t.ID, epoch)
	}
	return lt, err
}

// turnOwner is the key a table's bot searches share turns under (thinkers): its creator's
// address, or, for a table resumed after a restart or taken over from another node (no address
// known), the table itself, so that resumed tables do not all wait in one queue.
func turnOwner(owner, id string) string {
	if owner == "" {
		return "table:" + id
	}
	return owner
}

// run runs a table's match under the lease epoch (0 on a single node).
func (s *Server) run(t *store.Table, owner string, epoch int64) (*liveTable, error) {
	g, err := games.Lookup(t.Game)
	if err != nil {
		return nil, err
	}
	bots := make([]bot.Bot, len(t.Seats))
	for i, seat := range t.Seats {
		if seat.Bot != "" {
			if bots[i], err = games.NewBot(g, seat.Bot); err != nil {
				return nil, err
			}
			bots[i] = s.thinkers.gate(g, bots[i], searches(g, seat.Bot), turnOwner(owner, t.ID))
			if err := s.checkBotCost(g, t.Options, seat.Bot); err != nil {
				return nil, err
			}
		}
	}
	rec := t.Record()
	id := t.ID
	delay := s.botDelay
	if botOnly(t.Seats) && slices.ContainsFunc(t.Seats, func(seat store.Seat) bool { return searches(g, seat.Bot) }) {
		delay = max(delay, s.limits.BotTableDelay)
	}
	lt := &liveTable{epoch: epoch}
	cfg := match.Config{
		Game: g, Record: rec, Bots: bots, Seed: t.Seed, BotDelay: delay,
		Persist: persister{s: s, id: t.ID, epoch: epoch}, Clock: s.clock,
		OnFault: func(err error) { s.log.Warn("bot failed to move; it will try again", "table", id, "err", err) },
	}
	if err := s.matchClock(s.ctx, t, epoch, &cfg); err != nil {
		return nil, err
	}
	cfg.ClockHeld = t.Status == store.Open // until every person has taken a seat (startClock)
	if s.cl != nil {
		cfg.OnProgress = func(p match.Progress) {
			lt.progress.Store(&p)
			s.publishProgress(lt, p)
		}
	}
	m, err := match.New(cfg)
	if err != nil {
		return nil, err
	}
	ctx, cancel := context.WithCancel(s.ctx)
	now := s.clock.Now()
	*lt = liveTable{
		epoch: epoch,
		id:    t.ID, game: g, m: m, open: t.Status == store.Open, owner: owner, botOnly: botOnly(t.Seats), cancel: cancel,
		created: t.Created, lastActive: now, lastMove: now, watchers: map[*watcher]struct{}{},
		correspondence: isCorrespondence(cfg.TableClock),
		person:         make([]bool, len(t.Seats)), names: make([]string, len(t.Seats)), present: make([]int, len(t.Seats)),
		goneSince: make([]time.Time, len(t.Seats)), announced: make([]bool, len(t.Seats)),
	}
	if lt.created.IsZero() || lt.created.After(now) {
		lt.created = now
	}
	for i, seat := range t.Seats {
		lt.names[i] = seat.Name
		lt.person[i] = seat.Bot == ""
		if lt.person[i] && seat.Claimed {
			lt.goneSince[i] = now // resumed: away until they reconnect
		}
	}
	s.mu.Lock()
	s.live[t.ID] = lt
	s.mu.Unlock()
	s.wg.Add(1)
	m.Start(ctx, func(err error) {
		defer s.wg.Done()
		defer cancel()
		s.mu.Lock()
		if s.live[t.ID] == lt { // not a newer run of the same table (cluster.go: Adopt)
			delete(s.live, t.ID)
			delete(s.failing, t.ID)
		}
		s.mu.Unlock()
		if s.cl != nil {
			s.cl.stopped(lt)
		}
		switch {
		case err == nil:
			s.log.Info("table finished", "table", t.ID)
		case errors.Is(err, context.Canceled):
		default:
			s.log.Error("table stopped", "table", t.ID, "err", err)
		}
	})
	return lt, nil
}

// searches reports whether g's bot level searches (or solves) for its moves, spending up to its
// budget on each, rather than playing a rule at once: every level but those that choose at once
// (cheapBots), and easy where the game has no heuristic for it to play.
func searches(g engine.Game, level string) bool {
	if level == "easy" {
		return g.Heuristic == nil
	}
	return level != "" && !cheapBots[level]
}

// botOnly reports whether no person plays at a table.
func botOnly(seats []store.Seat) bool {
	for _, seat := range seats {
		if seat.Bot == "" {
			return false
		}
	}
	return true
}

// table returns the live table id, or nil when it is not running.
func (s *Server) table(id string) *liveTable {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.live[id]
}

// persister saves a table's moves through the store.
type persister struct {
	s     *Server
	id    string
	epoch int64 // the lease held in a cluster, 0 on a single node
}

func (p persister) Append(ctx context.Context, at int, moves []engine.Move, result *engine.Result) error {
	status := store.Live
	p.s.mu.Lock()
	if lt := p.s.live[p.id]; lt != nil && lt.open {
		status = store.Open
	}
	_, retry := p.s.failing[p.id] // the last save of this table failed: this is a retry
	p.s.mu.Unlock()
	if retry {
		p.s.metrics.storeRetries.Inc()
	}
	over := result != nil && result.Over // otherwise result is the standing of a live match
	if over {
		status = store.Finished
	}
	// A move must be saved even while the server shuts down, or a person's move would be lost.
	ctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), saveTimeout)
	defer cancel()
	var err error
	switch {
	case over && p.s.accounts != nil:
		err = p.s.finish(ctx, p.id, p.epoch, at, moves, store.Finished, "", result)
	case p.epoch != 0:
		err = p.s.cl.node.Append(ctx, p.id, p.epoch, at, moves, status, result)
	default:
		err = p.s.store.Append(ctx, p.id, at, moves, status, result)
	}
	if errors.Is(err, store.ErrConflict) && p.saved(ctx, at, moves) {
		// An earlier try was written although its answer was lost (the connection dropped
		// after the commit): the moves are there once, as they should be.
		err = nil
	}
	if errors.Is(err, store.ErrLeaseLost) {
		// Not a fault of the store: another node runs the table now.
		p.s.leaseLost(p.id, p.epoch)
		return err
	}
	p.s.saveFailed(p.id, err)
	if err != nil {
		p.s.metrics.storeErrors.WithLabelValues("append").Inc()
		p.s.log.Warn("save failed", "table", p.id, "move", at+1, "err", err)
		return err
	}
	p.s.touch(p.id)
	return nil
}

// saved reports whether the store holds exactly moves from index at on.
func (p persister) saved(ctx context.Context, at int, moves []engine.Move) bool {
	t, err := p.s.store.Get(ctx, p.id)
	return err == nil && len(t.Moves) == at+len(moves) && slices.Equal(t.Moves[at:], moves)
}

// saveFailed records whether the last save of table id failed, for /healthz.
func (s *Server) saveFailed(id string, err error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if err == nil {
		delete(s.failing, id)
	} else {
		s.failing[id] = err
	}
}

// saveTimeout bounds one write to the store.
const saveTimeout = 10 * time.Second

// Handler returns the HTTP handler with every route.
func (s *Server) Handler() http.Handler {
	mux := http.NewServeMux()
	mux.HandleFunc("GET /healthz", s.healthz)
	mux.HandleFunc("GET /readyz", s.readyz)
	if !s.metricsApart {
		mux.Handle("GET /metrics", s.MetricsHandler())
	}
	mux.HandleFunc("GET /api/games", s.apiGames)
	mux.HandleFunc("GET /api/tables", s.apiListTables)
	mux.HandleFunc("POST /api/tables", s.apiCreateTable)
	mux.HandleFunc("GET /api/tables/{id}", s.apiTable)
	mux.HandleFunc("GET /api/tables/{id}/record", s.apiRecord)
	mux.HandleFunc("GET /api/tables/{id}/replay", s.apiReplay)
	mux.HandleFunc("POST /api/tables/{id}/rematch", s.apiRematch)
	mux.HandleFunc("GET /api/tables/{id}/analysis", s.apiAnalysis)
	mux.HandleFunc("POST /api/tables/{id}/analysis", s.apiAnalyse)
	mux.HandleFunc("POST /api/tables/{id}/hint", s.apiHint)
	mux.HandleFunc("GET /api/tutorials", s.apiTutorials)
	mux.HandleFunc("GET /api/tutorials/{game}", s.apiTutorial)
	mux.HandleFunc("GET /ws/tables/{id}", s.serveSocket)
	s.playerRoutes(mux)
	mux.Handle("GET /", s.pages())
	return s.logRequests(s.realAddr(s.guard(apiMethods(mux))))
}

// healthz answers 200 when the server works, and 503 "degraded" with the reason while the
// store cannot be read or moves cannot be saved (the matches wait and retry meanwhile).
func (s *Server) healthz(w http.ResponseWriter, r *http.Request) {
	s.mu.Lock()
	n, failing := len(s.live), len(s.failing)
	var last error
	for _, err := range s.failing {
		last = err
		break
	}
	s.mu.Unlock()
	degraded := func(reason string) {
		writeJSON(w, http.StatusServiceUnavailable, map[string]any{"ok": false, "status": "degraded", "reason": reason, "error": reason, "liveTables": n})
	}
	ctx, cancel := context.WithTimeout(r.Context(), 5*time.Second)
	defer cancel()
	if _, err := s.store.List(ctx, store.Filter{Limit: 1}); err != nil {
		degraded(fmt.Sprintf("the store cannot be read: %v", err))
		return
	}
	if failing > 0 {
		degraded(fmt.Sprintf("moves of %d tables cannot be saved (they wait and retry): %v", failing, last))
		return
	}
	writeJSON(w, http.StatusOK, map[string]any{"ok": true, "status": "ok", "liveTables": n})
}

// apiMethods answers a request to an API path with a method the path does not take in JSON,
// like every other API error, where the mux answers "Method Not Allowed" in plain text; its
// Allow header stays.
func apiMethods(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if !strings.HasPrefix(r.URL.Path, "/api/") {
			next.ServeHTTP(w, r)
			return
		}
		next.ServeHTTP(&methodWriter{ResponseWriter: w, method: r.Method}, r)
	})
}

// methodWriter turns the mux's plain-text 405 into a JSON error.
type methodWriter struct {
	http.ResponseWriter
	method  string
	swallow bool
}

func (w *methodWriter) WriteHeader(code int) {
	if code == http.StatusMethodNotAllowed && strings.HasPrefix(w.Header().Get("Content-Type"), "text/plain") {
		w.swallow = true
		allow := w.Header().Get("Allow")
		writeError(w.ResponseWriter, code, fmt.Sprintf("%s is not a method this path takes: it takes %s", w.method, allow))
		return
	}
	w.ResponseWriter.WriteHeader(code)
}

func (w *methodWriter) Write(b []byte) (int, error) {
	if w.swallow {
		return len(b), nil // the mux's plain-text body, replaced
	}
	return w.ResponseWriter.Write(b)
}

// Unwrap lets http.ResponseController (and the websocket upgrade) reach the real writer.
func (w *methodWriter) Unwrap() http.ResponseWriter { return w.ResponseWriter }

// logRequests logs every request but websocket frames with slog.
func (s *Server) logRequests(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		start := time.Now()
		sw := &statusWriter{ResponseWriter: w, status: http.StatusOK}
		next.ServeHTTP(sw, r)
		s.log.Debug("request", "method", r.Method, "path", r.URL.Path, "status", sw.status, "duration", time.Since(start))
	})
}

type statusWriter struct {
	http.ResponseWriter
	status int
}

func (w *statusWriter) WriteHeader(code int) {
	w.status = code
	w.ResponseWriter.WriteHeader(code)
}

// Unwrap lets http.ResponseController (and the websocket upgrade) reach the real writer.
func (w *statusWriter) Unwrap() http.ResponseWriter { return w.ResponseWriter }

// newID returns an unguessable identifier of n random bytes in lower-case base32.
func newID(n int) string {
	b := make([]byte, n)
	_, _ = rand.Read(b) // crypto/rand.Read never fails
	return strings.ToLower(base32.StdEncoding.WithPadding(base32.NoPadding).EncodeToString(b))
}

// rematchID is the ID of a table's rematch: derived, so that asking twice, even across a
// restart, finds the same table.
func rematchID(id string) string {
	sum := sha256.Sum256([]byte("rematch:" + id))
	return strings.ToLower(base32.StdEncoding.WithPadding(base32.NoPadding).EncodeToString(sum[:10]))
}

// newSeed is a new table's secret seed: Config.Seeds's where a test sets it.
func (s *Server) newSeed() uint64 {
	if s.seeds != nil {
		return s.seeds()
	}
	return newSeed()
}

// newSeed returns a secret match seed.
func newSeed() uint64 {
	var b [8]byte
	_, _ = rand.Read(b[:])
	return binary.LittleEndian.Uint64(b[:])
}

func hashToken(token string) string {
	sum := sha256.Sum256([]byte(token))
	return hex.EncodeToString(sum[:])
}

// seatOf returns the seat whose token this is, or engine.Spectator for no token. A wrong token is
// an error, so that a mistyped link is not silently turned into a spectator.
func seatOf(seats []store.Seat, token string) (engine.Seat, error) {
	if token == "" {
		return engine.Spectator, nil
	}
	h := hashToken(token)
	for i, seat := range seats {
		if seat.TokenHash != "" && subtle.ConstantTimeCompare([]byte(seat.TokenHash), []byte(h)) == 1 {
			return engine.Seat(i), nil
		}
	}
	return 0, errBadToken
}

var errBadToken = errors.New("this seat link is not valid for this table: ask for a new invite link")

// Main is a deuce server listening on an address, as `deuce serve` runs it and end-to-end tests
// start it on ":0".
type Main struct {
	Addr     string
	Store    store.Store
	Log      *slog.Logger
	BotDelay time.Duration
	// MessageRate and MessageBurst: see Config.
	MessageRate  float64
	MessageBurst int
	// Limits and Clock: see Config.
	Limits Limits
	Clock  timesource.Clock
	// SecureCookies: see Config.
	SecureCookies bool
	// Cluster and TrustedProxies: see Config.
	Cluster        *cluster.Node
	TrustedProxies []netip.Prefix
	// TLSCert and TLSKey, both set, are the PEM files of the certificate (its chain) and key
	// with which the server serves HTTPS itself, rather than plain HTTP behind a TLS proxy.
	// Session cookies are then marked Secure.
	TLSCert, TLSKey string
	// Seeds: see Config (tests only).
	Seeds func() uint64
	// Metrics says where /metrics is served: "" with everything else at Addr, "off" nowhere,
	// or an address of its own (like 127.0.0.1:9090, or a private network's), so that the
	// address the public reaches does not show the server's figures.
	Metrics string

	srv      *Server
	httpSrv  *http.Server
	listener net.Listener
	// tls reports that the listener serves HTTPS.
	tls bool
	// metricsSrv and metricsLn serve /metrics at Metrics's address, when it names one.
	metricsSrv *http.Server
	metricsLn  net.Listener
}

// strangersLog is the log of what net/http says of its connections (a TLS handshake that
// failed, a request it could not read): what any stranger can cause, so at debug level, where
// it cannot fill the log, and through the server's own handler (--log-json).
func strangersLog(l *slog.Logger) *log.Logger { return slog.NewLogLogger(l.Handler(), slog.LevelDebug) }

// ListenError is Main.Open's failure to listen at an address: the server's (Main.Addr) or its
// metrics' (Main.Metrics).
type ListenError struct {
	Addr    string
	Metrics bool
	Err     error
}

func (e *ListenError) Error() string {
	if e.Metrics {
		return "metrics: " + e.Err.Error()
	}
	return e.Err.Error()
}

func (e *ListenError) Unwrap() error { return e.Err }

// MetricsOff is Main.Metrics's value for no /metrics at all.
const MetricsOff = "off"

// Open starts listening and resumes unfinished tables. The server runs until Close. It listens
// first, so that a server that cannot have its address (taken, or not an address) fails before
// it resumes a table, whose bots would move.
func (m *Main) Open(ctx context.Context) error {
	var tlsConfig *tls.Config
	if m.TLSCert != "" || m.TLSKey != "" {
		// Read before listening, so that a wrong file fails the start, not every connection;
		// read again when renewed (certReloader).
		certs, err := newCertReloader(m.TLSCert, m.TLSKey, m.Log)
		if err != nil {
			return fmt.Errorf("tls: %w", err)
		}
		tlsConfig = &tls.Config{GetCertificate: certs.GetCertificate, MinVersion: tls.VersionTLS12}
	}
	ln, err := net.Listen("tcp", m.Addr)
	if err != nil {
		return &ListenError{Addr: m.Addr, Err: err}
	}
	if tlsConfig != nil {
		ln = tls.NewListener(ln, tlsConfig)
		m.tls = true
	}
	var mln net.Listener
	if m.Metrics != "" && m.Metrics != MetricsOff {
		if mln, err = net.Listen("tcp", m.Metrics); err != nil {
			ln.Close()
			return &ListenError{Addr: m.Metrics, Metrics: true, Err: err}
		}
	}
	m.srv = NewServer(Config{Store: m.Store, Log: m.Log, BotDelay: m.BotDelay, MessageRate: m.MessageRate, MessageBurst: m.MessageBurst, Limits: m.Limits, Clock: m.Clock,
		SecureCookies: m.SecureCookies,
		Cluster:       m.Cluster, TrustedProxies: m.TrustedProxies, MetricsApart: m.Metrics != "", Seeds: m.Seeds})
	if err := m.srv.Resume(ctx); err != nil {
		ln.Close()
		if mln != nil {
			mln.Close()
		}
		m.srv.Close()
		return err
	}
	m.listener = ln
	lim := m.srv.limits
	m.httpSrv = &http.Server{
		Handler:           m.srv.Handler(),
		ReadHeaderTimeout: lim.ReadHeaderTimeout, ReadTimeout: lim.ReadTimeout,
		WriteTimeout: lim.WriteTimeout, IdleTimeout: lim.IdleTimeout,
		MaxHeaderBytes: 16 << 10, ErrorLog: strangersLog(m.srv.log),
	}
	go func() {
		if err := m.httpSrv.Serve(ln); err != nil && !errors.Is(err, http.ErrServerClosed) {
			m.srv.log.Error("serve", "err", err)
		}
	}()
	if mln != nil {
		mux := http.NewServeMux()
		mux.Handle("GET /metrics", m.srv.MetricsHandler())
		m.metricsLn = mln
		m.metricsSrv = &http.Server{Handler: mux, ReadHeaderTimeout: lim.ReadHeaderTimeout, ReadTimeout: lim.ReadTimeout,
			WriteTimeout: lim.WriteTimeout, IdleTimeout: lim.IdleTimeout, MaxHeaderBytes: 16 << 10, ErrorLog: strangersLog(m.srv.log)}
		go func() {
			if err := m.metricsSrv.Serve(mln); err != nil && !errors.Is(err, http.ErrServerClosed) {
				m.srv.log.Error("serve metrics", "err", err)
			}
		}()
	}
	return nil
}

// MetricsURL is where /metrics is served, like http://127.0.0.1:9090/metrics, or "" when
// Metrics is off.
func (m *Main) MetricsURL() string {
	switch {
	case m.Metrics == "":
		return m.URL() + "/metrics"
	case m.metricsLn == nil:
		return ""
	}
	return baseURL(m.metricsLn) + "/metrics"
}

// Sweep ends the tables whose time is up now (see Server.Sweep); a janitor does it every few
// seconds, tests call it after moving their clock.
func (m *Main) Sweep(ctx context.Context) { m.srv.Sweep(ctx) }

// URL is the server's base address, like http://127.0.0.1:41234.
func (m *Main) URL() string {
	if m.tls {
		return "https" + strings.TrimPrefix(baseURL(m.listener), "http")
	}
	return baseURL(m.listener)
}

// baseURL is the http address of ln, naming localhost for a listener on every address.
func baseURL(ln net.Listener) string {
	addr := ln.Addr().(*net.TCPAddr)
	host := addr.IP.String()
	if addr.IP.IsUnspecified() {
		host = "localhost"
	}
	return fmt.Sprintf("http://%s", net.JoinHostPort(host, fmt.Sprint(addr.Port)))
}

// Close shuts down gracefully: it stops accepting, closes connections, stops every match (their
// moves are already saved) and waits.
func (m *Main) Close(ctx context.Context) error {
	err := m.httpSrv.Shutdown(ctx)
	if m.metricsSrv != nil {
		err = errors.Join(err, m.metricsSrv.Shutdown(ctx))
	}
	m.srv.Close()
	return err
}
