/**
 * carcassonne-engine/bots: reference bots, each a pure function `(stateOrView, options) => move`
 * over the pure API's states and player views, usable from any frontend; and `analyse` /
 * `analyseAsync`, which rate every move for a hint or a tutorial.
 *
 * @packageDocumentation
 * @module carcassonne-engine/bots
 */
export { randomBot } from './random.js';
export { greedyBot, estimate, evaluate, margin } from './greedy.js';
export { DEFAULT_WEIGHTS } from './evaluate.js';
export type { EvaluationWeights } from './evaluate.js';
export type { GreedyOptions, GreedyWeights } from './greedy.js';
export { mctsBot } from './mcts.js';
export type { MctsOptions } from './mcts.js';
export { analyse, analyseAsync } from './analyse.js';
export type { Analysis, AnalysisOptions, AsyncAnalysisOptions, RatedMove } from './analyse.js';
export type { Bot, BotOptions } from './bot-types.js';
export { LEVELS, levelBot } from './level.js';
export type { LevelOptions } from './level.js';
