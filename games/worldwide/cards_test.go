package worldwide

import (
	"strings"
	"testing"
)

// TestEmbeddedCards checks the embedded data against what the rules text establishes.
func TestEmbeddedCards(t *testing.T) {
	counts := map[kind]int{}
	for id := 1; id <= numShots; id++ {
		counts[data.cards[id].kind]++
	}
	want := map[kind]int{kDefence: 19, kDownTheLine: 4, kCrosscourt: 4, kAttack: 8, kPassing: 6, kVolley: 10,
		kDropShot: 2, kDropVolley: 2, kLob: 2, kSmash: 1, kWinner: 2}
	for k, n := range want {
		if counts[k] != n {
			t.Errorf("%s: %d cards, want %d", kindCodes[k], counts[k], n)
		}
	}
	for k, c := range map[kind]color{kDefence: blue, kDownTheLine: blue, kCrosscourt: blue, kAttack: orange, kPassing: orange,
		kVolley: red, kDropShot: red, kLob: red, kSmash: red, kWinner: red} {
		for id := 1; id <= numShots; id++ {
			if data.cards[id].kind == k && data.cards[id].color != c {
				t.Errorf("#%d %s is %s, want %s", id, kindCodes[k], colorNames[data.cards[id].color], colorNames[c])
			}
		}
	}
	if data.cards[37].kind != kWinner {
		t.Error("#37 is not a Winner (rule 20e)")
	}
	if got := data.startHand.count(); got != 6 {
		t.Errorf("%d starting-hand cards, want 6", got)
	}
	if d := data.cards[64]; d.diff != 13 || d.aceLo != 18 || d.aceHi != 20 {
		t.Errorf("serve 13 with ACE 18-20 (rule 8): got %+v", d)
	}
	if d := data.cards[data.autoFirst]; d.diff != 10 || d.spinCost[slice] != 2 {
		t.Errorf("serve 10 with slice +2 (rule 20b): got %+v", d)
	}
	if data.cards[data.autoSecond].diff != 4 || data.cards[data.autoSecond].color != blue {
		t.Errorf("serve 4, blue (rules 8, 9): got %+v", data.cards[data.autoSecond])
	}
	if data.cards[25].diff != 4 || data.cards[29].malus[clay] != 3 || data.cards[1].diff != 0 || data.cards[1].stars != 1 {
		t.Error("the examples of rule 9 do not hold: forehand attack 4, backhand attack clay malus 3, baseline defence 0 with a star")
	}
	for p := range numPiles {
		rg := pileRanges[p]
		if got, want := data.piles[p].count(), rg[1]-rg[0]+1; got != want {
			t.Errorf("pile %s: %d cards, want %d", pileNames[p], got, want)
		}
	}
	if len(data.players) == 0 {
		t.Error("no player card")
	}
}

