import { modulesOf } from '../state/modules.js';
import { tileDef } from '../../rules/catalogue.js';
import { OPTIONS_INPUT } from '../../core/limits.js';
import { readPlain } from '../../core/plain.js';
import { type Problem, SetupError, type SetupErrorCode, StateError } from '../../core/errors.js';
import { isRotation, type Rotation, type Spot, spotIndex } from '../../core/geometry.js';
import { isInt, isRecord, show } from '../../core/guards.js';
import { hashSeed, mulberry32 } from '../../core/rng.js';
import { type Kernel, tablesFor, type KernelEvent } from '../../kernel/index.js';
import type { ModuleApi } from '../../rules/module.js';
import { dealTiles } from '../../rules/deal.js';
import type { TileSetDef } from '../../tiles/tile-types.js';
import { describeEvents, figureOf } from '../play/events.js';
import { figureKinds, isFigureKind } from '../options/figure-kinds.js';
import { type Roster, rosterFor, rosterOf } from '../../rules/roster.js';
import { RULE_MODULES } from '../../rules/registry.js';
import { firstState } from '../play/create.js';
import { checked } from '../state/kernels.js';
import { isPoints } from '../options/lines.js';
import { resolveOptions, validateOptions } from '../options/options.js';
import { activeModules, handsIn } from '../../rules/tiles.js';
import { kernelRules } from '../options/game-rules.js';
import { fillSetUpBag, openSetUp, type StartPosition, startKernel } from './start.js';
import type { BoardFigure, BoardTile } from './setup-board.js';
import { setUpBag } from './saved-setup.js';
import { isViewRecord } from '../state/view-input.js';
import type {
  ExtraTurn,
  GameState,
  MeepleKind,
  PlayerView,
  Setup,
  SetupFigure,
  SetupStart,
  SetupStartPlayer,
  SetupTile,
  TileId,
} from '../types.js';

/**
 * How far from (0, 0) a board may reach, with every tile still to place: a move code holds
 * coordinates from -256 to 255 (core/move-code.ts), and a board grows a cell a tile at most.
 */
export const SETUP_REACH = 255;

const SETUP_KEYS = [
  'players',
  'seed',
  'tileSet',
  'edition',
  'expansions',
  'rules',
  'board',
  'figures',
  'scores',
  'supplies',
  'currentPlayer',
  'extraTurn',
  'currentTile',
  'hands',
  'tilesLeft',
  'modules',
];

/** The token keys of the registered modules (`Setup[key]`: each player's tokens), in registry order. */
const tokenKeys = (): string[] => RULE_MODULES.flatMap((m) => (m.tokens === undefined ? [] : [m.tokens.key]));

/** The fields a set-up may have: the fixed ones, and each registered module's tokens after `supplies`. */
function setupKeys(): string[] {
  const at = SETUP_KEYS.indexOf('supplies') + 1;
  return [...SETUP_KEYS.slice(0, at), ...tokenKeys(), ...SETUP_KEYS.slice(at)];
}

/**
 * Starts a game from a set-up position (see {@link Setup}): a board described tile by tile, its
 * figures, scores, supplies and tokens, the player to move, the tile to place and the tiles left.
 * The position need not be reachable by legal play; it is checked with every problem listed at
 * once ({@link SetupError}). The state records its set-up (`setup`), plays and saves like any
 * other, and {@link setupOf} goes back.
 *
 * @example
 * ```ts
 * import { applyMove, legalTurns, setupGame } from 'carcassonne-engine';
 *
 * // A puzzle: Ann's knight holds a city of two tiles open to the north; she holds tile E, which closes it.
 * const state = setupGame({
 *   players: ['Ann', 'Bob'],
 *   board: [
 *     { tile: 'D', x: 0, y: 0, rotation: 0 },
 *     { tile: 'G', x: 0, y: -1, rotation: 90 },
 *   ],
 *   figures: [{ owner: 0, x: 0, y: -1, at: 'N' }],
 *   scores: [10, 12],
 *   currentTile: 'E',
 * });
 * console.log(state.players.map((p) => [p.score, p.meeples])); // → [ [ 10, 6 ], [ 12, 7 ] ]
 * const close = legalTurns(state).find((m) => m.x === 0 && m.y === -2 && m.rotation === 180)!;
 * console.log(applyMove(state, close).players[0]?.score); // → 16
 * ```
 */
