package main

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"deuce/client"
	"deuce/client/clienttest"
	"deuce/protocol"
)

// deuceIn runs deuce with the data directory data, so that a session kept by one run is there
// for the next.
func deuceIn(ctx context.Context, t *testing.T, data, stdin string, args ...string) (string, error) {
	t.Helper()
	t.Setenv("DEUCE_DATA", data)
	var out, errOut bytes.Buffer
	err := run(ctx, args, strings.NewReader(stdin), &out, &errOut)
	return out.String() + errOut.String(), err
}

// signUp makes an account over the HTTP API and returns a client signed in as it.
func signUp(ctx context.Context, t *testing.T, server *url.URL, name, password string) *client.Client {
	t.Helper()
	body := strings.NewReader(`{"name":"` + name + `","password":"` + password + `"}`)
	resp, err := http.Post(server.String()+"/api/account/signup", "application/json", body)
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != http.StatusCreated {
		t.Fatalf("sign up %s: %s", name, resp.Status)
	}
	c := client.New(server)
	s, err := c.SignIn(ctx, name, password)
	if err != nil {
		t.Fatal(err)
	}
	c.UseSession(s)
	return c
}

// annServer starts a server where ann has signed up with the password "correct horse", and
// returns a context that ends with the test, the server and an empty data directory.
func annServer(t *testing.T) (context.Context, *url.URL, string) {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	t.Cleanup(cancel)
	server := clienttest.Start(t).Client.Server
	signUp(ctx, t, server, "ann", "correct horse")
	return ctx, server, t.TempDir()
}

func TestLoginLogout(t *testing.T) {
	ctx, server, data := annServer(t)

	// A wrong password is refused clearly and keeps nothing.
	out, err := deuceIn(ctx, t, data, "ann\nnot the password\n", "login", server.String())
	if err == nil || !strings.Contains(err.Error(), "wrong name or password") || !strings.Contains(err.Error(), "Sign up in the browser at "+server.String()) {
		t.Fatalf("login with a wrong password: %v\n%s", err, out)
	}
	if _, err := os.Stat(filepath.Join(data, "sessions")); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("a refused login wrote to the data directory: %v", err)
	}

	out, err = deuceIn(ctx, t, data, "ann\ncorrect horse\n", "login", server.String())
	if err != nil {
		t.Fatalf("login: %v\n%s", err, out)
	}
	if strings.Contains(out, "correct horse") {
		t.Errorf("login printed the password:\n%s", out)
	}
	files, _ := filepath.Glob(filepath.Join(data, "sessions", "*"))
	if len(files) != 1 {
		t.Fatalf("login kept %d session files, want 1: %v", len(files), files)
	}
	fi, err := os.Stat(files[0])
	if err != nil || fi.Mode().Perm() != 0o600 {
		t.Fatalf("the session file: %v, mode %v, want 0600", err, fi.Mode())
	}
	b, _ := os.ReadFile(files[0])
	session := strings.TrimSpace(string(b))
	if session == "" || strings.Contains(out, session) {
		t.Fatalf("the session is empty or was printed:\n%s", out)
	}
	as := client.New(server)
	as.UseSession(session)
	if a, err := as.Account(ctx); err != nil || a.Name != "ann" {
		t.Fatalf("the kept session signs in as %+v (%v), want ann", a, err)
	}

	// The server's address without its scheme is the same server, as in a table's link.
	out, err = deuceIn(ctx, t, data, "", "logout", strings.TrimPrefix(server.String(), "http://"))
	if err != nil {
		t.Fatalf("logout: %v\n%s", err, out)
	}
	if _, err := os.Stat(files[0]); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("logout left the session file: %v", err)
	}
	if a, err := as.Account(ctx); err != nil || a.Name != "" {
		t.Errorf("after logout the session still signs in as %+v (%v)", a, err)
	}
	// Seeking needs an account again.
	if _, err := deuceIn(ctx, t, data, "", "seek", server.String(), "--game", "pencil"); err == nil || !strings.Contains(err.Error(), "deuce login") {
		t.Errorf("seek without a session: %v", err)
	}
}

