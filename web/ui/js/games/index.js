// The game views by game name; games without one use the generic view.

import * as alakaslam from './alakaslam.js';
import * as centercourt from './centercourt.js';
import * as lmn from './lmn.js';
import * as pencil from './pencil.js';
import * as worldwide from './worldwide.js';
import * as generic from './generic.js';

const views = { alakaslam, centercourt, lmn, pencil, worldwide };

export function viewFor(game) {
  return views[game] || generic;
}
