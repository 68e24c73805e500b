// A player's profile, /u/NAME: ratings per game with their history as a chart, recent matches
// with links to their replays, and results by game and by opponent.

import { withNames, scoreWithSides } from './names.js';
import { h, s, replace, $ } from './dom.js';
import { getJSON } from './api.js';

const name = decodeURIComponent(location.pathname.split('/')[2] || '');

// ENDED says how a match ended before it was played out, after its outcome ("win on time").
const ENDED = {
  resigned: 'by resignation', claimed: 'by a claim (a player left)', time: 'on time', expired: '(expired)', cancelled: '(called off)',
};

function ratingText(r) {
  return `${Math.round(r.rating)}${r.provisional ? '?' : ''}`;
}

// chart draws a rating history as an SVG line with the deviation as a band, over lines at round
// ratings that the left edge labels.
function chart(history) {
  const W = 320, H = 120, P = 6, L = 34;
  if (history.length < 2) return h('p', { class: 'muted small' }, history.length ? 'One rated match so far.' : '');
  const lo = Math.min(...history.map((p) => p.rating - p.rd));
  const hi = Math.max(...history.map((p) => p.rating + p.rd));
  const x = (i) => L + (i * (W - L - P)) / (history.length - 1);
  const y = (v) => H - P - ((v - lo) * (H - 2 * P)) / Math.max(1, hi - lo);
  const line = history.map((p, i) => `${i ? 'L' : 'M'}${x(i).toFixed(1)},${y(p.rating).toFixed(1)}`).join(' ');
  const band = history.map((p, i) => `${i ? 'L' : 'M'}${x(i).toFixed(1)},${y(p.rating + p.rd).toFixed(1)}`).join(' ') + ' ' +
    history.slice().reverse().map((p, j) => `L${x(history.length - 1 - j).toFixed(1)},${y(p.rating - p.rd).toFixed(1)}`).join(' ') + ' Z';
  // Two to four lines, at the finest round step that gives at most four.
  const count = (st) => Math.floor(hi / st) - Math.ceil(lo / st) + 1;
  const step = [10, 25, 50, 100, 200, 250, 500, 1000].find((st) => count(st) <= 4) || 1000;
  const ticks = [];
  for (let v = Math.ceil(lo / step) * step; v <= hi; v += step) ticks.push(v);
  return s('svg', { class: 'rating-chart', viewBox: `0 0 ${W} ${H}`, role: 'img', 'aria-label': `Rating after each of ${history.length} rated matches` },
    ticks.map((v) => [
      s('line', { x1: L, x2: W - P, y1: y(v).toFixed(1), y2: y(v).toFixed(1), class: 'rating-grid' }),
      s('text', { x: L - 4, y: (y(v) + 3.5).toFixed(1), class: 'rating-tick' }, String(v)),
    ]),
    s('path', { d: band, class: 'rating-band' }),
    s('path', { d: line, class: 'rating-line' }),
    history.map((p, i) => s('circle', { cx: x(i).toFixed(1), cy: y(p.rating).toFixed(1), r: 2.5, class: 'rating-dot' },
      s('title', {}, `${Math.round(p.rating)} after ${new Date(p.at).toLocaleDateString()}`))));
}

function tallyTable(el, rows, label) {
  if (!rows.length) return replace(el, h('tr', {}, h('td', { class: 'muted' }, 'No finished matches yet.')));
  replace(el, h('tr', {}, h('th', {}, label), h('th', {}, 'Won'), h('th', {}, 'Lost'), h('th', {}, 'Drawn')),
    rows.map((r) => h('tr', {},
      h('td', {}, label === 'Opponent' ? r.name : r.title || r.name),
      h('td', {}, String(r.wins)), h('td', {}, String(r.losses)), h('td', {}, String(r.draws)))));
}

async function load() {
  let p;
  try {
    p = await getJSON(`/api/users/${encodeURIComponent(name)}`);
  } catch (err) {
    replace($('#name'), name);
    replace($('#ratings'), h('p', { class: 'form-error' }, err.message));
    return;
  }
  document.title = `${p.name} · deuce`;
  replace($('#name'), p.name);
  if (p.closed) $('#name').after(h('p', { class: 'muted', id: 'closed' }, `This account was closed on ${new Date(p.closed).toLocaleDateString()}. Its matches are kept.`));
  replace($('#title'), p.name);
  replace($('#ratings'), p.ratings.length
    ? p.ratings.map((r) => h('div', { class: 'rating-card', dataset: { game: r.game } },
      h('div', { class: 'rating-head' },
        h('strong', {}, r.title), ' ',
        h('span', { class: 'rating-value' }, ratingText(r)),
        h('span', { class: 'muted small' }, ` ±${Math.round(2 * r.rd)} · ${r.games} rated`)),
      chart(r.history)))
    : h('p', { class: 'muted' }, 'No rated matches yet.'));
  replace($('#recent'), p.recent.length
    ? p.recent.map((m) => h('li', { class: 'table-row' },
      h('div', { class: 'table-main' },
        h('div', {}, `${m.title} vs ${m.opponent}`),
        h('div', { class: 'muted small' }, `${m.rated ? 'rated' : m.void ? 'ended before every player had moved: rated for the loser only' : 'casual'} · ${m.outcome || m.status}${m.ended ? ` ${ENDED[m.ended] || `(${m.ended})`}` : ''}${m.score ? ` · ${scoreOf(m)}` : ''} · ${new Date(m.at).toLocaleString()}`)),
      m.status === 'finished'
        ? h('a', { class: 'button small', href: `/r/${encodeURIComponent(m.table)}` }, 'Replay')
        : h('a', { class: 'button small', href: `/t/${encodeURIComponent(m.table)}` }, 'Open')))
    : h('li', { class: 'muted' }, 'No matches yet.'));
  tallyTable($('#by-game'), p.byGame, 'Game');
  tallyTable($('#by-opponent'), p.byOpponent, 'Opponent');
}

load();

// scoreOf is a recent match's score with its players' names; a bare score, which reads in seat
// order, names the sides first ("ann vs bob: 5-7").
function scoreOf(m) {
  const seats = (m.players || []).map((name) => ({ name }));
  return scoreWithSides(withNames(m.score, seats), seats);
}
