import type { Position, Rotation, Spot } from '../core/geometry.js';
import type { FeatureKind, Goods, TileSetName } from '../tiles/types.js';
import type { ExpansionName, ExtraTurn, KnownTileId, MeepleKind, ModuleMoveType, ModuleRules, Supplies } from '../core/vocabulary.js';
import type { RiverStartTile } from '../rules/river/index.js';
import type {
  FeatureFacts,
  GoodsTokens,
  ModuleStates,
  PlayerTokens,
  SetupModules,
  SetupTokens,
  TokensTaken,
  TowerState,
} from './module-types.js';
import type { RulesOptions } from './options/options.js';

export type {
  ExpansionName,
  ExtraTurn,
  KnownTileId,
  MeepleKind,
  ModuleMoveErrorCode,
  ModuleMoveType,
  ModuleRules,
  Supplies,
} from '../core/vocabulary.js';
export type {
  FeatureFacts,
  Goods,
  GoodsTokens,
  ModuleStates,
  PlayerTokens,
  RiverStartTile,
  SetupModules,
  SetupTokens,
  TokensTaken,
  TowerState,
};

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
 * The whole game as a deeply frozen, plain-JSON value. `JSON.parse(JSON.stringify(state))` is a
 * state every function of this library accepts.
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

/**
 * The tile step's move: place the current tile at (x, y) turned `rotation` degrees clockwise.
 * `tile`, when given, must be the current tile; with hands of tiles (`rules.hand`) it names the tile
 * of the hand to play (it may be left out when the hand holds one kind of tile).
 */
export interface TileMove {
  readonly type: 'tile';
  readonly x: number;
  readonly y: number;
  readonly rotation: Rotation;
  readonly tile?: TileId;
}

/**
 * An action step's move: deploy a figure (a follower unless `kind` says) on the feature at spot
 * `at` of the tile just placed, the spot named as the tile lies on the board.
 */
export interface MeepleMove {
  readonly type: 'meeple';
  readonly at: Spot;
  readonly kind?: MeepleKind;
}

/**
 * An action step's move (The Abbot): instead of deploying, take the abbot back from the board and
 * score its cloister or garden at once as in the final scoring (1 + 1 per neighbouring tile). Only
 * while that feature is incomplete: a tile that completes it scores it as completed instead.
 */
export interface RecallMove {
  readonly type: 'recall';
  readonly kind: MeepleKind;
}

/** An action step's move: leave the tile just placed as it is. */
export interface PassMove {
  readonly type: 'pass';
}

/** One step's move, as {@link legalMoves} lists them: a tile step's, an action step's, or a rule module's. */
export type Move = TileMove | MeepleMove | RecallMove | PassMove | ModuleMove;

/** Where a meeple goes with a {@link TurnMove}: a spot on the placed tile, as it lies on the board. */
export interface MeepleDeploy {
  readonly at: Spot;
  /**
   * Defaults to `'follower'`. An `'abbot'` goes only on a cloister (`C`) or garden (`G`); a
   * `'large'` meeple (Inns & Cathedrals) wherever a follower may; a `'builder'` on a road or city,
   * and a `'pig'` on a field, that already holds a meeple of the player (Traders & Builders).
   */
  readonly kind?: MeepleKind;
}

/**
 * A whole turn in one object, as {@link legalTurns} lists them and a game record writes it: place
 * the current tile at (x, y) turned `rotation` degrees clockwise, and then either deploy a meeple
 * on it, or (The Abbot) take the player's abbot back with `recall: 'abbot'`, or neither. Played at
 * the tile step as its steps: the tile, then the action (the pass when it names none). `tile` is
 * as in a {@link TileMove}. It has no `type` (or `type: 'turn'`).
 */
export interface TurnMove {
  readonly type?: 'turn';
  readonly x: number;
  readonly y: number;
  readonly rotation: Rotation;
  readonly tile?: TileId;
  readonly meeple?: MeepleDeploy | null;
  /**
   * `'abbot'`: instead of deploying, take the abbot back from the board and score its cloister
   * or garden at once as in the final scoring (1 + 1 per neighbouring tile). Only while that
   * feature is incomplete: a tile that completes it scores it as completed instead.
   */
  readonly recall?: MeepleKind | null;
  /**
   * A rule module's action instead of deploying or taking back (The Tower's
   * `{ type: 'tower', x, y, kind }`); its steps after it (a capture) are moves of their own.
   */
  readonly action?: ModuleMove | null;
}

/**
 * What `applyMove`, `validateMove` and `previewMove` take, and what the bots answer: one step's
 * {@link Move}, or a whole turn ({@link TurnMove}).
 */
export type AnyMove = Move | TurnMove;

