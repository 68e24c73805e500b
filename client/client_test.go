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
