/**
 * Reference referee: a second, deliberately slow and simple implementation of the base-game rules
 * and of The River, The Abbot, Inns & Cathedrals and Traders & Builders (rules-facts §f, §g, §h,
 * §d, §e), written independently of the engine in `src/`, used as a test oracle.
 *
 * Design: the board is a plain list of placed tiles (id, position, rotation, rotated definition)
 * plus a list of figures (owner, kind, position, feature index on that tile). Every question is
 * answered from all features recomputed from scratch with a flood fill over (tile, feature) nodes
 * (kept until the board or its figures change). Where a figure may go on a tile not yet placed is
 * read off those features and the ones the tile's segments would join; play() checks it again the
 * slow way, flooding the board with the tile on it.
 *
 * Tile data is read at run time from the reference JSON copied into the repository (`tests/fixtures/reference`): the land
 * tiles from base.json or pnp-demo-c2.json, the river tiles from river.json, the Inns & Cathedrals
 * tiles from inns-cathedrals.json (added to the land set; IC-D and IC-J, also in the print-and-play
 * demo, then have both sets' copies), the Traders & Builders tiles from traders-builders.json, and
 * the gardens from the `garden` features there
 * (`presentOnCopies` copies of a tile carry one; such a copy gets the id `<id>-garden`, as in the
 * engine).
 *
 * Inns & Cathedrals (rules-facts §d): a road with an inn (`inn: true` on a road feature) scores 2 a
 * tile when completed and 0 when incomplete at the end; a city with a cathedral (`cathedral: true`)
 * 3 a tile and 3 a pennant, 0 when incomplete; a second inn or cathedral adds nothing. Each player
 * has one large meeple; it goes wherever a follower may and counts 2 in every majority.
 *
 * The River is checked by following the river from the spring on every question: the last tile
 * reached is the one a new river tile must continue (from the empty cell beyond it), and the turn
 * the river makes on it is the turn the new tile may not repeat.
 *
 * Traders & Builders (rules-facts §e, §a), tiles from traders-builders.json (`goods` on city
 * segments; C2 gardens on TB-K and TB-U):
 * - Goods: after the scoring of a move, every city the move completed (the cities holding the
 *   tile just placed that are complete) gives the player who placed the tile one token per goods
 *   symbol in it, whoever (if anyone) holds it. At the end, for each kind, the players tied for the
 *   most tokens score 10; with no token of a kind, nobody does.
 * - The builder (one a player) goes, instead of a follower, on a road or city segment of the tile
 *   just placed whose feature (the tile joined to the board) holds a follower or large meeple of
 *   its owner. It weighs 0 in every majority and returns with its feature's completion. A tile
 *   that joins a road or city segment of its own to the feature holding its player's builder
 *   (looked at before anything is deployed) gives the same player a second tile, even when this
 *   tile completes the feature; the second tile never gives a third.
 * - The pig (one a player) goes, instead of a follower, on a field segment of the tile just placed
 *   whose field holds a farmer (follower or large meeple) of its owner. It weighs 0 and stays.
 *   Fields: under 'farm-3' a majority holder with a pig in the field scores 4 a city instead of 3;
 *   under 'farm-3-once' a player scores each city once, 4 when it is scored through a field
 *   holding their pig, else 3; under 'city-4' a winner of a city with a pig in one of the fields
 *   bordering it scores 5 instead of 4 (the engine's documented choice; the rulebooks say nothing).
 *
 * The Tower (wikicarpedia, The Tower; the C2 rules transcribed at papageek.com/car/Tower.htm;
 * mjharper's Carcassonne FAQ; JCloisterZone's TowerCapability, TowerCapturePhase and PayRansom,
 * which agree), tiles from tower.json (`towerFoundation: true` on each of its 18 tiles; C2 gardens
 * on TO-F and TO-RR):
 * - Each tile with a foundation placed starts a tower of 0 floors. Floors per player: 2p 10, 3p 9,
 *   4p 7, 5p 6, 6p 5 (30 in the box; wikicarpedia, The Tower).
 * - Instead of deploying on the tile just placed (`RefMove.tower`), a player may put a floor on any
 *   tower of the board (the tile just placed included) with no follower on top ("open"), or put a
 *   follower or large meeple on an open tower of at least one floor, closing it (the abbot stands
 *   only on cloisters and gardens; builders and pigs only join features). Papageek: "Place one of
 *   your tower floors on a tower foundation space on any placed tile … to any open tower … Place
 *   one of your meeples on any open tower. This closes the tower."
 * - After a floor, the player may capture one figure counting for majority (a follower, a large
 *   meeple, an abbot; never a builder or a pig) standing on a tile in the same row or column as
 *   the tower within its height (the new floor counted, the tower's own tile included, empty cells
 *   and other towers no obstacle; papageek: "for each floor in the tower, you can reach one tile in
 *   each of the 4 directions … beyond empty spaces on the board and over all towers"), a follower
 *   on another tower's top included (it reopens that tower). One's own goes back to the supply;
 *   another's is held by the capturer. A captured figure's owner's builder and pig on its feature
 *   go back to the supply when the owner has no follower or large meeple left there.
 * - A prisoner whose owner holds figures of the capturer goes back to its owner at once, and one of
 *   the capturer's comes back (papageek: "Whenever you and another player have a meeple belonging
 *   to the other, you exchange them immediately"): of the one kind held, or of the kind the
 *   capturer chooses when the owner holds several kinds (`exchange`).
 * - The capture comes before the scoring of what the tile completed (the tower action is the
 *   "deploy" part of the turn, scoring comes after it).
 * - Once a turn (mjharper's FAQ: "It happens once per turn. The double-turn is still only one
 *   turn."), before deploying, a player with at least 3 points may pay 3 points to the player
 *   holding one of their figures to get it back to supply, where it may be deployed at once
 *   (`ransom`; JCloisterZone's PayRansom asks for the 3 points; a large meeple costs 3 too).
 * - Towers, their floors and tops, and prisoners score nothing at the end.
 *
 * House rules (house-rules.md; docs/rules.md, "House rules"): each is a rule of `RefRules`. With a
 * hand of tiles the referee draws, from a `RefDraw` giving the bag's tiles in order (an input, as
 * the seed is): it deals, draws each hand back up after its player's turn, judges a hand as a whole
 * when its player is to move (giving it up and drawing anew when no tile fits), passes players
 * holding nothing, and ends the game when the bag and every hand are empty.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Edge, HalfEdge, Rotation } from '../../src/core/geometry.js';
// The seeded random numbers are a shared primitive (the same seed must give the same draws); the
// rules drawn with them are written here independently.
import { hashSeed, mulberry32 } from '../../src/core/rng.js';

// ---------------------------------------------------------------------------------------------
// Public types
// ---------------------------------------------------------------------------------------------

export type RefRules = {
  farmers: 'city-4' | 'farm-3-once' | 'farm-3' | 'none';
  smallCity: 2 | 4;
  meeples: number;
  /**
   * House rule (house-rules.md #8): `'none'` when roads, cities, cloisters and gardens still
   * incomplete at the end score nothing (fields and goods as usual); `'score'` (default) otherwise.
   */
  incomplete?: 'score' | 'none';
  /**
   * House rule (house-rules.md #9): the table, cells around the start tile with bounds included; no
   * tile may lie off it. `null` or absent: no edge.
   */
  table?: { minX: number; maxX: number; minY: number; maxY: number } | null;
  /**
   * House rule (house-rules.md #10), with a table: `'closes'` when an edge facing the table's border
   * counts as closed and a cell off the table around a cloister or garden as filled.
   */
  tableEdge?: 'open' | 'closes';
  /**
   * House rules (house-rules.md #1, #2): who moves first, a player index (default 0), `'random'`,
   * or `'draw-roads'` (each draws a land tile, the most road ends starts, the tied draw again).
   */
  firstPlayer?: number | 'random' | 'draw-roads';
  /**
   * House rule (house-rules.md #7): `'extra-turn'` when a tile placed with tiles on its four sides
   * gives its player another tile at once (which gives no third); `'nothing'` (default) otherwise.
   */
  fillingHole?: 'nothing' | 'extra-turn';
  /**
   * House rule (house-rules.md #5): `'returned'` when a drawn land tile that fits nowhere goes back
   * into the bag, leaving the game only when no tile left fits anywhere; `'removed'` (default):
   * it leaves the game (rules-facts §h). River tiles always leave.
   */
  unplaceable?: 'removed' | 'returned';
  /**
   * House rule (house-rules.md #5, first half): `'bag'` when the start tile is shuffled in with the
   * others and the first player places the first tile drawn at 0,0 (with The River, the spring,
   * drawn first); `'board'` (default): it starts the board.
   */
  startTile?: 'board' | 'bag';
  /**
   * House rules (house-rules.md #3, #4; docs/rules.md, "A hand of tiles"): each player holds `size`
   * tiles and plays one of them; `null` or absent: each turn draws its tile. With hands the
   * referee draws: each step takes a `RefDraw`, the bag's next tile (the order is the game's input,
   * like the seed; what the rules do with the tiles is decided here).
   */
  hand?: { size: 1 | 2 | 3 } | null;
};

/** The next tile in the bag, or null when it is empty (a hand of tiles draws with it). */
export type RefDraw = () => string | null;

/** A tile that left a hand or a draw because it fit nowhere, and what became of it. */
export interface RefUnplaced {
  player: number;
  tile: string;
  fate: 'discarded' | 'returned';
}

/**
 * Who moves first under `choice` (docs/rules.md, "Choosing the first player"): the numbers come
 * from mulberry32 seeded with the game seed's hash xor 0x9e3779b9. `'random'`: the first number
 * modulo the players. `'draw-roads'`: the land tiles (every copy but the start tile's) sorted by
 * id form a pile; each round the players still in, in seat order, each take the tile at (number
 * modulo what is left), not put back within the round; those with the most road ends stay in.
 */
function chooseFirst(
  choice: RefRules['firstPlayer'],
  seed: number | string,
  players: number,
  game: RefGameTiles,
  startInBag: boolean,
): number {
  if (choice === undefined || typeof choice === 'number') return choice ?? 0;
  const next = mulberry32((hashSeed(seed) ^ 0x9e3779b9) >>> 0);
  if (choice === 'random') return next() % players;
  const land = [...game.types.values()].filter((t) => t.riverRole === undefined).sort((a, b) => (a.id < b.id ? -1 : 1));
  // The start tile's copy is not in the pile, unless it is in the bag (then it is a land tile).
  const pile = land.flatMap((t) => new Array<string>(t.count - (t.id === game.start && !startInBag ? 1 : 0)).fill(t.id));
  const roads = (id: string): number => (game.types.get(id) as RefTileType).def.edges.filter((e) => e === 'road').length;
  let contenders = Array.from({ length: players }, (_, p) => p);
  while (contenders.length > 1) {
    const left = [...pile];
    const drawn = contenders.map((p) => ({ p, n: roads(left.splice(next() % left.length, 1)[0] as string) }));
    const most = Math.max(...drawn.map((d) => d.n));
    contenders = drawn.filter((d) => d.n === most).map((d) => d.p);
  }
  return contenders[0] as number;
}

/** Cells that count as closed (off a table whose edge closes features); none by default. */
type Closed = (x: number, y: number) => boolean;
const noneClosed: Closed = () => false;

/**
 * A follower, The Abbot's abbot, Inns & Cathedrals' large meeple (weight 2 in majorities, §d), or
 * Traders & Builders' builder and pig (weight 0, §e).
 */
export type RefFigure = 'follower' | 'abbot' | 'large' | 'builder' | 'pig';

/** The kinds of goods (Traders & Builders, rules-facts §e), in the order the final scoring takes them. */
export const GOODS = ['wine', 'grain', 'cloth'] as const;
export type RefGoods = (typeof GOODS)[number];
export type RefGoodsTokens = Record<RefGoods, number>;

export interface RefMove {
  tile: string;
  x: number;
  y: number;
  rotation: 0 | 90 | 180 | 270;
  /** The figure deployed on the placed tile; `kind` defaults to a follower. */
  meeple?: { at: string; kind?: RefFigure } | null;
  /** The Abbot: take the abbot back instead of deploying (rules-facts §g). */
  recall?: 'abbot' | null;
  /** The Tower: instead of deploying, a floor or a follower (closing it) on the tower at (x, y). */
  tower?: RefTowerAction | null;
}

/** The Tower: a floor or a follower or large meeple put on the tower of the tile at (x, y). */
export interface RefTowerAction {
  x: number;
  y: number;
  kind: 'floor' | 'follower' | 'large';
}

/** The Tower: a tower (a tile with a foundation), its floors and the figure closing it. */
export interface RefTower {
  x: number;
  y: number;
  floors: number;
  top: { owner: number; kind: RefFigure } | null;
}

/** The Tower: the figures of `owner` of a kind held by `jailer`. */
export interface RefPrisoners {
  jailer: number;
  owner: number;
  kind: RefFigure;
  count: number;
}

/** The Tower: a figure to capture, on the tile at (x, y), at its canonical spot; `at` null: the top of the tower there. */
export interface RefCapture {
  x: number;
  y: number;
  at: string | null;
}

/** Where a turn stands: waiting for a tile, or (The Tower) for a capture or an exchange's choice. */
export type RefStep = 'tile' | 'capture' | 'exchange';

/** The Tower: floors each player starts with, by number of players (wikicarpedia, The Tower). */
export const TOWER_FLOORS: Readonly<Record<number, number>> = { 2: 10, 3: 9, 4: 7, 5: 6, 6: 5 };

/** The Tower: the points a ransom costs, paid to the jailer. */
export const RANSOM_POINTS = 3;

