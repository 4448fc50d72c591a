import { type Problem, StateError, type StateErrorCode } from '../../core/errors.js';
import { freezeBuilt } from '../../core/freeze.js';
import { isRecord } from '../../core/guards.js';
import { STATE_INPUT } from '../../core/limits.js';
import { readPlain } from '../../core/plain.js';
import type { Kernel } from '../../kernel/index.js';
import { checked, isKnown, remember } from './kernels.js';
import { rebuild } from './saved.js';
import { remakeFrom } from '../play/recorded.js';
import { upgrade } from './upgrade.js';
import { isViewRecord } from './view-input.js';
import type { GameState, PlayerView } from '../types.js';

/**
 * Checks a saved state (for example `JSON.parse` of a stored game) and returns it deeply
 * frozen, ready for every function of this library. A version-1 state (saved by 0.1.0) is read
 * as a base game without expansions and returned as version 2. Throws {@link StateError} listing what is
 * wrong. The other functions take only the states this library made or loaded: they refuse any
 * other object with {@link StateError} `not-loaded`. A state this library made or loaded is
 * returned as it is.
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
  const { state } = load(json);
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

/**
 * A state or view from anywhere, checked by replaying it (saved.ts) and remembered with its
 * kernel; one this library made or loaded already is used as it is. An unfrozen input is copied
 * and frozen first, so that the caller's object is never frozen or cached while it may still change.
 */
export function load(input: unknown): { state: GameState; kernel: Kernel } {
  if (isKnown(input)) return checked(input as GameState);
  const read = readState(input);
  const current = upgrade(read.value);
  // A deeply frozen input that reads as it is is kept (and remembered) as it is; anything else is
  // the copy, frozen (the library's own copy: freezeBuilt, which skips what is frozen already).
  const frozen = current === read.value && read.frozen && read.unchanged ? (input as GameState) : (freezeBuilt(current) as GameState);
  const kernel = rebuild(frozen);
  // Its kernel, and those of the states played from it, are made again from a copy of this one.
  const first = kernel.clone();
  remember(
    frozen,
    kernel,
    remakeFrom(() => first.clone(), frozen),
  );
  return { state: frozen, kernel };
}

/**
 * Remembers a view this library made (playerView): its kernel is the loader's check of it, made
 * the first time the view is used, so that a view only sent away costs nothing more.
 */
export function rememberView(view: PlayerView): void {
  remember(view, null, checkView);
}

/** The kernel of a view, made as the loader makes it (a view is never played on). */
const checkView = (view: GameState): Kernel => rebuild(view);

/**
 * A state or view as plain data (see core/plain.ts), or {@link StateError} `invalid-state` saying
 * where it is not: a cycle, a getter, a hole, too deep, too large.
 */
export function readState(input: unknown): { value: GameState; frozen: boolean; unchanged: boolean } {
  if (!isRecord(input)) throw new StateError([{ code: 'invalid-state', message: 'a game state must be an object' }]);
  const read = readPlain(input, 'the state', STATE_INPUT);
  if (!read.ok) throw new StateError([{ code: 'invalid-state', message: read.message }]);
  return { value: read.value as GameState, frozen: read.frozen, unchanged: read.unchanged };
}
