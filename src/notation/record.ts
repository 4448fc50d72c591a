import { handsIn } from '../rules/tiles.js';
import { actionsOf } from '../rules/declared.js';
import { LIMITS, OPTIONS_INPUT } from '../core/limits.js';
import { readPlain } from '../core/plain.js';
import { IllegalMoveError, NotationError, type NotationProblem, OptionsError, SetupError, StateError } from '../core/errors.js';
import { isRecord } from '../core/guards.js';
import { applyMove } from '../api/play/apply.js';
import { type Script, startGame } from '../api/play/create.js';
import { checked } from '../api/state/kernels.js';
import type { GameOptions } from '../api/options/options.js';
import { changedRules } from './changed-rules.js';
import type { RuleHooks } from '../api/options/game-rules.js';
import type { GameEvent, GameState, ModuleMove, PlacedTile, PlayerView, Setup, TileId, Viewer } from '../api/types.js';
import type { AnyMove } from '../api/types.js';
import { setupStartOf, startSetup } from '../api/setup/setup.js';
import { parsePosition, writePosition } from './position.js';
import { playerView } from '../api/state/view.js';
import { makeMove, moveInGame, readMove, roleKind } from './move.js';
import { problemAt, type Word, wordsOf } from './text.js';

// Game records (docs/notation.md): header lines, then the moves, each with the tiles drawn before it.

/** Where a part of a record was written: 1-based line and column. */
export interface RecordPlace {
  readonly line: number;
  readonly column: number;
}

/** A tile drawn, as a record writes it: `(K)` fitted nowhere, `+K` went into a hand, `+?` hidden from the writer. */
export interface RecordDraw extends RecordPlace {
  readonly tile: TileId | null;
  /** `false`: it fitted nowhere (`(K)`): discarded, or put back in the bag under `unplaceable: 'returned'`. */
  readonly kept: boolean;
}

/** One numbered entry of a record: the tiles drawn since the move before, and the move. */
export interface RecordTurn extends RecordPlace {
  /** 1 for the first move. */
  readonly number: number;
  /** The tiles drawn before the move, in order (without hands, the move's own tile is not listed). */
  readonly draws: readonly RecordDraw[];
  /** The move, or `null` for the last entry of a game that ended (or, without hands, waits: see `tile`). */
  readonly move: AnyMove | null;
  /** Without hands, a tile written alone: drawn, and not yet placed (the game goes on). */
  readonly tile: TileId | null;
  /** Where the move (or the lone tile) was written. */
  readonly moveAt: RecordPlace | null;
  /** The role word the move's follower was written with (`knight`, `thief`, `farmer`, `monk`), checked on replay, or `null`. */
  readonly role: string | null;
  /**
   * The moves of the turn after `move`, each written after `&` (rule modules' steps: The Tower's
   * capture, or the tile step alone, a ransom, then the action), in order; empty for most turns.
   */
  readonly steps: readonly AnyMove[];
  /** The comments written in this entry (`{…}` or `; …`), in order. */
  readonly comments: readonly string[];
}

/** A game record read by {@link parseRecord}. */
export interface GameRecord {
  /** Every header line, by name, its value as written (JSON); unknown names are kept, not read. */
  readonly headers: Readonly<Record<string, unknown>>;
  /** Where each header was written. */
  readonly headerAt: Readonly<Record<string, RecordPlace>>;
  readonly turns: readonly RecordTurn[];
}

const HEADER = (): RegExp => /^\[([A-Za-z][A-Za-z0-9]*)\s+(.*)\]\s*$/;
const NUMBER = (): RegExp => /^(\d+)\.$/;
const NO_FIT = (): RegExp => /^\(([A-Za-z][A-Za-z0-9-]*)\)$/;
const IN_HAND = (): RegExp => /^\+([A-Za-z][A-Za-z0-9-]*|\?)$/;

