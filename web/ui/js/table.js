// The table page, /t/{id}#seat=N&token=T: plays a seat (or watches without a token) over the
// websocket, drawing each update with the game's view.

import { h, s, $, replace, isTyping, capitalize as capital, keepNamesAsTyped, reflow } from './dom.js';
import { api, getJSON } from './api.js';
import { TableSocket } from './socket.js';
import { rememberSeat, seatsAt, seatLink } from './seats.js';
import { viewFor } from './games/index.js';
import { SPECTATOR, choiceForKey } from './games/common.js';
import { copyButton } from './copy.js';
import { Clocks } from './clocks.js';
import { Chat } from './chat.js';
import { whoami } from './account.js';
import { mountHint, hintUpdate } from './hint.js';
import { withNames, shownOptions, briefOptions, versus, soloLoss, scoreWithSides } from './names.js';
import { renderLog } from './logview.js';
import { withMotion } from './animate.js';

const id = decodeURIComponent(location.pathname.split('/')[2] || '');
const fragment = new URLSearchParams(location.hash.slice(1));
const token = fragment.get('token') || '';

const el = {
  title: $('#title'),
  conn: $('#conn'),
  status: $('#status'),
  turn: $('#turn'),
  score: $('#score'),
  announce: $('#announce'),
  board: $('#board'),
  log: $('#log'),
  players: $('#players'),
  links: $('#links'),
  rules: $('#rules'),
  end: $('#end'),
  actions: $('#actions'),
  toast: $('#toast'),
};

const state = {
  table: null, // the table summary from welcome
  game: null, // the game as /api/games describes it, once loaded (rules, variants)
  seat: SPECTATOR,
  update: null, // the latest update shown
  log: [],
  view: null, // the game view drawing the board
  viewGame: '',
  busy: false, // a move is on its way
  wasMyTurn: false,
  rematchPoll: 0,
  settings: '', // the clock and rating, shown by the title
  infoAsked: null, // the table's summary, asked for once (tableInfo)
  presence: null, // the latest presence message: who is connected, who left
  confirming: false, // the resign confirmation is showing
  calling: false, // the call-off confirmation is showing (while a seat waits for its player)
  notes: new Map(), // log index -> a note of this page ("played for you")
  forced: -1, // the update whose only move is scheduled to be played
  touched: -1, // the update at which the player last touched the board
  autoPlayed: -1, // the update whose only move was played for the player, until the next shows
  guardUntil: 0, // performance.now() before which moves take no click (AFTER_FORCED)
};

// A decision with one legal move is played for the player after this pause, and the log says so.
const FORCED_PAUSE = 900; // ms

if (token && fragment.get('seat')) {
  rememberSeat(id, Number(fragment.get('seat')) - 1, token);
}

const socket = new TableSocket(id, token, {
  onState: showConnection,
  onChat: (msg) => chat.add(msg),
  onWelcome(msg) {
    state.table = msg.table;
    state.seat = msg.seat;
    keepNamesAsTyped(msg.table.seats);
    chat.welcome(msg.seat, msg.table.seats);
    if (msg.seat >= 0 && token) {
      rememberSeat(id, msg.seat, token, { game: msg.table.game, title: msg.table.title });
    }
    showTable();
  },
  onUpdate(msg) {
    state.busy = false;
    if (msg.logFrom === 0) state.log = [];
    state.log = state.log.slice(0, msg.logFrom).concat(msg.log || []);
    state.update = msg;
    // A match that ended off the board (a resignation, a claim, a flag) says so in the log too.
    if (msg.result?.over && msg.ended) state.notes.set(state.log.length, `${endedTitle(msg)}.`);
    clocks.show(msg, state.table?.seats, state.seat);
    render();
    appendLog();
    if (msg.result?.over) showEnd();
  },
  onPresence(msg) {
    state.presence = msg;
    // A seat given no name takes the name of the account that sits there: rename it in place,
    // so that the board, the log and the chat, which read these seats, follow.
    let renamed = false;
    (msg.seats || []).forEach((p, i) => {
      const seat = state.table?.seats?.[i];
      if (seat && p.name && p.name !== seat.name) {
        seat.name = p.name;
        renamed = true;
      }
    });
    if (state.table) showTable();
    if (renamed) {
      // The connection joined under the old name: the chat goes on under the new one once it
      // says hello again.
      if (state.naming && state.table.seats[state.seat]?.name === state.naming) {
        state.naming = '';
        socket.ws?.close(4000, 'renamed');
      }
      keepNamesAsTyped(state.table.seats);
      chat.drawMutes();
      appendLog();
      if (state.update) render();
    } else if (state.update && state.view) showTurn(frame()); // "open" may change what it says
    showActions();
  },
  onError(msg) {
    state.busy = false;
    if (state.update) render();
    toast(politeError(msg), msg.code === 'bad_token' ? 'persist' : '');
    if (msg.code === 'bad_token') showBadToken();
  },
});

