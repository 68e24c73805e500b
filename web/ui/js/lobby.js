// The lobby: create a table (game, variant, options, who sits where), hand out the invite
// links, and list the tables that are open, live and finished.

import { h, $, replace, capitalize, reflow } from './dom.js';
import { api, getJSON } from './api.js';
import { rememberSeat, seatsAt, seatLink, heldTables } from './seats.js';
import { copyButton } from './copy.js';
import { withNames, shownOptions, briefOptions, offered, versus, optionLabel, matters } from './names.js';
import { whoami } from './account.js';
import { CLOCKS } from './seek.js';
import { TableSocket } from './socket.js';

const REFRESH = 4000; // ms between refreshes of the table lists
const NAME_KEY = 'deuce.name';

const el = {
  form: $('#create'),
  games: $('#games'),
  variant: $('#variant'),
  variantHelp: $('#variant-help'),
  options: $('#options'),
  name: $('#name'),
  seats: $('#seats'),
  submit: $('#create-button'),
  error: $('#form-error'),
  created: $('#created'),
  rulesTitle: $('#rules-title'),
  rules: $('#rules'),
  lists: { open: $('#open'), live: $('#live'), ended: $('#finished') },
  mine: $('#mine'),
  minePanel: $('#mine-panel'),
  clockRated: $('#clock-rated'),
  clock: $('#clock'),
  rated: $('#rated'),
  ratedHelp: $('#rated-help'),
};

let me = { accounts: false }; // who is signed in (account.js whoami)

let games = [];
let game = null; // the chosen game
const seatChoice = []; // per seat: "you", "friend" or a bot level, kept across variant changes

el.name.value = localStorage.getItem(NAME_KEY) || '';
el.name.addEventListener('change', () => localStorage.setItem(NAME_KEY, el.name.value.trim()));

async function start() {
  me = await whoami();
  // A signed-in player's seat is their account's: it carries their name, the table is on their
  // profile, and the table's plain address finds the seat from any device.
  if (me.name) {
    $('#name-field').hidden = true;
    const note = $('#account-seat');
    note.textContent = `You play as ${me.name}: your seat is your account's, so the table's address finds it from any device, and the match is on your profile.`;
    note.hidden = false;
  }
  // A clock and a rating are kept with the accounts: a server without them offers neither.
  el.clockRated.hidden = !me.accounts;
  replace(el.clock, CLOCKS.map(([v, label]) => h('option', { value: v, selected: v === 'none' }, label)));
  el.rated.addEventListener('change', checkRated);
  try {
    games = (await api.games()).map(normalize);
  } catch (err) {
    replace(el.games, h('p', { class: 'form-error' }, `The games could not be loaded: ${err.message}.`));
    return;
  }
  replace(el.games, games.map((g, i) => h('label', { class: 'game-card' },
    h('input', { type: 'radio', name: 'game', value: g.name, checked: i === 0, onchange: () => chooseGame(g.name) }),
    h('span', { class: 'game-title' }, g.title),
    h('span', { class: 'game-summary' }, g.summary))));
  chooseGame(games[0]?.name);
  refreshLists();
  setInterval(refreshLists, REFRESH);
}

// normalize accepts the option and bot fields of /api/games in either case: they are
// documented as Name, Default, Values, Help and Summary.
function normalize(g) {
  const pick = (o, key) => o[key] ?? o[key.charAt(0).toUpperCase() + key.slice(1)];
  return {
    ...g,
    options: (g.options || []).map((o) => ({
      name: pick(o, 'name'), default: pick(o, 'default') ?? '', values: pick(o, 'values') || [], help: pick(o, 'help') || '',
      labels: pick(o, 'labels') || {}, when: pick(o, 'when') || {},
    })),
    bots: (g.bots || []).map((b) => ({ name: pick(b, 'name'), summary: pick(b, 'summary') || '', blurb: pick(b, 'blurb') || '' })),
    seatsWhen: g.seatsWhen || {},
    refusedWhen: g.refusedWhen || {},
  };
}

function chooseGame(name) {
  game = games.find((g) => g.name === name);
  if (!game) return;
  // The seek panel follows the game picked here (seek.js).
  document.dispatchEvent(new CustomEvent('deuce:game', { detail: name }));
  seatChoice.length = 0;
  replace(el.variant, game.variants.map((v) => h('option', { value: v.name }, v.name)));
  el.variant.onchange = chooseVariant;
  el.options.onchange = relayout;
  chooseVariant();
  el.rulesTitle.textContent = `Rules of ${game.title}`;
  replace(el.rules, h('pre', { class: 'rules-text' }, reflow(game.rules)));
}

