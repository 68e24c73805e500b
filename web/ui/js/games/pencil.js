// Tennis, the paper-and-pencil bidding game: the court strip with its fields and the ball, both
// players' points as bars, a bid slider with quick buttons and a preview of what the bid would
// do, and the history of the rounds. Player 1 always stands on the left, as the field numbers
// run -F..F from left to right.

import { h, s, replace, plural } from '../dom.js';
import { nameOf } from './common.js';

export function create(root, ctx) {
  return new PencilView(root, ctx);
}

// scoreText is the standing for the status bar.
export function scoreText(frame) {
  const v = frame.view;
  if (frame.result?.over) return frame.result.score;
  return `Round ${v.rounds.length + 1} · ball at ${position(v.ball)} · points ${v.points[0]}-${v.points[1]}`;
}

// push moves the ball after bids z1 (player 1) and z2 (player 2), as the rules do.
export function push(ball, z1, z2, jump) {
  if (z1 > z2) return jump && ball < 0 ? 1 : ball + 1;
  if (z1 < z2) return jump && ball > 0 ? -1 : ball - 1;
  return ball;
}

export function position(p) {
  return p > 0 ? `+${p}` : String(p);
}

const W = 800, H = 168;

class PencilView {
  constructor(root, ctx) {
    this.ctx = ctx;
    this.bid = null; // the bid the viewer has chosen, kept across updates
    this.round = -1;
    this.els = {
      strip: s('svg', { viewBox: `0 0 ${W} ${H}`, class: 'pc-court', role: 'img', 'aria-label': 'The court' }),
      points: h('div', { class: 'pc-points' }),
      bid: h('div', { class: 'pc-bid' }),
      history: h('div', { class: 'pc-history' }),
      secret: h('p', { class: 'pc-secret', hidden: true }),
    };
    // On a narrow screen the strip is drawn small: players, ball and labels grow to stay legible.
    this.k = 1;
    new ResizeObserver(() => {
      const k = this.els.strip.clientWidth && this.els.strip.clientWidth < 560 ? 1.8 : 1;
      if (k !== this.k) {
        this.k = k;
        if (this.frame) this.drawStrip(this.frame, this.frame.view);
      }
    }).observe(this.els.strip);
    replace(root, h('div', { class: 'pc' },
      this.els.strip,
      this.els.points,
      ctx.readOnly ? this.els.secret : this.els.bid,
      this.els.history));
  }

  update(frame) {
    this.frame = frame;
    const v = frame.view;
    if (this.round !== v.rounds.length) {
      this.round = v.rounds.length;
      this.bid = null;
    }
    this.drawStrip(frame, v);
    this.drawPoints(frame, v);
    // The bid controls are rebuilt only when the choice changes, so that an update (the other
    // player's secret bid) never interrupts a hand on the slider.
    const sig = JSON.stringify([(frame.legal || []).map((c) => c.text), frame.busy, frame.seat, v.rounds.length, v.points, v.awaiting, v.yourBid, Boolean(v.result), Boolean(frame.result?.over)]);
    if (!this.ctx.readOnly && sig !== this.bidSig) {
      this.bidSig = sig;
      this.drawBid(frame, v);
    }
    // A replay shows every seat's view: player 1's bid before player 2 has answered it.
    const bid = frame.views?.[0]?.yourBid;
    this.els.secret.hidden = bid === undefined || bid === null;
    if (!this.els.secret.hidden) {
      this.els.secret.textContent = `${nameOf(this.ctx, frame, 0)} has bid ${bid} for round ${v.rounds.length + 1}; ${nameOf(this.ctx, frame, 1)} has not seen it.`;
    }
    this.drawHistory(frame, v);
  }

  me(frame) {
    return frame.seat === 0 || frame.seat === 1 ? frame.seat : -1;
  }