const clocks = new Clocks($('#clocks'), id, token, $('#status-clocks'));
const chat = new Chat($('#chat'), socket, id, $('#chat-new'));

function showConnection(st, delay) {
  const labels = {
    connecting: ['Connecting…', 'pending'],
    open: ['Live', 'ok'],
    reconnecting: [delay ? `Reconnecting in ${Math.round(delay / 1000) || 1}s…` : 'Reconnecting…', 'warn'],
    closed: [state.update?.result?.over ? 'Match over' : 'Disconnected', state.update?.result?.over ? 'ok' : 'bad'],
    refused: ['Not connected', 'bad'],
    notfound: ['No such table', 'bad'],
  };
  const [text, cls] = labels[st] || [st, ''];
  el.conn.textContent = text;
  el.conn.className = `conn ${cls}`;
  if (st === 'notfound') showNotFound();
  if (st === 'reconnecting' && state.update && !state.update.result?.over) {
    el.turn.textContent = 'Connection lost: reconnecting…';
  }
}

// showTable fills in what the welcome tells: the game, the players and the links.
function showTable() {
  const t = state.table;
  const names = t.seats.map((s) => s.name);
  document.title = `${t.title} · ${names.join(' vs ')} · deuce`;
  // The variant and what differs from it; every option on hovering (briefOptions).
  const brief = state.game ? briefOptions(state.game, t.options, t.seats.length) : optionsText(t.options, t.seats.length);
  replace(el.title, h('strong', {}, t.title), h('span', { class: 'muted', id: 'table-options', title: optionsText(t.options, t.seats.length) }, brief ? ` · ${brief}` : ''),
    state.settings ? h('span', { class: 'badge', id: 'table-settings' }, state.settings) : null);
  // The board is drawn anew when the game or a seat's name changes (a seat taken by an
  // account takes its name): the views keep what they drew, names included.
  const viewKey = JSON.stringify([t.game, names]);
  if (state.viewGame !== viewKey) {
    state.viewGame = viewKey;
    state.view = viewFor(t.game).create(el.board, {
      play,
      readOnly: state.seat < 0,
      seats: t.seats,
    });
  }
  replace(el.players, t.seats.map((s, i) => h('li', { class: i === state.seat ? 'me' : '' },
    h('span', { class: 'seat-no' }, String(i + 1)),
    h('span', { class: 'seat-name' }, s.name, i === state.seat ? h('span', { class: 'badge' }, 'you') : null),
    s.bot ? h('span', { class: 'badge bot' }, `${s.bot} bot`) : h('span', { class: 'badge' }, claimed(s, i) ? 'person' : 'invited'),
    awayBadge(i))));
  // A guest at a seat nobody named ("player 3") names it, once (PROTOCOL.md, "name").
  const mine = state.seat >= 0 ? t.seats[state.seat] : null;
  if (mine && !mine.bot && /^player \d+$/.test(mine.name) && !state.update?.result?.over) {
    const input = h('input', { id: 'seat-name', maxlength: 40, autocomplete: 'nickname', placeholder: 'Your name', 'aria-label': 'Your name at this table' });
    el.players.append(h('li', { class: 'name-row' }, h('form', {
      class: 'name-form',
      onsubmit: (e) => {
        e.preventDefault();
        const name = input.value.trim();
        if (name && socket.send({ type: 'name', name })) state.naming = name;
      },
    }, input, h('button', { type: 'submit', class: 'small', id: 'seat-name-save' }, 'Name my seat'))));
  }
  const watch = `${location.origin}/t/${encodeURIComponent(id)}`;
  const held = seatsAt(id).filter((s) => s.seat !== state.seat);
  replace(el.links,
    h('div', { class: 'link-row' }, h('span', {}, 'Spectator link'), copyButton(watch, 'Copy')),
    state.seat === SPECTATOR ? h('p', { class: 'muted small' }, 'You are watching: hands stay hidden.') : null,
    held.map((s) => h('p', {}, h('a', { href: seatLink(id, s.seat, s.token) }, `Play as seat ${s.seat + 1}`))));
  if (!state.rulesLoaded) {
    state.rulesLoaded = true;
    loadRules(t.game);
    showSettings(t);
  }
}

