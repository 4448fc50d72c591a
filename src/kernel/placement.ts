import { frontierIndex, tileAt } from './board.js';
import { DEMANDS, demandAt } from './tables.js';
import { PLACE_OK, PLACE_OCCUPIED, PLACE_NOT_ADJACENT, PLACE_MISMATCH, PLACE_RULE, type Kernel } from './kernel.js';

/**
 * Checks a placement: PLACE_OK, PLACE_OCCUPIED, PLACE_NOT_ADJACENT, PLACE_MISMATCH + edge for
 * the first edge (N, E, S, W order) whose kind differs from its neighbour's, or a river code.
 */
export function checkPlacement(k: Kernel, t: number, q: number, x: number, y: number): number {
  const i = frontierIndex(k, x, y);
  if (i >= 0) return fitsFrontier(k, t, q, i);
  return tileAt(k, x, y) >= 0 ? PLACE_OCCUPIED : PLACE_NOT_ADJACENT;
}

/**
 * The placement rule for frontier cell i (an empty cell next to the board): PLACE_OK,
 * PLACE_MISMATCH + the first edge whose kind differs from its neighbour's, or a module's reason
 * (PLACE_RULE + …), for validation. Legal placements and the discard test ask the same
 * question without the reason (`fitRotations`, then allowedRotations for constrained tiles): a
 * placement rule's `rotations` and `check` must agree.
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
 * PlacementRule.cell): that cell, -2 for none, or -1 when they may leave several.
 */
export function ruleCell(k: Kernel, t: number): number {
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
export function allowedRotations(k: Kernel, t: number, i: number): number {
  const rules = k.rules.ruleset.placement;
  let mask = 15;
  for (let j = 0; j < rules.length; j++) {
    const rule = rules[j] as (typeof rules)[number];
    if (rule.applies[t] !== 0) mask &= rule.rotations(k, t, i);
  }
  return mask;
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
  const rots = k.tables.distinctRotations[t] as number;
  const fit = k.tables.fitRotations;
  const constrained = k.rules.ruleset.constrained[t] !== 0;
  const only = constrained ? ruleCell(k, t) : -1;
  if (only === -2) return 0;
  let n = 0;
  for (let i = Math.max(0, only); i < (only < 0 ? k.nFront : only + 1) && n < limit; i++) {
    // The placement rule of fitsFrontier, without the reason.
    let fits = (fit[t * DEMANDS + (k.frontDemand[i] as number)] as number) & rots;
    if (fits !== 0 && constrained) fits &= allowedRotations(k, t, i);
    if (fits === 0) continue;
    const x = k.frontX[i] as number;
    const y = k.frontY[i] as number;
    for (let q = 0; q < 4 && n < limit; q++) {
      if ((fits & (1 << q)) === 0) continue;
      n++;
      if (visit !== null) visit(x, y, q);
    }
  }
  return n;
}

/** Whether tile type t fits anywhere (forEachPlacement's test, stopping at the first cell). */
export function canPlaceAnywhere(k: Kernel, t: number): boolean {
  if (k.rules.ruleset.constrained[t] !== 0) return forEachPlacement(k, t, null, 1) > 0;
  const rots = k.tables.distinctRotations[t] as number;
  const fit = k.tables.fitRotations;
  const tb = t * DEMANDS;
  const frontDemand = k.frontDemand;
  for (let i = 0; i < k.nFront; i++) if (((fit[tb + (frontDemand[i] as number)] as number) & rots) !== 0) return true;
  return false;
}
