// Package tutorial holds deuce's lessons: one per game, a fixed deal played step by step, which
// the browser (/learn/GAME) and the terminal (deuce learn GAME) both teach.
//
// A tutorial's match is made by the engine itself: the game's heuristic plays every seat from a
// fixed seed, chance included, and the learner (seat 1) is asked to play, one decision at a
// time, exactly the move its seat made in that match. Every position, legal move and log line
// the learner sees comes from replaying that record, so a tutorial can never disagree with the
// rules; only the explanations are written by hand, one per kind of move.
package tutorial

import (
	"errors"
	"fmt"
	"math/rand/v2"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"sync"

	"deuce/engine"
	"deuce/games"
	"deuce/games/alakaslam"
	"deuce/games/lmn"
	"deuce/games/pencil"
	"deuce/games/worldwide"
	"deuce/match"
)

// definition is one game's tutorial before its match is played (see the package comment): its
// deal, how many of the learner's decisions it asks for, and the words of each kind of move.
type definition struct {
	Game    string
	Options engine.Options
	Seed    uint64
	Intro   string
	// MaxSteps caps the learner's decisions; the tutorial also ends with the first point won
	// once MinSteps were played, or with the match.
	MinSteps, MaxSteps int
	// lessons explain a kind of move (the first word of its notation); %s is the move.
	lessons map[string]string
}