// showSettings reads the table's clock and rating for the title, and offers hints where they
// are allowed: never at a rated table (the server refuses them there too).
async function showSettings(t) {
  // Without the settings the title stays as it is, and no hint is offered.
  const info = await tableInfo();
  if (!info) return;
  state.settings = [info.clock && info.clock !== 'none' ? info.clock : '', info.rated ? 'rated' : ''].filter(Boolean).join(' · ');
  state.rated = !!info.rated;
  showTable();
  showActions();
  if (info.rated) return;
  mountHint({ id, token, table: t, seat: state.seat, root: $('#hint') });
  // The update on screen came before the panel: tell it whether the player may ask now.
  if (state.update) hintUpdate(state.update.seq, frame().legal.length > 0, !!state.update.result?.over);
}

// claimed reports a person seat that its player has taken: as the welcome said, or since, as
// presence shows (someone came to it).
function claimed(s, i) {
  const p = state.presence?.seats?.[i];
  return s.claimed || Boolean(p && (p.connected || p.away));
}

// awayBadge marks a person seat whose player has left the table.
function awayBadge(seat) {
  const p = state.presence?.seats?.[seat];
  if (!p || !p.person || p.connected || !p.away) return null;
  return h('span', { class: `badge away${p.abandoned ? ' abandoned' : ''}`, 'data-away': seat }, p.abandoned ? 'left' : 'away');
}

// showActions offers a player the ways to end the match early: while a seat still waits for its
// player, call the table off; then resign (after a confirmation), and once an opponent has been
// away too long, claim the win or let a bot finish for them.
function showActions() {
  const u = state.update;
  if (!el.actions) return;
  if (state.seat < 0 || !u || u.result?.over) {
    replace(el.actions);
    return;
  }
  const seats = state.presence?.seats || [];
  const gone = seats.map((p, i) => (p.abandoned && i !== state.seat ? i : -1)).filter((i) => i >= 0);
  const opponentGone = gone.some((i) => i % 2 !== state.seat % 2);
  const items = [];
  // A seat this browser holds too (one person playing several, passing the device round): when
  // it waits for its player, a button goes there.
  const held = seatsAt(id).filter((s) => s.seat !== state.seat);
  const waiting = state.presence?.open
    ? seats.map((p, i) => (p.person && !p.connected ? i : -1)).filter((i) => i >= 0)
    : (u.pending?.length ? u.pending : [u.toMove]);
  const next = held.find((s) => waiting.includes(s.seat));
  if (next) {
    const name = state.table?.seats?.[next.seat]?.name || `seat ${next.seat + 1}`;
    items.push(h('a', { class: 'button small primary', id: 'pass-device', href: seatLink(id, next.seat, next.token) }, `Pass the device: play as ${name}`));
  }
  if (state.presence?.open) {
    // The seats no one has come to yet: person seats never connected (away counts only once
    // someone has been there).
    const absent = seats.map((p, i) => (p.person && !p.connected && !p.away && i !== state.seat ? i : -1)).filter((i) => i >= 0);
    items.push(h('p', { class: 'away-note' }, absent.length ? `${capital(seatNames(absent))} ${absent.length > 1 ? 'have' : 'has'} not taken a seat yet.` : 'Waiting for a player to take a seat.'));
    items.push(askFirst('calling', { type: 'cancel', label: 'Call off the table', aria: 'Confirm calling off', question: 'Call this table off? ', yes: 'Yes, call it off', no: 'Keep waiting' }));
    replace(el.actions, items);
    return;
  }
  if (gone.length) {
    items.push(h('p', { class: 'away-note' }, `${capital(seatNames(gone))} left the table and has not come back.`));
    if (opponentGone) items.push(h('button', { type: 'button', class: 'small primary', id: 'claim', onclick: () => send({ type: 'claim' }) }, 'Claim the win'));
    // Not at a rated table: the bot's play would count for the absent player (the server refuses).
    if (!state.rated) items.push(h('button', { type: 'button', class: 'small', id: 'hand-to-bot', onclick: () => send({ type: 'bot' }) }, 'Let a bot play for them'));
  }
  items.push(askFirst('confirming', { type: 'resign', label: 'Resign', aria: 'Confirm resignation', question: 'Resign this match? ', yes: 'Yes, resign', no: 'Keep playing' }));
  replace(el.actions, items);
}