  // outcome tells where the ball goes when the viewer bids b: if it outbids, is outbid or ties.
  outcome(v, me, b) {
    const opp = 1 - me;
    const win = me === 0 ? push(v.ball, 1, 0, v.jump) : push(v.ball, 0, 1, v.jump);
    const lose = me === 0 ? push(v.ball, 0, 1, v.jump) : push(v.ball, 1, 0, v.jump);
    const oppPoints = v.points[opp];
    const oppMin = oppPoints > 0 ? 1 : 0;
    return {
      win, lose,
      canWin: b > oppMin, // the opponent's lowest bid is 1 (0 when out of points)
      sureWin: b > oppPoints,
      canLose: oppPoints > b,
      canTie: oppPoints >= b && b >= oppMin,
      left: v.points[me] - b,
    };
  }

  drawStrip(frame, v) {
    const k = this.k;
    const F = v.fields;
    const pad = 64; // room for the players at the ends
    const unit = (W - 2 * pad) / (2 * F + 3);
    const xOf = (p) => W / 2 + p * unit; // positions -(F+1)..F+1
    const top = 40, bottom = 120, mid = (top + bottom) / 2;
    const parts = [s('rect', { class: 'pc-surround', x: 0, y: 0, width: W, height: H, rx: 14 })];
    // Beyond the field: out zones.
    parts.push(s('rect', { class: 'pc-out', x: xOf(-F - 1) - unit / 2, y: top, width: unit, height: bottom - top }));
    parts.push(s('rect', { class: 'pc-out', x: xOf(F + 1) - unit / 2, y: top, width: unit, height: bottom - top }));
    parts.push(s('rect', { class: 'pc-field', x: xOf(-F) - unit / 2, y: top, width: unit * (2 * F + 1), height: bottom - top }));
    for (let p = -F; p <= F + 1; p++) {
      const x = xOf(p) - unit / 2;
      parts.push(s('line', { class: 'pc-line', x1: x, y1: top, x2: x, y2: bottom }));
    }
    parts.push(s('line', { class: 'pc-line', x1: xOf(-F) - unit / 2, y1: top, x2: xOf(F) + unit / 2, y2: top }));
    parts.push(s('line', { class: 'pc-line', x1: xOf(-F) - unit / 2, y1: bottom, x2: xOf(F) + unit / 2, y2: bottom }));
    parts.push(s('line', { class: 'pc-net', x1: xOf(0), y1: top - 10, x2: xOf(0), y2: bottom + 10 }));
    for (let p = -F - 1; p <= F + 1; p++) {
      const label = Math.abs(p) === F + 1 ? 'out' : position(p);
      parts.push(s('text', { class: `pc-label${p === v.ball ? ' at' : ''}`, x: xOf(p), y: bottom + 14 + 14 * k, 'font-size': 15 * k }, label));
    }
    // Players at each end.
    const me = this.me(frame);
    for (const seat of [0, 1]) {
      const x = seat === 0 ? 32 : W - 32;
      const name = nameOf(this.ctx, frame, seat);
      const waiting = (frame.view.awaiting || []).includes(seat);
      parts.push(s('g', { class: `pc-player ${seat === me || (me < 0 && seat === 0) ? 'near' : 'far'}${waiting ? ' acting' : ''}`, transform: `translate(${x} ${mid}) scale(${k})` },
        waiting ? s('circle', { class: 'pc-halo', r: 22 }) : null,
        s('circle', { class: 'pc-avatar', r: 15 }),
        s('text', { class: 'pc-initial', y: 5 }, name.charAt(0).toUpperCase()),
        k === 1 ? s('text', { class: 'pc-name', y: top - mid - 12, 'text-anchor': seat === 0 ? 'start' : 'end', x: seat === 0 ? -16 : 16 }, name.length > 20 ? name.slice(0, 19) + '…' : name) : null));
    }
    // Preview of the chosen bid: where the ball goes if the viewer outbids.
    if (me >= 0 && this.bid !== null && !v.result && frame.legal?.length) {
      const o = this.outcome(v, me, this.bid);
      if (o.canWin) {
        parts.push(s('circle', { class: 'pc-ghost', cx: xOf(clampBeyond(o.win, F)), cy: mid, r: 13 * Math.min(k, 1.5) }));
        parts.push(s('path', { class: 'pc-arrow', d: arc(xOf(v.ball), xOf(clampBeyond(o.win, F)), mid - 16), 'marker-end': 'url(#pc-head)' }));
      }
    }
    parts.unshift(s('defs', {}, s('marker', { id: 'pc-head', viewBox: '0 0 10 10', refX: 8, refY: 5, markerWidth: 6, markerHeight: 6, orient: 'auto-start-reverse' },
      s('path', { d: 'M 0 0 L 10 5 L 0 10 z', class: 'pc-arrow-head' }))));
    const bx = xOf(clampBeyond(v.ball, F));
    parts.push(s('g', { class: 'pc-ball', transform: `translate(${bx} ${mid}) scale(${Math.min(k, 1.5)})` },
      s('ellipse', { class: 'pc-shadow', cx: 3, cy: 15, rx: 10, ry: 3.5 }),
      s('circle', { r: 12 }),
      s('path', { class: 'pc-seam', d: 'M -8 -8 Q 0 0 -8 8 M 8 -8 Q 0 0 8 8' })));
    replace(this.els.strip, parts);
    this.els.strip.setAttribute('aria-label', `The court: ball at ${position(v.ball)}, ${v.fields} fields a side`);
  }

