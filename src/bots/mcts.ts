import { readBotOptions } from './bot-options.js';
import type { GameState, PlayerView } from '../api/types.js';
import type { AnyMove } from '../api/types.js';
import { moveOfTurn } from '../engine/turns.js';
import { kernelOf } from '../engine/playout.js';
import { Search } from './search.js';

export type { MctsOptions } from './search.js';
import type { MctsOptions } from './search.js';

/**
 * Monte Carlo tree search: information-set UCT (Cowling, Powley & Whitehouse 2012) over the
 * engine.
 *
 * - The root searches the `candidates` best moves by the tile-aware evaluation (`evaluate`),
 *   each starting with `prior` virtual visits worth its evaluation (progressive pruning and bias).
 * - Every iteration deals the hidden tiles anew with `Engine.shuffleTilesLeft` (the bot uses which
 *   tiles are left, never their order); the k-th iteration through each root move uses the same
 *   deal and dice (common random numbers), so root moves are compared on equal luck.
 * - Below the root it walks the tree by UCB1 with availability counts, where a node is a move of
 *   a given tile, `plies` moves deep (default 3: the move, each reply to the tile the next player
 *   draws, the mover's own next move). A node's child for the tile drawn is the best move by the
 *   mover's evaluation of `expandSamples` untried ones (default all of them: the greedy reply);
 *   with progressive widening (`widen` > 0, default 0) it grows more while it has fewer than
 *   `widen` × √visits for that tile, the next best first. Then it plays `depth`
 *   more moves (default none), each the best of `playoutSamples` random ones, and scores the
 *   position with `evaluate` (or the final scores).
 * - Each node's mover is credited a reward in [0, 1] for its margin over the best other player:
 *   before the end, 0.5 + 0.5 tanh(margin / (3 √(tiles left + 1))), a chance of winning that
 *   grows with the lead over the spread of the points still to come; at the end, 0.7 × its share
 *   of the win + 0.3 × the margin squashed.
 * - The root shares the budget by sequential halving (Karnin, Koren & Somekh 2013): the candidates
 *   take the deals in turn, and after each of ⌈log2 candidates⌉ rounds but the last the better
 *   half by mean reward goes on; the move played is the best of the last round. With `root:
 *   'ucb'` the root chooses by UCB1 too, plays the most visited, and stops early when no other
 *   candidate can catch up within the budget left.
 *
 * Deterministic for a given `seed` and `iterations`; a `timeMs` budget depends on the machine.
 * Plays a player view as well as a state (what the view hides is dealt anew at every iteration,
 * as it is for a state): `analyse` ranks the moves it weighs.
 *
 * @example
 * ```ts
 * import { applyMove, createGame, validateMove } from 'carcassonne-engine';
 * import { mctsBot } from 'carcassonne-engine/bots';
 *
 * const state = createGame({ players: 2, seed: 1 });
 * const move = mctsBot(state, { iterations: 200, seed: 1 });
 * console.log(validateMove(state, move), applyMove(state, move).turn); // → null 1
 * ```
 */
export function mctsBot(state: GameState | PlayerView, asked?: MctsOptions): AnyMove {
  const options = readBotOptions(asked);
  const search = new Search(state, options, 'mcts', true);
  while (!search.done) search.step(64);
  return moveOfTurn(kernelOf(search.root), search.choice());
}
