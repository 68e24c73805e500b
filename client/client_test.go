package client

import (
	"strings"
	"testing"
)

// A link comes from a person's clipboard: nothing in it crashes the parser, and what parses
// names a table id the requests can carry as it is.
func FuzzParseLink(f *testing.F) {
	for _, s := range []string{"http://127.0.0.1:8080/t/abc#seat=1&token=T", "h/t/x", "https://a/r/b", "http://h/t/%2e%2e", "http://h/t/a#seat=-1&token=x"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		l, err := ParseLink(s)
		if err != nil {
			return
		}
		if !validID(l.Table) || strings.ContainsAny(l.Table, "/.%?#") || l.Server.Host == "" || (l.Token == "") != (l.Seat == 0) {
			t.Errorf("ParseLink(%q) = %+v", s, l)
		}
		again, err := ParseLink(l.String())
		if err != nil || again.String() != l.String() {
			t.Errorf("ParseLink(%q).String() = %q reparses as %+v, %v", s, l.String(), again, err)
		}
	})
}

// An address without a scheme is http on this machine only and https anywhere else, so that a
// token or a password typed without one never crosses a network in clear text.
func TestWithScheme(t *testing.T) {
	for in, want := range map[string]string{
		"127.0.0.1:8080/t/abc":        "http://127.0.0.1:8080/t/abc",
		"localhost:8080":              "http://localhost:8080",
		"LOCALHOST":                   "http://LOCALHOST",
		"[::1]:8080/r/abc":            "http://[::1]:8080/r/abc",
		"127.1.2.3":                   "http://127.1.2.3",
		"deuce.example.org":           "https://deuce.example.org",
		"deuce.example.org:8080/t/ab": "https://deuce.example.org:8080/t/ab",
		"192.168.1.5:8080":            "https://192.168.1.5:8080",
		"localhost.evil.example":      "https://localhost.evil.example",
		"http://deuce.example.org":    "http://deuce.example.org",
		"https://127.0.0.1:8443":      "https://127.0.0.1:8443",
	} {
		if got := WithScheme(in); got != want {
			t.Errorf("WithScheme(%q) = %q, want %q", in, got, want)
		}
	}
}
