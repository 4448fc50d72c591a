import { freeze } from 'immer';
import { freezeBuilt } from '../core/freeze.js';
import { show } from '../core/guards.js';
import { MOVE_INPUT } from '../core/limits.js';
import { readPlain } from '../core/plain.js';
import { IllegalMoveError, StateError } from '../core/errors.js';
import { SPOTS, type Spot } from '../core/geometry.js';
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
} from '../core/move-code.js';
import { hashSeed, mulberry32, startRandom } from '../core/rng.js';
import { createKernel, type Kernel, PHASE_ACTION, PHASE_TILE, winnersOf, tablesFor, type KernelEvent } from '../kernel/index.js';
import { dealTiles } from '../tiles/setup.js';
import { checked, remember, workingKernel } from './kernels.js';
import { guardFarmerRule } from './lines.js';
import { builderTurnOf, extraTurnBy, extraTurnOf, kernelRules, type RuleHooks, withCustomRule } from './rules.js';
import { describeEvents, scoringsOf } from './describe.js';
import { figureNames, supplyKeys, tokenKinds, tokenRecords } from './figures.js';
import {
  type AnyMove,
  actionOfTurn,
  codeOfAction,
  codeOfTile,
  handIds,
  handSlot,
  isTurn,
  moveError,
  moveOfCode,
  readMove,
  scratchOf,
  tileOfTurn,
  tileTypeOf,
  turnOfCodes,
} from './legality.js';
import { type GameOptions, type ResolvedOptions, resolveOptions } from './options.js';
import type {
  FinalScore,
  GameEvent,
  GameState,
  PlayerState,
  PlayerView,
  Move,
  MovePreview,
  PlacedTile,
  PlacementsOptions,
  Step,
  TileDraw,
  TurnMove,
  TileId,
  TilePlacement,
} from './types.js';
import { isViewRecord } from './view-input.js';

/**
 * Starts a game: the start tile at (0,0), the bag shuffled by the seed (after `drawOrder`), and
 * the first tile drawn for player 0. Throws {@link OptionsError} listing every bad option.
 *
 * @example
 * ```ts
 * import { createGame } from 'carcassonne-engine';
 *
 * const state = createGame({ players: ['Ann', 'Bob'], seed: 42, drawOrder: ['E'] });
 * console.log(state.placements[0]?.tile, state.currentTile, state.players[state.currentPlayer]?.name); // → D E Ann
 * console.log(state.tilesLeft.length); // → 70
 * ```
 */
export function createGame(options: GameOptions): GameState {
  return startGame(options, null);
}

/**
 * What a replay of recorded draws (replay.ts) asks of a new game: the tiles to draw, in order
 * (`null`: whichever comes), and, for a game without its seed, who moves first and the event
 * that told it.
 */
export interface Script {
  readonly draws: readonly (TileId | null)[];
  readonly first: Extract<GameEvent, { type: 'first-player-chosen' }> | null;
}

/** createGame, or with `script` a game whose kernel draws the tiles the script names. */
export function startGame(options: GameOptions, script: Script | null): GameState {
  const o = resolveOptions(options);
  const set = o.tiles;
  const tables = tablesFor(set);
  const farmers = o.rules.farmers === 'custom' ? guardFarmerRule(o.farmerRule) : o.farmerRule;
  const k = createKernel(tables, kernelRules(o.rules, o.expansions, farmers, tables), o.names.length);
  const bag = dealTiles(set, o.drawOrder, mulberry32(hashSeed(o.seed)));
  k.setBag(
    [],
    bag.map((id) => tables.typeOf[id] as number),
  );
  if (script !== null) k.setScript(Int16Array.from(script.draws, (id) => (id === null ? -1 : (tables.typeOf[id] ?? -1))));
  const log: KernelEvent[] = [];
  k.begin(startRandom(o.seed), log, script?.first?.player ?? -1);
  withCustomRule(() => k.drawNext(log));
  const told = script?.first ?? null;
  const events = describeEvents(k, log).map((e) => (e.type === 'first-player-chosen' && told !== null ? told : e));
  const board =
    set.startDrawn === true ? [] : [{ tile: set.startTile, x: 0, y: 0, rotation: 0 as const, player: null, meeple: null, recall: null }];
  return firstState(k, o, log, events, { placements: board, meeples: [], setup: null });
}

