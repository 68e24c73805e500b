package web_test

import (
	"bytes"
	"context"
	"crypto/tls"
	"encoding/json"
	"fmt"
	"io"
	"log/slog"
	"math"
	"net/http"
	"net/http/cookiejar"
	"net/http/httptest"
	"net/url"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/coder/websocket"
	"github.com/coder/websocket/wsjson"

	"deuce/engine"
	"deuce/rating"
	"deuce/store"
	"deuce/store/sqlite"
	"deuce/timesource"
	"deuce/web"
)

// accountServer is a server with a fake clock.
type accountServer struct {
	t    *testing.T
	url  string
	db   *sqlite.DB
	time *timesource.Fake
	main *web.Main
}

func startAccounts(t *testing.T) *accountServer {
	t.Helper()
	return startAccountsWith(t, web.Limits{})
}

// startAccountsWith starts a server with accounts and the given limits (zero for defaults).
func startAccountsWith(t *testing.T, limits web.Limits) *accountServer {
	t.Helper()
	ctx := context.Background()
	db, err := sqlite.Open(ctx, filepath.Join(t.TempDir(), "deuce.db"))
	if err != nil {
		t.Fatal(err)
	}
	ft := timesource.NewFake(time.Date(2026, 5, 1, 18, 0, 0, 0, time.UTC))
	m := &web.Main{Addr: "127.0.0.1:0", Store: db, MessageRate: 1000, MessageBurst: 100, Limits: limits, Clock: ft}
	if err := m.Open(ctx); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
		defer cancel()
		m.Close(ctx)
		db.Close()
	})
	return &accountServer{t: t, url: m.URL(), db: db, time: ft, main: m}
}

// person is a browser: an HTTP client with its own cookies.
type person struct {
	s    *accountServer
	http *http.Client
	// bearer, when set, is a bot token sent instead of cookies.
	bearer string
}

func (s *accountServer) person() *person {
	jar, _ := cookiejar.New(nil)
	return &person{s: s, http: &http.Client{Jar: jar}}
}

// do makes a request and decodes the JSON answer into out; it returns the response.
func (p *person) do(method, path string, body, out any) *http.Response {
	p.s.t.Helper()
	var r io.Reader
	if body != nil {
		b, _ := json.Marshal(body)
		r = strings.NewReader(string(b))
	}
	req, _ := http.NewRequest(method, p.s.url+path, r)
	if body != nil {
		req.Header.Set("Content-Type", "application/json")
	}
	req.Header.Set("Origin", p.s.url)
	if p.bearer != "" {
		req.Header.Set("Authorization", "Bearer "+p.bearer)
	}
	resp, err := p.http.Do(req)
	if err != nil {
		p.s.t.Fatal(err)
	}
	defer resp.Body.Close()
	data, _ := io.ReadAll(resp.Body)
	if out != nil {
		if err := json.Unmarshal(data, out); err != nil {
			p.s.t.Fatalf("%s %s: %v in %s", method, path, err, data)
		}
	}
	return resp
}

// must makes a request that must answer want.
func (p *person) must(want int, method, path string, body, out any) *http.Response {
	p.s.t.Helper()
	var raw json.RawMessage
	resp := p.do(method, path, body, &raw)
	if resp.StatusCode != want {
		p.s.t.Fatalf("%s %s: status %d, want %d: %s", method, path, resp.StatusCode, want, raw)
	}
	if out != nil {
		if err := json.Unmarshal(raw, out); err != nil {
			p.s.t.Fatal(err)
		}
	}
	return resp
}

// name is the account the person is signed in as, "" for a guest. A bot token that names no
// account (revoked, expired) must be refused, not taken for a guest.
func (p *person) name() string {
	var a struct {
		Name  string `json:"name"`
		Error string `json:"error"`
	}
	resp := p.do("GET", "/api/account", nil, &a)
	if p.bearer != "" && resp.StatusCode == http.StatusUnauthorized && strings.HasPrefix(a.Error, "bot token not recognised") {
		return ""
	}
	if resp.StatusCode != http.StatusOK {
		p.s.t.Fatalf("GET /api/account: status %d (%q), want 200", resp.StatusCode, a.Error)
	}
	return a.Name
}

func (s *accountServer) signUp(name string) *person {
	p := s.person()
	p.must(http.StatusCreated, "POST", "/api/account/signup", map[string]string{"name": name, "password": "correct horse"}, nil)
	return p
}

func TestPasswordIsStoredAsArgon2id(t *testing.T) {
	s := startAccounts(t)
	s.signUp("Ann")
	a, err := s.db.AccountByName(context.Background(), "ann")
	if err != nil {
		t.Fatal(err)
	}
	if !strings.HasPrefix(a.PasswordHash, "$argon2id$v=19$m=19456,t=2,p=1$") || strings.Contains(a.PasswordHash, "correct horse") {
		t.Errorf("stored password %q, want an argon2id hash", a.PasswordHash)
	}
	// The salt is fresh: the same password hashes differently for another account.
	s.signUp("Bob")
	b, _ := s.db.AccountByName(context.Background(), "bob")
	if b.PasswordHash == a.PasswordHash {
		t.Error("two accounts with one password have the same hash")
	}
}

func TestSessionCookieFlags(t *testing.T) {
	for _, tls := range []bool{false, true} {
		t.Run(map[bool]string{false: "http", true: "https"}[tls], func(t *testing.T) {
			db, err := sqlite.Open(context.Background(), filepath.Join(t.TempDir(), "deuce.db"))
			if err != nil {
				t.Fatal(err)
			}
			defer db.Close()
			srv := web.NewServer(web.Config{Store: db})
			defer srv.Close()
			var ts *httptest.Server
			if tls {
				ts = httptest.NewTLSServer(srv.Handler())
			} else {
				ts = httptest.NewServer(srv.Handler())
			}
			defer ts.Close()
			req, _ := http.NewRequest("POST", ts.URL+"/api/account/signup", strings.NewReader(`{"name":"ann","password":"correct horse"}`))
			req.Header.Set("Content-Type", "application/json")
			req.Header.Set("Origin", ts.URL)
			resp, err := ts.Client().Do(req)
			if err != nil {
				t.Fatal(err)
			}
			resp.Body.Close()
			cookies := resp.Cookies()
			if resp.StatusCode != http.StatusCreated || len(cookies) != 2 {
				t.Fatalf("sign-up: status %d, cookies %v; want the session and the device cookie", resp.StatusCode, cookies)
			}
			// The session, for every page; the device cookie, sent only to the account's
			// endpoints and never by a request from another site.
			want := map[string]struct {
				path     string
				sameSite http.SameSite
			}{"deuce_session": {"/", http.SameSiteLaxMode}, "deuce_device": {"/api/account/", http.SameSiteStrictMode}}
			for _, c := range cookies {
				w, ok := want[c.Name]
				if !ok || !c.HttpOnly || c.SameSite != w.sameSite || c.Secure != tls || c.Path != w.path {
					t.Errorf("cookie %s: HttpOnly %v, SameSite %v, Secure %v, path %s; want true, %v, %v, %s",
						c.Name, c.HttpOnly, c.SameSite, c.Secure, c.Path, w.sameSite, tls, w.path)
				}
				delete(want, c.Name)
				if len(c.Value) < 32 {
					t.Errorf("%s token %q is too short to be unguessable", c.Name, c.Value)
				}
			}
		})
	}
	_ = tls.VersionTLS13
}

func TestSignInOutAndPasswords(t *testing.T) {
	s := startAccounts(t)
	ann := s.signUp("ann")
	if got := ann.name(); got != "ann" {
		t.Fatalf("signed up as %q", got)
	}
	dup := s.person()
	dup.must(http.StatusConflict, "POST", "/api/account/signup", map[string]string{"name": "ANN", "password": "another one"}, nil)
	dup.must(http.StatusBadRequest, "POST", "/api/account/signup", map[string]string{"name": "<b>", "password": "another one"}, nil)
	// A name that reads as another's is refused too, whichever came first.
	s.signUp("ann_lee")
	var like struct {
		Error string `json:"error"`
	}
	dup.must(http.StatusConflict, "POST", "/api/account/signup", map[string]string{"name": "Ann-Lee", "password": "another one"}, &like)
	if like.Error != "the name Ann-Lee reads as ann_lee, a registered player's: choose another" {
		t.Errorf("sign-up as a name like another: %q", like.Error)
	}
	dup.must(http.StatusBadRequest, "POST", "/api/account/signup", map[string]string{"name": "carol", "password": "short"}, nil)
	// Both faults at once are both reported.
	var both struct {
		Error string `json:"error"`
	}
	dup.must(http.StatusBadRequest, "POST", "/api/account/signup", map[string]string{"name": "<b>", "password": "short"}, &both)
	if !strings.Contains(both.Error, "a name has") || !strings.Contains(both.Error, "a password has") {
		t.Errorf("sign-up with a bad name and a short password: %q, want both faults", both.Error)
	}

	phone, laptop := s.person(), s.person()
	phone.must(http.StatusUnauthorized, "POST", "/api/account/signin", map[string]string{"name": "ann", "password": "wrong password"}, nil)
	phone.must(http.StatusUnauthorized, "POST", "/api/account/signin", map[string]string{"name": "nobody", "password": "wrong password"}, nil)
	for _, p := range []*person{phone, laptop} {
		p.must(http.StatusOK, "POST", "/api/account/signin", map[string]string{"name": "Ann", "password": "correct horse"}, nil)
	}
	phone.must(http.StatusOK, "POST", "/api/account/signout", map[string]any{}, nil)
	if phone.name() != "" || laptop.name() != "ann" {
		t.Errorf("after signing the phone out: phone %q, laptop %q", phone.name(), laptop.name())
	}

	// A new password ends the other sessions and the bot tokens, and keeps this one.
	var tok struct {
		Token string `json:"token"`
	}
	ann.must(http.StatusCreated, "POST", "/api/account/bot-tokens", map[string]any{}, &tok)
	prog := s.person()
	prog.bearer = tok.Token
	if prog.name() != "ann" {
		t.Fatalf("the bot token plays as %q before the change, want ann", prog.name())
	}
	s.time.Advance(time.Minute) // past the sign-in limit of the name
	ann.must(http.StatusForbidden, "POST", "/api/account/password", map[string]string{"old": "not it at all", "new": "battery staple"}, nil)
	ann.must(http.StatusOK, "POST", "/api/account/password", map[string]string{"old": "correct horse", "new": "battery staple"}, nil)
	if ann.name() != "ann" || laptop.name() != "" || prog.name() != "" {
		t.Errorf("after the change: this session %q, the laptop %q, the bot token %q; want ann and both signed out", ann.name(), laptop.name(), prog.name())
	}
	laptop.must(http.StatusUnauthorized, "POST", "/api/account/signin", map[string]string{"name": "ann", "password": "correct horse"}, nil)
	s.time.Advance(time.Minute)
	laptop.must(http.StatusOK, "POST", "/api/account/signin", map[string]string{"name": "ann", "password": "battery staple"}, nil)

	// Signing out everywhere ends every browser's session.
	ann.must(http.StatusOK, "POST", "/api/account/signout-everywhere", map[string]any{}, nil)
	if ann.name() != "" || laptop.name() != "" {
		t.Errorf("after signing out everywhere: %q, %q", ann.name(), laptop.name())
	}
	ann.must(http.StatusUnauthorized, "POST", "/api/account/signout-everywhere", map[string]any{}, nil)
}

