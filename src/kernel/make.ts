import { addFrontier, cellIndex } from './board.js';
import { Kernel, type KernelRules } from './kernel.js';
import { attach, layOut } from './layout.js';
import { placeTile } from './place.js';
import type { Ruleset } from './ruleset.js';
import { newScratch } from './scratch.js';
import type { TileTables } from './tables.js';

// Making kernels: a new game's, a clone, a copy into a kernel of the same shape.

/** The first kernel of each shape (see createKernel), by compiled rules and "players|followers". */
const templates = new WeakMap<Ruleset, Map<string, Kernel>>();

/**
 * A kernel with only the start tile on the board (with `empty`, nothing: a set-up board is
 * placed tile by tile) and an empty bag.
 */
export function createKernel(tables: TileTables, rules: KernelRules, players: number, empty = false): Kernel {
  // Kernels of one shape (rules compiled alike, as many players and followers) share their
  // layout and scratch space: only the first of them builds it.
  let shapes = templates.get(rules.ruleset);
  if (shapes === undefined) {
    shapes = new Map();
    templates.set(rules.ruleset, shapes);
  }
  const shape = `${players}|${rules.meeples}`;
  const template = shapes.get(shape);
  const k = new Kernel();
  if (template !== undefined && template.tables === tables) {
    shareConstants(k, template);
    (k as { rules: KernelRules }).rules = rules;
  } else {
    build(k, tables, rules, players);
    shapes.set(shape, k);
  }
  attach(k, new ArrayBuffer(k.layout.bytes));
  setUp(k, empty);
  return k;
}

/** The constants, layout and scratch space of a shape not seen yet. */
function build(k: Kernel, tables: TileTables, rules: KernelRules, players: number): void {
  // A bit per player in `owners`: the options allow 6 players.
  if (players > 8) throw new RangeError(`a kernel plays at most 8 players, not ${players}`);
  const capacity = tables.count.reduce((a, b) => a + b, 0);
  const F = rules.ruleset.figures;
  let segs = 0;
  for (let t = 0; t < tables.types; t++) segs += (tables.count[t] as number) * (tables.nFeat[t] as number);
  let figures = players * rules.meeples + 1;
  for (let f = 1; f < F.kinds; f++) figures += players * (F.perPlayer[f * 8 + players] as number);
  const frontier = capacity * 2 + 4;
  // Tiles and frontier cells at most, in a table at most half full.
  let hashBits = 4;
  while (1 << hashBits < 2 * (capacity + frontier)) hashBits++;
  let nf = 0;
  for (let t = 0; t < tables.types; t++) nf = Math.max(nf, tables.nFeat[t] as number);
  const handSize = rules.ruleset.handSize;
  // With hands, the moves of each distinct tile of a hand.
  // A module's action or step writes at most `most` codes (free moves come besides any step's).
  let more = 0;
  for (const a of rules.ruleset.actions) more += a?.most ?? 0;
  let steps = 0;
  for (const st of rules.ruleset.steps) if (st !== null) steps = st.free ? steps + st.most : Math.max(steps, st.most);
  const maxMoves = frontier * 4 * (2 + F.kinds * nf + more) * Math.max(1, handSize) + steps;
  Object.assign(k, { tables, rules, players, capacity, segments: segs, hashBits, maxMoves, handSize });
  k.layout = layOut({
    players,
    kinds: F.kinds,
    capacity,
    frontier,
    segments: segs,
    figures,
    cells: 1 << hashBits,
    tokens: rules.ruleset.tokenKinds,
    slots: rules.ruleset.slots,
    neutrals: rules.ruleset.neutrals.length,
    // The steps of every turn: a tile step and an action step a tile, and each module's steps.
    steps: 2 + rules.ruleset.steps.filter((st) => st !== null).length,
    handSize,
  });
  k.scratch = newScratch(players, F.kinds, capacity, segs, figures);
}

/**
 * Fills the players' supplies and places the start tile: a new game's board. A start tile that
 * is drawn (TileSetDef.startDrawn) leaves the board empty, (0, 0) its one open cell; so does
 * `empty` (a set-up board), without the open cell.
 */
function setUp(k: Kernel, empty: boolean): void {
  const F = k.rules.ruleset.figures;
  const P = k.players;
  k.supply.fill(k.rules.meeples, 0, P);
  for (let f = 1; f < F.kinds; f++) k.supply.fill(F.perPlayer[f * 8 + P] as number, f * P, (f + 1) * P);
  k.sole.fill(-1);
  k.nTile.fill(-1);
  k.nBeside.fill(-1);
  if (empty) return;
  if (k.tables.set.startDrawn === true) addFrontier(k, cellIndex(k, 0, 0), 0, 0);
  else placeTile(k, k.tables.startType, 0, 0, 0);
}

/** An independent copy of `from`. */
export function cloneKernel(from: Kernel): Kernel {
  const k = new Kernel();
  // Field by field rather than Object.assign: the copy keeps the class's shape, and it is fast.
  shareConstants(k, from);
  copyScalars(k, from);
  attach(k, from.buffer.slice(0));
  return k;
}

/** Makes `k` a copy of `from`, a kernel of the same shape, in k's own memory: no allocation. */
export function copyKernel(k: Kernel, from: Kernel): void {
  k.bytes.set(from.bytes);
  copyScalars(k, from);
  (k as { rules: KernelRules }).rules = from.rules;
}

function copyScalars(k: Kernel, from: Kernel): void {
  k.nPlaced = from.nPlaced;
  k.minX = from.minX;
  k.maxX = from.maxX;
  k.minY = from.minY;
  k.maxY = from.maxY;
  k.nFront = from.nFront;
  k.landStarted = from.landStarted;
  k.nSeg = from.nSeg;
  k.nMeeples = from.nMeeples;
  k.current = from.current;
  k.turn = from.turn;
  k.extraTurn = from.extraTurn;
  k.extraBy = from.extraBy;
  k.phase = from.phase;
  k.placed = from.placed;
  k.keeps = from.keeps;
  k.finished = from.finished;
  k.bagPos = from.bagPos;
  k.bagLen = from.bagLen;
  k.currentType = from.currentType;
  k.nDiscarded = from.nDiscarded;
  k.logged = from.logged;
}

function shareConstants(k: Kernel, from: Kernel): void {
  // One store a field (an object literal handed to Object.assign costs a clone twice as much).
  const self = k as unknown as { tables: TileTables; rules: KernelRules } & Record<
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
  k.layout = from.layout;
  k.scratch = from.scratch;
}
