package sim

import (
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"math/bits"
	"reflect"
	"slices"
	"strconv"
	"strings"
)

// specVersion is the version of the files a run writes; files of another version do not mix.
const specVersion = 1

// ErrMismatch matches the errors of combining results that belong to different runs: resuming
// a results file with other parameters, merging shards of different runs.
var ErrMismatch = errors.New("results of another run")

// Spec is everything that decides a run's results: two runs with equal Specs play exactly the
// same matches.
type Spec struct {
	Version  int          `json:"version"`
	Game     string       `json:"game"`
	Variants []Variant    `json:"variants"`
	Players  []PlayerSpec `json:"players"`
	Pairs    [][2]int     `json:"pairs"`
	// Matches is the number of matches of each pairing in each variant.
	Matches    int    `json:"matches"`
	Seed       uint64 `json:"seed"`
	MaxActions int    `json:"maxActions"`
	Shard      Shard  `json:"shard"`
	// Solo marks a run of a one-seat game (Worldwide against its automaton): the last player
	// is the automaton, every pairing sets a bot against it, and seats never swap (the bot
	// has the one seat, side 0; the automaton is side 1 and wins what the bot loses).
	Solo bool `json:"solo,omitempty"`
}

// PlayerSpec names a player and its bot level.
type PlayerSpec struct {
	Name string `json:"name"`
	Bot  string `json:"bot"`
}

// Total is the number of matches in the whole run.
func (s Spec) Total() int { return s.Matches * len(s.Pairs) * len(s.Variants) }

// Range returns the match indices [from, to) of the spec's shard: the Index-th of Count
// contiguous blocks of nearly equal size.
func (s Spec) Range() (from, to int) {
	n := s.Total()
	return n * s.Shard.Index / s.Shard.Count, n * (s.Shard.Index + 1) / s.Shard.Count
}

// Seating returns the variant and the pairing of match i, and the players of its side 0 and
// side 1.
func (s Spec) Seating(i int) (variant, pair int, sides [2]int) {
	c := len(s.Variants) * len(s.Pairs)
	k := i / c
	variant, pair = i%c/len(s.Pairs), i%c%len(s.Pairs)
	sides = s.Pairs[pair]
	if k%2 == 1 && !s.Solo {
		sides[0], sides[1] = sides[1], sides[0]
	}
	return variant, pair, sides
}

// same reports, as an ErrMismatch error naming the first difference, whether o is not the
// spec of the same run and shard as s.
func (s Spec) same(o Spec) error {
	if d := s.diff(o); d != "" {
		return fmt.Errorf("%w: %s", ErrMismatch, d)
	}
	return nil
}

// diff names the first field in which s and o differ, "" when they are equal.
func (s Spec) diff(o Spec) string {
	a, b := reflect.ValueOf(s), reflect.ValueOf(o)
	for i := range a.NumField() {
		if !reflect.DeepEqual(a.Field(i).Interface(), b.Field(i).Interface()) {
			name := strings.ToLower(a.Type().Field(i).Name)
			return fmt.Sprintf("%s %v here, %v there", name, show(a.Field(i).Interface()), show(b.Field(i).Interface()))
		}
	}
	return ""
}

// show renders a spec field for an error message.
func show(v any) string {
	switch v := v.(type) {
	case Shard:
		return fmt.Sprintf("%d/%d", v.Index, v.Count)
	case []Variant:
		var parts []string
		for _, x := range v {
			parts = append(parts, strings.TrimSpace(x.Name+" "+x.Options.String()))
		}
		return "[" + strings.Join(parts, "; ") + "]"
	case []PlayerSpec:
		var parts []string
		for _, p := range v {
			if p.Name == p.Bot {
				parts = append(parts, p.Bot)
			} else {
				parts = append(parts, p.Name+" ("+p.Bot+")")
			}
		}
		return strings.Join(parts, ", ")
	case [][2]int:
		var parts []string
		for _, p := range v {
			parts = append(parts, fmt.Sprintf("%d-%d", p[0]+1, p[1]+1))
		}
		return strings.Join(parts, " ")
	}
	return fmt.Sprint(v)
}

