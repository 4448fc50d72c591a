import type { TileTypes } from '../facets.js';
import type { Edge } from '../../core/geometry.js';
import { city, cloister, field, road, tile } from '../../tiles/define.js';
import type { TileDef } from '../../tiles/tile-types.js';
import type { RiverDef } from './api.js';

const river = (edges: string): RiverDef => ({ kind: 'river', edges: edges.split(' ') as Edge[] });

const ALL_HALVES = 'NNW NNE ENE ESE SSE SSW WSW WNW';

/** The spring: the start tile of a game with The River. */
export const RIVER_SPRING = 'RV-spring';
/** The lake: the last river tile drawn. */
export const RIVER_LAKE = 'RV-lake';

let riverTilesCache: readonly (readonly [TileDef, number])[] | undefined;

/**
 * The 12 tiles of The River (River I; the same layout in the 2001 and 2014 printings), each in
 * its canonical orientation, with copies. The field of the spring and of the lake wraps around
 * the river's end, so it is one field; everywhere else the river splits the fields of its banks.
 */
export function riverTiles(): readonly (readonly [TileDef, number])[] {
  riverTilesCache ??= [
    [tile('RV-cities', 'CSCS', [city('N'), city('S'), river('E W'), field('ENE WNW', [0]), field('ESE WSW', [1])]), 1],
    [
      tile('RV-city-road', 'CSRS', [
        city('N'),
        road('S'),
        river('E W'),
        field('ENE', [0]),
        field('WNW', [0]),
        field('ESE SSE'),
        field('SSW WSW'),
      ]),
      1,
    ],
    [
      tile('RV-cloister-road', 'FSRS', [cloister(), road('S'), river('E W'), field('NNW NNE ENE WNW'), field('ESE SSE'), field('SSW WSW')]),
      1,
    ],
    [tile('RV-bridge', 'SRSR', [river('N S'), road('E W'), field('NNW WNW'), field('NNE ENE'), field('ESE SSE'), field('SSW WSW')]), 1],
    [tile('RV-straight', 'FSFS', [river('E W'), field('NNW NNE ENE WNW'), field('ESE SSE SSW WSW')]), 2],
    [tile('RV-city-curve', 'CSSC', [city('N W'), river('E S'), field('ENE SSW', [0]), field('ESE SSE')]), 1],
    [tile('RV-road-curve', 'RRSS', [road('N E'), river('S W'), field('NNW ESE SSE WNW'), field('NNE ENE'), field('SSW WSW')]), 1],
    [tile('RV-curve', 'FFSS', [river('S W'), field('NNW NNE ENE ESE SSE WNW'), field('SSW WSW')]), 2],
    [tile(RIVER_LAKE, 'FFFS', [river('W'), field(ALL_HALVES)]), 1],
    [tile(RIVER_SPRING, 'FSFF', [river('E'), field(ALL_HALVES)]), 1],
  ];
  return riverTilesCache;
}

/** The module's tile types, for the catalogue of every tile. */
export const tileTypes = {
  module: 'river',
  types: () => riverTiles().map(([def]) => def),
} satisfies TileTypes;
