import { show } from '../core/guards.js';
import { LIMITS } from '../core/limits.js';
import { readBotOptions } from './bot-options.js';
import type { GameState, PlayerView } from '../api/types.js';
import type { AnyMove } from '../api/types.js';
import { OptionsError } from '../core/errors.js';
import { greedyBot } from './greedy.js';
import { mctsBot } from './mcts.js';
import { randomBot } from './random.js';
import type { BotOptions } from './bot-types.js';

/**
 * The number of levels of {@link levelBot}: levels run from 1 to `LEVELS`.
 *
 * @example
 * ```ts
 * import { LEVELS } from 'carcassonne-engine/bots';
 *
 * // A difficulty menu.
 * console.log(Array.from({ length: LEVELS }, (_, i) => `level ${i + 1}`).join(', ')); // → level 1, level 2, level 3, level 4
 * ```
 */
export const LEVELS = 4;

/** Options of {@link levelBot}. */
export interface LevelOptions extends BotOptions {
  /** From 1 (the weakest) to {@link LEVELS} (the strongest). */
  readonly level: number;
  /** The strongest level's thinking time per move, in milliseconds (default 250); the other levels take a few. */
  readonly timeMs?: number;
  /** The clock the strongest level's time is read from, in milliseconds (default `Date.now`). */
  readonly clock?: () => number;
}

/**
 * A bot of a chosen strength, for a frontend's difficulty setting. Each level beats the one below
 * it in most games (see the README's "Bots and search" for the measured rates):
 *
 * 1. {@link randomBot}: any legal move.
 * 2. {@link greedyBot} with `evaluation: 'now'`: the move whose position would score best if the
 *    game ended now.
 * 3. {@link greedyBot}: the best move by the evaluation that knows the tiles left.
 * 4. {@link mctsBot} within `timeMs` a move.
 *
 * Every level plays every expansion and house rule, a state or a player view, and never uses
 * what the player to move cannot see.
 *
 * @example
 * ```ts
 * import { applyMove, createGame, innsCathedrals, useExpansions, validateMove } from 'carcassonne-engine';
 * import { LEVELS, levelBot } from 'carcassonne-engine/bots';
 *
 * useExpansions(innsCathedrals);
 * const state = createGame({ players: 2, seed: 1, expansions: ['inns-cathedrals'] });
 * for (let level = 1; level <= LEVELS; level++) {
 *   const move = levelBot(state, { level, timeMs: 50, seed: 1 });
 *   console.log(level, validateMove(state, move));
 * }
 * // → 1 null
 * // → 2 null
 * // → 3 null
 * // → 4 null
 * ```
 */
export function levelBot(state: GameState | PlayerView, asked: LevelOptions): AnyMove {
  const options = readBotOptions(asked) as LevelOptions;
  const level = options?.level;
  const timeMs = options?.timeMs ?? 250;
  const problems: { code: 'invalid-bot-option'; message: string }[] = [];
  if (!Number.isInteger(level) || level < 1 || level > LEVELS)
    problems.push({ code: 'invalid-bot-option', message: `level must be a whole number from 1 to ${LEVELS}, not ${show(level)}` });
  if (!(timeMs > 0 && timeMs <= LIMITS.timeMs))
    problems.push({
      code: 'invalid-bot-option',
      message: `timeMs must be a positive number of at most ${LIMITS.timeMs}, not ${show(options?.timeMs)}`,
    });
  if (problems.length > 0) throw new OptionsError(problems);
  const bot: BotOptions = {
    ...(options.seed !== undefined ? { seed: options.seed } : {}),
    ...(options.hooks !== undefined ? { hooks: options.hooks } : {}),
  };
  switch (level) {
    case 1:
      return randomBot(state, bot);
    case 2:
      return greedyBot(state, { ...bot, evaluation: 'now' });
    case 3:
      return greedyBot(state, bot);
    default:
      return mctsBot(state, { ...bot, timeMs, ...(options.clock !== undefined ? { clock: options.clock } : {}) });
  }
}