/** What a move would do, as {@link previewMove} tells it: nothing is drawn. */
export interface MovePreview {
  /**
   * The events `applyMove` would record, up to the draw: the tile placed, the figure deployed or
   * taken back, every feature completed and scored, the figures returned, the goods taken.
   */
  readonly events: readonly GameEvent[];
  /** Each player's score after the move. */
  readonly scores: readonly number[];
  /** The features the move completes (scored by their holders, or by nobody), by id. */
  readonly completed: readonly FeatureId[];
  /**
   * What gives the player another tile at once (a builder, a filled hole), or `null`. The tile is
   * lost when none that fits is left to draw for it: the game ends, or with hands of tiles goes on
   * with the next player (the state after the move then has `extraTurn` `null`).
   */
  readonly extraTurn: ExtraTurn | null;
}

/** Which placements {@link legalPlacements} lists. */
export interface PlacementsOptions {
  /** With hands of tiles: the tile of the hand (default: its first). */
  readonly tile?: TileId;
  /**
   * `'distinct'` (default): one rotation per distinct board (the smallest); `'all'`: every legal
   * rotation, those of a symmetric tile that give the same board included.
   */
  readonly rotations?: 'distinct' | 'all';
}

/** A legal position and rotation for the current tile. */
export interface TilePlacement {
  readonly x: number;
  readonly y: number;
  readonly rotation: Rotation;
}

/** Final totals, every scoring that made them, and the winners. */
export interface FinalScore {
  /** Totals per player: points so far plus the final scoring. */
  readonly scores: readonly number[];
  /** Every scoring of the game (play and final), in order; `scores` is exactly their sum. */
  readonly breakdown: readonly ScoredFeature[];
  /** The players with the highest total (several on a tie). */
  readonly winners: readonly number[];
}

/**
 * A feature on the board, as {@link features} reports it, with the fields the game's expansions add
 * ({@link FeatureFacts}: Inns & Cathedrals' `inns` on roads and `cathedrals` on cities, Traders &
 * Builders' `goods` on cities).
 */
export interface BoardFeature extends FeatureFacts {
  readonly id: FeatureId;
  readonly kind: FeatureKind;
  /** Distinct tiles, in placement order. */
  readonly tiles: readonly Position[];
  /** Each segment of the feature: its tile and canonical spot. */
  readonly segments: readonly { readonly x: number; readonly y: number; readonly at: Spot }[];
  readonly complete: boolean;
  /** Roads, cities and rivers: edges still open. Cloisters and gardens: empty cells around them. Fields: 0. */
  readonly open: number;
  readonly pennants: number;
  readonly meeples: readonly MeepleOnBoard[];
  /** Fields: the cities it borders. Empty for other kinds. */
  readonly cities: readonly FeatureId[];
}

/** The input of a farmer rule: every field holding a farmer and every city they border. */
export interface FarmerInput {
  readonly players: number;
  readonly fields: readonly FarmerField[];
  readonly cities: readonly FarmerCity[];
}

/** A field with at least one farmer. */
export interface FarmerField {
  readonly id: FeatureId;
  readonly tiles: readonly Position[];
  /** Farmer strength per player. */
  readonly meeples: readonly number[];
  /**
   * Traders & Builders: 1 for each player with a pig in the field, else 0 (the pig counts for no
   * majority). Optional for inputs written by hand; the engine always fills it.
   */
  readonly pigs?: readonly number[];
  /** Ids of the distinct cities the field borders, complete or not. */
  readonly cities: readonly FeatureId[];
}

/** A city bordering a field with farmers. */
export interface FarmerCity {
  readonly id: FeatureId;
  readonly tiles: readonly Position[];
  readonly pennants: number;
  readonly complete: boolean;
}

/** One line of a farmer rule's result. */
export interface FarmerScore {
  /** The field scored, or for a city-centred rule, the city. */
  readonly id: FeatureId;
  readonly tiles: readonly Position[];
  readonly fields: readonly FeatureId[];
  readonly cities: readonly FeatureId[];
  readonly meeples: readonly number[];
  readonly holders: readonly number[];
  readonly points: number;
  /** Points given to each player by this line. */
  readonly awarded: readonly number[];
  readonly note: string;
}

/** What a farmer rule returns: points per player and the lines that make them. */
export interface FarmerResult {
  /** Points per player; must equal the sum of `awarded` over the breakdown. */
  readonly points: readonly number[];
  readonly breakdown: readonly FarmerScore[];
}

/**
 * A farmer rule: a pure function from the fields, the cities and who holds what to the points
 * and a breakdown. The built-in rules are functions of this type too (see `farmerRules`).
 */
export type FarmerRule = (input: FarmerInput) => FarmerResult;

/** A tile of a set-up board: where it lies and how it is turned. */
export interface SetupTile {
  readonly tile: TileId;
  readonly x: number;
  readonly y: number;
  readonly rotation: Rotation;
}

/**
 * A figure of a set-up board: `owner`'s figure (a follower unless `kind` says) on the feature at
 * spot `at` of the tile at (x, y), the spot named as the tile lies on the board. Any spot of the
 * feature on that tile names it.
 */
export interface SetupFigure {
  readonly owner: number;
  readonly kind?: MeepleKind;
  readonly x: number;
  readonly y: number;
  readonly at: Spot;
}

