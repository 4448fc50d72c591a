import { IllegalMoveError, type MoveErrorCode } from '../core/errors.js';
import { EDGE_NAMES, isRotation, type Rotation, SPOTS, type Spot, spotIndex } from '../core/geometry.js';
import { isRecord, show } from '../core/guards.js';
import { MOVE_INPUT } from '../core/limits.js';
import { readPlain } from '../core/plain.js';
import { ACTION_RECALL, MOVE_SLOT_SHIFT, moveAction, moveFigure, moveQ, moveSpot, moveX, moveY, packMove } from '../core/move-code.js';
import {
  type Kernel,
  PLACE_MISMATCH,
  PLACE_NOT_ADJACENT,
  PLACE_OCCUPIED,
  PLACE_RULE,
  type Ruleset,
  EDGE_KIND_NAMES,
  FEATURE_KIND_NAMES,
  K_FIELD,
  K_GARDEN,
  K_RIVER,
  MAXF,
} from '../kernel/index.js';
import type { ExpansionName } from '../core/vocabulary.js';
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
} from './figures.js';
import type { MeepleKind, Move } from './types.js';

// Moves: their form, their legality (with a sentence for every way to fail) and their codes.

const MOVE_KEYS = ['x', 'y', 'rotation', 'tile', 'meeple', 'recall'];
const MEEPLE_KEYS = ['at', 'kind'];

function illegal(code: MoveErrorCode, message: string): IllegalMoveError {
  return new IllegalMoveError(code, message);
}

/**
 * A move as plain data (a copy: no getter runs, `-0` is `0`, fields set to `undefined` are absent),
 * of the right form; or the {@link IllegalMoveError} (`malformed-move`, `unknown-spot`) saying why not.
 */
