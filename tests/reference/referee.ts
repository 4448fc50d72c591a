/**
 * Reference referee: a second, deliberately slow and simple implementation of the base-game rules,
 * written independently of the engine in `src/`, used as a test oracle.
 *
 * Design: the board is a plain list of placed tiles (id, position, rotation, rotated definition)
 * plus a list of meeples (owner, position, feature index on that tile). Every question is answered
 * by recomputing all features from scratch with a flood fill over (tile, feature) nodes.
 *
 * Tile data is read at run time from the shared reference JSON (`/work/shared/reference`).
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Edge, HalfEdge, Rotation } from '../../src/core/geometry.js';

// ---------------------------------------------------------------------------------------------
// Public types
// ---------------------------------------------------------------------------------------------

export type RefRules = {
  farmers: 'city-4' | 'farm-3-once' | 'farm-3' | 'none';
  smallCity: 2 | 4;
  meeples: number;
};

export interface RefMove {
  tile: string;
  x: number;
  y: number;
  rotation: 0 | 90 | 180 | 270;
  meeple?: { at: string } | null;
}

export type RefFeatureKind = 'road' | 'city' | 'cloister' | 'field';

export interface RefFeature {
  kind: RefFeatureKind;
  /** Distinct "x,y" strings, sorted. */
  tiles: string[];
  complete: boolean;
  /** One entry per meeple on the feature (its owner), sorted. */
  owners: number[];
  pennants: number;
  open: number;
}

export interface RefFinalScore {
  totals: number[];
  final: { road: number[]; city: number[]; cloister: number[]; field: number[] };
}

export type RefTileSetName = 'base' | 'pnp-demo';

// ---------------------------------------------------------------------------------------------
// Geometry (spelled out explicitly rather than derived, so it can be checked by eye)
// ---------------------------------------------------------------------------------------------

const EDGE_NAMES: readonly Edge[] = ['N', 'E', 'S', 'W'];
/** Clockwise: index i is half i of edge floor(i/2). */
const HALF_NAMES: readonly HalfEdge[] = ['NNW', 'NNE', 'ENE', 'ESE', 'SSE', 'SSW', 'WSW', 'WNW'];
/** Every spot name, in the canonical order (first spot of a feature in this order = canonical). */
const SPOT_NAMES: readonly string[] = ['N', 'E', 'S', 'W', 'C', ...HALF_NAMES, 'I'];

/** Offsets of the neighbour across edge N, E, S, W (x grows east, y grows south). */
const DX = [0, 1, 0, -1] as const;
const DY = [-1, 0, 1, 0] as const;

/**
 * The neighbour's half-edge that touches my half-edge (README §1.1):
 * own NNW <-> north's SSW, own NNE <-> north's SSE, own ENE <-> east's WNW, own ESE <-> east's WSW,
 * own SSE <-> south's NNE, own SSW <-> south's NNW, own WSW <-> west's ESE, own WNW <-> west's ENE.
 */
const HALF_PARTNER: Readonly<Record<HalfEdge, HalfEdge>> = {
  NNW: 'SSW',
  NNE: 'SSE',
  ENE: 'WNW',
  ESE: 'WSW',
  SSE: 'NNE',
  SSW: 'NNW',
  WSW: 'ESE',
  WNW: 'ENE',
};

function at<T>(arr: readonly T[], i: number): T {
  const v = arr[i];
  if (v === undefined) throw new Error(`referee internal error: index ${i} out of range`);
  return v;
}

function opposite(e: number): number {
  return (e + 2) % 4;
}

function halfPartner(h: number): number {
  return HALF_NAMES.indexOf(HALF_PARTNER[at(HALF_NAMES, h)]);
}

function edgeOfHalf(h: number): number {
  return Math.floor(h / 2);
}

function cellKey(x: number, y: number): string {
  return `${x},${y}`;
}