func TestLoginUnreachable(t *testing.T) {
	data := t.TempDir()
	_, err := deuceIn(context.Background(), t, data, "ann\ncorrect horse\n", "login", "http://127.0.0.1:1")
	if err == nil || !strings.Contains(err.Error(), "cannot be reached") {
		t.Errorf("login to a missing server: %v", err)
	}
	for _, args := range [][]string{{"login"}, {"login", "ftp://x"}, {"seek", "http://x", "--range", "9-1"}} {
		var u usageError
		if _, err := deuceIn(context.Background(), t, data, "", args...); !errors.As(err, &u) {
			t.Errorf("deuce %q: %v, want a usage error", args, err)
		}
	}
}

// One account seeks from the terminal (deuce seek --plain), another accepts over the HTTP API
// and plays through the websocket as its account; the match ends and is rated.
func TestSeekAndPlayRated(t *testing.T) {
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	server := clienttest.Start(t).Client.Server
	signUp(ctx, t, server, "ann", "correct horse")
	bob := signUp(ctx, t, server, "bob", "battery staple")
	data := t.TempDir()
	if out, err := deuceIn(ctx, t, data, "ann\ncorrect horse\n", "login", server.String()); err != nil {
		t.Fatalf("login: %v\n%s", err, out)
	}
	seekPoll = 10 * time.Millisecond
	defer func() { seekPoll = 2 * time.Second }()

	// Bob accepts the first seek he sees and bids the first legal move as his account.
	other := make(chan error, 1)
	go func() {
		other <- func() error {
			var id string
			for id == "" {
				list, err := bob.Seeks(ctx)
				if err != nil {
					return err
				}
				for _, sk := range list {
					if sk.Name == "ann" && sk.Rated {
						if !sk.Provisional {
							return fmt.Errorf("ann's seek %+v: a new account's rating should be provisional", sk)
						}
						id = sk.ID
					}
				}
				select {
				case <-ctx.Done():
					return ctx.Err()
				case <-time.After(10 * time.Millisecond):
				}
			}
			table, err := bob.AcceptSeek(ctx, id)
			if err != nil {
				return err
			}
			return playFirst(ctx, bob, table, "")
		}()
	}()

	rec := filepath.Join(t.TempDir(), "seek.json")
	out, err := deuceIn(ctx, t, data, strings.Repeat("1\n", 2000), "seek", server.String(), "--game", "pencil", "--rated", "--plain", "--record", rec)
	if err != nil {
		t.Fatalf("seek: %v\n%s", err, out)
	}
	if err := <-other; err != nil {
		t.Fatalf("bob: %v", err)
	}
	for _, want := range []string{"waiting for an opponent", "Paired:", "Your moves:", "Match over", "Match record: " + rec} {
		if !strings.Contains(out, want) {
			t.Errorf("seek output lacks %q:\n%s", want, out)
		}
	}
	// The rated match's end says what it did to the rating, as the browser's end screen does.
	if !regexp.MustCompile(`Your rating in Tennis \(paper and pencil\): \d+\? \([+-]\d+\); provisional`).MatchString(out) {
		t.Errorf("seek output says nothing of the rating:\n%s", out)
	}
	resp, err := http.Get(server.String() + "/api/users/ann")
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	var prof struct {
		Ratings []struct{ Game string } `json:"ratings"`
		Recent  []struct {
			Opponent string `json:"opponent"`
			Status   string `json:"status"`
			Rated    bool   `json:"rated"`
		} `json:"recent"`
	}
	if err := json.NewDecoder(resp.Body).Decode(&prof); err != nil {
		t.Fatal(err)
	}
	if len(prof.Recent) != 1 || !prof.Recent[0].Rated || prof.Recent[0].Opponent != "bob" || len(prof.Ratings) == 0 {
		t.Errorf("ann's profile after the seek: %+v, want one rated match against bob and a rating", prof)
	}
}

