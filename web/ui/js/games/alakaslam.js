// AlakaSLAM: the court of cards seen from the viewer's end (4 rows, 3 or 4 columns, the net
// across the middle, red and blue sides), the players' tokens and the ball, the viewer's hand
// as cards to click, and every legal move as a button with a preview of where the ball would
// land. Spectators and replays watch from player 1's end.

import { h, s, replace, plural, capitalize } from '../dom.js';
import { moveButton, pointsAt, nameOf, SPECTATOR, stoppedText, stoppedEarly } from './common.js';
import { glossaryOf } from './glossary.js';
import { withNames } from '../names.js';

const CELL = 84; // SVG units per court card
const PAD = 30; // room for the side labels
const TEAM_COLORS = ['#6741d9', '#e8590c'];
const CARD_RED = '#d6336c';
const CARD_BLUE = '#1c7ed6';
const ENCHANT = '#7048e8';

// The set-up's decisions, before the first serve (games/alakaslam/observe.go, phaseNames).
const SETUP_PHASES = new Set(['character', 'simon', 'mulligan', 'call', 'corner']);

const STYLE = `
.ak { display: grid; gap: .75rem; }
/* Before the first serve the court holds nothing yet: the set-up's choices come above it, so a
   newcomer sees what to click without scrolling past an empty court. */
.ak.setup > .ak-play { order: 1; }
.ak.setup > .ak-main { order: 2; }
.ak-top { display: flex; flex-wrap: wrap; gap: .5rem 1rem; align-items: baseline; }
.ak-score { font-size: 1.15rem; font-weight: 700; font-variant-numeric: tabular-nums; }
.ak-status { color: var(--muted); }
.ak-main { display: grid; gap: .75rem; grid-template-columns: minmax(0, 26rem) minmax(0, 1fr); align-items: start; }
@media (max-width: 760px) { .ak-main { grid-template-columns: minmax(0, 1fr); } }
.ak-court { width: 100%; height: auto; display: block; touch-action: manipulation; }
.ak-side { display: grid; gap: .6rem; }
.ak-players { display: grid; gap: .35rem; }
.ak-player { display: flex; flex-wrap: wrap; gap: .25rem .5rem; align-items: center; padding: .35rem .5rem; border-radius: 8px; background: var(--surface); border: 1px solid var(--line); }
.ak-player.acting { border-color: var(--accent); box-shadow: 0 0 0 2px var(--accent-soft); }
.ak-dot { width: 1.4rem; height: 1.4rem; border-radius: 50%; color: #fff; display: inline-grid; place-items: center; font-weight: 800; font-size: .8rem; flex: none; }
.ak-tag { font-size: .75rem; padding: .05rem .4rem; border-radius: 4px; background: var(--surface-2); border: 1px solid var(--line); }
.ak-tag.warn { background: var(--warn-soft); border-color: #f0c77a; color: var(--warn); font-weight: 700; }
.ak-hand { display: flex; flex-wrap: wrap; gap: .35rem; }
.ak-card { display: inline-grid; grid-template-rows: auto 1fr auto; place-items: center; width: 3.3rem; height: 4.6rem; padding: .15rem; border-radius: 8px; border: 2px solid var(--c); color: var(--c); background: linear-gradient(180deg, color-mix(in srgb, var(--c) 14%, white), white 60%); font-weight: 800; min-height: 0; line-height: 1.1; }
.ak-card .ak-v { font-size: 1.6rem; }
.ak-card .ak-k { font-size: .6rem; text-transform: uppercase; letter-spacing: .04em; }
button.ak-card { cursor: pointer; }
button.ak-card:hover:not(:disabled) { transform: translateY(-3px); }
button.ak-card.dim { opacity: .55; cursor: default; }
.ak-card.small { width: 2.1rem; height: 2.9rem; border-radius: 6px; }
.ak-card.small .ak-v { font-size: 1rem; }
.ak-card.small .ak-k { font-size: .5rem; }
.ak-card.back { --c: var(--accent); background: repeating-linear-gradient(45deg, var(--accent) 0 5px, var(--accent-strong) 5px 10px); }
.ak-info { font-size: .9rem; display: grid; gap: .25rem; }
.ak-info strong { margin-right: .3rem; }
.ak-preview { font-weight: 600; }
/* On a phone the board is taller than the screen: the court keeps to a part of it, and the
   moves stay at its foot while the player looks at the court above them, scrolling inside
   themselves when they are many; without moves (the other's turn, the match over) nothing
   stays there to cover the page. */
@media (max-width: 600px) and (min-height: 560px) {
  .ak-court { max-height: 36vh; }
  .ak:not(.setup) > .ak-play:has(button) { position: sticky; bottom: 0; z-index: 3; max-height: 34vh; overflow-y: auto;
    background: var(--bg); border-top: 1px solid var(--line); box-shadow: 0 -6px 12px -8px rgba(0, 0, 0, .25); padding: .4rem 0 .3rem; }
}
.ak-preview.in { color: var(--accent-strong); }
.ak-preview.bad { color: var(--danger); }
`;

