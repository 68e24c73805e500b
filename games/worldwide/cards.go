package worldwide

import (
	"bytes"
	_ "embed"
	"encoding/csv"
	"errors"
	"fmt"
	"io"
	"math/bits"
	"strconv"
	"strings"
)

// The card data is not in the rules text: it lives in data files, reconstructed (shots and
// serves) or invented (player cards), replaceable by the printed values without code changes.
var (
	//go:embed data/shots.csv
	shotsCSV []byte
	//go:embed data/serves.csv
	servesCSV []byte
	//go:embed data/players.csv
	playersCSV []byte
)

// Card numbers: shots #1 to #60, serves #61 to #65, as printed.
const (
	numShots  = 60
	firstServ = 61
	numServes = 5
	numCards  = numShots + numServes
)

// zone is a zone of one half of the court: the three baseline zones, from the backhand side
// to the forehand side (a right-hander's view, as in the rules), and the volley zone.
type zone int8

const (
	zBH zone = iota // zone Revers
	zN              // zone Neutre
	zFH             // zone Coup droit
	zV              // zone Volée, at the net
	numZones
)

var zoneCodes = [numZones]string{"BH", "N", "FH", "V"}
var zoneNames = [numZones]string{"backhand", "centre", "forehand", "net"}

// zones is a set of zones, bit z for zone z.
type zones uint8

func (zs zones) has(z zone) bool { return zs>>uint(z)&1 != 0 }
func (zs zones) count() int      { return bits.OnesCount8(uint8(zs)) }

// first returns the first zone of a non-empty set, backhand side first.
func (zs zones) first() zone { return zone(bits.TrailingZeros8(uint8(zs))) }

// list returns the zones of the set, backhand side first.
func (zs zones) list() []zone {
	var out []zone
	for z := range numZones {
		if zs.has(z) {
			out = append(out, z)
		}
	}
	return out
}

// color is a card's risk: blue (prudent), orange (risky), red (bold).
type color int8

const (
	blue color = iota
	orange
	red
)

var colorNames = [...]string{"blue", "orange", "red"}

// kind is a card's type.
type kind int8

const (
	kDefence kind = iota
	kDownTheLine
	kCrosscourt
	kAttack
	kPassing
	kVolley
	kDropShot
	kDropVolley
	kLob
	kSmash
	kWinner
	kServe
	numKinds
)

var kindCodes = [numKinds]string{"baseline_defense", "down_the_line", "crosscourt", "attack", "passing", "volley",
	"drop_shot", "drop_shot_volley", "lob", "smash", "winner", "serve"}

// effect is a card's spin: Topspin and Slice act on the opponent's next turn (advanced rules).
type effect int8

const (
	noEffect effect = iota
	topspin
	slice
)

var effectNames = [...]string{"flat", "topspin", "slice"}

// surface indexes the malus columns.
const (
	clay = iota
	hard
	grass
	indoor
	numSurfaces
)

var surfaceNames = [numSurfaces]string{"clay", "hard", "grass", "indoor"}

// pile is one of the automaton's five piles in solo play (rule 19g).
type pile int8

const (
	pileFH pile = iota
	pileBH
	pileATT
	pileDEF
	pileVOL
	numPiles
)

var pileCodes = [numPiles]string{"FH", "BH", "ATT", "DEF", "VOL"}
var pileNames = [numPiles]string{"forehand", "backhand", "attack", "defence", "volley"}

// pileRanges are the card numbers of each pile, as rule 19g lists them.
var pileRanges = [numPiles][2]int{{1, 12}, {13, 24}, {25, 37}, {38, 47}, {48, 60}}

// cond is a condition on the opponent's position for playing a card.
type cond int8

const (
	anywhere  cond = iota
	backcourt      // the opponent is not in the volley zone (drop shots)
	atNet          // the opponent is in the volley zone (passing shots, lobs)
)

var condCodes = [...]string{"", "backcourt", "net"}

// card is one printed card, a shot or a serve.
type card struct {
	id    int
	name  string
	kind  kind
	color color
	// diff is the printed difficulty; a Winner's is 22 minus the validated difficulties.
	diff      int
	start     zones
	targets   zones
	malus     [numSurfaces]int
	stars     int // stars gained when validated (advanced rules)
	draw      int // cards drawn at the end of the point
	effect    effect
	net       bool // the net icon: the automaton rushes the net after playing it
	startHand bool
	pile      pile
	cost      int // stars paid to attempt it
	cond      cond
	// Serves only.
	aceLo, aceHi int    // the ACE range of the d20, 0 for none
	spinCost     [3]int // added to the difficulty for no effect, topspin, slice
}

