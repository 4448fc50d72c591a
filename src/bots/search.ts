import { show } from '../core/guards.js';
import { LIMITS } from '../core/limits.js';
import type { GameState, PlayerView } from '../api/types.js';
import { IllegalMoveError, OptionsError } from '../core/errors.js';
import type { Engine } from '../engine/engine.js';
import { kernelOf, playTurnListed } from '../engine/playout.js';
import { type Random, seededRandom } from '../engine/randomness.js';
import { moveSlot, PASS_CODE } from '../core/move-code.js';
import { PHASE_TILE } from '../kernel/index.js';
import { actionsOf, legalTurnCodes, turnCode, turnTile } from '../engine/turns.js';
import type { Evaluator } from './evaluate.js';
import { evaluatorFor, marginOf } from './greedy.js';
import { botSeed, engineFor } from './seed.js';
import type { BotOptions } from './bot-types.js';

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
  /**
   * The clock `timeMs` is read from, in milliseconds (default `Date.now`): e.g. `performance.now`,
   * or a frontend's own. The search reads it around each iteration and stops before an iteration as
   * long as the longest so far would take it past 90% of the budget, leaving the rest for what
   * follows (a garbage collection, the machine's other work).
   */
  readonly clock?: () => number;
  /** The UCT exploration constant (default 0.3; rewards lie in [0, 1]). */
  readonly exploration?: number;
  /**
   * Moves searched at the root: the best this many by `evaluate` (default 6;
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
   * Moves of a playout before it is cut short and scored by `evaluate` (default 0: the
   * position the tree reaches is scored as it is);
   * `Infinity` plays every playout to the end of the game and scores the final result.
   */
  readonly depth?: number;
  /**
   * Virtual visits each root candidate starts with, worth its `evaluate` margin (default 0):
   * progressive bias towards the greedy choice, which playouts must outweigh.
   */
  readonly prior?: number;
  /**
   * Random moves drawn for each playout move, of which the best by the mover's evaluation is
   * played (default 4; 1 gives random playouts). A playout where each side takes the best of a
   * few chances is a far better witness than a random one, for a few times the cost.
   */
  readonly playoutSamples?: number;
  /**
   * Progressive widening below the root (default 0): a node grows a new child for the tile drawn
   * only while it has fewer children for that tile than max(1, `widen` × √(its visits)). At 0 a
   * node keeps one child a tile, the mover's choice (see `expandSamples`), and the budget goes to
   * more deals rather than to second-best replies; `Infinity` tries every move of a node before
   * choosing among them by UCB1 (plain UCT).
   */
  readonly widen?: number;
  /**
   * Untried moves drawn when a node grows a child, of which the best by the mover's evaluation is
   * added (default `Infinity`: every untried move is rated, so a node's first child is the
   * mover's greedy choice; 1 adds a random one): the replies searched first are the likely ones.
   */
  readonly expandSamples?: number;
  /**
   * Moves deep the tree grows, the root's included (default 3: the move, the next player's reply
   * to each tile it may draw, and the mover's own next move; `Infinity` grows it to the end of the
   * game). Its leaves are played on for `depth` moves and scored by `evaluate`.
   */
  readonly plies?: number;
  /**
   * How the root shares the budget among its candidates: `'halving'` (the default) gives each the
   * same deals in turn and keeps the better half by mean reward after each of ⌈log2 candidates⌉
   * rounds but the last, so that the candidates left are compared on equal luck; `'ucb'` chooses
   * by UCB1 and plays the most visited, stopping early once no other can catch up.
   */
  readonly root?: 'halving' | 'ucb';
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
  /** The rounds of sequential halving this root candidate has survived. */
  round: number;
  readonly children: Map<number | string, Node>;
}

const newNode = (move: number, player: number): Node => ({
  move,
  player,
  visits: 0,
  total: 0,
  avail: 0,
  samples: 0,
  round: 0,
  children: new Map(),
});