// pickMore says, with a leading space, how many more cards the viewer must pick before it may
// hit, where an Enchantment on the ball asks for exactly so many: until they are picked there
// is no Hit, and the preview says why rather than leaving the player to wonder where it went.
// It is empty where Hit is offered, or nothing is asked.
export function pickMore(v, legal) {
  const me = v.seat >= 0 ? v.players?.[v.seat] : null;
  const short = me?.required && legal.length && !legal.some((c) => c.text === 'hit') ? me.required - (v.picked?.length || 0) : 0;
  return short > 0 ? ` Pick ${short} more ${short === 1 ? 'card' : 'cards'} to hit: the Enchantment on the ball asks for exactly ${me.required}.` : '';
}

export function create(root, ctx) {
  if (!document.getElementById('ak-style')) {
    document.head.append(h('style', { id: 'ak-style' }, STYLE));
  }
  return new AlakaView(root, ctx);
}

// scoreText is the score line of the status bar.
export function scoreText(frame) {
  return frame.view?.score || frame.result?.score || '';
}

// cardColor is the colour a card is drawn in.
function cardColor(c) {
  if (c.enchant) return ENCHANT;
  return c.color === 'red' ? CARD_RED : CARD_BLUE;
}

// cardEl draws a card; with onclick it is a button.
function cardEl(c, opts = {}) {
  const label = c.enchant ? `Enchant-${c.value}` : `Hit-${c.value} ${c.color}`;
  const kind = c.enchant ? 'enchant' : c.color;
  const attrs = {
    class: `ak-card${opts.small ? ' small' : ''}${opts.dim ? ' dim' : ''}`,
    style: `--c:${cardColor(c)}`,
    title: label + (c.straight ? ' (straight)' : ''),
    'aria-label': label + (opts.note ? `, ${opts.note}` : ''),
  };
  const inner = [h('span', { class: 'ak-k' }, c.enchant ? 'ench' : 'hit'), h('span', { class: 'ak-v' }, String(c.value)),
    h('span', { class: 'ak-k' }, c.straight ? 'straight' : c.enchant ? '✦' : kind)];
  if (opts.onclick) {
    return h('button', { ...attrs, type: 'button', onclick: opts.onclick, disabled: opts.disabled || undefined, 'data-focus-key': opts.key }, inner);
  }
  return h('span', attrs, inner);
}

// parseCard reads "Hit-2 red" or "Enchant-1" from move notation.
function parseCard(text) {
  let m = /Hit-(\d) (red|blue)/.exec(text);
  if (m) return { value: Number(m[1]), color: m[2], enchant: false };
  m = /Enchant-(\d)/.exec(text);
  if (m) return { value: Number(m[1]), enchant: true };
  return null;
}

