import { LIMITS, MOVE_INPUT, OPTIONS_INPUT } from '../core/limits.js';
import { readPlain } from '../core/plain.js';
import { isKnown } from '../api/state/kernels.js';
import { NotationError, type NotationProblem, SetupError } from '../core/errors.js';
import { SPOTS, type Spot } from '../core/geometry.js';
import { isRecord } from '../core/guards.js';
import { figureInPlay, figureKinds, supplyKeysOf } from '../api/options/figure-kinds.js';
import { tokenDefs } from '../rules/declared.js';
import { setupOf, validateSetup } from '../api/setup/setup.js';
import type { ExtraTurn, GameState, MeepleKind, PlayerView, Setup, SetupFigure, SetupTile, TileId } from '../api/types.js';
import { tileFeatures } from '../rules/catalogue.js';
import { RULE_MODULES } from '../rules/registry.js';
import { POSITION, ROLES, ROTATION, readRotation, roleKind, TILE } from './move.js';
import { changedRules } from './changed-rules.js';
import { problemAt, type Word, wordsOf } from './text.js';

// The position notation (docs/notation.md): a set-up position as a few lines, or one line with
// ` / ` between its fields.

/** The fields of a position, in order: each module's tokens (e.g. goods) after the supplies. */
const fieldNames = (): string[] => [
  'game',
  'board',
  'scores',
  'supplies',
  ...tokenDefs().map((tk) => tk.key),
  'modules',
  'turn',
  'hands',
  'left',
];
/** The fields followed by a JSON object: the options, and the rule modules' parts. */
const JSON_FIELDS: Readonly<Record<string, string>> = {
  game: 'the options as a JSON object, e.g. {"players":["Ann","Bob"]}',
  modules: "the rule modules' parts as a JSON object, by module name, as a state's modules field writes them",
};
const GAME_KEYS = ['players', 'seed', 'tileSet', 'edition', 'expansions', 'rules'];
const OWNER = (): RegExp => /^p(\d{1,2})$/;
const COUNT = (): RegExp => /^\d{1,7}$/;
/** What the modules call the extra tiles they give (`GameState.extraTurn`). */
const extraTurns = (): string[] => RULE_MODULES.flatMap((m) => (m.extraTurn === undefined ? [] : [m.extraTurn]));

/** A field of a position: its keyword, and its body split into `;` entries of words. */
interface Field {
  readonly keyword: Word;
  readonly entries: readonly Word[][];
  /** The `game` field's JSON value. */
  readonly json?: unknown;
}

/**
 * Reads a position (docs/notation.md) into a {@link Setup} for `setupGame`: the fields `game`
 * (the options, as JSON), `board` (tiles as in the move notation, each with its figures: owner,
 * figure or role, spot), `scores`, `supplies`, `goods`, `turn` (the player to move, the tile to
 * place or `-`, and `builder` or `hole` for an extra tile), `hands` and `left` (`rest`, `-` or the
 * tiles in draw order), one per line or separated by ` / `. Only `board` is required. Whether the
 * position is one the rules go on from is `setupGame`'s to say. Throws {@link NotationError}
 * listing every problem with its line and column.
 *
 * @example
 * ```ts
 * import { setupGame } from 'carcassonne-engine';
 * import { parsePosition } from 'carcassonne-engine/notation';
 *
 * const setup = parsePosition('game {"players":["Ann","Bob"]} / board D 0,0; G 0,-1 r90 p0 knight N / scores 10 12 / turn p0 E');
 * console.log(JSON.stringify(setup.figures), setup.currentTile); // → [{"owner":0,"kind":"follower","x":0,"y":-1,"at":"N"}] E
 * console.log(setupGame(setup).players[0]?.meeples); // → 6
 * ```
 */
