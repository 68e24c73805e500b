package web

import (
	"context"
	"crypto/rand"
	"crypto/subtle"
	"encoding/base64"
	"errors"
	"fmt"
	"net/http"
	"regexp"
	"strings"
	"sync"
	"time"
	"unicode/utf8"

	"golang.org/x/crypto/argon2"

	"deuce/engine"
	"deuce/store"
)

// Accounts: names and passwords, server-side sessions in cookies, bot tokens.
const (
	sessionCookie   = "deuce_session"
	sessionLifetime = 30 * 24 * time.Hour
	botTokenLife    = 365 * 24 * time.Hour
	maxBotTokens    = 5
	// deviceCookie marks a browser that signed in to an account before (store.DeviceCookie):
	// its sign-in attempts for that account are counted on their own, so a stranger who
	// spends the name's attempts does not lock the owner out of the browsers the owner uses.
	deviceCookie   = "deuce_device"
	deviceLifetime = 365 * 24 * time.Hour
	// maxDevices bounds the device cookies an account keeps: past it, a new one replaces them
	// all.
	maxDevices  = 20
	minPassword = 8
	// maxPassword bounds the bytes hashed, so a request cannot buy more hashing than a
	// password's worth.
	maxPassword = 200
)

// argon2id parameters: OWASP's recommended minimum (19 MiB, two passes, one lane).
const (
	argonTime    = 2
	argonMemory  = 19 * 1024 // KiB
	argonThreads = 1
	argonKeyLen  = 32
	argonSaltLen = 16
)

// Password hashing is the dearest thing a request without an account can buy, and sign-ups
// from many addresses pass the per-address limits: at most hashRunning hashes run at once
// (each takes argonMemory and a core for about 40 ms), and at most hashWaiting more requests
// wait for one; past that a request is answered 503 at once rather than queued without end.
const (
	hashRunning = 2
	hashWaiting = 30
)

// errHashBusy is returned by hashGate.enter when as many requests wait as it holds.
var errHashBusy = errors.New("the server is busy signing people in: try again in a few seconds")

// hashGate bounds the password hashes running and waiting.
type hashGate struct {
	tickets chan struct{} // running and waiting
	slots   chan struct{} // running
}

func newHashGate(running, waiting int) *hashGate {
	return &hashGate{tickets: make(chan struct{}, running+waiting), slots: make(chan struct{}, running)}
}

// enter waits for a turn to hash, as long as ctx lasts, and returns the function that ends
// it; errHashBusy at once when the queue is full.
func (g *hashGate) enter(ctx context.Context) (func(), error) {
	select {
	case g.tickets <- struct{}{}:
	default:
		return nil, errHashBusy
	}
	select {
	case g.slots <- struct{}{}:
		return func() { <-g.slots; <-g.tickets }, nil
	case <-ctx.Done():
		<-g.tickets
		return nil, ctx.Err()
	}
}

// hashPassword returns the PHC-format argon2id hash of password with a fresh salt.
func hashPassword(password string) string {
	salt := make([]byte, argonSaltLen)
	_, _ = rand.Read(salt)
	return encodeHash(salt, argon2Key([]byte(password), salt, argonTime, argonMemory, argonThreads))
}

func argon2Key(password, salt []byte, t, m uint32, p uint8) []byte {
	return argon2.IDKey(password, salt, t, m, p, argonKeyLen)
}

func encodeHash(salt, key []byte) string {
	b64 := base64.RawStdEncoding
	return fmt.Sprintf("$argon2id$v=%d$m=%d,t=%d,p=%d$%s$%s", argon2.Version, argonMemory, argonTime, argonThreads,
		b64.EncodeToString(salt), b64.EncodeToString(key))
}

// checkPassword reports whether password matches a hash of hashPassword, with the parameters
// the hash names (so raising them later keeps old hashes valid).
func checkPassword(hash, password string) bool {
	parts := strings.Split(hash, "$")
	if len(parts) != 6 || parts[1] != "argon2id" || parts[2] != fmt.Sprintf("v=%d", argon2.Version) {
		return false
	}
	var m, t uint32
	var p uint8
	if _, err := fmt.Sscanf(parts[3], "m=%d,t=%d,p=%d", &m, &t, &p); err != nil || m > 1<<20 || t > 10 || p == 0 {
		return false
	}
	b64 := base64.RawStdEncoding
	salt, err1 := b64.DecodeString(parts[4])
	key, err2 := b64.DecodeString(parts[5])
	if err1 != nil || err2 != nil || len(key) == 0 {
		return false
	}
	got := argon2Key([]byte(password), salt, t, m, p)
	return subtle.ConstantTimeCompare(got, key) == 1
}

