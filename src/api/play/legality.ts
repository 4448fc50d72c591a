import { EDGE_KINDS, FEATURE_KINDS } from '../../core/vocabulary.js';
import { IllegalMoveError, type MoveErrorCode, StateError } from '../../core/errors.js';
import { EDGE_NAMES, isRotation, type Rotation, SPOTS, type Spot, spotIndex } from '../../core/geometry.js';
import { isRecord, show } from '../../core/guards.js';
import { MOVE_INPUT } from '../../core/limits.js';
import { readPlain } from '../../core/plain.js';
import {
  ACTION_DEPLOY,
  ACTION_RECALL,
  actionCode,
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
  tileCode,
} from '../../core/move-code.js';
import {
  type Kernel,
  PHASE_ACTION,
  PHASE_STEP,
  PHASE_TILE,
  PLACE_MISMATCH,
  PLACE_NOT_ADJACENT,
  PLACE_OCCUPIED,
  PLACE_RULE,
  type Ruleset,
  K_FIELD,
  MAXF,
} from '../../kernel/index.js';
import type { ExpansionName } from '../../core/vocabulary.js';
import {
  expansionTitle,
  figureNames,
  figureCode,
  figureExpansion,
  figureInPlay,
  figurePlaces,
  figureStands,
  figureWord,
  isFigureKind,
  joinsOwnMeeple,
  recallable,
} from '../options/figure-kinds.js';
import type { AnyMove, GameState, MeepleKind, MeepleMove, ModuleMove, Move, PassMove, RecallMove, TileMove, TurnMove } from '../types.js';
import { isModuleCode, isModuleType, moduleCodeOf, moduleMoveError, moduleMoveOf, stepModule } from './module-moves.js';
import { actionsOf, stepsOf } from '../../rules/declared.js';

/** The module move types of the registry, for messages. */
const moduleTypes = (): string[] => [...actionsOf().map((m) => m.action as string), ...stepsOf().map((st) => st.name)];
import { isViewRecord } from '../state/view-input.js';

// Moves: their form, their legality step by step (with a sentence for every way to fail) and
// their codes. A move is legal when the kernel lists its code for the current step (one
// enumerator per step: placements, actions); otherwise a diagnosis says why.

const KEYS: Readonly<Record<string, readonly string[]>> = {
  turn: ['type', 'x', 'y', 'rotation', 'tile', 'meeple', 'recall', 'action'],
  tile: ['type', 'x', 'y', 'rotation', 'tile'],
  meeple: ['type', 'at', 'kind'],
  recall: ['type', 'kind'],
  pass: ['type'],
};
const DEPLOY_KEYS = ['at', 'kind'];
const TYPES = ['tile', 'meeple', 'recall', 'pass'];

function illegal(code: MoveErrorCode, message: string): IllegalMoveError {
  return new IllegalMoveError(code, message);
}

/** Whether a well-formed move is a whole turn (no `type`, or `type: 'turn'`). */
export const isTurn = (move: AnyMove): move is TurnMove => move.type === undefined || move.type === 'turn';

/**
 * A move as plain data (a copy: no getter runs, `-0` is `0`, fields set to `undefined` are absent),
 * of the right form; or the {@link IllegalMoveError} (`malformed-move`, `unknown-spot`) saying why not.
 */
export function readMove(
  move: unknown,
): { readonly move: AnyMove; readonly error: null } | { readonly move: null; readonly error: IllegalMoveError } {
  const quick = quickCopy(move, true);
  if (quick !== null) {
    const shape = shapeError(quick);
    return shape === null ? { move: quick as unknown as AnyMove, error: null } : { move: null, error: shape };
  }
  const read = readPlain(move, 'the move', MOVE_INPUT);
  if (!read.ok) return { move: null, error: illegal('malformed-move', read.message) };
  const shape = shapeError(read.value);
  return shape === null ? { move: read.value as AnyMove, error: null } : { move: null, error: shape };
}

/**
 * The copy of an ordinary move (a plain object of a few data properties holding strings, finite
 * numbers other than -0, booleans, null and, for `meeple`, one such object), made without the
 * general walk of readPlain, which takes every other input (and says what is wrong with it).
 */