// Past the server's sign-in rate, login says how long to wait and keeps nothing.
func TestLoginRateLimited(t *testing.T) {
	ctx, server, data := annServer(t)
	var err error
	for range 10 {
		if _, err = deuceIn(ctx, t, data, "ann\nnot the password\n", "login", server.String()); err != nil && strings.Contains(err.Error(), "too many") {
			break
		}
	}
	if err == nil || !strings.Contains(err.Error(), "too many sign-in attempts; try again in") || !strings.Contains(err.Error(), "seconds") {
		t.Fatalf("login past the rate: %v", err)
	}
	if _, err := os.Stat(filepath.Join(data, "sessions")); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("a refused login wrote to the data directory: %v", err)
	}
}

// TestLoginKeepsItsDevice: login keeps the device cookie the server gives, apart from the
// session and past logout, so that a stranger who spends the name's sign-in attempts does not
// lock this terminal out, while a terminal without it waits.
func TestLoginKeepsItsDevice(t *testing.T) {
	ctx, server, data := annServer(t)
	if out, err := deuceIn(ctx, t, data, "ann\ncorrect horse\n", "login", server.String()); err != nil {
		t.Fatalf("login: %v\n%s", err, out)
	}
	if out, err := deuceIn(ctx, t, data, "", "logout", server.String()); err != nil {
		t.Fatalf("logout: %v\n%s", err, out)
	}
	files, _ := filepath.Glob(filepath.Join(data, "devices", "*"))
	if len(files) != 1 {
		t.Fatalf("%d device files after login and logout, want 1", len(files))
	}
	if fi, err := os.Stat(files[0]); err != nil || fi.Mode().Perm() != 0o600 {
		t.Fatalf("the device file: %v, want mode 0600", err)
	}
	stranger := client.New(server)
	for i := 0; ; i++ {
		_, err := stranger.SignIn(ctx, "ann", "not the password")
		var he *client.HTTPError
		if errors.As(err, &he) && he.Status == http.StatusTooManyRequests {
			break
		}
		if i == 10 {
			t.Fatalf("the stranger was never refused: %v", err)
		}
	}
	if _, err := deuceIn(ctx, t, t.TempDir(), "ann\ncorrect horse\n", "login", server.String()); err == nil || !strings.Contains(err.Error(), "too many") {
		t.Errorf("login from a terminal without the device cookie: %v, want it to wait", err)
	}
	if out, err := deuceIn(ctx, t, data, "ann\ncorrect horse\n", "login", server.String()); err != nil {
		t.Errorf("login with the device cookie, the name's attempts spent: %v\n%s", err, out)
	}
}

// playFirst plays a table's seat (token, or the client's account when empty) to the end,
// choosing the first legal move whenever it may.
func playFirst(ctx context.Context, c *client.Client, table, token string) error {
	conn, err := c.Join(ctx, table, token)
	if err != nil {
		return err
	}
	defer conn.Close()
	sent := -1
	var last protocol.Update // the latest view
	for {
		u, err := conn.Next(ctx)
		if errors.Is(err, io.EOF) {
			return nil
		}
		var se *protocol.ServerError
		if errors.As(err, &se) && se.Code == "rate_limited" && len(last.Legal) > 0 {
			// Too fast for the server: the same move again in a moment.
			select {
			case <-time.After(600 * time.Millisecond):
			case <-ctx.Done():
				return ctx.Err()
			}
			u, err = last, nil
			sent = -1
		}
		if errors.As(err, &se) && (se.Code == "stale" || se.Code == "not_your_turn") && len(last.Legal) > 0 {
			// The view changed while the move was on its way (the other seat's secret bid
			// came in): the server sends nothing more, so move again on the latest view.
			u, err = last, nil
			sent = -1
		}
		if err != nil {
			return err
		}
		last = u
		if len(u.Legal) > 0 && u.Played != sent {
			sent = u.Played
			if err := conn.Move(ctx, protocol.ActionMove(u.Seq, u.Legal[0].Action)); err != nil {
				return err
			}
		}
	}
}

