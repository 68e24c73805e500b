package main

import (
	"bufio"
	"context"
	"errors"
	"flag"
	"fmt"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"time"

	"deuce/web/loadtest"
)

const benchUsage = `serve [flags]

Measures the browser server under load: it starts a deuce server in a separate
process (or uses --server), creates --tables tables, and plays every seat through
its own websocket with a random client-side bot that thinks about --think per
move, as a person would (5s: each table moves about every 5 seconds). Every table
is set up before any moves, then all play for --window (0: every table plays to
its end). It reports the move-to-update latency (p50, p90, p99), the server's
memory per live table (from its resident set size), and every error.

Every websocket is an open file in both processes: the bench raises their limit
to the hard limit and says so when it is too low. With --opponent LEVEL the last
seat of every table is a server bot of that level, so a table needs one
connection instead of two.

With --nodes N and --postgres URL it starts N nodes sharing that database,
creates every table and connects every seat on a node at random, plays every
table to its end (client bots think 500ms unless told), and kills one node
(SIGKILL) in the middle of the run: the others take its tables over, its
clients reconnect elsewhere, and the report counts errors and lost moves.

The servers it starts keep their data in one temporary directory (deuce-bench-*),
removed when the run ends, fails or is interrupted; one left by a run killed
outright is removed by the next run.

Examples:
  deuce bench serve --tables 1000
  deuce bench serve --tables 10000 --opponent random
  deuce bench serve --nodes 3 --postgres postgres://localhost/deuce --tables 100`

