// The server's explanations of moves and notation (games/describe.go), fetched once a page.

let cache = null;

// glossaryOf resolves to {glossary: {move text: explanation}, legend: 'one line'} for game.
export function glossaryOf(game) {
  cache ??= fetch('/api/games')
    .then((r) => (r.ok ? r.json() : []))
    .then((gs) => Object.fromEntries(gs.map((g) => [g.name, { glossary: g.glossary || {}, legend: g.legend || '' }])))
    .catch(() => ({}));
  return cache.then((m) => m[game] || { glossary: {}, legend: '' });
}
