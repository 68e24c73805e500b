// Small helpers to build DOM and SVG trees without a framework.

const SVG_NS = 'http://www.w3.org/2000/svg';

// h creates an HTML element: h('button', {class: 'x', onclick: f}, 'text', child).
// Attributes starting with "on" become listeners; null, undefined and false are skipped.
export function h(tag, attrs, ...children) {
  return build(document.createElement(tag), attrs, children);
}

// s creates an SVG element the same way.
export function s(tag, attrs, ...children) {
  return build(document.createElementNS(SVG_NS, tag), attrs, children);
}

function build(el, attrs, children) {
  for (const [k, v] of Object.entries(attrs || {})) {
    if (v === null || v === undefined || v === false) continue;
    if (k.startsWith('on') && typeof v === 'function') {
      el.addEventListener(k.slice(2), v);
    } else if (k === 'dataset') {
      Object.assign(el.dataset, v);
    } else if (k === 'text') {
      el.textContent = v;
    } else {
      el.setAttribute(k, v === true ? '' : String(v));
    }
  }
  append(el, children);
  return el;
}

function append(el, children) {
  for (const c of children) {
    if (c === null || c === undefined || c === false) continue;
    if (Array.isArray(c)) append(el, c);
    else el.append(c instanceof Node ? c : String(c));
  }
}

// replace empties el and fills it with children.
export function replace(el, ...children) {
  el.replaceChildren();
  append(el, children);
  return el;
}

// $ finds one element by selector, failing loudly when the page lacks it.
export function $(selector, root = document) {
  const el = root.querySelector(selector);
  if (!el) throw new Error(`page has no ${selector}`);
  return el;
}

// plural writes "1 card", "3 cards".
export function plural(n, word, many = word + 's') {
  return `${n} ${n === 1 ? word : many}`;
}

// capitalize turns "serve 4" into "Serve 4".
export function capitalize(text) {
  if (!text) return text;
  // A name a person chose keeps its case ("bob resigned", as in the players' list and the chat).
  for (const name of keptNames) {
    if (text.startsWith(name) && !/[\p{L}\p{N}]/u.test(text.charAt(name.length))) return text;
  }
  return text[0].toUpperCase() + text.slice(1);
}

// keptNames are the people's names of the table on the page, which capitalize leaves as typed;
// bots' names ("easy bot") and "you" start a sentence capitalised.
const keptNames = new Set();

// keepNamesAsTyped registers the names of the people seated at the page's table.
export function keepNamesAsTyped(seats) {
  for (const s of seats || []) {
    // "player 2", a seat no one named, reads as a sentence's start, like a bot's.
    if (s?.name && !s.bot && !/^player \d$/.test(s.name)) keptNames.add(s.name);
  }
}

// isTyping reports whether keyboard input goes to a text field, where shortcuts must not fire.
export function isTyping(event) {
  const t = event.target;
  if (!(t instanceof HTMLElement)) return false;
  if (t.isContentEditable) return true;
  if (t instanceof HTMLTextAreaElement || t instanceof HTMLSelectElement) return true;
  return t instanceof HTMLInputElement && !['button', 'checkbox', 'radio', 'range', 'submit'].includes(t.type);
}
