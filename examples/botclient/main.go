// Command botclient is a bot account's program: it plays rated matches on a deuce server through
// the same protocol as the browser (web/PROTOCOL.md), the way a Lichess bot account does.
//
// Sign in on the server, open the account menu and press "New bot token" (or POST
// /api/account/bot-tokens), then:
//
//	DEUCE_BOT_TOKEN=bot_... go run ./examples/botclient -server http://localhost:8080 -game centercourt -variant tiebreak -clock 5+3
//
// It quick-pairs with a compatible seek (or posts one and waits for someone to accept it),
// connects to the table with its token, plays a uniformly random legal move whenever it may,
// and prints the result. Replace choose with your own bot.
package main

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"math/rand/v2"
	"net/http"
	"os"
	"os/signal"
	"strings"
	"time"

	"github.com/coder/websocket"
	"github.com/coder/websocket/wsjson"
)

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	if err := run(ctx, os.Args[1:], os.Stdout); err != nil {
		fmt.Fprintln(os.Stderr, "botclient:", err)
		os.Exit(1)
	}
}

// config is what the flags set.
type config struct {
	server, token, game, variant, clock string
	rated                               bool
	seed                                uint64
	wait                                time.Duration
	verbose                             io.Writer
}

func run(ctx context.Context, args []string, out io.Writer) error {
	fs := flag.NewFlagSet("botclient", flag.ContinueOnError)
	var c config
	fs.StringVar(&c.server, "server", "http://localhost:8080", "the deuce server's base URL")
	fs.StringVar(&c.token, "token", os.Getenv("DEUCE_BOT_TOKEN"), "the bot token (default $DEUCE_BOT_TOKEN)")
	fs.StringVar(&c.game, "game", "centercourt", "the game to seek")
	fs.StringVar(&c.variant, "variant", "tiebreak", "the variant to seek")
	fs.StringVar(&c.clock, "clock", "5+3", `the clock: "5+3" (minutes + seconds), "3d" (days a move) or "none"`)
	fs.BoolVar(&c.rated, "rated", true, "seek a rated match")
	fs.Uint64Var(&c.seed, "seed", uint64(time.Now().UnixNano()), "seed of the random moves")
	fs.DurationVar(&c.wait, "wait", 10*time.Minute, "how long to wait for an opponent")
	verbose := fs.Bool("v", false, "print every message received")
	if err := fs.Parse(args); err != nil {
		return err
	}
	if c.token == "" {
		return errors.New("no bot token: pass -token or set DEUCE_BOT_TOKEN")
	}
	c.server = strings.TrimSuffix(c.server, "/")
	if *verbose {
		c.verbose = out
	}
	table, err := pair(ctx, c)
	if err != nil {
		return err
	}
	fmt.Fprintf(out, "playing %s/t/%s\n", c.server, table)
	result, err := play(ctx, c, table, rand.New(rand.NewPCG(c.seed, 0xb07)))
	if err != nil {
		return err
	}
	fmt.Fprintf(out, "over: %s\n", result)
	return nil
}

// call makes a request as the bot and decodes the JSON answer into out.
func call(ctx context.Context, c config, method, path string, body, out any) (int, error) {
	b, _ := json.Marshal(body)
	req, err := http.NewRequestWithContext(ctx, method, c.server+path, bytes.NewReader(b))
	if err != nil {
		return 0, err
	}
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Authorization", "Bearer "+c.token)
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		return 0, err
	}
	defer resp.Body.Close()
	data, err := io.ReadAll(io.LimitReader(resp.Body, 1<<20))
	if err != nil {
		return resp.StatusCode, err
	}
	if resp.StatusCode >= 400 {
		var e struct {
			Error string `json:"error"`
		}
		_ = json.Unmarshal(data, &e)
		return resp.StatusCode, fmt.Errorf("%s %s: %d %s", method, path, resp.StatusCode, e.Error)
	}
	return resp.StatusCode, json.Unmarshal(data, out)
}

