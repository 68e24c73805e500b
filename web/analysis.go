package web

import (
	"context"
	"encoding/json"
	"errors"
	"net/http"
	"sync"
	"time"

	"deuce/analysis"
	"deuce/store"
	"deuce/timesource"
)

// analysisFailures is the most failed analyses remembered (to report them once asked).
const analysisFailures = 64

// analyser runs match analyses in the background on one goroutine, started on first use and
// stopped with the server. It pauses after every decision so that it uses at most its share of
// one core: live tables (their bots' searches, their websockets) always have the rest of the
// machine. Its limits are Limits' Analysis fields.
type analyser struct {
	s *Server
	// The limits of Limits: queue length, analyses per address, decisions, iterations, share
	// of a core, and the bidding game's starting points (those of the equilibrium bot: the
	// solver serves one game at a time, the live tables' bots included).
	queue, perAddress, decisions, iterations, pencilPoints int
	share                                                  float64
	// clock measures the work and times the rests: the server's (a fake one in tests).
	clock timesource.Clock

	start sync.Once
	wake  chan struct{}

	mu      sync.Mutex
	waiting []string // table IDs waiting, oldest first
	jobs    map[string]*analysisJob
}

// analysisJob is one queued, running or failed analysis.
type analysisJob struct {
	Status string `json:"status"` // queued, running, failed
	Done   int    `json:"done"`
	Total  int    `json:"total"`
	// Position is the place in the queue, 1 for the next to run.
	Position int    `json:"position,omitempty"`
	Error    string `json:"error,omitempty"`
	// Final marks a failure that trying again cannot mend (a match too large to analyse).
	Final bool `json:"final,omitempty"`
	// addr is the address that asked for the analysis.
	addr string
}

func newAnalyser(s *Server, lim Limits) *analyser {
	var clock timesource.Clock = timesource.System{}
	if s != nil {
		clock = s.clock
	}
	return &analyser{
		s: s, queue: lim.AnalysisQueue, perAddress: lim.AnalysesPerAddress, pencilPoints: lim.EquilibriumPoints, decisions: lim.AnalysisDecisions, iterations: lim.AnalysisIterations, share: lim.AnalysisShare,
		clock: clock, wake: make(chan struct{}, 1), jobs: map[string]*analysisJob{},
	}
}

// pacer keeps a worker to its share of one core: after each piece of work it rests as long as
// the work took times (1-share)/share, so that the worker is busy share of the time (with a
// share of 0.5 it rests as long as it worked). The rest does not count as work.
type pacer struct {
	clock timesource.Clock
	share float64
	last  time.Time // when the piece of work under way began: at the start or the last rest's end
}

func newPacer(clock timesource.Clock, share float64) *pacer {
	return &pacer{clock: clock, share: share, last: clock.Now()}
}

// rest ends a piece of work and rests in proportion to it, or until ctx ends.
func (p *pacer) rest(ctx context.Context) {
	busy := p.clock.Now().Sub(p.last)
	if pause := time.Duration(float64(busy) * (1 - p.share) / p.share); pause > 0 {
		select {
		case <-ctx.Done():
		case <-p.clock.After(pause):
		}
	}
	p.last = p.clock.Now()
}

// errQueueFull refuses an analysis while the queue is full.
var errQueueFull = errors.New("the analysis queue is full: try again in a few minutes")

// errTooManyAnalyses refuses an analysis to an address with AnalysesPerAddress of them queued
// or running: one client cannot take the whole queue.
var errTooManyAnalyses = errors.New("your earlier analyses are still queued or running: ask again once one is done")

// enqueue queues table id for addr unless it is queued or running already, and returns its
// job.
func (a *analyser) enqueue(id, addr string) (analysisJob, error) {
	a.start.Do(func() {
		a.s.wg.Add(1)
		go func() {
			defer a.s.wg.Done()
			a.run(a.s.ctx)
		}()
	})
	a.mu.Lock()
	defer a.mu.Unlock()
	if j := a.jobs[id]; j != nil && j.Status != "failed" {
		return a.view(id, j), nil
	}
	if len(a.waiting) >= a.queue {
		return analysisJob{}, errQueueFull
	}
	mine := 0
	for _, j := range a.jobs {
		if j.addr == addr && j.Status != "failed" {
			mine++
		}
	}
	if mine >= a.perAddress {
		return analysisJob{}, errTooManyAnalyses
	}
	if len(a.jobs) >= a.queue+1+analysisFailures {
		for k, j := range a.jobs { // forget the failures: they are reported once at most
			if j.Status == "failed" {
				delete(a.jobs, k)
			}
		}
	}
	j := &analysisJob{Status: "queued", addr: addr}
	a.jobs[id] = j
	a.waiting = append(a.waiting, id)
	select {
	case a.wake <- struct{}{}:
	default:
	}
	return a.view(id, j), nil
}

// job returns the job of table id, if there is one.
func (a *analyser) job(id string) (analysisJob, bool) {
	a.mu.Lock()
	defer a.mu.Unlock()
	j := a.jobs[id]
	if j == nil {
		return analysisJob{}, false
	}
	return a.view(id, j), true
}

// view copies j with its queue position; a.mu is held.
func (a *analyser) view(id string, j *analysisJob) analysisJob {
	v := *j
	for i, q := range a.waiting {
		if q == id {
			v.Position = i + 1
		}
	}
	return v
}

