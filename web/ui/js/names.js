// How pages name the players in text from the server: seat names for "player N", and "you" for
// the viewer's own seat, so that a page never says "Ann" in one place and "You" in another.

const SECOND_PERSON = {
  wins: 'win', loses: 'lose', serves: 'serve', bids: 'bid', draws: 'draw', is: 'are', has: 'have', plays: 'play',
  returns: 'return', concedes: 'concede', rolls: 'roll', lays: 'lay', chooses: 'choose', moves: 'move', hits: 'hit',
  leads: 'lead', takes: 'take', calls: 'call', passes: 'pass', was: 'were',
};

// withNames rewrites "player N" (and "player N's") in text with seat N's name, or with
// "you"/"your" when N is the viewer's seat, agreeing the verb that follows, and a team's
// "players N and M" with both names joined by "&", as the boards name a team; the first letter
// is capitalised when the text began with one.
export function withNames(text, seats, viewer = -3) {
  if (!text) return text;
  const name = (n) => (Number(n) - 1 === viewer ? 'you' : seats?.[Number(n) - 1]?.name);
  const out = text.replace(/\b[Pp]layers (\d+) and (\d+)\b|\b([Pp])layer (\d+)('s)?( (\w+))?/g, (m, a, b, p, n, poss, rest, verb) => {
    if (a) {
      const team = [name(a), name(b)];
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
    return name(n) ? name(n) + (poss || '') + (rest || '') : m;
  });
  return /^[A-Z]/.test(text) || /^(players?|you)\b/.test(text) ? out[0].toUpperCase() + out.slice(1) : out;
}

// shownOptions drops the options that do not apply to a match of n seats: those numbered for a
// seat beyond them ("character3" in singles).
export function shownOptions(opts, n) {
  return Object.entries(opts || {}).filter(([k]) => {
    const m = /(\d+)$/.exec(k);
    return !m || Number(m[1]) <= n;
  });
}
