package main

import (
	"bufio"
	"bytes"
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"

	"deuce/engine"
	"deuce/games"
	"deuce/store/postgres"
	"deuce/web/loadtest"
)

const benchUsage = `serve [flags]

Measures the browser server under load: it starts a deuce server in a separate
process (or uses --server), creates --tables tables, and plays every seat through
its own websocket with a random client-side bot that thinks about --think per
move, as a person would (5s: each table moves about every 5 seconds). Every table
is set up before any moves, then all play for --window (0: every table plays to
its end). It reports the move-to-update latency (p50, p90, p99), the server's
memory per live table (from its resident set size), and every error; the record
of every table played to its end is replayed and must end as stored.

Every websocket is an open file in both processes: the bench raises their limit
to the hard limit and says so when it is too low. With --opponent LEVEL the last
seat of every table is a server bot of that level, so a table needs one
connection instead of two.

With --nodes N and --postgres URL it starts N nodes sharing that database,
creates every table and connects every seat on a node at random, plays every
table to its end (client bots think 500ms unless told), and kills the node
running the most tables (SIGKILL) in the middle of the run: the others take its
tables over (the report says how many, from the leases in the database), its
clients reconnect elsewhere, and the report counts errors and lost moves.

The servers it starts keep their data in one temporary directory (deuce-bench-*),
removed when the run ends, fails or is interrupted; one left by a run killed
outright is removed by the next run.

Examples:
  deuce bench serve --tables 1000
  deuce bench serve --tables 10000 --opponent random
  deuce bench serve --nodes 3 --postgres postgres://localhost/deuce --tables 100`

// serveBench is a run of deuce bench serve, its flags.
type serveBench struct {
	tables        int
	game, variant string
	think, window time.Duration
	opponent      string
	seed          uint64
	server        string
	nodes         int
	postgres      string
	killAfter     int
}

// serveResult is what a run of deuce bench serve found.
type serveResult struct {
	Report *loadtest.Report
	// URL is the server measured (the first node in a cluster).
	URL string
	// Nodes is the number of nodes started. Killed is the node killed (numbered from 1), 0 when
	// none was: the run ended before KillAfter moves were answered.
	Nodes, Killed, KillAfter int
	// Moved are the tables whose lease the killed node held when it died, TakenOver those of
	// them whose lease another node took afterwards (its epoch raised).
	Moved, TakenOver []string
	// Base, Peak and Steady are the server's resident memory idle, at its peak and at most while
	// every table played (the window); measured on a single server the bench started, 0 otherwise.
	Base, Peak, Steady int64
}

func runBench(ctx context.Context, args []string, e *env) error {
	if !contains(args, "serve") {
		return runBenchBots(ctx, args, e)
	}
	b, err := parseServeBench(args, e)
	if err != nil {
		return err
	}
	res, err := b.run(ctx, e)
	if res == nil {
		return err
	}
	if err != nil {
		fmt.Fprintf(e.stdout, "stopped before the end (%v): the figures so far\n", err)
	}
	res.write(e.stdout)
	if err != nil {
		return err
	}
	if rep := res.Report; rep.Errors > 0 || rep.Lost > 0 {
		return fmt.Errorf("%d errors, %d lost moves", rep.Errors, rep.Lost)
	}
	return nil
}

