import fc from 'fast-check';
import { expect } from 'vitest';
import {
  applyMove,
  createGame,
  type Edge,
  EDGES,
  type ExpansionName,
  type FarmerRuleName,
  type FeatureView,
  type GameOptions,
  type GameState,
  HALF_EDGES,
  type HalfEdge,
  legalTurns,
  type MeepleKind,
  type MeepleOnBoard,
  type TurnMove,
  type RiverStartTile,
  type Rotation,
  type Spot,
  TILE_SETS,
  tileDefinition,
} from 'carcassonne-engine';
import { loadReference } from './reference-data';

export const FARMER_RULES: readonly FarmerRuleName[] = ['farm-3', 'farm-3-once', 'city-4', 'none'];

export const EXPANSIONS: readonly ExpansionName[] = ['river', 'abbot', 'inns-cathedrals', 'traders-builders'];
export const RIVER_START_TILES: readonly RiverStartTile[] = ['removed', 'shuffled', 'first-land'];

/**
 * Options of a random game: players, seed, tile set, edition, farmer rule, expansions (any subset
 * of The River, The Abbot, Inns & Cathedrals and Traders & Builders, in any order) and their rules
 * (each left out at times, so that the defaults are played too). 2 to 5 players, or 2 to 6 with
 * Inns & Cathedrals (its sixth colour, rules-facts §d).
 */
/** The house rules of random games' `rules`, each on in some games (a record's fields). */
export const houseRules = {
  incomplete: fc.constantFrom('score' as const, 'none' as const),
  table: fc.option(
    fc.record({
      minX: fc.integer({ min: -7, max: 0 }),
      maxX: fc.integer({ min: 0, max: 7 }),
      minY: fc.integer({ min: -7, max: 0 }),
      maxY: fc.integer({ min: 0, max: 7 }),
    }),
    { nil: null, freq: 3 },
  ),
  tableEdge: fc.constantFrom('open' as const, 'closes' as const),
  firstPlayer: fc.constantFrom(0, 1, 'random' as const, 'draw-roads' as const),
  fillingHole: fc.constantFrom('nothing' as const, 'extra-turn' as const),
  unplaceable: fc.constantFrom('removed' as const, 'returned' as const),
  startTile: fc.constantFrom('board' as const, 'bag' as const),
  hand: fc.option(fc.record({ size: fc.constantFrom(1 as const, 2 as const, 3 as const), visible: fc.boolean() }), {
    nil: null,
    freq: 3,
  }),
};

export const gameOptions: fc.Arbitrary<GameOptions> = fc.shuffledSubarray([...EXPANSIONS]).chain((expansions) =>
  fc.record({
    players: fc.integer({ min: 2, max: expansions.includes('inns-cathedrals') ? 6 : 5 }),
    seed: fc.oneof(fc.integer(), fc.string({ maxLength: 8 })),
    tileSet: fc.constantFrom('base' as const, 'pnp-demo' as const),
    edition: fc.constantFrom('first' as const, 'second' as const, 'current' as const),
    expansions: fc.constant(expansions),
    rules: fc.record(
      {
        farmers: fc.constantFrom(...FARMER_RULES),
        smallCity: fc.constantFrom(2 as const, 4 as const),
        riverStartTile: fc.constantFrom(...RIVER_START_TILES),
        gardens: fc.boolean(),
        ...houseRules,
      },
      { requiredKeys: ['farmers', 'smallCity'] },
    ),
  }),
);

/** Move choices: an index into legalTurns per turn (taken modulo its length). */
export const choices = fc.array(fc.nat(), { minLength: 80, maxLength: 80 });

export interface Played {
  readonly states: GameState[];
  readonly moves: TurnMove[];
}

/**
 * Plays a game with moves picked by `picks` (index modulo the number of legal moves, cycling
 * through picks), up to `maxTurns` moves. `states[i+1]` follows `states[i]` by `moves[i]`.
 */
export function play(options: GameOptions, picks: readonly number[], maxTurns = Infinity): Played {
  let s = createGame(options);
  const states = [s];
  const moves: TurnMove[] = [];
  for (let i = 0; s.status === 'playing' && i < maxTurns; i++) {
    const legal = legalTurns(s);
    const m = legal[(picks[i % picks.length] ?? 0) % legal.length] as TurnMove;
    s = applyMove(s, m);
    moves.push(m);
    states.push(s);
  }
  return { states, moves };
}

