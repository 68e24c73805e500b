package ismcts

import (
	"fmt"
	"hash/maphash"
	"math"
	"math/bits"
	"math/rand/v2"
	"sync/atomic"

	"deuce/engine"
)

// node is an information set of the seat to move. Its edges, one per action seen legal there,
// lie in tree.edges[first:first+count] in ascending order of action; its return sums, one per
// seat, in tree.rets[index*seats:].
type node struct {
	key    uint64
	seat   int32
	first  int32
	count  int32
	visits int32
	// regret marks a decision of a simultaneous step chosen by regret matching
	// (Options.Regret); exact, one whose regrets have been computed for every action
	// (regretExact).
	regret, exact bool
}

// edge is one action of a node.
type edge struct {
	action engine.Action
	visits int32   // iterations that chose it
	avail  int32   // visits to the node in which it was legal
	prior  int32   // of those, visits in which the prior chose it
	sum    float64 // the node's seat's returns after choosing it
	// Regret matching (node.regret): the action's cumulative regret, and the sum of the
	// strategies it was played with (the average strategy, unnormalised).
	regret, strat float64
}

// step is one choice on an iteration's path; prob is the probability regret matching chose
// it with (0 at a UCB1 node).
type step struct {
	node, edge int32
	prob       float64
}

// tree is one tree of a search, with its own random stream. Its storage is kept for the next
// search.
type tree struct {
	// claim is held by the worker running a batch of the tree's iterations; everything
	// below is read and written under it.
	claim atomic.Bool

	opts  Options
	root  engine.State
	seat  engine.Seat
	seats int
	pcg   *rand.PCG
	rng   *rand.Rand
	quota int // iterations to run; 0 for as many as time allows
	done  int
	limit int // nodes at most
	err   error
	// rootObs is the hash of the searching seat's observation at the root, which every
	// determinization shares.
	rootObs uint64
	// rewound marks a search from the start of the root's simultaneous step (StepStarter):
	// the searching seat's node is then not the first, and rootKey finds it.
	rewound bool
	rootKey uint64
	// evaluated marks an iteration whose returns Options.Evaluate gave.
	evaluated bool
	// The last regret step of an iteration's descent (Options.Evaluate): the state at its
	// start (nil when there is none), the actions applied in it (stepActs of them: the
	// recorded ones in acts), the path's length after its last node, and the path index of
	// its first node. exactStep marks an iteration that Evaluate valued right at the end of
	// that step, whose every choice is then replayed against the others' (stepValues).
	stepStart engine.State
	start     engine.State // storage for stepStart
	replay    engine.State // the last replay's state, whose storage the next reuses
	acts      []engine.Action
	actIdx    []int // per node of the step, from stepFirst on: its action's index in acts
	stepFirst int
	stepEnd   int
	exactStep bool
	vbuf      []float64
	ebuf      []float64
	sbufA     []float64
	sbufB     []float64
	// horizon is Options.Horizon where the game counts points, else 0; rootWon is the points
	// won at the root.
	horizon int
	rootWon [2]int
	// judge is Options.Judge's valuation for the root searched, or nil.
	judge func(engine.State) float64

	nodes []node
	edges []edge
	rets  []float64
	table []int32 // open addressing on node keys: node index+1, 0 for an empty slot

	// Per-iteration scratch.
	path    []step
	hist    []uint64 // per seat: its own observations and actions so far on the path
	ret     []float64
	buf     []engine.Action
	cbuf    []engine.ChanceOutcome
	idx     []int32
	untried []int32
	keyBuf  []byte
	rbuf    []float64
	pbuf    []float64
	scratch engine.State // the last iteration's determinization, whose storage the next reuses
	view    engine.State // the last determinization a policy chose on (Options.OwnView)
}

