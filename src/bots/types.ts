import type { RuleHooks } from '../api/rules.js';
import type { GameState, Move } from '../api/types.js';

/** Options every bot takes. */
export interface BotOptions {
  /**
   * Seed of the bot's own randomness (tie-breaks, samples). The same state and options always
   * give the same move; by default the seed is derived from the game's seed and turn.
   */
  readonly seed?: number | string;
  /** The custom farmer rule of a game created with one, when its state came from JSON. */
  readonly hooks?: RuleHooks;
}

/**
 * A bot: a pure function from a game in progress to a legal move for the player to move. It never
 * changes the state, and it never looks at the order of the tiles left.
 */
export type Bot<O extends BotOptions = BotOptions> = (state: GameState, options?: O) => Move;
