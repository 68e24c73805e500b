// The analysis panel of the replay page: asks the server to analyse a finished match, shows
// the progress, then the players' accuracy, a chart of player 1's expected return through the
// match with the marked moves, the list of marked moves and the close calls left unmarked.
// Clicking a mark or a listed move steps the replay to the position before it. A move is
// worded as deuce analyze words it (analysis.Decision.Line): numbered among the players' moves,
// its loss, and what the analysis would have played.

import { h, s, replace } from './dom.js';
import { getJSON, postJSON } from './api.js';

const POLL_EVERY = 1000; // ms between progress checks
const MARKS = ['inaccuracy', 'mistake', 'blunder'];
const MARK_SIGN = { inaccuracy: '?!', mistake: '?', blunder: '??' };

const panel = {
  id: '',
  seats: [],
  root: null,
  go: null,
  report: null,
  byMove: new Map(), // move index -> decision
  cursor: null, // the chart's line at the shown position
  moves: 0,
  at: 0,
  timer: 0,
};

const path = () => `/api/tables/${encodeURIComponent(panel.id)}/analysis`;

// mountAnalysis fills root with the panel. go(at) steps the replay to the position after at moves.
// number(i) is how the replay numbers move i (from 0) to a reader: among the players' moves,
// draws and dice not counted.
export async function mountAnalysis({ id, seats, moves, root, go, number = (i) => i + 1 }) {
  Object.assign(panel, { id, seats, moves, root, go, number });
  root.hidden = false;
  try {
    render(await getJSON(path()));
  } catch (err) {
    replace(root, h('h2', {}, 'Analysis'), h('p', { class: 'muted' }, `The analysis cannot be loaded: ${err.message}`));
  }
}

// analysisShown marks the replay's position on the chart and the marked moves in the log.
export function analysisShown(at, log) {
  panel.at = at;
  placeCursor();
  if (!panel.report) return;
  [...log.children].forEach((li, i) => {
    const d = panel.byMove.get(i);
    for (const m of MARKS) li.classList.toggle(`mark-${m}`, d?.mark === m);
    if (d?.mark && !li.querySelector('.mark-sign')) {
      li.append(h('span', { class: `mark-sign ${d.mark}`, title: `${d.mark}, ${verdict(d)}` }, ` ${MARK_SIGN[d.mark]}`));
    }
  });
}

function name(seat) {
  return panel.seats[seat]?.name || panel.report?.seats?.[seat]?.name || `player ${seat + 1}`;
}

// number is decision d's number among the players' moves, as the report and the replay count.
function number(d) {
  return d.number || panel.number(d.move);
}

// verdict words d's loss and what the analysis would have played: "loss 0.358 ±0.187; best
// return 2-2-2-2", or for the bidding game the equilibrium's whole mix.
function verdict(d) {
  const interval = d.interval ? ` ±${d.interval.toFixed(3)}` : '';
  const noise = d.uncertain && !d.mark ? ' within the search\'s noise' : '';
  const twice = d.rechecked ? ' (searched twice)' : '';
  return `loss ${Math.max(0, d.loss).toFixed(3)}${interval}${noise}${twice}; ${d.advice || `best ${d.best}`}`;
}

function render(a) {
  clearTimeout(panel.timer);
  const head = h('h2', {}, 'Analysis');
  switch (a.status) {
    case 'done':
      panel.report = a.report;
      panel.byMove = new Map(a.report.decisions.map((d) => [d.move, d]));
      replace(panel.root, head, ...showReport(a.report));
      placeCursor();
      document.body.dataset.analysis = 'done';
      return;
    case 'queued':
    case 'running': {
      const text = a.status === 'queued'
        ? `Waiting for the analyser${a.position ? ` (number ${a.position} in the queue)` : ''}…`
        : `Analysing: ${a.done} of ${a.total || '?'} decisions`;
      replace(panel.root, head,
        h('progress', { id: 'analysis-progress', max: String(a.total || 1), value: String(a.done || 0), 'aria-label': 'Analysis progress' }),
        h('p', { class: 'muted small', 'aria-live': 'polite' }, text));
      document.body.dataset.analysis = a.status;
      panel.timer = setTimeout(poll, POLL_EVERY);
      return;
    }
    default: {
      const why = a.status === 'failed' ? h('p', { class: 'error-text' }, `The analysis failed: ${a.error}`)
        : a.stale ? h('p', { class: 'muted small' }, 'This match was analysed by an earlier version, which could call a close call a mistake and one bid of a mixed equilibrium the best: analyse it again.')
          : null;
      replace(panel.root, head,
        h('p', { class: 'muted small' }, 'Judge every move from what its player could see: exactly for the bidding game, by the hard bot\'s search for the card games.'),
        why,
        a.error && a.status === 'none' ? h('p', { class: 'muted' }, a.error) :
        a.final ? null :
          h('button', { type: 'button', class: 'primary', id: 'analyse', onclick: start }, a.status === 'failed' ? 'Try again' : 'Analyse'));
      document.body.dataset.analysis = a.status;
    }
  }
}

