import type { KernelEvent, ScoreRecord, FeatureRef } from './log.js';
import type { Position, Spot } from '../core/geometry.js';
import type { FarmGraph } from './farm-graph.js';
import type { Ruleset } from './ruleset.js';
import type { TileTables } from './tables.js';
import type { Kernel as PublicKernel } from './index.js';
import type { Layout } from './layout.js';
import type { LastFarm, Scratch } from './scratch.js';
import * as create from './make.js';
import * as board from './board.js';
import * as actions from './actions.js';
import * as draw from './draw.js';
import * as farm from './farm.js';
import * as features from './features.js';
import * as figures from './figures.js';
import * as hands from './hands.js';
import * as moves from './moves.js';
import * as place from './place.js';
import * as placement from './placement.js';
import * as position from './set-position.js';
import * as records from './records.js';
import * as scoring from './scoring.js';
import * as turn from './turn.js';

/** The rules the kernel needs, resolved from a game's options. */
export interface KernelRules {
  readonly smallCity: 2 | 4;
  readonly meeples: number;
  /**
   * Scores the fields at the end: adds each player's points to `into` and, with a log, records the
   * lines. `null` when the game's farmer rule is a custom function that was not given again.
   */
  readonly fields: FieldScoring | null;
  /** What the active rule modules add: figure kinds, attributes, constraints and hooks. */
  readonly ruleset: Ruleset;
}

/** The final scoring of fields, as the API layer provides it (the farmer rules). */
export type FieldScoring = (kernel: PublicKernel, into: Int32Array, log: KernelEvent[] | null) => void;

/** The follower, figure kind 0 in every game; other kinds come from rule modules (see FigureTable). */
export const FIGURE_FOLLOWER = 0;

/** The steps of a turn (see Kernel.phase and turn.ts): place the tile, act with it; then the draw. */
export const PHASE_TILE = 0;
export const PHASE_ACTION = 1;
/** The turn is over and the next tile not drawn yet: `play` draws it at once, a replay names it. */
export const PHASE_DRAW = 2;
/**
 * A module's step (see Ruleset.steps): the phase is PHASE_STEP + its index, the step kind
 * STEP_MODULE + that index.
 */
export const PHASE_STEP = 3;

/** Cell values: 0 empty, 1..FRONTIER-1 placement index + 1, FRONTIER+i position i in the frontier list. */
export const FRONTIER = 0x8000;

/**
 * The result of checking a placement: 0 legal, or one of these codes (edge mismatch:
 * PLACE_MISMATCH + edge; a module's constraint: PLACE_RULE + 16 × its index among the placement
 * rules + its reason).
 */
export const PLACE_OK = 0;
export const PLACE_OCCUPIED = 1;
export const PLACE_NOT_ADJACENT = 2;
export const PLACE_MISMATCH = 3;
export const PLACE_RULE = 16;

/** Thrown by the kernel when final scoring needs a custom farmer rule it was not given. */
export class MissingFarmerRule extends Error {}

/**
 * The mutable rules kernel: one game in typed arrays that all live in one buffer. The class holds
 * the state; the rules live in the files beside it, one part each: the board and its frontier
 * (board.ts, place.ts), features as segments in a union-find (features.ts), figures (figures.ts),
 * where a tile may go (placement.ts), the steps' moves (moves.ts, actions.ts), the turn
 * (turn.ts, draw.ts, hands.ts), scoring (scoring.ts, farm.ts) and records for the API (records.ts).
 * Functions that take a `log` push descriptive events into it when it is not null, and allocate
 * nothing when it is null.
 *
 * Other layers see a kernel through the narrow type of `kernel/index.ts`: read-only fields and the
 * methods below (set up a position, play, read). Nothing checks legality unless its name says so
 * (`checkPlacement`): the callers validate first.
 */
