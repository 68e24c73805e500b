package web

import (
	"bytes"
	"embed"
	"io"
	"io/fs"
	"net/http"
	"strings"

	"deuce/engine"
	"deuce/games"
	"deuce/store"
)

// ui holds the browser front end: plain HTML, CSS and JavaScript modules, no build step.
//
//go:embed ui
var ui embed.FS

// pages serves the lobby at /, a table at /t/ID, a replay at /r/ID and the assets under
// /static/.
func (s *Server) pages() http.Handler {
	assets, err := fs.Sub(ui, "ui")
	if err != nil {
		panic(err) // the embedded tree is fixed at build time
	}
	static := http.StripPrefix("/static/", http.FileServerFS(assets))
	page := func(name string) http.HandlerFunc {
		return func(w http.ResponseWriter, r *http.Request) {
			w.Header().Set("Cache-Control", "no-cache")
			http.ServeFileFS(w, r, assets, name)
		}
	}
	mux := http.NewServeMux()
	mux.Handle("GET /static/", static)
	mux.HandleFunc("GET /t/{id}", page("table.html"))
	mux.HandleFunc("GET /r/{id}", page("replay.html"))
	mux.HandleFunc("GET /learn/{game}", page("learn.html"))
	mux.HandleFunc("GET /{$}", page("index.html"))
	mux.HandleFunc("GET /", func(w http.ResponseWriter, r *http.Request) {
		if strings.HasPrefix(r.URL.Path, "/api/") || strings.HasPrefix(r.URL.Path, "/ws/") {
			writeError(w, http.StatusNotFound, "no such endpoint")
			return
		}
		http.NotFound(w, r)
	})
	return mux
}

// gameOf returns the game a stored table plays (tables are only created for known games).
func (s *Server) gameOf(t *store.Table) engine.Game {
	g, _ := games.Lookup(t.Game)
	return g
}

func bytesReader(b []byte) io.Reader { return bytes.NewReader(b) }