function quickCopy(v: unknown, outer: boolean): Record<string, unknown> | null {
  try {
    if (typeof v !== 'object' || v === null || Object.getPrototypeOf(v) !== Object.prototype) return null;
    // The names and the symbols apart: Reflect.ownKeys costs more than both together.
    const keys = Object.getOwnPropertyNames(v);
    if (keys.length > 7 || Object.getOwnPropertySymbols(v).length !== 0) return null;
    const out: Record<string, unknown> = {};
    for (const key of keys) {
      if (key === '__proto__') return null;
      const d = Object.getOwnPropertyDescriptor(v, key);
      if (d === undefined || !('value' in d) || !d.enumerable) return null;
      let value = d.value;
      if (typeof value === 'object' && value !== null) {
        if (!(outer && key === 'meeple')) return null;
        value = quickCopy(value, false);
        if (value === null) return null;
      } else if (
        typeof value === 'number'
          ? !Number.isFinite(value) || Object.is(value, -0)
          : !(value === undefined || value === null || typeof value === 'string' || typeof value === 'boolean')
      ) {
        return null;
      }
      if (value !== undefined) out[key] = value;
    }
    return out;
  } catch {
    return null;
  }
}

/** Checks the form of a move, without the board. */
export function shapeError(move: unknown): IllegalMoveError | null {
  if (!isRecord(move)) {
    return illegal(
      'malformed-move',
      'a move must be an object such as { type: "tile", x: 1, y: 0, rotation: 90 }, or a whole turn such as { x: 1, y: 0, rotation: 90 }',
    );
  }
  const m = move as Record<string, unknown>;
  const type = m.type === undefined ? 'turn' : m.type;
  // A module's move: its module reads its fields.
  if (isModuleType(type)) return null;
  if (typeof type !== 'string' || !(type === 'turn' || TYPES.includes(type))) {
    const all = [...TYPES, ...moduleTypes()];
    return illegal('malformed-move', `type must be ${either(all)}, or "turn" or left out for a whole turn, not ${show(m.type)}`);
  }
  const keys = KEYS[type] as readonly string[];
  const what = type === 'turn' ? 'a whole turn' : `a ${type} move`;
  for (const key of Object.keys(m)) {
    if (!keys.includes(key)) return illegal('malformed-move', `${what} has no field "${key}" (fields: ${keys.join(', ')})`);
  }
  if (type === 'turn' || type === 'tile') {
    if (!Number.isInteger(m.x) || !Number.isInteger(m.y)) return illegal('malformed-move', 'x and y must be whole numbers');
    if (!isRotation(m.rotation)) return illegal('malformed-move', `rotation must be 0, 90, 180 or 270, not ${show(m.rotation)}`);
    if (m.tile !== undefined && typeof m.tile !== 'string') return illegal('malformed-move', 'tile, when given, must be a tile id');
  }
  if (type === 'meeple') return deployShape(m, '');
  if (type === 'recall') {
    if (!(isFigureKind(m.kind) && recallable(m.kind))) {
      return illegal(
        'malformed-move',
        `kind must be ${either(figureNames().filter(recallable))} (the figure taken back), not ${show(m.kind)}`,
      );
    }
    return null;
  }
  if (type !== 'turn') return null;
  if (m.meeple !== undefined && m.meeple !== null) {
    const d = m.meeple;
    if (!isRecord(d)) return illegal('malformed-move', 'meeple must be an object such as { at: "N" }');
    for (const key of Object.keys(d)) {
      if (!DEPLOY_KEYS.includes(key)) return illegal('malformed-move', `meeple has no field "${key}" (fields: at, kind)`);
    }
    const error = deployShape(d, 'meeple.');
    if (error !== null) return error;
  }
  if (m.recall !== undefined && m.recall !== null && !(isFigureKind(m.recall) && recallable(m.recall))) {
    const kinds = figureNames().filter(recallable);
    return illegal('malformed-move', `recall, when given, must be ${either(kinds)} (the figure taken back), not ${show(m.recall)}`);
  }
  if (m.action !== undefined && m.action !== null && !(isRecord(m.action) && isModuleType(m.action.type))) {
    return illegal(
      'malformed-move',
      `action, when given, must be a module's action such as ${either(moduleTypes())}, not ${show(m.action)}`,
    );
  }
  const acted = (a: unknown) => a !== undefined && a !== null;
  if (acted(m.action) && (acted(m.meeple) || acted(m.recall)))
    return illegal('deploy-and-recall', "a turn deploys a meeple, takes a figure back or makes a module's action: one of them at most");
  return null;
}

