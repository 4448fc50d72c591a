// Written by `npm run vocabulary` (scripts/vocabulary.mjs) from the rule modules registered in
// src/rules/registry.ts; a test fails when it is out of date. Do not edit it by hand.

/**
 * Names of the expansions a game can be played with: one per rule module after the base game.
 *
 * - `'river'`: The River: 12 river tiles, drawn first from the spring.
 * - `'abbot'`: The Abbot: one abbot per player, and gardens.
 * - `'inns-cathedrals'`: Inns & Cathedrals: 18 tiles with inns and cathedrals, a large meeple per
 *   player, up to 6 players.
 * - `'traders-builders'`: Traders & Builders: 24 tiles with 20 goods symbols, a builder and a pig
 *   per player.
 * - `'tower'`: The Tower: 18 tiles with tower foundations, tower floors, capturing followers from
 *   the towers, prisoners and ransoms.
 */
export type ExpansionName = 'river' | 'abbot' | 'inns-cathedrals' | 'traders-builders' | 'tower';

/**
 * Every expansion, in the order a state records them (the order of the rule modules).
 *
 * @example
 * ```ts
 * import { allExpansions, createGame, EXPANSIONS, useExpansions } from 'carcassonne-engine';
 *
 * useExpansions(...allExpansions);
 * console.log(EXPANSIONS.join(', ')); // → river, abbot, inns-cathedrals, traders-builders, tower
 * const state = createGame({ players: 2, seed: 1, expansions: [...EXPANSIONS].reverse() });
 * console.log(state.expansions.join(', ')); // → river, abbot, inns-cathedrals, traders-builders, tower
 * ```
 */
export const EXPANSIONS: readonly ExpansionName[] = ['river', 'abbot', 'inns-cathedrals', 'traders-builders', 'tower'];

/**
 * Kinds of figure (all called meeples throughout), one or more per rule module:
 *
 * - `'follower'`: the base game's follower (the tile set's count per player): on a road, city,
 *   cloister or field.
 * - `'abbot'`: The Abbot's abbot (one per player): only on a cloister or garden; instead of
 *   deploying, its owner may take it back while its feature is incomplete.
 * - `'large'`: Inns & Cathedrals' large meeple (one per player): where a follower may stand; it
 *   counts as two followers for every majority.
 * - `'builder'`: Traders & Builders' builder (one per player): joins a road or city that holds a
 *   meeple of its owner, counts for no majority, and gives its owner a second tile when a tile
 *   extends that feature.
 * - `'pig'`: Traders & Builders' pig (one per player): joins a field that holds a farmer of its
 *   owner, counts for no majority, and raises what the field's cities score its owner.
 * - `'floor'`: The Tower's floors (10 per player with 2 players, 9 with 3, 7 with 4, 6 with 5, 5
 *   with 6): instead of deploying, put one on any tower foundation or open tower of the board.
 */
export type MeepleKind = 'follower' | 'abbot' | 'large' | 'builder' | 'pig' | 'floor';

/**
 * Every figure kind, in the order move codes number them (`encodeMove`): the same in every game,
 * whichever modules an app imports.
 *
 * @example
 * ```ts
 * import { FIGURE_KINDS } from 'carcassonne-engine';
 *
 * console.log(FIGURE_KINDS.join(', ')); // → follower, abbot, large, builder, pig, floor
 * ```
 */
export const FIGURE_KINDS: readonly MeepleKind[] = ['follower', 'abbot', 'large', 'builder', 'pig', 'floor'];

/**
 * Kinds of feature a tile can carry, one or more per rule module:
 *
 * - `'road'`: a road segment, along one or two edges of its tile (the base game).
 * - `'city'`: a city segment, along one or more edges of its tile (the base game).
 * - `'cloister'`: a cloister in the middle of its tile (spot `C`) (the base game).
 * - `'field'`: a field segment, along half-edges of its tile (or enclosed on it, spot `I`) (the
 *   base game).
 * - `'river'`: a river segment along edges of its tile (one edge: the spring or the lake): nothing
 *   may stand on it, and it splits the fields on its banks (The River).
 * - `'garden'`: a garden in the middle of its tile (spot `G`): only an abbot may stand on it, and
 *   it does not split the field around it (The Abbot).
 */