function quarterTurns(rotation: number): number {
  if (rotation !== 0 && rotation !== 90 && rotation !== 180 && rotation !== 270) {
    throw new Error(`referee: invalid rotation ${String(rotation)} (must be 0, 90, 180 or 270)`);
  }
  return rotation / 90;
}

// ---------------------------------------------------------------------------------------------
// Tile definitions
// ---------------------------------------------------------------------------------------------

type EdgeType = 'city' | 'road' | 'field';

export interface RefFeatureDef {
  kind: RefFeatureKind;
  /** The JSON feature id (e.g. 'city1'), for messages. */
  name: string;
  /** Edge indices (0=N..3=W) touched by a road or city; empty otherwise. Sorted. */
  edges: number[];
  /** Half-edge indices (0=NNW..7=WNW) of a field; empty otherwise. Sorted. */
  halves: number[];
  pennants: number;
  /** Fields: indices (into the tile's feature list) of the city features it borders. */
  adjacentCities: number[];
}

export interface RefTileDef {
  id: string;
  /** Edge types by edge index 0=N..3=W. */
  edges: EdgeType[];
  features: RefFeatureDef[];
}

export interface RefTileType {
  id: string;
  count: number;
  def: RefTileDef;
}

interface JsonFeature {
  id: string;
  type: string;
  edges?: string[];
  pennants?: number;
  halfEdges?: string[];
  adjacentCities?: string[];
  interior?: boolean;
}

interface JsonTile {
  id: string;
  count: number;
  baseEquivalent?: string;
  edges: Record<string, string>;
  features: JsonFeature[];
}

interface JsonSet {
  totalTiles: number;
  tiles: JsonTile[];
}

const HERE = path.dirname(fileURLToPath(import.meta.url));
export const REFERENCE_DIR = path.resolve(HERE, '../../../shared/reference');

function engineTileId(setName: RefTileSetName, t: JsonTile): string {
  if (setName === 'base') return t.id;
  const eq = t.baseEquivalent;
  if (eq === undefined) throw new Error(`referee: pnp tile ${t.id} has no baseEquivalent`);
  if (eq.startsWith('base:')) return eq.slice('base:'.length);
  if (eq.startsWith('inns-cathedrals:')) return `IC-${eq.slice('inns-cathedrals:'.length)}`;
  throw new Error(`referee: pnp tile ${t.id} has unknown baseEquivalent ${eq}`);
}

function parseTile(id: string, t: JsonTile): RefTileDef {
  const edges: EdgeType[] = EDGE_NAMES.map((e) => {
    const v = t.edges[e];
    if (v !== 'city' && v !== 'road' && v !== 'field') {
      throw new Error(`referee: tile ${t.id} edge ${e} has unsupported type ${String(v)}`);
    }
    return v;
  });
  // Gardens are ignored (The Abbot is not in play).
  const kept = t.features.filter((f) => f.type !== 'garden');
  const idIndex = new Map<string, number>();
  kept.forEach((f, i) => idIndex.set(f.id, i));
  const features: RefFeatureDef[] = kept.map((f) => {
    if (f.type !== 'road' && f.type !== 'city' && f.type !== 'cloister' && f.type !== 'field') {
      throw new Error(`referee: tile ${t.id} feature ${f.id} has unsupported type ${f.type}`);
    }
    const fe = (f.edges ?? []).map((e) => {
      const i = EDGE_NAMES.indexOf(e as Edge);
      if (i < 0) throw new Error(`referee: tile ${t.id} feature ${f.id}: bad edge ${e}`);
      return i;
    });
    const fh = (f.halfEdges ?? []).map((h) => {
      const i = HALF_NAMES.indexOf(h as HalfEdge);
      if (i < 0) throw new Error(`referee: tile ${t.id} feature ${f.id}: bad half-edge ${h}`);
      return i;
    });
    const adj = (f.adjacentCities ?? []).map((c) => {
      const i = idIndex.get(c);
      if (i === undefined || at(kept, i).type !== 'city') {
        throw new Error(`referee: tile ${t.id} feature ${f.id}: adjacent city ${c} not found`);
      }
      return i;
    });
    return {
      kind: f.type,
      name: f.id,
      edges: fe.sort((a, b) => a - b),
      halves: fh.sort((a, b) => a - b),
      pennants: f.type === 'city' ? (f.pennants ?? 0) : 0,
      adjacentCities: adj,
    };
  });
  const def: RefTileDef = { id, edges, features };
  checkTileDef(def);
  return def;
}