export type RefFeatureKind = 'road' | 'city' | 'cloister' | 'field' | 'river' | 'garden';

export type RefExpansion = 'river' | 'abbot' | 'inns-cathedrals' | 'traders-builders' | 'tower';
export type RefRiverStart = 'removed' | 'shuffled' | 'first-land';

/** What decides the tiles of a game. */
export interface RefSetup {
  tileSet: RefTileSetName;
  expansions?: readonly RefExpansion[];
  /** With The River: the base start tile is removed (default), shuffled in, or the first land tile. */
  riverStartTile?: RefRiverStart;
  /** With The Abbot: whether the garden copies are used (default true). */
  gardens?: boolean;
}

/**
 * A figure on the board; `at` is the canonical spot of its feature on its tile, the engine's
 * convention: the first edge (roads, cities), C, G, or for a field its first half-edge (or I).
 */
export interface RefFigureOnBoard {
  owner: number;
  kind: RefFigure;
  x: number;
  y: number;
  at: string;
  feature: RefFeatureKind;
}

export interface RefFeature {
  kind: RefFeatureKind;
  /** Distinct "x,y" strings, sorted. */
  tiles: string[];
  complete: boolean;
  /** One entry per meeple on the feature (its owner), sorted. */
  owners: number[];
  pennants: number;
  open: number;
  /** Inns beside the road's segments (roads only; one per inn segment). */
  inns: number;
  /** Cathedrals in the city (cities only). */
  cathedrals: number;
  /** Goods symbols in the city (cities only; Traders & Builders). */
  goods: RefGoodsTokens;
}

/**
 * A majority decided: the feature's kind, its figures (owner and kind), and the players who score
 * it. Fields under 'city-4' are decided per completed city, over every field bordering it (§a).
 */
export interface RefMajority {
  phase: 'play' | 'final';
  kind: RefFeatureKind;
  figures: { owner: number; kind: RefFigure }[];
  holders: number[];
}

export interface RefFinalScore {
  totals: number[];
  /** The final scoring by kind; `goods` is the 10-point goods majorities (Traders & Builders). */
  final: { road: number[]; city: number[]; cloister: number[]; garden: number[]; field: number[]; goods: number[] };
  /** The part of `final.field` due to pigs (Traders & Builders): +1 a city, per player. */
  pigPoints: number[];
}

/** A goods majority of the final scoring (Traders & Builders, rules-facts §e). */
export interface RefGoodsMajority {
  goods: RefGoods;
  /** Tokens of that kind per player. */
  tokens: number[];
  /** The players tied for the most tokens (at least one). */
  holders: number[];
  /** 10 to each holder. */
  awarded: number[];
}

export type RefTileSetName = 'base' | 'pnp-demo';

// ---------------------------------------------------------------------------------------------
// Geometry (spelled out explicitly rather than derived, so it can be checked by eye)
// ---------------------------------------------------------------------------------------------

const EDGE_NAMES: readonly Edge[] = ['N', 'E', 'S', 'W'];
/** Clockwise: index i is half i of edge floor(i/2). */
const HALF_NAMES: readonly HalfEdge[] = ['NNW', 'NNE', 'ENE', 'ESE', 'SSE', 'SSW', 'WSW', 'WNW'];
/** Every spot name, in the order options are listed (a feature's options start with its first spot here). */
const SPOT_NAMES: readonly string[] = ['N', 'E', 'S', 'W', 'C', ...HALF_NAMES, 'I', 'G'];

/** Offsets of the neighbour across edge N, E, S, W (x grows east, y grows south). */
const DX = [0, 1, 0, -1] as const;
const DY = [-1, 0, 1, 0] as const;

/**
 * The neighbour's half-edge that touches my half-edge (README §1.1):
 * own NNW <-> north's SSW, own NNE <-> north's SSE, own ENE <-> east's WNW, own ESE <-> east's WSW,
 * own SSE <-> south's NNE, own SSW <-> south's NNW, own WSW <-> west's ESE, own WNW <-> west's ENE.
 */
const HALF_PARTNER: Readonly<Record<HalfEdge, HalfEdge>> = {
  NNW: 'SSW',
  NNE: 'SSE',
  ENE: 'WNW',
  ESE: 'WSW',
  SSE: 'NNE',
  SSW: 'NNW',
  WSW: 'ESE',
  WNW: 'ENE',
};

function at<T>(arr: readonly T[], i: number): T {
  const v = arr[i];
  if (v === undefined) throw new Error(`referee internal error: index ${i} out of range`);
  return v;
}

function opposite(e: number): number {
  return (e + 2) % 4;
}

function halfPartner(h: number): number {
  return HALF_NAMES.indexOf(HALF_PARTNER[at(HALF_NAMES, h)]);
}

function edgeOfHalf(h: number): number {
  return Math.floor(h / 2);
}

function cellKey(x: number, y: number): string {
  return `${x},${y}`;
}

function quarterTurns(rotation: number): number {
  if (rotation !== 0 && rotation !== 90 && rotation !== 180 && rotation !== 270) {
    throw new Error(`referee: invalid rotation ${String(rotation)} (must be 0, 90, 180 or 270)`);
  }
  return rotation / 90;
}

// ---------------------------------------------------------------------------------------------
// Tile definitions
// ---------------------------------------------------------------------------------------------

type EdgeType = 'city' | 'road' | 'field' | 'river';

export interface RefFeatureDef {
  kind: RefFeatureKind;
  /** The JSON feature id (e.g. 'city1'), for messages. */
  name: string;
  /** Edge indices (0=N..3=W) touched by a road, city or river; empty otherwise. Sorted. */
  edges: number[];
  /** Half-edge indices (0=NNW..7=WNW) of a field; empty otherwise. Sorted. */
  halves: number[];
  pennants: number;
  /** Fields: indices (into the tile's feature list) of the city features it borders. */
  adjacentCities: number[];
  /** Roads: an inn lies beside this segment (JSON `inn: true`). */
  inn: boolean;
  /** Cities: a cathedral stands in this segment (JSON `cathedral: true`). */
  cathedral: boolean;
  /** Cities: the goods symbol of this segment (JSON `goods`; Traders & Builders), or null. */
  goods: RefGoods | null;
}

export interface RefTileDef {
  id: string;
  /** Edge types by edge index 0=N..3=W. */
  edges: EdgeType[];
  features: RefFeatureDef[];
  /** The Tower: the tile is printed with a tower foundation (JSON `towerFoundation`). */
  foundation: boolean;
}

export interface RefTileType {
  id: string;
  count: number;
  def: RefTileDef;
  /** River tiles: the JSON `riverRole`. */
  riverRole?: 'spring' | 'lake' | 'course';
}

interface JsonFeature {
  id: string;
  type: string;
  presentOnCopies?: number;
  edges?: string[];
  pennants?: number;
  halfEdges?: string[];
  adjacentCities?: string[];
  interior?: boolean;
  inn?: boolean;
  cathedral?: boolean;
  goods?: string | null;
}

interface JsonTile {
  id: string;
  count: number;
  riverRole?: 'spring' | 'lake' | 'course';
  baseEquivalent?: string;
  towerFoundation?: boolean;
  edges: Record<string, string>;
  features: JsonFeature[];
}

interface JsonSet {
  totalTiles: number;
  startTile?: { tileId: string };
  tiles: JsonTile[];
}

const HERE = path.dirname(fileURLToPath(import.meta.url));
export const REFERENCE_DIR = path.resolve(HERE, '../fixtures/reference');

type SourceSet = RefTileSetName | 'river' | 'inns-cathedrals' | 'traders-builders' | 'tower';

function engineTileId(setName: SourceSet, t: JsonTile): string {
  if (setName !== 'pnp-demo') return t.id;
  const eq = t.baseEquivalent;
  if (eq === undefined) throw new Error(`referee: pnp tile ${t.id} has no baseEquivalent`);
  if (eq.startsWith('base:')) return eq.slice('base:'.length);
  if (eq.startsWith('inns-cathedrals:')) return `IC-${eq.slice('inns-cathedrals:'.length)}`;
  throw new Error(`referee: pnp tile ${t.id} has unknown baseEquivalent ${eq}`);
}

/** The copies of a tile that carry a garden (0 when it has none). */
function gardenCopies(t: JsonTile): number {
  const g = t.features.find((f) => f.type === 'garden');
  return g === undefined ? 0 : (g.presentOnCopies ?? t.count);
}

/** A tile's definition; its garden, if any, only on the garden copy (`withGarden`). */
function parseTile(id: string, t: JsonTile, withGarden = false): RefTileDef {
  const edges: EdgeType[] = EDGE_NAMES.map((e) => {
    const v = t.edges[e];
    if (v !== 'city' && v !== 'road' && v !== 'field' && v !== 'river') {
      throw new Error(`referee: tile ${t.id} edge ${e} has unsupported type ${String(v)}`);
    }
    return v;
  });
  const kept = t.features.filter((f) => f.type !== 'garden' || withGarden);
  const idIndex = new Map<string, number>();
  for (const [i, f] of kept.entries()) idIndex.set(f.id, i);
  const features: RefFeatureDef[] = kept.map((f) => {
    const kinds: readonly string[] = ['road', 'city', 'cloister', 'field', 'river', 'garden'];
    if (!kinds.includes(f.type)) {
      throw new Error(`referee: tile ${t.id} feature ${f.id} has unsupported type ${f.type}`);
    }
    const fe = (f.edges ?? []).map((e) => {
      const i = EDGE_NAMES.indexOf(e as Edge);
      if (i < 0) throw new Error(`referee: tile ${t.id} feature ${f.id}: bad edge ${e}`);
      return i;
    });
    const fh = (f.halfEdges ?? []).map((h) => {
      const i = HALF_NAMES.indexOf(h as HalfEdge);
      if (i < 0) throw new Error(`referee: tile ${t.id} feature ${f.id}: bad half-edge ${h}`);
      return i;
    });
    const adj = (f.adjacentCities ?? []).map((c) => {
      const i = idIndex.get(c);
      if (i === undefined || at(kept, i).type !== 'city') {
        throw new Error(`referee: tile ${t.id} feature ${f.id}: adjacent city ${c} not found`);
      }
      return i;
    });
    if (f.inn === true && f.type !== 'road') throw new Error(`referee: tile ${t.id} feature ${f.id}: an inn off a road`);
    if (f.cathedral === true && f.type !== 'city') throw new Error(`referee: tile ${t.id} feature ${f.id}: a cathedral off a city`);
    const goods = f.goods ?? null;
    if (goods !== null && (f.type !== 'city' || !(GOODS as readonly string[]).includes(goods))) {
      throw new Error(`referee: tile ${t.id} feature ${f.id}: goods ${goods} on a ${f.type}`);
    }
    return {
      kind: f.type as RefFeatureKind,
      name: f.id,
      edges: fe.sort((a, b) => a - b),
      halves: fh.sort((a, b) => a - b),
      pennants: f.type === 'city' ? (f.pennants ?? 0) : 0,
      adjacentCities: adj,
      inn: f.inn === true,
      cathedral: f.cathedral === true,
      goods: goods as RefGoods | null,
    };
  });
  const def: RefTileDef = { id, edges, features, foundation: t.towerFoundation === true };
  checkTileDef(def);
  return def;
}

/** Structural sanity checks of a tile definition; throws on violation. */
function checkTileDef(def: RefTileDef): void {
  for (let e = 0; e < 4; e++) {
    const type = at(def.edges, e);
    if (type === 'road' || type === 'city' || type === 'river') {
      const owners = def.features.filter((f) => f.kind === type && f.edges.includes(e));
      if (owners.length !== 1) throw new Error(`referee: tile ${def.id} edge ${e}: ${owners.length} ${type} features`);
      const fieldHalves = def.features.filter((f) => f.kind === 'field' && (f.halves.includes(2 * e) || f.halves.includes(2 * e + 1)));
      if (type === 'city' && fieldHalves.length > 0) throw new Error(`referee: tile ${def.id}: field on a city edge`);
    }
    if (type !== 'city') {
      for (const h of [2 * e, 2 * e + 1]) {
        const owners = def.features.filter((f) => f.kind === 'field' && f.halves.includes(h));
        if (owners.length !== 1) throw new Error(`referee: tile ${def.id} half ${h}: ${owners.length} fields`);
      }
    }
  }
  for (const f of def.features) {
    for (const e of f.edges) {
      if (at(def.edges, e) !== f.kind) throw new Error(`referee: tile ${def.id} ${f.name} on a non-${f.kind} edge`);
    }
  }
}

const jsonCache = new Map<string, JsonSet>();

function readSet(file: string): JsonSet {
  let json = jsonCache.get(file);
  if (json === undefined) {
    json = JSON.parse(readFileSync(path.join(REFERENCE_DIR, file), 'utf8')) as JsonSet;
    const total = json.tiles.reduce((a, t) => a + t.count, 0);
    if (total !== json.totalTiles) throw new Error(`referee: ${file}: counts add to ${total}, not ${json.totalTiles}`);
    jsonCache.set(file, json);
  }
  return json;
}

const landFile = (setName: RefTileSetName): string => (setName === 'base' ? 'base.json' : 'pnp-demo-c2.json');

const tileSetCache = new Map<RefTileSetName, Map<string, RefTileType>>();

/** The tile types of a land set (gardens left out), keyed by the engine's tile id. */
export function loadTileSet(setName: RefTileSetName): Map<string, RefTileType> {
  const cached = tileSetCache.get(setName);
  if (cached) return cached;
  const file = landFile(setName);
  const out = new Map<string, RefTileType>();
  for (const t of readSet(file).tiles) {
    const id = engineTileId(setName, t);
    if (out.has(id)) throw new Error(`referee: duplicate tile id ${id} in ${file}`);
    out.set(id, { id, count: t.count, def: parseTile(id, t) });
  }
  tileSetCache.set(setName, out);
  return out;
}