/** The form of a figure's spot and kind (`prefix`: where they are, for messages). */
function deployShape(d: Record<string, unknown>, prefix: string): IllegalMoveError | null {
  const { at, kind } = d;
  if (typeof at !== 'string' || spotIndex(at) < 0) {
    return illegal('unknown-spot', `${prefix}at must be one of ${SPOTS.join(', ')}, not ${show(at)}`);
  }
  if (kind !== undefined && !isFigureKind(kind)) {
    return illegal('malformed-move', `${prefix}kind must be ${either(figureNames())}, not ${show(kind)}`);
  }
  return null;
}

/** `"a", "b" or "c"`. */
const either = (words: readonly string[]) =>
  words
    .map((w) => `"${w}"`)
    .join(', ')
    .replace(/, ([^,]*)$/, ' or $1');

/** The word with its indefinite article. */
const withArticle = (word: string) => `${/^[aeiou]/.test(word) ? 'an' : 'a'} ${word}`;

const describeTile = (id: string, rotation: number) => `tile ${id}${rotation ? ` turned ${rotation}°` : ''}`;

/** The tile step of a whole turn. */
export const tileOfTurn = (m: TurnMove): TileMove =>
  m.tile === undefined
    ? { type: 'tile', x: m.x, y: m.y, rotation: m.rotation }
    : { type: 'tile', x: m.x, y: m.y, rotation: m.rotation, tile: m.tile };

/** The action step of a whole turn: its figure, its figure taken back, or the pass. */
export function actionOfTurn(m: TurnMove): MeepleMove | RecallMove | PassMove {
  if (m.meeple !== undefined && m.meeple !== null)
    return m.meeple.kind === undefined ? { type: 'meeple', at: m.meeple.at } : { type: 'meeple', at: m.meeple.at, kind: m.meeple.kind };
  if (m.recall !== undefined && m.recall !== null) return { type: 'recall', kind: m.recall };
  return { type: 'pass' };
}

/** The sentence for a move of the wrong step. */
function wrongStep(k: Kernel, move: AnyMove): IllegalMoveError {
  const step = stepModule(k);
  if (step !== undefined)
    return illegal(
      'wrong-step',
      `the turn goes on with ${step.module.title}'s ${step.name} step (a ${step.name} move or the pass), not ${isTurn(move) ? 'a whole turn' : `a ${move.type} move`}`,
    );
  if (k.phase === PHASE_ACTION) {
    const tile = k.tables.ids[k.pType[k.placed] as number] as string;
    const where = `(${k.pX[k.placed]}, ${k.pY[k.placed]})`;
    return illegal(
      'wrong-step',
      `tile ${tile} is placed at ${where}: the turn goes on with its action (a meeple on it, a figure taken back, or the pass), not ${isTurn(move) ? 'a whole turn' : `a ${move.type} move`}`,
    );
  }
  return illegal('wrong-step', `the tile is not placed yet: the turn begins with a tile move or a whole turn, not a ${move.type} move`);
}

/**
 * Why `move` (one step's, or a whole turn) is not legal for the current player of kernel `k`, or
 * `null` when it is (`validateMove`, `applyMove` and the check of saved states all ask here). A step
 * is legal when the kernel lists its code for the current step (up to rotations that give the same
 * board and spots that name the same feature); a whole turn, when its tile is, and then its action
 * (or the pass) on a copy with the tile placed. Otherwise a diagnosis says why, with a sentence for
 * each way a move can fail. `names` are the players' names, for messages.
 */
