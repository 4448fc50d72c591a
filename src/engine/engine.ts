import { freeze } from 'immer';
import { IllegalMoveError, OptionsError, StateError } from '../core/errors.js';
import { FIGURE_FOLLOWER, type Kernel, PHASE_ACTION, PHASE_STEP, PHASE_TILE, dealHiddenHands, shuffleUndrawn } from '../kernel/index.js';
import { figureCode, tokenRecords } from '../api/options/figure-kinds.js';
import { hashSeed, mulberry32 } from '../core/rng.js';
import { applyMove } from '../api/play/apply.js';
import { createGame, handsOf, stepOf } from '../api/play/create.js';
import { handIds, isTurn, moveOfCode, readMove, turnOfCodes } from '../api/play/legality.js';
import { isModuleCode, isModuleType, moduleCodeOf } from '../api/play/module-moves.js';
import { checked, workingKernel } from '../api/state/kernels.js';
import { isViewRecord } from '../api/state/view-input.js';
import { builderTurnOf, extraTurnOf, type RuleHooks } from '../api/options/game-rules.js';
import type { GameOptions } from '../api/options/options.js';
import type { AnyMove, ExpansionName, ExtraTurn, GameState, MeepleKind, ModuleMove, Move, PlayerView, Step, TileId } from '../api/types.js';
import { codeFormProblem, decodeMove, encodeMove, type MoveCode, turnFormProblem } from './move.js';
import { legalTurnCodes, type TurnCode, turnAction, turnTile } from './turns.js';
import {
  ACTION_MODULE,
  moveAction,
  moveFigure,
  moveSlot,
  moveSpot,
  moveStep,
  moveX,
  moveY,
  PASS_CODE,
  STEP_ACTION,
  STEP_MODULE,
  STEP_TILE,
} from '../core/move-code.js';
import { SPOTS } from '../core/geometry.js';
import { isInt, show } from '../core/guards.js';
import { LIMITS } from '../core/limits.js';

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
 *
 * @example
 * ```ts
 * import { Engine, randomPlayout, seededRandom } from 'carcassonne-engine/engine';
 *
 * const engine = Engine.create({ players: 2, seed: 'demo' });
 * const buffer = new Int32Array(engine.maxMoves);
 * let wins = 0;
 * for (let i = 0; i < 100; i++) {
 *   const e = engine.clone();
 *   e.shuffleTilesLeft(seededRandom(i)); // never peek at the order of the bag
 *   randomPlayout(e, seededRandom(i));
 *   const [a = 0, b = 0] = e.scores();
 *   if (a > b) wins++;
 * }
 * console.log(engine.legalMoves(buffer) > 0, wins >= 0 && wins <= 100); // → true true
 * ```
 */
export class Engine {
  private constructor(
    private readonly k: Kernel,
    private origin: GameState,
    private originDrawn: number,
    private hooks: RuleHooks | undefined,
    /** Whether shuffleTilesLeft dealt the tiles left anew: toState then follows the tiles drawn. */
    private dealt: boolean,
    /** An upper bound on the number of legal moves in any position of this game: the size a move buffer needs. */
    readonly maxMoves: number,
    /** With hands of tiles: the hands as shuffleTilesLeft dealt them before any move, for toState. */
    private dealtHands: string[][] | null = null,
  ) {}

  /**
   * An engine at `state` (any state the pure API made or accepts; a state from elsewhere is
   * checked and throws {@link StateError}). A game with a custom farmer rule needs it again in
   * `hooks` unless its state was made in this process.
   *
   * @example
   * ```ts
   * import { applyMove, createGame, legalTurns } from 'carcassonne-engine';
   * import { Engine } from 'carcassonne-engine/engine';
   *
   * let state = createGame({ players: 2, seed: 1 });
   * state = applyMove(state, legalTurns(state)[0]!);
   * const engine = Engine.fromState(state);
   * console.log(engine.turn, engine.currentPlayer, engine.currentTile === state.currentTile); // → 1 1 true
   * ```
   */
  static fromState(state: GameState, hooks?: RuleHooks): Engine {
    if (isViewRecord(checked(state).state)) {
      throw new StateError([
        {
          code: 'view-not-playable',
          message:
            'an engine plays a game state, not a player view: a view holds no bag to draw from (Engine.fromView deals what it hides for a search)',
        },
      ]);
    }
    return Engine.at(state, hooks);
  }

  /**
   * An engine for search at a {@link PlayerView}: what the view hides is dealt at random from what
   * it shows (see {@link Engine.shuffleTilesLeft}: the tiles left in an order drawn from `random`,
   * the hands hidden from the viewer dealt anew from the unseen tiles), so that a search from a
   * view never knows more than the viewer. Throws `StateError` (`hidden-information`) when the
   * player to move holds a hand hidden from the view. Such an engine plays and scores like any;
   * {@link Engine.toState} refuses it (`view-not-playable`): the game it plays is one possible
   * game, not the real one.
   *
   * @example
   * ```ts
   * import { createGame, playerView } from 'carcassonne-engine';
   * import { Engine, randomPlayout, seededRandom } from 'carcassonne-engine/engine';
   *
   * const view = playerView(createGame({ players: 2, seed: 1 }), 0);
   * const engine = Engine.fromView(view, seededRandom('deal'));
   * console.log(engine.currentTile === view.currentTile, engine.tilesLeft === view.tilesLeft.length); // → true true
   * randomPlayout(engine, seededRandom(2));
   * console.log(engine.status); // → finished
   * ```
   */
  static fromView(view: PlayerView, random: Random, hooks?: RuleHooks): Engine {
    const { state } = checked(view as unknown as GameState);
    if (!isViewRecord(state))
      throw new StateError([{ code: 'invalid-viewer', message: 'Engine.fromView takes a player view: make one with playerView' }]);
    const v = state as unknown as PlayerView;
    if (v.status === 'playing' && v.hands?.[v.currentPlayer]?.includes(null)) {
      throw new StateError([
        {
          code: 'hidden-information',
          message: `the hand of player ${v.currentPlayer}, to move, is hidden from this view: only that player's view can be searched`,
        },
      ]);
    }
    const engine = Engine.at(state, hooks);
    engine.shuffleTilesLeft(random);
    return engine;
  }