export class Kernel {
  readonly tables!: TileTables;
  readonly rules!: KernelRules;
  readonly players!: number;
  /** Tiles in the set: an upper bound on placements. */
  readonly capacity!: number;
  /** Feature segments the set can have: an upper bound on segment indices. */
  readonly segments!: number;
  /** Bits of the board's hash table size (see cellIndex). */
  readonly hashBits!: number;
  /**
   * An upper bound on the number of legal moves in any position of this game: per placement (a
   * frontier cell turned four ways), the placement alone, each figure kind on each feature, and an
   * action.
   */
  readonly maxMoves!: number;
  /** Tiles each player holds in hand (Ruleset.handSize), or 0: each turn draws its tile. */
  readonly handSize!: number;
  /** Where each array lives in the buffer (shared by the kernels of one shape). */
  layout!: Layout;
  /** Working space shared by the kernels of one shape (see scratch.ts). */
  scratch!: Scratch;
  buffer!: ArrayBuffer;
  bytes!: Uint8Array;

  // Board (board.ts): an open-addressing hash table from packed coordinates (cellKey) to a cell
  // value, sized for every tile and frontier cell a game can have, so it never fills and never
  // rehashes; a cell's slot never moves.
  cellKey!: Int32Array;
  cell!: Uint16Array;
  nPlaced = 0;
  pType!: Uint16Array;
  pRot!: Uint8Array;
  pX!: Int16Array;
  pY!: Int16Array;
  segBase!: Int16Array;
  /** [p] the board slot (see cellIndex) of placement p. */
  pSlot!: Int32Array;
  minX = 0;
  maxX = 0;
  minY = 0;
  maxY = 0;
  /** Per placement: tiles in the 8 cells around it (a cloister or garden is complete at 8). */
  around!: Uint8Array;
  /** Per placement: bit d set while the cell across its edge d is empty (a frontier cell). */
  pOpen!: Uint8Array;
  /**
   * [p*4+d] the board slot (see cellIndex) of the cell across edge d of placement p: it holds a
   * tile or a frontier cell from the moment p is placed, so its slot never changes.
   */
  nbSlot!: Int32Array;

  // Frontier: empty cells next to a tile
  front!: Int32Array;
  frontX!: Int16Array;
  frontY!: Int16Array;
  /**
   * Per frontier cell, what its neighbours demand (see DEMAND_UNIT), as `TileTables.fitRotations`
   * indexes it. Kept up to date as tiles are placed, so that one lookup tests a tile.
   */
  frontDemand!: Uint16Array;
  /** [i*4+d] placement index of frontier cell i's neighbour across edge d, or -1. */
  frontNb!: Int16Array;
  nFront = 0;

  /** State words of the rule modules (see Ruleset.slots), copied with the kernel. */
  slots!: Int32Array;
  /** Figures without an owner (figures.ts, Ruleset.neutrals): the placement each stands on, or -1 off the board. */
  nTile!: Int16Array;
  /** The figure (index in the figure list) each figure without an owner stands beside, or -1. */
  nBeside!: Int16Array;
  /** Whether a land tile was drawn (a `'first-land'` start tile stays first until then). */
  landStarted = false;

  // Feature segments (features.ts): a union-find whose roots carry the aggregates
  nSeg = 0;
  parent!: Int16Array;
  size!: Int16Array;
  kind!: Uint8Array;
  open!: Int16Array;
  pennants!: Int16Array;
  /** Two attribute words per segment (see Ruleset.attrs), summed at the root. */
  attr!: Int32Array;
  occupied!: Uint8Array;
  /** Bit per player holding a figure that counts for majority on the feature (at its root). */
  owners!: Uint8Array;
  next!: Int16Array;
  segTile!: Int16Array;
  segLocal!: Uint8Array;

  // Figures on the board (figures.ts), in the order deployed
  nMeeples = 0;
  mSeg!: Int16Array;
  mOwner!: Uint8Array;
  mKind!: Uint8Array;
  /** [player * 8 + kind] figures of the player that count for majority on features of that kind. */
  held!: Int16Array;
  /**
   * [figure * players + player] for a kind with one figure per player (the abbot, the builder, the
   * pig): the segment under the player's figure, or -1 while it is in the supply (see soleSeg).
   */
  sole!: Int16Array;