export function moveError(
  k: Kernel,
  names: readonly string[],
  expansions: readonly ExpansionName[],
  move: unknown,
): IllegalMoveError | null {
  if (k.finished) return illegal('game-finished', 'the game is over: no tile is left to place');
  const shape = shapeError(move);
  if (shape !== null) return shape;
  const m = move as AnyMove;
  // A module's move, or the pass at a module's step: among the moves the kernel lists.
  if (!isTurn(m) && (isModuleType(m.type) || (m.type === 'pass' && k.phase >= PHASE_STEP)))
    return moduleMoveError(k, m as ModuleMove | PassMove);
  if (k.phase >= PHASE_STEP) return wrongStep(k, m);
  if (isTurn(m)) {
    if (k.phase !== PHASE_TILE) return wrongStep(k, m);
    if (m.meeple !== undefined && m.meeple !== null && m.recall !== undefined && m.recall !== null)
      return illegal('deploy-and-recall', `a move deploys a meeple or takes the ${figureWord(m.recall)} back, not both`);
    const tile = tileOfTurn(m);
    const error = tileError(k, tile);
    if (error !== null) return error;
    // The action on a copy with the tile placed, its step played even when the pass is all.
    const after = scratchOf(k);
    after.playStep(codeOfTile(k, tile), null, true);
    if (m.action !== undefined && m.action !== null) return moduleMoveError(after, m.action);
    return actionError(after, names, expansions, actionOfTurn(m));
  }
  if (m.type === 'tile') return k.phase === PHASE_TILE ? tileError(k, m) : wrongStep(k, m);
  return k.phase === PHASE_ACTION ? actionError(k, names, expansions, m as MeepleMove | RecallMove | PassMove) : wrongStep(k, m);
}

// A copy of a kernel to try a step on, kept between calls (a copy into it allocates nothing).
let scratch: Kernel | null = null;

/** A scratch copy of `k`, to play steps on without changing `k`. */
export function scratchOf(k: Kernel): Kernel {
  if (scratch === null || !scratch.sameShape(k)) scratch = k.clone();
  else scratch.copyFrom(k);
  return scratch;
}

/**
 * With hands of tiles: the first slot of the current player's hand holding `tile` (which may be
 * left out when the hand holds one kind of tile), or -1. Without hands: 0.
 */
export function handSlot(k: Kernel, tile: string | undefined): number {
  if (k.handSize === 0) return 0;
  const me = k.current;
  const ids = k.tables.ids;
  const n = k.handCount(me);
  for (let i = 0; i < n; i++) {
    const id = ids[k.handTile(me, i)] as string;
    if (id === tile) return i;
    if (tile === undefined && id !== ids[k.handTile(me, 0)]) return -1;
  }
  return tile === undefined && n > 0 ? 0 : -1;
}

/** The tiles of `player`'s hand, in order (empty without hands). */
export function handIds(k: Kernel, player: number): string[] {
  return Array.from({ length: k.handSize === 0 ? 0 : k.handCount(player) }, (_, i) => k.tables.ids[k.handTile(player, i)] as string);
}

/** Why `tile` is not a tile to play (see handSlot). */
function wrongTile(k: Kernel, tile: string | undefined): string {
  const hand = handIds(k, k.current).join(', ');
  if (tile === undefined) return `name the tile to play (tile): the hand holds ${hand}`;
  return `tile ${tile} is not in the hand, which holds ${hand}`;
}

/** The tile type a well-formed tile move places (with hands, the first of its kind in the hand), or -1. */
export function tileTypeOf(k: Kernel, move: TileMove): number {
  const slot = handSlot(k, move.tile);
  if (slot < 0) return -1;
  return k.handSize > 0 ? k.handTile(k.current, slot) : k.currentType;
}

/**
 * The code of a well-formed tile move of the current player (with hands, of the first slot holding
 * its tile), turned as given, or with `canonical` turned the smallest way that gives the same board
 * (as the kernel lists it).
 */
export function codeOfTile(k: Kernel, move: TileMove, canonical = false): number {
  const q = move.rotation / 90;
  const t = tileTypeOf(k, move);
  return tileCode(move.x, move.y, canonical ? (k.tables.sameBoard[t * 4 + q] as number) : q, handSlot(k, move.tile));
}