// checkName reports what is wrong with an account name.
func checkName(name string) error {
	if n := len(name); n < 3 || n > 20 {
		return errors.New("a name has 3 to 20 characters")
	}
	for _, r := range name {
		if !(r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || r == '_' || r == '-') {
			return errors.New("a name has only letters a-z, digits, '-' and '_'")
		}
	}
	return nil
}

// defaultAccountName matches, in an account name read as words, a seat's default name with or
// without spaces ("player 2", "player2", from "player_2" and "player2").
var defaultAccountName = regexp.MustCompile(`^player *\d+$`)

// reservedName refuses a new account a name that reads as a bot's ("easy_bot"), a seat nobody
// named ("player_2") or a spectator's in the chat ("guest"): its seats and chat lines would pass
// for them. Only sign-up checks it, so an account named so before still signs in.
func reservedName(name string) error {
	words := strings.ToLower(strings.NewReplacer("_", " ", "-", " ").Replace(name))
	switch {
	case botLike(words), words == "bot":
		return fmt.Errorf("%q reads as a bot's name: choose another", name)
	case defaultAccountName.MatchString(words):
		return fmt.Errorf("%q reads as a seat nobody named: choose another", name)
	case strings.HasPrefix(words, "guest"):
		return fmt.Errorf("%q reads as a guest's name in the chat: choose another", name)
	}
	return nil
}

func checkNewPassword(pw string) error {
	if utf8.RuneCountInString(pw) < minPassword || len(pw) > maxPassword {
		return fmt.Errorf("a password has %d to %d characters", minPassword, maxPassword)
	}
	return nil
}

// accounts holds what the server needs for accounts; nil when the store has no store.Players.
type accounts struct {
	p store.Players
	// Sign-in (and sign-up) attempts, per name and per address, and per device cookie of the
	// account named, whose attempts do not count against the name.
	byName, byAddr, byDevice *buckets
	hashes                   *hashGate
}

func newAccounts(st store.Store, now func() time.Time) *accounts {
	p, ok := st.(store.Players)
	if !ok {
		return nil
	}
	return &accounts{p: p, byName: newBuckets("sign-in attempts", 5, 5, now), byAddr: newBuckets("sign-in attempts", 20, 20, now),
		byDevice: newBuckets("sign-in attempts", 5, 5, now), hashes: newHashGate(hashRunning, hashWaiting)}
}

// accountOf returns the signed-in account of a request: a session cookie from a browser or a
// bot token in "Authorization: Bearer"; nil for a guest.
func (s *Server) accountOf(r *http.Request) *store.Account {
	if s.accounts == nil {
		return nil
	}
	if a, ok := r.Context().Value(tokenAccount{}).(*store.Account); ok {
		return a // the bot token guard checked
	}
	sess, ok := sessionOf(r)
	if !ok {
		return nil
	}
	a, err := s.accounts.p.SessionAccount(r.Context(), sess.hash, sess.kind, s.now())
	if err != nil {
		if !errors.Is(err, store.ErrNotFound) {
			s.log.Error("session", "err", err)
		}
		return nil
	}
	return a
}

// session names the session a request signs in with: the hash of its token and its kind.
type session struct {
	hash string
	kind store.SessionKind
}

// sessionOf returns the session a request sends: its bot token, or else its session cookie.
func sessionOf(r *http.Request) (session, bool) {
	kind, token := store.WebSession, ""
	if auth, ok := bearer(r); ok {
		kind, token = store.BotToken, auth
	} else if c, err := r.Cookie(sessionCookie); err == nil {
		token = c.Value
	}
	if token == "" || len(token) > 100 {
		return session{}, false
	}
	return session{hash: hashToken(token), kind: kind}, true
}

// sessionRecheck is how often a websocket signed in to an account checks, as its messages come,
// that its session still lives: signing out everywhere, a new password or closing the account
// ends the session, and the connections it opened with it stop acting for the account within
// this time of their next message. A hello is always checked: it may claim a seat.
const sessionRecheck = 30 * time.Second

// sessionGuard checks, for a websocket, that the session it was opened with still signs in.
type sessionGuard struct {
	s    *Server
	sess session
	acct *store.Account // nil: a guest's connection, which has nothing to check

	mu   sync.Mutex
	next time.Time // when the next message is checked
}

