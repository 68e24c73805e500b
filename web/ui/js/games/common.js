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
// clicking; the page adds the number keys 1-9 for legal[0..8].

import { h } from '../dom.js';

export const SPECTATOR = -3;

// nameOf is how the viewer reads a seat's name: "You" for the viewer's own seat.
export function nameOf(ctx, frame, seat) {
  if (seat === frame.seat) return 'You';
  return ctx.seats[seat]?.name || `player ${seat + 1}`;
}

// moveButton is a button that plays choice, numbered for the keyboard when index < 9.
export function moveButton(ctx, frame, choice, index, label, detail, extraClass = '') {
  const key = index < 9 ? h('kbd', { 'aria-hidden': 'true' }, String(index + 1)) : null;
  return h('button', {
    type: 'button',
    class: `move ${extraClass}`.trim(),
    'data-focus-key': `move:${choice.text}`,
    'data-move': choice.text,
    disabled: frame.busy || undefined,
    'aria-keyshortcuts': index < 9 ? String(index + 1) : undefined,
    onclick: () => ctx.play?.(choice),
  }, key, h('span', { class: 'move-label' }, label), detail ? h('span', { class: 'move-detail' }, detail) : null);
}
