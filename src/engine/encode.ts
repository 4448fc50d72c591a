import { show } from '../core/guards.js';
import { IllegalMoveError } from '../core/errors.js';
import { MOVE_INPUT } from '../core/limits.js';
import { readPlain } from '../core/plain.js';
import { type Rotation, SPOTS, spotIndex } from '../core/geometry.js';
import {
  ACTION_DEPLOY,
  ACTION_MODULE,
  ACTION_PASS,
  ACTION_RECALL,
  actionCode,
  MOVE_CODE_LIMIT,
  MOVE_COORD_MAX,
  MOVE_COORD_MIN,
  MOVE_SLOT_LIMIT,
  moveAction,
  moveFigure,
  moveQ,
  moveSlot,
  moveSpot,
  moveStep,
  moveTarget,
  moveX,
  moveY,
  PASS_CODE,
  STEP_MODULE,
  STEP_TILE,
  tileCode,
} from '../core/move-code.js';
import { figureCode, figureNames, recallable } from '../api/options/figure-kinds.js';
import { actionOfCode, actionOfTurn, isTurn, readMove, tileOfTurn, turnOfCodes } from '../api/play/legality.js';
import type { MeepleMove, Move, PassMove, RecallMove, TileId, TileMove, TurnMove } from '../api/types.js';
import { type TurnCode, TURN_CODE_LIMIT, TURN_CODE_LIMIT_BELOW, turnAction, turnCode, turnTile } from './turns.js';
import { actionsOf, stepsOf } from '../rules/declared.js';
import { isModuleCode } from '../api/play/module-moves.js';

/** Why a rule module's move has no code without its game. */
const MODULE_MOVES =
  "a rule module's move names tiles of the board by their place in the game: Engine.codeOf gives its code at a position, and Engine.moveOf writes a listed code as a move";

/**
 * One step's move as a small non-negative integer: a tile step's cell, rotation and hand slot, or
 * an action step's figure and spot (or the figure taken back, or the pass). {@link encodeMove} and
 * {@link decodeMove} convert between codes and the pure API's step {@link Move} objects; the layout
 * is in `docs/engine.md` and `core/move-code.ts`.
 */
export type MoveCode = number;

/**
 * The code of one step's move object. Throws {@link IllegalMoveError} (`malformed-move` or
 * `unknown-spot`) for a move that is not well formed, is a whole turn (play its steps one by one),
 * or lies outside the codable board (-1024 to 1023). Legality is not checked: that is the engine's
 * and the pure API's job. A figure's spot is coded as given, while the engine lists each feature by
 * its canonical spot (the first in `SPOTS` order): `decodeMove` of a listed code gives that one.
 *
 * @example
 * ```ts
 * import { abbot, useExpansions } from 'carcassonne-engine';
 * import { decodeMove, encodeMove } from 'carcassonne-engine/engine';
 *
 * useExpansions(abbot); // for its figure, the abbot
 * const code = encodeMove({ type: 'tile', x: 1, y: 0, rotation: 90 });
 * console.log(code); // → 6292481
 * console.log(decodeMove(encodeMove({ type: 'meeple', at: 'C', kind: 'abbot' }))); // → { type: 'meeple', at: 'C', kind: 'abbot' }
 * // With hands of tiles, a tile step's code names the slot of the move's tile in the player's hand.
 * console.log(decodeMove(encodeMove({ type: 'tile', tile: 'V', x: 1, y: 0, rotation: 90 }, ['U', 'V']), ['U', 'V'])); // → { type: 'tile', tile: 'V', x: 1, y: 0, rotation: 90 }
 * ```
 */
export function encodeMove(asked: Move, askedHand?: readonly TileId[]): MoveCode {
  const { move, error } = readMove(asked);
  if (error !== null) throw error;
  if (isTurn(move)) {
    throw new IllegalMoveError(
      'malformed-move',
      'a code is one step: encode a whole turn as its tile step { type: "tile", x, y, rotation } and its action',
    );
  }
  if (move.type === 'pass') return PASS_CODE;
  if (move.type === 'recall') return actionCode(ACTION_RECALL, figureCode(move.kind));
  if (move.type === 'meeple') return actionCode(ACTION_DEPLOY, figureCode(move.kind ?? 'follower'), spotIndex(move.at));
  if (move.type !== 'tile') throw new IllegalMoveError('malformed-move', MODULE_MOVES);
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
  return tileCode(x, y, move.rotation / 90, slot);
}

