package web

import (
	"context"
	"fmt"
	"math"
	"net"
	"net/http"
	"net/netip"
	"runtime"
	"strconv"
	"sync"
	"time"

	"github.com/prometheus/client_golang/prometheus"
	"golang.org/x/time/rate"

	"deuce/store"
)

// Limits bound what clients can make the server do. `deuce serve` sets every field from a flag;
// a zero field takes its value from DefaultLimits.
type Limits struct {
	// CreatesPerMinute and CreateBurst bound the tables one address creates (token bucket).
	CreatesPerMinute float64
	CreateBurst      int
	// ConnectsPerMinute and ConnectBurst bound the websocket connections one address opens.
	ConnectsPerMinute float64
	ConnectBurst      int
	// RematchesPerMinute and RematchBurst bound the rematches one address asks for.
	RematchesPerMinute float64
	RematchBurst       int
	// SeeksPerMinute and SeekBurst bound the seeks one address posts, whatever accounts it
	// uses (quick pairs included): a seek stays in the lobby half an hour, so that one address
	// holds at most SeekBurst + 30 * SeeksPerMinute of the lobby's 500 at once. A rated rematch
	// between people, the other way to a rated pairing, counts too.
	SeeksPerMinute float64
	SeekBurst      int
	// The same per signed-in account (a browser's session or a bot token), whatever addresses
	// it comes from, on top of the limits per address: AccountCreatesPerMinute and
	// AccountCreateBurst bound the tables an account creates (a new table, accepting a seek, a
	// quick pair), AccountSeeksPerMinute and AccountSeekBurst the seeks it posts
	// (quick pairs included), AccountConnectsPerMinute and AccountConnectBurst the websocket
	// connections it opens.
	AccountCreatesPerMinute  float64
	AccountCreateBurst       int
	AccountSeeksPerMinute    float64
	AccountSeekBurst         int
	AccountConnectsPerMinute float64
	AccountConnectBurst      int
	// TablesPerAddress caps the unfinished tables created from one address; LiveTables those
	// of the whole server; BotTables the unfinished tables with no person seat.
	TablesPerAddress int
	LiveTables       int
	BotTables        int
	// SpectatorsPerTable caps the spectators connected to one table; ConnsPerAddress the
	// websocket connections open at once from one address.
	SpectatorsPerTable int
	ConnsPerAddress    int
	// EquilibriumPoints is the most starting points a player may have at a table with the
	// pencil equilibrium bot, whose first move solves the whole game.
	EquilibriumPoints int
	// SolveCacheBytes bounds the memory of the pencil solutions kept for equilibrium bots.
	SolveCacheBytes int
	// HTTP server timeouts; WriteTimeout applies to plain requests, not to websockets.
	ReadHeaderTimeout, ReadTimeout, WriteTimeout, IdleTimeout time.Duration
	// HelloTimeout is the time a websocket has to send its hello; then it is closed (1008,
	// saying why).
	HelloTimeout time.Duration
	// MaxBody is the most bytes a request body may have.
	MaxBody int64

	// Lifecycle. AbandonAfter is how long a person seat must have been disconnected before
	// the others may claim the win or hand it to a bot. ExpireAfter ends tables nobody has
	// touched (no move, no connection) for that long. BotTableTime ends bot-only tables that
	// long after they were created. ActiveWithin is how recent a move must be for a table to
	// show under "Live now".
	AbandonAfter, ExpireAfter, BotTableTime, ActiveWithin time.Duration

	// Match analysis (analysis.go). One worker analyses one match at a time: AnalysisQueue
	// matches may wait, a match of more than AnalysisDecisions decisions is refused, the search
	// spends AnalysisIterations a decision, and the worker uses at most AnalysisShare of one
	// core (it rests after each decision in proportion to the work).
	AnalysisQueue, AnalysisDecisions, AnalysisIterations int
	AnalysisShare                                        float64
	// AnalysesPerAddress caps the analyses one address may have queued or running at once.
	AnalysesPerAddress int
	// HintsPerMinute and HintBurst bound the hints one address asks for (token bucket): a
	// hint is up to a second of one core's search.
	HintsPerMinute float64
	HintBurst      int
	// BotTableDelay is the least pause before each move at a table of bots only where a bot
	// searches: with it a table of the strongest bots, thinking up to a second a move, takes a
	// fraction of the machine however fast the bots could play.
	BotTableDelay time.Duration
	// Thinkers is how many bot searches (medium, hard, expert, equilibrium) run at once on the
	// whole server; the others wait their turn (think.go).
	Thinkers int
}