  // Players and turn (turn.ts)
  score!: Int32Array;
  /** Figures in each player's supply: [figure * players + player]; followers come first. */
  supply!: Int16Array;
  /** Tokens of the rule modules (e.g. goods): [kind * players + player]. */
  tokens!: Int16Array;
  current = 0;
  turn = 0;
  /** The current player plays an extra tile this turn (see Ruleset.keepsTurn). */
  extraTurn = false;
  /** Which keepsTurn hook gave that extra tile (its index in Ruleset.keepsTurn), or -1. */
  extraBy = -1;
  /** The step of the turn (see turn.ts): PHASE_TILE, PHASE_ACTION, or PHASE_DRAW between turns. */
  phase = PHASE_TILE;
  /** During the action step: the placement index of the tile just placed; else -1. */
  placed = -1;
  /** During the action step: the keepsTurn hook that gives an extra tile once the turn is over, or -1. */
  keeps = -1;
  finished = false;
  /**
   * A log its owner keeps in the kernel's buffer, so that a clone copies it with everything else
   * (the engine's history): move codes, the tile type each played, and how many are written.
   */
  moveLog!: Int32Array;
  moveLogTile!: Uint16Array;
  /** [0] how many, [1…] the tiles of the 3 × 3 cells around the tile just placed, row by row (placeTile, scored at the end of its turn). */
  near!: Int16Array;
  logged = 0;

  // Tiles to draw (draw.ts)
  bag!: Uint16Array;
  bagPos = 0;
  /** Tiles set aside during a draw, just below bag[bagPos] (Ruleset.putBack); 0 between moves. */
  aside = 0;
  bagLen = 0;
  /**
   * A replay of recorded draws: the tile types to draw, in order (-1: whichever lies on top), or
   * null to draw the bag as it lies (every game and playout). Never cloned.
   */
  script: Int16Array | null = null;
  scriptPos = 0;
  /** The first draw of `script` that could not be made (its tile was not in the bag, or the script had ended), or -1. */
  scriptMiss = -1;
  currentType = -1;
  discarded!: Uint16Array;
  nDiscarded = 0;
  /**
   * With hands (handSize > 0, hands.ts): [player * handSize + i] the tiles of each hand, in the
   * order drawn, and how many each holds. The current tile is then the first of the current
   * player's hand, except while a move of another tile of the hand is listed or played.
   */
  hands!: Uint16Array;
  handLen!: Uint8Array;

  /** The rotations of the current tile that sampleAt draws from (placement.ts). */
  sampleRots = 0;

  /** An independent copy. */
  clone(): Kernel {
    return create.cloneKernel(this);
  }
  /** Whether `other` has this kernel's layout (same tile set, players and figures), so that copyFrom works. */
  sameShape(other: Kernel): boolean {
    // Kernels of one shape share their layout (make.ts).
    return this.tables === other.tables && this.layout === other.layout;
  }
  /**
   * Makes this kernel a copy of `from`, a kernel of the same shape (see sameShape), reusing this
   * kernel's memory: no allocation.
   */
  copyFrom(from: Kernel): void {
    create.copyKernel(this, from);
  }
  /** Replaces the rules (on a kernel the caller owns, e.g. a fresh clone). */
  setRules(rules: KernelRules): void {
    (this as { rules: KernelRules }).rules = rules;
  }

  // ---------------------------------------------------------------------------------------------
  // What other layers call: each is documented where it lives.