// parseServeBench reads the command line of deuce bench serve.
func parseServeBench(args []string, e *env) (*serveBench, error) {
	fs := newFlags(e, "bench", benchUsage)
	b := &serveBench{}
	fs.IntVar(&b.tables, "tables", 1000, "`number` of tables played at once")
	fs.StringVar(&b.game, "game", "centercourt", "the `game` every table plays")
	fs.StringVar(&b.variant, "variant", "tiebreak", "the game's `variant`")
	fs.DurationVar(&b.think, "think", 5*time.Second, "mean thinking `time` of a client bot per move (each pause is drawn between half and one and a half times it)")
	fs.DurationVar(&b.window, "window", time.Minute, "how long every table plays once all are set up (0: every table plays to its end)")
	fs.StringVar(&b.opponent, "opponent", "", "bot `level` playing the last seat of every table on the server (default: people in every seat)")
	fs.Uint64Var(&b.seed, "seed", 1, "`seed` of the client bots")
	fs.StringVar(&b.server, "server", "", "benchmark the server at this `URL` instead of starting one (memory is then not measured)")
	fs.IntVar(&b.nodes, "nodes", 1, "`number` of nodes to start on --postgres; the one running the most tables is killed in the middle of the run when more than one")
	fs.StringVar(&b.postgres, "postgres", "", "PostgreSQL `URL` the nodes share (needed with --nodes)")
	fs.IntVar(&b.killAfter, "kill-after", 0, "with --nodes: kill a node once this many `moves` have been answered (default: ten per table)")
	pos, err := parseFlags(fs, args)
	if err != nil {
		return nil, err
	}
	if len(pos) != 1 || pos[0] != "serve" {
		return nil, usagef("bench knows one benchmark: deuce bench serve")
	}
	set := map[string]bool{}
	fs.Visit(func(f *flag.Flag) { set[f.Name] = true })
	if b.nodes > 1 {
		// A cluster run plays every table to its end, quickly, so that every record is
		// checked for lost moves (a live table's record is not public).
		if !set["window"] {
			b.window = 0
		}
		if !set["think"] {
			b.think = 500 * time.Millisecond
		}
	}
	return b, nil
}