// landing replays the engine's aim and distance: each Hit card moves the ball one column toward
// its colour (unless sent straight) and its value in rows toward the other side.
export function landing(v, cards) {
  const fwd = v.striking === 0 ? 1 : -1;
  let row = v.ball.row, col = v.ball.col;
  for (const c of cards) {
    if (c.enchant) continue;
    row += fwd * c.value;
    if (!c.straight) col += c.color === 'red' ? -1 : 1;
  }
  let result = 'in';
  if ((v.striking === 0 && row < v.rows / 2) || (v.striking === 1 && row >= v.rows / 2)) result = 'into the net';
  else if (row < 0 || row >= v.rows || col < 0 || col >= v.cols) result = 'out';
  else if (v.serving && col === v.serveCol) result = 'serve not across';
  return { row, col, result };
}

function cellName(c) {
  return `row ${c.row + 1} col ${c.col + 1}`;
}

// landingText says where a hit sends the ball: the court card it lands on, or only what
// happens when it lands on none (a row or column past the court means nothing to a player).
// A ball into the net lands on no card across it: no cell is named, and cards that are all
// Enchantments (a lone Enchantment does not move the ball) are said to be why.
export function landingText(v, l, cards = []) {
  if (l.result === 'into the net') {
    return cards.length && cards.every((c) => c.enchant) ? 'into the net: an Enchantment alone does not move the ball' : 'into the net';
  }
  const onCourt = l.row >= 0 && l.row < v.rows && l.col >= 0 && l.col < v.cols;
  if (!onCourt) return `${l.result}: off the court`;
  return `to ${cellName(l)}: ${l.result}`;
}

class AlakaView {
  constructor(root, ctx) {
    this.ctx = ctx;
    // The characters' abilities, shown on the buttons that choose them.
    this.glossary = {};
    glossaryOf('alakaslam').then((g) => {
      this.glossary = g.glossary;
      if (this.frame) this.update(this.frame);
    });
    this.hover = null; // the move whose landing is previewed on the court
    this.els = {
      score: h('div', { class: 'ak-score' }),
      status: h('div', { class: 'ak-status', 'aria-live': 'polite' }),
      court: s('svg', { class: 'ak-court', role: 'img', 'aria-label': 'The court' }),
      players: h('div', { class: 'ak-players' }),
      hand: h('div', { class: 'ak-handbox' }),
      info: h('div', { class: 'ak-info' }),
      preview: h('div', { class: 'ak-preview', 'aria-live': 'polite' }),
      moves: h('div', { class: 'moves', role: 'group', 'aria-label': 'Your moves' }),
    };
    this.els.root = h('div', { class: 'ak' },
      h('div', { class: 'ak-top' }, this.els.score, this.els.status),
      h('div', { class: 'ak-main' },
        h('div', {}, this.els.court),
        h('div', { class: 'ak-side' }, this.els.players, this.els.hand, this.els.info)),
      ctx.readOnly ? null : h('div', { class: 'ak-play' }, this.els.preview, this.els.moves));
    replace(root, this.els.root);
  }

  update(frame) {
    this.frame = frame;
    const v = frame.view;
    this.name = (seat) => (seat === frame.seat ? 'you' : nameOf(this.ctx, frame, seat));
    this.els.root.classList.toggle('setup', SETUP_PHASES.has(v.phase) && (frame.legal || []).length > 0);
    this.drawTop(frame, v);
    this.drawCourt(frame, v);
    this.drawPlayers(frame, v);
    this.drawHand(frame, v);
    this.drawInfo(v);
    if (!this.ctx.readOnly) this.drawMoves(frame, v);
  }

  // teamName names team t as a label or a sentence's start: capitalised unless within a
  // sentence, where it reads as the log does ("point to you", "to heuristic bot & Ann").
  teamName(v, t, within = false) {
    const seats = v.players.filter((p) => p.team === t).map((p) => p.seat);
    const cap = within ? (x) => x : capitalize;
    if (seats.includes(this.frame.seat)) return cap(seats.length === 1 ? 'you' : 'your team');
    return seats.map((x) => cap(this.name(x))).join(' & ');
  }