function variant() {
  return game.variants.find((v) => v.name === el.variant.value) || game.variants[0];
}

// seatCount is the number of seats the form's game makes with value(name) for its options: the
// variant's, unless an option that changes it (seatsWhen: Worldwide's solo) says otherwise.
function seatCount(value) {
  let n = variant()?.seats || game.seats || 2;
  for (const [name, counts] of Object.entries(game.seatsWhen || {})) {
    const c = counts[value(name)];
    if (c) n = c;
  }
  return n;
}

// optionsFor is the set of the game's options that apply to a table of n seats whose options
// have value(name): not those numbered for a seat beyond n ("character3" in singles), nor those
// the other options make moot (Worldwide's sets in a tiebreak).
function optionsFor(n, value) {
  const opts = Object.fromEntries(game.options.map((o) => [o.name, value(o.name)]));
  return new Set(shownOptions(Object.fromEntries(game.options.map((o) => [o.name, ''])), n)
    .map(([k]) => k).filter((k) => matters(game.options.find((o) => o.name === k), opts)));
}

// showOptions hides the fields of the options that do not apply (optionsFor).
function showOptions(n, value) {
  const applies = optionsFor(n, value);
  for (const o of game.options) {
    const field = document.getElementById(`opt-${o.name}`)?.closest('.field');
    if (field) field.hidden = !applies.has(o.name);
  }
}

// formSeats is the number of seats laid out now.
let formSeats = 0;

// relayout follows a changed option: the options that apply (optionsFor) and, when it changes
// the number of seats, the seats.
function relayout() {
  followVariant();
  const n = seatCount(formValue);
  markFirst();
  showOptions(n, formValue);
  if (n === formSeats) return;
  offerValues(n);
  layoutSeats(n);
}

// formValue is the value the form gives option name now (undefined for an option it lacks).
function formValue(name) {
  return document.getElementById(`opt-${name}`)?.value;
}

// followVariant keeps the variant shown true to the options chosen: an option set against the
// variant's own value (Players: doubles, on the "singles" variant) moves the form to the variant
// those options are, when there is one, or says the settings are the player's own.
function followVariant() {
  const v = variant();
  const fits = (x) => Object.entries(x?.options || {}).every(([k, val]) => formValue(k) === undefined || formValue(k) === val);
  if (!v || fits(v)) {
    el.variantHelp.textContent = v ? capitalize(v.summary) : '';
    return;
  }
  // The variant that says most of the options chosen: one that sets none fits any.
  const match = game.variants.filter(fits).sort((a, b) => Object.keys(b.options || {}).length - Object.keys(a.options || {}).length)[0];
  if (match) {
    el.variant.value = match.name;
    el.variantHelp.textContent = capitalize(match.summary);
  } else {
    el.variantHelp.textContent = `${capitalize(v.summary)}, with your own settings below`;
  }
}

// offerValues leaves out of each option's list the values the game refuses with n seats
// (refusedWhen: Love Means Nothing's first servers 3 and 4 in singles); a value left out that
// was chosen gives way to the variant's own, or the option's default, or the first offered.
function offerValues(n) {
  const refused = game.refusedWhen?.[n] || {};
  for (const o of game.options) {
    const select = document.getElementById(`opt-${o.name}`);
    if (!select || select.tagName !== 'SELECT') continue;
    const out = new Set(refused[o.name] || []);
    for (const opt of select.options) {
      opt.hidden = out.has(opt.value);
      opt.disabled = out.has(opt.value);
    }
    if (out.has(select.value)) {
      const own = variant()?.options?.[o.name] ?? o.default;
      select.value = out.has(own) ? [...select.options].find((x) => !x.disabled)?.value : own;
    }
  }
}