// Closing an account takes its password again; then the account signs in no more, anywhere,
// its bot tokens and open seeks end, its name stays taken, and its profile says it was closed.
// A wrong password, a guest and another account's session close nothing.
func TestCloseAccount(t *testing.T) {
	s := startAccounts(t)
	ann, bob := s.signUp("ann"), s.signUp("bob")
	laptop := s.person()
	laptop.must(http.StatusOK, "POST", "/api/account/signin", map[string]string{"name": "ann", "password": "correct horse"}, nil)
	var tok struct {
		Token string `json:"token"`
	}
	ann.must(http.StatusCreated, "POST", "/api/account/bot-tokens", map[string]any{}, &tok)
	prog := s.person()
	prog.bearer = tok.Token
	var sk struct {
		ID string `json:"id"`
	}
	ann.must(http.StatusCreated, "POST", "/api/seeks", map[string]any{"game": "centercourt", "variant": "tiebreak", "clock": "5+3"}, &sk)

	var answer struct {
		Error string `json:"error"`
	}
	s.person().must(http.StatusUnauthorized, "POST", "/api/account/close", map[string]string{"password": "correct horse"}, nil)
	ann.must(http.StatusForbidden, "POST", "/api/account/close", map[string]string{"password": "not it at all"}, &answer)
	if answer.Error != "the password is wrong" {
		t.Errorf("closing with a wrong password: %q", answer.Error)
	}
	ann.must(http.StatusBadRequest, "POST", "/api/account/close", "not an object", nil)
	if ann.name() != "ann" || laptop.name() != "ann" || prog.name() != "ann" {
		t.Fatalf("after refused closes: %q, %q, %q; want ann everywhere", ann.name(), laptop.name(), prog.name())
	}
	s.time.Advance(time.Minute) // past the sign-in limit of the name
	// bob's session closes bob's account only, whatever the password given.
	bob.must(http.StatusForbidden, "POST", "/api/account/close", map[string]string{"password": "correct horse2"}, nil)

	s.time.Advance(time.Minute)
	ann.must(http.StatusOK, "POST", "/api/account/close", map[string]string{"password": "correct horse"}, nil)
	if ann.name() != "" || laptop.name() != "" || prog.name() != "" {
		t.Errorf("after closing: %q, %q, %q; want nobody signed in", ann.name(), laptop.name(), prog.name())
	}
	if bob.name() != "bob" {
		t.Errorf("ann's closing signed bob out")
	}
	s.time.Advance(time.Minute)
	ann.must(http.StatusForbidden, "POST", "/api/account/signin", map[string]string{"name": "ann", "password": "correct horse"}, &answer)
	if answer.Error != "this account was closed" {
		t.Errorf("signing in to a closed account: %q", answer.Error)
	}
	s.person().must(http.StatusConflict, "POST", "/api/account/signup", map[string]string{"name": "Ann", "password": "a new owner"}, nil)
	var prof struct {
		Name   string     `json:"name"`
		Closed *time.Time `json:"closed"`
	}
	bob.must(http.StatusOK, "GET", "/api/users/ann", nil, &prof)
	if prof.Name != "ann" || prof.Closed == nil {
		t.Errorf("ann's profile after closing: %+v, want closed", prof)
	}
	prof.Closed = nil
	bob.must(http.StatusOK, "GET", "/api/users/bob", nil, &prof)
	if prof.Closed != nil {
		t.Errorf("bob's profile says closed: %+v", prof)
	}
	var seeks []struct {
		ID string `json:"id"`
	}
	bob.must(http.StatusOK, "GET", "/api/seeks", nil, &seeks)
	for _, x := range seeks {
		if x.ID == sk.ID {
			t.Errorf("ann's seek is still offered after her account closed")
		}
	}
}

// A request whose Authorization names no account is refused with 401 and why, never served as
// a guest's: a mistyped or revoked token, another scheme. The scheme's case does not matter.
func TestWrongAuthorizationIsRefused(t *testing.T) {
	s := startAccounts(t)
	ann := s.signUp("ann")
	var tok struct {
		Token string `json:"token"`
	}
	ann.must(http.StatusCreated, "POST", "/api/account/bot-tokens", map[string]any{}, &tok)
	send := func(auth, method, path string, body any) (int, string, string) {
		var b io.Reader
		if body != nil {
			j, _ := json.Marshal(body)
			b = strings.NewReader(string(j))
		}
		req, _ := http.NewRequest(method, s.url+path, b)
		req.Header.Set("Content-Type", "application/json")
		req.Header.Set("Authorization", auth)
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		defer resp.Body.Close()
		var a struct {
			Name  string `json:"name"`
			Error string `json:"error"`
		}
		_ = json.NewDecoder(resp.Body).Decode(&a)
		return resp.StatusCode, a.Name, a.Error
	}
	seek := map[string]any{"game": "pencil"}
	for _, c := range []struct{ auth, want string }{
		{"Bearer bot_garbage", "bot token not recognised"},
		{"bearer bot_garbage", "bot token not recognised"},
		{"Bearer " + tok.Token + "x", "bot token not recognised"},
		{"Basic YW5uOmNvcnJlY3QgaG9yc2U=", `send a bot token as "Authorization: Bearer bot_...`},
		{"Bearer", "bot token not recognised"},
	} {
		for _, r := range []struct {
			method, path string
			body         any
		}{{"GET", "/api/account", nil}, {"POST", "/api/seeks", seek}, {"GET", "/api/tables", nil}} {
			code, _, msg := send(c.auth, r.method, r.path, r.body)
			if code != http.StatusUnauthorized || !strings.HasPrefix(msg, c.want) {
				t.Errorf("%s %s with %q: %d %q; want 401 %q", r.method, r.path, c.auth, code, msg, c.want)
			}
		}
	}
	// The right token, its scheme in any case, plays as the account.
	for _, scheme := range []string{"Bearer ", "bearer ", "BEARER "} {
		if code, name, msg := send(scheme+tok.Token, "GET", "/api/account", nil); code != http.StatusOK || name != "ann" {
			t.Errorf("%q and the token: %d %q %q; want ann", scheme, code, name, msg)
		}
	}
	// The refusal names the scheme it wants.
	req, _ := http.NewRequest("GET", s.url+"/api/account", nil)
	req.Header.Set("Authorization", "Bearer bot_garbage")
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if got := resp.Header.Get("WWW-Authenticate"); !strings.HasPrefix(got, "Bearer") {
		t.Errorf("WWW-Authenticate %q, want Bearer", got)
	}
}

// TestBotTokenCannotManageTheAccount plays a program whose bot token leaked to someone else:
// with it they play as the account, and that is all. Making more tokens (which a revocation
// would not know to end), revoking the owner's, changing the password or signing the owner
// out everywhere each get 403, even with the owner's browser cookie beside the token, and
// change nothing.
func TestBotTokenCannotManageTheAccount(t *testing.T) {
	s := startAccounts(t)
	ann := s.signUp("ann")
	var tok struct {
		Token string `json:"token"`
	}
	ann.must(http.StatusCreated, "POST", "/api/account/bot-tokens", map[string]any{}, &tok)
	thief := s.person()
	thief.bearer = tok.Token
	// The same requests, the owner's session cookie sent along with the token.
	both := *ann
	both.bearer = tok.Token
	// A token that is no longer (or never was) valid is refused as such.
	stale := s.person()
	stale.bearer = "bot_" + strings.Repeat("a", 32)
	tokens := func() int {
		a, err := s.db.AccountByName(context.Background(), "ann")
		if err != nil {
			t.Fatal(err)
		}
		n, err := s.db.Sessions(context.Background(), a.ID, store.BotToken, s.time.Now())
		if err != nil {
			t.Fatal(err)
		}
		return n
	}
	for _, p := range []*person{thief, &both, stale} {
		for _, tt := range []struct {
			method, path string
			body         any
			cannot       string
		}{
			{"POST", "/api/account/bot-tokens", map[string]any{}, "create bot tokens"},
			{"GET", "/api/account/bot-tokens", nil, "list bot tokens"},
			{"DELETE", "/api/account/bot-tokens/" + strings.Repeat("0", 64), map[string]any{}, "revoke bot tokens"},
			{"DELETE", "/api/account/bot-tokens", map[string]any{}, "revoke bot tokens"},
			{"POST", "/api/account/password", map[string]string{"old": "correct horse", "new": "stolen at last"}, "change the password"},
			{"POST", "/api/account/signout-everywhere", map[string]any{}, "sign out everywhere"},
			{"POST", "/api/account/close", map[string]string{"password": "correct horse"}, "close the account"},
		} {
			var answer struct {
				Error string `json:"error"`
			}
			resp := p.do(tt.method, tt.path, tt.body, &answer)
			code, want := http.StatusForbidden, "a bot token cannot "+tt.cannot+": sign in in a browser"
			if p == stale {
				code, want = http.StatusUnauthorized, "bot token not recognised: it was revoked, has expired or is mistyped (make a new one in the browser: your account menu, Bot tokens)"
			}
			if resp.StatusCode != code || answer.Error != want {
				t.Errorf("%s %s with a bot token: %d %q; want %d %q", tt.method, tt.path, resp.StatusCode, answer.Error, code, want)
			}
		}
	}
	if n := tokens(); n != 1 {
		t.Errorf("ann has %d bot tokens after the attempts, want her 1", n)
	}
	if ann.name() != "ann" || thief.name() != "ann" {
		t.Errorf("after the attempts: the browser is %q, the token %q; want both still ann", ann.name(), thief.name())
	}
	s.time.Advance(time.Minute) // past the sign-in limit of the name
	s.person().must(http.StatusOK, "POST", "/api/account/signin", map[string]string{"name": "ann", "password": "correct horse"}, nil)
	// The token still plays: it may post a seek and withdraw it.
	var sk struct {
		ID string `json:"id"`
	}
	thief.must(http.StatusCreated, "POST", "/api/seeks", map[string]any{"game": "centercourt", "variant": "tiebreak", "clock": "5+3"}, &sk)
	thief.must(http.StatusOK, "DELETE", "/api/seeks/"+sk.ID, map[string]any{}, nil)
	// And the owner, at her browser, does all of it.
	ann.must(http.StatusCreated, "POST", "/api/account/bot-tokens", map[string]any{}, nil)
	ann.must(http.StatusOK, "DELETE", "/api/account/bot-tokens", map[string]any{}, nil)
	if n := tokens(); n != 0 || thief.name() != "" {
		t.Errorf("after the owner revoked them: %d tokens, the leaked one plays as %q", n, thief.name())
	}
}

func TestSignInIsRateLimited(t *testing.T) {
	s := startAccounts(t)
	s.signUp("ann")
	s.time.Advance(time.Minute)
	p := s.person()
	wrong := map[string]string{"name": "ann", "password": "not the password"}
	// Five tries per name a minute.
	for range 5 {
		p.must(http.StatusUnauthorized, "POST", "/api/account/signin", wrong, nil)
	}
	resp := p.must(http.StatusTooManyRequests, "POST", "/api/account/signin", wrong, nil)
	if resp.Header.Get("Retry-After") == "" {
		t.Error("429 without Retry-After")
	}
	// Even the right password waits: the limit is on attempts, not on failures.
	p.must(http.StatusTooManyRequests, "POST", "/api/account/signin", map[string]string{"name": "ann", "password": "correct horse"}, nil)
	// Other names from the same address go on until the address's own limit.
	other := map[string]string{"password": "not the password"}
	n := 0
	for ; n < 30; n++ {
		other["name"] = "someone" + string(rune('a'+n))
		if p.do("POST", "/api/account/signin", other, nil).StatusCode == http.StatusTooManyRequests {
			break
		}
	}
	if n != 20-7 {
		t.Errorf("the address was limited after %d more names, want %d", n, 20-7)
	}
	// A minute later the name may try again.
	s.time.Advance(time.Minute)
	p.must(http.StatusOK, "POST", "/api/account/signin", map[string]string{"name": "ann", "password": "correct horse"}, nil)
}

// TestSignInLockoutSparesKnownBrowsers plays a stranger who spends the sign-in attempts of
// ann's name: ann still signs in from a browser that signed in to her account before (it holds
// a device cookie of hers), on its own limit, while a new browser, a forged cookie and another
// account's cookie wait like the stranger. Signing out everywhere takes the device cookie from
// the browsers ann no longer trusts.
func TestSignInLockoutSparesKnownBrowsers(t *testing.T) {
	s := startAccounts(t)
	const signin = "/api/account/signin"
	right := map[string]string{"name": "ann", "password": "correct horse"}
	wrong := map[string]string{"name": "ann", "password": "not the password"}
	laptop := s.signUp("ann").at("127.0.0.2")
	phone := s.person().at("127.0.0.3")
	phone.must(http.StatusOK, "POST", signin, right, nil)
	bob := s.signUp("bob").at("127.0.0.4")
	for _, p := range []*person{laptop, phone} {
		p.must(http.StatusOK, "POST", "/api/account/signout", map[string]any{}, nil)
	}
	s.time.Advance(time.Minute)

	stranger := s.person().at("127.0.0.9")
	for range 5 {
		stranger.must(http.StatusUnauthorized, "POST", signin, wrong, nil)
	}
	stranger.must(http.StatusTooManyRequests, "POST", signin, wrong, nil)
	s.person().at("127.0.0.10").must(http.StatusTooManyRequests, "POST", signin, right, nil)
	bob.must(http.StatusTooManyRequests, "POST", signin, right, nil)
	forged := s.person().at("127.0.0.11")
	u, _ := url.Parse(s.url + signin)
	forged.http.Jar.SetCookies(u, []*http.Cookie{{Name: "deuce_device", Value: strings.Repeat("a", 40)}})
	forged.must(http.StatusTooManyRequests, "POST", signin, right, nil)

	laptop.must(http.StatusOK, "POST", signin, right, nil)
	if laptop.name() != "ann" {
		t.Fatal("the laptop is not signed in as ann")
	}
	// The laptop has its own five attempts a minute, not an unlimited number.
	laptop.must(http.StatusOK, "POST", "/api/account/signout", map[string]any{}, nil)
	for range 4 {
		laptop.must(http.StatusUnauthorized, "POST", signin, wrong, nil)
	}
	laptop.must(http.StatusTooManyRequests, "POST", signin, right, nil)
	// The phone's attempts are its own too; signed in, ann signs out everywhere else from it.
	phone.must(http.StatusOK, "POST", signin, right, nil)
	phone.must(http.StatusOK, "POST", "/api/account/signout-everywhere", map[string]any{}, nil)
	phone.must(http.StatusOK, "POST", signin, right, nil)
	// A minute on, the laptop's own attempts are back, but the stranger keeps the name's spent.
	for range 5 {
		s.time.Advance(time.Minute / 5)
		stranger.must(http.StatusUnauthorized, "POST", signin, wrong, nil)
		stranger.must(http.StatusTooManyRequests, "POST", signin, wrong, nil)
	}
	if laptop.do("POST", signin, right, nil).StatusCode != http.StatusTooManyRequests {
		t.Error("after signing out everywhere, the laptop still signs in on a limit of its own")
	}
}

