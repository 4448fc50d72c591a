import { MOVE_STEP_SHIFT, moveSlot, PASS_CODE, STEP_ACTION } from '../core/move-code.js';
import { type Kernel, PHASE_ACTION } from '../kernel/index.js';
import { actionOfCode, turnOfCodes } from '../api/play/legality.js';
import type { MeepleMove, PassMove, RecallMove, TurnMove } from '../api/types.js';

// Whole turns as numbers, for search: a turn code packs a tile step's code and its action's fields
// in one number, exact in a double: (tile code + 1) × 2^14 + the action's fields (below 2^14),
// with a tile code of -1 for an action alone (at the action step). The pass is the action of a
// tile alone. The turns of a position are listed by placing each tile on a copy of the kernel and
// listing what the tile then allows: the kernel's two enumerators, placements and actions.

/**
 * A whole turn as a number: its tile step's code and its action's (see `docs/engine.md`). The
 * engine's `legalTurns` lists them, `playTurn` plays one, `decodeTurn` writes one as a move.
 */
export type TurnCode = number;

const ACTION_FIELDS = 1 << 14;
const ACTION_BITS = STEP_ACTION << MOVE_STEP_SHIFT;

/** The turn code of a tile step's code (-1: none, at the action step) and an action step's code. */
export const turnCode = (tile: number, action: number): TurnCode => (tile + 1) * ACTION_FIELDS + (action & (ACTION_FIELDS - 1));
/** The tile step's code of a turn, or -1 for an action alone. */
export const turnTile = (turn: TurnCode): number => Math.floor(turn / ACTION_FIELDS) - 1;
/** The action step's code of a turn (the pass for a tile alone). */
export const turnAction = (turn: TurnCode): number => ACTION_BITS | (turn % ACTION_FIELDS);
/** Turn codes are below this. */
export const TURN_CODE_LIMIT = 2 ** 31 * ACTION_FIELDS;

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
  if (k.phase === PHASE_ACTION) {
    const n = k.actionCodes(actions);
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
  if (tile < 0) return actionOfCode(turnAction(turn));
  const t = k.handSize > 0 ? k.handTile(k.current, moveSlot(tile)) : k.currentType;
  return turnOfCodes(k.tables.ids[t] as string, tile, turnAction(turn));
}
