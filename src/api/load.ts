import { type Problem, StateError, type StateErrorCode } from '../core/errors.js';
import { checked, rebuild, upgrade } from './bridge.js';
import type { GameState } from './types.js';

/**
 * Checks a saved state (for example `JSON.parse` of a stored game) and returns it deeply
 * frozen, ready for every function of this library. A version-1 state (saved by 0.1.0) is read
 * as a base game without expansions and returned as version 2. Throws {@link StateError} listing what is
 * wrong. (Passing an unchecked parsed state straight to the other functions works too; they
 * check it the same way on first use.)
 */
export function loadState(json: unknown): GameState {
  return checked(json as GameState).state;
}

/** The problems {@link loadState} would throw for, as a list (empty for a valid state). */
export function validateState(json: unknown): Problem<StateErrorCode>[] {
  try {
    rebuild(upgrade(json) as GameState);
    return [];
  } catch (e) {
    if (e instanceof StateError) return [...e.problems];
    throw e;
  }
}