/**
 * The code of a well-formed action move at kernel `k`'s action step: its figure at the canonical
 * spot of the feature its spot names on the tile just placed (-1 for a spot that names none).
 */
export function codeOfAction(k: Kernel, move: MeepleMove | RecallMove | PassMove | ModuleMove): number {
  if (isModuleType(move.type) || (move.type === 'pass' && k.phase >= PHASE_STEP)) {
    const code = moduleCodeOf(k, move as ModuleMove);
    if (typeof code !== 'number') throw code;
    return code;
  }
  const m = move as MeepleMove | RecallMove | PassMove;
  if (m.type === 'pass') return PASS_CODE;
  if (m.type === 'recall') return actionCode(ACTION_RECALL, figureCode(m.kind));
  const p = k.placed;
  const t = k.pType[p] as number;
  const q = k.pRot[p] as number;
  const local = k.spotFeature(t, q, spotIndex(m.at));
  if (local < 0) return -1;
  return actionCode(ACTION_DEPLOY, figureCode(m.kind ?? 'follower'), k.tables.featSpot[(t * 4 + q) * MAXF + local] as number);
}

// The kernel's legal moves are written here, then searched: one buffer serves every call.
let listed: Int32Array | null = null;

/** Whether code is among the legal moves of the current step (a tile step's at its frontier cell only). */
function isListed(k: Kernel, code: number, cell: number): boolean {
  if (listed === null || listed.length < k.maxMoves) listed = new Int32Array(k.maxMoves);
  const n = k.legalMoveCodes(listed, cell);
  for (let i = 0; i < n; i++) if (listed[i] === code) return true;
  return false;
}

/** Why a well-formed tile move is not legal at the tile step, or null. */
function tileError(k: Kernel, move: TileMove): IllegalMoveError | null {
  const slot = handSlot(k, move.tile);
  if (slot < 0) return illegal('wrong-tile', wrongTile(k, move.tile));
  const current = k.tables.ids[k.currentType] as string;
  if (k.handSize === 0 && move.tile !== undefined && move.tile !== current)
    return illegal('wrong-tile', `the tile to place is ${current}, not ${move.tile}`);
  // Only the moves at the move's cell are listed; a cell off the frontier holds none (and a board
  // never reaches past the coordinates a code can hold).
  const cell = k.frontierIndex(move.x, move.y);
  if (cell >= 0 && isListed(k, codeOfTile(k, move, true), cell)) return null;
  const why = placementDiagnosis(k, tileTypeOf(k, move), move);
  if (why === null) throw new Error(`internal error: no legal move is ${JSON.stringify(move)}, yet none of its checks fails`);
  return why;
}

/** Why a placement of tile type t is refused, in a sentence; `null` when nothing is wrong with it. */
function placementDiagnosis(k: Kernel, t: number, move: TileMove): IllegalMoveError | null {
  const q = move.rotation / 90;
  const code = k.checkPlacement(t, q, move.x, move.y);
  if (code === PLACE_OCCUPIED) {
    const p = k.tileAt(move.x, move.y);
    return illegal('cell-occupied', `(${move.x}, ${move.y}) already holds tile ${k.tables.ids[k.pType[p] as number]}`);
  }
  if (code === PLACE_NOT_ADJACENT) {
    // The start tile in the bag (a house rule): the board is empty until the first tile.
    if (k.nPlaced === 0) return illegal('not-adjacent', `the board is empty: the first tile goes to (0, 0), not (${move.x}, ${move.y})`);
    return illegal('not-adjacent', `(${move.x}, ${move.y}) touches no tile: a tile must share an edge with a tile on the board`);
  }
  if (code >= PLACE_RULE) {
    // Each code is one the module declares (compile.ts checks), so one of ModuleMoveErrorCode. The
    // module's sentence reads the tile from the kernel's current tile: the move's, with hands.
    const held = k.currentType;
    k.setCurrentTile(t);
    try {
      const explain = k.rules.ruleset.explainPlacement[(code - PLACE_RULE) >> 4] as Ruleset['explainPlacement'][number];
      const why = explain(k, (code - PLACE_RULE) & 15);
      return illegal(why.code as MoveErrorCode, why.message);
    } finally {
      k.setCurrentTile(held);
    }
  }
  if (code >= PLACE_MISMATCH) {
    const d = code - PLACE_MISMATCH;
    const mine = EDGE_KINDS[k.tables.edgeKind[(t * 4 + q) * 4 + d] as number];
    const theirs = EDGE_KINDS[k.neighbourEdgeKind(move.x, move.y, d)];
    return illegal(
      'edge-mismatch',
      `${EDGE_NAMES[d]} edge: the tile has ${mine === 'city' ? 'a city' : `a ${mine}`}, the neighbour has ${theirs === 'city' ? 'a city' : `a ${theirs}`}`,
    );
  }
  return null;
}

