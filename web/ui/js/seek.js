// The lobby's seeks: post an offer to play (game, variant, clock, rated, rating range), accept
// someone else's, or quick-pair with a compatible offer. A posted seek is watched until someone
// accepts it, then the page goes to the table.

import { h, replace, $ } from './dom.js';
import { api, getJSON, postJSON, deleteJSON } from './api.js';
import { whoami } from './account.js';
import { offered } from './names.js';
import { loadObject, saveObject } from './stored.js';

const POLL = 2000; // ms
// CLOCKS are the time controls the lobby offers, as clock.Parse reads them, with their labels.
export const CLOCKS = [['1+1', '1+1 bullet'], ['3+2', '3+2 blitz'], ['5+3', '5+3 blitz'], ['10+5', '10+5 rapid'], ['1d', '1 day a move'], ['3d', '3 days a move'], ['none', 'no clock']];

const el = {
  panel: $('#seek-panel'),
  form: $('#seek-form'),
  game: $('#seek-game'),
  variant: $('#seek-variant'),
  clock: $('#seek-clock'),
  rated: $('#seek-rated'),
  min: $('#seek-min'),
  max: $('#seek-max'),
  quick: $('#seek-quick'),
  bot: $('#seek-bot'),
  playBot: $('#seek-play-bot'),
  error: $('#seek-error'),
  list: $('#seeks'),
};

let games = [];
let me = null;

// The form's last clock, rating choice and bot level, kept in this browser: a player who plays
// 3+2 rated comes back to 3+2 rated.
const PREFS_KEY = 'deuce.seek';

function savePrefs() {
  saveObject(PREFS_KEY, { clock: el.clock.value, rated: el.rated.checked, bot: el.bot.value });
}
const waiting = new Set(); // ids of my seeks

function twoSeatVariants(g) {
  return g.variants.filter((v) => v.seats === 2);
}

function fillVariants() {
  const g = games.find((x) => x.name === el.game.value);
  replace(el.variant, (g ? twoSeatVariants(g) : []).map((v) => h('option', { value: v.name }, v.name)));
  const keep = el.bot.value;
  replace(el.bot, (g ? offered(g.bots) : []).map((b) => h('option', { value: b.name ?? b.Name }, `the ${b.name ?? b.Name} bot`)));
  const has = (v) => [...el.bot.options].some((o) => o.value === v);
  const last = loadObject(PREFS_KEY).bot; // the level last chosen here
  if (has(keep)) el.bot.value = keep;
  else if (has(last)) el.bot.value = last;
  // A newcomer's first opponent is a middling level, as in the new-table form.
  else if (has('medium')) el.bot.value = 'medium';
}

function request() {
  return {
    game: el.game.value,
    variant: el.variant.value,
    clock: el.clock.value === 'none' ? '' : el.clock.value,
    rated: el.rated.checked,
    minRating: Number(el.min.value) || 0,
    maxRating: Number(el.max.value) || 0,
  };
}

// say shows a line under the form: an error in red, a note (how to start, a wait) as help text.
function say(text, isError = true) {
  el.error.textContent = text;
  el.error.classList.toggle('form-error', isError);
  el.error.classList.toggle('help', !isError);
}

async function act(f) {
  say('');
  try {
    await f();
  } catch (err) {
    say(err.message);
  }
}

function go(table) {
  location.href = `/t/${encodeURIComponent(table)}`;
}

