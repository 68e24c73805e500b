package sim

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"time"
)

// A results file holds a run's matches as they finish: a first line {"spec": ...} naming the
// run (or shard), then one MatchResult per line, in match order. An interrupted run resumes from
// it, and Merge reads it like a tally.

// header is the first line of a results file.
type header struct {
	Spec *Spec `json:"spec"`
}

// Results is a results file open for appending. What it buffers reaches the file at least
// every FlushEvery, so a run killed outright (not interrupted, which closes the file) loses at
// most the matches of its last FlushEvery: with slow matches (a search bot's take seconds
// each) a buffer that waited to fill could hold hours of them.
type Results struct {
	f *os.File
	w *bufio.Writer
	// now is the clock that times flushes (time.Now; a fake in tests).
	now     func() time.Time
	flushed time.Time
	closed  bool
}

// FlushEvery is the longest a finished match's result stays in a Results buffer.
const FlushEvery = time.Second

func newResults(f *os.File) *Results {
	return &Results{f: f, w: bufio.NewWriterSize(f, 1<<16), now: time.Now, flushed: time.Now()}
}

// CreateResults starts the results file of the run spec at path. It refuses to overwrite a
// file that holds anything.
func CreateResults(path string, spec Spec) (*Results, error) {
	if st, err := os.Stat(path); err == nil && st.Size() > 0 {
		return nil, fmt.Errorf("results file %s already holds results: resume it or choose another file", path)
	}
	f, err := os.Create(path)
	if err != nil {
		return nil, err
	}
	r := newResults(f)
	if err := r.line(header{Spec: &spec}); err != nil {
		f.Close()
		return nil, err
	}
	return r, nil
}

// ResumeResults reads the results file at path into t, a tally of the same run with nothing
// folded in yet, and returns the file open for the matches that follow. A torn last line (a
// run killed while writing it) is cut off. A file of another run is refused with an error
// matching ErrMismatch; a missing or empty file is started afresh.
func ResumeResults(path string, t *Tally) (*Results, error) {
	from, _ := t.Spec.Range()
	if t.Next != from {
		return nil, errors.New("resume needs an empty tally")
	}
	f, err := os.OpenFile(path, os.O_RDWR, 0)
	if errors.Is(err, os.ErrNotExist) {
		return CreateResults(path, t.Spec)
	}
	if err != nil {
		return nil, err
	}
	if st, err := f.Stat(); err == nil && st.Size() == 0 {
		f.Close()
		return CreateResults(path, t.Spec)
	}
	good, err := readResults(f, t, true)
	if err != nil {
		f.Close()
		return nil, fmt.Errorf("resume from %s: %w", path, err)
	}
	if err := f.Truncate(good); err != nil {
		f.Close()
		return nil, err
	}
	if _, err := f.Seek(good, io.SeekStart); err != nil {
		f.Close()
		return nil, err
	}
	return newResults(f), nil
}

// readResults folds the results read from r into t. With want set, the file's spec must be
// t's; without, t must be empty and takes the file's spec. It returns the length of the file
// up to the end of the last complete line; a last line without its newline, or that does not
// decode, is torn and left out.
func readResults(r io.Reader, t *Tally, want bool) (good int64, err error) {
	return scanResults(r, func(sp *Spec) error {
		if want {
			return t.Spec.same(*sp)
		}
		if sp.Version != specVersion {
			return fmt.Errorf("%w: format version %d, want %d", ErrMismatch, sp.Version, specVersion)
		}
		*t = *newTally(*sp)
		return t.check()
	}, func(_ int, m MatchResult) error { return t.Add(m) })
}

// scanResults reads a results file (or an ahead file, which has its form) from r: it hands the
// first line's spec to onSpec, then each match's result to result, with its line number, and
// returns the length read up to the end of the last complete line. A last line without its
// newline, or that does not decode, is torn and left out; any other line that does not decode
// is an error.
func scanResults(r io.Reader, onSpec func(*Spec) error, result func(line int, m MatchResult) error) (good int64, err error) {
	br := bufio.NewReaderSize(r, 1<<16)
	for n := 1; ; n++ {
		line, err := br.ReadBytes('\n')
		if len(line) > 0 && line[len(line)-1] == '\n' {
			if n == 1 {
				var h header
				if json.Unmarshal(line, &h) != nil || h.Spec == nil {
					return 0, fmt.Errorf("not a results file: the first line holds no run spec")
				}
				if err := onSpec(h.Spec); err != nil {
					return 0, err
				}
			} else {
				var m MatchResult
				dec := json.NewDecoder(bytes.NewReader(line))
				dec.DisallowUnknownFields()
				if derr := dec.Decode(&m); derr != nil {
					if _, perr := br.Peek(1); perr == io.EOF {
						return good, nil // a torn last line, completed by garbage
					}
					return 0, fmt.Errorf("line %d: %w", n, derr)
				}
				if err := result(n, m); err != nil {
					return 0, err
				}
			}
			good += int64(len(line))
		}
		if err == io.EOF {
			if n == 1 {
				return 0, errors.New("not a results file: no run spec")
			}
			return good, nil
		}
		if err != nil {
			return 0, err
		}
	}
}

// Write appends the result of the next match.
func (r *Results) Write(m MatchResult) error { return r.line(m) }

func (r *Results) line(v any) error {
	b, err := json.Marshal(v)
	if err != nil {
		return err
	}
	b = append(b, '\n')
	if _, err := r.w.Write(b); err != nil {
		return err
	}
	if now := r.now(); now.Sub(r.flushed) >= FlushEvery {
		r.flushed = now
		return r.w.Flush()
	}
	return nil
}