// reset prepares t for a search of root for seat; start is root, or the start of root's
// simultaneous step when the search rewinds it (StepStarter).
func (t *tree) reset(o *Options, root, start engine.State, seat engine.Seat, seed uint64, quota int) {
	t.opts = *o
	t.root, t.seat, t.seats = start, seat, root.NumSeats()
	if t.pcg == nil {
		t.pcg = rand.NewPCG(seed, 0)
		t.rng = rand.New(t.pcg)
	} else {
		t.pcg.Seed(seed, 0)
	}
	t.quota, t.done, t.err = quota, 0, nil
	t.limit = o.MaxNodes
	if quota > 0 {
		t.limit = min(t.limit, quota)
	}
	// Storage for the whole budget up front, or for a good start when only time limits the
	// search; it grows by doubling beyond that.
	want := min(t.limit, initialNodes)
	if cap(t.nodes) < want {
		t.nodes = make([]node, 0, want)
		t.rets = make([]float64, 0, want*t.seats)
		t.edges = make([]edge, 0, 4*want)
	}
	t.nodes, t.edges, t.rets = t.nodes[:0], t.edges[:0], t.rets[:0]
	if size := tableSize(want); len(t.table) < size {
		t.table = make([]int32, size)
	} else {
		clear(t.table)
	}
	t.hist = resize(t.hist, t.seats)
	t.ret = resize(t.ret, t.seats)
	t.rootObs = t.observe(root, seat)
	t.rewound = start != root
	t.rootKey = mix(mix(0, uint64(seat)+1), t.rootObs)
	t.horizon, t.judge = 0, nil
	if p, ok := root.(engine.Points); ok && o.Horizon > 0 {
		t.horizon, t.rootWon = o.Horizon, p.PointsWon()
		if o.Judge != nil {
			t.judge = o.Judge(root)
		}
	}
}

// initialNodes is the most nodes a tree allocates for before it needs them.
const initialNodes = 1 << 14

// tableSize is the hash table's size for n nodes: a power of two, at least twice n.
func tableSize(n int) int {
	size := 64
	for size < 2*n {
		size *= 2
	}
	return size
}

func resize[T any](s []T, n int) []T {
	if cap(s) < n {
		return make([]T, n)
	}
	return s[:n]
}

// iterate runs one iteration: determinize, descend the tree, play out, back up.
func (t *tree) iterate() error {
	var s engine.State
	if t.opts.Oracle {
		s = t.root.Clone()
	} else {
		s = t.determinize(t.scratch, t.root, t.seat)
		t.scratch = s
	}
	t.path = t.path[:0]
	clear(t.hist)
	clear(t.ret)
	t.evaluated, t.exactStep, t.stepStart = false, false, nil
	if err := t.descend(s); err != nil {
		return err
	}
	d := t.opts.Determinizations
	switch {
	case t.evaluated:
	case d == 1 || s.ToMove() == engine.Nobody:
		if err := t.playout(s); err != nil {
			return err
		}
	default:
		leaf := s.Clone()
		if err := t.playout(s); err != nil {
			return err
		}
		for range d - 1 {
			var next engine.State
			if t.opts.Oracle {
				next = leaf.Clone()
			} else {
				next = t.determinize(nil, leaf, t.seat)
			}
			if err := t.playout(next); err != nil {
				return err
			}
		}
		for i := range t.ret {
			t.ret[i] /= float64(d)
		}
	}
	t.backup()
	return nil
}

