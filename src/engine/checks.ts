import { IllegalMoveError, OptionsError } from '../core/errors.js';
import { SPOTS } from '../core/geometry.js';
import {
  ACTION_MODULE,
  moveAction,
  moveFigure,
  moveSlot,
  moveSpot,
  moveStep,
  moveX,
  moveY,
  PASS_CODE,
  STEP_MODULE,
  STEP_TILE,
} from '../core/move-code.js';
import { type Kernel, PHASE_ACTION, PHASE_STEP, PHASE_TILE } from '../kernel/index.js';
import { show } from '../core/guards.js';
import { codeFormProblem, turnFormProblem } from './encode.js';
import { type TurnCode, turnAction, turnTile } from './turns.js';

// What the engine checks of its caller's arguments and codes, in a few integer operations before
// anything changes.

/** An {@link OptionsError} `invalid-argument`. */
export function badArgument(message: string): OptionsError {
  return new OptionsError([{ code: 'invalid-argument', message }]);
}

/** Whether `v` is an array of this typed-array class (of any realm); never throws. */
function isTyped<T>(v: unknown, type: abstract new (...args: never[]) => T, tag: string): v is T {
  try {
    // instanceof first: cheap, and the usual case; the tag for an array of another realm.
    return v instanceof type || Object.prototype.toString.call(v) === `[object ${tag}]`;
  } catch {
    return false;
  }
}

const isInt32Array = (v: unknown): v is Int32Array => isTyped(v, Int32Array, 'Int32Array');
const isFloat64Array = (v: unknown): v is Float64Array => isTyped(v, Float64Array, 'Float64Array');

/** `out` when it is a move buffer of `size` codes; else {@link OptionsError} `invalid-buffer`. */
export function moveBuffer(out: unknown, size: number): Int32Array {
  if (!isInt32Array(out)) throw bufferError(`a move buffer is an Int32Array of engine.maxMoves (${size}) codes, not ${show(out)}`);
  if (out.length < size) throw bufferError(`a move buffer must hold engine.maxMoves (${size}) codes, not ${out.length}`);
  return out;
}

/** `out` when it is a turn buffer of `size` turn codes; else {@link OptionsError} `invalid-buffer`. */
export function turnBuffer(out: unknown, size: number): Float64Array {
  if (!isFloat64Array(out) || out.length < size)
    throw bufferError(`a turn buffer is a Float64Array of engine.maxMoves (${size}) numbers, not ${show(out)}`);
  return out;
}

const bufferError = (message: string) => new OptionsError([{ code: 'invalid-buffer', message }]);

/** What the move log records as the tile of an action step. */
export const NO_TILE = 0xffff;

/**
 * Why `code` cannot be played on `k` at all, checked in a few integer operations before anything
 * changes: not a code, not a code of the current step, a figure kind or hand slot this game has
 * not, a spot the tile just placed has not, a cell that is taken or touches no tile. (Whether the
 * tile fits there, or the figure may stand there, is not checked: the engine trusts its caller,
 * and such a code makes a position no game can reach.)
 */
export function codeProblem(k: Kernel, code: number): string | null {
  const form = codeFormProblem(code);
  if (form !== null) return form;
  // A module's moves (its action, its steps, its free moves) are rare: looked up among the listed.
  if (moveStep(code) >= STEP_MODULE || moveAction(code) >= ACTION_MODULE || k.phase >= PHASE_STEP) {
    const listed = moduleBuffer(k);
    const n = k.legalMoveCodes(listed);
    for (let i = 0; i < n; i++) if (listed[i] === code) return null;
    return 'it is not a legal move of this step';
  }
  if (moveStep(code) === STEP_TILE) {
    if (k.phase !== PHASE_TILE) return 'it places a tile, and the tile is placed: this is the action step';
    if (moveSlot(code) >= Math.max(1, k.handSize)) return `hand slot ${moveSlot(code)} is not in the hand`;
    if (k.frontierIndex(moveX(code), moveY(code)) < 0) return `cell (${moveX(code)}, ${moveY(code)}) is taken or touches no tile`;
    const t = k.handSize > 0 ? k.handTile(k.current, moveSlot(code)) : k.currentType;
    return t < 0 ? `hand slot ${moveSlot(code)} holds no tile` : null;
  }
  if (k.phase !== PHASE_ACTION) return 'it is an action, and the tile is not placed yet: this is the tile step';
  if (moveFigure(code) >= k.rules.ruleset.figures.kinds) return `figure kind ${moveFigure(code)} is not in this game`;
  const spot = moveSpot(code);
  const p = k.placed;
  if (spot >= 0 && k.spotFeature(k.pType[p] as number, k.pRot[p] as number, spot) < 0)
    return `the tile just placed has no spot ${SPOTS[spot]}`;
  return null;
}

