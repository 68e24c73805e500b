package main

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"log/slog"
	"net"
	"net/netip"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"time"

	"deuce/cluster"
	"deuce/games/pencil"
	"deuce/store"
	"deuce/store/postgres"
	"deuce/store/sqlite"
	"deuce/web"
)

const serveUsage = `[flags]

Serves deuce in the browser: a lobby to create tables against bots or friends,
live tables, and replays. Matches are kept in an embedded SQLite file in the
data directory (or in PostgreSQL with --postgres); a restarted server resumes
every unfinished table where it stopped.

Example:
  deuce serve --addr 127.0.0.1:8080`

func runServe(ctx context.Context, args []string, e *env) error {
	fs := newFlags(e, "serve", serveUsage)
	addr := fs.String("addr", "127.0.0.1:8080", "`address` to listen on (use :8080 to accept other machines)")
	data := fs.String("data", dataDir(), "data `directory` holding deuce.db")
	pg := fs.String("postgres", "", "PostgreSQL connection `URL` to use instead of SQLite (leave the password out and set PGPASSWORD, so that it is not on the command line)")
	botDelay := fs.Duration("bot-delay", 600*time.Millisecond, "pause before each bot move, so people can follow")
	level := fs.String("log-level", "info", "log `level`: debug, info, warn or error")
	secureCookies := fs.Bool("secure-cookies", false, "mark session cookies Secure although deuce itself serves plain HTTP (behind a TLS proxy)")
	host, _ := os.Hostname()
	node := fs.String("node", host, "this server's `name` in logs and, with --postgres, among the nodes sharing the database")
	leaseTime := fs.Duration("lease-time", cluster.DefaultLeaseTime, "with --postgres: how long a table waits for another node when its node dies")
	logJSON := fs.Bool("log-json", false, "log JSON lines instead of text")
	tlsCert := fs.String("tls-cert", "", "serve HTTPS with this PEM `file` of the certificate and its chain (with --tls-key), rather than plain HTTP behind a TLS proxy")
	tlsKey := fs.String("tls-key", "", "the PEM `file` of --tls-cert's private key")
	metricsAddr := fs.String("metrics-addr", "", "serve /metrics on a listener of its own at this `address` (like 127.0.0.1:9090) instead of with the pages, so the public address does not show the server's figures; off for no /metrics")
	proxies := fs.String("trusted-proxies", "", "comma-separated `networks` (CIDR) of reverse proxies whose X-Forwarded-For names the client, for the limits per address")
	lim := web.DefaultLimits()
	fs.Float64Var(&lim.CreatesPerMinute, "create-rate", lim.CreatesPerMinute, "new `tables` a minute one address may create, sustained")
	fs.IntVar(&lim.CreateBurst, "create-burst", lim.CreateBurst, "new `tables` one address may create at once")
	fs.Float64Var(&lim.ConnectsPerMinute, "connect-rate", lim.ConnectsPerMinute, "websocket `connections` a minute one address may open, sustained")
	fs.IntVar(&lim.ConnectBurst, "connect-burst", lim.ConnectBurst, "websocket `connections` one address may open at once")
	fs.Float64Var(&lim.RematchesPerMinute, "rematch-rate", lim.RematchesPerMinute, "`rematches` a minute one address may ask for, sustained")
	fs.IntVar(&lim.RematchBurst, "rematch-burst", lim.RematchBurst, "`rematches` one address may ask for at once")
	fs.Float64Var(&lim.SeeksPerMinute, "seek-rate", lim.SeeksPerMinute, "`seeks` a minute one address may post, sustained, whatever accounts it uses (quick pairs and rated rematches between people included)")
	fs.IntVar(&lim.SeekBurst, "seek-burst", lim.SeekBurst, "`seeks` one address may post at once")
	fs.Float64Var(&lim.AccountCreatesPerMinute, "account-create-rate", lim.AccountCreatesPerMinute, "new `tables` a minute one signed-in account may create from any addresses, sustained (accepted seeks and quick pairs included)")
	fs.IntVar(&lim.AccountCreateBurst, "account-create-burst", lim.AccountCreateBurst, "new `tables` one signed-in account may create at once")
	fs.Float64Var(&lim.AccountSeeksPerMinute, "account-seek-rate", lim.AccountSeeksPerMinute, "`seeks` a minute one account may post, sustained (quick pairs included)")
	fs.IntVar(&lim.AccountSeekBurst, "account-seek-burst", lim.AccountSeekBurst, "`seeks` one account may post at once")
	fs.Float64Var(&lim.AccountConnectsPerMinute, "account-connect-rate", lim.AccountConnectsPerMinute, "websocket `connections` a minute one signed-in account may open from any addresses, sustained")
	fs.IntVar(&lim.AccountConnectBurst, "account-connect-burst", lim.AccountConnectBurst, "websocket `connections` one signed-in account may open at once")
	fs.IntVar(&lim.TablesPerAddress, "max-tables-per-address", lim.TablesPerAddress, "unfinished `tables` one address may have created")
	fs.IntVar(&lim.LiveTables, "max-live-tables", lim.LiveTables, "unfinished `tables` on the whole server (more get 503, the server is full)")
	fs.IntVar(&lim.BotTables, "max-bot-tables", lim.BotTables, "unfinished `tables` with bots in every seat")
	fs.DurationVar(&lim.BotTableTime, "bot-table-time", lim.BotTableTime, "a table with bots in every seat ends this long after it was created")
	fs.DurationVar(&lim.BotTableDelay, "bot-table-delay", lim.BotTableDelay, "least pause before each move at a table with bots in every seat, one of them searching (medium, hard, expert, equilibrium)")
	fs.IntVar(&lim.Thinkers, "max-thinking", lim.Thinkers, "bot `searches` and hints running at once on the server (medium, hard, expert, equilibrium); the others wait their turn, shared out by address")
	fs.IntVar(&lim.SpectatorsPerTable, "max-spectators", lim.SpectatorsPerTable, "`spectators` one table takes")
	fs.IntVar(&lim.ConnsPerAddress, "max-conns-per-address", lim.ConnsPerAddress, "websocket `connections` open at once from one address")
	fs.IntVar(&lim.EquilibriumPoints, "equilibrium-max-points", lim.EquilibriumPoints, "most starting `points` a player may have against the pencil equilibrium bot (its solve grows with the fifth power)")
	fs.IntVar(&lim.AnalysisQueue, "analysis-queue", lim.AnalysisQueue, "finished `matches` that may wait for analysis")
	fs.IntVar(&lim.AnalysisDecisions, "analysis-max-decisions", lim.AnalysisDecisions, "most `decisions` of a match analysed (longer ones are refused)")
	fs.IntVar(&lim.AnalysisIterations, "analysis-iterations", lim.AnalysisIterations, "search `iterations` per decision of a card-game analysis")
	fs.Float64Var(&lim.AnalysisShare, "analysis-share", lim.AnalysisShare, "`share` of one core the background analysis may use, up to 1")
	fs.IntVar(&lim.AnalysesPerAddress, "analyses-per-address", lim.AnalysesPerAddress, "`analyses` one address may have queued or running at once")
	fs.Float64Var(&lim.HintsPerMinute, "hint-rate", lim.HintsPerMinute, "`hints` a minute one address may ask for, sustained")
	fs.IntVar(&lim.HintBurst, "hint-burst", lim.HintBurst, "`hints` one address may ask for at once")
	cacheMB := fs.Int("solve-cache-mb", lim.SolveCacheBytes>>20, "`megabytes` of solved pencil games kept for the equilibrium bot")
	fs.DurationVar(&lim.ReadHeaderTimeout, "read-header-timeout", lim.ReadHeaderTimeout, "time a client has to send a request's headers")
	fs.DurationVar(&lim.ReadTimeout, "read-timeout", lim.ReadTimeout, "time a client has to send a whole request")
	fs.DurationVar(&lim.WriteTimeout, "write-timeout", lim.WriteTimeout, "time to answer a plain request (websockets have their own deadlines)")
	fs.DurationVar(&lim.IdleTimeout, "idle-timeout", lim.IdleTimeout, "time an idle keep-alive connection stays open")
	fs.DurationVar(&lim.HelloTimeout, "hello-timeout", lim.HelloTimeout, "time a websocket has to send its hello before it is closed")
	fs.Int64Var(&lim.MaxBody, "max-body", lim.MaxBody, "most `bytes` in a request body")
	fs.DurationVar(&lim.AbandonAfter, "abandon-after", lim.AbandonAfter, "a player disconnected this long may be claimed as a win or handed to a bot by the others")
	fs.DurationVar(&lim.ExpireAfter, "expire-after", lim.ExpireAfter, "a table with no move and nobody connected for this long expires")
	fs.DurationVar(&lim.ActiveWithin, "live-within", lim.ActiveWithin, "\"Live now\" lists tables with a move in this last stretch of time")
	pos, err := parseFlags(fs, args)
	if err != nil {
		return err
	}
	if len(pos) > 0 {
		return usagef("serve takes no arguments (got %q)", pos[0])
	}
	var lvl slog.Level
	if err := lvl.UnmarshalText([]byte(*level)); err != nil {
		return usagef("--log-level %q: want debug, info, warn or error", *level)
	}
	if *botDelay < 0 {
		return usagef("--bot-delay must not be negative")
	}
	if err := checkLimits(lim, *cacheMB); err != nil {
		return err
	}
	lim.SolveCacheBytes = *cacheMB << 20
	trusted, err := parsePrefixes(*proxies)
	if err != nil {
		return usagef("--trusted-proxies: %v", err)
	}
	if *node == "" {
		*node = "deuce"
	}
	if err := checkAddr("addr", *addr); err != nil {
		return err
	}
	if *metricsAddr != "" && *metricsAddr != web.MetricsOff {
		if err := checkAddr("metrics-addr", *metricsAddr); err != nil {
			return err
		}
		if *metricsAddr == *addr {
			return usagef("--metrics-addr %s is --addr's: leave it out to serve /metrics with the pages", *metricsAddr)
		}
	}
	if (*tlsCert == "") != (*tlsKey == "") {
		return usagef("--tls-cert and --tls-key go together: give both files, or neither to serve plain HTTP")
	}
	if *leaseTime < 300*time.Millisecond || *leaseTime > 10*time.Minute {
		return usagef("--lease-time %v: want between 300ms and 10m", *leaseTime)
	}
	var handler slog.Handler = slog.NewTextHandler(e.stderr, &slog.HandlerOptions{Level: lvl})
	if *logJSON {
		handler = slog.NewJSONHandler(e.stderr, &slog.HandlerOptions{Level: lvl})
	}
	log := slog.New(handler).With("node", *node)

	var (
		st    store.Store
		where string
		cn    *cluster.Node
	)
	if *pg != "" {
		db, err := postgres.Open(ctx, *pg)
		if err != nil {
			return fmt.Errorf("open postgres: %w", err)
		}
		st, where = db, "postgres"
		// On PostgreSQL every server is a node of a cluster, alone or not: more nodes may
		// join on the same database at any time.
		if cn, err = cluster.New(ctx, cluster.Config{DB: db, Name: *node, LeaseTime: *leaseTime, Log: log}); err != nil {
			db.Close()
			return err
		}
	} else {
		if err := os.MkdirAll(*data, 0o755); err != nil {
			return fmt.Errorf("data directory: %w", err)
		}
		path := filepath.Join(*data, "deuce.db")
		db, err := sqlite.Open(ctx, path)
		if err != nil {
			return fmt.Errorf("open %s: %w", path, err)
		}
		st, where = db, path
	}
	defer st.Close()

	// Every websocket is an open file: a server holding thousands of tables needs the most the
	// system allows it.
	if _, err := raiseFileLimit(); err != nil {
		log.Warn("open files", "err", err)
	}
	m := &web.Main{Addr: *addr, Store: st, Log: log, BotDelay: *botDelay, Limits: lim, SecureCookies: *secureCookies, Cluster: cn, TrustedProxies: trusted, Metrics: *metricsAddr,
		TLSCert: *tlsCert, TLSKey: *tlsKey}
	if err := m.Open(ctx); err != nil {
		var le *web.ListenError
		if errors.As(err, &le) && errors.Is(err, syscall.EADDRINUSE) {
			flag := "--addr"
			if le.Metrics {
				flag = "--metrics-addr"
			}
			return fmt.Errorf("%w (another deuce serve running? pick another %s)", err, flag)
		}
		return err
	}
	log.Info("deuce is serving", "url", m.URL(), "store", where, "metrics", cmp.Or(m.MetricsURL(), "off"))
	fmt.Fprintf(e.stdout, "deuce is serving at %s (Ctrl-C to stop)\n", m.URL())
	<-ctx.Done()
	log.Info("shutting down")
	sctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	return m.Close(sctx)
}

