import { DX, DY, HALF_PARTNER, type Position, SPOT_COUNT, SPOTS, type Spot } from '../core/geometry.js';
import {
  DEMAND_UNIT,
  DEMANDS,
  demandAt,
  DRAW_LAND,
  K_CITY,
  K_CLOISTER,
  K_FIELD,
  K_GARDEN,
  K_ROAD,
  MAXF,
  SIDE_PARTNER,
  SIDES,
  type TileTables,
} from './tables.js';
import { completedValue, finalValue, majority } from './scoring.js';
import {
  ACTION_RECALL,
  MOVE_FIGURE_SHIFT,
  MOVE_SLOT_SHIFT,
  MOVE_SPOT_SHIFT,
  moveAction,
  moveFigure,
  moveQ,
  moveSlot,
  moveSpot,
  moveX,
  moveY,
  MOVE_COORD_OFFSET,
  MOVE_ROTATION_SHIFT,
  MOVE_X_SHIFT,
  MOVE_Y_SHIFT,
  packMove,
  ROTATION_CODES,
  ROTATION_COUNT,
} from '../core/move-code.js';
import type { Ruleset } from './ruleset.js';
import { type FarmGraph, type FarmScratch, newFarmScratch } from './farm-graph.js';
import type { FeatureRef, KernelEvent, ScoreRecord } from './log.js';

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
export type FieldScoring = (kernel: Kernel, into: Int32Array, log: KernelEvent[] | null) => void;

/** The follower, figure kind 0 in every game; other kinds come from rule modules (see FigureTable). */
export const FIGURE_FOLLOWER = 0;

/** The phase of a turn that places a tile; the only phase of the base game (see Kernel.phase). */
export const PHASE_PLACE = 0;

/** Cell values: 0 empty, 1..FRONTIER-1 placement index + 1, FRONTIER+i position i in the frontier list. */
const FRONTIER = 0x8000;

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

type ArrayCtor =
  | Uint8ArrayConstructor
  | Int8ArrayConstructor
  | Uint16ArrayConstructor
  | Int16ArrayConstructor
  | Uint32ArrayConstructor
  | Int32ArrayConstructor;
type Layout = [name: keyof Places, ctor: ArrayCtor, length: number][];
/** A number for each array of the kernel's buffer: its byte offset, or its length. */
type Places = Readonly<
  Record<
    | 'cellKey'
    | 'cell'
    | 'pType'
    | 'pRot'
    | 'pX'
    | 'pY'
    | 'segBase'
    | 'pSlot'
    | 'front'
    | 'frontX'
    | 'frontY'
    | 'frontDemand'
    | 'frontNb'
    | 'nbSlot'
    | 'around'
    | 'pOpen'
    | 'parent'
    | 'size'
    | 'kind'
    | 'open'
    | 'pennants'
    | 'attr'
    | 'occupied'
    | 'owners'
    | 'next'
    | 'segTile'
    | 'segLocal'
    | 'mSeg'
    | 'mOwner'
    | 'mKind'
    | 'held'
    | 'sole'
    | 'score'
    | 'supply'
    | 'tokens'
    | 'slots'
    | 'bag'
    | 'discarded'
    | 'hands'
    | 'handLen'
    | 'moveLog'
    | 'moveLogTile',
    number
  >
>;

