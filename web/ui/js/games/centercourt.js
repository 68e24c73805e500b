// Center Court: a tennis court seen from above with both players, the ball and its Volley
// Value, the draw and discard piles, the opponent's hand face down and the viewer's hand as
// cards to play. The viewer stands on the left (seat 1 for spectators and replays).

import { h, s, replace, plural, capitalize } from '../dom.js';
import { moveButton, nameOf, stoppedText, stoppedEarly } from './common.js';

// Faces of the Service Die (1, 1, 2, 5, 6, 6) showing each value: a serve faults when the die
// shows the value served.
const DIE_FACES = { 1: 2, 2: 1, 3: 0, 4: 0, 5: 1, 6: 2 };

// faultRisk says how likely a serve of value v faults: "2/6", "1/6" or "none".
export function faultRisk(v) {
  const n = DIE_FACES[v] || 0;
  return n ? `${n}/6` : 'none';
}

// cardsToReturn is how many cards of value w return Volley Value v: one of the same value, or
// 1 + |v - w| of another.
export function cardsToReturn(v, w) {
  return 1 + Math.abs(v - w);
}

// parseMove reads the notation of a legal move: "serve 4", "return 5-5", "concede".
export function parseMove(text) {
  let m = /^serve (\d)$/.exec(text);
  if (m) return { kind: 'serve', value: Number(m[1]), count: 1 };
  m = /^return (\d)((?:-\d)*)$/.exec(text);
  if (m) return { kind: 'return', value: Number(m[1]), count: 1 + (m[2].match(/-/g) || []).length };
  if (text === 'concede') return { kind: 'concede' };
  return { kind: 'other' };
}

// Court geometry in SVG units: a doubles court 23.77 m by 10.97 m at 26.93 units a metre.
const W = 800, H = 360;
const M = 26.93;
const X0 = 80, X1 = 720, NET = 400;
const Y0 = (H - 10.97 * M) / 2, Y1 = H - Y0, MID = H / 2;
const SINGLES = 1.37 * M; // alley width
const SERVICE = 6.4 * M; // net to service line

const counts = (hand) => {
  const c = [0, 0, 0, 0, 0, 0, 0];
  for (const w of hand || []) c[w]++;
  return c;
};

export function create(root, ctx) {
  return new CenterCourtView(root, ctx);
}

// scoreText is the score line of the status bar.
export function scoreText(frame) {
  return frame.view?.score || frame.result?.score || '';
}

class CenterCourtView {
  constructor(root, ctx) {
    this.ctx = ctx;
    this.selected = 0; // the card value the viewer is looking at
    this.frame = null;
    this.els = {
      board: h('div', { class: 'cc-scoreboard', 'aria-label': 'Scoreboard' }),
      far: h('div', { class: 'cc-hand-row cc-far' }),
      dyn: s('g', { class: 'cc-dynamic' }),
      piles: h('div', { class: 'cc-piles' }),
      near: h('div', { class: 'cc-hand-row cc-near' }),
      preview: h('div', { class: 'cc-preview', 'aria-live': 'polite' }),
      moves: h('div', { class: 'moves', role: 'group', 'aria-label': 'Your moves' }),
      caption: h('p', { class: 'cc-caption' }),
    };
    const court = s('svg', { viewBox: `0 0 ${W} ${H}`, class: 'cc-court', role: 'img', 'aria-label': 'The court' },
      courtLines(), this.els.dyn);
    this.els.actions = ctx.readOnly ? null : h('div', { class: 'cc-actions' }, this.els.moves, this.els.preview);
    replace(root, h('div', { class: 'cc' },
      h('div', { class: 'cc-top' }, this.els.board, this.els.far),
      h('div', { class: 'cc-court-wrap' }, court, this.els.caption),
      this.els.piles,
      this.els.near,
      this.els.actions));
    this.sigs = {};
    // On a narrow screen the court is drawn small: players, ball and labels grow to stay legible.
    this.k = 1;
    new ResizeObserver(() => {
      const k = court.clientWidth && court.clientWidth < 560 ? 1.8 : 1;
      if (k !== this.k) {
        this.k = k;
        this.sigs.court = '';
        if (this.frame) this.update(this.frame);
      }
    }).observe(court);
  }