// descend walks s down the tree, choosing at every node on the way, until the match ends, the
// iteration reaches a decision after the node it added, Options.Evaluate values the state, or
// the tree is full. With Options.Regret a simultaneous step is never left half played: the
// decisions of a step whose first node the iteration added get their nodes too.
func (t *tree) descend(s engine.State) error {
	expanded := false
	owed := 0 // seats that still owe a choice in the regret step just chosen in
	// Chance outcomes and forced moves lead on without a choice of the tree's: like a
	// playout, the descent stops after MaxPlayout of them, where they might go on for ever.
	for steps := 0; steps < MaxPlayout; steps++ {
		to := s.ToMove()
		midStep := owed > 0 && to >= 0 && len(pending(s)) == owed
		owed = 0
		if t.opts.Evaluate != nil && to >= 0 && len(t.path) > 0 && !midStep && t.opts.Evaluate(s, t.ret) {
			t.evaluated = true
			// The step just played is replayable when nothing but its choices came between
			// its start and here.
			t.exactStep = t.stepStart != nil && t.stepEnd == len(t.path)
			return nil
		}
		if t.horizon > 0 && to != engine.Nobody {
			if _, played := t.pointsSince(s); played >= t.horizon {
				return nil // the playout scores the points at once
			}
		}
		switch {
		case to == engine.Nobody:
			// A match that a step ends is valued exactly as well, by its result.
			t.exactStep = t.opts.Evaluate != nil && t.stepStart != nil && t.stepEnd == len(t.path)
			return nil
		case to == engine.Chance:
			if err := t.chance(s); err != nil {
				return err
			}
			t.stepStart = nil
			continue
		}
		t.buf = s.Legal(t.buf)
		legal := t.buf
		if t.opts.Prune && !t.isRoot(s, to) {
			if p, ok := s.(engine.Pruner); ok {
				legal = p.Prune(legal)
			}
		}
		switch len(legal) {
		case 0:
			return fmt.Errorf("ismcts: %v to move has no legal action", to)
		case 1:
			if midStep {
				owed = len(pending(s)) - 1
				t.recordStep(legal[0])
			}
			if err := applyListed(s, legal[0]); err != nil {
				return err
			}
			continue
		}
		if expanded && !midStep {
			return nil
		}
		var obs uint64
		if len(t.path) == 0 && !t.rewound {
			obs = t.rootObs // the first decision is the searching seat's, at the root
		} else if t.opts.SingleObserver && to != t.seat && !simultaneous(s) {
			obs = t.observe(s, t.seat)
		} else {
			obs = t.observe(s, to)
		}
		key := mix(mix(t.hist[to], uint64(to)+1), obs)
		ni := t.lookup(key)
		if ni < 0 {
			if len(t.nodes) >= t.limit {
				return nil
			}
			ni = t.add(key, to, legal)
			t.nodes[ni].regret = t.opts.Regret && simultaneous(s)
			expanded = true
		}
		var a engine.Action
		var ei int32
		prob := 0.0
		if t.nodes[ni].regret {
			a, ei, prob = t.chooseRegret(ni, legal)
			owed = len(pending(s)) - 1
			if t.opts.Evaluate != nil {
				if !midStep {
					t.startStep(s)
				}
				t.recordStep(a)
				t.actIdx = append(t.actIdx, len(t.acts)-1)
				t.stepEnd = len(t.path) + 1
			}
		} else {
			a, ei = t.choose(ni, s, legal, len(t.path) == 0 && !t.rewound)
		}
		t.path = append(t.path, step{ni, ei, prob})
		t.hist[to] = mix(mix(t.hist[to], obs), uint64(a))
		if err := applyListed(s, a); err != nil {
			return err
		}
	}
	return nil
}

// startStep records that a regret step starts at s.
func (t *tree) startStep(s engine.State) {
	t.start = copyState(t.start, s)
	t.stepStart = t.start
	t.acts, t.actIdx = t.acts[:0], t.actIdx[:0]
	t.stepFirst = len(t.path)
}

// copyState returns a copy of s, written over dst where s is a Copier.
func copyState(dst, s engine.State) engine.State {
	if c, ok := s.(Copier); ok && dst != nil {
		return c.CopyInto(dst)
	}
	return s.Clone()
}

// recordStep records an action of the regret step in progress.
func (t *tree) recordStep(a engine.Action) {
	if t.stepStart == nil {
		return
	}
	t.acts = append(t.acts, a)
}

// stepValues returns, for each edge of the regret node at path index pi of the exactly
// valued step, the value for the node's seat of choosing that edge's action while every other
// choice of the step stays as sampled; ok is false when a replay fails (an action that another
// choice made illegal).
func (t *tree) stepValues(pi int) (vals []float64, ok bool) {
	n := &t.nodes[t.path[pi].node]
	es := t.edges[n.first : n.first+n.count]
	k := t.actIdx[pi-t.stepFirst]
	saved := t.acts[k]
	defer func() { t.acts[k] = saved }()
	t.vbuf = resize(t.vbuf, len(es))
	t.ebuf = resize(t.ebuf, t.seats)
	for i := range es {
		t.acts[k] = es[i].action
		if !t.replayValue(t.ebuf) {
			return nil, false
		}
		t.vbuf[i] = t.ebuf[n.seat]
	}
	return t.vbuf, true
}