// Tally is the running count of a run, or of one shard of it: integers only, so that tallies
// merge exactly. It encodes to JSON for shard files.
type Tally struct {
	Spec Spec `json:"spec"`
	// Next is the index of the next match to fold in.
	Next int `json:"next"`
	// All counts every match; Variants counts each variant's matches, Pairs each pairing's.
	All      Group       `json:"all"`
	Variants []Group     `json:"variants"`
	Pairs    []PairTally `json:"pairs"`
	// Tags counts the matches of each tag the game reported, by "key=value".
	Tags map[string]*TagTally `json:"tags"`
	// partial, set by MergePartial when the shards had not played the whole run, makes the
	// report say that it covers part of it.
	partial bool
	// byTag indexes Tags by key and value, so that folding a match builds no "key=value"
	// string; it is rebuilt whenever Tags holds a tag it lacks.
	byTag map[tagName]*TagTally
}

// tagName is a tag's key and value.
type tagName struct{ key, value string }

// tag returns the tally of the tag key=value, created when new.
func (t *Tally) tag(key, value string, side bool) *TagTally {
	if t.byTag == nil || len(t.byTag) != len(t.Tags) {
		t.byTag = make(map[tagName]*TagTally, len(t.Tags))
		for _, tt := range t.Tags {
			t.byTag[tagName{tt.Key, tt.Value}] = tt
		}
	}
	if tt := t.byTag[tagName{key, value}]; tt != nil {
		return tt
	}
	tt := &TagTally{Key: key, Value: value, Side: side}
	t.Tags[key+"="+value] = tt
	t.byTag[tagName{key, value}] = tt
	return tt
}

// NewTally returns the empty tally of the run cfg describes.
func NewTally(cfg Config) (*Tally, error) {
	r, err := newRunner(cfg)
	if err != nil {
		return nil, err
	}
	return newTally(r.spec), nil
}

func newTally(spec Spec) *Tally {
	from, _ := spec.Range()
	t := &Tally{Spec: spec, Next: from, Tags: map[string]*TagTally{}}
	t.Variants = make([]Group, len(spec.Variants))
	t.Pairs = make([]PairTally, len(spec.Pairs))
	for i := range t.Pairs {
		t.Pairs[i].Returns = [2]Values{{}, {}}
	}
	return t
}

// reset empties t, to fold in matches from next on, keeping its storage: the tallies of the
// tags it has seen stay, emptied (merge leaves out a tag no match counted), so that folding in
// the next matches allocates nothing for tags seen before.
func (t *Tally) reset(next int) {
	t.Next = next
	t.All = Group{}
	clear(t.Variants)
	for i := range t.Pairs {
		r := t.Pairs[i].Returns
		clear(r[0])
		clear(r[1])
		t.Pairs[i] = PairTally{Returns: r}
	}
	for _, tt := range t.Tags {
		if tt.Group.Matches != 0 { // the rest are empty already
			*tt = TagTally{Key: tt.Key, Value: tt.Value, Side: tt.Side}
		}
	}
}

// Done reports whether every match of the tally's shard has been folded in.
func (t *Tally) Done() bool {
	_, to := t.Spec.Range()
	return t.Next == to
}

// Moments counts a sample: its size, sum and sum of squares.
type Moments struct {
	N   int64 `json:"n"`
	Sum int64 `json:"sum"`
	Sq  int64 `json:"sq"`
}

func (m *Moments) add(x int64) { m.addN(x, 1) }

// addN adds n observations of x.
func (m *Moments) addN(x, n int64) {
	m.N += n
	m.Sum += x * n
	m.Sq += x * x * n
}

func (m *Moments) merge(o Moments) {
	m.N += o.N
	m.Sum += o.Sum
	m.Sq += o.Sq
}

