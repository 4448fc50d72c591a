import { neighbours } from './board.js';
import { distinctTiles, find, nextRootMark } from './features.js';
import { figureRoots, strength, strengthAmong } from './figures.js';
import { scoreRecord } from './records.js';
import { isCentreKind, K_ROAD, K_CITY, K_FIELD, MAXF } from './tables.js';
import { completedValue, finalValue, majority } from './values.js';
import type { KernelEvent } from './log.js';
import { MissingFarmerRule, type Kernel } from './kernel.js';

/** Scores every road and city on placement p and every cloister and garden around it that p completed. */
export function scoreCompleted(k: Kernel, p: number, log: KernelEvent[] | null): void {
  const sc = k.scratch;
  const T = k.tables;
  const t = k.pType[p] as number;
  const base = k.segBase[p] as number;
  const nf = T.nFeat[t] as number;
  const completed = k.rules.ruleset.completed;
  let done = 0;
  for (let f = 0; f < nf; f++) {
    const kd = T.featKind[t * MAXF + f] as number;
    if (kd !== K_ROAD && kd !== K_CITY) continue;
    const r = find(k, base + f);
    if (k.open[r] !== 0) continue;
    let seen = false;
    for (let i = 0; i < done; i++) if (sc.doneRoots[i] === r) seen = true;
    if (seen) continue;
    sc.doneRoots[done++] = r;
    scoreFeature(k, r, true, log);
    for (let j = 0; j < completed.length; j++) (completed[j] as (typeof completed)[number])(k, r, kd, log);
  }
  // The tiles of the 3 × 3 cells around p, row by row (placeTile listed them).
  const near = k.near;
  const nNear = near[0] as number;
  for (let j = 1; j <= nNear; j++) {
    const cp = near[j] as number;
    const cf = T.centre[k.pType[cp] as number] as number;
    if (cf < 0 || k.around[cp] !== 8) continue;
    const r = (k.segBase[cp] as number) + cf;
    scoreFeature(k, r, true, log);
    for (let c = 0; c < completed.length; c++) (completed[c] as (typeof completed)[number])(k, r, k.kind[r] as number, log);
  }
}

/** Value of the feature rooted at r: completed during play, or incomplete at the end (`distinct`: its distinct tiles, when known). */
export function featureValue(k: Kernel, r: number, complete: boolean, distinct = -1): number {
  const kd = k.kind[r] as number;
  const centre = isCentreKind(kd);
  const tiles = centre ? 1 : distinct >= 0 ? distinct : distinctTiles(k, r);
  const extra = centre ? neighbours(k, k.segTile[r] as number) : (k.pennants[r] as number);
  const base = complete ? completedValue(kd, tiles, extra, k.rules.smallCity) : finalValue(kd, tiles, extra);
  const value = k.rules.ruleset.value;
  if (value === null || ((k.attr[2 * r] as number) | (k.attr[2 * r + 1] as number)) === 0) return base;
  return value(k, r, kd, tiles, extra, complete, base);
}

/**
 * Scores the feature rooted at r for its majority holders and, when it is complete, returns its
 * figures to their owners. Logs a `feature-scored` event and one `meeple-returned` per figure.
 */
export function scoreFeature(k: Kernel, r: number, complete: boolean, log: KernelEvent[] | null): void {
  // A feature without figures scores for nobody: with no log to write, nothing to do.
  if (log === null && (k.occupied[r] as number) === 0) return;
  const points = featureValue(k, r, complete);
  const w = strength(k, r);
  const best = majority(w);
  if (log !== null) log.push({ type: 'scored', score: scoreRecord(k, r, complete, points, w, best, false, -1) });
  award(w, best, points, k.score);
  if (!complete || (k.occupied[r] as number) === 0) return;
  let kept = 0;
  for (let i = 0; i < k.nMeeples; i++) {
    const s = k.mSeg[i] as number;
    const owner = k.mOwner[i] as number;
    const fig = k.mKind[i] as number;
    if (find(k, s) === r) {
      const at = fig * k.players + owner;
      k.supply[at] = (k.supply[at] as number) + 1;
      k.sole[at] = -1;
      const h = owner * 8 + (k.kind[r] as number);
      if ((k.rules.ruleset.figures.weight[fig] as number) > 0) k.held[h] = (k.held[h] as number) - 1;
      if (log !== null) log.push({ type: 'returned', owner, figure: fig, seg: s });
      continue;
    }
    k.mSeg[kept] = s;
    k.mOwner[kept] = owner;
    k.mKind[kept] = fig;
    kept++;
  }
  k.nMeeples = kept;
  k.occupied[r] = 0;
  k.owners[r] = 0;
}

/**
 * Computes the final scoring (incomplete roads, cities and cloisters with figures, then the
 * fields by the farmer rule, then the goods) without changing anything. Adds the points to `into`
 * and, with a log, records one scoring per line. Without `features`, the fields and the goods
 * alone (for a caller that scores the other features itself).
 */
export function finalScoring(k: Kernel, into: Int32Array, log: KernelEvent[] | null, features = true): void {
  const gen = nextRootMark(k);
  const seenRoots = k.scratch.rootMark;
  let anyField = false;
  const roots = figureRoots(k);
  for (let i = 0; i < k.nMeeples; i++) {
    const r = roots[i] as number;
    const kd = k.kind[r] as number;
    if (kd === K_FIELD) {
      anyField = true;
      continue;
    }
    if (!features || seenRoots[r] === gen) continue;
    seenRoots[r] = gen;
    const points = k.rules.ruleset.incompleteScores ? featureValue(k, r, false) : 0;
    const w = strengthAmong(k, r, roots, i);
    const best = majority(w);
    if (log !== null) log.push({ type: 'scored', score: scoreRecord(k, r, false, points, w, best, true, -1) });
    award(w, best, points, into);
  }
  if (anyField) {
    const fields = k.rules.fields;
    if (fields === null) throw new MissingFarmerRule('custom farmer rule missing');
    fields(k, into, log);
  }
  const final = k.rules.ruleset.final;
  for (let j = 0; j < final.length; j++) (final[j] as (typeof final)[number])(k, into, log);
}

export function applyFinalScoring(k: Kernel, log: KernelEvent[] | null): void {
  finalScoring(k, k.score, log);
  if (log !== null) log.push({ type: 'finished' });
}

/** Adds `points` to every player whose strength is the (positive) best. */
export function award(weights: Int32Array, best: number, points: number, into: Int32Array): void {
  if (best <= 0) return;
  for (let pl = 0; pl < weights.length; pl++) {
    if (weights[pl] === best) into[pl] = (into[pl] as number) + points;
  }
}

/** Players with the highest score (every tied player). */
export function winnersOf(scores: readonly number[]): number[] {
  const best = Math.max(...scores);
  const out: number[] = [];
  scores.forEach((s, i) => {
    if (s === best) out.push(i);
  });
  return out;
}