var definitions = []definition{
	{
		Game: "centercourt", Options: engine.Options{"format": "tiebreak"}, Seed: 16, MinSteps: 4, MaxSteps: 10,
		Intro: "Center Court plays tennis with cards valued 1 to 6. The server plays a card: its value is the Volley Value. " +
			"Each return must match it: one card of the same value, or 1 + |v − w| cards of another value w " +
			"(two cards one step away, three cards two steps away...). Who cannot return loses the point. You serve first.",
		lessons: map[string]string{
			"serve":   "Serve: play «%s». Its value becomes the Volley Value. A 3 or 4 is always in; after a 1, 2, 5 or 6 the Service Die may call a fault.",
			"concede": "No card or set of cards in your hand returns this Volley Value: «%s» and lose the point.",
		},
	},
	{
		Game: "pencil", Options: engine.Options{"points": "8"}, Seed: 2, MinSteps: 8, MaxSteps: 8,
		Intro: "Tennis on paper: the ball starts on the centre line and you each have 8 points. Every round both players bid secretly; " +
			"the higher bid pushes the ball one field away from the bidder (straight over the net from the bidder's own side), and both bids are spent. " +
			"Push the ball beyond the other's field, or have it on the other's side when both are out of points, to win.",
		lessons: map[string]string{
			"bid": "Bid: play «%s». Your opponent bids at the same time without seeing yours; the bids are revealed together.",
		},
	},
	{
		Game: "lmn", Options: engine.Options{"players": "singles", "format": "set"}, Seed: 1, MinSteps: 3, MaxSteps: 30,
		Intro: "Love Means Nothing: a point is a game. A card has two halves: a defence covering one or two zones of your half " +
			"(back row BL BC BR, front row FL FC FR: left, centre, right) and a shot aimed at one zone of the other half. " +
			"«BL+BC>BR» defends back left and back centre, and aims at back right. Each card is used for one half only. " +
			"Lay out preparation cards, serve, then cover the ball with a defence and send it back with a shot.",
		lessons: map[string]string{
			"prep":    "Lay out a preparation card: «%s». Preparation cards may not cover a common zone; later they can defend or aim without coming from your hand.",
			"take":    "Take a preparation card back into your hand: «%s».",
			"done":    "Your preparation area is laid out: «%s» ends the set-up.",
			"done.":   "End your turn: «%s», with nothing to draw.",
			"done,":   "End your turn: «%s». You move cards between hand and preparation area, then refill from your reserve.",
			"serve":   "Serve: «%s». The ball goes to the zone the card aims at.",
			"defend":  "Cover the ball: «%s» defends the zone the ball is in.",
			"aim":     "Send the ball back: «%s». Only one card per turn may come from your hand.",
			"hit":     "Confirm the shot: «%s».",
			"concede": "No card covers the ball: «%s» and lose the point.",
			"pass":    "Pass to your partner: «%s».",
		},
	},
	{
		Game: "alakaslam", Options: engine.Options{"format": "singles", "points": "3"}, Seed: 51, MinSteps: 5, MaxSteps: 30,
		Intro: "AlakaSLAM is wizards' tennis on a court of cards, 4 rows by 3 columns. Red is column 1, blue the last column. " +
			"Each Hit card moves the ball one column toward its colour and its value in rows toward your opponent; " +
			"an Enchantment forces the return to use exactly that many cards. You must stand on the ball to hit it. First to 3 points wins.",
		lessons: map[string]string{
			"choose":   "Choose your character: «%s».",
			"keep":     "Keep this hand: «%s». A mulligan would draw a hand one card smaller.",
			"mulligan": "Mulligan: «%s». You discard your hand and draw one card fewer.",
			"call":     "Call a colour for the first serve: «%s». A card is revealed from the deck; if its colour is the one called, you serve first.",
			"corner":   "Choose the back corner to serve from: «%s».",
			"move":     "Move: «%s». One space is free, never diagonally.",
			"spend":    "Discard an Enchantment to move one more space: «%s».",
			"pick":     "Pick a card for your hit: «%s». A red card moves the ball toward red, a blue one toward blue, its value in rows forward.",
			"pick enchant": "Add an Enchantment to the hit: «%s». It does not move the ball, but your opponent's return must use exactly that many cards: " +
				"fewer choices, and harder to reach. One Enchantment at most per hit.",
			"hit":     "Hit with the cards picked: «%s».",
			"done":    "End your turn: «%s».",
			"discard": "Discard: «%s».",
			"take":    "Take the card back: «%s».",
			"concede": "You cannot return the ball: «%s» and lose the point.",
		},
	},
	{
		Game: "worldwide", Options: engine.Options{"mode": "tiebreak", "rules": "basic", "surface": "hard"}, Seed: 45, MinSteps: 10, MaxSteps: 16,
		Intro: "Worldwide Tennis: each half of the court has backhand, centre and forehand zones along the baseline and a volley zone at the net. " +
			"Serve with a serve card and a d20 roll; then move to where the ball is sent and play a card that starts from that zone. " +
			"A card answering a blue card with blue or orange is validated without a roll; otherwise you roll the d20 against its difficulty. A tiebreak to 7.",
		lessons: map[string]string{
			"serve":         "Serve: «%s». The d20 must reach the card's difficulty, or it is a fault.",
			"play":          "Play a shot from the zone you stand in: «%s».",
			"stay":          "After your shot: «%s» where you are.",
			"rush":          "Go to the net: «%s». From there you volley.",
			"recentre":      "Move back to the centre zone: «%s». It costs a star (and, from the net, a card as well), and the centre is the zone every ball is nearest.",
			"to":            "Move to the ball: «%s».",
			"discard":       "Pay a card of your hand for the move: «%s». A card paid so is discarded, not played.",
			"concentration": "At the change of ends, «%s»: gain 2 stars.",
			"recovery":      "At the change of ends, «%s»: draw a card.",
			"plan":          "Tactical plan: «%s».",
			"no":            "«%s».",
			"concede":       "You cannot play a shot: «%s» and lose the point.",
		},
	},
}

// Tutorial is a game's tutorial with its match played.
type Tutorial struct {
	def   definition
	game  engine.Game
	rec   *engine.Record
	steps []int // the record index of each of the learner's decisions
	err   error
}

var built struct {
	once sync.Once
	m    map[string]*Tutorial
}

// ErrNoTutorial is For's error for a game with no tutorial (or no game).
var ErrNoTutorial = errors.New("no tutorial")

// For returns the tutorial of the named game, playing its match on first use. The error says
// which games have one, or why the tutorial could not be prepared.
func For(game string) (*Tutorial, error) {
	built.once.Do(func() {
		built.m = map[string]*Tutorial{}
		for _, def := range definitions {
			built.m[def.Game] = build(def)
		}
	})
	t, ok := built.m[strings.ToLower(game)]
	if !ok {
		return nil, fmt.Errorf("%w for %q; tutorials: %s", ErrNoTutorial, game, strings.Join(Games(), ", "))
	}
	if t.err != nil {
		return nil, fmt.Errorf("the %s tutorial could not be prepared: %w", t.def.Game, t.err)
	}
	return t, nil
}

