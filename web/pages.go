package web

import (
	"bytes"
	"cmp"
	"embed"
	"errors"
	"html"
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

// assets is ui's tree under ui/, as the pages and the not-found page serve it.
var assets = func() fs.FS {
	sub, err := fs.Sub(ui, "ui")
	if err != nil {
		panic(err) // the embedded tree is fixed at build time
	}
	return sub
}()

// pages serves the lobby at /, a table at /t/ID, a replay at /r/ID and the assets under
// /static/.
func (s *Server) pages() http.Handler {
	static := http.StripPrefix("/static/", http.FileServerFS(assets))
	page := func(name string) http.HandlerFunc {
		return func(w http.ResponseWriter, r *http.Request) {
			w.Header().Set("Cache-Control", "no-cache")
			http.ServeFileFS(w, r, assets, name)
		}
	}
	mux := http.NewServeMux()
	mux.HandleFunc("GET /static/", func(w http.ResponseWriter, r *http.Request) {
		// The file server answers 500 for a name no file can have (not UTF-8, say): that is
		// a file that is not there.
		name := strings.Trim(strings.TrimPrefix(r.URL.Path, "/static/"), "/")
		if name != "" && !fs.ValidPath(name) {
			notFound(w, noPage)
			return
		}
		// Files only: a folder's listing (or its index.html, the lobby under another address)
		// is nothing a page asks for.
		if info, err := fs.Stat(assets, cmp.Or(name, ".")); err != nil || info.IsDir() {
			notFound(w, noPage)
			return
		}
		static.ServeHTTP(w, r)
	})
	// A table page answers 404, with a page that says so, for a table that does not exist.
	tablePage := func(name string) http.HandlerFunc {
		serve := page(name)
		return func(w http.ResponseWriter, r *http.Request) {
			_, err := s.store.Get(r.Context(), r.PathValue("id"))
			switch {
			case errors.Is(err, store.ErrNotFound):
				notFound(w, noTable)
			case err != nil:
				s.log.Error("load table", "table", r.PathValue("id"), "err", err)
				http.Error(w, "The table could not be loaded: try again in a moment.", http.StatusServiceUnavailable)
			default:
				serve(w, r)
			}
		}
	}
	mux.HandleFunc("GET /t/{id}", tablePage("table.html"))
	mux.HandleFunc("GET /r/{id}", tablePage("replay.html"))
	learn := page("learn.html")
	mux.HandleFunc("GET /learn/{game}", func(w http.ResponseWriter, r *http.Request) {
		if _, err := games.Lookup(r.PathValue("game")); err != nil {
			notFound(w, noGame)
			return
		}
		learn(w, r)
	})
	// The lobby's tutorials and the leaderboard by the names a person guesses.
	for _, path := range []string{"/learn", "/learn/{$}"} {
		mux.Handle("GET "+path, http.RedirectHandler("/#learn-title", http.StatusFound))
	}
	for _, path := range []string{"/leaderboards", "/leaderboards/", "/leaderboard/"} {
		mux.Handle("GET "+path, http.RedirectHandler("/leaderboard", http.StatusMovedPermanently))
	}
	mux.HandleFunc("GET /{$}", page("index.html"))
	mux.HandleFunc("GET /", func(w http.ResponseWriter, r *http.Request) {
		if strings.HasPrefix(r.URL.Path, "/api/") || strings.HasPrefix(r.URL.Path, "/ws/") {
			writeError(w, http.StatusNotFound, "no such endpoint")
			return
		}
		notFound(w, noPage)
	})
	return mux
}

// What a 404 page says, by what was not found.
var (
	noPage   = missing{"Nothing here", "There is nothing at this address: the link may be mistyped, or the page may have moved."}
	noTable  = missing{"No such table", "There is no table at this address: the link may be mistyped, or the table may be from another server."}
	noGame   = missing{"No such game", "deuce has no game of that name: the lobby lists the games, each with its tutorial."}
	noPlayer = missing{"No such player", "Nobody of that name plays here: the name may be mistyped."}
)

// missing is a 404 page's headline and sentence.
type missing struct{ headline, text string }

// notFound answers 404 with the page that says what is missing and leads back to the lobby.
func notFound(w http.ResponseWriter, what missing) {
	b, err := fs.ReadFile(assets, "notfound.html")
	if err != nil {
		http.NotFound(w, nil)
		return
	}
	b = bytes.Replace(b, []byte("<h1>No such table</h1>"), []byte("<h1>"+html.EscapeString(what.headline)+"</h1>"), 1)
	b = bytes.Replace(b, []byte(`<p id="not-found-text">`+noTable.text+`</p>`), []byte(`<p id="not-found-text">`+html.EscapeString(what.text)+"</p>"), 1)
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	w.Header().Set("Cache-Control", "no-cache")
	w.WriteHeader(http.StatusNotFound)
	_, _ = w.Write(b)
}

// gameOf returns the game a stored table plays (tables are only created for known games).
func (s *Server) gameOf(t *store.Table) engine.Game {
	g, _ := games.Lookup(t.Game)
	return g
}
