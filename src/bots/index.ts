/**
 * carcassonne-engine/bots: reference bots. Each is a pure function `(state, options) => move`
 * over the pure API's states, usable from any frontend.
 *
 * @packageDocumentation
 * @module carcassonne-engine/bots
 */
export { randomBot } from './random.js';
export { greedyBot, estimate, margin } from './greedy.js';
export type { GreedyOptions, GreedyWeights } from './greedy.js';
export { mctsBot } from './mcts.js';
export type { MctsOptions } from './mcts.js';
export type { Bot, BotOptions } from './types.js';
