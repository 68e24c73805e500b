// Love Means Nothing: the court seen from the viewer's end, each half split into its six zones
// (BL BC BR at the back, FL FC FR at the net, read from the view of the player in that half),
// the preparation cards laid over the zones they cover, the ball, every player's cards as far as
// the viewer may see them, the viewer's hand as cards to click, and every legal move as a button
// whose effect is previewed on the court. Spectators and replays watch from player 1's end.

import { h, s, replace, plural, capitalize } from '../dom.js';
import { moveButton, pointsAt, nameOf, SPECTATOR, stoppedText, stoppedEarly } from './common.js';
import { glossaryOf } from './glossary.js';

const ZONES = ['BL', 'BC', 'BR', 'FL', 'FC', 'FR'];
const LETTERS = 'ABCD';
const SEAT_COLORS = ['#2563c9', '#c2412d', '#6741d9', '#c47f00'];

// Court geometry in SVG units: two halves of 3 x 2 zones with the net between them.
const CW = 100, CH = 66, X0 = 18, FAR_Y = 24, GAP = 18;
const NEAR_Y = FAR_Y + 2 * CH + GAP;
const W = X0 * 2 + 3 * CW, H = NEAR_Y + 2 * CH + 24;

const STYLE = `
.lmn { display: grid; gap: .75rem; }
.lmn-top { display: flex; flex-wrap: wrap; gap: .5rem 1.25rem; align-items: center; }
.lmn-board { display: grid; gap: .1rem; font-variant-numeric: tabular-nums; }
.lmn-board .row { display: flex; gap: .6rem; align-items: center; }
.lmn-board .nm { min-width: 8rem; font-weight: 600; }
.lmn-board .g { min-width: 1.3rem; text-align: center; font-weight: 700; }
.lmn-board .srv { width: .8rem; height: .8rem; border-radius: 50%; background: var(--ball); border: 1px solid var(--ball-line); visibility: hidden; }
.lmn-board .srv.on { visibility: visible; }
.lmn-caption { color: var(--muted); flex: 1; min-width: 14rem; }
.lmn-caption strong { color: var(--ink); }
.lmn-main { display: grid; gap: .75rem; grid-template-columns: repeat(auto-fit, minmax(min(100%, 20rem), 1fr)); align-items: start; }
.lmn-court { width: 100%; max-width: 30rem; height: auto; display: block; margin: 0 auto; }
.lmn-side { display: grid; gap: .5rem; }
.lmn-player { display: grid; gap: .3rem; padding: .45rem .6rem; border-radius: 10px; background: var(--surface); border: 1px solid var(--line); }
.lmn-player.acting { border-color: var(--accent); box-shadow: 0 0 0 2px var(--accent-soft); }
.lmn-head { display: flex; flex-wrap: wrap; gap: .2rem .5rem; align-items: center; }
.lmn-dot { width: 1.35rem; height: 1.35rem; border-radius: 50%; color: #fff; display: inline-grid; place-items: center; font-weight: 800; font-size: .75rem; flex: none; }
.lmn-tag { font-size: .75rem; padding: .05rem .4rem; border-radius: 4px; background: var(--surface-2); border: 1px solid var(--line); }
.lmn-tag.warn { background: var(--warn-soft); border-color: #f0c77a; color: var(--warn); font-weight: 700; }
.lmn-row { display: flex; flex-wrap: wrap; gap: .3rem; align-items: center; }
.lmn-row > .lbl { font-size: .78rem; color: var(--muted); min-width: 4.8rem; }
.lmn-card { display: inline-grid; grid-template-rows: auto auto auto; justify-items: center; gap: .1rem; padding: .2rem .25rem .25rem; width: 4.1rem; border-radius: 8px; border: 2px solid var(--line); background: var(--surface); color: var(--ink); font: inherit; line-height: 1.1; min-height: 0; }
.lmn-card .id { font-weight: 800; font-size: .95rem; }
.lmn-card .sum { font-size: .62rem; color: var(--muted); white-space: nowrap; }
.lmn-card svg { width: 3.3rem; height: auto; display: block; }
.lmn-card.small { width: 3.7rem; padding: .1rem; }
.lmn-card.small .sum { font-size: .56rem; }
.lmn-card.small svg { width: 2.6rem; }
.lmn-card.small .id { font-size: .8rem; }
button.lmn-card { cursor: pointer; }
button.lmn-card.playable { border-color: var(--accent); }
button.lmn-card.playable:hover:not(:disabled) { transform: translateY(-2px); }
button.lmn-card.selected { box-shadow: 0 0 0 3px var(--focus); }
.lmn-card.chosen { border-color: var(--ball-line); background: #f7fbd9; }
.lmn-card.dim { opacity: .6; }
.lmn-hand { display: grid; gap: .35rem; }
.lmn-preview { min-height: 1.5rem; display: flex; flex-wrap: wrap; gap: .4rem; align-items: center; }
.lmn-preview .what { font-weight: 600; }
/* On a phone the board is taller than the screen: the court keeps to a part of it, and the
   moves stay at its foot while the player looks at the court and the hands above them,
   scrolling inside themselves when they are many. */
@media (max-width: 600px) and (min-height: 560px) {
  .lmn-court { max-height: 36vh; }
  .lmn-play { position: sticky; bottom: 0; z-index: 3; max-height: 36vh; overflow-y: auto;
    background: var(--bg); border-top: 1px solid var(--line); box-shadow: 0 -6px 12px -8px rgba(0, 0, 0, .25); padding: .4rem 0 .3rem; }
}
`;

