import { closure, markOwnCells, readCell, touchRoots } from './cell.js';
import { completesAround } from './figures.js';
import { allowedRotations, ruleCell } from './placement.js';
import { DEMANDS, MAXF } from './tables.js';
import {
  ACTION_RECALL,
  MOVE_FIGURE_SHIFT,
  MOVE_SLOT_SHIFT,
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
 * Writes every legal move of the current player as a move code (see `core/move-code.ts`) into
 * `out` and returns how many. For each legal placement: the placement alone, then feature by
 * feature (local order) one move per figure kind in supply that may stand there (kind order:
 * follower first, then the modules' kinds), then taking back each figure that may be taken back.
 * Allocates nothing. `out` must hold at least `maxMoves` codes; entries past the count may be
 * written too (placements are written four a cell). With `only`, the moves at that frontier
 * index alone (see frontierIndex).
 */
export function legalMoveCodes(k: Kernel, out: Int32Array, only = -1): number {
  if (k.finished) return 0;
  if (k.handSize === 0) {
    // The most common turn of a game: no figure to deploy or take back, no rule for the tile.
    if (only < 0 && k.rules.ruleset.constrained[k.currentType] === 0 && figureless(k))
      return placementCodes(k, out, 0, 0, k.nFront, k.tables.distinctRotations[k.currentType] as number);
    return tileMoves(k, out, 0, only);
  }
  // A hand: the moves of each distinct tile in it, its first slot in the codes.
  const me = k.current;
  const base = me * k.handSize;
  const hands = k.hands;
  const held = k.currentType;
  let n = 0;
  for (let s = 0; s < (k.handLen[me] as number); s++) {
    const t = hands[base + s] as number;
    let seen = false;
    for (let j = 0; j < s; j++) if (hands[base + j] === t) seen = true;
    if (seen) continue;
    k.currentType = t;
    const from = n;
    n = tileMoves(k, out, n, only);
    if (s > 0) for (let i = from; i < n; i++) out[i] = (out[i] as number) | (s << MOVE_SLOT_SHIFT);
  }
  k.currentType = held;
  return n;
}

/** The moves of the current tile (see legalMoveCodes), written into `out` from index `n`; returns the new count. */
export function tileMoves(k: Kernel, out: Int32Array, from: number, only: number): number {
  if (k.rules.ruleset.constrained[k.currentType] !== 0) {
    // A placement rule that leaves one cell at most (the river's open end): the others have no move.
    const c = ruleCell(k, k.currentType);
    if (c === -2 || (c >= 0 && only >= 0 && c !== only)) return from;
    if (c >= 0) only = c;
  }
  prepareMoves(k, true);
  // `only`: the moves at that frontier cell alone (a check of one move need not list them all).
  return only < 0 ? movesAt(k, out, from, 0, k.nFront, 15) : movesAt(k, out, from, only, only + 1, 15);
}

/**
 * Finds, for the current player and tile, the figure kinds in supply that may stand somewhere on
 * the tile with the features where they may (kinds joining the player's own figures need one on
 * the board), and the figures the player may take back: what movesAt reads. With `markCells`,
 * when only such kinds are left, the cells where one can stand are marked first (worth it for
 * a listing of every cell, not for a few draws).
 */
export function prepareMoves(k: Kernel, markCells: boolean): void {
  const sc = k.scratch;
  const T = k.tables;
  const F = k.rules.ruleset.figures;
  const t = k.currentType;
  const P = k.players;
  const me = k.current;
  const active = sc.active;
  const activeSpots = sc.masks;
  const counts = sc.spotCounts;
  let na = 0;
  let ownKinds = 0;
  let freeSpots = 0;
  let ownSpots = 0;
  let freeSlots = 0;
  let ownSlots = 0;
  // Figures the player may take back: one per kind (compile.ts), with the tile it stands on.
  let nr = 0;
  for (let f = 0; f < F.kinds; f++) {
    // A kind of a module not in k game (f > 0 with no figures per player) plays no part.
    if (f > 0 && F.perPlayer[f] === 0) continue;
    // Only when one of the kind has left the supply is there one on the board to look for.
    if (F.recall[f] !== 0) {
      const s = k.sole[f * P + me] as number;
      if (s >= 0) {
        sc.recallKinds[nr] = f;
        sc.recallTiles[nr++] = k.segTile[s] as number;
      }
    }
    if ((k.supply[f * P + me] as number) <= 0) continue;
    let spots = F.spots[f * T.types + t] as number;
    if (spots === 0) continue;
    if (F.joinsOwn[f] !== 0) {
      // A kind that joins the player's figures stands only on features of the kinds where the
      // player has one on the board.
      const stands = F.stands[f] as number;
      let held = 0;
      for (let b = stands; b !== 0; b &= b - 1) {
        const kd = 31 - Math.clz32(b & -b);
        if ((k.held[me * 8 + kd] as number) > 0) held |= 1 << kd;
      }
      if (held !== stands) {
        spots = 0;
        for (let b = held; b !== 0; b &= b - 1) spots |= T.kindMask[t * 8 + 31 - Math.clz32(b & -b)] as number;
        if (spots === 0) continue;
      }
      ownKinds |= held;
      ownSpots |= spots;
      ownSlots += counts[na] = bitCount(spots);
    } else {
      freeSpots |= spots;
      freeSlots += counts[na] = bitCount(spots);
    }
    activeSpots[na] = spots;
    active[na++] = f;
  }
  k.mvKinds = na;
  k.mvRecalls = nr;
  k.mvOwnKinds = ownKinds;
  k.mvFreeSpots = freeSpots;
  k.mvOwnSpots = ownSpots;
  k.mvFreeSlots = freeSlots;
  k.mvOwnSlots = ownSlots;
  // With only kinds that join the player's figures to deploy, only the cells next to an edge of one
  // of the player's features can take one: those cells are marked.
  k.mvOwnGen = markCells && na > 0 && freeSpots === 0 ? markOwnCells(k, me, ownKinds) : 0;
}

/**
 * The moves of the current tile at frontier cells first to last - 1 in the rotations `rotations`
 * (a mask), as prepareMoves found the figures, written into `out` from `n`; returns the new count.
 */
export function movesAt(k: Kernel, out: Int32Array, from: number, first: number, last: number, rotations: number): number {
  const sc = k.scratch;
  const T = k.tables;
  const t = k.currentType;
  const rots = (T.distinctRotations[t] as number) & rotations;
  // The placement rule (see fitsFrontier), inlined: k loop is the hot path of playouts.
  const constrained = k.rules.ruleset.constrained[t] !== 0;
  const na = k.mvKinds;
  const nr = k.mvRecalls;
  if (na === 0 && nr === 0 && !constrained) return placementCodes(k, out, from, first, last, rots);
  const joinsOwn = k.rules.ruleset.figures.joinsOwn;
  const freeSpots = k.mvFreeSpots;
  const ownSpots = k.mvOwnSpots;
  const own = k.mvOwnKinds !== 0;
  const ownGen = k.mvOwnGen;
  const active = sc.active;
  const activeSpots = sc.masks;
  const recallKinds = sc.recallKinds;
  const recallTiles = sc.recallTiles;
  const frontDemand = k.frontDemand;
  const frontX = k.frontX;
  const frontY = k.frontY;
  const frontMark = sc.frontMark;
  const fit = T.fitRotations;
  const featSpot = T.featSpot;
  const all = (1 << (T.nFeat[t] as number)) - 1;
  let n = from;
  for (let i = first; i < last; i++) {
    let fits = (fit[t * DEMANDS + (frontDemand[i] as number)] as number) & rots;
    if (fits === 0) continue;
    if (constrained) {
      fits &= allowedRotations(k, t, i);
      if (fits === 0) continue;
    }
    const x = frontX[i] as number;
    const y = frontY[i] as number;
    const cell = ((x + MOVE_COORD_OFFSET) << MOVE_X_SHIFT) | ((y + MOVE_COORD_OFFSET) << MOVE_Y_SHIFT);
    const deploys = ownGen !== 0 ? frontMark[i] === ownGen : na > 0;
    let occ = 0;
    let ownRoots = 0;
    // With no figure on the board every feature is free: nothing around the cell to read.
    if (deploys && k.nMeeples > 0) {
      readCell(k, i, own ? k.current : -1);
      occ = freeSpots === 0 ? 0 : sc.cellOcc;
      ownRoots = ownSpots === 0 ? 0 : sc.cellOwn;
    }
    // The figures that may be taken back with a tile here (see recallBlocked).
    let recalls = 0;
    for (let r = 0; r < nr; r++) if (!completesAround(k, recallTiles[r] as number, x, y)) recalls |= 1 << r;
    // Rotations, then features, by their set bits, lowest first.
    for (let rest = fits; rest !== 0; rest &= rest - 1) {
      const q = 31 - Math.clz32(rest & -rest);
      const plain = cell | (q << MOVE_ROTATION_SHIFT);
      out[n++] = plain;
      if (deploys) {
        // Figures, feature by feature (local order), kind by kind: free features for most
        // kinds, features holding the player's meeple for kinds that join their owner's.
        if ((occ | ownRoots) !== 0) touchRoots(k, t, q);
        const free = freeSpots === 0 ? 0 : occ === 0 ? all : all & ~closure(k, occ);
        const mine = ownRoots === 0 ? 0 : closure(k, ownRoots);
        const spots = (t * 4 + q) * MAXF;
        if (na === 1) {
          const f = active[0] as number;
          const kind = f << MOVE_FIGURE_SHIFT;
          for (let b = (joinsOwn[f] !== 0 ? mine : free) & (activeSpots[0] as number); b !== 0; b &= b - 1) {
            const l = 31 - Math.clz32(b & -b);
            out[n++] = plain | (((featSpot[spots + l] as number) + 1) << MOVE_SPOT_SHIFT) | kind;
          }
        } else {
          for (let b = (free & freeSpots) | (mine & ownSpots); b !== 0; b &= b - 1) {
            const bit = b & -b;
            const l = 31 - Math.clz32(bit);
            const at = plain | (((featSpot[spots + l] as number) + 1) << MOVE_SPOT_SHIFT);
            for (let j = 0; j < na; j++) {
              const f = active[j] as number;
              if (((joinsOwn[f] !== 0 ? mine : free) & (activeSpots[j] as number) & bit) !== 0) out[n++] = at | (f << MOVE_FIGURE_SHIFT);
            }
          }
        }
      }
      for (let r = 0; recalls >> r !== 0; r++)
        if ((recalls & (1 << r)) !== 0) out[n++] = packMove(x, y, q, -1, recallKinds[r] as number, ACTION_RECALL);
    }
  }
  return n;
}

/** Whether the player to move has no figure in supply and none on the board to take back. */
export function figureless(k: Kernel): boolean {
  const F = k.rules.ruleset.figures;
  const P = k.players;
  const me = k.current;
  for (let f = 0; f < F.kinds; f++) {
    const held = k.supply[f * P + me] as number;
    if (held > 0 || (F.recall[f] !== 0 && held < (F.perPlayer[f] as number))) return false;
  }
  return true;
}

/**
 * The placements alone of the current tile at frontier cells first to last - 1, written into
 * `out` from `n`: each cell's four codes without a branch, the first `fits` of them kept (a
 * branch a cell would guess wrong half the time). Returns the new count.
 */
export function placementCodes(k: Kernel, out: Int32Array, n: number, first: number, last: number, rots: number): number {
  const T = k.tables;
  const t = k.currentType;
  const fit = T.fitRotations;
  const tb = t * DEMANDS;
  const frontDemand = k.frontDemand;
  const frontX = k.frontX;
  const frontY = k.frontY;
  const codes = ROTATION_CODES;
  const counts = ROTATION_COUNT;
  let count = n;
  for (let i = first; i < last; i++) {
    const fits = (fit[tb + (frontDemand[i] as number)] as number) & rots;
    const cell =
      (((frontX[i] as number) + MOVE_COORD_OFFSET) << MOVE_X_SHIFT) | (((frontY[i] as number) + MOVE_COORD_OFFSET) << MOVE_Y_SHIFT);
    const r = fits << 2;
    out[count] = cell | (codes[r] as number);
    out[count + 1] = cell | (codes[r + 1] as number);
    out[count + 2] = cell | (codes[r + 2] as number);
    out[count + 3] = cell | (codes[r + 3] as number);
    count += counts[fits] as number;
  }
  return count;
}

/** The number of bits set in x (at most 16 here: local features). */
export function bitCount(x: number): number {
  let n = 0;
  for (let b = x; b !== 0; b &= b - 1) n++;
  return n;
}