export function parsePosition(text: string): Setup {
  if (typeof text !== 'string') throw new NotationError([problemAt({ line: 1, column: 1 }, null, 'a position is written as text')]);
  if (text.length > LIMITS.textLength) {
    throw new NotationError([
      problemAt({ line: 1, column: 1 }, null, `a position is at most ${LIMITS.textLength} characters long, not ${text.length}`),
    ]);
  }
  const problems: NotationProblem[] = [];
  const bad = (at: { line: number; column: number }, message: string) => problems.push(problemAt(at, null, message));
  const fields = new Map<string, Field>();
  splitFields(text, bad).forEach((f) => {
    if (!fieldNames().includes(f.keyword.text))
      bad(f.keyword, `"${f.keyword.text}" is not a field of a position: ${fieldNames().join(', ')}`);
    else if (fields.has(f.keyword.text)) bad(f.keyword, `the field ${f.keyword.text} is written twice`);
    else fields.set(f.keyword.text, f);
  });
  const out: Record<string, unknown> = {};
  const game = fields.get('game');
  if (game !== undefined) {
    if (!isRecord(game.json)) bad(game.keyword, 'game is followed by the options as a JSON object, e.g. {"players":["Ann","Bob"]}');
    else {
      for (const key of Object.keys(game.json))
        if (!GAME_KEYS.includes(key)) bad(game.keyword, `game has no option "${key}" (options: ${GAME_KEYS.join(', ')})`);
      Object.assign(out, game.json);
    }
  }
  if (!Object.hasOwn(out, 'players')) out.players = 2;
  const board = fields.get('board');
  if (board === undefined) bad({ line: 1, column: 1 }, 'a position has a board: board D 0,0; …');
  else {
    const tiles: SetupTile[] = [];
    const figures: SetupFigure[] = [];
    for (const entry of board.entries) readTile(entry, tiles, figures, bad);
    if (board.entries.length === 0) bad(board.keyword, 'the board holds at least one tile');
    out.board = tiles;
    if (figures.length > 0) out.figures = figures;
  }
  const scores = fields.get('scores');
  if (scores !== undefined) out.scores = (scores.entries[0] ?? []).map((w) => count(w, bad, 'a score'));
  if (scores !== undefined && scores.entries.length > 1) bad(scores.keyword, 'scores are written on one entry: scores 10 12');
  const supplies = fields.get('supplies');
  if (supplies !== undefined) out.supplies = supplies.entries.map((e) => pairs(e, supplyKeysOf(), bad));
  for (const tk of tokenDefs()) {
    const tokens = fields.get(tk.key);
    if (tokens !== undefined) out[tk.key] = tokens.entries.map((e) => pairs(e, tk.kinds, bad));
  }
  const modules = fields.get('modules');
  if (modules !== undefined) {
    if (!isRecord(modules.json)) bad(modules.keyword, `modules is followed by ${JSON_FIELDS.modules}`);
    else out.modules = modules.json;
  }
  const turn = fields.get('turn');
  if (turn !== undefined) readTurn(turn, out, bad);
  const hands = fields.get('hands');
  if (hands !== undefined)
    out.hands = hands.entries.map((e) => (e.length === 1 && e[0]?.text === '-' ? [] : e.map((w) => tileWord(w, bad))));
  const left = fields.get('left');
  if (left !== undefined) {
    const words = left.entries.flat();
    if (words.length === 1 && words[0]?.text === 'rest') out.tilesLeft = 'rest';
    else if (words.length === 1 && words[0]?.text === '-') out.tilesLeft = [];
    else if (words.length === 0) bad(left.keyword, 'left is followed by rest, - (none) or the tiles in draw order');
    else out.tilesLeft = words.map((w) => tileWord(w, bad));
  }
  if (problems.length > 0) throw new NotationError(problems.sort((a, b) => a.line - b.line || a.column - b.column));
  return out as unknown as Setup;
}

/** The fields of a position's text, each line split at ` / ` (outside the game's JSON). */
function splitFields(text: string, bad: (at: { line: number; column: number }, m: string) => void): Field[] {
  const out: Field[] = [];
  text.split(/\r?\n/).forEach((line, i) => {
    let c = 0;
    while (c < line.length) {
      while (c < line.length && /\s/.test(line[c] as string)) c++;
      if (c >= line.length) break;
      let end = c;
      while (end < line.length && !/\s/.test(line[end] as string)) end++;
      const keyword: Word = { text: line.slice(c, end), line: i + 1, column: c + 1 };
      c = end;
      if (keyword.text === '/') {
        bad(keyword, 'a field is missing before /');
        continue;
      }
      const what = Object.hasOwn(JSON_FIELDS, keyword.text) ? JSON_FIELDS[keyword.text] : undefined;
      if (what !== undefined) {
        const start = line.indexOf('{', c);
        const stop = start < 0 ? -1 : jsonEnd(line, start);
        if (start < 0 || stop < 0 || line.slice(c, start).trim() !== '') {
          bad({ line: i + 1, column: c + 1 }, `${keyword.text} is followed by ${what}`);
          return;
        }
        let json: unknown;
        try {
          json = JSON.parse(line.slice(start, stop));
        } catch {
          bad({ line: i + 1, column: start + 1 }, `the ${keyword.text === 'game' ? 'options of game' : 'parts of modules'} are not JSON`);
        }
        out.push({ keyword, entries: [], json });
        c = stop;
      } else {
        const slash = line.indexOf(' /', c);
        const stop = slash < 0 ? line.length : slash;
        const body = line.slice(c, stop);
        const entries: Word[][] = [];
        let from = 0;
        for (const part of body.split(';')) {
          const words = wordsOf(part, i + 1, c + from + 1);
          if (words.length > 0) entries.push(words);
          else if (body.trim() !== '') bad({ line: i + 1, column: c + from + 1 }, `an entry of ${keyword.text} is empty`);
          from += part.length + 1;
        }
        out.push({ keyword, entries });
        c = stop;
      }
      while (c < line.length && /\s/.test(line[c] as string)) c++;
      if (c < line.length && line[c] === '/') c++;
      else if (c < line.length) bad({ line: i + 1, column: c + 1 }, 'fields are separated by / or written on lines of their own');
    }
  });
  return out;
}