/** Structural sanity checks of a tile definition; throws on violation. */
function checkTileDef(def: RefTileDef): void {
  for (let e = 0; e < 4; e++) {
    const type = at(def.edges, e);
    if (type === 'road' || type === 'city') {
      const owners = def.features.filter((f) => f.kind === type && f.edges.includes(e));
      if (owners.length !== 1) throw new Error(`referee: tile ${def.id} edge ${e}: ${owners.length} ${type} features`);
      const fieldHalves = def.features.filter(
        (f) => f.kind === 'field' && (f.halves.includes(2 * e) || f.halves.includes(2 * e + 1)),
      );
      if (type === 'city' && fieldHalves.length > 0) throw new Error(`referee: tile ${def.id}: field on a city edge`);
    }
    if (type !== 'city') {
      for (const h of [2 * e, 2 * e + 1]) {
        const owners = def.features.filter((f) => f.kind === 'field' && f.halves.includes(h));
        if (owners.length !== 1) throw new Error(`referee: tile ${def.id} half ${h}: ${owners.length} fields`);
      }
    }
  }
  for (const f of def.features) {
    for (const e of f.edges) {
      if (at(def.edges, e) !== f.kind) throw new Error(`referee: tile ${def.id} ${f.name} on a non-${f.kind} edge`);
    }
  }
}

const tileSetCache = new Map<RefTileSetName, Map<string, RefTileType>>();

/** The tile types of a set, keyed by the engine's tile id. */
export function loadTileSet(setName: RefTileSetName): Map<string, RefTileType> {
  const cached = tileSetCache.get(setName);
  if (cached) return cached;
  const file = setName === 'base' ? 'base.json' : 'pnp-demo-c2.json';
  const json = JSON.parse(readFileSync(path.join(REFERENCE_DIR, file), 'utf8')) as JsonSet;
  const out = new Map<string, RefTileType>();
  let total = 0;
  for (const t of json.tiles) {
    const id = engineTileId(setName, t);
    if (out.has(id)) throw new Error(`referee: duplicate tile id ${id} in ${file}`);
    out.set(id, { id, count: t.count, def: parseTile(id, t) });
    total += t.count;
  }
  if (total !== json.totalTiles) throw new Error(`referee: ${file}: counts add to ${total}, not ${json.totalTiles}`);
  tileSetCache.set(setName, out);
  return out;
}

/** The definition turned q quarter turns clockwise: edge e -> e+q, half h -> h+2q. */
export function rotateDef(def: RefTileDef, rotation: number): RefTileDef {
  const q = quarterTurns(rotation);
  const edges: EdgeType[] = ['field', 'field', 'field', 'field'];
  for (let e = 0; e < 4; e++) edges[(e + q) % 4] = at(def.edges, e);
  const features = def.features.map((f) => ({
    ...f,
    edges: f.edges.map((e) => (e + q) % 4).sort((a, b) => a - b),
    halves: f.halves.map((h) => (h + 2 * q) % 8).sort((a, b) => a - b),
    adjacentCities: [...f.adjacentCities],
  }));
  return { id: def.id, edges, features };
}