// playerCard is one player card (advanced rule 18).
type playerCard struct {
	name      string
	hand      int // starting hand and hand limit
	starsUp   int // stars at the start
	starsDown int // empty star slots
	remove    cardSet
	winnerOn  cardSet // shots that win the point on a d20 in [winLo, winHi]
	winLo     int
	winHi     int
	serve     int // added to every serve's difficulty
	surface   [numSurfaces]int
	net       int // added to shots from the volley zone
}

// cardData is everything the data files give.
type cardData struct {
	cards     [numCards + 1]card // by number; index 0 unused
	players   []playerCard
	startHand cardSet
	piles     [numPiles]cardSet
	// autoFirst and autoSecond are the automaton's serves: difficulty 10, then 4 (rule 20b).
	autoFirst, autoSecond int
	smash                 int // a Smash card, 0 if none
	// Shots indexed by what decides whether they may be played (blockIn), so that a hand's
	// playable cards take a few bit operations: the shots played from each zone, those that
	// need the opponent at the baseline or at the net, and those that cost at most n stars.
	startFrom      [numZones]cardSet
	backcourt, net cardSet
	costAtMost     [maxCost + 1]cardSet
}

// maxCost is the largest star cost a shot may have.
const maxCost = 5

// data is the embedded card data. A malformed embedded file is a build mistake that every test
// reports, so loading it panics.
var data = mustLoad()

func mustLoad() *cardData {
	d, err := loadCards(shotsCSV, servesCSV, playersCSV)
	if err != nil {
		panic("worldwide: " + err.Error())
	}
	return d
}

// loadCards reads the three data files: shots, serves and player cards.
func loadCards(shots, serves, players []byte) (*cardData, error) {
	d := &cardData{}
	if err := d.readShots(bytes.NewReader(shots)); err != nil {
		return nil, fmt.Errorf("shot cards: %w", err)
	}
	if err := d.readServes(bytes.NewReader(serves)); err != nil {
		return nil, fmt.Errorf("serve cards: %w", err)
	}
	if err := d.readPlayers(bytes.NewReader(players)); err != nil {
		return nil, fmt.Errorf("player cards: %w", err)
	}
	return d, nil
}

// table reads a CSV file with '#' comments and a header naming at least want; it returns the
// rows as maps from column name to value, with the line of each row.
func table(r io.Reader, want []string) ([]map[string]string, []int, error) {
	cr := csv.NewReader(r)
	cr.Comment = '#'
	cr.FieldsPerRecord = 0
	header, err := cr.Read()
	if err != nil {
		if errors.Is(err, io.EOF) {
			return nil, nil, errors.New("no header line")
		}
		return nil, nil, err
	}
	col := map[string]int{}
	for i, h := range header {
		col[strings.TrimSpace(h)] = i
	}
	for _, w := range want {
		if _, ok := col[w]; !ok {
			return nil, nil, fmt.Errorf("no column %q in the header", w)
		}
	}
	var rows []map[string]string
	var lines []int
	for {
		rec, err := cr.Read()
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			return nil, nil, err
		}
		line, _ := cr.FieldPos(0)
		row := map[string]string{}
		for _, w := range want {
			row[w] = strings.TrimSpace(rec[col[w]])
		}
		rows = append(rows, row)
		lines = append(lines, line)
	}
	return rows, lines, nil
}

// fieldError names the line and column of a bad value.
func fieldError(line int, column, value, format string, args ...any) error {
	return fmt.Errorf("line %d, column %s %q: %s", line, column, value, fmt.Sprintf(format, args...))
}

func intIn(line int, column, v string, lo, hi int) (int, error) {
	n, err := strconv.Atoi(strings.TrimPrefix(v, "+"))
	if err != nil || n < lo || n > hi {
		return 0, fieldError(line, column, v, "want a whole number from %d to %d", lo, hi)
	}
	return n, nil
}

func indexOf(names []string, v string) int {
	for i, n := range names {
		if strings.EqualFold(n, v) {
			return i
		}
	}
	return -1
}

