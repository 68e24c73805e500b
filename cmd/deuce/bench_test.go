package main

import (
	"bufio"
	"bytes"
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"deuce/store/postgres/pgtest"
)

// TestBenchServeCleansUp runs `deuce bench serve` as its own process, with its temporary
// directory in a test directory, and checks that the servers' data directories are gone when it
// ends: played out (a window of a second), or interrupted (the signal goes to the bench alone, which must stop its
// servers itself) while every table waits on a client that thinks for an hour.
func TestBenchServeCleansUp(t *testing.T) {
	if testing.Short() {
		t.Skip("starts servers")
	}
	one := []string{"bench", "serve", "--tables", "1", "--opponent", "random"}
	tests := []struct {
		name   string
		args   []string
		signal os.Signal // nil: let the run end by itself
	}{
		{"played out", append(one, "--window", "1s", "--think", "300ms"), nil},
		{"interrupted", append(one, "--window", "0", "--think", "1h"), os.Interrupt},
		{"terminated", append(one, "--window", "0", "--think", "1h"), syscall.SIGTERM},
		{"nodes interrupted", []string{"bench", "serve", "--nodes", "2", "--tables", "2", "--opponent", "random", "--think", "1h"}, os.Interrupt},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			args := tc.args
			if strings.HasPrefix(tc.name, "nodes") {
				args = append(args, "--postgres", pgtest.Schema(t))
			}
			tmp := t.TempDir()
			// A directory of a bench killed outright goes; those of a bench still running, or
			// not made by a bench, stay.
			benchDirWithPID(t, tmp, deadPID(t))
			running, other := benchDirWithPID(t, tmp, os.Getpid()), filepath.Join(tmp, "deuce-bench-other")
			if err := os.Mkdir(other, 0o700); err != nil {
				t.Fatal(err)
			}
			cmd := process(t, []string{"TMPDIR=" + tmp}, args...)
			out, err := cmd.StdoutPipe()
			if err != nil {
				t.Fatal(err)
			}
			var stderr strings.Builder
			cmd.Stderr = &stderr
			if err := cmd.Start(); err != nil {
				t.Fatal(err)
			}
			sc := bufio.NewScanner(out)
			started := false
			for !started && sc.Scan() {
				started = strings.HasPrefix(sc.Text(), "benchmarking ")
			}
			if !started {
				_ = cmd.Wait()
				t.Fatalf("the bench did not start its servers; stderr:\n%s", stderr.String())
			}
			if made, _ := filepath.Glob(filepath.Join(tmp, "deuce-bench-*", "node-*")); len(made) != nodeCount(args) {
				t.Errorf("the servers' data directories while the bench runs: %v, want %d", made, nodeCount(args))
			}
			if tc.signal != nil {
				if err := cmd.Process.Signal(tc.signal); err != nil {
					t.Fatal(err)
				}
			}
			for sc.Scan() {
			}
			err = cmd.Wait()
			if tc.signal == nil && err != nil {
				t.Errorf("bench: %v; stderr:\n%s", err, stderr.String())
			}
			left, err := os.ReadDir(tmp)
			if err != nil {
				t.Fatal(err)
			}
			for _, e := range left {
				if p := filepath.Join(tmp, e.Name()); p != running && p != other {
					t.Errorf("left behind in the temporary directory: %s", e.Name())
				}
			}
			for _, d := range []string{running, other} {
				if _, err := os.Stat(d); err != nil {
					t.Errorf("%s of another run is gone: %v", d, err)
				}
			}
		})
	}
}

// benchDirWithPID makes a bench directory in tmp whose pid file names pid.
func benchDirWithPID(t *testing.T, tmp string, pid int) string {
	t.Helper()
	d, err := os.MkdirTemp(tmp, "deuce-bench-")
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(d, "pid"), []byte(strconv.Itoa(pid)), 0o600); err != nil {
		t.Fatal(err)
	}
	return d
}