  drawTop(frame, v) {
    replace(this.els.score, `${this.teamName(v, 0)} ${v.points[0]} – ${v.points[1]} ${this.teamName(v, 1)}`,
      h('span', { class: 'muted small' }, ` · first to ${v.target} · ${v.format}`));
    let status;
    if (v.winner >= 0) status = `${this.teamName(v, v.winner)} won the match.`;
    else if (stoppedEarly(frame, false)) status = stoppedText(frame);
    // Out of reach, the shared "move onto the ball's space, then hit" is no advice: the hand's
    // own reason (a card's why) says so instead.
    else if (v.toMove === frame.seat && (v.hand || []).some((c) => /out of your reach/.test(c.why || ''))) status = 'Your turn: the ball is out of your reach this turn, so you cannot hit it.';
    else if (v.toMove === frame.seat) status = `Your turn to ${v.doing}.`;
    else if (v.toMove >= 0) status = `${capitalize(this.name(v.toMove))} to ${v.doing}.`;
    // A chance step names its player as the page does ("Ann is drawing", not "player 1").
    else status = capitalize(withNames(v.doing, this.ctx.seats, frame.seat)) + '.';
    replace(this.els.status, status);
  }

  // flip reports that the viewer defends the top half: the court is turned around for them.
  flip(frame, v) {
    const me = v.players[frame.seat];
    return !!me && me.team === 1;
  }

  xy(frame, v, cell) {
    const f = this.flip(frame, v);
    const col = f ? v.cols - 1 - cell.col : cell.col;
    const row = f ? cell.row : v.rows - 1 - cell.row;
    return { x: PAD + col * CELL + CELL / 2, y: PAD + row * CELL + CELL / 2 };
  }

