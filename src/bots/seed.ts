import type { Random } from '../engine/engine.js';
import { seededRandom } from '../engine/engine.js';
import type { GameState } from '../api/types.js';
import type { BotOptions } from './types.js';

/** The bot's random source: from `options.seed`, or from the game's seed and turn. */
export function botRandom(state: GameState, options: BotOptions | undefined, name: string): Random {
  return seededRandom(options?.seed ?? `${name}:${String(state.seed)}:${state.turn}`);
}