export interface RefGameTiles {
  /** Every tile type of the game with its copies (the start tile's copy included). */
  types: Map<string, RefTileType>;
  /** The start tile's id. */
  start: string;
}

const gameTilesCache = new Map<string, RefGameTiles>();

/**
 * The tiles of a game: the land set; with Inns & Cathedrals, its 18 tiles added to it (a tile in
 * both, IC-D and IC-J with the print-and-play demo, has the copies of both: rules-facts §d, README
 * §2 pnp-demo); with Traders & Builders, its 24 tiles TB-A … TB-X added too (rules-facts §e);
 * with The Tower, its 18 tiles TO-C … TO-CccC, each with a foundation (tower.json); with The
 * River, its 12 tiles, the spring as start tile and the base start tile removed (one copy fewer)
 * unless `riverStartTile` keeps it (rules-facts §f); with The Abbot and gardens, the
 * `presentOnCopies` copies of each tile with a garden feature become `<id>-garden` copies carrying
 * it (rules-facts §g; base E H I M N R U V, the river curve, I&C B and H, T&B K and U, TO-F and
 * TO-RR).
 */
export function loadGameTiles(setup: RefSetup): RefGameTiles {
  const expansions = setup.expansions ?? [];
  const river = expansions.includes('river');
  const inns = expansions.includes('inns-cathedrals');
  const traders = expansions.includes('traders-builders');
  const towers = expansions.includes('tower');
  const gardens = expansions.includes('abbot') && (setup.gardens ?? true);
  const riverStart = setup.riverStartTile ?? 'removed';
  const key = `${setup.tileSet}|${river ? riverStart : '-'}|${gardens}|${inns}|${traders}|${towers}`;
  const cached = gameTilesCache.get(key);
  if (cached) return cached;
  // Copies per engine id, in the order first met; a tile given by two sets must be the same tile.
  const copies = new Map<string, { t: JsonTile; count: number }>();
  const add = (setName: SourceSet, t: JsonTile, count: number): void => {
    const id = engineTileId(setName, t);
    const seen = copies.get(id);
    if (seen === undefined) {
      copies.set(id, { t, count });
      return;
    }
    if (describe(parseTile(id, seen.t)) !== describe(parseTile(id, t)) || gardenCopies(seen.t) + gardenCopies(t) > 0) {
      throw new Error(`referee: tile ${id} is given twice, differently`);
    }
    seen.count += count;
  };
  const land = readSet(landFile(setup.tileSet));
  const landStartJson = land.tiles.find((t) => t.id === land.startTile?.tileId);
  if (!landStartJson) throw new Error(`referee: ${landFile(setup.tileSet)} names no start tile`);
  const landStart = engineTileId(setup.tileSet, landStartJson);
  for (const t of land.tiles) {
    const removed = river && riverStart === 'removed' && t === landStartJson ? 1 : 0;
    add(setup.tileSet, t, t.count - removed);
  }
  if (inns) for (const t of readSet('inns-cathedrals.json').tiles) add('inns-cathedrals', t, t.count);
  if (traders) for (const t of readSet('traders-builders.json').tiles) add('traders-builders', t, t.count);
  if (towers) for (const t of readSet('tower.json').tiles) add('tower', t, t.count);
  let start = landStart;
  if (river) {
    const rv = readSet('river.json');
    for (const t of rv.tiles) add('river', t, t.count);
    const springs = rv.tiles.filter((t) => t.riverRole === 'spring');
    const spring = springs[0];
    if (springs.length !== 1 || !spring || spring.id !== rv.startTile?.tileId) throw new Error('referee: river.json: no single spring');
    start = spring.id;
  }
  const types = new Map<string, RefTileType>();
  for (const [id, { t, count }] of copies) {
    const g = gardens ? Math.min(gardenCopies(t), count) : 0;
    const entries: RefTileType[] = [];
    if (count - g > 0) entries.push({ id, count: count - g, def: parseTile(id, t) });
    if (g > 0) entries.push({ id: `${id}-garden`, count: g, def: parseTile(`${id}-garden`, t, true) });
    for (const e of entries) {
      if (types.has(e.id)) throw new Error(`referee: duplicate tile id ${e.id}`);
      if (t.riverRole !== undefined) e.riverRole = t.riverRole;
      types.set(e.id, e);
    }
  }
  const out = { types, start };
  gameTilesCache.set(key, out);
  return out;
}

/** The definition turned q quarter turns clockwise: edge e -> e+q, half h -> h+2q. */
export function rotateDef(def: RefTileDef, rotation: number): RefTileDef {
  const q = quarterTurns(rotation);
  const edges: EdgeType[] = ['field', 'field', 'field', 'field'];
  for (let e = 0; e < 4; e++) edges[(e + q) % 4] = at(def.edges, e);
  const features = def.features.map((f) => ({
    ...f,
    edges: f.edges.map((e) => (e + q) % 4).sort((a, b) => a - b),
    halves: f.halves.map((h) => (h + 2 * q) % 8).sort((a, b) => a - b),
    adjacentCities: [...f.adjacentCities],
  }));
  return { id: def.id, edges, features, foundation: def.foundation };
}

/** The feature index a spot names on a (rotated) tile, or null if it names nothing. */
export function spotFeature(def: RefTileDef, spot: string): number | null {
  const e = EDGE_NAMES.indexOf(spot as Edge);
  if (e >= 0) {
    const type = at(def.edges, e);
    if (type === 'road' || type === 'city' || type === 'river') {
      const i = def.features.findIndex((f) => f.kind === type && f.edges.includes(e));
      return i >= 0 ? i : null;
    }
    const a = def.features.findIndex((f) => f.kind === 'field' && f.halves.includes(2 * e));
    const b = def.features.findIndex((f) => f.kind === 'field' && f.halves.includes(2 * e + 1));
    return a >= 0 && a === b ? a : null;
  }
  if (spot === 'C') {
    const i = def.features.findIndex((f) => f.kind === 'cloister');
    return i >= 0 ? i : null;
  }
  const h = HALF_NAMES.indexOf(spot as HalfEdge);
  if (h >= 0) {
    const i = def.features.findIndex((f) => f.kind === 'field' && f.halves.includes(h));
    return i >= 0 ? i : null;
  }
  if (spot === 'I') {
    const i = def.features.findIndex((f) => f.kind === 'field' && f.halves.length === 0);
    return i >= 0 ? i : null;
  }
  if (spot === 'G') {
    const i = def.features.findIndex((f) => f.kind === 'garden');
    return i >= 0 ? i : null;
  }
  return null;
}

/** Every spot name (canonical order) that names feature index f of the (rotated) tile. */
export function spotsOf(def: RefTileDef, f: number): string[] {
  return SPOT_NAMES.filter((s) => spotFeature(def, s) === f);
}

/** A rotation-independent description of a rotated tile, for sameRotation. */
function describe(def: RefTileDef): string {
  const edgeList = (f: RefFeatureDef): string => f.edges.map((e) => at(EDGE_NAMES, e)).join('');
  const feats = def.features.map((f) => {
    const adj = f.adjacentCities.map((c) => edgeList(at(def.features, c))).sort();
    const halves = f.halves.map((h) => at(HALF_NAMES, h)).join(',');
    return `${f.kind}|${edgeList(f)}|${halves}|p${f.pennants}|${f.inn ? 'inn' : ''}${f.cathedral ? 'cathedral' : ''}|${f.goods ?? ''}|adj[${adj.join(';')}]`;
  });
  return `${def.edges.join(',')}${def.foundation ? '+tower' : ''}#${feats.sort().join('#')}`;
}

// ---------------------------------------------------------------------------------------------
// Board and features
// ---------------------------------------------------------------------------------------------

interface Placed {
  id: string;
  x: number;
  y: number;
  rotation: Rotation;
  def: RefTileDef;
  /** Who placed it; null for the start tile. */
  player: number | null;
}

/** What the end of a move needs (see Referee.endMove). */
interface MoveEnd {
  player: number;
  x: number;
  y: number;
  /** Points gained so far in the move (an abbot taken back). */
  gained: number[];
  /** The move is an extra tile (a builder's second tile, a filled hole). */
  second: boolean;
  /** The move gives its player an extra tile. */
  again: boolean;
  extendsBuilder: boolean;
  hand: string[] | null;
  draw: RefDraw | undefined;
}

interface BoardMeeple {
  owner: number;
  kind: RefFigure;
  x: number;
  y: number;
  /** Index into the placed tile's feature list. */
  feature: number;
}

/** A connected feature on the board, computed from scratch. */
interface Feat {
  kind: RefFeatureKind;
  /** Nodes "x,y#featureIndex". */
  nodes: string[];
  /** Distinct tile keys "x,y". */
  tiles: Set<string>;
  /** Roads, cities and rivers: unmatched edges. Cloisters and gardens: empty cells around. Fields: 0. */
  open: number;
  pennants: number;
  /** Inn segments (roads) and cathedral segments (cities) in the feature (rules-facts §d). */
  inns: number;
  cathedrals: number;
  /** Goods symbols of the city's segments (Traders & Builders, rules-facts §e). */
  goods: RefGoodsTokens;
  complete: boolean;
  /** Indices into the meeple list. */
  meeples: number[];
  /** Fields only: indices (into the feature list) of the distinct city features bordering it. */
  cities: Set<number>;
  /** Cloisters and gardens only: the tile's cell. */
  x: number;
  y: number;
}

interface Features {
  feats: Feat[];
  /** Node key "x,y#f" -> index into feats. */
  of: Map<string, number>;
}

function nodeKey(x: number, y: number, f: number): string {
  return `${x},${y}#${f}`;
}

/** The 8 cells around (x, y) that hold a tile or count as closed. */
function tilesAround(tiles: Map<string, Placed>, x: number, y: number, closed: Closed = noneClosed): number {
  let n = 0;
  for (let dx = -1; dx <= 1; dx++) {
    for (let dy = -1; dy <= 1; dy++) {
      if ((dx !== 0 || dy !== 0) && (tiles.has(cellKey(x + dx, y + dy)) || closed(x + dx, y + dy))) n++;
    }
  }
  return n;
}

const centred = (kind: RefFeatureKind): boolean => kind === 'cloister' || kind === 'garden';
/** Where a follower (or a large meeple, rules-facts §d) may stand: never on a river (§f) or a garden (§g). */
const followerMay = (kind: RefFeatureKind): boolean => kind !== 'river' && kind !== 'garden';

/**
 * What feature index f of the placed tile p connects to on the neighbouring tiles of `tiles`:
 * a road, city or river across each of its edges (`open` counts its edges with no tile beyond),
 * a field across each of its half-edges (README §1.1); a cloister or garden to nothing.
 */
function links(tiles: ReadonlyMap<string, Placed>, p: Placed, f: number, closed: Closed): { open: number; nodes: [Placed, number][] } {
  const fd = at(p.def.features, f);
  const nodes: [Placed, number][] = [];
  let open = 0;
  if (fd.kind === 'road' || fd.kind === 'city' || fd.kind === 'river') {
    for (const e of fd.edges) {
      const n = tiles.get(cellKey(p.x + at(DX, e), p.y + at(DY, e)));
      if (!n) {
        if (!closed(p.x + at(DX, e), p.y + at(DY, e))) open++;
        continue;
      }
      const g = n.def.features.findIndex((nf) => nf.kind === fd.kind && nf.edges.includes(opposite(e)));
      if (g < 0) throw new Error(`referee: inconsistent board: ${fd.kind} at ${p.x},${p.y} edge ${e} unmatched`);
      nodes.push([n, g]);
    }
  } else if (fd.kind === 'field') {
    for (const h of fd.halves) {
      const e = edgeOfHalf(h);
      const n = tiles.get(cellKey(p.x + at(DX, e), p.y + at(DY, e)));
      if (!n) continue;
      const ph = halfPartner(h);
      const g = n.def.features.findIndex((nf) => nf.kind === 'field' && nf.halves.includes(ph));
      if (g < 0) throw new Error(`referee: inconsistent board: field at ${p.x},${p.y} half ${h} unmatched`);
      nodes.push([n, g]);
    }
  }
  return { open, nodes };
}

