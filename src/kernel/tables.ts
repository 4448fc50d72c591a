import { EDGES, HALF_EDGES, type HalfEdge, SPOT_COUNT, SPOTS } from '../core/geometry.js';
import { canonicalSpot, rotateEdge, rotateHalf, spotFeature, TILES } from '../tiles/catalogue.js';
import type { EdgeKind, FeatureDef, TileDef, TileSetDef } from '../tiles/types.js';

// Feature kinds and edge kinds as small integers for the kernel's typed arrays.
export const K_ROAD = 0;
export const K_CITY = 1;
export const K_CLOISTER = 2;
export const K_FIELD = 3;
export const FEATURE_KIND_NAMES = ['road', 'city', 'cloister', 'field'] as const;

export const E_FIELD = 0;
export const E_ROAD = 1;
export const E_CITY = 2;
export const EDGE_KIND_NAMES: readonly EdgeKind[] = ['field', 'road', 'city'];

/** Most features a tile type may have; the tables are laid out in blocks of this size. */
export const MAXF = 16;

const EDGE_CODE: Record<EdgeKind, number> = { field: E_FIELD, road: E_ROAD, city: E_CITY };
const KIND_CODE: Record<FeatureDef['kind'], number> = { road: K_ROAD, city: K_CITY, cloister: K_CLOISTER, field: K_FIELD };

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
  readonly count: Uint8Array;
  readonly startType: number;
  readonly types: number;
  /** Features per type. */
  readonly nFeat: Uint8Array;
  /** [t*MAXF+f] feature kind code. */
  readonly featKind: Uint8Array;
  /** [t*MAXF+f] pennants of a city segment. */
  readonly featPennants: Uint8Array;
  /** [t*MAXF+f] number of edges of a road or city segment: its open ends when placed alone. */
  readonly featEdges: Uint8Array;
  /** [t*MAXF+f] bit mask of the local city features a field borders. */
  readonly fieldCities: Uint16Array;
  /** [(t*4+r)*4+d] edge kind code. */
  readonly edgeKind: Uint8Array;
  /**
   * [t*256+demand] bit r set when tile type t turned r meets `demand`: what the neighbours of an
   * empty cell show it, two bits per edge d at bits 2d, 0 for no neighbour or 1 + the edge kind
   * code (see the kernel's frontier). One lookup tests every rotation of a tile against a cell.
   */
  readonly fitRotations: Uint8Array;
  /** [(t*4+r)*4+d] local road/city feature at that edge, or -1. */
  readonly edgeFeat: Int8Array;
  /** [(t*4+r)*8+h] local field at that half-edge, or -1. */
  readonly halfFeat: Int8Array;
  /** [(t*4+r)*SPOT_COUNT+s] local feature named by the spot, or -1. */
  readonly spotFeat: Int8Array;
  /** [(t*4+r)*MAXF+f] canonical spot index of a feature. */
  readonly featSpot: Int8Array;
  /** Per type: bit r set when rotation r gives a board different from every smaller rotation. */
  readonly distinctRotations: Uint8Array;
  /** Per type: local index of the cloister, or -1. */
  readonly cloister: Int8Array;
}

function signature(t: TileDef, q: number): string {
  const edges = EDGES.map((_, d) => t.edges[(d - q + 4) & 3]).join(',');
  const cityName = (i: number) => {
    const c = t.features[i];
    return c?.kind === 'city' ? c.edges.map((e) => rotateEdge(e, q)).sort().join('') : '?';
  };
  const feats = t.features
    .map((f) => {
      switch (f.kind) {
        case 'road':
          return `road:${f.edges.map((e) => rotateEdge(e, q)).sort().join('')}`;
        case 'city':
          return `city:${f.edges.map((e) => rotateEdge(e, q)).sort().join('')}:${f.pennants}`;
        case 'cloister':
          return 'cloister';
        case 'field':
          return `field:${f.halfEdges.map((h) => rotateHalf(h, q)).sort().join('')}:${f.cities.map(cityName).sort().join('|')}`;
      }
    })
    .sort()
    .join(';');
  return `${edges}/${feats}`;
}