// run checks the flags, starts the servers (unless given one) and plays the tables, killing a
// node in the middle of a cluster run. The result is nil when the run could not start.
func (b *serveBench) run(ctx context.Context, e *env) (*serveResult, error) {
	if b.tables < 1 {
		return nil, usagef("--tables must be at least 1")
	}
	if b.nodes < 1 || b.nodes > 16 {
		return nil, usagef("--nodes %d: want 1 to 16", b.nodes)
	}
	if b.nodes > 1 && (b.postgres == "" || b.server != "") {
		return nil, usagef("--nodes needs --postgres (the database the nodes share), and no --server")
	}
	if b.killAfter < 0 {
		return nil, usagef("--kill-after must not be negative")
	}
	if b.window < 0 || b.think < 0 {
		return nil, usagef("--window and --think must not be negative")
	}
	// Every seat played here is a websocket, an open file at each end.
	conns := 2 * b.tables
	if b.opponent != "" {
		conns = b.tables
	}
	files, err := raiseFileLimit()
	if err != nil {
		return nil, err
	}
	if files != 0 && files < uint64(conns)+256 {
		return nil, fmt.Errorf("%d tables need %d websockets, each an open file in this process and in the server, "+
			"and this system allows %d: raise the hard limit (ulimit -Hn), play fewer tables, or use --opponent random (one websocket a table)",
			b.tables, conns, files)
	}
	if ports := localPorts(); ports != 0 && ports < conns+1000 {
		return nil, fmt.Errorf("%d websockets to one server need as many local ports, and the machine gives %d (/proc/sys/net/ipv4/ip_local_port_range): widen the range or play fewer tables", conns, ports)
	}
	res := &serveResult{URL: b.server, Nodes: b.nodes}
	pid := 0
	var (
		urls  []string
		procs []*exec.Cmd
	)
	if res.URL == "" {
		// One directory holds the data of every server started; it goes once they have
		// stopped (the deferred stops run first), however the run ends: played out, failed,
		// or interrupted (SIGINT or SIGTERM cancel ctx, and the servers are stopped in turn).
		tmp, err := benchDir()
		if err != nil {
			return nil, err
		}
		defer func() {
			if err := os.RemoveAll(tmp); err != nil {
				fmt.Fprintf(e.stderr, "could not remove the servers' data: %v\n", err)
			}
		}()
		for i := range b.nodes {
			var args []string
			if b.postgres != "" {
				args = []string{"--postgres", b.postgres, "--node", nodeName(i), "--lease-time", "3s"}
			}
			srv, u, err := startServer(ctx, tmp, args...)
			if err != nil {
				return nil, err
			}
			defer stopServer(srv)
			procs, urls = append(procs, srv), append(urls, u)
		}
		res.URL = urls[0]
		if b.nodes == 1 {
			pid = procs[0].Process.Pid // memory is measured on one server
		}
	}
	var (
		disrupt func()
		db      *postgres.DB
		// killed is closed once the node is killed and res.Killed and res.Moved are set.
		killed = make(chan struct{})
	)
	if len(procs) > 1 {
		// The bench reads the leases to kill the node running the most tables, and to see
		// which of its tables the others took over.
		if db, err = postgres.Open(ctx, b.postgres); err != nil {
			return nil, fmt.Errorf("open postgres: %w", err)
		}
		defer db.Close()
		res.KillAfter = b.killAfter
		if res.KillAfter == 0 {
			res.KillAfter = 10 * b.tables
		}
		disrupt = func() {
			defer close(killed)
			ctx, cancel := context.WithTimeout(ctx, 10*time.Second)
			defer cancel()
			victim := busiestNode(ctx, db, len(procs))
			_ = procs[victim].Process.Kill()
			// The dead node's leases stay until they expire (a lease outlives its last renewal
			// by two thirds of the lease time): they are the tables it ran.
			leases, err := db.Leases(ctx)
			if err != nil {
				fmt.Fprintf(e.stderr, "read the leases: %v\n", err)
			}
			var moved []string
			for _, l := range leases {
				if l.Held && strings.HasPrefix(l.Node, nodeName(victim)+"/") {
					moved = append(moved, l.Table)
				}
			}
			res.Killed, res.Moved = victim+1, moved
			fmt.Fprintf(e.stderr, "killed node %d (%s), which ran %d tables\n", victim+1, urls[victim], len(moved))
		}
	}
	res.Base = rss(pid)
	var mu sync.Mutex
	res.Peak = res.Base
	inWindow := false
	stop := make(chan struct{})
	var sampler sync.WaitGroup
	if pid != 0 {
		sampler.Add(1)
		go func() {
			defer sampler.Done()
			t := time.NewTicker(200 * time.Millisecond)
			defer t.Stop()
			for {
				select {
				case <-stop:
					return
				case <-t.C:
					r := rss(pid)
					mu.Lock()
					res.Peak = max(res.Peak, r)
					if inWindow {
						res.Steady = max(res.Steady, r)
					}
					mu.Unlock()
				}
			}
		}()
	}
	against := "people in every seat"
	if b.opponent != "" {
		against = "a server bot (" + b.opponent + ") in the last seat"
	}
	fmt.Fprintf(e.stdout, "benchmarking %s: %d tables of %s (%s), %s, client bots think %v per move on average\n", res.URL, b.tables, b.game, b.variant, against, b.think)
	last := time.Now()
	rep, err := loadtest.Run(ctx, loadtest.Config{
		URL: res.URL, URLs: urls, Tables: b.tables, Game: b.game, Variant: b.variant, Think: b.think, Seed: b.seed,
		Disrupt: disrupt, DisruptAfter: res.KillAfter, Opponent: b.opponent, Window: b.window, Check: replays,
		InWindow: func(in bool) {
			r := rss(pid)
			mu.Lock()
			defer mu.Unlock()
			inWindow = in
			res.Steady, res.Peak = max(res.Steady, r), max(res.Peak, r)
		},
		Progress: func(done, total int) {
			if time.Since(last) > 5*time.Second || done == total {
				last = time.Now()
				fmt.Fprintf(e.stderr, "%d/%d tables finished\n", done, total)
			}
		},
	})
	close(stop)
	sampler.Wait()
	if rep == nil {
		return nil, err
	}
	res.Report = rep
	if disrupt != nil && rep.Moves >= res.KillAfter {
		// The kill was started (Run calls disrupt at the KillAfter-th answered move): what it
		// found is read once it is done.
		<-killed
	}
	if res.Killed > 0 && ctx.Err() == nil {
		res.TakenOver = takenOver(ctx, db, res.Moved, nodeName(res.Killed-1), e)
	}
	return res, err
}