/** Computes every feature of the board by flood fill. Throws if the board is inconsistent. */
function computeFeatures(tiles: Map<string, Placed>, meeples: readonly BoardMeeple[], closed: Closed = noneClosed): Features {
  const featOfNode = new Map<string, number>();
  const feats: Feat[] = [];

  for (const start of tiles.values()) {
    start.def.features.forEach((startDef, startF) => {
      if (featOfNode.has(nodeKey(start.x, start.y, startF))) return;
      const index = feats.length;
      const feat: Feat = {
        kind: startDef.kind,
        nodes: [],
        tiles: new Set(),
        open: 0,
        pennants: 0,
        inns: 0,
        cathedrals: 0,
        goods: { wine: 0, grain: 0, cloth: 0 },
        complete: false,
        meeples: [],
        cities: new Set(),
        x: start.x,
        y: start.y,
      };
      feats.push(feat);
      const queue: [Placed, number][] = [[start, startF]];
      featOfNode.set(nodeKey(start.x, start.y, startF), index);
      for (let qi = 0; qi < queue.length; qi++) {
        const [p, f] = queue[qi] as [Placed, number];
        const fd = at(p.def.features, f);
        feat.nodes.push(nodeKey(p.x, p.y, f));
        feat.tiles.add(cellKey(p.x, p.y));
        feat.pennants += fd.pennants;
        if (fd.inn) feat.inns++;
        if (fd.cathedral) feat.cathedrals++;
        if (fd.goods !== null) feat.goods[fd.goods]++;
        const visit = (q: Placed, g: number): void => {
          const k = nodeKey(q.x, q.y, g);
          const seen = featOfNode.get(k);
          // Connections are symmetric, so a neighbour node can only be in this same feature.
          if (seen !== undefined && seen !== index) {
            throw new Error(`referee internal error: asymmetric connection into ${k} (data or geometry bug)`);
          }
          if (seen !== undefined) return;
          featOfNode.set(k, index);
          queue.push([q, g]);
        };
        const l = links(tiles, p, f, closed);
        // A cloister or garden waits for the 8 cells around it; a road, city or river for its open edges.
        feat.open += centred(fd.kind) ? 8 - tilesAround(tiles, p.x, p.y, closed) : l.open;
        for (const [n, g] of l.nodes) visit(n, g);
      }
      feat.complete = feat.kind !== 'field' && feat.open === 0;
    });
  }

  meeples.forEach((m, i) => {
    const fi = featOfNode.get(nodeKey(m.x, m.y, m.feature));
    if (fi === undefined) throw new Error(`referee internal error: meeple at ${m.x},${m.y}#${m.feature} on no feature`);
    at(feats, fi).meeples.push(i);
  });

  for (const feat of feats) {
    if (feat.kind !== 'field') continue;
    for (const n of feat.nodes) {
      const [cell, fs] = n.split('#') as [string, string];
      const p = tiles.get(cell);
      if (!p) throw new Error('referee internal error: node off board');
      for (const c of at(p.def.features, Number(fs)).adjacentCities) {
        const ci = featOfNode.get(nodeKey(p.x, p.y, c));
        if (ci === undefined) throw new Error('referee internal error: adjacent city not found');
        feat.cities.add(ci);
      }
    }
  }
  return { feats, of: featOfNode };
}

/** The feature holding feature index f of the tile at (x, y). */
function featureAt(fs: Features, x: number, y: number, f: number): Feat {
  const i = fs.of.get(nodeKey(x, y, f));
  if (i === undefined) throw new Error(`referee internal error: no feature at ${x},${y}#${f}`);
  return at(fs.feats, i);
}

/**
 * How much a figure weighs in a majority: a large meeple 2 (rules-facts §d), a builder or a pig 0
 * (§e: "never counts for majority"), a follower or an abbot 1.
 */
function weight(kind: RefFigure): number {
  if (kind === 'large') return 2;
  if (kind === 'builder' || kind === 'pig') return 0;
  return 1;
}

/** What may stand with a builder or pig: a follower or large meeple of its owner (rules-facts §e). */
const claims = (m: { kind: RefFigure }): boolean => m.kind === 'follower' || m.kind === 'large';

/** Players with the greatest weight of figures (at least 1) among `figures` (rules-facts §j.8: ties all score). */
function majority(figures: readonly BoardMeeple[], players: number): number[] {
  const counts = new Array<number>(players).fill(0);
  for (const m of figures) counts[m.owner] = at(counts, m.owner) + weight(m.kind);
  const max = Math.max(0, ...counts);
  if (max < 1) return [];
  const out: number[] = [];
  counts.forEach((c, p) => {
    if (c === max) out.push(p);
  });
  return out;
}

function zeros(n: number): number[] {
  return new Array<number>(n).fill(0);
}

/** The side a river turns to on a tile: entered flowing `dirIn`, left flowing `dirOut` (0=N..3=W). */
function turnOf(dirIn: number, dirOut: number): 'straight' | 'right' | 'left' {
  const d = (dirOut - dirIn + 4) % 4;
  if (d === 0) return 'straight';
  if (d === 1) return 'right';
  if (d === 3) return 'left';
  throw new Error('referee internal error: a river flowing back on itself');
}

/** The river followed from the spring (rules-facts §f). */
export interface RefRiver {
  /** Tiles along the river, spring first. */
  course: { x: number; y: number; turn: 'straight' | 'right' | 'left' }[];
  /** The empty cell a new river tile must fill, and the direction the river flows into it; null once closed. */
  end: { x: number; y: number; flow: number } | null;
}

// ---------------------------------------------------------------------------------------------
// Referee
// ---------------------------------------------------------------------------------------------

export class Referee {
  readonly tileSet: RefTileSetName;
  readonly players: number;
  readonly rules: RefRules;
  readonly expansions: readonly RefExpansion[];
  /** When true (default), placing more copies of a tile than the set holds is an error. */
  readonly limitCopies: boolean;

  private readonly types: Map<string, RefTileType>;
  private readonly placed: Placed[] = [];
  private readonly board = new Map<string, Placed>();
  private meeples: BoardMeeple[] = [];
  private readonly scoreList: number[];
  private readonly supplyList: number[];
  private readonly abbotList: number[];
  private readonly largeList: number[];
  private readonly builderList: number[];
  private readonly pigList: number[];
  private readonly tokenList: RefGoodsTokens[];
  /** The player owed a second tile by their builder (the next move is that second part), or null. */
  private pending: number | null = null;
  /** What gave the pending extra tile. */
  private pendingFor: 'builder' | 'hole' | null = null;
  /** boardFeatures' last result; null when the board or its figures changed since. */
  private featureCache: Features | null = null;
  /** Every majority decided during play. */
  private readonly majorityLog: RefMajority[] = [];
  /**
   * Traders & Builders: the moves that gave their player a second tile (`turn` is the index of the
   * move, 0 for the first tile after the start tile), and whether the builder had gone home in
   * that move's scoring (its feature completed).
   */
  readonly secondTiles: { turn: number; player: number; builderReturned: boolean }[] = [];
  /** Traders & Builders: the second tiles that extended their builder's feature again (no third tile). */
  readonly noThirdTile: number[] = [];
  /** Traders & Builders: every city completed with goods, the tokens and who took them. */
  readonly goodsTaken: { turn: number; player: number; goods: RefGoodsTokens }[] = [];
  /** sameRotation's descriptions, by "tile@rotation". */
  private readonly descriptions = new Map<string, string>();
  /** Who moves first (house rules #1, #2; player 0 by default). */
  readonly first: number;
  /** Hands of tiles (house rules #3, #4): each player's tiles in the order drawn, or null. */
  private readonly handList: string[][] | null;
  /** With hands: who moves next (players with empty hands pass), null before the deal. */
  private toMove: number | null = null;
  /** With hands: the bag and every hand are empty. */
  private over = false;
  /** With hands: every tile drawn, in order. */
  readonly drawLog: string[] = [];
  /** With hands: every tile that left a hand or a draw because it fit nowhere, in order. */
  readonly unplacedLog: RefUnplaced[] = [];
  /** With hands: the players who passed, holding no tile, in order. */
  readonly passLog: number[] = [];
  /** The Tower: tower floors in each player's supply. */
  private readonly floorList: number[];
  /** The Tower: every tower (tile with a foundation) on the board, in placement order. */
  private readonly towerList: RefTower[] = [];
  /** The Tower: every figure held, one entry each, in the order captured. */
  private prisonerList: { jailer: number; owner: number; kind: RefFigure }[] = [];
  /** The Tower: whether a ransom was paid in the turn under way (a builder's two tiles are one turn). */
  private ransomPaidFlag = false;
  /** Where the turn stands: a capture or an exchange's choice (The Tower) is waited for, or the next tile. */
  private stepName: RefStep = 'tile';
  /** The Tower: the move whose end (scoring…) waits for the capture step, and the tower it built. */
  private waiting: { end: MoveEnd; tower: RefTower; player: number } | null = null;
  /** The Tower: during the exchange step, the figure just captured (its owner and kind). */
  private exchangeFor: { owner: number; kind: RefFigure } | null = null;
  /** The Tower: what happened, in order, for test drivers' statistics. */
  readonly towerLog: { type: 'floor' | 'close' | 'capture' | 'pass' | 'exchange' | 'ransom'; player: number; detail: string }[] = [];
  /** The Tower: the builders and pigs that went home with the follower captured from their feature. */
  readonly sentHomeByCapture: RefFigure[] = [];

  constructor(
    opts: {
      tileSet: RefTileSetName;
      players: number;
      rules: RefRules;
      limitCopies?: boolean;
      /** The game's seed: what 'random' and 'draw-roads' first players are drawn from. */
      seed?: number | string;
    } & Omit<RefSetup, 'tileSet'>,
  ) {
    if (!Number.isInteger(opts.players) || opts.players < 1) throw new Error(`referee: bad player count ${opts.players}`);
    this.tileSet = opts.tileSet;
    this.players = opts.players;
    this.rules = { ...opts.rules };
    this.expansions = [...(opts.expansions ?? [])];
    this.limitCopies = opts.limitCopies ?? true;
    const game = loadGameTiles({ ...opts, expansions: this.expansions });
    this.types = game.types;
    this.startInBag = opts.rules.startTile === 'bag';
    this.first = chooseFirst(opts.rules.firstPlayer, opts.seed ?? 0, opts.players, game, this.startInBag);
    this.scoreList = zeros(opts.players);
    this.supplyList = new Array<number>(opts.players).fill(opts.rules.meeples);
    // The Abbot: one abbot per player (rules-facts §g).
    this.abbotList = new Array<number>(opts.players).fill(this.expansions.includes('abbot') ? 1 : 0);
    // Inns & Cathedrals: one large meeple per player (rules-facts §d).
    this.largeList = new Array<number>(opts.players).fill(this.expansions.includes('inns-cathedrals') ? 1 : 0);
    // Traders & Builders: one builder and one pig per player (rules-facts §e).
    const traders = this.expansions.includes('traders-builders') ? 1 : 0;
    this.builderList = new Array<number>(opts.players).fill(traders);
    this.pigList = new Array<number>(opts.players).fill(traders);
    this.tokenList = Array.from({ length: opts.players }, () => ({ wine: 0, grain: 0, cloth: 0 }));
    // The Tower: floors by the number of players (wikicarpedia, The Tower: 2p 10, 3p 9, 4p 7, 5p 6, 6p 5).
    const tower = this.expansions.includes('tower');
    const floors = tower ? TOWER_FLOORS[opts.players] : 0;
    if (floors === undefined) throw new Error(`referee: The Tower is for 2 to 6 players, not ${opts.players}`);
    this.floorList = new Array<number>(opts.players).fill(floors);
    const size = opts.rules.hand?.size ?? 0;
    if (size !== 0 && ![1, 2, 3].includes(size)) throw new Error(`referee: bad hand size ${size}`);
    this.handList = size === 0 ? null : Array.from({ length: opts.players }, () => []);
    if (!this.startInBag) this.put({ id: game.start, x: 0, y: 0, rotation: 0, def: rotateDef(this.type(game.start).def, 0), player: null });
    for (const t of this.types.values()) this.left.set(t.id, t.count - (t.id === game.start && !this.startInBag ? 1 : 0));
  }

  /** House rule #5: the start tile is in the bag, the board starts empty. */
  private readonly startInBag: boolean;

  /** Copies of each tile not placed and not out of the game. */
  private readonly left = new Map<string, number>();

  /** The tiles not placed and not out of the game (the bag), sorted. */
  tilesLeft(): string[] {
    const out: string[] = [];
    for (const [id, n] of this.left) for (let i = 0; i < n; i++) out.push(id);
    return out.sort();
  }

  /**
   * What becomes of `tile`, just drawn, which must fit nowhere: `'discarded'` (out of the game) or,
   * under the house rule, `'returned'` to the bag while some tile left still fits somewhere.
   */
  unplaceable(tile: string): 'discarded' | 'returned' {
    if (this.legalPlacements(tile).length > 0) throw new Error(`referee: ${tile} fits on the board, it cannot be set aside`);
    const n = this.left.get(tile) ?? 0;
    if (n === 0) throw new Error(`referee: no ${tile} is left to draw`);
    const land = this.riverRole(tile) === null;
    if (this.rules.unplaceable === 'returned' && land) {
      for (const [id, c] of this.left) if (c > 0 && this.legalPlacements(id).length > 0) return 'returned';
    }
    this.left.set(tile, n - 1);
    return 'discarded';
  }

  get scores(): number[] {
    return [...this.scoreList];
  }

  /** Followers in each player's supply. */
  get supply(): number[] {
    return [...this.supplyList];
  }

  /** Abbots in each player's supply (1 or 0 with The Abbot, else 0). */
  get abbots(): number[] {
    return [...this.abbotList];
  }

  /** Large meeples in each player's supply (1 or 0 with Inns & Cathedrals, else 0). */
  get largeMeeples(): number[] {
    return [...this.largeList];
  }

  /** Builders in each player's supply (1 or 0 with Traders & Builders, else 0). */
  get builders(): number[] {
    return [...this.builderList];
  }

  /** Pigs in each player's supply (1 or 0 with Traders & Builders, else 0). */
  get pigs(): number[] {
    return [...this.pigList];
  }

  /** Tower floors in each player's supply (The Tower; 0 without it). */
  get floors(): number[] {
    return [...this.floorList];
  }

  /** The Tower: every tower on the board, in placement order. */
  get towers(): RefTower[] {
    return this.towerList.map((t) => ({ ...t, top: t.top === null ? null : { ...t.top } }));
  }

  /** The Tower: the figures held, by jailer, owner and kind (sorted so), with their count. */
  get prisoners(): RefPrisoners[] {
    const out: RefPrisoners[] = [];
    for (const p of this.prisonerList) {
      const same = out.find((o) => o.jailer === p.jailer && o.owner === p.owner && o.kind === p.kind);
      if (same) same.count++;
      else out.push({ ...p, count: 1 });
    }
    return out.sort((a, b) => a.jailer - b.jailer || a.owner - b.owner || (a.kind < b.kind ? -1 : a.kind > b.kind ? 1 : 0));
  }