// DefaultLimits are the limits of a server open to the internet on a small machine.
func DefaultLimits() Limits {
	return Limits{
		CreatesPerMinute: 6, CreateBurst: 10,
		ConnectsPerMinute: 60, ConnectBurst: 30,
		RematchesPerMinute: 6, RematchBurst: 10,
		SeeksPerMinute: 0.5, SeekBurst: 10,
		AccountCreatesPerMinute: 6, AccountCreateBurst: 10,
		AccountSeeksPerMinute: 6, AccountSeekBurst: 10,
		AccountConnectsPerMinute: 60, AccountConnectBurst: 30,
		TablesPerAddress: 10, LiveTables: 500, BotTables: 2,
		SpectatorsPerTable: 50, ConnsPerAddress: 40,
		EquilibriumPoints: 80,
		SolveCacheBytes:   64 << 20,
		ReadHeaderTimeout: 5 * time.Second, ReadTimeout: 15 * time.Second,
		WriteTimeout: 30 * time.Second, IdleTimeout: 2 * time.Minute, HelloTimeout: 10 * time.Second,
		MaxBody:      16 << 10,
		AbandonAfter: 2 * time.Minute, ExpireAfter: 30 * time.Minute,
		BotTableTime: 30 * time.Minute, ActiveWithin: 10 * time.Minute,
		AnalysisQueue: 16, AnalysisDecisions: 4000, AnalysisIterations: 1000, AnalysisShare: 0.5,
		AnalysesPerAddress: 2, HintsPerMinute: 20, HintBurst: 10,
		BotTableDelay: 3 * time.Second,
		Thinkers:      runtime.NumCPU(),
	}
}

// withDefaults fills the zero fields of l from DefaultLimits.
func (l Limits) withDefaults() Limits {
	d := DefaultLimits()
	fill := func(v any, def any) {
		switch p := v.(type) {
		case *float64:
			if *p <= 0 {
				*p = def.(float64)
			}
		case *int:
			if *p <= 0 {
				*p = def.(int)
			}
		case *int64:
			if *p <= 0 {
				*p = def.(int64)
			}
		case *time.Duration:
			if *p <= 0 {
				*p = def.(time.Duration)
			}
		}
	}
	fill(&l.CreatesPerMinute, d.CreatesPerMinute)
	fill(&l.CreateBurst, d.CreateBurst)
	fill(&l.ConnectsPerMinute, d.ConnectsPerMinute)
	fill(&l.ConnectBurst, d.ConnectBurst)
	fill(&l.RematchesPerMinute, d.RematchesPerMinute)
	fill(&l.RematchBurst, d.RematchBurst)
	fill(&l.SeeksPerMinute, d.SeeksPerMinute)
	fill(&l.SeekBurst, d.SeekBurst)
	fill(&l.AccountCreatesPerMinute, d.AccountCreatesPerMinute)
	fill(&l.AccountCreateBurst, d.AccountCreateBurst)
	fill(&l.AccountSeeksPerMinute, d.AccountSeeksPerMinute)
	fill(&l.AccountSeekBurst, d.AccountSeekBurst)
	fill(&l.AccountConnectsPerMinute, d.AccountConnectsPerMinute)
	fill(&l.AccountConnectBurst, d.AccountConnectBurst)
	fill(&l.TablesPerAddress, d.TablesPerAddress)
	fill(&l.LiveTables, d.LiveTables)
	fill(&l.BotTables, d.BotTables)
	fill(&l.SpectatorsPerTable, d.SpectatorsPerTable)
	fill(&l.ConnsPerAddress, d.ConnsPerAddress)
	fill(&l.EquilibriumPoints, d.EquilibriumPoints)
	fill(&l.SolveCacheBytes, d.SolveCacheBytes)
	fill(&l.ReadHeaderTimeout, d.ReadHeaderTimeout)
	fill(&l.ReadTimeout, d.ReadTimeout)
	fill(&l.WriteTimeout, d.WriteTimeout)
	fill(&l.IdleTimeout, d.IdleTimeout)
	fill(&l.HelloTimeout, d.HelloTimeout)
	fill(&l.MaxBody, d.MaxBody)
	fill(&l.AbandonAfter, d.AbandonAfter)
	fill(&l.ExpireAfter, d.ExpireAfter)
	fill(&l.BotTableTime, d.BotTableTime)
	fill(&l.ActiveWithin, d.ActiveWithin)
	fill(&l.AnalysisQueue, d.AnalysisQueue)
	fill(&l.AnalysisDecisions, d.AnalysisDecisions)
	fill(&l.AnalysisIterations, d.AnalysisIterations)
	fill(&l.AnalysisShare, d.AnalysisShare)
	fill(&l.AnalysesPerAddress, d.AnalysesPerAddress)
	fill(&l.HintsPerMinute, d.HintsPerMinute)
	fill(&l.HintBurst, d.HintBurst)
	l.AnalysisShare = min(l.AnalysisShare, 1)
	fill(&l.BotTableDelay, d.BotTableDelay)
	fill(&l.Thinkers, d.Thinkers)
	return l
}

// buckets holds one token bucket per client address (or per account). Buckets unused long
// enough to be full again are dropped, so the map stays as small as the set of recent clients.
type buckets struct {
	what  string // "new tables", "connections", "rematches": for the message
	from  string // "your address" or "your account": for the message
	every rate.Limit
	burst int
	now   func() time.Time

	mu    sync.Mutex
	m     map[string]*bucket
	swept time.Time

	// shared, when set, holds the buckets in the database the nodes of a cluster share, under
	// keys starting with prefix; the buckets of m then serve only while it fails.
	// refused counts the requests refused (metrics: deuce_rate_limited_total), nil for none.
	refused prometheus.Counter

	shared interface {
		Take(ctx context.Context, key string, perSecond float64, burst int, now time.Time) (time.Duration, bool, error)
		ForgetBuckets(ctx context.Context, prefix string, before time.Time) error
	}
	prefix string
}