async function start(e) {
  e.target.disabled = true;
  try {
    render(await postJSON(path(), {}));
  } catch (err) {
    e.target.disabled = false;
    replace(panel.root, h('h2', {}, 'Analysis'), h('p', { class: 'error-text' }, err.message),
      h('button', { type: 'button', class: 'primary', id: 'analyse', onclick: start }, 'Try again'));
  }
}

async function poll() {
  try {
    render(await getJSON(path()));
  } catch {
    panel.timer = setTimeout(poll, 3 * POLL_EVERY);
  }
}

function showReport(r) {
  const seats = h('table', { class: 'an-seats' },
    h('thead', {}, h('tr', {}, h('th', { scope: 'col' }, 'Player'), h('th', { scope: 'col' }, 'Accuracy'),
      h('th', { scope: 'col' }, 'Avg loss'), h('th', { scope: 'col', title: 'inaccuracies / mistakes / blunders' }, '?! / ? / ??'))),
    h('tbody', {}, r.seats.map((p) => h('tr', {},
      h('th', { scope: 'row' }, name(p.seat)),
      // A player with no decision of their own has no accuracy, not 100%.
      h('td', {}, p.decisions ? `${p.accuracy.toFixed(0)}%` : '—'),
      h('td', {}, Math.max(0, p.averageLoss).toFixed(3)),
      h('td', {}, MARKS.map((m) => p.marks?.[m] || 0).join(' / '))))));
  const marked = r.decisions.filter((d) => d.mark);
  const list = marked.length
    ? h('ol', { class: 'an-marks', 'aria-label': 'Marked moves' }, marked.map((d) => h('li', {},
      h('button', { type: 'button', class: `an-move ${d.mark}`, dataset: { move: String(d.move) }, onclick: () => panel.go(d.move) },
        h('span', { class: 'an-sign' }, MARK_SIGN[d.mark]),
        ` Move ${number(d)} · ${name(d.seat)}: ${d.played} — ${d.mark}`),
      h('span', { class: 'muted small' }, ` ${verdict(d)}`))))
    : h('p', { class: 'muted' }, 'No move was marked.');
  // Close calls: losses the point estimate would mark and the interval does not make sure of.
  const close = r.decisions.filter((d) => d.uncertain && !d.mark && d.loss >= r.thresholds.inaccuracy);
  const closeList = close.length
    ? h('details', { class: 'an-close' },
      h('summary', { class: 'muted small' }, `${close.length === 1 ? '1 close call' : `${close.length} close calls`}: within the search's noise, not marked`),
      h('ul', { class: 'muted small' }, close.map((d) => h('li', {},
        h('a', { href: '#', dataset: { move: String(d.move) }, onclick: (e) => { e.preventDefault(); panel.go(d.move); } },
          `Move ${number(d)} · ${name(d.seat)}: ${d.played} — close call,`),
        ` ${verdict(d)}`))))
    : null;
  const t = r.thresholds;
  const exact = r.method === 'solver';
  return [
    seats,
    chart(r),
    h('h3', { class: 'an-sub' }, 'Marked moves'),
    list,
    closeList,
    h('p', { class: 'muted small an-method' },
      `${exact ? 'Exact' : 'Estimated'}: ${r.budget}. A move's loss is what it costs of the expected `
      + (exact || !r.horizon ? 'result (from -1, a sure loss, to +1, a sure win)' : `margin of the next ${r.horizon === 1 ? 'point' : `${r.horizon} points`} (from -1, all lost, to +1, all won)`)
      + ' against the best play that follows. Marks: '
      + `inaccuracy (?!) from ${t.inaccuracy}, mistake (?) from ${t.mistake}, blunder (??) from ${t.blunder}; `
      + 'accuracy is the share of unforced moves not marked.'
      + (exact ? ' Bids are secret and made together, so each is judged against the other player\'s equilibrium mix of bids:'
        + ' when both err, the match swings to whoever erred less. Where the best play mixes several bids,'
        + ' every one of them is as good, and none is called the best.' : '')
      + (exact ? '' : ' The search\'s estimates carry noise: a move is marked by what its loss is surely more than,'
        + ' the loss less its 95% interval; a close call is searched again with more budget, and one still'
        + ' within the noise is not marked.')),
  ];
}

