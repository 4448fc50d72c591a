/**
 * Moves as small integers, for search. A turn is a sequence of steps (place the tile, then act:
 * deploy a figure, take one back, pass, or a module's action; then any step a module adds), and a
 * code is one step's move. Its step is in bits 28–30; the rest depends on the step.
 *
 * A tile step (STEP_TILE), from the low bits up:
 *
 * | bits  | field                                                             |
 * | ----- | ----------------------------------------------------------------- |
 * | 0–10  | x + 1024                                                          |
 * | 11–21 | y + 1024                                                          |
 * | 22–23 | rotation in quarter turns                                         |
 * | 24–25 | hand slot: which tile of the player's hand (0 without hands)      |
 *
 * An action step (STEP_ACTION):
 *
 * | bits  | field                                                                                      |
 * | ----- | ------------------------------------------------------------------------------------------ |
 * | 0–3   | action: 0 pass, 1 deploy (ACTION_DEPLOY), 2 take back (ACTION_RECALL), 3–15 a module's     |
 * | 4–8   | figure kind: the one deployed, or the one taken back                                       |
 * | 9–13  | spot: 0 for none, else 1 + the spot's index in `SPOTS`                                     |
 * | 14–26 | target: 0 for the tile just placed, else 1 + the placement index of the tile acted on      |
 *
 * A module's step (STEP_MODULE and up, numbered over the game's modules in order): bits 0–27
 * are the module's (e.g. The Tower's capture: the placement index of the prisoner's tile and its
 * spot). A tile of the board is named by its placement index, which the game turns into a
 * position: a code's meaning may need the game it was listed in.
 *
 * Codes are non-negative and below 2^31, so they fit an `Int32Array`. There is room for 31 spots,
 * 32 figure kinds, hands of 4 tiles, 13 module actions, 6 module steps and targets among 8,191
 * tiles. Coordinates run from -1024 to 1023: a board of n tiles spans fewer than n cells from the
 * start tile. Tile types are not in a code (a tile step places the current tile, or the hand's).
 */
export const MOVE_STEP_SHIFT = 28;
/** The step that places the tile (with hands, one of the hand). */
export const STEP_TILE = 0;
/** The step after it: what the player does with the tile just placed. */
export const STEP_ACTION = 1;
/** The first step kind a module may bring (see Ruleset.steps); step kinds run to MOVE_STEP_LIMIT - 1. */
export const STEP_MODULE = 2;
/** Step kinds a code can name. */
export const MOVE_STEP_LIMIT = 8;

export const MOVE_X_SHIFT = 0;
export const MOVE_Y_SHIFT = 11;
export const MOVE_ROTATION_SHIFT = 22;
export const MOVE_SLOT_SHIFT = 24;
export const MOVE_COORD_OFFSET = 1024;
export const MOVE_COORD_MIN = -1024;
export const MOVE_COORD_MAX = 1023;

export const MOVE_FIGURE_SHIFT = 4;
export const MOVE_SPOT_SHIFT = 9;
export const MOVE_TARGET_SHIFT = 14;
/** Tiles of the board an action can name as its target (placement indices 0 to this − 1). */
export const MOVE_TARGET_LIMIT = 8191;
/** The bits of a module step's own fields. */
export const MODULE_FIELDS = 0x0fffffff;
/** Spots a code can name. */
export const MOVE_SPOT_LIMIT = 31;
/** Figure kinds a code can name. */
export const MOVE_FIGURE_LIMIT = 32;
/** Tiles of a hand a code can name. */
export const MOVE_SLOT_LIMIT = 4;

/** Actions: pass (the tile alone), deploy a figure on the tile, take a figure back. */
export const ACTION_PASS = 0;
export const ACTION_DEPLOY = 1;
export const ACTION_RECALL = 2;
/** The first action kind a module may bring (see Ruleset.actions); action kinds run to 15. */
export const ACTION_MODULE = 3;
/** Action kinds a code can name. */
export const MOVE_ACTION_LIMIT = 16;
/** Move codes are below this. */
export const MOVE_CODE_LIMIT = 2 ** 31;