// live reports whether the connection's session still signs in to its account: at once with
// now set, else at most every sessionRecheck. A store that cannot answer is not a sign-out.
func (g *sessionGuard) live(ctx context.Context, now bool) bool {
	if g.acct == nil {
		return true
	}
	g.mu.Lock()
	defer g.mu.Unlock()
	t := g.s.now()
	if !now && t.Before(g.next) {
		return true
	}
	a, err := g.s.accounts.p.SessionAccount(ctx, g.sess.hash, g.sess.kind, t)
	switch {
	case errors.Is(err, store.ErrNotFound) || err == nil && a.ID != g.acct.ID:
		return false
	case err != nil:
		if ctx.Err() == nil { // a connection closing or a server stopping is no store failure
			g.s.log.Error("session", "err", err)
		}
		return true
	}
	g.next = t.Add(sessionRecheck)
	return true
}

// signedOutMsg is what a connection whose session ended is told before it is closed.
var signedOutMsg = errorMsg{Type: "error", Code: codeSignedOut, Error: "your session has ended (signed out everywhere, a new password, or the account closed): sign in again to play as your account"}

// bearer returns the bot token a request sends in "Authorization: Bearer" (the scheme in any
// case, as RFC 9110 has it), and whether it sends one.
func bearer(r *http.Request) (string, bool) {
	scheme, token, _ := strings.Cut(strings.TrimSpace(r.Header.Get("Authorization")), " ")
	if !strings.EqualFold(scheme, "Bearer") {
		return "", false
	}
	return strings.TrimSpace(token), true
}

// tokenAccount is the context key of the account a request's bot token names (checkToken).
type tokenAccount struct{}

// checkToken answers 401 to a request whose Authorization header names no account: another
// scheme than Bearer, a server without accounts, a token revoked, expired or mistyped. Such a
// request must not go on as a guest's, which would answer "sign in first" or, worse, do as a
// guest what the program meant to do as its account. It returns the request with the
// token's account in its context, or nil once it has answered.
func (s *Server) checkToken(w http.ResponseWriter, r *http.Request) *http.Request {
	if r.Header.Get("Authorization") == "" {
		return r
	}
	refuse := func(msg string) *http.Request {
		w.Header().Set("WWW-Authenticate", `Bearer realm="deuce"`)
		writeError(w, http.StatusUnauthorized, msg)
		return nil
	}
	if _, ok := bearer(r); !ok {
		return refuse(`send a bot token as "Authorization: Bearer bot_...", the only authorization deuce takes`)
	}
	if s.accounts == nil {
		return refuse("this server keeps no accounts, so it knows no bot tokens: send the request without one")
	}
	a := s.accountOf(r)
	if a == nil {
		return refuse("bot token not recognised: it was revoked, has expired or is mistyped (make a new one in the browser: your account menu, Bot tokens)")
	}
	return r.WithContext(context.WithValue(r.Context(), tokenAccount{}, a))
}

// signedInBrowser is signedIn for what only a person at a browser may do to an account: make
// or revoke bot tokens, change the password, sign out everywhere. A bot token plays as the
// account; it does not manage it, so that a token that leaks leaks no more than the games it
// plays. A request with a bot token, whatever else it carries, gets 403 saying it cannot do.
func (s *Server) signedInBrowser(w http.ResponseWriter, r *http.Request, do string) *store.Account {
	if s.accounts == nil {
		writeError(w, http.StatusNotImplemented, "this server keeps no accounts")
		return nil
	}
	if _, ok := bearer(r); ok {
		writeError(w, http.StatusForbidden, fmt.Sprintf("a bot token cannot %s: sign in in a browser", do))
		return nil
	}
	return s.signedIn(w, r)
}

// signedIn returns the request's account, or answers 401 and returns nil.
func (s *Server) signedIn(w http.ResponseWriter, r *http.Request) *store.Account {
	if s.accounts == nil {
		writeError(w, http.StatusNotImplemented, "this server keeps no accounts")
		return nil
	}
	a := s.accountOf(r)
	if a == nil {
		writeError(w, http.StatusUnauthorized, "sign in first")
	}
	return a
}

