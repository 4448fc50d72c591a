import type { Edge, HalfEdge } from '../core/geometry.js';

/** What an edge of a tile shows; two touching edges must show the same. */
export type EdgeKind = 'field' | 'road' | 'city' | 'river';

/** Kinds of feature a tile can carry. */
export type FeatureKind = 'road' | 'city' | 'cloister' | 'field' | 'garden' | 'river';

/**
 * A road segment. One edge: the road ends on this tile. Two edges: it passes through. `inn`
 * (Inns & Cathedrals): an inn stands beside this segment.
 */
export interface RoadDef {
  readonly kind: 'road';
  readonly edges: readonly Edge[];
  readonly inn?: boolean;
}

/** The goods of Traders & Builders. */
export type Goods = 'wine' | 'grain' | 'cloth';

/**
 * A city segment touching the listed edges, with its pennants (coats of arms). `cathedral`
 * (Inns & Cathedrals): a cathedral stands in this segment. `goods` (Traders & Builders): the goods
 * symbol printed in this segment.
 */
export interface CityDef {
  readonly kind: 'city';
  readonly edges: readonly Edge[];
  readonly pennants: number;
  readonly cathedral?: boolean;
  readonly goods?: Goods;
}

/** A cloister in the centre of the tile. */
export interface CloisterDef {
  readonly kind: 'cloister';
}

/** A garden (The Abbot): only an abbot may stand on it; it does not split the field around it. */
export interface GardenDef {
  readonly kind: 'garden';
}

/**
 * A river segment (The River). One edge: the spring or the lake. Nothing may stand on it; it
 * splits the fields on its banks.
 */
export interface RiverDef {
  readonly kind: 'river';
  readonly edges: readonly Edge[];
}

/**
 * A field segment reaching the listed half-edges (empty for a field enclosed on the tile), and
 * the cities of this tile it borders, as indices into the tile's `features`.
 */
export interface FieldDef {
  readonly kind: 'field';
  readonly halfEdges: readonly HalfEdge[];
  readonly cities: readonly number[];
}

/** A feature of a tile type: a road, city, cloister, field, garden or river segment (see `kind`). */
export type FeatureDef = RoadDef | CityDef | CloisterDef | FieldDef | GardenDef | RiverDef;

/**
 * A tile type in its printed orientation (rotation 0). Tile ids are unique across every tile set
 * of this library: base-game tiles use their wikicarpedia letters (`'A'`…`'X'`), tiles from
 * expansions a prefix (`'IC-D'`).
 */
export interface TileDef {
  readonly id: string;
  /** Edge kinds north, east, south, west. */
  readonly edges: readonly [EdgeKind, EdgeKind, EdgeKind, EdgeKind];
  readonly features: readonly FeatureDef[];
  /**
   * What is printed on the tile besides its features, named by the modules that read it (The
   * Tower's foundation `'tower'`; `'garden'`: one copy carries a garden in the 2014 and later
   * printings, read by The Abbot). Absent on most tiles.
   */
  readonly marks?: readonly string[];
}

/** Names of the tile sets a game can be played with. */
export type TileSetName = 'base' | 'pnp-demo';

/** A tile set: which tiles, how many of each, which one starts, and how many followers each player gets. */
export interface TileSetDef {
  readonly name: TileSetName;
  readonly title: string;
  /** Tile id and number of copies, the start tile's copy included. */
  readonly counts: readonly (readonly [id: string, count: number])[];
  /**
   * One copy of this tile is placed at (0,0) with rotation 0 before the game starts, or, with
   * `startDrawn`, drawn like the others and placed at (0,0) by the first player.
   */
  readonly startTile: string;
  /** The start tile's copy is in the bag (first of the river tiles with The River); the board starts empty. */
  readonly startDrawn?: true;
  /** Followers per player in this set's rules. */
  readonly meeples: number;
  /**
   * With The River: the base start tile, drawn as the first land tile (after the piles). Absent
   * when no tile is drawn at a fixed place.
   */
  readonly firstLand?: string;
  /**
   * Tiles drawn before the land, pile after pile (The River's course, then its lake), each pile
   * shuffled or in the order listed; every other tile is land, shuffled. Absent: all land.
   */
  readonly piles?: readonly TilePile[];
  /** With `startDrawn`, the start tile comes first of all, before `drawOrder` (The River's spring). */
  readonly startFirst?: true;
}

/**
 * A pile of tiles drawn before the land (see TileSetDef.piles).
 *
 * @example
 * ```ts
 * import { createGame, river, useExpansions } from 'carcassonne-engine';
 *
 * useExpansions(river);
 * // The River's course is drawn first, shuffled, then its lake: the first tile of a game is a river tile.
 * const state = createGame({ players: 2, seed: 3, expansions: ['river'] });
 * console.log(state.currentTile?.startsWith('RV-')); // → true
 * ```
 */
export interface TilePile {
  /** The tile ids in the pile: all their copies. */
  readonly ids: readonly string[];
  readonly shuffled: boolean;
}
