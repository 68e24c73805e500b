package main

import (
	"fmt"
	"syscall"
	"time"
)

// loadAverage is the one-minute load average, "unknown" where the system does not say.
func loadAverage() string {
	var info syscall.Sysinfo_t
	if err := syscall.Sysinfo(&info); err != nil {
		return "unknown"
	}
	return fmt.Sprintf("%.2f", float64(info.Loads[0])/(1<<16))
}

// cpuTime is the CPU time the process has used, user and system.
func cpuTime() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
