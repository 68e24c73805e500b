// Movement on the board: the ball and the cards glide from where they were to where an update
// puts them, instead of jumping. The views redraw their DOM on every update, so this measures
// the keyed elements before and after and animates the difference (the "FLIP" technique) with
// the Web Animations API. Nothing moves when the person prefers reduced motion.

const SELECTOR = '.cc-ball, .pc-ball, circle.ball, [data-focus-key^="card:"], .card[data-value]';
const DURATION = 320; // ms

// reducedMotion reports the person's preference.
export function reducedMotion() {
  return window.matchMedia('(prefers-reduced-motion: reduce)').matches;
}

// keyOf names an element so that it can be found again after a redraw: its focus key, or its
// class and value with its place among equal siblings (cards without an identity of their own).
function keyOf(el, seen) {
  const focus = el.getAttribute('data-focus-key');
  if (focus) return focus;
  const base = `${el.parentElement?.className?.baseVal ?? el.parentElement?.className ?? ''}|${el.getAttribute('class')}|${el.getAttribute('data-value') ?? ''}`;
  const n = (seen.get(base) || 0) + 1;
  seen.set(base, n);
  return `${base}#${n}`;
}

function measure(root) {
  const seen = new Map();
  const out = new Map();
  for (const el of root.querySelectorAll(SELECTOR)) out.set(keyOf(el, seen), { el, rect: el.getBoundingClientRect() });
  return out;
}

// withMotion runs update, which redraws root, and animates what moved.
export function withMotion(root, update) {
  if (reducedMotion() || typeof root.animate !== 'function') {
    update();
    return;
  }
  const before = measure(root);
  update();
  if (!before.size) return; // the first drawing: nothing to move from
  let moved = 0;
  for (const [key, { el, rect }] of measure(root)) {
    const was = before.get(key);
    if (!was) continue;
    let dx = was.rect.left - rect.left;
    let dy = was.rect.top - rect.top;
    if (Math.abs(dx) < 1 && Math.abs(dy) < 1) continue;
    if (el instanceof SVGElement) {
      // CSS translate on an SVG element is in its parent's user units.
      const m = el.parentNode.getScreenCTM?.();
      if (m && m.a && m.d) {
        dx /= m.a;
        dy /= m.d;
      }
    }
    el.animate([{ translate: `${dx}px ${dy}px` }, { translate: '0px 0px' }], { duration: DURATION, easing: 'ease-out' });
    moved++;
  }
  // For people debugging, and for the browser test: how many movements were animated so far.
  document.body.dataset.moved = String(Number(document.body.dataset.moved || 0) + moved);
}
