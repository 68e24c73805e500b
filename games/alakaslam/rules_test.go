package alakaslam

import (
	"fmt"
	"strconv"
	"strings"
	"testing"

	"deuce/engine/enginetest"
)

// A rules case is one line, "setup: actions -> verdict expectations", read by
// enginetest.Cases (see there for the grammar; a line it cannot read fails).
//
// Setup words: the format (singles, doubles or canadian; singles when left out); cN=KEY, the
// character of player N (none by default, so no ability); pN=rRcC, player N's space (row R
// from player 1's baseline, column C from the red side); ball=rRcC; hN=CARDS, player N's hand
// ("2r,0b,e1", "-" for none); to=N, the player to move (default 1); serve (the ball is served
// from its column); ph=pick or ph=after (the phase; by default a lone player's turn or a
// team's move); reqN=V and lockN (an Enchantment on player N); free=0 (the free move used);
// movedN; usedN=NAME+NAME (abilities used: laurie, toots, josephias); hitter=N (the player at
// the ball in team play); deck=CARDS and discard=CARDS (the rest of the cards go to the deck,
// or to the discards when deck is given, and leave the match when both are); points=A-B.
//
// Expectation keys: phase, tomove (a player number, chance or nobody), ball, pN, hN,
// handsizeN, reqN, lockN, earnedN, free, points, how (of the last point), shot (the last
// shot's result), table, discard, deck (a card count), abilityN, legal (notation joined by
// ",", "_" for a space).
var rulesCases = []string{
	// Aim and distance: each Hit card moves the ball one column toward its colour and its
	// value in rows forward; the rules' example: Hit-0 red, Hit-2 blue, Hit-1 red go one column
	// toward red and three rows forward.
	"p1=r0c1 p2=r3c0 ball=r0c1 h1=0r,2b,1r: pick 0r; pick 2b; pick 1r; hit -> ok ball=r3c0 shot=in phase=after tomove=1 h1=-",
	"p1=r0c1 p2=r3c0 ball=r0c1 h1=2r: pick 2r; hit -> ok ball=r2c0",
	"p1=r0c1 p2=r3c0 ball=r0c1 h1=3b: pick 3b; hit -> ok ball=r3c2",
	"p1=r0c1 p2=r3c0 ball=r0c1 h1=2r,1b: 2r; 1b; hit -> ok ball=r3c1",
	"p1=r1c1 p2=r3c0 ball=r1c1 h1=1b: 1b; hit -> ok ball=r2c2",
	// Player 2 hits toward row 0.
	"p2=r3c1 p1=r0c0 ball=r3c1 to=2 h2=2r,1r: 2r; 1r; hit -> ok ball=r0c-1 shot=out points=1-0 how=out",
	"p2=r3c1 p1=r0c0 ball=r3c1 to=2 h2=2b,1r free=0: 2b; 1r; hit; ~ -> ok ball=r0c1 shot=in tomove=1 phase=turn",
	// The ball may leave the court in flight and land in it.
	"p1=r0c0 p2=r3c0 ball=r0c0 h1=0r,0b,2b: 0r; 0b; 2b; hit -> ok ball=r2c1 shot=in",
	"p1=r0c0 p2=r3c0 ball=r0c0 h1=0r,2b,0b: 0r; 2b; 0b; hit -> ok ball=r2c1 shot=in",
	// Net: the ball does not cross; out: long or wide.
	"p1=r0c1 p2=r3c1 ball=r0c1 h1=1r: 1r; hit -> ok shot=net points=0-1 how=into_the_net",
	"p1=r0c1 p2=r3c1 ball=r0c1 h1=0r,0b,1r: 0r; 0b; 1r; hit -> ok shot=net",
	"p1=r0c1 p2=r3c1 ball=r0c1 h1=e2: pick e2; hit -> ok shot=net points=0-1",
	"p1=r0c1 p2=r3c1 ball=r0c1 h1=3r,1r: 3r; 1r; hit -> ok shot=out points=0-1",
	"p1=r1c1 p2=r3c1 ball=r1c1 h1=3r: 3r; hit -> ok shot=out",
	"p1=r0c0 p2=r3c1 ball=r0c0 h1=2r: 2r; hit -> ok shot=out",
	"p1=r0c2 p2=r3c1 ball=r0c2 h1=2b: 2b; hit -> ok shot=out",
	"p1=r0c0 p2=r3c1 ball=r0c0 h1=1b,1b,1b: 1b; 1b; 1b; hit -> ok shot=out",
	// Hits use 1 to 3 cards; declining loses the point; you must stand on the ball.
	"p1=r0c1 p2=r3c1 ball=r0c1 h1=1r,1r,1r,1r: 1r; 1r; 1r; 1r -> illegal reason=most",
	"p1=r0c1 p2=r3c1 ball=r0c1 h1=1r: hit -> illegal",
	"p1=r0c1 p2=r3c1 ball=r0c1 h1=1r: concede -> ok points=0-1 how=not_returned phase=lost tomove=1",
	"p1=r0c0 p2=r3c1 ball=r0c1 h1=1r: pick 1r -> illegal reason=stand",
	"p1=r0c0 p2=r3c1 ball=r0c1 h1=2b: move blue; pick 2b; hit -> ok ball=r2c2 free=false",
	"p1=r0c1 p2=r3c1 ball=r0c1 h1=2r: pick 2r; take back -> ok h1=2r phase=pick legal=pick_Hit-2_red,concede",
	"p1=r0c1 p2=r3c1 ball=r0c1 h1=2r: pick 2r; take back; move red -> illegal",
	// Taking back is the engine's (a hit is picked card by card): at most 64 cards a hit, then
	// the player hits or picks on; declining stays open to the player at the ball.
	"p1=r0c1 p2=r3c1 ball=r0c1 h1=2r,1b: " + tookBack(63) + "pick 2r -> ok legal=pick_Hit-1_blue,take_back,hit,concede",
	"p1=r0c1 p2=r3c1 ball=r0c1 h1=2r,1b: " + tookBack(64) + "pick 2r -> ok h1=1b legal=pick_Hit-1_blue,hit,concede",
	"p1=r0c1 p2=r3c1 ball=r0c1 h1=2r,1b: " + tookBack(64) + "pick 2r; take back -> illegal reason=most_allowed",
	"p1=r0c1 p2=r3c1 ball=r0c1 h1=2r,1b: " + tookBack(64) + "pick 2r; hit -> ok ball=r2c0 shot=in",
	"p1=r0c1 p2=r3c1 ball=r0c1 h1=2r,1b: " + tookBack(64) + "pick 2r; concede -> ok h1=1b,2r points=0-1",
	// The count is the hit's: once the ball comes back, the player may take back again.
	"p1=r0c1 p2=r2c0 ball=r0c1 h1=2r,1b h2=2b free=0 deck=3r,3r,3r,3r,3r,3r: " + tookBack(64) + "pick 2r; hit; ~; 2b; hit; done; ~; pick 1b; take back -> ok tomove=1 phase=pick",
	// Moves: one free space, more by discarding Enchantments, never diagonally nor across the
	// net; the move is made before or after the hit.
	"p1=r0c0 p2=r3c1 ball=r1c2 h1=e1,e2,1r: move forward; spend e1; move blue; spend e2; move blue; pick 1r; hit -> ok p1=r1c2 ball=r2c1 discard=2",
	"p1=r0c0 p2=r3c1 ball=r1c2 h1=e1: move forward; move blue -> illegal reason=movement",
	"p1=r1c0 p2=r3c1 ball=r1c2 h1=e1: move forward -> illegal reason=side",
	"p1=r0c0 p2=r3c1 ball=r1c2 h1=e1: move back -> illegal reason=side",
	"p1=r0c0 p2=r3c1 ball=r1c2 h1=e1: move red -> illegal reason=side",
	// Away from the ball a player moves or concedes: no card is picked before he stands on it.
	"p1=r0c0 p2=r3c1 ball=r1c0 h1=2b: -> ok legal=move_forward,move_blue,concede",
	"p1=r0c0 p2=r3c1 ball=r0c0 h1=2b: pick 2b; hit -> ok phase=after tomove=1",
	"p1=r0c0 p2=r3c1 ball=r0c0 h1=2b: pick 2b; hit; move blue; done -> ok p1=r0c1 phase=draw",
	"p1=r0c1 p2=r3c1 ball=r0c0 h1=2b,e1: move red; pick 2b; hit -> ok phase=draw tomove=chance",
	"p1=r0c1 p2=r3c1 ball=r0c1 h1=2b,e1: spend e1 -> ok earned1=1",
	"canadian p2=r3c1 p1=r0c0 p3=r1c2 ball=r3c3 to=2 h2=e1,1r: spend e1; move blue; move blue -> ok p2=r3c3 earned2=0 free=true",
	"canadian p2=r3c1 p1=r0c0 p3=r1c2 ball=r3c3 to=2 h2=e1,1r: spend e1 -> ok earned2=2",
	// The serve: hit before moving, land across the net in another column.
	"serve p1=r0c0 p2=r3c2 ball=r0c0 h1=2b,2r,e1: move forward -> illegal reason=server",
	"serve p1=r0c0 p2=r3c2 ball=r0c0 h1=2b,2r,e1: spend e1 -> illegal",
	"serve p1=r0c0 p2=r3c2 ball=r0c0 h1=2b: 2b; hit -> ok ball=r2c1 shot=in phase=after",
	"serve p1=r0c0 p2=r3c2 ball=r0c0 h1=2b,0r: 2b; 0r; hit -> ok shot=serve_not_across points=0-1 how=serve_not_across",
	"serve p1=r0c0 p2=r3c2 ball=r0c0 h1=1r,1b: 1r; 1b; hit -> ok shot=serve_not_across",
	"serve p1=r0c0 p2=r3c2 ball=r0c0 h1=1b: 1b; hit -> ok shot=net",
	"serve p1=r0c0 p2=r3c2 ball=r0c0 h1=1b: concede -> ok points=0-1 how=no_serve",
	// Enchantments: at most one per hit; the return uses exactly that many cards.
	"p1=r0c1 p2=r3c1 ball=r0c1 h1=2b,e1,e2: e1; e2 -> illegal reason=one",
	"p1=r0c1 p2=r3c1 ball=r0c1 h1=2b,e2: 2b; e2; hit -> ok req2=2 lock2=false tomove=1 phase=after",
	"p1=r0c1 p2=r3c1 ball=r0c1 h1=2b,e1: e1; 2b; hit -> ok req2=1",
	"p2=r3c1 p1=r0c1 ball=r3c1 to=2 req2=2 h2=2r,1b,0b: 2r; hit -> illegal reason=exactly",
	"p2=r3c1 p1=r0c1 ball=r3c1 to=2 req2=2 h2=2r,1b,0b: 2r; 1b; 0b -> illegal reason=exactly",
	"p2=r3c1 p1=r0c1 ball=r3c1 to=2 req2=2 h2=2r,1b,0b: 2r; 0b; hit -> ok ball=r1c1 req2=0",
	"p2=r3c1 p1=r0c1 ball=r3c1 to=2 req2=2 h2=3r,e1: 3r; e1; hit -> ok req1=1 shot=in",
	"p2=r3c1 p1=r0c1 ball=r3c1 to=2 req2=2 h2=3r: 3r -> illegal reason=few",
	"p2=r3c1 p1=r0c1 ball=r3c1 to=2 req2=1 h2=2r,1b: 2r; 1b -> illegal",
	// Player 2 stands on his baseline (row 3): forward is toward the net, back is off the court.
	"p2=r3c1 p1=r0c1 ball=r3c1 to=2 req2=1 h2=2r,1b: -> ok legal=pick_Hit-1_blue,pick_Hit-2_red,move_forward,move_red,move_blue,concede",
	// Enchantments still move a player with a lock on.
	"p2=r3c1 p1=r0c1 ball=r3c1 to=2 req2=2 lock2 h2=2r,1b,e1: pick e1 -> illegal reason=Rich",
	"p2=r3c1 p1=r0c1 ball=r3c1 to=2 req2=2 lock2 h2=2r,1b,e1: spend e1 -> ok earned2=1",
	"p2=r3c1 p1=r0c1 ball=r3c1 to=2 req2=2 lock2 h2=2r,1b,e1: 2r; 1b; hit -> ok ball=r0c1",
	// Scoring: the loser discards up to 3, everyone refills to 8, the loser serves.
	"p1=r0c1 p2=r3c1 ball=r0c1 h1=1r,0r,0b,0r,0r h2=1r deck=2r,2r,2r,2r,2r,2r,2r,2r,2r,2r,2r,2r,2r,2r,2r: concede; discard 0r; discard 0r; discard 0b; ~ -> ok phase=mulligan h1=0r,1r,2r,2r,2r,2r,2r,2r",
	"p1=r0c1 p2=r3c1 ball=r0c1 h1=1r,0r,0b,0r,0r h2=1r deck=2r,2r,2r,2r,2r,2r,2r,2r,2r,2r,2r,2r,2r,2r,2r: concede; discard 0r; discard 0r; discard 0b; discard 0r -> illegal",
	"p1=r0c1 p2=r3c1 ball=r0c1 h1=1r h2=1r,1r,1r,1r,1r,1r,1r,1r,1r,1r: concede; done; ~ -> ok phase=discard_down tomove=2",
	"p1=r0c1 p2=r3c1 ball=r0c1 h1=1r points=0-2: concede -> ok points=0-3 phase=over tomove=nobody",
	"p1=r0c1 p2=r3c1 ball=r0c1 h1=1r,1b h2=1r,1b,1b,1b,1b,1b,1b,1b deck=2r,2r,2r,2r,2r,2r,2r,2r,2r,2r,2r,2r,2r,2r,2r,2r,2r,2r,2r,2r,2r: concede; done; ~; keep; keep -> ok phase=corner tomove=1",
	"p1=r0c1 p2=r3c1 ball=r0c1 h1=1r,1b h2=1r,1b,1b,1b,1b,1b,1b,1b deck=2r,2r,2r,2r,2r,2r,2r,2r,2r,2r,2r,2r,2r,2r,2r,2r,2r,2r,2r,2r,2r: concede; done; ~; keep; keep; corner blue -> ok p1=r0c2 p2=r3c0 ball=r0c2 phase=turn tomove=1",
	// The mulligan: discard the hand, draw one fewer, as often as wished.
	"p1=r0c1 p2=r3c1 ball=r0c1 h1=1r,1b h2=1r,1b,1b,1b,1b,1b,1b,1b deck=2r,2r,2r,2r,2r,2r,2r,2r,2r,2r,2r,2r,2r,2r,2r,2r,2r,2r,2r,2r,2r: concede; done; ~; mulligan; ~ -> ok phase=mulligan h1=2r,2r,2r,2r,2r,2r,2r",
	"p1=r0c1 p2=r3c1 ball=r0c1 h1=1r,1b h2=1r,1b,1b,1b,1b,1b,1b,1b deck=2r,2r,2r,2r,2r,2r,2r,2r,2r,2r,2r,2r,2r,2r,2r,2r,2r,2r,2r,2r,2r: concede; done; ~; mulligan; ~; mulligan; ~; keep -> ok tomove=2 h1=2r,2r,2r,2r,2r,2r",
	// The draw at the end of the turn; the discards are reshuffled when the deck runs out.
	"p1=r0c1 p2=r3c1 ball=r0c1 h1=2r free=0 deck=- discard=3b,3b: 2r; hit -> ok phase=draw legal=draw_Hit-3_blue tomove=chance",
	"p1=r0c1 p2=r3c1 ball=r0c1 h1=2r free=0 deck=- discard=3b,3b: 2r; hit; draw 3b -> ok deck=1 discard=0",
	"p1=r0c1 p2=r3c1 ball=r0c1 h1=2r free=0 deck=- discard=3b,3b: 2r; hit; draw 3b; draw 3b -> ok h1=3b,3b tomove=2 phase=turn",
	"p1=r0c1 p2=r3c1 ball=r0c1 h1=2r free=0 deck=1b discard=3b: 2r; hit; draw 1b; draw 3b -> ok h1=1b,3b",
	// Æthermancer Austin: Hit-2s may go straight.
	"c1=austin p1=r0c1 p2=r3c1 ball=r0c1 h1=2r: pick 2r straight; hit -> ok ball=r2c1",
	"c1=austin p1=r0c1 p2=r3c1 ball=r0c1 h1=2r: pick 2r; hit -> ok ball=r2c0",
	"c1=austin p1=r0c1 p2=r3c1 ball=r0c1 h1=2r,1b: 2r straight; 1b; hit -> ok ball=r3c2",
	"c1=austin serve p1=r0c1 p2=r3c1 ball=r0c1 h1=2r: 2r straight; hit -> ok shot=serve_not_across",
	"c1=rich p1=r0c1 p2=r3c1 ball=r0c1 h1=2r: pick 2r straight -> illegal reason=Austin",
	"c1=austin p1=r0c1 p2=r3c1 ball=r0c1 h1=3r: pick 3r straight -> illegal reason=Hit-2",
	// Kismetician Laurie: draw three, play one, discard the rest, ignore Enchantments.
	"c1=laurie p1=r0c1 p2=r3c1 ball=r0c1 h1=0r req1=2 lock1 deck=3b,2b,e1,1r,1r,1r,1r,1r,1r,1r,1r: draw three; draw 3b; draw 2b; draw e1 -> ok phase=laurie_plays legal=play_Hit-2_blue,play_Hit-3_blue,play_Enchant-1",
	"c1=laurie p1=r0c1 p2=r3c1 ball=r0c1 h1=0r req1=2 lock1 deck=3b,2b,e1,1r,1r,1r,1r,1r,1r,1r,1r discard=-: draw three; draw 3b; draw 2b; draw e1; play 2b -> ok ball=r2c2 req1=0 h1=0r discard=2 table=2b",
	"c1=laurie p1=r0c1 p2=r3c1 ball=r0c1 h1=0r,2r: 2r; draw three -> illegal reason=back",
	"c1=laurie used1=laurie p1=r0c1 p2=r3c1 ball=r0c1 h1=0r: draw three -> illegal reason=once",
	"c1=laurie p1=r0c0 p2=r3c1 ball=r0c1 h1=0r: draw three -> illegal reason=stand",
	"c1=laurie p1=r0c1 p2=r3c1 ball=r0c1 h1=0r deck=2b discard=-: draw three; draw 2b -> ok phase=laurie_plays legal=play_Hit-2_blue",
	// Mægister Rich: after his Enchant-2 the return may not use an Enchantment.
	"c1=rich p1=r0c1 p2=r3c1 ball=r0c1 h1=2b,e2: 2b; e2; hit -> ok req2=2 lock2=true",
	"c1=rich p1=r0c1 p2=r3c1 ball=r0c1 h1=2b,e1: 2b; e1; hit -> ok req2=1 lock2=false",
	"c1=austin p1=r0c1 p2=r3c1 ball=r0c1 h1=2b,e2: 2b; e2; hit -> ok req2=2 lock2=false",
	// Meddlemagus Toots: once per point, any player (herself too) redraws the whole hand.
	"c1=toots p1=r0c1 p2=r3c1 ball=r0c1 h1=2b h2=1r,1r,1r deck=3b,3b,3b,3b,3b,3b,3b,3b,3b: toots player 2; draw 3b; draw 3b; draw 3b -> ok h2=3b,3b,3b phase=turn tomove=1",
	"c1=toots p1=r0c1 p2=r3c1 ball=r0c1 h1=2b h2=1r deck=3b,3b,3b,3b,3b,3b,3b,3b,3b: toots player 1; draw 3b -> ok h1=3b phase=turn",
	"c1=toots p1=r0c1 p2=r3c1 ball=r0c1 h1=2b h2=1r deck=3b,3b,3b,3b,3b,3b,3b,3b,3b: toots player 1; draw 3b; toots player 2 -> illegal reason=once",
	"c1=toots p1=r0c1 p2=r3c1 ball=r0c1 h1=2b h2=-: toots player 2 -> illegal reason=holds",
	"c1=toots p1=r0c1 p2=r3c1 ball=r0c1 h1=2b h2=1r: pick 2b; toots player 2 -> illegal",
	"c1=toots p1=r0c1 p2=r3c1 ball=r0c1 h1=2b h2=1r deck=3b,3b,3b,3b,3b,3b,3b,3b,3b: pick 2b; hit; toots player 2 -> ok phase=draw tomove=chance h2=-",
	"c1=rich p1=r0c1 p2=r3c1 ball=r0c1 h1=2b h2=1r: toots player 2 -> illegal reason=Toots",
	// Morticimagician Josephias: instead of his draw, one card of his choice from the discards.
	"c1=josephias p1=r0c1 p2=r3c1 ball=r0c1 h1=2b free=0 discard=3r,e2: 2b; hit -> ok phase=josephias legal=draw,take_Hit-3_red,take_Enchant-2",
	"c1=josephias p1=r0c1 p2=r3c1 ball=r0c1 h1=2b free=0 discard=3r,e2: 2b; hit; take e2 -> ok h1=e2 tomove=2",
	"c1=josephias p1=r0c1 p2=r3c1 ball=r0c1 h1=2b free=0 discard=3r,e2 deck=1r,1r,1r,1r,1r,1r,1r,1r,1r,1r,1r,1r,1r,1r,1r,1r,1r,1r,1r,1r,1r,1r,1r,1r,1r,1r,1r,1r,1r,1r: 2b; hit; draw; draw 1r; draw 1r -> ok h1=1r,1r tomove=2",
	"c1=josephias p1=r0c1 p2=r3c1 ball=r0c1 h1=2b free=0 discard=3r: 2b; hit; take 3b -> illegal reason=discards",
	// Nothing in the text ends a rally by itself: two players with Josephias's ability (here
	// both Josephias; in a match Simon copying him) can trade Hit-3s for ever, each taking back
	// from the discards the card the other played before. After one exchange and after three,
	// the position is the same (hands, places, discards and table): the rally repeats.
	"c1=josephias c2=josephias p1=r0c1 p2=r3c0 ball=r0c1 h1=3r h2=3b discard=3r,3b: 3r; hit; done; take 3r; 3b; hit; done; take 3b -> ok tomove=1 phase=turn ball=r0c1 p1=r0c1 p2=r3c0 h1=3r h2=3b discard=1 table=3b points=0-0",
	"c1=josephias c2=josephias p1=r0c1 p2=r3c0 ball=r0c1 h1=3r h2=3b discard=3r,3b: 3r; hit; done; take 3r; 3b; hit; done; take 3b; 3r; hit; done; take 3r; 3b; hit; done; take 3b; 3r; hit; done; take 3r; 3b; hit; done; take 3b -> ok tomove=1 phase=turn ball=r0c1 p1=r0c1 p2=r3c0 h1=3r h2=3b discard=1 table=3b points=0-0",
	// Shapeshifter Simon copies a character in play before each serve.
	"c1=simon c2=sarissia p1=r0c1 p2=r3c1 ball=r0c1 h1=1r: concede; done -> ok ability1=sarissia",
	"doubles c1=simon c2=laurie c3=rich c4=toots p1=r0c1 p2=r3c1 p3=r1c3 p4=r2c2 ball=r0c1 h1=1r: done; done; concede; done -> ok phase=simon legal=copy_laurie,copy_rich,copy_toots",
	"doubles c1=simon c2=laurie c3=rich c4=toots p1=r0c1 p2=r3c1 p3=r1c3 p4=r2c2 ball=r0c1 h1=1r: done; done; concede; done; copy rich -> ok ability1=rich",
	"doubles c1=simon c2=laurie c3=rich c4=toots p1=r0c1 p2=r3c1 p3=r1c3 p4=r2c2 ball=r0c1 h1=1r: done; done; concede; done; copy simon -> illegal reason=another",
	"doubles c1=simon c2=laurie c3=rich c4=toots p1=r0c1 p2=r3c1 p3=r1c3 p4=r2c2 ball=r0c1 h1=1r: done; done; concede; done; copy austin -> illegal",
	// Sorceress Sarissia: two extra cards each point; Simon with a teammate: one fewer.
	"c1=sarissia p1=r0c1 p2=r3c1 ball=r0c1 h1=1r: concede; done; ~ -> ok handsize1=10 handsize2=8",
	"doubles c1=simon c2=sarissia c3=rich c4=toots p1=r0c1 p2=r3c1 p3=r1c3 p4=r2c2 ball=r0c1 h1=1r: done; done; concede; done; copy sarissia; ~ -> ok handsize1=9 handsize2=10 handsize3=8",
	"doubles c1=simon c2=sarissia c3=rich c4=toots p1=r0c1 p2=r3c1 p3=r1c3 p4=r2c2 ball=r0c1 h1=1r: done; done; concede; done; copy rich; ~ -> ok handsize1=7",
	// Witch Wendolyn: must discard one, then draws one more; as usual with no card.
	"c1=wendolyn p1=r0c1 p2=r3c1 ball=r0c1 h1=2b,0r free=0: 2b; hit -> ok phase=wendolyn legal=discard_Hit-0_red",
	"c1=wendolyn p1=r0c1 p2=r3c1 ball=r0c1 h1=2b,0r free=0 deck=1r,1r,1r,1r,1r,1r,1r,1r,1r,1r,1r,1r,1r,1r,1r,1r,1r,1r,1r,1r,1r,1r,1r,1r,1r,1r,1r,1r,1r,1r: 2b; hit; discard 0r; draw 1r; draw 1r; draw 1r -> ok h1=1r,1r,1r tomove=2",
	"c1=wendolyn p1=r0c1 p2=r3c1 ball=r0c1 h1=2b free=0 deck=1r,1r,1r,1r,1r,1r,1r,1r,1r,1r,1r,1r,1r,1r,1r,1r,1r,1r,1r,1r,1r,1r,1r,1r,1r,1r,1r,1r,1r,1r: 2b; hit; draw 1r; draw 1r -> ok h1=1r,1r tomove=2",
	// Doubles: team moves, facedown plays, the support's cards continue the flight.
	"doubles p1=r0c1 p3=r1c3 p2=r3c1 p4=r2c2 ball=r1c2 h1=1r h3=2b: done; move red; pick 2b -> illegal",
	"doubles p1=r0c1 p3=r1c3 p2=r3c1 p4=r2c2 ball=r1c2 h1=1r h3=2b: done; move red; done -> ok phase=pick tomove=3",
	"doubles p1=r0c1 p3=r1c3 p2=r3c1 p4=r2c2 ball=r1c2 h1=1r h3=2b: move forward; move blue -> illegal reason=movement",
	"doubles p1=r0c1 p3=r1c3 p2=r3c1 p4=r2c2 ball=r1c2 h1=1r h3=2b,e2: move forward; done; spend e2; move red; done -> ok p3=r1c2 phase=pick tomove=3",
	"doubles p1=r0c1 p3=r1c1 p2=r3c1 p4=r2c2 ball=r1c2 h1=1r h3=2b: move forward -> illegal reason=teammate",
	"doubles p1=r0c1 p3=r1c3 p2=r3c1 p4=r2c2 ball=r1c2 h1=1r h3=2b: done; done -> ok points=0-1 how=ball_not_reached",
	"doubles p1=r0c1 p3=r1c3 p2=r3c1 p4=r2c2 ball=r0c1 h1=2b h3=1b: done; done; pick 2b; hit -> ok phase=pick tomove=3",
	"doubles p1=r0c1 p3=r1c3 p2=r3c1 p4=r2c2 ball=r0c1 h1=2b h3=1b: done; done; pick 2b; hit; pick 1b; hit -> ok ball=r3c3 shot=in phase=after",
	"doubles p1=r0c1 p3=r1c3 p2=r3c1 p4=r2c2 ball=r0c1 h1=2b h3=1r,1b: done; done; 2b; hit; 1r; 1b; hit -> ok ball=r4c2 shot=out",
	"doubles p1=r0c1 p3=r1c3 p2=r3c1 p4=r2c2 ball=r0c1 h1=2b h3=1r: done; done; 2b; hit; 1r; concede -> illegal reason=player_at_the_ball",
	"doubles p1=r0c1 p3=r1c3 p2=r3c1 p4=r2c2 ball=r0c1 h1=2b h3=-: done; done; 2b; hit -> ok shot=in ball=r2c2",
	"doubles p1=r0c1 p3=r1c3 p2=r3c1 p4=r2c2 ball=r0c1 h1=2b h3=e2,1r: done; done; 2b; hit; e2; hit -> ok ball=r2c2 phase=aim tomove=3 legal=enchant_player_2,enchant_player_4",
	"doubles p1=r0c1 p3=r1c3 p2=r3c1 p4=r2c2 ball=r0c1 h1=2b,e2 h3=e2,1r: done; done; 2b; e2; hit; e2; hit; enchant player 4 -> ok req4=2 req2=2 tomove=1 phase=after",
	"doubles p1=r0c1 p3=r1c3 p2=r3c1 p4=r2c2 ball=r0c1 h1=2b,e2 h3=1b: done; done; 2b; e2; hit; 1b; hit -> ok phase=aim tomove=1",
	"doubles p1=r0c1 p3=r1c3 p2=r3c1 p4=r2c2 ball=r0c1 h1=2b,e2 h3=1b: done; done; 2b; e2; hit; 1b; hit; enchant player 2 -> ok req2=2 req4=0",
	"doubles p1=r0c1 p3=r1c3 p2=r3c1 p4=r2c2 ball=r0c1 h1=2b,e2 h3=1b: done; done; 2b; e2; hit; 1b; hit; enchant player 3 -> illegal",
	// An Enchantment binds the support's own play.
	"doubles p1=r0c1 p3=r1c3 p2=r3c1 p4=r2c2 ball=r0c1 req3=2 h1=2b h3=1r,1b,0r: done; done; 2b; hit; 1r; hit -> illegal reason=exactly",
	// Doubles draw: one card each.
	"doubles p1=r0c1 p3=r1c3 p2=r3c1 p4=r2c2 ball=r0c1 h1=2b,e2 h3=1b,e1: done; done; 2b; hit; 1b; hit; done; done -> ok phase=draw tomove=chance",
	// Canadian doubles: the lone player aims its Enchantment; it chooses between two.
	"canadian p2=r3c1 p1=r0c1 p3=r1c3 ball=r3c1 to=2 h2=2r,e2: 2r; e2; hit -> ok phase=aim tomove=2 legal=enchant_player_1,enchant_player_3",
	"canadian c2=rich p2=r3c1 p1=r0c1 p3=r1c3 ball=r3c1 to=2 h2=2r,e2: 2r; e2; hit; enchant player 3 -> ok req3=2 lock3=true req1=0",
	"canadian p1=r0c1 p3=r1c3 p2=r3c1 ball=r0c1 h1=2b,e1 h3=1b,e2: done; done; 2b; e1; hit; 1b; e2; hit -> ok phase=effect tomove=2 legal=accept_player_1,accept_player_3",
	"canadian p1=r0c1 p3=r1c3 p2=r3c1 ball=r0c1 h1=2b,e1 h3=1b,e2: done; done; 2b; e1; hit; 1b; e2; hit; accept player 1 -> ok req2=1",
	"canadian p1=r0c1 p3=r1c3 p2=r3c1 ball=r0c1 h1=2b h3=1b,e2: done; done; 2b; hit; 1b; e2; hit -> ok req2=2 phase=after",
	// Josephias in the team of Canadian doubles: once per point.
	"canadian c1=josephias p1=r0c1 p3=r1c3 p2=r3c1 ball=r0c1 h1=2b,1r h3=1b discard=3r,3b free=0: done; 2b; hit; 1b; hit -> ok phase=josephias",
	"canadian c1=josephias p1=r0c1 p3=r1c3 p2=r3c1 ball=r0c1 h1=2b,1r h3=1b discard=3r,3b free=0 used1=josephias: done; 2b; hit; 1b; hit -> ok phase=draw",
	"canadian c2=josephias p2=r3c1 p1=r0c1 p3=r1c3 ball=r3c1 to=2 h2=2r free=0 used2=josephias discard=3r: 2r; hit -> ok phase=josephias",
	// Junk.
	"p1=r0c1 p2=r3c1 ball=r0c1 h1=2b: #-1 -> illegal",
	"p1=r0c1 p2=r3c1 ball=r0c1 h1=2b: #2147483647 -> illegal",
	"p1=r0c1 p2=r3c1 ball=r0c1 h1=2b: #-2147483648 -> illegal",
	"p1=r0c1 p2=r3c1 ball=r0c1 h1=2b: #249 -> illegal",
	"p1=r0c1 p2=r3c1 ball=r0c1 h1=2b: draw 2b -> illegal reason=chance",
	"p1=r0c1 p2=r3c1 ball=r0c1 h1=2b: lob -> illegal",
}