func runBench(ctx context.Context, args []string, e *env) error {
	if !contains(args, "serve") {
		return runBenchBots(ctx, args, e)
	}
	fs := newFlags(e, "bench", benchUsage)
	tables := fs.Int("tables", 1000, "`number` of tables played at once")
	game := fs.String("game", "centercourt", "the `game` every table plays")
	variant := fs.String("variant", "tiebreak", "the game's `variant`")
	think := fs.Duration("think", 5*time.Second, "mean thinking `time` of a client bot per move (each pause is drawn between half and one and a half times it)")
	window := fs.Duration("window", time.Minute, "how long every table plays once all are set up (0: every table plays to its end)")
	opponent := fs.String("opponent", "", "bot `level` playing the last seat of every table on the server (default: people in every seat)")
	seed := fs.Uint64("seed", 1, "`seed` of the client bots")
	server := fs.String("server", "", "benchmark the server at this `URL` instead of starting one (memory is then not measured)")
	nodes := fs.Int("nodes", 1, "`number` of nodes to start on --postgres; one is killed in the middle of the run when more than one")
	pg := fs.String("postgres", "", "PostgreSQL `URL` the nodes share (needed with --nodes)")
	killAfter := fs.Int("kill-after", 0, "with --nodes: kill a node once this many `moves` have been answered (default: ten per table)")
	pos, err := parseFlags(fs, args)
	if err != nil {
		return err
	}
	if len(pos) != 1 || pos[0] != "serve" {
		return usagef("bench knows one benchmark: deuce bench serve")
	}
	if *tables < 1 {
		return usagef("--tables must be at least 1")
	}
	if *nodes < 1 || *nodes > 16 {
		return usagef("--nodes %d: want 1 to 16", *nodes)
	}
	if *nodes > 1 && (*pg == "" || *server != "") {
		return usagef("--nodes needs --postgres (the database the nodes share), and no --server")
	}
	if *killAfter < 0 {
		return usagef("--kill-after must not be negative")
	}
	if *nodes > 1 {
		// A cluster run plays every table to its end, quickly, so that every record is
		// checked for lost moves (a live table's record is not public).
		set := map[string]bool{}
		fs.Visit(func(f *flag.Flag) { set[f.Name] = true })
		if !set["window"] {
			*window = 0
		}
		if !set["think"] {
			*think = 500 * time.Millisecond
		}
	}
	if *window < 0 || *think < 0 {
		return usagef("--window and --think must not be negative")
	}
	// Every seat played here is a websocket, an open file at each end.
	conns := 2 * *tables
	if *opponent != "" {
		conns = *tables
	}
	files, err := raiseFileLimit()
	if err != nil {
		return err
	}
	if files != 0 && files < uint64(conns)+256 {
		return fmt.Errorf("%d tables need %d websockets, each an open file in this process and in the server, "+
			"and this system allows %d: raise the hard limit (ulimit -Hn), play fewer tables, or use --opponent random (one websocket a table)",
			*tables, conns, files)
	}
	if ports := localPorts(); ports != 0 && ports < conns+1000 {
		return fmt.Errorf("%d websockets to one server need as many local ports, and the machine gives %d (/proc/sys/net/ipv4/ip_local_port_range): widen the range or play fewer tables", conns, ports)
	}
	url, pid := *server, 0
	var (
		urls   []string
		procs  []*exec.Cmd
		killed = -1
	)
	if url == "" {
		// One directory holds the data of every server started; it goes once they have
		// stopped (the deferred stops run first), however the run ends: played out, failed,
		// or interrupted (SIGINT or SIGTERM cancel ctx, and the servers are stopped in turn).
		tmp, err := benchDir()
		if err != nil {
			return err
		}
		defer func() {
			if err := os.RemoveAll(tmp); err != nil {
				fmt.Fprintf(e.stderr, "could not remove the servers' data: %v\n", err)
			}
		}()
		for i := range *nodes {
			var args []string
			if *pg != "" {
				args = []string{"--postgres", *pg, "--node", fmt.Sprintf("bench%d", i+1), "--lease-time", "3s"}
			}
			srv, u, err := startServer(ctx, tmp, args...)
			if err != nil {
				return err
			}
			defer stopServer(srv)
			procs, urls = append(procs, srv), append(urls, u)
		}
		url, pid = urls[0], procs[0].Process.Pid
		if *nodes > 1 {
			pid = 0 // memory is measured on one node
		}
	}
	var disrupt func()
	if len(procs) > 1 {
		if *killAfter == 0 {
			*killAfter = 10 * *tables
		}
		disrupt = func() {
			killed = len(procs) - 1
			_ = procs[killed].Process.Kill()
			fmt.Fprintf(e.stderr, "killed node %d (%s)\n", killed+1, urls[killed])
		}
	}
	base := rss(pid)
	var mu sync.Mutex
	peak := base
	// steady is the most the server held while every table played (the window), setup left out.
	var steady int64
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
					peak = max(peak, r)
					if inWindow {
						steady = max(steady, r)
					}
					mu.Unlock()
				}
			}
		}()
	}
	against := "people in every seat"
	if *opponent != "" {
		against = "a server bot (" + *opponent + ") in the last seat"
	}
	fmt.Fprintf(e.stdout, "benchmarking %s: %d tables of %s (%s), %s, client bots think %v per move on average\n", url, *tables, *game, *variant, against, *think)
	last := time.Now()
	rep, err := loadtest.Run(ctx, loadtest.Config{
		URL: url, URLs: urls, Tables: *tables, Game: *game, Variant: *variant, Think: *think, Seed: *seed,
		Disrupt: disrupt, DisruptAfter: *killAfter, Opponent: *opponent, Window: *window,
		InWindow: func(in bool) {
			r := rss(pid)
			mu.Lock()
			defer mu.Unlock()
			inWindow = in
			steady, peak = max(steady, r), max(peak, r)
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
		return err
	}
	if err != nil {
		fmt.Fprintf(e.stdout, "stopped before the end (%v): the figures so far\n", err)
	}
	fmt.Fprintln(e.stdout, rep)
	if len(procs) > 1 {
		if killed < 0 {
			fmt.Fprintf(e.stdout, "no node was killed: the run ended before %d moves\n", *killAfter)
		} else {
			fmt.Fprintf(e.stdout, "%d nodes, node %d killed after %d moves\n", len(procs), killed+1, *killAfter)
		}
	}
	if pid != 0 && rep.PeakLive > 0 {
		fmt.Fprintf(e.stdout, "server memory: %.1f MiB idle, %.1f MiB at the peak of %d live tables: %.1f KiB per live table\n",
			float64(base)/(1<<20), float64(peak)/(1<<20), rep.PeakLive, float64(peak-base)/1024/float64(rep.PeakLive))
		if steady > 0 {
			fmt.Fprintf(e.stdout, "while they all played (setup left out): at most %.1f MiB, %.1f KiB per live table\n",
				float64(steady)/(1<<20), float64(steady-base)/1024/float64(rep.PeakLive))
		}
	}
	if err != nil {
		return err
	}
	if rep.Errors > 0 || rep.Lost > 0 {
		return fmt.Errorf("%d errors, %d lost moves", rep.Errors, rep.Lost)
	}
	return nil
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
