import { BASE_SET } from './base.js';
import { PNP_DEMO_SET } from './pnp-demo.js';
import type { TileSetDef, TileSetName } from './tile-types.js';

/**
 * Every tile set, by name.
 *
 * @example
 * ```ts
 * import { TILE_SETS } from 'carcassonne-engine';
 *
 * const base = TILE_SETS.base;
 * console.log(base.counts.reduce((n, [, c]) => n + c, 0), base.startTile, base.meeples); // → 72 D 7
 * console.log(TILE_SETS['pnp-demo'].title); // → Print-and-play demo (48 tiles)
 * ```
 */
export const TILE_SETS: Readonly<Record<TileSetName, TileSetDef>> = {
  base: BASE_SET,
  'pnp-demo': PNP_DEMO_SET,
};