  /** An engine at a checked state or view. */
  private static at(state: GameState, hooks: RuleHooks | undefined): Engine {
    const { state: origin, kernel } = workingKernel(state, hooks);
    kernel.clearMoveLog();
    if (kernel.rules.fields === null) {
      throw new StateError([
        { code: 'custom-rule-missing', message: 'this game scores farmers with a custom rule: pass it to Engine.fromState as { farmers }' },
      ]);
    }
    return new Engine(kernel, origin, kernel.bagPos, hooks, false, kernel.maxMoves);
  }

  /**
   * A new game: `Engine.fromState(createGame(options))`.
   *
   * @example
   * ```ts
   * import { Engine } from 'carcassonne-engine/engine';
   *
   * const engine = Engine.create({ players: 3, seed: 1, drawOrder: ['X'] });
   * console.log(engine.players, engine.currentTile, engine.tilesLeft); // → 3 X 70
   * ```
   */
  static create(options: GameOptions): Engine {
    return Engine.fromState(createGame(options));
  }

  /**
   * An independent copy (a few microseconds for a base game).
   *
   * @example
   * ```ts
   * import { Engine } from 'carcassonne-engine/engine';
   *
   * const engine = Engine.create({ players: 2, seed: 1 });
   * const copy = engine.clone();
   * copy.playTurn(copy.legalTurns()[0]!);
   * console.log(engine.turn, copy.turn); // → 0 1
   * ```
   */
  clone(): Engine {
    return new Engine(this.k.clone(), this.origin, this.originDrawn, this.hooks, this.dealt, this.maxMoves, this.dealtHands);
  }

  /**
   * Makes this engine a copy of `other`, reusing its memory: like `other.clone()`, without
   * allocating. The search loop's way to reset a scratch engine. Both must be engines of the same
   * setup (tile set and players); otherwise it throws {@link StateError} (`invalid-state`).
   *
   * @example
   * ```ts
   * import { Engine } from 'carcassonne-engine/engine';
   *
   * // One scratch engine, reset from the root before every playout: no allocation per playout.
   * const root = Engine.create({ players: 2, seed: 1 });
   * const scratch = root.clone();
   * for (let i = 0; i < 3; i++) {
   *   scratch.copyFrom(root);
   *   scratch.playTurn(scratch.legalTurns()[i]!);
   * }
   * console.log(root.turn, scratch.turn); // → 0 1
   * ```
   */
  copyFrom(other: Engine): void {
    if (!isEngine(other)) throw badArgument(`copyFrom takes an engine, not ${show(other)}`);
    if (!this.k.sameShape(other.k)) {
      throw new StateError([{ code: 'invalid-state', message: 'copyFrom needs an engine of the same tile set and players' }]);
    }
    this.k.copyFrom(other.k);
    this.dealtHands = other.dealtHands;
    this.dealt = other.dealt;
    this.origin = other.origin;
    this.originDrawn = other.originDrawn;
    this.hooks = other.hooks;
  }

  /** `player` when it is a player of this game; else {@link OptionsError} `invalid-argument`. */
  private player(player: number): number {
    if (isInt(player) && player >= 0 && player < this.k.players) return player;
    throw badArgument(`player must be 0 to ${this.k.players - 1}, not ${show(player)}`);
  }

  /** `'finished'` once no tile is left to place. */
  get status(): 'playing' | 'finished' {
    return this.k.finished ? 'finished' : 'playing';
  }

  /** The player to move. */
  get currentPlayer(): number {
    return this.k.current;
  }

  /**
   * The tile to place, or `null` when the game is over, or with hands of tiles (`rules.hand`),
   * where the player chooses among {@link Engine.hand}.
   */
  get currentTile(): TileId | null {
    return this.k.currentType < 0 || this.k.handSize > 0 ? null : (this.k.tables.ids[this.k.currentType] as TileId);
  }

  /**
   * With hands of tiles (`rules.hand`, a house rule): the tiles in `player`'s hand, in the order
   * drawn (a move code's hand slot indexes it); empty without hands.
   *
   * @example
   * ```ts
   * import { Engine, decodeMove } from 'carcassonne-engine/engine';
   *
   * const engine = Engine.create({ players: 2, seed: 1, rules: { hand: { size: 3, visible: true } } });
   * console.log(engine.hand(0).length, engine.hand(1).length, engine.currentTile); // → 3 3 null
   * const move = decodeMove(engine.legalMoves().at(-1)!, engine.hand(0));
   * console.log(move.type === 'tile' && engine.hand(0).includes(move.tile!)); // → true
   * ```
   */
  hand(player: number): TileId[] {
    return handIds(this.k, this.player(player));
  }

