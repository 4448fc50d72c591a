/**
 * Moves as small integers, for search. A code packs, from the low bits up:
 *
 * | bits  | field                                                             |
 * | ----- | ----------------------------------------------------------------- |
 * | 0     | action: 0 none, 1 take a figure back (ACTION_RECALL)              |
 * | 1–4   | spot: 0 for no figure, else 1 + the spot's index in `SPOTS`       |
 * | 5–8   | figure kind: the one deployed, or the one an action takes back    |
 * | 9–10  | hand slot: which tile of the player's hand (0 without hands)      |
 * | 11–12 | rotation in quarter turns                                         |
 * | 13–21 | y + 256                                                           |
 * | 22–30 | x + 256                                                           |
 *
 * Codes are non-negative and below 2^31, so they fit an `Int32Array`. There is room for 15 spots
 * (all of `SPOTS`), 16 figure kinds and hands of 4 tiles. Coordinates run from -256 to 255: a
 * board of n tiles spans fewer than n cells from the start tile. `code & ~MOVE_PLACEMENT_MASK` is
 * the placement alone (the hand slot of its tile included).
 */
export const MOVE_SPOT_SHIFT = 1;
export const MOVE_FIGURE_SHIFT = 5;
export const MOVE_SLOT_SHIFT = 9;
export const MOVE_ROTATION_SHIFT = 11;
export const MOVE_Y_SHIFT = 13;
export const MOVE_X_SHIFT = 22;
export const MOVE_COORD_OFFSET = 256;
export const MOVE_COORD_MIN = -256;
export const MOVE_COORD_MAX = 255;
/** Spots a code can name. */
export const MOVE_SPOT_LIMIT = 15;
/** Figure kinds a code can name. */
export const MOVE_FIGURE_LIMIT = 16;
/** Tiles of a hand a code can name. */
export const MOVE_SLOT_LIMIT = 4;
/** The bits below the placement: action, spot and figure. */
export const MOVE_PLACEMENT_MASK = (1 << MOVE_SLOT_SHIFT) - 1;
/** The action that takes back a figure (its kind in the figure field) instead of deploying one. */
export const ACTION_RECALL = 1;
/** Move codes are below this. */
export const MOVE_CODE_LIMIT = 2 ** 31;

/**
 * For each 4-bit mask of rotations m (bit q: q quarter turns), at [4m + j] the rotation field
 * (q << MOVE_ROTATION_SHIFT) of its j-th rotation in increasing order, or 0 past the last: move
 * generation writes a cell's placements without a branch.
 */
export const ROTATION_CODES: readonly number[] = [
  0, 0, 0, 0, 0, 0, 0, 0, 2048, 0, 0, 0, 0, 2048, 0, 0, 4096, 0, 0, 0, 0, 4096, 0, 0, 2048, 4096, 0, 0, 0, 2048, 4096, 0, 6144, 0, 0, 0, 0,
  6144, 0, 0, 2048, 6144, 0, 0, 0, 2048, 6144, 0, 4096, 6144, 0, 0, 0, 4096, 6144, 0, 2048, 4096, 6144, 0, 0, 2048, 4096, 6144,
];

/** The number of rotations in each 4-bit mask of rotations. */
export const ROTATION_COUNT: readonly number[] = [0, 1, 1, 2, 1, 2, 2, 3, 1, 2, 2, 3, 2, 3, 3, 4];

/**
 * Packs a placement, an optional figure (spot index `si`, or -1 for none), an action and the hand
 * slot of the tile placed.
 */
export function packMove(x: number, y: number, q: number, si: number, figure: number, action = 0, slot = 0): number {
  return (
    ((x + MOVE_COORD_OFFSET) << MOVE_X_SHIFT) |
    ((y + MOVE_COORD_OFFSET) << MOVE_Y_SHIFT) |
    (q << MOVE_ROTATION_SHIFT) |
    (slot << MOVE_SLOT_SHIFT) |
    (si < 0 ? (action === 0 ? 0 : (figure << MOVE_FIGURE_SHIFT) | action) : (figure << MOVE_FIGURE_SHIFT) | ((si + 1) << MOVE_SPOT_SHIFT))
  );
}

export const moveX = (code: number): number => ((code >>> MOVE_X_SHIFT) & 0x1ff) - MOVE_COORD_OFFSET;
export const moveY = (code: number): number => ((code >>> MOVE_Y_SHIFT) & 0x1ff) - MOVE_COORD_OFFSET;
export const moveQ = (code: number): number => (code >>> MOVE_ROTATION_SHIFT) & 3;
/** Spot index of the figure, or -1 when the move deploys none. */
export const moveSpot = (code: number): number => ((code >>> MOVE_SPOT_SHIFT) & 0xf) - 1;
export const moveFigure = (code: number): number => (code >>> MOVE_FIGURE_SHIFT) & 0xf;
export const moveAction = (code: number): number => code & 1;
/** The hand slot of the tile a code places (0 without hands). */
export const moveSlot = (code: number): number => (code >>> MOVE_SLOT_SHIFT) & 3;