  // Playing (turn.ts, draw.ts, hands.ts) and the moves (moves.ts, placement.ts, actions.ts)
  begin(random: () => number, log: KernelEvent[] | null, first = -1): void {
    turn.begin(this, random, log, first);
  }
  play(code: number, log: KernelEvent[] | null): void {
    turn.play(this, code, log);
  }
  playStep(code: number, log: KernelEvent[] | null, act = false): void {
    turn.playStep(this, code, log, act);
  }
  draw(log: KernelEvent[] | null): void {
    turn.draw(this, log);
  }
  drawNext(log: KernelEvent[] | null): void {
    draw.drawNext(this, log);
  }
  dealHands(log: KernelEvent[] | null): void {
    this.rules.ruleset.hand?.deal(this, log);
  }
  drawIntoHand(player: number, log: KernelEvent[] | null): boolean {
    return hands.drawIntoHand(this, player, log);
  }
  drawFittingIntoHand(log: KernelEvent[] | null): boolean {
    return hands.drawFittingIntoHand(this, log);
  }
  giveUpHand(log: KernelEvent[] | null): void {
    hands.giveUpHand(this, log);
  }
  settleAside(drewOne: boolean, log: KernelEvent[] | null): void {
    hands.settleAside(this, drewOne, log);
  }
  finish(log: KernelEvent[] | null): void {
    turn.finish(this, log);
  }
  legalMoveCodes(out: Int32Array, cell = -1): number {
    return moves.legalMoveCodes(this, out, cell);
  }
  sampleSpan(): number {
    return placement.sampleSpan(this, this.phase === PHASE_TILE);
  }
  sampleAt(u: number): number {
    return placement.sampleAt(this, u);
  }
  actionCodes(out: Int32Array): number {
    return actions.actionCodes(this, out, 0);
  }
  /** Opens a module's step (from its action or another of its steps): the turn goes on there. */
  openStep(step: number): void {
    turn.openStep(this, step);
  }
  mayAct(t: number): boolean {
    return actions.mayAct(this, t);
  }
  checkPlacement(t: number, q: number, x: number, y: number): number {
    return placement.checkPlacement(this, t, q, x, y);
  }
  forEachPlacement(t: number, visit: ((x: number, y: number, q: number) => void) | null, limit = Infinity): number {
    return placement.forEachPlacement(this, t, visit, limit);
  }
  canPlaceAnywhere(t: number): boolean {
    return placement.canPlaceAnywhere(this, t);
  }
  handCount(player: number): number {
    return hands.handCount(this, player);
  }
  handTile(player: number, i: number): number {
    return hands.handTile(this, player, i);
  }

  // Setting up a position (set-position.ts, place.ts, figures.ts) and what rule modules change
  setPlayer(player: number, extraBy = -1): void {
    position.setPlayer(this, player, extraBy);
  }
  setCurrentTile(t: number): void {
    position.setCurrentTile(this, t);
  }
  setScore(player: number, points: number): void {
    position.setScore(this, player, points);
  }
  setSupply(player: number, figure: number, n: number): void {
    position.setSupply(this, player, figure, n);
  }
  setHand(player: number, tiles: ArrayLike<number>): void {
    position.setHand(this, player, tiles);
  }
  setBag(drawn: ArrayLike<number>, left: ArrayLike<number>): void {
    position.setBag(this, drawn, left);
  }
  addDiscarded(t: number): void {
    position.addDiscarded(this, t);
  }
  setLandStarted(): void {
    position.setLandStarted(this);
  }
  setScript(script: Int16Array | null): void {
    position.setScript(this, script);
  }
  setSlot(i: number, value: number): void {
    position.setSlot(this, i, value);
  }
  clearMoveLog(): void {
    position.clearMoveLog(this);
  }
  logMove(code: number, tile: number): void {
    position.logMove(this, code, tile);
  }
  placeTile(t: number, q: number, x: number, y: number): number {
    return place.placeTile(this, t, q, x, y);
  }
  openCell(x: number, y: number): number {
    return board.openCell(this, x, y);
  }
  deploy(p: number, local: number, owner: number, figure: number): void {
    figures.deploy(this, p, local, owner, figure);
  }
  takeFigure(i: number, toSupply: boolean, log: KernelEvent[] | null): void {
    figures.takeFigure(this, i, toSupply, log);
  }
  placeNeutral(n: number, p: number, beside = -1): void {
    figures.placeNeutral(this, n, p, beside);
  }
  liftNeutral(n: number): void {
    figures.liftNeutral(this, n);
  }
  /** The placement figure n without an owner stands on, or -1 off the board. */
  neutralTile(n: number): number {
    return this.nTile[n] as number;
  }
  /** The figure (index in the figure list) figure n without an owner stands beside, or -1. */
  neutralBeside(n: number): number {
    return this.nBeside[n] as number;
  }
  figuresOnTile(p: number, out: Int32Array): number {
    return figures.figuresOnTile(this, p, out);
  }
  addTokens(player: number, g: number, n: number): void {
    figures.addTokens(this, player, g, n);
  }
  closeEdge(p: number, d: number): void {
    features.closeEdge(this, p, d);
  }
  fillAround(p: number, n: number): void {
    board.fillAround(this, p, n);
  }

