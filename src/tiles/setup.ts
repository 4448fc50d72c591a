import { BASE_SET } from './base.js';
import { shuffleInPlace } from '../core/rng.js';
import { TILE_SETS, tileDef } from './catalogue.js';
import { GARDEN_TILES, gardenId, RIVER_GARDEN_TILES, RIVER_LAKE, RIVER_SPRING, riverTiles } from './river.js';
import { IC_GARDEN_TILES, innsCathedralsTiles } from './inns-cathedrals.js';
import { TB_GARDEN_TILES, tradersBuildersTiles } from './traders-builders.js';
import type { TileSetDef, TileSetName } from './types.js';

/** Expansions a game can be played with. */
export type ExpansionName = 'river' | 'abbot' | 'inns-cathedrals' | 'traders-builders';

/**
 * Every expansion, in the order a state records them.
 *
 * @example
 * ```ts
 * import { createGame, EXPANSIONS } from 'carcassonne-engine';
 *
 * console.log(EXPANSIONS); // → [ 'river', 'abbot', 'inns-cathedrals', 'traders-builders' ]
 * console.log(createGame({ players: 2, seed: 1, expansions: [...EXPANSIONS].reverse() }).expansions.join()); // → river,abbot,inns-cathedrals,traders-builders
 * ```
 */
export const EXPANSIONS: readonly ExpansionName[] = ['river', 'abbot', 'inns-cathedrals', 'traders-builders'];

/**
 * What becomes of the base game's start tile when The River supplies the start (the rulebooks
 * differ): `'removed'` from the game, `'shuffled'` into the land tiles, or drawn as the
 * `'first-land'` tile, right after the lake.
 */
export type RiverStartTile = 'removed' | 'shuffled' | 'first-land';

/** The choices that decide which tiles a game is played with. */
export interface TileSetup {
  readonly tileSet: TileSetName;
  readonly expansions: readonly ExpansionName[];
  readonly riverStartTile: RiverStartTile;
  /** Whether the garden copies of tiles are used (only with The Abbot). */
  readonly gardens: boolean;
}

const composed = new Map<string, TileSetDef>();

/**
 * The tiles of a game: the tile set, with The River's tiles first (course tiles, then the lake,
 * then the spring as start tile), Inns & Cathedrals' and Traders & Builders' tiles added to the
 * land and, with The Abbot and gardens, one copy of each garden tile swapped for its garden copy.
 * Built once per combination and shared, so that its compiled tables are too. Without expansions
 * this is the tile set itself.
 */
export function gameTiles(setup: TileSetup): TileSetDef {
  const river = setup.expansions.includes('river');
  const gardens = setup.expansions.includes('abbot') && setup.gardens;
  const inns = setup.expansions.includes('inns-cathedrals');
  const traders = setup.expansions.includes('traders-builders');
  if (!river && !gardens && !inns && !traders) return TILE_SETS[setup.tileSet];
  const key = `${setup.tileSet}|${river ? setup.riverStartTile : '-'}|${gardens}|${inns}|${traders}`;
  let set = composed.get(key);
  if (set === undefined) {
    set = compose(TILE_SETS[setup.tileSet], river, gardens, inns, traders, setup.riverStartTile);
    composed.set(key, set);
  }
  return set;
}

function compose(land: TileSetDef, river: boolean, gardens: boolean, inns: boolean, traders: boolean, start: RiverStartTile): TileSetDef {
  const counts: [string, number][] = [];
  const add = (id: string, n: number, gardenCopy: boolean) => {
    if (gardens && gardenCopy && n > 0) {
      if (n > 1) counts.push([id, n - 1]);
      counts.push([gardenId(id), 1]);
    } else if (n > 0) counts.push([id, n]);
  };
  // Land tiles of the set and of Inns & Cathedrals, merged by id (the print-and-play demo already
  // holds two Inns & Cathedrals tiles).
  const landCounts = new Map<string, number>(land.counts.map(([id, n]) => [id, n]));
  if (inns) for (const [def, n] of innsCathedralsTiles()) landCounts.set(def.id, (landCounts.get(def.id) ?? 0) + n);
  if (traders) for (const [def, n] of tradersBuildersTiles()) landCounts.set(def.id, n);
  if (river) {
    // The kernel relies on this order: river course tiles, the lake, the spring, then the land.
    for (const [def, n] of riverTiles()) {
      if (def.id !== RIVER_LAKE && def.id !== RIVER_SPRING) add(def.id, n, RIVER_GARDEN_TILES.includes(def.id));
    }
    counts.push([RIVER_LAKE, 1], [RIVER_SPRING, 1]);
  }
  for (const [id, n] of landCounts) {
    const copies = river && start === 'removed' && id === land.startTile ? n - 1 : n;
    const gardenCopy = (land === BASE_SET && GARDEN_TILES.includes(id)) || IC_GARDEN_TILES.includes(id) || TB_GARDEN_TILES.includes(id);
    add(id, copies, gardenCopy);
  }
  return {
    name: land.name,
    title: land.title,
    counts,
    startTile: river ? RIVER_SPRING : land.startTile,
    meeples: land.meeples,
    ...(river && start === 'first-land' ? { firstLand: land.startTile } : {}),
  };
}

/**
 * The tiles to draw, in order: `drawOrder` first, then the rest of the set shuffled by `next` (uniform 32-bit integers).
 * With The River: the river tiles (shuffled), the lake, a `'first-land'` start tile, then the
 * land tiles (shuffled). The start tile's copy is not dealt.
 */
export function dealTiles(set: TileSetDef, drawOrder: readonly string[], next: () => number): string[] {
  const course: string[] = [];
  const lake: string[] = [];
  const land: string[] = [];
  for (const [id, n] of set.counts) {
    const river = tileDef(id)?.features.find((f) => f.kind === 'river');
    const pile = river?.kind !== 'river' ? land : river.edges.length === 1 ? lake : course;
    for (let i = id === set.startTile ? 1 : 0; i < n; i++) pile.push(id);
  }
  for (const id of drawOrder) {
    const pile = [course, lake, land].find((p) => p.includes(id));
    pile?.splice(pile.indexOf(id), 1);
  }
  const first = set.firstLand !== undefined && land.includes(set.firstLand) ? [set.firstLand] : [];
  if (first.length > 0) land.splice(land.indexOf(first[0] as string), 1);
  return [...drawOrder, ...shuffleInPlace(course, next), ...lake, ...first, ...shuffleInPlace(land, next)];
}