// chooseVariant sets the options to the variant's values and lays out its seats.
function chooseVariant() {
  const v = variant();
  el.variantHelp.textContent = v ? capitalize(v.summary) : '';
  const own = (name) => v?.options?.[name] ?? game.options.find((o) => o.name === name)?.default;
  const seats = seatCount(own);
  // Options that do not apply ("character3" in singles, sets in a tiebreak) are hidden.
  const applies = optionsFor(seats, own);
  replace(el.options, game.options.map((o) => {
    const value = own(o.name);
    const id = `opt-${o.name}`;
    const input = o.values && o.values.length
      ? h('select', { id, name: o.name, 'aria-describedby': `${id}-help` }, o.values.map((x) => h('option', { value: x, selected: x === value }, optionLabel(o, x))))
      : h('input', { id, name: o.name, value, placeholder: o.default, 'aria-describedby': `${id}-help`, autocomplete: 'off' });
    return h('div', { class: 'field', hidden: !applies.has(o.name) },
      h('label', { for: id }, capitalize(o.name.replaceAll('-', ' ').replace(/(\D)(\d+)$/, '$1 $2'))),
      input,
      h('p', { class: 'help', id: `${id}-help` }, capitalize(o.help)));
  }));
  offerValues(seats);
  layoutSeats(seats);
}

// teamText says whom seat i plays with at a table of n seats in teams (seats 1 and 3 against
// 2 and 4, or 1 and 3 against 2 in AlakaSLAM's Canadian doubles), as the boards pair them:
// "with seat 3", "alone against seats 1 and 3".
function teamText(i, n) {
  const seats = Array.from({ length: n }, (_, k) => k + 1);
  const mates = seats.filter((k) => k % 2 === (i + 1) % 2 && k !== i + 1);
  return mates.length ? `with seat ${mates.join(' and seat ')}` : `alone against seats ${seats.filter((k) => k % 2 !== (i + 1) % 2).join(' and ')}`;
}

function layoutSeats(n) {
  formSeats = n;
  const bots = offered(game.bots || []);
  // A newcomer's first opponent: a middling level, never the strongest.
  const names = bots.map((b) => b.name);
  const strongest = ['medium', 'easy', 'heuristic'].find((b) => names.includes(b)) || names[0] || '';
  replace(el.seats, Array.from({ length: n }, (_, i) => {
    const chosen = seatChoice[i] || (i === 0 ? 'you' : strongest ? `bot:${strongest}` : 'friend');
    seatChoice[i] = chosen;
    const id = `seat-${i}`;
    const friendName = h('input', {
      id: `${id}-name`, class: 'friend-name', maxlength: 40, placeholder: `player ${i + 1}`,
      'aria-label': `Name for seat ${i + 1}`, hidden: chosen !== 'friend',
    });
    const help = h('p', { class: 'help seat-help', id: `${id}-help` });
    const describe = (c) => {
      const b = bots.find((x) => `bot:${x.name}` === c);
      // A player's words first; how the bot plays, for those who want it, on hover.
      help.textContent = b ? capitalize(b.blurb || b.summary) : c === 'friend' ? 'Gets an invite link to send' : me.name ? `Yours, as ${me.name}` : 'Plays in this browser';
      help.title = b && b.blurb ? capitalize(b.summary) : '';
    };
    const select = h('select', {
      id, name: id, 'aria-describedby': `${id}-help`,
      onchange: (e) => {
        seatChoice[i] = e.target.value;
        friendName.hidden = e.target.value !== 'friend';
        describe(e.target.value);
        checkRated();
      },
    },
    h('option', { value: 'you', selected: chosen === 'you' }, 'You'),
    h('option', { value: 'friend', selected: chosen === 'friend' }, 'A friend'),
    bots.map((b) => h('option', { value: `bot:${b.name}`, selected: chosen === `bot:${b.name}` }, `${capitalize(b.name)} bot`)));
    describe(chosen);
    return h('div', { class: 'seat-row' },
      h('label', { for: id, class: 'seat-label' }, `Seat ${i + 1}`, h('span', { class: 'muted small seat-first', id: `${id}-first` }),
        n > 2 ? h('span', { class: 'muted small seat-team' }, teamText(i, n)) : null),
      h('div', { class: 'seat-choice' }, select, friendName),
      help);
  }));
  markFirst();
  checkRated();
}

// markFirst says which seat serves first where the game's first-server option decides it (a
// seat number, or "call": player 1 calls); the bidding game's players bid together, and
// Worldwide's first server is tossed for, so there no seat is marked.
function markFirst() {
  const v = formValue('first-server');
  for (let i = 0; i < formSeats; i++) {
    const note = document.getElementById(`seat-${i}-first`);
    if (note) note.textContent = v === String(i + 1) ? 'serves first' : v === 'call' && i === 0 ? 'calls for the first serve' : '';
  }
}

