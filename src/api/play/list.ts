import { show } from '../../core/guards.js';
import { MOVE_INPUT } from '../../core/limits.js';
import { readPlain } from '../../core/plain.js';
import { IllegalMoveError } from '../../core/errors.js';
import {
  ACTION_DEPLOY,
  ACTION_RECALL,
  moveAction,
  moveFigure,
  moveQ,
  moveSlot,
  moveSpot,
  moveStep,
  moveX,
  moveY,
  PASS_CODE,
  STEP_TILE,
} from '../../core/move-code.js';
import { type Kernel, PHASE_TILE } from '../../kernel/index.js';
import { checked } from '../state/kernels.js';
import { handSlot, moveOfCode, scratchOf, turnOfCodes } from './legality.js';
import type { GameState, PlayerView, Move, PlacementsOptions, TurnMove, TilePlacement } from '../types.js';
import { refuseHidden } from './legality.js';
import { rememberListed } from './listed.js';
import { isModuleCode } from './module-moves.js';
import { freezeBuilt } from '../../core/freeze.js';
import { figureNames } from '../options/figure-kinds.js';

/**
 * Every legal position and rotation for the current tile, rotations that give the same board
 * listed once (the smallest), or with `{ rotations: 'all' }` every legal rotation (a straight road
 * fits turned 0° and 180° alike: a frontend that lets the player turn the tile wants both). Ordered
 * by y, then x, then rotation. Empty when the game is over, and at the action step (the tile is
 * placed). With hands of tiles (`rules.hand`), for
 * `tile` of the current player's hand (default: its first tile); a `tile` that is not one to place
 * throws {@link IllegalMoveError} (`wrong-tile`). The tile may be given alone or as `{ tile }`.
 *
 * @example
 * ```ts
 * import { createGame, legalPlacements } from 'carcassonne-engine';
 *
 * // The crossroads X fits on the road ends east and west of the start tile, in any rotation that
 * // gives a different board: a crossroads looks the same every way round.
 * const state = createGame({ players: 2, seed: 1, drawOrder: ['X'] });
 * console.log(legalPlacements(state)); // → [ { x: -1, y: 0, rotation: 0 }, { x: 1, y: 0, rotation: 0 } ]
 * console.log(legalPlacements(state, { rotations: 'all' }).length); // → 8
 * ```
 */
export function legalPlacements(state: GameState | PlayerView, asked?: string | PlacementsOptions): TilePlacement[] {
  const read = readPlain(asked, 'the placements asked', MOVE_INPUT);
  if (!read.ok) throw new IllegalMoveError('malformed-move', read.message);
  const which = read.value as string | PlacementsOptions | undefined;
  const { tile, rotations = 'distinct' } = typeof which === 'object' && which !== null ? which : { tile: which };
  if (rotations !== 'distinct' && rotations !== 'all')
    throw new IllegalMoveError('malformed-move', "rotations must be 'distinct' or 'all'");
  if (tile !== undefined && typeof tile !== 'string')
    throw new IllegalMoveError('malformed-move', `a tile is named by its id, not ${show(tile)}`);
  const c = checked(state);
  const k = c.kernel;
  if (k.finished || k.phase !== PHASE_TILE) return [];
  refuseHidden(c.state, k);
  const slot = handSlot(k, tile ?? (k.handSize > 0 ? (k.tables.ids[k.handTile(k.current, 0)] as string) : undefined));
  const t = k.handSize > 0 ? k.handTile(k.current, slot) : k.currentType;
  if (slot < 0 || (tile !== undefined && k.handSize === 0 && tile !== k.tables.ids[t]))
    throw new IllegalMoveError('wrong-tile', `tile ${tile} is not a tile ${k.handSize > 0 ? 'of the hand' : 'to place'}`);
  const out: TilePlacement[] = [];
  const same = k.tables.sameBoard;
  k.forEachPlacement(t, (x, y, q) => {
    for (let r = 0; r < 4; r++) {
      // Rotations that give the same board as q: q itself, and with 'all' the others.
      if (r === q || (rotations === 'all' && same[t * 4 + r] === same[t * 4 + q]))
        out.push({ x, y, rotation: (r * 90) as TilePlacement['rotation'] });
    }
  });
  return out.sort((a, b) => a.y - b.y || a.x - b.x || a.rotation - b.rotation);
}

