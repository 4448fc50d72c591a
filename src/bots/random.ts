import { readBotOptions } from './bot-options.js';
import { legalMoves, legalTurns } from '../api/play/list.js';
import type { AnyMove } from '../api/types.js';
import type { GameState, PlayerView } from '../api/types.js';
import { IllegalMoveError } from '../core/errors.js';
import { botRandom } from './seed.js';
import type { BotOptions } from './bot-types.js';

/**
 * Plays a uniformly random legal turn at the tile step ({@link legalTurns}), a uniformly random
 * action at the action step. Throws `game-finished` on a finished game.
 *
 * @example
 * ```ts
 * import { applyMove, createGame } from 'carcassonne-engine';
 * import { randomBot } from 'carcassonne-engine/bots';
 *
 * const state = createGame({ players: 2, seed: 1 });
 * const move = randomBot(state, { seed: 'x' });
 * console.log(JSON.stringify(move) === JSON.stringify(randomBot(state, { seed: 'x' })), applyMove(state, move).turn); // → true 1
 * ```
 */
export function randomBot(state: GameState | PlayerView, asked?: BotOptions): AnyMove {
  const options = readBotOptions(asked);
  const turns = legalTurns(state);
  const moves: readonly AnyMove[] = turns.length > 0 ? turns : legalMoves(state);
  if (moves.length === 0) throw new IllegalMoveError('game-finished', 'the game is over: no tile is left to place');
  return moves[Math.floor(botRandom(state, options, 'random')() * moves.length)] as AnyMove;
}