// rules runs AlakaSLAM's rules cases.
var rules = enginetest.Cases[State, *State]{Setup: setupWords, Describe: describe, Invariant: invariant}

func TestRules(t *testing.T) { rules.Run(t, rulesCases) }

// TestAimAndDistance checks the landing of every one-card hit from every space of each side.
func TestAimAndDistance(t *testing.T) {
	for seat := range 2 {
		for r := range numRows {
			if !onSide(int8(seat), int8(r)) {
				continue
			}
			for c := range 3 {
				for k := range numHitKinds {
					dr, dc := value(k), 1
					if color(k) == red {
						dc = -1
					}
					if seat == 1 {
						dr = -dr
					}
					tr, tc := r+dr, c+dc
					want := "in"
					switch {
					case (seat == 0 && tr < 2) || (seat == 1 && tr > 1):
						want = "net"
					case tr < 0 || tr > 3 || tc < 0 || tc > 2:
						want = "out"
					}
					line := fmt.Sprintf("to=%d p%d=r%dc%d p%d=r%dc1 ball=r%dc%d h%d=%s: pick %s; hit -> ok shot=%s",
						seat+1, seat+1, r, c, 2-seat, 3*(1-seat), r, c, seat+1, cardShort(k), cardShort(k), want)
					if want == "in" {
						line += fmt.Sprintf(" ball=r%dc%d", tr, tc)
					}
					t.Run(line, func(t *testing.T) { rules.Case(t, line) })
				}
			}
		}
	}
}

