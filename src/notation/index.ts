/**
 * carcassonne-engine/notation: moves, game records and positions as text (docs/notation.md), to
 * type by hand, paste into a tutorial, store and replay.
 *
 * @packageDocumentation
 * @module carcassonne-engine/notation
 */
export { parseMove, makeMove } from './move.js';
export { describeMove } from './describe.js';
export { parseRecord, makeRecord, replayRecord } from './record.js';
export { parsePosition, makePosition } from './position.js';
export type { PositionFormat } from './position.js';
export type { GameRecord, RecordDraw, RecordPlace, RecordTurn } from './record.js';
export { NotationError } from '../core/errors.js';
export type { NotationErrorCode, NotationProblem, TextPlace } from '../core/errors.js';
