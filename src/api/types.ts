import type { Position, Rotation, Spot } from '../core/geometry.js';
import type { FeatureKind, TileSetName } from '../tiles/tile-types.js';
import type { ExpansionName, ExtraTurn, KnownTileId, MeepleKind, ModuleMoveType, ModuleRules, Supplies } from '../core/vocabulary.js';
import type { ModuleStates, PlayerTokens, TokensTaken } from './module-types.js';
import type { RulesOptions } from './options/options.js';
import type { SetupStart } from './setup-types.js';

// The types the modules' folders give (written by npm run vocabulary), and those of the files
// beside this one.
export type * from './module-types.js';
export type * from './move-types.js';
export type * from './score-types.js';
export type * from './setup-types.js';

export type {
  ExpansionName,
  ExtraTurn,
  KnownTileId,
  MeepleKind,
  ModuleMoveErrorCode,
  ModuleMoveType,
  ModuleRules,
  Supplies,
  CentreKind,
  CentreSpot,
  RoadFields,
  CityFields,
} from '../core/vocabulary.js';

/**
 * A tile id such as `'D'` (base game letters) or `'IC-D'` (a tile from Inns & Cathedrals): one of
 * {@link KnownTileId}, which editors offer, or any string, since ids read from JSON or typed by a
 * person are strings until checked (every function checks them; `isTileId` narrows one).
 */
export type TileId = KnownTileId | (string & {});

/**
 * Identifies a feature on the board: the position and canonical spot of its oldest segment,
 * written `"x,y:SPOT"` (e.g. `"0,0:N"`). When two features merge, the merged one keeps the older id.
 */
export type FeatureId = string;

/** Named farmer rules; see {@link RulesOptions.farmers}. */
export type FarmerRuleName = 'city-4' | 'farm-3-once' | 'farm-3' | 'none';

/** Rule editions: presets of rules. */
export type Edition = 'first' | 'second' | 'current';

/** The rules a game is played with, as recorded in its state. */
export interface Rules extends ModuleRules {
  /** The farmer rule; `'custom'` when a function was given. */
  readonly farmers: FarmerRuleName | 'custom';
  /** Points for a completed city of exactly two tiles: 4 (2 a tile) or 2 (1 a tile, 1 a pennant). */
  readonly smallCity: 2 | 4;
  /** Followers each player starts with. */
  readonly meeples: number;
}

/** A player's public record: with the figures in supply ({@link Supplies}) and the tokens ({@link PlayerTokens}) of the game's modules. */
export interface PlayerState extends Supplies, PlayerTokens {
  readonly name: string;
  /** Points so far; once the game is finished, the final total. */
  readonly score: number;
}

/** A tile on the board, in the order placed. */
export interface PlacedTile {
  readonly tile: TileId;
  readonly x: number;
  readonly y: number;
  readonly rotation: Rotation;
  /** Who placed it; `null` for the start tile. */
  readonly player: number | null;
  /** The meeple deployed on it that turn (its canonical spot), or `null`. */
  readonly meeple: { readonly at: Spot; readonly kind: MeepleKind } | null;
  /** `'abbot'` when the player took the abbot back that turn instead of deploying, else `null`. */
  readonly recall: MeepleKind | null;
  /**
   * The moves of the rule modules the player made after placing the tile, in order (The Tower: a
   * ransom paid, a floor or a follower put on a tower instead of deploying, the capture, the
   * exchange); absent when none.
   */
  readonly steps?: readonly ModuleMove[];
}

/** A figure on the board. `at` is the canonical spot of its feature on its tile. */
export interface MeepleOnBoard {
  readonly owner: number;
  readonly kind: MeepleKind;
  readonly x: number;
  readonly y: number;
  readonly at: Spot;
  readonly feature: FeatureKind;
}

/**
 * What a scoring line scores: a feature, or (Traders & Builders, final scoring) the majority of a
 * kind of goods tokens, or a line a rule module writes itself (The Tower: `'ransom'`, 3 points
 * paid by `awarded`'s negative entry to its holder).
 */
export type ScoredKind = FeatureKind | (string & {});

/**
 * One scoring: a feature scored when completed during play (`phase: 'play'`), or in the final
 * scoring (`phase: 'final'`). The entries of a game add up to its scores.
 */