/**
 * Every legal move of the current step. At the tile step, each placement of the current tile (in
 * {@link legalPlacements} order; with hands of tiles, of each tile of the hand, in hand order):
 * `{ type: 'tile', tile, x, y, rotation }`. At the action step, what the player may do with the
 * tile just placed: the pass (`{ type: 'pass' }`) first; then by canonical spot in `SPOTS` order
 * (N, E, S, W, C, NNW … WNW, I, G), a follower on each feature of the tile a follower may take,
 * followed (Inns & Cathedrals) by the large meeple, (Traders & Builders) the builder or pig where
 * it may join one of the player's meeples, (The Abbot) the abbot on the tile's cloister or garden
 * (`{ type: 'meeple', at, kind }`); then taking the abbot back (`{ type: 'recall', kind: 'abbot' }`,
 * when it is on the board and the tile does not complete its cloister or garden). Empty once the
 * game is over. {@link legalTurns} lists whole turns instead.
 *
 * @example
 * ```ts
 * import { applyMove, createGame, legalMoves } from 'carcassonne-engine';
 *
 * const state = createGame({ players: 2, seed: 1, drawOrder: ['X'] });
 * const moves = legalMoves(state);
 * console.log(moves.length, moves[0]); // → 2 { type: 'tile', tile: 'X', x: -1, y: 0, rotation: 0 }
 * const placed = applyMove(state, moves[0]!);
 * console.log(legalMoves(placed).map((m) => (m.type === 'meeple' ? m.at : m.type)).join(' ')); // → pass N E S W NNW NNE ESE SSW
 * ```
 */
export function legalMoves(state: GameState | PlayerView): Move[] {
  const c = checked(state);
  const k = c.kernel;
  if (k.finished) return [];
  refuseHidden(c.state, k);
  const { codes, order, n } = sortedCodes(k);
  const out = new Array<Move>(n);
  const played = new Array<number>(n);
  // The tile step's moves are all of one tile (with hands, of a few): its interned moves are looked
  // up once per tile, not once per move.
  let tile = -1;
  let byCode: Interned | null = null;
  for (let i = 0; i < n; i++) {
    const code = codes[order[i] as number] as number;
    if (isModuleCode(code)) out[i] = Object.freeze(moveOfCode(k, code));
    else if (moveStep(code) === STEP_TILE) {
      const t = k.handSize > 0 ? k.handTile(k.current, moveSlot(code)) : k.currentType;
      if (t !== tile || byCode === null) {
        tile = t;
        byCode = movesOfTile(k.tables.ids[t] as string);
      }
      out[i] = tileMove(k, byCode, code);
    } else out[i] = actionMove(k, code);
    played[i] = code;
  }
  rememberListed(c.state, out.slice(), played, null);
  return out;
}

/**
 * Every legal whole turn of the current player, as the tile step's placements each followed by
 * every action the tile then allows ({@link TurnMove}: the tile alone, then the figures by spot and
 * kind, then the figures taken back), in {@link legalMoves} order. Empty at the action step (the
 * turn has begun: {@link legalMoves} lists what is left of it) and once the game is over.
 *
 * @example
 * ```ts
 * import { createGame, legalTurns } from 'carcassonne-engine';
 *
 * const state = createGame({ players: 2, seed: 1, drawOrder: ['X'] });
 * const turns = legalTurns(state);
 * console.log(turns.length, turns[0]); // → 18 { tile: 'X', x: -1, y: 0, rotation: 0 }
 * console.log(JSON.stringify(turns[1])); // → {"tile":"X","x":-1,"y":0,"rotation":0,"meeple":{"at":"N","kind":"follower"}}
 * ```
 */
