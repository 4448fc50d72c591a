import { isInt, show } from '../core/guards.js';
import { LIMITS, STATE_INPUT } from '../core/limits.js';
import { readPlain } from '../core/plain.js';
import { readBotOptions } from './bot-options.js';
import type { GameState, MeepleKind, PlayerView } from '../api/types.js';
import type { AnyMove } from '../api/types.js';
import type { FigureDef } from '../rules/module.js';
import { rosterOf } from '../rules/roster.js';
import { IllegalMoveError, OptionsError } from '../core/errors.js';
import { badArgument } from '../engine/checks.js';
import { type Engine, isEngine } from '../engine/engine.js';
import { kernelOf, playTurnListed } from '../engine/playout.js';
import { legalTurnCodes, moveOfTurn } from '../engine/turns.js';
import { DEFAULT_WEIGHTS, type EvaluationWeights, Evaluator, type FigureWorth } from './evaluate.js';
import { botRandom, engineFor } from './seed.js';
import type { BotOptions } from './bot-types.js';

/**
 * Weights of the reference bots' evaluations: {@link evaluate} (the default) reads them all but
 * `open`; {@link estimate} reads `open`, `meeple`, `horizon` and the figure kinds'.
 */
export interface GreedyWeights {
  /** Weight of what open features (and fields) would score if the game ended now ({@link estimate}). Default 0.8. */
  readonly open?: number;
  /** Points a follower in supply is worth while at least `horizon` tiles are left. Default 2 ({@link estimate}: 1.5). */
  readonly meeple?: number;
  /** Tiles left below which a figure in supply is worth proportionally less. Default 30. */
  readonly horizon?: number;
  /** Weight of what open features and fields would score if the game ended now ({@link evaluate}). Default 1. */
  readonly now?: number;
  /** Weight of the points a feature still lacks, times its chance to be completed. Default 0.8. */
  readonly complete?: number;
  /** Tiles a road or city is expected to grow by for each empty cell where it is open. Default 1. */
  readonly grow?: number;
  /** Draws a player is counted to have for each feature, as a share of the tiles left per player. Default 1. */
  readonly reach?: number;
  /** How much each further open feature a player holds thins its draws for the others. Default 0.5. */
  readonly share?: number;
  /** A feature's chance to be completed is multiplied by this once per empty cell it needs. Default 0.9. */
  readonly cell?: number;
  /** The share of its worth in supply a figure on a feature keeps, times the feature's chance to be completed. Default 0.8. */
  readonly back?: number;
  /** Points lost while a player has no follower in supply (times min(1, tiles left / horizon)). Default 3. */
  readonly none?: number;
  /** Points a field's majority is counted for each bordering city, times that city's chance to be completed. Default 3. */
  readonly field?: number;
  /**
   * Points any other figure kind is worth, by its name, while at least `horizon` tiles are left: in
   * supply, or for a kind whose worth is on the board, on the board. The rule module that brings
   * it gives the default (The Abbot's abbot 1.5, Inns & Cathedrals' large meeple 3, Traders &
   * Builders' builder 2: the second tiles it may give).
   */
  readonly [kind: string]: number | undefined;
}

/** Options of {@link greedyBot}. */
export interface GreedyOptions extends BotOptions {
  readonly weights?: GreedyWeights;
  /**
   * `'tiles'` (the default): {@link evaluate}, which knows the tiles left; `'now'`: {@link estimate},
   * what the position would score if the game ended now (how earlier versions' greedy bot rated positions).
   */
  readonly evaluation?: 'tiles' | 'now';
}

/**
 * A player's estimated worth in a position, from public information only:
 *
 *     score + open × (final-scoring points of its open features and fields now)
 *           + (meeple × followers + abbot × abbots + large × large meeples in supply
 *              + builder × builders on the board) × min(1, tiles left / horizon)
 *
 * The first term is the points already scored (so the immediate score change of a move counts in
 * full); the second values open roads, cities, cloisters, gardens and fields by what they would
 * score if the game ended now, with the current majorities (an abbot on the board counts as an
 * incomplete cloister; goods count through their final 10-point majorities, a pig through its
 * fourth point a city); the third prices the meeple economy: a figure in hand is worth something
 * while there are tiles to use it on, nothing at the end, and a builder on the board the second
 * tiles it may give.
 *
 * @example
 * ```ts
 * import { Engine, encodeTurn } from 'carcassonne-engine/engine';
 * import { estimate } from 'carcassonne-engine/bots';
 *
 * // A thief on a road of two tiles: 0 scored, 2 if the game ended now (0.8 × 2), and six followers
 * // in hand at 1.5 each while the bag is full.
 * const engine = Engine.create({ players: 2, seed: 1, drawOrder: ['U'] });
 * engine.playTurn(encodeTurn({ x: 1, y: 0, rotation: 0, meeple: { at: 'E' } }));
 * console.log(estimate(engine).map((v) => v.toFixed(1))); // → [ '10.6', '10.5' ]
 * ```
 */
