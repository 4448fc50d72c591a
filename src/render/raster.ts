import type { Edge, HalfEdge } from '../core/geometry.js';
import type { FeatureDef, TileDef } from '../tiles/tile-types.js';
import { featureLookOf } from '../rules/looks.js';

// A tile's areas are first painted on a fine grid of cells, one label a cell (the index of the
// feature that owns it), from the definition alone: roads and the modules' bands (a river) as
// strokes between edge midpoints, cities as caps, bands, corners or the whole tile, a cloister as
// a building in the middle, the modules' patches (a garden) in a field, and fields as whatever is left, each cell going to the field whose edge it is nearest to
// inside its region. Painting every cell once makes the areas a partition of the tile by
// construction; trace.ts turns the cells into smooth outlines.

/** Cells along a side of the grid. */
export const GRID = 48;
const UNSET = -1;

export const ROAD_HALF_WIDTH = 0.055;
const CLOISTER_HALF = 0.15;
const BLOB_RADIUS = 0.13;

type Pt = readonly [number, number];
const EDGE_INDEX: Readonly<Record<Edge, number>> = { N: 0, E: 1, S: 2, W: 3 };
const MID: readonly Pt[] = [
  [0.5, 0],
  [1, 0.5],
  [0.5, 1],
  [0, 0.5],
];
/** The corner shared by two adjacent edges, indexed by the lower edge index then the higher. */
const CORNER: Readonly<Record<string, Pt>> = { '0,1': [1, 0], '1,2': [1, 1], '2,3': [0, 1], '0,3': [0, 0] };

/** How far a point lies inside the tile from an edge, and where along the edge (0…1). */
function depth(e: number, x: number, y: number): number {
  return e === 0 ? y : e === 1 ? 1 - x : e === 2 ? 1 - y : x;
}
function along(e: number, x: number, y: number): number {
  return e === 0 || e === 2 ? x : y;
}
const adjacent = (a: number, b: number): boolean => (a - b + 4) % 2 === 1;
const cornerOf = (a: number, b: number): Pt => CORNER[`${Math.min(a, b)},${Math.max(a, b)}`] as Pt;

/** A piece of a stroke: a straight segment, or a quarter circle of radius ½ about a tile corner. */
type Piece = { readonly line: readonly [Pt, Pt] } | { readonly arc: Pt };

function distanceToPiece(p: Piece, x: number, y: number): number {
  if ('arc' in p) return Math.abs(Math.hypot(x - p.arc[0], y - p.arc[1]) - 0.5);
  const [[ax, ay], [bx, by]] = p.line;
  const dx = bx - ax;
  const dy = by - ay;
  const len2 = dx * dx + dy * dy;
  const t = len2 === 0 ? 0 : Math.max(0, Math.min(1, ((x - ax) * dx + (y - ay) * dy) / len2));
  return Math.hypot(x - ax - t * dx, y - ay - t * dy);
}

/** The stroke between two edge midpoints: straight across, or a quarter circle round their corner. */
function through(a: number, b: number): Piece {
  return adjacent(a, b) ? { arc: cornerOf(a, b) } : { line: [MID[a] as Pt, MID[b] as Pt] };
}

/** Where a road that ends on this tile goes: to the middle, into a city, or a short way to a cottage. */
export type RoadEnd = 'centre' | 'city' | 'stub';
/** How single-edge cities are drawn: a rounded cap, or a wedge that reaches the middle. */
export type CapShape = 'round' | 'wedge';

/** The choices a tile's drawing is made with; layout.ts tries them in order and keeps the best. */
export interface Layout {
  readonly ends: readonly RoadEnd[];
  readonly caps: CapShape;
}

/** Features of a tile, each with its index. */
const indexed = (def: TileDef) => def.features.map((f, i) => [f, i] as const);
const edgesOf = (f: FeatureDef): number[] => ('edges' in f ? f.edges.map((e) => EDGE_INDEX[e]) : []);

/** How wide a module's kind of feature is drawn each side of its line, or 0 when it is no band. */
function bandOf(kind: string): number {
  const area = featureLookOf(kind)?.area;
  return area !== undefined && 'band' in area ? area.band : 0;
}