  // once runs draw unless what it depends on is unchanged since its last run, so that an update
  // leaves untouched the parts it does not change (and the card under the pointer stays put).
  once(part, deps, draw) {
    const sig = JSON.stringify(deps);
    if (this.sigs[part] === sig) return;
    this.sigs[part] = sig;
    draw();
  }

  update(frame) {
    this.frame = frame;
    const v = frame.view;
    // The viewer stands on the left; spectators and replays watch from player 1's side.
    this.near = frame.seat === 0 || frame.seat === 1 ? frame.seat : 0;
    this.far = 1 - this.near;
    // A move on its way starts the next choice afresh.
    if (frame.busy) this.selected = 0;
    const legal = (frame.legal || []).map((c) => c.text);
    const hands = [0, 1].map((seat) => this.hand(frame, seat));
    this.once('board', [v.tennis, v.server, v.secondServe, v.format, frame.seat], () => this.drawScoreboard(frame, v));
    this.once('court', [v, frame.seat, Boolean(frame.result?.over)], () => this.drawCourt(frame, v));
    this.once('piles', [v.table, v.discards, v.drawPile, v.reshuffles], () => this.drawPiles(v));
    this.once('hands', [hands, v.handSizes, v.phase, v.volley, this.selected, legal, frame.busy, frame.seat], () => this.drawHands(frame, v));
    if (!this.ctx.readOnly) {
      this.els.actions.hidden = v.phase === 'over' || stoppedEarly(frame, false);
      this.once('preview', [v.phase, v.next, v.volley, v.secondServe, v.hand, this.selected, legal, frame.busy], () => this.drawPreview(frame, v));
      this.once('moves', [legal, frame.busy], () => this.drawMoves(frame, v));
    }
  }

  // hand returns the cards of seat when the frame shows them.
  hand(frame, seat) {
    if (frame.views) return frame.views[seat]?.hand || [];
    if (seat === frame.seat) return frame.view.hand || [];
    return null;
  }

  drawScoreboard(frame, v) {
    const t = v.tennis || {};
    const sets = t.sets || [];
    const rows = [this.near, this.far].map((seat) => {
      const serving = !t.over && v.server === seat;
      const won = t.over && t.winner === seat;
      return h('div', { class: `sb-row ${seat === this.near ? 'near' : 'far'}${won ? ' won' : ''}` },
        h('span', { class: 'sb-serve', title: serving ? 'serving' : '' }, serving ? ballIcon() : null),
        h('span', { class: 'sb-name' }, nameOf(this.ctx, frame, seat), won ? h('span', { class: 'sb-check', 'aria-label': 'winner' }, ' ✓') : null),
        sets.map((set) => h('span', { class: 'sb-set' }, String(set.games[seat]),
          set.tiebreak && set.tiebreakPoints ? h('sup', {}, String(set.tiebreakPoints[seat])) : null)),
        h('span', { class: 'sb-points' }, t.points?.[seat] ?? ''));
    });
    const label = v.format === 'tiebreak' ? 'Tiebreak to 7' : capitalize(v.format.replaceAll('-', ' '));
    replace(this.els.board, h('div', { class: 'sb-head' },
      h('span', {}, label),
      t.tiebreak && v.format !== 'tiebreak' ? h('span', { class: 'sb-flag' }, 'Tiebreak') : null,
      v.secondServe && (['second serve', 'service die'].includes(v.phase) || v.next === 'second serve') ? h('span', { class: 'sb-flag warn' }, 'Second serve') : null,
      t.changeEnds ? h('span', { class: 'sb-flag' }, 'Change ends') : null),
    rows);
  }