// parseCards reads "2r,0b,e1" ("-" for none).
func parseCards(w *enginetest.Words, text string) counts {
	var c counts
	if text == "-" || text == "" {
		return c
	}
	for f := range strings.SplitSeq(text, ",") {
		k, ok := parseCard(f)
		if !ok {
			w.Errorf("card %q", f)
			return counts{}
		}
		c[k]++
	}
	return c
}

func parsePos(w *enginetest.Words, text string) pos {
	var r, c int
	if _, err := fmt.Sscanf(text, "r%dc%d", &r, &c); err != nil || fmt.Sprintf("r%dc%d", r, c) != text {
		w.Errorf("space %q: want rRcC", text)
		return noPos
	}
	return pos{int8(r), int8(c)}
}

// setupWords builds the state a rules case describes.
func setupWords(w *enginetest.Words) *State {
	format := Singles
	w.Flag("singles")
	if w.Flag("doubles") {
		format = Doubles
	}
	if w.Flag("canadian") {
		format = Canadian
	}
	o := Options{Format: format, FirstServer: 0}
	for i := range o.Characters {
		o.Characters[i] = int(Austin + i) // placeholders, cleared below
	}
	st, err := New(o)
	if err != nil {
		w.Errorf("%v", err)
		return nil
	}
	s := *st
	s.deck, s.discard, s.table = counts{}, counts{}, counts{}
	s.hands = [maxSeats]counts{}
	for x := range s.nseats {
		s.chars[x], s.ability[x] = charNone, charNone
		if c, ok := w.Value(fmt.Sprintf("c%d", x+1)); ok {
			i, ok := CharacterIndex(c)
			if !ok {
				w.Errorf("character %q", c)
				return nil
			}
			s.chars[x], s.ability[x] = int8(i), int8(i)
		}
		s.charOpt[x] = s.chars[x]
		s.pos[x] = noPos
		if p, ok := w.Value(fmt.Sprintf("p%d", x+1)); ok {
			s.pos[x] = parsePos(w, p)
		}
		s.hands[x] = parseCards(w, w.Get(fmt.Sprintf("h%d", x+1), "-"))
		s.picks[x] = [maxPicks]pick{}
		s.npicks[x] = 0
		if w.Has(fmt.Sprintf("req%d", x+1)) {
			s.req[x] = int8(w.Int(fmt.Sprintf("req%d", x+1), 0))
		}
		s.lock[x] = w.Flag(fmt.Sprintf("lock%d", x+1))
		s.moved[x] = w.Flag(fmt.Sprintf("moved%d", x+1))
		if u := w.Get(fmt.Sprintf("used%d", x+1), ""); u != "" {
			for _, name := range strings.Split(u, "+") {
				bit, ok := map[string]uint8{"laurie": usedLaurie, "toots": usedToots, "josephias": usedJosephias}[name]
				if !ok {
					w.Errorf("used%d=%s: want laurie, toots or josephias", x+1, u)
				}
				s.used[x] |= bit
			}
		}
	}
	if b, ok := w.Value("ball"); ok {
		s.ball = parsePos(w, b)
	}
	var used counts
	for x := range s.nseats {
		used.add(&s.hands[x])
	}
	d, hasDiscard := w.Value("discard")
	if hasDiscard {
		s.discard = parseCards(w, d)
		used.add(&s.discard)
	}
	d, hasDeck := w.Value("deck")
	if hasDeck {
		s.deck = parseCards(w, d)
		used.add(&s.deck)
	}
	var rest counts
	for k := range numKinds {
		rest[k] = s.total[k] - used[k]
		if rest[k] < 0 {
			// Rules cases may use more cards of a kind than the deck has: the match deck grows.
			s.total[k] -= rest[k]
			rest[k] = 0
		}
	}
	switch {
	case !hasDeck:
		s.deck.add(&rest)
	case !hasDiscard:
		s.discard.add(&rest)
	default:
		// Both piles given: the other cards leave the match.
		for k := range numKinds {
			s.total[k] -= rest[k]
		}
	}
	if p := w.Get("points", ""); p != "" {
		var a, b int
		if _, err := fmt.Sscanf(p, "%d-%d", &a, &b); err != nil || a < 0 || b < 0 {
			w.Errorf("points=%s: want A-B", p)
			return nil
		}
		for range a {
			s.score.PointWon(0)
		}
		for range b {
			s.score.PointWon(1)
		}
	}
	to := int8(w.Int("to", 1) - 1)
	if to < 0 || to >= s.nseats {
		w.Errorf("to=%d: want a player 1 to %d", to+1, s.nseats)
		return nil
	}
	s.needCall = false
	s.striking = teamOf(to)
	s.server = to
	s.serving = w.Flag("serve")
	s.serveCol = s.ball.c
	switch free := w.Get("free", "1"); free {
	case "0", "1":
		s.free = free == "1"
	default:
		w.Errorf("free=%s: want 0 or 1", free)
	}
	s.earned = [maxSeats]int8{}
	s.lSeat, s.laurie = -1, counts{}
	s.stage = 0
	s.cur = to
	s.hitter, s.support = -1, -1
	if s.teamSize[s.striking] == 1 {
		s.hitter = to
		s.phase = phTurn
	} else {
		s.phase = phTeamMove
		s.cur = s.team[s.striking][0]
		if w.Has("hitter") {
			s.hitter = int8(w.Int("hitter", 0) - 1)
			if s.hitter < 0 || s.hitter >= s.nseats || teamOf(s.hitter) != s.striking {
				w.Errorf("hitter=%d: want a player of the team to strike", s.hitter+1)
				return nil
			}
			s.support = s.partner(s.hitter)
		}
	}
	switch ph := w.Get("ph", ""); ph {
	case "":
	case "pick":
		s.phase = phPick
	case "after":
		s.phase = phAfter
	default:
		w.Errorf("ph=%s: want pick or after", ph)
	}
	return &s
}