  /** The Tower: whether a ransom was paid in the turn under way. */
  get ransomPaid(): boolean {
    return this.ransomPaidFlag;
  }

  /** Where the turn stands: the next tile, or (The Tower) a capture or an exchange's choice. */
  get step(): RefStep {
    return this.stepName;
  }

  /** Goods tokens each player has taken (Traders & Builders). */
  get goods(): RefGoodsTokens[] {
    return this.tokenList.map((t) => ({ ...t }));
  }

  /** Whether the next move is the second tile a builder gave (Traders & Builders, rules-facts §e). */
  get builderTurn(): boolean {
    return this.pendingFor === 'builder';
  }

  /** What gave the player to move an extra tile: a builder, a filled hole (house rule #7), or nothing. */
  get extraTurn(): 'builder' | 'hole' | null {
    return this.pendingFor;
  }

  /**
   * Who plays the next tile: the same player for a builder's second tile, else the next in turn
   * after whoever placed the last tile (player 0 first).
   */
  get nextPlayer(): number {
    // The Tower: the capture and exchange steps belong to the player who built the floor.
    if (this.waiting !== null) return this.waiting.player;
    if (this.toMove !== null) return this.toMove;
    if (this.pending !== null) return this.pending;
    const last = this.placed.length === 0 ? null : at(this.placed, this.placed.length - 1).player;
    return last === null ? this.first : (last + 1) % this.players;
  }

  /** Tiles on the board in placement order (start tile first), with who placed them (null for the start tile). */
  get placements(): { tile: string; x: number; y: number; rotation: Rotation; player: number | null }[] {
    return this.placed.map((p) => ({ tile: p.id, x: p.x, y: p.y, rotation: p.rotation, player: p.player }));
  }

  /** Every tile type of the game with its copies (the start tile included). */
  tileTypes(): RefTileType[] {
    return [...this.types.values()];
  }

  /** The JSON river role of a tile, or null for a land tile. */
  riverRole(tile: string): 'spring' | 'lake' | 'course' | null {
    return this.type(tile).riverRole ?? null;
  }

  /** Copies of this tile already on the board (the start tile counts). */
  copiesPlaced(tile: string): number {
    return this.placed.filter((p) => p.id === tile).length;
  }

  /** The river from the spring to its open end, or null when no river is on the board. */
  river(): RefRiver | null {
    const spring = this.placed.find((p) => this.types.get(p.id)?.riverRole === 'spring');
    if (!spring) return null;
    const riverEdges = (p: Placed): number[] => p.def.features.filter((f) => f.kind === 'river').flatMap((f) => f.edges);
    const course: RefRiver['course'] = [{ x: spring.x, y: spring.y, turn: 'straight' }];
    let cur = spring;
    let flow = at(riverEdges(spring), 0);
    for (;;) {
      const x = cur.x + at(DX, flow);
      const y = cur.y + at(DY, flow);
      const next = this.board.get(cellKey(x, y));
      if (!next) return { course, end: { x, y, flow } };
      const edges = riverEdges(next);
      if (!edges.includes(opposite(flow))) throw new Error(`referee internal error: the river stops at ${x},${y}`);
      const out = edges.filter((e) => e !== opposite(flow));
      if (out.length > 1) throw new Error(`referee: river fork at ${x},${y} (not in River I)`);
      if (out.length === 0) {
        course.push({ x, y, turn: 'straight' });
        return { course, end: null };
      }
      const o = at(out, 0);
      course.push({ x, y, turn: turnOf(flow, o) });
      cur = next;
      flow = o;
    }
  }

  legalPlacements(tile: string): { x: number; y: number; rotation: 0 | 90 | 180 | 270 }[] {
    const base = this.type(tile).def;
    const cells = new Map<string, { x: number; y: number }>();
    for (const p of this.placed) {
      for (let e = 0; e < 4; e++) {
        const x = p.x + at(DX, e);
        const y = p.y + at(DY, e);
        if (!this.board.has(cellKey(x, y))) cells.set(cellKey(x, y), { x, y });
      }
    }
    // The start tile in the bag: the first tile drawn goes to 0,0.
    if (this.placed.length === 0) cells.set(cellKey(0, 0), { x: 0, y: 0 });
    const out: { x: number; y: number; rotation: 0 | 90 | 180 | 270 }[] = [];
    const river = this.river();
    const rotations = ([0, 90, 180, 270] as const).map((rotation) => ({ rotation, def: rotateDef(base, rotation) }));
    for (const c of cells.values()) {
      for (const { rotation, def } of rotations) {
        if (this.placementProblem(def, c.x, c.y, river, this.riverRole(tile) === 'spring') === null) out.push({ x: c.x, y: c.y, rotation });
      }
    }
    out.sort((a, b) => a.x - b.x || a.y - b.y || a.rotation - b.rotation);
    return out;
  }

  sameRotation(tile: string, r1: number, r2: number): boolean {
    const norm = (r: number): number => ((r % 360) + 360) % 360;
    const described = (r: number): string => {
      const k = `${tile}@${r}`;
      let d = this.descriptions.get(k);
      if (d === undefined) {
        d = describe(rotateDef(this.type(tile).def, r));
        this.descriptions.set(k, d);
      }
      return d;
    };
    return described(norm(r1)) === described(norm(r2));
  }

  /**
   * Where a follower may go on the tile placed so: one entry (its spots, canonical order) per
   * feature of the tile that is free, never on a river or a garden (rules-facts §f, §g).
   */
  meepleOptions(tile: string, x: number, y: number, rotation: number, player: number): string[][] {
    this.checkPlayer(player);
    if (at(this.supplyList, player) <= 0) return [];
    return this.freeSpots(tile, x, y, rotation, followerMay);
  }

  /**
   * Where the large meeple may go on the tile placed so: wherever a follower may, when it is in
   * supply (rules-facts §d: "placed like a normal meeple on any feature").
   */
  largeOptions(tile: string, x: number, y: number, rotation: number, player: number): string[][] {
    this.checkPlayer(player);
    if (at(this.largeList, player) <= 0) return [];
    return this.freeSpots(tile, x, y, rotation, followerMay);
  }

  /** Where the abbot may go on the tile placed so: its cloister or garden, when the abbot is in supply (§g). */
  abbotOptions(tile: string, x: number, y: number, rotation: number, player: number): string[][] {
    this.checkPlayer(player);
    if (at(this.abbotList, player) <= 0) return [];
    if (!this.type(tile).def.features.some((f) => centred(f.kind))) return [];
    return this.freeSpots(tile, x, y, rotation, centred);
  }

  /**
   * Where the builder may go on the tile placed so (Traders & Builders, rules-facts §e): a road or
   * city segment whose feature, the tile joined to the board, holds a follower or large meeple of
   * the player; when the builder is in supply. Occupied or not.
   */
  builderOptions(tile: string, x: number, y: number, rotation: number, player: number): string[][] {
    this.checkPlayer(player);
    if (at(this.builderList, player) <= 0) return [];
    const own = (figures: BoardMeeple[]): boolean => figures.some((m) => m.owner === player && claims(m));
    return this.spotsWhere(tile, x, y, rotation, (k) => k === 'road' || k === 'city', own);
  }

  /**
   * Where the pig may go on the tile placed so (rules-facts §e): a field segment whose field, the
   * tile joined to the board, holds a farmer (follower or large meeple) of the player; when the
   * pig is in supply.
   */
  pigOptions(tile: string, x: number, y: number, rotation: number, player: number): string[][] {
    this.checkPlayer(player);
    if (at(this.pigList, player) <= 0) return [];
    const own = (figures: BoardMeeple[]): boolean => figures.some((m) => m.owner === player && claims(m));
    return this.spotsWhere(tile, x, y, rotation, (k) => k === 'field', own);
  }

  /**
   * Whether the player may take the abbot back this turn: it stands on the board (§g) and, when the
   * tile is to go at (x, y), that tile does not complete its cloister or garden (a completed one
   * scores as completed and the abbot comes home: wikicarpedia, The Abbot, clarification of 11/2020).
   */
  canRecall(player: number, x?: number, y?: number): boolean {
    this.checkPlayer(player);
    const abbot = this.meeples.find((m) => m.owner === player && m.kind === 'abbot');
    if (abbot === undefined) return false;
    if (x === undefined || y === undefined) return true;
    const next = Math.abs(x - abbot.x) <= 1 && Math.abs(y - abbot.y) <= 1 && !this.board.has(cellKey(x, y)) ? 1 : 0;
    return tilesAround(this.board, abbot.x, abbot.y, this.closed) + next < 8;
  }

  /**
   * Plays a move for `player` and returns the points it gave each player. While a builder's second
   * tile is owed (`builderTurn`), only its player may move.
   */
  play(move: RefMove, player: number, draw?: RefDraw): number[] {
    this.checkPlayer(player);
    if (this.stepName !== 'tile') throw new Error(`referee: the ${this.stepName} step is under way, not a new tile`);
    const hand = this.handList === null ? null : at(this.handList, player);
    if (hand !== null) {
      if (draw === undefined) throw new Error('referee: with hands, play needs the bag (draw)');
      if (this.over) throw new Error('referee: the game is over');
      if (this.toMove !== player) throw new Error(`referee: player ${String(this.toMove)} is to move, not player ${player}`);
      if (!hand.includes(move.tile))
        throw new Error(`referee: tile ${move.tile} is not in the hand of player ${player} (${hand.join(', ')})`);
    }
    // Traders & Builders: this move is the second tile a builder gave (it gives no third, §e).
    const second = this.pending !== null;
    if (second && this.pending !== player) {
      throw new Error(`referee: player ${String(this.pending)} plays the builder's second tile, not player ${player}`);
    }
    const traders = this.expansions.includes('traders-builders');
    const { tile, x, y } = move;
    const type = this.type(tile);
    if (!Number.isInteger(x) || !Number.isInteger(y)) throw new Error(`referee: bad position ${x},${y}`);
    const def = rotateDef(type.def, move.rotation);
    const rotation = move.rotation;
    if (this.limitCopies && this.copiesPlaced(tile) >= type.count) {
      throw new Error(`referee: all ${type.count} copies of tile ${tile} are already on the board`);
    }
    const problem = this.placementProblem(def, x, y, this.river(), this.riverRole(tile) === 'spring');
    if (problem !== null) throw new Error(`referee: illegal placement of ${tile} at ${x},${y} r${rotation}: ${problem}`);

    const newTile: Placed = { id: tile, x, y, rotation, def, player };
    const tiles = new Map(this.board);
    tiles.set(cellKey(x, y), newTile);
    // The board with the tile on it, before anything is deployed (the slow way: from scratch).
    const placedFeatures = computeFeatures(tiles, this.meeples, this.closed);

    const deploys = move.meeple !== undefined && move.meeple !== null;
    const recall = move.recall === 'abbot';
    if (move.recall !== undefined && move.recall !== null && !recall) throw new Error(`referee: bad recall ${String(move.recall)}`);
    if (deploys && recall) throw new Error('referee: a move deploys a figure or takes the abbot back, not both');
    const abbotIndex = this.meeples.findIndex((m) => m.owner === player && m.kind === 'abbot');
    if (recall && abbotIndex < 0) throw new Error(`referee: player ${player} has no abbot on the board to take back`);
    if (recall && !this.canRecall(player, x, y))
      throw new Error(`referee: the tile completes the abbot's feature, which can no longer be taken back`);
    // The Tower: a floor or a follower on a tower, instead of deploying on the tile.
    const towerAction = move.tower ?? null;
    if (towerAction !== null) {
      if (deploys || recall) throw new Error('referee: a move deploys a figure, takes the abbot back or builds on a tower, one of them');
      const why = this.towerProblem(towerAction, player, newTile);
      if (why !== null) throw new Error(`referee: illegal tower action ${JSON.stringify(towerAction)}: ${why}`);
    }

    let newMeeple: BoardMeeple | null = null;
    if (move.meeple !== undefined && move.meeple !== null) {
      const spot = move.meeple.at;
      const kind = move.meeple.kind ?? 'follower';
      const f = spotFeature(def, spot);
      if (f === null) throw new Error(`referee: spot ${spot} names no feature on ${tile} r${rotation}`);
      const fkind = at(def.features, f).kind;
      if (kind === 'abbot') {
        if (!this.expansions.includes('abbot')) throw new Error('referee: The Abbot is not in play');
        if (!centred(fkind)) throw new Error(`referee: an abbot may not stand on a ${fkind}`);
        if (at(this.abbotList, player) <= 0) throw new Error(`referee: player ${player} has no abbot in supply`);
      } else if (kind === 'large') {
        if (!this.expansions.includes('inns-cathedrals')) throw new Error('referee: Inns & Cathedrals is not in play');
        if (!followerMay(fkind)) throw new Error(`referee: a large meeple may not stand on a ${fkind}`);
        if (at(this.largeList, player) <= 0) throw new Error(`referee: player ${player} has no large meeple in supply`);
      } else if (kind === 'follower') {
        if (!followerMay(fkind)) throw new Error(`referee: a follower may not stand on a ${fkind}`);
        if (at(this.supplyList, player) <= 0) throw new Error(`referee: player ${player} has no meeple in supply`);
      } else if (kind === 'builder' || kind === 'pig') {
        if (!traders) throw new Error('referee: Traders & Builders is not in play');
        const where = kind === 'builder' ? fkind === 'road' || fkind === 'city' : fkind === 'field';
        if (!where) throw new Error(`referee: a ${kind} may not stand on a ${fkind}`);
        if (at(this.supplyOf(kind), player) <= 0) throw new Error(`referee: player ${player} has no ${kind} in supply`);
      } else {
        throw new Error(`referee: unknown figure ${String(kind)}`);
      }
      const feat = featureAt(placedFeatures, x, y, f);
      if (kind === 'builder' || kind === 'pig') {
        // It joins a feature already holding a follower or large meeple of its owner (§e).
        if (!feat.meeples.some((i) => at(this.meeples, i).owner === player && claims(at(this.meeples, i)))) {
          throw new Error(`referee: the ${kind} must join a ${feat.kind} holding a meeple of player ${player}`);
        }
      } else if (feat.meeples.length > 0) {
        const owners = feat.meeples.map((i) => at(this.meeples, i).owner).join(',');
        throw new Error(`referee: ${feat.kind} at spot ${spot} of ${tile} (${x},${y}) already holds meeples of ${owners}`);
      }
      newMeeple = { owner: player, kind, x, y, feature: f };
    }

    // Traders & Builders (§e): the tile extends the road or city holding the player's builder —
    // a road or city segment of the tile is in the builder's feature — looked at before anything
    // is deployed; not on the builder's own second tile.
    let extendsBuilder = false;
    const builder = this.meeples.find((m) => m.owner === player && m.kind === 'builder');
    if (traders && builder !== undefined) {
      const mine = placedFeatures.of.get(nodeKey(builder.x, builder.y, builder.feature));
      extendsBuilder = def.features.some(
        (fd, f) => (fd.kind === 'road' || fd.kind === 'city') && placedFeatures.of.get(nodeKey(x, y, f)) === mine,
      );
    }
    // House rule #7: a tile with tiles on all four sides (the table's edge is no tile) fills a hole.
    const fillsHole =
      this.rules.fillingHole === 'extra-turn' && [0, 1, 2, 3].every((e) => tiles.has(cellKey(x + at(DX, e), y + at(DY, e))));
    const again = (extendsBuilder || fillsHole) && !second;

    // Commit the move.
    this.put(newTile);
    // The bag's count (limitCopies off, a hand-built board may place more copies than the set has);
    // with hands the tile left the bag when it was drawn.
    if (hand !== null) hand.splice(hand.indexOf(tile), 1);
    else this.left.set(tile, Math.max(0, (this.left.get(tile) ?? 0) - 1));
    if (newMeeple) {
      this.meeples.push(newMeeple);
      const list = this.supplyOf(newMeeple.kind);
      list[player] = at(list, player) - 1;
    }
    const gained = zeros(this.players);
    // The Abbot: taken back instead of deploying, it scores at once as in the final scoring,
    // 1 + 1 per tile around it (the tile just placed included), before this tile's scoring (§g).
    if (recall) {
      const m = at(this.meeples, abbotIndex);
      gained[player] = at(gained, player) + 1 + tilesAround(this.board, m.x, m.y, this.closed);
      this.meeples.splice(abbotIndex, 1);
      this.abbotList[player] = at(this.abbotList, player) + 1;
    }
    const end: MoveEnd = { player, x, y, gained, second, again, extendsBuilder, hand, draw };
    if (towerAction !== null) {
      const t = this.towerList.find((w) => w.x === towerAction.x && w.y === towerAction.y) as RefTower;
      if (towerAction.kind !== 'floor') {
        // A follower closes the tower (papageek: "This closes the tower").
        t.top = { owner: player, kind: towerAction.kind };
        const list = this.supplyOf(towerAction.kind);
        list[player] = at(list, player) - 1;
        this.towerLog.push({ type: 'close', player, detail: `${towerAction.kind} on ${t.x},${t.y}` });
      } else {
        t.floors++;
        this.floorList[player] = at(this.floorList, player) - 1;
        this.towerLog.push({ type: 'floor', player, detail: `${t.x},${t.y} height ${t.floors}` });
        // The capture step, when some figure stands within reach; its end (scoring…) waits for it.
        this.waiting = { end, tower: t, player };
        if (this.captureOptions().length > 0) {
          this.stepName = 'capture';
          return zeros(this.players);
        }
        this.waiting = null;
      }
    }
    return this.endMove(end);
  }