  drawCourt(frame, v) {
    const f = this.flip(frame, v);
    const W = PAD * 2 + v.cols * CELL, H = PAD * 2 + v.rows * CELL;
    const svg = this.els.court;
    svg.setAttribute('viewBox', `0 0 ${W} ${H}`);
    const parts = [];
    const myTeam = v.players[frame.seat]?.team ?? 0;
    for (let r = 0; r < v.rows; r++) {
      for (let c = 0; c < v.cols; c++) {
        const p = this.xy(frame, v, { row: r, col: c });
        const mine = (r < v.rows / 2 ? 0 : 1) === myTeam;
        parts.push(s('rect', {
          x: p.x - CELL / 2 + 2, y: p.y - CELL / 2 + 2, width: CELL - 4, height: CELL - 4, rx: 8,
          fill: mine ? '#cfe8d6' : '#b9dcc4', stroke: '#fff', 'stroke-width': 2,
        }));
        parts.push(s('text', { x: p.x - CELL / 2 + 8, y: p.y - CELL / 2 + 16, 'font-size': 10, fill: '#5b6a62' }, `${r + 1}·${c + 1}`));
      }
    }
    // The red and blue sides of the court.
    const leftRed = !f;
    parts.push(s('rect', { x: 4, y: PAD, width: 10, height: v.rows * CELL, rx: 4, fill: leftRed ? CARD_RED : CARD_BLUE }));
    parts.push(s('rect', { x: W - 14, y: PAD, width: 10, height: v.rows * CELL, rx: 4, fill: leftRed ? CARD_BLUE : CARD_RED }));
    parts.push(s('text', { x: PAD, y: 20, 'font-size': 13, 'font-weight': 700, fill: leftRed ? CARD_RED : CARD_BLUE }, leftRed ? '◀ red' : '◀ blue'));
    parts.push(s('text', { x: W - PAD, y: 20, 'font-size': 13, 'font-weight': 700, 'text-anchor': 'end', fill: leftRed ? CARD_BLUE : CARD_RED }, leftRed ? 'blue ▶' : 'red ▶'));
    // The net.
    parts.push(s('line', { x1: PAD - 10, x2: W - PAD + 10, y1: PAD + (v.rows / 2) * CELL, y2: PAD + (v.rows / 2) * CELL, stroke: '#1b2420', 'stroke-width': 5, 'stroke-dasharray': '10 5' }));
    // Its label sits on the line, on a tag of its own, never over a court card's number.
    const netY = PAD + (v.rows / 2) * CELL;
    parts.push(s('rect', { x: W / 2 - 20, y: netY - 8, width: 40, height: 16, rx: 8, fill: '#1b2420' }));
    parts.push(s('text', { x: W / 2, y: netY + 4, 'font-size': 11, 'font-weight': 700, 'text-anchor': 'middle', fill: '#fff' }, 'NET'));
    // The last shot's flight.
    // A ball sent off the court lands at the court's edge on screen: its flight stays on the
    // board instead of running across the page.
    const inBox = (p) => ({ x: Math.min(Math.max(p.x, 10), W - 10), y: Math.min(Math.max(p.y, 10), H - 10) });
    const sh = v.lastShot;
    if (sh) {
      const pts = [sh.from, sh.mid, sh.to].map((c) => inBox(this.xyFree(frame, v, c)));
      parts.push(s('polyline', {
        points: pts.map((p) => `${p.x},${p.y}`).join(' '), fill: 'none',
        stroke: sh.result === 'in' ? '#9fb31a' : '#b42318', 'stroke-width': 3, 'stroke-dasharray': '6 5', opacity: 0.8,
      }));
      if (sh.result !== 'in') {
        const p = pts[2];
        parts.push(s('text', { x: p.x, y: p.y + 4, 'text-anchor': 'middle', 'font-size': 14, 'font-weight': 800, fill: '#b42318' }, '✕'));
      }
    }
    // The landing previewed: the cards picked, or the move under the pointer.
    const aim = this.aimPreview(frame, v);
    if (aim && v.ball) {
      const a = this.xy(frame, v, v.ball), b = inBox(this.xyFree(frame, v, aim));
      const ok = aim.result === 'in';
      parts.push(s('line', { x1: a.x, y1: a.y, x2: b.x, y2: b.y, stroke: ok ? '#2f7d4f' : '#b42318', 'stroke-width': 3, 'stroke-dasharray': '3 4' }));
      parts.push(s('circle', { cx: b.x, cy: b.y, r: 11, fill: 'none', stroke: ok ? '#2f7d4f' : '#b42318', 'stroke-width': 3 }));
    }
    // Players.
    for (const p of v.players) {
      if (!p.at) continue;
      const c = this.xy(frame, v, p.at);
      const mates = v.players.filter((q) => q.at && q.at.row === p.at.row && q.at.col === p.at.col);
      const dx = mates.length > 1 ? (mates.indexOf(p) === 0 ? -14 : 14) : 0;
      const acting = v.toMove === p.seat;
      parts.push(s('g', { transform: `translate(${c.x + dx - 12} ${c.y + 6})` },
        acting ? s('circle', { r: 22, fill: 'none', stroke: '#d7ea3c', 'stroke-width': 5 }) : null,
        s('circle', { r: 17, fill: TEAM_COLORS[p.team], stroke: p.seat === frame.seat ? '#1b2420' : '#fff', 'stroke-width': 3 }),
        s('text', { y: 6, 'text-anchor': 'middle', 'font-size': 16, 'font-weight': 800, fill: '#fff' }, String(p.seat + 1)),
        p.required ? s('text', { x: 14, y: -12, 'font-size': 12, 'font-weight': 800, fill: ENCHANT }, `✦${p.required}`) : null));
    }
    if (v.ball) {
      const c = this.xy(frame, v, v.ball);
      parts.push(s('g', { transform: `translate(${c.x + 20} ${c.y - 18})` },
        s('circle', { r: 10, fill: '#d7ea3c', stroke: '#9fb31a', 'stroke-width': 2 }),
        s('path', { d: 'M -6 -6 Q 0 0 -6 6 M 6 -6 Q 0 0 6 6', fill: 'none', stroke: '#fff', 'stroke-width': 1.5 })));
    }
    replace(svg, parts);
    const bits = [];
    if (v.ball) bits.push(`ball on ${cellName(v.ball)}`);
    for (const p of v.players) if (p.at) bits.push(`${this.name(p.seat)} on ${cellName(p.at)}`);
    svg.setAttribute('aria-label', `The court, ${v.rows} rows by ${v.cols} columns: ${bits.join(', ')}`);
  }