// Games names the games that have a tutorial, in the order the lobby shows the games.
func Games() []string {
	var names []string
	for _, d := range definitions {
		names = append(names, d.Game)
	}
	order := games.Names()
	slices.SortStableFunc(names, func(a, b string) int { return slices.Index(order, a) - slices.Index(order, b) })
	return names
}

// build plays def's match with the game's heuristic for every seat.
func build(def definition) *Tutorial {
	t := &Tutorial{def: def}
	g, err := games.Lookup(def.Game)
	if err != nil {
		t.err = err
		return t
	}
	t.game = g
	s, opts, err := g.Start(def.Options)
	if err != nil {
		t.err = err
		return t
	}
	// The other seats play the heuristic, which people meet as the easy bot: named so, as a
	// table against it names it.
	seats := make([]engine.SeatInfo, s.NumSeats())
	for i := range seats {
		name := "easy bot"
		if len(seats) > 2 {
			name = fmt.Sprintf("easy bot %d", i)
		}
		seats[i] = engine.SeatInfo{Name: name, Bot: "heuristic"}
	}
	seats[0] = engine.SeatInfo{Name: "You"}
	t.rec = engine.NewRecord(g, opts, seats)
	rng := rand.New(rand.NewPCG(def.Seed, def.Seed))
	for s.ToMove() != engine.Nobody {
		to := s.ToMove()
		if to == 0 {
			if len(t.steps) == def.MaxSteps {
				break
			}
			t.steps = append(t.steps, len(t.rec.Moves))
		}
		var a engine.Action
		if to == engine.Chance {
			a = engine.SampleChance(rng, s.Chances(nil))
		} else {
			a = g.Heuristic(engine.Determinize(s, to, rng), rng)
		}
		won := learnerPoints(s)
		if err := t.rec.Apply(s, a); err != nil {
			t.err = err
			return t
		}
		// The lesson ends with a point the learner wins, once MinSteps were played: its last
		// frame shows that point's end, not the next one begun, and a lesson does not end on
		// the learner's lost point under "Well played!".
		if len(t.steps) >= def.MinSteps && learnerPoints(s) > won {
			break
		}
	}
	return t
}

// learnerPoints counts the points the learner's side (seat 0's, side 0 in every lesson's
// format) has won.
func learnerPoints(s engine.State) int {
	if t, ok := s.(engine.Tennis); ok {
		return t.TennisFacts().PointsWon[0]
	}
	return 0
}

// Game is the tutorial's game.
func (t *Tutorial) Game() engine.Game { return t.game }

// Intro says what the game is about, before the first step.
func (t *Tutorial) Intro() string { return t.def.Intro }

// Options are the options of the tutorial's match.
func (t *Tutorial) Options() engine.Options { return t.rec.Options }

// Seats are the match's seats: the learner ("You") first, then the heuristic bots, named as
// people meet them ("easy bot").
func (t *Tutorial) Seats() []engine.SeatInfo { return slices.Clone(t.rec.Seats) }

// Steps is the number of the learner's decisions.
func (t *Tutorial) Steps() int { return len(t.steps) }

// Frame is one step: what the learner sees, as a table update shows it, with the move to make
// and why.
type Frame struct {
	Step, Steps int
	// Done is set on the frame after the last step: the lesson is over, and nothing is to play.
	Done   bool
	Update match.Update
	// Expect is the move to play and Lesson why, on every frame but the last.
	Expect *match.Choice
	Lesson string
}

// Frame replays the tutorial's record up to step (from 0; Steps gives the final position) and
// describes it for the learner.
func (t *Tutorial) Frame(step int) (Frame, error) {
	if step < 0 || step > len(t.steps) {
		return Frame{}, fmt.Errorf("step must be a number from 0 to %d", len(t.steps))
	}
	end := len(t.rec.Moves)
	if step < len(t.steps) {
		end = t.steps[step]
	}
	f := Frame{Step: step, Steps: len(t.steps), Done: step == len(t.steps)}
	rec := *t.rec
	rec.Moves = t.rec.Moves[:end]
	var log []string
	st, err := engine.Replay(t.game, &rec, func(i int, s engine.State) {
		if i < end {
			log = append(log, engine.Narrate(s, rec.Moves[i].Action, 0))
		}
	})
	if err != nil {
		return f, err
	}
	u := match.Update{Seq: end, Seat: 0, ToMove: st.ToMove(), View: st.Observe(0), Log: log, Result: st.Result()}
	if p, ok := st.(engine.Simultaneous); ok {
		u.Pending = p.Pending()
	}
	if f.Done {
		// The lesson is over, whatever the match would do next.
		u.ToMove = engine.Nobody
		u.Pending = nil
	} else {
		for _, a := range st.Legal(nil) {
			u.Legal = append(u.Legal, match.Choice{Action: a, Text: st.ActionString(a)})
		}
		m := t.rec.Moves[end]
		f.Expect = &match.Choice{Action: m.Action, Text: m.Text}
		f.Lesson = t.lesson(end, st)
	}
	f.Update = u
	return f, nil
}