// Match lengths are counted in buckets: one per length below 32, then 16 per doubling, so a
// bucket is never wider than 1/16 of its lower bound.
const (
	exactLengths  = 32
	subBuckets    = 16
	lengthBuckets = exactLengths + subBuckets*(64-5)
)

// lengthBucket returns the bucket of length x.
func lengthBucket(x int) int {
	if x < exactLengths {
		return max(x, 0)
	}
	e := bits.Len(uint(x)) - 1 // 2^e <= x, e >= 5
	return exactLengths + (e-5)*subBuckets + (x>>(e-4))&(subBuckets-1)
}

// bucketRange returns the lengths [lo, hi) of bucket b.
func bucketRange(b int) (lo, hi int) {
	if b < exactLengths {
		return b, b + 1
	}
	e := (b-exactLengths)/subBuckets + 5
	sub := (b - exactLengths) % subBuckets
	width := 1 << (e - 4)
	lo = 1<<e + sub*width
	return lo, lo + width
}

// maxRally bounds the rally lengths counted one by one: longer rallies share the last bucket.
const maxRally = 64

// Group counts the matches of one part of a run: all of it, a variant, a tag.
type Group struct {
	Matches     int64 `json:"matches"`
	Draws       int64 `json:"draws"`
	SeatOneWins int64 `json:"seatOneWins"`
	// Actions is the match length; Lengths counts matches by length bucket.
	Actions Moments `json:"actions"`
	Lengths Buckets `json:"lengths"`
	// Tennis counts the matches that reported engine.TennisFacts; the rest of the group counts
	// only those.
	Tennis       int64    `json:"tennis"`
	Points       Moments  `json:"points"`
	Games        int64    `json:"games"`
	GamePoints   int64    `json:"gamePoints"` // points of the matches that have games
	ServiceGames [2]int64 `json:"serviceGames"`
	Holds        [2]int64 `json:"holds"`
	ServePoints  [2]int64 `json:"servicePoints"`
	ServeWon     [2]int64 `json:"servicePointsWon"`
	// Shots counts the shots per point, Rallies the points by shots (the last bucket open).
	Shots       Moments         `json:"shots"`
	Rallies     [maxRally]int64 `json:"rallies"`
	LeadChanges Moments         `json:"leadChanges"`

	// lengthsLo and lengthsHi bound the buckets of Lengths in use, [lo, hi), when ranged: add
	// keeps them in a group it starts, so that merging a batch's group into the run's, which
	// cannot run in parallel, adds those buckets alone rather than all of them. A group read
	// from a file is not ranged.
	lengthsLo, lengthsHi int
	ranged               bool
}

// Buckets counts match lengths by bucket. It encodes as [bucket, count] pairs of the buckets
// in use.
type Buckets [lengthBuckets]int64

// MarshalJSON encodes the buckets in use.
func (b *Buckets) MarshalJSON() ([]byte, error) {
	pairs := [][2]int64{}
	for i, n := range b {
		if n != 0 {
			pairs = append(pairs, [2]int64{int64(i), n})
		}
	}
	return json.Marshal(pairs)
}

// UnmarshalJSON decodes what MarshalJSON encodes.
func (b *Buckets) UnmarshalJSON(data []byte) error {
	var pairs [][2]int64
	if err := json.Unmarshal(data, &pairs); err != nil {
		return err
	}
	*b = Buckets{}
	for _, p := range pairs {
		if p[0] < 0 || p[0] >= lengthBuckets {
			return fmt.Errorf("length bucket %d out of range", p[0])
		}
		b[p[0]] += p[1]
	}
	return nil
}