/**
 * The frozen first state of a game whose kernel `k` has just started (createGame, setupGame): its
 * board and set-up as given, the rest read from the kernel and the start's log and events.
 */
export function firstState(
  k: Kernel,
  o: ResolvedOptions,
  log: readonly KernelEvent[],
  events: GameEvent[],
  board: Pick<GameState, 'placements' | 'meeples' | 'setup'>,
): GameState {
  const ids = k.tables.ids;
  const state: GameState = {
    version: 2,
    tileSet: o.tileSet,
    edition: o.edition,
    expansions: o.expansions,
    rules: o.rules,
    seed: o.seed,
    status: k.finished ? 'finished' : 'playing',
    turn: 0,
    currentPlayer: k.current,
    builderTurn: builderTurnOf(k),
    extraTurn: extraTurnOf(k),
    step: stepOf(k),
    currentTile: currentTileOf(k),
    hands: handsOf(k),
    players: o.names.map((name, i) => playerRecord(k, i, name)),
    placements: board.placements,
    meeples: board.meeples,
    tilesLeft: Array.from(k.bag.subarray(k.bagPos, k.bagLen), (t) => ids[t] as string),
    discarded: Array.from(k.discarded.subarray(0, k.nDiscarded), (t) => ids[t] as string),
    draws: drawsOf(k, log),
    setup: board.setup,
    scored: scoringsOf(events),
    events,
  };
  freezeBuilt(state);
  remember(state, k);
  return state;
}

/** The draws kernel `k` recorded in `log`, as a state lists them. */
export function drawsOf(k: Kernel, log: readonly KernelEvent[]): TileDraw[] {
  const out: TileDraw[] = [];
  for (const e of log) {
    if (e.type === 'drew') out.push({ turn: k.turn, player: e.player, tile: k.tables.ids[e.tile] as string, kept: e.kept });
  }
  return out;
}

/** The state's `currentTile`: none once finished, nor with hands (the player chooses). */
export function currentTileOf(k: Kernel): string | null {
  return k.currentType >= 0 && k.handSize === 0 ? (k.tables.ids[k.currentType] as string) : null;
}

/** The state's `step`: the step of the current player's turn. */
export const stepOf = (k: Kernel): Step => (k.phase === PHASE_ACTION ? 'action' : 'tile');

/** The state's `hands`: every player's tiles in hand, or null without hands. */
export function handsOf(k: Kernel): string[][] | null {
  if (k.handSize === 0) return null;
  return Array.from({ length: k.players }, (_, p) => handIds(k, p));
}

/** A player's record as the kernel has it. */
export function playerRecord(k: Kernel, i: number, name: string): PlayerState {
  const record: Record<string, unknown> = { name, score: k.score[i] as number };
  supplyKeys().forEach((key, figure) => {
    record[key] = k.inSupply(i, figure);
  });
  Object.assign(
    record,
    tokenRecords((g) => k.tokensOf(i, g)),
  );
  return record as unknown as PlayerState;
}

/**
 * Checks a move against the rules: one step's move ({@link Move}) or a whole turn
 * ({@link TurnMove}). Returns `null` for a legal move, or the {@link IllegalMoveError} that
 * `applyMove` would throw (never throws itself, except for a state that is not a valid state).
 *
 * @example
 * ```ts
 * import { createGame, validateMove } from 'carcassonne-engine';
 *
 * const state = createGame({ players: 2, seed: 1, drawOrder: ['E'] });
 * console.log(validateMove(state, { type: 'tile', x: 0, y: -1, rotation: 180 })); // → null
 * console.log(validateMove(state, { x: 0, y: -1, rotation: 0 })?.message); // → south edge: the tile has a field, the neighbour has a city
 * console.log(validateMove(state, { type: 'meeple', at: 'S' })?.code); // → wrong-step
 * ```
 */
export function validateMove(state: GameState | PlayerView, move: AnyMove): IllegalMoveError | null {
  const c = checked(state);
  refuseHidden(c.state, c.kernel);
  return check(c.state, c.kernel, move).error;
}