// lesson explains the record's move i, played in st.
func (t *Tutorial) lesson(i int, st engine.State) string {
	m := t.rec.Moves[i]
	kind, _, _ := strings.Cut(m.Text, " ")
	switch t.game.Name {
	case "pencil":
		if ps, ok := st.(*pencil.State); ok && kind == "bid" {
			return pencilBid(ps, m.Seat, int(m.Action), m.Text)
		}
	case "centercourt":
		if kind == "return" {
			return centerCourtReturn(t.rec.Moves[:i], m.Text)
		}
	case "lmn":
		if ls, ok := st.(*lmn.State); ok && m.Text == "done" && !ls.SettingUp() {
			kind = "done."
		}
		// The card's halves in words: «prep 22 BL+FL>BC» is a card to read before it is played.
		if l, ok := t.def.lessons[kind]; ok {
			return strings.TrimSpace(fmt.Sprintf(l, m.Text) + " " + lmnCard(m.Text))
		}
	case "worldwide":
		// A second serve says so: the first was a fault, and a second fault loses the point.
		if o, ok := st.Observe(m.Seat).(*worldwide.Observation); ok && kind == "serve" {
			if o.SecondServe {
				return fmt.Sprintf(t.def.lessons[kind], m.Text) + " Your first serve was a fault: this is your second serve, with a new card, and a second fault (a double fault) loses the point: an easy card plays safe."
			}
			return fmt.Sprintf(t.def.lessons[kind], m.Text) + " A first serve may risk a harder card: a fault still leaves you a second serve."
		}
	case "alakaslam":
		if strings.HasPrefix(m.Text, "pick Enchant") {
			kind = "pick enchant"
		}
		if d := alakaslam.DescribeAction(m.Text); d != "" {
			return fmt.Sprintf("Choose your character: «%s». %s", m.Text, d)
		}
		// What the move does, then why here: how far the ball is, where the cards picked send it.
		if l, ok := t.def.lessons[kind]; ok {
			return strings.TrimSpace(fmt.Sprintf(l, m.Text) + " " + alakaslam.Teach(st, m.Action))
		}
	}
	if l, ok := t.def.lessons[kind]; ok {
		return fmt.Sprintf(l, m.Text)
	}
	return fmt.Sprintf("Play «%s».", m.Text)
}

// pencilBid explains bid, seat's bid of the bidding game, from where the round stands: the
// points, the ball, and where a lower, a higher and an equal bid of the other player leave the
// ball (the game's own rule, pencil.State.BallAfter). The rounds differ, so each step says
// something new.
func pencilBid(s *pencil.State, seat engine.Seat, bid int, text string) string {
	fields := s.Params().Fields
	mine, theirs := s.Points(seat), s.Points(1-seat)
	// where says a position seen from the learner's end: negative is the learner's half.
	where := func(ball int) string {
		if seat == 1 {
			ball = -ball
		}
		switch {
		case ball > fields:
			return "beyond your opponent's last field, and you win the match"
		case ball < -fields:
			return "beyond your last field, and you lose the match"
		case ball > 0:
			return plural(ball, "field") + " into your opponent's half"
		case ball < 0:
			return plural(-ball, "field") + " into your half"
		}
		return "on the centre line"
	}
	goes := func(ball int) string {
		if w := where(ball); w != "on the centre line" {
			return w
		}
		return "to the centre line"
	}
	lose := fmt.Sprintf("if higher, %s; a tie leaves it where it is", goes(s.BallAfter(seat, false)))
	switch {
	case theirs < bid:
		lose = fmt.Sprintf("with %s they can neither match nor beat it", plural(theirs, "point"))
	case theirs == bid:
		lose = fmt.Sprintf("with %s they cannot bid higher; a tie leaves it where it is", plural(theirs, "point"))
	}
	spent := "a bid of 0 keeps all your points for the rounds to come"
	if bid > 0 {
		spent = "both bids are spent: " + plural(bid, "point") + " of yours gone for the rounds to come"
	}
	return fmt.Sprintf("You have %s, your opponent %s; the ball is %s. Bid: play «%s». "+
		"Your opponent bids at the same time without seeing it. If their bid is lower, the ball goes %s; "+
		"%s. Win or lose the round, %s.",
		plural(mine, "point"), plural(theirs, "point"), where(s.Ball()), text, goes(s.BallAfter(seat, true)), lose, spent)
}

