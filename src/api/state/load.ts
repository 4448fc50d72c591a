import { type Problem, StateError, type StateErrorCode } from '../../core/errors.js';
import { checked, readState } from './kernels.js';
import { rebuild } from './saved.js';
import { upgrade } from './upgrade.js';
import { isViewRecord } from './view-input.js';
import type { GameState } from '../types.js';

/**
 * Checks a saved state (for example `JSON.parse` of a stored game) and returns it deeply
 * frozen, ready for every function of this library. A version-1 state (saved by 0.1.0) is read
 * as a base game without expansions and returned as version 2. Throws {@link StateError} listing what is
 * wrong. (Passing an unchecked parsed state straight to the other functions works too; they
 * check it the same way on first use.)
 *
 * @example
 * ```ts
 * import { applyMove, createGame, legalTurns, loadState, StateError } from 'carcassonne-engine';
 *
 * const game = createGame({ players: 2, seed: 1 });
 * const saved = JSON.stringify(applyMove(game, legalTurns(game)[0]!));
 * const state = loadState(JSON.parse(saved));
 * console.log(state.turn, Object.isFrozen(state)); // → 1 true
 *
 * const forged = JSON.parse(saved);
 * forged.players[0].score = 50;
 * try {
 *   loadState(forged);
 * } catch (e) {
 *   if (e instanceof StateError) console.log(e.code, '|', e.message); // → invalid-state | player 0 has 50 points, but the placements score 0
 * }
 * ```
 */
export function loadState(json: unknown): GameState {
  const { state } = checked(json as GameState);
  if (isViewRecord(state)) {
    throw new StateError([{ code: 'invalid-state', message: 'this is a player view, not a game state: read it with loadView' }]);
  }
  return state;
}

/**
 * The problems {@link loadState} would throw for, as a list (empty for a valid state). A player
 * view is checked as `loadView` checks it.
 *
 * @example
 * ```ts
 * import { createGame, validateState } from 'carcassonne-engine';
 *
 * const saved = JSON.parse(JSON.stringify(createGame({ players: 2, seed: 1 })));
 * console.log(validateState(saved)); // → []
 * saved.currentPlayer = 5;
 * saved.tilesLeft.pop();
 * console.log(validateState(saved).map((p) => p.message)); // → [ 'currentPlayer is not a player' ]
 * ```
 */
export function validateState(json: unknown): Problem<StateErrorCode>[] {
  try {
    rebuild(upgrade(readState(json).value) as GameState);
    return [];
  } catch (e) {
    if (e instanceof StateError) return [...e.problems];
    throw e;
  }
}
