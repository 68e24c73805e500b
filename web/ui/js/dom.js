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
  // A name a person chose keeps its case ("bob resigned", as in the players' list and the
  // chat): the longest seat name the text starts with, at a word's end, decides, so that a
  // person named "hard" does not keep "hard bot to serve" in lower case.
  let longest = null;
  for (const [name, person] of seatNames) {
    if (text.startsWith(name) && !/[\p{L}\p{N}]/u.test(text.charAt(name.length)) && (!longest || name.length > longest[0].length)) {
      longest = [name, person];
    }
  }
  if (longest?.[1]) return text;
  return text[0].toUpperCase() + text.slice(1);
}

// seatNames are the names of the seats of the table on the page, each with whether a person
// chose it: capitalize leaves those as typed; bots' names ("easy bot"), a seat no one named
// ("player 2") and "you" start a sentence capitalised.
const seatNames = new Map();

// chosenName reports whether seat (a table's seat: name, bot) carries a name a person chose,
// which keeps its case: not a bot's ("easy bot"), a seat no one named ("player 2") nor "you".
export function chosenName(seat) {
  return !!seat?.name && !seat.bot && !/^player \d+$/.test(seat.name) && seat.name.toLowerCase() !== 'you';
}

// keepNamesAsTyped registers the seats of the page's table (their names and bots).
export function keepNamesAsTyped(seats) {
  for (const s of seats || []) {
    if (!s?.name) continue;
    // A name both a person's and a bot's reads as the bot's: capitalised.
    seatNames.set(s.name, chosenName(s) && seatNames.get(s.name) !== false);
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

// reflow joins the lines a rules text was wrapped at into whole paragraphs, so that a narrow
// panel wraps them where it needs to ("4 rows by 3 / columns" broke at the text's own width).
// A plain paragraph's lines start at the margin; an indented entry ("  Kismetician Laurie: ...",
// "  - Between points ...") goes on in lines indented further. Blank lines, list items ("- ",
// "1. ", "A. "), table rows (columns set apart by runs of spaces) and each indented entry keep
// their own lines.
export function reflow(text) {
  const row = (line) => /\S {2,}\S/.test(line.trim());
  const item = (line) => /^\s*(?:[-*] |\d+\. |[A-Z]\. )/.test(line);
  const indent = (line) => line.length - line.trimStart().length;
  const out = [];
  let start = -1; // the indent of the line the last entry began with
  for (const line of (text || '').split('\n')) {
    const prev = out.length ? out[out.length - 1] : '';
    const goesOn = indent(line) === 0 ? start === 0 : indent(line) > start && start > 0;
    if (line.trim() && prev.trim() && goesOn && !item(line) && !row(line) && !row(prev)) {
      out[out.length - 1] = `${prev.trimEnd()} ${line.trim()}`;
    } else {
      out.push(line);
      start = line.trim() ? indent(line) : -1;
    }
  }
  return out.join('\n');
}