export function legalTurns(state: GameState | PlayerView): TurnMove[] {
  const c = checked(state);
  const k = c.kernel;
  if (k.finished || k.phase !== PHASE_TILE) return [];
  refuseHidden(c.state, k);
  const tiles = sortedCodes(k);
  const placements = Array.from({ length: tiles.n }, (_, i) => tiles.codes[tiles.order[i] as number] as number);
  const out: TurnMove[] = [];
  const played: number[] = [];
  const acts: number[] = [];
  const add = (tile: string, placed: number, action: number, after?: Kernel) => {
    out.push(freezeBuilt(turnOfCodes(tile, placed, action, after)));
    played.push(placed);
    acts.push(action);
  };
  if (actionBuffer === null || actionBuffer.length < k.maxMoves) actionBuffer = new Int32Array(k.maxMoves);
  const actions = actionBuffer;
  for (const placed of placements) {
    const t = k.handSize > 0 ? k.handTile(k.current, moveSlot(placed)) : k.currentType;
    const tile = k.tables.ids[t] as string;
    // Nothing to do with the tile anywhere: the placement alone, without placing it.
    if (!k.mayAct(t)) {
      add(tile, placed, PASS_CODE);
      continue;
    }
    const after = scratchOf(k);
    after.playStep(placed, null, true);
    const n = after.actionCodes(actions);
    // A few actions: sorted in place by insertion, as sortedCodes orders them.
    for (let i = 1; i < n; i++) {
      const code = actions[i] as number;
      const key = moveOrder(code);
      let j = i - 1;
      while (j >= 0 && moveOrder(actions[j] as number) > key) {
        actions[j + 1] = actions[j] as number;
        j--;
      }
      actions[j + 1] = code;
    }
    for (let i = 0; i < n; i++) add(tile, placed, actions[i] as number, after);
  }
  rememberListed(c.state, out.slice(), played, acts);
  return out;
}

// The actions of one placement, for legalTurns.
let actionBuffer: Int32Array | null = null;

// Listed moves are frozen plain data, and a code means one move in every game: the moves of the
// codes listed are made once and shared between listings (the tile step's by tile, the actions'
// while the registered figures stay the same), up to a bound.
const INTERNED = 4096;
let tileMoves = new Map<string, Interned>();
let actionMoves = new Map<number, Move>();
let actionFigures: readonly string[] | null = null;

/**
 * A tile's interned moves by code: open addressing over a typed array of codes (a Map's lookup
 * costs as much as listing the code), at most half full: it starts small and doubles up to twice
 * INTERNED slots, then starts again empty.
 */
interface Interned {
  codes: Int32Array;
  moves: (Move | undefined)[];
  size: number;
  /** 32 less the log2 of the number of slots: a code's first slot is its hash's top bits. */
  shift: number;
}
const FIRST_SLOTS = 64;

/** An empty table of `slots` slots (a power of two). */
const interned = (slots: number): Interned => ({
  codes: new Int32Array(slots).fill(-1),
  moves: new Array<Move | undefined>(slots).fill(undefined),
  size: 0,
  shift: 32 - Math.log2(slots),
});

/** The interned moves of tile `tile`, by code (exported for tests/api/interned-moves.test.ts). */
export function movesOfTile(tile: string): Interned {
  let byCode = tileMoves.get(tile);
  if (byCode === undefined) {
    if (tileMoves.size >= INTERNED) tileMoves = new Map();
    byCode = interned(FIRST_SLOTS);
    tileMoves.set(tile, byCode);
  }
  return byCode;
}

/** The slot of `code` (never negative) in `table`: where it is, or the empty slot where it goes. */
function slotOf(table: Interned, code: number): number {
  const codes = table.codes;
  const mask = codes.length - 1;
  let i = Math.imul(code, 0x9e3779b1) >>> table.shift;
  while (codes[i] !== -1 && codes[i] !== code) i = (i + 1) & mask;
  return i;
}

/** Puts `move` in `table`, in the slot of `code`. */
function put(table: Interned, code: number, move: Move | undefined): void {
  const i = slotOf(table, code);
  table.codes[i] = code;
  table.moves[i] = move;
  table.size++;
}