// TestPasswordChangeForgetsOtherDevices: a new password takes the device cookie from every
// other browser (whoever knew the old password may hold one), so they wait on the name's
// attempts again, while the browser that changed it keeps its own.
func TestPasswordChangeForgetsOtherDevices(t *testing.T) {
	s := startAccounts(t)
	const signin = "/api/account/signin"
	laptop := s.signUp("ann").at("127.0.0.2")
	phone := s.person().at("127.0.0.3")
	phone.must(http.StatusOK, "POST", signin, map[string]string{"name": "ann", "password": "correct horse"}, nil)
	phone.must(http.StatusOK, "POST", "/api/account/password", map[string]string{"old": "correct horse", "new": "battery staple"}, nil)
	laptop.must(http.StatusOK, "POST", "/api/account/signout", map[string]any{}, nil)
	phone.must(http.StatusOK, "POST", "/api/account/signout", map[string]any{}, nil)
	s.time.Advance(time.Minute)
	stranger := s.person().at("127.0.0.9")
	for range 5 {
		stranger.must(http.StatusUnauthorized, "POST", signin, map[string]string{"name": "ann", "password": "not the password"}, nil)
	}
	right := map[string]string{"name": "ann", "password": "battery staple"}
	laptop.must(http.StatusTooManyRequests, "POST", signin, right, nil)
	phone.must(http.StatusOK, "POST", signin, right, nil)
}

func TestGuestKeepsTablesOnSignUp(t *testing.T) {
	s := startAccounts(t)
	guest := s.person()
	var c created
	guest.must(http.StatusCreated, "POST", "/api/tables", map[string]any{"game": "centercourt", "variant": "tiebreak",
		"seats": []map[string]string{{"name": "me"}, {"bot": "random"}}}, &c)
	guest.must(http.StatusCreated, "POST", "/api/account/signup", map[string]any{"name": "ann", "password": "correct horse",
		"seats": []map[string]string{{"table": c.ID, "token": c.Seats[0].Token}, {"table": c.ID, "token": "forged"}, {"table": "nope", "token": "x"}}}, nil)
	var prof struct {
		Recent []struct {
			Table    string   `json:"table"`
			Opponent string   `json:"opponent"`
			Players  []string `json:"players"`
		} `json:"recent"`
		Unfinished []struct {
			Table string `json:"table"`
		} `json:"unfinished"`
	}
	guest.must(http.StatusOK, "GET", "/api/users/ann", nil, &prof)
	if len(prof.Unfinished) != 1 || prof.Unfinished[0].Table != c.ID {
		t.Errorf("profile's unfinished tables %+v, want the guest table %s, not played to its end", prof.Unfinished, c.ID)
	}
	if len(prof.Recent) != 1 || prof.Recent[0].Table != c.ID || prof.Recent[0].Opponent != "random bot" ||
		!slices.Equal(prof.Recent[0].Players, []string{"me", "random bot"}) {
		t.Errorf("profile's recent matches %+v, want the guest table %s of me and random bot", prof.Recent, c.ID)
	}
	// The seat is the account's: signed in on another device, the table's plain address seats
	// ann at it (not as a spectator), and the guest's own link still plays it.
	phone := s.person()
	phone.must(http.StatusOK, "POST", "/api/account/signin", map[string]string{"name": "ann", "password": "correct horse"}, nil)
	if w := phone.dial(c.ID, "").until(isType("welcome")); w.Seat != 0 {
		t.Errorf("ann on another device sits at %d, want seat 1 kept from the guest", w.Seat)
	}
	if w := s.person().dial(c.ID, c.Seats[0].Token).until(isType("welcome")); w.Seat != 0 {
		t.Errorf("the guest's link sits at %d, want seat 1", w.Seat)
	}
}

// pmsg is any server message of the websocket, chat and clocks included.
type pmsg struct {
	Type  string `json:"type"`
	Table *struct {
		Seats []struct {
			Name string `json:"name"`
		} `json:"seats"`
	} `json:"table"`
	Seats []struct {
		Name      string `json:"name"`
		Connected bool   `json:"connected"`
		Abandoned bool   `json:"abandoned"`
	} `json:"seats"`
	Seat   engine.Seat `json:"seat"`
	Seq    int         `json:"seq"`
	ToMove engine.Seat `json:"toMove"`
	Legal  []struct {
		Action engine.Action `json:"action"`
	} `json:"legal"`
	Result engine.Result `json:"result"`
	Clock  *struct {
		Control string  `json:"control"`
		Left    []int64 `json:"left"`
		Running []int   `json:"running"`
	} `json:"clock"`
	Room  string `json:"room"`
	Name  string `json:"name"`
	Text  string `json:"text"`
	Code  string `json:"code"`
	Error string `json:"error"`
}

// clockStarted finds the first update of a timed table with its clock running: once every
// player has come, when moves are offered (none before: match.ErrWaiting).
func clockStarted(m pmsg) bool {
	return m.Type == "update" && m.Clock != nil && len(m.Clock.Running) > 0
}

type wsconn struct {
	t *testing.T
	c *websocket.Conn
}

// dial connects p to a table's websocket with its cookies (or bot token) and says hello.
func (p *person) dial(id, token string) *wsconn {
	p.s.t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	h := http.Header{}
	if p.bearer != "" {
		h.Set("Authorization", "Bearer "+p.bearer)
	}
	req, _ := http.NewRequest("GET", p.s.url, nil)
	for _, c := range p.http.Jar.Cookies(req.URL) {
		req.AddCookie(c)
	}
	if v := req.Header.Get("Cookie"); v != "" {
		h.Set("Cookie", v)
	}
	c, _, err := websocket.Dial(ctx, strings.Replace(p.s.url, "http", "ws", 1)+"/ws/tables/"+id, &websocket.DialOptions{HTTPHeader: h})
	if err != nil {
		p.s.t.Fatal(err)
	}
	c.SetReadLimit(1 << 22)
	p.s.t.Cleanup(func() { c.CloseNow() })
	w := &wsconn{t: p.s.t, c: c}
	w.send(map[string]any{"type": "hello", "token": token})
	return w
}

// dialNoHello connects p to a table's websocket with its cookies and says nothing yet.
func (p *person) dialNoHello(id string) *wsconn {
	p.s.t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	req, _ := http.NewRequest("GET", p.s.url, nil)
	h := http.Header{}
	for _, c := range p.http.Jar.Cookies(req.URL) {
		req.AddCookie(c)
	}
	h.Set("Cookie", req.Header.Get("Cookie"))
	c, _, err := websocket.Dial(ctx, strings.Replace(p.s.url, "http", "ws", 1)+"/ws/tables/"+id, &websocket.DialOptions{HTTPHeader: h})
	if err != nil {
		p.s.t.Fatal(err)
	}
	p.s.t.Cleanup(func() { c.CloseNow() })
	return &wsconn{t: p.s.t, c: c}
}

func (w *wsconn) send(v any) {
	w.t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	if err := wsjson.Write(ctx, w.c, v); err != nil {
		w.t.Fatal(err)
	}
}

// until reads messages until one satisfies ok.
func (w *wsconn) until(ok func(pmsg) bool) pmsg {
	w.t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	for {
		var m pmsg
		if err := wsjson.Read(ctx, w.c, &m); err != nil {
			w.t.Fatalf("read: %v", err)
		}
		if ok(m) {
			return m
		}
	}
}

func isType(typ string) func(pmsg) bool { return func(m pmsg) bool { return m.Type == typ } }

// seekTable: ann posts a rated 1+1 seek of a Center Court tiebreak, bob accepts it; both find
// the table.
func seekTable(t *testing.T, ann, bob *person) string {
	t.Helper()
	return seekTableOf(t, ann, bob, "centercourt", "tiebreak")
}

// ratedSeekAt has ann post a rated Center Court tiebreak seek with clock ("" for none) and bob
// accept it, and returns the table.
func ratedSeekAt(t *testing.T, ann, bob *person, clock string) string {
	t.Helper()
	var sk struct {
		ID string `json:"id"`
	}
	ann.must(http.StatusCreated, "POST", "/api/seeks", map[string]any{"game": "centercourt", "variant": "tiebreak", "clock": clock, "rated": true}, &sk)
	var acc struct {
		Table string `json:"table"`
	}
	bob.must(http.StatusCreated, "POST", "/api/seeks/"+sk.ID+"/accept", map[string]any{}, &acc)
	return acc.Table
}

// seatedSeekTable is seekTable with both players connected by their accounts and welcomed:
// the table and ann's and bob's connections.
func seatedSeekTable(t *testing.T, ann, bob *person) (string, *wsconn, *wsconn) {
	t.Helper()
	id := seekTable(t, ann, bob)
	a, b := ann.dial(id, ""), bob.dial(id, "")
	a.until(isType("welcome"))
	b.until(isType("welcome"))
	return id, a, b
}

// seekTableOf is seekTable of a game's variant.
func seekTableOf(t *testing.T, ann, bob *person, game, variant string) string {
	t.Helper()
	var sk struct {
		ID string `json:"id"`
	}
	ann.must(http.StatusCreated, "POST", "/api/seeks", map[string]any{"game": game, "variant": variant, "clock": "1+1", "rated": true}, &sk)
	var list []struct {
		ID   string `json:"id"`
		Name string `json:"name"`
		Mine bool   `json:"mine"`
	}
	bob.must(http.StatusOK, "GET", "/api/seeks", nil, &list)
	if len(list) != 1 || list[0].ID != sk.ID || list[0].Name != "ann" || list[0].Mine {
		t.Fatalf("bob sees seeks %+v, want ann's", list)
	}
	ann.must(http.StatusForbidden, "POST", "/api/seeks/"+sk.ID+"/accept", map[string]any{}, nil)
	var acc struct {
		Table string `json:"table"`
	}
	bob.must(http.StatusCreated, "POST", "/api/seeks/"+sk.ID+"/accept", map[string]any{}, &acc)
	bob.must(http.StatusNotFound, "POST", "/api/seeks/"+sk.ID+"/accept", map[string]any{}, nil)
	var mine struct {
		Table string `json:"table"`
	}
	ann.must(http.StatusOK, "GET", "/api/seeks/"+sk.ID, nil, &mine)
	if mine.Table != acc.Table || acc.Table == "" {
		t.Fatalf("ann's seek leads to %q, bob got %q", mine.Table, acc.Table)
	}
	return acc.Table
}

// bothMove plays each seat's first legal move until both seats of a two-player table have moved
// (a rated match that ends sooner does not count), from the last update each connection read,
// and returns the updates they read last.
func bothMove(t *testing.T, conns [2]*wsconn, last [2]pmsg) [2]pmsg {
	t.Helper()
	var moved [2]bool
	for !moved[0] || !moved[1] {
		who := last[0].ToMove
		if who < 0 || who > 1 {
			t.Fatalf("seat %v to move", who)
		}
		// An update sent before every seat was taken offers no move: the next one does.
		for len(last[who].Legal) == 0 {
			seq := last[who].Seq
			last[who] = conns[who].until(func(m pmsg) bool { return m.Type == "update" && (m.Seq > seq || len(m.Legal) > 0) })
		}
		conns[who].send(map[string]any{"type": "move", "seq": last[who].Seq, "action": last[who].Legal[0].Action})
		moved[who] = true
		for i, c := range conns {
			seq := last[i].Seq
			last[i] = c.until(func(m pmsg) bool { return m.Type == "update" && m.Seq > seq })
		}
	}
	return last
}

