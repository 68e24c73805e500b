// The tutorial page, /learn/{game}: a fixed deal played step by step. Every position and legal
// move comes from the server's replay of the tutorial's record; the learner plays the move each
// step asks for, on the game's own board.

import { h, $, replace, isTyping } from './dom.js';
import { withNames, scoreWithSides } from './names.js';
import { getJSON } from './api.js';
import { viewFor } from './games/index.js';
import { choiceForKey } from './games/common.js';
import { withMotion } from './animate.js';
import { renderLog } from './logview.js';

const game = decodeURIComponent(location.pathname.split('/')[2] || '');
const el = {
  title: $('#title'), status: $('#status'), turn: $('#turn'), score: $('#score'),
  lesson: $('#lesson'), board: $('#board'), intro: $('#intro'), log: $('#log'),
};
const lesson = { frame: null, view: null, mod: null, busy: false, folded: false, shownStep: -1 };

async function load(step) {
  lesson.busy = true;
  let f;
  try {
    f = await getJSON(`/api/tutorials/${encodeURIComponent(game)}?step=${step}`);
  } catch (err) {
    el.turn.textContent = `The lesson cannot be loaded: ${err.message}`;
    el.status.className = 'status over';
    return;
  }
  lesson.busy = false;
  lesson.frame = f;
  if (!lesson.view) {
    document.title = `Learn ${f.title} · deuce`;
    replace(el.title, h('strong', {}, `Learn ${f.title}`));
    el.intro.textContent = f.intro;
    lesson.mod = viewFor(f.game);
    lesson.view = lesson.mod.create(el.board, { play, readOnly: false, seats: f.seats });
  }
  show(f);
}

function frameOf(f) {
  const u = f.update;
  // A lesson ends before its deal does: the board stops, as at a match ended early, and says
  // the lesson ends there.
  const result = f.done ? { ...(u.result || {}), over: true } : u.result;
  return { view: u.view, legal: f.done ? [] : u.legal || [], seat: 0, toMove: u.toMove, pending: u.pending || [], result, busy: false,
    stopped: f.done ? 'The lesson ends here.' : '' };
}

function show(f, note) {
  const fr = frameOf(f);
  withMotion(el.board, () => lesson.view.update(fr));
  // The learner plays seat 1: "player 1 wins" reads "you win".
  el.score.textContent = scoreWithSides(withNames(lesson.mod.scoreText ? lesson.mod.scoreText(fr) : (fr.view?.score || fr.result?.score || ''), f.seats, 0), f.seats, 0);
  renderLog(el.log, f.update.log || [], new Map(), (line) => withNames(line, f.seats, 0));
  el.log.scrollTop = el.log.scrollHeight;
  document.body.dataset.step = String(f.step);
  document.body.dataset.state = f.done ? 'done' : 'mine';
  if (f.done) {
    markExpected('');
    el.lesson.classList.remove('folded');
    el.turn.textContent = 'Lesson complete';
    el.status.className = 'status won';
    replace(el.lesson,
      h('h2', {}, 'Well played!'),
      h('p', {}, `You have played the ${f.steps} steps of this lesson on a real ${f.title} ${f.game === 'pencil' ? 'match' : 'deal'}. The rest of the rules are in the lobby's rules panel.`),
      h('p', { class: 'lesson-actions' },
        h('a', { class: 'button primary', href: '/', id: 'lesson-play' }, 'Play against a bot'),
        h('button', { type: 'button', onclick: () => load(0) }, 'Start again')));
    return;
  }
  markExpected(f.expect.text);
  el.turn.textContent = `Step ${f.step + 1} of ${f.steps}: your move`;
  el.status.className = 'status mine';
  // A new step's words are shown again: they are the lesson.
  if (f.step !== lesson.shownStep) lesson.folded = false;
  lesson.shownStep = f.step;
  const fold = h('button', {
    type: 'button', class: 'lesson-fold small quiet', id: 'lesson-fold', 'aria-controls': 'lesson-text',
    'aria-expanded': String(!lesson.folded), onclick: () => setFolded(!lesson.folded),
  }, lesson.folded ? 'Show text' : 'Hide text');
  el.lesson.classList.toggle('folded', lesson.folded);
  replace(el.lesson,
    h('div', { class: 'lesson-head' }, h('h2', {}, `Step ${f.step + 1} of ${f.steps}`), fold),
    h('progress', { max: String(f.steps), value: String(f.step), 'aria-label': 'Lesson progress' }),
    h('p', { class: 'lesson-text', id: 'lesson-text' }, f.lesson),
    note ? h('p', { class: 'lesson-note', role: 'alert' }, note) : null,
    // The move and the way out on one line: the card stays small.
    h('div', { class: 'lesson-foot' },
      h('p', { class: 'lesson-move' }, 'Play: ', h('strong', { id: 'lesson-expect' }, f.expect.text)),
      h('p', { class: 'lesson-actions' },
        f.step > 0 ? h('button', { type: 'button', class: 'small', onclick: () => load(f.step - 1) }, 'Back a step') : null,
        h('a', { class: 'button quiet small', href: '/', id: 'lesson-leave' }, 'Leave the lesson'))));
  prefillBid(f.expect.text);
}

