import { frontierIndex, tileAt } from './board.js';
import { DEMANDS, demandAt } from './tables.js';
import { cellCode, MOVE_ROTATION_SHIFT, MOVE_SLOT_SHIFT, ROTATION_CODES, ROTATION_COUNT } from '../core/move-code.js';
import { PLACE_MISMATCH, PLACE_NOT_ADJACENT, PLACE_OCCUPIED, PLACE_OK, PLACE_RULE, type Kernel } from './kernel.js';

// The tile step: where the current tile may go. One question, `rotationsAt` (the rotations of a
// tile that fit a frontier cell and that every placement rule allows), answers the listing of the
// tile step, its random draws, whether a tile fits anywhere (the discard test) and the legal
// placements; `checkPlacement` says why a placement is refused, for the API's diagnosis.

/**
 * The rotations of tile type t that may go to frontier cell i, one per distinct board (a mask over
 * quarter turns): they fit the neighbours' edges, and every placement rule of the modules allows
 * them. `only` is the cell the rules leave the tile (see ruleCell), or -1.
 */
export function rotationsAt(k: Kernel, t: number, i: number, only: number): number {
  const fits = (k.tables.fitRotations[t * DEMANDS + (k.frontDemand[i] as number)] as number) & (k.tables.distinctRotations[t] as number);
  if (fits === 0 || k.rules.ruleset.constrained[t] === 0) return fits;
  if (only >= 0 && i !== only) return 0;
  return fits & allowedRotations(k, t, i);
}

/**
 * Checks a placement: PLACE_OK, PLACE_OCCUPIED, PLACE_NOT_ADJACENT, PLACE_MISMATCH + edge for
 * the first edge (N, E, S, W order) whose kind differs from its neighbour's, or a module's reason.
 */
export function checkPlacement(k: Kernel, t: number, q: number, x: number, y: number): number {
  const i = frontierIndex(k, x, y);
  if (i >= 0) return fitsFrontier(k, t, q, i);
  return tileAt(k, x, y) >= 0 ? PLACE_OCCUPIED : PLACE_NOT_ADJACENT;
}

/**
 * Why tile type t turned q may not go to frontier cell i, as rotationsAt decides it: PLACE_OK,
 * PLACE_MISMATCH + the first edge whose kind differs from its neighbour's, or a module's reason
 * (PLACE_RULE + 16 × its index among the placement rules + its reason). A placement rule's
 * `rotations` and `check` must agree.
 */
export function fitsFrontier(k: Kernel, t: number, q: number, i: number): number {
  const T = k.tables;
  const demand = k.frontDemand[i] as number;
  if (((T.fitRotations[t * DEMANDS + demand] as number) & (1 << q)) === 0) {
    const tr = (t * 4 + q) * 4;
    let d = 0;
    while (demandAt(demand, d) === 0 || demandAt(demand, d) - 1 === T.edgeKind[tr + d]) d++;
    return PLACE_MISMATCH + d;
  }
  const rules = k.rules.ruleset.placement;
  for (let j = 0; j < rules.length; j++) {
    const rule = rules[j] as (typeof rules)[number];
    if (rule.applies[t] === 0) continue;
    const why = rule.check(k, t, q, i);
    if (why !== 0) return PLACE_RULE + 16 * j + why;
  }
  return PLACE_OK;
}

/**
 * The frontier cell the placement rules leave tile type t, when they leave one at most (see
 * PlacementRule.cell): that cell, -2 for none, or -1 when they may leave several (or none applies).
 */
export function ruleCell(k: Kernel, t: number): number {
  if (k.rules.ruleset.constrained[t] === 0) return -1;
  const rules = k.rules.ruleset.placement;
  let only = -1;
  for (let j = 0; j < rules.length; j++) {
    const rule = rules[j] as (typeof rules)[number];
    if (rule.applies[t] === 0 || rule.cell === undefined) continue;
    const c = rule.cell(k, t);
    if (c === -2 || (c >= 0 && only >= 0 && c !== only)) return -2;
    if (c >= 0) only = c;
  }
  return only;
}

/** Rotations of tile type t that every placement rule allows at frontier cell i. */
function allowedRotations(k: Kernel, t: number, i: number): number {
  const rules = k.rules.ruleset.placement;
  let mask = 15;
  for (let j = 0; j < rules.length; j++) {
    const rule = rules[j] as (typeof rules)[number];
    if (rule.applies[t] !== 0) mask &= rule.rotations(k, t, i);
  }
  return mask;
}

/**
 * Writes the tile step's codes of tile type t (hand slot `slot`) into `out` from index n, cell by
 * cell in frontier order, rotations in increasing order; with `cell` >= 0, at that frontier cell
 * alone. Returns the new count. Entries past it may be written too (four a cell).
 */