// askFirst is a button that sends a message of the given type only once confirmed: pressed, it
// becomes the question with yes and no (state[flag] says which shows).
function askFirst(flag, { type, label, aria, question, yes, no }) {
  const redraw = (asking) => { state[flag] = asking; showActions(); };
  if (!state[flag]) {
    return h('button', { type: 'button', class: 'small quiet', id: type, onclick: () => { redraw(true); document.getElementById(`${type}-no`)?.focus(); } }, label);
  }
  return h('span', { class: 'confirm', role: 'alertdialog', 'aria-label': aria }, question,
    h('button', { type: 'button', class: 'small danger', id: `${type}-yes`, onclick: () => { state[flag] = false; send({ type }); showActions(); } }, yes),
    h('button', { type: 'button', class: 'small quiet', id: `${type}-no`, onclick: () => redraw(false) }, no));
}

// seatNames names seats for a sentence: "Bob", "Bob and Cy".
function seatNames(seats) {
  return seats.map((i) => state.table?.seats[i]?.name || `player ${i + 1}`).join(' and ');
}

function send(msg) {
  if (!socket.send(msg)) toast('Not connected right now: nothing was sent. Reconnecting…');
}

// showNotFound replaces the table with the news that it does not exist.
function showNotFound() {
  document.body.dataset.state = 'notfound';
  el.turn.textContent = 'This table does not exist.';
  replace(el.board, h('div', { class: 'empty-state', id: 'not-found' },
    h('p', {}, 'There is no table at this address: the link may be mistyped, or from another server.'),
    h('a', { class: 'button primary', href: '/' }, 'Go to the lobby')));
  replace(el.actions);
}

async function loadRules(game) {
  try {
    const games = await api.games();
    const g = games.find((x) => x.name === game);
    if (g) {
      replace(el.rules, h('pre', { class: 'rules-text' }, reflow(g.rules)));
      state.game = g;
      showTable();
    }
  } catch {
    replace(el.rules, h('p', { class: 'muted' }, 'The rules could not be loaded.'));
  }
}

function optionsText(opts, seats) {
  return shownOptions(opts, seats).map(([k, v]) => `${k} ${v}`).join(', ');
}

// frame is what the game view draws.
function frame() {
  const u = state.update;
  return {
    view: u.view,
    legal: state.seat >= 0 ? u.legal || [] : [],
    seat: state.seat,
    toMove: u.toMove,
    pending: u.pending || [],
    result: u.result,
    busy: state.busy,
  };
}

// Where the pointer was last seen, and where it was at the last redraw (.still).
let pointerAt = null;
let stillAt = null;

function render() {
  if (!state.update || !state.view) return;
  const f = frame();
  // The update on screen, for people debugging and for the browser test.
  document.body.dataset.seq = String(state.update.seq);
  if (state.autoPlayed >= 0 && state.update.seq > state.autoPlayed && f.legal.length > 0) {
    state.guardUntil = performance.now() + AFTER_FORCED;
    setTimeout(render, AFTER_FORCED + 20); // then the moves take clicks again
  }
  if (state.update.seq > state.autoPlayed) state.autoPlayed = -1;
  document.body.dataset.state = state.update.result?.over ? 'over' : f.legal.length ? (state.busy ? 'sending' : guarded() ? 'guarded' : 'mine') : 'waiting';
  // Keep the keyboard focus on the same control across redraws; a focus a click gave is not
  // kept, since the control of the same name after the move (the other Hit-2 blue, the serve
  // in the same place) is not one the player chose, and focusing it would preview it.
  const active = document.activeElement;
  const focusKey = active?.matches?.(':focus-visible') ? active.dataset?.focusKey : undefined;
  withMotion(el.board, () => state.view.update(f));
  // The moves drawn under a pointer that has not moved since are not ones it points at: they
  // show no hover until it moves (.still) away from where it was now.
  el.board.classList.add('still');
  stillAt = pointerAt;
  if (focusKey) {
    const again = el.board.querySelector(`[data-focus-key="${CSS.escape(focusKey)}"]`);
    if (again && !again.disabled) again.focus({ preventScroll: true });
  }
  const mod = viewFor(state.table?.game);
  el.score.textContent = scoreWithSides(named(mod.scoreText ? mod.scoreText(f) : (f.view?.score || f.result?.score || '')), state.table?.seats, state.seat);
  showTurn(f);
  showActions();
  hintUpdate(state.update.seq, f.legal.length > 0, !!state.update.result?.over);
  if (f.legal.length === 1 && !state.busy && state.forced !== state.update.seq) playForced(f.legal[0]);
}

