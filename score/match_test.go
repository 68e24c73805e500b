package score_test

import (
	"encoding/json"
	"errors"
	"reflect"
	"slices"
	"strings"
	"testing"

	"deuce/score"
)

// newMatch starts a match or fails the test.
func newMatch(t testing.TB, f score.Format, server int) score.Match {
	t.Helper()
	m, err := score.NewMatch(f, server)
	if err != nil {
		t.Fatalf("NewMatch(%+v, %d): %v", f, server, err)
	}
	return m
}

// side reads a side written as a letter: 'A' is side 0 and 'B' side 1.
func side(r byte) int { return int(r - 'A') }

// letter writes a side as a letter, the inverse of side.
func letter(s int) string { return string(rune('A' + s)) }

// winGame gives side every point until a game (or a tiebreak) is won, and returns who served
// the game's first point.
func winGame(t *testing.T, m *score.Match, s int) int {
	t.Helper()
	server, games := m.Server(), m.GamesCompleted()
	for range 100 {
		if m.GamesCompleted() != games || m.Over() {
			return server
		}
		m.PointWon(s)
	}
	t.Fatalf("%v: no game after 100 points to %s", m, letter(s))
	return server
}

// gameLog records a run of games: who served each (the first point, for a tiebreak), "A" or
// "B", and whether the players changed ends after it, "E" or ".".
type gameLog struct{ servers, ends string }

func (l *gameLog) add(m score.Match, server int) {
	l.servers += letter(server)
	if m.ChangeEnds() {
		l.ends += "E"
	} else {
		l.ends += "."
	}
}

// playSet plays a set to games, alternating the games won (love games) until the loser's total
// and then giving the winner the rest. A nonzero tiebreak is played the same way, point by
// point, from six games all.
func playSet(t *testing.T, m *score.Match, games, tiebreak [2]int, log *gameLog) {
	t.Helper()
	even := min(games[0], games[1])
	if tiebreak != [2]int{} {
		even = 6
	}
	for range even {
		for s := range 2 {
			log.add(*m, winGame(t, m, s))
		}
	}
	if tiebreak != [2]int{} {
		server := m.Server()
		for range min(tiebreak[0], tiebreak[1]) {
			m.PointWon(0)
			m.PointWon(1)
		}
		w := 0
		if tiebreak[1] > tiebreak[0] {
			w = 1
		}
		for range tiebreak[w] - tiebreak[1-w] {
			m.PointWon(w)
		}
		log.add(*m, server)
		return
	}
	for s := range 2 {
		for range games[s] - even {
			log.add(*m, winGame(t, m, s))
		}
	}
}

// step is one point of a replayed sequence and what the score must be after it.
type step struct {
	won      byte   // 'A' or 'B'
	score    string // Match.String after the point
	deciding bool   // Match.DecidingPoint after the point
}

