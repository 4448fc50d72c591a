import { EDGES, type Edge, HALF_EDGES, type HalfEdge, SPOT_COUNT, SPOTS } from '../core/geometry.js';
import { canonicalSpot, rotateEdge, rotateHalf, spotFeature } from '../tiles/spots.js';
import { CENTRE_SPOTS, EDGE_KINDS, FEATURE_KINDS } from '../core/vocabulary.js';
import type { EdgeKind, FeatureDef, FeatureKind, TileDef, TileSetDef } from '../tiles/tile-types.js';

// Feature kinds and edge kinds as small integers for the kernel's typed arrays: the base game's
// here, the rule modules' after them (FEATURE_KINDS, EDGE_KINDS: the vocabulary the modules declare).
export const K_ROAD = 0;
export const K_CITY = 1;
export const K_CLOISTER = 2;
export const K_FIELD = 3;

/**
 * Whether features of this kind sit in a tile's middle and are scored by the tiles around them:
 * the cloister, and the modules' kinds of that shape (The Abbot's garden is "scored like a
 * cloister", rules-facts §g).
 */
export const isCentreKind = (kind: number): boolean => CENTRE_SPOTS[kind] !== '';

export const E_FIELD = 0;
export const E_ROAD = 1;
export const E_CITY = 2;

/** The kernel's code of a feature kind. */
export const kindCode = (kind: FeatureKind): number => FEATURE_KINDS.indexOf(kind);

/**
 * A frontier cell's demand: for each edge d, the digit at 5^d is 0 when there is no neighbour
 * there, else 1 + the neighbour's edge kind code. Four digits in base 5: below DEMANDS.
 */
export const DEMAND_UNIT: readonly number[] = [1, 5, 25, 125];
export const DEMANDS = 625;

/** The demand digit of edge d. */
export const demandAt = (demand: number, d: number): number => Math.floor(demand / (DEMAND_UNIT[d] as number)) % 5;

/** The draw class of a land tile: drawn after every pile of the set (see TileTables.drawClass). */
export const DRAW_LAND = 255;

/**
 * Sides of a cell: side 3d is edge d (where roads, cities and rivers meet), sides 3d+1 and 3d+2
 * its two half-edges clockwise (where fields meet). SIDE_PARTNER[s] is the side of the neighbour
 * across edge d that touches side s.
 */
export const SIDES = 12;
export const SIDE_PARTNER: readonly number[] = [6, 8, 7, 9, 11, 10, 0, 2, 1, 3, 5, 4];

/** Most features a tile type may have; the tables are laid out in blocks of this size. */
export const MAXF = 16;

/**
 * A tile set compiled into flat lookup tables. Index conventions: `t` tile type (0..types-1),
 * `r` quarter turns (0..3), `d` edge (N,E,S,W = 0..3), `h` half-edge (NNW..WNW = 0..7), `f` local
 * feature index, `s` spot index (see SPOTS).
 */
export interface TileTables {
  readonly set: TileSetDef;
  readonly ids: readonly string[];
  readonly defs: readonly TileDef[];
  /** Tile id → type index. */
  readonly typeOf: Readonly<Record<string, number>>;
  /** Copies of each type in the set (start tile included). */
  readonly count: Uint16Array;
  readonly startType: number;
  readonly types: number;
  /** Features per type. */
  readonly nFeat: Uint8Array;
  /** [t*MAXF+f] feature kind code. */
  readonly featKind: Uint8Array;
  /** [t*MAXF+f] pennants of a city segment. */
  readonly featPennants: Uint8Array;
  /** [t*MAXF+f] number of edges of a road, city or river segment: its open ends when placed alone. */
  readonly featEdges: Uint8Array;
  /** [t*MAXF+f] bit mask of the local city features a field borders. */
  readonly fieldCities: Uint16Array;
  /** [(t*4+r)*4+d] edge kind code. */
  readonly edgeKind: Uint8Array;
  /**
   * [t*DEMANDS+demand] bit r set when tile type t turned r meets `demand`: what the neighbours of
   * an empty cell show it (see DEMAND_UNIT). One lookup tests every rotation of a tile against a
   * cell.
   */
  readonly fitRotations: Uint8Array;
  /** [(t*4+r)*4+d] local road, city or river feature at that edge, or -1. */
  readonly edgeFeat: Int8Array;
  /** [(t*4+r)*8+h] local field at that half-edge, or -1. */
  readonly halfFeat: Int8Array;
  /** [(t*4+r)*SIDES+s] local feature at side s (see SIDES), or -1. */
  readonly sideFeat: Int8Array;
  /** [(t*4+r)*MAXF+f] bit d set when feature f touches edge d (at the edge or one of its halves). */
  readonly featEdgeMask: Uint8Array;
  /** [(t*4+r)*SPOT_COUNT+s] local feature named by the spot, or -1. */
  readonly spotFeat: Int8Array;
  /** [(t*4+r)*MAXF+f] canonical spot index of a feature. */
  readonly featSpot: Int8Array;
  /** Per type: bit r set when rotation r gives a board different from every smaller rotation. */
  readonly distinctRotations: Uint8Array;
  /** [t*4+r] the smallest rotation of tile type t that gives the same board as rotation r. */
  readonly sameBoard: Uint8Array;
  /** Per type: local index of the cloister or garden (the features scored by their neighbours), or -1. */
  readonly centre: Int8Array;
  /** [t*8+k] bit mask of the local features of tile type t whose kind code is k. */
  readonly kindMask: Uint16Array;
  /**
   * Per type: the index of the set's pile it is drawn from (TileSetDef.piles: The River's course,
   * then its lake), or DRAW_LAND. Never decreasing along the type order, so that sorting a bag
   * groups the classes.
   */
  readonly drawClass: Uint8Array;
  /** The type drawn as the first land tile (The River's `'first-land'` start tile), or -1. */
  readonly firstLandType: number;
}

