import { actionCodes } from './actions.js';
import { placementCodes } from './placement.js';
import { type Kernel, PHASE_ACTION, PHASE_STEP } from './kernel.js';
import type { ModuleStep } from './ruleset.js';

/**
 * Writes every legal move of the current step as a move code (see `core/move-code.ts`) into `out`
 * and returns how many: at the tile step each placement of the current tile, or with hands of
 * tiles of each distinct tile of the hand (its first slot in the code); at the action step each
 * action (see actionCodes). Allocates nothing. `out` must hold at least `maxMoves` codes; entries
 * past the count may be written too. With `cell` >= 0, a tile step's moves at that frontier index
 * alone (see frontierIndex).
 */
export function legalMoveCodes(k: Kernel, out: Int32Array, cell = -1): number {
  if (k.finished) return 0;
  if (k.phase >= PHASE_STEP) {
    const st = k.rules.ruleset.steps[k.phase - PHASE_STEP] as ModuleStep;
    return st.list(k, out, 0);
  }
  if (k.phase === PHASE_ACTION) {
    const n = actionCodes(k, out, 0);
    return k.rules.ruleset.freeSteps ? freeCodes(k, out, n) : n;
  }
  if (k.handSize === 0) return placementCodes(k, out, 0, k.currentType, 0, cell);
  const me = k.current;
  const base = me * k.handSize;
  const hands = k.hands;
  let n = 0;
  for (let s = 0; s < (k.handLen[me] as number); s++) {
    const t = hands[base + s] as number;
    let seen = false;
    for (let j = 0; j < s; j++) if (hands[base + j] === t) seen = true;
    if (!seen) n = placementCodes(k, out, n, t, s, cell);
  }
  return n;
}

/**
 * Writes the free moves of the active modules' steps (see ModuleStep.free) into `out` from n:
 * moves the player may make at the action step besides its actions, which do not end it (The
 * Tower's ransom). Returns the new count.
 */
export function freeCodes(k: Kernel, out: Int32Array, n: number): number {
  const steps = k.rules.ruleset.steps;
  for (let j = 0; j < steps.length; j++) {
    const st = steps[j];
    if (st?.free) n = st.list(k, out, n);
  }
  return n;
}
