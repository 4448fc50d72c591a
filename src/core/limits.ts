import type { PlainLimits } from './plain.js';

/**
 * The bounds every public function holds its input to, checked before any work that grows with
 * the input: anything larger, longer or deeper is refused with the input's typed error
 * (`invalid-state`, `malformed-move`, `invalid-options`, `invalid-setup`, `invalid-notation`,
 * `invalid-render-option`), so that any input of bounded size is answered in bounded time. The
 * largest game the rules allow (six players, every expansion) is far inside them: its state holds
 * about 7,000 values, 125 placements and lists of at most a few hundred items.
 *
 * @example
 * ```ts
 * import { createGame, LIMITS, OptionsError } from 'carcassonne-engine';
 *
 * console.log(LIMITS.players, LIMITS.nameLength, LIMITS.drawOrder); // → 6 100 1000
 * try {
 *   createGame({ players: 2, seed: 1, drawOrder: Array(LIMITS.drawOrder + 1).fill('E') });
 * } catch (e) {
 *   if (e instanceof OptionsError) console.log(e.code); // → invalid-draw-order
 * }
 * ```
 */
export const LIMITS = {
  /** Players in a game (six with Inns & Cathedrals, five without). */
  players: 6,
  /** Characters of a player's name. */
  nameLength: 100,
  /** Characters of a seed given as a string (a number seed is any finite number). */
  seedLength: 1000,
  /** Tile ids in `drawOrder`. */
  drawOrder: 1000,
  /** Nesting of objects and lists in any input (a state nests about 6 deep). */
  depth: 32,
  /** Values (objects, lists, numbers, strings…) in one state, view or set-up. */
  values: 200_000,
  /** Items of any one list, and properties of any one object, in an input. */
  listLength: 10_000,
  /** Characters of any one string in a state, move, set of options or set-up. */
  stringLength: 10_000,
  /** Characters of a text given to the notation's parsers (a move, a record, a position). */
  textLength: 1_000_000,
  /** Largest distance of a cell from the start tile along x or y (moves, set-ups, the engine). */
  coordinate: 255,
  /** A bot's or an analysis's `iterations`. */
  iterations: 1_000_000,
  /** A bot's or an analysis's `timeMs` (ten minutes). */
  timeMs: 600_000,
} as const;

/** How a state or a player view is read (and a set-up, which may hold a custom farmer rule). */
// The numbers of LIMITS, written out: nothing is computed when a module loads.
export const STATE_INPUT: PlainLimits = { depth: 32, values: 200_000, array: 10_000, string: 10_000 };

/** How options, a set-up or render options are read: their structure; each field's checks judge its values. */
export const OPTIONS_INPUT: PlainLimits = { depth: 32, values: 200_000, array: 10_000, string: 10_000, leaves: 'any' };

/** How a move is read: small, flat, `undefined` fields absent. */
export const MOVE_INPUT: PlainLimits = { depth: 4, values: 64, array: 16, string: 100, undefinedIsAbsent: true };
