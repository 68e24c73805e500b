// The match log as people read it: a run of routine lines (cards dealt and drawn) is collapsed,
// each repeated line shown once with its count, and notes of the page (a move played for the
// player) are shown where they happened.

import { h } from './dom.js';

// MINOR matches routine lines: deals and draws.
const MINOR = /\b(draws?|dealt|is dealt|are dealt) (a|an|\d)|\bdraw \d\b/;

export function isMinor(line) {
  return MINOR.test(line);
}

// collapse groups lines: a run of consecutive minor lines becomes one entry per distinct line,
// in order of first appearance, with how many times it occurred. Notes (index -> text) follow
// the line before them.
export function collapse(lines, notes = new Map()) {
  const out = [];
  let run = null; // Map text -> entry of the current minor run
  const noteAt = (i) => {
    if (notes.has(i)) {
      out.push({ text: notes.get(i), count: 1, minor: false, note: true });
      run = null;
    }
  };
  noteAt(0);
  lines.forEach((line, i) => {
    if (!isMinor(line)) {
      run = null;
      out.push({ text: line, count: 1, minor: false });
    } else {
      run ??= new Map();
      const e = run.get(line);
      if (e) e.count++;
      else {
        const entry = { text: line, count: 1, minor: true };
        run.set(line, entry);
        out.push(entry);
      }
    }
    noteAt(i + 1);
  });
  return out;
}

// renderLog fills the list el with the collapsed lines; name rewrites a line for the viewer.
export function renderLog(el, lines, notes, name) {
  const atBottom = el.scrollHeight - el.scrollTop - el.clientHeight < 40;
  el.replaceChildren(...collapse(lines, notes).map((e) => {
    const text = name(e.text);
    return h('li', { class: `${e.minor ? 'minor' : ''}${e.note ? ' note' : ''}${/^you\b/i.test(text) ? ' mine' : ''}`.trim() || null },
      text, e.count > 1 ? h('span', { class: 'count', 'aria-label': `${e.count} times` }, ` ×${e.count}`) : null);
  }));
  if (atBottom) el.scrollTop = el.scrollHeight;
}
