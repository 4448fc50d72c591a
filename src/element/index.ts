/**
 * carcassonne-engine/element: `<carcassonne-board>`, a custom element for tutorials and puzzles
 * that shows a position written in the position notation and, when asked, lets the reader make
 * one move and says whether it solves the puzzle. Registered by {@link defineBoardElement}, never at
 * import.
 *
 * @packageDocumentation
 * @module carcassonne-engine/element
 */
export { defineBoardElement, sameMove } from './board-moves.js';
export type { BoardMoveDetail } from './board-moves.js';