// startSession creates a session for account and sets its cookie.
func (s *Server) startSession(w http.ResponseWriter, r *http.Request, a *store.Account) error {
	token := newID(20)
	now := s.now()
	err := s.accounts.p.CreateSession(r.Context(), store.Session{
		TokenHash: hashToken(token), Account: a.ID, Kind: store.WebSession, Created: now, Expires: now.Add(sessionLifetime),
	})
	if err != nil {
		return err
	}
	http.SetCookie(w, s.cookie(r, token, int(sessionLifetime.Seconds())))
	return nil
}

// cookie is the session cookie: out of reach of scripts, not sent by cross-site requests
// other than top-level navigation, and only over TLS when the server is served over TLS.
func (s *Server) cookie(r *http.Request, value string, maxAge int) *http.Cookie {
	return &http.Cookie{
		Name: sessionCookie, Value: value, Path: "/", MaxAge: maxAge,
		HttpOnly: true, SameSite: http.SameSiteLaxMode, Secure: r.TLS != nil || s.secureCookies,
	}
}

// credentials is the body of sign-up and sign-in.
type credentials struct {
	Name     string `json:"name"`
	Password string `json:"password"`
	// Seats are the guest seats this browser holds, to keep on the account.
	Seats []guestSeat `json:"seats,omitempty"`
}

type guestSeat struct {
	Table string `json:"table"`
	Token string `json:"token"`
}

// maxGuestSeats bounds the seats kept in one request (the browser remembers 50 tables).
const maxGuestSeats = 100

// throttle applies the sign-in limits of an attempt for name, then waits for a turn to hash its
// password; it answers 429 and reports false when either limit is spent, 503 when too many
// attempts wait. The limits are the address's and the name's, or instead of the name's, that
// of the browser's device cookie when it is one of the named account's: device is its hash
// then, "" otherwise.
func (s *Server) throttle(w http.ResponseWriter, r *http.Request, name string) (device string, ok bool) {
	waitAddr, okAddr := s.accounts.byAddr.take(clientAddr(r))
	waitName, okName := time.Duration(0), true
	if okAddr {
		if device = s.knownDevice(r, name); device != "" {
			waitName, okName = s.accounts.byDevice.take(device)
		} else {
			waitName, okName = s.accounts.byName.take(strings.ToLower(name))
		}
	}
	if okAddr && okName {
		return device, s.hashTurn(w, r)
	}
	wait := max(waitAddr, waitName)
	w.Header().Set("Retry-After", fmt.Sprint(int(wait.Seconds())+1))
	writeError(w, http.StatusTooManyRequests, fmt.Sprintf("too many sign-in attempts: try again in %d seconds", int(wait.Seconds())+1))
	return device, false
}

// knownDevice returns the hash of the request's device cookie when it is one of the account
// named name, "" otherwise.
func (s *Server) knownDevice(r *http.Request, name string) string {
	c, err := r.Cookie(deviceCookie)
	if err != nil || c.Value == "" || len(c.Value) > 64 {
		return ""
	}
	hash := hashToken(c.Value)
	a, err := s.accounts.p.SessionAccount(r.Context(), hash, store.DeviceCookie, s.now())
	if err != nil || !strings.EqualFold(a.Name, name) {
		return ""
	}
	return hash
}

// rememberDevice gives the browser of a request that signed in to a a device cookie of a's,
// unless it holds one (device, the hash throttle found). It only relaxes a limit, so a failure
// is logged and the sign-in goes on.
func (s *Server) rememberDevice(w http.ResponseWriter, r *http.Request, a *store.Account, device string) {
	if device != "" {
		return
	}
	ctx, now := r.Context(), s.now()
	n, err := s.accounts.p.Sessions(ctx, a.ID, store.DeviceCookie, now)
	if err == nil && n >= maxDevices {
		err = s.accounts.p.DeleteSessions(ctx, a.ID, store.DeviceCookie, "")
	}
	token := newID(20)
	if err == nil {
		err = s.accounts.p.CreateSession(ctx, store.Session{TokenHash: hashToken(token), Account: a.ID,
			Kind: store.DeviceCookie, Created: now, Expires: now.Add(deviceLifetime)})
	}
	if err != nil {
		s.log.Error("device cookie", "account", a.Name, "err", err)
		return
	}
	http.SetCookie(w, &http.Cookie{
		Name: deviceCookie, Value: token, Path: "/api/account/", MaxAge: int(deviceLifetime.Seconds()),
		HttpOnly: true, SameSite: http.SameSiteStrictMode, Secure: r.TLS != nil || s.secureCookies,
	})
}

