import type { GameState, Move } from '../api/types.js';
import { IllegalMoveError, OptionsError } from '../core/errors.js';
import { Engine, type Random, seededRandom } from '../engine/engine.js';
import { decodeMove } from '../engine/move.js';
import { moveSlot } from '../core/move-code.js';
import { MOVE_PLACEMENT_MASK } from '../core/move-code.js';
import { estimate, margin } from './greedy.js';
import type { BotOptions } from './types.js';

/** Options of {@link mctsBot}: its budget and the shape of its search. Bad values throw `invalid-bot-option`. */
export interface MctsOptions extends BotOptions {
  /** Playouts per move (default 1000, unless only `timeMs` is given). */
  readonly iterations?: number;
  /**
   * A time budget in milliseconds. With `iterations` too, the search stops at whichever comes
   * first. A time budget makes the move depend on the machine's speed.
   */
  readonly timeMs?: number;
  /** The UCT exploration constant (default 0.3; rewards lie in [0, 1]). */
  readonly exploration?: number;
  /**
   * Moves searched at the root: the best this many by {@link estimate} (default 10;
   * `Infinity` searches every legal move). Progressive pruning: with a thousand playouts, a search
   * over a hundred moves gives each too few to tell them apart.
   */
  readonly candidates?: number;
  /**
   * In playouts, the chance that a move drawn with a figure keeps it (default 0.25; 1 gives
   * uniformly random playouts). Uniform playouts spend every follower within a few turns, which
   * makes their results mostly noise.
   */
  readonly figureRate?: number;
  /**
   * Moves of a playout before it is cut short and scored by {@link estimate} (default 4);
   * `Infinity` plays every playout to the end of the game and scores the final result.
   */
  readonly depth?: number;
  /**
   * Virtual visits each root candidate starts with, worth its {@link estimate} (default 0):
   * progressive bias towards the greedy choice, which playouts must outweigh.
   */
  readonly prior?: number;
  /**
   * Random moves drawn for each playout move, of which the best by the mover's {@link estimate}
   * is played (default 4; 1 gives random playouts). A playout where each side takes the best of a
   * few chances is a far better witness than a random one, for a few times the cost.
   */
  readonly playoutSamples?: number;
}

interface Node {
  readonly move: number;
  /** The player who made `move`: rewards are counted for that player. */
  readonly player: number;
  visits: number;
  total: number;
  /** How often this node's move was available when its parent was visited (ISMCTS). */
  avail: number;
  /** Real samples taken through this root candidate: the index of its next deal. */
  samples: number;
  readonly children: Map<number, Node>;
}

const newNode = (move: number, player: number): Node => ({ move, player, visits: 0, total: 0, avail: 0, samples: 0, children: new Map() });
const children: Node[] = [];

/** UCB1 with availability counts: counts one more availability for each of the first n nodes and returns the best. */
function bestByUcb(nodes: readonly Node[], n: number, c: number): Node {
  let best = nodes[0] as Node;
  let bestUcb = -Infinity;
  for (let i = 0; i < n; i++) {
    const child = nodes[i] as Node;
    child.avail++;
    const ucb = child.visits === 0 ? Infinity : child.total / child.visits + c * Math.sqrt(Math.log(child.avail) / child.visits);
    if (ucb > bestUcb) {
      bestUcb = ucb;
      best = child;
    }
  }
  return best;
}

/** A margin in points as a reward in [0, 1]. */
const reward = (margin: number): number => 0.5 + 0.5 * Math.tanh(margin / SCALE);

/**
 * Monte Carlo tree search: information-set UCT (Cowling, Powley & Whitehouse 2012) over the
 * engine.
 *
 * - The root searches the `candidates` best moves by {@link estimate}, each starting with `prior`
 *   virtual visits worth its estimate (progressive pruning and bias).
 * - Every iteration deals the hidden tiles anew with `Engine.shuffleTilesLeft` (the bot uses which
 *   tiles are left, never their order); the k-th iteration through each root move uses the same
 *   deal and dice (common random numbers), so root moves are compared on equal luck.
 * - Below the root it walks the tree by UCB1 with availability counts, where a node is a move of
 *   a given tile, adds one node, then plays `depth` moves, each the best by {@link estimate} of
 *   `playoutSamples` random ones (a drawn figure kept with probability `figureRate`), and scores
 *   the position with {@link estimate} (or the final scores).
 * - Each node's mover is credited 0.7 × its share of the lead plus 0.3 × its squashed margin over
 *   the best other player, a reward in [0, 1]. The move played is the most visited.
 *
 * Deterministic for a given `seed` and `iterations`; a `timeMs` budget depends on the machine.
 *
 * @example
 * ```ts
 * import { applyMove, createGame, validateMove } from 'carcassonne-engine';
 * import { mctsBot } from 'carcassonne-engine/bots';
 *
 * const state = createGame({ players: 2, seed: 1 });
 * const move = mctsBot(state, { iterations: 200, seed: 1 });
 * console.log(validateMove(state, move), applyMove(state, move).turn); // → null 1
 * ```
 */