  // geometry places both players and the ball for the phase in play.
  geometry(v) {
    const sideX = (seat, depth) => (seat === this.near ? X0 - depth : X1 + depth);
    const t = v.tennis || {};
    // Points played in the game decide the side of the serve: even from the deuce court (the
    // server's right), odd from the ad court.
    const pts = (t.points || []).map((p) => (p === 'Ad' ? 4 : { 0: 0, 15: 1, 30: 2, 40: 3 }[p] ?? Number(p) ?? 0));
    const deuce = ((pts[0] || 0) + (pts[1] || 0)) % 2 === 0;
    // Facing the net from the left the right hand points down the page; from the right, up.
    const rightY = (seat, off) => (seat === this.near ? MID + off : MID - off);
    const servePhase = ['serving', 'second serve', 'service die'].includes(v.phase) ||
      (v.phase === 'drawing' && v.next !== 'returning') || v.phase === 'dealing';
    const pos = {};
    for (const seat of [0, 1]) {
      if (servePhase) {
        const off = deuce ? 42 : -42;
        const server = seat === v.server;
        pos[seat] = { x: sideX(seat, server ? 22 : -6), y: rightY(seat, server ? off : off * 1.5) };
      } else {
        pos[seat] = { x: sideX(seat, 8), y: MID + (seat === this.near ? 18 : -18) };
      }
    }
    let ball = null;
    let from = null;
    const striker = v.phase === 'drawing' ? v.striker : v.toMove;
    if (v.phase === 'serving' || v.phase === 'second serve' ||
        (v.phase === 'drawing' && v.next !== 'returning')) {
      const p = pos[v.server];
      ball = { x: p.x + (v.server === this.near ? 26 : -26), y: p.y - 10 };
    } else if (v.phase === 'service die') {
      // The serve lands in the receiver's box diagonally across.
      const receiver = 1 - v.server;
      const boxX = receiver === this.near ? NET - SERVICE / 2 : NET + SERVICE / 2;
      const off = deuce ? 52 : -52;
      ball = { x: boxX, y: rightY(receiver, off) };
      from = pos[v.server];
    } else if ((v.phase === 'returning' || v.phase === 'drawing') && v.volley > 0 && striker >= 0) {
      ball = { x: striker === this.near ? NET - 150 : NET + 150, y: MID + (striker === this.near ? 50 : -50) };
      from = pos[1 - striker];
    }
    return { pos, ball, from, deuce };
  }

  drawCourt(frame, v) {
    const g = this.geometry(v);
    const k = this.k;
    const parts = [];
    if (g.ball && g.from) {
      parts.push(s('path', {
        class: 'cc-path',
        d: `M ${g.from.x} ${g.from.y} Q ${(g.from.x + g.ball.x) / 2} ${Math.min(g.from.y, g.ball.y) - 70} ${g.ball.x} ${g.ball.y}`,
      }));
    }
    for (const seat of [this.near, this.far]) {
      const p = g.pos[seat];
      const me = seat === this.near;
      const name = nameOf(this.ctx, frame, seat);
      const serving = v.server === seat && v.phase !== 'over';
      const acting = v.toMove === seat || (v.phase === 'drawing' && v.striker === seat);
      const won = v.phase === 'over' && v.tennis?.winner === seat;
      parts.push(s('g', { class: `cc-player ${me ? 'near' : 'far'}${acting ? ' acting' : ''}${won ? ' won' : ''}`, transform: `translate(${p.x} ${p.y}) scale(${k})` },
        acting ? s('circle', { class: 'cc-halo', r: 24 }) : null,
        s('circle', { class: 'cc-avatar', r: 16 }),
        s('text', { class: 'cc-initial', y: 5.5 }, initial(name)),
        k === 1 ? s('text', { class: 'cc-name', y: me === (p.y > MID) ? 36 : -26 }, clip(name, 14)) : null,
        serving ? s('text', {
          class: 'cc-serving', y: (me === (p.y > MID) ? 52 : -42) - (k === 1 ? 0 : 16) * (me === (p.y > MID) ? 1 : -1),
          x: k === 1 ? 0 : me ? -16 : 16, 'text-anchor': k === 1 ? 'middle' : me ? 'start' : 'end',
        }, 'SERVING') : null));
    }
    if (v.phase === 'service die' || this.showRoll(v)) {
      const p = g.pos[v.server];
      const face = v.phase === 'service die' ? 0 : v.lastRoll.face;
      // The die goes on the side of the avatar away from its name and SERVING label, its
      // verdict beyond it, so that nothing covers the label.
      const labelsBelow = (v.server === this.near) === (p.y > MID);
      const up = labelsBelow ? -1 : 1;
      parts.push(die(p.x + (v.server === this.near ? 30 : -30) * k, p.y + up * 30 * k, k, face,
        v.phase === 'service die' ? '' : (v.lastRoll.fault ? 'fault' : 'in'), up));
    }
    if (g.ball) {
      parts.push(s('g', { class: 'cc-ball', transform: `translate(${g.ball.x} ${g.ball.y}) scale(${k})` },
        s('ellipse', { class: 'cc-shadow', cx: 4, cy: 9, rx: 8, ry: 3.5 }),
        s('circle', { r: 8 }),
        s('path', { class: 'cc-seam', d: 'M -5.5 -5.5 Q 0 0 -5.5 5.5 M 5.5 -5.5 Q 0 0 5.5 5.5' })));
    }
    if (v.volley > 0 && g.ball) {
      const bx = g.ball.x, by = g.ball.y - 40 * k;
      parts.push(s('g', { class: 'cc-volley', transform: `translate(${bx} ${by}) scale(${k})` },
        s('rect', { x: -34, y: -18, width: 68, height: 36, rx: 8 }),
        s('text', { class: 'cc-volley-label', y: -5 }, 'VOLLEY'),
        s('text', { class: 'cc-volley-value', y: 13 }, String(v.volley))));
    }
    if (v.phase === 'over') {
      const winner = v.tennis?.winner;
      parts.push(s('g', { class: 'cc-banner', transform: `translate(${NET} ${MID}) scale(${Math.min(k, 1.5)})` },
        s('rect', { x: -140, y: -26, width: 280, height: 52, rx: 12 }),
        s('text', { y: 8 }, winner === frame.seat ? 'You win the match' : `${capitalize(clip(nameOf(this.ctx, frame, winner), 16))} wins`)));
    }
    replace(this.els.dyn, parts);
    this.els.caption.textContent = caption(frame, v, (seat) => (seat === frame.seat ? 'you' : nameOf(this.ctx, frame, seat)));
  }

