// The game views by game name; games without one use the generic view.

import * as centercourt from './centercourt.js';
import * as pencil from './pencil.js';
import * as generic from './generic.js';

const views = { centercourt, pencil };

export function viewFor(game) {
  return views[game] || generic;
}
