package main

import (
	"bytes"
	"context"
	"encoding/json"
	"net/http"
	"net/http/cookiejar"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"deuce/store/sqlite"
	"deuce/web"
)

// botToken signs up an account on the server and returns a bot token of it.
func botToken(t *testing.T, server, name string) string {
	t.Helper()
	jar, _ := cookiejar.New(nil)
	client := &http.Client{Jar: jar}
	post := func(path, body string, out any) {
		t.Helper()
		resp, err := client.Post(server+path, "application/json", strings.NewReader(body))
		if err != nil {
			t.Fatal(err)
		}
		defer resp.Body.Close()
		if resp.StatusCode >= 300 {
			t.Fatalf("POST %s: %d", path, resp.StatusCode)
		}
		if out != nil {
			json.NewDecoder(resp.Body).Decode(out)
		}
	}
	post("/api/account/signup", `{"name":"`+name+`","password":"correct horse"}`, nil)
	var tok struct {
		Token string `json:"token"`
	}
	post("/api/account/bot-tokens", `{}`, &tok)
	return tok.Token
}

// TestTwoBotsPlayARatedMatch runs two bot programs against a real server: they quick-pair
// with each other, play a rated match to its end, and both have a rating afterwards.
func TestTwoBotsPlayARatedMatch(t *testing.T) {
	ctx, cancel := context.WithTimeout(context.Background(), 3*time.Minute)
	defer cancel()
	st, err := sqlite.Open(ctx, filepath.Join(t.TempDir(), "deuce.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	m := &web.Main{Addr: "127.0.0.1:0", Store: st}
	if err := m.Open(ctx); err != nil {
		t.Fatal(err)
	}
	defer m.Close(context.Background())

	var wg sync.WaitGroup
	outs := make([]bytes.Buffer, 2)
	errs := make([]error, 2)
	for i, name := range []string{"ann_bot", "bob_bot"} {
		token := botToken(t, m.URL(), name)
		wg.Add(1)
		go func() {
			defer wg.Done()
			errs[i] = run(ctx, []string{"-server", m.URL(), "-token", token, "-clock", "none", "-seed", "7"}, &outs[i])
		}()
		if i == 0 {
			// The first posts its seek before the second looks for one.
			deadline := time.Now().Add(10 * time.Second)
			for {
				list, _ := st.Seeks(ctx, time.Now().Add(-time.Minute))
				if len(list) == 1 || time.Now().After(deadline) {
					break
				}
				time.Sleep(20 * time.Millisecond)
			}
		}
	}
	wg.Wait()
	for i, err := range errs {
		if err != nil {
			t.Fatalf("bot %d: %v\n%s", i, err, outs[i].String())
		}
		if !strings.Contains(outs[i].String(), "over: ") {
			t.Errorf("bot %d printed %q, want the result", i, outs[i].String())
		}
	}
	for _, name := range []string{"ann_bot", "bob_bot"} {
		a, err := st.AccountByName(ctx, name)
		if err != nil {
			t.Fatal(err)
		}
		rs, err := st.Ratings(ctx, a.ID)
		if err != nil || len(rs) != 1 || rs[0].Games != 1 || rs[0].Game != "centercourt" {
			t.Errorf("%s's ratings %+v, %v; want one rated Center Court match", name, rs, err)
		}
	}
}

func TestNoToken(t *testing.T) {
	t.Setenv("DEUCE_BOT_TOKEN", "")
	if err := run(context.Background(), nil, &bytes.Buffer{}); err == nil || !strings.Contains(err.Error(), "no bot token") {
		t.Errorf("run without a token: %v", err)
	}
}
