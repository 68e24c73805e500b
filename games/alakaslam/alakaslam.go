package alakaslam

import (
	"fmt"
	"maps"
	"slices"
	"strconv"
	"strings"

	"deuce/engine"
	"deuce/score"
)

// Game is AlakaSLAM for the deuce engine.
var Game = engine.Game{
	Name:    "alakaslam",
	Title:   "AlakaSLAM",
	Summary: "Wizards' tennis on a grid of court cards: aim with red and blue Hit cards, enchant the ball, first to 3 points",
	Rules:   rulesText,
	Options: options(),
	Variants: []engine.Variant{
		{Name: "singles", Summary: "one against one on 4 x 3 court cards", Options: engine.Options{"format": "singles"}},
		{Name: "doubles", Summary: "two against two on 4 x 4, facedown team hits, no Enchant-1s", Options: engine.Options{"format": "doubles"}},
		{Name: "canadian", Summary: "player 2 alone against players 1 and 3 on 4 x 4", Options: engine.Options{"format": "canadian"}},
	},
	New:       newGame,
	Heuristic: Heuristic,
	// Search playouts look one point ahead: the hands carry over, but the point in play decides
	// almost all a move can change (measured in the search's strength table).
	Horizon: 1,
}

func options() []engine.OptionSpec {
	chars := append([]string{"choose", "random"}, charKeys[:]...)
	charLabels := map[string]string{"choose": "chosen at the table", "random": "dealt at random"}
	for c, k := range charKeys {
		charLabels[k] = charNames[c]
	}
	specs := []engine.OptionSpec{
		{Name: "format", Default: "singles", Values: formatNames[:],
			Help: "singles (2 players), doubles (4: players 1 and 3 against 2 and 4) or canadian (3: player 2 alone against players 1 and 3)"},
	}
	for seat := 1; seat <= maxSeats; seat++ {
		specs = append(specs, engine.OptionSpec{
			Name: "character" + strconv.Itoa(seat), Default: "choose", Values: chars, Labels: charLabels,
			Help: fmt.Sprintf("player %d's character: chosen at the table (choose), dealt at random (random), or the one named", seat),
		})
	}
	return append(append(specs,
		engine.OptionSpec{Name: "points", Default: "3", Values: []string{"1", "2", "3", "4", "5", "6", "7"},
			Help: "points that win the match (the rules say 3)"},
		engine.OptionSpec{Name: "first-server", Default: "call", Values: []string{"call", "1", "2"},
			Labels: map[string]string{"call": "player 1's call of red or blue", "1": "player 1", "2": "player 2"},
			Help:   "who serves first: decided by player 1's call of red or blue (call), or player 1 or player 2"},
		engine.OptionSpec{Name: "deck", Default: "standard", Values: []string{"standard", "enchant-3"},
			Labels: map[string]string{"standard": "standard (52 cards)", "enchant-3": "with two Enchant-3s (invented)"},
			Help:   "the reconstructed 52-card deck, or an invented one with two Enchant-3s"},
	), ruleOptions()...)
}

// Character option values besides a character.
const (
	CharChoose = charChoose // the seat chooses its character during set-up
	CharRandom = charRandom // the seat is dealt a character at random
)

// Options configures a match, as Game.Options describes.
type Options struct {
	// Format is Singles, Doubles or Canadian.
	Format int
	// Characters holds each seat's character (Austin ... Wendolyn), CharChoose or CharRandom.
	// Seats beyond the format's are ignored.
	Characters [maxSeats]int
	// Points wins the match; 0 means 3.
	Points int
	// FirstServer is the seat serving first, or -1 for the call of red or blue.
	FirstServer int
	// Deck is the deck played; the zero Deck means StandardDeck().
	Deck Deck
	// Toots is TootsTurn or TootsMoves, TeamMove TeamTogether or TeamOneByOne, Played
	// PlayedNextShot or PlayedAfterHit; "" means the first of each (the default).
	Toots, TeamMove, Played string
}

// CharacterIndex returns the character named by its option value ("laurie") or full name.
func CharacterIndex(name string) (int, bool) {
	for c := range numChars {
		if strings.EqualFold(name, charKeys[c]) || strings.EqualFold(name, charNames[c]) {
			return c, true
		}
	}
	return 0, false
}