export function setupGame(setup: Setup): GameState {
  return startSetup(setup, null);
}

/** setupGame, or with `script` a game whose kernel draws the tiles the script names (a record's replay). */
export function startSetup(setup: Setup, script: readonly string[] | null): GameState {
  const made = makeSetup(setup, script);
  if (made.problems.length > 0) throw new SetupError(made.problems);
  return made.state as GameState;
}

/**
 * The problems {@link setupGame} would throw for, as a list (empty for a position it accepts).
 *
 * @example
 * ```ts
 * import { abbot, useExpansions, validateSetup } from 'carcassonne-engine';
 *
 * useExpansions(abbot); // the abbot is a figure kind, not in this game
 * const problems = validateSetup({
 *   players: 2,
 *   board: [{ tile: 'D', x: 0, y: 0, rotation: 0 }],
 *   figures: [{ owner: 0, kind: 'abbot', x: 0, y: 0, at: 'N' }, { owner: 2, x: 0, y: 0, at: 'E' }],
 *   currentTile: 'Z',
 * });
 * console.log(problems.map((p) => p.message).join('\n'));
 * // → figures[1]: owner 2 is not a player
 * // → currentTile: unknown tile "Z"
 * // → figures[0]: The Abbot is not in play: there is no abbot
 * ```
 */
export function validateSetup(setup: unknown): Problem<SetupErrorCode>[] {
  return makeSetup(setup).problems;
}