// idleText says why a card of the viewer's hand, clicked, has no move. The only rule of laying
// out is that no two preparation cards cover a zone; later the card may neither cover the ball
// nor place the shot, or the hand's one card a turn is spent.
export function idleText(v, id) {
  return `Card ${id} has no move now${v.phase === 'preparing' ? ': it covers a zone a preparation card already covers (no two may cover the same zone)' : ''}.`;
}

export function create(root, ctx) {
  if (!document.getElementById('lmn-style')) {
    document.head.append(h('style', { id: 'lmn-style' }, STYLE));
  }
  return new LmnView(root, ctx);
}

// scoreText is the score line of the status bar.
export function scoreText(frame) {
  return frame.view?.score || frame.result?.score || '';
}

// parseMove reads a move's notation: "defend 13 BL+BC from hand" -> {verb: 'defend', card: 13}.
export function parseMove(text) {
  const m = /^(prep|take|serve|defend|aim|pass|draw) (\d+)/.exec(text);
  if (m) return { verb: m[1], card: Number(m[2]) };
  return { verb: text.split(/[ ,]/)[0], card: 0 };
}

// cellOf places a zone of team's half: the near team's half at the bottom, seen from behind,
// the far team's at the top, facing the viewer (their left on the viewer's right).
function cellOf(zone, near) {
  const z = ZONES.indexOf(zone);
  const back = z < 3, col = z % 3;
  if (near) return { x: X0 + col * CW, y: back ? NEAR_Y + CH : NEAR_Y };
  return { x: X0 + (2 - col) * CW, y: back ? FAR_Y : FAR_Y + CH };
}

// miniCourt draws a card from its holder's end: where it aims in the opponent's half at the
// top (the ball), the zones it defends in the holder's half at the bottom (shaded).
function miniCourt(card) {
  const cw = 16, ch = 12, gap = 4;
  const parts = [s('rect', { x: 0, y: 0, width: 3 * cw, height: 4 * ch + gap, rx: 3, fill: '#cfe8d6' })];
  for (const zone of ZONES) {
    const z = ZONES.indexOf(zone), back = z < 3, col = z % 3;
    const top = { x: (2 - col) * cw, y: back ? 0 : ch };
    const bottom = { x: col * cw, y: 2 * ch + gap + (back ? ch : 0) };
    parts.push(s('rect', { x: top.x + .5, y: top.y + .5, width: cw - 1, height: ch - 1, fill: 'none', stroke: '#fff', 'stroke-width': 1 }));
    parts.push(s('rect', {
      x: bottom.x + .5, y: bottom.y + .5, width: cw - 1, height: ch - 1, stroke: '#fff', 'stroke-width': 1,
      fill: card.defence.includes(zone) ? '#6b7780' : 'none',
    }));
    if (card.shot === zone) {
      parts.push(s('circle', { cx: top.x + cw / 2, cy: top.y + ch / 2, r: 4.2, fill: 'var(--ball)', stroke: 'var(--ball-line)', 'stroke-width': 1.2 }));
    }
  }
  parts.push(s('line', { x1: 0, x2: 3 * cw, y1: 2 * ch + gap / 2, y2: 2 * ch + gap / 2, stroke: '#1b2420', 'stroke-width': 1.5 }));
  return s('svg', { viewBox: `0 0 ${3 * cw} ${4 * ch + gap}`, 'aria-hidden': 'true' }, parts);
}

