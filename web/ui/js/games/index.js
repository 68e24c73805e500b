// The game views by game name; games without one use the generic view.

import * as centercourt from './centercourt.js';
import * as pencil from './pencil.js';
import * as lmn from './lmn.js';
import * as generic from './generic.js';

const views = { centercourt, pencil, lmn };

export function viewFor(game) {
  return views[game] || generic;
}