// CharacterKeys lists the characters' option values in order.
func CharacterKeys() []string { return slices.Clone(charKeys[:]) }

// newGame starts a match from resolved options; missing options take their defaults.
func newGame(opts engine.Options) (engine.State, error) {
	o := Options{FirstServer: -1}
	for i := range o.Characters {
		o.Characters[i] = CharChoose
	}
	for _, k := range slices.Sorted(maps.Keys(opts)) {
		v := strings.ToLower(opts[k])
		switch {
		case k == "format":
			i := slices.Index(formatNames[:], v)
			if i < 0 {
				return nil, fmt.Errorf("format %q: want singles, doubles or canadian", v)
			}
			o.Format = i
		case strings.HasPrefix(k, "character") && len(k) == len("character")+1 && k[len(k)-1] >= '1' && k[len(k)-1] <= '4':
			seat := int(k[len(k)-1] - '1')
			switch v {
			case "choose", "":
				o.Characters[seat] = CharChoose
			case "random":
				o.Characters[seat] = CharRandom
			default:
				c, ok := CharacterIndex(v)
				if !ok {
					return nil, fmt.Errorf("%s %q: want choose, random or one of %s", k, v, strings.Join(charKeys[:], ", "))
				}
				o.Characters[seat] = c
			}
		case k == "points":
			n, err := strconv.Atoi(v)
			if err != nil || n < 1 || n > 7 {
				return nil, fmt.Errorf("points %q: want 1 to 7", v)
			}
			o.Points = n
		case k == "first-server":
			switch v {
			case "call", "":
				o.FirstServer = -1
			case "1", "2":
				o.FirstServer = int(v[0] - '1')
			default:
				return nil, fmt.Errorf("first-server %q: want call, 1 or 2", v)
			}
		case k == "deck":
			d, ok := decks[v]
			if !ok {
				return nil, fmt.Errorf("deck %q: want standard or enchant-3", v)
			}
			o.Deck = d
		default:
			if !setRuleOption(&o, k, v) {
				return nil, fmt.Errorf("unknown option %q", k)
			}
		}
	}
	return New(o)
}

// New starts a match before set-up: the first actions assign the characters left to choose or
// deal, then the deal.
func New(o Options) (*State, error) {
	if o.Format < Singles || o.Format > Canadian {
		return nil, fmt.Errorf("format %d: want Singles, Doubles or Canadian", o.Format)
	}
	if o.Points == 0 {
		o.Points = 3
	}
	if o.Deck.Size() == 0 {
		o.Deck = StandardDeck()
	}
	if err := checkRuleOptions(o); err != nil {
		return nil, err
	}
	s := &State{format: int8(o.Format), deckName: o.Deck.Name, lSeat: -1, hitter: -1, support: -1,
		called: -1, revealed: -1, ench: [2]enchant{noEnchant, noEnchant}, ball: noPos}
	switch o.Format {
	case Singles:
		s.nseats, s.cols = 2, 3
		s.teamSize = [2]int8{1, 1}
		s.team = [2][2]int8{{0, -1}, {1, -1}}
	case Doubles:
		s.nseats, s.cols = 4, 4
		s.teamSize = [2]int8{2, 2}
		s.team = [2][2]int8{{0, 2}, {1, 3}}
	case Canadian:
		s.nseats, s.cols = 3, 4
		s.teamSize = [2]int8{2, 1}
		s.team = [2][2]int8{{0, 2}, {1, -1}}
	}
	s.applyRuleOptions(o)
	s.total = o.Deck.counts
	if o.Format == Doubles {
		s.total[enchantKind(1)] = 0 // doubles removes every Enchant-1
	}
	s.deck = s.total
	if s.total.total() < int(s.nseats)*(handSize+2)+3 {
		return nil, fmt.Errorf("deck %s: %d cards is too few for %d players", o.Deck.Name, s.total.total(), s.nseats)
	}
	for seat := range maxSeats {
		s.pos[seat] = noPos
		s.chars[seat], s.ability[seat], s.charOpt[seat] = charNone, charNone, charNone
	}
	for seat := range s.nseats {
		c := o.Characters[seat]
		switch {
		case c == CharChoose || c == CharRandom:
		case c < 0 || c >= numChars:
			return nil, fmt.Errorf("player %d: character %d: want 0 to %d, CharChoose or CharRandom", seat+1, c, numChars-1)
		default:
			for other := range seat {
				if int(s.chars[other]) == c {
					return nil, fmt.Errorf("players %d and %d both have %s: there is one card of each character", other+1, seat+1, charNames[c])
				}
			}
			s.chars[seat], s.ability[seat] = int8(c), int8(c)
		}
		s.charOpt[seat] = int8(c)
	}
	first := 0
	switch {
	case o.FirstServer < 0:
		s.needCall = true
	case o.FirstServer < int(s.nseats):
		first = int(teamOf(int8(o.FirstServer)))
		s.server = int8(o.FirstServer)
	default:
		return nil, fmt.Errorf("first server %d: want -1 or a seat", o.FirstServer)
	}
	m, err := score.NewMatch(score.Format{Kind: score.FirstToPoints, Points: o.Points}, first)
	if err != nil {
		return nil, err
	}
	s.score = m
	s.charStage()
	return s, nil
}

