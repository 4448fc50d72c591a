import { DEMAND_UNIT } from './tables.js';
import { DX, DY } from '../core/geometry.js';
import { FRONTIER, type Kernel } from './kernel.js';

/**
 * The slot of cell (x, y) in the board's hash table: where it is, or where it goes (then its
 * value is 0). Fibonacci hashing of the packed coordinates, linear probing.
 */
export function cellIndex(k: Kernel, x: number, y: number): number {
  const key = (x << 16) ^ (y & 0xffff);
  const mask = (1 << k.hashBits) - 1;
  let h = Math.imul(key, 0x9e3779b1) >>> (32 - k.hashBits);
  while (k.cell[h] !== 0 && k.cellKey[h] !== key) h = (h + 1) & mask;
  return h;
}

/** Writes cell value v at slot c, the slot of (x, y). */
export function setCell(k: Kernel, c: number, x: number, y: number, v: number): void {
  k.cellKey[c] = (x << 16) ^ (y & 0xffff);
  k.cell[c] = v;
}

export function inReach(k: Kernel, x: number, y: number): boolean {
  return x >= k.minX - 1 && x <= k.maxX + 1 && y >= k.minY - 1 && y <= k.maxY + 1;
}

/** Placement index of the tile at (x, y), or -1. */
export function tileAt(k: Kernel, x: number, y: number): number {
  if (!inReach(k, x, y)) return -1;
  const v = k.cell[cellIndex(k, x, y)] as number;
  return v !== 0 && v < FRONTIER ? v - 1 : -1;
}

/** The first segment index of a placed tile; its features follow in local order. */
export function segmentOf(k: Kernel, p: number, local: number): number {
  return (k.segBase[p] as number) + local;
}

/**
 * The frontier index of the empty cell (x, y), made a frontier cell first when it is not one (a
 * set-up board places tiles anywhere, and the placement rules read frontier cells). Assumes no
 * tile lies there.
 */
export function openCell(k: Kernel, x: number, y: number): number {
  const c = cellIndex(k, x, y);
  const v = k.cell[c] as number;
  if (v >= FRONTIER) return v - FRONTIER;
  addFrontier(k, c, x, y);
  return k.nFront - 1;
}

/** Adds the empty cell c at (x, y) to the frontier, with the demands of the tiles around it. */
export function addFrontier(k: Kernel, c: number, x: number, y: number): void {
  const i = newFrontier(k, c, x, y);
  let demand = 0;
  for (let d = 0; d < 4; d++) {
    const v = k.cell[cellIndex(k, x + (DX[d] as number), y + (DY[d] as number))] as number;
    const tile = v !== 0 && v < FRONTIER;
    k.frontNb[i * 4 + d] = tile ? v - 1 : -1;
    if (!tile) continue;
    const np = v - 1;
    const ntr = ((k.pType[np] as number) * 4 + (k.pRot[np] as number)) * 4;
    demand += (1 + (k.tables.edgeKind[ntr + ((d + 2) & 3)] as number)) * (DEMAND_UNIT[d] as number);
  }
  k.frontDemand[i] = demand;
}

export function removeFrontier(k: Kernel, i: number): void {
  const last = --k.nFront;
  if (i !== last) {
    const c = k.front[last] as number;
    k.front[i] = c;
    k.frontX[i] = k.frontX[last] as number;
    k.frontY[i] = k.frontY[last] as number;
    k.frontDemand[i] = k.frontDemand[last] as number;
    // Element by element: copyWithin's call costs more than four copies.
    for (let d = 0; d < 4; d++) k.frontNb[i * 4 + d] = k.frontNb[last * 4 + d] as number;
    k.cell[c] = FRONTIER + i;
  }
}

/** The index in the frontier of the empty cell at (x, y) next to the board, or -1. */
export function frontierIndex(k: Kernel, x: number, y: number): number {
  if (!inReach(k, x, y)) return -1;
  const v = k.cell[cellIndex(k, x, y)] as number;
  return v >= FRONTIER ? v - FRONTIER : -1;
}

/** x of frontier cell i. */
export function frontierX(k: Kernel, i: number): number {
  return k.frontX[i] as number;
}

/** y of frontier cell i. */
export function frontierY(k: Kernel, i: number): number {
  return k.frontY[i] as number;
}

/** What the neighbours of frontier cell i demand of a tile there (see DEMAND_UNIT and TileTables.fitRotations). */
export function frontierDemand(k: Kernel, i: number): number {
  return k.frontDemand[i] as number;
}

/** Edge kind code of the neighbour across edge d of (x, y), or -1 when there is none. */
export function neighbourEdgeKind(k: Kernel, x: number, y: number, d: number): number {
  const np = tileAt(k, x + (DX[d] as number), y + (DY[d] as number));
  if (np < 0) return -1;
  const ntr = ((k.pType[np] as number) * 4 + (k.pRot[np] as number)) * 4;
  return k.tables.edgeKind[ntr + ((d + 2) & 3)] as number;
}

/**
 * The placement index of the tile in the cell beside the edge neighbour d of placement p, across
 * its edge e (a corner of p's 3 × 3 cells), or -1: read from the neighbour, a tile or a frontier cell.
 */
export function besideOf(k: Kernel, p: number, d: number, e: number): number {
  const v = k.cell[k.nbSlot[p * 4 + d] as number] as number;
  if (v >= FRONTIER) return k.frontNb[(v - FRONTIER) * 4 + e] as number;
  const w = k.cell[k.nbSlot[(v - 1) * 4 + e] as number] as number;
  return w !== 0 && w < FRONTIER ? w - 1 : -1;
}

/** Adds the empty cell c at (x, y), with no tile beside it yet, to the frontier; returns its index. */
export function newFrontier(k: Kernel, c: number, x: number, y: number): number {
  const i = k.nFront++;
  k.front[i] = c;
  k.frontX[i] = x;
  k.frontY[i] = y;
  setCell(k, c, x, y, FRONTIER + i);
  k.frontDemand[i] = 0;
  for (let d = 0; d < 4; d++) k.frontNb[i * 4 + d] = -1;
  return i;
}

/**
 * Writes, for each empty cell of the 8 around placement p (a cloister's or garden's), its
 * frontier index × 16 (as openCells writes cells) or -1 when no tile touches it by an edge yet,
 * into `out`; returns how many.
 */
export function emptyAround(k: Kernel, p: number, out: Int32Array): number {
  const x = k.pX[p] as number;
  const y = k.pY[p] as number;
  let n = 0;
  for (let dy = -1; dy <= 1; dy++) {
    for (let dx = -1; dx <= 1; dx++) {
      if (dx === 0 && dy === 0) continue;
      const v = k.cell[cellIndex(k, x + dx, y + dy)] as number;
      if (v === 0) out[n++] = -1;
      else if (v >= FRONTIER) out[n++] = (v - FRONTIER) * 16;
    }
  }
  return n;
}

/** Counts n more cells around placement p as filled (for rule modules): a cloister or garden is complete at 8. */
export function fillAround(k: Kernel, p: number, n: number): void {
  k.around[p] = (k.around[p] as number) + n;
}

/** Tiles in the 8 cells around placement p. */
export function neighbours(k: Kernel, p: number): number {
  return k.around[p] as number;
}