  /**
   * The rest of a move, once its figure is deployed (and, with The Tower, its capture made): the
   * abbot taken back scores, what the tile completed scores, goods are taken, figures go home,
   * the turn passes or an extra tile is owed; with hands, the hand is drawn back up.
   */
  private endMove(end: MoveEnd): number[] {
    const { player, x, y, gained, second, again, extendsBuilder, hand, draw } = end;
    const traders = this.expansions.includes('traders-builders');

    // Score what this tile completed.
    this.featureCache = null;
    const { feats } = this.boardFeatures();
    const returned = new Set<number>();
    for (const feat of feats) {
      if (feat.kind === 'field' || feat.kind === 'river' || !feat.complete || feat.meeples.length === 0) continue;
      const touches = centred(feat.kind) ? Math.abs(feat.x - x) <= 1 && Math.abs(feat.y - y) <= 1 : feat.tiles.has(cellKey(x, y));
      if (!touches) throw new Error(`referee internal error: completed ${feat.kind} with meeples not touching the move`);
      const points = this.completedPoints(feat);
      const figures = feat.meeples.map((i) => at(this.meeples, i));
      for (const p of this.decide(this.majorityLog, 'play', feat.kind, figures)) gained[p] = at(gained, p) + points;
      for (const i of feat.meeples) returned.add(i);
    }
    // Moves made before this one (the start tile, when it starts the board, is no move).
    const turn = this.placed.length - (this.startInBag ? 1 : 2);
    if (traders) {
      // Goods (§e): after the scoring, each city this tile completed gives its goods tokens to
      // the player who placed the tile, whoever held it.
      for (const feat of feats) {
        if (feat.kind !== 'city' || !feat.complete || !feat.tiles.has(cellKey(x, y))) continue;
        if (GOODS.every((g) => feat.goods[g] === 0)) continue;
        const tokens = at(this.tokenList, player);
        for (const g of GOODS) tokens[g] += feat.goods[g];
        this.goodsTaken.push({ turn, player, goods: { ...feat.goods } });
      }
    }
    // A builder goes home as soon as its owner has no meeple left in its road or city (§e): with
    // its feature's completion, as everything there (meeples never leave an open road or city).
    feats.forEach((feat) => {
      if (feat.kind !== 'road' && feat.kind !== 'city') return;
      const left = feat.meeples.filter((i) => !returned.has(i)).map((i) => at(this.meeples, i));
      feat.meeples.forEach((i) => {
        const m = at(this.meeples, i);
        if (m.kind === 'builder' && !left.some((o) => o.owner === m.owner && claims(o))) returned.add(i);
      });
    });
    const builderReturned = [...returned].some((i) => at(this.meeples, i).owner === player && at(this.meeples, i).kind === 'builder');
    for (const i of returned) {
      const m = at(this.meeples, i);
      const list = this.supplyOf(m.kind);
      list[m.owner] = at(list, m.owner) + 1;
    }
    this.meeples = this.meeples.filter((_, i) => !returned.has(i));
    this.featureCache = null;
    gained.forEach((g, p) => {
      this.scoreList[p] = at(this.scoreList, p) + g;
    });
    this.pending = again ? player : null;
    // The Tower: a ransom is paid once a turn; a builder's second tile is the same turn.
    if (!again) this.ransomPaidFlag = false;
    // A tile both extending the builder and filling a hole gives one extra tile: the builder's.
    this.pendingFor = again ? (extendsBuilder ? 'builder' : 'hole') : null;
    if (again && extendsBuilder) this.secondTiles.push({ turn, player, builderReturned });
    if (extendsBuilder && second) this.noThirdTile.push(turn);
    if (hand !== null && draw !== undefined) {
      // The hand is drawn back up once the turn is over: not before a second tile, which comes
      // from the hand (docs/rules.md, "A hand of tiles").
      if (!again) this.fill(player, draw);
      this.advance(again ? player : (player + 1) % this.players, draw);
    }
    return gained;
  }

  // -------------------------------------------------------------------------------------------
  // The Tower (wikicarpedia, The Tower; papageek.com/car/Tower.htm, the C2 rules)

  /**
   * Why `player` may not take tower action `a` after placing `placed` (not yet on the board), or
   * null when they may: the tower is on the board or on the tile just placed, open (no figure on
   * top); a floor needs one in supply; a follower or large meeple needs one in supply and a tower
   * of at least one floor (papageek: "A meeple cannot be placed on a tower foundation to prevent a
   * tower being built … The tower can only be blocked when it already exists").
   */
  private towerProblem(a: RefTowerAction, player: number, placed: Placed): string | null {
    if (!this.expansions.includes('tower')) return 'The Tower is not in play';
    const onNew = a.x === placed.x && a.y === placed.y;
    const t = onNew
      ? placed.def.foundation
        ? { floors: 0, top: null }
        : undefined
      : this.towerList.find((w) => w.x === a.x && w.y === a.y);
    if (t === undefined) return `no tower foundation at ${a.x},${a.y}`;
    if (t.top !== null) return 'the tower is closed';
    if (a.kind === 'floor') return at(this.floorList, player) > 0 ? null : 'no floor in supply';
    if (a.kind !== 'follower' && a.kind !== 'large') return `a ${String(a.kind)} may not close a tower`;
    if (t.floors < 1) return 'a bare foundation takes no follower';
    return at(this.supplyOf(a.kind), player) > 0 ? null : `no ${a.kind} in supply`;
  }

  /**
   * The tower actions `player` may take with `tile` placed so, instead of deploying: each tower
   * of the board and the tile's own foundation, each kind checked by towerProblem.
   */
  towerOptions(tile: string, x: number, y: number, rotation: number, player: number): RefTowerAction[] {
    this.checkPlayer(player);
    if (!this.expansions.includes('tower')) return [];
    const def = rotateDef(this.type(tile).def, rotation);
    const problem = this.placementProblem(def, x, y, this.river(), this.riverRole(tile) === 'spring');
    if (problem !== null) throw new Error(`referee: tower options asked for an illegal placement of ${tile}: ${problem}`);
    const placed: Placed = { id: tile, x, y, rotation: rotation as Rotation, def, player };
    const cells = this.towerList.map((t) => ({ x: t.x, y: t.y }));
    if (def.foundation) cells.push({ x, y });
    const out: RefTowerAction[] = [];
    for (const c of cells) {
      for (const kind of ['floor', 'follower', 'large'] as const) {
        if (this.towerProblem({ ...c, kind }, player, placed) === null) out.push({ ...c, kind });
      }
    }
    return out;
  }

  /** Whether (x, y) is in the same row or column as the tower, within its height (its own cell included). */
  private inReach(t: RefTower, x: number, y: number): boolean {
    return (x === t.x && Math.abs(y - t.y) <= t.floors) || (y === t.y && Math.abs(x - t.x) <= t.floors);
  }

  /**
   * At the capture step: the figures the tower just raised may capture (not the pass). Every
   * figure counting for majority (a follower, a large meeple, an abbot: builders and pigs are no
   * followers) on a tile within reach, named by its canonical spot, and every figure on a tower top
   * within reach (`at` null). Before the capture step (for test drivers), what the last floor would
   * reach; empty otherwise.
   */
  captureOptions(): RefCapture[] {
    if (this.waiting === null) return [];
    const t = this.waiting.tower;
    const out: RefCapture[] = [];
    for (const f of this.figures()) {
      if (weight(f.kind) > 0 && this.inReach(t, f.x, f.y)) out.push({ x: f.x, y: f.y, at: f.at });
    }
    for (const o of this.towerList) if (o.top !== null && this.inReach(t, o.x, o.y)) out.push({ x: o.x, y: o.y, at: null });
    return out;
  }

  /**
   * The capture step: `player` (who built the floor) captures `target`, or nobody (null). Then,
   * unless an exchange's choice is waited for, the move ends (scoring of what the tile completed
   * comes after the capture). Returns the points the move gave each player (zeros while a choice
   * is waited for).
   */
  capture(player: number, target: RefCapture | null): number[] {
    this.checkPlayer(player);
    const w = this.waiting;
    if (this.stepName !== 'capture' || w === null) throw new Error('referee: no capture step under way');
    if (player !== w.player) throw new Error(`referee: player ${w.player} captures, not player ${player}`);
    if (target === null) {
      this.towerLog.push({ type: 'pass', player, detail: '' });
      return this.finishTower();
    }
    const options = this.captureOptions();
    if (!options.some((o) => o.x === target.x && o.y === target.y && o.at === target.at)) {
      throw new Error(`referee: ${JSON.stringify(target)} is out of the tower's reach or holds no follower (${JSON.stringify(options)})`);
    }
    let owner: number;
    let kind: RefFigure;
    if (target.at === null) {
      // A follower on another tower's top: that tower is open again.
      const o = this.towerList.find((t) => t.x === target.x && t.y === target.y) as RefTower;
      const top = o.top as { owner: number; kind: RefFigure };
      owner = top.owner;
      kind = top.kind;
      o.top = null;
    } else {
      const figures = this.figures();
      const i = figures.findIndex((f) => weight(f.kind) > 0 && f.x === target.x && f.y === target.y && f.at === target.at);
      const m = at(this.meeples, i);
      owner = m.owner;
      kind = m.kind;
      // The feature it stood on, and what else of its owner stays there.
      const fs = this.boardFeatures();
      const feat = featureAt(fs, m.x, m.y, m.feature);
      const rest = feat.meeples.filter((j) => j !== i).map((j) => at(this.meeples, j));
      const gone = new Set([i]);
      // Its owner's builder or pig goes home when no follower or large meeple of theirs is left
      // on the feature (rules-facts §e: they stand only with one).
      if (!rest.some((o) => o.owner === owner && claims(o))) {
        for (const j of feat.meeples) {
          const o = at(this.meeples, j);
          if (o.owner === owner && (o.kind === 'builder' || o.kind === 'pig')) {
            gone.add(j);
            this.sentHomeByCapture.push(o.kind);
            const list = this.supplyOf(o.kind);
            list[o.owner] = at(list, o.owner) + 1;
          }
        }
      }
      this.meeples = this.meeples.filter((_, j) => !gone.has(j));
      this.featureCache = null;
    }
    this.towerLog.push({ type: 'capture', player, detail: `${owner}'s ${kind} at ${target.x},${target.y} ${target.at ?? 'top'}` });
    // One's own goes back to the supply (papageek: "When 'capturing' your own meeple, return it to
    // your supply"); another's is held.
    if (owner === player) {
      const list = this.supplyOf(kind);
      list[owner] = at(list, owner) + 1;
      return this.finishTower();
    }
    this.prisonerList.push({ jailer: player, owner, kind });
    // An exchange at once when the owner holds figures of the capturer: automatic when of one kind.
    const kinds = this.exchangeKinds(owner, player);
    if (kinds.length === 0) return this.finishTower();
    if (kinds.length === 1) {
      this.swap(player, owner, kind, at(kinds, 0));
      return this.finishTower();
    }
    this.exchangeFor = { owner, kind };
    this.stepName = 'exchange';
    return zeros(this.players);
  }

