package web

import (
	"context"
	"net/http"
	"time"

	"github.com/prometheus/client_golang/prometheus"
	"github.com/prometheus/client_golang/prometheus/collectors"
	"github.com/prometheus/client_golang/prometheus/promhttp"

	"deuce/store"
)

// metrics are what /metrics shows, in a registry of the server's own (a process may run
// several servers, as the tests do).
type metrics struct {
	reg *prometheus.Registry
	// moves counts the moves played, by where their message came in: "local" (a connection
	// to the node running the table) or "forwarded" (through another node).
	moves *prometheus.CounterVec
	// latency is the time from a move's message to its update being sent to the seats: saved
	// in the store and broadcast.
	latency *prometheus.HistogramVec
	// storeErrors counts failed writes to the store, by operation.
	storeErrors *prometheus.CounterVec
	// limited counts the requests refused by a rate limit, by limit.
	limited *prometheus.CounterVec
	// storeRetries counts writes to the store tried again after a failure.
	storeRetries prometheus.Counter
	// leaseChanges counts leases acquired, lost and released.
	leaseChanges *prometheus.CounterVec
}

func newMetrics(s *Server) *metrics {
	reg := prometheus.NewRegistry()
	m := &metrics{
		reg: reg,
		moves: prometheus.NewCounterVec(prometheus.CounterOpts{
			Name: "deuce_moves_total", Help: "Moves played by people, by where the move came in (local or forwarded).",
		}, []string{"via"}),
		latency: prometheus.NewHistogramVec(prometheus.HistogramOpts{
			Name:    "deuce_move_update_seconds",
			Help:    "Time from a move's message to the update that shows it (saved and broadcast), by where the move came in.",
			Buckets: []float64{.001, .0025, .005, .01, .025, .05, .1, .25, .5, 1, 2.5, 5},
		}, []string{"via"}),
		storeErrors: prometheus.NewCounterVec(prometheus.CounterOpts{
			Name: "deuce_store_errors_total", Help: "Failed writes to the store, by operation.",
		}, []string{"op"}),
		limited: prometheus.NewCounterVec(prometheus.CounterOpts{
			Name: "deuce_rate_limited_total", Help: "Requests refused by a rate limit, by limit.",
		}, []string{"limit"}),
		storeRetries: prometheus.NewCounter(prometheus.CounterOpts{
			Name: "deuce_store_retries_total", Help: "Writes to the store tried again after a failure.",
		}),
		leaseChanges: prometheus.NewCounterVec(prometheus.CounterOpts{
			Name: "deuce_lease_changes_total", Help: "Table leases this node acquired, lost or released.",
		}, []string{"change"}),
	}
	reg.MustRegister(m.moves, m.latency, m.storeErrors, m.limited, m.storeRetries, m.leaseChanges,
		collectors.NewGoCollector(), collectors.NewProcessCollector(collectors.ProcessCollectorOpts{}),
		prometheus.NewGaugeFunc(prometheus.GaugeOpts{Name: "deuce_live_tables", Help: "Tables running on this node."}, func() float64 {
			s.mu.Lock()
			defer s.mu.Unlock()
			return float64(len(s.live))
		}),
		prometheus.NewGaugeFunc(prometheus.GaugeOpts{Name: "deuce_websocket_connections", Help: "Open websocket connections."}, func() float64 {
			s.mu.Lock()
			defer s.mu.Unlock()
			n := 0
			for _, c := range s.conns {
				n += c
			}
			return float64(n)
		}),
	)
	for _, via := range []string{"local", "forwarded"} {
		m.moves.WithLabelValues(via)
		m.latency.WithLabelValues(via)
	}
	for _, op := range []string{"append", "end"} {
		m.storeErrors.WithLabelValues(op)
	}
	for _, c := range []string{"acquired", "lost", "released"} {
		m.leaseChanges.WithLabelValues(c)
	}
	return m
}

// clustered adds the cluster's own figures.
func (m *metrics) clustered(cs *clusterState) {
	n := cs.node
	n.OnChange = func(kind string) { m.leaseChanges.WithLabelValues(kind).Inc() }
	m.reg.MustRegister(
		prometheus.NewGaugeFunc(prometheus.GaugeOpts{Name: "deuce_leases_held", Help: "Table leases this node holds."}, func() float64 {
			return float64(n.Held())
		}),
		prometheus.NewCounterFunc(prometheus.CounterOpts{Name: "deuce_cluster_messages_dropped_total", Help: "Messages to other nodes dropped because the queue was full."}, func() float64 {
			return float64(n.Dropped.Load())
		}),
	)
}

// moved records a move answered after d.
func (m *metrics) moved(via string, d time.Duration) {
	m.moves.WithLabelValues(via).Inc()
	m.latency.WithLabelValues(via).Observe(d.Seconds())
}

// MetricsHandler serves the server's metrics in Prometheus's text format: what Handler serves
// at /metrics, unless Config.MetricsApart keeps them for a listener of their own.
func (s *Server) MetricsHandler() http.Handler {
	return promhttp.HandlerFor(s.metrics.reg, promhttp.HandlerOpts{})
}

// readyz answers 200 while the node can take tables: its store answers, it is not full, and in
// a cluster it hears the other nodes. A load balancer sends new clients elsewhere otherwise.
func (s *Server) readyz(w http.ResponseWriter, r *http.Request) {
	ctx, cancel := context.WithTimeout(r.Context(), 2*time.Second)
	defer cancel()
	if _, err := s.store.List(ctx, store.Filter{Limit: 1}); err != nil {
		writeError(w, http.StatusServiceUnavailable, "store unavailable")
		return
	}
	if s.ctx.Err() != nil {
		writeError(w, http.StatusServiceUnavailable, "shutting down")
		return
	}
	if s.cl != nil {
		select {
		case <-s.cl.node.Ready():
		default:
			writeError(w, http.StatusServiceUnavailable, "not yet listening to the other nodes")
			return
		}
	}
	s.mu.Lock()
	n := len(s.live) + s.reserved
	s.mu.Unlock()
	if n >= s.limits.LiveTables {
		writeError(w, http.StatusServiceUnavailable, "full: this node runs the most tables it may")
		return
	}
	writeJSON(w, http.StatusOK, map[string]any{"ready": true, "liveTables": len(s.live)})
}
