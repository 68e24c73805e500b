// The replay page, /r/{id}: steps through a finished match with every hand shown, drawn by the
// game's own view in read-only mode.

import { h, $, replace, isTyping, capitalize as capital, keepNamesAsTyped } from './dom.js';
import { api } from './api.js';
import { viewFor } from './games/index.js';
import { SPECTATOR } from './games/common.js';
import { mountAnalysis, analysisShown } from './analysis.js';
import { withNames, versus, soloLoss, scoreWithSides } from './names.js';
import { withMotion } from './animate.js';

const AUTOPLAY_EVERY = 700; // ms per move

const id = decodeURIComponent(location.pathname.split('/')[2] || '');
const el = {
  title: $('#title'), status: $('#status'), turn: $('#turn'), score: $('#score'),
  first: $('#first'), back: $('#back'), autoplay: $('#autoplay'), forward: $('#forward'), last: $('#last'),
  slider: $('#slider'), position: $('#position'), skip: $('#skip'), next: $('#next'),
  board: $('#board'), log: $('#log'), players: $('#players'), links: $('#links'), toast: $('#toast'),
};

const state = {
  table: null,
  moves: [], // the record's moves: {seat, action, text}
  at: 0,
  view: null,
  mod: null,
  frames: new Map(), // at -> frame promise
  shown: -1,
  want: 0, // the frame last asked for: slower answers for older asks are dropped
  timer: 0,
};

async function start() {
  try {
    state.table = await api.table(id);
  } catch (err) {
    fail(err.message);
    return;
  }
  const t = state.table;
  keepNamesAsTyped(t.seats);
  document.title = `Replay · ${t.title} · ${versus(t.seats)} · deuce`;
  replace(el.title, h('strong', {}, `${t.title} replay`), h('span', { class: 'muted' }, ` · ${versus(t.seats)}`),
    t.result?.over ? h('span', { class: 'replay-result' }, ` · ${resultText(t)}`) : null);
  replace(el.players, t.seats.map((s, i) => h('li', {},
    h('span', { class: 'seat-no' }, String(i + 1)), h('span', { class: 'seat-name' }, s.name),
    s.bot ? h('span', { class: 'badge bot' }, `${s.bot} bot`) : h('span', { class: 'badge' }, 'person'))));
  replace(el.links, h('a', { href: '/' }, 'Back to the lobby'));
  if (t.status === 'abandoned') {
    fail('This match was abandoned before its end: it has no replay.', h('a', { class: 'button', href: `/t/${encodeURIComponent(id)}` }, 'Final view'));
    return;
  }
  if (t.status !== 'finished') {
    fail('The replay opens once the match is over.', h('a', { class: 'button', href: `/t/${encodeURIComponent(id)}` }, 'Watch it live'));
    return;
  }
  try {
    state.moves = (await api.record(id)).moves || [];
  } catch (err) {
    fail(err.message);
    return;
  }
  state.mod = viewFor(t.game);
  state.view = state.mod.create(el.board, { readOnly: true, seats: t.seats });
  el.slider.max = String(state.moves.length);
  // Games without chance moves have nothing to skip.
  el.skip.closest('label').hidden = !state.moves.some((m) => m.seat < 0);
  // With "skip" on, the list of moves shows the players' moves only, not every draw and die.
  const skipMinor = () => {
    el.log.classList.toggle('skip-minor', el.skip.checked);
    showNext();
  };
  el.skip.addEventListener('change', skipMinor);
  skipMinor();
  // Moves are numbered among the players' own: the draws and dice between them are not counted.
  state.played = [0];
  for (const m of state.moves) state.played.push(state.played[state.played.length - 1] + (m.seat >= 0 ? 1 : 0));
  mountAnalysis({ id, seats: t.seats, moves: state.moves.length, root: $('#analysis'), go: (at) => { stopAutoplay(); go(at); boardInView(); }, number: (i) => state.played[i + 1] });
  const start = Number(new URLSearchParams(location.hash.slice(1)).get('at'));
  await go(Number.isInteger(start) && start >= 0 && start <= state.moves.length ? start : 0);
}

