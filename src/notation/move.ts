import { actionsOf, stepsOf } from '../rules/declared.js';
import { LIMITS } from '../core/limits.js';
import { NotationError, type NotationProblem } from '../core/errors.js';
import { ROTATIONS, type Rotation, SPOTS, type Spot } from '../core/geometry.js';
import { checked } from '../api/state/kernels.js';
import { isTurn, readMove as readMoveData } from '../api/play/legality.js';
import type { AnyMove } from '../api/types.js';
import { legalMoves } from '../api/play/list.js';
import { figureNames, recallable } from '../api/options/figure-kinds.js';
import type { GameState, MeepleDeploy, MeepleKind, ModuleMove, PlayerView, TileId } from '../api/types.js';
import { tileFeatures } from '../rules/catalogue.js';
import type { FeatureKind } from '../tiles/tile-types.js';
import { after, problemAt, type Word, wordsOf } from './text.js';

// The move notation (docs/notation.md): a whole turn `U -1,0 r90 farmer NNW`, its tile step alone
// `U -1,0 r90 then`, an action alone `farmer NNW`, `recall abbot`, `pass`.

/** An example of a recall (e.g. ` (e.g. recall abbot)`), from the figure kinds taken back, or ''. */
function recallExample(): string {
  const kind = figureNames().find(recallable);
  return kind === undefined ? '' : ` (e.g. recall ${kind})`;
}

/** The word that ends a tile step written alone: its action follows. */
export const THEN = 'then';
/** The word of the pass, an action alone. */
export const PASS = 'pass';

/** The feature kind each role word of a follower names. */
export const roleKind = (word: string): FeatureKind | null => (Object.hasOwn(ROLE_KINDS, word) ? (ROLE_KINDS[word] as FeatureKind) : null);

/** The word for a follower by the kind of feature it stands on (a knight in a city…). */
export const ROLES: Readonly<Partial<Record<FeatureKind, string>>> = { city: 'knight', road: 'thief', field: 'farmer', cloister: 'monk' };
const ROLE_KINDS: Readonly<Record<string, FeatureKind>> = { knight: 'city', thief: 'road', farmer: 'field', monk: 'cloister' };

export const TILE = (): RegExp => /^[A-Za-z][A-Za-z0-9-]*$/;
export const POSITION = (): RegExp => /^(-?\d{1,3}),(-?\d{1,3})$/;
export const ROTATION = (): RegExp => /^r(\d+)$/;

/** The rotation a word `rN` gives (0 when `word` is no such word: the rotation was left out); a bad N is noted. */
export function readRotation(word: Word | undefined, bad: (at: Word, message: string) => void): Rotation {
  const turned = word === undefined ? null : ROTATION().exec(word.text);
  if (turned === null) return 0;
  const q = Number(turned[1]);
  if (ROTATIONS.includes(q as Rotation)) return q as Rotation;
  bad(word as Word, `"${(word as Word).text}" is not a rotation: r0, r90, r180 or r270`);
  return 0;
}

/** A move read from words (see readMove), or the problems found. */
export type MoveRead =
  | { readonly move: AnyMove; readonly role: { word: Word; kind: FeatureKind } | null }
  | { readonly problems: NotationProblem[] };

/** Whether a word begins an action written alone: a figure, a role, `recall` or `pass`. */
const isActionWord = (text: string): boolean =>
  text === 'recall' || text === PASS || Object.hasOwn(ROLE_KINDS, text) || figureNames().includes(text as MeepleKind);

/**
 * Reads a move from `words` (all of them): `tile x,y [rN] [figure spot | recall figure | then]`, or
 * an action alone, `figure spot`, `recall figure` or `pass`. `number` is the move number that
 * problems name (null outside a record).
 */