/** The feature index a spot names on a (rotated) tile, or null if it names nothing. */
export function spotFeature(def: RefTileDef, spot: string): number | null {
  const e = EDGE_NAMES.indexOf(spot as Edge);
  if (e >= 0) {
    const type = at(def.edges, e);
    if (type === 'road' || type === 'city') {
      const i = def.features.findIndex((f) => f.kind === type && f.edges.includes(e));
      return i >= 0 ? i : null;
    }
    const a = def.features.findIndex((f) => f.kind === 'field' && f.halves.includes(2 * e));
    const b = def.features.findIndex((f) => f.kind === 'field' && f.halves.includes(2 * e + 1));
    return a >= 0 && a === b ? a : null;
  }
  if (spot === 'C') {
    const i = def.features.findIndex((f) => f.kind === 'cloister');
    return i >= 0 ? i : null;
  }
  const h = HALF_NAMES.indexOf(spot as HalfEdge);
  if (h >= 0) {
    const i = def.features.findIndex((f) => f.kind === 'field' && f.halves.includes(h));
    return i >= 0 ? i : null;
  }
  if (spot === 'I') {
    const i = def.features.findIndex((f) => f.kind === 'field' && f.halves.length === 0);
    return i >= 0 ? i : null;
  }
  return null;
}

/** Every spot name (canonical order) that names feature index f of the (rotated) tile. */
export function spotsOf(def: RefTileDef, f: number): string[] {
  return SPOT_NAMES.filter((s) => spotFeature(def, s) === f);
}

/** A rotation-independent description of a rotated tile, for sameRotation. */
function describe(def: RefTileDef): string {
  const edgeList = (f: RefFeatureDef): string => f.edges.map((e) => at(EDGE_NAMES, e)).join('');
  const feats = def.features.map((f) => {
    const adj = f.adjacentCities.map((c) => edgeList(at(def.features, c))).sort();
    const halves = f.halves.map((h) => at(HALF_NAMES, h)).join(',');
    return `${f.kind}|${edgeList(f)}|${halves}|p${f.pennants}|adj[${adj.join(';')}]`;
  });
  return `${def.edges.join(',')}#${feats.sort().join('#')}`;
}

// ---------------------------------------------------------------------------------------------
// Board and features
// ---------------------------------------------------------------------------------------------

interface Placed {
  id: string;
  x: number;
  y: number;
  rotation: Rotation;
  def: RefTileDef;
}

interface BoardMeeple {
  owner: number;
  x: number;
  y: number;
  /** Index into the placed tile's feature list. */
  feature: number;
}

/** A connected feature on the board, computed from scratch. */
interface Feat {
  kind: RefFeatureKind;
  /** Nodes "x,y#featureIndex". */
  nodes: string[];
  /** Distinct tile keys "x,y". */
  tiles: Set<string>;
  open: number;
  pennants: number;
  complete: boolean;
  /** Indices into the meeple list. */
  meeples: number[];
  /** Fields only: indices (into the feature list) of the distinct city features bordering it. */
  cities: Set<number>;
  /** Cloisters only: the cloister's cell. */
  x: number;
  y: number;
}

function nodeKey(x: number, y: number, f: number): string {
  return `${x},${y}#${f}`;
}