export function placementCodes(k: Kernel, out: Int32Array, n: number, t: number, slot: number, cell: number): number {
  const only = ruleCell(k, t);
  if (only === -2 || (cell >= 0 && only >= 0 && cell !== only)) return n;
  const first = cell >= 0 ? cell : Math.max(0, only);
  const last = cell >= 0 || only >= 0 ? first + 1 : k.nFront;
  const slotBits = slot << MOVE_SLOT_SHIFT;
  if (k.rules.ruleset.constrained[t] !== 0) {
    for (let i = first; i < last; i++) {
      const base = cellCode(k.frontX[i] as number, k.frontY[i] as number) | slotBits;
      for (let fits = rotationsAt(k, t, i, only); fits !== 0; fits &= fits - 1)
        out[n++] = base | ((31 - Math.clz32(fits & -fits)) << MOVE_ROTATION_SHIFT);
    }
    return n;
  }
  // The most common listing: each cell's four codes without a branch, the first as many as fit kept
  // (a branch a cell would guess wrong half the time).
  const fit = k.tables.fitRotations;
  const tb = t * DEMANDS;
  const rots = k.tables.distinctRotations[t] as number;
  const frontDemand = k.frontDemand;
  const frontX = k.frontX;
  const frontY = k.frontY;
  for (let i = first; i < last; i++) {
    const fits = (fit[tb + (frontDemand[i] as number)] as number) & rots;
    const base = cellCode(frontX[i] as number, frontY[i] as number) | slotBits;
    const r = fits << 2;
    out[n] = base | (ROTATION_CODES[r] as number);
    out[n + 1] = base | (ROTATION_CODES[r + 1] as number);
    out[n + 2] = base | (ROTATION_CODES[r + 2] as number);
    out[n + 3] = base | (ROTATION_CODES[r + 3] as number);
    n += ROTATION_COUNT[fits] as number;
  }
  return n;
}

/**
 * Calls `visit(x, y, q)` for every legal placement of tile type t, one rotation per distinct
 * board, and returns how many there are; stops after `limit`.
 */
export function forEachPlacement(
  k: Kernel,
  t: number,
  visit: ((x: number, y: number, q: number) => void) | null,
  limit = Infinity,
): number {
  const only = ruleCell(k, t);
  if (only === -2) return 0;
  let n = 0;
  for (let i = Math.max(0, only); i < (only < 0 ? k.nFront : only + 1) && n < limit; i++) {
    for (let fits = rotationsAt(k, t, i, only); fits !== 0 && n < limit; fits &= fits - 1) {
      n++;
      if (visit !== null) visit(k.frontX[i] as number, k.frontY[i] as number, 31 - Math.clz32(fits & -fits));
    }
  }
  return n;
}

/** Whether tile type t fits anywhere (the discard test): forEachPlacement, stopping at the first. */
export function canPlaceAnywhere(k: Kernel, t: number): boolean {
  if (k.rules.ruleset.constrained[t] !== 0) return forEachPlacement(k, t, null, 1) > 0;
  const rots = k.tables.distinctRotations[t] as number;
  const fit = k.tables.fitRotations;
  const tb = t * DEMANDS;
  const frontDemand = k.frontDemand;
  for (let i = 0; i < k.nFront; i++) if (((fit[tb + (frontDemand[i] as number)] as number) & rots) !== 0) return true;
  return false;
}

/**
 * The number of draws u for sampleAt this tile step (cells × distinct rotations: each legal
 * placement is drawn by exactly one u), or 0 when the moves must be listed to draw one (a hand of
 * tiles, a tile with a placement rule, or not the tile step).
 */
export function sampleSpan(k: Kernel, tileStep: boolean): number {
  if (!tileStep || k.finished || k.handSize !== 0) return 0;
  const t = k.currentType;
  if (k.rules.ruleset.constrained[t] !== 0) return 0;
  const rots = k.tables.distinctRotations[t] as number;
  k.sampleRots = rots;
  return k.nFront * (ROTATION_COUNT[rots] as number);
}

/** The placement drawn by u (0 ≤ u < sampleSpan()), or -1 when the tile does not fit there. */
export function sampleAt(k: Kernel, u: number): number {
  const nf = k.nFront;
  const i = u % nf;
  const rotation = ROTATION_CODES[k.sampleRots * 4 + (u - i) / nf] as number;
  const q = rotation >>> MOVE_ROTATION_SHIFT;
  const t = k.currentType;
  if (((k.tables.fitRotations[t * DEMANDS + (k.frontDemand[i] as number)] as number) & (1 << q)) === 0) return -1;
  return cellCode(k.frontX[i] as number, k.frontY[i] as number) | rotation;
}