// resultText says how a finished match ended, for the header: "Ann resigned: Bob won",
// "Bob won 7-5".
function resultText(t) {
  const r = t.result;
  const name = (seat) => t.seats[seat]?.name || `player ${seat + 1}`;
  if (soloLoss(r)) return `${name(0)} lost to the automaton${r.score ? ` (${withNames(r.score, t.seats)})` : ''}`;
  if (r.winner < 0) return withNames(r.score ? `a draw, ${r.score}` : 'a draw', t.seats);
  const loser = (r.returns || []).findIndex((x) => x < 0);
  const why = { resigned: 'resigned', claimed: 'left the table', time: 'ran out of time' }[t.ended];
  if (why && loser >= 0) return `${name(loser)} ${why}: ${name(r.winner)} won`;
  // A score that names the winner ("player 2 wins: ball beyond player 1's field") says it all.
  if (/\bwins?\b/.test(r.score || '')) return withNames(r.score, t.seats);
  return `${name(r.winner)} won${r.score ? ` (${withNames(r.score, t.seats)})` : ''}`;
}

function fail(message, action) {
  el.turn.textContent = message.charAt(0).toUpperCase() + message.slice(1);
  el.status.className = 'status over';
  replace(el.board, h('div', { class: 'empty-state' }, action || h('a', { class: 'button', href: '/' }, 'Back to the lobby')));
  for (const b of [el.first, el.back, el.autoplay, el.forward, el.last, el.slider]) b.disabled = true;
  // No moves to step through: no controls, no "Move 0 of 0".
  $('#controls').hidden = true;
}

function frameAt(at) {
  if (!state.frames.has(at)) {
    const p = api.replay(id, at);
    p.catch(() => state.frames.delete(at));
    state.frames.set(at, p);
  }
  return state.frames.get(at);
}

// boardInView brings the board to the screen when a move chosen in the analysis (below it on a
// phone) moved the replay there: the position is what the player wants to see.
function boardInView() {
  const top = $('#status') || $('#board');
  const r = top?.getBoundingClientRect();
  if (r && (r.top < 0 || r.top > window.innerHeight * 0.5)) top.scrollIntoView({ block: 'start' });
}

async function go(at) {
  at = Math.max(0, Math.min(state.moves.length, at));
  state.want = at;
  state.at = at;
  el.slider.value = String(at);
  updatePosition();
  let f;
  try {
    f = await frameAt(at);
  } catch (err) {
    toast(`That move could not be loaded: ${err.message}`);
    return;
  }
  if (state.want !== at) return;
  show(f);
  // Fetch the next frame ahead, so stepping forward feels instant.
  if (at < state.moves.length) frameAt(step(at, 1)).catch(() => {});
}

function show(f) {
  state.shown = f.at;
  document.body.dataset.at = String(f.at);
  const frame = {
    view: f.spectator, views: f.views, seat: SPECTATOR, legal: [], toMove: f.next ? f.next.seat : -2,
    pending: [], result: f.result, busy: false,
  };
  withMotion(el.board, () => state.view.update(frame));
  el.score.textContent = scoreWithSides(withNames(state.mod.scoreText ? state.mod.scoreText(frame) : (f.spectator?.score || f.result?.score || ''), state.table.seats), state.table.seats);
  const who = (seat) => (seat < 0 ? 'Chance' : state.table.seats[seat]?.name || `player ${seat + 1}`);
  if (f.result?.over && !f.next) {
    const w = f.result.winner;
    const name = who(w);
    const won = soloLoss(f.result) ? `${capital(who(0))} lost to the automaton` : w === -2 ? 'A draw' : `${capital(name)} won`;
    // A match that ended before it was played out says why: "Ann resigned: Bob won".
    const loser = (f.result.returns || []).findIndex((r) => r < 0);
    const why = { resigned: 'resigned', claimed: 'left the table', time: 'ran out of time' }[f.ended];
    el.turn.textContent = f.ended && loser >= 0 ? `${capital(who(loser))} ${why || `lost (${f.ended})`}: ${name} won` : won;
    el.status.className = 'status won';
  } else {
    const played = state.played[f.at];
    el.turn.textContent = played === 0 ? 'Start of the match' : `After move ${played}`;
    el.status.className = 'status wait';
  }
  state.frame = f;
  showNext();
  replace(el.log, f.log.map((line, i) => h('li', {
    class: `${state.moves[i]?.seat < 0 ? 'minor' : ''}${i === f.log.length - 1 ? ' current' : ''}`,
  }, line)));
  analysisShown(f.at, el.log);
  el.log.scrollTop = el.log.scrollHeight;
  history.replaceState(null, '', `#at=${f.at}`);
}

