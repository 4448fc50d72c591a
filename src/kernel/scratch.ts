import { type FarmGraph, type FarmScratch, newFarmScratch } from './farm-graph.js';
import { MAXF, SIDES } from './tables.js';

/** A farm graph with the root of each of its fields and cities (see farmGraph). */
export interface LastFarm {
  readonly graph: FarmGraph;
  readonly fieldRoots: Int32Array;
  readonly cityRoots: Int32Array;
}

/**
 * Working space, never part of a game: shared by every kernel of one shape (see Kernel.create) and
 * their clones, which is safe because no kernel function runs while another kernel's is running.
 * The stamp generations are shared with the arrays they mark. The scalars hold what one function
 * found for the next it calls (readCell for reach, placeTile for scoreCompleted).
 */
export interface Scratch {
  readonly gens: { stamp: number; root: number; city: number; front: number; farm: number };
  readonly farm: FarmGraph;
  /** Working space of the numeric farmer rules. */
  readonly farmScratch: FarmScratch;
  readonly cityMark: Uint32Array;
  readonly cityIndex: Int32Array;
  /** [f] the root of field f of the last farm graph built; [c] the root of its city c. */
  readonly farmFieldRoots: Int32Array;
  readonly farmCityRoots: Int32Array;
  readonly farmView: LastFarm;
  readonly fieldRoots: Int32Array;
  readonly fieldFirstSeg: Int32Array;
  readonly stamp: Uint32Array;
  readonly rootMark: Uint32Array;
  /** Marks on frontier cells, and the cells marked (see markOwnCells). */
  readonly frontMark: Uint32Array;
  readonly ownCells: Int32Array;
  readonly weights: Int32Array;
  /** [i] the root of the feature under figure i (see figureRoots). */
  readonly mRoots: Int32Array;
  /** The placements in the 3 × 3 cells of the last placed tile, row by row (see placeTile), and how many. */
  readonly near: Int16Array;
  nNear: number;
  /** The tiles beside a cell being placed (placeTile), and its 3 × 3 cells row by row. */
  readonly nb4: Int32Array;
  readonly ring: Int32Array;
  /**
   * The frontier cell last read (see readCell): for each of its sides (see SIDES) with a feature
   * across it (`cellSides`), the index in `cellRoot` of that feature's root; the distinct roots;
   * and per root the local features of a tile that touch it (see reach).
   */
  readonly sideRoot: Int8Array;
  readonly cellRoot: Int32Array;
  readonly rootFeat: Int32Array;
  nCellRoots: number;
  /** Bits over cellRoot: roots holding a figure; roots holding a meeple of the player (with readCell's `own`). */
  cellOcc: number;
  cellOwn: number;
  /** Bit j set when side j of the cell last read has a feature beside it (sideRoot[j] is then set). */
  cellSides: number;
  readonly doneRoots: Int16Array;
  /** Figure kinds the current player may deploy, and their masks on one placement. */
  readonly active: Int8Array;
  readonly masks: Int32Array;
  /** Figure kinds the current player may take back, and the tiles those figures stand on. */
  readonly recallKinds: Int8Array;
  readonly recallTiles: Int16Array;
  /** How many spots each kind of `active` has (see prepareMoves). */
  readonly spotCounts: Int8Array;
}

/** The working space of kernels with these bounds (see Kernel.create). */
export function newScratch(players: number, kinds: number, capacity: number, segs: number, figures: number, frontier: number): Scratch {
  const farm: FarmGraph = {
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
  const farmFieldRoots = new Int32Array(figures);
  const farmCityRoots = new Int32Array(segs);
  return {
    gens: { stamp: 0, root: 0, city: 0, front: 0, farm: 0 },
    farm,
    farmScratch: newFarmScratch(players, segs),
    cityMark: new Uint32Array(segs),
    cityIndex: new Int32Array(segs),
    farmFieldRoots,
    farmCityRoots,
    farmView: { graph: farm, fieldRoots: farmFieldRoots, cityRoots: farmCityRoots },
    fieldRoots: new Int32Array(segs),
    fieldFirstSeg: new Int32Array(segs),
    stamp: new Uint32Array(capacity),
    rootMark: new Uint32Array(segs),
    frontMark: new Uint32Array(frontier),
    ownCells: new Int32Array(frontier),
    weights: new Int32Array(players),
    mRoots: new Int32Array(figures),
    near: new Int16Array(9),
    nNear: 0,
    nb4: new Int32Array(4),
    ring: new Int32Array(9),
    sideRoot: new Int8Array(SIDES),
    cellRoot: new Int32Array(SIDES),
    rootFeat: new Int32Array(SIDES),
    nCellRoots: 0,
    cellOcc: 0,
    cellOwn: 0,
    cellSides: 0,
    doneRoots: new Int16Array(MAXF),
    active: new Int8Array(kinds),
    masks: new Int32Array(kinds),
    recallKinds: new Int8Array(kinds),
    recallTiles: new Int16Array(kinds),
    spotCounts: new Int8Array(kinds),
  };
}

/** The next generation of a stamp array: marks from older generations stop counting (cleared on wrap). */
export function nextGeneration(marks: Uint32Array, gen: number): number {
  const next = (gen + 1) >>> 0;
  if (next !== 0) return next;
  marks.fill(0);
  return 1;
}