/**
 * A position to start a game from, made by hand (a tutorial, a puzzle, a test) or by `setupOf`:
 * the options of a game, the board, the figures, the players' scores, supplies and tokens, the player
 * to move, the tile to place and the tiles left. It need not be reachable by legal play, but it must
 * be a position the rules can go on from: `validateSetup` lists everything that stops it.
 * Only `players` and `board` are required.
 */
export interface Setup extends SetupTokens {
  /** 2 to 5 player names (6 with Inns & Cathedrals), or a player count, as in `createGame`. */
  readonly players: number | readonly string[];
  /** The seed that shuffles the tiles left when they are not listed (default 0). */
  readonly seed?: number | string;
  readonly tileSet?: TileSetName;
  readonly edition?: Edition;
  readonly expansions?: readonly ExpansionName[];
  /** The rules, as in `createGame` (a named farmer rule: a custom one is not set up). */
  readonly rules?: SetupRules;
  /**
   * The tiles on the board, in the order they are listed in `placements`; they need not include
   * the start tile. With every tile still to place added a cell further out, the board must stay
   * within 255 cells of (0, 0) (the reach of a move code).
   */
  readonly board: readonly SetupTile[];
  /** The figures on the board (default none), any order: they stand in the order of their tiles on the board. */
  readonly figures?: readonly SetupFigure[];
  /** Each player's score (default 0). */
  readonly scores?: readonly number[];
  /**
   * Each player's figures in supply, by supply field (default: every figure the player owns that
   * is not on the board). A player owns `rules.meeples` followers and one of each other figure of
   * the expansions in play.
   */
  readonly supplies?: readonly Partial<Supplies>[];
  /** The player to move (default 0). */
  readonly currentPlayer?: number;
  /**
   * What gave the player to move an extra tile, when they play one now (default `null`: an ordinary
   * turn).
   */
  readonly extraTurn?: ExtraTurn | null;
  /**
   * The tile to place. Left out (or `null`), the first tile of `tilesLeft` that fits is drawn, as at
   * the start of a game (with none, the game is over and scored). With hands of tiles
   * (`rules.hand`) there is no current tile: see `hands`.
   */
  readonly currentTile?: TileId | null;
  /**
   * With hands of tiles: each player's hand, kept as given (a hand short of full is drawn up at
   * the end of its player's turn, as in a game; a player to move whose hand holds no tile that
   * fits gives it up and draws anew). Left out, every hand is dealt from `tilesLeft` in turn order
   * from the player to move.
   */
  readonly hands?: readonly (readonly TileId[])[];
  /**
   * The tiles in the bag, in the order they will be drawn; or `'rest'` (default): every tile of the
   * game not on the board, to place or in a hand, shuffled by `seed` (river tiles first, as in a
   * game). Tiles of the set that are in none of these are out of the game.
   */
  readonly tilesLeft?: readonly TileId[] | 'rest';
  /**
   * The rule modules' parts of the position, by module name, as {@link GameState.modules} writes
   * them ({@link SetupModules}; default: none). A module's figures held there (The Tower's
   * prisoners, its followers on towers) are out of their owners' supplies.
   */
  readonly modules?: SetupModules;
}

/** The rules of a set-up game: those of `createGame`, with a named farmer rule. */
export type SetupRules = Omit<RulesOptions, 'farmers'> & { readonly farmers?: FarmerRuleName };

/**
 * What a state made by `setupGame` records of its set-up, in `GameState.setup`: the first `tiles`
 * placements are the set-up board (placed by nobody), and the rest is played from there.
 */
export interface SetupStart {
  /** How many placements, from the first, were set up rather than played. */
  readonly tiles: number;
  /** The figures on the set-up board, each at the canonical spot of its feature. */
  readonly figures: readonly SetupStartFigure[];
  /** Each player's score, figures in supply and tokens when set up. */
  readonly players: readonly SetupStartPlayer[];
  readonly currentPlayer: number;
  readonly extraTurn: ExtraTurn | null;
  /** The tile to place as set up, or `null` when it was drawn (or with hands of tiles). */
  readonly currentTile: TileId | null;
  /** With hands of tiles: each hand as set up, before it was drawn up to full; else `null`. */
  readonly hands: readonly (readonly TileId[])[] | null;
  /**
   * The rule modules' parts of the position as set up, as {@link GameState.modules} writes them
   * (every module in play that keeps one); left out when the set-up gave none.
   */
  readonly modules?: ModuleStates;
  /** The tiles of the set left out of the game, sorted by id. */
  readonly removed: readonly TileId[];
}

/** A figure of a set-up board, as `GameState.setup` records it. */
export interface SetupStartFigure {
  readonly owner: number;
  readonly kind: MeepleKind;
  readonly x: number;
  readonly y: number;
  readonly at: Spot;
}

/** A player when set up, as `GameState.setup` records it: the player record without its name. */
export type SetupStartPlayer = Omit<PlayerState, 'name'>;
