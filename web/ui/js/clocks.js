// The table's clocks, as every update sends them: each seat's time when the update was made,
// counted down here for the running ones. The server decides when time is up.

import { h, replace } from './dom.js';
import { postJSON } from './api.js';

function format(ms, kind) {
  const t = Math.max(0, ms);
  if (kind === 'correspondence' && t >= 3600_000) {
    const hours = Math.floor(t / 3600_000);
    return hours >= 24 ? `${Math.floor(hours / 24)}d ${hours % 24}h` : `${hours}h ${Math.floor(t / 60_000) % 60}m`;
  }
  const s = Math.ceil(t / 1000);
  const m = Math.floor(s / 60);
  return `${m}:${String(s % 60).padStart(2, '0')}${t < 10_000 && t > 0 ? `.${Math.floor((t % 1000) / 100)}` : ''}`;
}

export class Clocks {
  // mini, if given, shows the times again in one line (the status's, which stays on a phone's
  // screen when the clocks have scrolled away).
  constructor(root, tableId, token, mini = null) {
    this.root = root;
    this.mini = mini;
    this.tableId = tableId;
    this.token = token;
    this.clock = null;
    this.at = 0;
    this.over = false;
    this.timer = 0;
  }

  // show takes the clocks of an update; seats are the table's seats, seat the viewer's.
  show(update, seats, seat) {
    this.clock = update.clock || null;
    this.over = !!update.result?.over;
    this.at = performance.now();
    this.seats = seats || [];
    this.seat = seat;
    this.root.hidden = !this.clock;
    if (this.mini) this.mini.hidden = !this.clock || this.over;
    if (!this.clock) return;
    this.draw();
    clearInterval(this.timer);
    if (!this.over && this.clock.running?.length) this.timer = setInterval(() => this.draw(), 100);
  }

  left(i) {
    const c = this.clock;
    const running = !this.over && c.running?.includes(i);
    return c.left[i] - (running ? performance.now() - this.at : 0);
  }

  draw() {
    const c = this.clock;
    // The viewer's own clock first and called "You", as the boards put the viewer first.
    const order = c.left.map((_, i) => i).sort((a, b) => (b === this.seat) - (a === this.seat));
    const rows = order.map((i) => {
      const ms = this.left(i);
      const running = !this.over && c.running?.includes(i);
      return h('div', { class: `clock${running ? ' running' : ''}${ms < 10_000 ? ' low' : ''}${i === this.seat ? ' mine' : ''}`, dataset: { seat: i } },
        h('span', { class: 'clock-name' }, i === this.seat ? 'You' : this.seats[i]?.name || `seat ${i + 1}`),
        h('span', { class: 'clock-time' }, format(ms, c.kind)));
    });
    let claim = null;
    if (c.kind === 'correspondence' && !this.over && this.seat >= 0 && c.left.some((_, i) => i !== this.seat && this.left(i) <= 0)) {
      claim = h('button', { class: 'small primary', onclick: () => postJSON(`/api/tables/${encodeURIComponent(this.tableId)}/claim-time`, { token: this.token }).catch(() => {}) }, 'Claim the win on time');
    }
    replace(this.root, h('span', { class: 'muted small' }, c.control), rows, claim);
    if (this.mini) {
      replace(this.mini, order.map((i) => {
        const ms = this.left(i);
        const running = !this.over && c.running?.includes(i);
        return h('span', { class: `${running ? 'running' : ''}${ms < 10_000 ? ' low' : ''}`.trim() || null },
          `${i === this.seat ? 'You' : this.seats[i]?.name || `seat ${i + 1}`} ${format(ms, c.kind)}`);
      }));
    }
  }
}