// TestRatedMatchOnTheClock: a seek, a rated 1+1 Center Court tiebreak, chat on both sides, and
// a loss on time that moves both ratings as Glicko-2 says.
func TestRatedMatchOnTheClock(t *testing.T) {
	s := startAccounts(t)
	ann, bob, watcher := s.signUp("ann"), s.signUp("bob"), s.person()
	id := seekTable(t, ann, bob)

	a, b := ann.dial(id, ""), bob.dial(id, "")
	if w := a.until(isType("welcome")); w.Seat != 0 {
		t.Fatalf("ann sits at %d, want 0", w.Seat)
	}
	if w := b.until(isType("welcome")); w.Seat != 1 {
		t.Fatalf("bob sits at %d, want 1", w.Seat)
	}
	spec := watcher.dial(id, "")
	spec.until(isType("welcome"))
	// Both clocks show in every update. They run once both players have come, and only then
	// are moves offered (an update sent before bob's seat was taken offers none).
	u := a.until(clockStarted)
	ub := b.until(clockStarted)
	if u.Clock == nil || u.Clock.Control != "1+1" || u.Clock.Left[0] != 60000 || u.Clock.Left[1] != 60000 {
		t.Fatalf("clock in the first update: %+v", u.Clock)
	}

	// Chat: the players' room reaches both players, as typed, and not the spectator.
	line := `<img src=x onerror=alert(1)> good luck`
	a.send(map[string]any{"type": "chat", "text": line})
	for _, w := range []*wsconn{a, b} {
		if m := w.until(isType("chat")); m.Text != line || m.Name != "ann" || m.Room != "players" {
			t.Errorf("chat line %+v, want ann's line as typed", m)
		}
	}
	spec.send(map[string]any{"type": "chat", "text": "hello from the stands"})
	if m := spec.until(isType("chat")); m.Room != "spectators" || !regexp.MustCompile(`^guest \d{4}$`).MatchString(m.Name) {
		t.Errorf("spectator's line %+v, want a guest with a number", m)
	}
	b.send(map[string]any{"type": "mute", "seat": 0, "muted": true})
	// A socket's messages are read in order: once bob's empty line is refused, his mute holds.
	b.send(map[string]any{"type": "chat", "text": " "})
	if m := b.until(isType("error")); m.Code != "bad_message" {
		t.Errorf("an empty line: %+v", m)
	}
	a.send(map[string]any{"type": "chat", "text": strings.Repeat("x", 301)})
	if m := a.until(isType("error")); m.Code != "bad_message" {
		t.Errorf("an over-long line: %+v", m)
	}
	a.send(map[string]any{"type": "chat", "text": "muted line"})
	a.until(isType("chat"))
	b.send(map[string]any{"type": "chat", "text": "bob's line"})
	if m := b.until(isType("chat")); m.Text != "bob's line" {
		t.Errorf("bob, who muted ann, got %q first", m.Text)
	}

	// The first mover moves after 5 s, then whoever must move lets the clock run out.
	mover, conn := u.ToMove, a
	if mover == 1 {
		u, conn = ub, b
	}
	s.time.Advance(5 * time.Second)
	conn.send(map[string]any{"type": "move", "seq": u.Seq, "action": u.Legal[0].Action})
	u = spec.until(func(m pmsg) bool { return m.Type == "update" && m.Seq > u.Seq })
	if got := u.Clock.Left[mover]; u.ToMove != mover && got != 60000-5000+1000 {
		t.Errorf("the first mover has %d ms after a 5 s turn, want 56000", got)
	}
	// Both move (a match that ends before both have moved is not rated).
	ua := a.until(func(m pmsg) bool { return m.Type == "update" && m.Seq >= u.Seq })
	ub = b.until(func(m pmsg) bool { return m.Type == "update" && m.Seq >= u.Seq })
	u = bothMove(t, [2]*wsconn{a, b}, [2]pmsg{ua, ub})[0]
	late := u.ToMove
	s.time.Advance(time.Duration(u.Clock.Left[late]) * time.Millisecond)
	end := b.until(func(m pmsg) bool { return m.Type == "update" && m.Result.Over })
	if end.Result.Winner != 1-late {
		t.Fatalf("result %+v, want seat %d to win on time", end.Result, 1-late)
	}

	// Both ratings moved as Glicko-2 says for a win and a loss between new players.
	winner, _ := rating.Update(rating.New(), []rating.Result{{Opponent: rating.New(), Score: 1}}, 0)
	loser, _ := rating.Update(rating.New(), []rating.Result{{Opponent: rating.New(), Score: 0}}, 0)
	want := map[string]rating.Rating{"ann": loser, "bob": winner}
	if late == 1 {
		want = map[string]rating.Rating{"ann": winner, "bob": loser}
	}
	for name, w := range want {
		var prof struct {
			Ratings []struct {
				Game    string  `json:"game"`
				Rating  float64 `json:"rating"`
				RD      float64 `json:"rd"`
				History []struct {
					Table       string `json:"table"`
					Provisional bool   `json:"provisional"`
				} `json:"history"`
			} `json:"ratings"`
			Recent []struct {
				Outcome string `json:"outcome"`
				Rated   bool   `json:"rated"`
			} `json:"recent"`
			Unfinished []struct {
				Table string `json:"table"`
			} `json:"unfinished"`
		}
		watcher.must(http.StatusOK, "GET", "/api/users/"+name, nil, &prof)
		if prof.Unfinished == nil || len(prof.Unfinished) != 0 {
			t.Errorf("%s's unfinished tables %+v after the match's end, want an empty list", name, prof.Unfinished)
		}
		if len(prof.Ratings) != 1 || math.Abs(prof.Ratings[0].Rating-w.Rating) > 1e-6 || math.Abs(prof.Ratings[0].RD-w.RD) > 1e-6 {
			t.Errorf("%s's ratings %+v, want %v", name, prof.Ratings, w)
		}
		// After one match a rating is still provisional, and its history says so.
		if len(prof.Ratings) == 1 && (len(prof.Ratings[0].History) != 1 || prof.Ratings[0].History[0].Table != id || !prof.Ratings[0].History[0].Provisional) {
			t.Errorf("%s's history %+v", name, prof.Ratings[0].History)
		}
		if len(prof.Recent) != 1 || !prof.Recent[0].Rated {
			t.Errorf("%s's recent matches %+v", name, prof.Recent)
		}
	}
	type anchor struct {
		Name   string  `json:"name"`
		Rating float64 `json:"rating"`
	}
	var board struct {
		Leaders []struct {
			Name string `json:"name"`
		} `json:"leaders"`
		Bots []anchor `json:"bots"`
	}
	watcher.must(http.StatusOK, "GET", "/api/leaderboard/centercourt", nil, &board)
	if len(board.Leaders) != 2 || board.Leaders[0].Name != map[engine.Seat]string{0: "bob", 1: "ann"}[late] {
		t.Errorf("leaderboard %+v", board.Leaders)
	}
	// The board lists the game's bots by their fixed ratings, strongest first, expert included.
	wantBots := []anchor{{"expert", 1800}, {"hard", 1700}, {"medium", 1450}, {"easy", 1200}, {"random", 700}}
	if !slices.Equal(wantBots, board.Bots) {
		t.Errorf("leaderboard bots %+v, want %+v", board.Bots, wantBots)
	}
	// The chat stays with the match.
	lines, err := s.db.Chat(context.Background(), id, "players", 10)
	if err != nil || len(lines) != 3 {
		t.Errorf("stored chat %+v, %v; want 3 lines", lines, err)
	}
}

func TestQuickPairAndBotTokens(t *testing.T) {
	s := startAccounts(t)
	ann, bob := s.signUp("ann"), s.signUp("bob")
	var tok struct {
		Token string `json:"token"`
	}
	ann.must(http.StatusCreated, "POST", "/api/account/bot-tokens", map[string]any{}, &tok)
	prog := s.person()
	prog.bearer = tok.Token
	if prog.name() != "ann" {
		t.Fatalf("the bot token plays as %q, want ann", prog.name())
	}
	// A bot token is not a browser session, and a session cookie is not a bot token.
	if _, err := s.db.SessionAccount(context.Background(), tok.Token, store.WebSession, s.time.Now()); err == nil {
		t.Error("a raw token is stored")
	}
	seek := map[string]any{"game": "centercourt", "variant": "tiebreak", "clock": "5+3", "rated": true}
	var first struct {
		Table string `json:"table"`
		Seek  struct {
			ID string `json:"id"`
		} `json:"seek"`
	}
	prog.must(http.StatusAccepted, "POST", "/api/seeks/quick", seek, &first)
	if first.Table != "" || first.Seek.ID == "" {
		t.Fatalf("first quick pair %+v, want a waiting seek", first)
	}
	// Other settings do not pair.
	var other struct {
		Table string `json:"table"`
	}
	bob.must(http.StatusAccepted, "POST", "/api/seeks/quick", map[string]any{"game": "centercourt", "variant": "tiebreak", "clock": "1+0", "rated": true}, &other)
	bob.must(http.StatusCreated, "POST", "/api/seeks/quick", seek, &other)
	if other.Table == "" {
		t.Fatal("the second quick pair found no table")
	}
	w := prog.dial(other.Table, "")
	if m := w.until(isType("welcome")); m.Seat != 0 {
		t.Errorf("the bot program sits at %d, want 0", m.Seat)
	}
	ann.must(http.StatusOK, "DELETE", "/api/account/bot-tokens", map[string]any{}, nil)
	if prog.name() != "" {
		t.Error("a revoked bot token still plays")
	}
	// The same seek twice is refused as such; three different ones are the most one may have.
	ann.must(http.StatusCreated, "POST", "/api/seeks", map[string]any{"game": "pencil"}, nil)
	var a answerMsg
	if resp := ann.do("POST", "/api/seeks", map[string]any{"game": "pencil"}, &a); resp.StatusCode != http.StatusConflict ||
		!strings.Contains(a.Error, "you already have this seek open") {
		t.Errorf("the same seek again: %d %q, want 409", resp.StatusCode, a.Error)
	}
	for _, clock := range []string{"3+2", "10+5"} {
		ann.do("POST", "/api/seeks", map[string]any{"game": "pencil", "clock": clock}, nil)
	}
	if resp := ann.do("POST", "/api/seeks", map[string]any{"game": "pencil", "clock": "15+10"}, &a); resp.StatusCode != http.StatusTooManyRequests ||
		!strings.Contains(a.Error, "open seeks: withdraw one first") {
		t.Errorf("a fourth seek: %d %q, want 429 for the open seeks", resp.StatusCode, a.Error)
	}
}

func TestRatedAgainstBot(t *testing.T) {
	s := startAccounts(t)
	ann, guest := s.signUp("ann"), s.person()
	guest.must(http.StatusBadRequest, "POST", "/api/tables", map[string]any{"game": "centercourt", "variant": "tiebreak", "rated": true,
		"seats": []map[string]any{{"name": "x"}, {"bot": "random"}}}, nil)
	ann.must(http.StatusBadRequest, "POST", "/api/tables", map[string]any{"game": "centercourt", "variant": "tiebreak", "clock": "9+x",
		"seats": []map[string]any{{"me": true}, {"bot": "random"}}}, nil)
	var c created
	ann.must(http.StatusCreated, "POST", "/api/tables", map[string]any{"game": "centercourt", "variant": "tiebreak", "rated": true,
		"seats": []map[string]any{{"me": true}, {"bot": "random"}}}, &c)
	if c.Seats[0].Token != "" {
		t.Error("a seat held by an account has a token too")
	}
	w := ann.dial(c.ID, "")
	if m := w.until(isType("welcome")); m.Seat != 0 {
		t.Fatalf("ann sits at %d", m.Seat)
	}
	var end pmsg
	for {
		m := w.until(isType("update"))
		if m.Result.Over {
			end = m
			break
		}
		if m.ToMove == 0 && len(m.Legal) > 0 {
			w.send(map[string]any{"type": "move", "seq": m.Seq, "action": m.Legal[0].Action})
		}
	}
	score := 0.0
	if end.Result.Winner == 0 {
		score = 1
	}
	anchor := rating.Rating{Rating: 700, RD: 60, Volatility: 0.06}
	want, _ := rating.Update(rating.New(), []rating.Result{{Opponent: anchor, Score: score}}, 0)
	deadline := time.Now().Add(5 * time.Second)
	for {
		rs, err := s.db.Ratings(context.Background(), 1)
		if err == nil && len(rs) == 1 {
			if math.Abs(rs[0].Rating.Rating-want.Rating) > 1e-6 {
				t.Errorf("rating after the random bot: %v, want %v", rs[0].Rating, want)
			}
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("no rating after the match: %v %v", rs, err)
		}
		time.Sleep(10 * time.Millisecond)
	}
}

// TestCorrespondenceClaim: a correspondence table survives its players' absence (no expiry, no
// abandonment claim); once a player overstays the turn the opponent claims the win, rated.
func TestCorrespondenceClaim(t *testing.T) {
	s := startAccounts(t)
	ann, bob := s.signUp("ann"), s.signUp("bob")
	table := ratedSeekAt(t, ann, bob, "2d")
	a, b := ann.dial(table, ""), bob.dial(table, "")
	u := a.until(isType("update"))
	ub := b.until(isType("update"))
	if u.Clock == nil || u.Clock.Control != "2d" {
		t.Fatalf("clock %+v, want 2d", u.Clock)
	}
	u = bothMove(t, [2]*wsconn{a, b}, [2]pmsg{u, ub})[0]
	late := u.ToMove
	a.c.CloseNow()
	b.c.CloseNow()
	// A day away from the table, in steps the janitor sweeps (it and the clock's alarm wait
	// on the fake clock): nothing ends, nobody may claim.
	for range 24 * 12 {
		if !s.time.WaitForWaiters(2, 10*time.Second) {
			t.Fatal("the janitor does not wait on the clock")
		}
		s.time.Advance(5 * time.Minute)
	}
	claimer := map[engine.Seat]*person{0: bob, 1: ann}[late]
	claimer.must(http.StatusConflict, "POST", "/api/tables/"+table+"/claim-time", map[string]any{}, nil)
	var tab struct {
		Status string `json:"status"`
	}
	claimer.must(http.StatusOK, "GET", "/api/tables/"+table, nil, &tab)
	if tab.Status != "live" && tab.Status != "open" {
		t.Fatalf("after a day away the table is %s, want it still playing", tab.Status)
	}
	s.time.Advance(25 * time.Hour)
	map[engine.Seat]*person{0: ann, 1: bob}[late].must(http.StatusConflict, "POST", "/api/tables/"+table+"/claim-time", map[string]any{}, nil)
	claimer.must(http.StatusOK, "POST", "/api/tables/"+table+"/claim-time", map[string]any{}, nil)
	claimer.must(http.StatusOK, "GET", "/api/tables/"+table, nil, &tab)
	if tab.Status != "finished" {
		t.Errorf("after the claim the table is %s, want finished", tab.Status)
	}
	got, err := s.db.Get(context.Background(), table)
	if err != nil || got.Ended != store.EndTime || got.Result == nil || got.Result.Winner == late {
		t.Errorf("stored table: ended %q, result %+v, %v; want a win on time against seat %d", got.Ended, got.Result, err, late)
	}
	a2, _ := s.db.AccountByName(context.Background(), "ann")
	if rs, _ := s.db.Ratings(context.Background(), a2.ID); len(rs) != 1 {
		t.Errorf("ann's ratings after the claim: %+v, want one rated match", rs)
	}
}