/** Why a well-formed action move is not legal at kernel `k`'s action step, or null. */
function actionError(
  k: Kernel,
  names: readonly string[],
  expansions: readonly ExpansionName[],
  move: MeepleMove | RecallMove | PassMove,
): IllegalMoveError | null {
  const code = codeOfAction(k, move);
  if (code >= 0 && isListed(k, code, -1)) return null;
  const why = actionDiagnosis(k, names, expansions, move);
  if (why === null) throw new Error(`internal error: no legal move is ${JSON.stringify(move)}, yet none of its checks fails`);
  return why;
}

/** Why an action on the tile just placed is not legal, in a sentence; `null` when nothing is wrong with it. */
function actionDiagnosis(
  k: Kernel,
  names: readonly string[],
  expansions: readonly ExpansionName[],
  move: MeepleMove | RecallMove | PassMove,
): IllegalMoveError | null {
  const player = k.current;
  const name = names[player] ?? `player ${player}`;
  if (move.type === 'pass') return null;
  if (move.type === 'recall') {
    const kind = move.kind;
    const word = figureWord(kind);
    if (!figureInPlay(kind, expansions)) {
      return illegal(
        'nothing-to-recall',
        `${expansionTitle(figureExpansion(kind) as ExpansionName)} is not in play: there is no ${word} to take back`,
      );
    }
    const i = k.figureOf(player, figureCode(kind));
    if (i < 0) return illegal('nothing-to-recall', `${name}'s ${word} is not on the board`);
    const where = FEATURE_KINDS[k.kindOf(k.mSeg[i] as number)];
    return illegal(
      'nothing-to-recall',
      `this tile completes the ${where} of ${name}'s ${word}, which then scores as completed and comes home: ${withArticle(word)} is taken back only while its ${where} is incomplete`,
    );
  }
  const kind = move.kind ?? 'follower';
  const word = figureWord(kind);
  if (!figureInPlay(kind, expansions)) {
    return illegal(
      'figure-not-allowed',
      `${expansionTitle(figureExpansion(kind) as ExpansionName)} is not in play: there is no ${word} to deploy`,
    );
  }
  if (k.inSupply(player, figureCode(kind)) <= 0) {
    return illegal(
      'no-meeples-left',
      kind === 'follower' ? `${name} has no follower left in supply` : `${name}'s ${word} is already on the board`,
    );
  }
  const p = k.placed;
  const t = k.pType[p] as number;
  const q = k.pRot[p] as number;
  const at = move.at;
  const local = k.spotFeature(t, q, spotIndex(at));
  if (local < 0) {
    const tile = k.tables.ids[t] as string;
    return illegal('no-feature-at-spot', `${describeTile(tile, q * 90)} has nothing a meeple can stand on at ${at}`);
  }
  const T = k.tables;
  const featureKind = T.featKind[t * MAXF + local] as number;
  const F = k.rules.ruleset.figures;
  if (((F.spots[figureCode(kind) * T.types + t] as number) & (1 << local)) === 0) {
    const what = FEATURE_KINDS[featureKind] as string;
    const only = figureNames()
      .filter((f) => figureStands(f).includes(what))
      .map((f) => withArticle(figureWord(f)));
    if (only.length === 0) return illegal('figure-not-allowed', `nothing may stand on the ${what} (at ${at})`);
    // A module's kind of feature (past the base game's road, city, cloister and field) is named
    // with the figures that may stand on it.
    if (featureKind > K_FIELD)
      return illegal('figure-not-allowed', `a ${word} may not stand on a ${what} (at ${at}): only ${only.join(' or ')} may`);
    return illegal('figure-not-allowed', `the ${word} stands ${figurePlaces(kind)}, not on a ${what} (at ${at})`);
  }
  const r = k.find(k.segmentOf(p, local));
  if (joinsOwnMeeple(kind)) {
    // A figure that joins its owner's figures (the builder and the pig, rules-facts §e) goes on a
    // feature of the tile just placed that already holds one of the player's own meeples.
    if (k.holds(r, player)) return null;
    const what = FEATURE_KINDS[featureKind];
    const meeple = featureKind === K_FIELD ? 'farmer' : 'meeple';
    return illegal(
      'no-own-meeple',
      `the ${word} must join a ${what} that already holds one of ${name}'s ${meeple}s, and the ${what} at ${at} holds none`,
    );
  }
  if (k.figuresOn(r) > 0) {
    const what = FEATURE_KINDS[featureKind];
    return illegal('feature-occupied', `the ${what} at ${at} already has a meeple on it further along`);
  }
  return null;
}

