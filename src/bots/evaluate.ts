import { type Kernel, DEMANDS, demandAt, K_CITY, K_FIELD, K_ROAD, MAXF } from '../kernel/index.js';

// The tile-aware evaluation of the reference bots: what each player's position is worth, from the
// board and the multiset of tiles not yet placed (never their order). Read straight from the kernel
// into scratch arrays: a search calls it thousands of times a move and it allocates nothing.

/** The weights of the tile-aware evaluation (see `evaluate`); every one has a default. */
export interface EvaluationWeights {
  /** Weight of what open features and fields would score if the game ended now. */
  readonly now: number;
  /** Weight of the points a feature still lacks, times its chance to be completed (the 0.8 of the classic evaluators). */
  readonly complete: number;
  /** Tiles a road or city is expected to grow by for each empty cell where it is open. */
  readonly grow: number;
  /** Draws of its own a player is counted to have for each feature, as a share of the tiles left per player. */
  readonly reach: number;
  /** How much each further open feature a player holds thins its draws for the others (0: not at all). */
  readonly share: number;
  /** A feature's chance to be completed is multiplied by this once per empty cell it needs. */
  readonly cell: number;
  /** Points a follower in supply is worth while at least `horizon` tiles are left. */
  readonly meeple: number;
  /** Tiles left below which a figure in supply is worth proportionally less. */
  readonly horizon: number;
  /** The share of its worth in supply that a figure on a feature keeps, times the feature's chance to be completed (it comes back). */
  readonly back: number;
  /** Points lost by a player with no follower in supply while at least `horizon` tiles are left. */
  readonly none: number;
  /** Points a field's majority is counted for each bordering city, times that city's chance to be completed. */
  readonly field: number;
}

/** Bits of the size of the hashed caches of fits and chances (by cell demand, sides and open features held). */
const CACHE_BITS = 12;

/** The slot of a key in a hashed cache (Fibonacci hashing). */
const slot = (key: number): number => Math.imul(key, 0x9e3779b1) >>> (32 - CACHE_BITS);

/** Open features held that the chance cache tells apart (more thin a player's draws as much as this many less one). */
const CHANCE_HELD = 8;

/**
 * The weights `evaluate` uses by default, tuned by self-play (`npm run tune`, `scripts/tune.mjs`).
 *
 * @example
 * ```ts
 * import { createGame } from 'carcassonne-engine';
 * import { DEFAULT_WEIGHTS, greedyBot } from 'carcassonne-engine/bots';
 *
 * // A greedy bot that prizes its followers twice as much as the default one.
 * const state = createGame({ players: 2, seed: 1 });
 * const move = greedyBot(state, { weights: { meeple: 2 * DEFAULT_WEIGHTS.meeple } });
 * console.log(DEFAULT_WEIGHTS.meeple, move.tile === state.currentTile); // → 3 true
 * ```
 */
export const DEFAULT_WEIGHTS: EvaluationWeights = {
  now: 1,
  complete: 0.355,
  grow: 1,
  reach: 0.667,
  share: 0.75,
  cell: 0.6,
  meeple: 3,
  horizon: 20,
  back: 1,
  none: 2,
  field: 2,
};

/** A figure kind as the evaluation counts it: points in supply (or, `onBoard`, on the board). */
export interface FigureWorth {
  readonly code: number;
  readonly worth: number;
  readonly onBoard: boolean;
  readonly perPlayer: number;
}

/**
 * Scratch space and weights for evaluating the positions of one game (any kernel of the same
 * shape). `evaluate` writes each player's worth into `out`.
 */