  // showRoll reports whether the Service Die's last roll belongs to the serve in play.
  showRoll(v) {
    const r = v.lastRoll, p = v.lastPlay;
    if (!r || !p || !p.serve || p.value !== r.serve || p.seat !== r.seat) return false;
    if (v.phase === 'second serve' || (v.phase === 'drawing' && v.next === 'second serve')) return true;
    return v.phase === 'returning' && v.volley === p.value && v.table.reduce((a, b) => a + b, 0) === 1;
  }

  drawPiles(v) {
    const onCourt = [];
    v.table.forEach((n, i) => { for (let k = 0; k < n; k++) onCourt.push(i + 1); });
    const discards = v.discards.reduce((a, b) => a + b, 0);
    replace(this.els.piles,
      h('div', { class: 'pile' },
        h('div', { class: 'pile-stack', 'aria-hidden': 'true' }, v.drawPile > 0 ? cardBack() : h('span', { class: 'pile-empty' })),
        h('div', {}, h('strong', {}, 'Draw pile'), h('span', { class: 'muted' }, plural(v.drawPile, 'card')),
          v.reshuffles ? h('span', { class: 'muted small' }, `reshuffled ${v.reshuffles}×`) : null)),
      h('div', { class: 'pile on-court' },
        h('div', {}, h('strong', {}, 'On court'),
          onCourt.length ? h('span', { class: 'mini-cards' }, onCourt.map((w) => miniCard(w))) : h('span', { class: 'muted' }, 'no cards yet this point'))),
      h('div', { class: 'pile' },
        h('div', {}, h('strong', {}, 'Discards'), h('span', { class: 'muted' }, plural(discards, 'card'))),
        h('div', { class: 'discard-bars', 'aria-label': `Discards by value: ${v.discards.map((n, i) => `${n} of ${i + 1}`).join(', ')}` },
          v.discards.map((n, i) => h('span', { class: `bar v${i + 1}`, title: `${i + 1}×${n}: ${n === 1 ? "one card" : `${n} cards`} of value ${i + 1}` },
            h('span', { class: 'bar-fill', style: `height:calc((100% - 1rem) * ${n / 6})` }),
            h('span', { class: 'bar-label' }, String(i + 1)))))));
  }