/** The single-edge roads of a tile, in definition order: the ones a layout chooses an end for. */
export function roadEnds(def: TileDef): number[] {
  return indexed(def)
    .filter(([f]) => f.kind === 'road' && f.edges.length === 1)
    .map(([, i]) => i);
}

/** A module's band that crosses the tile (two edges, as a river), or null. */
function bandThrough(def: TileDef): number[] | null {
  const r = def.features.find((f) => bandOf(f.kind) > 0 && edgesOf(f).length === 2);
  return r === undefined ? null : edgesOf(r);
}

/** Where the cloister stands: the middle, or the bank without roads when a band (a river) crosses the tile. */
export function cloisterCentre(def: TileDef): Pt {
  const band = bandThrough(def);
  if (band === null) return [0.5, 0.5];
  const ends = roadEnds(def).flatMap((i) => edgesOf(def.features[i] as FeatureDef));
  // The banks of a straight river: the sides of the two edges it does not touch.
  const banks = [0, 1, 2, 3].filter((e) => !band.includes(e));
  const bank = banks.find((e) => !ends.includes(e)) ?? (banks[0] as number);
  const [mx, my] = MID[bank] as Pt;
  return [0.5 + (mx - 0.5) * 0.5, 0.5 + (my - 0.5) * 0.5];
}

/** The end point of a road's stroke for each choice of end, and the pieces of the stroke. */
export function roadEndPieces(def: TileDef, feature: number, end: RoadEnd): { pieces: Piece[]; tip: Pt } {
  const e = edgesOf(def.features[feature] as FeatureDef)[0] as number;
  const from = MID[e] as Pt;
  if (end === 'stub') {
    const tip: Pt = [from[0] + (0.5 - from[0]) * 0.6, from[1] + (0.5 - from[1]) * 0.6];
    return { pieces: [{ line: [from, tip] }], tip };
  }
  if (end === 'city') {
    // Into a city that fills the middle (a band across the tile): straight on.
    if (def.features.some((f) => f.kind === 'city' && f.edges.length >= 2 && inCity(edgesOf(f), 'round', 0.5, 0.5))) {
      return { pieces: [{ line: [from, [0.5, 0.5]] }], tip: [0.5, 0.5] };
    }
    const cities = def.features.filter((f) => f.kind === 'city').flatMap(edgesOf);
    // The city edge straight ahead if there is one, else the first beside.
    const target = cities.includes((e + 2) % 4) ? (e + 2) % 4 : (cities.find((c) => adjacent(c, e)) ?? cities[0]);
    if (target !== undefined) return { pieces: [through(e, target)], tip: MID[target] as Pt };
  }
  const centre: Pt = def.features.some((f) => f.kind === 'cloister') ? cloisterCentre(def) : [0.5, 0.5];
  return { pieces: [{ line: [from, centre] }], tip: centre };
}

/** How deep a city cap reaches at a point along its edge. */
function capDepth(t: number, caps: CapShape): number {
  if (caps === 'wedge') return 0.5 * (1 - Math.abs(2 * t - 1));
  return 0.3 * Math.sqrt(Math.max(0, Math.sin(Math.PI * t)));
}

function inCity(edges: number[], caps: CapShape, x: number, y: number): boolean {
  switch (edges.length) {
    case 4:
      return true;
    case 3: {
      const open = [0, 1, 2, 3].find((e) => !edges.includes(e)) as number;
      return depth(open, x, y) > 0.36 * Math.sqrt(Math.max(0, Math.sin(Math.PI * along(open, x, y))));
    }
    case 2: {
      const [a, b] = edges as [number, number];
      if (adjacent(a, b)) {
        const u = depth(a, x, y);
        const v = depth(b, x, y);
        return u + v < 1 - 0.24 * (1 - (u - v) ** 2);
      }
      // A band from edge a to edge b, narrowest halfway.
      const t = depth(a, x, y);
      return Math.abs(depth((a + 1) % 4, x, y) - 0.5) < 0.2 + 0.3 * (2 * t - 1) ** 2;
    }
    case 1: {
      const e = edges[0] as number;
      return depth(e, x, y) < capDepth(along(e, x, y), caps);
    }
    default:
      return false;
  }
}

