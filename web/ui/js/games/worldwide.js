// Worldwide Tennis: the court seen from above with the viewer's half at the bottom, each half
// split into its backhand, centre and forehand zones along the baseline and the volley zone at
// the net (a right-hander's view, as the rules draw it: the far player's forehand is on the
// viewer's left). Both players, the ball, each side's stars, cards and effects, the rally so
// far, the viewer's hand as cards to click (with the d20 each shot needs), and every legal move
// as a button. Selecting or hovering a card or a move previews it: its target zones light up on
// the opponent's half and its odds are shown. In solo play the automaton's piles are shown.
// Spectators and replays watch from player 1's end.

import { h, s, replace, plural, capitalize } from '../dom.js';
import { moveButton, pointsAt, nameOf, stoppedText, stoppedEarly } from './common.js';

const ZONES = ['BH', 'N', 'FH', 'V'];
const ZONE_NAMES = { BH: 'backhand', N: 'centre', FH: 'forehand', V: 'net' };
const SURFACES = {
  clay: ['#c8693c', '#b85a30'], hard: ['#3f77b5', '#2f5f95'], grass: ['#4f9a58', '#3f8047'], indoor: ['#7a6aa8', '#63558d'],
};
const COLORS = { blue: '#2563c9', orange: '#d9480f', red: '#c2255c' };

// Court geometry in SVG units: each half has a baseline row of three zones and a volley strip.
const W = 360, CW = 110, X0 = 15, BASE = 74, VOL = 44, TOP = 12, NET = TOP + BASE + VOL;
const H = NET + VOL + BASE + TOP;

