import { frontierIndex } from './board.js';
import { find, nextRootMark } from './features.js';
import { nextGeneration } from './scratch.js';
import { SIDES, SIDE_PARTNER, MAXF } from './tables.js';
import { FRONTIER, type Kernel } from './kernel.js';

/**
 * Bit mask of the local features of tile type t (turned q, at x, y, an empty cell next to the
 * board) that would be free of figures once the tile is placed there: the features a follower
 * may be deployed on. Works without changing the board (see readCell).
 */
export function freeFeatures(k: Kernel, t: number, q: number, x: number, y: number): number {
  const i = frontierIndex(k, x, y);
  if (i < 0) return 0;
  readCell(k, i, -1);
  return freeMask(k, t, q);
}

/**
 * Bit mask of the local features of tile type t (turned q, at x, y, an empty cell next to the
 * board) that would join a feature holding a meeple of `player` (a figure that counts for
 * majority) once the tile is placed there: where figures that join their owner's may go.
 */
export function ownFeatures(k: Kernel, t: number, q: number, x: number, y: number, player: number): number {
  const i = frontierIndex(k, x, y);
  if (i < 0) return 0;
  readCell(k, i, player);
  return reach(k, t, q, k.scratch.cellOwn);
}

/**
 * Reads what the tiles around frontier cell i show it: the root of the feature across each of
 * its sides (see SIDES), as an index into a short list of distinct roots (`sideRoot`,
 * `cellRoot`), with `cellOcc` (the roots holding a figure) and, given a `player` (else -1),
 * `cellOwn` (the roots holding a meeple of that player, see owners). A tile placed
 * there does not change these: its rotations are then tried with reach, without the board.
 */
export function readCell(k: Kernel, i: number, player: number): void {
  const sc = k.scratch;
  const sideFeat = k.tables.sideFeat;
  const cellRoot = sc.cellRoot;
  const sideRoot = sc.sideRoot;
  const frontNb = k.frontNb;
  let m = 0;
  let occ = 0;
  let mine = 0;
  let sides = 0;
  for (let d = 0; d < 4; d++) {
    const np = frontNb[i * 4 + d] as number;
    if (np < 0) continue;
    const nsides = ((k.pType[np] as number) * 4 + (k.pRot[np] as number)) * SIDES;
    const nbase = k.segBase[np] as number;
    for (let j = 3 * d; j < 3 * d + 3; j++) {
      const f = sideFeat[nsides + (SIDE_PARTNER[j] as number)] as number;
      if (f < 0) continue;
      const r = find(k, nbase + f);
      let c = 0;
      while (c < m && cellRoot[c] !== r) c++;
      if (c === m) {
        cellRoot[m++] = r;
        if ((k.occupied[r] as number) > 0) {
          occ |= 1 << c;
          if (player >= 0 && (((k.owners[r] as number) >> player) & 1) !== 0) mine |= 1 << c;
        }
      }
      sideRoot[j] = c;
      sides |= 1 << j;
    }
  }
  sc.nCellRoots = m;
  sc.cellSides = sides;
  sc.cellOcc = occ;
  sc.cellOwn = mine;
}

/**
 * The local features of tile type t turned q, placed on the cell last read (readCell), whose
 * feature would then hold one of the roots in `seed` (bits over cellRoot).
 */
export function reach(k: Kernel, t: number, q: number, seed: number): number {
  if (seed === 0) return 0;
  touchRoots(k, t, q);
  return closure(k, seed);
}

/** For tile type t turned q on the cell last read: the local features touching each root (rootFeat). */
export function touchRoots(k: Kernel, t: number, q: number): void {
  const sc = k.scratch;
  const sideFeat = k.tables.sideFeat;
  const sideRoot = sc.sideRoot;
  const rootFeat = sc.rootFeat;
  for (let i = 0; i < sc.nCellRoots; i++) rootFeat[i] = 0;
  const sides = (t * 4 + q) * SIDES;
  // The sides with a root beside them (readCell), by their set bits.
  for (let b = sc.cellSides; b !== 0; b &= b - 1) {
    const j = 31 - Math.clz32(b & -b);
    const f = sideFeat[sides + j] as number;
    if (f >= 0) {
      const c = sideRoot[j] as number;
      rootFeat[c] = (rootFeat[c] as number) | (1 << f);
    }
  }
}

