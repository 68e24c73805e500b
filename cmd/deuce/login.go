package main

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/url"
	"os"
	"path/filepath"
	"strings"

	"github.com/charmbracelet/x/term"

	"deuce/client"
)

const loginUsage = `SERVER

Signs in to a deuce server's account (the name and password made in the browser)
and keeps the session in the data directory, one per server (DEUCE_DATA; the
file is readable by you only), with the server's device cookie, which outlives
logout: a stranger who spends your name's sign-in attempts does not lock out a
terminal that signed in before. join, watch and seek then play as the account:
a table's address joins the seat your account holds.

Example:
  deuce login http://127.0.0.1:8080`

const logoutUsage = `SERVER

Signs out of a deuce server: the server ends the kept session and the file is removed.`

func runLogin(ctx context.Context, args []string, e *env) error {
	fs := newFlags(e, "login", loginUsage)
	pos, err := parseFlags(fs, args)
	if err != nil {
		return err
	}
	server, err := serverArg(pos, "login")
	if err != nil {
		return err
	}
	in := bufio.NewReader(e.stdin)
	fmt.Fprint(e.stdout, "Name: ")
	name, err := readLine(in)
	if err != nil {
		return err
	}
	fmt.Fprint(e.stdout, "Password: ")
	var password string
	if f, ok := e.stdin.(*os.File); ok && isTerminal(f) {
		// Not echoed on a terminal.
		b, err := term.ReadPassword(f.Fd())
		fmt.Fprintln(e.stdout)
		if err != nil {
			return fmt.Errorf("read the password: %w", err)
		}
		password = string(b)
	} else if password, err = readLine(in); err != nil {
		return err
	}
	if name == "" || password == "" {
		return usagef("login needs a name and a password")
	}
	c := client.New(server)
	// The device cookie of an earlier sign-in keeps this terminal's attempts apart from a
	// stranger's; it outlives logout.
	device, err := readSecret(devicePath(server), "the kept device cookie")
	if err != nil {
		return err
	}
	session, kept, err := c.SignInDevice(ctx, name, password, device)
	if err != nil {
		return accountError(server, "sign in to", err)
	}
	if kept != device {
		if err := keepSecret(devicePath(server), kept, "the device cookie"); err != nil {
			return err
		}
	}
	if err := saveSession(server, session); err != nil {
		return err
	}
	fmt.Fprintf(e.stdout, "Signed in to %s as %s; join, watch and seek use this account (deuce logout %s ends it).\n", server, name, server)
	return nil
}

func runLogout(ctx context.Context, args []string, e *env) error {
	fs := newFlags(e, "logout", logoutUsage)
	pos, err := parseFlags(fs, args)
	if err != nil {
		return err
	}
	server, err := serverArg(pos, "logout")
	if err != nil {
		return err
	}
	session, err := loadSession(server)
	if err != nil {
		return err
	}
	if session == "" {
		fmt.Fprintf(e.stdout, "Not signed in to %s.\n", server)
		return nil
	}
	c := client.New(server)
	c.UseSession(session)
	if err := c.SignOut(ctx); err != nil {
		return accountError(server, "sign out of", err)
	}
	if err := os.Remove(sessionPath(server)); err != nil {
		return err
	}
	fmt.Fprintf(e.stdout, "Signed out of %s.\n", server)
	return nil
}

// readLine reads one line of standard input, without its line end.
func readLine(in *bufio.Reader) (string, error) {
	line, err := in.ReadString('\n')
	if err != nil && (!errors.Is(err, io.EOF) || line == "") {
		return "", usagef("login reads a name and a password from standard input: it ended")
	}
	return strings.TrimRight(line, "\r\n"), nil
}

