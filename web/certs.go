package web

import (
	"crypto/tls"
	"log/slog"
	"os"
	"sync"
	"time"
)

// certCheckEvery is how often, at most, the certificate files are looked at for a renewal.
const certCheckEvery = time.Minute

// certReloader serves the certificate of a pair of PEM files, read again once they change: a
// certificate renewed on disk (certbot's every 60 to 90 days) is served from the next handshake
// after the next look, without a restart. A pair that does not load keeps the last good one.
type certReloader struct {
	certFile, keyFile string
	log               *slog.Logger
	every             time.Duration
	now               func() time.Time

	mu      sync.Mutex
	cert    *tls.Certificate
	mod     time.Time // the later of the files' modification times when cert was read
	checked time.Time
}

// newCertReloader reads the pair once; its error is the start's. A nil log logs nothing.
func newCertReloader(certFile, keyFile string, log *slog.Logger) (*certReloader, error) {
	if log == nil {
		log = slog.New(slog.DiscardHandler)
	}
	r := &certReloader{certFile: certFile, keyFile: keyFile, log: log, every: certCheckEvery, now: time.Now}
	mod := r.modified()
	cert, err := tls.LoadX509KeyPair(certFile, keyFile)
	if err != nil {
		return nil, err
	}
	r.cert, r.mod, r.checked = &cert, mod, r.now()
	return r, nil
}

// modified is the later of the two files' modification times, zero when one cannot be read.
func (r *certReloader) modified() time.Time {
	var latest time.Time
	for _, f := range []string{r.certFile, r.keyFile} {
		st, err := os.Stat(f)
		if err != nil {
			return time.Time{}
		}
		if st.ModTime().After(latest) {
			latest = st.ModTime()
		}
	}
	return latest
}

// GetCertificate is tls.Config's: the current certificate, read again first when the files
// changed since it was read and the last look is certCheckEvery old.
func (r *certReloader) GetCertificate(*tls.ClientHelloInfo) (*tls.Certificate, error) {
	r.mu.Lock()
	defer r.mu.Unlock()
	if now := r.now(); now.Sub(r.checked) >= r.every {
		r.checked = now
		if mod := r.modified(); !mod.IsZero() && !mod.Equal(r.mod) {
			cert, err := tls.LoadX509KeyPair(r.certFile, r.keyFile)
			if err != nil {
				// Caught between the two files' writes, or a bad renewal: the old one serves
				// on, and the next look tries again.
				r.log.Warn("tls: the certificate files changed but do not load; serving the old one", "err", err)
			} else {
				r.cert, r.mod = &cert, mod
				r.log.Info("tls: certificate read again", "file", r.certFile)
			}
		}
	}
	return r.cert, nil
}