// hashTurn waits for a turn to hash a password, which the request keeps until it ends; it
// answers 503 and reports false when too many wait or the request ends first.
func (s *Server) hashTurn(w http.ResponseWriter, r *http.Request) bool {
	done, err := s.accounts.hashes.enter(r.Context())
	if err != nil {
		w.Header().Set("Retry-After", "5")
		writeError(w, http.StatusServiceUnavailable, errHashBusy.Error())
		return false
	}
	context.AfterFunc(r.Context(), done)
	return true
}

func (s *Server) apiSignUp(w http.ResponseWriter, r *http.Request) {
	if s.accounts == nil {
		writeError(w, http.StatusNotImplemented, "this server keeps no accounts")
		return
	}
	var req credentials
	if err := decodeBody(r, &req); err != nil {
		badBody(w, err)
		return
	}
	// Both fields are checked, so that a person fixes both at once.
	if err := errors.Join(checkName(req.Name), reservedName(req.Name), checkNewPassword(req.Password)); err != nil {
		writeError(w, http.StatusBadRequest, strings.ReplaceAll(err.Error(), "\n", "; "))
		return
	}
	if len(req.Seats) > maxGuestSeats {
		writeError(w, http.StatusBadRequest, fmt.Sprintf("at most %d seats are kept at once", maxGuestSeats))
		return
	}
	if _, ok := s.throttle(w, r, req.Name); !ok {
		return
	}
	// A name that reads as another's ("ann-lee" for ann_lee) would pass for it in the lobby and
	// the chat. Two sign-ups at once can still both pass here; the store then refuses only the
	// very same name.
	switch other, err := s.accounts.p.AccountLike(r.Context(), req.Name); {
	case err == nil && !strings.EqualFold(other.Name, req.Name):
		writeError(w, http.StatusConflict, fmt.Sprintf("the name %s reads as %s, a registered player's: choose another", req.Name, other.Name))
		return
	case err != nil && !errors.Is(err, store.ErrNotFound):
		s.fail(w, "create the account", err)
		return
	}
	a := &store.Account{Name: req.Name, PasswordHash: hashPassword(req.Password)}
	err := s.accounts.p.CreateAccount(r.Context(), a)
	switch {
	case errors.Is(err, store.ErrExists):
		writeError(w, http.StatusConflict, fmt.Sprintf("the name %s is taken: choose another", req.Name))
		return
	case err != nil:
		s.fail(w, "create the account", err)
		return
	}
	if err := s.startSession(w, r, a); err != nil {
		s.log.Error("start session", "err", err)
		writeError(w, http.StatusInternalServerError, "the account is made but the sign-in failed: sign in")
		return
	}
	s.rememberDevice(w, r, a, "") // a new account has no device cookie yet
	s.log.Info("account created", "account", a.Name)
	kept := s.keepGuestSeats(r.Context(), a, req.Seats)
	writeJSON(w, http.StatusCreated, map[string]any{"name": a.Name, "kept": kept})
}

func (s *Server) apiSignIn(w http.ResponseWriter, r *http.Request) {
	if s.accounts == nil {
		writeError(w, http.StatusNotImplemented, "this server keeps no accounts")
		return
	}
	var req credentials
	if err := decodeBody(r, &req); err != nil {
		badBody(w, err)
		return
	}
	if len(req.Name) > 40 || len(req.Password) > maxPassword || len(req.Seats) > maxGuestSeats {
		writeError(w, http.StatusBadRequest, "name or password too long")
		return
	}
	device, ok := s.throttle(w, r, req.Name)
	if !ok {
		return
	}
	a, err := s.accounts.p.AccountByName(r.Context(), req.Name)
	if err != nil && !errors.Is(err, store.ErrNotFound) {
		s.fail(w, "sign in", err)
		return
	}
	// An unknown name costs a hash too, so timing does not tell which names exist.
	// A closed account's hash is gone: it costs the same dummy hash (the profile says it
	// closed, so its refusal hides nothing more).
	closed := a != nil && !a.Closed.IsZero()
	hash := encodeHash(make([]byte, argonSaltLen), make([]byte, argonKeyLen))
	if a != nil && !closed {
		hash = a.PasswordHash
	}
	right := checkPassword(hash, req.Password)
	if closed {
		s.log.Info("sign-in refused", "name", quoteShort(req.Name), "addr", clientAddr(r), "closed", true)
		writeError(w, http.StatusForbidden, "this account was closed")
		return
	}
	if !right || a == nil {
		// Who tried which name from where, never the password: what an operator needs to see
		// a guessing attack (the limits answer it; their refusals are counted, not logged, in
		// deuce_rate_limited_total).
		s.log.Info("sign-in refused", "name", quoteShort(req.Name), "addr", clientAddr(r), "account", a != nil)
		writeError(w, http.StatusUnauthorized, "wrong name or password")
		return
	}
	if err := s.startSession(w, r, a); err != nil {
		s.fail(w, "sign in", err)
		return
	}
	s.rememberDevice(w, r, a, device)
	kept := s.keepGuestSeats(r.Context(), a, req.Seats)
	writeJSON(w, http.StatusOK, map[string]any{"name": a.Name, "kept": kept})
}

