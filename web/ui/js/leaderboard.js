// The leaderboards: the best-rated players of each game, settled ratings first.

import { h, replace, $ } from './dom.js';
import { api, getJSON } from './api.js';

const select = $('#game');
const table = $('#leaders');
const anchors = $('#anchors');

async function show(game, note = '') {
  history.replaceState(null, '', `/leaderboard?game=${encodeURIComponent(game)}`);
  $('#unknown-game').textContent = note;
  $('#unknown-game').hidden = !note;
  try {
    const b = await getJSON(`/api/leaderboard/${encodeURIComponent(game)}`);
    // The bots' fixed ratings place the players on one scale.
    anchors.textContent = b.bots?.length
      ? `The bots' ratings in ${b.title} are fixed: ${b.bots.map((x) => `${x.name} ${Math.round(x.rating)}`).join(', ')}.`
      : '';
    if (!b.leaders.length) return replace(table, h('tr', {}, h('td', { class: 'muted' }, 'Nobody has played this game rated yet.')));
    replace(table, h('tr', {}, h('th', {}, '#'), h('th', {}, 'Player'), h('th', {}, 'Rating'), h('th', {}, 'Matches')),
      b.leaders.map((l) => h('tr', {},
        h('td', {}, String(l.rank)),
        h('td', {}, h('a', { href: `/u/${encodeURIComponent(l.name)}` }, l.name)),
        h('td', {}, `${Math.round(l.rating)}${l.provisional ? '?' : ''}`),
        h('td', {}, String(l.games)))));
  } catch (err) {
    replace(table, h('tr', {}, h('td', { class: 'form-error' }, err.message)));
  }
}

async function start() {
  const games = await api.games();
  replace(select, games.map((g) => h('option', { value: g.name }, g.title)));
  const want = new URLSearchParams(location.search).get('game');
  let note = '';
  if (want && games.some((g) => g.name === want)) select.value = want;
  else if (want) note = `There is no game called "${want.slice(0, 40)}" here: showing ${games[0]?.title}. The games are ${games.map((g) => g.name).join(', ')}.`;
  select.addEventListener('change', () => show(select.value));
  show(select.value, note);
}

start();
