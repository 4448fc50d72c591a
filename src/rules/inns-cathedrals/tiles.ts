import type { TileTypes } from '../facets.js';
import type { Edge } from '../../core/geometry.js';
import { city, field, road, tile } from '../../tiles/define.js';
import { pnpExtraTiles } from '../../tiles/pnp-demo.js';
import type { CityDef, RoadDef, TileDef } from '../../tiles/tile-types.js';

/** A road segment with an inn beside it. */
const innRoad = (edges: string): RoadDef => ({ kind: 'road', edges: edges.split(' ') as Edge[], inn: true });
/** A city segment with a cathedral. */
const cathedralCity = (edges: string): CityDef => ({ kind: 'city', edges: edges.split(' ') as Edge[], pennants: 0, cathedral: true });

let innsCathedralsTilesCache: readonly (readonly [TileDef, number])[] | undefined;

/**
 * The 18 tiles of Inns & Cathedrals (17 types; letters as in the reference, from the expansion's
 * wikicarpedia images), each in its canonical orientation, with copies: 6 inns (each beside one road
 * segment; on the junction IC-C only the road it stands beside) and 2 cathedrals (IC-K). IC-D and
 * IC-J are the two tiles the print-and-play demo borrows.
 */
export function innsCathedralsTiles(): readonly (readonly [TileDef, number])[] {
  const [cloisterTwoRoads, cityCapRoad] = pnpExtraTiles() as [TileDef, TileDef];
  innsCathedralsTilesCache ??= [
    [tile('IC-A', 'FFRR', [innRoad('S W'), field('NNW NNE ENE ESE SSE WNW'), field('SSW WSW')]), 1],
    [tile('IC-B', 'FRFR', [innRoad('E W'), field('NNW NNE ENE WNW'), field('ESE SSE SSW WSW')]), 1],
    [tile('IC-C', 'FRRR', [innRoad('E'), road('S'), road('W'), field('NNW NNE ENE WNW'), field('ESE SSE'), field('SSW WSW')]), 1],
    [cloisterTwoRoads, 1],
    [tile('IC-E', 'RRRR', [road('N W'), road('E S'), field('NNW WNW'), field('ESE SSE'), field('NNE ENE SSW WSW')]), 1],
    [tile('IC-F', 'CRFC', [city('N W'), road('E'), field('ENE', [0]), field('ESE SSE SSW', [0])]), 1],
    [tile('IC-G', 'CFFF', [city('N'), field('ENE ESE', [0]), field('SSE SSW WSW WNW', [0])]), 1],
    [tile('IC-H', 'CCCC', [city('N'), city('E'), city('S'), city('W'), field('', [0, 1, 2, 3])]), 1],
    [
      tile('IC-I', 'CRCR', [
        city('N'),
        city('S'),
        road('E'),
        road('W'),
        field('ENE', [0]),
        field('WNW', [0]),
        field('ESE', [1]),
        field('WSW', [1]),
      ]),
      1,
    ],
    [cityCapRoad, 1],
    [tile('IC-K', 'CCCC', [cathedralCity('N E S W')]), 2],
    [tile('IC-L', 'CRRC', [city('N W', 1), innRoad('E S'), field('ENE SSW', [0]), field('ESE SSE')]), 1],
    [tile('IC-M', 'CFRR', [city('N'), innRoad('S W'), field('ENE ESE SSE WNW', [0]), field('SSW WSW')]), 1],
    [tile('IC-N', 'CFRC', [city('N W'), innRoad('S'), field('SSW', [0]), field('ENE ESE SSE', [0])]), 1],
    [tile('IC-O', 'CCFC', [city('N'), city('E'), city('W'), field('SSE SSW', [0, 1, 2])]), 1],
    [tile('IC-P', 'CFCC', [city('N W', 1), city('S'), field('ENE ESE', [0, 1])]), 1],
    [
      tile('IC-Q', 'RCRC', [
        city('E W', 1),
        road('N'),
        road('S'),
        field('NNW', [0]),
        field('NNE', [0]),
        field('SSE', [0]),
        field('SSW', [0]),
      ]),
      1,
    ],
  ];
  return innsCathedralsTilesCache;
}

/** The module's tile types, for the catalogue of every tile. */
export const tileTypes = {
  module: 'inns-cathedrals',
  types: () => innsCathedralsTiles().map(([def]) => def),
} satisfies TileTypes;