/** The state of a set-up position, or every problem with it. */
function makeSetup(
  input: unknown,
  script: readonly string[] | null = null,
): { state: GameState | null; problems: Problem<SetupErrorCode>[] } {
  const problems: Problem<SetupErrorCode>[] = [];
  const note = (code: SetupErrorCode, message: string) => problems.push({ code, message });
  const done = () => ({ state: null, problems });
  if (!isRecord(input)) {
    note('invalid-setup', 'a set-up must be an object such as { players: 2, board: [...] }');
    return done();
  }
  // Read once as plain data (no getter runs; bounded by LIMITS); a custom farmer rule is refused below.
  const read = readPlain(input, 'the set-up', OPTIONS_INPUT);
  if (!read.ok) {
    note('invalid-setup', read.message);
    return done();
  }
  const s = read.value as Record<string, unknown>;
  const allowed = setupKeys();
  for (const key of Object.keys(s))
    if (!allowed.includes(key)) note('invalid-setup', `a set-up has no field "${key}" (fields: ${allowed.join(', ')})`);
  if (isRecord(s.rules) && typeof s.rules.farmers === 'function')
    note('invalid-setup', 'rules.farmers: a set-up names its farmer rule; a custom rule cannot be set up');
  const options = {
    players: s.players,
    seed: s.seed ?? 0,
    tileSet: s.tileSet,
    edition: s.edition,
    expansions: s.expansions,
    rules: s.rules,
  };
  for (const key of ['tileSet', 'edition', 'expansions', 'rules'] as const) if (options[key] === undefined) delete options[key];
  const optionProblems = validateOptions(options);
  for (const p of optionProblems) note('invalid-setup', p.message);
  if (optionProblems.length > 0) return done();
  const o = resolveOptions(options);
  const players = o.names.length;
  const tables = tablesFor(o.tiles, tileDef);
  const inSet = counter(o.tiles);

  const board = listOf(s.board, 'board', note, true);
  const tiles: BoardTile[] = [];
  board.forEach((b, i) => {
    const where = `board[${i}]`;
    if (!isRecord(b) || !isInt(b.x) || !isInt(b.y) || !isRotation(b.rotation) || typeof b.tile !== 'string') {
      note('invalid-setup', `${where} is not a tile { tile, x, y, rotation: 0, 90, 180 or 270 }: ${show(b)}`);
      return;
    }
    if (Math.abs(b.x) > SETUP_REACH || Math.abs(b.y) > SETUP_REACH)
      note('invalid-setup', `${where}: x and y run from -${SETUP_REACH} to ${SETUP_REACH}`);
    else if (inSet.take(b.tile, where, note)) tiles.push({ tile: b.tile, x: b.x, y: b.y, rotation: b.rotation as Rotation });
  });
  if (board.length === 0 && Array.isArray(s.board)) note('invalid-setup', 'board: a set-up board holds at least one tile');

  const figures: BoardFigure[] = [];
  /** Where each figure was listed, for messages. */
  const listedAt = new Map<BoardFigure, number>();
  listOf(s.figures, 'figures', note).forEach((f, i) => {
    if (
      !isRecord(f) ||
      !isInt(f.owner) ||
      f.owner < 0 ||
      !isInt(f.x) ||
      !isInt(f.y) ||
      typeof f.at !== 'string' ||
      spotIndex(f.at) < 0 ||
      !(f.kind === undefined || isFigureKind(f.kind))
    ) {
      note('invalid-setup', `figures[${i}] is not a figure { owner, kind: ${figureKinds().join(' | ')}, x, y, at: a spot }: ${show(f)}`);
      return;
    }
    if (f.owner >= players) {
      note('invalid-setup', `figures[${i}]: owner ${f.owner} is not a player`);
      return;
    }
    figures.push({ owner: f.owner, kind: (f.kind ?? 'follower') as MeepleKind, x: f.x, y: f.y, at: f.at as Spot });
    listedAt.set(figures[figures.length - 1] as BoardFigure, i);
  });
  // Figures stand in the order of their tiles on the board (as in a game, where each is deployed
  // on the tile just placed), those of one tile as listed: the order the notation writes.
  const order = (f: BoardFigure) => {
    const i = tiles.findIndex((t) => t.x === f.x && t.y === f.y);
    return i < 0 ? tiles.length : i;
  };
  figures.sort((a, b) => order(a) - order(b));

  const scores = perPlayer(s.scores, 'scores', players, note);
  const supplies = perPlayer(s.supplies, 'supplies', players, note);
  const held = new Map(tokenKeys().map((key) => [key, perPlayer(s[key], key, players, note)]));
  const current = s.currentPlayer ?? 0;
  if (!isInt(current) || current < 0 || current >= players)
    note('invalid-setup', `currentPlayer must be a player index (0 to ${players - 1}), not ${show(current)}`);
  const extraTurn = s.extraTurn ?? null;
  if (extraTurn !== null && typeof extraTurn !== 'string')
    note('invalid-setup', `extraTurn must be null or what gave the extra tile, not ${show(extraTurn)}`);

  const handSize = handsIn(o.expansions, o.rules).size;
  const currentTile = s.currentTile ?? null;
  if (handSize > 0 && currentTile !== null)
    note('invalid-setup', 'currentTile: with hands of tiles, the player to move chooses from the hand (see hands)');
  else if (currentTile !== null && typeof currentTile !== 'string')
    note('invalid-setup', `currentTile must be a tile id or null, not ${show(currentTile)}`);
  else if (currentTile !== null) inSet.take(currentTile, 'currentTile', note);
  let hands: string[][] | null = null;
  if (s.hands !== undefined) {
    if (handSize === 0) note('invalid-setup', 'hands: this game has no hands of tiles (rules.hand)');
    else if (!Array.isArray(s.hands) || s.hands.length !== players || !s.hands.every((h) => Array.isArray(h) && h.length <= handSize))
      note('invalid-setup', `hands must list each player's hand, of at most ${handSize} tile${handSize === 1 ? '' : 's'}`);
    else {
      hands = (s.hands as unknown[][]).map((h, pl) =>
        Array.from(h).flatMap((id, i) => (inSet.take(id, `hands[${pl}][${i}]`, note) ? [id as string] : [])),
      );
    }
  }
  let left: string[] | null = null;
  if (s.tilesLeft !== undefined && s.tilesLeft !== 'rest') {
    if (!Array.isArray(s.tilesLeft)) note('invalid-setup', `tilesLeft must be a list of tile ids or 'rest', not ${show(s.tilesLeft)}`);
    else left = Array.from(s.tilesLeft as unknown[]).flatMap((id, i) => (inSet.take(id, `tilesLeft[${i}]`, note) ? [id as string] : []));
  }
  // Every tile still to place may take the board a cell further out.
  const toPlace =
    (left?.length ?? inSet.rest().reduce((n, [, c]) => n + c, 0)) + (typeof currentTile === 'string' ? 1 : 0) + (hands?.flat().length ?? 0);
  const reach = Math.max(0, ...tiles.map((t) => Math.max(Math.abs(t.x), Math.abs(t.y))));
  if (reach + toPlace > SETUP_REACH)
    note(
      'invalid-setup',
      `board: it reaches ${reach} cells from (0, 0) with ${toPlace} tiles still to place, which may take it ${reach + toPlace} cells out: a board reaches ${SETUP_REACH} at most (set it nearer to (0, 0))`,
    );
  // What is wrong so far was left out: the board is checked with the rest, so that every problem
  // is listed at once.
  const tileToPlace = typeof currentTile === 'string' && Object.hasOwn(tables.typeOf, currentTile) && handSize === 0 ? currentTile : null;
  const mover = isInt(current) && current >= 0 && current < players ? current : 0;

  const roster = rosterFor(activeModules(o.expansions, o.rules as unknown as Record<string, unknown>));
  const keys = roster.supply;
  const records: SetupStartPlayer[] = Array.from({ length: players }, (_, pl) => {
    const supply = (supplies?.[pl] ?? {}) as Record<string, unknown>;
    const record: Record<string, unknown> = { score: scores?.[pl] ?? 0 };
    for (const key of Object.keys(supply))
      if (!keys.includes(key)) note('invalid-setup', `supplies[${pl}] has no field "${key}" (fields: ${keys.join(', ')})`);
    // -1: left out (what the player owns off the board, once the board is placed).
    keys.forEach((key) => {
      const n = supply[key];
      if (n !== undefined && !(isInt(n) && n >= 0 && n <= 1000))
        note('invalid-setup', `supplies[${pl}].${key} must be a whole number, not ${show(n)}`);
      record[key] = isInt(n) && n >= 0 && n <= 1000 ? n : -1;
    });
    for (const [key, list] of held) {
      const tokens = (list?.[pl] ?? {}) as Record<string, unknown>;
      const tk = roster.tokens.find((t) => t.key === key);
      // Tokens of a module not in the game: none may be held (0 goes without saying).
      if (tk === undefined) {
        for (const [g, n] of Object.entries(tokens))
          if (n !== 0) note('invalid-setup', `${key}[${pl}].${g}: no expansion in play has ${g} tokens`);
        continue;
      }
      for (const kind of Object.keys(tokens))
        if (!tk.kinds.includes(kind)) note('invalid-setup', `${key}[${pl}] has no field "${kind}" (fields: ${tk.kinds.join(', ')})`);
      record[tk.key] = Object.fromEntries(tk.kinds.map((g) => [g, tokens[g] ?? 0]));
    }
    return record as unknown as SetupStartPlayer;
  });
  // A number that is not one is noted, and read as 0 (a supply: as left out) for the rest of the check.
  records.forEach((r, pl) => {
    const record = r as unknown as Record<string, unknown>;
    if (!isPoints(r.score)) {
      note('invalid-setup', `scores[${pl}] must be a whole number of points, not ${show(r.score)}`);
      record.score = 0;
    }
    for (const tk of roster.tokens) {
      const held = record[tk.key] as Record<string, unknown>;
      for (const [g, n] of Object.entries(held)) {
        if (isInt(n) && n >= 0 && n <= 1000) continue;
        note('invalid-setup', `${tk.key}[${pl}].${g} must be a whole number, not ${show(n)}`);
        held[g] = 0;
      }
    }
  });

  const modules = s.modules ?? {};
  if (!isRecord(modules))
    note('invalid-setup', `modules must be an object of the rule modules' parts, by module name, not ${show(modules)}`);

  const rules = kernelRules(o.rules, o.expansions, o.farmerRule, tables);
  const start: StartPosition = {
    tiles,
    figures,
    players: records,
    currentPlayer: mover,
    extraTurn: typeof extraTurn === 'string' ? (extraTurn as ExtraTurn) : null,
    currentTile: tileToPlace,
    hands,
    modules: isRecord(modules) ? modules : {},
  };
  const labels = { tile: (i: number) => `board[${i}]`, figure: (i: number) => `figures[${listedAt.get(figures[i] as BoardFigure)}]` };
  const { kernel: k, figures: placed } = startKernel(tables, rules, o.expansions, start, labels, note);
  // The modules' parts as set up, written as a state writes them (every part of the modules in play).
  const modulesSetUp = Object.keys(start.modules).length > 0 ? modulesOf(k) : null;
  // The supplies not given are what each player owns off the board.
  const filled = records.map((r, pl) => {
    const out = { ...r } as Record<string, unknown>;
    keys.forEach((key, j) => {
      out[key] = k.inSupply(pl, roster.own[j] as number);
    });
    return out as unknown as SetupStartPlayer;
  });
  const full: StartPosition = { ...start, players: filled };
  if (tileToPlace !== null && k.nPlaced === tiles.length && !k.canPlaceAnywhere(tables.typeOf[tileToPlace] as number))
    note('tile-fits-nowhere', `currentTile ${tileToPlace} fits nowhere on this board: it would be discarded`);
  if (problems.length > 0) return done();

  // The bag: as listed, or the rest of the set shuffled by the seed (river tiles first).
  const bag = left ?? dealTiles({ ...o.tiles, counts: inSet.rest(), startDrawn: true } as TileSetDef, [], mulberry32(hashSeed(o.seed)));
  fillSetUpBag(k, full, bag);
  if (script !== null) k.setScript(Int16Array.from(script, (id) => tables.typeOf[id] ?? -1));
  const log: KernelEvent[] = [];
  openSetUp(k, full, log);
  const events = describeEvents(k, log);
  const setup: SetupStart = {
    tiles: tiles.length,
    figures: placed,
    players: filled,
    currentPlayer: full.currentPlayer,
    extraTurn: full.extraTurn,
    currentTile: full.currentTile,
    hands: hands,
    ...(modulesSetUp === null ? {} : { modules: modulesSetUp }),
    removed:
      left === null
        ? []
        : inSet
            .rest()
            .flatMap(([id, n]) => Array<string>(n).fill(id))
            .sort(),
  };
  // Made again (once handed on, when the first state is used again) as a copy of this start.
  const first = k.clone();
  const made = {
    placements: tiles.map((t) => ({ ...t, player: null, meeple: null, recall: null })),
    meeples: Array.from({ length: k.nMeeples }, (_, i) => ({
      owner: k.mOwner[i] as number,
      ...figureOf(k, k.mKind[i] as number, k.mSeg[i] as number),
    })),
    setup,
  };
  const state = firstState(k, o, log, events, made, () => first.clone());
  return { state, problems };
}

