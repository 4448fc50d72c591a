import { type FarmGraph, type FarmScratch, newFarmScratch } from './farm-graph.js';
import { MAXF } from './tables.js';

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
 * found for the next it calls (placeTile for scoreCompleted).
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
  readonly weights: Int32Array;
  /** [i] the root of the feature under figure i (see figureRoots). */
  readonly mRoots: Int32Array;
  /** The placements in the 3 × 3 cells of the last placed tile, row by row (see placeTile), and how many. */

  /** The tiles beside a cell being placed (placeTile), and its 3 × 3 cells row by row. */
  readonly nb4: Int32Array;
  readonly ring: Int32Array;
  readonly doneRoots: Int16Array;
  /** The action step's codes, when only their number is wanted (see hasAction). */
  readonly actions: Int32Array;
}

/** The working space of kernels with these bounds (see Kernel.create). */
export function newScratch(players: number, kinds: number, capacity: number, segs: number, figures: number): Scratch {
  const farm: FarmGraph = {
    players,
    fields: 0,
    cities: 0,
    weight: new Int32Array(figures * players),
    marks: new Uint8Array(figures * players),
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
    weights: new Int32Array(players),
    mRoots: new Int32Array(figures),

    nb4: new Int32Array(4),
    ring: new Int32Array(9),
    doneRoots: new Int16Array(MAXF),
    // The pass, a figure of each kind on each feature, a figure of each kind taken back.
    actions: new Int32Array(1 + kinds * (MAXF + 1)),
  };
}

/** The next generation of a stamp array: marks from older generations stop counting (cleared on wrap). */
export function nextGeneration(marks: Uint32Array, gen: number): number {
  const next = (gen + 1) >>> 0;
  if (next !== 0) return next;
  marks.fill(0);
  return 1;
}
