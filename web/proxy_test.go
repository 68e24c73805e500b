package web

import (
	"net/http"
	"net/http/httptest"
	"net/netip"
	"testing"
)

func TestForwardedForCountsTheClientBehindTrustedProxies(t *testing.T) {
	s := &Server{trusted: []netip.Prefix{netip.MustParsePrefix("10.0.0.0/8"), netip.MustParsePrefix("::1/128")}}
	for _, tt := range []struct {
		name, remote, xff, want string
	}{
		{"direct client", "203.0.113.5:4000", "", "203.0.113.5"},
		{"untrusted peer's header is ignored", "203.0.113.5:4000", "198.51.100.1", "203.0.113.5"},
		{"through the proxy", "10.0.0.2:4000", "198.51.100.1", "198.51.100.1"},
		{"a forged hop left of the real client", "10.0.0.2:4000", "1.2.3.4, 198.51.100.1", "198.51.100.1"},
		{"two trusted proxies", "10.0.0.2:4000", "198.51.100.1, 10.0.0.3", "198.51.100.1"},
		{"proxy without the header", "10.0.0.2:4000", "", "10.0.0.2"},
		{"malformed hop", "10.0.0.2:4000", "198.51.100.1, junk", "10.0.0.2"},
		{"ipv6 proxy", "[::1]:4000", "2001:db8::7", "2001:db8::/64"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			r := httptest.NewRequest("GET", "/", nil)
			r.RemoteAddr = tt.remote
			if tt.xff != "" {
				r.Header.Set("X-Forwarded-For", tt.xff)
			}
			var got string
			s.realAddr(httpHandlerFunc(func(r2 string) { got = r2 })).ServeHTTP(httptest.NewRecorder(), r)
			if got != tt.want {
				t.Errorf("client %q, want %q", got, tt.want)
			}
		})
	}
}

// httpHandlerFunc is a handler that reports the address limits count the request per.
type httpHandlerFunc func(addr string)

func (f httpHandlerFunc) ServeHTTP(_ http.ResponseWriter, r *http.Request) { f(clientAddr(r)) }

// TestClientAddrCountsIPv6PerNetwork: the addresses of one IPv6 /64 count as one for limits.
func TestClientAddrCountsIPv6PerNetwork(t *testing.T) {
	for remote, want := range map[string]string{
		"203.0.113.5:4000":                  "203.0.113.5",
		"[::ffff:203.0.113.5]:4000":         "203.0.113.5",
		"[2001:db8:1:2::1]:4000":            "2001:db8:1:2::/64",
		"[2001:db8:1:2:ffff:aaaa:1:2]:4000": "2001:db8:1:2::/64",
		"[2001:db8:1:3::1]:4000":            "2001:db8:1:3::/64",
		"[fe80::1%eth0]:4000":               "fe80::/64",
		"[::1]:4000":                        "::/64",
		"not an address":                    "not an address",
	} {
		r := httptest.NewRequest("GET", "/", nil)
		r.RemoteAddr = remote
		if got := clientAddr(r); got != want {
			t.Errorf("clientAddr(%q) = %q, want %q", remote, got, want)
		}
	}
}