/** A list field of the set-up (empty when left out and not `required`). */
function listOf(v: unknown, name: string, note: (code: SetupErrorCode, m: string) => void, required = false): unknown[] {
  if (v === undefined && !required) return [];
  if (!Array.isArray(v)) {
    note('invalid-setup', `${name} must be a list, not ${show(v)}`);
    return [];
  }
  return Array.from(v);
}

/** A per-player list field: one entry per player, or undefined when left out. */
/** Each player's tokens of the game's modules, by key, as a set-up writes them. */
function tokensOf(players: readonly object[], roster: Roster): Record<string, Record<string, number>[]> {
  return Object.fromEntries(
    roster.tokens.map((tk) => [tk.key, players.map((p) => ({ ...((p as Record<string, unknown>)[tk.key] as Record<string, number>) }))]),
  );
}

function perPlayer(v: unknown, name: string, players: number, note: (code: SetupErrorCode, m: string) => void): unknown[] | undefined {
  if (v === undefined) return undefined;
  if (!Array.isArray(v) || v.length !== players) {
    note('invalid-setup', `${name} must list one entry per player (${players}), not ${show(v)}`);
    return undefined;
  }
  if (name !== 'scores' && !v.every(isRecord)) {
    note('invalid-setup', `${name} must list one object per player, not ${show(v)}`);
    return undefined;
  }
  return v;
}