  drawHands(frame, v) {
    const farHand = this.hand(frame, this.far);
    const farName = nameOf(this.ctx, frame, this.far);
    const farSize = v.handSizes[this.far];
    replace(this.els.far,
      h('div', { class: 'hand-label' }, h('strong', {}, farName), ' ', h('span', { class: 'muted' }, plural(farSize, 'card'))),
      h('div', { class: 'hand facedown' }, farHand
        ? farHand.map((w) => cardFace(w, `${w} of ${farName}'s hand`))
        : Array.from({ length: farSize }, () => cardBack())));

    const nearHand = this.hand(frame, this.near);
    const nearName = nameOf(this.ctx, frame, this.near);
    const nearSize = v.handSizes[this.near];
    if (!nearHand) {
      replace(this.els.near,
        h('div', { class: 'hand-label' }, h('strong', {}, nearName), ' ', h('span', { class: 'muted' }, plural(nearSize, 'card'))),
        h('div', { class: 'hand facedown' }, Array.from({ length: nearSize }, () => cardBack())));
      return;
    }
    const own = frame.seat === this.near && !frame.views;
    const plays = this.playable(frame);
    const selectedNeed = this.selectedCount(v, nearHand);
    let marked = 0;
    const cards = nearHand.map((w, i) => {
      if (!own) return cardFace(w, `${w} of ${nearName}'s hand`);
      const isSel = w === this.selected && marked < selectedNeed && ++marked > 0;
      return h('button', {
        type: 'button',
        class: `card v${w}${plays.has(w) ? ' playable' : ''}${w === this.selected ? ' chosen' : ''}${isSel ? ' lifted' : ''}`,
        'aria-label': `${w} of your hand${plays.has(w) ? ', playable' : ''}`,
        'aria-pressed': w === this.selected ? 'true' : 'false',
        'data-focus-key': `card:${i}`,
        'data-value': w,
        onclick: () => this.pick(w),
      }, cardInner(w));
    });
    replace(this.els.near,
      h('div', { class: 'hand-label' }, h('strong', {}, own ? 'Your hand' : nearName), ' ', h('span', { class: 'muted' }, plural(nearSize, 'card'))),
      h('div', { class: 'hand' }, cards));
  }

  // playable maps each card value the viewer may play now to its legal move.
  playable(frame) {
    const out = new Map();
    for (const c of frame.legal || []) {
      const m = parseMove(c.text);
      if (m.kind === 'serve' || m.kind === 'return') out.set(m.value, c);
    }
    return out;
  }

  // selectedCount is how many of the selected cards a play would use.
  selectedCount(v, hand) {
    if (!this.selected) return 0;
    if (v.volley > 0 && (v.phase === 'returning' || (v.phase === 'drawing' && v.next === 'returning'))) {
      return cardsToReturn(v.volley, this.selected);
    }
    return 1;
  }

  // pick selects a card value; picking the selected, playable value again plays it.
  pick(w) {
    const c = this.playable(this.frame).get(w);
    if (this.selected === w && c && !this.frame.busy) {
      this.ctx.play?.(c);
      return;
    }
    this.selected = this.selected === w && !c ? 0 : w;
    this.update(this.frame);
  }