const STYLE = `
.ww { display: grid; gap: .75rem; }
.ww-top { display: flex; flex-wrap: wrap; gap: .5rem 1.25rem; align-items: center; }
.ww-board { display: grid; gap: .1rem; font-variant-numeric: tabular-nums; }
.ww-board .row { display: flex; gap: .55rem; align-items: center; }
.ww-board .nm { min-width: 7.5rem; font-weight: 600; }
.ww-board .g { min-width: 1.2rem; text-align: center; font-weight: 700; }
.ww-board .pts { min-width: 1.8rem; text-align: center; font-weight: 800; color: var(--accent-strong); }
.ww-board .srv { width: .8rem; height: .8rem; border-radius: 50%; background: var(--ball); border: 1px solid var(--ball-line); visibility: hidden; }
.ww-board .srv.on { visibility: visible; }
.ww-tags { display: flex; flex-wrap: wrap; gap: .3rem; }
.ww-tag { font-size: .75rem; padding: .05rem .45rem; border-radius: 4px; background: var(--surface-2); border: 1px solid var(--line); }
.ww-tag.warn { background: var(--warn-soft); border-color: #f0c77a; color: var(--warn); font-weight: 700; }
.ww-caption { color: var(--muted); flex: 1 1 16rem; margin: 0; }
.ww-caption strong { color: var(--ink); }
.ww-main { display: grid; gap: .75rem; grid-template-columns: repeat(auto-fit, minmax(min(100%, 19rem), 1fr)); align-items: start; }
.ww-court { width: 100%; max-width: 26rem; height: auto; display: block; margin: 0 auto; }
.ww-court text { font: 600 10px system-ui, sans-serif; fill: #fff; text-anchor: middle; pointer-events: none; }
.ww-court .zlabel { font-size: 9px; fill: rgb(255 255 255 / 70%); }
.ww-court .target { fill: rgb(215 234 60 / 45%); stroke: var(--ball); stroke-width: 2; }
.ww-court .pawn { stroke: #fff; stroke-width: 2.5; }
.ww-court .ball { fill: var(--ball); stroke: var(--ball-line); stroke-width: 1.5; }
.ww-side { display: grid; gap: .5rem; }
/* On a phone the moves come right under the court, before the hand and the players' panels,
   which would otherwise push them a long scroll down. */
@media (max-width: 600px) {
  .ww-main { display: contents; }
  .ww-main > :first-child { order: 1; }
  .ww > .ww-moves-box { order: 2; }
  .ww > .ww-hand-box { order: 3; }
  .ww-side { order: 4; }
  .ww-top { order: 0; }
}
.ww-player { display: grid; gap: .25rem; padding: .45rem .6rem; border-radius: 10px; background: var(--surface); border: 1px solid var(--line); }
.ww-player.acting { border-color: var(--accent); box-shadow: 0 0 0 2px var(--accent-soft); }
.ww-player .head { display: flex; flex-wrap: wrap; gap: .2rem .5rem; align-items: baseline; }
.ww-player .stars { color: #c47f00; letter-spacing: .05em; }
.ww-player .facts { font-size: .82rem; color: var(--muted); }
.ww-rally { margin: 0; padding-left: 1.4rem; font-size: .85rem; display: grid; gap: .1rem; max-height: 14rem; overflow: auto; }
.ww-rally .fault { color: var(--danger); }
.ww-rally .win { color: var(--accent-strong); font-weight: 700; }
.ww-hand { display: flex; flex-wrap: wrap; gap: .35rem; }
.ww-card { display: grid; gap: .05rem; width: 7.6rem; padding: .3rem .4rem; border-radius: 8px; border: 2px solid var(--line);
  border-left: 6px solid var(--c); background: var(--surface); color: var(--ink); font: inherit; text-align: left; line-height: 1.15; min-height: 0; }
.ww-card .nm { font-weight: 700; font-size: .8rem; }
.ww-card .ln { font-size: .72rem; color: var(--muted); }
.ww-card .odds { font-size: .75rem; font-weight: 700; color: var(--accent-strong); }
button.ww-card { cursor: pointer; }
button.ww-card.playable { border-color: var(--accent); }
button.ww-card.playable:hover:not(:disabled) { transform: translateY(-2px); }
.ww-card.selected { box-shadow: 0 0 0 3px var(--focus); }
.ww-card.dim { opacity: .55; }
.ww-preview { min-height: 1.4rem; display: grid; }
/* Every preview of the position is laid in the same cell, only one shown: the box is as tall as
   the tallest, so pointing at a move never moves the moves from under the pointer. */
.ww-preview > .ww-layer { grid-area: 1 / 1; display: flex; flex-wrap: wrap; gap: .4rem; align-items: center; align-content: flex-start; visibility: hidden; }
.ww-preview > .ww-layer.on { visibility: visible; }
/* A finger's tap plays a move at once: on a touch screen the help says how to preview instead. */
.ww-touch { display: none; }
@media (hover: none) { .ww-mouse { display: none; } .ww-touch { display: inline; } }
.ww-section > h3 { font-size: .85rem; text-transform: uppercase; letter-spacing: .04em; color: var(--muted); margin: 0 0 .3rem; }
`;

export function create(root, ctx) {
  if (!document.getElementById('ww-style')) {
    document.head.append(h('style', { id: 'ww-style' }, STYLE));
  }
  return new WorldwideView(root, ctx);
}

// scoreText is the score line of the status bar.
export function scoreText(frame) {
  return frame.view?.score || frame.result?.score || '';
}

// cardOf reads the card number a move names: "play #25 Forehand attack" -> 25.
export function cardOf(text) {
  const m = /^(play|serve|discard|plan|draw) #(\d+)/.exec(text);
  return m ? { verb: m[1], card: Number(m[2]) } : { verb: text, card: 0 };
}

// hopeless reports odds that no roll of the d20 can meet as they stand (stars not yet paid
// may still lower the need under the advanced rules).
function hopeless(o) {
  return Boolean(o && o.need && o.chance === 0);
}

// pct writes a chance as a percentage.
function pct(p) {
  return `${Math.round(p * 100)}%`;
}

// zoneRect places zone z of a half: the near half at the bottom seen from behind (backhand on
// the left), the far half at the top facing the viewer (its backhand on the right).
function zoneRect(z, near) {
  if (z === 'V') return { x: X0, y: near ? NET : NET - VOL, w: 3 * CW, h: VOL };
  const col = ZONES.indexOf(z);
  const x = X0 + (near ? col : 2 - col) * CW;
  return { x, y: near ? NET + VOL : TOP, w: CW, h: BASE };
}