func TestGames(t *testing.T) {
	tests := []struct {
		name  string
		rule  score.GameRule
		steps []step
	}{
		{"love game", score.Advantage, []step{
			{'A', "0-0, 15-0", false},
			{'A', "0-0, 30-0", false},
			{'A', "0-0, 40-0", false},
			{'A', "1-0, 0-0", false},
		}},
		{"break to love", score.Advantage, []step{
			{'B', "0-0, 0-15", false},
			{'B', "0-0, 0-30", false},
			{'B', "0-0, 0-40", false},
			{'B', "0-1, 0-0", false},
		}},
		{"deuce advantage deuce game", score.Advantage, []step{
			{'A', "0-0, 15-0", false},
			{'A', "0-0, 30-0", false},
			{'A', "0-0, 40-0", false},
			{'B', "0-0, 40-15", false},
			{'B', "0-0, 40-30", false},
			{'B', "0-0, Deuce", false},
			{'A', "0-0, Ad-40", false},
			{'B', "0-0, Deuce", false},
			{'B', "0-0, 40-Ad", false},
			{'B', "0-1, 0-0", false},
		}},
		{"advantage converted", score.Advantage, []step{
			{'A', "0-0, 15-0", false},
			{'B', "0-0, 15-15", false},
			{'A', "0-0, 30-15", false},
			{'B', "0-0, 30-30", false},
			{'A', "0-0, 40-30", false},
			{'B', "0-0, Deuce", false},
			{'A', "0-0, Ad-40", false},
			{'A', "1-0, 0-0", false},
		}},
		{"no-ad deciding point to the receiver", score.DecidingPoint, []step{
			{'A', "0-0, 15-0", false},
			{'A', "0-0, 30-0", false},
			{'B', "0-0, 30-15", false},
			{'A', "0-0, 40-15", false},
			{'B', "0-0, 40-30", false},
			{'B', "0-0, 40-40", true},
			{'B', "0-1, 0-0", false},
		}},
		{"no-ad deciding point to the server", score.DecidingPoint, []step{
			{'B', "0-0, 0-15", false},
			{'B', "0-0, 0-30", false},
			{'B', "0-0, 0-40", false},
			{'A', "0-0, 15-40", false},
			{'A', "0-0, 30-40", false},
			{'A', "0-0, 40-40", true},
			{'A', "1-0, 0-0", false},
		}},
		{"worldwide two-point game", score.TwoPoint, []step{
			{'A', "0-0, 40-0", false},
			{'A', "1-0, 0-0", false},
		}},
		{"worldwide deciding point", score.TwoPoint, []step{
			{'B', "0-0, 0-40", false},
			{'A', "0-0, 40-40", true},
			{'B', "0-1, 0-0", false},
		}},
		{"point is a game", score.OnePoint, []step{
			{'A', "1-0", false},
			{'B', "1-1", false},
			{'B', "1-2", false},
		}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			m := newMatch(t, score.Format{Game: tt.rule}, 0)
			for i, st := range tt.steps {
				if st.deciding && m.Receiver() != 1 {
					t.Fatalf("point %d: Receiver() = %d, want 1", i+1, m.Receiver())
				}
				m.PointWon(side(st.won))
				if got := m.String(); got != st.score {
					t.Errorf("after point %d (%c): String() = %q, want %q", i+1, st.won, got, st.score)
				}
				if got := m.DecidingPoint(); got != st.deciding {
					t.Errorf("after point %d (%c): DecidingPoint() = %v, want %v", i+1, st.won, got, st.deciding)
				}
			}
		})
	}
}

func TestPointsInGame(t *testing.T) {
	tests := []struct {
		rule score.GameRule
		seq  string
		want [2]int
	}{
		{score.Advantage, "", [2]int{0, 0}},
		{score.Advantage, "AAB", [2]int{2, 1}},
		{score.Advantage, "AAABBB", [2]int{3, 3}},
		{score.Advantage, "AAABBBA", [2]int{4, 3}},
		{score.Advantage, "AAABBBAB", [2]int{3, 3}},
		{score.Advantage, "AAABBBABABAB", [2]int{3, 3}},
		{score.Advantage, "AAABBBABB", [2]int{3, 4}},
		{score.DecidingPoint, "AAABBB", [2]int{3, 3}},
		{score.TwoPoint, "AB", [2]int{1, 1}},
		{score.OnePoint, "A", [2]int{0, 0}},
	}
	for _, tt := range tests {
		t.Run(tt.rule.String()+"/"+tt.seq, func(t *testing.T) {
			m := newMatch(t, score.Format{Game: tt.rule}, 0)
			for i := range len(tt.seq) {
				m.PointWon(side(tt.seq[i]))
			}
			if got := m.PointsInGame(); got != tt.want {
				t.Errorf("PointsInGame() = %v, want %v", got, tt.want)
			}
		})
	}
}

func TestPointIsAGameSets(t *testing.T) {
	// Love Means Nothing: one point, one game. The first set goes 6-4; the second reaches 5-5
	// and 6-5 before it ends 7-5.
	m := newMatch(t, score.Format{Game: score.OnePoint}, 0)
	var scores, servers []string
	for _, r := range "ABABABABAA" + "ABABABABABAA" {
		servers = append(servers, letter(m.Server()))
		m.PointWon(side(byte(r)))
		scores = append(scores, m.String())
	}
	wantScores := []string{
		"1-0", "1-1", "2-1", "2-2", "3-2", "3-3", "4-3", "4-4", "5-4", "6-4 0-0",
		"6-4 1-0", "6-4 1-1", "6-4 2-1", "6-4 2-2", "6-4 3-2", "6-4 3-3",
		"6-4 4-3", "6-4 4-4", "6-4 5-4", "6-4 5-5", "6-4 6-5", "6-4 7-5",
	}
	if got, want := strings.Join(scores, " | "), strings.Join(wantScores, " | "); got != want {
		t.Errorf("scores:\n got %s\nwant %s", got, want)
	}
	if got, want := strings.Join(servers, ""), "ABABABABAB"+"ABABABABABAB"; got != want {
		t.Errorf("servers = %s, want %s", got, want)
	}
	if got, want := m.Winner(), 0; got != want {
		t.Errorf("Winner() = %d, want %d", got, want)
	}
	want := []score.SetScore{{Games: [2]int{6, 4}}, {Games: [2]int{7, 5}}}
	if got := m.Sets(); !slices.Equal(got, want) {
		t.Errorf("Sets() = %+v, want %+v", got, want)
	}
}