  /** The kinds of `owner`'s figures that `jailer` holds, in a fixed order. */
  private exchangeKinds(jailer: number, owner: number): RefFigure[] {
    const kinds = new Set(this.prisonerList.filter((p) => p.jailer === jailer && p.owner === owner).map((p) => p.kind));
    return (['follower', 'large', 'abbot', 'builder', 'pig'] as const).filter((k) => kinds.has(k));
  }

  /** At the exchange step: the kinds of the capturer's figures held by the captured figure's owner, one to choose. */
  exchangeOptions(): RefFigure[] {
    if (this.stepName !== 'exchange' || this.exchangeFor === null || this.waiting === null) return [];
    return this.exchangeKinds(this.exchangeFor.owner, this.waiting.player);
  }

  /** The exchange step: `player` (the capturer) chooses the kind of theirs that comes back; the move ends. */
  exchange(player: number, kind: RefFigure): number[] {
    this.checkPlayer(player);
    const w = this.waiting;
    const e = this.exchangeFor;
    if (this.stepName !== 'exchange' || w === null || e === null) throw new Error('referee: no exchange step under way');
    if (player !== w.player) throw new Error(`referee: player ${w.player} chooses the exchange, not player ${player}`);
    if (!this.exchangeOptions().includes(kind)) throw new Error(`referee: player ${e.owner} holds no ${kind} of player ${player}`);
    this.swap(player, e.owner, e.kind, kind);
    this.exchangeFor = null;
    return this.finishTower();
  }

  /** The exchange: `owner`'s `captured` just taken by `capturer` goes home, and the capturer's earliest-held `mine` held by `owner` too. */
  private swap(capturer: number, owner: number, captured: RefFigure, mine: RefFigure): void {
    const take = (jailer: number, who: number, kind: RefFigure): void => {
      const i = this.prisonerList.findIndex((p) => p.jailer === jailer && p.owner === who && p.kind === kind);
      if (i < 0) throw new Error('referee internal error: no such prisoner');
      this.prisonerList.splice(i, 1);
      const list = this.supplyOf(kind);
      list[who] = at(list, who) + 1;
    };
    take(capturer, owner, captured);
    take(owner, capturer, mine);
    this.towerLog.push({ type: 'exchange', player: capturer, detail: `${owner}'s ${captured} for ${capturer}'s ${mine}` });
  }

  /** The capture step (and its exchange) done: the move waiting for it ends. */
  private finishTower(): number[] {
    const w = this.waiting as { end: MoveEnd };
    this.waiting = null;
    this.stepName = 'tile';
    return this.endMove(w.end);
  }

  /**
   * The ransoms `player` may pay now: before their tile's action (a new tile is awaited and it is
   * their turn), once a turn, with at least 3 points (JCloisterZone's PayRansom), one per jailer
   * and kind of their figures held.
   */
  ransomOptions(player: number): { jailer: number; kind: RefFigure }[] {
    this.checkPlayer(player);
    if (this.stepName !== 'tile' || this.ransomPaidFlag || player !== this.nextPlayer) return [];
    if (at(this.scoreList, player) < RANSOM_POINTS) return [];
    const out: { jailer: number; kind: RefFigure }[] = [];
    for (const p of this.prisonerList) {
      if (p.owner === player && !out.some((o) => o.jailer === p.jailer && o.kind === p.kind)) out.push({ jailer: p.jailer, kind: p.kind });
    }
    return out;
  }

  /**
   * `player` pays 3 points to `jailer` for one of their figures of `kind` held there, which goes
   * back to their supply (and may be deployed in the same turn). Returns the points each player
   * gained (−3, +3).
   */
  ransom(player: number, jailer: number, kind: RefFigure): number[] {
    if (!this.ransomOptions(player).some((o) => o.jailer === jailer && o.kind === kind)) {
      throw new Error(`referee: player ${player} may not pay a ransom to player ${jailer} for a ${kind} now`);
    }
    const i = this.prisonerList.findIndex((p) => p.jailer === jailer && p.owner === player && p.kind === kind);
    this.prisonerList.splice(i, 1);
    const list = this.supplyOf(kind);
    list[player] = at(list, player) + 1;
    const gained = zeros(this.players);
    gained[player] = -RANSOM_POINTS;
    gained[jailer] = RANSOM_POINTS;
    gained.forEach((g, p) => {
      this.scoreList[p] = at(this.scoreList, p) + g;
    });
    this.ransomPaidFlag = true;
    this.towerLog.push({ type: 'ransom', player, detail: `${kind} from ${jailer}` });
    return gained;
  }

  // -------------------------------------------------------------------------------------------
  // Hands of tiles (house rules #3, #4; docs/rules.md, "A hand of tiles")

  /** Each player's hand (tiles in the order drawn), or null without hands. */
  get hands(): string[][] | null {
    return this.handList === null ? null : this.handList.map((h) => [...h]);
  }

  /** With hands: whether the game is over (the bag and every hand empty). */
  get ended(): boolean {
    return this.over;
  }

  /**
   * Deals the hands: a whole hand of `size` tiles to each player in turn order from the first
   * player; then the first player gets ready to move.
   */
  deal(draw: RefDraw): void {
    if (this.handList === null) throw new Error('referee: no hands to deal');
    if (this.toMove !== null || this.over) throw new Error('referee: the hands are dealt once');
    for (let i = 0; i < this.players; i++) this.fill((this.first + i) % this.players, draw);
    this.advance(this.first, draw);
  }

  /** Takes the bag's next tile (null when empty), checking that the bag holds it. */
  private drawOne(draw: RefDraw): string | null {
    const tile = draw();
    if (tile === null) {
      if (this.tilesLeft().length > 0) throw new Error(`referee: the bag is said empty but holds ${this.tilesLeft().join(' ')}`);
      return null;
    }
    const n = this.left.get(tile) ?? 0;
    if (n <= 0) throw new Error(`referee: tile ${tile} was drawn but none is left in the bag`);
    this.left.set(tile, n - 1);
    this.drawLog.push(tile);
    return tile;
  }

  /** Draws `player`'s hand back up to its size, as far as the bag goes (without looking at the tiles). */
  private fill(player: number, draw: RefDraw): void {
    const hand = at(this.handList as string[][], player);
    const size = this.rules.hand?.size ?? 0;
    while (hand.length < size) {
      const t = this.drawOne(draw);
      if (t === null) return;
      hand.push(t);
    }
  }

  /**
   * From `player` on, the first player ready to move is to move: one whose hand holds a tile that
   * fits, or who, none fitting, gave up the hand and drew tiles that fit. A player left with no
   * tile passes (a second tile is lost); when the bag and every hand are empty the game is over.
   */
  private advance(player: number, draw: RefDraw): void {
    this.toMove = null;
    let p = player;
    for (;;) {
      if (this.ready(p, draw)) {
        this.toMove = p;
        return;
      }
      if ((this.handList as string[][]).every((h) => h.length === 0)) {
        // The game is over. Who would move next: the player who found nothing to play, or, when
        // that was a second tile, the next in turn (the turn passes as usual, as without hands).
        this.toMove = this.pending === p ? (p + 1) % this.players : p;
        this.over = true;
        this.pending = null;
        this.pendingFor = null;
        return;
      }
      this.passLog.push(p);
      this.pending = null;
      this.pendingFor = null;
      p = (p + 1) % this.players;
    }
  }

  /**
   * `player` is about to move. The hand is judged as a whole: while one tile fits somewhere, it
   * stays as it is. Otherwise the whole hand leaves as tiles that fit nowhere do (out of the game;
   * under `unplaceable: 'returned'` land tiles are set aside, river tiles still leave), and the
   * player draws as many tiles that fit as the hand held (at least one), each drawn tile that fits
   * nowhere leaving or set aside in turn. The tiles set aside go back into the bag once the new
   * hand holds a tile, else they leave the game. Whether the player now holds a tile.
   */
  private ready(player: number, draw: RefDraw): boolean {
    const hand = at(this.handList as string[][], player);
    const fits = (t: string): boolean => this.legalPlacements(t).length > 0;
    if (hand.some(fits)) return true;
    const aside: string[] = [];
    const unplaced = (t: string): void => {
      if (this.rules.unplaceable === 'returned' && this.riverRole(t) === null) aside.push(t);
      else this.unplacedLog.push({ player, tile: t, fate: 'discarded' });
    };
    const want = Math.max(1, hand.length);
    for (const t of hand.splice(0)) unplaced(t);
    while (hand.length < want) {
      const t = this.drawOne(draw);
      if (t === null) break;
      if (fits(t)) hand.push(t);
      else unplaced(t);
    }
    for (const t of aside) {
      if (hand.length > 0) this.left.set(t, (this.left.get(t) ?? 0) + 1);
      this.unplacedLog.push({ player, tile: t, fate: hand.length > 0 ? 'returned' : 'discarded' });
    }
    return hand.length > 0;
  }

  features(): RefFeature[] {
    const { feats } = this.boardFeatures();
    return feats.map((f) => ({
      kind: f.kind,
      tiles: [...f.tiles].sort(),
      complete: f.complete,
      owners: f.meeples.map((i) => at(this.meeples, i).owner).sort((a, b) => a - b),
      pennants: f.pennants,
      open: f.open,
      inns: f.inns,
      cathedrals: f.cathedrals,
      goods: { ...f.goods },
    }));
  }

  /** The figures (owner and kind) of each feature, in the order of `features()`. */
  featureFigures(): { owner: number; kind: RefFigure }[][] {
    const { feats } = this.boardFeatures();
    return feats.map((f) => f.meeples.map((i) => ({ owner: at(this.meeples, i).owner, kind: at(this.meeples, i).kind })));
  }

  /** Every figure on the board, in the order deployed. */
  figures(): RefFigureOnBoard[] {
    return this.meeples.map((m) => {
      const p = this.board.get(cellKey(m.x, m.y));
      if (!p) throw new Error('referee internal error: figure off board');
      const feature = at(p.def.features, m.feature).kind;
      // The engine's documented canonical spot: a field is named by a half-edge (or I), not an edge.
      const spots = spotsOf(p.def, m.feature).filter((s) => feature !== 'field' || !EDGE_NAMES.includes(s as Edge));
      return { owner: m.owner, kind: m.kind, x: m.x, y: m.y, at: at(spots, 0), feature };
    });
  }

  finalScore(): RefFinalScore {
    return this.final().score;
  }

  /**
   * Traders & Builders: the pigs that would give nothing if the game ended now although their
   * field borders a completed city, because their owner does not win it (the field under
   * 'farm-3' and 'farm-3-once'; a city bordering it under 'city-4'). For test drivers.
   */
  idlePigs(): number {
    const { feats } = this.boardFeatures();
    let idle = 0;
    feats.forEach((f) => {
      if (f.kind !== 'field') return;
      const figures = f.meeples.map((i) => at(this.meeples, i));
      for (const pig of figures.filter((m) => m.kind === 'pig')) {
        const cities = [...f.cities].filter((c) => at(feats, c).complete);
        if (this.rules.farmers === 'farm-3' || this.rules.farmers === 'farm-3-once') {
          if (cities.length > 0 && !majority(figures, this.players).includes(pig.owner)) idle++;
        } else if (this.rules.farmers === 'city-4') {
          for (const c of cities) {
            const farmers = feats
              .filter((g) => g.kind === 'field' && g.cities.has(c))
              .flatMap((g) => g.meeples.map((i) => at(this.meeples, i)));
            if (!majority(farmers, this.players).includes(pig.owner)) idle++;
          }
        }
      }
    });
    return idle;
  }

  /** Every majority decided by the moves so far, in order. */
  majorities(): RefMajority[] {
    return this.majorityLog.map((m) => ({ ...m, figures: [...m.figures], holders: [...m.holders] }));
  }

  /** The majorities the final scoring would decide now (with a figure on the feature). */
  finalMajorities(): RefMajority[] {
    return this.final().majorities;
  }