export class Evaluator {
  private readonly w: EvaluationWeights;
  private readonly figures: readonly FigureWorth[];
  /** [k] the worth of a figure of kind k in supply, 0 for kinds counted otherwise. */
  private readonly handWorth: Float64Array;
  private readonly left: Int32Array;
  private readonly present: Int32Array;
  private nPresent = 0;
  /** The draw of the kernel counted last (see sameDraw) and how many tiles it had left. */
  private lastPos = -1;
  private lastLen = -1;
  private lastType = -1;
  private lastLeft = 0;
  private gen = 0;
  /** The generation of the tiles left: it changes when their multiset does, and dates the caches below. */
  private tilesGen = 1;
  private readonly previous: Int32Array;
  /** Hashed caches (see CACHE_BITS): the key, its generation, the value. */
  private readonly fitKey: Int32Array;
  private readonly fitGen: Uint32Array;
  private readonly fitCount: Float64Array;
  private readonly rootGen: Uint32Array;
  private readonly rootIdx: Int32Array;
  private readonly roots: Int32Array;
  private readonly strength: Float64Array;
  /** [i] the chance that feature i (in `roots`) is completed. */
  private readonly chance: Float64Array;
  private readonly figFeat: Int32Array;
  private readonly held: Int32Array;
  private readonly fin: Int32Array;
  private readonly cells: Int32Array;
  private readonly cityRoots: Int32Array;
  private readonly citySeg: Int32Array;
  private readonly best: Float64Array;
  /** [f] the distinct tiles of feature f, and what it would score if the game ended now. */
  private readonly tiles: Int32Array;
  private readonly now: Int32Array;
  private readonly chanceKey: Int32Array;
  private readonly chanceGen: Uint32Array;
  private readonly cellChance: Float64Array;

  constructor(k: Kernel, figures: readonly FigureWorth[], weights: Partial<EvaluationWeights> = {}) {
    this.w = { ...DEFAULT_WEIGHTS, ...weights };
    this.figures = figures;
    const F = k.rules.ruleset.figures;
    this.handWorth = new Float64Array(F.kinds);
    for (const f of figures) if (!f.onBoard) this.handWorth[f.code] = f.worth;
    const types = k.tables.types;
    this.left = new Int32Array(types);
    this.present = new Int32Array(types);
    this.previous = new Int32Array(types);
    this.fitKey = new Int32Array(1 << CACHE_BITS);
    this.fitGen = new Uint32Array(1 << CACHE_BITS);
    this.fitCount = new Float64Array(1 << CACHE_BITS);
    this.rootGen = new Uint32Array(k.segments);
    this.rootIdx = new Int32Array(k.segments);
    const figs = k.mSeg.length;
    this.roots = new Int32Array(figs);
    this.strength = new Float64Array(figs * k.players);
    this.chance = new Float64Array(figs);
    this.figFeat = new Int32Array(figs);
    this.held = new Int32Array(k.players);
    this.fin = new Int32Array(k.players);
    this.cells = new Int32Array(Math.max(8, 2 * k.capacity + 4));
    this.cityRoots = new Int32Array(k.segments);
    this.citySeg = new Int32Array(k.segments);
    this.best = new Float64Array(figs);
    this.tiles = new Int32Array(figs);
    this.now = new Int32Array(figs);
    this.chanceKey = new Int32Array(1 << CACHE_BITS);
    this.chanceGen = new Uint32Array(1 << CACHE_BITS);
    this.cellChance = new Float64Array(1 << CACHE_BITS);
  }

