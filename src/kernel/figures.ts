import { find } from './features.js';
import { scoreRecord } from './records.js';
import { featureValue } from './scoring.js';
import { majority } from './values.js';
import type { KernelEvent } from './log.js';
import type { Kernel } from './kernel.js';

/** Puts a figure of `owner` on local feature `local` of placement p, from the owner's supply. */
export function deploy(k: Kernel, p: number, local: number, owner: number, figure: number): void {
  const s = (k.segBase[p] as number) + local;
  const r = find(k, s);
  k.occupied[r] = (k.occupied[r] as number) + 1;
  if ((k.rules.ruleset.figures.weight[figure] as number) > 0) {
    k.owners[r] = (k.owners[r] as number) | (1 << owner);
    const h = owner * 8 + (k.kind[r] as number);
    k.held[h] = (k.held[h] as number) + 1;
  }
  const i = k.nMeeples++;
  k.sole[figure * k.players + owner] = s;
  k.mSeg[i] = s;
  k.mOwner[i] = owner;
  k.mKind[i] = figure;
  const at = figure * k.players + owner;
  k.supply[at] = (k.supply[at] as number) - 1;
}

/** Figures of kind `figure` in the supply of `player`. */
export function inSupply(k: Kernel, player: number, figure: number): number {
  return k.supply[figure * k.players + player] as number;
}

/**
 * The segment under `owner`'s figure of kind `figure`, a kind with one figure per player (the
 * abbot, the builder, the pig), or -1 while it is in the supply. One read, no scan.
 */
export function soleSeg(k: Kernel, owner: number, figure: number): number {
  return k.sole[figure * k.players + owner] as number;
}

/** Index in the figure list of the first figure of kind `figure` of `owner`, or -1 when none is on the board. */
export function figureOf(k: Kernel, owner: number, figure: number): number {
  for (let i = 0; i < k.nMeeples; i++) if (k.mOwner[i] === owner && k.mKind[i] === figure) return i;
  return -1;
}

/**
 * Instead of deploying, `owner` takes back the figure of kind `figure`, and its feature scores at
 * once as in the final scoring (a cloister or garden: 1 + 1 per neighbouring tile, rules-facts §g).
 */
export function recall(k: Kernel, owner: number, figure: number, log: KernelEvent[] | null): void {
  const i = figureOf(k, owner, figure);
  const s = k.mSeg[i] as number;
  const points = featureValue(k, s, false);
  if (log !== null) {
    const w = strength(k, s);
    log.push({ type: 'scored', score: scoreRecord(k, s, false, points, w, majority(w), false, figure) });
  }
  k.score[owner] = (k.score[owner] as number) + points;
  removeFigure(k, i, log);
}

/** Returns figure i of the list to its owner's supply. */
export function removeFigure(k: Kernel, i: number, log: KernelEvent[] | null, toSupply = true): void {
  const s = k.mSeg[i] as number;
  const owner = k.mOwner[i] as number;
  const fig = k.mKind[i] as number;
  const r = find(k, s);
  k.occupied[r] = (k.occupied[r] as number) - 1;
  if (toSupply) k.supply[fig * k.players + owner] = (k.supply[fig * k.players + owner] as number) + 1;
  k.sole[fig * k.players + owner] = -1;
  if (log !== null && toSupply) log.push({ type: 'returned', owner, figure: fig, seg: s });
  for (let j = i + 1; j < k.nMeeples; j++) {
    k.mSeg[j - 1] = k.mSeg[j] as number;
    k.mOwner[j - 1] = k.mOwner[j] as number;
    k.mKind[j - 1] = k.mKind[j] as number;
  }
  k.nMeeples--;
  // A figure without an owner beside this one stays on its tile, beside nobody; beside a later
  // one, it follows that figure down the list.
  for (let n = 0; n < k.nBeside.length; n++) {
    const b = k.nBeside[n] as number;
    if (b === i) k.nBeside[n] = -1;
    else if (b > i) k.nBeside[n] = b - 1;
  }
  const weight = k.rules.ruleset.figures.weight;
  if ((weight[fig] as number) > 0) {
    const h = owner * 8 + (k.kind[r] as number);
    k.held[h] = (k.held[h] as number) - 1;
    // The players still holding the feature.
    let owners = 0;
    for (let j = 0; j < k.nMeeples; j++)
      if ((weight[k.mKind[j] as number] as number) > 0 && find(k, k.mSeg[j] as number) === r) owners |= 1 << (k.mOwner[j] as number);
    k.owners[r] = owners;
  }
}