export interface ScoredFeature {
  readonly phase: 'play' | 'final';
  /** The turn (0-based) whose move caused the scoring; the final scoring carries the last turn. */
  readonly turn: number;
  readonly kind: ScoredKind;
  /**
   * The feature scored (for farmer scoring under `'city-4'`, the city). For a `'goods'` line, the
   * goods kind: `'wine'`, `'grain'` or `'cloth'`.
   */
  readonly id: FeatureId;
  readonly complete: boolean;
  /** Distinct tiles of the feature, in placement order. */
  readonly tiles: readonly Position[];
  readonly pennants: number;
  /**
   * Strength of each player in the feature (meeples counted by weight), indexed by player. For a
   * `'goods'` line, each player's tokens of that kind.
   */
  readonly meeples: readonly number[];
  /** Players with the most strength (at least 1): they score. */
  readonly holders: readonly number[];
  /** What the feature is worth to each holder. */
  readonly points: number;
  /** Points actually given to each player by this entry, indexed by player. */
  readonly awarded: readonly number[];
  /** Farmer scoring: the fields that scored. Empty for other kinds. */
  readonly fields: readonly FeatureId[];
  /** Farmer scoring: the completed cities that were counted. Empty for other kinds. */
  readonly cities: readonly FeatureId[];
  /** A sentence explaining the points, e.g. "city of 3 tiles and 1 pennant: 2×3 + 2×1". */
  readonly note: string;
}

/** What happened during the last move (or during setup), in order, so a frontend can animate it. */
export type GameEvent =
  | {
      readonly type: 'tile-placed';
      readonly player: number;
      readonly tile: TileId;
      readonly x: number;
      readonly y: number;
      readonly rotation: Rotation;
    }
  | {
      readonly type: 'meeple-placed';
      readonly player: number;
      readonly kind: MeepleKind;
      readonly x: number;
      readonly y: number;
      readonly at: Spot;
      readonly feature: FeatureKind;
    }
  | { readonly type: 'feature-scored'; readonly score: ScoredFeature }
  | {
      readonly type: 'meeple-returned';
      readonly owner: number;
      readonly kind: MeepleKind;
      readonly x: number;
      readonly y: number;
      readonly at: Spot;
    }
  | { readonly type: 'tile-discarded'; readonly player: number; readonly tile: TileId }
  /** House rule `rules.unplaceable: 'returned'`: `player` drew `tile`, which fitted nowhere, and it went back into the bag. */
  | { readonly type: 'tile-returned'; readonly player: number; readonly tile: TileId }
  | TokensTaken
  | {
      /**
       * House rule `rules.firstPlayer` (at the start of a game): who moves first, and how it was
       * chosen; with `'draw-roads'`, each round of draws (player, tile, its road ends).
       */
      readonly type: 'first-player-chosen';
      readonly player: number;
      readonly by: 'given' | 'random' | 'draw-roads';
      readonly draws: readonly (readonly { readonly player: number; readonly tile: TileId; readonly roads: number }[])[];
    }
  | { readonly type: 'game-finished'; readonly scores: readonly number[]; readonly winners: readonly number[] }
  | ModuleEvent;

/**
 * Something a rule module did, named by the module (The Tower: `'floor-built'`, `'tower-closed'`,
 * `'captured'`, `'exchanged'`), with its own fields (positions, players, figure kinds).
 */
export interface ModuleEvent {
  readonly type: 'module';
  /** The module's name (its expansion's). */
  readonly module: string;
  readonly name: string;
  readonly [field: string]: unknown;
}

/**
 * A move of a rule module (its action at the action step, or one of its steps), a plain object
 * whose `type` names it: The Tower's `{ type: 'tower', x, y, kind }` (a floor, `kind: 'floor'`, or
 * a follower on the tower at (x, y)), `{ type: 'capture', x, y, at }` (the follower on the tile at
 * (x, y), at spot `at`, or `null` for the one on its tower), `{ type: 'exchange', kind }` and
 * `{ type: 'ransom', jailer, kind }`. `legalMoves` lists them as the module writes them.
 */
export interface ModuleMove {
  readonly type: ModuleMoveType;
  readonly [field: string]: unknown;
}

/**
 * The whole game as a deeply frozen, plain-JSON value. `loadState(JSON.parse(JSON.stringify(state)))`
 * gives back an equal state, checked: a saved game is that string.
 */
