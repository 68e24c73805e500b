// A table's chat: the players' room for players, the spectators' for everyone else. Lines are
// text, never HTML: they are put into the page with textContent. A player may mute a seat.

import { h, replace } from './dom.js';

const MAX = 300;

export class Chat {
  constructor(root, socket) {
    this.root = root;
    this.socket = socket;
    this.seat = -3;
    this.seats = [];
    this.muted = new Set();
    this.lines = root.querySelector('.chat-lines');
    this.form = root.querySelector('form');
    this.input = root.querySelector('input');
    this.mutes = root.querySelector('.chat-mutes');
    this.title = root.querySelector('h2');
    this.input.maxLength = MAX;
    this.form.addEventListener('submit', (e) => {
      e.preventDefault();
      const text = this.input.value.trim();
      if (!text) return;
      if (this.socket.send({ type: 'chat', text })) this.input.value = '';
    });
  }

  // welcome starts afresh: the server sends the room's last lines on every connection.
  welcome(seat, seats) {
    this.seat = seat;
    this.seats = seats;
    this.lines.replaceChildren();
    this.title.textContent = seat >= 0 ? 'Chat with your opponent' : 'Spectators\u2019 chat';
    this.drawMutes();
    // Mutes belong to the connection: a new one is told them again.
    for (const i of this.muted) this.socket.send({ type: 'mute', seat: i, muted: true });
  }

  drawMutes() {
    if (this.seat < 0) return replace(this.mutes);
    replace(this.mutes, this.seats.map((s, i) => (i === this.seat || s.bot ? null : h('label', { class: 'check small' },
      h('input', { type: 'checkbox', checked: this.muted.has(i), onchange: (e) => {
        if (e.target.checked) this.muted.add(i); else this.muted.delete(i);
        this.socket.send({ type: 'mute', seat: i, muted: e.target.checked });
      } }), `Mute ${s.name}`))));
  }

  add(msg) {
    const at = new Date(msg.at);
    const li = h('li', { class: msg.seat === this.seat ? 'mine' : '' },
      h('time', { class: 'muted small', datetime: msg.at }, at.toLocaleTimeString([], { hour: '2-digit', minute: '2-digit' })), ' ',
      h('strong', {}, msg.name), ': ',
      h('span', { class: 'chat-text', text: msg.text }));
    this.lines.append(li);
    while (this.lines.children.length > 200) this.lines.firstChild.remove();
    this.lines.scrollTop = this.lines.scrollHeight;
  }
}