/**
 * The mutable rules kernel: one game in typed arrays. Placement, merging (union-find over feature
 * segments), completion and scoring live here and only here. Methods that take a `log` push
 * descriptive events into it when it is not null, and allocate nothing when it is null.
 *
 * Nothing here checks legality unless its name says so (`checkPlacement`, `freeFeatures`): the
 * callers validate first.
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
  private readonly hashBits!: number;
  /**
   * An upper bound on the number of legal moves in any position of this game: per placement (a
   * frontier cell turned four ways), the placement alone, each figure kind on each feature, and an
   * action.
   */
  readonly maxMoves!: number;
  /** Tiles each player holds in hand (Ruleset.handSize), or 0: each turn draws its tile. */
  readonly handSize!: number;

  // Board: an open-addressing hash table from packed coordinates (cellKey) to a cell value, sized
  // for every tile and frontier cell a game can have, so it never fills and never rehashes; a
  // cell's slot never moves.
  private cellKey!: Int32Array;
  private cell!: Uint16Array;
  nPlaced = 0;
  pType!: Uint16Array;
  pRot!: Uint8Array;
  pX!: Int16Array;
  pY!: Int16Array;
  private segBase!: Int16Array;
  /** [p] the board slot (see cellIndex) of placement p. */
  private pSlot!: Int32Array;
  minX = 0;
  maxX = 0;
  minY = 0;
  maxY = 0;

  // Frontier: empty cells next to a tile
  private front!: Int32Array;
  private frontX!: Int16Array;
  private frontY!: Int16Array;
  /**
   * Per frontier cell, what its neighbours demand (see DEMAND_UNIT), as `TileTables.fitRotations`
   * indexes it. Kept up to date as tiles are placed, so that one lookup tests a tile.
   */
  private frontDemand!: Uint16Array;
  /** [i*4+d] placement index of frontier cell i's neighbour across edge d, or -1. */
  private frontNb!: Int16Array;
  nFront = 0;
  /** Per placement: tiles in the 8 cells around it (a cloister or garden is complete at 8). */
  private around!: Uint8Array;
  /** Per placement: bit d set while the cell across its edge d is empty (a frontier cell). */
  private pOpen!: Uint8Array;
  /**
   * [p*4+d] the board slot (see cellIndex) of the cell across edge d of placement p: it holds a
   * tile or a frontier cell from the moment p is placed, so its slot never changes.
   */
  private nbSlot!: Int32Array;

  /** State words of the rule modules (see Ruleset.slots), copied with the kernel. */
  slots!: Int32Array;
  /** Whether a land tile was drawn (a `'first-land'` start tile stays first until then). */
  landStarted = false;

  // Feature segments (union-find)
  nSeg = 0;
  private parent!: Int16Array;
  private size!: Int16Array;
  private kind!: Uint8Array;
  private open!: Int16Array;
  private pennants!: Int16Array;
  /** Two attribute words per segment (see Ruleset.attrs), summed at the root. */
  private attr!: Int32Array;
  private occupied!: Uint8Array;
  /** Bit per player holding a figure that counts for majority on the feature (at its root). */
  private owners!: Uint8Array;
  private next!: Int16Array;
  private segTile!: Int16Array;
  private segLocal!: Uint8Array;

  // Figures on the board, in the order deployed
  nMeeples = 0;
  mSeg!: Int16Array;
  mOwner!: Uint8Array;
  mKind!: Uint8Array;

  /** [player * 8 + kind] figures of the player that count for majority on features of that kind. */
  private held!: Int16Array;
  /**
   * [figure * players + player] for a kind with one figure per player (the abbot, the builder, the
   * pig): the segment under the player's figure, or -1 while it is in the supply (see soleSeg).
   */
  private sole!: Int16Array;

  // Players and turn
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
  /**
   * The step of the turn: PHASE_PLACE (a tile is placed, with its figure or action) in every rule
   * set so far. A module with turns of several steps adds phases after it.
   */
  phase = PHASE_PLACE;
  finished = false;
  /**
   * A log its owner keeps in the kernel's buffer, so that a clone copies it with everything else
   * (the engine's history): move codes, the tile type each played, and how many are written.
   */
  moveLog!: Int32Array;
  moveLogTile!: Uint16Array;
  logged = 0;

  // Tiles to draw
  bag!: Uint16Array;
  bagPos = 0;
  /** Tiles set aside during a draw, just below bag[bagPos] (Ruleset.putBack); 0 between moves. */
  private aside = 0;
  bagLen = 0;
  /**
   * A replay of recorded draws (api/replay.ts): the tile types to draw, in order (-1: whichever
   * lies on top), or null to draw the bag as it lies (every game and playout). Never cloned.
   */
  script: Int16Array | null = null;
  scriptPos = 0;
  /** The first draw of `script` that could not be made (its tile was not in the bag, or the script had ended), or -1. */
  scriptMiss = -1;
  currentType = -1;
  discarded!: Uint16Array;
  nDiscarded = 0;
  /**
   * With hands (handSize > 0): [player * handSize + i] the tiles of each hand, in the order drawn,
   * and how many each holds. The current tile is then the first of the current player's hand,
   * except while a move of another tile of the hand is listed or played.
   */
  hands!: Uint16Array;
  handLen!: Uint8Array;

  // Scratch space, never part of the game: shared by every kernel of one shape (see create) and
  // their clones, which is safe because no kernel method runs while another kernel's method is
  // running. The stamp generations are shared with the arrays they mark.
  private gens!: { stamp: number; root: number; city: number; front: number; farm: number };
  private farm!: FarmGraph;
  /** Working space of the numeric farmer rules. */
  farmScratch!: FarmScratch;
  private cityMark!: Uint32Array;
  private cityIndex!: Int32Array;
  /** [f] the root of field f of the last farm graph built; [c] the root of its city c. */
  private farmFieldRoots!: Int32Array;
  private farmCityRoots!: Int32Array;
  private farmView!: LastFarm;
  private fieldRoots!: Int32Array;
  private fieldFirstSeg!: Int32Array;
  private stamp!: Uint32Array;
  private rootMark!: Uint32Array;
  /** Marks on frontier cells, and the cells marked (see markOwnCells). */
  private frontMark!: Uint32Array;
  private ownCells!: Int32Array;
  private weights!: Int32Array;
  /** [i] the root of the feature under figure i (see figureRoots). */
  private mRoots!: Int32Array;
  /** The placements in the 3 × 3 cells of the last placed tile, row by row (see placeTile). */
  private near!: Int16Array;
  /** Scratch: the tiles beside a cell being placed (placeTile), and its 3 × 3 cells row by row. */
  private nb4!: Int32Array;
  private ring!: Int32Array;
  private nNear = 0;
  /**
   * The frontier cell last read (see readCell): for each of its sides (see SIDES) with a feature
   * across it (`cellSides`), the index in `cellRoot` of that feature's root; the distinct roots;
   * and per root the local features of a tile that touch it (see reach).
   */
  private sideRoot!: Int8Array;
  private cellRoot!: Int32Array;
  private rootFeat!: Int32Array;
  private nCellRoots = 0;
  /** Bits over cellRoot: roots holding a figure; roots holding a meeple of the player (with readCell's `own`). */
  private cellOcc = 0;
  /** Bit j set when side j of the cell last read has a feature beside it (sideRoot[j] is then set). */
  private cellSides = 0;
  private cellOwn = 0;
  private doneRoots!: Int16Array;
  /** Figure kinds the current player may deploy, and their masks on one placement. */
  private active!: Int8Array;
  private masks!: Int32Array;
  /** Figure kinds the current player may take back, and the tiles those figures stand on. */
  private recallKinds!: Int8Array;
  private recallTiles!: Int16Array;
  /** How many spots each kind of `active` has (see prepareMoves). */
  private spotCounts!: Int8Array;

  /**
   * A kernel with only the start tile on the board (with `empty`, nothing: a set-up board is
   * placed tile by tile) and an empty bag.
   */
  static create(tables: TileTables, rules: KernelRules, players: number, empty = false): Kernel {
    // Kernels of one shape (rules compiled alike, as many players and followers) share their
    // layout and scratch space: only the first of them builds it.
    let shapes = templates.get(rules.ruleset);
    if (shapes === undefined) {
      shapes = new Map();
      templates.set(rules.ruleset, shapes);
    }
    const shape = `${players}|${rules.meeples}`;
    const template = shapes.get(shape);
    if (template !== undefined && template.tables === tables) {
      const k = new Kernel();
      k.shareConstants(template);
      (k as { rules: KernelRules }).rules = rules;
      k.attach(new ArrayBuffer(template.buffer.byteLength));
      k.setUp(empty);
      return k;
    }
    const k = Kernel.build(tables, rules, players, empty);
    shapes.set(shape, k);
    return k;
  }

  /** A new kernel of a shape not seen yet: its layout and scratch space built anew. */
  private static build(tables: TileTables, rules: KernelRules, players: number, empty: boolean): Kernel {
    // A bit per player in `owners`: the options allow 6 players.
    if (players > 8) throw new RangeError(`a kernel plays at most 8 players, not ${players}`);
    const k = new Kernel();
    const capacity = tables.count.reduce((a, b) => a + b, 0);
    const F = rules.ruleset.figures;
    let segs = 0;
    for (let t = 0; t < tables.types; t++) segs += (tables.count[t] as number) * (tables.nFeat[t] as number);
    let figures = players * rules.meeples + 1;
    for (let f = 1; f < F.kinds; f++) figures += players * (F.perPlayer[f] as number);
    const frontier = capacity * 2 + 4;
    // Tiles and frontier cells at most, in a table at most half full.
    let hashBits = 4;
    while (1 << hashBits < 2 * (capacity + frontier)) hashBits++;
    let nf = 0;
    for (let t = 0; t < tables.types; t++) nf = Math.max(nf, tables.nFeat[t] as number);
    const handSize = rules.ruleset.handSize;
    // With hands, the moves of each distinct tile of a hand.
    const maxMoves = frontier * 4 * (2 + F.kinds * nf) * Math.max(1, handSize);
    Object.assign(k, { tables, rules, players, capacity, segments: segs, hashBits, maxMoves, handSize });
    // Every array of the kernel lives in one buffer, so that a clone is a single copy.
    const layout: Layout = [
      ['cellKey', Int32Array, 1 << hashBits],
      ['cell', Uint16Array, 1 << hashBits],
      ['pType', Uint16Array, capacity],
      ['pRot', Uint8Array, capacity],
      ['pX', Int16Array, capacity],
      ['pY', Int16Array, capacity],
      ['segBase', Int16Array, capacity],
      ['pSlot', Int32Array, capacity],
      ['front', Int32Array, frontier],
      ['frontX', Int16Array, frontier],
      ['frontY', Int16Array, frontier],
      ['frontDemand', Uint16Array, frontier],
      ['frontNb', Int16Array, frontier * 4],
      ['nbSlot', Int32Array, capacity * 4],
      ['around', Uint8Array, capacity],
      ['pOpen', Uint8Array, capacity],
      ['parent', Int16Array, segs],
      ['size', Int16Array, segs],
      ['kind', Uint8Array, segs],
      ['open', Int16Array, segs],
      ['pennants', Int16Array, segs],
      ['attr', Int32Array, 2 * segs],
      ['occupied', Uint8Array, segs],
      ['owners', Uint8Array, segs],
      ['next', Int16Array, segs],
      ['segTile', Int16Array, segs],
      ['segLocal', Uint8Array, segs],
      ['mSeg', Int16Array, figures],
      ['mOwner', Uint8Array, figures],
      ['mKind', Uint8Array, figures],
      ['held', Int16Array, players * 8],
      ['sole', Int16Array, players * F.kinds],
      ['score', Int32Array, players],
      ['supply', Int16Array, players * F.kinds],
      ['tokens', Int16Array, players * rules.ruleset.tokenKinds],
      ['slots', Int32Array, rules.ruleset.slots],
      ['bag', Uint16Array, capacity],
      ['discarded', Uint16Array, capacity],
      ['hands', Uint16Array, players * Math.max(1, handSize)],
      ['handLen', Uint8Array, players],
      ['moveLog', Int32Array, capacity],
      ['moveLogTile', Uint16Array, capacity],
    ];
    let bytes = 0;
    const at: Record<string, number> = {};
    const lengths: Record<string, number> = {};
    for (const [name, ctor, length] of layout) {
      bytes = Math.ceil(bytes / 8) * 8;
      at[name] = bytes;
      lengths[name] = length;
      bytes += length * ctor.BYTES_PER_ELEMENT;
    }
    k.places = { at: at as Places, lengths: lengths as Places };
    k.attach(new ArrayBuffer(bytes));
    k.gens = { stamp: 0, root: 0, city: 0, front: 0, farm: 0 };
    k.farm = {
      players,
      fields: 0,
      cities: 0,
      weight: new Int32Array(figures * players),
      pigs: new Uint8Array(figures * players),
      cityStart: new Int32Array(figures + 1),
      // A field segment borders at most four cities, and a field's list is distinct.
      cityList: new Int32Array(4 * segs),
      complete: new Uint8Array(segs),
    };
    k.farmScratch = newFarmScratch(players, segs);
    k.cityMark = new Uint32Array(segs);
    k.cityIndex = new Int32Array(segs);
    k.farmFieldRoots = new Int32Array(figures);
    k.farmCityRoots = new Int32Array(segs);
    k.farmView = { graph: k.farm, fieldRoots: k.farmFieldRoots, cityRoots: k.farmCityRoots };
    k.fieldRoots = new Int32Array(segs);
    k.fieldFirstSeg = new Int32Array(segs);
    k.stamp = new Uint32Array(capacity);
    k.rootMark = new Uint32Array(segs);
    k.frontMark = new Uint32Array(frontier);
    k.ownCells = new Int32Array(frontier);
    k.weights = new Int32Array(players);
    k.mRoots = new Int32Array(figures);
    k.near = new Int16Array(9);
    k.nb4 = new Int32Array(4);
    k.ring = new Int32Array(9);
    k.sideRoot = new Int8Array(SIDES);
    k.cellRoot = new Int32Array(SIDES);
    k.rootFeat = new Int32Array(SIDES);
    k.doneRoots = new Int16Array(MAXF);
    k.active = new Int8Array(F.kinds);
    k.masks = new Int32Array(F.kinds);
    k.recallKinds = new Int8Array(F.kinds);
    k.recallTiles = new Int16Array(F.kinds);
    k.spotCounts = new Int8Array(F.kinds);
    k.setUp(empty);
    return k;
  }

  /**
   * Fills the players' supplies and places the start tile: a new game's board. A start tile that
   * is drawn (TileSetDef.startDrawn) leaves the board empty, (0, 0) its one open cell; so does
   * `empty` (a set-up board), without the open cell.
   */
  private setUp(empty: boolean): void {
    const F = this.rules.ruleset.figures;
    const P = this.players;
    this.supply.fill(this.rules.meeples, 0, P);
    for (let f = 1; f < F.kinds; f++) this.supply.fill(F.perPlayer[f] as number, f * P, (f + 1) * P);
    this.sole.fill(-1);
    if (empty) return;
    if (this.tables.set.startDrawn === true) this.addFrontier(this.cellIndex(0, 0), 0, 0);
    else this.placeTile(this.tables.startType, 0, 0, 0);
  }

  /** Where each array lives in the buffer, and its length (see build). */
  private places!: { readonly at: Places; readonly lengths: Places };
  private buffer!: ArrayBuffer;
  private bytes!: Uint8Array;

  /** Points every array field at its slice of buffer `b`: one named store each, no loop over names (a clone's cost). */
  private attach(b: ArrayBuffer): void {
    const { at, lengths: n } = this.places;
    this.buffer = b;
    this.bytes = new Uint8Array(b);
    this.cellKey = new Int32Array(b, at.cellKey, n.cellKey);
    this.cell = new Uint16Array(b, at.cell, n.cell);
    this.pType = new Uint16Array(b, at.pType, n.pType);
    this.pRot = new Uint8Array(b, at.pRot, n.pRot);
    this.pX = new Int16Array(b, at.pX, n.pX);
    this.pY = new Int16Array(b, at.pY, n.pY);
    this.segBase = new Int16Array(b, at.segBase, n.segBase);
    this.pSlot = new Int32Array(b, at.pSlot, n.pSlot);
    this.front = new Int32Array(b, at.front, n.front);
    this.frontX = new Int16Array(b, at.frontX, n.frontX);
    this.frontY = new Int16Array(b, at.frontY, n.frontY);
    this.frontDemand = new Uint16Array(b, at.frontDemand, n.frontDemand);
    this.frontNb = new Int16Array(b, at.frontNb, n.frontNb);
    this.nbSlot = new Int32Array(b, at.nbSlot, n.nbSlot);
    this.around = new Uint8Array(b, at.around, n.around);
    this.pOpen = new Uint8Array(b, at.pOpen, n.pOpen);
    this.parent = new Int16Array(b, at.parent, n.parent);
    this.size = new Int16Array(b, at.size, n.size);
    this.kind = new Uint8Array(b, at.kind, n.kind);
    this.open = new Int16Array(b, at.open, n.open);
    this.pennants = new Int16Array(b, at.pennants, n.pennants);
    this.attr = new Int32Array(b, at.attr, n.attr);
    this.occupied = new Uint8Array(b, at.occupied, n.occupied);
    this.owners = new Uint8Array(b, at.owners, n.owners);
    this.next = new Int16Array(b, at.next, n.next);
    this.segTile = new Int16Array(b, at.segTile, n.segTile);
    this.segLocal = new Uint8Array(b, at.segLocal, n.segLocal);
    this.mSeg = new Int16Array(b, at.mSeg, n.mSeg);
    this.mOwner = new Uint8Array(b, at.mOwner, n.mOwner);
    this.mKind = new Uint8Array(b, at.mKind, n.mKind);
    this.held = new Int16Array(b, at.held, n.held);
    this.sole = new Int16Array(b, at.sole, n.sole);
    this.score = new Int32Array(b, at.score, n.score);
    this.supply = new Int16Array(b, at.supply, n.supply);
    this.tokens = new Int16Array(b, at.tokens, n.tokens);
    this.slots = new Int32Array(b, at.slots, n.slots);
    this.bag = new Uint16Array(b, at.bag, n.bag);
    this.discarded = new Uint16Array(b, at.discarded, n.discarded);
    this.hands = new Uint16Array(b, at.hands, n.hands);
    this.handLen = new Uint8Array(b, at.handLen, n.handLen);
    this.moveLog = new Int32Array(b, at.moveLog, n.moveLog);
    this.moveLogTile = new Uint16Array(b, at.moveLogTile, n.moveLogTile);
  }

  /** An independent copy. */
  clone(): Kernel {
    const k = new Kernel();
    // Field by field rather than Object.assign: the copy keeps this class's shape, and it is fast.
    k.shareConstants(this);
    k.copyScalars(this);
    k.attach(this.buffer.slice(0));
    return k;
  }

  /** Whether `other` has this kernel's layout (same tile set, players and figures), so that copyFrom works. */
  sameShape(other: Kernel): boolean {
    return this.tables === other.tables && this.players === other.players && this.buffer.byteLength === other.buffer.byteLength;
  }

  /**
   * Makes this kernel a copy of `from`, a kernel of the same shape (see sameShape), reusing this
   * kernel's memory: no allocation.
   */
  copyFrom(from: Kernel): void {
    this.bytes.set(from.bytes);
    this.copyScalars(from);
    (this as { rules: KernelRules }).rules = from.rules;
  }

  private copyScalars(from: Kernel): void {
    this.nPlaced = from.nPlaced;
    this.minX = from.minX;
    this.maxX = from.maxX;
    this.minY = from.minY;
    this.maxY = from.maxY;
    this.nFront = from.nFront;
    this.landStarted = from.landStarted;
    this.nSeg = from.nSeg;
    this.nMeeples = from.nMeeples;
    this.current = from.current;
    this.turn = from.turn;
    this.extraTurn = from.extraTurn;
    this.extraBy = from.extraBy;
    this.phase = from.phase;
    this.finished = from.finished;
    this.bagPos = from.bagPos;
    this.bagLen = from.bagLen;
    this.currentType = from.currentType;
    this.nDiscarded = from.nDiscarded;
    this.logged = from.logged;
  }

  private shareConstants(from: Kernel): void {
    // One store a field (an object literal handed to Object.assign costs a clone twice as much).
    const self = this as unknown as { tables: TileTables; rules: KernelRules } & Record<
      'players' | 'capacity' | 'segments' | 'hashBits' | 'maxMoves' | 'handSize',
      number
    >;
    self.tables = from.tables;
    self.rules = from.rules;
    self.players = from.players;
    self.capacity = from.capacity;
    self.segments = from.segments;
    self.hashBits = from.hashBits;
    self.maxMoves = from.maxMoves;
    self.handSize = from.handSize;
    this.places = from.places;
    this.gens = from.gens;
    this.farm = from.farm;
    this.farmScratch = from.farmScratch;
    this.cityMark = from.cityMark;
    this.cityIndex = from.cityIndex;
    this.farmFieldRoots = from.farmFieldRoots;
    this.farmCityRoots = from.farmCityRoots;
    this.farmView = from.farmView;
    this.fieldRoots = from.fieldRoots;
    this.fieldFirstSeg = from.fieldFirstSeg;
    this.stamp = from.stamp;
    this.rootMark = from.rootMark;
    this.frontMark = from.frontMark;
    this.ownCells = from.ownCells;
    this.weights = from.weights;
    this.mRoots = from.mRoots;
    this.near = from.near;
    this.nb4 = from.nb4;
    this.ring = from.ring;
    this.sideRoot = from.sideRoot;
    this.cellRoot = from.cellRoot;
    this.rootFeat = from.rootFeat;
    this.doneRoots = from.doneRoots;
    this.active = from.active;
    this.masks = from.masks;
    this.recallKinds = from.recallKinds;
    this.recallTiles = from.recallTiles;
    this.spotCounts = from.spotCounts;
  }

  /** Replaces the rules (on a kernel the caller owns, e.g. a fresh clone). */
  setRules(rules: KernelRules): void {
    (this as { rules: KernelRules }).rules = rules;
  }

  // ---------------------------------------------------------------------------------------------
  // Board geometry

  /**
   * The slot of cell (x, y) in the board's hash table: where it is, or where it goes (then its
   * value is 0). Fibonacci hashing of the packed coordinates, linear probing.
   */
  private cellIndex(x: number, y: number): number {
    const key = (x << 16) ^ (y & 0xffff);
    const mask = (1 << this.hashBits) - 1;
    let h = Math.imul(key, 0x9e3779b1) >>> (32 - this.hashBits);
    while (this.cell[h] !== 0 && this.cellKey[h] !== key) h = (h + 1) & mask;
    return h;
  }

  /** Writes cell value v at slot c, the slot of (x, y). */
  private setCell(c: number, x: number, y: number, v: number): void {
    this.cellKey[c] = (x << 16) ^ (y & 0xffff);
    this.cell[c] = v;
  }

  private inReach(x: number, y: number): boolean {
    return x >= this.minX - 1 && x <= this.maxX + 1 && y >= this.minY - 1 && y <= this.maxY + 1;
  }

  /** Placement index of the tile at (x, y), or -1. */
  tileAt(x: number, y: number): number {
    if (!this.inReach(x, y)) return -1;
    const v = this.cell[this.cellIndex(x, y)] as number;
    return v !== 0 && v < FRONTIER ? v - 1 : -1;
  }

  /** The first segment index of a placed tile; its features follow in local order. */
  segmentOf(p: number, local: number): number {
    return (this.segBase[p] as number) + local;
  }

  /**
   * The frontier index of the empty cell (x, y), made a frontier cell first when it is not one (a
   * set-up board places tiles anywhere, and the placement rules read frontier cells). Assumes no
   * tile lies there.
   */
  openCell(x: number, y: number): number {
    const c = this.cellIndex(x, y);
    const v = this.cell[c] as number;
    if (v >= FRONTIER) return v - FRONTIER;
    this.addFrontier(c, x, y);
    return this.nFront - 1;
  }

  /** Adds the empty cell c at (x, y) to the frontier, with the demands of the tiles around it. */
  private addFrontier(c: number, x: number, y: number): void {
    const i = this.newFrontier(c, x, y);
    let demand = 0;
    for (let d = 0; d < 4; d++) {
      const v = this.cell[this.cellIndex(x + (DX[d] as number), y + (DY[d] as number))] as number;
      const tile = v !== 0 && v < FRONTIER;
      this.frontNb[i * 4 + d] = tile ? v - 1 : -1;
      if (!tile) continue;
      const np = v - 1;
      const ntr = ((this.pType[np] as number) * 4 + (this.pRot[np] as number)) * 4;
      demand += (1 + (this.tables.edgeKind[ntr + ((d + 2) & 3)] as number)) * (DEMAND_UNIT[d] as number);
    }
    this.frontDemand[i] = demand;
  }

  private removeFrontier(i: number): void {
    const last = --this.nFront;
    if (i !== last) {
      const c = this.front[last] as number;
      this.front[i] = c;
      this.frontX[i] = this.frontX[last] as number;
      this.frontY[i] = this.frontY[last] as number;
      this.frontDemand[i] = this.frontDemand[last] as number;
      // Element by element: copyWithin's call costs more than four copies.
      for (let d = 0; d < 4; d++) this.frontNb[i * 4 + d] = this.frontNb[last * 4 + d] as number;
      this.cell[c] = FRONTIER + i;
    }
  }

  /**
   * Checks a placement: PLACE_OK, PLACE_OCCUPIED, PLACE_NOT_ADJACENT, PLACE_MISMATCH + edge for
   * the first edge (N, E, S, W order) whose kind differs from its neighbour's, or a river code.
   */
  checkPlacement(t: number, q: number, x: number, y: number): number {
    const i = this.frontierIndex(x, y);
    if (i >= 0) return this.fitsFrontier(t, q, i);
    return this.tileAt(x, y) >= 0 ? PLACE_OCCUPIED : PLACE_NOT_ADJACENT;
  }

  /** The index in the frontier of the empty cell at (x, y) next to the board, or -1. */
  frontierIndex(x: number, y: number): number {
    if (!this.inReach(x, y)) return -1;
    const v = this.cell[this.cellIndex(x, y)] as number;
    return v >= FRONTIER ? v - FRONTIER : -1;
  }

  /** x of frontier cell i. */
  frontierX(i: number): number {
    return this.frontX[i] as number;
  }

  /** y of frontier cell i. */
  frontierY(i: number): number {
    return this.frontY[i] as number;
  }

  /**
   * The placement rule for frontier cell i (an empty cell next to the board): PLACE_OK,
   * PLACE_MISMATCH + the first edge whose kind differs from its neighbour's, or a module's reason
   * (PLACE_RULE + …), for validation. Legal placements and the discard test ask the same
   * question without the reason (`fitRotations`, then allowedRotations for constrained tiles): a
   * placement rule's `rotations` and `check` must agree.
   */
  private fitsFrontier(t: number, q: number, i: number): number {
    const T = this.tables;
    const demand = this.frontDemand[i] as number;
    if (((T.fitRotations[t * DEMANDS + demand] as number) & (1 << q)) === 0) {
      const tr = (t * 4 + q) * 4;
      let d = 0;
      while (demandAt(demand, d) === 0 || demandAt(demand, d) - 1 === T.edgeKind[tr + d]) d++;
      return PLACE_MISMATCH + d;
    }
    const rules = this.rules.ruleset.placement;
    for (let j = 0; j < rules.length; j++) {
      const rule = rules[j] as (typeof rules)[number];
      if (rule.applies[t] === 0) continue;
      const why = rule.check(this, t, q, i);
      if (why !== 0) return PLACE_RULE + 16 * j + why;
    }
    return PLACE_OK;
  }

  /**
   * The frontier cell the placement rules leave tile type t, when they leave one at most (see
   * PlacementRule.cell): that cell, -2 for none, or -1 when they may leave several.
   */
  private ruleCell(t: number): number {
    const rules = this.rules.ruleset.placement;
    let only = -1;
    for (let j = 0; j < rules.length; j++) {
      const rule = rules[j] as (typeof rules)[number];
      if (rule.applies[t] === 0 || rule.cell === undefined) continue;
      const c = rule.cell(this, t);
      if (c === -2 || (c >= 0 && only >= 0 && c !== only)) return -2;
      if (c >= 0) only = c;
    }
    return only;
  }

  /** Rotations of tile type t that every placement rule allows at frontier cell i. */
  private allowedRotations(t: number, i: number): number {
    const rules = this.rules.ruleset.placement;
    let mask = 15;
    for (let j = 0; j < rules.length; j++) {
      const rule = rules[j] as (typeof rules)[number];
      if (rule.applies[t] !== 0) mask &= rule.rotations(this, t, i);
    }
    return mask;
  }

  /** Edge kind code of the neighbour across edge d of (x, y), or -1 when there is none. */
  neighbourEdgeKind(x: number, y: number, d: number): number {
    const np = this.tileAt(x + (DX[d] as number), y + (DY[d] as number));
    if (np < 0) return -1;
    const ntr = ((this.pType[np] as number) * 4 + (this.pRot[np] as number)) * 4;
    return this.tables.edgeKind[ntr + ((d + 2) & 3)] as number;
  }

  /**
   * Calls `visit(x, y, q)` for every legal placement of tile type t, one rotation per distinct
   * board, and returns how many there are; stops after `limit`.
   */
  forEachPlacement(t: number, visit: ((x: number, y: number, q: number) => void) | null, limit = Infinity): number {
    const rots = this.tables.distinctRotations[t] as number;
    const fit = this.tables.fitRotations;
    const constrained = this.rules.ruleset.constrained[t] !== 0;
    const only = constrained ? this.ruleCell(t) : -1;
    if (only === -2) return 0;
    let n = 0;
    for (let i = Math.max(0, only); i < (only < 0 ? this.nFront : only + 1) && n < limit; i++) {
      // The placement rule of fitsFrontier, without the reason.
      let fits = (fit[t * DEMANDS + (this.frontDemand[i] as number)] as number) & rots;
      if (fits !== 0 && constrained) fits &= this.allowedRotations(t, i);
      if (fits === 0) continue;
      const x = this.frontX[i] as number;
      const y = this.frontY[i] as number;
      for (let q = 0; q < 4 && n < limit; q++) {
        if ((fits & (1 << q)) === 0) continue;
        n++;
        if (visit !== null) visit(x, y, q);
      }
    }
    return n;
  }

  /**
   * Writes every legal move of the current player as a move code (see `core/move-code.ts`) into
   * `out` and returns how many. For each legal placement: the placement alone, then feature by
   * feature (local order) one move per figure kind in supply that may stand there (kind order:
   * follower first, then the modules' kinds), then taking back each figure that may be taken back.
   * Allocates nothing. `out` must hold at least `maxMoves` codes; entries past the count may be
   * written too (placements are written four a cell). With `only`, the moves at that frontier
   * index alone (see frontierIndex).
   */
  legalMoveCodes(out: Int32Array, only = -1): number {
    if (this.finished) return 0;
    if (this.handSize === 0) {
      // The most common turn of a game: no figure to deploy or take back, no rule for the tile.
      if (only < 0 && this.rules.ruleset.constrained[this.currentType] === 0 && this.figureless())
        return this.placementCodes(out, 0, 0, this.nFront, this.tables.distinctRotations[this.currentType] as number);
      return this.tileMoves(out, 0, only);
    }
    // A hand: the moves of each distinct tile in it, its first slot in the codes.
    const me = this.current;
    const base = me * this.handSize;
    const hands = this.hands;
    const held = this.currentType;
    let n = 0;
    for (let s = 0; s < (this.handLen[me] as number); s++) {
      const t = hands[base + s] as number;
      let seen = false;
      for (let j = 0; j < s; j++) if (hands[base + j] === t) seen = true;
      if (seen) continue;
      this.currentType = t;
      const from = n;
      n = this.tileMoves(out, n, only);
      if (s > 0) for (let i = from; i < n; i++) out[i] = (out[i] as number) | (s << MOVE_SLOT_SHIFT);
    }
    this.currentType = held;
    return n;
  }

  /** The moves of the current tile (see legalMoveCodes), written into `out` from index `n`; returns the new count. */
  private tileMoves(out: Int32Array, from: number, only: number): number {
    if (this.rules.ruleset.constrained[this.currentType] !== 0) {
      // A placement rule that leaves one cell at most (the river's open end): the others have no move.
      const c = this.ruleCell(this.currentType);
      if (c === -2 || (c >= 0 && only >= 0 && c !== only)) return from;
      if (c >= 0) only = c;
    }
    this.prepareMoves(true);
    // `only`: the moves at that frontier cell alone (a check of one move need not list them all).
    return only < 0 ? this.movesAt(out, from, 0, this.nFront, 15) : this.movesAt(out, from, only, only + 1, 15);
  }

  // What prepareMoves found for the current player and tile, read by movesAt.
  /** Figure kinds in `active` (their spots in `masks`). */
  private mvKinds = 0;
  /** Figures that may be taken back, in recallKinds and recallTiles. */
  private mvRecalls = 0;
  /** Where kinds that join their owner's figures may stand (feature kind bits the player holds), 0 when none is in play. */
  private mvOwnKinds = 0;
  /** The spots of kinds that stand on free features, and of kinds that join the player's. */
  private mvFreeSpots = 0;
  private mvOwnSpots = 0;
  /** How many spots of the tile, counted kind by kind, the kinds of each sort have (slots of a random draw). */
  private mvFreeSlots = 0;
  private mvOwnSlots = 0;
  /** With only kinds that join the player's figures: the frontMark generation of the cells that can take one, else 0. */
  private mvOwnGen = 0;

  /**
   * Finds, for the current player and tile, the figure kinds in supply that may stand somewhere on
   * the tile with the features where they may (kinds joining the player's own figures need one on
   * the board), and the figures the player may take back: what movesAt reads. With `markCells`,
   * when only such kinds are left, the cells where one can stand are marked first (worth it for
   * a listing of every cell, not for a few draws).
   */
  private prepareMoves(markCells: boolean): void {
    const T = this.tables;
    const F = this.rules.ruleset.figures;
    const t = this.currentType;
    const P = this.players;
    const me = this.current;
    const active = this.active;
    const activeSpots = this.masks;
    const counts = this.spotCounts;
    let na = 0;
    let ownKinds = 0;
    let freeSpots = 0;
    let ownSpots = 0;
    let freeSlots = 0;
    let ownSlots = 0;
    // Figures the player may take back: one per kind (compile.ts), with the tile it stands on.
    let nr = 0;
    for (let f = 0; f < F.kinds; f++) {
      // A kind of a module not in this game (f > 0 with no figures per player) plays no part.
      if (f > 0 && F.perPlayer[f] === 0) continue;
      // Only when one of the kind has left the supply is there one on the board to look for.
      if (F.recall[f] !== 0) {
        const s = this.sole[f * P + me] as number;
        if (s >= 0) {
          this.recallKinds[nr] = f;
          this.recallTiles[nr++] = this.segTile[s] as number;
        }
      }
      if ((this.supply[f * P + me] as number) <= 0) continue;
      let spots = F.spots[f * T.types + t] as number;
      if (spots === 0) continue;
      if (F.joinsOwn[f] !== 0) {
        // A kind that joins the player's figures stands only on features of the kinds where the
        // player has one on the board.
        const stands = F.stands[f] as number;
        let held = 0;
        for (let b = stands; b !== 0; b &= b - 1) {
          const k = 31 - Math.clz32(b & -b);
          if ((this.held[me * 8 + k] as number) > 0) held |= 1 << k;
        }
        if (held !== stands) {
          spots = 0;
          for (let b = held; b !== 0; b &= b - 1) spots |= T.kindMask[t * 8 + 31 - Math.clz32(b & -b)] as number;
          if (spots === 0) continue;
        }
        ownKinds |= held;
        ownSpots |= spots;
        ownSlots += counts[na] = bitCount(spots);
      } else {
        freeSpots |= spots;
        freeSlots += counts[na] = bitCount(spots);
      }
      activeSpots[na] = spots;
      active[na++] = f;
    }
    this.mvKinds = na;
    this.mvRecalls = nr;
    this.mvOwnKinds = ownKinds;
    this.mvFreeSpots = freeSpots;
    this.mvOwnSpots = ownSpots;
    this.mvFreeSlots = freeSlots;
    this.mvOwnSlots = ownSlots;
    // With only kinds that join the player's figures to deploy, only the cells next to an edge of one
    // of the player's features can take one: those cells are marked.
    this.mvOwnGen = markCells && na > 0 && freeSpots === 0 ? this.markOwnCells(me, ownKinds) : 0;
  }

  /**
   * The moves of the current tile at frontier cells first to last - 1 in the rotations `rotations`
   * (a mask), as prepareMoves found the figures, written into `out` from `n`; returns the new count.
   */
  private movesAt(out: Int32Array, from: number, first: number, last: number, rotations: number): number {
    const T = this.tables;
    const t = this.currentType;
    const rots = (T.distinctRotations[t] as number) & rotations;
    // The placement rule (see fitsFrontier), inlined: this loop is the hot path of playouts.
    const constrained = this.rules.ruleset.constrained[t] !== 0;
    const na = this.mvKinds;
    const nr = this.mvRecalls;
    if (na === 0 && nr === 0 && !constrained) return this.placementCodes(out, from, first, last, rots);
    const joinsOwn = this.rules.ruleset.figures.joinsOwn;
    const freeSpots = this.mvFreeSpots;
    const ownSpots = this.mvOwnSpots;
    const own = this.mvOwnKinds !== 0;
    const ownGen = this.mvOwnGen;
    const active = this.active;
    const activeSpots = this.masks;
    const recallKinds = this.recallKinds;
    const recallTiles = this.recallTiles;
    const frontDemand = this.frontDemand;
    const frontX = this.frontX;
    const frontY = this.frontY;
    const frontMark = this.frontMark;
    const fit = T.fitRotations;
    const featSpot = T.featSpot;
    const all = (1 << (T.nFeat[t] as number)) - 1;
    let n = from;
    for (let i = first; i < last; i++) {
      let fits = (fit[t * DEMANDS + (frontDemand[i] as number)] as number) & rots;
      if (fits === 0) continue;
      if (constrained) {
        fits &= this.allowedRotations(t, i);
        if (fits === 0) continue;
      }
      const x = frontX[i] as number;
      const y = frontY[i] as number;
      const cell = ((x + MOVE_COORD_OFFSET) << MOVE_X_SHIFT) | ((y + MOVE_COORD_OFFSET) << MOVE_Y_SHIFT);
      const deploys = ownGen !== 0 ? frontMark[i] === ownGen : na > 0;
      let occ = 0;
      let ownRoots = 0;
      // With no figure on the board every feature is free: nothing around the cell to read.
      if (deploys && this.nMeeples > 0) {
        this.readCell(i, own ? this.current : -1);
        occ = freeSpots === 0 ? 0 : this.cellOcc;
        ownRoots = ownSpots === 0 ? 0 : this.cellOwn;
      }
      // The figures that may be taken back with a tile here (see recallBlocked).
      let recalls = 0;
      for (let r = 0; r < nr; r++) if (!this.completesAround(recallTiles[r] as number, x, y)) recalls |= 1 << r;
      // Rotations, then features, by their set bits, lowest first.
      for (let rest = fits; rest !== 0; rest &= rest - 1) {
        const q = 31 - Math.clz32(rest & -rest);
        const plain = cell | (q << MOVE_ROTATION_SHIFT);
        out[n++] = plain;
        if (deploys) {
          // Figures, feature by feature (local order), kind by kind: free features for most
          // kinds, features holding the player's meeple for kinds that join their owner's.
          if ((occ | ownRoots) !== 0) this.touchRoots(t, q);
          const free = freeSpots === 0 ? 0 : occ === 0 ? all : all & ~this.closure(occ);
          const mine = ownRoots === 0 ? 0 : this.closure(ownRoots);
          const spots = (t * 4 + q) * MAXF;
          if (na === 1) {
            const f = active[0] as number;
            const kind = f << MOVE_FIGURE_SHIFT;
            for (let b = (joinsOwn[f] !== 0 ? mine : free) & (activeSpots[0] as number); b !== 0; b &= b - 1) {
              const l = 31 - Math.clz32(b & -b);
              out[n++] = plain | (((featSpot[spots + l] as number) + 1) << MOVE_SPOT_SHIFT) | kind;
            }
          } else {
            for (let b = (free & freeSpots) | (mine & ownSpots); b !== 0; b &= b - 1) {
              const bit = b & -b;
              const l = 31 - Math.clz32(bit);
              const at = plain | (((featSpot[spots + l] as number) + 1) << MOVE_SPOT_SHIFT);
              for (let j = 0; j < na; j++) {
                const f = active[j] as number;
                if (((joinsOwn[f] !== 0 ? mine : free) & (activeSpots[j] as number) & bit) !== 0) out[n++] = at | (f << MOVE_FIGURE_SHIFT);
              }
            }
          }
        }
        for (let r = 0; recalls >> r !== 0; r++)
          if ((recalls & (1 << r)) !== 0) out[n++] = packMove(x, y, q, -1, recallKinds[r] as number, ACTION_RECALL);
      }
    }
    return n;
  }

  /** Whether the player to move has no figure in supply and none on the board to take back. */
  private figureless(): boolean {
    const F = this.rules.ruleset.figures;
    const P = this.players;
    const me = this.current;
    for (let f = 0; f < F.kinds; f++) {
      const held = this.supply[f * P + me] as number;
      if (held > 0 || (F.recall[f] !== 0 && held < (F.perPlayer[f] as number))) return false;
    }
    return true;
  }

  /**
   * The placements alone of the current tile at frontier cells first to last - 1, written into
   * `out` from `n`: each cell's four codes without a branch, the first `fits` of them kept (a
   * branch a cell would guess wrong half the time). Returns the new count.
   */
  private placementCodes(out: Int32Array, n: number, first: number, last: number, rots: number): number {
    const T = this.tables;
    const t = this.currentType;
    const fit = T.fitRotations;
    const tb = t * DEMANDS;
    const frontDemand = this.frontDemand;
    const frontX = this.frontX;
    const frontY = this.frontY;
    const codes = ROTATION_CODES;
    const counts = ROTATION_COUNT;
    let count = n;
    for (let i = first; i < last; i++) {
      const fits = (fit[tb + (frontDemand[i] as number)] as number) & rots;
      const cell =
        (((frontX[i] as number) + MOVE_COORD_OFFSET) << MOVE_X_SHIFT) | (((frontY[i] as number) + MOVE_COORD_OFFSET) << MOVE_Y_SHIFT);
      const r = fits << 2;
      out[count] = cell | (codes[r] as number);
      out[count + 1] = cell | (codes[r + 1] as number);
      out[count + 2] = cell | (codes[r + 2] as number);
      out[count + 3] = cell | (codes[r + 3] as number);
      count += counts[fits] as number;
    }
    return count;
  }

  // Drawing one legal move at random without listing them all, by rejection: a frontier cell, one
  // of the tile's distinct rotations and a slot below a bound on one placement's moves are drawn
  // together, as one number below sampleSpan(); sampleAt(u) gives the move in that slot of that
  // placement, or -1 when the tile does not fit there or the placement has no such move. Every
  // legal move is drawn by exactly one u, so a draw that stands is uniform over the legal moves.
  // The draws come in two parts: every frontier cell with the placement alone, the kinds that
  // stand on free features and the figures taken back; then, for the kinds that join their owner's
  // figures (Traders & Builders' builder and pig), only the cells beside the player's features,
  // where those kinds may stand at all (a tenth of the frontier or less): slots there would
  // otherwise make most draws miss.
  private sampleRots = 0;
  private sampleCount = 0;
  /** Slots of a placement in the first part, and the draws of that part. */
  private sampleBound = 0;
  private sampleFirst = 0;
  /** Slots 1 to sampleFigures - 1 of the first part: a spot of a kind that stands on free features each (see sampleAt); then the recalls. */
  private sampleFigures = 0;
  /** Slots of a placement in the second part (a spot of a kind that joins the player's figures each), and its cells. */
  private sampleOwnSlots = 0;
  private nOwnCells = 0;

  /**
   * The number of draws u for sampleAt this turn, or 0 when moves must be listed to draw one (a
   * hand of tiles, or a tile with a placement rule of a module).
   */
  sampleSpan(): number {
    if (this.finished || this.handSize !== 0) return 0;
    const t = this.currentType;
    if (this.rules.ruleset.constrained[t] !== 0) return 0;
    const rots = this.tables.distinctRotations[t] as number;
    const count = ROTATION_COUNT[rots] as number;
    this.sampleRots = rots;
    this.sampleCount = count;
    this.sampleBound = this.prepareSample();
    this.sampleFirst = this.nFront * count * this.sampleBound;
    return this.sampleFirst + this.nOwnCells * count * this.sampleOwnSlots;
  }

  /** The move drawn by u (0 ≤ u < sampleSpan()), or -1 (see sampleSpan). */
  sampleAt(u: number): number {
    const count = this.sampleCount;
    let i: number;
    let slot: number;
    let j: number;
    let own = false;
    if (u < this.sampleFirst) {
      const nf = this.nFront;
      i = u % nf;
      const rest = (u - i) / nf;
      j = rest % count;
      slot = (rest - j) / count;
    } else {
      const v = u - this.sampleFirst;
      const no = this.nOwnCells;
      const c = v % no;
      i = this.ownCells[c] as number;
      const rest = (v - c) / no;
      j = rest % count;
      slot = (rest - j) / count;
      own = true;
    }
    const rotation = ROTATION_CODES[this.sampleRots * 4 + j] as number;
    const q = rotation >>> MOVE_ROTATION_SHIFT;
    const t = this.currentType;
    if (((this.tables.fitRotations[t * DEMANDS + (this.frontDemand[i] as number)] as number) & (1 << q)) === 0) return -1;
    const x = this.frontX[i] as number;
    const y = this.frontY[i] as number;
    const plain = ((x + MOVE_COORD_OFFSET) << MOVE_X_SHIFT) | ((y + MOVE_COORD_OFFSET) << MOVE_Y_SHIFT) | rotation;
    // Slot 0 is the placement alone; then a figure on a feature (see prepareSample); then taking
    // a figure back (as movesAt finds them).
    if (!own && slot === 0) return plain;
    if (own || slot < this.sampleFigures) {
      // The slot's kind, among the kinds of its part, and its spot: the kinds one after another,
      // each spot of a kind in local order.
      const joinsOwn = this.rules.ruleset.figures.joinsOwn;
      let rest = own ? slot : slot - 1;
      let j = 0;
      let f = this.active[0] as number;
      while ((joinsOwn[f] !== 0) !== own || rest >= (this.spotCounts[j] as number)) {
        if ((joinsOwn[f] !== 0) === own) rest -= this.spotCounts[j] as number;
        f = this.active[++j] as number;
      }
      let b = this.masks[j] as number;
      for (; rest > 0; rest--) b &= b - 1;
      const l = 31 - Math.clz32(b & -b);
      if (!this.mayStand(i, t, q, f, l)) return -1;
      return plain | (((this.tables.featSpot[(t * 4 + q) * MAXF + l] as number) + 1) << MOVE_SPOT_SHIFT) | (f << MOVE_FIGURE_SHIFT);
    }
    const r = slot - this.sampleFigures;
    if (this.completesAround(this.recallTiles[r] as number, x, y)) return -1;
    return packMove(x, y, q, -1, this.recallKinds[r] as number, ACTION_RECALL);
  }

  /**
   * Whether a figure of kind f may stand on local feature l of the current tile turned q at
   * frontier cell i, as movesAt finds it: a free feature, or for a kind that joins its owner's
   * figures one that would join a feature holding the player's meeple.
   */
  private mayStand(i: number, t: number, q: number, f: number, l: number): boolean {
    const joins = this.rules.ruleset.figures.joinsOwn[f] !== 0;
    // With no figure on the board every feature is free.
    if (this.nMeeples === 0) return !joins;
    if (joins) {
      this.readCell(i, this.current);
      return (this.reach(t, q, this.cellOwn) & (1 << l)) !== 0;
    }
    this.readCell(i, -1);
    return (this.reach(t, q, this.cellOcc) & (1 << l)) === 0;
  }

  /**
   * Runs prepareMoves and lays out the slots of one placement (see sampleSpan): in the first part
   * the placement, each spot of the tile for each kind that stands on free features, each figure
   * that may be taken back; in the second each spot for each kind that joins the player's figures,
   * whose cells it lists. Returns the first part's count.
   */
  private prepareSample(): number {
    this.prepareMoves(false);
    this.sampleFigures = 1 + this.mvFreeSlots;
    this.sampleOwnSlots = this.mvOwnSlots;
    this.nOwnCells = 0;
    if (this.mvOwnSlots > 0) this.markOwnCells(this.current, this.mvOwnKinds);
    return this.sampleFigures + this.mvRecalls;
  }

  /** Whether tile type t fits anywhere (forEachPlacement's test, stopping at the first cell). */
  canPlaceAnywhere(t: number): boolean {
    if (this.rules.ruleset.constrained[t] !== 0) return this.forEachPlacement(t, null, 1) > 0;
    const rots = this.tables.distinctRotations[t] as number;
    const fit = this.tables.fitRotations;
    const tb = t * DEMANDS;
    const frontDemand = this.frontDemand;
    for (let i = 0; i < this.nFront; i++) if (((fit[tb + (frontDemand[i] as number)] as number) & rots) !== 0) return true;
    return false;
  }

  // ---------------------------------------------------------------------------------------------
  // Union-find

  // Every segment points straight at its root: a union relabels the smaller feature's segments
  // (its member list), so that find is one read. Each segment is relabelled at most log2(n) times.

  find(s: number): number {
    return this.parent[s] as number;
  }

  private union(a: number, b: number): number {
    let ra = this.parent[a] as number;
    let rb = this.parent[b] as number;
    if (ra === rb) return ra;
    if ((this.size[ra] as number) < (this.size[rb] as number)) {
      const t = ra;
      ra = rb;
      rb = t;
    }
    const parent = this.parent;
    const next = this.next;
    let m = rb;
    do {
      parent[m] = ra;
      m = next[m] as number;
    } while (m !== rb);
    this.size[ra] = (this.size[ra] as number) + (this.size[rb] as number);
    this.open[ra] = (this.open[ra] as number) + (this.open[rb] as number);
    this.pennants[ra] = (this.pennants[ra] as number) + (this.pennants[rb] as number);
    this.attr[2 * ra] = (this.attr[2 * ra] as number) + (this.attr[2 * rb] as number);
    this.attr[2 * ra + 1] = (this.attr[2 * ra + 1] as number) + (this.attr[2 * rb + 1] as number);
    this.occupied[ra] = (this.occupied[ra] as number) + (this.occupied[rb] as number);
    this.owners[ra] = (this.owners[ra] as number) | (this.owners[rb] as number);
    // Splice the two circular member lists into one.
    const na = next[ra] as number;
    next[ra] = next[rb] as number;
    next[rb] = na;
    return ra;
  }

  /** Feature kind code of a segment. */
  kindOf(s: number): number {
    return this.kind[s] as number;
  }

  /** Open edges of the feature rooted at r (roads and cities). */
  openOf(r: number): number {
    return this.open[r] as number;
  }

  /** Pennants of the city rooted at r. */
  pennantsOf(r: number): number {
    return this.pennants[r] as number;
  }

  /** Word w (0 or 1) of the attributes of the feature rooted at r (see Ruleset.attrs). */
  attrOf(r: number, w: number): number {
    return this.attr[2 * r + w] as number;
  }

  /** Tokens of kind g that `player` holds. */
  tokensOf(player: number, g: number): number {
    return this.tokens[g * this.players + player] as number;
  }

  /** Gives `player` n tokens of kind g. */
  addTokens(player: number, g: number, n: number): void {
    const at = g * this.players + player;
    this.tokens[at] = (this.tokens[at] as number) + n;
  }

  /** Placement index of a segment's tile. */
  segmentTile(s: number): number {
    return this.segTile[s] as number;
  }

  // ---------------------------------------------------------------------------------------------
  // Placing

  /** Places tile type t, turned q quarter turns, at (x, y), merging its features with its neighbours'. Returns the placement index. */
  placeTile(t: number, q: number, x: number, y: number): number {
    const T = this.tables;
    const p = this.nPlaced++;
    this.pType[p] = t;
    this.pRot[p] = q;
    this.pX[p] = x;
    this.pY[p] = y;
    if (p === 0) {
      this.minX = this.maxX = x;
      this.minY = this.maxY = y;
    } else {
      if (x < this.minX) this.minX = x;
      if (x > this.maxX) this.maxX = x;
      if (y < this.minY) this.minY = y;
      if (y > this.maxY) this.maxY = y;
    }
    // The tiles beside the cell, as its frontier entry lists them. An empty cell that is not in the
    // frontier (a set-up board places tiles anywhere) has none: every empty cell beside a tile is.
    const c = this.cellIndex(x, y);
    const v = this.cell[c] as number;
    const nb = this.nb4;
    if (v >= FRONTIER) {
      const i = v - FRONTIER;
      for (let d = 0; d < 4; d++) nb[d] = this.frontNb[i * 4 + d] as number;
      this.removeFrontier(i);
    } else nb[0] = nb[1] = nb[2] = nb[3] = -1;
    this.setCell(c, x, y, p + 1);
    this.pSlot[p] = c;

    const base = this.nSeg;
    this.segBase[p] = base;
    const nf = T.nFeat[t] as number;
    const attrs = this.rules.ruleset.attrs;
    for (let f = 0; f < nf; f++) {
      const s = base + f;
      const tf = t * MAXF + f;
      this.parent[s] = s;
      this.size[s] = 1;
      this.kind[s] = T.featKind[tf] as number;
      this.open[s] = T.featEdges[tf] as number;
      this.pennants[s] = T.featPennants[tf] as number;
      this.attr[2 * s] = attrs[2 * tf] as number;
      this.attr[2 * s + 1] = attrs[2 * tf + 1] as number;
      this.occupied[s] = 0;
      this.owners[s] = 0;
      this.next[s] = s;
      this.segTile[s] = p;
      this.segLocal[s] = f;
    }
    this.nSeg += nf;

    const tr = t * 4 + q;
    let empty = 0;
    for (let d = 0; d < 4; d++) {
      const od = (d + 2) & 3;
      const np = nb[d] as number;
      if (np < 0) {
        empty |= 1 << d;
        // An empty cell: in the frontier already (it touches another tile), or new to it, with
        // this tile its only neighbour.
        const nx = x + (DX[d] as number);
        const ny = y + (DY[d] as number);
        const nc = this.cellIndex(nx, ny);
        this.nbSlot[p * 4 + d] = nc;
        const nv = this.cell[nc] as number;
        const i = nv >= FRONTIER ? nv - FRONTIER : this.newFrontier(nc, nx, ny);
        this.frontDemand[i] = (this.frontDemand[i] as number) + (1 + (T.edgeKind[tr * 4 + d] as number)) * (DEMAND_UNIT[od] as number);
        this.frontNb[i * 4 + od] = p;
        continue;
      }
      this.nbSlot[p * 4 + d] = this.pSlot[np] as number;
      this.pOpen[np] = (this.pOpen[np] as number) & ~(1 << od);
      const nbase = this.segBase[np] as number;
      const ntr = (this.pType[np] as number) * 4 + (this.pRot[np] as number);
      const ef = T.edgeFeat[tr * 4 + d] as number;
      if (ef >= 0) {
        const root = this.union(base + ef, nbase + (T.edgeFeat[ntr * 4 + od] as number));
        // Each matched road or city edge closes one open end on either side (a loop too).
        this.open[root] = (this.open[root] as number) - 2;
      }
      for (let hh = 0; hh < 2; hh++) {
        const h = 2 * d + hh;
        const hf = T.halfFeat[tr * 8 + h] as number;
        if (hf < 0) continue;
        const nhf = T.halfFeat[ntr * 8 + (HALF_PARTNER[h] as number)] as number;
        if (nhf >= 0) this.union(base + hf, nbase + nhf);
      }
    }
    this.pOpen[p] = empty;
    // The 3 × 3 cells row by row: each tile around counts this one, and this one counts them. A
    // corner is the cell beside an edge neighbour (now a tile or in the frontier) on the other axis.
    const ring = this.ring;
    ring[1] = nb[0] as number;
    ring[3] = nb[3] as number;
    ring[5] = nb[1] as number;
    ring[7] = nb[2] as number;
    ring[0] = this.besideOf(p, 0, 3);
    ring[2] = this.besideOf(p, 0, 1);
    ring[6] = this.besideOf(p, 2, 3);
    ring[8] = this.besideOf(p, 2, 1);
    let around = 0;
    let nNear = 0;
    for (let j = 0; j < 9; j++) {
      if (j === 4) {
        this.near[nNear++] = p;
        continue;
      }
      const np = ring[j] as number;
      if (np < 0) continue;
      this.around[np] = (this.around[np] as number) + 1;
      this.near[nNear++] = np;
      around++;
    }
    this.around[p] = around;
    this.nNear = nNear;
    const rules = this.rules.ruleset.placement;
    for (let j = 0; j < rules.length; j++) {
      const rule = rules[j] as (typeof rules)[number];
      if (rule.applies[t] !== 0) rule.placed(this, p);
    }
    const placed = this.rules.ruleset.placed;
    for (let j = 0; j < placed.length; j++) (placed[j] as (typeof placed)[number])(this, p);
    return p;
  }

  /**
   * The placement index of the tile in the cell beside the edge neighbour d of placement p, across
   * its edge e (a corner of p's 3 × 3 cells), or -1: read from the neighbour, a tile or a frontier cell.
   */
  private besideOf(p: number, d: number, e: number): number {
    const v = this.cell[this.nbSlot[p * 4 + d] as number] as number;
    if (v >= FRONTIER) return this.frontNb[(v - FRONTIER) * 4 + e] as number;
    const w = this.cell[this.nbSlot[(v - 1) * 4 + e] as number] as number;
    return w !== 0 && w < FRONTIER ? w - 1 : -1;
  }

  /** Adds the empty cell c at (x, y), with no tile beside it yet, to the frontier; returns its index. */
  private newFrontier(c: number, x: number, y: number): number {
    const i = this.nFront++;
    this.front[i] = c;
    this.frontX[i] = x;
    this.frontY[i] = y;
    this.setCell(c, x, y, FRONTIER + i);
    this.frontDemand[i] = 0;
    for (let d = 0; d < 4; d++) this.frontNb[i * 4 + d] = -1;
    return i;
  }

  /**
   * Closes edge d of placement p as if a neighbour matched it (for rule modules): the road, city
   * or river at that edge, if any, has one open end less.
   */
  closeEdge(p: number, d: number): void {
    const f = this.tables.edgeFeat[((this.pType[p] as number) * 4 + (this.pRot[p] as number)) * 4 + d] as number;
    if (f < 0) return;
    const r = this.find((this.segBase[p] as number) + f);
    this.open[r] = (this.open[r] as number) - 1;
  }

  /** Counts n more cells around placement p as filled (for rule modules): a cloister or garden is complete at 8. */
  fillAround(p: number, n: number): void {
    this.around[p] = (this.around[p] as number) + n;
  }

  /**
   * Bit mask of the local features of tile type t (turned q, at x, y, an empty cell next to the
   * board) that would be free of figures once the tile is placed there: the features a follower
   * may be deployed on. Works without changing the board (see readCell).
   */
  freeFeatures(t: number, q: number, x: number, y: number): number {
    const i = this.frontierIndex(x, y);
    if (i < 0) return 0;
    this.readCell(i, -1);
    return this.freeMask(t, q);
  }

  /**
   * Bit mask of the local features of tile type t (turned q, at x, y, an empty cell next to the
   * board) that would join a feature holding a meeple of `player` (a figure that counts for
   * majority) once the tile is placed there: where figures that join their owner's may go.
   */
  ownFeatures(t: number, q: number, x: number, y: number, player: number): number {
    const i = this.frontierIndex(x, y);
    if (i < 0) return 0;
    this.readCell(i, player);
    return this.reach(t, q, this.cellOwn);
  }

  /**
   * Reads what the tiles around frontier cell i show it: the root of the feature across each of
   * its sides (see SIDES), as an index into a short list of distinct roots (`sideRoot`,
   * `cellRoot`), with `cellOcc` (the roots holding a figure) and, given a `player` (else -1),
   * `cellOwn` (the roots holding a meeple of that player, see owners). A tile placed
   * there does not change these: its rotations are then tried with reach, without the board.
   */
  private readCell(i: number, player: number): void {
    const sideFeat = this.tables.sideFeat;
    const cellRoot = this.cellRoot;
    const sideRoot = this.sideRoot;
    const frontNb = this.frontNb;
    let m = 0;
    let occ = 0;
    let mine = 0;
    let sides = 0;
    for (let d = 0; d < 4; d++) {
      const np = frontNb[i * 4 + d] as number;
      if (np < 0) continue;
      const nsides = ((this.pType[np] as number) * 4 + (this.pRot[np] as number)) * SIDES;
      const nbase = this.segBase[np] as number;
      for (let j = 3 * d; j < 3 * d + 3; j++) {
        const f = sideFeat[nsides + (SIDE_PARTNER[j] as number)] as number;
        if (f < 0) continue;
        const r = this.find(nbase + f);
        let c = 0;
        while (c < m && cellRoot[c] !== r) c++;
        if (c === m) {
          cellRoot[m++] = r;
          if ((this.occupied[r] as number) > 0) {
            occ |= 1 << c;
            if (player >= 0 && (((this.owners[r] as number) >> player) & 1) !== 0) mine |= 1 << c;
          }
        }
        sideRoot[j] = c;
        sides |= 1 << j;
      }
    }
    this.nCellRoots = m;
    this.cellSides = sides;
    this.cellOcc = occ;
    this.cellOwn = mine;
  }

  /**
   * The local features of tile type t turned q, placed on the cell last read (readCell), whose
   * feature would then hold one of the roots in `seed` (bits over cellRoot).
   */
  private reach(t: number, q: number, seed: number): number {
    if (seed === 0) return 0;
    this.touchRoots(t, q);
    return this.closure(seed);
  }

  /** For tile type t turned q on the cell last read: the local features touching each root (rootFeat). */
  private touchRoots(t: number, q: number): void {
    const sideFeat = this.tables.sideFeat;
    const sideRoot = this.sideRoot;
    const rootFeat = this.rootFeat;
    for (let i = 0; i < this.nCellRoots; i++) rootFeat[i] = 0;
    const sides = (t * 4 + q) * SIDES;
    // The sides with a root beside them (readCell), by their set bits.
    for (let b = this.cellSides; b !== 0; b &= b - 1) {
      const j = 31 - Math.clz32(b & -b);
      const f = sideFeat[sides + j] as number;
      if (f >= 0) {
        const c = sideRoot[j] as number;
        rootFeat[c] = (rootFeat[c] as number) | (1 << f);
      }
    }
  }

  /**
   * The features (see touchRoots) whose feature would hold one of the roots in `seed`. The tile's
   * features merge through every root they touch: two of its roads meeting the same road become one.
   */
  private closure(seed: number): number {
    const m = this.nCellRoots;
    const rootFeat = this.rootFeat;
    let feats = 0;
    let reached = seed;
    for (let c = 0; c < m; c++) if ((seed & (1 << c)) !== 0) feats |= rootFeat[c] as number;
    for (let grown = true; grown; ) {
      grown = false;
      for (let c = 0; c < m; c++) {
        if ((reached & (1 << c)) !== 0 || ((rootFeat[c] as number) & feats) === 0) continue;
        reached |= 1 << c;
        feats |= rootFeat[c] as number;
        grown = true;
      }
    }
    return feats;
  }

  /** The features of tile type t turned q, on the cell last read, that would be free of figures. */
  private freeMask(t: number, q: number): number {
    const all = (1 << (this.tables.nFeat[t] as number)) - 1;
    return this.cellOcc === 0 ? all : all & ~this.reach(t, q, this.cellOcc);
  }

  /**
   * Marks, with a new generation of frontMark which it returns, the frontier cells across an edge
   * that a segment touches of a feature holding a meeple of `player` (majority weight > 0) whose
   * kind is among `kinds` (bits over feature kind codes), each feature walked once, and lists them
   * in ownCells (nOwnCells of them).
   */
  private markOwnCells(player: number, kinds: number): number {
    const weight = this.rules.ruleset.figures.weight;
    const rootGen = this.nextRootMark();
    this.gens.front = nextGeneration(this.frontMark, this.gens.front);
    const gen = this.gens.front;
    const edges = this.tables.featEdgeMask;
    let n = 0;
    for (let m = 0; m < this.nMeeples; m++) {
      if (this.mOwner[m] !== player || weight[this.mKind[m] as number] === 0) continue;
      const r = this.find(this.mSeg[m] as number);
      if (((kinds >> (this.kind[r] as number)) & 1) === 0 || this.rootMark[r] === rootGen) continue;
      this.rootMark[r] = rootGen;
      let s = r;
      do {
        const p = this.segTile[s] as number;
        const open = this.pOpen[p] as number;
        // Most tiles of a large feature have tiles all around.
        if (open !== 0) {
          const tr = (this.pType[p] as number) * 4 + (this.pRot[p] as number);
          for (let b = (edges[tr * MAXF + (this.segLocal[s] as number)] as number) & open; b !== 0; b &= b - 1) {
            const d = 31 - Math.clz32(b & -b);
            const i = (this.cell[this.nbSlot[p * 4 + d] as number] as number) - FRONTIER;
            if (this.frontMark[i] !== gen) {
              this.frontMark[i] = gen;
              this.ownCells[n++] = i;
            }
          }
        }
        s = this.next[s] as number;
      } while (s !== r);
    }
    this.nOwnCells = n;
    return gen;
  }

  /** Puts a figure of `owner` on local feature `local` of placement p, from the owner's supply. */
  deploy(p: number, local: number, owner: number, figure: number): void {
    const s = (this.segBase[p] as number) + local;
    const r = this.find(s);
    this.occupied[r] = (this.occupied[r] as number) + 1;
    if ((this.rules.ruleset.figures.weight[figure] as number) > 0) {
      this.owners[r] = (this.owners[r] as number) | (1 << owner);
      const h = owner * 8 + (this.kind[r] as number);
      this.held[h] = (this.held[h] as number) + 1;
    }
    const i = this.nMeeples++;
    this.sole[figure * this.players + owner] = s;
    this.mSeg[i] = s;
    this.mOwner[i] = owner;
    this.mKind[i] = figure;
    const at = figure * this.players + owner;
    this.supply[at] = (this.supply[at] as number) - 1;
  }

  /** Figures of kind `figure` in the supply of `player`. */
  inSupply(player: number, figure: number): number {
    return this.supply[figure * this.players + player] as number;
  }

  /**
   * The segment under `owner`'s figure of kind `figure`, a kind with one figure per player (the
   * abbot, the builder, the pig), or -1 while it is in the supply. One read, no scan.
   */
  soleSeg(owner: number, figure: number): number {
    return this.sole[figure * this.players + owner] as number;
  }

  /** Index in the figure list of the first figure of kind `figure` of `owner`, or -1 when none is on the board. */
  figureOf(owner: number, figure: number): number {
    for (let i = 0; i < this.nMeeples; i++) if (this.mOwner[i] === owner && this.mKind[i] === figure) return i;
    return -1;
  }

  /**
   * Whether a tile at (x, y) completes the cloister-like feature of `owner`'s figure of kind
   * `figure` (one that may be taken back, see FigureTable.recall). Such a figure may be taken back
   * only while its feature is incomplete (wikicarpedia, The Abbot, clarification of 11/2020): a tile
   * that completes it scores it as completed instead.
   */
  recallBlocked(owner: number, figure: number, x: number, y: number): boolean {
    const i = this.figureOf(owner, figure);
    return i >= 0 && this.completesAround(this.segTile[this.mSeg[i] as number] as number, x, y);
  }

  /** Whether a tile at (x, y) fills the last of the 8 cells around placement p (its cloister or garden is then complete). */
  private completesAround(p: number, x: number, y: number): boolean {
    const px = this.pX[p] as number;
    const py = this.pY[p] as number;
    return x - px <= 1 && px - x <= 1 && y - py <= 1 && py - y <= 1 && this.around[p] === 7;
  }

  /**
   * Instead of deploying, `owner` takes back the figure of kind `figure`, and its feature scores at
   * once as in the final scoring (a cloister or garden: 1 + 1 per neighbouring tile, rules-facts §g).
   */
  recall(owner: number, figure: number, log: KernelEvent[] | null): void {
    const i = this.figureOf(owner, figure);
    const s = this.mSeg[i] as number;
    const points = this.featureValue(s, false);
    if (log !== null) {
      const w = this.strength(s);
      log.push({ type: 'scored', score: this.scoreRecord(s, false, points, w, majority(w), false, figure) });
    }
    this.score[owner] = (this.score[owner] as number) + points;
    this.removeFigure(i, log);
  }

  /** Returns figure i of the list to its owner's supply. */
  private removeFigure(i: number, log: KernelEvent[] | null): void {
    const s = this.mSeg[i] as number;
    const owner = this.mOwner[i] as number;
    const fig = this.mKind[i] as number;
    const r = this.find(s);
    this.occupied[r] = (this.occupied[r] as number) - 1;
    this.supply[fig * this.players + owner] = (this.supply[fig * this.players + owner] as number) + 1;
    this.sole[fig * this.players + owner] = -1;
    if (log !== null) log.push({ type: 'returned', owner, figure: fig, seg: s });
    for (let j = i + 1; j < this.nMeeples; j++) {
      this.mSeg[j - 1] = this.mSeg[j] as number;
      this.mOwner[j - 1] = this.mOwner[j] as number;
      this.mKind[j - 1] = this.mKind[j] as number;
    }
    this.nMeeples--;
    const weight = this.rules.ruleset.figures.weight;
    if ((weight[fig] as number) > 0) {
      const h = owner * 8 + (this.kind[r] as number);
      this.held[h] = (this.held[h] as number) - 1;
      // The players still holding the feature.
      let owners = 0;
      for (let j = 0; j < this.nMeeples; j++)
        if ((weight[this.mKind[j] as number] as number) > 0 && this.find(this.mSeg[j] as number) === r)
          owners |= 1 << (this.mOwner[j] as number);
      this.owners[r] = owners;
    }
  }

  // ---------------------------------------------------------------------------------------------
  // A turn

  /**
   * Starts the game (the rule modules' start hooks, e.g. who moves first, unless `first` says),
   * before the first draw: `random` gives 32-bit integers from the game's seed, another source
   * than the bag's.
   */
  begin(random: () => number, log: KernelEvent[] | null, first = -1): void {
    const start = this.rules.ruleset.start;
    for (let j = 0; j < start.length; j++) (start[j] as (typeof start)[number])(this, random, log);
    // A replay without the seed (api/replay.ts) knows who moved first instead.
    if (first >= 0) this.current = first;
    this.dealHands(log);
  }

  /** Draws every hand up to its size, in turn order from the player to move (nothing without hands). */
  dealHands(log: KernelEvent[] | null): void {
    for (let i = 0; i < this.players && this.handSize > 0; i++) this.refill((this.current + i) % this.players, log);
  }

  /**
   * Plays a move code (see `core/move-code.ts`) for the current player: place the current tile,
   * deploy the figure on the feature its spot names or take a figure back, score what the tile
   * completed, pass the turn (or, when a module's keepsTurn says so, give the same player another
   * tile) and draw. The one way moves enter the kernel: the pure
   * API, the engine and the check of saved states all play here. Assumes legality.
   */
  play(code: number, log: KernelEvent[] | null): void {
    if (this.handSize > 0) {
      const mover = this.current;
      this.takeFromHand(moveSlot(code));
      this.playTile(code, log);
      // The hand is drawn back up once the turn is over, a second tile included.
      if (!this.extraTurn) this.refill(mover, log);
      this.nextHand(log);
      return;
    }
    this.playTile(code, log);
    this.drawNext(log);
  }

  /**
   * The part of `play` before the draw: place the current tile, deploy or take a figure back,
   * score, and pass the turn (or keep it for an extra tile). Replaying a saved game calls this, the
   * tiles being known.
   */
  playTile(code: number, log: KernelEvent[] | null): void {
    const t = this.currentType;
    const q = moveQ(code);
    const x = moveX(code);
    const y = moveY(code);
    const si = moveSpot(code);
    const local = si < 0 ? -1 : this.spotFeature(t, q, si);
    const figure = moveFigure(code);
    const p = this.placeTile(t, q, x, y);
    if (log !== null) log.push({ type: 'placed', player: this.current, tile: t, x, y, q });
    // Asked before deploying: a figure deployed now was not there when the tile was placed.
    // An extra tile never gives another: a turn has at most two tiles. The first module (in
    // registry order) whose keepsTurn says so gives it.
    const keeps = this.rules.ruleset.keepsTurn;
    let by = -1;
    if (!this.extraTurn) for (let j = 0; j < keeps.length && by < 0; j++) if ((keeps[j] as (typeof keeps)[number])(this, p)) by = j;
    const again = by >= 0;
    if (local >= 0) {
      this.deploy(p, local, this.current, figure);
      if (log !== null) log.push({ type: 'deployed', player: this.current, figure, seg: (this.segBase[p] as number) + local });
    } else if (moveAction(code) === ACTION_RECALL) this.recall(this.current, figure, log);
    this.scoreCompleted(p, log);
    this.turn++;
    this.extraTurn = again;
    this.extraBy = by;
    if (!again) this.current = (this.current + 1) % this.players;
  }

  /** Whether a feature of placement p among `mask` (local features) belongs to the feature of segment s. */
  extends(p: number, s: number, mask: number): boolean {
    const r = this.find(s);
    const base = this.segBase[p] as number;
    for (let f = 0; mask >> f !== 0; f++) {
      if ((mask & (1 << f)) !== 0 && this.find(base + f) === r) return true;
    }
    return false;
  }

  /**
   * Draws the next tile for the current player. A tile that fits nowhere is put back in the box
   * and the same player draws again (rulebook: "Unplaceable tiles"), or, when a module puts such
   * tiles back (Ruleset.putBack), a land tile is set aside until a tile that fits is drawn and then
   * returned to the bag (river tiles, a pile of their own, leave as The River says); with no tile
   * left the game ends and the final scoring is applied.
   */
  drawNext(log: KernelEvent[] | null): void {
    if (this.handSize > 0) {
      this.nextHand(log);
      return;
    }
    const t = this.drawFitting(log);
    if (t >= 0) {
      this.currentType = t;
      this.returnAside(log);
    } else {
      this.discardAside(log);
      this.finish(log);
    }
  }

  /**
   * Draws until a tile fits and returns it, or -1 when the bag runs out. A tile that fits nowhere
   * leaves the game, or (Ruleset.putBack) a land tile is set aside: `aside` counts the tiles set
   * aside, kept together just below bag[bagPos], until the caller returns them to the bag
   * (returnAside) or, when no tile fit, puts them in the box (discardAside).
   */
  private drawFitting(log: KernelEvent[] | null): number {
    const putBack = this.rules.ruleset.putBack;
    while (this.bagPos < this.bagLen) {
      const t = this.script === null ? (this.bag[this.bagPos++] as number) : this.pull();
      const fits = this.canPlaceAnywhere(t);
      if (log !== null) log.push({ type: 'drew', player: this.current, tile: t, kept: fits });
      if (fits) {
        this.drewLand(t);
        this.belowAside(t);
        return t;
      }
      if (putBack !== null && this.tables.drawClass[t] === DRAW_LAND) this.aside++;
      else this.discard(t, log);
    }
    return -1;
  }

  /**
   * Draws the tile a replay says comes next (see `script`): it is brought to the top of the bag
   * first. A scripted tile not in the bag is noted in `scriptMiss`, and the top tile is drawn.
   */
  private pull(): number {
    const script = this.script as Int16Array;
    const bag = this.bag;
    if (this.scriptPos < script.length) {
      const want = script[this.scriptPos++] as number;
      if (want >= 0 && bag[this.bagPos] !== want) {
        let i = this.bagPos + 1;
        while (i < this.bagLen && bag[i] !== want) i++;
        if (i < this.bagLen) {
          bag[i] = bag[this.bagPos] as number;
          bag[this.bagPos] = want;
        } else if (this.scriptMiss < 0) this.scriptMiss = this.scriptPos - 1;
      }
    } else if (this.scriptMiss < 0) this.scriptMiss = this.scriptPos;
    return bag[this.bagPos++] as number;
  }

  // ---------------------------------------------------------------------------------------------
  // Hands (a house rule: Ruleset.handSize)

  /** Tiles in `player`'s hand. */
  handCount(player: number): number {
    return this.handLen[player] as number;
  }

  /** The tile type in slot i of `player`'s hand. */
  handTile(player: number, i: number): number {
    return this.hands[player * this.handSize + i] as number;
  }

  /** Draws `player`'s hand back up to its size from the bag, without looking at the tiles. */
  private refill(player: number, log: KernelEvent[] | null): void {
    const at = player * this.handSize;
    while ((this.handLen[player] as number) < this.handSize && this.bagPos < this.bagLen) {
      const t = this.script === null ? (this.bag[this.bagPos++] as number) : this.pull();
      if (log !== null) log.push({ type: 'drew', player, tile: t, kept: true });
      this.drewLand(t);
      this.hands[at + (this.handLen[player] as number)] = t;
      this.handLen[player] = (this.handLen[player] as number) + 1;
    }
  }

  /** Makes slot i of the current player's hand the current tile and takes it out of the hand. */
  private takeFromHand(i: number): void {
    const me = this.current;
    const at = me * this.handSize;
    const n = this.handLen[me] as number;
    this.currentType = this.hands[at + i] as number;
    this.hands.copyWithin(at + i, at + i + 1, at + n);
    this.handLen[me] = n - 1;
  }

  /**
   * Readies the hand of the player to move (see readyHand); a player whose hand stays empty passes
   * (an extra tile is lost), and when every hand is empty with the bag, the game ends.
   */
  private nextHand(log: KernelEvent[] | null): void {
    for (;;) {
      if (this.readyHand(log)) {
        this.currentType = this.hands[this.current * this.handSize] as number;
        return;
      }
      let held = 0;
      for (let p = 0; p < this.players; p++) held += this.handLen[p] as number;
      if (held === 0) {
        this.finish(log);
        return;
      }
      this.extraTurn = false;
      this.extraBy = -1;
      this.current = (this.current + 1) % this.players;
    }
  }

  /**
   * The current player is about to play. When no tile of the hand fits anywhere, the whole hand
   * leaves (out of the game, or set aside with Ruleset.putBack, as a drawn tile would) and as many
   * tiles that fit are drawn in its place, at least one. A tile that fits nowhere beside one that
   * fits stays: it may fit later. Whether the hand then holds a tile.
   */
  private readyHand(log: KernelEvent[] | null): boolean {
    const me = this.current;
    const at = me * this.handSize;
    const hands = this.hands;
    const n = this.handLen[me] as number;
    for (let i = 0; i < n; i++) if (this.canPlaceAnywhere(hands[at + i] as number)) return true;
    const putBack = this.rules.ruleset.putBack;
    for (let i = 0; i < n; i++) {
      const t = hands[at + i] as number;
      if (putBack !== null && this.tables.drawClass[t] === DRAW_LAND) {
        // Set aside with the tiles drawn next (see drawFitting): written just below them, over the
        // record of an earlier draw (the bag before bagPos holds one per tile drawn).
        this.bag[this.bagPos - this.aside - 1] = t;
        this.aside++;
      } else {
        this.discarded[this.nDiscarded++] = t;
        if (log !== null) log.push({ type: 'discarded', player: me, tile: t });
      }
    }
    this.handLen[me] = 0;
    for (let want = Math.max(n, 1); want > 0; want--) {
      const t = this.drawFitting(log);
      if (t < 0) break;
      hands[at + (this.handLen[me] as number)] = t;
      this.handLen[me] = (this.handLen[me] as number) + 1;
    }
    // The tiles set aside go back into the bag once the new hand is drawn, if it holds a tile
    // (which is then placed: the board changes); otherwise they fit nowhere and leave the game.
    const held = (this.handLen[me] as number) > 0;
    if (held) this.returnAside(log);
    else this.discardAside(log);
    return held;
  }

  /** A land tile left the bag for good (a `'first-land'` start tile stays first until then). */
  private drewLand(t: number): void {
    // A river's spring, drawn first when the start tile is drawn, starts no land.
    if (this.tables.drawClass[t] === DRAW_LAND && t !== this.tables.startType) this.landStarted = true;
  }

  /** Puts t, just drawn, in the box (below the tiles set aside: see belowAside). */
  private discard(t: number, log: KernelEvent[] | null): void {
    this.belowAside(t);
    this.discarded[this.nDiscarded++] = t;
    this.drewLand(t);
    if (log !== null) log.push({ type: 'discarded', player: this.current, tile: t });
  }

  /**
   * Moves t, just drawn, below the tiles set aside, so that those stay together just below
   * bag[bagPos] and the bag before them stays the tiles drawn in order.
   */
  private belowAside(t: number): void {
    const aside = this.aside;
    if (aside === 0) return;
    const last = this.bagPos - 1;
    this.bag.copyWithin(last - aside + 1, last - aside, last);
    this.bag[last - aside] = t;
  }

  /** The tiles set aside go back among the tiles not drawn, and the bag is shaken (Ruleset.putBack). */
  private returnAside(log: KernelEvent[] | null): void {
    const aside = this.aside;
    if (aside === 0) return;
    const bag = this.bag;
    for (let i = this.bagPos - aside; i < this.bagPos; i++)
      if (log !== null) log.push({ type: 'put-back', player: this.current, tile: bag[i] as number });
    this.bagPos -= aside;
    this.aside = 0;
    (this.rules.ruleset.putBack as (k: Kernel) => void)(this);
  }

  /** The tiles set aside fit nowhere, and no tile drawn changes that: they leave the game. */
  private discardAside(log: KernelEvent[] | null): void {
    for (let i = this.bagPos - this.aside; i < this.bagPos; i++) {
      const t = this.bag[i] as number;
      this.discarded[this.nDiscarded++] = t;
      this.drewLand(t);
      if (log !== null) log.push({ type: 'discarded', player: this.current, tile: t });
    }
    this.aside = 0;
  }

  /** Ends the game: no tile left. Applies the final scoring. */
  finish(log: KernelEvent[] | null): void {
    this.currentType = -1;
    this.finished = true;
    if (this.extraTurn) {
      // No tile left for the extra tile: the turn passes as usual.
      this.extraTurn = false;
      this.extraBy = -1;
      this.current = (this.current + 1) % this.players;
    }
    this.applyFinalScoring(log);
  }

  /** Scores every road and city on placement p and every cloister and garden around it that p completed. */
  private scoreCompleted(p: number, log: KernelEvent[] | null): void {
    const T = this.tables;
    const t = this.pType[p] as number;
    const base = this.segBase[p] as number;
    const nf = T.nFeat[t] as number;
    const completed = this.rules.ruleset.completed;
    let done = 0;
    for (let f = 0; f < nf; f++) {
      const k = T.featKind[t * MAXF + f] as number;
      if (k !== K_ROAD && k !== K_CITY) continue;
      const r = this.find(base + f);
      if (this.open[r] !== 0) continue;
      let seen = false;
      for (let i = 0; i < done; i++) if (this.doneRoots[i] === r) seen = true;
      if (seen) continue;
      this.doneRoots[done++] = r;
      this.scoreFeature(r, true, log);
      for (let j = 0; j < completed.length; j++) (completed[j] as (typeof completed)[number])(this, r, k, log);
    }
    // The tiles of the 3 × 3 cells around p, row by row (placeTile listed them).
    for (let j = 0; j < this.nNear; j++) {
      const cp = this.near[j] as number;
      const cf = T.centre[this.pType[cp] as number] as number;
      if (cf < 0 || this.around[cp] !== 8) continue;
      const r = (this.segBase[cp] as number) + cf;
      this.scoreFeature(r, true, log);
      for (let c = 0; c < completed.length; c++) (completed[c] as (typeof completed)[number])(this, r, this.kind[r] as number, log);
    }
  }

  /** Tiles in the 8 cells around placement p. */
  neighbours(p: number): number {
    return this.around[p] as number;
  }

  /** Distinct tiles of the feature rooted at r (a feature may pass a tile twice; it counts once). */
  distinctTiles(r: number): number {
    const gen = this.nextStamp();
    let n = 0;
    let s = r;
    do {
      const p = this.segTile[s] as number;
      if (this.stamp[p] !== gen) {
        this.stamp[p] = gen;
        n++;
      }
      s = this.next[s] as number;
    } while (s !== r);
    return n;
  }

  private nextStamp(): number {
    this.gens.stamp = nextGeneration(this.stamp, this.gens.stamp);
    return this.gens.stamp;
  }

  private nextRootMark(): number {
    this.gens.root = nextGeneration(this.rootMark, this.gens.root);
    return this.gens.root;
  }

  /** Each player's strength on the feature rooted at r (majority weights), in a scratch array. */
  strength(r: number): Int32Array {
    return this.strengthAmong(r, this.figureRoots(), 0);
  }

  /** Writes the root of the feature under each figure into a scratch array (figure order) and returns it. */
  private figureRoots(): Int32Array {
    const roots = this.mRoots;
    for (let i = 0; i < this.nMeeples; i++) roots[i] = this.find(this.mSeg[i] as number);
    return roots;
  }

  /**
   * As strength, from the figures' roots (figureRoots): `first` is the first figure on the
   * feature, so the figures before it are not looked at.
   */
  private strengthAmong(r: number, roots: Int32Array, first: number): Int32Array {
    const w = this.weights;
    // A loop rather than TypedArray.fill: a few elements, and fill's call costs more.
    for (let p = 0; p < w.length; p++) w[p] = 0;
    const weight = this.rules.ruleset.figures.weight;
    for (let i = first; i < this.nMeeples; i++) {
      if (roots[i] !== r) continue;
      const o = this.mOwner[i] as number;
      w[o] = (w[o] as number) + (weight[this.mKind[i] as number] as number);
    }
    return w;
  }

  /** Value of the feature rooted at r: completed during play, or incomplete at the end (`distinct`: its distinct tiles, when known). */
  featureValue(r: number, complete: boolean, distinct = -1): number {
    const k = this.kind[r] as number;
    const centre = k === K_CLOISTER || k === K_GARDEN;
    const tiles = centre ? 1 : distinct >= 0 ? distinct : this.distinctTiles(r);
    const extra = centre ? this.neighbours(this.segTile[r] as number) : (this.pennants[r] as number);
    const base = complete ? completedValue(k, tiles, extra, this.rules.smallCity) : finalValue(k, tiles, extra);
    const value = this.rules.ruleset.value;
    if (value === null || ((this.attr[2 * r] as number) | (this.attr[2 * r + 1] as number)) === 0) return base;
    return value(this, r, k, tiles, extra, complete, base);
  }

  /**
   * Scores the feature rooted at r for its majority holders and, when it is complete, returns its
   * figures to their owners. Logs a `feature-scored` event and one `meeple-returned` per figure.
   */
  private scoreFeature(r: number, complete: boolean, log: KernelEvent[] | null): void {
    // A feature without figures scores for nobody: with no log to write, nothing to do.
    if (log === null && (this.occupied[r] as number) === 0) return;
    const points = this.featureValue(r, complete);
    const w = this.strength(r);
    const best = majority(w);
    if (log !== null) log.push({ type: 'scored', score: this.scoreRecord(r, complete, points, w, best, false, -1) });
    award(w, best, points, this.score);
    if (!complete || (this.occupied[r] as number) === 0) return;
    let kept = 0;
    for (let i = 0; i < this.nMeeples; i++) {
      const s = this.mSeg[i] as number;
      const owner = this.mOwner[i] as number;
      const fig = this.mKind[i] as number;
      if (this.find(s) === r) {
        const at = fig * this.players + owner;
        this.supply[at] = (this.supply[at] as number) + 1;
        this.sole[at] = -1;
        const h = owner * 8 + (this.kind[r] as number);
        if ((this.rules.ruleset.figures.weight[fig] as number) > 0) this.held[h] = (this.held[h] as number) - 1;
        if (log !== null) log.push({ type: 'returned', owner, figure: fig, seg: s });
        continue;
      }
      this.mSeg[kept] = s;
      this.mOwner[kept] = owner;
      this.mKind[kept] = fig;
      kept++;
    }
    this.nMeeples = kept;
    this.occupied[r] = 0;
    this.owners[r] = 0;
  }

  // ---------------------------------------------------------------------------------------------
  // Final scoring

  /**
   * Computes the final scoring (incomplete roads, cities and cloisters with figures, then the
   * fields by the farmer rule, then the goods) without changing anything. Adds the points to `into`
   * and, with a log, records one scoring per line. Without `features`, the fields and the goods
   * alone (for a caller that scores the other features itself).
   */
  finalScoring(into: Int32Array, log: KernelEvent[] | null, features = true): void {
    const gen = this.nextRootMark();
    const seenRoots = this.rootMark;
    let anyField = false;
    const roots = this.figureRoots();
    for (let i = 0; i < this.nMeeples; i++) {
      const r = roots[i] as number;
      const k = this.kind[r] as number;
      if (k === K_FIELD) {
        anyField = true;
        continue;
      }
      if (!features || seenRoots[r] === gen) continue;
      seenRoots[r] = gen;
      const points = this.rules.ruleset.incompleteScores ? this.featureValue(r, false) : 0;
      const w = this.strengthAmong(r, roots, i);
      const best = majority(w);
      if (log !== null) log.push({ type: 'scored', score: this.scoreRecord(r, false, points, w, best, true, -1) });
      award(w, best, points, into);
    }
    if (anyField) {
      const fields = this.rules.fields;
      if (fields === null) throw new MissingFarmerRule('custom farmer rule missing');
      fields(this, into, log);
    }
    const final = this.rules.ruleset.final;
    for (let j = 0; j < final.length; j++) (final[j] as (typeof final)[number])(this, into, log);
  }

  private applyFinalScoring(log: KernelEvent[] | null): void {
    this.finalScoring(this.score, log);
    if (log !== null) log.push({ type: 'finished' });
  }

  // ---------------------------------------------------------------------------------------------
  // Descriptions (allocate; used by the pure API, never in playouts)

  /** Board position and canonical spot of a segment. */
  spotOf(s: number): { x: number; y: number; at: Spot } {
    const p = this.segTile[s] as number;
    const tr = (this.pType[p] as number) * 4 + (this.pRot[p] as number);
    const si = this.tables.featSpot[tr * MAXF + (this.segLocal[s] as number)] as number;
    return { x: this.pX[p] as number, y: this.pY[p] as number, at: SPOTS[si] as Spot };
  }

  /** The feature rooted at r, named by its oldest segment: position and canonical spot index. */
  ref(r: number): FeatureRef {
    const s = this.oldest(r);
    const p = this.segTile[s] as number;
    const tr = (this.pType[p] as number) * 4 + (this.pRot[p] as number);
    return {
      x: this.pX[p] as number,
      y: this.pY[p] as number,
      spot: this.tables.featSpot[tr * MAXF + (this.segLocal[s] as number)] as number,
    };
  }

  /** Segments of the feature rooted at r, oldest first. */
  members(r: number): number[] {
    const out: number[] = [];
    let s = r;
    do {
      out.push(s);
      s = this.next[s] as number;
    } while (s !== r);
    return out.sort((a, b) => a - b);
  }

  /** Distinct tiles of the feature rooted at r, in placement order. */
  tilePositions(r: number): Position[] {
    const gen = this.nextStamp();
    const ps: number[] = [];
    let s = r;
    do {
      const p = this.segTile[s] as number;
      if (this.stamp[p] !== gen) {
        this.stamp[p] = gen;
        ps.push(p);
      }
      s = this.next[s] as number;
    } while (s !== r);
    ps.sort((a, b) => a - b);
    return ps.map((p) => ({ x: this.pX[p] as number, y: this.pY[p] as number }));
  }

  /**
   * Writes the roots of the distinct cities bordering the field rooted at r into `roots`, and for
   * each the oldest field segment that meets it into `firstSeg`; returns how many. Allocates nothing.
   */
  citiesOfField(r: number, roots: Int32Array, firstSeg: Int32Array): number {
    const T = this.tables;
    let n = 0;
    let s = r;
    do {
      const p = this.segTile[s] as number;
      const mask = T.fieldCities[(this.pType[p] as number) * MAXF + (this.segLocal[s] as number)] as number;
      for (let c = 0; mask >> c !== 0; c++) {
        if ((mask & (1 << c)) === 0) continue;
        const cr = this.find((this.segBase[p] as number) + c);
        let i = 0;
        while (i < n && roots[i] !== cr) i++;
        if (i === n) {
          roots[n] = cr;
          firstSeg[n++] = s;
        } else if (s < (firstSeg[i] as number)) {
          firstSeg[i] = s;
        }
      }
      s = this.next[s] as number;
    } while (s !== r);
    return n;
  }

  /** What the neighbours of frontier cell i demand of a tile there (see DEMAND_UNIT and TileTables.fitRotations). */
  frontierDemand(i: number): number {
    return this.frontDemand[i] as number;
  }

  /**
   * Writes the distinct empty cells where the road or city rooted at r is open (across an edge of
   * its own) into `out`, each as its frontier index × 16 + the bit mask of its edges (N, E, S, W)
   * the feature meets; returns how many. Allocates nothing.
   */
  openCells(r: number, out: Int32Array): number {
    const edges = this.tables.featEdgeMask;
    let n = 0;
    let s = r;
    do {
      const p = this.segTile[s] as number;
      const mask = edges[((this.pType[p] as number) * 4 + (this.pRot[p] as number)) * MAXF + (this.segLocal[s] as number)] as number;
      for (let d = 0; d < 4; d++) {
        if ((mask & (1 << d)) === 0) continue;
        const v = this.cell[this.nbSlot[p * 4 + d] as number] as number;
        if (v < FRONTIER) continue;
        const at = (v - FRONTIER) * 16;
        const side = 1 << ((d + 2) & 3);
        let j = 0;
        while (j < n && ((out[j] as number) & ~15) !== at) j++;
        if (j === n) out[n++] = at | side;
        else out[j] = (out[j] as number) | side;
      }
      s = this.next[s] as number;
    } while (s !== r);
    return n;
  }

  /**
   * Writes, for each empty cell of the 8 around placement p (a cloister's or garden's), its
   * frontier index × 16 (as openCells writes cells) or -1 when no tile touches it by an edge yet,
   * into `out`; returns how many.
   */
  emptyAround(p: number, out: Int32Array): number {
    const x = this.pX[p] as number;
    const y = this.pY[p] as number;
    let n = 0;
    for (let dy = -1; dy <= 1; dy++) {
      for (let dx = -1; dx <= 1; dx++) {
        if (dx === 0 && dy === 0) continue;
        const v = this.cell[this.cellIndex(x + dx, y + dy)] as number;
        if (v === 0) out[n++] = -1;
        else if (v >= FRONTIER) out[n++] = (v - FRONTIER) * 16;
      }
    }
    return n;
  }

  /**
   * Roots of the distinct cities bordering the field rooted at r, in the order the field's
   * segments (oldest first) meet them.
   */
  borderingCities(r: number): number[] {
    const n = this.citiesOfField(r, this.fieldRoots, this.fieldFirstSeg);
    const order = Array.from({ length: n }, (_, i) => i).sort(
      (a, b) => (this.fieldFirstSeg[a] as number) - (this.fieldFirstSeg[b] as number),
    );
    return order.map((i) => this.fieldRoots[i] as number);
  }

  /** One scoring of the feature rooted at r, in numbers (see ScoreRecord). */
  scoreRecord(r: number, complete: boolean, points: number, w: Int32Array, best: number, final: boolean, recall: number): ScoreRecord {
    const k = this.kind[r] as number;
    const holders: number[] = [];
    const awarded: number[] = [];
    for (let pl = 0; pl < this.players; pl++) {
      const holds = best > 0 && w[pl] === best;
      if (holds) holders.push(pl);
      awarded.push(holds ? points : 0);
    }
    return {
      final,
      turn: final ? Math.max(0, this.turn - 1) : this.turn,
      kind: k,
      ref: this.ref(r),
      complete,
      tiles: this.tilePositions(r),
      pennants: k === K_CITY ? (this.pennants[r] as number) : 0,
      attrs: [this.attr[2 * r] as number, this.attr[2 * r + 1] as number],
      neighbours: k === K_CLOISTER || k === K_GARDEN ? this.neighbours(this.segTile[r] as number) : 0,
      strengths: Array.from(w),
      holders,
      points,
      awarded,
      recall,
    };
  }

  /** The fields with figures and the cities they border, as a numeric graph in scratch arrays (fields in figure order). */
  farmGraph(): FarmGraph {
    const g = this.farm;
    const P = this.players;
    const fieldGen = this.nextRootMark();
    this.gens.city = nextGeneration(this.cityMark, this.gens.city);
    const cityGen = this.gens.city;
    const marks = this.rules.ruleset.figures.marksField;
    let fields = 0;
    let cities = 0;
    let n = 0;
    const roots = this.figureRoots();
    for (let i = 0; i < this.nMeeples; i++) {
      const r = roots[i] as number;
      if (this.kind[r] !== K_FIELD || this.rootMark[r] === fieldGen) continue;
      this.rootMark[r] = fieldGen;
      this.farmFieldRoots[fields] = r;
      const w = this.strengthAmong(r, roots, i);
      for (let p = 0; p < P; p++) g.weight[fields * P + p] = w[p] as number;
      for (let p = 0; p < P; p++) g.pigs[fields * P + p] = 0;
      for (let j = i; j < this.nMeeples; j++) {
        if (roots[j] === r && marks[this.mKind[j] as number] !== 0) g.pigs[fields * P + (this.mOwner[j] as number)] = 1;
      }
      const found = this.citiesOfField(r, this.fieldRoots, this.fieldFirstSeg);
      for (let k = 0; k < found; k++) {
        const cr = this.fieldRoots[k] as number;
        if (this.cityMark[cr] !== cityGen) {
          this.cityMark[cr] = cityGen;
          this.cityIndex[cr] = cities;
          this.farmCityRoots[cities] = cr;
          g.complete[cities++] = this.open[cr] === 0 ? 1 : 0;
        }
        g.cityList[n++] = this.cityIndex[cr] as number;
      }
      g.cityStart[++fields] = n;
    }
    g.cityStart[0] = 0;
    g.fields = fields;
    g.cities = cities;
    this.gens.farm = (this.gens.farm + 1) >>> 0;
    return g;
  }

  /** How many farm graphs kernels of this shape have built: it changes when farmGraph runs. */
  get farmBuilds(): number {
    return this.gens.farm;
  }

  /** The last farm graph built (by any kernel of this shape) with the root of each of its fields and cities. */
  get lastFarm(): LastFarm {
    return this.farmView;
  }

  /** The oldest segment of the feature rooted at r. */
  oldest(r: number): number {
    let min = r;
    for (let s = this.next[r] as number; s !== r; s = this.next[s] as number) if (s < min) min = s;
    return min;
  }

  /** Local feature named by spot index si on tile type t turned q, or -1. */
  spotFeature(t: number, q: number, si: number): number {
    return this.tables.spotFeat[(t * 4 + q) * SPOT_COUNT + si] as number;
  }
}

