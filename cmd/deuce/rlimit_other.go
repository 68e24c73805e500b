//go:build !unix

package main

// raiseFileLimit is a no-op where there is no such limit to raise; 0 means unknown.
func raiseFileLimit() (uint64, error) { return 0, nil }

// localPorts is unknown here.
func localPorts() int { return 0 }
