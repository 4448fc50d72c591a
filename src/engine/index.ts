/**
 * carcassonne-engine/engine: the unchecked fast path for bots and search. A mutable
 * {@link Engine} over the same kernel as the pure API, with moves as small integers.
 *
 * @packageDocumentation
 * @module carcassonne-engine/engine
 */
export { Engine, randomPlayout, seededRandom } from './engine.js';
export type { Random } from './engine.js';
export { encodeMove, decodeMove, encodeTurn, decodeTurn } from './move.js';
export type { TurnCode } from './turns.js';
export type { MoveCode } from './move.js';
export { perft } from './perft.js';