/** A farm graph with the root of each of its fields and cities (see Kernel.farmGraph). */
export interface LastFarm {
  readonly graph: FarmGraph;
  readonly fieldRoots: Int32Array;
  readonly cityRoots: Int32Array;
}

/** The first kernel of each shape (see Kernel.create), by compiled rules and "players|followers". */
const templates = new WeakMap<Ruleset, Map<string, Kernel>>();

/** The number of bits set in x (at most 16 here: local features). */
function bitCount(x: number): number {
  let n = 0;
  for (let b = x; b !== 0; b &= b - 1) n++;
  return n;
}

/** The next generation of a stamp array: marks from older generations stop counting (cleared on wrap). */
function nextGeneration(marks: Uint32Array, gen: number): number {
  const next = (gen + 1) >>> 0;
  if (next !== 0) return next;
  marks.fill(0);
  return 1;
}

/** Adds `points` to every player whose strength is the (positive) best. */
export function award(weights: Int32Array, best: number, points: number, into: Int32Array): void {
  if (best <= 0) return;
  for (let pl = 0; pl < weights.length; pl++) {
    if (weights[pl] === best) into[pl] = (into[pl] as number) + points;
  }
}

/** Players with the highest score (every tied player). */
export function winnersOf(scores: readonly number[]): number[] {
  const best = Math.max(...scores);
  const out: number[] = [];
  scores.forEach((s, i) => {
    if (s === best) out.push(i);
  });
  return out;
}
