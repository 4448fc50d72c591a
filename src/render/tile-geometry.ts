import { isRotation, type Rotation, type Spot } from '../core/geometry.js';
import { tileDef } from '../rules/catalogue.js';
import { featureSpots } from '../tiles/spots.js';
import type { FeatureKind, TileDef } from '../tiles/tile-types.js';
import { symbolsOf as symbolDefs } from '../rules/looks.js';
import {
  type CapShape,
  cloisterCentre,
  distances,
  GRID,
  type Layout,
  paint,
  type Raster,
  type RoadEnd,
  roadEndPieces,
  roadEnds,
} from './raster.js';
import { type Outline, type Point, trace } from './trace.js';

export type { Point } from './trace.js';

/**
 * The area of one feature of a tile, in the unit square (x east, y south, the tile's north-west
 * corner at 0,0). `rings` are closed polygons: outer rings run clockwise on screen, holes (a garden
 * in its field) the other way; the areas of a tile cover it without overlapping.
 */
export interface TileArea {
  /** Index of the feature in the tile's definition (as in `tileDefinition(id).features`). */
  readonly feature: number;
  readonly kind: FeatureKind;
  readonly rings: readonly (readonly Point[])[];
  /** Where a figure on this feature stands: a point well inside the area. */
  readonly anchor: Point;
}

/**
 * What is printed on a tile besides its areas, each at a point: a symbol a rule module declares
 * (`'pennant'`; with Inns & Cathedrals `'cathedral'` and `'inn'`; with Traders & Builders the goods
 * `'wine'`, `'grain'` and `'cloth'`), or `'village'` where roads end at a junction, `'cottage'` where
 * a road ends in the open.
 */
export type TileSymbolKind = string;

/**
 * A symbol printed on a tile: inside its feature (a pennant, a cathedral, a goods symbol in its
 * city), beside it (an inn beside its road), a village where roads end at a junction, a cottage where
 * a road ends in the open.
 */
export interface TileSymbol {
  readonly kind: TileSymbolKind;
  /** The feature it belongs to (for a village, the first road ending there). */
  readonly feature: number;
  readonly at: Point;
}

/**
 * A tile type drawn as data: its areas, the walls of its cities and the hedges between fields that
 * nothing else separates (open polylines), the point where a figure stands for every spot that
 * names a feature, and its symbols; as the tile lies with `rotation`.
 */
export interface TileGeometry {
  readonly id: string;
  readonly rotation: Rotation;
  readonly areas: readonly TileArea[];
  readonly walls: readonly (readonly Point[])[];
  readonly hedges: readonly (readonly Point[])[];
  readonly anchors: Readonly<Partial<Record<Spot, Point>>>;
  readonly symbols: readonly TileSymbol[];
}

const printed = new Map<string, TileGeometry>();
const turned = new Map<string, TileGeometry>();

/**
 * The geometry of a tile type as it lies with `rotation`, derived from its definition: areas for
 * its cities, roads, fields, cloister, garden and river, city walls, the anchor where a figure stands
 * for every spot, and pennants, inns, cathedrals and goods symbols. Computed on first use and kept;
 * `null` for an unknown id or rotation.
 *
 * @example
 * ```ts
 * import { tileGeometry } from 'carcassonne-engine/render';
 *
 * const d = tileGeometry('D', 90);
 * console.log(d?.areas.map((a) => a.kind).join(' ')); // → city road field field
 * // The city, turned to the east: a figure on it stands near the east edge.
 * console.log(d?.anchors.E?.map((v) => v.toFixed(2))); // → [ '0.89', '0.49' ]
 * ```
 */
export function tileGeometry(id: string, rotation: Rotation = 0): TileGeometry | null {
  const def = typeof id === 'string' ? tileDef(id) : undefined;
  if (def === undefined || !isRotation(rotation)) return null;
  const key = `${id} ${rotation}`;
  let g = turned.get(key);
  if (g === undefined) {
    let base = printed.get(id);
    if (base === undefined) {
      base = derive(def);
      printed.set(id, base);
    }
    g = deepFreeze(rotate(base, def, rotation));
    turned.set(key, g);
  }
  return g;
}