// keepGuestSeats links the guest seats a browser holds to the account and returns how many it
// kept: only seats whose token matches, of people, not already an account's.
func (s *Server) keepGuestSeats(ctx context.Context, a *store.Account, seats []guestSeat) int {
	kept := 0
	for _, gs := range seats {
		if gs.Token == "" || len(gs.Table) > 64 {
			continue
		}
		t, err := s.store.Get(ctx, gs.Table)
		if err != nil {
			continue
		}
		seat, err := seatOf(t.Seats, gs.Token)
		if err != nil || seat < 0 {
			continue
		}
		// The seat becomes the account's, as one it took by opening the link signed in: the
		// table's address finds it from any device, and a rematch is the account's to ask.
		// Its link keeps working for the browser that holds it. The table is read again under
		// the lock of its seats: the read above only finds the seat, so that no lock is taken
		// for a table the browser plays no seat of.
		err = s.lockSeats(ctx, t.ID, func() error {
			t, err := s.store.Get(ctx, t.ID)
			if err != nil {
				return err
			}
			st := &t.Seats[seat]
			if st.Account != "" || st.Bot != "" {
				return nil
			}
			st.Account = a.Name
			renamed := st.Name == defaultSeatName(int(seat)) && !nameAtTable(t, a.Name)
			if renamed {
				st.Name = a.Name
			}
			if err := s.store.UpdateSeats(ctx, t.ID, t.Seats, t.Status); err != nil {
				return err
			}
			if renamed {
				s.seatNamed(t.ID, seat, st.Name)
			}
			return nil
		})
		if err == nil {
			err = s.accounts.p.LinkSeat(ctx, t.ID, int(seat), a.ID)
		}
		if err != nil {
			s.log.Error("keep guest seat", "table", t.ID, "err", err)
			continue
		}
		kept++
	}
	return kept
}

func (s *Server) apiSignOut(w http.ResponseWriter, r *http.Request) {
	if c, err := r.Cookie(sessionCookie); err == nil && s.accounts != nil {
		if err := s.accounts.p.DeleteSession(r.Context(), hashToken(c.Value)); err != nil {
			s.fail(w, "sign out", err)
			return
		}
	}
	s.clearCookie(w, r)
}

// clearCookie tells the browser to forget its session cookie, and answers ok.
func (s *Server) clearCookie(w http.ResponseWriter, r *http.Request) {
	http.SetCookie(w, s.cookie(r, "", -1))
	writeJSON(w, http.StatusOK, map[string]bool{"ok": true})
}

// apiSignOutEverywhere ends every browser session of the account, this one included.
func (s *Server) apiSignOutEverywhere(w http.ResponseWriter, r *http.Request) {
	a := s.signedInBrowser(w, r, "sign out everywhere")
	if a == nil {
		return
	}
	if err := s.accounts.p.DeleteSessions(r.Context(), a.ID, store.WebSession, ""); err != nil {
		s.fail(w, "sign out", err)
		return
	}
	// A lost browser also loses its sign-in attempts of its own; this one keeps them.
	if err := s.accounts.p.DeleteSessions(r.Context(), a.ID, store.DeviceCookie, s.knownDevice(r, a.Name)); err != nil {
		s.log.Error("sign out everywhere", "err", err)
	}
	s.clearCookie(w, r)
}