function clip(text, n) {
  return text.length > n ? text.slice(0, n - 1) + '…' : text;
}

function summary(card) {
  return `${card.defence.join('+')} › ${card.shot}`;
}

// CARD_NOTATION finds a card in a move's text: defence zones joined by "+", ">", the shot.
const CARD_NOTATION = /\b((?:[BF][LCR]\+)*[BF][LCR])>([BF][LCR])\b/;
const ZONE_WORDS = { B: 'back', F: 'front', L: 'left', C: 'centre', R: 'right' };
const zoneWords = (z) => `${ZONE_WORDS[z[0]]} ${ZONE_WORDS[z[1]]}`;

// cardWords reads "BL+BC", "BR" as "defends back left and back centre, aims at back right".
function cardWords(defence, shot) {
  return `${defence}>${shot}: defends ${defence.split('+').map(zoneWords).join(' and ')}, aims at ${zoneWords(shot)}`;
}

function cardLabel(card) {
  return `card ${card.id}: defends ${card.defence.join(' and ')}, aims at ${card.shot}`;
}

class LmnView {
  constructor(root, ctx) {
    this.ctx = ctx;
    this.selected = 0; // the viewer's card whose moves are offered
    this.hover = null; // the move previewed on the court
    this.frame = null;
    this.els = {
      board: h('div', { class: 'lmn-board', 'aria-label': 'Scoreboard' }),
      caption: h('p', { class: 'lmn-caption', 'aria-live': 'polite' }),
      court: s('svg', { class: 'lmn-court', viewBox: `0 0 ${W} ${H}`, role: 'img', 'aria-label': 'The court' }),
      players: h('div', { class: 'lmn-side' }),
      hand: h('div', { class: 'lmn-hand' }),
      preview: h('div', { class: 'lmn-preview', 'aria-live': 'polite' }),
      moves: h('div', { class: 'moves', role: 'group', 'aria-label': 'Your moves' }),
    };
    replace(root, h('div', { class: 'lmn' },
      h('div', { class: 'lmn-top' }, this.els.board, this.els.caption),
      h('div', { class: 'lmn-main' }, h('div', {}, this.els.court), this.els.players),
      this.els.hand,
      ctx.readOnly ? null : h('div', { class: 'lmn-hand lmn-play' }, this.els.preview, this.els.moves),
      this.els.legend = h('p', { class: 'legend muted small', id: 'lmn-legend' })));
    glossaryOf('lmn').then((g) => { this.els.legend.textContent = g.legend; });
  }

  update(frame) {
    this.frame = frame;
    const v = frame.view;
    this.near = frame.seat >= 0 && frame.seat < v.seats ? frame.seat % 2 : 0;
    this.name = (seat) => (seat === frame.seat ? 'you' : nameOf(this.ctx, frame, seat) + (v.seats === 4 ? ` (${LETTERS[seat]})` : ''));
    if (frame.busy) this.selected = 0;
    const moves = this.cardMoves(frame);
    if (this.selected && !moves.has(this.selected)) this.selected = 0;
    this.drawBoard(v);
    this.drawCaption(frame, v);
    this.drawCourt(frame, v);
    this.drawPlayers(frame, v);
    this.drawHand(frame, v);
    if (!this.ctx.readOnly) {
      this.drawPreview(frame, v);
      this.drawMoves(frame, v);
    }
  }