/**
 * The features (see touchRoots) whose feature would hold one of the roots in `seed`. The tile's
 * features merge through every root they touch: two of its roads meeting the same road become one.
 */
export function closure(k: Kernel, seed: number): number {
  const m = k.scratch.nCellRoots;
  const rootFeat = k.scratch.rootFeat;
  let feats = 0;
  let reached = seed;
  for (let c = 0; c < m; c++) if ((seed & (1 << c)) !== 0) feats |= rootFeat[c] as number;
  for (let grown = true; grown; ) {
    grown = false;
    for (let c = 0; c < m; c++) {
      if ((reached & (1 << c)) !== 0 || ((rootFeat[c] as number) & feats) === 0) continue;
      reached |= 1 << c;
      feats |= rootFeat[c] as number;
      grown = true;
    }
  }
  return feats;
}

/** The features of tile type t turned q, on the cell last read, that would be free of figures. */
export function freeMask(k: Kernel, t: number, q: number): number {
  const all = (1 << (k.tables.nFeat[t] as number)) - 1;
  return k.scratch.cellOcc === 0 ? all : all & ~reach(k, t, q, k.scratch.cellOcc);
}

/**
 * Marks, with a new generation of frontMark which it returns, the frontier cells across an edge
 * that a segment touches of a feature holding a meeple of `player` (majority weight > 0) whose
 * kind is among `kinds` (bits over feature kind codes), each feature walked once, and lists them
 * in ownCells (nOwnCells of them).
 */
export function markOwnCells(k: Kernel, player: number, kinds: number): number {
  const sc = k.scratch;
  const weight = k.rules.ruleset.figures.weight;
  const rootGen = nextRootMark(k);
  sc.gens.front = nextGeneration(sc.frontMark, sc.gens.front);
  const gen = sc.gens.front;
  const edges = k.tables.featEdgeMask;
  let n = 0;
  for (let m = 0; m < k.nMeeples; m++) {
    if (k.mOwner[m] !== player || weight[k.mKind[m] as number] === 0) continue;
    const r = find(k, k.mSeg[m] as number);
    if (((kinds >> (k.kind[r] as number)) & 1) === 0 || sc.rootMark[r] === rootGen) continue;
    sc.rootMark[r] = rootGen;
    let s = r;
    do {
      const p = k.segTile[s] as number;
      const open = k.pOpen[p] as number;
      // Most tiles of a large feature have tiles all around.
      if (open !== 0) {
        const tr = (k.pType[p] as number) * 4 + (k.pRot[p] as number);
        for (let b = (edges[tr * MAXF + (k.segLocal[s] as number)] as number) & open; b !== 0; b &= b - 1) {
          const d = 31 - Math.clz32(b & -b);
          const i = (k.cell[k.nbSlot[p * 4 + d] as number] as number) - FRONTIER;
          if (sc.frontMark[i] !== gen) {
            sc.frontMark[i] = gen;
            sc.ownCells[n++] = i;
          }
        }
      }
      s = k.next[s] as number;
    } while (s !== r);
  }
  k.nOwnCells = n;
  return gen;
}

/**
 * Whether a figure of kind f may stand on local feature l of the current tile turned q at
 * frontier cell i, as movesAt finds it: a free feature, or for a kind that joins its owner's
 * figures one that would join a feature holding the player's meeple.
 */
export function mayStand(k: Kernel, i: number, t: number, q: number, f: number, l: number): boolean {
  const joins = k.rules.ruleset.figures.joinsOwn[f] !== 0;
  // With no figure on the board every feature is free.
  if (k.nMeeples === 0) return !joins;
  if (joins) {
    readCell(k, i, k.current);
    return (reach(k, t, q, k.scratch.cellOwn) & (1 << l)) !== 0;
  }
  readCell(k, i, -1);
  return (reach(k, t, q, k.scratch.cellOcc) & (1 << l)) === 0;
}