  drawPoints(frame, v) {
    const max = Math.max(v.start[0], v.start[1], 1);
    replace(this.els.points, [0, 1].map((seat) => {
      const name = nameOf(this.ctx, frame, seat);
      const pts = v.points[seat];
      const near = seat === frame.seat || (frame.seat < 0 && seat === 0);
      return h('div', { class: `pc-bar-row ${near ? 'near' : 'far'}` },
        h('span', { class: 'pc-bar-name' }, name),
        h('span', { class: 'pc-bar', role: 'meter', 'aria-label': `${name}: ${pts} points left`, 'aria-valuemin': 0, 'aria-valuemax': v.start[seat], 'aria-valuenow': pts },
          h('span', { class: 'pc-bar-fill', style: `width:${(pts / max) * 100}%` })),
        h('span', { class: 'pc-bar-value' }, `${pts}`, h('span', { class: 'muted' }, ` / ${v.start[seat]}`)));
    }));
  }

  drawBid(frame, v) {
    const me = this.me(frame);
    const legal = frame.legal || [];
    if (me < 0) {
      replace(this.els.bid);
      return;
    }
    // A match ended early (resigned, claimed, expired) is over though its view has no result.
    const over = Boolean(v.result || frame.result?.over);
    this.els.bid.hidden = over;
    if (!legal.length) {
      const other = nameOf(this.ctx, frame, 1 - me);
      const mine = v.yourBid ?? (this.sent?.round === v.rounds.length ? this.sent.bid : null);
      const waiting = (v.awaiting || []).includes(1 - me);
      replace(this.els.bid, over ? null : h('div', { class: 'pc-wait' },
        h('span', { class: 'pc-wait-dots', 'aria-hidden': 'true' }, h('i'), h('i'), h('i')),
        h('p', {}, h('strong', {}, mine !== null && mine !== undefined ? `Your bid of ${mine} is in.` : 'Your bid is in.'),
          ' ', waiting ? `Waiting for ${other}'s bid.` : ''),
        h('p', { class: 'muted' }, 'Both bids are revealed together when the round is complete.')));
      return;
    }
    const bids = legal.map((c) => Number(c.text.replace(/^bid /, '')));
    const lo = Math.min(...bids), hi = Math.max(...bids);
    if (this.bid === null || this.bid < lo || this.bid > hi) this.bid = lo;
    const opp = 1 - me;
    const choiceFor = (b) => legal[bids.indexOf(b)];
    const send = (b) => {
      const c = choiceFor(b);
      if (!c) return;
      this.sent = { round: v.rounds.length, bid: b };
      this.ctx.play(c);
    };
    const set = (b) => {
      this.bid = Math.max(lo, Math.min(hi, Math.round(b)));
      slider.value = String(this.bid);
      number.value = String(this.bid);
      number.setCustomValidity('');
      invalid.hidden = true;
      if (this.sendButton) this.sendButton.disabled = frame.busy || undefined;
      this.refreshPreview(frame, v);
    };
    const oppPts = v.points[opp];
    const quick = [...new Set([lo, Math.min(hi, oppPts + 1), Math.ceil(hi / 4), Math.ceil(hi / 2), hi]
      .filter((b) => b >= lo && b <= hi))].sort((a, b) => a - b);

    const slider = h('input', {
      type: 'range', min: lo, max: hi, step: 1, value: this.bid, class: 'pc-slider',
      'aria-label': 'Your bid', 'data-focus-key': 'bid-slider', disabled: frame.busy || undefined,
      oninput: (e) => set(Number(e.target.value)),
    });
    const number = h('input', {
      type: 'number', min: lo, max: hi, step: 1, value: this.bid, class: 'pc-number', inputmode: 'numeric',
      'aria-label': 'Your bid (number)', 'data-focus-key': 'bid-number', disabled: frame.busy || undefined,
      oninput: (e) => {
        const b = Number(e.target.value);
        const ok = e.target.value.trim() !== '' && Number.isInteger(b) && b >= lo && b <= hi;
        // A number the bid cannot be is said at once, and nothing can be sent until it is fixed:
        // the button never sends another bid than the one typed.
        number.setCustomValidity(ok ? '' : `Bid a whole number from ${lo} to ${hi}`);
        invalid.textContent = ok ? '' : `${e.target.value.trim() || 'Nothing'} is not a bid you can make: bid a whole number from ${lo} to ${hi}.`;
        invalid.hidden = ok;
        if (this.sendButton) this.sendButton.disabled = !ok || frame.busy || undefined;
        if (ok) {
          this.bid = b;
          slider.value = String(b);
          this.refreshPreview(frame, v);
        }
      },
      onkeydown: (e) => {
        if (e.key === 'Enter') {
          e.preventDefault();
          const b = Number(number.value);
          if (choiceFor(b)) send(b);
          else number.setCustomValidity(`Bid from ${lo} to ${hi}`), number.reportValidity();
        }
      },
    });
    const invalid = h('p', { class: 'form-error pc-invalid', role: 'alert', hidden: true });
    this.previewEl = h('div', { class: 'pc-preview', 'aria-live': 'polite' });
    replace(this.els.bid,
      h('div', { class: 'pc-bid-head' },
        h('strong', {}, `Your bid for round ${v.rounds.length + 1}`),
        h('span', { class: 'muted' }, lo === hi ? `only ${lo} is possible` : `${lo} to ${hi}`, lo === hi ? null : h('span', { class: 'keys-hint' }, ' · keys 1–9 bid 1–9'))),
      // The other player's bid, once in, is waiting for this one (its amount stays secret).
      v.awaiting && !v.awaiting.includes(opp) ? h('p', { class: 'pc-their-bid' }, `${nameOf(this.ctx, frame, opp)} has bid: yours completes the round.`) : null,
      h('div', { class: 'pc-bid-controls' },
        slider, number,
        h('button', { type: 'button', class: 'primary pc-send', 'data-focus-key': 'bid-send', 'data-move': 'bid', disabled: frame.busy || undefined, onclick: () => send(this.bid) }, `Bid ${this.bid}`)),
      invalid,
      h('div', { class: 'pc-quick', role: 'group', 'aria-label': 'Quick bids' }, quick.map((b) => h('button', {
        type: 'button', class: `chip${b === this.bid ? ' chosen' : ''}`, 'data-focus-key': `quick:${b}`, 'data-bid': b, disabled: frame.busy || undefined,
        onclick: () => set(b),
      }, b === hi && b > 1 ? `all ${b}` : b === oppPts + 1 && oppPts > 0 ? `${b} (beats all)` : String(b)))),
      this.previewEl);
    this.sendButton = this.els.bid.querySelector('.pc-send');
    this.refreshPreview(frame, v);
  }