  teamName(v, team) {
    const seats = v.seats === 4 ? [team, team + 2] : [team];
    return seats.map((x) => capitalize(this.name(x))).join(' & ');
  }

  drawBoard(v) {
    const t = v.tennis || {};
    // Team order, as the status bar's score reads ("0-1": player 1's side first), not the
    // board's far-and-near order.
    const rows = [0, 1].map((team) => h('div', { class: 'row' },
      h('span', { class: `srv${!t.over && v.server % 2 === team ? ' on' : ''}`, title: 'serving' }),
      h('span', { class: 'nm' }, this.teamName(v, team), t.over && t.winner === team ? ' ✓' : ''),
      (t.sets || []).map((set) => h('span', { class: 'g' }, String(set.games[team])))));
    replace(this.els.board, rows);
  }

  // cardMoves maps each card of the viewer to the legal moves that use it.
  cardMoves(frame) {
    const out = new Map();
    if (frame.toMove !== frame.seat) return out;
    for (const c of frame.legal || []) {
      const m = parseMove(c.text);
      if (!m.card || m.verb === 'draw') continue;
      if (!out.has(m.card)) out.set(m.card, []);
      out.get(m.card).push(c);
    }
    return out;
  }

  drawCaption(frame, v) {
    const who = (seat) => capitalize(this.name(seat));
    const mine = (seat) => seat === frame.seat;
    const parts = [];
    const lp = v.lastPoint;
    if (lp && (v.shots === 0 || v.phase === 'over')) {
      parts.push(`Point ${lp.number}: ${this.name(lp.loser)} ${lp.how === 'could not cover' ? `could not cover ${lp.zone}` : 'had no card left to place a shot'}. `);
    }
    const p = v.lastPlay;
    if (p && v.shots > 0) {
      if (p.kind === 'serve') parts.push(`${who(p.seat)} served to ${p.zone}. `);
      else if (p.kind === 'pass') parts.push(`${who(p.seat)} passed, discarding card ${p.discarded}. `);
      else parts.push(`${who(p.seat)} played ${/^off/.test(p.kind) ? 'an' : 'a'} ${p.kind} to ${p.zone}. `);
    }
    let now = '';
    switch (v.phase) {
      case 'over': now = `${this.teamName(v, v.tennis.winner)} won the match ${v.score}.`; break;
      case 'dealing': now = `Point ${v.pointsPlayed + 1}: dealing.`; break;
      case 'preparing': now = mine(v.mover) ? 'Lay out preparation cards (no two covering a zone), then Done. A return covers with one card and places with another, and only one may come from the hand: with none laid out here you cannot return.' : `${who(v.mover)} lays out preparation cards.`; break;
      case 'serving': now = mine(v.mover) ? 'Your serve: one card, from your hand or your preparation area.' : `${who(v.mover)} to serve.`; break;
      case 'ending turn': now = mine(v.mover)
        ? `End your turn: move cards between hand and preparation area, then Done${v.draws ? ` (you draw ${v.draws})` : ''}.`
        : `${who(v.mover)} ends the turn.`; break;
      case 'drawing': now = `${who(v.mover)} ${mine(v.mover) ? 'draw' : 'draws'} ${plural(v.draws, 'card')}.`; break;
      case 'returning': {
        const b = v.ball;
        now = mine(v.mover) ? `Your return: cover the ball in ${b.zone}` : `${who(v.mover)} to return the ball in ${b.zone}`;
        if (b.special) now += ' (a special shot: two defence cards, or off balance)';
        now += mine(v.mover) ? ', then place your shot. One card from the hand, the others from the preparation area.' : '.';
        break;
      }
    }
    if (stoppedEarly(frame, v.phase === 'over')) now = stoppedText(frame);
    replace(this.els.caption, parts.join(''), h('strong', {}, now));
  }