// checkLimits refuses limits that would turn a limit off or make the server useless: every one
// must be positive.
func checkLimits(l web.Limits, cacheMB int) error {
	for _, c := range []struct {
		flag string
		ok   bool
	}{
		{"create-rate", l.CreatesPerMinute > 0}, {"create-burst", l.CreateBurst > 0},
		{"connect-rate", l.ConnectsPerMinute > 0}, {"connect-burst", l.ConnectBurst > 0},
		{"rematch-rate", l.RematchesPerMinute > 0}, {"rematch-burst", l.RematchBurst > 0},
		{"seek-rate", l.SeeksPerMinute > 0}, {"seek-burst", l.SeekBurst > 0},
		{"account-create-rate", l.AccountCreatesPerMinute > 0}, {"account-create-burst", l.AccountCreateBurst > 0},
		{"account-seek-rate", l.AccountSeeksPerMinute > 0}, {"account-seek-burst", l.AccountSeekBurst > 0},
		{"account-connect-rate", l.AccountConnectsPerMinute > 0}, {"account-connect-burst", l.AccountConnectBurst > 0},
		{"max-tables-per-address", l.TablesPerAddress > 0}, {"max-live-tables", l.LiveTables > 0},
		{"max-bot-tables", l.BotTables > 0}, {"bot-table-time", l.BotTableTime > 0},
		{"bot-table-delay", l.BotTableDelay > 0}, {"max-thinking", l.Thinkers > 0},
		{"max-spectators", l.SpectatorsPerTable > 0}, {"max-conns-per-address", l.ConnsPerAddress > 0},
		{"equilibrium-max-points", l.EquilibriumPoints > 0}, {"solve-cache-mb", cacheMB > 0},
		{"read-header-timeout", l.ReadHeaderTimeout > 0}, {"read-timeout", l.ReadTimeout > 0},
		{"write-timeout", l.WriteTimeout > 0}, {"idle-timeout", l.IdleTimeout > 0}, {"hello-timeout", l.HelloTimeout > 0},
		{"max-body", l.MaxBody > 0}, {"abandon-after", l.AbandonAfter > 0},
		{"expire-after", l.ExpireAfter > 0}, {"live-within", l.ActiveWithin > 0},
		{"analysis-queue", l.AnalysisQueue > 0}, {"analysis-max-decisions", l.AnalysisDecisions > 0},
		{"analysis-iterations", l.AnalysisIterations > 0},
		{"analyses-per-address", l.AnalysesPerAddress > 0}, {"hint-rate", l.HintsPerMinute > 0}, {"hint-burst", l.HintBurst > 0},
	} {
		if !c.ok {
			return usagef("--%s must be positive", c.flag)
		}
	}
	if l.AnalysisShare <= 0 || l.AnalysisShare > 1 {
		return usagef("--analysis-share %v: want a share of one core above 0 and at most 1, like 0.25", l.AnalysisShare)
	}
	if l.EquilibriumPoints > pencil.MaxSolvePoints {
		return usagef("--equilibrium-max-points %d: the solver takes at most %d", l.EquilibriumPoints, pencil.MaxSolvePoints)
	}
	return nil
}