export interface GameState {
  /**
   * Format version of this record: 2 since The River and The Abbot. Version-1 states (0.1.0) are
   * still accepted: they are read as base games without expansions.
   */
  readonly version: 2;
  readonly tileSet: TileSetName;
  /** The edition preset the game was created with (`rules` records any override). */
  readonly edition: Edition;
  /** The expansions in play, in the order of `EXPANSIONS` (empty for the base game alone). */
  readonly expansions: readonly ExpansionName[];
  readonly rules: Rules;
  readonly seed: number | string;
  readonly status: 'playing' | 'finished';
  /** Moves played so far (one per tile placed: a builder's double turn counts two). */
  readonly turn: number;
  /** Index into `players` of the player to move (after the game ends, the next in turn). */
  readonly currentPlayer: number;
  /**
   * What gave `currentPlayer` the extra tile they play now (a turn has at most two tiles), or
   * `null` on an ordinary turn: `'builder'` (Traders & Builders), `'hole'` (the house rule
   * `fillingHole`).
   */
  readonly extraTurn: ExtraTurn | null;
  /**
   * The step of the current player's turn: `'tile'` (place the tile), or `'action'` (the tile just
   * placed, the last of `placements`, waits for its figure or the pass). `'tile'` once finished.
   */
  readonly step: Step;
  /**
   * The tile the current player must place (at the action step, the tile just placed), or `null`
   * when the game is finished, or in a game with hands of tiles (`rules.hand`), where the current
   * player chooses among `hands`.
   */
  readonly currentTile: TileId | null;
  /**
   * With hands of tiles (`rules.hand`, a house rule): each player's tiles in hand, in the order
   * drawn, by player index (other players' hands are hidden information when `rules.hand.visible`
   * is false). `null` in a game without hands.
   */
  readonly hands: readonly (readonly TileId[])[] | null;
  readonly players: readonly PlayerState[];
  /** Every tile on the board in the order placed; the start tile first at (0,0), rotation 0 (with `rules.startTile: 'bag'`, the first move's tile at (0,0)). */
  readonly placements: readonly PlacedTile[];
  /** Figures on the board, in the order deployed. */
  readonly meeples: readonly MeepleOnBoard[];
  /**
   * The tiles still to draw, in draw order (the current tile excluded). The order is hidden
   * information in a real game: bots should treat it as unknown.
   */
  readonly tilesLeft: readonly TileId[];
  /** Tiles drawn that fitted nowhere and were put back in the box, in order. */
  readonly discarded: readonly TileId[];
  /**
   * Every tile drawn from the bag so far, in order: what a game record needs to replay the game
   * (see `makeRecord`), since a seed alone does not give the draws of a game dealt with
   * `drawOrder`. `null` in a state saved by 0.2.0, which did not record them.
   */
  readonly draws: readonly TileDraw[] | null;
  /**
   * How a game made by `setupGame` began: the position it was set up in. `null` for a game begun
   * by `createGame` (and in a state saved by 0.2.0).
   */
  readonly setup: SetupStart | null;
  /** Every scoring so far, in order; once finished, the final scoring too. */
  readonly scored: readonly ScoredFeature[];
  /** What the last move (or the setup, for a new game) did. */
  readonly events: readonly GameEvent[];
  /** What the rule modules in play keep besides the board, by module name ({@link ModuleStates}). */
  readonly modules: ModuleStates;
}

/**
 * One tile drawn from the bag, as a state records it in `draws`.
 *
 * @example
 * ```ts
 * import { createGame } from 'carcassonne-engine';
 *
 * console.log(createGame({ players: 2, seed: 1, drawOrder: ['E'] }).draws); // → [ { turn: 0, player: 0, tile: 'E', kept: true } ]
 * ```
 */
export interface TileDraw {
  /** Moves played before the draw (0: at the start of the game). */
  readonly turn: number;
  /** Who drew it: the player to move, or whose hand of tiles it filled. */
  readonly player: number;
  readonly tile: TileId;
  /**
   * `true` when it was kept (to place, or in a hand); `false` when it fitted nowhere and left the
   * game or, with `rules.unplaceable: 'returned'`, went back into the bag.
   */
  readonly kept: boolean;
}

/** Who looks at a {@link PlayerView}: a player index, or `'spectator'` (someone who plays no hand). */
export type Viewer = number | 'spectator';

/**
 * What one player (or a spectator) may know of a game, made by {@link playerView}: the state
 * without its `seed`, the tiles not yet seen as a multiset (`tilesLeft`, sorted by id, not in
 * draw order), and the hands the viewer may not see (`rules.hand.visible: false`, another
 * player's hand) hidden: each of their tiles is `null`, its id counted among `tilesLeft`. Nothing
 * else is lost. Every read function takes a view where it takes a state (`legalMoves`,
 * `validateMove`, `features`, `scoreFinal`, `previewMove`, `renderAscii`…); `applyMove` does not:
 * a view holds no bag to draw from. Plain JSON, like a state.
 */
export interface PlayerView extends Omit<GameState, 'seed' | 'hands' | 'draws' | 'setup'> {
  readonly viewer: Viewer;
  /** The state's draws, each tile drawn into a hand hidden from the viewer `null`. */
  readonly draws: readonly (Omit<TileDraw, 'tile'> & { readonly tile: TileId | null })[] | null;
  /**
   * Each player's hand as the viewer sees it (a hidden tile is `null`), or `null` in a game
   * without hands of tiles.
   */
  readonly hands: readonly (readonly (TileId | null)[])[] | null;
  /** The state's set-up, each tile of a hand set up that the viewer may not see `null`. */
  readonly setup: (Omit<SetupStart, 'hands'> & { readonly hands: readonly (readonly (TileId | null)[])[] | null }) | null;
}

/**
 * The steps of a turn, in order: `'tile'`, placing the tile; `'action'`, what the player does with
 * the tile just placed (deploy a figure on it, take a figure back, or pass). The action step is
 * played only when the player has something to do besides passing; otherwise the turn ends with
 * the tile.
 */
export type Step = 'tile' | 'action' | (string & {});