// showNext says what comes after the frame shown: with "skip" on, the next player's move,
// past the draws and dice before it.
function showNext() {
  const f = state.frame;
  if (!f) return;
  const who = (seat) => (seat < 0 ? 'Chance' : state.table.seats[seat]?.name || `player ${seat + 1}`);
  if (!f.next) {
    el.next.textContent = `End of the match: ${withNames(f.result?.score || '', state.table.seats)}`;
    return;
  }
  let k = f.at;
  if (el.skip.checked) {
    while (k < state.moves.length && state.moves[k].seat < 0) k++;
  }
  const m = k === f.at ? f.next : state.moves[k];
  if (!m) {
    el.next.textContent = 'Next: the end of the match';
    return;
  }
  const passed = k - f.at;
  el.next.textContent = `Next: ${who(m.seat)} — ${state.view.moveText ? state.view.moveText(m.text) : m.text}${passed ? ` (after ${passed === 1 ? 'a chance move' : `${passed} chance moves`})` : ''}`;
}

function updatePosition() {
  const n = state.moves.length;
  // Counted among the players' moves; the draws and dice passed are in the log.
  el.position.textContent = `Move ${state.played[state.at]} of ${state.played[n]}`;
  el.first.disabled = el.back.disabled = state.at === 0;
  el.forward.disabled = el.last.disabled = state.at === n;
}

// step finds the frame one step from at in direction dir (+1 or -1); with "skip" on, a step
// passes over chance moves (draws and dice) to the next player's move.
function step(at, dir) {
  const n = state.moves.length;
  let k = at + dir;
  if (el.skip.checked) {
    while (k > 0 && k < n && state.moves[k - 1].seat < 0) k += dir;
  }
  return Math.max(0, Math.min(n, k));
}

function stopAutoplay() {
  clearInterval(state.timer);
  state.timer = 0;
  el.autoplay.textContent = 'Play';
  el.autoplay.setAttribute('aria-label', 'Play');
}

function toggleAutoplay() {
  if (state.timer) {
    stopAutoplay();
    return;
  }
  if (state.at >= state.moves.length) go(0);
  el.autoplay.textContent = 'Pause';
  el.autoplay.setAttribute('aria-label', 'Pause');
  state.timer = setInterval(() => {
    if (state.at >= state.moves.length) {
      stopAutoplay();
      return;
    }
    go(step(state.at, 1));
  }, AUTOPLAY_EVERY);
}

el.first.addEventListener('click', () => { stopAutoplay(); go(0); });
el.back.addEventListener('click', () => { stopAutoplay(); go(step(state.at, -1)); });
el.forward.addEventListener('click', () => { stopAutoplay(); go(step(state.at, 1)); });
el.last.addEventListener('click', () => { stopAutoplay(); go(state.moves.length); });
el.autoplay.addEventListener('click', toggleAutoplay);
el.slider.addEventListener('input', () => { stopAutoplay(); go(Number(el.slider.value)); });

document.addEventListener('keydown', (e) => {
  if (e.ctrlKey || e.metaKey || e.altKey || isTyping(e) || !state.view) return;
  const target = e.target;
  // The slider handles its own arrow keys.
  if (target === el.slider && (e.key === 'ArrowLeft' || e.key === 'ArrowRight')) return;
  const keys = {
    ArrowLeft: () => go(step(state.at, -1)),
    ArrowRight: () => go(step(state.at, 1)),
    Home: () => go(0),
    End: () => go(state.moves.length),
  };
  if (keys[e.key]) {
    e.preventDefault();
    stopAutoplay();
    keys[e.key]();
  }
});

let toastTimer = 0;
function toast(text) {
  clearTimeout(toastTimer);
  el.toast.textContent = text;
  el.toast.classList.add('show');
  toastTimer = setTimeout(() => el.toast.classList.remove('show'), 6000);
}

if (id) start();
else fail('No replay here.');
