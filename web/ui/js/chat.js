// A table's chat: the players' room for players, the spectators' for everyone else. Lines are
// text, never HTML: they are put into the page with textContent. A player may mute a seat.

import { h, replace } from './dom.js';
import { loadObject, saveObject } from './stored.js';

const MAX = 300;

// Mutes are kept in this browser, by table: a mute answers one match's chat, and a guest has no
// account to keep it with, while a signed-in player on another device is one reload away from
// muting again. The server keeps none: a connection tells it its mutes after every welcome.
// The most recent MUTED_TABLES tables are kept, so the list has an end.
const MUTES_KEY = 'deuce.mutes';
const MUTED_TABLES = 100;

function loadMutes() {
  return loadObject(MUTES_KEY);
}

// mutesOf returns the seats muted at a table in this browser.
export function mutesOf(table) {
  const seats = loadMutes()[table];
  return new Set(Array.isArray(seats) ? seats.filter((x) => Number.isInteger(x) && x >= 0) : []);
}

function saveMutes(table, muted) {
  const all = loadMutes();
  delete all[table]; // re-added last: the most recent table
  if (muted.size) all[table] = [...muted].sort();
  const keys = Object.keys(all);
  for (const k of keys.slice(0, Math.max(0, keys.length - MUTED_TABLES))) delete all[k];
  saveObject(MUTES_KEY, all);
}

export class Chat {
  // notice, if given, is a button shown when a line comes while the chat is out of sight.
  constructor(root, socket, table, notice = null) {
    this.root = root;
    this.notice = notice;
    this.unread = 0;
    if (notice) {
      notice.addEventListener('click', () => {
        this.root.scrollIntoView({ block: 'center' });
        this.input.focus({ preventScroll: true });
        this.seen();
      });
      addEventListener('scroll', () => { if (this.unread && this.inView()) this.seen(); }, { passive: true });
    }
    document.addEventListener('visibilitychange', () => {
      if (document.hidden) return;
      document.title = untold(document.title);
      if (this.inView()) this.seen();
    });
    this.socket = socket;
    this.table = table;
    this.seat = -3;
    this.seats = [];
    this.muted = mutesOf(table);
    this.lines = root.querySelector('.chat-lines');
    this.form = root.querySelector('form');
    this.input = root.querySelector('input');
    this.mutes = root.querySelector('.chat-mutes');
    this.title = root.querySelector('h2');
    this.input.maxLength = MAX;
    // Near the limit, the characters left, so that a long line does not stop without a word.
    this.left = document.createElement('span');
    this.left.className = 'chat-left muted small';
    this.left.setAttribute('aria-live', 'polite');
    this.form.append(this.left);
    const count = () => {
      const n = MAX - this.input.value.length;
      this.left.textContent = n <= 40 ? `${n} left` : '';
    };
    this.input.addEventListener('input', count);
    this.form.addEventListener('submit', (e) => {
      e.preventDefault();
      const text = this.input.value.trim();
      if (!text) return;
      if (this.socket.send({ type: 'chat', text })) this.input.value = '';
      count();
    });
  }

  // welcome starts afresh: the server sends the room's last lines on every connection.
  welcome(seat, seats) {
    this.seat = seat;
    this.seats = seats;
    this.lines.replaceChildren();
    this.title.textContent = seat >= 0 ? chatTitle(seat, seats) : 'Spectators\u2019 chat';
    // A player whose every opponent is a bot has nobody to chat with.
    this.root.hidden = seat >= 0 && seats.every((s, i) => i === seat || s.bot);
    if (seat < 0) this.muted = new Set(); // a spectator mutes nobody
    for (const i of this.muted) if (i === seat || i >= seats.length) this.muted.delete(i);
    this.drawMutes();
    // Mutes belong to the connection: a new one is told them again.
    for (const i of this.muted) this.socket.send({ type: 'mute', seat: i, muted: true });
  }

  drawMutes() {
    if (this.seat < 0) return replace(this.mutes);
    replace(this.mutes, this.seats.map((s, i) => (i === this.seat || s.bot ? null : h('label', { class: 'check small' },
      h('input', { type: 'checkbox', checked: this.muted.has(i), 'data-mute': i, onchange: (e) => {
        if (e.target.checked) this.muted.add(i); else this.muted.delete(i);
        saveMutes(this.table, this.muted);
        this.socket.send({ type: 'mute', seat: i, muted: e.target.checked });
        for (const li of this.lines.querySelectorAll(`li[data-seat="${i}"]`)) li.hidden = e.target.checked;
      } }), `Mute ${s.name}`))));
  }

  add(msg) {
    // The room's last lines come before the server has heard this connection's mutes.
    const hide = this.seat >= 0 && Number.isInteger(msg.seat) && this.muted.has(msg.seat);
    const at = new Date(msg.at);
    const li = h('li', { class: msg.seat === this.seat ? 'mine' : '', 'data-seat': Number.isInteger(msg.seat) ? msg.seat : null, hidden: hide },
      h('time', { class: 'muted small', datetime: msg.at }, at.toLocaleTimeString([], { hour: '2-digit', minute: '2-digit' })), ' ',
      h('strong', {}, msg.name), ': ',
      h('span', { class: 'chat-text', text: msg.text }));
    this.lines.append(li);
    while (this.lines.children.length > 200) this.lines.firstChild.remove();
    this.lines.scrollTop = this.lines.scrollHeight;
    // A new line of someone else's, the chat out of sight (below the board, or another tab):
    // the status offers to go to it, and the tab's title counts the lines.
    const mine = this.seat >= 0 && msg.seat === this.seat;
    if (!msg.history && !mine && !hide && (document.hidden || !this.inView())) {
      this.unread++;
      if (this.notice && !this.inView()) {
        this.notice.textContent = this.unread === 1 ? `New chat line from ${msg.name}` : `${this.unread} new chat lines`;
        this.notice.hidden = false;
      }
      if (document.hidden) document.title = `(${this.unread}) ${untold(document.title)}`;
    }
  }

  // inView reports whether the chat's lines are on the screen.
  inView() {
    if (this.root.hidden) return false;
    const r = this.lines.getBoundingClientRect();
    return r.bottom > 0 && r.top < innerHeight;
  }

  // seen clears the count of new lines.
  seen() {
    this.unread = 0;
    if (this.notice) this.notice.hidden = true;
    document.title = untold(document.title);
  }
}

// untold is a page title without the count of new chat lines put before it.
function untold(title) {
  return title.replace(/^\(\d+\) /, '');
}

// chatTitle names whom seat chats with: its opponent at a table of two; at a table of teams
// (seats 1 and 3 against 2 and 4, or 1 and 3 against 2) its partner when the other people are
// all on its side, else the players.
export function chatTitle(seat, seats) {
  const people = seats.map((s, i) => (i === seat || s.bot ? -1 : i)).filter((i) => i >= 0);
  if (seats.length <= 2) return 'Chat with your opponent';
  return people.length && people.every((i) => i % 2 === seat % 2) ? 'Chat with your partner' : 'Chat with the players';
}