func parseZones(line int, column, v, sep string) (zones, error) {
	var zs zones
	for _, f := range strings.Split(v, sep) {
		z := indexOf(zoneCodes[:], strings.TrimSpace(f))
		if z < 0 {
			return 0, fieldError(line, column, v, "zones are FH, N, BH and V, separated by %q", sep)
		}
		if zs.has(zone(z)) {
			return 0, fieldError(line, column, v, "zone %s twice", zoneCodes[z])
		}
		zs |= 1 << uint(z)
	}
	return zs, nil
}

var shotColumns = []string{"id", "name", "type", "color", "difficulty", "start", "targets", "malus_clay", "malus_hard",
	"malus_grass", "malus_indoor", "star_gain", "draw", "effect", "net_icon", "start_hand", "solo_pile", "star_cost",
	"opp_condition"}

func (d *cardData) readShots(r io.Reader) error {
	rows, lines, err := table(r, shotColumns)
	if err != nil {
		return err
	}
	for i, row := range rows {
		line := lines[i]
		id, err := intIn(line, "id", row["id"], 1, numShots)
		if err != nil {
			return err
		}
		c := &d.cards[id]
		if c.id != 0 {
			return fieldError(line, "id", row["id"], "card #%d appears twice", id)
		}
		c.id = id
		if c.name = row["name"]; c.name == "" {
			return fieldError(line, "name", "", "every card needs a name")
		}
		k := indexOf(kindCodes[:kServe], row["type"])
		if k < 0 {
			return fieldError(line, "type", row["type"], "want one of %s", strings.Join(kindCodes[:kServe], ", "))
		}
		c.kind = kind(k)
		col := indexOf(colorNames[:], row["color"])
		if col < 0 {
			return fieldError(line, "color", row["color"], "want blue, orange or red")
		}
		c.color = color(col)
		if c.kind == kWinner {
			if row["difficulty"] != "22-sum" {
				return fieldError(line, "difficulty", row["difficulty"], "a Winner's difficulty is 22-sum")
			}
		} else if c.diff, err = intIn(line, "difficulty", row["difficulty"], 0, 30); err != nil {
			return err
		}
		if c.start, err = parseZones(line, "start", row["start"], ","); err != nil {
			return err
		}
		switch t := row["targets"]; {
		case c.kind == kWinner && t != "-":
			return fieldError(line, "targets", t, "a Winner has no target: write -")
		case c.kind != kWinner:
			if c.targets, err = parseZones(line, "targets", t, "|"); err != nil {
				return err
			}
		}
		for s := range numSurfaces {
			column := "malus_" + surfaceNames[s]
			if c.malus[s], err = intIn(line, column, row[column], 0, 20); err != nil {
				return err
			}
		}
		if c.stars, err = intIn(line, "star_gain", row["star_gain"], 0, 5); err != nil {
			return err
		}
		if c.draw, err = intIn(line, "draw", row["draw"], 0, 5); err != nil {
			return err
		}
		e := indexOf(effectNames[1:], row["effect"])
		if row["effect"] != "" && e < 0 {
			return fieldError(line, "effect", row["effect"], "want topspin, slice or nothing")
		}
		c.effect = effect(e + 1)
		if c.net, err = yes(line, "net_icon", row["net_icon"]); err != nil {
			return err
		}
		if c.startHand, err = yes(line, "start_hand", row["start_hand"]); err != nil {
			return err
		}
		p := indexOf(pileCodes[:], row["solo_pile"])
		if p < 0 {
			return fieldError(line, "solo_pile", row["solo_pile"], "want FH, BH, ATT, DEF or VOL")
		}
		if rg := pileRanges[p]; id < rg[0] || id > rg[1] {
			return fieldError(line, "solo_pile", row["solo_pile"], "rule 19g puts #%d in no such pile (the %s pile is #%d-#%d)", id, pileNames[p], rg[0], rg[1])
		}
		c.pile = pile(p)
		if v := row["star_cost"]; v != "" {
			if c.cost, err = intIn(line, "star_cost", v, 0, maxCost); err != nil {
				return err
			}
		}
		cd := indexOf(condCodes[:], row["opp_condition"])
		if cd < 0 {
			return fieldError(line, "opp_condition", row["opp_condition"], "want backcourt, net or nothing")
		}
		c.cond = cond(cd)
		d.index(id)
		if c.startHand {
			d.startHand.add(id)
		}
		d.piles[c.pile].add(id)
		if c.kind == kSmash && d.smash == 0 {
			d.smash = id
		}
	}
	for id := 1; id <= numShots; id++ {
		if d.cards[id].id == 0 {
			return fmt.Errorf("card #%d is missing: the deck has shots #1 to #%d", id, numShots)
		}
	}
	if n := d.startHand.count(); n == 0 || n > 12 {
		return fmt.Errorf("%d cards carry the starting-hand icon, want 1 to 12", n)
	}
	return nil
}