/** The frozen move of tile step code `code`, interned in `byCode` (its tile's: movesOfTile). */
export function tileMove(k: Kernel, byCode: Interned, code: number): Move {
  const i = slotOf(byCode, code);
  if (byCode.codes[i] === code) return byCode.moves[i] as Move;
  const move = Object.freeze(moveOfCode(k, code));
  const { codes, moves } = byCode;
  if (2 * (byCode.size + 1) > codes.length) {
    // Full: twice the slots, the moves kept; at the bound, none kept.
    const grow = codes.length < 2 * INTERNED;
    Object.assign(byCode, interned(grow ? 2 * codes.length : codes.length));
    if (grow) for (let j = 0; j < codes.length; j++) if (codes[j] !== -1) put(byCode, codes[j] as number, moves[j]);
  }
  put(byCode, code, move);
  return move;
}

/** The frozen move of action step code `code` (not a module's: those name what the board holds). */
function actionMove(k: Kernel, code: number): Move {
  const figures = figureNames();
  if (actionFigures !== figures || actionMoves.size >= INTERNED) {
    actionMoves = new Map();
    actionFigures = figures;
  }
  let move = actionMoves.get(code);
  if (move === undefined) {
    move = Object.freeze(moveOfCode(k, code));
    actionMoves.set(code, move);
  }
  return move;
}

/**
 * The legal moves of kernel `k`'s current step as codes, and their order: placements by y, x and
 * rotation (with hands, each tile of the hand in hand order), actions by spot and kind. The codes
 * and the order are scratch arrays, valid until the next call.
 */
function sortedCodes(k: Kernel): { codes: Int32Array; order: Int32Array; n: number } {
  if (moveBuffer === null || moveBuffer.length < k.maxMoves) moveBuffer = new Int32Array(k.maxMoves);
  const codes = moveBuffer;
  const n = k.legalMoveCodes(codes);
  // Sort by a key packed above each move's index (exact in a double: key < 2^32, index < 2^20).
  if (keyBuffer === null || keyBuffer.length < k.maxMoves) keyBuffer = new Float64Array(k.maxMoves);
  if (orderBuffer === null || orderBuffer.length < k.maxMoves) orderBuffer = new Int32Array(k.maxMoves);
  const keyed = keyBuffer;
  for (let i = 0; i < n; i++) keyed[i] = moveOrder(codes[i] as number) * 1048576 + i;
  sortPrefix(keyed, n);
  // The index back from below the key (a double's `%` is a call to fmod).
  for (let i = 0; i < n; i++) {
    const v = keyed[i] as number;
    orderBuffer[i] = v - Math.floor(v / 1048576) * 1048576;
  }
  return { codes, order: orderBuffer, n };
}

// The kernel writes the legal moves as codes (one generator for both paths); sorted and decoded here.
let moveBuffer: Int32Array | null = null;
let keyBuffer: Float64Array | null = null;
let orderBuffer: Int32Array | null = null;

/** Sorts the first n numbers of `a` in place: by insertion when there are few (a few dozen moves). */
function sortPrefix(a: Float64Array, n: number): void {
  if (n > 64) {
    a.subarray(0, n).sort();
    return;
  }
  for (let i = 1; i < n; i++) {
    const v = a[i] as number;
    let j = i - 1;
    while (j >= 0 && (a[j] as number) > v) {
      a[j + 1] = a[j] as number;
      j--;
    }
    a[j + 1] = v;
  }
}

/**
 * Sort key of a move code. A tile step's: the hand slot, y, x, rotation. An action's: the pass,
 * then the figures by spot (on one spot, by kind code: follower, abbot, large meeple, builder, pig),
 * then the figures taken back; then the rule modules' moves, in the order their modules list them.
 */
function moveOrder(code: number): number {
  // A rule module's moves after the base game's, in the order the module lists them.
  if (isModuleCode(code)) return 8192;
  if (moveStep(code) === STEP_TILE) return ((moveSlot(code) * 2048 + moveY(code) + 1024) * 2048 + moveX(code) + 1024) * 4 + moveQ(code);
  const action = moveAction(code);
  return (action === ACTION_RECALL ? 2 : action === ACTION_DEPLOY ? 1 : 0) * 2048 + (moveSpot(code) + 1) * 32 + moveFigure(code);
}