  // preview returns what the move under the pointer (or the selected card's first move, or
  // the shot being built) shows on the court: zones covered in the striker's half, a target.
  preview(frame, v) {
    const me = v.players[frame.seat];
    const cardOf = (id) => [...(me?.hand || []), ...(me?.prep || [])].find((c) => c.id === id);
    const out = { cover: [], target: null, prepOutline: [] };
    for (const c of v.defence || []) out.cover.push(...c.defence);
    if (v.aim?.length) out.target = v.aim[0].shot;
    let text = this.hover;
    if (!text && this.selected) text = this.cardMoves(frame).get(this.selected)?.[0]?.text;
    if (!text) return out;
    const m = parseMove(text);
    const card = cardOf(m.card);
    if (!card) return out;
    if (m.verb === 'defend') out.cover.push(...card.defence);
    if (m.verb === 'aim' || m.verb === 'serve') out.target = card.shot;
    if (m.verb === 'prep' || m.verb === 'take') out.prepOutline = card.defence;
    return out;
  }

  drawCourt(frame, v) {
    const parts = [];
    const pv = this.preview(frame, v);
    const striker = v.ball ? v.ball.seat : v.mover;
    const strikerNear = striker >= 0 && striker % 2 === this.near;
    for (const team of [1 - this.near, this.near]) {
      const near = team === this.near;
      for (const zone of ZONES) {
        const c = cellOf(zone, near);
        const covered = near === strikerNear && pv.cover.includes(zone);
        parts.push(s('rect', {
          x: c.x + 2, y: c.y + 2, width: CW - 4, height: CH - 4, rx: 6,
          fill: covered ? '#9fb8d9' : near ? '#cfe8d6' : '#b9dcc4', stroke: '#fff', 'stroke-width': 2,
        }));
        if (near && pv.prepOutline.includes(zone)) {
          parts.push(s('rect', { x: c.x + 5, y: c.y + 5, width: CW - 10, height: CH - 10, rx: 5, fill: 'none', stroke: '#1a56db', 'stroke-width': 2.5, 'stroke-dasharray': '5 4' }));
        }
        parts.push(s('text', { x: c.x + 8, y: c.y + 16, 'font-size': 11, fill: '#4a5a52', 'font-weight': 600 }, zone));
        // Preparation cards covering the zone, as chips coloured by their owner.
        const seats = v.seats === 4 ? [team, team + 2] : [team];
        let k = 0;
        for (const seat of seats) {
          for (const card of v.players[seat].prep) {
            if (!card.defence.includes(zone)) continue;
            const x = c.x + 8 + k * 30, y = c.y + CH - 26;
            parts.push(s('g', { transform: `translate(${x} ${y})` },
              s('rect', { width: 27, height: 18, rx: 4, fill: SEAT_COLORS[seat] }),
              s('text', { x: 13.5, y: 13, 'font-size': 11, 'text-anchor': 'middle', fill: '#fff', 'font-weight': 700 },
                (v.seats === 4 ? LETTERS[seat] : '') + card.id)));
            k++;
          }
        }
        if (pv.target === zone && near !== strikerNear) {
          parts.push(s('circle', { cx: c.x + CW - 26, cy: c.y + CH / 2, r: 15, fill: 'none', stroke: '#1a56db', 'stroke-width': 3, 'stroke-dasharray': '5 3' }));
        }
        if (v.ball && v.ball.zone === zone && v.ball.side === team) {
          const bx = c.x + CW - 26, by = c.y + CH / 2;
          parts.push(s('g', { transform: `translate(${bx} ${by})` },
            v.ball.special ? s('circle', { r: 15, fill: 'none', stroke: '#c2255c', 'stroke-width': 3 }) : null,
            s('circle', { r: 10, fill: 'var(--ball)', stroke: 'var(--ball-line)', 'stroke-width': 2 }),
            s('path', { d: 'M -6 -6 Q 0 0 -6 6 M 6 -6 Q 0 0 6 6', fill: 'none', stroke: '#fff', 'stroke-width': 1.5 })));
        }
      }
    }
    const netY = FAR_Y + 2 * CH + GAP / 2;
    parts.push(s('line', { x1: X0 - 8, x2: W - X0 + 8, y1: netY, y2: netY, stroke: '#1b2420', 'stroke-width': 4, 'stroke-dasharray': '10 5' }));
    const short = (team) => (v.seats === 4 ? `${LETTERS[team]} & ${LETTERS[team + 2]}` : clip(capitalize(this.name(team)), 16));
    parts.push(s('text', { x: W / 2, y: H - 6, 'font-size': 12, 'text-anchor': 'middle', fill: '#4a5a52' },
      `▼ near half: ${short(this.near)} · far half: ${short(1 - this.near)} ▲`));
    replace(this.els.court, parts);
    const bits = [];
    if (v.ball) bits.push(`ball in ${v.ball.zone} of ${v.ball.side === this.near ? 'the near' : 'the far'} half${v.ball.special ? ', a special shot' : ''}`);
    for (const p of v.players) if (p.prep.length) bits.push(`${this.name(p.seat)} prepared ${p.prep.map((c) => `${c.id} on ${c.defence.join('+')}`).join(', ')}`);
    this.els.court.setAttribute('aria-label', `The court: ${bits.join('; ') || 'no ball in play'}`);
  }