/** A node's mean reward (0 when never visited). */
const meanOf = (n: Node): number => (n.visits > 0 ? n.total / n.visits : 0);
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
  /** Its static evaluation: the mover's margin over the best other player after it, in points (see evaluate). */
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
  /** Every legal move at the root (a whole turn, see engine/turns.ts) with its static evaluation, best first. */
  readonly ranked: readonly { readonly move: number; readonly margin: number }[];
  iterations = 0;
  /** The longest iteration so far, in milliseconds of a timed search: the next may take as long. */
  private longest = 0;
  private readonly budget: number;
  private readonly timeMs: number;
  private readonly clock: () => number;
  private readonly started: number;
  private readonly c: number;
  private readonly figureRate: number;
  private readonly depth: number;
  private readonly samples: number;
  private readonly widen: number;
  private readonly expand: number;
  private readonly plies: number;
  private readonly seed: string;
  private readonly nodes: Node[];
  private readonly tiles = new Map<string, number>();
  /** The turns of a position (see legalTurnCodes), and the codes of one step. */
  private readonly turns: Float64Array;
  private readonly tileCodes: Int32Array;
  private readonly actionCodes: Int32Array;
  private readonly untried: Int32Array;
  private readonly path: Node[] = [];
  private readonly e: Engine;
  private readonly trial: Engine;
  private readonly evaluator: Evaluator;
  private readonly values: Float64Array;
  private readonly rewards: Float64Array;
  /** Whether to stop once the most visited candidate cannot be overtaken within the budget (the bot; not the analysis). */
  private readonly decisive: boolean;
  /** Whether the root halves its candidates (else UCB chooses among them). */
  private readonly halving: boolean;
  /** The root candidates still searched (sequential halving): each takes the next deal in turn. */
  private alive: Node[] = [];
  /** Rounds of sequential halving done. */
  private round = 0;

  constructor(state: GameState | PlayerView, options: MctsOptions | undefined, name: string, decisive = false) {
    const o = checkOptions(options);
    this.clock = options?.clock ?? Date.now;
    this.started = this.clock();
    this.budget = o.iterations;
    this.timeMs = o.timeMs;
    this.c = o.exploration;
    this.figureRate = o.figureRate;
    this.depth = o.depth;
    this.samples = o.samples;
    this.widen = o.widen;
    this.expand = o.expand;
    this.plies = o.plies;
    this.seed = String(botSeed(state, options, name));
    const root = engineFor(state, options, name);
    if (root.status === 'finished') throw new IllegalMoveError('game-finished', 'the game is over: no tile is left to place');
    this.root = root;
    this.player = root.currentPlayer;
    this.decisive = decisive;
    this.evaluator = evaluatorFor(root);
    this.values = new Float64Array(root.players);
    this.rewards = new Float64Array(root.players);
    this.turns = new Float64Array(root.maxMoves);
    this.tileCodes = new Int32Array(root.maxMoves);
    this.actionCodes = new Int32Array(root.maxMoves);
    this.untried = new Int32Array(root.maxMoves);
    this.e = root.clone();
    this.trial = root.clone();
    const all = this.listTurns(root);
    this.ranked = Array.from(this.turns.subarray(0, all), (move, i) => {
      this.trial.copyFrom(root);
      playTurnListed(this.trial, move);
      return { move, margin: this.rate(this.trial, this.player, i > 0) };
    }).sort((a, b) => b.margin - a.margin);
    // Progressive pruning and bias: the best candidates by evaluation, each starting with `prior`
    // virtual visits worth it. A lone move needs no search.
    const kept = all === 1 ? [] : this.ranked.slice(0, Math.min(all, o.candidates));
    this.nodes = kept.map((r) => {
      const child = newNode(r.move, this.player);
      child.visits = o.prior;
      child.avail = o.prior;
      child.total = o.prior * reward(r.margin);
      return child;
    });
    this.halving = o.root === 'halving';
    this.alive = this.nodes.slice();
  }

  /** Whether the budget (iterations or time) is spent, or (for the bot) the choice can no longer change. */
  get done(): boolean {
    return this.spent(this.timeMs === Infinity ? 0 : this.clock());
  }

  /** Whether the budget is spent (or the choice can no longer change) with the clock at `now`. */
  private spent(now: number): boolean {
    if (this.nodes.length === 0 || this.iterations >= this.budget) return true;
    const elapsed = this.timeMs === Infinity ? 0 : now - this.started;
    if (elapsed + this.longest >= this.timeMs * TIME_SHARE) return true;
    if (!this.decisive || this.halving || this.iterations < 64) return false;
    // The iterations still to come: the budget's, or as many as the time left allows at the pace so far.
    const left = Math.min(this.budget - this.iterations, (this.iterations * (this.timeMs - elapsed)) / Math.max(1, elapsed));
    let first = 0;
    let second = 0;
    for (const n of this.nodes) {
      if (n.visits > first) {
        second = first;
        first = n.visits;
      } else if (n.visits > second) second = n.visits;
    }
    return first - second > left;
  }

  /**
   * The margin of `player` over the best other player in the position of `e`, by the tile-aware
   * evaluation; `sibling` when `e` follows the same position as the engine rated last.
   */
  private rate(e: Engine, player: number, sibling: boolean): number {
    this.evaluator.evaluate(kernelOf(e), this.values, sibling);
    return marginOf(this.values, player);
  }

  /** Runs up to `n` iterations, stopping when the budget is spent. */
  step(n: number): void {
    // The clock is read twice an iteration: before it (is the budget spent?) and after (how long it took).
    const timed = this.timeMs !== Infinity;
    for (let i = 0; i < n; i++) {
      const start = timed ? this.clock() : 0;
      if (this.spent(start)) return;
      this.iterate();
      const end = timed ? this.clock() : 0;
      this.longest = Math.max(this.longest, end - start);
      if (this.halving) this.halve(end);
    }
  }

  /** The share of the budget spent with the clock at `now`, in [0, 1]: of the iterations or of the time, whichever is further. */
  private progress(now: number): number {
    const byTime = this.timeMs === Infinity ? 0 : (now - this.started + this.longest) / (this.timeMs * TIME_SHARE);
    return Math.min(1, Math.max(this.iterations / this.budget, byTime));
  }

  /**
   * Sequential halving (Karnin, Koren & Somekh 2013): the budget is split into ⌈log2 K⌉ rounds for K
   * candidates; at the end of each but the last, once every candidate left has had as many deals,
   * the better half by mean reward goes on. Candidates still in are compared on the same deals.
   */
  private halve(now: number): void {
    const alive = this.alive;
    if (alive.length <= 1) return;
    const rounds = Math.ceil(Math.log2(this.nodes.length));
    if (this.round >= Math.min(rounds - 1, Math.floor(this.progress(now) * rounds))) return;
    const samples = (alive[0] as Node).samples;
    for (const n of alive) if (n.samples !== samples) return;
    alive.sort((a, b) => meanOf(b) - meanOf(a));
    alive.length = Math.ceil(alive.length / 2);
    this.round++;
    for (const n of alive) n.round = this.round;
  }

  /**
   * The searched candidates, best first: with sequential halving, those that survived more rounds
   * first, then the better mean reward; with UCB, the most visited first (ties: the better value).
   */
  candidates(): Candidate[] {
    const margins = new Map(this.ranked.map((r) => [r.move, r.margin]));
    const order = this.halving
      ? (a: Node, b: Node) => b.round - a.round || meanOf(b) - meanOf(a) || b.visits - a.visits
      : (a: Node, b: Node) => b.visits - a.visits || meanOf(b) - meanOf(a);
    return this.nodes
      .slice()
      .sort(order)
      .map((n) => ({ move: n.move, visits: n.visits, value: meanOf(n), margin: margins.get(n.move) as number }));
  }

  /** The move to play: the first candidate, or the only legal move. */
  choice(): number {
    return this.candidates()[0]?.move ?? (this.ranked[0] as { move: number }).move;
  }

  /** The candidate still searched with the fewest deals so far (the better ranked on ties). */
  private nextAlive(): Node {
    let next = this.alive[0] as Node;
    for (const n of this.alive) if (n.samples < next.samples) next = n;
    return next;
  }

  private tileKey(id: string | null): number {
    const key = this.tiles.get(id as string);
    if (key !== undefined) return key;
    this.tiles.set(id as string, this.tiles.size);
    return this.tiles.size - 1;
  }

  /** Lists the turns at engine `e` into `turns` (see legalTurnCodes) and returns how many. */
  private listTurns(e: Engine): number {
    return legalTurnCodes(kernelOf(e), this.turns);
  }

  private iterate(): void {
    const { e, turns: buffer, untried, path, c } = this;
    this.iterations++;
    const first = this.halving ? this.nextAlive() : bestByUcb(this.nodes, this.nodes.length, c);
    // Common random numbers: the k-th sample of every candidate uses the same deal of the hidden
    // tiles and the same playout dice, so candidates are compared on equal luck.
    const random = seededRandom(`${this.seed}:${first.samples++}`);
    e.copyFrom(this.root);
    e.shuffleTilesLeft(random);
    playTurnListed(e, first.move);
    path.length = 0;
    path.push(first);
    let node = first;
    while (e.status === 'playing' && path.length < this.plies) {
      const n = this.listTurns(e);
      const player = e.currentPlayer;
      // A child is a turn with a tile: with hands of tiles (dealt anew each iteration when hidden),
      // the tile in the code's slot.
      const hand = e.currentTile === null ? e.hand(player) : null;
      // A number while it is exact (a turn code below 2^45 times 128); a module's action (its target
      // in the high bits) as text.
      const keyOf = (code: number): number | string => {
        const tile = this.tileKey(hand === null ? e.currentTile : (hand[moveSlot(turnTile(code))] as string));
        return Math.abs(code) < 2 ** 45 ? code * 128 + tile : `${code}:${tile}`;
      };
      // Progressive widening: a node grows a new child (the best untried move by the mover's
      // evaluation) only while it has fewer available children than max(1, widen × √visits);
      // otherwise UCB chooses among those it has.
      const available = children;
      available.length = 0;
      let nUntried = 0;
      for (let i = 0; i < n; i++) {
        const child = node.children.get(keyOf(buffer[i] as number));
        if (child === undefined) untried[nUntried++] = i;
        else available.push(child);
      }
      if (nUntried > 0 && available.length < Math.max(1, this.widen * Math.sqrt(node.visits))) {
        let move = buffer[untried[Math.floor(random() * nUntried)] as number] as number;
        if (this.expand > 1) {
          // Every untried move when there are no more than the samples, else a random draw of them.
          const all = this.expand >= nUntried;
          let bestValue = -Infinity;
          for (let j = 0; j < (all ? nUntried : this.expand); j++) {
            const candidate = buffer[untried[all ? j : Math.floor(random() * nUntried)] as number] as number;
            this.trial.copyFrom(e);
            playTurnListed(this.trial, candidate);
            const value = this.rate(this.trial, player, j > 0);
            if (value > bestValue) {
              bestValue = value;
              move = candidate;
            }
          }
        }
        const child = newNode(move, player);
        node.children.set(keyOf(move), child);
        path.push(child);
        playTurnListed(e, move);
        break;
      }
      node = bestByUcb(available, available.length, c);
      path.push(node);
      playTurnListed(e, node.move);
    }
    this.playout(random);
    if (e.status === 'finished') for (let p = 0; p < e.players; p++) this.values[p] = kernelOf(e).score[p] as number;
    else this.evaluator.evaluate(kernelOf(e), this.values);
    const rewards = outcome(this.values, this.rewards, e.status === 'finished' ? -1 : e.tilesLeft);
    for (const n of path) {
      n.visits++;
      n.total += rewards[n.player] as number;
    }
  }

  /**
   * Plays up to `depth` turns on `e`. Each is the best, by the mover's margin, of `samples` turns
   * drawn at random: a placement, and with probability `figureRate` an action its tile allows
   * (the pass among them), else the tile alone (always legal).
   */
  private playout(random: Random): void {
    const { e, trial, tileCodes, actionCodes, figureRate, samples } = this;
    for (let i = 0; i < this.depth && e.status === 'playing'; i++) {
      const n = e.legalMoves(tileCodes);
      // A step of a rule module's after the tile (a capture): one of its moves at random.
      if (kernelOf(e).phase !== PHASE_TILE) {
        playTurnListed(e, turnCode(-1, tileCodes[Math.floor(random() * n)] as number));
        continue;
      }
      const mover = e.currentPlayer;
      let best = 0;
      let bestValue = -Infinity;
      for (let j = 0; j < samples; j++) {
        const tile = tileCodes[Math.floor(random() * n)] as number;
        let action = PASS_CODE;
        if (random() < figureRate) {
          const na = actionsOf(kernelOf(e), tile, actionCodes);
          action = actionCodes[Math.floor(random() * na)] as number;
        }
        const move = turnCode(tile, action);
        if (samples === 1) {
          best = move;
          break;
        }
        trial.copyFrom(e);
        playTurnListed(trial, move);
        const value = this.rate(trial, mover, j > 0);
        if (value > bestValue) {
          bestValue = value;
          best = move;
        }
      }
      playTurnListed(e, best);
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
  if (!(iterations >= 1) || (iterations !== Infinity && !(Number.isInteger(iterations) && iterations <= LIMITS.iterations)))
    bad(`iterations must be a whole number from 1 to ${LIMITS.iterations}, not ${show(options?.iterations)}`);
  if (!(timeMs > 0) || (timeMs !== Infinity && !(timeMs <= LIMITS.timeMs)))
    bad(`timeMs must be a positive number of at most ${LIMITS.timeMs}, not ${show(options?.timeMs)}`);
  if (options?.clock !== undefined && typeof options.clock !== 'function') bad('clock must be a function returning milliseconds');
  if (!(exploration >= 0) || !Number.isFinite(exploration))
    bad(`exploration must be a non-negative number, not ${show(options?.exploration)}`);
  const whole = (name: keyof MctsOptions, v: number, min: number, allowInfinity: boolean): void => {
    if ((allowInfinity && v === Infinity) || (Number.isInteger(v) && v >= min)) return;
    bad(`${name} must be a whole number of at least ${min}${allowInfinity ? ' (or Infinity)' : ''}, not ${show(v)}`);
  };
  const candidates = options?.candidates ?? 6;
  const depth = options?.depth ?? 0;
  const prior = options?.prior ?? 0;
  const samples = options?.playoutSamples ?? 4;
  const widen = options?.widen ?? 0;
  const expand = options?.expandSamples ?? Infinity;
  const plies = options?.plies ?? 3;
  const root = options?.root ?? 'halving';
  if (root !== 'halving' && root !== 'ucb') bad(`root must be 'halving' or 'ucb', not ${show(options?.root)}`);
  whole('candidates', candidates, 1, true);
  whole('depth', depth, 0, true);
  whole('playoutSamples', samples, 1, false);
  whole('expandSamples', expand, 1, true);
  whole('plies', plies, 1, true);
  if (!(widen >= 0)) bad(`widen must be a number of at least 0 (or Infinity), not ${show(widen)}`);
  if (!(prior >= 0) || !Number.isFinite(prior)) bad(`prior must be a non-negative number, not ${show(prior)}`);
  if (!(figureRate >= 0 && figureRate <= 1)) bad(`figureRate must lie between 0 and 1, not ${show(figureRate)}`);
  if (problems.length > 0) throw new OptionsError(problems);
  return { iterations, timeMs, exploration, figureRate, candidates, depth, prior, samples, widen, expand, plies, root };
}

/**
 * The share of `timeMs` the search spends: the rest is room for what follows the last iteration
 * (a garbage collection, the machine's other work), so that a move takes no longer than `timeMs`.
 */
const TIME_SHARE = 0.9;

/** Weight of the win share in a finished game's reward (the rest is the squashed margin). */
const WIN = 0.7;
/** Points of margin that make a reward of about 0.88 (tanh(1)). */
const SCALE = 20;
/**
 * The spread of the margin still to come, per √(tiles left + 1): a leaf's lead of this many points
 * times √(tiles left + 1) makes a reward of about 0.88. The final margin moves by the points of
 * the tiles still to play, which add up like a random walk; so a lead is a chance of winning that
 * grows with lead / √(tiles left), and a one-point lead with 60 tiles to come is nearly a coin
 * toss. Crediting the leaf's leader with the win outright (as a finished game is) made the search
 * chase leads that mean little: at 100 ms a move against greedy, Inns & Cathedrals, the same
 * deals: 68.8% with the win share, 79.3% with this.
 */
const SPREAD = 3;

/**
 * Each player's reward in [0, 1] for its margin over the best other player: at a game's end (no
 * tiles left: `tilesLeft` -1), 0.7 × its share of the win + 0.3 × the margin squashed; before it,
 * the margin squashed by the spread still to come (see SPREAD).
 */
function outcome(scores: Float64Array, rewards: Float64Array, tilesLeft: number): Float64Array {
  if (tilesLeft >= 0) {
    const spread = SPREAD * Math.sqrt(tilesLeft + 1);
    for (let p = 0; p < scores.length; p++) rewards[p] = 0.5 + 0.5 * Math.tanh(marginOf(scores, p) / spread);
    return rewards;
  }
  let top = -Infinity;
  for (const s of scores) top = Math.max(top, s);
  let winners = 0;
  for (const s of scores) if (s === top) winners++;
  for (let p = 0; p < scores.length; p++) {
    const s = scores[p] as number;
    let other = -Infinity;
    for (let o = 0; o < scores.length; o++) if (o !== p) other = Math.max(other, scores[o] as number);
    rewards[p] = WIN * (s === top ? 1 / winners : 0) + (1 - WIN) * reward(s - other);
  }
  return rewards;
}
