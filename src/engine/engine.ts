import { freeze } from 'immer';
import { IllegalMoveError, OptionsError, StateError } from '../core/errors.js';
import { moveFigure, moveQ, moveRecalls, moveSpot, moveX, moveY } from '../core/move-code.js';
import { FIGURE_ABBOT, FIGURE_BUILDER, FIGURE_FOLLOWER, FIGURE_LARGE, FIGURE_PIG, type Kernel } from '../kernel/kernel.js';
import { hashSeed, mulberry32 } from '../core/rng.js';
import { applyMove, createGame } from '../api/game.js';
import { checked, type RuleHooks, workingKernel } from '../api/bridge.js';
import type { GameOptions } from '../api/options.js';
import type { ExpansionName, GameState, GoodsTokens, TileId } from '../api/types.js';
import { decodeMove, type MoveCode } from './move.js';

/** A source of uniform random numbers in [0, 1), such as `Math.random` or {@link seededRandom}. */
export type Random = () => number;

/**
 * The unchecked fast path: one game in a mutable kernel, for search and playouts. Moves are
 * {@link MoveCode} integers; {@link Engine.legalMoves} fills a caller's buffer and
 * {@link Engine.play} plays a code **without checking that it is legal** (an illegal code leaves
 * the engine in a state no game can reach; {@link Engine.toState} then throws). Neither allocates.
 *
 * The rules are the pure API's: both run the same kernel, and {@link Engine.toState} gives the
 * frozen {@link GameState} the pure API would produce for the same moves.
 */
export class Engine {
  private constructor(
    private readonly k: Kernel,
    private origin: GameState,
    private originDrawn: number,
    private hooks: RuleHooks | undefined,
    private readonly history: Int32Array,
    private played: number,
    /** An upper bound on the number of legal moves in any position of this game: the size a move buffer needs. */
    readonly maxMoves: number,
  ) {}

  /**
   * An engine at `state` (any state the pure API made or accepts; a state from elsewhere is
   * checked and throws {@link StateError}). A game with a custom farmer rule needs it again in
   * `hooks` unless its state was made in this process.
   */
  static fromState(state: GameState, hooks?: RuleHooks): Engine {
    const { state: origin, kernel } = workingKernel(state, hooks);
    if (kernel.rules.farmers === null) {
      throw new StateError([
        { code: 'custom-rule-missing', message: 'this game scores farmers with a custom rule: pass it to Engine.fromState as { farmers }' },
      ]);
    }
    return new Engine(kernel, origin, kernel.bagPos, hooks, new Int32Array(kernel.capacity), 0, kernel.maxMoves);
  }

  /** A new game: `Engine.fromState(createGame(options))`. */
  static create(options: GameOptions): Engine {
    return Engine.fromState(createGame(options));
  }

  /** An independent copy (about ten microseconds for a base game). */
  clone(): Engine {
    return new Engine(this.k.clone(), this.origin, this.originDrawn, this.hooks, this.history.slice(), this.played, this.maxMoves);
  }

  /**
   * Makes this engine a copy of `other`, reusing its memory: like `other.clone()`, without
   * allocating. The search loop's way to reset a scratch engine. Both must be engines of the same
   * setup (tile set and players); otherwise it throws {@link StateError} (`invalid-state`).
   */
  copyFrom(other: Engine): void {
    if (!this.k.sameShape(other.k)) {
      throw new StateError([{ code: 'invalid-state', message: 'copyFrom needs an engine of the same tile set and players' }]);
    }
    this.k.copyFrom(other.k);
    this.history.set(other.history);
    this.played = other.played;
    this.origin = other.origin;
    this.originDrawn = other.originDrawn;
    this.hooks = other.hooks;
  }

  /** `'finished'` once no tile is left to place. */
  get status(): 'playing' | 'finished' {
    return this.k.finished ? 'finished' : 'playing';
  }

  /** The player to move. */
  get currentPlayer(): number {
    return this.k.current;
  }

  /** The tile to place, or `null` when the game is over. */
  get currentTile(): TileId | null {
    return this.k.currentType < 0 ? null : (this.k.tables.ids[this.k.currentType] as TileId);
  }

  /** Turns played since the start of the game. */
  get turn(): number {
    return this.k.turn;
  }

  /** The expansions in play, as the game's state records them. */
  get expansions(): readonly ExpansionName[] {
    return this.origin.expansions;
  }

  /** Number of players. */
  get players(): number {
    return this.k.players;
  }

  /** Tiles still to be drawn, not counting the current one. */
  get tilesLeft(): number {
    return this.k.bagLen - this.k.bagPos;
  }

  /** Followers in `player`'s supply. */
  meeples(player: number): number {
    return this.k.inSupply(player, FIGURE_FOLLOWER);
  }

  /** Abbots in `player`'s supply (0 or 1; always 0 without The Abbot). */
  abbots(player: number): number {
    return this.k.inSupply(player, FIGURE_ABBOT);
  }

  /** Large meeples in `player`'s supply (0 or 1; always 0 without Inns & Cathedrals). */
  largeMeeples(player: number): number {
    return this.k.inSupply(player, FIGURE_LARGE);
  }

  /** Builders in `player`'s supply (0 or 1; always 0 without Traders & Builders). */
  builders(player: number): number {
    return this.k.inSupply(player, FIGURE_BUILDER);
  }