  /**
   * Each player's worth in the position of `k`, in points, written into `out`:
   *
   *     score + now × (what its open features and fields would score if the game ended now)
   *       + Σ features it holds: complete × chance × (points if completed − points if not)
   *       + Σ fields it holds: field × Σ bordering open cities: chance
   *       + figures in supply × worth (+ back × chance for each on a feature that may come back)
   *       − none while it has no follower, both × min(1, tiles left / horizon)
   *
   * A feature's chance to be completed is the chance that each empty cell where it is open gets a
   * tile: 1 − (1 − fit / left)^draws, where `fit` counts the tiles not yet placed that fit the
   * cell, `left` all of them and `draws` the holder's share of the tiles to come, times `cell` per
   * cell.
   *
   * `sibling`: k follows the same position as the kernel evaluated last, one move on (the moves of
   * one turn rated in turn), so that the tiles not yet placed are the same unless the draws differ.
   */
  evaluate(k: Kernel, out: Float64Array, sibling = false): void {
    const P = k.players;
    const w = this.w;
    if (k.finished) {
      for (let p = 0; p < P; p++) out[p] = k.score[p] as number;
      return;
    }
    const tilesLeft = sibling && this.sameDraw(k) ? this.lastLeft : this.countLeft(k);
    const gen = ++this.gen;
    const fin = this.fin;
    // Loops rather than TypedArray.fill: a few elements each, and fill's call costs more.
    for (let p = 0; p < P; p++) fin[p] = 0;
    const builds = k.farmBuilds;
    k.finalScoring(fin, null, false);
    // The fields' cities as the final scoring found them, when its farmer rule built the farm graph.
    const farm = k.farmBuilds !== builds ? k.lastFarm : null;

    // The features holding figures, each player's strength on them, and the open ones each holds.
    const F = k.rules.ruleset.figures;
    const strength = this.strength;
    let nf = 0;
    for (let i = 0; i < k.nMeeples; i++) {
      const r = k.find(k.mSeg[i] as number);
      let idx: number;
      if (this.rootGen[r] === gen) idx = this.rootIdx[r] as number;
      else {
        idx = nf++;
        this.rootGen[r] = gen;
        this.rootIdx[r] = idx;
        this.roots[idx] = r;
        for (let p = 0; p < P; p++) strength[idx * P + p] = 0;
      }
      this.figFeat[i] = idx;
      const o = k.mOwner[i] as number;
      strength[idx * P + o] = (strength[idx * P + o] as number) + (F.weight[k.mKind[i] as number] as number);
    }
    const held = this.held;
    for (let p = 0; p < P; p++) held[p] = 0;
    for (let f = 0; f < nf; f++) {
      let best = 0;
      for (let p = 0; p < P; p++) best = Math.max(best, strength[f * P + p] as number);
      this.best[f] = best;
      if (best <= 0 || k.kindOf(this.roots[f] as number) === K_FIELD) continue;
      for (let p = 0; p < P; p++) if (strength[f * P + p] === best) held[p] = (held[p] as number) + 1;
    }

    // What the roads, cities, cloisters and gardens would score if the game ended now (the final
    // scoring above counted only the fields and goods).
    const incompleteScores = k.rules.ruleset.incompleteScores;
    for (let f = 0; f < nf; f++) {
      const r = this.roots[f] as number;
      const kind = k.kindOf(r);
      const best = this.best[f] as number;
      if (kind === K_FIELD || best <= 0) continue;
      const tiles = kind === K_ROAD || kind === K_CITY ? k.distinctTiles(r) : 1;
      this.tiles[f] = tiles;
      const now = incompleteScores ? k.featureValue(r, false, tiles) : 0;
      this.now[f] = now;
      for (let p = 0; p < P; p++) if (strength[f * P + p] === best) fin[p] = (fin[p] as number) + now;
    }

    const hand = Math.min(1, tilesLeft / w.horizon);
    for (let p = 0; p < P; p++) out[p] = (k.score[p] as number) + w.now * (fin[p] as number);

    // Roads, cities, cloisters and gardens: the chance to be completed and what it would bring.
    for (let f = 0; f < nf; f++) {
      const r = this.roots[f] as number;
      const kind = k.kindOf(r);
      if (kind === K_FIELD) continue;
      const best = this.best[f] as number;
      let holder = 0;
      while (holder < P - 1 && (best <= 0 || strength[f * P + holder] !== best)) holder++;
      const line = kind === K_ROAD || kind === K_CITY;
      const n = line ? k.openCells(r, this.cells) : k.emptyAround(k.segmentTile(r), this.cells);
      const chance = this.completion(k, n, held[holder] as number, tilesLeft);
      this.chance[f] = chance;
      if (best <= 0) continue;
      const tiles = this.tiles[f] as number;
      const complete = k.featureValue(r, true, tiles);
      const grown = line ? (complete * (tiles + w.grow * n)) / tiles : complete;
      const gain = w.complete * chance * (grown - (this.now[f] as number));
      for (let p = 0; p < P; p++) if (strength[f * P + p] === best) out[p] = (out[p] as number) + gain;
    }

    // Fields: each bordering city likely to be completed adds to the majority's points.
    if (farm !== null) {
      const g = farm.graph;
      for (let gf = 0; gf < g.fields; gf++) {
        const f = this.rootIdx[farm.fieldRoots[gf] as number] as number;
        let expected = 0;
        for (let i = g.cityStart[gf] as number; i < (g.cityStart[gf + 1] as number); i++) {
          const c = g.cityList[i] as number;
          if (g.complete[c] === 0) expected += this.cityChance(k, farm.cityRoots[c] as number, gen, tilesLeft);
        }
        this.addField(f, expected, out);
      }
    } else {
      for (let f = 0; f < nf; f++) {
        const r = this.roots[f] as number;
        if (k.kindOf(r) !== K_FIELD) continue;
        const cities = k.citiesOfField(r, this.cityRoots, this.citySeg);
        let expected = 0;
        for (let c = 0; c < cities; c++) {
          const cr = this.cityRoots[c] as number;
          if (k.openOf(cr) !== 0) expected += this.cityChance(k, cr, gen, tilesLeft);
        }
        this.addField(f, expected, out);
      }
    }

    // Figures: in supply, on the board, and coming back from features likely to be completed.
    for (let i = 0; i < k.nMeeples; i++) {
      const worth = this.handWorth[k.mKind[i] as number] as number;
      const f = this.figFeat[i] as number;
      if (worth === 0 || k.kindOf(this.roots[f] as number) === K_FIELD) continue;
      const o = k.mOwner[i] as number;
      out[o] = (out[o] as number) + w.back * (this.chance[f] as number) * worth * hand;
    }
    for (let p = 0; p < P; p++) {
      let figures = 0;
      for (const { code, worth, onBoard, perPlayer: per } of this.figures) {
        const inSupply = k.inSupply(p, code);
        figures += worth * (onBoard ? per - inSupply : inSupply);
      }
      if (k.inSupply(p, 0) === 0) figures -= w.none;
      out[p] = (out[p] as number) + figures * hand;
    }
  }