// ratedRefusal says why the table as chosen cannot be rated, '' when it can: a rated match is
// between an account and a bot here (web/players.go checkRated), a person against a person
// being what seeks are for.
function ratedRefusal() {
  if (!me.name) return 'Sign in (top right) to play rated: a rated match moves your rating, so it needs an account.';
  const chosen = seatChoice.slice(0, formSeats);
  const people = chosen.filter((c) => !c.startsWith('bot:'));
  if (chosen.length !== 2 || people.length !== 1 || people[0] !== 'you') {
    return 'A rated table here is you against a bot. To play a person rated, post a seek in Seek a game.';
  }
  return '';
}

// checkRated enables the rated box when the table can be rated and says why not otherwise.
function checkRated() {
  const why = ratedRefusal();
  el.rated.disabled = why !== '';
  if (why) el.rated.checked = false;
  el.ratedHelp.textContent = why || (el.rated.checked
    ? 'Rated: the result moves your rating; the bot plays at its fixed rating. Leaving the table loses it.'
    : 'Casual: no rating changes.');
}

el.form.addEventListener('submit', async (e) => {
  e.preventDefault();
  if (!game) return;
  el.error.textContent = '';
  const v = variant();
  const options = {};
  for (const o of game.options) {
    const field = document.getElementById(`opt-${o.name}`);
    const value = (field?.value ?? '').trim();
    const base = v?.options?.[o.name] ?? o.default;
    if (value !== '' && value !== base) options[o.name] = value;
  }
  const typed = me.name ? '' : el.name.value.trim();
  if (!me.name) localStorage.setItem(NAME_KEY, typed);
  const myName = me.name || typed;
  const rated = el.rated.checked && !el.rated.disabled;
  // A signed-in player's one seat is taken as their account, not by a link (several seats played
  // here, passing the device round, are links, named alike).
  const asAccount = Boolean(me.name) && seatChoice.slice(0, formSeats).filter((c) => c === 'you').length === 1;
  // Only the seats laid out: a variant with fewer seats than the last one keeps the choices
  // made for the others, for when it comes back.
  const seats = seatChoice.slice(0, formSeats).map((c, i) => {
    if (c.startsWith('bot:')) return { bot: c.slice(4) };
    if (c === 'you') return rated || asAccount ? { me: true } : { name: myName };
    return { name: (document.getElementById(`seat-${i}-name`)?.value || '').trim() };
  });
  const req = { game: game.name, variant: v?.name || '', seats };
  if (Object.keys(options).length) req.options = options;
  if (me.accounts && el.clock.value !== 'none') req.clock = el.clock.value;
  if (rated) req.rated = true;
  el.submit.disabled = true;
  el.submit.textContent = 'Creating…';
  try {
    const resp = await api.create(req);
    const choices = seatChoice.slice(0, formSeats);
    // A table of one player against bots needs no invitation: it opens at once. A table with
    // friends to invite, or several seats played here, shows its links first.
    const own = choices.filter((c) => c === 'you').length;
    if (own === 1 && choices.every((c) => c === 'you' || c.startsWith('bot:'))) {
      const seat = resp.seats[choices.indexOf('you')];
      rememberOwn(resp, choices);
      location.assign(seat.invite || `/t/${encodeURIComponent(resp.id)}`);
      return;
    }
    showCreated({ ...resp, request: req }, choices);
    refreshLists();
  } catch (err) {
    el.error.textContent = capitalize(err.message);
  } finally {
    el.submit.disabled = false;
    el.submit.textContent = 'Create table';
  }
});