  // xyFree places a space that may lie off the court (a ball out of bounds).
  xyFree(frame, v, cell) {
    return this.xy(frame, v, cell);
  }

  // aimPreview is where the ball would land: with the move under the pointer added to the
  // cards picked, or with the cards picked.
  aimPreview(frame, v) {
    if (!v.ball) return null;
    if (this.hover && v.hitter === frame.seat && v.toMove === frame.seat) {
      const c = parseCard(this.hover);
      if (c && /^pick /.test(this.hover)) {
        c.straight = / straight$/.test(this.hover);
        return landing(v, [...(v.picked || []), c]);
      }
    }
    return v.aim ? { ...v.aim.to, result: v.aim.result } : null;
  }

  drawPlayers(frame, v) {
    replace(this.els.players, v.players.map((p) => {
      const tags = [];
      if (p.required) tags.push(h('span', { class: 'ak-tag warn' }, `enchanted: exactly ${p.required}${p.locked ? ', no Enchantment' : ''}`));
      if (p.picked) tags.push(h('span', { class: 'ak-tag' }, p.pickedCards ? `picked ${p.pickedCards.map((c) => c.name).join(', ')}` : `${p.picked} picked, not shown`));
      if (p.used) tags.push(h('span', { class: 'ak-tag' }, `used ${p.used.map((k) => this.characterName(k)).join(', ')}`));
      if (p.ability && p.ability !== p.character) tags.push(h('span', { class: 'ak-tag' }, `copying ${this.characterName(p.ability)}`));
      const hand = frame.views?.[p.seat]?.hand;
      return h('div', { class: `ak-player${v.toMove === p.seat ? ' acting' : ''}` },
        h('span', { class: 'ak-dot', style: `background:${TEAM_COLORS[p.team]}` }, String(p.seat + 1)),
        h('strong', {}, capitalize(this.name(p.seat))),
        h('span', { class: 'muted' }, p.name || 'no character yet'),
        h('span', { class: 'muted small' }, plural(p.handSize, 'card')),
        tags,
        hand && p.seat !== frame.seat ? h('div', { class: 'ak-hand' }, hand.map((c) => cardEl(c, { small: true }))) : null);
    }));
  }

  // cardMoves maps a card kind to the legal move a click on it plays: a pick, which can be
  // taken back. A card whose only use is one that cannot be taken back (an Enchantment spent
  // for a space) is played by its button, never by a click on the card; spends maps it to that
  // move, for the card's note.
  cardMoves(frame) {
    const picks = new Map();
    const spends = new Map();
    for (const c of frame.legal || []) {
      const card = parseCard(c.text);
      if (!card || /^draw |^reveal /.test(c.text) || / straight$/.test(c.text)) continue;
      const key = card.enchant ? `e${card.value}` : `${card.value}${card.color[0]}`;
      const into = /^spend /.test(c.text) ? spends : picks;
      if (!into.has(key)) into.set(key, c);
    }
    return { picks, spends };
  }

