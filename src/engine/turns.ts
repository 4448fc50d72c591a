import { MOVE_STEP_SHIFT, moveSlot, PASS_CODE, STEP_ACTION } from '../core/move-code.js';
import { type Kernel, PHASE_TILE } from '../kernel/index.js';
import { moveOfCode, turnOfCodes } from '../api/play/legality.js';
import { isModuleCode } from '../api/play/module-moves.js';
import type { MeepleMove, PassMove, RecallMove, TurnMove } from '../api/types.js';

// Whole turns as numbers, for search. A turn code of a tile step and its action packs the tile
// step's code and the action's fields in one number, exact in a double: the action's fields (below
// 2^27) × 2^26 + the tile step's code (below 2^26); the pass is the action of a tile alone. A move
// of one step alone (an action at the action step, a module's step or free move) is -1 − its code.
// The turns of a position are listed by placing each tile on a copy of the kernel and listing what
// the tile then allows: the kernel's enumerators, placements and actions.

/**
 * A whole turn as a number: its tile step's code and its action's, or one step's move alone (see
 * `docs/engine.md`). The engine's `legalTurns` lists them, `playTurn` plays one, `decodeTurn`
 * writes one as a move.
 */
export type TurnCode = number;

const TILE_FIELDS = 2 ** 26;
const ACTION_BITS = STEP_ACTION << MOVE_STEP_SHIFT;
const ACTION_MASK = 2 ** 27 - 1;

/** The turn code of a tile step's code (-1: none, a step alone) and the code of the step after it. */
export const turnCode = (tile: number, action: number): TurnCode => (tile < 0 ? -1 - action : (action & ACTION_MASK) * TILE_FIELDS + tile);
/** The tile step's code of a turn, or -1 for a step alone. */
export const turnTile = (turn: TurnCode): number => (turn < 0 ? -1 : turn % TILE_FIELDS);
/** The code of the turn's step after its tile (the pass for a tile alone), or of its step alone. */
export const turnAction = (turn: TurnCode): number => (turn < 0 ? -1 - turn : ACTION_BITS | Math.floor(turn / TILE_FIELDS));
/** Turn codes are below this, and at least -TURN_CODE_LIMIT_BELOW. */
export const TURN_CODE_LIMIT = 2 ** 53;
export const TURN_CODE_LIMIT_BELOW = 2 ** 31;

// Scratch space of the listing: a kernel to place tiles on, and the codes of one step.
let lister: Kernel | null = null;
let tiles: Int32Array | null = null;
let actions: Int32Array | null = null;

/** A scratch copy of `k` (allocating only for a kernel of a shape not seen last). */
function copyOf(k: Kernel): Kernel {
  if (lister === null || !lister.sameShape(k)) lister = k.clone();
  else lister.copyFrom(k);
  return lister;
}

/** The listing's buffers, of `k.maxMoves` codes at least. */
function buffers(k: Kernel): { tiles: Int32Array; actions: Int32Array } {
  if (tiles === null || actions === null || tiles.length < k.maxMoves) {
    tiles = new Int32Array(k.maxMoves);
    actions = new Int32Array(k.maxMoves);
  }
  return { tiles, actions };
}

/**
 * Writes the current player's turns at kernel `k` into `out` and returns how many: at the tile
 * step each placement (in the kernel's order) with each action its tile then allows (the pass
 * first); at the action step each action. `out` holds `k.maxMoves` numbers at least.
 */
export function legalTurnCodes(k: Kernel, out: Float64Array): number {
  const { tiles, actions } = buffers(k);
  if (k.phase !== PHASE_TILE) {
    const n = k.legalMoveCodes(actions);
    for (let i = 0; i < n; i++) out[i] = turnCode(-1, actions[i] as number);
    return n;
  }
  const nt = k.legalMoveCodes(tiles);
  let n = 0;
  for (let i = 0; i < nt; i++) {
    const tile = tiles[i] as number;
    if (!k.mayAct(k.handSize > 0 ? k.handTile(k.current, moveSlot(tile)) : k.currentType)) {
      out[n++] = turnCode(tile, PASS_CODE);
      continue;
    }
    const s = copyOf(k);
    s.playStep(tile, null, true);
    const na = s.actionCodes(actions);
    for (let j = 0; j < na; j++) out[n++] = turnCode(tile, actions[j] as number);
  }
  return n;
}

/**
 * Writes into `out` the action codes tile step `tile` at kernel `k` allows (the pass first), and
 * returns how many.
 */
export function actionsOf(k: Kernel, tile: number, out: Int32Array): number {
  const s = copyOf(k);
  s.playStep(tile, null, true);
  return s.actionCodes(out);
}

/**
 * The move of a turn of kernel `k`'s position: at the tile step the whole turn (naming its tile),
 * at the action step the action.
 */
export function moveOfTurn(k: Kernel, turn: TurnCode): TurnMove | MeepleMove | RecallMove | PassMove {
  const tile = turnTile(turn);
  if (tile < 0) return moveOfCode(k, turnAction(turn)) as TurnMove | MeepleMove | RecallMove | PassMove;
  const t = k.handSize > 0 ? k.handTile(k.current, moveSlot(tile)) : k.currentType;
  const action = turnAction(turn);
  if (!isModuleCode(action)) return turnOfCodes(k.tables.ids[t] as string, tile, action);
  // A module's action names tiles of the board: written with the tile placed.
  const after = copyOf(k);
  after.playStep(tile, null, true);
  return turnOfCodes(k.tables.ids[t] as string, tile, action, after);
}
