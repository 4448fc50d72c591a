import { freezeBuilt } from '../../core/freeze.js';
import { winnersOf, type KernelEvent } from '../../kernel/index.js';
import { checked, workingKernel } from '../state/kernels.js';
import { type RuleHooks, withCustomRule } from '../options/game-rules.js';
import { describeEvents, scoringsOf } from './events.js';
import type { FinalScore, GameState, PlayerView } from '../types.js';

/**
 * Final totals, every scoring that made them, and the winners. On a finished game this is the
 * recorded result; on a game in progress, the result if it ended now (useful to evaluate a
 * position). Never changes `state`.
 *
 * @example
 * ```ts
 * import { applyMove, createGame, scoreFinal } from 'carcassonne-engine';
 *
 * // A follower on the start tile's road: if the game ended now, the road of two tiles scores 2.
 * let state = createGame({ players: ['Ann', 'Bob'], seed: 1, drawOrder: ['U'] });
 * state = applyMove(state, { x: 1, y: 0, rotation: 0, meeple: { at: 'E' } });
 * const result = scoreFinal(state);
 * console.log(result.scores, result.winners); // → [ 2, 0 ] [ 0 ]
 * console.log(result.breakdown[0]?.note); // → incomplete road of 2 tiles: 1×2
 * ```
 */
export function scoreFinal(input: GameState | PlayerView, hooks?: RuleHooks): FinalScore {
  const c = checked(input);
  const state = c.state;
  const scores = state.players.map((p) => p.score);
  if (state.status === 'finished') return freezeBuilt({ scores, breakdown: state.scored, winners: winnersOf(scores) });
  const k = hooks?.farmers !== undefined ? workingKernel(state, hooks).kernel : c.kernel;
  const pts = new Int32Array(scores.length);
  const log: KernelEvent[] = [];
  withCustomRule(() => k.finalScoring(pts, log));
  const entries = scoringsOf(describeEvents(k, log));
  const totals = scores.map((s, i) => s + (pts[i] as number));
  return freezeBuilt({ scores: totals, breakdown: [...state.scored, ...entries], winners: winnersOf(totals) });
}
