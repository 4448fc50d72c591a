import { city, cloister, field, road, tile } from './define.js';
import type { TileDef, TileSetDef } from './tile-types.js';

let baseTilesCache: readonly TileDef[] | undefined;

/**
 * The 24 tile types of the base game, by their wikicarpedia letters, each in its printed
 * orientation. Topology and counts are the same in the first (2000), second (2014) and third
 * (2021) printings.
 */
export function baseTiles(): readonly TileDef[] {
  baseTilesCache ??= [
    tile('A', 'FFRF', [cloister(), road('S'), field('NNW NNE ENE ESE SSE SSW WSW WNW')]),
    tile('B', 'FFFF', [cloister(), field('NNW NNE ENE ESE SSE SSW WSW WNW')]),
    tile('C', 'CCCC', [city('N E S W', 1)]),
    tile('D', 'CRFR', [city('N'), road('E W'), field('ENE WNW', [0]), field('ESE SSE SSW WSW')]),
    tile('E', 'CFFF', [city('N'), field('ENE ESE SSE SSW WSW WNW', [0])]),
    tile('F', 'FCFC', [city('E W', 1), field('NNW NNE', [0]), field('SSE SSW', [0])]),
    tile('G', 'FCFC', [city('E W'), field('NNW NNE', [0]), field('SSE SSW', [0])]),
    tile('H', 'CFCF', [city('N'), city('S'), field('ENE ESE WSW WNW', [0, 1])]),
    tile('I', 'CFFC', [city('N'), city('W'), field('ENE ESE SSE SSW', [0, 1])]),
    tile('J', 'CRRF', [city('N'), road('E S'), field('ENE SSW WSW WNW', [0]), field('ESE SSE')]),
    tile('K', 'CFRR', [city('N'), road('S W'), field('ENE ESE SSE WNW', [0]), field('SSW WSW')]),
    tile('L', 'CRRR', [city('N'), road('E'), road('S'), road('W'), field('ENE WNW', [0]), field('ESE SSE'), field('SSW WSW')]),
    tile('M', 'CFFC', [city('N W', 1), field('ENE ESE SSE SSW', [0])]),
    tile('N', 'CFFC', [city('N W'), field('ENE ESE SSE SSW', [0])]),
    tile('O', 'CRRC', [city('N W', 1), road('E S'), field('ENE SSW', [0]), field('ESE SSE')]),
    tile('P', 'CRRC', [city('N W'), road('E S'), field('ENE SSW', [0]), field('ESE SSE')]),
    tile('Q', 'CCFC', [city('N E W', 1), field('SSE SSW', [0])]),
    tile('R', 'CCFC', [city('N E W'), field('SSE SSW', [0])]),
    tile('S', 'CCRC', [city('N E W', 1), road('S'), field('SSE', [0]), field('SSW', [0])]),
    tile('T', 'CCRC', [city('N E W'), road('S'), field('SSE', [0]), field('SSW', [0])]),
    tile('U', 'FRFR', [road('E W'), field('NNW NNE ENE WNW'), field('ESE SSE SSW WSW')]),
    tile('V', 'FFRR', [road('S W'), field('NNW NNE ENE ESE SSE WNW'), field('SSW WSW')]),
    tile('W', 'FRRR', [road('E'), road('S'), road('W'), field('NNW NNE ENE WNW'), field('ESE SSE'), field('SSW WSW')]),
    tile('X', 'RRRR', [road('N'), road('E'), road('S'), road('W'), field('NNW WNW'), field('NNE ENE'), field('ESE SSE'), field('SSW WSW')]),
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