export function estimate(engine: Engine, weights?: GreedyWeights): number[] {
  return estimateOf(checkedEngine(engine), checkedWeights(weights) ?? {});
}

function estimateOf(engine: Engine, weights: GreedyWeights = {}): number[] {
  const open = weights.open ?? 0.8;
  const meeple = weights.meeple ?? 1.5;
  const horizon = weights.horizon ?? 30;
  const kinds = figureValues(engine, weights, meeple);
  const now = engine.scores();
  const final = engine.scoreFinal();
  const hand = Math.min(1, engine.tilesLeft / horizon);
  return now.map((s, p) => {
    let figures = 0;
    for (const { kind, worth, onBoard, perPlayer } of kinds) {
      const held = engine.inSupply(p, kind);
      figures += worth * (onBoard ? perPlayer - held : held);
    }
    return s + open * ((final[p] as number) - s) + figures * hand;
  });
}

/** The figure kinds in play with their worth: the follower's is `meeple`, the others' by name or the module's default. */
function figureValues(engine: Engine, weights: GreedyWeights, meeple: number): (FigureWorth & { kind: MeepleKind })[] {
  // The game's own figure kinds, by their codes (FIGURE_KINDS).
  const roster = rosterOf(kernelOf(engine));
  return roster.own
    .map((code) => ({ f: roster.figures[code] as FigureDef, code }))
    .filter(({ f }) => f.bot !== undefined)
    .map(({ f, code }) => ({
      code,
      kind: f.name as MeepleKind,
      worth: code === 0 ? meeple : (weights[f.name] ?? (f.bot?.weight as number)),
      onBoard: f.bot?.onBoard === true,
      perPlayer: typeof f.perPlayer === 'number' ? f.perPlayer : (f.perPlayer[engine.players] ?? 0),
    }));
}

/** The tile-aware evaluator of an engine's game with these weights (see {@link evaluate}). */
export function evaluatorFor(engine: Engine, weights: GreedyWeights = {}): Evaluator {
  const w: Partial<Record<keyof EvaluationWeights, number>> = {};
  for (const key of Object.keys(DEFAULT_WEIGHTS) as (keyof EvaluationWeights)[]) {
    const v = weights[key];
    if (v !== undefined) w[key] = v;
  }
  return new Evaluator(kernelOf(engine), figureValues(engine, weights, weights.meeple ?? DEFAULT_WEIGHTS.meeple), w);
}

/**
 * Each player's worth in a position, in points, from public information only: the tile-aware
 * evaluation of {@link greedyBot} and {@link mctsBot}. It counts
 *
 * - the points scored, and what open features and fields would score if the game ended now;
 * - for each road, city, cloister and garden its holders would still gain, times its chance to be
 *   completed: the chance that each empty cell where it is open gets a tile, from how many of the
 *   tiles not yet placed fit there (their multiset, never their order) and how many tiles its
 *   holder may still draw, fewer the more open features it holds;
 * - for each field, 3 points a bordering city times that city's chance to be completed;
 * - figures in supply, worth less as the bag empties; a follower on a feature keeps part of that
 *   worth, times the feature's chance to be completed (it comes back); a stuck one is worth
 *   nothing, and a player with no follower in supply loses points.
 *
 * @example
 * ```ts
 * import { Engine, encodeTurn } from 'carcassonne-engine/engine';
 * import { evaluate } from 'carcassonne-engine/bots';
 *
 * // A knight on a city cap (E) below the start tile: its city is open to the south, and many of
 * // the tiles left close it. Worth more than the same tile played without the knight.
 * const withKnight = Engine.create({ players: 2, seed: 1, drawOrder: ['E'] });
 * const without = withKnight.clone();
 * withKnight.playTurn(encodeTurn({ x: 0, y: 1, rotation: 180, meeple: { at: 'S' } }));
 * without.playTurn(encodeTurn({ x: 0, y: 1, rotation: 180 }));
 * console.log(evaluate(withKnight)[0]! > evaluate(without)[0]!); // → true
 * ```
 */
export function evaluate(engine: Engine, weights?: GreedyWeights): number[] {
  checkedEngine(engine);
  const w = checkedWeights(weights);
  const out = new Float64Array(engine.players);
  evaluatorFor(engine, w).evaluate(kernelOf(engine), out);
  return Array.from(out);
}

/** `engine` when it is one, else {@link OptionsError} `invalid-argument`; never throws anything else. */
function checkedEngine(engine: Engine): Engine {
  if (!isEngine(engine)) throw badArgument(`an Engine is needed, not ${show(engine)}`);
  return engine;
}

/** Weights read as data and checked (`invalid-bot-option`), or undefined. */
function checkedWeights(weights: GreedyWeights | undefined): GreedyWeights | undefined {
  const read = readBotOptions<{ weights?: GreedyWeights }>(weights === undefined ? undefined : { weights });
  checkGreedyOptions(read);
  return read?.weights;
}

/**
 * A player's margin: its estimate minus the best other player's.
 *
 * @example
 * ```ts
 * import { margin } from 'carcassonne-engine/bots';
 *
 * console.log(margin([30, 42, 35], 1), margin([30, 42, 35], 0)); // → 7 -12
 * ```
 */
