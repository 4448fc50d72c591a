import { createKernel as create } from './make.js';
import * as shuffle from './shuffle.js';
import type { Kernel as State, KernelRules } from './kernel.js';
import type { TileTables } from './tables.js';

// The kernel as the layers above it see it: a narrow interface over the state of kernel.ts. They
// set up a position (createKernel, placeTile, deploy and the set… methods), play (begin, play,
// playStep) and read (read-only fields and queries); nothing outside src/kernel/ writes a field.
// Files outside this folder import the kernel from here only (tests/package/layers.test.ts).

type Typed = Int8Array | Uint8Array | Int16Array | Uint16Array | Int32Array | Uint32Array;

/** An array of numbers a kernel lets other layers read but not write. */
export interface ReadonlyNumbers extends Iterable<number> {
  readonly length: number;
  readonly [i: number]: number;
  subarray(begin?: number, end?: number): ReadonlyNumbers;
}

/** What other layers read of a kernel's state and call of it. */
type Exposed =
  // Constants of the game
  | 'tables'
  | 'rules'
  | 'players'
  | 'capacity'
  | 'segments'
  | 'maxMoves'
  | 'handSize'
  // The position
  | 'nPlaced'
  | 'pType'
  | 'pRot'
  | 'pX'
  | 'pY'
  | 'nSeg'
  | 'nMeeples'
  | 'mSeg'
  | 'mOwner'
  | 'mKind'
  | 'score'
  | 'slots'
  | 'current'
  | 'turn'
  | 'extraTurn'
  | 'extraBy'
  | 'finished'
  | 'currentType'
  | 'bag'
  | 'bagPos'
  | 'bagLen'
  | 'discarded'
  | 'nDiscarded'
  | 'hands'
  | 'handLen'
  | 'landStarted'
  | 'script'
  | 'scriptMiss'
  | 'moveLog'
  | 'moveLogTile'
  | 'logged'
  | 'farmBuilds'
  | 'lastFarm'
  | 'farmScratch'
  // Playing and the moves
  | 'begin'
  | 'play'
  | 'playStep'
  | 'draw'
  | 'phase'
  | 'placed'
  | 'keeps'
  | 'drawNext'
  | 'dealHands'
  | 'drawIntoHand'
  | 'drawFittingIntoHand'
  | 'giveUpHand'
  | 'settleAside'
  | 'finish'
  | 'legalMoveCodes'
  | 'sampleSpan'
  | 'sampleAt'
  | 'checkPlacement'
  | 'forEachPlacement'
  | 'canPlaceAnywhere'
  | 'actionCodes'
  | 'openStep'
  | 'mayAct'
  | 'handCount'
  | 'handTile'
  // Setting up a position, and what rule modules change
  | 'setRules'
  | 'setPlayer'
  | 'setCurrentTile'
  | 'setScore'
  | 'setSupply'
  | 'setHand'
  | 'setBag'
  | 'addDiscarded'
  | 'setLandStarted'
  | 'setScript'
  | 'setSlot'
  | 'clearMoveLog'
  | 'logMove'
  | 'placeTile'
  | 'openCell'
  | 'deploy'
  | 'takeFigure'
  | 'placeNeutral'
  | 'liftNeutral'
  | 'addTokens'
  | 'closeEdge'
  | 'fillAround'
  // Reading
  | 'tileAt'
  | 'frontierIndex'
  | 'frontierX'
  | 'frontierY'
  | 'frontierDemand'
  | 'neighbourEdgeKind'
  | 'emptyAround'
  | 'neighbours'
  | 'segmentOf'
  | 'find'
  | 'kindOf'
  | 'openOf'
  | 'pennantsOf'
  | 'attrOf'
  | 'segmentTile'
  | 'extends'
  | 'distinctTiles'
  | 'members'
  | 'oldest'
  | 'tilePositions'
  | 'citiesOfField'
  | 'openCells'
  | 'borderingCities'
  | 'figuresOn'
  | 'holds'
  | 'inSupply'
  | 'soleSeg'
  | 'figureOf'
  | 'neutralTile'
  | 'neutralBeside'
  | 'figuresOnTile'
  | 'tokensOf'
  | 'strength'
  | 'featureValue'
  | 'finalScoring'
  | 'farmGraph'
  | 'spotOf'
  | 'ref'
  | 'scoreRecord'
  | 'spotFeature';

/**
 * A kernel as other layers see it: its exposed fields read-only (arrays as {@link ReadonlyNumbers}),
 * its methods, and copies that are kernels of this type too.
 */
export type Kernel = {
  readonly [K in Exposed]: State[K] extends Typed ? ReadonlyNumbers : State[K];
} & {
  clone(): Kernel;
  sameShape(other: Kernel): boolean;
  copyFrom(from: Kernel): void;
};

/**
 * A kernel with only the start tile on the board (with `empty`, nothing: a set-up board is placed
 * tile by tile) and an empty bag.
 */
export const createKernel = (tables: TileTables, rules: KernelRules, players: number, empty = false): Kernel =>
  create(tables, rules, players, empty) as unknown as Kernel;

export {
  FIGURE_FOLLOWER,
  type FieldScoring,
  type KernelRules,
  type LastFarm,
  MissingFarmerRule,
  PHASE_ACTION,
  PHASE_DRAW,
  PHASE_STEP,
  PHASE_TILE,
  PLACE_MISMATCH,
  PLACE_NOT_ADJACENT,
  PLACE_OCCUPIED,
  PLACE_OK,
  PLACE_RULE,
} from './kernel.js';
export * from './tables.js';
export * from './log.js';
export * from './values.js';
export * from './farm-graph.js';
export type { FigureTable, HandPolicy, ModuleAction, ModuleStep, PlacementRule, Ruleset } from './ruleset.js';
export { award, winnersOf } from './scoring.js';

/**
 * Shuffles the tiles of `k` not drawn yet (the current tile stays), driven by `random` (uniform in
 * [0, 1)), keeping the known structure of the draw (see shuffle.ts).
 */
export const shuffleUndrawn = (k: Kernel, random: () => number): void => shuffle.shuffleUndrawn(k as unknown as State, random);

/** With hands hidden from the other players: deals every hand but the current player's anew (see shuffle.ts). */
export const dealHiddenHands = (k: Kernel, random: () => number): void => shuffle.dealHiddenHands(k as unknown as State, random);