  drawPreview(frame, v) {
    const hand = frame.view.hand;
    if (!hand) {
      replace(this.els.preview);
      return;
    }
    const have = counts(hand);
    const plays = this.playable(frame);
    const returning = v.volley > 0 && (v.phase === 'returning' || (v.phase === 'drawing' && v.next === 'returning'));
    const myReturn = returning && (v.phase === 'returning' ? v.toMove : v.striker) === frame.seat;
    const serving = frame.legal?.some((c) => parseMove(c.text).kind === 'serve');
    const w = this.selected;
    const parts = [];
    if (returning) {
      parts.push(h('p', { class: 'preview-head' }, myReturn
        ? `Return the Volley Value ${v.volley}: one ${v.volley}, or 1 + the difference in cards of another value.`
        : `Volley Value ${v.volley}. What a return would need from your hand:`));
      parts.push(h('div', { class: 'return-chart', role: 'list' }, [1, 2, 3, 4, 5, 6].map((x) => {
        const need = cardsToReturn(v.volley, x);
        const ok = have[x] >= need;
        return h('button', {
          type: 'button', role: 'listitem',
          class: `chart-cell v${x}${ok ? ' ok' : ''}${x === w ? ' chosen' : ''}`,
          'aria-label': `${x}s: need ${need}, you hold ${have[x]}`,
          'data-focus-key': `chart:${x}`,
          onclick: () => this.pick(x),
        }, h('span', { class: 'chart-value' }, String(x)), h('span', { class: 'chart-need' }, `${need} needed`),
        h('span', { class: 'chart-have' }, ok ? `✓ hold ${have[x]}` : `✗ hold ${have[x]}`));
      })));
      if (w) {
        const need = cardsToReturn(v.volley, w);
        const c = plays.get(w);
        parts.push(h('p', { class: `preview-line ${have[w] >= need ? 'ok' : 'bad'}` },
          `Returning ${v.volley} with ${w}s needs ${plural(need, 'card')}: you hold ${have[w]}${have[w] >= need ? '.' : ', not enough.'}`,
          c ? ' ' : null,
          c ? h('button', { type: 'button', class: 'primary', 'data-focus-key': 'preview-play', disabled: frame.busy || undefined, onclick: () => this.ctx.play(c) }, capitalize(c.text)) : null));
      }
    } else if (serving || v.phase === 'serving' || v.phase === 'second serve') {
      parts.push(h('p', { class: 'preview-head' }, serving
        ? (v.secondServe ? 'Second serve: a fault now loses the point.' : 'Choose a card to serve.')
        : 'Fault risk of each serve:'),
      h('div', { class: 'risk-chart' }, [1, 2, 3, 4, 5, 6].map((x) => h('span', { class: `risk v${x}${DIE_FACES[x] === 0 ? ' safe' : ''}` },
        h('strong', {}, String(x)), ' ', DIE_FACES[x] ? `fault ${faultRisk(x)}` : 'always in'))));
      if (w && have[w] > 0) {
        const c = plays.get(w);
        parts.push(h('p', { class: 'preview-line' },
          DIE_FACES[w] ? `A serve of ${w} faults when the Service Die shows ${w}: risk ${faultRisk(w)}.` : `A serve of ${w} is always in.`,
          c ? ' ' : null,
          c ? h('button', { type: 'button', class: 'primary', 'data-focus-key': 'preview-play', disabled: frame.busy || undefined, onclick: () => this.ctx.play(c) }, capitalize(c.text)) : null));
      }
    } else {
      parts.push(h('p', { class: 'preview-head muted' }, v.phase === 'over' ? 'The match is over.' : 'Select a card to see what it can do.'));
    }
    replace(this.els.preview, parts);
  }

  drawMoves(frame) {
    const legal = frame.legal || [];
    replace(this.els.moves, legal.map((c, i) => {
      const m = parseMove(c.text);
      let label = capitalize(c.text), detail = '', cls = '';
      if (m.kind === 'serve') {
        detail = DIE_FACES[m.value] ? `fault ${faultRisk(m.value)}` : 'always in';
        cls = `v${m.value}`;
      } else if (m.kind === 'return') {
        detail = plural(m.count, 'card');
        cls = `v${m.value}`;
      } else if (m.kind === 'concede') {
        label = 'Concede the point';
        detail = 'no return possible';
        cls = 'danger';
      }
      return moveButton(this.ctx, frame, c, i, label, detail, cls);
    }));
  }
}

function courtLines() {
  const line = (x1, y1, x2, y2) => s('line', { x1, y1, x2, y2 });
  return s('g', { class: 'cc-lines' },
    s('rect', { class: 'cc-surround', x: 0, y: 0, width: W, height: H, rx: 14 }),
    s('rect', { class: 'cc-surface', x: X0, y: Y0, width: X1 - X0, height: Y1 - Y0 }),
    s('rect', { class: 'cc-outline', x: X0, y: Y0, width: X1 - X0, height: Y1 - Y0 }),
    line(X0, Y0 + SINGLES, X1, Y0 + SINGLES),
    line(X0, Y1 - SINGLES, X1, Y1 - SINGLES),
    line(NET - SERVICE, Y0 + SINGLES, NET - SERVICE, Y1 - SINGLES),
    line(NET + SERVICE, Y0 + SINGLES, NET + SERVICE, Y1 - SINGLES),
    line(NET - SERVICE, MID, NET + SERVICE, MID),
    line(X0, MID, X0 + 8, MID),
    line(X1 - 8, MID, X1, MID),
    s('line', { class: 'cc-net', x1: NET, y1: Y0 - 12, x2: NET, y2: Y1 + 12 }),
    s('circle', { class: 'cc-post', cx: NET, cy: Y0 - 12, r: 4 }),
    s('circle', { class: 'cc-post', cx: NET, cy: Y1 + 12, r: 4 }));
}