export function readMove(words: readonly Word[], number: number | null): MoveRead {
  const problems: NotationProblem[] = [];
  const bad = (w: { line: number; column: number }, message: string) => problems.push(problemAt(w, number, message));
  const [tile, place] = words;
  if (tile !== undefined && isModuleMoveWord(tile.text)) {
    const read = readModuleMove(words, 0, number);
    return 'problems' in read ? read : { move: read.move, role: null };
  }
  if (tile !== undefined && isActionWord(tile.text)) return readAction(words, number);
  if (tile === undefined) return { problems: [problemAt({ line: 1, column: 1 }, number, 'a move names its tile first (e.g. U -1,0 r90)')] };
  if (!TILE().test(tile.text)) bad(tile, `"${tile.text}" is not a tile id (a move begins with its tile, e.g. U or IC-D)`);
  const at = place === undefined ? null : POSITION().exec(place.text);
  if (place === undefined) bad(after(tile), 'the position x,y is missing after the tile');
  else if (at === null) bad(place, `"${place.text}" is not a position x,y (e.g. -1,0)`);
  const rotation = readRotation(words[2], bad);
  const i = words[2] !== undefined && ROTATION().test(words[2].text) ? 3 : 2;
  let meeple: MeepleDeploy | null = null;
  let recall: MeepleKind | null = null;
  let role: { word: Word; kind: FeatureKind } | null = null;
  const what = words[i];
  const then = what?.text === THEN;
  if (then) {
    const extra = words[i + 1];
    if (extra !== undefined) bad(extra, `"${extra.text}" after "${THEN}": a tile written alone ends there, its action follows`);
  } else if (what !== undefined && isModuleMoveWord(what.text)) {
    // A rule module's action instead of a figure: its type, then its fields.
    const read = readModuleMove(words, i, number);
    if ('problems' in read) return read;
    if (problems.length > 0) return { problems };
    const x = Number((at as RegExpExecArray)[1]) + 0;
    const y = Number((at as RegExpExecArray)[2]) + 0;
    return { move: { tile: tile.text, x, y, rotation, action: read.move }, role: null };
  } else if (what !== undefined) {
    const second = words[i + 1];
    const figures = figureNames();
    if (what.text === 'recall') {
      if (second === undefined) bad(after(what), `recall names the figure taken back${recallExample()}`);
      else if (!figures.includes(second.text as MeepleKind) || !recallable(second.text as MeepleKind))
        bad(second, `"${second.text}" is not a figure that can be taken back (${figures.filter(recallable).join(', ')})`);
      else recall = second.text as MeepleKind;
    } else {
      const kind = Object.hasOwn(ROLE_KINDS, what.text)
        ? 'follower'
        : figures.includes(what.text as MeepleKind)
          ? (what.text as MeepleKind)
          : null;
      if (kind === null) {
        bad(what, `"${what.text}" is not a figure: ${[...figures, ...Object.keys(ROLE_KINDS)].join(', ')}, recall, or ${THEN}`);
      } else if (second === undefined) bad(after(what), `the spot of the ${what.text} is missing (one of ${SPOTS.join(' ')})`);
      else if (!SPOTS.includes(second.text as Spot)) bad(second, `"${second.text}" is not a spot: ${SPOTS.join(' ')}`);
      else {
        meeple = { at: second.text as Spot, kind };
        if (Object.hasOwn(ROLE_KINDS, what.text)) role = { word: what, kind: ROLE_KINDS[what.text] as FeatureKind };
      }
    }
    const extra = words[i + 2];
    if (extra !== undefined) bad(extra, `"${extra.text}" after the move: a move ends with its figure and spot`);
  }
  if (problems.length > 0) return { problems };
  const x = Number((at as RegExpExecArray)[1]) + 0;
  const y = Number((at as RegExpExecArray)[2]) + 0;
  if (then) return { move: { type: 'tile', tile: tile.text, x, y, rotation }, role: null };
  const move: AnyMove = {
    tile: tile.text,
    x,
    y,
    rotation,
    ...(meeple === null ? {} : { meeple }),
    ...(recall === null ? {} : { recall }),
  };
  return { move, role };
}

/** Reads an action written alone: `figure spot`, `recall figure` or `pass`. */
function readAction(words: readonly Word[], number: number | null): MoveRead {
  const problems: NotationProblem[] = [];
  const bad = (w: { line: number; column: number }, message: string) => problems.push(problemAt(w, number, message));
  const [what, second] = words as [Word, Word | undefined];
  const figures = figureNames();
  let move: AnyMove = { type: 'pass' };
  let role: { word: Word; kind: FeatureKind } | null = null;
  let used = 1;
  if (what.text === 'recall') {
    used = 2;
    if (second === undefined) bad(after(what), `recall names the figure taken back${recallExample()}`);
    else if (!figures.includes(second.text as MeepleKind) || !recallable(second.text as MeepleKind))
      bad(second, `"${second.text}" is not a figure that can be taken back (${figures.filter(recallable).join(', ')})`);
    else move = { type: 'recall', kind: second.text as MeepleKind };
  } else if (what.text !== PASS) {
    used = 2;
    const kind = Object.hasOwn(ROLE_KINDS, what.text) ? 'follower' : (what.text as MeepleKind);
    if (second === undefined) bad(after(what), `the spot of the ${what.text} is missing (one of ${SPOTS.join(' ')})`);
    else if (!SPOTS.includes(second.text as Spot)) bad(second, `"${second.text}" is not a spot: ${SPOTS.join(' ')}`);
    else {
      move = { type: 'meeple', at: second.text as Spot, kind };
      if (Object.hasOwn(ROLE_KINDS, what.text)) role = { word: what, kind: ROLE_KINDS[what.text] as FeatureKind };
    }
  }
  const extra = words[used];
  if (extra !== undefined) bad(extra, `"${extra.text}" after the action: an action ends with its figure and spot`);
  return problems.length > 0 ? { problems } : { move, role };
}