  /** The chance that the open city rooted at cr is completed (as computed for a held feature, or for a holder of one). */
  private cityChance(k: Kernel, cr: number, gen: number, tilesLeft: number): number {
    if (this.rootGen[cr] === gen) return this.chance[this.rootIdx[cr] as number] as number;
    return this.completion(k, k.openCells(cr, this.cells), 1, tilesLeft);
  }

  /** Adds a field's expected completed cities (field weight each) to its majority's worth. */
  private addField(f: number, expected: number, out: Float64Array): void {
    const P = out.length;
    const best = this.best[f] as number;
    if (best <= 0) return;
    for (let p = 0; p < P; p++) if (this.strength[f * P + p] === best) out[p] = (out[p] as number) + this.w.field * expected;
  }

  /** Whether k has drawn as far as the kernel counted last, the same tile: then a sibling's tiles left are the same. */
  private sameDraw(k: Kernel): boolean {
    return k.handSize === 0 && k.bagPos === this.lastPos && k.bagLen === this.lastLen && k.currentType === this.lastType;
  }

  /** Counts the tiles not yet placed by type (the bag, the tile drawn, the hands): their multiset, never their order. */
  private countLeft(k: Kernel): number {
    const left = this.left;
    left.fill(0);
    let n = 0;
    for (let i = k.bagPos; i < k.bagLen; i++) {
      const t = k.bag[i] as number;
      left[t] = (left[t] as number) + 1;
      n++;
    }
    if (k.handSize === 0) {
      if (k.currentType >= 0) {
        left[k.currentType] = (left[k.currentType] as number) + 1;
        n++;
      }
    } else {
      for (let p = 0; p < k.players; p++) {
        for (let s = 0; s < (k.handLen[p] as number); s++) {
          const t = k.hands[p * k.handSize + s] as number;
          left[t] = (left[t] as number) + 1;
          n++;
        }
      }
    }
    this.lastPos = k.bagPos;
    this.lastLen = k.bagLen;
    this.lastType = k.currentType;
    this.lastLeft = n;
    let same = true;
    for (let t = 0; t < left.length && same; t++) same = left[t] === this.previous[t];
    if (same) return n;
    this.previous.set(left);
    this.tilesGen = (this.tilesGen + 1) >>> 0 || 1;
    let m = 0;
    for (let t = 0; t < left.length; t++) if ((left[t] as number) > 0) this.present[m++] = t;
    this.nPresent = m;
    return n;
  }