/**
 * Why whole turn (tile, action) cannot be played on `k` (see codeProblem): its tile step's code,
 * then its action's on a copy with the tile placed (a tile with no action step takes the pass).
 */
export function turnProblem(k: Kernel, tile: number, action: number): string | null {
  const placing = codeProblem(k, tile);
  if (placing !== null) return placing;
  const after = copyOf(k);
  after.playStep(tile, null);
  if (after.phase === PHASE_ACTION) return codeProblem(after, action);
  return action === PASS_CODE ? null : 'it acts after its tile, but the tile gives no action step';
}

// The moves of a step, to look a module's move up among (see codeProblem).
let moduleCodes: Int32Array | null = null;

export function moduleBuffer(k: Kernel): Int32Array {
  if (moduleCodes === null || moduleCodes.length < k.maxMoves) moduleCodes = new Int32Array(k.maxMoves);
  return moduleCodes;
}

// A scratch copy of a kernel, to try a tile step on (see turnProblem).
let tried: Kernel | null = null;

function copyOf(k: Kernel): Kernel {
  if (tried === null || !tried.sameShape(k)) tried = k.clone();
  else tried.copyFrom(k);
  return tried;
}

/** Throws what Engine.play throws for `code` at kernel k: `game-finished`, or `malformed-move` (see codeProblem). */
export function checkCode(k: Kernel, code: number): void {
  if (k.finished) throw new IllegalMoveError('game-finished', 'the game is over: no tile is left to place');
  const wrong = codeProblem(k, code);
  if (wrong !== null) throw new IllegalMoveError('malformed-move', `${show(code)} is not a move here: ${wrong}`);
}

/**
 * Throws what Engine.playTurn throws for `turn` at kernel k: both steps are checked before
 * anything changes, the tile on a scratch copy, then the action.
 */
export function checkTurn(k: Kernel, turn: TurnCode): void {
  if (k.finished) throw new IllegalMoveError('game-finished', 'the game is over: no tile is left to place');
  const problem = turnFormProblem(turn);
  if (problem !== null) throw new IllegalMoveError('malformed-move', `${show(turn)} is not a turn code: ${problem}`);
  const tile = turnTile(turn);
  const action = turnAction(turn);
  const wrong = tile < 0 ? codeProblem(k, action) : turnProblem(k, tile, action);
  if (wrong !== null) throw new IllegalMoveError('malformed-move', `${show(turn)} is not a turn here: ${wrong}`);
}

/**
 * Plays a code listed for kernel `k`'s position, logging it in the kernel's buffer (moveLog: a
 * clone copies it with the rest): a tile step with the tile it places (for toState, with hands),
 * an action step with none.
 */
export function playLogged(k: Kernel, move: number): void {
  const tile = k.phase !== PHASE_TILE ? NO_TILE : k.handSize > 0 ? k.handTile(k.current, moveSlot(move)) : k.currentType;
  k.logMove(move, tile);
  k.play(move, null);
}

// Move and turn codes are written here and copied out before anything else runs, so one buffer of
// each serves every engine; each grows to the largest maxMoves asked for.
let scratch: Int32Array | null = null;
let turnScratch: Float64Array | null = null;

export function scratchFor(size: number): Int32Array {
  if (scratch === null || scratch.length < size) scratch = new Int32Array(size);
  return scratch;
}

export function turnScratchFor(size: number): Float64Array {
  if (turnScratch === null || turnScratch.length < size) turnScratch = new Float64Array(size);
  return turnScratch;
}
