import type { GameState, Move, PlayerView } from '../api/types.js';
import { decodeMove } from '../engine/move.js';
import { Search } from './search.js';

export type { MctsOptions } from './search.js';
import type { MctsOptions } from './search.js';

/**
 * Monte Carlo tree search: information-set UCT (Cowling, Powley & Whitehouse 2012) over the
 * engine.
 *
 * - The root searches the `candidates` best moves by {@link estimate}, each starting with `prior`
 *   virtual visits worth its estimate (progressive pruning and bias).
 * - Every iteration deals the hidden tiles anew with `Engine.shuffleTilesLeft` (the bot uses which
 *   tiles are left, never their order); the k-th iteration through each root move uses the same
 *   deal and dice (common random numbers), so root moves are compared on equal luck.
 * - Below the root it walks the tree by UCB1 with availability counts, where a node is a move of
 *   a given tile, adds one node, then plays `depth` moves, each the best by {@link estimate} of
 *   `playoutSamples` random ones (a drawn figure kept with probability `figureRate`), and scores
 *   the position with {@link estimate} (or the final scores).
 * - Each node's mover is credited 0.7 × its share of the lead plus 0.3 × its squashed margin over
 *   the best other player, a reward in [0, 1]. The move played is the most visited.
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
export function mctsBot(state: GameState | PlayerView, options?: MctsOptions): Move {
  const search = new Search(state, options, 'mcts');
  while (!search.done) search.step(64);
  const root = search.root;
  // With hands of tiles, a code names a slot of the player's hand.
  return decodeMove(search.choice(), root.currentTile ?? root.hand(root.currentPlayer));
}