/** Tiny deterministic generator for tests that need many choices. */
export function lcg(seed: number): () => number {
  let x = seed >>> 0 || 1;
  return () => {
    x = (Math.imul(x, 1664525) + 1013904223) >>> 0;
    return x >>> 8;
  };
}

/** Plays a whole game, each move chosen by `pick` from the legal moves with the random source `r`. */
function playChoosing(options: GameOptions, r: () => number, pick: (legal: TurnMove[], r: () => number, s: GameState) => TurnMove): Played {
  let s = createGame(options);
  const states = [s];
  const moves: TurnMove[] = [];
  while (s.status === 'playing') {
    const m = pick(legalTurns(s), r, s);
    s = applyMove(s, m);
    moves.push(m);
    states.push(s);
  }
  return { states, moves };
}

/** Plays a whole game choosing uniformly with `lcg(seed)`. */
export function playSeeded(options: GameOptions, seed: number): Played {
  return playChoosing(options, lcg(seed), (legal, r) => legal[r() % legal.length] as TurnMove);
}

/**
 * Plays a whole game choosing with `lcg(seed)`, favouring The Abbot's moves: the abbot is deployed
 * whenever it can be one time in two, and taken back one time in four when it can be. Gives games
 * with abbots on cloisters and gardens and recalls, for tests of states.
 */
export function playAbbotHeavy(options: GameOptions, seed: number): Played {
  return playChoosing(options, lcg(seed), (legal, r) => {
    const abbot = legal.filter((m) => m.meeple?.kind === 'abbot');
    const back = legal.filter((m) => m.recall === 'abbot');
    const pool = abbot.length > 0 && r() % 2 === 0 ? abbot : back.length > 0 && r() % 4 === 0 ? back : legal;
    return pool[r() % pool.length] as TurnMove;
  });
}

/**
 * Plays a whole game choosing with `lcg(seed)`, favouring Inns & Cathedrals' large meeple: it is
 * deployed whenever it can be one time in two. Gives games with large meeples on every kind of
 * feature, for tests of states and majorities.
 */
export function playLargeHeavy(options: GameOptions, seed: number): Played {
  return playChoosing(options, lcg(seed), (legal, r) => {
    const large = legal.filter((m) => m.meeple?.kind === 'large');
    const pool = large.length > 0 && r() % 2 === 0 ? large : legal;
    return pool[r() % pool.length] as TurnMove;
  });
}

/**
 * Plays a whole game choosing with `lcg(seed)`, favouring Traders & Builders' figures: a builder or
 * a pig is deployed whenever one can be, three times in four; with the player's builder on the
 * board (and not in a builder's second tile), one time in two a plain placement giving a double
 * turn is taken when there is one (the engine's `builderTurn` guides the choice only: the
 * properties check it); otherwise one time in three a farmer goes on a field. Gives games with
 * builders on roads and cities, double turns, and pigs in contested fields.
 */
export function playTradersHeavy(options: GameOptions, seed: number): Played {
  return playChoosing(options, lcg(seed), (legal, r, s) => {
    const any = (pool: TurnMove[]) => pool[r() % pool.length] as TurnMove;
    const figures = legal.filter((m) => m.meeple?.kind === 'builder' || m.meeple?.kind === 'pig');
    if (figures.length > 0 && r() % 4 !== 0) return any(figures);
    if (!(s.extraTurn === 'builder') && s.meeples.some((m) => m.owner === s.currentPlayer && m.kind === 'builder') && r() % 2 === 0) {
      const extending = legal.filter((m) => m.meeple === undefined && m.recall === undefined && applyMove(s, m).extraTurn === 'builder');
      if (extending.length > 0) return any(extending);
    }
    const tile = s.currentTile as string;
    const farmers = legal.filter(
      (m) =>
        m.meeple?.kind === 'follower' &&
        view(tile, m.rotation)?.features.find((f) => f.spots.includes(m.meeple?.at as Spot))?.kind === 'field',
    );
    if (farmers.length > 0 && r() % 3 === 0) return any(farmers);
    return any(legal);
  });
}

/** True when every object and array reachable from `v` is frozen. */
export function deeplyFrozen(v: unknown): boolean {
  if (typeof v !== 'object' || v === null) return true;
  if (!Object.isFrozen(v)) return false;
  return Object.values(v).every(deeplyFrozen);
}