// choose picks the action of node ni in s: an untried legal action first (the prior's choice
// if it is one), otherwise the best UCB1 score with availability counts and progressive bias,
// the lowest action winning ties. It returns the action and its edge.
func (t *tree) choose(ni int32, s engine.State, legal []engine.Action, root bool) (engine.Action, int32) {
	idx := t.align(ni, legal)
	if root && t.opts.FocusVisits > 0 {
		// Options.Focus: the move judged gets its visits first.
		for i, ei := range idx {
			if legal[i] == t.opts.Focus && t.edges[ei].visits < int32(t.opts.FocusVisits) {
				for _, ej := range idx {
					t.edges[ej].avail++ // the node was visited with every edge legal
				}
				return legal[i], ei
			}
		}
	}
	prior, hasPrior := engine.Action(0), t.opts.Prior != nil
	if hasPrior {
		prior = t.opts.Prior(t.own(s, s.ToMove()), t.rng)
	}
	untried := t.untried[:0]
	priorUntried := -1
	for i, ei := range idx {
		e := &t.edges[ei]
		e.avail++
		if hasPrior && legal[i] == prior {
			e.prior++
		}
		if e.visits == 0 {
			if hasPrior && legal[i] == prior {
				priorUntried = i
			}
			untried = append(untried, int32(i))
		}
	}
	t.untried = untried
	if len(untried) > 0 {
		i := priorUntried
		if i < 0 {
			i = int(untried[t.rng.IntN(len(untried))])
		}
		return legal[i], idx[i]
	}
	c, bias := t.opts.Exploration, t.opts.Bias
	best, bestScore := 0, math.Inf(-1)
	for i, ei := range idx {
		e := &t.edges[ei]
		n := float64(e.visits)
		score := e.sum/n + c*math.Sqrt(math.Log(float64(e.avail))/n)
		if bias > 0 {
			score += bias * float64(e.prior) / float64(e.avail) / (n + 1)
		}
		if score > bestScore {
			best, bestScore = i, score
		}
	}
	return legal[best], idx[best]
}

// simultaneous reports whether s's decision is part of a simultaneous step.
func simultaneous(s engine.State) bool {
	return len(pending(s)) > 0
}

// pending lists the seats that owe a secret choice in s's simultaneous step (none when s has
// no such step).
func pending(s engine.State) []engine.Seat {
	if sim, ok := s.(engine.Simultaneous); ok {
		return sim.Pending()
	}
	return nil
}

// regretExplore is the share of a regret-matching choice spread uniformly over the actions at
// a node whose regrets are sampled (regretUpdate), so that every action keeps being sampled
// and its regret estimated. A node whose regrets are computed for every action (regretExact)
// needs none, and samples its matched strategy itself, as external sampling does.
const regretExplore = 0.1

// chooseRegret picks the action of node ni by regret matching with outcome sampling: with
// probability proportional to its positive cumulative regret (uniformly when none is
// positive), mixed with regretExplore of uniform exploration. It adds the matched strategy to
// the edges' average strategy and returns the action, its edge and the probability it was
// chosen with.
func (t *tree) chooseRegret(ni int32, legal []engine.Action) (engine.Action, int32, float64) {
	idx := t.align(ni, legal)
	// The t-th visit's strategy weighs t in the average (linear averaging), which forgets the
	// first, nearly uniform, strategies sooner.
	n := &t.nodes[ni]
	explore := regretExplore
	if n.exact {
		explore = 0
	}
	probs := t.probs(idx, float64(n.visits+1), explore)
	for _, ei := range idx {
		t.edges[ei].avail++
	}
	r := t.rng.Float64()
	pick := len(idx) - 1
	for i, p := range probs[:len(idx)-1] {
		if r < p {
			pick = i
			break
		}
		r -= p
	}
	return legal[pick], idx[pick], probs[pick]
}