/** Compiles a tile set into the kernel's lookup tables. */
export function compileTileSet(set: TileSetDef): TileTables {
  const defs = set.counts.map(([id]) => {
    const def = TILES[id];
    if (def === undefined) throw new Error(`tile set ${set.name}: unknown tile ${id}`);
    return def;
  });
  const types = defs.length;
  const ids = defs.map((d) => d.id);
  const typeOf: Record<string, number> = {};
  ids.forEach((id, i) => {
    typeOf[id] = i;
  });
  const count = Uint8Array.from(set.counts.map(([, c]) => c));
  const nFeat = new Uint8Array(types);
  const featKind = new Uint8Array(types * MAXF);
  const featPennants = new Uint8Array(types * MAXF);
  const featEdges = new Uint8Array(types * MAXF);
  const fieldCities = new Uint16Array(types * MAXF);
  const edgeKind = new Uint8Array(types * 16);
  // Two bits an edge: 0 for no neighbour, 1 + the edge kind code, so codes stay below 3 (a fourth
  // edge kind needs three bits an edge).
  const fitRotations = new Uint8Array(types * 256);
  const edgeFeat = new Int8Array(types * 16).fill(-1);
  const halfFeat = new Int8Array(types * 32).fill(-1);
  const spotFeat = new Int8Array(types * 4 * SPOT_COUNT).fill(-1);
  const featSpot = new Int8Array(types * 4 * MAXF).fill(-1);
  const distinctRotations = new Uint8Array(types);
  const cloister = new Int8Array(types).fill(-1);

  defs.forEach((def, t) => {
    if (def.features.length > MAXF) throw new Error(`tile ${def.id}: more than ${MAXF} features`);
    nFeat[t] = def.features.length;
    def.features.forEach((f, i) => {
      featKind[t * MAXF + i] = KIND_CODE[f.kind];
      if (f.kind === 'city') featPennants[t * MAXF + i] = f.pennants;
      if (f.kind === 'road' || f.kind === 'city') featEdges[t * MAXF + i] = f.edges.length;
      if (f.kind === 'field') fieldCities[t * MAXF + i] = f.cities.reduce((m, c) => m | (1 << c), 0);
      if (f.kind === 'cloister') cloister[t] = i;
    });
    const seen: string[] = [];
    for (let q = 0; q < 4; q++) {
      const tr = t * 4 + q;
      const sig = signature(def, q);
      if (!seen.includes(sig)) distinctRotations[t] = (distinctRotations[t] as number) | (1 << q);
      seen.push(sig);
      for (let d = 0; d < 4; d++) {
        edgeKind[tr * 4 + ((d + q) & 3)] = EDGE_CODE[def.edges[d] as EdgeKind];
      }
      for (let demand = 0; demand < 256; demand++) {
        let fits = true;
        for (let d = 0; d < 4; d++) {
          const want = (demand >> (2 * d)) & 3;
          if (want !== 0 && want - 1 !== edgeKind[tr * 4 + d]) fits = false;
        }
        if (fits) fitRotations[t * 256 + demand] = (fitRotations[t * 256 + demand] as number) | (1 << q);
      }
      def.features.forEach((f, i) => {
        if (f.kind === 'road' || f.kind === 'city') {
          for (const e of f.edges) edgeFeat[tr * 4 + EDGES.indexOf(rotateEdge(e, q))] = i;
        } else if (f.kind === 'field') {
          for (const h of f.halfEdges) halfFeat[tr * 8 + HALF_EDGES.indexOf(rotateHalf(h as HalfEdge, q))] = i;
        }
      });
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
    spotFeat,
    featSpot,
    distinctRotations,
    cloister,
  };
}

const compiled = new WeakMap<TileSetDef, TileTables>();

/** The compiled tables of a tile set, compiled once and kept while the set is referenced. */
export function tablesFor(set: TileSetDef): TileTables {
  let t = compiled.get(set);
  if (t === undefined) {
    t = compileTileSet(set);
    compiled.set(set, t);
  }
  return t;
}