export type FeatureKind = 'road' | 'city' | 'cloister' | 'field' | 'river' | 'garden';

/**
 * Every feature kind, in the order the kernel numbers them (registry order).
 */
export const FEATURE_KINDS: readonly FeatureKind[] = ['road', 'city', 'cloister', 'field', 'river', 'garden'];

/**
 * The feature kinds in the middle of a tile, named by a spot of their own and scored by the tiles
 * around them.
 */
export type CentreKind = 'cloister' | 'garden';

/**
 * The spots that name a feature in the middle of a tile (`CentreKind`).
 */
export type CentreSpot = 'C' | 'G';

/**
 * The spot of each kind of `FEATURE_KINDS` that lies in the middle of a tile, `''` for the others.
 */
export const CENTRE_SPOTS: readonly ('' | CentreSpot)[] = ['', '', 'C', '', '', 'G'];

/**
 * Every spot (`SPOTS`): the edges, the base game's centre spot, the half-edges and `I`, then the
 * rule modules' centre spots in registry order.
 */
export const SPOT_ORDER: readonly string[] = ['N', 'E', 'S', 'W', 'C', 'NNW', 'NNE', 'ENE', 'ESE', 'SSE', 'SSW', 'WSW', 'WNW', 'I', 'G'];

/**
 * The number of spots (`SPOT_ORDER`).
 */
export const SPOT_COUNT = 15;

/**
 * What an edge of a tile shows; two touching edges must show the same.
 */
export type EdgeKind = 'field' | 'road' | 'city' | 'river';

/**
 * Every edge kind, in the order the kernel numbers them (registry order).
 */
export const EDGE_KINDS: readonly EdgeKind[] = ['field', 'road', 'city', 'river'];

/**
 * The letter of each kind of `EDGE_KINDS` in the edges of a tile definition (`tiles/define.ts`).
 */
export const EDGE_LETTERS = 'FRCS';

/**
 * What the rule modules print on a road segment of a tile definition (`RoadDef`).
 */
export interface RoadFields {
  /**
   * Inns & Cathedrals: an inn stands beside this segment.
   */
  readonly inn?: boolean;
}

/**
 * What the rule modules print on a city segment of a tile definition (`CityDef`).
 */
export interface CityFields {
  /**
   * Inns & Cathedrals: a cathedral stands in this segment.
   */
  readonly cathedral?: boolean;
  /**
   * Traders & Builders: the goods symbol printed in this segment.
   */
  readonly goods?: 'wine' | 'grain' | 'cloth';
}

/**
 * The types of the rule modules' moves (`ModuleMove`): their actions at the action step and their
 * steps.
 *
 * - `'tower'`: The Tower.
 * - `'capture'`: The Tower.
 * - `'exchange'`: The Tower.
 * - `'ransom'`: The Tower.
 */
export type ModuleMoveType = 'tower' | 'capture' | 'exchange' | 'ransom';

/**
 * The figures in a player's supply: a field per figure kind of the game's rule modules (an
 * expansion's only when it is in the game).
 */
export interface Supplies {
  /**
   * Followers in the player's supply.
   */
  readonly meeples: number;
  /**
   * Abbots in the player's supply: 1 or 0 with The Abbot (0 while it is on the board), always 0
   * without.
   */
  readonly abbots?: number;
  /**
   * Large meeples in the player's supply: 1 or 0 with Inns & Cathedrals, always 0 without.
   */
  readonly largeMeeples?: number;
  /**
   * Builders in the player's supply: 1 or 0 with Traders & Builders, always 0 without.
   */
  readonly builders?: number;
  /**
   * Pigs in the player's supply: 1 or 0 with Traders & Builders (a pig stays on the board once
   * placed), always 0 without.
   */
  readonly pigs?: number;
  /**
   * Tower floors in the player's supply (0 without The Tower).
   */
  readonly floors?: number;
}

/**
 * The rules each expansion adds (`ModuleRules`), by its name: a game records them only with the
 * expansion, and a state saved by 0.2.0 recorded them in every game.
 */