// ---------------------------------------------------------------------------------------------
// An independent model of the placement rules, written from the rules references (rules-facts
// §f for The River, §g for The Abbot, base.json / river.json for the tiles) and the tile views of
// `tileDefinition`, for the property tests. It never asks the kernel whether a move is legal.

const views = new Map<string, ReturnType<typeof tileDefinition>>();
/** `tileDefinition`, memoised (the model asks for the same views over and over). */
export function view(tile: string, rotation: Rotation): ReturnType<typeof tileDefinition> {
  const key = `${tile}@${rotation}`;
  let v = views.get(key);
  if (v === undefined) {
    v = tileDefinition(tile, rotation);
    views.set(key, v);
  }
  return v;
}

const boards = new WeakMap<GameState, Map<string, { tile: string; rotation: Rotation }>>();
/** The tile at (x, y) from the state's placements alone (not the kernel's board). */
export function cellAt(s: GameState, x: number, y: number): { tile: string; rotation: Rotation } | null {
  let b = boards.get(s);
  if (b === undefined) {
    b = new Map(s.placements.map((p) => [`${p.x},${p.y}`, { tile: p.tile, rotation: p.rotation }]));
    boards.set(s, b);
  }
  return b.get(`${x},${y}`) ?? null;
}

export const DX = [0, 1, 0, -1] as const;
export const DY = [-1, 0, 1, 0] as const;
const opposite = (d: number): number => (d + 2) & 3;

/** Edge kinds facing each other across every shared edge must be equal (a river only meets a river). */
export function edgesMatch(s: GameState, tile: string, x: number, y: number, rotation: Rotation): boolean {
  const v = view(tile, rotation);
  if (v === null) return false;
  return EDGES.every((edge, d) => {
    const n = cellAt(s, x + (DX[d] as number), y + (DY[d] as number));
    if (n === null) return true;
    return view(n.tile, n.rotation)?.edges[EDGES[opposite(d)] as Edge] === v.edges[edge];
  });
}

/** Indices (N=0, E=1, S=2, W=3) of the river edges of a tile as it lies, or null for a land tile. */
export function riverEdges(tile: string, rotation: Rotation): number[] | null {
  const f = view(tile, rotation)?.features.find((x) => x.kind === 'river');
  return f === undefined || !('edges' in f) ? null : f.edges.map((e) => EDGES.indexOf(e));
}

/** The turn of a river tile entered through edge `inEdge` and left through `out`: 0 straight, ±1 a turn. */
export function riverTurn(inEdge: number, out: number): number {
  const flow = opposite(inEdge);
  if (out === flow) return 0;
  return out === ((flow + 1) & 3) ? 1 : -1;
}

/** The river as it lies: its open end (the empty cell and the edge facing the last river tile) and its last turn. */
export interface RiverEnd {
  /** Null once the lake closed the river (or without The River). */
  readonly open: { readonly x: number; readonly y: number; readonly inEdge: number } | null;
  /** The last river tile's turn (0 for the spring or a straight tile). */
  readonly last: number;
  /** River tiles on the board, the spring included. */
  readonly tiles: number;
}

/**
 * Walks the river from the spring through the placements, asserting what rules-facts §f asks: each
 * river tile lies in the empty cell at the river's open end with a river edge facing the last
 * river tile, leaves through at most one other edge, never turns the same way as the river tile
 * just before it, and the river tiles are placed before any land tile (games with a drawOrder
 * putting land tiles first are not walked here).
 */
