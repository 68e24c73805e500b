package web_test

import (
	"bufio"
	"bytes"
	"encoding/binary"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"path/filepath"
	"runtime"
	"runtime/pprof"
	"strings"
	"testing"
)

// rawSocket is the least websocket client that can hold a seat: it upgrades, sends one frame
// (hello) and reads frames only when asked, with no goroutine and a 64-byte buffer, so that
// the memory a test measures in this process is the server's, not its clients'.
type rawSocket struct {
	c  net.Conn
	br *bufio.Reader
}

func dialRaw(t *testing.T, url, id string) *rawSocket {
	t.Helper()
	host := strings.TrimPrefix(url, "http://")
	c, err := net.Dial("tcp", host)
	if err != nil {
		t.Fatal(err)
	}
	fmt.Fprintf(c, "GET /ws/tables/%s HTTP/1.1\r\nHost: %s\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"+
		"Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n\r\n", id, host)
	br := bufio.NewReaderSize(c, 64)
	resp, err := http.ReadResponse(br, nil)
	if err != nil {
		t.Fatal(err)
	}
	if resp.StatusCode != http.StatusSwitchingProtocols {
		t.Fatalf("upgrade: status %d", resp.StatusCode)
	}
	return &rawSocket{c: c, br: br}
}

// send writes one masked text frame (a zero mask: the payload goes as it is).
func (r *rawSocket) send(t *testing.T, payload string) {
	t.Helper()
	var b bytes.Buffer
	b.WriteByte(0x81)
	switch n := len(payload); {
	case n < 126:
		b.WriteByte(0x80 | byte(n))
	default:
		b.WriteByte(0x80 | 126)
		_ = binary.Write(&b, binary.BigEndian, uint16(n))
	}
	b.Write([]byte{0, 0, 0, 0})
	b.WriteString(payload)
	if _, err := r.c.Write(b.Bytes()); err != nil {
		t.Fatal(err)
	}
}

// next reads one frame's payload.
func (r *rawSocket) next(t *testing.T) []byte {
	t.Helper()
	var h [2]byte
	if _, err := io.ReadFull(r.br, h[:]); err != nil {
		t.Fatal(err)
	}
	n := uint64(h[1] & 0x7f)
	switch n {
	case 126:
		var x uint16
		if err := binary.Read(r.br, binary.BigEndian, &x); err != nil {
			t.Fatal(err)
		}
		n = uint64(x)
	case 127:
		if err := binary.Read(r.br, binary.BigEndian, &n); err != nil {
			t.Fatal(err)
		}
	}
	p := make([]byte, n)
	if _, err := io.ReadFull(r.br, p); err != nil {
		t.Fatal(err)
	}
	return p
}

// until reads frames until one of the given type.
func (r *rawSocket) until(t *testing.T, typ string) []byte {
	t.Helper()
	for {
		p := r.next(t)
		if bytes.Contains(p, []byte(`"type":"`+typ+`"`)) {
			return p
		}
	}
}

// inUse is the memory the process holds for Go values and goroutine stacks, after enough
// collections for idle goroutines' stacks to have shrunk (each halves a stack at most a quarter
// used), as they do in a server running for a while.
func inUse() (heap, stacks uint64, goroutines int) {
	for range 8 {
		runtime.GC()
	}
	var ms runtime.MemStats
	runtime.ReadMemStats(&ms)
	return ms.HeapInuse, ms.StackInuse, runtime.NumGoroutine()
}

// maxBytesPerTable bounds what an idle live table, its two seats connected, may cost the
// server in Go heap and stacks: about 32 KiB on linux/amd64 (no goroutine for the match nor,
// with the poller, for its connections, 1.5 KiB of buffers a connection), where a goroutine for
// the match and two for each connection with the HTTP server's 4 KiB buffers cost 122 KiB.
// deuce bench serve shows the resident memory this comes to at 10,000 tables.
const maxBytesPerTable = 48 << 10

// TestIdleLiveTablesCostLittle opens many live tables, each with both seats connected and
// waiting for a move, and checks what they cost the server in memory and goroutines.
func TestIdleLiveTablesCostLittle(t *testing.T) {
	if testing.Short() {
		t.Skip("opens 500 tables")
	}
	const tables = 500
	s := startServer(t, filepath.Join(t.TempDir(), "deuce.db"))
	// Warm up the server's lazily built parts (games, bots, pools) with one table.
	warm := s.create(map[string]any{"game": "centercourt", "variant": "tiebreak", "seats": []map[string]string{{"name": "a"}, {"name": "b"}}})
	w := dialRaw(t, s.url, warm.ID)
	w.send(t, `{"type":"hello","token":"`+warm.Seats[0].Token+`"}`)
	w.until(t, "update")
	if os.Getenv("DEUCE_SCALE_PROFILE") != "" {
		runtime.MemProfileRate = 1
	}
	h0, s0, g0 := inUse()
	socks := make([]*rawSocket, 0, 2*tables)
	for range tables {
		c := s.create(map[string]any{"game": "centercourt", "variant": "tiebreak", "seats": []map[string]string{{"name": "a"}, {"name": "b"}}})
		for _, seat := range c.Seats {
			r := dialRaw(t, s.url, c.ID)
			r.send(t, `{"type":"hello","token":"`+seat.Token+`"}`)
			socks = append(socks, r)
		}
	}
	for _, r := range socks {
		r.until(t, "update")
	}
	h1, s1, g1 := inUse()
	if p := os.Getenv("DEUCE_SCALE_PROFILE"); p != "" {
		f, err := os.Create(p)
		if err != nil {
			t.Fatal(err)
		}
		_ = pprof.Lookup("heap").WriteTo(f, 0)
		f.Close()
	}
	per := float64(h1+s1-h0-s0) / tables
	t.Logf("%d idle live tables: %.1f KiB of heap and stacks each (%.1f KiB heap, %.1f KiB stacks), %.2f goroutines each",
		tables, per/1024, float64(h1-h0)/tables/1024, float64(s1-s0)/tables/1024, float64(g1-g0)/tables)
	// On Linux the poller waits for every idle connection (poller_linux.go): an idle table
	// holds no goroutine at all.
	if runtime.GOOS == "linux" && g1-g0 > tables/10 {
		t.Errorf("%d idle live tables hold %d goroutines, want next to none", tables, g1-g0)
	}
	if per > maxBytesPerTable {
		t.Errorf("an idle live table costs %.1f KiB of heap and stacks, more than %d KiB", per/1024, maxBytesPerTable>>10)
	}
	for _, r := range socks {
		r.c.Close()
	}
}