/** The keys of a feature definition that say where it lies (see signature). */
const SHAPE_KEYS = ['kind', 'edges', 'halfEdges', 'cities'];

function signature(t: TileDef, q: number): string {
  const edges = EDGES.map((_, d) => t.edges[(d - q + 4) & 3]).join(',');
  const turned = (list: readonly Edge[]) =>
    list
      .map((e) => rotateEdge(e, q))
      .sort()
      .join('');
  const cityName = (i: number) => {
    const c = t.features[i];
    return c?.kind === 'city' ? turned(c.edges) : '?';
  };
  // What the rule modules print on a feature (an inn, a goods symbol…) tells tiles apart too.
  const printed = (f: FeatureDef) =>
    Object.entries(f)
      .filter(([key]) => !SHAPE_KEYS.includes(key))
      .map(([key, v]) => `${key}=${JSON.stringify(v)}`)
      .sort()
      .join(',');
  function feature(f: FeatureDef): string {
    if ('edges' in f) return `${f.kind}:${turned(f.edges)}:${printed(f)}`;
    if (f.kind === 'field')
      return `field:${f.halfEdges
        .map((h) => rotateHalf(h, q))
        .sort()
        .join('')}:${f.cities.map(cityName).sort().join('|')}:${printed(f)}`;
    return `${f.kind}:${printed(f)}`;
  }
  return `${edges}/${t.features.map(feature).sort().join(';')}`;
}

/** Road ends of tile type t: its edges that are roads (any rotation gives the same count). */
export function roadEnds(T: TileTables, t: number): number {
  let n = 0;
  for (let d = 0; d < 4; d++) if (T.edgeKind[t * 16 + d] === E_ROAD) n++;
  return n;
}