  /**
   * The step of the current player's turn: `'tile'` (legalMoves lists placements) or `'action'`
   * (the tile just placed: the figures to deploy or take back, and the pass).
   *
   * @example
   * ```ts
   * import { Engine, encodeMove } from 'carcassonne-engine/engine';
   *
   * const engine = Engine.create({ players: 2, seed: 1, drawOrder: ['U'] });
   * console.log(engine.step); // → tile
   * engine.play(encodeMove({ type: 'tile', x: 1, y: 0, rotation: 0 }));
   * console.log(engine.step, engine.legalMoves().length); // → action 4
   * ```
   */
  get step(): Step {
    return stepOf(this.k);
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

  /**
   * Followers in `player`'s supply.
   *
   * @example
   * ```ts
   * import { Engine, encodeTurn } from 'carcassonne-engine/engine';
   *
   * const engine = Engine.create({ players: 2, seed: 1, drawOrder: ['U'] });
   * engine.playTurn(encodeTurn({ x: 1, y: 0, rotation: 0, meeple: { at: 'E' } }));
   * console.log(engine.meeples(0), engine.meeples(1)); // → 6 7
   * ```
   */
  meeples(player: number): number {
    return this.k.inSupply(this.player(player), FIGURE_FOLLOWER);
  }

  /**
   * Figures of a kind in `player`'s supply: the state's count for that kind (`meeples`, `abbots`,
   * `largeMeeples`…), 0 for a kind no active rule module brings.
   *
   * @example
   * ```ts
   * import { abbot, tradersBuilders, useExpansions } from 'carcassonne-engine';
   * import { Engine } from 'carcassonne-engine/engine';
   *
   * useExpansions(abbot, tradersBuilders);
   * const engine = Engine.create({ players: 2, seed: 1, expansions: ['abbot', 'traders-builders'] });
   * console.log(engine.inSupply(0, 'abbot'), engine.inSupply(0, 'builder'), engine.inSupply(0, 'large')); // → 1 1 0
   * ```
   */
  inSupply(player: number, kind: MeepleKind): number {
    const p = this.player(player);
    const code = figureCode(kind);
    return code < 0 ? 0 : this.k.inSupply(p, code);
  }

  /**
   * The tokens `player` has taken, by record key and kind, as the state writes them.
   *
   * @example
   * ```ts
   * import { tradersBuilders, useExpansions } from 'carcassonne-engine';
   * import { Engine, randomPlayout, seededRandom } from 'carcassonne-engine/engine';
   *
   * useExpansions(tradersBuilders);
   * const engine = Engine.create({ players: 2, seed: 1, expansions: ['traders-builders'] });
   * console.log(engine.tokens(0)); // → { goods: { wine: 0, grain: 0, cloth: 0 } }
   * randomPlayout(engine, seededRandom(1));
   * const { wine, grain, cloth } = engine.tokens(0).goods ?? {};
   * console.log((wine ?? 0) <= 9 && (grain ?? 0) <= 6 && (cloth ?? 0) <= 5); // → true
   * ```
   */
  tokens(player: number): Record<string, Record<string, number>> {
    const p = this.player(player);
    return tokenRecords(this.k, p);
  }

  /** Whether the current player is playing a builder's second tile this turn (Traders & Builders). */
  get builderTurn(): boolean {
    return builderTurnOf(this.k);
  }

  /**
   * What gave the current player the extra tile they play now (`'builder'`, `'hole'`), or `null`:
   * search must not assume players alternate.
   *
   * @example
   * ```ts
   * import { Engine } from 'carcassonne-engine/engine';
   *
   * console.log(Engine.create({ players: 2, seed: 1 }).extraTurn); // → null
   * ```
   */
  get extraTurn(): ExtraTurn | null {
    return extraTurnOf(this.k);
  }

  /**
   * Each player's points so far (the final totals once the game is finished).
   *
   * @example
   * ```ts
   * import { Engine, encodeTurn } from 'carcassonne-engine/engine';
   *
   * // E turned 180° above the start tile closes its city: 4 points for the knight.
   * const engine = Engine.create({ players: 2, seed: 1, drawOrder: ['E'] });
   * engine.playTurn(encodeTurn({ x: 0, y: -1, rotation: 180, meeple: { at: 'S' } }));
   * console.log(engine.scores()); // → [ 4, 0 ]
   * ```
   */
  scores(): number[] {
    return Array.from(this.k.score);
  }

  /**
   * Each player's total if the game ended now: points so far plus the final scoring.
   *
   * @example
   * ```ts
   * import { Engine, encodeTurn } from 'carcassonne-engine/engine';
   *
   * // A thief on a road of two tiles: nothing scored yet, 2 if the game ended now.
   * const engine = Engine.create({ players: 2, seed: 1, drawOrder: ['U'] });
   * engine.playTurn(encodeTurn({ x: 1, y: 0, rotation: 0, meeple: { at: 'E' } }));
   * console.log(engine.scores(), engine.scoreFinal()); // → [ 0, 0 ] [ 2, 0 ]
   * ```
   */
  scoreFinal(): number[] {
    if (this.k.finished) return this.scores();
    const pts = new Int32Array(this.k.players);
    this.k.finalScoring(pts, null);
    return Array.from(this.k.score, (s, i) => s + (pts[i] as number));
  }

  /**
   * The legal moves of the current step (see {@link Engine.step}), as a new array of exactly their
   * number (in the order below). The codes are written into a scratch buffer shared by every
   * engine, then copied: no buffer of {@link Engine.maxMoves} is allocated per call.
   *
   * @example
   * ```ts
   * import { decodeMove, Engine } from 'carcassonne-engine/engine';
   *
   * const engine = Engine.create({ players: 2, seed: 1, drawOrder: ['X'] });
   * const moves = engine.legalMoves(); // a new array, exactly as long as the list
   * console.log(moves.length, JSON.stringify(decodeMove(moves[0]!))); // → 2 {"type":"tile","x":1,"y":0,"rotation":0}
   *
   * const buffer = new Int32Array(engine.maxMoves); // or fill your own buffer: no allocation at all
   * console.log(engine.legalMoves(buffer), buffer[0] === moves[0]); // → 2 true
   * engine.play(moves[0]!);
   * console.log(engine.step, engine.legalMoves().map((m) => JSON.stringify(decodeMove(m))).slice(0, 2).join(' ')); // → action {"type":"pass"} {"type":"meeple","at":"N","kind":"follower"}
   * ```
   */
  legalMoves(): MoveCode[];
  /**
   * Writes the legal moves of the current step into `out` and returns how many there are;
   * allocates nothing. `out` must hold {@link Engine.maxMoves} codes; entries past the count may
   * be overwritten too. Order: at the tile step by frontier cell, then rotation (with hands of
   * tiles, each distinct tile of the hand in turn); at the action step the pass, then by feature
   * of the tile just placed a follower (and a large meeple, an abbot) on each free one and the
   * builder or pig where it joins one of the player's meeples, then the figures taken back.
   */
  legalMoves(out: Int32Array): number;
  legalMoves(out?: Int32Array): MoveCode[] | number {
    if (out !== undefined) {
      if (!isInt32Array(out)) {
        throw new OptionsError([
          {
            code: 'invalid-buffer',
            message: `a move buffer is an Int32Array of engine.maxMoves (${this.maxMoves}) codes, not ${show(out)}`,
          },
        ]);
      }
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
   * The current player's legal whole turns as {@link TurnCode}s: at the tile step each placement
   * (in {@link Engine.legalMoves} order) with each action its tile then allows (the pass first, a
   * tile with no action step the pass alone); at the action step each action. A new array, or
   * written into `out` (a `Float64Array` of {@link Engine.maxMoves}), returning how many. Each tile
   * is placed on a scratch copy to list its actions: a listing costs a copy a placement.
   *
   * @example
   * ```ts
   * import { decodeTurn, Engine } from 'carcassonne-engine/engine';
   *
   * const engine = Engine.create({ players: 2, seed: 1, drawOrder: ['X'] });
   * const turns = engine.legalTurns();
   * console.log(turns.length, JSON.stringify(decodeTurn(turns[1]!))); // → 18 {"x":1,"y":0,"rotation":0,"meeple":{"at":"N","kind":"follower"}}
   * engine.playTurn(turns[1]!);
   * console.log(engine.turn, engine.meeples(0)); // → 1 6
   * ```
   */
  legalTurns(): TurnCode[];
  legalTurns(out: Float64Array): number;
  legalTurns(out?: Float64Array): TurnCode[] | number {
    if (out !== undefined) {
      if (!isFloat64Array(out) || out.length < this.maxMoves) {
        throw new OptionsError([
          {
            code: 'invalid-buffer',
            message: `a turn buffer is a Float64Array of engine.maxMoves (${this.maxMoves}) numbers, not ${show(out)}`,
          },
        ]);
      }
      return this.k.finished ? 0 : legalTurnCodes(this.k, out);
    }
    if (this.k.finished) return [];
    if (turnScratch === null || turnScratch.length < this.maxMoves) turnScratch = new Float64Array(this.maxMoves);
    const turns = turnScratch;
    return Array.from(turns.subarray(0, legalTurnCodes(this.k, turns)));
  }

  /**
   * Plays a whole turn (a {@link TurnCode} of {@link Engine.legalTurns}): its tile, then its action
   * when the tile has an action step. Each step's code is checked as {@link Engine.play} checks it.
   *
   * @example
   * ```ts
   * import { Engine, encodeTurn } from 'carcassonne-engine/engine';
   *
   * const engine = Engine.create({ players: 2, seed: 1, drawOrder: ['U'] });
   * engine.playTurn(encodeTurn({ x: 1, y: 0, rotation: 0, meeple: { at: 'E' } }));
   * console.log(engine.turn, engine.meeples(0), engine.step); // → 1 6 tile
   * ```
   */
  playTurn(turn: TurnCode): void {
    const k = this.k;
    if (k.finished) throw new IllegalMoveError('game-finished', 'the game is over: no tile is left to place');
    const problem = turnFormProblem(turn);
    if (problem !== null) throw new IllegalMoveError('malformed-move', `${show(turn)} is not a turn code: ${problem}`);
    const tile = turnTile(turn);
    const action = turnAction(turn);
    // Both steps are checked before anything changes: the tile on a scratch copy, then the action.
    const wrong = tile < 0 ? codeProblem(k, action) : turnProblem(k, tile, action);
    if (wrong !== null) throw new IllegalMoveError('malformed-move', `${show(turn)} is not a turn here: ${wrong}`);
    if (tile < 0) this.playListed(action);
    else {
      this.playListed(tile);
      if (k.phase === PHASE_ACTION) this.playListed(action);
    }
  }

  /**
   * Plays one step's move code for the current player: at the tile step, place the tile (and when
   * the player has nothing to do with it but pass, end the turn); at the action step, deploy a
   * figure on it, take one back or pass, then score what the tile completed, pass the turn (or keep
   * it for a builder's second tile) and draw.
   * **Unchecked**: the code must be one of {@link Engine.legalMoves} (use the pure API's
   * `validateMove` for an untrusted move). Throws `game-finished` when the game is over, and,
   * before changing anything, `malformed-move` for a code that is not one here (not a whole number
   * below 2^31, a code of the other step, a figure kind or hand slot the game has not, a spot the
   * tile just placed has not, a cell that is taken or touches no tile); a code that passes these
   * checks but does not fit is played as it is, and makes a position no game can reach.
   *
   * @example
   * ```ts
   * import { Engine, encodeMove } from 'carcassonne-engine/engine';
   *
   * const engine = Engine.create({ players: 2, seed: 1, drawOrder: ['U', 'V'] });
   * engine.play(encodeMove({ type: 'tile', x: 1, y: 0, rotation: 0 }));
   * console.log(engine.turn, engine.step); // → 0 action
   * engine.play(encodeMove({ type: 'pass' }));
   * console.log(engine.turn, engine.currentPlayer, engine.currentTile); // → 1 1 V
   * ```
   */
  play(move: MoveCode): void {
    const k = this.k;
    if (k.finished) throw new IllegalMoveError('game-finished', 'the game is over: no tile is left to place');
    const wrong = codeProblem(k, move);
    if (wrong !== null) throw new IllegalMoveError('malformed-move', `${show(move)} is not a move here: ${wrong}`);
    this.playListed(move);
  }

  /**
   * The move object of a code legal at this position, as the pure API's `legalMoves` writes it:
   * a tile step's with its tile, an action step's, or a rule module's move (The Tower's floor or
   * capture names tiles of this board, which `decodeMove` cannot know). Throws
   * {@link IllegalMoveError}: `game-finished` once the game is over, `malformed-move` for a code
   * that is not one of {@link Engine.legalMoves}.
   *
   * @example
   * ```ts
   * import { tower, useExpansions } from 'carcassonne-engine';
   * import { Engine } from 'carcassonne-engine/engine';
   *
   * useExpansions(tower);
   * const engine = Engine.create({ players: 2, seed: 1, drawOrder: ['TO-F'], expansions: ['tower'] });
   * engine.play(engine.codeOf({ type: 'tile', x: 0, y: 1, rotation: 0 }));
   * const floor = engine.legalMoves().map((code) => engine.moveOf(code)).find((m) => m.type === 'tower');
   * console.log(floor); // → { type: 'tower', x: 0, y: 1, kind: 'floor' }
   * ```
   */
  moveOf(code: MoveCode): Move {
    const k = this.k;
    if (k.finished) throw new IllegalMoveError('game-finished', 'the game is over: no move is legal');
    const form = codeFormProblem(code);
    if (form !== null) throw new IllegalMoveError('malformed-move', `${show(code)} is not a move code: ${form}`);
    const listed = moduleBuffer(k);
    const n = k.legalMoveCodes(listed);
    let legal = false;
    for (let i = 0; i < n && !legal; i++) legal = listed[i] === code;
    if (!legal) throw new IllegalMoveError('malformed-move', `${show(code)} is not a legal move of this step`);
    return freeze(moveOfCode(k, code), true);
  }

  /**
   * The code of one step's move object at this position: whatever `encodeMove` takes (the tile in
   * the current player's hand, with hands of tiles), and a rule module's moves, which name tiles of
   * this board. Legality is not checked: {@link Engine.play} checks the code. Throws
   * {@link IllegalMoveError} (`malformed-move`) for a move that is not well formed or names nothing
   * here, and for a whole turn (encode it with `encodeTurn`).
   *
   * @example
   * ```ts
   * import { tower, useExpansions } from 'carcassonne-engine';
   * import { Engine } from 'carcassonne-engine/engine';
   *
   * useExpansions(tower);
   * const engine = Engine.create({ players: 2, seed: 1, drawOrder: ['TO-F'], expansions: ['tower'] });
   * engine.play(engine.codeOf({ type: 'tile', x: 0, y: 1, rotation: 0 }));
   * engine.play(engine.codeOf({ type: 'tower', x: 0, y: 1, kind: 'floor' }));
   * console.log(engine.inSupply(0, 'floor'), engine.step); // → 9 tile
   * ```
   */
  codeOf(asked: Move): MoveCode {
    const { move, error } = readMove(asked);
    if (error !== null) throw error;
    if (isTurn(move))
      throw new IllegalMoveError('malformed-move', 'a code is one step: encode a whole turn with encodeTurn, or each of its steps');
    const k = this.k;
    if (isModuleType(move.type) || (move.type === 'pass' && k.phase >= PHASE_STEP)) {
      const code = moduleCodeOf(k, move as ModuleMove);
      if (typeof code !== 'number') throw code;
      return code;
    }
    return encodeMove(move, k.handSize > 0 ? this.hand(k.current) : undefined);
  }

  /** `play` of a code taken from this position's `legalMoves`: nothing to check. */
  private playListed(move: MoveCode): void {
    const k = this.k;
    // The history lives in the kernel's buffer (moveLog): a clone copies it with the rest; a tile
    // step with the tile it places, for toState (with hands), an action step with none.
    const tile = k.phase !== PHASE_TILE ? NO_TILE : k.handSize > 0 ? k.handTile(k.current, moveSlot(move)) : k.currentType;
    k.logMove(move, tile);
    k.play(move, null);
  }

  /**
   * Shuffles the tiles still to be drawn (the current tile stays): a determinisation of the
   * hidden bag, for search that must not peek at the draw order. The result depends only on which
   * tiles are left and on `random`, not on their order. Later deals the rules make from the seed
   * (unplaceable tiles going back into the bag, a house rule) draw from `random` too.
   *
   * @example
   * ```ts
   * import { Engine, seededRandom } from 'carcassonne-engine/engine';
   *
   * // Two engines whose bags hold the same tiles in different orders deal alike: the order is hidden.
   * const a = Engine.create({ players: 2, seed: 1 });
   * const b = Engine.create({ players: 2, seed: 2, drawOrder: [a.currentTile!] });
   * a.shuffleTilesLeft(seededRandom(7));
   * b.shuffleTilesLeft(seededRandom(7));
   * a.playTurn(a.legalTurns()[0]!);
   * b.playTurn(b.legalTurns()[0]!);
   * console.log(a.currentTile === b.currentTile); // → true
   * ```
   */
  shuffleTilesLeft(asked: Random): void {
    if (typeof asked !== 'function') throw badArgument(`a random function such as seededRandom(1) is needed, not ${show(asked)}`);
    // A number outside [0, 1) is refused before it is used: the bag stays a shuffle of its tiles.
    const random = () => {
      const r = asked();
      if (!(typeof r === 'number' && r >= 0 && r < 1)) throw badArgument(`random() must return a number from 0 up to 1, not ${show(r)}`);
      return r;
    };
    const k = this.k;
    const hidden = k.handSize > 0 && this.origin.rules.hand?.visible === false;
    if (hidden) dealHiddenHands(k, random);
    else shuffleUndrawn(k, random);
    if (k.handSize > 0) {
      this.originDrawn = k.logged === 0 ? k.bagPos : this.originDrawn;
      this.dealtHands = k.logged === 0 ? handsOf(k) : null;
    }
    const reseed = this.k.rules.ruleset.reseed;
    for (const hook of reseed) hook(this.k, () => Math.floor(random() * 4294967296) >>> 0);
    this.dealt = true;
  }

  /**
   * The move codes played since this engine was made from a state, step by step (a turn with an
   * action step gives two codes: its tile and its action).
   *
   * @example
   * ```ts
   * import { decodeMove, Engine, encodeTurn } from 'carcassonne-engine/engine';
   *
   * const engine = Engine.create({ players: 2, seed: 1, drawOrder: ['U'] });
   * engine.playTurn(encodeTurn({ x: 1, y: 0, rotation: 0 }));
   * console.log(engine.movesPlayed().map((m) => JSON.stringify(decodeMove(m)))); // → [ '{"type":"tile","x":1,"y":0,"rotation":0}', '{"type":"pass"}' ]
   * ```
   */
  movesPlayed(): MoveCode[] {
    return Array.from(this.k.moveLog.subarray(0, this.k.logged));
  }

  /**
   * The frozen {@link GameState} the pure API gives for the same moves from the same state (with
   * the tiles drawn in the order this engine drew them). Throws {@link IllegalMoveError} if an
   * illegal code was played. Replays the moves through the pure API: a few milliseconds for a
   * whole game, so call it at the end of a search, not inside it.
   *
   * @example
   * ```ts
   * import { applyMove, createGame } from 'carcassonne-engine';
   * import { Engine, encodeTurn } from 'carcassonne-engine/engine';
   *
   * const start = createGame({ players: 2, seed: 1, drawOrder: ['U'] });
   * const engine = Engine.fromState(start);
   * engine.playTurn(encodeTurn({ x: 1, y: 0, rotation: 0 }));
   * const viaPure = applyMove(start, { x: 1, y: 0, rotation: 0 });
   * console.log(JSON.stringify(engine.toState()) === JSON.stringify(viaPure)); // → true
   * ```
   */
  toState(): GameState {
    if (isViewRecord(this.origin)) {
      throw new StateError([
        {
          code: 'view-not-playable',
          message: 'this engine was made from a player view: the game it plays is one possible game, with no state',
        },
      ]);
    }
    const k = this.k;
    const ids = k.tables.ids;
    let state = this.origin;
    // Tiles dealt anew: the game as if the bag had held, from the start, the tiles this engine
    // drew in the order it drew them (a tile that went back into the bag then was never drawn).
    const order = this.dealt ? Array.from(k.bag.subarray(this.originDrawn, k.bagLen), (t) => ids[t] as TileId) : [];
    const hands = this.dealt && k.handSize > 0 ? this.dealtHands : null;
    if (this.dealt && k.handSize > 0 && hands === null) {
      throw new StateError([
        {
          code: 'invalid-state',
          message:
            'with hands of tiles, toState follows a shuffleTilesLeft made before any move only: make the engine from the state of that moment',
        },
      ]);
    }
    if (
      order.some((id, i) => id !== this.origin.tilesLeft[i]) ||
      (hands !== null && JSON.stringify(hands) !== JSON.stringify(this.origin.hands))
    ) {
      state = checked(freeze({ ...this.origin, tilesLeft: order, ...(hands === null ? {} : { hands }) }, true)).state;
    }
    // Whole turns (a tile step and the action after it) are replayed as whole turns, so that the
    // last move's events are the turn's; a tile step the log ends with, or an action it begins
    // with, as a step.
    for (let i = 0; i < k.logged; i++) {
      const code = k.moveLog[i] as MoveCode;
      const tile = ids[k.moveLogTile[i] as number] as TileId;
      const next = i + 1 < k.logged ? (k.moveLog[i + 1] as MoveCode) : -1;
      // A rule module's moves name tiles of the board: written from the state's kernel.
      let move: AnyMove = isModuleCode(code) ? moveOfCode(checked(state).kernel, code) : decodeMove(code);
      if (move.type === 'tile') {
        const named = k.handSize > 0 ? { tile } : {};
        // A module's step (a capture) follows its action: the turn ends with the action, the step is a move of its own.
        const acted = next >= 0 && moveStep(next) === STEP_ACTION;
        // A module's free step (a ransom) at the action step: the tile step was played alone.
        const freed = next >= 0 && moveStep(next) >= STEP_MODULE;
        if (acted || (i + 1 < k.logged && !freed)) {
          let after: Kernel | undefined;
          if (acted && isModuleCode(next)) {
            after = checked(state).kernel.clone();
            after.playStep(code, null, true);
          }
          move = turnOfCodes(undefined, code, acted ? next : PASS_CODE, after);
          if (acted) i++;
        }
        move = { ...move, ...named };
      }
      state = applyMove(state, move, this.hooks);
    }
    return state;
  }
}

/**
 * Plays uniformly random legal moves, step by step, until the game ends; returns the number of
 * moves (steps) played. Allocates nothing per move with {@link seededRandom}. A tile step's move is
 * drawn without listing them all: a frontier cell and a rotation are drawn at random and kept when
 * the tile fits there, so every legal placement has the same chance; a tile that fits in few
 * places, a hand of tiles or a tile with a placement rule (the river) lists the placements and
 * draws one, and an action step (a few moves) draws from its list. The moves played differ from a
 * playout that draws from `legalMoves` with the same random numbers.
 *
 * @example
 * ```ts
 * import { Engine, randomPlayout, seededRandom } from 'carcassonne-engine/engine';
 *
 * const engine = Engine.create({ players: 2, seed: 1 });
 * const moves = randomPlayout(engine, seededRandom('playout'));
 * console.log(engine.status, moves === engine.movesPlayed().length, moves >= engine.turn); // → finished true true
 * ```
 */
export function randomPlayout(engine: Engine, random: Random): number {
  if (!isEngine(engine)) throw badArgument(`randomPlayout takes an engine, not ${show(engine)}`);
  if (typeof random !== 'function') throw badArgument(`randomPlayout takes a random function such as seededRandom(1), not ${show(random)}`);
  let n = 0;
  const codes = scratchFor(engine.maxMoves);
  const k = kernelOf(engine);
  while (engine.status === 'playing') {
    playListed(engine, randomMove(k, random, codes) as MoveCode);
    n++;
  }
  return n;
}

// Draws tried before listing the moves: a tile that fits in few of the frontier's cells and
// rotations misses most draws, and a listing with figures costs about as much as this many draws
// (48 left 1.8% of the turns of Traders & Builders games to a listing, 96 leaves 0.2%).
export const SAMPLE_TRIES = 96;

/**
 * A legal move drawn uniformly at random: by rejection (see Kernel.sampleSpan) while draws are
 * cheap, else from the list of every legal move. Either way each legal move has the same chance.
 */
export function randomMove(k: Kernel, random: Random, codes: Int32Array): number {
  const span = k.sampleSpan();
  // One call of random() for both ways: V8 inlines it there, so the number it returns is never
  // written to the heap (a second call site, for the list, was not inlined: 16 bytes a move). The
  // moves are listed through a function of its own (listMoves): calling the kernel's listing here
  // left random() out of line when every step is listed (tests/engine/allocation.test.ts, hands of
  // tiles: 15 bytes a move).
  let listed = -1;
  for (let tries = span === 0 ? 0 : SAMPLE_TRIES; ; tries--) {
    if (tries === 0) listed = listMoves(k, codes);
    const u = below(random, listed < 0 ? span : listed);
    if (listed >= 0) return codes[u] as number;
    const code = k.sampleAt(u);
    if (code >= 0) return code;
  }
}

/** The legal moves of kernel `k`'s step, written into `codes`; their number. */
function listMoves(k: Kernel, codes: Int32Array): number {
  return k.legalMoveCodes(codes);
}

/** A whole number from 0 up to n from random(), which is checked to be a number from 0 up to 1. */
function below(random: Random, n: number): number {
  const r = random();
  if (!(typeof r === 'number' && r >= 0 && r < 1)) throw badArgument(`random() must return a number from 0 up to 1, not ${show(r)}`);
  // Below n: the product of a double below 1 and a whole number rounds to below that number.
  return Math.floor(r * n);
}

/** Plays a code listed by the engine's `legalMoves` for this position, without checking it again. */
export function playListed(engine: Engine, code: MoveCode): void {
  // biome-ignore lint/complexity/useLiteralKeys: a private method, reached by this module's helpers only
  engine['playListed'](code);
}

/** Plays a turn code listed by the engine's `legalTurns` for this position, without checking it again. */
export function playTurnListed(engine: Engine, turn: TurnCode): void {
  const tile = turnTile(turn);
  if (tile < 0) playListed(engine, turnAction(turn));
  else {
    playListed(engine, tile);
    if (kernelOf(engine).phase === PHASE_ACTION) playListed(engine, turnAction(turn));
  }
}

// Turn codes are written here when a new array is asked for, then copied out.
let turnScratch: Float64Array | null = null;

// Move codes are written here and copied out before anything else runs, so one buffer serves every
// engine; it grows to the largest maxMoves asked for.
let scratch: Int32Array | null = null;

function scratchFor(size: number): Int32Array {
  if (scratch === null || scratch.length < size) scratch = new Int32Array(size);
  return scratch;
}

/**
 * A seeded {@link Random} (mulberry32): the same seed gives the same numbers.
 *
 * @example
 * ```ts
 * import { seededRandom } from 'carcassonne-engine/engine';
 *
 * const a = seededRandom('seed');
 * const b = seededRandom('seed');
 * console.log(a() === b(), a() >= 0 && a() < 1); // → true true
 * ```
 */
export function seededRandom(seed: number | string): Random {
  if (!((typeof seed === 'number' && Number.isFinite(seed)) || (typeof seed === 'string' && seed.length <= LIMITS.seedLength))) {
    throw badArgument(`a seed is a finite number or a string of at most ${LIMITS.seedLength} characters, not ${show(seed)}`);
  }
  return mulberry32(hashSeed(seed), 4294967296);
}

/** Whether `v` is an engine; never throws (a revoked Proxy is not one). */
export function isEngine(v: unknown): v is Engine {
  try {
    return v instanceof Engine;
  } catch {
    return false;
  }
}

/** An {@link OptionsError} `invalid-argument`. */
export function badArgument(message: string): OptionsError {
  return new OptionsError([{ code: 'invalid-argument', message }]);
}

/** Whether `v` is an array of this typed-array class (of any realm); never throws. */
function isTyped<T>(v: unknown, type: abstract new (...args: never[]) => T, tag: string): v is T {
  try {
    // instanceof first: cheap, and the usual case; the tag for an array of another realm.
    return v instanceof type || Object.prototype.toString.call(v) === `[object ${tag}]`;
  } catch {
    return false;
  }
}

const isInt32Array = (v: unknown): v is Int32Array => isTyped(v, Int32Array, 'Int32Array');
const isFloat64Array = (v: unknown): v is Float64Array => isTyped(v, Float64Array, 'Float64Array');

/** What the move log records as the tile of an action step. */
const NO_TILE = 0xffff;

/**
 * Why `code` cannot be played on `k` at all, checked in a few integer operations before anything
 * changes: not a code, not a code of the current step, a figure kind or hand slot this game has
 * not, a spot the tile just placed has not, a cell that is taken or touches no tile. (Whether the
 * tile fits there, or the figure may stand there, is not checked: the engine trusts its caller,
 * and such a code makes a position no game can reach.)
 */
function codeProblem(k: Kernel, code: number): string | null {
  const form = codeFormProblem(code);
  if (form !== null) return form;
  // A module's moves (its action, its steps, its free moves) are rare: looked up among the listed.
  if (moveStep(code) >= STEP_MODULE || moveAction(code) >= ACTION_MODULE || k.phase >= PHASE_STEP) {
    const listed = moduleBuffer(k);
    const n = k.legalMoveCodes(listed);
    for (let i = 0; i < n; i++) if (listed[i] === code) return null;
    return 'it is not a legal move of this step';
  }
  if (moveStep(code) === STEP_TILE) {
    if (k.phase !== PHASE_TILE) return 'it places a tile, and the tile is placed: this is the action step';
    if (moveSlot(code) >= Math.max(1, k.handSize)) return `hand slot ${moveSlot(code)} is not in the hand`;
    if (k.frontierIndex(moveX(code), moveY(code)) < 0) return `cell (${moveX(code)}, ${moveY(code)}) is taken or touches no tile`;
    const t = k.handSize > 0 ? k.handTile(k.current, moveSlot(code)) : k.currentType;
    return t < 0 ? `hand slot ${moveSlot(code)} holds no tile` : null;
  }
  if (k.phase !== PHASE_ACTION) return 'it is an action, and the tile is not placed yet: this is the tile step';
  if (moveFigure(code) >= k.rules.ruleset.figures.kinds) return `figure kind ${moveFigure(code)} is not in this game`;
  const spot = moveSpot(code);
  const p = k.placed;
  if (spot >= 0 && k.spotFeature(k.pType[p] as number, k.pRot[p] as number, spot) < 0)
    return `the tile just placed has no spot ${SPOTS[spot]}`;
  return null;
}

/**
 * Why whole turn (tile, action) cannot be played on `k` (see codeProblem): its tile step's code,
 * then its action's on a copy with the tile placed (a tile with no action step takes the pass).
 */
function turnProblem(k: Kernel, tile: number, action: number): string | null {
  const placing = codeProblem(k, tile);
  if (placing !== null) return placing;
  const after = copyOf(k);
  after.playStep(tile, null);
  if (after.phase === PHASE_ACTION) return codeProblem(after, action);
  return action === PASS_CODE ? null : 'it acts after its tile, but the tile gives no action step';
}

// The moves of a step, to look a module's move up among (see codeProblem).
let moduleCodes: Int32Array | null = null;

function moduleBuffer(k: Kernel): Int32Array {
  if (moduleCodes === null || moduleCodes.length < k.maxMoves) moduleCodes = new Int32Array(k.maxMoves);
  return moduleCodes;
}

// A scratch copy of a kernel, to try a tile step on (see turnProblem).
let tried: Kernel | null = null;

function copyOf(k: Kernel): Kernel {
  if (tried === null || !tried.sameShape(k)) tried = k.clone();
  else tried.copyFrom(k);
  return tried;
}

/** The kernel an engine plays on, for the reference bots' evaluation (not part of the engine entry). */
export function kernelOf(engine: Engine): Kernel {
  return engine['k'];
}