func (g *Group) add(r *MatchResult) {
	g.Matches++
	switch r.Winner {
	case -1:
		g.Draws++
	case 0:
		g.SeatOneWins++
	}
	g.Actions.add(int64(r.Actions))
	b := lengthBucket(r.Actions)
	g.Lengths[b]++
	switch {
	case g.ranged:
		g.lengthsLo, g.lengthsHi = min(g.lengthsLo, b), max(g.lengthsHi, b+1)
	case g.Matches == 1:
		g.ranged, g.lengthsLo, g.lengthsHi = true, b, b+1
	}
	f := r.Facts
	if f == nil {
		return
	}
	g.Tennis++
	g.Points.add(int64(f.Points))
	if f.Games > 0 {
		g.Games += int64(f.Games)
		g.GamePoints += int64(f.Points)
	}
	for side := range 2 {
		g.ServiceGames[side] += int64(f.ServiceGames[side])
		g.Holds[side] += int64(f.Holds[side])
		g.ServePoints[side] += int64(f.ServicePoints[side])
		g.ServeWon[side] += int64(f.ServicePointsWon[side])
	}
	for k, n := range f.Shots {
		g.Shots.addN(int64(k), int64(n))
		g.Rallies[min(k, maxRally-1)] += int64(n)
	}
	g.LeadChanges.add(int64(f.LeadChanges))
}

func (g *Group) merge(o *Group) {
	g.Matches += o.Matches
	g.Draws += o.Draws
	g.SeatOneWins += o.SeatOneWins
	g.Actions.merge(o.Actions)
	lo, hi := 0, len(o.Lengths)
	if o.ranged {
		lo, hi = o.lengthsLo, o.lengthsHi
	}
	switch {
	case o.Matches == 0: // nothing to add, every count coming from a match
	case g.ranged && o.ranged:
		g.lengthsLo, g.lengthsHi = min(g.lengthsLo, lo), max(g.lengthsHi, hi)
	case g.Matches == o.Matches && !g.ranged: // g was empty
		g.ranged, g.lengthsLo, g.lengthsHi = o.ranged, lo, hi
	default:
		g.ranged = false
	}
	for i := lo; i < hi; i++ {
		g.Lengths[i] += o.Lengths[i]
	}
	g.Tennis += o.Tennis
	g.Points.merge(o.Points)
	g.Games += o.Games
	g.GamePoints += o.GamePoints
	for side := range 2 {
		g.ServiceGames[side] += o.ServiceGames[side]
		g.Holds[side] += o.Holds[side]
		g.ServePoints[side] += o.ServePoints[side]
		g.ServeWon[side] += o.ServeWon[side]
	}
	g.Shots.merge(o.Shots)
	for i, n := range o.Rallies {
		g.Rallies[i] += n
	}
	g.LeadChanges.merge(o.LeadChanges)
}

// Values counts the returns a player received, by value ("1", "-1", "0.5"): games pay a handful
// of distinct returns, and a count per value adds up exactly in any order.
type Values map[string]int64

func (v Values) add(x float64, n int64) {
	v[valueKey(x)] += n
}

// valueKey is x in the form Values keys it: strconv's shortest 'g' format, looked up for the
// small integers most returns are.
func valueKey(x float64) string {
	if i := int(x); float64(i) == x && i >= -smallKeys && i <= smallKeys && !(x == 0 && math.Signbit(x)) {
		return smallKeyNames[i+smallKeys]
	}
	return strconv.FormatFloat(x, 'g', -1, 64)
}

const smallKeys = 8

var smallKeyNames = func() (names [2*smallKeys + 1]string) {
	for i := range names {
		names[i] = strconv.FormatFloat(float64(i-smallKeys), 'g', -1, 64)
	}
	return names
}()

// PairTally counts one pairing's matches; index 0 is the pairing's first player.
type PairTally struct {
	Matches      int64     `json:"matches"`
	Wins         [2]int64  `json:"wins"`
	Draws        int64     `json:"draws"`
	SeatOneWins  int64     `json:"seatOneWins"`
	Returns      [2]Values `json:"returns"`
	PointsWon    [2]int64  `json:"pointsWon"`
	ServiceGames [2]int64  `json:"serviceGames"`
	Holds        [2]int64  `json:"holds"`
	ServePoints  [2]int64  `json:"servicePoints"`
	ServeWon     [2]int64  `json:"servicePointsWon"`
}

