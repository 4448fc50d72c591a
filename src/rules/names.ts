import { tileSetTileName } from '../tiles/names.js';
import type { TileNames } from './facets.js';
import { tileNames as abbot } from './abbot/names.js';
import { tileNames as innsCathedrals } from './inns-cathedrals/names.js';
import { tileNames as river } from './river/names.js';
import { tileNames as tradersBuilders } from './traders-builders/names.js';

/**
 * The tile names of every module with tiles, in registry order (one line a module;
 * `tests/package/layers.test.ts` holds it to the registry): apart from the modules, so that a
 * bundle that plays carries no names.
 */
export const TILE_NAMES: readonly TileNames[] = [river, abbot, innsCathedrals, tradersBuilders];

/** The name of a tile type (`tileDefinition`'s `name`), or `''` for an unknown id. */
export function tileName(id: string): string {
  const own = tileSetTileName(id);
  if (own !== '') return own;
  for (const m of TILE_NAMES) {
    const name = m.name(id, tileName);
    if (name !== undefined) return name;
  }
  return '';
}