// nodeName is the name of the bench's node i (from 0).
func nodeName(i int) string { return fmt.Sprintf("bench%d", i+1) }

// busiestNode returns the node (from 0) of the n holding the most leases, the last one when
// the leases cannot be read.
func busiestNode(ctx context.Context, db *postgres.DB, n int) int {
	leases, _ := db.Leases(ctx)
	count := make([]int, n)
	for _, l := range leases {
		for i := range n {
			if l.Held && strings.HasPrefix(l.Node, nodeName(i)+"/") {
				count[i]++
			}
		}
	}
	victim := n - 1
	for i := range n {
		if count[i] > count[victim] {
			victim = i
		}
	}
	return victim
}

// takenOver returns the tables of moved whose lease a node other than the one named dead took
// after it.
func takenOver(ctx context.Context, db *postgres.DB, moved []string, dead string, e *env) []string {
	leases, err := db.Leases(ctx)
	if err != nil {
		fmt.Fprintf(e.stderr, "read the leases: %v\n", err)
		return nil
	}
	var out []string
	for _, l := range leases {
		if slices.Contains(moved, l.Table) && !strings.HasPrefix(l.Node, dead+"/") {
			out = append(out, l.Table)
		}
	}
	return out
}

// replays checks a stored record (engine.Record JSON): it replays to the end of its match and
// to the result stored with it.
func replays(id string, record []byte) error {
	rec, err := engine.ReadRecord(bytes.NewReader(record))
	if err != nil {
		return err
	}
	g, err := games.Lookup(rec.Game)
	if err != nil {
		return err
	}
	s, err := engine.Replay(g, rec, nil)
	if err != nil {
		return err
	}
	if rec.Result == nil || !rec.Result.Over {
		return fmt.Errorf("table %s has no result: its match did not end", id)
	}
	if got := s.Result(); !got.Over || got.Winner != rec.Result.Winner || got.Score != rec.Result.Score || !slices.Equal(got.Returns, rec.Result.Returns) {
		return fmt.Errorf("table %s replays to %+v, its stored result is %+v", id, got, *rec.Result)
	}
	return nil
}

// write prints the result for people.
func (r *serveResult) write(w io.Writer) {
	rep := r.Report
	fmt.Fprintln(w, rep)
	fmt.Fprintf(w, "records replayed to their stored result: %d\n", rep.Checked)
	if r.Nodes > 1 {
		if r.Killed == 0 {
			fmt.Fprintf(w, "no node was killed: the run ended before %d moves\n", r.KillAfter)
		} else {
			fmt.Fprintf(w, "%d nodes, node %d killed after %d moves while it ran %d tables: %d of them taken over by another node\n",
				r.Nodes, r.Killed, r.KillAfter, len(r.Moved), len(r.TakenOver))
		}
	}
	if r.Base != 0 && rep.PeakLive > 0 {
		fmt.Fprintf(w, "server memory: %.1f MiB idle, %.1f MiB at the peak of %d live tables: %.1f KiB per live table\n",
			float64(r.Base)/(1<<20), float64(r.Peak)/(1<<20), rep.PeakLive, float64(r.Peak-r.Base)/1024/float64(rep.PeakLive))
		if r.Steady > 0 {
			fmt.Fprintf(w, "while they all played (setup left out): at most %.1f MiB, %.1f KiB per live table\n",
				float64(r.Steady)/(1<<20), float64(r.Steady-r.Base)/1024/float64(rep.PeakLive))
		}
	}
}

// benchDir makes the directory of a bench run's servers, with the bench's process ID in its
// pid file, after removing those of runs whose process is gone: a run killed outright
// (SIGKILL) has no chance to remove its own.
func benchDir() (string, error) {
	removeStaleBenchDirs(os.TempDir())
	tmp, err := os.MkdirTemp("", "deuce-bench-")
	if err != nil {
		return "", err
	}
	if err := os.WriteFile(filepath.Join(tmp, "pid"), []byte(strconv.Itoa(os.Getpid())), 0o600); err != nil {
		_ = os.RemoveAll(tmp)
		return "", err
	}
	return tmp, nil
}