const rulesText = `AlakaSLAM is a card game of wizards' tennis on a court of cards. The court is 4 rows by 3
columns in singles (4 by 4 in doubles and Canadian doubles), two rows on each side of the net.
Red and blue are the two sides of the court, the same for everyone: column 1 is red, the last
column blue. The first side to 3 points wins.

Cards. 52 cards: Hit cards of value 0 to 3 in red or blue, and colourless Enchant-1 and
Enchant-2 cards. Each player has a character (see below) and 8 cards in hand.

Set-up. Characters are chosen (or dealt at random, or fixed by option), each player draws 8
and may mulligan: discard the whole hand and draw a hand one card smaller, as often as wished.
Player 1 calls red or blue and the top card of the deck is revealed (again while it is an
Enchantment): the right colour gives player 1's side the first serve, else the other side.

Serving. The server chooses a back corner and serves from it; the receiver starts in the
diagonally opposite corner. The server hits before moving. A serve must land on the far side
of the net in another column than the one it started in.

The turn. 1. Move (optional). 2. Hit with 1 to 3 cards, or decline and lose the point. 3. Move
(if you did not move before the hit). 4. Draw 2. Moving: one space for free, plus one space per
Enchantment discarded for movement; never diagonally; you must stand on the ball to hit it.
There is no hand limit.

Aim and distance. Card by card, each Hit card moves the ball one column toward its colour and
its value in rows toward the opponent. The ball may leave the court in flight, but where it
lands must be on the court across the net: short of the net it is a net ball, beyond the court
it is out, and either loses the point.

Enchantments. At most one Enchantment per hit. The opponent must return an Enchanted ball with
exactly as many cards as its value (the Enchantment counted among them).

Scoring. Failing to return, hitting the net or out, or an invalid serve gives the other side
the point. The loser of the point may discard up to 3 cards, then everyone draws or discards to
8, and the loser serves the next point. When the deck runs out the discards are shuffled into a
new deck.

Characters.
  Æthermancer Austin: his Hit-2s may go straight (no sideways step).
  Kismetician Laurie: once per point, instead of hitting from her hand, she draws 3, plays 1,
    discards the rest, and ignores any Enchantment on her.
  Mægister Rich: after his Enchant-2 the opponent may not use an Enchantment in the return (it
    may still discard Enchantments to move).
  Meddlemagus Toots: once per point, on her turn, she makes any player (herself too) discard
    the whole hand and draw as many cards.
  Morticimagician Josephias: instead of his draw he may take 1 card of his choice from the
    discards.
  Shapeshifter Simon: before each serve he copies the ability of another character in play;
    with a teammate his hand is one card smaller.
  Sorceress Sarissia: starts each point with 2 extra cards.
  Witch Wendolyn: in every draw phase she must discard 1 card and then draws 1 more than usual
    (if she has no card she draws as usual).

Doubles (4 players: 1 and 3 against 2 and 4). No Enchant-1s; a 4th column. The server's
teammate starts one row forward and two columns across; the other team mirrors them. Both
teammates move (one free move for the team; Enchantments move only the one who discards them),
one must be at the ball: that player plays 1-3 cards facedown, then the support, who sees only
how many, plays 1-3 facedown; the first player's cards move the ball, then the support's from
there. Each aims an Enchantment at an opponent (the player at the ball first; not both at the
same one); that opponent's next play uses exactly that many cards. Each teammate draws 1. After a
lost point each loser may discard up to 3.

Canadian doubles (3 players: player 2 alone against players 1 and 3). The lone player plays
singles rules (draw 2, an Enchantment discarded moves 2 spaces, its Enchantment is aimed at one
opponent of its choice; Rich's lock likewise); the team plays doubles rules (draw 1 each; when
both enchant, the lone player chooses which one takes effect). Enchant-1s stay. Josephias in
the team uses his ability once per point.

Choices made where the rules are silent:
  - Characters (options character1..character4): "choose" (the default: each player in seat
    order picks a character not yet taken), "random" (dealt by chance from those left), or a
    name. There is one card of each character, so no two players share one.
  - Order of set-up: characters, Simon's choice, the deal, the mulligans (seat by seat), then
    the call. The revealed cards go to the discards. Player 1 calls. If no Hit card is left to
    reveal, player 1's side serves. Option first-server: "call" (default), "1" or "2".
  - The move is taken either before the hit or after it, not both: a player who moved (or
    discarded an Enchantment to move) before hitting does not move after.
  - Players stay on their side of the net; teammates never end a movement on one space.
  - Played cards (option played). By default (next-shot) the cards of a shot stay on the table
    until the next shot is played or the point ends, then go to the discards: the text plays an
    Enchantment "on the ball" and places it "in front of" the opponent it binds, so a shot's
    cards lie on the table while the return is to come, and Josephias cannot take back a card
    he has just played. played=after-hit discards them once the shot is resolved, before the
    draw phase. The discards are public.
  - A hit with no Hit card (a lone Enchantment) does not move the ball: it is a net ball.
  - A hit is picked card by card, and "take back" returns the last card picked to the hand: at
    most 64 times while picking one hit, after which the player hits or picks on.
  - Team movement (option team-move): "Both teammates move simultaneously". By default
    (together) the team plans its movement openly, one teammate after the other (the lower
    number first, each ending with "done"), and it takes effect for both at once: a teammate may
    pass through or end on the space the other leaves. Teammates never end a movement on one
    space (the player at the ball and the Support must be told apart): a teammate ends on the
    other's space only if the other plans after it and can still move off, which it then must;
    it steps onto it only with a move left to step off (or such a teammate to come). one-by-one:
    the teammates move one after the other on the court and never share a space. Nobody at the
    ball loses the point. On the serve the serving team moves only after the serve. The support must play 1 to 3 cards if it can (it
    plays nothing when no legal play is left). An Enchantment on the support binds its own play.
  - Serving order within a team: the teammates take turns serving their team's serves, player
    with the lower number first; the receiving team's back-corner player alternates likewise.
  - After a point the losers discard (up to 3 each), then every player refills to the hand size
    (8; 10 for Sarissia; 7 for a Simon with a teammate) or discards down to it by choice.
  - Laurie's ability replaces her whole play (also as support); she may use it while enchanted.
  - Toots (option toots): "on your turn". By default (turn) she may use her ability at any of her
    decisions in her team's turn before she picks her cards, a team serve included (as server
    or support), and after her hit even if she moved before it. moves: only at her movement
    decisions (before a singles serve but not a team serve; after her hit only if she did not
    move before it).
  - Wendolyn and Josephias abilities act in the end-of-turn draw only (not the refill).
  - Options: points (1-7, default 3) and deck ("standard" or "enchant-3": two Enchant-3s,
    invented, replacing an Enchant-1 and an Enchant-2).

Data: the counts of the deck are RECONSTRUCTED (Hit-0 4+4, Hit-1 6+6, Hit-2 6+6, Hit-3 4+4
red+blue, Enchant-1 x6, Enchant-2 x6): the text establishes only which kinds exist. They are in
the embedded file alakaslam-deck.csv and can be replaced without touching the code.

Notation: "move forward", "move back", "move red", "move blue"; "spend Enchant-2"; "pick Hit-2
red" (short: "2r"; "pick 2r straight" for Austin); "take back"; "hit"; "concede"; "done";
"draw three" (Laurie), "play 2r" (her card); "toots player 2"; "enchant player 4"; "accept
player 3"; "discard 0b"; "take 3r" (Josephias) or "draw"; "keep", "mulligan"; "call red";
"corner blue"; "choose laurie", "copy rich"; chance: "draw 2r", "reveal e1", "deal toots".`
