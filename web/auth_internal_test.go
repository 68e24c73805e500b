package web

import (
	"context"
	"errors"
	"fmt"
	"runtime"
	"strings"
	"testing"
	"time"
)

func TestPasswordHash(t *testing.T) {
	h := hashPassword("correct horse")
	if !checkPassword(h, "correct horse") {
		t.Fatal("the right password does not match its hash")
	}
	parts := strings.Split(h, "$")
	tests := []struct {
		name, hash, password string
	}{
		{"wrong password", h, "correct horsE"},
		{"empty password", h, ""},
		{"not a PHC string", "correct horse", "correct horse"},
		{"argon2i", strings.Replace(h, "argon2id", "argon2i", 1), "correct horse"},
		{"other version", strings.Replace(h, "v=19", "v=16", 1), "correct horse"},
		{"memory beyond bounds", strings.Replace(h, "m=19456", "m=99999999", 1), "correct horse"},
		{"no lanes", strings.Replace(h, "p=1", "p=0", 1), "correct horse"},
		{"bad salt", strings.Join([]string{parts[0], parts[1], parts[2], parts[3], "!!", parts[5]}, "$"), "correct horse"},
		{"empty key", strings.Join([]string{parts[0], parts[1], parts[2], parts[3], parts[4], ""}, "$"), "correct horse"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if checkPassword(tt.hash, tt.password) {
				t.Errorf("checkPassword(%q, %q) = true", tt.hash, tt.password)
			}
		})
	}
}

func TestCheckName(t *testing.T) {
	for name, ok := range map[string]bool{
		"ann": true, "Ann_the-2nd": true, "an": false, strings.Repeat("a", 21): false,
		"ann smith": false, "<b>": false, "anné": false, "": false,
	} {
		if got := checkName(name) == nil; got != ok {
			t.Errorf("checkName(%q) ok = %v, want %v", name, got, ok)
		}
	}
}

// A new account may not take a name that passes for a bot, a seat nobody named or a guest.
func TestReservedName(t *testing.T) {
	for name, ok := range map[string]bool{
		"easy_bot": false, "hard-bot": false, "Heuristic_Bot": false, "player_2": false, "player2": false, "player__2": false,
		"guest": false, "guest_0417": false, "bot": false,
		"ann": true, "robot_ann": true, "players": true, "playerone": true, "abbot": true, "admin": true,
	} {
		if got := reservedName(name) == nil; got != ok {
			t.Errorf("reservedName(%q) ok = %v, want %v", name, got, ok)
		}
	}
}

// The sign-in limits are buckets by name or address, each its own, refilled with time; a
// bucket left long enough to be full again is forgotten, never the others.
func TestSignInBuckets(t *testing.T) {
	now := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
	l := newBuckets("sign-in attempts", 60, 2, func() time.Time { return now }) // one a second, bursts of two
	for i, want := range []bool{true, true, false} {
		if _, ok := l.take("ann"); ok != want {
			t.Errorf("attempt %d: %v, want %v", i+1, ok, want)
		}
	}
	if wait, ok := l.take("ann"); ok || wait <= 0 || wait > time.Second {
		t.Errorf("refused attempt: %v, wait %v; want a wait of at most a second", ok, wait)
	}
	if _, ok := l.take("bob"); !ok {
		t.Error("another key shares ann's bucket")
	}
	now = now.Add(time.Second)
	if _, ok := l.take("ann"); !ok {
		t.Error("no token a second later")
	}
	// Many other keys never reset ann's spent bucket.
	l.take("ann")
	for i := range 20000 {
		l.take(fmt.Sprint("addr", i))
	}
	if _, ok := l.take("ann"); ok {
		t.Error("ann's spent bucket was reset by other keys")
	}
}

func TestOutcome(t *testing.T) {
	tests := []struct {
		returns []float64
		seat    int
		want    string
	}{
		{[]float64{1, -1}, 0, "win"},
		{[]float64{1, -1}, 1, "loss"},
		{[]float64{0, 0}, 1, "draw"},
		{[]float64{1, -1, 1, -1}, 2, "win"}, // doubles partners share the win
		{[]float64{1, -1, 1, -1}, 3, "loss"},
	}
	for _, tt := range tests {
		if got := outcome(tt.returns, tt.seat); got != tt.want {
			t.Errorf("outcome(%v, %d) = %s, want %s", tt.returns, tt.seat, got, tt.want)
		}
	}
}

// BenchmarkHashPassword is the cost of one sign-up or sign-in: one argon2id hash.
func BenchmarkHashPassword(b *testing.B) {
	b.ReportAllocs()
	for b.Loop() {
		hashPassword("correct horse")
	}
}

// TestHashGate: hashes beyond the running ones wait, as long as their request lasts; past the
// waiting room a request is refused at once.
func TestHashGate(t *testing.T) {
	g := newHashGate(1, 1)
	done, err := g.enter(context.Background())
	if err != nil {
		t.Fatalf("first hash: %v", err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := g.enter(ctx); !errors.Is(err, context.Canceled) {
		t.Fatalf("a request that ended while waiting: %v, want context.Canceled", err)
	}
	waited := make(chan error)
	go func() {
		d, err := g.enter(context.Background())
		if err == nil {
			d()
		}
		waited <- err
	}()
	for len(g.tickets) < 2 {
		runtime.Gosched() // until the second request waits
	}
	if _, err := g.enter(context.Background()); !errors.Is(err, errHashBusy) {
		t.Fatalf("a third request with one running and one waiting: %v, want errHashBusy", err)
	}
	done()
	if err := <-waited; err != nil {
		t.Fatalf("the waiting request: %v", err)
	}
	if len(g.tickets) != 0 || len(g.slots) != 0 {
		t.Errorf("after both: %d tickets, %d slots held", len(g.tickets), len(g.slots))
	}
}
