/**
 * Moves as small integers, for search. A code packs, from the low bits up:
 *
 * | bits  | field                                                        |
 * | ----- | ------------------------------------------------------------ |
 * | 0–3   | spot: 0 for no figure, else 1 + the spot's index in `SPOTS`  |
 * | 4–6   | figure kind (0 follower, 1 abbot, 2 large, 3 builder, 4 pig) |
 * | 7–8   | rotation in quarter turns                                    |
 * | 9–16  | y + 128                                                      |
 * | 17–24 | x + 128                                                      |
 * | 25    | take the abbot back (with no figure deployed)                |
 *
 * Codes are non-negative and below 2^26. Coordinates run from -128 to 127, far beyond any board
 * (a board of n tiles spans fewer than n cells from the start tile).
 */
export const MOVE_SPOT_BITS = 4;
export const MOVE_FIGURE_SHIFT = 4;
export const MOVE_ROTATION_SHIFT = 7;
export const MOVE_Y_SHIFT = 9;
export const MOVE_X_SHIFT = 17;
export const MOVE_COORD_OFFSET = 128;
export const MOVE_COORD_MIN = -128;
export const MOVE_COORD_MAX = 127;
/** The bit of a move that takes the abbot back instead of deploying. */
export const MOVE_RECALL = 1 << 25;
/** Move codes are below this. */
export const MOVE_CODE_LIMIT = 1 << 26;

/** Packs a placement and an optional figure (spot index `si`, or -1 for none). */
export function packMove(x: number, y: number, q: number, si: number, figure: number): number {
  return (
    ((x + MOVE_COORD_OFFSET) << MOVE_X_SHIFT) |
    ((y + MOVE_COORD_OFFSET) << MOVE_Y_SHIFT) |
    (q << MOVE_ROTATION_SHIFT) |
    (si < 0 ? 0 : (figure << MOVE_FIGURE_SHIFT) | (si + 1))
  );
}

export const moveX = (code: number): number => ((code >>> MOVE_X_SHIFT) & 0xff) - MOVE_COORD_OFFSET;
export const moveY = (code: number): number => ((code >>> MOVE_Y_SHIFT) & 0xff) - MOVE_COORD_OFFSET;
export const moveQ = (code: number): number => (code >>> MOVE_ROTATION_SHIFT) & 3;
/** Spot index of the figure, or -1 when the move deploys none. */
export const moveSpot = (code: number): number => (code & 0xf) - 1;
export const moveFigure = (code: number): number => (code >>> MOVE_FIGURE_SHIFT) & 7;
export const moveRecalls = (code: number): boolean => (code & MOVE_RECALL) !== 0;