export function readMove(
  move: unknown,
): { readonly move: Move; readonly error: null } | { readonly move: null; readonly error: IllegalMoveError } {
  const quick = quickCopy(move, true);
  if (quick !== null) {
    const shape = shapeError(quick);
    return shape === null ? { move: quick as unknown as Move, error: null } : { move: null, error: shape };
  }
  const read = readPlain(move, 'the move', MOVE_INPUT);
  if (!read.ok) return { move: null, error: illegal('malformed-move', read.message) };
  const shape = shapeError(read.value);
  return shape === null ? { move: read.value as Move, error: null } : { move: null, error: shape };
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
    if (keys.length > 6 || Object.getOwnPropertySymbols(v).length !== 0) return null;
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
    return illegal('malformed-move', 'a move must be an object such as { x: 1, y: 0, rotation: 90 }');
  }
  const m = move as Record<string, unknown>;
  for (const key of Object.keys(m)) {
    if (!MOVE_KEYS.includes(key)) return illegal('malformed-move', `a move has no field "${key}" (fields: ${MOVE_KEYS.join(', ')})`);
  }
  if (!Number.isInteger(m.x) || !Number.isInteger(m.y)) return illegal('malformed-move', 'x and y must be whole numbers');
  if (!isRotation(m.rotation)) return illegal('malformed-move', `rotation must be 0, 90, 180 or 270, not ${show(m.rotation)}`);
  if (m.tile !== undefined && typeof m.tile !== 'string') return illegal('malformed-move', 'tile, when given, must be a tile id');
  if (m.meeple !== undefined && m.meeple !== null) {
    const d = m.meeple;
    if (!isRecord(d)) return illegal('malformed-move', 'meeple must be an object such as { at: "N" }');
    for (const key of Object.keys(d)) {
      if (!MEEPLE_KEYS.includes(key)) return illegal('malformed-move', `meeple has no field "${key}" (fields: at, kind)`);
    }
    const { at, kind } = d as Record<string, unknown>;
    if (typeof at !== 'string' || spotIndex(at) < 0) {
      return illegal('unknown-spot', `meeple.at must be one of ${SPOTS.join(', ')}, not ${show(at)}`);
    }
    if (kind !== undefined && !isFigureKind(kind)) {
      return illegal('malformed-move', `meeple.kind must be ${either(figureNames())}, not ${show(kind)}`);
    }
  }
  if (m.recall !== undefined && m.recall !== null && !(isFigureKind(m.recall) && recallable(m.recall))) {
    const kinds = figureNames().filter(recallable);
    return illegal('malformed-move', `recall, when given, must be ${either(kinds)} (the figure taken back), not ${show(m.recall)}`);
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

/**
 * Why `move` is not legal for the current player of kernel `k`, or `null` when it is (`validateMove`,
 * `applyMove` and the check of saved states all ask here). A move is legal when it is one of the
 * kernel's legal moves (the same list `legalMoves` gives, up to rotations that give the same board
 * and spots that name the same feature); otherwise a diagnosis says why, with a sentence for each
 * way a move can fail. `names` are the players' names, for messages.
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
  const m = move as Move;
  const slot = handSlot(k, m.tile);
  if (slot < 0) return illegal('wrong-tile', wrongTile(k, m.tile));
  const current = k.tables.ids[k.currentType] as string;
  if (k.handSize === 0 && m.tile !== undefined && m.tile !== current)
    return illegal('wrong-tile', `the tile to place is ${current}, not ${m.tile}`);
  // With hands, the move's tile is the current tile while it is checked.
  const held = k.currentType;
  if (k.handSize > 0) k.setCurrentTile(k.handTile(k.current, slot));
  try {
    if (isListed(k, m, slot)) return null;
    const why = diagnosis(k, names, expansions, m);
    if (why === null) throw new Error(`internal error: no legal move is ${JSON.stringify(move)}, yet none of its checks fails`);
    return why;
  } finally {
    k.setCurrentTile(held);
  }
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

/** The code of a well-formed move of the tile in slot `slot` of the current player's hand (0 without hands). */
export function codeOfHandMove(k: Kernel, move: Move, slot: number): number {
  const code = codeOfMove(k, move);
  return code < 0 ? code : code | (slot << MOVE_SLOT_SHIFT);
}

/**
 * The code of a well-formed move for the current tile of kernel `k`: its figure at the canonical
 * spot of the feature its spot names (-1 for a spot that names none), and its rotation as given.
 */
export function codeOfMove(k: Kernel, move: Move, q = move.rotation / 90): number {
  const m = move.meeple ?? null;
  let si = -1;
  if (m !== null) {
    const t = k.currentType;
    const local = k.spotFeature(t, move.rotation / 90, spotIndex(m.at));
    if (local < 0) return -1;
    si = k.tables.featSpot[(t * 4 + move.rotation / 90) * MAXF + local] as number;
  }
  if (move.recall !== undefined && move.recall !== null)
    return m === null ? packMove(move.x, move.y, q, -1, figureCode(move.recall), ACTION_RECALL) : -1;
  return packMove(move.x, move.y, q, si, m === null ? 0 : figureCode(m.kind ?? 'follower'));
}

// The kernel's legal moves are written here, then searched: one buffer serves every call.
let listed: Int32Array | null = null;

/** Whether the move is among the kernel's legal moves (which list one rotation per board). */
function isListed(k: Kernel, move: Move, slot: number): boolean {
  // Only the moves at the move's cell are listed; a cell off the frontier holds none (and a board
  // never reaches past the coordinates a code can hold).
  const cell = k.frontierIndex(move.x, move.y);
  const plain = codeOfMove(k, move, k.tables.sameBoard[k.currentType * 4 + move.rotation / 90] as number);
  if (cell < 0 || plain < 0) return false;
  const code = plain | (slot << MOVE_SLOT_SHIFT);
  if (listed === null || listed.length < k.maxMoves) listed = new Int32Array(k.maxMoves);
  const n = k.legalMoveCodes(listed, cell);
  for (let i = 0; i < n; i++) if (listed[i] === code) return true;
  return false;
}

/** Why a well-formed move of the current tile is not legal, in a sentence; `null` when nothing is wrong with it. */
function diagnosis(k: Kernel, names: readonly string[], expansions: readonly ExpansionName[], move: Move): IllegalMoveError | null {
  const current = k.tables.ids[k.currentType] as string;
  const t = k.currentType;
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
    // Each code is one the module declares (compile.ts checks), so one of ModuleMoveErrorCode.
    const explain = k.rules.ruleset.explainPlacement[(code - PLACE_RULE) >> 4] as Ruleset['explainPlacement'][number];
    const why = explain(k, (code - PLACE_RULE) & 15);
    return illegal(why.code as MoveErrorCode, why.message);
  }
  if (code >= PLACE_MISMATCH) {
    const d = code - PLACE_MISMATCH;
    const mine = EDGE_KIND_NAMES[k.tables.edgeKind[(t * 4 + q) * 4 + d] as number];
    const theirs = EDGE_KIND_NAMES[k.neighbourEdgeKind(move.x, move.y, d)];
    return illegal(
      'edge-mismatch',
      `${EDGE_NAMES[d]} edge: the tile has ${mine === 'city' ? 'a city' : `a ${mine}`}, the neighbour has ${theirs === 'city' ? 'a city' : `a ${theirs}`}`,
    );
  }
  const player = k.current;
  const name = names[player] ?? `player ${player}`;
  const deploys = move.meeple !== undefined && move.meeple !== null;
  if (move.recall !== undefined && move.recall !== null) {
    const kind = move.recall;
    const word = figureWord(kind);
    if (deploys) return illegal('deploy-and-recall', `a move deploys a meeple or takes the ${word} back, not both`);
    if (!figureInPlay(kind, expansions)) {
      return illegal(
        'nothing-to-recall',
        `${expansionTitle(figureExpansion(kind) as ExpansionName)} is not in play: there is no ${word} to take back`,
      );
    }
    const i = k.figureOf(player, figureCode(kind));
    if (i < 0) return illegal('nothing-to-recall', `${name}'s ${word} is not on the board`);
    if (k.recallBlocked(player, figureCode(kind), move.x, move.y)) {
      const where = FEATURE_KIND_NAMES[k.kindOf(k.mSeg[i] as number)];
      return illegal(
        'nothing-to-recall',
        `this tile completes the ${where} of ${name}'s ${word}, which then scores as completed and comes home: ${withArticle(word)} is taken back only while its ${where} is incomplete`,
      );
    }
    return null;
  }
  if (!deploys) return null;
  const meeple = move.meeple as NonNullable<Move['meeple']>;
  const kind = meeple.kind ?? 'follower';
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
  const at = meeple.at;
  const local = k.spotFeature(t, q, spotIndex(at));
  if (local < 0) {
    return illegal('no-feature-at-spot', `${describeTile(current, move.rotation)} has nothing a meeple can stand on at ${at}`);
  }
  const T = k.tables;
  const featureKind = T.featKind[t * MAXF + local] as number;
  const F = k.rules.ruleset.figures;
  if (((F.spots[figureCode(kind) * T.types + t] as number) & (1 << local)) === 0) {
    const what = FEATURE_KIND_NAMES[featureKind];
    if (featureKind === K_RIVER) return illegal('figure-not-allowed', `nothing may stand on the river (at ${at})`);
    if (featureKind === K_GARDEN) {
      const only = figureNames()
        .filter((f) => figureStands(f).includes('garden'))
        .map((f) => withArticle(figureWord(f)));
      return illegal('figure-not-allowed', `a ${word} may not stand on a garden (at ${at}): only ${only.join(' or ')} may`);
    }
    return illegal('figure-not-allowed', `the ${word} stands ${figurePlaces(kind)}, not on a ${what} (at ${at})`);
  }
  if (joinsOwnMeeple(kind)) {
    // A figure that joins its owner's figures (the builder and the pig, rules-facts §e) goes on a
    // feature of the tile just placed that already holds one of the player's own meeples.
    if ((k.ownFeatures(t, q, move.x, move.y, player) & (1 << local)) !== 0) return null;
    const what = FEATURE_KIND_NAMES[featureKind];
    const meeple = featureKind === K_FIELD ? 'farmer' : 'meeple';
    return illegal(
      'no-own-meeple',
      `the ${word} must join a ${what} that already holds one of ${name}'s ${meeple}s, and the ${what} at ${at} holds none`,
    );
  }
  if ((k.freeFeatures(t, q, move.x, move.y) & (1 << local)) === 0) {
    const kind = FEATURE_KIND_NAMES[k.tables.featKind[t * MAXF + local] as number];
    return illegal('feature-occupied', `the ${kind} at ${at} already has a meeple on it further along`);
  }
  return null;
}

/** The move object of a well-formed move code (see `core/move-code.ts`), naming `tile` when given. */
export function moveOfCode(code: number, tile?: string): Move {
  const x = moveX(code);
  const y = moveY(code);
  const rotation = (moveQ(code) * 90) as Rotation;
  const si = moveSpot(code);
  if (moveAction(code) === ACTION_RECALL) {
    const recall = figureNames()[moveFigure(code)] as MeepleKind;
    return tile === undefined ? { x, y, rotation, recall } : { tile, x, y, rotation, recall };
  }
  if (si < 0) return tile === undefined ? { x, y, rotation } : { tile, x, y, rotation };
  const meeple = { at: SPOTS[si] as Spot, kind: figureNames()[moveFigure(code)] as MeepleKind };
  return tile === undefined ? { x, y, rotation, meeple } : { tile, x, y, rotation, meeple };
}
