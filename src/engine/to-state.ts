import { freeze } from 'immer';
import { StateError } from '../core/errors.js';
import { PASS_CODE, moveStep, STEP_ACTION, STEP_MODULE } from '../core/move-code.js';
import type { Kernel } from '../kernel/index.js';
import { applyMove } from '../api/play/apply.js';
import { moveOfCode, turnOfCodes } from '../api/play/legality.js';
import { isModuleCode } from '../api/play/module-moves.js';
import { checked } from '../api/state/kernels.js';
import { load } from '../api/state/load.js';
import { isViewRecord } from '../api/state/view-input.js';
import type { RuleHooks } from '../api/options/game-rules.js';
import type { AnyMove, GameState, TileId } from '../api/types.js';
import { decodeMove, type MoveCode } from './encode.js';

/**
 * The state the pure API gives for the moves kernel `k` played since `origin` (Engine.toState):
 * the moves logged in the kernel replayed through applyMove, from `origin` with the tiles drawn as
 * `k` drew them when they were dealt anew (`dealt`; with hands, as dealt into `dealtHands`).
 */
export function replayed(
  k: Kernel,
  origin: GameState,
  originDrawn: number,
  dealt: boolean,
  dealtHands: string[][] | null,
  hooks: RuleHooks | undefined,
): GameState {
  if (isViewRecord(origin)) {
    throw new StateError([
      {
        code: 'view-not-playable',
        message: 'this engine was made from a player view: the game it plays is one possible game, with no state',
      },
    ]);
  }
  const ids = k.tables.ids;
  let state = origin;
  // Tiles dealt anew: the game as if the bag had held, from the start, the tiles this engine
  // drew in the order it drew them (a tile that went back into the bag then was never drawn).
  const order = dealt ? Array.from(k.bag.subarray(originDrawn, k.bagLen), (t) => ids[t] as TileId) : [];
  const hands = dealt && k.handSize > 0 ? dealtHands : null;
  if (dealt && k.handSize > 0 && hands === null) {
    throw new StateError([
      {
        code: 'invalid-state',
        message:
          'with hands of tiles, toState follows a shuffleTilesLeft made before any move only: make the engine from the state of that moment',
      },
    ]);
  }
  if (order.some((id, i) => id !== origin.tilesLeft[i]) || (hands !== null && JSON.stringify(hands) !== JSON.stringify(origin.hands))) {
    state = load(freeze({ ...origin, tilesLeft: order, ...(hands === null ? {} : { hands }) }, true)).state;
  }
  // Whole turns (a tile step and the action after it) are replayed as whole turns, so that the
  // last move's events are the turn's; a tile step the log ends with, or an action it begins
  // with, as a step.
  for (let i = 0; i < k.logged; i++) {
    const code = k.moveLog[i] as MoveCode;
    const tile = ids[k.moveLogTile[i] as number] as TileId;
    const next = i + 1 < k.logged ? (k.moveLog[i + 1] as MoveCode) : -1;
    // A rule module's moves name tiles of the board: written from the state's kernel.
    let move: AnyMove = isModuleCode(code) ? moveOfCode(checked(state).kernel, code) : decodeMove(code);
    if (move.type === 'tile') {
      const named = k.handSize > 0 ? { tile } : {};
      // A module's step (a capture) follows its action: the turn ends with the action, the step is a move of its own.
      const acted = next >= 0 && moveStep(next) === STEP_ACTION;
      // A module's free step (a ransom) at the action step: the tile step was played alone.
      const freed = next >= 0 && moveStep(next) >= STEP_MODULE;
      if (acted || (i + 1 < k.logged && !freed)) {
        let after: Kernel | undefined;
        if (acted && isModuleCode(next)) {
          after = checked(state).kernel.clone();
          after.playStep(code, null, true);
        }
        move = turnOfCodes(undefined, code, acted ? next : PASS_CODE, after);
        if (acted) i++;
      }
      move = { ...move, ...named };
    }
    state = applyMove(state, move, hooks);
  }
  return state;
}