func TestTiebreakSet(t *testing.T) {
	// Twelve holds of serve to 6-6, then a tiebreak won 7-5 by A, who serves its first point.
	m := newMatch(t, score.Format{}, 0)
	var log gameLog
	for i := range 12 {
		log.add(m, winGame(t, &m, i%2))
	}
	if got, want := m.String(), "6-6, Tiebreak 0-0"; got != want {
		t.Fatalf("String() = %q, want %q", got, want)
	}
	if got, want := log.ends, "E.E.E.E.E.E."; got != want {
		t.Errorf("ends changes over the games = %s, want %s", got, want)
	}
	steps := []struct {
		server byte // serves the point
		turn   int  // ServiceTurn before the point
		won    byte
		ends   bool // ChangeEnds after the point
		score  string
	}{
		{'A', 12, 'A', false, "6-6, Tiebreak 1-0"},
		{'B', 13, 'B', false, "6-6, Tiebreak 1-1"},
		{'B', 13, 'A', false, "6-6, Tiebreak 2-1"},
		{'A', 14, 'A', false, "6-6, Tiebreak 3-1"},
		{'A', 14, 'B', false, "6-6, Tiebreak 3-2"},
		{'B', 15, 'B', true, "6-6, Tiebreak 3-3"},
		{'B', 15, 'A', false, "6-6, Tiebreak 4-3"},
		{'A', 16, 'B', false, "6-6, Tiebreak 4-4"},
		{'A', 16, 'A', false, "6-6, Tiebreak 5-4"},
		{'B', 17, 'B', false, "6-6, Tiebreak 5-5"},
		{'B', 17, 'A', false, "6-6, Tiebreak 6-5"},
		{'A', 18, 'A', true, "7-6(5) 0-0, 0-0"},
	}
	for i, st := range steps {
		if got, want := letter(m.Server()), string(st.server); got != want {
			t.Errorf("tiebreak point %d: Server() = %s, want %s", i+1, got, want)
		}
		if got, want := m.Receiver(), 1-side(st.server); got != want {
			t.Errorf("tiebreak point %d: Receiver() = %d, want %d", i+1, got, want)
		}
		if got := m.ServiceTurn(); got != st.turn {
			t.Errorf("tiebreak point %d: ServiceTurn() = %d, want %d", i+1, got, st.turn)
		}
		if !m.InTiebreak() {
			t.Errorf("tiebreak point %d: InTiebreak() = false, want true", i+1)
		}
		m.PointWon(side(st.won))
		if got := m.ChangeEnds(); got != st.ends {
			t.Errorf("after tiebreak point %d: ChangeEnds() = %v, want %v", i+1, got, st.ends)
		}
		if got := m.String(); got != st.score {
			t.Errorf("after tiebreak point %d: String() = %q, want %q", i+1, got, st.score)
		}
	}
	// B received the tiebreak's first point, so B serves the next set's first game.
	if got, want := m.Server(), 1; got != want {
		t.Errorf("first server of set 2 = %d, want %d", got, want)
	}
	if m.InTiebreak() {
		t.Errorf("InTiebreak() = true after the tiebreak")
	}
	want := []score.SetScore{
		{Games: [2]int{7, 6}, Tiebreak: true, TiebreakPoints: [2]int{7, 5}},
		{},
	}
	if got := m.Sets(); !slices.Equal(got, want) {
		t.Errorf("Sets() = %+v, want %+v", got, want)
	}
	if got, want := m.GamesCompleted(), 13; got != want {
		t.Errorf("GamesCompleted() = %d, want %d", got, want)
	}
}