// ratedAgainstHard starts a rated Center Court tiebreak of ann against the hard bot, with ann
// connected to it and one move of hers played (a match she ends sooner is not rated).
func ratedAgainstHard(t *testing.T) (*accountServer, created, *wsconn) {
	s := startAccounts(t)
	ann := s.signUp("ann")
	var c created
	ann.must(http.StatusCreated, "POST", "/api/tables", map[string]any{"game": "centercourt", "variant": "tiebreak", "rated": true,
		"seats": []map[string]any{{"me": true}, {"bot": "hard"}}}, &c)
	w := ann.dial(c.ID, "")
	u := w.until(func(m pmsg) bool { return m.Type == "update" && m.ToMove == 0 && len(m.Legal) > 0 })
	w.send(map[string]any{"type": "move", "seq": u.Seq, "action": u.Legal[0].Action})
	w.until(func(m pmsg) bool { return m.Type == "update" && m.Seq > u.Seq })
	return s, c, w
}

// wantLostToHard checks that ann's one rating is her first match's, lost to the hard bot.
func (s *accountServer) wantLostToHard(how string) {
	s.t.Helper()
	want, _ := rating.Update(rating.New(), []rating.Result{{Opponent: rating.Rating{Rating: 1700, RD: 60, Volatility: 0.06}, Score: 0}}, 0)
	a, _ := s.db.AccountByName(context.Background(), "ann")
	rs, err := s.db.Ratings(context.Background(), a.ID)
	if err != nil || len(rs) != 1 || math.Abs(rs[0].Rating.Rating-want.Rating) > 1e-6 {
		s.t.Errorf("ratings after %s: %+v, %v; want %v", how, rs, err, want)
	}
}

// TestResignIsARatedLoss: resigning a rated match against a bot lowers the rating as a loss.
func TestResignIsARatedLoss(t *testing.T) {
	s, c, w := ratedAgainstHard(t)
	w.send(map[string]any{"type": "resign"})
	end := w.until(func(m pmsg) bool { return m.Type == "update" && m.Result.Over })
	if end.Result.Winner != 1 {
		t.Fatalf("result after resigning %+v, want the bot to win", end.Result)
	}
	s.wantLostToHard("resigning")
	if got, _ := s.db.Get(context.Background(), c.ID); got.Ended != store.EndResigned {
		t.Errorf("Ended = %q, want resigned", got.Ended)
	}
}

// TestRestartResumesClocks stops the server in the middle of a move and starts it again an
// hour later: both clocks show exactly what they had.
func TestRestartResumesClocks(t *testing.T) {
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), "deuce.db")
	ft := timesource.NewFake(time.Date(2026, 5, 1, 18, 0, 0, 0, time.UTC))
	open := func() (*web.Main, *sqlite.DB) {
		db, err := sqlite.Open(ctx, path)
		if err != nil {
			t.Fatal(err)
		}
		m := &web.Main{Addr: "127.0.0.1:0", Store: db, MessageRate: 1000, MessageBurst: 100, Clock: ft}
		if err := m.Open(ctx); err != nil {
			t.Fatal(err)
		}
		return m, db
	}
	m, db := open()
	s := &accountServer{t: t, url: m.URL(), db: db, time: ft}
	ann, bob := s.signUp("ann"), s.signUp("bob")
	id := seekTable(t, ann, bob)
	a, b := ann.dial(id, ""), bob.dial(id, "")
	u := a.until(clockStarted)
	ub := b.until(clockStarted)
	conn := a
	if u.ToMove == 1 {
		u, conn = ub, b
	}
	ft.Advance(7 * time.Second)
	conn.send(map[string]any{"type": "move", "seq": u.Seq, "action": u.Legal[0].Action})
	u = a.until(func(m pmsg) bool { return m.Type == "update" && m.Seq > u.Seq })
	ft.Advance(4 * time.Second) // the next mover thinks 4 s, then the server stops
	before := []int64{u.Clock.Left[0], u.Clock.Left[1]}
	for _, seat := range u.Clock.Running {
		before[seat] -= 4000
	}
	cctx, cancel := context.WithTimeout(ctx, 10*time.Second)
	defer cancel()
	if err := m.Close(cctx); err != nil {
		t.Fatal(err)
	}
	db.Close()

	ft.Advance(time.Hour)
	m, db = open()
	defer func() { m.Close(context.Background()); db.Close() }()
	s.url, s.db = m.URL(), db
	got := s.person().dial(id, "")
	v := got.until(isType("update"))
	if v.Clock == nil || v.Clock.Left[0] != before[0] || v.Clock.Left[1] != before[1] {
		t.Errorf("after the restart the clocks show %+v, want %v", v.Clock, before)
	}
}

func TestSeekRatingRange(t *testing.T) {
	s := startAccounts(t)
	ann, bob := s.signUp("ann"), s.signUp("bob")
	seek := map[string]any{"game": "centercourt", "variant": "tiebreak", "clock": "3+2", "rated": true, "minRating": 1600}
	var sk struct {
		ID string `json:"id"`
	}
	ann.must(http.StatusCreated, "POST", "/api/seeks", seek, &sk)
	// A new account's rating is provisional, and the seek says so.
	var list []struct {
		ID          string `json:"id"`
		Rating      int    `json:"rating"`
		Provisional bool   `json:"provisional"`
	}
	bob.must(http.StatusOK, "GET", "/api/seeks", nil, &list)
	if len(list) != 1 || list[0].ID != sk.ID || list[0].Rating != 1500 || !list[0].Provisional {
		t.Errorf("seeks %+v, want ann's at a provisional 1500", list)
	}
	bob.must(http.StatusForbidden, "POST", "/api/seeks/"+sk.ID+"/accept", map[string]any{}, nil)
	// Quick pairing passes over a seek whose range leaves bob out, and posts his own.
	bob.must(http.StatusAccepted, "POST", "/api/seeks/quick", map[string]any{"game": "centercourt", "variant": "tiebreak", "clock": "3+2", "rated": true}, nil)
	for _, bad := range []map[string]any{
		{"game": "lmn", "variant": "doubles", "clock": "3+2"},
		{"game": "centercourt", "variant": "tiebreak", "clock": "3+2", "minRating": 1800, "maxRating": 1200},
		{"game": "centercourt", "variant": "tiebreak", "clock": "500+0"},
		{"game": "nope"},
	} {
		ann.must(http.StatusBadRequest, "POST", "/api/seeks", bad, nil)
	}
	s.person().must(http.StatusUnauthorized, "POST", "/api/seeks", seek, nil)
}

// TestSeekWaitsForItsTable: accepting a seek takes it before the table is made and started;
// in that moment its author, polling, still reads it as waiting rather than being sent to a
// table that cannot take a connection (a websocket there would get 404).
func TestSeekWaitsForItsTable(t *testing.T) {
	s := startAccounts(t)
	ann := s.signUp("ann")
	var sk struct {
		ID    string `json:"id"`
		Table string `json:"table"`
	}
	ann.must(http.StatusCreated, "POST", "/api/seeks", map[string]any{"game": "pencil", "clock": "1+1", "rated": true}, &sk)
	// Taken, as accept does first, for a table not made yet.
	if err := s.db.AcceptSeek(context.Background(), sk.ID, "tablenotyet"); err != nil {
		t.Fatal(err)
	}
	ann.must(http.StatusOK, "GET", "/api/seeks/"+sk.ID, nil, &sk)
	if sk.Table != "" {
		t.Fatalf("the seek leads to %q before its table exists", sk.Table)
	}
	// Once the table runs, the seek leads to it (seekTable checks that through accept).
	bob := s.signUp("bob")
	if id := seekTable(t, ann, bob); id == "" {
		t.Fatal("no table from a seek")
	}
}

// TestTableAgainstYourself: a table with the same account in two seats is refused: the account
// could play only one of them, and a rated result could never be saved (one account cannot be
// both winner and loser of a match).
func TestTableAgainstYourself(t *testing.T) {
	s := startAccounts(t)
	ann := s.signUp("ann")
	ann.must(http.StatusBadRequest, "POST", "/api/tables", map[string]any{"game": "centercourt", "variant": "tiebreak", "rated": true,
		"seats": []map[string]any{{"me": true}, {"me": true}}}, nil)
	ann.must(http.StatusBadRequest, "POST", "/api/tables", map[string]any{"game": "centercourt", "variant": "tiebreak",
		"seats": []map[string]any{{"me": true}, {"me": true}}}, nil)
}

// TestSeeksAreBounded: the lobby lists at most store.MaxOpenSeeks seeks; once it holds that
// many, a new one is refused (it would be hidden, and so would its author's count of seeks),
// while accepting one still works.
func TestSeeksAreBounded(t *testing.T) {
	s := startAccounts(t)
	ann, bob := s.signUp("ann"), s.signUp("bob")
	ctx := context.Background()
	for i := range store.MaxOpenSeeks {
		a := &store.Account{Name: fmt.Sprintf("p%d", i), PasswordHash: "-"}
		if err := s.db.CreateAccount(ctx, a); err != nil {
			t.Fatal(err)
		}
		sk := &store.Seek{ID: fmt.Sprintf("s%d", i), Account: a.ID, Name: a.Name,
			Game: "centercourt", Variant: "tiebreak", Clock: "5+3", Rating: 1500}
		if err := s.db.CreateSeek(ctx, sk); err != nil {
			t.Fatal(err)
		}
	}
	seek := map[string]any{"game": "centercourt", "variant": "tiebreak", "clock": "5+3"}
	resp := ann.must(http.StatusServiceUnavailable, "POST", "/api/seeks", seek, nil)
	if resp.Header.Get("Retry-After") == "" {
		t.Error("a full lobby answers without Retry-After")
	}
	var list []map[string]any
	bob.must(http.StatusOK, "GET", "/api/seeks", nil, &list)
	if len(list) != store.MaxOpenSeeks {
		t.Errorf("the lobby lists %d seeks, want %d", len(list), store.MaxOpenSeeks)
	}
	bob.must(http.StatusCreated, "POST", "/api/seeks/s0/accept", map[string]any{}, nil)
	ann.must(http.StatusCreated, "POST", "/api/seeks", seek, nil)
}

// TestChatRateIsPerWriter: a player's chat rate holds across all the connections of the seat,
// so opening more connections buys no more lines.
func TestChatRateIsPerWriter(t *testing.T) {
	s := startAccounts(t)
	ann, bob := s.signUp("ann"), s.signUp("bob")
	id := seekTable(t, ann, bob)
	a1, a2 := ann.dial(id, ""), ann.dial(id, "")
	a1.until(isType("welcome"))
	a2.until(isType("welcome"))
	for i := range 5 { // the burst, from the first connection
		line := fmt.Sprintf("line %d", i)
		a1.send(map[string]any{"type": "chat", "text": line})
		if m := a1.until(isType("chat")); m.Text != line {
			t.Fatalf("chat line %+v, want %q", m, line)
		}
	}
	a2.send(map[string]any{"type": "chat", "text": "one more, from another connection"})
	if m := a2.until(func(m pmsg) bool {
		return m.Type == "error" || m.Type == "chat" && m.Text == "one more, from another connection"
	}); m.Code != "rate_limited" {
		t.Errorf("a sixth line from a second connection of the seat: %+v, want a rate_limited error", m)
	}
}

// TestBotTokensListed: an account lists its bot tokens (never the tokens themselves), newest
// first, and revokes one of them, the others playing on. Another account can revoke none of
// them, and an unknown id is a 404 that says how to find the right one.
func TestBotTokensListed(t *testing.T) {
	s := startAccounts(t)
	ann, bob := s.signUp("ann"), s.signUp("bob")
	progs := make([]*person, 2)
	for i := range progs {
		var tok struct {
			Token string `json:"token"`
		}
		ann.must(http.StatusCreated, "POST", "/api/account/bot-tokens", map[string]any{}, &tok)
		progs[i] = s.person()
		progs[i].bearer = tok.Token
		s.time.Advance(time.Second)
	}
	type info struct {
		ID      string    `json:"id"`
		Created time.Time `json:"created"`
		Expires time.Time `json:"expires"`
	}
	var raw json.RawMessage
	ann.must(http.StatusOK, "GET", "/api/account/bot-tokens", nil, &raw)
	var list []info
	if err := json.Unmarshal(raw, &list); err != nil || len(list) != 2 || !list[0].Created.After(list[1].Created) || !list[0].Expires.After(list[0].Created) {
		t.Fatalf("ann's bot tokens: %s (%v), want two, newest first", raw, err)
	}
	for _, p := range progs {
		if strings.Contains(string(raw), strings.TrimPrefix(p.bearer, "bot_")) {
			t.Fatalf("the list shows a token itself: %s", raw)
		}
	}
	var none []info
	bob.must(http.StatusOK, "GET", "/api/account/bot-tokens", nil, &none)
	if len(none) != 0 {
		t.Errorf("bob lists %+v, want none of ann's", none)
	}
	older := list[1].ID
	bob.must(http.StatusNotFound, "DELETE", "/api/account/bot-tokens/"+older, map[string]any{}, nil)
	var answer struct {
		Error string `json:"error"`
	}
	ann.must(http.StatusNotFound, "DELETE", "/api/account/bot-tokens/nope", map[string]any{}, &answer)
	if !strings.Contains(answer.Error, "GET /api/account/bot-tokens") {
		t.Errorf("revoking an unknown id: %q", answer.Error)
	}
	if progs[0].name() != "ann" || progs[1].name() != "ann" {
		t.Fatal("a refused revocation ended a token")
	}
	ann.must(http.StatusOK, "DELETE", "/api/account/bot-tokens/"+older, map[string]any{}, nil)
	if progs[0].name() != "" || progs[1].name() != "ann" {
		t.Errorf("after revoking the older token: %q and %q, want it refused and the newer playing", progs[0].name(), progs[1].name())
	}
	ann.must(http.StatusOK, "GET", "/api/account/bot-tokens", nil, &list)
	if len(list) != 1 {
		t.Errorf("ann's bot tokens after revoking one: %+v", list)
	}
}