/** The copies of each tile of a set, taken as a set-up uses them. */
function counter(set: TileSetDef) {
  const counts = new Map<string, number>(set.counts.map(([id, n]) => [id, n]));
  const used = new Map<string, number>();
  return {
    /** Takes a copy of `id` for `where`: false (noted) when the set has none left. */
    take(id: unknown, where: string, note: (code: SetupErrorCode, m: string) => void): boolean {
      const n = typeof id === 'string' ? counts.get(id) : undefined;
      if (n === undefined) {
        note('unknown-tile', `${where}: unknown tile ${show(id)}`);
        return false;
      }
      const u = (used.get(id as string) ?? 0) + 1;
      used.set(id as string, u);
      if (u > n) {
        note('unknown-tile', `${where}: more copies of tile ${id} than the ${set.name} set holds (${n})`);
        return false;
      }
      return true;
    },
    /** The copies not taken, in the set's order. */
    rest(): [string, number][] {
      return set.counts.flatMap(([id, n]) => (n - (used.get(id) ?? 0) > 0 ? [[id, n - (used.get(id) ?? 0)] as [string, number]] : []));
    },
  };
}

/**
 * The set-up position of a state or player view now: `setupGame(setupOf(state))` starts a game in
 * the same position (board, figures, scores, supplies, goods, the player to move and the tile or
 * hands, the tiles left in order; for a view, in the order it knows), which goes on as the game
 * would (except where tiles go back into the bag, `rules.unplaceable: 'returned'`: the seed shakes
 * the bag then, and the set-up game's seed starts anew). `turn` starts again at 0. Of a finished
 * game, the position before its final scoring. Throws {@link StateError} for a view that hides a hand
 * (`hidden-information`) and for a game scored by a custom farmer rule
 * (`custom-rule-missing`: a set-up names its rule).
 *
 * @example
 * ```ts
 * import { applyMove, createGame, legalMoves, legalTurns, setupGame, setupOf } from 'carcassonne-engine';
 *
 * let state = createGame({ players: 2, seed: 7 });
 * for (let i = 0; i < 5; i++) state = applyMove(state, legalTurns(state)[0]!);
 * const setup = setupOf(state);
 * console.log(setup.board.length, setup.currentTile === state.currentTile); // → 6 true
 * const again = setupGame(setup);
 * console.log(JSON.stringify(legalMoves(again)) === JSON.stringify(legalMoves(state))); // → true
 * ```
 */
