import { freeze } from 'immer';
import { IllegalMoveError } from '../core/errors.js';
import { show } from '../core/guards.js';
import { type Kernel, PHASE_STEP } from '../kernel/index.js';
import { handIds, isTurn, moveOfCode, readMove } from '../api/play/legality.js';
import { isModuleType, moduleCodeOf } from '../api/play/module-moves.js';
import type { ModuleMove, Move } from '../api/types.js';
import { moduleBuffer } from './checks.js';
import { codeFormProblem, encodeMove, type MoveCode } from './encode.js';

// Codes and moves at a position (Engine.moveOf and Engine.codeOf): a rule module's moves name
// tiles of the board, and a tile step's the tile in hand, which encodeMove and decodeMove cannot know.

/** The frozen move of `code`, one of kernel k's legal moves; else {@link IllegalMoveError}. */
export function moveAt(k: Kernel, code: MoveCode): Move {
  if (k.finished) throw new IllegalMoveError('game-finished', 'the game is over: no move is legal');
  const form = codeFormProblem(code);
  if (form !== null) throw new IllegalMoveError('malformed-move', `${show(code)} is not a move code: ${form}`);
  const listed = moduleBuffer(k);
  const n = k.legalMoveCodes(listed);
  let legal = false;
  for (let i = 0; i < n && !legal; i++) legal = listed[i] === code;
  if (!legal) throw new IllegalMoveError('malformed-move', `${show(code)} is not a legal move of this step`);
  return freeze(moveOfCode(k, code), true);
}

/** The code of one step's move at kernel k (legality unchecked); else {@link IllegalMoveError} `malformed-move`. */
export function codeAt(k: Kernel, asked: Move): MoveCode {
  const { move, error } = readMove(asked);
  if (error !== null) throw error;
  if (isTurn(move))
    throw new IllegalMoveError('malformed-move', 'a code is one step: encode a whole turn with encodeTurn, or each of its steps');
  if (isModuleType(move.type) || (move.type === 'pass' && k.phase >= PHASE_STEP)) {
    const code = moduleCodeOf(k, move as ModuleMove);
    if (typeof code !== 'number') throw code;
    return code;
  }
  return encodeMove(move, k.handSize > 0 ? handIds(k, k.current) : undefined);
}
