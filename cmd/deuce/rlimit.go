//go:build unix

package main

import (
	"fmt"
	"os"
	"strings"
	"syscall"
)

// raiseFileLimit raises this process's limit of open files to its hard limit, since every
// websocket is a file, and returns the limit now in force.
func raiseFileLimit() (uint64, error) {
	var lim syscall.Rlimit
	if err := syscall.Getrlimit(syscall.RLIMIT_NOFILE, &lim); err != nil {
		return 0, fmt.Errorf("read the limit of open files: %w", err)
	}
	if lim.Cur < lim.Max {
		lim.Cur = lim.Max
		if err := syscall.Setrlimit(syscall.RLIMIT_NOFILE, &lim); err != nil {
			return 0, fmt.Errorf("raise the limit of open files to %d: %w", lim.Max, err)
		}
	}
	return uint64(lim.Cur), nil // int64 on some systems
}

// localPorts returns how many ephemeral ports the machine gives outgoing connections to one
// address (0 when unknown).
func localPorts() int {
	b, err := os.ReadFile("/proc/sys/net/ipv4/ip_local_port_range")
	if err != nil {
		return 0
	}
	var lo, hi int
	if _, err := fmt.Sscan(strings.TrimSpace(string(b)), &lo, &hi); err != nil || hi < lo {
		return 0
	}
	return hi - lo + 1
}