function die(x, y, k, face, verdict, side = 1) {
  const pips = {
    1: [[0, 0]], 2: [[-6, -6], [6, 6]], 5: [[-6, -6], [6, -6], [0, 0], [-6, 6], [6, 6]],
    6: [[-6, -7], [6, -7], [-6, 0], [6, 0], [-6, 7], [6, 7]],
  }[face] || [];
  return s('g', { class: `cc-die ${verdict}`, transform: `translate(${x} ${y}) scale(${k})` },
    s('rect', { x: -13, y: -13, width: 26, height: 26, rx: 5 }),
    face ? pips.map(([px, py]) => s('circle', { cx: px, cy: py, r: 2.6 })) : s('text', { y: 5 }, '?'),
    verdict ? s('text', { class: 'cc-verdict', y: side > 0 ? 30 : -19 }, verdict === 'fault' ? 'FAULT' : 'IN') : null);
}

function ballIcon() {
  return h('span', { class: 'ball-icon', 'aria-label': 'serving' });
}

function initial(name) {
  return (name || '?').trim().charAt(0).toUpperCase();
}

function clip(text, n) {
  text = text || '';
  return text.length > n ? text.slice(0, n - 1) + '…' : text;
}

function cardInner(w) {
  return [h('span', { class: 'card-corner' }, String(w)), h('span', { class: 'card-value' }, String(w)),
    h('span', { class: 'card-corner bottom' }, String(w))];
}

function cardFace(w, label) {
  return h('span', { class: `card v${w}`, role: 'img', 'aria-label': label }, cardInner(w));
}

function cardBack() {
  return h('span', { class: 'card back', 'aria-hidden': 'true' });
}

function miniCard(w) {
  return h('span', { class: `mini-card v${w}` }, String(w));
}

// caption tells what just happened and what happens now, in words; who(seat) is "you" for
// the viewer.
function caption(frame, v, who) {
  const Who = (seat) => capitalize(who(seat));
  const mine = (seat) => seat === frame.seat;
  if (stoppedEarly(frame, v.phase === 'over')) return stoppedText(frame);
  switch (v.phase) {
    case 'dealing':
      return 'Dealing eight cards each…';
    case 'over':
      return mine(v.tennis.winner) ? `You won the match ${v.score}.` : `${Who(v.tennis.winner)} won the match ${v.score}.`;
    case 'service die':
      return `${Who(v.server)} served ${v.served}: rolling the Service Die…`;
  }
  const lp = v.lastPoint;
  const p = v.lastPlay;
  const parts = [];
  if (v.phase === 'returning' && p) {
    const cards = Array(p.count).fill(p.value).join('-');
    parts.push(`${Who(p.seat)} ${p.serve ? (p.second ? 'played a second serve of' : 'served') : 'returned'} ${cards}.`);
    parts.push(mine(v.toMove) ? `Your return: Volley Value ${v.volley}.` : `${Who(v.toMove)} to return ${v.volley}.`);
  } else if (v.phase === 'second serve' || (v.phase === 'drawing' && v.next === 'second serve')) {
    parts.push(`Fault! ${mine(v.server) ? 'Your second serve.' : `${Who(v.server)} to play a second serve.`}`);
  } else {
    if (lp && lp.number === v.pointsPlayed) {
      parts.push(`Point to ${who(lp.winner)}: ${lp.how === 'double fault' ? 'double fault' : `${lp.volley} not returned`}.`);
    }
    if (v.phase === 'drawing') parts.push(`${Who(v.drawer)} ${mine(v.drawer) ? 'draw' : 'draws'} to refill.`);
    else if (v.phase === 'serving') parts.push(mine(v.server) ? 'Your serve.' : `${Who(v.server)} to serve.`);
  }
  return parts.join(' ');
}