// probs returns the sampling probabilities of regret matching over the edges idx, explore of
// them uniform, and adds the matched strategy, weighted by w, to their average strategy.
func (t *tree) probs(idx []int32, w, explore float64) []float64 {
	t.pbuf = resize(t.pbuf, len(idx))
	total := 0.0
	for i, ei := range idx {
		t.pbuf[i] = max(t.edges[ei].regret, 0)
		total += t.pbuf[i]
	}
	k := float64(len(idx))
	for i, ei := range idx {
		sigma := 1 / k
		if total > 0 {
			sigma = t.pbuf[i] / total
		}
		t.edges[ei].strat += w * sigma
		t.pbuf[i] = (1-explore)*sigma + explore/k
	}
	return t.pbuf
}

// regretUpdate adds the regrets of one outcome-sampled visit to the edges of node n, the
// action chosen with probability prob having returned u. Each action's value is estimated
// with its mean return so far as a baseline (variance-reduced outcome sampling): the baseline
// for every action, plus (u - baseline)/prob for the chosen one, an unbiased estimate with
// far less variance than u/prob alone. The regrets are the estimates less the matched
// strategy's estimated value.
func (t *tree) regretUpdate(n *node, chosen int32, prob, u float64) {
	es := t.edges[n.first : n.first+n.count]
	sigma := t.matched(&t.sbufA, es)
	t.rbuf = resize(t.rbuf, len(es))
	value := 0.0
	for i := range es {
		e := &es[i]
		v := 0.0
		if e.visits > 0 {
			v = e.sum / float64(e.visits)
		}
		if n.first+int32(i) == chosen {
			v += (u - v) / prob
		}
		t.rbuf[i] = v
		value += sigma[i] * v
	}
	for i := range es {
		es[i].regret += t.rbuf[i] - value
	}
}

// stepMatrix updates the regrets of the two nodes of an exactly valued step of two choices
// with the whole matrix of the step's outcomes: each action's value is its expected value
// against the other node's matched strategy, every pair of actions replayed and valued (pairs
// that neither strategy plays are skipped). This is regret matching+ on the step's matrix
// game, with no sampling noise left. It reports false, changing nothing, when a replay fails.
func (t *tree) stepMatrix() bool {
	pa, pb := t.stepFirst, t.stepFirst+1
	na, nb := &t.nodes[t.path[pa].node], &t.nodes[t.path[pb].node]
	ea := t.edges[na.first : na.first+na.count]
	eb := t.edges[nb.first : nb.first+nb.count]
	sa := t.matched(&t.sbufA, ea)
	sb := t.matched(&t.sbufB, eb)
	t.vbuf = resize(t.vbuf, len(ea)+len(eb))
	va, vb := t.vbuf[:len(ea)], t.vbuf[len(ea):]
	clear(t.vbuf)
	t.ebuf = resize(t.ebuf, t.seats)
	ka, kb := t.actIdx[0], t.actIdx[1]
	saved := [2]engine.Action{t.acts[ka], t.acts[kb]}
	defer func() { t.acts[ka], t.acts[kb] = saved[0], saved[1] }()
	for i := range ea {
		for j := range eb {
			if sa[i] == 0 && sb[j] == 0 {
				continue
			}
			t.acts[ka], t.acts[kb] = ea[i].action, eb[j].action
			if !t.replayValue(t.ebuf) {
				return false
			}
			va[i] += sb[j] * t.ebuf[na.seat]
			vb[j] += sa[i] * t.ebuf[nb.seat]
		}
	}
	t.regretExact(na, va)
	t.regretExact(nb, vb)
	return true
}

// matched writes to *buf and returns regret matching's strategy over the edges es.
func (t *tree) matched(buf *[]float64, es []edge) []float64 {
	*buf = resize(*buf, len(es))
	s := *buf
	total := 0.0
	for i := range es {
		s[i] = max(es[i].regret, 0)
		total += s[i]
	}
	for i := range s {
		if total > 0 {
			s[i] /= total
		} else {
			s[i] = 1 / float64(len(s))
		}
	}
	return s
}

