import type { Edge, HalfEdge } from '../core/geometry.js';
import type { CentreKind, CityFields, EdgeKind, FeatureKind, RoadFields } from '../core/vocabulary.js';

export type { EdgeKind, FeatureKind };

/**
 * A road segment. One edge: the road ends on this tile. Two edges: it passes through. The rule
 * modules may print more on it (`RoadFields`).
 */
export interface RoadDef extends RoadFields {
  readonly kind: 'road';
  readonly edges: readonly Edge[];
}

/**
 * A city segment touching the listed edges, with its pennants (coats of arms). The rule modules
 * may print more on it (`CityFields`).
 */
export interface CityDef extends CityFields {
  readonly kind: 'city';
  readonly edges: readonly Edge[];
  readonly pennants: number;
}

/** A feature in the middle of the tile: a cloister, or a module's kind of its shape (`CentreKind`). */
export interface CentreDef {
  readonly kind: CentreKind;
}

/** A cloister in the middle of the tile. */
export interface CloisterDef extends CentreDef {
  readonly kind: 'cloister';
}

/** A segment of a module's kind along the listed edges of the tile, other than a road or city (a river). */
export interface LineDef {
  readonly kind: Exclude<FeatureKind, 'road' | 'city' | 'field' | CentreKind>;
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

/** A feature of a tile type: a road, city or field segment, a feature in the middle, or a module's line (see `kind`). */
export type FeatureDef = RoadDef | CityDef | CentreDef | FieldDef | LineDef;

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