// With a kept session, deuce join of a table's address plays the seat the account holds.
func TestJoinAsAccount(t *testing.T) {
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	server := clienttest.Start(t).Client.Server
	ann := signUp(ctx, t, server, "ann", "correct horse")
	bob := signUp(ctx, t, server, "bob", "battery staple")
	sk, err := ann.PostSeek(ctx, client.SeekRequest{Game: "pencil"})
	if err != nil {
		t.Fatal(err)
	}
	table, err := bob.AcceptSeek(ctx, sk.ID)
	if err != nil {
		t.Fatal(err)
	}
	data := t.TempDir()
	// Without a session the address is refused with what to do.
	if _, err := deuceIn(ctx, t, data, "", "join", server.String()+"/t/"+table); err == nil || !strings.Contains(err.Error(), "deuce login") {
		t.Errorf("join of an address without a session: %v", err)
	}
	if out, err := deuceIn(ctx, t, data, "ann\ncorrect horse\n", "login", server.String()); err != nil {
		t.Fatalf("login: %v\n%s", err, out)
	}
	other := make(chan error, 1)
	go func() { other <- playFirst(ctx, bob, table, "") }()
	out, err := deuceIn(ctx, t, data, strings.Repeat("1\n", 2000), "join", "--plain", "--no-record", server.String()+"/t/"+table)
	if err != nil {
		t.Fatalf("join as ann: %v\n%s", err, out)
	}
	if err := <-other; err != nil {
		t.Fatalf("bob: %v", err)
	}
	if !strings.Contains(out, "Your moves:") || !strings.Contains(out, "Match over") || !strings.Contains(out, "you vs bob") {
		t.Errorf("join as ann did not play the match to its end:\n%s", out)
	}
}

// Ctrl-C while waiting for an opponent withdraws the seek.
func TestSeekInterruptedWithdraws(t *testing.T) {
	ctx, server, _ := annServer(t)
	bob := signUp(ctx, t, server, "bob", "battery staple")
	data := t.TempDir()
	if out, err := deuceIn(ctx, t, data, "ann\ncorrect horse\n", "login", server.String()); err != nil {
		t.Fatalf("login: %v\n%s", err, out)
	}
	seekPoll = 10 * time.Millisecond
	defer func() { seekPoll = 2 * time.Second }()
	// The interrupt comes once the seek is in the lobby.
	sctx, interrupt := context.WithCancel(ctx)
	posted := make(chan client.Seek, 1)
	go func() {
		defer interrupt()
		for ctx.Err() == nil {
			if list, err := bob.Seeks(ctx); err == nil && len(list) > 0 {
				posted <- list[0]
				return
			}
			time.Sleep(10 * time.Millisecond)
		}
	}()
	out, err := deuceIn(sctx, t, data, "", "seek", server.String(), "--game", "pencil", "--plain")
	// Rated unless told otherwise, as the lobby's form is: a quick pair from either meets it.
	select {
	case sk := <-posted:
		if !sk.Rated {
			t.Errorf("a seek posted with no --rated: %+v, want rated", sk)
		}
	case <-ctx.Done():
		t.Fatal("the seek never reached the lobby")
	}
	if err == nil || !strings.Contains(err.Error(), "withdrawn") {
		t.Fatalf("an interrupted seek: %v\n%s", err, out)
	}
	if list, err := bob.Seeks(ctx); err != nil || len(list) != 0 {
		t.Errorf("after the interrupt the lobby holds %+v (%v), want no seek", list, err)
	}
}