// playForced plays the only legal move after a short pause, unless the match moved on or the
// player started to play it by hand (a click or a key on the board).
function playForced(choice) {
  const seq = state.update.seq;
  state.forced = seq;
  setTimeout(() => {
    if (state.busy || state.update?.seq !== seq || state.touched === seq || (frame().legal || []).length !== 1) return;
    state.notes.set(state.log.length, `Only one move was possible: ${choice.text}, played for you.`);
    appendLog();
    state.autoPlayed = seq;
    play(choice);
  }, FORCED_PAUSE);
}

// The moves shown after a move played for the player take no click or key for a moment: a
// click meant for the forced move, made as it was played, would land on whatever button took
// its place.
const AFTER_FORCED = 700; // ms
function guarded() {
  return performance.now() < (state.guardUntil || 0);
}

// mySide reports whether seat plays on the viewer's side (a doubles partner's win is theirs).
function mySide(seat) {
  return state.seat >= 0 && seat >= 0 && seat % 2 === state.seat % 2;
}

// sideName names the side of seat: its player alone ("you", "Ann"), or in doubles the team
// ("your team", "easy bot 2 & easy bot 4"), so that a partner's win reads as the viewer's.
function sideName(seat) {
  const seats = state.table?.seats || [];
  const side = seats.map((_, i) => i).filter((i) => i % 2 === seat % 2);
  if (side.length < 2) return nameOf(seat);
  if (mySide(seat)) return 'your team';
  return side.map(nameOf).join(' & ');
}

function nameOf(seat) {
  if (seat === state.seat) return 'you';
  return state.table?.seats[seat]?.name || `player ${seat + 1}`;
}

function showTurn(f) {
  const u = state.update;
  let text = '', cls = 'wait';
  const myTurn = f.legal.length > 0;
  if (u.result?.over && u.ended) {
    text = endedTitle(u);
    cls = u.result.winner >= 0 && u.result.winner % 2 === state.seat % 2 && state.seat >= 0 ? 'won' : 'over';
  } else if (u.result?.over) {
    const w = u.result.winner;
    text = soloLoss(u.result) ? (state.seat >= 0 ? 'You lost to the automaton' : 'The automaton won the match')
      : w === -2 ? 'The match is a draw' : `${capital(sideName(w))} won the match`;
    cls = w >= 0 && mySide(w) ? 'won' : 'over';
  } else if (myTurn) {
    text = state.busy ? 'Sending your move…' : 'Your turn';
    cls = 'mine';
  } else if (state.presence?.open && u.clock && (u.toMove === state.seat || f.pending.includes(state.seat))) {
    // A timed table waiting for a player takes no move: its clocks start together.
    text = 'You move first once every player has come: the clocks start together';
  } else {
    const waiting = (f.pending.length ? f.pending : [u.toMove]).filter((s) => s !== state.seat && s >= 0);
    if (!waiting.length) {
      text = u.toMove === -1 ? 'Shuffling, drawing, rolling…' : '…';
    } else if (waiting.length > 1) {
      // A secret step that several still owe: name them all.
      text = `Waiting for ${waiting.map(nameOf).join(' and ')}`;
    } else {
      const s = waiting[0];
      const seat = state.table?.seats[s];
      text = seat?.bot ? `${capital(seat.name)} is thinking…` : `Waiting for ${nameOf(s)}`;
    }
  }
  el.turn.textContent = text;
  el.status.className = `status ${cls}`;
  if (myTurn && !state.wasMyTurn) el.announce.textContent = 'Your turn';
  if (!myTurn && state.wasMyTurn) el.announce.textContent = '';
  state.wasMyTurn = myTurn;
}

// endedTitle says how a match ended early (web/PROTOCOL.md, "Table lifecycle").
function endedTitle(u) {
  const w = u.result?.winner ?? -2;
  const mineWon = state.seat >= 0 && w >= 0 && w % 2 === state.seat % 2;
  const loser = w >= 0 ? state.table?.seats.findIndex((_, i) => i % 2 !== w % 2) : -1;
  const who = loser >= 0 ? capital(nameOf(loser)) : 'A player';
  switch (u.ended) {
    case 'resigned': return loser === state.seat ? 'You resigned' : `${who} resigned${mineWon ? ': you won' : ''}`;
    case 'claimed': return loser === state.seat ? 'You left, and the win was claimed' : `${who} left: ${mineWon ? 'you claimed the win' : 'the win was claimed'}`;
    case 'time': return loser === state.seat ? 'You ran out of time' : `${who} ran out of time${mineWon ? ': you won' : ''}`;
    case 'expired': return 'The table expired: nobody played for a long time';
    case 'cancelled': return 'Called off before every player came';
    case 'time limit': return 'Stopped: matches between bots have a time limit';
    case 'unplayable': return 'Stopped: this server no longer plays this table';
  }
  return 'The match was abandoned';
}