// setFolded hides or shows the step's words (a phone's card folds to its move and buttons, for
// the board's sake; wider screens have the room and show them always).
function setFolded(folded) {
  lesson.folded = folded;
  el.lesson.classList.toggle('folded', folded);
  const b = $('#lesson-fold', el.lesson);
  b.setAttribute('aria-expanded', String(!folded));
  b.textContent = folded ? 'Show text' : 'Hide text';
}

// prefillBid puts the bid a step asks for in the bidding game's field, through the field's own
// input handler (slider, button and preview follow): a bid is typed, not a button to outline.
function prefillBid(text) {
  const m = /^bid (\d+)$/.exec(text);
  const field = el.board.querySelector('.pc-number');
  if (!m || !field || field.disabled) return;
  field.value = m[1];
  field.dispatchEvent(new Event('input', { bubbles: true }));
}

// markExpected outlines the board's button for the step's move, where the board has one (a
// move can also be a card to click or a bid to type, which the text names).
// A board redraws its buttons when it likes (a hover, a glossary arriving): the mark follows.
let expected = '';
new MutationObserver(() => markExpected(expected)).observe(el.board, { childList: true, subtree: true });

let revealed = '';
function markExpected(text) {
  expected = text;
  for (const b of el.board.querySelectorAll('button.move')) {
    const on = b.dataset.move === text;
    b.classList.toggle('expected', on);
    if (on) b.setAttribute('aria-description', 'the move this step asks for');
    else b.removeAttribute('aria-description');
    // Once a step: the moves' panel scrolls to it (a phone's keeps to a part of the screen),
    // not again as the player scrolls the panel.
    if (on && revealed !== text) {
      revealed = text;
      revealInPanel(b);
    }
  }
}

// revealInPanel scrolls the panel that holds b, where it scrolls, so that b shows; the page
// itself does not move.
function revealInPanel(b) {
  for (let p = b.parentElement; p && p !== el.board; p = p.parentElement) {
    if (p.scrollHeight > p.clientHeight + 1 && getComputedStyle(p).overflowY !== 'visible') {
      const pr = p.getBoundingClientRect(), br = b.getBoundingClientRect();
      if (br.top < pr.top || br.bottom > pr.bottom) p.scrollTop += br.top - pr.top - 8;
      return;
    }
  }
}

// play is the board's move callback: the step's move goes on, any other is explained.
function play(choice) {
  const f = lesson.frame;
  if (lesson.busy || !f || f.done) return;
  if (choice.action === f.expect.action) {
    load(f.step + 1);
    return;
  }
  // The move was answered, though not played: the board starts the choice afresh, as after a
  // move at a table (a card picked for it is put down again), then shows the step again.
  lesson.view.update({ ...frameOf(f), busy: true });
  show(f, `«${choice.text}» is a legal move, but this lesson follows a fixed deal: play «${f.expect.text}».`);
}

// Number keys 1-9 play the first nine legal moves, as at a table.
document.addEventListener('keydown', (e) => {
  if (e.ctrlKey || e.metaKey || e.altKey || isTyping(e)) return;
  if (!/^[1-9]$/.test(e.key) || !lesson.frame || lesson.frame.done) return;
  const choice = choiceForKey(lesson.frame.update.legal, e.key);
  if (choice) {
    e.preventDefault();
    play(choice);
  }
});

if (game) load(0);
else el.turn.textContent = 'No lesson here.';