  refreshPreview(frame, v) {
    const me = this.me(frame);
    const opp = 1 - me;
    const F = v.fields;
    const b = this.bid;
    const o = this.outcome(v, me, b);
    const oppName = nameOf(this.ctx, frame, opp);
    const where = (p) => (Math.abs(p) > F
      ? ((p > 0) === (me === 0) ? 'beyond their field — you win the match' : 'beyond your field — you lose the match')
      : `to ${position(p)}`);
    if (this.sendButton) this.sendButton.textContent = `Bid ${b}`;
    for (const chip of this.els.bid.querySelectorAll('.chip')) {
      chip.classList.toggle('chosen', Number(chip.dataset.bid) === b);
    }
    const lines = [];
    if (o.canWin) lines.push(h('li', { class: 'good' }, `If you outbid ${oppName}, the ball moves ${where(o.win)}.`));
    const more = b + 1 === v.points[opp] ? `${b + 1}` : `${b + 1} to ${v.points[opp]}`;
    if (o.canLose) lines.push(h('li', { class: 'bad' }, `If ${oppName} bids more (${more}), the ball moves ${where(o.lose)}.`));
    if (o.canTie) lines.push(h('li', {}, `A tie at ${b} leaves the ball at ${position(v.ball)}.`));
    if (o.sureWin) lines.push(h('li', { class: 'good' }, `${oppName} has only ${v.points[opp]} ${v.points[opp] === 1 ? 'point' : 'points'}: this bid wins the round.`));
    replace(this.previewEl,
      h('p', {}, `${oppName} has ${plural(v.points[opp], 'point')} left; after this bid you keep ${o.left}.`),
      h('ul', {}, lines));
    // Redraw the ghost ball for the new bid.
    this.drawStrip(frame, v);
  }

