import { IllegalMoveError } from '../core/errors.js';
import { SPOTS, spotIndex } from '../core/geometry.js';
import {
  MOVE_CODE_LIMIT,
  MOVE_COORD_MAX,
  MOVE_COORD_MIN,
  MOVE_RECALL,
  moveFigure,
  moveRecalls,
  moveSpot,
  packMove,
} from '../core/move-code.js';
import { FIGURE_FOLLOWER } from '../kernel/kernel.js';
import { FIGURE_NAMES } from '../api/figures.js';
import { moveOfCode, shapeError } from '../api/legality.js';
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
 * for a move that is not well formed or lies outside the codable board (-128 to 127). Legality is
 * not checked: that is the engine's and the pure API's job.
 *
 * @example
 * ```ts
 * import { decodeMove, encodeMove } from 'carcassonne-engine/engine';
 *
 * const code = encodeMove({ x: 1, y: 0, rotation: 90 });
 * console.log(code); // → 16973952
 * console.log(decodeMove(encodeMove({ x: -2, y: 3, rotation: 270, meeple: { at: 'C', kind: 'abbot' } }))); // → { x: -2, y: 3, rotation: 270, meeple: { at: 'C', kind: 'abbot' } }
 * ```
 */
export function encodeMove(move: Move): MoveCode {
  const shape = shapeError(move);
  if (shape !== null) throw shape;
  const { x, y } = move;
  if (x < MOVE_COORD_MIN || x > MOVE_COORD_MAX || y < MOVE_COORD_MIN || y > MOVE_COORD_MAX) {
    throw new IllegalMoveError('malformed-move', `(${x}, ${y}) is outside the board a move code can name (-128 to 127)`);
  }
  const meeple = move.meeple ?? null;
  const figure = meeple === null ? FIGURE_FOLLOWER : FIGURE_NAMES.indexOf(meeple.kind ?? 'follower');
  const code = packMove(x, y, move.rotation / 90, meeple === null ? -1 : spotIndex(meeple.at), figure);
  return move.recall === 'abbot' && meeple === null ? code | MOVE_RECALL : code;
}

/**
 * The move object of a code, as the pure API's `legalMoves` writes it (with `tile` when given).
 * Throws {@link IllegalMoveError} (`malformed-move`) for a number that is not a move code.
 *
 * @example
 * ```ts
 * import { decodeMove } from 'carcassonne-engine/engine';
 *
 * console.log(decodeMove(16973952)); // → { x: 1, y: 0, rotation: 90 }
 * console.log(decodeMove(16973952, 'V')); // → { tile: 'V', x: 1, y: 0, rotation: 90 }
 * ```
 */
export function decodeMove(code: MoveCode, tile?: TileId): Move {
  if (!Number.isInteger(code) || code < 0 || code >= MOVE_CODE_LIMIT) {
    throw new IllegalMoveError('malformed-move', `${String(code)} is not a move code`);
  }
  const si = moveSpot(code);
  const figure: MeepleKind | undefined = FIGURE_NAMES[moveFigure(code)];
  const recall = moveRecalls(code);
  if (si >= SPOTS.length || figure === undefined || (recall && (si >= 0 || moveFigure(code) !== 0)) || (si < 0 && moveFigure(code) !== 0)) {
    throw new IllegalMoveError('malformed-move', `${code} is not a move code`);
  }
  return moveOfCode(code, tile);
}