async function refresh() {
  let list = [];
  try {
    list = await getJSON('/api/seeks');
  } catch {
    return;
  }
  for (const id of waiting) {
    try {
      const sk = await getJSON(`/api/seeks/${encodeURIComponent(id)}`);
      if (sk.table) return go(sk.table);
    } catch {
      waiting.delete(id);
    }
  }
  list.filter((s) => s.mine).forEach((s) => waiting.add(s.id));
  if (!list.length) {
    replace(el.list, h('li', { class: 'muted' }, 'No seeks right now: post one.'));
    return;
  }
  replace(el.list, list.map((s) => h('li', { class: 'table-row seek-row', dataset: { seek: s.id } },
    h('div', { class: 'table-main' },
      h('div', {}, h('a', { href: `/u/${encodeURIComponent(s.name)}` }, s.name), ` (${s.rating}${s.provisional ? '?' : ''})`),
      h('div', { class: 'muted small' }, `${s.title} ${s.variant} · ${s.clock === 'none' ? 'no clock' : s.clock} · ${s.rated ? 'rated' : 'casual'}`,
        s.minRating || s.maxRating ? ` · ${s.minRating || 0}-${s.maxRating || '∞'}` : '')),
    s.mine
      ? h('button', { class: 'small', onclick: () => act(async () => {
        await deleteJSON(`/api/seeks/${encodeURIComponent(s.id)}`);
        waiting.delete(s.id);
        refresh();
      }) }, 'Withdraw')
      : h('button', { class: 'small primary accept', disabled: !me?.name, onclick: () => act(async () => {
        const r = await postJSON(`/api/seeks/${encodeURIComponent(s.id)}/accept`, {});
        go(r.table);
      }) }, 'Accept'))));
}

// picked is the last game picked for a new table; follow, once the panel is up, makes the
// seek's game follow it.
let picked = null;
let follow = null;
document.addEventListener('deuce:game', (e) => {
  picked = e.detail;
  follow?.(picked);
});

async function start() {
  me = await whoami();
  if (!me.accounts) {
    el.panel.hidden = true;
    return;
  }
  el.panel.hidden = false;
  replace(el.clock, CLOCKS.map(([v, label]) => h('option', { value: v }, label)));
  el.clock.value = '10+5'; // time to read the table on a first game; bullet is a choice, not a default
  const prefs = loadObject(PREFS_KEY);
  if (CLOCKS.some(([v]) => v === prefs.clock)) el.clock.value = prefs.clock;
  if (typeof prefs.rated === 'boolean') el.rated.checked = prefs.rated;
  try {
    games = (await api.games()).filter((g) => twoSeatVariants(g).length);
  } catch {
    games = [];
  }
  replace(el.game, games.map((g) => h('option', { value: g.name }, g.title)));
  let chosen = false; // the player chose the seek's game here
  el.game.addEventListener('change', () => { chosen = true; fillVariants(); });
  // Until then it follows the game picked for a new table (lobby.js, "deuce:game"), the one
  // picked while the panel was loading too.
  follow = (name) => {
    if (chosen || !games.some((g) => g.name === name)) return;
    el.game.value = name;
    fillVariants();
  };
  if (picked) follow(picked);
  fillVariants();
  const signedOut = !me.name;
  for (const c of el.form.querySelectorAll('button, input, select')) c.disabled = signedOut;
  el.form.classList.toggle('signed-out', signedOut);
  if (signedOut) {
    el.rated.checked = false; // nothing is rated signed out: the box says so
    say('Sign in (top right) to post or accept a seek.', false);
  }
  el.form.addEventListener('submit', (e) => {
    e.preventDefault();
    act(async () => {
      const sk = await postJSON('/api/seeks', request());
      waiting.add(sk.id);
      refresh();
    });
  });
  // The button says what it starts: the form's clock and rating apply to the bot's match too.
  const labelPlayBot = () => {
    const clock = CLOCKS.find(([v]) => v === el.clock.value)?.[1] || 'no clock';
    el.playBot.textContent = `Play this bot: ${el.rated.checked ? 'rated' : 'casual'}, ${clock}`;
  };
  for (const c of [el.rated, el.clock, el.bot]) {
    c.addEventListener('change', () => { labelPlayBot(); savePrefs(); });
  }
  labelPlayBot();
  // A match against a bot, with the form's clock, rated if ticked: the bots' ratings are fixed,
  // so a rated match against one places you on the scale.
  el.playBot.addEventListener('click', () => act(async () => {
    const req = request();
    const t = await postJSON('/api/tables', {
      game: req.game, variant: req.variant, rated: req.rated, clock: req.clock,
      seats: [{ me: true }, { bot: el.bot.value }],
    });
    go(t.id);
  }));
  el.quick.addEventListener('click', () => act(async () => {
    const r = await postJSON('/api/seeks/quick', request());
    if (r.table) return go(r.table);
    waiting.add(r.seek.id);
    say('Waiting for a player with the same settings…', false);
    refresh();
  }));
  refresh();
  setInterval(refresh, POLL);
}

start();