/** Where the JSON object opened at `start` ends (one past its `}`), or -1. */
function jsonEnd(line: string, start: number): number {
  let depth = 0;
  let inString = false;
  for (let i = start; i < line.length; i++) {
    const ch = line[i];
    if (inString) {
      if (ch === '\\') i++;
      else if (ch === '"') inString = false;
    } else if (ch === '"') inString = true;
    else if (ch === '{' || ch === '[') depth++;
    else if (ch === '}' || ch === ']') {
      depth--;
      if (depth === 0) return i + 1;
    }
  }
  return -1;
}

function count(w: Word, bad: (at: { line: number; column: number }, m: string) => void, what: string): number {
  if (!COUNT().test(w.text)) bad(w, `"${w.text}" is not ${what}: a whole number`);
  return Number(w.text);
}

function tileWord(w: Word, bad: (at: { line: number; column: number }, m: string) => void): TileId {
  if (w.text === '?') bad(w, 'a tile hidden from the writer (?) cannot be set up');
  else if (!TILE().test(w.text)) bad(w, `"${w.text}" is not a tile id (e.g. U or IC-D)`);
  return w.text;
}

/** `key n key n …` into a record, each key one of `keys`. */
function pairs(
  words: readonly Word[],
  keys: readonly string[],
  bad: (at: { line: number; column: number }, m: string) => void,
): Record<string, number> {
  // An entry "-" says nothing of its player.
  if (words.length === 1 && words[0]?.text === '-') return {};
  const out: Record<string, number> = {};
  for (let i = 0; i < words.length; i += 2) {
    const key = words[i] as Word;
    const n = words[i + 1];
    if (!keys.includes(key.text)) bad(key, `"${key.text}" is not one of ${keys.join(', ')}`);
    else if (n === undefined) bad({ line: key.line, column: key.column + key.text.length }, `the number of ${key.text} is missing`);
    else out[key.text] = count(n, bad, `a number of ${key.text}`);
  }
  return out;
}

/** A tile of the board with its figures: `TILE x,y [rN] (pN figure spot)*`. */
function readTile(
  words: readonly Word[],
  tiles: SetupTile[],
  figures: SetupFigure[],
  bad: (at: { line: number; column: number }, m: string) => void,
): void {
  const [tile, place] = words as [Word, Word | undefined];
  if (!TILE().test(tile.text)) bad(tile, `"${tile.text}" is not a tile id (a tile of the board begins with its id, e.g. D 0,0)`);
  const at = place === undefined ? null : POSITION().exec(place.text);
  if (place === undefined || at === null) {
    bad(place ?? tile, `${place === undefined ? 'the position x,y is missing' : `"${place.text}" is not a position x,y`} (e.g. D 0,0)`);
    return;
  }
  const rotation = readRotation(words[2], bad);
  let i = words[2] !== undefined && ROTATION().test(words[2].text) ? 3 : 2;
  const x = Number(at[1]) + 0;
  const y = Number(at[2]) + 0;
  tiles.push({ tile: tile.text, x, y, rotation });
  const kinds = figureKinds();
  for (; i < words.length; i += 3) {
    const [owner, what, spot] = [words[i] as Word, words[i + 1], words[i + 2]];
    const o = OWNER().exec(owner.text);
    if (o === null) {
      bad(owner, `"${owner.text}" is not a figure's owner: a figure on a tile is written p0 knight N (owner, figure, spot)`);
      return;
    }
    const role = what === undefined ? null : roleKind(what.text);
    const kind =
      what === undefined ? null : role !== null ? 'follower' : kinds.includes(what.text as MeepleKind) ? (what.text as MeepleKind) : null;
    if (what === undefined || kind === null) {
      bad(
        what ?? owner,
        `${what === undefined ? 'the figure is missing' : `"${what.text}" is not a figure`}: ${[...kinds, ...Object.values(ROLES)].join(', ')}`,
      );
      return;
    }
    if (spot === undefined || !SPOTS.includes(spot.text as Spot)) {
      bad(spot ?? what, `${spot === undefined ? 'the spot is missing' : `"${spot.text}" is not a spot`}: ${SPOTS.join(' ')}`);
      return;
    }
    const feature = tileFeatures(tile.text, rotation)?.features.find((f) => f.spots.includes(spot.text as Spot))?.kind;
    if (role !== null && feature !== undefined && feature !== role)
      bad(
        what,
        `a ${what.text} stands on a ${role}, but spot ${spot.text} of ${tile.text}${rotation === 0 ? '' : ` turned ${rotation}`} is a ${feature}`,
      );
    figures.push({ owner: Number(o[1]), kind, x, y, at: spot.text as Spot });
  }
}