// Flush writes buffered results to the file.
func (r *Results) Flush() error { return r.w.Flush() }

// Close flushes and closes the file; closing it again does nothing.
func (r *Results) Close() error {
	if r.closed {
		return nil
	}
	r.closed = true
	err := r.w.Flush()
	if cerr := r.f.Close(); err == nil {
		err = cerr
	}
	return err
}

// A run stopped while one match is slow holds finished matches beyond the last one in the
// results file, which keeps match order (Config.OnAhead). They go to a file beside it, the
// ahead file: the results file's first line, then one MatchResult per line, in match order.
// Resuming takes them back (Config.Known), so no finished match is played twice.

// AheadPath is the ahead file of the results file at path.
func AheadPath(path string) string { return path + ".ahead" }

// WriteAhead replaces the ahead file at path with rs, results of the run spec, or removes it
// when rs is empty. It writes a temporary file and renames it, so that a crash leaves the old
// file or the new one, never half of one.
func WriteAhead(path string, spec Spec, rs []MatchResult) error {
	if len(rs) == 0 {
		if err := os.Remove(path); err != nil && !errors.Is(err, os.ErrNotExist) {
			return err
		}
		return nil
	}
	tmp := path + ".tmp"
	f, err := os.Create(tmp)
	if err != nil {
		return err
	}
	w := bufio.NewWriter(f)
	enc := json.NewEncoder(w) // the lines json.Marshal gives, as Results writes them
	err = enc.Encode(header{Spec: &spec})
	for k := 0; k < len(rs) && err == nil; k++ {
		err = enc.Encode(rs[k])
	}
	if err == nil {
		if err = w.Flush(); err == nil {
			err = f.Sync() // on disk before it takes the place of the old file
		}
	}
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		err = os.Rename(tmp, path)
	}
	if err != nil {
		os.Remove(tmp)
		return fmt.Errorf("ahead file %s: %w", path, err)
	}
	return nil
}

// ReadAhead reads the ahead file at path for the run t tallies, resumed to its results file:
// the results of matches from t.Next on, by match index, for Config.Known. Results of matches
// the results file already holds (a run stopped again after it folded them) are left out; a
// missing file holds none; a torn last line is left out. A file of another run, a result that
// is not one of the run's matches or a match listed twice is refused.
func ReadAhead(path string, t *Tally) (map[int]MatchResult, error) {
	f, err := os.Open(path)
	if errors.Is(err, os.ErrNotExist) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	defer f.Close()
	known := map[int]MatchResult{}
	_, err = scanResults(f, func(sp *Spec) error { return t.Spec.same(*sp) }, func(line int, m MatchResult) error {
		if _, _, _, err := t.Spec.fits(m.Index, m); err != nil {
			return fmt.Errorf("line %d: %w", line, err)
		}
		if _, dup := known[m.Index]; dup {
			return fmt.Errorf("line %d: match %d is listed twice", line, m.Index)
		}
		if m.Index >= t.Next {
			known[m.Index] = m
		}
		return nil
	})
	if err != nil {
		return nil, fmt.Errorf("ahead file %s: %w", path, err)
	}
	return known, nil
}

// WriteTally writes t as JSON, for Merge.
func WriteTally(w io.Writer, t *Tally) error {
	b, err := json.Marshal(t)
	if err != nil {
		return err
	}
	_, err = w.Write(append(b, '\n'))
	return err
}

// ReadTally reads a tally written by WriteTally, or the tally of a results file.
func ReadTally(r io.Reader) (*Tally, error) {
	br := bufio.NewReader(r)
	peek, _ := br.Peek(1 << 12)
	if nl := bytes.IndexByte(peek, '\n'); nl >= 0 {
		var probe struct {
			Spec *Spec  `json:"spec"`
			All  *Group `json:"all"`
		}
		if json.Unmarshal(peek[:nl], &probe) == nil && probe.Spec != nil && probe.All == nil {
			t := &Tally{}
			if _, err := readResults(br, t, false); err != nil {
				return nil, err
			}
			return t, nil
		}
	}
	var t Tally
	dec := json.NewDecoder(br)
	dec.DisallowUnknownFields()
	if err := dec.Decode(&t); err != nil {
		return nil, fmt.Errorf("not a tally or results file: %w", err)
	}
	if t.Spec.Version != specVersion {
		return nil, fmt.Errorf("%w: format version %d, want %d", ErrMismatch, t.Spec.Version, specVersion)
	}
	if err := t.check(); err != nil {
		return nil, err
	}
	return &t, nil
}

// check rejects a decoded tally whose shape does not fit its spec.
func (t *Tally) check() error {
	sp := t.Spec
	if len(sp.Variants) == 0 || len(sp.Pairs) == 0 || sp.Matches < 1 {
		return errors.New("tally of an empty run")
	}
	if err := sp.Shard.check(sp.Total()); err != nil {
		return err
	}
	if len(t.Variants) != len(sp.Variants) || len(t.Pairs) != len(sp.Pairs) {
		return errors.New("tally does not fit its run spec")
	}
	for _, p := range sp.Pairs {
		if p[0] < 0 || p[1] < 0 || p[0] >= len(sp.Players) || p[1] >= len(sp.Players) {
			return errors.New("tally pairs players it does not have")
		}
	}
	from, to := sp.Range()
	if t.Next < from || t.Next > to {
		return errors.New("tally's next match is outside its shard")
	}
	if t.Tags == nil {
		t.Tags = map[string]*TagTally{}
	}
	for i := range t.Pairs {
		for k := range 2 {
			if t.Pairs[i].Returns[k] == nil {
				t.Pairs[i].Returns[k] = Values{}
			}
		}
	}
	return nil
}