/**
 * Takes figure i off the board (a module's capture): to its owner's supply, or with `toSupply`
 * false to wherever the module keeps it. A figure that joins its owner's (a builder, a pig) and
 * stands on that feature goes back to the supply at once when its owner has no figure counting
 * for majority left there (JCloisterZone's undeployLonelySpecials; Traders & Builders: they stay
 * only beside their owner's follower).
 */
export function takeFigure(k: Kernel, i: number, toSupply: boolean, log: KernelEvent[] | null): void {
  const owner = k.mOwner[i] as number;
  const r = find(k, k.mSeg[i] as number);
  removeFigure(k, i, log, toSupply);
  const F = k.rules.ruleset.figures;
  for (let j = 0; j < k.nMeeples; j++) {
    if (k.mOwner[j] === owner && (F.weight[k.mKind[j] as number] as number) > 0 && find(k, k.mSeg[j] as number) === r) return;
  }
  for (let j = k.nMeeples - 1; j >= 0; j--) {
    if (k.mOwner[j] === owner && F.joinsOwn[k.mKind[j] as number] !== 0 && find(k, k.mSeg[j] as number) === r) removeFigure(k, j, log);
  }
}

/**
 * Puts figure n without an owner (Ruleset.neutrals) on placement p, beside figure `beside` of the
 * figure list (which must stand on that tile) or beside none (-1); from wherever it stood.
 */
export function placeNeutral(k: Kernel, n: number, p: number, beside: number): void {
  k.nTile[n] = p;
  k.nBeside[n] = beside;
}

/** Takes figure n without an owner off the board. */
export function liftNeutral(k: Kernel, n: number): void {
  k.nTile[n] = -1;
  k.nBeside[n] = -1;
}

/** Writes into `out` the indices (in the figure list) of the figures standing on placement p; returns how many. */
export function figuresOnTile(k: Kernel, p: number, out: Int32Array): number {
  let n = 0;
  for (let i = 0; i < k.nMeeples; i++) if (k.segTile[k.mSeg[i] as number] === p) out[n++] = i;
  return n;
}

/** Tokens of kind g that `player` holds. */
export function tokensOf(k: Kernel, player: number, g: number): number {
  return k.tokens[g * k.players + player] as number;
}

/** Gives `player` n tokens of kind g. */
export function addTokens(k: Kernel, player: number, g: number, n: number): void {
  const at = g * k.players + player;
  k.tokens[at] = (k.tokens[at] as number) + n;
}

/** Each player's strength on the feature rooted at r (majority weights), in a scratch array. */
export function strength(k: Kernel, r: number): Int32Array {
  return strengthAmong(k, r, figureRoots(k), 0);
}

/** Writes the root of the feature under each figure into a scratch array (figure order) and returns it. */
export function figureRoots(k: Kernel): Int32Array {
  const roots = k.scratch.mRoots;
  for (let i = 0; i < k.nMeeples; i++) roots[i] = find(k, k.mSeg[i] as number);
  return roots;
}

/**
 * As strength, from the figures' roots (figureRoots): `first` is the first figure on the
 * feature, so the figures before it are not looked at.
 */
export function strengthAmong(k: Kernel, r: number, roots: Int32Array, first: number): Int32Array {
  const w = k.scratch.weights;
  // A loop rather than TypedArray.fill: a few elements, and fill's call costs more.
  for (let p = 0; p < w.length; p++) w[p] = 0;
  const weight = k.rules.ruleset.figures.weight;
  for (let i = first; i < k.nMeeples; i++) {
    if (roots[i] !== r) continue;
    const o = k.mOwner[i] as number;
    w[o] = (w[o] as number) + (weight[k.mKind[i] as number] as number);
  }
  return w;
}
