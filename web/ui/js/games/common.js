// Pieces every game view shares.
//
// A game view is a module exporting create(root, ctx), which returns {update(frame)}:
//   ctx.play(choice)   sends one legal move ({action, text}); absent when read-only
//   ctx.readOnly       true on replays and for spectators
//   ctx.seats          [{name, bot}] in seat order
//   frame.view         the seat's observation (the game's Observation type)
//   frame.views        every seat's observation (replays only: all hands shown)
//   frame.seat         the viewer's seat from 0, or -3 for a spectator
//   frame.legal        the moves the viewer may play now, possibly empty
//   frame.toMove, frame.pending, frame.result, frame.busy (a move is on its way)
// It may also export scoreText(frame) for the status bar. Every legal move must be reachable by
// clicking; the page adds the number keys 1-9 (keyFor).

import { h } from '../dom.js';

export const SPECTATOR = -3;

// STOPPED is what a board says now of a match that ended before its game did (resigned, claimed,
// out of time, expired, called off): the page's status says how; the board only stops narrating
// a turn nobody will play.
export const STOPPED = 'Play stopped here.';

// stoppedText is what the board says of a match stopped early: STOPPED, or what the frame says
// itself (a lesson ends before its deal does).
export function stoppedText(frame) {
  return frame.stopped || STOPPED;
}

// stoppedEarly reports a match over by the table's decision while its game still had moves to
// play: the view's own phase still tells whose turn it was.
export function stoppedEarly(frame, gameOver) {
  return Boolean(frame.result?.over) && !gameOver;
}

// nameOf is how the viewer reads a seat's name: "You" for the viewer's own seat.
export function nameOf(ctx, frame, seat) {
  if (seat === frame.seat) return 'You';
  return ctx.seats[seat]?.name || `player ${seat + 1}`;
}

// byValue reports legal moves that are one word and a digit 1-9 each, all different ("serve 2",
// "serve 5"): their number keys are those digits, so that 3 serves a 3.
function byValue(legal) {
  const digits = new Set();
  let word = null;
  for (const c of legal || []) {
    const m = /^(\w+) ([1-9])$/.exec(c.text);
    if (!m || (word !== null && m[1] !== word) || digits.has(m[2])) return false;
    word = m[1];
    digits.add(m[2]);
  }
  return digits.size > 0;
}

// keyFor is the number key that plays legal[i], or '' for none: the move's own digit where
// every move has one (byValue), else its place in the list, 1 to 9.
export function keyFor(legal, i) {
  if (byValue(legal)) return /([1-9])$/.exec(legal[i].text)[1];
  return i < 9 ? String(i + 1) : '';
}

// choiceForKey is the legal move number key plays (keyFor), or undefined.
export function choiceForKey(legal, key) {
  return (legal || []).find((_, i) => keyFor(legal, i) === key);
}

// pointsAt says whether a pointerenter e on el is a pointer pointing at it, to preview: not a
// finger (a tap plays, and the browser's emulated hover after it lands on whatever the redraw
// put there), nor a pointer that has not moved since el was drawn under it (the board's
// .still, table.js).
export function pointsAt(e, el) {
  return e.pointerType !== 'touch' && !el.closest('.still');
}

// moveButton is a button that plays choice, numbered for the keyboard (keyFor).
export function moveButton(ctx, frame, choice, index, label, detail, extraClass = '') {
  const legal = frame.legal || [];
  const at = legal.indexOf(choice);
  const k = at >= 0 ? keyFor(legal, at) : index < 9 ? String(index + 1) : '';
  const key = k ? h('kbd', { 'aria-hidden': 'true' }, k) : null;
  return h('button', {
    type: 'button',
    class: `move ${extraClass}`.trim(),
    'data-focus-key': `move:${choice.text}`,
    'data-move': choice.text,
    disabled: frame.busy || undefined,
    'aria-keyshortcuts': k || undefined,
    onclick: () => ctx.play?.(choice),
  }, key, h('span', { class: 'move-label' }, label), detail ? h('span', { class: 'move-detail' }, detail) : null);
}
