import { besideOf, cellIndex, newFrontier, removeFrontier, setCell } from './board.js';
import { union } from './features.js';
import { DEMAND_UNIT, MAXF } from './tables.js';
import { DX, DY, HALF_PARTNER } from '../core/geometry.js';
import { FRONTIER, type Kernel } from './kernel.js';

/** Places tile type t, turned q quarter turns, at (x, y), merging its features with its neighbours'. Returns the placement index. */
export function placeTile(k: Kernel, t: number, q: number, x: number, y: number): number {
  const T = k.tables;
  const p = k.nPlaced++;
  k.pType[p] = t;
  k.pRot[p] = q;
  k.pX[p] = x;
  k.pY[p] = y;
  if (p === 0) {
    k.minX = k.maxX = x;
    k.minY = k.maxY = y;
  } else {
    if (x < k.minX) k.minX = x;
    if (x > k.maxX) k.maxX = x;
    if (y < k.minY) k.minY = y;
    if (y > k.maxY) k.maxY = y;
  }
  // The tiles beside the cell, as its frontier entry lists them. An empty cell that is not in the
  // frontier (a set-up board places tiles anywhere) has none: every empty cell beside a tile is.
  const c = cellIndex(k, x, y);
  const v = k.cell[c] as number;
  const sc = k.scratch;
  const nb = sc.nb4;
  if (v >= FRONTIER) {
    const i = v - FRONTIER;
    for (let d = 0; d < 4; d++) nb[d] = k.frontNb[i * 4 + d] as number;
    removeFrontier(k, i);
  } else nb[0] = nb[1] = nb[2] = nb[3] = -1;
  setCell(k, c, x, y, p + 1);
  k.pSlot[p] = c;

  const base = k.nSeg;
  k.segBase[p] = base;
  const nf = T.nFeat[t] as number;
  const attrs = k.rules.ruleset.attrs;
  for (let f = 0; f < nf; f++) {
    const s = base + f;
    const tf = t * MAXF + f;
    k.parent[s] = s;
    k.size[s] = 1;
    k.kind[s] = T.featKind[tf] as number;
    k.open[s] = T.featEdges[tf] as number;
    k.pennants[s] = T.featPennants[tf] as number;
    k.attr[2 * s] = attrs[2 * tf] as number;
    k.attr[2 * s + 1] = attrs[2 * tf + 1] as number;
    k.occupied[s] = 0;
    k.owners[s] = 0;
    k.next[s] = s;
    k.segTile[s] = p;
    k.segLocal[s] = f;
  }
  k.nSeg += nf;

  const tr = t * 4 + q;
  let empty = 0;
  for (let d = 0; d < 4; d++) {
    const od = (d + 2) & 3;
    const np = nb[d] as number;
    if (np < 0) {
      empty |= 1 << d;
      // An empty cell: in the frontier already (it touches another tile), or new to it, with
      // k tile its only neighbour.
      const nx = x + (DX[d] as number);
      const ny = y + (DY[d] as number);
      const nc = cellIndex(k, nx, ny);
      k.nbSlot[p * 4 + d] = nc;
      const nv = k.cell[nc] as number;
      const i = nv >= FRONTIER ? nv - FRONTIER : newFrontier(k, nc, nx, ny);
      k.frontDemand[i] = (k.frontDemand[i] as number) + (1 + (T.edgeKind[tr * 4 + d] as number)) * (DEMAND_UNIT[od] as number);
      k.frontNb[i * 4 + od] = p;
      continue;
    }
    k.nbSlot[p * 4 + d] = k.pSlot[np] as number;
    k.pOpen[np] = (k.pOpen[np] as number) & ~(1 << od);
    const nbase = k.segBase[np] as number;
    const ntr = (k.pType[np] as number) * 4 + (k.pRot[np] as number);
    const ef = T.edgeFeat[tr * 4 + d] as number;
    if (ef >= 0) {
      const root = union(k, base + ef, nbase + (T.edgeFeat[ntr * 4 + od] as number));
      // Each matched road or city edge closes one open end on either side (a loop too).
      k.open[root] = (k.open[root] as number) - 2;
    }
    for (let hh = 0; hh < 2; hh++) {
      const h = 2 * d + hh;
      const hf = T.halfFeat[tr * 8 + h] as number;
      if (hf < 0) continue;
      const nhf = T.halfFeat[ntr * 8 + (HALF_PARTNER[h] as number)] as number;
      if (nhf >= 0) union(k, base + hf, nbase + nhf);
    }
  }
  k.pOpen[p] = empty;
  // The 3 × 3 cells row by row: each tile around counts k one, and k one counts them. A
  // corner is the cell beside an edge neighbour (now a tile or in the frontier) on the other axis.
  const ring = sc.ring;
  ring[1] = nb[0] as number;
  ring[3] = nb[3] as number;
  ring[5] = nb[1] as number;
  ring[7] = nb[2] as number;
  ring[0] = besideOf(k, p, 0, 3);
  ring[2] = besideOf(k, p, 0, 1);
  ring[6] = besideOf(k, p, 2, 3);
  ring[8] = besideOf(k, p, 2, 1);
  // Kept in the kernel's own buffer, not the scratch space kernels of one shape share: the turn is
  // scored after its action step, and another kernel may place a tile in between.
  const near = k.near;
  let around = 0;
  let nNear = 0;
  for (let j = 0; j < 9; j++) {
    if (j === 4) {
      near[++nNear] = p;
      continue;
    }
    const np = ring[j] as number;
    if (np < 0) continue;
    k.around[np] = (k.around[np] as number) + 1;
    near[++nNear] = np;
    around++;
  }
  near[0] = nNear;
  k.around[p] = around;
  const rules = k.rules.ruleset.placement;
  for (let j = 0; j < rules.length; j++) {
    const rule = rules[j] as (typeof rules)[number];
    if (rule.applies[t] !== 0) rule.placed(k, p);
  }
  const placed = k.rules.ruleset.placed;
  for (let j = 0; j < placed.length; j++) (placed[j] as (typeof placed)[number])(k, p);
  return p;
}
