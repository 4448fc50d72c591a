import type { TileTypes } from '../facets.js';
import { city, cloister, field, road, tile } from '../../tiles/define.js';
import type { TileDef } from '../../tiles/tile-types.js';

/** The mark of a tile printed with a tower foundation (`TileDef.marks`). */
export const FOUNDATION = 'tower';

/** A tile with a tower foundation. */
const towerTile = (id: string, edges: string, features: Parameters<typeof tile>[2], garden = false): TileDef => ({
  ...tile(id, edges, features),
  marks: garden ? [FOUNDATION, 'garden'] : [FOUNDATION],
});

let towerTilesCache: readonly (readonly [TileDef, number])[] | undefined;

/**
 * The 18 tiles of The Tower (17 types), each with a tower foundation, in their printed
 * orientation. Ids follow JCloisterZone's (`TO/CRcr` is `TO-CRcr`): C a city edge, R a road edge,
 * F a field, L a cloister; a lower-case letter continues the segment before it. TO-F and TO-RR
 * carry a garden in the 2014 and later printings (the `'garden'` mark, read by The Abbot).
 */
export function towerTiles(): readonly (readonly [TileDef, number])[] {
  towerTilesCache ??= [
    [towerTile('TO-C', 'CFFF', [city('N'), field('ENE ESE SSE SSW WSW WNW', [0])]), 2],
    [towerTile('TO-F', 'FFFF', [field('NNW NNE ENE ESE SSE SSW WSW WNW')], true), 1],
    [towerTile('TO-L', 'FFFF', [cloister(), field('NNW NNE ENE ESE SSE SSW WSW WNW')]), 1],
    [towerTile('TO-RR', 'FFRR', [road('W'), road('S'), field('NNW NNE ENE ESE SSE WNW'), field('SSW WSW')], true), 1],
    [towerTile('TO-RRR', 'RRFR', [road('W'), road('N'), road('E'), field('NNW WNW'), field('NNE ENE'), field('ESE SSE SSW WSW')]), 1],
    [towerTile('TO-RrRr', 'RRRR', [road('N W'), road('E S'), field('NNW WNW'), field('ESE SSE'), field('NNE ENE SSW WSW')]), 1],
    [
      towerTile('TO-RRRR', 'RRRR', [
        road('N'),
        road('E'),
        road('S'),
        road('W'),
        field('NNW WNW'),
        field('NNE ENE'),
        field('ESE SSE'),
        field('SSW WSW'),
      ]),
      1,
    ],
    [
      towerTile('TO-CRcr', 'RCRC', [road('N S'), city('E W'), field('NNW', [1]), field('NNE', [1]), field('SSE', [1]), field('SSW', [1])]),
      1,
    ],
    [towerTile('TO-CFR', 'CFRF', [city('N'), road('S'), field('SSW WSW WNW', [0]), field('ENE ESE SSE', [0])]), 1],
    [towerTile('TO-RrC', 'CFRR', [road('S W'), city('N'), field('ENE ESE SSE WNW', [1]), field('SSW WSW')]), 1],
    [towerTile('TO-RCr', 'CRFR', [city('N'), road('E W'), field('WNW', [0]), field('ENE', [0]), field('ESE SSE SSW WSW')]), 1],
    [towerTile('TO-Cc', 'CFFC', [city('N W'), field('ENE ESE SSE SSW', [0])]), 1],
    [towerTile('TO-CcR', 'CRFC', [road('E'), city('N W'), field('ENE', [1]), field('ESE', [1]), field('SSE SSW', [1])]), 1],
    [towerTile('TO-CC', 'CFFC', [city('N'), city('W'), field('ENE ESE SSE SSW', [0, 1])]), 1],
    [towerTile('TO-CRCr', 'CRCR', [road('E W'), city('N'), city('S'), field('ENE WNW', [1]), field('ESE WSW', [2])]), 1],
    [towerTile('TO-CccR', 'CCRC', [road('S'), city('N E W'), field('SSE', [1]), field('SSW', [1])]), 1],
    [towerTile('TO-CccC', 'CCCC', [city('N E W', 1), city('S'), field('', [0, 1])]), 1],
  ];
  return towerTilesCache;
}

/** The Tower's tile types, for the catalogue of every tile. */
export const tileTypes = {
  module: 'tower',
  types: () => towerTiles().map(([def]) => def),
} satisfies TileTypes;