  drawHand(frame, v) {
    if (frame.seat === SPECTATOR || !v.hand) {
      replace(this.els.hand);
      return;
    }
    const { picks, spends } = this.cardMoves(frame);
    const cards = v.hand.map((c, i) => {
      const m = picks.get(c.short);
      const spend = spends.get(c.short);
      return cardEl(c, {
        key: `hand:${i}`,
        dim: !m,
        // A card the game says cannot be picked now gives its reason ("move to the ball first").
        note: m ? m.text : spend ? `discard it for a space with the "${capitalize(spend.text)}" button` : c.why || 'no move with it now',
        disabled: frame.busy || !m || this.ctx.readOnly,
        onclick: () => { if (m) this.ctx.play?.(m); },
      });
    });
    replace(this.els.hand,
      h('div', { class: 'hand-label' }, h('strong', {}, 'Your hand'), ' ', h('span', { class: 'muted' }, plural(v.hand.length, 'card'))),
      h('div', { class: 'ak-hand' }, cards),
      // Where every card is held back for one reason (away from the ball), it is said once.
      v.hand.length && v.hand.every((c) => c.why && c.why === v.hand[0].why) ? h('p', { class: 'ak-why muted' }, capitalize(v.hand[0].why)) : null,
      v.picked?.length ? h('div', {}, h('span', { class: 'muted' }, 'Picked for the hit: '), h('span', { class: 'ak-hand' }, v.picked.map((c) => cardEl(c, { small: true })))) : null,
      v.drawn?.length ? h('div', {}, h('span', { class: 'muted' }, 'Drawn with Laurie: '), h('span', { class: 'ak-hand' }, v.drawn.map((c) => cardEl(c, { small: true })))) : null);
  }

  drawInfo(v) {
    const sh = v.lastShot;
    const lp = v.lastPoint;
    const discards = v.discards.reduce((a, c) => a + c.count, 0);
    replace(this.els.info,
      h('div', {}, h('strong', {}, 'Deck'), plural(v.drawPile, 'card'), ' · ', h('strong', {}, 'Discards'), plural(discards, 'card'),
        v.reshuffles ? h('span', { class: 'muted' }, ` · reshuffled ${v.reshuffles}×`) : null),
      v.table.length ? h('div', {}, h('strong', {}, 'On the table'), h('span', { class: 'ak-hand' }, v.table.flatMap((c) => Array.from({ length: c.count }, () => cardEl(c, { small: true }))))) : null,
      sh ? h('div', {}, h('strong', {}, sh.serve ? 'Last serve' : 'Last shot'),
        sh.plays.map((p) => `${this.name(p.seat)}: ${p.cards.map((c) => c.name + (c.straight ? ' (straight)' : '')).join(', ')}${p.laurie ? ' (Laurie)' : ''}`).join('; '),
        // Off the court, what happened, not a row or column the court does not have.
        ` → ${landingText(v, { ...sh.to, result: sh.result }, sh.plays.flatMap((p) => p.cards)).replace(/^to /, '')}`) : null,
      lp ? h('div', {}, h('strong', {}, `Point ${lp.number}`), `${lp.how}, to ${this.teamName(v, lp.winner, true)}`) : null,
      v.call && !lp ? h('div', { class: 'muted' }, `${capitalize(this.name(0))} called ${v.call}${v.revealed ? `; revealed ${v.revealed}` : ''}${v.revealed && !v.needCall && v.server >= 0 ? `: ${firstServe(this.teamName(v, v.players[v.server]?.team ?? v.server, true))}` : ''}`) : null);
  }