  // cardEl draws a card; a card of the viewer with legal moves is a button selecting it.
  cardEl(card, opts = {}) {
    const frame = this.frame;
    const moves = opts.own ? this.cardMoves(frame).get(card.id) : null;
    const chosen = (frame.view.defence || []).some((c) => c.id === card.id) || (frame.view.aim || []).some((c) => c.id === card.id);
    const cls = `lmn-card${opts.small ? ' small' : ''}${moves ? ' playable' : ''}${chosen ? ' chosen' : ''}${this.selected === card.id && moves ? ' selected' : ''}${opts.dim ? ' dim' : ''}`;
    const inner = [h('span', { class: 'id' }, String(card.id)), miniCourt(card), h('span', { class: 'sum' }, summary(card))];
    if (!opts.own || this.ctx.readOnly) {
      return h('span', { class: cls, role: 'img', title: cardLabel(card), 'aria-label': cardLabel(card) }, inner);
    }
    return h('button', {
      type: 'button', class: cls, title: cardLabel(card),
      'aria-label': `${cardLabel(card)}${chosen ? ', chosen for this shot' : ''}${moves ? `; ${moves.map((c) => c.text).join(', ')}` : ''}`,
      'aria-pressed': this.selected === card.id ? 'true' : 'false',
      'data-focus-key': `card:${card.id}`,
      disabled: frame.busy || undefined,
      onclick: () => this.pick(card.id),
    }, inner);
  }

  // pick selects a card; picking the selected card again plays its move when it has one only.
  pick(id) {
    const moves = this.cardMoves(this.frame).get(id);
    if (this.selected === id && moves?.length === 1 && !this.frame.busy) {
      this.ctx.play?.(moves[0]);
      return;
    }
    this.selected = this.selected === id || !moves ? 0 : id;
    // A card with no move says so when clicked, rather than doing nothing.
    this.idle = moves ? 0 : id;
    this.update(this.frame);
  }

