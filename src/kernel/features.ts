import { nextGeneration } from './scratch.js';
import { MAXF } from './tables.js';
import type { Position } from '../core/geometry.js';
import { FRONTIER, type Kernel } from './kernel.js';

export function find(k: Kernel, s: number): number {
  return k.parent[s] as number;
}

export function union(k: Kernel, a: number, b: number): number {
  let ra = k.parent[a] as number;
  let rb = k.parent[b] as number;
  if (ra === rb) return ra;
  if ((k.size[ra] as number) < (k.size[rb] as number)) {
    const t = ra;
    ra = rb;
    rb = t;
  }
  const parent = k.parent;
  const next = k.next;
  let m = rb;
  do {
    parent[m] = ra;
    m = next[m] as number;
  } while (m !== rb);
  k.size[ra] = (k.size[ra] as number) + (k.size[rb] as number);
  k.open[ra] = (k.open[ra] as number) + (k.open[rb] as number);
  k.pennants[ra] = (k.pennants[ra] as number) + (k.pennants[rb] as number);
  k.attr[2 * ra] = (k.attr[2 * ra] as number) + (k.attr[2 * rb] as number);
  k.attr[2 * ra + 1] = (k.attr[2 * ra + 1] as number) + (k.attr[2 * rb + 1] as number);
  k.occupied[ra] = (k.occupied[ra] as number) + (k.occupied[rb] as number);
  k.owners[ra] = (k.owners[ra] as number) | (k.owners[rb] as number);
  // Splice the two circular member lists into one.
  const na = next[ra] as number;
  next[ra] = next[rb] as number;
  next[rb] = na;
  return ra;
}

/** Feature kind code of a segment. */
export function kindOf(k: Kernel, s: number): number {
  return k.kind[s] as number;
}

/** Open edges of the feature rooted at r (roads and cities). */
export function openOf(k: Kernel, r: number): number {
  return k.open[r] as number;
}

/** Pennants of the city rooted at r. */
export function pennantsOf(k: Kernel, r: number): number {
  return k.pennants[r] as number;
}

/** Word w (0 or 1) of the attributes of the feature rooted at r (see Ruleset.attrs). */
export function attrOf(k: Kernel, r: number, w: number): number {
  return k.attr[2 * r + w] as number;
}

/** Placement index of a segment's tile. */
export function segmentTile(k: Kernel, s: number): number {
  return k.segTile[s] as number;
}

/** Whether a feature of placement p among `mask` (local features) belongs to the feature of segment s. */
export function extendsFeature(k: Kernel, p: number, s: number, mask: number): boolean {
  const r = find(k, s);
  const base = k.segBase[p] as number;
  for (let f = 0; mask >> f !== 0; f++) {
    if ((mask & (1 << f)) !== 0 && find(k, base + f) === r) return true;
  }
  return false;
}

/**
 * Closes edge d of placement p as if a neighbour matched it (for rule modules): the road, city
 * or river at that edge, if any, has one open end less.
 */
export function closeEdge(k: Kernel, p: number, d: number): void {
  const f = k.tables.edgeFeat[((k.pType[p] as number) * 4 + (k.pRot[p] as number)) * 4 + d] as number;
  if (f < 0) return;
  const r = find(k, (k.segBase[p] as number) + f);
  k.open[r] = (k.open[r] as number) - 1;
}

/** Distinct tiles of the feature rooted at r (a feature may pass a tile twice; it counts once). */
export function distinctTiles(k: Kernel, r: number): number {
  const gen = nextStamp(k);
  let n = 0;
  let s = r;
  do {
    const p = k.segTile[s] as number;
    if (k.scratch.stamp[p] !== gen) {
      k.scratch.stamp[p] = gen;
      n++;
    }
    s = k.next[s] as number;
  } while (s !== r);
  return n;
}

export function nextStamp(k: Kernel): number {
  const sc = k.scratch;
  sc.gens.stamp = nextGeneration(sc.stamp, sc.gens.stamp);
  return sc.gens.stamp;
}

