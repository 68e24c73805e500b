// The hint panel of a table: at a table against bots only, the player may ask for advice on
// the move to play. The bidding game shows its solved optimal strategy; the card games what
// the hard bot would play and why. Tables with another person get no panel (and the server
// refuses such hints).

import { h, replace } from './dom.js';
import { postJSON } from './api.js';

const hint = { root: null, id: '', token: '', game: '', seq: -1, mine: false, asking: false };

// mountHint shows the panel in root when seat plays against bots only.
export function mountHint({ id, token, table, seat, root }) {
  const others = table.seats.filter((_, i) => i !== seat);
  const allowed = seat >= 0 && others.every((s) => s.bot) && !table.status?.startsWith('finished');
  root.hidden = !allowed;
  if (!allowed) return;
  Object.assign(hint, { root, id, token, game: table.game });
  idle();
}

// hintUpdate clears the advice when the position changes and enables the button on the
// player's turn.
export function hintUpdate(seq, mine, over) {
  if (!hint.root || hint.root.hidden) return;
  if (over) {
    hint.root.hidden = true;
    return;
  }
  const changed = seq !== hint.seq;
  hint.seq = seq;
  hint.mine = mine;
  if (changed && !hint.asking) idle();
  const btn = hint.root.querySelector('#hint-ask');
  if (btn) btn.disabled = !mine || hint.asking;
}

function label() {
  return hint.game === 'pencil' ? 'Show the optimal bids' : 'What would the hard bot play?';
}

function idle() {
  replace(hint.root, h('h2', {}, 'Hint'),
    h('p', { class: 'muted small' }, hint.game === 'pencil'
      ? 'The solved game\'s optimal mixed strategy for this round, from what you can see.'
      : 'The hard bot searches from what you can see, never from the cards you cannot.'),
    h('button', { type: 'button', id: 'hint-ask', disabled: !hint.mine, onclick: ask }, label()));
}

async function ask() {
  hint.asking = true;
  const seq = hint.seq;
  const btn = hint.root.querySelector('#hint-ask');
  btn.disabled = true;
  btn.textContent = 'Thinking…';
  try {
    const r = await postJSON(`/api/tables/${encodeURIComponent(hint.id)}/hint`, { token: hint.token });
    hint.asking = false;
    if (seq !== hint.seq) {
      idle();
      return;
    }
    replace(hint.root, h('h2', {}, 'Hint'),
      h('p', { class: 'hint-text', id: 'hint-text' }, r.text),
      h('ul', { class: 'hint-moves' }, r.moves.map((m) => h('li', {},
        h('span', { class: 'hint-move' }, m.move),
        // The bar is the share of the search's tries (what the bot goes by); the win chance,
        // where the search gives one, is said beside it, so that a bar and its number agree.
        h('meter', { min: '0', max: '1', value: String(m.p), 'aria-label': `${m.move}: tried ${Math.round(100 * m.p)}%` }),
        h('span', { class: 'muted small' }, m.win !== undefined && m.win !== null && hint.game !== 'pencil'
          ? ` tried ${Math.round(100 * m.p)}% · wins ${Math.round(100 * m.win)}%` : ` ${Math.round(100 * m.p)}%`)))));
  } catch (err) {
    hint.asking = false;
    idle();
    hint.root.append(h('p', { class: 'error-text' }, err.message));
  }
}