// replayValue plays the step's actions t.acts from its start and writes Evaluate's returns
// to ret; it reports false when an action is refused or Evaluate gives no value.
func (t *tree) replayValue(ret []float64) bool {
	r := copyState(t.replay, t.stepStart)
	t.replay = r
	for _, a := range t.acts {
		if r.Apply(a) != nil {
			return false
		}
	}
	return t.value(r, ret)
}

// value writes the returns of a replayed step's outcome r to ret: the match's returns where it
// is over, otherwise Evaluate's. It reports false where Evaluate gives no value.
func (t *tree) value(r engine.State, ret []float64) bool {
	if r.ToMove() == engine.Nobody {
		t.rbuf = engine.AppendReturns(t.rbuf, r)
		clear(ret)
		copy(ret, t.rbuf)
		return true
	}
	clear(ret)
	return t.opts.Evaluate(r, ret)
}

// regretExact adds the regrets of one visit to the edges of node n whose every action's value
// vals the step's replay gave: each value less the matched strategy's, the sums floored at 0
// (regret matching+, which these exact updates allow and which converges much faster).
func (t *tree) regretExact(n *node, vals []float64) {
	es := t.edges[n.first : n.first+n.count]
	sigma := t.matched(&t.sbufA, es)
	value := 0.0
	for i := range es {
		value += sigma[i] * vals[i]
	}
	for i := range es {
		es[i].regret = max(es[i].regret+vals[i]-value, 0)
	}
	n.exact = true
}

// align returns the edge of node ni for each action of legal, adding edges for actions the
// node has not seen legal before.
func (t *tree) align(ni int32, legal []engine.Action) []int32 {
	for {
		n := t.nodes[ni]
		es := t.edges[n.first : n.first+n.count]
		idx := t.idx[:0]
		j := 0
		for _, a := range legal {
			for j < len(es) && es[j].action < a {
				j++
			}
			if j == len(es) || es[j].action != a {
				break
			}
			idx = append(idx, n.first+int32(j))
		}
		t.idx = idx
		if len(idx) == len(legal) {
			return idx
		}
		t.widen(ni, legal)
	}
}

// widen moves node ni's edges to the end of the edge store, merged with the actions of legal.
// The old span is left unused: availability that varies by determinization is rare.
func (t *tree) widen(ni int32, legal []engine.Action) {
	n := &t.nodes[ni]
	first := int32(len(t.edges))
	i, j := n.first, 0
	end := n.first + n.count
	for i < end || j < len(legal) {
		switch {
		case j == len(legal) || i < end && t.edges[i].action < legal[j]:
			t.edges = append(t.edges, t.edges[i])
			i++
		case i == end || legal[j] < t.edges[i].action:
			t.edges = append(t.edges, edge{action: legal[j]})
			j++
		default:
			t.edges = append(t.edges, t.edges[i])
			i++
			j++
		}
	}
	n.first, n.count = first, int32(len(t.edges))-first
}

// add creates the node of key for seat with an edge per legal action, and returns its index.
func (t *tree) add(key uint64, seat engine.Seat, legal []engine.Action) int32 {
	ni := int32(len(t.nodes))
	t.nodes = append(t.nodes, node{key: key, seat: int32(seat), first: int32(len(t.edges)), count: int32(len(legal))})
	for _, a := range legal {
		t.edges = append(t.edges, edge{action: a})
	}
	for range t.seats {
		t.rets = append(t.rets, 0)
	}
	if 2*len(t.nodes) > len(t.table) {
		t.rehash(2 * len(t.table))
	}
	t.insert(ni)
	return ni
}

// lookup returns the index of the node of key, or -1.
func (t *tree) lookup(key uint64) int32 {
	mask := uint64(len(t.table) - 1)
	for p := key & mask; ; p = (p + 1) & mask {
		v := t.table[p]
		if v == 0 {
			return -1
		}
		if t.nodes[v-1].key == key {
			return v - 1
		}
	}
}

