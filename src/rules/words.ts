import { tileSetTileName } from '../tiles/names.js';
import type { ModuleWords } from './facets.js';
import { words as table } from './table/words.js';
import { RULE_MODULES, registeredExpansions } from './registry.js';

let words: { readonly registry: unknown; readonly list: readonly ModuleWords[] } | undefined;

/**
 * The words of every registered expansion and house rule with tile names or words on the text
 * board, in registry order: apart from the modules' rules, so that a bundle that plays carries no
 * words but its expansions'.
 */
export function wordsOf(): readonly ModuleWords[] {
  if (words?.registry !== RULE_MODULES)
    words = { registry: RULE_MODULES, list: [...registeredExpansions().flatMap((e) => (e.words === undefined ? [] : [e.words])), table] };
  return words.list;
}

/** The name of a tile type (`tileDefinition`'s `name`), or `''` for an unknown id. */
export function tileName(id: string): string {
  const own = tileSetTileName(id);
  if (own !== '') return own;
  for (const m of wordsOf()) {
    const name = m.name?.(id, tileName);
    if (name !== undefined) return name;
  }
  return '';
}