export function nextRootMark(k: Kernel): number {
  const sc = k.scratch;
  sc.gens.root = nextGeneration(sc.rootMark, sc.gens.root);
  return sc.gens.root;
}

/** Segments of the feature rooted at r, oldest first. */
export function members(k: Kernel, r: number): number[] {
  const out: number[] = [];
  let s = r;
  do {
    out.push(s);
    s = k.next[s] as number;
  } while (s !== r);
  return out.sort((a, b) => a - b);
}

/** The oldest segment of the feature rooted at r. */
export function oldest(k: Kernel, r: number): number {
  let min = r;
  for (let s = k.next[r] as number; s !== r; s = k.next[s] as number) if (s < min) min = s;
  return min;
}

/** Distinct tiles of the feature rooted at r, in placement order. */
export function tilePositions(k: Kernel, r: number): Position[] {
  const gen = nextStamp(k);
  const ps: number[] = [];
  let s = r;
  do {
    const p = k.segTile[s] as number;
    if (k.scratch.stamp[p] !== gen) {
      k.scratch.stamp[p] = gen;
      ps.push(p);
    }
    s = k.next[s] as number;
  } while (s !== r);
  ps.sort((a, b) => a - b);
  return ps.map((p) => ({ x: k.pX[p] as number, y: k.pY[p] as number }));
}

/**
 * Writes the roots of the distinct cities bordering the field rooted at r into `roots`, and for
 * each the oldest field segment that meets it into `firstSeg`; returns how many. Allocates nothing.
 */
export function citiesOfField(k: Kernel, r: number, roots: Int32Array, firstSeg: Int32Array): number {
  const T = k.tables;
  let n = 0;
  let s = r;
  do {
    const p = k.segTile[s] as number;
    const mask = T.fieldCities[(k.pType[p] as number) * MAXF + (k.segLocal[s] as number)] as number;
    for (let c = 0; mask >> c !== 0; c++) {
      if ((mask & (1 << c)) === 0) continue;
      const cr = find(k, (k.segBase[p] as number) + c);
      let i = 0;
      while (i < n && roots[i] !== cr) i++;
      if (i === n) {
        roots[n] = cr;
        firstSeg[n++] = s;
      } else if (s < (firstSeg[i] as number)) {
        firstSeg[i] = s;
      }
    }
    s = k.next[s] as number;
  } while (s !== r);
  return n;
}

/**
 * Writes the distinct empty cells where the road or city rooted at r is open (across an edge of
 * its own) into `out`, each as its frontier index × 16 + the bit mask of its edges (N, E, S, W)
 * the feature meets; returns how many. Allocates nothing.
 */
export function openCells(k: Kernel, r: number, out: Int32Array): number {
  const edges = k.tables.featEdgeMask;
  let n = 0;
  let s = r;
  do {
    const p = k.segTile[s] as number;
    const mask = edges[((k.pType[p] as number) * 4 + (k.pRot[p] as number)) * MAXF + (k.segLocal[s] as number)] as number;
    for (let d = 0; d < 4; d++) {
      if ((mask & (1 << d)) === 0) continue;
      const v = k.cell[k.nbSlot[p * 4 + d] as number] as number;
      if (v < FRONTIER) continue;
      const at = (v - FRONTIER) * 16;
      const side = 1 << ((d + 2) & 3);
      let j = 0;
      while (j < n && ((out[j] as number) & ~15) !== at) j++;
      if (j === n) out[n++] = at | side;
      else out[j] = (out[j] as number) | side;
    }
    s = k.next[s] as number;
  } while (s !== r);
  return n;
}

/**
 * Roots of the distinct cities bordering the field rooted at r, in the order the field's
 * segments (oldest first) meet them.
 */
export function borderingCities(k: Kernel, r: number): number[] {
  const sc = k.scratch;
  const n = citiesOfField(k, r, sc.fieldRoots, sc.fieldFirstSeg);
  const order = Array.from({ length: n }, (_, i) => i).sort((a, b) => (sc.fieldFirstSeg[a] as number) - (sc.fieldFirstSeg[b] as number));
  return order.map((i) => sc.fieldRoots[i] as number);
}
