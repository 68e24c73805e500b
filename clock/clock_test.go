package clock

import (
	"errors"
	"testing"
	"time"
)

// t0 is the fake clock's origin; tests add durations to it.
var t0 = time.Date(2026, 1, 1, 12, 0, 0, 0, time.UTC)

func at(d time.Duration) time.Time { return t0.Add(d) }

func TestParse(t *testing.T) {
	tests := []struct {
		in   string
		want Control
		err  bool
	}{
		{"", Control{}, false},
		{"none", Control{}, false},
		{"5+3", Control{Kind: Realtime, Base: 5 * time.Minute, Increment: 3 * time.Second}, false},
		{"1+0", Control{Kind: Realtime, Base: time.Minute}, false},
		{"3d", Control{Kind: Correspondence, PerMove: 72 * time.Hour}, false},
		{"0+5", Control{}, true},
		{"5", Control{}, true},
		{"5+-1", Control{}, true},
		{"999+0", Control{}, true},
		{"5+999", Control{}, true},
		{"15d", Control{}, true},
		{"xd", Control{}, true},
	}
	for _, tt := range tests {
		t.Run(tt.in, func(t *testing.T) {
			got, err := Parse(tt.in)
			if tt.err {
				if !errors.Is(err, ErrBadControl) {
					t.Errorf("Parse(%q) err = %v, want ErrBadControl", tt.in, err)
				}
				return
			}
			if err != nil || got != tt.want {
				t.Fatalf("Parse(%q) = %+v, %v; want %+v", tt.in, got, err, tt.want)
			}
			if back, _ := Parse(got.String()); back != got {
				t.Errorf("Parse(String()) = %+v, want %+v", back, got)
			}
		})
	}
}

func TestIncrement(t *testing.T) {
	k := New(Control{Kind: Realtime, Base: time.Minute, Increment: time.Second}, 2)
	k.Run([]int{0}, at(0))
	k.Run([]int{1}, at(10*time.Second)) // seat 0 thought 10s, earns 1s
	if got, want := k.Left(0, at(10*time.Second)), 51*time.Second; got != want {
		t.Errorf("seat 0 left %v, want %v", got, want)
	}
	if got, want := k.Left(1, at(13*time.Second)), 57*time.Second; got != want {
		t.Errorf("seat 1 left while running %v, want %v", got, want)
	}
	// A seat that keeps the turn over several steps earns one increment when it gives it up.
	k.Run([]int{1}, at(14*time.Second))
	k.Run([]int{0}, at(15*time.Second))
	if got, want := k.Left(1, at(20*time.Second)), 56*time.Second; got != want {
		t.Errorf("seat 1 left %v, want %v", got, want)
	}
}

func TestTimeout(t *testing.T) {
	k := New(Control{Kind: Realtime, Base: time.Minute, Increment: time.Second}, 2)
	k.Run([]int{0}, at(0))
	if d, ok := k.Next(at(20 * time.Second)); !ok || d != 40*time.Second {
		t.Errorf("Next = %v, %v; want 40s, true", d, ok)
	}
	if _, ok := k.Expired(at(59 * time.Second)); ok {
		t.Error("expired with a second left")
	}
	if seat, ok := k.Expired(at(time.Minute)); !ok || seat != 0 {
		t.Errorf("Expired at 60s = %d, %v; want 0, true", seat, ok)
	}
	// A move made after the flag fell does not save the seat, increment or not.
	k.Run([]int{1}, at(61*time.Second))
	if seat, ok := k.Expired(at(61 * time.Second)); !ok || seat != 0 {
		t.Errorf("Expired after a late move = %d, %v; want 0, true", seat, ok)
	}
}

func TestSimultaneous(t *testing.T) {
	k := New(Control{Kind: Realtime, Base: time.Minute}, 2)
	k.Run([]int{0, 1}, at(0))
	k.Run([]int{1}, at(5*time.Second)) // seat 0 bid first
	k.Run([]int{0}, at(8*time.Second))
	if got := []time.Duration{k.Left(0, at(8*time.Second)), k.Left(1, at(8*time.Second))}; got[0] != 55*time.Second || got[1] != 52*time.Second {
		t.Errorf("left %v, want [55s 52s]", got)
	}
}

// TestRestartMidMove saves the clocks in the middle of a move, lets the server stay down an
// hour, and resumes: both seats have exactly what they had, and the mover's clock runs on.
func TestRestartMidMove(t *testing.T) {
	k := New(Control{Kind: Realtime, Base: 5 * time.Minute, Increment: 3 * time.Second}, 2)
	k.Run([]int{0}, at(0))
	k.Run([]int{1}, at(7*time.Second))
	saved := k.Save(at(20 * time.Second)) // seat 1 has thought 13s
	r, err := Restore(saved, at(time.Hour))
	if err != nil {
		t.Fatal(err)
	}
	for seat, want := range []time.Duration{5*time.Minute - 7*time.Second + 3*time.Second, 5*time.Minute - 13*time.Second} {
		if got := r.Left(seat, at(time.Hour)); got != want {
			t.Errorf("seat %d left %v after the restart, want %v", seat, got, want)
		}
	}
	if !r.Running(1) || r.Running(0) {
		t.Errorf("running after restore: %v %v, want seat 1 only", r.Running(0), r.Running(1))
	}
	if got, want := r.Left(1, at(time.Hour+10*time.Second)), 5*time.Minute-23*time.Second; got != want {
		t.Errorf("seat 1 left 10s after the restart %v, want %v", got, want)
	}
	if _, err := Restore(Saved{Control: saved.Control, Left: []int64{1, 2}, Running: []int{2}}, t0); err == nil {
		t.Error("Restore accepted a running seat that does not exist")
	}
}

func TestCorrespondence(t *testing.T) {
	day := 24 * time.Hour
	k := New(Control{Kind: Correspondence, PerMove: 2 * day}, 2)
	k.Run([]int{0}, at(0))
	k.Run([]int{1}, at(day+time.Hour)) // seat 0 used 25h of its 48h: the next turn has 48h again
	k.Run([]int{0}, at(day+2*time.Hour))
	if got := k.Left(0, at(day+2*time.Hour)); got != 2*day {
		t.Errorf("seat 0's new turn has %v, want %v", got, 2*day)
	}
	if _, ok := k.Expired(at(3*day + time.Hour)); ok {
		t.Error("expired before the turn's two days")
	}
	if seat, ok := k.Expired(at(3*day + 2*time.Hour)); !ok || seat != 0 {
		t.Errorf("Expired after two days = %d, %v; want 0, true", seat, ok)
	}
}

func TestUntimed(t *testing.T) {
	k := New(Control{}, 2)
	k.Run([]int{0}, at(0))
	if _, ok := k.Expired(at(1000 * time.Hour)); ok {
		t.Error("an untimed clock expired")
	}
	if _, ok := k.Next(at(0)); ok {
		t.Error("an untimed clock has a next expiry")
	}
}
