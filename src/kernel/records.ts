import { neighbours } from './board.js';
import { oldest, tilePositions } from './features.js';
import { isCentreKind, K_CITY, MAXF } from './tables.js';
import { SPOT_COUNT, SPOTS } from '../core/geometry.js';
import type { FeatureRef, ScoreRecord } from './log.js';
import type { Spot } from '../core/geometry.js';
import type { Kernel } from './kernel.js';

/** Board position and canonical spot of a segment. */
export function spotOf(k: Kernel, s: number): { x: number; y: number; at: Spot } {
  const p = k.segTile[s] as number;
  const tr = (k.pType[p] as number) * 4 + (k.pRot[p] as number);
  const si = k.tables.featSpot[tr * MAXF + (k.segLocal[s] as number)] as number;
  return { x: k.pX[p] as number, y: k.pY[p] as number, at: SPOTS[si] as Spot };
}

/** The feature rooted at r, named by its oldest segment: position and canonical spot index. */
export function ref(k: Kernel, r: number): FeatureRef {
  const s = oldest(k, r);
  const p = k.segTile[s] as number;
  const tr = (k.pType[p] as number) * 4 + (k.pRot[p] as number);
  return {
    x: k.pX[p] as number,
    y: k.pY[p] as number,
    spot: k.tables.featSpot[tr * MAXF + (k.segLocal[s] as number)] as number,
  };
}

/** One scoring of the feature rooted at r, in numbers (see ScoreRecord). */
export function scoreRecord(
  k: Kernel,
  r: number,
  complete: boolean,
  points: number,
  w: Int32Array,
  best: number,
  final: boolean,
  recall: number,
): ScoreRecord {
  const kd = k.kind[r] as number;
  const holders: number[] = [];
  const awarded: number[] = [];
  for (let pl = 0; pl < k.players; pl++) {
    const holds = best > 0 && w[pl] === best;
    if (holds) holders.push(pl);
    awarded.push(holds ? points : 0);
  }
  return {
    final,
    turn: final ? Math.max(0, k.turn - 1) : k.turn,
    kind: kd,
    ref: ref(k, r),
    complete,
    tiles: tilePositions(k, r),
    pennants: kd === K_CITY ? (k.pennants[r] as number) : 0,
    attrs: [k.attr[2 * r] as number, k.attr[2 * r + 1] as number],
    neighbours: isCentreKind(kd) ? neighbours(k, k.segTile[r] as number) : 0,
    strengths: Array.from(w),
    holders,
    points,
    awarded,
    recall,
  };
}

/** Local feature named by spot index si on tile type t turned q, or -1. */
export function spotFeature(k: Kernel, t: number, q: number, si: number): number {
  return k.tables.spotFeat[(t * 4 + q) * SPOT_COUNT + si] as number;
}
