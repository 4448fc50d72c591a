import type { TileTypes } from '../facets.js';
import type { Edge } from '../../core/geometry.js';
import { city, cloister, field, road, tile } from '../../tiles/define.js';
import type { CityDef, TileDef } from '../../tiles/tile-types.js';
import type { Goods } from './api.js';

/** A city segment with a goods symbol. */
const goodsCity = (edges: string, goods: Goods): CityDef => ({ kind: 'city', edges: edges.split(' ') as Edge[], pennants: 0, goods });

let tradersBuildersTilesCache: readonly (readonly [TileDef, number])[] | undefined;

/**
 * The 24 tiles of Traders & Builders (24 types; letters as in the reference, from the expansion's
 * wikicarpedia images), each in its canonical orientation. 20 carry one goods symbol each (9 wine,
 * 6 grain, 5 cloth: as many as the goods tokens). The special tiles (rules-facts §e, §j.6):
 * - TB-B, the bridge: two roads cross without a junction, each continues; the four fields stay apart.
 * - TB-C: one road ends at the city, the other at a cottage.
 * - TB-J: a cloister where three roads end, splitting the field in three.
 * - TB-M, TB-N, TB-P, TB-X: a small field enclosed between city segments.
 */
export function tradersBuildersTiles(): readonly (readonly [TileDef, number])[] {
  tradersBuildersTilesCache ??= [
    [tile('TB-A', 'CRFF', [city('N'), road('E'), field('ENE', [0]), field('ESE SSE SSW WSW WNW', [0])]), 1],
    [tile('TB-B', 'RRRR', [road('N S'), road('E W'), field('NNW WNW'), field('NNE ENE'), field('ESE SSE'), field('SSW WSW')]), 1],
    [tile('TB-C', 'CFRR', [city('N'), road('S'), road('W'), field('WNW', [0]), field('SSW WSW'), field('ENE ESE SSE', [0])]), 1],
    [tile('TB-D', 'CRCC', [goodsCity('N W', 'grain'), city('S'), road('E'), field('ENE', [0]), field('ESE', [0, 1])]), 1],
    [tile('TB-E', 'FCRC', [goodsCity('E W', 'grain'), road('S'), field('NNW NNE', [0]), field('SSE', [0]), field('SSW', [0])]), 1],
    [tile('TB-F', 'CFRC', [goodsCity('N W', 'grain'), road('S'), field('SSW', [0]), field('ENE ESE SSE', [0])]), 1],
    [tile('TB-G', 'CFFC', [goodsCity('N W', 'grain'), field('ENE ESE SSE SSW', [0])]), 1],
    [tile('TB-H', 'CCFC', [goodsCity('N E W', 'grain'), field('SSE SSW', [0])]), 1],
    [tile('TB-I', 'CFRC', [goodsCity('N W', 'grain'), road('S'), field('SSW', [0]), field('SSE', [0]), field('ENE ESE', [0])]), 1],
    [tile('TB-J', 'FRRR', [cloister(), road('E'), road('S'), road('W'), field('NNW NNE ENE WNW'), field('ESE SSE'), field('SSW WSW')]), 1],
    [tile('TB-K', 'CRFC', [goodsCity('N W', 'cloth'), road('E'), field('ENE', [0]), field('ESE SSE SSW', [0])]), 1],
    [tile('TB-L', 'CRCC', [goodsCity('N W', 'cloth'), city('S'), road('E'), field('ENE', [0]), field('ESE', [0, 1])]), 1],
    [tile('TB-M', 'CCCC', [goodsCity('N W', 'cloth'), city('E'), city('S'), field('', [0, 1, 2])]), 1],
    [tile('TB-N', 'FCCC', [goodsCity('E W', 'cloth'), city('S'), field('NNW NNE', [0]), field('', [0, 1])]), 1],
    [
      tile('TB-O', 'CRRC', [
        goodsCity('N W', 'cloth'),
        road('E'),
        road('S'),
        field('ENE', [0]),
        field('ESE', [0]),
        field('SSE', [0]),
        field('SSW', [0]),
      ]),
      1,
    ],
    [tile('TB-P', 'FCCC', [goodsCity('E W', 'wine'), city('S'), field('NNW NNE', [0]), field('', [0, 1])]), 1],
    [tile('TB-Q', 'FCFC', [goodsCity('E W', 'wine'), field('NNW NNE', [0]), field('SSE SSW', [0])]), 1],
    [
      tile('TB-R', 'RCRC', [
        goodsCity('E W', 'wine'),
        road('N'),
        road('S'),
        field('NNW', [0]),
        field('NNE', [0]),
        field('SSE', [0]),
        field('SSW', [0]),
      ]),
      1,
    ],
    [tile('TB-S', 'FCRC', [goodsCity('E W', 'wine'), road('S'), field('NNW NNE', [0]), field('SSE', [0]), field('SSW', [0])]), 1],
    [tile('TB-T', 'CFFC', [goodsCity('N W', 'wine'), field('ENE ESE SSE SSW', [0])]), 1],
    [
      tile('TB-U', 'CRRC', [goodsCity('N W', 'wine'), road('E'), road('S'), field('ENE', [0]), field('ESE SSE', [0]), field('SSW', [0])]),
      1,
    ],
    [tile('TB-V', 'CCRC', [goodsCity('N E W', 'wine'), road('S'), field('SSE', [0]), field('SSW', [0])]), 1],
    [tile('TB-W', 'CRFC', [goodsCity('N W', 'wine'), road('E'), field('ENE', [0]), field('ESE', [0]), field('SSE SSW', [0])]), 1],
    [tile('TB-X', 'CCCC', [goodsCity('N W', 'wine'), city('E S'), field('', [0, 1])]), 1],
  ];
  return tradersBuildersTilesCache;
}

/** The module's tile types, for the catalogue of every tile. */
export const tileTypes = {
  module: 'traders-builders',
  types: () => tradersBuildersTiles().map(([def]) => def),
} satisfies TileTypes;
