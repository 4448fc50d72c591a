import { modulesOf } from '../state/modules.js';
import { freezeBuilt } from '../../core/freeze.js';
import { IllegalMoveError, StateError } from '../../core/errors.js';
import { type Rotation, SPOTS, type Spot } from '../../core/geometry.js';
import { ACTION_DEPLOY, ACTION_RECALL, moveAction, moveFigure, moveQ, moveSlot, moveSpot, moveX, moveY } from '../../core/move-code.js';
import { type Kernel, PHASE_ACTION, type KernelEvent } from '../../kernel/index.js';
import { checked, rememberNext, workingKernel } from '../state/kernels.js';
import { extraTurnBy, extraTurnOf, type RuleHooks, withCustomRule } from '../options/game-rules.js';
import { describeEvents, figureOf } from './events.js';
import { figureNames } from '../options/figure-kinds.js';
import { playerAfter } from '../state/players.js';
import { actionOfTurn, codeOfAction, codeOfTile, isTurn, moveError, readMove, tileOfTurn } from './legality.js';
import { listedCodes } from './listed.js';
import { isModuleCode, moduleMoveOf } from './module-moves.js';
import type {
  AnyMove,
  GameEvent,
  GameState,
  MeepleKind,
  MeepleOnBoard,
  ModuleMove,
  ScoredFeature,
  PlayerState,
  PlayerView,
  MovePreview,
  PlacedTile,
} from '../types.js';
import { isViewRecord } from '../state/view-input.js';
import { currentTileOf, drawsOf, handsOf, stepOf } from './create.js';
import { refuseHidden } from './legality.js';

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
 * where the turn would draw (previewMove). `known`: the move's codes when it was listed.
 */
function playMove(
  k: Kernel,
  move: AnyMove,
  known: readonly number[] | null,
  log: KernelEvent[],
  draw: boolean,
): { tile: PlacedTile | null; codes: number[]; step: ModuleMove | null } {
  const run = (code: number, act = false) => withCustomRule(() => (draw && !act ? k.play(code, log) : k.playStep(code, log, act)));
  const turn = isTurn(move);
  if (!turn && move.type !== 'tile') {
    const code = known?.[0] ?? codeOfAction(k, move);
    // A module's move is written as it is listed, before it is played.
    const step = isModuleCode(code) ? moduleMoveOf(k, code) : null;
    run(code);
    return { tile: null, codes: [code], step };
  }
  const placed = known?.[0] ?? codeOfTile(k, isTurn(move) ? tileOfTurn(move) : move);
  const player = k.current;
  const tile = k.tables.ids[k.handSize > 0 ? k.handTile(player, moveSlot(placed)) : k.currentType] as string;
  run(placed, turn);
  const record = {
    tile,
    x: moveX(placed),
    y: moveY(placed),
    rotation: (moveQ(placed) * 90) as Rotation,
    player,
    meeple: null,
    recall: null,
  };
  if (!turn) return { tile: record, codes: [placed], step: null };
  const action = known?.[1] ?? codeOfAction(k, move.action ?? actionOfTurn(move));
  const acted = withAction(record, action, k);
  run(action);
  return { tile: acted, codes: [placed, action], step: null };
}

/**
 * A placement record with the action its tile got: the figure deployed on it, the figure taken
 * back, or a rule module's move (written at kernel k, before it is played) added to its steps.
 */
