import { GRID } from './raster.js';

// Outlines of a painted grid. Each label's cells are traced into rings along the cell sides, the
// label on the right (clockwise on screen for an outer ring, counter-clockwise for a hole). A ring
// is cut at nodes (grid points where three labels meet, the tile's corners, and points where one
// label touches itself diagonally), and each run between two nodes is smoothed once and shared by
// the two labels it separates: neighbours get the very same line, so the smoothed areas still tile
// the square without gaps or overlaps.

/** A point of a tile, in the unit square: x east, y south, the tile's north-west corner at 0,0. */
export type Point = readonly [number, number];

/** A run of an outline between two nodes, smoothed, with the labels on its two sides. */
export interface Run {
  readonly points: readonly Point[];
  /** The label on the run's right (the one whose ring it belongs to) and on its left (-2: outside the tile). */
  readonly right: number;
  readonly left: number;
}

/** The outline of one label: its rings, each a list of runs in order. */
export interface Outline {
  readonly label: number;
  readonly rings: readonly (readonly Run[])[];
}

const OUTSIDE = -2;
// Sides of a cell: 0 top, 1 right, 2 bottom, 3 left.
const DI = [0, 1, 0, -1];
const DJ = [-1, 0, 1, 0];

/** Traces every label of a painted grid (labels ≥ 0). */
export function trace(labels: Int16Array): Outline[] {
  const n = GRID;
  const v = n + 1;
  const label = (i: number, j: number): number => (i < 0 || j < 0 || i >= n || j >= n ? OUTSIDE : (labels[j * n + i] as number));
  const boundary = (i: number, j: number, s: number): boolean => label(i + (DI[s] as number), j + (DJ[s] as number)) !== label(i, j);
  // The start vertex of side s of cell (i, j), going clockwise round the cell.
  const start = (i: number, j: number, s: number): number =>
    s === 0 ? j * v + i : s === 1 ? j * v + i + 1 : s === 2 ? (j + 1) * v + i + 1 : (j + 1) * v + i;

  const isNode = (x: number, y: number): boolean => {
    if ((x === 0 || x === n) && (y === 0 || y === n)) return true;
    const a = label(x - 1, y - 1);
    const b = label(x, y - 1);
    const c = label(x, y);
    const d = label(x - 1, y);
    if (new Set([a, b, c, d]).size >= 3) return true;
    return a === c && b === d && a !== b;
  };

  const seen = new Uint8Array(n * n * 4);
  const smoothed = new Map<string, Point[]>();
  const outlines = new Map<number, Run[][]>();
  for (let j = 0; j < n; j++) {
    for (let i = 0; i < n; i++) {
      for (let s = 0; s < 4; s++) {
        if (seen[(j * n + i) * 4 + s] === 1 || !boundary(i, j, s)) continue;
        const l = label(i, j);
        // Walk the ring: turn right round the same cell first, so that cells of one label meeting
        // only at a corner stay apart.
        const vertices: number[] = [];
        const across: number[] = [];
        let ci = i;
        let cj = j;
        let cs = s;
        do {
          seen[(cj * n + ci) * 4 + cs] = 1;
          vertices.push(start(ci, cj, cs));
          across.push(label(ci + (DI[cs] as number), cj + (DJ[cs] as number)));
          const right = (cs + 1) % 4;
          if (boundary(ci, cj, right)) {
            cs = right;
            continue;
          }
          const ni = ci + (DI[right] as number);
          const nj = cj + (DJ[right] as number);
          if (boundary(ni, nj, cs)) {
            ci = ni;
            cj = nj;
            continue;
          }
          ci = ni + (DI[cs] as number);
          cj = nj + (DJ[cs] as number);
          cs = (cs + 3) % 4;
        } while (ci !== i || cj !== j || cs !== s);
        const ring = runsOf(vertices, across, l, isNode, smoothed);
        const list = outlines.get(l) ?? [];
        list.push(ring);
        outlines.set(l, list);
      }
    }
  }
  return [...outlines.entries()].sort(([a], [b]) => a - b).map(([l, rings]) => ({ label: l, rings }));
}