export const RULES_OF_EXPANSIONS: Readonly<Record<ExpansionName, readonly string[]>> = {
  river: ['riverStartTile'],
  abbot: ['gardens'],
  'inns-cathedrals': [],
  'traders-builders': [],
  tower: [],
};

/**
 * The rules the rule modules add to a game: a state records every house rule's, and an expansion's
 * when it is in the game.
 */
export interface ModuleRules {
  /**
   * With The River, the base game's start tile (the rulebooks differ): `'removed'` from the game
   * (default), `'shuffled'` into the land tiles, or `'first-land'`: drawn as the first tile after
   * the lake and placed like any other tile. Recorded in every game; no effect without The River.
   */
  readonly riverStartTile?: 'removed' | 'shuffled' | 'first-land';
  /**
   * With The Abbot, whether the garden copies of tiles are used (default `true`; the printings
   * before 2014 have no gardens: `false`). Recorded in every game; no effect without The Abbot.
   */
  readonly gardens?: boolean;
  /**
   * What roads, cities, cloisters and gardens still incomplete at the end score: `'score'`
   * (default) as the rules say, or `'none'`: nothing (a house rule). Fields and goods score by
   * their own rules either way.
   */
  readonly incomplete: 'score' | 'none';
  /**
   * House rule: the table, `{ minX, maxX, minY, maxY }` in cells around the start tile at (0, 0),
   * bounds included (`minX ≤ 0 ≤ maxX`, `minY ≤ 0 ≤ maxY`); no tile may lie outside it, and a tile
   * with no place on it is unplaceable. `null` (default): the table has no edge.
   */
  readonly table: { readonly minX: number; readonly maxX: number; readonly minY: number; readonly maxY: number } | null;
  /**
   * House rule, with `table`: `'closes'`: a road or city end facing the table's edge counts as
   * closed, and a cell off the table around a cloister or garden as filled, so a feature closed on
   * every other side is complete; `'open'` (default): the edge closes nothing. No effect without a
   * table.
   */
  readonly tableEdge: 'open' | 'closes';
  /**
   * Who moves first: a player index (default `0`), `'random'` (drawn from the game's seed), or
   * `'draw-roads'`: each player draws a land tile, the most road ends starts, the players tied for
   * the most draw again (a house rule); the state's first events say how it went
   * (`first-player-chosen`).
   */
  readonly firstPlayer: number | 'random' | 'draw-roads';
  /**
   * What filling a hole gives (a tile placed with tiles on all four sides): `'nothing'` (default),
   * or `'extra-turn'`: its player places another tile at once, which gives no third (a house rule).
   * `extraTurn` is then `'hole'`.
   */
  readonly fillingHole: 'nothing' | 'extra-turn';
  /**
   * What becomes of a drawn tile that fits nowhere: `'removed'` (default): it leaves the game
   * (`discarded`) and its player draws again; `'returned'` (a house rule): it is set aside, its
   * player draws again, and once a tile that fits is drawn the tiles set aside go back into the
   * bag, which the seed shuffles anew (events `tile-returned`); when the bag runs out with only
   * tiles set aside, they leave the game. River tiles, a pile of their own, leave the game as
   * before.
   */
  readonly unplaceable: 'removed' | 'returned';
  /**
   * Where the start tile is: `'board'` (default), at (0, 0) before the first turn; or `'bag'` (a
   * house rule): shuffled in with the other tiles, the board empty, and the first player places the
   * first tile drawn at (0, 0), in any rotation. With The River the spring is drawn first of all.
   */
  readonly startTile: 'board' | 'bag';
  /**
   * A hand of tiles (a house rule), or `null` (default: each turn draws one tile). `{ size, visible
   * }`: each player holds `size` tiles (1 to 3), dealt in turn order from the first player, plays
   * one of them (the move names it in `tile`; a builder's or a hole's second tile comes from the
   * hand too) and draws back up at the end of the turn; size 1 is "take your next tile at the end
   * of your turn". `visible`: whether the other players may see a hand (`false`: search and player
   * views deal them anew). A player none of whose tiles fits anywhere gives up the whole hand (it
   * leaves the game, or goes back into the bag with `unplaceable: 'returned'`) and draws as many
   * tiles that fit (an empty hand draws one); a tile that fits nowhere beside one that fits stays
   * in hand; a player with an empty hand when the bag is empty passes, and the game ends when the
   * bag and every hand are empty. `currentTile` is then `null` and `hands` lists every player's
   * tiles.
   */
  readonly hand: { readonly size: 1 | 2 | 3; readonly visible: boolean } | null;
}