/** `turn pN [TILE | -] [EXTRA]`, EXTRA what a module calls the extra tile it gives. */
function readTurn(field: Field, out: Record<string, unknown>, bad: (at: { line: number; column: number }, m: string) => void): void {
  const words = field.entries.flat();
  const [owner, tile, extra, more] = words;
  const o = owner === undefined ? null : OWNER().exec(owner.text);
  if (owner === undefined || o === null) {
    bad(owner ?? field.keyword, 'turn names the player to move first: turn p0 E');
    return;
  }
  out.currentPlayer = Number(o[1]);
  if (tile !== undefined && tile.text !== '-') out.currentTile = tileWord(tile, bad);
  if (extra !== undefined) {
    if (extraTurns().includes(extra.text)) out.extraTurn = extra.text as ExtraTurn;
    else bad(extra, `"${extra.text}" is not what gives an extra tile: ${extraTurns().join(' or ')}`);
  }
  if (more !== undefined) bad(more, `"${more.text}" after the turn: turn p0 E, or turn p0 E ${extraTurns()[0]}`);
}

/** How {@link makePosition} writes. */
export interface PositionFormat {
  /** One line, the fields separated by ` / ` (default: a line per field). */
  readonly oneLine?: boolean;
}

/**
 * Writes a position in the position notation (docs/notation.md): a {@link Setup}, or the position
 * of a state or player view now (see `setupOf`). The `game` options are written as JSON, the rules
 * only where they differ from the edition's; fields at their defaults are left out. A `Setup`
 * that `setupGame` would refuse throws its {@link SetupError}: a position written is one to play. Read it back
 * with {@link parsePosition}: `makePosition(parsePosition(text))` is `text` for any text it wrote.
 *
 * @example
 * ```ts
 * import { makePosition } from 'carcassonne-engine/notation';
 *
 * const board = [{ tile: 'D', x: 0, y: 0, rotation: 0 }, { tile: 'G', x: 0, y: -1, rotation: 90 }] as const;
 * const text = makePosition({ players: ['Ann', 'Bob'], board, figures: [{ owner: 0, x: 0, y: -1, at: 'N' }], scores: [10, 12], currentTile: 'E' });
 * console.log(text.split('\n').join(' | ')); // → game {"players":["Ann","Bob"]} | board D 0,0; G 0,-1 r90 p0 knight N | scores 10 12 | turn p0 E
 * ```
 */
export function makePosition(asked: Setup | GameState | PlayerView, askedFormat: PositionFormat = {}): string {
  // Read as data first (no getter runs); a set-up is told from a state by its fields.
  const read = readPlain(asked, 'the position', OPTIONS_INPUT);
  if (!read.ok) throw new SetupError([{ code: 'invalid-setup', message: read.message }]);
  const formatRead = readPlain(askedFormat ?? {}, 'the format', MOVE_INPUT);
  if (!formatRead.ok || !isRecord(formatRead.value)) {
    throw new SetupError([
      { code: 'invalid-setup', message: formatRead.ok ? 'the format is an object such as { oneLine: true }' : formatRead.message },
    ]);
  }
  const input = read.value as Setup | GameState | PlayerView;
  const format = formatRead.value as PositionFormat;
  if (isRecord(input) && Object.hasOwn(input, 'board') && !Object.hasOwn(input, 'version')) {
    const problems = validateSetup(input);
    if (problems.length > 0) throw new SetupError(problems);
    return writePosition(input as Setup, format);
  }
  // A state or view this library made or loaded is the one remembered, not the copy read.
  return writePosition(setupOf((isKnown(asked) ? asked : input) as GameState), format);
}