/** Cuts a ring at its nodes and smooths each run (once for both labels it separates). */
function runsOf(
  vertices: readonly number[],
  across: readonly number[],
  l: number,
  isNode: (x: number, y: number) => boolean,
  smoothed: Map<string, Point[]>,
): Run[] {
  const v = GRID + 1;
  const xy = (id: number): Point => [(id % v) / GRID, Math.floor(id / v) / GRID];
  const node = (id: number): boolean => isNode(id % v, Math.floor(id / v));
  const k = vertices.length;
  const first = vertices.findIndex(node);
  if (first < 0) {
    // A loop between two labels (a garden in its field): smoothed from its lowest vertex, in the
    // direction that the lower label walks it.
    const other = across[0] as number;
    const low = Math.min(l, other);
    const seq = l === low ? [...vertices] : [...vertices].reverse();
    const min = seq.indexOf(Math.min(...seq));
    const canonical = [...seq.slice(min), ...seq.slice(0, min)];
    const key = `loop ${canonical[0]} ${canonical[1]}`;
    let pts = smoothed.get(key);
    if (pts === undefined) {
      pts = smoothLoop(canonical.map(xy));
      smoothed.set(key, pts);
    }
    return [{ points: l === low ? pts : [...pts].reverse(), right: l, left: other }];
  }
  const runs: Run[] = [];
  let a = first;
  do {
    let b = (a + 1) % k;
    const ids = [vertices[a] as number];
    while (!node(vertices[b] as number)) {
      ids.push(vertices[b] as number);
      b = (b + 1) % k;
    }
    ids.push(vertices[b] as number);
    const key = `${ids[0]} ${ids[1]}`;
    const back = `${ids[ids.length - 1]} ${ids[ids.length - 2]}`;
    let pts = smoothed.get(key);
    if (pts === undefined) {
      const twin = smoothed.get(back);
      pts = twin !== undefined ? [...twin].reverse() : smoothRun(ids.map(xy));
      smoothed.set(key, pts);
    }
    runs.push({ points: pts, right: l, left: across[a] as number });
    a = b;
  } while (a !== first);
  return runs;
}

const mid = (p: Point, q: Point): Point => [(p[0] + q[0]) / 2, (p[1] + q[1]) / 2];

/** Smooths a run with fixed ends: the midpoints of its steps, then two rounds of corner cutting. */
function smoothRun(pts: readonly Point[]): Point[] {
  if (pts.length <= 2) return [...pts];
  let out: Point[] = [pts[0] as Point];
  for (let i = 0; i + 1 < pts.length; i++) out.push(mid(pts[i] as Point, pts[i + 1] as Point));
  out.push(pts[pts.length - 1] as Point);
  for (let round = 0; round < 2; round++) {
    const next: Point[] = [out[0] as Point];
    for (let i = 0; i + 1 < out.length; i++) {
      const p = out[i] as Point;
      const q = out[i + 1] as Point;
      if (i > 0) next.push([0.75 * p[0] + 0.25 * q[0], 0.75 * p[1] + 0.25 * q[1]]);
      if (i + 2 < out.length) next.push([0.25 * p[0] + 0.75 * q[0], 0.25 * p[1] + 0.75 * q[1]]);
    }
    next.push(out[out.length - 1] as Point);
    out = next;
  }
  return simplify(out);
}

function smoothLoop(pts: readonly Point[]): Point[] {
  let out: Point[] = pts.map((p, i) => mid(p, pts[(i + 1) % pts.length] as Point));
  for (let round = 0; round < 2; round++) {
    out = out.flatMap((p, i): Point[] => {
      const q = out[(i + 1) % out.length] as Point;
      return [
        [0.75 * p[0] + 0.25 * q[0], 0.75 * p[1] + 0.25 * q[1]],
        [0.25 * p[0] + 0.75 * q[0], 0.25 * p[1] + 0.75 * q[1]],
      ];
    });
  }
  // Simplified as two halves: a closed line has no chord to measure against.
  const half = out.length >> 1;
  return [...simplify(out.slice(0, half + 1)).slice(0, -1), ...simplify([...out.slice(half), out[0] as Point]).slice(0, -1)];
}

/** Drops points that lie within a hair of the line through their neighbours kept (Douglas–Peucker). */
function simplify(pts: readonly Point[], tolerance = 0.0012): Point[] {
  if (pts.length <= 2) return [...pts];
  const keep = new Uint8Array(pts.length);
  keep[0] = 1;
  keep[pts.length - 1] = 1;
  const stack: [number, number][] = [[0, pts.length - 1]];
  while (stack.length > 0) {
    const [a, b] = stack.pop() as [number, number];
    const [ax, ay] = pts[a] as Point;
    const [bx, by] = pts[b] as Point;
    const len = Math.hypot(bx - ax, by - ay) || 1;
    let far = -1;
    let farD = tolerance;
    for (let i = a + 1; i < b; i++) {
      const [px, py] = pts[i] as Point;
      const d = Math.abs((bx - ax) * (ay - py) - (ax - px) * (by - ay)) / len;
      if (d > farD) {
        farD = d;
        far = i;
      }
    }
    if (far >= 0) {
      keep[far] = 1;
      stack.push([a, far], [far, b]);
    }
  }
  return pts.filter((_, i) => keep[i] === 1);
}