// serverArg parses the one SERVER argument: a server's address, or any address on it.
func serverArg(pos []string, name string) (*url.URL, error) {
	if len(pos) != 1 {
		return nil, usagef("%s takes one server address, http://HOST[:PORT]", name)
	}
	// Without a scheme, http on this machine only, https elsewhere: a password never goes
	// out in clear text unless the address says http.
	u, err := url.Parse(client.WithScheme(strings.TrimSpace(pos[0])))
	if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
		return nil, usagef("%q is not a server's address: give http://HOST[:PORT] or https://HOST", pos[0])
	}
	return &url.URL{Scheme: u.Scheme, Host: u.Host}, nil
}

// accountError says what went wrong talking to a server's accounts, so a person can act on it.
func accountError(server *url.URL, doing string, err error) error {
	var he *client.HTTPError
	var ne net.Error
	var oe *net.OpError
	switch {
	case errors.As(err, &he) && he.Status == http.StatusUnauthorized && doing == "sign in to":
		return fmt.Errorf("%s %s: wrong name or password (no account yet? Sign up in the browser at %s, then deuce login again)", doing, server, server)
	case errors.As(err, &he) && he.Status == http.StatusUnauthorized:
		return fmt.Errorf("%s %s: the kept session has ended: deuce login %s again", doing, server, server)
	case errors.As(err, &he) && he.Status == http.StatusTooManyRequests:
		wait := "a while"
		if he.RetryAfter > 0 {
			wait = fmt.Sprintf("%d seconds", int(he.RetryAfter.Seconds()))
		}
		return fmt.Errorf("%s %s: too many sign-in attempts; try again in %s", doing, server, wait)
	case errors.As(err, &he) && he.Status == http.StatusNotImplemented:
		return fmt.Errorf("%s %s: this server keeps no accounts", doing, server)
	case errors.As(err, &oe), errors.As(err, &ne):
		return fmt.Errorf("%s %s: the server cannot be reached: %w", doing, server, err)
	}
	return fmt.Errorf("%s %s: %w", doing, server, err)
}

// sessionPath is the file that keeps the session of one server.
func sessionPath(server *url.URL) string { return secretPath("sessions", server) }

// devicePath is where the device cookie of a server is kept: apart from the session, since it
// outlives a logout.
func devicePath(server *url.URL) string { return secretPath("devices", server) }

func secretPath(dir string, server *url.URL) string {
	name := strings.NewReplacer(":", "_", "/", "_", "\\", "_").Replace(server.Scheme + "_" + server.Host)
	return filepath.Join(dataDir(), dir, name)
}

// saveSession keeps a session, readable by its owner only.
func saveSession(server *url.URL, session string) error {
	return keepSecret(sessionPath(server), session, "the session")
}

// keepSecret writes value to path, readable by its owner only; what names it in errors.
func keepSecret(path, value, what string) error {
	if err := os.MkdirAll(filepath.Dir(path), 0o700); err != nil {
		return fmt.Errorf("keep %s: %w", what, err)
	}
	tmp, err := os.CreateTemp(filepath.Dir(path), ".secret-*")
	if err != nil {
		return fmt.Errorf("keep %s: %w", what, err)
	}
	defer os.Remove(tmp.Name())
	// CreateTemp makes the file 0600.
	_, werr := tmp.WriteString(value + "\n")
	if err := errors.Join(werr, tmp.Close(), os.Rename(tmp.Name(), path)); err != nil {
		return fmt.Errorf("keep %s: %w", what, err)
	}
	return nil
}

// loadSession returns the kept session of a server, or "" when there is none.
func loadSession(server *url.URL) (string, error) {
	return readSecret(sessionPath(server), "the kept session")
}

// readSecret returns what keepSecret wrote to path, or "" when there is nothing.
func readSecret(path, what string) (string, error) {
	b, err := os.ReadFile(path)
	if errors.Is(err, os.ErrNotExist) {
		return "", nil
	}
	if err != nil {
		return "", fmt.Errorf("read %s: %w", what, err)
	}
	return strings.TrimSpace(string(b)), nil
}