export function walkRiver(s: GameState): RiverEnd {
  let open: RiverEnd['open'] = null;
  let last = 0;
  let tiles = 0;
  let land = false;
  s.placements.forEach((p, i) => {
    const edges = riverEdges(p.tile, p.rotation);
    if (edges === null) {
      if (i > 0) land = true;
      return;
    }
    tiles++;
    if (i === 0) {
      // The spring: the start tile, river flowing out east (rotation 0); drawn from the bag (a
      // house rule), the first player turned it as they liked.
      expect(p.tile).toBe('RV-spring');
      expect(edges).toHaveLength(1);
      if (s.rules.startTile !== 'bag') expect(edges).toEqual([1]);
      const out = edges[0] as number;
      open = { x: p.x + (DX[out] as number), y: p.y + (DY[out] as number), inEdge: opposite(out) };
      return;
    }
    // With hands of tiles, a hand may hold land tiles beside the last river tiles.
    if (s.hands === null) expect(land, `placements[${i}]: river tile ${p.tile} placed after a land tile`).toBe(false);
    const end = open as RiverEnd['open'];
    expect(end, `placements[${i}]: river tile ${p.tile} placed after the lake`).not.toBeNull();
    if (end === null) return;
    expect([p.x, p.y], `placements[${i}]: river tile ${p.tile} not at the river's open end`).toEqual([end.x, end.y]);
    expect(edges, `placements[${i}]: river tile ${p.tile} not facing the river`).toContain(end.inEdge);
    const outs = edges.filter((e) => e !== end.inEdge);
    expect(outs.length).toBeLessThanOrEqual(1);
    const out = outs[0];
    if (out === undefined) {
      open = null;
      last = 0;
      return;
    }
    const turn = riverTurn(end.inEdge, out);
    expect(turn !== 0 && turn === last, `placements[${i}]: river tile ${p.tile} turns the same way twice in a row`).toBe(false);
    last = turn;
    open = { x: p.x + (DX[out] as number), y: p.y + (DY[out] as number), inEdge: opposite(out) };
  });
  return { open, last, tiles };
}

/**
 * The error code a placement of `tile` at (x, y) turned `rotation` gets by the rules alone, or
 * null when it is legal: the cell must be empty and next to the board, every edge must match,
 * and a river tile must continue the river's open end without an immediate same-way turn.
 */
export function placementCode(s: GameState, river: RiverEnd, tile: string, x: number, y: number, rotation: Rotation): string | null {
  if (cellAt(s, x, y) !== null) return 'cell-occupied';
  // The start tile in the bag (a house rule): the first tile goes to (0, 0), a river's spring first.
  // Only the spring starts a river: another river tile (in a hand of tiles) waits for it.
  if (s.placements.length === 0)
    return x !== 0 || y !== 0 ? 'not-adjacent' : riverEdges(tile, 0) !== null && tile !== 'RV-spring' ? 'river-not-continued' : null;
  if (!EDGES.some((_, d) => cellAt(s, x + (DX[d] as number), y + (DY[d] as number)) !== null)) return 'not-adjacent';
  if (!edgesMatch(s, tile, x, y, rotation)) return 'edge-mismatch';
  const edges = riverEdges(tile, rotation);
  if (edges !== null) {
    const end = river.open;
    if (end === null || end.x !== x || end.y !== y) return 'river-not-continued';
    // Matching edges at the open end put a river edge towards the last river tile.
    const out = edges.find((e) => e !== end.inEdge);
    if (out !== undefined && riverTurn(end.inEdge, out) !== 0 && riverTurn(end.inEdge, out) === river.last) return 'river-u-turn';
  }
  if (offTable(s, x, y)) return 'off-the-table';
  return null;
}

/** Whether (x, y) lies off the game's table (house rule `rules.table`); never without one. */
export function offTable(s: GameState, x: number, y: number): boolean {
  const t = s.rules.table;
  return t !== null && (x < t.minX || x > t.maxX || y < t.minY || y > t.maxY);
}

/** Whether (x, y) counts as closed: off a table whose edge closes features (`rules.tableEdge`). */
export const closedCell = (s: GameState, x: number, y: number): boolean => s.rules.tableEdge === 'closes' && offTable(s, x, y);

/** The empty cells next to the board. */
export function frontier(s: GameState): { x: number; y: number }[] {
  const taken = new Set(s.placements.map((p) => `${p.x},${p.y}`));
  const out = new Map<string, { x: number; y: number }>();
  if (s.placements.length === 0) out.set('0,0', { x: 0, y: 0 });
  for (const p of s.placements) {
    EDGES.forEach((_, d) => {
      const x = p.x + (DX[d] as number);
      const y = p.y + (DY[d] as number);
      if (!taken.has(`${x},${y}`)) out.set(`${x},${y}`, { x, y });
    });
  }
  return [...out.values()];
}

/** Whether `tile` has a legal placement anywhere on the board of `s`, by the rules alone. */
export function fitsAnywhere(s: GameState, river: RiverEnd, tile: string): boolean {
  return frontier(s).some(({ x, y }) => ([0, 90, 180, 270] as const).some((r) => placementCode(s, river, tile, x, y, r) === null));
}