// TestLoaderErrors feeds the loader malformed data: each case changes one thing in the
// embedded files and must be refused with an error naming the problem.
func TestLoaderErrors(t *testing.T) {
	shots, serves, players := string(shotsCSV), string(servesCSV), string(playersCSV)
	row := func(file string, id string) string {
		for _, line := range strings.Split(file, "\n") {
			if strings.HasPrefix(line, id+",") {
				return line
			}
		}
		t.Fatalf("no row %s", id)
		return ""
	}
	swap := func(file, id, old, new string) string {
		r := row(file, id)
		if !strings.Contains(r, old) {
			t.Fatalf("row %s has no %q", id, old)
		}
		return strings.Replace(file, r, strings.Replace(r, old, new, 1), 1)
	}
	tests := []struct {
		name                   string
		shots, serves, players string
		want                   string
	}{
		{"empty shots", "", serves, players, "no header"},
		{"missing column", strings.Replace(shots, ",draw,", ",drew,", 1), serves, players, `no column "draw"`},
		{"duplicate card", shots + row(shots, "5") + "\n", serves, players, "twice"},
		{"missing card", strings.Replace(shots, row(shots, "17")+"\n", "", 1), serves, players, "#17 is missing"},
		{"card number", swap(shots, "5", "5,", "61,"), serves, players, "column id"},
		{"type", swap(shots, "5", "baseline_defense", "moonball"), serves, players, "column type"},
		{"colour", swap(shots, "5", "blue", "green"), serves, players, "column color"},
		{"difficulty", swap(shots, "25", "orange,4", "orange,x"), serves, players, "column difficulty"},
		{"winner difficulty", swap(shots, "36", "22-sum", "12"), serves, players, "22-sum"},
		{"winner target", swap(shots, "36", ",-,", ",N,"), serves, players, "no target"},
		{"start zone", swap(shots, "25", `"FH,N"`, `"FH,Q"`), serves, players, "column start"},
		{"target zone", swap(shots, "25", "FH|BH", "FH|FH"), serves, players, "twice"},
		{"malus", swap(shots, "25", ",3,4,5,5,", ",3,-4,5,5,"), serves, players, "malus_hard"},
		{"effect", swap(shots, "25", "topspin", "backspin"), serves, players, "column effect"},
		{"net icon", swap(shots, "26", ",Y,", ",yes,"), serves, players, "net_icon"},
		{"pile", swap(shots, "25", "ATT", "FH"), serves, players, "rule 19g"},
		{"condition", swap(shots, "33", "backcourt", "anywhere"), serves, players, "opp_condition"},
		{"star cost", swap(shots, "33", ",1,backcourt", ",9,backcourt"), serves, players, "star_cost"},
		{"no starting hand", strings.NewReplacer(",Y,FH,", ",,FH,", ",Y,BH,", ",,BH,", ",Y,ATT,", ",,ATT,", ",Y,VOL,", ",,VOL,").Replace(shots), serves, players, "starting-hand"},
		{"missing serve", shots, strings.Replace(serves, row(serves, "62")+"\n", "", 1), players, "#62 is missing"},
		{"ace range", shots, swap(serves, "64", "18-20", "18-25"), players, "ace_range"},
		{"no serve of 10", shots, swap(serves, "63", "63,10,", "63,11,"), players, "rule 20b"},
		{"serve number", shots, swap(serves, "63", "63,", "60,"), players, "column id"},
		{"spin cost", shots, swap(serves, "63", "+2", "two"), players, "slice_cost"},
		{"no player card", shots, serves, strings.Split(players, "\nid,")[0] + "\nid,name,hand,stars_up,stars_down,remove,powers,notes\n", "0 player cards"},
		{"player hand", shots, serves, swap(players, "1", ",13,", ",20,"), "column hand"},
		{"player stars", shots, serves, swap(players, "1", ",3,2,", ",5,2,"), "stars_down"},
		{"player removes", shots, serves, swap(players, "1", "52|55|56|57", "1|2|3|4|5|6|7"), "at most 6"},
		{"player power", shots, serves, swap(players, "1", "net=+1", "fly=+1"), "unknown power"},
		{"player surface", shots, serves, swap(players, "1", "surface=clay:-1", "surface=sand:-1"), "surface="},
		{"winner on", shots, serves, swap(players, "2", "25|26|27|28:18-20", "25|26:20-18"), "column powers"},
		{"player order", shots, serves, swap(players, "2", "2,Big", "5,Big"), "numbered from 1"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := loadCards([]byte(tt.shots), []byte(tt.serves), []byte(tt.players))
			if err == nil {
				t.Fatal("loaded without error")
			}
			if !strings.Contains(err.Error(), tt.want) {
				t.Fatalf("error %q does not mention %q", err, tt.want)
			}
		})
	}
	if _, err := loadCards(shotsCSV, servesCSV, playersCSV); err != nil {
		t.Fatalf("the embedded data: %v", err)
	}
}
