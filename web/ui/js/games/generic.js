// The view of any game without its own: the observation as readable text and every legal move
// as a button, so a new game is playable before it is drawn properly.

import { h, replace, capitalize } from '../dom.js';
import { moveButton } from './common.js';

export function create(root, ctx) {
  const pre = h('pre', { class: 'generic-view', tabindex: '0', 'aria-label': 'The game as text' });
  const hands = h('div', { class: 'generic-hands' });
  const moves = h('div', { class: 'moves', role: 'group', 'aria-label': 'Your moves' });
  replace(root, h('div', { class: 'generic' }, pre, hands, ctx.readOnly ? null : moves));
  return {
    update(frame) {
      pre.textContent = describe(frame.view);
      replace(hands, (frame.views || []).map((view, seat) => h('details', {},
        h('summary', {}, `${ctx.seats[seat]?.name || `player ${seat + 1}`}'s view`),
        h('pre', { class: 'generic-view' }, describe(view)))));
      if (!ctx.readOnly) {
        replace(moves, (frame.legal || []).map((c, i) => moveButton(ctx, frame, c, i, capitalize(c.text))));
      }
    },
  };
}

// describe renders an observation as indented "key: value" lines.
export function describe(value, indent = '') {
  if (value === null || value === undefined) return `${indent}—`;
  if (typeof value !== 'object') return `${indent}${value}`;
  const lines = [];
  const entries = Array.isArray(value) ? value.map((v, i) => [String(i + 1), v]) : Object.entries(value);
  for (const [k, v] of entries) {
    const key = Array.isArray(value) ? `${indent}${k}.` : `${indent}${humanize(k)}:`;
    if (v !== null && typeof v === 'object' && !isFlat(v)) {
      lines.push(key, describe(v, indent + '  '));
    } else {
      lines.push(`${key} ${flat(v)}`);
    }
  }
  return lines.join('\n');
}

function isFlat(v) {
  return Array.isArray(v) && v.every((x) => x === null || typeof x !== 'object');
}

function flat(v) {
  if (Array.isArray(v)) return v.length ? v.join(' ') : '—';
  if (v === null || v === undefined || v === '') return '—';
  return String(v);
}

// humanize turns "handSizes" into "hand sizes".
function humanize(key) {
  return key.replace(/([a-z])([A-Z])/g, '$1 $2').toLowerCase();
}