// play sends one legal move, answering the update on screen.
function play(choice) {
  if (state.busy || !state.update) return;
  if (!socket.move(state.update.seq, choice.action)) {
    toast('Not connected right now: your move was not sent. Reconnecting…');
    return;
  }
  state.busy = true;
  render();
}

function appendLog() {
  renderLog(el.log, state.log, state.notes, named);
}

// named writes seat names for "player N" in a log line, and "you" for the viewer's seat.
function named(line) {
  return withNames(line, state.table?.seats, state.seat);
}

const ERRORS = {
  not_your_turn: 'It is not your turn yet.',
  stale: 'The match moved on before your move arrived: here is the latest position.',
  over: 'The match is over.',
  rate_limited: 'Too many messages at once: slow down a little.',
};

function politeError(msg) {
  if (msg.code === 'illegal') return `That move is not allowed: ${msg.error.replace(/^illegal action [^:]*: /, '')}.`;
  return ERRORS[msg.code] || capital(msg.error || 'Something went wrong.');
}

let toastTimer = 0;
function toast(text, mode = '') {
  clearTimeout(toastTimer);
  el.toast.textContent = text;
  el.toast.classList.add('show');
  if (mode !== 'persist') toastTimer = setTimeout(() => el.toast.classList.remove('show'), 6000);
}

async function showBadToken() {
  el.turn.textContent = 'This seat link is not valid for this table.';
  replace(el.board, h('div', { class: 'empty-state' },
    h('p', {}, 'Ask the person who created the table for a new invite link, or watch the match instead.'),
    h('a', { class: 'button', href: `/t/${encodeURIComponent(id)}` }, 'Watch as a spectator')));
  // A match already over has nothing to join or watch live: say so, and lead to its end.
  let t = null;
  try {
    t = await api.table(id);
  } catch {
    return;
  }
  if (t.status !== 'finished' && t.status !== 'abandoned') return;
  el.turn.textContent = 'This seat link is not valid for this table, and its match is over.';
  replace(el.board, h('div', { class: 'empty-state', id: 'over-bad-token' },
    h('p', {}, `${t.title}: ${versus(t.seats)}.`),
    h('a', { class: 'button', href: `/t/${encodeURIComponent(id)}` }, 'See how it ended'),
    t.status === 'finished' ? h('a', { class: 'button', href: `/r/${encodeURIComponent(id)}` }, 'Replay') : null));
}

// showEnd shows the winner, the score, the rematch and the replay, and follows a rematch that
// someone else starts.
// showRatingChange writes into el the viewer's rating after this table and its change, from
// their profile's rating history; it tries again briefly, since the rating is saved with the
// result and the page may ask first.
async function showRatingChange(el, tries = 3, note = '', none = '') {
  const me = await whoami();
  if (!me.name || !state.table) return;
  try {
    const p = await getJSON(`/api/users/${encodeURIComponent(me.name)}`);
    const history = (p.ratings || []).find((r) => r.game === state.table.game)?.history || [];
    const k = history.findIndex((e) => e.table === id);
    if (k < 0) {
      if (tries > 1) setTimeout(() => showRatingChange(el, tries - 1, note, none), 1000);
      else if (none) {
        el.textContent = none;
        el.hidden = false;
      }
      return;
    }
    const after = history[k].rating;
    const before = k > 0 ? history[k - 1].rating : 1500;
    const delta = Math.round(after - before);
    // A provisional rating ("1500?") moves by hundreds a match until the player has a few.
    const point = history[k];
    el.textContent = `Your rating in ${state.table.title}: ${Math.round(after)}${point.provisional ? '?' : ''} (${delta >= 0 ? '+' : '−'}${Math.abs(delta)})${point.provisional ? ', provisional: it moves fast until you have played a few rated matches' : ''}${note}`;
    el.hidden = false;
  } catch {
    // No change shown: the profile has it.
  }
}

// tableInfo is the table's summary (its clock and rating), asked for once a page: null when it
// could not be read.
function tableInfo() {
  if (!state.infoAsked) state.infoAsked = api.table(id).catch(() => null);
  return state.infoAsked;
}