func TestAdvantageSet(t *testing.T) {
	m := newMatch(t, score.Format{BestOf: 1, SetRule: score.AdvantageSet}, 0)
	var log gameLog
	for i := range 12 {
		log.add(m, winGame(t, &m, i%2))
	}
	for _, s := range []int{0, 0} {
		if m.InTiebreak() || m.Over() {
			t.Fatalf("%v: InTiebreak() = %v, Over() = %v, want false, false", m, m.InTiebreak(), m.Over())
		}
		log.add(m, winGame(t, &m, s))
	}
	if got, want := m.String(), "8-6"; got != want {
		t.Errorf("String() = %q, want %q", got, want)
	}
	if got, want := m.Winner(), 0; got != want {
		t.Errorf("Winner() = %d, want %d", got, want)
	}
	if got, want := log, (gameLog{"ABABABABABABAB", "E.E.E.E.E.E.E."}); got != want {
		t.Errorf("games = %+v, want %+v", got, want)
	}
}

func TestMatches(t *testing.T) {
	type set struct{ games, tiebreak [2]int }
	tests := []struct {
		name   string
		format score.Format
		server int
		sets   []set
		score  string
		// servers and ends are per game as in gameLog, sets separated by spaces.
		servers, ends string
		winner        int
	}{
		{
			// The set scores of the 2008 Wimbledon final, Nadal (A) d. Federer (B); the order
			// of the games within each set is invented. The fifth set had no tiebreak then.
			name:   "five sets with an advantage final set",
			format: score.Format{BestOf: 5, FinalSetRule: score.AdvantageSet},
			sets: []set{
				{[2]int{6, 4}, [2]int{}},
				{[2]int{6, 4}, [2]int{}},
				{[2]int{6, 7}, [2]int{5, 7}},
				{[2]int{6, 7}, [2]int{8, 10}},
				{[2]int{9, 7}, [2]int{}},
			},
			score: "6-4 6-4 6-7(5) 6-7(8) 9-7",
			servers: "ABABABABAB ABABABABAB ABABABABABABA BABABABABABAB" +
				" ABABABABABABABAB",
			ends: "E.E.E.E.E. E.E.E.E.E. E.E.E.E.E.E.E E.E.E.E.E.E.E" +
				" E.E.E.E.E.E.E.E.",
			winner: 0,
		},
		{
			// Odd sets change ends at their last game and again after the next set's first.
			name:    "odd sets and a tiebreak set",
			format:  score.Format{BestOf: 3},
			server:  1,
			sets:    []set{{[2]int{3, 6}, [2]int{}}, {[2]int{7, 6}, [2]int{7, 3}}},
			score:   "3-6 7-6(3) 0-0, 0-0",
			servers: "BABABABAB ABABABABABABA B",
			ends:    "E.E.E.E.E E.E.E.E.E.E.E",
			winner:  -1,
		},
		{
			name:   "a 10-point final set tiebreak",
			format: score.Format{BestOf: 3, FinalTiebreakPoints: 10},
			sets: []set{
				{[2]int{6, 7}, [2]int{4, 7}},
				{[2]int{7, 5}, [2]int{}},
				{[2]int{7, 6}, [2]int{12, 10}},
			},
			score:   "6-7(4) 7-5 7-6(10)",
			servers: "ABABABABABABA BABABABABABA BABABABABABAB",
			ends:    "E.E.E.E.E.E.E E.E.E.E.E.E. E.E.E.E.E.E..",
			winner:  0,
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			m := newMatch(t, tt.format, tt.server)
			var servers, ends []string
			for _, s := range tt.sets {
				var log gameLog
				playSet(t, &m, s.games, s.tiebreak, &log)
				servers = append(servers, log.servers)
				ends = append(ends, log.ends)
			}
			if !m.Over() {
				// The first server of the set in play.
				servers = append(servers, letter(m.Server()))
			}
			if got := m.String(); got != tt.score {
				t.Errorf("String() = %q, want %q", got, tt.score)
			}
			if got := strings.Join(servers, " "); got != tt.servers {
				t.Errorf("servers:\n got %s\nwant %s", got, tt.servers)
			}
			if got := strings.Join(ends, " "); got != tt.ends {
				t.Errorf("ends changes:\n got %s\nwant %s", got, tt.ends)
			}
			if got := m.Winner(); got != tt.winner {
				t.Errorf("Winner() = %d, want %d", got, tt.winner)
			}
			var want [2]int
			games := 0
			for _, s := range tt.sets {
				if s.games[0] > s.games[1] {
					want[0]++
				} else {
					want[1]++
				}
				games += s.games[0] + s.games[1]
			}
			if got := m.SetsWon(); got != want {
				t.Errorf("SetsWon() = %v, want %v", got, want)
			}
			if got := m.GamesCompleted(); got != games {
				t.Errorf("GamesCompleted() = %d, want %d", got, games)
			}
		})
	}
}

