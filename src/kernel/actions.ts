import { freeCodes } from './moves.js';
import { find } from './features.js';
import { MAXF } from './tables.js';
import { ACTION_DEPLOY, ACTION_RECALL, actionCode, PASS_CODE } from '../core/move-code.js';
import type { Kernel } from './kernel.js';

// The action step: what the player does with the tile just placed (k.placed). Its one listing
// answers the step's moves, whether the step is played at all (hasAction) and, for the API's
// diagnosis, whether an action is legal.

/**
 * Writes the action step's codes into `out` from index n: the pass (the tile alone); then feature
 * by feature of the tile just placed (local order), each figure kind in the player's supply that
 * may stand there (kind order), on a feature nobody holds or, for a kind that joins its owner's
 * figures, on one that holds a meeple of the player; then taking back each figure that may be
 * taken back, while its cloister or garden is incomplete (wikicarpedia, The Abbot, clarification
 * of 11/2020: a tile that completes it scores it as completed instead). Returns the new count;
 * with `enough` > 0, as soon as it reaches `enough` (a question that needs no more).
 */
export function actionCodes(k: Kernel, out: Int32Array, n: number, enough = 0): number {
  const p = k.placed;
  const T = k.tables;
  const F = k.rules.ruleset.figures;
  const t = k.pType[p] as number;
  const P = k.players;
  const me = k.current;
  out[n++] = PASS_CODE;
  // The kinds in the player's supply that stand somewhere on the tile (a kind of a module not in
  // the game has none in supply).
  let kinds = 0;
  for (let f = 0; f < F.kinds; f++) if ((k.supply[f * P + me] as number) > 0 && F.spots[f * T.types + t] !== 0) kinds |= 1 << f;
  if (kinds !== 0) {
    const base = k.segBase[p] as number;
    const spots = (t * 4 + (k.pRot[p] as number)) * MAXF;
    const nf = T.nFeat[t] as number;
    for (let l = 0; l < nf; l++) {
      const r = find(k, base + l);
      const free = k.occupied[r] === 0;
      const mine = (((k.owners[r] as number) >> me) & 1) !== 0;
      if (!free && !mine) continue;
      const si = T.featSpot[spots + l] as number;
      for (let b = kinds; b !== 0; b &= b - 1) {
        const f = 31 - Math.clz32(b & -b);
        if (((F.spots[f * T.types + t] as number) & (1 << l)) !== 0 && (F.joinsOwn[f] !== 0 ? mine : free)) {
          out[n++] = actionCode(ACTION_DEPLOY, f, si);
          if (n === enough) return n;
        }
      }
    }
  }
  for (let f = 0; f < F.kinds; f++) {
    if (F.recall[f] === 0) continue;
    const s = k.sole[f * P + me] as number;
    if (s >= 0 && k.around[k.segTile[s] as number] !== 8) out[n++] = actionCode(ACTION_RECALL, f);
  }
  const modules = k.rules.ruleset.actions;
  for (let j = 0; j < modules.length; j++) {
    const a = modules[j];
    if (a === null || a === undefined) continue;
    n = a.list(k, out, n, enough);
    if (enough > 0 && n >= enough) return n;
  }
  return n;
}

/**
 * Whether the current player could have an action with a tile of type t, wherever it is placed: a
 * figure in supply that stands on one of its features, or a figure that may be taken back. When
 * not, every placement of the tile is a turn of its own, with the pass (what a listing of whole
 * turns need not place the tile to know).
 */
export function mayAct(k: Kernel, t: number): boolean {
  const F = k.rules.ruleset.figures;
  const P = k.players;
  const me = k.current;
  for (let f = 0; f < F.kinds; f++) {
    if ((k.supply[f * P + me] as number) > 0 && F.spots[f * k.tables.types + t] !== 0) return true;
    if (F.recall[f] !== 0 && (k.sole[f * P + me] as number) >= 0) return true;
  }
  const modules = k.rules.ruleset.actions;
  for (let j = 0; j < modules.length; j++) if (modules[j]?.may(k) === true) return true;
  return false;
}

/** Whether the player has an action besides the pass: when not, the action step is not played. */
export function hasAction(k: Kernel): boolean {
  return actionCodes(k, k.scratch.actions, 0, 2) > 1 || (k.rules.ruleset.freeSteps && freeCodes(k, k.scratch.actions, 0) > 0);
}
