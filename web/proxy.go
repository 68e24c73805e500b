package web

import (
	"net"
	"net/http"
	"net/netip"
	"strings"
)

// Behind a reverse proxy every request comes from the proxy's address, and the limits counted
// per address would count every client together. A request from a trusted proxy is counted
// per the client the proxy names in X-Forwarded-For: the rightmost address that is not itself
// a trusted proxy (the ones left of it are whatever the client chose to send).

// realAddr sets the request's RemoteAddr to the client's address, when the request comes
// through one of the trusted proxies.
func (s *Server) realAddr(next http.Handler) http.Handler {
	if len(s.trusted) == 0 {
		return next
	}
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if addr, ok := s.forwardedFor(r); ok {
			r2 := *r
			r2.RemoteAddr = net.JoinHostPort(addr.String(), "0")
			r = &r2
		}
		next.ServeHTTP(w, r)
	})
}

// forwardedFor returns the client address a trusted proxy forwarded r for.
func (s *Server) forwardedFor(r *http.Request) (netip.Addr, bool) {
	peer, err := netip.ParseAddrPort(r.RemoteAddr)
	if err != nil || !s.isTrusted(peer.Addr()) {
		return netip.Addr{}, false
	}
	hops := strings.Split(strings.Join(r.Header.Values("X-Forwarded-For"), ","), ",")
	for i := len(hops) - 1; i >= 0; i-- {
		addr, err := netip.ParseAddr(strings.TrimSpace(hops[i]))
		if err != nil {
			return netip.Addr{}, false // a malformed hop: count the proxy itself
		}
		if !s.isTrusted(addr) {
			return addr.Unmap(), true
		}
	}
	return netip.Addr{}, false
}

func (s *Server) isTrusted(a netip.Addr) bool {
	a = a.Unmap()
	for _, p := range s.trusted {
		if p.Contains(a) {
			return true
		}
	}
	return false
}