// apiChangePassword sets a new password and ends the account's other sessions.
func (s *Server) apiChangePassword(w http.ResponseWriter, r *http.Request) {
	a := s.signedInBrowser(w, r, "change the password")
	if a == nil {
		return
	}
	var req struct {
		Old string `json:"old"`
		New string `json:"new"`
	}
	if err := decodeBody(r, &req); err != nil {
		badBody(w, err)
		return
	}
	if err := checkNewPassword(req.New); err != nil {
		writeError(w, http.StatusBadRequest, err.Error())
		return
	}
	if len(req.Old) > maxPassword {
		writeError(w, http.StatusBadRequest, "wrong password")
		return
	}
	device, ok := s.throttle(w, r, a.Name)
	if !ok {
		return
	}
	if !checkPassword(a.PasswordHash, req.Old) {
		writeError(w, http.StatusForbidden, "the current password is wrong")
		return
	}
	keep := ""
	if c, err := r.Cookie(sessionCookie); err == nil {
		keep = hashToken(c.Value)
	}
	if err := s.accounts.p.SetPassword(r.Context(), a.ID, hashPassword(req.New)); errors.Is(err, store.ErrNotFound) {
		writeError(w, http.StatusForbidden, "this account was closed") // as the password changed
		return
	} else if err != nil {
		s.fail(w, "change the password", err)
		return
	}
	// Whoever knew the old password may have made sessions and bot tokens with it: a new
	// password ends them all but this browser's session.
	for _, kind := range []store.SessionKind{store.WebSession, store.BotToken} {
		if err := s.accounts.p.DeleteSessions(r.Context(), a.ID, kind, keep); err != nil {
			s.log.Error("change password", "err", err)
		}
	}
	if err := s.accounts.p.DeleteSessions(r.Context(), a.ID, store.DeviceCookie, device); err != nil {
		s.log.Error("change password", "err", err)
	}
	writeJSON(w, http.StatusOK, map[string]bool{"ok": true})
}

// apiCloseAccount closes the signed-in account, once its password is given again: the account
// signs in no more, its sessions, bot tokens and open seeks end, and it leaves the leaderboards.
// Its name stays taken and its matches stay, as the other players' records hold them.
func (s *Server) apiCloseAccount(w http.ResponseWriter, r *http.Request) {
	a := s.signedInBrowser(w, r, "close the account")
	if a == nil {
		return
	}
	var req struct {
		Password string `json:"password"`
	}
	if err := decodeBody(r, &req); err != nil {
		badBody(w, err)
		return
	}
	if len(req.Password) > maxPassword {
		writeError(w, http.StatusBadRequest, "the password is wrong") // as a new password's check answers
		return
	}
	if _, ok := s.throttle(w, r, a.Name); !ok {
		return
	}
	if !checkPassword(a.PasswordHash, req.Password) {
		s.log.Info("account close refused", "name", quoteShort(a.Name), "addr", clientAddr(r))
		writeError(w, http.StatusForbidden, "the password is wrong")
		return
	}
	if err := s.accounts.p.CloseAccount(r.Context(), a.ID, s.now()); errors.Is(err, store.ErrNotFound) {
		writeError(w, http.StatusConflict, "this account is already closed") // by a request alongside
		return
	} else if err != nil {
		s.fail(w, "close the account", err)
		return
	}
	s.log.Info("account closed", "name", quoteShort(a.Name))
	s.endTablesOf(r.Context(), a)
	s.clearCookie(w, r)
}

// closeTablesTime bounds how long closing an account spends ending its tables: with tables on
// other nodes, each is a round trip to the node running it.
const closeTablesTime = 20 * time.Second

// endTablesOf ends the unfinished tables closed account a holds a seat at, as its player would
// from the lobby: it resigns a match under way and calls off a table still waiting for a
// player, so that nobody waits for someone who cannot come back. A table no node runs now is
// left to end as an abandoned one does (a claim, its clock, expiry), and so is any table still
// to end after closeTablesTime. At most profileTables tables are looked at, the account's latest.
func (s *Server) endTablesOf(ctx context.Context, a *store.Account) {
	ctx, cancel := context.WithTimeout(ctx, closeTablesTime)
	defer cancel()
	tables, err := s.accounts.p.PlayerTables(ctx, a.ID, profileTables)
	if err != nil {
		s.log.Error("close account: list its tables", "err", err)
		return
	}
	act := func(pt store.PlayerTable, kind string) *errorMsg {
		seat := engine.Seat(pt.Seat)
		if lt := s.table(pt.ID); lt != nil {
			return s.lifecycle(ctx, lt, seat, kind)
		}
		if s.cl != nil {
			return s.forward(ctx, pt.ID, seat, []byte(`{"type":"`+kind+`"}`))
		}
		return &errorMsg{Type: "error", Code: codeUnavailable, Error: "no node runs the table"}
	}
	for _, pt := range tables {
		if ctx.Err() != nil {
			s.log.Info("close account: tables left to end by themselves", "account", quoteShort(a.Name))
			return
		}
		if !pt.Status.Unfinished() {
			continue
		}
		e := act(pt, "resign")
		if e != nil && e.Code == codeOpen {
			e = act(pt, "cancel") // still waiting for a player
		}
		if e != nil {
			s.log.Info("close account: table left to end by itself", "table", pt.ID, "why", e.Error)
		}
	}
}

