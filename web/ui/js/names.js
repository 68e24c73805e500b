import { capitalize, chosenName } from './dom.js';

// How pages name the players in text from the server: seat names for "player N", and "you" for
// the viewer's own seat, so that a page never says "Ann" in one place and "You" in another.

const SECOND_PERSON = {
  wins: 'win', loses: 'lose', serves: 'serve', bids: 'bid', draws: 'draw', is: 'are', has: 'have', plays: 'play',
  returns: 'return', concedes: 'concede', rolls: 'roll', lays: 'lay', chooses: 'choose', moves: 'move', hits: 'hit',
  leads: 'lead', takes: 'take', calls: 'call', passes: 'pass', was: 'were',
};

// soloLoss reports a one-seat match lost to the game's automaton (Worldwide's solo play): it has
// no winning seat, as a draw has none, but its one return is a loss.
export function soloLoss(r) {
  return !!r && r.winner < 0 && (r.returns || []).length === 1 && r.returns[0] < 0;
}

// withNames rewrites "player N" (and "player N's") in text with seat N's name, or with
// "you"/"your" when N is the viewer's seat, agreeing the verb that follows, and a team's
// "players N and M" with both names joined by "&", as the boards name a team; the first letter
// is capitalised when the text began with one.
export function withNames(text, seats, viewer = -3) {
  if (!text) return text;
  const name = (n) => (Number(n) - 1 === viewer ? 'you' : seats?.[Number(n) - 1]?.name);
  // The text begins with a name a person chose, which keeps its case ("bob_b wins"); a bot's
  // ("heuristic bot"), a seat no one named ("player 2") and "you" start a sentence capitalised,
  // as capitalize (dom.js) treats them on a table's page.
  let named = false;
  const typed = (n) => Number(n) - 1 !== viewer && chosenName(seats?.[Number(n) - 1]);
  const out = text.replace(/\b[Pp]layers (\d+) and (\d+)\b|\b([Pp])layer (\d+)('s)?( (\w+))?/g, (m, a, b, p, n, poss, rest, verb, at) => {
    if (a) {
      const team = [name(a), name(b)];
      if (at === 0 && team.every(Boolean) && typed(a)) named = true;
      return team.every(Boolean) ? team.join(' & ') : m;
    }
    const seat = Number(n) - 1;
    if (seat === viewer) {
      // "player 1 to move", said to player 1: "your turn to move".
      if (!poss && verb === 'to') return (p === 'P' ? 'Your' : 'your') + ' turn to';
      const you = poss ? 'your' : 'you';
      const word = p === 'P' ? you[0].toUpperCase() + you.slice(1) : you;
      return word + (rest ? ' ' + (!poss && SECOND_PERSON[verb] ? SECOND_PERSON[verb] : verb) : '');
    }
    if (at === 0 && typed(n)) named = true;
    return name(n) ? name(n) + (poss || '') + (rest || '') : m;
  });
  // A person's chosen name stays as typed ("bob_b wins", not "Bob_b wins"), as the other pages
  // keep it.
  if (named) return out;
  return /^[A-Z]/.test(text) || /^(players?|you)\b/.test(text) ? capitalize(out) : out;
}

// shownOptions drops the options that do not apply to a match of n seats: those numbered for a
// seat beyond them ("character3" in singles).
export function shownOptions(opts, n) {
  return Object.entries(opts || {}).filter(([k]) => {
    const m = /(\d+)$/.exec(k);
    return !m || Number(m[1]) <= n;
  });
}

// optionLabel is how value v of the option described by spec (as /api/games gives it) is shown:
// its label ("win or lose" for "winloss"), or v.
export function optionLabel(spec, v) {
  return (spec?.labels ?? spec?.Labels)?.[v] ?? v;
}

// matters says whether the option described by spec makes a difference under opts: its "when"
// lists, for other options, the values under which it does.
export function matters(spec, opts) {
  return Object.entries((spec?.when ?? spec?.When) || {}).every(([k, vs]) => vs.includes(opts?.[k]));
}

// briefOptions says a table's settings briefly: the variant its options make, then only the
// options that differ from that variant and from the game's defaults ("tiebreak · surface
// clay"), where every option would be a line of "format tiebreak, first-server 1, ...". g is
// the game as /api/games describes it; without it every option is listed.
export function briefOptions(g, options, seats, sep = ' · ') {
  if (!g) return shownOptions(options, seats).map(([k, v]) => `${k} ${v}`).join(sep);
  const pick = (o, key) => o[key] ?? o[key.charAt(0).toUpperCase() + key.slice(1)];
  const spec = (k) => (g.options || []).find((o) => pick(o, 'name') === k);
  // An option the others make moot (when: Worldwide's sets in a tiebreak) is left out, and a
  // value is said as the game labels it ("scoring win or lose").
  const all = shownOptions(options, seats).filter(([k]) => matters(spec(k), options));
  const list = (pairs) => pairs.map(([k, v]) => `${k} ${optionLabel(spec(k), v)}`).join(sep);
  const opts = Object.fromEntries(all);
  const fits = (v) => v.seats === undefined || v.seats === seats;
  const matched = (g.variants || [])
    .filter((v) => fits(v) && Object.entries(v.options || {}).every(([k, x]) => opts[k] === x))
    .sort((a, b) => Object.keys(b.options || {}).length - Object.keys(a.options || {}).length)[0];
  const base = { ...Object.fromEntries((g.options || []).map((o) => [pick(o, 'name'), pick(o, 'default') ?? ''])), ...(matched?.options || {}) };
  return [matched?.name, list(all.filter(([k, x]) => base[k] !== x))].filter(Boolean).join(sep);
}

// offered are the bot levels a person chooses from: "heuristic" is "easy" under its other name
// where both exist (the API keeps both), and one level should have one name.
export function offered(bots) {
  const names = new Set(bots.map((b) => b.name ?? b.Name));
  return bots.filter((b) => !((b.name ?? b.Name) === 'heuristic' && names.has('easy')));
}

// scoreWithSides frames a bare score ("6-4 3-2, 30-15"), which reads in seat order, with the
// sides' names in that order ("You vs dora: 6-4 3-2, 30-15"), so that the second seat does not
// read its own lead as a deficit. Anything else (a standing that names its players, a result
// naming the winner, a one-seat match's) is returned as it is.
export function scoreWithSides(score, seats, viewer = -3) {
  if (!score || !/^\d/.test(score) || !Array.isArray(seats) || seats.length < 2) return score;
  const names = seats.map((s, i) => (i === viewer ? 'you' : s?.name || `player ${i + 1}`));
  const side = (t) => names.filter((_, i) => i % 2 === t).join(' & ');
  const line = `${side(0)} vs ${side(1)}: ${score}`;
  return line.startsWith('you') ? 'Y' + line.slice(1) : line;
}

// versus names a table's sides: "Ann vs Bob", and with teams (seats 1 and 3 against 2 and 4, or
// AlakaSLAM's Canadian doubles, 1 and 3 against 2) "Ann & Cy vs Bob & Di".
export function versus(seats) {
  const names = seats.map((s) => s.name);
  if (names.length === 4) return `${names[0]} & ${names[2]} vs ${names[1]} & ${names[3]}`;
  if (names.length === 3) return `${names[0]} & ${names[2]} vs ${names[1]}`;
  return names.join(' vs ');
}