func yes(line int, column, v string) (bool, error) {
	switch strings.ToUpper(v) {
	case "":
		return false, nil
	case "Y":
		return true, nil
	}
	return false, fieldError(line, column, v, "want Y or nothing")
}

var serveColumns = []string{"id", "difficulty", "color", "ace_range", "topspin_cost", "slice_cost", "malus_clay",
	"malus_hard", "malus_grass", "malus_indoor"}

func (d *cardData) readServes(r io.Reader) error {
	rows, lines, err := table(r, serveColumns)
	if err != nil {
		return err
	}
	for i, row := range rows {
		line := lines[i]
		id, err := intIn(line, "id", row["id"], firstServ, numCards)
		if err != nil {
			return err
		}
		c := &d.cards[id]
		if c.id != 0 {
			return fieldError(line, "id", row["id"], "card #%d appears twice", id)
		}
		c.id, c.kind = id, kServe
		if c.diff, err = intIn(line, "difficulty", row["difficulty"], 1, 20); err != nil {
			return err
		}
		c.name = "Serve " + strconv.Itoa(c.diff)
		col := indexOf(colorNames[:], row["color"])
		if col < 0 {
			return fieldError(line, "color", row["color"], "want blue, orange or red")
		}
		c.color = color(col)
		switch v := row["ace_range"]; {
		case strings.EqualFold(v, "none"):
		default:
			lo, hi, ok := strings.Cut(v, "-")
			if !ok {
				hi = lo
			}
			if c.aceLo, err = intIn(line, "ace_range", lo, 1, 20); err != nil {
				return err
			}
			if c.aceHi, err = intIn(line, "ace_range", hi, c.aceLo, 20); err != nil {
				return err
			}
		}
		if c.spinCost[topspin], err = intIn(line, "topspin_cost", row["topspin_cost"], 0, 10); err != nil {
			return err
		}
		if c.spinCost[slice], err = intIn(line, "slice_cost", row["slice_cost"], 0, 10); err != nil {
			return err
		}
		for s := range numSurfaces {
			column := "malus_" + surfaceNames[s]
			if c.malus[s], err = intIn(line, column, row[column], 0, 20); err != nil {
				return err
			}
		}
		c.start, c.targets = 1<<zN, 1<<zBH|1<<zFH
		switch c.diff {
		case 10:
			if d.autoFirst == 0 {
				d.autoFirst = id
			}
		case 4:
			if d.autoSecond == 0 {
				d.autoSecond = id
			}
		}
	}
	for id := firstServ; id <= numCards; id++ {
		if d.cards[id].id == 0 {
			return fmt.Errorf("serve #%d is missing: the serves are #%d to #%d", id, firstServ, numCards)
		}
	}
	if d.autoFirst == 0 || d.autoSecond == 0 {
		return errors.New("the solo automaton serves difficulty 10 then 4 (rule 20b): both serves must exist")
	}
	return nil
}

var playerColumns = []string{"id", "name", "hand", "stars_up", "stars_down", "remove", "powers"}

// maxPlayerCards bounds the player cards a data file may hold.
const maxPlayerCards = 16

func (d *cardData) readPlayers(r io.Reader) error {
	rows, lines, err := table(r, playerColumns)
	if err != nil {
		return err
	}
	if len(rows) == 0 || len(rows) > maxPlayerCards {
		return fmt.Errorf("%d player cards, want 1 to %d", len(rows), maxPlayerCards)
	}
	for i, row := range rows {
		line := lines[i]
		if _, err := intIn(line, "id", row["id"], i+1, i+1); err != nil {
			return fmt.Errorf("%w (player cards are numbered from 1 in order)", err)
		}
		p := playerCard{name: row["name"]}
		if p.name == "" {
			return fieldError(line, "name", "", "every player card needs a name")
		}
		if p.hand, err = intIn(line, "hand", row["hand"], d.startHand.count(), maxHand); err != nil {
			return err
		}
		if p.starsUp, err = intIn(line, "stars_up", row["stars_up"], 0, maxStars); err != nil {
			return err
		}
		if p.starsDown, err = intIn(line, "stars_down", row["stars_down"], 0, maxStars-p.starsUp); err != nil {
			return err
		}
		if v := row["remove"]; v != "" {
			if p.remove, err = parseIDs(line, "remove", v); err != nil {
				return err
			}
			if p.remove.count() > 6 {
				return fieldError(line, "remove", v, "a player card removes at most 6 cards")
			}
		}
		if v := row["powers"]; v != "" {
			for _, f := range strings.Split(v, ";") {
				if err := p.power(line, strings.TrimSpace(f)); err != nil {
					return err
				}
			}
		}
		d.players = append(d.players, p)
	}
	return nil
}

