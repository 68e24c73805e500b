package main

import (
	"bufio"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"

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