// showCreated hands out the links of a new table: play your own seats, invite the others.
function showCreated(resp, choices) {
  const t = resp.table;
  rememberOwn(resp, choices);
  const abs = (path) => new URL(path, location.origin).href;
  replace(el.created,
    h('h2', { id: 'created-title' }, `${t.title} table ready`),
    // Briefly, the variant and what differs from it; every option on hover.
    h('p', { class: 'muted', title: optionsText(t.options, t.seats.length) }, `${briefOptions(game, t.options, t.seats.length)}${settingsText(resp)}`),
    h('ul', { class: 'invites' }, resp.seats.map((s) => {
      if (s.bot) {
        return h('li', {}, h('span', { class: 'seat-no' }, String(s.seat + 1)), h('span', {}, s.name), h('span', { class: 'badge bot' }, `${s.bot} bot`));
      }
      if (choices[s.seat] === 'you') {
        // A seat taken as the account has no link: the table finds it by the session.
        const href = s.invite || `/t/${encodeURIComponent(resp.id)}`;
        return h('li', {}, h('span', { class: 'seat-no' }, String(s.seat + 1)), h('span', {}, s.name, h('span', { class: 'badge' }, 'you')),
          h('a', { class: 'button primary', href, 'data-seat': s.seat + 1 }, `Play as seat ${s.seat + 1}`));
      }
      const url = abs(s.invite);
      return h('li', { class: 'invite' }, h('span', { class: 'seat-no' }, String(s.seat + 1)), h('span', {}, s.name),
        h('input', { class: 'invite-link', readonly: true, value: url, 'aria-label': `Invite link for seat ${s.seat + 1}`, onfocus: (e) => e.target.select() }),
        copyButton(url, 'Copy invite'));
    })),
    h('p', { class: 'link-row' }, h('span', {}, 'Spectators: '), h('a', { href: resp.watch }, abs(resp.watch)), copyButton(abs(resp.watch), 'Copy')),
    // Only where there is an invite to send: a table of bots, or of your own seats, has none.
    resp.seats.some((s) => !s.bot && choices[s.seat] !== 'you')
      ? h('p', { class: 'muted small' }, 'Each invite link plays its seat: send it only to that player.') : null);
  el.created.hidden = false;
  el.created.scrollIntoView({ behavior: 'smooth', block: 'nearest' });
}

// rememberOwn keeps the links of the seats played in this browser, for "Your tables".
function rememberOwn(resp, choices) {
  const t = resp.table;
  for (const s of resp.seats) {
    if (s.token && choices[s.seat] === 'you') rememberSeat(resp.id, s.seat, s.token, { game: t.game, title: t.title });
  }
}

// settingsText describes the clock and rating a table was created with.
function settingsText(resp) {
  const clock = CLOCKS.find(([v]) => v === resp.request?.clock)?.[1];
  return `${clock ? ` · ${clock}` : ''}${resp.request?.rated ? ' · rated' : ''}`;
}

function optionsText(opts, seats) {
  return shownOptions(opts, seats).map(([k, v]) => `${k} ${v}`).join(' · ');
}

// tableOptionsText says a listed table's settings briefly (briefOptions), where optionsText
// lists every one.
function tableOptionsText(t) {
  return briefOptions(games.find((x) => x.name === t.game), t.options, t.seats.length);
}

const lastLists = {};

async function refreshLists() {
  const all = [];
  await Promise.all(Object.entries(el.lists).map(async ([status, list]) => {
    let tables;
    try {
      tables = await api.tables(status);
    } catch (err) {
      if (!lastLists[status]) replace(list, h('li', { class: 'muted' }, `Could not load: ${err.message}`));
      return;
    }
    all.push(...tables);
    const key = JSON.stringify(tables);
    if (lastLists[status] === key) return;
    lastLists[status] = key;
    replace(list, tables.length
      ? tables.slice(0, 20).map((t) => tableRow(t))
      : h('li', { class: 'muted empty' }, { open: 'No table is waiting for players.', live: 'No match is being played right now.', ended: 'No match has ended yet.' }[status]));
  }));
  const mine = await heldUnfinished(all);
  const held = await accountTables(new Set(mine.map((t) => t.id)));
  const key = JSON.stringify([mine.map((t) => [t.id, t.moves, t.status]), held]);
  if (lastLists.mine !== key) {
    lastLists.mine = key;
    el.minePanel.hidden = mine.length + held.length === 0;
    replace(el.mine, mine.map((t) => tableRow(t)), held.map((m) => accountRow(m)));
  }
}

// heldUnfinished returns the unfinished tables this browser holds seats at: asked for by ID, so
// that a table nobody has moved at for a while (no longer "Live now") is still there to resume;
// from the lists already loaded when the server cannot say.
async function heldUnfinished(listed) {
  const ids = heldTables();
  let tables = listed.filter((t) => seatsAt(t.id).length);
  if (ids.length) {
    try {
      tables = await api.tablesByID(ids);
    } catch {
      // Keep what the lists show.
    }
  }
  return tables.filter((t) => !isEnded(t));
}