func TestFirstToPoints(t *testing.T) {
	// AlakaSLAM: first to three points, and the loser of each point serves the next.
	m := newMatch(t, score.Format{Kind: score.FirstToPoints, Points: 3}, 0)
	steps := []struct {
		server byte
		won    byte
		score  string
	}{
		{'A', 'A', "1-0"},
		{'B', 'B', "1-1"},
		{'A', 'A', "2-1"},
		{'B', 'B', "2-2"},
		{'A', 'B', "2-3"},
	}
	for i, st := range steps {
		if got, want := letter(m.Server()), string(st.server); got != want {
			t.Errorf("point %d: Server() = %s, want %s", i+1, got, want)
		}
		m.PointWon(side(st.won))
		if got := m.String(); got != st.score {
			t.Errorf("after point %d: String() = %q, want %q", i+1, got, st.score)
		}
		if m.ChangeEnds() || m.InTiebreak() || m.DecidingPoint() {
			t.Errorf("after point %d: ChangeEnds, InTiebreak, DecidingPoint = %v, %v, %v, want all false",
				i+1, m.ChangeEnds(), m.InTiebreak(), m.DecidingPoint())
		}
		m.SetServer(1 - side(st.won))
	}
	if got, want := m.Winner(), 1; got != want {
		t.Errorf("Winner() = %d, want %d", got, want)
	}
	if got, want := m.PointsWon(), [2]int{2, 3}; got != want {
		t.Errorf("PointsWon() = %v, want %v", got, want)
	}
	if got := m.Sets(); got != nil {
		t.Errorf("Sets() = %v, want nil", got)
	}

	// Without SetServer, the server keeps serving.
	m = newMatch(t, score.Format{Kind: score.FirstToPoints, Points: 3}, 1)
	m.PointWon(0)
	m.PointWon(1)
	if got, want := m.Server(), 1; got != want {
		t.Errorf("Server() without SetServer = %d, want %d", got, want)
	}
}

func TestSingleTiebreak(t *testing.T) {
	tests := []struct {
		name    string
		target  int
		seq     string
		servers string // who serves each point
		ends    string // "E" where ChangeEnds after the point
		score   string
		winner  int
	}{
		{
			name:    "to 7",
			seq:     "ABAABB" + "ABABAA",
			servers: "ABBAAB" + "BAABBA",
			ends:    ".....E" + "......",
			score:   "7-5",
			winner:  0,
		},
		{
			name:    "to 10",
			target:  10,
			seq:     "BBAABA" + "ABABAB" + "ABABBB",
			servers: "ABBAAB" + "BAABBA" + "ABBAAB",
			ends:    ".....E" + ".....E" + "......",
			score:   "8-10",
			winner:  1,
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			m := newMatch(t, score.Format{Kind: score.SingleTiebreak, TiebreakPoints: tt.target}, 0)
			var servers, ends string
			for i := range len(tt.seq) {
				if m.Over() {
					t.Fatalf("over after %d points, at %v", i, m)
				}
				if !m.InTiebreak() {
					t.Errorf("point %d: InTiebreak() = false, want true", i+1)
				}
				servers += letter(m.Server())
				m.PointWon(side(tt.seq[i]))
				if m.ChangeEnds() {
					ends += "E"
				} else {
					ends += "."
				}
			}
			if servers != tt.servers {
				t.Errorf("servers = %s, want %s", servers, tt.servers)
			}
			if ends != tt.ends {
				t.Errorf("ends changes = %s, want %s", ends, tt.ends)
			}
			if got := m.String(); got != tt.score {
				t.Errorf("String() = %q, want %q", got, tt.score)
			}
			if got := m.Winner(); got != tt.winner {
				t.Errorf("Winner() = %d, want %d", got, tt.winner)
			}
		})
	}
}

