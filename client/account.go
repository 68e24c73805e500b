package client

import (
	"context"
	"errors"
	"net/http"
	"net/url"
)

// SessionCookie is the cookie a deuce server keeps a signed-in session in.
const SessionCookie = "deuce_session"

// ErrNoSession is a sign-in the server answered without a session.
var ErrNoSession = errors.New("the server signed in but kept no session: is it a deuce server with accounts?")

// DeviceCookie is the cookie by which a deuce server knows a client that signed in to an
// account before: that client's sign-in attempts for the account are counted apart from
// everyone else's, so a stranger who spends the name's attempts does not lock it out.
const DeviceCookie = "deuce_device"

// SignIn signs in as name and returns the session, which UseSession makes the client send.
func (c *Client) SignIn(ctx context.Context, name, password string) (string, error) {
	session, _, err := c.SignInDevice(ctx, name, password, "")
	return session, err
}

// SignInDevice signs in as SignIn does, sending device, the device cookie an earlier sign-in
// to the account gave ("" for none). It returns the session and the device cookie to keep for
// the next sign-in: the one the server gave, or device.
func (c *Client) SignInDevice(ctx context.Context, name, password, device string) (session, keep string, err error) {
	var out struct {
		Name string `json:"name"`
	}
	var cookies []*http.Cookie
	if device != "" {
		cookies = append(cookies, &http.Cookie{Name: DeviceCookie, Value: device})
	}
	h, err := c.callHeader(ctx, http.MethodPost, "/api/account/signin", map[string]string{"name": name, "password": password}, &out, cookies)
	if err != nil {
		return "", device, err
	}
	resp := http.Response{Header: h}
	keep = device
	for _, ck := range resp.Cookies() {
		switch {
		case ck.Name == SessionCookie && ck.Value != "":
			session = ck.Value
		case ck.Name == DeviceCookie && ck.Value != "":
			keep = ck.Value
		}
	}
	if session == "" {
		return "", keep, ErrNoSession
	}
	return session, keep, nil
}

// UseSession makes every request and websocket handshake carry the session.
func (c *Client) UseSession(session string) {
	if c.Header == nil {
		c.Header = http.Header{}
	}
	c.Header.Set("Cookie", (&http.Cookie{Name: SessionCookie, Value: session}).String())
}

// SignOut ends the client's session on the server.
func (c *Client) SignOut(ctx context.Context) error {
	return c.call(ctx, http.MethodPost, "/api/account/signout", struct{}{}, nil)
}

// Account is who the client is signed in as: Name is empty for a guest.
type Account struct {
	Accounts bool   `json:"accounts"`
	Name     string `json:"name,omitempty"`
}

// Account returns who the client's session signs in as.
func (c *Client) Account(ctx context.Context) (Account, error) {
	var a Account
	err := c.call(ctx, http.MethodGet, "/api/account", nil, &a)
	return a, err
}

// SeekRequest is a seek to post (web/PROTOCOL.md, POST /api/seeks).
type SeekRequest struct {
	Game      string `json:"game"`
	Variant   string `json:"variant,omitempty"`
	Clock     string `json:"clock,omitempty"`
	Rated     bool   `json:"rated,omitempty"`
	MinRating int    `json:"minRating,omitempty"`
	MaxRating int    `json:"maxRating,omitempty"`
}

// Seek is an open seek as the server lists it.
type Seek struct {
	ID     string `json:"id"`
	Name   string `json:"name"`
	Rating int    `json:"rating"`
	// Provisional says the rating rests on too few matches to be sure ("1500?").
	Provisional bool   `json:"provisional"`
	Game        string `json:"game"`
	Variant     string `json:"variant"`
	Clock       string `json:"clock"`
	Rated       bool   `json:"rated"`
	MinRating   int    `json:"minRating"`
	MaxRating   int    `json:"maxRating"`
	Mine        bool   `json:"mine"`
	// Table is set once someone accepted the seek.
	Table string `json:"table"`
}

// Seeks lists the open seeks.
func (c *Client) Seeks(ctx context.Context) ([]Seek, error) {
	var out []Seek
	err := c.call(ctx, http.MethodGet, "/api/seeks", nil, &out)
	return out, err
}

// PostSeek posts a seek.
func (c *Client) PostSeek(ctx context.Context, req SeekRequest) (Seek, error) {
	var out Seek
	err := c.call(ctx, http.MethodPost, "/api/seeks", req, &out)
	return out, err
}

// QuickPair accepts the oldest compatible seek and returns its table, or posts req as a seek and
// returns its id.
func (c *Client) QuickPair(ctx context.Context, req SeekRequest) (table, seek string, err error) {
	var out struct {
		Table string `json:"table"`
		Seek  *Seek  `json:"seek"`
	}
	if err := c.call(ctx, http.MethodPost, "/api/seeks/quick", req, &out); err != nil {
		return "", "", err
	}
	if out.Seek != nil {
		seek = out.Seek.ID
	}
	return out.Table, seek, nil
}

// Seek returns one of the client's own seeks; its Table is set once accepted.
func (c *Client) Seek(ctx context.Context, id string) (Seek, error) {
	var out Seek
	err := c.call(ctx, http.MethodGet, "/api/seeks/"+url.PathEscape(id), nil, &out)
	return out, err
}

// AcceptSeek accepts a seek and returns the new table's id.
func (c *Client) AcceptSeek(ctx context.Context, id string) (string, error) {
	var out struct {
		Table string `json:"table"`
	}
	err := c.call(ctx, http.MethodPost, "/api/seeks/"+url.PathEscape(id)+"/accept", struct{}{}, &out)
	return out.Table, err
}

// DeleteSeek withdraws one of the client's seeks.
func (c *Client) DeleteSeek(ctx context.Context, id string) error {
	return c.call(ctx, http.MethodDelete, "/api/seeks/"+url.PathEscape(id), struct{}{}, nil)
}

// RatingChange is a player's rating after a rated match, and by how much the match moved it.
type RatingChange struct {
	Rating, Change float64
	// Provisional: the rating rests on too few matches to be sure ("1500?").
	Provisional bool
}

// RatingAfter reads, from name's profile, the rating in game after the rated match at table;
// found is false where the profile has no such match (yet: the rating is saved with the result).
func (c *Client) RatingAfter(ctx context.Context, name, game, table string) (rc RatingChange, found bool, err error) {
	var p struct {
		Ratings []struct {
			Game    string `json:"game"`
			History []struct {
				Table       string  `json:"table"`
				Rating      float64 `json:"rating"`
				Provisional bool    `json:"provisional"`
			} `json:"history"`
		} `json:"ratings"`
	}
	if err := c.call(ctx, http.MethodGet, "/api/users/"+url.PathEscape(name), nil, &p); err != nil {
		return rc, false, err
	}
	for _, r := range p.Ratings {
		if r.Game != game {
			continue
		}
		for k, h := range r.History {
			if h.Table != table {
				continue
			}
			before := 1500.0 // every rating starts there (rating.DefaultRating)
			if k > 0 {
				before = r.History[k-1].Rating
			}
			return RatingChange{Rating: h.Rating, Change: h.Rating - before, Provisional: h.Provisional}, true, nil
		}
	}
	return rc, false, nil
}
