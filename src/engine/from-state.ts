import { StateError } from '../core/errors.js';
import type { Kernel } from '../kernel/index.js';
import { workingKernel } from '../api/state/kernels.js';
import { load } from '../api/state/load.js';
import { isViewRecord } from '../api/state/view-input.js';
import type { RuleHooks } from '../api/options/game-rules.js';
import type { GameState, PlayerView } from '../api/types.js';

// What Engine.fromState and Engine.fromView take: a state (or a view) loaded and checked, and the
// kernel an engine plays it with.

/** A game state loaded for an engine: not a view (it holds no bag). */
export function loadPlayable(input: GameState): GameState {
  const { state } = load(input);
  if (isViewRecord(state)) {
    throw new StateError([
      {
        code: 'view-not-playable',
        message:
          'an engine plays a game state, not a player view: a view holds no bag to draw from (Engine.fromView deals what it hides for a search)',
      },
    ]);
  }
  return state;
}

/** A player view loaded for a search: a view, whose player to move holds no hand hidden from it. */
export function loadSearchable(view: PlayerView): GameState {
  const { state } = load(view);
  if (!isViewRecord(state))
    throw new StateError([{ code: 'invalid-viewer', message: 'Engine.fromView takes a player view: make one with playerView' }]);
  const v = state as unknown as PlayerView;
  if (v.status === 'playing' && v.hands?.[v.currentPlayer]?.includes(null)) {
    throw new StateError([
      {
        code: 'hidden-information',
        message: `the hand of player ${v.currentPlayer}, to move, is hidden from this view: only that player's view can be searched`,
      },
    ]);
  }
  return state;
}

/** The working kernel of a checked state or view, and the state it is at; a custom farmer rule must be at hand. */
export function engineKernel(state: GameState, hooks: RuleHooks | undefined): { readonly origin: GameState; readonly kernel: Kernel } {
  const { state: origin, kernel } = workingKernel(state, hooks);
  kernel.clearMoveLog();
  if (kernel.rules.fields === null) {
    throw new StateError([
      { code: 'custom-rule-missing', message: 'this game scores farmers with a custom rule: pass it to Engine.fromState as { farmers }' },
    ]);
  }
  return { origin, kernel };
}