/** Every layout worth trying for a tile, best guess first. */
function layouts(def: TileDef): Layout[] {
  const ends = roadEnds(def);
  const hasCity = def.features.some((f) => f.kind === 'city');
  const fixed = ends.length >= 3 || def.features.some((f) => f.kind === 'cloister');
  const options: RoadEnd[] = fixed ? ['centre'] : hasCity ? ['city', 'centre', 'stub'] : ['centre', 'stub'];
  let combos: RoadEnd[][] = [[]];
  for (let k = 0; k < ends.length; k++) combos = combos.flatMap((c) => options.map((o) => [...c, o]));
  const singleCaps = def.features.some((f) => f.kind === 'city' && f.edges.length === 1);
  const caps: CapShape[] = singleCaps ? ['round', 'wedge'] : ['round'];
  return caps.flatMap((c) => combos.map((e) => ({ ends: e, caps: c })));
}

function derive(def: TileDef): TileGeometry {
  let best: { layout: Layout; raster: Raster } | null = null;
  for (const layout of layouts(def)) {
    const raster = paint(def, layout);
    if (best === null || raster.conflicts < best.raster.conflicts) best = { layout, raster };
    if (raster.conflicts === 0) break;
  }
  const { layout, raster } = best as { layout: Layout; raster: Raster };
  const outlines = trace(raster.labels);
  const dist = distances(raster.labels);
  const areas = outlines.map((o) => area(def, o, raster.labels, dist));
  const { walls, hedges } = lines(def, outlines);
  const symbols = symbolsOf(def, layout, raster.labels, dist, areas);
  return { id: def.id, rotation: 0, areas, walls, hedges, anchors: {}, symbols };
}

const round = (v: number): number => Math.round(v * 1e4) / 1e4 + 0;
const roundPoint = (p: Point): Point => [round(p[0]), round(p[1])];
const cellCentre = (c: number): Point => [((c % GRID) + 0.5) / GRID, (Math.floor(c / GRID) + 0.5) / GRID];

/** The cell of a label that scores best: well inside the area, near a preferred point. */
function bestCell(labels: Int16Array, label: number, score: (c: number) => number): number {
  let best = -1;
  let bestScore = -Infinity;
  for (let c = 0; c < labels.length; c++) {
    if (labels[c] !== label) continue;
    const s = score(c);
    if (s > bestScore) {
      bestScore = s;
      best = c;
    }
  }
  return best;
}

function centroid(labels: Int16Array, label: number): Point {
  let sx = 0;
  let sy = 0;
  let k = 0;
  for (let c = 0; c < labels.length; c++) {
    if (labels[c] !== label) continue;
    const [x, y] = cellCentre(c);
    sx += x;
    sy += y;
    k++;
  }
  return [sx / k, sy / k];
}

const distance = (a: Point, b: Point): number => Math.hypot(a[0] - b[0], a[1] - b[1]);

function area(def: TileDef, o: Outline, labels: Int16Array, dist: Float32Array): TileArea {
  const kind = (def.features[o.label] as { kind: FeatureKind }).kind;
  const mid = kind === 'cloister' ? cloisterCentre(def) : centroid(labels, o.label);
  // Deep enough for a figure (3.5 cells), then as near the middle of the area as can be.
  const c = bestCell(labels, o.label, (c) => Math.min(dist[c] as number, 3.5) - 0.08 * GRID * distance(cellCentre(c), mid));
  const rings = o.rings.map((runs) => runs.flatMap((r) => r.points.slice(0, -1)).map(roundPoint));
  return { feature: o.label, kind, rings, anchor: roundPoint(cellCentre(c)) };
}

/** City walls (a city's outline inside the tile) and hedges (where two fields meet). */
function lines(def: TileDef, outlines: readonly Outline[]): { walls: Point[][]; hedges: Point[][] } {
  const kind = (l: number) => (l >= 0 ? def.features[l]?.kind : undefined);
  const walls: Point[][] = [];
  const hedges: Point[][] = [];
  for (const o of outlines) {
    for (const ring of o.rings) {
      for (const run of ring) {
        const points = run.points.map(roundPoint);
        if (kind(run.right) === 'city' && run.left !== -2 && !(kind(run.left) === 'city' && run.left < run.right)) walls.push(points);
        if (kind(run.right) === 'field' && kind(run.left) === 'field' && run.left > run.right) hedges.push(points);
      }
    }
  }
  return { walls, hedges };
}

