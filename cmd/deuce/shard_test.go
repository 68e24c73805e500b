package main

import (
	"bytes"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// TestMain lets a test start this test binary as the deuce command itself, in its own process,
// the way a cluster scheduler starts one task per shard.
func TestMain(m *testing.M) {
	if os.Getenv("DEUCE_TEST_AS_COMMAND") == "1" {
		main()
		os.Exit(0)
	}
	os.Exit(m.Run())
}

// process returns the deuce command as a separate process with the given extra environment.
func process(t *testing.T, env []string, args ...string) *exec.Cmd {
	t.Helper()
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	cmd := exec.CommandContext(t.Context(), exe, args...)
	cmd.Env = append(os.Environ(), append([]string{"DEUCE_TEST_AS_COMMAND=1", "DEUCE_DATA=" + t.TempDir()}, env...)...)
	return cmd
}

// TestShardAutoProcesses runs a simulation as a scheduler would: N processes started at once
// with the same command line, each told its index only by the environment (a Kubernetes
// Indexed Job, then a Slurm array numbered from 1), each writing its own {index} file. The
// merged report is the report of one run, byte for byte.
func TestShardAutoProcesses(t *testing.T) {
	args := []string{"sim", "centercourt", "--variant", "tiebreak", "--bots", "heuristic,random", "--matches", "7", "--seed", "3", "--quiet"}
	want, _, err := deuce(t, "", append(args, "--json")...)
	if err != nil {
		t.Fatal(err)
	}
	const n = 3
	schedulers := []struct {
		name string
		env  func(i int) []string
	}{
		{"kubernetes", func(i int) []string {
			return []string{fmt.Sprintf("JOB_COMPLETION_INDEX=%d", i), fmt.Sprintf("DEUCE_SHARD_COUNT=%d", n)}
		}},
		{"slurm", func(i int) []string {
			return []string{fmt.Sprintf("SLURM_ARRAY_TASK_ID=%d", i+1), "SLURM_ARRAY_TASK_MIN=1", fmt.Sprintf("SLURM_ARRAY_TASK_COUNT=%d", n)}
		}},
	}
	for _, s := range schedulers {
		t.Run(s.name, func(t *testing.T) {
			dir := t.TempDir()
			out := filepath.Join(dir, "shard-{index}.json")
			var cmds []*exec.Cmd
			var stderrs []*bytes.Buffer
			for i := range n {
				cmd := process(t, s.env(i), append(args, "--shard", "auto", "--out", out)...)
				var stderr bytes.Buffer
				cmd.Stderr = &stderr
				if err := cmd.Start(); err != nil {
					t.Fatal(err)
				}
				cmds, stderrs = append(cmds, cmd), append(stderrs, &stderr)
			}
			for i, cmd := range cmds {
				if err := cmd.Wait(); err != nil {
					t.Fatalf("shard %d: %v\n%s", i, err, stderrs[i])
				}
			}
			files, err := filepath.Glob(filepath.Join(dir, "shard-*.json"))
			if err != nil || len(files) != n {
				t.Fatalf("shard files %q (%v), want %d", files, err, n)
			}
			// The merge takes the pattern itself, as a scheduler's merge step without a shell does.
			got, _, err := deuce(t, "", "sim", "merge", "--json", filepath.Join(dir, "shard-*.json"))
			if err != nil {
				t.Fatal(err)
			}
			if got != want {
				t.Errorf("merged shards:\n%s\none run:\n%s", got, want)
			}
		})
	}
}

func TestAutoShardEnvironment(t *testing.T) {
	tests := []struct {
		name  string
		env   map[string]string
		count int
		want  string // the shard as I/N, or words of the error
	}{
		{"kubernetes with count flag", map[string]string{"JOB_COMPLETION_INDEX": "2"}, 5, "2/5"},
		{"kubernetes with count variable", map[string]string{"JOB_COMPLETION_INDEX": "0", "DEUCE_SHARD_COUNT": "4"}, 0, "0/4"},
		{"kubernetes without count", map[string]string{"JOB_COMPLETION_INDEX": "0"}, 0, "--shard-count"},
		{"kubernetes index too big", map[string]string{"JOB_COMPLETION_INDEX": "4", "DEUCE_SHARD_COUNT": "4"}, 0, "outside 0 to 3"},
		{"kubernetes bad index", map[string]string{"JOB_COMPLETION_INDEX": "x"}, 2, "not a whole number"},
		{"slurm from 0", map[string]string{"SLURM_ARRAY_TASK_ID": "3", "SLURM_ARRAY_TASK_COUNT": "8"}, 0, "3/8"},
		{"slurm from 1", map[string]string{"SLURM_ARRAY_TASK_ID": "8", "SLURM_ARRAY_TASK_MIN": "1", "SLURM_ARRAY_TASK_COUNT": "8"}, 0, "7/8"},
		{"slurm without count", map[string]string{"SLURM_ARRAY_TASK_ID": "3"}, 0, "SLURM_ARRAY_TASK_COUNT"},
		{"slurm with step", map[string]string{"SLURM_ARRAY_TASK_ID": "2", "SLURM_ARRAY_TASK_COUNT": "4", "SLURM_ARRAY_TASK_STEP": "2"}, 0, "step 2"},
		{"slurm disagreeing count", map[string]string{"SLURM_ARRAY_TASK_ID": "2", "SLURM_ARRAY_TASK_COUNT": "4"}, 3, "disagrees"},
		{"no scheduler", map[string]string{}, 4, "no scheduler found"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s, err := parseShard("auto", tt.count, func(k string) string { return tt.env[k] })
			if err != nil {
				if exitCode(err) != 2 || !strings.Contains(err.Error(), tt.want) {
					t.Errorf("error %v (exit %d), want a usage error with %q", err, exitCode(err), tt.want)
				}
				return
			}
			if got := fmt.Sprintf("%d/%d", s.Index, s.Count); got != tt.want {
				t.Errorf("shard %s, want %s", got, tt.want)
			}
		})
	}
}