// TestCloseEndsTables: closing an account ends the tables it holds a seat at, as its player
// would: a match under way is resigned, rated, and a table still waiting for its opponent is
// called off, so that nobody waits for a player who cannot come back.
func TestCloseEndsTables(t *testing.T) {
	s := startAccounts(t)
	ann, bob := s.signUp("ann"), s.signUp("bob")
	live, a, b := seatedSeekTable(t, ann, bob)
	bothMove(t, [2]*wsconn{a, b}, [2]pmsg{a.until(clockStarted), b.until(clockStarted)})
	waiting := seekTable(t, ann, bob)
	ann.dial(waiting, "").until(isType("welcome")) // ann sits; bob never comes
	ann.must(http.StatusOK, "POST", "/api/account/close", map[string]string{"password": "correct horse"}, nil)
	ctx := context.Background()
	for id, want := range map[string]store.Status{live: store.Finished, waiting: store.Abandoned} {
		got, err := s.db.Get(ctx, id)
		if err != nil {
			t.Fatal(err)
		}
		if got.Status != want {
			t.Errorf("table %s after ann closed her account: %s (%q), want %s", id, got.Status, got.Ended, want)
		}
	}
	if got, _ := s.db.Get(ctx, live); got.Ended != "resigned" || got.Result == nil || got.Result.Winner != 1 {
		t.Errorf("the match under way ended %q with %+v, want ann resigned and bob the winner", got.Ended, got.Result)
	}
	if rs, err := s.db.Ratings(ctx, s.accountID("bob")); err != nil || len(rs) != 1 || rs[0].Games != 1 {
		t.Errorf("bob's ratings after the resignation: %+v, %v; want the rated match counted", rs, err)
	}
}

// TestSessionEndClosesSockets: a websocket opened with a session stops acting for the account
// once the session ends (signing out everywhere here; a new password and closing the account end
// sessions the same way), within sessionRecheck of its next message: it is told why and closed,
// and its line never reaches the table. A hello sent after the session ended claims nothing.
// Another account's connections and a connection of a live session play on.
func TestSessionEndClosesSockets(t *testing.T) {
	s := startAccounts(t)
	ann, bob := s.signUp("ann"), s.signUp("bob")
	id, a, b := seatedSeekTable(t, ann, bob)
	listener := ann.dial(id, "")
	listener.until(isType("welcome"))
	say := func(w *wsconn, text string) {
		t.Helper()
		w.send(map[string]any{"type": "chat", "text": text})
		if m := b.until(isType("chat")); m.Text != text {
			t.Fatalf("bob read %q, want %q", m.Text, text)
		}
	}
	say(a, "before")
	if m := listener.until(isType("chat")); m.Text != "before" {
		t.Fatalf("ann's other connection read %q, want the line before", m.Text)
	}

	// A connection opened now says hello only after the session has ended.
	late := ann.dialNoHello(id)
	laptop := s.person()
	laptop.must(http.StatusOK, "POST", "/api/account/signin", map[string]string{"name": "ann", "password": "correct horse"}, nil)
	laptop.must(http.StatusOK, "POST", "/api/account/signout-everywhere", map[string]any{}, nil)
	late.send(map[string]any{"type": "hello"})
	if m := late.until(isType("error")); m.Code != "signed_out" {
		t.Errorf("a hello after the session ended: %+v, want signed_out", m)
	}

	s.time.Advance(web.SessionRecheck)
	a.send(map[string]any{"type": "chat", "text": "after"})
	if m := a.until(isType("error")); m.Code != "signed_out" || !strings.Contains(m.Error, "sign in again") {
		t.Errorf("a line after the session ended: %+v, want signed_out", m)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	for {
		if _, _, err := a.c.Read(ctx); err != nil {
			if websocket.CloseStatus(err) != websocket.StatusPolicyViolation {
				t.Errorf("the connection ended with %v, want a policy violation close", err)
			}
			break
		}
	}
	say(b, "bob plays on") // the first line bob reads after "before" is his own
	// A connection that only listens is stopped at what comes next, bob's line: it is told,
	// and reads nothing of the table after. (Its first update may still be on its way; "before"
	// is not, though it may have come as the connection joined the chat: a line reaches a
	// connection once.)
	if m := listener.until(func(m pmsg) bool { return m.Type == "error" || m.Type == "chat" }); m.Code != "signed_out" {
		t.Errorf("ann's listening connection, after her session ended, read %+v; want signed_out", m)
	}
	for {
		var m pmsg
		if err := wsjson.Read(ctx, listener.c, &m); err != nil {
			break
		}
		if m.Type == "chat" || m.Type == "update" {
			t.Fatalf("ann's listening connection read %+v after it was signed out", m)
		}
	}
}

// TestSeekTablesAreCapped: a table made by accepting a seek counts against the address's cap
// of unfinished tables like any other, so two accounts cannot make tables without end by
// seeking and accepting.
func TestSeekTablesAreCapped(t *testing.T) {
	s := startAccountsWith(t, web.Limits{TablesPerAddress: 1})
	ann, bob := s.signUp("ann"), s.signUp("bob")
	seekTable(t, ann, bob)
	var sk struct {
		ID string `json:"id"`
	}
	ann.must(http.StatusCreated, "POST", "/api/seeks", map[string]any{"game": "centercourt", "variant": "tiebreak", "clock": "5+3"}, &sk)
	resp := bob.must(http.StatusTooManyRequests, "POST", "/api/seeks/"+sk.ID+"/accept", map[string]any{}, nil)
	if resp.Header.Get("Retry-After") == "" {
		t.Error("the refusal has no Retry-After")
	}
	bob.must(http.StatusTooManyRequests, "POST", "/api/seeks/quick", map[string]any{"game": "centercourt", "variant": "tiebreak", "clock": "5+3"}, nil)
	var list []struct {
		ID string `json:"id"`
	}
	ann.must(http.StatusOK, "GET", "/api/seeks", nil, &list)
	if len(list) != 1 || list[0].ID != sk.ID {
		t.Errorf("open seeks after the refusals: %+v, want ann's still open", list)
	}
}

// TestWalkingAwayIsARatedLoss: a person who leaves a rated match against a bot and never comes
// back loses it when the table expires, rated; walking away is no way out of a loss.
func TestWalkingAwayIsARatedLoss(t *testing.T) {
	s, c, w := ratedAgainstHard(t)
	w.c.CloseNow()
	if got := s.untilEnded(c.ID); got.Ended != store.EndExpired || got.Status != store.Finished || got.Result == nil || got.Result.Winner != 1 {
		t.Fatalf("table after expiry: ended %q, status %s, result %+v; want expired, finished, won by the bot", got.Ended, got.Status, got.Result)
	}
	s.wantLostToHard("walking away")
}

// untilEnded moves the fake clock on half an hour at a time (past the default expiry), sweeping,
// until table id has ended, and returns it.
func (s *accountServer) untilEnded(id string) *store.Table {
	s.t.Helper()
	deadline := time.Now().Add(10 * time.Second)
	for {
		s.time.Advance(31 * time.Minute)
		s.main.Sweep(context.Background())
		got, err := s.db.Get(context.Background(), id)
		if err != nil {
			s.t.Fatal(err)
		}
		if got.Ended != "" {
			return got
		}
		if time.Now().After(deadline) {
			s.t.Fatal("the table never ended")
		}
		time.Sleep(10 * time.Millisecond)
	}
}

// TestStallingIsARatedLoss: a player who stays at a rated table and never moves again loses it
// when the table expires, rated; the opponent, connected too and waiting, wins. A match that
// expires so used to end without a result, so a losing player could stall a rated loss away.
func TestStallingIsARatedLoss(t *testing.T) {
	s := startAccounts(t)
	ann, bob := s.signUp("ann"), s.signUp("bob")
	id := ratedSeekAt(t, ann, bob, "") // untimed: with a clock, the staller loses on time first
	a, b := ann.dial(id, ""), bob.dial(id, "")
	isUpdate := func(m pmsg) bool { return m.Type == "update" }
	last := bothMove(t, [2]*wsconn{a, b}, [2]pmsg{a.until(isUpdate), b.until(isUpdate)})
	staller := last[0].ToMove
	if staller != 0 && staller != 1 {
		t.Fatalf("seat %v to move after a move each", staller)
	}
	// Four times past the default expiry, both connected.
	if got := s.untilEnded(id); got.Ended != store.EndExpired || got.Status != store.Finished || got.Result == nil || got.Result.Winner != 1-staller {
		t.Fatalf("table after expiry: ended %q, status %s, result %+v; want expired, finished, won by seat %d", got.Ended, got.Status, got.Result, 1-staller)
	}
	names := []string{"ann", "bob"} // seek tables seat ann first
	won, _ := rating.Update(rating.New(), []rating.Result{{Opponent: rating.New(), Score: 1}}, 0)
	for seat, name := range names {
		rs, err := s.db.Ratings(context.Background(), s.accountID(name))
		if err != nil || len(rs) != 1 {
			t.Fatalf("%s's ratings after the expiry: %+v, %v; want one", name, rs, err)
		}
		if up := rs[0].Rating.Rating > 1500; up != (seat != int(staller)) {
			t.Errorf("%s (seat %d, seat %d stalled) is rated %.1f", name, seat, staller, rs[0].Rating.Rating)
		}
		if seat != int(staller) && math.Abs(rs[0].Rating.Rating-won.Rating) > 1e-6 {
			t.Errorf("%s's rating %.2f, want %.2f for a win", name, rs[0].Rating.Rating, won.Rating)
		}
	}
}

// A guest cannot sit under a registered player's name, in any case, nor can another player;
// the player, signed in, may, and other names stay free.
func TestGuestsCannotTakeAnAccountsName(t *testing.T) {
	s := startAccounts(t)
	ann, bob, guest := s.signUp("ann"), s.signUp("bob"), s.person()
	for _, who := range []*person{guest, bob} {
		resp := who.do("POST", "/api/tables", map[string]any{"game": "pencil",
			"seats": []map[string]any{{"name": " ANN "}, {"name": "Carol"}}}, nil)
		if resp.StatusCode != http.StatusBadRequest {
			t.Errorf("a link seat named like the account ann: status %d, want 400", resp.StatusCode)
		}
	}
	ann.must(http.StatusCreated, "POST", "/api/tables", map[string]any{"game": "pencil",
		"seats": []map[string]any{{"name": "Ann"}, {"name": "Carol"}}}, nil)
	var a answerMsg
	guest.do("POST", "/api/tables", map[string]any{"game": "pencil",
		"seats": []map[string]any{{"name": "ann"}, {"bot": "random"}}}, &a)
	if !strings.Contains(a.Error, "registered player's name") {
		t.Errorf("the refusal says %q, want it to name the reason", a.Error)
	}
	ann.must(http.StatusCreated, "POST", "/api/tables", map[string]any{"game": "pencil",
		"seats": []map[string]any{{"me": true}, {"name": "Carol"}}}, nil)
	guest.must(http.StatusCreated, "POST", "/api/tables", map[string]any{"game": "pencil",
		"seats": []map[string]any{{"name": "Annie"}, {"bot": "random"}}}, nil)
}

// A name that only looks like an account's, a bot named like an account, and a person named like
// a bot are refused too: none may pass for who it is not in the lobby.
func TestNamesThatPassForOthers(t *testing.T) {
	s := startAccounts(t)
	ann, guest := s.signUp("carol_1"), s.person()
	for _, c := range []struct {
		who   *person
		seats []map[string]any
		want  string
	}{
		// '-' for '_', a Cyrillic с, then a fullwidth name, then an accent.
		{guest, []map[string]any{{"name": "Carol-1"}, {"bot": "random"}}, `looks like "carol_1"`},
		{guest, []map[string]any{{"name": "\u0441arol_1"}, {"bot": "random"}}, `looks like "carol_1"`},
		{guest, []map[string]any{{"name": "ｃａｒｏｌ＿１"}, {"bot": "random"}}, `looks like "carol_1"`},
		{guest, []map[string]any{{"name": "c\u0307arol_1"}, {"bot": "random"}}, `looks like "carol_1"`},
		{guest, []map[string]any{{"name": "x"}, {"name": "CAROL_1", "bot": "hard"}}, "which a bot may not carry"},
		{ann, []map[string]any{{"me": true}, {"name": "carol_1", "bot": "hard"}}, "which a bot may not carry"},
		{guest, []map[string]any{{"name": "x"}, {"name": "\u0441arol_1", "bot": "random"}}, "which a bot may not carry"},
		{guest, []map[string]any{{"name": "Hard Bot"}, {"bot": "random"}}, "is how a bot is named"},
		{guest, []map[string]any{{"name": "heuristicbot"}, {"bot": "random"}}, "is how a bot is named"},
		{guest, []map[string]any{{"name": "hard bot 2"}, {"bot": "random"}}, "is how a bot is named"},
		{guest, []map[string]any{{"name": "x"}, {"name": "hard bot 2", "bot": "random"}}, "a random bot may not be named"},
		// Cherokee and Lisu letters, and blank or direction-changing characters.
		{guest, []map[string]any{{"name": "\u13dfarol_1"}, {"bot": "random"}}, `looks like "carol_1"`},
		{guest, []map[string]any{{"name": "\uabafarol_1"}, {"bot": "random"}}, `looks like "carol_1"`},
		{guest, []map[string]any{{"name": "ꓚarol_1"}, {"bot": "random"}}, `looks like "carol_1"`},
		{guest, []map[string]any{{"name": "carol_1\u2800"}, {"bot": "random"}}, "visible characters only"},
		{guest, []map[string]any{{"name": "medium bot\u3164"}, {"bot": "random"}}, "visible characters only"},
		{guest, []map[string]any{{"name": "\u202egnirts"}, {"bot": "random"}}, "visible characters only"},
		{guest, []map[string]any{{"name": "ca\u200brol_1"}, {"bot": "random"}}, "visible characters only"},
		{guest, []map[string]any{{"name": "carol\u00a01"}, {"bot": "random"}}, "visible characters only"},
		{guest, []map[string]any{{"name": "Player 2"}, {"bot": "random"}}, "is how seat 2 reads"},
		// A bot under another level's name, a guest spectator's name.
		{guest, []map[string]any{{"name": "x"}, {"name": "hard bot", "bot": "random"}}, "a random bot may not be named"},
		{guest, []map[string]any{{"name": "Guest 0417"}, {"bot": "random"}}, "how a guest watching a table signs"},
	} {
		var a answerMsg
		resp := c.who.do("POST", "/api/tables", map[string]any{"game": "pencil", "seats": c.seats}, &a)
		if resp.StatusCode != http.StatusBadRequest || !strings.Contains(a.Error, c.want) {
			t.Errorf("seats %v: status %d, %q; want 400 saying %s", c.seats, resp.StatusCode, a.Error, c.want)
		}
	}
	// Names of their own stay free: other letters, a level alone, a bot named otherwise.
	for _, seats := range [][]map[string]any{
		{{"name": "Сергей"}, {"bot": "random"}},
		{{"name": "José"}, {"bot": "random"}},
		{{"name": "Random"}, {"name": "Robbie", "bot": "random"}},
		{{"name": "player 1"}, {"name": "Ann Lee"}},
		{{"name": "x"}, {"name": "Random Bot", "bot": "random"}},
		{{"name": "x"}, {"name": "random bot 2", "bot": "random"}},
		{{"name": "guest"}, {"bot": "random"}},
	} {
		guest.must(http.StatusCreated, "POST", "/api/tables", map[string]any{"game": "pencil", "seats": seats}, nil)
	}
}

type answerMsg struct {
	Error string `json:"error"`
}

// A player's page opens for an account's name, in any case, and is 404 for a name no account has.
func TestProfilePage(t *testing.T) {
	s := startAccounts(t)
	s.signUp("ann")
	for path, want := range map[string]int{"/u/ann": http.StatusOK, "/u/ANN": http.StatusOK, "/u/bob": http.StatusNotFound} {
		resp, err := http.Get(s.url + path)
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
		if resp.StatusCode != want {
			t.Errorf("%s: %d, want %d", path, resp.StatusCode, want)
		}
	}
}

// A refused sign-in is logged (who tried which name from where) so that an operator can see a
// guessing attack; no password, session or token is ever in the log, even at debug level.
func TestSignInLogNamesNoSecret(t *testing.T) {
	ctx := context.Background()
	db, err := sqlite.Open(ctx, filepath.Join(t.TempDir(), "deuce.db"))
	if err != nil {
		t.Fatal(err)
	}
	var logs syncBuffer
	m := &web.Main{Addr: "127.0.0.1:0", Store: db, MessageRate: 1000, MessageBurst: 100,
		Log: slog.New(slog.NewTextHandler(&logs, &slog.HandlerOptions{Level: slog.LevelDebug}))}
	if err := m.Open(ctx); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { m.Close(ctx); db.Close() })
	s := &accountServer{t: t, url: m.URL(), db: db, main: m}
	ann := s.person()
	ann.must(http.StatusCreated, "POST", "/api/account/signup", map[string]string{"name": "ann", "password": "the real one here"}, nil)
	var tok struct {
		Token string `json:"token"`
	}
	ann.must(http.StatusCreated, "POST", "/api/account/bot-tokens", map[string]any{}, &tok)
	s.person().must(http.StatusUnauthorized, "POST", "/api/account/signin", map[string]string{"name": "ann", "password": "guess number one"}, nil)
	s.person().must(http.StatusOK, "POST", "/api/account/signin", map[string]string{"name": "ann", "password": "the real one here"}, nil)
	out := logs.String()
	if !strings.Contains(out, `msg="sign-in refused" name="\"ann\""`) {
		t.Errorf("the refused sign-in is not logged:\n%s", out)
	}
	u, _ := url.Parse(s.url)
	for _, c := range ann.http.Jar.Cookies(u) {
		if strings.Contains(out, c.Value) {
			t.Errorf("the log holds the cookie %s", c.Name)
		}
	}
	for _, secret := range []string{"the real one here", "guess number one", tok.Token} {
		if strings.Contains(out, secret) {
			t.Errorf("the log holds the secret %q", secret)
		}
	}
}

