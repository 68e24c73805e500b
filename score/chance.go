package score

import (
	"sync"
	"sync/atomic"
)

// WinChance returns side 0's chance of winning the match from m if every point still to play is
// a coin toss: 1 or 0 once the match is over, 0.5 at the start. The difference it makes whether a
// side wins the point in play is how much that point matters; search bots use it to weigh a
// point against what it costs in the points after it.
//
// Values are remembered for the life of the process, at most maxChances scores (about 200 bytes
// each), so that a bot asking of the same scores again and again pays a map lookup; the first
// question in a format costs one pass over the scores reachable from it. Once that store is
// full, a question remembers what it computes for its own pass only, so that it still costs one
// pass and never more.
func (m Match) WinChance() float64 {
	if v, ok := m.knownChance(nil); ok {
		return v
	}
	return m.winChance(map[chanceKey]float64{})
}

// maxChances bounds the scores WinChance remembers. Every format the games use has fewer than
// 10,000 scores that differ in what is still to play (a best-of-five match of advantage games
// about 6,000).
const maxChances = 1 << 16

var (
	chances     sync.Map // chanceKey to float64
	chanceCount atomic.Int64
)

// knownChance returns the chance of an ended match, or one remembered for the process or in
// local.
func (m Match) knownChance(local map[chanceKey]float64) (float64, bool) {
	if m.winner != 0 {
		return float64(2 - m.winner), true
	}
	k := m.chanceKey()
	if v, ok := chances.Load(k); ok {
		return v.(float64), true
	}
	v, ok := local[k]
	return v, ok
}

// winChance is WinChance remembering in local, as well as for the process while there is
// room, what one question computes.
func (m Match) winChance(local map[chanceKey]float64) float64 {
	if v, ok := m.knownChance(local); ok {
		return v
	}
	v := m.chance(local)
	k := m.chanceKey()
	local[k] = v
	if chanceCount.Load() < maxChances {
		if _, loaded := chances.LoadOrStore(k, v); !loaded {
			chanceCount.Add(1)
		}
	}
	return v
}

// chanceKey is what decides a match's future: the scores of finished sets, who serves and the
// points already counted do not.
type chanceKey struct {
	format   Format
	set      int8
	setsWon  [2]int8
	games    [2]int32
	tiebreak bool
	points   [2]int32
}

func (m Match) chanceKey() chanceKey {
	k := chanceKey{format: m.format, set: int8(m.set), setsWon: [2]int8{int8(m.setsWon[0]), int8(m.setsWon[1])}}
	p := m.PointsInGame()
	k.points = [2]int32{int32(p[0]), int32(p[1])}
	if m.format.Kind == BestOfSets {
		s := m.sets[m.set]
		k.games = [2]int32{int32(s.Games[0]), int32(s.Games[1])}
		k.tiebreak = s.Tiebreak
	}
	return k
}

// chance computes WinChance of a match in play: the mean of its chances after each side wins
// the next point. Where that would go round for ever (a race won by two that stands level after
// the point that could have won it), the race itself is a coin toss, decided by two points or
// games in a row.
func (m Match) chance(local map[chanceKey]float64) float64 {
	a, b := m, m
	switch m.tie() {
	case tiedPoints:
		a.PointWon(0)
		a.PointWon(0)
		b.PointWon(1)
		b.PointWon(1)
	case tiedGames:
		a.gameTo(0)
		a.gameTo(0)
		b.gameTo(1)
		b.gameTo(1)
	default:
		a.PointWon(0)
		b.PointWon(1)
	}
	return (a.winChance(local) + b.winChance(local)) / 2
}

// A tie is a race won by two that stands level where a single point or game can no longer win
// it: deuce, a tiebreak at 6-6, an advantage set at 5-5.
type tie uint8

const (
	noTie tie = iota
	tiedPoints
	tiedGames
)

func (m Match) tie() tie {
	level := func(p [2]int, target int) bool { return p[0] == p[1] && p[0] >= target-1 }
	switch m.format.Kind {
	case SingleTiebreak:
		if level(m.points, m.format.tiebreakPoints()) {
			return tiedPoints
		}
	case BestOfSets:
		s := m.sets[m.set]
		switch {
		case s.Tiebreak:
			if level(s.TiebreakPoints, m.format.setTiebreakPoints(m.set)) {
				return tiedPoints
			}
		case m.format.Game == Advantage && level(m.points, 4):
			return tiedPoints
		case m.points == [2]int{} && m.format.setRule(m.set) == AdvantageSet && level(s.Games, m.format.gamesPerSet()):
			return tiedGames
		}
	}
	return noTie
}

// gameTo plays points won by side until it has won the game in play (or the match).
func (m *Match) gameTo(side int) {
	for games := m.games; m.games == games && m.winner == 0; {
		m.PointWon(side)
	}
}