/**
 * The move object of a code, as the pure API's `legalMoves` writes it: a tile step's with `tile`
 * when given (given the player's hand, with hands of tiles, the tile in the code's slot), or an
 * action step's. Throws {@link IllegalMoveError} (`malformed-move`) for a number that is not a move
 * code.
 *
 * @example
 * ```ts
 * import { decodeMove } from 'carcassonne-engine/engine';
 *
 * console.log(decodeMove(6292481)); // → { type: 'tile', x: 1, y: 0, rotation: 90 }
 * console.log(decodeMove(6292481, 'V')); // → { type: 'tile', tile: 'V', x: 1, y: 0, rotation: 90 }
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
  const problem = codeFormProblem(code);
  if (problem !== null) throw new IllegalMoveError('malformed-move', `${show(code)} is not a move code: ${problem}`);
  if (isModuleCode(code)) throw new IllegalMoveError('malformed-move', MODULE_MOVES);
  if (moveStep(code) !== STEP_TILE) return actionOfCode(code);
  // A hand (with hands of tiles): the tile in the code's slot.
  const named = typeof tile === 'string' || tile === undefined ? tile : tile[moveSlot(code)];
  if (Array.isArray(tile) && named === undefined)
    throw new IllegalMoveError('malformed-move', `${code} names slot ${moveSlot(code)} of a hand of ${tile.length}`);
  const base = { type: 'tile' as const, x: moveX(code), y: moveY(code), rotation: (moveQ(code) * 90) as Rotation };
  return named === undefined ? base : { type: 'tile', tile: named, x: base.x, y: base.y, rotation: base.rotation };
}

/** Why a number is not a move code of any game (its form alone), or null. */
export function codeFormProblem(code: number): string | null {
  if (!Number.isInteger(code) || code < 0 || code >= MOVE_CODE_LIMIT) return 'a code is a whole number from 0 below 2^31';
  const step = moveStep(code);
  if (step === STEP_TILE) return code >>> 26 !== 0 ? 'a tile step has no bits above its hand slot' : null;
  if (step >= STEP_MODULE) return step - STEP_MODULE < stepsOf().length ? null : `step ${step} is not a step of the turn`;
  const action = moveAction(code);
  const si = moveSpot(code);
  const figure = figureNames()[moveFigure(code)];
  if ((code & 0x0fffffff) >>> 27 !== 0) return 'an action step has no bits above its target';
  if (action >= ACTION_MODULE) return action - ACTION_MODULE < actionsOf().length ? null : `action ${action} is not an action`;
  if (moveTarget(code) >= 0) return 'a figure is deployed on, or taken back instead of deploying on, the tile just placed: no target';
  if (action === ACTION_PASS) return (code & 0x0fffffff) === 0 ? null : 'the pass names no figure and no spot';
  if (figure === undefined) return `figure kind ${moveFigure(code)} is not a figure`;
  if (action === ACTION_RECALL) return si < 0 && recallable(figure) ? null : `the ${figure} is not a figure taken back`;
  if (action === ACTION_DEPLOY) return si >= 0 && si < SPOTS.length ? null : 'a figure deployed names its spot';
  return `action ${action} is not an action`;
}

/**
 * The {@link TurnCode} of a whole turn ({@link TurnMove}: its tile step and its action, the pass
 * when it names none), or of an action alone (a meeple, recall or pass move, at the action step).
 * Throws as {@link encodeMove} does; legality is not checked.
 *
 * @example
 * ```ts
 * import { decodeTurn, encodeTurn } from 'carcassonne-engine/engine';
 *
 * const turn = encodeTurn({ x: 1, y: 0, rotation: 90, meeple: { at: 'N' } });
 * console.log(JSON.stringify(decodeTurn(turn, 'U'))); // → {"tile":"U","x":1,"y":0,"rotation":90,"meeple":{"at":"N","kind":"follower"}}
 * console.log(JSON.stringify(decodeTurn(encodeTurn({ type: 'pass' })))); // → {"type":"pass"}
 * ```
 */
export function encodeTurn(asked: TurnMove | MeepleMove | RecallMove | PassMove, askedHand?: readonly TileId[]): TurnCode {
  const { move, error } = readMove(asked);
  if (error !== null) throw error;
  if (!isTurn(move)) {
    if (move.type === 'tile')
      throw new IllegalMoveError('malformed-move', 'a turn is a whole turn { x, y, rotation, … } or an action, not a tile move alone');
    return turnCode(-1, encodeMove(move));
  }
  return turnCode(encodeMove(tileOfTurn(move), askedHand), encodeMove(actionOfTurn(move)));
}

/**
 * The move of a {@link TurnCode}: a whole turn ({@link TurnMove}, naming `tile` when given; given
 * the player's hand, with hands of tiles, the tile in its slot), or an action alone. Throws
 * {@link IllegalMoveError} (`malformed-move`) for a number that is not a turn code.
 *
 * @example
 * ```ts
 * import { decodeTurn, Engine } from 'carcassonne-engine/engine';
 *
 * const engine = Engine.create({ players: 2, seed: 1, drawOrder: ['E'] });
 * console.log(JSON.stringify(decodeTurn(engine.legalTurns()[1]!, 'E'))); // → {"tile":"E","x":0,"y":-1,"rotation":180,"meeple":{"at":"S","kind":"follower"}}
 * ```
 */
export function decodeTurn(code: TurnCode, asked?: TileId | readonly TileId[]): TurnMove | MeepleMove | RecallMove | PassMove {
  const problem = turnFormProblem(code);
  if (problem !== null) throw new IllegalMoveError('malformed-move', `${show(code)} is not a turn code: ${problem}`);
  const tile = turnTile(code);
  if (tile < 0) return actionOfCode(turnAction(code));
  const placed = decodeMove(tile, asked) as TileMove;
  return turnOfCodes(placed.tile, tile, turnAction(code));
}

/** Why a number is not a turn code (its form alone), or null. */
export function turnFormProblem(code: number): string | null {
  if (!Number.isInteger(code) || code < -TURN_CODE_LIMIT_BELOW || code >= TURN_CODE_LIMIT)
    return 'a turn code is a whole number from -2^31 below 2^53';
  const tile = turnTile(code);
  const action = codeFormProblem(turnAction(code));
  if (action !== null) return action;
  if (tile < 0 && moveStep(turnAction(code)) === STEP_TILE)
    return 'a step alone is not a tile step: a turn with a tile names its action too';
  if (tile < 0) return null;
  if (moveStep(tile) !== STEP_TILE) return 'the first part of a turn is a tile step';
  return codeFormProblem(tile);
}