// showRatingIfRated shows the rating change of a rated table: the table's settings may not have
// been read yet when the match ends (a short match, or a finished one opened), so it waits for
// them.
async function showRatingIfRated(el) {
  const info = await tableInfo();
  if (!info?.rated && !info?.void) return;
  // A rated match that ended before both players moved counts against the side that lost only:
  // the table says so (read again, when the page opened before the end), and the player's
  // history holds it or not.
  const now = info.void ? info : await api.table(id).catch(() => null);
  if (now?.void && state.update?.result?.winner === -2) {
    el.textContent = 'Not rated: the match ended before both players had moved.';
    el.hidden = false;
    return;
  }
  if (now?.void) {
    const why = 'the match ended before both players had moved, so it counts only against the side that lost';
    showRatingChange(el, 3, `. It counted against you alone: ${why}.`, `Not rated for you: ${why}.`);
    return;
  }
  showRatingChange(el, 5);
}

function showEnd() {
  const u = state.update;
  const w = u.result.winner;
  const mine = state.seat >= 0;
  const title = u.ended ? endedTitle(u) : soloLoss(u.result) ? (mine ? 'You lost' : 'The automaton won')
    : w === -2 ? 'A draw' : mySide(w) ? `${capital(sideName(w))} won!` : `${capital(sideName(w))} won`;
  const note = h('p', { class: 'end-note', 'aria-live': 'polite' });
  const finished = w >= 0 || !u.ended; // an abandoned table has no replay and no rematch
  // A player seated by a link or by their account may offer a rematch.
  // At a rated table, what the result did to the player's rating (their profile's history).
  const rated = h('p', { class: 'end-rating', id: 'end-rating', hidden: true });
  if (mine && finished) showRatingIfRated(rated);
  const rematch = mine && finished ? h('button', { type: 'button', class: 'primary', id: 'rematch', onclick: () => startRematch(note) }, 'Rematch') : null;
  replace(el.end,
    h('div', { class: 'end-icon', 'aria-hidden': 'true' }, w === state.seat ? trophy() : ball()),
    h('div', { class: 'end-body' },
      h('h2', { id: 'end-title' }, title),
      // The title has said who won: a score that says it again ("player 1 wins: ball at +1")
      // says only how. A bare score reads in seat order, so it names the sides ("ann vs you: 5-7").
      h('p', { class: 'end-score' }, capital(scoreWithSides(named((u.result.score || u.view?.score || '').replace(/^player \d+ wins: /i, '')), state.table?.seats, state.seat))),
      rated,
      h('div', { class: 'end-actions' },
        rematch,
        finished ? h('a', { class: 'button', href: `/r/${encodeURIComponent(id)}`, id: 'replay-link' }, 'Replay and analysis') : null,
        h('a', { class: 'button quiet', href: '/' }, 'Lobby')),
      note));
  // The end is news: bring it into view, from wherever the player was on the board (on a
  // phone, far below it).
  const first = el.end.hidden;
  el.end.hidden = false;
  if (first) el.end.scrollIntoView({ block: 'nearest' });
  el.end.dataset.ended = u.ended || 'played';
  el.status.hidden = true;
  replace(el.actions);
  el.announce.textContent = `${title} ${u.result.score || ''}`;
  if (!state.rematchPoll && finished) {
    const poll = async () => {
      try {
        const t = await api.table(id);
        if (t.rematch) {
          // An offer may still be taken up; once it has been, there is nothing more to follow.
          if (!t.rematchBy) clearInterval(state.rematchPoll);
          offerRematch(t.rematch, t.rematchBy, note);
        }
      } catch {
        // Try again at the next tick.
      }
    };
    poll();
    state.rematchPoll = setInterval(poll, 3000);
  }
}

// offerRematch tells of a rematch: offered by the player called by (who waits for the others to
// join), or started.
function offerRematch(next, by, note) {
  const btn = document.getElementById('rematch');
  const me = state.seat >= 0 ? state.table?.seats[state.seat]?.name : '';
  const join = (text) => h('a', { href: '#', onclick: (e) => { e.preventDefault(); startRematch(note); } }, text);
  if (state.seat < 0) {
    replace(note, by ? `${capital(by)} offers a rematch: ` : 'A rematch has started: ', h('a', { href: `/t/${encodeURIComponent(next)}` }, 'watch it'), '.');
  } else if (by && by === me) {
    if (btn) btn.textContent = 'Back to your rematch';
    replace(note, 'You offered a rematch: the others have not joined yet. ', join('Go back to it'), '.');
  } else if (by) {
    if (btn) btn.textContent = 'Accept the rematch';
    replace(note, h('strong', { id: 'rematch-offer' }, `${capital(by)} offers a rematch`), ' with the same settings. ', join('Accept'), ', or leave it: the offer lapses with the table.');
  } else {
    if (btn) btn.textContent = 'Join the rematch';
    replace(note, 'A rematch has started. ', join('Join it'), '.');
  }
}

