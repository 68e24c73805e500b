// Unit checks of the pages' text helpers, in node without a browser (web/units_test.go runs
// them): how results name the players (withNames), how a rules text is reflowed (reflow), and
// what AlakaSLAM and Love Means Nothing say of picks and cards that cannot be played yet.
// Each case names what it checks; the script exits non-zero on the first that fails.

import { withNames, soloLoss, scoreWithSides } from '../ui/js/names.js';
import { reflow } from '../ui/js/dom.js';
import { pickMore, landing, landingText } from '../ui/js/games/alakaslam.js';
import { idleText } from '../ui/js/games/lmn.js';

let failed = 0;
function expect(what, got, want) {
  if (got !== want) {
    console.error(`FAIL ${what}: got ${JSON.stringify(got)}, want ${JSON.stringify(want)}`);
    failed++;
  }
}

const seats = [{ name: 'ann_a' }, { name: 'heuristic bot', bot: 'heuristic' }, { name: 'cy' }, { name: 'player 4' }];
// A name a person chose keeps its case where it begins a result; a bot's, an unnamed seat's and
// "you" start it capitalised.
expect('a typed name begins a result', withNames('Player 1 wins: ball out', seats), 'ann_a wins: ball out');
expect('a bot begins a result', withNames('Player 2 wins: ball out', seats), 'Heuristic bot wins: ball out');
expect('a team with the viewer', withNames('Players 1 and 3 serve first', seats, 0), 'You & cy serve first');
expect('a team of typed names', withNames('Players 1 and 3 serve first', seats), 'ann_a & cy serve first');
expect('a seat no one named', withNames('Player 4 wins', seats), 'Player 4 wins');
expect('the viewer', withNames('player 1 wins', seats, 0), 'You win');
expect('the viewer drawing', withNames('player 1 is drawing', seats, 0), 'You are drawing');
expect('another player drawing', withNames('player 3 is drawing', seats, 0), 'cy is drawing');
expect('a name inside a sentence', withNames('point to player 3', seats), 'point to cy');

// A bare score reads in seat order: the status bar names the sides in that order, so that the
// second seat does not read its own lead as a deficit; a standing in words is left as it is.
expect('a score seen from the second seat', scoreWithSides('1-4', seats.slice(0, 2), 1), 'ann_a vs you: 1-4');
expect('a score seen from the first seat', scoreWithSides('6-4 3-2, 30-15', seats.slice(0, 2), 0), 'You vs heuristic bot: 6-4 3-2, 30-15');
expect('a doubles score watched', scoreWithSides('2-1', seats), 'ann_a & cy vs heuristic bot & player 4: 2-1');
expect('a seat no one named', scoreWithSides('0-0', [{ name: 'ann_a' }, {}]), 'ann_a vs player 2: 0-0');
expect('a standing in words', scoreWithSides('round 3: ball at 1, points 1-2', seats.slice(0, 2), 1), 'round 3: ball at 1, points 1-2');
expect('a one-seat match', scoreWithSides('2-7', seats.slice(0, 1), 0), '2-7');

// A one-seat match lost to the automaton has no winner, as a draw has none, but is a loss (a
// Worldwide solo loss read "A draw"); a solo win and a two-seat draw are not.
expect('a solo loss', soloLoss({ over: true, winner: -2, returns: [-1], score: '2-7 (the automaton wins)' }), true);
expect('a solo win', soloLoss({ over: true, winner: 0, returns: [1] }), false);
expect('a draw', soloLoss({ over: true, winner: -2, returns: [0, 0] }), false);
expect('a match under way', soloLoss({ over: false, winner: -2 }), false);

// AlakaSLAM: enchanted to hit with exactly so many cards, a player whose picks fall short has
// no Hit: the preview says how many more to pick, and nothing once Hit is offered.
const enchanted = { seat: 1, players: [{}, { required: 3 }], picked: [{ name: 'Hit-1 red' }] };
const picking = [{ text: 'pick Hit-2 blue' }, { text: 'take back' }, { text: 'concede' }];
expect('two more cards to pick', pickMore(enchanted, picking), ' Pick 2 more cards to hit: the Enchantment on the ball asks for exactly 3.');
expect('one more card to pick', pickMore({ ...enchanted, picked: [{}, {}] }, picking), ' Pick 1 more card to hit: the Enchantment on the ball asks for exactly 3.');
expect('hit offered', pickMore({ ...enchanted, picked: [{}, {}, {}] }, [...picking, { text: 'hit' }]), '');
expect('no enchantment', pickMore({ seat: 1, players: [{}, {}], picked: [] }, picking), '');
expect('not the viewer\'s turn', pickMore(enchanted, []), '');
expect('a spectator', pickMore({ ...enchanted, seat: -1 }, picking), '');

// AlakaSLAM: a ball into the net names no cell across it, and a lone Enchantment is said to
// be why (it does not move the ball).
const court = { rows: 4, cols: 3, striking: 0, ball: { row: 0, col: 2 } };
const ench = [{ value: 2, enchant: true }];
expect('a lone Enchantment', landingText(court, landing(court, ench), ench), 'into the net: an Enchantment alone does not move the ball');
const short = [{ value: 1, color: 'red' }];
expect('a hit short of the net', landingText(court, landing(court, short), short), 'into the net');
const across = [{ value: 2, color: 'red' }];
expect('a hit across', landingText(court, landing(court, across), across), 'to row 3 col 2: in');

// Love Means Nothing: a clicked card with no move says why, by the phase.
expect('a card that cannot be laid out', idleText({ phase: 'preparing' }, 7), 'Card 7 has no move now: it covers a zone a preparation card already covers (no two may cover the same zone).');
expect('a card with no shot', idleText({ phase: 'rally' }, 12), 'Card 12 has no move now.');

// A plain paragraph's lines are joined; an indented entry keeps its line, its deeper
// continuation joined; list items and table rows keep theirs.
expect('a paragraph', reflow('The court is 4 rows by 3\ncolumns in singles.'), 'The court is 4 rows by 3 columns in singles.');
expect('indented entries', reflow('Characters.\n  Austin: his Hit-2s\n    go straight.\n  Laurie: draws 3.'),
  'Characters.\n  Austin: his Hit-2s go straight.\n  Laurie: draws 3.');
expect('list items', reflow('Choices:\n  - one\n    more\n  - two'), 'Choices:\n  - one more\n  - two');
expect('table rows', reflow('Shots:\n  regular shot    1 defence\n  special shot    2 placements\nAfter.'),
  'Shots:\n  regular shot    1 defence\n  special shot    2 placements\nAfter.');
expect('blank lines', reflow('One\ntwo.\n\nThree\nfour.'), 'One two.\n\nThree four.');

if (failed) process.exit(1);
console.log('units: all passed');