  /**
   * The chance that each of the n cells in `cells` (as Kernel.openCells writes them; -1 for a cell
   * no tile touches yet) gets a tile that closes the feature there, for a holder of `held` open
   * features (which thin its draws).
   */
  private completion(k: Kernel, n: number, held: number, tilesLeft: number): number {
    if (tilesLeft === 0) return 0;
    const h = Math.min(CHANCE_HELD - 1, Math.max(1, held));
    const draws = (this.w.reach * (tilesLeft / k.players)) / (1 + this.w.share * (h - 1));
    let chance = 1;
    for (let j = 0; j < n; j++) {
      const cell = this.cells[j] as number;
      if (cell < 0) {
        chance *= this.w.cell;
        continue;
      }
      const key = k.frontierDemand(cell >> 4) * 16 + (cell & 15);
      const full = key * CHANCE_HELD + h;
      const at = slot(full);
      if (this.chanceGen[at] !== this.tilesGen || this.chanceKey[at] !== full) {
        this.chanceGen[at] = this.tilesGen;
        this.chanceKey[at] = full;
        this.cellChance[at] = this.w.cell * (1 - (1 - this.closing(k, key) / tilesLeft) ** draws);
      }
      chance *= this.cellChance[at] as number;
    }
    return chance;
  }

  /**
   * How many of the tiles not yet placed fit a cell (key: its demand × 16 + `sides`) in some
   * rotation where the roads and cities they show on the edges in `sides` (bits N, E, S, W) go
   * nowhere else than to the cell's neighbours: tiles that close what comes in there, without
   * opening it further.
   */
  private closing(k: Kernel, key: number): number {
    const demand = key >> 4;
    const sides = key & 15;
    const at = slot(key);
    if (this.fitGen[at] === this.tilesGen && this.fitKey[at] === key) return this.fitCount[at] as number;
    const T = k.tables;
    let neighbours = 0;
    for (let d = 0; d < 4; d++) if (demandAt(demand, d) !== 0) neighbours |= 1 << d;
    let n = 0;
    for (let j = 0; j < this.nPresent; j++) {
      const t = this.present[j] as number;
      const rotations = T.fitRotations[t * DEMANDS + demand] as number;
      let closes = false;
      for (let q = 0; q < 4 && !closes; q++) {
        if ((rotations & (1 << q)) === 0) continue;
        closes = true;
        for (let d = 0; d < 4 && closes; d++) {
          if ((sides & (1 << d)) === 0) continue;
          const f = T.edgeFeat[(t * 4 + q) * 4 + d] as number;
          closes = f >= 0 && ((T.featEdgeMask[(t * 4 + q) * MAXF + f] as number) & ~neighbours) === 0;
        }
      }
      if (closes) n += this.left[t] as number;
    }
    this.fitGen[at] = this.tilesGen;
    this.fitKey[at] = key;
    this.fitCount[at] = n;
    return n;
  }
}