// sharedTimeout bounds a query of a shared bucket: past it the node's own bucket decides.
const sharedTimeout = 2 * time.Second

type bucket struct {
	lim  *rate.Limiter
	last time.Time
}

func newBuckets(what string, perMinute float64, burst int, now func() time.Time) *buckets {
	return &buckets{what: what, from: "your address", every: rate.Limit(perMinute / 60), burst: burst, now: now, m: map[string]*bucket{}}
}

// newAccountBuckets returns buckets kept per account, for allowAccount.
func newAccountBuckets(what string, perMinute float64, burst int, now func() time.Time) *buckets {
	b := newBuckets(what, perMinute, burst, now)
	b.from = "your account"
	return b
}

// take spends one token of addr's bucket. When none is left it returns how long until one is.
func (b *buckets) take(addr string) (wait time.Duration, ok bool) {
	now := b.now()
	full := time.Duration(float64(b.burst) / float64(b.every) * float64(time.Second))
	b.mu.Lock()
	sweep := now.Sub(b.swept) > full
	if sweep {
		for k, v := range b.m {
			if now.Sub(v.last) > full {
				delete(b.m, k)
			}
		}
		b.swept = now
	}
	b.mu.Unlock()
	if b.shared != nil {
		ctx, cancel := context.WithTimeout(context.Background(), sharedTimeout)
		defer cancel()
		if sweep {
			_ = b.shared.ForgetBuckets(ctx, b.prefix, now.Add(-full)) // the next sweep tries again
		}
		if wait, ok, err := b.shared.Take(ctx, b.prefix+addr, float64(b.every), b.burst, now); err == nil {
			if !ok {
				b.refuse()
			}
			return wait, ok
		}
	}
	b.mu.Lock()
	defer b.mu.Unlock()
	e := b.m[addr]
	if e == nil {
		e = &bucket{lim: rate.NewLimiter(b.every, b.burst)}
		b.m[addr] = e
	}
	e.last = now
	r := e.lim.ReserveN(now, 1)
	if d := r.DelayFrom(now); d > 0 {
		r.CancelAt(now)
		b.refuse()
		return d, false
	}
	return 0, true
}

// refuse counts a refused request. A refusal is not logged: logging every one would let a
// client that keeps hitting the limit fill the log.
func (b *buckets) refuse() {
	if b.refused != nil {
		b.refused.Inc()
	}
}

// allow answers 429 with Retry-After and returns false when addr has no token left.
func (b *buckets) allow(w http.ResponseWriter, addr string) bool {
	wait, ok := b.take(addr)
	if ok {
		return true
	}
	secs := int(math.Ceil(wait.Seconds()))
	w.Header().Set("Retry-After", strconv.Itoa(secs))
	writeError(w, http.StatusTooManyRequests, fmt.Sprintf(
		"too many %s from %s: %s (bursts of %d); try again in %s",
		b.what, b.from, b.rateText(), b.burst, plural(secs, "second")))
	return false
}

// rateText says the sustained rate in words: "at most 6 a minute", "at most one every 2 minutes".
func (b *buckets) rateText() string {
	perMinute := float64(b.every) * 60
	if perMinute >= 1 {
		return "at most " + strconv.FormatFloat(perMinute, 'f', -1, 64) + " a minute"
	}
	return "at most one every " + strconv.FormatFloat(math.Round(10/perMinute)/10, 'f', -1, 64) + " minutes"
}

// allowAccount is allow for the bucket of account a; a guest (nil) has none, and passes.
func (b *buckets) allowAccount(w http.ResponseWriter, a *store.Account) bool {
	return a == nil || b.allow(w, strconv.FormatInt(a.ID, 10))
}

func plural(n int, noun string) string {
	if n == 1 {
		return "1 " + noun
	}
	return fmt.Sprintf("%d %ss", n, noun)
}

// clientAddr is the address limits are counted per: the connection's IPv4 address, or the /64
// network of an IPv6 one (the least a subscriber is given: counted per address, one person
// would hold 2^64 of them).
func clientAddr(r *http.Request) string {
	host, _, err := net.SplitHostPort(r.RemoteAddr)
	if err != nil {
		return r.RemoteAddr
	}
	ip, err := netip.ParseAddr(host)
	if err != nil {
		return host
	}
	if ip = ip.Unmap(); ip.Is4() {
		return ip.String()
	}
	return netip.PrefixFrom(ip.WithZone(""), 64).Masked().String()
}

// serverFull answers 503 with a minute's Retry-After.
func serverFull(w http.ResponseWriter, msg string) {
	w.Header().Set("Retry-After", "60")
	writeError(w, http.StatusServiceUnavailable, msg)
}