// pair quick-pairs and returns the table's id, waiting for an opponent if need be.
func pair(ctx context.Context, c config) (string, error) {
	clock := c.clock
	if clock == "none" {
		clock = ""
	}
	var r struct {
		Table string `json:"table"`
		Seek  struct {
			ID string `json:"id"`
		} `json:"seek"`
	}
	req := map[string]any{"game": c.game, "variant": c.variant, "clock": clock, "rated": c.rated}
	if _, err := call(ctx, c, "POST", "/api/seeks/quick", req, &r); err != nil {
		return "", err
	}
	if r.Table != "" {
		return r.Table, nil
	}
	ctx, cancel := context.WithTimeout(ctx, c.wait)
	defer cancel()
	for {
		select {
		case <-ctx.Done():
			return "", fmt.Errorf("nobody accepted the seek: %w", ctx.Err())
		case <-time.After(time.Second):
		}
		var sk struct {
			Table string `json:"table"`
		}
		if _, err := call(ctx, c, "GET", "/api/seeks/"+r.Seek.ID, nil, &sk); err != nil {
			return "", err
		}
		if sk.Table != "" {
			return sk.Table, nil
		}
	}
}

// message is the part of the server's messages the bot reads.
type message struct {
	Type  string `json:"type"`
	Seat  int    `json:"seat"`
	Seq   int    `json:"seq"`
	Legal []struct {
		Action int    `json:"action"`
		Text   string `json:"text"`
	} `json:"legal"`
	Result struct {
		Over   bool   `json:"over"`
		Winner int    `json:"winner"`
		Score  string `json:"score"`
	} `json:"result"`
	Code  string `json:"code"`
	Error string `json:"error"`
}

// play connects to the table as the bot's account and plays until the match is over; it
// returns the result in words.
func play(ctx context.Context, c config, table string, rng *rand.Rand) (string, error) {
	ws := "ws" + strings.TrimPrefix(c.server, "http") + "/ws/tables/" + table
	h := http.Header{"Authorization": {"Bearer " + c.token}}
	conn, _, err := websocket.Dial(ctx, ws, &websocket.DialOptions{HTTPHeader: h})
	if err != nil {
		return "", fmt.Errorf("connect to table %s: %w", table, err)
	}
	defer conn.CloseNow()
	conn.SetReadLimit(1 << 22)
	// An empty token: the seat is the one the account holds.
	if err := wsjson.Write(ctx, conn, map[string]string{"type": "hello", "token": ""}); err != nil {
		return "", err
	}
	seat := -3
	var last map[string]any // the last move sent, sent again if the server asked to slow down
	var sent time.Time
	send := func(move map[string]any) error {
		// The server allows about 10 messages a second on a connection: stay under it.
		if wait := time.Until(sent.Add(messageGap)); wait > 0 {
			select {
			case <-time.After(wait):
			case <-ctx.Done():
				return ctx.Err()
			}
		}
		sent, last = time.Now(), move
		return wsjson.Write(ctx, conn, move)
	}
	for {
		var m message
		if err := wsjson.Read(ctx, conn, &m); err != nil {
			return "", fmt.Errorf("table %s: %w", table, err)
		}
		if c.verbose != nil {
			fmt.Fprintf(c.verbose, "< %s seq %d legal %d over %v %s %s\n", m.Type, m.Seq, len(m.Legal), m.Result.Over, m.Code, m.Error)
		}
		switch m.Type {
		case "welcome":
			if seat = m.Seat; seat < 0 {
				return "", fmt.Errorf("table %s: the account holds no seat there", table)
			}
		case "error":
			switch m.Code {
			case "stale", "not_your_turn":
				// Answered by the update that made the move stale.
			case "rate_limited":
				time.Sleep(time.Second)
				if err := send(last); err != nil {
					return "", err
				}
			default:
				return "", fmt.Errorf("table %s: %s: %s", table, m.Code, m.Error)
			}
		case "update":
			if m.Result.Over {
				outcome := "lost"
				switch m.Result.Winner {
				case seat:
					outcome = "won"
				case -2:
					outcome = "drew"
				}
				return fmt.Sprintf("%s (%s)", outcome, m.Result.Score), nil
			}
			if len(m.Legal) > 0 {
				choice := choose(m, rng)
				move := map[string]any{"type": "move", "seq": m.Seq, "action": choice}
				if err := send(move); err != nil {
					return "", err
				}
			}
		}
	}
}

// messageGap is the least time between two messages.
const messageGap = 150 * time.Millisecond

// choose is the bot's brain: a uniformly random legal move.
func choose(m message, rng *rand.Rand) int {
	return m.Legal[rng.IntN(len(m.Legal))].Action
}