  private final(): { score: RefFinalScore; majorities: RefMajority[] } {
    const log: RefMajority[] = [];
    const n = this.players;
    const final = { road: zeros(n), city: zeros(n), cloister: zeros(n), garden: zeros(n), field: zeros(n), goods: zeros(n) };
    const pigPoints = zeros(n);
    const { feats } = this.boardFeatures();
    const figuresOf = (f: Feat): BoardMeeple[] => f.meeples.map((i) => at(this.meeples, i));
    const add = (arr: number[], holders: number[], points: number): void => {
      for (const p of holders) arr[p] = at(arr, p) + points;
    };

    // Incomplete roads, cities, cloisters and gardens (an abbot scores like a monk, §g); a road
    // with an inn and a city with a cathedral score 0 (§c, §d). Under the house rule "incomplete
    // features score nothing", every one scores 0 (its majority is still decided).
    const nothing = this.rules.incomplete === 'none';
    for (const f of feats) {
      if (f.kind === 'field' || f.meeples.length === 0) continue;
      if (f.kind === 'river') throw new Error('referee internal error: a figure on the river');
      if (f.complete) throw new Error(`referee internal error: completed ${f.kind} still holds meeples`);
      const holders = this.decide(log, 'final', f.kind, figuresOf(f));
      if (nothing) continue;
      if (f.kind === 'road') add(final.road, holders, f.inns > 0 ? 0 : f.tiles.size);
      else if (f.kind === 'city') add(final.city, holders, f.cathedrals > 0 ? 0 : f.tiles.size + f.pennants);
      else add(final[f.kind], holders, 1 + (8 - f.open));
    }

    // Fields. A pig (Traders & Builders, §a, §e) adds 1 a city for its owner, only when the owner
    // scores the field (it weighs nothing in the majority itself).
    const completedCities = (f: Feat): number[] => [...f.cities].filter((c) => at(feats, c).complete);
    const fields = feats.filter((f) => f.kind === 'field' && f.meeples.length > 0);
    const pigIn = (f: Feat, p: number): boolean => figuresOf(f).some((m) => m.owner === p && m.kind === 'pig');
    const score = (p: number, cities: number, points: number, pig: boolean): void => {
      final.field[p] = at(final.field, p) + cities * (points + (pig ? 1 : 0));
      if (pig) pigPoints[p] = at(pigPoints, p) + cities;
    };
    const rule = this.rules.farmers;
    if (rule === 'farm-3') {
      // Each field on its own: 3 a completed city to its majority, 4 with their pig there.
      for (const f of fields) {
        for (const p of this.decide(log, 'final', 'field', figuresOf(f))) score(p, completedCities(f).length, 3, pigIn(f, p));
      }
    } else if (rule === 'farm-3-once') {
      // Each city at most once per player: 3, or 4 when one of the fields through which the
      // player scores it holds their pig.
      const perPlayer: Map<number, boolean>[] = Array.from({ length: n }, () => new Map<number, boolean>());
      for (const f of fields) {
        for (const p of this.decide(log, 'final', 'field', figuresOf(f))) {
          const mine = at(perPlayer, p);
          for (const c of completedCities(f)) mine.set(c, mine.get(c) === true || pigIn(f, p));
        }
      }
      perPlayer.forEach((cities, p) => {
        for (const pig of cities.values()) score(p, 1, 3, pig);
      });
    } else if (rule === 'city-4') {
      feats.forEach((city, ci) => {
        if (city.kind !== 'city' || !city.complete) return;
        // The farmers of every field bordering the city, large meeples counting 2 (§a, §d); a
        // winner with a pig in one of those fields scores 5.
        const bordering = fields.filter((f) => f.cities.has(ci));
        const farmers = bordering.flatMap(figuresOf);
        if (farmers.length === 0) return;
        for (const p of this.decide(log, 'final', 'field', farmers))
          score(
            p,
            1,
            4,
            bordering.some((f) => pigIn(f, p)),
          );
      });
    }

    // Goods (§e): 10 to every player tied for the most tokens of a kind (at least one).
    for (const m of this.goodsMajorities()) for (const [p, a] of m.awarded.entries()) final.goods[p] = at(final.goods, p) + a;

    const totals = this.scoreList.map(
      (s, p) =>
        s + at(final.road, p) + at(final.city, p) + at(final.cloister, p) + at(final.garden, p) + at(final.field, p) + at(final.goods, p),
    );
    return { score: { totals, final, pigPoints }, majorities: log };
  }

  /**
   * The goods majorities of the final scoring (Traders & Builders, rules-facts §e), wine, grain,
   * cloth: the players tied for the most tokens of the kind score 10 each; 0 tokens never wins.
   * Empty without the expansion.
   */
  goodsMajorities(): RefGoodsMajority[] {
    if (!this.expansions.includes('traders-builders')) return [];
    return GOODS.map((goods) => {
      const tokens = this.tokenList.map((t) => t[goods]);
      const most = Math.max(...tokens);
      const holders = most < 1 ? [] : tokens.flatMap((t, p) => (t === most ? [p] : []));
      return { goods, tokens, holders, awarded: tokens.map((_, p) => (holders.includes(p) ? 10 : 0)) };
    });
  }

  /** The holders of a feature with these figures (large meeples weigh 2), logged in `log`. */
  private decide(log: RefMajority[], phase: 'play' | 'final', kind: RefFeatureKind, figures: readonly BoardMeeple[]): number[] {
    const holders = majority(figures, this.players);
    log.push({ phase, kind, figures: figures.map((m) => ({ owner: m.owner, kind: m.kind })), holders });
    return holders;
  }

  // -------------------------------------------------------------------------------------------

  private type(tile: string): RefTileType {
    const t = this.types.get(tile);
    if (!t) throw new Error(`referee: unknown tile id ${JSON.stringify(tile)} in tile set ${this.tileSet}`);
    return t;
  }

  /** The supply list a figure returns to. */
  private supplyOf(kind: RefFigure): number[] {
    const lists: Record<RefFigure, number[]> = {
      follower: this.supplyList,
      abbot: this.abbotList,
      large: this.largeList,
      builder: this.builderList,
      pig: this.pigList,
    };
    return lists[kind];
  }

  /** The board's features, recomputed after every change (put, figures deployed or returned). */
  private boardFeatures(): Features {
    this.featureCache ??= computeFeatures(this.board, this.meeples, this.closed);
    return this.featureCache;
  }

  private checkPlayer(player: number): void {
    if (!Number.isInteger(player) || player < 0 || player >= this.players) {
      throw new Error(`referee: bad player index ${player}`);
    }
  }

  private put(p: Placed): void {
    this.featureCache = null;
    this.placed.push(p);
    this.board.set(cellKey(p.x, p.y), p);
    // The Tower: a tile printed with a foundation starts a tower of no floor.
    if (p.def.foundation && this.expansions.includes('tower')) this.towerList.push({ x: p.x, y: p.y, floors: 0, top: null });
  }

  /** The spots (canonical order) of each free feature of the placed tile whose kind `allowed` accepts. */
  private freeSpots(tile: string, x: number, y: number, rotation: number, allowed: (k: RefFeatureKind) => boolean): string[][] {
    return this.spotsWhere(tile, x, y, rotation, allowed, (figures) => figures.length === 0);
  }

  /**
   * The spots (canonical order) of each segment of the placed tile whose kind `allowed` accepts and
   * whose feature's figures (those of the features the segment would join) `ok` accepts.
   */
  private spotsWhere(
    tile: string,
    x: number,
    y: number,
    rotation: number,
    allowed: (k: RefFeatureKind) => boolean,
    ok: (figures: BoardMeeple[]) => boolean,
  ): string[][] {
    const { def, fs, joined } = this.joinedFeatures(tile, x, y, rotation);
    const options: string[][] = [];
    def.features.forEach((fd, f) => {
      if (!allowed(fd.kind)) return;
      if (!ok([...at(joined, f)].flatMap((i) => at(fs.feats, i).meeples.map((m) => at(this.meeples, m))))) return;
      const spots = spotsOf(def, f);
      if (spots.length > 0) options.push(spots);
    });
    const first = (s: string[]): number => SPOT_NAMES.indexOf(at(s, 0));
    options.sort((a, b) => first(a) - first(b));
    return options;
  }

  /**
   * For each segment of the tile placed so (before any figure goes on it): how many features of
   * the board it would join into one, and their figures. For test drivers seeking merges.
   */
  placementJoins(
    tile: string,
    x: number,
    y: number,
    rotation: number,
  ): { kind: RefFeatureKind; features: number; figures: { owner: number; kind: RefFigure }[] }[] {
    const { def, fs, joined } = this.joinedFeatures(tile, x, y, rotation);
    return def.features.map((fd, f) => {
      const feats = [...at(joined, f)];
      const figures = feats.flatMap((i) => at(fs.feats, i).meeples.map((m) => at(this.meeples, m)));
      return { kind: fd.kind, features: feats.length, figures: figures.map((m) => ({ owner: m.owner, kind: m.kind })) };
    });
  }

  /**
   * The board's features as they are, and for each segment of the tile placed so the indices of
   * those it would join. (play() checks the same thing the slow way, recomputing the whole board
   * with the tile on it.)
   */
  private joinedFeatures(tile: string, x: number, y: number, rotation: number): { def: RefTileDef; fs: Features; joined: Set<number>[] } {
    const def = rotateDef(this.type(tile).def, rotation);
    const problem = this.placementProblem(def, x, y, this.river(), this.riverRole(tile) === 'spring');
    if (problem !== null) throw new Error(`referee: options asked for an illegal placement of ${tile}: ${problem}`);
    const fs = this.boardFeatures();
    const placed: Placed = { id: tile, x, y, rotation: rotation as Rotation, def, player: null };
    const joins = def.features.map(
      (_, g) => new Set(links(this.board, placed, g, this.closed).nodes.map(([n, h]) => fs.of.get(nodeKey(n.x, n.y, h)) as number)),
    );
    const joined = def.features.map((_, f) => {
      // Segment f's feature: the features it joins, and through them the tile's other segments
      // joining them too (e.g. a curve whose two field halves meet again round the board), and so on.
      const segments = new Set([f]);
      const out = new Set<number>();
      for (let grew = true; grew; ) {
        grew = false;
        joins.forEach((js, g) => {
          if (!segments.has(g) && ![...js].some((i) => out.has(i))) return;
          segments.add(g);
          for (const i of js) {
            if (out.has(i)) continue;
            out.add(i);
            grew = true;
          }
        });
      }
      return out;
    });
    return { def, fs, joined };
  }

  /** Why a rotated tile cannot go at (x, y), or null if it can. */
  /** Whether (x, y) lies off the table (house rule #9); never without a table. */
  private offTable(x: number, y: number): boolean {
    const t = this.rules.table;
    return t !== undefined && t !== null && (x < t.minX || x > t.maxX || y < t.minY || y > t.maxY);
  }

  /** Cells off a table whose edge closes features (house rule #10). */
  private readonly closed: Closed = (x, y) => this.rules.tableEdge === 'closes' && this.offTable(x, y);

  private placementProblem(def: RefTileDef, x: number, y: number, river: RefRiver | null, spring: boolean): string | null {
    if (this.board.has(cellKey(x, y))) return 'cell is occupied';
    if (this.offTable(x, y)) return 'off the table';
    // The start tile in the bag (house rule #5): the first tile drawn goes to 0,0, any way round; a
    // river begins at its spring.
    if (this.board.size === 0) {
      if (x !== 0 || y !== 0) return 'the first tile goes to 0,0';
      return def.features.some((f) => f.kind === 'river') && !spring ? 'a river begins at its spring' : null;
    }
    let neighbours = 0;
    for (let e = 0; e < 4; e++) {
      const n = this.board.get(cellKey(x + at(DX, e), y + at(DY, e)));
      if (!n) continue;
      neighbours++;
      const mine = at(def.edges, e);
      const theirs = at(n.def.edges, opposite(e));
      if (mine !== theirs) {
        return `${at(EDGE_NAMES, e)} edge is ${mine} but the neighbour ${n.id} at ${n.x},${n.y} shows ${theirs}`;
      }
    }
    if (neighbours === 0) return 'no edge-adjacent tile';
    // The River (rules-facts §f): a river tile continues the river at its open end...
    const mine = def.features.filter((f) => f.kind === 'river').flatMap((f) => f.edges);
    if (mine.length === 0) return null;
    if (river === null || river.end === null) return 'no open river to continue';
    const end = river.end;
    if (x !== end.x || y !== end.y) return `a river tile must continue the river at ${end.x},${end.y}`;
    const entry = opposite(end.flow);
    if (!mine.includes(entry)) return 'the river does not flow in from the last river tile';
    // ...and may not turn the same way as the river tile just before it.
    const out = mine.filter((e) => e !== entry);
    if (out.length === 0) return null;
    const turn = turnOf(end.flow, at(out, 0));
    const last = at(river.course, river.course.length - 1).turn;
    if (turn !== 'straight' && turn === last) return `the river may not turn ${turn} twice in a row`;
    return null;
  }

  private completedPoints(f: Feat): number {
    // Inns & Cathedrals (§d): ≥1 inn doubles a road, ≥1 cathedral makes a city 3 a tile and a pennant.
    if (f.kind === 'road') return f.inns > 0 ? 2 * f.tiles.size : f.tiles.size;
    if (centred(f.kind)) return 9;
    if (f.kind === 'city') {
      if (f.cathedrals > 0) return 3 * f.tiles.size + 3 * f.pennants;
      if (this.rules.smallCity === 2 && f.tiles.size === 2) return 2 + f.pennants;
      return 2 * f.tiles.size + 2 * f.pennants;
    }
    return 0;
  }
}
