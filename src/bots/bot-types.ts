import type { RuleHooks } from '../api/options/game-rules.js';
import type { GameState, PlayerView } from '../api/types.js';
import type { AnyMove } from '../api/types.js';

/** Options every bot takes. */
export interface BotOptions {
  /**
   * Seed of the bot's own randomness (tie-breaks, samples, deals of what is hidden). The same state
   * and options always give the same move; by default the seed is made of what every player sees
   * (the turn, the board, the tile to place), never of the game's seed, which deals the bag.
   */
  readonly seed?: number | string;
  /** The custom farmer rule of a game created with one, when its state came from JSON. */
  readonly hooks?: RuleHooks;
}

/**
 * A bot: a pure function from a game in progress (a state, or the player view of the player to
 * move) to a legal move for the player to move: at the tile step a whole turn (`TurnMove`: the tile
 * and what is done with it), at the action step the action. It never changes the state, and it
 * never looks at the order of the tiles left.
 */
export type Bot<O extends BotOptions = BotOptions> = (state: GameState | PlayerView, options?: O) => AnyMove;