export function mctsBot(state: GameState, options?: MctsOptions): Move {
  const iterations = options?.iterations ?? (options?.timeMs === undefined ? 1000 : Infinity);
  const timeMs = options?.timeMs ?? Infinity;
  const c = options?.exploration ?? 0.3;
  const figureRate = options?.figureRate ?? 0.25;
  const problems: { code: 'invalid-bot-option'; message: string }[] = [];
  if (!(iterations >= 1) || (iterations !== Infinity && !Number.isInteger(iterations))) {
    problems.push({
      code: 'invalid-bot-option' as const,
      message: `iterations must be a whole number of at least 1, not ${String(options?.iterations)}`,
    });
  }
  if (!(timeMs > 0))
    problems.push({ code: 'invalid-bot-option' as const, message: `timeMs must be a positive number, not ${String(options?.timeMs)}` });
  if (!(c >= 0) || !Number.isFinite(c))
    problems.push({
      code: 'invalid-bot-option' as const,
      message: `exploration must be a non-negative number, not ${String(options?.exploration)}`,
    });
  const whole = (name: keyof MctsOptions, v: number, min: number, allowInfinity: boolean): void => {
    if ((allowInfinity && v === Infinity) || (Number.isInteger(v) && v >= min)) return;
    problems.push({
      code: 'invalid-bot-option' as const,
      message: `${name} must be a whole number of at least ${min}${allowInfinity ? ' (or Infinity)' : ''}, not ${String(v)}`,
    });
  };
  const breadth = options?.candidates ?? 10;
  const depth = options?.depth ?? 4;
  const prior = options?.prior ?? 0;
  whole('candidates', breadth, 1, true);
  whole('depth', depth, 0, true);
  const samples = options?.playoutSamples ?? 4;
  whole('playoutSamples', samples, 1, false);
  if (!(prior >= 0) || !Number.isFinite(prior))
    problems.push({ code: 'invalid-bot-option' as const, message: `prior must be a non-negative number, not ${String(prior)}` });
  if (!(figureRate >= 0 && figureRate <= 1))
    problems.push({ code: 'invalid-bot-option' as const, message: `figureRate must lie between 0 and 1, not ${String(figureRate)}` });
  if (problems.length > 0) throw new OptionsError(problems);

  const root = Engine.fromState(state, options?.hooks);
  if (root.status === 'finished') throw new IllegalMoveError('game-finished', 'the game is over: no tile is left to place');
  // With hands of tiles, a code names a slot of the player's hand.
  const tile = root.currentTile ?? root.hand(root.currentPlayer);
  const buffer = new Int32Array(root.maxMoves);
  const untried = new Int32Array(root.maxMoves);
  const all = root.legalMoves(buffer);
  if (all === 1) return decodeMove(buffer[0] as number, tile);
  const me = root.currentPlayer;
  const ranked = Array.from(buffer.subarray(0, all), (move) => {
    const e = root.clone();
    e.play(move);
    return { move, value: margin(estimate(e), me) };
  }).sort((a, b) => b.value - a.value);
  const kept = ranked.slice(0, Math.min(all, breadth));

  const seed = String(options?.seed ?? `mcts:${String(state.seed)}:${state.turn}`);
  const tiles = new Map<string, number>();
  const tileKey = (id: string | null): number => {
    const key = tiles.get(id as string);
    if (key !== undefined) return key;
    tiles.set(id as string, tiles.size);
    return tiles.size - 1;
  };
  // Progressive bias: each candidate starts with `prior` virtual visits worth its estimate.
  const candidates: Node[] = kept.map((r) => {
    const child = newNode(r.move, me);
    child.visits = prior;
    child.avail = prior;
    child.total = prior * reward(r.value);
    return child;
  });
  const path: Node[] = [];
  const e = root.clone();
  const trial = root.clone();
  const start = Date.now();
  for (let it = 0; it < iterations && (timeMs === Infinity || Date.now() - start < timeMs); it++) {
    const first = bestByUcb(candidates, candidates.length, c);
    // Common random numbers: the k-th sample of every candidate uses the same deal of the hidden
    // tiles and the same playout dice, so candidates are compared on equal luck.
    const random = seededRandom(`${seed}:${first.samples++}`);
    e.copyFrom(root);
    e.shuffleTilesLeft(random);
    e.play(first.move);
    path.length = 0;
    path.push(first);
    let node = first;
    while (e.status === 'playing') {
      const n = e.legalMoves(buffer);
      const player = e.currentPlayer;
      // A child is a move of a tile: with hands of tiles (dealt anew each iteration when hidden),
      // the tile in the code's slot.
      const hand = e.currentTile === null ? e.hand(player) : null;
      const keyOf = (code: number): number => code * 128 + tileKey(hand === null ? e.currentTile : (hand[moveSlot(code)] as string));
      let nUntried = 0;
      for (let i = 0; i < n; i++) {
        if (!node.children.has(keyOf(buffer[i] as number))) untried[nUntried++] = i;
      }
      if (nUntried > 0) {
        const move = buffer[untried[Math.floor(random() * nUntried)] as number] as number;
        const child = newNode(move, player);
        node.children.set(keyOf(move), child);
        path.push(child);
        e.play(move);
        break;
      }
      const available = children;
      available.length = 0;
      for (let i = 0; i < n; i++) available.push(node.children.get(keyOf(buffer[i] as number)) as Node);
      node = bestByUcb(available, n, c);
      path.push(node);
      e.play(node.move);
    }
    playout(e, trial, random, buffer, figureRate, depth, samples);
    const rewards = outcome(e.status === 'finished' ? e.scores() : estimate(e));
    for (const n of path) {
      n.visits++;
      n.total += rewards[n.player] as number;
    }
  }
  let choice: Node | null = null;
  for (const child of candidates) {
    if (choice === null || child.visits > choice.visits || (child.visits === choice.visits && child.total > choice.total)) choice = child;
  }
  return decodeMove((choice as Node).move, tile);
}

