package web_test

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"net/http"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/coder/websocket"

	"deuce/web"
)

// stormFigures is what the storm measured.
type stormFigures struct {
	requests, transportErrors, serverErrors atomic.Int64
	mu                                      sync.Mutex
	statuses                                map[int]int
	health                                  []time.Duration
	peakHeap                                uint64
}

func (f *stormFigures) status(code int) {
	f.mu.Lock()
	f.statuses[code]++
	f.mu.Unlock()
	if code >= 500 && code != http.StatusServiceUnavailable {
		f.serverErrors.Add(1)
	}
}

// TestStorm runs a bounded storm against a server on loopback with its default limits: from
// four addresses at once, table creations (valid, invalid, oversized, not JSON), websocket
// connections sending malformed and oversized messages, and spectators holding sockets open,
// for at most a few seconds and a fixed number of requests. Meanwhile /healthz is timed and
// the heap sampled. The server must answer every request (429 and 503 are answers), stay
// responsive, keep its memory bounded, and serve a newcomer normally afterwards.
func TestStorm(t *testing.T) {
	if testing.Short() {
		t.Skip("the storm takes a few seconds")
	}
	const (
		duration = 3 * time.Second
		workers  = 24
		maxReqs  = 6000
	)
	s := startWith(t, filepath.Join(t.TempDir(), "deuce.db"), func(m *web.Main) {
		m.Limits, m.BotDelay = web.DefaultLimits(), 600*time.Millisecond // as deuce serve runs
	})
	target := s.create(pencilVsBot) // from 127.0.0.1, the table every socket goes to
	addrs := []string{"127.0.0.2", "127.0.0.3", "127.0.0.4", "127.0.0.5"}
	clients := make([]*http.Client, len(addrs))
	for i, a := range addrs {
		clients[i] = fromAddress(a)
	}
	fig := &stormFigures{statuses: map[int]int{}}
	ctx, cancel := context.WithTimeout(context.Background(), duration)
	defer cancel()
	var budget atomic.Int64
	budget.Store(maxReqs)

	bodies := []struct{ contentType, body string }{
		{"application/json", `{"game":"pencil","seats":[{"name":"a"},{"bot":"random"}]}`},
		{"application/json", `{"game":"pencil","options":{"points":"1000"},"seats":[{"bot":"equilibrium"},{"name":"x"}]}`},
		{"application/json", `{"game":"nope","seats":[]}`},
		{"application/json", `{"game":"` + strings.Repeat("x", 20<<10) + `"}`},
		{"text/plain", `{"game":"pencil","seats":[{},{}]}`},
		{"application/json", `{"game":"alakaslam","seats":[{"bot":"hard"},{"bot":"hard"}]}`},
	}
	junk := [][]byte{[]byte(`{"type":"move","action":1}`), []byte(`{"type":"bogus"}`), []byte(`not json`), bytes.Repeat([]byte("x"), 8<<10), []byte(`{"type":"resign"}`), []byte(`{"type":"move","text":"` + strings.Repeat("9", 3000) + `"}`)}
	wsURL := strings.Replace(s.url, "http", "ws", 1) + "/ws/tables/" + target.ID

	var wg sync.WaitGroup
	var held sync.Map // spectator sockets kept open until the end
	for w := range workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			client := clients[w%len(clients)]
			for i := 0; ctx.Err() == nil && budget.Add(-1) >= 0; i++ {
				fig.requests.Add(1)
				switch (w + i) % 3 {
				case 0: // create
					b := bodies[(w+i/3)%len(bodies)]
					req, _ := http.NewRequestWithContext(ctx, "POST", s.url+"/api/tables", strings.NewReader(b.body))
					req.Header.Set("Content-Type", b.contentType)
					resp, err := client.Do(req)
					if err != nil {
						if ctx.Err() == nil {
							fig.transportErrors.Add(1)
						}
						continue
					}
					io.Copy(io.Discard, resp.Body)
					resp.Body.Close()
					fig.status(resp.StatusCode)
				default: // a connection: sending junk, or a spectator that stays
					c, resp, err := websocket.Dial(ctx, wsURL, &websocket.DialOptions{HTTPClient: client})
					if err != nil {
						if resp != nil {
							fig.status(resp.StatusCode)
						} else if ctx.Err() == nil {
							fig.transportErrors.Add(1)
						}
						continue
					}
					fig.status(http.StatusSwitchingProtocols)
					c.Write(ctx, websocket.MessageText, []byte(`{"type":"hello"}`))
					if (w+i)%3 == 2 {
						held.Store(c, true)
						continue
					}
					for _, j := range junk[(w+i/3)%len(junk):] {
						if c.Write(ctx, websocket.MessageText, j) != nil {
							break
						}
					}
					c.CloseNow()
				}
			}
		}()
	}
	// The monitor: /healthz every 20 ms, the heap every 100 ms.
	monitorDone := make(chan struct{})
	go func() {
		defer close(monitorDone)
		tick := time.NewTicker(20 * time.Millisecond)
		defer tick.Stop()
		for n := 0; ; n++ {
			select {
			case <-ctx.Done():
				return
			case <-tick.C:
			}
			start := time.Now()
			resp, err := http.Get(s.url + "/healthz")
			took := time.Since(start)
			if err == nil {
				resp.Body.Close()
			}
			fig.mu.Lock()
			fig.health = append(fig.health, took)
			if n%5 == 0 {
				var ms runtime.MemStats
				runtime.ReadMemStats(&ms)
				fig.peakHeap = max(fig.peakHeap, ms.HeapInuse)
			}
			fig.mu.Unlock()
		}
	}()
	wg.Wait()
	<-monitorDone
	open := 0
	held.Range(func(k, _ any) bool {
		open++
		k.(*websocket.Conn).CloseNow()
		return true
	})

	slices.Sort(fig.health)
	q := func(p float64) time.Duration {
		if len(fig.health) == 0 {
			return 0
		}
		return fig.health[min(len(fig.health)-1, int(p*float64(len(fig.health))))]
	}
	codes, _ := json.Marshal(fig.statuses)
	t.Logf("storm: %d requests from %d addresses in %v, %d spectator sockets held; answers %s; transport errors %d, server errors %d; /healthz (%d probes) p50 %v p99 %v max %v; peak heap in use %.1f MiB",
		fig.requests.Load(), len(addrs), duration, open, codes, fig.transportErrors.Load(), fig.serverErrors.Load(),
		len(fig.health), q(0.5), q(0.99), q(1), float64(fig.peakHeap)/(1<<20))

	if n := fig.serverErrors.Load(); n != 0 {
		t.Errorf("%d answers were server errors", n)
	}
	if n := fig.transportErrors.Load(); n != 0 {
		t.Errorf("%d requests got no answer", n)
	}
	if raceEnabled {
		t.Log("race detector on: the storm's latency, throughput and memory bounds are not checked")
	} else {
		if len(fig.health) < 10 {
			t.Errorf("only %d health probes answered during the storm", len(fig.health))
		}
		// Generous bounds: they catch a server that stops answering or grows without limit,
		// not a slow machine.
		if q(0.99) > 2*time.Second {
			t.Errorf("/healthz p99 latency %v under the storm; want under 2s", q(0.99))
		}
		if fig.peakHeap > 512<<20 {
			t.Errorf("peak heap %d MiB; want under 512 MiB", fig.peakHeap>>20)
		}
		if fig.statuses[http.StatusTooManyRequests] == 0 {
			t.Errorf("no request was refused with 429: the limits did not act (%s)", codes)
		}
	}
	// A newcomer is served normally.
	newcomer := *s
	newcomer.client = fromAddress("127.0.0.9")
	if a := newcomer.post("/api/tables", pencilVsBot); a.status != http.StatusCreated {
		t.Errorf("after the storm a newcomer's create: %d %s", a.status, a.Error)
	}
}