interface RiverRefTile {
  id: string;
  count: number;
  riverRole: 'spring' | 'lake' | 'course';
  features: { type: string }[];
}
interface Refs {
  river: RiverRefTile[];
  /** Inns & Cathedrals' 18 tiles (inns-cathedrals.json), id and copies. */
  innsCathedrals: { id: string; count: number }[];
  /** Traders & Builders' 24 tiles (traders-builders.json), id and copies. */
  tradersBuilders: { id: string; count: number }[];
  baseGardens: string[];
  riverGardens: string[];
  innsCathedralsGardens: string[];
  tradersBuildersGardens: string[];
}
let refs: Refs | null = null;

/**
 * river.json, inns-cathedrals.json, traders-builders.json, and the tiles printed with a garden on
 * one copy (C2 and later, The Abbot) in base.json, river.json, inns-cathedrals.json and
 * traders-builders.json.
 */
function reference(): Refs {
  if (refs === null) {
    const river = loadReference('river.json').tiles as unknown as RiverRefTile[];
    const ic = loadReference('inns-cathedrals.json').tiles;
    const tb = loadReference('traders-builders.json').tiles;
    const hasGarden = (t: { features: { type: string }[] }) => t.features.some((f) => f.type === 'garden');
    refs = {
      river,
      innsCathedrals: ic.map((t) => ({ id: t.id, count: t.count })),
      baseGardens: loadReference('base.json')
        .tiles.filter(hasGarden)
        .map((t) => t.id),
      riverGardens: river.filter(hasGarden).map((t) => t.id),
      innsCathedralsGardens: ic.filter(hasGarden).map((t) => t.id),
      tradersBuilders: tb.map((t) => ({ id: t.id, count: t.count })),
      tradersBuildersGardens: tb.filter(hasGarden).map((t) => t.id),
    };
  }
  return refs;
}

/** The River's course tiles (neither spring nor lake), one id per copy, garden copies swapped in. */
export function riverCourse(gardens: boolean): string[] {
  const { river, riverGardens } = reference();
  const out: string[] = [];
  for (const t of river.filter((x) => x.riverRole === 'course')) {
    for (let i = 0; i < t.count; i++) out.push(gardens && i === 0 && riverGardens.includes(t.id) ? `${t.id}-garden` : t.id);
  }
  return out.sort();
}

/**
 * The tiles of a game, per tile id, from the rules: the land set; with The River its 12 tiles
 * (river.json), the base start tile removed or not (rules.riverStartTile); with Inns & Cathedrals
 * its 18 tiles (inns-cathedrals.json; the print-and-play demo's IC-D and IC-J are the same tiles,
 * so their copies add up); with Traders & Builders its 24 tiles (traders-builders.json); with The
 * Abbot and gardens, one copy of each garden tile (base.json, river.json, inns-cathedrals.json,
 * traders-builders.json; the print-and-play demo's own tiles have none) swapped for its garden copy.
 */
export function expectedTiles(s: Pick<GameState, 'tileSet' | 'expansions' | 'rules'>): Record<string, number> {
  const {
    river: riverTiles,
    innsCathedrals,
    tradersBuilders,
    baseGardens,
    riverGardens,
    innsCathedralsGardens,
    tradersBuildersGardens,
  } = reference();
  const land = TILE_SETS[s.tileSet];
  const counts: Record<string, number> = Object.fromEntries(land.counts);
  const river = s.expansions.includes('river');
  const inns = s.expansions.includes('inns-cathedrals');
  const traders = s.expansions.includes('traders-builders');
  const gardens = s.expansions.includes('abbot') && s.rules.gardens;
  if (river) {
    for (const t of riverTiles) counts[t.id] = t.count;
    if (s.rules.riverStartTile === 'removed') counts[land.startTile] = (counts[land.startTile] as number) - 1;
  }
  if (inns) for (const t of innsCathedrals) counts[t.id] = (counts[t.id] ?? 0) + t.count;
  if (traders) for (const t of tradersBuilders) counts[t.id] = (counts[t.id] ?? 0) + t.count;
  if (gardens) {
    const swapped = [
      ...(s.tileSet === 'base' ? baseGardens : []),
      ...(river ? riverGardens : []),
      ...(inns ? innsCathedralsGardens : []),
      ...(traders ? tradersBuildersGardens : []),
    ];
    for (const id of swapped) {
      counts[id] = (counts[id] as number) - 1;
      counts[`${id}-garden`] = 1;
    }
  }
  return Object.fromEntries(
    Object.entries(counts)
      .filter(([, n]) => n > 0)
      .sort(([a], [b]) => (a < b ? -1 : 1)),
  );
}

