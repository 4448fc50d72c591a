/**
 * carcassonne-engine/engine: the unchecked fast path for bots and search. A mutable
 * {@link Engine} over the same kernel as the pure API, with moves as small integers.
 *
 * @packageDocumentation
 * @module carcassonne-engine/engine
 */
export { Engine } from './engine.js';
export { randomPlayout } from './playout.js';
export { seededRandom } from './randomness.js';
export type { Random } from './randomness.js';
export { encodeMove, decodeMove, encodeTurn, decodeTurn } from './encode.js';
export type { TurnCode } from './turns.js';
export type { MoveCode } from './encode.js';
export { perft } from './perft.js';