  // Reading the board (board.ts, features.ts, figures.ts)
  tileAt(x: number, y: number): number {
    return board.tileAt(this, x, y);
  }
  frontierIndex(x: number, y: number): number {
    return board.frontierIndex(this, x, y);
  }
  frontierX(i: number): number {
    return board.frontierX(this, i);
  }
  frontierY(i: number): number {
    return board.frontierY(this, i);
  }
  frontierDemand(i: number): number {
    return board.frontierDemand(this, i);
  }
  neighbourEdgeKind(x: number, y: number, d: number): number {
    return board.neighbourEdgeKind(this, x, y, d);
  }
  emptyAround(p: number, out: Int32Array): number {
    return board.emptyAround(this, p, out);
  }
  neighbours(p: number): number {
    return board.neighbours(this, p);
  }
  segmentOf(p: number, local: number): number {
    return board.segmentOf(this, p, local);
  }
  find(s: number): number {
    return features.find(this, s);
  }
  kindOf(s: number): number {
    return features.kindOf(this, s);
  }
  openOf(r: number): number {
    return features.openOf(this, r);
  }
  pennantsOf(r: number): number {
    return features.pennantsOf(this, r);
  }
  attrOf(r: number, w: number): number {
    return features.attrOf(this, r, w);
  }
  segmentTile(s: number): number {
    return features.segmentTile(this, s);
  }
  extends(p: number, s: number, mask: number): boolean {
    return features.extendsFeature(this, p, s, mask);
  }
  distinctTiles(r: number): number {
    return features.distinctTiles(this, r);
  }
  members(r: number): number[] {
    return features.members(this, r);
  }
  oldest(r: number): number {
    return features.oldest(this, r);
  }
  tilePositions(r: number): Position[] {
    return features.tilePositions(this, r);
  }
  citiesOfField(r: number, roots: Int32Array, firstSeg: Int32Array): number {
    return features.citiesOfField(this, r, roots, firstSeg);
  }
  openCells(r: number, out: Int32Array): number {
    return features.openCells(this, r, out);
  }
  borderingCities(r: number): number[] {
    return features.borderingCities(this, r);
  }
  /** Figures on the feature rooted at r. */
  figuresOn(r: number): number {
    return this.occupied[r] as number;
  }
  /** Whether `player` holds the feature rooted at r with a figure that counts for majority. */
  holds(r: number, player: number): boolean {
    return (((this.owners[r] as number) >> player) & 1) !== 0;
  }
  inSupply(player: number, figure: number): number {
    return figures.inSupply(this, player, figure);
  }
  soleSeg(owner: number, figure: number): number {
    return figures.soleSeg(this, owner, figure);
  }
  figureOf(owner: number, figure: number): number {
    return figures.figureOf(this, owner, figure);
  }
  tokensOf(player: number, g: number): number {
    return figures.tokensOf(this, player, g);
  }
  strength(r: number): Int32Array {
    return figures.strength(this, r);
  }

  // Scoring (scoring.ts, farm.ts) and records for the API (records.ts)
  featureValue(r: number, complete: boolean, distinct = -1): number {
    return scoring.featureValue(this, r, complete, distinct);
  }
  finalScoring(into: Int32Array, log: KernelEvent[] | null, features = true): void {
    scoring.finalScoring(this, into, log, features);
  }
  farmGraph(): FarmGraph {
    return farm.farmGraph(this);
  }
  /** How many farm graphs kernels of this shape have built: it changes when farmGraph runs. */
  get farmBuilds(): number {
    return this.scratch.gens.farm;
  }
  /** Working space of the numeric farmer rules (the API's farmer functions share it). */
  get farmScratch(): Scratch['farmScratch'] {
    return this.scratch.farmScratch;
  }
  /** The last farm graph built (by any kernel of this shape) with the root of each of its fields and cities. */
  get lastFarm(): LastFarm {
    return this.scratch.farmView;
  }
  spotOf(s: number): { x: number; y: number; at: Spot } {
    return records.spotOf(this, s);
  }
  ref(r: number): FeatureRef {
    return records.ref(this, r);
  }
  scoreRecord(r: number, complete: boolean, points: number, w: Int32Array, best: number, final: boolean, recall: number): ScoreRecord {
    return records.scoreRecord(this, r, complete, points, w, best, final, recall);
  }
  spotFeature(t: number, q: number, si: number): number {
    return records.spotFeature(this, t, q, si);
  }
}

export type { LastFarm } from './scratch.js';