/** Tiles in the 8 cells around (x, y) on the board of `s`. */
export function neighbours(s: GameState, x: number, y: number): number {
  let n = 0;
  for (let dy = -1; dy <= 1; dy++) {
    for (let dx = -1; dx <= 1; dx++) {
      // A cell off a table whose edge closes features counts as filled (house rule #10).
      if ((dx !== 0 || dy !== 0) && (cellAt(s, x + dx, y + dy) !== null || closedCell(s, x + dx, y + dy))) n++;
    }
  }
  return n;
}

// ---------------------------------------------------------------------------------------------
// An independent model of the features on a board, from the placements and the tile views alone
// (never the kernel's feature graph): segments joined across matching edges (roads, cities,
// rivers) and half-edges (fields), for majorities and for inn and cathedral scoring.

/**
 * Majority weight of a figure (rules-facts §d: a large meeple counts as 2 meeples; followers and
 * abbots 1; §e: the builder and the pig count for no majority).
 */
export function figureWeight(kind: MeepleKind): number {
  return kind === 'large' ? 2 : kind === 'builder' || kind === 'pig' ? 0 : 1;
}

/** Whether a figure counts for majorities as a meeple of its owner (a follower or a large meeple). */
export const isMeeple = (kind: MeepleKind): boolean => kind === 'follower' || kind === 'large';

/** A feature segment: the tile's cell and the feature as it lies there. */
export interface Segment {
  readonly x: number;
  readonly y: number;
  readonly feature: FeatureView;
}

/** The features of a board, as components of segments. */
export interface BoardModel {
  /** The component of the feature a spot names on the tile at (x, y), or null (no tile, no feature). */
  componentOf(x: number, y: number, spot: Spot): number | null;
  /** The segments of a component. */
  segments(component: number): readonly Segment[];
  /** The distinct cells of a component, as "x,y" strings. */
  cells(component: number): Set<string>;
}

/** The half-edge facing half-edge index h across its edge (NNW faces the neighbour's SSW, ENE its WNW, …). */
const FACING_HALF = [5, 4, 7, 6, 1, 0, 3, 2] as const;

/** Joins the segments of the board of `s` into features, from the tile views alone. */
export function boardModel(s: GameState): BoardModel {
  const index = new Map<string, number>();
  const segs: Segment[] = [];
  for (const p of s.placements) {
    view(p.tile, p.rotation)?.features.forEach((feature, i) => {
      index.set(`${p.x},${p.y}#${i}`, segs.length);
      segs.push({ x: p.x, y: p.y, feature });
    });
  }
  const parent = segs.map((_, i) => i);
  const find = (i: number): number => {
    while (parent[i] !== i) {
      parent[i] = parent[parent[i] as number] as number;
      i = parent[i] as number;
    }
    return i;
  };
  const join = (a: number, b: number) => {
    parent[find(a)] = find(b);
  };
  segs.forEach((seg, i) => {
    const f = seg.feature;
    if (f.kind === 'road' || f.kind === 'city' || f.kind === 'river') {
      for (const e of f.edges) {
        const d = EDGES.indexOf(e);
        const nx = seg.x + (DX[d] as number);
        const ny = seg.y + (DY[d] as number);
        const n = cellAt(s, nx, ny);
        if (n === null) continue;
        const facing = EDGES[opposite(d)] as Edge;
        const j = view(n.tile, n.rotation)?.features.findIndex((g) => g.kind === f.kind && 'edges' in g && g.edges.includes(facing)) ?? -1;
        if (j >= 0) join(i, index.get(`${nx},${ny}#${j}`) as number);
      }
    } else if (f.kind === 'field') {
      for (const h of f.halfEdges) {
        const hi = HALF_EDGES.indexOf(h);
        const d = hi >> 1;
        const nx = seg.x + (DX[d] as number);
        const ny = seg.y + (DY[d] as number);
        const n = cellAt(s, nx, ny);
        if (n === null) continue;
        const facing = HALF_EDGES[FACING_HALF[hi] as number] as HalfEdge;
        const j = view(n.tile, n.rotation)?.features.findIndex((g) => g.kind === 'field' && g.halfEdges.includes(facing)) ?? -1;
        if (j >= 0) join(i, index.get(`${nx},${ny}#${j}`) as number);
      }
    }
  });
  const members = new Map<number, Segment[]>();
  segs.forEach((seg, i) => {
    const r = find(i);
    const list = members.get(r) ?? [];
    list.push(seg);
    members.set(r, list);
  });
  return {
    componentOf(x, y, spot) {
      const c = cellAt(s, x, y);
      if (c === null) return null;
      const i = view(c.tile, c.rotation)?.features.findIndex((f) => f.spots.includes(spot)) ?? -1;
      return i < 0 ? null : find(index.get(`${x},${y}#${i}`) as number);
    },
    segments: (component) => members.get(component) ?? [],
    cells: (component) => new Set((members.get(component) ?? []).map((seg) => `${seg.x},${seg.y}`)),
  };
}