/** Computes every feature of the board by flood fill. Throws if the board is inconsistent. */
function computeFeatures(tiles: Map<string, Placed>, meeples: readonly BoardMeeple[]): Feat[] {
  const featOfNode = new Map<string, number>();
  const feats: Feat[] = [];

  for (const start of tiles.values()) {
    start.def.features.forEach((startDef, startF) => {
      if (featOfNode.has(nodeKey(start.x, start.y, startF))) return;
      const index = feats.length;
      const feat: Feat = {
        kind: startDef.kind,
        nodes: [],
        tiles: new Set(),
        open: 0,
        pennants: 0,
        complete: false,
        meeples: [],
        cities: new Set(),
        x: start.x,
        y: start.y,
      };
      feats.push(feat);
      const queue: [Placed, number][] = [[start, startF]];
      featOfNode.set(nodeKey(start.x, start.y, startF), index);
      while (queue.length > 0) {
        const [p, f] = queue.shift() as [Placed, number];
        const fd = at(p.def.features, f);
        feat.nodes.push(nodeKey(p.x, p.y, f));
        feat.tiles.add(cellKey(p.x, p.y));
        feat.pennants += fd.pennants;
        const visit = (q: Placed, g: number): void => {
          const k = nodeKey(q.x, q.y, g);
          const seen = featOfNode.get(k);
          // Connections are symmetric, so a neighbour node can only be in this same feature.
          if (seen !== undefined && seen !== index) {
            throw new Error(`referee internal error: asymmetric connection into ${k} (data or geometry bug)`);
          }
          if (seen !== undefined) return;
          featOfNode.set(k, index);
          queue.push([q, g]);
        };
        if (fd.kind === 'cloister') {
          for (let dx = -1; dx <= 1; dx++) {
            for (let dy = -1; dy <= 1; dy++) {
              if ((dx !== 0 || dy !== 0) && !tiles.has(cellKey(p.x + dx, p.y + dy))) feat.open++;
            }
          }
        } else if (fd.kind === 'road' || fd.kind === 'city') {
          for (const e of fd.edges) {
            const n = tiles.get(cellKey(p.x + at(DX, e), p.y + at(DY, e)));
            if (!n) {
              feat.open++;
              continue;
            }
            const g = n.def.features.findIndex((nf) => nf.kind === fd.kind && nf.edges.includes(opposite(e)));
            if (g < 0) throw new Error(`referee: inconsistent board: ${fd.kind} at ${p.x},${p.y} edge ${e} unmatched`);
            visit(n, g);
          }
        } else {
          for (const h of fd.halves) {
            const e = edgeOfHalf(h);
            const n = tiles.get(cellKey(p.x + at(DX, e), p.y + at(DY, e)));
            if (!n) continue;
            const ph = halfPartner(h);
            const g = n.def.features.findIndex((nf) => nf.kind === 'field' && nf.halves.includes(ph));
            if (g < 0) throw new Error(`referee: inconsistent board: field at ${p.x},${p.y} half ${h} unmatched`);
            visit(n, g);
          }
        }
      }
      feat.complete = feat.kind !== 'field' && feat.open === 0;
    });
  }

  meeples.forEach((m, i) => {
    const fi = featOfNode.get(nodeKey(m.x, m.y, m.feature));
    if (fi === undefined) throw new Error(`referee internal error: meeple at ${m.x},${m.y}#${m.feature} on no feature`);
    at(feats, fi).meeples.push(i);
  });

  for (const feat of feats) {
    if (feat.kind !== 'field') continue;
    for (const n of feat.nodes) {
      const [cell, fs] = n.split('#') as [string, string];
      const p = tiles.get(cell);
      if (!p) throw new Error('referee internal error: node off board');
      for (const c of at(p.def.features, Number(fs)).adjacentCities) {
        const ci = featOfNode.get(nodeKey(p.x, p.y, c));
        if (ci === undefined) throw new Error('referee internal error: adjacent city not found');
        feat.cities.add(ci);
      }
    }
  }
  return feats;
}

/** Players with the most meeples (at least 1) among `owners`. */
function majority(owners: readonly number[], players: number): number[] {
  const counts = new Array<number>(players).fill(0);
  for (const o of owners) counts[o] = (counts[o] ?? 0) + 1;
  const max = Math.max(0, ...counts);
  if (max < 1) return [];
  const out: number[] = [];
  counts.forEach((c, p) => {
    if (c === max) out.push(p);
  });
  return out;
}

function zeros(n: number): number[] {
  return new Array<number>(n).fill(0);
}

// ---------------------------------------------------------------------------------------------
// Referee
// ---------------------------------------------------------------------------------------------

export class Referee {
  readonly tileSet: RefTileSetName;
  readonly players: number;
  readonly rules: RefRules;
  /** When true (default), placing more copies of a tile than the set holds is an error. */
  readonly limitCopies: boolean;

