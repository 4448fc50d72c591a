import { markOwnCells, mayStand } from './cell.js';
import { completesAround } from './figures.js';
import { prepareMoves } from './moves.js';
import { DEMANDS, MAXF } from './tables.js';
import {
  ACTION_RECALL,
  MOVE_FIGURE_SHIFT,
  MOVE_SPOT_SHIFT,
  MOVE_COORD_OFFSET,
  MOVE_ROTATION_SHIFT,
  MOVE_X_SHIFT,
  MOVE_Y_SHIFT,
  packMove,
  ROTATION_CODES,
  ROTATION_COUNT,
} from '../core/move-code.js';
import type { Kernel } from './kernel.js';

/**
 * The number of draws u for sampleAt k turn, or 0 when moves must be listed to draw one (a
 * hand of tiles, or a tile with a placement rule of a module).
 */
export function sampleSpan(k: Kernel): number {
  if (k.finished || k.handSize !== 0) return 0;
  const t = k.currentType;
  if (k.rules.ruleset.constrained[t] !== 0) return 0;
  const rots = k.tables.distinctRotations[t] as number;
  const count = ROTATION_COUNT[rots] as number;
  k.sampleRots = rots;
  k.sampleCount = count;
  k.sampleBound = prepareSample(k);
  k.sampleFirst = k.nFront * count * k.sampleBound;
  return k.sampleFirst + k.nOwnCells * count * k.sampleOwnSlots;
}

/** The move drawn by u (0 ≤ u < sampleSpan()), or -1 (see sampleSpan). */
export function sampleAt(k: Kernel, u: number): number {
  const sc = k.scratch;
  const count = k.sampleCount;
  let i: number;
  let slot: number;
  let j: number;
  let own = false;
  if (u < k.sampleFirst) {
    const nf = k.nFront;
    i = u % nf;
    const rest = (u - i) / nf;
    j = rest % count;
    slot = (rest - j) / count;
  } else {
    const v = u - k.sampleFirst;
    const no = k.nOwnCells;
    const c = v % no;
    i = sc.ownCells[c] as number;
    const rest = (v - c) / no;
    j = rest % count;
    slot = (rest - j) / count;
    own = true;
  }
  const rotation = ROTATION_CODES[k.sampleRots * 4 + j] as number;
  const q = rotation >>> MOVE_ROTATION_SHIFT;
  const t = k.currentType;
  if (((k.tables.fitRotations[t * DEMANDS + (k.frontDemand[i] as number)] as number) & (1 << q)) === 0) return -1;
  const x = k.frontX[i] as number;
  const y = k.frontY[i] as number;
  const plain = ((x + MOVE_COORD_OFFSET) << MOVE_X_SHIFT) | ((y + MOVE_COORD_OFFSET) << MOVE_Y_SHIFT) | rotation;
  // Slot 0 is the placement alone; then a figure on a feature (see prepareSample); then taking
  // a figure back (as movesAt finds them).
  if (!own && slot === 0) return plain;
  if (own || slot < k.sampleFigures) {
    // The slot's kind, among the kinds of its part, and its spot: the kinds one after another,
    // each spot of a kind in local order.
    const joinsOwn = k.rules.ruleset.figures.joinsOwn;
    let rest = own ? slot : slot - 1;
    let j = 0;
    let f = sc.active[0] as number;
    while ((joinsOwn[f] !== 0) !== own || rest >= (sc.spotCounts[j] as number)) {
      if ((joinsOwn[f] !== 0) === own) rest -= sc.spotCounts[j] as number;
      f = sc.active[++j] as number;
    }
    let b = sc.masks[j] as number;
    for (; rest > 0; rest--) b &= b - 1;
    const l = 31 - Math.clz32(b & -b);
    if (!mayStand(k, i, t, q, f, l)) return -1;
    return plain | (((k.tables.featSpot[(t * 4 + q) * MAXF + l] as number) + 1) << MOVE_SPOT_SHIFT) | (f << MOVE_FIGURE_SHIFT);
  }
  const r = slot - k.sampleFigures;
  if (completesAround(k, sc.recallTiles[r] as number, x, y)) return -1;
  return packMove(x, y, q, -1, sc.recallKinds[r] as number, ACTION_RECALL);
}

/**
 * Runs prepareMoves and lays out the slots of one placement (see sampleSpan): in the first part
 * the placement, each spot of the tile for each kind that stands on free features, each figure
 * that may be taken back; in the second each spot for each kind that joins the player's figures,
 * whose cells it lists. Returns the first part's count.
 */
export function prepareSample(k: Kernel): number {
  prepareMoves(k, false);
  k.sampleFigures = 1 + k.mvFreeSlots;
  k.sampleOwnSlots = k.mvOwnSlots;
  k.nOwnCells = 0;
  if (k.mvOwnSlots > 0) markOwnCells(k, k.current, k.mvOwnKinds);
  return k.sampleFigures + k.mvRecalls;
}