// checkAddr refuses an address flag's value that cannot be listened on before anything is
// opened, saying how to write it.
func checkAddr(flag, addr string) error {
	if _, _, err := net.SplitHostPort(addr); err != nil {
		if _, perr := strconv.ParseUint(addr, 10, 16); perr == nil {
			return usagef("--%s %s: a port is written with its host: 127.0.0.1:%s (this machine only) or :%s (every address)", flag, addr, addr, addr)
		}
		return usagef("--%s %s: want host:port, like 127.0.0.1:8080 or :8080", flag, addr)
	}
	return nil
}

// parsePrefixes reads a comma-separated list of networks (10.0.0.0/8) or addresses.
func parsePrefixes(list string) ([]netip.Prefix, error) {
	var out []netip.Prefix
	for _, f := range strings.Split(list, ",") {
		f = strings.TrimSpace(f)
		if f == "" {
			continue
		}
		if !strings.Contains(f, "/") {
			a, err := netip.ParseAddr(f)
			if err != nil {
				return nil, fmt.Errorf("%q is neither a network nor an address", f)
			}
			out = append(out, netip.PrefixFrom(a, a.BitLen()))
			continue
		}
		p, err := netip.ParsePrefix(f)
		if err != nil {
			return nil, fmt.Errorf("%q is not a network like 10.0.0.0/8", f)
		}
		out = append(out, p.Masked())
	}
	return out, nil
}