func TestPointWonAfterOver(t *testing.T) {
	m := newMatch(t, score.Format{Kind: score.FirstToPoints, Points: 1}, 0)
	m.PointWon(1)
	over := m
	m.PointWon(0)
	m.SetServer(1)
	if m != over {
		t.Errorf("PointWon and SetServer after the match changed it: got %v, want %v", m, over)
	}
}

func TestSetServer(t *testing.T) {
	tests := []struct {
		name   string
		format score.Format
		seq    string // points before SetServer(to)
		to     int
		after  string // servers of the following points, all won by A
	}{
		{"game", score.Format{}, "A", 1, "BBB" + "AAAA"},
		{"game unchanged", score.Format{}, "A", 0, "AAA" + "BBBB"},
		{"first to points", score.Format{Kind: score.FirstToPoints, Points: 9}, "AB", 1, "BBBBB"},
		{"tiebreak first point", score.Format{Kind: score.SingleTiebreak}, "", 1, "BAABBA"},
		{"tiebreak second point", score.Format{Kind: score.SingleTiebreak}, "A", 1, "BBAAB"},
		{"tiebreak second point flipped", score.Format{Kind: score.SingleTiebreak}, "A", 0, "AABBA"},
		{"tiebreak third point", score.Format{Kind: score.SingleTiebreak}, "AA", 1, "BAABB"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			m := newMatch(t, tt.format, 0)
			for i := range len(tt.seq) {
				m.PointWon(side(tt.seq[i]))
			}
			m.SetServer(tt.to)
			var got string
			for range len(tt.after) {
				got += letter(m.Server())
				m.PointWon(0)
			}
			if got != tt.after {
				t.Errorf("servers = %s, want %s", got, tt.after)
			}
		})
	}
}

func TestCopyIsIndependent(t *testing.T) {
	m := newMatch(t, score.Format{BestOf: 5}, 0)
	var log gameLog
	playSet(t, &m, [2]int{7, 6}, [2]int{7, 3}, &log)
	m.PointWon(1)
	saved := m
	c := m
	for range 30 {
		c.PointWon(0)
	}
	if m != saved {
		t.Errorf("advancing a copy changed the original: got %v, want %v", m, saved)
	}
	if c == m {
		t.Errorf("copy == original after 30 more points")
	}
	if got, want := m.String(), "7-6(3) 0-0, 0-15"; got != want {
		t.Errorf("original String() = %q, want %q", got, want)
	}
	if got, want := c.String(), "7-6(3) 6-0 1-0, 30-0"; got != want {
		t.Errorf("copy String() = %q, want %q", got, want)
	}
}

func TestZeroMatch(t *testing.T) {
	var zero score.Match
	if got, want := newMatch(t, score.Format{}, 0), zero; got != want {
		t.Errorf("NewMatch(Format{}, 0) = %#v, want the zero Match", got)
	}
	if got, want := zero.String(), "0-0, 0-0"; got != want {
		t.Errorf("String() = %q, want %q", got, want)
	}
}

func TestValidate(t *testing.T) {
	tests := []struct {
		name   string
		format score.Format
		server int
		ok     bool
	}{
		{"zero", score.Format{}, 0, true},
		{"best of five, no-ad", score.Format{BestOf: 5, Game: score.DecidingPoint}, 1, true},
		{"first to 3", score.Format{Kind: score.FirstToPoints, Points: 3}, 0, true},
		{"tiebreak to 10", score.Format{Kind: score.SingleTiebreak, TiebreakPoints: 10}, 0, true},
		{"best of 2", score.Format{BestOf: 2}, 0, false},
		{"best of 7", score.Format{BestOf: 7}, 0, false},
		{"negative games", score.Format{GamesPerSet: -1}, 0, false},
		{"unknown game rule", score.Format{Game: score.OnePoint + 1}, 0, false},
		{"unknown set rule", score.Format{SetRule: score.AdvantageSet + 1}, 0, false},
		{"unknown final set rule", score.Format{FinalSetRule: score.AdvantageSet + 1}, 0, false},
		{"negative tiebreak", score.Format{TiebreakPoints: -7}, 0, false},
		{"negative final tiebreak", score.Format{FinalTiebreakPoints: -1}, 0, false},
		{"first to nothing", score.Format{Kind: score.FirstToPoints}, 0, false},
		{"negative single tiebreak", score.Format{Kind: score.SingleTiebreak, TiebreakPoints: -1}, 0, false},
		{"unknown kind", score.Format{Kind: score.SingleTiebreak + 1}, 0, false},
		{"server 2", score.Format{}, 2, false},
		{"server -1", score.Format{}, -1, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := score.NewMatch(tt.format, tt.server)
			if tt.ok && err != nil {
				t.Errorf("NewMatch: %v, want no error", err)
			}
			if !tt.ok && !errors.Is(err, score.ErrFormat) {
				t.Errorf("NewMatch: %v, want an error matching ErrFormat", err)
			}
		})
	}
}