  /** Pigs in `player`'s supply (0 or 1; always 0 without Traders & Builders). */
  pigs(player: number): number {
    return this.k.inSupply(player, FIGURE_PIG);
  }

  /** Goods tokens `player` has taken (Traders & Builders). */
  goods(player: number): GoodsTokens {
    return { wine: this.k.tokensOf(player, 0), grain: this.k.tokensOf(player, 1), cloth: this.k.tokensOf(player, 2) };
  }

  /** Traders & Builders: whether the current player is playing the second tile their builder gave them. */
  get builderTurn(): boolean {
    return this.k.builderTurn;
  }

  /** Each player's points so far (the final totals once the game is finished). */
  scores(): number[] {
    return Array.from(this.k.score);
  }

  /** Each player's total if the game ended now: points so far plus the final scoring. */
  scoreFinal(): number[] {
    if (this.k.finished) return this.scores();
    const pts = new Int32Array(this.k.players);
    this.k.finalScoring(pts, null);
    return Array.from(this.k.score, (s, i) => s + (pts[i] as number));
  }

  /**
   * The legal moves, as a new array of exactly their number (in the order below). The codes are
   * written into a scratch buffer shared by every engine, then copied: no buffer of
   * {@link Engine.maxMoves} is allocated per call.
   */
  legalMoves(): MoveCode[];
  /**
   * Writes the legal moves into `out` and returns how many there are; allocates nothing. `out`
   * must hold {@link Engine.maxMoves} codes. Order: by frontier cell, then rotation; each
   * placement alone, then by feature a follower (and a large meeple) on each free one and the
   * builder or pig where it joins one of the player's meeples, then the abbot's moves (deploy or
   * take back).
   */
  legalMoves(out: Int32Array): number;
  legalMoves(out?: Int32Array): MoveCode[] | number {
    if (out !== undefined) {
      if (out.length < this.maxMoves) {
        throw new OptionsError([
          { code: 'invalid-buffer', message: `a move buffer must hold engine.maxMoves (${this.maxMoves}) codes, not ${out.length}` },
        ]);
      }
      return this.k.legalMoveCodes(out);
    }
    const codes = scratchFor(this.maxMoves);
    const n = this.k.legalMoveCodes(codes);
    const moves = new Array<MoveCode>(n);
    for (let i = 0; i < n; i++) moves[i] = codes[i] as number;
    return moves;
  }

  /**
   * Plays a move code for the current player: place, deploy, score, pass the turn (or keep it for
   * a builder's second tile), draw.
   * **Unchecked**: the code must be one of {@link Engine.legalMoves} (use the pure API's
   * `validateMove` for an untrusted move). Throws only when the game is already finished.
   */
  play(move: MoveCode): void {
    const k = this.k;
    if (k.finished) throw new IllegalMoveError('game-finished', 'the game is over: no tile is left to place');
    const q = moveQ(move);
    const si = moveSpot(move);
    const local = si < 0 ? -1 : k.spotFeature(k.currentType, q, si);
    this.history[this.played++] = move;
    k.play(q, moveX(move), moveY(move), local, moveFigure(move), moveRecalls(move), null);
  }

  /**
   * Shuffles the tiles still to be drawn (the current tile stays): a determinisation of the
   * hidden bag, for search that must not peek at the draw order. The result depends only on which
   * tiles are left and on `random`, not on their order.
   */
  shuffleTilesLeft(random: Random): void {
    this.k.shuffleUndrawn(random);
  }

  /** The move codes played since this engine was made from a state. */
  movesPlayed(): MoveCode[] {
    return Array.from(this.history.subarray(0, this.played));
  }

  /**
   * The frozen {@link GameState} the pure API gives for the same moves from the same state (with
   * the tiles drawn in the order this engine drew them). Throws {@link IllegalMoveError} if an
   * illegal code was played. Replays the moves through the pure API: a few milliseconds for a
   * whole game, so call it at the end of a search, not inside it.
   */
  toState(): GameState {
    const k = this.k;
    const ids = k.tables.ids;
    let state = this.origin;
    const order = Array.from(k.bag.subarray(this.originDrawn, k.bagLen), (t) => ids[t] as TileId);
    if (order.some((id, i) => id !== this.origin.tilesLeft[i])) {
      state = checked(freeze({ ...this.origin, tilesLeft: order }, true)).state;
    }
    for (let i = 0; i < this.played; i++) {
      const move = this.history[i] as MoveCode;
      state = applyMove(state, decodeMove(move), this.hooks);
    }
    return state;
  }
}

/**
 * Plays uniformly random legal moves until the game ends; returns the number of moves played.
 * Allocates nothing per move.
 */
export function randomPlayout(engine: Engine, random: Random): number {
  let n = 0;
  const codes = scratchFor(engine.maxMoves);
  while (engine.status === 'playing') {
    const count = engine.legalMoves(codes);
    engine.play(codes[Math.floor(random() * count)] as MoveCode);
    n++;
  }
  return n;
}

// Move codes are written here and copied out before anything else runs, so one buffer serves every
// engine; it grows to the largest maxMoves asked for.
let scratch: Int32Array | null = null;

function scratchFor(size: number): Int32Array {
  if (scratch === null || scratch.length < size) scratch = new Int32Array(size);
  return scratch;
}

/** A seeded {@link Random} (mulberry32): the same seed gives the same numbers. */
export function seededRandom(seed: number | string): Random {
  const next = mulberry32(hashSeed(seed));
  return () => next() / 4294967296;
}
