//go:build !linux

package web

import (
	"errors"
	"net"
)

// poller is Linux's (poller_linux.go); elsewhere every connection keeps a goroutine reading it.
type poller struct{}

func pollable(net.Conn) (*poller, int32) { return nil, -1 }

func (p *poller) wait(net.Conn, any, func()) error { return errors.New("no poller here") }

func (p *poller) forget(int32, any) {}