/**
 * Problems of a move read against the game it is played in: the step it belongs to, the tile to
 * place, the role word.
 */
export function moveInGame(
  move: AnyMove,
  role: { word: { text: string; line: number; column: number }; kind: FeatureKind } | null,
  first: { line: number; column: number },
  state: GameState | PlayerView,
  number: number | null,
): NotationProblem[] {
  if (state.status === 'finished') return [problemAt(first, number, 'the game is over: no move is played')];
  const placing = isTurn(move) || move.type === 'tile';
  if (placing !== (state.step === 'tile'))
    return [
      problemAt(
        first,
        number,
        placing
          ? 'the tile is placed: the turn goes on with its action (a figure and its spot, recall, or pass)'
          : 'the tile is not placed yet: the turn begins with the tile',
      ),
    ];
  let spot: { tile: string; rotation: Rotation; at: Spot } | null = null;
  if (placing) {
    const m = move as { tile: string; rotation: Rotation; meeple?: MeepleDeploy | null };
    const tiles = new Set(legalMoves(state).flatMap((l) => (l.type === 'tile' && l.tile !== undefined ? [l.tile] : [])));
    if (!tiles.has(m.tile) && (state.hands === null ? state.currentTile !== m.tile : true)) {
      const which =
        state.hands === null
          ? `the tile to place is ${state.currentTile}`
          : `the tiles of the hand are ${[...tiles].join(', ') || 'none that fit'}`;
      return [problemAt(first, number, `tile ${m.tile} is not the tile to play: ${which}`)];
    }
    if (m.meeple) spot = { tile: m.tile, rotation: m.rotation, at: m.meeple.at };
  } else if (move.type === 'meeple') {
    const placed = state.placements[state.placements.length - 1];
    if (placed !== undefined) spot = { tile: placed.tile, rotation: placed.rotation, at: move.at };
  }
  if (role !== null && spot !== null) {
    const { tile, rotation, at } = spot;
    const kind = tileFeatures(tile as TileId, rotation)?.features.find((f) => f.spots.includes(at))?.kind;
    if (kind !== undefined && kind !== role.kind)
      return [
        problemAt(
          role.word,
          number,
          `a ${role.word.text} stands on a ${role.kind}, but spot ${at} of ${tile} turned ${rotation} is a ${kind}${ROLES[kind] === undefined ? '' : `: a ${ROLES[kind]}`}`,
        ),
      ];
  }
  return [];
}

/**
 * Reads a move written in the move notation (docs/notation.md): a whole turn, the tile, its
 * position, its rotation (`r0` when left out), then a figure and its spot, or `recall` and a
 * figure; or the tile step alone, ending with `then`; or an action alone: a figure and its spot,
 * `recall` and a figure, or `pass`. A follower may be written by its role: `knight` (city),
 * `thief` (road), `farmer` (field), `monk` (cloister). With `state`, the move must be of the
 * current step, the tile the one to play and a role word must match the feature at the spot;
 * whether the move is legal is `validateMove`'s to say. Throws {@link NotationError} listing every
 * problem, each with its column.
 *
 * @example
 * ```ts
 * import { parseMove } from 'carcassonne-engine/notation';
 *
 * console.log(JSON.stringify(parseMove('U -1,0 r90 farmer NNW'))); // → {"tile":"U","x":-1,"y":0,"rotation":90,"meeple":{"at":"NNW","kind":"follower"}}
 * console.log(JSON.stringify(parseMove('U -1,0 r90 then'))); // → {"type":"tile","tile":"U","x":-1,"y":0,"rotation":90}
 * console.log(JSON.stringify(parseMove('knight N')), JSON.stringify(parseMove('pass'))); // → {"type":"meeple","at":"N","kind":"follower"} {"type":"pass"}
 * ```
 */
export function parseMove(text: string, state?: GameState | PlayerView): AnyMove {
  if (typeof text !== 'string') throw new NotationError([problemAt({ line: 1, column: 1 }, null, 'a move is written as text')]);
  if (text.length > LIMITS.textLength) {
    throw new NotationError([
      problemAt({ line: 1, column: 1 }, null, `a move is at most ${LIMITS.textLength} characters long, not ${text.length}`),
    ]);
  }
  if (/[\r\n]/.test(text))
    throw new NotationError([problemAt({ line: 1, column: text.search(/[\r\n]/) + 1 }, null, 'a move is written on one line')]);
  const words = wordsOf(text, 1);
  const read = readMove(words, null);
  if ('problems' in read) throw new NotationError(read.problems);
  if (state !== undefined) {
    const problems = moveInGame(read.move, read.role, words[0] as Word, state, null);
    if (problems.length > 0) throw new NotationError(problems);
  }
  return read.move;
}