export function margin(values: ArrayLike<number>, player: number): number {
  const read = readPlain(values, 'the values', STATE_INPUT);
  const list = read.ok ? read.value : null;
  if (!Array.isArray(list) || list.length < 2 || list.length > LIMITS.players || !list.every((v) => typeof v === 'number')) {
    throw badArgument(`margin takes a list of 2 to ${LIMITS.players} numbers, one a player, not ${show(values)}`);
  }
  if (!(isInt(player) && player >= 0 && player < list.length))
    throw badArgument(`player must be 0 to ${list.length - 1}, not ${show(player)}`);
  return marginOf(list, player);
}

/** {@link margin} of values the bots made. */
export function marginOf(values: ArrayLike<number>, player: number): number {
  let best = -Infinity;
  for (let p = 0; p < values.length; p++) if (p !== player) best = Math.max(best, values[p] as number);
  return (values[player] as number) - best;
}

/**
 * Plays the turn with the best margin over the best opponent after it, by {@link evaluate} (or
 * {@link estimate} with `evaluation: 'now'`): one turn deep, every legal turn (each placement with
 * each figure option or none) played through the engine and rated. Ties are broken by the seeded
 * random source. At the tile step it answers with the whole turn (a `TurnMove`), at the action
 * step with the action.
 *
 * @example
 * ```ts
 * import { createGame } from 'carcassonne-engine';
 * import { greedyBot } from 'carcassonne-engine/bots';
 *
 * // E can close the start tile's city: the greedy bot takes the 4 points with a knight.
 * const state = createGame({ players: 2, seed: 1, drawOrder: ['E'] });
 * console.log(JSON.stringify(greedyBot(state))); // → {"tile":"E","x":0,"y":-1,"rotation":180,"meeple":{"at":"S","kind":"follower"}}
 * ```
 */
export function greedyBot(state: GameState | PlayerView, asked?: GreedyOptions): AnyMove {
  const options = readBotOptions(asked);
  checkGreedyOptions(options);
  const root = engineFor(state, options, 'greedy');
  if (root.status === 'finished') throw new IllegalMoveError('game-finished', 'the game is over: no tile is left to place');
  const me = root.currentPlayer;
  const turns = turnBuffer(root.maxMoves);
  const n = legalTurnCodes(kernelOf(root), turns);
  const random = botRandom(state, options, 'greedy');
  const rate = rater(root, options);
  const e = root.clone();
  let best = turns[0] as number;
  let bestValue = -Infinity;
  let ties = 0;
  for (let i = 0; i < n; i++) {
    const move = turns[i] as number;
    e.copyFrom(root);
    playTurnListed(e, move);
    const value = rate(e, me, i > 0);
    if (value > bestValue + 1e-9) {
      best = move;
      bestValue = value;
      ties = 1;
    } else if (value > bestValue - 1e-9 && random() * ++ties < 1) {
      best = move; // reservoir sampling: each tied move is kept with equal probability
    }
  }
  return moveOfTurn(kernelOf(root), best);
}

// The turns listed, kept between calls: engine.maxMoves is a bound of tens of thousands, and a new
// array of it each call cost more than rating the few dozen turns a position has.
let turnScratch: Float64Array | null = null;
function turnBuffer(size: number): Float64Array {
  if (turnScratch === null || turnScratch.length < size) turnScratch = new Float64Array(size);
  return turnScratch;
}

/** Throws `invalid-bot-option` listing every bad option: an unknown evaluation, a weight that is not a finite number ≥ 0. */
function checkGreedyOptions(options: GreedyOptions | undefined): void {
  const problems: { code: 'invalid-bot-option'; message: string }[] = [];
  const evaluation = options?.evaluation;
  if (evaluation !== undefined && evaluation !== 'tiles' && evaluation !== 'now')
    problems.push({
      code: 'invalid-bot-option',
      message: `evaluation must be tiles or now, not ${typeof evaluation === 'string' ? evaluation : show(evaluation)}`,
    });
  for (const [key, value] of Object.entries(options?.weights ?? {})) {
    if (value === undefined || (typeof value === 'number' && Number.isFinite(value) && value >= 0)) continue;
    problems.push({ code: 'invalid-bot-option', message: `weights.${key} must be a finite number of at least 0, not ${show(value)}` });
  }
  if (problems.length > 0) throw new OptionsError(problems);
}

/** The greedy bot's rating of a position for a player: its margin by the chosen evaluation. */
function rater(root: Engine, options: GreedyOptions | undefined): (e: Engine, player: number, sibling: boolean) => number {
  if (options?.evaluation === 'now') return (e, player) => marginOf(estimateOf(e, options.weights), player);
  const evaluator = evaluatorFor(root, options?.weights);
  const values = new Float64Array(root.players);
  return (e, player, sibling) => {
    evaluator.evaluate(kernelOf(e), values, sibling);
    return marginOf(values, player);
  };
}