/** The centre of a field enclosed between cities: among the cities it borders, pulled to the middle. */
function blobCentre(def: TileDef, cities: readonly number[]): Pt {
  let sx = 0;
  let sy = 0;
  for (const c of cities) {
    const mids = edgesOf(def.features[c] as FeatureDef).map((e) => MID[e] as Pt);
    sx += mids.reduce((s, m) => s + m[0], 0) / mids.length;
    sy += mids.reduce((s, m) => s + m[1], 0) / mids.length;
  }
  const n = Math.max(1, cities.length);
  return [0.5 + (sx / n - 0.5) * 0.7, 0.5 + (sy / n - 0.5) * 0.7];
}

/** The feature expected at a point of the tile's border, from the definition (-1 if none). */
function borderOwner(def: TileDef, e: number, t: number): number {
  const kind = def.edges[e] as string;
  if (kind === 'city' || (kind !== 'field' && Math.abs(t - 0.5) < (kind === 'road' ? ROAD_HALF_WIDTH : bandOf(kind)))) {
    return def.features.findIndex((f) => f.kind === kind && edgesOf(f).includes(e));
  }
  // The half of the edge: along N and S t grows east, along E and W it grows south.
  const first = t < 0.5;
  const half = (['NNW', 'NNE', 'ENE', 'ESE', 'SSW', 'SSE', 'WNW', 'WSW'] as const)[2 * e + (first ? 0 : 1)] as HalfEdge;
  return def.features.findIndex((f) => f.kind === 'field' && f.halfEdges.includes(half));
}

/** A painted tile: a label per cell (row-major, north row first) and what was drawn on it. */
export interface Raster {
  readonly labels: Int16Array;
  /** How many field regions hold more than one field, or one field in several pieces: 0 is a drawing that needs no fence. */
  readonly conflicts: number;
  /** Where the modules' patches (a garden) lie, one per patch feature. */
  readonly patches: readonly Pt[];
}

const cellX = (i: number): number => (i + 0.5) / GRID;

/** Paints a tile's features on the grid with a layout. */
export function paint(def: TileDef, layout: Layout): Raster {
  const n = GRID;
  const labels = new Int16Array(n * n).fill(UNSET);
  const features = indexed(def);
  const stroke = (pieces: readonly Piece[], half: number, label: number) => {
    for (let j = 0; j < n; j++) {
      for (let i = 0; i < n; i++) {
        const x = cellX(i);
        const y = cellX(j);
        if (pieces.some((p) => distanceToPiece(p, x, y) < half)) labels[j * n + i] = label;
      }
    }
  };
  const fill = (inside: (x: number, y: number) => boolean, label: number) => {
    for (let j = 0; j < n; j++) for (let i = 0; i < n; i++) if (inside(cellX(i), cellX(j))) labels[j * n + i] = label;
  };

  // Roads that end here go first: the cities, rivers and cloisters painted after them cut them off.
  for (const [k, f] of roadEnds(def).entries()) stroke(roadEndPieces(def, f, layout.ends[k] ?? 'centre').pieces, ROAD_HALF_WIDTH, f);
  for (const [f, i] of features) if (f.kind === 'city') fill((x, y) => inCity(edgesOf(f), layout.caps, x, y), i);
  for (const [f, i] of features) {
    if (f.kind === 'field' && f.halfEdges.length === 0) {
      const [cx, cy] = blobCentre(def, f.cities);
      fill((x, y) => Math.hypot(x - cx, y - cy) < BLOB_RADIUS, i);
    }
  }
  for (const [f, i] of features) {
    const band = f.kind === 'road' || f.kind === 'city' ? 0 : bandOf(f.kind);
    const es = edgesOf(f);
    if (band === 0 || es.length === 0) continue;
    if (es.length === 2) stroke([through(es[0] as number, es[1] as number)], band, i);
    else {
      // One edge: a pool in the middle (a river's spring or lake).
      stroke([{ line: [MID[es[0] as number] as Pt, [0.5, 0.5]] }], band, i);
      fill((x, y) => Math.hypot(x - 0.5, y - 0.5) < 0.2, i);
    }
  }
  for (const [f, i] of features) {
    const es = edgesOf(f);
    if (f.kind === 'road' && es.length >= 2) stroke([through(es[0] as number, es[1] as number)], ROAD_HALF_WIDTH, i);
  }
  const cloister = def.features.findIndex((f) => f.kind === 'cloister');
  if (cloister >= 0) {
    const [cx, cy] = cloisterCentre(def);
    fill((x, y) => Math.max(Math.abs(x - cx), Math.abs(y - cy)) < CLOISTER_HALF, cloister);
  }

  // The border shows what the definition says (corners excepted: two edges meet there).
  for (let e = 0; e < 4; e++) {
    for (let k = 1; k < n - 1; k++) {
      const i = e === 0 || e === 2 ? k : e === 1 ? n - 1 : 0;
      const j = e === 1 || e === 3 ? k : e === 2 ? n - 1 : 0;
      const owner = borderOwner(def, e, cellX(k));
      if (owner >= 0) labels[j * n + i] = owner;
    }
  }

  const conflicts = growFields(def, labels);
  const patches: Pt[] = [];
  for (const [f, i] of features) {
    const area = featureLookOf(f.kind)?.area;
    if (area === undefined || !('patch' in area)) continue;
    const at = placePatch(def, labels, i, area.patch);
    if (at !== null) patches.push(at);
  }
  return { labels, conflicts, patches };
}

