import { tileSetTileName } from '../tiles/names.js';
import type { ModuleWords } from './facets.js';
import { words as abbot } from './abbot/words.js';
import { words as innsCathedrals } from './inns-cathedrals/words.js';
import { words as river } from './river/words.js';
import { words as table } from './table/words.js';
import { words as tradersBuilders } from './traders-builders/words.js';
import { words as tower } from './tower/words.js';

/**
 * The words of every module with tile names or words on the text board, in registry order (one
 * line a module; `tests/package/layers.test.ts` holds it to the registry): apart from the
 * modules, so that a bundle that plays carries no words, and from their looks, so that one that
 * names tiles carries no pictures.
 */
export const WORDS: readonly ModuleWords[] = [river, abbot, innsCathedrals, tradersBuilders, tower, table];

/** The name of a tile type (`tileDefinition`'s `name`), or `''` for an unknown id. */
export function tileName(id: string): string {
  const own = tileSetTileName(id);
  if (own !== '') return own;
  for (const m of WORDS) {
    const name = m.name?.(id, tileName);
    if (name !== undefined) return name;
  }
  return '';
}
