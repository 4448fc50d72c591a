import { city, cloister, field, road, tile } from './define.js';
import type { TileDef, TileSetDef } from './tile-types.js';

let pnpExtraTilesCache: readonly TileDef[] | undefined;

/**
 * The two Inns & Cathedrals tile types that the print-and-play demo uses, under their
 * Inns & Cathedrals ids.
 */
export function pnpExtraTiles(): readonly TileDef[] {
  pnpExtraTilesCache ??= [
    tile('IC-D', 'FRFR', [cloister(), road('E'), road('W'), field('NNW NNE ENE WNW'), field('ESE SSE SSW WSW')]),
    tile('IC-J', 'CFRF', [city('N'), road('S'), field('SSW WSW WNW', [0]), field('ENE ESE SSE', [0])]),
  ];
  return pnpExtraTilesCache;
}

/**
 * The print-and-play demo (Hans im Glück, 2020; the "Carcassonne for 2" distribution): 48 tiles,
 * 5 followers per player. Its letters A–V are mapped to the tiles they equal following the
 * reading that matches every count on the print-and-play rule page (see docs/rules.md).
 */
export const PNP_DEMO_SET: TileSetDef = {
  name: 'pnp-demo',
  title: 'Print-and-play demo (48 tiles)',
  // biome-ignore format: a table, eight tile types a line
  counts: [
    ['A', 1], ['B', 2], ['IC-D', 1], ['D', 4], ['E', 2], ['IC-J', 1], ['F', 2], ['G', 1],
    ['H', 2], ['I', 3], ['J', 2], ['K', 2], ['L', 2], ['N', 4], ['O', 2], ['P', 1],
    ['Q', 1], ['S', 2], ['T', 1], ['U', 5], ['V', 4], ['W', 3],
  ],
  startTile: 'D',
  meeples: 5,
};