const isFieldLabel = (def: TileDef, label: number): boolean => label >= 0 && def.features[label]?.kind === 'field';

/**
 * Gives every unpainted cell to a field: the fields grow from their cells at the border (and from
 * enclosed fields' centres) at one speed, so a region that two fields share is split where they
 * meet. Counts the conflicts: shared regions, and fields in several regions.
 */
function growFields(def: TileDef, labels: Int16Array): number {
  const n = GRID;
  // Regions of open cells (unpainted or field), before growing.
  const region = new Int32Array(n * n).fill(-1);
  let regions = 0;
  const stack: number[] = [];
  for (let c = 0; c < n * n; c++) {
    const l = labels[c] as number;
    if (region[c] !== -1 || !(l === UNSET || isFieldLabel(def, l))) continue;
    region[c] = regions;
    stack.push(c);
    while (stack.length > 0) {
      const a = stack.pop() as number;
      for (const b of neighbours(a)) {
        const lb = labels[b] as number;
        if (region[b] === -1 && (lb === UNSET || isFieldLabel(def, lb))) {
          region[b] = regions;
          stack.push(b);
        }
      }
    }
    regions++;
  }
  const fieldsOf = Array.from({ length: regions }, () => new Set<number>());
  const regionsOf = new Map<number, Set<number>>();
  for (let c = 0; c < n * n; c++) {
    const l = labels[c] as number;
    if (!isFieldLabel(def, l)) continue;
    fieldsOf[region[c] as number]?.add(l);
    if (!regionsOf.has(l)) regionsOf.set(l, new Set());
    regionsOf.get(l)?.add(region[c] as number);
  }
  let conflicts = 0;
  for (const s of fieldsOf) conflicts += Math.max(0, s.size - 1) + (s.size === 0 ? 1 : 0);
  for (const s of regionsOf.values()) conflicts += s.size - 1;
  def.features.forEach((f, i) => {
    if (f.kind === 'field' && !regionsOf.has(i)) conflicts += 2;
  });

  // Breadth-first growth from every field cell at the border, in cell order: ties go the same way
  // every time. An enclosed field keeps its painted size.
  const enclosed = (l: number) => {
    const f = def.features[l];
    return f?.kind === 'field' && f.halfEdges.length === 0;
  };
  const queue: number[] = [];
  for (let c = 0; c < n * n; c++) if (isFieldLabel(def, labels[c] as number) && !enclosed(labels[c] as number)) queue.push(c);
  growFrom(labels, queue, (l) => l === UNSET);
  // Cells no field reaches (a pocket between strokes and cities) join their painted neighbours.
  const rest: number[] = [];
  for (let c = 0; c < n * n; c++) if (labels[c] !== UNSET && !enclosed(labels[c] as number)) rest.push(c);
  growFrom(labels, rest, (l) => l === UNSET);
  return conflicts;
}