// accountTables returns the unfinished tables the signed-in player holds a seat of by their
// account (a seek's, a rematch's, a rated table's), which this browser keeps no link to; those
// in skip are listed already.
async function accountTables(skip) {
  if (!me.name) return [];
  try {
    const p = await getJSON(`/api/users/${encodeURIComponent(me.name)}`);
    // The profile's unfinished tables, however many matches have finished since.
    return (p.unfinished || []).filter((m) => !skip.has(m.table));
  } catch {
    return [];
  }
}

// accountRow lists a table held by the account.
function accountRow(m) {
  const join = m.status === 'open' && !m.seated; // the others wait for this account's seat
  return h('li', { class: 'table-row', 'data-id': m.table },
    h('div', { class: 'table-main' },
      h('strong', {}, m.title),
      h('span', { class: 'muted small' }, m.rated ? ' rated' : ''),
      h('div', { class: 'table-players' }, `${me.name} vs ${m.opponent}`),
      // An open table held by the account waits for a seat to be taken (a rematch or a seek's
      // table): opening it takes the seat and starts the match, so say so, and say "Join".
      h('div', { class: 'muted small' }, !join ? (m.status === 'open' ? 'waiting for the other player' : 'being played')
        : `waiting for you: joining takes your seat${m.rated ? ' and starts a rated match' : ''}`)),
    h('div', { class: 'table-actions' }, h('a', { class: 'button small primary', href: `/t/${encodeURIComponent(m.table)}` }, join ? 'Join' : 'Resume'),
      // Ended as from a seat link, the account's session finding its seat: from any device.
      m.status === 'live' ? endButton(m.table, '', 'resign', 'Resign', `Resign your match of ${m.title} against ${m.opponent}?`)
        : !join ? endButton(m.table, '', 'cancel', 'Call off', `Call off this ${m.title} table? It is still waiting for ${m.opponent}.`) : null));
}

function tableRow(t) {
  const held = seatsAt(t.id);
  const players = versus(t.seats);
  const when = new Date(t.updated || t.created);
  const actions = [];
  if (!isEnded(t)) {
    for (const s of held) actions.push(h('a', { class: 'button small primary', href: seatLink(t.id, s.seat, s.token) }, held.length > 1 ? `Resume seat ${s.seat + 1}` : 'Resume'));
    actions.push(h('a', { class: 'button small', href: `/t/${encodeURIComponent(t.id)}` }, 'Watch'));
    const end = endAction(t, held);
    if (end) actions.push(end);
  } else if (t.status === 'finished') {
    actions.push(h('a', { class: 'button small', href: `/r/${encodeURIComponent(t.id)}` }, 'Replay'));
    actions.push(h('a', { class: 'button small quiet', href: `/t/${encodeURIComponent(t.id)}` }, 'Final view'));
  } else {
    actions.push(h('a', { class: 'button small quiet', href: `/t/${encodeURIComponent(t.id)}` }, 'Final view'));
  }
  return h('li', { class: 'table-row', 'data-id': t.id },
    h('div', { class: 'table-main' },
      h('strong', {}, t.title),
      h('span', { class: 'muted small', title: optionsText(t.options, t.seats.length) }, ` ${tableOptionsText(t)}`),
      h('div', { class: 'table-players' }, players),
      h('div', { class: 'muted small' }, endText(t) || (t.result?.over ? withNames(t.result.score, t.seats) : progressText(t)), ' · ', h('time', { datetime: when.toISOString() }, ago(when)))),
    h('div', { class: 'table-actions' }, actions));
}