// deadPID returns the ID of a process that has exited.
func deadPID(t *testing.T) int {
	t.Helper()
	cmd := exec.Command(os.Args[0], "-test.run", "^$")
	if err := cmd.Run(); err != nil {
		t.Fatal(err)
	}
	return cmd.Process.Pid
}

// nodeCount returns the --nodes of a bench command line, 1 without it.
func nodeCount(args []string) int {
	for i, a := range args {
		if a == "--nodes" && i+1 < len(args) {
			return int(args[i+1][0] - '0')
		}
	}
	return 1
}

// TestBenchServeNodesSurviveAKill runs `deuce bench serve --nodes 3` on a PostgreSQL schema of
// its own: three server processes (this test binary run as deuce), tables created and seats
// connected on nodes at random, and the node running the most tables killed with SIGKILL once
// 60 moves are answered. The others must take every table it ran over, and every table must
// finish with no error and no move lost, its record replaying to its stored result.
func TestBenchServeNodesSurviveAKill(t *testing.T) {
	if testing.Short() {
		t.Skip("starts servers")
	}
	dbURL := pgtest.Schema(t)
	// The bench starts its servers from its own executable, this test binary: TestMain makes
	// it deuce. Their data directories go in the test's.
	t.Setenv("DEUCE_TEST_AS_COMMAND", "1")
	t.Setenv("TMPDIR", t.TempDir())
	const tables = 4
	// A client bot moves every 75ms or so: within the servers' limit of 10 messages a second
	// on a connection, and every table ends in seconds.
	args := []string{"serve", "--nodes", "3", "--postgres", dbURL, "--tables", strconv.Itoa(tables), "--think", "75ms", "--kill-after", "60", "--seed", "3"}
	var out lockedBuffer
	e := &env{stdin: strings.NewReader(""), stdout: &out, stderr: &out}
	b, err := parseServeBench(args, e)
	if err != nil {
		t.Fatal(err)
	}
	if b.window != 0 {
		t.Fatalf("a cluster run plays for a window of %v, want every table to its end", b.window)
	}
	// A run that hangs fails with what it found instead of waiting for the test's deadline.
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	start := time.Now()
	res, err := b.run(ctx, e)
	if res == nil {
		t.Fatalf("the bench did not run: %v\n%s", err, out.String())
	}
	var report bytes.Buffer
	res.write(&report)
	t.Logf("%v; bench output:\n%s\n%s", time.Since(start).Round(time.Millisecond), out.String(), report.String())
	if err != nil {
		t.Fatalf("the bench stopped: %v", err)
	}
	rep := res.Report
	if res.Nodes != 3 || res.Killed < 1 || res.Killed > 3 {
		t.Errorf("%d nodes, node %d killed; want 3 nodes and one of them killed", res.Nodes, res.Killed)
	}
	if len(res.Moved) == 0 {
		t.Errorf("the killed node held no table's lease when it died")
	}
	slices.Sort(res.Moved)
	slices.Sort(res.TakenOver)
	if !slices.Equal(res.TakenOver, res.Moved) {
		t.Errorf("tables taken over by another node %v, want every table the killed node ran: %v", res.TakenOver, res.Moved)
	}
	if rep.Errors != 0 || rep.Lost != 0 {
		t.Errorf("%d errors, %d lost moves; want none", rep.Errors, rep.Lost)
	}
	if rep.Tables != tables || rep.Finished != tables || len(rep.IDs) != tables {
		t.Errorf("%d of %d tables finished (%d created), want all %d", rep.Finished, rep.Tables, len(rep.IDs), tables)
	}
	if rep.Checked != tables {
		t.Errorf("%d records replayed to their stored result, want %d", rep.Checked, tables)
	}
}

// lockedBuffer is a buffer written from several goroutines (the bench reports progress from
// each table's).
type lockedBuffer struct {
	mu  sync.Mutex
	buf bytes.Buffer
}

func (b *lockedBuffer) Write(p []byte) (int, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.Write(p)
}

func (b *lockedBuffer) String() string {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.String()
}
