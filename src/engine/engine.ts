import { IllegalMoveError, OptionsError, StateError } from '../core/errors.js';
import { FIGURE_FOLLOWER, type Kernel } from '../kernel/index.js';
import { figureCode, tokenRecords } from '../api/options/figure-kinds.js';
import { createGame, handsOf, stepOf } from '../api/play/create.js';
import { handIds } from '../api/play/legality.js';
import { engineKernel, loadPlayable, loadSearchable } from './from-state.js';
import { extraTurnOf, type RuleHooks } from '../api/options/game-rules.js';
import type { GameOptions } from '../api/options/options.js';
import type { ExpansionName, ExtraTurn, GameState, MeepleKind, Move, PlayerView, Step, TileId } from '../api/types.js';
import { isInt, show } from '../core/guards.js';
import { badArgument, checkCode, checkTurn, moveBuffer, playLogged, scratchFor, turnBuffer, turnScratchFor } from './checks.js';
import { playTurnListed } from './playout.js';
import type { MoveCode } from './encode.js';
import { dealUnseen, type Random } from './randomness.js';
import { replayed } from './to-state.js';
import { codeAt, moveAt } from './codes.js';
import { legalTurnCodes, type TurnCode } from './turns.js';

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
   * An engine at `state`: a state the pure API made or loaded, or one from elsewhere (for example
   * `JSON.parse` of a saved game), checked as `loadState` checks it (throwing {@link StateError}). A game with a custom farmer rule needs it again in
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
  static fromState(input: GameState, hooks?: RuleHooks): Engine {
    return Engine.at(loadPlayable(input), hooks);
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
    const engine = Engine.at(loadSearchable(view), hooks);
    engine.shuffleTilesLeft(random);
    return engine;
  }

  /** An engine at a checked state or view. */
  private static at(state: GameState, hooks: RuleHooks | undefined): Engine {
    const { origin, kernel } = engineKernel(state, hooks);
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
    if (out !== undefined) return this.k.legalMoveCodes(moveBuffer(out, this.maxMoves));
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
    if (out !== undefined) return this.k.finished ? 0 : legalTurnCodes(this.k, turnBuffer(out, this.maxMoves));
    if (this.k.finished) return [];
    const turns = turnScratchFor(this.maxMoves);
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
    checkTurn(this.k, turn);
    playTurnListed(this, turn);
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
    checkCode(this.k, move);
    playLogged(this.k, move);
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
    return moveAt(this.k, code);
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
    return codeAt(this.k, asked);
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
    const k = this.k;
    dealUnseen(k, asked, k.handSize > 0 && k.rules.ruleset.handsHidden);
    if (k.handSize > 0) {
      this.originDrawn = k.logged === 0 ? k.bagPos : this.originDrawn;
      this.dealtHands = k.logged === 0 ? handsOf(k) : null;
    }
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
    return replayed(this.k, this.origin, this.originDrawn, this.dealt, this.dealtHands, this.hooks);
  }
}

/** Whether `v` is an engine; never throws (a revoked Proxy is not one). */
export function isEngine(v: unknown): v is Engine {
  try {
    return v instanceof Engine;
  } catch {
    return false;
  }
}