// apiAccount tells the page who is signed in: {"name": ...}, or {} for a guest.
func (s *Server) apiAccount(w http.ResponseWriter, r *http.Request) {
	a := s.accountOf(r)
	if a == nil {
		writeJSON(w, http.StatusOK, map[string]any{"accounts": s.accounts != nil})
		return
	}
	writeJSON(w, http.StatusOK, map[string]any{"accounts": true, "name": a.Name})
}

// apiBotToken creates a bot token: a program holding it plays as the account.
func (s *Server) apiBotToken(w http.ResponseWriter, r *http.Request) {
	a := s.signedInBrowser(w, r, "create bot tokens")
	if a == nil {
		return
	}
	now := s.now()
	n, err := s.accounts.p.Sessions(r.Context(), a.ID, store.BotToken, now)
	if err != nil {
		s.fail(w, "create the token", err)
		return
	}
	if n >= maxBotTokens {
		writeError(w, http.StatusConflict, fmt.Sprintf("an account has at most %d bot tokens: revoke them first", maxBotTokens))
		return
	}
	token := "bot_" + newID(20)
	err = s.accounts.p.CreateSession(r.Context(), store.Session{
		TokenHash: hashToken(token), Account: a.ID, Kind: store.BotToken, Created: now, Expires: now.Add(botTokenLife),
	})
	if err != nil {
		s.fail(w, "create the token", err)
		return
	}
	writeJSON(w, http.StatusCreated, map[string]string{"token": token})
}

// botTokenInfo is a bot token as its account's list shows it: never the token, which is shown
// once when made and not kept; its ID is the hash the store keeps, which signs nobody in.
type botTokenInfo struct {
	ID      string    `json:"id"`
	Created time.Time `json:"created"`
	Expires time.Time `json:"expires"`
}

// apiListBotTokens lists the account's live bot tokens, newest first.
func (s *Server) apiListBotTokens(w http.ResponseWriter, r *http.Request) {
	a := s.signedInBrowser(w, r, "list bot tokens")
	if a == nil {
		return
	}
	list, err := s.accounts.p.ListSessions(r.Context(), a.ID, store.BotToken, s.now(), maxBotTokens)
	if err != nil {
		s.fail(w, "list the tokens", err)
		return
	}
	out := []botTokenInfo{}
	for _, ses := range list {
		out = append(out, botTokenInfo{ID: ses.TokenHash, Created: ses.Created, Expires: ses.Expires})
	}
	writeJSON(w, http.StatusOK, out)
}

// apiRevokeBotToken revokes one bot token of the account, named by its ID in the list.
func (s *Server) apiRevokeBotToken(w http.ResponseWriter, r *http.Request) {
	a := s.signedInBrowser(w, r, "revoke bot tokens")
	if a == nil {
		return
	}
	// An id is a token's hash, 64 hex digits: anything else is no token's, unasked.
	id := r.PathValue("id")
	err := store.ErrNotFound
	if len(id) == 64 {
		err = s.accounts.p.DeleteSessionOf(r.Context(), a.ID, store.BotToken, id)
	}
	switch {
	case errors.Is(err, store.ErrNotFound):
		writeError(w, http.StatusNotFound, "no bot token of yours has this id: list them with GET /api/account/bot-tokens")
	case err != nil:
		s.fail(w, "revoke the token", err)
	default:
		writeJSON(w, http.StatusOK, map[string]bool{"ok": true})
	}
}

// apiRevokeBotTokens revokes every bot token of the account.
func (s *Server) apiRevokeBotTokens(w http.ResponseWriter, r *http.Request) {
	a := s.signedInBrowser(w, r, "revoke bot tokens")
	if a == nil {
		return
	}
	if err := s.accounts.p.DeleteSessions(r.Context(), a.ID, store.BotToken, ""); err != nil {
		s.fail(w, "revoke the tokens", err)
		return
	}
	writeJSON(w, http.StatusOK, map[string]bool{"ok": true})
}