/**
 * Writes a move of the game at `state` in the move notation: a whole turn as the tile (the move's,
 * else the tile to place), the position, the rotation when not 0, then the figure and its spot (a
 * follower by its role: knight, thief, farmer, monk) or `recall` and the figure; a tile step alone
 * ending with `then`; an action alone as its figure and spot, `recall` and the figure, or `pass`.
 * {@link parseMove} reads it back.
 *
 * @example
 * ```ts
 * import { applyMove, createGame, legalMoves, legalTurns } from 'carcassonne-engine';
 * import { makeMove } from 'carcassonne-engine/notation';
 *
 * const state = createGame({ players: 2, seed: 1, drawOrder: ['E'] });
 * console.log(legalTurns(state).slice(0, 3).map((m) => makeMove(state, m))); // → [ 'E 0,-1 r180', 'E 0,-1 r180 knight S', 'E 0,-1 r180 farmer NNW' ]
 * const tile = legalMoves(state)[0]!;
 * const placed = applyMove(state, tile);
 * console.log(makeMove(state, tile), legalMoves(placed).slice(0, 2).map((m) => makeMove(placed, m))); // → E 0,-1 r180 then [ 'pass', 'knight S' ]
 * ```
 */
export function makeMove(input: GameState | PlayerView, asked: AnyMove): string {
  const { state } = checked(input);
  const { move, error } = readMoveData(asked);
  if (error !== null) throw error;
  if (!isTurn(move) && move.type !== 'tile') {
    if (move.type === 'pass') return PASS;
    if (move.type === 'recall') return `recall ${move.kind}`;
    if (move.type !== 'meeple') return moduleWords(move).join(' ');
    const placed = state.placements[state.placements.length - 1];
    return [figureWord(move.kind ?? 'follower', placed?.tile ?? '?', placed?.rotation ?? 0, move.at), move.at].join(' ');
  }
  const tile = move.tile ?? state.currentTile ?? state.hands?.[state.currentPlayer]?.[0] ?? '?';
  const words = [tile, `${move.x + 0},${move.y + 0}`];
  if (move.rotation !== 0) words.push(`r${move.rotation}`);
  if (!isTurn(move)) words.push(THEN);
  else if ((move.meeple ?? null) !== null) {
    const m = move.meeple as MeepleDeploy;
    words.push(figureWord(m.kind ?? 'follower', tile, move.rotation, m.at), m.at);
  } else if ((move.recall ?? null) !== null) words.push('recall', move.recall as string);
  else if ((move.action ?? null) !== null) words.push(...moduleWords(move.action as ModuleMove));
  return words.join(' ');
}

/** Whether a word names a rule module's move type (its action or one of its steps). */
const isModuleMoveWord = (word: string): boolean => actionsOf().some((m) => m.action === word) || stepsOf().some((st) => st.name === word);

/**
 * A rule module's move from words[from]: its type, then each field as `key=value`, a whole number
 * read as a number and `null` as null (what `moduleWords` writes). The module checks the fields
 * when the move is played.
 */
function readModuleMove(
  words: readonly Word[],
  from: number,
  number: number | null,
): { move: ModuleMove } | { problems: NotationProblem[] } {
  const problems: NotationProblem[] = [];
  const type = (words[from] as Word).text;
  const move: Record<string, unknown> = { type };
  for (const w of words.slice(from + 1)) {
    const eq = w.text.indexOf('=');
    const key = w.text.slice(0, eq);
    if (eq <= 0 || key === 'type' || Object.hasOwn(move, key)) {
      problems.push(problemAt(w, number, `"${w.text}" is not a field of the ${type} move: write each field once as key=value (e.g. x=1)`));
      continue;
    }
    const text = w.text.slice(eq + 1);
    move[key] = text === 'null' ? null : /^-?\d{1,9}$/.test(text) ? Number(text) + 0 : text;
  }
  return problems.length > 0 ? { problems } : { move: move as ModuleMove };
}

/** A rule module's move as words: its type, then each field as `key=value` (`null` for null). */
function moduleWords(move: ModuleMove): string[] {
  return [move.type, ...Object.entries(move).flatMap(([key, v]) => (key === 'type' ? [] : [`${key}=${v === null ? 'null' : String(v)}`]))];
}

/** How a figure is written: a follower by its role on the feature at `at` of `tile` turned so, else its kind. */
function figureWord(kind: MeepleKind, tile: string, rotation: Rotation, at: Spot): string {
  const feature = tileFeatures(tile, rotation as Rotation)?.features.find((f) => f.spots.includes(at))?.kind;
  return kind === 'follower' && feature !== undefined ? (ROLES[feature] ?? kind) : kind;
}