function withAction(p: PlacedTile, action: number, k: Kernel): PlacedTile {
  if (isModuleCode(action)) return { ...p, steps: [...(p.steps ?? []), moduleMoveOf(k, action)] };
  if (moveAction(action) === ACTION_DEPLOY)
    return { ...p, meeple: { at: SPOTS[moveSpot(action)] as Spot, kind: figureNames()[moveFigure(action)] as MeepleKind } };
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
  const known = listedCodes(c.state, asked);
  const { move, error } = known === null ? check(c.state, c.kernel, asked) : { move: asked, error: null };
  if (error !== null) throw error;
  const { state, kernel: k } = workingKernel(c.state, hooks, true);
  const drawnBefore = k.bagPos;
  const discardedBefore = k.nDiscarded;
  const log: KernelEvent[] = [];
  const played = playMove(k, move, known, log, true);
  let placements: readonly PlacedTile[];
  if (played.tile !== null) placements = [...state.placements, freezeBuilt(played.tile)];
  else {
    // An action step: the tile just placed, the last of the placements, gets its figure or recall.
    const last = state.placements[state.placements.length - 1] as PlacedTile;
    const acted =
      played.step !== null ? { ...last, steps: [...(last.steps ?? []), played.step] } : withAction(last, played.codes[0] as number, k);
    placements = acted === last ? state.placements : [...state.placements.slice(0, -1), freezeBuilt(acted)];
  }
  const events = describeEvents(k, log);
  const ids = k.tables.ids;
  // Growing arrays are written as fresh, frozen arrays around their frozen elements: immer walks
  // neither a frozen value nor its elements, where a draft of a long array costs a proxy trap per
  // element (see immer's performance page). Only the new elements are frozen here.
  freezeBuilt(events);
  // Copies of frozen arrays are made by spreading them: their slice() takes V8's slow path.
  let meeples = state.meeples as MeepleOnBoard[];
  let scored = state.scored as ScoredFeature[];
  for (const e of events) {
    if (e.type === 'meeple-placed') {
      if (meeples === state.meeples) meeples = [...state.meeples];
      meeples.push(Object.freeze({ owner: e.player, kind: e.kind, x: e.x, y: e.y, at: e.at, feature: e.feature }));
    } else if (e.type === 'meeple-returned') {
      if (meeples === state.meeples) meeples = [...state.meeples];
      const i = meeples.findIndex((m) => m.owner === e.owner && m.x === e.x && m.y === e.y && m.at === e.at && m.kind === e.kind);
      meeples.splice(i, 1);
    } else if (e.type === 'feature-scored') {
      if (scored === state.scored) scored = [...state.scored];
      scored.push(e.score);
    }
  }
  // A rule module took figures off the board its own way (The Tower's captures): the list is the kernel's.
  if (log.some((e) => e.type === 'module')) {
    meeples = Array.from({ length: k.nMeeples }, (_, i) =>
      Object.freeze({ owner: k.mOwner[i] as number, ...figureOf(k, k.mKind[i] as number, k.mSeg[i] as number) }),
    );
  }
  // The next state shares every part of `state` that did not change, as Immer would write it:
  // only the players, hands and lists that changed are new, and every new part is frozen.
  let players: readonly PlayerState[] = state.players;
  for (let i = 0; i < state.players.length; i++) {
    const before = state.players[i] as PlayerState;
    const after = playerAfter(k, i, before);
    if (after === before) continue;
    if (players === state.players) players = [...state.players];
    (players as PlayerState[])[i] = after;
  }
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
  } else if (k.bagPos > drawnBefore) tilesLeft = tailOf(state.tilesLeft, k.bagPos - drawnBefore);
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
    extraTurn: extraTurnOf(k),
    step: stepOf(k),
    currentTile: currentTileOf(k),
    hands: hands === null ? null : Object.isFrozen(hands) ? hands : Object.freeze(hands),
    players: Object.isFrozen(players) ? players : Object.freeze(players),
    placements: Object.isFrozen(placements) ? placements : Object.freeze(placements),
    meeples: meeples === state.meeples ? meeples : Object.freeze(meeples),
    tilesLeft: Object.isFrozen(tilesLeft) ? tilesLeft : Object.freeze(tilesLeft),
    discarded: Object.isFrozen(discarded) ? discarded : Object.freeze(discarded),
    draws: draws === null || Object.isFrozen(draws) ? draws : Object.freeze(draws),
    setup: state.setup,
    scored: scored === state.scored ? scored : Object.freeze(scored),
    events,
    modules: modulesOf(k, state.modules),
  };
  const next = Object.freeze(sameKeys(state, written) ? written : { ...state, ...written });
  rememberNext(next, k, state);
  return next;
}

/** The elements of `list` from `from` on, in a new array (a frozen array's slice takes V8's slow path). */
function tailOf<T>(list: readonly T[], from: number): T[] {
  const out = new Array<T>(Math.max(0, list.length - from));
  for (let i = from; i < list.length; i++) out[i - from] = list[i] as T;
  return out;
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
  playMove(k, move, null, log, false);
  const events: GameEvent[] = describeEvents(k, log);
  const completed = events.flatMap((e) => (e.type === 'feature-scored' && e.score.complete ? [e.score.id] : []));
  // At the action step the extra tile the tile gives is known, and comes once the turn is over.
  const extraTurn = k.phase === PHASE_ACTION ? extraTurnBy(k, k.keeps) : extraTurnOf(k);
  return freezeBuilt({ events, scores: Array.from(k.score), completed, extraTurn });
}