  private readonly types: Map<string, RefTileType>;
  private readonly placed: Placed[] = [];
  private readonly board = new Map<string, Placed>();
  private meeples: BoardMeeple[] = [];
  private readonly scoreList: number[];
  private readonly supplyList: number[];

  constructor(opts: { tileSet: RefTileSetName; players: number; rules: RefRules; limitCopies?: boolean }) {
    if (!Number.isInteger(opts.players) || opts.players < 1) throw new Error(`referee: bad player count ${opts.players}`);
    this.tileSet = opts.tileSet;
    this.players = opts.players;
    this.rules = { ...opts.rules };
    this.limitCopies = opts.limitCopies ?? true;
    this.types = loadTileSet(opts.tileSet);
    this.scoreList = zeros(opts.players);
    this.supplyList = new Array<number>(opts.players).fill(opts.rules.meeples);
    this.put({ id: 'D', x: 0, y: 0, rotation: 0, def: rotateDef(this.type('D').def, 0) });
  }

  get scores(): number[] {
    return [...this.scoreList];
  }

  get supply(): number[] {
    return [...this.supplyList];
  }

  /** Tiles on the board in placement order (start tile first). */
  get placements(): { tile: string; x: number; y: number; rotation: Rotation }[] {
    return this.placed.map((p) => ({ tile: p.id, x: p.x, y: p.y, rotation: p.rotation }));
  }

  /** Copies of this tile already on the board (the start tile counts as a 'D'). */
  copiesPlaced(tile: string): number {
    return this.placed.filter((p) => p.id === tile).length;
  }

  legalPlacements(tile: string): { x: number; y: number; rotation: 0 | 90 | 180 | 270 }[] {
    const base = this.type(tile).def;
    const cells = new Map<string, { x: number; y: number }>();
    for (const p of this.placed) {
      for (let e = 0; e < 4; e++) {
        const x = p.x + at(DX, e);
        const y = p.y + at(DY, e);
        if (!this.board.has(cellKey(x, y))) cells.set(cellKey(x, y), { x, y });
      }
    }
    const out: { x: number; y: number; rotation: 0 | 90 | 180 | 270 }[] = [];
    for (const c of cells.values()) {
      for (const rotation of [0, 90, 180, 270] as const) {
        if (this.placementProblem(rotateDef(base, rotation), c.x, c.y) === null) out.push({ x: c.x, y: c.y, rotation });
      }
    }
    out.sort((a, b) => a.x - b.x || a.y - b.y || a.rotation - b.rotation);
    return out;
  }

  sameRotation(tile: string, r1: number, r2: number): boolean {
    const norm = (r: number): number => ((r % 360) + 360) % 360;
    const def = this.type(tile).def;
    return describe(rotateDef(def, norm(r1))) === describe(rotateDef(def, norm(r2)));
  }

  meepleOptions(tile: string, x: number, y: number, rotation: number, player: number): string[][] {
    this.checkPlayer(player);
    const def = rotateDef(this.type(tile).def, rotation);
    const problem = this.placementProblem(def, x, y);
    if (problem !== null) throw new Error(`referee: meepleOptions for an illegal placement of ${tile}: ${problem}`);
    if (at(this.supplyList, player) <= 0) return [];
    const rot = rotation as Rotation;
    const tiles = new Map(this.board);
    tiles.set(cellKey(x, y), { id: tile, x, y, rotation: rot, def });
    const feats = computeFeatures(tiles, this.meeples);
    const options: string[][] = [];
    def.features.forEach((_, f) => {
      const feat = feats.find((ft) => ft.nodes.includes(nodeKey(x, y, f)));
      if (!feat) throw new Error('referee internal error: placed feature not found');
      if (feat.meeples.length > 0) return;
      const spots = spotsOf(def, f);
      if (spots.length > 0) options.push(spots);
    });
    const first = (s: string[]): number => SPOT_NAMES.indexOf(at(s, 0));
    options.sort((a, b) => first(a) - first(b));
    return options;
  }