// syncBuffer is a bytes.Buffer safe for the server's goroutines to write.
type syncBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (b *syncBuffer) Write(p []byte) (int, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.b.Write(p)
}

func (b *syncBuffer) String() string {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.b.String()
}

// TestInvitedAccountTakesItsName: a friend's seat given no name ("player 2") takes the name of
// the signed-in account that opens its link, in its welcome, in the presence the others get,
// in the stored table and on the account's profile; a guest, or a seat given a name, keeps it.
func TestInvitedAccountTakesItsName(t *testing.T) {
	s := startAccounts(t)
	ann, bob := s.signUp("ann"), s.signUp("bob")
	var c created
	ann.must(http.StatusCreated, "POST", "/api/tables", map[string]any{"game": "pencil", "seats": []map[string]string{{"name": "ann"}, {"name": ""}}}, &c)
	a := ann.dial(c.ID, c.Seats[0].Token)
	a.until(isType("welcome"))
	b := bob.dial(c.ID, c.Seats[1].Token)
	w := b.until(isType("welcome"))
	if w.Table == nil || len(w.Table.Seats) != 2 || w.Table.Seats[1].Name != "bob" {
		t.Fatalf("bob's welcome %+v, want seat 2 named bob", w.Table)
	}
	a.until(func(m pmsg) bool {
		return m.Type == "presence" && len(m.Seats) == 2 && m.Seats[1].Name == "bob" && m.Seats[1].Connected
	})
	var info struct {
		Seats []struct {
			Name string `json:"name"`
		} `json:"seats"`
	}
	ann.must(http.StatusOK, "GET", "/api/tables/"+c.ID, nil, &info)
	if len(info.Seats) != 2 || info.Seats[1].Name != "bob" {
		t.Errorf("stored seats %+v, want seat 2 named bob", info.Seats)
	}
	var prof struct {
		Recent []struct {
			Table  string `json:"table"`
			Seated bool   `json:"seated"`
		} `json:"recent"`
	}
	bob.must(http.StatusOK, "GET", "/api/users/bob", nil, &prof)
	if len(prof.Recent) != 1 || prof.Recent[0].Table != c.ID || !prof.Recent[0].Seated {
		t.Errorf("bob's profile lists %+v, want the table he joined", prof.Recent)
	}
	// The seat is bob's now: its link plays for nobody else (ann created the table and holds
	// every link), and bob, signed in, still reaches it with the old link.
	for _, other := range []*person{ann, s.person()} {
		if m := other.dial(c.ID, c.Seats[1].Token).until(func(m pmsg) bool { return m.Type == "error" || m.Type == "welcome" }); m.Code != "bad_token" {
			t.Errorf("another person opening bob's old link got %+v, want bad_token", m)
		}
	}
	if w := bob.dial(c.ID, c.Seats[1].Token).until(isType("welcome")); w.Seat != 1 {
		t.Errorf("bob back with his old link is at seat %d, want 2", w.Seat+1)
	}

	// A guest keeps "player 2"; a seat given a name keeps it whoever opens it.
	var g, named created
	ann.must(http.StatusCreated, "POST", "/api/tables", map[string]any{"game": "pencil", "seats": []map[string]string{{"name": "ann"}, {"name": ""}}}, &g)
	guest := s.person().dial(g.ID, g.Seats[1].Token)
	if w := guest.until(isType("welcome")); w.Table.Seats[1].Name != "player 2" {
		t.Errorf("a guest's seat is named %q, want player 2", w.Table.Seats[1].Name)
	}
	ann.must(http.StatusCreated, "POST", "/api/tables", map[string]any{"game": "pencil", "seats": []map[string]string{{"name": "ann"}, {"name": "Dora"}}}, &named)
	if w := bob.dial(named.ID, named.Seats[1].Token).until(isType("welcome")); w.Table.Seats[1].Name != "Dora" {
		t.Errorf("a named seat taken by bob is named %q, want Dora", w.Table.Seats[1].Name)
	}
	if bob.must(http.StatusOK, "GET", "/api/users/bob", nil, &prof); len(prof.Recent) != 1 {
		t.Errorf("bob's profile lists %+v, want only the seat he took as his own", prof.Recent)
	}
	// A name already at the table is not given twice: ann, opening a nameless seat of a table
	// where she sits, keeps "player 2" there.
	var twice created
	ann.must(http.StatusCreated, "POST", "/api/tables", map[string]any{"game": "pencil", "seats": []map[string]string{{"name": "ann"}, {"name": ""}}}, &twice)
	if w := ann.dial(twice.ID, twice.Seats[1].Token).until(isType("welcome")); w.Table.Seats[1].Name != "player 2" {
		t.Errorf("ann's second seat is named %q, want player 2", w.Table.Seats[1].Name)
	}
}

// TestResignAtOnceCountsForTheLoserOnly: a rated match resigned before both players have
// moved counts against the player who resigned, and not for the winner (counted for both, two
// accounts could trade points by resigning at once, as often as they like; counted for neither,
// a player could resign every deal that looked bad): the loser's rating falls, the winner's
// stands, the table says why, the profiles list the match as void, the loser's results count the
// loss and the winner's nothing, and a rematch is rated again.
func TestResignAtOnceCountsForTheLoserOnly(t *testing.T) {
	s := startAccounts(t)
	ann, bob := s.signUp("ann"), s.signUp("bob")
	id, a, b := seatedSeekTable(t, ann, bob)
	a.until(clockStarted)
	b.until(clockStarted)
	a.send(map[string]any{"type": "resign"})
	if end := b.until(func(m pmsg) bool { return m.Type == "update" && m.Result.Over }); end.Result.Winner != 1 {
		t.Fatalf("result %+v, want bob to win", end.Result)
	}
	ctx := context.Background()
	lost, _ := rating.Update(rating.New(), []rating.Result{{Opponent: rating.New(), Score: 0}}, 0)
	if rs, err := s.db.Ratings(ctx, s.accountID("ann")); err != nil || len(rs) != 1 || math.Abs(rs[0].Rating.Rating-lost.Rating) > 1e-6 {
		t.Errorf("ann's ratings after resigning before anyone moved: %+v, %v; want %.2f, a loss", rs, err, lost.Rating)
	}
	if rs, err := s.db.Ratings(ctx, s.accountID("bob")); err != nil || len(rs) != 0 {
		t.Errorf("bob's ratings after ann resigned before anyone moved: %+v, %v; want none", rs, err)
	}
	var info struct {
		Status string `json:"status"`
		Rated  bool   `json:"rated"`
		Void   bool   `json:"void"`
	}
	bob.must(http.StatusOK, "GET", "/api/tables/"+id, nil, &info)
	if info.Status != "finished" || info.Rated || !info.Void {
		t.Errorf("the table after a resignation before anyone moved: %+v; want finished, void, not rated", info)
	}
	var prof struct {
		Recent []struct {
			Rated bool `json:"rated"`
			Void  bool `json:"void"`
		} `json:"recent"`
		ByGame     []json.RawMessage `json:"byGame"`
		ByOpponent []json.RawMessage `json:"byOpponent"`
	}
	bob.must(http.StatusOK, "GET", "/api/users/bob", nil, &prof)
	if len(prof.Recent) != 1 || prof.Recent[0].Rated || !prof.Recent[0].Void {
		t.Errorf("bob's recent matches %+v, want one void", prof.Recent)
	}
	if len(prof.ByGame) != 0 || len(prof.ByOpponent) != 0 {
		t.Errorf("bob's results by game %s and by opponent %s count a void match; want none", prof.ByGame, prof.ByOpponent)
	}
	var annProf struct {
		ByGame []struct {
			Losses int `json:"losses"`
		} `json:"byGame"`
	}
	ann.must(http.StatusOK, "GET", "/api/users/ann", nil, &annProf)
	if len(annProf.ByGame) != 1 || annProf.ByGame[0].Losses != 1 {
		t.Errorf("ann's results by game %+v, want the loss counted", annProf.ByGame)
	}
	r := offerRematch(bob, id)
	if ti, err := s.db.TableInfo(ctx, r.ID); err != nil || !ti.Rated {
		t.Errorf("the rematch of a void rated match: %+v, %v; want rated", ti, err)
	}
}