/**
 * What gave the current player an extra tile this turn (`GameState.extraTurn`): one word per rule
 * module that gives one.
 *
 * - `'builder'`: Traders & Builders.
 * - `'hole'`: filling a hole gives another tile.
 */
export type ExtraTurn = 'builder' | 'hole';

/**
 * The id of every tile this library knows: the base game letters, the tiles of the expansions
 * (prefixed `IC-`, `TB-`, `RV-`) and the garden copies The Abbot uses (suffixed `-garden`).
 * `TileId` is this union, open to any string (ids read from JSON or text are checked at run time).
 *
 * @example
 * ```ts
 * import { allExpansions, type KnownTileId, tileIds, useExpansions } from 'carcassonne-engine';
 *
 * useExpansions(...allExpansions);
 * const spring: KnownTileId = 'RV-spring';
 * console.log(tileIds().includes(spring), tileIds().length); // → true 107
 * ```
 */
export type KnownTileId =
  | 'A'
  | 'B'
  | 'C'
  | 'D'
  | 'E'
  | 'F'
  | 'G'
  | 'H'
  | 'I'
  | 'J'
  | 'K'
  | 'L'
  | 'M'
  | 'N'
  | 'O'
  | 'P'
  | 'Q'
  | 'R'
  | 'S'
  | 'T'
  | 'U'
  | 'V'
  | 'W'
  | 'X'
  | 'IC-D'
  | 'IC-J'
  | 'RV-cities'
  | 'RV-city-road'
  | 'RV-cloister-road'
  | 'RV-bridge'
  | 'RV-straight'
  | 'RV-city-curve'
  | 'RV-road-curve'
  | 'RV-curve'
  | 'RV-lake'
  | 'RV-spring'
  | 'IC-A'
  | 'IC-B'
  | 'IC-C'
  | 'IC-E'
  | 'IC-F'
  | 'IC-G'
  | 'IC-H'
  | 'IC-I'
  | 'IC-K'
  | 'IC-L'
  | 'IC-M'
  | 'IC-N'
  | 'IC-O'
  | 'IC-P'
  | 'IC-Q'
  | 'TB-A'
  | 'TB-B'
  | 'TB-C'
  | 'TB-D'
  | 'TB-E'
  | 'TB-F'
  | 'TB-G'
  | 'TB-H'
  | 'TB-I'
  | 'TB-J'
  | 'TB-K'
  | 'TB-L'
  | 'TB-M'
  | 'TB-N'
  | 'TB-O'
  | 'TB-P'
  | 'TB-Q'
  | 'TB-R'
  | 'TB-S'
  | 'TB-T'
  | 'TB-U'
  | 'TB-V'
  | 'TB-W'
  | 'TB-X'
  | 'TO-C'
  | 'TO-F'
  | 'TO-L'
  | 'TO-RR'
  | 'TO-RRR'
  | 'TO-RrRr'
  | 'TO-RRRR'
  | 'TO-CRcr'
  | 'TO-CFR'
  | 'TO-RrC'
  | 'TO-RCr'
  | 'TO-Cc'
  | 'TO-CcR'
  | 'TO-CC'
  | 'TO-CRCr'
  | 'TO-CccR'
  | 'TO-CccC'
  | 'E-garden'
  | 'H-garden'
  | 'I-garden'
  | 'M-garden'
  | 'N-garden'
  | 'R-garden'
  | 'U-garden'
  | 'V-garden'
  | 'RV-curve-garden'
  | 'IC-B-garden'
  | 'IC-H-garden'
  | 'TB-K-garden'
  | 'TB-U-garden'
  | 'TO-F-garden'
  | 'TO-RR-garden';

/**
 * Error codes of the rule modules' placement constraints.
 */
export type ModuleMoveErrorCode = 'river-not-continued' | 'river-u-turn' | 'off-the-table';