/** The component of a feature id ("x,y:SPOT"). */
export function componentOfId(board: BoardModel, id: string): number | null {
  const [cell, spot] = id.split(':') as [string, Spot];
  const [x, y] = cell.split(',').map(Number) as [number, number];
  return board.componentOf(x, y, spot);
}

/** The figures of each component, per board model (a model is of one state: `boardModel(s)`). */
const figuresByComponent = new WeakMap<BoardModel, Map<number, MeepleOnBoard[]>>();

/**
 * For a tile about to be placed at (x, y) turned `rotation` on the board of `s`: for each of its
 * features (by index in its view), the figures already standing in the feature it will belong to
 * once placed: the figures of every board feature it joins across its edges (roads, cities) or
 * half-edges (fields), the features of the tile that join a common board feature taken together.
 * From the tile views and `s.meeples` alone (rules-facts §a: a feature is what its segments join).
 * `board` must be `boardModel(s)`.
 */
export function figuresJoined(s: GameState, board: BoardModel, tile: string, x: number, y: number, rotation: Rotation): MeepleOnBoard[][] {
  const v = view(tile, rotation);
  if (v === null) return [];
  const joined = v.features.map((f) => {
    const out = new Set<number>();
    const add = (nx: number, ny: number, pred: (g: FeatureView) => boolean) => {
      const n = cellAt(s, nx, ny);
      if (n === null) return;
      const g = view(n.tile, n.rotation)?.features.find(pred);
      const c = g === undefined ? null : board.componentOf(nx, ny, g.spot);
      if (c !== null) out.add(c);
    };
    if (f.kind === 'road' || f.kind === 'city') {
      for (const e of f.edges) {
        const d = EDGES.indexOf(e);
        const facing = EDGES[opposite(d)] as Edge;
        add(x + (DX[d] as number), y + (DY[d] as number), (g) => g.kind === f.kind && g.edges.includes(facing));
      }
    } else if (f.kind === 'field') {
      for (const h of f.halfEdges) {
        const hi = HALF_EDGES.indexOf(h);
        const d = hi >> 1;
        const facing = HALF_EDGES[FACING_HALF[hi] as number] as HalfEdge;
        add(x + (DX[d] as number), y + (DY[d] as number), (g) => g.kind === 'field' && g.halfEdges.includes(facing));
      }
    }
    return out;
  });
  // Features of the tile joining a common board feature become one feature.
  const group = joined.map((_, i) => i);
  for (let i = 0; i < joined.length; i++) {
    for (let j = 0; j < i; j++) {
      if ([...(joined[i] as Set<number>)].some((c) => joined[j]?.has(c))) {
        const from = group[i] as number;
        const to = group[j] as number;
        for (let k = 0; k < group.length; k++) if (group[k] === from) group[k] = to;
      }
    }
  }
  let byComponent = figuresByComponent.get(board);
  if (byComponent === undefined) {
    byComponent = new Map<number, MeepleOnBoard[]>();
    for (const m of s.meeples) {
      const c = board.componentOf(m.x, m.y, m.at);
      if (c !== null) byComponent.set(c, [...(byComponent.get(c) ?? []), m]);
    }
    figuresByComponent.set(board, byComponent);
  }
  const figures = byComponent;
  return joined.map((_, i) => {
    const comps = new Set<number>();
    joined.forEach((cs, j) => {
      if (group[j] === group[i]) for (const c of cs) comps.add(c);
    });
    return [...comps].flatMap((c) => figures.get(c) ?? []);
  });
}

/**
 * The index in `placements` of the move of turn 0: 1 after the start tile, or 0 when the start
 * tile was in the bag (a house rule) and every placement is a move.
 */
export const firstMove = (s: GameState): number => (s.rules.startTile === 'bag' ? 0 : 1);