export function setupOf(input: GameState | PlayerView): Setup {
  const { state } = checked(input);
  const view = isViewRecord(state) ? (state as unknown as PlayerView) : null;
  if (view?.hands?.some((h) => h.includes(null))) {
    throw new StateError([
      { code: 'hidden-information', message: 'this view hides a hand: only a view that sees every hand is a position to set up' },
    ]);
  }
  if (state.rules.farmers === 'custom') {
    throw new StateError([
      { code: 'custom-rule-missing', message: 'this game scores farmers with a custom rule: a set-up names its farmer rule' },
    ]);
  }
  if (state.step !== 'tile') {
    const last = state.placements[state.placements.length - 1];
    throw new StateError([
      {
        code: 'mid-turn',
        message: `a set-up begins a turn, and this state is at its ${state.step} step (tile ${last?.tile} placed at (${last?.x}, ${last?.y}), the turn going on): play the rest of the turn first`,
      },
    ]);
  }
  return setupOfState(state, view, checked(state).kernel);
}

/** The set-up of a state that begins a turn (see setupOf). */
function setupOfState(state: GameState, view: PlayerView | null, k: Kernel): Setup {
  const finals = state.status === 'finished' ? state.scored.filter((l) => l.phase === 'final') : [];
  const { farmers, ...rest } = state.rules;
  const keys = rosterOf(k).supply;
  const board: SetupTile[] = state.placements.map((p) => ({ tile: p.tile, x: p.x, y: p.y, rotation: p.rotation }));
  const figures: SetupFigure[] = state.meeples.map((m) => ({ owner: m.owner, kind: m.kind, x: m.x, y: m.y, at: m.at }));
  // Each module's part as a set-up gives it (The Tower's floors, prisoners), when it has one.
  const parts = k.rules.ruleset.words.flatMap((w) => {
    const part = (w.api as ModuleApi).position(k);
    return part === null ? [] : [[w.module, part] as const];
  });
  const modules = parts.length === 0 ? null : Object.fromEntries(parts);
  return {
    players: state.players.map((p) => p.name),
    ...(view === null ? { seed: state.seed } : {}),
    tileSet: state.tileSet,
    edition: state.edition,
    expansions: state.expansions,
    rules: { ...rest, farmers: farmers as Exclude<typeof farmers, 'custom'> },
    board,
    figures,
    scores: state.players.map((p, i) => p.score - finals.reduce((sum, l) => sum + (l.awarded[i] ?? 0), 0)),
    supplies: state.players.map((p) =>
      Object.fromEntries(keys.map((key) => [key, (p as unknown as Record<string, number>)[key] as number])),
    ),
    ...tokensOf(state.players, rosterOf(k)),
    currentPlayer: state.currentPlayer,
    extraTurn: state.extraTurn,
    ...(state.hands === null ? { currentTile: state.currentTile } : { hands: state.hands as TileId[][] }),
    tilesLeft: [...state.tilesLeft],
    ...(modules === null ? {} : { modules }),
  };
}

