import type { GameState, PlayerView } from '../api/types.js';
import { IllegalMoveError, OptionsError } from '../core/errors.js';
import { type Engine, type Random, seededRandom } from '../engine/engine.js';
import { MOVE_PLACEMENT_MASK, moveSlot } from '../core/move-code.js';
import { estimate, margin } from './greedy.js';
import { botSeed, engineFor } from './seed.js';
import type { BotOptions } from './types.js';

// The Monte Carlo tree search of mctsBot and analyse: information-set UCT over the engine, run a
// slice at a time so that an asynchronous caller can yield between slices.

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

/** A root candidate as the search leaves it. */
export interface Candidate {
  readonly move: number;
  /** Playouts through it (virtual visits of the prior included). */
  readonly visits: number;
  /** Its mean reward for the player to move, in [0, 1] (0 when never visited). */
  readonly value: number;
  /** Its static estimate: the mover's margin over the best other player after it, in points. */
  readonly margin: number;
}

/**
 * A search from one position: `step(n)` runs up to n more iterations (fewer once the budget is
 * spent), `done` says whether the budget is spent, `candidates` what it found so far. The same
 * position, options and number of iterations always give the same candidates, however the
 * iterations are split into steps.
 */
export class Search {
  readonly root: Engine;
  readonly player: number;
  /** Every legal move at the root with its static estimate, best first. */
  readonly ranked: readonly { readonly move: number; readonly margin: number }[];
  iterations = 0;
  private readonly budget: number;
  private readonly timeMs: number;
  private readonly started = Date.now();
  private readonly c: number;
  private readonly figureRate: number;
  private readonly depth: number;
  private readonly samples: number;
  private readonly seed: string;
  private readonly nodes: Node[];
  private readonly tiles = new Map<string, number>();
  private readonly buffer: Int32Array;
  private readonly untried: Int32Array;
  private readonly path: Node[] = [];
  private readonly e: Engine;
  private readonly trial: Engine;

  constructor(state: GameState | PlayerView, options: MctsOptions | undefined, name: string) {
    const o = checkOptions(options);
    this.budget = o.iterations;
    this.timeMs = o.timeMs;
    this.c = o.exploration;
    this.figureRate = o.figureRate;
    this.depth = o.depth;
    this.samples = o.samples;
    this.seed = String(botSeed(state, options, name));
    const root = engineFor(state, options, name);
    if (root.status === 'finished') throw new IllegalMoveError('game-finished', 'the game is over: no tile is left to place');
    this.root = root;
    this.player = root.currentPlayer;
    this.buffer = new Int32Array(root.maxMoves);
    this.untried = new Int32Array(root.maxMoves);
    const all = root.legalMoves(this.buffer);
    this.ranked = Array.from(this.buffer.subarray(0, all), (move) => {
      const e = root.clone();
      e.play(move);
      return { move, margin: margin(estimate(e), this.player) };
    }).sort((a, b) => b.margin - a.margin);
    // Progressive pruning and bias: the best candidates by estimate, each starting with `prior`
    // virtual visits worth its estimate. A lone move needs no search.
    const kept = all === 1 ? [] : this.ranked.slice(0, Math.min(all, o.candidates));
    this.nodes = kept.map((r) => {
      const child = newNode(r.move, this.player);
      child.visits = o.prior;
      child.avail = o.prior;
      child.total = o.prior * reward(r.margin);
      return child;
    });
    this.e = root.clone();
    this.trial = root.clone();
  }

  /** Whether the budget (iterations or time) is spent. */
  get done(): boolean {
    return (
      this.nodes.length === 0 || this.iterations >= this.budget || (this.timeMs !== Infinity && Date.now() - this.started >= this.timeMs)
    );
  }

  /** Runs up to `n` iterations, stopping when the budget is spent. */
  step(n: number): void {
    for (let i = 0; i < n && !this.done; i++) this.iterate();
  }

  /** The searched candidates, most visited first (ties: the better value), then nothing else. */
  candidates(): Candidate[] {
    const margins = new Map(this.ranked.map((r) => [r.move, r.margin]));
    return this.nodes
      .map((n) => ({ move: n.move, visits: n.visits, value: n.visits > 0 ? n.total / n.visits : 0, margin: margins.get(n.move) as number }))
      .sort((a, b) => b.visits - a.visits || b.value - a.value);
  }

  /** The move to play: the most visited candidate, or the only legal move. */
  choice(): number {
    return this.candidates()[0]?.move ?? (this.ranked[0] as { move: number }).move;
  }

  private tileKey(id: string | null): number {
    const key = this.tiles.get(id as string);
    if (key !== undefined) return key;
    this.tiles.set(id as string, this.tiles.size);
    return this.tiles.size - 1;
  }

  private iterate(): void {
    const { e, buffer, untried, path, c } = this;
    this.iterations++;
    const first = bestByUcb(this.nodes, this.nodes.length, c);
    // Common random numbers: the k-th sample of every candidate uses the same deal of the hidden
    // tiles and the same playout dice, so candidates are compared on equal luck.
    const random = seededRandom(`${this.seed}:${first.samples++}`);
    e.copyFrom(this.root);
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
      const keyOf = (code: number): number => code * 128 + this.tileKey(hand === null ? e.currentTile : (hand[moveSlot(code)] as string));
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
    playout(e, this.trial, random, buffer, this.figureRate, this.depth, this.samples);
    const rewards = outcome(e.status === 'finished' ? e.scores() : estimate(e));
    for (const n of path) {
      n.visits++;
      n.total += rewards[n.player] as number;
    }
  }
}

/** The options of a search, checked (every problem listed) and completed with their defaults. */
function checkOptions(options: MctsOptions | undefined) {
  const iterations = options?.iterations ?? (options?.timeMs === undefined ? 1000 : Infinity);
  const timeMs = options?.timeMs ?? Infinity;
  const exploration = options?.exploration ?? 0.3;
  const figureRate = options?.figureRate ?? 0.25;
  const problems: { code: 'invalid-bot-option'; message: string }[] = [];
  const bad = (message: string) => problems.push({ code: 'invalid-bot-option', message });
  if (!(iterations >= 1) || (iterations !== Infinity && !Number.isInteger(iterations)))
    bad(`iterations must be a whole number of at least 1, not ${String(options?.iterations)}`);
  if (!(timeMs > 0)) bad(`timeMs must be a positive number, not ${String(options?.timeMs)}`);
  if (!(exploration >= 0) || !Number.isFinite(exploration))
    bad(`exploration must be a non-negative number, not ${String(options?.exploration)}`);
  const whole = (name: keyof MctsOptions, v: number, min: number, allowInfinity: boolean): void => {
    if ((allowInfinity && v === Infinity) || (Number.isInteger(v) && v >= min)) return;
    bad(`${name} must be a whole number of at least ${min}${allowInfinity ? ' (or Infinity)' : ''}, not ${String(v)}`);
  };
  const candidates = options?.candidates ?? 10;
  const depth = options?.depth ?? 4;
  const prior = options?.prior ?? 0;
  const samples = options?.playoutSamples ?? 4;
  whole('candidates', candidates, 1, true);
  whole('depth', depth, 0, true);
  whole('playoutSamples', samples, 1, false);
  if (!(prior >= 0) || !Number.isFinite(prior)) bad(`prior must be a non-negative number, not ${String(prior)}`);
  if (!(figureRate >= 0 && figureRate <= 1)) bad(`figureRate must lie between 0 and 1, not ${String(figureRate)}`);
  if (problems.length > 0) throw new OptionsError(problems);
  return { iterations, timeMs, exploration, figureRate, candidates, depth, prior, samples };
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
