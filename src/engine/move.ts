import { show } from '../core/guards.js';
import { IllegalMoveError } from '../core/errors.js';
import { MOVE_INPUT } from '../core/limits.js';
import { readPlain } from '../core/plain.js';
import { SPOTS, spotIndex } from '../core/geometry.js';
import {
  ACTION_RECALL,
  MOVE_CODE_LIMIT,
  MOVE_COORD_MAX,
  MOVE_COORD_MIN,
  MOVE_SLOT_LIMIT,
  moveAction,
  moveFigure,
  moveSlot,
  moveSpot,
  packMove,
} from '../core/move-code.js';
import { FIGURE_FOLLOWER } from '../kernel/index.js';
import { figureCode, figureNames, recallable } from '../api/figures.js';
import { moveOfCode, readMove } from '../api/legality.js';
import type { MeepleKind, Move, TileId } from '../api/types.js';

/**
 * A move as a small non-negative integer: where the tile goes, its rotation, and the figure
 * deployed (if any) with its spot, or taking the abbot back. {@link encodeMove} and
 * {@link decodeMove} convert between codes and the pure API's {@link Move} objects; the layout is
 * in `docs/engine.md` and `core/move-code.ts`.
 */
export type MoveCode = number;

/**
 * The code of a move object. Throws {@link IllegalMoveError} (`malformed-move` or `unknown-spot`)
 * for a move that is not well formed or lies outside the codable board (-256 to 255). Legality is
 * not checked: that is the engine's and the pure API's job.
 *
 * @example
 * ```ts
 * import { decodeMove, encodeMove } from 'carcassonne-engine/engine';
 *
 * const code = encodeMove({ x: 1, y: 0, rotation: 90 });
 * console.log(code); // → 1080035328
 * console.log(decodeMove(encodeMove({ x: -2, y: 3, rotation: 270, meeple: { at: 'C', kind: 'abbot' } }))); // → { x: -2, y: 3, rotation: 270, meeple: { at: 'C', kind: 'abbot' } }
 * // With hands of tiles, the code names the slot of the move's tile in the player's hand.
 * console.log(decodeMove(encodeMove({ tile: 'V', x: 1, y: 0, rotation: 90 }, ['U', 'V']), ['U', 'V'])); // → { tile: 'V', x: 1, y: 0, rotation: 90 }
 * ```
 */
export function encodeMove(asked: Move, askedHand?: readonly TileId[]): MoveCode {
  const { move, error } = readMove(asked);
  if (error !== null) throw error;
  const read = readPlain(askedHand, 'the hand', MOVE_INPUT);
  const hand = read.ok ? (read.value as readonly TileId[] | undefined) : null;
  if (!(hand === undefined || (Array.isArray(hand) && hand.every((t) => typeof t === 'string')))) {
    throw new IllegalMoveError('malformed-move', read.ok ? `a hand is a list of tile ids, not ${show(askedHand)}` : read.message);
  }
  const { x, y } = move;
  if (x < MOVE_COORD_MIN || x > MOVE_COORD_MAX || y < MOVE_COORD_MIN || y > MOVE_COORD_MAX) {
    throw new IllegalMoveError(
      'malformed-move',
      `(${x}, ${y}) is outside the board a move code can name (${MOVE_COORD_MIN} to ${MOVE_COORD_MAX})`,
    );
  }
  // With a hand: the slot of the move's tile (the first, when the move names none).
  const slot = hand === undefined || move.tile === undefined ? 0 : hand.indexOf(move.tile);
  if (slot < 0 || slot >= MOVE_SLOT_LIMIT)
    throw new IllegalMoveError('wrong-tile', `tile ${move.tile} is not in the hand ${hand?.join(', ')}`);
  const meeple = move.meeple ?? null;
  const q = move.rotation / 90;
  if (meeple === null && move.recall !== undefined && move.recall !== null)
    return packMove(x, y, q, -1, figureCode(move.recall), ACTION_RECALL, slot);
  const figure = meeple === null ? FIGURE_FOLLOWER : figureCode(meeple.kind ?? 'follower');
  return packMove(x, y, q, meeple === null ? -1 : spotIndex(meeple.at), figure, 0, slot);
}

/**
 * The move object of a code, as the pure API's `legalMoves` writes it (with `tile` when given; given the
 * player's hand, with hands of tiles, the tile in the code's slot).
 * Throws {@link IllegalMoveError} (`malformed-move`) for a number that is not a move code.
 *
 * @example
 * ```ts
 * import { decodeMove } from 'carcassonne-engine/engine';
 *
 * console.log(decodeMove(1080035328)); // → { x: 1, y: 0, rotation: 90 }
 * console.log(decodeMove(1080035328, 'V')); // → { tile: 'V', x: 1, y: 0, rotation: 90 }
 * ```
 */
export function decodeMove(code: MoveCode, asked?: TileId | readonly TileId[]): Move {
  const read = readPlain(asked, 'the tile', MOVE_INPUT);
  const tile = read.ok ? (read.value as TileId | readonly TileId[] | undefined) : null;
  if (!(tile === undefined || typeof tile === 'string' || (Array.isArray(tile) && tile.every((t) => typeof t === 'string')))) {
    throw new IllegalMoveError(
      'malformed-move',
      read.ok ? `the tile is a tile id or a hand of tile ids, not ${show(asked)}` : read.message,
    );
  }
  if (!Number.isInteger(code) || code < 0 || code >= MOVE_CODE_LIMIT) {
    throw new IllegalMoveError('malformed-move', `${show(code)} is not a move code`);
  }
  const si = moveSpot(code);
  const figure: MeepleKind | undefined = figureNames()[moveFigure(code)];
  const action = moveAction(code);
  const bad =
    si >= SPOTS.length ||
    figure === undefined ||
    (action !== 0 && (action !== ACTION_RECALL || si >= 0 || !recallable(figure))) ||
    (action === 0 && si < 0 && moveFigure(code) !== 0);
  if (bad) {
    throw new IllegalMoveError('malformed-move', `${code} is not a move code`);
  }
  // A hand (with hands of tiles): the tile in the code's slot.
  const named = typeof tile === 'string' || tile === undefined ? tile : tile[moveSlot(code)];
  if (Array.isArray(tile) && named === undefined)
    throw new IllegalMoveError('malformed-move', `${code} names slot ${moveSlot(code)} of a hand of ${tile.length}`);
  return moveOfCode(code, named);
}