func cardsText(c counts) string {
	var parts []string
	for k := range numKinds {
		for range c[k] {
			parts = append(parts, cardShort(k))
		}
	}
	if len(parts) == 0 {
		return "-"
	}
	return strings.Join(parts, ",")
}

// describe renders one property of s for the expectations of a rules case.
func describe(s *State, key string) (string, bool) {
	seatOf := func(prefix string) int8 {
		n, err := strconv.Atoi(strings.TrimPrefix(key, prefix))
		if err != nil || n < 1 || n > int(s.nseats) {
			return -1
		}
		return int8(n - 1)
	}
	posText := func(p pos) string { return fmt.Sprintf("r%dc%d", p.r, p.c) }
	switch {
	case key == "phase":
		return [...]string{"char", "dealchar", "simon", "discard_down", "draw", "mulligan", "call", "reveal", "corner",
			"turn", "team", "pick", "laurie_draw", "laurie_plays", "aim", "effect", "after", "josephias", "wendolyn",
			"lost", "over"}[s.phase], true
	case key == "tomove":
		if to := s.ToMove(); to >= 0 {
			return strconv.Itoa(int(to) + 1), true
		}
		return s.ToMove().String(), true
	case key == "ball":
		if s.lastShot.number > 0 && s.lastShot.how != howNone {
			return posText(s.lastShot.to), true
		}
		return posText(s.ball), true
	case key == "free":
		return strconv.FormatBool(s.free), true
	case key == "points":
		p := s.score.PointsInGame()
		return fmt.Sprintf("%d-%d", p[0], p[1]), true
	case key == "how":
		return strings.ReplaceAll(howNames[s.lastPoint.how], " ", "_"), true
	case key == "shot":
		if s.lastShot.number == 0 {
			return "none", true
		}
		if s.lastShot.how == howNone {
			return "in", true
		}
		return strings.ReplaceAll(map[int8]string{howNet: "net", howOut: "out", howStraight: "serve not across"}[s.lastShot.how], " ", "_"), true
	case key == "table":
		return cardsText(s.table), true
	case key == "discard":
		return strconv.Itoa(s.discard.total()), true
	case key == "deck":
		return strconv.Itoa(s.deck.total()), true
	case key == "legal":
		var texts []string
		for _, a := range s.Legal(nil) {
			texts = append(texts, strings.ReplaceAll(s.ActionString(a), " ", "_"))
		}
		return strings.Join(texts, ","), true
	case strings.HasPrefix(key, "handsize"):
		if x := seatOf("handsize"); x >= 0 {
			return strconv.Itoa(s.hands[x].total()), true
		}
	case strings.HasPrefix(key, "ability"):
		if x := seatOf("ability"); x >= 0 && s.ability[x] >= 0 {
			return charKeys[s.ability[x]], true
		}
	case strings.HasPrefix(key, "earned"):
		if x := seatOf("earned"); x >= 0 {
			return strconv.Itoa(int(s.earned[x])), true
		}
	case strings.HasPrefix(key, "req"):
		if x := seatOf("req"); x >= 0 {
			return strconv.Itoa(int(s.req[x])), true
		}
	case strings.HasPrefix(key, "lock"):
		if x := seatOf("lock"); x >= 0 {
			return strconv.FormatBool(s.lock[x]), true
		}
	case strings.HasPrefix(key, "p"):
		if x := seatOf("p"); x >= 0 {
			return posText(s.pos[x]), true
		}
	case strings.HasPrefix(key, "h"):
		if x := seatOf("h"); x >= 0 {
			return cardsText(s.hands[x]), true
		}
	}
	return "", false
}

// tookBack is n times "pick 2r; take back", and the "; " that leads on.
func tookBack(n int) string {
	return strings.Repeat("pick 2r; take back; ", n)
}