/**
 * Reads a game record (docs/notation.md): header lines `[Name json]`, then numbered entries
 * `N. draws move`, comments in `{…}` or after `;`. Checks the text only (a move's words, the order
 * of the numbers, the headers' values); {@link replayRecord} plays it. Throws
 * {@link NotationError} listing every problem with its line, column and move number.
 *
 * @example
 * ```ts
 * import { parseRecord } from 'carcassonne-engine/notation';
 *
 * const record = parseRecord('[Players ["Ann", "Bob"]]\n[Seed 1]\n\n1. (K) E 0,-1 r180 knight S {closes the city}\n2. U');
 * console.log(record.headers.Players, record.turns.length); // → [ 'Ann', 'Bob' ] 2
 * console.log(record.turns[0]?.draws[0]?.tile, record.turns[0]?.move?.meeple, record.turns[0]?.comments); // → K { at: 'S', kind: 'follower' } [ 'closes the city' ]
 * ```
 */
export function parseRecord(text: string): GameRecord {
  if (typeof text !== 'string') throw new NotationError([problemAt({ line: 1, column: 1 }, null, 'a record is text')]);
  if (text.length > LIMITS.textLength) {
    throw new NotationError([
      problemAt({ line: 1, column: 1 }, null, `a record is at most ${LIMITS.textLength} characters long, not ${text.length}`),
    ]);
  }
  const problems: NotationProblem[] = [];
  const headers: Record<string, unknown> = {};
  const headerAt: Record<string, RecordPlace> = {};
  const lines = text.split(/\r?\n/);
  let i = 0;
  for (; i < lines.length; i++) {
    const line = (lines[i] as string).trim();
    if (line === '' || line.startsWith(';')) continue;
    if (!line.startsWith('[')) break;
    const column = (lines[i] as string).indexOf('[') + 1;
    const m = HEADER().exec(line);
    if (m === null) {
      problems.push(problemAt({ line: i + 1, column }, null, 'a header is written [Name value], its value JSON (e.g. [Seed 42])'));
      continue;
    }
    const name = m[1] as string;
    if (Object.hasOwn(headers, name)) problems.push(problemAt({ line: i + 1, column }, null, `header ${name} is written twice`));
    try {
      headers[name] = JSON.parse(m[2] as string);
      headerAt[name] = { line: i + 1, column };
    } catch {
      problems.push(
        problemAt(
          { line: i + 1, column: column + name.length + 2 },
          null,
          `the value of ${name} is not JSON: ${(m[2] as string).slice(0, 40)}`,
        ),
      );
    }
  }
  if (!Object.hasOwn(headers, 'Players') && problems.length === 0)
    problems.push(
      problemAt({ line: 1, column: 1 }, null, 'a record names its players: [Players ["Ann", "Bob"]] (or a count, [Players 2])'),
    );
  const words = bodyWords(lines, i, problems);
  const turns: RecordTurn[] = [];
  // Comments before the first entry go with it.
  const leading: string[] = [];
  let w = 0;
  while (w < words.length) {
    const first = words[w] as Word & { comment?: boolean };
    const num = NUMBER().exec(first.text);
    const expected = turns.length + 1;
    if (first.comment === true && turns.length === 0) {
      leading.push(first.text);
      w++;
      continue;
    }
    if (first.comment === true || num === null) {
      problems.push(
        problemAt(first, turns.length === 0 ? null : expected - 1, `"${first.text}": an entry begins with its number (${expected}.)`),
      );
      w++;
      continue;
    }
    if (Number(num[1]) !== expected) problems.push(problemAt(first, expected, `entry ${num[1]} where ${expected} comes next`));
    w++;
    const draws: RecordDraw[] = [];
    const comments: string[] = turns.length === 0 ? leading : [];
    const moveWords: Word[] = [];
    for (; w < words.length; w++) {
      const word = words[w] as Word & { comment?: boolean };
      if (word.comment === true) {
        comments.push(word.text);
        continue;
      }
      if (NUMBER().test(word.text)) break;
      const noFit = NO_FIT().exec(word.text);
      const inHand = IN_HAND().exec(word.text);
      if (moveWords.length === 0 && noFit !== null)
        draws.push({ tile: noFit[1] as string, kept: false, line: word.line, column: word.column });
      else if (moveWords.length === 0 && inHand !== null)
        draws.push({ tile: inHand[1] === '?' ? null : (inHand[1] as string), kept: true, line: word.line, column: word.column });
      else if (noFit !== null || inHand !== null)
        problems.push(problemAt(word, expected, `"${word.text}": the tiles drawn come before the move`));
      else moveWords.push(word);
    }
    let move: AnyMove | null = null;
    let role: string | null = null;
    let tile: TileId | null = null;
    // The turn's later steps, each after '&'.
    const steps: AnyMove[] = [];
    const parts: Word[][] = [[]];
    for (const word of moveWords) {
      if (word.text === STEP_JOIN) parts.push([]);
      else (parts.at(-1) as Word[]).push(word);
    }
    moveWords.splice(0, moveWords.length, ...(parts[0] as Word[]));
    for (const part of parts.slice(1)) {
      if (part.length === 0) {
        problems.push(problemAt(moveWords.at(-1) ?? first, expected, `"${STEP_JOIN}" is followed by a step's move`));
        continue;
      }
      const read = readMove(part, expected);
      if ('problems' in read) problems.push(...read.problems);
      else steps.push(read.move);
    }
    const at = moveWords[0] ?? null;
    if (moveWords.length === 1) {
      if (/^[A-Za-z][A-Za-z0-9-]*$/.test((at as Word).text)) tile = (at as Word).text;
      else problems.push(problemAt(at as Word, expected, `"${(at as Word).text}" is not a tile id`));
    } else if (moveWords.length > 1) {
      const read = readMove(moveWords, expected);
      if ('problems' in read) problems.push(...read.problems);
      else {
        move = read.move;
        role = read.role?.word.text ?? null;
      }
    }
    turns.push({
      number: expected,
      line: first.line,
      column: first.column,
      draws,
      move,
      tile,
      moveAt: at === null ? null : { line: at.line, column: at.column },
      role,
      steps,
      comments,
    });
  }
  turns.forEach((t, n) => {
    if (t.moveAt === null && n < turns.length - 1) problems.push(problemAt(t, t.number, 'only the last entry may have no move'));
  });
  if (problems.length > 0) throw new NotationError(problems.sort((a, b) => a.line - b.line || a.column - b.column));
  return { headers, headerAt, turns };
}