// seek --quick takes a compatible open seek at once and plays it.
func TestSeekQuick(t *testing.T) {
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	server := clienttest.Start(t).Client.Server
	ann := signUp(ctx, t, server, "ann", "correct horse")
	signUp(ctx, t, server, "bob", "battery staple")
	// The lobby's seek form posts 10+5 and rated unless told otherwise; the terminal's defaults
	// are the same, so that the two pair.
	sk, err := ann.PostSeek(ctx, client.SeekRequest{Game: "pencil", Rated: true, Clock: "10+5"})
	if err != nil {
		t.Fatal(err)
	}
	data := t.TempDir()
	if out, err := deuceIn(ctx, t, data, "bob\nbattery staple\n", "login", server.String()); err != nil {
		t.Fatalf("login: %v\n%s", err, out)
	}
	other := make(chan error, 1)
	go func() {
		other <- func() error {
			for ctx.Err() == nil {
				got, err := ann.Seek(ctx, sk.ID)
				if err != nil {
					return err
				}
				if got.Table != "" {
					return playFirst(ctx, ann, got.Table, "")
				}
				time.Sleep(10 * time.Millisecond)
			}
			return ctx.Err()
		}()
	}()
	out, err := deuceIn(ctx, t, data, strings.Repeat("1\n", 2000), "seek", server.String(), "--quick", "--game", "pencil", "--plain", "--no-record")
	if err != nil {
		// Ann's side may have stopped first: what stopped it is then the story.
		select {
		case aerr := <-other:
			t.Fatalf("seek --quick: %v (ann's side ended with %v)\n%s", err, aerr, out)
		default:
			t.Fatalf("seek --quick: %v (ann's side still running)\n%s", err, out)
		}
	}
	if err := <-other; err != nil {
		t.Fatalf("ann: %v", err)
	}
	if strings.Contains(out, "waiting for an opponent") || !strings.Contains(out, "Paired:") || !strings.Contains(out, "Match over") {
		t.Errorf("seek --quick did not take ann's seek and play it:\n%s", out)
	}
}

// deuce seeks lists the open seeks in columns as wide as their entries: a seek's ID (16
// characters) does not run into the player's name.
func TestSeeksColumns(t *testing.T) {
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	server := clienttest.Start(t).Client.Server
	signUp(ctx, t, server, "ann", "correct horse")
	bob := signUp(ctx, t, server, "bob", "battery staple")
	sk, err := bob.PostSeek(ctx, client.SeekRequest{Game: "pencil"})
	if err != nil {
		t.Fatal(err)
	}
	data := t.TempDir()
	if out, err := deuceIn(ctx, t, data, "ann\ncorrect horse\n", "login", server.String()); err != nil {
		t.Fatalf("login: %v\n%s", err, out)
	}
	out, err := deuceIn(ctx, t, data, "", "seeks", server.String())
	if err != nil {
		t.Fatalf("seeks: %v\n%s", err, out)
	}
	var header, row string
	for _, l := range strings.Split(out, "\n") {
		switch {
		case strings.HasPrefix(l, "ID"):
			header = l
		case strings.HasPrefix(l, sk.ID):
			row = l
		}
	}
	if header == "" || row == "" || strings.Index(header, "PLAYER") != strings.Index(row, "bob") || strings.Index(row, "bob") <= len(sk.ID) {
		t.Errorf("the seek's row does not line up with the header:\n%s", out)
	}
}

// A signed-in account that holds no seat, joining a table by its address, is told it watches:
// join then watches on as deuce watch does, and stops without saying a seat link joins again.
func TestJoinWithoutASeatWatches(t *testing.T) {
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	c := clienttest.Start(t).Client
	signUp(ctx, t, c.Server, "dora", "correct horse")
	data := t.TempDir()
	if out, err := deuceIn(ctx, t, data, "dora\ncorrect horse\n", "login", c.Server.String()); err != nil {
		t.Fatalf("login: %v\n%s", err, out)
	}
	created := tiebreakTable(ctx, t, c, "1", "Ann", "Bea")
	wctx, stop := context.WithTimeout(ctx, 2*time.Second)
	defer stop()
	out, err := deuceIn(wctx, t, data, "", "join", "--plain", c.Server.String()+"/t/"+created.ID)
	if err != nil || !strings.Contains(out, "You hold no seat at this table: watching it") || strings.Contains(out, "seat link joins it again") {
		t.Errorf("join without a seat: %v\n%s", err, out)
	}
}