/** Compiles a tile set into the kernel's lookup tables; `tileDef` looks up each tile type. */
export function compileTileSet(set: TileSetDef, tileDef: (id: string) => TileDef | undefined): TileTables {
  const defs = set.counts.map(([id]) => {
    const def = tileDef(id);
    if (def === undefined) throw new Error(`tile set ${set.name}: unknown tile ${id}`);
    return def;
  });
  const types = defs.length;
  const ids = defs.map((d) => d.id);
  const typeOf: Record<string, number> = {};
  ids.forEach((id, i) => {
    typeOf[id] = i;
  });
  const count = Uint16Array.from(set.counts.map(([, c]) => c));
  const nFeat = new Uint8Array(types);
  const featKind = new Uint8Array(types * MAXF);
  const featPennants = new Uint8Array(types * MAXF);
  const featEdges = new Uint8Array(types * MAXF);
  const fieldCities = new Uint16Array(types * MAXF);
  const edgeKind = new Uint8Array(types * 16);
  const fitRotations = new Uint8Array(types * DEMANDS);
  const edgeFeat = new Int8Array(types * 16).fill(-1);
  const halfFeat = new Int8Array(types * 32).fill(-1);
  const sideFeat = new Int8Array(types * 4 * SIDES).fill(-1);
  const featEdgeMask = new Uint8Array(types * 4 * MAXF);
  const spotFeat = new Int8Array(types * 4 * SPOT_COUNT).fill(-1);
  const featSpot = new Int8Array(types * 4 * MAXF).fill(-1);
  const distinctRotations = new Uint8Array(types);
  const sameBoard = new Uint8Array(types * 4);
  const centre = new Int8Array(types).fill(-1);
  const kindMask = new Uint16Array(types * 8);
  const drawClass = new Uint8Array(types);

  defs.forEach((def, t) => {
    if (def.features.length > MAXF) throw new Error(`tile ${def.id}: more than ${MAXF} features`);
    nFeat[t] = def.features.length;
    for (const e of def.edges)
      if (!EDGE_KINDS.includes(e)) throw new Error(`tile ${def.id}: edge kind ${e} is declared by no rule module (EDGE_KINDS)`);
    def.features.forEach((f, i) => {
      const kind = kindCode(f.kind);
      if (kind < 0) throw new Error(`tile ${def.id}: feature kind ${f.kind} is declared by no rule module (FEATURE_KINDS)`);
      featKind[t * MAXF + i] = kind;
      if (f.kind === 'city') featPennants[t * MAXF + i] = f.pennants;
      if ('edges' in f) featEdges[t * MAXF + i] = f.edges.length;
      if (f.kind === 'field') fieldCities[t * MAXF + i] = f.cities.reduce((m, c) => m | (1 << c), 0);
      if (isCentreKind(kind)) centre[t] = i;
      kindMask[t * 8 + kind] = (kindMask[t * 8 + kind] as number) | (1 << i);
    });
    const pile = def.id === set.startTile ? -1 : (set.piles ?? []).findIndex((p) => p.ids.includes(def.id));
    drawClass[t] = pile < 0 ? DRAW_LAND : pile;
    if (t > 0 && (drawClass[t] as number) < (drawClass[t - 1] as number)) {
      throw new Error(`tile set ${set.name}: the tiles of each pile must come before the next pile's, and the piles before the land`);
    }
    const seen: string[] = [];
    for (let q = 0; q < 4; q++) {
      const tr = t * 4 + q;
      const sig = signature(def, q);
      if (!seen.includes(sig)) distinctRotations[t] = (distinctRotations[t] as number) | (1 << q);
      seen.push(sig);
      sameBoard[tr] = seen.indexOf(sig);
      for (let d = 0; d < 4; d++) {
        edgeKind[tr * 4 + ((d + q) & 3)] = EDGE_KINDS.indexOf(def.edges[d] as EdgeKind);
      }
      for (let demand = 0; demand < DEMANDS; demand++) {
        let fits = true;
        for (let d = 0; d < 4; d++) {
          const want = demandAt(demand, d);
          if (want !== 0 && want - 1 !== edgeKind[tr * 4 + d]) fits = false;
        }
        if (fits) fitRotations[t * DEMANDS + demand] = (fitRotations[t * DEMANDS + demand] as number) | (1 << q);
      }
      def.features.forEach((f, i) => {
        if ('edges' in f) {
          for (const e of f.edges) edgeFeat[tr * 4 + EDGES.indexOf(rotateEdge(e, q))] = i;
        } else if (f.kind === 'field') {
          for (const h of f.halfEdges) halfFeat[tr * 8 + HALF_EDGES.indexOf(rotateHalf(h as HalfEdge, q))] = i;
        }
      });
      for (let d = 0; d < 4; d++) {
        sideFeat[tr * SIDES + 3 * d] = edgeFeat[tr * 4 + d] as number;
        sideFeat[tr * SIDES + 3 * d + 1] = halfFeat[tr * 8 + 2 * d] as number;
        sideFeat[tr * SIDES + 3 * d + 2] = halfFeat[tr * 8 + 2 * d + 1] as number;
        for (let j = 3 * d; j < 3 * d + 3; j++) {
          const f = sideFeat[tr * SIDES + j] as number;
          if (f >= 0) featEdgeMask[tr * MAXF + f] = (featEdgeMask[tr * MAXF + f] as number) | (1 << d);
        }
      }
      SPOTS.forEach((s, si) => {
        spotFeat[tr * SPOT_COUNT + si] = spotFeature(def, s, q);
      });
      def.features.forEach((_, f) => {
        featSpot[tr * MAXF + f] = SPOTS.indexOf(canonicalSpot(def, f, q));
      });
    }
  });

  const startType = typeOf[set.startTile];
  if (startType === undefined) throw new Error(`tile set ${set.name}: start tile ${set.startTile} not in the set`);
  return {
    set,
    ids,
    defs,
    typeOf,
    count,
    startType,
    types,
    nFeat,
    featKind,
    featPennants,
    featEdges,
    fieldCities,
    edgeKind,
    fitRotations,
    edgeFeat,
    halfFeat,
    sideFeat,
    featEdgeMask,
    spotFeat,
    featSpot,
    distinctRotations,
    sameBoard,
    centre,
    kindMask,
    drawClass,
    firstLandType: set.firstLand === undefined ? -1 : (typeOf[set.firstLand] ?? -1),
  };
}

const compiled = new WeakMap<TileSetDef, TileTables>();

/**
 * The compiled tables of a tile set, compiled once and kept while the set is referenced;
 * `tileDef` looks up each tile type (the same lookup for the same set).
 */
export function tablesFor(set: TileSetDef, tileDef: (id: string) => TileDef | undefined): TileTables {
  let t = compiled.get(set);
  if (t === undefined) {
    t = compileTileSet(set, tileDef);
    compiled.set(set, t);
  }
  return t;
}
