import { city, cloister, field, goodsCity, road, tile } from './define.js';
import type { TileDef } from './types.js';

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
    [
      tile('TB-A', 'City cap, road ending at the city from an adjacent side', 'CRFF', [
        city('N'),
        road('E'),
        field('ENE', [0]),
        field('ESE SSE SSW WSW WNW', [0]),
      ]),
      1,
    ],
    [
      tile('TB-B', 'Two straight roads crossing on a bridge (not a junction: both roads continue), four separate fields', 'RRRR', [
        road('N S'),
        road('E W'),
        field('NNW WNW'),
        field('NNE ENE'),
        field('ESE SSE'),
        field('SSW WSW'),
      ]),
      1,
    ],
    [
      tile('TB-C', 'City cap; one road ends at the city, another ends at a cottage', 'CFRR', [
        city('N'),
        road('S'),
        road('W'),
        field('WNW', [0]),
        field('SSW WSW'),
        field('ENE ESE SSE', [0]),
      ]),
      1,
    ],
    [
      tile('TB-D', 'City on two adjacent sides (grain), separate city cap, road ending at the city', 'CRCC', [
        goodsCity('N W', 'grain'),
        city('S'),
        road('E'),
        field('ENE', [0]),
        field('ESE', [0, 1]),
      ]),
      1,
    ],
    [
      tile('TB-E', 'City connecting two opposite sides (grain), road ending at it', 'FCRC', [
        goodsCity('E W', 'grain'),
        road('S'),
        field('NNW NNE', [0]),
        field('SSE', [0]),
        field('SSW', [0]),
      ]),
      1,
    ],
    [
      tile('TB-F', 'City on two adjacent sides (grain), road ending at it', 'CFRC', [
        goodsCity('N W', 'grain'),
        road('S'),
        field('SSW', [0]),
        field('ENE ESE SSE', [0]),
      ]),
      1,
    ],
    [tile('TB-G', 'City on two adjacent sides (grain)', 'CFFC', [goodsCity('N W', 'grain'), field('ENE ESE SSE SSW', [0])]), 1],
    [tile('TB-H', 'City on three sides (grain)', 'CCFC', [goodsCity('N E W', 'grain'), field('SSE SSW', [0])]), 1],
    [
      tile('TB-I', 'City on two adjacent sides (grain), road ending at it, field split in three', 'CFRC', [
        goodsCity('N W', 'grain'),
        road('S'),
        field('SSW', [0]),
        field('SSE', [0]),
        field('ENE ESE', [0]),
      ]),
      1,
    ],
    [
      tile('TB-J', 'Cloister with three roads ending at it', 'FRRR', [
        cloister(),
        road('E'),
        road('S'),
        road('W'),
        field('NNW NNE ENE WNW'),
        field('ESE SSE'),
        field('SSW WSW'),
      ]),
      1,
    ],
    [
      tile('TB-K', 'City on two adjacent sides (cloth), road ending at the city', 'CRFC', [
        goodsCity('N W', 'cloth'),
        road('E'),
        field('ENE', [0]),
        field('ESE SSE SSW', [0]),
      ]),
      1,
    ],
    [
      tile('TB-L', 'City on two adjacent sides (cloth), separate city cap, road ending at the city', 'CRCC', [
        goodsCity('N W', 'cloth'),
        city('S'),
        road('E'),
        field('ENE', [0]),
        field('ESE', [0, 1]),
      ]),
      1,
    ],
    [
      tile('TB-M', 'City on two adjacent sides (cloth) plus two separate city caps, enclosed field', 'CCCC', [
        goodsCity('N W', 'cloth'),
        city('E'),
        city('S'),
        field('', [0, 1, 2]),
      ]),
      1,
    ],
    [
      tile('TB-N', 'City connecting two opposite sides (cloth) plus a separate city cap', 'FCCC', [
        goodsCity('E W', 'cloth'),
        city('S'),
        field('NNW NNE', [0]),
        field('', [0, 1]),
      ]),
      1,
    ],
    [
      tile('TB-O', 'City on two adjacent sides (cloth), two roads ending at it, four fields', 'CRRC', [
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
    [
      tile('TB-P', 'City connecting two opposite sides (wine) plus a separate city cap', 'FCCC', [
        goodsCity('E W', 'wine'),
        city('S'),
        field('NNW NNE', [0]),
        field('', [0, 1]),
      ]),
      1,
    ],
    [
      tile('TB-Q', 'City connecting two opposite sides (wine)', 'FCFC', [
        goodsCity('E W', 'wine'),
        field('NNW NNE', [0]),
        field('SSE SSW', [0]),
      ]),
      1,
    ],
    [
      tile('TB-R', 'City connecting two opposite sides (wine), a road ending at it from each other side', 'RCRC', [
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
    [
      tile('TB-S', 'City connecting two opposite sides (wine), road ending at it', 'FCRC', [
        goodsCity('E W', 'wine'),
        road('S'),
        field('NNW NNE', [0]),
        field('SSE', [0]),
        field('SSW', [0]),
      ]),
      1,
    ],
    [tile('TB-T', 'City on two adjacent sides (wine)', 'CFFC', [goodsCity('N W', 'wine'), field('ENE ESE SSE SSW', [0])]), 1],
    [
      tile('TB-U', 'City on two adjacent sides (wine), two roads ending at it, three fields', 'CRRC', [
        goodsCity('N W', 'wine'),
        road('E'),
        road('S'),
        field('ENE', [0]),
        field('ESE SSE', [0]),
        field('SSW', [0]),
      ]),
      1,
    ],
    [
      tile('TB-V', 'City on three sides (wine), road ending at it', 'CCRC', [
        goodsCity('N E W', 'wine'),
        road('S'),
        field('SSE', [0]),
        field('SSW', [0]),
      ]),
      1,
    ],
    [
      tile('TB-W', 'City on two adjacent sides (wine), road ending at it, field split in three', 'CRFC', [
        goodsCity('N W', 'wine'),
        road('E'),
        field('ENE', [0]),
        field('ESE', [0]),
        field('SSE SSW', [0]),
      ]),
      1,
    ],
    [
      tile('TB-X', 'Two cities each on two adjacent sides (one with wine), enclosed field between', 'CCCC', [
        goodsCity('N W', 'wine'),
        city('E S'),
        field('', [0, 1]),
      ]),
      1,
    ],
  ];
  return tradersBuildersTilesCache;
}

/** Traders & Builders tiles that carry a garden in the 2014 and later printings (The Abbot). */
export const TB_GARDEN_TILES: readonly string[] = ['TB-K', 'TB-U'];