function growFrom(labels: Int16Array, queue: number[], open: (label: number) => boolean): void {
  for (let q = 0; q < queue.length; q++) {
    const a = queue[q] as number;
    for (const b of neighbours(a)) {
      if (open(labels[b] as number)) {
        labels[b] = labels[a] as number;
        queue.push(b);
      }
    }
  }
}

function neighbours(c: number): number[] {
  const n = GRID;
  const i = c % n;
  const out: number[] = [];
  if (c >= n) out.push(c - n);
  if (i < n - 1) out.push(c + 1);
  if (c < n * n - n) out.push(c + n);
  if (i > 0) out.push(c - 1);
  return out;
}

/**
 * A patch (The Abbot's garden) lies inside the largest field, where that field is widest: it does
 * not split the field (a hole in it).
 */
function placePatch(def: TileDef, labels: Int16Array, patch: number, radius: number): Pt | null {
  const dist = distances(labels);
  const n = GRID;
  const size = new Map<number, number>();
  for (let c = 0; c < n * n; c++)
    if (isFieldLabel(def, labels[c] as number)) size.set(labels[c] as number, (size.get(labels[c] as number) ?? 0) + 1);
  let field = -1;
  for (const [l, s] of size) if (field < 0 || s > (size.get(field) ?? 0)) field = l;
  let best = -1;
  for (let c = 0; c < n * n; c++) if (labels[c] === field && (best < 0 || (dist[c] as number) > (dist[best] as number))) best = c;
  if (best < 0) return null;
  const centre: Pt = [cellX(best % n), cellX(Math.floor(best / n))];
  // A garden narrower than the field: leave the field at least two cells around it.
  const r = Math.min(radius, (((dist[best] as number) - 2) / GRID) * 0.9);
  for (let c = 0; c < n * n; c++) {
    if (labels[c] === field && Math.hypot(cellX(c % n) - centre[0], cellX(Math.floor(c / n)) - centre[1]) < r) labels[c] = patch;
  }
  return centre;
}

/**
 * For each cell, its distance in cells to the nearest cell of another label or to the tile's
 * border (a chamfer distance: 1 across, 1.4 diagonally).
 */
export function distances(labels: Int16Array): Float32Array {
  const n = GRID;
  const d = new Float32Array(n * n);
  for (let j = 0; j < n; j++) {
    for (let i = 0; i < n; i++) {
      const c = j * n + i;
      const l = labels[c];
      const edge =
        i === 0 ||
        j === 0 ||
        i === n - 1 ||
        j === n - 1 ||
        labels[c - 1] !== l ||
        labels[c + 1] !== l ||
        labels[c - n] !== l ||
        labels[c + n] !== l;
      d[c] = edge ? 1 : 1e9;
    }
  }
  const relax = (c: number, o: number, w: number) => {
    if (labels[o] === labels[c] && (d[o] as number) + w < (d[c] as number)) d[c] = (d[o] as number) + w;
  };
  for (let j = 1; j < n - 1; j++) {
    for (let i = 1; i < n - 1; i++) {
      const c = j * n + i;
      relax(c, c - 1, 1);
      relax(c, c - n, 1);
      relax(c, c - n - 1, 1.4);
      relax(c, c - n + 1, 1.4);
    }
  }
  for (let j = n - 2; j > 0; j--) {
    for (let i = n - 2; i > 0; i--) {
      const c = j * n + i;
      relax(c, c + 1, 1);
      relax(c, c + n, 1);
      relax(c, c + n + 1, 1.4);
      relax(c, c + n - 1, 1.4);
    }
  }
  return d;
}
