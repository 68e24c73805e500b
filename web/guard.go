package web

import (
	"mime"
	"net/http"
	"net/url"
	"strings"
)

// contentSecurityPolicy allows only the server's own scripts, images and sockets: no inline
// script, no other origin, and no page may frame deuce's. Inline styles are allowed: the game
// views set colours and bar lengths in style attributes, which run no code.
const contentSecurityPolicy = "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; " +
	"connect-src 'self'; font-src 'self'; object-src 'none'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'"

// guard sets the security headers of every answer, caps every request body, refuses a request
// whose Authorization names no account (checkToken), and refuses a state-changing request that
// is not JSON (415) or comes from a page of another origin (403): a browser sends a cross-site
// form or text/plain post without asking, JSON it does not.
func (s *Server) guard(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		h := w.Header()
		h.Set("Content-Security-Policy", contentSecurityPolicy)
		h.Set("X-Frame-Options", "DENY")
		h.Set("X-Content-Type-Options", "nosniff")
		h.Set("Referrer-Policy", "no-referrer")
		h.Set("Cross-Origin-Opener-Policy", "same-origin")
		if r.Body != nil {
			r.Body = http.MaxBytesReader(w, r.Body, s.limits.MaxBody)
		}
		if r = s.checkToken(w, r); r == nil {
			return
		}
		switch r.Method {
		case http.MethodGet, http.MethodHead, http.MethodOptions:
		case http.MethodPost, http.MethodDelete:
			if mt, _, err := mime.ParseMediaType(r.Header.Get("Content-Type")); err != nil || mt != "application/json" {
				writeError(w, http.StatusUnsupportedMediaType, "send the request body as JSON, with Content-Type: application/json")
				return
			}
			if !sameOrigin(r) {
				writeError(w, http.StatusForbidden, "this request came from a page of another site: open deuce itself to do this")
				return
			}
		default:
			// No route takes another method (PUT, PATCH, ...), so nothing can change: the mux
			// says which methods the path takes (405), whatever the body's type.
		}
		next.ServeHTTP(w, r)
	})
}

// sameOrigin reports whether r has no Origin (a program, not a browser page) or one naming the
// host the request was sent to.
func sameOrigin(r *http.Request) bool {
	origin := r.Header.Get("Origin")
	if origin == "" {
		return true
	}
	u, err := url.Parse(origin)
	if err != nil || (u.Scheme != "http" && u.Scheme != "https") {
		return false
	}
	return strings.EqualFold(u.Host, r.Host)
}
