import type { GameState, Move, PlayerView } from '../api/types.js';
import { decodeMove } from '../engine/move.js';
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
 *   a given tile. Progressive widening: a node grows a child only while it has fewer than
 *   `widen` × √visits for the tile drawn, and the child it grows is the best by the mover's
 *   evaluation of `expandSamples` untried moves, so the opponents' likely replies are searched
 *   first. Then it plays `depth` more moves (default none), each the best of `playoutSamples`
 *   random ones, and scores the position with `evaluate` (or the final scores).
 * - Each node's mover is credited 0.7 × its share of the lead plus 0.3 × its squashed margin over
 *   the best other player, a reward in [0, 1]. The move played is the most visited; the search
 *   stops early when no other candidate can catch up within the budget left.

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
export function mctsBot(state: GameState | PlayerView, options?: MctsOptions): Move {
  const search = new Search(state, options, 'mcts', true);
  while (!search.done) search.step(64);
  const root = search.root;
  // With hands of tiles, a code names a slot of the player's hand.
  return decodeMove(search.choice(), root.currentTile ?? root.hand(root.currentPlayer));
}