class WorldwideView {
  constructor(root, ctx) {
    this.ctx = ctx;
    this.selected = 0; // the viewer's card whose preview is shown
    this.hover = null; // the move previewed
    this.frame = null;
    this.els = {
      board: h('div', { class: 'ww-board', 'aria-label': 'Scoreboard' }),
      tags: h('div', { class: 'ww-tags' }),
      caption: h('p', { class: 'ww-caption', 'aria-live': 'polite' }),
      court: s('svg', { class: 'ww-court', viewBox: `0 0 ${W} ${H}`, role: 'img', 'aria-label': 'The court' }),
      players: h('div', { class: 'ww-side' }),
      rally: h('div', { class: 'ww-section' }),
      hand: h('div', { class: 'ww-section ww-hand-box' }),
      preview: h('div', { class: 'ww-preview', 'aria-live': 'polite' }),
      moves: h('div', { class: 'moves', role: 'group', 'aria-label': 'Your moves' }),
    };
    replace(root, h('div', { class: 'ww' },
      h('div', { class: 'ww-top' }, this.els.board, h('div', { class: 'ww-tags-wrap' }, this.els.tags), this.els.caption),
      h('div', { class: 'ww-main' }, h('div', {}, this.els.court), h('div', { class: 'ww-side' }, this.els.players, this.els.rally)),
      this.els.hand,
      ctx.readOnly ? null : h('div', { class: 'ww-section ww-moves-box' }, this.els.preview, this.els.moves)));
  }

  update(frame) {
    this.frame = frame;
    const v = frame.view;
    this.near = frame.seat === 0 || frame.seat === 1 ? frame.seat : 0;
    if (v.solo) this.near = 0;
    this.far = 1 - this.near;
    if (frame.busy) { this.selected = 0; this.hover = null; }
    if (this.hover && !(frame.legal || []).some((c) => c.action === this.hover.action)) this.hover = null;
    this.odds = new Map((v.odds || []).map((o) => [o.action, o]));
    const byCard = this.cardMoves(frame);
    if (this.selected && !byCard.has(this.selected) && !(v.hand || []).some((c) => c.id === this.selected)) this.selected = 0;
    this.drawBoard(frame, v);
    this.drawCaption(frame, v);
    this.drawCourt(frame, v);
    this.drawPlayers(frame, v);
    this.drawRally(frame, v);
    this.drawHand(frame, v, byCard);
    if (!this.ctx.readOnly) {
      this.drawPreviews(frame, v, byCard);
      this.drawMoves(frame, v);
    }
  }

  // name is how the viewer reads a side: "you", a seat's name, or "the automaton".
  name(frame, side) {
    if (frame.view.solo && side === 1) return 'the automaton';
    if (side === frame.seat) return 'you';
    return nameOf(this.ctx, frame, side);
  }

  // cardMoves maps each card number to the legal move that uses it.
  cardMoves(frame) {
    const out = new Map();
    for (const c of frame.legal || []) {
      const m = cardOf(c.text);
      if (m.card && m.verb !== 'draw') out.set(m.card, c);
    }
    return out;
  }