// chart draws player 1's expected return before each decision, from -R to +R.
function chart(r) {
  const W = 320, H = 140, pad = 6;
  const range = Math.max(1, ...r.curve.map((p) => Math.abs(p.value)));
  const n = Math.max(1, panel.moves);
  const x = (move) => pad + (W - 2 * pad) * (move / n);
  const y = (v) => H / 2 - (H / 2 - pad) * (v / range);
  const pts = r.curve.map((p) => `${x(p.move).toFixed(1)},${y(p.value).toFixed(1)}`);
  const area = pts.length ? `M${x(r.curve[0].move).toFixed(1)},${y(0)} L${pts.join(' L')} L${x(r.curve.at(-1).move).toFixed(1)},${y(0)} Z` : '';
  panel.cursor = s('line', { class: 'an-cursor', x1: x(0), x2: x(0), y1: pad, y2: H - pad });
  const marks = r.decisions.filter((d) => d.mark).map((d) => {
    const v = d.seat % 2 === 1 ? -d.bestValue : d.bestValue;
    return s('circle', {
      class: `an-dot ${d.mark}`, cx: x(d.move), cy: y(v), r: d.mark === 'blunder' ? 5 : 4, tabindex: '0', role: 'button',
      'aria-label': `Move ${number(d)}: ${name(d.seat)}, ${d.mark}`, dataset: { move: String(d.move) },
      onclick: () => panel.go(d.move),
      onkeydown: (e) => { if (e.key === 'Enter' || e.key === ' ') { e.preventDefault(); panel.go(d.move); } },
    }, s('title', {}, `Move ${number(d)} · ${name(d.seat)}: ${d.played} — ${d.mark}, ${verdict(d)}`));
  });
  const top = range > 1 ? `+${range}` : '+1';
  const bottom = range > 1 ? `−${range}` : '−1';
  // What the values are: the match's expected result (the bidding game), or the search's
  // expected margin over the points it looks ahead (a card game's horizon).
  const what = r.method === 'solver' || !r.horizon
    ? `${name(0)}'s expected result`
    : `${name(0)}'s expected margin over the next ${r.horizon === 1 ? 'point' : `${r.horizon} points`}, as the search sees it`;
  const axis = (text, yy, anchor = 'start', xx = pad + 2) => s('text', {
    class: 'an-axis', x: xx, y: yy, 'text-anchor': anchor, 'font-size': 9, 'aria-hidden': 'true',
  }, text);
  const svg = s('svg', { class: 'an-chart', viewBox: `0 0 ${W} ${H}`, role: 'img', 'aria-labelledby': 'an-chart-title' },
    s('title', { id: 'an-chart-title' }, `${what} through the match: up is good for ${name(0)}, down for ${name(1)}`),
    s('rect', { class: 'an-bg', x: 0, y: 0, width: W, height: H }),
    s('line', { class: 'an-zero', x1: pad, x2: W - pad, y1: y(0), y2: y(0) }),
    s('path', { class: 'an-area', d: area }),
    s('polyline', { class: 'an-line', points: pts.join(' ') }),
    // The labels over the line, on a halo of the chart's background, so that the line never
    // cuts one; the cursor and the marked moves over them, since those are what a click finds.
    axis(`${top} ${name(0)}`, pad + 9),
    axis('0 even', y(0) - 3),
    axis(`${bottom} ${name(1)}`, H - pad - 3),
    axis('moves →', H - pad - 3, 'end', W - pad - 2),
    panel.cursor,
    marks);
  svg.addEventListener('click', (e) => {
    if (e.target.closest('.an-dot')) return;
    const box = svg.getBoundingClientRect();
    const move = Math.round(((e.clientX - box.left) / box.width * W - pad) / (W - 2 * pad) * n);
    panel.go(Math.max(0, Math.min(n, move)));
  });
  const scale = r.method === 'solver' || !r.horizon
    ? `${top} at the top is a sure win for ${name(0)}, 0 even, ${bottom} at the bottom a sure win for ${name(1)}.`
    : `${top} at the top, ${name(0)} wins them all; 0 even; ${bottom} at the bottom, ${name(1)} does. The line ends at the match's result.`;
  return h('figure', { class: 'an-figure' }, svg,
    h('figcaption', { class: 'muted small' }, `${what}, move by move from left to right: ${scale} Click or tap to step there.`));
}

function placeCursor() {
  if (!panel.cursor) return;
  const W = 320, pad = 6;
  const x = pad + (W - 2 * pad) * (panel.at / Math.max(1, panel.moves));
  panel.cursor.setAttribute('x1', x);
  panel.cursor.setAttribute('x2', x);
}
