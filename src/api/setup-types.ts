import type { Rotation, Spot } from '../core/geometry.js';
import type { TileSetName } from '../tiles/tile-types.js';
import type { ExpansionName, ExtraTurn, MeepleKind, Supplies } from '../core/vocabulary.js';
import type { SetupModules, SetupTokens } from './module-types.js';
import type { RulesOptions } from './options/options.js';
import type { Edition, FarmerRuleName, GameState, ModuleStates, PlayerState, TileId } from './types.js';

// Set-up positions (re-exported by types.ts): what setupGame takes and what a state records of
// its set-up.

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