func (t *tree) insert(ni int32) {
	mask := uint64(len(t.table) - 1)
	p := t.nodes[ni].key & mask
	for t.table[p] != 0 {
		p = (p + 1) & mask
	}
	t.table[p] = ni + 1
}

func (t *tree) rehash(size int) {
	t.table = make([]int32, size)
	for i := range t.nodes {
		t.insert(int32(i))
	}
}

// playout plays s to the end (or to the depth cap) and adds the returns to t.ret.
func (t *tree) playout(s engine.State) error {
	policy := t.opts.Playout
	limit := t.opts.Depth
	if limit <= 0 || limit > MaxPlayout {
		limit = MaxPlayout
	}
	for n := 0; ; n++ {
		to := s.ToMove()
		if to == engine.Nobody {
			if t.judge != nil {
				t.judged(s)
				return nil
			}
			t.rbuf = engine.AppendReturns(t.rbuf, s)
			for i, r := range t.rbuf {
				if i < len(t.ret) {
					t.ret[i] += r
				}
			}
			return nil
		}
		if t.horizon > 0 && t.pointsScored(s) {
			return nil
		}
		if n >= limit {
			return nil
		}
		if to == engine.Chance {
			if err := t.chance(s); err != nil {
				return err
			}
			continue
		}
		t.buf = s.Legal(t.buf)
		legal := t.buf
		var a engine.Action
		switch {
		case len(legal) == 0:
			return fmt.Errorf("ismcts: %v to move has no legal action", to)
		case len(legal) == 1:
			if err := applyListed(s, legal[0]); err != nil {
				return err
			}
			continue
		case policy != nil:
			a = policy(t.own(s, to), t.rng)
		default:
			if err := applyListed(s, legal[t.rng.IntN(len(legal))]); err != nil {
				return err
			}
			continue
		}
		if s.Apply(a) != nil {
			// The policy chose an illegal action (the state is unchanged): play a random one.
			t.buf = s.Legal(t.buf)
			if err := applyListed(s, t.buf[t.rng.IntN(len(t.buf))]); err != nil {
				return err
			}
		}
	}
}

// own returns the state a policy chooses on for seat in s: s itself, or with Options.OwnView
// a determinization of s for seat, written over the last one's storage.
func (t *tree) own(s engine.State, seat engine.Seat) engine.State {
	if !t.opts.OwnView {
		return s
	}
	t.view = t.determinize(t.view, s, seat)
	return t.view
}

// determinize returns a determinization of s for seat, written over dst where the game
// allows: inferred from the public play with Options.Infer, uniform otherwise.
func (t *tree) determinize(dst, s engine.State, seat engine.Seat) engine.State {
	if t.opts.Infer {
		return engine.DeterminizeInferred(dst, s, seat, t.rng)
	}
	return engine.DeterminizeInto(dst, s, seat, t.rng)
}

// pointsSince returns the points each side has won in s since the root, and their sum.
func (t *tree) pointsSince(s engine.State) (won [2]int, played int) {
	w := s.(engine.Points).PointsWon()
	won = [2]int{w[0] - t.rootWon[0], w[1] - t.rootWon[1]}
	return won, won[0] + won[1]
}

// pointsScored reports whether the points played since the root have reached the horizon, and
// if so adds each seat's return over them to t.ret: its side's points won minus the other
// side's, plus its side's lead in the points to come where Options.Leaf values it, over the
// points played.
func (t *tree) pointsScored(s engine.State) bool {
	won, played := t.pointsSince(s)
	if played < t.horizon {
		return false
	}
	if t.judge != nil {
		t.judged(s)
		return true
	}
	lead := 0.0
	if t.opts.Leaf != nil {
		lead = t.opts.Leaf(s)
	}
	for i := range t.ret {
		side := i % 2
		diff := float64(won[side] - won[1-side])
		if side == 0 {
			diff += lead
		} else {
			diff -= lead
		}
		t.ret[i] += diff / float64(played)
	}
	return true
}

