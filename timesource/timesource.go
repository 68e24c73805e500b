// Package timesource gives the server its time: the system clock in production, a fake one in
// tests, so that no test result ever depends on how long something took on the machine.
//
// The standard library's testing/synctest fakes time only inside a bubble that real sockets and
// database connections cannot enter; the server's tests use real ones, so the clock is passed
// in instead.
package timesource

import (
	"sort"
	"sync"
	"time"
)

// Clock tells the time and waits.
type Clock interface {
	Now() time.Time
	// After returns a channel that receives the time once d has passed.
	After(d time.Duration) <-chan time.Time
	// AfterFunc calls f on a goroutine of its own once d has passed, unless stop is called
	// first (stop reports whether it prevented the call): a wait that needs no goroutine
	// meanwhile.
	AfterFunc(d time.Duration, f func()) (stop func() bool)
}

// System is the machine's clock.
type System struct{}

// Now returns time.Now().
func (System) Now() time.Time { return time.Now() }

// After is time.After.
func (System) After(d time.Duration) <-chan time.Time { return time.After(d) }

// AfterFunc is time.AfterFunc.
func (System) AfterFunc(d time.Duration, f func()) func() bool { return time.AfterFunc(d, f).Stop }

// Fake is a clock that moves only when Advance is called. It is safe for concurrent use.
type Fake struct {
	mu      sync.Mutex
	now     time.Time
	waiters []*waiter
	changed chan struct{} // closed and replaced whenever a waiter is added
}

// waiter is a wait: c receives the time, or f is called, when it ends.
type waiter struct {
	at time.Time
	c  chan time.Time
	f  func()
}

// NewFake returns a fake clock showing start.
func NewFake(start time.Time) *Fake {
	return &Fake{now: start, changed: make(chan struct{})}
}

// Now returns the fake time.
func (f *Fake) Now() time.Time {
	f.mu.Lock()
	defer f.mu.Unlock()
	return f.now
}

// After returns a channel that receives the time once the clock has been advanced by d.
func (f *Fake) After(d time.Duration) <-chan time.Time {
	f.mu.Lock()
	defer f.mu.Unlock()
	c := make(chan time.Time, 1)
	if d <= 0 {
		c <- f.now
		return c
	}
	f.waiters = append(f.waiters, &waiter{at: f.now.Add(d), c: c})
	close(f.changed)
	f.changed = make(chan struct{})
	return c
}

// AfterFunc calls f on a goroutine of its own once the clock has been advanced by d, unless
// stop is called first.
func (f *Fake) AfterFunc(d time.Duration, fn func()) func() bool {
	f.mu.Lock()
	defer f.mu.Unlock()
	if d <= 0 {
		go fn()
		return func() bool { return false }
	}
	w := &waiter{at: f.now.Add(d), f: fn}
	f.waiters = append(f.waiters, w)
	close(f.changed)
	f.changed = make(chan struct{})
	return func() bool {
		f.mu.Lock()
		defer f.mu.Unlock()
		for i, x := range f.waiters {
			if x == w {
				f.waiters = append(f.waiters[:i], f.waiters[i+1:]...)
				return true
			}
		}
		return false
	}
}

// Advance moves the clock forward by d and fires every wait that has ended, earliest first.
func (f *Fake) Advance(d time.Duration) {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.now = f.now.Add(d)
	sort.SliceStable(f.waiters, func(i, j int) bool { return f.waiters[i].at.Before(f.waiters[j].at) })
	kept := f.waiters[:0]
	for _, w := range f.waiters {
		if w.at.After(f.now) {
			kept = append(kept, w)
			continue
		}
		if w.f != nil {
			go w.f()
		} else {
			w.c <- f.now
		}
	}
	f.waiters = kept
}

// Waiters returns the number of waits not yet ended.
func (f *Fake) Waiters() int {
	f.mu.Lock()
	defer f.mu.Unlock()
	return len(f.waiters)
}

// WaitForWaiters blocks until at least n waits are pending or timeout passes (real time, only
// to keep a broken test from hanging); it reports whether they are.
func (f *Fake) WaitForWaiters(n int, timeout time.Duration) bool {
	deadline := time.After(timeout)
	for {
		f.mu.Lock()
		ok, changed := len(f.waiters) >= n, f.changed
		f.mu.Unlock()
		if ok {
			return true
		}
		select {
		case <-changed:
		case <-deadline:
			return false
		}
	}
}