/** The step of the tile step, in place (0): a tile step's code is its fields alone. */
const TILE_STEP = STEP_TILE << MOVE_STEP_SHIFT;
const ACTION_STEP = STEP_ACTION << MOVE_STEP_SHIFT;

/**
 * For each 4-bit mask of rotations m (bit q: q quarter turns), at [4m + j] the rotation field
 * (q << MOVE_ROTATION_SHIFT) of its j-th rotation in increasing order, or 0 past the last: move
 * generation writes a cell's placements without a branch.
 */
export const ROTATION_CODES: readonly number[] = [
  0, 0, 0, 0, 0, 0, 0, 0, 4194304, 0, 0, 0, 0, 4194304, 0, 0, 8388608, 0, 0, 0, 0, 8388608, 0, 0, 4194304, 8388608, 0, 0, 0, 4194304,
  8388608, 0, 12582912, 0, 0, 0, 0, 12582912, 0, 0, 4194304, 12582912, 0, 0, 0, 4194304, 12582912, 0, 8388608, 12582912, 0, 0, 0, 8388608,
  12582912, 0, 4194304, 8388608, 12582912, 0, 0, 4194304, 8388608, 12582912,
];

/** The number of rotations in each 4-bit mask of rotations. */
export const ROTATION_COUNT: readonly number[] = [0, 1, 1, 2, 1, 2, 2, 3, 1, 2, 2, 3, 2, 3, 3, 4];

/** The cell of a tile step: its x and y fields. */
export const cellCode = (x: number, y: number): number =>
  TILE_STEP | ((x + MOVE_COORD_OFFSET) << MOVE_X_SHIFT) | ((y + MOVE_COORD_OFFSET) << MOVE_Y_SHIFT);

/** A tile step: the tile in hand slot `slot` (0 without hands) at (x, y), turned q quarter turns. */
export const tileCode = (x: number, y: number, q: number, slot = 0): number =>
  cellCode(x, y) | (q << MOVE_ROTATION_SHIFT) | (slot << MOVE_SLOT_SHIFT);

/**
 * An action step: `action` with figure kind `figure`, spot index `si` (-1: none) and target
 * placement `target` (-1: the tile just placed).
 */
export const actionCode = (action: number, figure = 0, si = -1, target = -1): number =>
  ACTION_STEP | action | (figure << MOVE_FIGURE_SHIFT) | ((si + 1) << MOVE_SPOT_SHIFT) | ((target + 1) << MOVE_TARGET_SHIFT);

/** A module step's code: step kind `step` (STEP_MODULE and up) with the module's fields (below 2^28). */
export const stepCode = (step: number, fields: number): number => ((step << MOVE_STEP_SHIFT) | fields) >>> 0;

/** The pass of an action step: the tile alone. */
export const PASS_CODE = ACTION_STEP;

export const moveStep = (code: number): number => code >>> MOVE_STEP_SHIFT;
export const moveX = (code: number): number => ((code >>> MOVE_X_SHIFT) & 0x7ff) - MOVE_COORD_OFFSET;
export const moveY = (code: number): number => ((code >>> MOVE_Y_SHIFT) & 0x7ff) - MOVE_COORD_OFFSET;
export const moveQ = (code: number): number => (code >>> MOVE_ROTATION_SHIFT) & 3;
/** The hand slot of the tile a tile step places (0 without hands). */
export const moveSlot = (code: number): number => (code >>> MOVE_SLOT_SHIFT) & 3;
export const moveAction = (code: number): number => code & 15;
export const moveFigure = (code: number): number => (code >>> MOVE_FIGURE_SHIFT) & 31;
/** Spot index of an action's figure, or -1 when it names none. */
export const moveSpot = (code: number): number => ((code >>> MOVE_SPOT_SHIFT) & 31) - 1;
/** Placement index of the tile an action acts on, or -1 for the tile just placed. */
export const moveTarget = (code: number): number => ((code >>> MOVE_TARGET_SHIFT) & 0x1fff) - 1;
/** A module step's own fields. */
export const moveFields = (code: number): number => code & MODULE_FIELDS;