// endAction is the button that ends a table this browser holds a seat at without opening it:
// resign a match under way, or call off a table still waiting for another player. A table
// waiting only for this browser's own seat gets none: taking the seat would start the match.
function endAction(t, held) {
  if (!held.length) return null;
  const mine = new Set(held.map((s) => s.seat));
  let kind;
  if (t.status === 'live') kind = 'resign';
  else if (t.status === 'open' && t.seats.some((s, i) => !mine.has(i) && !s.claimed)) kind = 'cancel';
  else return null;
  const label = kind === 'resign' ? 'Resign' : 'Call off';
  // Those still awaited: anyone seated may call the table off, the table's creator or not.
  const awaited = t.seats.flatMap((s, i) => (!mine.has(i) && !s.claimed && !s.bot ? [s.name || `seat ${i + 1}`] : []));
  const others = t.seats.some((s, i) => !mine.has(i) && s.claimed && !s.bot);
  const question = kind === 'resign' ? `Resign your match of ${t.title} (${versus(t.seats)})?`
    : `Call off this ${t.title} table? It is still waiting for ${awaited.join(' and ')}${others ? '; the players already seated lose it too' : ''}.`;
  return endButton(t.id, held[0].token, kind, label, question);
}

// endButton ends table id from the lobby, after question: kind is "resign" or "cancel", token
// the seat's ('' for the seat the signed-in account holds, which the session finds).
function endButton(id, token, kind, label, question) {
  return h('button', { type: 'button', class: 'small quiet', 'data-end': kind, onclick: async (e) => {
    if (!confirm(question)) return;
    const b = e.currentTarget;
    b.disabled = true;
    b.textContent = kind === 'resign' ? 'Resigning…' : 'Calling off…';
    try {
      await endFromLobby(id, token, kind);
    } catch (err) {
      alert(`${capitalize(err.message)}.`);
    }
    refreshLists();
  } }, label);
}

// endFromLobby sends kind ("resign" or "cancel") over the table's websocket with the seat's
// token, and resolves once the table has ended. A table found started meanwhile is not
// resigned in place of a call-off: the player opens it to decide.
function endFromLobby(id, token, kind) {
  return new Promise((resolve, reject) => {
    let sent = false;
    let sock = null;
    const finish = (err) => {
      clearTimeout(timer);
      sock.stop();
      if (err) reject(err);
      else resolve();
    };
    const timer = setTimeout(() => finish(new Error('the table did not answer in time: open it to end it')), 10_000);
    sock = new TableSocket(id, token, {
      onPresence(msg) {
        if (sent) return;
        sent = true;
        if (kind === 'cancel' && !msg.open) return finish(new Error('every player has come meanwhile: open the table to play or resign'));
        sock.send({ type: kind });
      },
      onUpdate(msg) {
        if (msg.result?.over) finish();
      },
      onError(msg) {
        finish(new Error(msg.error || 'the table refused'));
      },
    });
    sock.start();
  });
}

// progressText says where an unfinished table stands: whom an open table waits for (its moves
// so far are the deal, not play), or how far a live one is: its score, or else its moves (which
// count the deals and draws too, so that a match just begun has a dozen: the score says more).
function progressText(t) {
  if (t.status === 'open') {
    const missing = t.seats.filter((s) => !s.claimed).map((s) => s.name);
    return missing.length ? `waiting for ${missing.join(', ')}` : 'about to start';
  }
  // A live table's standing, saved with its moves: the score in the players' order.
  if (t.result?.score) return withNames(t.result.score, t.seats);
  return t.moves === 1 ? '1 move' : `${t.moves} moves`;
}

function isEnded(t) {
  return t.status === 'finished' || t.status === 'abandoned';
}

// endText says how an ended table ended (web/PROTOCOL.md, "Table lifecycle"), '' while it is
// being played.
export function endText(t) {
  const loser = t.result && t.result.winner >= 0 ? t.seats.find((_, i) => i % 2 !== t.result.winner % 2) : null;
  switch (t.ended) {
    case 'resigned': return `${loser ? loser.name : 'A player'} resigned`;
    case 'claimed': return `${loser ? loser.name : 'A player'} left; the win was claimed`;
    case 'time': return `${loser ? loser.name : 'A player'} ran out of time`;
    case 'expired': return 'Expired: nobody played for a long time';
    case 'cancelled': return 'Called off before every player came';
    case 'time limit': return 'Stopped: bot matches have a time limit';
    case 'unplayable': return 'Stopped: this server no longer plays this table';
  }
  if (t.status === 'abandoned') return 'Abandoned';
  return '';
}

function ago(d) {
  const s = Math.max(0, Math.round((Date.now() - d.getTime()) / 1000));
  if (s < 60) return 'just now';
  if (s < 3600) return `${Math.round(s / 60)} min ago`;
  if (s < 86400) return `${Math.round(s / 3600)} h ago`;
  return d.toLocaleDateString();
}

start();
