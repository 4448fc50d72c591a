import type { GameState, MeepleKind, Move, PlayerView } from '../api/types.js';
import { figureInPlay } from '../api/figures.js';
import { figuresOf } from '../rules/compile.js';
import { IllegalMoveError } from '../core/errors.js';
import type { Engine } from '../engine/engine.js';
import { decodeMove } from '../engine/move.js';
import { botRandom, engineFor } from './seed.js';
import type { BotOptions } from './types.js';

/** Weights of {@link greedyBot}'s position estimate. */
export interface GreedyWeights {
  /** Weight of what open features (and fields) would score if the game ended now. Default 0.8. */
  readonly open?: number;
  /** Points a follower in supply is worth while at least `horizon` tiles are left. Default 1.5. */
  readonly meeple?: number;
  /** Tiles left below which a follower in supply is worth proportionally less. Default 30. */
  readonly horizon?: number;
  /** Points an abbot in supply is worth while at least `horizon` tiles are left (The Abbot). Default 1.5. */
  readonly abbot?: number;
  /** Points a large meeple in supply is worth while at least `horizon` tiles are left (Inns & Cathedrals). Default 3. */
  readonly large?: number;
  /**
   * Points a builder on the board is worth while at least `horizon` tiles are left (Traders &
   * Builders): the second tiles it may give. Default 2.
   */
  readonly builder?: number;
  /** The weight of any other figure kind, by its name (the rule module that brings it gives the default). */
  readonly [kind: string]: number | undefined;
}

/** Options of {@link greedyBot}. */
export interface GreedyOptions extends BotOptions {
  readonly weights?: GreedyWeights;
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
 * import { Engine, encodeMove } from 'carcassonne-engine/engine';
 * import { estimate } from 'carcassonne-engine/bots';
 *
 * // A thief on a road of two tiles: 0 scored, 2 if the game ended now (0.8 × 2), and six followers
 * // in hand at 1.5 each while the bag is full.
 * const engine = Engine.create({ players: 2, seed: 1, drawOrder: ['U'] });
 * engine.play(encodeMove({ x: 1, y: 0, rotation: 0, meeple: { at: 'E' } }));
 * console.log(estimate(engine).map((v) => v.toFixed(1))); // → [ '10.6', '10.5' ]
 * ```
 */
export function estimate(engine: Engine, weights: GreedyWeights = {}): number[] {
  const open = weights.open ?? 0.8;
  const meeple = weights.meeple ?? 1.5;
  const horizon = weights.horizon ?? 30;
  const kinds = figureValues(engine, weights, meeple);
  const now = engine.scores();
  const final = engine.scoreFinal();
  const hand = Math.min(1, engine.tilesLeft / horizon);
  return now.map((s, p) => {
    let figures = 0;
    for (const { kind, weight, onBoard, per } of kinds) {
      const held = engine.inSupply(p, kind);
      figures += weight * (onBoard ? per - held : held);
    }
    return s + open * ((final[p] as number) - s) + figures * hand;
  });
}

/** The figure kinds in play with their weights: the follower's is `meeple`, the others' by name or the module's default. */
function figureValues(engine: Engine, weights: GreedyWeights, meeple: number) {
  return figuresOf()
    .map((f, code) => ({ f, code }))
    .filter(({ f }) => f.bot !== undefined && figureInPlay(f.name as MeepleKind, engine.expansions))
    .map(({ f, code }) => ({
      kind: f.name as MeepleKind,
      weight: code === 0 ? meeple : (weights[f.name] ?? (f.bot?.weight as number)),
      onBoard: f.bot?.onBoard === true,
      per: f.perPlayer,
    }));
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
export function margin(values: readonly number[], player: number): number {
  let best = -Infinity;
  for (let p = 0; p < values.length; p++) if (p !== player) best = Math.max(best, values[p] as number);
  return (values[player] as number) - best;
}

/**
 * Plays the move with the best {@link estimate} margin over the best opponent after it: one ply,
 * no look at the tiles to come. Ties are broken by the seeded random source.
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
export function greedyBot(state: GameState | PlayerView, options?: GreedyOptions): Move {
  const root = engineFor(state, options, 'greedy');
  if (root.status === 'finished') throw new IllegalMoveError('game-finished', 'the game is over: no tile is left to place');
  const me = root.currentPlayer;
  // With hands of tiles, a code names a slot of the player's hand.
  const tile = root.currentTile ?? root.hand(root.currentPlayer);
  const moves = root.legalMoves();
  const random = botRandom(state, options, 'greedy');
  let best = moves[0] as number;
  let bestValue = -Infinity;
  let ties = 0;
  for (const move of moves) {
    const e = root.clone();
    e.play(move);
    const value = margin(estimate(e, options?.weights), me);
    if (value > bestValue + 1e-9) {
      best = move;
      bestValue = value;
      ties = 1;
    } else if (value > bestValue - 1e-9 && random() * ++ties < 1) {
      best = move; // reservoir sampling: each tied move is kept with equal probability
    }
  }
  return decodeMove(best, tile);
}
