import { city, cloister, field, road, tile } from './define.js';
import type { TileDef, TileSetDef } from './types.js';

let baseTilesCache: readonly TileDef[] | undefined;

/**
 * The 24 tile types of the base game, by their wikicarpedia letters, each in its printed
 * orientation. Topology and counts are the same in the first (2000), second (2014) and third
 * (2021) printings.
 */
export function baseTiles(): readonly TileDef[] {
  baseTilesCache ??= [
    tile('A', 'Cloister with a road ending at it', 'FFRF', [cloister(), road('S'), field('NNW NNE ENE ESE SSE SSW WSW WNW')]),
    tile('B', 'Cloister', 'FFFF', [cloister(), field('NNW NNE ENE ESE SSE SSW WSW WNW')]),
    tile('C', 'City on all four sides, pennant', 'CCCC', [city('N E S W', 1)]),
    tile('D', 'City cap, straight road across (start tile)', 'CRFR', [
      city('N'),
      road('E W'),
      field('ENE WNW', [0]),
      field('ESE SSE SSW WSW'),
    ]),
    tile('E', 'City cap on one side', 'CFFF', [city('N'), field('ENE ESE SSE SSW WSW WNW', [0])]),
    tile('F', 'City between two opposite sides, pennant', 'FCFC', [city('E W', 1), field('NNW NNE', [0]), field('SSE SSW', [0])]),
    tile('G', 'City between two opposite sides', 'FCFC', [city('E W'), field('NNW NNE', [0]), field('SSE SSW', [0])]),
    tile('H', 'Two city caps on opposite sides', 'CFCF', [city('N'), city('S'), field('ENE ESE WSW WNW', [0, 1])]),
    tile('I', 'Two city caps on adjacent sides', 'CFFC', [city('N'), city('W'), field('ENE ESE SSE SSW', [0, 1])]),
    tile('J', 'City cap, road curving east to south', 'CRRF', [city('N'), road('E S'), field('ENE SSW WSW WNW', [0]), field('ESE SSE')]),
    tile('K', 'City cap, road curving south to west', 'CFRR', [city('N'), road('S W'), field('ENE ESE SSE WNW', [0]), field('SSW WSW')]),
    tile('L', 'City cap, three roads meeting at a junction', 'CRRR', [
      city('N'),
      road('E'),
      road('S'),
      road('W'),
      field('ENE WNW', [0]),
      field('ESE SSE'),
      field('SSW WSW'),
    ]),
    tile('M', 'City on two adjacent sides, pennant', 'CFFC', [city('N W', 1), field('ENE ESE SSE SSW', [0])]),
    tile('N', 'City on two adjacent sides', 'CFFC', [city('N W'), field('ENE ESE SSE SSW', [0])]),
    tile('O', 'City on two adjacent sides, road curving on the others, pennant', 'CRRC', [
      city('N W', 1),
      road('E S'),
      field('ENE SSW', [0]),
      field('ESE SSE'),
    ]),
    tile('P', 'City on two adjacent sides, road curving on the others', 'CRRC', [
      city('N W'),
      road('E S'),
      field('ENE SSW', [0]),
      field('ESE SSE'),
    ]),
    tile('Q', 'City on three sides, pennant', 'CCFC', [city('N E W', 1), field('SSE SSW', [0])]),
    tile('R', 'City on three sides', 'CCFC', [city('N E W'), field('SSE SSW', [0])]),
    tile('S', 'City on three sides, road ending at it, pennant', 'CCRC', [
      city('N E W', 1),
      road('S'),
      field('SSE', [0]),
      field('SSW', [0]),
    ]),
    tile('T', 'City on three sides, road ending at it', 'CCRC', [city('N E W'), road('S'), field('SSE', [0]), field('SSW', [0])]),
    tile('U', 'Straight road', 'FRFR', [road('E W'), field('NNW NNE ENE WNW'), field('ESE SSE SSW WSW')]),
    tile('V', 'Curved road', 'FFRR', [road('S W'), field('NNW NNE ENE ESE SSE WNW'), field('SSW WSW')]),
    tile('W', 'Three roads meeting at a junction', 'FRRR', [
      road('E'),
      road('S'),
      road('W'),
      field('NNW NNE ENE WNW'),
      field('ESE SSE'),
      field('SSW WSW'),
    ]),
    tile('X', 'Four roads meeting at a crossroads', 'RRRR', [
      road('N'),
      road('E'),
      road('S'),
      road('W'),
      field('NNW WNW'),
      field('NNE ENE'),
      field('ESE SSE'),
      field('SSW WSW'),
    ]),
  ];
  return baseTilesCache;
}

/** The base game: 72 tiles, start tile D, 7 followers per player. */
export const BASE_SET: TileSetDef = {
  name: 'base',
  title: 'Carcassonne base game (72 tiles)',
  // biome-ignore format: a table, eight tile types a line
  counts: [
    ['A', 2], ['B', 4], ['C', 1], ['D', 4], ['E', 5], ['F', 2], ['G', 1], ['H', 3],
    ['I', 2], ['J', 3], ['K', 3], ['L', 3], ['M', 2], ['N', 3], ['O', 2], ['P', 3],
    ['Q', 1], ['R', 3], ['S', 2], ['T', 1], ['U', 8], ['V', 9], ['W', 4], ['X', 1],
  ],
  startTile: 'D',
  meeples: 7,
};
