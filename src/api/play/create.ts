import { modulesOf } from '../state/modules.js';
import { stepModule } from './module-moves.js';
import { tileDef } from '../../rules/catalogue.js';
import { freezeBuilt } from '../../core/freeze.js';
import { hashSeed, mulberry32, startRandom } from '../../core/rng.js';
import { createKernel, type Kernel, PHASE_ACTION, tablesFor, type KernelEvent } from '../../kernel/index.js';
import { dealTiles } from '../../rules/deal.js';
import { remember } from '../state/kernels.js';
import { remakeFrom } from './recorded.js';
import { guardFarmerRule } from '../options/lines.js';
import { extraTurnOf, kernelRules, withCustomRule } from '../options/game-rules.js';
import { describeEvents, scoringsOf } from './events.js';
import { playerRecord } from '../state/players.js';
import { handIds } from './legality.js';
import { type GameOptions, type ResolvedOptions, resolveOptions } from '../options/options.js';
import type { GameEvent, GameState, Step, TileDraw, TileId } from '../types.js';

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
  const { k, log } = startKernel(o, script);
  const told = script?.first ?? null;
  const events = describeEvents(k, log).map((e) => (e.type === 'first-player-chosen' && told !== null ? told : e));
  const board =
    set.startDrawn === true ? [] : [{ tile: set.startTile, x: 0, y: 0, rotation: 0 as const, player: null, meeple: null, recall: null }];
  // Its states are made again (when used again once handed on) from the start, made again as it was made.
  return firstState(k, o, log, events, { placements: board, meeples: [], setup: null }, () => startKernel(o, script).k);
}

/** The kernel of a game's start, and what it logged: the bag dealt, the first player chosen, the first tile drawn. */
function startKernel(o: ResolvedOptions, script: Script | null): { k: Kernel; log: KernelEvent[] } {
  const tables = tablesFor(o.tiles, tileDef);
  const farmers = o.rules.farmers === 'custom' ? guardFarmerRule(o.farmerRule) : o.farmerRule;
  const k = createKernel(tables, kernelRules(o.rules, o.expansions, farmers, tables), o.names.length);
  const bag = dealTiles(o.tiles, o.drawOrder, mulberry32(hashSeed(o.seed)));
  k.setBag(
    [],
    bag.map((id) => tables.typeOf[id] as number),
  );
  if (script !== null) k.setScript(Int16Array.from(script.draws, (id) => (id === null ? -1 : (tables.typeOf[id] ?? -1))));
  const log: KernelEvent[] = [];
  k.begin(startRandom(o.seed), log, script?.first?.player ?? -1);
  withCustomRule(() => k.drawNext(log));
  return { k, log };
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
  start: () => Kernel,
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
    modules: modulesOf(k),
  };
  freezeBuilt(state);
  remember(state, k, remakeFrom(start, state));
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
export const stepOf = (k: Kernel): Step => (k.phase === PHASE_ACTION ? 'action' : (stepModule(k)?.name ?? 'tile'));

/** The state's `hands`: every player's tiles in hand, or null without hands. */
export function handsOf(k: Kernel): string[][] | null {
  if (k.handSize === 0) return null;
  return Array.from({ length: k.players }, (_, p) => handIds(k, p));
}
