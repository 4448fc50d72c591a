import { type CentreSpot, SPOT_ORDER } from './vocabulary.js';

export { SPOT_COUNT } from './vocabulary.js';

/** An edge of a tile as it lies on the board. x grows east, y grows south. */
export type Edge = 'N' | 'E' | 'S' | 'W';

/**
 * Half of an edge, named by the compass point it lies toward: `NNW` is the western half of the
 * north edge, `ENE` the northern half of the east edge, and so on clockwise.
 */
export type HalfEdge = 'NNW' | 'NNE' | 'ENE' | 'ESE' | 'SSE' | 'SSW' | 'WSW' | 'WNW';

/**
 * A place on a tile where a meeple can stand, as the tile lies on the board:
 * - `'N' | 'E' | 'S' | 'W'`: the road or city segment at that edge (on a field edge, the field that
 *   owns both of its halves);
 * - `'C'`: the cloister;
 * - a {@link HalfEdge}: the field touching that half of an edge;
 * - `'I'`: a field enclosed on the tile that touches no edge;
 * - a rule module's {@link CentreSpot}: its feature in the middle of the tile (see `FeatureKind`).
 */
export type Spot = Edge | 'C' | HalfEdge | 'I' | CentreSpot;

/** Rotation of a tile in degrees, clockwise. */
export type Rotation = 0 | 90 | 180 | 270;

/** A cell of the board. */
export interface Position {
  readonly x: number;
  readonly y: number;
}

/**
 * Edges in index order: N=0, E=1, S=2, W=3.
 *
 * @example
 * ```ts
 * import { EDGES, tileDefinition } from 'carcassonne-engine';
 *
 * const d = tileDefinition('D');
 * console.log(EDGES.map((e) => d?.edges[e]).join(' ')); // → city road field road
 * ```
 */
export const EDGES: readonly Edge[] = ['N', 'E', 'S', 'W'];
/**
 * Half-edges in clockwise index order, NNW=0 … WNW=7.
 *
 * @example
 * ```ts
 * import { HALF_EDGES } from 'carcassonne-engine';
 *
 * console.log(HALF_EDGES.indexOf('ESE'), HALF_EDGES[7]); // → 3 WNW
 * ```
 */
export const HALF_EDGES: readonly HalfEdge[] = ['NNW', 'NNE', 'ENE', 'ESE', 'SSE', 'SSW', 'WSW', 'WNW'];
/**
 * Every spot, in the order legal moves list them: the base game's, then the rule modules' centre
 * spots. A feature's canonical spot is its first edge (roads, cities, a module's
 * lines), its first half-edge or `I` (fields), or its kind's centre spot (`C` for cloisters).
 *
 * @example
 * ```ts
 * import { SPOTS, tileDefinition } from 'carcassonne-engine';
 *
 * // Where a meeple may stand on the start tile D, by canonical spot in the order of SPOTS.
 * const spots = tileDefinition('D')?.features.map((f) => f.spot) ?? [];
 * console.log(SPOTS.filter((s) => spots.includes(s))); // → [ 'N', 'E', 'ENE', 'ESE' ]
 * ```
 */
export const SPOTS: readonly Spot[] = SPOT_ORDER as readonly Spot[];
/**
 * The four rotations, in degrees clockwise.
 *
 * @example
 * ```ts
 * import { ROTATIONS, tileDefinition } from 'carcassonne-engine';
 *
 * console.log(ROTATIONS.map((r) => tileDefinition('E', r)?.features[0]?.spot).join(' ')); // → N E S W
 * ```
 */
export const ROTATIONS: readonly Rotation[] = [0, 90, 180, 270];

/** x and y offsets of the neighbour across each edge. */
export const DX: readonly number[] = [0, 1, 0, -1];
export const DY: readonly number[] = [-1, 0, 1, 0];

/** The half-edge of the neighbour that touches half-edge h (NNE touches the north neighbour's SSE). */
export const HALF_PARTNER: readonly number[] = [5, 4, 7, 6, 1, 0, 3, 2];

/** Edge names for messages, in index order. */
export const EDGE_NAMES: readonly string[] = ['north', 'east', 'south', 'west'];

export function spotIndex(s: string): number {
  return SPOTS.indexOf(s as Spot);
}

export function isRotation(r: unknown): r is Rotation {
  return r === 0 || r === 90 || r === 180 || r === 270;
}