// judged adds each seat's return from s as the root's judge values it (Options.Judge).
func (t *tree) judged(s engine.State) {
	v := t.judge(s)
	for i := range t.ret {
		if i%2 == 0 {
			t.ret[i] += v
		} else {
			t.ret[i] -= v
		}
	}
}

// backup adds the iteration's returns to every node and edge on its path.
func (t *tree) backup() {
	matrix := t.exactStep && len(t.actIdx) == 2 && t.stepMatrix()
	for pi, st := range t.path {
		n := &t.nodes[st.node]
		n.visits++
		if n.regret {
			exact := matrix && pi >= t.stepFirst
			if !exact && t.exactStep && pi >= t.stepFirst {
				var vals []float64
				if vals, exact = t.stepValues(pi); exact {
					t.regretExact(n, vals)
				}
			}
			if !exact {
				t.regretUpdate(n, st.edge, st.prob, t.ret[n.seat])
			}
		}
		e := &t.edges[st.edge]
		e.visits++
		e.sum += t.ret[n.seat]
		rets := t.rets[int(st.node)*t.seats:][:t.seats]
		for i, r := range t.ret {
			rets[i] += r
		}
	}
}

// isRoot reports whether s, with to to move, is the searching seat's decision at the root: the
// first of the path, or in a search rewound to a step's start, the node rootKey names.
func (t *tree) isRoot(s engine.State, to engine.Seat) bool {
	if !t.rewound {
		return len(t.path) == 0
	}
	return to == t.seat && mix(mix(t.hist[to], uint64(to)+1), t.observe(s, to)) == t.rootKey
}

// rootStats adds the root node's statistics for each action of legal to moves, sums and
// strats (the average strategy of regret matching), and reports whether the root chose by
// regret matching.
func (t *tree) rootStats(legal []engine.Action, moves []MoveStats, sums, strats []float64) bool {
	if len(t.nodes) == 0 {
		return false
	}
	ri := int32(0)
	if t.rewound {
		if ri = t.lookup(t.rootKey); ri < 0 {
			return false
		}
	}
	n := t.nodes[ri]
	es := t.edges[n.first : n.first+n.count]
	j := 0
	for i, a := range legal {
		for j < len(es) && es[j].action < a {
			j++
		}
		if j < len(es) && es[j].action == a {
			moves[i].Visits += int(es[j].visits)
			sums[i] += es[j].sum
			strats[i] += es[j].strat
		}
	}
	return n.regret
}

// observe hashes the key of seat's observation of s (engine.AppendKey: the game's own
// engine.Keyer, or the observation's JSON encoding).
func (t *tree) observe(s engine.State, seat engine.Seat) uint64 {
	if t.opts.Abstract {
		t.keyBuf = engine.AppendAbstractKey(t.keyBuf[:0], s, seat)
	} else {
		t.keyBuf = engine.AppendKey(t.keyBuf[:0], s, seat)
	}
	return maphash.Bytes(keySeed, t.keyBuf)
}

// keySeed seeds the hash of observations. Only the equality of keys matters to a search, never
// their values, so a seed drawn once per process leaves every search reproducible.
var keySeed = maphash.MakeSeed()

// chance plays an outcome of the chance node s is at, sampled by its weights.
func (t *tree) chance(s engine.State) error {
	t.cbuf = s.Chances(t.cbuf)
	return applyListed(s, engine.SampleChance(t.rng, t.cbuf))
}

// applyListed plays a, which the game listed as legal, through engine.ApplyListed.
func applyListed(s engine.State, a engine.Action) error {
	if err := engine.ApplyListed(s, a); err != nil {
		return fmt.Errorf("ismcts: the game refused its own legal action %d: %w", a, err)
	}
	return nil
}

// mix hashes the pair (h, v): a step of the keys' running hashes, and the trees' seeds.
func mix(h, v uint64) uint64 {
	return splitmix(bits.RotateLeft64(h, 17) ^ splitmix(v))
}

func splitmix(z uint64) uint64 {
	z += 0x9e3779b97f4a7c15
	z = (z ^ z>>30) * 0xbf58476d1ce4e5b9
	z = (z ^ z>>27) * 0x94d049bb133111eb
	return z ^ z>>31
}