  play(move: RefMove, player: number): number[] {
    this.checkPlayer(player);
    const { tile, x, y } = move;
    const type = this.type(tile);
    if (!Number.isInteger(x) || !Number.isInteger(y)) throw new Error(`referee: bad position ${x},${y}`);
    const def = rotateDef(type.def, move.rotation);
    const rotation = move.rotation;
    if (this.limitCopies && this.copiesPlaced(tile) >= type.count) {
      throw new Error(`referee: all ${type.count} copies of tile ${tile} are already on the board`);
    }
    const problem = this.placementProblem(def, x, y);
    if (problem !== null) throw new Error(`referee: illegal placement of ${tile} at ${x},${y} r${rotation}: ${problem}`);

    const newTile: Placed = { id: tile, x, y, rotation, def };
    const tiles = new Map(this.board);
    tiles.set(cellKey(x, y), newTile);

    let newMeeple: BoardMeeple | null = null;
    if (move.meeple !== undefined && move.meeple !== null) {
      const spot = move.meeple.at;
      const f = spotFeature(def, spot);
      if (f === null) throw new Error(`referee: spot ${spot} names no feature on ${tile} r${rotation}`);
      if (at(this.supplyList, player) <= 0) throw new Error(`referee: player ${player} has no meeple in supply`);
      const feats = computeFeatures(tiles, this.meeples);
      const feat = feats.find((ft) => ft.nodes.includes(nodeKey(x, y, f)));
      if (!feat) throw new Error('referee internal error: placed feature not found');
      if (feat.meeples.length > 0) {
        const owners = feat.meeples.map((i) => at(this.meeples, i).owner).join(',');
        throw new Error(`referee: ${feat.kind} at spot ${spot} of ${tile} (${x},${y}) already holds meeples of ${owners}`);
      }
      newMeeple = { owner: player, x, y, feature: f };
    }

    // Commit the move.
    this.put(newTile);
    if (newMeeple) {
      this.meeples.push(newMeeple);
      this.supplyList[player] = at(this.supplyList, player) - 1;
    }

    // Score what this tile completed.
    const gained = zeros(this.players);
    const feats = computeFeatures(this.board, this.meeples);
    const returned = new Set<number>();
    for (const feat of feats) {
      if (feat.kind === 'field' || !feat.complete || feat.meeples.length === 0) continue;
      const touches =
        feat.kind === 'cloister'
          ? Math.abs(feat.x - x) <= 1 && Math.abs(feat.y - y) <= 1
          : feat.tiles.has(cellKey(x, y));
      if (!touches) throw new Error(`referee internal error: completed ${feat.kind} with meeples not touching the move`);
      const points = this.completedPoints(feat);
      const owners = feat.meeples.map((i) => at(this.meeples, i).owner);
      for (const p of majority(owners, this.players)) gained[p] = at(gained, p) + points;
      for (const i of feat.meeples) returned.add(i);
    }
    for (const i of returned) {
      const m = at(this.meeples, i);
      this.supplyList[m.owner] = at(this.supplyList, m.owner) + 1;
    }
    this.meeples = this.meeples.filter((_, i) => !returned.has(i));
    gained.forEach((g, p) => {
      this.scoreList[p] = at(this.scoreList, p) + g;
    });
    return gained;
  }

  features(): RefFeature[] {
    const feats = computeFeatures(this.board, this.meeples);
    return feats.map((f) => ({
      kind: f.kind,
      tiles: [...f.tiles].sort(),
      complete: f.complete,
      owners: f.meeples.map((i) => at(this.meeples, i).owner).sort((a, b) => a - b),
      pennants: f.pennants,
      open: f.open,
    }));
  }

