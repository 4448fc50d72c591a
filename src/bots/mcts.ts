import type { GameState, Move } from '../api/types.js';
import { IllegalMoveError, OptionsError } from '../core/errors.js';
import { Engine, type Random } from '../engine/engine.js';
import { decodeMove } from '../engine/move.js';
import { estimate, margin } from './greedy.js';
import { botRandom } from './seed.js';
import type { BotOptions } from './types.js';

export interface MctsOptions extends BotOptions {
  /** Playouts per move (default 1000, unless only `timeMs` is given). */
  readonly iterations?: number;
  /**
   * A time budget in milliseconds. With `iterations` too, the search stops at whichever comes
   * first. A time budget makes the move depend on the machine's speed.
   */
  readonly timeMs?: number;
  /** The UCT exploration constant (default 0.7; rewards lie in [0, 1]). */
  readonly exploration?: number;
  /**
   * Moves searched at the root: the best this many by {@link greedyBot}'s estimate (default 10;
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
}

interface Node {
  readonly move: number;
  /** The player who made `move`: rewards are counted for that player. */
  readonly player: number;
  visits: number;
  total: number;
  /** How often this node's move was available when its parent was visited (ISMCTS). */
  avail: number;
  readonly children: Map<number, Node>;
}

const newNode = (move: number, player: number): Node => ({ move, player, visits: 0, total: 0, avail: 0, children: new Map() });

/**
 * Monte Carlo tree search: information-set UCT (Cowling, Powley & Whitehouse 2012). Every
 * iteration deals the hidden tiles anew (`Engine.shuffleTilesLeft`: the bot never uses the order
 * of the bag, only which tiles are left), walks the tree by UCB1 with availability counts, adds one
 * node, plays the rest of the game with uniformly random moves (`randomPlayout`), and credits each
 * node's mover with a reward in [0, 1]: 0.7 × its share of the win plus 0.3 × a squashed score
 * margin over the best other player. A node stands for a move of a given tile, so the same
 * placement of different tiles is never mixed up. The move played is the most visited.
 */
export function mctsBot(state: GameState, options?: MctsOptions): Move {
  const iterations = options?.iterations ?? (options?.timeMs === undefined ? 1000 : Infinity);
  const timeMs = options?.timeMs ?? Infinity;
  const c = options?.exploration ?? 0.7;
  const figureRate = options?.figureRate ?? 0.25;
  const problems = [];
  if (!(iterations >= 1) || (iterations !== Infinity && !Number.isInteger(iterations))) {
    problems.push({ code: 'invalid-bot-option' as const, message: `iterations must be a whole number of at least 1, not ${String(options?.iterations)}` });
  }
  if (!(timeMs > 0)) problems.push({ code: 'invalid-bot-option' as const, message: `timeMs must be a positive number, not ${String(options?.timeMs)}` });
  if (!(c >= 0) || !Number.isFinite(c)) problems.push({ code: 'invalid-bot-option' as const, message: `exploration must be a non-negative number, not ${String(options?.exploration)}` });
  if (problems.length > 0) throw new OptionsError(problems);

  const root = Engine.fromState(state, options?.hooks);
  if (root.status === 'finished') throw new IllegalMoveError('game-finished', 'the game is over: no tile is left to place');
  const tile = root.currentTile as string;
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
  const rootMoves = ranked.slice(0, Math.max(1, Math.min(all, options?.candidates ?? 10))).map((r) => r.move);

  const random = botRandom(state, options, 'mcts');
  const tiles = new Map<string, number>();
  const tileKey = (id: string | null): number => {
    const key = tiles.get(id as string);
    if (key !== undefined) return key;
    tiles.set(id as string, tiles.size);
    return tiles.size - 1;
  };
  const top = newNode(-1, -1);
  const path: Node[] = [];
  const start = Date.now();
  for (let it = 0; it < iterations && (timeMs === Infinity || Date.now() - start < timeMs); it++) {
    const e = root.clone();
    e.shuffleTilesLeft(random);
    let node = top;
    path.length = 0;
    while (e.status === 'playing') {
      let n: number;
      if (node === top) {
        buffer.set(rootMoves);
        n = rootMoves.length;
      } else {
        n = e.legalMoves(buffer);
      }
      const tk = tileKey(e.currentTile);
      const player = e.currentPlayer;
      let nUntried = 0;
      for (let i = 0; i < n; i++) {
        if (!node.children.has((buffer[i] as number) * 128 + tk)) untried[nUntried++] = i;
      }
      if (nUntried > 0) {
        const move = buffer[untried[Math.floor(random() * nUntried)] as number] as number;
        const child = newNode(move, player);
        node.children.set(move * 128 + tk, child);
        path.push(child);
        e.play(move);
        break;
      }
      let best: Node | null = null;
      let bestUcb = -Infinity;
      for (let i = 0; i < n; i++) {
        const child = node.children.get((buffer[i] as number) * 128 + tk) as Node;
        child.avail++;
        const ucb = child.total / child.visits + c * Math.sqrt(Math.log(child.avail) / child.visits);
        if (ucb > bestUcb) {
          bestUcb = ucb;
          best = child;
        }
      }
      node = best as Node;
      path.push(node);
      e.play(node.move);
    }
    playout(e, random, buffer, figureRate);
    const rewards = outcome(e.scores());
    for (const n of path) {
      n.visits++;
      n.total += rewards[n.player] as number;
    }
  }
  let choice: Node | null = null;
  for (const child of top.children.values()) {
    if (choice === null || child.visits > choice.visits || (child.visits === choice.visits && child.total > choice.total)) choice = child;
  }
  // Without a single finished iteration (a tiny time budget), the best move by the estimate.
  const move = choice?.move ?? (rootMoves[0] as number);
  return decodeMove(move, tile);
}

/** Clears a move code's figure: the same placement without deploying. */
const PLACEMENT_ONLY = ~0x7f;

/**
 * Plays to the end: each turn a uniformly random legal move, whose figure is kept with probability
 * `figureRate` (otherwise the same placement is played without one, which is always legal).
 */
function playout(e: Engine, random: Random, buffer: Int32Array, figureRate: number): void {
  while (e.status === 'playing') {
    const n = e.legalMoves(buffer);
    const move = buffer[Math.floor(random() * n)] as number;
    e.play(random() < figureRate ? move : move & PLACEMENT_ONLY);
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
    return 0.7 * win + 0.3 * (0.5 + 0.5 * Math.tanh((s - other) / 20));
  });
}

