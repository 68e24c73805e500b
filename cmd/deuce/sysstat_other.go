//go:build !linux

package main

import "time"

// loadAverage is "unknown": the load average is read from Linux's sysinfo.
func loadAverage() string { return "unknown" }

// cpuTime is 0 where the process's CPU time is not read (it is from Linux's getrusage): the
// benchmarks then print wall time alone.
func cpuTime() time.Duration { return 0 }