// fits checks that r can be the result of match i of the run sp: a match of its shard, in
// the match's variant, pairing and seating, with a winner that is a side or a draw. It
// returns the match's seating.
func (sp Spec) fits(i int, r MatchResult) (v, pair int, sides [2]int, err error) {
	from, to := sp.Range()
	if r.Index != i || i < from || i >= to {
		return 0, 0, sides, fmt.Errorf("%w: result of match %d where this shard plays matches %d to %d", ErrMismatch, r.Index, from, to-1)
	}
	v, pair, sides = sp.Seating(i)
	if r.Variant != v || r.Pair != pair || r.Sides != sides || r.Winner < -1 || r.Winner > 1 {
		return 0, 0, sides, fmt.Errorf("%w: match %d is variant %d, pairing %d, sides %v in this run; the result says %d, %d, %v",
			ErrMismatch, i, v, pair, sides, r.Variant, r.Pair, r.Sides)
	}
	return v, pair, sides, nil
}

// TagTally counts the matches of one tag. A tag of one side also counts its sides' results.
type TagTally struct {
	Key   string `json:"key"`
	Value string `json:"value"`
	// Side reports a tag of one side (a character) rather than of the whole match (a surface).
	Side  bool  `json:"side"`
	Group Group `json:"group"`
	// Appearances counts the sides that had the tag, and Wins and Draws their results.
	Appearances int64 `json:"appearances"`
	Wins        int64 `json:"wins"`
	Draws       int64 `json:"draws"`
}

// Add folds in the result of the next match of t's shard.
func (t *Tally) Add(r MatchResult) error {
	_, to := t.Spec.Range()
	if r.Index != t.Next || t.Next >= to {
		return fmt.Errorf("%w: result of match %d where match %d was due (this shard plays up to %d)", ErrMismatch, r.Index, t.Next, to-1)
	}
	v, pair, sides, err := t.Spec.fits(r.Index, r)
	if err != nil {
		return err
	}
	t.Next++
	t.All.add(&r)
	t.Variants[v].add(&r)

	p := &t.Pairs[pair]
	pos := [2]int{0, 1} // the pairing position of side 0 and side 1
	if sides[0] != t.Spec.Pairs[pair][0] {
		pos = [2]int{1, 0}
	}
	p.Matches++
	switch r.Winner {
	case -1:
		p.Draws++
	case 0:
		p.SeatOneWins++
		p.Wins[pos[0]]++
	case 1:
		p.Wins[pos[1]]++
	}
	for side := range 2 {
		p.Returns[pos[side]].add(r.Returns[side], 1)
	}
	if f := r.Facts; f != nil {
		for side := range 2 {
			q := pos[side]
			p.PointsWon[q] += int64(f.PointsWon[side])
			p.ServiceGames[q] += int64(f.ServiceGames[side])
			p.Holds[q] += int64(f.Holds[side])
			p.ServePoints[q] += int64(f.ServicePoints[side])
			p.ServeWon[q] += int64(f.ServicePointsWon[side])
		}
		var seen [8]*TagTally
		counted := seen[:0] // the tags whose group counts the match already
		for _, tag := range f.Tags {
			tt := t.tag(tag.Key, tag.Value, tag.Side >= 0)
			if !slices.Contains(counted, tt) {
				counted = append(counted, tt)
				tt.Group.add(&r)
			}
			if tag.Side == 0 || tag.Side == 1 {
				tt.Appearances++
				switch r.Winner {
				case -1:
					tt.Draws++
				case tag.Side:
					tt.Wins++
				}
			}
		}
	}
	return nil
}

// Merge combines the complete tallies of every shard of one run into the tally of the whole
// run, which reports exactly what one unsharded run reports. The shards may come in any order.
func Merge(shards ...*Tally) (*Tally, error) { return merge(shards, false) }