async function startRematch(note) {
  const btn = document.getElementById('rematch');
  if (btn) btn.disabled = true;
  try {
    const { id: next } = await api.rematch(id, token);
    const t = await api.table(next);
    // Seats move round one place in a rematch; the names confirm where this seat went.
    const n = t.seats.length;
    let seat = (state.seat + 1) % n;
    const me = state.table.seats[state.seat];
    if (t.seats[seat]?.name !== me.name) {
      const found = t.seats.findIndex((s) => s.name === me.name && !s.bot);
      if (found >= 0) seat = found;
    }
    if (!token) {
      // A seat held by the signed-in account: the table finds it by the session.
      location.href = `/t/${encodeURIComponent(next)}`;
      return;
    }
    rememberSeat(next, seat, token, { game: t.game, title: t.title });
    location.href = seatLink(next, seat, token);
  } catch (err) {
    if (btn) btn.disabled = false;
    replace(note, `The rematch could not start: ${err.message}.`);
  }
}

function trophy() {
  return s('svg', { viewBox: '0 0 64 64', width: 56, height: 56 },
    s('path', { d: 'M18 14h-8c0 9 4 14 10 15M46 14h8c0 9-4 14-10 15', fill: 'none', stroke: '#c99a06', 'stroke-width': 4, 'stroke-linecap': 'round' }),
    s('path', { d: 'M17 8h30v12c0 11-7 18-15 19c-8-1-15-8-15-19z', fill: '#f2c21b', stroke: '#c99a06', 'stroke-width': 2 }),
    s('rect', { x: 28, y: 38, width: 8, height: 10, fill: '#c99a06' }),
    s('rect', { x: 19, y: 48, width: 26, height: 8, rx: 2, fill: '#2f7d4f' }),
    s('path', { d: 'M26 16l6 4 6-4', fill: 'none', stroke: '#fff', 'stroke-width': 2.5, 'stroke-linecap': 'round', opacity: .7 }));
}

function ball() {
  return s('svg', { viewBox: '0 0 64 64', width: 56, height: 56 },
    s('circle', { cx: 32, cy: 32, r: 26, fill: '#d7ea3c', stroke: '#9fb31a', 'stroke-width': 2 }),
    s('path', { d: 'M12 15c11 8 11 26 0 34M52 15c-11 8-11 26 0 34', fill: 'none', stroke: '#fff', 'stroke-width': 3.5, 'stroke-linecap': 'round' }));
}

// A player who touches the board plays the forced move by hand.
for (const type of ['pointerdown', 'keydown']) {
  el.board.addEventListener(type, () => { state.touched = state.update?.seq ?? -1; });
}
// Right after a forced move, a click on a move is dropped (AFTER_FORCED).
el.board.addEventListener('click', (e) => {
  if (guarded() && e.target.closest?.('button')) {
    e.stopPropagation();
    e.preventDefault();
  }
}, true);

// A pointer that moves away from where it was at the last redraw (more than a fake move at the
// same place, which a browser sends after a redraw) points again: the board's moves show their
// hover (.still, render), and the move under it is entered again, for its preview.
document.addEventListener('pointermove', (e) => {
  pointerAt = [e.clientX, e.clientY];
  if (!el.board.classList.contains('still')) return;
  if (stillAt && Math.abs(e.clientX - stillAt[0]) + Math.abs(e.clientY - stillAt[1]) <= 2) return;
  el.board.classList.remove('still');
  const under = document.elementFromPoint(e.clientX, e.clientY)?.closest('.moves .move');
  if (under) {
    under.dispatchEvent(new PointerEvent('pointerenter', { pointerType: e.pointerType }));
  }
}, { passive: true });

// Number keys 1-9 play the first nine legal moves.
document.addEventListener('keydown', (e) => {
  if (e.ctrlKey || e.metaKey || e.altKey || isTyping(e)) return;
  if (!/^[1-9]$/.test(e.key) || !state.update || guarded()) return;
  const choice = choiceForKey(frame().legal, e.key);
  if (choice) {
    e.preventDefault();
    play(choice);
  }
});

// Following a link to another seat of this table changes only the fragment: start afresh.
window.addEventListener('hashchange', () => location.reload());

if (!id) {
  el.turn.textContent = 'No table here.';
} else {
  socket.start();
}