  drawBoard(frame, v) {
    const t = v.tennis || {};
    // Seat order, as the status bar's score reads ("0-1": player 1's points first).
    const rows = [0, 1].map((side) => h('div', { class: 'row' },
      h('span', { class: `srv${!t.over && v.server === side ? ' on' : ''}`, title: 'serving' }),
      h('span', { class: 'nm' }, capitalize(this.name(frame, side)), t.over && t.winner === side ? ' ✓' : ''),
      (t.sets || []).map((set) => h('span', { class: 'g' }, String(set.games[side]))),
      // A match over keeps its last points where it has no sets to show (a tiebreak's 7-3).
      t.over && (t.sets || []).length ? null : h('span', { class: 'pts' }, t.points?.[side] ?? '')));
    replace(this.els.board, rows);
    const tags = [
      v.mode === 'match' ? `Best of ${v.bestOf}` : 'Tiebreak to 7',
      `${capitalize(v.surface)} court`,
      { initiation: 'Initiation match', basic: 'Basic rules', advanced: 'Advanced rules' }[v.rules] ?? `${v.rules} rules`,
    ];
    if (v.challenges) tags.push(v.rallyChallenges ? 'Challenges (rally shots)' : 'Challenges');
    if (v.secondServeAny) tags.push('Any second serve');
    if (v.playerCards) tags.push('Player cards');
    replace(this.els.tags,
      tags.map((x) => h('span', { class: 'ww-tag' }, x)),
      t.tiebreak && v.mode === 'match' ? h('span', { class: 'ww-tag warn' }, 'Tiebreak') : null,
      t.decidingPoint ? h('span', { class: 'ww-tag warn' }, 'Deciding point') : null,
      v.secondServe && v.phase.startsWith('serve') ? h('span', { class: 'ww-tag warn' }, 'Second serve') : null,
      v.changeOfEnds ? h('span', { class: 'ww-tag' }, 'Change of ends') : null);
  }

  drawCaption(frame, v) {
    const parts = [];
    const lp = v.lastPoint;
    if (lp && (v.rally || []).length === 0) {
      parts.push(lp.winner < 0 ? 'Ball in: the point is replayed. '
        : `Point ${lp.number} to ${this.name(frame, lp.winner)} (${lp.how}). `);
    }
    if (v.phase === 'over') {
      const w = v.tennis?.winner;
      parts.push(h('strong', {}, w === frame.seat ? 'You win the match!' : `${capitalize(this.name(frame, w))} wins the match.`));
    } else if (stoppedEarly(frame, false)) {
      parts.push(stoppedText(frame));
    } else if (frame.toMove === frame.seat && frame.seat >= 0) {
      parts.push(h('strong', {}, `Your move: ${v.task}.`));
    } else if (frame.toMove >= 0) {
      parts.push(`${capitalize(this.name(frame, v.actor))} to ${v.task}.`);
    } else {
      parts.push(capitalize(v.prompt) + '.');
    }
    replace(this.els.caption, parts);
  }

  // previewCard is the card whose targets the court shows: the hovered or selected move's.
  previewCard(frame, v) {
    const text = this.hover?.text || '';
    const m = cardOf(text);
    if (m.card && (m.verb === 'play' || m.verb === 'serve')) return this.cardView(v, m.card);
    if (this.selected) return this.cardView(v, this.selected);
    return null;
  }

  cardView(v, id) {
    return (v.hand || []).find((c) => c.id === id) || (v.serves || []).find((c) => c.id === id) || null;
  }