// centerCourtReturn explains a Center Court return from the Volley Value, which is the value
// of the last card served or returned.
func centerCourtReturn(before []engine.Move, text string) string {
	vv, shot, last := 0, 0, ""
	for _, m := range before {
		if m.Seat < 0 {
			continue
		}
		f := strings.Fields(m.Text)
		if len(f) == 2 && (f[0] == "serve" || f[0] == "return") {
			vv, _ = strconv.Atoi(strings.Split(f[1], "-")[0])
			if f[0] == "serve" {
				shot = 0
			}
			shot, last = shot+1, m.Text
		}
	}
	cards := strings.Split(strings.TrimPrefix(text, "return "), "-")
	w, _ := strconv.Atoi(cards[0])
	words := []string{"", "one", "two", "three", "four", "five", "six"}
	n := len(cards)
	switch {
	case vv == 0:
		return fmt.Sprintf("Return: play «%s».", text)
	case n == 1:
		// Named with the shot it answers: two returns of a 4 in a row would otherwise read the
		// same, and the second step look like the first one again.
		return fmt.Sprintf("Your opponent's «%s» (shot %d of the rally) makes the Volley Value %d. Return it with a single %d: «%s». "+
			"One card of the same value is the cheapest return, and keeps the rest of your hand for the shots to come.", last, shot, vv, w, text)
	case n < len(words):
		return fmt.Sprintf("Return the Volley Value %d with %s %ds: %d is %d away from %d, so it takes 1 + %d = %d cards. Play «%s»; the Volley Value becomes %d.",
			vv, words[n], w, w, n-1, vv, n-1, n, text, w)
	}
	return fmt.Sprintf("Return: play «%s».", text)
}

// lmnZones names Love Means Nothing's zones.
var lmnZones = map[string]string{"BL": "back left", "BC": "back centre", "BR": "back right", "FL": "front left", "FC": "front centre", "FR": "front right"}

// lmnMove reads a Love Means Nothing move: its verb, card, the zones its defence covers, and
// the zone it aims at ("prep 22 BL+FL>BC", "defend 13 BL+BC from hand", "aim 7 to FR from prep").
var lmnMove = regexp.MustCompile(`^(\w+) (\d+)(?: ([BF][LCR](?:\+[BF][LCR])*))?(?:>([BF][LCR])| to ([BF][LCR]))?(?: from (hand|prep))?`)

// lmnCard says in words what the card of a Love Means Nothing move does there, or "".
func lmnCard(text string) string {
	m := lmnMove.FindStringSubmatch(text)
	if m == nil {
		return ""
	}
	verb, card, def, aim := m[1], m[2], m[3], m[4]+m[5]
	var zones []string
	if def != "" {
		for _, z := range strings.Split(def, "+") {
			zones = append(zones, lmnZones[z])
		}
	}
	covers := strings.Join(zones, " and ")
	from := map[string]string{"hand": ", from your hand", "prep": ", from your preparation area"}[m[6]]
	switch {
	case verb == "defend" && covers != "":
		return fmt.Sprintf("Card %s%s: its defence covers %s.", card, from, covers)
	case (verb == "aim" || verb == "serve") && aim != "":
		return fmt.Sprintf("Card %s%s: its shot goes to %s of the other half.", card, from, lmnZones[aim])
	case covers != "" && aim != "":
		return fmt.Sprintf("Card %s defends %s, or aims at %s.", card, covers, lmnZones[aim])
	}
	return ""
}

func plural(n int, noun string) string {
	if n == 1 {
		return "1 " + noun
	}
	return fmt.Sprintf("%d %ss", n, noun)
}