  // detail explains a move: where a pick or a step leads.
  detail(frame, v, text) {
    if (this.glossary[text]) return this.glossary[text];
    const c = parseCard(text);
    if (c && /^pick /.test(text) && v.ball) {
      c.straight = / straight$/.test(text);
      if (v.support === frame.seat) return 'continues from where the first player\'s cards leave the ball';
      const cards = [...(v.picked || []), c];
      return `ball ${landingText(v, landing(v, cards), cards)}`;
    }
    let m = /^move (forward|back|red|blue)$/.exec(text);
    if (m) {
      const me = v.players[frame.seat];
      if (!me?.at) return '';
      const fwd = me.team === 0 ? 1 : -1;
      const to = { row: me.at.row, col: me.at.col };
      if (m[1] === 'forward') to.row += fwd;
      if (m[1] === 'back') to.row -= fwd;
      if (m[1] === 'red') to.col -= 1;
      if (m[1] === 'blue') to.col += 1;
      const onBall = v.ball && to.row === v.ball.row && to.col === v.ball.col;
      return `to ${cellName(to)}${onBall ? ' (the ball)' : ''}`;
    }
    if (/^spend /.test(text)) return v.format === 'canadian' && v.players[frame.seat]?.team === 1 ? '+2 spaces' : '+1 space';
    if (text === 'hit') return v.aim ? `ball ${landingText(v, { ...v.aim.to, result: v.aim.result }, v.picked || [])}` : 'play the cards picked';
    if (text === 'concede') return 'the other side wins the point';
    if (text === 'draw three') return 'Laurie: draw 3, play 1';
    m = /^toots player (\d)$/.exec(text);
    if (m) return 'discard the hand, draw as many';
    return '';
  }

  // moveText says a move's notation for a page that lists moves (the replay's "Next:"): a
  // character by its name, "choose Sorceress Sarissia" for "choose sarissia".
  moveText(text) {
    const m = /^(choose|copy|deal) (\w+)$/.exec(text);
    return m ? `${m[1]} ${this.characterName(m[2])}` : text;
  }

  // characterName is a character's full name ("Kismetician Laurie") for its option key
  // ("laurie"), from the glossary once it is read.
  characterName(key) {
    const about = this.glossary[`choose ${key}`];
    const cut = about ? about.indexOf(': ') : -1;
    return cut > 0 ? about.slice(0, cut) : capitalize(key);
  }

  // labelOf is a move button's label and detail: a character by its name ("Choose Æthermancer
  // Austin", its ability below), other moves by their notation.
  labelOf(frame, v, text) {
    const m = /^(choose|copy) (\w+)$/.exec(text);
    const about = m && this.glossary[`choose ${m[2]}`];
    const cut = about ? about.indexOf(': ') : -1;
    if (cut > 0) return [`${capitalize(m[1])} ${about.slice(0, cut)}`, about.slice(cut + 2)];
    if (m) return [`${capitalize(m[1])} ${capitalize(m[2])}`, this.detail(frame, v, text)];
    return [capitalize(text), this.detail(frame, v, text)];
  }

  drawMoves(frame, v) {
    const legal = frame.legal || [];
    const aim = v.aim;
    const need = pickMore(v, legal);
    replace(this.els.preview, aim
      ? h('span', { class: `ak-preview ${aim.result === 'in' && !need ? 'in' : 'bad'}` }, `${legal.length ? 'Your cards send' : 'The cards picked send'} the ball ${landingText(v, { ...aim.to, result: aim.result }, v.picked || [])}.${need}`)
      : null);
    replace(this.els.moves, legal.map((c, i) => {
      const [label, detail] = this.labelOf(frame, v, c.text);
      // A move after which the player can no longer hit says so, and looks as risky as it is.
      const note = v.notes?.find((n) => n.move === c.text)?.note;
      const b = moveButton(this.ctx, frame, c, i, label, note ? [detail, note].filter(Boolean).join(' · ') : detail,
        c.text === 'concede' || note ? 'danger' : '');
      b.addEventListener('pointerenter', (e) => { if (pointsAt(e, b)) { this.hover = c.text; this.drawCourt(frame, v); } });
      b.addEventListener('pointerleave', () => { this.hover = null; this.drawCourt(frame, v); });
      b.addEventListener('focus', () => { this.hover = c.text; this.drawCourt(frame, v); });
      b.addEventListener('blur', () => { this.hover = null; this.drawCourt(frame, v); });
      return b;
    }));
  }
}

// firstServe says who serves first, the verb agreeing: "you serve first", "Ann & Cy serve
// first", "Bob serves first".
function firstServe(who) {
  return `${who} ${who === 'you' || who.includes(' & ') ? 'serve' : 'serves'} first`;
}