  drawPlayers(frame, v) {
    const order = v.seats === 4 ? [1 - this.near, 3 - this.near, this.near, this.near + 2] : [1 - this.near, this.near];
    replace(this.els.players, order.map((seat) => {
      const p = v.players[seat];
      const hand = frame.views?.[seat]?.players?.[seat]?.hand;
      const own = seat === frame.seat;
      const acting = v.mover === seat && v.phase !== 'over';
      const tags = [h('span', { class: 'muted small' }, `${plural(p.handSize, 'card')} in hand · ${p.reserve} in reserve`)];
      if (p.short) tags.push(h('span', { class: 'lmn-tag warn' }, `hand ${p.short} smaller this rally`));
      if (v.server === seat && v.phase !== 'over') tags.push(h('span', { class: 'lmn-tag' }, 'serving'));
      const row = (label, cards, opts) => (cards.length ? h('div', { class: 'lmn-row' }, h('span', { class: 'lbl' }, label), cards.map((c) => this.cardEl(c, opts))) : null);
      return h('div', { class: `lmn-player${acting ? ' acting' : ''}` },
        h('div', { class: 'lmn-head' },
          h('span', { class: 'lmn-dot', style: `background:${SEAT_COLORS[seat]}` }, v.seats === 4 ? LETTERS[seat] : String(seat + 1)),
          h('strong', {}, capitalize(this.name(seat))), tags),
        row('Preparation', p.prep, { own, small: !own }),
        !own && hand ? row('Hand', hand, { small: true }) : null,
        !own && !hand ? row('Known in hand', p.known, { small: true }) : null,
        row('Played', p.court, { small: true, dim: true }),
        row('Discarded', p.discarded, { small: true, dim: true }),
        !p.prep.length && !p.court.length ? h('span', { class: 'muted small' }, 'No preparation cards.') : null);
    }));
  }

  drawHand(frame, v) {
    const me = v.players[frame.seat];
    if (frame.seat === SPECTATOR || !me) {
      replace(this.els.hand);
      return;
    }
    const hand = me.hand || [];
    replace(this.els.hand,
      h('div', { class: 'hand-label' }, h('strong', {}, 'Your hand'), ' ', h('span', { class: 'muted' }, plural(hand.length, 'card'))),
      h('div', { class: 'lmn-row' }, hand.length ? hand.map((c) => this.cardEl(c, { own: true })) : h('span', { class: 'muted' }, 'empty')));
  }

  drawPreview(frame, v) {
    const moves = this.selected ? this.cardMoves(frame).get(this.selected) : null;
    if (!moves) {
      let hint = frame.toMove === frame.seat && v.phase !== 'over' ? 'Select one of your cards to see what it can do, or choose a move below.' : '';
      if (hint && this.idle && (v.players[frame.seat]?.hand || []).some((c) => c.id === this.idle)) {
        hint = `${idleText(v, this.idle)} ${hint}`;
      }
      this.idle = 0;
      replace(this.els.preview, hint ? h('span', { class: 'muted' }, hint) : null);
      return;
    }
    replace(this.els.preview,
      h('span', { class: 'what' }, `Card ${this.selected}:`),
      moves.map((c) => h('button', {
        type: 'button', class: 'primary', 'data-focus-key': `preview:${c.text}`,
        disabled: frame.busy || undefined, onclick: () => this.ctx.play(c),
      }, capitalize(c.text))),
      moves.length === 1 ? h('span', { class: 'muted small' }, '(or click the card again)') : null);
  }

  detail(v, text) {
    const m = parseMove(text);
    switch (m.verb) {
      case 'prep': return 'to the preparation area';
      case 'take': return 'back to the hand';
      case 'defend': return `cover ${v.ball?.zone}`;
      case 'aim': return 'place the shot';
      case 'serve': return 'serve this card';
      case 'pass': return 'discard it, your partner returns';
      case 'hit': return 'play the chosen cards';
      case 'done': return v.phase === 'preparing' ? 'finish laying out' : 'end the turn';
      case 'concede': return 'the ball cannot be returned';
    }
    return '';
  }

  drawMoves(frame, v) {
    const legal = frame.legal || [];
    const redraw = () => this.drawCourt(this.frame, this.frame.view);
    replace(this.els.moves, legal.map((c, i) => {
      const b = moveButton(this.ctx, frame, c, i, capitalize(c.text), this.detail(v, c.text), c.text === 'concede' ? 'danger' : '');
      const card = CARD_NOTATION.exec(c.text);
      if (card) b.title = cardWords(card[1], card[2]);
      b.addEventListener('pointerenter', (e) => { if (pointsAt(e, b)) { this.hover = c.text; redraw(); } });
      b.addEventListener('pointerleave', () => { this.hover = null; redraw(); });
      b.addEventListener('focus', () => { this.hover = c.text; redraw(); });
      b.addEventListener('blur', () => { this.hover = null; redraw(); });
      return b;
    }));
  }
}
