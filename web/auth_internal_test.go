package web

import (
	"context"
	"errors"
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

func TestLimiter(t *testing.T) {
	l := newLimiter(60, 2) // one a second, bursts of two
	t0 := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
	for i, want := range []bool{true, true, false} {
		if ok, _ := l.allow("ann", t0); ok != want {
			t.Errorf("attempt %d: %v, want %v", i+1, ok, want)
		}
	}
	if ok, wait := l.allow("ann", t0); ok || wait <= 0 || wait > time.Second {
		t.Errorf("refused attempt: %v, wait %v; want a wait of at most a second", ok, wait)
	}
	if ok, _ := l.allow("bob", t0); !ok {
		t.Error("another key shares ann's bucket")
	}
	if ok, _ := l.allow("ann", t0.Add(time.Second)); !ok {
		t.Error("no token a second later")
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
