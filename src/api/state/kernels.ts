import { StateError } from '../../core/errors.js';
import { isRecord } from '../../core/guards.js';
import type { Kernel, KernelRules } from '../../kernel/index.js';
import type { GameState, PlayerView } from '../types.js';
import { type RuleHooks, rulesFor } from '../options/game-rules.js';

// The kernel of every state this library made or loaded. Only the loaders (load.ts: loadState,
// loadView, and the engine's fromState and fromView) read a state from elsewhere, so that an app
// that never loads a saved state does not ship the loader.

/**
 * Makes again the kernel of a state of one game (with `rules`, when given, the rules it had): all
 * the states of a game share one, which holds no state (a value that held its key would slow every
 * garbage collection down).
 */
export type Remake = (state: GameState, rules: KernelRules | null) => Kernel;

/**
 * What the library knows of a state: its kernel, and how to make it again. `applyMove` hands the
 * kernel on to the next state instead of copying it (most games only ever move forward); a state
 * used again after that gets its kernel made again once, and from then on is copied from, never
 * handed on.
 */
interface Entry {
  /** Null once handed on to a following state, until the state is used again. */
  kernel: Kernel | null;
  /** The rules the kernel had, restored when it is made again (a custom farmer rule lives only here). */
  readonly rules: KernelRules | null;
  /** True once the kernel was handed on: the state branches if it is used again. */
  handedOn: boolean;
  readonly remake: Remake;
}

const kernels = new WeakMap<object, Entry>();
// The state last remembered or looked up, and its entry: a game played forward asks for the state
// it just made (applyMove, then legalMoves of the result) several times a move.
let lastState: object | null = null;
let lastEntry: Entry | undefined;

/** What the library knows of `state`, if it made or loaded it. */
function entryOf(state: object): Entry | undefined {
  if (state === lastState) return lastEntry;
  const entry = kernels.get(state);
  if (entry !== undefined) {
    lastState = state;
    lastEntry = entry;
  }
  return entry;
}

/** Remembers a state or view (frozen) with its kernel (null: made when first used). */
export function remember(state: GameState | PlayerView, kernel: Kernel | null, remake: Remake): void {
  kernels.set(state, { kernel, rules: kernel?.rules ?? null, handedOn: false, remake });
  if (state === lastState) lastState = null;
}

/** Remembers the state `applyMove` made from `previous`: the same game, made again the same way. */
export function rememberNext(state: GameState, kernel: Kernel, previous: GameState): void {
  const entry: Entry = { kernel, rules: kernel.rules, handedOn: false, remake: (entryOf(previous) as Entry).remake };
  kernels.set(state, entry);
  lastState = state;
  lastEntry = entry;
}

/** Whether the library made or loaded `state`. */
export const isKnown = (state: unknown): boolean => isRecord(state) && entryOf(state) !== undefined;

/**
 * The state to work on and its kernel: a state (or view) this library made or loaded. Anything
 * else is refused with {@link StateError}: a saved state is read with `loadState`, a view with
 * `loadView`.
 */
export function checked(input: GameState | PlayerView): { state: GameState; kernel: Kernel } {
  // A player view is kept like a state; callers that must not play one, or must not list a hidden
  // hand's moves, ask isViewRecord.
  const state = input as GameState;
  const known = isRecord(state) ? entryOf(state) : undefined;
  if (known === undefined) throw unknown(input);
  if (known.kernel === null) known.kernel = known.remake(state, known.rules);
  return { state, kernel: known.kernel };
}

/** Why `input` is not worked on: not an object, or not a state this library made or loaded. */
function unknown(input: unknown): StateError {
  if (!isRecord(input)) return new StateError([{ code: 'invalid-state', message: 'a game state must be an object' }]);
  // Read without a getter or a Proxy's trap running wild: a trap that throws means a state.
  let view = false;
  try {
    view = Object.hasOwn(input, 'viewer');
  } catch {}
  return new StateError([
    {
      code: 'not-loaded',
      message: `this ${view ? 'view' : 'state'} was not made or loaded by this library: read a saved ${view ? 'view with loadView' : 'state with loadState'} first`,
    },
  ]);
}

/**
 * A kernel for `state` that the caller may change, with the custom rule from `hooks` if given: a
 * copy, or with `handOn` (for the state that follows this one) the state's own kernel the first
 * time, so that a game played forward never copies a kernel.
 */
export function workingKernel(state: GameState | PlayerView, hooks?: RuleHooks, handOn = false): { state: GameState; kernel: Kernel } {
  const c = checked(state);
  const entry = entryOf(c.state) as Entry;
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