function symbolsOf(def: TileDef, layout: Layout, labels: Int16Array, dist: Float32Array, areas: readonly TileArea[]): TileSymbol[] {
  const out: TileSymbol[] = [];
  const anchorOf = (f: number): Point => areas.find((a) => a.feature === f)?.anchor ?? [0.5, 0.5];
  const symbols = symbolDefs();
  const inside = symbols.filter((d) => d.place === 'inside');
  const beside = symbols.filter((d) => d.place === 'beside');
  def.features.forEach((f, i) => {
    const marks = inside.flatMap((d) => Array<string>(d.count(f)).fill(d.name));
    const taken: Point[] = [anchorOf(i)];
    const mid = centroid(labels, i);
    for (const kind of marks) {
      // Inside the feature, away from the figure and from the other symbols.
      const c = bestCell(labels, i, (c) => {
        const p = cellCentre(c);
        const room = Math.min(...taken.map((t) => distance(p, t)), 0.2);
        return Math.min(dist[c] as number, 2.5) + 0.6 * GRID * room - 0.05 * GRID * distance(p, mid);
      });
      const at = roundPoint(cellCentre(c));
      taken.push(at);
      out.push({ kind, feature: i, at });
    }
  });
  const isField = (p: Point) => {
    const c = Math.min(GRID - 1, Math.floor(p[1] * GRID)) * GRID + Math.min(GRID - 1, Math.floor(p[0] * GRID));
    return def.features[labels[c] as number]?.kind === 'field';
  };
  def.features.forEach((f, i) => {
    for (const d of beside) {
      if (d.count(f) === 0) continue;
      // Beside the feature, halfway along it, on the first side that is open field.
      const a = anchorOf(i);
      const sides: Point[] = [
        [a[0], a[1] - 0.17],
        [a[0], a[1] + 0.17],
        [a[0] - 0.17, a[1]],
        [a[0] + 0.17, a[1]],
      ];
      const at = sides.find(isField) ?? a;
      out.push({ kind: d.name, feature: i, at: roundPoint(at) });
    }
  });
  const ends = roadEnds(def);
  const cloister = def.features.some((f) => f.kind === 'cloister');
  const atCentre = ends.filter((_, k) => layout.ends[k] === 'centre');
  if (!cloister && atCentre.length >= 2) out.push({ kind: 'village', feature: atCentre[0] as number, at: [0.5, 0.5] });
  ends.forEach((f, k) => {
    const end = layout.ends[k];
    if (end === 'stub' || (end === 'centre' && !cloister && atCentre.length === 1)) {
      out.push({ kind: 'cottage', feature: f, at: roundPoint(roadEndPieces(def, f, end).tip) });
    }
  });
  return out;
}

function deepFreeze<T>(value: T): T {
  if (typeof value === 'object' && value !== null && !Object.isFrozen(value)) {
    for (const v of Object.values(value)) deepFreeze(v);
    Object.freeze(value);
  }
  return value;
}

/** Turns a point a number of quarter turns clockwise about the tile's centre. */
function turn(p: Point, q: number): Point {
  let [x, y] = p;
  for (let k = 0; k < q; k++) [x, y] = [1 - y, x];
  return [round(x), round(y)];
}

function rotate(g: TileGeometry, def: TileDef, rotation: Rotation): TileGeometry {
  const q = rotation / 90;
  const areas = g.areas.map((a) => ({ ...a, rings: a.rings.map((r) => r.map((p) => turn(p, q))), anchor: turn(a.anchor, q) }));
  const anchors: Partial<Record<Spot, Point>> = {};
  for (const a of areas) for (const s of featureSpots(def, a.feature, q)) anchors[s] = a.anchor;
  return {
    id: g.id,
    rotation,
    areas,
    walls: g.walls.map((w) => w.map((p) => turn(p, q))),
    hedges: g.hedges.map((w) => w.map((p) => turn(p, q))),
    anchors,
    symbols: g.symbols.map((s) => ({ ...s, at: turn(s.at, q) })),
  };
}