// TestNoBotForAnAbsentRatedPlayer: at a rated table a bot may not play for a player who left
// (its play would count for the account, and its fixed rating would replace the player's); the
// win may be claimed instead, rated as it should be.
func TestNoBotForAnAbsentRatedPlayer(t *testing.T) {
	s := startAccountsWith(t, web.Limits{AbandonAfter: 5 * time.Second})
	ann, bob := s.signUp("ann"), s.signUp("bob")
	_, a, b := seatedSeekTable(t, ann, bob)
	bothMove(t, [2]*wsconn{a, b}, [2]pmsg{a.until(clockStarted), b.until(clockStarted)})
	b.c.CloseNow()
	gone := func(abandoned bool) func(pmsg) bool {
		return func(m pmsg) bool {
			return m.Type == "presence" && len(m.Seats) == 2 && !m.Seats[1].Connected && m.Seats[1].Abandoned == abandoned
		}
	}
	a.until(gone(false))
	s.time.Advance(5 * time.Second)
	s.main.Sweep(context.Background())
	a.until(gone(true))
	a.send(map[string]any{"type": "bot"})
	if m := a.until(isType("error")); m.Code != "rated" || !strings.Contains(m.Error, "claim the win") {
		t.Fatalf("a bot for bob at a rated table: %+v, want refused as rated", m)
	}
	a.send(map[string]any{"type": "claim"})
	if end := a.until(func(m pmsg) bool { return m.Type == "update" && m.Result.Over }); end.Result.Winner != 0 {
		t.Fatalf("result after the claim %+v, want ann to win", end.Result)
	}
	winner, _ := rating.Update(rating.New(), []rating.Result{{Opponent: rating.New(), Score: 1}}, 0)
	loser, _ := rating.Update(rating.New(), []rating.Result{{Opponent: rating.New(), Score: 0}}, 0)
	for name, want := range map[string]rating.Rating{"ann": winner, "bob": loser} {
		rs, err := s.db.Ratings(context.Background(), s.accountID(name))
		if err != nil || len(rs) != 1 || math.Abs(rs[0].Rating.Rating-want.Rating) > 1e-6 {
			t.Errorf("%s's ratings after the claim: %+v, %v; want %.2f", name, rs, err, want.Rating)
		}
	}
}

// TestChatAbuse: a writer's rate holds across its connections' leaving and coming back, even
// when the table is left empty between; a line may not turn its text around, break into lines
// or carry fields the chat does not know; a spectator has no seat to mute. Emoji made with a
// zero-width joiner pass.
func TestChatAbuse(t *testing.T) {
	s := startAccounts(t)
	ann, bob, guest := s.signUp("ann"), s.signUp("bob"), s.person()
	id := seekTable(t, ann, bob) // nobody else connects
	say := func(w *wsconn, text string) pmsg {
		t.Helper()
		w.send(map[string]any{"type": "chat", "text": text})
		return w.until(func(m pmsg) bool { return m.Type == "error" || m.Type == "chat" && m.Text == text })
	}
	w := guest.dial(id, "")
	w.until(isType("welcome"))
	for i := range 5 {
		if m := say(w, fmt.Sprint("line ", i)); m.Type != "chat" {
			t.Fatalf("line %d of a burst: %+v", i, m)
		}
	}
	if m := say(w, "one too many"); m.Code != "rate_limited" {
		t.Fatalf("a line past the burst: %+v, want rate_limited", m)
	}
	w.c.CloseNow()
	// The table is left empty; a new connection a moment later has no more lines to spend.
	for deadline := time.Now().Add(10 * time.Second); ; time.Sleep(5 * time.Millisecond) {
		if s.main.ChatConnections(id) == 0 {
			break
		}
		if time.Now().After(deadline) {
			t.Fatal("the closed connection never left the chat")
		}
	}
	w = guest.dial(id, "")
	w.until(isType("welcome"))
	if m := say(w, "back again"); m.Code != "rate_limited" {
		t.Fatalf("a line on a new connection after the burst: %+v, want rate_limited", m)
	}
	s.time.Advance(web.ChatEvery)
	if m := say(w, "after a pause"); m.Type != "chat" {
		t.Fatalf("a line after the pause: %+v", m)
	}
	s.time.Advance(10 * web.ChatEvery)
	for _, bad := range []string{"rtl \u202egnp.exe", "line\u2028two", "para\u2029two", "iso\u2067late",
		"\u200b\u200b\u2800", "\ufeff", "\u3164 \u3164", "e" + strings.Repeat("\u0301", 20), "e" + strings.Repeat("\u0301\u0300\u0302\u0303\u200d", 5)} {
		if m := say(w, bad); m.Code != "bad_message" {
			t.Errorf("chat line %q: %+v, want bad_message", bad, m)
		}
	}
	for _, good := range []string{"\U0001F468\u200d\U0001F469\u200d\U0001F467 hello", "\u2764\ufe0f", "\U0001F44D\U0001F3FD", "Ti\u1ebfng Vi\u1ec7t", "\u0928\u092e\u0938\u094d\u0924\u0947", "!"} {
		if m := say(w, good); m.Type != "chat" || m.Text != good {
			t.Errorf("chat line %q: %+v, want it posted", good, m)
		}
		s.time.Advance(web.ChatEvery)
	}
	w.send(map[string]any{"type": "chat", "text": "x", "extra": 1})
	if m := w.until(isType("error")); m.Code != "bad_message" || !strings.Contains(m.Error, "extra") {
		t.Errorf("a chat line with an unknown field: %+v, want bad_message naming it", m)
	}
	w.send(map[string]any{"type": "mute", "seat": 0, "muted": true})
	if m := w.until(isType("error")); m.Code != "bad_message" || !strings.Contains(m.Error, "spectator") {
		t.Errorf("a spectator's mute: %+v, want bad_message", m)
	}
}

// TestRatedRematchesCountAsSeeks: a rated rematch between people is a rated pairing, and counts
// against the address's seeks; past them it is told to wait, as a seek would be. Rematches
// alone let two accounts play rated matches a dozen times as often as seeks allow.
func TestRatedRematchesCountAsSeeks(t *testing.T) {
	l := roomyLimits()
	l.SeeksPerMinute, l.SeekBurst = 0.5, 2
	s := startAccountsWith(t, l)
	ann, bob := s.signUp("ann"), s.signUp("bob")
	id, a, b := seatedSeekTable(t, ann, bob) // the first seek
	a.until(clockStarted)
	b.until(clockStarted)
	a.send(map[string]any{"type": "resign"})
	b.until(func(m pmsg) bool { return m.Type == "update" && m.Result.Over })
	r := offerRematch(bob, id) // the second
	// Accepting it (asking for the rematch that exists) costs nothing.
	var same struct {
		ID string `json:"id"`
	}
	ann.must(http.StatusOK, "POST", "/api/tables/"+id+"/rematch", map[string]string{}, &same)
	if same.ID != r.ID {
		t.Fatalf("ann's rematch %q, want bob's %q", same.ID, r.ID)
	}
	a2 := ann.dial(r.ID, "")
	a2.until(clockStarted)
	a2.send(map[string]any{"type": "resign"})
	a2.until(func(m pmsg) bool { return m.Type == "update" && m.Result.Over })
	var refusal struct {
		Error string `json:"error"`
	}
	bob.must(http.StatusTooManyRequests, "POST", "/api/tables/"+r.ID+"/rematch", map[string]string{}, &refusal)
	if !strings.Contains(refusal.Error, "too many seeks from your address") {
		t.Errorf("a third rated pairing from one address: %q, want the seeks' limit", refusal.Error)
	}
}

// TestSeeksPerAddress: one address cannot fill the lobby by signing up more accounts: past its
// burst of seeks, whatever accounts post them, it is told to wait.
func TestSeeksPerAddress(t *testing.T) {
	s := startAccounts(t)
	posted := 0
	for i := range 4 {
		p := s.signUp(fmt.Sprint("seeker", i))
		for _, clock := range []string{"1+0", "3+2", "5+3"} {
			seek := map[string]any{"game": "centercourt", "variant": "tiebreak", "clock": clock}
			if posted < web.DefaultLimits().SeekBurst {
				p.must(http.StatusCreated, "POST", "/api/seeks", seek, nil)
				posted++
				continue
			}
			var refusal struct {
				Error string `json:"error"`
			}
			p.must(http.StatusTooManyRequests, "POST", "/api/seeks", seek, &refusal)
			if !strings.Contains(refusal.Error, "too many seeks from your address: at most one every 2 minutes") {
				t.Errorf("seek %d from one address: %q", posted+1, refusal.Error)
			}
			return
		}
	}
	t.Fatal("every seek was taken")
}

// TestAlikeSeatsNumbered: seats named alike (one person passing the device round names them
// all alike; or a look-alike beside another seat's name) are told apart by their seat numbers,
// an account's seat keeping its name; names that still read alike are refused.
func TestAlikeSeatsNumbered(t *testing.T) {
	s := startAccounts(t)
	ann, guest := s.signUp("ann"), s.person()
	for _, c := range []struct {
		who   *person
		seats []map[string]any
		want  []string
	}{
		{guest, []map[string]any{{"name": "Bea"}, {"name": "bea"}}, []string{"Bea 1", "bea 2"}},
		{guest, []map[string]any{{"name": "Cleo"}, {"name": "Cl\u0435o"}}, []string{"Cleo 1", "Cl\u0435o 2"}},
		{guest, []map[string]any{{"name": "Robbie"}, {"name": "robbie", "bot": "random"}}, []string{"Robbie 1", "robbie 2"}},
		{ann, []map[string]any{{"name": "ann"}, {"name": "ann"}}, []string{"ann 1", "ann 2"}},
		{ann, []map[string]any{{"me": true}, {"name": "Ann"}}, []string{"ann", "Ann 2"}},
	} {
		var got struct {
			Seats []struct {
				Name string `json:"name"`
			} `json:"seats"`
		}
		c.who.must(http.StatusCreated, "POST", "/api/tables", map[string]any{"game": "pencil", "seats": c.seats}, &got)
		var names []string
		for _, seat := range got.Seats {
			names = append(names, seat.Name)
		}
		if !slices.Equal(names, c.want) {
			t.Errorf("seats %v named %q, want %q", c.seats, names, c.want)
		}
	}
	var a answerMsg
	resp := guest.do("POST", "/api/tables", map[string]any{"game": "lmn", "variant": "doubles",
		"seats": []map[string]any{{"name": "Dee"}, {"name": "Dee"}, {"name": "Dee 2"}, {"bot": "random"}}}, &a)
	if resp.StatusCode != http.StatusBadRequest || !strings.Contains(a.Error, "seats 2 and 3 are both named") {
		t.Errorf("Dee, Dee and Dee 2: status %d, %q; want 400", resp.StatusCode, a.Error)
	}
	// The number may not make a name the checks at creation refuse.
	long := strings.Repeat("x", 40)
	for _, c := range []struct {
		seats []map[string]any
		want  string
	}{
		{[]map[string]any{{"name": "guest"}, {"name": "guest"}}, `"guest 1" reads as a guest watching the table`},
		{[]map[string]any{{"name": "player"}, {"name": "player"}}, `"player 1" reads as a seat nobody named`},
		{[]map[string]any{{"name": "x"}, {"name": "player", "bot": "random"}, {"name": "Player"}, {"name": "y"}}, `reads as a seat nobody named`},
		{[]map[string]any{{"name": long}, {"name": long}}, "is over 40 characters"},
	} {
		game, variant := "pencil", ""
		if len(c.seats) == 4 {
			game, variant = "lmn", "doubles"
		}
		var a answerMsg
		resp := guest.do("POST", "/api/tables", map[string]any{"game": game, "variant": variant, "seats": c.seats}, &a)
		if resp.StatusCode != http.StatusBadRequest || !strings.Contains(a.Error, c.want) || !strings.Contains(a.Error, "give each seat a name of its own") {
			t.Errorf("seats %v: status %d, %q; want 400 saying %q", c.seats, resp.StatusCode, a.Error, c.want)
		}
	}
}