/**
 * In a player view, the moves of a hand the viewer cannot see are not the viewer's to list: throws
 * {@link StateError} (`hidden-information`).
 */
function refuseHidden(state: GameState, k: Kernel): void {
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

/** The move read as plain data and checked: the copy to play, or why it cannot be played. */
function check(
  state: GameState,
  k: Kernel,
  move: unknown,
): { readonly move: AnyMove; readonly error: null } | { readonly move: null; readonly error: IllegalMoveError } {
  if (k.finished) return { move: null, error: new IllegalMoveError('game-finished', 'the game is over: no tile is left to place') };
  const read = readMove(move);
  if (read.error !== null) return read;
  const error = moveError(
    k,
    state.players.map((p) => p.name),
    state.expansions,
    read.move,
  );
  return error === null ? read : { move: null, error };
}

/**
 * Plays a legal step on kernel `k` (or a whole turn, as its two steps) and returns the record of
 * the tile it places (null for an action step) and the codes it played; with `draw` false, stops
 * where the turn would draw (previewMove).
 */
function playMove(k: Kernel, move: AnyMove, log: KernelEvent[], draw: boolean): { tile: PlacedTile | null; codes: number[] } {
  const run = (code: number, act = false) => withCustomRule(() => (draw && !act ? k.play(code, log) : k.playStep(code, log, act)));
  if (!isTurn(move) && move.type !== 'tile') {
    const code = codeOfAction(k, move);
    run(code);
    return { tile: null, codes: [code] };
  }
  const tileMove = isTurn(move) ? tileOfTurn(move) : move;
  const player = k.current;
  const tile = k.tables.ids[tileTypeOf(k, tileMove)] as string;
  // + 0 turns -0 into 0, so that the state stays equal to its JSON round trip.
  const x = tileMove.x + 0;
  const y = tileMove.y + 0;
  const placed = codeOfTile(k, { ...tileMove, x, y });
  run(placed, isTurn(move));
  const record = { tile, x, y, rotation: tileMove.rotation, player, meeple: null, recall: null };
  if (!isTurn(move)) return { tile: record, codes: [placed] };
  const action = codeOfAction(k, actionOfTurn(move));
  run(action);
  return { tile: withAction(record, action, move.meeple?.kind), codes: [placed, action] };
}

/** A placement record with the action its tile got: the figure deployed on it, or the figure taken back. */
function withAction(p: PlacedTile, action: number, kind: PlacedTile['recall'] | undefined): PlacedTile {
  if (moveAction(action) === ACTION_DEPLOY) return { ...p, meeple: { at: SPOTS[moveSpot(action)] as Spot, kind: kind ?? 'follower' } };
  if (moveAction(action) === ACTION_RECALL) return { ...p, recall: figureNames()[moveFigure(action)] ?? null };
  return p;
}

/**
 * Plays a move and returns the next state; never changes `state`. The move is one step's
 * ({@link Move}: the tile, then its action) or a whole turn ({@link TurnMove}: both steps). Throws
 * the {@link IllegalMoveError} that {@link validateMove} returns for an illegal move; nothing is
 * half applied. `hooks` is only needed for a custom farmer rule after loading a state from JSON.
 *
 * @example
 * ```ts
 * import { applyMove, createGame } from 'carcassonne-engine';
 *
 * // E (a city cap) turned 180° above the start tile closes its city: two tiles, 4 points for Ann's knight.
 * const before = createGame({ players: ['Ann', 'Bob'], seed: 1, drawOrder: ['E'] });
 * const placed = applyMove(before, { type: 'tile', x: 0, y: -1, rotation: 180 });
 * console.log(placed.step, placed.events.map((e) => e.type).join(', ')); // → action tile-placed
 * const after = applyMove(placed, { type: 'meeple', at: 'S' });
 * console.log(after.players.map((p) => p.score), after.players[0]?.meeples); // → [ 4, 0 ] 7
 * console.log(after.events.map((e) => e.type).join(', ')); // → meeple-placed, feature-scored, meeple-returned
 * // The same turn in one object:
 * const turn = applyMove(before, { x: 0, y: -1, rotation: 180, meeple: { at: 'S' } });
 * console.log(turn.players.map((p) => p.score), before.turn, turn.turn, turn.currentPlayer); // → [ 4, 0 ] 0 1 1
 * ```
 */
export function applyMove(input: GameState, asked: AnyMove, hooks?: RuleHooks): GameState {
  const c = checked(input);
  if (isViewRecord(c.state)) {
    throw new StateError([
      {
        code: 'view-not-playable',
        message: 'a player view cannot be played: it holds no bag to draw from. Play the move on the game state and make new views of it',
      },
    ]);
  }
  const { move, error } = check(c.state, c.kernel, asked);
  if (error !== null) throw error;
  const { state, kernel: k } = workingKernel(c.state, hooks, true);
  const drawnBefore = k.bagPos;
  const discardedBefore = k.nDiscarded;
  const log: KernelEvent[] = [];
  const played = playMove(k, move, log, true);
  let placements: readonly PlacedTile[];
  if (played.tile !== null) placements = [...state.placements, freezeBuilt(played.tile)];
  else {
    // An action step: the tile just placed, the last of the placements, gets its figure or recall.
    const last = state.placements[state.placements.length - 1] as PlacedTile;
    const kind = !isTurn(move) && move.type === 'meeple' ? move.kind : undefined;
    const acted = withAction(last, played.codes[0] as number, kind);
    placements = acted === last ? state.placements : [...state.placements.slice(0, -1), freezeBuilt(acted)];
  }
  const events = describeEvents(k, log);
  const ids = k.tables.ids;
  // Growing arrays are written as fresh, frozen arrays around their frozen elements: immer walks
  // neither a frozen value nor its elements, where a draft of a long array costs a proxy trap per
  // element (see immer's performance page). Only the new elements are frozen here.
  freezeBuilt(events);
  // Copies of frozen arrays are made by spreading them: their slice() takes V8's slow path.
  const meeples = [...state.meeples];
  const scored = [...state.scored];
  for (const e of events) {
    if (e.type === 'meeple-placed') {
      meeples.push(Object.freeze({ owner: e.player, kind: e.kind, x: e.x, y: e.y, at: e.at, feature: e.feature }));
    } else if (e.type === 'meeple-returned') {
      const i = meeples.findIndex((m) => m.owner === e.owner && m.x === e.x && m.y === e.y && m.at === e.at && m.kind === e.kind);
      meeples.splice(i, 1);
    } else if (e.type === 'feature-scored') {
      scored.push(e.score);
    }
  }
  // The next state shares every part of `state` that did not change, as Immer would write it:
  // only the players, hands and lists that changed are new, and every new part is frozen.
  const keys = supplyKeys();
  const tokens = tokenKinds();
  let players: readonly PlayerState[] = state.players;
  state.players.forEach((p, i) => {
    const record = p as unknown as Record<string, unknown>;
    const changed: Record<string, unknown> = {};
    let any = false;
    if (p.score !== k.score[i]) {
      changed.score = k.score[i] as number;
      any = true;
    }
    for (let figure = 0; figure < keys.length; figure++) {
      const key = keys[figure] as string;
      if (record[key] === k.inSupply(i, figure)) continue;
      changed[key] = k.inSupply(i, figure);
      any = true;
    }
    for (const tk of tokens) {
      const held = record[tk.key] as Record<string, number>;
      let differs = false;
      for (let g = 0; g < tk.kinds.length; g++) if (held[tk.kinds[g] as string] !== k.tokensOf(i, tk.first + g)) differs = true;
      if (!differs) continue;
      changed[tk.key] = Object.freeze(Object.fromEntries(tk.kinds.map((name, g) => [name, k.tokensOf(i, tk.first + g)])));
      any = true;
    }
    if (!any) return;
    if (players === state.players) players = [...state.players];
    (players as PlayerState[])[i] = Object.freeze({ ...p, ...changed }) as PlayerState;
  });
  let hands = state.hands;
  const held = handsOf(k);
  if (held !== null) {
    // Only the hands that changed are written anew.
    held.forEach((h, p) => {
      if (h.join() === (state.hands?.[p] ?? []).join()) return;
      if (hands === state.hands) hands = [...(state.hands ?? [])];
      (hands as (readonly string[])[])[p] = Object.freeze(h);
    });
  }
  let tilesLeft = state.tilesLeft;
  if (k.script !== null || events.some((e) => e.type === 'tile-returned')) {
    // The tiles set aside went back and the bag was shaken (or a replay brought the tiles it
    // draws to the top): its order is the kernel's.
    tilesLeft = Array.from(k.bag.subarray(k.bagPos, k.bagLen), (t) => ids[t] as string);
  } else if (k.bagPos > drawnBefore) tilesLeft = [...state.tilesLeft].slice(k.bagPos - drawnBefore);
  const discarded =
    k.nDiscarded > discardedBefore
      ? [...state.discarded, ...Array.from(k.discarded.subarray(discardedBefore, k.nDiscarded), (t) => ids[t] as string)]
      : state.discarded;
  let draws = state.draws;
  if (state.draws !== null) {
    const drawn = drawsOf(k, log);
    if (drawn.length > 0) draws = [...state.draws, ...freezeBuilt(drawn)];
  }
  // Written field by field in the state's order: spreading `state` costs ten times as much. A state
  // read from elsewhere may carry keys of its own, or these in another order: then spread, as before.
  const written: GameState = {
    version: state.version,
    tileSet: state.tileSet,
    edition: state.edition,
    expansions: state.expansions,
    rules: state.rules,
    seed: state.seed,
    status: k.finished ? 'finished' : 'playing',
    turn: k.turn,
    currentPlayer: k.current,
    builderTurn: builderTurnOf(k),
    extraTurn: extraTurnOf(k),
    step: stepOf(k),
    currentTile: currentTileOf(k),
    hands: hands === null ? null : Object.isFrozen(hands) ? hands : Object.freeze(hands),
    players: Object.isFrozen(players) ? players : Object.freeze(players),
    placements: Object.isFrozen(placements) ? placements : Object.freeze(placements),
    meeples: Object.freeze(meeples),
    tilesLeft: Object.isFrozen(tilesLeft) ? tilesLeft : Object.freeze(tilesLeft),
    discarded: Object.isFrozen(discarded) ? discarded : Object.freeze(discarded),
    draws: draws === null || Object.isFrozen(draws) ? draws : Object.freeze(draws),
    setup: state.setup,
    scored: scored.length > state.scored.length ? Object.freeze(scored) : state.scored,
    events,
  };
  const next = Object.freeze(sameKeys(state, written) ? written : { ...state, ...written });
  remember(next, k);
  return next;
}

/** Whether two records have the same own keys in the same order. */
function sameKeys(a: object, b: object): boolean {
  const ka = Object.keys(a);
  const kb = Object.keys(b);
  if (ka.length !== kb.length) return false;
  for (let i = 0; i < ka.length; i++) if (ka[i] !== kb[i]) return false;
  return true;
}

/**
 * What a legal move would do, without playing it: its events up to the draw (the tile placed, the
 * figure deployed or taken back, what the turn completes and scores, the figures that come back,
 * goods taken), the scores after it, the features it completes, and whether it gives another tile.
 * A tile move whose action step follows (the player has a figure to deploy or take back) stops
 * with the tile placed. No tile is drawn, so it works on a {@link playerView} as on a state: a
 * frontend shows it while the player hovers over a placement. Throws the {@link IllegalMoveError}
 * of an illegal move.
 *
 * @example
 * ```ts
 * import { createGame, playerView, previewMove } from 'carcassonne-engine';
 *
 * // E (a city cap) turned 180° above the start tile closes its city: 4 points for Ann's knight.
 * const view = playerView(createGame({ players: ['Ann', 'Bob'], seed: 1, drawOrder: ['E'] }), 0);
 * const preview = previewMove(view, { x: 0, y: -1, rotation: 180, meeple: { at: 'S' } });
 * console.log(preview.scores, preview.completed, preview.extraTurn); // → [ 4, 0 ] [ '0,0:N' ] null
 * console.log(preview.events.map((e) => e.type).join(', ')); // → tile-placed, meeple-placed, feature-scored, meeple-returned
 * ```
 */
export function previewMove(input: GameState | PlayerView, asked: AnyMove): MovePreview {
  const c = checked(input);
  refuseHidden(c.state, c.kernel);
  const { move, error } = check(c.state, c.kernel, asked);
  if (error !== null) throw error;
  const k = c.kernel.clone();
  const log: KernelEvent[] = [];
  playMove(k, move, log, false);
  const events: GameEvent[] = describeEvents(k, log);
  const completed = events.flatMap((e) => (e.type === 'feature-scored' && e.score.complete ? [e.score.id] : []));
  // At the action step the extra tile the tile gives is known, and comes once the turn is over.
  const extraTurn = k.phase === PHASE_ACTION ? extraTurnBy(k, k.keeps) : extraTurnOf(k);
  return freeze({ events, scores: Array.from(k.score), completed, extraTurn }, true);
}

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
  for (let i = 0; i < n; i++) out[i] = moveOfCode(k, codes[order[i] as number] as number);
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
  if (actionBuffer === null || actionBuffer.length < k.maxMoves) actionBuffer = new Int32Array(k.maxMoves);
  const actions = actionBuffer;
  for (const placed of placements) {
    const t = k.handSize > 0 ? k.handTile(k.current, moveSlot(placed)) : k.currentType;
    const tile = k.tables.ids[t] as string;
    // Nothing to do with the tile anywhere: the placement alone, without placing it.
    if (!k.mayAct(t)) {
      out.push(turnOfCodes(tile, placed, PASS_CODE));
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
    for (let i = 0; i < n; i++) out.push(turnOfCodes(tile, placed, actions[i] as number));
  }
  return out;
}

// The actions of one placement, for legalTurns.
let actionBuffer: Int32Array | null = null;

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
  for (let i = 0; i < n; i++) orderBuffer[i] = (keyed[i] as number) % 1048576;
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
 * then the figures taken back.
 */
function moveOrder(code: number): number {
  if (moveStep(code) === STEP_TILE) return ((moveSlot(code) * 2048 + moveY(code) + 1024) * 2048 + moveX(code) + 1024) * 4 + moveQ(code);
  const action = moveAction(code);
  return (action === ACTION_RECALL ? 2 : action === ACTION_DEPLOY ? 1 : 0) * 2048 + (moveSpot(code) + 1) * 32 + moveFigure(code);
}

/**
 * Final totals, every scoring that made them, and the winners. On a finished game this is the
 * recorded result; on a game in progress, the result if it ended now (useful to evaluate a
 * position). Never changes `state`.
 *
 * @example
 * ```ts
 * import { applyMove, createGame, scoreFinal } from 'carcassonne-engine';
 *
 * // A follower on the start tile's road: if the game ended now, the road of two tiles scores 2.
 * let state = createGame({ players: ['Ann', 'Bob'], seed: 1, drawOrder: ['U'] });
 * state = applyMove(state, { x: 1, y: 0, rotation: 0, meeple: { at: 'E' } });
 * const result = scoreFinal(state);
 * console.log(result.scores, result.winners); // → [ 2, 0 ] [ 0 ]
 * console.log(result.breakdown[0]?.note); // → incomplete road of 2 tiles: 1×2
 * ```
 */
export function scoreFinal(input: GameState | PlayerView, hooks?: RuleHooks): FinalScore {
  const c = checked(input);
  const state = c.state;
  const scores = state.players.map((p) => p.score);
  if (state.status === 'finished') return freeze({ scores, breakdown: state.scored, winners: winnersOf(scores) }, true);
  const k = hooks?.farmers !== undefined ? workingKernel(state, hooks).kernel : c.kernel;
  const pts = new Int32Array(scores.length);
  const log: KernelEvent[] = [];
  withCustomRule(() => k.finalScoring(pts, log));
  const entries = scoringsOf(describeEvents(k, log));
  const totals = scores.map((s, i) => s + (pts[i] as number));
  return freeze({ scores: totals, breakdown: [...state.scored, ...entries], winners: winnersOf(totals) }, true);
}