// parseIDs reads |-separated shot numbers.
func parseIDs(line int, column, v string) (cardSet, error) {
	var set cardSet
	for _, f := range strings.Split(v, "|") {
		id, err := intIn(line, column, strings.TrimPrefix(strings.TrimSpace(f), "#"), 1, numShots)
		if err != nil {
			return 0, err
		}
		set.add(id)
	}
	return set, nil
}

// power reads one power of a player card.
func (p *playerCard) power(line int, f string) error {
	name, arg, ok := strings.Cut(f, "=")
	if !ok {
		return fieldError(line, "powers", f, "write name=value")
	}
	var err error
	switch name {
	case "winner_on":
		ids, rng, ok := strings.Cut(arg, ":")
		lo, hi, ok2 := strings.Cut(rng, "-")
		if !ok || !ok2 {
			return fieldError(line, "powers", f, "write winner_on=IDS:LO-HI")
		}
		if p.winnerOn, err = parseIDs(line, "powers", ids); err != nil {
			return err
		}
		if p.winLo, err = intIn(line, "powers", lo, 1, 20); err != nil {
			return err
		}
		if p.winHi, err = intIn(line, "powers", hi, p.winLo, 20); err != nil {
			return err
		}
	case "serve":
		if p.serve, err = intIn(line, "powers", arg, -10, 10); err != nil {
			return err
		}
	case "net":
		if p.net, err = intIn(line, "powers", arg, -10, 10); err != nil {
			return err
		}
	case "surface":
		surf, delta, ok := strings.Cut(arg, ":")
		s := indexOf(surfaceNames[:], surf)
		if !ok || s < 0 {
			return fieldError(line, "powers", f, "write surface=clay|hard|grass|indoor:DELTA")
		}
		if p.surface[s], err = intIn(line, "powers", delta, -10, 10); err != nil {
			return err
		}
	default:
		return fieldError(line, "powers", f, "unknown power %q (winner_on, serve, surface, net)", name)
	}
	return nil
}

// index adds shot id to the sets that blockIn's conditions read.
func (d *cardData) index(id int) {
	c := &d.cards[id]
	for z := range numZones {
		if c.start.has(z) {
			d.startFrom[z].add(id)
		}
	}
	switch c.cond {
	case backcourt:
		d.backcourt.add(id)
	case atNet:
		d.net.add(id)
	}
	for n := c.cost; n <= maxCost; n++ {
		d.costAtMost[n].add(id)
	}
}

// affordable is the shots that cost at most stars.
func (d *cardData) affordable(stars int) cardSet {
	switch {
	case stars < 0:
		return 0
	case stars > maxCost:
		return allShots
	}
	return d.costAtMost[stars]
}

// cardSet is a set of shot cards, bit i for card #i (1 to 60).
type cardSet uint64

func (c cardSet) has(id int) bool { return id > 0 && id <= numShots && c>>uint(id)&1 != 0 }
func (c *cardSet) add(id int)     { *c |= 1 << uint(id) }
func (c *cardSet) del(id int)     { *c &^= 1 << uint(id) }
func (c cardSet) count() int      { return bits.OnesCount64(uint64(c)) }

// ids lists the cards in ascending order.
func (c cardSet) ids() []int {
	out := make([]int, 0, c.count())
	for x := uint64(c); x != 0; x &= x - 1 {
		out = append(out, bits.TrailingZeros64(x))
	}
	return out
}

// nth returns the n-th card (from 0) in ascending order; n must be below count.
func (c cardSet) nth(n int) int {
	x := uint64(c)
	for range n {
		x &= x - 1
	}
	return bits.TrailingZeros64(x)
}

// allShots is every shot card.
const allShots cardSet = (1<<(numShots+1) - 1) &^ 1