  finalScore(): RefFinalScore {
    const n = this.players;
    const final = { road: zeros(n), city: zeros(n), cloister: zeros(n), field: zeros(n) };
    const feats = computeFeatures(this.board, this.meeples);
    const ownersOf = (f: Feat): number[] => f.meeples.map((i) => at(this.meeples, i).owner);
    const add = (arr: number[], holders: number[], points: number): void => {
      for (const p of holders) arr[p] = at(arr, p) + points;
    };

    // Incomplete roads, cities, cloisters.
    for (const f of feats) {
      if (f.kind === 'field' || f.meeples.length === 0) continue;
      if (f.complete) throw new Error(`referee internal error: completed ${f.kind} still holds meeples`);
      const holders = majority(ownersOf(f), n);
      if (f.kind === 'road') add(final.road, holders, f.tiles.size);
      else if (f.kind === 'city') add(final.city, holders, f.tiles.size + f.pennants);
      else add(final.cloister, holders, 1 + (8 - f.open));
    }

    // Fields.
    const completedCities = (f: Feat): number[] => [...f.cities].filter((c) => at(feats, c).complete);
    const fields = feats.filter((f) => f.kind === 'field' && f.meeples.length > 0);
    const rule = this.rules.farmers;
    if (rule === 'farm-3') {
      for (const f of fields) add(final.field, majority(ownersOf(f), n), 3 * completedCities(f).length);
    } else if (rule === 'farm-3-once') {
      const perPlayer: Set<number>[] = Array.from({ length: n }, () => new Set<number>());
      for (const f of fields) {
        for (const p of majority(ownersOf(f), n)) for (const c of completedCities(f)) at(perPlayer, p).add(c);
      }
      perPlayer.forEach((cities, p) => {
        final.field[p] = at(final.field, p) + 3 * cities.size;
      });
    } else if (rule === 'city-4') {
      feats.forEach((city, ci) => {
        if (city.kind !== 'city' || !city.complete) return;
        const owners: number[] = [];
        for (const f of fields) if (f.cities.has(ci)) owners.push(...ownersOf(f));
        add(final.field, majority(owners, n), 4);
      });
    }

    const totals = this.scoreList.map(
      (s, p) => s + at(final.road, p) + at(final.city, p) + at(final.cloister, p) + at(final.field, p),
    );
    return { totals, final };
  }

  // -------------------------------------------------------------------------------------------

  private type(tile: string): RefTileType {
    const t = this.types.get(tile);
    if (!t) throw new Error(`referee: unknown tile id ${JSON.stringify(tile)} in tile set ${this.tileSet}`);
    return t;
  }

  private checkPlayer(player: number): void {
    if (!Number.isInteger(player) || player < 0 || player >= this.players) {
      throw new Error(`referee: bad player index ${player}`);
    }
  }

  private put(p: Placed): void {
    this.placed.push(p);
    this.board.set(cellKey(p.x, p.y), p);
  }

  /** Why a rotated tile cannot go at (x, y), or null if it can. */
  private placementProblem(def: RefTileDef, x: number, y: number): string | null {
    if (this.board.has(cellKey(x, y))) return 'cell is occupied';
    let neighbours = 0;
    for (let e = 0; e < 4; e++) {
      const n = this.board.get(cellKey(x + at(DX, e), y + at(DY, e)));
      if (!n) continue;
      neighbours++;
      const mine = at(def.edges, e);
      const theirs = at(n.def.edges, opposite(e));
      if (mine !== theirs) {
        return `${at(EDGE_NAMES, e)} edge is ${mine} but the neighbour ${n.id} at ${n.x},${n.y} shows ${theirs}`;
      }
    }
    return neighbours === 0 ? 'no edge-adjacent tile' : null;
  }

  private completedPoints(f: Feat): number {
    if (f.kind === 'road') return f.tiles.size;
    if (f.kind === 'cloister') return 9;
    if (f.kind === 'city') {
      if (this.rules.smallCity === 2 && f.tiles.size === 2) return 2 + f.pennants;
      return 2 * f.tiles.size + 2 * f.pennants;
    }
    return 0;
  }
}