// run analyses the queued tables one by one until ctx ends.
func (a *analyser) run(ctx context.Context) {
	for {
		a.mu.Lock()
		var id string
		if len(a.waiting) > 0 {
			id, a.waiting = a.waiting[0], a.waiting[1:]
			a.jobs[id].Status = "running"
		}
		a.mu.Unlock()
		if id == "" {
			select {
			case <-ctx.Done():
				return
			case <-a.wake:
				continue
			}
		}
		err := a.analyse(ctx, id)
		a.mu.Lock()
		if err != nil {
			if ctx.Err() != nil {
				delete(a.jobs, id)
			} else {
				a.jobs[id].Status, a.jobs[id].Error = "failed", analysisError(err)
				a.jobs[id].Final = errors.Is(err, analysis.ErrTooLarge)
				a.s.log.Error("analyse table", "table", id, "err", err)
			}
		} else {
			delete(a.jobs, id) // the store has it now
		}
		a.mu.Unlock()
		if ctx.Err() != nil {
			return
		}
	}
}

// analysisError is what a person is told when an analysis fails.
func analysisError(err error) string {
	if errors.Is(err, analysis.ErrTooLarge) {
		return err.Error()
	}
	return "the analysis failed"
}

// analyse analyses table id and stores the report.
func (a *analyser) analyse(ctx context.Context, id string) error {
	t, err := a.s.store.Get(ctx, id)
	if err != nil {
		return err
	}
	pace := newPacer(a.clock, a.share)
	// The search's trees and seed are analysis's defaults, as deuce analyze's: the same record
	// gets the same analysis there, from a file or this server's address (whose record does not
	// carry the table's seed). The budget is the server's, and the report says it.
	opts := analysis.Options{
		Iterations: a.iterations, Workers: 1, MaxDecisions: a.decisions,
		MaxPencilPoints: a.pencilPoints,
		Progress: func(done, total int) {
			a.mu.Lock()
			if j := a.jobs[id]; j != nil {
				j.Done, j.Total = done, total
			}
			a.mu.Unlock()
			// Rest in proportion to the decision's work, so that the worker uses at most its
			// share of a core.
			pace.rest(ctx)
		},
	}
	r, err := analysis.Analyse(ctx, t.Record(), opts)
	if err != nil {
		return err
	}
	data, err := json.Marshal(r)
	if err != nil {
		return err
	}
	// The report must be saved even while the server shuts down: it cost minutes of work.
	sctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), 10*time.Second)
	defer cancel()
	return a.s.store.PutAnalysis(sctx, id, data)
}

// analysisReply is the answer of the analysis endpoints: the status, the progress while queued
// or running, and the report once done.
type analysisReply struct {
	analysisJob
	Report json.RawMessage `json:"report,omitempty"`
	// Stale reports, with status none, a stored report made by older rules than
	// analysis.ReportVersion: asked again, the match is analysed anew and the report replaced.
	Stale bool `json:"stale,omitempty"`
}

// apiAnalysis reports the analysis of a table: "none" (with "available" once the match is
// over), "queued", "running", "failed" or "done" with the report.
func (s *Server) apiAnalysis(w http.ResponseWriter, r *http.Request) {
	t, ok := s.loadTable(w, r)
	if !ok {
		return
	}
	reply, ok := s.analysisOf(w, r, t)
	if !ok {
		return
	}
	if reply.Status == "" {
		reply.Status = "none"
		if t.Status != store.Finished {
			reply.Error = "the analysis opens once the match is over"
		}
	}
	writeJSON(w, http.StatusOK, reply)
}

// apiAnalyse queues the analysis of a finished table.
func (s *Server) apiAnalyse(w http.ResponseWriter, r *http.Request) {
	t, ok := s.loadTable(w, r)
	if !ok {
		return
	}
	if t.Status != store.Finished {
		writeError(w, http.StatusConflict, "the analysis opens once the match is over")
		return
	}
	reply, ok := s.analysisOf(w, r, t)
	if !ok {
		return
	}
	if reply.Status == "done" || reply.Status == "queued" || reply.Status == "running" {
		writeJSON(w, http.StatusOK, reply)
		return
	}
	if reply.Status == "failed" && reply.Final {
		// Queued again it would fail again: say so at once.
		writeError(w, http.StatusUnprocessableEntity, reply.Error)
		return
	}
	job, err := s.analyser.enqueue(t.ID, clientAddr(r))
	if errors.Is(err, errTooManyAnalyses) {
		writeError(w, http.StatusTooManyRequests, err.Error())
		return
	}
	if err != nil {
		writeError(w, http.StatusServiceUnavailable, err.Error())
		return
	}
	writeJSON(w, http.StatusAccepted, analysisReply{analysisJob: job})
}

// analysisOf finds the job or the stored report of t; an empty status means neither, or a
// stale report (Stale), which is analysed again when asked. The job
// is looked at first: it is dropped only once its report is stored, so a report finished
// between the two reads is found in the store rather than missed by both.
func (s *Server) analysisOf(w http.ResponseWriter, r *http.Request, t *store.Table) (analysisReply, bool) {
	if job, ok := s.analyser.job(t.ID); ok {
		return analysisReply{analysisJob: job}, true
	}
	report, err := s.store.Analysis(r.Context(), t.ID)
	switch {
	case err == nil && stale(report):
		return analysisReply{Stale: true}, true
	case err == nil:
		return analysisReply{analysisJob: analysisJob{Status: "done"}, Report: report}, true
	case !errors.Is(err, store.ErrNotFound):
		s.log.Error("load analysis", "table", t.ID, "err", err)
		writeError(w, http.StatusInternalServerError, "could not load the analysis")
		return analysisReply{}, false
	}
	return analysisReply{}, true
}

// stale reports whether a stored report was made by older rules than analysis.ReportVersion
// (one of an earlier version could mark a close call a mistake and call one bid of a mixed
// equilibrium the best).
func stale(report []byte) bool {
	var v struct {
		Version int `json:"version"`
	}
	return json.Unmarshal(report, &v) != nil || v.Version < analysis.ReportVersion
}
