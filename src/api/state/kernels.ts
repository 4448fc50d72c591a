import { StateError } from '../../core/errors.js';
import { freezeBuilt } from '../../core/freeze.js';
import { isRecord } from '../../core/guards.js';
import { STATE_INPUT } from '../../core/limits.js';
import { readPlain } from '../../core/plain.js';
import type { Kernel, KernelRules } from '../../kernel/index.js';
import type { GameState, PlayerView } from '../types.js';
import { rebuild } from './saved.js';
import { upgrade } from './upgrade.js';
import { type RuleHooks, rulesFor } from '../options/game-rules.js';

// The kernel of every state: a state this library made is remembered with its kernel; any other
// state is checked by replaying it (saved.ts) and remembered once.

/**
 * What the library knows of a state: the state to work on and its kernel. `applyMove` hands the
 * kernel on to the next state instead of copying it (most games only ever move forward); a state
 * used again after that gets its kernel rebuilt once, and from then on is copied from, never
 * handed on.
 */
interface Entry {
  /** Null once handed on to a following state, until the state is used again. */
  kernel: Kernel | null;
  /** The rules the kernel had, restored on a rebuild (a custom farmer rule lives only here). */
  readonly rules: KernelRules;
  /** True once the kernel was handed on: the state branches if it is used again. */
  handedOn: boolean;
}

// Every state made or checked by this library keeps its entry here; a state from elsewhere (e.g.
// JSON.parse) is checked and rebuilt once.
const kernels = new WeakMap<object, Entry>();

export function remember(state: GameState, kernel: Kernel): void {
  kernels.set(state, { kernel, rules: kernel.rules, handedOn: false });
}

/**
 * The state to work on and its kernel. A state this library made is used as is. Anything else is
 * checked (throwing {@link StateError}); an unfrozen one is copied and frozen first, so that the
 * caller's object is never frozen or cached while it may still change.
 */
export function checked(input: GameState | PlayerView): { state: GameState; kernel: Kernel } {
  // A player view is checked and kept like a state (saved.ts reads it); callers that must not
  // play one, or must not list a hidden hand's moves, ask isViewRecord.
  const state = input as GameState;
  const known = kernels.get(state as object);
  if (known !== undefined) {
    if (known.kernel === null) {
      // Used again after its kernel was handed on: rebuild it (the state was checked when made).
      known.kernel = rebuild(state, known.rules);
    }
    return { state, kernel: known.kernel };
  }
  const read = readState(state);
  const current = upgrade(read.value);
  // A deeply frozen input that reads as it is is kept (and remembered) as it is; anything else is
  // the copy, frozen (the library's own copy: freezeBuilt, which skips what is frozen already).
  const frozen = current === read.value && read.frozen && read.unchanged ? state : (freezeBuilt(current) as GameState);
  const kernel = rebuild(frozen);
  // Only frozen objects are remembered: an unfrozen one may still change under us.
  kernels.set(frozen, { kernel, rules: kernel.rules, handedOn: false });
  return { state: frozen, kernel };
}

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

/**
 * A kernel for `state` that the caller may change, with the custom rule from `hooks` if given: a
 * copy, or with `handOn` (for the state that follows this one) the state's own kernel the first
 * time, so that a game played forward never copies a kernel.
 */
export function workingKernel(state: GameState | PlayerView, hooks?: RuleHooks, handOn = false): { state: GameState; kernel: Kernel } {
  const c = checked(state);
  const entry = kernels.get(c.state) as Entry;
  let k: Kernel;
  if (handOn && !entry.handedOn) {
    k = c.kernel;
    entry.kernel = null;
    entry.handedOn = true;
  } else {
    k = c.kernel.clone();
  }
  if (hooks?.farmers !== undefined && c.state.rules.farmers === 'custom') k.setRules(rulesFor(c.state, k.tables, hooks, null));
  return { state: c.state, kernel: k };
}