  drawCourt(frame, v) {
    const [light, dark] = SURFACES[v.surface] || SURFACES.hard;
    const parts = [s('rect', { x: 0, y: 0, width: W, height: H, rx: 12, fill: dark })];
    for (const near of [false, true]) {
      for (const z of ZONES) {
        const r = zoneRect(z, near);
        parts.push(s('rect', { x: r.x, y: r.y, width: r.w, height: r.h, fill: light, stroke: '#fff', 'stroke-width': 2 }));
        parts.push(s('text', { class: 'zlabel', x: r.x + r.w / 2, y: near ? r.y + r.h - 6 : r.y + 12 }, ZONE_NAMES[z]));
      }
    }
    parts.push(s('line', { x1: X0 - 6, x2: X0 + 3 * CW + 6, y1: NET, y2: NET, stroke: '#f4f4f4', 'stroke-width': 4, 'stroke-dasharray': '3 2' }));
    // The preview: the card's target zones on the opponent's half (a serve's zone by the score).
    const card = this.previewCard(frame, v);
    if (card && frame.seat >= 0) {
      const opp = 1 - frame.seat;
      const targets = card.type === 'serve' ? [v.serveDir] : (card.targets || []);
      for (const z of targets) {
        const r = zoneRect(z, opp === this.near);
        parts.push(s('rect', { class: 'target', x: r.x + 3, y: r.y + 3, width: r.w - 6, height: r.h - 6, rx: 6 }));
      }
    }
    for (const side of [0, 1]) {
      const sd = v.sides[side];
      const r = zoneRect(sd.position, side === this.near);
      const cx = r.x + r.w / 2, cy = r.y + r.h / 2 + (sd.position === 'V' ? 0 : side === this.near ? -6 : 6);
      const acting = v.actor === side && v.phase !== 'over';
      parts.push(s('g', {},
        acting ? s('circle', { cx, cy, r: 17, fill: 'rgb(255 255 255 / 35%)' }) : null,
        s('circle', { class: 'pawn', cx, cy, r: 12, fill: side === this.near ? 'var(--near)' : 'var(--far)' }),
        s('text', { x: cx, y: cy + 3.5 }, v.solo && side === 1 ? 'A' : String(side + 1))));
    }
    if (v.ballSide >= 0 && v.ball) {
      const r = zoneRect(v.ball, v.ballSide === this.near);
      const bx = r.x + r.w / 2 + 22, by = r.y + r.h / 2;
      parts.push(s('circle', { class: 'ball', cx: bx, cy: by, r: 6 }));
    }
    replace(this.els.court, parts);
    this.els.court.setAttribute('aria-label', `The court: ${[0, 1].map((side) =>
      `${this.name(frame, side)} in the ${ZONE_NAMES[v.sides[side].position]} zone`).join(', ')}${v.ballSide >= 0 && v.ball
      ? `; the ball in ${this.name(frame, v.ballSide)}'s ${ZONE_NAMES[v.ball]} zone` : ''}`);
  }

  drawPlayers(frame, v) {
    const panel = (side) => {
      const sd = v.sides[side];
      const auto = v.solo && side === 1;
      const stars = '★'.repeat(sd.stars) + '☆'.repeat(Math.max(0, sd.starCap - sd.stars));
      const facts = auto
        ? [`piles: FH ${v.automaton.piles[0]}, BH ${v.automaton.piles[1]}, attack ${v.automaton.piles[2]}, defence ${v.automaton.piles[3]}, volley ${v.automaton.piles[4]}`,
          v.automaton.penalty ? `+${v.automaton.penalty} on its rolls` : null,
          v.automaton.smash ? `active Smash #${v.automaton.smash}` : null]
        : [`hand ${sd.handSize}/${sd.handLimit}`, `deck ${sd.deck}`, `discards ${sd.discard.length}`,
          v.challenges ? plural(sd.challenges, 'challenge') : null,
          `Winner needs ${sd.winner}`];
      return h('div', { class: `ww-player${v.actor === side && v.phase !== 'over' ? ' acting' : ''}` },
        h('div', { class: 'head' },
          h('strong', {}, capitalize(this.name(frame, side))),
          auto ? null : h('span', { class: 'stars', 'aria-label': `${sd.stars} of ${sd.starCap} stars` }, stars),
          h('span', { class: 'muted' }, `at ${ZONE_NAMES[sd.position]}`),
          (sd.effects || []).map((e) => h('span', { class: 'ww-tag warn' }, e)),
          sd.playerCard ? h('span', { class: 'ww-tag', title: sd.playerCard.powers }, sd.playerCard.name) : null),
        h('div', { class: 'facts' }, facts.filter(Boolean).join(' · ')),
        // Every player starts with the same six cards, so the opponent's unplayed ones are known.
        !auto && sd.knownText && side !== frame.seat ? h('div', { class: 'facts' }, sd.knownText) : null);
    };
    replace(this.els.players, panel(this.far), panel(this.near));
  }

  drawRally(frame, v) {
    const log = (v.rally || []).length ? v.rally : v.lastRally || [];
    const title = (v.rally || []).length ? 'This point' : v.lastPoint ? `Point ${v.lastPoint.number}` : 'Rally';
    replace(this.els.rally, h('h3', {}, title), log.length
      ? h('ol', { class: 'ww-rally' }, log.map((e) => {
        const who = capitalize(this.name(frame, e.side));
        let what = e.result;
        if (e.roll > 0) what = `d20 ${e.roll} vs ${e.need}: ${e.result}`;
        else if (e.result === 'good') what = e.why ? `no roll (${e.why})` : 'no roll';
        else if (e.result === 'pending' && e.need) what = `needs ${e.need}`;
        const cls = ['fault', 'called out'].includes(e.result) ? 'fault' : ['winner', 'ace'].includes(e.result) ? 'win' : '';
        return h('li', { class: cls },
          `${who}: #${e.card.id} ${e.card.name}${e.effect ? ` (${e.effect})` : ''}${e.stars ? `, ${plural(e.stars, 'star')}` : ''} — ${what}${e.target ? ` → ${ZONE_NAMES[e.target]}` : ''}`);
      }))
      : h('p', { class: 'muted small' }, 'No shot yet.'));
  }

  drawHand(frame, v, byCard) {
    const own = frame.seat >= 0 && !frame.views;
    const hand = frame.views ? frame.views[this.near]?.hand : v.hand;
    if (!hand) {
      replace(this.els.hand);
      return;
    }
    const cards = hand.map((c) => {
      const move = own ? byCard.get(c.id) : null;
      const odds = move ? this.odds.get(move.action) : null;
      const body = [
        h('span', { class: 'nm' }, `#${c.id} ${c.name}`),
        // The card in words (colour, difficulty and malus; where from and to; its icons).
        (c.text || '').split('; ').map((line) => h('span', { class: 'ln' }, line)),
        odds ? h('span', { class: 'odds', title: odds.why || '' }, odds.need ? `d20 ≥ ${odds.need} · ${hopeless(odds) ? `0%: no roll reaches it${v.rules === 'advanced' ? ' before stars' : ''}` : pct(odds.chance)}` : odds.why || 'no roll needed') : null,
      ];
      const style = `--c:${COLORS[c.color] || 'var(--line)'}`;
      if (!own) return h('span', { class: 'ww-card', style }, body);
      return h('button', {
        type: 'button', style,
        class: `ww-card${move ? ' playable' : ' dim'}${this.selected === c.id ? ' selected' : ''}`,
        'aria-pressed': this.selected === c.id ? 'true' : 'false',
        'aria-label': `#${c.id} ${c.name}${move ? `: ${move.text}` : ''}`,
        'data-focus-key': `card:${c.id}`,
        onclick: () => this.pick(c.id, move),
      }, body);
    });
    replace(this.els.hand, h('h3', {}, own ? `Your hand (${hand.length})` : `${capitalize(this.name(frame, this.near))}'s hand`),
      h('div', { class: 'ww-hand' }, cards));
  }

  // pick selects a card; picking the selected card again plays its move.
  pick(id, move) {
    if (this.selected === id && move && !this.frame.busy) {
      this.ctx.play?.(move);
      return;
    }
    this.selected = this.selected === id ? 0 : id;
    this.update(this.frame);
  }

  // drawPreviews lays out every preview the position can show (each legal move's, the selected
  // card's, the prompt) in one grid cell; showPreview shows the one that applies.
  drawPreviews(frame, v, byCard) {
    this.layers = new Map();
    const layer = (key, parts) => {
      const el = h('div', { class: 'ww-layer' }, parts);
      this.layers.set(key, el);
      return el;
    };
    const all = [];
    if (frame.toMove === frame.seat && frame.seat >= 0) {
      all.push(layer('', h('span', { class: 'muted' },
        h('span', { class: 'ww-mouse' }, 'Select a card, or hover a move, to see what it needs.'),
        h('span', { class: 'ww-touch' }, 'Tap a card to see what it needs; tapping a move plays it.'))));
    } else {
      all.push(layer('', null));
    }
    for (const c of frame.legal || []) all.push(layer(`hover:${c.action}`, this.previewParts(frame, v, c, '')));
    // A card selected shows its move with a button to play it: every card's is laid out, the
    // others' buttons as stand-ins, so that selecting a card moves nothing either.
    const chosen = this.selected ? byCard.get(this.selected) : null;
    for (const move of byCard.values()) all.push(layer(`card:${move.action}`, this.previewParts(frame, v, move, move === chosen ? 'play' : 'space')));
    if (this.selected && !chosen) all.push(layer('card:', h('span', { class: 'muted' }, `#${this.selected} cannot be played now.`)));
    replace(this.els.preview, all);
    this.showPreview();
  }

  // showPreview shows the hovered move's preview, else the selected card's, else the prompt.
  showPreview() {
    let key = '';
    if (this.hover) key = `hover:${this.hover.action}`;
    else if (this.selected) key = `card:${this.cardMoves(this.frame).get(this.selected)?.action ?? ''}`;
    const on = this.layers?.get(key) || this.layers?.get('');
    for (const el of this.layers?.values() || []) el.classList.toggle('on', el === on);
  }

  // previewParts says what move needs and does; button 'play' adds the button that plays it,
  // 'space' a stand-in as large that nobody can press.
  previewParts(frame, v, move, button) {
    const parts = [];
    const o = this.odds.get(move.action);
    parts.push(h('span', { class: 'what' }, capitalize(move.text)));
    if (o) parts.push(h('span', {}, o.need ? `needs d20 ≥ ${o.need}: ${hopeless(o) ? `0%: no roll reaches it${v.rules === 'advanced' ? ' before stars' : ''}` : pct(o.chance)}${o.ace ? `, ACE ${pct(o.ace)}` : ''}` : `validated without a roll${o.why ? ` (${o.why.replace(/^no roll: /, '')})` : ''}`));
    // What the number is made of: "difficulty 2 + malus 3 of the orange shot you answer".
    if (o?.need && o.why) parts.push(h('span', { class: 'muted' }, o.why));
    const card = this.cardView(v, cardOf(move.text).card);
    if (card?.targets?.length > 1) parts.push(h('span', { class: 'muted' }, `then choose: ${card.targets.map((z) => ZONE_NAMES[z]).join(' or ')}`));
    if (button === 'play') {
      parts.push(h('button', { type: 'button', class: 'primary', 'data-focus-key': 'preview-play', disabled: frame.busy || undefined, onclick: () => this.ctx.play(move) }, capitalize(move.text)));
    } else if (button === 'space') {
      parts.push(h('span', { class: 'button primary', 'aria-hidden': 'true' }, capitalize(move.text)));
    }
    return parts;
  }

  drawMoves(frame, v) {
    const legal = frame.legal || [];
    replace(this.els.moves, legal.map((c, i) => {
      const o = this.odds.get(c.action);
      let detail = '';
      if (o) detail = o.need ? `d20 ≥ ${o.need} · ${hopeless(o) ? `0%: no roll reaches it${v.rules === 'advanced' ? ' before stars' : ''}` : pct(o.chance)}${o.ace ? ` · ACE ${pct(o.ace)}` : ''}` : 'no roll';
      // A star that buys nothing more than one star fewer says so, not only its 100%.
      const more = /^stars (\d+)$/.exec(c.text);
      if (o && more) {
        const fewer = legal.find((x) => x.text === `stars ${Number(more[1]) - 1}`);
        const f = fewer && this.odds.get(fewer.action);
        if (f && o.chance <= f.chance && (o.ace || 0) <= (f.ace || 0)) detail += ` · no better than ${fewer.text}`;
      }
      // What a move whose notation says too little does (recovery, concentration, a plan).
      const about = v.moves?.find((m) => m.action === c.action)?.detail;
      if (about) detail = detail ? `${detail} · ${about}` : about;
      // A shot no roll can make (before any stars) is shown as the risk it is.
      const cls = c.text === 'concede' || c.text === 'accept the call' || hopeless(o) ? 'danger' : '';
      const b = moveButton(this.ctx, frame, c, i, capitalize(c.text), detail, cls);
      const enter = () => { this.hover = c; this.showPreview(); this.drawCourt(frame, v); };
      const leave = () => { if (this.hover === c) { this.hover = null; this.showPreview(); this.drawCourt(frame, v); } };
      b.addEventListener('pointerenter', (e) => { if (pointsAt(e, b)) enter(); });
      b.addEventListener('focus', enter);
      b.addEventListener('pointerleave', leave);
      b.addEventListener('blur', leave);
      return b;
    }));
  }
}