/** The text of a position known to be well-formed (a game record's set-up, see record.ts). */
export function writePosition(setup: Setup, format: PositionFormat = {}): string {
  const game: Record<string, unknown> = { players: setup.players };
  if (setup.seed !== undefined && setup.seed !== 0) game.seed = setup.seed;
  if (setup.tileSet !== undefined && setup.tileSet !== 'base') game.tileSet = setup.tileSet;
  if (setup.edition !== undefined && setup.edition !== 'current') game.edition = setup.edition;
  if (setup.expansions !== undefined && setup.expansions.length > 0) game.expansions = setup.expansions;
  if (setup.rules !== undefined) {
    let rules: Record<string, unknown> = { ...setup.rules };
    try {
      rules = changedRules(setup, setup.rules);
    } catch {
      // Options no game accepts are written as they are: setupGame says what is wrong.
    }
    if (Object.keys(rules).length > 0) game.rules = rules;
  }
  const lines = [`game ${JSON.stringify(game)}`];
  const figures = setup.figures ?? [];
  const tile = (t: SetupTile) => {
    const words = [t.tile, `${t.x + 0},${t.y + 0}`];
    if (t.rotation !== 0) words.push(`r${t.rotation}`);
    for (const f of figures.filter((f) => f.x === t.x && f.y === t.y)) {
      const kind = f.kind ?? 'follower';
      const feature = tileFeatures(t.tile, t.rotation)?.features.find((d) => d.spots.includes(f.at))?.kind;
      words.push(`p${f.owner}`, kind === 'follower' && feature !== undefined ? (ROLES[feature] ?? kind) : kind, f.at);
    }
    return words.join(' ');
  };
  lines.push(`board ${setup.board.map(tile).join('; ')}`);
  const players = Array.isArray(setup.players) ? setup.players.length : (setup.players as number);
  const zero = (r: Readonly<Record<string, number | undefined>>) => Object.values(r).every((n) => n === 0 || n === undefined);
  if (setup.scores?.some((n) => n !== 0)) lines.push(`scores ${setup.scores.join(' ')}`);
  const entries = (list: readonly Readonly<Record<string, number | undefined>>[], keep: (key: string, n: number) => boolean) =>
    list
      .map((r) =>
        Object.entries(r)
          .filter(([key, n]) => n !== undefined && keep(key, n))
          .map(([key, n]) => `${key} ${n}`)
          .join(' '),
      )
      .map((e) => (e === '' ? '-' : e));
  if (setup.supplies !== undefined && setup.supplies.length === players) {
    // A supply of a figure not in play is 0: it goes without saying.
    const kinds = figureKinds();
    const inPlay = new Set(supplyKeysOf().filter((_, i) => figureInPlay(kinds[i] as MeepleKind, setup.expansions ?? [])));
    lines.push(`supplies ${entries(setup.supplies as Record<string, number>[], (key) => inPlay.has(key)).join('; ')}`);
  }
  for (const tk of tokenDefs()) {
    const tokens = (setup as unknown as Readonly<Record<string, unknown>>)[tk.key] as readonly Record<string, number>[] | undefined;
    if (tokens !== undefined && !tokens.every(zero)) lines.push(`${tk.key} ${entries(tokens, () => true).join('; ')}`);
  }
  if (setup.modules !== undefined && Object.keys(setup.modules).length > 0) lines.push(`modules ${JSON.stringify(setup.modules)}`);
  const turn = [`p${setup.currentPlayer ?? 0}`];
  if ((setup.currentTile ?? null) !== null || (setup.extraTurn ?? null) !== null) turn.push(setup.currentTile ?? '-');
  if ((setup.extraTurn ?? null) !== null) turn.push(setup.extraTurn as string);
  lines.push(`turn ${turn.join(' ')}`);
  if (setup.hands !== undefined)
    lines.push(`hands ${setup.hands.map((h) => (h.length === 0 ? '-' : h.map((t) => t ?? '?').join(' '))).join('; ')}`);
  const left = setup.tilesLeft ?? 'rest';
  if (left !== 'rest') lines.push(`left ${left.length === 0 ? '-' : left.join(' ')}`);
  return lines.join(format.oneLine === true ? ' / ' : '\n');
}