// removeStaleBenchDirs removes the bench directories in dir whose pid file names a process that
// no longer runs. Whether one runs is read from /proc; without /proc nothing is removed, nor is
// a directory without a pid file.
func removeStaleBenchDirs(dir string) {
	if _, err := os.Stat("/proc/self"); err != nil {
		return
	}
	stale, _ := filepath.Glob(filepath.Join(dir, "deuce-bench-*"))
	for _, d := range stale {
		b, err := os.ReadFile(filepath.Join(d, "pid"))
		if err != nil {
			continue
		}
		pid, err := strconv.Atoi(string(b))
		if err != nil || pid <= 0 {
			continue
		}
		if _, err := os.Stat(fmt.Sprintf("/proc/%d", pid)); errors.Is(err, fs.ErrNotExist) {
			_ = os.RemoveAll(d)
		}
	}
}

// serverStopTime is how long a benchmarked server has to shut down once interrupted before it
// is killed.
const serverStopTime = 15 * time.Second

// startServer runs `deuce serve` on a free loopback port with a fresh data directory under tmp
// and returns it with its URL. The server is interrupted, then killed after serverStopTime,
// when ctx is done.
func startServer(ctx context.Context, tmp string, extra ...string) (*exec.Cmd, string, error) {
	exe, err := os.Executable()
	if err != nil {
		return nil, "", err
	}
	dir, err := os.MkdirTemp(tmp, "node-")
	if err != nil {
		return nil, "", err
	}
	// The benchmark measures capacity, not the per-address limits: every table comes from
	// this one address, so those are lifted.
	args := []string{"serve", "--addr", "127.0.0.1:0", "--data", dir, "--bot-delay", "0", "--log-level", "warn",
		"--create-rate", "1e9", "--create-burst", "1000000", "--connect-rate", "1e9", "--connect-burst", "1000000",
		"--max-tables-per-address", "1000000", "--max-live-tables", "1000000", "--max-conns-per-address", "1000000"}
	cmd := exec.CommandContext(ctx, exe, append(args, extra...)...)
	cmd.Cancel = func() error { return cmd.Process.Signal(os.Interrupt) }
	cmd.WaitDelay = serverStopTime
	cmd.Env = append(os.Environ(), "DEUCE_DATA="+dir)
	cmd.Stderr = os.Stderr
	out, err := cmd.StdoutPipe()
	if err != nil {
		return nil, "", err
	}
	if err := cmd.Start(); err != nil {
		return nil, "", err
	}
	sc := bufio.NewScanner(out)
	for sc.Scan() {
		if _, after, ok := strings.Cut(sc.Text(), "serving at "); ok {
			url, _, _ := strings.Cut(after, " ")
			go func() {
				for sc.Scan() {
				}
			}()
			return cmd, url, nil
		}
	}
	_ = cmd.Process.Kill()
	_ = cmd.Wait()
	return nil, "", errors.New("the server did not start")
}

// stopServer interrupts a server startServer started and waits for it to exit, killing it
// after serverStopTime.
func stopServer(cmd *exec.Cmd) {
	_ = cmd.Process.Signal(os.Interrupt)
	exited := make(chan struct{})
	go func() {
		select {
		case <-exited:
		case <-time.After(serverStopTime):
			_ = cmd.Process.Kill()
		}
	}()
	_ = cmd.Wait()
	close(exited)
}

// rss returns the resident set size of process pid in bytes, 0 when unknown.
func rss(pid int) int64 {
	if pid == 0 {
		return 0
	}
	b, err := os.ReadFile(fmt.Sprintf("/proc/%d/status", pid))
	if err != nil {
		return 0
	}
	for _, line := range strings.Split(string(b), "\n") {
		if v, ok := strings.CutPrefix(line, "VmRSS:"); ok {
			f := strings.Fields(v)
			if len(f) >= 1 {
				kb, _ := strconv.ParseInt(f[0], 10, 64)
				return kb * 1024
			}
		}
	}
	return 0
}