/** The words of the moves (from line `from`), comments as single words marked `comment`. */
function bodyWords(lines: readonly string[], from: number, problems: NotationProblem[]): (Word & { comment?: boolean })[] {
  const out: (Word & { comment?: boolean })[] = [];
  let open: { line: number; column: number; text: string } | null = null;
  for (let i = from; i < lines.length; i++) {
    const line = lines[i] as string;
    let c = 0;
    while (c < line.length) {
      if (open !== null) {
        const end = line.indexOf('}', c);
        open.text += `${open.text === '' ? '' : ' '}${line.slice(c, end < 0 ? line.length : end).trim()}`.trimEnd();
        if (end < 0) break;
        out.push({ text: open.text.trim(), line: open.line, column: open.column, comment: true });
        open = null;
        c = end + 1;
        continue;
      }
      const ch = line[c] as string;
      if (ch === ';') {
        out.push({ text: line.slice(c + 1).trim(), line: i + 1, column: c + 1, comment: true });
        break;
      }
      if (ch === '{') {
        open = { line: i + 1, column: c + 1, text: '' };
        c++;
        continue;
      }
      if (/\s/.test(ch)) {
        c++;
        continue;
      }
      let end = c;
      while (end < line.length && !/[\s{;]/.test(line[end] as string)) end++;
      out.push(...wordsOf(line.slice(c, end), i + 1, c + 1));
      c = end;
    }
  }
  if (open !== null) problems.push(problemAt(open, null, 'a comment opened with { is never closed'));
  return out;
}

/**
 * Writes a game record of a state or a player view: its options as headers (`Players`, `Edition`,
 * `TileSet`, `Expansions`, the `Rules` that differ from the edition's, `Seed` for a state,
 * `Viewer` and `FirstPlayer` for a view, `Scores`), then one numbered entry per move: the tiles
 * drawn since the move before (`(K)` a tile that fitted nowhere; with hands of tiles, `+K` each
 * tile drawn into a hand, `+?` one hidden from the view), and the move in the move notation. The
 * last entry names the tile waiting to be placed, or the draws that ended the game.
 * {@link replayRecord} plays it back to the same state (or view). Throws {@link StateError} for a
 * state saved by 0.2.0 whose discards' draws are unknown.
 *
 * @example
 * ```ts
 * import { applyMove, createGame } from 'carcassonne-engine';
 * import { makeRecord } from 'carcassonne-engine/notation';
 *
 * let state = createGame({ players: ['Ann', 'Bob'], seed: 7, drawOrder: ['E', 'U'] });
 * state = applyMove(state, { x: 0, y: -1, rotation: 180, meeple: { at: 'S' } });
 * for (const line of makeRecord(state).split('\n')) if (line !== '') console.log(line);
 * // → [Players ["Ann","Bob"]]
 * // → [Edition "current"]
 * // → [TileSet "base"]
 * // → [Expansions []]
 * // → [Rules {}]
 * // → [Seed 7]
 * // → [Scores [4,0]]
 * // → 1. E 0,-1 r180 knight S
 * // → 2. U
 * ```
 */
export function makeRecord(input: GameState | PlayerView): string {
  const { state } = checked(input as GameState);
  const view = Object.hasOwn(state, 'viewer') ? (state as unknown as PlayerView) : null;
  const players = state.players.map((p) => p.name);
  const rules = changedRules(state, state.rules);
  const lines = [
    `[Players ${JSON.stringify(players)}]`,
    `[Edition ${JSON.stringify(state.edition)}]`,
    `[TileSet ${JSON.stringify(state.tileSet)}]`,
    `[Expansions ${JSON.stringify(state.expansions)}]`,
    `[Rules ${JSON.stringify(rules)}]`,
  ];
  const moves = state.placements.filter((p) => p.player !== null);
  if (view === null) lines.push(`[Seed ${JSON.stringify((state as GameState).seed)}]`);
  else {
    lines.push(`[Viewer ${JSON.stringify(view.viewer)}]`);
    const told = state.events.find((e) => e.type === 'first-player-chosen');
    const first = moves[0]?.player ?? state.currentPlayer;
    if (told !== undefined) {
      const { type: _, ...event } = told;
      lines.push(`[FirstPlayer ${JSON.stringify(event)}]`);
    } else if (state.rules.firstPlayer !== 0 || first !== 0) lines.push(`[FirstPlayer ${first}]`);
  }
  // A game set up: the position it began from, in the position notation, without its options.
  if (state.setup !== null) {
    const position = writePosition({ ...setupStartOf(state), players: players.length, expansions: state.expansions } as Setup, {
      oneLine: true,
    });
    lines.push(`[Setup ${JSON.stringify(position.slice(position.indexOf(' / ') + 3))}]`);
  }
  lines.push(`[Scores ${JSON.stringify(state.players.map((p) => p.score))}]`, '');
  const draws = drawsOfRecord(state);
  const hands = state.hands !== null;
  const byTurn = (t: number) => draws.filter((d) => d.turn === t);
  const token = (d: { tile: TileId | null; kept: boolean }) => (d.kept ? `+${d.tile ?? '?'}` : `(${d.tile})`);
  moves.forEach((p, i) => {
    const group = byTurn(i);
    const shown = hands ? group : group.filter((d) => !d.kept);
    lines.push(`${i + 1}. ${[...shown.map(token), turnMoves(state, p, i === moves.length - 1).join(` ${STEP_JOIN} `)].join(' ')}`);
  });
  const last = byTurn(moves.length);
  const waiting = !hands && state.status === 'playing' && state.step === 'tile' ? state.currentTile : null;
  const tail = [...(hands ? last : last.filter((d) => !d.kept)).map(token), ...(waiting === null ? [] : [waiting])];
  if (tail.length > 0) lines.push(`${moves.length + 1}. ${tail.join(' ')}`);
  return `${lines.join('\n')}\n`;
}

/** What joins the steps of one turn in a record: `12. TO-L 1,1 tower x=0 y=1 kind=floor & capture x=1 y=1 at=C`. */
const STEP_JOIN = '&';

/**
 * A placement's turn as a record writes it: the whole turn; or, with rule modules' moves, the
 * whole turn with the module's action and then each later step, or the tile step alone and then
 * each step (a ransom first, then the action). `waiting`: the last placement of a state whose turn
 * goes on (its steps so far).
 */
function turnMoves(state: GameState | PlayerView, p: PlacedTile, last: boolean): string[] {
  const waiting = last && state.step !== 'tile';
  const steps = p.steps ?? [];
  const tileStep: AnyMove = { type: 'tile', tile: p.tile, x: p.x, y: p.y, rotation: p.rotation };
  // An action alone names its figure by kind (a role word would read the state's last tile).
  const baseAction: string = p.meeple !== null ? `${p.meeple.kind} ${p.meeple.at}` : p.recall !== null ? `recall ${p.recall}` : 'pass';
  const write = (m: AnyMove) => makeMove(state, m);
  // The state's last move was a step after the tile (the turn played a step at a time): written
  // so, so that the replay ends with that step's events, as the state does.
  const stepwise = last && state.events[0]?.type !== 'tile-placed';
  if (steps.length === 0) {
    if (waiting) return [write(tileStep)];
    if (stepwise) return [write(tileStep), baseAction];
    const turn: AnyMove = {
      tile: p.tile,
      x: p.x,
      y: p.y,
      rotation: p.rotation,
      ...(p.meeple === null ? {} : { meeple: p.meeple }),
      ...(p.recall === null ? {} : { recall: p.recall }),
    };
    return [write(turn)];
  }
  // A module's action as the turn's action, when it is the first step: the whole turn carries it.
  const [head, ...rest] = steps as ModuleMove[];
  if (head !== undefined && isModuleAction(head) && !(stepwise && rest.length === 0))
    return [write({ tile: p.tile, x: p.x, y: p.y, rotation: p.rotation, action: head }), ...rest.map(write)];
  const after = [...steps.map(write)];
  // A turn whose last module move came before its base action (a ransom, then a follower or the pass).
  const acted = steps.some(isModuleAction);
  if (!acted && !waiting) after.push(baseAction);
  return [write(tileStep), ...after];
}

/** Whether a module's move is a module's action at the action step (not one of its steps). */
const isModuleAction = (m: ModuleMove): boolean => actionsOf().some((mod) => mod.action === m.type);

/** The draws of a state, by turn; for a state saved by 0.2.0 (no draws), those its placements give when nothing was discarded. */
function drawsOfRecord(state: GameState | PlayerView): readonly { turn: number; tile: TileId | null; kept: boolean }[] {
  if (state.draws !== null) return state.draws;
  if (state.discarded.length > 0 || state.hands !== null) {
    throw new StateError([
      {
        code: 'invalid-state',
        message:
          'this state was saved before draws were recorded (0.2.0), and it discarded tiles: where they were drawn is unknown, so no record can replay it',
      },
    ]);
  }
  const moves = state.placements.filter((p) => p.player !== null);
  const out = moves.map((p, i) => ({ turn: i, tile: p.tile, kept: true }));
  if (state.currentTile !== null) out.push({ turn: moves.length, tile: state.currentTile, kept: true });
  return out;
}

/**
 * Plays a game record (or its text) from its headers' options and returns the state it ends in,
 * or, for a record made from a player view (it names a `Viewer`), that player's view. Each entry's
 * tiles are drawn as written (brought to the top of the bag, so a record made from a game dealt
 * with `drawOrder`, or from a view, replays without the seed) and its move is played with the
 * rules' checks: the result is the state the record was made from. A game with a custom farmer
 * rule needs it again in `hooks`. Throws {@link NotationError} naming the line, column and move
 * number of the first move or draw that is not the game's (`record-not-replayable`), or of a bad
 * text (`invalid-notation`).
 *
 * @example
 * ```ts
 * import { parseRecord, replayRecord } from 'carcassonne-engine/notation';
 *
 * const state = replayRecord('[Players ["Ann", "Bob"]]\n[Seed 7]\n\n1. E 0,-1 r180 knight S\n2. U');
 * console.log(state.players.map((p) => p.score), 'currentTile' in state && state.currentTile); // → [ 4, 0 ] U
 * try {
 *   replayRecord(parseRecord('[Players 2]\n[Seed 7]\n1. E 0,-1 r0'));
 * } catch (e) {
 *   console.log((e as Error).message); // → line 3, column 4 (move 1): south edge: the tile has a field, the neighbour has a city
 * }
 * ```
 */
export function replayRecord(record: GameRecord | string, hooks?: RuleHooks): GameState | PlayerView {
  // A record object is read as data first (no getter runs).
  const read = typeof record === 'string' ? null : readPlain(record, 'the record', OPTIONS_INPUT);
  if (read !== null && !read.ok) throw new NotationError([problemAt({ line: 1, column: 1 }, null, read.message)]);
  const r = typeof record === 'string' ? parseRecord(record) : read?.ok ? (read.value as GameRecord) : record;
  if (!isRecord(r) || !isRecord(r.headers) || !Array.isArray(r.turns))
    throw new NotationError([
      problemAt({ line: 1, column: 1 }, null, 'a record is the text of a game record, or what parseRecord returns'),
    ]);
  const h = r.headers;
  const at = (name: string) => r.headerAt?.[name] ?? { line: 1, column: 1 };
  const fail = (place: { line: number; column: number }, move: number | null, message: string): never => {
    throw new NotationError([problemAt(place, move, message, 'record-not-replayable')]);
  };
  const viewer = Object.hasOwn(h, 'Viewer') ? (h.Viewer as Viewer) : null;
  const first = firstOf(h.FirstPlayer);
  if (Object.hasOwn(h, 'FirstPlayer') && first === null)
    fail(at('FirstPlayer'), null, 'FirstPlayer is a player index, or the first-player-chosen event of a view');
  if (!Object.hasOwn(h, 'Seed') && viewer === null)
    fail(at('Players'), null, 'a record of a game state names its seed: [Seed …] (only a record made from a player view goes without)');
  const rules = isRecord(h.Rules) ? h.Rules : h.Rules === undefined ? {} : h.Rules;
  const custom = isRecord(rules) && rules.farmers === 'custom';
  if (custom && hooks?.farmers === undefined)
    fail(at('Rules'), null, 'this game scores farmers with a custom rule: pass it to replayRecord as { farmers }');
  const options = {
    players: h.Players,
    seed: Object.hasOwn(h, 'Seed') ? h.Seed : 0,
    ...(h.Edition === undefined ? {} : { edition: h.Edition }),
    ...(h.TileSet === undefined ? {} : { tileSet: h.TileSet }),
    ...(h.Expansions === undefined ? {} : { expansions: h.Expansions }),
    rules: custom ? { ...(rules as object), farmers: hooks?.farmers } : rules,
  } as GameOptions;
  const hands = isRecord(rules) && handsIn(Array.isArray(h.Expansions) ? h.Expansions : [], rules).size > 0;
  // A game set up with its tile to place did not draw it: the first move's tile is no draw.
  const setUp = h.Setup === undefined ? null : setupOfHeader(h.Setup, at('Setup'), fail);
  let given = setUp !== null && typeof setUp.currentTile === 'string';
  // Every draw in order, each with where it was written; without hands a move's tile is its draw.
  const script: (RecordDraw & { number: number })[] = [];
  for (const t of r.turns) {
    for (const d of t.draws) {
      if (d.tile === null)
        fail(
          d,
          t.number,
          'a tile drawn into a hand hidden from the record (+?) cannot be replayed: replay a record made from the game state, or from the view of a player who saw it',
        );
      script.push({ ...d, number: t.number });
    }
    const own = t.move?.tile ?? t.tile;
    if (!hands && own !== null && own !== undefined && !given) script.push({ tile: own, kept: true, ...(t.moveAt ?? t), number: t.number });
    given = false;
  }
  let state: GameState;
  const draws = script.map((d) => d.tile as TileId);
  try {
    state =
      setUp === null
        ? startGame(options, { draws, first: viewer === null ? null : first })
        : startSetup({ ...setUp, ...options } as Setup, draws);
  } catch (e) {
    if (e instanceof OptionsError) fail(at('Players'), null, `the headers are not a game's options: ${e.message}`);
    if (e instanceof SetupError) fail(at('Setup'), null, `the game's set-up is not one to play from: ${e.message}`);
    throw e;
  }
  let used = 0;
  // The draws the game made since `from` must be the record's next ones, as written.
  const follow = (from: number, number: number, place: { line: number; column: number }) => {
    const miss = checked(state).kernel.scriptMiss;
    const made = (state.draws ?? []).slice(from);
    for (const d of made) {
      const want = script[used];
      if (want === undefined) fail(place, number, `the game draws tile ${d.tile} here, which the record does not list`);
      const w = want as (typeof script)[number];
      if (miss >= 0 && miss <= used) fail(w, w.number, `tile ${w.tile} is not in the bag here (every copy was drawn already)`);
      if (d.tile !== w.tile) fail(w, w.number, `the record draws tile ${w.tile} here, but the game draws ${d.tile}`);
      if (d.kept !== w.kept)
        fail(
          w,
          w.number,
          w.kept
            ? `tile ${w.tile} fits nowhere here: write it (${w.tile}), a tile that left the game or went back into the bag`
            : `tile ${w.tile} fits on the board here: it is ${hands ? `drawn into a hand (+${w.tile})` : 'placed, not discarded'}`,
        );
      used++;
    }
  };
  try {
    follow(0, 1, r.turns[0] ?? { line: 1, column: 1 });
    for (const t of r.turns) {
      const move = t.move;
      if (move === null) continue;
      const place = t.moveAt ?? t;
      const kind = t.role === null ? null : roleKind(t.role);
      const problems = moveInGame(
        move,
        kind === null ? null : { word: { text: t.role as string, ...place }, kind },
        place,
        state,
        t.number,
      );
      if (problems.length > 0) throw new NotationError(problems.map((p) => ({ ...p, code: 'record-not-replayable' as const })));
      const before = state.draws?.length ?? 0;
      try {
        state = applyMove(state, move, hooks);
        for (const step of t.steps ?? []) state = applyMove(state, step, hooks);
      } catch (e) {
        if (e instanceof IllegalMoveError) fail(place, t.number, e.message);
        throw e;
      }
      const next = r.turns[r.turns.indexOf(t) + 1];
      follow(before, t.number + 1, next ?? { line: place.line + 1, column: 1 });
    }
  } finally {
    checked(state).kernel.setScript(null);
  }
  const left = script[used];
  if (left !== undefined)
    fail(left, left.number, `the game draws no tile here: it ${state.status === 'finished' ? 'is over' : 'waits for a move'}`);
  if (Object.hasOwn(h, 'Scores') && JSON.stringify(h.Scores) !== JSON.stringify(state.players.map((p) => p.score)))
    fail(
      at('Scores'),
      null,
      `the record says the scores are ${JSON.stringify(h.Scores)}, but its moves score ${JSON.stringify(state.players.map((p) => p.score))}`,
    );
  if (viewer === null) return state;
  try {
    return playerView(state, viewer);
  } catch (e) {
    if (e instanceof StateError) fail(at('Viewer'), null, e.message);
    throw e;
  }
}

/** The first player a view's record names: an index, or the event of its choice. */
function firstOf(v: unknown): Script['first'] {
  if (Number.isInteger(v)) return { type: 'first-player-chosen', player: v as number, by: 'given', draws: [] };
  if (isRecord(v) && Number.isInteger(v.player) && typeof v.by === 'string' && Array.isArray(v.draws))
    return { type: 'first-player-chosen', ...(v as object) } as Extract<GameEvent, { type: 'first-player-chosen' }>;
  return null;
}

/** The position of a Setup header (its options come from the other headers). */
function setupOfHeader(
  v: unknown,
  place: RecordPlace,
  fail: (place: RecordPlace, move: number | null, message: string) => never,
): Omit<Setup, 'players'> {
  if (typeof v !== 'string') return fail(place, null, 'Setup is the position the game began from, as a string in the position notation');
  try {
    const { players: _, ...position } = parsePosition(v);
    return position;
  } catch (e) {
    if (e instanceof NotationError)
      return fail(place, null, `the Setup position cannot be read: ${e.problems.map((p) => p.message).join('; ')}`);
    throw e;
  }
}