/** The move object of a well-formed code of kernel `k`'s current step (see `core/move-code.ts`), naming the tile placed. */
export function moveOfCode(k: Kernel, code: number): Move {
  if (isModuleCode(code)) return moduleMoveOf(k, code);
  if (moveStep(code) === STEP_TILE) {
    const tile = k.tables.ids[k.handSize > 0 ? k.handTile(k.current, moveSlot(code)) : k.currentType] as string;
    return { type: 'tile', tile, x: moveX(code), y: moveY(code), rotation: (moveQ(code) * 90) as Rotation };
  }
  return actionOfCode(code);
}

/** The action move of a well-formed action step code. */
export function actionOfCode(code: number): MeepleMove | RecallMove | PassMove {
  const action = moveAction(code);
  if (action === ACTION_RECALL) return { type: 'recall', kind: figureNames()[moveFigure(code)] as MeepleKind };
  if (action === ACTION_DEPLOY)
    return { type: 'meeple', at: SPOTS[moveSpot(code)] as Spot, kind: figureNames()[moveFigure(code)] as MeepleKind };
  return { type: 'pass' };
}

/** The whole turn of a tile step's code and the code of its action (PASS_CODE for the tile alone), naming `tile`. */
export function turnOfCodes(tile: string | undefined, placed: number, action: number, after?: Kernel): TurnMove {
  const x = moveX(placed);
  const y = moveY(placed);
  const rotation = (moveQ(placed) * 90) as Rotation;
  if (isModuleCode(action)) {
    // A module's action names tiles of the board: written from `after`, the kernel with the tile placed.
    if (after === undefined) throw new Error('a turn with a module action is written from the kernel it was listed on');
    const act = moduleMoveOf(after, action);
    return tile === undefined ? { x, y, rotation, action: act } : { tile, x, y, rotation, action: act };
  }
  // Each shape written in one literal, its keys in one order: a spread costs several times as much.
  const kind = moveAction(action);
  if (kind === ACTION_DEPLOY) {
    const meeple = { at: SPOTS[moveSpot(action)] as Spot, kind: figureNames()[moveFigure(action)] as MeepleKind };
    return tile === undefined ? { x, y, rotation, meeple } : { tile, x, y, rotation, meeple };
  }
  if (kind === ACTION_RECALL) {
    const recall = figureNames()[moveFigure(action)] as MeepleKind;
    return tile === undefined ? { x, y, rotation, recall } : { tile, x, y, rotation, recall };
  }
  return tile === undefined ? { x, y, rotation } : { tile, x, y, rotation };
}

/** Refuses a view whose player to move has a hidden hand: only that player may list or check moves. */
export function refuseHidden(state: GameState, k: Kernel): void {
  if (!isViewRecord(state) || k.finished) return;
  if ((state.hands?.[k.current] as readonly (string | null)[] | undefined)?.includes(null)) {
    throw new StateError([
      {
        code: 'hidden-information',
        message: `the hand of player ${k.current}, to move, is hidden from this view: only that player's view lists its moves`,
      },
    ]);
  }
}