// MergePartial combines what the tallies of one run's shards hold so far, unfinished or
// missing shards included, into the tally of the matches they played, whose report says that
// it covers part of the run (Report.RunMatches). Unlike Merge's, its report is not the one a
// finished run gives.
func MergePartial(shards ...*Tally) (*Tally, error) { return merge(shards, true) }

func merge(shards []*Tally, partial bool) (*Tally, error) {
	if len(shards) == 0 {
		return nil, errors.New("merge needs at least one tally")
	}
	n := shards[0].Spec.Shard.Count
	byIndex := make([]*Tally, n)
	for _, s := range shards {
		whole, first := s.Spec, shards[0].Spec
		whole.Shard, first.Shard = Shard{}, Shard{}
		if d := first.diff(whole); d != "" {
			return nil, fmt.Errorf("%w: shard %d/%d and shard %d/%d differ: %s", ErrMismatch,
				shards[0].Spec.Shard.Index, n, s.Spec.Shard.Index, s.Spec.Shard.Count, d)
		}
		if s.Spec.Shard.Count != n {
			return nil, fmt.Errorf("%w: shard %d/%d does not belong with shard %d/%d", ErrMismatch,
				s.Spec.Shard.Index, s.Spec.Shard.Count, shards[0].Spec.Shard.Index, n)
		}
		i := s.Spec.Shard.Index
		if i < 0 || i >= n {
			return nil, fmt.Errorf("shard %d/%d: no such shard", i, n)
		}
		if byIndex[i] != nil {
			return nil, fmt.Errorf("shard %d/%d is given twice", i, n)
		}
		if !s.Done() && !partial {
			from, to := s.Spec.Range()
			return nil, fmt.Errorf("shard %d/%d has %d of its %d matches: finish it (--resume) before merging", i, n, s.Next-from, to-from)
		}
		byIndex[i] = s
	}
	var missing []string
	for i, s := range byIndex {
		if s == nil {
			missing = append(missing, fmt.Sprintf("%d/%d", i, n))
		}
	}
	if len(missing) > 0 && !partial {
		return nil, fmt.Errorf("missing shards: %s", strings.Join(missing, ", "))
	}
	spec := shards[0].Spec
	spec.Shard = Shard{Index: 0, Count: 1}
	out := newTally(spec)
	for _, s := range byIndex {
		if s != nil {
			out.merge(s)
		}
	}
	out.Next = spec.Total()
	out.partial = int(out.All.Matches) < spec.Total()
	return out, nil
}

func (t *Tally) merge(o *Tally) {
	t.All.merge(&o.All)
	for i := range t.Variants {
		t.Variants[i].merge(&o.Variants[i])
	}
	for i := range t.Pairs {
		p, q := &t.Pairs[i], &o.Pairs[i]
		p.Matches += q.Matches
		p.Draws += q.Draws
		p.SeatOneWins += q.SeatOneWins
		for k := range 2 {
			p.Wins[k] += q.Wins[k]
			for v, n := range q.Returns[k] {
				p.Returns[k][v] += n
			}
			p.PointsWon[k] += q.PointsWon[k]
			p.ServiceGames[k] += q.ServiceGames[k]
			p.Holds[k] += q.Holds[k]
			p.ServePoints[k] += q.ServePoints[k]
			p.ServeWon[k] += q.ServeWon[k]
		}
	}
	// The order of the tags does not matter: the counts are integers.
	for key, q := range o.Tags {
		if q.Group.Matches == 0 {
			continue // an emptied tag of a reused tally (reset): no match has it
		}
		p := t.Tags[key]
		if p == nil {
			p = &TagTally{Key: q.Key, Value: q.Value, Side: q.Side}
			t.Tags[key] = p
		}
		p.Group.merge(&q.Group)
		p.Appearances += q.Appearances
		p.Wins += q.Wins
		p.Draws += q.Draws
	}
}