func TestView(t *testing.T) {
	m := newMatch(t, score.Format{BestOf: 3}, 0)
	var log gameLog
	playSet(t, &m, [2]int{6, 7}, [2]int{5, 7}, &log)
	for _, r := range "AAABBBB" {
		m.PointWon(side(byte(r)))
	}
	want := score.View{
		Score: "6-7(5) 0-0, 40-Ad",
		Sets: []score.SetScore{
			{Games: [2]int{6, 7}, Tiebreak: true, TiebreakPoints: [2]int{5, 7}},
			{},
		},
		SetsWon: [2]int{0, 1},
		Points:  [2]string{"40", "Ad"},
		Server:  1,
		Winner:  -1,
	}
	if got := m.View(); !reflect.DeepEqual(got, want) {
		t.Errorf("View() = %+v, want %+v", got, want)
	}
	b, err := json.Marshal(m)
	if err != nil {
		t.Fatal(err)
	}
	wantJSON := `{"score":"6-7(5) 0-0, 40-Ad","sets":[{"games":[6,7],"tiebreak":true,"tiebreakPoints":[5,7]},` +
		`{"games":[0,0],"tiebreak":false,"tiebreakPoints":[0,0]}],"setsWon":[0,1],"points":["40","Ad"],` +
		`"server":1,"tiebreak":false,"decidingPoint":false,"changeEnds":false,"over":false,"winner":-1}`
	if string(b) != wantJSON {
		t.Errorf("json.Marshal:\n got %s\nwant %s", b, wantJSON)
	}
}

func TestBoard(t *testing.T) {
	names := [2]string{"Alice", "Bob"}
	tests := []struct {
		name   string
		format score.Format
		play   func(t *testing.T, m *score.Match)
		want   string
	}{
		{"start", score.Format{}, func(*testing.T, *score.Match) {}, "" +
			"* Alice 0 0\n" +
			"  Bob   0 0"},
		{"tiebreak set, game in play", score.Format{}, func(t *testing.T, m *score.Match) {
			playSet(t, m, [2]int{6, 7}, [2]int{5, 7}, &gameLog{})
			m.PointWon(0)
			m.PointWon(0)
			m.PointWon(1)
		}, "" +
			"  Alice 6(5) 0 30\n" +
			"* Bob   7    0 15"},
		{"tiebreak in play", score.Format{}, func(t *testing.T, m *score.Match) {
			playSet(t, m, [2]int{6, 6}, [2]int{}, &gameLog{})
			m.PointWon(1)
		}, "" +
			"  Alice 6 0\n" +
			"* Bob   6 1"},
		{"over", score.Format{BestOf: 1, Game: score.OnePoint}, func(t *testing.T, m *score.Match) {
			playSet(t, m, [2]int{4, 6}, [2]int{}, &gameLog{})
		}, "" +
			"  Alice 4\n" +
			"  Bob   6"},
		{"first to points", score.Format{Kind: score.FirstToPoints, Points: 3}, func(t *testing.T, m *score.Match) {
			m.PointWon(1)
		}, "" +
			"* Alice 0\n" +
			"  Bob   1"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			m := newMatch(t, tt.format, 0)
			tt.play(t, &m)
			if got := m.Board(names); got != tt.want {
				t.Errorf("Board():\n%s\nwant:\n%s", got, tt.want)
			}
		})
	}
}

func BenchmarkPointWon(b *testing.B) {
	start, err := score.NewMatch(score.Format{BestOf: 5}, 0)
	if err != nil {
		b.Fatal(err)
	}
	m := start
	var x uint64 = 0x9e3779b97f4a7c15 // a fixed seed for the xorshift below
	b.ReportAllocs()
	for b.Loop() {
		x ^= x << 13
		x ^= x >> 7
		x ^= x << 17
		m.PointWon(int(x & 1))
		if m.Over() {
			m = start
		}
	}
}
