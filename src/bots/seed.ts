import { Engine } from '../engine/engine.js';
import { type Random, seededRandom } from '../engine/randomness.js';
import { checked } from '../api/state/kernels.js';
import { isViewRecord } from '../api/state/view-input.js';
import type { GameState, PlayerView } from '../api/types.js';
import type { BotOptions } from './bot-types.js';

/**
 * The seed of a bot's randomness: `options.seed`, or one made of what every player sees (the turn,
 * the tiles on the board, the tile to place), never of the game's seed, which deals the bag.
 */
export function botSeed(input: GameState | PlayerView, options: BotOptions | undefined, name: string): number | string {
  if (options?.seed !== undefined) return options.seed;
  const { state } = checked(input);
  const last = state.placements.at(-1);
  const where = last === undefined ? '-' : `${last.tile}@${last.x},${last.y},${last.rotation}`;
  return `${name}:${state.turn}:${state.placements.length}:${where}:${state.currentTile ?? '-'}:${state.currentPlayer}`;
}

/** The bot's random source (see botSeed). */
export function botRandom(state: GameState | PlayerView, options: BotOptions | undefined, name: string): Random {
  return seededRandom(botSeed(state, options, name));
}

/**
 * An engine at a state or a view with what the player to move cannot see (the bag's order, other
 * players' hidden hands) dealt anew at random: a bot plays a view as well as a state, and never
 * looks at hidden information.
 */
export function engineFor(input: GameState | PlayerView, options: BotOptions | undefined, name: string): Engine {
  const { state } = checked(input);
  const deal = seededRandom(`${botSeed(state, options, name)}:deal`);
  if (isViewRecord(state)) return Engine.fromView(state as unknown as PlayerView, deal, options?.hooks);
  // A state shows the bag's order and every hand: deal them anew, as a view would.
  const engine = Engine.fromState(state as GameState, options?.hooks);
  engine.shuffleTilesLeft(deal);
  return engine;
}
