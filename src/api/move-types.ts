import type { Rotation, Spot } from '../core/geometry.js';
import type { ExtraTurn, MeepleKind } from '../core/vocabulary.js';
import type { FeatureId, GameEvent, ModuleMove, TileId } from './types.js';

// The moves of the pure API (re-exported by types.ts): one kind a step, whole turns, and what
// listing and previewing them give.

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
