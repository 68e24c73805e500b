package client

import (
	"context"
	"net"
	"net/url"
	"strings"
	"testing"
	"time"
)

// A server that takes the connection and never answers is not waited for for ever: Join gives
// up after JoinTimeout and says what happened.
func TestJoinGivesUpOnASilentServer(t *testing.T) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer ln.Close()
	held := make(chan net.Conn, 4)
	go func() {
		for {
			c, err := ln.Accept()
			if err != nil {
				return
			}
			held <- c // open, never answered
		}
	}()
	defer func() {
		for len(held) > 0 {
			(<-held).Close()
		}
	}()
	c := New(&url.URL{Scheme: "http", Host: ln.Addr().String()})
	c.JoinTimeout = 200 * time.Millisecond
	done := make(chan error, 1)
	go func() {
		_, err := c.Join(context.Background(), "abc", "token")
		done <- err
	}()
	select {
	case err := <-done:
		if err == nil || !strings.Contains(err.Error(), "did not open the table within 200ms") {
			t.Errorf("joining a silent server: %v, want a timeout that says so", err)
		}
	case <-time.After(10 * time.Second):
		t.Fatal("Join still waits on a silent server after 10s")
	}
}

// Links typed wrong get errors a person can act on, not a parser's.
func TestParseLinkErrors(t *testing.T) {
	long := "http://127.0.0.1:8080/t/abc#seat=1&token=" + strings.Repeat("x", 5000)
	for _, tc := range []struct{ link, want string }{
		{"/t/abc#seat=1&token=T", "lacks the server's address: put it in front, as in http://HOST:PORT/t/abc#seat=1&token=T"},
		{"not a link", `"not a link" is not a link: want a table's address`},
		{long, "too long to be a seat's"},
	} {
		_, err := ParseLink(tc.link)
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("ParseLink(%.40q): %v, want %q", tc.link, err, tc.want)
		}
		if err != nil && len(err.Error()) > 300 {
			t.Errorf("ParseLink(%.40q): an error of %d characters", tc.link, len(err.Error()))
		}
	}
}