  drawHistory(frame, v) {
    if (!v.rounds.length) {
      replace(this.els.history, h('p', { class: 'muted' }, 'No rounds played yet. Bids are revealed together when both are in.'));
      return;
    }
    const n0 = nameOf(this.ctx, frame, 0), n1 = nameOf(this.ctx, frame, 1);
    const rows = v.rounds.map((r, i) => {
      const prev = i === 0 ? 0 : v.rounds[i - 1].ball;
      const win = r.bids[0] > r.bids[1] ? 0 : r.bids[1] > r.bids[0] ? 1 : -1;
      return h('tr', {},
        h('td', {}, String(i + 1)),
        h('td', { class: win === 0 ? 'won' : '' }, String(r.bids[0])),
        h('td', { class: win === 1 ? 'won' : '' }, String(r.bids[1])),
        h('td', {}, `${position(prev)} → ${position(r.ball)}`),
        h('td', {}, String(r.points[0])),
        h('td', {}, String(r.points[1])));
    }).reverse();
    replace(this.els.history, h('table', { class: 'pc-rounds' },
      h('caption', {}, 'Rounds (latest first)'),
      // Two rows of headings, the players' names under "Bids" and "Points left", so that the
      // table fits a phone's width (one row of "medium bot's bid"... ran off its edge).
      h('thead', {},
        h('tr', {}, h('th', { scope: 'col', rowspan: '2' }, '#'), h('th', { scope: 'colgroup', colspan: '2', class: 'group' }, 'Bids'),
          h('th', { scope: 'col', rowspan: '2' }, 'Ball'), h('th', { scope: 'colgroup', colspan: '2', class: 'group' }, 'Points left')),
        h('tr', {}, [n0, n1, n0, n1].map((n) => h('th', { scope: 'col', class: 'name', title: n }, n)))),
      h('tbody', {}, rows)));
  }
}

function clampBeyond(p, F) {
  return Math.max(-F - 1, Math.min(F + 1, p));
}

function arc(x1, x2, y) {
  return `M ${x1} ${y} Q ${(x1 + x2) / 2} ${y - 34} ${x2} ${y}`;
}
