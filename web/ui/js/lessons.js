// The lobby's "Learn to play" list: one tutorial per game.

import { h, $, replace, plural } from './dom.js';
import { getJSON } from './api.js';

async function list() {
  const root = $('#learn');
  try {
    const ts = await getJSON('/api/tutorials');
    replace(root, ts.map((t) => h('li', {},
      h('a', { href: `/learn/${encodeURIComponent(t.game)}`, class: 'learn-link' }, t.title),
      h('span', { class: 'muted small' }, ` · ${plural(t.steps, 'step')}`))));
  } catch (err) {
    replace(root, h('li', { class: 'muted' }, `The lessons cannot be loaded: ${err.message}`));
  }
}

list();