/**
 * The position a set-up game (`state.setup` not null) began from, as a {@link Setup} without its
 * options: the tiles left are the bag then, as a multiset sorted by id (the tiles drawn since
 * among them), or `'rest'` when it held the rest of the set. For a view, a hand set up that the viewer may not see has `null` tiles.
 */
export function setupStartOf(state: GameState | PlayerView): Omit<Setup, 'hands'> & { hands?: readonly (readonly (TileId | null)[])[] } {
  const start = state.setup;
  if (start === null) throw new Error('internal error: setupStartOf a game that was not set up');
  const { kernel: k } = checked(state);
  const tiles: SetupTile[] = state.placements.slice(0, start.tiles).map((p) => ({ tile: p.tile, x: p.x, y: p.y, rotation: p.rotation }));
  const keys = rosterOf(k).supply;
  const position: StartPosition = {
    tiles,
    figures: [],
    players: start.players,
    currentPlayer: start.currentPlayer,
    extraTurn: start.extraTurn,
    currentTile: start.currentTile,
    hands: start.hands,
    modules: start.modules ?? {},
  };
  return {
    players: state.players.length,
    board: tiles,
    figures: start.figures.map((f) => ({ ...f })),
    scores: start.players.map((p) => p.score),
    supplies: start.players.map((p) =>
      Object.fromEntries(keys.map((key) => [key, (p as unknown as Record<string, number>)[key] as number])),
    ),
    ...tokensOf(start.players, rosterOf(k)),
    currentPlayer: start.currentPlayer,
    extraTurn: start.extraTurn,
    ...(start.currentTile === null ? {} : { currentTile: start.currentTile }),
    ...(start.hands === null ? {} : { hands: start.hands }),
    // Nothing removed: the bag held the rest of the set, which is what 'rest' says.
    tilesLeft: start.removed.length === 0 ? 'rest' : setUpBag(k.tables, position, start.removed).sort(),
    ...(start.modules === undefined ? {} : { modules: start.modules }),
  };
}