/** Weight of the win share in a playout's reward (the rest is the squashed margin). */
const WIN = 0.7;
/** Points of margin that make a reward of about 0.88 (tanh(1)). */
const SCALE = 20;

/** Clears a move code's figure and abbot recall: the same placement alone. */
const PLACEMENT_ONLY = ~MOVE_PLACEMENT_MASK;

/**
 * Plays up to `depth` moves. Each is the best, by the mover's {@link estimate} margin, of
 * `samples` moves drawn at random (a drawn figure kept with probability `figureRate`; otherwise
 * the same placement is played without one, which is always legal). `trial` is scratch space.
 */
function playout(e: Engine, trial: Engine, random: Random, buffer: Int32Array, figureRate: number, depth: number, samples: number): void {
  for (let i = 0; i < depth && e.status === 'playing'; i++) {
    const n = e.legalMoves(buffer);
    const mover = e.currentPlayer;
    let best = 0;
    let bestValue = -Infinity;
    for (let j = 0; j < samples; j++) {
      const drawn = buffer[Math.floor(random() * n)] as number;
      const move = random() < figureRate ? drawn : drawn & PLACEMENT_ONLY;
      if (samples === 1) {
        best = move;
        break;
      }
      trial.copyFrom(e);
      trial.play(move);
      const value = margin(estimate(trial), mover);
      if (value > bestValue) {
        bestValue = value;
        best = move;
      }
    }
    e.play(best);
  }
}

/** Each player's reward for final scores: 0.7 × win share + 0.3 × squashed margin over the best other player. */
function outcome(scores: readonly number[]): number[] {
  const top = Math.max(...scores);
  const winners = scores.filter((s) => s === top).length;
  return scores.map((s, p) => {
    let other = -Infinity;
    for (let o = 0; o < scores.length; o++) if (o !== p) other = Math.max(other, scores[o] as number);
    const win = s === top ? 1 / winners : 0;
    return WIN * win + (1 - WIN) * reward(s - other);
  });
}
